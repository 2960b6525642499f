// Fences board: the growing farm as SVG tiles with fences, animals and barns.
//
// Follows the board module interface documented in /static/board-generic.js. The tile shapes,
// the tiles, the farmer cards and the colours come from the game's data files
// (GET /api/games/fences/data), so corrected data drops in without touching this file. Every
// fact drawn comes from observation(seat): the seat's own hand (never another seat's hidden
// tiles), the public board, fields, barns, scores and scoring events.
//
// Placing a tile is one choice composed in the browser: a hand tile, a cell and a rotation,
// previewed on the farm with its fence fit at every neighbour. "Place" sends the engine's atomic
// decisions SELECT, CELL, ROTATE one after the other (SELECT alone for the first tile, FE-R35).
// Actions are matched by their JSON: SELECT/DISCARD {slot}, CELL {cell}, ROTATE {rot},
// BARN {field}, PASS. The board knows no rule: where a tile fits, which rotation to send for
// each turn of it (FE-R61) and whether each side's fences continue (FE-R9) come from the
// server, in the mover's `placements` (per hand slot: cells, each with `play` and `sides` per
// turn), together with the seat's legal actions.
import { api, h, svg } from "/static/api.js";
import { byType, findLegal, inkOn, markChanged, previousObservation, seatColour, seatMark, seatName, swatch, zoomable } from "/static/board-kit.js";

const SVG = "http://www.w3.org/2000/svg";
const T = 100; // one tile in SVG units
const ANIMALS = ["cow", "pig", "sheep"];
const PLURAL = { cow: "cows", pig: "pigs", sheep: "sheep" };
const EDGE_WORDS = ["north", "east", "south", "west"];
const TERRAIN = { none: "#bcd69e", cow: "#8cc063", sheep: "#d5e4a1", pig: "#c9a173" }; // FE-R18: cosmetic
const CORNER = [[0, 0], [1, 0], [1, 1], [0, 1]]; // NW NE SE SW
const PORT = [[0.5, 0], [1, 0.5], [0.5, 1], [0, 0.5]]; // N E S W
const CENTRE = [0.5, 0.5];
const PHASE_WORDS = {
  deal_tiles: "dealing the tiles",
  deal_farmers: "dealing the farmer cards",
  choose_first: "choosing who starts",
  select_tile: "choosing a tile",
  select_cell: "placing a tile",
  select_rotation: "turning a tile",
  build: "deciding on a barn",
  draw: "drawing a tile",
  discard: "discarding an unplaceable tile",
  stuck_draw: "drawing after a discard",
  over: "game over",
};


const fmt = (n) => (Math.round(n * 10) / 10).toString();
const cellKey = (r, c) => `${r},${c}`;
const parseKey = (key) => key.split(",").map(Number);

// --- data --------------------------------------------------------------------------------

/** Shapes, tiles, farmer cards and colours from the data files, plus a geometry cache. */
export async function setup(game) {
  const data = await api(`/api/games/${encodeURIComponent(game.name)}/data`);
  const shapes = {};
  const tiles = {};
  const farmers = {};
  let colours = [];
  for (const item of data.items) {
    const v = item.value;
    if (item.file === "shapes.toml") {
      const fenced = v.fenced_ports.map((name) => "NESW".indexOf(name));
      const fields = v.fields.map((f) => f.segs);
      shapes[item.name] = {
        fenced,
        fields,
        names: v.fields.map((f) => f.name),
        longName: v.long_name || item.name,
        // Fences meet at the tile centre when every fenced port bounds its own tile-field
        // (T, X); otherwise each fence joins two ports directly (C, D, I).
        hub: fields.length === fenced.length && fenced.length >= 3,
      };
    } else if (item.file === "tiles.toml") {
      tiles[item.name] = { id: item.name, shape: v.shape, fields: v.fields, provenance: item.provenance };
    } else if (item.file === "farmers.toml") {
      farmers[item.name] = { id: item.name, name: v.name, conditions: v.conditions || [], provenance: item.provenance, note: item.note };
    } else if (item.name === "colours") {
      colours = v.names || [];
    }
  }
  for (const tile of Object.values(tiles)) {
    if (!shapes[tile.shape]) throw new Error(`tile ${tile.id}: unknown shape ${tile.shape}`);
  }
  return { shapes, tiles, farmers, colours, cache: new Map() };
}

export function help() {
  return h("div", { class: "small fences-help" },
    h("p", {}, "Lay farm tiles so that fences continue, claim fields with barns and score them when fences close them."),
    h("ol", {},
      h("li", {}, "Pick one of your two tiles. Cells where it fits light up; the brighter ones fit as the tile is turned now."),
      h("li", {}, "Turn it with ", h("kbd", {}, "R"), " (", h("kbd", {}, "Shift+R"), " back) or the turn buttons, or click the tile on the farm again. Marks on its sides show whether each fence meets a fence and each opening an opening."),
      h("li", {}, "Press ", h("strong", {}, "Place tile"), " (or ", h("kbd", {}, "Enter"), "). Fields it closes score at once: 1 point per animal, doubled when all are one kind, shared (rounded up) between the barns in the field. The player who closed it also scores their farmer card."),
      h("li", {}, "Then you may build one barn on a glowing field of the tile you just placed, if no barn is in that field yet."),
      h("li", {}, "You draw a new tile. When no tile of yours fits anywhere, you discard one and draw again.")),
    h("p", { class: "muted" }, "Tile shapes, animals, markings and most farmer cards are proposed data, not the published values."));
}

/** Start point of perimeter segment k (FE-R3): segments run clockwise from the NW corner. */
function segStart(k) {
  const s = ((k % 8) + 8) % 8;
  return s % 2 === 0 ? CORNER[s / 2] : PORT[(s - 1) / 2];
}

/** The polygon of a tile-field touching `segs` (already rotated) and the fences closing it. */
function fieldPolygon(segs, hub) {
  const set = new Set(segs);
  if (set.size === 8) return { points: CORNER.slice(), closures: [] };
  const starts = [...set].filter((s) => !set.has((s + 7) % 8)).sort((a, b) => a - b);
  const arcs = starts.map((s) => {
    let e = s;
    while (set.has((e + 1) % 8)) e = (e + 1) % 8;
    return [s, e];
  });
  const points = [];
  const closures = [];
  arcs.forEach(([s, e], i) => {
    let k = s;
    points.push(segStart(k));
    for (;;) {
      points.push(segStart(k + 1));
      if (k === e) break;
      k = (k + 1) % 8;
    }
    const from = segStart(e + 1);
    const to = segStart(arcs[(i + 1) % arcs.length][0]);
    if (hub) {
      points.push(CENTRE);
      closures.push([from, CENTRE], [CENTRE, to]);
    } else {
      closures.push([from, to]);
    }
  });
  return { points, closures };
}

