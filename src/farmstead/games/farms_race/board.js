// Farms Race board: the hex map as SVG (pointy-top hexes, "odd-r" rows), a decision panel, the
// combat, nuke and trade panels, the player's hand of resource and Spy cards, and every seat's
// Mutation, VP and Nuke tokens.
//
// Follows the board module interface documented in /static/board-generic.js. Names, texts,
// costs and provenance come from the game's data files (GET /api/games/farms_race/data); the
// map's cells and region types come from the observation (random and custom maps too). The
// board knows no rule: it draws `view.observation` and offers only `view.legal` (ids, labels,
// JSON). A legal action that names a region is a click on that region (a small menu when a
// region offers several); herd counts are "+" buttons on the move's source; damage points are
// clicks on the units in the combat panel; cards act from the hand; every other legal action is
// a button in the decision panel, with its label.
import { api, h, svg } from "/static/api.js";
import { byType, inkOn, markChanged, previousObservation, seatColour, seatMark, seatName, swatch, zoomable } from "/static/board-kit.js";

const S = 40; // hex radius (centre to corner) in SVG units
const W = Math.sqrt(3) * S; // a pointy-top hex's width
const TYPE_FILL = {
  fields: "#f1d77a",
  forest: "#5f9a55",
  hills: "#c98656",
  weapons_factory: "#9aa3ad",
  power_plant: "#a58bd0",
};
const TYPE_SHORT = {
  fields: "Fields",
  forest: "Forest",
  hills: "Hills",
  weapons_factory: "Weapons",
  power_plant: "Power plant",
};
const TYPE_TINY = { weapons_factory: "Weapons", power_plant: "Power" };
const RESOURCES = ["wheat", "wood", "brick", "weapons", "plutonium"];
const RES_FILL = { wheat: "#e9c46a", wood: "#7a9a4d", brick: "#c0603a", weapons: "#6c757d", plutonium: "#7fc241", wild: "#ffffff" };
const REGION_KINDS = new Set([
  "START", "PLACE", "MOVE_TO", "SOURCE", "HEAL", "BARN", "ARMORY", "RETREAT_TO", "ROUTE",
  "TARGET", "FLY_FROM", "FLY_TO", "ZOMBIE_TO",
]);
// What a click on a region does, per action kind: a CSS class for the highlight and a verb for
// the region's menu.
const REGION_CLASS = {
  START: "start", PLACE: "place", MOVE_TO: "move", SOURCE: "source", HEAL: "heal",
  BARN: "build", ARMORY: "build", RETREAT_TO: "retreat", ROUTE: "retreat", ZOMBIE_TO: "retreat",
  TARGET: "target", FLY_FROM: "fly", FLY_TO: "fly",
};
const PHASE_WORDS = {
  first_seat: "drawing the first player",
  deal_mutation: "dealing Mutations",
  choose_mutation: "choosing a Mutation",
  choose_start: "choosing a start region",
  start_roll: "rolling starting resources",
  start_choice: "choosing a starting resource",
  prep_place: "placing new herds",
  actions: "Actions: move, heal, build, trade, nuke, play Spies",
  move_select: "assembling a move",
  reveal: "revealing a Human token",
  roll_attacker: "combat: the attacker rolls",
  roll_defender: "combat: the defender rolls",
  allocate_attacker: "combat: the attacker allocates damage",
  allocate_defender: "combat: the defender allocates damage",
  attacker_decides: "combat: the attacker fights on or retreats",
  defender_decides: "combat: the defender fights on or retreats",
  route_retreat: "combat: routing the retreating herds",
  roll_resources: "rolling the resource dice",
  name_wild: "naming a wild face",
  steal_victim: "choosing whom to steal from",
  steal_draw: "stealing a card",
  resources: "Resources: build, trade, nuke, then end the phase",
  discard_phase: "End of turn: last builds, then end the turn",
  discard: "discarding down to the hand limit",
  redo_offer: "keeping or replaying the first turn",
  peek: "peeking at a Human token",
  fly_source: "Flying: choose a region to fly a herd from",
  fly_health: "Flying: choose the herd",
  fly_dest: "Flying: choose where the herd lands",
  lucky_face: "Lucky: choosing the resource faces",
  doubles_order: "ordering the doubles effects",
  payment: "paying for a build",
  spy_draw: "drawing a Spy card",
  spy_window: "combat: the Spy window",
  spy_opponent: "Blackmail: choosing an opponent",
  blackmail_take: "Blackmail: taking cards",
  agent_draw: "Double Agent: taking cards",
  spy_resource: "naming a resource",
  nuke_target: "choosing a nuke's target",
  hack: "deciding on Hacking",
  pocket_allocate: "allocating a Pocket Nuke's damage",
  nuke_response: "nuking back or passing",
  trade_slot: "trade window: proposing a trade or passing",
  trade_propose: "trade window: building a proposal",
  trade_respond: "trade window: answering a proposal",
  over: "game over",
};
const COMBAT_PHASES = new Set([
  "reveal", "roll_attacker", "roll_defender", "allocate_attacker", "allocate_defender",
  "attacker_decides", "defender_decides", "route_retreat", "spy_window",
]);

// Per match: the region whose menu is open, the build chosen before its region, the kind given
// in a Supply trade being chosen, and the last combat seen (to show its dice once it is over).
const uiStates = new Map();
function uiFor(view) {
  const key = `${view.match ? view.match.id : ""}:${view.replay ? "replay" : view.seat}`;
  let ui = uiStates.get(key);
  if (!ui) {
    ui = { index: -1, menu: null, mode: null, give: null, lastCombat: null, dice: undefined };
    uiStates.set(key, ui);
  }
  if (ui.index !== view.index) {
    ui.index = view.index;
    ui.menu = null;
    ui.mode = null;
    ui.give = null;
  }
  return ui;
}

// --- data ----------------------------------------------------------------------------------
/** Names, texts, costs and provenance of the game's components, from its data files. */
export async function setup(game) {
  const data = await api(`/api/games/${encodeURIComponent(game.name)}/data`);
  const out = { mutations: {}, spies: {}, costs: {}, maps: {}, species: [], typeNames: {}, resourceNames: {}, targetVp: 10 };
  for (const item of data.items) {
    const v = item.value;
    const entry = { ...v, provenance: item.provenance, fields: item.field_provenance || {} };
    if (item.file === "mutations.toml") out.mutations[item.name] = entry;
    else if (item.file === "spies.toml" && v.name) out.spies[item.name] = entry;
    else if (item.file === "costs.toml" && item.name !== "payment_modes") out.costs[item.name] = entry;
    else if (item.file === "maps.toml") out.maps[item.name] = entry;
    else if (item.file === "play.toml" && item.name === "species") out.species = v.names || [];
    else if (item.file === "play.toml" && item.name === "target_vp") out.targetVp = v.default;
    else if (item.file === "play.toml" && item.name === "region_types") {
      (v.order || []).forEach((id, i) => { out.typeNames[id] = v.names[i]; });
    } else if (item.file === "play.toml" && item.name === "resources") {
      (v.order || []).forEach((id, i) => { out.resourceNames[id] = v.names[i]; });
    }
  }
  return out;
}

export function help() {
  return h("div", {},
    h("p", {}, "Your turn: new herds appear at your Barns and Armories. To move, click a region next to your herds (it lights up), click a region to take herds from, add herds with the + buttons on it, then Confirm. Moving into humans or another player's herds starts a combat. Click an injured herd (a ringed counter) to heal it."),
    h("p", {}, "Build a Barn or an Armory by clicking one of your regions (or the Barn / Armory button, then a lit region). Buy Spies and Nukes from the build panel; launch a Nuke from your tokens or a Pocket Nuke card, then click the lit target region."),
    h("p", {}, "In combat, allocate each damage point by clicking one of your units in the combat panel. End the Actions phase to roll the resource dice: every region of the rolled types pays its controller. Between turns, a trade window lets everyone propose one trade at a time."),
    h("p", {}, "Counters: a filled disc is healthy herds, a ringed disc injured ones; a faded disc has acted this turn. A square is a Human token (\"?\" face down). A red flag is Turmoil, a yellow trefoil a region nuked this turn."));
}

// --- helpers -------------------------------------------------------------------------------
function badge(provenance) {
  const p = String(provenance || "proposed").toLowerCase();
  return h("span", { class: `badge ${p}`, title: `${p} value (see the rules page)` }, p);
}

function speciesOf(data, seat) {
  return data.species[seat] || `Seat ${seat + 1}`;
}

