"""The rules of ``AnimalFarmBatch`` as compiled loops over games (Numba): legal actions, every
kind of action, and the random player's whole turn, each game advanced by a loop of its own.

Why compiled loops and not whole-array NumPy: a random opponent's turn is dozens of decisions,
and in lockstep the batch waits for its longest turn, paying every NumPy call once per round
for a handful of games; here each game plays its turn to the end in one pass.

Every function reads and writes the engine's arrays in place, as two tuples:

* ``st`` (``state``): ``phase, p1_seat, setup_step, mover, decider, pools, activated, active,
  victim, flags, ply, no_progress, start_zones, result, pos, board, pile_cell, pile_carrier``
  (the fields of ``AnimalFarmBatch``; ``flags`` holds attacked, picked, dropped);
* ``tb`` (``tables``): the ``AnimalFarmTables`` arrays the rules read, and ``ints``: the
  configuration's numbers (cells, units, slots, target base, setup length, max plies,
  no-progress plies).

Each rule names the ruling it implements and mirrors ``AnimalFarmRules``; the differential
test holds the two to each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from farmstead.core.compiled import draw, drop_stale_caches
from farmstead.games.animal_farm.actions import (
    DROP,
    END_TURN,
    PICK_UP_F1,
    SELECT_BASE,
    STEP_N,
    STOP,
)
from farmstead.games.animal_farm.batched_tables import ENDS, PASSES, AnimalFarmTables
from farmstead.games.animal_farm.layout import ACTIVE, DISPLACE, DRAW, IDLE, NO, OVER, SETUP

# Numba keeps compiled code per source file: drop it when any batched*.py module changed.
drop_stale_caches(Path(__file__).parent, "batched*.py")


TERMINAL = -4  # PlayerId.TERMINAL
# Positions in ``st`` and ``tb`` (see the module).
(
    PHASE,
    P1_SEAT,
    SETUP_STEP,
    MOVER,
    DECIDER,
    POOLS,
    ACTIVATED,
    ACTIVE_UNIT,
    VICTIM,
    FLAGS,
    PLY,
    NO_PROGRESS,
    START_ZONES,
    RESULT,
    POS,
    BOARD,
    PILE_CELL,
    PILE_CARRIER,
) = range(18)
(
    INTS,
    NEIGH,
    STEP,
    ENEMY,
    KIND,
    OWNER,
    IS_PIG,
    DISPLACE_CELLS,
    SETUP_CELLS,
    SETUP_ANY,
    SEQ_PLAYER,
    SEQ_UNIT,
    POOL_SIZE,
    PAIR_HOME,
    PAIR_ZONES,
    FREE_COUNT,
    SELECT_RANKED,
) = range(17)
# ``ints``: the configuration's numbers, by position.
CELLS, UNITS, SLOTS, TARGET_BASE, SETUP_LEN, MAX_PLIES, NO_PROGRESS_PLIES = range(7)


def state(batch: Any) -> tuple[Any, ...]:
    """The ``st`` tuple of an ``AnimalFarmBatch``: its arrays, shared (see the module)."""
    return (
        batch.phase,
        batch.p1_seat,
        batch.setup_step,
        batch.mover,
        batch.decider,
        batch.pools,
        batch.activated,
        batch.active,
        batch.victim,
        batch.flags,
        batch.ply,
        batch.no_progress,
        batch.start_zones,
        batch.result,
        batch.pos,
        batch.board,
        batch.pile_cell,
        batch.pile_carrier,
    )


def tables(t: AnimalFarmTables, cfg: Any) -> tuple[Any, ...]:
    """The ``tb`` tuple of a configuration's tables (see the module)."""
    ints = np.array(
        (
            t.cells,
            cfg.num_units,
            cfg.num_slots,
            t.target_base,
            t.setup_len,
            cfg.max_plies,
            cfg.no_progress_plies,
        ),
        np.int64,
    )
    return (
        ints,
        t.neigh,
        t.step,
        t.enemy,
        t.kind,
        t.owner,
        t.is_pig,
        t.displace,
        t.setup_cells,
        t.setup_any,
        t.seq_player,
        t.seq_unit,
        t.pool_size,
        t.pair_home,
        t.pair_zones,
        t.free_count,
        t.select_ranked,
    )


