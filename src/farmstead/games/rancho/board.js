// Super Farmer Rancho board: the hex board as SVG plus panels for trades, dogs and returns.
//
// Follows the board module interface documented in /static/board-generic.js. The layout, the
// animal values and the exchange rows come from the game's data files (GET /api/games/rancho/data),
// so a corrected board drops in without touching this file. Actions are matched by their JSON
// (state.action_to_json): BUY/LINK {pasture}, UNPLACE/PLACE_RABBIT/PLACE_SHEEP {cell},
// PLACE_COW/PLACE_HORSE {cells}, GIVE/RECEIVE/RETURN {kind}, and the simple ones by type.
import { api, h, svg } from "/static/api.js";
import { animationsOn, byType, inkOn, isLight, markChanged, pressable, previousObservation, seatColour, seatEdge, seatMark, swatch, whileAnimating } from "/static/board-kit.js";
import { describe } from "/static/board-generic.js";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 30; // hex radius in SVG units
const KINDS = ["rabbit", "sheep", "cow", "horse", "small_dog", "large_dog"];
const ANIMALS = ["rabbit", "sheep", "cow", "horse"];
const WORDS = { rabbit: "rabbit", sheep: "sheep", cow: "cow", horse: "horse", small_dog: "small dog", large_dog: "large dog" };
const PLURAL = { rabbit: "rabbits", sheep: "sheep", cow: "cows", horse: "horses", small_dog: "small dogs", large_dog: "large dogs" };
const ICON = {
  rabbit: { letter: "R", fill: "#d9b98c", ink: "#3b2a14" },
  sheep: { letter: "S", fill: "#ffffff", ink: "#333333" },
  cow: { letter: "C", fill: "#3d3d3d", ink: "#ffffff" },
  horse: { letter: "H", fill: "#8b5a2b", ink: "#ffffff" },
  small_dog: { letter: "d", fill: "#b08968", ink: "#ffffff" },
  large_dog: { letter: "D", fill: "#7f5539", ink: "#ffffff" },
  fox: { letter: "F", fill: "#e76f1c", ink: "#ffffff" },
  wolf: { letter: "W", fill: "#5c677d", ink: "#ffffff" },
};
const COST_FILL = { 1: "#a7c957", 2: "#c5dc8a", 4: "#e4efc0" };
const PLACE_TYPES = { rabbit: "PLACE_RABBIT", sheep: "PLACE_SHEEP", cow: "PLACE_COW", horse: "PLACE_HORSE" };
const PHASE_TEXT = {
  first_player: "Drawing the first player",
  expansion: "Expansion: trade with the herd, buy pastures, arrange animals, then roll",
  dice: "Rolling the dice",
  order: "Fox and wolf: choose which attacks first",
  d6: "The predator die decides which pastures are attacked",
  dog: "A predator attacks: dog decision",
  placement: "Placement: put the new animals on your spaces, then end the turn",
  over: "The game is over",
};