function seatLabel(view, data, seat) {
  const name = seatName(view, seat);
  const species = speciesOf(data, seat);
  return name === species ? name : `${name} (${species})`;
}

/** ``text`` with each species that names a seat (the server's words: "propose a trade to
 * Sheep") replaced by that player's label ("… to Bot 3 (Sheep)"): one name per player. */
function namePlayers(view, data, text) {
  const species = (data.species || []).filter((x) => /^\w+$/.test(x));
  if (!species.length || typeof text !== "string") return text;
  const pattern = new RegExp(`\\b(${species.join("|")})\\b`, "g");
  return text.replace(pattern, (word) => seatLabel(view, data, data.species.indexOf(word)));
}

// The labels of the legal actions being drawn, with players named (set by ``render``).
let labelOf = (a) => a.label;

/** "1 Armory", "2 Armories": a count with its noun. */
export function plural(n, one, many) {
  return `${n} ${Number(n) === 1 ? one : many}`;
}

function regionName(obs, data, r) {
  const type = obs.types[r];
  const [row, col] = obs.cells[r];
  return `${(data.typeNames && data.typeNames[type]) || TYPE_SHORT[type] || type} (${row}, ${col})`;
}

function resName(data, k) {
  return (data.resourceNames && data.resourceNames[k]) || k;
}

function counts(obj) {
  return RESOURCES.filter((k) => obj && obj[k]).map((k) => `${obj[k]} ${k}`).join(", ");
}

function mapLabel(obs, data) {
  const m = data.maps[obs.map];
  if (m) return m.label;
  if (obs.map === "random") return "Random map";
  return `Custom map ${obs.map}`;
}

function targetVp(obs, view, data) {
  const p = obs.params && obs.params.target_vp;
  if (p !== undefined && p !== null) return Number(p);
  const spec = view.game && Array.isArray(view.game.params) ? view.game.params.find((x) => x.name === "target_vp") : null;
  return spec ? spec.default : data.targetVp;
}

function hexCentre(cell) {
  const [row, col] = cell;
  return [W * (col + 0.5 * (row & 1)) + W / 2, 1.5 * S * row + S];
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function keyActivate(fn) {
  return (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      fn(e);
    }
  };
}

function dieFace(face, extra = "") {
  return h("span", { class: `fr-die ${face}${extra}`, title: face, "data-face": face }, face === "wild" ? "?" : face);
}

function combatDice(outcome, n) {
  if (outcome === null || outcome === undefined) return h("span", { class: "muted" }, "—");
  const guns = Math.floor(outcome / 16);
  const heads = outcome % 16;
  const faces = [];
  for (let i = 0; i < guns; i++) faces.push(h("span", { class: "fr-cdie gun", title: "gun" }, "gun"));
  for (let i = 0; i < heads; i++) faces.push(h("span", { class: "fr-cdie head", title: "head" }, "head"));
  const blanks = n !== null && n !== undefined ? Math.max(0, n - guns - heads) : null;
  if (blanks) for (let i = 0; i < blanks; i++) faces.push(h("span", { class: "fr-cdie blank", title: "blank" }, "–"));
  if (!faces.length) faces.push(h("span", { class: "muted" }, "all blank"));
  else if (blanks === null) faces.push(h("span", { class: "muted small" }, " the other dice blank"));
  return h("span", { class: "fr-cdice", "data-guns": guns, "data-heads": heads }, faces);
}

// --- the board -----------------------------------------------------------------------------
export function render(container, view, ctx) {
  const obs = view.observation;
  const data = ctx.data || { mutations: {}, spies: {}, costs: {}, maps: {}, species: [], typeNames: {}, resourceNames: {} };
  if (!obs || !Array.isArray(obs.regions) || !Array.isArray(obs.cells)) {
    container.replaceChildren(h("p", {}, "Waiting for the game to start."));
    return;
  }
  const ui = uiFor(view);
  labelOf = (a) => namePlayers(view, data, a.label);
  const legal = view.toAct && !view.replay ? view.legal || [] : [];
  const types = byType(legal);
  const handled = new Set();
  const act = (a) => {
    ui.menu = null;
    ui.mode = null;
    ui.give = null;
    ctx.act(a.id);
  };
  const rerender = () => render(container, view, ctx);
  if (obs.combat) ui.lastCombat = { ...obs.combat, attacker: obs.active };

  // Region actions: region -> [actions].
  const regionActs = new Map();
  for (const a of legal) {
    if (!a.json || !REGION_KINDS.has(a.json.type) || typeof a.json.region !== "number") continue;
    if (ui.mode && a.json.type !== ui.mode) continue;
    if (!regionActs.has(a.json.region)) regionActs.set(a.json.region, []);
    regionActs.get(a.json.region).push(a);
  }
  for (const list of regionActs.values()) for (const a of list) handled.add(a.id);
  if (ui.mode) for (const a of legal) if (a.json && a.json.type === ui.mode) handled.add(a.id);

  const map = drawMap(view, obs, data, ui, legal, types, regionActs, act, rerender, handled);
  const side = h("div", { class: "fr-side" },
    decisionPanel(view, obs, data, ui, legal, types, regionActs, act, rerender, handled),
    handPanel(view, obs, data, types, act, handled),
    seatsPanel(view, obs, data, types, act, handled),
    infoPanel(view, obs, data));
  // Buttons for whatever the map and the panels did not offer (always last, never lost).
  const rest = legal.filter((a) => !handled.has(a.id));
  const decision = side.querySelector(".fr-decision .fr-actions");
  if (decision) decision.append(...rest.map((a) => actionButton(a, act)));

  // The zoom buttons go in the status bar: over the map they would cover regions' controls.
  const zoomed = zoomable(map, `farms_race:${view.match ? view.match.id : ""}:${view.replay ? "replay" : "live"}`);
  const bar = statusBar(view, obs, data, ui);
  bar.append(zoomed.querySelector(".zoom-controls"));
  container.replaceChildren(h("div", {
    class: "farms-race",
    dataset: {
      phase: obs.phase,
      decider: String(obs.decider),
      active: String(obs.active),
      mine: String(legal.length > 0),
      mode: ui.mode || "",
    },
  }, h("div", { class: "fr-main" }, bar, zoomed), side));
  if (view.hint && view.hint.length) markHint(container, view.hint[0]);
  const before = previousObservation(container, view);
  if (before) animateChanges(container, before, obs);
}

/** What changed since the observation drawn before, shown briefly (board-kit's markChanged):
 * a region that changed hands pulses in its new owner's colour, herds that arrived pop in, a
 * region that lost herds flashes (red with "−n" when its owner's herds on the map fell: units
 * lost in a battle or a nuke), humans killed on a Human token flash. Only the two observations
 * are compared: no rule is worked out here. */
function animateChanges(container, before, obs) {
  if (!Array.isArray(before.regions) || before.regions.length !== obs.regions.length) return;
  const herds = (reg) => (reg ? (reg.healthy || 0) + (reg.injured || 0) + (reg.healthy_acted || 0) + (reg.injured_acted || 0) : 0);
  const totals = (o) => {
    const t = new Map();
    o.regions.forEach((reg) => {
      if (reg.owner !== null && reg.owner !== undefined) t.set(reg.owner, (t.get(reg.owner) || 0) + herds(reg));
    });
    return t;
  };
  const [was, now] = [totals(before), totals(obs)];
  const centres = obs.cells.map(hexCentre);
  obs.regions.forEach((reg, r) => {
    const old = before.regions[r];
    const g = container.querySelector(`.fr-map .region[data-region="${r}"]`);
    if (!g || !old) return;
    const [cx, cy] = centres[r];
    const owner = reg.owner ?? null;
    const oldOwner = old.owner ?? null;
    const n = owner === oldOwner ? herds(reg) - herds(old) : owner === null ? -herds(old) : herds(reg);
    if (owner !== null && owner !== oldOwner) {
      markChanged(g, "capture", { colour: seatColour(obs, owner), delta: herds(reg) ? `+${herds(reg)}` : null, at: [cx, cy - 14] });
      for (const chip of g.querySelectorAll(".herd")) markChanged(chip, "pop");
    } else if (n > 0) {
      markChanged(g, "gain", { delta: `+${n}`, at: [cx, cy - 14] });
      for (const chip of g.querySelectorAll(".herd")) markChanged(chip, "pop");
    } else if (n < 0 || (owner === null && oldOwner !== null)) {
      const lost = oldOwner !== null && (now.get(oldOwner) || 0) < (was.get(oldOwner) || 0);
      markChanged(g, lost ? "loss" : "flash", { delta: n < 0 ? `−${-n}` : null, at: [cx, cy - 14] });
    }
    if (typeof old.token === "number" && (typeof reg.token !== "number" || reg.token < old.token)) {
      const tok = g.querySelector(".human-token");
      const killed = typeof reg.token === "number" ? old.token - reg.token : old.token;
      markChanged(tok || g, "loss", { delta: `−${killed}`, at: [cx + 15, cy + 8] });
    }
  });
}

