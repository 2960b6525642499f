// Router and the lobby, new-match, rules-data and join pages.
import { api, h, toast, navigate, ApiError } from "/static/api.js";

const app = document.getElementById("app");
let cleanup = null;

function setPage(...children) {
  app.replaceChildren(...children);
}

async function route() {
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  const path = location.pathname;
  let m;
  try {
    if (path === "/") return await lobbyPage();
    if (path === "/new") return await newMatchPage();
    if ((m = path.match(/^\/games\/([^/]+)$/))) return await rulesDataPage(decodeURIComponent(m[1]));
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
window.addEventListener("popstate", route);

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

async function quickStart(game, bots, botLevel) {
  const seats = [{ kind: "human", claim: "me", name: "You" }];
  for (let i = 0; i < bots; i++) seats.push({ kind: "bot", level: botLevel });
  const created = await api("/api/matches", { method: "POST", body: { game: game.name, seats, params: lobbyParams(game) } });
  navigate(created.url);
}

function matchRow(m, action) {
  const seats = m.seats.map((s) => (s.kind === "bot" ? `${s.name} (bot)` : s.open ? "open seat" : s.name)).join(" · ");
  let status;
  if (m.status === "finished") {
    status = m.winners && m.winners.length === 1 ? `won by ${m.seats[m.winners[0]].name}` : "draw";
  } else {
    status = `${m.moves} moves`;
  }
  return h("li", { class: "match-row" },
    h("span", { class: "match-game" }, m.long_name),
    h("span", { class: "match-seats" }, seats),
    h("span", { class: "muted" }, status),
    action);
}

async function lobbyPage() {
  document.title = "Farmstead — lobby";
  const [{ games }, { bots }, all] = await Promise.all([
    api("/api/games"), api("/api/bots"), api("/api/matches?status=all&limit=60"),
  ]);
  // A quick game: the server's default level (short, sensible turns); else the first offered.
  const quick = defaultLevel(bots);
  const cards = games.map((g) =>
    h("article", { class: "game-card", dataset: { game: g.name } },
      h("h2", {}, g.long_name),
      h("p", {}, g.description),
      h("p", { class: "muted" }, `${g.min_players}–${g.max_players} players`),
      g.proposed_note ? h("p", { class: "note" }, "Note: ", g.proposed_note) : null,
      Object.keys(lobbyParams(g)).length ? h("p", { class: "muted small lobby-params" }, "Set here: ",
        Object.entries(lobbyParams(g)).map(([k, v]) => `${k} = ${v}`).join(", ")) : null,
      h("div", { class: "buttons" },
        h("button", {
          class: "primary quick-start",
          onclick: (e) => {
            e.target.disabled = true;
            quickStart(g, Math.max(1, g.min_players - 1), quick).catch((err) => {
              e.target.disabled = false;
              toast(err.message);
            });
          },
        }, "Play against a bot"),
        h("a", { class: "button", href: `/new?game=${encodeURIComponent(g.name)}`, "data-link": true }, "Set up a match"),
        g.has_data ? h("a", { class: "button subtle", href: `/games/${encodeURIComponent(g.name)}`, "data-link": true }, "Rules data") : null)));

  const open = all.matches.filter((m) => m.status === "live" && m.seats.some((s) => s.open));
  const live = all.matches.filter((m) => m.status === "live");
  const finished = all.matches.filter((m) => m.status === "finished");

  const joinButton = (m) => {
    const seat = m.seats.find((s) => s.open);
    return h("button", {
      class: "primary",
      onclick: async () => {
        try {
          const name = prompt("Your name for this match?", "") || undefined;
          const claimed = await api(`/api/matches/${m.id}/seats/${seat.seat}/claim`, { method: "POST", body: { name } });
          navigate(claimed.url);
        } catch (err) {
          toast(err.message);
        }
      },
    }, `Join as seat ${seat.seat + 1}`);
  };
  const list = (items, action, empty) =>
    items.length ? h("ul", { class: "match-list" }, items.map((m) => matchRow(m, action(m)))) : h("p", { class: "muted" }, empty);

  setPage(
    h("section", { class: "intro" },
      h("h1", {}, "Farm-animal board games"),
      h("p", {}, "Pick a game and press ", h("strong", {}, "Play against a bot"),
        " to start at once, or set up a match for friends (on this device or with invite links).")),
    h("section", { class: "games" }, cards),
    h("section", {}, h("h2", {}, "Open seats"), list(open, joinButton, "No match is waiting for players.")),
    h("section", {}, h("h2", {}, "Running matches"),
      list(live, (m) => h("a", { class: "button", href: `/match/${m.id}`, "data-link": true }, "Watch / play"), "No match is running.")),
    h("section", {}, h("h2", {}, "Finished matches"),
      list(finished, (m) => h("span", { class: "buttons" },
        h("a", { class: "button", href: `/match/${m.id}`, "data-link": true }, "Result"),
        h("a", { class: "button subtle", href: `/replay/${m.id}`, "data-link": true }, "Replay")), "No finished match yet.")),
  );
}

// ---------------------------------------------------------------------------------------
// New match

function paramInput(p) {
  const id = `param-${p.name}`;
  const start = p.lobby_default ?? p.default;
  let input;
  if (p.choices) {
    input = h("select", { id, name: p.name }, p.choices.map((c) => h("option", { value: String(c), selected: c === start }, String(c))));
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
  return h("label", { class: `param${proposed ? " proposed" : ""}`, for: id }, h("span", {}, p.name), input,
    h("small", { class: "muted" }, p.description,
      proposed ? h("span", { class: "lobby-default" }, ` — set to ${start} here for play in the browser (the game's default: ${p.default})`) : null));
}

function readParam(input) {
  const type = input.dataset.type;
  const fallback = JSON.parse(input.dataset.default);
  let value;
  if (type === "bool") value = input.checked;
  else if (type === "int") value = parseInt(input.value, 10);
  else if (type === "float") value = parseFloat(input.value);
  else value = input.value;
  return value === fallback ? undefined : value;
}

async function newMatchPage() {
  document.title = "Farmstead — new match";
  const [{ games }, { bots }] = await Promise.all([api("/api/games"), api("/api/bots")]);
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
      select.value = old[i] || (i === 0 ? "human:me" : `bot:${defaultLevel(bots)}`);
      const name = h("input", { type: "text", id: `seat-name-${i}`, placeholder: `Seat ${i + 1} name (optional)`, maxlength: 40 });
      return h("div", { class: "seat-row" }, h("span", { class: "seat-number" }, `Seat ${i + 1}`), select, name);
    }));
  }

  function drawGame() {
    playersInput.replaceChildren(...Array.from({ length: game.max_players - game.min_players + 1 }, (_, k) => {
      const n = game.min_players + k;
      return h("option", { value: n }, `${n} players`);
    }));
    paramsBox.replaceChildren(h("summary", {}, "Variant settings"), ...game.params.map(paramInput));
    paramsBox.hidden = game.params.length === 0;
    // A setting the lobby changes from the game's default is shown, not hidden in a closed box.
    const proposed = game.params.filter((p) => p.lobby_default !== p.default);
    lobbyNote.replaceChildren(...(proposed.length ? ["Set for play in the browser: ",
      proposed.map((p, i) => [i ? "; " : "", h("strong", {}, `${p.name} = ${p.lobby_default}`), ` (${p.description})`]),
      ". Change it under Variant settings."].flat(Infinity) : []));
    lobbyNote.hidden = !proposed.length;
    note.textContent = game.proposed_note ? `Note: ${game.proposed_note}` : "";
    note.hidden = !game.proposed_note;
    drawSeats();
  }

  gameSelect.addEventListener("change", () => {
    game = games.find((g) => g.name === gameSelect.value);
    drawGame();
  });
  playersInput.addEventListener("change", drawSeats);

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
      const created = await api("/api/matches", { method: "POST", body: { game: game.name, players: seats.length, params, seats } });
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
    h("fieldset", {}, h("legend", {}, "Seats"), seatsBox),
    lobbyNote,
    paramsBox,
    createButton,
  );
  drawGame();
  setPage(h("h1", {}, "New match"),
    h("p", { class: "muted" }, "Hot-seat: make several seats \"on this device\". Online: give friends their invite links (shown on the match page). Any mix with bots works."),
    form);
}

