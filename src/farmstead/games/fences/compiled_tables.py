"""The tables Fences's compiled rules read (``compiled_rules``, ``compiled_tensor``): one
configured game's ``FencesConfig`` and tensor layout as NumPy arrays, built once per game.

``ints`` holds the configuration's numbers by position (the names below); every other table is
one array, in the order of ``TABLES``. Farmer conditions are numbered by their position in
``scoring.PREDICATES``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from farmstead.core.tensor import TensorLayout
from farmstead.games.fences.config import FencesConfig
from farmstead.games.fences.scoring import PREDICATES

# Positions in ``ints``: the game's sizes, the action offsets and the tensor's field offsets.
(
    WIDTH,  # cells per row of the window
    TYPES,  # tile types
    MAX_FIELDS,  # tile-fields at most per tile
    PLAYERS,
    HAND,  # hand size
    TILES,  # tiles in play
    BARN_STOCK,
    POINTS,  # points per animal
    MULTIPLIER,  # for a single-type field
    FIRST_PLAYER,  # the parameter: a seat, or -1 for a chance event
    ORIGIN,  # window index of cell (0, 0)
    A_ROTATE,
    A_BARN,
    A_PASS,
    A_DISCARD,
    A_CELL,
    ACTIONS,  # num_distinct_actions
    DECK,  # farmer cards in the deck
    CARDS,  # farmer cards of the catalog
    LOG_SIZE,  # the longest game's actions and chance outcomes
    T_PHASE,
    T_TO_MOVE,
    T_ACTIVE,
    T_FIRST,
    T_SCORES,
    T_STOCKS,
    T_FARMERS,
    T_HAND_SIZES,
    T_MY_HAND,
    T_KNOWN,
    T_DISCARDS,
    T_SUPPLY,
    T_BOARD,
    T_BARNS,
    T_SELECTED,
    T_SIZE,
) = range(36)

# Positions of the other tables in the ``tables`` tuple.
(
    INTS,
    SEGFIELD,  # (4 * type + rot, segment) -> tile-field
    PORTS,  # 4 * type + rot -> fenced-port mask
    FIT_COUNT,  # (type, constraint) -> rotations that fit
    FIT,  # (type, constraint, i) -> the i-th rotation that fits
    NUM_FIELDS,  # type -> tile-fields
    FIELD_ANIMALS,  # (type, field) -> packed animals
    IN_PLAY,  # type -> copies in play
    DECK_CARDS,  # the deck's card indices
    CONDITIONS,  # (card, i) -> (predicate, arg 0, arg 1, points); predicate -1: none
    TILE_AT,  # type -> its one-hot index in the tensor
    FARMER_AT,  # card -> its one-hot index in the tensor
    ROW_OF,  # window cell -> row / half (float64, as the reference computes it)
    COL_OF,  # window cell -> column / half
) = range(14)

PREDICATE_CODES = tuple(PREDICATES)
"""The farmer conditions' predicates, numbered as the compiled rules test them."""


def tables(c: FencesConfig, layout: TensorLayout) -> tuple[Any, ...]:
    """The ``tables`` tuple of one configured game (see the module)."""
    lay = c.layout
    types = len(c.tiles)
    cat = c.catalog
    tensor_starts = [
        layout[name].start
        for name in (
            "phase",
            "to_move",
            "active",
            "first",
            "scores",
            "stocks",
            "farmers",
            "hand_sizes",
            "my_hand",
            "known_tiles",
            "discards",
            "supply",
            "board",
            "barns",
            "selected",
        )
    ]
    ints = np.array(
        [
            lay.width,
            types,
            lay.max_fields,
            c.num_players,
            c.hand_size,
            c.total_tiles,
            c.barn_stock,
            c.points_per_animal,
            c.multiplier,
            c.first_player,
            lay.cell_index(0, 0),
            lay.rotate,
            lay.barn,
            lay.pass_,
            lay.discard,
            lay.cell,
            lay.size,
            len(c.deck),
            len(c.farmers),
            c.max_game_length + c.num_players * c.hand_size,
            *tensor_starts,
            layout.size,
        ],
        np.int64,
    )
    fit_count = np.zeros((types, 256), np.int64)
    fit = np.zeros((types, 256, 4), np.int64)
    for t in range(types):
        for key, rots in enumerate(c.fit[t]):
            fit_count[t, key] = len(rots)
            fit[t, key, : len(rots)] = rots
    field_animals = np.zeros((types, lay.max_fields), np.int64)
    for t, packed in enumerate(c.field_animals):
        field_animals[t, : len(packed)] = packed
    most = max(len(card.conditions) for card in c.farmers)
    conditions = np.full((len(c.farmers), most, 4), -1, np.int64)
    for k, card in enumerate(c.farmers):
        for i, cond in enumerate(card.conditions):
            args = [*cond.args, 0, 0][:2]
            conditions[k, i] = (PREDICATE_CODES.index(cond.code), args[0], args[1], cond.points)
    half = max(1, lay.half)
    cells = range(lay.width * lay.width)
    return (
        ints,
        np.array(c.segfield, np.int64),
        np.array(c.ports, np.int64),
        fit_count,
        fit,
        np.array(c.num_fields, np.int64),
        field_animals,
        np.array(c.in_play, np.int64),
        np.array(c.deck, np.int64),
        conditions,
        np.array([cat.tile_by_id[t.id] for t in c.tiles], np.int64),
        np.array([cat.farmer_by_id[f.id] for f in c.farmers], np.int64),
        np.array([lay.cell_rc(cell)[0] / half for cell in cells], np.float64),
        np.array([lay.cell_rc(cell)[1] / half for cell in cells], np.float64),
    )
