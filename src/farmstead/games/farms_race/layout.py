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

# Mutations by index (MUTATION_IDS order), for the rules
(
    ADORABLE,
    BLUE_BLOODED,
    DERANGED,
    FLYING,
    HYPER_INTELLIGENT,
    LUCKY,
    NORTH_KOREAN,
    RADIOACTIVE,
    REGENERATIVE,
    PARASITIC,
    ZOMBIE,
) = range(11)
# Spy cards by index (SPY_IDS order); the first four are the VP Spies
CAPITALISM, CARNIVOROUS, DOMESTICATION, PLUMBING = range(4)
BLACKMAIL, DOUBLE_AGENT, FIELD_HOSPITAL, HACKING, POCKET_NUKE, PROPAGANDA, THIEVERY = range(4, 11)
VP_SPIES = (CAPITALISM, CARNIVOROUS, DOMESTICATION, PLUMBING)
# Nuke kinds (FR-9.1, FR-10, FR-11): LAUNCH's sources, and North Korean's free nuke
NUKE_TOKEN, NUKE_BUILT, NUKE_POCKET, NUKE_NORTH_KOREAN = range(4)
# Builds (FR-8.1), as BUILD_IDS; NUKE_BACK is a Nuke built to be launched at once (FR-R38)
BUILD_BARN, BUILD_ARMORY, BUILD_SPY, BUILD_NUKE, BUILD_NUKE_BACK = range(5)
# Doubles effects (FR-R39), as bits
EFFECT_NORTH_KOREAN, EFFECT_STEALING = 1, 2

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
    DEAL_MUTATION,  # chance: the next Mutation dealt face down to a seat (FR-4 step 5)
    CHOOSE_MUTATION,  # setup: a seat chooses one of its dealt Mutations (FR-4 step 6.1)
    PEEK,  # chance: Adorable peeks at a face-down Human token in a region it controls (FR-11)
    FLY_SOURCE,  # Flying: a region to take a herd from, or done (FR-11)
    FLY_HEALTH,  # Flying: the health of the herd taken (FR-11)
    FLY_DEST,  # Flying: the region the herd goes to (FR-11, FR-R59)
    LUCKY_FACE,  # Lucky chooses a resource face instead of rolling (FR-11, FR-R56)
    DOUBLES_ORDER,  # North Korean's nuke or the Stealing steal first (FR-R39)
    PAYMENT,  # how to pay for a build: normal, Hyper-Intelligent, Deranged (FR-8.1)
    SPY_DRAW,  # chance: the top card of the Spy deck (FR-8.1, FR-R21)
    SPY_WINDOW,  # combat: the active player may play Spies after allocation (FR-6.5)
    SPY_OPPONENT,  # Blackmail: the opponent (FR-10)
    BLACKMAIL_TAKE,  # Blackmail: a card kind to take from the opponent's hand, or stop (FR-R50)
    AGENT_DRAW,  # chance: a card Double Agent takes from a player (FR-R50)
    SPY_RESOURCE,  # Propaganda or Thievery: the resource kind (FR-10)
    NUKE_TARGET,  # the target region of a nuke (FR-9.1, FR-R12, FR-R13; North Korean, FR-11)
    HACK,  # the nuked player plays Hacking or not (FR-9.4 step 3, FR-9.5)
    POCKET_ALLOCATE,  # a Pocket Nuke's victim allocates the 2 points (FR-10, FR-R45)
    NUKE_RESPONSE,  # the player on top of the response stack: pass or nuke back (FR-9.4)
    TRADE_SLOT,  # the trade window's slot holder: pass or propose to a player (FR-8.3)
    TRADE_PROPOSE,  # a proposal being built: give, ask, submit or cancel (FR-8.3, FR-8.4)
    TRADE_RESPOND,  # the recipient accepts or declines (FR-8.3)
    OVER,
) = range(46)

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
    "deal_mutation",
    "choose_mutation",
    "peek",
    "fly_source",
    "fly_health",
    "fly_dest",
    "lucky_face",
    "doubles_order",
    "payment",
    "spy_draw",
    "spy_window",
    "spy_opponent",
    "blackmail_take",
    "agent_draw",
    "spy_resource",
    "nuke_target",
    "hack",
    "pocket_allocate",
    "nuke_response",
    "trade_slot",
    "trade_propose",
    "trade_respond",
    "over",
)
CHANCE_PHASES = frozenset(
    {FIRST_SEAT, START_ROLL, REVEAL, ROLL_ATTACKER, ROLL_DEFENDER, ROLL_RESOURCES, STEAL_DRAW}
    | {DEAL_MUTATION, PEEK, SPY_DRAW, AGENT_DRAW}
)
# Phases in which the active player may take free actions (build, trade with the Supply).
FREE_ACTION_PHASES = frozenset({ACTIONS, RESOURCES, DISCARD_PHASE})
