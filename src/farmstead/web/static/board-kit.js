// Helpers every board module shares (the game's own board.js imports them from here):
// seat colours and names, finding legal actions by their JSON, zoom and pan. Nothing here knows
// a rule.
import { NAMED_COLOURS, SEAT_COLOURS, h } from "/static/api.js";

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

// --- zoom and pan for boards that grow --------------------------------------------------
// A board re-renders on every update; its zoom (scale and centre, in the board's own units)
// is kept per key (e.g. the match), so a zoomed-in view survives the next move.
const zoomStates = new Map();
const ZOOM_MAX = 6;
const DRAG_SLOP = 6; // px a pointer may move and still click

function clamp(x, lo, hi) {
  return Math.min(hi, Math.max(lo, x));
}

/** Wrap ``svgEl`` (which has a viewBox: the whole board) in a zoomable view: the wheel and a
 * two-finger pinch zoom at the pointer, a drag pans once zoomed in, and buttons zoom in, out
 * and back to the whole board. Clicks on the board still work (a drag never clicks). Returns
 * the wrapper element to insert instead of ``svgEl``. */
export function zoomable(svgEl, key) {
  const [bx, by, bw, bh] = svgEl.getAttribute("viewBox").trim().split(/[\s,]+/).map(Number);
  const state = zoomStates.get(key) || { scale: 1, cx: bx + bw / 2, cy: by + bh / 2 };
  zoomStates.set(key, state);
  const wrap = h("div", { class: "zoomable" });
  const apply = () => {
    state.scale = clamp(state.scale, 1, ZOOM_MAX);
    const w = bw / state.scale;
    const ht = bh / state.scale;
    state.cx = clamp(state.cx, bx + w / 2, bx + bw - w / 2);
    state.cy = clamp(state.cy, by + ht / 2, by + bh - ht / 2);
    svgEl.setAttribute("viewBox", `${state.cx - w / 2} ${state.cy - ht / 2} ${w} ${ht}`);
    // Zoomed in, one finger pans the board; at full view it scrolls the page.
    svgEl.style.touchAction = state.scale > 1.001 ? "none" : "pan-x pan-y";
    wrap.dataset.zoom = state.scale.toFixed(2);
    out.disabled = state.scale <= 1.001;
    fit.disabled = state.scale <= 1.001;
    inn.disabled = state.scale >= ZOOM_MAX - 0.001;
  };
  const toBoard = (x, y) => {
    const m = svgEl.getScreenCTM();
    if (!m) return { x: state.cx, y: state.cy };
    const p = new DOMPoint(x, y).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const zoomAt = (factor, x, y) => {
    const p = toBoard(x, y);
    const old = state.scale;
    state.scale = clamp(old * factor, 1, ZOOM_MAX);
    const k = old / state.scale;
    state.cx = p.x + (state.cx - p.x) * k;
    state.cy = p.y + (state.cy - p.y) * k;
    apply();
  };
  const centre = () => {
    const r = svgEl.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const inn = h("button", { class: "zoom-in small", type: "button", title: "Zoom in", "aria-label": "zoom in", onclick: () => zoomAt(1.5, ...centre()) }, "+");
  const out = h("button", { class: "zoom-out small", type: "button", title: "Zoom out", "aria-label": "zoom out", onclick: () => zoomAt(1 / 1.5, ...centre()) }, "−");
  const fit = h("button", { class: "zoom-fit small", type: "button", title: "Show the whole board", "aria-label": "show the whole board", onclick: () => { state.scale = 1; apply(); } }, "Whole board");

  svgEl.addEventListener("wheel", (e) => {
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX, e.clientY);
  }, { passive: false });

  const pointers = new Map(); // pointerId -> {x, y}
  let moved = 0;
  let pinch = null; // {distance}
  const onMove = (e) => {
    if (!pointers.has(e.pointerId)) return;
    const before = pointers.get(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch && distance > 0 && pinch.distance > 0) zoomAt(distance / pinch.distance, (a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch = { distance };
      moved += DRAG_SLOP + 1;
      return;
    }
    const dx = e.clientX - before.x;
    const dy = e.clientY - before.y;
    moved += Math.abs(dx) + Math.abs(dy);
    if (state.scale > 1.001 && moved > DRAG_SLOP) {
      const r = svgEl.getBoundingClientRect();
      const unit = Math.max((bw / state.scale) / r.width, (bh / state.scale) / r.height);
      state.cx -= dx * unit;
      state.cy -= dy * unit;
      apply();
    }
  };
  const onUp = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
    }
  };
  svgEl.addEventListener("pointerdown", (e) => {
    if (!pointers.size) {
      moved = 0;
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", onUp);
      window.addEventListener("pointercancel", onUp);
    }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  });
  // A drag or a pinch is not a click on what lies under the pointer.
  svgEl.addEventListener("click", (e) => {
    if (moved > DRAG_SLOP) {
      e.stopPropagation();
      e.preventDefault();
      moved = 0;
    }
  }, true);

  wrap.append(svgEl, h("div", { class: "zoom-controls" }, out, inn, fit));
  apply();
  return wrap;
}
