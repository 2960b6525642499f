// Animal Farm board: the zoned grid as SVG, moving units by clicking, and a side panel.
//
// Follows the board module interface documented in /static/board-generic.js. Everything about
// the board (size, zones, unit slots, move pools) and every unit's reachable squares come from
// the observation's public `display` block (games/animal_farm/display.py), so the board knows
// no rules of its own and a different layout from board.toml drops in without touching this file.
//
// How a person plays:
//   * setup: click a highlighted square to place the piece named in the panel (or "Quick setup");
//   * click one of your units: the squares it can reach with the moves left light up, each with
//     its number of steps; enemies it can attack get a red ring;
//   * click a lit square: the board sends SELECT and the path's STEP actions one at a time (an
//     action queue), so the unit walks there; the unit stays active for more moves, feed
//     pick-up or drop (panel buttons), until another unit is chosen or the turn is ended;
//   * after an attack, click the square where the attacked unit goes;
//   * "End turn" stops the active unit if needed and ends the turn.
// Actions are matched by their JSON (state.action_to_json): SELECT {unit}, STEP {dir},
// PICK_UP {pile}, TARGET {to: [x, y]}, and STOP, DROP, END_TURN by type.
import { h, svg } from "/static/api.js";
import { findLegal, markChanged, pressable, previousObservation, seatColour, swatch } from "/static/board-kit.js";
import { describe } from "/static/board-generic.js";

const CELL = 40; // SVG units per square
const PAD_LEFT = 16; // room for the row numbers
const PAD_BOTTOM = 16; // room for the column numbers
const PAD = 3;
const STEP_DELAY_MS = 45; // pause between the queued steps of a path, so the unit is seen walking
const ZONE_FILL = { neutral: "#cfe3a8" };
const ANIMAL = {
  pig: { fill: "#f6b8c8", word: "pig" },
  goat: { fill: "#f4f1e6", word: "goat" },
  horse: { fill: "#a0703f", word: "horse" },
};
const PHASE_HINT = {
  coin_toss: "Tossing the coin for Player 1",
  setup: "Setup",
  idle: "Moving",
  active: "Moving",
  displace: "Attack: choosing where the attacked unit goes",
  over: "Game over",
};


export function help() {
  return h("div", { class: "small" },
    h("p", {}, "Goal: at the end of a turn, have both feed piles (yours and the opponent's) in your own base — lying there or carried by one of your pigs."),
    h("ol", {},
      h("li", {}, "Setup: place your feed pile, 3 pigs and 3 goats in your base and your horse in the neutral zone, one click each."),
      h("li", {}, "Each turn you have 10 moves shared by your pigs, 8 shared by your goats and 8 for the horse. Click a unit to see where it can go, then click a lit square. Each unit moves once per turn, one orthogonal path."),
      h("li", {}, "Pigs go anywhere, goats stay in their base, the horse stays in the neutral zone. Units pass through friends but never through enemies."),
      h("li", {}, "Attack by moving onto an enemy: pigs attack pigs and goats, goats attack pigs, horses attack horses and pigs. You then choose where the attacked unit goes (its base, or the neutral zone for a horse). A pig hit by a goat or horse drops its feed; a pig hit by a pig loses it to the attacker."),
      h("li", {}, "Pigs pick up and drop feed piles for free along their path (buttons in the panel).")),
    h("p", { class: "muted" }, "The board size, zones and draw limit are proposed: see Rules data."));
}

// --- small helpers ---------------------------------------------------------------------------
const key = (x, y) => `${x},${y}`;

function parseName(name) {
  const [player, kind, number] = String(name).split("-");
  return { player, kind, number: number || "" };
}

function otherPlayer(p) {
  return p === "P1" ? "P2" : "P1";
}

/** The seat playing as "P1" or "P2" (before the coin toss: P1 as seat 0). */
function seatOf(obs, player) {
  const p = player === "P1" ? 0 : 1;
  return obs.player1_seat === null || obs.player1_seat === undefined ? p : p ^ obs.player1_seat;
}

function teamColour(obs, player) {
  return seatColour(obs, seatOf(obs, player));
}

function playerName(view, player) {
  const obs = view.observation;
  if (obs.you === player) return "You";
  const seat = view.match.seats[seatOf(obs, player)];
  return seat ? seat.name : player;
}

function possessive(view, player) {
  return view.observation.you === player ? "your" : `${playerName(view, player)}'s`;
}

/** "your pig 2", "Bot's horse". */
function unitWords(view, name) {
  const { player, kind, number } = parseName(name);
  return `${possessive(view, player)} ${ANIMAL[kind] ? ANIMAL[kind].word : kind}${number ? ` ${number}` : ""}`;
}

function pileWords(view, pile) {
  return `${possessive(view, pile === "F1" ? "P1" : "P2")} feed pile`;
}

