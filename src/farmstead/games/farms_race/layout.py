"""Farms Race constants that are not data: phases, resource and region-type indices, health
classes, buildings, die faces and sentinels.

Imports nothing of the game, so every other module may use it. Names, counts and costs of the
components are data: see ``catalog``. The index orders below are the orders of the data files'
lists (``play.toml``: ``resources``, ``region_types``), which ``catalog`` checks.
"""

from __future__ import annotations

NO = -1  # no seat, region, kind or value

# --- resources (FR-2.3), in data order -------------------------------------------------------
WHEAT, WOOD, BRICK, WEAPONS, PLUTONIUM = range(5)
NUM_RESOURCES = 5
RESOURCE_IDS = ("wheat", "wood", "brick", "weapons", "plutonium")

# --- region types (FR-2.2), in data order; type i produces resource i ------------------------
FIELDS, FOREST, HILLS, WEAPONS_FACTORY, POWER_PLANT = range(5)
NUM_REGION_TYPES = 5
REGION_TYPE_IDS = ("fields", "forest", "hills", "weapons_factory", "power_plant")
REGION_LETTERS = ("F", "W", "H", "A", "P")

# --- resource dice (FR-2.5): faces 0-4 are the resources, face 5 is wild ---------------------
WILD = 5
RESOURCE_FACES = 6

# --- combat die (FR-2.5) ---------------------------------------------------------------------
BLANK, HEAD, GUN = range(3)
COMBAT_FACE_IDS = ("blank", "head", "gun")
MAX_COMBAT_DICE = 15  # 12 herds, or 12 herds and 3 humans for Adorable (part 2)

# --- herds (FR-1.1) --------------------------------------------------------------------------
HEALTHY, INJURED = 0, 1
HEALTH_NAMES = ("healthy", "injured")

# --- buildings (FR-2.1) ----------------------------------------------------------------------
NO_BUILDING, BARN, ARMORY = 0, 1, 2
BUILDING_NAMES = ("", "Barn", "Armory")
BUILD_IDS = ("barn", "armory", "spy", "nuke")  # the cost table's keys (FR-2.4)

# --- human tokens (FR-2.6): values 1..3 ------------------------------------------------------
TOKEN_VALUES = (1, 2, 3)

# --- Mutations and Spy cards (FR-2.7, FR-2.8), in index order; catalog checks the data ------
MUTATION_IDS = (
    "adorable",
    "blue_blooded",
    "deranged",
    "flying",
    "hyper_intelligent",
    "lucky",
    "north_korean",
    "radioactive",
    "regenerative",
    "parasitic",
    "zombie",
)
SPY_IDS = (
    "capitalism",
    "carnivorous",
    "domestication",
    "plumbing",
    "blackmail",
    "double_agent",
    "field_hospital",
    "hacking",
    "pocket_nuke",
    "propaganda",
    "thievery",
)
NUM_MUTATIONS = len(MUTATION_IDS)
NUM_SPY_KINDS = len(SPY_IDS)

# --- seats -----------------------------------------------------------------------------------
MAX_SEATS = 4
HUMANS = 9  # the defender id of a combat against humans

# --- phases ----------------------------------------------------------------------------------
(
    FIRST_SEAT,  # chance: the seat that is seat 1 (FR-4 step 2)
    CHOOSE_START,  # setup: a seat chooses its start region (FR-4 step 6.2, FR-R29)
    START_ROLL,  # chance: a starting resource, wild rerolled (FR-4 step 7, FR-R22)
    START_CHOICE,  # setup, Experienced mode: a starting resource chosen (FR-13)
    PREP_PLACE,  # Preparation, herd shortage: the building that gets the next herd (FR-R4)
    ACTIONS,  # phase 2: the actions menu (FR-5.3)
    MOVE_SELECT,  # a move being assembled: sources, herds, confirm or cancel (FR-5.3)
    REVEAL,  # chance: the value of a face-down Human token (FR-6.1)
    ROLL_ATTACKER,  # chance: the attacker's combat dice (FR-6.2)
    ROLL_DEFENDER,  # chance: the defender's combat dice (FR-6.2)
    ALLOCATE_ATTACKER,  # the attacker allocates damage to its herds, one point at a time (FR-6.3)
    ALLOCATE_DEFENDER,  # the defender allocates damage to its herds (FR-6.3)
    ATTACKER_DECIDES,  # continue or retreat (FR-6.6)
    DEFENDER_DECIDES,  # continue or retreat to one region (FR-6.6)
    ROUTE_RETREAT,  # the attacker routes one surviving herd to an origin (FR-6.6)
    ROLL_RESOURCES,  # chance: the two resource dice (FR-5.4)
    NAME_WILD,  # the active player names the resource of a wild face (FR-5.4)
    STEAL_VICTIM,  # Stealing variant: the victim, or no steal (FR-13, FR-R49)
    STEAL_DRAW,  # chance: the kind of the stolen card (FR-R49)
    RESOURCES,  # phase 3 after production: free actions (FR-5.4 step 5)
    DISCARD_PHASE,  # phase 4: free actions, then End turn (FR-5.5)
    DISCARD,  # forced discards down to the hand limit, one card at a time (FR-5.5)
    REDO_OFFER,  # New-player redo: keep the first turn or replay it (FR-R55)
    OVER,
) = range(24)

PHASE_NAMES = (
    "first_seat",
    "choose_start",
    "start_roll",
    "start_choice",
    "prep_place",
    "actions",
    "move_select",
    "reveal",
    "roll_attacker",
    "roll_defender",
    "allocate_attacker",
    "allocate_defender",
    "attacker_decides",
    "defender_decides",
    "route_retreat",
    "roll_resources",
    "name_wild",
    "steal_victim",
    "steal_draw",
    "resources",
    "discard_phase",
    "discard",
    "redo_offer",
    "over",
)
CHANCE_PHASES = frozenset(
    {FIRST_SEAT, START_ROLL, REVEAL, ROLL_ATTACKER, ROLL_DEFENDER, ROLL_RESOURCES, STEAL_DRAW}
)
# Phases in which the active player may take free actions (build, trade with the Supply).
FREE_ACTION_PHASES = frozenset({ACTIONS, RESOURCES, DISCARD_PHASE})