@njit(cache=True, inline="always")
def _occ(board: Any, g: int, cell: int, units: int) -> int:
    """The occupant column of ``cell``: its unit, or ``units`` for no unit."""
    o = board[g, cell]
    return o if o >= 0 else units


@njit(cache=True, inline="always")
def can_finish(st: Any, tb: Any, g: int, unit: int, start: int, points: int) -> bool:
    """AF-R10: from ``start`` (a friend's square) with ``points`` left, can ``unit`` reach a
    square without a unit, or step onto an enemy it may attack, passing friends only? A
    breadth-first search, one depth per point (``AnimalFarmRules.can_finish``)."""
    if points <= 0:
        return False
    board = st[BOARD]
    ints, neigh, step = tb[INTS], tb[NEIGH], tb[STEP]
    units = ints[UNITS]
    seen = np.zeros(ints[CELLS] + 1, np.bool_)
    frontier = np.empty(ints[CELLS] + 1, np.int64)
    nxt = np.empty(ints[CELLS] + 1, np.int64)
    seen[start] = True
    frontier[0] = start
    size = 1
    for _ in range(points):
        count = 0
        for i in range(size):
            f = frontier[i]
            for d in range(4):
                c = neigh[f, d]
                kind = step[unit, c, _occ(board, g, c, units)]
                if kind == ENDS:
                    return True
                if kind == PASSES and not seen[c]:
                    seen[c] = True
                    nxt[count] = c
                    count += 1
        if count == 0:
            return False
        frontier, nxt = nxt, frontier
        size = count
    return False


@njit(cache=True, inline="always")
def _can_go_on(st: Any, tb: Any, g: int, unit: int, start: int, left: int) -> bool:
    """AF-R10 after a step onto a friend's square ``start`` with ``left`` points after it."""
    if left > 0:
        board, neigh, step, units = st[BOARD], tb[NEIGH], tb[STEP], tb[INTS][UNITS]
        for d in range(4):
            c = neigh[start, d]
            if step[unit, c, _occ(board, g, c, units)] == ENDS:
                return True
    return left > 1 and can_finish(st, tb, g, unit, start, left)


@njit(cache=True, inline="always")
def active_legal(st: Any, tb: Any, g: int, legal: Any) -> int:
    """Fill ``legal`` (bool, 8) with the Active phase's legal actions of game ``g`` over STOP,
    STEP_N … STEP_W, PICK_UP_F1, PICK_UP_F2, DROP (ids 1 … 8); their number."""
    flags, pools, active, pos, board = st[FLAGS], st[POOLS], st[ACTIVE_UNIT], st[POS], st[BOARD]
    pile_cell, carrier = st[PILE_CELL], st[PILE_CARRIER]
    ints, neigh, step, kind, is_pig = tb[INTS], tb[NEIGH], tb[STEP], tb[KIND], tb[IS_PIG]
    unit = active[g]
    at = pos[g, unit]
    points = pools[g, kind[unit]]
    moving = points > 0 and not flags[g, 0]  # AF-R5; AF-R13: an attack ends the path
    legal[0] = board[g, at] < 0  # AF-R9: an activation ends on a square without a unit
    for d in range(4):  # AF-R7 … AF-R12
        ok = False
        if moving:
            c = neigh[at, d]
            kind_of_step = step[unit, c, _occ(board, g, c, ints[UNITS])]
            if kind_of_step == ENDS:
                ok = True
            elif kind_of_step == PASSES:
                ok = _can_go_on(st, tb, g, unit, c, points - 1)
        legal[1 + d] = ok
    # AF-R19, AF-R20, AF-R22: a pig carrying nothing picks up a loose pile on its square, a
    # carrying pig drops it, each once per square visit.
    pig = is_pig[unit]
    carrying = pig and (carrier[g, 0] == unit or carrier[g, 1] == unit)
    may_pick = pig and not carrying and not flags[g, 1]
    legal[5] = may_pick and pile_cell[g, 0] == at
    legal[6] = may_pick and pile_cell[g, 1] == at
    legal[7] = carrying and not flags[g, 2]
    count = 0
    for i in range(8):
        count += legal[i]
    return count


