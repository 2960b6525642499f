"""Rancho's animals on the board, compiled (``compiled_rules``): whether a seat's animals fit
and the safest arrangement (``placement.Placement``: the same packings in the same order, the
same pruning bound, so ties go to the same first optimum), the safety score, lifting and
removing pieces, and the arrangement actions (``RanchoPieces``; RA-R24 … RA-R29, rancho.md
9.4)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.games.rancho.compiled_state import AMOUNT, DOGS, HERD, KIND, PLACED, POOL, TERR
from farmstead.games.rancho.compiled_tables import (
    A_PLACE_COW,
    A_PLACE_HORSE,
    A_PLACE_RABBIT,
    A_PLACE_SHEEP,
    A_UNPLACE,
    BY_HIT,
    CELL_HIT,
    CELLS,
    EDGE_CELLS,
    EDGE_HIT,
    INTS,
    PER_SPACE,
    TRIANGLE_CELLS,
    TRIANGLE_HIT,
    WEIGHTS,
)
from farmstead.games.rancho.layout import COW, EMPTY, HORSE, RABBIT, SHEEP, SMALL_DOG


@njit(cache=True, inline="always")
def edges_in(tb: Any, member: Any, out: Any) -> int:
    """``Board.edges_in``: the edges whose cells are all in ``member``, ascending, into
    ``out``; their number."""
    cells = tb[EDGE_CELLS]
    count = 0
    for e in range(cells.shape[0]):
        if member[cells[e, 0]] and member[cells[e, 1]]:
            out[count] = e
            count += 1
    return count


@njit(cache=True, inline="always")
def triangles_in(tb: Any, member: Any, out: Any) -> int:
    """``Board.triangles_in``, as ``edges_in``."""
    cells = tb[TRIANGLE_CELLS]
    count = 0
    for t in range(cells.shape[0]):
        if member[cells[t, 0]] and member[cells[t, 1]] and member[cells[t, 2]]:
            out[count] = t
            count += 1
    return count


@njit(cache=True)
def _single_items(tb: Any, sheep: int, rabbits: int, weight: Any, count: Any) -> int:
    """``Placement._single_items``: per single-cell item, its weight and its rabbits (0: a
    sheep), heaviest first, sheep before rabbit stacks on equal weight, then fewer rabbits
    first; their number."""
    w = tb[WEIGHTS]
    per = tb[INTS][PER_SPACE]
    full, part = rabbits // per, rabbits % per
    n = 0
    for _ in range(sheep):
        weight[n], count[n] = w[SHEEP], 0
        n += 1
    for _ in range(full):
        weight[n], count[n] = w[RABBIT] * per, per
        n += 1
    if part:
        weight[n], count[n] = w[RABBIT] * part, part
        n += 1
    for i in range(1, n):  # insertion sort by (-weight, is a stack, rabbits)
        wi, ci = weight[i], count[i]
        j = i - 1
        while j >= 0 and (
            weight[j] < wi
            or (weight[j] == wi and (count[j] > 0) > (ci > 0))
            or (weight[j] == wi and (count[j] > 0) == (ci > 0) and count[j] > ci)
        ):
            weight[j + 1], count[j + 1] = weight[j], count[j]
            j -= 1
        weight[j + 1], count[j + 1] = wi, ci
    return n


@njit(cache=True, inline="always")
def _singles_floor(tb: Any, member: Any, horses: int, cows: int, weight: Any, items: int) -> int:
    """``Placement._singles_floor``: the single items on the safest cells of ``member``, a
    lower bound of their part of any packing's score."""
    cell_hit = tb[CELL_HIT]
    spare = -3 * horses - 2 * cows
    for c in range(member.size):
        spare += member[c]
    floor = 0
    taken = 0
    for cell in tb[BY_HIT]:
        if taken == min(items, spare):
            break
        if member[cell]:
            floor += weight[taken] * cell_hit[cell]
            taken += 1
    return floor


