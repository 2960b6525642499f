"""One Rancho game on compiled rules (``compiled_rules`` and its parts, ``compiled_tensor``):
a ``core.compiled.CompiledOne`` for the learning environments, each decision one compiled call
that applies it, draws the chance that follows (the dice after ROLL, RA-R8; the predator die,
RA-R33), and writes the next mask and the next mover's tensor.

As Animal Farm's ``batched_one``: the arrays live in one compiled object (``RanchoArrays``, a
Numba ``StructRef``), and the functions below are called through their compiled entry points,
so a call costs no type checks of some twenty arrays.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from numba import njit, types
from numba.experimental import structref

from farmstead.core.compiled import (
    CompiledOne,
    clear_mask,
    draw,
    drop_stale_caches,
    entry_point,
    record,
    set_mask,
    stream_key,
)
from farmstead.core.game import Game
from farmstead.games.rancho.compiled_rules import (
    apply_chance,
    apply_decision,
    draw_outcome,
    legal_actions,
)
from farmstead.games.rancho.compiled_state import (
    CHANCE,
    SC,
    STREAM,
    WINNER,
    current_player,
    load,
    new_state,
)
from farmstead.games.rancho.compiled_tables import CELLS, INTS, PASTURES, PLAYERS, T_SIZE, tables
from farmstead.games.rancho.compiled_tensor import write_row

# Numba keeps compiled code per source file: drop it when any compiled*.py module changed.
drop_stale_caches(Path(__file__).parent, "compiled*.py")


LOG_SIZE = 1024  # the log's first size; it doubles when full

ILLEGAL = CompiledOne.ILLEGAL


@structref.register
class RanchoArraysType(types.StructRef):
    """The Numba type of ``RanchoArrays``."""

    def preprocess_fields(self, fields: Any) -> tuple[tuple[str, Any], ...]:
        return tuple((name, types.unliteral(kind)) for name, kind in fields)


class RanchoArrays(structref.StructRefProxy):
    """What the compiled functions read and write, in one object: ``game``, the game's
    arrays (``st``, ``compiled_state``), and the ``tables``; ``mask``, ``legal``, ``counts``,
    ``log`` and ``tensors`` (``core.compiled.CompiledOne``); ``marks``, the ids each tensor row
    set (``compiled_tensor``)."""


structref.define_proxy(
    RanchoArrays,
    RanchoArraysType,
    ["game", "tables", "mask", "legal", "counts", "log", "tensors", "marks"],
)


@njit(cache=True)
def resolve(h: Any) -> int:
    """Draw, log and apply chance outcomes until a seat decides or the game ends; that seat
    or ``TERMINAL``."""
    st, tb = h.game, h.tables
    seat = current_player(st)
    while seat == CHANCE:
        outcome = draw_outcome(st, tb)
        record(h, outcome)
        apply_chance(st, tb, outcome)
        seat = current_player(st)
    return seat


@njit(cache=True)
def refresh(h: Any) -> int:
    """The mask and the tensor of the seat to decide brought up to date; that seat (or
    ``TERMINAL``)."""
    clear_mask(h)
    seat = current_player(h.game)
    if seat >= 0:
        set_mask(h, legal_actions(h.game, h.tables, h.legal))
        write_row(h.game, h.tables, seat, h.tensors[seat], h.marks[seat])
    return seat


@njit(cache=True)
def resume(h: Any, key: Any) -> int:
    """Go on from the position in the arrays on the stream keyed ``key``, its log empty:
    the chance of a chance node drawn; then ``refresh``."""
    stream = h.game[STREAM]
    stream[0] = key
    stream[1] = 0
    h.counts[1] = 0
    resolve(h)
    return refresh(h)


@njit(cache=True)
def step(h: Any, action: int) -> int:
    """Apply ``action`` if the mask allows it, draw the chance that follows, then
    ``refresh``; ``ILLEGAL`` (nothing changed) for an action outside the mask."""
    if action < 0 or action >= h.mask.size or not h.mask[action]:
        return ILLEGAL
    record(h, action)
    apply_decision(h.game, h.tables, action)
    resolve(h)
    return refresh(h)


@njit(cache=True)
def play_others(h: Any, me: int) -> int:
    """Uniformly random legal actions (draws of the game's stream) while a seat other than
    ``me`` decides (every seat when -1), with the chance that follows each; then ``refresh``.
    The seat to decide, or ``TERMINAL``."""
    st = h.game
    stream = st[STREAM]
    clear_mask(h)
    seat = current_player(st)
    while seat >= 0 and seat != me:
        count = legal_actions(st, h.tables, h.legal)
        action = h.legal[int(draw(stream[0], stream[1]) * count)]
        stream[1] += np.uint64(1)
        record(h, action)
        apply_decision(st, h.tables, action)
        seat = resolve(h)
    return refresh(h)


@njit(cache=True)
def write(h: Any, seat: int) -> None:
    """Bring ``seat``'s tensor up to date."""
    write_row(h.game, h.tables, seat, h.tensors[seat], h.marks[seat])


class RanchoOne(CompiledOne):
    """One Rancho game of ``game`` (a configured ``RanchoGame``) on the compiled rules (see
    the module)."""

    def __init__(self, game: Game) -> None:
        config: Any = game.config  # type: ignore[attr-defined]
        tb = tables(config, game.tensor_layout)  # type: ignore[attr-defined]
        ints = tb[INTS]
        players, size = int(ints[PLAYERS]), int(ints[T_SIZE])
        actions = config.layout.size
        # The most ids a row sets (``compiled_tensor``): the head and the herd, six per seat,
        # two per cell of the seats' spaces, the transaction (its fees at most one per pasture
        # and route), the tail.
        cells, pastures = int(ints[CELLS]), int(ints[PASTURES])
        most = 12 + 6 * players + 2 * cells + (18 + 2 * pastures + pastures**2) + 10 + 2 * players
        most += 1  # the count of ids comes first
        st = new_state(tb)
        initial = new_state(tb)
        load(initial, game.new_initial_state())  # type: ignore[arg-type]
        mask = np.zeros(actions, np.int8)
        counts = np.zeros(2, np.int64)
        tensors = np.zeros((players, size), np.float32)
        log = np.zeros(LOG_SIZE, np.int64)
        marks = np.zeros((players, most), np.int64)
        legal = np.zeros(actions, np.int64)
        arrays = RanchoArrays(st, tb, mask, legal, counts, log, tensors, marks)
        for target, source in zip(st, initial, strict=True):
            target[...] = source
        entries = {
            "resume": entry_point(resume, arrays, stream_key(0)),
            "step": entry_point(step, arrays, 0),
            "write": entry_point(write, arrays, 0),
            "play_others": entry_point(play_others, arrays, 0),
        }
        super().__init__(game, arrays, st, initial, entries, load, mask, counts, tensors)
        self._players = players

    def returns(self) -> list[float]:
        """``RanchoTurns.returns``: zero-sum, the winner +1 and every other seat -1/(n-1); all 0
        for a draw or before the end (RA-R43, RA-R45)."""
        winner = int(self._st[SC][WINNER])
        if winner < 0:
            return [0.0] * self._players
        loss = -1.0 / (self._players - 1)
        return [1.0 if seat == winner else loss for seat in range(self._players)]
