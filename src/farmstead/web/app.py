"""The FastAPI application: JSON API, WebSocket live updates and the static browser UI.

``create_app(config)`` builds an app whose lifespan opens the database, starts the bot pool and
rebuilds every unfinished match from the event log. The process keeps nothing that another
process could not rebuild from the database: any number of them may serve one database. With
``redis_url`` they hear of each other's writes over Redis pub/sub (``web.bus``) and bot turns
are jobs on a shared queue (``web.botqueue``) that this process's ``queue_workers`` slots and
any ``farmstead bot-worker`` processes take; without it, one process does everything.

Seat tokens reach the server as cookies ``seat<N>`` scoped to ``/api/matches/<id>`` (set when a
match is created, a seat claimed or an invite link opened; ``Secure`` over HTTPS) or, for API
clients, in the ``X-Seat-Token`` header (comma-separated for several seats). Redeeming an invite
link issues the joiner a fresh token and revokes the link's.

Bots are the server's difficulty levels (``GET /api/bots``); new matches are rate-limited per
client, and each client may keep a limited number of unfinished matches. ``farmstead.web.guard``
checks origins, limits bodies and adds security headers to every answer.

Views carry the log by turns (``core.turns``: each turn's summary in the game's words, as the
viewer may read it). A player may take back decisions of the current turn (``POST .../undo``,
when the match allows it), resign (``POST .../seats/{seat}/resign``) or abandon a match of
their own (``POST .../abandon``); idle matches are ended as abandoned (``abandon_after``).
Each game's rules page (``GET /api/games/{name}/rules``) is prose and data in words.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import os
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from farmstead.core.errors import FarmsteadError, UnknownGameError
from farmstead.core.registry import game_names, game_type, registration
from farmstead.lab.ladder import level_rating
from farmstead.web.botqueue import RedisBotQueue, cancel_all, namespace_for, run_bot_workers
from farmstead.web.bots import DEFAULT_BOT_LEVELS, BotCatalog, BotLevel, BotPool, spec_words
from farmstead.web.bus import EventBus, LocalBus, RedisBus
from farmstead.web.config import default_db_url
from farmstead.web.errors import (
    ConflictError,
    NotFoundError,
    WebError,
    error_body,
    error_responses,
    install_error_handlers,
)
from farmstead.web.guard import (
    THROTTLE_CLOSE_CODE,
    Guard,
    MessageThrottle,
    client_key,
    docs_csp,
)
from farmstead.web.inputs import (
    MAX_KEY,
    ActionIn,
    ClaimIn,
    EmptyIn,
    HintIn,
    InputError,
    JoinIn,
    MatchIn,
    UndoIn,
    check_json_shape,
)
from farmstead.web.matches import Listener, LiveMatch, MatchManager, SeatRequest
from farmstead.web.rules_page import item_json as rules_item_json
from farmstead.web.rules_page import rules_html
from farmstead.web.storage import Storage, normalise_url, now
from farmstead.web.views import (
    data_item_json,
    events_json,
    game_json,
    match_summary,
    replay_view,
    row_summary,
    seat_view,
    turns_json,
)

log = logging.getLogger(__name__)

STATIC_DIR = Path(str(resources.files("farmstead.web").joinpath("static")))
COOKIE_MAX_AGE = 30 * 24 * 3600
TOKEN_HEADER = "x-seat-token"


WS_MAX_MESSAGE = 64 * 1024


@dataclass(frozen=True)
class ServerConfig:
    """How a server runs: its database, bot pool, bot levels and pacing, and client limits.

    ``match_rate``: new matches per client, in ``limits`` notation ("20/minute;300/hour"; None
    or "" for no limit). ``max_open_matches``: unfinished matches a client may have created
    (0: no limit). ``allowed_origins``: origins besides the server's own whose pages may use
    the API (e.g. the public address behind a proxy that rewrites ``Host``).
    ``abandon_after``: seconds without a human decision after which an unfinished match is
    abandoned — listed so, and ended by the cleanup that runs every ``cleanup_every`` seconds
    (0: never). ``redis_url``: Redis for the event bus and the bot queue (None: this process
    alone); ``queue_workers``: bot turns this process plays at once from the queue (0: leave
    them to ``farmstead bot-worker`` processes); ``bot_lease``: seconds after which a bot turn
    taken by a worker that died is taken by another. A socket that sends more than
    ``ws_message_burst`` messages at once, or more than ``ws_messages_per_second`` for long, is
    closed (``guard.MessageThrottle``).
    """

    db_url: str | None = None
    bot_workers: int = 2
    bot_mode: str = "process"
    bot_time_limit: float = 10.0
    bot_delay: float = 0.6
    bot_step_delay: float = 0.3
    bot_levels: tuple[BotLevel, ...] = DEFAULT_BOT_LEVELS
    match_rate: str | None = "20/minute;300/hour"
    max_open_matches: int = 50
    allowed_origins: tuple[str, ...] = ()
    max_body: int = 256 * 1024
    abandon_after: float = 7 * 24 * 3600.0
    cleanup_every: float = 3600.0
    redis_url: str | None = None
    queue_workers: int = 8
    bot_lease: float = 15.0
    ws_messages_per_second: float = 20.0
    ws_message_burst: int = 60


# --- helpers -----------------------------------------------------------------------------
def board_urls(game: str) -> tuple[str | None, str | None]:
    """URLs of the game's browser board module and stylesheet; ``None`` for what it does not
    register (without a module the web app's generic board is used)."""
    board = registration(game).board
    if board is None:
        return None, None
    css = f"/static/boards/{game}.css" if board.stylesheet else None
    return f"/static/boards/{game}.js", css


def request_tokens(cookies: dict[str, str], headers: Any) -> list[str]:
    """Every seat token a request carries (cookies ``seat<N>`` and the token header)."""
    tokens = [v for k, v in cookies.items() if k.startswith("seat")]
    header = headers.get(TOKEN_HEADER)
    if header:
        tokens.extend(t.strip() for t in header.split(",") if t.strip())
    return tokens


def set_seat_cookie(
    request: Request, response: Response, match_id: str, seat: int, token: str
) -> None:
    """The seat's cookie: HttpOnly, SameSite=Lax, scoped to the match, and Secure when the
    request came over HTTPS (directly, or through a trusted proxy that says so)."""
    response.set_cookie(
        f"seat{seat}",
        token,
        max_age=COOKIE_MAX_AGE,
        path=f"/api/matches/{match_id}",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def bot_json(bot: Any, game: str | None = None) -> dict[str, Any]:
    """A level as ``GET /api/bots`` lists it; for a ``game``, named by what its agent does
    there and by its Elo on the game's published ladder (``elo``: None when not rated)."""
    if game is None:
        return {
            "level": bot.level.name,
            "label": bot.level.label,
            "spec": bot.spec,
            "move_seconds": bot.move_seconds,
            "turn_seconds": bot.level.turn_seconds,
            "default": bot.level.default,
            "elo": None,
        }
    rating = level_rating(game, bot.spec)
    label = f"{bot.level.name.capitalize()} — {spec_words(bot.spec, bot.level.turn_seconds)}"
    if rating is not None:
        label += f" · Elo {rating['elo']:+.0f}"
    return {
        "level": bot.level.name,
        "label": label,
        "spec": bot.spec,
        "move_seconds": bot.move_seconds,
        "turn_seconds": bot.level.turn_seconds,
        "default": bot.level.default,
        "elo": rating,
    }


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The farmstead web app for ``config`` (defaults: SQLite in the user data dir)."""
    cfg = config or ServerConfig()

    catalog = BotCatalog(cfg.bot_levels, cfg.bot_time_limit)

    async def clean_up(manager: MatchManager) -> None:
        """End abandoned matches now and then (``ServerConfig.abandon_after``)."""
        if cfg.abandon_after <= 0 or cfg.cleanup_every <= 0:
            return
        while True:
            manager.clean_up_abandoned(now() - timedelta(seconds=cfg.abandon_after))
            await asyncio.sleep(cfg.cleanup_every)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db_url = normalise_url(cfg.db_url or default_db_url())
        storage = Storage(db_url)
        bots = BotPool(cfg.bot_workers, cfg.bot_time_limit, cfg.bot_mode)
        bus: EventBus = LocalBus()
        queue: RedisBotQueue | None = None
        if cfg.redis_url:
            namespace = namespace_for(db_url)
            bus = RedisBus(cfg.redis_url, namespace)
            queue = RedisBotQueue(cfg.redis_url, namespace, cfg.bot_lease)
        manager = MatchManager(
            storage,
            bots,
            bot_delay=cfg.bot_delay,
            bot_step_delay=cfg.bot_step_delay,
            catalog=catalog,
            max_open_per_client=cfg.max_open_matches,
            match_rate=cfg.match_rate,
            bus=bus,
            bot_queue=queue,
        )
        app.state.storage = storage
        app.state.manager = manager
        await bots.start()
        await bus.start(manager.remote_change)
        await manager.start()
        loop = asyncio.get_running_loop()
        background = [loop.create_task(clean_up(manager))]
        if queue is not None and cfg.queue_workers > 0:
            background.append(loop.create_task(run_bot_workers(manager, queue, cfg.queue_workers)))
        try:
            yield
        finally:
            await cancel_all(background)
            await manager.stop()
            await bus.stop()
            if queue is not None:
                await queue.close()
            bots.close()
            storage.close()

    app = FastAPI(
        title="Farmstead",
        description="Play farm-animal board games: lobby, matches, seats, live updates.",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,  # served below from local files: no CDN
        redoc_url=None,
    )
    install_error_handlers(app)

    docs_page = get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="Farmstead API",
        swagger_js_url="/static/swagger/swagger-ui-bundle.js",
        swagger_css_url="/static/swagger/swagger-ui.css",
        swagger_favicon_url="/static/favicon.svg",
    )
    docs_html = bytes(docs_page.body).decode()
    app.add_middleware(
        Guard,
        allowed_origins=cfg.allowed_origins,
        max_body=cfg.max_body,
        docs_policy=docs_csp(docs_html),
    )

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        """Swagger UI 5 (reads OpenAPI 3.1) for the schema, its assets vendored under
        ``static/swagger``."""
        return HTMLResponse(docs_html)

    def manager_of(request: Request | WebSocket) -> MatchManager:
        manager: MatchManager = request.app.state.manager
        return manager

    def held_seats(request: Request, match: LiveMatch) -> frozenset[int]:
        return match.seats_of(request_tokens(request.cookies, request.headers))

    # --- games ------------------------------------------------------------------------
    @app.get("/api/games", tags=["games"])
    async def games() -> dict[str, Any]:
        """Every registered game with its rules summary, player range, params (each choice in
        words), presets, and how long it lasts per preset and player count as measured by
        `farmstead durations` (`durations`: words and figures; empty when not measured)."""
        return {
            "games": [game_json(registration(name), *board_urls(name)) for name in game_names()]
        }

    @app.get("/api/games/{name}", tags=["games"], responses=error_responses(404, 422))
    async def game(name: str) -> dict[str, Any]:
        """One game."""
        return game_json(registration(name), *board_urls(name))

    @app.get("/api/games/{name}/data", tags=["games"], responses=error_responses(404, 422))
    async def game_data(name: str) -> dict[str, Any]:
        """Every value of the game's data files with its provenance (official/derived/proposed)."""
        gtype = game_type(name)
        return {
            "game": gtype.name,
            "long_name": gtype.long_name,
            "proposed_note": gtype.proposed_note,
            "items": [data_item_json(i, registration(name)) for i in gtype.data_items()],
        }

    @app.get("/api/games/{name}/rules", tags=["games"], responses=error_responses(404, 422))
    async def game_rules(name: str) -> dict[str, Any]:
        """The game's rules for people: the prose (HTML made from the game's Markdown, no raw
        HTML passes) and every data value in words with its provenance."""
        record = registration(name)
        gtype = record.game.type
        return {
            "game": gtype.name,
            "long_name": gtype.long_name,
            "summary": record.rules_summary,
            "html": rules_html(record),
            "proposed_note": gtype.proposed_note,
            "reference": gtype.rules_reference or None,
            "items": [rules_item_json(i, record) for i in gtype.data_items()],
        }

    @app.get("/api/bots", tags=["games"], responses=error_responses(404, 422))
    async def bots(
        game: str | None = Query(None, max_length=64, description="the specs for this game"),
    ) -> dict[str, Any]:
        """The bot levels a seat can be given, weakest first, with the agent each plays and
        its per-move time limit. A new match names a level (``"level": "easy"``). For a
        ``game``, each level is labelled with what it plays there and its Elo on the game's
        published strength ladder (``elo``: rating and 95% interval, or null)."""
        if game is not None:
            registration(game)  # 404 for an unknown game
        return {"game": game, "bots": [bot_json(b, game) for b in catalog.offered(game)]}

    @app.get("/api/health", tags=["server"])
    async def health(request: Request) -> dict[str, Any]:
        manager = manager_of(request)
        return {"status": "ok", "live_matches": len(manager.live)}

    # --- matches ----------------------------------------------------------------------
    @app.get("/api/matches", tags=["matches"], responses=error_responses(422, 503))
    async def list_matches(
        request: Request,
        status: Literal["live", "open", "finished", "all"] = "all",
        limit: int = Query(50, ge=1, le=200),
        ids: str | None = Query(
            None,
            max_length=50 * 33,
            pattern=r"^[A-Za-z0-9]{1,32}(,[A-Za-z0-9]{1,32}){0,49}$",
            description="only these matches (comma-separated ids, at most 50): a browser's own",
        ),
    ) -> dict[str, Any]:
        """The lobby: newest matches first. ``open``: running matches with a seat to take.
        Each match says when it was created and last played; an unfinished match without a
        human decision for the server's ``abandon_after`` is marked ``abandoned``."""
        manager = manager_of(request)
        finished = {"live": False, "open": False, "finished": True, "all": None}[status]
        wanted = ids.split(",") if ids else None
        rows = manager.lobby(finished, limit, wanted)
        idle = now() - timedelta(seconds=cfg.abandon_after) if cfg.abandon_after > 0 else None
        result = []
        for row in rows:
            live = manager.live.get(row.id)
            if live is not None and live.revision == row.revision:
                entry = match_summary(live)
            else:
                try:
                    long_name = game_type(row.game).long_name
                except UnknownGameError:
                    long_name = row.game
                entry = row_summary(row, long_name)
            if status == "open" and not any(s["open"] for s in entry["seats"]):
                continue
            entry["abandoned"] = bool(
                (entry["ended"] or {}).get("reason") == "abandoned"
                or (
                    idle is not None
                    and entry["status"] == "live"
                    and entry["last_human_at"] < idle.isoformat()
                )
            )
            result.append(entry)
        return {"matches": result, "abandon_after": cfg.abandon_after}

    @app.post(
        "/api/matches",
        status_code=201,
        tags=["matches"],
        responses=error_responses(403, 404, 413, 422, 429, 503),
    )
    async def create_match(body: MatchIn, request: Request, response: Response) -> dict[str, Any]:
        """Create a match. Tokens of "me" seats come back as cookies (and in the answer);
        "invite" seats get a link carrying their token (redeeming it issues a new one); "open"
        seats wait in the lobby. Bot seats name a level from ``GET /api/bots``. Params are
        checked against the game's declared params (422 naming the param and its values).
        Each client may create a limited number of matches per minute (429) and keep a limited
        number unfinished."""
        manager = manager_of(request)
        seats = []
        for index, s in enumerate(body.seats):
            if s.level is not None and s.agent is not None and s.level != s.agent:
                raise InputError(f"seat {index + 1}: give 'level' (or the older 'agent'), not both")
            seats.append(SeatRequest(s.kind, s.name, s.level or s.agent, s.claim))
        client = client_key(request.scope)
        match, tokens = manager.create(
            body.game,
            body.players,
            body.params,
            seats,
            client,
            undo=body.options.undo if body.options else None,
            on_resign=body.options.on_resign if body.options else "end",
            hints=body.options.hints if body.options else False,
        )
        answer_seats: list[dict[str, Any]] = []
        for s in body.seats:
            index = len(answer_seats)
            entry: dict[str, Any] = {"seat": index, "kind": s.kind}
            if s.kind == "bot":
                entry["level"] = match.seats[index].level
            if index in tokens and s.claim == "me":
                set_seat_cookie(request, response, match.id, index, tokens[index])
                entry["token"] = tokens[index]
            elif index in tokens:
                entry["invite_url"] = f"/match/{match.id}/join/{index}#{tokens[index]}"
                entry["token"] = tokens[index]
            answer_seats.append(entry)
        return {"id": match.id, "url": f"/match/{match.id}", "seats": answer_seats}

    @app.get(
        "/api/matches/{match_id}", tags=["matches"], responses=error_responses(404, 409, 422, 503)
    )
    async def view_match(
        match_id: str,
        request: Request,
        seat: int | None = Query(None, description="preferred seat among those you hold"),
        since: int | None = Query(None, ge=0, description="log entries you already have"),
    ) -> dict[str, Any]:
        """What the requester may see now: observation, legal actions (its turn), new events."""
        match = manager_of(request).get(match_id)
        return seat_view(match, held_seats(request, match), seat, since)

    @app.post(
        "/api/matches/{match_id}/actions",
        tags=["matches"],
        responses=error_responses(400, 403, 404, 409, 413, 422, 503),
    )
    async def act(
        match_id: str,
        body: ActionIn,
        request: Request,
        idempotency_key: str | None = Header(
            None, max_length=MAX_KEY, description="same as the body's idempotency_key"
        ),
    ) -> dict[str, Any]:
        """Apply an action for the seat to move (which the requester must hold).

        **Retries.** A request that may be sent twice (a timeout, a flaky network) must say how
        to recognise the repeat, or it may act twice: send ``expect`` (the ``index`` of the view
        acted on; a repeat then gets 409 ``stale`` and changes nothing) and/or an
        ``idempotency_key`` (body field or ``Idempotency-Key`` header; any id the client
        chooses, new for each intended action): a repeat with the same key is not applied
        again and answers the current view with ``"replayed": true``."""
        manager = manager_of(request)
        key = body.idempotency_key
        if idempotency_key is not None:
            if key is not None and key != idempotency_key:
                raise InputError("the Idempotency-Key header and idempotency_key differ")
            key = idempotency_key
        match = manager.get(match_id)
        held = held_seats(request, match)
        seat, replayed = manager.act(
            match, held, body.action, body.action_json, body.expect, body.seat, key
        )
        view = seat_view(match, held, seat, body.expect)
        if replayed:
            view["replayed"] = True
        return view

    @app.post(
        "/api/matches/{match_id}/undo",
        tags=["matches"],
        responses=error_responses(403, 404, 409, 413, 422, 503),
    )
    async def undo(match_id: str, body: UndoIn, request: Request) -> dict[str, Any]:
        """Take back the last ``steps`` decisions of the seat to move (the requester's): its
        own decisions of the current turn, back to the last die, draw or other player's
        decision at most. Allowed when the match allows it (``options.undo``)."""
        manager = manager_of(request)
        match = manager.get(match_id)
        held = held_seats(request, match)
        seat = manager.undo(match, held, body.steps, body.expect, body.seat)
        return seat_view(match, held, seat, None)

    @app.post(
        "/api/matches/{match_id}/hint",
        tags=["matches"],
        responses=error_responses(403, 404, 409, 413, 422, 503),
    )
    async def hint(match_id: str, body: HintIn, request: Request) -> dict[str, Any]:
        """A suggested move for the requester's seat to move, from the game's strongest bot
        (about a second; the same position gives the same hint). The bot sees only what that
        seat may see. ``action`` is the suggestion (as the view's ``legal`` lists it);
        ``line`` starts with it and goes on with the seat's next decisions of the same move.
        Refused for another seat (403), in a match with players on other devices unless it
        was created with ``options.hints`` (403), when it is not the seat's turn or the view
        is stale (409); 503 when every bot is busy."""
        manager = manager_of(request)
        match = manager.get(match_id)
        held = held_seats(request, match)
        return await manager.hint(match, held, body.seat, body.expect)

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/resign",
        tags=["seats"],
        responses=error_responses(403, 404, 409, 413, 422, 503),
    )
    async def resign(match_id: str, seat: int, body: EmptyIn, request: Request) -> dict[str, Any]:
        """The requester's ``seat`` resigns: the game ends (the seat loses, the others share
        the win) or a bot takes the seat, as the match's ``options.on_resign`` says. Another
        seat's resignation is refused (403)."""
        manager = manager_of(request)
        match = manager.get(match_id)
        held = held_seats(request, match)
        manager.resign(match, held, seat)
        return seat_view(match, held, seat, None)

    @app.post(
        "/api/matches/{match_id}/abandon",
        tags=["matches"],
        responses=error_responses(403, 404, 409, 413, 422, 503),
    )
    async def abandon(match_id: str, body: EmptyIn, request: Request) -> dict[str, Any]:
        """End the match without a result. Only a requester holding every human seat (a
        hot-seat or bot match) may; in a match with other people, resign instead."""
        manager = manager_of(request)
        match = manager.get(match_id)
        held = held_seats(request, match)
        manager.abandon(match, held)
        return seat_view(match, held, None, None)

    @app.get(
        "/api/matches/{match_id}/events",
        tags=["matches"],
        responses=error_responses(404, 409, 422, 503),
    )
    async def events(
        match_id: str,
        request: Request,
        since: int = Query(0, ge=0),
        limit: int = Query(500, ge=1, le=5000),
    ) -> dict[str, Any]:
        """The log in words from ``since``, redacted for the requester."""
        match = manager_of(request).get(match_id)
        held = held_seats(request, match)
        events = events_json(match, held, since, limit)
        end = events[-1]["index"] + 1 if events else since
        return {
            "index": match.version,
            "events_from": since,
            "events": events,
            "turns": turns_json(match, held, since, end),
        }

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/claim",
        tags=["seats"],
        responses=error_responses(403, 404, 409, 413, 422, 503),
    )
    async def claim(
        match_id: str, seat: int, body: ClaimIn, request: Request, response: Response
    ) -> dict[str, Any]:
        """Take an open seat; its new secret token is set as a cookie (and returned)."""
        manager = manager_of(request)
        match = manager.get(match_id)
        token = manager.claim(match, seat, body.name)
        set_seat_cookie(request, response, match.id, seat, token)
        return {"seat": seat, "token": token, "url": f"/match/{match.id}"}

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/join",
        tags=["seats"],
        responses=error_responses(403, 404, 409, 413, 422, 503),
    )
    async def join(
        match_id: str, seat: int, body: JoinIn, request: Request, response: Response
    ) -> dict[str, Any]:
        """Redeem an invite link's token: the joiner gets a fresh secret token for the seat
        (as this browser's cookie, and in the answer) and the link's token stops working."""
        manager = manager_of(request)
        match = manager.get(match_id)
        token = manager.join(match, seat, body.token)
        set_seat_cookie(request, response, match.id, seat, token)
        return {"seat": seat, "token": token, "url": f"/match/{match.id}"}

    @app.get(
        "/api/matches/{match_id}/replay",
        tags=["matches"],
        responses=error_responses(404, 409, 422, 503),
    )
    async def replay(
        match_id: str,
        request: Request,
        step: int = Query(0, ge=0),
        seat: int | None = Query(None, ge=0),
    ) -> dict[str, Any]:
        """A finished match after ``step`` actions (as ``seat``, or as a spectator)."""
        match = manager_of(request).get(match_id)
        if not match.finished:
            raise ConflictError("the replay opens once the game is over")
        if step > match.version:
            raise NotFoundError(f"this match has {match.version} steps; there is no step {step}")
        if seat is not None and seat >= match.game.num_players:
            raise NotFoundError(f"this match has no seat {seat + 1}")
        return replay_view(match, step, seat)

    @app.get(
        "/api/matches/{match_id}/turns",
        tags=["matches"],
        responses=error_responses(404, 409, 422, 503),
    )
    async def turns(match_id: str, request: Request) -> dict[str, Any]:
        """Every turn of a finished match in words (for the replay: a turn's position is the
        one after its last step, ``first + steps``)."""
        match = manager_of(request).get(match_id)
        if not match.finished:
            raise ConflictError("the replay opens once the game is over")
        return {"total": match.version, "turns": turns_json(match, frozenset(), 0, match.version)}

    @app.get(
        "/api/matches/{match_id}/record",
        tags=["matches"],
        responses=error_responses(404, 409, 422, 503),
    )
    async def record(match_id: str, request: Request) -> Response:
        """The game record (the JSON ``farmstead replay`` reads), once the game is over."""
        match = manager_of(request).get(match_id)
        if not match.finished:
            raise ConflictError(
                "the record can be downloaded once the game is over (it holds the seed)"
            )
        doc = match.record().to_json()
        filename = f"farmstead-{match.game.type.name}-{match.id}.json"
        return Response(
            json.dumps(doc, indent=1, sort_keys=True),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    # --- live updates -----------------------------------------------------------------
    @app.websocket("/api/matches/{match_id}/ws")
    async def live(websocket: WebSocket, match_id: str) -> None:
        """Live views. Server → client: ``view`` messages (as ``GET /api/matches/{id}``) and
        ``error`` messages. Client → server: JSON text frames ``{"type": "action", ...ActionIn}``,
        ``{"type": "watch", "seat": n, "since": k}`` to change the preferred seat, and
        ``{"type": "ping"}``. A binary frame closes the socket with 1003, text that is not JSON
        (or is nested too deeply) with 1007, a frame over 64 KiB with 1009, a flood of messages
        with 1008 (``ServerConfig.ws_message_burst``) — each with a reason.
        Pages of other origins are refused (see ``farmstead.web.guard``)."""
        manager = manager_of(websocket)
        try:
            match = manager.get(match_id)
        except WebError as exc:
            await websocket.accept()
            await websocket.send_json({"type": "error", **error_body(exc.code, exc.message)})
            await websocket.close(code=4404 if exc.status == 404 else 4409)
            return
        await websocket.accept()
        tokens = tuple(request_tokens(websocket.cookies, websocket.headers))
        held = match.seats_of(tokens)
        preferred = _int_or_none(websocket.query_params.get("seat"))
        since = _int_or_none(websocket.query_params.get("since"))
        listener = Listener(held, preferred, since, tokens=tokens)
        throttle = MessageThrottle(cfg.ws_messages_per_second, cfg.ws_message_burst)
        listener.dirty.set()
        match.listeners.add(listener)
        manager.bus.watch(match.id)
        sender = asyncio.create_task(_send_views(websocket, match, listener))
        try:
            while True:
                close = await _receive_message(websocket, manager, match, listener, throttle)
                if close is not None:
                    code, reason = close
                    with contextlib.suppress(Exception):
                        await websocket.close(code=code, reason=reason)
                    return
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            match.listeners.discard(listener)
            manager.bus.unwatch(match.id)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    @app.get("/static/boards/{file}", include_in_schema=False)
    async def board_file(file: str) -> Response:
        """A game's browser board module or stylesheet, from the game's own package."""
        name, dot, suffix = file.rpartition(".")
        board = registration(name).board if dot and name in game_names() else None
        resource = None
        if board is not None:
            resource = (
                board.module if suffix == "js" else board.stylesheet if suffix == "css" else None
            )
        if board is None or resource is None:
            raise NotFoundError(f"there is no board file {file!r}")
        media = "text/javascript" if suffix == "js" else "text/css"
        return Response(board.read(resource), media_type=media)

    # --- pages ------------------------------------------------------------------------
    index_html = STATIC_DIR / "index.html"

    async def page() -> FileResponse:
        return FileResponse(index_html, media_type="text/html")

    for path in (
        "/",
        "/new",
        "/games/{name}",
        "/match/{match_id}",
        "/match/{match_id}/join/{seat}",
        "/replay/{match_id}",
    ):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)

    json_http_error = app.exception_handlers[StarletteHTTPException]

    async def not_found_page(request: Request, exc: Exception) -> Response:
        """A browser asking for an unknown page gets the app's page with 404 (its router says
        "Page not found"); the API, static files and clients not asking for HTML get JSON."""
        if (
            isinstance(exc, StarletteHTTPException)
            and exc.status_code == 404
            and request.method in ("GET", "HEAD")
            and not request.url.path.startswith(("/api/", "/static/"))
            and "text/html" in request.headers.get("accept", "")
        ):
            return FileResponse(index_html, status_code=404, media_type="text/html")
        answer = json_http_error(request, exc)
        if inspect.isawaitable(answer):
            answer = await answer
        return answer

    app.add_exception_handler(StarletteHTTPException, not_found_page)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app


