"""The arrays of one Fences game on the compiled rules (``compiled_rules``): their layout,
their allocation, who moves, the fields' union-find, and loading a reference position into
them.

``st`` is a tuple of arrays: ``sc`` (the scalars, by the names below), ``board`` (per window
cell: 0 empty, else placement + 1), ``placed`` (rows cell, type, rotation and first node per
placement), ``nodes`` (rows parent, open segments, packed animals, barns and placement per
node: the union-find of the fields, FE-R11 … FE-R17), ``barns`` (flat node, owner pairs),
``frontier`` (per window cell: its port constraint ``known << 4 | fenced``, 0 when no tile
touches it, FE-R9), ``front`` and ``front_at`` (the frontier's cells in any order, and each
cell's place there or -1), ``hands``, ``hand_len`` and ``revealed`` per seat, ``supply`` per
tile type, ``discards``, ``seats`` (rows score, stock and farmer card per seat) and ``stream``
(the random stream's key and counter). The fields are those of ``FencesPosition``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.games.fences.compiled_tables import (
    BARN_STOCK,
    HAND,
    INTS,
    MAX_FIELDS,
    PLAYERS,
    TILES,
    TYPES,
    WIDTH,
)
from farmstead.games.fences.layout import (
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DEAL_TILES,
    DRAW,
    OVER,
    STUCK_DRAW,
)
from farmstead.games.fences.rules import FencesRules

CHANCE = -1  # PlayerId.CHANCE
TERMINAL = -4  # PlayerId.TERMINAL
# Positions in ``st``.
(
    SC,
    BOARD,
    PLACED,
    NODES,
    BARNS,
    FRONTIER,
    FRONT,
    FRONT_AT,
    HANDS,
    HAND_LEN,
    REVEALED,
    SUPPLY,
    DISCARDS,
    SEATS,
    STREAM,
) = range(15)
# Positions in ``sc``.
(
    PHASE,
    ACTIVE,
    FIRST,
    PLACEMENTS,
    NODE_COUNT,
    BARN_COUNT,  # barns on the board
    SUPPLY_TOTAL,
    DISCARD_COUNT,
    SEL_SLOT,
    SEL_CELL,
    FRONT_COUNT,
) = range(11)
# Rows of ``placed``, ``nodes`` and ``seats``.
P_CELL, P_TYPE, P_ROT, P_NODE = range(4)
PARENT, OPEN, ANIMALS, NBARN, NODE_TILE = range(5)
SCORE, STOCK, FARMER = range(3)


def new_state(tb: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arrays of one game (``st``, see the module), sized for the configured game;
    ``reset`` deals it."""
    ints = tb[INTS]
    cells = ints[WIDTH] * ints[WIDTH]
    tiles, players, hand = ints[TILES], ints[PLAYERS], ints[HAND]
    return (
        np.zeros(11, np.int64),
        np.zeros(cells, np.int64),
        np.zeros((4, tiles), np.int64),
        np.zeros((5, tiles * ints[MAX_FIELDS]), np.int64),
        np.zeros(2 * players * ints[BARN_STOCK] + 2, np.int64),
        np.zeros(cells, np.int64),
        np.zeros(cells, np.int64),
        np.full(cells, -1, np.int64),
        np.zeros((players, hand + 1), np.int64),
        np.zeros(players, np.int64),
        np.zeros((players, hand + 1), np.int64),
        np.zeros(ints[TYPES], np.int64),
        np.zeros(tiles, np.int64),
        np.zeros((3, players), np.int64),
        np.zeros(2, np.uint64),
    )


@njit(cache=True, inline="always")
def current_player(st: Any) -> int:
    """``FencesTurns.current_player``: the active seat, ``CHANCE`` or ``TERMINAL``."""
    phase = st[SC][PHASE]
    if phase == OVER:
        return TERMINAL
    if phase in (DEAL_TILES, DEAL_FARMERS, CHOOSE_FIRST, DRAW, STUCK_DRAW):
        return CHANCE
    return st[SC][ACTIVE]


@njit(cache=True, inline="always")
def find(nodes: Any, node: int) -> int:
    """``FencesBoard.find``: the root of ``node``'s field (path halving)."""
    parent = nodes[PARENT]
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


@njit(cache=True, inline="always")
def union(nodes: Any, a: int, b: int) -> None:
    """``FencesBoard._union``: the smaller root stays the root and holds the sums."""
    ra, rb = find(nodes, a), find(nodes, b)
    if ra == rb:
        return
    if rb < ra:
        ra, rb = rb, ra
    nodes[PARENT, rb] = ra
    nodes[OPEN, ra] += nodes[OPEN, rb]
    nodes[ANIMALS, ra] += nodes[ANIMALS, rb]
    nodes[NBARN, ra] += nodes[NBARN, rb]


def load(st: tuple[Any, ...], state: FencesRules) -> None:
    """Make ``st`` the position ``state`` (the stream is left to the caller)."""
    sc = st[SC]
    sc[:] = 0
    sc[PHASE], sc[ACTIVE], sc[FIRST] = state.phase, state.active, state.first
    placements, nodes = len(state.p_cell), len(state.parent)
    sc[PLACEMENTS], sc[NODE_COUNT] = placements, nodes
    sc[BARN_COUNT] = len(state.barns) // 2
    sc[SUPPLY_TOTAL] = state.supply_total
    sc[DISCARD_COUNT] = len(state.discards)
    sc[SEL_SLOT], sc[SEL_CELL] = state.sel_slot, state.sel_cell
    st[BOARD][:] = np.frombuffer(bytes(state.board), np.uint8)
    for row, values in enumerate((state.p_cell, state.p_type, state.p_rot, state.p_node)):
        st[PLACED][row, :placements] = values
    fields = (state.parent, state.opn, state.anim, state.nbarn, state.node_tile)
    for row, values in enumerate(fields):
        st[NODES][row, :nodes] = values
    st[BARNS][: len(state.barns)] = state.barns
    st[FRONTIER][:] = 0
    st[FRONT_AT][:] = -1
    for at, (cell, constraint) in enumerate(sorted(state.frontier.items())):
        st[FRONTIER][cell] = constraint
        st[FRONT][at] = cell
        st[FRONT_AT][cell] = at
    sc[FRONT_COUNT] = len(state.frontier)
    for seat, hand in enumerate(state.hands):
        st[HAND_LEN][seat] = len(hand)
        st[HANDS][seat, : len(hand)] = hand
        st[REVEALED][seat, : len(hand)] = state.revealed[seat]
    st[SUPPLY][:] = state.supply
    st[DISCARDS][: len(state.discards)] = state.discards
    for row, values in enumerate((state.scores, state.stocks, state.farmers)):
        st[SEATS][row] = values
