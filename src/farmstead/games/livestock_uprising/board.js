// Livestock Uprising board: the farm grid as SVG tiles, barns and pieces by faction colour; a
// decision panel, a battle panel, the troop supply for marshaling, and the player's cards.
//
// Follows the board module interface documented in /static/board-generic.js. Unit, card and
// tile names, stats, costs and provenance come from the game's data files
// (GET /api/games/livestock_uprising/data). The board knows no rule: what may be done comes
// from the seat's legal actions (ids, labels, JSON). Clicking a piece sends PIECE, clicking a
// highlighted cell sends the STEP, FLY, RETREAT or CELL action that leads there; every other
// legal action is a button in the decision panel (or a card, a unit, a troop in the supply).
import { api, h, svg } from "/static/api.js";
import { byType, inkOn, markChanged, previousObservation, seatColour, seatMark, seatName } from "/static/board-kit.js";

const CELL = 64; // SVG units per cell
const DELTAS = { N: [-1, 0], NE: [-1, 1], E: [0, 1], SE: [1, 1], S: [1, 0], SW: [1, -1], W: [0, -1], NW: [-1, -1] };
const TILE_FILL = {
  grass: "#9fd17a", hay: "#e9d27a", corn: "#f2c14e", carrot: "#f29b4e", apple: "#d9685b",
  empty: "#d8d2bf", forest: "#3f7d45", lake: "#6fa8dc", barn: "#b9a48c",
};
const TILE_MARK = { grass: "grass", hay: "hay", corn: "corn", carrot: "carrot", apple: "apple", empty: "", forest: "forest", lake: "lake" };
const PHASE_WORDS = {
  choose_faction: "choosing a faction", place_barn: "placing a barn", action: "the Action Phase",
  move: "moving a piece", forming: "forming a Super Army", harvest: "the Harvest Phase",
  marshal: "marshaling", marshal_target: "placing a new unit", transfer: "the Transfer Phase",
  transfer_unit: "choosing a unit to transfer", transfer_target: "choosing who receives it",
  card_target: "playing a card", ambush: "an Ambush chance", join: "a joint attack",
  window: "a card window in battle", keep: "Fortune of War", casualty: "choosing a casualty",
  retreat: "choosing a retreat", plunder: "taking tokens", post_step: "Egg Bomber's step",
  over: "game over",
};

/** Names, stats, costs, texts and provenance of units and cards, from the data files. */
export async function setup(game) {
  const data = await api(`/api/games/${encodeURIComponent(game.name)}/data`);
  const units = {};
  const cards = {};
  const factions = {};
  for (const item of data.items) {
    const v = item.value;
    if (item.file === "troops.toml" || item.file === "special_forces.toml") {
      if (v.name) units[item.name] = { ...v, provenance: item.provenance };
    } else if (item.file === "command_cards.toml" || item.file === "battle_plans.toml") {
      cards[item.name] = { ...v, provenance: item.provenance, words: item.words || {} };
    } else if (item.file === "factions.toml") {
      factions[item.name] = v;
    }
  }
  return { units, cards, factions };
}

export function help() {
  return h("div", {},
    h("p", {}, "On your turn: act with each General (click it, then click a lit cell to step or attack), harvest, marshal troops from the supply, then transfer a unit between neighbouring Generals."),
    h("p", {}, "Battles add the units' attack or defence to a die. Command cards can be played when a button offers them, some on other players' turns."),
    h("p", {}, "Gather all your Generals in your barn to form a Super Army. The last faction standing wins; after the round limit the strongest army wins."));
}

function factionColour(data, obs, seat) {
  return seatColour(obs, seat); // the barn's colour, named in the observation's seats
}

// Each faction's pieces have their own shape, so no piece is told apart by colour alone.
const SHAPES = ["circle", "square", "diamond", "hexagon"];
const SHAPE_WORDS = { circle: "circles", square: "squares", diamond: "diamonds", hexagon: "hexagons" };
const COLOUR_WORDS = { blue: "blue", red: "red", green: "green", black: "black", orange: "orange", purple: "purple", yellow: "yellow", white: "white" };

