"""Server-side bots: difficulty levels, and a pool of worker processes that choose moves.

Clients never give agent specs: they pick one of the server's ``BotLevel`` s ("easy", "medium",
"hard", "expert" by default), and each level maps to an agent spec per game (a game without
heuristics gets a search that needs none) with a per-move budget in iterations and seconds.

The server sends a worker a ``BotJob`` — the game class and params, the full position as
``to_json()``, the agent class and params, a seed for the agent's ``Rng`` and the level's time
limit — and gets back an action id. The event loop never runs an agent itself, so a slow bot
blocks no other match.

Jobs wait for a free worker in a fair queue: the waiting job whose owner (its match) has used
the least worker time goes first, so a match of expensive bots cannot starve a match of cheap
ones. A worker that exceeds the job's time limit is killed and replaced, and ``choose`` raises
``BotTimeout``; the caller then plays a fallback move. Workers exit by themselves when the
server dies, even in the middle of a search: each watches a pipe that only the server holds
open, so a SIGKILLed server leaves no worker (and so no multiprocessing resource tracker) behind.

``mode="thread"`` runs agents on threads in the server process instead (used by tests and by
``--bot-workers 0``); a thread cannot be killed, so there the time limit only stops waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from farmstead.agents.base import AgentSpec
from farmstead.agents.registry import agent_class
from farmstead.core.game import JSON, Game
from farmstead.core.rng import Rng

log = logging.getLogger(__name__)


class BotError(Exception):
    """The agent failed (raised, or answered something that is not an action id)."""


class BotTimeout(BotError):
    """The agent did not answer within the per-move time limit."""


class BotBusy(BotError):
    """No worker became free within the time the caller was willing to wait."""


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
    time_limit: float | None = None  # seconds; the pool's own limit applies as well
    line: int = 1  # decisions to choose: the move, then the same seat's next ones
    line_seconds: float = 0.0  # the soft budget of the whole line (0: no follow-ups)
    whole: bool = False  # a bot's turn: the whole line, every decision within line_seconds

    @classmethod
    def make(
        cls,
        game: Game,
        position: JSON,
        spec: str,
        seed: int,
        time_limit: float | None = None,
        *,
        line: int = 1,
        line_seconds: float = 0.0,
        whole: bool = False,
    ) -> BotJob:
        parsed = AgentSpec.parse(spec)
        return cls(
            game_ref=class_ref(type(game)),
            players=game.num_players,
            params=dict(game.non_default_params),
            position=position,
            agent_ref=class_ref(agent_class(parsed.name)),
            agent_params=dict(parsed.params),
            seed=seed,
            time_limit=time_limit,
            line=line,
            line_seconds=line_seconds,
            whole=whole,
        )


def _checked(action: Any) -> int:
    if isinstance(action, bool) or not isinstance(action, int):
        raise BotError(f"agent answered {action!r}, not an action id")
    return int(action)


def run_job(job: BotJob) -> int:
    """Choose the move of ``job`` (runs in a worker)."""
    return run_line(job)[0]


MIN_DECISION_SECONDS = 0.01
"""The least one capped decision of a bot's turn may think, once the turn's budget is spent."""
DECISION_SHARE = 0.5
"""The share of what is left of a turn's budget that one decision may think."""


def run_line(job: BotJob) -> list[int]:
    """The move of ``job``, then (up to ``job.line`` decisions in all) the decisions the same
    seat takes next before a chance outcome, another seat or the end (runs in a worker).

    One agent takes every decision of the line, so what it remembers of the turn (mcts's
    loop guard) carries over. Two kinds of line:

    * ``job.whole`` (a bot's turn): the line goes on to its end; ``job.line_seconds`` is the
      budget of all its decisions, each capped (``Agent.cap_seconds``) at ``DECISION_SHARE``
      of what is left, at least ``MIN_DECISION_SECONDS``.
    * otherwise (a hint): the first decision thinks with the agent's own budget; follow-ups
      are added while the soft budget ``job.line_seconds`` lasts, each with an equal share of
      the time left when the agent has a ``seconds`` budget.
    """
    started = time.monotonic()
    game = resolve_ref(job.game_ref)(job.players, **job.params)
    state = game.state_from_json(job.position)
    agent_cls = resolve_ref(job.agent_ref)
    agent = agent_cls(Rng(job.seed), **job.agent_params)
    timed = any(spec.name == "seconds" for spec in getattr(agent_cls, "params", ()))
    seat = state.current_player()
    line: list[int] = []
    first = 0.0
    while True:
        left = job.line_seconds - (time.monotonic() - started)
        legal = state.legal_actions()
        if line and len(legal) == 1:
            line.append(legal[0])
        else:
            if job.whole:
                if timed:
                    agent.cap_seconds(max(MIN_DECISION_SECONDS, left * DECISION_SHARE))
            elif line:
                if left <= 0.05 or (not timed and first > left):
                    break
                if timed:
                    agent.cap_seconds(left / (job.line - len(line)))
            line.append(_checked(agent.step(state)))
            if len(line) == 1:
                first = time.monotonic() - started
        if len(line) >= job.line or (not job.whole and job.line_seconds <= 0):
            break
        state.apply_action(line[-1])
        if state.is_terminal() or state.current_player() != seat:
            break
    return line


