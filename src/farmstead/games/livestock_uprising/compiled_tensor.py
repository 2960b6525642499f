"""Livestock Uprising's observation tensor written by the compiled rules (Numba) from their
arrays (``compiled_state``): the values of ``tensor.encode``, field by field (see ``tensor``'s
table), each the same float32 as ``tensor_state`` writes. Seats are ordered from the viewer's;
a piece's slot is ``4 * relative seat + slot``.

Secrecy (LU §3), as the state encoding: the board, the pieces and their battalions, tokens,
supplies, hand sizes, the Battle Plans cards' presence and the played cards are public (LU-R1);
of the hidden cards only the viewer's own Command cards and Battle Plans card (LU-R2) and what
its own Espionage saw (LU-R5) are read; of the cards that left the game unplayed only their
number (LU-R3). ``SPECTATOR`` as the seat writes a spectator's tensor: the seats ordered from
seat 0, no hidden card at all. The differential test holds every tensor to the reference.

A row keeps the ids it set (``marks``: their number first, then the ids), and the next write
of that row clears only those instead of the whole row; ``marks_size`` is the length its
``marks`` needs.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from farmstead.games.livestock_uprising.compiled_state import (
    A_DICE,
    A_DICE_COUNT,
    A_MOD,
    ACTED,
    ACTIVE,
    ALIVE,
    AMBUSH,
    AMBUSH_COUNT,
    AMBUSH_TARGET,
    ATTACKER,
    ATTACKS,
    BARN_CELL,
    BATTALIONS,
    BATTLE_AMBUSH,
    BATTLE_BARN,
    BATTLE_ON,
    BLITZ,
    BOARD,
    BUMPER,
    CARD,
    CARD_ON,
    CARD_SEAT,
    CARD_STAGE,
    CELL,
    CHOSEN,
    CHOSEN_UNIT,
    D_DEF,
    D_DICE,
    D_DICE_COUNT,
    D_MOD,
    DECIDER,
    DEFENDER_COUNT,
    DEFENDING,
    DOUBLE,
    DUEL_DEFENDER_UNIT,
    DUEL_ON,
    DUEL_UNIT,
    FACTION,
    FIRST,
    FORAGE,
    FORCED,
    FORTIFIED,
    FORTUNE_ATTACK,
    FORTUNE_DEFENCE,
    GONE_COUNT,
    HAND_LEN,
    HANDS,
    JOINER_COUNT,
    JOINERS,
    KNOWN,
    KNOWN_LEN,
    LIMIT,
    LOST_TURNS,
    MOVED,
    ORIGIN,
    OUTCOME,
    OWED,
    OWED_COUNT,
    PHASE,
    PIECES,
    PINCER,
    PLAN,
    PLAYED,
    PLAYED_COUNT,
    RALLY,
    RECRUIT_COUNT,
    RECRUITS,
    REINFORCE,
    ROUND,
    SC,
    SCORCHED_BY,
    SEATS,
    SHIELD,
    SPECIAL_FORCES,
    STAGE,
    STARTED,
    STEPS,
    SUPPLY,
    TARGET,
    TILE,
    TOKENS,
    TRANSFERS_LEFT,
    TROOPS,
    TURN_ON,
    TURN_PIECE,
    TURN_SLOTS,
    UNIT_COUNT,
    WINNER_COUNT,
    WINNERS,
)
from farmstead.games.livestock_uprising.compiled_tables import (
    ATK,
    BATTALION,
    CARDS,
    CELLS,
    COUNT_SCALE,
    DEF,
    DEFENDERS,
    DICE,
    FIFTHS,
    HAND,
    INTS,
    PLAYERS,
    ROUND_LIMIT,
    T_ACTIVE,
    T_AMBUSH,
    T_BARN_OWNER,
    T_BATTLE_CELLS,
    T_BATTLE_DICE,
    T_BATTLE_FLAGS,
    T_BATTLE_NUMBERS,
    T_BATTLE_OUTCOME,
    T_BATTLE_OWED,
    T_BATTLE_PIECES,
    T_BATTLE_STAGE,
    T_CARD,
    T_DECIDER,
    T_FACTIONS,
    T_FIRST,
    T_GONE,
    T_KNOWN,
    T_MY_CARDS,
    T_PHASE,
    T_PIECES,
    T_PLAYED,
    T_ROUND,
    T_SCORCHED,
    T_SEATS,
    T_SPECIAL_FORCES,
    T_SUPPLY,
    T_TILES,
    T_TOKENS,
    T_TROOPS,
    T_TURN_CHOSEN,
    T_TURN_FLAGS,
    T_TURN_NUMBERS,
    T_TURN_PIECE,
    T_TURN_RECRUITS,
    T_TURN_REINFORCE,
    T_TURN_SLOTS,
    T_TURN_UNIT,
    T_WINNERS,
    TILE_TYPES,
    TROOP_TYPES,
    UNITS,
)
from farmstead.games.livestock_uprising.layout import BARN, NO
from farmstead.games.livestock_uprising.rules.records import READY

SPECTATOR = -1
"""The seat of a spectator's tensor (``observation_tensor(None)``)."""
# The scalars of ``battle_flags`` and of the modifiers of ``battle_numbers``, in their order.
_BATTLE_FLAGS = (BATTLE_AMBUSH, BATTLE_BARN, DUEL_ON, PINCER, FORTUNE_ATTACK, FORTUNE_DEFENCE)
_MODIFIERS = (A_MOD, D_MOD, D_DEF)
# The scalars of ``turn_numbers`` with their scales, and of ``turn_flags``, in their order.
_TURN_NUMBERS = (STEPS, LIMIT, ATTACKS, TRANSFERS_LEFT)
_TURN_SCALES = (8, 8, 2, 3)
_TURN_FLAGS = (MOVED, BLITZ, RALLY)


