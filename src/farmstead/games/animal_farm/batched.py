"""Animal Farm as a batched NumPy engine: ``AnimalFarmBatch`` keeps every per-game field of
``AnimalFarmRules`` as an array over ``N`` games and applies the same rules to all of them at
once (the contract is ``farmstead.core.batched.BatchedEngine``).

Fields (``N`` games, ``U`` units, ``C`` cells): ``phase``, ``p1_seat``, ``setup_step``,
``mover``, ``activated`` (a bit per slot, as in the reference), ``active``, ``victim``,
``ply``, ``no_progress``, ``start_zones``, ``result`` (int, ``(N,)``); ``attacked``,
``picked``, ``dropped`` (bool ``(N,)``, the columns of ``flags``); ``pools`` (``(N, 3)``),
``pos`` (``(N, U)``), ``board`` (``(N, C + 1)``), ``pile_cell`` and ``pile_carrier``
(``(N, 2)``); plus ``decider``, the seat to decide (or a ``PlayerId``), kept up to date so that
``current_player`` is one gather. Column ``C`` of ``board`` is a sentinel square: always empty,
allowed to no unit, where the neighbour table sends steps off the board (AF-R7), and where
``pos`` -1 (not placed) lands when used as an index.

Every rule is written once as whole-array operations over the games that need it (those of one
phase, or of one kind of action), so no Python loop runs over games; the loops that remain run
over the 2 piles, the depth of the AF-R10 flood fill or the kinds of action. The tables are
``AnimalFarmTables`` (``batched_tables``), the tensor writer is ``batched_tensor``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from farmstead.core.batched import BatchedEngine, BoolArray, FloatArray, IntArray, sample_ranked
from farmstead.core.errors import IllegalActionError, InvalidParamError
from farmstead.core.game import Game, PlayerId, State
from farmstead.games.animal_farm.actions import DROP, END_TURN, SELECT_BASE, STEP_N, STOP
from farmstead.games.animal_farm.batched_tables import (
    ENDS,
    OP_DISPLACE,
    OP_DROP,
    OP_END_TURN,
    OP_PICK_UP,
    OP_PLACE,
    OP_SELECT,
    OP_STEP,
    OP_STOP,
    PASSES,
    AnimalFarmTables,
)
from farmstead.games.animal_farm.batched_tensor import BatchTensorWriter
from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import (
    ACTIVE,
    DISPLACE,
    DRAW,
    IDLE,
    NO,
    NO_RESULT,
    OVER,
    SETUP,
    TOSS,
)
from farmstead.games.animal_farm.rules import AnimalFarmRules

I64 = np.int64
TERMINAL = int(PlayerId.TERMINAL)
ENDING = -9  # ``decider`` of a game whose END_TURN is pending in ``play_random``
_any = np.count_nonzero  # ``x.any()`` at a quarter of the cost on small arrays
BLOCK = 16  # opponent decisions drawn per stream call in ``play_random``


class AnimalFarmBatch(BatchedEngine):
    """``num_envs`` Animal Farm games of one configured ``game`` (see the module).

    Every parameter set of the game is supported: the layout, manual or default setup
    (AF-R2, AF-R4), ``first_player`` (AF-R1), the pools (AF-R5) and both draw limits (AF-R24).
    The games start blank (before the coin toss); ``reset`` starts them.
    """

    def __init__(self, game: Game, num_envs: int, validate: bool = False) -> None:
        config = getattr(game, "config", None)
        if not isinstance(config, AnimalFarmConfig):
            raise InvalidParamError(f"AnimalFarmBatch plays Animal Farm, not {game.type.name!r}")
        super().__init__(game, num_envs, validate)
        self.cfg = config
        self.t = AnimalFarmTables(config, game.tensor_layout)  # type: ignore[attr-defined]
        n, u = self.num_envs, config.num_units
        self.phase = np.full(n, TOSS, I64)
        self.p1_seat = np.full(n, NO, I64)
        self.setup_step = np.zeros(n, I64)
        self.mover = np.zeros(n, I64)
        self.decider = np.full(n, int(PlayerId.CHANCE), I64)
        self.pools = np.zeros((n, 3), I64)
        self.activated = np.zeros(n, I64)
        self.active = np.full(n, NO, I64)
        self.victim = np.full(n, NO, I64)
        self.flags = np.zeros((n, 3), bool)
        self.attacked, self.picked, self.dropped = self.flags.T  # views
        self.ply = np.zeros(n, I64)
        self.no_progress = np.zeros(n, I64)
        self.start_zones = np.zeros(n, I64)
        self.result = np.full(n, NO_RESULT, I64)
        self.pos = np.full((n, u), NO, I64)
        self.board = np.full((n, config.num_cells + 1), NO, I64)
        self.pile_cell = np.full((n, 2), NO, I64)
        self.pile_carrier = np.full((n, 2), NO, I64)
        self.tensors = BatchTensorWriter(self)
        self._ops = (
            (OP_END_TURN, self._end_turn),
            (OP_SELECT, self._select),
            (OP_STOP, self._stop),
            (OP_STEP, self._step_to),
            (OP_PICK_UP, self._pick_up),
            (OP_DROP, self._drop),
            (OP_DISPLACE, self._displace),
            (OP_PLACE, self._place),
        )
        self._blank(self.all_games)

    # --- starting games -----------------------------------------------------------------
    def _blank(self, g: IntArray) -> None:
        """``AnimalFarmRules.empty``: before the coin toss, nothing placed, full pools."""
        for field, value in (
            (self.phase, TOSS),
            (self.p1_seat, NO),
            (self.setup_step, 0),
            (self.mover, 0),
            (self.decider, int(PlayerId.CHANCE)),
            (self.activated, 0),
            (self.active, NO),
            (self.victim, NO),
            (self.flags, False),
            (self.ply, 0),
            (self.no_progress, 0),
            (self.start_zones, 0),
            (self.result, NO_RESULT),
            (self.pos, NO),
            (self.board, NO),
            (self.pile_cell, NO),
            (self.pile_carrier, NO),
        ):
            field[g] = value
        self.pools[g] = self.t.pool_size

    def _reset(self, idx: IntArray, seeds: Any) -> None:
        """AF-R1: the coin toss (or the ``first_player`` seat), then the setup (AF-R2) or,
        with the default setup, both sides placed and Player 1's first turn (AF-R4)."""
        self._blank(idx)
        cfg = self.cfg
        if cfg.first_player >= 0:
            self.p1_seat[idx] = cfg.first_player
        else:  # the only chance event: a NumPy Generator per game, seeded by its seed
            self.p1_seat[idx] = [np.random.default_rng(int(s)).integers(2) for s in seeds]
        self.phase[idx] = SETUP
        self.decider[idx] = self.t.seq_player[0] ^ self.p1_seat[idx]
        if not cfg.manual_setup:
            self.pos[idx] = self.t.default_pos
            self.board[idx[:, None], self.t.default_pos[None, :]] = np.arange(cfg.num_units)
            self.pile_cell[idx] = cfg.default_piles
            self.setup_step[idx] = self.t.setup_len
            self._start_play(idx)

    def _start_play(self, g: IntArray) -> None:
        """Player 1's first turn: full pools, nothing activated (AF-R5, AF-R6)."""
        self.phase[g] = IDLE
        self.mover[g] = 0
        self.decider[g] = self.p1_seat[g]
        self.pools[g] = self.t.pool_size
        self.activated[g] = 0
        self.start_zones[g] = self._pile_zones(g)

    # --- who moves, returns -------------------------------------------------------------
    def _current_player(self, idx: IntArray) -> IntArray:
        return self.decider[idx]

    def _returns(self, idx: IntArray) -> FloatArray:
        """AF-R23, AF-R24: the winner's seat +1 and the loser's -1; draws and unfinished 0."""
        out = np.zeros((idx.size, 2))
        result = self.result[idx]
        won = ((result >= 0) & (result < DRAW)).nonzero()[0]
        out[won] = -1.0
        out[won, result[won] ^ self.p1_seat[idx[won]]] = 1.0
        return out

    # --- legal actions ------------------------------------------------------------------
    def _legal_mask(self, idx: IntArray, out: Any) -> None:
        t = self.t
        out[...] = 0
        phase = self.phase[idx]
        rows = (phase == ACTIVE).nonzero()[0]
        if rows.size:
            out[rows, STOP : DROP + 1] = self.active_legal(idx[rows])
        rows = (phase == IDLE).nonzero()[0]
        if rows.size:  # END_TURN, or SELECT a unit not activated this turn (AF-R6)
            out[rows, END_TURN] = 1
            out[rows, t.select_base : t.target_base] = t.free_slots[self.activated[idx[rows]]]
        rows = t.targets_phase[phase].nonzero()[0]
        if rows.size:
            g = idx[rows]
            empty = self.board[g, : t.cells] < 0
            displace = self.phase[g] == DISPLACE
            # AF-R14: an empty square (a loose pile does not count) of the victim's zone;
            # AF-R3: the next piece's start squares, a unit's without another unit.
            step = self.setup_step[g]
            free = empty | t.setup_any[step][:, None]
            cells = np.where(displace[:, None], t.displace[self.victim[g]] & empty, 0)
            setup = ~displace
            cells[setup] = (t.setup_cells[step] & free)[setup]
            out[rows, t.target_base :] = cells

    def active_legal(self, g: IntArray) -> BoolArray:
        """The Active phase's legal actions of games ``g``: a bool ``(len(g), 8)`` array over
        STOP, STEP_N … STEP_W, PICK_UP_F1, PICK_UP_F2, DROP (action ids 1 … 8)."""
        t = self.t
        board = self.board
        unit = self.active[g]
        at = self.pos[g, unit]
        cells = t.neigh_self.take(at, axis=0)  # (M, 5): the 4 steps (AF-R7), then ``at``
        occupant = board[g[:, None], cells]
        points = self.pools[g, t.kind[unit]]
        moving = (points > 0) & ~self.attacked[g]  # AF-R5; AF-R13: an attack ends the path
        # AF-R8 … AF-R12 by the table, BLOCKED for every step of a unit that may not move
        uu = unit[:, None]
        step = t.moving_step[moving.view(np.int8)[:, None], uu, cells[:, :4], occupant[:, :4]]
        legal = np.empty((g.size, 8), bool)
        legal[:, 0] = occupant[:, 4] < 0  # AF-R9: an activation ends without another unit
        steps = step == ENDS
        through = step == PASSES
        if _any(through):  # AF-R9, AF-R10: a friend's square only if the path can go on
            r, d = through.nonzero()
            steps[r, d] = self._can_go_on(g[r], unit[r], cells[r, d], points[r] - 1)
        legal[:, 1:5] = steps
        # AF-R19, AF-R20, AF-R22: a pig carrying nothing may pick up a loose pile on its
        # square, a carrying pig drop it, each once per square visit. A carried pile has no
        # cell, so a pile whose cell is the pig's is loose.
        pig = t.is_pig[unit]
        if not _any(pig):
            legal[:, 5:] = False
            return legal
        carrier = self.pile_carrier.take(g, axis=0)
        carrying = ((carrier[:, 0] == unit) | (carrier[:, 1] == unit)) & pig
        may_pick = (pig & ~carrying & ~self.picked[g])[:, None]
        legal[:, 5:7] = (self.pile_cell.take(g, axis=0) == at[:, None]) & may_pick
        legal[:, 7] = carrying & ~self.dropped[g]
        return legal

    def _can_go_on(self, g: IntArray, unit: IntArray, start: IntArray, left: IntArray) -> BoolArray:
        """AF-R10 after a step onto a friend's square ``start``: one step further ends the
        path (checked here for all rows), else the full search (``can_finish``)."""
        t = self.t
        after = t.neigh.take(start, axis=0)
        near = t.step[unit[:, None], after, self.board[g[:, None], after]] == ENDS
        ok = near.any(axis=1) & (left > 0)
        deeper = (~ok & (left > 1)).nonzero()[0]
        if deeper.size:
            ok[deeper] = self.can_finish(g[deeper], unit[deeper], start[deeper], left[deeper])
        return ok

    def can_finish(
        self, g: IntArray, unit: IntArray, start: IntArray, points: IntArray
    ) -> BoolArray:
        """AF-R10 for each row: from ``start`` (a friend's square) with ``points`` left, can
        ``unit`` reach a square without a unit, or step onto an enemy it may attack, passing
        friends only? A breadth-first flood fill over cell masks, one depth per round, through
        the reverse neighbour table (``AnimalFarmRules.can_finish``)."""
        t = self.t
        found = np.zeros(g.size, bool)
        live = (points > 0).nonzero()[0]
        if not live.size:
            return found
        g, unit, points = g[live], unit[live], points[live]
        step = t.step[unit[:, None], t.all_cells, self.board.take(g, axis=0)]  # (R, C + 1)
        goal = step == ENDS
        passable = step == PASSES
        seen = np.zeros(step.shape, bool)
        seen[np.arange(live.size), start[live]] = True
        frontier = seen.copy()
        hit = np.zeros(live.size, bool)
        for depth in range(1, int(points.max()) + 1):
            near = frontier[:, t.rev].any(axis=2)
            hit |= (near & goal).any(axis=1)
            frontier = near & passable & ~seen
            frontier[hit | (points <= depth)] = False
            if not _any(frontier):
                break
            seen |= frontier
        found[live] = hit
        return found

    # --- random play --------------------------------------------------------------------
    def play_random(self, index: Any, seat: int) -> None:
        """``BatchedEngine.play_random``, faster: an Idle game's choice (uniform among
        END_TURN and its unactivated units, AF-R6) and, after a SELECT, the unit's first
        Active decision are made in one round, so a round costs one pass per phase. Round
        ``k`` of a game uses draws ``2k`` (Idle) and ``2k + 1`` (other phases) of its stream."""
        streams = self.streams
        todo = self._index(index)
        other = 1 - seat if seat in (0, 1) else None  # the seat that plays at random
        decider = self.decider[todo]
        todo = todo[decider >= 0 if other is None else decider == other]
        rounds = 0
        ending: list[IntArray] = []  # games whose END_TURN waits for the end of the loop
        while todo.size:
            j = rounds % BLOCK
            if j == 0:
                first = streams.count[todo] + np.uint64(2 * rounds)
                draws = streams.block(todo, first, 2 * BLOCK).reshape(todo.size, BLOCK, 2)
                rows = np.arange(todo.size)
            self._random_round(todo, draws[rows, j], ending)
            rounds += 1
            decider = self.decider[todo]
            going = decider >= 0 if other is None else decider == other
            if not going.all():
                streams.count[todo[~going]] += np.uint64(2 * rounds)
                todo, rows = todo[going], rows[going]
        if ending:  # nothing acts in these games after their END_TURN: apply them at once
            ends = np.concatenate(ending)
            self._end_turn(ends, ends)

    def _random_round(self, g: IntArray, u: FloatArray, ending: list[IntArray]) -> None:
        """One decision of each game of ``g`` (two after a SELECT), uniformly random; the
        games that end their turn are added to ``ending``."""
        phase = self.phase[g]
        idle = (phase == IDLE).nonzero()[0]
        if idle.size:
            self._random_idle(g[idle], u[idle, 0], ending)
            phase = self.phase[g]
        act = (phase == ACTIVE).nonzero()[0]
        if act.size:
            ga = g[act]
            actions = sample_ranked(self.active_legal(ga), u[act, 1]) + STOP
            self._record(ga, actions)
            self._dispatch(ga, actions, self.t.op[ACTIVE][actions])
        if act.size < g.size:
            rest = self.t.targets_phase[phase].nonzero()[0]
            if rest.size:  # Displace and Setup: through the full mask
                self.random_step(g[rest], u[rest, 1])

    def _random_idle(self, g: IntArray, u: FloatArray, ending: list[IntArray]) -> None:
        """Idle: rank 0 (of END_TURN and the unactivated slots, in id order) ends the turn,
        rank r selects the r-th unactivated slot; as ``sample_ranked`` on the mask. An
        ending game leaves the random player's loop (its decider is set to ``ENDING``) and
        joins ``ending``."""
        bits = self.activated[g]
        rank = (u * self.t.free_count[bits]).astype(I64)
        pick = rank.nonzero()[0]
        if pick.size:
            selects = self.t.select_ranked[bits[pick], rank[pick]]
            self._record(g[pick], selects)
            self._select(g[pick], selects)
        if pick.size < g.size:
            ends = g[rank == 0]
            self._record(ends, np.zeros(ends.size, I64))
            self.decider[ends] = ENDING
            ending.append(ends)

    # --- applying actions ---------------------------------------------------------------
    def _step(self, idx: IntArray, actions: IntArray) -> None:
        """Dispatch each game's action to the rule of its kind (``OP_`` codes by phase and
        action id)."""
        self._dispatch(idx, actions, self.t.op[self.phase[idx], actions])

    def _dispatch(self, idx: IntArray, actions: IntArray, codes: IntArray) -> None:
        """Apply each group of games with the same ``OP_`` code; the groups are disjoint, so
        their order does not matter. Code 0 (not legal in the phase) raises."""
        order = codes.argsort(kind="stable")
        bounds = codes[order].searchsorted(self.t.op_codes)
        if bounds[1] > 0:
            j = int(order[0])
            raise IllegalActionError(
                f"game {int(idx[j])}: action {int(actions[j])} is illegal in phase "
                f"{int(self.phase[idx[j]])}"
            )
        for code, apply in self._ops:
            lo, hi = bounds[code], bounds[code + 1]
            if hi > lo:
                sel = order[lo:hi]
                apply(idx[sel], actions[sel])

    def _select(self, g: IntArray, action: IntArray) -> None:
        """Idle: SELECT activates the unit (AF-R6), lifting it off the board while it moves
        (AF-R9); a new square visit begins (AF-R22)."""
        t = self.t
        slot = action - SELECT_BASE
        unit = t.unit_of[self.mover[g], slot]
        self.activated[g] |= t.slot_bit[slot]
        self.active[g] = unit
        self.flags[g] = False
        self.board[g, self.pos[g, unit]] = NO
        self.phase[g] = ACTIVE

    def _stop(self, g: IntArray, action: IntArray) -> None:
        """STOP: the unit rests on its square again; back to Idle."""
        unit = self.active[g]
        self.board[g, self.pos[g, unit]] = unit
        self.active[g] = NO
        self.flags[g] = False
        self.phase[g] = IDLE

    def _step_to(self, g: IntArray, action: IntArray) -> None:
        """STEP: one point of the kind's pool (AF-R5, AF-R7); a new square visit (AF-R22);
        entering an enemy's square is an attack, then the Displace phase (AF-R11, AF-R13)."""
        t = self.t
        unit = self.active[g]
        target = t.neigh[self.pos[g, unit], action - STEP_N]
        self.pools[g, t.kind[unit]] -= 1
        self.pos[g, unit] = target
        self.flags[g, 1:] = False
        occupant = self.board[g, target]
        attack = t.enemy[unit, occupant]
        if _any(attack):
            hit = g[attack]
            self.attacked[hit] = True
            self.victim[hit] = occupant[attack]
            self.phase[hit] = DISPLACE

    def _pick_up(self, g: IntArray, action: IntArray) -> None:
        """PICK_UP: the pig takes the loose pile from its square (AF-R19)."""
        pile = action - self.t.pick_base
        self.pile_carrier[g, pile] = self.active[g]
        self.pile_cell[g, pile] = NO
        self.picked[g] = True

    def _drop(self, g: IntArray, action: IntArray) -> None:
        """DROP: the pig puts its pile on its square (AF-R20)."""
        unit = self.active[g]
        pile = (self.pile_carrier[g, 1] == unit).astype(I64)
        self.pile_carrier[g, pile] = NO
        self.pile_cell[g, pile] = self.pos[g, unit]
        self.dropped[g] = True

    def _displace(self, g: IntArray, action: IntArray) -> None:
        """AF-R14 … AF-R16: send the victim to the chosen square; the feed it carries goes to
        an attacking pig carrying nothing, else drops on the combat square."""
        cell = action - self.t.target_base
        attacker, victim = self.active[g], self.victim[g]
        combat = self.pos[g, attacker]
        carrier = self.pile_carrier[g]
        taker = self.t.is_pig[attacker] & ~(carrier == attacker[:, None]).any(axis=1)
        self.board[g, combat] = NO
        self.board[g, cell] = victim
        self.pos[g, victim] = cell
        self.victim[g] = NO
        self.phase[g] = ACTIVE
        for k in (0, 1):
            lost = carrier[:, k] == victim
            if _any(lost):
                taken = lost & taker
                self.pile_carrier[g[taken], k] = attacker[taken]  # AF-R16
                dropped = lost & ~taker
                self.pile_carrier[g[dropped], k] = NO  # AF-R15, AF-R16
                self.pile_cell[g[dropped], k] = combat[dropped]

    def _place(self, g: IntArray, action: IntArray) -> None:
        """AF-R2: place the next piece of the setup sequence; after the last, play starts."""
        t = self.t
        cell = action - t.target_base
        step = self.setup_step[g]
        unit = t.seq_unit[step]
        feed = unit < 0
        if _any(feed):
            self.pile_cell[g[feed], t.seq_player[step[feed]]] = cell[feed]
        piece = ~feed
        if _any(piece):
            gp, up, cp = g[piece], unit[piece], cell[piece]
            self.pos[gp, up] = cp
            self.board[gp, cp] = up
        self.setup_step[g] = step + 1
        self.decider[g] = t.seq_player[step + 1] ^ self.p1_seat[g]
        done = step + 1 == t.setup_len
        if _any(done):
            self._start_play(g[done])

    def _end_turn(self, g: IntArray, action: IntArray) -> None:
        """AF-R23 win check, then the AF-R24 draw checks, then the opponent's turn with full
        pools (AF-R5). The reference checks the mover first; both piles lie in at most one
        base, so at most one player qualifies and the order cannot matter."""
        t, cfg = self.t, self.cfg
        ply = self.ply[g] + 1
        self.ply[g] = ply
        cells, carrier = self._pile_locations(g)
        pair = cells[:, 0] * t.cells_all + cells[:, 1]
        player = t.pair_home[pair]  # both piles in this player's base (-1: no one's)
        if _any(player >= 0):
            own = (carrier < 0) | (t.owner[carrier] == player[:, None])  # AF-R23: own pigs
            won = (player >= 0) & own[:, 0] & own[:, 1]
            if _any(won):
                w = won.nonzero()[0]
                self._finish(g[w], player[w])
                keep = (~won).nonzero()[0]
                g, pair, ply = g[keep], pair[keep], ply[keep]
        zones = t.pair_zones[pair]
        progress = np.where(zones == self.start_zones[g], self.no_progress[g] + 1, 0)
        self.no_progress[g] = progress
        draw = ply >= cfg.max_plies
        if cfg.no_progress_plies:
            draw |= progress >= cfg.no_progress_plies
        if _any(draw):
            self._finish(g[draw], DRAW)
            go = (~draw).nonzero()[0]
            g, zones = g[go], zones[go]
        self.start_zones[g] = zones
        self.mover[g] ^= 1
        self.decider[g] = self.mover[g] ^ self.p1_seat[g]
        self.pools[g] = t.pool_size
        self.activated[g] = 0

    def _finish(self, g: IntArray, result: Any) -> None:
        self.result[g] = result
        self.phase[g] = OVER
        self.decider[g] = TERMINAL

    def _pile_locations(self, g: IntArray) -> tuple[IntArray, IntArray]:
        """(cell of each pile, loose or its carrier's; carrier) per game, shapes ``(M, 2)``."""
        carrier = self.pile_carrier.take(g, axis=0)
        where = self.pos[g[:, None], carrier]  # carrier -1 reads a unit; masked below
        return np.where(carrier >= 0, where, self.pile_cell.take(g, axis=0)), carrier

    def _pile_zones(self, g: IntArray) -> IntArray:
        """Zones of F1 and F2 as ``zone1 * 3 + zone2`` (AF-R24)."""
        cells, _ = self._pile_locations(g)
        return self.t.pair_zones[cells[:, 0] * self.t.cells_all + cells[:, 1]]

    # --- views --------------------------------------------------------------------------
    def _write_tensors(self, idx: IntArray, seats: IntArray, out: Any, reuse: bool) -> None:
        self.tensors.write(idx, seats, out, reuse)

    _SCALARS = ("phase", "p1_seat", "setup_step", "mover", "active", "victim", "ply")
    _COUNTERS = ("no_progress", "start_zones", "result", "activated")
    _FLAGS = ("attacked", "picked", "dropped")
    _LISTS = ("pools", "pos", "pile_cell", "pile_carrier")

    def to_state(self, i: int) -> AnimalFarmRules:
        """The reference state of game ``i``, its fields set directly."""
        game: Any = self.game
        s: AnimalFarmRules = game.state_class.empty(game, self.cfg)
        for name in self._SCALARS + self._COUNTERS:
            setattr(s, name, int(getattr(self, name)[i]))
        for name in self._FLAGS:
            setattr(s, name, bool(getattr(self, name)[i]))
        for name in self._LISTS:
            setattr(s, name, getattr(self, name)[i].tolist())
        s.board = self.board[i, : self.cfg.num_cells].tolist()
        return s

    def load_state(self, i: int, state: State) -> None:
        """Make game ``i`` the reference ``state`` (a test vector, say); its random stream
        stays as it was."""
        if not isinstance(state, AnimalFarmRules):
            raise TypeError(f"an Animal Farm state is needed, got {type(state).__name__}")
        for name in self._SCALARS + self._COUNTERS + self._FLAGS + self._LISTS:
            getattr(self, name)[i] = getattr(state, name)
        self.board[i, : self.cfg.num_cells] = state.board
        self.board[i, -1] = NO
        self.decider[i] = state.current_player()