/** Every unit's square by name, and each square's unit. */
function unitsOf(obs, display) {
  const byName = new Map();
  const bySquare = new Map();
  for (const player of ["P1", "P2"]) {
    (obs.units[player] || []).forEach((xy, slot) => {
      if (!xy) return;
      const name = display.names[player][slot];
      byName.set(name, { name, player, slot, kind: display.slots[slot], x: xy[0], y: xy[1] });
    });
  }
  // The active unit is drawn on top when it passes a friend: put it last.
  const active = obs.turn && obs.turn.active;
  for (const u of byName.values()) if (u.name !== active) bySquare.set(key(u.x, u.y), u);
  if (active && byName.has(active)) {
    const u = byName.get(active);
    const under = bySquare.get(key(u.x, u.y));
    if (under && under.name !== active) u.over = under.name;
    bySquare.set(key(u.x, u.y), u);
  }
  return { byName, bySquare };
}

/** Where each pile is: {name, x, y, carrier} (carrier: unit name or null). */
function pilesOf(obs, units) {
  const out = [];
  for (const name of ["F1", "F2"]) {
    const p = obs.piles[name];
    if (!p) continue;
    if (p.carried_by) {
      const u = units.byName.get(p.carried_by);
      if (u) out.push({ name, x: u.x, y: u.y, carrier: p.carried_by });
    } else {
      out.push({ name, x: p.at[0], y: p.at[1], carrier: null });
    }
  }
  return out;
}

function zoneOf(display, y) {
  for (const [zone, [lo, hi]] of Object.entries(display.board.zones)) if (y >= lo && y <= hi) return zone;
  return "neutral";
}

function zoneWords(view, zone) {
  if (zone === "neutral") return "the neutral zone";
  return `${possessive(view, zone === "p1_base" ? "P1" : "P2")} base`;
}

// --- interaction state kept on the container between renders ---------------------------------
function uiState(container, view) {
  let ui = container._animalFarm;
  if (!ui || ui.seat !== view.seat || ui.matchId !== view.match.id) {
    // Hot-seat: the seat changes every turn; what the turns began with is kept for the traces.
    const starts = ui && ui.matchId === view.match.id ? ui.starts : new Map();
    ui = { seat: view.seat, matchId: view.match.id, selected: null, queue: [], sentIndex: null, hint: "", starts };
    container._animalFarm = ui;
  }
  return ui;
}

/** Send the next queued action when it is legal; drop the queue when it is not. */
function runQueue(ui, view, ctx) {
  if (!ui.queue.length) return false;
  if (!view.toAct || view.replay) {
    ui.queue = [];
    return false;
  }
  if (ui.sentIndex === view.index) {
    // The same view again after sending: the action was refused; stop here.
    ui.queue = [];
    ui.sentIndex = null;
    return false;
  }
  let want = ui.queue[0];
  if (want.type === "SUGGESTED") {
    const placing = view.observation.display.placing;
    want = placing && placing.player === view.observation.you && placing.suggested ? { type: "TARGET", to: placing.suggested } : null;
  }
  const action = want && findLegal(view.legal, want);
  if (!action) {
    ui.queue = [];
    return false;
  }
  ui.queue.shift();
  ui.sentIndex = view.index;
  setTimeout(() => ctx.act(action.id), STEP_DELAY_MS);
  return true;
}

/** Remember where everything stood when each turn began, to draw the last turn's moves. */
function rememberTurnStart(ui, obs, units) {
  if (!obs.turn) return;
  const turnKey = `${obs.turn.mover}:${obs.ply}`;
  if (ui.starts.has(turnKey)) return;
  const where = new Map();
  for (const u of units.byName.values()) where.set(u.name, [u.x, u.y]);
  ui.starts.set(turnKey, where);
  while (ui.starts.size > 4) ui.starts.delete(ui.starts.keys().next().value);
}

function lastTurnMoves(ui, obs) {
  if (!obs.turn || obs.ply < 1) return [];
  const before = ui.starts.get(`${otherPlayer(obs.turn.mover)}:${obs.ply - 1}`);
  const after = ui.starts.get(`${obs.turn.mover}:${obs.ply}`);
  if (!before || !after) return [];
  const out = [];
  for (const [name, from] of before) {
    const to = after.get(name);
    if (to && (to[0] !== from[0] || to[1] !== from[1])) out.push({ name, from, to });
  }
  return out;
}

