"""Run ``farmstead serve`` as a subprocess for tests and benchmarks; database fixtures."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

POSTGRES_ENV = "FARMSTEAD_TEST_POSTGRES_URL"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve_command() -> list[str]:
    """The ``farmstead`` console script of this environment (``python -m farmstead`` else)."""
    script = Path(sys.executable).parent / "farmstead"
    if script.exists():
        return [str(script)]
    found = shutil.which("farmstead")
    return [found] if found else [sys.executable, "-m", "farmstead"]


class FarmsteadProcess:
    """A ``farmstead`` command running as a subprocess (``process``)."""

    process: subprocess.Popen[bytes]

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs (a bot worker's lease is left to expire)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class Server(FarmsteadProcess):
    """A ``farmstead serve`` process on a free port."""

    def __init__(self, db_url: str, *extra: str, log: Path | None = None) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            [*serve_command(), "serve", "--port", str(self.port), "--db", db_url, *extra],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.log.read_text()[-2000:] if self.log else ""
                raise RuntimeError(f"farmstead serve exited with {self.process.returncode}\n{tail}")
            try:
                if httpx.get(self.base + "/api/health", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise TimeoutError("farmstead serve did not start")


@contextmanager
def running(db_url: str, *extra: str, log: Path | None = None) -> Iterator[Server]:
    server = Server(db_url, *extra, log=log)
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


@contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """A fresh schema in the PostgreSQL database ``url``; yields a URL that uses it."""
    from sqlalchemy import create_engine, text

    from farmstead.web.storage import normalise_url

    base = normalise_url(url)
    schema = f"fs_test_{secrets.token_hex(4)}"
    engine = create_engine(base, connect_args={"connect_timeout": 5})
    try:
        with engine.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception:
        engine.dispose()
        raise
    joiner = "&" if "?" in base else "?"
    try:
        yield f"{base}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


REDIS_ENV = "FARMSTEAD_TEST_REDIS_URL"


class BotWorker(FarmsteadProcess):
    """A ``farmstead bot-worker`` process."""

    def __init__(self, db_url: str, redis_url: str, *extra: str, log: Path | None = None) -> None:
        self.log = log
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            [*serve_command(), "bot-worker", "--db", db_url, "--redis", redis_url, *extra],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Until the worker logs that it is ready (its log file is required)."""
        assert self.log is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.log.read_text()[-2000:]
                raise RuntimeError(f"bot-worker exited with {self.process.returncode}\n{tail}")
            if self.log.exists() and "bot worker ready" in self.log.read_text():
                return
            time.sleep(0.1)
        raise TimeoutError("farmstead bot-worker did not start")