/** Mark the region a move hint acts on (buttons carrying the action are marked by the page). */
function markHint(container, step) {
  const region = step.json && typeof step.json.region === "number" ? step.json.region : null;
  if (region === null) return;
  for (const el of container.querySelectorAll(`.fr-map .region[data-region="${region}"]`)) el.classList.add("hinted");
}

function actionButton(a, act, cls = "") {
  const type = a.json && a.json.type ? a.json.type : "";
  return h("button", {
    class: `fr-action ${type.toLowerCase()}${cls ? ` ${cls}` : ""}`,
    dataset: { action: a.id, type },
    onclick: () => act(a),
  }, labelOf(a));
}

// --- the status bar: map, round, phase, dice ------------------------------------------------
function statusBar(view, obs, data, ui) {
  const who = obs.decider !== null && obs.decider !== undefined ? seatLabel(view, data, obs.decider) : null;
  const phase = PHASE_WORDS[obs.phase] || obs.phase.replace(/_/g, " ");
  const maxRounds = obs.params && obs.params.max_rounds;
  const dice = [];
  if (Array.isArray(obs.dice)) {
    let named = 0;
    obs.dice.forEach((f) => {
      if (f === null) return;
      if (f === "wild") {
        const n = obs.named[named++];
        dice.push(h("span", { class: "fr-die-pair" }, dieFace("wild"), n ? h("span", { class: "small" }, ` = ${n}`) : null));
      } else dice.push(dieFace(f));
    });
  }
  return h("div", { class: "fr-bar" },
    h("span", { class: "fr-map-label", title: "The rulebook's maps are lost: this layout is a stand-in" }, mapLabel(obs, data)),
    h("span", { class: "fr-round" }, `Round ${obs.round}${maxRounds ? ` of ${maxRounds}` : ""}`),
    h("span", { class: "fr-target" }, `Target ${targetVp(obs, view, data)} VP`),
    h("span", { class: "fr-phase" }, who && obs.phase !== "over" ? `${who}: ${phase}` : phase),
    dice.length ? rollingDice(ui, obs, dice) : null);
}

/** The resource dice; a new roll tumbles for a moment (a click, a key, the reduced-motion
 * setting or the page's "Animations: off" skips it: board-kit's shared animations). */
function rollingDice(ui, obs, dice) {
  const key = `${obs.round}|${obs.active}|${JSON.stringify(obs.dice)}|${JSON.stringify(obs.named)}`;
  const fresh = ui.dice !== undefined && ui.dice !== key;
  ui.dice = key;
  const el = h("span", { class: "fr-dice", "aria-label": "resource dice", title: "a click or a key skips the roll" }, "Dice: ", dice);
  if (fresh) markChanged(el, "roll");
  return h("span", { class: "fr-dice-wrap" }, el);
}