// --- the board ---------------------------------------------------------------------------------
export function render(container, view, ctx) {
  const obs = view.observation;
  const display = obs && obs.display;
  if (!display) {
    container.replaceChildren(h("section", { class: "observation" }, describe(obs)));
    return;
  }
  const ui = uiState(container, view);
  const legal = view.toAct && !view.replay ? view.legal : [];
  const you = obs.you;
  const turn = obs.turn;
  const phase = obs.phase;
  const units = unitsOf(obs, display);
  const piles = pilesOf(obs, units);
  rememberTurnStart(ui, obs, units);

  // Forced moves: a unit that can only stop is stopped.
  if (legal.length === 1 && legal[0].json && legal[0].json.type === "STOP" && !ui.queue.length) ui.queue = [{ type: "STOP" }];
  const busy = runQueue(ui, view, ctx);
  const canClick = legal.length > 0 && !busy;

  // Which unit's moves are shown: the active one, else the one the player picked.
  const reach = display.reach || {};
  const mine = (name) => parseName(name).player === you;
  let shown = null;
  if (turn && turn.active && reach[turn.active]) shown = turn.active;
  else if (ui.selected && reach[ui.selected] && phase === "idle" && turn && turn.mover === you) shown = ui.selected;
  if (phase !== "idle") ui.selected = null;
  const moves = new Map();
  if (shown && view.toAct) for (const m of reach[shown].moves) moves.set(key(m.to[0], m.to[1]), m);

  const targets = new Map(); // square -> TARGET action (setup and displacement)
  for (const a of legal) if (a.json && a.json.type === "TARGET") targets.set(key(a.json.to[0], a.json.to[1]), a);

  // Enemy units the shown unit can attack with its moves left.
  const attackable = new Set();
  for (const m of moves.values()) if (m.attack) attackable.add(m.attack);

  const rerender = () => render(container, view, ctx);
  const act = (wants) => {
    ui.queue = wants.slice();
    ui.hint = "";
    ui.sentIndex = null;
    rerender();
  };
  const moveTo = (m) => {
    const steps = [...m.path].map((dir) => ({ type: "STEP", dir }));
    if (phase === "idle") act([{ type: "SELECT", unit: shown }, ...steps]);
    else act(steps);
  };
  const selectUnit = (name) => {
    if (phase === "idle") {
      ui.selected = ui.selected === name ? null : name;
      ui.hint = "";
      rerender();
    } else if (phase === "active" && findLegal(legal, { type: "STOP" })) {
      ui.selected = name;
      act([{ type: "STOP" }, { type: "SELECT", unit: name }]);
    } else {
      ui.hint = `Finish with ${unitWords(view, turn.active)} first: it cannot stop on a friend's square.`;
      rerender();
    }
  };
  const onSquare = (x, y) => {
    if (!canClick) return;
    const k = key(x, y);
    if (targets.has(k)) {
      act([{ type: "TARGET", to: [x, y] }]);
      return;
    }
    if (moves.has(k)) {
      moveTo(moves.get(k));
      return;
    }
    const u = units.bySquare.get(k);
    if (u && mine(u.name) && turn && turn.mover === you) {
      if (reach[u.name] && u.name !== (turn && turn.active)) selectUnit(u.name);
      else if (u.name !== turn.active) {
        ui.hint = `${unitWords(view, u.name)} has already moved this turn.`;
        rerender();
      }
      return;
    }
    if (phase === "idle" && ui.selected) {
      ui.selected = null;
      rerender();
    }
  };

  // --- SVG ---------------------------------------------------------------------------------
  const W = display.board.width;
  const H = display.board.height;
  const flip = you === "P2"; // each player sees its own base at the bottom
  const sx = (x) => PAD_LEFT + (flip ? W - 1 - x : x) * CELL;
  const sy = (y) => PAD + (flip ? y : H - 1 - y) * CELL;
  const root = svg("svg", {
    class: "af-board",
    viewBox: `0 0 ${PAD_LEFT + W * CELL + PAD} ${PAD + H * CELL + PAD_BOTTOM}`,
    role: "group", // its lit squares and units are buttons
    "aria-label": "Animal Farm board",
    "data-you": you || "",
    "data-phase": phase,
  });

  const zoneTint = (zone) => {
    if (zone === "neutral") return ZONE_FILL.neutral;
    return teamColour(obs, zone === "p1_base" ? "P1" : "P2");
  };
  const squares = svg("g", { class: "squares" });
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const k = key(x, y);
      const zone = zoneOf(display, y);
      const classes = ["square", zone.replace("_", "-")];
      const move = moves.get(k);
      const target = targets.get(k);
      if (move) classes.push(move.attack ? "attack" : "reach");
      if (target) classes.push("target", phase === "setup" ? "place" : "displace");
      const placing = display.placing;
      if (target && placing && placing.suggested && placing.suggested[0] === x && placing.suggested[1] === y) classes.push("suggested");
      if (canClick && (move || target)) classes.push("clickable");
      const g = svg("g", { class: classes.join(" "), "data-x": x, "data-y": y });
      g.append(svg("rect", {
        x: sx(x) + 0.5, y: sy(y) + 0.5, width: CELL - 1, height: CELL - 1, rx: 3,
        fill: zoneTint(zone), "fill-opacity": zone === "neutral" ? 1 : 0.22,
      }));
      if (move || target) g.append(svg("rect", { class: "mark", x: sx(x) + 2.5, y: sy(y) + 2.5, width: CELL - 5, height: CELL - 5, rx: 4 }));
      if (move && !move.attack) g.append(svg("text", { x: sx(x) + CELL - 6, y: sy(y) + 12, class: "steps" }, String(move.path.length)));
      const words = `(${x}, ${y}) · ${zoneWords(view, zone)}${move ? ` · ${move.path.length} step${move.path.length === 1 ? "" : "s"}${move.attack ? `, attacking ${unitWords(view, move.attack)}` : ""}` : ""}`;
      g.append(svg("title", {}, words));
      g.addEventListener("click", () => onSquare(x, y));
      if (move || target) {
        const doing = target ? (phase === "setup" ? "place here" : "put the unit here") : move.attack ? "attack" : "move here";
        pressable(g, `${doing}: ${words}`, () => onSquare(x, y));
      }
      squares.append(g);
    }
  }
  root.append(squares);

  // Zone borders and names.
  const zonesLayer = svg("g", { class: "zones" });
  for (const [zone, [lo, hi]] of Object.entries(display.board.zones)) {
    const top = Math.min(sy(lo), sy(hi));
    const height = (hi - lo + 1) * CELL;
    const colour = zone === "neutral" ? "#6a994e" : zoneTint(zone);
    zonesLayer.append(svg("rect", { x: PAD_LEFT, y: top, width: W * CELL, height, class: "zone-border", stroke: colour }));
    const name = zone === "neutral" ? "neutral zone" : `${possessive(view, zone === "p1_base" ? "P1" : "P2")} base`;
    zonesLayer.append(svg("text", { x: PAD_LEFT + (W * CELL) / 2, y: top + height / 2 + 6, class: "zone-name" }, name.toUpperCase()));
  }
  root.append(zonesLayer);

  // Row and column numbers, as in the event log's (x, y).
  const axes = svg("g", { class: "axes" });
  for (let y = 0; y < H; y++) axes.append(svg("text", { x: PAD_LEFT / 2, y: sy(y) + CELL / 2 + 4 }, String(y)));
  for (let x = 0; x < W; x++) axes.append(svg("text", { x: sx(x) + CELL / 2, y: PAD + H * CELL + 12 }, String(x)));
  root.append(axes);

  // The last turn's moves: a faint ring where a unit started and a dashed line to where it ended.
  const traces = svg("g", { class: "traces" });
  for (const t of lastTurnMoves(ui, obs)) {
    const [fx, fy] = [sx(t.from[0]) + CELL / 2, sy(t.from[1]) + CELL / 2];
    const [tx, ty] = [sx(t.to[0]) + CELL / 2, sy(t.to[1]) + CELL / 2];
    const colour = teamColour(obs, parseName(t.name).player);
    traces.append(svg("line", { x1: fx, y1: fy, x2: tx, y2: ty, stroke: colour, class: "trace-line" }),
      svg("circle", { cx: fx, cy: fy, r: 8, stroke: colour, class: "trace-start" }));
  }
  root.append(traces);

  // Units.
  const unitLayer = svg("g", { class: "units" });
  const activated = new Set(turn ? turn.activated : []);
  const ordered = [...units.byName.values()].sort((a, b) => (a.name === (turn && turn.active)) - (b.name === (turn && turn.active)));
  const sharing = new Map(); // square -> units on it (the active unit with a friend or its victim)
  for (const u of ordered) sharing.set(key(u.x, u.y), [...(sharing.get(key(u.x, u.y)) || []), u.name]);
  const over = phase === "over";
  for (const u of ordered) {
    const together = sharing.get(key(u.x, u.y));
    const shift = together.length > 1 ? (together.indexOf(u.name) === 0 ? -10 : 10) : 0;
    const cx = sx(u.x) + CELL / 2 + shift;
    const cy = sy(u.y) + CELL / 2;
    const isMine = u.player === you;
    const classes = ["unit", u.kind, isMine ? "mine" : you ? "enemy" : "neutral-view"];
    const moverUnit = turn && u.player === turn.mover;
    if (moverUnit && reach[u.name] && u.name !== turn.active && phase === "idle") classes.push("selectable");
    if (moverUnit && !over && activated.has(u.name) && u.name !== turn.active) classes.push("moved");
    if (turn && u.name === turn.active) classes.push("active");
    if (u.name === shown) classes.push("selected");
    if (attackable.has(u.name)) classes.push("attackable");
    if (turn && u.name === turn.victim) classes.push("victim");
    const carried = piles.find((p) => p.carrier === u.name);
    if (carried) classes.push("carrying");
    const pickable = canClick && (classes.includes("selectable") || attackable.has(u.name));
    const g = svg("g", {
      class: classes.join(" "), "data-unit": u.name, "data-x": u.x, "data-y": u.y,
      "data-carrying": carried ? carried.name : undefined,
    });
    const body = svg("g", { transform: shift ? `translate(${cx} ${cy}) scale(0.58) translate(${-cx} ${-cy})` : undefined });
    body.append(token(u, cx, cy, teamColour(obs, u.player)));
    if (carried) body.append(hay(view, carried, cx + 3, cy - 19, true));
    if (attackable.has(u.name)) body.append(svg("circle", { cx, cy, r: 18, class: "attack-ring" }));
    g.append(body);
    const status = [];
    if (carried) status.push(`carrying ${pileWords(view, carried.name)}`);
    if (classes.includes("moved")) status.push("moved this turn");
    if (attackable.has(u.name)) status.push("can be attacked");
    const title = `${unitWords(view, u.name)} at (${u.x}, ${u.y})${status.length ? ` · ${status.join(" · ")}` : ""}`;
    g.append(svg("title", {}, title));
    g.addEventListener("click", (e) => {
      e.stopPropagation();
      onSquare(u.x, u.y);
    });
    if (pickable) pressable(g, title, () => onSquare(u.x, u.y));
    unitLayer.append(g);
  }
  root.append(unitLayer);

  // Loose feed piles: a hay tab in the square's lower-left corner (two piles side by side).
  const pileLayer = svg("g", { class: "piles" });
  const loose = piles.filter((p) => !p.carrier);
  loose.forEach((p) => {
    const twin = loose.filter((q) => q.x === p.x && q.y === p.y).indexOf(p);
    pileLayer.append(hay(view, p, sx(p.x) + 1.5 + twin * 24, sy(p.y) + CELL - 11.5, false));
  });
  root.append(pileLayer);

  const panelsEl = h("div", { class: "af-panels" }, panels(view, ui, { legal, units, piles, reach, shown, moves, busy, act, rerender, ctx, selectUnit }));
  // While queued steps are under way, nothing else may be clicked.
  if (busy) for (const b of panelsEl.querySelectorAll("button")) b.disabled = true;
  container.replaceChildren(h("div", { class: `animal-farm${busy ? " busy" : ""}` },
    h("div", { class: "af-main" }, root), panelsEl, h("div", { class: "af-legend" }, legend(view))));
  const before = previousObservation(container, view);
  if (before && before.display) animateChanges(container, before, units, sx, sy);
}

