"""Fences's observation tensor written by the compiled rules (Numba) from their arrays
(``compiled_state``): the values of ``tensor.encoding_parts``, field by field (see
``tensor``'s table), for a seat's own view.

Secrecy (FE-R22 … FE-R25), as the state encoding: the viewer's own hand is read whole; of
another seat's hand only its size and the public slots (revealed when stuck, FE-R37, or the
tile the active seat picked up for placing); the supply only as its size. The differential
test holds every tensor to the reference encoding.

A row keeps the ids it set (``marks``: their number first, then the ids), and the next write
of that row clears only those instead of the whole row.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from farmstead.games.fences.compiled_state import (
    ACTIVE,
    BARN_COUNT,
    BARNS,
    DISCARD_COUNT,
    DISCARDS,
    FARMER,
    FIRST,
    HAND_LEN,
    HANDS,
    NODE_TILE,
    NODES,
    P_CELL,
    P_NODE,
    P_ROT,
    P_TYPE,
    PHASE,
    PLACED,
    PLACEMENTS,
    REVEALED,
    SC,
    SCORE,
    SEATS,
    SEL_CELL,
    SEL_SLOT,
    STOCK,
    SUPPLY_TOTAL,
)
from farmstead.games.fences.compiled_tables import (
    BARN_STOCK,
    CARDS,
    COL_OF,
    FARMER_AT,
    HAND,
    INTS,
    MAX_FIELDS,
    PLAYERS,
    ROW_OF,
    T_ACTIVE,
    T_BARNS,
    T_BOARD,
    T_DISCARDS,
    T_FARMERS,
    T_FIRST,
    T_HAND_SIZES,
    T_KNOWN,
    T_MY_HAND,
    T_PHASE,
    T_SCORES,
    T_SELECTED,
    T_STOCKS,
    T_SUPPLY,
    T_TO_MOVE,
    TILE_AT,
    TILES,
    TYPES,
)
from farmstead.games.fences.layout import (
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DEAL_TILES,
    DRAW,
    NO,
    OVER,
    SELECT_CELL,
    SELECT_ROT,
    STUCK_DRAW,
)


@njit(cache=True, inline="always")
def _put(out: Any, marks: Any, at: int, value: float) -> None:
    out[at] = value
    marks[0] += 1
    marks[marks[0]] = at


@njit(cache=True, inline="always")
def _add(out: Any, marks: Any, at: int) -> None:
    out[at] += 1.0
    marks[0] += 1
    marks[marks[0]] = at


@njit(cache=True)
def write_row(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """Make ``out`` ``seat``'s tensor of the game (``out`` holds this row's last write, whose
    ids ``marks`` keeps; see the module)."""
    for i in range(1, marks[0] + 1):
        out[marks[i]] = 0.0
    marks[0] = 0
    ints = tb[INTS]
    sc = st[SC]
    players, types, hand = ints[PLAYERS], ints[TYPES], ints[HAND]
    tile_at = tb[TILE_AT]
    phase = sc[PHASE]
    active = sc[ACTIVE]
    # phase … first
    _put(out, marks, ints[T_PHASE] + phase, 1.0)
    if active >= 0:
        deciding = phase != OVER and phase not in (
            DEAL_TILES,
            DEAL_FARMERS,
            CHOOSE_FIRST,
            DRAW,
            STUCK_DRAW,
        )
        rel = (active - seat) % players
        if deciding:
            _put(out, marks, ints[T_TO_MOVE] + rel, 1.0)
        _put(out, marks, ints[T_ACTIVE] + rel, 1.0)
    if sc[FIRST] != NO:
        _put(out, marks, ints[T_FIRST] + (sc[FIRST] - seat) % players, 1.0)
    # scores, stocks, farmers: public (FE-R24, FE-R25)
    seats = st[SEATS]
    stock_scale = max(1, ints[BARN_STOCK])
    for r in range(players):
        other = (seat + r) % players
        _put(out, marks, ints[T_SCORES] + r, seats[SCORE, other] / 50)
        _put(out, marks, ints[T_STOCKS] + r, seats[STOCK, other] / stock_scale)
        farmer = seats[FARMER, other]
        if farmer != NO:
            _put(out, marks, ints[T_FARMERS] + r * ints[CARDS] + tb[FARMER_AT][farmer], 1.0)
    # the hands: the viewer's whole (FE-R22), the others' sizes and public tiles
    hands, hand_len, revealed = st[HANDS], st[HAND_LEN], st[REVEALED]
    picked_by = active if phase in (SELECT_CELL, SELECT_ROT) else NO
    sel_slot = sc[SEL_SLOT]
    for r in range(players):
        other = (seat + r) % players
        _put(out, marks, ints[T_HAND_SIZES] + r, hand_len[other] / hand)
        known = ints[T_KNOWN] + r * types
        for slot in range(hand_len[other]):
            tile = tile_at[hands[other, slot]]
            if r == 0:
                _add(out, marks, known + tile)
                _put(out, marks, ints[T_MY_HAND] + slot * types + tile, 1.0)
            elif revealed[other, slot] or (other == picked_by and slot == sel_slot):
                _add(out, marks, known + tile)
    discards = st[DISCARDS]
    for i in range(sc[DISCARD_COUNT]):  # public (FE-R25)
        _add(out, marks, ints[T_DISCARDS] + tile_at[discards[i]])
    _put(out, marks, ints[T_SUPPLY], sc[SUPPLY_TOTAL] / max(1, ints[TILES]))  # its size only
    # the board and its barns: public (FE-R25)
    placed = st[PLACED]
    row_of, col_of = tb[ROW_OF], tb[COL_OF]
    width = 3 + types + 4
    for k in range(sc[PLACEMENTS]):
        base = ints[T_BOARD] + k * width
        cell = placed[P_CELL, k]
        _put(out, marks, base, 1.0)
        _put(out, marks, base + 1, row_of[cell])
        _put(out, marks, base + 2, col_of[cell])
        _put(out, marks, base + 3 + tile_at[placed[P_TYPE, k]], 1.0)
        _put(out, marks, base + 3 + types + placed[P_ROT, k], 1.0)
    barns, node_tile = st[BARNS], st[NODES][NODE_TILE]
    for i in range(0, 2 * sc[BARN_COUNT], 2):
        node = barns[i]
        k = node_tile[node]
        at = ints[T_BARNS] + (k * ints[MAX_FIELDS] + node - placed[P_NODE, k]) * players
        _put(out, marks, at + (barns[i + 1] - seat) % players, 1.0)
    # the tile picked up for placing, its cell, and the viewer's own slot
    if picked_by != NO:
        start = ints[T_SELECTED]
        _put(out, marks, start + tile_at[hands[active, sel_slot]], 1.0)
        if phase == SELECT_ROT:
            _put(out, marks, start + types, row_of[sc[SEL_CELL]])
            _put(out, marks, start + types + 1, col_of[sc[SEL_CELL]])
        if seat == active:
            _put(out, marks, start + types + 2 + sel_slot, 1.0)
