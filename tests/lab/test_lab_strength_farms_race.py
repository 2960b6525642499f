"""Farms Race bots, long: run with FARMSTEAD_FULL=1.

* ``heuristic`` against three ``random`` wins at least 90% of 4-player games:
  ``farmstead tournament farms_race --players 4 --agents heuristic,random,random,random
  --rotate -n 48 --seed 1`` (48 of 48; a few minutes on one core).
* ``mcts`` (information sets, the expert level's 100 iterations) against three ``heuristic``
  wins with the lower end of its 95% interval above the fair share of 25%:
  ``farmstead tournament farms_race --players 4 --agents
  mcts:iterations=100,heuristic,heuristic,heuristic --rotate -n 120 --seed 2026``
  (48 of 120, 31.7% - 48.9%; about an hour on one core).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from farmstead.core.record import GameRecord
from farmstead.lab.stats import wilson_interval
from farmstead.lab.tournament import run_tournament

FULL = os.environ.get("FARMSTEAD_FULL") == "1"
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not FULL, reason="long strength runs: set FARMSTEAD_FULL=1"),
]
GAME = "farms_race"


def _wins(records: list[GameRecord], agent: str) -> int:
    return sum(
        1 for r in records if r.returns and r.returns[r.agents.index(agent)] == max(r.returns) > 0
    )


def test_heuristic_wins_nine_games_in_ten_against_three_random(tmp_path: Path) -> None:
    lineup = ["heuristic", "random", "random", "random"]
    records = list(
        run_tournament(GAME, lineup, 48, seed=1, players=4, rotate=True, out=tmp_path / "r")
    )
    wins = _wins(records, "heuristic")
    assert wins >= 44, f"heuristic won {wins} of 48"


def test_mcts_beats_three_heuristics_above_the_fair_share(tmp_path: Path) -> None:
    lineup = ["mcts:iterations=100", "heuristic", "heuristic", "heuristic"]
    records = list(
        run_tournament(GAME, lineup, 120, seed=2026, players=4, rotate=True, out=tmp_path / "r")
    )
    wins = _wins(records, "mcts:iterations=100")
    low, _ = wilson_interval(wins, 120)
    assert low > 0.25, f"mcts won {wins} of 120 (interval from {low:.1%})"
