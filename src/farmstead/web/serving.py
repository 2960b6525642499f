"""How ``farmstead serve`` runs the app on uvicorn, with every connection bounded.

A server that faces the public must not let a client hold its sockets (and file descriptors)
for free. ``ConnectionLimits`` gathers the bounds, ``uvicorn_config`` turns them (and the
trusted proxies) into a ``uvicorn.Config``:

* **Request head timeout.** uvicorn has none of its own: its keep-alive timer runs only
  between requests and any byte received stops it, so a client that connects and sends
  nothing, or half a request line, or one header byte a second ("slow-loris"), held its
  socket forever. The HTTP protocol classes here (``HeaderTimeoutH11Protocol``,
  ``HeaderTimeoutHttpToolsProtocol``: uvicorn's two, with a timer added) give a connection
  ``header_timeout`` seconds, from its opening or from the end of its previous response, to
  send a complete request line and headers; data received meanwhile does not restart the
  clock. When the time is up the connection is closed. The timer stops once a request's
  headers are in (the app then has its time; the body is bounded by ``Guard``'s size limit)
  and when the connection becomes a WebSocket.
* **Keep-alive**: an idle connection between requests is closed after ``keep_alive`` seconds
  (uvicorn's ``timeout_keep_alive``; the head timeout applies too, the shorter one wins).
* **Connections**: at most ``max_connections`` at once (HTTP and WebSocket together) are
  served; a request on any further one is answered 503 and the connection closed, and a
  WebSocket handshake beyond the cap too (uvicorn's ``limit_concurrency`` lets handshakes
  through; this module refuses them).
* **WebSocket keep-alive pings**: a ping every ``ws_ping_interval`` seconds; a peer that does
  not answer within ``ws_ping_timeout`` is dropped.
* **Proxy headers**: ``X-Forwarded-For``/``-Proto`` are honoured only from the proxies named
  (``--forwarded-allow-ips`` / ``$FARMSTEAD_FORWARDED_ALLOW_IPS``); by default from none, so a
  client cannot pick the address that the per-client limits count it under. uvicorn's own
  ``$FORWARDED_ALLOW_IPS`` default (127.0.0.1) never applies.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from farmstead.web.app import WS_MAX_MESSAGE

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools not installed: uvicorn uses h11
    HttpToolsProtocol = None  # type: ignore[assignment,misc]

log = logging.getLogger(__name__)

DEFAULT_MAX_CONNECTIONS = 1000
FD_RESERVE = 64  # file descriptors kept for the database, bot workers, logs, static files


@dataclass(frozen=True)
class ConnectionLimits:
    """Bounds on what one connection may hold (see the module).

    ``header_timeout``: seconds a connection has, after opening or after its previous
    response, to send a complete request line and headers; then it is closed.
    ``keep_alive``: seconds an idle connection is kept between requests (whole seconds, as
    uvicorn takes them). ``max_connections``: open connections served at once; a request (or
    WebSocket handshake) on one more is answered 503; None: no cap.
    ``ws_ping_interval``/``ws_ping_timeout``: seconds between WebSocket pings and for the
    answer before the peer is dropped; None turns pings off.
    """

    header_timeout: float = 10.0
    keep_alive: int = 5
    max_connections: int | None = DEFAULT_MAX_CONNECTIONS
    ws_ping_interval: float | None = 20.0
    ws_ping_timeout: float | None = 20.0

    def __post_init__(self) -> None:
        if not self.header_timeout > 0:
            raise ValueError(f"header_timeout must be more than 0 seconds: {self.header_timeout}")
        if self.keep_alive < 1:
            raise ValueError(f"keep_alive must be at least 1 second: {self.keep_alive}")
        if self.max_connections is not None and self.max_connections < 1:
            raise ValueError(f"max_connections must be at least 1: {self.max_connections}")
        for name in ("ws_ping_interval", "ws_ping_timeout"):
            value = getattr(self, name)
            if value is not None and not value > 0:
                raise ValueError(f"{name} must be more than 0 seconds (or None): {value}")


def open_file_limit() -> int | None:
    """The soft limit on this process's open files; None where unknown or unlimited."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY or soft <= 0 else int(soft)


def default_max_connections(file_limit: int | None = None) -> int:
    """``DEFAULT_MAX_CONNECTIONS``, or fewer when the open-file limit would run out first
    (then a client beyond it gets a 503 instead of a refused ``accept``)."""
    if file_limit is None:
        return DEFAULT_MAX_CONNECTIONS
    return max(8, min(DEFAULT_MAX_CONNECTIONS, file_limit - FD_RESERVE))


def parse_trusted_proxies(text: str | Iterable[str] | None) -> list[str]:
    """The proxies named in ``text`` (comma-separated IP addresses or networks, or ``*`` for
    any peer); an empty list for nobody. ``ValueError`` for anything else."""
    items = text.split(",") if isinstance(text, str) else list(text or ())
    found: list[str] = []
    for raw in items:
        item = raw.strip()
        if not item:
            continue
        if item != "*":
            try:
                if "/" in item:
                    ipaddress.ip_network(item, strict=False)
                else:
                    ipaddress.ip_address(item)
            except ValueError:
                raise ValueError(
                    f"not an IP address, a network like 10.0.0.0/8, or '*': {item!r}"
                ) from None
        found.append(item)
    if "*" in found and len(found) > 1:
        raise ValueError("'*' (every peer) cannot be combined with addresses")
    return found


