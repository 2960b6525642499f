"""Fences's rules compiled (Numba) over one game held in arrays: the deals, the legal actions
of every phase, laying a tile with its fields, scoring, barns, the stuck procedure and the
end, each function mirroring the ``FencesRules`` method it names; the differential test holds
the two to each other.

Every function reads and writes the game's arrays in place: ``st`` (``compiled_state``) and
``tb`` (``compiled_tables.tables``).

Chance is drawn from the game's stream (``core.compiled.draw``), one draw per outcome: a tile
by the supply's counts (FE-R29), a farmer card uniformly from the cards not dealt (FE-R31), the
first player uniformly (FE-R33).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.core.compiled import draw
from farmstead.games.fences.compiled_scoring import score
from farmstead.games.fences.compiled_state import (
    ACTIVE,
    ANIMALS,
    BARN_COUNT,
    BARNS,
    BOARD,
    DISCARD_COUNT,
    DISCARDS,
    FARMER,
    FIRST,
    FRONT,
    FRONT_AT,
    FRONT_COUNT,
    FRONTIER,
    HAND_LEN,
    HANDS,
    NBARN,
    NODE_COUNT,
    NODE_TILE,
    NODES,
    OPEN,
    P_CELL,
    P_NODE,
    P_ROT,
    P_TYPE,
    PARENT,
    PHASE,
    PLACED,
    PLACEMENTS,
    REVEALED,
    SC,
    SEATS,
    SEL_CELL,
    SEL_SLOT,
    STOCK,
    STREAM,
    SUPPLY,
    SUPPLY_TOTAL,
    find,
    union,
)
from farmstead.games.fences.compiled_tables import (
    A_BARN,
    A_CELL,
    A_DISCARD,
    A_PASS,
    A_ROTATE,
    DECK,
    DECK_CARDS,
    FIELD_ANIMALS,
    FIRST_PLAYER,
    FIT,
    FIT_COUNT,
    HAND,
    INTS,
    MAX_FIELDS,
    NUM_FIELDS,
    ORIGIN,
    PLAYERS,
    PORTS,
    SEGFIELD,
    WIDTH,
)
from farmstead.games.fences.layout import (
    BUILD,
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DEAL_TILES,
    DISCARD_TILE,
    DRAW,
    NO,
    OVER,
    SELECT_CELL,
    SELECT_ROT,
    SELECT_TILE,
    STUCK_DRAW,
)


@njit(cache=True, inline="always")
def can_place(st: Any, tb: Any, tile: int) -> bool:
    """FE-R36 (``FencesBoard.can_place``): the first tile always fits at (0, 0) (FE-R35);
    later, some frontier cell has a rotation that fits (FE-R8, FE-R9)."""
    sc = st[SC]
    if sc[PLACEMENTS] == 0:
        return True
    fit_count, frontier, front = tb[FIT_COUNT], st[FRONTIER], st[FRONT]
    found = False
    i = 0
    while not found and i < sc[FRONT_COUNT]:
        found = fit_count[tile, frontier[front[i]]] > 0
        i += 1
    return found


@njit(cache=True, inline="always")
def _add_front(st: Any, cell: int, bits: int) -> None:
    frontier, front_at = st[FRONTIER], st[FRONT_AT]
    if front_at[cell] < 0:
        sc = st[SC]
        front_at[cell] = sc[FRONT_COUNT]
        st[FRONT][sc[FRONT_COUNT]] = cell
        sc[FRONT_COUNT] += 1
    frontier[cell] |= bits


@njit(cache=True, inline="always")
def _drop_front(st: Any, cell: int) -> None:
    front_at = st[FRONT_AT]
    at = front_at[cell]
    if at < 0:
        return
    sc, front = st[SC], st[FRONT]
    last = front[sc[FRONT_COUNT] - 1]
    front[at] = last
    front_at[last] = at
    front_at[cell] = -1
    st[FRONTIER][cell] = 0
    sc[FRONT_COUNT] -= 1


@njit(cache=True)
def lay(st: Any, tb: Any, tile: int, cell: int, rot: int, done: Any) -> int:
    """``FencesBoard.lay``: ``tile`` on ``cell`` in rotation ``rot``, its tile-fields joined
    to their neighbours' (FE-R11); the roots of the fields it completed (FE-R14, FE-R15) in
    ``done``, each once; their number."""
    ints = tb[INTS]
    sc, board, placed, nodes = st[SC], st[BOARD], st[PLACED], st[NODES]
    width = ints[WIDTH]
    k = sc[PLACEMENTS]
    base = sc[NODE_COUNT]
    nf = tb[NUM_FIELDS][tile]
    board[cell] = k + 1
    placed[P_CELL, k] = cell
    placed[P_TYPE, k] = tile
    placed[P_ROT, k] = rot
    placed[P_NODE, k] = base
    sc[PLACEMENTS] = k + 1
    for i in range(nf):
        nodes[PARENT, base + i] = base + i
        nodes[OPEN, base + i] = 0
        nodes[ANIMALS, base + i] = tb[FIELD_ANIMALS][tile, i]
        nodes[NBARN, base + i] = 0
        nodes[NODE_TILE, base + i] = k
    sc[NODE_COUNT] = base + nf
    _drop_front(st, cell)
    sf = tb[SEGFIELD][4 * tile + rot]
    ports = tb[PORTS][4 * tile + rot]
    joined = np.empty(4, np.int64)  # per edge: the placement across it, or -1
    # Open segments first, while every new node is still its own root.
    for edge in range(4):
        other = cell + (-width, 1, width, -1)[edge]
        j = board[other]
        joined[edge] = j - 1
        if j:
            continue
        # FE-R10: an empty neighbour; both segments stay open.
        nodes[OPEN, base + sf[2 * edge]] += 1
        nodes[OPEN, base + sf[2 * edge + 1]] += 1
        facing = (edge + 2) & 3
        _add_front(st, other, (1 << (4 + facing)) | (((ports >> edge) & 1) << facing))
    # FE-R11: touching segments join; each closes one open segment of the neighbour.
    for edge in range(4):
        j = joined[edge]
        if j < 0:
            continue
        facing = (edge + 2) & 3
        nsf = tb[SEGFIELD][4 * placed[P_TYPE, j] + placed[P_ROT, j]]
        nbase = placed[P_NODE, j]
        for half in range(2):
            mine = base + sf[2 * edge + half]
            theirs = nbase + nsf[2 * facing + 1 - half]
            nodes[OPEN, find(nodes, theirs)] -= 1
            union(nodes, mine, theirs)
    count = 0
    for i in range(nf):
        root = find(nodes, base + i)
        if nodes[OPEN, root] == 0:
            seen = False
            for d in range(count):
                seen = seen or done[d] == root
            if not seen:
                done[count] = root
                count += 1
    return count


@njit(cache=True, inline="always")
def barn_field_legal(st: Any, field: int) -> bool:
    """FE-R41 … FE-R43 (``FencesBoard.legal_barn_fields``): tile-field ``field`` of the tile
    just placed is in an open field without a barn."""
    sc, nodes = st[SC], st[NODES]
    root = find(nodes, st[PLACED][P_NODE, sc[PLACEMENTS] - 1] + field)
    return nodes[OPEN, root] > 0 and nodes[NBARN, root] == 0


@njit(cache=True, inline="always")
def any_barn_field(st: Any, tb: Any) -> bool:
    sc = st[SC]
    if sc[PLACEMENTS] == 0:
        return False
    for i in range(tb[NUM_FIELDS][st[PLACED][P_TYPE, sc[PLACEMENTS] - 1]]):
        if barn_field_legal(st, i):
            return True
    return False


@njit(cache=True, inline="always")
def _pop_hand(st: Any, seat: int, slot: int) -> int:
    """The tile of hand ``slot`` of ``seat``, taken out (``list.pop``) with its revealed flag."""
    hands, revealed, hand_len = st[HANDS], st[REVEALED], st[HAND_LEN]
    tile = hands[seat, slot]
    for i in range(slot, hand_len[seat] - 1):
        hands[seat, i] = hands[seat, i + 1]
        revealed[seat, i] = revealed[seat, i + 1]
    hand_len[seat] -= 1
    return tile


@njit(cache=True, inline="always")
def discard(st: Any, slot: int) -> None:
    """FE-R37.2 (``FencesTurns._discard``): the tile goes face up out of the game."""
    sc = st[SC]
    st[DISCARDS][sc[DISCARD_COUNT]] = _pop_hand(st, sc[ACTIVE], slot)
    sc[DISCARD_COUNT] += 1


@njit(cache=True)
def begin_turn(st: Any, tb: Any, seat: int) -> None:
    """``FencesTurns._begin_turn``: place if possible (FE-R36), else the stuck procedure of
    FE-R37."""
    ints = tb[INTS]
    sc, hands, hand_len, revealed = st[SC], st[HANDS], st[HAND_LEN], st[REVEALED]
    players = ints[PLAYERS]
    while True:
        sc[ACTIVE] = seat
        for i in range(hand_len[seat]):
            if can_place(st, tb, hands[seat, i]):
                sc[PHASE] = SELECT_TILE
                return
        revealed[seat, : hand_len[seat]] = 1  # FE-R37.1: the hand is shown
        if sc[SUPPLY_TOTAL] > 0:
            if hand_len[seat] > 1:
                sc[PHASE] = DISCARD_TILE  # FE-R37.2: the player chooses
            else:
                discard(st, 0)
                sc[PHASE] = STUCK_DRAW
            return
        # FE-R37.3: the supply is empty; every unplaceable tile goes, the turn ends.
        discards = st[DISCARDS]
        for i in range(hand_len[seat]):
            discards[sc[DISCARD_COUNT]] = hands[seat, i]
            sc[DISCARD_COUNT] += 1
        hand_len[seat] = 0
        following = -1
        for i in range(1, players + 1):
            nxt = (seat + i) % players
            if hand_len[nxt]:
                following = nxt
                break
        if following < 0:
            sc[PHASE] = OVER
            return
        seat = following


@njit(cache=True)
def next_turn(st: Any, tb: Any, start: int) -> None:
    """``FencesTurns._next_turn``: the first seat from ``start`` holding a tile (FE-R38); the
    end when every hand is empty (FE-R58)."""
    players = tb[INTS][PLAYERS]
    for i in range(players):
        seat = (start + i) % players
        if st[HAND_LEN][seat]:
            begin_turn(st, tb, seat)
            return
    st[SC][PHASE] = OVER


@njit(cache=True, inline="always")
def end_of_turn(st: Any, tb: Any) -> None:
    """FE-R34 step 4: draw if the supply has tiles, else pass the turn on."""
    sc = st[SC]
    if sc[SUPPLY_TOTAL] > 0:
        sc[PHASE] = DRAW
    else:
        next_turn(st, tb, sc[ACTIVE] + 1)


@njit(cache=True)
def place(st: Any, tb: Any, cell: int, rot: int) -> None:
    """``FencesTurns._place``: FE-R34 steps 1 … 3."""
    sc, hands, revealed, hand_len = st[SC], st[HANDS], st[REVEALED], st[HAND_LEN]
    seat = sc[ACTIVE]
    slot = sc[SEL_SLOT]
    tile = hands[seat, slot]
    # Of two equal tiles, the one already shown leaves the hand.
    for i in range(hand_len[seat]):
        if hands[seat, i] == tile and revealed[seat, i]:
            slot = i
            break
    _pop_hand(st, seat, slot)
    sc[SEL_SLOT] = NO
    sc[SEL_CELL] = NO
    done = np.empty(tb[INTS][MAX_FIELDS], np.int64)
    count = lay(st, tb, tile, cell, rot, done)
    if count:
        score(st, tb, done, count)
    if st[SEATS][STOCK, seat] > 0 and any_barn_field(st, tb):
        sc[PHASE] = BUILD
    else:
        end_of_turn(st, tb)


@njit(cache=True)
def apply_decision(st: Any, tb: Any, action: int) -> None:
    """``FencesTurns._apply`` for a decision (a legal action id)."""
    ints = tb[INTS]
    sc = st[SC]
    if action < ints[A_ROTATE]:  # SELECT
        sc[SEL_SLOT] = action
        if sc[PLACEMENTS]:
            sc[PHASE] = SELECT_CELL
        else:  # FE-R35: the first tile goes at (0, 0) in rotation 0
            place(st, tb, ints[ORIGIN], 0)
    elif action < ints[A_BARN]:  # ROTATE
        place(st, tb, sc[SEL_CELL], action - ints[A_ROTATE])
    elif action < ints[A_PASS]:  # BARN, FE-R40 … FE-R42
        seat = sc[ACTIVE]
        node = st[PLACED][P_NODE, sc[PLACEMENTS] - 1] + action - ints[A_BARN]
        barns = st[BARNS]
        barns[2 * sc[BARN_COUNT]] = node
        barns[2 * sc[BARN_COUNT] + 1] = seat
        sc[BARN_COUNT] += 1
        st[SEATS][STOCK, seat] -= 1
        st[NODES][NBARN, find(st[NODES], node)] += 1
        end_of_turn(st, tb)
    elif action == ints[A_PASS]:
        end_of_turn(st, tb)
    elif action < ints[A_CELL]:  # DISCARD
        discard(st, action - ints[A_DISCARD])
        sc[PHASE] = STUCK_DRAW
    else:  # CELL
        sc[SEL_CELL] = action - ints[A_CELL]
        sc[PHASE] = SELECT_ROT


@njit(cache=True)
def apply_chance(st: Any, tb: Any, outcome: int) -> None:
    """``FencesTurns._apply_chance``."""
    ints = tb[INTS]
    sc = st[SC]
    phase = sc[PHASE]
    seat = sc[ACTIVE]
    players = ints[PLAYERS]
    if phase == DEAL_FARMERS:  # FE-R31
        st[SEATS][FARMER, seat] = outcome
        sc[ACTIVE] = seat + 1
        if seat + 1 == players:
            if ints[FIRST_PLAYER] >= 0:
                sc[FIRST] = ints[FIRST_PLAYER]
                begin_turn(st, tb, ints[FIRST_PLAYER])
            else:
                sc[ACTIVE] = 0
                sc[PHASE] = CHOOSE_FIRST
        return
    if phase == CHOOSE_FIRST:  # FE-R33
        sc[FIRST] = outcome
        begin_turn(st, tb, outcome)
        return
    st[SUPPLY][outcome] -= 1
    sc[SUPPLY_TOTAL] -= 1
    hand_len = st[HAND_LEN]
    st[HANDS][seat, hand_len[seat]] = outcome
    st[REVEALED][seat, hand_len[seat]] = 0
    hand_len[seat] += 1
    if phase == DEAL_TILES:  # FE-R30
        if hand_len[seat] == ints[HAND]:
            sc[ACTIVE] = seat + 1
            if seat + 1 == players:
                sc[ACTIVE] = 0
                sc[PHASE] = DEAL_FARMERS
    elif phase == DRAW:  # FE-R34 step 4, then the next seat (FE-R33)
        next_turn(st, tb, seat + 1)
    else:  # STUCK_DRAW (FE-R37)
        begin_turn(st, tb, seat)


@njit(cache=True)
def draw_outcome(st: Any, tb: Any) -> int:
    """The chance outcome of the position, drawn from the game's stream (see the module)."""
    sc, stream = st[SC], st[STREAM]
    u = draw(stream[0], stream[1])
    stream[1] += np.uint64(1)
    phase = sc[PHASE]
    if phase == DEAL_FARMERS:
        seats = st[SEATS]
        deck = tb[DECK_CARDS]
        left = tb[INTS][DECK] - sc[ACTIVE]  # the cards not dealt: one per seat dealt
        rank = int(u * left)
        for card in deck:
            dealt = False
            for s in range(sc[ACTIVE]):
                dealt = dealt or seats[FARMER, s] == card
            if not dealt:
                if rank == 0:
                    return card
                rank -= 1
        raise AssertionError("no farmer card left to deal")
    if phase == CHOOSE_FIRST:
        return int(u * tb[INTS][PLAYERS])
    supply = st[SUPPLY]
    rank = int(u * sc[SUPPLY_TOTAL])
    for tile in range(supply.size):
        if rank < supply[tile]:
            return tile
        rank -= supply[tile]
    raise AssertionError("no tile left in the supply")


