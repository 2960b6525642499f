"""The conformance checker over every registered game (docs/architecture.md, testing layers).

Normal runs play a few games per game and player count; ``FARMSTEAD_FULL=1`` runs the full
count (10,000 random 4-player Rancho games: ``farmstead check rancho --players 4
-n 10000``).
"""

from __future__ import annotations

import os

import pytest

import farmstead
from farmstead.core.registry import game_names
from farmstead.testing import ConformanceError, check_game

FULL = os.environ.get("FARMSTEAD_FULL") == "1"


def test_registry_is_not_empty() -> None:
    assert game_names(), "no game is registered: the conformance run below would test nothing"
    assert "rancho" in game_names()


@pytest.mark.parametrize("name", game_names())
def test_every_game_passes_conformance(name: str) -> None:
    gtype = farmstead.core.registry.game_type(name)
    for players, games in ((gtype.min_players, 2), (gtype.max_players, 1)):
        game = farmstead.load_game(name, players=players)
        report = check_game(game, games=games, seed=2024)
        assert report.games == games
        assert report.decisions > 0 and report.deep_checks >= games


def test_rancho_short_games_all_end_within_limits() -> None:
    """RA-R45: with a small round limit every random game ends, as a win or a draw."""
    game = farmstead.load_game("rancho", players=4, max_rounds=15)
    report = check_game(game, games=30, seed=5, deep_rate=0.01)
    assert report.games == 30 and report.wins + report.draws == 30
    assert report.longest_actions <= game.info.max_game_length


def test_checker_catches_a_broken_clone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker itself must fail on a broken game (a test that can fail)."""
    from farmstead.games.rancho.game import RanchoState

    original = RanchoState.clone

    def shallow_clone(self: RanchoState) -> RanchoState:
        twin = original(self)
        twin.herd = self.herd  # shared list: changes leak into the original
        return twin

    game = farmstead.load_game("rancho", players=2, first_player="0")
    monkeypatch.setattr(RanchoState, "clone", shallow_clone)
    with pytest.raises(ConformanceError):
        check_game(game, games=1, seed=3, deep_rate=0.05)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="full acceptance run: set FARMSTEAD_FULL=1")
def test_ten_thousand_random_four_player_rancho_games() -> None:
    game = farmstead.load_game("rancho", players=4)
    report = check_game(game, games=10_000, seed=1, replay_every=10)
    assert report.games == 10_000