@njit(cache=True, inline="always")
def _target_legal(st: Any, tb: Any, g: int, cells: Any) -> int:
    """Fill ``cells`` (bool, C) with the legal TARGET squares of a Displace (AF-R14: an empty
    square of the victim's zone) or Setup (AF-R3: the piece's start squares, a unit's without
    another unit) position; their number."""
    phase, setup_step, victim, board = st[PHASE], st[SETUP_STEP], st[VICTIM], st[BOARD]
    ints, displace, setup_cells, setup_any = (
        tb[INTS],
        tb[DISPLACE_CELLS],
        tb[SETUP_CELLS],
        tb[SETUP_ANY],
    )
    count = 0
    if phase[g] == DISPLACE:
        v = victim[g]
        for c in range(ints[CELLS]):
            ok = displace[v, c] and board[g, c] < 0
            cells[c] = ok
            count += ok
    else:
        s = setup_step[g]
        anywhere = setup_any[s]
        for c in range(ints[CELLS]):
            ok = setup_cells[s, c] and (anywhere or board[g, c] < 0)
            cells[c] = ok
            count += ok
    return count


@njit(cache=True)
def legal_mask(st: Any, tb: Any, idx: Any, out: Any) -> None:
    """Row ``j`` of ``out`` (zeroed here): the legal actions of game ``idx[j]``."""
    legal = np.zeros(8, np.bool_)
    cells = np.zeros(tb[INTS][CELLS], np.bool_)
    for j in range(idx.size):
        legal_row(st, tb, idx[j], out[j], legal, cells)


@njit(cache=True, inline="always")
def legal_row(st: Any, tb: Any, g: int, row: Any, legal: Any, cells: Any) -> None:
    """``row`` (zeroed here): the legal actions of game ``g``; ``legal`` (8) and ``cells``
    (one per cell) are scratch."""
    ints = tb[INTS]
    slots, target = ints[SLOTS], ints[TARGET_BASE]
    row[:] = 0
    ph = st[PHASE][g]
    if ph == ACTIVE:
        active_legal(st, tb, g, legal)
        for i in range(8):
            row[STOP + i] = legal[i]
    elif ph == IDLE:  # END_TURN, or SELECT a unit not activated this turn (AF-R6)
        row[END_TURN] = 1
        bits = st[ACTIVATED][g]
        for s in range(slots):
            row[SELECT_BASE + s] = not (bits >> s) & 1
    elif ph in (DISPLACE, SETUP):
        _target_legal(st, tb, g, cells)
        for c in range(cells.size):
            row[target + c] = cells[c]


# --- applying actions ---------------------------------------------------------------------
@njit(cache=True, inline="always")
def _finish(st: Any, g: int, result: int) -> None:
    st[RESULT][g] = result
    st[PHASE][g] = OVER
    st[DECIDER][g] = TERMINAL


@njit(cache=True, inline="always")
def _pile_pair(st: Any, tb: Any, g: int) -> tuple[int, int, int]:
    """The two piles' cells as ``c1 * (C + 1) + c2`` (loose, or their carrier's), and their
    carriers."""
    pos, pile_cell, carrier = st[POS], st[PILE_CELL], st[PILE_CARRIER]
    c0, c1 = carrier[g, 0], carrier[g, 1]
    cell0 = pos[g, c0] if c0 >= 0 else pile_cell[g, 0]
    cell1 = pos[g, c1] if c1 >= 0 else pile_cell[g, 1]
    return cell0 * (tb[INTS][CELLS] + 1) + cell1, c0, c1


