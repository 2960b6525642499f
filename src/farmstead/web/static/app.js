// Router and the lobby, new-match and join pages (the rules pages are rules.js).
import { api, h, toast, navigate, ApiError, myMatches, rememberMatch } from "/static/api.js";

const app = document.getElementById("app");
let cleanup = null;

/** Show ``children`` as the page; null, undefined and false are left out (never "null"). */
function setPage(...children) {
  app.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

async function route() {
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  // A new page starts at its top (a match opened from a scrolled lobby showed its board
  // off-screen on a phone). Going back restores the browser's own scroll position.
  if (!routedByHistory) window.scrollTo(0, 0);
  routedByHistory = false;
  const path = location.pathname;
  let m;
  try {
    if (path === "/") return await lobbyPage();
    if (path === "/new") return await newMatchPage();
    if ((m = path.match(/^\/games\/([^/]+)$/))) {
      const { rulesPage } = await import("/static/rules.js");
      return await rulesPage(app, decodeURIComponent(m[1]));
    }
    if ((m = path.match(/^\/match\/([^/]+)\/join\/(\d+)$/))) return await joinPage(m[1], Number(m[2]));
    if ((m = path.match(/^\/match\/([^/]+)$/))) {
      const { openMatch } = await import("/static/match.js");
      cleanup = await openMatch(app, m[1]);
      return;
    }
    if ((m = path.match(/^\/replay\/([^/]+)$/))) {
      const { openReplay } = await import("/static/replay.js");
      cleanup = await openReplay(app, m[1]);
      return;
    }
    document.title = "Farmstead — page not found";
    setPage(h("h1", { id: "not-found" }, "Page not found"),
      h("p", {}, "There is no page at this address."),
      h("p", {}, h("a", { class: "button primary", href: "/", "data-link": true }, "Back to the lobby")));
  } catch (err) {
    setPage(h("h1", {}, "Something went wrong"), h("p", { class: "error" }, err.message || String(err)),
      h("p", {}, h("a", { href: "/", "data-link": true }, "Back to the lobby")));
  }
}

// Internal links navigate without reloading the page.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});
let routedByHistory = false;
window.addEventListener("popstate", (event) => {
  routedByHistory = event.isTrusted; // the browser's back/forward, not our navigate()
  route();
});

// ---------------------------------------------------------------------------------------
// Lobby

/** The bot level to preselect: the one the server marks as default, else the first. */
function defaultLevel(bots) {
  return (bots.find((b) => b.default) || bots[0] || { level: "easy" }).level;
}

/** The params the lobby proposes where they differ from the game's defaults. */
function lobbyParams(game) {
  const params = {};
  for (const p of game.params) if (p.lobby_default !== p.default) params[p.name] = p.lobby_default;
  return params;
}

/** A param's value in words: a choice by the server's label for it, a switch as on/off. */
function valueWords(p, value) {
  const i = p.choices ? p.choices.indexOf(value) : -1;
  if (i >= 0 && p.choice_labels) return p.choice_labels[i];
  if (typeof value === "boolean") return value ? "on" : "off";
  return String(value);
}

/** The param values a new match starts from: the lobby's proposals over the game's defaults. */
function startValues(game) {
  return Object.fromEntries(game.params.map((p) => [p.name, p.lobby_default]));
}

/** The name of the preset whose params ``values`` hold (null: none does). */
function matchingPreset(game, values) {
  const found = (game.presets || []).find((p) => Object.entries(p.params).every(([k, v]) => values[k] === v));
  return found ? found.name : null;
}

/** The server's words for how long ``game`` lasts with ``preset`` and ``players``, measured
 * from simulated games ("about 25 minutes (median 13 rounds, usually 10–17)"); null if not. */
function durationWords(game, preset, players) {
  const found = (game.durations || []).find((d) => d.preset === preset && d.players === players);
  return found ? found.words : null;
}

/** Radio choices of the game's presets (the one for newcomers marked); ``onChoose(preset)``. */
function presetChoices(game, group, chosen, onChoose) {
  return h("fieldset", { class: "presets", id: group },
    h("legend", {}, "Length"),
    game.presets.map((p) => {
      const id = `${group}-${p.name}`;
      const input = h("input", { type: "radio", name: group, id, value: p.name, checked: p.name === chosen });
      input.addEventListener("change", () => { if (input.checked) onChoose(p); });
      return h("label", { class: `preset${p.for_newcomers ? " newcomers" : ""}`, for: id, dataset: { preset: p.name } },
        input,
        h("span", { class: "preset-label" }, p.label,
          p.for_newcomers ? h("span", { class: "badge newcomers-badge" }, "new players") : null),
        h("small", { class: "muted" }, p.description));
    }));
}

/** "3 players: about 10 minutes (…)", one line per player count, for the lobby's cards. */
function durationLines(game, preset) {
  const lines = [];
  for (let n = game.min_players; n <= game.max_players; n++) {
    const words = durationWords(game, preset, n);
    if (words) lines.push(h("li", { dataset: { players: n } }, `${n} players: ${words}`));
  }
  return lines;
}

async function quickStart(game, bots, botLevel, preset = null) {
  const seats = [{ kind: "human", claim: "me" }];
  for (let i = 0; i < bots; i++) seats.push({ kind: "bot", level: botLevel });
  const params = { ...lobbyParams(game), ...(preset ? preset.params : {}) };
  const created = await api("/api/matches", { method: "POST", body: { game: game.name, seats, params } });
  rememberMatch(created.id);
  navigate(created.url);
}

const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** "3 Jan, 14:05" (today: "14:05"). */
function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  const today = new Date();
  const time = d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (d.toDateString() === today.toDateString()) return `today ${time}`;
  return `${d.toLocaleDateString(undefined, { day: "numeric", month: "short" })}, ${time}`;
}

