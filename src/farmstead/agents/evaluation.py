"""Finding a game's position evaluation and scaling values for search agents.

A game's registration record (``farmstead.core.registry.GameRegistration``) may carry
``Heuristics``: ``evaluate(state, seat) -> float`` in [-1, 1] for any non-terminal state,
optionally ``evaluate_all(state)`` (every seat at once, when that is cheaper) and
``search_settings`` (per agent name, the parameter values that suit the game better than the
agent's defaults, e.g. ``{"mcts": {"prior": 2}}``) and ``policy`` (the game's own move chooser,
which the heuristic agent plays instead of its greedy one-ply choice). Agents look them up by the game's registry
name, never by importing a game.
"""

from __future__ import annotations

from typing import Any

from farmstead.core.errors import FarmsteadError, UnknownGameError
from farmstead.core.game import Game, State
from farmstead.core.registry import (
    EvaluateAllFn,
    EvaluateFn,
    Heuristics,
    PolicyFn,
    registration,
)

__all__ = [
    "EvaluateAllFn",
    "EvaluateFn",
    "NoHeuristicsError",
    "PolicyFn",
    "evaluate_all_from",
    "load_evaluate",
    "load_evaluate_all",
    "load_policy",
    "load_search_settings",
    "terminal_values",
]


class NoHeuristicsError(FarmsteadError, LookupError):
    """A game without the position evaluation an agent needs."""


def _heuristics(game: Game) -> Heuristics[Any]:
    name = game.type.name
    try:
        heuristics = registration(name).heuristics
    except UnknownGameError:
        raise NoHeuristicsError(
            f"game {name!r} is not registered, so it has no heuristics; agents that need a "
            "position evaluation (heuristic, mcts with node priors) cannot play it"
        ) from None
    if heuristics is None:
        raise NoHeuristicsError(
            f"game {name!r} registers no heuristics; agents that need a position evaluation "
            "(heuristic, mcts with node priors) cannot play it"
        )
    return heuristics


def load_evaluate(game: Game) -> EvaluateFn[State]:
    """The ``evaluate(state, seat)`` of ``game``; ``NoHeuristicsError`` when it has none."""
    return _heuristics(game).evaluate


def load_evaluate_all(game: Game) -> EvaluateAllFn[State]:
    """A function scoring every seat of a state, built on the game's heuristics."""
    heuristics = _heuristics(game)
    if heuristics.evaluate_all is not None:
        return heuristics.evaluate_all
    return evaluate_all_from(heuristics.evaluate)


def load_policy(game: Game) -> PolicyFn[State] | None:
    """The game's own move chooser (``Heuristics.policy``), or ``None`` when it has none.

    ``NoHeuristicsError`` when the game has no heuristics at all.
    """
    return _heuristics(game).policy


def load_search_settings(game: Game, agent: str) -> dict[str, object]:
    """The settings ``game`` recommends for ``agent`` (empty when it recommends none).

    ``NoHeuristicsError`` is not raised here: a game without heuristics recommends nothing.
    """
    try:
        heuristics = _heuristics(game)
    except NoHeuristicsError:
        return {}
    return dict(heuristics.search_settings.get(agent, {}))


def evaluate_all_from(evaluate: EvaluateFn[State]) -> EvaluateAllFn[State]:
    """``evaluate_all`` made of one ``evaluate`` call per seat."""

    def evaluate_all(state: State) -> list[float]:
        return [evaluate(state, seat) for seat in range(state.game.num_players)]

    return evaluate_all


def terminal_values(state: State) -> list[float]:
    """The returns of a terminal state scaled to [-1, 1] by the game's utility range."""
    info = state.game.info
    low, high = info.min_utility, info.max_utility
    span = high - low
    if span <= 0:
        return [0.0 for _ in range(state.game.num_players)]
    return [2.0 * (r - low) / span - 1.0 for r in state.returns()]
