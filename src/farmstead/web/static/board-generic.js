// The generic board: works for every game without a board module of its own.
//
// Board module interface (a game's registered board module, served at
// /static/boards/<game>.js, exports the same):
//
//   export async function setup(game)      optional; game = GET /api/games/<game>.
//                                          Its result is passed to render as ctx.data.
//   export function render(container, view, ctx)
//        container  the element the board owns (re-rendered on every update)
//        view       { observation,         observation(seat) for the viewer's seat (or spectator)
//                     legal: [{id, label, json}],  the seat's legal actions (empty unless toAct)
//                     seat,                the viewer's seat or null
//                     toAct,               true when that seat must act now
//                     match, game,         match summary (seats, status, ...) and game info
//                     events,              known log entries {index, seat, text}
//                     index,               log length of this view
//                     replay }             true in the replay viewer (no actions)
//        ctx        { act(actionId), data }   act sends an action for view.seat
//   export function help()                  optional; a DOM node shown under "How to play".
import { h } from "/static/api.js";

function label(key) {
  return String(key).replace(/_/g, " ");
}

/** The observation as nested readable lists and tables. */
export function describe(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value !== "object") return h("span", { class: "value" }, String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "muted" }, "none");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { class: "value" }, value.map((v) => (v === null ? "—" : String(v))).join(", "));
    }
    return h("ol", { class: "obs-list", start: 0 }, value.map((v) => h("li", {}, describe(v, depth + 1))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return h("span", { class: "muted" }, "—");
  return h("dl", { class: `obs depth-${Math.min(depth, 3)}` },
    entries.map(([k, v]) => [h("dt", {}, label(k)), h("dd", {}, describe(v, depth + 1))]));
}

/** Group legal actions by their JSON "type" when they have one. */
function groups(legal) {
  const out = new Map();
  for (const action of legal) {
    const type = action.json && typeof action.json === "object" && action.json.type ? String(action.json.type) : "";
    if (!out.has(type)) out.set(type, []);
    out.get(type).push(action);
  }
  return out;
}

export function render(container, view, ctx) {
  const actions = [];
  if (view.toAct && view.legal.length) {
    for (const [type, items] of groups(view.legal)) {
      actions.push(h("div", { class: "action-group" },
        type ? h("h3", {}, label(type).toLowerCase()) : null,
        h("div", { class: "action-buttons" }, items.map((a) =>
          h("button", { class: "action", dataset: { action: a.id }, onclick: () => ctx.act(a.id) }, a.label)))));
    }
  }
  container.replaceChildren(h("div", { class: "generic-board" },
    actions.length ? h("section", { class: "actions", "aria-label": "your actions" }, h("h2", {}, "Your move"), actions) : null,
    h("section", { class: "observation" }, h("h2", {}, view.seat === null ? "The table" : "What you see"), describe(view.observation))));
}
