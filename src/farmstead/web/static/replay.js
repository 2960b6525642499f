// The replay viewer: step forward and back through a finished match.
import { api, h, svg, toast, seatLabel } from "/static/api.js";

// Icons drawn as SVG: Debian's fonts have no glyphs for ⏮ ⏭ ⏸ (they showed as empty boxes).
const ICON_PATHS = {
  first: ["M3 3h2.5v14H3z", "M17 3v14L6.5 10z"],
  last: ["M14.5 3H17v14h-2.5z", "M3 3v14l10.5-7z"],
  play: ["M5 3v14l12-7z"],
  pause: ["M4.5 3h4v14h-4z", "M11.5 3h4v14h-4z"],
};

function icon(name) {
  return svg("svg", { class: "icon", viewBox: "0 0 20 20", width: 14, height: 14, "aria-hidden": "true", focusable: "false" },
    ICON_PATHS[name].map((d) => svg("path", { d, fill: "currentColor" })));
}
import { loadBoard } from "/static/match.js";

export async function openReplay(app, matchId) {
  const start = await api(`/api/matches/${matchId}/replay?step=0`);
  const game = await api(`/api/games/${encodeURIComponent(start.match.game)}`);
  const { board, data } = await loadBoard(game);
  document.title = `Farmstead — replay of ${game.long_name}`;
  const total = start.total;
  let step = 0;
  let seat = null;
  let timer = null;
  let request = 0;

  const boardEl = h("section", { class: "board-area", id: "board" });
  const slider = h("input", { type: "range", min: 0, max: total, value: 0, id: "replay-slider", "aria-label": "step" });
  const counter = h("span", { class: "counter", id: "replay-step" });
  const lastEl = h("p", { class: "last-event", id: "replay-last" });
  const playButton = h("button", { id: "replay-play" }, icon("play"), " Play");
  const gotoInput = h("input", { type: "number", id: "replay-goto", min: 0, max: total, value: 0, "aria-label": "go to step", title: "go to step" });
  const seatSelect = h("select", { id: "replay-seat", "aria-label": "view as" },
    h("option", { value: "" }, "View as spectator"),
    start.match.seats.map((s) => h("option", { value: s.seat }, `View as ${s.name}`)));

  async function show(next) {
    step = Math.max(0, Math.min(total, next));
    slider.value = step;
    gotoInput.value = step;
    counter.textContent = `step ${step} / ${total}`;
    const mine = ++request;
    try {
      const q = seat === null ? "" : `&seat=${seat}`;
      const view = await api(`/api/matches/${matchId}/replay?step=${step}${q}`);
      if (mine !== request) return;
      lastEl.textContent = view.last ? `${view.last.seat >= 0 ? seatLabel(view.match, view.last.seat) : "Dice"}: ${view.last.text}` : "Start of the game";
      board.render(boardEl, {
        observation: view.observation, legal: [], seat, toAct: false, match: view.match, game,
        events: [], index: step, replay: true,
      }, { act: () => {}, data });
    } catch (err) {
      toast(err.message);
    }
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.replaceChildren(icon("play"), " Play");
  }

  playButton.addEventListener("click", () => {
    if (timer) return stop();
    playButton.replaceChildren(icon("pause"), " Pause");
    timer = setInterval(() => (step >= total ? stop() : show(step + 1)), 400);
  });
  slider.addEventListener("input", () => { stop(); show(Number(slider.value)); });
  gotoInput.addEventListener("change", () => {
    const wanted = Number.parseInt(gotoInput.value, 10);
    stop();
    show(Number.isFinite(wanted) ? wanted : step);
  });
  seatSelect.addEventListener("change", () => { seat = seatSelect.value === "" ? null : Number(seatSelect.value); show(step); });
  const onKey = (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.key === "ArrowRight") { stop(); show(step + 1); }
    if (e.key === "ArrowLeft") { stop(); show(step - 1); }
  };
  document.addEventListener("keydown", onKey);

  app.replaceChildren(h("div", { class: "replay-page" },
    h("header", { class: "match-head" }, h("h1", {}, `Replay: ${game.long_name}`),
      h("a", { class: "button subtle", href: `/match/${matchId}`, "data-link": true }, "Result"),
      h("a", { class: "button subtle", href: `/api/matches/${matchId}/record`, download: "" }, "Download record")),
    h("div", { class: "replay-controls" },
      h("button", { id: "replay-first", "aria-label": "first step", title: "first step", onclick: () => { stop(); show(0); } }, icon("first")),
      h("button", { id: "replay-back", onclick: () => { stop(); show(step - 1); } }, "◀ Back"),
      playButton,
      h("button", { id: "replay-forward", onclick: () => { stop(); show(step + 1); } }, "Forward ▶"),
      h("button", { id: "replay-last-step", "aria-label": "last step", title: "last step", onclick: () => { stop(); show(total); } }, icon("last")),
      slider, counter, h("label", { class: "goto" }, "Go to step ", gotoInput), seatSelect),
    lastEl,
    boardEl));
  await show(0);
  return () => {
    stop();
    document.removeEventListener("keydown", onKey);
  };
}
