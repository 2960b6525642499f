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
import { byType, seatColour, seatName } from "/static/board-kit.js";

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
      cards[item.name] = { ...v, provenance: item.provenance };
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
  const board = svg("svg", { class: "lu-board", viewBox: `-20 -20 ${side * CELL + 24} ${side * CELL + 24}`, role: "img", "aria-label": "the farm" });
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
          g.append(svg("path", { d: `M${x + 12},${y + 34} L${x + 32},${y + 14} L${x + 52},${y + 34} L${x + 52},${y + 56} L${x + 12},${y + 56} Z`, fill: factionColour(data, obs, owner), class: "barn" }));
        } else if (TILE_MARK[tile]) {
          g.append(svg("text", { x: x + 4, y: y + 11, class: "tile-name" }, TILE_MARK[tile]));
        }
        if (scorched.has(key)) g.append(svg("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, class: "scorched" }));
      }
      g.append(svg("title", {}, `(${r}, ${c}) ${tile || "face down"}${scorched.has(key) ? ", scorched" : ""}`));
      board.append(g);
    }
  }
  // Pieces.
  for (const [key, pieces] of byCell) {
    const [r, c] = key.split(",").map(Number);
    pieces.forEach((p, i) => {
      const seat = seatOfPiece(obs, p.piece);
      const sa = p.piece.endsWith("-SA");
      const n = pieces.length;
      const cx = c * CELL + CELL / 2 + (n > 1 ? (i - (n - 1) / 2) * 16 : 0);
      const cy = r * CELL + CELL / 2 - 10;
      const a = pieceActions.get(p.piece);
      const isActive = p.piece === active;
      const g = svg("g", {
        class: `piece${a ? " selectable" : ""}${isActive ? " active" : ""}`,
        "data-piece": p.piece,
        tabindex: a ? 0 : null,
        role: a ? "button" : null,
        onclick: a ? () => act(a) : null,
        onkeydown: a ? (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), act(a)) : null,
      });
      g.append(svg("circle", { cx, cy, r: sa ? 17 : 13, fill: factionColour(data, obs, seat), stroke: isActive ? "#fff" : "#0008", "stroke-width": isActive ? 3 : 1.5 }));
      g.append(svg("text", { x: cx, y: cy + 4, class: "piece-label" }, sa ? "SA" : p.piece.slice(-1)));
      g.append(svg("text", { x: cx, y: cy + (sa ? 29 : 25), class: "piece-stats" }, `${p.atk}/${p.def}`));
      g.append(svg("title", {}, `${p.piece}: ATK ${p.atk} DEF ${p.def}; ${p.units.map((u) => (data.units[u] ? data.units[u].name : u)).join(", ") || "no units"}${p.fortified ? "; fortified" : ""}`));
      board.append(g);
    });
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
    h("div", { class: "lu-main" }, board), sidebar));
}

/** A small menu when one cell stands for several actions (a Sky Hen attacks or flies over). */
function chooser(container, actions, act) {
  const old = container.querySelector(".lu-chooser");
  if (old) old.remove();
  const menu = h("div", { class: "lu-chooser", role: "menu" },
    actions.map((a) => h("button", { role: "menuitem", onclick: () => { menu.remove(); act(a); } }, a.label)),
    h("button", { class: "cancel", onclick: () => menu.remove() }, "Cancel"));
  container.append(menu);
}

function decisionPanel(view, data, legal, handled, act) {
  const obs = view.observation;
  const who = obs.decider !== null && obs.decider !== undefined ? seatName(view, obs.decider) : "";
  const lines = [];
  if (obs.phase === "over") {
    const names = obs.winners.map((s) => seatName(view, s));
    lines.push(h("p", { class: "result" }, `Game over: ${names.join(" and ")} ${names.length > 1 ? "share the win" : "wins"}.`));
  } else if (legal.length) {
    lines.push(h("p", { class: "prompt" }, h("strong", {}, "Your decision: "), PHASE_WORDS[obs.phase] || obs.phase));
  } else {
    lines.push(h("p", { class: "prompt muted" }, who ? `${who}: ${PHASE_WORDS[obs.phase] || obs.phase}` : PHASE_WORDS[obs.phase] || obs.phase));
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
  const name = (p) => {
    const seat = seatOfPiece(obs, p);
    return `${seatName(view, seat)} ${p.endsWith("-SA") ? "Super Army" : `General ${p.slice(-1)}★`}`;
  };
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
      h("div", { class: "small" }, card.window ? card.window.replace(/_/g, " ").toLowerCase() : ""),
      h("p", { class: "small" }, card.text),
      a ? h("button", { class: "play-card", onclick: () => act(a) }, a.label) : null);
  });
  // Espionage may offer another seat's cards to discard: buttons in the decision panel.
  const others = obs.hand_sizes.map((n, seat) => (seat === view.seat ? null :
    h("span", { class: "card-backs", title: `${seatName(view, seat)} holds ${n + (obs.has_plan[seat] ? 1 : 0)} hidden card(s)` },
      `${seatName(view, seat)}: ${"▮".repeat(n)}${obs.has_plan[seat] ? " ▣" : ""}`)));
  const known = (obs.known || []).map((k) => h("p", { class: "small" }, `You know ${seatName(view, k.owner)} hold: ${k.cards.map((c) => (data.cards[c] ? data.cards[c].name : c)).join(", ") || "nothing"}`));
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
    h("table", { class: "small" }, h("tr", {}, h("th", {}, "Troop"), h("th", {}, "A/D"), h("th", {}, "left"), h("th", {}, "cost")), rows));
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
      h("div", {}, h("span", { class: "swatch", style: `background:${factionColour(data, obs, seat)}` }), " ",
        h("strong", {}, seatName(view, seat)), ` — ${f ? f.name : "no faction yet"}`, obs.alive[seat] ? "" : " (eliminated)",
        obs.lost_turns[seat] ? ` · loses ${obs.lost_turns[seat]} turn(s)` : ""),
      h("div", { class: "small" }, `Tokens: ${tokens || "none"}`),
      h("ul", { class: "small" }, pieces.map((p) => h("li", {}, `${p.piece}: ${p.atk}/${p.def} — ${p.units.map((u) => (data.units[u] ? data.units[u].name : u)).join(", ") || "no units"}`))));
  });
  return h("section", { class: "lu-panel lu-factions" }, h("h3", {}, "Factions"), rows);
}
