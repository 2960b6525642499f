"""The unit of tournament work: one game, described by plain data that any process can run.

A ``GameTask`` names the game class by import path (so games outside the registry, such as test
toys, work in worker processes and on Ray too), the seat agents as spec strings and the game's
seed. ``play_task`` plays it and returns the record as its canonical JSON line plus timings.
Everything here is importable and picklable, for process pools and Ray alike.
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from farmstead.core.game import Game
from farmstead.lab.play import MoveTimer, play_game


@dataclass(frozen=True)
class GameRef:
    """A configured game as data: the class's import path, player count and params."""

    module: str
    qualname: str
    players: int
    params_json: str = "{}"

    @classmethod
    def of(cls, game: Game) -> GameRef:
        """The reference that rebuilds ``game`` (its non-default params)."""
        kind = type(game)
        return cls(
            kind.__module__,
            kind.__qualname__,
            game.num_players,
            json.dumps(game.non_default_params, sort_keys=True),
        )

    @property
    def params(self) -> dict[str, Any]:
        """The non-default params."""
        loaded: dict[str, Any] = json.loads(self.params_json)
        return loaded

    def build(self) -> Game:
        """The configured game (cached per process)."""
        return _build_game(self)


@lru_cache(maxsize=32)
def _build_game(ref: GameRef) -> Game:
    owner: Any = importlib.import_module(ref.module)
    for part in ref.qualname.split("."):
        owner = getattr(owner, part)
    game: Game = owner(ref.players, **ref.params)
    return game


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament: its index, seed and the agent spec of each seat."""

    game: GameRef
    index: int
    seed: int
    agents: tuple[str, ...]
    meta: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class GameOutcome:
    """A played task: the record as one canonical JSON line, and how long it took."""

    index: int
    line: str
    seconds: float
    agent_seconds: tuple[float, ...]
    decisions: tuple[int, ...]


def play_task(task: GameTask) -> GameOutcome:
    """Play one task. The record line is a pure function of the task (no clock inside)."""
    game = task.game.build()
    timer = MoveTimer()
    started = time.perf_counter()
    record = play_game(game, list(task.agents), task.seed, timer=timer)
    seconds = time.perf_counter() - started
    record.meta = {**dict(task.meta), "index": task.index, "decisions": list(timer.decisions)}
    return GameOutcome(
        task.index, record.dumps(), seconds, tuple(timer.seconds), tuple(timer.decisions)
    )


def play_batch(tasks: Sequence[GameTask]) -> list[GameOutcome]:
    """Play several tasks in order (fewer round trips for short games)."""
    return [play_task(task) for task in tasks]