function matchStatus(m) {
  if (m.status === "finished") {
    if (m.ended && m.ended.reason === "abandoned") return "abandoned";
    const how = m.ended_words ? `${m.ended_words}; ` : "";
    const won = m.winners && m.winners.length ? `won by ${m.winners.map((w) => m.seats[w].name).join(" and ")}` : "draw";
    return `${how}${won}`;
  }
  if (m.abandoned) return "abandoned (nobody has played for a while)";
  const progress = m.turns ? plural(m.turns, "turn") : plural(m.moves, "move");
  const next = m.to_move !== null && m.to_move !== undefined ? ` · ${m.seats[m.to_move].name} to play` : "";
  return `${progress}${next}`;
}

function matchRow(m, action) {
  const seats = m.seats.map((s) => (s.kind === "bot" ? `${s.name} (bot)` : s.open ? "open seat" : s.name)).join(" · ");
  return h("li", { class: "match-row", dataset: { match: m.id } },
    h("span", { class: "match-game" }, m.long_name),
    h("span", { class: "match-seats" }, seats),
    h("span", { class: "match-status" }, matchStatus(m),
      h("br"), h("small", { class: "muted match-dates" },
        `started ${when(m.created_at)}`, m.status === "live" ? ` · last move ${when(m.last_action_at)}` : m.finished_at ? ` · ended ${when(m.finished_at)}` : "")),
    action);
}