/** What changed since the observation drawn before, shown briefly (board-kit's markChanged):
 * a unit that moved slides from its old square, a unit that appeared pops in, and the square
 * of a unit that was removed (attacked) flashes red. Only the two observations are compared:
 * no rule is worked out here. ``sx``/``sy``: a square's place on the drawn board. */
function animateChanges(container, before, units, sx, sy) {
  const old = unitsOf(before, before.display).byName;
  for (const u of units.byName.values()) {
    const g = container.querySelector(`.af-board .unit[data-unit="${CSS.escape(u.name)}"]`);
    if (!g) continue;
    const was = old.get(u.name);
    if (!was) markChanged(g, "pop");
    else if (was.x !== u.x || was.y !== u.y) markChanged(g, "slide", { from: [sx(was.x) - sx(u.x), sy(was.y) - sy(u.y)] });
  }
  for (const was of old.values()) {
    if (units.byName.has(was.name)) continue;
    const square = container.querySelector(`.af-board .square[data-x="${was.x}"][data-y="${was.y}"]`);
    markChanged(square, "loss", { delta: "−1", at: [sx(was.x) + CELL / 2, sy(was.y) + 12] });
  }
}

/** A unit's round token: team-coloured ring, animal colour, a face mark and its number. */
function token(u, cx, cy, colour) {
  const g = svg("g", { class: "token" });
  // The team shows in its colour and, for colour-blind eyes, in the ring's pattern: the second
  // player's ring is dashed (the legend says so).
  g.append(svg("circle", { cx, cy, r: 15, fill: ANIMAL[u.kind] ? ANIMAL[u.kind].fill : "#ccc", stroke: colour, "stroke-width": 4, "stroke-dasharray": u.player === "P2" ? "7 3" : undefined, class: "body" }));
  if (u.kind === "pig") {
    g.append(svg("path", { d: `M${cx - 10} ${cy - 9} l3 -6 l4 5 Z M${cx + 10} ${cy - 9} l-3 -6 l-4 5 Z`, fill: "#e98aa3" }));
    g.append(svg("ellipse", { cx, cy: cy + 2, rx: 7, ry: 5, fill: "#e98aa3", stroke: "#b75470", "stroke-width": 1 }));
    g.append(svg("circle", { cx: cx - 2.5, cy: cy + 2, r: 1.4, fill: "#5b2333" }), svg("circle", { cx: cx + 2.5, cy: cy + 2, r: 1.4, fill: "#5b2333" }));
  } else if (u.kind === "goat") {
    g.append(svg("path", { d: `M${cx - 4} ${cy - 5} q-7 -6 -3 -12 M${cx + 4} ${cy - 5} q7 -6 3 -12`, fill: "none", stroke: "#5f5a4f", "stroke-width": 2.2, "stroke-linecap": "round" }));
    g.append(svg("path", { d: `M${cx - 6} ${cy - 3} L${cx + 6} ${cy - 3} L${cx} ${cy + 11} Z`, fill: "#d8d2c0", stroke: "#5f5a4f", "stroke-width": 1 }));
  } else if (u.kind === "horse") {
    g.append(svg("path", { d: `M${cx - 6} ${cy - 7} v7 a6 6 0 0 0 12 0 v-7`, fill: "none", stroke: "#f5e9d6", "stroke-width": 3.2, "stroke-linecap": "round" }));
  }
  const number = parseName(u.name).number;
  if (number) {
    g.append(svg("circle", { cx: cx + 11, cy: cy + 11, r: 6, fill: colour, stroke: "#fff", "stroke-width": 1 }));
    g.append(svg("text", { x: cx + 11, y: cy + 14, class: "unit-number" }, number));
  }
  return g;
}