def _exit_when_closed(lifeline: Connection) -> None:
    """Block until the server's end of ``lifeline`` closes (it never writes), then exit now.

    The server holds the only other end, so this returns when the server exits or dies, even
    while the worker's main thread is deep in a search.
    """
    with contextlib.suppress(BaseException):
        lifeline.recv()
    os._exit(0)


def _warm_up() -> None:
    """Import every registered game now, so that a worker's first move is not slow."""
    from farmstead.core.registry import game_names, registration

    with contextlib.suppress(Exception):
        for name in game_names():
            registration(name)


def _worker_main(conn: Connection, lifeline: Connection | None = None) -> None:
    """A worker's loop: answer jobs until the pipe closes or the server dies."""
    if lifeline is not None:
        threading.Thread(
            target=_exit_when_closed, args=(lifeline,), name="lifeline", daemon=True
        ).start()
    _warm_up()
    with contextlib.suppress(OSError):
        conn.send(("ready", None))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            conn.send(("ok", run_line(job)))
        except Exception as exc:  # the agent's failure is reported, the worker lives on
            with contextlib.suppress(OSError):
                conn.send(("error", f"{type(exc).__name__}: {exc}"))


READY_SECONDS = 120.0
"""How long a new worker may take to import the games before it must say it is ready."""


class _ProcessWorker:
    """One worker process, the server's end of its pipe and of its lifeline.

    The constructor returns once the worker has imported every game and said it is ready, so
    a move's time limit never includes the worker's start-up.
    """

    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe(duplex=True)
        watched, self._lifeline = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_worker_main, args=(child, watched), daemon=True)
        self.process.start()
        child.close()
        watched.close()
        self._wait_ready()

    def _wait_ready(self) -> None:
        try:
            ready = self.conn.poll(READY_SECONDS) and self.conn.recv() == ("ready", None)
        except (EOFError, OSError):
            ready = False
        if not ready:
            self.kill()
            raise BotError(f"a bot worker did not start within {READY_SECONDS:g} s")

    def call(self, job: BotJob, timeout: float) -> list[int]:
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
        return [int(v) for v in value]

    def alive(self) -> bool:
        return bool(self.process.is_alive())

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()
        with contextlib.suppress(Exception):
            self._lifeline.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)


@dataclass(eq=False)
class _Waiter:
    owner: str | None
    seq: int
    future: asyncio.Future[_ProcessWorker | None]


