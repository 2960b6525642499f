"""Every game's observation tensor holds all that its observation holds: along random games,
positions whose tensors are equal for a seat have equal observations for that seat.

The observation (``observation(seat)``) is what the rulings on visibility let a seat see
(AF-R25, RA-R46, FE-R22 … FE-R25, LU-R1 and LU-R2, Farms Race section 16, FR-R19); the tensor
is a learner's view of the same position. Were the observation not a function of the seat and
the tensor, two positions a learner cannot tell apart would differ in something the seat may
see, and may act on: the attacks still to come in Rancho, say, or the cancellations left in a
Farms Race turn. Most positions of a game differ in a counter the tensor shows (plies, decisions
this turn), so the positions that share a tensor are those actions leave alike but for one
fact: the ones this check is for.

Rancho is not among the games checked here: its tensor counts every decision of a turn and
the rounds, so no two positions of its random games share one (the check would pass having
compared nothing). Its fields are checked one by one against the observation's facts in
``rancho/test_ra_tensor_writer.py`` and ``rancho/test_ra_pastures.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from farmstead.core.registry import game_names, load_game
from farmstead.core.rng import Rng

POSITIONS_PER_GAME = 4000
"""Positions visited per game, each seen by every seat."""


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """The paths at which two observations (JSON values) differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [
            p
            for k in sorted(set(a) | set(b))
            for p in differences(a.get(k), b.get(k), f"{path}.{k}")
        ]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for x, y in zip(a, b, strict=True) for p in differences(x, y, f"{path}[]")]
    return [] if a == b else [path or "."]


@pytest.mark.parametrize("name", [name for name in game_names() if name != "rancho"])
def test_positions_with_one_tensor_have_one_observation(name: str) -> None:
    game = load_game(name)
    seen: dict[tuple[int, bytes], tuple[str, Any]] = {}
    rng = Rng(11)
    visited = 0
    shared = 0
    while visited < POSITIONS_PER_GAME:
        state = game.new_initial_state()
        while not state.is_terminal() and visited < POSITIONS_PER_GAME:
            visited += 1
            for seat in range(game.num_players):
                observation = state.observation(seat)
                text = json.dumps(observation, sort_keys=True)
                key = (seat, state.observation_tensor(seat).tobytes())
                first = seen.setdefault(key, (text, observation))
                if first[0] != text:
                    found = differences(first[1], observation)
                    raise AssertionError(
                        f"{name}, seat {seat}: positions with one tensor differ in {found}"
                    )
                shared += first[1] is not observation
            if state.is_chance_node():
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert shared, f"{name}: no two positions shared a tensor; the check checked nothing"