# --- the request-head timeout ------------------------------------------------------------
class HeadDeadline:
    """One connection's clock for its request head: ``start`` (re)arms it, ``stop`` disarms
    it; when it runs out the transport is closed (aborted when a response is still stuck in
    its write buffer: the peer does not read)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, seconds: float) -> None:
        self.loop = loop
        self.seconds = seconds
        self.transport: asyncio.BaseTransport | None = None
        self.timer: asyncio.TimerHandle | None = None

    def start(self, transport: asyncio.BaseTransport) -> None:
        self.stop()
        self.transport = transport
        if not transport.is_closing():
            self.timer = self.loop.call_later(self.seconds, self._expired)

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _expired(self) -> None:
        self.timer = None
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        log.debug("closing a connection: no complete request head in %ss", self.seconds)
        if isinstance(transport, asyncio.WriteTransport) and transport.get_write_buffer_size():
            transport.abort()
        else:
            transport.close()


_OVER_CAPACITY = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: 19\r\nconnection: close\r\n\r\nService Unavailable"
)


def _refuse_upgrade(protocol: Any) -> bool:
    """Answer a WebSocket handshake 503 when the server is at its connection cap (uvicorn
    checks the cap for HTTP requests only); True when refused. The connection itself is
    still in ``connections`` here, as for uvicorn's HTTP check."""
    limit = protocol.limit_concurrency
    if limit is None or len(protocol.connections) < limit:
        return False
    protocol.logger.warning("Exceeded concurrency limit: refused a WebSocket.")
    protocol.transport.write(_OVER_CAPACITY)
    protocol.transport.close()
    return True


class HeaderTimeoutH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the request-head timeout (see the module)."""

    header_timeout: ClassVar[float] = ConnectionLimits.header_timeout
    _deadline: HeadDeadline

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline = HeadDeadline(self.loop, self.header_timeout)
        self._deadline.start(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self._deadline.stop()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        scope = self.scope
        super().handle_events()
        if self.scope is not scope:  # h11 produced a Request: its head is complete
            self._deadline.stop()

    def on_response_complete(self) -> None:
        # Armed before uvicorn's handler, which may parse a pipelined request at once.
        self._deadline.start(self.transport)
        super().on_response_complete()
        if self.transport.is_closing() or (self.cycle and not self.cycle.response_complete):
            self._deadline.stop()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._deadline.stop()
        if not _refuse_upgrade(self):
            super().handle_websocket_upgrade(event)


HeaderTimeoutHttpToolsProtocol: type[asyncio.Protocol] | None = None  # without httptools
if HttpToolsProtocol is not None:

    class _HeaderTimeoutHttpTools(HttpToolsProtocol):
        """uvicorn's httptools protocol with the request-head timeout (see the module)."""

        header_timeout: ClassVar[float] = ConnectionLimits.header_timeout
        _deadline: HeadDeadline

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._deadline = HeadDeadline(self.loop, self.header_timeout)
            self._deadline.start(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            self._deadline.stop()
            super().connection_lost(exc)

        def on_headers_complete(self) -> None:
            self._deadline.stop()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            self._deadline.start(self.transport)
            super().on_response_complete()
            # A pipelined request (its head already parsed) started: it is not waited for.
            if self.transport.is_closing() or (self.cycle and not self.cycle.response_complete):
                self._deadline.stop()

        def handle_websocket_upgrade(self) -> None:
            self._deadline.stop()
            if not _refuse_upgrade(self):
                super().handle_websocket_upgrade()

    HeaderTimeoutHttpToolsProtocol = _HeaderTimeoutHttpTools


def http_protocol(header_timeout: float) -> type[asyncio.Protocol]:
    """The HTTP protocol class uvicorn would pick itself (httptools when installed, else
    h11), with a request-head timeout of ``header_timeout`` seconds."""
    base = HeaderTimeoutHttpToolsProtocol or HeaderTimeoutH11Protocol
    return type(base.__name__, (base,), {"header_timeout": float(header_timeout)})


def uvicorn_config(
    app: Any,
    *,
    host: str,
    port: int,
    log_level: str,
    forwarded_allow_ips: str | Iterable[str] | None,
    limits: ConnectionLimits | None = None,
) -> uvicorn.Config:
    """The uvicorn configuration of ``farmstead serve``: ``app`` on ``host:port`` within
    ``limits``, trusting proxy headers from ``forwarded_allow_ips`` only (see
    ``parse_trusted_proxies``; None or empty: from nobody)."""
    limits = limits or ConnectionLimits()
    trusted = parse_trusted_proxies(forwarded_allow_ips)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=http_protocol(limits.header_timeout),
        ws_max_size=WS_MAX_MESSAGE * 4,  # UTF-8: up to 4 bytes a character
        ws_ping_interval=limits.ws_ping_interval,
        ws_ping_timeout=limits.ws_ping_timeout,
        timeout_keep_alive=limits.keep_alive,
        # uvicorn refuses when the open connections *including the new one* reach its limit.
        limit_concurrency=None if limits.max_connections is None else limits.max_connections + 1,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted,  # explicit: uvicorn's $FORWARDED_ALLOW_IPS never applies
    )