function insidePolygon(points, [x, y]) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function segmentDistance([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function edgeDistance(points, p) {
  let best = Infinity;
  for (let i = 0; i < points.length; i++) best = Math.min(best, segmentDistance(p, points[i], points[(i + 1) % points.length]));
  return best;
}

function centroid(points) {
  const n = points.length;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

/** `n` well-spread points inside a polygon (unit square coordinates) and their clearance. */
function spreadPoints(points, n) {
  if (n <= 0) return { spots: [], clear: 0 };
  const cands = [];
  const steps = 20;
  for (let i = 1; i < steps; i++) {
    for (let j = 1; j < steps; j++) {
      const p = [i / steps, j / steps];
      if (insidePolygon(points, p)) cands.push({ p, d: edgeDistance(points, p) });
    }
  }
  if (!cands.length) return { spots: Array(n).fill(centroid(points)), clear: 0.05 };
  const mid = centroid(points);
  cands.sort((a, b) => b.d - a.d || Math.hypot(a.p[0] - mid[0], a.p[1] - mid[1]) - Math.hypot(b.p[0] - mid[0], b.p[1] - mid[1]));
  if (n === 1) return { spots: [cands[0].p], clear: cands[0].d };
  const dist = (a, b) => Math.hypot(a.p[0] - b.p[0], a.p[1] - b.p[1]);
  let best = null;
  let score = -1;
  for (let i = 0; i < cands.length; i++) {
    for (let j = i + 1; j < cands.length; j++) {
      const s = Math.min(cands[i].d, cands[j].d, dist(cands[i], cands[j]) / 2);
      if (s > score + 1e-9) {
        score = s;
        best = [cands[i], cands[j]];
      }
    }
  }
  const chosen = best;
  while (chosen.length < n) {
    let pick = null;
    let pickScore = -1;
    for (const c of cands) {
      const s = Math.min(c.d, ...chosen.map((x) => dist(c, x) / 2));
      if (s > pickScore) {
        pickScore = s;
        pick = c;
      }
    }
    chosen.push(pick);
    score = Math.min(score, pickScore);
  }
  chosen.sort((a, b) => a.p[1] - b.p[1] || a.p[0] - b.p[0]);
  return { spots: chosen.map((c) => c.p), clear: score };
}

function animalList(animals) {
  const out = [];
  for (const kind of ANIMALS) for (let i = 0; i < (animals[kind] || 0); i++) out.push(kind);
  for (const [kind, count] of Object.entries(animals || {})) {
    if (!ANIMALS.includes(kind)) for (let i = 0; i < count; i++) out.push(kind);
  }
  return out;
}

function compass([x, y], fallback) {
  const dx = x - 0.5;
  const dy = y - 0.5;
  if (Math.hypot(dx, dy) < 0.15) return fallback;
  const names = ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"];
  const angle = Math.atan2(dy, dx); // y grows downward
  return names[((Math.round(angle / (Math.PI / 4)) % 8) + 8) % 8];
}

/** Drawing facts of tile `id` turned `rot` quarter-turns clockwise (FE-R7), cached. */
function geometry(data, id, rot) {
  const key = `${id}/${rot}`;
  const cached = data.cache.get(key);
  if (cached) return cached;
  const tile = data.tiles[id];
  if (!tile) throw new Error(`unknown tile ${id}`);
  const shape = data.shapes[tile.shape];
  const fences = new Map();
  const fields = shape.fields.map((segs, i) => {
    const rotated = segs.map((s) => (s + 2 * rot) % 8);
    const { points, closures } = fieldPolygon(rotated, shape.hub);
    for (const [a, b] of closures) {
      const k = [a.join(","), b.join(",")].sort().join("|");
      fences.set(k, [a, b]);
    }
    const animals = animalList((tile.fields[i] || {}).animals || {});
    const mid = centroid(points);
    return {
      index: i,
      name: compass(mid, shape.names[i]),
      points,
      segs: rotated.slice().sort((a, b) => a - b),
      animals,
      terrain: TERRAIN[animals[0] || "none"] || TERRAIN.none,
      spots: new Map(),
    };
  });
  // Ports drawn with a fence post (drawing only: fit is the server's business).
  let ports = 0;
  for (const e of shape.fenced) ports |= 1 << ((e + rot) % 4);
  const geo = { id, rot, tile, shape, fields, fences: [...fences.values()], ports };
  data.cache.set(key, geo);
  return geo;
}

function spotsFor(field, n) {
  let s = field.spots.get(n);
  if (!s) {
    s = spreadPoints(field.points, n);
    field.spots.set(n, s);
  }
  return s;
}

// --- colours and words -----------------------------------------------------------------


function colourName(obs, seat) {
  const name = obs.colours && obs.colours[seat];
  return name ? name[0].toUpperCase() + name.slice(1) : `Seat ${seat + 1}`;
}


function animalsText(animals) {
  const parts = ANIMALS.filter((k) => animals[k] > 0).map((k) => `${animals[k]} ${animals[k] === 1 ? k : PLURAL[k]}`);
  return parts.length ? parts.join(", ") : "no animals";
}

function badge(provenance) {
  const p = String(provenance || "").toLowerCase();
  return p ? h("span", { class: `badge ${p}`, title: `${p} data` }, p) : null;
}

function fieldKey(parts) {
  return parts.map((p) => p.join(",")).sort().join(";");
}

function fieldText(view, f) {
  const state = f.completed ? "Completed field" : `Open field (${f.open} open side${f.open === 1 ? "" : "s"})`;
  const barns = f.barns.length ? `barns: ${f.barns.map((s) => seatName(view, s)).join(", ")}` : "no barn";
  return `${state}: ${animalsText(f.animals)} on ${f.span} tile${f.span === 1 ? "" : "s"}; ${barns}`;
}

function scoringText(view, data, ev) {
  const obs = view.observation;
  const kinds = ANIMALS.filter((k) => ev.animals[k] > 0).length;
  const total = ANIMALS.reduce((s, k) => s + (ev.animals[k] || 0), 0);
  const what = animalsText(ev.animals);
  let value = `${what[0].toUpperCase()}${what.slice(1)}: worth ${ev.value}`;
  if (kinds === 1 && total) value += " (one kind, doubled)";
  const paid = ev.shares.map((p, s) => (ev.barns.includes(s) ? `${seatName(view, s)} scores ${p}` : null)).filter(Boolean);
  const barns = ev.barns.length ? `Barn owners: ${paid.join(", ")}` : "No barn: nobody scores the animals";
  // The card's conditions in words come with the observation (the server's words, FE §5).
  const card = dealtCard(obs, ev.farmer);
  const cardName = card ? card.name : data.farmers[ev.farmer] ? data.farmers[ev.farmer].name : "The farmer card";
  const met = (ev.conditions_met || []).map((i) => (card && card.conditions[i] ? card.conditions[i].words : `meets condition ${i + 1}`));
  const bonus = ev.bonus > 0 ? `${cardName}: ${seatName(view, ev.completer)} scores ${ev.bonus} more (the field ${met.join("; it ")})` : `${cardName}: no bonus`;
  return { value, barns, bonus };
}

// --- SVG pieces --------------------------------------------------------------------------

function animalIcon(kind, x, y, r) {
  const g = svg("g", { class: `animal ${kind}`, transform: `translate(${fmt(x)},${fmt(y)})` });
  const w = (k) => fmt(k * r);
  if (kind === "cow") {
    g.append(
      svg("path", { d: `M${w(-0.55)},${w(-0.7)} L${w(-1.05)},${w(-1.05)} L${w(-0.75)},${w(-0.45)} Z M${w(0.55)},${w(-0.7)} L${w(1.05)},${w(-1.05)} L${w(0.75)},${w(-0.45)} Z`, fill: "#efe3c4", stroke: "#3b3024", "stroke-width": w(0.08) }),
      svg("circle", { r: w(1), fill: "#fbfaf6", stroke: "#2b2a26", "stroke-width": w(0.12) }),
      svg("ellipse", { cx: w(0.38), cy: w(-0.35), rx: w(0.42), ry: w(0.34), fill: "#2b2a26" }),
      svg("ellipse", { cx: w(-0.5), cy: w(0.05), rx: w(0.2), ry: w(0.28), fill: "#2b2a26" }),
      svg("ellipse", { cy: w(0.5), rx: w(0.62), ry: w(0.36), fill: "#f0b1a1", stroke: "#2b2a26", "stroke-width": w(0.07) }),
      svg("circle", { cx: w(-0.22), cy: w(0.5), r: w(0.08), fill: "#2b2a26" }),
      svg("circle", { cx: w(0.22), cy: w(0.5), r: w(0.08), fill: "#2b2a26" }));
  } else if (kind === "pig") {
    g.append(
      svg("path", { d: `M${w(-0.75)},${w(-0.35)} L${w(-0.85)},${w(-1.05)} L${w(-0.25)},${w(-0.8)} Z M${w(0.75)},${w(-0.35)} L${w(0.85)},${w(-1.05)} L${w(0.25)},${w(-0.8)} Z`, fill: "#ee8fa6", stroke: "#8c4156", "stroke-width": w(0.08) }),
      svg("circle", { r: w(1), fill: "#f6b3c3", stroke: "#8c4156", "stroke-width": w(0.12) }),
      svg("ellipse", { cy: w(0.25), rx: w(0.46), ry: w(0.32), fill: "#e9849c", stroke: "#8c4156", "stroke-width": w(0.07) }),
      svg("circle", { cx: w(-0.16), cy: w(0.25), r: w(0.08), fill: "#6d2d3f" }),
      svg("circle", { cx: w(0.16), cy: w(0.25), r: w(0.08), fill: "#6d2d3f" }),
      svg("circle", { cx: w(-0.35), cy: w(-0.3), r: w(0.09), fill: "#3b1d27" }),
      svg("circle", { cx: w(0.35), cy: w(-0.3), r: w(0.09), fill: "#3b1d27" }));
  } else if (kind === "sheep") {
    const wool = [];
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2;
      wool.push(svg("circle", { cx: w(0.68 * Math.cos(a)), cy: w(0.68 * Math.sin(a)), r: w(0.38), fill: "#fdfcf5", stroke: "#7d786a", "stroke-width": w(0.08) }));
    }
    g.append(...wool,
      svg("circle", { r: w(0.7), fill: "#fdfcf5" }),
      svg("ellipse", { cy: w(0.08), rx: w(0.36), ry: w(0.48), fill: "#3a3631" }),
      svg("circle", { cx: w(-0.14), cy: w(-0.02), r: w(0.06), fill: "#fdfcf5" }),
      svg("circle", { cx: w(0.14), cy: w(-0.02), r: w(0.06), fill: "#fdfcf5" }));
  } else {
    g.append(svg("circle", { r: w(1), fill: "#ddd", stroke: "#555" }), svg("text", { class: "animal-letter", y: w(0.35), "font-size": w(1) }, kind[0] || "?"));
  }
  g.append(svg("title", {}, kind));
  return g;
}

/** A barn in ``fill``; with ``mark`` (its owner's seat number) the number is on the barn in
 * place of the door, so that the owner is not told by colour alone. */
function barnIcon(x, y, r, fill, title, cls = "barn", mark = null) {
  const w = (k) => fmt(k * r);
  const door = mark !== null
    ? [svg("text", { y: w(0.78), "font-size": w(1.15), class: "barn-seat", fill: inkOn(fill) }, mark)]
    : [svg("path", { d: `M${w(-0.35)},${w(0.95)} L${w(-0.35)},${w(0.25)} L${w(0.35)},${w(0.25)} L${w(0.35)},${w(0.95)}`, fill: "#fffdf7", stroke: "#1f1b16", "stroke-width": w(0.1) }),
      svg("path", { d: `M${w(-0.35)},${w(0.25)} L${w(0.35)},${w(0.95)} M${w(0.35)},${w(0.25)} L${w(-0.35)},${w(0.95)}`, stroke: "#1f1b16", "stroke-width": w(0.07) })];
  return svg("g", { class: cls, transform: `translate(${fmt(x)},${fmt(y)})` },
    svg("path", { d: `M${w(-1)},${w(-0.15)} L0,${w(-1.05)} L${w(1)},${w(-0.15)} L${w(1)},${w(0.95)} L${w(-1)},${w(0.95)} Z`, fill, stroke: "#1f1b16", "stroke-width": w(0.14), "stroke-linejoin": "round" }),
    ...door,
    title ? svg("title", {}, title) : null);
}

/**
 * One tile drawn at (x, y) with side `size`. `opts`: barns (tile-field -> colour and title),
 * reserve (tile-fields that keep room for a barn about to be built), titles (tile-field ->
 * text), completed (tile-field -> extra classes of its completed-field hatching), cls.
 */
function tileGroup(data, id, rot, x, y, size, opts = {}) {
  const geo = geometry(data, id, rot);
  const P = ([px, py]) => `${fmt(x + px * size)},${fmt(y + py * size)}`;
  const g = svg("g", { class: `tile ${opts.cls || ""}`.trim(), "data-tile": id, "data-rot": rot });
  for (const f of geo.fields) {
    const poly = svg("polygon", { class: "tile-field", points: f.points.map(P).join(" "), fill: f.terrain, "data-field": f.index });
    const title = opts.titles && opts.titles.get(f.index);
    if (title) poly.append(svg("title", {}, title));
    g.append(poly);
    const done = opts.completed && opts.completed.get(f.index);
    if (done !== undefined) g.append(svg("polygon", { class: `completed-part ${done}`.trim(), points: f.points.map(P).join(" ") }));
  }
  g.append(svg("rect", { class: "tile-edge", x: fmt(x), y: fmt(y), width: fmt(size), height: fmt(size) }));
  const fenceD = geo.fences.map(([a, b]) => `M${P(a)} L${P(b)}`).join(" ");
  if (fenceD) {
    g.append(
      svg("path", { class: "fence-shadow", d: fenceD, "stroke-width": fmt(size * 0.1) }),
      svg("path", { class: "fence", d: fenceD, "stroke-width": fmt(size * 0.062) }),
      svg("path", { class: "fence-rail", d: fenceD, "stroke-width": fmt(size * 0.014) }));
    for (let e = 0; e < 4; e++) {
      if (geo.ports & (1 << e)) g.append(svg("circle", { class: "fence-post", cx: fmt(x + PORT[e][0] * size), cy: fmt(y + PORT[e][1] * size), r: fmt(size * 0.045) }));
    }
  }
  for (const f of geo.fields) {
    const barn = opts.barns && opts.barns.get(f.index);
    const extra = barn || (opts.reserve && opts.reserve.has(f.index)) ? 1 : 0;
    const n = f.animals.length + extra;
    if (!n) continue;
    const { spots, clear } = spotsFor(f, n);
    const r = size * iconRadius(clear);
    f.animals.forEach((kind, i) => g.append(animalIcon(kind, x + spots[i][0] * size, y + spots[i][1] * size, r)));
    if (barn) {
      const s = spots[n - 1];
      g.append(barnIcon(x + s[0] * size, y + s[1] * size, r * 1.05, barn.colour, barn.title, "barn", barn.mark));
    }
  }
  return g;
}

/** Icon radius (tile = 1) for a spot `clear` from the field's border, whose fence is 0.05 thick. */
function iconRadius(clear) {
  return Math.min(0.105, Math.max(0.058, (clear - 0.045) * 0.95));
}

/** Where a barn goes on tile-field `field` of a tile when it holds `animals + 1` items. */
function barnSpot(data, id, rot, field) {
  const f = geometry(data, id, rot).fields[field];
  const n = f.animals.length + 1;
  const { spots, clear } = spotsFor(f, n);
  return { spot: spots[n - 1], r: iconRadius(clear) * 1.05 };
}

/** A small standalone SVG of one tile (hand, discards). */
function tileSvg(data, id, rot, cls = "") {
  return svg("svg", { class: `tile-svg ${cls}`.trim(), viewBox: "-4 -4 108 108", role: "img", "aria-label": `tile ${id}` },
    tileGroup(data, id, rot, 0, 0, T),
    svg("title", {}, `${id}: ${geometry(data, id, rot).shape.longName}`));
}

// --- interaction state -------------------------------------------------------------------

let keyTarget = null; // the board that answers keys: {container, onKey}
let keysInstalled = false;

function installKeys() {
  if (keysInstalled) return;
  keysInstalled = true;
  document.addEventListener("keydown", (e) => {
    if (!keyTarget || !keyTarget.container.isConnected) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    keyTarget.onKey(e);
  });
}

/** Where the placement being composed (tile, cell, turn) is kept across a reload: this tab's
 * session storage, per match and seat; it is only taken back for the same position. */
function memoryKey(view) {
  return view.match && !view.replay ? `fences-ui:${view.match.id}:${view.seat}` : null;
}

function remembered(view, turn) {
  const key = memoryKey(view);
  if (!key) return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) || "null");
    return saved && saved.turn === turn ? saved : null;
  } catch (err) {
    return null;
  }
}

