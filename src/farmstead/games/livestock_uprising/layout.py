"""Livestock Uprising constants that are not data: phases, pieces, directions, tile classes.

Imports nothing of the game, so every other module may use it. Names and numbers of the
components (factions, troops, cards, tiles, costs) are data: see ``catalog``.
"""

from __future__ import annotations

NO = -1  # no seat, piece, cell, card or unit

# --- directions (LU §0.3): id -> (row step, column step) ------------------------------------
DIRECTION_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIRECTION_WORDS = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)
DELTAS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))

# --- pieces: each seat has 3 Generals (1, 2 and 3 Stars) and one Super Army slot -------------
GENERALS = 3
SUPER_ARMY = 3  # piece slot of the Super Army
PIECES_PER_SEAT = 4
PIECE_SUFFIXES = ("G1", "G2", "G3", "SA")

# --- tile classes (LU §2.3) ------------------------------------------------------------------
RESOURCE, FIELD, BLOCKED = range(3)
TILE_CLASS_NAMES = ("resource", "field", "blocked")
BARN = 100  # the tile value of a barn cell (its owner is in ``barn_cell``)
EMPTY_CELL = NO  # a cell without a tile (setup only)

# --- phases ---------------------------------------------------------------------------------
(
    CHOOSE_FACTION,  # setup: a seat picks its faction (LU-R7)
    DEAL,  # chance: a Command card to a seat (LU-R10)
    FIRST_PLAYER,  # chance: the first player (LU-R11)
    DRAW_START,  # chance: a tile of the starting grid (LU-R16)
    PLACE_BARN,  # setup: a seat places its barn (LU-R17)
    DRAW_FILL,  # chance: a tile of the rest of the grid (LU-R18)
    ACTION,  # top-level decision of the Action Phase (LU-R27)
    MOVE,  # a piece is stepping (LU-R28 … LU-R37)
    FORMING,  # marshaling into a forming Super Army (LU-R80 step 1)
    DRAW_PLAN,  # chance: the Battle Plans card of a new Super Army (LU-R80 step 4)
    HARVEST,  # the harvest decision: play cards, then resolve (LU-R65)
    MARSHAL,  # top-level decision of the Marshaling Phase (LU-R67)
    MARSHAL_TARGET,  # the General that receives the unit (LU-R70)
    TRANSFER,  # top-level decision of the Transfer Phase: the giving General (LU-R73)
    TRANSFER_UNIT,  # the unit given
    TRANSFER_TARGET,  # the receiving General
    CARD_TARGET,  # a follow-up choice of a card being played (LU-R100)
    AMBUSH,  # an out-of-turn Ambush prompt (CC14, LU-R77 ENEMY_MOVE_END)
    JOIN,  # a Super Army owner decides to join an attack (LU-R90)
    WINDOW,  # a battle card window (pre-dice, post-dice, casualty, after-win)
    ROLL,  # chance: one battle die
    KEEP,  # Fortune of War: the die to set aside (BP8)
    CASUALTY,  # the losing owner picks a casualty (LU-R53)
    RETREAT,  # the defender's owner picks the retreat cell (LU-R48)
    PLUNDER,  # a token taken from the loser (Supply Raid, War Boar: LU-R60)
    POST_STEP,  # Egg Bomber's extra step (POST_BATTLE_STEP)
    OVER,
) = range(27)
PHASE_NAMES = (
    "choose_faction",
    "deal",
    "first_player",
    "draw_start",
    "place_barn",
    "draw_fill",
    "action",
    "move",
    "forming",
    "draw_plan",
    "harvest",
    "marshal",
    "marshal_target",
    "transfer",
    "transfer_unit",
    "transfer_target",
    "card_target",
    "ambush",
    "join",
    "window",
    "roll",
    "keep",
    "casualty",
    "retreat",
    "plunder",
    "post_step",
    "over",
)
CHANCE_PHASES = frozenset((DEAL, FIRST_PLAYER, DRAW_START, DRAW_FILL, DRAW_PLAN, ROLL))
SETUP_PHASES = frozenset((CHOOSE_FACTION, DEAL, FIRST_PLAYER, DRAW_START, PLACE_BARN, DRAW_FILL))

# --- card windows (LU-R77) -------------------------------------------------------------------
WINDOW_NAMES = (
    "BATTLE_PRE",
    "BATTLE_POST_DICE",
    "CASUALTY",
    "AFTER_WIN",
    "OWN_ANY",
    "OWN_ACTION",
    "OWN_HARVEST",
    "OWN_MARSHAL",
    "OWN_TRANSFER",
    "ENEMY_MOVE_END",
)
(
    W_BATTLE_PRE,
    W_BATTLE_POST_DICE,
    W_CASUALTY,
    W_AFTER_WIN,
    W_OWN_ANY,
    W_OWN_ACTION,
    W_OWN_HARVEST,
    W_OWN_MARSHAL,
    W_OWN_TRANSFER,
    W_ENEMY_MOVE_END,
) = range(10)

# --- battle outcomes -------------------------------------------------------------------------
ATTACKER_WINS, DEFENDER_WINS, TIE, CANCELLED = range(4)
OUTCOME_NAMES = ("attacker wins", "defender wins", "tie", "cancelled")
