"""Animal Farm: the Game and State classes, the only place the rules live.

Rulings ``AF-R1`` … ``AF-R25`` are those of rules/animal_farm.md; the action encoding is in
``actions.py`` and every board, team and game-length value comes from the data files through
``config.py``.

Seats and players: a coin toss (a chance node, AF-R1) decides which seat is Player 1, unless the
``first_player`` parameter names the seat. Player 1 owns the base at the low rows, sets up first
and takes the first turn. Internally "player" 0/1 means Player 1/2; ``seat = player ^ p1_seat``.

Returns (AF-R23, AF-R24): the winner's seat +1 and the loser's -1; a draw or an unfinished game
gives 0 to both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from farmstead.core.errors import IllegalActionError, InvalidPositionError
from farmstead.core.game import (
    JSON,
    Game,
    GameInfo,
    GameType,
    PlayerId,
    State,
    check_seat,
)
from farmstead.games.animal_farm import position
from farmstead.games.animal_farm.actions import (
    DIRECTIONS,
    DROP,
    END_TURN,
    PICK_UP_F1,
    PICK_UP_F2,
    SELECT_BASE,
    STEP_N,
    STEP_W,
    STOP,
)
from farmstead.games.animal_farm.config import (
    ACTIVE,
    DATA_FILES,
    DATA_PACKAGE,
    DISPLACE,
    DRAW,
    FEED,
    IDLE,
    NO_RESULT,
    OVER,
    P1_WINS,
    P2_WINS,
    PIG,
    PILE_NAMES,
    PLAYER_NAMES,
    RESULT_NAMES,
    SETUP,
    TOSS,
    AnimalFarmConfig,
    build_config,
    param_specs,
)
from farmstead.games.animal_farm.display import display_facts


class AnimalFarmState(State):
    """One Animal Farm position.

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

    def __init__(self, game: AnimalFarmGame) -> None:
        super().__init__(game)
        cfg = game.config
        self.cfg = cfg
        self.p1_seat = cfg.first_player
        self.setup_step = 0
        self.mover = 0
        self.pools = list(cfg.pool_size)
        self.activated = 0
        self.active = -1
        self.attacked = False
        self.victim = -1
        self.picked = False
        self.dropped = False
        self.ply = 0
        self.no_progress = 0
        self.start_zones = 0
        self.result = NO_RESULT
        self.pos = [-1] * cfg.num_units
        self.board = [-1] * cfg.num_cells
        self.pile_cell = [-1, -1]
        self.pile_carrier = [-1, -1]
        if cfg.first_player < 0:
            self.phase = TOSS
        else:
            self.phase = SETUP
            self._after_toss()

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

    # --- facts the rules, renderers and heuristics share ----------------------------------
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

    # --- words and JSON for actions -----------------------------------------------------
    def unit_label(self, unit: int) -> str:
        """A unit in words, e.g. ``P1 pig 2``."""
        return self.cfg.unit_name(unit).replace("-", " ")

    def _turn_player(self) -> int:
        if self.phase == SETUP:
            return self.cfg.setup_sequence[self.setup_step][0]
        return self.mover

    def action_to_string(self, action: int) -> str:
        cfg = self.cfg
        if self.phase == TOSS:
            if action in (0, 1):
                return f"coin toss: seat {action} is Player 1 (sets up and moves first)"
            return f"coin toss outcome {action} (invalid: outcomes are 0 and 1)"
        try:
            kind, arg = cfg.actions.decode(action)
        except ValueError:
            return f"invalid action id {action} (ids are 0..{cfg.actions.size - 1})"
        if kind == "END_TURN":
            return "end the turn"
        if kind == "STOP":
            return "stop the active unit"
        if kind == "DROP":
            return "drop the carried feed pile"
        if kind == "PICK_UP":
            return f"pick up Player {arg + 1}'s feed pile ({PILE_NAMES[arg]})"
        if kind == "SELECT":
            return f"select {self.unit_label(self._turn_player() * cfg.num_slots + arg)}"
        if kind == "STEP":
            text = f"step {DIRECTIONS[arg]}"
            if self.phase == ACTIVE:
                t = cfg.neighbours[4 * self.pos[self.active] + arg]
                if t >= 0:
                    text += " to ({}, {})".format(*cfg.xy(t))
                    occupant = self.board[t]
                    if occupant >= 0 and cfg.unit_owner[occupant] != self.mover:
                        text += f", attacking {self.unit_label(occupant)}"
            return text
        where = "({}, {})".format(*cfg.xy(arg))
        if self.phase == SETUP:
            player, piece = cfg.setup_sequence[self.setup_step]
            if piece == FEED:
                return f"place {PLAYER_NAMES[player]}'s feed pile at {where}"
            return f"place {self.unit_label(player * cfg.num_slots + piece)} at {where}"
        if self.phase == DISPLACE:
            return f"send {self.unit_label(self.victim)} to {where}"
        return f"target {where}"

    def action_to_json(self, action: int) -> JSON:
        cfg = self.cfg
        if self.phase == TOSS:
            if action not in (0, 1):
                raise IllegalActionError(f"coin toss outcome {action} is not 0 or 1")
            return {"type": "COIN_TOSS", "player1_seat": action}
        try:
            kind, arg = cfg.actions.decode(action)
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from None
        if kind == "STEP":
            return {"type": "STEP", "dir": DIRECTIONS[arg]}
        if kind == "PICK_UP":
            return {"type": "PICK_UP", "pile": PILE_NAMES[arg]}
        if kind == "SELECT":
            unit = self._turn_player() * cfg.num_slots + arg
            return {"type": "SELECT", "slot": arg, "unit": cfg.unit_name(unit)}
        if kind == "TARGET":
            return {"type": "TARGET", "to": list(cfg.xy(arg))}
        return {"type": kind}

    def action_from_json(self, doc: JSON) -> int:
        cfg = self.cfg
        if not isinstance(doc, Mapping) or not isinstance(doc.get("type"), str):
            raise IllegalActionError(f"an action is a JSON object with a 'type'; got {doc!r}")
        kind = doc["type"]
        if self.phase == TOSS:
            seat = doc.get("player1_seat")
            if kind != "COIN_TOSS" or isinstance(seat, bool) or seat not in (0, 1):
                raise IllegalActionError(
                    'at the coin toss the action is {"type": "COIN_TOSS", "player1_seat": 0 or 1}'
                )
            return int(seat)
        if kind in ("END_TURN", "STOP", "DROP"):
            return {"END_TURN": END_TURN, "STOP": STOP, "DROP": DROP}[kind]
        if kind == "STEP":
            direction = doc.get("dir")
            if direction not in DIRECTIONS:
                raise IllegalActionError(f"STEP needs 'dir' among {', '.join(DIRECTIONS)}")
            return STEP_N + DIRECTIONS.index(direction)
        if kind == "PICK_UP":
            pile = doc.get("pile")
            if pile not in PILE_NAMES:
                raise IllegalActionError(f"PICK_UP needs 'pile' among {', '.join(PILE_NAMES)}")
            return PICK_UP_F1 + PILE_NAMES.index(pile)
        if kind == "SELECT":
            return self._select_from_json(doc)
        if kind == "TARGET":
            to = doc.get("to")
            if (
                not isinstance(to, list | tuple)
                or len(to) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in to)
                or not cfg.on_board(to[0], to[1])
            ):
                raise IllegalActionError(
                    f"TARGET needs 'to': [x, y] on the {cfg.width} x {cfg.height} board; got {to!r}"
                )
            return cfg.actions.target(cfg.cell(to[0], to[1]))
        raise IllegalActionError(
            f"unknown action type {kind!r}; valid types: "
            "END_TURN, STOP, STEP, PICK_UP, DROP, SELECT, TARGET"
        )

    def _select_from_json(self, doc: Mapping[str, Any]) -> int:
        cfg = self.cfg
        given = doc.get("slot")
        name = doc.get("unit")
        if given is None and name is None:
            raise IllegalActionError("SELECT needs 'slot' or 'unit'")
        if given is not None and (
            isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < cfg.num_slots
        ):
            raise IllegalActionError(f"SELECT 'slot' must be 0..{cfg.num_slots - 1}; got {given!r}")
        slot: int = -1 if given is None else given
        if name is not None:
            unit = cfg.unit_by_name(name)
            player = self._turn_player()
            if unit < 0 or cfg.unit_owner[unit] != player:
                names = [cfg.unit_name(player * cfg.num_slots + s) for s in range(cfg.num_slots)]
                raise IllegalActionError(
                    f"SELECT 'unit' must be one of {', '.join(names)}; got {name!r}"
                )
            if given is not None and slot != unit % cfg.num_slots:
                raise IllegalActionError(f"SELECT 'slot' {slot} and 'unit' {name!r} disagree")
            slot = unit % cfg.num_slots
        return cfg.actions.select(slot)

    # --- views --------------------------------------------------------------------------
    def observation(self, seat: int | None) -> JSON:
        """The whole position (AF-R25: nothing is hidden), who is looking, and public facts
        derived from the position for displays (``display.display_facts``)."""
        check_seat(self.game, seat)
        doc = self.to_json()
        doc["seat"] = seat
        doc["you"] = (
            None if seat is None or self.p1_seat < 0 else PLAYER_NAMES[self.player_of(seat)]
        )
        doc["display"] = display_facts(self, seat)
        return doc

    def to_json(self) -> JSON:
        return position.encode(self)

    def clone(self) -> AnimalFarmState:
        other = object.__new__(AnimalFarmState)
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