class BotPool:
    """Runs ``BotJob`` s on ``workers`` processes (or threads), one job per worker at a time.

    Waiting jobs are served least-used owner first (an owner is a match), the owner served
    longest ago first among equals: each owner is charged the worker time its jobs take, and a
    new owner starts level with the least-charged owner the pool knows, so arriving late earns
    no credit and costs no waiting behind busier owners.
    """

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
        self._idle: list[_ProcessWorker | None] | None = None
        self._waiting: list[_Waiter] = []
        self._seq = itertools.count()
        self._usage: dict[str | None, float] = {}
        self._served: dict[str | None, float] = {}
        self._all: list[_ProcessWorker] = []
        self._lock = threading.Lock()
        self.timeouts = 0
        self.errors = 0

    async def start(self) -> None:
        """Start the workers."""
        self._idle = []
        if self.mode == "thread":
            for _ in range(self.workers):
                self._release(None)
            return
        loop = asyncio.get_running_loop()
        for _ in range(self.workers):
            worker = await loop.run_in_executor(self._executor, _ProcessWorker, self._ctx)
            with self._lock:
                self._all.append(worker)
            self._release(worker)

    def limit_for(self, job: BotJob) -> float:
        """The seconds ``job`` may take: its own limit, capped by the pool's."""
        if job.time_limit is None or job.time_limit <= 0:
            return self.time_limit
        return min(self.time_limit, job.time_limit)

    async def choose(self, job: BotJob, owner: str | None = None) -> int:
        """The agent's action for ``job``; ``BotTimeout`` or ``BotError`` when it fails.

        ``owner`` (a match id) is charged the worker time the job takes.
        """
        return (await self.choose_line(job, owner))[0]

    async def choose_line(
        self, job: BotJob, owner: str | None = None, wait: float | None = None
    ) -> list[int]:
        """The agent's line for ``job`` (``run_line``: the action first); ``BotTimeout`` or
        ``BotError`` when it fails, ``BotBusy`` when no worker is free within ``wait``
        seconds (None: wait as long as it takes).

        ``owner`` (a match id) is charged the worker time the job takes.
        """
        if self._idle is None:
            raise BotError("the bot pool is not running")
        worker = await self._acquire(owner, wait)
        loop = asyncio.get_running_loop()
        limit = self.limit_for(job)
        started = time.monotonic()
        try:
            if worker is None:
                future = loop.run_in_executor(self._executor, run_line, job)
                try:
                    return await asyncio.wait_for(future, limit)
                except TimeoutError:
                    raise BotTimeout(f"no move within the {limit:g} s limit") from None
                except BotError:
                    raise
                except Exception as exc:
                    raise BotError(f"{type(exc).__name__}: {exc}") from None
            try:
                return await loop.run_in_executor(self._executor, worker.call, job, limit)
            except BotError as exc:
                # A timed-out or dead worker is replaced by a fresh one.
                if isinstance(exc, BotTimeout) or not worker.alive():
                    worker = await loop.run_in_executor(self._executor, self._replace, worker)
                raise
        finally:
            self._charge(owner, time.monotonic() - started)
            self._release(worker)

    def forget(self, owner: str) -> None:
        """Drop what ``owner`` was charged (its match is over)."""
        self._usage.pop(owner, None)
        self._served.pop(owner, None)

    def _charge(self, owner: str | None, seconds: float) -> None:
        self._usage[owner] = self._usage.get(owner, 0.0) + max(0.0, seconds)

    def _priority(self, waiter: _Waiter) -> tuple[float, float, int]:
        owner = waiter.owner
        return (self._usage.get(owner, 0.0), self._served.get(owner, -1.0), waiter.seq)

    async def _acquire(self, owner: str | None, wait: float | None = None) -> _ProcessWorker | None:
        assert self._idle is not None
        if owner not in self._usage:
            self._usage[owner] = min(self._usage.values(), default=0.0)
        if self._idle and not self._waiting:
            self._served[owner] = time.monotonic()
            return self._idle.pop()
        future: asyncio.Future[_ProcessWorker | None] = asyncio.get_running_loop().create_future()
        waiter = _Waiter(owner, next(self._seq), future)
        self._waiting.append(waiter)
        if wait is not None:
            try:
                return await asyncio.wait_for(asyncio.shield(future), wait)
            except TimeoutError:
                # Nothing ran between the timeout and here: the future is settled or not.
                if future.done() and not future.cancelled():
                    return future.result()
                future.cancel()
                if waiter in self._waiting:
                    self._waiting.remove(waiter)
                raise BotBusy(f"every bot is busy; no worker was free within {wait:g} s") from None
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():
                    self._release(future.result())
                else:
                    future.cancel()
                    if waiter in self._waiting:
                        self._waiting.remove(waiter)
                raise
        try:
            return await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._release(future.result())  # handed a worker, then cancelled: give it back
            elif waiter in self._waiting:
                self._waiting.remove(waiter)
            raise

    def _release(self, worker: _ProcessWorker | None) -> None:
        """Return ``worker`` and hand free workers to the least-charged waiting owners."""
        assert self._idle is not None
        self._idle.append(worker)
        while self._idle and self._waiting:
            waiter = min(self._waiting, key=self._priority)
            self._waiting.remove(waiter)
            if waiter.future.done():  # cancelled while waiting
                continue
            self._served[waiter.owner] = time.monotonic()
            waiter.future.set_result(self._idle.pop())

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


# --- difficulty levels -----------------------------------------------------------------
MAX_SPEC = 200  # the agent column's width; a level's spec must fit


class BotChoiceError(ValueError):
    """A client asked for a bot the server does not offer (answered with 422)."""


