"""``mcts`` beats ``heuristic`` in Animal Farm and in Fences
(long: run with FARMSTEAD_FULL=1).

``mcts`` plays with the settings each game recommends (``heuristics.SEARCH_SETTINGS``: node
priors, and for Fences open-loop chance nodes and c 0.3). It must score (wins + half draws)
with the lower end of the 95% interval above 50%: Animal Farm ends in a draw whenever both
sides only guard their own feed (AF-R24), so wins alone undercount it. On 2 cores the Animal
Farm run takes about 20 minutes and the Fences run about 5. The same runs from the command
line: ``farmstead tournament animal_farm --agents mcts,heuristic -n 40 --seed 7`` and
``farmstead tournament fences --agents mcts,heuristic -n 80 --seed 7``.
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


@pytest.mark.parametrize(("game", "games"), [("animal_farm", 40), ("fences", 80)])
def test_mcts_beats_heuristic_with_the_score_interval_above_half(
    game: str, games: int, tmp_path: Path
) -> None:
    records = list(run_tournament(game, ["mcts", "heuristic"], games, seed=7, out=tmp_path / "r"))
    pair = next(p for p in head_to_head(records) if p.agent == "mcts")
    assert pair.games == games
    assert pair.low > 0.5, pair