// --- the map -------------------------------------------------------------------------------
function drawMap(view, obs, data, ui, legal, types, regionActs, act, rerender, handled) {
  const centres = obs.cells.map(hexCentre);
  const xs = centres.map((c) => c[0]);
  const ys = centres.map((c) => c[1]);
  const minX = Math.min(...xs) - W / 2 - 6;
  const minY = Math.min(...ys) - S - 6;
  const width = Math.max(...xs) - Math.min(...xs) + W + 12;
  const height = Math.max(...ys) - Math.min(...ys) + 2 * S + 12;
  const board = svg("svg", {
    class: "fr-map",
    viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
    role: "group",
    "aria-label": "the map",
  });
  const attacked = new Set(obs.attacked || []);
  const nuked = new Set(obs.nuked || []);
  const combat = obs.combat;
  const move = obs.move;
  const nuke = obs.nuke;
  const healActs = new Map((types.HEAL || []).map((a) => [a.json.region, a]));

  obs.regions.forEach((reg, r) => {
    const [cx, cy] = centres[r];
    const type = obs.types[r];
    const acts = regionActs.get(r) || [];
    const classes = ["region", `type-${type}`];
    if (acts.length) classes.push("act", ...new Set(acts.map((a) => REGION_CLASS[a.json.type] || "other")));
    if (combat && combat.region === r) classes.push("combat");
    if (move && move.to === r) classes.push("move-target");
    if (move && move.source === r) classes.push("move-source");
    if (nuke && nuke.target === r) classes.push("nuke-target");
    if (ui.menu === r) classes.push("selected");
    const name = regionName(obs, data, r);
    const onClick = acts.length ? () => regionClick(r, acts, ui, act, rerender) : null;
    const g = svg("g", {
      class: classes.join(" "),
      "data-region": r,
      "data-type": type,
      "data-owner": reg.owner === null ? "" : reg.owner,
      "data-actions": acts.length ? acts.map((a) => a.id).join(" ") : null,
      tabindex: acts.length ? 0 : null,
      role: acts.length ? "button" : null,
      "aria-label": acts.length ? `${name}: ${acts.map(labelOf).join(" or ")}` : null,
      onclick: onClick,
      onkeydown: onClick ? keyActivate(onClick) : null,
    });
    g.append(svg("polygon", { class: "hex", points: hexPoints(cx, cy, S - 1), fill: TYPE_FILL[type] || "#ddd" }));
    if (reg.owner !== null && reg.owner !== undefined) {
      g.append(svg("polygon", { class: "owner-ring", points: hexPoints(cx, cy, S - 5), stroke: seatColour(obs, reg.owner) }));
      // The holder's seat number in its colour, right of the herds: not colour alone.
      const ownerColour = seatColour(obs, reg.owner);
      g.append(svg("g", { class: "owner-seat", "data-seat": reg.owner },
        svg("circle", { cx: cx + 28, cy: cy + 4, r: 6.5, fill: ownerColour }),
        svg("text", { x: cx + 28, y: cy + 7.3, fill: inkOn(ownerColour) }, seatMark(reg.owner))));
    }
    g.append(svg("polygon", { class: "hi", points: hexPoints(cx, cy, S - 3) }));
    // The type's name, and a shorter one that a narrow window shows larger.
    g.append(svg("text", { x: cx, y: cy - 22, class: "type-label long" }, TYPE_SHORT[type] || type));
    g.append(svg("text", { x: cx, y: cy - 22, class: "type-label short" }, TYPE_TINY[type] || TYPE_SHORT[type] || type));
    g.append(svg("text", { x: cx, y: cy + 33, class: "coords" }, `${obs.cells[r][0]},${obs.cells[r][1]}`));
    // Herds: healthy (filled), injured (ringed); acted ones faded with a tick.
    const chips = [];
    const owner = reg.owner;
    if (owner !== null && owner !== undefined) {
      if (reg.healthy) chips.push({ n: reg.healthy, health: "healthy", acted: false });
      if (reg.injured) chips.push({ n: reg.injured, health: "injured", acted: false });
      if (reg.healthy_acted) chips.push({ n: reg.healthy_acted, health: "healthy", acted: true });
      if (reg.injured_acted) chips.push({ n: reg.injured_acted, health: "injured", acted: true });
    }
    const step = 17;
    chips.forEach((c, i) => {
      const x = cx + (i - (chips.length - 1) / 2) * step;
      const y = cy - 3;
      const colour = seatColour(obs, owner);
      const heal = c.health === "injured" && !c.acted ? healActs.get(r) : null;
      const chip = svg("g", {
        class: `herd ${c.health}${c.acted ? " acted" : ""}${heal ? " heal-me" : ""}`,
        "data-health": c.health,
        "data-acted": c.acted ? "1" : "0",
        "data-count": c.n,
        "data-action": heal ? heal.id : null,
        // A button of its own only where the region is not one already (no button in a
        // button): else the region's button offers the heal, and a click here is a shortcut.
        tabindex: heal && !acts.length ? 0 : null,
        role: heal && !acts.length ? "button" : null,
        "aria-label": heal && !acts.length ? heal.label : null,
        onclick: heal ? (e) => { e.stopPropagation(); handled.add(heal.id); act(heal); } : null,
        onkeydown: heal && !acts.length ? keyActivate((e) => { e.stopPropagation(); act(heal); }) : null,
      });
      if (heal) handled.add(heal.id);
      chip.append(svg("circle", { cx: x, cy: y, r: 7.5, fill: c.health === "healthy" ? colour : "#fff", stroke: colour, "stroke-width": c.health === "healthy" ? 1.5 : 3.2 }));
      chip.append(svg("text", { x, y: y + 3.5, class: `chip-n${c.health === "healthy" ? " on-colour" : ""}` }, String(c.n)));
      if (c.acted) chip.append(svg("text", { x: x + 6, y: y - 5, class: "tick" }, "✓"));
      chip.append(svg("title", {}, `${c.n} ${c.health} herd${c.n > 1 ? "s" : ""}${c.acted ? " that acted this turn" : ""}${heal ? " — click to heal one" : ""}`));
      g.append(chip);
    });
    // A building bottom-left, the Human token bottom-right.
    if (reg.building) {
      const colour = seatColour(obs, owner);
      const bx = cx - 15;
      const by = cy + 17;
      const house = svg("g", { class: `building ${reg.building}`, "data-building": reg.building });
      house.append(svg("path", { d: `M${bx - 8},${by + 6} L${bx - 8},${by - 2} L${bx},${by - 9} L${bx + 8},${by - 2} L${bx + 8},${by + 6} Z`, fill: colour }));
      house.append(svg("text", { x: bx, y: by + 4.5, class: "building-letter" }, reg.building === "armory" ? "A" : "B"));
      house.append(svg("title", {}, reg.building === "armory" ? "Armory (2 VP)" : "Barn (1 VP)"));
      g.append(house);
    }
    if (reg.token !== null && reg.token !== undefined) {
      const tx = cx + 15;
      const ty = cy + 17;
      const faceDown = reg.token === "face_down";
      const peeked = faceDown && reg.peeked_value !== undefined && reg.peeked_value !== null;
      const shown = faceDown ? (peeked ? `${reg.peeked_value}` : "?") : String(reg.token);
      const tok = svg("g", { class: `human-token${faceDown ? " face-down" : ""}${peeked ? " peeked" : ""}`, "data-token": faceDown ? (peeked ? `peeked-${reg.peeked_value}` : "face_down") : String(reg.token) });
      tok.append(svg("rect", { x: tx - 8, y: ty - 8, width: 16, height: 15, rx: 3 }));
      tok.append(svg("text", { x: tx, y: ty + 3.5, class: "token-n" }, shown));
      tok.append(svg("title", {}, faceDown
        ? peeked ? `Face-down Human token: you peeked, it shows ${reg.peeked_value}` : "Face-down Human token"
        : `${reg.token} human${reg.token > 1 ? "s" : ""}${reg.stand_in ? " (a stand-in token)" : ""}`));
      g.append(tok);
    }
    if (reg.turmoil) {
      const fx = cx + 27;
      const fy = cy - 8;
      g.append(svg("g", { class: "turmoil" },
        svg("path", { d: `M${fx - 4},${fy + 7} L${fx - 4},${fy - 7} L${fx + 6},${fy - 4} L${fx - 4},${fy}`, class: "flag" }),
        svg("title", {}, "Turmoil: no VP for conquering it again until it clears")));
    }
    if (nuked.has(r)) {
      const nx = cx - 27;
      const ny = cy - 8;
      g.append(svg("g", { class: "nuked" },
        svg("circle", { cx: nx, cy: ny, r: 6.5 }),
        svg("text", { x: nx, y: ny + 3.2, class: "nuked-mark" }, "☢"),
        svg("title", {}, "Nuked this turn")));
    }
    if (attacked.has(r) && !(combat && combat.region === r)) {
      g.append(svg("g", { class: "attacked" }, svg("path", { d: `M${cx - 5},${cy + 26} l10,8 M${cx + 5},${cy + 26} l-10,8` }), svg("title", {}, "Attacked this turn")));
    }
    g.append(svg("title", {}, regionTitle(view, obs, data, r)));
    board.append(g);
  });

  // The move being assembled and the combat's origins: lines from each source to the target.
  const arrows = [];
  if (move) for (const [o, hf, hi] of move.taken) arrows.push([o, move.to, hf + hi, "move-arrow"]);
  if (combat) for (const [o, n] of combat.origins) arrows.push([o, combat.region, n, "combat-arrow"]);
  for (const [from, to, n, cls] of arrows) {
    const [x1, y1] = centres[from];
    const [x2, y2] = centres[to];
    const mx = x1 + (x2 - x1) * 0.62;
    const my = y1 + (y2 - y1) * 0.62;
    board.append(svg("g", { class: cls, "data-from": from, "data-to": to },
      svg("line", { x1, y1, x2: mx, y2: my }),
      svg("circle", { cx: mx, cy: my, r: 7 }),
      svg("text", { x: mx, y: my + 3.5 }, String(n))));
  }

  // "+" buttons on the source of a move or a flight (TAKE healthy / injured).
  const takeRegion = obs.phase === "move_select" && move ? move.source : obs.phase === "fly_health" && obs.flying ? obs.flying.source : null;
  if (takeRegion !== null && takeRegion !== undefined) {
    const [cx, cy] = centres[takeRegion];
    const takes = types.TAKE || [];
    takes.forEach((a, i) => {
      handled.add(a.id);
      const x = cx + (takes.length === 1 ? 0 : i === 0 ? -14 : 14);
      const y = cy + 34;
      const onClick = () => act(a);
      board.append(svg("g", {
        class: `take ${a.json.health}`, "data-health": a.json.health, "data-action": a.id, tabindex: 0, role: "button",
        "aria-label": a.label, onclick: onClick, onkeydown: keyActivate(onClick),
      }, svg("rect", { x: x - 12, y: y - 9, width: 24, height: 17, rx: 4 }),
      svg("text", { x, y: y + 4 }, a.json.health === "healthy" ? "+●" : "+○"),
      svg("title", {}, a.label)));
    });
  }
  return board;
}

function regionTitle(view, obs, data, r) {
  const reg = obs.regions[r];
  const parts = [regionName(obs, data, r)];
  if (reg.owner !== null && reg.owner !== undefined) parts.push(`held by ${seatLabel(view, data, reg.owner)}`);
  const herds = reg.healthy + reg.injured + reg.healthy_acted + reg.injured_acted;
  if (herds) parts.push(`${reg.healthy + reg.healthy_acted} healthy, ${plural(reg.injured + reg.injured_acted, "injured herd", "injured herds")}${reg.healthy_acted + reg.injured_acted ? `, ${reg.healthy_acted + reg.injured_acted} acted` : ""}`);
  if (reg.building) parts.push(reg.building === "armory" ? "an Armory" : "a Barn");
  if (reg.token === "face_down") parts.push(reg.peeked_value ? `a face-down Human token (you peeked: ${reg.peeked_value})` : "a face-down Human token");
  else if (reg.token) parts.push(plural(reg.token, "human", "humans"));
  if (reg.turmoil) parts.push("Turmoil");
  return parts.join("; ");
}

function regionClick(r, acts, ui, act, rerender) {
  if (acts.length === 1) {
    act(acts[0]);
    return;
  }
  ui.menu = ui.menu === r ? null : r;
  rerender();
}