/** A feed pile: a hay tab edged in its owner's colour, numbered 1 or 2. */
function hay(view, pile, x, y, carried) {
  const owner = pile.name === "F1" ? "P1" : "P2";
  const colour = teamColour(view.observation, owner);
  const g = svg("g", { class: `pile${carried ? " carried" : " loose"}`, "data-pile": pile.name, "data-x": pile.x, "data-y": pile.y, "data-carried-by": pile.carrier || undefined });
  g.append(svg("rect", { x, y, width: 14, height: 10, rx: 2, fill: "#f2c94c", stroke: colour, "stroke-width": 2 }));
  g.append(svg("path", { d: `M${x + 3} ${y + 2.5} v5 M${x + 7} ${y + 2.5} v5 M${x + 11} ${y + 2.5} v5`, stroke: "#b8860b", "stroke-width": 1 }));
  g.append(svg("title", {}, `${pileWords(view, pile.name)}${carried ? ` (carried)` : ""} at (${pile.x}, ${pile.y})`));
  return g;
}

function legend(view) {
  const obs = view.observation;
  const dot = (player) => swatch(obs, seatOf(obs, player), playerName(view, player));
  return h("p", { class: "legend small muted" },
    dot("P1"), ` ${playerName(view, "P1")} (moves first; solid rings) `, dot("P2"), ` ${playerName(view, "P2")} (dashed rings) · `,
    h("span", { class: "key pig" }, "pig"), " ", h("span", { class: "key goat" }, "goat"), " ", h("span", { class: "key horse" }, "horse"),
    " · ", h("span", { class: "key hay" }, "feed"), " · number = steps · red ring = the chosen unit can attack it · dashed = last turn");
}

