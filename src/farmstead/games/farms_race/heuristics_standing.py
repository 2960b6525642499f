"""Position evaluation for Farms Race bots: ``evaluate(state, seat) -> float`` in [-1, 1].

A seat's standing is its visible VP (the race itself), its production (regions it controls,
weighted by how scarce their resource is on the map), its herds (healthy count double), its
resources in hand toward the next build, and the threat of enemy herds next to its regions.
The value is ``tanh((own - best other) / SCALE)``; a finished game is worth its return.
"""

from __future__ import annotations

import math

from farmstead.core.game import State
from farmstead.games.farms_race.layout import NO, OVER
from farmstead.games.farms_race.rules import FRRules

SCALE = 6.0
VP_VALUE = 3.0
REGION_VALUE = 0.5
HERD_VALUE = 0.15
CARD_VALUE = 0.12
THREAT_VALUE = 0.1


def strength(state: FRRules, seat: int) -> float:
    """An estimate of how strong ``seat`` stands (see the module docstring)."""
    return _strengths(state)[seat]


def _strengths(state: FRRules) -> list[float]:
    """``strength`` of every seat in one pass over the map: each seat's terms are added in
    region order (the region, its herds, the threat of each enemy neighbour), then its
    cards, as a pass per seat would add them."""
    c = state.cfg
    n = c.players
    alive = [state.alive(seat) for seat in range(n)]
    values = [VP_VALUE * state.visible_vp(seat) if alive[seat] else -10.0 for seat in range(n)]
    owner = state.owner
    hr, ir = state.healthy_ready, state.injured_ready
    ha, ia = state.healthy_acted, state.injured_acted
    adjacent = c.adjacent
    for r, seat in enumerate(owner):
        if seat == NO or not alive[seat]:
            continue
        value = values[seat] + REGION_VALUE
        value += HERD_VALUE * (2 * (hr[r] + ha[r]) + (ir[r] + ia[r]))
        for m in adjacent[r]:
            other = owner[m]
            if other != NO and other != seat:
                value -= THREAT_VALUE * (hr[m] + ir[m] + ha[m] + ia[m])
        values[seat] = value
    for seat in range(n):
        if alive[seat]:
            values[seat] += CARD_VALUE * min(state.hand_size(seat), c.hand_limit)
    return values


def evaluate_all(state: State) -> list[float]:
    """``evaluate(state, seat)`` for every seat."""
    assert isinstance(state, FRRules)
    if state.phase == OVER:
        return state.returns()
    n = state.cfg.players
    values = _strengths(state)
    out = []
    for seat in range(n):
        best_other = max(v for s, v in enumerate(values) if s != seat)
        out.append(math.tanh((values[seat] - best_other) / SCALE))
    return out


def evaluate(state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``, in [-1, 1]."""
    return evaluate_all(state)[seat]