function remember(view, ui) {
  const key = memoryKey(view);
  if (!key) return;
  try {
    sessionStorage.setItem(key, JSON.stringify({ turn: ui.turn, slot: ui.slot, cell: ui.cell, rot: ui.rot, rotTouched: ui.rotTouched }));
  } catch (err) {
    // storage unavailable: a reload forgets the choice, nothing else changes
  }
}

function uiFor(container, view) {
  let ui = container._fences;
  let fresh = false;
  if (!ui || ui.seat !== view.seat || ui.replay !== !!view.replay) {
    ui = { seat: view.seat, replay: !!view.replay, plan: null, focus: null, turn: null };
    container._fences = ui;
    fresh = true;
  }
  const obs = view.observation;
  const turn = `${obs.board.length}|${obs.active}|${(obs.hand || []).join(",")}`;
  const saved = fresh ? remembered(view, turn) : null;
  if (saved) {
    Object.assign(ui, { turn, slot: saved.slot, cell: saved.cell, rot: saved.rot || 0, rotTouched: !!saved.rotTouched, hover: null });
  } else if (ui.turn !== turn) {
    ui.turn = turn;
    ui.slot = null;
    ui.cell = null;
    ui.hover = null;
    ui.rot = 0;
    ui.rotTouched = false;
  }
  return ui;
}



