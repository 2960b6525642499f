"""Animal Farm's observation tensor for many games at once: ``tensor.encode`` as array writes.

``BatchTensorWriter.write`` fills rows exactly as ``tensor.py`` fills one vector (the fields are in
its module docstring): the one-hot squares of the units and loose piles as scatter writes at
``(row, field start + index)``, every other field inside three dense column blocks (phase to
to_move_mine, unit_xy, carried to result) written whole. Everything is open (AF-R25), so the
view only decides which side is "mine": the viewer's player, or Player 1 for a spectator (seat
-1) and before the coin toss.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from farmstead.core.batched import IntArray
from farmstead.games.animal_farm.layout import IDLE

F32 = np.float32


class BatchTensorWriter:
    """Writes the tensors of an ``AnimalFarmBatch`` in chunks of ``chunk`` rows (temporaries
    stay small). With ``reuse`` it remembers, per chunk, the one-hot entries and the unit_xy
    block it wrote, and next time rewrites only the entries and rows that changed: most of a
    large batch's tensors lie outside the cache, so the writes it saves are cache misses."""

    def __init__(self, engine: Any, chunk: int = 1024) -> None:
        """``engine``: the ``AnimalFarmBatch`` (``batched.py``) whose arrays are read; typed
        ``Any`` because that module imports this one."""
        self.e = engine
        self.chunk = chunk
        self._out: Any = None  # the array and the index of the last reuse write
        self._index: Any = None
        self._last: dict[int, tuple[Any, Any, Any]] = {}  # per chunk: flat, values, unit_xy

    def write(self, g: IntArray, seats: IntArray, out: Any, reuse: bool) -> None:
        """The tensors of games ``g`` seen by ``seats`` into ``out`` (see the module)."""
        same = reuse and out is self._out and g is self._index and out.flags.c_contiguous
        if not same:
            self._last = {}
        m = g.size
        for lo in range(0, m, self.chunk):
            hi = min(m, lo + self.chunk)
            last = self._last.pop(lo, None)
            written = self._write(g[lo:hi], seats[lo:hi], out[lo:hi], last)
            if reuse and written is not None:
                self._last[lo] = written
        self._out, self._index = (out, g) if reuse else (None, None)

    def _write(self, g: IntArray, seats: IntArray, out: Any, last: Any) -> Any:
        """One chunk; ``last``: what the previous write left in these rows (None: unknown,
        clear them first). Returns what this one wrote, or None if ``out`` is not
        contiguous."""
        e, t = self.e, self.e.t
        m, size = out.shape
        p1 = e.p1_seat[g]
        me = np.where((seats < 0) | (p1 < 0), 0, seats ^ p1)  # the viewer's player
        phase = e.phase[g]
        play = phase >= IDLE  # the "turn" fields exist from the first turn on
        units = t.rel_unit[me] + (g * e.cfg.num_units)[:, None]
        cell = e.pos.reshape(-1)[units]  # (M, 2S): the units' cells, the viewer's first
        spots = np.concatenate((cell, e.pile_cell[g]), axis=1)  # + the loose piles' cells
        flat = ((t.sparse_base + np.maximum(spots, 0)) + (np.arange(m) * size)[:, None]).ravel()
        values = (spots >= 0).ravel()  # my_units, their_units, piles: one-hot squares
        xy = np.take(t.xy_of, cell, axis=0).reshape(m, -1)
        start = t.at["unit_xy"]
        if not out.flags.c_contiguous:
            out[...] = 0.0
            out[flat // size, flat % size] = values
            out[:, start : start + xy.shape[1]] = xy
            last = None
        elif last is None:
            out[...] = 0.0
            out.reshape(-1)[flat] = values
            out[:, start : start + xy.shape[1]] = xy
        else:
            old_flat, old_values, old_xy = last
            moved = (flat != old_flat) | (values != old_values)
            out.reshape(-1)[old_flat[moved]] = 0.0
            out.reshape(-1)[flat[moved]] = values[moved]
            rows = (xy != old_xy).any(axis=1).nonzero()[0]
            out[rows, start : start + xy.shape[1]] = xy[rows]
        head = np.zeros((m, t.head[1] - t.head[0]), F32)
        head.reshape(-1)[np.arange(m) * head.shape[1] + phase] = 1.0
        head[:, -2] = me == 0
        head[:, -1] = play & (e.mover[g] == me)
        out[:, t.head[0] : t.head[1]] = head
        out[:, t.tail[0] : t.tail[1]] = self._tail(g, me, play)
        return (flat, values, xy) if out.flags.c_contiguous else None

    def _tail(self, g: IntArray, me: IntArray, play: Any) -> Any:
        """The block from ``carried`` to ``result``: carried, pile_xy, pools, activated,
        active, victim, turn_flags, ply, no_progress, setup_step, result. Its one-hot fields
        are scattered: each at its own offset, an absent one as a 0 at its first column."""
        e, t = self.e, self.e.t
        s = e.cfg.num_slots
        o = t.tail_at
        m = g.size
        width = t.tail[1] - t.tail[0]
        block = np.zeros((m, width), F32)
        carrier = e.pile_carrier[g]
        active = e.active[g]
        victim = e.victim[g]
        result = e.result[g]
        hot = np.empty((m, 5), np.int64)  # carried F1, carried F2, active, victim, result
        hot[:, :2] = (t.owner[carrier] != me[:, None]) * s + t.slot[carrier]
        hot[:, 2] = (e.mover[g] != me) * s + t.slot[active]
        hot[:, 3] = (t.owner[victim] != me) * s + t.slot[victim]
        hot[:, 4] = result
        ids = np.concatenate((carrier, active[:, None], victim[:, None], result[:, None]), 1)
        present = ids >= 0
        cols = np.where(present, hot, 0) + t.hot_offsets + (np.arange(m) * width)[:, None]
        block.reshape(-1)[cols.reshape(-1)] = present.reshape(-1)
        cell = np.where(carrier >= 0, e.pos[g[:, None], carrier], e.pile_cell[g])
        block[:, o["pile_xy"] : o["pile_xy"] + 6] = np.take(t.xy_of, cell, axis=0).reshape(m, 6)
        turn = play[:, None]
        pools = t.pool_value[t.kinds, e.pools[g]]
        block[:, o["pools"] : o["pools"] + 3] = np.where(turn, pools, 0.0)
        block[:, o["activated"] : o["activated"] + s] = t.slot_bits[e.activated[g]] & turn
        block[:, o["turn_flags"] : o["turn_flags"] + 3] = e.flags[g] & turn
        block[:, o["ply"]] = e.ply[g] / t.ply_scale
        if t.no_progress_limit:
            block[:, o["no_progress"]] = e.no_progress[g] / t.no_progress_limit
        block[:, o["setup_step"]] = e.setup_step[g] / t.setup_scale
        return block