function centre(q, r) {
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

function hexPoints(x, y, radius = SIZE) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function count(n, kind) {
  return `${n} ${n === 1 ? WORDS[kind] : PLURAL[kind]}`;
}

/** Load the board cells, animal values and exchange rows from the game's data files. */
export async function setup(game) {
  const data = await api(`/api/games/${encodeURIComponent(game.name)}/data`);
  const item = (name) => data.items.find((i) => i.name === name);
  const board = item("board").value;
  const cells = board.cells.map((c) => ({ ...c, xy: centre(c.q, c.r) }));
  const byId = Object.fromEntries(cells.map((c) => [c.id, c]));
  const values = { ...(item("values") ? item("values").value : {}) };
  const rows = item("exchange_rows") ? Object.values(item("exchange_rows").value).flat() : [];
  return { cells, byId, forestRadius: board.forest_radius ?? 1, values, rows };
}

export function help() {
  return h("div", { class: "small" },
    h("p", {}, "Goal: be the first with at least one rabbit, one sheep, one cow and one horse on your own spaces."),
    h("ol", {},
      h("li", {}, "On your turn, trade with the central herd (panel ", h("em", {}, "Trade"), "): add what you give and what you take until both sides are worth the same, then confirm. Buy pastures next to your farm by clicking a highlighted pasture and paying its price (1, 2 or 4 rabbits)."),
      h("li", {}, "Arrange your animals by clicking them (picks them up) and clicking a highlighted space. ", h("em", {}, "Arrange safest"), " does it for you."),
      h("li", {}, "Roll the dice. A fox takes rabbits, a wolf takes sheep, cows and horses on the pastures numbered by the predator die; a dog can save them. Then every kind shown on the dice breeds: one young per pair."),
      h("li", {}, "Place the young animals (a rabbit space holds 6, a sheep 1 space, a cow 2 touching spaces, a horse 3), then end the turn.")),
    h("p", { class: "muted" }, "Values in rabbits: sheep 6, cow 12, horse 24, small dog 3, large dog 6. Farm spaces are never attacked."));
}

// --- interaction state kept on the container between renders --------------------------
function uiState(container, view) {
  let ui = container._rancho;
  if (!ui || ui.index !== view.index || ui.seat !== view.seat) {
    const keep = ui && ui.seat === view.seat ? ui.placeKind : null;
    ui = { index: view.index, seat: view.seat, placeKind: keep, selected: [], lastDiceIndex: ui ? ui.lastDiceIndex : null, skipDice: ui ? ui.skipDice : false };
    container._rancho = ui;
  }
  return ui;
}

export function render(container, view, ctx) {
  const data = ctx.data;
  const obs = view.observation;
  const match = view.match;
  const ui = uiState(container, view);
  const legal = view.toAct ? view.legal : [];
  const types = byType(legal);
  // The animal values in rabbits, as this match counts them (the server applies the params).
  const values = obs.values;
  const used = new Set(); // action ids offered somewhere on the board or the panels
  const act = (a) => {
    if (a) ctx.act(a.id);
  };

  // Which kind is being placed: the chosen one, else the first pool kind that can be placed.
  const placeable = ANIMALS.filter((k) => (types[PLACE_TYPES[k]] || []).length);
  if (ui.placeKind && !placeable.includes(ui.placeKind)) ui.placeKind = null;
  if (!ui.placeKind && placeable.length) ui.placeKind = placeable[0];

  // --- clickable cells -----------------------------------------------------------------
  const clicks = new Map(); // cell id -> handler
  const hints = new Map(); // cell id -> css class
  const says = new Map(); // cell id -> what pressing it does, in words (its accessible name)
  const mark = (cell, cls, handler, action) => {
    clicks.set(cell, handler);
    hints.set(cell, cls);
    says.set(cell, cls === "buy" ? `buy pasture ${cell}` : cls === "link" ? `pass through pasture ${cell}` : `place a ${WORDS[ui.placeKind]} on ${cell}`);
    if (action) used.add(action.id);
  };
  for (const a of types.BUY || []) mark(a.json.pasture, "buy", () => act(a), a);
  for (const a of types.LINK || []) mark(a.json.pasture, "link", () => act(a), a);
  if (ui.placeKind) {
    const type = PLACE_TYPES[ui.placeKind];
    const options = (types[type] || []).map((a) => ({ a, cells: a.json.cells || [a.json.cell] }));
    for (const o of options) used.add(o.a.id);
    const fitting = options.filter((o) => ui.selected.every((c) => o.cells.includes(c)));
    for (const o of fitting) {
      for (const c of o.cells) {
        if (ui.selected.includes(c)) continue;
        mark(c, "place", () => {
          const chosen = [...ui.selected, c];
          const done = fitting.find((f) => f.cells.length === chosen.length && chosen.every((x) => f.cells.includes(x)));
          if (done) {
            ui.selected = [];
            act(done.a);
          } else {
            ui.selected = chosen;
            render(container, view, ctx);
          }
        });
      }
    }
  }
  const unplace = new Map();
  for (const a of types.UNPLACE || []) {
    unplace.set(a.json.cell, a);
    used.add(a.id);
  }

  // --- the SVG board -------------------------------------------------------------------
  const owner = {};
  obs.seats.forEach((s, seat) => s.pastures.forEach((p) => (owner[p] = seat)));
  const farmSeat = {};
  obs.seats.forEach((s, seat) => (farmSeat[s.farm] = seat));
  const buying = new Set(obs.transaction ? obs.transaction.buy : []);
  const route = obs.transaction && obs.transaction.route ? new Set(obs.transaction.route.links) : new Set();

  const xs = data.cells.map((c) => c.xy[0]);
  const ys = data.cells.map((c) => c.xy[1]);
  const pad = SIZE * 1.2;
  const [minX, maxX, minY, maxY] = [Math.min(...xs) - pad, Math.max(...xs) + pad, Math.min(...ys) - pad, Math.max(...ys) + pad];
  const root = svg("svg", {
    class: "rancho-board", viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`,
    role: "group", "aria-label": "Rancho board", // a group: its highlighted spaces are buttons
  });

  // Forest: every hex within the forest radius of the centre.
  const forest = svg("g", { class: "forest" });
  const fr = data.forestRadius;
  for (let q = -fr; q <= fr; q++) {
    for (let r = -fr; r <= fr; r++) {
      if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) > fr) continue;
      const [x, y] = centre(q, r);
      forest.append(svg("polygon", { points: hexPoints(x, y), fill: "#386641", stroke: "#2d5234" }));
    }
  }
  forest.append(icon("fox", -SIZE * 0.55, -SIZE * 0.1, 11), icon("wolf", SIZE * 0.55, SIZE * 0.1, 11));
  forest.append(svg("text", { x: 0, y: SIZE * 1.05, class: "forest-label" }, "forest"));
  root.append(forest);

  const cellsLayer = svg("g", { class: "cells" });
  for (const c of data.cells) {
    const [x, y] = c.xy;
    const seatOfFarm = c.kind === "farm" ? farmSeat[c.farm] : undefined;
    let fill = c.kind === "farm" ? (seatOfFarm !== undefined ? seatColour(obs, seatOfFarm) : "#d6d3c9") : COST_FILL[c.cost] || "#e4efc0";
    const classes = ["cell", c.kind];
    if (hints.has(c.id)) classes.push("clickable", hints.get(c.id));
    if (ui.selected.includes(c.id)) classes.push("selected");
    if (buying.has(c.id)) classes.push("buying");
    if (route.has(c.id)) classes.push("route");
    const g = svg("g", { class: classes.join(" "), "data-cell": c.id });
    // A light seat colour (white) gets a dark edge, or it vanishes on the cream page.
    const farmEdge = seatOfFarm !== undefined ? seatEdge(obs, seatOfFarm) : null;
    g.append(svg("polygon", {
      points: hexPoints(x, y, SIZE - 1), fill, "fill-opacity": c.kind === "farm" && !farmEdge ? 0.55 : 1,
      stroke: farmEdge || undefined, "stroke-width": farmEdge ? 2 : undefined, class: farmEdge ? "seat-edge" : undefined,
    }));
    if (owner[c.id] !== undefined) {
      // The owner's colour ring and marker, each outlined in a dark edge so that a pale colour
      // (yellow, white) still stands out on the pale pastures.
      const edge = seatEdge(obs, owner[c.id]) || "#2b2a26";
      g.append(svg("polygon", { points: hexPoints(x, y, SIZE - 4), fill: "none", stroke: edge, "stroke-width": 7, class: "owned seat-edge owner-edge" }));
      g.append(svg("polygon", { points: hexPoints(x, y, SIZE - 4), fill: "none", stroke: seatColour(obs, owner[c.id]), "stroke-width": 4, class: "owned" }));
      g.append(ownerMark(obs, owner[c.id], x + SIZE * 0.45, y - SIZE * 0.5, edge));
    } else if (seatOfFarm !== undefined) {
      g.append(ownerMark(obs, seatOfFarm, x + SIZE * 0.45, y - SIZE * 0.5, seatEdge(obs, seatOfFarm) || "#2b2a26"));
    }
    if (c.kind === "pasture") g.append(svg("text", { x: x - SIZE * 0.5, y: y - SIZE * 0.35, class: "cost" }, String(c.cost)));
    else g.append(svg("text", { x, y: y + SIZE * 0.7, class: "farm-label" }, `farm ${c.farm}`));
    g.append(svg("title", {}, `${c.id}${c.kind === "pasture" ? ` · price ${c.cost}` : ` · farm ${c.farm}`}${owner[c.id] !== undefined ? ` · ${match.seats[owner[c.id]].name}` : ""}`));
    if (clicks.has(c.id)) {
      g.addEventListener("click", clicks.get(c.id));
      pressable(g, says.get(c.id), clicks.get(c.id));
    }
    cellsLayer.append(g);
  }
  root.append(cellsLayer);

  // Animals: rabbits and sheep on one cell, cows across two, horses across three.
  const animals = svg("g", { class: "animals" });
  for (const piece of obs.pieces) {
    const pts = piece.cells.map((id) => data.byId[id].xy);
    const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    const pieceOwner = ownerOfCell(piece.cells[0], owner, farmSeat, data);
    const handlerAction = piece.cells.map((id) => unplace.get(id)).find(Boolean);
    const g = svg("g", { class: `piece ${piece.kind}${handlerAction || piece.cells.some((c) => clicks.has(c)) ? " clickable" : ""}`, "data-piece": piece.kind, "data-cells": piece.cells.join(" ") });
    if (pts.length === 2) {
      g.append(svg("line", { x1: pts[0][0], y1: pts[0][1], x2: pts[1][0], y2: pts[1][1], class: "span", stroke: ICON[piece.kind].fill }));
    } else if (pts.length === 3) {
      g.append(svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), class: "span", fill: ICON[piece.kind].fill, stroke: ICON[piece.kind].fill }));
    }
    g.append(icon(piece.kind, cx, cy, pts.length > 1 ? 13 : 12, pieceOwner !== undefined ? seatColour(obs, pieceOwner) : null));
    if (piece.kind === "rabbit") g.append(svg("text", { x: cx + 11, y: cy + 14, class: "count" }, `×${piece.count}`));
    g.append(svg("title", {}, `${piece.kind === "rabbit" ? count(piece.count, "rabbit") : WORDS[piece.kind]} on ${piece.cells.join("+")}${handlerAction ? " — click to pick up" : ""}`));
    const target = piece.cells.find((c) => clicks.has(c));
    if (target) {
      // Placing onto this space (a rabbit joining a stack) wins over picking the animal up:
      // a click goes through the animal to the space under it, the one control for pointer
      // and keyboard alike.
      g.setAttribute("pointer-events", "none");
    } else if (handlerAction) {
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        act(handlerAction);
      });
      pressable(g, `pick up the ${piece.kind === "rabbit" ? count(piece.count, "rabbit") : WORDS[piece.kind]} on ${piece.cells.join("+")}`, () => act(handlerAction));
    }
    animals.append(g);
  }
  root.append(animals);

  // --- panels ----------------------------------------------------------------------------
  // The dock holds what the player must act on now (the turn, the dice, a predator's question,
  // animals to place); on a phone it stays in view under the board. The rest is reference.
  const dock = [];
  const panels = [];
  // A question (which predator first, a dog, animals without room) comes first, then the
  // animals to place, then the turn's buttons and the dice.
  for (const p of [orderPanel(types, used, act), dogPanel(obs, types, used, act, match, view), returnPanel(types, used, act)]) if (p) dock.push(p);
  const mySeat = view.seat;
  if (mySeat !== null && mySeat !== undefined && obs.seats[mySeat]) {
    const waiting = ANIMALS.some((k) => obs.seats[mySeat].pool[k] > 0);
    (waiting ? dock : panels).push(poolPanel(obs, mySeat, ui, placeable, types, container, view, ctx));
  }
  dock.push(turnPanel(view, obs, types, used, act));
  const dicePanelEl = dicePanel(container, ui, obs, view);
  if (dicePanelEl) dock.push(dicePanelEl);
  // An open trade is the active seat's (RA-R10), whoever is watching; else our own, when we may trade.
  const trader = obs.transaction && obs.active !== null ? obs.active : mySeat;
  if (trader !== null && trader !== undefined && obs.seats[trader] && (types.GIVE || types.RECEIVE || obs.transaction)) {
    panels.push(tradePanel(obs, trader, trader === mySeat, types, used, act, values, data, match));
  }
  panels.push(herdPanel(obs, match, data, values));
  const rest = legal.filter((a) => !used.has(a.id));
  if (rest.length) {
    dock.push(h("section", { class: "panel other" }, h("h3", {}, "Other moves"),
      h("div", { class: "action-buttons" }, rest.map((a) => h("button", { class: "action", dataset: { action: a.id }, onclick: () => act(a) }, a.label)))));
  }

  container.replaceChildren(h("div", { class: "rancho" },
    h("div", { class: "rancho-main" }, root),
    h("div", { class: "rancho-side" },
      h("div", { class: "rancho-dock rancho-panels", "aria-label": "your move" }, dock),
      h("div", { class: "rancho-panels" }, panels)),
    h("div", { class: "rancho-legend" }, legendRow())));
  const before = previousObservation(container, view);
  if (before) animateChanges(container, before, obs, data);
}

/** Each seat's animals (on its spaces and waiting to be placed) and dogs, by kind. */
function seatTotals(obs, data) {
  const owner = {};
  obs.seats.forEach((s, seat) => s.pastures.forEach((p) => (owner[p] = seat)));
  const farmSeat = {};
  obs.seats.forEach((s, seat) => (farmSeat[s.farm] = seat));
  const totals = obs.seats.map((s) => ({ ...Object.fromEntries(ANIMALS.map((k) => [k, s.pool[k] || 0])), ...s.dogs }));
  for (const p of obs.pieces) {
    const seat = ownerOfCell(p.cells[0], owner, farmSeat, data);
    if (seat !== undefined) totals[seat][p.kind] += p.kind === "rabbit" ? p.count : 1;
  }
  return totals;
}

/** What changed since the observation drawn before, shown briefly (board-kit's markChanged):
 * each seat's counter of a kind that changed flashes with "+n" (bred, traded for) or "−n"
 * (taken by the fox or the wolf, traded away); new animals on the board pop in, and where a
 * seat lost animals the spaces they stood on flash red. Only the two observations are
 * compared: no rule is worked out here. */
function animateChanges(container, before, obs, data) {
  if (!Array.isArray(before.seats) || before.seats.length !== obs.seats.length || !Array.isArray(before.pieces)) return;
  const [was, now] = [seatTotals(before, data), seatTotals(obs, data)];
  const lost = new Set(); // "seat:kind" that fell
  now.forEach((t, seat) => {
    for (const k of KINDS) {
      const n = (t[k] || 0) - (was[seat][k] || 0);
      if (!n) continue;
      if (n < 0) lost.add(`${seat}:${k}`);
      const el = container.querySelector(`.seat-count[data-seat="${seat}"][data-kind="${k}"]`);
      markChanged(el, n > 0 ? "gain" : "loss", { delta: n > 0 ? `+${n}` : `−${-n}` });
    }
  });
  const key = (p) => `${p.kind}@${p.cells.join("+")}`;
  const old = new Map(before.pieces.map((p) => [key(p), p]));
  const fresh = new Map(obs.pieces.map((p) => [key(p), p]));
  for (const p of obs.pieces) {
    const prev = old.get(key(p));
    const g = container.querySelector(`.rancho-board .piece[data-piece="${p.kind}"][data-cells="${p.cells.join(" ")}"]`);
    if (!g) continue;
    if (!prev) markChanged(g, "pop");
    else if (p.kind === "rabbit" && p.count > prev.count) {
      const [x, y] = data.byId[p.cells[0]].xy;
      markChanged(g, "pop", { delta: `+${p.count - prev.count}`, at: [x, y - 16] });
    }
  }
  const owner = {};
  before.seats.forEach((s, seat) => s.pastures.forEach((c) => (owner[c] = seat)));
  const farmSeat = {};
  before.seats.forEach((s, seat) => (farmSeat[s.farm] = seat));
  for (const p of before.pieces) {
    const still = fresh.get(key(p));
    const gone = !still ? (p.kind === "rabbit" ? p.count : 1) : p.kind === "rabbit" ? p.count - still.count : 0;
    const seat = ownerOfCell(p.cells[0], owner, farmSeat, data);
    if (gone <= 0 || seat === undefined || !lost.has(`${seat}:${p.kind}`)) continue;
    p.cells.forEach((c, i) => {
      const cell = container.querySelector(`.rancho-board .cell[data-cell="${c}"]`);
      const [x, y] = data.byId[c].xy;
      markChanged(cell, "loss", i === 0 ? { delta: `−${gone}`, at: [x, y - 16] } : {});
    });
  }
}

function ownerOfCell(id, owner, farmSeat, data) {
  if (owner[id] !== undefined) return owner[id];
  const cell = data.byId[id];
  return cell && cell.kind === "farm" ? farmSeat[cell.farm] : undefined;
}

/** The owner's marker on a space: a disc in the seat's colour with the seat's number on it. */
function ownerMark(obs, seat, x, y, edge) {
  const colour = seatColour(obs, seat);
  return svg("g", { class: "owner-badge" },
    svg("circle", { cx: x, cy: y, r: 7, fill: colour, stroke: edge, "stroke-width": 1.5, class: "owner-mark" }),
    svg("text", { x, y: y + 3.3, class: "owner-number", fill: inkOn(colour) }, seatMark(seat)));
}

function icon(kind, x, y, radius, ring) {
  const style = ICON[kind];
  return svg("g", { class: `icon icon-${kind}` },
    ring && isLight(ring) ? svg("circle", { cx: x, cy: y, r: radius + 2, fill: "none", stroke: "#4a4840", "stroke-width": 1.5, class: "seat-edge" }) : null,
    svg("circle", { cx: x, cy: y, r: radius, fill: style.fill, stroke: ring || "#0008", "stroke-width": ring ? 3 : 1 }),
    svg("text", { x, y: y + radius * 0.38, class: "icon-letter", fill: style.ink, "font-size": radius * 1.1 }, style.letter));
}

function legendRow() {
  return h("p", { class: "legend small muted" },
    ...["rabbit", "sheep", "cow", "horse"].map((k) => h("span", { class: "legend-item" }, h("span", { class: "dot", style: `background:${ICON[k].fill}` }, ICON[k].letter), ` ${WORDS[k]} `)),
    " · pasture numbers are prices and the predator die's targets");
}

function button(a, text, used, act, cls = "") {
  if (!a) return null;
  used.add(a.id);
  return h("button", { class: `action ${cls}`, dataset: { action: a.id }, onclick: () => act(a) }, text || a.label);
}

function turnPanel(view, obs, types, used, act) {
  const active = obs.active;
  let whose = "";
  if (active !== null && active !== undefined && obs.phase !== "over") whose = active === view.seat ? "Your turn · " : `${view.match.seats[active].name}'s turn · `;
  const one = (t) => (types[t] || [])[0];
  const buttons = [
    button(one("ROLL"), "Roll the dice", used, act, "primary roll"),
    button(one("END_TURN"), "End the turn", used, act, "primary end-turn"),
    button(one("ARRANGE_SAFEST"), "Arrange safest", used, act, "arrange"),
  ].filter(Boolean);
  const hint = [];
  if (view.toAct && (types.BUY || []).length) hint.push("Click a highlighted pasture to buy it.");
  if (view.toAct && (types.UNPLACE || []).length) hint.push("Click one of your animals to pick it up.");
  return h("section", { class: "panel turn" },
    h("h3", {}, `${whose}round ${obs.round + 1}`),
    h("p", { class: "phase" }, PHASE_TEXT[obs.phase] || obs.phase),
    buttons.length ? h("div", { class: "action-buttons" }, buttons) : null,
    hint.length ? h("p", { class: "small muted" }, hint.join(" ")) : null);
}

function dicePanel(container, ui, obs, view) {
  if (!obs.dice && !obs.d6) return null;
  const faces = obs.dice || [];
  const diceEvent = [...view.events].reverse().find((e) => e.seat < 0 && /^Dice/.test(e.text));
  const fresh = !view.replay && diceEvent && ui.lastDiceIndex !== null && diceEvent.index !== ui.lastDiceIndex && !ui.skipDice;
  if (diceEvent) ui.lastDiceIndex = diceEvent.index;
  const reduce = !animationsOn(); // reduced motion or "Animations: off" (board-kit)
  const diceEls = faces.map((f) => h("span", { class: `die face-${f}`, title: f }, dieFace(f)));
  const panel = h("section", { class: "panel dice", "aria-label": "dice" },
    h("h3", {}, "Dice"),
    h("div", { class: "dice-row" }, diceEls,
      obs.d6 ? h("span", { class: "die d6", title: "predator die" }, String(obs.d6)) : null),
    obs.attack ? h("p", { class: "small" }, `Now attacking: the ${obs.attack}${obs.d6 ? ` on pastures numbered ${obs.d6}` : ""}.`) : null);
  if (fresh && !reduce && faces.length) {
    // A short roll: faces flicker, then settle. Click the dice to skip.
    panel.classList.add("rolling");
    const symbols = ["rabbit", "sheep", "cow", "horse", "fox", "wolf"];
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
      diceEls.forEach((el, i) => el.replaceChildren(dieFace(symbols[(ticks + i * 2) % symbols.length])));
      if (ticks >= 8) finish();
    }, 70);
    let done = null;
    const finish = () => {
      if (done) done();
      clearInterval(timer);
      panel.classList.remove("rolling");
      diceEls.forEach((el, i) => el.replaceChildren(dieFace(faces[i])));
    };
    done = whileAnimating(finish); // a key or a click on the board skips it
    panel.addEventListener("click", () => {
      ui.skipDice = true;
      finish();
    });
    panel.title = "click to skip the animation";
  }
  return panel;
}

function dieFace(symbol) {
  const style = ICON[symbol] || ICON.rabbit;
  return h("span", { class: "die-face", style: `background:${style.fill};color:${style.ink}` }, symbol);
}

function orderPanel(types, used, act) {
  const fox = (types.FOX_FIRST || [])[0];
  const wolf = (types.WOLF_FIRST || [])[0];
  if (!fox && !wolf) return null;
  return h("section", { class: "panel order" }, h("h3", {}, "Fox and wolf"),
    h("p", {}, "Both predators came up. Which attacks first? (The result is the same either way.)"),
    h("div", { class: "action-buttons" }, button(fox, "Fox first", used, act), button(wolf, "Wolf first", used, act)));
}

function dogPanel(obs, types, used, act, match, view) {
  const use = (types.USE_DOG || [])[0];
  const keep = (types.KEEP_DOG || [])[0];
  if (!use && !keep) return null;
  const predator = obs.attack || "predator";
  const dog = predator === "fox" ? "small dog" : "large dog";
  // What this seat would lose, as the server works it out (RA-R34 fox, RA-R35 wolf).
  const seat = view.seat;
  const mine = obs.losses && seat !== null && seat !== undefined ? obs.losses[seat] : null;
  const lost = mine ? KINDS.filter((k) => mine[k] > 0).map((k) => count(mine[k], k)).join(", ") : "";
  return h("section", { class: "panel dog" }, h("h3", {}, `The ${predator} attacks!`),
    h("p", {}, `Pastures numbered ${obs.d6} are hit. You would lose ${lost || "animals"}. Give your ${dog} back to the herd to save them?`),
    h("div", { class: "action-buttons" }, button(use, `Use the ${dog}`, used, act, "primary use-dog"), button(keep, `Keep the ${dog}`, used, act, "keep-dog")));
}

function returnPanel(types, used, act) {
  const options = types.RETURN || [];
  if (!options.length) return null;
  return h("section", { class: "panel return" }, h("h3", {}, "Not enough room"),
    h("p", {}, "Your animals do not all fit on your spaces. Choose animals to give back to the herd until they fit."),
    h("div", { class: "action-buttons" }, options.map((a) => button(a, `Return 1 ${WORDS[a.json.kind]}`, used, act))));
}

function poolPanel(obs, seat, ui, placeable, types, container, view, ctx) {
  const pool = obs.seats[seat].pool;
  const dogs = obs.seats[seat].dogs;
  const waiting = ANIMALS.filter((k) => pool[k] > 0);
  const rows = waiting.map((k) => {
    const can = placeable.includes(k);
    return h("button", {
      class: `pool-kind${ui.placeKind === k ? " chosen" : ""}`, disabled: !can, dataset: { kind: k },
      onclick: () => {
        ui.placeKind = k;
        ui.selected = [];
        render(container, view, ctx);
      },
    }, `${count(pool[k], k)}`);
  });
  let hint = null;
  if (ui.placeKind && placeable.length) {
    const need = { rabbit: "a space (up to 6 rabbits share one)", sheep: "an empty space", cow: "two touching empty spaces", horse: "three touching empty spaces" }[ui.placeKind];
    hint = h("p", { class: "small" }, `Placing a ${WORDS[ui.placeKind]}: click ${need} highlighted on the board.`,
      ui.selected.length ? h("button", { class: "small", onclick: () => { ui.selected = []; render(container, view, ctx); } }, "Start over") : null);
  }
  return h("section", { class: "panel pool" }, h("h3", {}, "Your animals to place"),
    waiting.length ? h("div", { class: "action-buttons" }, rows) : h("p", { class: "muted small" }, "None — all your animals are on the board."),
    hint,
    h("p", { class: "small" }, `Dogs: ${count(dogs.small_dog, "small_dog")}, ${count(dogs.large_dog, "large_dog")}.`));
}

/** The trade of ``seat`` with the herd; ``mine``: the viewer's own (else the words name the
 * trader, e.g. during a bot's turn). */
function tradePanel(obs, seat, mine, types, used, act, values, data, match) {
  const tx = obs.transaction;
  const name = match.seats[seat] ? match.seats[seat].name : `Seat ${seat + 1}`;
  const words = mine
    ? { title: "Trade with the herd", column: "you", give: "You give: ", get: "You get: ", balanced: "Balanced: you can confirm.",
      over: (d) => `You give ${d} more than you get: take more or buy more.`, owe: (d) => `You still owe ${d}: give more.` }
    : { title: `${name}'s trade with the herd`, column: name, give: `${name} gives: `, get: `${name} gets: `, balanced: `Balanced: ${name} can confirm.`,
      over: (d) => `${name} gives ${d} more than they get so far.`, owe: (d) => `${name} still owes ${d}.` };
  const owned = {};
  for (const k of ANIMALS) owned[k] = obs.seats[seat].pool[k];
  for (const p of obs.pieces) {
    if (ownerOfCell(p.cells[0], Object.fromEntries(obs.seats.flatMap((s, i) => s.pastures.map((x) => [x, i]))), Object.fromEntries(obs.seats.map((s, i) => [s.farm, i])), data) === seat) {
      owned[p.kind] += p.kind === "rabbit" ? p.count : 1;
    }
  }
  owned.small_dog = obs.seats[seat].dogs.small_dog;
  owned.large_dog = obs.seats[seat].dogs.large_dog;
  const give = (k) => (types.GIVE || []).find((a) => a.json.kind === k);
  const take = (k) => (types.RECEIVE || []).find((a) => a.json.kind === k);
  const rows = KINDS.map((k) => h("tr", { dataset: { kind: k } },
    h("td", {}, WORDS[k], h("span", { class: "muted small" }, ` (${values[k]})`)),
    h("td", { class: "num" }, String(owned[k])),
    h("td", {}, button(give(k), "give", used, act, "small give")),
    h("td", { class: "num" }, String(obs.herd[k])),
    h("td", {}, button(take(k), "take", used, act, "small take"))));
  let balance = null;
  if (tx && tx.worth) {
    // The trade's worth in rabbits comes from the server (RA-R10): given, taken, prices, fees.
    const { give: given, receive: got, prices, fees, balance: diff } = tx.worth;
    const list = (side) => KINDS.filter((k) => side[k] > 0).map((k) => count(side[k], k)).join(", ") || "nothing";
    balance = h("div", { class: "balance" },
      h("p", {}, h("strong", {}, words.give), `${list(tx.give)} = ${given}`),
      h("p", {}, h("strong", {}, words.get), `${list(tx.receive)}${tx.buy.length ? ` + ${tx.buy.length === 1 ? "pasture" : "pastures"} ${tx.buy.join(", ")} (${prices})` : ""}${fees ? ` + passage fees ${fees}` : ""} = ${got + prices + fees}`),
      h("p", { class: diff === 0 ? "balanced" : "unbalanced" }, diff === 0 ? words.balanced : diff > 0 ? words.over(diff) : words.owe(-diff)),
      tx.route ? h("p", { class: "small" }, `Passage to ${tx.route.target}: click the highlighted pastures to pass through (fee so far ${tx.route.fee}, minimum ${tx.route.min_fee}).`) : null);
  }
  const confirm = (types.CONFIRM || [])[0];
  const cancel = (types.CANCEL || [])[0];
  return h("section", { class: `panel trade${mine ? "" : " theirs"}`, dataset: { trader: seat } }, h("h3", {}, words.title),
    h("table", { class: "trade-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "animal (value)"), h("th", {}, words.column), h("th", {}), h("th", {}, "herd"), h("th", {}))),
      h("tbody", {}, rows)),
    balance,
    confirm || cancel ? h("div", { class: "action-buttons" }, button(confirm, "Confirm the trade", used, act, "primary confirm"), button(cancel, "Cancel", used, act, "cancel")) : null,
    data.rows.length ? h("details", { class: "small" }, h("summary", {}, "Exchange rows"), h("ul", {}, data.rows.map((r) => h("li", {}, r)))) : null);
}

function herdPanel(obs, match, data, values) {
  const totals = seatTotals(obs, data); // each seat's animals: on its spaces and to place
  return h("section", { class: "panel herd" }, h("h3", {}, "Central herd"),
    h("p", { class: "herd-row" }, KINDS.map((k) => h("span", { class: "herd-item", dataset: { kind: k } }, h("span", { class: "dot", style: `background:${ICON[k].fill};color:${ICON[k].ink}` }, ICON[k].letter), ` ${obs.herd[k]} `))),
    h("table", { class: "seats-table small" }, h("tbody", {}, obs.seats.map((s, i) =>
      h("tr", {},
        h("td", {}, swatch(obs, i, match.seats[i].name), " ", match.seats[i].name),
        h("td", { class: "pasture-count" }, `${s.pastures.length} ${s.pastures.length === 1 ? "pasture" : "pastures"}`),
        h("td", { class: "seat-animals" }, ANIMALS.map((k) => h("span", { class: "seat-count", dataset: { seat: i, kind: k }, title: count(totals[i][k], k) }, `${ICON[k].letter} ${totals[i][k]}`))),
        h("td", {}, "dogs ",
          h("span", { class: "seat-count", dataset: { seat: i, kind: "small_dog" }, title: count(s.dogs.small_dog, "small_dog") }, String(s.dogs.small_dog)), "/",
          h("span", { class: "seat-count", dataset: { seat: i, kind: "large_dog" }, title: count(s.dogs.large_dog, "large_dog") }, String(s.dogs.large_dog))))))),
    h("details", { class: "small" }, h("summary", {}, "Raw position"), describe({ phase: obs.phase, round: obs.round, dog_queue: obs.dog_queue, attacks_left: obs.attacks_left, winner: obs.winner })));
}