/** Take a move hint (``view.hint``: the suggested line, each step with its JSON) into the
 * composer, once per hint: the suggested hand tile, cell and turn become the current choice
 * (the player still places it, or changes it). Returns whether the choice changed. */
function applyHint(ui, view, mode, optionsOf) {
  if (!mode) return false;
  const line = view.toAct && !view.replay ? view.hint : null;
  if (!line || !line.length) {
    if (!line) ui.hint = null;
    return false;
  }
  const key = `${view.index}:${line.map((step) => step.id).join(",")}`;
  if (ui.hint && ui.hint.key === key) return false;
  const mark = { key, index: view.index, slot: null, cell: null, field: null, pass: false };
  let slot = null;
  for (const { json } of line) {
    if (json.type === "SELECT" || json.type === "DISCARD") slot = mark.slot = json.slot;
    else if (json.type === "CELL") mark.cell = cellKey(json.cell[0], json.cell[1]);
    else if (json.type === "BARN") mark.field = json.field;
    else if (json.type === "PASS") mark.pass = true;
    else if (json.type === "ROTATE") mark.rot = json.rot;
  }
  ui.hint = mark;
  if (mode === "compose" && slot !== null) {
    ui.slot = slot;
    if (mark.cell) ui.cell = mark.cell;
  }
  if ((mode === "compose" || mode === "rotate") && mark.rot !== undefined) {
    const cell = mode === "rotate" ? cellKey(view.observation.selected.cell[0], view.observation.selected.cell[1]) : ui.cell;
    const at = cell && optionsOf(mode === "rotate" ? view.observation.selected.slot : slot).get(cell);
    const turn = at ? at.play.indexOf(mark.rot) : -1;
    if (turn >= 0) {
      ui.rot = turn;
      ui.rotTouched = true;
    }
  }
  return true;
}

/** Mark the suggested hand tile, cell, barn field or "No barn" on the rendered board. */
function markHint(root, mark) {
  const found = [];
  if (mark.slot !== null) found.push(...root.querySelectorAll(`.hand-tile[data-slot="${mark.slot}"]`));
  if (mark.cell) found.push(...root.querySelectorAll(`.fences-farm .ghost[data-cell="${mark.cell}"], .fences-farm .cell.legal[data-cell="${mark.cell}"]`));
  if (mark.field !== null) found.push(...root.querySelectorAll(`.barn-target[data-field="${mark.field}"]`));
  if (mark.pass) found.push(...root.querySelectorAll("button.no-barn"));
  for (const el of found) el.classList.add("hinted");
}

/** Send the next step of a composed placement once the previous one has come back. */
function advancePlan(container, ui, view, ctx) {
  const plan = ui.plan;
  if (!plan) return false;
  if (view.index <= plan.sentIndex) return true; // the last step is still on its way
  if (!view.toAct || !plan.steps.length) {
    ui.plan = null;
    return false;
  }
  const action = findLegal(view.legal, plan.steps[0]);
  if (!action) {
    ui.plan = null; // the position moved on in a way the plan did not expect
    return false;
  }
  plan.steps.shift();
  plan.sentIndex = view.index;
  clearTimeout(plan.timer);
  // A step the server refused leaves no new view: give the controls back after a while.
  plan.timer = setTimeout(() => {
    if (ui.plan === plan && container.isConnected) {
      ui.plan = null;
      render(container, ui.lastView, ui.lastCtx);
    }
  }, 8000);
  queueMicrotask(() => ctx.act(action.id));
  return true;
}

// --- rendering ---------------------------------------------------------------------------

