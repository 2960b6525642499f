"""Server-side bots: a pool of worker processes that choose moves under a time limit.

The server sends a worker a ``BotJob`` — the game class and params, the full position as
``to_json()``, the agent class and params, and a seed for the agent's ``Rng`` — and gets back an
action id. The event loop never runs an agent itself, so a slow bot blocks no other match.

A worker that exceeds the per-move time limit is killed and replaced, and ``choose`` raises
``BotTimeout``; the caller then plays a fallback move. Workers exit by themselves when the
server dies (their pipe closes), so a SIGKILLed server leaves no orphans behind for long.

``mode="thread"`` runs agents on threads in the server process instead (used by tests and by
``--bot-workers 0``); a thread cannot be killed, so there the time limit only stops waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from farmstead.agents.base import AgentSpec
from farmstead.agents.registry import agent_class, agent_names
from farmstead.core.game import JSON, Game
from farmstead.core.rng import Rng

log = logging.getLogger(__name__)


class BotError(Exception):
    """The agent failed (raised, or answered something that is not an action id)."""


class BotTimeout(BotError):
    """The agent did not answer within the per-move time limit."""


def class_ref(cls: type) -> str:
    """``module:QualName`` of a class, importable in a worker process."""
    return f"{cls.__module__}:{cls.__qualname__}"


def resolve_ref(ref: str) -> Any:
    """The object named by ``module:QualName``."""
    module_name, _, qualname = ref.partition(":")
    obj: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class BotJob:
    """Everything a worker needs to choose one move; plain data, cheap to send."""

    game_ref: str
    players: int
    params: dict[str, Any]
    position: JSON
    agent_ref: str
    agent_params: dict[str, str]
    seed: int

    @classmethod
    def make(cls, game: Game, position: JSON, spec: str, seed: int) -> BotJob:
        parsed = AgentSpec.parse(spec)
        return cls(
            game_ref=class_ref(type(game)),
            players=game.num_players,
            params=dict(game.non_default_params),
            position=position,
            agent_ref=class_ref(agent_class(parsed.name)),
            agent_params=dict(parsed.params),
            seed=seed,
        )


def run_job(job: BotJob) -> int:
    """Choose the move of ``job`` (runs in a worker)."""
    game = resolve_ref(job.game_ref)(job.players, **job.params)
    state = game.state_from_json(job.position)
    agent = resolve_ref(job.agent_ref)(Rng(job.seed), **job.agent_params)
    action = agent.step(state)
    if isinstance(action, bool) or not isinstance(action, int):
        raise BotError(f"agent answered {action!r}, not an action id")
    return int(action)


def _worker_main(conn: Connection) -> None:
    """A worker's loop: answer jobs until the pipe closes."""
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            conn.send(("ok", run_job(job)))
        except Exception as exc:  # the agent's failure is reported, the worker lives on
            with contextlib.suppress(OSError):
                conn.send(("error", f"{type(exc).__name__}: {exc}"))


class _ProcessWorker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe(duplex=True)
        self.process = ctx.Process(target=_worker_main, args=(child,), daemon=True)
        self.process.start()
        child.close()

    def call(self, job: BotJob, timeout: float) -> int:
        try:
            self.conn.send(job)
        except (OSError, ValueError) as exc:
            raise BotError(f"could not reach the bot worker: {exc}") from None
        if not self.conn.poll(timeout):
            raise BotTimeout(f"no move within the {timeout:g} s limit")
        try:
            status, value = self.conn.recv()
        except (EOFError, OSError):
            raise BotError("the bot worker died") from None
        if status != "ok":
            raise BotError(str(value))
        return int(value)

    def alive(self) -> bool:
        return bool(self.process.is_alive())

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)


class BotPool:
    """Runs ``BotJob`` s on ``workers`` processes (or threads), one job per worker at a time."""

    def __init__(self, workers: int = 2, time_limit: float = 10.0, mode: str = "process") -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"bot pool mode must be 'process' or 'thread', got {mode!r}")
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        if time_limit <= 0:
            raise ValueError("the per-move time limit must be positive")
        self.workers = workers
        self.time_limit = time_limit
        self.mode = mode
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot")
        self._ctx = multiprocessing.get_context("spawn")
        self._idle: asyncio.Queue[_ProcessWorker | None] | None = None
        self._all: list[_ProcessWorker] = []
        self._lock = threading.Lock()
        self.timeouts = 0
        self.errors = 0

    async def start(self) -> None:
        """Start the workers (in the background: the server does not wait for them)."""
        self._idle = asyncio.Queue()
        if self.mode == "thread":
            for _ in range(self.workers):
                self._idle.put_nowait(None)
            return
        loop = asyncio.get_running_loop()
        for _ in range(self.workers):
            worker = await loop.run_in_executor(self._executor, _ProcessWorker, self._ctx)
            with self._lock:
                self._all.append(worker)
            self._idle.put_nowait(worker)

    async def choose(self, job: BotJob) -> int:
        """The agent's action for ``job``; ``BotTimeout`` or ``BotError`` when it fails."""
        if self._idle is None:
            raise BotError("the bot pool is not running")
        worker = await self._idle.get()
        loop = asyncio.get_running_loop()
        try:
            if worker is None:
                future = loop.run_in_executor(self._executor, run_job, job)
                try:
                    return await asyncio.wait_for(future, self.time_limit)
                except TimeoutError:
                    raise BotTimeout(f"no move within the {self.time_limit:g} s limit") from None
                except BotError:
                    raise
                except Exception as exc:
                    raise BotError(f"{type(exc).__name__}: {exc}") from None
            try:
                return await loop.run_in_executor(self._executor, worker.call, job, self.time_limit)
            except BotError as exc:
                # A timed-out or dead worker is replaced by a fresh one.
                if isinstance(exc, BotTimeout) or not worker.alive():
                    worker = await loop.run_in_executor(self._executor, self._replace, worker)
                raise
        finally:
            self._idle.put_nowait(worker)

    def _replace(self, worker: _ProcessWorker) -> _ProcessWorker:
        worker.kill()
        fresh = _ProcessWorker(self._ctx)
        with self._lock:
            self._all = [w for w in self._all if w is not worker] + [fresh]
        return fresh

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            workers, self._all = self._all, []
        for worker in workers:
            worker.kill()
        self._executor.shutdown(wait=False, cancel_futures=True)


@dataclass(frozen=True)
class BotChoice:
    """A bot offered in the lobby: an agent spec with a label."""

    spec: str
    label: str


# Known agents and the strengths the lobby offers; agents not listed appear with defaults.
_PRESETS: dict[str, list[tuple[str, str]]] = {
    "random": [("random", "Random (easiest)")],
    "heuristic": [("heuristic", "Heuristic (medium)")],
    "mcts": [
        ("mcts:iterations=200", "MCTS 200 (hard)"),
        ("mcts:iterations=800", "MCTS 800 (hardest, slow)"),
    ],
}


def bot_choices() -> list[BotChoice]:
    """The bots the server offers: presets of every registered agent, weakest first."""
    choices: list[BotChoice] = []
    for name in agent_names():
        for spec, label in _PRESETS.get(name, [(name, name)]):
            choices.append(BotChoice(spec, label))
    order = {n: i for i, n in enumerate(_PRESETS)}
    choices.sort(key=lambda c: order.get(AgentSpec.parse(c.spec).name, len(order)))
    return choices
