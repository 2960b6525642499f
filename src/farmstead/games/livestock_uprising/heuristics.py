"""Position evaluation for Livestock Uprising bots: ``evaluate(state, seat) -> float`` in
[-1, 1].

Each seat's strength is estimated from its material (the printed ATK and DEF of its units,
Special Forces counted like troops), its harvest income (tokens a turn from the tiles its
Generals stand on, and the value of tokens held), the threats against its pieces (enemy pieces
within reach with a larger attack than the piece's defence) and the safety of its barn; an
eliminated seat is worth nothing. The value is ``tanh((own - best other) / SCALE)``; a finished
game is worth its return.
"""

from __future__ import annotations

import math

from farmstead.core.game import State
from farmstead.games.livestock_uprising.grid import chebyshev
from farmstead.games.livestock_uprising.layout import FORMING, NO, OVER, SUPER_ARMY
from farmstead.games.livestock_uprising.rules import LURules

SEARCH_SETTINGS: dict[str, dict[str, object]] = {"mcts": {"prior": 2}}

# Difficulty levels: level name -> agent spec, each answering well within 2 s a move,
# chosen from the published ladder (docs/ladder/livestock_uprising.html: random -320, heuristic
# +79, mcts at 40 iterations +114, mcts at 160 iterations +185 Elo).
BOT_LEVELS: dict[str, str | None] = {
    "easy": "random",
    "medium": "heuristic",
    "hard": "mcts:iterations=40,seconds=1",
    "expert": "mcts:iterations=160,seconds=2",
}

SCALE = 20.0
UNIT_VALUE = 2.0  # per unit, besides its ATK and DEF
TOKEN_VALUE = (0.5, 0.9, 1.3, 1.7, 2.5)  # per token, in resource order
INCOME_VALUE = 3.0  # per token a turn
THREAT_WEIGHT = 0.5


def strength(state: LURules, seat: int) -> float:
    """An estimate of how strong ``seat`` stands (see the module docstring)."""
    if not state.alive[seat]:
        return 0.0
    cfg = state.cfg
    value = 0.0
    for slot in range(4):
        pid = 4 * seat + slot
        if state.piece_cell[pid] == NO:
            continue
        units = state.units[pid]
        value += sum(cfg.atk[u] + cfg.defence[u] for u in units) + UNIT_VALUE * len(units) + 3.0
        if slot != SUPER_ARMY:
            value += INCOME_VALUE * state.harvest_yield(pid)[1]
    for r in range(5):
        value += TOKEN_VALUE[r] * state.tokens[5 * seat + r]
    value += 1.5 * state.hidden_count(seat)
    # Threats: enemy pieces within two steps that out-attack a piece's defence.
    side = cfg.side
    for slot in range(4):
        pid = 4 * seat + slot
        cell = state.piece_cell[pid]
        if cell == NO:
            continue
        defence = state.defence_value(pid)
        for other, at in enumerate(state.piece_cell):
            if at == NO or other // 4 == seat or chebyshev(cell, at, side) > 2:
                continue
            gap = state.attack_value(other) + 3.5 - (defence + 3.5)
            if gap > 0:
                value -= THREAT_WEIGHT * min(gap, 6.0)
    return value


def evaluate_all(state: State) -> list[float]:
    """``evaluate(state, seat)`` for every seat."""
    assert isinstance(state, LURules)
    if state.phase == OVER:
        return state.returns()
    if state.phase == FORMING:  # value the army as it would stand, not the Generals
        state = state.preview_forming()
    n = state.cfg.num_players
    values = [strength(state, seat) for seat in range(n)]
    out = []
    for seat in range(n):
        best_other = max(v for s, v in enumerate(values) if s != seat)
        out.append(math.tanh((values[seat] - best_other) / SCALE))
    return out


def evaluate(state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``, in [-1, 1]."""
    return evaluate_all(state)[seat]
