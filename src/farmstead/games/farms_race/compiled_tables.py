"""The tables Farms Race's compiled rules read (``compiled_state``, ``compiled_tensor``): one
configured game's ``FRConfig``, action layout and tensor layout as NumPy arrays, built once
per game.

``ints`` holds the configuration's numbers by position (the names below): the game's sizes and
switches, the capacities of the position's lists (``compiled_state``), the action count and
the tensor's field offsets. Every other table is one array, in the order of the names after
them. Regions are numbered as in the map (``maps``); a set of regions is a bitmask, as in the
reference (a map has at most ``maps.MAX_REGIONS`` = 25 regions). The chance tables give each
outcome with its probability, in the order of the reference's lists.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from farmstead.core.tensor import TensorLayout
from farmstead.games.farms_race.config import FRConfig
from farmstead.games.farms_race.layout import MAX_COMBAT_DICE, NO

MAX_RESPONSES = 64
"""The nuke-backs the response stack holds at most (FR-9.4): each entry is a nuke launched in
one exchange, so the stack is bounded only by the cards and tokens a game can gather; random
games stay within 3. A deeper stack is refused (``compiled_state.load``)."""

# Positions in ``ints``.
(
    PLAYERS,
    REGIONS,
    HERDS,  # herds in a personal supply (FR-2.1)
    BARNS,
    ARMORIES,
    START_HERDS,
    BLUE_START_HERDS,  # Blue-Blooded's herds on its start Armory (FR-2.1)
    TARGET_VP,
    MAX_ROUNDS,
    MAX_CANCELS,
    MAX_COMBAT_ROUNDS,
    HAND_LIMIT,
    TRADE_RATE,  # the Supply trade rate (FR-8.2)
    TRADE_RATE_HYPER,  # Hyper-Intelligent's rate on its turn (FR-11)
    HYPER_CARDS,  # Hyper-Intelligent pays this many of one kind for any build (FR-11)
    DERANGED_EXTRA,  # Deranged pays the normal total plus this many (FR-11)
    FIRST_PLAYER,  # the parameter: a seat, or -1 for a chance event
    EXPERIENCED,  # 1: the Experienced mode (FR-13)
    STEALING,  # 1: the Stealing variant (FR-13, FR-R49)
    NEW_PLAYERS,  # bitmask of the seats offered the redo of their first turn (FR-R55)
    MUTATIONS_ON,  # 0: the No Mutations variant (FR-13)
    MUTATIONS_FIXED,  # 1: ``FIXED_MUTATIONS`` gives each seat its Mutation, none are dealt
    RANDOM_STARTS,  # 1: starts follow the random-map rules (FR-R29)
    OPEN_TRADING,  # 1: the Open Trading variant (FR-8.4, FR-R34)
    OPENING_WINDOW,  # 1: a trade window before the first turn (FR-R33)
    AUTO_REVEAL,  # 1: hidden VP Spies that would win are revealed at once (FR-12)
    REVEAL_AFTER_GAME,  # 1: hidden information is shown to all once the game is over
    WINDOW_PROPOSALS,  # trade-window proposals per participant per window (FR-R31)
    OPEN_PROPOSALS,  # Open Trading proposals per turn (FR-R34)
    EDGE_MASK,  # the regions with fewer than 6 neighbours (FR-3.2)
    MAX_GAME_LENGTH,
    MAX_DEALS,  # Mutations dealt at setup: the capacity of ``deal_left``
    MAX_OWED,  # starting resources owed at setup: the capacity of ``owed``
    MAX_NAMED,  # wild faces named in one roll: the capacity of ``named``
    MAX_ESCAPED,  # the capacity of ``combat_escaped`` (see ``tables``)
    MAX_STACK,  # the capacity of ``nuke_responses`` (``MAX_RESPONSES``)
    NUM_ACTIONS,  # player-action ids (``actions.ActionLayout.size``)
    T_PHASE,
    T_ACTIVE,
    T_DECIDER,
    T_FIRST,
    T_ROUND,
    T_REGION_TYPE,
    T_OWNER,
    T_HERDS,
    T_BUILDING,
    T_TURMOIL,
    T_TOKEN,
    T_ATTACKED,
    T_START_OWNER,
    T_TOKENS,
    T_SEATS,
    T_MY_HAND,
    T_MOVE,
    T_COMBAT,
    T_DICE,
    T_NAMED,
    T_MISC,
    T_NUKED,
    T_PEEKED,
    T_MUTATIONS,
    T_MY_DEALT,
    T_SPY_SEATS,
    T_NUKIEST,
    T_MY_SPIES,
    T_SPY_PILES,
    T_SHOWN_HAND,
    T_FLYING,
    T_RESOURCES_EXTRA,
    T_RESUME,
    T_PAYMENT,
    T_SPY_PLAY,
    T_NUKE,
    T_NUKE_STACK,
    T_TRADE,
    T_COMBAT_EXTRA,
    T_SETUP_EXTRA,
    T_SIZE,
) = range(78)

# Positions of the other tables in the ``tables`` tuple.
(
    INTS,
    ADJACENT,  # (region, i) -> its i-th neighbour, in ``FRConfig.adjacent``'s order; -1 past
    # the last (FR-3.2)
    ADJACENT_MASK,  # region -> its neighbours as a bitmask
    DISTANCE,  # (region, region) -> steps between them
    REGION_TYPE,  # region -> its type (layout's FIELDS ... POWER_PLANT)
    PRODUCES,  # region -> the resource it produces
    STARTS,  # the map's marked starts, ascending (none on a random or start-less map)
    BUILD_COSTS,  # (build, resource) -> cards (layout's BUILD_*; the Barn and Armory rows are
    # ``barn_cost`` and ``armory_cost``)
    FIXED_MUTATIONS,  # seat -> its Mutation (-1: none) when MUTATIONS_FIXED, else all -1
    MUTATIONS_DEALT,  # position in turn order -> Mutations dealt to it (FR-4 step 5)
    SPY_DECK,  # Spy card kind -> copies in the deck (FR-2.8)
    TOKENS,  # Human tokens of value 1, 2, 3 (FR-2.6)
    STARTING_RESOURCES,  # position in turn order -> starting resources (FR-4 step 7)
    COMBAT_COUNT,  # combat dice (0 … MAX_COMBAT_DICE) -> outcomes of that roll
    COMBAT_OUTCOMES,  # (dice, i) -> the i-th outcome, ``guns * 16 + heads`` (FR-2.5)
    COMBAT_PROBS,  # (dice, i) -> its probability (float64)
    DICE_OUTCOMES,  # the resource dice's outcomes, ``a * 6 + b`` with a <= b (FR-5.4)
    DICE_PROBS,  # their probabilities (float64)
    START_ROLL_OUTCOMES,  # a starting resource die, wild rerolled (FR-R22)
    START_ROLL_PROBS,  # their probabilities (float64)
    ACTION_BASE,  # action kind (``actions``' START … ZOMBIE_TO) -> its first id
    ACTION_KIND,  # action id -> its kind
) = range(22)

_TENSOR_FIELDS = (
    "phase",
    "active",
    "decider",
    "first",
    "round",
    "region_type",
    "owner",
    "herds",
    "building",
    "turmoil",
    "token",
    "attacked",
    "start_owner",
    "tokens",
    "seats",
    "my_hand",
    "move",
    "combat",
    "dice",
    "named",
    "misc",
    "nuked",
    "peeked",
    "mutations",
    "my_dealt",
    "spy_seats",
    "nukiest",
    "my_spies",
    "spy_piles",
    "shown_hand",
    "flying",
    "resources_extra",
    "resume",
    "payment",
    "spy_play",
    "nuke",
    "nuke_stack",
    "trade",
    "combat_extra",
    "setup_extra",
)


def tables(c: FRConfig, layout: TensorLayout) -> tuple[Any, ...]:
    """The ``tables`` tuple of one configured game (see the module)."""
    n, nr = c.players, c.regions
    ints = np.array(
        [
            n,
            nr,
            c.herds,
            c.barns,
            c.armories,
            c.start_herds,
            c.blue_start_herds,
            c.target_vp,
            c.max_rounds,
            c.max_cancels,
            c.max_combat_rounds,
            c.hand_limit,
            c.trade_rate,
            c.trade_rate_hyper,
            c.hyper_cards,
            c.deranged_extra,
            c.first_player,
            int(c.experienced),
            int(c.stealing),
            c.new_players,
            int(c.mutations_on),
            int(bool(c.fixed_mutations)),
            int(c.random_starts),
            int(c.open_trading),
            int(c.opening_window),
            int(c.auto_reveal),
            int(c.reveal_after_game),
            c.window_proposals,
            c.open_proposals,
            c.edge_mask,
            c.max_game_length,
            sum(c.mutations_dealt[:n]),
            sum(c.starting_resources[:n]),
            2,  # one per resource die
            # An entry per herd that leaves the fight injured: each attacking herd once (a
            # zombie retreat or a route), each defending herd once (a zombie retreat), and the
            # defender's one retreat of all its herds (``combat``).
            2 * c.herds + 1,
            MAX_RESPONSES,
            c.layout.size,
            *(layout[name].start for name in _TENSOR_FIELDS),
            layout.size,
        ],
        np.int64,
    )
    adjacent = np.full((nr, 6), NO, np.int64)
    for region, around in enumerate(c.adjacent):
        adjacent[region, : len(around)] = around
    dice_counts = MAX_COMBAT_DICE + 1
    widest = max(len(rolls) for rolls in c.combat_rolls)
    combat_outcomes = np.full((dice_counts, widest), NO, np.int64)
    combat_probs = np.zeros((dice_counts, widest), np.float64)
    for dice, rolls in enumerate(c.combat_rolls):
        combat_outcomes[dice, : len(rolls)] = [outcome for outcome, _ in rolls]
        combat_probs[dice, : len(rolls)] = [p for _, p in rolls]
    fixed = c.fixed_mutations or (NO,) * n
    lay = c.layout
    return (
        ints,
        adjacent,
        np.array(c.adjacent_mask, np.int64),
        np.array(c.distance, np.int64).reshape(nr, nr),
        np.array(c.region_type, np.int64),
        np.array(c.produces, np.int64),
        np.array(c.starts, np.int64),
        np.array(c.build_costs, np.int64).reshape(-1, 5),
        np.array(fixed, np.int64),
        np.array(c.mutations_dealt, np.int64),
        np.array(c.spy_deck, np.int64),
        np.array(c.tokens, np.int64),
        np.array(c.starting_resources, np.int64),
        np.array([len(rolls) for rolls in c.combat_rolls], np.int64),
        combat_outcomes,
        combat_probs,
        np.array([outcome for outcome, _ in c.dice_rolls], np.int64),
        np.array([p for _, p in c.dice_rolls], np.float64),
        np.array([outcome for outcome, _ in c.start_roll], np.int64),
        np.array([p for _, p in c.start_roll], np.float64),
        np.array(lay.base, np.int64),
        np.array([lay.decode(action)[0] for action in range(lay.size)], np.int64),
    )
