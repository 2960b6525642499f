"""The tables Livestock Uprising's compiled rules read (``compiled_state``, ``compiled_tensor``):
one configured game's ``LUConfig`` and tensor layout as NumPy arrays, built once per game.

``ints`` holds the configuration's numbers by position (the names below): the sizes of the
game, the parameters, the play settings of ``play.toml``, the capacities of the state's
arrays, the number of action ids and the tensor's field offsets. Every other table is one
array, in the order of the names after them. Cells are numbered ``r * side + c`` (``grid``);
unit types, cards, tile types and resources in the catalog's order; the Special Forces
effects and the card effects by their position in ``SF_EFFECT_CODES`` and
``CARD_EFFECT_CODES``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from farmstead.core.tensor import TensorLayout
from farmstead.games.livestock_uprising.catalog import CARD_EFFECTS, SF_EFFECTS
from farmstead.games.livestock_uprising.config import LUConfig
from farmstead.games.livestock_uprising.layout import PIECES_PER_SEAT

SF_EFFECT_CODES = tuple(sorted(SF_EFFECTS))
"""The Special Forces effects (``""``: none), numbered as ``UNIT_EFFECT`` holds them."""
CARD_EFFECT_CODES = tuple(sorted(CARD_EFFECTS))
"""The card effects, numbered as ``CARD_EFFECT`` holds them."""

# Positions in ``ints``.
(
    PLAYERS,
    SIDE,  # the final grid's side F
    START_SIDE,  # the starting grid's side S (LU-R15)
    CELLS,  # F x F
    UNITS,  # unit types: the troops, then every Special Forces card
    TROOP_TYPES,
    CARDS,  # the Command cards, then the Battle Plans cards
    COMMAND_CARDS,
    TILE_TYPES,
    GRASS,  # the resource that needs no harvest icon (LU-R62)
    EMPTY_TILE,  # the tile type a barn becomes when its faction is eliminated (LU-R96)
    FIRST_PLAYER,  # the parameter: a seat, or -1 for a chance event (LU-R11)
    CHOOSE_FACTIONS,  # 1: the seats choose their factions (LU-R7); 0: ``ASSIGNED`` holds them
    ROUND_LIMIT,  # the stalemate round limit (LU-R98)
    MAX_GAME_LENGTH,
    HAND,  # Command cards dealt to each seat (LU-R10)
    GENERAL_STEPS,
    SUPER_ARMY_STEPS,
    GENERAL_UNITS,
    SUPER_ARMY_UNITS,
    GENERAL_DICE,
    SUPER_ARMY_DICE,
    SUPER_ARMY_CASUALTIES,
    HARVEST_PER_GENERAL,
    TRANSFERS,
    BATTLE_CRY,
    HARDENED_HIDE,
    FORTIFY,
    SHIELD_WALL,
    SIEGE_ENGINES,
    FORCED_MARCH_STEPS,
    ROCKET_ROOSTER_STEPS,
    BLITZKRIEG_STEPS,
    RALLY_TRANSFERS,
    RALLY_DISTANCE,
    SCORCHED_EARTH_DISTANCE,
    TRADE_CARAVAN_GIVE,
    TRADE_CARAVAN_TIMES,
    SUPPLY_RAID_TOKENS,
    CONSCRIPTION_TROOPS,
    BATTALION,  # the most units one battalion (or a forming army's recruits) may hold
    DICE,  # the most dice of one side in a battle
    DEFENDERS,  # the most pieces defending together (a barn group, LU-R88)
    TAKEN,  # the most casualties of one battle
    PLUNDERS,  # the most plunder entries of one battle
    CARD_DATA,  # the most numbers a card play keeps (``CardPlay.data``)
    ACTIONS,  # num_distinct_actions
    T_PHASE,
    T_ACTIVE,
    T_DECIDER,
    T_FIRST,
    T_ROUND,
    T_FACTIONS,
    T_TILES,
    T_BARN_OWNER,
    T_SCORCHED,
    T_PIECES,
    T_TOKENS,
    T_SUPPLY,
    T_TROOPS,
    T_SPECIAL_FORCES,
    T_SEATS,
    T_PLAYED,
    T_GONE,
    T_MY_CARDS,
    T_KNOWN,
    T_TURN_PIECE,
    T_TURN_NUMBERS,
    T_TURN_FLAGS,
    T_TURN_SLOTS,
    T_TURN_REINFORCE,
    T_TURN_CHOSEN,
    T_TURN_UNIT,
    T_TURN_RECRUITS,
    T_BATTLE_PIECES,
    T_BATTLE_CELLS,
    T_BATTLE_FLAGS,
    T_BATTLE_STAGE,
    T_BATTLE_NUMBERS,
    T_BATTLE_DICE,
    T_BATTLE_OUTCOME,
    T_BATTLE_OWED,
    T_CARD,
    T_AMBUSH,
    T_WINNERS,
    T_SIZE,
) = range(86)

# Positions of the other tables in the ``tables`` tuple.
(
    INTS,
    NEIGHBOURS,  # (cell, direction) -> the neighbour in that direction (layout.DELTAS); -1 off
    START_CELLS,  # the starting grid's cells, row-major (LU-R15)
    BARN_CELLS,  # the legal barn cells, ascending (LU-R17)
    TILE_POOL,  # tile type -> tiles kept for this player count (LU-R13)
    TILE_CLASS,  # tile type -> RESOURCE, FIELD or BLOCKED (layout)
    RESOURCE_TILE,  # tile type -> its resource, or -1
    TILE_OPEN,  # tile type -> 1 unless blocked terrain (LU-R31)
    TOKEN_SUPPLY,  # resource -> the token supply at setup (LU-R9)
    ATK,  # unit type -> printed ATK
    DEF,  # unit type -> printed DEF
    UNIT_FACTION,  # unit type -> its faction (a Special Forces card), or -1 (a troop)
    UNIT_EFFECT,  # unit type -> its effect, numbered as ``SF_EFFECT_CODES``
    COPIES,  # unit type -> its copies
    COST,  # (unit type, resource) -> tokens it costs
    HARVEST,  # (unit type, resource) -> 1 when its icon allows that resource
    HARVEST_ANY,  # unit type -> 1 when it counts as every icon
    FACTION_SF,  # (faction, i) -> its i-th Special Forces unit type
    ASSIGNED,  # seat -> its faction by parameter, or -1 when the seats choose
    CARD_WINDOW,  # card -> its window (layout.W_*)
    CARD_OUT_OF_TURN,  # card -> 1 when it may be played out of turn
    CARD_EFFECT,  # card -> its effect, numbered as ``CARD_EFFECT_CODES``
    ACTION_BASE,  # action kind (actions.FACTION ...) -> its first id
    COUNT_SCALE,  # the supply per resource, then the troops per type -> the tensor's scale
    FIFTHS,  # k -> k units of one type in the tensor: 0.2 added k times in float32
) = range(25)

_TENSOR_FIELDS = (
    "phase",
    "active",
    "decider",
    "first",
    "round",
    "factions",
    "tiles",
    "barn_owner",
    "scorched",
    "pieces",
    "tokens",
    "supply",
    "troops",
    "special_forces",
    "seats",
    "played",
    "gone",
    "my_cards",
    "known",
    "turn_piece",
    "turn_numbers",
    "turn_flags",
    "turn_slots",
    "turn_reinforce",
    "turn_chosen",
    "turn_unit",
    "turn_recruits",
    "battle_pieces",
    "battle_cells",
    "battle_flags",
    "battle_stage",
    "battle_numbers",
    "battle_dice",
    "battle_outcome",
    "battle_owed",
    "card",
    "ambush",
    "winners",
)


def _capacities(c: LUConfig) -> list[int]:
    """``BATTALION`` … ``CARD_DATA``: bounds that follow from the rules and the data.

    A battalion holds units of one faction only, so at most every troop copy and the
    faction's Special Forces (units are conserved: each copy stands in one place). A side
    rolls a Super Army's dice plus Fortune of War's, or two with Longhorn Sentinel's keep-high.
    A barn group is its owner's Generals. Each piece that owes casualties (the attacker and
    its joint attackers, or the defenders) owes at most the Super Army count. Plunder comes
    once from each card played and once from War Boar. A card keeps Airlift's General,
    Espionage's seat, Trade Caravan's exchanges and tokens given, or Conscription's troops.
    """
    cat = c.catalog
    play = cat.play
    one_faction = sum(u.copies for u in cat.units[: c.troop_types])
    one_faction += max(len(sf) for sf in c.faction_sf)
    dice = max(play.super_army_dice + 1, 2, play.general_dice)
    taken = c.num_players * max(1, play.super_army_casualties)
    data = 1 + max(play.trade_caravan_give, play.conscription_troops)
    return [one_faction, dice, PIECES_PER_SEAT, taken, len(cat.cards) + 1, data]


def _fifths(most: int) -> Any:
    """The tensor's value of ``k`` units of one type, ``k`` in ``0 … most``: ``0.2`` added
    ``k`` times to a float32 element, as ``tensor.encode`` and ``tensor_state`` accumulate it."""
    acc = np.zeros(1, np.float32)
    values = np.zeros(most + 1, np.float32)
    for k in range(1, most + 1):
        acc[0] += 0.2
        values[k] = acc[0]
    return values


def tables(c: LUConfig, layout: TensorLayout) -> tuple[Any, ...]:
    """The ``tables`` tuple of one configured game (see the module); ``ValueError`` when the
    tensor layout's fields are not those ``compiled_tensor`` writes."""
    names = tuple(f.name for f in layout.fields)
    if names != _TENSOR_FIELDS:
        raise ValueError(f"the tensor's fields {names} are not those of the compiled writer")
    cat = c.catalog
    play = cat.play
    units = cat.units
    n = c.num_players
    ints = np.array(
        [
            n,
            c.side,
            c.start_side,
            c.cells,
            len(units),
            c.troop_types,
            len(cat.cards),
            cat.command_cards,
            len(cat.tile_types),
            c.grass,
            cat.tile_types.index("empty"),
            c.first_player,
            int(c.factions is None),
            c.round_limit,
            c.max_game_length,
            play.command_cards,
            play.general_steps,
            play.super_army_steps,
            play.general_units,
            play.super_army_units,
            play.general_dice,
            play.super_army_dice,
            play.super_army_casualties,
            play.harvest_per_general,
            play.transfers,
            play.battle_cry,
            play.hardened_hide,
            play.fortify,
            play.shield_wall,
            play.siege_engines,
            play.forced_march_steps,
            play.rocket_rooster_steps,
            play.blitzkrieg_steps,
            play.rally_transfers,
            play.rally_distance,
            play.scorched_earth_distance,
            play.trade_caravan_give,
            play.trade_caravan_times,
            play.supply_raid_tokens,
            play.conscription_troops,
            *_capacities(c),
            c.layout.size,
            *(layout[name].start for name in _TENSOR_FIELDS),
            layout.size,
        ],
        np.int64,
    )
    resources = len(cat.resources)
    harvest = np.zeros((len(units), resources), np.int64)
    for u, unit in enumerate(units):
        harvest[u, sorted(unit.harvest)] = 1
    count_scale = [max(1, size) for size in cat.token_supply]
    count_scale += [u.copies for u in units[: c.troop_types]]
    return (
        ints,
        np.array(c.neighbours, np.int64),
        np.array(c.start_cells, np.int64),
        np.array(c.barn_cells, np.int64),
        np.array(c.tile_pool, np.int64),
        np.array(cat.tile_classes, np.int64),
        np.array(c.resource_tile, np.int64),
        np.array(c.tile_open, np.int64),
        np.array(cat.token_supply, np.int64),
        np.array(c.atk, np.int64),
        np.array(c.defence, np.int64),
        np.array(c.unit_faction, np.int64),
        np.array([SF_EFFECT_CODES.index(e) for e in c.effect], np.int64),
        np.array([u.copies for u in units], np.int64),
        np.array([u.cost for u in units], np.int64),
        harvest,
        np.array([u.harvest_any for u in units], np.int64),
        np.array(c.faction_sf, np.int64),
        np.array(c.factions if c.factions is not None else [-1] * n, np.int64),
        np.array([card.window for card in cat.cards], np.int64),
        np.array([card.out_of_turn for card in cat.cards], np.int64),
        np.array([CARD_EFFECT_CODES.index(card.effect) for card in cat.cards], np.int64),
        np.array(c.layout.base, np.int64),
        np.array(count_scale, np.int64),
        _fifths(int(ints[BATTALION])),
    )