export function render(container, view, ctx) {
  const data = ctx.data;
  const obs = view.observation;
  const ui = uiFor(container, view);
  ui.lastView = view;
  ui.lastCtx = ctx;
  const busy = !view.replay && advancePlan(container, ui, view, ctx);
  const legal = view.toAct && !busy ? view.legal : [];
  const types = byType(legal);
  const rerender = () => render(container, view, ctx);
  const me = view.seat;
  const hand = me !== null && me !== undefined && obs.hand ? obs.hand : [];

  // Placed tiles by cell, fields by tile-field, barns by tile-field.
  const placed = new Map();
  obs.board.forEach((b, k) => placed.set(cellKey(b.cell[0], b.cell[1]), { ...b, k }));
  const fieldOf = new Map();
  for (const f of obs.fields) for (const p of f.parts) fieldOf.set(`${p[0]},${p[1]},${p[2]}`, f);
  const barnAt = new Map();
  for (const b of obs.barns) barnAt.set(`${b.cell[0]},${b.cell[1]},${b.field}`, b.owner);
  const eventByField = new Map();
  obs.events.forEach((ev, i) => eventByField.set(fieldKey(ev.parts), { ev, i }));
  const last = obs.board.length ? obs.board[obs.board.length - 1] : null;

  // --- the placement being composed (or resumed) ----------------------------------------
  const phase = obs.phase;
  let mode = null; // compose | cell | rotate | build | discard
  if (legal.length) {
    if (phase === "select_tile" && obs.placements) mode = "compose";
    else if (phase === "select_cell" && obs.selected && obs.placements) mode = "cell";
    else if (phase === "select_rotation" && obs.selected && obs.selected.cell && obs.placements) mode = "rotate";
    else if (phase === "build") mode = "build";
    else if (phase === "discard") mode = "discard";
  }
  const first = obs.board.length === 0;
  let tileId = null; // the tile being placed
  // cell key -> { play: the rotation to send per turn (null: it does not fit), sides: the fit
  // of each side per turn ("+" continues, "x" clashes, "." no neighbour) }, from the server.
  let options = null;
  const optionsOf = (slot) =>
    new Map((obs.placements[String(slot)] || []).map((o) => [cellKey(o.cell[0], o.cell[1]), o]));
  applyHint(ui, view, mode, optionsOf);
  if (mode === "compose" && ui.slot !== null && hand[ui.slot]) {
    tileId = hand[ui.slot];
    options = optionsOf(ui.slot);
    if (first && options.size) ui.cell = [...options.keys()][0];
  } else if (mode === "cell" || mode === "rotate") {
    tileId = obs.selected.tile;
    options = optionsOf(obs.selected.slot);
  }
  const fits = (k, rot) => !!options && options.has(k) && options.get(k).play[rot] !== null;

  if (mode === "rotate") {
    ui.cell = cellKey(obs.selected.cell[0], obs.selected.cell[1]);
    if (!ui.rotTouched && !fits(ui.cell, ui.rot)) ui.rot = Math.max(0, options.get(ui.cell).play.findIndex((p) => p !== null));
  }
  const nextFit = (k, from, dir) => {
    for (let i = 1; i <= 4; i++) {
      const r = (((from + dir * i) % 4) + 4) % 4;
      if (fits(k, r)) return r;
    }
    return from;
  };
  const canPlace = !!(tileId && ui.cell && fits(ui.cell, ui.rot));

  // --- handlers --------------------------------------------------------------------------
  const start = (steps) => {
    ui.plan = { steps, sentIndex: -1, timer: null };
    rerender();
  };
  const place = () => {
    if (!canPlace || ui.plan) return;
    const [r, c] = parseKey(ui.cell);
    const rot = options.get(ui.cell).play[ui.rot];
    if (mode === "compose") {
      // Of two equal tiles the engine offers the first slot (the tiles are the same).
      const slot = hand.indexOf(tileId);
      start(first ? [{ type: "SELECT", slot }] : [{ type: "SELECT", slot }, { type: "CELL", cell: [r, c] }, { type: "ROTATE", rot }]);
    } else if (mode === "rotate") {
      start([{ type: "ROTATE", rot }]);
    }
  };
  const turn = (dir) => {
    if (!tileId || first) return;
    ui.rot = (((ui.rot + dir) % 4) + 4) % 4;
    ui.rotTouched = true;
    rerender();
  };
  const pickSlot = (slot) => {
    if (mode === "discard") {
      const a = (types.DISCARD || []).find((x) => x.json.slot === hand.indexOf(hand[slot]));
      if (a) ctx.act(a.id);
      return;
    }
    if (mode !== "compose" || !hand[slot] || !(obs.placements[String(slot)] || []).length) return;
    if (ui.slot === slot) return turn(1);
    ui.slot = slot;
    ui.hover = null;
    if (ui.cell && !first) {
      if (!optionsOf(slot).has(ui.cell)) ui.cell = null;
    }
    rerender();
  };
  const clickCell = (k) => {
    if (mode === "cell") {
      const [r, c] = parseKey(k);
      const a = findLegal(legal, { type: "CELL", cell: [r, c] });
      if (a) ctx.act(a.id);
      return;
    }
    if (mode !== "compose" && mode !== "rotate") return;
    if (ui.cell === k) {
      ui.rot = nextFit(k, ui.rot, 1); // "rotate with a click": the next way it fits here
      ui.rotTouched = true;
    } else {
      ui.cell = k;
      if (!fits(k, ui.rot)) ui.rot = nextFit(k, ui.rot, 1);
    }
    ui.hover = null;
    rerender();
  };
  const cancel = () => {
    if (mode !== "compose") return;
    ui.slot = null;
    ui.cell = null;
    ui.hover = null;
    rerender();
  };
  keyTarget = {
    container,
    onKey: (e) => {
      if (ui.plan || !(mode === "compose" || mode === "rotate")) return;
      const onControl = e.target && e.target.closest && e.target.closest("button, a, [tabindex]");
      if (e.key === "r" || e.key === "R") {
        e.preventDefault();
        turn(e.shiftKey ? -1 : 1);
      } else if (e.key === "Enter" && !onControl) {
        e.preventDefault();
        place();
      } else if (e.key === "Escape") {
        cancel();
      } else if (/^[1-9]$/.test(e.key) && mode === "compose") {
        pickSlot(Number(e.key) - 1);
      }
    },
  };
  installKeys();

  // --- the farm ---------------------------------------------------------------------------
  const farm = drawFarm({ data, view, obs, ui, placed, fieldOf, barnAt, eventByField, last, mode, options, tileId, fits, clickCell, legal, ctx, rerender });

  // --- the bar: prompt, hand and controls ---------------------------------------------------
  const bar = h("section", { class: "fences-bar", "aria-label": "your turn" },
    handPanel({ data, view, obs, ui, hand, mode, pickSlot, tileId }),
    promptPanel({ data, view, obs, ui, mode, tileId, canPlace, first, busy, place, turn, cancel, types, ctx, fits }));

  const side = h("div", { class: "fences-side" },
    playersPanel(data, view, obs),
    farmersPanel(data, view, obs),
    scoringPanel(data, view, obs, ui, rerender),
    supplyPanel(data, obs));

  const root = h("div", {
    class: "fences",
    dataset: {
      phase, turn: view.toAct ? "mine" : "other", mode: mode || "none",
      tiles: String(obs.board.length), supply: String(obs.supply_size), discards: String(obs.discards.length),
    },
  }, bar, h("div", { class: "fences-farm-wrap" }, zoomable(farm, `fences:${view.match ? view.match.id : ""}:${view.replay ? "replay" : "live"}`), legend()), side);
  if (busy) root.dataset.busy = "1";
  if (ui.hint && ui.hint.index === view.index && !busy) markHint(root, ui.hint);
  container.replaceChildren(root);
  remember(view, ui);
  const before = previousObservation(container, view);
  if (before && Array.isArray(before.board)) animateChanges(container, before, obs);
}

/** What changed since the observation drawn before, shown briefly (board-kit's markChanged):
 * a newly placed tile pops in, and so does a new barn (completed fields glow on their own:
 * ``.fresh``). Only the two observations are compared: no rule is worked out here. */
function animateChanges(container, before, obs) {
  const had = new Set(before.board.map((b) => cellKey(b.cell[0], b.cell[1])));
  for (const b of obs.board) {
    const k = cellKey(b.cell[0], b.cell[1]);
    if (!had.has(k)) markChanged(container.querySelector(`.fences-farm .tiles .tile[data-cell="${k}"]`), "pop");
  }
  const barns = new Set((before.barns || []).map((b) => `${b.cell[0]},${b.cell[1]},${b.field}`));
  for (const b of obs.barns || []) {
    if (barns.has(`${b.cell[0]},${b.cell[1]},${b.field}`)) continue;
    const tile = container.querySelector(`.fences-farm .tiles .tile[data-cell="${cellKey(b.cell[0], b.cell[1])}"]`);
    for (const barn of tile ? tile.querySelectorAll(".barn") : []) markChanged(barn, "pop");
  }
}