async function lobbyPage() {
  document.title = "Farmstead — lobby";
  const mineIds = myMatches();
  const [{ games }, { bots }, all, mine] = await Promise.all([
    api("/api/games"), api("/api/bots"), api("/api/matches?status=all&limit=60"),
    mineIds.length ? api(`/api/matches?status=all&limit=50&ids=${mineIds.join(",")}`) : { matches: [] },
  ]);
  // A quick game: the server's default level (short, sensible turns); else the first offered.
  const quick = defaultLevel(bots);
  const cards = games.map((g) => {
    // Presets (e.g. a shorter first game) and how long each lasts, as measured by the server.
    let preset = (g.presets || []).find((p) => p.name === matchingPreset(g, startValues(g))) || null;
    const lengths = h("ul", { class: "durations small" }, durationLines(g, preset && preset.name));
    const presets = g.presets && g.presets.length ? presetChoices(g, `lobby-preset-${g.name}`, preset && preset.name, (p) => {
      preset = p;
      lengths.replaceChildren(...durationLines(g, p.name));
    }) : null;
    return h("article", { class: "game-card", dataset: { game: g.name } },
      h("h2", {}, g.long_name),
      h("p", {}, g.description),
      h("p", { class: "muted" }, `${g.min_players}–${g.max_players} players`),
      presets,
      g.durations && g.durations.length ? [
        h("p", { class: "muted small durations-note" }, "How long a game with you and bots lasts, from simulated games:"),
        lengths] : null,
      g.proposed_note ? h("p", { class: "note" }, "Note: ", g.proposed_note) : null,
      Object.keys(lobbyParams(g)).length ? h("p", { class: "muted small lobby-params" }, "Set here: ",
        g.params.filter((p) => p.lobby_default !== p.default).map((p) => `${p.label}: ${valueWords(p, p.lobby_default)}`).join(", ")) : null,
      h("div", { class: "buttons" },
        h("button", {
          class: "primary quick-start",
          onclick: (e) => {
            e.target.disabled = true;
            quickStart(g, Math.max(1, g.min_players - 1), quick, preset).catch((err) => {
              e.target.disabled = false;
              toast(err.message);
            });
          },
        }, "Play against a bot"),
        h("a", { class: "button", href: `/new?game=${encodeURIComponent(g.name)}`, "data-link": true }, "Set up a match"),
        h("a", { class: "button subtle rules-link", href: `/games/${encodeURIComponent(g.name)}`, "data-link": true }, "Rules")));
  });

  // Your matches first (this browser's, remembered when created or joined), newest first.
  const order = new Map(mineIds.map((id, i) => [id, i]));
  const yours = mine.matches.filter((m) => order.has(m.id)).sort((a, b) => order.get(a.id) - order.get(b.id));
  const yourIds = new Set(yours.map((m) => m.id));
  const others = all.matches.filter((m) => !yourIds.has(m.id));
  const open = others.filter((m) => m.status === "live" && !m.abandoned && m.seats.some((s) => s.open));
  const live = others.filter((m) => m.status === "live" && !m.abandoned && !m.seats.some((s) => s.open));
  const finished = others.filter((m) => m.status === "finished" && !m.abandoned);
  const abandoned = others.filter((m) => m.abandoned);

  const joinButton = (m) => {
    const seat = m.seats.find((s) => s.open);
    return h("button", {
      class: "primary",
      onclick: async () => {
        try {
          const name = prompt("Your name for this match?", "") || undefined;
          const claimed = await api(`/api/matches/${m.id}/seats/${seat.seat}/claim`, { method: "POST", body: { name } });
          rememberMatch(m.id);
          navigate(claimed.url);
        } catch (err) {
          toast(err.message);
        }
      },
    }, `Join as seat ${seat.seat + 1}`);
  };
  const watch = (m) => h("a", { class: "button", href: `/match/${m.id}`, "data-link": true }, "Watch");
  const results = (m) => h("span", { class: "buttons" },
    h("a", { class: "button", href: `/match/${m.id}`, "data-link": true }, "Result"),
    h("a", { class: "button subtle", href: `/replay/${m.id}`, "data-link": true }, "Replay"));
  const yourActions = (m) => {
    if (m.status === "finished") return results(m);
    return h("span", { class: "buttons" },
      h("a", { class: "button primary", href: `/match/${m.id}`, "data-link": true }, "Continue"),
      h("button", {
        class: "subtle abandon",
        onclick: async () => {
          if (!confirm(`Abandon this ${m.long_name} match? It ends without a result.`)) return;
          try {
            await api(`/api/matches/${m.id}/abandon`, { method: "POST", body: {} });
            lobbyPage();
          } catch (err) {
            toast(err.message);
          }
        },
      }, "Abandon"));
  };
  const list = (items, action, empty, id) =>
    items.length ? h("ul", { class: "match-list", id }, items.map((m) => matchRow(m, action(m)))) : h("p", { class: "muted" }, empty);
  const folded = (title, items, action, id) => items.length
    ? h("details", { class: "match-group", id }, h("summary", {}, `${title} (${items.length})`), list(items, action, "", `${id}-list`))
    : null;

  setPage(
    h("section", { class: "intro" },
      h("h1", {}, "Farm-animal board games"),
      h("p", {}, "Pick a game and press ", h("strong", {}, "Play against a bot"),
        " to start at once, or set up a match for friends (on this device or with invite links).")),
    h("section", { id: "your-matches" }, h("h2", {}, "Your matches"),
      yours.length ? list(yours, yourActions, "", "your-list")
        : h("p", { class: "muted empty-state", id: "your-empty" },
          "You have no match in this browser yet. Press ", h("strong", {}, "Play against a bot"),
          " on a game below to start one at once, or ",
          h("a", { href: "/new", "data-link": true }, "set up a match"),
          " for friends. Matches you start or join here are listed in this place.")),
    h("section", { class: "games" }, cards),
    h("section", {}, h("h2", {}, "Open seats"), list(open, joinButton, "No match is waiting for players.", "open-list")),
    h("section", { class: "other-matches" }, h("h2", {}, "Other matches"),
      live.length || finished.length || abandoned.length ? null : h("p", { class: "muted" }, "No other match yet."),
      folded("Running", live, watch, "running"),
      folded("Finished", finished, results, "finished"),
      folded("Abandoned", abandoned, (m) => (m.status === "finished" ? results(m) : watch(m)), "abandoned")),
  );
}

