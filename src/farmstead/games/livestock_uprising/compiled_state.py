"""The arrays of one Livestock Uprising game on the compiled rules: their layout, their
allocation, who moves, and loading a reference position into them.

``st`` is a tuple of int64 arrays, by the positions below, holding every field of
``RulesState`` and of its records (``Turn``, ``Battle``, ``CardPlay``), hidden cards included:

* ``sc``, the scalars by the names below: who acts, the setup's deal, the Ambush target, the
  lists' lengths, and the scalar fields of the turn, the battle and the card play, each
  record's presence in ``TURN_ON``, ``BATTLE_ON`` and ``CARD_ON`` (its fields are 0 while
  there is none);
* ``seats`` (rows ``FACTION`` … ``HAND_LEN`` per seat) and ``hands`` (per seat its Command
  cards, in order); ``board`` (rows ``TILE``: the tile type, ``BARN + seat`` or -1,
  ``OCCUPANT``: ``cell_piece``, ``SCORCHED_BY``: ``scorched``, per cell); ``pieces`` (rows
  ``CELL``, ``UNIT_COUNT``, ``FORTIFIED`` per piece id ``4 * seat + slot``) and
  ``battalions`` (per piece its units' types, in order);
* ``tokens`` (per seat and resource), ``supply``, ``troops``, ``special_forces`` (per unit
  type: IN_RESERVE, IN_PLAY or REMOVED) and ``face_down`` (tiles left per type);
* ``played`` (in order), ``gone`` (rows card, owner, by), ``known`` (per viewer * n + owner,
  the cards its Espionage saw) with ``known_len`` (their number; -1: never looked);
* ``ambush`` (seats still to ask) and ``winners``;
* the turn's ``turn_slots`` (rows ``ACTED`` … ``FORAGE`` per slot) and ``recruits``; the
  battle's ``defending``, ``joiners``, ``queue``, ``a_dice``, ``d_dice``, ``rolls`` (rows side,
  index), ``keep``, ``owed`` (rows piece or -1, count), ``casualties_taken`` (rows piece,
  unit), ``plunder`` (rows taker, from, count, raid) and ``destroyed``; the card play's
  ``card_values`` (``CardPlay.data``); its effect is its card's (``CARD_EFFECT``);
* ``stream`` (the random stream's key and counter, uint64).

A list holds its length in ``sc`` (``known`` in ``known_len``, a battalion in ``UNIT_COUNT``,
a hand in ``HAND_LEN``); the entries past it are left as they are. The capacities are the
tables' (``compiled_tables``: ``BATTALION`` … ``CARD_DATA``). Booleans are 0 or 1; -1 is
``NO`` throughout.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from numba import njit

from farmstead.games.livestock_uprising.compiled_tables import (
    BATTALION,
    CARD_DATA,
    CARDS,
    CELLS,
    DEFENDERS,
    DICE,
    HAND,
    INTS,
    PLAYERS,
    PLUNDERS,
    TAKEN,
    TILE_TYPES,
    TROOP_TYPES,
    UNITS,
)
from farmstead.games.livestock_uprising.layout import (
    BARN,
    CHANCE_PHASES,
    NO,
    OUTCOME_NAMES,
    OVER,
    PHASE_NAMES,
)
from farmstead.games.livestock_uprising.rules import IN_RESERVE, REMOVED, LURules
from farmstead.games.livestock_uprising.rules.records import B_END

CHANCE = -1  # PlayerId.CHANCE
TERMINAL = -4  # PlayerId.TERMINAL
CHANCE_PHASE_IDS = tuple(sorted(CHANCE_PHASES))
# Positions in ``st``.
(
    SC,
    SEATS,
    HANDS,
    BOARD,
    PIECES,
    BATTALIONS,
    TOKENS,
    SUPPLY,
    TROOPS,
    SPECIAL_FORCES,
    FACE_DOWN,
    PLAYED,
    GONE,
    KNOWN,
    KNOWN_LEN,
    AMBUSH,
    WINNERS,
    TURN_SLOTS,
    RECRUITS,
    DEFENDING,
    JOINERS,
    QUEUE,
    A_DICE,
    D_DICE,
    ROLLS,
    KEEP,
    OWED,
    CASUALTIES_TAKEN,
    PLUNDER,
    DESTROYED,
    CARD_VALUES,
    STREAM,
) = range(32)
# Positions in ``sc``.
(
    PHASE,
    ACTIVE,
    DECIDER,
    FIRST,
    ROUND,
    DEAL_SEAT,
    AMBUSH_TARGET,
    PLAYED_COUNT,
    GONE_COUNT,
    AMBUSH_COUNT,
    WINNER_COUNT,
    # the turn (``Turn``)
    TURN_ON,
    TURN_PIECE,
    STEPS,
    LIMIT,
    ATTACKS,
    MOVED,
    BLITZ,
    BUMPER,
    REINFORCE,
    TRANSFERS_LEFT,
    RALLY,
    CHOSEN,
    CHOSEN_UNIT,  # ``Turn.unit``
    RECRUIT_COUNT,
    # the battle (``Battle``)
    BATTLE_ON,
    ATTACKER,
    ORIGIN,
    TARGET,
    BATTLE_AMBUSH,
    BATTLE_BARN,
    STAGE,
    A_MOD,
    D_MOD,
    D_DEF,
    DUEL_UNIT,  # ``Battle.duel``: the attacker's unit, the defending piece, its unit
    DUEL_PIECE,
    DUEL_DEFENDER_UNIT,
    DUEL_ON,
    FORTUNE_ATTACK,
    FORTUNE_DEFENCE,
    PINCER,
    OUTCOME,
    STEPPED,
    DEFENDER_COUNT,
    JOINER_COUNT,
    QUEUE_COUNT,
    A_DICE_COUNT,
    D_DICE_COUNT,
    ROLL_COUNT,
    KEEP_COUNT,
    OWED_COUNT,
    TAKEN_COUNT,
    PLUNDER_COUNT,
    DESTROYED_COUNT,
    # the card play (``CardPlay``)
    CARD_ON,
    CARD_SEAT,
    CARD,
    CARD_STAGE,
    CARD_RESUME,
    CARD_DECIDER,
    CARD_DATA_COUNT,
) = range(62)
# Rows of ``seats``, ``board``, ``pieces`` and ``turn_slots``.
FACTION, BARN_CELL, PLAN, ALIVE, LOST_TURNS, SHIELD, HAND_LEN = range(7)
TILE, OCCUPANT, SCORCHED_BY = range(3)
CELL, UNIT_COUNT, FORTIFIED = range(3)
ACTED, STARTED, DOUBLE, FORCED, FORAGE = range(5)


def new_state(tb: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arrays of one game (``st``, see the module), sized for the configured game."""
    ints = tb[INTS]
    n, cells, units, cards = ints[PLAYERS], ints[CELLS], ints[UNITS], ints[CARDS]
    pieces, dice = 4 * n, ints[DICE]
    return (
        np.zeros(62, np.int64),
        np.zeros((7, n), np.int64),
        np.zeros((n, ints[HAND]), np.int64),
        np.zeros((3, cells), np.int64),
        np.zeros((3, pieces), np.int64),
        np.zeros((pieces, ints[BATTALION]), np.int64),
        np.zeros((n, 5), np.int64),
        np.zeros(5, np.int64),
        np.zeros(ints[TROOP_TYPES], np.int64),
        np.zeros(units, np.int64),
        np.zeros(ints[TILE_TYPES], np.int64),
        np.zeros(cards, np.int64),
        np.zeros((cards, 3), np.int64),
        np.zeros((n * n, ints[HAND] + 1), np.int64),
        np.zeros(n * n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros((5, 4), np.int64),
        np.zeros(ints[BATTALION], np.int64),
        np.zeros(ints[DEFENDERS], np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(dice, np.int64),
        np.zeros(dice, np.int64),
        np.zeros((2 * dice, 2), np.int64),
        np.zeros(2, np.int64),
        np.zeros((n, 2), np.int64),
        np.zeros((ints[TAKEN], 2), np.int64),
        np.zeros((ints[PLUNDERS], 4), np.int64),
        np.zeros(pieces, np.int64),
        np.zeros(ints[CARD_DATA], np.int64),
        np.zeros(2, np.uint64),
    )


def _fill(target: Any, values: Sequence[Any], what: str) -> int:
    """Write ``values`` to the first entries of ``target``; their number. ``ValueError`` when
    they do not fit: a position no game reaches."""
    if len(values) > len(target):
        raise ValueError(f"{what}: {len(values)} entries, more than the {len(target)} possible")
    if values:
        target[: len(values)] = values
    return len(values)


def _check(ok: bool, what: str) -> None:
    """``ValueError`` naming ``what`` unless ``ok``: a position no game reaches."""
    if not ok:
        raise ValueError(f"impossible position: {what}")


def _in(values: Iterable[int], low: int, high: int) -> bool:
    """Whether every value lies in ``low … high - 1``."""
    return all(low <= v < high for v in values)


def load(st: tuple[Any, ...], state: LURules) -> None:
    """Make ``st`` the position ``state`` (the stream is left to the caller); ``ValueError``
    for a position no game reaches (a value out of its range, a list past its capacity)."""
    c = state.cfg
    cat = c.catalog
    n, cells, units = c.num_players, c.cells, len(cat.units)
    _check(0 <= state.phase < len(PHASE_NAMES), f"phase {state.phase}")
    for tile in state.tiles:
        _check(
            tile == NO or 0 <= tile < len(cat.tile_types) or BARN <= tile < BARN + n,
            f"tile value {tile}",
        )
    _check(_in(state.special_forces, IN_RESERVE, REMOVED + 1), "Special Forces states")
    _check(_in(state.piece_cell, NO, cells), "piece cells")
    cards = len(cat.cards)
    _check(_in(state.played, 0, cards), "the cards played")
    _check(_in((card for card, _, _ in state.gone), 0, cards), "the cards gone")
    _check(_in(state.plans, NO, cards), "the Battle Plans cards")
    _check(_in((state.active, *state.ambush, *state.winners), 0, n), "the seats acting or won")
    _check(_in((state.decider, state.first), NO, n), "the seat to decide, the first player")
    _check(_in(state.faction, NO, 4) and _in(state.barn, NO, cells), "factions and barns")
    _check(NO <= state.ambush_target < 4 * n, f"Ambush target {state.ambush_target}")
    sc = st[SC]
    sc[:] = 0
    scalars = {
        PHASE: state.phase,
        ACTIVE: state.active,
        DECIDER: state.decider,
        FIRST: state.first,
        ROUND: state.round,
        DEAL_SEAT: state.deal_seat,
        AMBUSH_TARGET: state.ambush_target,
        PLAYED_COUNT: _fill(st[PLAYED], state.played, "played"),
        GONE_COUNT: _fill(st[GONE], state.gone, "gone"),
        AMBUSH_COUNT: _fill(st[AMBUSH], state.ambush, "ambush"),
        WINNER_COUNT: _fill(st[WINNERS], state.winners, "winners"),
    }
    for at, value in scalars.items():
        sc[at] = value
    seats = st[SEATS]
    for row, values in (
        (FACTION, state.faction),
        (BARN_CELL, state.barn),
        (PLAN, state.plans),
        (ALIVE, state.alive),
        (LOST_TURNS, state.turns_lost),
        (SHIELD, state.shield),
    ):
        seats[row] = values
    for seat, hand in enumerate(state.hands):
        _check(_in(hand, 0, cat.command_cards), f"seat {seat}'s hand")
        seats[HAND_LEN, seat] = _fill(st[HANDS][seat], hand, f"seat {seat}'s hand")
    for row, values in (
        (TILE, state.tiles),
        (OCCUPANT, state.cell_piece),
        (SCORCHED_BY, state.scorched),
    ):
        st[BOARD][row] = values
    pieces = st[PIECES]
    pieces[CELL] = state.piece_cell
    pieces[FORTIFIED] = state.fortified
    for pid, battalion in enumerate(state.units):
        _check(_in(battalion, 0, units), f"piece {pid}'s units")
        pieces[UNIT_COUNT, pid] = _fill(st[BATTALIONS][pid], battalion, f"piece {pid}'s units")
    st[TOKENS][:] = np.reshape(state.tokens, (n, 5))
    st[SUPPLY][:] = state.supply
    st[TROOPS][:] = state.troops
    st[SPECIAL_FORCES][:] = state.special_forces
    st[FACE_DOWN][:] = state.tiles_face_down
    for at, known in enumerate(state.known):
        if known is None:
            st[KNOWN_LEN][at] = NO
        else:
            st[KNOWN_LEN][at] = _fill(st[KNOWN][at], known, "cards seen by Espionage")
    _load_turn(st, state)
    _load_battle(st, state)
    _load_card(st, state)


def _load_turn(st: tuple[Any, ...], state: LURules) -> None:
    """The turn record's fields (``TURN_ON`` 0 and zeros while there is none)."""
    sc, slots = st[SC], st[TURN_SLOTS]
    slots[:] = 0
    turn = state.turn
    if turn is None:
        return
    units = len(state.cfg.catalog.units)
    _check(-1 <= turn.chosen < units, f"the turn's choice {turn.chosen}")
    _check(_in((turn.piece, turn.bumper), NO, 4), "the turn's slots")
    _check(NO <= turn.reinforce < 5 and NO <= turn.unit < units, "the turn's choices")
    for at, value in (
        (TURN_ON, 1),
        (TURN_PIECE, turn.piece),
        (STEPS, turn.steps),
        (LIMIT, turn.limit),
        (ATTACKS, turn.attacks),
        (MOVED, turn.moved),
        (BLITZ, turn.blitz),
        (BUMPER, turn.bumper),
        (REINFORCE, turn.reinforce),
        (TRANSFERS_LEFT, turn.transfers),
        (RALLY, turn.rally),
        (CHOSEN, turn.chosen),
        (CHOSEN_UNIT, turn.unit),
    ):
        sc[at] = value
    for row, values in (
        (ACTED, turn.acted),
        (STARTED, turn.started),
        (DOUBLE, turn.double),
        (FORCED, turn.forced),
        (FORAGE, turn.forage),
    ):
        slots[row] = values
    _check(_in(turn.recruits, 0, units), "the recruits")
    sc[RECRUIT_COUNT] = _fill(st[RECRUITS], turn.recruits, "recruits")


def _load_battle(st: tuple[Any, ...], state: LURules) -> None:
    """The battle record's fields (``BATTLE_ON`` 0 and zeros while there is none)."""
    sc = st[SC]
    b = state.battle
    if b is None:
        return
    c = state.cfg
    pieces = 4 * c.num_players
    _check(_in((b.origin, b.target), 0, c.cells), "the battle's cells")
    _check(0 <= b.stage <= B_END, f"battle stage {b.stage}")
    _check(-1 <= b.outcome < len(OUTCOME_NAMES), f"battle outcome {b.outcome}")
    _check(_in((b.attacker, *b.defenders, *b.joiners), 0, pieces), "the battle's pieces")
    _check(_in((p for p, _ in b.owed), NO, pieces), "the casualties owed")
    _check(_in((*b.a_dice, *b.d_dice), 0, 7), "the battle's dice")
    _check(bool(b.defenders), "a battle without defenders")
    duel = b.duel
    for at, value in (
        (BATTLE_ON, 1),
        (ATTACKER, b.attacker),
        (ORIGIN, b.origin),
        (TARGET, b.target),
        (BATTLE_AMBUSH, b.ambush),
        (BATTLE_BARN, b.barn),
        (STAGE, b.stage),
        (A_MOD, b.a_mod),
        (D_MOD, b.d_mod),
        (D_DEF, b.d_def),
        (DUEL_UNIT, duel[0]),
        (DUEL_PIECE, duel[1]),
        (DUEL_DEFENDER_UNIT, duel[2]),
        (DUEL_ON, b.duel_on),
        (FORTUNE_ATTACK, b.fortune[0]),
        (FORTUNE_DEFENCE, b.fortune[1]),
        (PINCER, b.pincer),
        (OUTCOME, b.outcome),
        (STEPPED, b.stepped),
        (DEFENDER_COUNT, _fill(st[DEFENDING], b.defenders, "defenders")),
        (JOINER_COUNT, _fill(st[JOINERS], b.joiners, "joint attackers")),
        (QUEUE_COUNT, _fill(st[QUEUE], b.queue, "the battle's queue")),
        (A_DICE_COUNT, _fill(st[A_DICE], b.a_dice, "the attacking dice")),
        (D_DICE_COUNT, _fill(st[D_DICE], b.d_dice, "the defending dice")),
        (ROLL_COUNT, _fill(st[ROLLS], b.rolls, "the rolls due")),
        (KEEP_COUNT, _fill(st[KEEP], b.keep, "the dice to set aside")),
        (OWED_COUNT, _fill(st[OWED], b.owed, "the casualties owed")),
        (TAKEN_COUNT, _fill(st[CASUALTIES_TAKEN], b.taken, "the casualties taken")),
        (PLUNDER_COUNT, _fill(st[PLUNDER], b.plunder, "the plunder")),
        (DESTROYED_COUNT, _fill(st[DESTROYED], b.destroyed, "the pieces destroyed")),
    ):
        sc[at] = value


def _load_card(st: tuple[Any, ...], state: LURules) -> None:
    """The card play's fields (``CARD_ON`` 0 and zeros while there is none); ``ValueError``
    when its effect is not its card's."""
    sc = st[SC]
    play = state.card
    if play is None:
        return
    cards = state.cfg.catalog.cards
    _check(0 <= play.card < len(cards), f"card {play.card}")
    _check(play.stage >= 0 and 0 <= play.seat < state.cfg.num_players, "the card's stage, seat")
    _check(play.effect == cards[play.card].effect, f"{play.effect} played as {play.card}")
    for at, value in (
        (CARD_ON, 1),
        (CARD_SEAT, play.seat),
        (CARD, play.card),
        (CARD_STAGE, play.stage),
        (CARD_RESUME, play.resume),
        (CARD_DECIDER, play.decider),
        (CARD_DATA_COUNT, _fill(st[CARD_VALUES], play.data, "the card's data")),
    ):
        sc[at] = value


@njit(cache=True, inline="always")
def current_player(st: Any) -> int:
    """``PhasedState.current_player``: ``CHANCE`` in a chance phase, ``TERMINAL`` once the
    game is over, else the seat to decide."""
    phase = st[SC][PHASE]
    if phase in CHANCE_PHASE_IDS:
        return CHANCE
    if phase == OVER:
        return TERMINAL
    return st[SC][DECIDER]
