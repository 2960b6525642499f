"""The greedy one-ply agent over a game's position evaluation."""

from __future__ import annotations

from typing import Any

from farmstead.agents.base import Agent
from farmstead.agents.evaluation import (
    EvaluateFn,
    PolicyFn,
    load_evaluate,
    load_policy,
    terminal_values,
)
from farmstead.core.game import Game, ParamSpec, State
from farmstead.core.rng import Rng

_TIE = 1e-9


class HeuristicAgent(Agent):
    """Plays the legal action whose resulting position the game's ``evaluate`` rates best.

    For each legal action the agent applies it to a clone and scores the result for its own
    seat. When the result is a chance node it takes the expectation over ``chance_outcomes()``,
    exactly when there are at most ``chance_samples`` outcomes and by averaging that many
    sampled outcomes otherwise, down to ``chance_depth`` consecutive chance nodes. Terminal
    positions score their returns scaled to [-1, 1]. Ties are broken by the agent's generator.

    ``evaluate`` may be injected (tests, games outside the registry); by default it is the
    ``evaluate`` of the game's registered heuristics.

    When the game's heuristics carry a ``policy`` (a game's own planner, e.g. Rancho's, which
    builds whole exchanges instead of rating half-built ones) and ``plan`` is true, the agent
    plays that policy's action instead; ``plan=false`` keeps the greedy one-ply choice.
    """

    name = "heuristic"
    description = "greedy one-ply over the game's evaluation, chance nodes in expectation"
    params = (
        ParamSpec(
            "chance_samples",
            int,
            12,
            "outcomes averaged at a chance node with more outcomes than this (sampled)",
            minimum=1,
        ),
        ParamSpec(
            "chance_depth",
            int,
            2,
            "consecutive chance nodes resolved after an action before evaluating",
            minimum=0,
        ),
        ParamSpec(
            "plan",
            bool,
            True,
            "play the game's own planner (its heuristics' policy) when it has one",
        ),
    )

    def __init__(self, rng: Rng, evaluate: EvaluateFn[State] | None = None, **params: Any) -> None:
        super().__init__(rng, **params)
        self._injected = evaluate
        self._evaluate: EvaluateFn[State] | None = evaluate
        self._game_name: str | None = None
        self._policy: PolicyFn[State] | None = None

    def check_game(self, game: Game) -> None:
        self._evaluator(game)

    def _evaluator(self, game: Game) -> EvaluateFn[State]:
        if self._injected is not None:
            return self._injected
        if self._evaluate is None or self._game_name != game.type.name:
            self._evaluate = load_evaluate(game)
            self._policy = load_policy(game) if self.config["plan"] else None
            self._game_name = game.type.name
        return self._evaluate

    def step(self, state: State) -> int:
        best = self.best_actions(state)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def best_actions(self, state: State) -> list[int]:
        """The legal actions the agent rates equally best for the seat to move (within
        ``_TIE``), or the one its game's planner picks when it plays the planner; ``step``
        plays one of them at random. Imitation learners use the whole set as their label."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions
        seat = state.current_player()
        evaluate = self._evaluator(state.game)
        if self._policy is not None:
            return [self._policy(state, seat, self.rng)]
        best_value = float("-inf")
        best: list[int] = []
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            value = self.value(child, seat, evaluate)
            if value > best_value + _TIE:
                best_value, best = value, [action]
            elif value >= best_value - _TIE:
                best.append(action)
        return best

    def value(self, state: State, seat: int, evaluate: EvaluateFn[State]) -> float:
        """The score of ``state`` for ``seat`` in [-1, 1], chance nodes in expectation."""
        return self._value(state, seat, evaluate, self.config["chance_depth"])

    def _value(self, state: State, seat: int, evaluate: EvaluateFn[State], depth: int) -> float:
        if state.is_terminal():
            return terminal_values(state)[seat]
        if depth <= 0 or not state.is_chance_node():
            return float(evaluate(state, seat))
        outcomes = state.chance_outcomes()
        samples = self.config["chance_samples"]
        if len(outcomes) <= samples:
            total = 0.0
            for outcome, probability in outcomes:
                child = state.clone()
                child.apply_action(outcome)
                total += probability * self._value(child, seat, evaluate, depth - 1)
            return total
        total = 0.0
        for _ in range(samples):
            child = state.clone()
            child.apply_action(self.rng.sample_outcome(outcomes))
            total += self._value(child, seat, evaluate, depth - 1)
        return total / samples