// ---------------------------------------------------------------------------------------
// New match

function paramInput(p) {
  const id = `param-${p.name}`;
  const start = p.lobby_default ?? p.default;
  let input;
  if (p.choices) {
    // The server names every choice in words (choice_labels); the values stay in ``value``.
    input = h("select", { id, name: p.name }, p.choices.map((c, i) =>
      h("option", { value: String(c), selected: c === start }, p.choice_labels ? p.choice_labels[i] : String(c))));
  } else if (p.type === "bool") {
    input = h("input", { id, name: p.name, type: "checkbox", checked: !!start });
  } else {
    input = h("input", {
      id, name: p.name, type: p.type === "int" || p.type === "float" ? "number" : "text",
      value: String(start), step: p.type === "float" ? "any" : undefined,
      min: p.minimum ?? undefined, max: p.maximum ?? undefined,
    });
  }
  input.dataset.type = p.type;
  input.dataset.default = JSON.stringify(p.default);
  const proposed = start !== p.default;
  return h("label", { class: `param${proposed ? " proposed" : ""}`, for: id, title: p.name }, h("span", { class: "param-label" }, p.label || p.name), input,
    h("small", { class: "muted" }, p.help || p.description,
      proposed ? h("span", { class: "lobby-default" }, ` — set to ${valueWords(p, start)} here for play in the browser (the game's default: ${valueWords(p, p.default)})`) : null));
}

/** An input's value as its param's type. */
function paramValue(input) {
  const type = input.dataset.type;
  if (type === "bool") return input.checked;
  if (type === "int") return parseInt(input.value, 10);
  if (type === "float") return parseFloat(input.value);
  return input.value;
}

function readParam(input) {
  const value = paramValue(input);
  return value === JSON.parse(input.dataset.default) ? undefined : value;
}

/** Show ``value`` in the input of a param. */
function setParam(input, value) {
  if (input.dataset.type === "bool") input.checked = !!value;
  else input.value = String(value);
}

/** Whether the chosen option's ``text`` fits the box of ``select``: a select as wide as it
 * wants to be fits its widest option, and each pixel it lacks cuts the widest text first. */