def marks_size(tb: tuple[Any, ...]) -> int:
    """The length of a row's ``marks``: the count, then the most ids one write sets (the
    head, one per cell of the tiles and the scorched cells, seven per seat, its tokens, each
    piece's cell, unit types and three numbers, the supplies, the cards, the turn, the battle,
    the card play, the Ambush and the winners)."""
    ints = tb[INTS]
    n, cells, units, cards = (int(ints[i]) for i in (PLAYERS, CELLS, UNITS, CARDS))
    known = n * (int(ints[HAND]) + 1)  # the viewer's Espionage, of each seat
    turn = 4 + 4 + 3 + 6 * 4 + 3 + min(units, int(ints[BATTALION]))
    battle = 1 + int(ints[DEFENDERS]) + n + 2 + 6 + 1 + 5 + 2 * int(ints[DICE]) + 1 + n
    most = 5 + 2 * cells + 7 * n + 5 * n + 4 * n * (units + 4) + 5 + units
    most += 2 * cards + 1 + known + turn + battle + 3 + (n + 1) + n
    return 1 + most


@njit(cache=True, inline="always")
def _put(out: Any, marks: Any, at: int, value: float) -> None:
    out[at] = value
    marks[0] += 1
    marks[marks[0]] = at


@njit(cache=True)
def write_row(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """Make ``out`` ``seat``'s tensor of the game (``SPECTATOR``: a spectator's; ``out`` holds
    this row's last write, whose ids ``marks`` keeps; see the module)."""
    for i in range(1, marks[0] + 1):
        out[marks[i]] = 0.0
    marks[0] = 0
    ints, sc = tb[INTS], st[SC]
    n = ints[PLAYERS]
    viewer = 0 if seat == SPECTATOR else seat
    # the head: phase, whose turn, who decides, who began, the round
    _put(out, marks, ints[T_PHASE] + sc[PHASE], 1.0)
    _put(out, marks, ints[T_ACTIVE] + (sc[ACTIVE] - viewer) % n, 1.0)
    if sc[DECIDER] != NO:
        _put(out, marks, ints[T_DECIDER] + (sc[DECIDER] - viewer) % n, 1.0)
    if sc[FIRST] != NO:
        _put(out, marks, ints[T_FIRST] + (sc[FIRST] - viewer) % n, 1.0)
    if sc[ROUND]:
        _put(out, marks, ints[T_ROUND], sc[ROUND] / max(1, ints[ROUND_LIMIT]))
    _board(st, tb, out, marks)
    _seats(st, tb, viewer, out, marks)
    _pieces(st, tb, viewer, out, marks)
    _supplies(st, tb, out, marks)
    _cards(st, tb, seat, out, marks)
    if sc[TURN_ON]:
        _turn(st, tb, out, marks)
    if sc[BATTLE_ON]:
        _battle(st, tb, viewer, out, marks)
    _end(st, tb, viewer, out, marks)


@njit(cache=True)
def _board(st: Any, tb: Any, out: Any, marks: Any) -> None:
    """``tiles`` (per cell its tile type, a barn of any seat, or face down) and ``scorched``:
    public (LU-R1)."""
    ints = tb[INTS]
    types = ints[TILE_TYPES]
    kinds = types + 2
    board = st[BOARD]
    for cell in range(ints[CELLS]):
        tile = board[TILE, cell]
        if tile == NO:
            kind = types + 1
        elif tile >= BARN:
            kind = types
        else:
            kind = tile
        _put(out, marks, ints[T_TILES] + cell * kinds + kind, 1.0)
        if board[SCORCHED_BY, cell] != NO:
            _put(out, marks, ints[T_SCORCHED] + cell, 1.0)


@njit(cache=True)
def _seats(st: Any, tb: Any, viewer: int, out: Any, marks: Any) -> None:
    """Per relative seat: ``factions``, ``barn_owner`` (a living seat's barn), ``seats`` (hand
    size / 3, holds a Battle Plans card, alive, lost turns / 2, Shield Wall, eliminated) and
    ``tokens`` / 10: public (LU-R1)."""
    ints = tb[INTS]
    n, cells = ints[PLAYERS], ints[CELLS]
    seats, tokens = st[SEATS], st[TOKENS]
    for other in range(n):
        r = (other - viewer) % n
        if seats[FACTION, other] != NO:
            _put(out, marks, ints[T_FACTIONS] + 4 * r + seats[FACTION, other], 1.0)
        base = ints[T_SEATS] + 6 * r
        if seats[ALIVE, other]:
            _put(out, marks, base + 2, 1.0)
            if seats[BARN_CELL, other] != NO:
                _put(out, marks, ints[T_BARN_OWNER] + r * cells + seats[BARN_CELL, other], 1.0)
        else:
            _put(out, marks, base + 5, 1.0)
        if seats[HAND_LEN, other]:
            _put(out, marks, base, seats[HAND_LEN, other] / 3)
        if seats[PLAN, other] != NO:
            _put(out, marks, base + 1, 1.0)
        if seats[LOST_TURNS, other]:
            _put(out, marks, base + 3, seats[LOST_TURNS, other] / 2)
        if seats[SHIELD, other]:
            _put(out, marks, base + 4, 1.0)
        for k in range(5):
            if tokens[other, k]:
                _put(out, marks, ints[T_TOKENS] + 5 * r + k, tokens[other, k] / 10)


@njit(cache=True, inline="always")
def _attack_value(st: Any, tb: Any, pid: int) -> int:
    """ATK(piece): the printed ATK of its units."""
    atk, held = tb[ATK], st[BATTALIONS]
    total = 0
    for i in range(st[PIECES][UNIT_COUNT, pid]):
        total += atk[held[pid, i]]
    return total


@njit(cache=True, inline="always")
def _defence_value(st: Any, tb: Any, pid: int) -> int:
    """DEF(piece): the printed DEF of its units."""
    defence, held = tb[DEF], st[BATTALIONS]
    total = 0
    for i in range(st[PIECES][UNIT_COUNT, pid]):
        total += defence[held[pid, i]]
    return total


@njit(cache=True)
def _pieces(st: Any, tb: Any, viewer: int, out: Any, marks: Any) -> None:
    """``pieces``: per piece on the board or holding units, its cell, its units per type / 5
    (``FIFTHS``), fortified, ATK / 30 and DEF / 30 (LU-R1: every battalion is public)."""
    ints = tb[INTS]
    n, cells, units = ints[PLAYERS], ints[CELLS], ints[UNITS]
    width = cells + units + 3
    pieces, held, fifths = st[PIECES], st[BATTALIONS], tb[FIFTHS]
    for pid in range(4 * n):
        cell, count = pieces[CELL, pid], pieces[UNIT_COUNT, pid]
        if cell == NO and count == 0:
            continue
        base = ints[T_PIECES] + (4 * ((pid // 4 - viewer) % n) + pid % 4) * width
        if cell != NO:
            _put(out, marks, base + cell, 1.0)
        _per_type(out, marks, base + cells, held[pid], count, fifths)
        if pieces[FORTIFIED, pid]:
            _put(out, marks, base + cells + units, 1.0)
        atk, defence = _attack_value(st, tb, pid), _defence_value(st, tb, pid)
        if atk:
            _put(out, marks, base + cells + units + 1, atk / 30)
        if defence:
            _put(out, marks, base + cells + units + 2, defence / 30)


@njit(cache=True)
def _supplies(st: Any, tb: Any, out: Any, marks: Any) -> None:
    """``supply`` / its size, ``troops`` / their copies (``COUNT_SCALE``) and
    ``special_forces`` (reserve, in play, removed): public (LU-R1)."""
    ints = tb[INTS]
    scale = tb[COUNT_SCALE]
    supply, troops = st[SUPPLY], st[TROOPS]
    for r in range(5):
        if supply[r]:
            _put(out, marks, ints[T_SUPPLY] + r, supply[r] / scale[r])
    for t in range(ints[TROOP_TYPES]):
        if troops[t]:
            _put(out, marks, ints[T_TROOPS] + t, troops[t] / scale[5 + t])
    special = st[SPECIAL_FORCES]
    for u in range(ints[TROOP_TYPES], ints[UNITS]):
        at = ints[T_SPECIAL_FORCES] + 3 * (u - ints[TROOP_TYPES]) + special[u]
        _put(out, marks, at, 1.0)


@njit(cache=True)
def _cards(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """``played`` and ``gone`` (how many only, LU-R3): public; ``my_cards`` and ``known``: the
    viewer's own hand and Battle Plans card (LU-R2), and per relative seat what its Espionage
    saw (LU-R5); none for a spectator."""
    ints, sc = tb[INTS], st[SC]
    played = st[PLAYED]
    for i in range(sc[PLAYED_COUNT]):
        _put(out, marks, ints[T_PLAYED] + played[i], 1.0)
    if sc[GONE_COUNT]:
        _put(out, marks, ints[T_GONE], sc[GONE_COUNT] / 10)
    if seat == SPECTATOR:
        return
    n, cards = ints[PLAYERS], ints[CARDS]
    hand = st[HANDS][seat]
    for i in range(st[SEATS][HAND_LEN, seat]):
        _put(out, marks, ints[T_MY_CARDS] + hand[i], 1.0)
    if st[SEATS][PLAN, seat] != NO:
        _put(out, marks, ints[T_MY_CARDS] + st[SEATS][PLAN, seat], 1.0)
    known, known_len = st[KNOWN], st[KNOWN_LEN]
    for other in range(n):
        at = ints[T_KNOWN] + ((other - seat) % n) * cards
        for i in range(known_len[seat * n + other]):
            _put(out, marks, at + known[seat * n + other, i], 1.0)


@njit(cache=True)
def _turn(st: Any, tb: Any, out: Any, marks: Any) -> None:
    """The ``turn_*`` fields (public, LU-R1): the acting slot, steps / 8, limit / 8,
    attacks / 2, transfers / 3 and the flags (moved, Blitzkrieg, Rally); the slots
    (``_turn_slots``); the resource Reinforcements waives, the choice made, the unit to
    transfer and the recruits per type / 5."""
    ints, sc = tb[INTS], st[SC]
    if sc[TURN_PIECE] != NO:
        _put(out, marks, ints[T_TURN_PIECE] + sc[TURN_PIECE], 1.0)
    for i in range(4):
        if sc[_TURN_NUMBERS[i]]:
            _put(out, marks, ints[T_TURN_NUMBERS] + i, sc[_TURN_NUMBERS[i]] / _TURN_SCALES[i])
    for i in range(3):
        if sc[_TURN_FLAGS[i]]:
            _put(out, marks, ints[T_TURN_FLAGS] + i, 1.0)
    _turn_slots(st, tb, out, marks)
    if sc[REINFORCE] != NO:
        _put(out, marks, ints[T_TURN_REINFORCE] + sc[REINFORCE], 1.0)
    if sc[CHOSEN] >= 0:
        if sc[CHOSEN] >= ints[UNITS]:
            raise IndexError("turn_chosen: the choice lies outside the unit types")
        _put(out, marks, ints[T_TURN_CHOSEN] + sc[CHOSEN], 1.0)
    if sc[CHOSEN_UNIT] != NO:
        _put(out, marks, ints[T_TURN_UNIT] + sc[CHOSEN_UNIT], 1.0)
    _per_type(out, marks, ints[T_TURN_RECRUITS], st[RECRUITS], sc[RECRUIT_COUNT], tb[FIFTHS])


@njit(cache=True, inline="always")
def _turn_slots(st: Any, tb: Any, out: Any, marks: Any) -> None:
    """``turn_slots``: per slot acted (not ``READY``), started, Double Time, Forced March,
    Bumper Crop (its one slot) and Foraging."""
    slots, at = st[TURN_SLOTS], tb[INTS][T_TURN_SLOTS]
    for slot in range(4):
        if slots[ACTED, slot] != READY:
            _put(out, marks, at + slot, 1.0)
        if slots[STARTED, slot]:
            _put(out, marks, at + 4 + slot, 1.0)
        if slots[DOUBLE, slot]:
            _put(out, marks, at + 8 + slot, 1.0)
        if slots[FORCED, slot]:
            _put(out, marks, at + 12 + slot, 1.0)
        if slots[FORAGE, slot]:
            _put(out, marks, at + 20 + slot, 1.0)
    bumper = st[SC][BUMPER]
    if bumper != NO:
        _put(out, marks, at + 16 + bumper, 1.0)


@njit(cache=True, inline="always")
def _per_type(out: Any, marks: Any, at: int, units: Any, count: int, fifths: Any) -> None:
    """The first ``count`` of ``units`` (unit types) per type from ``at``: ``fifths[k]`` for
    the ``k`` units of a type. ``out`` is zero there before (a row cleared, one piece slot)."""
    for i in range(count):
        u = units[i]
        if out[at + u] == 0.0:  # the first unit of its type: the type's count, once
            k = 0
            for j in range(count):
                k += units[j] == u
            _put(out, marks, at + u, fifths[k])


@njit(cache=True)
def _battle(st: Any, tb: Any, viewer: int, out: Any, marks: Any) -> None:
    """The ``battle_*`` fields (public, LU-R1): attacker, defenders and joint attackers by
    piece slot, origin and target, the flags, the stage, the modifiers / 10, ATK and DEF in
    play / 30 (the duellists' alone in a Duel), the dice rolled (3 a side), the outcome and the
    casualties owed / 2 (a later entry for the same piece wins, as in the reference)."""
    ints, sc = tb[INTS], st[SC]
    n, cells = ints[PLAYERS], ints[CELLS]
    pieces = ints[T_BATTLE_PIECES]
    _put(out, marks, pieces + _slot(sc[ATTACKER], viewer, n), 1.0)
    defending, joiners = st[DEFENDING], st[JOINERS]
    for i in range(sc[DEFENDER_COUNT]):
        _put(out, marks, pieces + 4 * n + _slot(defending[i], viewer, n), 1.0)
    for i in range(sc[JOINER_COUNT]):
        _put(out, marks, pieces + 8 * n + _slot(joiners[i], viewer, n), 1.0)
    _put(out, marks, ints[T_BATTLE_CELLS] + sc[ORIGIN], 1.0)
    _put(out, marks, ints[T_BATTLE_CELLS] + cells + sc[TARGET], 1.0)
    for i in range(6):
        if sc[_BATTLE_FLAGS[i]]:
            _put(out, marks, ints[T_BATTLE_FLAGS] + i, 1.0)
    _put(out, marks, ints[T_BATTLE_STAGE] + sc[STAGE], 1.0)
    numbers = ints[T_BATTLE_NUMBERS]
    if sc[DUEL_ON]:
        unit = sc[DUEL_UNIT]
        attack = tb[ATK][unit] if unit != NO else 0
        unit = sc[DUEL_DEFENDER_UNIT]
        defence = (tb[DEF][unit] if unit != NO else 0) + sc[D_DEF]
    else:
        attack = _attack_value(st, tb, sc[ATTACKER])
        for i in range(sc[JOINER_COUNT]):
            attack += _attack_value(st, tb, joiners[i])
        defence = sc[D_DEF]
        for i in range(sc[DEFENDER_COUNT]):
            defence += _defence_value(st, tb, defending[i])
    for i in range(3):
        if sc[_MODIFIERS[i]]:
            _put(out, marks, numbers + i, sc[_MODIFIERS[i]] / 10)
    if attack:
        _put(out, marks, numbers + 3, attack / 30)
    if defence:
        _put(out, marks, numbers + 4, defence / 30)
    _dice(out, marks, ints[T_BATTLE_DICE], st[A_DICE], sc[A_DICE_COUNT])
    _dice(out, marks, ints[T_BATTLE_DICE] + 18, st[D_DICE], sc[D_DICE_COUNT])
    if sc[OUTCOME] != NO:
        _put(out, marks, ints[T_BATTLE_OUTCOME] + sc[OUTCOME], 1.0)
    owed = st[OWED]
    for i in range(sc[OWED_COUNT]):
        pid = owed[i, 0]
        at = ints[T_BATTLE_OWED] + (4 * n if pid == NO else _slot(pid, viewer, n))
        _put(out, marks, at, owed[i, 1] / 2)


@njit(cache=True, inline="always")
def _dice(out: Any, marks: Any, at: int, faces: Any, count: int) -> None:
    """One side's dice from ``at``: the first three, one-hot faces, those rolled."""
    for i in range(min(count, 3)):
        if faces[i]:
            _put(out, marks, at + i * 6 + faces[i] - 1, 1.0)


@njit(cache=True, inline="always")
def _slot(pid: int, viewer: int, n: int) -> int:
    """The piece slot of piece id ``pid`` seen from ``viewer``: ``4 * relative seat + slot``."""
    return 4 * ((pid // 4 - viewer) % n) + pid % 4


@njit(cache=True)
def _end(st: Any, tb: Any, viewer: int, out: Any, marks: Any) -> None:
    """``card`` (the card whose choices are being made, its stage, its player), ``ambush``
    (seats still to ask, the piece that moved) and ``winners``."""
    ints, sc = tb[INTS], st[SC]
    n = ints[PLAYERS]
    card_at = ints[T_CARD]
    if sc[CARD_ON]:
        stage_at = card_at + ints[CARDS]
        _put(out, marks, card_at + sc[CARD], 1.0)
        _put(out, marks, stage_at + min(sc[CARD_STAGE], 2), 1.0)
        _put(out, marks, stage_at + 3 + (sc[CARD_SEAT] - viewer) % n, 1.0)
    ambush = st[AMBUSH]
    for i in range(sc[AMBUSH_COUNT]):
        _put(out, marks, ints[T_AMBUSH] + (ambush[i] - viewer) % n, 1.0)
    if sc[AMBUSH_TARGET] != NO:
        _put(out, marks, ints[T_AMBUSH] + n + _slot(sc[AMBUSH_TARGET], viewer, n), 1.0)
    winners = st[WINNERS]
    for i in range(sc[WINNER_COUNT]):
        _put(out, marks, ints[T_WINNERS] + (winners[i] - viewer) % n, 1.0)
