"""Random Livestock Uprising games under the conformance checker, at 2, 3 and 4 players.

Every game ends (LU-R99: the stalemate rule, LU-R98, bounds it); every contract of the protocol
holds at every step (sampled deep checks: clone, JSON round trip, illegal actions, observations
against ``sample_consistent``, words and action JSON). ``FARMSTEAD_FULL=1`` runs the full
10,000 random 4-player games (``farmstead check livestock_uprising --players 4 -n 10000``).
"""

from __future__ import annotations

import os

import pytest

import farmstead
from farmstead.testing import check_game

FULL = os.environ.get("FARMSTEAD_FULL") == "1"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lu_random_games_keep_every_contract_and_end_LU_R99(players: int) -> None:
    game = farmstead.load_game("livestock_uprising", players=players)
    report = check_game(game, games=4, seed=99, deep_rate=0.02)
    assert report.games == 4
    assert report.longest_actions <= game.info.max_game_length
    assert report.wins + report.draws == 4


def test_lu_short_round_limit_ends_every_game_LU_R98() -> None:
    """LU-R98: with a 3-round limit a game ends after round 3 at the latest."""
    game = farmstead.load_game("livestock_uprising", players=3, stalemate_round_limit=3)
    report = check_game(game, games=20, seed=5, deep_rate=0.01)
    assert report.games == 20


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="10,000 random games run with FARMSTEAD_FULL=1")
def test_lu_ten_thousand_random_four_player_games() -> None:
    game = farmstead.load_game("livestock_uprising", players=4)
    report = check_game(game, games=10_000, seed=1, replay_every=10)
    assert report.games == 10_000
