"""Animal Farm rules: ``AnimalFarmRules``, the position and every rule, and nothing else.

Rulings ``AF-R1`` … ``AF-R25`` are those of rules/animal_farm.md; the action encoding is in
``actions.py`` and every board, team and game-length value comes from the data files through
``config.py``. JSON positions and observations are ``position.py``'s, words ``words.py``'s.

Seats and players: a coin toss (a chance node, AF-R1) decides which seat is Player 1, unless the
``first_player`` parameter names the seat. Player 1 owns the base at the low rows, sets up first
and takes the first turn. Internally "player" 0/1 means Player 1/2; ``seat = player ^ p1_seat``.

Returns (AF-R23, AF-R24): the winner's seat +1 and the loser's -1; a draw or an unfinished game
gives 0 to both.
"""

from __future__ import annotations

from typing import Self

from farmstead.core.game import Game, PlayerId, State, TurnMark
from farmstead.games.animal_farm.actions import (
    DROP,
    END_TURN,
    PICK_UP_F1,
    PICK_UP_F2,
    SELECT_BASE,
    STEP_N,
    STEP_W,
    STOP,
)
from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import (
    ACTIVE,
    DISPLACE,
    DRAW,
    FEED,
    IDLE,
    NO,
    NO_RESULT,
    OVER,
    P1_WINS,
    P2_WINS,
    PIG,
    SETUP,
    TOSS,
)

Move = tuple[int, tuple[int, ...], int]
"""A move of ``AnimalFarmRules.moves``: (cell, path as STEP directions, attacked unit or NO)."""