def _int_or_none(text: str | None) -> int | None:
    """A non-negative int written in ASCII digits, else None."""
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 12:
        return None
    return int(text)


async def _receive_message(
    websocket: WebSocket,
    manager: MatchManager,
    match: LiveMatch,
    listener: Listener,
    throttle: MessageThrottle,
) -> tuple[int, str] | None:
    """Receive and handle one frame; a (code, reason) to close the socket with, or None."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if not throttle.allow(time.monotonic()):
        return THROTTLE_CLOSE_CODE, throttle.reason
    text = message.get("text")
    if text is None:
        return 1003, "binary frames are not accepted; send JSON text"
    if len(text) > WS_MAX_MESSAGE:
        return 1009, f"a message may have at most {WS_MAX_MESSAGE} characters"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return 1007, "a message must be a JSON object"
    try:
        check_json_shape(data, "the message")
    except InputError as exc:
        return 1007, exc.message
    await _handle_message(websocket, manager, match, listener, data)
    return None


async def _send_views(websocket: WebSocket, match: LiveMatch, listener: Listener) -> None:
    """Send the listener's view whenever the match changes (coalescing bursts of moves)."""
    while True:
        await listener.dirty.wait()
        listener.dirty.clear()
        view = seat_view(match, listener.seats, listener.preferred, listener.sent_index)
        # The log entries sent so far: all of them, or (while another seat may still take
        # decisions back in a game with hidden information) those before its decisions.
        listener.sent_index = view["events_from"] + len(view["events"])
        await websocket.send_json(view)