// ---------------------------------------------------------------------------------------
// Rules data with provenance

function valueView(value) {
  if (value === null || typeof value !== "object") return h("code", {}, JSON.stringify(value));
  const text = JSON.stringify(value, null, 1);
  if (text.length < 120) return h("code", {}, JSON.stringify(value));
  return h("details", {}, h("summary", {}, Array.isArray(value) ? `${value.length} entries` : "show"), h("pre", {}, text));
}

async function rulesDataPage(name) {
  const [info, data] = await Promise.all([api(`/api/games/${encodeURIComponent(name)}`), api(`/api/games/${encodeURIComponent(name)}/data`)]);
  document.title = `Farmstead — ${info.long_name} rules data`;
  const rows = [];
  for (const item of data.items) {
    const entries = Object.entries(item.value);
    rows.push(h("tr", { class: `prov-${item.provenance}` },
      h("td", {}, h("strong", {}, item.name), h("br"), h("small", { class: "muted" }, item.file)),
      h("td", {}, h("span", { class: `badge ${item.provenance}` }, item.provenance)),
      h("td", {}, entries.length ? h("dl", {}, entries.map(([k, v]) => {
        const tag = (item.field_provenance || {})[k];
        const badge = tag && tag !== item.provenance ? [" ", h("span", { class: `badge ${tag}` }, tag)] : [];
        return [h("dt", {}, k, ...badge), h("dd", {}, valueView(v))];
      })) : ""),
      h("td", {}, item.source ? h("div", {}, `Source: ${item.source}`) : null, item.note ? h("div", { class: "muted" }, item.note) : null)));
  }
  setPage(
    h("h1", {}, `${info.long_name}: rules data`),
    h("p", {}, info.description),
    data.proposed_note ? h("p", { class: "note" }, "Note: ", data.proposed_note) : null,
    h("p", { class: "legend" },
      h("span", { class: "badge official" }, "official"), " stated by the rulebook or a published source · ",
      h("span", { class: "badge derived" }, "derived"), " follows from official facts · ",
      h("span", { class: "badge proposed" }, "proposed"), " our default where the real value is unknown"),
    h("table", { class: "data-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "Item"), h("th", {}, "Provenance"), h("th", {}, "Values"), h("th", {}, "Source and note"))),
      h("tbody", {}, rows)),
    h("p", {}, h("a", { class: "button", href: `/new?game=${encodeURIComponent(name)}`, "data-link": true }, "Set up a match")),
  );
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
    history.replaceState({}, "", joined.url);
    route();
  } catch (err) {
    setPage(h("h1", {}, "Cannot join"), h("p", { class: "error" }, err instanceof ApiError ? err.message : String(err)));
  }
}

route();