function drawFarm(s) {
  const { data, view, obs, ui, placed, fieldOf, barnAt, eventByField, last, mode, options, tileId, fits, clickCell, legal, ctx } = s;
  // The view: every placed tile and highlighted cell, one ring around, at least 5 x 5 cells.
  const cells = [...placed.keys(), ...(options ? options.keys() : [])].map(parseKey);
  if (!cells.length) cells.push([0, 0]);
  let [r0, r1, c0, c1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [r, c] of cells) {
    r0 = Math.min(r0, r - 1);
    r1 = Math.max(r1, r + 1);
    c0 = Math.min(c0, c - 1);
    c1 = Math.max(c1, c + 1);
  }
  while (r1 - r0 + 1 < 5) (r1 - r0) % 2 ? r1++ : r0--;
  while (c1 - c0 + 1 < 5) (c1 - c0) % 2 ? c1++ : c0--;
  const pad = 10;
  const root = svg("svg", {
    class: "fences-farm",
    viewBox: `${c0 * T - pad} ${r0 * T - pad} ${(c1 - c0 + 1) * T + 2 * pad} ${(r1 - r0 + 1) * T + 2 * pad}`,
    role: "group", // its lit cells and barn spots are buttons
    "aria-label": `Farm of ${obs.board.length} tiles`,
  });
  root.append(svg("defs", {},
    svg("pattern", { id: "fences-grid", width: T, height: T, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: T, height: T, fill: "#efe8d4" }),
      svg("path", { d: `M${T},0 L0,0 L0,${T}`, fill: "none", stroke: "#ddd2b4", "stroke-width": 1.5, "stroke-dasharray": "6 6" })),
    svg("pattern", { id: "fences-hatch", width: 14, height: 14, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 14, height: 14, fill: "#fff8dc", "fill-opacity": 0.25 }),
      svg("rect", { width: 5, height: 14, fill: "#e9b949", "fill-opacity": 0.55 }))));
  root.append(svg("rect", { x: c0 * T - pad, y: r0 * T - pad, width: (c1 - c0 + 1) * T + 2 * pad, height: (r1 - r0 + 1) * T + 2 * pad, fill: "url(#fences-grid)" }));

  // Completed fields (FE-R14): hatched under the animals, with their value on top.
  const completedParts = new Map();
  const completedFields = [];
  for (const f of obs.fields) {
    if (!f.completed) continue;
    const found = eventByField.get(fieldKey(f.parts));
    const fresh = !!(found && last && found.ev.placement === obs.board.length - 1);
    const focused = !!(found && ui.focus === found.i);
    const cls = `${fresh ? "fresh" : ""}${focused ? " focus" : ""}`.trim();
    for (const [r, c, fi] of f.parts) completedParts.set(`${r},${c},${fi}`, cls);
    completedFields.push({ f, found, fresh, focused });
  }

  // Tiles, with their barns; in the barn phase the placed tile keeps room for one.
  const buildTargets = mode === "build" ? (legal.filter((a) => a.json.type === "BARN")) : [];
  const tilesLayer = svg("g", { class: "tiles" });
  for (const [k, b] of placed) {
    const [r, c] = b.cell;
    const barns = new Map();
    const titles = new Map();
    const completed = new Map();
    const geo = geometry(data, b.tile, b.rot);
    for (const f of geo.fields) {
      const done = completedParts.get(`${r},${c},${f.index}`);
      if (done !== undefined) completed.set(f.index, done);
      const owner = barnAt.get(`${r},${c},${f.index}`);
      if (owner !== undefined) barns.set(f.index, { colour: seatColour(obs, owner), mark: seatMark(owner), title: `${seatName(view, owner)}'s barn (${colourName(obs, owner)})` });
      const field = fieldOf.get(`${r},${c},${f.index}`);
      if (field) titles.set(f.index, `${b.tile} ${f.name}: ${fieldText(view, field)}`);
    }
    const isLast = last && b.k === obs.board.length - 1;
    const reserve = isLast ? new Set(buildTargets.map((a) => a.json.field)) : null;
    const g = tileGroup(data, b.tile, b.rot, c * T, r * T, T, { barns, titles, reserve, completed, cls: isLast ? "last-placed" : "" });
    g.setAttribute("data-cell", k);
    tilesLayer.append(g);
  }
  root.append(tilesLayer);

  const doneLayer = svg("g", { class: "completed" });
  for (const { f, found, fresh, focused } of completedFields) {
    // The badge is pinned to the field's topmost corner (then leftmost): a point of its fence
    // or tile edge, away from the animals drawn inside.
    let top = null;
    for (const [r, c, fi] of f.parts) {
      const b = placed.get(cellKey(r, c));
      if (!b) continue;
      for (const [px, py] of geometry(data, b.tile, b.rot).fields[fi].points) {
        const p = [c * T + px * T, r * T + py * T];
        if (!top || p[1] < top[1] - 0.01 || (Math.abs(p[1] - top[1]) <= 0.01 && p[0] < top[0])) top = p;
      }
    }
    if (!top) continue;
    const [x, y] = top;
    let title = fieldText(view, f);
    if (found) {
      const t = scoringText(view, data, found.ev);
      title = `Completed by ${seatName(view, found.ev.completer)}. ${t.value}. ${t.barns}. ${t.bonus}.`;
    }
    doneLayer.append(svg("g", {
      class: `completed-field${fresh ? " fresh" : ""}${focused ? " focus" : ""}`, "data-event": found ? found.i : undefined,
      transform: `translate(${fmt(x)},${fmt(y)})`,
    }, svg("g", { class: "score-badge" }, svg("circle", { r: 12 }), svg("text", { y: 5 }, String(found ? found.ev.value : 0))), svg("title", {}, title)));
  }
  root.append(doneLayer);

  if (last) {
    root.append(svg("rect", { class: "last-outline", x: last.cell[1] * T + 2, y: last.cell[0] * T + 2, width: T - 4, height: T - 4 }));
  }

  // Barn targets: the tile-fields of the tile just placed where a barn may go (FE-R41..43).
  if (buildTargets.length && last) {
    const [r, c] = last.cell;
    const geo = geometry(data, last.tile, last.rot);
    const colour = seatColour(obs, view.seat);
    const layer = svg("g", { class: "barn-targets" });
    for (const a of buildTargets) {
      const f = geo.fields[a.json.field];
      if (!f) continue;
      const field = fieldOf.get(`${r},${c},${f.index}`);
      const label = `Build a barn on the ${f.name} field${field ? ` (${animalsText(field.animals)}, ${field.span} tile${field.span === 1 ? "" : "s"})` : ""}`;
      const { spot, r: br } = barnSpot(data, last.tile, last.rot, f.index);
      const g = svg("g", {
        class: "barn-target", "data-field": f.index, tabindex: 0, role: "button", "aria-label": label,
        onclick: () => ctx.act(a.id),
        onkeydown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), ctx.act(a.id)),
      },
      svg("polygon", { points: f.points.map(([x, y]) => `${fmt(c * T + x * T)},${fmt(r * T + y * T)}`).join(" "), stroke: colour, fill: colour }),
      barnIcon(c * T + spot[0] * T, r * T + spot[1] * T, br * T, colour, null, "barn ghost-barn"),
      svg("title", {}, label));
      layer.append(g);
    }
    root.append(layer);
  }

  // Cells where the chosen tile fits, and the preview of the tile with its fence fit.
  if (options && tileId) {
    const layer = svg("g", { class: "cells" });
    for (const k of options.keys()) {
      const [r, c] = parseKey(k);
      const now = fits(k, ui.rot);
      const chosen = ui.cell === k;
      const label = `Place ${tileId} at row ${r}, column ${c}${now ? "" : " (turn it to fit)"}`;
      const g = svg("g", {
        class: `cell legal${now ? " fits-now" : " fits-turned"}${chosen ? " chosen" : ""}`, "data-cell": k, tabindex: 0, role: "button", "aria-label": label,
        onclick: () => clickCell(k),
        onkeydown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), clickCell(k)),
        onpointerenter: () => {
          if (ui.cell || mode !== "compose") return;
          ui.hover = k;
          drawGhost();
        },
        onpointerleave: () => {
          if (ui.hover !== k) return;
          ui.hover = null;
          drawGhost();
        },
      }, svg("rect", { x: c * T + 4, y: r * T + 4, width: T - 8, height: T - 8, rx: 8 }), svg("title", {}, label));
      layer.append(g);
    }
    root.append(layer);
    const ghostLayer = svg("g", { class: "ghost-layer" });
    root.append(ghostLayer);
    const drawGhost = () => {
      const k = ui.cell || ui.hover;
      if (!k || mode === "cell") {
        ghostLayer.replaceChildren();
        return;
      }
      ghostLayer.replaceChildren(ghost(data, view, obs, tileId, ui.rot, k, options.get(k).sides[ui.rot], fits(k, ui.rot), !!ui.cell, () => clickCell(k)));
    };
    drawGhost();
  }
  return root;
}