// --- panels -----------------------------------------------------------------------------------
function button(action, text, cls, onclick) {
  if (!action) return null;
  return h("button", { class: `action ${cls}`, dataset: { action: action.id }, onclick }, text);
}

function panels(view, ui, s) {
  const obs = view.observation;
  const display = obs.display;
  const out = [turnPanel(view, ui, s)];
  if (obs.phase === "over") out.unshift(resultPanel(view));
  const unit = unitPanel(view, ui, s);
  if (unit) out.push(unit);
  out.push(pilesPanel(view, s));
  if (obs.turn) out.push(teamPanel(view, ui, s));
  // Anything legal not offered above (so a player can never be stuck).
  const offered = new Set(["SELECT", "STEP", "STOP", "END_TURN", "PICK_UP", "DROP", "TARGET"]);
  const rest = s.legal.filter((a) => !(a.json && offered.has(a.json.type)));
  if (rest.length) {
    out.push(h("section", { class: "panel other" }, h("h3", {}, "Other moves"),
      h("div", { class: "action-buttons" }, rest.map((a) => button(a, a.label, "", () => s.ctx.act(a.id))))));
  }
  out.push(h("details", { class: "panel small raw" }, h("summary", {}, "Rules reminder"),
    h("ul", {},
      h("li", {}, `Moves per turn: pigs ${display.pool_size.pig} (shared), goats ${display.pool_size.goat} (shared), horse ${display.pool_size.horse}.`),
      h("li", {}, "Pigs go anywhere; goats stay in their base; the horse stays in the neutral zone."),
      h("li", {}, "Pigs attack pigs and goats; goats attack pigs; horses attack horses and pigs."),
      h("li", {}, `Draw after ${display.max_plies} turns without a winner.`))));
  return out;
}

function resultPanel(view) {
  const obs = view.observation;
  let text = "The game is a draw.";
  if (obs.result === "P1" || obs.result === "P2") {
    text = obs.result === obs.you ? "You won: both feed piles are in your base!" : `${playerName(view, obs.result)} won: both feed piles are in ${possessive(view, obs.result)} base.`;
  }
  return h("section", { class: "panel af-result" }, h("h3", {}, "Game over"), h("p", {}, text));
}

