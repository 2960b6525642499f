"""The FastAPI application: JSON API, WebSocket live updates and the static browser UI.

``create_app(config)`` builds an app whose lifespan opens the database, starts the bot pool and
rebuilds every unfinished match from the event log.

Seat tokens reach the server as cookies ``seat<N>`` scoped to ``/api/matches/<id>`` (set when a
match is created, a seat claimed or an invite link opened) or, for API clients, in the
``X-Seat-Token`` header (comma-separated for several seats).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, ValidationError
from swagger_ui_bundle import swagger_ui_path

from farmstead.core.errors import FarmsteadError, UnknownGameError
from farmstead.core.registry import game_type, list_games
from farmstead.web.bots import BotPool, bot_choices
from farmstead.web.config import default_db_url
from farmstead.web.errors import (
    ConflictError,
    ForbiddenError,
    NotFoundError,
    WebError,
    error_body,
    install_error_handlers,
)
from farmstead.web.matches import Listener, LiveMatch, MatchManager, SeatRequest
from farmstead.web.storage import Storage
from farmstead.web.views import (
    data_item_json,
    events_json,
    game_json,
    match_summary,
    replay_view,
    row_summary,
    seat_view,
)

log = logging.getLogger(__name__)

STATIC_DIR = Path(str(resources.files("farmstead.web").joinpath("static")))
COOKIE_MAX_AGE = 30 * 24 * 3600
TOKEN_HEADER = "x-seat-token"


@dataclass(frozen=True)
class ServerConfig:
    """How a server runs: its database, bot pool and bot pacing."""

    db_url: str | None = None
    bot_workers: int = 2
    bot_mode: str = "process"
    bot_time_limit: float = 10.0
    bot_delay: float = 0.6
    bot_step_delay: float = 0.08


# --- request bodies ----------------------------------------------------------------------
class SeatIn(BaseModel):
    """One seat of a new match."""

    kind: Literal["human", "bot"]
    name: str | None = Field(None, max_length=200)
    agent: str | None = Field(None, description="agent spec for a bot, e.g. 'random'")
    claim: Literal["me", "invite", "open"] = Field(
        "me", description="human seats: 'me' (this browser), 'invite' (a link), 'open' (lobby)"
    )


class MatchIn(BaseModel):
    """A new match: game, player count, params and one entry per seat."""

    game: str
    players: int | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn]


class ActionIn(BaseModel):
    """An action for the seat to move: an id or its JSON; ``expect`` guards against staleness."""

    action: int | None = None
    action_json: Any = None
    expect: int | None = Field(None, description="the log length of the view acted on")
    seat: int | None = Field(None, description="the acting seat (0-based) when holding several")


class ClaimIn(BaseModel):
    name: str | None = Field(None, max_length=200)


class JoinIn(BaseModel):
    token: str = Field(..., max_length=200)


# --- helpers -----------------------------------------------------------------------------
def board_module(game: str) -> str | None:
    """URL of the game's browser board module, or None (the generic board is used)."""
    if (STATIC_DIR / "games" / f"{game}.js").is_file():
        return f"/static/games/{game}.js"
    return None


def request_tokens(cookies: dict[str, str], headers: Any) -> list[str]:
    """Every seat token a request carries (cookies ``seat<N>`` and the token header)."""
    tokens = [v for k, v in cookies.items() if k.startswith("seat")]
    header = headers.get(TOKEN_HEADER)
    if header:
        tokens.extend(t.strip() for t in header.split(",") if t.strip())
    return tokens