/** The tile previewed at cell `k` turned `rot`, with the server's fit mark on each shared side
 * (`sides`: per side N, E, S, W "+" the fences continue, "x" they clash, "." no neighbour). */
function ghost(data, view, obs, id, rot, k, sides, legal, chosen, onclick) {
  const [r, c] = parseKey(k);
  const g = svg("g", { class: `ghost${legal ? " fits" : " clashes"}${chosen ? " chosen" : ""}`, "data-cell": k, "data-rot": rot, onclick });
  g.append(tileGroup(data, id, rot, c * T, r * T, T, { cls: "ghost-tile" }));
  g.append(svg("rect", { class: "ghost-outline", x: c * T + 1.5, y: r * T + 1.5, width: T - 3, height: T - 3, stroke: seatColour(obs, view.seat) }));
  for (let e = 0; e < 4; e++) {
    if (sides[e] === ".") continue;
    const ok = sides[e] === "+";
    const [px, py] = PORT[e];
    const x = c * T + px * T;
    const y = r * T + py * T;
    const text = ok ? `${EDGE_WORDS[e]}: the fences continue` : `${EDGE_WORDS[e]}: the fences do not continue, it does not fit`;
    g.append(svg("g", { class: `fit-mark ${ok ? "ok" : "bad"}`, "data-edge": e, transform: `translate(${fmt(x)},${fmt(y)})` },
      svg("circle", { r: 11 }),
      svg("path", { d: ok ? "M-5,0 L-1.5,4 L5.5,-4.5" : "M-4.5,-4.5 L4.5,4.5 M4.5,-4.5 L-4.5,4.5" }),
      svg("title", {}, text)));
  }
  return g;
}

// --- panels ------------------------------------------------------------------------------

function handPanel({ data, view, obs, ui, hand, mode, pickSlot, tileId }) {
  const me = view.seat;
  if (me === null || me === undefined) {
    return h("div", { class: "fences-hand spectator" }, h("p", { class: "muted small" }, view.replay ? "Replay: hands show as the viewer may see them." : "You are watching: hands stay hidden."));
  }
  const placeable = obs.placements || null;
  const selecting = mode === "compose";
  const items = hand.map((id, slot) => {
    const chosen = (selecting && ui.slot === slot) || (mode !== "compose" && obs.selected && obs.selected.slot === slot);
    const fitsSomewhere = placeable ? (placeable[String(slot)] || []).length > 0 : true;
    const rot = chosen && tileId ? ui.rot : 0;
    const clickable = (selecting && fitsSomewhere) || mode === "discard";
    const tile = data.tiles[id];
    return h("button", {
      class: `hand-tile${chosen ? " chosen" : ""}${placeable && !fitsSomewhere ? " unplaceable" : ""}${mode === "discard" ? " discard" : ""}`,
      dataset: { slot, tile: id, rot },
      disabled: !clickable,
      title: mode === "discard" ? `Discard ${id}` : placeable && !fitsSomewhere ? `${id} fits nowhere on the farm now` : chosen ? `${id}: click to turn it` : `Play ${id}`,
      onclick: () => pickSlot(slot),
    }, tileSvg(data, id, rot), h("span", { class: "tile-id" }, id, " ", tile ? badge(tile.provenance) : null),
    placeable && !fitsSomewhere ? h("span", { class: "small muted" }, "fits nowhere") : null);
  });
  return h("div", { class: "fences-hand" },
    h("h3", {}, "Your hand"),
    h("div", { class: "hand-tiles" }, items.length ? items : h("p", { class: "muted small" }, "No tiles left in your hand.")));
}

function promptPanel({ data, view, obs, ui, mode, tileId, canPlace, first, busy, place, turn, cancel, types, ctx, fits }) {
  const active = obs.active;
  const lines = [];
  const buttons = [];
  if (obs.phase === "over") {
    const best = Math.max(...obs.scores);
    const winners = obs.scores.map((s, i) => (s === best ? i : -1)).filter((i) => i >= 0);
    lines.push(h("strong", {}, "The game is over. "), winners.length === obs.scores.length ? "Everyone ties." : `${winners.map((w) => seatName(view, w)).join(" and ")} ${winners.length > 1 ? "share the win" : "wins"} with ${best} points.`);
  } else if (busy) {
    lines.push("Placing the tile…");
  } else if (!view.toAct) {
    const who = active !== null && active !== undefined && view.match.seats[active] ? seatName(view, active) : "";
    const doing = PHASE_WORDS[obs.phase] || obs.phase;
    lines.push(view.replay ? `${who ? `${who}: ` : ""}${doing}.` : who ? `${who} (${colourName(obs, active)}) is ${doing}.` : `${doing[0].toUpperCase()}${doing.slice(1)}…`);
    if (obs.selected && !view.replay) lines.push(h("span", { class: "muted" }, ` They picked up ${obs.selected.tile}${obs.selected.cell ? ` for row ${obs.selected.cell[0]}, column ${obs.selected.cell[1]}` : ""}.`));
  } else if (mode === "compose" || mode === "rotate") {
    if (!tileId) lines.push(h("strong", {}, "Your turn: "), "pick a tile from your hand.");
    else if (!ui.cell) lines.push(h("strong", {}, `${tileId}: `), "click a highlighted cell. Bright cells fit the tile as it is turned now; ", h("kbd", {}, "R"), " turns it.");
    else if (canPlace && first) lines.push(h("strong", {}, `${tileId}: `), "the first tile goes in the middle of the table, turned as printed. Place it, or pick the other tile.");
    else if (canPlace) lines.push(h("strong", {}, `${tileId}: `), "every fence continues. Place it, or turn it (", h("kbd", {}, "R"), ", or click it again).");
    else lines.push(h("strong", { class: "clash" }, "Does not fit: "), "the red marks show fences that do not continue. Turn the tile (", h("kbd", {}, "R"), ").");
    if (tileId) {
      buttons.push(
        h("button", { class: "rotate-ccw", title: "Turn left (Shift+R)", "aria-label": "turn the tile left", disabled: first, onclick: () => turn(-1) }, "⟲"),
        h("button", { class: "rotate-cw", title: "Turn right (R)", "aria-label": "turn the tile right", disabled: first, onclick: () => turn(1) }, "⟳"),
        h("button", { class: "primary place-tile", disabled: !canPlace, onclick: place }, "Place tile"));
      if (mode === "compose") buttons.push(h("button", { class: "subtle cancel-tile", onclick: cancel }, "Cancel"));
    }
  } else if (mode === "cell") {
    lines.push(h("strong", {}, `${tileId}: `), "click a highlighted cell for it.");
  } else if (mode === "build") {
    const stock = obs.stocks[view.seat];
    lines.push(h("strong", {}, "Build a barn? "), `Click a glowing field on the tile you just placed (${stock} barn${stock === 1 ? "" : "s"} in stock), or go on without one.`);
    const pass = (types.PASS || [])[0];
    if (pass) buttons.push(h("button", { class: "no-barn", onclick: () => ctx.act(pass.id) }, "No barn"));
  } else if (mode === "discard") {
    lines.push(h("strong", { class: "clash" }, "No tile fits: "), "neither of your tiles fits anywhere. Click the one to discard (face up, out of the game); you then draw a new one.");
  } else if (view.toAct) {
    lines.push("Your turn.");
  }
  // Any legal action the board does not offer elsewhere stays reachable.
  const offered = new Set(["SELECT", "CELL", "ROTATE", "BARN", "PASS", "DISCARD"]);
  const rest = (view.toAct && !busy ? view.legal : []).filter((a) => !offered.has(a.json && a.json.type));
  for (const a of rest) buttons.push(h("button", { class: "action", dataset: { action: a.id }, onclick: () => ctx.act(a.id) }, a.label));
  return h("div", { class: "fences-prompt" },
    h("p", { class: "prompt", id: "fences-prompt" }, lines),
    buttons.length ? h("div", { class: "prompt-buttons" }, buttons) : null);
}