class AnimalFarmGame(Game):
    """Animal Farm for 2 players (rules/animal_farm.md)."""

    type = GameType(
        name="animal_farm",
        long_name="Animal Farm",
        description="2-player raid for the feed piles: pigs, goats and horses on a zoned grid",
        min_players=2,
        max_players=2,
        has_chance=True,
        perfect_information=True,
        params=param_specs(),
        rules_spec="rules/animal_farm.md",
        data_package=DATA_PACKAGE,
        data_files=DATA_FILES,
        proposed_note=(
            "No published board is known: the board size, zones, horse start rows, default "
            "setup, setup order and the draw limit are proposed."
        ),
    )

    config: AnimalFarmConfig

    def _setup(self) -> None:
        self.config = build_config(self._params)
        self._info = GameInfo(
            num_players=2,
            num_distinct_actions=self.config.actions.size,
            max_chance_outcomes=2,
            max_game_length=self.config.max_game_length,
            min_utility=-1.0,
            max_utility=1.0,
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    def new_initial_state(self) -> AnimalFarmState:
        return AnimalFarmState(self)

    def state_from_json(self, doc: JSON) -> AnimalFarmState:
        self.check_position_header(doc)
        state = AnimalFarmState(self)
        position.decode_into(state, doc)
        _check_consistency(state)
        return state


def _check_consistency(state: AnimalFarmState) -> None:
    """Rule-level checks of a decoded position: the result and a playable next decision."""
    if state.phase == OVER:
        if state.result in (P1_WINS, P2_WINS):
            if not state.qualifies(state.result):
                raise InvalidPositionError(
                    f"result {RESULT_NAMES[state.result]} but that player does not have both "
                    "feed piles in its base (AF-R23)"
                )
        else:
            cfg = state.cfg
            if state.qualifies(0) or state.qualifies(1):
                raise InvalidPositionError("result draw but a player has both feed piles (AF-R23)")
            if state.ply < cfg.max_plies and not (
                cfg.no_progress_plies and state.no_progress >= cfg.no_progress_plies
            ):
                raise InvalidPositionError(
                    "result draw before the ply limit or the no-progress limit (AF-R24)"
                )
        return
    if state.phase != TOSS and not state._legal_actions():
        what = state.unit_label(state.active) if state.active >= 0 else "the player to move"
        raise InvalidPositionError(f"{what} has no legal action (AF-R9, AF-R10)")