function poolMeter(kind, left, size) {
  const pct = size ? Math.round((100 * left) / size) : 0;
  return h("div", { class: "pool", dataset: { kind } },
    h("span", { class: "pool-name" }, kind === "horse" ? "Horse" : `${kind[0].toUpperCase()}${kind.slice(1)}s`),
    h("span", { class: "pool-bar" }, h("span", { class: "pool-fill", style: `width:${pct}%` })),
    h("span", { class: "pool-num" }, `${left}/${size}`));
}

function turnPanel(view, ui, s) {
  const obs = view.observation;
  const display = obs.display;
  const turn = obs.turn;
  const parts = [];
  let title = PHASE_HINT[obs.phase] || obs.phase;
  if (obs.phase === "setup" && display.placing) {
    const p = display.placing;
    const piece = p.unit ? unitWords(view, p.unit) : pileWords(view, p.player === "P1" ? "F1" : "F2");
    title = p.player === obs.you ? `Setup: place ${piece}` : `Setup: ${playerName(view, p.player)} places ${piece}`;
    if (view.toAct) {
      parts.push(h("p", { class: "hint" }, `Click a highlighted square to place ${piece}.`));
      const suggested = p.suggested ? findLegal(s.legal, { type: "TARGET", to: p.suggested }) : null;
      parts.push(h("div", { class: "action-buttons" },
        suggested ? button(suggested, `Suggested square (${p.suggested[0]}, ${p.suggested[1]})`, "suggested", () => s.act([{ type: "TARGET", to: p.suggested }])) : null,
        suggested ? h("button", { class: "action quick-setup", onclick: () => s.act(Array.from({ length: 16 }, () => ({ type: "SUGGESTED" }))) }, "Quick setup: place the rest as suggested") : null));
    }
  } else if (turn) {
    const whose = turn.mover === obs.you ? "Your turn" : `${playerName(view, turn.mover)}'s turn`;
    title = obs.phase === "over" ? `Game over after ${obs.ply} turns` : `${whose} · turn ${obs.ply + 1} of ${display.max_plies}`;
    if (obs.phase !== "over") parts.push(h("div", { class: "pools" }, ["pig", "goat", "horse"].map((k) => poolMeter(k, turn.pools[k], display.pool_size[k]))));
    if (obs.phase === "displace" && turn.victim) {
      const victim = parseName(turn.victim);
      const where = victim.kind === "horse" ? "the neutral zone" : `${possessive(view, victim.player)} base`;
      parts.push(h("p", { class: "hint attack-hint" }, view.toAct
        ? `You attacked ${unitWords(view, turn.victim)}! Click an orange square in ${where} to send it there.`
        : `${unitWords(view, turn.active)} attacked ${unitWords(view, turn.victim)}.`));
    } else if (view.toAct && obs.phase === "idle") {
      parts.push(h("p", { class: "hint" }, s.shown ? "Click a lit square to move there (the number is the steps it costs)." : "Click one of your units to see where it can go."));
    } else if (view.toAct && obs.phase === "active") {
      parts.push(h("p", { class: "hint" }, s.moves.size ? `Move ${unitWords(view, turn.active)} further, or pick another unit.` : `${unitWords(view, turn.active)} cannot move further.`));
    }
  } else if (obs.phase === "coin_toss") {
    parts.push(h("p", { class: "hint" }, "A coin toss decides who is Player 1 (sets up and moves first)."));
  }
  if (ui.hint) parts.push(h("p", { class: "hint warn" }, ui.hint));
  const endTurn = findLegal(s.legal, { type: "END_TURN" });
  const stop = findLegal(s.legal, { type: "STOP" });
  let end = null;
  if (endTurn) end = h("button", { class: "action primary end-turn", dataset: { action: endTurn.id }, onclick: () => s.act([{ type: "END_TURN" }]) }, "End turn");
  else if (stop && obs.phase === "active") end = h("button", { class: "action primary end-turn", onclick: () => s.act([{ type: "STOP" }, { type: "END_TURN" }]) }, "End turn");
  if (end) parts.push(h("div", { class: "action-buttons" }, end));
  return h("section", { class: "panel turn" }, h("h3", {}, title), parts);
}

