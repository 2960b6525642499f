"""Livestock Uprising bots, long: run with FARMSTEAD_FULL=1.

* ``heuristic`` beats ``random`` in at least 90% of 2-player games:
  ``farmstead tournament livestock_uprising --agents heuristic,random -n 200 --seed 11``
  (about 15 s on one core).
* ``mcts`` (information sets, node priors from the evaluation) beats ``heuristic`` with the
  lower end of the 95% score interval above 50%:
  ``farmstead tournament livestock_uprising --agents mcts,heuristic -n 80 --seed 7``
  (about 4 minutes on one core).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from farmstead.lab.stats import head_to_head
from farmstead.lab.tournament import run_tournament

FULL = os.environ.get("FARMSTEAD_FULL") == "1"
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not FULL, reason="long strength runs: set FARMSTEAD_FULL=1"),
]
GAME = "livestock_uprising"


def test_heuristic_wins_nine_games_in_ten_against_random(tmp_path: Path) -> None:
    records = list(run_tournament(GAME, ["heuristic", "random"], 200, seed=11, out=tmp_path / "r"))
    wins = sum(1 for r in records if r.returns and r.returns[r.agents.index("heuristic")] > 0)
    assert wins >= 180, f"heuristic won {wins} of 200"


def test_mcts_beats_heuristic_with_the_score_interval_above_half(tmp_path: Path) -> None:
    records = list(run_tournament(GAME, ["mcts", "heuristic"], 80, seed=7, out=tmp_path / "r"))
    pair = next(p for p in head_to_head(records) if p.agent == "mcts")
    assert pair.games == 80
    assert pair.low > 0.5, pair
