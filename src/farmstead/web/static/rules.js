// A game's rules page: the rules in prose, the variant settings and the game's data in words,
// each value with its provenance (official, derived from official facts, or our proposal).
import { api, h } from "/static/api.js";

const PROVENANCE = {
  official: "stated by the rulebook or a published source",
  derived: "follows from official facts",
  proposed: "our proposal where the real value is unknown",
};

function badge(provenance) {
  return h("span", { class: `badge ${provenance}`, title: PROVENANCE[provenance] || "" }, provenance);
}

function itemView(item) {
  const mixed = item.fields.some((f) => f.provenance !== item.provenance);
  return h("li", { class: `data-item prov-${item.provenance}` },
    h("div", { class: "data-title" }, h("strong", {}, item.title), " ", badge(item.provenance)),
    item.text ? h("p", { class: "data-text" }, item.text) : null,
    item.fields.length ? h("dl", { class: "data-fields" }, item.fields.map((f) => [
      h("dt", {}, f.label), h("dd", {}, f.text, mixed && f.provenance !== item.provenance ? [" ", badge(f.provenance)] : null)])) : null,
    item.source || item.note ? h("p", { class: "muted small" },
      item.source ? `From ${item.source}.` : "", item.source && item.note ? " " : "", item.note || "") : null);
}

function paramView(p) {
  const value = p.lobby_default !== p.default ? `${p.lobby_default} in the browser (game default ${p.default})` : String(p.default === "" ? "none" : p.default);
  return [h("dt", {}, p.label), h("dd", {}, p.help || p.description, h("br"), h("small", { class: "muted" }, `Default: ${value}`))];
}

/** Draw the rules page of game ``name`` into ``app``. */
export async function rulesPage(app, name) {
  const [info, rules] = await Promise.all([
    api(`/api/games/${encodeURIComponent(name)}`),
    api(`/api/games/${encodeURIComponent(name)}/rules`),
  ]);
  document.title = `Farmstead — how to play ${info.long_name}`;
  const prose = h("article", { class: "rules-prose", id: "rules-prose" });
  if (rules.html) prose.innerHTML = rules.html; // made on the server from our Markdown, raw HTML off
  else prose.append(h("h1", {}, info.long_name), h("p", {}, rules.summary));
  const groups = new Map();
  for (const item of rules.items) {
    if (!groups.has(item.group)) groups.set(item.group, []);
    groups.get(item.group).push(item);
  }
  const count = (p) => rules.items.filter((i) => i.provenance === p).length;
  app.replaceChildren(h("div", { class: "rules-page" },
    h("nav", { class: "buttons rules-nav" },
      h("a", { class: "button primary", href: `/new?game=${encodeURIComponent(name)}`, "data-link": true }, "Set up a match"),
      h("a", { class: "button subtle", href: "/", "data-link": true }, "Lobby")),
    prose,
    rules.proposed_note ? h("p", { class: "note" }, "Note: ", rules.proposed_note) : null,
    rules.reference ? h("p", { class: "muted rules-reference" },
      "Every ruling and worked example of these rules, each with its id, is in Farmstead's ",
      "rules reference: ", h("code", {}, rules.reference),
      " in the project's repository.") : null,
    info.params.length ? h("section", { class: "rules-params", id: "rules-params" },
      h("h2", {}, "Variant settings"),
      h("p", { class: "muted" }, "A match may change these when it is set up."),
      h("dl", { class: "param-list" }, info.params.map(paramView))) : null,
    rules.items.length ? h("section", { class: "rules-data", id: "rules-data" },
      h("h2", {}, "The game's data"),
      h("p", { class: "legend" },
        badge("official"), ` ${PROVENANCE.official} (${count("official")}) · `,
        badge("derived"), ` ${PROVENANCE.derived} (${count("derived")}) · `,
        badge("proposed"), ` ${PROVENANCE.proposed} (${count("proposed")})`),
      [...groups].map(([group, items]) => h("details", { class: "data-group", open: items.length <= 12 },
        h("summary", {}, `${group} (${items.length})`),
        h("ul", { class: "data-items" }, items.map(itemView))))) : null));
}
