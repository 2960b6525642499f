"""The arrays of one Rancho game on the compiled rules (``compiled_rules``): their layout,
their allocation, who moves, and loading a reference position into them.

``st`` is a tuple of arrays, the fields of ``RanchoPosition``: ``sc`` (the scalars, by the
names below; ``dice`` as two faces, -1 for none), ``owner``, ``kind`` and ``amount`` per cell
(``owner``, ``cell_kind``, ``cell_amt``), ``terr`` (per seat and cell, 1 for its spaces),
``npast`` per seat, ``pool`` and ``placed`` (per seat and animal), ``dogs`` (per seat, small
and large), ``herd``, the open transaction (``give``, ``recv`` per kind; ``buy``, the pastures
bought; ``fees``, flat owner, rabbits pairs; ``links``, the route's links so far), the
predators still to come (``attacks``), the dog decisions (``queue``, ``savers``) and
``stream`` (the random stream's key and counter). The lists hold their length in ``sc``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.games.rancho.compiled_tables import CELLS, INTS, PASTURES, PLAYERS
from farmstead.games.rancho.layout import DOG, EXPANSION, ORDER, OVER, PLACEMENT
from farmstead.games.rancho.rules import RanchoRules

CHANCE = -1  # PlayerId.CHANCE
TERMINAL = -4  # PlayerId.TERMINAL
# Positions in ``st``.
(
    SC,
    OWNER,
    KIND,
    AMOUNT,
    TERR,
    NPAST,
    POOL,
    PLACED,
    DOGS,
    HERD,
    GIVE,
    RECV,
    BUY,
    FEES,
    LINKS,
    ATTACKS,
    QUEUE,
    SAVERS,
    STREAM,
) = range(19)
# Positions in ``sc``.
(
    PHASE,
    ACTIVE,
    TO_MOVE,
    ROUND,
    TURN_ACTIONS,
    FIRST,
    TX_OPEN,
    ROUTE_TARGET,
    ROUTE_FEE,
    ROUTE_MIN,
    DIE_A_FACE,
    DIE_B_FACE,
    ATTACK,
    D6_NUMBER,
    WINNER,
    BUY_COUNT,
    FEE_COUNT,  # entries of ``fees``: two per fee
    LINK_COUNT,
    ATTACK_COUNT,
    QUEUE_COUNT,
    SAVER_COUNT,
) = range(21)


def new_state(tb: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arrays of one game (``st``, see the module), sized for the configured game."""
    ints = tb[INTS]
    n, cells, pastures = ints[PLAYERS], ints[CELLS], ints[PASTURES]
    return (
        np.zeros(21, np.int64),
        np.zeros(cells, np.int64),
        np.zeros(cells, np.int64),
        np.zeros(cells, np.int64),
        np.zeros((n, cells), np.bool_),
        np.zeros(n, np.int64),
        np.zeros((n, 4), np.int64),
        np.zeros((n, 4), np.int64),
        np.zeros((n, 2), np.int64),
        np.zeros(6, np.int64),
        np.zeros(6, np.int64),
        np.zeros(6, np.int64),
        np.zeros(pastures, np.int64),
        np.zeros(2 * pastures * pastures, np.int64),
        np.zeros(pastures, np.int64),
        np.zeros(2, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(2, np.uint64),
    )


def load(st: tuple[Any, ...], state: RanchoRules) -> None:
    """Make ``st`` the position ``state`` (the stream is left to the caller)."""
    sc = st[SC]
    sc[:] = 0
    dice = state.dice if state.dice is not None else (-1, -1)
    scalars = {
        PHASE: state.phase,
        ACTIVE: state.active,
        TO_MOVE: state.to_move,
        ROUND: state.round,
        TURN_ACTIONS: state.turn_actions,
        FIRST: state.first,
        TX_OPEN: int(state.tx_open),
        ROUTE_TARGET: state.route_target,
        ROUTE_FEE: state.route_fee,
        ROUTE_MIN: state.route_min,
        DIE_A_FACE: dice[0],
        DIE_B_FACE: dice[1],
        ATTACK: state.attack,
        D6_NUMBER: state.d6,
        WINNER: state.winner,
        BUY_COUNT: len(state.tx_buy),
        FEE_COUNT: 2 * len(state.tx_fees),
        LINK_COUNT: len(state.route_links),
        ATTACK_COUNT: len(state.attacks),
        QUEUE_COUNT: len(state.dog_queue),
        SAVER_COUNT: len(state.dog_savers),
    }
    for at, value in scalars.items():
        sc[at] = value
    st[OWNER][:] = state.owner
    st[KIND][:] = state.cell_kind
    st[AMOUNT][:] = state.cell_amt
    cells = len(state.owner)
    for seat, mask in enumerate(state.terr):
        st[TERR][seat] = [(mask >> cell) & 1 for cell in range(cells)]
    st[NPAST][:] = state.npast
    st[POOL][:] = np.reshape(state.pool, (-1, 4))
    st[PLACED][:] = np.reshape(state.placed, (-1, 4))
    st[DOGS][:] = np.reshape(state.dogs, (-1, 2))
    st[HERD][:] = state.herd
    st[GIVE][:] = state.tx_give
    st[RECV][:] = state.tx_recv
    lists = (
        (BUY, state.tx_buy),
        (FEES, [x for fee in state.tx_fees for x in fee]),
        (LINKS, state.route_links),
        (ATTACKS, state.attacks),
        (QUEUE, state.dog_queue),
        (SAVERS, state.dog_savers),
    )
    for at, values in lists:
        st[at][: len(values)] = values


@njit(cache=True, inline="always")
def current_player(st: Any) -> int:
    """``RanchoTurns.current_player``: the active seat, the seat deciding on a dog,
    ``CHANCE`` or ``TERMINAL``."""
    sc = st[SC]
    phase = sc[PHASE]
    if phase in (EXPANSION, PLACEMENT, ORDER):
        return sc[ACTIVE]
    if phase == DOG:
        return sc[TO_MOVE]
    if phase == OVER:
        return TERMINAL
    return CHANCE
