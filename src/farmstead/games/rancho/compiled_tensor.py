"""Rancho's observation tensor written by the compiled rules (Numba) from their arrays
(``compiled_state``): the values of ``tensor.encoding_parts``, field by field (see
``tensor``'s table). All of Rancho is open (RA-R46): the viewer only orders the seats. The
differential test holds every tensor to the reference encoding.

A row keeps the ids it set (``marks``: their number first, then the ids), and the next write
of that row clears only those instead of the whole row.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from farmstead.games.rancho.compiled_state import (
    ACTIVE,
    AMOUNT,
    ATTACK,
    ATTACK_COUNT,
    ATTACKS,
    BUY,
    BUY_COUNT,
    D6_NUMBER,
    DIE_A_FACE,
    DIE_B_FACE,
    DOGS,
    FEE_COUNT,
    FEES,
    FIRST,
    GIVE,
    HERD,
    KIND,
    LINK_COUNT,
    LINKS,
    PHASE,
    POOL,
    QUEUE,
    QUEUE_COUNT,
    RECV,
    ROUND,
    ROUTE_FEE,
    ROUTE_MIN,
    ROUTE_TARGET,
    SAVER_COUNT,
    SAVERS,
    SC,
    TERR,
    TO_MOVE,
    TURN_ACTIONS,
    TX_OPEN,
    WINNER,
)
from farmstead.games.rancho.compiled_tables import (
    HERD_SCALE,
    INTS,
    MAX_ACTIONS,
    MAX_ROUNDS,
    PASTURES,
    PLAYERS,
    T_ACTIVE,
    T_ATTACK,
    T_ATTACKS_LEFT,
    T_BUY,
    T_D6,
    T_DICE,
    T_DOG_QUEUE,
    T_DOG_SAVERS,
    T_DOGS,
    T_FEES,
    T_FIRST,
    T_GIVE,
    T_HERD,
    T_OPEN,
    T_PASTURES,
    T_PHASE,
    T_POOLS,
    T_RABBITS,
    T_RECEIVE,
    T_ROUND,
    T_ROUTE_FEE,
    T_ROUTE_LINKS,
    T_ROUTE_TARGET,
    T_TO_MOVE,
    T_TURN_ACTIONS,
    T_WINNER,
)
from farmstead.games.rancho.layout import FOX, RABBIT

D6_SIDES = 12  # tensor.D6_SIDES


@njit(cache=True, inline="always")
def _put(out: Any, marks: Any, at: int, value: float) -> None:
    out[at] = value
    marks[0] += 1
    marks[marks[0]] = at


@njit(cache=True, inline="always")
def _add(out: Any, marks: Any, at: int, value: float) -> None:
    out[at] += value
    marks[0] += 1
    marks[marks[0]] = at


@njit(cache=True)
def write_row(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """Make ``out`` ``seat``'s tensor of the game (``out`` holds this row's last write, whose
    ids ``marks`` keeps; see the module)."""
    for i in range(1, marks[0] + 1):
        out[marks[i]] = 0.0
    marks[0] = 0
    ints, sc = tb[INTS], st[SC]
    n = ints[PLAYERS]
    # the head: phase, who decides, whose turn, who began, the round and the turn's decisions
    _put(out, marks, ints[T_PHASE] + sc[PHASE], 1.0)
    if sc[TO_MOVE] >= 0:
        _put(out, marks, ints[T_TO_MOVE] + (sc[TO_MOVE] - seat) % n, 1.0)
    if sc[ACTIVE] >= 0:
        _put(out, marks, ints[T_ACTIVE] + (sc[ACTIVE] - seat) % n, 1.0)
    if sc[FIRST] >= 0:
        _put(out, marks, ints[T_FIRST] + (sc[FIRST] - seat) % n, 1.0)
    _put(out, marks, ints[T_ROUND], sc[ROUND] / max(1, ints[MAX_ROUNDS]))
    _put(out, marks, ints[T_TURN_ACTIONS], sc[TURN_ACTIONS] / max(1, ints[MAX_ACTIONS]))
    herd, scale = st[HERD], tb[HERD_SCALE]
    for k in range(6):
        _put(out, marks, ints[T_HERD] + k, herd[k] / scale[k])
    _seats(st, tb, seat, out, marks)
    if sc[TX_OPEN]:
        _transaction(st, tb, seat, out, marks)
    _tail(st, tb, seat, out, marks)


@njit(cache=True)
def _seats(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """Per relative seat: its pools (only while some animal waits), dogs, pastures and the
    pieces on its spaces (every piece stands on one seat's spaces, RA-R24)."""
    ints = tb[INTS]
    n = ints[PLAYERS]
    pool, dogs = st[POOL], st[DOGS]
    unplaced = False
    for other in range(n):
        for k in range(4):
            unplaced = unplaced or pool[other, k] > 0
    kind, amount, terr = st[KIND], st[AMOUNT], st[TERR]
    pastures = ints[PASTURES]
    cells = terr.shape[1]
    for r in range(n):
        other = (seat + r) % n
        if unplaced:
            for k in range(4):
                _put(out, marks, ints[T_POOLS] + 4 * r + k, pool[other, k] / 10)
        for d in range(2):
            if dogs[other, d]:
                _put(out, marks, ints[T_DOGS] + 2 * r + d, dogs[other, d])
        owned_at = ints[T_PASTURES] + r * pastures
        for cell in range(cells):
            if not terr[other, cell]:
                continue
            if cell < pastures:
                _put(out, marks, owned_at + cell, 1.0)
            k = kind[cell]
            if k == RABBIT:
                _put(out, marks, ints[T_RABBITS] + cell, amount[cell] / 4)
            elif k >= 0:  # the planes rabbits, sheep, cows, horses follow each other
                _put(out, marks, ints[T_RABBITS] + k * cells + cell, 1.0)


@njit(cache=True)
def _tail(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """The dice, the predators, the predator die, the dog decisions and the winner."""
    ints, sc = tb[INTS], st[SC]
    n = ints[PLAYERS]
    if sc[DIE_A_FACE] >= 0:
        _put(out, marks, ints[T_DICE] + sc[DIE_A_FACE], 1.0)
        _put(out, marks, ints[T_DICE] + 6 + sc[DIE_B_FACE], 1.0)
    if sc[ATTACK] >= 0:
        _put(out, marks, ints[T_ATTACK] + sc[ATTACK] - FOX, 1.0)
    for i in range(sc[ATTACK_COUNT]):
        _add(out, marks, ints[T_ATTACKS_LEFT] + st[ATTACKS][i] - FOX, 0.5)
    if sc[D6_NUMBER]:
        _put(out, marks, ints[T_D6] + min(sc[D6_NUMBER], D6_SIDES) - 1, 1.0)
    for i in range(sc[QUEUE_COUNT]):
        _put(out, marks, ints[T_DOG_QUEUE] + (st[QUEUE][i] - seat) % n, 1.0)
    for i in range(sc[SAVER_COUNT]):
        _put(out, marks, ints[T_DOG_SAVERS] + (st[SAVERS][i] - seat) % n, 1.0)
    if sc[WINNER] >= 0:
        _put(out, marks, ints[T_WINNER] + (sc[WINNER] - seat) % n, 1.0)


@njit(cache=True)
def _transaction(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """The open transaction's fields: the flag, what is given and taken per kind / 10, the
    pastures bought, the passage route (RA-R21) and the fees owed per relative seat."""
    ints, sc = tb[INTS], st[SC]
    _put(out, marks, ints[T_OPEN], 1.0)
    give, recv = st[GIVE], st[RECV]
    for k in range(6):
        if give[k]:
            _put(out, marks, ints[T_GIVE] + k, give[k] / 10)
        if recv[k]:
            _put(out, marks, ints[T_RECEIVE] + k, recv[k] / 10)
    for i in range(sc[BUY_COUNT]):
        _put(out, marks, ints[T_BUY] + st[BUY][i], 1.0)
    if sc[ROUTE_TARGET] >= 0:
        _put(out, marks, ints[T_ROUTE_TARGET] + sc[ROUTE_TARGET], 1.0)
        for i in range(sc[LINK_COUNT]):
            _put(out, marks, ints[T_ROUTE_LINKS] + st[LINKS][i], 1.0)
        _put(out, marks, ints[T_ROUTE_FEE], sc[ROUTE_FEE] / 10)
        _put(out, marks, ints[T_ROUTE_FEE] + 1, sc[ROUTE_MIN] / 10)
    fees, n = st[FEES], ints[PLAYERS]
    for i in range(0, sc[FEE_COUNT], 2):
        _add(out, marks, ints[T_FEES] + (fees[i] - seat) % n, fees[i + 1] / 10)
