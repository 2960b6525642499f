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

SEARCH_SETTINGS: dict[str, dict[str, object]] = {"mcts": {"prior": 2}}

SCALE = 6.0
VP_VALUE = 3.0
REGION_VALUE = 0.5
HERD_VALUE = 0.15
CARD_VALUE = 0.12
THREAT_VALUE = 0.1


def strength(state: FRRules, seat: int) -> float:
    """An estimate of how strong ``seat`` stands (see the module docstring)."""
    if not state.alive(seat):
        return -10.0
    c = state.cfg
    value = VP_VALUE * state.visible_vp(seat)
    owner = state.owner
    for r in range(c.regions):
        if owner[r] == seat:
            value += REGION_VALUE
            healthy = state.hf[r] + state.ha[r]
            injured = state.hi[r] + state.ia[r]
            value += HERD_VALUE * (2 * healthy + injured)
            for n in c.adjacent[r]:
                other = owner[n]
                if other != NO and other != seat:
                    value -= THREAT_VALUE * (state.hf[n] + state.hi[n] + state.ha[n] + state.ia[n])
    value += CARD_VALUE * min(state.hand_size(seat), c.hand_limit)
    return value


def evaluate_all(state: State) -> list[float]:
    """``evaluate(state, seat)`` for every seat."""
    assert isinstance(state, FRRules)
    if state.phase == OVER:
        return state.returns()
    n = state.cfg.players
    values = [strength(state, s) for s in range(n)]
    out = []
    for seat in range(n):
        best_other = max(v for s, v in enumerate(values) if s != seat)
        out.append(math.tanh((values[seat] - best_other) / SCALE))
    return out


def evaluate(state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``, in [-1, 1]."""
    return evaluate_all(state)[seat]
