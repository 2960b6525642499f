// Race to Twenty board: the count, and one button per legal action (labels from the server).
import { h } from "/static/api.js";

export function render(container, view, ctx) {
  const buttons = view.legal.map((a) =>
    h("button", { class: "race-add", onclick: () => ctx.act(a.id) }, a.label));
  container.replaceChildren(h("p", { class: "race-count" }, `Count: ${view.observation.count}`), ...buttons);
}
