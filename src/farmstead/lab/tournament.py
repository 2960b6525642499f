"""Tournaments: many games between agents, seats rotated, one derived seed per game.

Game ``i`` of a tournament with master seed ``S`` is played with seed ``derive_seed(S, i)`` and
the seat order ``lineups[i % len(lineups)]``, so each game is fixed by the tournament settings
alone and can run anywhere, in any order.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from farmstead.agents.base import AgentSpec
from farmstead.agents.registry import make_agent
from farmstead.core.errors import InvalidParamError
from farmstead.core.game import Game
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng, derive_seed
from farmstead.lab.backends import Backend, make_backend
from farmstead.lab.results import ResultsWriter, load_existing, timings_path
from farmstead.lab.tasks import GameOutcome, GameRef, GameTask


def seat_lineups(agents: int, players: int) -> list[tuple[int, ...]]:
    """Seat orders that give every agent every seat equally often.

    With at least as many agents as seats: every ordered choice of distinct agents (so with
    2 agents and 2 seats, AB and BA). With fewer agents than seats, the agents fill the seats
    in turn (A B A ...) and every rotation of that order is used.
    """
    if agents < 1 or players < 1:
        raise InvalidParamError("a tournament needs at least one agent and one seat")
    if agents >= players:
        return list(itertools.permutations(range(agents), players))
    base = [seat % agents for seat in range(players)]
    rotations: list[tuple[int, ...]] = []
    for shift in range(players):
        order = tuple(base[shift:] + base[:shift])
        if order not in rotations:
            rotations.append(order)
    return rotations


@dataclass(frozen=True)
class Tournament:
    """A tournament's settings; ``task(i)`` is game ``i``."""

    game: Game
    agents: tuple[str, ...]
    games: int
    seed: int
    rotate: bool = False
    lineups: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        if self.games < 0:
            raise InvalidParamError(f"the number of games must be >= 0, got {self.games}")
        if not self.agents:
            raise InvalidParamError("a tournament needs at least one agent")
        players = self.game.num_players
        if self.rotate:
            # One agent per seat, repeats allowed (one heuristic against three random); each
            # agent plays every seat in turn.
            if len(self.agents) != players:
                raise InvalidParamError(
                    f"with rotate, give one agent per seat: {players} agents, got "
                    f"{len(self.agents)} ({', '.join(self.agents)})"
                )
            order = list(range(players))
            rotations = tuple(tuple(order[k:] + order[:k]) for k in range(players))
            object.__setattr__(self, "lineups", rotations)
            return
        if len(set(self.agents)) != len(self.agents):
            raise InvalidParamError(
                f"agents must differ; got {', '.join(self.agents)} "
                "(a single agent plays every seat by itself; to seat repeats of an agent, "
                "list one agent per seat and rotate them)"
            )
        lineups = tuple(seat_lineups(len(self.agents), players))
        object.__setattr__(self, "lineups", lineups)

    @property
    def ref(self) -> GameRef:
        return GameRef.of(self.game)

    def seat_agents(self, index: int) -> tuple[str, ...]:
        """The agent spec of each seat in game ``index``."""
        lineup = self.lineups[index % len(self.lineups)]
        return tuple(self.agents[a] for a in lineup)

    def game_seed(self, index: int) -> int:
        """The seed of game ``index``."""
        return derive_seed(self.seed, index)

    def task(self, index: int, ref: GameRef | None = None) -> GameTask:
        """Game ``index`` as a task."""
        return GameTask(
            ref or self.ref,
            index,
            self.game_seed(index),
            self.seat_agents(index),
            (("master_seed", self.seed),),
        )

    def mismatch(self, index: int, record: GameRecord) -> str | None:
        """Why ``record`` is not game ``index`` of this tournament (None when it is)."""
        if index >= self.games:
            return f"game #{index} is beyond this tournament's {self.games} games"
        expected = {
            "game": self.game.type.name,
            "players": self.game.num_players,
            "params": self.game.non_default_params,
            "seed": self.game_seed(index),
            "agents": list(self.seat_agents(index)),
        }
        actual = {
            "game": record.game,
            "players": record.players,
            "params": record.params,
            "seed": record.seed,
            "agents": record.agents,
        }
        for key, value in expected.items():
            if actual[key] != value:
                return f"game #{index} has {key} {actual[key]!r}, expected {value!r}"
        if record.returns is None:
            return f"game #{index} is unfinished"
        return None


def canonical_agents(agents: str | Sequence[str | AgentSpec]) -> tuple[str, ...]:
    """Agent specs as canonical strings, each checked (unknown names and params raise).

    A string may list several agents (``"random,mcts:iterations=400,c=1"``).
    """
    specs: list[AgentSpec] = []
    for item in [agents] if isinstance(agents, str) else agents:
        if isinstance(item, AgentSpec):
            specs.append(item)
        else:
            specs.extend(AgentSpec.parse_list(item))
    for spec in specs:
        make_agent(spec, Rng(0))
    return tuple(str(spec) for spec in specs)


def check_agents(game: Game, agents: Sequence[str]) -> None:
    """Raise a clear error if an agent cannot play ``game`` (e.g. no heuristics)."""
    for spec in agents:
        make_agent(spec, Rng(0)).check_game(game)


