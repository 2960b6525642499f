"""Fences constants that are not data: phases, animal kinds and sentinels.

Imports nothing of the game, so every other module may use it.

Turn (FE-R34): SELECT_TILE (a hand slot) -> SELECT_CELL -> SELECT_ROT -> scoring (automatic)
-> BUILD (a tile-field or pass; skipped when no barn can be built) -> DRAW (chance). A stuck
player (FE-R37) goes DISCARD_TILE -> STUCK_DRAW until a tile fits or the supply is empty.
Setup (FE-R27 … FE-R33) is DEAL_TILES, DEAL_FARMERS and CHOOSE_FIRST, all chance.
"""

from __future__ import annotations

(
    DEAL_TILES,
    DEAL_FARMERS,
    CHOOSE_FIRST,
    SELECT_TILE,
    SELECT_CELL,
    SELECT_ROT,
    BUILD,
    DRAW,
    DISCARD_TILE,
    STUCK_DRAW,
    OVER,
) = range(11)
PHASE_NAMES = (
    "deal_tiles",
    "deal_farmers",
    "choose_first",
    "select_tile",
    "select_cell",
    "select_rotation",
    "build",
    "draw",
    "discard",
    "stuck_draw",
    "over",
)
CHANCE_PHASES = frozenset((DEAL_TILES, DEAL_FARMERS, CHOOSE_FIRST, DRAW, STUCK_DRAW))
DRAW_PHASES = frozenset((DEAL_TILES, DRAW, STUCK_DRAW))
SETUP_PHASES = frozenset((DEAL_TILES, DEAL_FARMERS, CHOOSE_FIRST))
PLACING_PHASES = frozenset((SELECT_TILE, SELECT_CELL, SELECT_ROT))

ANIMALS = ("cow", "pig", "sheep")
COW, PIG, SHEEP = range(3)

NO = -1  # no seat, card, slot or cell
