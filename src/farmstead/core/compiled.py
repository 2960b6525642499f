"""Helpers of the games' compiled rules (Numba; the ``rl`` extra): the counter-based random
stream of ``core.batched.RandomStreams`` drawn inside compiled code, the entry point of a
compiled function without Numba's type dispatch, a game holder's log and mask, and
``CompiledOne``, the ``OneGame`` over a game's compiled entry points.

Imported only by compiled rules, which the learning environments load on demand: nothing else
of farmstead needs Numba.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, typeof

from farmstead.core.batched import OneGame, stream_keys
from farmstead.core.errors import IllegalActionError
from farmstead.core.game import Game, State

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_SCALE = 2.0**-53


@njit(cache=True, inline="always")
def draw(key: Any, n: Any) -> float:
    """Draw ``n`` of a stream keyed ``key`` (``core.batched.RandomStreams``): SplitMix64 of
    ``key + (n + 1) * golden``, scaled to [0, 1)."""
    z = key + (n + np.uint64(1)) * _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    z = z ^ (z >> np.uint64(31))
    return float(z >> np.uint64(11)) * _SCALE


def drop_stale_caches(folder: Path, pattern: str) -> None:
    """Delete Numba's disk cache of the modules ``folder/pattern`` (a game's compiled rules)
    when any of them, or this module, changed since the cache was written.

    Numba checks only the source file of the function called: a compiled function inlining,
    or calling, functions of other modules would otherwise keep their old code after those
    change. The sources' hash is kept beside the cache (``__pycache__``); a folder that cannot
    be written to keeps no cache there either, and is left alone."""
    sources = sorted(folder.glob(pattern)) + [Path(__file__)]
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in sources)).hexdigest()
    cache = folder / "__pycache__"
    marker = cache / f"numba-{pattern.replace('*', '').replace('.py', '')}-sources.sha256"
    try:
        if marker.exists() and marker.read_text() == digest:
            return
        modules = tuple(f"{path.stem}." for path in sources[:-1])
        for stale in cache.glob("*.nb[ic]"):
            if stale.name.startswith(modules):
                stale.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        written = marker.with_suffix(f".{os.getpid()}")
        written.write_text(digest)
        written.replace(marker)  # atomic: processes starting together agree
    except OSError:
        return


def stream_key(seed: int) -> np.uint64:
    """The key of the stream a game reset with ``seed`` draws from (as
    ``RandomStreams.seed``)."""
    return np.uint64(stream_keys([seed])[0])


def entry_point(function: Any, *args: Any) -> Any:
    """``function`` compiled for the types of ``args`` (called once with them), as its
    compiled entry point: the same code without Numba's type dispatch, for calls whose
    argument types never change (a holder object and ints). A function compiled for several
    types (one per game's holder) has one entry point per type: this is the one of ``args``."""
    function(*args)
    return function.overloads[tuple(typeof(arg) for arg in args)].entry_point


@njit(cache=True, inline="always")
def record(h: Any, action: int) -> None:
    """Append an action or chance outcome to the log of a game holder ``h`` (a StructRef with
    ``log``, an int64 array, and ``counts``, whose entry 1 is the log's length), doubling the
    log when it is full."""
    n = h.counts[1]
    if n == h.log.size:
        grown = np.empty(2 * n, np.int64)
        grown[:n] = h.log
        h.log = grown
    h.log[n] = action
    h.counts[1] = n + 1


@njit(cache=True, inline="always")
def clear_mask(h: Any) -> None:
    """Zero the mask of a game holder ``h`` (``mask``, and ``legal``, the ids set in it,
    ``counts[0]`` of them)."""
    for i in range(h.counts[0]):
        h.mask[h.legal[i]] = 0
    h.counts[0] = 0


@njit(cache=True, inline="always")
def set_mask(h: Any, count: int) -> None:
    """Set the mask of a cleared game holder ``h`` at the first ``count`` ids of ``legal``."""
    for i in range(count):
        h.mask[h.legal[i]] = 1
    h.counts[0] = count


@njit(cache=True)
def log_of(h: Any) -> Any:
    """The log array of a game holder ``h`` (``record``; its first ``counts[1]`` entries
    hold the log)."""
    return h.log


class CompiledOne(OneGame):
    """A ``OneGame`` on a game's compiled rules held in one Numba StructRef (``arrays``, see
    the games' ``compiled.py``) with the fields ``mask``, ``legal``, ``counts`` (the legal
    ids, the log's length), ``log`` (every action and chance outcome since the game began or
    was loaded) and ``tensors`` (one row per seat); ``mask``, ``counts`` and ``tensors`` are
    also given as the arrays they hold. The game's module gives the compiled entry points
    (``entries``: ``resume(h, key)``, ``step(h, action)``, ``write(h, seat)``,
    ``play_others(h, seat)``, each returning the seat to decide where it plays), the arrays
    of its game (``st``) and of its initial position (``initial``, copied into ``st`` by
    ``reset``) and ``load`` (a reference position into ``st``).

    ``to_state`` replays the log on a new reference ``State`` (from the start, or from a copy
    of the position ``load`` was given); ``follow`` applies what the log gained since the last
    call, or since ``reset``, ``load`` or a recorded ``play_random``, to a reference beside.
    """

    ILLEGAL = -100  # what ``step`` returns for an action that is not legal

    def __init__(
        self,
        game: Game,
        arrays: Any,
        st: tuple[Any, ...],
        initial: tuple[Any, ...],
        entries: dict[str, Any],
        load: Callable[[tuple[Any, ...], Any], None],
        mask: npt.NDArray[np.int8],
        counts: npt.NDArray[np.int64],
        tensors: npt.NDArray[np.float32],
    ) -> None:
        self.game = game
        self._arrays = arrays
        self._st = st
        self._initial = initial
        self._load = load
        self._resume = entries["resume"]
        self._step = entries["step"]
        self._write = entries["write"]
        self._play_others = entries["play_others"]
        self._log_array = entry_point(log_of, arrays)
        self._mask = mask
        self._counts = counts
        self._tensors = tensors
        self._rows = tuple(tensors[seat] for seat in range(tensors.shape[0]))
        self._actions = self._mask.size
        self._written = -1  # the seat whose tensor the last call wrote
        self._followed = 0  # the log entries a reference beside has been given
        self._base: State | None = None  # the position the log starts from (None: the start)

    def reset(self, seed: int) -> int:
        for target, source in zip(self._st, self._initial, strict=True):
            target[...] = source
        self._base = None
        return self._begin(seed)

    def load(self, state: State, seed: int) -> int:
        """Go on from ``state`` (a position of this configured game, copied), its chance
        drawn from the stream keyed by ``seed``: the seat to decide, or ``TERMINAL``. For
        tests that start from chosen positions."""
        if getattr(state, "cfg", None) is not getattr(self.game, "config", None):
            raise ValueError("the position is of another configured game")
        self._load(self._st, state)
        self._base = state.clone()
        return self._begin(seed)

    def _begin(self, seed: int) -> int:
        self._written = seat = self._resume(self._arrays, stream_key(seed))
        self._followed = 0 if self._base is not None else self._logged()
        return seat

    def step(self, action: int) -> int:
        if not 0 <= action < self._actions:
            raise IllegalActionError(
                f"action {action} is not an action id (0..{self._actions - 1})"
            )
        seat = self._step(self._arrays, action)
        if seat == self.ILLEGAL:
            raise IllegalActionError(f"action {action} is not legal now")
        self._written = seat
        return seat

    def play_random(self, seat: int, record: list[int] | None = None) -> int:
        """``OneGame.play_random``; ``record`` receives the chance outcomes drawn between the
        actions too, so that applying it to the reference ``State`` plays the same game."""
        logged = self._logged()
        player = self._play_others(self._arrays, seat)
        if record is not None:
            record.extend(self._log(logged))
            self._followed = self._logged()
        self._written = player
        return player

    def follow(self, reference: State, action: int) -> None:
        """Apply to ``reference`` (this game before the last ``step``) the action and the
        chance outcomes drawn after it, each checked (``apply_action``)."""
        for entry in self._log(self._followed):
            reference.apply_action(entry)
        self._followed = self._logged()

    def mask(self) -> npt.NDArray[np.int8]:
        return self._mask

    def tensor(self, seat: int) -> npt.NDArray[np.float32]:
        if seat != self._written:
            self._write(self._arrays, seat)
            self._written = seat
        return self._rows[seat]

    def to_state(self) -> State:
        """The game replayed from its log on a new reference ``State``: from the start, or
        from a copy of the position ``load`` was given."""
        state = self.game.new_initial_state() if self._base is None else self._base.clone()
        for entry in self._log(0):
            state.apply_action(entry)
        return state

    def _logged(self) -> int:
        return int(self._counts[1])

    def _log(self, start: int) -> list[int]:
        """The log's entries from ``start``."""
        entries: list[int] = self._log_array(self._arrays)[start : self._logged()].tolist()
        return entries
