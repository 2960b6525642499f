"""Farms Race's observation tensor written by the compiled rules (Numba) from their arrays
(``compiled_state``): the values of ``tensor_state`` (``observation_tensor``), part by part and
by the same expressions (see ``tensor``'s table), for a seat's view or a spectator's
(``SPECTATOR``, the reference's ``None``: the seats ordered from seat 0).

Secrecy (section 16, FR-R19), as the state encoding: a seat's own resource cards, Spy cards
(those got this turn too, as the active seat) and dealt Mutations are read for that seat only;
of another seat only the hand's size and the Spy cards' count, its hand only for the Blackmail
player during ``blackmail_take`` (FR-10); Adorable's peeked token values only for Adorable
(FR-11), or for all after the game with ``reveal_hidden_info_after_game``; a Pocket Nuke's
humans in a face-down target only for the target's owner. A spectator reads nothing private.
The differential test holds every tensor to the reference encoding.

A row keeps the ids it set (``marks``: their number first, then the ids; ``marks_size`` of
them at most), and the next write of that row clears only those instead of the whole row.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from farmstead.games.farms_race.compiled_state import (
    ACTIVE,
    AGENT_QUEUE,
    ARMORIES_LEFT,
    ATTACKED,
    ATTACKER_ROLL,
    ATTACKERS_HEALTHY,
    ATTACKERS_INJURED,
    BARNS_LEFT,
    BUILDING,
    CANCELS,
    COMBAT_ADORABLE,
    COMBAT_ATTACKER_DAMAGE,
    COMBAT_DEFENDER,
    COMBAT_DEFENDER_DAMAGE,
    COMBAT_ESCAPED,
    COMBAT_HEAD_HITS,
    COMBAT_HUMANS,
    COMBAT_ORIGINS,
    COMBAT_REGION,
    COMBAT_ROUND,
    COMBAT_ZOMBIE_RETREAT,
    DEAL_COUNT,
    DEALT,
    DECIDER,
    DEFENDER_ROLL,
    DIE_A,
    DIE_B,
    DISCARDS,
    DOUBLES_LEFT,
    ELIMINATED,
    ESCAPED_COUNT,
    FACE_DOWN,
    FIRST,
    FLIGHTS,
    FLY_HERD_HEALTH,
    FLY_SRC,
    FRESH,
    HANDS,
    HEALTHY_READY,
    HERDS_LEFT,
    LUCKY_FACES,
    MAP,
    MOVE_DEST,
    MOVE_SEL,
    MOVE_SEL_COUNT,
    MOVE_SRC,
    NAMED,
    NAMED_COUNT,
    NUKE_HACKED,
    NUKE_HUMANS,
    NUKE_KIND,
    NUKE_LAUNCHER,
    NUKE_POINTS,
    NUKE_RESPONSES,
    NUKE_TARGET,
    NUKE_VICTIM,
    NUKED,
    NUKES_READY,
    NUKES_SPENT,
    NUKIEST,
    OPEN_TRADES,
    ORIGIN_COUNT,
    OWED_COUNT,
    OWNER,
    PAY_BUILD,
    PAY_REGION,
    PAY_SEL,
    PEEKED,
    PHASE,
    PILES,
    PREP_LEFT,
    PRODUCTION,
    PROPOSALS_MADE,
    QUEUE_COUNT,
    RESPONSE_COUNT,
    RESUME,
    REVEALED,
    ROUND,
    ROUTE_HEALTHY,
    ROUTE_INJURED,
    SC,
    SEAT_MUTATION,
    SEATS,
    SELECTED,
    SPIES,
    SPY_DECK,
    SPY_DISCARD,
    SPY_PLAY,
    SPY_REMOVED,
    SPY_TAKEN,
    SPY_VICTIM,
    STAND_INS,
    START_OWNER,
    STEAL_VICTIM,
    TOKEN,
    TOKEN_POOL,
    TOKEN_REAL,
    TOKENS_POOL_REVEALED,
    TOKENS_UNSEEN,
    TRADE_ASK,
    TRADE_GIVE,
    TRADE_NEXT_TURN,
    TRADE_PASSES,
    TRADE_PROPOSER,
    TRADE_RECIPIENT,
    TRADE_SLOT,
    TURMOIL,
    VP_TOKENS,
    WILDS,
    WINNER_COUNT,
    WINNERS,
)
from farmstead.games.farms_race.compiled_tables import (
    ARMORIES,
    BARNS,
    HERDS,
    INTS,
    MAX_CANCELS,
    MAX_COMBAT_ROUNDS,
    MAX_NAMED,
    MAX_ROUNDS,
    PLAYERS,
    REGION_TYPE,
    REGIONS,
    REVEAL_AFTER_GAME,
    T_ACTIVE,
    T_ATTACKED,
    T_BUILDING,
    T_COMBAT,
    T_COMBAT_EXTRA,
    T_DECIDER,
    T_DICE,
    T_FIRST,
    T_FLYING,
    T_HERDS,
    T_MISC,
    T_MOVE,
    T_MUTATIONS,
    T_MY_DEALT,
    T_MY_HAND,
    T_MY_SPIES,
    T_NAMED,
    T_NUKE,
    T_NUKE_STACK,
    T_NUKED,
    T_NUKIEST,
    T_OWNER,
    T_PAYMENT,
    T_PEEKED,
    T_PHASE,
    T_REGION_TYPE,
    T_RESOURCES_EXTRA,
    T_RESUME,
    T_ROUND,
    T_SEATS,
    T_SETUP_EXTRA,
    T_SHOWN_HAND,
    T_SPY_PILES,
    T_SPY_PLAY,
    T_SPY_SEATS,
    T_START_OWNER,
    T_TOKEN,
    T_TOKENS,
    T_TRADE,
    T_TURMOIL,
    TARGET_VP,
)
from farmstead.games.farms_race.layout import (
    ADORABLE,
    BLACKMAIL_TAKE,
    EFFECT_NORTH_KOREAN,
    EFFECT_STEALING,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    HUMANS,
    NUM_MUTATIONS,
    NUM_RESOURCES,
    NUM_SPY_KINDS,
    OVER,
)

SPECTATOR = -1
"""The ``seat`` of a spectator's tensor (the reference's ``None``)."""
K = NUM_SPY_KINDS
CAP = 600  # counts are capped at this before scaling, as the reference does (stand-ins: 1000)


def marks_size(tb: tuple[Any, ...]) -> int:
    """The length of a row's ``marks``: one for the count, and one per id a write can set at
    most (each part's most, counted below)."""
    ints = tb[INTS]
    n, nr = int(ints[PLAYERS]), int(ints[REGIONS])
    board = 5 + 10 * nr + 3 * nr + nr  # the head; per region; the flags; the peeks
    seats = 17 * n + 1  # per seat ``seats``, ``mutations``, ``spy_seats``; ``nukiest``
    private = NUM_RESOURCES + NUM_MUTATIONS + 2 * K + NUM_RESOURCES
    supplies = 7 + 2 + K + 3 + int(ints[MAX_NAMED])  # tokens, piles, dice, named
    misc = 9
    turn = (nr + 4) + (nr + 17)  # the move, the combat
    choices = 3 + 1 + (2 + NUM_RESOURCES) + 4
    nukes_and_trade = 7 + 4 + (n + 16)
    return 1 + board + seats + private + supplies + misc + turn + choices + nukes_and_trade


@njit(cache=True, inline="always")
def _put(out: Any, marks: Any, at: int, value: float) -> None:
    out[at] = value
    marks[0] += 1
    marks[marks[0]] = at


@njit(cache=True, inline="always")
def _bit_count(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True, inline="always")
def _flags(out: Any, marks: Any, at: int, mask: int) -> None:
    """1.0 at ``at`` + each set bit of ``mask``."""
    bit = 0
    while mask:
        if mask & 1:
            _put(out, marks, at + bit, 1.0)
        mask >>= 1
        bit += 1


@njit(cache=True)
def write_row(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """Make ``out`` ``seat``'s tensor of the game (``SPECTATOR``: a spectator's); ``out``
    holds this row's last write, whose ids ``marks`` keeps (see the module). A
    ``ValueError`` for a seat that is neither one of the game's nor ``SPECTATOR``."""
    if seat < SPECTATOR or seat >= tb[INTS][PLAYERS]:
        raise ValueError("not a seat of this game")
    for i in range(1, marks[0] + 1):
        out[marks[i]] = 0.0
    marks[0] = 0
    viewer = 0 if seat == SPECTATOR else seat  # a spectator sees the seats from seat 0
    _board(st, tb, seat, viewer, out, marks)
    _seats(st, tb, viewer, out, marks)
    if seat != SPECTATOR:
        _private(st, tb, seat, out, marks)
    _supplies(st, tb, out, marks)
    _misc(st, tb, out, marks)
    sc = st[SC]
    if sc[MOVE_DEST] >= 0 or sc[COMBAT_REGION] >= 0:
        _turn(st, tb, viewer, out, marks)
    _choices(st, tb, viewer, out, marks)
    _nukes_and_trade(st, tb, seat, viewer, out, marks)


@njit(cache=True)
def _board(st: Any, tb: Any, seat: int, viewer: int, out: Any, marks: Any) -> None:
    """``tensor_state._board`` and ``_regions``: the phase, who plays, the round; per region
    its type, start owner, Human token (face down, or a face-up value and whether it is a
    stand-in, FR-2.6), and where it has an owner (FR-7.1) that owner, its herds and building;
    Turmoil, attacked and nuked; the peeked values the viewer may see (FR-11)."""
    ints, sc = tb[INTS], st[SC]
    n, nr = ints[PLAYERS], ints[REGIONS]
    _put(out, marks, ints[T_PHASE] + sc[PHASE], 1.0)
    if sc[ACTIVE] >= 0:
        _put(out, marks, ints[T_ACTIVE] + (sc[ACTIVE] - viewer) % n, 1.0)
    if sc[DECIDER] >= 0:
        _put(out, marks, ints[T_DECIDER] + (sc[DECIDER] - viewer) % n, 1.0)
    if sc[FIRST] >= 0:
        _put(out, marks, ints[T_FIRST] + (sc[FIRST] - viewer) % n, 1.0)
    if sc[ROUND]:
        _put(out, marks, ints[T_ROUND], sc[ROUND] / ints[MAX_ROUNDS])
    region_type, mp = tb[REGION_TYPE], st[MAP]
    face_down, real = sc[FACE_DOWN], sc[TOKEN_REAL]
    for r in range(nr):
        _put(out, marks, ints[T_REGION_TYPE] + 5 * r + region_type[r], 1.0)
        so = mp[START_OWNER, r]
        if so >= 0:
            _put(out, marks, ints[T_START_OWNER] + n * r + (so - viewer) % n, 1.0)
        token_at = ints[T_TOKEN] + 5 * r
        if face_down >> r & 1:
            _put(out, marks, token_at, 1.0)  # a face-down token's value is a peek
        elif mp[TOKEN, r]:
            _put(out, marks, token_at + mp[TOKEN, r], 1.0)
            if not real >> r & 1:
                _put(out, marks, token_at + 4, 1.0)  # a stand-in
        o = mp[OWNER, r]
        if o < 0:
            continue
        _put(out, marks, ints[T_OWNER] + n * r + (o - viewer) % n, 1.0)
        for k in range(4):  # healthy, injured, healthy acted, injured acted: rows in order
            x = mp[HEALTHY_READY + k, r]
            if x:
                _put(out, marks, ints[T_HERDS] + 4 * r + k, x / 12)
        if mp[BUILDING, r]:
            _put(out, marks, ints[T_BUILDING] + 2 * r - 1 + mp[BUILDING, r], 1.0)
    _flags(out, marks, ints[T_TURMOIL], sc[TURMOIL])
    _flags(out, marks, ints[T_ATTACKED], sc[ATTACKED])
    _flags(out, marks, ints[T_NUKED], sc[NUKED])
    mask = sc[PEEKED]
    if mask and (
        (seat != SPECTATOR and st[SEATS][SEAT_MUTATION, seat] == ADORABLE)  # its own (FR-11)
        or (sc[PHASE] == OVER and ints[REVEAL_AFTER_GAME])  # after the game (section 16)
    ):
        r = 0
        while mask:
            if mask & 1:
                _put(out, marks, ints[T_PEEKED] - 1 + 3 * r + mp[TOKEN, r], 1.0)
            mask >>= 1
            r += 1


@njit(cache=True)
def _seats(st: Any, tb: Any, viewer: int, out: Any, marks: Any) -> None:
    """``tensor_state._seats`` and ``_seat_extras``: per relative seat its hand's size (public,
    FR-2.3), supply left, VP tokens, visible VP (revealed VP Spies only, FR-12), last
    production, revealed Mutation, elimination, win, Spy cards' count (hidden VP Spies
    included, FR-10), revealed VP Spies and Nuke tokens; the Nukiest Award."""
    ints, sc = tb[INTS], st[SC]
    n = ints[PLAYERS]
    herds, barns, armories = ints[HERDS], ints[BARNS], ints[ARMORIES]
    seats, hands, production, spies = st[SEATS], st[HANDS], st[PRODUCTION], st[SPIES]
    nukiest, eliminated = sc[NUKIEST], sc[ELIMINATED]
    winners = st[WINNERS]
    for s in range(n):
        w = (s - viewer) % n
        b = ints[T_SEATS] + 9 * w
        x = 0
        for k in range(NUM_RESOURCES):
            x += hands[s, k]
        if x:
            _put(out, marks, b, min(x, CAP) / 10)
        bl, al, t = seats[BARNS_LEFT, s], seats[ARMORIES_LEFT, s], seats[VP_TOKENS, s]
        _put(out, marks, b + 1, seats[HERDS_LEFT, s] / herds)
        _put(out, marks, b + 2, bl / barns)
        _put(out, marks, b + 3, al / armories)
        if t:
            _put(out, marks, b + 4, min(t, CAP) / 10)
        x = (barns - bl) + 2 * (armories - al) + t + int(nukiest == s)
        x += _bit_count(seats[REVEALED, s])
        if x:
            _put(out, marks, b + 5, min(x, CAP) / ints[TARGET_VP])
        x = 0
        for k in range(NUM_RESOURCES):
            x += production[s, k]
        if x:
            _put(out, marks, b + 7, min(x, CAP) / 10)
        if seats[SEAT_MUTATION, s] >= 0:
            _put(out, marks, ints[T_MUTATIONS] + NUM_MUTATIONS * w + seats[SEAT_MUTATION, s], 1.0)
        if eliminated >> s & 1:
            _put(out, marks, b + 6, 1.0)
        for i in range(sc[WINNER_COUNT]):
            if winners[i] == s:
                _put(out, marks, b + 8, 1.0)
        b = ints[T_SPY_SEATS] + 7 * w
        x = 0
        for k in range(K):
            x += spies[s, k]
        if x:
            _put(out, marks, b, min(x, CAP) / 10)
        for kind in range(4):  # the VP Spies, kinds 0-3
            if seats[REVEALED, s] >> kind & 1:
                _put(out, marks, b + 1 + kind, 1.0)
        if seats[NUKES_READY, s]:
            _put(out, marks, b + 5, min(seats[NUKES_READY, s], CAP) / 10)
        if seats[NUKES_SPENT, s]:
            _put(out, marks, b + 6, min(seats[NUKES_SPENT, s], CAP) / 10)
    if nukiest >= 0:
        _put(out, marks, ints[T_NUKIEST] + (nukiest - viewer) % n, 1.0)


@njit(cache=True)
def _private(st: Any, tb: Any, seat: int, out: Any, marks: Any) -> None:
    """``tensor_state._private``: what only ``seat`` sees: its resource cards, dealt Mutations
    and Spy cards; as the active seat its Spy cards got this turn (FR-R47) and, during
    ``blackmail_take``, the hand Blackmail looks at (FR-10)."""
    ints, sc = tb[INTS], st[SC]
    hands, spies = st[HANDS], st[SPIES]
    for k in range(NUM_RESOURCES):
        if hands[seat, k]:
            _put(out, marks, ints[T_MY_HAND] + k, min(hands[seat, k], CAP) / 10)
    dealt = st[SEATS][DEALT, seat]
    for m in range(NUM_MUTATIONS):
        if dealt >> m & 1:
            _put(out, marks, ints[T_MY_DEALT] + m, 1.0)
    for k in range(K):
        if spies[seat, k]:
            _put(out, marks, ints[T_MY_SPIES] + k, min(spies[seat, k], CAP) / 3)
    if seat != sc[ACTIVE]:
        return
    fresh = st[PILES][FRESH]
    for k in range(K):
        if fresh[k]:
            _put(out, marks, ints[T_MY_SPIES] + K + k, min(fresh[k], CAP) / 3)
    victim = sc[SPY_VICTIM]
    if sc[PHASE] == BLACKMAIL_TAKE and victim != seat and victim >= 0:
        for k in range(NUM_RESOURCES):
            if hands[victim, k]:
                _put(out, marks, ints[T_SHOWN_HAND] + k, min(hands[victim, k], CAP) / 10)


@njit(cache=True)
def _supplies(st: Any, tb: Any, out: Any, marks: Any) -> None:
    """``tensor_state._supplies``: the Human token pool and stand-ins, the Spy piles (the
    deck's size only), the resource dice, the wilds to name and the resources named."""
    ints, sc = tb[INTS], st[SC]
    pool = st[TOKEN_POOL]
    at = ints[T_TOKENS]
    for v in range(3):
        _put(out, marks, at + v, pool[TOKENS_UNSEEN, v] / 16)
    revealed = pool[TOKENS_POOL_REVEALED]
    if revealed[0] or revealed[1] or revealed[2]:
        for v in range(3):
            _put(out, marks, at + 3 + v, revealed[v] / 16)
    if sc[STAND_INS]:
        _put(out, marks, at + 6, min(sc[STAND_INS], 1000) / 16)
    piles = st[PILES]
    at = ints[T_SPY_PILES]
    deck = removed = 0
    for k in range(K):
        deck += piles[SPY_DECK, k]
        removed += piles[SPY_REMOVED, k]
        if piles[SPY_DISCARD, k]:
            _put(out, marks, at + 1 + k, piles[SPY_DISCARD, k] / 3)
    _put(out, marks, at, deck / 24)
    if removed:
        _put(out, marks, at + 1 + K, removed / 24)
    at = ints[T_DICE]
    if sc[DIE_A] >= 0:
        _put(out, marks, at + sc[DIE_A], 1.0)
        if sc[DIE_B] >= 0:  # Lucky may have chosen one face so far
            _put(out, marks, at + 6 + sc[DIE_B], 1.0)
    if sc[WILDS]:
        _put(out, marks, at + 12, float(sc[WILDS]))  # unscaled, as the reference writes it
    named = st[NAMED]
    for i in range(sc[NAMED_COUNT]):
        _put(out, marks, ints[T_NAMED] + named[i], 1.0)


@njit(cache=True)
def _misc(st: Any, tb: Any, out: Any, marks: Any) -> None:
    """``tensor_state._misc``: discards owed, starting resources owed, herds to place, a steal
    victim chosen, cancellations; Lucky's faces and the doubles effects to come (FR-R39); the
    Mutations still to deal."""
    ints, sc = tb[INTS], st[SC]
    at = ints[T_MISC]
    if sc[DISCARDS]:
        _put(out, marks, at, min(sc[DISCARDS], CAP) / 10)
    if sc[OWED_COUNT]:
        _put(out, marks, at + 1, sc[OWED_COUNT] / 2)
    if sc[PREP_LEFT]:
        _put(out, marks, at + 2, sc[PREP_LEFT] / 12)
    if sc[STEAL_VICTIM] >= 0:
        _put(out, marks, at + 3, 1.0)
    if sc[CANCELS]:
        _put(out, marks, at + 4, sc[CANCELS] / max(1, ints[MAX_CANCELS]))
    at = ints[T_RESOURCES_EXTRA]
    if sc[LUCKY_FACES]:
        _put(out, marks, at, 1.0)
    if sc[DOUBLES_LEFT] & EFFECT_NORTH_KOREAN:
        _put(out, marks, at + 1, 1.0)
    if sc[DOUBLES_LEFT] & EFFECT_STEALING:
        _put(out, marks, at + 2, 1.0)
    if sc[DEAL_COUNT]:
        _put(out, marks, ints[T_SETUP_EXTRA], sc[DEAL_COUNT] / 12)


@njit(cache=True)
def _turn(st: Any, tb: Any, viewer: int, out: Any, marks: Any) -> None:
    """``tensor_state._turn`` (only while a move is assembled or a combat is on): the move's
    target, source and herds taken per origin; the combat's region, origins, herds still to
    route (in the third region block, as the reference writes them), defender, units, round,
    rolls and damage, and ``combat_extra``."""
    ints, sc = tb[INTS], st[SC]
    n, nr = ints[PLAYERS], ints[REGIONS]
    if sc[MOVE_DEST] >= 0:
        at = ints[T_MOVE]
        _put(out, marks, at + sc[MOVE_DEST], 1.0)
        if sc[MOVE_SRC] >= 0:
            _put(out, marks, at + nr + sc[MOVE_SRC], 1.0)
        sel = st[MOVE_SEL]
        healthy = injured = 0
        for i in range(sc[MOVE_SEL_COUNT]):
            _put(out, marks, at + 2 * nr + sel[i, 0], (sel[i, 1] + sel[i, 2]) / 12)
            healthy += sel[i, 1]
            injured += sel[i, 2]
        _put(out, marks, at + 3 * nr, healthy / 12)
        _put(out, marks, at + 3 * nr + 1, injured / 12)
    region = sc[COMBAT_REGION]
    if region < 0:
        return
    at = ints[T_COMBAT]
    _put(out, marks, at + region, 1.0)
    origins = st[COMBAT_ORIGINS]
    for i in range(sc[ORIGIN_COUNT]):
        _put(out, marks, at + nr + origins[i, 0], origins[i, 1] / 12)
    _put(out, marks, at + 2 * nr, sc[ROUTE_HEALTHY] / 12)
    _put(out, marks, at + 2 * nr + 1, sc[ROUTE_INJURED] / 12)
    d = sc[COMBAT_DEFENDER]
    if d == HUMANS:
        _put(out, marks, at + 3 * nr + n, 1.0)
    else:
        _put(out, marks, at + 3 * nr + (d - viewer) % n, 1.0)
    base = at + 3 * nr + n + 1
    _put(out, marks, base, sc[ATTACKERS_HEALTHY] / 12)
    _put(out, marks, base + 1, sc[ATTACKERS_INJURED] / 12)
    _put(out, marks, base + 2, sc[COMBAT_HUMANS] / 3)
    _put(out, marks, base + 3, sc[COMBAT_ROUND] / ints[MAX_COMBAT_ROUNDS])
    _roll(out, marks, base + 4, sc[ATTACKER_ROLL])
    _roll(out, marks, base + 6, sc[DEFENDER_ROLL])
    damage = sc[COMBAT_ATTACKER_DAMAGE] + sc[COMBAT_DEFENDER_DAMAGE]
    _put(out, marks, base + 8, min(damage, CAP) / 10)
    at = ints[T_COMBAT_EXTRA]
    if sc[COMBAT_ZOMBIE_RETREAT] >= 0:
        _put(out, marks, at + sc[COMBAT_ZOMBIE_RETREAT], 1.0)
    _put(out, marks, at + nr, sc[COMBAT_HEAD_HITS] / 15)
    if sc[COMBAT_ADORABLE] >= 0:
        _put(out, marks, at + nr + 1, 1.0)
    escaped, herds = st[COMBAT_ESCAPED], 0
    for i in range(sc[ESCAPED_COUNT]):
        herds += escaped[i, 1]
    _put(out, marks, at + nr + 2, herds / 12)


@njit(cache=True, inline="always")
def _roll(out: Any, marks: Any, at: int, roll: int) -> None:
    """A combat roll's guns and heads / 15 (``COMBAT_BASE``: guns * 16 + heads), once rolled."""
    if roll >= 0:
        _put(out, marks, at, (roll // 16) / 15)
        _put(out, marks, at + 1, (roll % 16) / 15)


@njit(cache=True)
def _choices(st: Any, tb: Any, viewer: int, out: Any, marks: Any) -> None:
    """``tensor_state._choices``: Flying's source, health and flights (FR-11), the phase to
    resume, the build being paid for with Deranged's cards, the Spy being played and its
    choices (FR-10)."""
    ints, sc = tb[INTS], st[SC]
    n, nr = ints[PLAYERS], ints[REGIONS]
    phase = sc[PHASE]
    at = ints[T_FLYING]
    if sc[FLIGHTS] or phase in (FLY_SOURCE, FLY_HEALTH, FLY_DEST):
        _put(out, marks, at + nr + 2, sc[FLIGHTS] / 12)
        if sc[FLY_SRC] >= 0:
            _put(out, marks, at + sc[FLY_SRC], 1.0)
        if sc[FLY_HERD_HEALTH] >= 0:
            _put(out, marks, at + nr + sc[FLY_HERD_HEALTH], 1.0)
    if sc[RESUME] >= 0:
        _put(out, marks, ints[T_RESUME] + sc[RESUME], 1.0)
    at = ints[T_PAYMENT]
    if sc[PAY_BUILD] >= 0:
        _put(out, marks, at + sc[PAY_BUILD], 1.0)
        if sc[PAY_REGION] >= 0:
            _put(out, marks, at + 5 + sc[PAY_REGION], 1.0)
        selected = st[SELECTED]
        for k in range(NUM_RESOURCES):
            _put(out, marks, at + 5 + nr + k, selected[PAY_SEL, k] / 5)
    card, queued = sc[SPY_PLAY], sc[QUEUE_COUNT]
    if card >= 0 or queued:
        at = ints[T_SPY_PLAY]
        if card >= 0:
            _put(out, marks, at + card, 1.0)
        if sc[SPY_VICTIM] >= 0:
            _put(out, marks, at + K + (sc[SPY_VICTIM] - viewer) % n, 1.0)
        _put(out, marks, at + K + n, sc[SPY_TAKEN] / 3)
        queue, cards = st[AGENT_QUEUE], 0
        for i in range(queued):
            cards += queue[i, 1]
        _put(out, marks, at + K + n + 1, cards / 8)


@njit(cache=True)
def _nukes_and_trade(st: Any, tb: Any, seat: int, viewer: int, out: Any, marks: Any) -> None:
    """``tensor_state._nukes_and_trade``: the nuke being launched (a Pocket Nuke's humans in
    a face-down target only for its owner), the top response opportunity and the stack's
    depth (FR-9.4), the trade window, the proposals made per seat and the proposal (FR-8.3)."""
    ints, sc = tb[INTS], st[SC]
    n, nr = ints[PLAYERS], ints[REGIONS]
    at = ints[T_NUKE]
    if sc[NUKE_LAUNCHER] >= 0:
        _put(out, marks, at + (sc[NUKE_LAUNCHER] - viewer) % n, 1.0)
        kind = sc[NUKE_KIND]
        # the reference indexes (0, 1, 2, 3) with the kind: NO reads as the last one
        _put(out, marks, at + n + (kind if kind >= 0 else kind + 4), 1.0)
        target = sc[NUKE_TARGET]
        if target >= 0:
            _put(out, marks, at + n + 4 + target, 1.0)
        if sc[NUKE_VICTIM] >= 0:
            _put(out, marks, at + n + 4 + nr + (sc[NUKE_VICTIM] - viewer) % n, 1.0)
        points = at + 2 * n + 4 + nr
        _put(out, marks, points, sc[NUKE_POINTS] / 2)
        hidden = (
            target >= 0
            and sc[FACE_DOWN] >> target & 1 == 1
            and (seat == SPECTATOR or st[MAP][OWNER, target] != seat)
        )
        _put(out, marks, points + 1, (0 if hidden else sc[NUKE_HUMANS]) / 3)
        _put(out, marks, points + 2, float(sc[NUKE_HACKED]))
    depth = sc[RESPONSE_COUNT]
    if depth:
        top = st[NUKE_RESPONSES][depth - 1]  # responder, nuker, region
        at = ints[T_NUKE_STACK]
        _put(out, marks, at + (top[0] - viewer) % n, 1.0)
        _put(out, marks, at + n + (top[1] - viewer) % n, 1.0)
        _put(out, marks, at + 2 * n + top[2], 1.0)
        _put(out, marks, at + 2 * n + nr, depth / 8)
    at = ints[T_TRADE]
    if sc[TRADE_SLOT] >= 0:
        _put(out, marks, at + (sc[TRADE_SLOT] - viewer) % n, 1.0)
    if sc[TRADE_NEXT_TURN] >= 0:
        _put(out, marks, at + n + (sc[TRADE_NEXT_TURN] - viewer) % n, 1.0)
    made = st[SEATS][PROPOSALS_MADE]
    for s in range(n):
        if made[s]:
            _put(out, marks, at + 2 * n + (s - viewer) % n, made[s] / 3)
    passes = at + 3 * n
    if sc[TRADE_PASSES]:
        _put(out, marks, passes, sc[TRADE_PASSES] / 4)
    if sc[OPEN_TRADES]:
        _put(out, marks, passes + 1, sc[OPEN_TRADES] / 3)
    if sc[TRADE_PROPOSER] >= 0:
        _put(out, marks, passes + 2 + (sc[TRADE_PROPOSER] - viewer) % n, 1.0)
        _put(out, marks, passes + n + 2 + (sc[TRADE_RECIPIENT] - viewer) % n, 1.0)
        selected = st[SELECTED]
        give = at + 5 * n + 3
        for k in range(NUM_RESOURCES):
            if selected[TRADE_GIVE, k]:
                _put(out, marks, give + k, selected[TRADE_GIVE, k] / 10)
            if selected[TRADE_ASK, k]:
                _put(out, marks, give + 5 + k, selected[TRADE_ASK, k] / 10)