function unitPanel(view, ui, s) {
  const obs = view.observation;
  const turn = obs.turn;
  const name = s.shown;
  if (!name || !view.toAct) return null;
  const u = s.units.byName.get(name);
  if (!u) return null;
  const entry = s.reach[name];
  const carried = s.piles.find((p) => p.carrier === name);
  const here = s.piles.filter((p) => !p.carrier && p.x === u.x && p.y === u.y);
  const buttons = [];
  if (obs.phase === "idle") {
    // Feed actions before moving: select the pig, then pick up or drop.
    if (u.kind === "pig" && !carried) {
      for (const p of here) {
        buttons.push(h("button", { class: "action pick-up", dataset: { pile: p.name }, onclick: () => s.act([{ type: "SELECT", unit: name }, { type: "PICK_UP", pile: p.name }]) }, `Pick up ${pileWords(view, p.name)}`));
      }
    }
    if (carried) buttons.push(h("button", { class: "action drop", onclick: () => s.act([{ type: "SELECT", unit: name }, { type: "DROP" }]) }, `Drop ${pileWords(view, carried.name)} here`));
    buttons.push(h("button", { class: "action subtle cancel-selection", onclick: () => { ui.selected = null; s.rerender(); } }, "Cancel"));
  } else {
    for (const p of ["F1", "F2"]) {
      const a = findLegal(s.legal, { type: "PICK_UP", pile: p });
      if (a) buttons.push(h("button", { class: "action pick-up", dataset: { pile: p, action: a.id }, onclick: () => s.act([{ type: "PICK_UP", pile: p }]) }, `Pick up ${pileWords(view, p)}`));
    }
    const drop = findLegal(s.legal, { type: "DROP" });
    if (drop && carried) buttons.push(h("button", { class: "action drop", dataset: { action: drop.id }, onclick: () => s.act([{ type: "DROP" }]) }, `Drop ${pileWords(view, carried.name)} here`));
    const stop = findLegal(s.legal, { type: "STOP" });
    if (stop) buttons.push(h("button", { class: "action stop", dataset: { action: stop.id }, onclick: () => s.act([{ type: "STOP" }]) }, "Done with this unit"));
  }
  const facts = [`at (${u.x}, ${u.y})`, `${entry ? entry.points : 0} ${u.kind === "horse" ? "" : `shared ${u.kind} `}moves left`];
  if (carried) facts.push(`carrying ${pileWords(view, carried.name)}`);
  if (turn && turn.attacked && name === turn.active) facts.push("attacked: no more steps");
  const attacks = entry ? entry.moves.filter((m) => m.attack) : [];
  return h("section", { class: "panel unit" },
    h("h3", {}, `${obs.phase === "idle" ? "Chosen" : "Moving"}: ${unitWords(view, name)}`),
    h("p", { class: "small" }, facts.join(" · ")),
    attacks.length ? h("p", { class: "small attack-hint" }, `Can attack: ${attacks.map((m) => unitWords(view, m.attack)).join(", ")}.`) : null,
    h("div", { class: "action-buttons" }, buttons));
}

function pilesPanel(view, s) {
  const obs = view.observation;
  const display = obs.display;
  const rows = ["F1", "F2"].map((name) => {
    const p = s.piles.find((q) => q.name === name);
    let where = "not placed yet";
    if (p) {
      const zone = zoneWords(view, zoneOf(display, p.y));
      where = p.carrier ? `carried by ${unitWords(view, p.carrier)} in ${zone}` : `lying at (${p.x}, ${p.y}) in ${zone}`;
    }
    return h("li", { dataset: { pile: name } }, h("span", { class: "key hay" }, name === "F1" ? "1" : "2"), ` ${pileWords(view, name)}: ${where}`);
  });
  const goal = obs.you ? "You win when both piles are in your base at the end of a turn (carried by your own pig or lying there)." : "A player wins with both piles in its base at the end of a turn.";
  return h("section", { class: "panel piles-panel" }, h("h3", {}, "Feed piles"), h("ul", { class: "plain" }, rows), h("p", { class: "small muted" }, goal));
}

function teamPanel(view, ui, s) {
  const obs = view.observation;
  const display = obs.display;
  const turn = obs.turn;
  const player = obs.you || (turn ? turn.mover : "P1");
  const activated = new Set(turn && turn.mover === player ? turn.activated : []);
  const chips = display.names[player].map((name) => {
    const u = s.units.byName.get(name);
    const over = obs.phase === "over";
    const state = !u ? "not placed" : over ? "" : turn && name === turn.active ? "moving" : activated.has(name) ? "moved" : "";
    const can = view.toAct && !s.busy && (obs.phase === "idle" || obs.phase === "active") && s.reach[name] && name !== (turn && turn.active);
    const carried = s.piles.find((p) => p.carrier === name);
    return h("button", {
      class: `unit-chip${name === s.shown ? " chosen" : ""}${state === "moved" ? " moved" : ""}`,
      disabled: !can,
      dataset: { unit: name },
      onclick: () => s.selectUnit(name),
    }, `${unitWords(view, name).replace(/^your /, "")}${state ? ` (${state})` : ""}`, carried ? h("span", { class: "key hay" }, "feed") : null);
  });
  return h("section", { class: "panel team" }, h("h3", {}, obs.you ? "Your units" : `${playerName(view, player)}'s units`), h("div", { class: "chips" }, chips));
}