@njit(cache=True)
def legal_actions(st: Any, tb: Any, out: Any) -> int:
    """``FencesTurns._legal_actions`` into ``out``, in id order; their number (0 when no seat
    decides)."""
    ints = tb[INTS]
    sc = st[SC]
    phase = sc[PHASE]
    seat = sc[ACTIVE]
    hands, hand_len = st[HANDS], st[HAND_LEN]
    count = 0
    if phase in (SELECT_TILE, DISCARD_TILE):
        base = 0 if phase == SELECT_TILE else ints[A_DISCARD]
        for slot in range(hand_len[seat]):
            tile = hands[seat, slot]
            repeat = False
            for earlier in range(slot):
                repeat = repeat or hands[seat, earlier] == tile
            if not repeat and (phase == DISCARD_TILE or can_place(st, tb, tile)):
                out[count] = base + slot
                count += 1
    elif phase == SELECT_CELL:
        tile = hands[seat, sc[SEL_SLOT]]
        fit_count, frontier, front = tb[FIT_COUNT], st[FRONTIER], st[FRONT]
        for i in range(sc[FRONT_COUNT]):
            cell = front[i]
            if fit_count[tile, frontier[cell]] > 0:
                out[count] = ints[A_CELL] + cell
                count += 1
        out[:count].sort()
    elif phase == SELECT_ROT:
        tile = hands[seat, sc[SEL_SLOT]]
        constraint = st[FRONTIER][sc[SEL_CELL]]
        for i in range(tb[FIT_COUNT][tile, constraint]):
            out[count] = ints[A_ROTATE] + tb[FIT][tile, constraint, i]
            count += 1
        out[:count].sort()
    elif phase == BUILD:
        for i in range(tb[NUM_FIELDS][st[PLACED][P_TYPE, sc[PLACEMENTS] - 1]]):
            if barn_field_legal(st, i):
                out[count] = ints[A_BARN] + i
                count += 1
        out[count] = ints[A_PASS]
        count += 1
    return count