class AnimalFarmRules(State):
    """One Animal Farm position and its rules.

    Flat, cheap-to-copy fields: ``pos[u]`` is unit ``u``'s cell (-1 before setup places it);
    ``board[cell]`` is the unit resting there (-1 none). The active unit is lifted off ``board``
    while it moves, so it may share a square with a friend it passes (AF-R9); after an attack
    the victim stays on ``board`` until the attacker sends it away. A feed pile ``k`` lies on
    ``pile_cell[k]`` or is carried by pig ``pile_carrier[k]`` (then ``pile_cell[k]`` is -1).
    """

    __slots__ = (
        "cfg",
        "phase",
        "p1_seat",
        "setup_step",
        "mover",
        "pools",
        "activated",
        "active",
        "attacked",
        "victim",
        "picked",
        "dropped",
        "ply",
        "no_progress",
        "start_zones",
        "result",
        "pos",
        "board",
        "pile_cell",
        "pile_carrier",
    )

    cfg: AnimalFarmConfig
    phase: int
    p1_seat: int  # the seat that is Player 1; -1 before the coin toss
    setup_step: int  # index into cfg.setup_sequence
    mover: int  # player whose turn it is (0 = Player 1)
    pools: list[int]  # points left this turn, by kind (pig, goat, horse) (AF-R5)
    activated: int  # bit per slot: units of the mover activated this turn (AF-R6)
    active: int  # the active unit, -1 in Idle
    attacked: bool  # the active unit has attacked: its path is over (AF-R13)
    victim: int  # the unit to displace (Displace phase), else -1
    picked: bool  # a pick-up happened in the current square visit (AF-R22)
    dropped: bool  # a drop happened in the current square visit (AF-R22)
    ply: int  # turns completed (setup excluded)
    no_progress: int  # consecutive turns in which no pile changed zone (AF-R24)
    start_zones: int  # zones of F1 and F2 when the turn began, as zone1 * 3 + zone2
    result: int
    pos: list[int]
    board: list[int]
    pile_cell: list[int]
    pile_carrier: list[int]

    # --- construction -------------------------------------------------------------------
    @classmethod
    def empty(cls, game: Game, config: AnimalFarmConfig) -> Self:
        """A blank position: before the coin toss, nothing placed, full pools."""
        s = cls.__new__(cls)
        State.__init__(s, game)
        s.cfg = config
        s.phase = TOSS
        s.p1_seat = NO
        s.setup_step = 0
        s.mover = 0
        s.pools = list(config.pool_size)
        s.activated = 0
        s.active = NO
        s.attacked = False
        s.victim = NO
        s.picked = False
        s.dropped = False
        s.ply = 0
        s.no_progress = 0
        s.start_zones = 0
        s.result = NO_RESULT
        s.pos = [NO] * config.num_units
        s.board = [NO] * config.num_cells
        s.pile_cell = [NO, NO]
        s.pile_carrier = [NO, NO]
        return s

    @classmethod
    def initial(cls, game: Game, config: AnimalFarmConfig) -> Self:
        """The coin toss (AF-R1), or when the ``first_player`` parameter names Player 1's seat
        the setup (AF-R2), or with the default setup the first turn (AF-R4)."""
        s = cls.empty(game, config)
        if config.first_player >= 0:
            s.p1_seat = config.first_player
            s.phase = SETUP
            s._after_toss()
        return s

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.game = self.game
        other._legal_cache = self._legal_cache  # never mutated in place, so safe to share
        other.cfg = self.cfg
        other.phase = self.phase
        other.p1_seat = self.p1_seat
        other.setup_step = self.setup_step
        other.mover = self.mover
        other.pools = self.pools[:]
        other.activated = self.activated
        other.active = self.active
        other.attacked = self.attacked
        other.victim = self.victim
        other.picked = self.picked
        other.dropped = self.dropped
        other.ply = self.ply
        other.no_progress = self.no_progress
        other.start_zones = self.start_zones
        other.result = self.result
        other.pos = self.pos[:]
        other.board = self.board[:]
        other.pile_cell = self.pile_cell[:]
        other.pile_carrier = self.pile_carrier[:]
        return other

    # --- who moves ---------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if IDLE <= phase <= DISPLACE:
            return self.mover ^ self.p1_seat
        if phase == SETUP:
            return self.cfg.setup_sequence[self.setup_step][0] ^ self.p1_seat
        if phase == TOSS:
            return PlayerId.CHANCE
        return PlayerId.TERMINAL

    def _turn_mark(self) -> TurnMark:
        """The coin toss is the setup; each player's placements are one turn (AF-R2); then
        the mover's turn, numbered by the turns completed (AF-R5)."""
        phase = self.phase
        if phase == TOSS:
            return TurnMark(0, None)
        if phase == SETUP:
            return TurnMark(0, self.cfg.setup_sequence[self.setup_step][0] ^ self.p1_seat)
        return TurnMark(self.ply + 1, self.mover ^ self.p1_seat)

    def returns(self) -> list[float]:
        """Winner +1, loser -1 by seat; draws and unfinished games 0 (module docstring)."""
        if self.result in (P1_WINS, P2_WINS):
            out = [-1.0, -1.0]
            out[self.result ^ self.p1_seat] = 1.0
            return out
        return [0.0, 0.0]

    def seat_of(self, player: int) -> int:
        """The seat of Player 1 (``player`` 0) or Player 2 (1); -1 before the coin toss."""
        return -1 if self.p1_seat < 0 else player ^ self.p1_seat

    def player_of(self, seat: int) -> int:
        """0 if ``seat`` is Player 1, 1 if Player 2; -1 before the coin toss."""
        return -1 if self.p1_seat < 0 else seat ^ self.p1_seat

    # --- facts the rules, views, renderers and heuristics share -------------------------
    def carried_pile(self, unit: int) -> int:
        """The pile ``unit`` carries, or -1."""
        carriers = self.pile_carrier
        if carriers[0] == unit:
            return 0
        if carriers[1] == unit:
            return 1
        return -1

    def pile_location(self, pile: int) -> int:
        """The cell where pile ``pile`` is (its carrier's cell when carried); -1 if unplaced."""
        carrier = self.pile_carrier[pile]
        return self.pos[carrier] if carrier >= 0 else self.pile_cell[pile]

    def qualifies(self, player: int) -> bool:
        """AF-R23: both piles lie in ``player``'s base, loose or carried by ``player``'s pigs."""
        cfg = self.cfg
        base = 2 * player
        for k in (0, 1):
            carrier = self.pile_carrier[k]
            if carrier >= 0:
                if cfg.unit_owner[carrier] != player:
                    return False
                cell = self.pos[carrier]
            else:
                cell = self.pile_cell[k]
            if cell < 0 or cfg.zone_of[cell] != base:
                return False
        return True

    def pile_zones(self) -> int:
        """Zones of F1 and F2 as ``zone1 * 3 + zone2`` (for the no-progress rule, AF-R24)."""
        zone_of = self.cfg.zone_of
        return zone_of[self.pile_location(0)] * 3 + zone_of[self.pile_location(1)]

    def can_finish(self, unit: int, start: int, points: int) -> bool:
        """AF-R10: from ``start`` (a friend's square) with ``points`` left, ``unit`` can reach a
        square without a unit, or step onto an enemy it may attack, passing friends only."""
        if points <= 0:
            return False
        cfg = self.cfg
        neighbours = cfg.neighbours
        allowed = cfg.unit_allowed[unit]
        board = self.board
        owner_of = cfg.unit_owner
        kind_of = cfg.unit_kind
        owner = owner_of[unit]
        attacks = cfg.can_attack[kind_of[unit]]
        seen = {start}
        frontier = [start]
        for _ in range(points):
            reached: list[int] = []
            for c in frontier:
                base = 4 * c
                for d in range(4):
                    t = neighbours[base + d]
                    if t < 0 or t in seen or not allowed[t]:
                        continue
                    occupant = board[t]
                    if occupant < 0:
                        return True
                    if owner_of[occupant] != owner:
                        if attacks[kind_of[occupant]]:
                            return True
                        continue
                    seen.add(t)
                    reached.append(t)
            if not reached:
                return False
            frontier = reached
        return False

    # --- actions ------------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        phase = self.phase
        cfg = self.cfg
        if phase == ACTIVE:
            return self._active_actions()
        if phase == IDLE:
            actions = [END_TURN]
            activated = self.activated
            for slot in range(cfg.num_slots):
                if not activated >> slot & 1:
                    actions.append(SELECT_BASE + slot)
            return actions
        base = cfg.actions.target_base
        board = self.board
        if phase == DISPLACE:
            # AF-R14: an empty square (no unit; a loose pile does not count) of the zone.
            return [base + c for c in cfg.displace_cells[self.victim] if board[c] < 0]
        # SETUP (AF-R3): the owner's start squares; units need a square without a unit.
        player, piece = cfg.setup_sequence[self.setup_step]
        if piece == FEED:
            return [base + c for c in cfg.feed_start_cells[player]]
        unit = player * cfg.num_slots + piece
        return [base + c for c in cfg.unit_start_cells[unit] if board[c] < 0]

    def _active_actions(self) -> list[int]:
        cfg = self.cfg
        unit = self.active
        at = self.pos[unit]
        board = self.board
        actions: list[int] = []
        if board[at] < 0:  # AF-R9: an activation ends on a square without another unit
            actions.append(STOP)
        kind = cfg.unit_kind[unit]
        points = self.pools[kind]
        if not self.attacked and points > 0:  # AF-R13: an attack ends the path
            neighbours = cfg.neighbours
            allowed = cfg.unit_allowed[unit]
            owner = cfg.unit_owner[unit]
            base = 4 * at
            for d in range(4):
                t = neighbours[base + d]
                if t < 0 or not allowed[t]:  # AF-R7 edge, AF-R8 zones
                    continue
                occupant = board[t]
                if occupant < 0:
                    actions.append(STEP_N + d)
                elif cfg.unit_owner[occupant] != owner:
                    if cfg.can_attack[kind][cfg.unit_kind[occupant]]:  # AF-R11, AF-R12
                        actions.append(STEP_N + d)
                elif self.can_finish(unit, t, points - 1):  # AF-R9, AF-R10
                    actions.append(STEP_N + d)
        if kind == PIG:
            carriers = self.pile_carrier
            carrying = carriers[0] == unit or carriers[1] == unit
            if not carrying:
                if not self.picked:  # AF-R19, AF-R22
                    cells = self.pile_cell
                    if carriers[0] < 0 and cells[0] == at:
                        actions.append(PICK_UP_F1)
                    if carriers[1] < 0 and cells[1] == at:
                        actions.append(PICK_UP_F2)
            elif not self.dropped:  # AF-R20, AF-R22
                actions.append(DROP)
        return actions

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        # AF-R1: a fair coin decides which seat is Player 1.
        return [(0, 0.5), (1, 0.5)]

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == ACTIVE:
            self._apply_active(action)
        elif phase == IDLE:
            if action == END_TURN:
                self._end_turn()
            else:
                slot = action - SELECT_BASE
                unit = self.mover * self.cfg.num_slots + slot
                self.activated |= 1 << slot
                self.active = unit
                self.attacked = False
                self.picked = False
                self.dropped = False
                self.board[self.pos[unit]] = -1
                self.phase = ACTIVE
        elif phase == DISPLACE:
            self._displace(action - self.cfg.actions.target_base)
        elif phase == SETUP:
            self._place(action - self.cfg.actions.target_base)
        else:  # TOSS
            self.p1_seat = action
            self.phase = SETUP
            self._after_toss()

    def _apply_active(self, action: int) -> None:
        unit = self.active
        if action == STOP:
            self.board[self.pos[unit]] = unit
            self.active = -1
            self.attacked = False
            self.picked = False
            self.dropped = False
            self.phase = IDLE
        elif action <= STEP_W:
            cfg = self.cfg
            t = cfg.neighbours[4 * self.pos[unit] + action - STEP_N]
            self.pools[cfg.unit_kind[unit]] -= 1
            self.pos[unit] = t
            self.picked = False  # a new square visit begins (AF-R22)
            self.dropped = False
            occupant = self.board[t]
            if occupant >= 0 and cfg.unit_owner[occupant] != cfg.unit_owner[unit]:
                self.attacked = True  # AF-R11, AF-R13
                self.victim = occupant
                self.phase = DISPLACE
        elif action == DROP:
            pile = self.carried_pile(unit)
            self.pile_carrier[pile] = -1
            self.pile_cell[pile] = self.pos[unit]
            self.dropped = True
        else:  # PICK_UP
            pile = action - PICK_UP_F1
            self.pile_carrier[pile] = unit
            self.pile_cell[pile] = -1
            self.picked = True

    def _displace(self, cell: int) -> None:
        """AF-R14 … AF-R16: send the victim to ``cell`` and settle the feed it carries."""
        attacker = self.active
        victim = self.victim
        combat = self.pos[attacker]
        self.board[combat] = -1
        self.board[cell] = victim
        self.pos[victim] = cell
        self.victim = -1
        self.phase = ACTIVE
        pile = self.carried_pile(victim)
        if pile >= 0:
            if self.cfg.unit_kind[attacker] == PIG and self.carried_pile(attacker) < 0:
                self.pile_carrier[pile] = attacker  # AF-R16: the attacking pig takes it
            else:
                self.pile_carrier[pile] = -1  # AF-R15, AF-R16: it drops on the combat square
                self.pile_cell[pile] = combat

    def _place(self, cell: int) -> None:
        """AF-R2: place the next piece of the setup sequence on ``cell``."""
        cfg = self.cfg
        player, piece = cfg.setup_sequence[self.setup_step]
        if piece == FEED:
            self.pile_cell[player] = cell
        else:
            unit = player * cfg.num_slots + piece
            self.pos[unit] = cell
            self.board[cell] = unit
        self.setup_step += 1
        if self.setup_step == len(cfg.setup_sequence):
            self._start_play()

    def _after_toss(self) -> None:
        """With the default setup (AF-R4) both sides are placed at once; else setup begins."""
        cfg = self.cfg
        if cfg.manual_setup:
            return
        for unit, cell in enumerate(cfg.default_units):
            self.pos[unit] = cell
            self.board[cell] = unit
        self.pile_cell[0], self.pile_cell[1] = cfg.default_piles
        self.setup_step = len(cfg.setup_sequence)
        self._start_play()

    def _start_play(self) -> None:
        self.phase = IDLE
        self.mover = 0
        self.pools = list(self.cfg.pool_size)
        self.activated = 0
        self.start_zones = self.pile_zones()

    def _end_turn(self) -> None:
        """AF-R23 win check (mover first), then AF-R24 draw checks, then the opponent's turn."""
        cfg = self.cfg
        self.ply += 1
        mover = self.mover
        for player in (mover, 1 - mover):
            if self.qualifies(player):
                self.result = player
                self.phase = OVER
                return
        zones = self.pile_zones()
        self.no_progress = self.no_progress + 1 if zones == self.start_zones else 0
        if self.ply >= cfg.max_plies or (
            cfg.no_progress_plies and self.no_progress >= cfg.no_progress_plies
        ):
            self.result = DRAW
            self.phase = OVER
            return
        self.start_zones = zones
        self.mover = 1 - mover
        self.pools = list(cfg.pool_size)
        self.activated = 0

    # --- public facts the views need ----------------------------------------------------
    def turn_player(self) -> int:
        """The player deciding now: the one placing a piece during the setup, else the mover."""
        if self.phase == SETUP:
            return self.cfg.setup_sequence[self.setup_step][0]
        return self.mover

    def mover_reach(self) -> list[tuple[int, int, list[Move]]]:
        """For each unit of the mover that may still move this turn (Idle and Active phases):
        (unit, points of its kind's pool, its ``moves``). The active unit comes first, with the
        points left and no moves after an attack (AF-R13); the other unactivated units
        (AF-R6) are listed as if the active unit stopped where it stands, and only when it may
        stop there (AF-R9)."""
        phase = self.phase
        if phase != IDLE and phase != ACTIVE:
            return []
        cfg = self.cfg
        board = self.board
        out: list[tuple[int, int, list[Move]]] = []
        active = self.active
        if phase == ACTIVE:
            points = self.pools[cfg.unit_kind[active]]
            out.append((active, points, [] if self.attacked else self.moves(active, points, board)))
            if board[self.pos[active]] >= 0:
                return out  # the active unit cannot stop here, so no other unit can be chosen
            board = board[:]
            board[self.pos[active]] = active
        n = cfg.num_slots
        for slot in range(n):
            unit = self.mover * n + slot
            if unit == active or self.activated >> slot & 1:
                continue
            points = self.pools[cfg.unit_kind[unit]]
            out.append((unit, points, self.moves(unit, points, board)))
        return out

    def moves(self, unit: int, points: int, board: list[int]) -> list[Move]:
        """Every square ``unit`` can end a path on with ``points`` steps, and every enemy it can
        attack, each once with a shortest path that is legal step by step, in breadth-first
        order. ``board`` holds the resting units; ``unit`` itself is ignored on it."""
        cfg = self.cfg
        start = self.pos[unit]
        neighbours = cfg.neighbours
        allowed = cfg.unit_allowed[unit]
        owner_of = cfg.unit_owner
        kind_of = cfg.unit_kind
        owner = owner_of[unit]
        attacks = cfg.can_attack[kind_of[unit]]
        paths: dict[int, tuple[int, ...]] = {start: ()}
        moves: list[Move] = []
        attacked: set[int] = set()
        frontier = [start]
        # A friend's square is passed (AF-R9); an enemy square ends the path as an attack when
        # the chart allows it (AF-R11, AF-R12) and blocks otherwise; zones and the board's edge
        # limit every step (AF-R7, AF-R8).
        for _ in range(points):
            reached: list[int] = []
            for c in frontier:
                path = paths[c]
                for d in range(4):
                    t = neighbours[4 * c + d]
                    if t < 0 or not allowed[t] or t in paths:
                        continue
                    occupant = board[t]
                    if occupant == unit:
                        occupant = NO
                    if occupant >= 0 and owner_of[occupant] != owner:
                        if attacks[kind_of[occupant]] and t not in attacked:
                            attacked.add(t)
                            moves.append((t, (*path, d), occupant))
                        continue
                    paths[t] = (*path, d)
                    reached.append(t)
                    if occupant < 0:
                        moves.append((t, paths[t], NO))
            if not reached:
                break
            frontier = reached
        return moves
