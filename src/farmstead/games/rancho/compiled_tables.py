"""The tables Rancho's compiled rules read (``compiled_rules`` and its parts): one configured
game's ``RanchoConfig`` and tensor layout as NumPy arrays, built once per game.

``ints`` holds the configuration's numbers by position (the names below); every other table is
one array, in the order of the names after them. Cells, pastures, edges and triangles are
numbered as in ``board``; sets of cells are boolean arrays over the cells (the board has more
cells than a machine word has bits).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from farmstead.core.tensor import TensorLayout
from farmstead.games.rancho.config import RanchoConfig

# Positions in ``ints``.
(
    PLAYERS,
    CELLS,
    PASTURES,
    EDGES,
    TRIANGLES,
    PER_SPACE,  # rabbits that share one space
    PASTURE_LIMIT,
    MAX_ROUNDS,
    MAX_ACTIONS,  # decisions in one turn before only turn-ending actions stay legal
    FIRST_PLAYER,  # the parameter: a seat, or -1 for a chance event
    ASK_ORDER,  # 1: the active seat orders a fox and a wolf (RA-R32)
    A_BUY,
    A_LINK,
    A_UNPLACE,
    A_PLACE_RABBIT,
    A_PLACE_SHEEP,
    A_PLACE_COW,
    A_PLACE_HORSE,
    ACTIONS,
    T_PHASE,
    T_TO_MOVE,
    T_ACTIVE,
    T_FIRST,
    T_ROUND,
    T_TURN_ACTIONS,
    T_HERD,
    T_POOLS,
    T_DOGS,
    T_PASTURES,
    T_RABBITS,
    T_SHEEP,
    T_COWS,
    T_HORSES,
    T_OPEN,
    T_GIVE,
    T_RECEIVE,
    T_BUY,
    T_ROUTE_TARGET,
    T_ROUTE_LINKS,
    T_ROUTE_FEE,
    T_FEES,
    T_DICE,
    T_ATTACK,
    T_ATTACKS_LEFT,
    T_D6,
    T_DOG_QUEUE,
    T_DOG_SAVERS,
    T_WINNER,
    T_SIZE,
) = range(49)

# Positions of the other tables in the ``tables`` tuple.
(
    INTS,
    COST,  # cell -> pasture number (0: a farm cell)
    NEIGHBOURS,  # (cell, i) -> its i-th neighbour, ascending; -1 past the last
    EDGE_CELLS,  # (edge, 2) -> its cells
    TRIANGLE_CELLS,  # (triangle, 3) -> its cells
    CELL_HIT,  # cell -> predator-die faces that attack it
    EDGE_HIT,  # edge -> faces that attack a cell of it
    TRIANGLE_HIT,  # triangle -> faces that attack a cell of it
    BY_HIT,  # every cell, by (hit faces, index)
    VALUES,  # kind -> value in rabbits
    WEIGHTS,  # animal -> safety weight (value x predator weight)
    HERD_SCALE,  # kind -> the herd's setup size, at least 1 (the tensor's scale)
    DIE_A,  # face -> symbol
    DIE_B,
    D6_FACES,
) = range(15)

_TENSOR_FIELDS = (
    "phase",
    "to_move",
    "active",
    "first_player",
    "round",
    "turn_actions",
    "herd",
    "pools",
    "dogs",
    "pastures",
    "rabbits",
    "sheep",
    "cows",
    "horses",
    "transaction_open",
    "give",
    "receive",
    "buy",
    "route_target",
    "route_links",
    "route_fee",
    "fees",
    "dice",
    "attack",
    "attacks_left",
    "d6",
    "dog_queue",
    "dog_savers",
    "winner",
)


def tables(c: RanchoConfig, layout: TensorLayout) -> tuple[Any, ...]:
    """The ``tables`` tuple of one configured game (see the module)."""
    board, lay, pl = c.board, c.layout, c.placement
    cells = board.num_cells
    ints = np.array(
        [
            c.num_players,
            cells,
            board.num_pastures,
            len(board.edges),
            len(board.triangles),
            c.rabbits_per_space,
            c.pasture_limit,
            c.max_rounds,
            c.max_actions_per_turn,
            c.first_player,
            int(c.ask_predator_order),
            lay.buy,
            lay.link,
            lay.unplace,
            lay.place_rabbit,
            lay.place_sheep,
            lay.place_cow,
            lay.place_horse,
            lay.size,
            *(layout[name].start for name in _TENSOR_FIELDS),
            layout.size,
        ],
        np.int64,
    )
    neighbours = np.full((cells, 6), -1, np.int64)
    for cell, around in enumerate(board.neighbours):
        neighbours[cell, : len(around)] = around
    by_hit = sorted(range(cells), key=lambda cell: (pl.cell_hit[cell], cell))
    return (
        ints,
        np.array(board.cost, np.int64),
        neighbours,
        np.array(board.edges, np.int64).reshape(-1, 2),
        np.array(board.triangles, np.int64).reshape(-1, 3),
        np.array(pl.cell_hit, np.int64),
        np.array([pl.hit_faces(e) for e in board.edges], np.int64),
        np.array([pl.hit_faces(t) for t in board.triangles], np.int64),
        np.array(by_hit, np.int64),
        np.array(c.values, np.int64),
        np.array(pl.weights, np.int64),
        np.array([max(1, size) for size in c.herd], np.int64),
        np.array(c.die_a, np.int64),
        np.array(c.die_b, np.int64),
        np.array(c.d6_faces, np.int64),
    )