function factionShape(data, obs, seat) {
  const code = obs.factions[seat];
  const index = code ? Object.keys(data.factions).indexOf(code) : -1;
  return SHAPES[(index >= 0 ? index : seat) % SHAPES.length];
}

/** The faction's name ("Goats"), or the seat's number before it has one. */
function factionWords(data, obs, seat) {
  const code = seat >= 0 ? obs.factions[seat] : null;
  const f = code && data.factions[code];
  return f ? f.name : `Seat ${seat + 1}`;
}

function possessive(name) {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

/** The piece's last part: "G1", "G2", "G3" (a General's stars) or "SA" (a Super Army). */
function pieceSlot(name) {
  return name.split("-").pop();
}

/** "Goats' 1-star General", "Cows' Super Army". */
function pieceWords(data, obs, name) {
  const who = possessive(factionWords(data, obs, seatOfPiece(obs, name)));
  const slot = pieceSlot(name);
  return slot === "SA" ? `${who} Super Army` : `${who} ${slot.slice(1)}-star General`;
}

/** What is on the token itself: the General's stars, or SA for a Super Army. */
function pieceMark(name) {
  const slot = pieceSlot(name);
  return slot === "SA" ? "SA" : `${slot.slice(1)}★`;
}

function unitNames(data, p) {
  return p.units.map((u) => (data.units[u] ? data.units[u].name : "a unit")).join(", ") || "no units";
}

/** A shape of "radius" r around (cx, cy), staying within 1.15 r of the centre. */
function shapeEl(kind, cx, cy, r, attrs) {
  if (kind === "square") {
    const s = r * 0.95;
    return svg("rect", { x: cx - s, y: cy - s, width: 2 * s, height: 2 * s, rx: r * 0.2, ...attrs });
  }
  if (kind === "diamond") {
    const d = r * 1.15;
    return svg("polygon", { points: `${cx},${cy - d} ${cx + d},${cy} ${cx},${cy + d} ${cx - d},${cy}`, ...attrs });
  }
  if (kind === "hexagon") {
    const d = r * 1.1;
    const pts = [0, 1, 2, 3, 4, 5].map((k) => {
      const a = (Math.PI / 3) * k;
      return `${(cx + d * Math.cos(a)).toFixed(2)},${(cy + d * Math.sin(a)).toFixed(2)}`;
    });
    return svg("polygon", { points: pts.join(" "), ...attrs });
  }
  return svg("circle", { cx, cy, r: r * 1.05, ...attrs });
}

/** A token: a light ring with a dark edge (seen on every tile), the faction's colour in the
 * faction's shape, the stars (or SA) on it, and "attack/defence" below it. */
function token(kind, colour, cx, cy, r, mark, stats, font) {
  const parts = [
    shapeEl(kind, cx, cy, r + 2.4, { class: "halo" }),
    shapeEl(kind, cx, cy, r, { class: "body", fill: colour }),
    svg("text", { x: cx, y: cy + r * 0.36, class: "piece-label", "font-size": (r * 0.95).toFixed(1) }, mark),
  ];
  if (stats !== null) parts.push(svg("text", { x: cx, y: cy + (r + 2.4) * 1.15 + font * 0.75, class: "piece-stats", "font-size": font }, stats));
  return parts;
}

/** Where the pieces of one cell go (relative to the cell): side by side, never on top of each
 * other; with a count of the pieces when there is room. */
function stackLayout(n) {
  if (n <= 1) return { slots: [{ x: CELL / 2, y: 24, r: 13, font: 10 }], count: null };
  if (n === 2) return { slots: [{ x: 16, y: 15, r: 11, font: 9 }, { x: 48, y: 15, r: 11, font: 9 }], count: { x: 32, y: 53 } };
  const rows = Math.ceil(n / 2);
  const height = CELL / rows;
  const r = rows === 2 ? 7.5 : Math.max(3, (height - 6) / 3.6);
  const font = rows === 2 ? 8 : Math.max(4, r);
  const slots = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / 2);
    slots.push({ x: 16 + 32 * (i % 2), y: row * height + 1 + 1.15 * r, r, font });
  }
  return { slots, count: n % 2 ? { x: 48, y: (rows - 1) * height + height / 2 + 3 } : null };
}