@dataclass(frozen=True)
class Progress:
    """Sent to ``on_progress`` after each game: how far the run is and its last game."""

    done: int
    total: int
    resumed: int
    outcome: GameOutcome | None


@dataclass
class RunSummary:
    """Timings of one run (filled in as the run goes; complete when the generator ends)."""

    backend: str = ""
    workers: int = 0
    games_played: int = 0
    games_resumed: int = 0
    seconds: float = 0.0
    agent_seconds: dict[str, float] = field(default_factory=dict)
    agent_decisions: dict[str, int] = field(default_factory=dict)

    @property
    def games_per_second(self) -> float:
        return self.games_played / self.seconds if self.seconds > 0 else 0.0

    def seconds_per_move(self, agent: str) -> float | None:
        """Mean thinking time of ``agent`` per decision in this run."""
        decisions = self.agent_decisions.get(agent, 0)
        return self.agent_seconds.get(agent, 0.0) / decisions if decisions else None

    def to_json(self) -> dict[str, Any]:
        return {
            "backend": self.backend,
            "workers": self.workers,
            "games_played": self.games_played,
            "games_resumed": self.games_resumed,
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second, 6),
            "agent_seconds": {k: round(v, 6) for k, v in self.agent_seconds.items()},
            "agent_decisions": dict(self.agent_decisions),
        }


def run_tournament(
    game: str | Game,
    agents: str | Sequence[str | AgentSpec],
    games: int,
    seed: int = 0,
    *,
    players: int | None = None,
    params: dict[str, Any] | None = None,
    workers: int | None = None,
    backend: str | Backend = "local",
    ray_address: str | None = None,
    out: str | Path | None = None,
    timings: str | Path | None | bool = True,
    on_progress: Callable[[Progress], None] | None = None,
    summary: RunSummary | None = None,
    rotate: bool = False,
) -> Generator[GameRecord, None, None]:
    """Play a tournament and yield every game's record in game order (closing the generator
    early closes the results files: a later run resumes from them).

    ``rotate``: ``agents`` list one agent per seat, repeats allowed (e.g. one ``heuristic``
    against three ``random``), and the lineup is rotated so each agent plays every seat.

    ``game`` is a registry name (with ``players`` and ``params``) or a configured ``Game``.
    ``agents`` are specs (``"mcts:iterations=400"``; a comma-separated list is split). With
    ``out``, records are appended to that JSONL file and a re-run resumes: the games already
    in the file are yielded from it and not played again (a file from another tournament raises
    ``ResultsMismatchError``). ``timings`` is the timings file (True: beside ``out``; None or
    False: none). ``workers`` defaults to all local cores; ``backend`` is ``local`` or ``ray``.
    ``summary`` (optional) receives the run's timings.

    Everything is validated before the first game: unknown games, agents or params raise.
    """
    if isinstance(game, str):
        game = load_game(game, players, **(params or {}))
    elif players is not None or params:
        raise InvalidParamError("pass players and params to load_game, not with a Game")
    names = canonical_agents(agents)
    check_agents(game, names)
    tournament = Tournament(game, names, games, seed, rotate=rotate)
    runner = (
        backend if isinstance(backend, Backend) else make_backend(backend, workers, ray_address)
    )
    summary = summary if summary is not None else RunSummary()
    summary.backend, summary.workers = runner.name, runner.workers
    existing: list[GameRecord] = []
    out_path: Path | None = None
    timing_file: Path | None = None
    if out is not None:
        out_path = Path(out)
        existing = load_existing(out_path, tournament.mismatch).records
        if timings is True:
            timing_file = timings_path(out_path)
        elif timings is not False and timings is not None:
            timing_file = Path(timings)
    return _run(tournament, runner, existing, out_path, timing_file, on_progress, summary)


def _run(
    tournament: Tournament,
    runner: Backend,
    existing: list[GameRecord],
    out: Path | None,
    timing_file: Path | None,
    on_progress: Callable[[Progress], None] | None,
    summary: RunSummary,
) -> Generator[GameRecord, None, None]:
    writer = ResultsWriter(out, timing_file) if out is not None else None
    total = tournament.games
    resumed = min(len(existing), total)
    summary.games_resumed = resumed
    try:
        for done, record in enumerate(existing[:total], start=1):
            if on_progress is not None:
                on_progress(Progress(done, total, resumed, None))
            yield record
        ref = tournament.ref
        tasks = [tournament.task(i, ref) for i in range(resumed, total)]
        started = time.perf_counter()
        for done, outcome in enumerate(runner.run(tasks), start=resumed + 1):
            seats = list(tournament.seat_agents(outcome.index))
            if writer is not None:
                writer.write(outcome, seats)
            for agent, seconds, decisions in zip(
                seats, outcome.agent_seconds, outcome.decisions, strict=True
            ):
                summary.agent_seconds[agent] = summary.agent_seconds.get(agent, 0.0) + seconds
                summary.agent_decisions[agent] = summary.agent_decisions.get(agent, 0) + decisions
            summary.games_played += 1
            summary.seconds = time.perf_counter() - started
            if on_progress is not None:
                on_progress(Progress(done, total, resumed, outcome))
            yield GameRecord.loads(outcome.line)
        if writer is not None and tasks:
            writer.write_run(summary.to_json())
    finally:
        if writer is not None:
            writer.close()
