// Helpers every board module shares (the game's own board.js imports them from here):
// seat colours and names, and finding legal actions by their JSON. Nothing here knows a rule.
import { NAMED_COLOURS, SEAT_COLOURS } from "/static/api.js";

/** A seat's colour: the colour the observation names for it (`seats[i].colour` or
 * `colours[i]`), else the seat's default colour. */
export function seatColour(obs, seat) {
  const named =
    (obs && Array.isArray(obs.seats) && obs.seats[seat] && obs.seats[seat].colour) ||
    (obs && Array.isArray(obs.colours) && obs.colours[seat]);
  return (named && NAMED_COLOURS[named]) || SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** A seat's name as the match lists it ("Seat 2" when it has none). */
export function seatName(view, seat) {
  const s = view.match && view.match.seats[seat];
  return s ? s.name : `Seat ${seat + 1}`;
}

/** The legal actions grouped by their JSON `type`. */
export function byType(legal) {
  const out = {};
  for (const a of legal) {
    const t = a.json && a.json.type;
    (out[t] = out[t] || []).push(a);
  }
  return out;
}

/** The legal action whose JSON has every field of `want` (compared by value), or null. */
export function findLegal(legal, want) {
  return (
    legal.find(
      (a) =>
        a.json &&
        typeof a.json === "object" &&
        Object.entries(want).every(([k, v]) => JSON.stringify(a.json[k]) === JSON.stringify(v)),
    ) || null
  );
}

/** Whether a colour ("#rrggbb") is so light that it needs a dark edge on the pale page. */
export function isLight(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return false;
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.8;
}

/** A dark edge to draw around a seat's colour when that colour is light (e.g. white on the
 * cream page), else null. */
export function seatEdge(obs, seat) {
  return isLight(seatColour(obs, seat)) ? "#4a4840" : null;
}