// --- decision panel --------------------------------------------------------------------------
function decisionPanel(view, obs, data, ui, legal, types, regionActs, act, rerender, handled) {
  const mine = legal.length > 0;
  const who = obs.decider !== null && obs.decider !== undefined ? seatLabel(view, data, obs.decider) : "";
  const lines = [];
  if (obs.phase === "over") {
    lines.push(finalResult(view, obs, data));
  } else if (mine) {
    lines.push(h("p", { class: "fr-prompt" }, h("strong", {}, "Your decision: "), PHASE_WORDS[obs.phase] || obs.phase));
    const hint = promptHint(obs, types, regionActs, ui);
    if (hint) lines.push(h("p", { class: "fr-hint small" }, hint));
  } else {
    lines.push(h("p", { class: "fr-prompt muted" }, who ? `${who}: ${PHASE_WORDS[obs.phase] || obs.phase}` : PHASE_WORDS[obs.phase] || obs.phase));
  }
  const parts = [];
  // The open region menu.
  if (ui.menu !== null && regionActs.has(ui.menu)) {
    parts.push(h("div", { class: "fr-menu", "data-region": ui.menu },
      h("strong", {}, regionName(obs, data, ui.menu)), " ",
      regionActs.get(ui.menu).map((a) => actionButton(a, act, "region-choice")),
      h("button", { class: "fr-action subtle close-menu", onclick: () => { ui.menu = null; rerender(); } }, "Close")));
  }
  if (ui.mode) {
    parts.push(h("div", { class: "fr-mode" }, h("span", {}, `Click a lit region to ${ui.mode === "BARN" ? "build a Barn" : "upgrade a Barn to an Armory"}.`), " ",
      h("button", { class: "fr-action subtle cancel-mode", onclick: () => { ui.mode = null; rerender(); } }, "Cancel")));
  }
  parts.push(mutationChoice(obs, data, types, act, handled));
  parts.push(movePanel(view, obs, data, types, act, handled));
  parts.push(flyingPanel(view, obs, data, types, act, handled));
  parts.push(combatPanel(view, obs, data, ui, types, act, handled));
  parts.push(nukePanel(view, obs, data, types, act, handled));
  parts.push(paymentPanel(view, obs, data, types, act, handled));
  parts.push(spyPanel(view, obs, data, types, act, handled));
  parts.push(tradePanel(view, obs, data, types, act, handled));
  parts.push(resourceChoice(view, obs, data, types, act, handled));
  // Ending the phase or the turn, as the primary button, before the Build panel (so that a
  // phone shows it without scrolling).
  const enders = [...(types.END_PHASE || []), ...(types.END_TURN || [])];
  for (const a of enders) handled.add(a.id);
  const builds = buildPanel(view, obs, data, ui, types, act, rerender, handled);
  return h("section", { class: "fr-panel fr-decision", "aria-live": "polite" },
    lines, parts,
    h("div", { class: "fr-actions" }),
    enders.length ? h("div", { class: "fr-enders" }, enders.map((a) => actionButton(a, act, "primary end"))) : null,
    builds);
}

/** The end of the game: who won and every player's final VP (the winners first). */
function finalResult(view, obs, data) {
  const winners = obs.winners || [];
  const names = winners.map((s) => seatLabel(view, data, s));
  const order = obs.seats.map((_, seat) => seat).sort((a, b) => (winners.includes(b) - winners.includes(a)) || (obs.seats[b].vp - obs.seats[a].vp));
  return h("div", { class: "fr-final", "data-winners": winners.join(" ") },
    h("p", { class: "fr-result" }, names.length
      ? `Game over: ${names.join(" and ")} ${names.length > 1 ? "share the win" : "wins"}.`
      : "Game over."),
    h("ol", { class: "fr-final-vp" }, order.map((seat) => h("li", { "data-seat": seat, class: winners.includes(seat) ? "won" : "" },
      swatch(obs, seat, seatLabel(view, data, seat)), " ",
      seatLabel(view, data, seat), ": ", h("strong", {}, `${obs.seats[seat].vp} VP`),
      obs.seats[seat].eliminated ? h("span", { class: "muted" }, " (eliminated)") : null))));
}

function promptHint(obs, types, regionActs, ui) {
  const kinds = new Set([...regionActs.values()].flat().map((a) => a.json.type));
  if (ui.menu !== null) return "Choose what to do in this region.";
  if (kinds.has("START")) return "Click a lit region to start there.";
  if (kinds.has("PLACE")) return "Click a lit building to place a new herd there.";
  if (kinds.has("SOURCE") && !(obs.move && obs.move.source !== null)) return "Click a lit region to take herds from.";
  if (types.TAKE && obs.phase === "move_select") return "Add herds with the + buttons on the source region, or click another source; then Confirm.";
  if (kinds.has("TARGET")) return "Click a lit region to nuke it.";
  if (kinds.has("ROUTE")) return "Click the region this retreating herd goes back to.";
  if (kinds.has("RETREAT_TO")) return "Fight on, or click a lit region to retreat there.";
  if (kinds.has("FLY_FROM")) return "Click a region to fly a herd from, or Done.";
  if (kinds.has("FLY_TO")) return "Click the region the herd flies to.";
  if (kinds.has("MOVE_TO")) return "Click a lit region to move herds into it (or one of yours to build or heal).";
  return "";
}

function mutationChoice(obs, data, types, act, handled) {
  const offers = types.MUTATION || [];
  if (!offers.length) return null;
  return h("div", { class: "fr-mutations" }, offers.map((a) => {
    handled.add(a.id);
    const m = data.mutations[a.json.mutation] || { name: a.json.mutation, summary: "" };
    return h("div", { class: "fr-card mutation", "data-mutation": a.json.mutation },
      h("div", { class: "card-head" }, h("strong", {}, m.name), " ", badge(m.provenance)),
      h("p", { class: "small" }, m.summary),
      h("button", { class: "fr-action choose-mutation", dataset: { action: a.id, type: "MUTATION" }, onclick: () => act(a) }, "Choose"));
  }));
}

function movePanel(view, obs, data, types, act, handled) {
  const move = obs.move;
  if (!move) return null;
  const taken = move.taken.map(([o, hf, hi]) => h("li", {}, `${regionName(obs, data, o)}: ${hf} healthy, ${hi} injured`));
  const takes = (types.TAKE || []).map((a) => { handled.add(a.id); return actionButton(a, act, "take-button"); });
  const confirm = (types.CONFIRM || []).map((a) => { handled.add(a.id); return actionButton(a, act, "primary confirm"); });
  const cancel = (types.CANCEL || []).filter(() => obs.phase === "move_select").map((a) => { handled.add(a.id); return actionButton(a, act, "cancel"); });
  return h("div", { class: "fr-sub fr-move" },
    h("div", {}, h("strong", {}, "Move into "), regionName(obs, data, move.to)),
    move.source !== null ? h("div", { class: "small" }, "Taking from ", regionName(obs, data, move.source)) : null,
    taken.length ? h("ul", { class: "small" }, taken) : h("p", { class: "small muted" }, "No herds chosen yet."),
    h("div", { class: "fr-row" }, takes, confirm, cancel));
}

function flyingPanel(view, obs, data, types, act, handled) {
  const f = obs.flying;
  if (!f || !["fly_source", "fly_health", "fly_dest"].includes(obs.phase)) return null;
  const done = (types.DONE || []).filter(() => obs.phase === "fly_source").map((a) => { handled.add(a.id); return actionButton(a, act, "done"); });
  const takes = obs.phase === "fly_health" ? (types.TAKE || []).map((a) => { handled.add(a.id); return actionButton(a, act, "take-button"); }) : [];
  return h("div", { class: "fr-sub fr-flying" },
    h("div", {}, h("strong", {}, "Flying"), ` — ${plural(f.flights, "herd", "herds")} flown`),
    f.source !== null ? h("div", { class: "small" }, "From ", regionName(obs, data, f.source)) : null,
    h("div", { class: "fr-row" }, takes, done));
}

function unitChips(colour, units, hitActs, act, handled, side) {
  // units: [{kind: "healthy"|"injured"|"human", n}]
  const out = [];
  for (const u of units) {
    const a = hitActs ? hitActs.get(u.kind) : null;
    if (a) handled.add(a.id);
    for (let i = 0; i < u.n; i++) {
      const cls = `fr-unit ${u.kind}${a ? " act" : ""}`;
      const style = u.kind === "human" ? "" : u.kind === "healthy" ? `background:${colour};border-color:${colour}` : `border-color:${colour}`;
      out.push(a
        ? h("button", { class: cls, style, dataset: { hit: u.kind, side, action: a.id, type: "HIT" }, title: a.label, "aria-label": a.label, onclick: () => act(a) }, u.kind === "human" ? "H" : "")
        : h("span", { class: cls, style, dataset: { unit: u.kind, side }, title: u.kind }, u.kind === "human" ? "H" : ""));
    }
  }
  if (!out.length) out.push(h("span", { class: "muted small" }, "none left"));
  return h("span", { class: "fr-units" }, out);
}

