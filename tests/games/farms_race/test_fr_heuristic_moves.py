"""The Farms Race heuristic's move planner always completes a move it began (FR-5.3): when only
injured herds are left to take and the destination holds a Human token, as for Adorable
(FR-1.1), it takes them instead of switching between sources for ever."""

from __future__ import annotations

import pytest

from farmstead.core.registry import load_game
from farmstead.lab.play import play_game

# A three-heuristic game (the 57th of `farmstead tournament farms_race --agents
# heuristic,heuristic,heuristic --rotate -n 300 --seed 1`) in which an Adorable seat's move
# reaches that position.
SEED = 862960747678764756


@pytest.mark.timeout(120)
def test_FR_1_1_adorables_move_with_injured_herds_into_a_token_region_ends() -> None:
    record = play_game(load_game("farms_race", 3), ["heuristic"] * 3, SEED)
    assert record.returns is not None and len(record.actions) < 5000
    assert record.facts is not None and record.facts["end"] == "target"