function badge(provenance) {
  return h("span", { class: `badge ${provenance}`, title: `${provenance} value` }, provenance);
}

function cellOf(piece) {
  return piece.cell ? `${piece.cell[0]},${piece.cell[1]}` : null;
}

function seatOfPiece(obs, name) {
  return obs.factions.indexOf(name.split("-")[0]);
}

/** The cell a direction leads to from `cell` (geometry only; legality is the server's). */
function stepCell(cell, dir) {
  const [dr, dc] = DELTAS[dir];
  return [cell[0] + dr, cell[1] + dc];
}

// --- the board ------------------------------------------------------------------------------
export function render(container, view, ctx) {
  const obs = view.observation;
  const data = ctx.data;
  if (!obs || !obs.tiles) {
    container.replaceChildren(h("p", {}, "Waiting for the game to start."));
    return;
  }
  const legal = view.toAct && !view.replay ? view.legal : [];
  const types = byType(legal);
  const side = obs.tiles.length;
  const act = (a) => ctx.act(a.id);

  // Pieces by cell; the piece acting now.
  const byCell = new Map();
  for (const p of obs.pieces) {
    const key = cellOf(p);
    if (!key) continue;
    if (!byCell.has(key)) byCell.set(key, []);
    byCell.get(key).push(p);
  }
  const turn = obs.turn;
  const active = turn && turn.piece && obs.factions[obs.active] ? `${obs.factions[obs.active]}-${turn.piece}` : null;
  const activePiece = active && obs.pieces.find((p) => p.piece === active);

  // Cells the legal actions lead to: cell key -> actions.
  const targets = new Map();
  const addTarget = (cell, a) => {
    const key = `${cell[0]},${cell[1]}`;
    if (!targets.has(key)) targets.set(key, []);
    targets.get(key).push(a);
  };
  for (const a of [...(types.STEP || []), ...(types.FLY || [])]) {
    const from = obs.phase === "post_step" && obs.battle ? obs.pieces.find((p) => p.piece === obs.battle.attacker) : activePiece;
    if (from && from.cell) addTarget(stepCell(from.cell, a.json.dir), a);
  }
  for (const a of types.RETREAT || []) {
    const defender = obs.battle && obs.pieces.find((p) => p.piece === obs.battle.defenders[0]);
    if (defender && defender.cell) addTarget(stepCell(defender.cell, a.json.dir), a);
  }
  for (const a of types.CELL || []) addTarget(a.json.cell, a);
  // Pieces the legal actions name: piece name -> action.
  const pieceActions = new Map();
  const deciderCode = obs.decider !== null ? obs.factions[obs.decider] : null;
  for (const a of types.PIECE || []) if (deciderCode) pieceActions.set(`${deciderCode}-${a.json.piece}`, a);

  // --- the farm ---------------------------------------------------------------------------
  const board = svg("svg", { class: "lu-board", viewBox: `-20 -20 ${side * CELL + 24} ${side * CELL + 24}`, role: "group", "aria-label": "the farm" }); // a group: its lit cells and pieces are buttons
  for (let c = 0; c < side; c++) board.append(svg("text", { x: c * CELL + CELL / 2, y: -6, class: "coord" }, String(c)));
  for (let r = 0; r < side; r++) board.append(svg("text", { x: -10, y: r * CELL + CELL / 2 + 4, class: "coord" }, String(r)));
  const scorched = new Set((obs.scorched || []).map((s) => `${s.cell[0]},${s.cell[1]}`));
  const barnOwner = new Map(obs.barns.map((b, seat) => [b ? `${b[0]},${b[1]}` : null, seat]));
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const tile = obs.tiles[r][c];
      const key = `${r},${c}`;
      const x = c * CELL;
      const y = r * CELL;
      const g = svg("g", { class: "tile", "data-cell": key, "data-tile": tile || "none" });
      if (tile === null) {
        g.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: "face-down" }));
      } else {
        const owner = tile === "barn" ? barnOwner.get(key) : undefined;
        g.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: TILE_FILL[tile] || "#ccc" }));
        if (tile === "barn" && owner !== undefined) {
          const colour = factionColour(data, obs, owner);
          g.append(svg("path", { d: `M${x + 12},${y + 34} L${x + 32},${y + 14} L${x + 52},${y + 34} L${x + 52},${y + 56} L${x + 12},${y + 56} Z`, fill: colour, class: "barn" }));
          // The owner's seat number on the barn: its colour is not the only cue.
          g.append(svg("text", { x: x + 32, y: y + 50, class: "barn-seat", fill: inkOn(colour) }, seatMark(owner)));
        } else if (TILE_MARK[tile]) {
          g.append(svg("text", { x: x + 4, y: y + 11, class: "tile-name" }, TILE_MARK[tile]));
        }
        if (scorched.has(key)) g.append(svg("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, class: "scorched" }));
      }
      const here = (byCell.get(key) || []).length;
      g.append(svg("title", {}, `(${r}, ${c}) ${tile || "face down"}${scorched.has(key) ? ", scorched" : ""}${here > 1 ? `, ${here} pieces` : ""}`));
      board.append(g);
    }
  }
  // Pieces: those sharing a cell side by side, each with its own ring, stars and numbers.
  for (const [key, pieces] of byCell) {
    const [r, c] = key.split(",").map(Number);
    const layout = stackLayout(pieces.length);
    pieces.forEach((p, i) => {
      const seat = seatOfPiece(obs, p.piece);
      const slot = layout.slots[i];
      const cx = c * CELL + slot.x;
      const cy = r * CELL + slot.y;
      const a = pieceActions.get(p.piece);
      const isActive = p.piece === active;
      const shape = factionShape(data, obs, seat);
      const words = `${pieceWords(data, obs, p.piece)}: attack ${p.atk}, defence ${p.def}; ${unitNames(data, p)}${p.fortified ? "; fortified" : ""}${isActive ? "; acting now" : ""}`;
      const g = svg("g", {
        class: `piece${a ? " selectable" : ""}${isActive ? " active" : ""}${p.fortified ? " fortified" : ""}`,
        "data-piece": p.piece,
        "data-cell": key,
        "data-shape": shape,
        tabindex: a ? 0 : null,
        role: a ? "button" : "img",
        "aria-label": a ? `${words}. ${a.label}` : words,
        onclick: a ? () => act(a) : null,
        onkeydown: a ? (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), act(a)) : null,
      }, token(shape, factionColour(data, obs, seat), cx, cy, pieceSlot(p.piece) === "SA" && pieces.length === 1 ? slot.r * 1.15 : slot.r, pieceMark(p.piece), `${p.atk}/${p.def}`, slot.font),
      svg("title", {}, words));
      board.append(g);
    });
    if (layout.count) {
      const x = c * CELL + layout.count.x;
      const y = r * CELL + layout.count.y;
      board.append(svg("g", { class: "stack-count", "aria-hidden": "true" },
        svg("rect", { x: x - 14, y: y - 7, width: 28, height: 11, rx: 5.5 }),
        svg("text", { x, y: y + 1 }, `${pieces.length} here`)));
    }
  }
  // Target cells.
  for (const [key, actions] of targets) {
    const [r, c] = key.split(",").map(Number);
    const primary = actions[0];
    const attack = primary.label.startsWith("Attack");
    const g = svg("g", {
      class: `target${attack ? " attack" : ""}`, "data-target": key, tabindex: 0, role: "button", "aria-label": actions.map((a) => a.label).join(" or "),
      onclick: () => (actions.length === 1 ? act(primary) : chooser(container, actions, act)),
      onkeydown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), actions.length === 1 ? act(primary) : chooser(container, actions, act)),
    }, svg("rect", { x: c * CELL + 5, y: r * CELL + 5, width: CELL - 10, height: CELL - 10, rx: 8 }), svg("title", {}, actions.map((a) => a.label).join(" / ")));
    board.append(g);
  }

  // --- panels -------------------------------------------------------------------------------
  const handled = new Set([...targets.values()].flat().map((a) => a.id));
  for (const a of pieceActions.values()) handled.add(a.id);
  const cards = cardsPanel(view, data, types, act, handled);
  const supply = supplyPanel(view, data, types, act, handled);
  const sidebar = h("div", { class: "lu-side" },
    decisionPanel(view, data, legal, handled, act),
    battlePanel(view, data),
    cards,
    supply,
    factionsPanel(view, data));
  container.replaceChildren(h("div", { class: "livestock-uprising", dataset: { phase: obs.phase, decider: String(obs.decider), mine: String(!!legal.length) } },
    h("div", { class: "lu-main" }, board, legendPanel(view, data)), sidebar));
  const before = previousObservation(container, view);
  if (before) animateChanges(container, before, obs);
}

