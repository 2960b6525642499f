"""Rancho's rules compiled (Numba) over one game held in arrays (``compiled_state``): the
legal actions of every phase, applying actions and chance outcomes, the predators with their
dogs, breeding, the end of a turn and the win, each function mirroring the ``RanchoRules``
method it names (``RanchoTurns``, ``RanchoPredators``); the pieces and the transactions are in
``compiled_pieces`` and ``compiled_trading``. The differential test holds them to the
reference.

Chance is drawn from the game's stream (``core.compiled.draw``): a face of each animal die
(RA-R8), a face of the predator die (RA-R33), the first player uniformly (RA-R5).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.core.compiled import draw
from farmstead.games.rancho.actions import (
    ARRANGE_SAFEST,
    CANCEL,
    CONFIRM,
    END_TURN,
    FOX_FIRST,
    GIVE_BASE,
    KEEP_DOG,
    RECEIVE_BASE,
    RETURN_BASE,
    ROLL,
    USE_DOG,
    WOLF_FIRST,
)
from farmstead.games.rancho.compiled_pieces import (
    arrange_safest,
    arrangement_actions,
    clear_piece,
    feasible,
    lift,
    remove_one,
    safest,
    safety_units,
)
from farmstead.games.rancho.compiled_state import (
    ACTIVE,
    AMOUNT,
    ATTACK,
    ATTACK_COUNT,
    ATTACKS,
    D6_NUMBER,
    DIE_A_FACE,
    DIE_B_FACE,
    DOGS,
    FIRST,
    GIVE,
    HERD,
    KIND,
    PHASE,
    PLACED,
    POOL,
    QUEUE,
    QUEUE_COUNT,
    RECV,
    ROUND,
    ROUTE_TARGET,
    SAVER_COUNT,
    SAVERS,
    SC,
    STREAM,
    TERR,
    TO_MOVE,
    TURN_ACTIONS,
    TX_OPEN,
    WINNER,
)
from farmstead.games.rancho.compiled_tables import (
    A_BUY,
    A_LINK,
    A_PLACE_COW,
    A_PLACE_HORSE,
    A_PLACE_RABBIT,
    A_PLACE_SHEEP,
    A_UNPLACE,
    ASK_ORDER,
    CELLS,
    COST,
    D6_FACES,
    DIE_A,
    DIE_B,
    EDGE_CELLS,
    INTS,
    MAX_ACTIONS,
    MAX_ROUNDS,
    PASTURES,
    PLAYERS,
    TRIANGLE_CELLS,
)
from farmstead.games.rancho.compiled_trading import (
    buy,
    clear_transaction,
    legal_links,
    link,
    settle,
    transaction_actions,
)
from farmstead.games.rancho.layout import (
    COW,
    D6,
    DICE,
    DOG,
    EMPTY,
    EXPANSION,
    FIRST_PLAYER,
    FOX,
    HORSE,
    LARGE_DOG,
    ORDER,
    OVER,
    PLACEMENT,
    RABBIT,
    SHEEP,
    SMALL_DOG,
    WOLF,
)


@njit(cache=True)
def attack_losses(st: Any, tb: Any, seat: int, out: Any) -> int:
    """``RanchoPredators.attack_losses`` into ``out``: the cells whose animals the current
    attack takes from ``seat`` (RA-R34 … RA-R36), one per piece; their number."""
    sc = st[SC]
    kind, amount, member = st[KIND], st[AMOUNT], st[TERR][seat]
    cost = tb[COST]
    number, fox = sc[D6_NUMBER], sc[ATTACK] == FOX
    count = 0
    for cell in range(tb[INTS][PASTURES]):
        k = kind[cell]
        if not member[cell] or cost[cell] != number or k == EMPTY:
            continue
        if fox:
            if k == RABBIT:
                out[count] = cell
                count += 1
        elif k != RABBIT:
            seen = False
            for i in range(count):  # a cow or horse once, whichever of its cells is hit
                other = out[i]
                seen = seen or (kind[other] == k and k != SHEEP and amount[other] == amount[cell])
            if not seen:
                out[count] = cell
                count += 1
    return count


@njit(cache=True)
def next_attack(st: Any, tb: Any) -> None:
    """``RanchoPredators._next_attack``: the next predator's die, or breeding (RA-R39 …
    RA-R42) and the placement."""
    sc, attacks = st[SC], st[ATTACKS]
    if sc[ATTACK_COUNT]:
        sc[ATTACK] = attacks[0]
        attacks[0] = attacks[1]
        sc[ATTACK_COUNT] -= 1
        sc[PHASE] = D6
        return
    sc[ATTACK] = -1
    seat = sc[ACTIVE]
    faces = np.zeros(6, np.int64)
    faces[sc[DIE_A_FACE]] += 1
    faces[sc[DIE_B_FACE]] += 1
    herd, pool, placed = st[HERD], st[POOL][seat], st[PLACED][seat]
    for k in range(4):
        if faces[k]:
            young = min((placed[k] + pool[k] + faces[k]) // 2, herd[k])
            herd[k] -= young
            pool[k] += young
    sc[PHASE] = PLACEMENT


@njit(cache=True)
def apply_dice(st: Any, tb: Any, face_a: int, face_b: int) -> None:
    """``RanchoPredators._apply_dice``: one attack per predator face (RA-R31); a fox and a
    wolf ordered by the active seat (RA-R32) when the game asks."""
    sc, attacks = st[SC], st[ATTACKS]
    sc[DIE_A_FACE], sc[DIE_B_FACE] = face_a, face_b
    foxes = (face_a == FOX) + (face_b == FOX)
    wolves = (face_a == WOLF) + (face_b == WOLF)
    if foxes and wolves and tb[INTS][ASK_ORDER]:
        sc[PHASE] = ORDER
        return
    count = 0
    for _ in range(foxes):
        attacks[count] = FOX
        count += 1
    for _ in range(wolves):
        attacks[count] = WOLF
        count += 1
    sc[ATTACK_COUNT] = count
    next_attack(st, tb)


@njit(cache=True)
def resolve_attack(st: Any, tb: Any) -> None:
    """``RanchoPredators._resolve_attack``: the losses after every dog decision (RA-R38)."""
    sc = st[SC]
    dog = SMALL_DOG if sc[ATTACK] == FOX else LARGE_DOG
    hit = np.empty(tb[INTS][CELLS], np.int64)
    for seat in range(tb[INTS][PLAYERS]):
        saved = False
        for i in range(sc[SAVER_COUNT]):
            saved = saved or st[SAVERS][i] == seat
        if saved:
            st[DOGS][seat, dog - SMALL_DOG] -= 1
            st[HERD][dog] += 1
            continue
        for i in range(attack_losses(st, tb, seat, hit)):
            k = st[KIND][hit[i]]
            count = clear_piece(st, tb, hit[i])
            st[PLACED][seat, k] -= count
            st[HERD][k] += count
    sc[QUEUE_COUNT] = 0
    sc[SAVER_COUNT] = 0
    sc[TO_MOVE] = sc[ACTIVE]
    next_attack(st, tb)


@njit(cache=True)
def apply_d6(st: Any, tb: Any, number: int) -> None:
    """``RanchoPredators._apply_d6``: the seats hit that hold a matching dog decide, in turn
    order (RA-R37, RA-R38); else the attack strikes."""
    sc = st[SC]
    sc[D6_NUMBER] = number
    dog = SMALL_DOG if sc[ATTACK] == FOX else LARGE_DOG
    players = tb[INTS][PLAYERS]
    hit = np.empty(tb[INTS][CELLS], np.int64)
    queue = st[QUEUE]
    count = 0
    for i in range(players):
        seat = (sc[ACTIVE] + i) % players
        if st[DOGS][seat, dog - SMALL_DOG] and attack_losses(st, tb, seat, hit):
            queue[count] = seat
            count += 1
    sc[QUEUE_COUNT] = count
    sc[SAVER_COUNT] = 0
    if count:
        sc[PHASE] = DOG
        sc[TO_MOVE] = queue[0]
    else:
        resolve_attack(st, tb)


@njit(cache=True)
def apply_dog(st: Any, tb: Any, use: bool) -> None:
    """``RanchoPredators._apply_dog``: the first seat of the queue decides."""
    sc, queue = st[SC], st[QUEUE]
    seat = queue[0]
    for i in range(sc[QUEUE_COUNT] - 1):
        queue[i] = queue[i + 1]
    sc[QUEUE_COUNT] -= 1
    if use:
        st[SAVERS][sc[SAVER_COUNT]] = seat
        sc[SAVER_COUNT] += 1
    if sc[QUEUE_COUNT]:
        sc[TO_MOVE] = queue[0]
    else:
        sc[TO_MOVE] = sc[ACTIVE]
        resolve_attack(st, tb)


@njit(cache=True)
def end_turn(st: Any, tb: Any) -> None:
    """``RanchoTurns._end_turn``: the next seat's Expansion; the round limit ends the game
    in a draw (RA-R45)."""
    sc = st[SC]
    sc[ACTIVE] = (sc[ACTIVE] + 1) % tb[INTS][PLAYERS]
    sc[TO_MOVE] = sc[ACTIVE]
    sc[TURN_ACTIONS] = 0
    sc[DIE_A_FACE] = sc[DIE_B_FACE] = -1
    sc[D6_NUMBER] = 0
    sc[PHASE] = EXPANSION
    if sc[ACTIVE] == sc[FIRST]:
        sc[ROUND] += 1
        if sc[ROUND] >= tb[INTS][MAX_ROUNDS]:
            sc[PHASE] = OVER


@njit(cache=True)
def check_win(st: Any, tb: Any) -> None:
    """``RanchoTurns._check_win`` (RA-R43): a rabbit, sheep, cow and horse placed; first in
    turn order from the active seat."""
    sc = st[SC]
    players = tb[INTS][PLAYERS]
    for i in range(players):
        seat = (sc[ACTIVE] + i) % players
        placed = st[PLACED][seat]
        if placed[0] and placed[1] and placed[2] and placed[3]:
            sc[WINNER] = seat
            sc[PHASE] = OVER
            return


@njit(cache=True)
def _place(st: Any, tb: Any, seat: int, k: int, piece: int) -> None:
    """A PLACE_* action: the piece of kind ``k`` at ``piece`` (a cell, edge or triangle)."""
    kind, amount = st[KIND], st[AMOUNT]
    if k == RABBIT:
        kind[piece] = RABBIT
        amount[piece] += 1
    elif k == SHEEP:
        kind[piece], amount[piece] = SHEEP, 1
    elif k == COW:
        for j in range(2):
            c = tb[EDGE_CELLS][piece, j]
            kind[c], amount[c] = COW, piece
    else:
        for j in range(3):
            c = tb[TRIANGLE_CELLS][piece, j]
            kind[c], amount[c] = HORSE, piece
    st[POOL][seat, k] -= 1
    st[PLACED][seat, k] += 1


@njit(cache=True)
def apply_turn_action(st: Any, tb: Any, action: int) -> None:
    """``RanchoTurns._apply_turn_action``: a decision of the active seat in Expansion or
    Placement."""
    ints, sc = tb[INTS], st[SC]
    seat = sc[ACTIVE]
    if action == ROLL:  # RA-R8
        sc[PHASE] = DICE
    elif action == END_TURN:
        end_turn(st, tb)
    elif action == CONFIRM:
        settle(st, tb, seat)
    elif action == CANCEL:
        clear_transaction(st)
    elif action == ARRANGE_SAFEST:
        arrange_safest(st, tb, seat)
    elif action < RECEIVE_BASE:
        sc[TX_OPEN] = 1
        st[GIVE][action - GIVE_BASE] += 1
    elif action < RETURN_BASE:
        sc[TX_OPEN] = 1
        st[RECV][action - RECEIVE_BASE] += 1
    elif action < ints[A_BUY]:
        remove_one(st, tb, seat, action - RETURN_BASE, True)  # RA-R29
    elif action < ints[A_LINK]:
        buy(st, tb, seat, action - ints[A_BUY])
    elif action < ints[A_UNPLACE]:
        link(st, tb, action - ints[A_LINK])
    elif action < ints[A_PLACE_RABBIT]:
        cell = action - ints[A_UNPLACE]
        k = st[KIND][cell]
        lift(st, tb, cell)
        st[POOL][seat, k] += 1
        st[PLACED][seat, k] -= 1
    elif action < ints[A_PLACE_SHEEP]:
        _place(st, tb, seat, RABBIT, action - ints[A_PLACE_RABBIT])
    elif action < ints[A_PLACE_COW]:
        _place(st, tb, seat, SHEEP, action - ints[A_PLACE_SHEEP])
    elif action < ints[A_PLACE_HORSE]:
        _place(st, tb, seat, COW, action - ints[A_PLACE_COW])
    else:
        _place(st, tb, seat, HORSE, action - ints[A_PLACE_HORSE])


@njit(cache=True)
def apply_decision(st: Any, tb: Any, action: int) -> None:
    """``RanchoTurns._apply`` for a decision (a legal action id)."""
    sc = st[SC]
    phase = sc[PHASE]
    if phase == DOG:
        apply_dog(st, tb, action == USE_DOG)
        return
    sc[TURN_ACTIONS] += 1
    if phase == ORDER:  # RA-R32
        first = FOX if action == FOX_FIRST else WOLF
        st[ATTACKS][0], st[ATTACKS][1] = first, FOX + WOLF - first
        sc[ATTACK_COUNT] = 2
        next_attack(st, tb)
        return
    apply_turn_action(st, tb, action)
    # RA-R43: only placing animals (by hand, safest, or fee rabbits) can complete a herd.
    if action in (CONFIRM, ARRANGE_SAFEST) or action >= tb[INTS][A_PLACE_RABBIT]:
        check_win(st, tb)


@njit(cache=True)
def apply_chance(st: Any, tb: Any, outcome: int) -> None:
    """``RanchoTurns._apply`` for a chance outcome."""
    sc = st[SC]
    phase = sc[PHASE]
    if phase == FIRST_PLAYER:  # RA-R5
        sc[FIRST] = sc[ACTIVE] = sc[TO_MOVE] = outcome
        sc[PHASE] = EXPANSION
    elif phase == DICE:
        apply_dice(st, tb, outcome // 6, outcome % 6)
    else:
        apply_d6(st, tb, outcome)


@njit(cache=True)
def draw_outcome(st: Any, tb: Any) -> int:
    """The chance outcome of the position, drawn from the game's stream (see the module)."""
    sc, stream = st[SC], st[STREAM]
    u = draw(stream[0], stream[1])
    stream[1] += np.uint64(1)
    phase = sc[PHASE]
    if phase == DICE:
        die_a, die_b = tb[DIE_A], tb[DIE_B]
        face = int(u * die_a.size * die_b.size)
        return die_a[face // die_b.size] * 6 + die_b[face % die_b.size]
    if phase == D6:
        faces = tb[D6_FACES]
        return faces[int(u * faces.size)]
    return int(u * tb[INTS][PLAYERS])


@njit(cache=True)
def legal_actions(st: Any, tb: Any, out: Any) -> int:
    """``RanchoTurns._legal_actions`` into ``out``, ascending; their number."""
    sc = st[SC]
    phase = sc[PHASE]
    if phase == DOG:
        out[0], out[1] = USE_DOG, KEEP_DOG
        return 2
    if phase == ORDER:
        out[0], out[1] = FOX_FIRST, WOLF_FIRST
        return 2
    seat = sc[ACTIVE]
    capped = sc[TURN_ACTIONS] >= tb[INTS][MAX_ACTIONS]
    out[0] = CANCEL
    if sc[ROUTE_TARGET] >= 0:  # RA-R45: only CANCEL survives the cap in an open transaction
        count = 1 if capped else legal_links(st, tb, seat, out, 1)
        for i in range(1, count):
            out[i] += tb[INTS][A_LINK]
        return count
    pool = st[POOL][seat]
    pool_size = pool[0] + pool[1] + pool[2] + pool[3]
    if sc[TX_OPEN]:
        count = 1 if capped else transaction_actions(st, tb, seat, out, 0)
        out[:count].sort()
        return count
    count = 0
    fits = True
    if pool_size:
        fits = feasible(st, tb, seat)
    else:
        out[count] = ROLL if phase == EXPANSION else END_TURN
        count += 1
    if fits:
        # With animals waiting, the safest placement; else only one safer than the present.
        if pool_size or (not capped and _safer_exists(st, tb, seat)):
            out[count] = ARRANGE_SAFEST
            count += 1
    else:
        for k in range(4):  # RA-R29: return animals only while nothing fits
            if pool[k] or st[PLACED][seat, k]:
                out[count] = RETURN_BASE + k
                count += 1
    if not capped:
        if phase == EXPANSION:
            count = transaction_actions(st, tb, seat, out, count)
        # RA-R28, RA-R29: rearranging is allowed even before returning animals for lack of space.
        count = arrangement_actions(st, tb, seat, out, count)
    out[:count].sort()
    return count


@njit(cache=True)
def _safer_exists(st: Any, tb: Any, seat: int) -> bool:
    """A full placement safer than the seat's arrangement exists (ARRANGE_SAFEST, 9.4)."""
    cells = tb[INTS][CELLS]
    picks = np.empty(cells, np.int64)
    chosen = np.empty(2 * cells, np.int64)
    weight = np.empty(8 * cells, np.int64)
    count = np.empty(8 * cells, np.int64)
    best = safest(st, tb, seat, picks, chosen, weight, count)
    return best >= 0 and best < safety_units(st, tb, seat)
