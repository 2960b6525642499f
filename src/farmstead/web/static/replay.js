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
  const { turns } = await api(`/api/matches/${matchId}/turns`);
  const { board, data } = await loadBoard(game);
  document.title = `Farmstead — replay of ${game.long_name}`;
  const total = start.total;
  // Position k of the replay is the game after its first k turns (0: the start). The step
  // buttons move one atomic step inside a turn.
  const ends = [0, ...turns.map((t) => t.first + t.steps)];
  const count = turns.length;
  let turn = 0;
  let step = 0;
  let seat = null;
  let timer = null;
  let request = 0;

  const boardEl = h("section", { class: "board-area", id: "board" });
  const slider = h("input", { type: "range", min: 0, max: count, value: 0, id: "replay-slider", "aria-label": "turn" });
  const counter = h("span", { class: "counter", id: "replay-step" });
  const lastEl = h("p", { class: "last-event", id: "replay-last" });
  const stepEl = h("p", { class: "muted small", id: "replay-step-words" });
  const playButton = h("button", { id: "replay-play" }, icon("play"), " Play");
  const gotoInput = h("input", { type: "number", id: "replay-goto", min: 0, max: count, value: 0, "aria-label": "go to turn", title: "go to turn" });
  const seatSelect = h("select", { id: "replay-seat", "aria-label": "view as" },
    h("option", { value: "" }, "View as spectator"),
    start.match.seats.map((s) => h("option", { value: s.seat }, `View as ${s.name}`)));
  const turnList = h("ol", { class: "replay-turns", id: "replay-turns" }, turns.map((t, k) =>
    h("li", {}, h("button", { class: "linkish", dataset: { turn: k + 1 }, onclick: () => { stop(); showTurn(k + 1); } },
      h("span", { class: "n" }, `${k + 1}.`), " ", t.summary))));

  /** The turn a step lies in: the position k with ends[k] <= step (the last such). */
  function turnOf(s) {
    let k = 0;
    while (k < count && ends[k + 1] <= s) k++;
    return k;
  }

  async function showStep(next) {
    step = Math.max(0, Math.min(total, next));
    turn = turnOf(step);
    slider.value = turn;
    gotoInput.value = turn;
    const inside = step - ends[turn];
    counter.textContent = `turn ${turn} / ${count}` + (inside ? ` · step ${inside} of turn ${turn + 1}` : "");
    lastEl.textContent = turn > 0 ? `${turn}. ${turns[turn - 1].summary}` : "Start of the game";
    for (const b of turnList.querySelectorAll("button")) b.classList.toggle("current", Number(b.dataset.turn) === turn);
    const mine = ++request;
    try {
      const q = seat === null ? "" : `&seat=${seat}`;
      const view = await api(`/api/matches/${matchId}/replay?step=${step}${q}`);
      if (mine !== request) return;
      stepEl.textContent = inside && view.last ? `Step: ${view.last.seat >= 0 ? `${seatLabel(view.match, view.last.seat)}: ` : ""}${view.last.text}` : "";
      board.render(boardEl, {
        observation: view.observation, legal: [], seat, toAct: false, match: view.match, game,
        events: [], index: step, replay: true,
      }, { act: () => {}, data });
    } catch (err) {
      toast(err.message);
    }
  }

  const showTurn = (k) => showStep(ends[Math.max(0, Math.min(count, k))]);

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.replaceChildren(icon("play"), " Play");
  }

  playButton.addEventListener("click", () => {
    if (timer) return stop();
    playButton.replaceChildren(icon("pause"), " Pause");
    timer = setInterval(() => (turn >= count ? stop() : showTurn(turn + 1)), 700);
  });
  slider.addEventListener("input", () => { stop(); showTurn(Number(slider.value)); });
  gotoInput.addEventListener("change", () => {
    const wanted = Number.parseInt(gotoInput.value, 10);
    stop();
    showTurn(Number.isFinite(wanted) ? wanted : turn);
  });
  seatSelect.addEventListener("change", () => { seat = seatSelect.value === "" ? null : Number(seatSelect.value); showStep(step); });
  const back = () => { stop(); showTurn(step > ends[turn] ? turn : turn - 1); };
  const forward = () => { stop(); showTurn(turn + 1); };
  const onKey = (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.key === "ArrowRight") forward();
    if (e.key === "ArrowLeft") back();
  };
  document.addEventListener("keydown", onKey);

  app.replaceChildren(h("div", { class: "replay-page" },
    h("header", { class: "match-head" }, h("h1", {}, `Replay: ${game.long_name}`),
      h("a", { class: "button subtle", href: `/match/${matchId}`, "data-link": true }, "Result"),
      h("a", { class: "button subtle", href: `/api/matches/${matchId}/record`, download: "" }, "Download record")),
    h("div", { class: "replay-controls" },
      h("button", { id: "replay-first", "aria-label": "start of the game", title: "start of the game", onclick: () => { stop(); showTurn(0); } }, icon("first")),
      h("button", { id: "replay-back", title: "previous turn", onclick: back }, "◀ Turn"),
      playButton,
      h("button", { id: "replay-forward", title: "next turn", onclick: forward }, "Turn ▶"),
      h("button", { id: "replay-last-step", "aria-label": "end of the game", title: "end of the game", onclick: () => { stop(); showTurn(count); } }, icon("last")),
      slider, counter, h("label", { class: "goto" }, "Go to turn ", gotoInput), seatSelect),
    h("div", { class: "replay-controls small" },
      h("button", { id: "replay-step-back", class: "small", title: "one step back", onclick: () => { stop(); showStep(step - 1); } }, "− step"),
      h("button", { id: "replay-step-forward", class: "small", title: "one step forward", onclick: () => { stop(); showStep(step + 1); } }, "+ step"),
      stepEl),
    lastEl,
    h("div", { class: "replay-body" }, boardEl,
      h("details", { class: "replay-turn-list", open: true }, h("summary", {}, `All ${count} turns`), turnList))));
  await showStep(0);
  return () => {
    stop();
    document.removeEventListener("keydown", onKey);
  };
}