/** What changed since the observation drawn before, shown briefly (board-kit's markChanged):
 * a piece that moved slides from its old cell, a piece that appeared pops in, units lost in a
 * battle flash red at their cell with "−n" (a piece gone: at its last cell), units gained
 * flash green with "+n". Only the two observations are compared: no rule is worked out here. */
function animateChanges(container, before, obs) {
  if (!Array.isArray(before.pieces)) return;
  const old = new Map(before.pieces.map((p) => [p.piece, p]));
  const units = (p) => (Array.isArray(p.units) ? p.units.length : 0);
  const tileAt = (cell) => container.querySelector(`.lu-board .tile[data-cell="${cell[0]},${cell[1]}"]`);
  const top = (cell) => [cell[1] * CELL + CELL / 2, cell[0] * CELL + 12];
  const seen = new Set();
  for (const p of obs.pieces) {
    seen.add(p.piece);
    if (!p.cell) continue;
    const g = container.querySelector(`.lu-board .piece[data-piece="${CSS.escape(p.piece)}"]`);
    if (!g) continue;
    const was = old.get(p.piece);
    if (!was || !was.cell) {
      markChanged(g, "pop");
      continue;
    }
    const moved = was.cell[0] !== p.cell[0] || was.cell[1] !== p.cell[1];
    if (moved) markChanged(g, "slide", { from: [(was.cell[1] - p.cell[1]) * CELL, (was.cell[0] - p.cell[0]) * CELL] });
    const n = units(p) - units(was);
    if (n < 0) markChanged(tileAt(p.cell), "loss", { delta: `−${-n}`, at: top(p.cell) });
    else if (n > 0 && !moved) markChanged(g, "gain", { delta: `+${n}`, at: top(p.cell) });
  }
  for (const was of before.pieces) {
    const now = obs.pieces.find((p) => p.piece === was.piece);
    if (!was.cell || (now && now.cell) || (!now && seen.has(was.piece))) continue;
    markChanged(tileAt(was.cell), "loss", { delta: `−${units(was) + 1}`, at: top(was.cell) });
  }
}