@dataclass(frozen=True)
class BotLevel:
    """A difficulty level the server offers.

    ``spec`` is the agent for games with heuristics; ``spec_without_heuristics`` the agent for
    games that register none (``None``: the level is not offered for them). Both carry their
    own per-move budget (e.g. ``mcts:iterations=200,seconds=1``); ``move_seconds`` is the hard
    limit, over a line's budget, after which the pool stops the bot and plays a fallback move.
    ``turn_seconds`` is the soft budget of a whole turn as people watch it, the pauses
    between its steps included (``web.botturns``).
    """

    name: str
    label: str
    spec: str
    spec_without_heuristics: str | None = None
    move_seconds: float = 2.0
    default: bool = False
    turn_seconds: float = 2.0

    def spec_for(self, has_heuristics: bool) -> str | None:
        """The agent spec for a game with or without heuristics (``None``: not offered)."""
        return self.spec if has_heuristics else self.spec_without_heuristics


DEFAULT_BOT_LEVELS: tuple[BotLevel, ...] = (
    BotLevel("easy", "Easy — random legal moves", "random", "random", 2.0, turn_seconds=1.2),
    BotLevel(
        "medium",
        "Medium — greedy, the best-looking move",
        "heuristic",
        "mcts:iterations=50,rollout_depth=-1,seconds=0.5",
        2.0,
        default=True,
        turn_seconds=1.5,
    ),
    BotLevel(
        "hard",
        "Hard — tree search (200 iterations a move, about 1.6 s a turn)",
        "mcts:iterations=200,seconds=1",
        "mcts:iterations=200,rollout_depth=-1,seconds=1",
        3.0,
        turn_seconds=1.6,
    ),
    BotLevel(
        "expert",
        "Expert — deeper tree search (800 iterations a move, about 1.6 s a turn)",
        "mcts:iterations=800,seconds=2",
        "mcts:iterations=800,rollout_depth=-1,seconds=2",
        4.0,
        turn_seconds=1.6,
    ),
)


def game_levels(game: str) -> dict[str, str]:
    """Level name -> agent spec for ``game``: the default levels, as the game's own level
    table (``Heuristics.levels``) overrides them; levels a game cannot have are left out."""
    from farmstead.core.registry import registration

    heuristics = registration(game).heuristics
    table: dict[str, str] = {}
    for level in DEFAULT_BOT_LEVELS:
        spec = level.spec_for(heuristics is not None)
        if spec is not None:
            table[level.name] = spec
    if heuristics is not None:
        for name, spec in heuristics.levels.items():
            if spec is None:
                table.pop(name, None)  # a level the game does not offer
            else:
                table[name] = spec
    table.pop("hint", None)  # the hint agent is not a level one can play against
    return table


def spec_words(spec: str, turn_seconds: float | None = None) -> str:
    """What an agent spec plays, in words (for level labels); a search's time is told per
    turn when the level gives it a ``turn_seconds`` budget, else per move."""
    parsed = AgentSpec.parse(spec)
    params = parsed.params
    if parsed.name == "random":
        return "random legal moves"
    if parsed.name == "heuristic":
        if params.get("plan") == "false":
            return "greedy, the best-looking move"
        return "the game's heuristic player"
    if parsed.name == "mcts":
        parts = [f"{params['iterations']} iterations a move" if "iterations" in params else None]
        if turn_seconds is not None:
            parts.append(f"about {turn_seconds:g} s a turn")
        elif "seconds" in params:
            parts.append(f"at most {params['seconds']} s a move")
        detail = ", ".join(p for p in parts if p)
        return f"tree search ({detail})" if detail else "tree search"
    return spec


def parse_level(text: str) -> BotLevel:
    """A level from ``NAME=SPEC`` or ``NAME=SPEC@SECONDS`` (the ``--bot-level`` option).

    The spec is used for every game; ``SECONDS`` is its per-move limit (default 10).
    """
    name, sep, rest = text.partition("=")
    spec, _, seconds = rest.rpartition("@") if "@" in rest else (rest, "", "")
    name, spec = name.strip(), spec.strip()
    if not sep or not name or not spec:
        raise ValueError(f"a bot level is NAME=SPEC or NAME=SPEC@SECONDS, got {text!r}")
    try:
        limit = float(seconds) if seconds.strip() else 10.0
    except ValueError:
        raise ValueError(f"bot level {name!r}: {seconds!r} is not a number of seconds") from None
    return BotLevel(name, f"{name} ({spec})", spec, spec, limit)


@dataclass(frozen=True)
class OfferedBot:
    """A level as offered for one game: its agent spec and per-move limit there."""

    level: BotLevel
    spec: str
    move_seconds: float


