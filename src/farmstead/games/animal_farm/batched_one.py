"""One Animal Farm game on the batched engine's compiled rules (``core.batched.OneGame``):
``AnimalFarmBatch`` with a single game, each decision one compiled call.

Why a holder: the compiled rules read the engine's state and tables, three tuples of some
forty arrays. Passed from Python, Numba checks the type of every one of them at every call
(about 6 µs, twice a random decision of the Python rules); passed between compiled functions
that are not inlined, each array's reference count moves twice. Here the tuples live in one
compiled object (``OneGameArrays``, a Numba ``StructRef``) with the mask, the tensors and
scratch arrays; the three functions below take it and an int, inline the rules they run
(``batched_kernel.apply`` and ``legal_row``, ``batched_tensor.write_row``: the code the batched
differential test holds to the reference ``State``), and are called through their compiled
entry points, which skip the type dispatch (the argument types never change). A decision, the
next mask and the next mover's tensor then cost about 1 µs together.

The functions are compiled once per machine (Numba's disk cache, as the kernel's); building the
holder compiles its small constructor once per process.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, types
from numba.experimental import structref

from farmstead.core.batched import OneGame
from farmstead.core.compiled import entry_point
from farmstead.core.errors import IllegalActionError
from farmstead.games.animal_farm.batched_kernel import DECIDER, apply, legal_row, play_random
from farmstead.games.animal_farm.batched_tensor import write_row
from farmstead.games.animal_farm.rules import AnimalFarmRules

ILLEGAL = -100  # what ``step`` returns for an action outside the mask


@structref.register
class OneGameArraysType(types.StructRef):
    """The Numba type of ``OneGameArrays``."""

    def preprocess_fields(self, fields: Any) -> tuple[tuple[str, Any], ...]:
        return tuple((name, types.unliteral(kind)) for name, kind in fields)


class OneGameArrays(structref.StructRefProxy):
    """What the compiled functions read and write, in one object: the engine's ``rules``
    (its state tuple), ``tables`` and ``tensor_tables``; ``mask`` (the mover's legal mask,
    int8 over the actions); ``tensors`` (float32, one row per seat) and ``last`` (the one-hot
    columns each row holds); ``legal`` and ``cells``, scratch of ``legal_row``; ``key`` and
    ``count``, the game's random stream (``RandomStreams``); ``log_games`` and
    ``log_actions``, where ``play_random`` logs its actions (empty: no log)."""


structref.define_proxy(
    OneGameArrays,
    OneGameArraysType,
    [
        "rules",
        "tables",
        "tensor_tables",
        "mask",
        "tensors",
        "last",
        "legal",
        "cells",
        "key",
        "count",
        "log_games",
        "log_actions",
    ],
)


@njit(cache=True)
def refresh(h: Any) -> int:
    """Bring the mask and the tensor of the seat to decide up to date with the game as it
    is; that seat (or ``PlayerId.TERMINAL``)."""
    st = h.rules
    legal_row(st, h.tables, 0, h.mask, h.legal, h.cells)
    seat: int = st[DECIDER][0]
    if seat >= 0:
        write_row(st, h.tensor_tables, 0, seat, h.tensors[seat], h.last[seat], False)
    return seat


@njit(cache=True)
def step(h: Any, action: int) -> int:
    """Apply ``action`` if the mask allows it, then ``refresh``; ``ILLEGAL`` (nothing
    changed) for an action outside the mask."""
    if action < 0 or action >= h.mask.size or not h.mask[action]:
        return ILLEGAL
    apply(h.rules, h.tables, 0, action)
    return refresh(h)


@njit(cache=True)
def play_others(h: Any, other: int) -> tuple[int, int]:
    """``batched_kernel.play_random`` for seat ``other`` (-1: every seat), then ``refresh``:
    (0 if the log filled before the turn ended, else 1; the actions logged)."""
    game = np.zeros(1, np.int64)  # the index array of the one game
    done, logged = play_random(
        h.rules, h.tables, game, 0, other, h.key, h.count, h.log_games, h.log_actions
    )
    refresh(h)
    return done, logged


@njit(cache=True)
def write(h: Any, seat: int) -> None:
    """Bring ``seat``'s tensor up to date."""
    write_row(h.rules, h.tensor_tables, 0, seat, h.tensors[seat], h.last[seat], False)


class AnimalFarmOne(OneGame):
    """One game on the compiled rules (see the module) of ``engine``, an ``AnimalFarmBatch``
    of one game (typed ``Any``: ``batched.py`` imports this module)."""

    def __init__(self, engine: Any, log_size: int = 1 << 10) -> None:
        """``log_size``: the actions ``play_random`` logs per compiled call when recording."""
        if engine.num_envs != 1:
            raise ValueError(f"AnimalFarmOne drives an engine of one game, not {engine.num_envs}")
        self.engine = engine
        self._actions = engine.num_actions
        self._game = np.zeros(1, np.int64)
        engine.reset(self._game, [0])
        self._mask = np.zeros(engine.num_actions, np.int8)
        self._tensors = np.zeros((2, engine.tensor_size), np.float32)
        shared = (
            engine.kernel_state,
            engine.kernel_tables,
            engine.tensors.tt,
            self._mask,
            self._tensors,
            np.full((2, engine.tensors.sparse), -1, np.int64),
            np.zeros(8, np.bool_),
            np.zeros(engine.cfg.num_cells, np.bool_),
            engine.streams.key,
            engine.streams.count,
        )
        no_log = np.zeros(0, np.int64)
        self._arrays = OneGameArrays(*shared, no_log, no_log)
        # The same arrays with a log, for play_random when recording.
        self._log = (np.zeros(log_size, np.int64), np.zeros(log_size, np.int64))
        self._logging = OneGameArrays(*shared, *self._log)
        self._refresh = entry_point(refresh, self._arrays)
        self._step = entry_point(step, self._arrays, -1)
        self._write = entry_point(write, self._arrays, 0)
        self._play_others = entry_point(play_others, self._arrays, 1)  # plays in a throwaway game
        engine.reset(self._game, [0])
        self._rows = (self._tensors[0], self._tensors[1])
        self._written = -1  # the seat whose tensor the last step or reset wrote

    def reset(self, seed: int) -> int:
        self.engine.reset(self._game, [seed])
        self._written = seat = self._refresh(self._arrays)
        return seat

    def step(self, action: int) -> int:
        if not 0 <= action < self._actions:
            raise IllegalActionError(
                f"action {action} is not an action id (0..{self._actions - 1})"
            )
        seat = self._step(self._arrays, action)
        if seat == ILLEGAL:
            raise IllegalActionError(f"action {action} is not legal now")
        self._written = seat
        return seat

    def play_random(self, seat: int, record: list[int] | None = None) -> int:
        other = 1 - seat if seat in (0, 1) else -1  # the seat that plays at random
        if record is None:
            self._play_others(self._arrays, other)
        else:
            done = 0
            while not done:
                done, logged = self._play_others(self._logging, other)
                record.extend(self._log[1][:logged].tolist())
        self._written = seat = int(self.engine.decider[0])
        return seat

    def mask(self) -> npt.NDArray[np.int8]:
        return self._mask

    def tensor(self, seat: int) -> npt.NDArray[np.float32]:
        if seat != self._written:
            self._write(self._arrays, seat)
        return self._rows[seat]

    def returns(self) -> list[float]:
        return [float(r) for r in self.engine.returns(self._game)[0]]

    def to_state(self) -> AnimalFarmRules:
        return self.engine.to_state(0)
