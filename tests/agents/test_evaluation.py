"""Every registered game's heuristics keep the contract the agents rely on.

``evaluate(state, seat)`` is a float in [-1, 1] at every state (chance nodes included) and
``evaluate_all(state)``, where a game defines it, equals ``evaluate`` seat by seat.
"""

from __future__ import annotations

import math

import pytest
from toygames import DiceNimGame, DiceNimState, nim_evaluate

from farmstead.agents.evaluation import (
    NoHeuristicsError,
    evaluate_all_from,
    load_evaluate,
    load_evaluate_all,
    terminal_values,
)
from farmstead.core.registry import GameRegistration, game_names, load_game, registered_game
from farmstead.lab.play import play_game


def games_with_heuristics() -> list[str]:
    names = []
    for name in game_names():
        try:
            load_evaluate(load_game(name))
        except NoHeuristicsError:
            continue
        names.append(name)
    return names


def test_rancho_has_heuristics() -> None:
    assert "rancho" in games_with_heuristics()


@pytest.mark.parametrize("name", games_with_heuristics())
def test_evaluate_is_bounded_and_evaluate_all_agrees(name: str) -> None:
    game = load_game(name)
    evaluate = load_evaluate(game)
    evaluate_all = load_evaluate_all(game)
    record = play_game(game, ["random"] * game.num_players, seed=3)
    step = max(1, len(record.actions) // 60)
    checked = 0
    state = game.new_initial_state()
    for index, action in enumerate([*record.actions, None]):
        if index % step and action is not None:
            state.apply_action(action)
            continue
        values = [evaluate(state, seat) for seat in range(game.num_players)]
        assert all(isinstance(v, float) and -1.0 <= v <= 1.0 for v in values), values
        assert evaluate_all(state) == pytest.approx(values)
        checked += 1
        if action is not None:
            state.apply_action(action)
    assert checked >= 30


def test_unregistered_game_has_no_heuristics_and_says_so() -> None:
    game = DiceNimGame(2)
    with pytest.raises(NoHeuristicsError, match="'toy_dice_nim' is not registered"):
        load_evaluate(game)


def test_registered_game_without_heuristics_says_so() -> None:
    record: GameRegistration[DiceNimState] = GameRegistration(
        game=DiceNimGame, rules_summary="Take 1-3 tokens; last one wins."
    )
    with registered_game(record), pytest.raises(NoHeuristicsError, match="registers no heuristics"):
        load_evaluate(DiceNimGame(2))


def test_evaluate_all_from_a_single_evaluate() -> None:
    state = DiceNimGame(3, pile=8).new_initial_state()
    assert evaluate_all_from(nim_evaluate)(state) == [nim_evaluate(state, s) for s in range(3)]


def test_terminal_values_scale_returns_to_the_unit_interval() -> None:
    state = DiceNimGame(3, pile=1).new_initial_state()
    state.apply_action(0)  # seat 0 takes the last token
    assert state.returns() == [1.0, -0.5, -0.5]
    assert terminal_values(state) == [1.0, -0.5, -0.5]  # utility range is already [-1, 1]
    assert all(math.isfinite(v) for v in terminal_values(state))