async def _handle_message(
    websocket: WebSocket,
    manager: MatchManager,
    match: LiveMatch,
    listener: Listener,
    message: Any,
) -> None:
    if not isinstance(message, dict):
        await websocket.send_json({"type": "error", **error_body("invalid", "send a JSON object")})
        return
    kind = message.get("type")
    try:
        if kind == "action":
            body = ActionIn.model_validate(message)
            _, replayed = manager.act(
                match,
                listener.seats,
                body.action,
                body.action_json,
                body.expect,
                body.seat,
                body.idempotency_key,
            )
            if replayed:  # nothing changed: send the current view again
                listener.sent_index = body.expect
                listener.dirty.set()
        elif kind == "undo":
            undo_body = UndoIn.model_validate(message)
            manager.undo(match, listener.seats, undo_body.steps, undo_body.expect, undo_body.seat)
        elif kind == "watch":
            seat, since = message.get("seat"), message.get("since")
            listener.preferred = seat if _plain_int(seat) else None
            listener.sent_index = since if _plain_int(since) else None
            listener.dirty.set()
        elif kind == "ping":
            await websocket.send_json({"type": "pong"})
        else:
            raise WebError(f"unknown message type {kind!r}; expected action, undo, watch or ping")
    except WebError as exc:
        await websocket.send_json({"type": "error", **error_body(exc.code, exc.message)})
    except InputError as exc:
        await websocket.send_json({"type": "error", **error_body(exc.code, exc.message)})
    except FarmsteadError as exc:
        await websocket.send_json({"type": "error", **error_body("illegal_action", str(exc))})
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5]
        )
        await websocket.send_json(
            {"type": "error", **error_body("invalid", f"invalid message: {problems}")}
        )


def _plain_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53


def app_from_env() -> FastAPI:
    """The app configured from environment variables (for ``uvicorn --factory``)."""
    return create_app(
        ServerConfig(
            db_url=os.environ.get("FARMSTEAD_DB_URL"),
            redis_url=os.environ.get("FARMSTEAD_REDIS_URL") or None,
        )
    )