/** A small menu when one cell stands for several actions (a Sky Hen attacks or flies over). */
function chooser(container, actions, act) {
  const old = container.querySelector(".lu-chooser");
  if (old) old.remove();
  const menu = h("div", { class: "lu-chooser", role: "menu" },
    actions.map((a) => h("button", { role: "menuitem", onclick: () => { menu.remove(); act(a); } }, a.label)),
    h("button", { class: "cancel", role: "menuitem", onclick: () => menu.remove() }, "Cancel"));
  container.append(menu);
  menu.querySelector("button").focus(); // from the keyboard: on to the choices
}

function decisionPanel(view, data, legal, handled, act) {
  const obs = view.observation;
  const who = obs.decider !== null && obs.decider !== undefined ? seatName(view, obs.decider) : "";
  const lines = [];
  if (obs.phase === "over") {
    const names = obs.winners.map((s) => seatName(view, s));
    lines.push(h("p", { class: "result" }, `Game over: ${names.join(" and ")} ${names.length > 1 ? "share the win" : "wins"}.`));
  } else if (legal.length) {
    lines.push(h("p", { class: "prompt" }, h("strong", {}, "Your decision: "), PHASE_WORDS[obs.phase] || obs.phase.replace(/_/g, " ")));
  } else {
    lines.push(h("p", { class: "prompt muted" }, who ? `${who}: ${PHASE_WORDS[obs.phase] || obs.phase.replace(/_/g, " ")}` : PHASE_WORDS[obs.phase] || obs.phase.replace(/_/g, " ")));
  }
  const buttons = legal.filter((a) => !handled.has(a.id));
  const row = h("div", { class: "lu-actions" }, buttons.map((a) =>
    h("button", { class: `lu-action ${a.json.type.toLowerCase()}`, "data-action": a.id, "data-type": a.json.type, onclick: () => act(a) }, a.label)));
  const turn = obs.turn;
  const info = [];
  info.push(h("span", {}, `Round ${obs.round} of ${obs.round_limit}`));
  if (turn && turn.piece) info.push(h("span", {}, ` · steps ${turn.steps}/${turn.limit}`));
  return h("section", { class: "lu-panel lu-decision", "aria-live": "polite" }, ...lines, row, h("p", { class: "small muted" }, info));
}