function combatPanel(view, obs, data, ui, types, act, handled) {
  const c = obs.combat;
  if (!c) {
    const last = ui.lastCombat;
    // The last combat of this turn (regions attacked this turn are public), once it is over.
    if (!last || !last.rolls || last.rolls[0] === null || !(obs.attacked || []).includes(last.region)) return null;
    return h("div", { class: "fr-sub fr-last-combat small" },
      h("strong", {}, `Last combat in ${regionName(obs, data, last.region)}: `),
      "attacker ", combatDice(last.rolls[0], null), " · defender ", combatDice(last.rolls[1], null));
  }
  const region = obs.regions[c.region];
  const attacker = obs.active;
  const defender = c.defender;
  const aColour = seatColour(obs, attacker);
  const hits = new Map((types.HIT || []).map((a) => [a.json.target, a]));
  const allocating = obs.phase === "allocate_attacker" ? "attacker" : obs.phase === "allocate_defender" ? "defender" : null;
  const attackUnits = [{ kind: "healthy", n: c.attackers[0] }, { kind: "injured", n: c.attackers[1] }];
  const defUnits = [];
  let defName;
  let dColour = "#888";
  if (defender === "humans") {
    defName = "Humans";
    defUnits.push({ kind: "human", n: c.humans });
  } else {
    defName = seatLabel(view, data, defender);
    dColour = seatColour(obs, defender);
    defUnits.push({ kind: "healthy", n: region.healthy + region.healthy_acted }, { kind: "injured", n: region.injured + region.injured_acted });
    if (c.humans) defUnits.push({ kind: "human", n: c.humans });
  }
  const attDice = c.rolls[0];
  const defDice = c.rolls[1];
  const buttons = [];
  for (const t of ["CONTINUE", "RETREAT"]) for (const a of types[t] || []) { handled.add(a.id); buttons.push(actionButton(a, act, t === "CONTINUE" ? "primary" : "")); }
  if (obs.phase === "spy_window") for (const a of types.PASS || []) { handled.add(a.id); buttons.push(actionButton(a, act)); }
  const zombie = (types.ZOMBIE_TO || []).length;
  return h("div", { class: "fr-sub fr-combat", "data-region": c.region },
    h("h3", {}, `Combat in ${regionName(obs, data, c.region)}`, c.round ? ` — round ${c.round}` : ""),
    // The decision first, the two sides under it (in view on a phone).
    buttons.length ? h("div", { class: "fr-row" }, buttons) : null,
    h("div", { class: `fr-side-row attacker${allocating === "attacker" ? " allocating" : ""}` },
      h("div", {}, swatch(obs, attacker, seatLabel(view, data, attacker)), " ", h("strong", {}, "Attacker: "), seatLabel(view, data, attacker)),
      h("div", {}, unitChips(aColour, attackUnits, allocating === "attacker" ? hits : null, act, handled, "attacker")),
      h("div", { class: "small" }, "From: ", c.origins.map(([o, n]) => `${regionName(obs, data, o)} (${n})`).join(", ") || "—"),
      h("div", { class: "small" }, "Rolled: ", combatDice(attDice, null)),
      c.damage ? h("div", { class: "small dmg" }, `Damage to allocate: ${c.damage}`) : null),
    h("div", { class: `fr-side-row defender${allocating === "defender" ? " allocating" : ""}` },
      h("div", {}, defender === "humans" ? h("span", { class: "swatch", style: `background:${dColour};color:#000` }, "H") : swatch(obs, defender, defName), " ", h("strong", {}, "Defender: "), defName),
      h("div", {}, unitChips(dColour, defUnits, allocating === "defender" ? hits : null, act, handled, "defender")),
      h("div", { class: "small" }, "Rolled: ", combatDice(defDice, null)),
      c.defender_damage ? h("div", { class: "small dmg" }, `Damage to allocate: ${c.defender_damage}${c.heads ? ` (${plural(c.heads, "head hit", "head hits")} must go to humans)` : ""}`) : null),
    c.escaped && c.escaped.length ? h("p", { class: "small" }, "Zombie herds escaped to: ", c.escaped.map(([r, n]) => `${regionName(obs, data, r)} (${n})`).join(", ")) : null,
    allocating && hits.size ? h("p", { class: "small fr-hint" }, "Click a unit to give it the next damage point.", zombie ? " Or click a lit region: the herd escapes there at 1 HP (Zombie)." : "") : null,
    obs.phase === "spy_window" && view.toAct ? h("p", { class: "small fr-hint" }, "Play a Spy card from your hand, or play no more.") : null);
}

function nukePanel(view, obs, data, types, act, handled) {
  const n = obs.nuke;
  const stack = obs.nuke_stack || [];
  const launches = types.LAUNCH || [];
  const inResponse = obs.phase === "nuke_response";
  const hack = obs.phase === "hack";
  const pocket = obs.phase === "pocket_allocate";
  if (!n && !stack.length && !inResponse) return null;
  const rows = [];
  if (n) {
    const kind = { token: "a Nuke token", build: "a Nuke built now", pocket_nuke: "a Pocket Nuke", north_korean: "North Korean's free nuke" }[n.kind] || n.kind;
    rows.push(h("div", {}, h("strong", {}, seatLabel(view, data, n.launcher)), ` launches ${kind}`,
      n.target !== null ? [" at ", h("strong", {}, regionName(obs, data, n.target))] : " — choosing the target",
      n.victim !== null && n.victim !== undefined ? ` (hits ${seatLabel(view, data, n.victim)})` : "",
      n.hacked ? " — Hacked: no damage to the victim" : ""));
  }
  if (stack.length) {
    rows.push(h("div", { class: "small" }, "Waiting to answer: ", stack.map(([resp, nuker, nuked]) => `${seatLabel(view, data, resp)} may nuke back ${seatLabel(view, data, nuker)} (who nuked ${regionName(obs, data, nuked)})`).join("; ")));
  }
  const buttons = [];
  if (inResponse) {
    for (const a of launches) { handled.add(a.id); buttons.push(actionButton(a, act, "launch")); }
    for (const a of types.PASS || []) { handled.add(a.id); buttons.push(actionButton(a, act)); }
  }
  if (hack) {
    for (const a of [...(types.PLAY_SPY || []), ...(types.PASS || [])]) { handled.add(a.id); buttons.push(actionButton(a, act, a.json.type === "PLAY_SPY" ? "primary" : "")); }
  }
  let chips = null;
  if (pocket && n && n.target !== null) {
    const reg = obs.regions[n.target];
    const colour = reg.owner !== null ? seatColour(obs, reg.owner) : "#888";
    const hits = new Map((types.HIT || []).map((a) => [a.json.target, a]));
    const units = [{ kind: "healthy", n: reg.healthy + reg.healthy_acted }, { kind: "injured", n: reg.injured + reg.injured_acted }];
    if (n.humans) units.push({ kind: "human", n: n.humans });
    chips = h("div", {}, h("span", { class: "small" }, `Damage points left: ${n.points} — click a unit: `), unitChips(colour, units, hits, act, handled, "victim"));
  }
  return h("div", { class: "fr-sub fr-nuke" }, h("h3", {}, "Nuke"), rows, chips, buttons.length ? h("div", { class: "fr-row" }, buttons) : null);
}

function paymentPanel(view, obs, data, types, act, handled) {
  const p = obs.payment;
  if (!p || obs.phase !== "payment") return null;
  const costKey = p.build === "nuke_back" ? "nuke" : p.build;
  const altNuke = obs.params && String(obs.params.nuke_cost_alt) === "true";
  const cost = data.costs[costKey === "nuke" && altNuke ? "nuke_alt" : costKey];
  const what = { barn: "a Barn", armory: "an Armory", spy: "a Spy", nuke: "a Nuke", nuke_back: "a Nuke to nuke back with" }[p.build] || p.build;
  const buttons = [];
  for (const t of ["PAY_NORMAL", "PAY_FOUR", "RESOURCE", "CANCEL"]) {
    for (const a of types[t] || []) {
      handled.add(a.id);
      const res = a.json.resource;
      buttons.push(h("button", {
        class: `fr-action ${t.toLowerCase()}${t === "PAY_NORMAL" ? " primary" : ""}${res ? " res" : ""}`,
        style: res ? `border-left: 6px solid ${RES_FILL[res]}` : null,
        dataset: { action: a.id, type: t },
        onclick: () => act(a),
      }, a.label));
    }
  }
  const selected = counts(p.selected);
  return h("div", { class: "fr-sub fr-payment" },
    h("div", {}, h("strong", {}, `Paying for ${what}`), p.region !== null ? ` in ${regionName(obs, data, p.region)}` : ""),
    cost ? h("div", { class: "small" }, "Normal cost: ", counts(cost), " ", badge(cost.provenance)) : null,
    selected ? h("div", { class: "small" }, "Chosen so far: ", selected) : null,
    h("div", { class: "fr-row" }, buttons));
}

