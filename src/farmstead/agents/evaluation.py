"""Finding a game's position evaluation and scaling values for search agents.

Every game may ship ``farmstead.games.<name>.heuristics`` with::

    def evaluate(state: State, seat: int) -> float   # in [-1, 1], for any non-terminal state

and optionally ``evaluate_all(state) -> list[float]`` (one value per seat, same meaning) when
scoring every seat at once is cheaper, and ``SEARCH_SETTINGS``: per agent name, the parameter
values that suit this game better than the agent's defaults (e.g. ``{"mcts": {"prior": 2}}``).
Agents look the module up by the game's registry name, never by importing a game directly.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from farmstead.core.errors import FarmsteadError
from farmstead.core.game import Game, State

EvaluateFn = Callable[[State, int], float]
"""``evaluate(state, seat)``: how good ``state`` is for ``seat``, in [-1, 1]."""

EvaluateAllFn = Callable[[State], list[float]]
"""``evaluate_all(state)``: ``evaluate(state, seat)`` for every seat, in seat order."""


class NoHeuristicsError(FarmsteadError, LookupError):
    """A game without a ``heuristics.evaluate`` that an agent needs."""


_MODULES: dict[str, ModuleType] = {}


def heuristics_module_name(game: Game) -> str:
    """The dotted name of the heuristics module of ``game``."""
    return f"farmstead.games.{game.type.name}.heuristics"


def _heuristics_module(game: Game) -> ModuleType:
    name = heuristics_module_name(game)
    module = _MODULES.get(name)
    if module is not None:
        return module
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # Only a missing heuristics module (or game package) is "no heuristics"; an import error
        # inside an existing module is a bug that must surface as it is.
        if exc.name is None or not name.startswith(exc.name):
            raise
        raise NoHeuristicsError(
            f"game {game.type.name!r} has no heuristics module {name}; agents that need a "
            "position evaluation (heuristic, mcts with a bounded rollout) cannot play it"
        ) from None
    if not callable(getattr(module, "evaluate", None)):
        raise NoHeuristicsError(f"{name} does not define evaluate(state, seat)")
    _MODULES[name] = module
    return module


def load_evaluate(game: Game) -> EvaluateFn:
    """The ``evaluate(state, seat)`` of ``game``; ``NoHeuristicsError`` when it has none."""
    fn: EvaluateFn = _heuristics_module(game).evaluate
    return fn


def load_evaluate_all(game: Game) -> EvaluateAllFn:
    """A function scoring every seat of a state, built on the game's heuristics."""
    module = _heuristics_module(game)
    batch = getattr(module, "evaluate_all", None)
    if callable(batch):
        fn: EvaluateAllFn = batch
        return fn
    return evaluate_all_from(module.evaluate)


def load_search_settings(game: Game, agent: str) -> dict[str, object]:
    """The settings ``game`` recommends for ``agent`` (empty when it has none or no heuristics)."""
    try:
        module = _heuristics_module(game)
    except NoHeuristicsError:
        return {}
    settings = getattr(module, "SEARCH_SETTINGS", {})
    return dict(settings.get(agent, {}))


def evaluate_all_from(evaluate: EvaluateFn) -> EvaluateAllFn:
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