function battlePanel(view, data) {
  const obs = view.observation;
  const b = obs.battle;
  if (!b) return null;
  const name = (p) => `${pieceWords(data, obs, p)} (${seatName(view, seatOfPiece(obs, p))})`;
  const dice = (d) => (d && d.length ? d.map((x) => (x ? `⚀⚁⚂⚃⚄⚅`[x - 1] : "·")).join(" ") : "—");
  return h("section", { class: "lu-panel lu-battle" },
    h("h3", {}, b.ambush ? "Ambush!" : "Battle"),
    h("table", {},
      h("tr", {}, h("th", {}, "Attack"), h("td", {}, [b.attacker, ...b.joiners].map(name).join(" + ")),
        h("td", {}, `ATK ${b.attack_value}${b.attack_modifier ? ` +${b.attack_modifier}` : ""}`),
        h("td", { class: "dice", "data-side": "attack" }, dice(b.attack_dice)),
        h("td", { class: "strength" }, b.attack_strength ?? "")),
      h("tr", {}, h("th", {}, "Defence"), h("td", {}, b.defenders.map(name).join(" + ")),
        h("td", {}, `DEF ${b.defence_value}${b.defence_side_modifier ? ` +${b.defence_side_modifier}` : ""}`),
        h("td", { class: "dice", "data-side": "defence" }, dice(b.defence_dice)),
        h("td", { class: "strength" }, b.defence_strength ?? ""))),
    b.duel ? h("p", { class: "small" }, "Duel of Champions: one unit a side.") : null,
    b.outcome ? h("p", { class: "outcome" }, `Outcome: ${b.outcome}`) : null);
}

