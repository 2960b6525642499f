"""Connections are bounded against a real ``farmstead serve``: clients that never finish a
request are closed after ``--header-timeout`` (300 such sockets were held forever, and 240
exhausted a 256-file limit), connections beyond ``--max-connections`` get a 503 instead of
hanging, ``X-Forwarded-*`` headers count only from the proxies the operator names, and the
per-socket message throttle is a token bucket."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import selectors
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from typer.testing import CliRunner
from web_servers import free_port, running
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from farmstead.web.guard import THROTTLE_CLOSE_CODE, MessageThrottle
from farmstead.web.serving import (
    ConnectionLimits,
    HeaderTimeoutH11Protocol,
    HeaderTimeoutHttpToolsProtocol,
    default_max_connections,
    http_protocol,
    parse_trusted_proxies,
    uvicorn_config,
)

TWO_HUMANS = {"game": "rancho", "seats": [{"kind": "human"}, {"kind": "human"}]}
DRIP = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 1000  # byte by byte


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'fs.db'}"


def open_fds(pid: int) -> int | None:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


class Responses:
    """Whole HTTP responses (headers and a Content-Length body), one by one, from ``sock``."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = b""

    def _more(self) -> None:
        chunk = self.sock.recv(65536)
        assert chunk, f"closed before a whole response: {self.buffer!r}"
        self.buffer += chunk

    def next(self) -> bytes:
        while b"\r\n\r\n" not in self.buffer:
            self._more()
        head, _, _ = self.buffer.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":", 1)[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        end = len(head) + 4 + length
        while len(self.buffer) < end:
            self._more()
        response, self.buffer = self.buffer[:end], self.buffer[end:]
        return response


def read_response(sock: socket.socket) -> bytes:
    """The one response ``sock`` is to get."""
    return Responses(sock).next()


# --- slow and silent clients -------------------------------------------------------------
def test_clients_that_never_finish_a_request_are_closed_and_health_stays_fast(
    tmp_path: Path,
) -> None:
    """200 sockets that send nothing, half a request line, half the headers, a byte now and
    then, or a second request's first byte after a response, are all closed by the server
    about ``--header-timeout`` after they connected; meanwhile the health route answers
    quickly, the server's open files go back to where they were, and a WebSocket (whose
    request was complete) outlives the timeout."""
    timeout = 1.0
    with (
        running(db(tmp_path), "--header-timeout", str(timeout)) as server,
        contextlib.ExitStack() as stack,
    ):
        http = stack.enter_context(httpx.Client(base_url=server.base, timeout=10))
        created = http.post("/api/matches", json=TWO_HUMANS)
        assert created.status_code == 201, created.text
        ws_url = f"ws://127.0.0.1:{server.port}/api/matches/{created.json()['id']}/ws"
        token = created.json()["seats"][0]["token"]
        ws = stack.enter_context(connect(ws_url, additional_headers={"X-Seat-Token": token}))
        assert isinstance(json.loads(ws.recv(timeout=10)), dict)  # the match's view
        http.get("/api/health")
        files_before = open_fds(server.process.pid)

        start = time.monotonic()
        hostile: dict[socket.socket, str] = {}

        def open_socket(kind: str, first: bytes = b"") -> socket.socket:
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            if first:
                sock.sendall(first)
            hostile[sock] = kind
            return sock

        for _ in range(100):
            open_socket("silent")
        for _ in range(50):
            open_socket("half a request line", b"GET /api/hea")
        for _ in range(30):
            open_socket("half the headers", b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        drip = {open_socket("a byte now and then", DRIP[:1]): 1 for _ in range(10)}
        for _ in range(10):  # uvicorn's keep-alive timer stops at the first byte of a request
            sock = open_socket("idle after a response")
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert read_response(sock).startswith(b"HTTP/1.1 200")
            sock.sendall(b"G")
        assert len(hostile) == 200

        selector = selectors.DefaultSelector()
        for sock in hostile:
            sock.setblocking(False)
            selector.register(sock, selectors.EVENT_READ)
        closed_at: dict[socket.socket, float] = {}
        latencies: list[float] = []
        next_drip = time.monotonic()
        deadline = start + timeout + 10.0
        while len(closed_at) < len(hostile) and time.monotonic() < deadline:
            before = time.monotonic()
            assert http.get("/api/health").status_code == 200
            latencies.append(time.monotonic() - before)
            if time.monotonic() >= next_drip:
                next_drip += 0.2
                for sock, sent in drip.items():
                    if sock not in closed_at:
                        try:
                            sock.send(DRIP[sent : sent + 1])
                            drip[sock] = sent + 1
                        except OSError:
                            pass  # closed: seen by the selector
            for key, _ in selector.select(timeout=0.05):
                sock = key.fileobj  # type: ignore[assignment]
                try:
                    data = sock.recv(4096)
                except (ConnectionResetError, BrokenPipeError):
                    data = b""
                except BlockingIOError:
                    continue
                assert data == b"", f"{hostile[sock]}: the server answered {data[:80]!r}"
                closed_at[sock] = time.monotonic() - start
                selector.unregister(sock)
        open_kinds = sorted({hostile[s] for s in hostile if s not in closed_at})
        for sock in hostile:
            sock.close()
        assert open_kinds == [], f"still open after {deadline - start:.0f} s: {open_kinds}"
        first, last = min(closed_at.values()), max(closed_at.values())
        print(
            f"\n200 idle sockets closed {first:.2f}-{last:.2f} s after the first connected; "
            f"health: median {statistics.median(latencies) * 1000:.1f} ms, "
            f"max {max(latencies) * 1000:.1f} ms over {len(latencies)} requests"
        )
        assert first >= timeout * 0.9  # the clock starts when a connection opens, not before
        assert last <= timeout + 5.0
        assert len(latencies) >= 3
        assert statistics.median(latencies) < 0.1, latencies
        assert max(latencies) < 1.0, latencies

        if files_before is not None:  # the server let go of every socket
            deadline = time.monotonic() + 5
            while open_fds(server.process.pid) != files_before and time.monotonic() < deadline:
                time.sleep(0.05)
            assert open_fds(server.process.pid) == files_before

        ws.send(json.dumps({"type": "ping"}))  # the upgraded connection was not timed out
        while (message := json.loads(ws.recv(timeout=10)))["type"] != "pong":
            assert message["type"] != "error", message


# --- both of uvicorn's HTTP protocols, in process --------------------------------------
async def slow_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """``/slow`` answers after 0.7 s, anything else at once."""
    assert scope["type"] == "http"
    if scope["path"] == "/slow":
        await asyncio.sleep(0.7)
    body = scope["path"].encode()
    headers = [(b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@contextlib.contextmanager
def serving_in_a_thread(protocol: type[Any]) -> Iterator[int]:
    port = free_port()
    config = uvicorn.Config(
        slow_app, port=port, http=protocol, lifespan="off", log_level="warning", access_log=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(100) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


PROTOCOLS = [pytest.param(HeaderTimeoutH11Protocol, id="h11")]
if HeaderTimeoutHttpToolsProtocol is not None:
    PROTOCOLS.append(pytest.param(HeaderTimeoutHttpToolsProtocol, id="httptools"))


@pytest.mark.parametrize("base", PROTOCOLS)
def test_both_protocols_time_out_request_heads_but_never_a_request_in_progress(
    base: type[Any],
) -> None:
    """Half a head is closed after the timeout, as is a keep-alive connection that started
    a second request; a request slower than the timeout, pipelined ones included, and a
    connection in steady use are not cut."""
    protocol = type("Quick", (base,), {"header_timeout": 0.5})
    get = b"GET /%s HTTP/1.1\r\nHost: x\r\n\r\n"
    with serving_in_a_thread(protocol) as port:
        address = ("127.0.0.1", port)
        silent = socket.create_connection(address)
        half = socket.create_connection(address)
        half.sendall(b"GET /slow HTTP/1.1\r\nHost")
        with socket.create_connection(address, timeout=5) as sock:
            responses = Responses(sock)
            sock.sendall(get % b"slow")  # slower than the timeout: answered all the same
            assert responses.next().endswith(b"/slow")
            sock.sendall((get % b"fast") + (get % b"slow"))  # pipelined
            assert responses.next().endswith(b"/fast")
            assert responses.next().endswith(b"/slow")
            for _ in range(6):  # in use for 0.9 s, about twice the timeout
                time.sleep(0.15)
                sock.sendall(get % b"again")
                assert responses.next().endswith(b"/again")
            sock.sendall(b"GET /ne")  # then half a request: closed
            assert closed_within(sock, 5)
        assert closed_within(silent, 0.1) and closed_within(half, 0.1)  # long since
        silent.close()
        half.close()


# --- the connection cap ------------------------------------------------------------------
def raw_get(port: int, keep_alive: bool = False) -> tuple[bytes, bytes]:
    """A fresh connection's answer to one GET of the health route, and, for a keep-alive
    request, what follows it (b'' when the server closes the connection)."""
    connection = "keep-alive" if keep_alive else "close"
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            f"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: {connection}\r\n\r\n".encode()
        )
        answer = read_response(sock)
        try:
            after = sock.recv(100) if keep_alive else b""
        except TimeoutError:
            after = b"(still open)"
        return answer, after


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def eventually_status(port: int, status: int, seconds: float = 5.0) -> int:
    """The status of a fresh GET, retried until it is ``status`` (connections the client
    closed just now may still count for an instant)."""
    deadline = time.monotonic() + seconds
    while True:
        got = status_of(raw_get(port)[0])
        if got == status or time.monotonic() > deadline:
            return got
        time.sleep(0.05)


def test_connections_beyond_the_cap_get_503_instead_of_hanging(tmp_path: Path) -> None:
    with running(db(tmp_path), "--max-connections", "3") as server:
        held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(2)]
        try:
            # two silent sockets and this request: three, the cap, still served
            assert eventually_status(server.port, 200) == 200
            with connect(f"ws://127.0.0.1:{server.port}/api/matches/none/ws", open_timeout=5):
                pass  # a socket at the cap is handed to the app
            held.append(socket.create_connection(("127.0.0.1", server.port)))
            time.sleep(0.2)  # the server accepts the third
            answer, after = raw_get(server.port, keep_alive=True)
            assert status_of(answer) == 503, answer
            assert answer.endswith(b"Service Unavailable")
            assert after == b""  # and closed: the client need not wait
            with (
                pytest.raises(InvalidStatus) as refused,
                connect(f"ws://127.0.0.1:{server.port}/api/matches/none/ws", open_timeout=5),
            ):
                pass
            assert refused.value.response.status_code == 503
        finally:
            for sock in held:
                sock.close()
        assert eventually_status(server.port, 200) == 200


# --- proxy headers -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "env", "trusted"),
    [
        ((), {"FORWARDED_ALLOW_IPS": "*"}, False),  # uvicorn's own variable does not count
        (("--forwarded-allow-ips", "127.0.0.1"), {}, True),
        ((), {"FARMSTEAD_FORWARDED_ALLOW_IPS": "10.0.0.0/8, 127.0.0.1"}, True),
    ],
    ids=["default", "option", "environment"],
)
def test_forwarded_headers_count_only_from_named_proxies(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    env: dict[str, str],
    trusted: bool,
) -> None:
    """The match-creation limit counts per client address: with untrusted proxy headers a
    client cannot dodge it by naming other addresses in X-Forwarded-For (nor get Secure
    cookies with X-Forwarded-Proto); behind a named proxy each forwarded client counts alone."""
    monkeypatch.delenv("FARMSTEAD_FORWARDED_ALLOW_IPS", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with running(db(tmp_path), "--match-rate", "2/minute", *args) as server:
        http = httpx.Client(base_url=server.base, timeout=10)

        def create(forwarded_for: str, proto: str = "http") -> httpx.Response:
            headers = {"X-Forwarded-For": forwarded_for, "X-Forwarded-Proto": proto}
            return http.post("/api/matches", json=TWO_HUMANS, headers=headers)

        answers = [create(f"203.0.113.{i}", "https") for i in range(1, 5)]
        statuses = [answer.status_code for answer in answers]
        if trusted:
            assert statuses == [201, 201, 201, 201]  # four clients behind the proxy
            assert [create("198.51.100.7").status_code for _ in range(3)] == [201, 201, 429]
        else:
            assert statuses == [201, 201, 429, 429]  # one client, whatever it claims
        secure = ["Secure" in c for c in answers[0].headers.get_list("set-cookie")]
        assert secure and all(s == trusted for s in secure)


# --- configuration -----------------------------------------------------------------------
def test_the_uvicorn_config_bounds_connections_and_trusts_no_proxy_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    from farmstead.web.app import WS_MAX_MESSAGE

    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")
    config = uvicorn_config(
        object(), host="127.0.0.1", port=1, log_level="warning", forwarded_allow_ips=None
    )
    assert config.proxy_headers is False
    assert config.forwarded_allow_ips == []
    assert isinstance(config.http, type) and issubclass(config.http, AutoHTTPProtocol)
    assert config.http.header_timeout == 10.0  # type: ignore[attr-defined]
    assert config.timeout_keep_alive == 5
    assert config.limit_concurrency == 1001  # uvicorn counts the refused connection too
    assert (config.ws_ping_interval, config.ws_ping_timeout) == (20.0, 20.0)
    assert config.ws_max_size == WS_MAX_MESSAGE * 4

    limits = ConnectionLimits(header_timeout=2.5, keep_alive=3, max_connections=None)
    config = uvicorn_config(
        object(),
        host="::",
        port=2,
        log_level="info",
        forwarded_allow_ips="10.1.2.3, 192.168.0.0/16",
        limits=limits,
    )
    assert config.proxy_headers is True
    assert config.forwarded_allow_ips == ["10.1.2.3", "192.168.0.0/16"]
    assert config.http.header_timeout == 2.5  # type: ignore[union-attr]
    assert (config.timeout_keep_alive, config.limit_concurrency) == (3, None)
    assert http_protocol(1.0) is not http_protocol(1.0)  # each server its own class


def test_limits_and_proxies_are_validated() -> None:
    for bad in (
        {"header_timeout": 0},
        {"header_timeout": float("nan")},
        {"keep_alive": 0},
        {"max_connections": 0},
        {"ws_ping_interval": -1.0},
        {"ws_ping_timeout": 0.0},
    ):
        with pytest.raises(ValueError):
            ConnectionLimits(**bad)
    assert parse_trusted_proxies(" ") == []
    assert parse_trusted_proxies("*") == ["*"]
    assert parse_trusted_proxies(["::1", "fd00::/8"]) == ["::1", "fd00::/8"]
    for bad_text in ("localhost", "10.0.0.0/33", "127.0.0.1,*", "1.2.3"):
        with pytest.raises(ValueError):
            parse_trusted_proxies(bad_text)
    assert default_max_connections(None) == 1000
    assert default_max_connections(256) == 192
    assert default_max_connections(20) == 8


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--header-timeout", "0"),
        ("--header-timeout", "nan"),
        ("--keep-alive", "0"),
        ("--max-connections", "-1"),
        ("--ws-ping-interval", "-1"),
        ("--ws-ping-timeout", "0"),
        ("--forwarded-allow-ips", "proxy.example.org"),
    ],
)
def test_serve_refuses_bad_connection_options(tmp_path: Path, option: str, value: str) -> None:
    from farmstead.cli.main import app as cli

    result = CliRunner().invoke(cli, ["serve", "--db", db(tmp_path), option, value])
    assert result.exit_code == 2, result.output
    assert option in result.output


# --- the WebSocket message throttle ------------------------------------------------------
def test_the_throttle_allows_a_burst_then_the_rate() -> None:
    throttle = MessageThrottle(rate_per_second=8, burst=5)  # times in exact binary fractions
    assert [throttle.allow(100.0) for _ in range(6)] == [True] * 5 + [False]
    assert throttle.allow(100.0625) is False  # half a token
    assert throttle.allow(100.125) is True  # one token after an eighth of a second
    assert throttle.allow(100.125) is False
    # a steady 8 a second is allowed indefinitely, 9 a second is not
    steady = MessageThrottle(rate_per_second=8, burst=5)
    assert all(steady.allow(200.0 + i / 8) for i in range(1000))
    flood = MessageThrottle(rate_per_second=8, burst=5)
    allowed = sum(flood.allow(300.0 + i / 9) for i in range(900))
    assert 800 <= allowed <= 805  # 100 s at the rate plus the burst


def test_the_throttle_refills_only_up_to_the_burst_and_ignores_a_clock_going_back() -> None:
    throttle = MessageThrottle(rate_per_second=20, burst=60)
    assert all(throttle.allow(0.0) for _ in range(60))
    assert not throttle.allow(0.0)
    assert sum(throttle.allow(3600.0) for _ in range(100)) == 60  # an hour idle: one burst
    assert not throttle.allow(10.0)  # back in time: no tokens from it
    assert not throttle.allow(3600.0)
    assert throttle.allow(3600.05)
    assert THROTTLE_CLOSE_CODE == 1008
    assert "20" in throttle.reason and len(throttle.reason.encode()) <= 123
    for bad in ({"rate_per_second": 0}, {"rate_per_second": -1}, {"burst": 0}):
        with pytest.raises(ValueError):
            MessageThrottle(**bad)