@dataclass
class BotCatalog:
    """The levels a server offers, resolved per game; the only way a client gets a bot."""

    levels: tuple[BotLevel, ...] = DEFAULT_BOT_LEVELS
    time_limit: float = 10.0
    _cache: dict[tuple[str, str], OfferedBot] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        from farmstead.agents.registry import validate_spec

        if not self.levels:
            raise ValueError("a server needs at least one bot level")
        names = [level.name for level in self.levels]
        if len(set(names)) != len(names):
            raise ValueError(f"bot level names must be unique, got {', '.join(names)}")
        for level in self.levels:
            if not level.name.isidentifier() or len(level.name) > 32:
                raise ValueError(f"bot level name {level.name!r}: use letters, digits and _")
            if not 0 < level.move_seconds <= 3600:
                raise ValueError(f"bot level {level.name!r}: move_seconds must be in (0, 3600]")
            if not 0 < level.turn_seconds <= 3600:
                raise ValueError(f"bot level {level.name!r}: turn_seconds must be in (0, 3600]")
            for spec in (level.spec, level.spec_without_heuristics):
                if spec is None:
                    continue
                if len(spec) > MAX_SPEC:
                    raise ValueError(f"bot level {level.name!r}: spec longer than {MAX_SPEC}")
                validate_spec(spec)

    @property
    def names(self) -> list[str]:
        return [level.name for level in self.levels]

    def offered(self, game: str | None = None) -> list[OfferedBot]:
        """The levels offered for ``game`` (every level, with its default spec, for None)."""
        result = []
        for level in self.levels:
            offered = self._offer(level, game)
            if offered is not None:
                result.append(offered)
        return result

    def _offer(self, level: BotLevel, game: str | None) -> OfferedBot | None:
        has = True if game is None else _has_heuristics(game)
        table = _game_level_table(game) if game is not None else {}
        spec = table[level.name] if level.name in table else level.spec_for(has)
        if spec is None:  # the game does not offer this level (or it needs heuristics)
            return None
        return OfferedBot(level, spec, min(level.move_seconds, self.time_limit))

    def resolve(self, requested: str, game: str) -> OfferedBot:
        """The bot a client asked for: a level name, or exactly the spec a level has for
        ``game`` (as ``GET /api/bots?game=`` lists it). Anything else is a ``BotChoiceError``
        naming the levels."""
        text = requested.strip()
        offered = self.offered(game)
        for bot in offered:
            if text.lower() == bot.level.name.lower() or text == bot.spec:
                return bot
        shown = text if len(text) <= 60 else text[:57] + "..."
        names = ", ".join(b.level.name for b in offered) or "none"
        raise BotChoiceError(
            f"{shown!r} is not a bot this server offers for this game; choose a level: {names}"
        )

    def for_stored(self, spec: str | None, game: str) -> OfferedBot:
        """The level a stored bot seat plays at (matches restored from the database).

        A spec that is exactly a level's (for this game) keeps that level; any other spec —
        an older server's, or one given by a client before levels existed — plays at the
        first level with the same agent, else at the weakest level. Nothing is clamped in
        place: the stored spec stays in the log, the level decides the budget.
        """
        key = (spec or "", game)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        offered = self.offered(game) or [
            OfferedBot(self.levels[0], "random", min(self.levels[0].move_seconds, self.time_limit))
        ]
        chosen = next((b for b in offered if b.spec == spec), None)
        if chosen is None:
            try:
                name = AgentSpec.parse(spec or "").name
            except Exception:
                name = ""
            chosen = next((b for b in offered if AgentSpec.parse(b.spec).name == name), None)
        if chosen is None:
            chosen = offered[0]
        self._cache[key] = chosen
        return chosen

    def check_playable(self, bot: OfferedBot, game: Game) -> None:
        """Raise ``BotChoiceError`` when the level's agent cannot play ``game``."""
        from farmstead.agents.registry import make_agent
        from farmstead.core.errors import FarmsteadError

        try:
            make_agent(bot.spec, Rng(0)).check_game(game)
        except FarmsteadError as exc:
            raise BotChoiceError(f"level {bot.level.name!r} cannot play this game: {exc}") from None


def _game_level_table(game: str) -> Mapping[str, str | None]:
    """The game's own level table (``Heuristics.levels``; empty when it has none)."""
    from farmstead.core.errors import FarmsteadError
    from farmstead.core.registry import registration

    try:
        heuristics = registration(game).heuristics
    except FarmsteadError:
        return {}
    return heuristics.levels if heuristics is not None else {}


def _has_heuristics(game: str) -> bool:
    from farmstead.core.errors import FarmsteadError
    from farmstead.core.registry import registration

    try:
        return registration(game).heuristics is not None
    except FarmsteadError:
        return False