function cardsPanel(view, data, types, act, handled) {
  const obs = view.observation;
  if (view.seat === null || view.seat === undefined) return null;
  const playable = new Map((types.PLAY || []).map((a) => [a.json.card, a]));
  const cards = [...(obs.hand || []), ...(obs.plan ? [obs.plan] : [])];
  const items = cards.map((id) => {
    const card = data.cards[id] || { name: id, text: "" };
    const a = playable.get(id);
    if (a) handled.add(a.id);
    return h("div", { class: `lu-card${a ? " playable" : ""}`, "data-card": id },
      h("div", { class: "card-head" }, h("strong", {}, card.name), " ", badge(card.provenance || "proposed")),
      h("div", { class: "small card-when", "data-window": card.window || "" }, cardWhen(card)),
      h("p", { class: "small" }, card.text),
      a ? h("button", { class: "play-card", onclick: () => act(a) }, a.label) : null);
  });
  // Espionage may offer another seat's cards to discard: buttons in the decision panel.
  const others = obs.hand_sizes.map((n, seat) => (seat === view.seat ? null :
    h("span", { class: "card-backs", title: `${seatName(view, seat)} holds ${n + (obs.has_plan[seat] ? 1 : 0)} hidden card(s)` },
      `${seatName(view, seat)}: ${"▮".repeat(n)}${obs.has_plan[seat] ? " ▣" : ""}`)));
  const known = (obs.known || []).map((k) => h("p", { class: "small" }, `You know that ${seatName(view, k.owner)} holds: ${k.cards.map((c) => (data.cards[c] ? data.cards[c].name : "a card")).join(", ") || "nothing"}`));
  return h("section", { class: "lu-panel lu-cards" }, h("h3", {}, "Your cards"),
    items.length ? h("div", { class: "lu-hand" }, items) : h("p", { class: "muted small" }, "No cards."),
    h("p", { class: "small" }, others), known);
}