@njit(cache=True, inline="always")
def _singles(tb: Any, free: Any, weight: Any, items: int, cells: Any) -> int:
    """The single items on the safest ``free`` cells (by hit faces, then index), heaviest
    first, their cells in ``cells``: their part of the score."""
    cell_hit = tb[CELL_HIT]
    score = 0
    taken = 0
    for cell in tb[BY_HIT]:
        if taken == items:
            break
        if free[cell]:
            score += weight[taken] * cell_hit[cell]
            cells[taken] = cell
            taken += 1
    return score


@njit(cache=True)
def pack(
    tb: Any,
    member: Any,
    horses: int,
    cows: int,
    weight: Any,
    items: int,
    best: bool,
    picks: Any,
    cells: Any,
) -> int:
    """The packings of ``Placement._packings`` (horse triangles, then cow edges, inside the
    spaces ``member``), in order. With ``best`` False: 0 if one exists, else -1. With ``best``:
    ``Placement._search_safest``'s score of the first safest full placement (-1: none), its
    picks (triangles, then edges) in ``picks`` and the cells of its single items (``weight``,
    ``items`` of them, heaviest first) in ``cells``."""
    tri_cells, edge_cells = tb[TRIANGLE_CELLS], tb[EDGE_CELLS]
    tri_hit, edge_hit = tb[TRIANGLE_HIT], tb[EDGE_HIT]
    w_cow, w_horse = tb[WEIGHTS][COW], tb[WEIGHTS][HORSE]
    tris = np.empty(tri_cells.shape[0], np.int64)
    ntri = triangles_in(tb, member, tris)
    edges = np.empty(edge_cells.shape[0], np.int64)
    nedge = edges_in(tb, member, edges)
    free = member.copy()
    total = horses + cows
    floor = _singles_floor(tb, member, horses, cows, weight, items) if best else 0
    pick = np.zeros(total + 1, np.int64)
    start = np.zeros(total + 1, np.int64)
    score = np.zeros(total + 1, np.int64)
    found = -1
    d = 0
    entering = True
    while d >= 0:
        if entering:
            entering = False
            pruned = best and found >= 0 and score[d] + floor >= found
            if not pruned and d == total:
                if not best:
                    return 0
                s = score[d] + _singles(tb, free, weight, items, cells[items:])
                if found < 0 or s < found:
                    found = s
                    picks[:total] = pick[:total]
                    cells[:items] = cells[items : 2 * items]
            if pruned or d == total:
                d -= 1
                if d >= 0:
                    _mark(tri_cells, edge_cells, free, pick[d], d < horses, True)
                continue
            # After the previous pick of the same kind (its list index + 1), else the first.
            start[d] = 0 if d in (0, horses) else start[d - 1]
        placed = False
        if d < horses:
            for n in range(start[d], ntri):
                t = tris[n]
                if free[tri_cells[t, 0]] and free[tri_cells[t, 1]] and free[tri_cells[t, 2]]:
                    pick[d], start[d] = t, n + 1
                    score[d + 1] = score[d] + w_horse * tri_hit[t]
                    placed = True
                    break
        else:
            for n in range(start[d], nedge):
                e = edges[n]
                if free[edge_cells[e, 0]] and free[edge_cells[e, 1]]:
                    pick[d], start[d] = e, n + 1
                    score[d + 1] = score[d] + w_cow * edge_hit[e]
                    placed = True
                    break
        if placed:
            _mark(tri_cells, edge_cells, free, pick[d], d < horses, False)
            d += 1
            entering = True
        else:
            d -= 1
            if d >= 0:
                _mark(tri_cells, edge_cells, free, pick[d], d < horses, True)
    return found


@njit(cache=True, inline="always")
def _mark(tri_cells: Any, edge_cells: Any, free: Any, piece: int, horse: bool, value: bool) -> None:
    if horse:
        for i in range(3):
            free[tri_cells[piece, i]] = value
    else:
        for i in range(2):
            free[edge_cells[piece, i]] = value