@njit(cache=True, inline="always")
def start_play(st: Any, tb: Any, g: int) -> None:
    """Player 1's first turn: full pools, nothing activated (AF-R5, AF-R6); the piles' zones
    of the turn start (AF-R24)."""
    st[PHASE][g] = IDLE
    st[MOVER][g] = 0
    st[DECIDER][g] = st[P1_SEAT][g]
    st[POOLS][g, :] = tb[POOL_SIZE]
    st[ACTIVATED][g] = 0
    st[START_ZONES][g] = tb[PAIR_ZONES][_pile_pair(st, tb, g)[0]]


@njit(cache=True, inline="always")
def _end_turn(st: Any, tb: Any, g: int) -> None:
    """AF-R23 win check, then the AF-R24 draw checks, then the opponent's turn with full
    pools (AF-R5)."""
    ints, owner, pair_home, pair_zones = tb[INTS], tb[OWNER], tb[PAIR_HOME], tb[PAIR_ZONES]
    ply = st[PLY][g] + 1
    st[PLY][g] = ply
    pair, c0, c1 = _pile_pair(st, tb, g)
    player = pair_home[pair]  # both piles in this player's base (-1: no one's)
    # AF-R23: each pile loose or carried by that player's own pig
    if player >= 0 and (c0 < 0 or owner[c0] == player) and (c1 < 0 or owner[c1] == player):
        _finish(st, g, player)
        return
    zones = pair_zones[pair]
    progress = st[NO_PROGRESS][g] + 1 if zones == st[START_ZONES][g] else 0
    st[NO_PROGRESS][g] = progress
    limit = ints[NO_PROGRESS_PLIES]
    if ply >= ints[MAX_PLIES] or (limit > 0 and progress >= limit):
        _finish(st, g, DRAW)
        return
    st[START_ZONES][g] = zones
    mover = st[MOVER][g] ^ 1
    st[MOVER][g] = mover
    st[DECIDER][g] = mover ^ st[P1_SEAT][g]
    st[POOLS][g, :] = tb[POOL_SIZE]
    st[ACTIVATED][g] = 0


@njit(cache=True, inline="always")
def _select(st: Any, g: int, slot: int, slots: int) -> None:
    """SELECT activates the unit (AF-R6), lifting it off the board while it moves (AF-R9); a
    new square visit begins (AF-R22)."""
    unit = st[MOVER][g] * slots + slot
    st[ACTIVATED][g] |= 1 << slot
    st[ACTIVE_UNIT][g] = unit
    st[FLAGS][g, :] = False
    st[BOARD][g, st[POS][g, unit]] = NO
    st[PHASE][g] = ACTIVE


@njit(cache=True, inline="always")
def _stop(st: Any, g: int) -> None:
    """STOP: the unit rests on its square again; back to Idle."""
    unit = st[ACTIVE_UNIT][g]
    st[BOARD][g, st[POS][g, unit]] = unit
    st[ACTIVE_UNIT][g] = NO
    st[FLAGS][g, :] = False
    st[PHASE][g] = IDLE


@njit(cache=True, inline="always")
def _step_to(st: Any, tb: Any, g: int, direction: int) -> None:
    """STEP: one point of the kind's pool (AF-R5, AF-R7); a new square visit (AF-R22);
    entering an enemy's square is an attack, then the Displace phase (AF-R11, AF-R13)."""
    pos, board, flags = st[POS], st[BOARD], st[FLAGS]
    unit = st[ACTIVE_UNIT][g]
    target = tb[NEIGH][pos[g, unit], direction]
    st[POOLS][g, tb[KIND][unit]] -= 1
    pos[g, unit] = target
    flags[g, 1] = False
    flags[g, 2] = False
    occupant = _occ(board, g, target, tb[INTS][UNITS])
    if tb[ENEMY][unit, occupant]:
        flags[g, 0] = True
        st[VICTIM][g] = occupant
        st[PHASE][g] = DISPLACE


@njit(cache=True, inline="always")
def _pick_up(st: Any, g: int, pile: int) -> None:
    """PICK_UP: the pig takes the loose pile from its square (AF-R19)."""
    st[PILE_CARRIER][g, pile] = st[ACTIVE_UNIT][g]
    st[PILE_CELL][g, pile] = NO
    st[FLAGS][g, 1] = True