function spyPanel(view, obs, data, types, act, handled) {
  const s = obs.spy;
  if (!s || !s.card) return null;
  const card = data.spies[s.card] || { name: s.card, summary: "" };
  const rows = [h("div", {}, h("strong", {}, `${seatLabel(view, data, obs.active)} play ${card.name}`), ` — ${card.summary}`)];
  if (s.victim !== null && s.victim !== undefined) rows.push(h("div", { class: "small" }, `Target: ${seatLabel(view, data, s.victim)}; taken so far: ${s.taken}`));
  if (obs.phase === "blackmail_take" && view.seat !== null && s.victim !== null) {
    const hand = obs.seats[s.victim] && obs.seats[s.victim].hand;
    if (hand) rows.push(h("div", { class: "small" }, `Their hand: ${counts(hand) || "empty"}`));
  }
  return h("div", { class: "fr-sub fr-spy" }, rows);
}

function tradePanel(view, obs, data, types, act, handled) {
  const t = obs.trade;
  const phase = obs.phase;
  const open = phase === "trade_slot" || phase === "trade_propose" || phase === "trade_respond";
  const proposal = t && t.proposal;
  const seatActs = phase === "trade_slot" || (proposal && phase === "trade_propose") ? types.SEAT || [] : [];
  if (!open && !proposal) {
    // Open Trading: proposals from the actions menu.
    const offers = ["actions", "resources", "discard_phase"].includes(phase) ? types.SEAT || [] : [];
    if (!offers.length) return null;
    return h("div", { class: "fr-sub fr-trade" }, h("strong", {}, "Open Trading: "),
      offers.map((a) => { handled.add(a.id); return actionButton(a, act, "seat"); }));
  }
  const rows = [];
  if (phase === "trade_slot" && t.slot !== null) rows.push(h("div", { class: "small" }, `${seatLabel(view, data, t.slot)} may propose a trade (${t.made[t.slot]} made this window).`));
  if (proposal) {
    rows.push(h("div", { class: "fr-proposal" },
      h("strong", {}, seatLabel(view, data, proposal.from)), " offers ", h("strong", {}, seatLabel(view, data, proposal.to)), ": ",
      h("span", { class: "give" }, counts(proposal.give) || "nothing"), " for ", h("span", { class: "ask" }, counts(proposal.ask) || "nothing")));
  }
  const buttons = [];
  for (const a of seatActs) { handled.add(a.id); buttons.push(actionButton(a, act, "seat")); }
  let builder = null;
  if (phase === "trade_propose" && proposal && (types.GIVE || types.ASK || types.SUBMIT)) {
    const give = new Map((types.GIVE || []).map((a) => [a.json.resource, a]));
    const ask = new Map((types.ASK || []).map((a) => [a.json.resource, a]));
    const me = obs.seats[view.seat] || {};
    const hand = me.hand || {};
    builder = h("table", { class: "fr-offer small" },
      h("tr", {}, h("th", {}, ""), h("th", {}, "you hold"), h("th", {}, "you give"), h("th", {}, "you ask")),
      RESOURCES.map((k) => {
        const g = give.get(k);
        const a = ask.get(k);
        if (g) handled.add(g.id);
        if (a) handled.add(a.id);
        return h("tr", { dataset: { kind: k } },
          h("td", {}, h("span", { class: "res-dot", style: `background:${RES_FILL[k]}` }), " ", resName(data, k)),
          h("td", {}, String(hand[k] || 0)),
          h("td", {}, String((proposal.give || {})[k] || 0), " ", g ? h("button", { class: "small give", dataset: { action: g.id, type: "GIVE" }, title: g.label, onclick: () => act(g) }, "+") : null),
          h("td", {}, String((proposal.ask || {})[k] || 0), " ", a ? h("button", { class: "small ask", dataset: { action: a.id, type: "ASK" }, title: a.label, onclick: () => act(a) }, "+") : null));
      }));
  }
  if (phase === "trade_propose") for (const tp of ["SUBMIT", "CANCEL"]) for (const a of types[tp] || []) { handled.add(a.id); buttons.push(actionButton(a, act, tp === "SUBMIT" ? "primary" : "")); }
  if (phase === "trade_respond") for (const tp of ["ACCEPT", "DECLINE"]) for (const a of types[tp] || []) { handled.add(a.id); buttons.push(actionButton(a, act, tp === "ACCEPT" ? "primary" : "")); }
  // Passing is the usual answer: it comes first (in view on a phone).
  if (phase === "trade_slot") for (const a of types.PASS || []) { handled.add(a.id); buttons.unshift(actionButton(a, act, "pass")); }
  return h("div", { class: "fr-sub fr-trade" }, h("h3", {}, open ? "Trade window" : "Trade"), rows, builder, buttons.length ? h("div", { class: "fr-row" }, buttons) : null);
}

function resourceChoice(view, obs, data, types, act, handled) {
  if (obs.phase === "payment") return null;
  const offers = types.RESOURCE || [];
  if (!offers.length) return null;
  return h("div", { class: "fr-sub fr-resources" }, h("div", { class: "fr-row" }, offers.map((a) => {
    handled.add(a.id);
    return h("button", {
      class: "fr-action resource res",
      style: `border-left: 6px solid ${RES_FILL[a.json.resource]}`,
      dataset: { action: a.id, type: "RESOURCE", resource: a.json.resource },
      onclick: () => act(a),
    }, a.label);
  })));
}

function buildPanel(view, obs, data, ui, types, act, rerender, handled) {
  const free = ["actions", "resources", "discard_phase"].includes(obs.phase);
  if (!free || !view.toAct) return null;
  const altNuke = obs.params && String(obs.params.nuke_cost_alt) === "true";
  const item = (key, label, el) => {
    const cost = data.costs[key];
    return h("div", { class: "fr-build", "data-build": key },
      h("div", {}, h("strong", {}, label), cost ? [" ", h("span", { class: "small" }, counts(cost)), " ", badge(cost.provenance)] : null),
      el);
  };
  const modeButton = (type, label) => {
    const list = types[type] || [];
    if (!list.length) return h("span", { class: "muted small" }, "not now");
    return h("button", {
      class: `fr-action build-mode${ui.mode === type ? " on" : ""}`,
      dataset: { mode: type },
      onclick: () => { ui.mode = ui.mode === type ? null : type; ui.menu = null; rerender(); },
    }, `${label}: click a region (${list.length})`);
  };
  const direct = (type) => {
    const list = types[type] || [];
    for (const a of list) handled.add(a.id);
    return list.length ? list.map((a) => actionButton(a, act, "buy")) : h("span", { class: "muted small" }, "not now");
  };
  // Supply trades: the kind to give, then the kind to take.
  const trades = types.TRADE || [];
  for (const a of trades) handled.add(a.id);
  let tradeEl = null;
  if (trades.length) {
    const gives = [...new Set(trades.map((a) => a.json.give))];
    tradeEl = h("div", { class: "fr-supply-trade" }, h("strong", {}, "Trade with the Supply: "),
      ui.give
        ? [h("span", { class: "small" }, `give ${ui.give}, take: `),
          trades.filter((a) => a.json.give === ui.give).map((a) => h("button", {
            class: "fr-action trade-take", style: `border-left: 6px solid ${RES_FILL[a.json.take]}`,
            dataset: { action: a.id, type: "TRADE", take: a.json.take }, title: a.label, onclick: () => act(a),
          }, a.json.take)),
          h("button", { class: "fr-action subtle", onclick: () => { ui.give = null; rerender(); } }, "Back")]
        : gives.map((k) => h("button", {
          class: "fr-action trade-give", style: `border-left: 6px solid ${RES_FILL[k]}`, dataset: { give: k },
          onclick: () => { ui.give = k; rerender(); },
        }, `give ${k}`)));
  }
  // What can be built now comes first; the rest folds away with its costs (short on a phone).
  const items = [
    ["Barn", item("barn", "Barn (1 VP)", modeButton("BARN", "Barn")), types.BARN],
    ["Armory", item("armory", "Armory (2 VP)", modeButton("ARMORY", "Armory")), types.ARMORY],
    ["Spy", item("spy", "Spy", direct("BUY_SPY")), types.BUY_SPY],
    ["Nuke", item(altNuke ? "nuke_alt" : "nuke", "Nuke", direct("BUY_NUKE")), types.BUY_NUKE],
  ];
  const now = items.filter(([, , list]) => list && list.length);
  const later = items.filter(([, , list]) => !list || !list.length);
  return h("div", { class: "fr-sub fr-builds" },
    h("h3", {}, "Build"),
    now.map(([, el]) => el),
    later.length ? h("details", { class: "fr-later" },
      h("summary", { class: "small muted" }, `Not now: ${later.map(([name]) => name).join(", ")} (costs)`),
      later.map(([, el]) => el)) : null,
    tradeEl);
}

