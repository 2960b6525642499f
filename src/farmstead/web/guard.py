"""The server's outer guard: origin checks, body limits, security headers, no 500 without
them, a match-creation rate limit, and log redaction of seat tokens.

``Guard`` is a plain ASGI middleware around the whole app:

* **Origin.** A browser sends ``Origin`` with every WebSocket handshake and every POST. A
  request from a page of another origin — another port of the same host included, which is
  "same-site" and so still carries the ``SameSite=Lax`` seat cookies — is refused: a socket
  with close code 1008 before it opens (the browser sees a failed handshake), a state-changing
  HTTP request (POST, PUT, PATCH, DELETE) with 403. The server's own origin is the scheme and
  ``Host`` of the request (``https`` behind a proxy that says so, see ``--forwarded-allow-ips``);
  more origins can be allowed by configuration (a proxy that rewrites ``Host``). Requests
  without ``Origin`` (API clients, scripts) are not browsers' and pass, unless
  ``Sec-Fetch-Site`` says a browser sent them from another site.
* **Bodies** larger than ``max_body`` bytes are refused with 413.
* **Headers**: every HTTP answer — errors included — carries ``Content-Security-Policy``,
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``; the API docs page
  gets a policy that allows exactly its one inline script (by hash).
* **Errors**: an exception that escapes a route is logged and answered with a JSON 500 (with
  those headers) instead of tearing down the connection.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import logging
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from farmstead.web.errors import error_body

log = logging.getLogger(__name__)

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
BASE_CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; "
    "object-src 'none'"
)


def docs_csp(html: str) -> str:
    """A policy for the Swagger UI page ``html``: its assets from here, its inline scripts
    allowed by their SHA-256 hashes and nothing else inline."""
    hashes = []
    for script in re.findall(r"<script>(.*?)</script>", html, flags=re.DOTALL):
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return (
        f"default-src 'self'; script-src 'self' {' '.join(hashes)}; img-src 'self' data:; "
        "style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; "
        "base-uri 'self'; form-action 'self'; object-src 'none'"
    )


# --- origins -----------------------------------------------------------------------------
def normalise_origin(text: str) -> str | None:
    """``scheme://host[:port]`` in lower case without a default port; None if not an
    http(s) origin."""
    try:
        parts = urlsplit(text.strip().lower())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname
    if ":" in host:
        host = f"[{host}]"
    default = 80 if parts.scheme == "http" else 443
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def own_origin(scope: Scope) -> str | None:
    """The origin this request was addressed to: its scheme and ``Host``."""
    host = _header(scope, b"host")
    if not host:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme"))
    return normalise_origin(f"{scheme}://{host}")


def origin_refusal(scope: Scope, allowed: frozenset[str]) -> str | None:
    """Why a request must be refused for where it comes from; None when it may pass."""
    origin = _header(scope, b"origin")
    if origin is None:
        site = (_header(scope, b"sec-fetch-site") or "").lower()
        if site in ("cross-site", "same-site"):
            return "requests from other sites are not accepted"
        return None
    normal = normalise_origin(origin)
    if normal is not None and (normal == own_origin(scope) or normal in allowed):
        return None
    shown = origin if len(origin) <= 80 else origin[:77] + "..."
    return (
        f"requests from pages of {shown!r} are not accepted here; open the game from this "
        "server's own address"
    )


# --- the middleware ----------------------------------------------------------------------
class _BodyTooLarge(HTTPException):
    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {limit} bytes")


class Guard:
    """Origin checks, body limit, security headers and a last-resort 500 (see the module)."""

    def __init__(
        self,
        app: ASGIApp,
        allowed_origins: Iterable[str] = (),
        max_body: int = 256 * 1024,
        docs_policy: str | None = None,
    ) -> None:
        self.app = app
        self.allowed = frozenset(
            o for o in (normalise_origin(text) for text in allowed_origins) if o is not None
        )
        self.max_body = max_body
        self.docs_policy = docs_policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = origin_refusal(scope, self.allowed)
        if refusal is not None:
            log.warning("refused a socket on %s: %s", scope.get("path"), refusal)
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.close", "code": 1008, "reason": refusal[:120]})
            return
        closed = False

        async def tracking_send(message: Message) -> None:
            nonlocal closed
            if message["type"] == "websocket.close":
                closed = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception:
            log.exception("unexpected error on the socket %s", scope.get("path"))
            if not closed:
                with contextlib.suppress(Exception):
                    await send({"type": "websocket.close", "code": 1011, "reason": "server error"})

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        policy = self.docs_policy if path.startswith("/docs") and self.docs_policy else BASE_CSP
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = policy
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
                if path.startswith("/static/"):
                    headers["Cache-Control"] = "no-cache"
            await send(message)

        async def answer(status: int, code: str, text: str) -> None:
            response = JSONResponse(error_body(code, text), status_code=status)
            await response(scope, receive, send_with_headers)

        if scope.get("method") in UNSAFE_METHODS:
            refusal = origin_refusal(scope, self.allowed)
            if refusal is not None:
                await answer(403, "forbidden_origin", refusal)
                return
        length = _header(scope, b"content-length")
        if length is not None and not (length.strip().isascii() and length.strip().isdecimal()):
            await answer(400, "bad_request", "the Content-Length header is not a number")
            return
        if length is not None and int(length) > self.max_body:
            await answer(413, "too_large", f"the request body is larger than {self.max_body} bytes")
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise _BodyTooLarge(self.max_body)
            return message

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except Exception:
            log.exception("unexpected error on %s %s", scope.get("method"), path)
            if not started:
                await answer(
                    500,
                    "internal",
                    "the server hit an unexpected error; the details are in its log",
                )


# --- WebSocket message throttle ----------------------------------------------------------
THROTTLE_CLOSE_CODE = 1008  # "policy violation"


class MessageThrottle:
    """A token bucket for the messages one WebSocket sends to the server: ``burst`` messages
    at once, refilled at ``rate_per_second``. Pure: the caller passes the clock.

    The contract with the socket's receive loop: make one throttle per socket and call
    ``allow(time.monotonic())`` for each message received, before handling it. While it is
    True the message is handled as usual; the first False means the client floods (no
    page sends that much), so the message is dropped and the socket closed with code
    ``THROTTLE_CLOSE_CODE`` (1008, policy violation) and ``reason`` (under the 123 bytes a
    close reason may have). A refused message does not use up a token.
    """

    def __init__(self, rate_per_second: float = 20.0, burst: int = 60) -> None:
        if not rate_per_second > 0:
            raise ValueError(f"rate_per_second must be more than 0: {rate_per_second}")
        if burst < 1:
            raise ValueError(f"burst must be at least 1: {burst}")
        self.rate = float(rate_per_second)
        self.burst = burst
        self.tokens = float(burst)
        self.last: float | None = None

    def allow(self, now: float) -> bool:
        """Take a token for one message received at ``now`` (seconds, a monotonic clock);
        False when none is left. A clock that goes back adds nothing."""
        if self.last is not None and now > self.last:
            self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        if self.last is None or now > self.last:
            self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    @property
    def reason(self) -> str:
        """The close reason for a socket refused by this throttle."""
        return f"too many messages: at most {self.rate:g} a second (bursts of {self.burst})"


# --- logs --------------------------------------------------------------------------------
_SECRETS = (  # a value is blanked once: "[redacted]" does not start like a token
    (
        re.compile(r"(?i)(x-seat-token['\"]?\s*[:=,]\s*['\"]?)[\w-][^\r\n'\"\]\)]*"),
        r"\1[redacted]",
    ),
    (re.compile(r"(?i)(\bseat\d+=)[\w-][^;\s'\"\]\)]*"), r"\1[redacted]"),
    (re.compile(r"(?i)(\"token\"\s*:\s*\")[\w-][^\"]*"), r"\1[redacted]"),
)


class RedactSecrets(logging.Filter):
    """Blanks seat tokens (the ``X-Seat-Token`` header, ``seatN`` cookies) in log records, at
    any log level: uvicorn's debug log prints the WebSocket handshake's headers."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:
            return True
        redacted = message
        for pattern, replacement in _SECRETS:
            redacted = pattern.sub(replacement, redacted)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True


def install_redaction(
    loggers: Iterable[str] = ("", "uvicorn", "uvicorn.error", "uvicorn.access"),
) -> None:
    """Add ``RedactSecrets`` to every handler of ``loggers`` (and to the loggers themselves)."""
    secret_filter = RedactSecrets()
    for name in loggers:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(secret_filter)
        for handler in logger.handlers:
            if not any(isinstance(f, RedactSecrets) for f in handler.filters):
                handler.addFilter(secret_filter)


def client_key(scope: Any) -> str:
    """Who a request is from, for limits: its peer address (as uvicorn's proxy headers
    support sets it for trusted proxies)."""
    client = scope.get("client") if isinstance(scope, dict) else None
    if client:
        return str(client[0])
    return "unknown"