let ruler = null;
function fitsSelect(select, text) {
  ruler = ruler || document.createElement("canvas").getContext("2d");
  const style = getComputedStyle(select);
  ruler.font = style.font || `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = Math.max(0, ...[...select.options].map((o) => ruler.measureText(o.textContent).width));
  const shown = select.offsetWidth;
  const [width, maxWidth] = [select.style.width, select.style.maxWidth];
  select.style.width = "max-content";
  select.style.maxWidth = "none";
  const wanted = select.offsetWidth;
  [select.style.width, select.style.maxWidth] = [width, maxWidth];
  return ruler.measureText(text).width <= widest - Math.max(0, wanted - shown) + 0.5;
}

/** A select shows only as much of its chosen option as fits its box (on a phone, a bot's
 * long description is cut off); the chosen option's full words then show under it, wrapped. */
function showCutChoices(form) {
  for (const select of form.querySelectorAll("select")) {
    let words = select.nextElementSibling;
    if (!words || !words.classList.contains("choice-words")) {
      words = h("small", { class: "muted choice-words", "aria-hidden": "true" });
      select.after(words);
    }
    const text = select.selectedOptions[0] ? select.selectedOptions[0].textContent : "";
    const cut = select.clientWidth > 0 && !fitsSelect(select, text);
    words.textContent = cut ? text : "";
    words.hidden = !cut;
  }
}

async function newMatchPage() {
  document.title = "Farmstead — new match";
  const [{ games }, { bots: anyGame }] = await Promise.all([api("/api/games"), api("/api/bots")]);
  // The levels as offered for the chosen game: what each plays there and its ladder Elo.
  let bots = anyGame;
  const wanted = new URLSearchParams(location.search).get("game");
  let game = games.find((g) => g.name === wanted) || games[0];
  const form = h("form", { class: "new-match", onsubmit: (e) => e.preventDefault() });
  const gameSelect = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name, selected: g === game }, g.long_name)));
  const playersInput = h("select", { id: "players", name: "players" });
  const seatsBox = h("div", { class: "seats" });
  const paramsBox = h("details", { class: "params" }, h("summary", {}, "Variant settings"));
  const note = h("p", { class: "note" });
  const lobbyNote = h("p", { class: "note small", id: "lobby-params" });
  const presetBox = h("div", { class: "preset-box" });
  const durationLine = h("p", { class: "duration", id: "duration", "aria-live": "polite" });

  const formValues = () => Object.fromEntries([...paramsBox.querySelectorAll("input, select")].map((i) => [i.name, paramValue(i)]));
  /** The chosen preset's radio follows the params, and the length line the preset and players. */
  function drawDuration() {
    if (!(game.presets && game.presets.length)) {
      durationLine.hidden = true;
      return;
    }
    const preset = matchingPreset(game, formValues());
    for (const radio of presetBox.querySelectorAll("input[type=radio]")) radio.checked = radio.value === preset;
    const words = preset ? durationWords(game, preset, Number(playersInput.value)) : null;
    const label = preset ? game.presets.find((p) => p.name === preset).label : null;
    durationLine.textContent = words ? `${label}, ${playersInput.value} players: ${words}.`
      : preset ? "No measured length for this player count." : "No measured length for these settings (they match no preset).";
    durationLine.hidden = !(game.durations && game.durations.length);
  }

  const seatChoices = () => [
    h("option", { value: "human:me" }, "Human — on this device"),
    h("option", { value: "human:invite" }, "Human — friend with an invite link"),
    h("option", { value: "human:open" }, "Human — open seat in the lobby"),
    ...bots.map((b) => h("option", { value: `bot:${b.level}` }, `Bot — ${b.label}`)),
  ];

  function drawSeats() {
    const n = Number(playersInput.value);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => {
      const select = h("select", { id: `seat-${i}`, name: `seat-${i}`, "aria-label": `Seat ${i + 1}` }, seatChoices());
      const fallback = i === 0 ? "human:me" : `bot:${defaultLevel(bots)}`;
      select.value = old[i] || fallback;
      if (!select.value) select.value = fallback; // a level this game does not offer
      const name = h("input", { type: "text", id: `seat-name-${i}`, placeholder: `Seat ${i + 1} name (optional)`, maxlength: 40 });
      return h("div", { class: "seat-row" }, h("span", { class: "seat-number" }, `Seat ${i + 1}`), select, name);
    }));
    showCutChoices(form);
  }

  /** Relabel the bot choices for the chosen game (the seats keep what is selected). */
  async function loadBots() {
    const shown = game;
    try {
      const offered = (await api(`/api/bots?game=${encodeURIComponent(game.name)}`)).bots;
      if (shown !== game) return; // another game was chosen meanwhile
      bots = offered;
      drawSeats();
    } catch (err) {
      toast(err.message);
    }
  }

  function drawGame() {
    loadBots();
    playersInput.replaceChildren(...Array.from({ length: game.max_players - game.min_players + 1 }, (_, k) => {
      const n = game.min_players + k;
      return h("option", { value: n }, `${n} players`);
    }));
    paramsBox.replaceChildren(h("summary", {}, "Variant settings"), ...game.params.map(paramInput));
    paramsBox.hidden = game.params.length === 0;
    // A setting the lobby changes from the game's default is shown, not hidden in a closed box.
    const proposed = game.params.filter((p) => p.lobby_default !== p.default);
    lobbyNote.replaceChildren(...(proposed.length ? ["Set for play in the browser: ",
      proposed.map((p, i) => [i ? "; " : "", h("strong", {}, `${p.label}: ${valueWords(p, p.lobby_default)}`), ` (${p.help || p.description})`]),
      ". Change it under Variant settings."].flat(Infinity) : []));
    lobbyNote.hidden = !proposed.length;
    presetBox.replaceChildren(...(game.presets && game.presets.length
      ? [presetChoices(game, "preset", matchingPreset(game, startValues(game)), (p) => {
        for (const [name, value] of Object.entries(p.params)) {
          const input = paramsBox.querySelector(`[name="${name}"]`);
          if (input) setParam(input, value);
        }
        drawDuration();
      })] : []));
    presetBox.hidden = !(game.presets && game.presets.length);
    drawDuration();
    note.textContent = game.proposed_note ? `Note: ${game.proposed_note}` : "";
    note.hidden = !game.proposed_note;
    drawSeats(); // and shows the full words of any choice cut off
  }

  gameSelect.addEventListener("change", () => {
    game = games.find((g) => g.name === gameSelect.value);
    drawGame();
  });
  playersInput.addEventListener("change", () => {
    drawSeats();
    drawDuration();
  });
  paramsBox.addEventListener("input", drawDuration);
  paramsBox.addEventListener("change", drawDuration);

  const undoBox = h("input", { type: "checkbox", id: "opt-undo", checked: true });
  const hintsBox = h("input", { type: "checkbox", id: "opt-hints" });
  const resignSelect = h("select", { id: "opt-resign" },
    h("option", { value: "end" }, "the game ends (the player who resigns loses)"),
    h("option", { value: "bot" }, "a bot takes over the seat"));
  const optionsBox = h("fieldset", { class: "options" }, h("legend", {}, "Match rules"),
    h("label", { class: "option", for: "opt-undo" }, undoBox,
      " Players may take back their decisions of the current turn (until a die or a card is revealed)"),
    h("small", { class: "muted", id: "opt-undo-note" }, "On by default for games on this device; off by default when friends play from their own devices."),
    h("label", { class: "option", for: "opt-resign" }, "When a player resigns: ", resignSelect),
    h("label", { class: "option", for: "opt-hints" }, hintsBox,
      " Players on other devices may ask a bot for a suggested move (on one device hints are always on)"));
  let undoTouched = false;
  undoBox.addEventListener("change", () => { undoTouched = true; });
  seatsBox.addEventListener("change", () => {
    if (undoTouched) return;
    const online = [...seatsBox.querySelectorAll("select")].some((s) => s.value === "human:invite" || s.value === "human:open");
    undoBox.checked = !online;
  });
  const createButton = h("button", { class: "primary", type: "submit", id: "create" }, "Create the match");
  createButton.addEventListener("click", async () => {
    const seats = [...seatsBox.querySelectorAll(".seat-row")].map((row) => {
      const [kind, rest] = row.querySelector("select").value.split(/:(.*)/s);
      const name = row.querySelector("input").value.trim() || undefined;
      return kind === "bot" ? { kind, level: rest, name } : { kind, claim: rest, name };
    });
    const params = {};
    for (const input of paramsBox.querySelectorAll("input, select")) {
      const value = readParam(input);
      if (value !== undefined) params[input.name] = value;
    }
    createButton.disabled = true;
    try {
      const options = { undo: undoBox.checked, on_resign: resignSelect.value, hints: hintsBox.checked };
      const created = await api("/api/matches", { method: "POST", body: { game: game.name, players: seats.length, params, seats, options } });
      rememberMatch(created.id);
      const invites = created.seats.filter((s) => s.invite_url).map((s) => ({ seat: s.seat, url: location.origin + s.invite_url }));
      if (invites.length) localStorage.setItem(`invites:${created.id}`, JSON.stringify(invites));
      navigate(created.url);
    } catch (err) {
      toast(err.message);
      createButton.disabled = false;
    }
  });

  form.append(
    h("label", { for: "game" }, "Game"), gameSelect, note,
    h("label", { for: "players" }, "Players"), playersInput,
    presetBox, durationLine,
    h("fieldset", {}, h("legend", {}, "Seats"), seatsBox),
    lobbyNote,
    optionsBox,
    paramsBox,
    createButton,
  );
  drawGame();
  setPage(h("h1", {}, "New match"),
    h("p", { class: "muted" }, "Hot-seat: make several seats \"on this device\". Online: give friends their invite links (shown on the match page). Any mix with bots works."),
    form);
  const refit = () => showCutChoices(form);
  form.addEventListener("change", refit);
  paramsBox.addEventListener("toggle", refit);
  window.addEventListener("resize", refit);
  cleanup = () => window.removeEventListener("resize", refit);
  refit();
}

// ---------------------------------------------------------------------------------------
// Invite links: /match/<id>/join/<seat>#<token>

async function joinPage(matchId, seat) {
  const token = decodeURIComponent(location.hash.slice(1));
  if (!token) {
    setPage(h("h1", {}, "Invite link incomplete"), h("p", {}, "This link lacks its secret part. Ask for the full link."));
    return;
  }
  try {
    const joined = await api(`/api/matches/${matchId}/seats/${seat}/join`, { method: "POST", body: { token } });
    rememberMatch(matchId);
    history.replaceState({}, "", joined.url);
    route();
  } catch (err) {
    setPage(h("h1", {}, "Cannot join"), h("p", { class: "error" }, err instanceof ApiError ? err.message : String(err)));
  }
}

route();
