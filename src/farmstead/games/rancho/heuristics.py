"""Position evaluation for Rancho bots: ``evaluate(state, seat)`` in [-1, 1].

A seat's progress is the herd value it holds (placed, pooled and dogs), with a bonus for each
kind of the winning set it has placed and for pasture capacity, minus the value exposed to
predators. The evaluation is that progress relative to the best opponent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from farmstead.games.rancho.actions import ANIMALS

if TYPE_CHECKING:
    from farmstead.games.rancho.rules import RanchoState

KIND_BONUS = 30.0  # rabbits-worth per distinct kind placed: the win needs all four
SPACE_VALUE = 3.0  # rabbits-worth per owned space beyond the farm
SCALE = 150.0  # progress difference that maps to about 0.76


def progress(state: RanchoState, seat: int) -> float:
    """How close ``seat`` is to a complete herd, in rabbits-worth."""
    c = state.cfg
    values = c.values
    b = 4 * seat
    worth = 0.0
    kinds = 0
    for kind in ANIMALS:
        count = state.placed[b + kind] + state.pool[b + kind]
        worth += values[kind] * count
        if state.placed[b + kind]:
            kinds += 1
    worth += values[4] * state.dogs[2 * seat] + values[5] * state.dogs[2 * seat + 1]
    exposure = state.safety_units(seat) / (len(c.d6_faces) * 2.0)
    return worth + KIND_BONUS * kinds + SPACE_VALUE * state.npast[seat] - exposure


def evaluate(state: RanchoState, seat: int) -> float:
    """+1 won, -1 lost, 0 draw at the end; otherwise squashed progress against the best rival."""
    if state.is_terminal():
        return state.returns()[seat] if state.winner >= 0 else 0.0
    mine = progress(state, seat)
    best_other = max(progress(state, s) for s in range(state.cfg.num_players) if s != seat)
    x = (mine - best_other) / SCALE
    return x / (1.0 + abs(x))
