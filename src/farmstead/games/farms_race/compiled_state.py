"""The arrays of one Farms Race game on the compiled rules: their layout, their allocation, who
moves, and loading a reference position into them.

``st`` is a tuple of arrays holding every field of ``FRFields`` (rules/state.py), int64 but
for the stream:

* ``sc``: the scalars, by the names below: the fields that are one number (bitmasks of regions
  or seats included: a map has at most 25 regions), the pairs split in two (``dice``,
  ``combat_attackers``, ``combat_roll_outcomes``, ``route_left``), booleans as 0 or 1, and the
  length of each list;
* ``map``: per region (rows ``OWNER`` … ``START_OWNER``) its owner, herds, building, Human
  token value and owner when the turn began;
* ``seats``: per seat (rows ``TURNS`` … ``PROPOSALS_MADE``) its one-number fields;
* ``hands``, ``known`` and ``production``: per seat and resource the cards held, the cards
  every seat can deduce (``known_cards``) and what the last Resources phase paid
  (``last_production``); ``spies``: per seat and kind its Spy cards;
* ``piles``: per Spy card kind (rows ``FRESH`` … ``SPY_REMOVED``) the active seat's cards got
  this turn, the deck, the discard pile and the cards out of play;
* ``token_pool``: per token value 1, 2, 3 (rows) the unseen tokens and the revealed ones back
  in the pool;
* ``selected``: per resource (rows) Deranged's cards chosen (``pay_sel``) and the trade
  proposal's ``trade_give`` and ``trade_ask``;
* the lists, their first entries valid, their lengths in ``sc``: ``deal_left``, ``owed``,
  ``named``, ``move_sel`` (rows origin, healthy, injured), ``combat_origins`` (origin, herds),
  ``combat_escaped`` (region, herds), ``agent_queue`` (victim, cards still to take),
  ``nuke_responses`` (responder, nuker, region; the top last) and ``winners``;
* ``stream``: the random stream's key and counter (uint64);
* ``redo_start``: a tuple of the arrays ``sc`` … ``winners`` again, the position kept at the
  start of a redo-able first turn (FR-R55, ``redo_snapshot``) while ``sc[REDO_KEPT]`` is 1,
  zeros otherwise. A redo restores every field but ``redo_snapshot`` and ``redo_used``
  (``TurnRules._redo``), so the kept position's own snapshot is not held.

The capacities of the lists are the configuration's (``compiled_tables``: ``MAX_DEALS`` …
``MAX_STACK``; a move's selection and a combat's origins one per region, the Double Agent
queue and the winners one per seat): ``load`` refuses a position whose list is longer.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.games.farms_race.compiled_tables import (
    INTS,
    MAX_DEALS,
    MAX_ESCAPED,
    MAX_NAMED,
    MAX_OWED,
    MAX_STACK,
    PLAYERS,
    REGIONS,
)
from farmstead.games.farms_race.layout import (
    CHANCE_PHASES,
    NUM_RESOURCES,
    NUM_SPY_KINDS,
    OVER,
    PHASE_NAMES,
)
from farmstead.games.farms_race.rules import FRRules

CHANCE = -1  # PlayerId.CHANCE
TERMINAL = -4  # PlayerId.TERMINAL
CHANCE_PHASE_MASK = sum(1 << phase for phase in CHANCE_PHASES)
"""The chance phases as a bitmask of phase numbers (46 phases: one machine word)."""

# Positions in ``st``.
(
    SC,
    MAP,
    SEATS,
    HANDS,
    KNOWN,
    PRODUCTION,
    SPIES,
    PILES,
    TOKEN_POOL,
    SELECTED,
    DEAL_LEFT,
    OWED,
    NAMED,
    MOVE_SEL,
    COMBAT_ORIGINS,
    COMBAT_ESCAPED,
    AGENT_QUEUE,
    NUKE_RESPONSES,
    WINNERS,
    STREAM,
    REDO_START,
) = range(21)
POSITION_ARRAYS = STREAM
"""The arrays ``st[:POSITION_ARRAYS]`` hold the position; ``st[REDO_START]`` has one of each."""

# Positions in ``sc``.
(
    PHASE,
    DECIDER,
    ACTIVE,
    FIRST,
    ROUND,
    TURMOIL,  # bitmask of regions
    ATTACKED,  # bitmask of regions
    NUKED,  # bitmask of regions
    FACE_DOWN,  # bitmask of regions
    PEEKED,  # bitmask of regions
    TOKEN_REAL,  # bitmask of regions
    STAND_INS,
    ELIMINATED,  # bitmask of seats
    NUKIEST,
    SETUP_STEP,
    PREP_LEFT,
    PREP_GIVEN,  # bitmask of regions
    FLY_SRC,
    FLY_HERD_HEALTH,  # fly_health
    FLIGHTS,
    MOVE_DEST,
    MOVE_SRC,
    CANCELS,
    COMBAT_REGION,
    COMBAT_DEFENDER,
    ATTACKERS_HEALTHY,  # combat_attackers
    ATTACKERS_INJURED,
    COMBAT_HUMANS,
    COMBAT_HEAD_HITS,
    COMBAT_ADORABLE,
    COMBAT_ZOMBIE_RETREAT,
    COMBAT_ROUND,
    COMBAT_ATTACKER_DAMAGE,
    COMBAT_DEFENDER_DAMAGE,
    ATTACKER_ROLL,  # combat_roll_outcomes
    DEFENDER_ROLL,
    ROUTE_HEALTHY,  # route_left
    ROUTE_INJURED,
    DIE_A,  # dice
    DIE_B,
    WILDS,
    LUCKY_FACES,  # lucky: the faces were chosen by Lucky
    DOUBLES_LEFT,  # EFFECT_* bits
    STEAL_VICTIM,
    DISCARDS,
    RESUME,
    PAY_BUILD,
    PAY_REGION,
    SPY_PLAY,
    SPY_VICTIM,
    SPY_TAKEN,
    NUKE_LAUNCHER,
    NUKE_KIND,
    NUKE_TARGET,
    NUKE_VICTIM,
    NUKE_POINTS,
    NUKE_HUMANS,
    NUKE_HACKED,
    TRADE_NEXT_TURN,
    TRADE_SLOT,
    TRADE_PASSES,
    TRADE_PROPOSER,
    TRADE_RECIPIENT,
    OPEN_TRADES,
    REDO_USED,  # bitmask of seats
    REDO_KEPT,  # 1 while a redo snapshot is kept (``st[REDO_START]``)
    DEAL_COUNT,
    OWED_COUNT,
    NAMED_COUNT,
    MOVE_SEL_COUNT,
    ORIGIN_COUNT,
    ESCAPED_COUNT,
    QUEUE_COUNT,
    RESPONSE_COUNT,
    WINNER_COUNT,
) = range(75)
SCALARS = 75

# Rows of ``map``.
(
    OWNER,
    HEALTHY_READY,
    INJURED_READY,
    HEALTHY_ACTED,
    INJURED_ACTED,
    BUILDING,
    TOKEN,
    START_OWNER,
) = range(8)
# Rows of ``seats``.
(
    TURNS,
    UNKNOWN_CARDS,
    UNKNOWN_KINDS,
    HERDS_LEFT,
    BARNS_LEFT,
    ARMORIES_LEFT,
    VP_TOKENS,
    SEAT_MUTATION,  # the chosen (revealed) Mutation, or -1
    DEALT,  # bitmask of the Mutations dealt
    REVEALED,  # bitmask of the revealed VP Spies
    NUKES_READY,
    NUKES_SPENT,
    PROPOSALS_MADE,  # trade_proposals_made
) = range(13)
# Rows of ``piles``, ``token_pool`` and ``selected``.
FRESH, SPY_DECK, SPY_DISCARD, SPY_REMOVED = range(4)
TOKENS_UNSEEN, TOKENS_POOL_REVEALED = range(2)
PAY_SEL, TRADE_GIVE, TRADE_ASK = range(3)


def _position_arrays(tb: tuple[Any, ...]) -> tuple[Any, ...]:
    """Zeroed arrays of one position (``st[:POSITION_ARRAYS]``)."""
    ints = tb[INTS]
    n, nr = ints[PLAYERS], ints[REGIONS]
    return (
        np.zeros(SCALARS, np.int64),
        np.zeros((8, nr), np.int64),
        np.zeros((13, n), np.int64),
        np.zeros((n, NUM_RESOURCES), np.int64),
        np.zeros((n, NUM_RESOURCES), np.int64),
        np.zeros((n, NUM_RESOURCES), np.int64),
        np.zeros((n, NUM_SPY_KINDS), np.int64),
        np.zeros((4, NUM_SPY_KINDS), np.int64),
        np.zeros((2, 3), np.int64),
        np.zeros((3, NUM_RESOURCES), np.int64),
        np.zeros(ints[MAX_DEALS], np.int64),
        np.zeros(ints[MAX_OWED], np.int64),
        np.zeros(ints[MAX_NAMED], np.int64),
        np.zeros((nr, 3), np.int64),
        np.zeros((nr, 2), np.int64),
        np.zeros((ints[MAX_ESCAPED], 2), np.int64),
        np.zeros((n, 2), np.int64),
        np.zeros((ints[MAX_STACK], 3), np.int64),
        np.zeros(n, np.int64),
    )


def new_state(tb: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arrays of one game (``st``, see the module), zeroed, sized for the configured game;
    ``load`` makes them a position."""
    return (*_position_arrays(tb), np.zeros(2, np.uint64), _position_arrays(tb))


