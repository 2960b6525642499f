// The game page: live view over a WebSocket, the board, the event log, the result screen.
import { api, h, toast, seatLabel, rememberMatch } from "/static/api.js";
import * as genericBoard from "/static/board-generic.js";
import { animationToggle, swatch } from "/static/board-kit.js";

/** Load a game's board module (or the generic board) and its one-time setup data. */
export async function loadBoard(game) {
  let board = genericBoard;
  if (game.board_css && !document.querySelector(`link[data-board="${game.name}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: game.board_css, "data-board": game.name }));
  }
  if (game.board) {
    try {
      board = await import(game.board);
    } catch (err) {
      console.error(err);
      toast(`The ${game.long_name} board failed to load; showing the generic board.`);
    }
  }
  const data = board.setup ? await board.setup(game) : null;
  return { board, data };
}

/** The game's own scores (one column per seat) and their breakdown, from the view's
 * ``result`` (the game's score sheet). */
function scoreTable(match, sheet) {
  const head = h("tr", {}, h("th", {}, ""), match.seats.map((s) => h("th", { scope: "col" }, s.name)));
  const rows = sheet.rows.map((r) => h("tr", {}, h("th", { scope: "row" }, r.label),
    match.seats.map((s) => h("td", {}, r.values[s.seat] || ""))));
  return h("div", { class: "score-sheet" },
    h("table", { class: "returns scores", id: "result-scores" }, h("tbody", {}, match.seats.map((s) =>
      h("tr", {}, h("td", {}, s.name), h("td", { class: "score" }, sheet.scores[s.seat]))))),
    rows.length ? h("details", { class: "breakdown", open: true },
      h("summary", {}, "How the score was made"),
      h("div", { class: "breakdown-scroll" },
        h("table", { class: "scores", id: "result-breakdown" }, h("thead", {}, head.cloneNode(true)), h("tbody", {}, rows)))) : null);
}

/** Who won, in words; "You" for the viewer's own seat when it holds one seat only. */
function resultText(match, you) {
  if (match.ended && match.ended.reason === "abandoned") return "The match was abandoned: no result.";
  const how = match.ended_words ? `${match.ended_words[0].toUpperCase()}${match.ended_words.slice(1)}. ` : "";
  if (!match.winners || match.winners.length === 0) return `${how}The game ended in a draw.`;
  const mine = you && you.seats.length === 1 ? you.seats[0] : null;
  const names = match.winners.map((w) => (w === mine ? "You" : seatLabel(match, w)));
  return `${how}${names.join(" and ")} won!`;
}

export async function openMatch(app, matchId) {
  const first = await api(`/api/matches/${matchId}`);
  const game = await api(`/api/games/${encodeURIComponent(first.match.game)}`);
  const { board, data } = await loadBoard(game);
  document.title = `Farmstead — ${game.long_name}`;

  const statusEl = h("div", { class: "status", id: "status", role: "status" });
  const boardEl = h("section", { class: "board-area", id: "board", "aria-label": "board" });
  const playersEl = h("ul", { class: "players", id: "players" });
  const eventsEl = h("ol", { class: "events", id: "events" });
  const resultEl = h("section", { class: "result", id: "result", hidden: true });
  const invitesEl = h("section", { class: "invites", id: "invites", hidden: true });
  const coverEl = h("div", { class: "cover", id: "cover", hidden: true });
  const helpEl = board.help ? h("details", { class: "help" }, h("summary", {}, "How to play"), board.help()) : null;
  const connEl = h("span", { class: "conn muted", id: "conn" });
  const undoButton = h("button", { id: "undo", class: "undo", hidden: true, title: "Take back your last decision of this turn" }, "↶ Undo");
  const hintButton = h("button", { id: "hint", class: "hint", hidden: true, title: "Ask the strongest bot for a move (about a second; from what you may see only)" }, "Suggest a move");
  const hintEl = h("div", { class: "hint-box", id: "hint-box", role: "status", hidden: true });
  const hintsNote = h("p", { class: "muted small", id: "hints-note", hidden: true },
    "Hints are on in this match: every player may ask a bot for a suggested move.");
  const resignButton = h("button", { id: "resign", class: "subtle" }, "Resign");
  const abandonButton = h("button", { id: "abandon", class: "subtle" }, "Abandon the match");
  const menuEl = h("details", { class: "match-menu", id: "match-menu", hidden: true },
    h("summary", {}, "Match"),
    h("div", { class: "menu-items" },
      h("a", { href: `/games/${encodeURIComponent(game.name)}`, "data-link": true, id: "rules-link" }, "Rules of the game"),
      resignButton, abandonButton));

  app.replaceChildren(h("div", { class: "match-page" },
    h("header", { class: "match-head" },
      h("h1", {}, game.long_name),
      statusEl, undoButton, hintButton, connEl,
      h("a", { class: "rules-link small", href: `/games/${encodeURIComponent(game.name)}`, "data-link": true }, "Rules"),
      menuEl),
    h("div", { class: "match-body" },
      h("div", { class: "board-column" }, hintEl, boardEl, coverEl),
      h("aside", { class: "side" },
        resultEl,
        h("section", {}, h("h2", {}, "Players"), playersEl, hintsNote),
        h("p", { class: "page-options small" }, animationToggle()),
        invitesEl,
        helpEl,
        game.proposed_note ? h("p", { class: "note small" }, game.proposed_note, " ",
          h("a", { href: `/games/${game.name}`, "data-link": true }, "See the rules")) : null,
        h("section", { class: "log" }, h("h2", {}, "What happened"), eventsEl)))));

  const events = new Map();
  let view = null;
  let socket = null;
  let closed = false;
  let retry = 0;
  let pending = false;
  let revealedSeat = null;
  let hint = null; // the server's suggestion for the current view ({index, undos, seat, line, …})
  let asking = false;

  const invites = JSON.parse(localStorage.getItem(`invites:${matchId}`) || "[]");
  if (invites.length) {
    invitesEl.hidden = false;
    invitesEl.append(h("h2", {}, "Invite links"),
      h("p", { class: "muted small" }, "Send each friend their link; it lets them play that seat only."),
      ...invites.map((inv) => h("div", { class: "invite" },
        h("span", {}, `Seat ${inv.seat + 1}`),
        h("input", { type: "text", readonly: true, value: inv.url, onfocus: (e) => e.target.select() }),
        h("button", { onclick: () => navigator.clipboard && navigator.clipboard.writeText(inv.url).then(() => toast("Link copied", "info")) }, "Copy"))));
  }

  async function act(actionId, seat) {
    if (!view || pending) return;
    pending = true;
    boardEl.classList.add("pending");
    const message = { type: "action", action: actionId, expect: view.index, seat: seat ?? view.you.seat };
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return;
    }
    try {
      const next = await api(`/api/matches/${matchId}/actions`, { method: "POST", body: message });
      onView(next);
    } catch (err) {
      toast(err.message);
      pending = false;
      boardEl.classList.remove("pending");
      refresh();
    }
  }

  undoButton.addEventListener("click", async () => {
    if (!view || pending) return;
    const message = { type: "undo", steps: 1, expect: view.index, seat: view.you.seat };
    pending = true;
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return;
    }
    try {
      const { type, ...body } = message;
      onView(await api(`/api/matches/${matchId}/undo`, { method: "POST", body }));
    } catch (err) {
      pending = false;
      toast(err.message);
    }
  });

  // A hint: the game's strongest bot suggests a move for the seat to act, from that seat's
  // information only; the board highlights it (boards read ``view.hint``, the suggested line;
  // any element carrying the suggested action's ``data-action`` is marked as well).
  // On one device with hidden information, nobody asks (or sees) a hint while the "pass the
  // device" cover is up: the suggestion would name the hidden seat's things.
  hintButton.addEventListener("click", async () => {
    if (!view || pending || asking || !view.you.to_act || coverUp()) return;
    asking = true;
    hintButton.disabled = true;
    hintButton.textContent = "Thinking…";
    const asked = { index: view.index, undos: view.undos || 0, seat: view.you.seat };
    try {
      const answer = await api(`/api/matches/${matchId}/hint`, { method: "POST", body: { seat: asked.seat, expect: view.index } });
      if (view && view.index === asked.index && (view.undos || 0) === asked.undos && view.you.seat === asked.seat && !coverUp()) {
        hint = answer;
        renderHint();
        renderBoard();
      }
    } catch (err) {
      toast(err.message);
    } finally {
      asking = false;
      hintButton.disabled = false;
      hintButton.textContent = "Suggest a move";
    }
  });

  function renderHint() {
    hintsNote.hidden = !(view && view.match.options && view.match.options.hints);
    hintButton.hidden = !(view && view.match.status === "live" && view.you.to_act && view.you.hints) || coverUp();
    // A hint is the asking seat's: shown to that seat only, never under the cover.
    if (!hint || coverUp() || hint.seat !== view.you.seat) {
      hintEl.hidden = true;
      hintEl.replaceChildren();
      return;
    }
    hintEl.hidden = false;
    const steps = hint.line.map((step) => step.label);
    hintEl.replaceChildren(
      h("strong", {}, "Suggested: "),
      h("span", { class: "hint-line" }, steps.join(" → ")),
      h("span", { class: "muted small" }, ` (${hint.bot} bot, ${hint.seconds.toFixed(1)} s)`),
      h("button", { class: "small subtle", onclick: () => { hint = null; renderHint(); renderBoard(); } }, "Dismiss"));
  }

  // Board elements that stand for a thing of an action's JSON carry it as a data attribute
  // (data-cell, data-unit, data-region …): the suggested action's things are marked.
  const HINT_ATTRIBUTES = {
    cell: ["data-cell", "data-target"], pasture: ["data-cell"], unit: ["data-unit"],
    region: ["data-region"], pile: ["data-pile"], card: ["data-card"],
  };

  function markHint() {
    if (!hint || hint.seat !== view.you.seat) return;
    const json = hint.action.json || {};
    const selectors = [`[data-action="${hint.action.id}"]`];
    for (const [field, attributes] of Object.entries(HINT_ATTRIBUTES)) {
      if (json[field] === undefined || json[field] === null) continue;
      const value = CSS.escape(Array.isArray(json[field]) ? json[field].join(",") : String(json[field]));
      for (const attribute of attributes) selectors.push(`[${attribute}="${value}"]`);
    }
    for (const cell of Array.isArray(json.cells) ? json.cells : []) selectors.push(`[data-cell="${CSS.escape(String(cell))}"]`);
    if (Array.isArray(json.to)) selectors.push(`[data-x="${json.to[0]}"][data-y="${json.to[1]}"]`);
    for (const el of boardEl.querySelectorAll(selectors.join(", "))) el.classList.add("hinted");
  }

  resignButton.addEventListener("click", async () => {
    const mine = view.you.seats.filter((s) => view.match.seats[s].kind === "human");
    if (!mine.length) return;
    const seat = mine.includes(view.you.seat) ? view.you.seat : mine[0];
    const then = view.match.options.on_resign === "bot" ? "A bot will play your seat." : "The game ends; you lose.";
    if (!confirm(`Resign as ${seatLabel(view.match, seat)}? ${then}`)) return;
    try {
      await api(`/api/matches/${matchId}/seats/${seat}/resign`, { method: "POST", body: {} });
      menuEl.open = false;
      refresh();
    } catch (err) {
      toast(err.message);
    }
  });

  abandonButton.addEventListener("click", async () => {
    if (!confirm("Abandon this match? It ends without a result.")) return;
    try {
      await api(`/api/matches/${matchId}/abandon`, { method: "POST", body: {} });
      menuEl.open = false;
      refresh();
    } catch (err) {
      toast(err.message);
    }
  });

  function renderMenu() {
    const { match, you } = view;
    const live = match.status === "live";
    const humans = match.seats.filter((s) => s.kind === "human").map((s) => s.seat);
    const mine = you.seats.filter((s) => humans.includes(s));
    undoButton.hidden = !(live && you.to_act && you.undo > 0);
    menuEl.hidden = !(live && mine.length);
    resignButton.hidden = !mine.length;
    abandonButton.hidden = !(humans.length && humans.every((s) => you.seats.includes(s)));
  }

  async function refresh() {
    try {
      onView(await api(`/api/matches/${matchId}?since=${knownIndex()}`));
    } catch (err) {
      toast(err.message);
    }
  }

  function knownIndex() {
    let n = 0;
    while (events.has(n)) n++;
    return n;
  }

  function renderPlayers() {
    const { match, observation, you } = view;
    playersEl.replaceChildren(...match.seats.map((s) => {
      const mine = you.seats.includes(s.seat);
      const moving = match.to_move === s.seat;
      const claim = s.open ? h("button", {
        class: "small",
        onclick: async () => {
          try {
            await api(`/api/matches/${matchId}/seats/${s.seat}/claim`, { method: "POST", body: {} });
            reconnect();
          } catch (err) {
            toast(err.message);
          }
        },
      }, "Take this seat") : null;
      return h("li", { class: `player${moving ? " moving" : ""}${mine ? " mine" : ""}`, dataset: { seat: s.seat } },
        swatch(observation, s.seat, seatLabel(match, s.seat)),
        h("span", { class: "name" }, s.name),
        h("span", { class: "muted small", title: s.kind === "bot" ? s.agent : undefined }, s.kind === "bot" ? ` bot${s.level ? ` (${s.level})` : ""}` : s.open ? " open seat" : ""),
        mine ? h("span", { class: "you" }, " you") : null,
        moving ? h("span", { class: "turn-marker", title: "to move" }, " ◀") : null,
        view.result ? h("span", { class: "score" }, ` ${view.result.scores[s.seat]}`) : null,
        claim);
    }));
  }

  // The log, by turns (the server groups the atomic steps and summarises each turn in the
  // game's words): newest turn first, each expandable to its numbered steps. The whole
  // history is kept (older entries are fetched from the events route).
  const turns = new Map(); // turn number -> {turn, seat, first, steps, summary, complete}
  const renderedTurns = new Map(); // turn number -> {li, key}
  let loadingHistory = false;

  function stepItem(e) {
    const who = e.seat >= 0 ? seatLabel(view.match, e.seat) : null;
    return h("li", { class: e.seat >= 0 ? "step move" : "step chance", dataset: { index: e.index } },
      h("span", { class: "n" }, `${e.index + 1}.`), " ", who ? [h("span", { class: "who" }, who), " "] : null, e.text);
  }

  function turnItem(t, open) {
    const steps = [];
    for (let i = t.first; i < t.first + t.steps; i++) if (events.has(i)) steps.push(stepItem(events.get(i)));
    const details = h("details", { class: "turn-steps", open: open || undefined },
      h("summary", {}, h("span", { class: "n" }, `${t.turn + 1}.`), " ", h("span", { class: "turn-text" }, t.summary)),
      h("ol", { class: "steps" }, steps));
    return h("li", { class: `turn${t.complete ? "" : " current"}`, dataset: { turn: t.turn, seat: t.seat ?? "" } }, details);
  }

  function renderEvents() {
    const numbers = [...turns.keys()].sort((a, b) => b - a);
    for (const n of numbers) {
      const t = turns.get(n);
      let have = 0;
      for (let i = t.first; i < t.first + t.steps; i++) if (events.has(i)) have++;
      const key = `${t.summary}|${have}|${t.complete}`;
      const old = renderedTurns.get(n);
      if (old && old.key === key) continue;
      const open = old ? old.li.querySelector("details").open : false;
      const li = turnItem(t, open);
      if (old) {
        old.li.replaceWith(li);
      } else {
        // Keep the list ordered newest first: before the first turn with a lower number.
        const after = [...renderedTurns.keys()].filter((k) => k < n).sort((a, b) => b - a)[0];
        if (after === undefined) eventsEl.append(li);
        else eventsEl.insertBefore(li, renderedTurns.get(after).li);
      }
      renderedTurns.set(n, { li, key });
    }
  }

  /** Fetch the log entries the views did not carry (a view sends the latest ones only). */
  async function loadHistory() {
    if (loadingHistory) return;
    loadingHistory = true;
    try {
      while (view && knownIndex() < view.index) {
        const from = knownIndex();
        const page = await api(`/api/matches/${matchId}/events?since=${from}&limit=5000`);
        let added = 0;
        for (const e of page.events) {
          if (!events.has(e.index)) {
            events.set(e.index, e);
            added++;
          }
        }
        for (const t of page.turns || []) mergeTurn(t);
        if (!added) break;
        renderEvents();
      }
    } catch (err) {
      toast(err.message);
    } finally {
      loadingHistory = false;
    }
  }

  function mergeTurn(t) {
    const old = turns.get(t.turn);
    // A turn seen from a later page or view never loses steps it already had.
    if (!old || t.first + t.steps >= old.first + old.steps) turns.set(t.turn, t);
  }

  function eventList() {
    return [...events.keys()].sort((a, b) => a - b).map((i) => events.get(i));
  }

  // While a bot is to move the status counts the seconds since this page saw its turn begin
  // ("Bot 2 is thinking… 3 s"): the server paces and budgets a bot's turn as a whole.
  let thinking = null; // {seat, since}
  let thinkingTimer = null;

  function thinkingText(seat) {
    if (!thinking || thinking.seat !== seat) thinking = { seat, since: Date.now() };
    if (!thinkingTimer) thinkingTimer = setInterval(() => view && renderStatus(), 1000);
    return `${seatLabel(view.match, seat)} is thinking…`;
  }

  /** The seconds a bot has been thinking (not read out each second by screen readers). */
  function thinkingSeconds() {
    const seconds = thinking ? Math.floor((Date.now() - thinking.since) / 1000) : 0;
    return seconds >= 1 ? h("span", { class: "thinking-seconds", "aria-hidden": "true" }, ` ${seconds} s`) : null;
  }

  function stopThinking() {
    thinking = null;
    if (thinkingTimer) clearInterval(thinkingTimer);
    thinkingTimer = null;
  }

  function renderStatus() {
    const { match, you } = view;
    const bot = match.status !== "finished" && match.to_move !== null && match.seats[match.to_move]?.kind === "bot";
    if (!bot) stopThinking();
    let text;
    if (match.status === "finished") text = `Game over. ${resultText(match, you)}`;
    else if (you.to_act) text = you.seats.length > 1 ? `${seatLabel(match, you.seat)}: your turn` : "Your turn";
    else if (match.to_move === null) text = "…";
    else {
      const s = match.seats[match.to_move];
      if (s.kind === "bot") text = thinkingText(match.to_move);
      else if (s.open) text = `Waiting for someone to take seat ${s.seat + 1}`;
      else text = `Waiting for ${s.name}`;
    }
    statusEl.replaceChildren(text, ...(thinking ? [thinkingSeconds()].filter(Boolean) : []));
    statusEl.classList.toggle("your-turn", !!you.to_act);
  }

  function renderResult() {
    const { match } = view;
    if (match.status !== "finished") {
      resultEl.hidden = true;
      return;
    }
    resultEl.hidden = false;
    const sheet = view.result;
    resultEl.replaceChildren(...[
      h("h2", {}, "Game over"),
      h("p", { class: "winner" }, resultText(match, view.you)),
      sheet ? h("p", { class: "summary", id: "result-summary" }, sheet.summary) : null,
      sheet ? scoreTable(match, sheet) : h("table", { class: "returns" }, h("tbody", {}, match.seats.map((s) =>
        h("tr", {}, h("td", {}, s.name), h("td", {}, String(match.returns[s.seat])))))),
      h("p", { class: "muted small" }, `${match.moves} moves in the log.`),
      h("div", { class: "buttons" },
        h("a", { class: "button primary", href: `/replay/${matchId}`, "data-link": true, id: "replay-link" }, "Replay"),
        h("a", { class: "button", href: `/api/matches/${matchId}/record`, download: `farmstead-${match.game}-${matchId}.json`, id: "record-link" }, "Download record"),
        h("a", { class: "button subtle", href: "/", "data-link": true }, "Lobby")),
    ].filter((child) => child !== null));
  }

  /** Hot-seat with hidden information: the board is covered until the next player is ready. */
  function coverUp() {
    if (!view) return false;
    const { you, match } = view;
    return !game.perfect_information && you.seats.length > 1 && match.status === "live" && !!you.to_act && revealedSeat !== you.seat;
  }

  function renderBoard() {
    const { you, match } = view;
    if (coverUp()) {
      coverEl.hidden = false;
      boardEl.hidden = true;
      coverEl.replaceChildren(h("p", {}, `Pass the device to ${seatLabel(match, you.seat)}.`),
        h("button", { class: "primary", onclick: () => { revealedSeat = you.seat; renderHint(); renderBoard(); } }, `I am ${seatLabel(match, you.seat)}: show my view`));
      return;
    }
    coverEl.hidden = true;
    boardEl.hidden = false;
    boardEl.dataset.index = String(view.index);
    board.render(boardEl, {
      observation: view.observation,
      legal: you.to_act ? view.legal : [],
      seat: you.seat,
      toAct: you.to_act,
      match,
      game,
      events: eventList(),
      index: view.index,
      replay: false,
      hint: hint && you.to_act && hint.seat === you.seat ? hint.line : null,
    }, { act, data });
    markHint();
  }

  function onView(next) {
    // Views are ordered by (undos, index): an older answer overtaken by a newer view is
    // dropped, while a view after an undo (fewer entries, one more undo) replaces the log.
    const undos = next.undos || 0;
    if (view && (undos < (view.undos || 0) || (undos === (view.undos || 0) && next.index < view.index))) return;
    const undone = view && undos > (view.undos || 0);
    const ended = view && view.match.status !== "finished" && next.match.status === "finished";
    view = next;
    if (hint && (hint.index !== next.index || hint.undos !== undos)) hint = null;
    pending = false;
    boardEl.classList.remove("pending");
    if (ended || undone) {
      // Once the game is over every entry may be read in full; after an undo the log is
      // shorter: fetch the log again.
      events.clear();
      turns.clear();
      renderedTurns.clear();
      eventsEl.replaceChildren();
    }
    for (const e of next.events) events.set(e.index, e);
    for (const t of next.turns || []) mergeTurn(t);
    renderStatus();
    renderMenu();
    renderHint();
    renderPlayers();
    renderEvents();
    renderResult();
    renderBoard();
    if (knownIndex() < next.events_from || ended || undone) loadHistory();
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const since = view ? `?since=${knownIndex()}` : "";
    const ws = new WebSocket(`${proto}//${location.host}/api/matches/${matchId}/ws${since}`);
    socket = ws;
    ws.addEventListener("open", () => {
      retry = 0;
      connEl.textContent = "";
    });
    ws.addEventListener("message", (event) => {
      if (socket !== ws) return;
      const message = JSON.parse(event.data);
      if (message.type === "view") onView(message);
      else if (message.type === "error") {
        toast(message.message);
        pending = false;
        boardEl.classList.remove("pending");
        if (message.error === "stale") refresh();
      }
    });
    ws.addEventListener("close", () => {
      if (closed || socket !== ws) return;
      connEl.textContent = "reconnecting…";
      retry = Math.min(retry + 1, 5);
      setTimeout(() => !closed && socket === ws && connect(), 300 * 2 ** retry);
    });
  }

  /** A new connection (after taking a seat: the cookie set since must reach the server). */
  function reconnect() {
    const old = socket;
    connect();
    if (old) old.close();
  }

  if (first.you.seats.length) rememberMatch(matchId);
  onView(first);
  connect();
  return () => {
    closed = true;
    stopThinking();
    if (socket) socket.close();
  };
}
