"""Errors of the web layer and their JSON answers.

Every error a client can provoke is answered as ``{"error": code, "message": text}`` with a 4xx
status and a message a person understands; nothing changed. Anything unexpected becomes a 500
with a generic message — tracebacks and database messages stay in the server log.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from farmstead.core.errors import (
    IllegalActionError,
    InvalidParamError,
    InvalidPositionError,
    UnknownNameError,
)
from farmstead.web.bots import BotChoiceError
from farmstead.web.inputs import InputError

log = logging.getLogger(__name__)


class WebError(Exception):
    """An error answered to the client with ``status`` and ``code``."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFoundError(WebError):
    status = 404
    code = "not_found"


class ForbiddenError(WebError):
    status = 403
    code = "forbidden"


class ConflictError(WebError):
    status = 409
    code = "conflict"


class StaleError(ConflictError):
    code = "stale"


class UnavailableError(WebError):
    status = 503
    code = "unavailable"


class TooManyError(WebError):
    """A client over its limits (match creation rate, unfinished matches)."""

    status = 429
    code = "rate_limited"

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


MAX_MESSAGE = 500


class ErrorBody(BaseModel):
    """The body of every error answer."""

    error: str = Field(description="a stable code, e.g. stale, forbidden, rate_limited")
    message: str = Field(description="what went wrong, in words a person understands")


_MEANINGS = {
    400: "an illegal action (nothing changed)",
    403: "not allowed: another seat's, a spectator's, or a page of another origin",
    404: "no such game, match, seat or step",
    409: "the match moved on (stale view), is over, or cannot be restored",
    413: "the request body is too large",
    422: "the request is malformed or names unknown params, levels or values",
    429: "too many new matches from this address (see Retry-After)",
    503: "the database is unavailable, or every bot is busy; try again shortly",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route that answers ``statuses`` with ``ErrorBody``."""
    return {status: {"model": ErrorBody, "description": _MEANINGS[status]} for status in statuses}


def error_body(code: str, message: str) -> dict[str, str]:
    """The JSON body of every error answer (long messages are cut: they may echo input)."""
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 3] + "..."
    return {"error": code, "message": message}


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else err.get("msg", ""))
    return "invalid request: " + "; ".join(parts)


def install_error_handlers(app: FastAPI) -> None:
    """Answer every error as JSON without tracebacks."""

    @app.exception_handler(WebError)
    async def _web_error(_request: Request, exc: WebError) -> JSONResponse:
        headers = None
        if isinstance(exc, TooManyError) and exc.retry_after is not None:
            headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))}
        return JSONResponse(
            error_body(exc.code, exc.message), status_code=exc.status, headers=headers
        )

    @app.exception_handler(InputError)
    async def _input(_request: Request, exc: InputError) -> JSONResponse:
        return JSONResponse(error_body(exc.code, exc.message), status_code=422)

    @app.exception_handler(BotChoiceError)
    async def _bot_choice(_request: Request, exc: BotChoiceError) -> JSONResponse:
        return JSONResponse(error_body("invalid_bot", str(exc)), status_code=422)

    @app.exception_handler(IllegalActionError)
    async def _illegal(_request: Request, exc: IllegalActionError) -> JSONResponse:
        return JSONResponse(error_body("illegal_action", str(exc)), status_code=400)

    @app.exception_handler(InvalidParamError)
    async def _param(_request: Request, exc: InvalidParamError) -> JSONResponse:
        return JSONResponse(error_body("invalid_param", str(exc)), status_code=422)

    @app.exception_handler(InvalidPositionError)
    async def _position(_request: Request, exc: InvalidPositionError) -> JSONResponse:
        return JSONResponse(error_body("invalid_position", str(exc)), status_code=400)

    @app.exception_handler(UnknownNameError)
    async def _unknown(_request: Request, exc: UnknownNameError) -> JSONResponse:
        return JSONResponse(error_body("not_found", str(exc)), status_code=404)

    @app.exception_handler(RequestValidationError)
    async def _validation(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_body("invalid_request", _validation_message(exc)), 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else "request failed"
        if exc.status_code == 404 and message == "Not Found":
            message = "no such page or API route"
        elif exc.status_code == 405:
            message = "this route does not accept that method"
        return JSONResponse(error_body("http_error", message), status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return JSONResponse(
            error_body(
                "internal", "the server hit an unexpected error; the details are in its log"
            ),
            status_code=500,
        )