def load(st: tuple[Any, ...], state: FRRules) -> None:
    """Make ``st`` the position ``state`` with its redo snapshot (the stream is left to the
    caller). A ``ValueError`` for a position that does not fit the arrays: another map or
    player count, a list longer than its capacity, a phase out of range."""
    _load_position(st[:POSITION_ARRAYS], state)
    snapshot = state.redo_snapshot
    if snapshot is None:
        for array in st[REDO_START]:
            array[...] = 0
    else:
        _load_position(st[REDO_START], snapshot)
        st[REDO_START][SC][REDO_KEPT] = 0  # the kept position's own snapshot is not held


def _load_position(arrays: tuple[Any, ...], s: FRRules) -> None:
    """Fill the arrays of one position (``st[:POSITION_ARRAYS]`` or ``st[REDO_START]``) from
    ``s``, every field but ``redo_snapshot``; ``REDO_KEPT`` tells whether ``s`` keeps one."""
    if not 0 <= s.phase < len(PHASE_NAMES):
        raise ValueError(f"phase {s.phase} is not a Farms Race phase")
    if (len(s.owner), len(s.turns)) != (arrays[MAP].shape[1], arrays[SEATS].shape[1]):
        raise ValueError("the position is of another map or player count")
    scalars = (
        (PHASE, s.phase),
        (DECIDER, s.decider),
        (ACTIVE, s.active),
        (FIRST, s.first),
        (ROUND, s.round),
        (TURMOIL, s.turmoil),
        (ATTACKED, s.attacked),
        (NUKED, s.nuked),
        (FACE_DOWN, s.face_down),
        (PEEKED, s.peeked),
        (TOKEN_REAL, s.token_real),
        (STAND_INS, s.stand_ins),
        (ELIMINATED, s.eliminated),
        (NUKIEST, s.nukiest),
        (SETUP_STEP, s.setup_step),
        (PREP_LEFT, s.prep_left),
        (PREP_GIVEN, s.prep_given),
        (FLY_SRC, s.fly_src),
        (FLY_HERD_HEALTH, s.fly_health),
        (FLIGHTS, s.flights),
        (MOVE_DEST, s.move_dest),
        (MOVE_SRC, s.move_src),
        (CANCELS, s.cancels),
        (COMBAT_REGION, s.combat_region),
        (COMBAT_DEFENDER, s.combat_defender),
        (ATTACKERS_HEALTHY, s.combat_attackers[0]),
        (ATTACKERS_INJURED, s.combat_attackers[1]),
        (COMBAT_HUMANS, s.combat_humans),
        (COMBAT_HEAD_HITS, s.combat_head_hits),
        (COMBAT_ADORABLE, s.combat_adorable),
        (COMBAT_ZOMBIE_RETREAT, s.combat_zombie_retreat),
        (COMBAT_ROUND, s.combat_round),
        (COMBAT_ATTACKER_DAMAGE, s.combat_attacker_damage),
        (COMBAT_DEFENDER_DAMAGE, s.combat_defender_damage),
        (ATTACKER_ROLL, s.combat_roll_outcomes[0]),
        (DEFENDER_ROLL, s.combat_roll_outcomes[1]),
        (ROUTE_HEALTHY, s.route_left[0]),
        (ROUTE_INJURED, s.route_left[1]),
        (DIE_A, s.dice[0]),
        (DIE_B, s.dice[1]),
        (WILDS, s.wilds),
        (LUCKY_FACES, int(s.lucky)),
        (DOUBLES_LEFT, s.doubles_left),
        (STEAL_VICTIM, s.steal_victim),
        (DISCARDS, s.discards),
        (RESUME, s.resume),
        (PAY_BUILD, s.pay_build),
        (PAY_REGION, s.pay_region),
        (SPY_PLAY, s.spy_play),
        (SPY_VICTIM, s.spy_victim),
        (SPY_TAKEN, s.spy_taken),
        (NUKE_LAUNCHER, s.nuke_launcher),
        (NUKE_KIND, s.nuke_kind),
        (NUKE_TARGET, s.nuke_target),
        (NUKE_VICTIM, s.nuke_victim),
        (NUKE_POINTS, s.nuke_points),
        (NUKE_HUMANS, s.nuke_humans),
        (NUKE_HACKED, int(s.nuke_hacked)),
        (TRADE_NEXT_TURN, s.trade_next_turn),
        (TRADE_SLOT, s.trade_slot),
        (TRADE_PASSES, s.trade_passes),
        (TRADE_PROPOSER, s.trade_proposer),
        (TRADE_RECIPIENT, s.trade_recipient),
        (OPEN_TRADES, s.open_trades),
        (REDO_USED, s.redo_used),
        (REDO_KEPT, int(s.redo_snapshot is not None)),
    )
    sc = arrays[SC]
    sc[:] = 0
    for at, value in scalars:
        sc[at] = value
    region_rows = (
        s.owner,
        s.healthy_ready,
        s.injured_ready,
        s.healthy_acted,
        s.injured_acted,
        s.building,
        s.token,
        s.start_owner,
    )
    for row, values in enumerate(region_rows):
        arrays[MAP][row] = values
    seat_rows = (
        s.turns,
        s.unknown_cards,
        s.unknown_kinds,
        s.herds_left,
        s.barns_left,
        s.armories_left,
        s.vp_tokens,
        s.mutation,
        s.dealt,
        s.revealed,
        s.nukes_ready,
        s.nukes_spent,
        s.trade_proposals_made,
    )
    for row, values in enumerate(seat_rows):
        arrays[SEATS][row] = values
    arrays[HANDS][...] = np.reshape(s.hands, (-1, NUM_RESOURCES))
    arrays[KNOWN][...] = np.reshape(s.known_cards, (-1, NUM_RESOURCES))
    arrays[PRODUCTION][...] = np.reshape(s.last_production, (-1, NUM_RESOURCES))
    arrays[SPIES][...] = np.reshape(s.spies, (-1, NUM_SPY_KINDS))
    for row, values in enumerate((s.fresh, s.spy_deck, s.spy_discard, s.spy_removed)):
        arrays[PILES][row] = values
    arrays[TOKEN_POOL][TOKENS_UNSEEN] = s.tokens_unseen
    arrays[TOKEN_POOL][TOKENS_POOL_REVEALED] = s.tokens_pool_revealed
    for row, values in enumerate((s.pay_sel, s.trade_give, s.trade_ask)):
        arrays[SELECTED][row] = values
    lists: tuple[tuple[int, int, str, tuple[Any, ...]], ...] = (
        (DEAL_LEFT, DEAL_COUNT, "deal_left", s.deal_left),
        (OWED, OWED_COUNT, "owed", s.owed),
        (NAMED, NAMED_COUNT, "named", s.named),
        (MOVE_SEL, MOVE_SEL_COUNT, "move_sel", s.move_sel),
        (COMBAT_ORIGINS, ORIGIN_COUNT, "combat_origins", s.combat_origins),
        (COMBAT_ESCAPED, ESCAPED_COUNT, "combat_escaped", s.combat_escaped),
        (AGENT_QUEUE, QUEUE_COUNT, "agent_queue", s.agent_queue),
        (NUKE_RESPONSES, RESPONSE_COUNT, "nuke_responses", s.nuke_responses),
        (WINNERS, WINNER_COUNT, "winners", s.winners),
    )
    for at, count, name, values in lists:
        array = arrays[at]
        if len(values) > len(array):
            raise ValueError(f"{name} holds {len(values)} entries, more than {len(array)}")
        array[...] = 0
        if values:
            array[: len(values)] = values
        sc[count] = len(values)


@njit(cache=True, inline="always")
def current_player(st: Any) -> int:
    """``PhasedState.current_player``: ``CHANCE`` in a chance phase, ``TERMINAL`` once the
    game is over, else the seat deciding (``decider``)."""
    sc = st[SC]
    phase = sc[PHASE]
    if CHANCE_PHASE_MASK >> phase & 1:
        return CHANCE
    if phase == OVER:
        return TERMINAL
    return sc[DECIDER]