@njit(cache=True, inline="always")
def _drop(st: Any, g: int) -> None:
    """DROP: the pig puts its pile on its square (AF-R20)."""
    unit = st[ACTIVE_UNIT][g]
    pile = 1 if st[PILE_CARRIER][g, 1] == unit else 0
    st[PILE_CARRIER][g, pile] = NO
    st[PILE_CELL][g, pile] = st[POS][g, unit]
    st[FLAGS][g, 2] = True


@njit(cache=True, inline="always")
def _displace(st: Any, tb: Any, g: int, cell: int) -> None:
    """AF-R14 … AF-R16: send the victim to ``cell``; the feed it carries goes to an attacking
    pig carrying nothing, else drops on the combat square."""
    pos, board, pile_cell, carrier = st[POS], st[BOARD], st[PILE_CELL], st[PILE_CARRIER]
    attacker, victim = st[ACTIVE_UNIT][g], st[VICTIM][g]
    combat = pos[g, attacker]
    c0, c1 = carrier[g, 0], carrier[g, 1]
    taker = tb[IS_PIG][attacker] and c0 != attacker and c1 != attacker
    board[g, combat] = NO
    board[g, cell] = victim
    pos[g, victim] = cell
    st[VICTIM][g] = NO
    st[PHASE][g] = ACTIVE
    for k, held in ((0, c0), (1, c1)):
        if held == victim:
            if taker:
                carrier[g, k] = attacker  # AF-R16
            else:
                carrier[g, k] = NO  # AF-R15, AF-R16
                pile_cell[g, k] = combat


@njit(cache=True, inline="always")
def _place(st: Any, tb: Any, g: int, cell: int) -> None:
    """AF-R2: place the next piece of the setup sequence; after the last, play starts."""
    seq_player, seq_unit = tb[SEQ_PLAYER], tb[SEQ_UNIT]
    step = st[SETUP_STEP][g]
    unit = seq_unit[step]
    if unit < 0:
        st[PILE_CELL][g, seq_player[step]] = cell
    else:
        st[POS][g, unit] = cell
        st[BOARD][g, cell] = unit
    st[SETUP_STEP][g] = step + 1
    st[DECIDER][g] = seq_player[step + 1] ^ st[P1_SEAT][g]
    if step + 1 == tb[INTS][SETUP_LEN]:
        start_play(st, tb, g)


@njit(cache=True, inline="always")
def _legal_kind(st: Any, tb: Any, g: int, action: int) -> bool:
    """Whether ``action`` is of a kind legal in game ``g``'s phase (the engine's own mask
    check, under ``validate``, checks the rest)."""
    ph = st[PHASE][g]
    target = tb[INTS][TARGET_BASE]
    if ph == IDLE:
        return 0 <= action < target and (action == END_TURN or action >= SELECT_BASE)
    if ph == ACTIVE:
        return STOP <= action <= DROP
    if ph in (DISPLACE, SETUP):
        return target <= action < target + tb[INTS][CELLS]
    return False


@njit(cache=True, inline="always")
def apply(st: Any, tb: Any, g: int, action: int) -> None:
    """Apply ``action`` (of a kind legal in the phase) to game ``g``."""
    ph = st[PHASE][g]
    ints = tb[INTS]
    if ph == IDLE:
        if action == END_TURN:
            _end_turn(st, tb, g)
        else:
            _select(st, g, action - SELECT_BASE, ints[SLOTS])
    elif ph == ACTIVE:
        if action == STOP:
            _stop(st, g)
        elif action < PICK_UP_F1:
            _step_to(st, tb, g, action - STEP_N)
        elif action < DROP:
            _pick_up(st, g, action - PICK_UP_F1)
        else:
            _drop(st, g)
    elif ph == DISPLACE:
        _displace(st, tb, g, action - ints[TARGET_BASE])
    else:
        _place(st, tb, g, action - ints[TARGET_BASE])


