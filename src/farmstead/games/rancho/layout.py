"""Rancho constants that are not data: phases, piece kinds, die symbols and sentinels.

Imports nothing of the game, so every other module may use it.

A turn (rancho.md 5): EXPANSION (transactions, rearranging, then ROLL) -> DICE (chance) ->
per predator face ORDER (fox or wolf first, RA-R32), D6 (chance) and DOG (each affected seat with
a matching dog, RA-R37) -> breeding (automatic) -> PLACEMENT (ends with END_TURN). A random first
player is the chance phase FIRST_PLAYER before the first turn (RA-R5); OVER is the end.
"""

from __future__ import annotations

# Phases (rancho.md 5).
FIRST_PLAYER, EXPANSION, DICE, ORDER, D6, DOG, PLACEMENT, OVER = range(8)
PHASE_NAMES = ("first_player", "expansion", "dice", "order", "d6", "dog", "placement", "over")
CHANCE_PHASES = frozenset((FIRST_PLAYER, DICE, D6))

# Pieces: the four animals (on the board) and the two dogs (off it, RA-R27).
KINDS = ("rabbit", "sheep", "cow", "horse", "small_dog", "large_dog")
RABBIT, SHEEP, COW, HORSE, SMALL_DOG, LARGE_DOG = range(6)
ANIMALS = (RABBIT, SHEEP, COW, HORSE)
ANIMAL_NAMES = KINDS[:4]
DOG_NAMES = KINDS[4:]

# The faces of the two d12 (rancho.md 2.4): the animal symbols share the animals' numbers.
SYMBOLS = ("rabbit", "sheep", "cow", "horse", "fox", "wolf")
FOX, WOLF = 4, 5
PREDATOR_NAMES = SYMBOLS[FOX:]

# Sentinels.
EMPTY = -1  # a cell without a piece, a cell nobody owns
NO_ROUTE = -1  # no passage route open
NO = -1  # no seat, no predator
