"""Animal Farm constants that are not data: phases, piece kinds, zones, names and sentinels.

Imports nothing of the game, so every other module may use it.

A game (rules/animal_farm.md section 5): COIN_TOSS (chance, AF-R1) -> SETUP (one decision per
piece, AF-R2; skipped with the default setup, AF-R4) -> turns of IDLE (select a unit or end the
turn) and ACTIVE (step, pick up, drop, stop), with DISPLACE after an attack (AF-R14) -> OVER.
"""

from __future__ import annotations

# Phases of a position (rules/animal_farm.md section 5).
TOSS, SETUP, IDLE, ACTIVE, DISPLACE, OVER = range(6)
PHASE_NAMES = ("coin_toss", "setup", "idle", "active", "displace", "over")
CHANCE_PHASES = frozenset((TOSS,))

# Piece kinds; FEED is the piece code of a feed pile in the setup sequence.
KIND_NAMES = ("pig", "goat", "horse")
PIG, GOAT, HORSE = 0, 1, 2
FEED = -1

# Zones: zone 2 * player is that player's base.
ZONE_NAMES = ("p1_base", "neutral", "p2_base")
P1_BASE, NEUTRAL, P2_BASE = 0, 1, 2

# Players (0 = Player 1, whose base is at the low rows) and their feed piles (pile k is
# player k's).
PLAYER_NAMES = ("P1", "P2")
PILE_NAMES = ("F1", "F2")

SETUP_MODES = ("manual", "default")

# Game results.
NO_RESULT, P1_WINS, P2_WINS, DRAW = -1, 0, 1, 2
RESULT_NAMES = ("P1", "P2", "draw")

# Directions are absolute: N = +y (towards Player 2), E = +x, S = -y, W = -x; (dx, dy) of each
# in the order of the STEP actions.
DIRECTIONS = ("N", "E", "S", "W")
DIRECTION_DELTAS = ((0, 1), (1, 0), (0, -1), (-1, 0))

NO = -1  # no unit, cell, seat or player