@njit(cache=True)
def feasible(st: Any, tb: Any, seat: int) -> bool:
    """``RanchoPieces.can_place_all``: every animal of ``seat`` fits on its spaces (RA-R25,
    RA-R26, RA-R29)."""
    owned = st[POOL][seat] + st[PLACED][seat]
    member = st[TERR][seat]
    spaces = 0
    for c in range(member.size):
        spaces += member[c]
    per = tb[INTS][PER_SPACE]
    needed = owned[SHEEP] + -(-owned[RABBIT] // per)
    if spaces - 3 * owned[HORSE] - 2 * owned[COW] < needed:
        return False
    none = np.zeros(0, np.int64)
    return pack(tb, member, owned[HORSE], owned[COW], none, 0, False, none, none) == 0


@njit(cache=True)
def safest(st: Any, tb: Any, seat: int, picks: Any, cells: Any, weight: Any, count: Any) -> int:
    """``RanchoPieces.safest_arrangement``: the score of the safest full placement of the
    seat's animals (-1: none), its picks and single cells (``pack``) and its single items
    (``weight``, ``count``: rabbits, 0 for a sheep), heaviest first."""
    if not feasible(st, tb, seat):
        return -1
    owned = st[POOL][seat] + st[PLACED][seat]
    items = _single_items(tb, owned[SHEEP], owned[RABBIT], weight, count)
    member = st[TERR][seat]
    return pack(tb, member, owned[HORSE], owned[COW], weight, items, True, picks, cells)


@njit(cache=True)
def safety_units(st: Any, tb: Any, seat: int) -> int:
    """``RanchoPieces.safety_units``: the seat's placed animals' safety score in hit units."""
    w, cell_hit = tb[WEIGHTS], tb[CELL_HIT]
    kind, amount, member = st[KIND], st[AMOUNT], st[TERR][seat]
    score = 0
    for cell in range(member.size):
        if not member[cell]:
            continue
        k = kind[cell]
        if k == RABBIT:
            score += w[RABBIT] * amount[cell] * cell_hit[cell]
        elif k == SHEEP:
            score += w[SHEEP] * cell_hit[cell]
        elif k == COW and tb[EDGE_CELLS][amount[cell], 0] == cell:
            score += w[COW] * tb[EDGE_HIT][amount[cell]]
        elif k == HORSE and tb[TRIANGLE_CELLS][amount[cell], 0] == cell:
            score += w[HORSE] * tb[TRIANGLE_HIT][amount[cell]]
    return score


@njit(cache=True)
def arrange_safest(st: Any, tb: Any, seat: int) -> None:
    """``RanchoPieces._arrange_safest``: the seat's whole arrangement replaced by the safest
    full placement (9.4)."""
    cells_n = tb[INTS][CELLS]
    picks = np.empty(cells_n, np.int64)
    cells = np.empty(2 * cells_n, np.int64)
    weight = np.empty(cells_n * 8, np.int64)
    count = np.empty(cells_n * 8, np.int64)
    safest(st, tb, seat, picks, cells, weight, count)
    kind, amount, member = st[KIND], st[AMOUNT], st[TERR][seat]
    for cell in range(member.size):
        if member[cell]:
            kind[cell], amount[cell] = EMPTY, 0
    pool, placed = st[POOL][seat], st[PLACED][seat]
    horses, cows = placed[HORSE] + pool[HORSE], placed[COW] + pool[COW]
    per = tb[INTS][PER_SPACE]
    items = placed[SHEEP] + pool[SHEEP] + -(-(placed[RABBIT] + pool[RABBIT]) // per)
    for k in range(4):
        placed[k] += pool[k]
        pool[k] = 0
    for i in range(horses):
        for j in range(3):
            c = tb[TRIANGLE_CELLS][picks[i], j]
            kind[c], amount[c] = HORSE, picks[i]
    for i in range(horses, horses + cows):
        for j in range(2):
            c = tb[EDGE_CELLS][picks[i], j]
            kind[c], amount[c] = COW, picks[i]
    for i in range(items):
        if count[i] == 0:
            kind[cells[i]], amount[cells[i]] = SHEEP, 1
        else:
            kind[cells[i]], amount[cells[i]] = RABBIT, count[i]


@njit(cache=True)
def lift(st: Any, tb: Any, cell: int) -> None:
    """``RanchoPieces._lift``: one piece off ``cell`` (a rabbit, the sheep, or every cell of
    a cow or horse)."""
    kind, amount = st[KIND], st[AMOUNT]
    k = kind[cell]
    if k == RABBIT:
        amount[cell] -= 1
        if amount[cell] == 0:
            kind[cell] = EMPTY
    elif k == SHEEP:
        kind[cell], amount[cell] = EMPTY, 0
    elif k == COW:
        piece = amount[cell]
        for j in range(2):
            c = tb[EDGE_CELLS][piece, j]
            kind[c], amount[c] = EMPTY, 0
    else:
        piece = amount[cell]
        for j in range(3):
            c = tb[TRIANGLE_CELLS][piece, j]
            kind[c], amount[c] = EMPTY, 0


@njit(cache=True)
def clear_piece(st: Any, tb: Any, cell: int) -> int:
    """``RanchoPieces._clear_piece``: the whole piece on ``cell`` removed; the animals in it."""
    k = st[KIND][cell]
    count = st[AMOUNT][cell] if k == RABBIT else 1
    if k == RABBIT:
        st[KIND][cell], st[AMOUNT][cell] = EMPTY, 0
    else:
        lift(st, tb, cell)
    return count


@njit(cache=True)
def most_exposed(st: Any, tb: Any, seat: int, k: int) -> int:
    """``RanchoPieces._most_exposed``: the seat's placed cell of kind ``k`` with the most hit
    faces, ties to the lowest index."""
    kind, amount, member = st[KIND], st[AMOUNT], st[TERR][seat]
    best, best_hit = -1, -1
    for cell in range(member.size):
        if not member[cell] or kind[cell] != k:
            continue
        if k == COW:
            hit = tb[EDGE_HIT][amount[cell]]
        elif k == HORSE:
            hit = tb[TRIANGLE_HIT][amount[cell]]
        else:
            hit = tb[CELL_HIT][cell]
        if hit > best_hit:
            best, best_hit = cell, hit
    return best


@njit(cache=True)
def remove_one(st: Any, tb: Any, seat: int, k: int, to_herd: bool) -> None:
    """``RanchoPieces._remove_one``: one piece of kind ``k`` from the seat, the pool first,
    else the most exposed (RA-R15, 9.4)."""
    if k >= SMALL_DOG:
        st[DOGS][seat, k - SMALL_DOG] -= 1
    elif st[POOL][seat, k]:
        st[POOL][seat, k] -= 1
    else:
        lift(st, tb, most_exposed(st, tb, seat, k))
        st[PLACED][seat, k] -= 1
    if to_herd:
        st[HERD][k] += 1


@njit(cache=True)
def arrangement_actions(st: Any, tb: Any, seat: int, out: Any, count: int) -> int:
    """``RanchoPieces._arrangement_actions`` appended to ``out`` from ``count``: UNPLACE and
    PLACE_* on the seat's own spaces (RA-R24 … RA-R28); the new count."""
    ints = tb[INTS]
    kind, amount, member = st[KIND], st[AMOUNT], st[TERR][seat]
    per = ints[PER_SPACE]
    empty = np.zeros(member.size, np.bool_)
    room = np.zeros(member.size, np.bool_)
    for cell in range(member.size):
        if not member[cell]:
            continue
        k = kind[cell]
        if k == EMPTY:
            empty[cell] = True
            room[cell] = True
        else:
            out[count] = ints[A_UNPLACE] + cell
            count += 1
            if k == RABBIT and amount[cell] < per:
                room[cell] = True
    pool = st[POOL][seat]
    if pool[RABBIT]:
        for cell in range(member.size):
            if room[cell]:
                out[count] = ints[A_PLACE_RABBIT] + cell
                count += 1
    if pool[SHEEP]:
        for cell in range(member.size):
            if empty[cell]:
                out[count] = ints[A_PLACE_SHEEP] + cell
                count += 1
    pieces = np.empty(tb[EDGE_CELLS].shape[0] + tb[TRIANGLE_CELLS].shape[0], np.int64)
    if pool[COW]:
        for i in range(edges_in(tb, empty, pieces)):
            out[count] = ints[A_PLACE_COW] + pieces[i]
            count += 1
    if pool[HORSE]:
        for i in range(triangles_in(tb, empty, pieces)):
            out[count] = ints[A_PLACE_HORSE] + pieces[i]
            count += 1
    return count