function supplyPanel(view, data, types, act, handled) {
  const obs = view.observation;
  const offers = new Map((types.MARSHAL || []).map((a) => [a.json.unit, a]));
  const rows = Object.entries(obs.troops).map(([id, n]) => {
    const u = data.units[id] || { name: id };
    const a = offers.get(id);
    if (a) handled.add(a.id);
    return h("tr", { class: a ? "offered" : "" },
      h("td", {}, u.name, " ", badge(u.provenance || "proposed")), h("td", {}, `${u.atk}/${u.def}`), h("td", {}, n),
      h("td", {}, a ? h("button", { class: "marshal", "data-unit": id, onclick: () => act(a) }, a.label.replace(/^Marshal [^(]*/, "Marshal ")) : costText(u.cost)));
  });
  for (const [id, a] of offers) {
    if (obs.troops[id] !== undefined) continue; // a Special Forces card
    const u = data.units[id] || { name: id };
    handled.add(a.id);
    rows.push(h("tr", { class: "offered special" }, h("td", {}, u.name, " ", badge(u.provenance || "proposed")), h("td", {}, `${u.atk}/${u.def}`), h("td", {}, "1"),
      h("td", {}, h("button", { class: "marshal", "data-unit": id, onclick: () => act(a) }, a.label.replace(/^Marshal [^(]*/, "Marshal ")))));
  }
  const tokens = view.seat !== null && view.seat !== undefined ? obs.tokens[view.seat] : null;
  return h("section", { class: "lu-panel lu-supply" }, h("h3", {}, "Troop supply"),
    tokens ? h("p", { class: "small" }, "Your tokens: ", Object.entries(tokens).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`).join(", ") || "none") : null,
    h("table", { class: "small" }, h("tr", {}, h("th", {}, "Troop"), h("th", { title: "attack / defence" }, "Attack/ defence"), h("th", {}, "left"), h("th", {}, "cost")), rows));
}

function costText(cost) {
  return cost ? Object.entries(cost).map(([r, n]) => `${n} ${r}`).join(" + ") : "";
}

function factionsPanel(view, data) {
  const obs = view.observation;
  const rows = obs.factions.map((code, seat) => {
    const f = code && data.factions[code];
    const pieces = obs.pieces.filter((p) => p.piece.startsWith(`${code}-`) && p.cell);
    const tokens = Object.entries(obs.tokens[seat]).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`).join(", ");
    return h("div", { class: `lu-faction${obs.alive[seat] ? "" : " eliminated"}${seat === obs.active ? " active" : ""}` },
      h("div", {}, code ? shapeSwatch(factionShape(data, obs, seat), factionColour(data, obs, seat)) : null, " ",
        h("strong", {}, seatName(view, seat)), ` — ${f ? f.name : "no faction yet"}`, obs.alive[seat] ? "" : " (eliminated)",
        obs.lost_turns[seat] ? ` · loses ${obs.lost_turns[seat]} turn(s)` : ""),
      h("div", { class: "small" }, `Tokens: ${tokens || "none"}`),
      h("ul", { class: "small" }, pieces.map((p) => h("li", { "data-piece": p.piece },
        `${pieceWords(data, obs, p.piece)}: attack ${p.atk}, defence ${p.def} — ${unitNames(data, p)}${p.fortified ? " (fortified)" : ""}`))));
  });
  return h("section", { class: "lu-panel lu-factions" }, h("h3", {}, "Factions"), rows);
}

// When a card may be played, in words: the server's words for the card's timing window (the
// data route sends them with the card, LU-R77); the board only shows them.
function cardWhen(card) {
  return (card.words && card.words.when) || "";
}

/** A small picture for the legend and the faction list. */
function mini(width, ...children) {
  return svg("svg", { class: "lu-mini", viewBox: `0 0 ${width} 30`, width: width * 1.1, height: 33, "aria-hidden": "true" }, ...children);
}

function shapeSwatch(kind, colour) {
  return mini(22, shapeEl(kind, 11, 15, 7, { class: "halo" }), shapeEl(kind, 11, 15, 5, { class: "body", fill: colour }));
}

/** What the marks on the farm mean, in words. */
function legendPanel(view, data) {
  const obs = view.observation;
  const item = (picture, ...words) => h("li", {}, picture, h("span", {}, ...words));
  const sample = (cls, mark, stats) => mini(34, svg("g", { class: `piece ${cls}` }, token("circle", "#8a8a8a", 17, stats ? 11 : 15, 9, mark, stats, 8)));
  const factions = obs.factions.map((code, seat) => {
    if (!code) return null;
    const shape = factionShape(data, obs, seat);
    const colour = COLOUR_WORDS[(obs.seats[seat] && obs.seats[seat].colour) || ""];
    const looks = colour ? `${colour} ${SHAPE_WORDS[shape]}, and a ${colour} barn` : SHAPE_WORDS[shape];
    return item(shapeSwatch(shape, factionColour(data, obs, seat)),
      h("strong", {}, factionWords(data, obs, seat)), ` (${seatName(view, seat)}): ${looks}`);
  });
  const frame = (cls) => mini(30, svg("rect", { x: 3, y: 3, width: 24, height: 24, rx: 5, class: cls }));
  return h("details", { class: "lu-panel lu-legend", open: true },
    h("summary", {}, h("strong", {}, "How to read the farm")),
    h("ul", {},
      factions,
      item(sample("", "2★", "3/1"), "A General. The stars (1★, 2★ or 3★) tell a faction's three Generals apart; they do not make it stronger."),
      item(sample("", "SA", "9/8"), h("strong", {}, "SA"), " is a Super Army, formed from all three Generals."),
      item(mini(34, svg("text", { x: 17, y: 20, class: "legend-stats" }, "3/1")), "The numbers under a piece: its attack / defence. In a battle the attacker adds its attack to its die roll, the defender its defence."),
      item(sample("selectable", "1★", null), "Gold ring: you may choose this piece now."),
      item(sample("active", "1★", null), "Thick dark ring: the piece acting now."),
      item(sample("fortified", "1★", null), "Dashed ring: the piece is fortified."),
      item(mini(34, svg("g", { class: "stack-count" }, svg("rect", { x: 3, y: 9, width: 28, height: 11, rx: 5.5 }), svg("text", { x: 17, y: 17 }, "3 here"))),
        "Several pieces on one cell stand side by side, with their count."),
      item(frame("legend-step"), "Blue frame: a cell you may move to (or place your barn on)."),
      item(frame("legend-attack"), "Red frame: a cell you may attack."),
      item(frame("legend-scorched"), "Dashed dark red square: a scorched tile; nobody may harvest it for now."),
      item(frame("legend-face-down"), "Plain brown square: a tile still face down.")));
}
