"""Scoring of completed Fences fields on the compiled rules (``compiled_rules``): FE-R48 …
FE-R56 and the farmer conditions of FE §5, as ``FencesTurns._score`` and ``scoring``."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.games.fences.compiled_state import (
    ACTIVE,
    ANIMALS,
    BARN_COUNT,
    BARNS,
    FARMER,
    NBARN,
    NODE_COUNT,
    NODE_TILE,
    NODES,
    PLACEMENTS,
    SC,
    SCORE,
    SEATS,
    STOCK,
    find,
)
from farmstead.games.fences.compiled_tables import CONDITIONS, INTS, MULTIPLIER, POINTS

_ANIMAL_BITS = 8  # scoring.pack_animals
_ANIMAL_MASK = (1 << _ANIMAL_BITS) - 1
# Farmer condition predicates, in the order of ``scoring.PREDICATES``.
(
    ANIMAL_MIN,
    HAS_BOTH,
    LACKS,
    TYPES_EXACT,
    TYPES_MIN,
    ANIMALS_EXACT,
    ANIMALS_MIN,
    ANIMALS_MAX,
    TILES_MIN,
    TILES_EXACT,
    OWN_BARN,
    NO_OWN_BARN,
    OPPONENT_BARN,
) = range(13)


@njit(cache=True, inline="always")
def _condition_met(cond: Any, animals: Any, span: int, own: int, other: int) -> bool:
    """``scoring.condition_met`` for one condition row (predicate, arg 0, arg 1, points)."""
    code, a0, a1 = cond[0], cond[1], cond[2]
    total = animals[0] + animals[1] + animals[2]
    kinds = (animals[0] > 0) + (animals[1] > 0) + (animals[2] > 0)
    if code == ANIMAL_MIN:
        return animals[a0] >= a1
    if code == HAS_BOTH:
        return animals[a0] >= 1 and animals[a1] >= 1
    if code == LACKS:
        return total >= 1 and animals[a0] == 0
    if code == TYPES_EXACT:
        return kinds == a0
    if code == TYPES_MIN:
        return kinds >= a0
    if code == ANIMALS_EXACT:
        return total == a0
    if code == ANIMALS_MIN:
        return total >= a0
    if code == ANIMALS_MAX:
        return total <= a0
    if code == TILES_MIN:
        return span >= a0
    if code == TILES_EXACT:
        return span == a0
    if code == OWN_BARN:
        return own > 0
    if code == NO_OWN_BARN:
        return own == 0
    return other > 0  # OPPONENT_BARN


@njit(cache=True)
def score(st: Any, tb: Any, roots: Any, count: int) -> None:
    """``FencesTurns._score``: FE-R48 … FE-R56, every completed field scored, then its barns
    returned."""
    ints = tb[INTS]
    sc, nodes, barns, seats = st[SC], st[NODES], st[BARNS], st[SEATS]
    seat = sc[ACTIVE]
    node_count = sc[NODE_COUNT]
    card = tb[CONDITIONS][seats[FARMER, seat]]
    animals = np.empty(3, np.int64)
    tiles_seen = np.zeros(sc[PLACEMENTS], np.bool_)
    for r in range(count):  # FE-R54: all fields scored before any barn returns
        root = roots[r]
        packed = nodes[ANIMALS, root]
        for kind in range(3):
            animals[kind] = (packed >> (_ANIMAL_BITS * kind)) & _ANIMAL_MASK
        tiles_seen[:] = False
        span = 0
        for x in range(node_count):  # FE-R13
            if find(nodes, x) == root:
                k = nodes[NODE_TILE, x]
                if not tiles_seen[k]:
                    tiles_seen[k] = True
                    span += 1
        owners = 0
        own = 0
        for i in range(0, sc[BARN_COUNT] * 2, 2):
            if find(nodes, barns[i]) == root:
                owners += 1
                own += barns[i + 1] == seat  # FE-R55: barns before the return
        total = animals[0] + animals[1] + animals[2]
        kinds = (animals[0] > 0) + (animals[1] > 0) + (animals[2] > 0)
        value = total * ints[POINTS]  # FE-R48, FE-R49
        if kinds == 1:
            value *= ints[MULTIPLIER]
        if owners:  # FE-R50 … FE-R52
            share = -(-value // owners)
            for i in range(0, sc[BARN_COUNT] * 2, 2):
                if find(nodes, barns[i]) == root:
                    seats[SCORE, barns[i + 1]] += share
        for cond in card:  # FE-R20, FE-R21, FE-R53
            if cond[0] >= 0 and _condition_met(cond, animals, span, own, owners - own):
                seats[SCORE, seat] += cond[3]
    # FE-R56: barns of completed fields go back to their owners' stocks.
    kept = 0
    for i in range(0, sc[BARN_COUNT] * 2, 2):
        root = find(nodes, barns[i])
        back = False
        for r in range(count):
            back = back or roots[r] == root
        if back:
            seats[STOCK, barns[i + 1]] += 1
        else:
            barns[kept] = barns[i]
            barns[kept + 1] = barns[i + 1]
            kept += 2
    sc[BARN_COUNT] = kept // 2
    for r in range(count):
        nodes[NBARN, roots[r]] = 0
