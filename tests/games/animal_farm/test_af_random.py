"""Random games end and the conformance checker passes (docs/architecture.md, testing layers)."""

from __future__ import annotations

import os

import pytest

from farmstead.core.registry import load_game
from farmstead.core.rng import Rng, derive_seed
from farmstead.games.animal_farm.game import AnimalFarmGame
from farmstead.testing import check_game

FULL = os.environ.get("FARMSTEAD_FULL") == "1"


def play_random(the_game, seed):
    rng = Rng(seed)
    state = the_game.new_initial_state()
    length = 0
    while not state.is_terminal():
        assert length < the_game.info.max_game_length
        if state.is_chance_node():
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
        else:
            legal = state.legal_actions()
            assert legal, "a decision node without legal actions"
            state.apply_action(rng.choice(legal))
        length += 1
    return state, length


def _run(games, seed, **params):
    the_game = load_game("animal_farm", **params)
    assert isinstance(the_game, AnimalFarmGame)
    outcomes = {"win": 0, "draw": 0}
    for i in range(games):
        state, length = play_random(the_game, derive_seed(seed, i))
        assert length <= the_game.info.max_game_length
        assert state.to_json()["ply"] <= the_game.config.max_plies  # AF-R24
        outcomes["draw" if state.returns() == [0.0, 0.0] else "win"] += 1
    assert sum(outcomes.values()) == games
    return outcomes


def test_200_random_games_end():
    _run(200, seed=1)


def test_random_games_end_with_every_option():
    _run(20, seed=2, setup_mode="default", layout="compact", first_player="1")
    _run(20, seed=3, no_progress_plies=20, pig_points=20)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="10,000 random games run with FARMSTEAD_FULL=1")
def test_10000_random_games_end():
    _run(10_000, seed=4)


def test_conformance_checker_passes():
    report = check_game(load_game("animal_farm"), games=50, seed=1)
    assert report.games == 50 and report.deep_checks > 50


def test_conformance_checker_passes_with_options():
    the_game = load_game(
        "animal_farm", setup_mode="default", layout="compact", no_progress_plies=30
    )
    report = check_game(the_game, games=20, seed=2, deep_rate=0.02)
    assert report.games == 20