// --- the hand --------------------------------------------------------------------------------
function handPanel(view, obs, data, types, act, handled) {
  if (view.seat === null || view.seat === undefined) return null;
  const me = obs.seats[view.seat];
  if (!me || me.hand === undefined) return null;
  const plays = new Map();
  for (const a of types.PLAY_SPY || []) if (obs.phase !== "hack") plays.set(a.json.card, a);
  const pocket = obs.phase === "nuke_response" ? null : (types.LAUNCH || []).find((a) => a.json.source === "pocket_nuke");
  const resources = RESOURCES.map((k) => h("div", { class: `fr-res-card${me.hand[k] ? "" : " none"}`, "data-kind": k, style: `--res:${RES_FILL[k]}` },
    h("span", { class: "res-name" }, resName(data, k)), h("span", { class: "res-n" }, String(me.hand[k] || 0))));
  const spyCards = [];
  for (const [id, n] of Object.entries(me.spies || {})) {
    const card = data.spies[id] || { name: id, summary: "", kind: "" };
    const fresh = (me.spies_fresh || {})[id] || 0;
    const a = plays.get(id);
    const launch = id === "pocket_nuke" ? pocket : null;
    if (a) handled.add(a.id);
    if (launch) handled.add(launch.id);
    spyCards.push(h("div", { class: `fr-card spy ${card.kind || ""}${a || launch ? " playable" : ""}`, "data-card": id },
      h("div", { class: "card-head" }, h("strong", {}, card.name), n > 1 ? ` ×${n}` : "", " ", badge(card.provenance)),
      h("p", { class: "small" }, card.summary),
      card.kind === "vp" ? h("p", { class: "small secret" }, "Hidden VP: only you know it. Reveal it to score 1 VP.") : null,
      fresh ? h("p", { class: "small muted" }, `${fresh} bought this turn${card.kind === "vp" ? "" : ": not playable until your next turn"}`) : null,
      a ? h("button", { class: "fr-action play-spy", dataset: { action: a.id, type: "PLAY_SPY", card: id }, onclick: () => act(a) }, a.label) : null,
      launch ? h("button", { class: "fr-action launch pocket", dataset: { action: launch.id, type: "LAUNCH", source: "pocket_nuke" }, onclick: () => act(launch) }, launch.label) : null));
  }
  // Spy plays for cards the hand does not list (should not happen) fall to the decision panel.
  const hiddenVp = Object.entries(me.spies || {}).filter(([id]) => data.spies[id] && data.spies[id].kind === "vp").reduce((t, [, n]) => t + n, 0);
  return h("section", { class: "fr-panel fr-hand", "aria-label": "your hand" },
    h("h3", {}, "Your hand"),
    h("div", { class: "fr-res-row" }, resources),
    h("p", { class: "small muted" }, `${plural(me.hand_size, "resource card", "resource cards")}; the hand limit is checked at the end of your turn.`),
    spyCards.length ? h("div", { class: "fr-spies" }, spyCards) : h("p", { class: "small muted" }, "No Spy cards."),
    hiddenVp ? h("p", { class: "small secret" }, `Your hidden VP: ${hiddenVp} (not counted until revealed).`) : null,
    me.dealt_mutations && me.dealt_mutations.length && !me.mutation && obs.phase !== "choose_mutation"
      ? h("p", { class: "small" }, "Dealt to you: ", me.dealt_mutations.map((m) => (data.mutations[m] ? data.mutations[m].name : m)).join(", "))
      : null);
}

// --- the seats -------------------------------------------------------------------------------
function seatsPanel(view, obs, data, types, act, handled) {
  const target = targetVp(obs, view, data);
  const token = (types.LAUNCH || []).find((a) => a.json.source === "token");
  const build = (types.LAUNCH || []).find((a) => a.json.source === "build");
  const rows = obs.seats.map((s, seat) => {
    const mine = seat === view.seat;
    const mutation = s.mutation ? data.mutations[s.mutation] || { name: s.mutation, summary: "" } : null;
    const hiddenVp = mine && s.spies ? Object.entries(s.spies).filter(([id]) => data.spies[id] && data.spies[id].kind === "vp").reduce((t, [, n]) => t + n, 0) : 0;
    const nukes = [];
    for (let i = 0; i < s.nukes_ready; i++) nukes.push(h("span", { class: "fr-nuke-token ready", title: "ready Nuke token" }, "☢"));
    for (let i = 0; i < s.nukes_spent; i++) nukes.push(h("span", { class: "fr-nuke-token spent", title: "spent Nuke token" }, "☢"));
    const launchHere = mine && obs.phase !== "nuke_response" ? [token, build].filter(Boolean) : [];
    for (const a of launchHere) handled.add(a.id);
    const over = obs.phase === "over";
    const won = over && (obs.winners || []).includes(seat);
    return h("div", {
      class: `fr-seat${mine ? " mine" : ""}${seat === obs.active && !over ? " active" : ""}${seat === obs.decider ? " deciding" : ""}${s.eliminated ? " eliminated" : ""}${won ? " winner" : ""}`,
      "data-seat": seat,
    },
      h("div", { class: "fr-seat-head" },
        swatch(obs, seat, seatLabel(view, data, seat)), " ",
        h("strong", {}, seatLabel(view, data, seat)), mine ? h("span", { class: "you" }, " (you)") : null,
        seat === obs.active && !over ? h("span", { class: "small" }, " — to play") : null,
        won ? h("span", { class: "fr-won" }, " — winner") : null,
        s.eliminated ? h("span", { class: "small" }, " — eliminated") : null),
      h("div", { class: "fr-vp" },
        h("span", { class: "vp", title: over ? "final visible VP" : "visible VP" }, over ? `Final: ${s.vp} VP` : `${s.vp} / ${target} VP`),
        hiddenVp ? h("span", { class: "secret small", title: "your hidden VP Spies: only you see this" }, ` +${hiddenVp} hidden`) : null,
        s.vp_tokens ? h("span", { class: "small" }, ` · ${plural(s.vp_tokens, "VP token", "VP tokens")}`) : null,
        obs.nukiest === seat ? h("span", { class: "fr-award", title: "the Nukiest Award: 1 VP" }, " Nukiest") : null),
      mutation ? h("div", { class: "small fr-mutation", title: mutation.summary }, "Mutation: ", h("strong", {}, mutation.name), " ", badge(mutation.provenance), h("span", { class: "muted" }, ` — ${mutation.summary}`))
        : s.dealt_count ? h("div", { class: "small muted" }, `Mutation: not chosen yet (${s.dealt_count} dealt)`) : null,
      h("div", { class: "small" },
        `Cards: ${s.hand_size} · Spies: ${s.spy_count}`,
        s.revealed_vp_spies.length ? ` · revealed: ${s.revealed_vp_spies.map((id) => (data.spies[id] ? data.spies[id].name : id)).join(", ")}` : ""),
      h("div", { class: "small" }, "Nukes: ", nukes.length ? nukes : h("span", { class: "muted" }, "none"),
        launchHere.map((a) => h("button", { class: `fr-action launch ${a.json.source}`, dataset: { action: a.id, type: "LAUNCH", source: a.json.source }, onclick: () => act(a) }, a.label))),
      h("div", { class: "small muted" }, `In supply: ${plural(s.herds_left, "herd", "herds")}, ${plural(s.barns_left, "Barn", "Barns")}, ${plural(s.armories_left, "Armory", "Armories")}`));
  });
  return h("section", { class: "fr-panel fr-seats" }, h("h3", {}, "Players"), rows);
}

function infoPanel(view, obs, data) {
  const prod = (obs.last_production || []).map((p, seat) => (counts(p) ? `${seatLabel(view, data, seat)}: ${counts(p)}` : null)).filter(Boolean);
  const discard = Object.entries(obs.spy_discard || {}).map(([id, n]) => `${data.spies[id] ? data.spies[id].name : id}${n > 1 ? ` ×${n}` : ""}`);
  return h("section", { class: "fr-panel fr-info small" },
    prod.length ? h("div", {}, h("strong", {}, "Last production: "), prod.join("; ")) : null,
    h("div", {}, h("strong", {}, "Spy deck: "), plural(obs.spy_deck_size, "card", "cards"), discard.length ? `; played: ${discard.join(", ")}` : ""),
    h("div", { class: "fr-legend" },
      Object.entries(TYPE_FILL).map(([t, fill]) => h("span", { class: "legend-item" }, h("span", { class: "legend-hex", style: `background:${fill}` }),
        ` ${(data.typeNames && data.typeNames[t]) || TYPE_SHORT[t]} → ${RESOURCES[Object.keys(TYPE_FILL).indexOf(t)]}`))));
}
