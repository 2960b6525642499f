"""Search strength on Super Farmer Rancho, 2 players (long: run with FARMSTEAD_FULL=1).

* ``mcts`` at its default budget wins at least 90% of 200 games against ``random``;
* ``mcts`` beats ``heuristic`` over 200 games with the lower end of the Wilson 95% interval of
  its win rate above 50%.

Each tournament rotates the seats and uses all local cores; on 2 cores it takes about an hour.
The same runs from the command line:
``farmstead tournament rancho --agents mcts,random -n 200 --seed 7`` (and ``mcts,heuristic``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from farmstead.lab.stats import AgentSummary, agent_results
from farmstead.lab.tournament import run_tournament

FULL = os.environ.get("FARMSTEAD_FULL") == "1"
pytestmark = pytest.mark.skipif(not FULL, reason="hour-long strength runs: set FARMSTEAD_FULL=1")


def mcts_summary(opponent: str, out: Path) -> AgentSummary:
    records = list(run_tournament("rancho", ["mcts", opponent], 200, seed=7, out=out))
    return next(a for a in agent_results(records) if a.agent == "mcts")


def test_mcts_wins_nine_in_ten_against_random(tmp_path: Path) -> None:
    summary = mcts_summary("random", tmp_path / "random.jsonl")
    assert summary.games == 200
    assert summary.rate >= 0.9, summary


def test_mcts_beats_heuristic_with_the_interval_above_half(tmp_path: Path) -> None:
    summary = mcts_summary("heuristic", tmp_path / "heuristic.jsonl")
    assert summary.games == 200
    assert summary.low > 0.5, summary
