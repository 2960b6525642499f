"""One Fences game on compiled rules (``compiled_rules``, ``compiled_tensor``): a
``core.batched.OneGame`` for the learning environments, each decision one compiled call that
applies it, draws the chance that follows (the tile draw, FE-R34 step 4), and writes the next
mask and the next mover's tensor.

As Animal Farm's ``batched_one``: the arrays live in one compiled object (``FencesArrays``, a
Numba ``StructRef``), and the functions below are called through their compiled entry points,
so a call costs no type checks of some twenty arrays.

``to_state`` replays the game's log (every action and chance outcome, in order) on a new
reference ``State``; ``follow`` applies what a ``step`` added to the log to a reference kept
beside (the environments' ``validate``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, types
from numba.experimental import structref

from farmstead.core.batched import OneGame
from farmstead.core.compiled import draw, entry_point, stream_key
from farmstead.core.errors import IllegalActionError
from farmstead.core.game import Game, State
from farmstead.games.fences.compiled_rules import (
    apply_decision,
    legal_actions,
    reset,
    resolve_chance,
)
from farmstead.games.fences.compiled_state import (
    LOG,
    LOG_COUNT,
    PHASE,
    SC,
    SCORE,
    SEATS,
    STREAM,
    current_player,
    load,
    log,
    new_state,
)
from farmstead.games.fences.compiled_tables import (
    ACTIONS,
    HAND,
    INTS,
    PLAYERS,
    T_SIZE,
    TILES,
    tables,
)
from farmstead.games.fences.compiled_tensor import write_row
from farmstead.games.fences.layout import OVER
from farmstead.games.fences.rules import FencesRules

ILLEGAL = -100  # what ``step`` returns for an action that is not legal


@structref.register
class FencesArraysType(types.StructRef):
    """The Numba type of ``FencesArrays``."""

    def preprocess_fields(self, fields: Any) -> tuple[tuple[str, Any], ...]:
        return tuple((name, types.unliteral(kind)) for name, kind in fields)


class FencesArrays(structref.StructRefProxy):
    """What the compiled functions read and write, in one object: ``game``, the game's
    arrays (``st``, ``compiled_state``), and the ``tables``; ``mask`` (the mover's legal
    actions, int8 over the action ids), ``legal`` (their ids, ``counts[0]`` of them);
    ``tensors`` (float32, one row per seat) and ``marks`` (the ids each row set,
    ``compiled_tensor``)."""


structref.define_proxy(
    FencesArrays,
    FencesArraysType,
    ["game", "tables", "mask", "legal", "counts", "tensors", "marks"],
)


@njit(cache=True, inline="always")
def _refresh_mask(h: Any) -> int:
    """The mask and ``legal`` brought to the game as it is; the seat to decide."""
    mask, legal, counts = h.mask, h.legal, h.counts
    for i in range(counts[0]):
        mask[legal[i]] = 0
    seat = current_player(h.game)
    counts[0] = legal_actions(h.game, h.tables, legal) if seat >= 0 else 0
    for i in range(counts[0]):
        mask[legal[i]] = 1
    return seat


@njit(cache=True)
def refresh(h: Any) -> int:
    """The mask and the tensor of the seat to decide brought up to date; that seat (or
    ``TERMINAL``)."""
    seat = _refresh_mask(h)
    if seat >= 0:
        write_row(h.game, h.tables, seat, h.tensors[seat], h.marks[seat])
    return seat


@njit(cache=True)
def start(h: Any, key: Any) -> int:
    """A new game on the stream keyed ``key``, dealt; then ``refresh``."""
    reset(h.game, h.tables, key)
    h.counts[0] = 0
    h.mask[:] = 0
    return refresh(h)


@njit(cache=True)
def resume(h: Any, key: Any) -> int:
    """Go on from the position loaded in the arrays, on the stream keyed ``key``: the chance
    of a chance node drawn; then ``refresh``."""
    stream = h.game[STREAM]
    stream[0] = key
    stream[1] = 0
    resolve_chance(h.game, h.tables)
    h.counts[0] = 0
    h.mask[:] = 0
    return refresh(h)


@njit(cache=True)
def step(h: Any, action: int) -> int:
    """Apply ``action`` if the mask allows it, draw the chance that follows, then
    ``refresh``; ``ILLEGAL`` (nothing changed) for an action outside the mask."""
    if action < 0 or action >= h.mask.size or not h.mask[action]:
        return ILLEGAL
    log(h.game, action)
    apply_decision(h.game, h.tables, action)
    resolve_chance(h.game, h.tables)
    return refresh(h)


@njit(cache=True)
def play_others(h: Any, me: int) -> int:
    """Uniformly random legal actions (draws of the game's stream) while a seat other than
    ``me`` decides (every seat when -1), with the chance that follows each; then ``refresh``.
    The seat to decide, or ``TERMINAL``."""
    st, legal, counts = h.game, h.legal, h.counts
    stream = st[STREAM]
    seat = current_player(st)
    while seat >= 0 and seat != me:
        _refresh_mask(h)
        action = legal[int(draw(stream[0], stream[1]) * counts[0])]
        stream[1] += np.uint64(1)
        log(st, action)
        apply_decision(st, h.tables, action)
        seat = resolve_chance(st, h.tables)
    return refresh(h)


@njit(cache=True)
def write(h: Any, seat: int) -> None:
    """Bring ``seat``'s tensor up to date."""
    write_row(h.game, h.tables, seat, h.tensors[seat], h.marks[seat])


class FencesOne(OneGame):
    """One Fences game of ``game`` (a configured ``FencesGame``) on the compiled rules (see
    the module)."""

    def __init__(self, game: Game) -> None:
        config: Any = game.config  # type: ignore[attr-defined]
        layout = game.tensor_layout  # type: ignore[attr-defined]
        self.game = game
        tb = tables(config, layout)
        ints = tb[INTS]
        self._actions = int(ints[ACTIONS])
        players = int(ints[PLAYERS])
        self._mask = np.zeros(self._actions, np.int8)
        self._tensors = np.zeros((players, int(ints[T_SIZE])), np.float32)
        # The most ids a row sets: fewer than its size plus a discard and hand tiles per tile.
        most = int(ints[T_SIZE]) + int(ints[TILES]) + 4 * players * int(ints[HAND]) + 64
        self._st = new_state(tb)
        self._arrays = FencesArrays(
            self._st,
            tb,
            self._mask,
            np.zeros(self._actions, np.int64),
            np.zeros(1, np.int64),
            self._tensors,
            np.zeros((players, most), np.int64),
        )
        key = stream_key(0)
        self._start = entry_point(start, self._arrays, key)
        self._resume = entry_point(resume, self._arrays, key)
        self._step = entry_point(step, self._arrays, 0)
        self._write = entry_point(write, self._arrays, 0)
        self._play_others = entry_point(play_others, self._arrays, 0)
        self._refresh = entry_point(refresh, self._arrays)
        self._rows = tuple(self._tensors[seat] for seat in range(players))
        self._players = players
        self._written = -1  # the seat whose tensor the last call wrote
        self._followed = 0  # the log entries a reference beside has been given
        self._base: State | None = None  # the position the log starts from (None: the start)

    def reset(self, seed: int) -> int:
        self._base = None
        self._written = seat = self._start(self._arrays, stream_key(seed))
        self._followed = self._logged()
        return seat

    def load(self, state: FencesRules, seed: int) -> int:
        """Go on from ``state`` (a position of this configured game, copied), its chance
        drawn from the stream keyed by ``seed``: the seat to decide, or ``TERMINAL``. For
        tests that start from chosen positions, the stuck procedure's (FE-R37) say."""
        if state.cfg is not self.game.config:  # type: ignore[attr-defined]
            raise ValueError("the position is of another configured game")
        load(self._st, state)
        self._base = state.clone()
        self._written = seat = self._resume(self._arrays, stream_key(seed))
        self._followed = 0
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
        """``OneGame.play_random``; ``record`` receives the chance outcomes drawn between the
        actions too (the tile draws), so that applying it to the reference ``State`` plays
        the same game."""
        logged = self._logged()
        player = self._play_others(self._arrays, seat)
        if record is not None:
            record.extend(self._st[LOG][logged : self._logged()].tolist())
            self._followed = self._logged()
        self._written = player
        return player

    def follow(self, reference: State, action: int) -> None:
        """Apply to ``reference`` (this game before the last ``step``) the action and the
        chance outcomes drawn after it, each checked (``apply_action``)."""
        for entry in self._st[LOG][self._followed : self._logged()].tolist():
            reference.apply_action(entry)
        self._followed = self._logged()

    def mask(self) -> npt.NDArray[np.int8]:
        return self._mask

    def tensor(self, seat: int) -> npt.NDArray[np.float32]:
        if seat != self._written:
            self._write(self._arrays, seat)
            self._written = seat
        return self._rows[seat]

    def returns(self) -> list[float]:
        """FE-R60 (``FencesTurns.returns``): 0 for all before the end or when every score is
        equal; else +1 for each seat with the top score and -1 for the others."""
        scores = self._st[SEATS][SCORE].tolist()
        best = max(scores)
        if self._st[SC][PHASE] != OVER or min(scores) == best:
            return [0.0] * self._players
        return [1.0 if score == best else -1.0 for score in scores]

    def to_state(self) -> State:
        """The game replayed from its log on a new reference ``State``: from the start, or
        from a copy of the position ``load`` was given."""
        state = self.game.new_initial_state() if self._base is None else self._base.clone()
        for entry in self._st[LOG][: self._logged()].tolist():
            state.apply_action(entry)
        return state

    def _logged(self) -> int:
        return int(self._st[SC][LOG_COUNT])