@njit(cache=True)
def step_games(st: Any, tb: Any, idx: Any, actions: Any) -> int:
    """Apply ``actions[j]`` to game ``idx[j]`` for every ``j``; nothing changes and the first
    ``j`` is returned if an action is of a kind not legal in its game's phase, else -1."""
    for j in range(idx.size):
        if not _legal_kind(st, tb, idx[j], actions[j]):
            return j
    for j in range(idx.size):
        apply(st, tb, idx[j], actions[j])
    return -1


@njit(cache=True)
def start_games(st: Any, tb: Any, idx: Any) -> None:
    """``start_play`` for every game of ``idx``."""
    for j in range(idx.size):
        start_play(st, tb, idx[j])


@njit(cache=True)
def can_finish_rows(st: Any, tb: Any, g: Any, unit: Any, start: Any, points: Any) -> Any:
    """``can_finish`` for each row of the aligned arrays."""
    out = np.zeros(g.size, np.bool_)
    for j in range(g.size):
        out[j] = can_finish(st, tb, g[j], unit[j], start[j], points[j])
    return out


# --- the random player ----------------------------------------------------------------------
@njit(cache=True, inline="always")
def _ranked(legal: Any, rank: int) -> int:
    """The index of the true entry of rank ``rank`` (0 …) of ``legal``."""
    for i in range(legal.size):
        if legal[i]:
            if rank == 0:
                return i
            rank -= 1
    return -1


@njit(cache=True)
def play_random(
    st: Any,
    tb: Any,
    todo: Any,
    first: int,
    other: int,
    key: Any,
    count: Any,
    log_games: Any,
    log_actions: Any,
) -> tuple[int, int]:
    """Uniformly random legal actions in the games ``todo[first:]``, each until the seat to
    decide is not ``other`` (any seat when ``other`` is -1) or the game is over.

    Round ``k`` of a game uses draws ``count + 2k`` (an Idle choice: END_TURN or an
    unactivated slot, AF-R6) and ``count + 2k + 1`` (the Active decision that follows a SELECT
    in the same round, or the position's one decision in the other phases), the rank
    ``floor(u * legal count)`` among the legal actions in id order; the game's counter then
    advances by ``2 * rounds``. With ``log_games`` non-empty, every action is logged there and
    in ``log_actions``, in order; the loop stops before the log can overflow. Returns the
    index of ``todo`` to resume from (``todo.size`` when done) and the number logged."""
    phase, activated, decider = st[PHASE], st[ACTIVATED], st[DECIDER]
    ints, free_count, select_ranked = tb[INTS], tb[FREE_COUNT], tb[SELECT_RANKED]
    target = ints[TARGET_BASE]
    legal = np.zeros(8, np.bool_)
    cells = np.zeros(ints[CELLS], np.bool_)
    logging = log_games.size > 0
    logged = 0
    for j in range(first, todo.size):
        g = todo[j]
        k, base = key[g], count[g]
        rounds = 0
        while decider[g] >= 0 and (other < 0 or decider[g] == other):
            if logging and logged + 2 > log_games.size:
                count[g] = base + np.uint64(2 * rounds)
                return j, logged
            n = base + np.uint64(2 * rounds)
            rounds += 1
            ph = phase[g]
            if ph == IDLE:
                bits = activated[g]
                rank = int(draw(k, n) * free_count[bits])
                action = select_ranked[bits, rank] if rank > 0 else END_TURN
                if logging:
                    log_games[logged] = g
                    log_actions[logged] = action
                    logged += 1
                apply(st, tb, g, action)
                ph = phase[g]
                if ph != ACTIVE:
                    continue
            u = draw(k, n + np.uint64(1))
            if ph == ACTIVE:
                action = STOP + _ranked(legal, int(u * active_legal(st, tb, g, legal)))
            else:
                action = target + _ranked(cells, int(u * _target_legal(st, tb, g, cells)))
            if logging:
                log_games[logged] = g
                log_actions[logged] = action
                logged += 1
            apply(st, tb, g, action)
        count[g] = base + np.uint64(2 * rounds)
    return todo.size, logged
