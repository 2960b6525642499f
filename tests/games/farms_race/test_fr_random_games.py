"""Random Farms Race games under the conformance checker (every protocol contract at every step,
deep checks sampled), at 3 and 4 players on several maps and variants; every game ends (FR-R54:
the round cap bounds it). ``FARMSTEAD_FULL=1`` runs the full 10,000 random 4-player games
(``farmstead check farms_race --players 4 -n 10000``).
"""

from __future__ import annotations

import os

import pytest

import farmstead
from farmstead.testing import check_game

FULL = os.environ.get("FARMSTEAD_FULL") == "1"

CASES = [
    (3, {}),
    (4, {}),
    (3, {"map": "C", "stealing": True}),
    (4, {"map": "J", "experienced": True, "new_player_redo": True}),
    (3, {"map": "random", "map_seed": 11}),
    (4, {"map": "random", "map_seed": 4, "random_map_no_same_adjacent": True, "stealing": True}),
]


@pytest.mark.parametrize(("players", "params"), CASES, ids=[str(p) + str(q) for p, q in CASES])
def test_fr_random_games_keep_every_contract_and_end_FR_R54(players: int, params: dict) -> None:
    game = farmstead.load_game("farms_race", players=players, **params)
    report = check_game(game, games=2, seed=23, deep_rate=0.01)
    assert report.games == 2
    assert report.longest_actions <= game.info.max_game_length
    assert report.wins + report.draws == 2


def test_fr_round_cap_ends_every_game_FR_R54() -> None:
    """FR-R54: with a 2-round cap every game ends after round 2 at the latest."""
    game = farmstead.load_game("farms_race", players=4, max_rounds=2)
    report = check_game(game, games=10, seed=5, deep_rate=0.02)
    assert report.games == 10
    assert report.longest_actions < 2000  # two rounds of four turns and trade windows


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="10,000 random games run with FARMSTEAD_FULL=1")
def test_fr_ten_thousand_random_four_player_games() -> None:
    game = farmstead.load_game("farms_race", players=4)
    report = check_game(game, games=10_000, seed=1, replay_every=10)
    assert report.games == 10_000
