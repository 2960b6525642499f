"""Animal Farm's observation tensor for many games at once: ``tensor.encode`` as a compiled
loop over rows (Numba), each row written from the engine's arrays.

A row is filled exactly as ``tensor.py`` fills one vector (the fields are in its module
docstring): the one-hot squares of the units and loose piles as single writes, every other
field inside three dense column blocks (phase to to_move_mine, unit_xy, carried to result)
written whole. Everything is open (AF-R25), so the view only decides which side is "mine":
the viewer's player, or Player 1 for a spectator (seat -1) and before the coin toss.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.core.batched import IntArray
from farmstead.games.animal_farm.batched_kernel import (
    ACTIVATED,
    ACTIVE_UNIT,
    FLAGS,
    MOVER,
    NO_PROGRESS,
    P1_SEAT,
    PHASE,
    PILE_CARRIER,
    PILE_CELL,
    PLY,
    POOLS,
    POS,
    RESULT,
    SETUP_STEP,
    START_ZONES,
    VICTIM,
)
from farmstead.games.animal_farm.batched_tables import AnimalFarmTables
from farmstead.games.animal_farm.layout import IDLE

# Positions in the writer's ``ints`` (offsets are absolute columns, ``TAIL`` the carried
# field's; the others of the tail are from there).
(
    SLOTS,
    HEAD,
    HEAD_END,
    UNIT_XY,
    TAIL,
    PILE_XY,
    POOLS_AT,
    ACTIVATED_AT,
    ACTIVE_AT,
    VICTIM_AT,
    FLAGS_AT,
    PLY_AT,
    NO_PROGRESS_AT,
    SETUP_AT,
    RESULT_AT,
    NO_PROGRESS_LIMIT,
    START_ZONES_AT,
) = range(17)
# Positions in the writer's tables tuple.
INTS, SCALES, REL_UNIT, SPARSE_BASE, XY_OF, POOL_VALUE, OWNER, SLOT = range(8)


def tensor_tables(t: AnimalFarmTables) -> tuple[Any, ...]:
    """The writer's tables tuple of a configuration (``AnimalFarmTables``' tensor tables)."""
    o = t.tail_at
    tail = t.tail[0]
    ints = np.array(
        (
            t.slots,
            t.head[0],
            t.head[1],
            t.at["unit_xy"],
            tail,
            tail + o["pile_xy"],
            tail + o["pools"],
            tail + o["activated"],
            tail + o["active"],
            tail + o["victim"],
            tail + o["turn_flags"],
            tail + o["ply"],
            tail + o["no_progress"],
            tail + o["setup_step"],
            tail + o["result"],
            t.no_progress_limit,
            tail + o["start_zones"],
        ),
        np.int64,
    )
    scales = np.array((t.ply_scale, max(1, t.no_progress_limit), t.setup_scale), np.float64)
    return (ints, scales, t.rel_unit, t.sparse_base, t.xy_of, t.pool_value, t.owner, t.slot)


@njit(cache=True)
def write_rows(st: Any, tt: Any, idx: Any, seats: Any, out: Any, last: Any, clear: bool) -> None:
    """Row ``j`` of ``out``: the tensor of game ``idx[j]`` seen by ``seats[j]`` (-1: a
    spectator). ``last[j]`` lists the one-hot columns the row holds (-1: none); unless
    ``clear`` (zero the whole row first) only those are zeroed, and it is updated."""
    for j in range(idx.size):
        write_row(st, tt, idx[j], seats[j], out[j], last[j], clear)


@njit(cache=True, inline="always")
def write_row(st: Any, tt: Any, g: int, seat: int, row: Any, last: Any, clear: bool) -> None:
    """``row``: the tensor of game ``g`` seen by ``seat`` (-1: a spectator); ``last`` lists
    the one-hot columns the row holds (see ``write_rows``)."""
    ints = tt[INTS]
    p1 = st[P1_SEAT][g]
    me = 0 if seat < 0 or p1 < 0 else seat ^ p1  # the viewer's player
    if clear:
        row[:] = 0.0
        last[:] = -1
    else:
        row[ints[HEAD] : ints[HEAD_END]] = 0.0
        row[ints[TAIL] :] = 0.0
    _write_board(st, tt, g, me, row, last, clear)
    _write_turn(st, tt, g, me, row)


@njit(cache=True, inline="always")
def _write_board(st: Any, tt: Any, g: int, me: int, row: Any, last: Any, clear: bool) -> None:
    """my_units, their_units (one-hot squares) and unit_xy, the viewer's side first; the
    loose piles' squares. ``last`` holds the one-hot columns set in the row (-1: none): a unit
    or pile whose column is unchanged is skipped (what it writes depends on its square only),
    a moved one cleared and written."""
    ints, rel_unit, sparse_base, xy_of = tt[INTS], tt[REL_UNIT], tt[SPARSE_BASE], tt[XY_OF]
    pos, pile_cell = st[POS], st[PILE_CELL]
    s, unit_xy = ints[SLOTS], ints[UNIT_XY]
    for i in range(2 * s + 2):
        cell = pos[g, rel_unit[me, i]] if i < 2 * s else pile_cell[g, i - 2 * s]
        col = sparse_base[i] + cell if cell >= 0 else -1
        if col == last[i] and not clear:
            continue
        if last[i] >= 0:
            row[last[i]] = 0.0
        if col >= 0:
            row[col] = 1.0
        last[i] = col
        if i < 2 * s:
            for k in range(3):
                row[unit_xy + 3 * i + k] = xy_of[cell, k]  # the sentinel row for -1


@njit(cache=True, inline="always")
def _write_turn(st: Any, tt: Any, g: int, me: int, row: Any) -> None:
    """The head (phase, me_player_1, to_move_mine) and the tail (carried … result), both
    zeroed before."""
    ints, scales, xy_of = tt[INTS], tt[SCALES], tt[XY_OF]
    owner, slot, carrier = tt[OWNER], tt[SLOT], st[PILE_CARRIER]
    s, tail = ints[SLOTS], ints[TAIL]
    phase = st[PHASE][g]
    play = phase >= IDLE  # the "turn" fields exist from the first turn on
    row[ints[HEAD] + phase] = 1.0
    row[ints[HEAD_END] - 2] = me == 0
    row[ints[HEAD_END] - 1] = play and st[MOVER][g] == me
    for k in range(2):  # carried, pile_xy
        c = carrier[g, k]
        if c >= 0:
            row[tail + 2 * s * k + (owner[c] != me) * s + slot[c]] = 1.0
        cell = st[POS][g, c] if c >= 0 else st[PILE_CELL][g, k]
        for i in range(3):
            row[ints[PILE_XY] + 3 * k + i] = xy_of[cell, i]
    active = st[ACTIVE_UNIT][g]
    if active >= 0:
        row[ints[ACTIVE_AT] + (st[MOVER][g] != me) * s + slot[active]] = 1.0
    victim = st[VICTIM][g]
    if victim >= 0:
        row[ints[VICTIM_AT] + (owner[victim] != me) * s + slot[victim]] = 1.0
    result = st[RESULT][g]
    if result >= 0:
        row[ints[RESULT_AT] + result] = 1.0
    if play:
        for k in range(3):
            row[ints[POOLS_AT] + k] = tt[POOL_VALUE][k, st[POOLS][g, k]]
        bits = st[ACTIVATED][g]
        for i in range(s):
            row[ints[ACTIVATED_AT] + i] = (bits >> i) & 1
        for i in range(3):
            row[ints[FLAGS_AT] + i] = st[FLAGS][g, i]
        if ints[NO_PROGRESS_LIMIT]:  # AF-R24: each pile's zone when the turn began
            zones = st[START_ZONES][g]
            row[ints[START_ZONES_AT] + zones // 3] = 1.0
            row[ints[START_ZONES_AT] + 3 + zones % 3] = 1.0
    row[ints[PLY_AT]] = st[PLY][g] / scales[0]
    if ints[NO_PROGRESS_LIMIT]:
        row[ints[NO_PROGRESS_AT]] = st[NO_PROGRESS][g] / scales[1]
    row[ints[SETUP_AT]] = st[SETUP_STEP][g] / scales[2]


class BatchTensorWriter:
    """Writes the tensors of an ``AnimalFarmBatch``. With ``reuse`` it remembers the one-hot
    columns it set in each row and next time zeroes only those (and the dense blocks), not the
    whole row: most of a large batch's tensors lie outside the cache, so the writes it saves
    are cache misses."""

    def __init__(self, engine: Any) -> None:
        """``engine``: the ``AnimalFarmBatch`` (``batched.py``) whose arrays are read; typed
        ``Any`` because that module imports this one."""
        self.st = engine.kernel_state
        self.tt = tensor_tables(engine.t)
        self.sparse = 2 * engine.cfg.num_slots + 2
        self._out: Any = None  # the array and the index of the last reuse write
        self._index: Any = None
        self._last = np.empty((0, self.sparse), np.int64)

    def write(self, g: IntArray, seats: IntArray, out: Any, reuse: bool) -> None:
        """The tensors of games ``g`` seen by ``seats`` into ``out`` (see the module)."""
        same = reuse and out is self._out and g is self._index
        if not same:
            self._last = np.full((g.size, self.sparse), -1, np.int64)
        write_rows(self.st, self.tt, g, seats, out, self._last, not same)
        self._out, self._index = (out, g) if reuse else (None, None)