def set_seat_cookie(response: Response, match_id: str, seat: int, token: str) -> None:
    response.set_cookie(
        f"seat{seat}",
        token,
        max_age=COOKIE_MAX_AGE,
        path=f"/api/matches/{match_id}",
        httponly=True,
        samesite="lax",
    )


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The farmstead web app for ``config`` (defaults: SQLite in the user data dir)."""
    cfg = config or ServerConfig()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(cfg.db_url or default_db_url())
        bots = BotPool(cfg.bot_workers, cfg.bot_time_limit, cfg.bot_mode)
        manager = MatchManager(
            storage, bots, bot_delay=cfg.bot_delay, bot_step_delay=cfg.bot_step_delay
        )
        app.state.storage = storage
        app.state.manager = manager
        await bots.start()
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
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

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        """Swagger UI for the OpenAPI schema, with its assets served by this app."""
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="Farmstead API",
            swagger_js_url="/static/swagger/swagger-ui-bundle.js",
            swagger_css_url="/static/swagger/swagger-ui.css",
            swagger_favicon_url="/static/favicon.svg",
        )

    @app.middleware("http")
    async def _headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        path = request.url.path
        if path.startswith("/static/"):
            response.headers["Cache-Control"] = "no-cache"
        if not path.startswith(("/docs", "/redoc")):
            response.headers["Content-Security-Policy"] = (
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                "connect-src 'self' ws: wss:; frame-ancestors 'none'"
            )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    def manager_of(request: Request | WebSocket) -> MatchManager:
        manager: MatchManager = request.app.state.manager
        return manager

    def held_seats(request: Request, match: LiveMatch) -> frozenset[int]:
        return match.seats_of(request_tokens(request.cookies, request.headers))

    # --- games ------------------------------------------------------------------------
    @app.get("/api/games", tags=["games"])
    async def games() -> dict[str, Any]:
        """Every registered game with its rules summary, player range and params."""
        return {"games": [game_json(t, board_module(t.name)) for t in list_games()]}

    @app.get("/api/games/{name}", tags=["games"])
    async def game(name: str) -> dict[str, Any]:
        """One game."""
        gtype = game_type(name)
        return game_json(gtype, board_module(gtype.name))

    @app.get("/api/games/{name}/data", tags=["games"])
    async def game_data(name: str) -> dict[str, Any]:
        """Every value of the game's data files with its provenance (official/derived/proposed)."""
        gtype = game_type(name)
        return {
            "game": gtype.name,
            "long_name": gtype.long_name,
            "proposed_note": gtype.proposed_note,
            "items": [data_item_json(i) for i in gtype.data_items()],
        }

    @app.get("/api/bots", tags=["games"])
    async def bots() -> dict[str, Any]:
        """The bots a seat can be given, weakest first."""
        return {"bots": [{"spec": c.spec, "label": c.label} for c in bot_choices()]}

    @app.get("/api/health", tags=["server"])
    async def health(request: Request) -> dict[str, Any]:
        manager = manager_of(request)
        return {"status": "ok", "live_matches": len(manager.live)}

    # --- matches ----------------------------------------------------------------------
    @app.get("/api/matches", tags=["matches"])
    async def list_matches(
        request: Request,
        status: Literal["live", "open", "finished", "all"] = "all",
        limit: int = Query(50, ge=1, le=200),
    ) -> dict[str, Any]:
        """The lobby: newest matches first. ``open``: running matches with a seat to take."""
        manager = manager_of(request)
        finished = {"live": False, "open": False, "finished": True, "all": None}[status]
        rows = manager.lobby(finished, limit)
        result = []
        for row in rows:
            live = manager.live.get(row.id)
            if live is not None:
                entry = match_summary(live)
            else:
                try:
                    long_name = game_type(row.game).long_name
                except UnknownGameError:
                    long_name = row.game
                entry = row_summary(row, long_name)
            if status == "open" and not any(s["open"] for s in entry["seats"]):
                continue
            result.append(entry)
        return {"matches": result}

    @app.post("/api/matches", status_code=201, tags=["matches"])
    async def create_match(body: MatchIn, request: Request, response: Response) -> dict[str, Any]:
        """Create a match. Tokens of "me" seats come back as cookies (and in the answer);
        "invite" seats get a link carrying their token; "open" seats wait in the lobby."""
        manager = manager_of(request)
        players = body.players if body.players is not None else len(body.seats)
        seats = [SeatRequest(s.kind, s.name, s.agent, s.claim) for s in body.seats]
        match, tokens = manager.create(body.game, players, body.params, seats)
        answer_seats: list[dict[str, Any]] = []
        for s in body.seats:
            index = len(answer_seats)
            entry: dict[str, Any] = {"seat": index, "kind": s.kind}
            if index in tokens and s.claim == "me":
                set_seat_cookie(response, match.id, index, tokens[index])
                entry["token"] = tokens[index]
            elif index in tokens:
                entry["invite_url"] = f"/match/{match.id}/join/{index}#{tokens[index]}"
                entry["token"] = tokens[index]
            answer_seats.append(entry)
        return {"id": match.id, "url": f"/match/{match.id}", "seats": answer_seats}

    @app.get("/api/matches/{match_id}", tags=["matches"])
    async def view_match(
        match_id: str,
        request: Request,
        seat: int | None = Query(None, description="preferred seat among those you hold"),
        since: int | None = Query(None, ge=0, description="log entries you already have"),
    ) -> dict[str, Any]:
        """What the requester may see now: observation, legal actions (its turn), new events."""
        match = manager_of(request).get(match_id)
        return seat_view(match, held_seats(request, match), seat, since)

    @app.post("/api/matches/{match_id}/actions", tags=["matches"])
    async def act(match_id: str, body: ActionIn, request: Request) -> dict[str, Any]:
        """Apply an action for the seat to move (which the requester must hold)."""
        manager = manager_of(request)
        match = manager.get(match_id)
        held = held_seats(request, match)
        seat = manager.act(match, held, body.action, body.action_json, body.expect, body.seat)
        return seat_view(match, held, seat, body.expect)

    @app.get("/api/matches/{match_id}/events", tags=["matches"])
    async def events(
        match_id: str,
        request: Request,
        since: int = Query(0, ge=0),
        limit: int = Query(500, ge=1, le=5000),
    ) -> dict[str, Any]:
        """The log in words from ``since``, redacted for the requester."""
        match = manager_of(request).get(match_id)
        held = held_seats(request, match)
        return {
            "index": match.version,
            "events_from": since,
            "events": events_json(match, held, since, limit),
        }

    @app.post("/api/matches/{match_id}/seats/{seat}/claim", tags=["seats"])
    async def claim(
        match_id: str, seat: int, body: ClaimIn, request: Request, response: Response
    ) -> dict[str, Any]:
        """Take an open seat; its new secret token is set as a cookie (and returned)."""
        manager = manager_of(request)
        match = manager.get(match_id)
        token = manager.claim(match, seat, body.name)
        set_seat_cookie(response, match.id, seat, token)
        return {"seat": seat, "token": token, "url": f"/match/{match.id}"}

    @app.post("/api/matches/{match_id}/seats/{seat}/join", tags=["seats"])
    async def join(
        match_id: str, seat: int, body: JoinIn, request: Request, response: Response
    ) -> dict[str, Any]:
        """Redeem an invite link's token: it becomes this browser's cookie for the seat."""
        match = manager_of(request).get(match_id)
        if not 0 <= seat < len(match.seats):
            raise NotFoundError(f"this match has no seat {seat + 1}")
        if seat not in match.seats_of([body.token]):
            raise ForbiddenError(f"this invite link is not valid for seat {seat + 1}")
        set_seat_cookie(response, match.id, seat, body.token)
        return {"seat": seat, "url": f"/match/{match.id}"}

    @app.get("/api/matches/{match_id}/replay", tags=["matches"])
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

    @app.get("/api/matches/{match_id}/record", tags=["matches"])
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
        ``error`` messages. Client → server: ``{"type": "action", ...ActionIn}`` and
        ``{"type": "watch", "seat": n, "since": k}`` to change the preferred seat."""
        manager = manager_of(websocket)
        try:
            match = manager.get(match_id)
        except WebError as exc:
            await websocket.accept()
            await websocket.send_json({"type": "error", **error_body(exc.code, exc.message)})
            await websocket.close(code=4404)
            return
        await websocket.accept()
        held = match.seats_of(request_tokens(websocket.cookies, websocket.headers))
        preferred = _int_or_none(websocket.query_params.get("seat"))
        listener = Listener(held, preferred, _int_or_none(websocket.query_params.get("since")))
        listener.dirty.set()
        match.listeners.add(listener)
        sender = asyncio.create_task(_send_views(websocket, match, listener))
        try:
            while True:
                message = await websocket.receive_json()
                await _handle_message(websocket, manager, match, listener, message)
        except (WebSocketDisconnect, RuntimeError):
            pass
        except ValueError:  # not JSON
            with contextlib.suppress(Exception):
                await websocket.close(code=1003)
        finally:
            match.listeners.discard(listener)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

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
    app.mount("/static/swagger", StaticFiles(directory=swagger_ui_path), name="swagger")
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app


def _int_or_none(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


async def _send_views(websocket: WebSocket, match: LiveMatch, listener: Listener) -> None:
    """Send the listener's view whenever the match changes (coalescing bursts of moves)."""
    while True:
        await listener.dirty.wait()
        listener.dirty.clear()
        view = seat_view(match, listener.seats, listener.preferred, listener.sent_index)
        listener.sent_index = view["index"]
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
            body = ActionIn.model_validate({k: v for k, v in message.items() if k != "type"})
            manager.act(
                match, listener.seats, body.action, body.action_json, body.expect, body.seat
            )
        elif kind == "watch":
            listener.preferred = _int_or_none(str(message.get("seat")))
            listener.sent_index = _int_or_none(str(message.get("since")))
            listener.dirty.set()
        elif kind == "ping":
            await websocket.send_json({"type": "pong"})
        else:
            raise WebError(f"unknown message type {kind!r}; expected action, watch or ping")
    except WebError as exc:
        await websocket.send_json({"type": "error", **error_body(exc.code, exc.message)})
    except FarmsteadError as exc:
        await websocket.send_json({"type": "error", **error_body("illegal_action", str(exc))})
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        await websocket.send_json(
            {"type": "error", **error_body("invalid", f"invalid message: {problems}")}
        )


def app_from_env() -> FastAPI:
    """The app configured from environment variables (for ``uvicorn --factory``)."""
    return create_app(ServerConfig(db_url=os.environ.get("FARMSTEAD_DB_URL")))