function scoreTrack(data, view, obs) {
  // FE-R57: a 50-space track; scores past 50 go round again with a lap marker.
  const W = 500;
  const root = svg("svg", { class: "score-track", viewBox: `-6 -26 ${W + 12} 38`, role: "img", "aria-label": "score track" });
  for (let i = 0; i < 50; i++) root.append(svg("rect", { x: i * 10, y: 0, width: 10, height: 10, class: i % 10 === 0 ? "tick major" : "tick" }));
  // The numbers are HTML under the drawing: SVG text shrinks with the track (9 px became ~5).
  const numbers = h("div", { class: "track-nums", "aria-hidden": "true" },
    [0, 10, 20, 30, 40].map((n) => h("span", { class: "track-num", style: `left:${((n * 10 + 5 + 6) / (W + 12)) * 100}%` }, String(n))));
  const stack = {};
  obs.scores.forEach((score, seat) => {
    const pos = score % 50;
    const level = (stack[pos] = (stack[pos] || 0) + 1) - 1;
    root.append(barnIcon(pos * 10 + 5, -8 - level * 9, 6, seatColour(obs, seat), `${seatName(view, seat)}: ${score}`, "barn track-marker", seatMark(seat)));
  });
  return h("div", { class: "score-track-wrap" }, root, numbers);
}

function playersPanel(data, view, obs) {
  const rows = obs.scores.map((score, seat) => {
    const colour = seatColour(obs, seat);
    const known = obs.known_hand_tiles[seat] || [];
    const size = obs.hand_sizes[seat];
    const handItems = [];
    if (seat === view.seat && obs.hand) {
      handItems.push(h("span", { class: "small" }, `${size} in hand`));
    } else {
      // Another seat's hand: backs only, except tiles that seat had to reveal (FE-R22, FE-R37).
      for (const id of known) handItems.push(h("span", { class: "known-tile", title: `${id} (shown)` }, tileSvg(data, id, 0, "mini")));
      for (let i = known.length; i < size; i++) handItems.push(h("span", { class: "tile-back", title: "hidden tile" }));
    }
    const laps = Math.floor(score / 50);
    const stock = [];
    for (let i = 0; i < obs.stocks[seat]; i++) stock.push(h("span", { class: "stock-barn", style: `background:${colour}` }));
    return h("tr", { dataset: { seat }, class: `${seat === obs.active && obs.phase !== "over" ? "active" : ""}${seat === view.seat ? " me" : ""}` },
      h("td", {}, swatch(obs, seat, seatName(view, seat)), " ", seatName(view, seat), seat === view.seat ? h("span", { class: "you" }, " (you)") : null),
      h("td", { class: "num score" }, String(score), laps ? h("span", { class: "lap", title: `${laps} lap${laps > 1 ? "s" : ""} of the 50-space track` }, ` +${laps * 50}`) : null),
      h("td", { class: "stock", title: `${obs.stocks[seat]} barn${obs.stocks[seat] === 1 ? "" : "s"} in stock` }, stock.length ? stock : h("span", { class: "muted small" }, "none")),
      h("td", { class: "hand-backs", dataset: { seat } }, handItems));
  });
  return h("section", { class: "panel players-panel" }, h("h3", {}, "Scores"),
    scoreTrack(data, view, obs),
    h("table", { class: "fences-seats small" },
      h("thead", {}, h("tr", {}, h("th", {}, "player"), h("th", {}, "score"), h("th", {}, "barns"), h("th", {}, "hand"))),
      h("tbody", {}, rows)));
}

/** The dealt farmer card ``id`` as the observation describes it (name, conditions in words). */
function dealtCard(obs, id) {
  return (obs.farmer_cards || []).find((c) => c && c.id === id) || null;
}

function farmersPanel(data, view, obs) {
  const cards = obs.farmers.map((id, seat) => {
    if (!id) return null;
    const card = (obs.farmer_cards || [])[seat];
    const info = data.farmers[id];
    const name = card ? card.name : info ? info.name : id;
    return h("li", { class: `farmer-card${seat === view.seat ? " mine" : ""}`, dataset: { seat, card: id } },
      h("div", { class: "farmer-head" },
        swatch(obs, seat, seatName(view, seat)),
        h("strong", {}, name), h("span", { class: "muted small" }, ` ${id} · ${seatName(view, seat)}`), " ", info ? badge(info.provenance) : null),
      card ? h("ul", { class: "conditions small" }, card.conditions.map((cond) =>
        h("li", {}, h("span", { class: "points" }, `+${cond.points}`), ` if the field ${cond.words}`))) : null,
      info && info.note ? h("p", { class: "muted small note-line" }, info.note) : null);
  });
  return h("section", { class: "panel farmers-panel" },
    h("h3", {}, "Farmer cards"),
    h("p", { class: "muted small" }, "Each card scores for its owner on every field the owner completes, whoever's barns are in it."),
    h("ul", { class: "farmer-cards" }, cards));
}

function scoringPanel(data, view, obs, ui, rerender) {
  const items = obs.events.map((ev, i) => {
    const t = scoringText(view, data, ev);
    const focus = () => {
      ui.focus = ui.focus === i ? null : i;
      rerender();
    };
    return h("li", {
      class: `scored${ui.focus === i ? " focus" : ""}${ev.placement === obs.board.length - 1 ? " fresh" : ""}`,
      dataset: { event: i }, tabindex: 0, title: "show this field on the farm",
      onclick: focus, onkeydown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), focus()),
    },
    h("div", {}, swatch(obs, ev.completer, seatName(view, ev.completer)), " ",
      h("strong", {}, `${seatName(view, ev.completer)} closed a field`), ` of ${ev.span} tiles`),
    h("div", {}, t.value, "."),
    h("div", {}, t.barns, "."),
    h("div", { class: "bonus" }, t.bonus, "."));
  }).reverse();
  return h("section", { class: "panel scoring-panel" },
    h("h3", {}, `Completed fields (${obs.events.length})`),
    items.length ? h("ol", { class: "scoring-list small" }, items) : h("p", { class: "muted small" }, "No field is closed yet. A field scores when fences close it on every side."));
}

function supplyPanel(data, obs) {
  return h("section", { class: "panel supply-panel small" },
    h("h3", {}, "Tiles"),
    h("p", {}, `${obs.supply_size} tile${obs.supply_size === 1 ? "" : "s"} face down in the supply · ${obs.board.length} on the farm.`),
    obs.discards.length ? h("div", {}, h("span", {}, "Discarded: "), h("span", { class: "discards" }, obs.discards.map((id) => h("span", { class: "known-tile", title: id }, tileSvg(data, id, 0, "mini"))))) : null);
}

function legend() {
  const item = (kind, text) => {
    const s = svg("svg", { viewBox: "-12 -12 24 24", class: "legend-icon" }, animalIcon(kind, 0, 0, 10));
    return h("span", { class: "legend-item" }, s, ` ${text}`);
  };
  const sw = (colour, text) => h("span", { class: "legend-item" }, h("span", { class: "terrain", style: `background:${colour}` }), ` ${text}`);
  return h("p", { class: "fences-legend small muted" },
    item("cow", "cow"), item("pig", "pig"), item("sheep", "sheep"),
    sw(TERRAIN.cow, "pasture"), sw(TERRAIN.sheep, "meadow"), sw(TERRAIN.pig, "mud"),
    h("span", { class: "legend-item" }, h("span", { class: "hatch-swatch" }), " completed field (its value)"));
}
