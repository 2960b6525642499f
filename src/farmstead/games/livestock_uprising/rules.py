"""Livestock Uprising: the rules (rules/livestock_uprising.md; rulings LU-R1 … LU-R101 cited
inline).

``LURules`` is the position and the rules over it; ``game.LUState`` adds the protocol's views
(``position``, ``words``). Position layout (flat lists, cheap to clone):

* ``tiles``: per cell of the final grid, its tile type, ``BARN + seat`` for a barn, or ``NO``
  while setup has not drawn it. ``barn``: per seat, its barn cell.
* Pieces: a piece id is ``4 * seat + slot`` (slots 0-2 the Generals with 1-3 Stars, 3 the Super
  Army). ``pos``: per piece, its cell or ``NO`` (not on the board: destroyed, merged into the
  Super Army, or not formed). ``units``: per piece, its battalion as a tuple of unit types.
  ``occ``: per cell, one piece on it or ``NO`` (several Generals may share their own barn).
* ``tokens``: 5 per seat; ``supply``: the token supply; ``troops``: the troop supply per type;
  ``sf``: per unit type, for Special Forces, 0 in reserve, 1 in play, 2 removed (LU-R56).
* Cards: ``hands`` (Command cards per seat), ``plans`` (a Battle Plans card per seat or NO),
  ``played`` (public, in order), ``gone`` (left the game unplayed: (card, owner, by)),
  ``known``: per (viewer, owner), the owner's hidden cards the viewer has seen (Espionage).
* Effects: ``fortified`` per piece, ``shield`` per seat, ``scorched`` per cell (the seat whose
  Scorched Earth holds it), all until the start of that seat's next turn (LU-R23);
  ``lost`` per seat: turns owed for joining attacks (LU-R93).
* ``turn``: the active seat's turn-local facts (``Turn``); ``battle``: the battle being fought
  (``Battle``); ``card``: the card whose follow-up choices are being made (``CardPlay``);
  ``ambush``: seats still to be asked about an Ambush (LU-R77 ENEMY_MOVE_END).

Prompt hygiene (LU §3; prompts never reveal a card): a card window or a harvest
decision is offered to a seat whenever it holds any hidden card at all (a public count),
whether or not one of them could be played, so that the existence and order of prompts depend
on public facts only.
"""

from __future__ import annotations

from typing import Any, Self

from farmstead.core.errors import SamplingError
from farmstead.core.game import Game, State, TurnMark
from farmstead.core.phases import PhasedState
from farmstead.core.rng import Rng
from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.combat import automatic_result, compare, side_roll
from farmstead.games.livestock_uprising.config import LUConfig
from farmstead.games.livestock_uprising.grid import chebyshev
from farmstead.games.livestock_uprising.layout import (
    ACTION,
    AMBUSH,
    ATTACKER_WINS,
    BARN,
    CANCELLED,
    CARD_TARGET,
    CASUALTY,
    CHANCE_PHASES,
    CHOOSE_FACTION,
    DEAL,
    DEFENDER_WINS,
    DRAW_FILL,
    DRAW_PLAN,
    DRAW_START,
    FIRST_PLAYER,
    FORMING,
    GENERALS,
    HARVEST,
    JOIN,
    KEEP,
    MARSHAL,
    MARSHAL_TARGET,
    MOVE,
    NO,
    OVER,
    PHASE_NAMES,
    PLACE_BARN,
    PLUNDER,
    POST_STEP,
    RETREAT,
    ROLL,
    SETUP_PHASES,
    SUPER_ARMY,
    TRANSFER,
    TRANSFER_TARGET,
    TRANSFER_UNIT,
    W_AFTER_WIN,
    W_BATTLE_POST_DICE,
    W_BATTLE_PRE,
    W_CASUALTY,
    W_OWN_ACTION,
    W_OWN_ANY,
    W_OWN_HARVEST,
    W_OWN_MARSHAL,
    W_OWN_TRANSFER,
    WINDOW,
)

READY, DONE = 0, 1  # a piece's action this turn
IN_RESERVE, IN_PLAY, REMOVED = 0, 1, 2  # a Special Forces card


# --- turn-local, battle and card-play records -----------------------------------------------
class Turn:
    """Facts of the active seat's turn (LU-R21 … LU-R37), reset when a turn starts."""

    __slots__ = (
        "acted",  # per slot: READY or DONE
        "started",  # per slot: the piece has started an action this turn (Forced March)
        "double",  # per slot: Double Time used on it
        "forced",  # per slot: Forced March on it
        "piece",  # the slot acting now, or NO
        "steps",  # steps taken in this action
        "limit",  # its step limit
        "attacks",  # attacks it may still make in this action
        "moved",  # it has taken a step that was not an attack
        "blitz",  # Blitzkrieg played
        "bumper",  # Bumper Crop's General slot, or NO
        "forage",  # Foraging Party's General slots
        "reinforce",  # Reinforcements' waived resource, or NO
        "transfers",  # transfers still allowed
        "rally",  # Rally played
        "chosen",  # MARSHAL/TRANSFER follow-ups: the unit type or source slot chosen
        "unit",  # TRANSFER_UNIT: the unit type chosen
        "recruits",  # units marshaled while forming a Super Army (LU-R80 step 1)
    )

    acted: list[int]
    started: list[bool]
    double: list[bool]
    forced: list[bool]
    piece: int
    steps: int
    limit: int
    attacks: int
    moved: bool
    blitz: bool
    bumper: int
    forage: list[bool]
    reinforce: int
    transfers: int
    rally: bool
    chosen: int
    unit: int
    recruits: list[int]

    def __init__(self, transfers: int) -> None:
        self.acted = [READY] * 4
        self.started = [False] * 4
        self.double = [False] * 4
        self.forced = [False] * 4
        self.piece = NO
        self.steps = 0
        self.limit = 0
        self.attacks = 0
        self.moved = False
        self.blitz = False
        self.bumper = NO
        self.forage = [False] * 4
        self.reinforce = NO
        self.transfers = transfers
        self.rally = False
        self.chosen = NO
        self.unit = NO
        self.recruits = []

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        t.acted = self.acted[:]
        t.started = self.started[:]
        t.double = self.double[:]
        t.forced = self.forced[:]
        t.piece = self.piece
        t.steps = self.steps
        t.limit = self.limit
        t.attacks = self.attacks
        t.moved = self.moved
        t.blitz = self.blitz
        t.bumper = self.bumper
        t.forage = self.forage[:]
        t.reinforce = self.reinforce
        t.transfers = self.transfers
        t.rally = self.rally
        t.chosen = self.chosen
        t.unit = self.unit
        t.recruits = self.recruits[:]
        return t


# Battle stages (LU-R38), in order.
(
    B_JOIN,
    B_PRE,
    B_CHECK,
    B_DICE,
    B_KEEP,
    B_POST,
    B_OUTCOME,
    B_MEDIC,
    B_CASUALTIES,
    B_DESTROY,
    B_POSITIONS,
    B_AFTER_WIN,
    B_PLUNDER,
    B_POST_STEP,
    B_END,
) = range(15)


class Battle:
    """One battle (LU §7): who fights, the cards and modifiers in play, dice and results."""

    __slots__ = (
        "attacker",  # piece id
        "defenders",  # piece ids (a barn group has several, LU-R88)
        "origin",  # the attacker's cell
        "target",  # the defender's cell
        "ambush",  # an Ambush battle (CC14)
        "barn",  # the target is a barn
        "joiners",  # joint attacking Super Armies (piece ids)
        "stage",
        "queue",  # seats still to decide at this stage (join, card windows)
        "a_mod",  # attack strength modifiers (Battle Cry, Siege Engines)
        "d_mod",  # defence-side strength modifiers (Battle Cry)
        "d_def",  # defence modifiers counting for No Defence (Hardened Hide, Fortify, Shield Wall)
        "duel",  # Duel of Champions: (attacker unit, defender piece, defender unit); NO unset
        "duel_on",  # Duel of Champions played
        "fortune",  # per side (0 attack, 1 defence): Fortune of War played
        "pincer",  # Pincer Movement played
        "a_dice",  # the attacking side's dice
        "d_dice",  # the defending side's dice
        "rolls",  # dice still to roll: (side, index)
        "keep",  # sides still to choose a die to set aside (Fortune of War)
        "outcome",  # NO until known, then ATTACKER_WINS, DEFENDER_WINS, TIE or CANCELLED
        "owed",  # casualties owed: [piece id or NO for a barn group, count] pairs
        "taken",  # casualties taken so far, as (piece id, unit type) pairs
        "plunder",  # tokens still to take, in order: [taker seat, from seat, count, raid]
        "destroyed",  # piece ids destroyed in this battle
        "stepped",  # the attacker took Egg Bomber's extra step
    )

    attacker: int
    defenders: list[int]
    origin: int
    target: int
    ambush: bool
    barn: bool
    joiners: list[int]
    stage: int
    queue: list[int]
    a_mod: int
    d_mod: int
    d_def: int
    duel: tuple[int, int, int]
    duel_on: bool
    fortune: list[bool]
    pincer: bool
    a_dice: list[int]
    d_dice: list[int]
    rolls: list[tuple[int, int]]
    keep: list[int]
    outcome: int
    owed: list[list[int]]
    taken: list[tuple[int, int]]
    plunder: list[list[Any]]
    destroyed: list[int]
    stepped: bool

    def copy(self) -> Battle:
        b = Battle.__new__(Battle)
        b.attacker = self.attacker
        b.defenders = self.defenders[:]
        b.origin = self.origin
        b.target = self.target
        b.ambush = self.ambush
        b.barn = self.barn
        b.joiners = self.joiners[:]
        b.stage = self.stage
        b.queue = self.queue[:]
        b.a_mod = self.a_mod
        b.d_mod = self.d_mod
        b.d_def = self.d_def
        b.duel = self.duel
        b.duel_on = self.duel_on
        b.fortune = self.fortune[:]
        b.pincer = self.pincer
        b.a_dice = self.a_dice[:]
        b.d_dice = self.d_dice[:]
        b.rolls = self.rolls[:]
        b.keep = self.keep[:]
        b.outcome = self.outcome
        b.owed = [pair[:] for pair in self.owed]
        b.taken = self.taken[:]
        b.plunder = [entry[:] for entry in self.plunder]
        b.destroyed = self.destroyed[:]
        b.stepped = self.stepped
        return b


class CardPlay:
    """A card whose follow-up choices are being made (LU-R100): who plays it, its effect code,
    the stage reached, small data, and the phase to go back to."""

    __slots__ = ("seat", "card", "effect", "stage", "data", "resume", "decider")

    seat: int
    card: int
    effect: str
    stage: int
    data: list[int]
    resume: int
    decider: int

    def copy(self) -> CardPlay:
        c = CardPlay.__new__(CardPlay)
        c.seat = self.seat
        c.card = self.card
        c.effect = self.effect
        c.stage = self.stage
        c.data = self.data[:]
        c.resume = self.resume
        c.decider = self.decider
        return c


class LURules(PhasedState):
    """One Livestock Uprising position and its rules; see the module docstring."""

    CHANCE_PHASES = CHANCE_PHASES
    OVER = OVER

    __slots__ = (
        "cfg", "phase", "active", "decider", "first", "round", "faction", "tiles", "barn",
        "pool", "deal_seat", "pos", "units", "occ", "tokens", "supply", "troops", "sf",
        "hands", "plans", "played", "gone", "known", "alive", "lost", "fortified", "shield",
        "scorched", "turn", "battle", "card", "ambush", "winners", "ambush_target",
    )  # fmt: skip

    cfg: LUConfig
    phase: int
    active: int  # the seat whose turn it is (during setup: the seat being dealt or choosing)
    decider: int  # the seat to decide now (NO at chance nodes and at the end)
    first: int
    round: int
    faction: list[int]
    tiles: list[int]
    barn: list[int]
    pool: list[int]  # setup: face-down tiles left per type
    deal_seat: int  # setup: seats still to receive cards start here
    pos: list[int]
    units: list[tuple[int, ...]]
    occ: list[int]
    tokens: list[int]
    supply: list[int]
    troops: list[int]
    sf: list[int]
    hands: list[tuple[int, ...]]
    plans: list[int]
    played: list[int]
    gone: list[tuple[int, int, int]]
    known: list[tuple[int, ...] | None]
    alive: list[bool]
    lost: list[int]
    fortified: list[bool]
    shield: list[bool]
    scorched: list[int]
    turn: Turn | None
    battle: Battle | None
    card: CardPlay | None
    ambush: list[int]  # seats still to be asked about an Ambush of ``ambush_target``
    winners: tuple[int, ...]
    ambush_target: int  # the piece that just ended a move, an Ambush may attack it; or NO

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def empty(cls, game: Game, config: LUConfig) -> Self:
        """The position before setup: no factions, no tiles, nothing dealt."""
        s = cls.__new__(cls)
        State.__init__(s, game)
        c = config
        n = c.num_players
        cat = c.catalog
        s.cfg = c
        s.phase = CHOOSE_FACTION
        s.active = 0
        s.decider = 0
        s.first = NO
        s.round = 0
        s.faction = [NO] * n
        s.tiles = [NO] * c.cells
        s.barn = [NO] * n
        s.pool = list(c.tile_pool)
        s.deal_seat = 0
        s.pos = [NO] * (4 * n)
        s.units = [()] * (4 * n)
        s.occ = [NO] * c.cells
        s.tokens = [0] * (5 * n)
        s.supply = list(cat.token_supply)
        s.troops = [u.copies for u in cat.units[: c.troop_types]]
        s.sf = [IN_RESERVE] * len(cat.units)
        s.hands = [()] * n
        s.plans = [NO] * n
        s.played = []
        s.gone = []
        s.known = [None] * (n * n)
        s.alive = [True] * n
        s.lost = [0] * n
        s.fortified = [False] * (4 * n)
        s.shield = [False] * n
        s.scorched = [NO] * c.cells
        s.turn = None
        s.battle = None
        s.card = None
        s.ambush = []
        s.winners = ()
        s.ambush_target = NO
        return s

    @classmethod
    def initial(cls, game: Game, config: LUConfig) -> Self:
        """Setup begins (LU-R7): factions chosen in seat order, or assigned by parameter."""
        s = cls.empty(game, config)
        if config.factions is not None:
            s.faction = list(config.factions)
            s._after_factions()
        return s

    def clone(self) -> Self:
        s = type(self).__new__(type(self))
        s.game = self.game
        s._legal_cache = self._legal_cache
        s.cfg = self.cfg
        s.phase = self.phase
        s.active = self.active
        s.decider = self.decider
        s.first = self.first
        s.round = self.round
        s.faction = self.faction[:]
        s.tiles = self.tiles[:]
        s.barn = self.barn[:]
        s.pool = self.pool[:]
        s.deal_seat = self.deal_seat
        s.pos = self.pos[:]
        s.units = self.units[:]
        s.occ = self.occ[:]
        s.tokens = self.tokens[:]
        s.supply = self.supply[:]
        s.troops = self.troops[:]
        s.sf = self.sf[:]
        s.hands = self.hands[:]
        s.plans = self.plans[:]
        s.played = self.played[:]
        s.gone = self.gone[:]
        s.known = self.known[:]
        s.alive = self.alive[:]
        s.lost = self.lost[:]
        s.fortified = self.fortified[:]
        s.shield = self.shield[:]
        s.scorched = self.scorched[:]
        s.turn = self.turn.copy() if self.turn is not None else None
        s.battle = self.battle.copy() if self.battle is not None else None
        s.card = self.card.copy() if self.card is not None else None
        s.ambush = self.ambush[:]
        s.winners = self.winners
        s.ambush_target = self.ambush_target
        return s

    # --- turns ----------------------------------------------------------------------------
    def _turn_mark(self) -> TurnMark:
        """The setup (LU §4) is one stretch; then the active seat's turn of the round (LU §5),
        out-of-turn decisions (retreats, casualties, Ambush) included."""
        if self.phase in SETUP_PHASES:
            return TurnMark(0, None)
        return TurnMark(self.round, self.active)

    # --- public facts ---------------------------------------------------------------------
    def hidden_count(self, seat: int) -> int:
        """How many hidden cards ``seat`` holds (public, LU-R1)."""
        return len(self.hands[seat]) + (self.plans[seat] != NO)

    def holds(self, seat: int) -> list[int]:
        """The hidden cards of ``seat``: its Command cards, then its Battle Plans card."""
        cards = list(self.hands[seat])
        if self.plans[seat] != NO:
            cards.append(self.plans[seat])
        return cards

    def is_super_army(self, pid: int) -> bool:
        return pid % 4 == SUPER_ARMY

    def barn_owner(self, cell: int) -> int:
        """The seat whose barn stands on ``cell``, or NO."""
        tile = self.tiles[cell]
        return tile - BARN if tile >= BARN else NO

    def pieces_at(self, cell: int) -> list[int]:
        """Every piece on ``cell``."""
        return [pid for pid, at in enumerate(self.pos) if at == cell]

    def has_effect(self, pid: int, effect: str) -> bool:
        """Whether a General carries a Special Forces card with ``effect`` (suspended in a
        Super Army, LU-R82)."""
        if pid % 4 == SUPER_ARMY:
            return False
        return effect in self.cfg.facts(self.units[pid])[0]

    def attack_value(self, pid: int) -> int:
        """ATK(piece): the printed ATK of its units (LU §0.3)."""
        return self.cfg.facts(self.units[pid])[2]

    def defence_value(self, pid: int) -> int:
        """DEF(piece): the printed DEF of its units."""
        return self.cfg.facts(self.units[pid])[3]

    def can_attack(self, pid: int) -> bool:
        """LU-R39: a piece attacks only with a unit of printed ATK >= 1."""
        return self.cfg.facts(self.units[pid])[1]

    def unit_cap(self, pid: int) -> int:
        p = self.cfg.catalog.play
        return p.super_army_units if pid % 4 == SUPER_ARMY else p.general_units

    def generals_on_board(self, seat: int) -> list[int]:
        return [4 * seat + g for g in range(GENERALS) if self.pos[4 * seat + g] != NO]

    # --- movement (LU §6) -----------------------------------------------------------------
    def enterable(self, pid: int, cell: int) -> bool:
        """Whether ``pid`` may step onto ``cell`` at all (terrain and barns, LU-R31), whatever
        stands there."""
        tile = self.tiles[cell]
        if tile >= BARN:
            return tile - BARN == pid // 4 or pid % 4 == SUPER_ARMY
        return tile >= 0 and self.cfg.tile_open[tile]

    def stoppable(self, pid: int, cell: int) -> bool:
        """Whether ``pid`` may end a move on ``cell`` (LU-R31, LU-R32)."""
        if not self.enterable(pid, cell):
            return False
        other = self.occ[cell]
        if other in (NO, pid):
            return True
        # Only own Generals share their own barn (LU-R32).
        if other // 4 != pid // 4 or pid % 4 == SUPER_ARMY or other % 4 == SUPER_ARMY:
            return False
        return self.tiles[cell] == BARN + pid // 4

    def _enemy_at(self, pid: int, cell: int) -> bool:
        other = self.occ[cell]
        return other != NO and other // 4 != pid // 4

    def attack_ok(
        self, pid: int, origin: int, cell: int, steps: int, limit: int, attacks: int
    ) -> bool:
        """Whether a step from ``origin`` onto enemy-held ``cell`` is a legal attack (LU-R33,
        LU-R35, LU-R39; FREE_ATTACK_STEP). The attacker must be able to stand on ``origin``,
        where it stays unless it wins (LU-R32, LU-R46): not while passing through a friend."""
        if attacks <= 0 or not self.can_attack(pid) or not self.enterable(pid, cell):
            return False
        if not self.stoppable(pid, origin):
            return False
        budget = steps if self.has_effect(pid, "FREE_ATTACK_STEP") else steps + 1
        return budget <= limit

    def _flies(self, pid: int) -> bool:
        return self.has_effect(pid, "FLY_OVER")

    def continues(
        self, pid: int, cell: int, steps: int, limit: int, attacks: int, flies: bool | None = None
    ) -> bool:
        """Whether a piece standing on ``cell`` (passing through) after ``steps`` steps has a
        legal way to finish its action (LU-R34, LU-R101). ``flies``: whether it carries FLY_OVER
        (found when not given)."""
        if steps >= limit:
            return attacks > 0 and any(
                n != NO
                and self._enemy_at(pid, n)
                and self.attack_ok(pid, cell, n, steps, limit, attacks)
                for n in self.cfg.neighbours[cell]
            )
        if flies is None:
            flies = self._flies(pid)
        for n in self.cfg.neighbours[cell]:
            if n == NO:
                continue
            if self._enemy_at(pid, n):
                if self.attack_ok(pid, cell, n, steps, limit, attacks):
                    return True
                if (
                    flies
                    and steps + 1 < limit
                    and self.continues(pid, n, steps + 1, limit, attacks, flies)
                ):
                    return True
                continue
            if self.stoppable(pid, n):
                return True
            if (
                (self.enterable(pid, n) or flies)
                and steps + 1 < limit
                and self.continues(pid, n, steps + 1, limit, attacks, flies)
            ):
                return True
        return False

    def step_kind(
        self, pid: int, d: int, steps: int, limit: int, attacks: int, flies: bool | None = None
    ) -> int:
        """What STEP(d) would be now: 0 illegal, 1 a move, 2 an attack."""
        cell = self.pos[pid]
        n = self.cfg.neighbours[cell][d]
        if n == NO:
            return 0
        if self._enemy_at(pid, n):
            return 2 if self.attack_ok(pid, cell, n, steps, limit, attacks) else 0
        if not self.enterable(pid, n) or steps + 1 > limit:
            return 0
        if self.stoppable(pid, n) or self.continues(pid, n, steps + 1, limit, attacks, flies):
            return 1
        return 0

    def fly_ok(
        self, pid: int, d: int, steps: int, limit: int, attacks: int, flies: bool | None = None
    ) -> bool:
        """FLY(d) (LU-R37): a Sky Hen passes over a cell it may not stop on: blocked, an enemy
        barn, or enemy-held; it needs a step left and a way to finish. ``flies``: whether the
        piece carries FLY_OVER (found when not given)."""
        if not (self._flies(pid) if flies is None else flies):
            return False
        n = self.cfg.neighbours[self.pos[pid]][d]
        if n == NO or steps + 1 >= limit:
            return False
        if self.enterable(pid, n) and not self._enemy_at(pid, n):
            return False  # an ordinary step goes there
        return self.continues(pid, n, steps + 1, limit, attacks, True)

    def step_limit(self, pid: int) -> int:
        """LU-R30: 2 for a General (3 with Rocket Rooster), 3 for a Super Army (6 with
        Blitzkrieg); +2 with Forced March."""
        play = self.cfg.catalog.play
        turn = self.turn
        assert turn is not None
        slot = pid % 4
        if slot == SUPER_ARMY:
            limit = play.blitzkrieg_steps if turn.blitz else play.super_army_steps
        elif self.has_effect(pid, "MOVE_BASE_3"):
            limit = play.rocket_rooster_steps
        else:
            limit = play.general_steps
        if turn.forced[slot]:
            limit += play.forced_march_steps
        return limit

    def _can_act(self, pid: int) -> bool:
        """Whether a piece not yet acted has at least one legal step."""
        limit = self.step_limit(pid)
        attacks = 2 if pid % 4 == SUPER_ARMY and self.turn is not None and self.turn.blitz else 1
        flies = self._flies(pid)
        if self._open_neighbour(pid) or any(
            self.step_kind(pid, d, 0, limit, attacks, flies) for d in range(8)
        ):
            return True
        if flies:
            for d in range(8):
                if self.fly_ok(pid, d, 0, limit, attacks, flies):
                    return True
        return False

    def _open_neighbour(self, pid: int) -> bool:
        """Whether an empty cell next to ``pid`` may be stood on: a step there is legal for any
        piece that has a step left (LU-R31, LU-R32)."""
        occ = self.occ
        tiles = self.tiles
        tile_open = self.cfg.tile_open
        seat_barn = BARN + pid // 4
        super_army = pid % 4 == SUPER_ARMY
        for n in self.cfg.neighbours[self.pos[pid]]:
            if n != NO and occ[n] == NO:
                tile = tiles[n]
                if tile == seat_barn or (
                    tile >= BARN and super_army or 0 <= tile < BARN and tile_open[tile]
                ):
                    return True
        return False

    def _move_piece(self, pid: int, cell: int) -> None:
        """Put ``pid`` on ``cell`` (NO: off the board), keeping ``occ`` right."""
        old = self.pos[pid]
        self.pos[pid] = cell
        occ = self.occ
        if old != NO and occ[old] == pid:
            occ[old] = NO
            for other, at in enumerate(self.pos):
                if at == old:
                    occ[old] = other
                    break
        if cell != NO and occ[cell] == NO:
            occ[cell] = pid

    # --- setup (LU §4) --------------------------------------------------------------------
    def _after_factions(self) -> None:
        """Deal the Command cards (LU-R10), one chance event per card, seat by seat."""
        self.active = 0
        self.deal_seat = 0
        self.phase = DEAL
        self.decider = NO
        if self.cfg.catalog.play.command_cards == 0:
            self._after_deal()

    def _after_deal(self) -> None:
        if self.cfg.first_player != NO:
            self.first = self.cfg.first_player
            self._after_first()
        else:
            self.phase = FIRST_PLAYER
            self.decider = NO

    def _after_first(self) -> None:
        self.active = self.first
        self.phase = DRAW_START
        self.decider = NO

    def _undrawn_cells(self) -> list[int]:
        return [cell for cell in range(self.cfg.cells) if self.tiles[cell] == NO]

    def _next_draw_cell(self) -> int:
        """The cell the next tile draw fills: the starting grid first, row-major (LU-R16), then
        every empty cell row-major (LU-R18)."""
        if self.phase == DRAW_START:
            for cell in self.cfg.start_cells:
                if self.tiles[cell] == NO:
                    return cell
            return NO
        for cell in range(self.cfg.cells):
            if self.tiles[cell] == NO:
                return cell
        return NO

    def _start_play(self) -> None:
        """LU-R19: the Generals stand on their barns; the first player's turn begins."""
        for seat in range(self.cfg.num_players):
            for g in range(GENERALS):
                self._move_piece(4 * seat + g, self.barn[seat])
        self.round = 1
        self._begin_turn(self.first)

    # --- turns (LU §5) --------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: effects lasting until now end (LU-R23); a lost turn is
        skipped (LU-R24)."""
        while True:
            self.active = seat
            for slot in range(4):
                self.fortified[4 * seat + slot] = False
            self.shield[seat] = False
            scorched = self.scorched
            for cell in range(len(scorched)):
                if scorched[cell] == seat:
                    scorched[cell] = NO
            if self.lost[seat] > 0:
                self.lost[seat] -= 1
                nxt = self._next_seat(seat)
                if nxt == NO:
                    return
                seat = nxt
                continue
            break
        self.turn = Turn(self.cfg.catalog.play.transfers)
        self.decider = seat
        self._enter_action()

    def _next_seat(self, seat: int) -> int:
        """The next alive seat in turn order; ends a round (LU-R26) and the game at the
        stalemate limit (LU-R98). Returns NO when the game ended."""
        n = self.cfg.num_players
        rel = (seat - self.first) % n
        for i in range(1, n + 1):
            t = (seat + i) % n
            if self.alive[t]:
                if (t - self.first) % n <= rel:
                    if self.round >= self.cfg.round_limit:
                        self._stalemate()
                        return NO
                    self.round += 1
                return t
        raise AssertionError("no faction is alive")

    def _end_turn(self) -> None:
        self.turn = None
        nxt = self._next_seat(self.active)
        if nxt != NO:
            self._begin_turn(nxt)

    def _stalemate(self) -> None:
        """LU-R98: rank the survivors by units, then printed ATK+DEF, then tokens; ties share."""

        def score(seat: int) -> tuple[int, int, int]:
            units = [u for slot in range(4) for u in self.units[4 * seat + slot]]
            cfg = self.cfg
            return (
                len(units),
                sum(cfg.atk[u] + cfg.defence[u] for u in units),
                sum(self.tokens[5 * seat : 5 * seat + 5]),
            )

        alive = [seat for seat in range(self.cfg.num_players) if self.alive[seat]]
        best = max(score(seat) for seat in alive)
        self._finish(tuple(seat for seat in alive if score(seat) == best))

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.winners = winners
        self.phase = OVER
        self.decider = NO
        self.turn = None
        self.battle = None
        self.card = None
        self.ambush = []
        self.ambush_target = NO

    # --- phase entries (auto-skipping a phase with nothing to decide) ----------------------
    def _has_cards(self, seat: int) -> bool:
        return self.hidden_count(seat) > 0

    def _enter_action(self) -> None:
        """The Action Phase's top-level decision, unless nothing could be done at it."""
        seat = self.active
        self.phase = ACTION
        self.decider = seat
        if self._has_cards(seat) or self._can_form(seat):
            return
        turn = self.turn
        assert turn is not None
        for slot in range(4):
            pid = 4 * seat + slot
            if self.pos[pid] != NO and turn.acted[slot] == READY and self._can_act(pid):
                return
        self._enter_harvest()

    def _enter_harvest(self) -> None:
        """LU-R65: harvest resolves by itself; the one decision is playing harvest cards first,
        offered whenever the player holds a hidden card (prompt hygiene)."""
        if self._has_cards(self.active):
            self.phase = HARVEST
            self.decider = self.active
            return
        self._resolve_harvest()
        self._enter_marshal()

    def _enter_marshal(self) -> None:
        seat = self.active
        self.phase = MARSHAL
        self.decider = seat
        if self._has_cards(seat) or self._marshal_options(seat, forming=False):
            return
        self._enter_transfer()

    def _enter_transfer(self) -> None:
        seat = self.active
        self.phase = TRANSFER
        self.decider = seat
        turn = self.turn
        assert turn is not None
        if self._has_cards(seat) or (turn.transfers > 0 and self._transfer_sources(seat)):
            return
        self._end_turn()

    def _back_to_action(self) -> None:
        """After a piece's action, a card, or an out-of-turn battle: the Action Phase goes on
        (or the turn ends when the active faction was eliminated)."""
        if self.phase == OVER:
            return
        if not self.alive[self.active]:
            self._end_turn()
            return
        self._enter_action()

    # --- harvest (LU §8) ------------------------------------------------------------------
    def harvest_yield(self, pid: int) -> tuple[int, int]:
        """(resource, tokens) the General ``pid`` would harvest now, or (NO, 0)."""
        cfg = self.cfg
        cell = self.pos[pid]
        if cell == NO or pid % 4 == SUPER_ARMY or self.scorched[cell] != NO:
            return NO, 0
        tile = self.tiles[cell]
        if tile < 0 or tile >= BARN:
            return NO, 0
        r = cfg.resource_tile[tile]
        if r == NO:
            return NO, 0
        turn = self.turn
        units = self.units[pid]
        cat_units = cfg.catalog.units
        icon = r == cfg.grass or any(
            r in cat_units[u].harvest or cat_units[u].harvest_any for u in units
        )
        if not icon and not (turn is not None and turn.forage[pid % 4]):
            return NO, 0
        amount = cfg.catalog.play.harvest_per_general
        if self.has_effect(pid, "HARVEST_YIELD_2") or (turn is not None and turn.bumper == pid % 4):
            amount = 2 * amount
        return r, min(amount, self.supply[r])

    def _resolve_harvest(self) -> None:
        """LU-R61 … LU-R66: every General of the active seat harvests its tile."""
        seat = self.active
        for pid in self.generals_on_board(seat):
            r, amount = self.harvest_yield(pid)
            if amount:
                self.supply[r] -= amount
                self.tokens[5 * seat + r] += amount

    # --- marshal and transfer (LU §9, §10) ------------------------------------------------
    def marshal_cost(self, seat: int, unit: int) -> tuple[int, ...]:
        """The tokens marshaling ``unit`` takes now (Reinforcements waives one, LU CC06)."""
        cost = self.cfg.catalog.units[unit].cost
        turn = self.turn
        if turn is not None and turn.reinforce != NO and self.active == seat:
            r = turn.reinforce
            if cost[r] >= 1 and sum(cost) >= 2:
                return tuple(n - 1 if i == r else n for i, n in enumerate(cost))
        return cost

    def can_afford(self, seat: int, cost: tuple[int, ...]) -> bool:
        t = self.tokens
        b = 5 * seat
        return (
            t[b] >= cost[0]
            and t[b + 1] >= cost[1]
            and t[b + 2] >= cost[2]
            and t[b + 3] >= cost[3]
            and t[b + 4] >= cost[4]
        )

    def _receivers(self, seat: int) -> list[int]:
        """Pieces that can take one more unit (LU-R70, LU-R71)."""
        sa = 4 * seat + SUPER_ARMY
        if self.pos[sa] != NO:
            return [sa] if len(self.units[sa]) < self.unit_cap(sa) else []
        return [pid for pid in self.generals_on_board(seat) if len(self.units[pid]) < 5]

    def _marshal_options(self, seat: int, forming: bool) -> list[int]:
        """Unit types ``seat`` may marshal now (LU-R67 … LU-R69); while forming a Super Army,
        into it (cap 15, LU-R80)."""
        cfg = self.cfg
        if forming:
            assert self.turn is not None
            total = len(self.turn.recruits) + sum(
                len(self.units[pid]) for pid in self.generals_on_board(seat)
            )
            if total >= cfg.catalog.play.super_army_units:
                return []
        elif not self._receivers(seat):
            return []
        options = [
            t
            for t in range(cfg.troop_types)
            if self.troops[t] > 0 and self.can_afford(seat, self.marshal_cost(seat, t))
        ]
        for u in cfg.faction_sf[self.faction[seat]]:
            if self.sf[u] == IN_RESERVE and self.can_afford(seat, self.marshal_cost(seat, u)):
                options.append(u)
        return options

    def _pay(self, seat: int, cost: tuple[int, ...]) -> None:
        for i, n in enumerate(cost):
            self.tokens[5 * seat + i] -= n
            self.supply[i] += n

    def _take_unit(self, unit: int) -> None:
        """A marshaled unit leaves the troop supply or its faction's reserve."""
        if unit < self.cfg.troop_types:
            self.troops[unit] -= 1
        else:
            self.sf[unit] = IN_PLAY

    def _add_unit(self, pid: int, unit: int) -> None:
        self.units[pid] = (*self.units[pid], unit)

    def _remove_unit(self, pid: int, unit: int) -> None:
        units = list(self.units[pid])
        units.remove(unit)
        self.units[pid] = tuple(units)

    def _lose_unit(self, pid: int, unit: int) -> None:
        """A casualty (LU-R55, LU-R56): a troop back to the supply, Special Forces gone."""
        self._remove_unit(pid, unit)
        if unit < self.cfg.troop_types:
            self.troops[unit] += 1
        else:
            self.sf[unit] = REMOVED

    def transfer_reach(self, a: int, b: int) -> bool:
        """LU-R73: two Generals on adjacent cells or both in their own barn (Rally: within 2)."""
        pa, pb = self.pos[a], self.pos[b]
        turn = self.turn
        if pa == pb:
            return self.tiles[pa] == BARN + a // 4
        distance = chebyshev(pa, pb, self.cfg.side)
        rally = turn is not None and turn.rally
        return distance <= (self.cfg.catalog.play.rally_distance if rally else 1)

    def _transfer_sources(self, seat: int) -> list[int]:
        generals = self.generals_on_board(seat)
        return [
            a
            for a in generals
            if self.units[a]
            and any(
                b != a and len(self.units[b]) < 5 and self.transfer_reach(a, b) for b in generals
            )
        ]

    # --- Super Army (LU §12) --------------------------------------------------------------
    def _can_form(self, seat: int) -> bool:
        """LU-R79: every remaining General is in the barn, and no Super Army yet. They must
        hold at least one unit: a Super Army without troops is removed from the game (LU-R87,
        rulebook "if a Super Army loses all of its Troops"), so none is formed without any
        (PROPOSED reading)."""
        if self.pos[4 * seat + SUPER_ARMY] != NO:
            return False
        generals = self.generals_on_board(seat)
        return (
            bool(generals)
            and all(self.pos[g] == self.barn[seat] for g in generals)
            and any(self.units[g] for g in generals)
        )

    def preview_forming(self) -> Self:
        """A copy of this position in which the Super Army being formed (phase FORMING) has
        formed now, without more recruits; for evaluations that look one decision ahead."""
        s = self.clone()
        s._legal_cache = None
        s._complete_forming()
        return s

    def _settle_forming(self) -> None:
        """Forming step 1 goes on while there is something to decide: a unit to marshal, or
        (prompt hygiene) any hidden card held; otherwise the army forms."""
        seat = self.active
        if not self._marshal_options(seat, forming=True) and not self._has_cards(seat):
            self._complete_forming()

    def _complete_forming(self) -> None:
        """LU-R80 steps 2-6: tokens back, units merged, the Super Army on the barn."""
        seat = self.active
        turn = self.turn
        assert turn is not None
        for r in range(5):
            self.supply[r] += self.tokens[5 * seat + r]
            self.tokens[5 * seat + r] = 0
        merged: list[int] = list(turn.recruits)
        turn.recruits = []
        for pid in self.generals_on_board(seat):
            merged.extend(self.units[pid])
            self.units[pid] = ()
            self._move_piece(pid, NO)
        sa = 4 * seat + SUPER_ARMY
        self.units[sa] = tuple(merged)
        self._move_piece(sa, self.barn[seat])
        turn.acted[SUPER_ARMY] = DONE  # it may not move this turn (LU-R79)
        for slot in range(GENERALS):
            turn.acted[slot] = DONE
        self.phase = DRAW_PLAN
        self.decider = NO

    # --- legal actions --------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        options = self._options()
        options.sort()
        return options

    def _options(self) -> list[int]:
        """The legal actions at a decision node, in any order."""
        phase = self.phase
        base = self.cfg.layout.base
        seat = self.decider
        if phase == CHOOSE_FACTION:
            return [base[act.FACTION] + f for f in range(4) if f not in self.faction]
        if phase == PLACE_BARN:
            taken = set(self.barn)
            return [base[act.CELL] + c for c in self.cfg.barn_cells if c not in taken]
        if phase == ACTION:
            return self._action_options(seat)
        if phase == MOVE:
            return self._move_options()
        if phase == FORMING:
            opts = [base[act.MARSHAL] + u for u in self._marshal_options(seat, forming=True)]
            opts += self._card_options(seat, (W_OWN_MARSHAL, W_OWN_ANY))
            return opts + [base[act.END]]
        if phase == HARVEST:
            return self._card_options(seat, (W_OWN_HARVEST, W_OWN_ANY)) + [base[act.END]]
        if phase == MARSHAL:
            opts = [base[act.MARSHAL] + u for u in self._marshal_options(seat, forming=False)]
            opts += self._card_options(seat, (W_OWN_MARSHAL, W_OWN_ANY))
            return sorted(opts + [base[act.END]])
        if phase == MARSHAL_TARGET:
            return [base[act.PIECE] + pid % 4 for pid in self._receivers(seat)]
        if phase == TRANSFER:
            turn = self.turn
            assert turn is not None
            opts = []
            if turn.transfers > 0:
                opts = [base[act.PIECE] + pid % 4 for pid in self._transfer_sources(seat)]
            opts += self._card_options(seat, (W_OWN_TRANSFER, W_OWN_ANY))
            return sorted(opts + [base[act.END]])
        if phase == TRANSFER_UNIT:
            turn = self.turn
            assert turn is not None
            kinds = sorted(set(self.units[4 * seat + turn.chosen]))
            return [base[act.UNIT] + u for u in kinds]
        if phase == TRANSFER_TARGET:
            turn = self.turn
            assert turn is not None
            src = 4 * seat + turn.chosen
            return [
                base[act.PIECE] + b % 4
                for b in self.generals_on_board(seat)
                if b != src and len(self.units[b]) < 5 and self.transfer_reach(src, b)
            ]
        if phase == CARD_TARGET:
            return self._card_target_options()
        if phase == AMBUSH:
            return self._ambush_options(seat)
        if phase == JOIN:
            return [base[act.PASS], base[act.JOIN]]
        if phase == WINDOW:
            battle = self.battle
            assert battle is not None
            window = {
                B_PRE: W_BATTLE_PRE,
                B_POST: W_BATTLE_POST_DICE,
                B_MEDIC: W_CASUALTY,
                B_AFTER_WIN: W_AFTER_WIN,
            }[battle.stage]
            return self._card_options(seat, (window,)) + [base[act.PASS]]
        if phase == KEEP:
            return [base[act.DIE] + i for i in range(3)]
        if phase == CASUALTY:
            return self._casualty_options()
        if phase == RETREAT:
            battle = self.battle
            assert battle is not None
            return [base[act.RETREAT] + d for d in self.retreat_dirs(battle.defenders[0], battle)]
        if phase == PLUNDER:
            battle = self.battle
            assert battle is not None
            victim = battle.plunder[0][1]
            opts = [base[act.RESOURCE] + r for r in range(5) if self.tokens[5 * victim + r] > 0]
            if battle.plunder[0][3]:  # Supply Raid: "up to" (LU CC10)
                opts.append(base[act.PASS])
            return opts
        if phase == POST_STEP:
            battle = self.battle
            assert battle is not None
            pid = battle.attacker
            steps = [
                base[act.STEP] + d
                for d in range(8)
                if (n := self.cfg.neighbours[self.pos[pid]][d]) != NO
                and not self._enemy_at(pid, n)
                and self.stoppable(pid, n)
            ]
            return steps + [base[act.STOP]]
        raise AssertionError(f"no decision in phase {PHASE_NAMES[phase]}")

    def _action_options(self, seat: int) -> list[int]:
        base = self.cfg.layout.base
        turn = self.turn
        assert turn is not None
        opts = []
        for slot in range(4):
            pid = 4 * seat + slot
            if self.pos[pid] != NO and turn.acted[slot] == READY and self._can_act(pid):
                opts.append(base[act.PIECE] + slot)
        if self._can_form(seat):
            opts.append(base[act.FORM])
        opts.append(base[act.END])
        opts += self._card_options(seat, (W_OWN_ACTION, W_OWN_ANY))
        return sorted(opts)

    def _move_options(self) -> list[int]:
        turn = self.turn
        assert turn is not None
        pid = 4 * self.active + turn.piece
        base = self.cfg.layout.base
        opts = []
        flies = self._flies(pid)
        steps, limit, attacks = turn.steps, turn.limit, turn.attacks
        step = base[act.STEP]
        occ = self.occ
        tiles = self.tiles
        tile_open = self.cfg.tile_open
        seat_barn = BARN + pid // 4
        super_army = pid % 4 == SUPER_ARMY
        for d, n in enumerate(self.cfg.neighbours[self.pos[pid]]):
            if n == NO:
                continue
            if occ[n] == NO and steps < limit:
                # the common case: an empty cell it may stand on is a legal step (LU-R31)
                tile = tiles[n]
                if tile == seat_barn or (
                    tile >= BARN and super_army or 0 <= tile < BARN and tile_open[tile]
                ):
                    opts.append(step + d)
                    continue
            if self.step_kind(pid, d, steps, limit, attacks, flies):
                opts.append(step + d)
        if flies:
            fly = base[act.FLY]
            for d in range(8):
                if self.fly_ok(pid, d, steps, limit, attacks, flies):
                    opts.append(fly + d)
        if self.stoppable(pid, self.pos[pid]):
            opts.append(base[act.STOP])
        return opts

    # --- applying actions -----------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase in CHANCE_PHASES:
            self._apply_chance(action)
            return
        kind, arg = self.cfg.layout.decode(action)
        seat = self.decider
        if kind == act.PLAY and phase != CARD_TARGET:
            self._play_card(seat, arg)
            return
        if phase == CHOOSE_FACTION:
            self.faction[seat] = arg
            if seat + 1 < self.cfg.num_players:
                self.active = self.decider = seat + 1
            else:
                self._after_factions()
        elif phase == PLACE_BARN:
            self.barn[seat] = arg
            self.tiles[arg] = BARN + seat
            nxt = (seat + 1) % self.cfg.num_players
            if nxt == self.first:
                self.phase = DRAW_FILL
                self.decider = NO
                if self._next_draw_cell() == NO:
                    self._start_play()
            else:
                self.active = self.decider = nxt
        elif phase == ACTION:
            self._apply_action_top(kind, arg)
        elif phase == MOVE:
            self._apply_move(kind, arg)
        elif phase == FORMING:
            if kind == act.END:
                self._complete_forming()
            else:
                self._pay(seat, self.marshal_cost(seat, arg))
                self._take_unit(arg)
                assert self.turn is not None
                self.turn.recruits.append(arg)  # straight into the army (LU-R80 step 1)
                self._use_reinforcements()
                self._settle_forming()
        elif phase == HARVEST:
            self._resolve_harvest()
            self._enter_marshal()
        elif phase == MARSHAL:
            if kind == act.END:
                self._end_marshal()
            else:
                receivers = self._receivers(seat)
                if len(receivers) == 1:
                    self._marshal_into(seat, arg, receivers[0])
                else:
                    assert self.turn is not None
                    self.turn.chosen = arg
                    self.phase = MARSHAL_TARGET
        elif phase == MARSHAL_TARGET:
            assert self.turn is not None
            self._marshal_into(seat, self.turn.chosen, 4 * seat + arg)
        elif phase == TRANSFER:
            if kind == act.END:
                self._end_turn()
            else:
                assert self.turn is not None
                self.turn.chosen = arg
                self.phase = TRANSFER_UNIT
        elif phase == TRANSFER_UNIT:
            assert self.turn is not None
            self.turn.unit = arg
            self.phase = TRANSFER_TARGET
        elif phase == TRANSFER_TARGET:
            turn = self.turn
            assert turn is not None
            src = 4 * seat + turn.chosen
            self._remove_unit(src, turn.unit)
            self._add_unit(4 * seat + arg, turn.unit)
            turn.transfers -= 1
            turn.chosen = turn.unit = NO
            self._enter_transfer()
        elif phase == CARD_TARGET:
            self._apply_card_target(kind, arg)
        elif phase == AMBUSH:
            self._apply_ambush(kind, arg)
        elif phase == JOIN:
            self._apply_join(kind)
        elif phase == WINDOW:
            self._window_pass()
        elif phase == KEEP:
            self._apply_keep(arg)
        elif phase == CASUALTY:
            self._apply_casualty(kind, arg)
        elif phase == RETREAT:
            battle = self.battle
            assert battle is not None
            self._retreat(battle.defenders[0], self.cfg.neighbours[battle.target][arg])
            self._after_positions()
        elif phase == PLUNDER:
            self._apply_plunder(kind, arg)
        elif phase == POST_STEP:
            self._apply_post_step(kind, arg)

    def _end_marshal(self) -> None:
        assert self.turn is not None
        self.turn.reinforce = NO
        self._enter_transfer()

    def _marshal_into(self, seat: int, unit: int, pid: int) -> None:
        """LU-R67, LU-R70: pay, take the unit, put it under ``pid``."""
        self._pay(seat, self.marshal_cost(seat, unit))
        self._take_unit(unit)
        self._add_unit(pid, unit)
        self._use_reinforcements()
        assert self.turn is not None
        self.turn.chosen = NO
        self._enter_marshal()

    def _use_reinforcements(self) -> None:
        if self.turn is not None:
            self.turn.reinforce = NO

    def _apply_action_top(self, kind: int, arg: int) -> None:
        seat = self.active
        turn = self.turn
        assert turn is not None
        if kind == act.END:
            self._enter_harvest()
        elif kind == act.FORM:
            self.phase = FORMING
            self._settle_forming()
        else:  # PIECE: select it (LU-R28)
            pid = 4 * seat + arg
            turn.piece = arg
            turn.started[arg] = True
            turn.steps = 0
            turn.limit = self.step_limit(pid)
            turn.attacks = 2 if arg == SUPER_ARMY and turn.blitz else 1
            turn.moved = False
            self.phase = MOVE

    def _apply_move(self, kind: int, arg: int) -> None:
        turn = self.turn
        assert turn is not None
        pid = 4 * self.active + turn.piece
        if kind == act.STOP:
            self._finish_action(pid)
            return
        target = self.cfg.neighbours[self.pos[pid]][arg]
        if kind == act.STEP and self._enemy_at(pid, target):
            if not self.has_effect(pid, "FREE_ATTACK_STEP"):
                turn.steps += 1
            turn.attacks -= 1
            turn.moved = False  # an action ending in an attack is not a move (CC14)
            self._start_battle(pid, target, ambush=False)
            return
        turn.steps += 1
        turn.moved = True
        self._move_piece(pid, target)
        if turn.steps >= turn.limit and not self._move_options_beyond_stop(pid):
            self._finish_action(pid)

    def _move_options_beyond_stop(self, pid: int) -> bool:
        """Whether the piece has any legal step left (an attack within its budget)."""
        turn = self.turn
        assert turn is not None
        return any(
            self.step_kind(pid, d, turn.steps, turn.limit, turn.attacks)
            or self.fly_ok(pid, d, turn.steps, turn.limit, turn.attacks)
            for d in range(8)
        )

    def _finish_action(self, pid: int) -> None:
        """The piece's action is over (LU-R28); an enemy may Ambush a piece that moved."""
        turn = self.turn
        assert turn is not None
        turn.acted[pid % 4] = DONE
        turn.piece = NO
        moved = turn.moved
        turn.moved = False
        if moved and self.pos[pid] != NO:
            self._offer_ambush(pid)
        else:
            self._back_to_action()

    # --- chance ---------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == ROLL:
            return [(f, 1 / 6) for f in range(6)]
        if phase == DEAL:
            unseen = self._undealt_commands()
            return [(card, 1 / len(unseen)) for card in unseen]
        if phase == DRAW_PLAN:
            unseen = self._undrawn_plans()
            return [(card, 1 / len(unseen)) for card in unseen]
        if phase == FIRST_PLAYER:
            n = self.cfg.num_players
            return [(seat, 1 / n) for seat in range(n)]
        total = sum(self.pool)
        return [(t, k / total) for t, k in enumerate(self.pool) if k]

    def _undealt_commands(self) -> list[int]:
        used = {c for hand in self.hands for c in hand}
        return [c for c in range(self.cfg.catalog.command_cards) if c not in used]

    def _undrawn_plans(self) -> list[int]:
        cat = self.cfg.catalog
        used = set(self.plans) | set(self.played) | {g[0] for g in self.gone}
        return [c for c in range(cat.command_cards, len(cat.cards)) if c not in used]

    def _apply_chance(self, outcome: int) -> None:
        phase = self.phase
        n = self.cfg.num_players
        if phase == ROLL:
            self._apply_roll(outcome + 1)
        elif phase == DEAL:
            seat = self.deal_seat
            self.hands[seat] = (*self.hands[seat], outcome)
            if len(self.hands[seat]) == self.cfg.catalog.play.command_cards:
                self.deal_seat += 1
                if self.deal_seat == n:
                    self._after_deal()
                else:
                    self.active = self.deal_seat
        elif phase == FIRST_PLAYER:
            self.first = outcome
            self._after_first()
        elif phase == DRAW_PLAN:
            self.plans[self.active] = outcome
            self._enter_harvest()
        else:  # a tile (LU-R16, LU-R18)
            self.tiles[self._next_draw_cell()] = outcome
            self.pool[outcome] -= 1
            if phase == DRAW_START and self._next_draw_cell() == NO:
                self.phase = PLACE_BARN
                self.active = self.decider = self.first
            elif phase == DRAW_FILL and self._next_draw_cell() == NO:
                self._start_play()

    # --- cards (LU §11) -------------------------------------------------------------------
    def card_playable(self, seat: int, card: int, windows: tuple[int, ...]) -> bool:
        """Whether ``seat`` may play ``card`` now, in one of ``windows``: it holds the card,
        the window is open for it, and the card can have an effect (LU-R77, LU-R78)."""
        cards = self.cfg.catalog.cards
        info = cards[card]
        if info.window not in windows:
            return False
        if seat != self.active and not info.out_of_turn:
            return False
        effect = info.effect
        turn = self.turn
        battle = self.battle
        play = self.cfg.catalog.play
        sa = 4 * seat + SUPER_ARMY
        if effect == "SCORCHED_EARTH":
            return bool(self._scorch_cells(seat))
        if effect == "TRADE_CARAVAN":
            return sum(self.tokens[5 * seat : 5 * seat + 5]) >= play.trade_caravan_give
        if effect == "ESPIONAGE":
            return bool(self._spy_targets(seat))
        if effect == "SHIELD_WALL":
            return self.pos[sa] != NO and not self.shield[seat]
        if effect == "CONSCRIPTION":
            return (
                self.pos[sa] != NO
                and len(self.units[sa]) < play.super_army_units
                and any(self.troops)
            )
        if effect in ("FORCED_MARCH", "FORTIFY", "AIRLIFT", "DOUBLE_TIME"):
            return bool(self._card_pieces(seat, effect))
        if effect == "BLITZKRIEG":
            return (
                turn is not None
                and not turn.blitz
                and self.pos[sa] != NO
                and turn.acted[SUPER_ARMY] == READY
            )
        if effect in ("BUMPER_CROP", "FORAGING_PARTY"):
            return bool(self._card_pieces(seat, effect))
        if effect == "REINFORCEMENTS":
            return turn is not None and turn.reinforce == NO
        if effect == "RALLY":
            return turn is not None and not turn.rally and len(self.generals_on_board(seat)) >= 2
        if battle is None:
            return False
        return self._battle_card_ok(seat, effect, battle)

    def _battle_card_ok(self, seat: int, effect: str, b: Battle) -> bool:
        attackers = [b.attacker, *b.joiners]
        my_attack = any(pid // 4 == seat for pid in attackers)
        my_defence = b.defenders[0] // 4 == seat
        sa = 4 * seat + SUPER_ARMY
        if effect == "BATTLE_CRY":
            return my_attack or my_defence
        if effect == "HARDENED_HIDE":
            return my_defence
        if effect == "RETREAT":
            d = b.defenders[0]
            return (
                my_defence
                and len(b.defenders) == 1
                and d % 4 != SUPER_ARMY
                and bool(self.retreat_dirs(d, b))
            )
        if effect == "DUEL":
            return not b.duel_on and (sa in attackers or sa in b.defenders)
        if effect == "SIEGE_ENGINES":
            return b.attacker == sa and b.barn
        if effect == "PINCER":
            return b.attacker == sa and bool(b.joiners) and not b.pincer
        if effect == "FORTUNE_OF_WAR":
            side = 0 if b.attacker == sa else 1 if sa in b.defenders else NO
            return side != NO and not b.fortune[side]
        if effect == "SECOND_WIND":
            dice = b.a_dice if my_attack else b.d_dice if my_defence else []
            return bool(dice)
        if effect == "FIELD_MEDIC":
            return any(
                n > 0 and self._group_units(b, p) and self._owner_of(b, p) == seat
                for p, n in b.owed
            )
        if effect == "LAST_STAND":
            return any(p == sa and n > 0 for p, n in b.owed)
        if effect == "SUPPLY_RAID":
            victim = b.defenders[0] // 4
            return (
                b.outcome == ATTACKER_WINS
                and b.attacker // 4 == seat
                and sum(self.tokens[5 * victim : 5 * victim + 5]) > 0
            )
        return False

    def _owner_of(self, b: Battle, pid: int) -> int:
        """The seat owing casualties for ``pid`` (NO: the barn group)."""
        return (pid if pid != NO else b.defenders[0]) // 4

    def _card_options(self, seat: int, windows: tuple[int, ...]) -> list[int]:
        base = self.cfg.layout.base[act.PLAY]
        return sorted(
            base + card for card in self.holds(seat) if self.card_playable(seat, card, windows)
        )

    def _scorch_cells(self, seat: int) -> list[int]:
        cfg = self.cfg
        mine = [self.pos[4 * seat + s] for s in range(4) if self.pos[4 * seat + s] != NO]
        limit = cfg.catalog.play.scorched_earth_distance
        return [
            cell
            for cell in range(cfg.cells)
            if 0 <= self.tiles[cell] < BARN
            and cfg.resource_tile[self.tiles[cell]] != NO
            and self.scorched[cell] == NO
            and any(chebyshev(cell, m, cfg.side) <= limit for m in mine)
        ]

    def _spy_targets(self, seat: int) -> list[int]:
        return [
            o
            for o in range(self.cfg.num_players)
            if o != seat and self.alive[o] and self.hidden_count(o) > 0
        ]

    def _card_pieces(self, seat: int, effect: str) -> list[int]:
        """The pieces (slots) a targeted card may choose now."""
        turn = self.turn
        if turn is None:
            return []
        out = []
        for slot in range(4):
            pid = 4 * seat + slot
            if self.pos[pid] == NO:
                continue
            if effect == "FORCED_MARCH":
                ok = not turn.started[slot] and not turn.forced[slot] and turn.acted[slot] == READY
            elif effect == "FORTIFY":
                ok = turn.acted[slot] == READY and not self.fortified[pid]
            elif effect == "AIRLIFT":
                ok = (
                    slot != SUPER_ARMY
                    and turn.acted[slot] == READY
                    and self.pos[pid] == self.barn[seat]
                    and bool(self._airlift_cells(pid))
                )
            elif effect == "DOUBLE_TIME":
                ok = turn.acted[slot] == DONE and not turn.double[slot] and self._can_act(pid)
            elif effect == "BUMPER_CROP":
                r, amount = self.harvest_yield(pid)
                ok = (
                    slot != SUPER_ARMY
                    and amount > 0
                    and turn.bumper == NO
                    and not self.has_effect(pid, "HARVEST_YIELD_2")
                    and self.supply[r] > amount
                )
            else:  # FORAGING_PARTY
                ok = slot != SUPER_ARMY and not turn.forage[slot] and self._forage_gain(pid)
            if ok:
                out.append(slot)
        return out

    def _forage_gain(self, pid: int) -> bool:
        """Foraging Party would let this General harvest a tile it cannot harvest now."""
        if self.harvest_yield(pid)[1] > 0:
            return False
        cell = self.pos[pid]
        tile = self.tiles[cell]
        if tile < 0 or tile >= BARN or self.scorched[cell] != NO:
            return False
        r = self.cfg.resource_tile[tile]
        return r != NO and self.supply[r] > 0

    def _airlift_cells(self, pid: int) -> list[int]:
        """CC16: empty cells next to another of the seat's Generals where ``pid`` could end a
        move."""
        seat = pid // 4
        cells: set[int] = set()
        for other in self.generals_on_board(seat):
            if other == pid:
                continue
            for n in self.cfg.neighbours[self.pos[other]]:
                if n != NO and self.occ[n] == NO and self.stoppable(pid, n):
                    cells.add(n)
        return sorted(cells)

    def _play_card(self, seat: int, card: int) -> None:
        """A card leaves the hand, face up (LU-R75), and takes effect."""
        cat = self.cfg.catalog
        if card < cat.command_cards:
            hand = list(self.hands[seat])
            hand.remove(card)
            self.hands[seat] = tuple(hand)
        else:
            self.plans[seat] = NO
        self.played.append(card)
        self._forget(seat, card)
        effect = cat.cards[card].effect
        play = cat.play
        battle = self.battle
        turn = self.turn
        resume = self.phase
        if effect == "BATTLE_CRY":
            assert battle is not None
            if battle.defenders[0] // 4 == seat:
                battle.d_mod += play.battle_cry
            else:
                battle.a_mod += play.battle_cry
        elif effect == "HARDENED_HIDE":
            assert battle is not None
            battle.d_def += play.hardened_hide
        elif effect == "SIEGE_ENGINES":
            assert battle is not None
            battle.a_mod += play.siege_engines
        elif effect == "PINCER":
            assert battle is not None
            battle.pincer = True
            for pid in battle.joiners:
                self.lost[pid // 4] -= 1
        elif effect == "FORTUNE_OF_WAR":
            assert battle is not None
            battle.fortune[0 if battle.attacker // 4 == seat else 1] = True
        elif effect == "FIELD_MEDIC":
            assert battle is not None
            for pair in battle.owed:
                if pair[1] > 0 and self._owner_of(battle, pair[0]) == seat:
                    pair[1] -= 1
                    break
        elif effect == "SUPPLY_RAID":
            assert battle is not None
            victim = battle.defenders[0] // 4
            battle.plunder.append([seat, victim, play.supply_raid_tokens, True])
        elif effect == "LAST_STAND":
            assert battle is not None
            for pair in battle.owed:
                if pair[0] == 4 * seat + SUPER_ARMY:
                    pair[1] = 0
        elif effect == "SHIELD_WALL":
            self.shield[seat] = True
        elif effect == "BLITZKRIEG":
            assert turn is not None
            turn.blitz = True
        elif effect == "RALLY":
            assert turn is not None
            used = play.transfers - turn.transfers
            turn.rally = True
            turn.transfers = max(0, play.rally_transfers - used)
        else:
            self._begin_card_choices(seat, card, effect, resume)
            return
        self._after_card(resume)

    def _forget(self, owner: int, card: int) -> None:
        """A card of ``owner`` is no longer hidden: nobody 'knows' it in the hand any more."""
        n = self.cfg.num_players
        for viewer in range(n):
            known = self.known[viewer * n + owner]
            if known is not None and card in known:
                rest = list(known)
                rest.remove(card)
                self.known[viewer * n + owner] = tuple(rest)

    def _after_card(self, resume: int) -> None:
        """Back to the decision the card was played at (any number may be played, LU-R75)."""
        self.card = None
        self.phase = resume
        if resume == WINDOW:
            battle = self.battle
            assert battle is not None
            self.decider = battle.queue[0]
            if battle.outcome == CANCELLED:
                self._battle_advance()
            return
        self.decider = self.active
        if resume == ACTION:
            self._back_to_action()
        elif resume == HARVEST:
            if not self._has_cards(self.active):
                self._resolve_harvest()
                self._enter_marshal()
        elif resume == MARSHAL:
            self._enter_marshal()
        elif resume == FORMING:
            self._settle_forming()
        elif resume == TRANSFER:
            self._enter_transfer()

    def _begin_card_choices(self, seat: int, card: int, effect: str, resume: int) -> None:
        c = CardPlay()
        c.seat = seat
        c.card = card
        c.effect = effect
        c.stage = 0
        c.data = [0] if effect == "TRADE_CARAVAN" else []
        c.resume = resume
        c.decider = seat
        self.card = c
        self.phase = CARD_TARGET
        self.decider = seat
        if effect == "DUEL":
            battle = self.battle
            assert battle is not None
            battle.duel_on = True
            battle.duel = (NO, NO, NO)
            for pid in battle.joiners:
                if not battle.pincer:
                    self.lost[pid // 4] -= 1
            battle.joiners = []
            c.decider = self.decider = battle.attacker // 4
        self._settle_card_choice()

    def _card_target_options(self) -> list[int]:
        c = self.card
        assert c is not None
        base = self.cfg.layout.base
        seat = c.seat
        effect = c.effect
        if effect in ("FORCED_MARCH", "FORTIFY", "DOUBLE_TIME", "BUMPER_CROP", "FORAGING_PARTY"):
            return [base[act.PIECE] + slot for slot in self._card_pieces(seat, effect)]
        if effect == "AIRLIFT":
            if c.stage == 0:
                return [base[act.PIECE] + slot for slot in self._card_pieces(seat, effect)]
            return [base[act.CELL] + cell for cell in self._airlift_cells(4 * seat + c.data[0])]
        if effect == "SCORCHED_EARTH":
            return [base[act.CELL] + cell for cell in self._scorch_cells(seat)]
        if effect == "ESPIONAGE":
            if c.stage == 0:
                return [base[act.SEAT] + o for o in self._spy_targets(seat)]
            victim = c.data[0]
            return sorted({base[act.PLAY] + card for card in self.hands[victim]})
        if effect == "REINFORCEMENTS":
            return [base[act.RESOURCE] + r for r in range(5)]
        if effect == "TRADE_CARAVAN":
            # data: [exchanges done, tokens given in this exchange...]
            play = self.cfg.catalog.play
            held = [r for r in range(5) if self.tokens[5 * seat + r] > 0]
            if c.stage == 0:  # give tokens, one at a time
                return [base[act.RESOURCE] + r for r in held]
            if c.stage == 1:  # take one
                return [base[act.RESOURCE] + r for r in range(5) if self.supply[r] > 0]
            # stage 2: another exchange (its first token), or stop
            opts = [base[act.END]]
            if sum(self.tokens[5 * seat : 5 * seat + 5]) >= play.trade_caravan_give:
                opts += [base[act.RESOURCE] + r for r in held]
            return sorted(opts)
        if effect == "CONSCRIPTION":
            sa = 4 * seat + SUPER_ARMY
            opts = []
            if len(self.units[sa]) < self.cfg.catalog.play.super_army_units:
                opts = [
                    base[act.MARSHAL] + t for t in range(self.cfg.troop_types) if self.troops[t]
                ]
            return opts + [base[act.END]]
        if effect == "RETREAT":
            battle = self.battle
            assert battle is not None
            return [base[act.RETREAT] + d for d in self.retreat_dirs(battle.defenders[0], battle)]
        if effect == "SECOND_WIND":
            battle = self.battle
            assert battle is not None
            dice = battle.a_dice if c.data[0] == 0 else battle.d_dice
            return [base[act.DIE] + i for i in range(len(dice))]
        if effect == "DUEL":
            battle = self.battle
            assert battle is not None
            if c.stage == 0:
                return [base[act.UNIT] + u for u in sorted(set(self.units[battle.attacker]))]
            if len(battle.defenders) == 1:
                return [base[act.UNIT] + u for u in sorted(set(self.units[battle.defenders[0]]))]
            return sorted(
                {self.cfg.layout.member(d % 4, u) for d in battle.defenders for u in self.units[d]}
            )
        raise AssertionError(f"card effect {effect} has no choices")

    def _settle_card_choice(self) -> None:
        """Skip a follow-up with exactly one option that reveals nothing (a die of one, a
        retreat cell of one), or one with none (a duellist without units)."""
        c = self.card
        assert c is not None
        if c.effect == "SECOND_WIND" and c.stage == 0:
            battle = self.battle
            assert battle is not None
            c.data = [0 if battle.attacker // 4 == c.seat else 1]
        opts = self._card_target_options()
        if c.effect == "DUEL" and not opts:
            self._apply_card_target(act.UNIT, NO)
        elif c.effect in ("RETREAT", "SECOND_WIND") and len(opts) == 1:
            kind, arg = self.cfg.layout.decode(opts[0])
            self._apply_card_target(kind, arg)

    def _apply_card_target(self, kind: int, arg: int) -> None:
        c = self.card
        assert c is not None
        seat = c.seat
        effect = c.effect
        turn = self.turn
        play = self.cfg.catalog.play
        if effect == "FORCED_MARCH":
            assert turn is not None
            turn.forced[arg] = True
        elif effect == "FORTIFY":
            assert turn is not None
            turn.acted[arg] = DONE
            self.fortified[4 * seat + arg] = True
        elif effect == "DOUBLE_TIME":
            assert turn is not None
            turn.acted[arg] = READY
            turn.double[arg] = True
        elif effect == "BUMPER_CROP":
            assert turn is not None
            turn.bumper = arg
        elif effect == "FORAGING_PARTY":
            assert turn is not None
            turn.forage[arg] = True
        elif effect == "AIRLIFT":
            if c.stage == 0:
                c.data = [arg]
                c.stage = 1
                return
            assert turn is not None
            pid = 4 * seat + c.data[0]
            self._move_piece(pid, arg)
            turn.acted[c.data[0]] = DONE
            self.card = None
            self.phase = ACTION
            self.decider = seat
            self._offer_ambush(pid)  # it counts as ending a move (CC16)
            return
        elif effect == "SCORCHED_EARTH":
            self.scorched[arg] = seat
        elif effect == "ESPIONAGE":
            if c.stage == 0:
                victim = arg
                n = self.cfg.num_players
                self.known[seat * n + victim] = tuple(self.holds(victim))
                c.data = [victim]
                c.stage = 1
                if not self.hands[victim]:
                    self._after_card(c.resume)
                return
            victim = c.data[0]
            hand = list(self.hands[victim])
            hand.remove(arg)
            self.hands[victim] = tuple(hand)
            self.gone.append((arg, victim, seat))
            self._forget(victim, arg)
        elif effect == "REINFORCEMENTS":
            assert turn is not None
            turn.reinforce = arg
        elif effect == "TRADE_CARAVAN":
            if kind == act.END:
                self._after_card(c.resume)
                return
            if c.stage == 2:
                c.data = [c.data[0]]
                c.stage = 0
            if c.stage == 0:
                self.tokens[5 * seat + arg] -= 1
                self.supply[arg] += 1
                c.data.append(arg)
                if len(c.data) - 1 == play.trade_caravan_give:
                    c.stage = 1
                return
            self.supply[arg] -= 1
            self.tokens[5 * seat + arg] += 1
            c.data = [c.data[0] + 1]
            if c.data[0] >= play.trade_caravan_times:
                self._after_card(c.resume)
                return
            c.stage = 2
            return
        elif effect == "CONSCRIPTION":
            sa = 4 * seat + SUPER_ARMY
            if kind == act.END:
                self._after_card(c.resume)
                return
            self.troops[arg] -= 1
            self._add_unit(sa, arg)
            c.data.append(arg)
            if len(c.data) >= play.conscription_troops or not self._card_target_options()[:-1]:
                self._after_card(c.resume)
            return
        elif effect == "RETREAT":
            battle = self.battle
            assert battle is not None
            defender = battle.defenders[0]
            self._move_piece(defender, self.cfg.neighbours[battle.target][arg])
            battle.outcome = CANCELLED
        elif effect == "SECOND_WIND":
            battle = self.battle
            assert battle is not None
            battle.rolls = [(c.data[0], arg)]
            self.card = None
            self.phase = ROLL
            self.decider = NO
            return
        elif effect == "DUEL":
            battle = self.battle
            assert battle is not None
            a_unit, d_piece, d_unit = battle.duel
            if c.stage == 0:
                battle.duel = (arg, NO, NO)
                c.stage = 1
                c.decider = self.decider = battle.defenders[0] // 4
                self._settle_card_choice()
                return
            if kind == act.MEMBER:
                g, u = divmod(arg, self.cfg.layout.units)
                battle.duel = (a_unit, 4 * (battle.defenders[0] // 4) + g, u)
            elif arg == NO:
                battle.duel = (a_unit, battle.defenders[0], NO)
            else:
                battle.duel = (a_unit, battle.defenders[0], arg)
            self.decider = seat
        self._after_card(c.resume)

    # --- ambush (CC14, ENEMY_MOVE_END) ----------------------------------------------------
    def _ambushers(self, seat: int, target: int) -> list[int]:
        """``seat``'s pieces next to ``target`` that could attack it (LU-R39, LU-R33)."""
        cell = self.pos[target]
        out = []
        for slot in range(4):
            pid = 4 * seat + slot
            at = self.pos[pid]
            if at == NO or chebyshev(at, cell, self.cfg.side) != 1:
                continue
            if self.can_attack(pid) and self.enterable(pid, cell):
                out.append(pid)
        return out

    def _offer_ambush(self, moved: int) -> None:
        """LU-R77 ENEMY_MOVE_END: each other seat with a piece that could attack the piece that
        just ended a move next to it, and holding any hidden card, is asked in seat order."""
        n = self.cfg.num_players
        queue = []
        for i in range(1, n):
            seat = (self.active + i) % n
            if self.alive[seat] and self._has_cards(seat) and self._ambushers(seat, moved):
                queue.append(seat)
        if not queue:
            self._back_to_action()
            return
        self.ambush = queue
        self.ambush_target = moved
        self.phase = AMBUSH
        self.decider = queue[0]

    def _ambush_options(self, seat: int) -> list[int]:
        base = self.cfg.layout.base
        opts = [base[act.PASS]]
        cat = self.cfg.catalog
        if any(cat.cards[card].effect == "AMBUSH" for card in self.hands[seat]):
            opts += [base[act.PIECE] + pid % 4 for pid in self._ambushers(seat, self.ambush_target)]
        return sorted(opts)

    def _apply_ambush(self, kind: int, arg: int) -> None:
        seat = self.decider
        if kind == act.PASS:
            self.ambush.pop(0)
            if self.ambush:
                self.decider = self.ambush[0]
            else:
                self.ambush_target = NO
                self._back_to_action()
            return
        cat = self.cfg.catalog
        card = next(c for c in self.hands[seat] if cat.cards[c].effect == "AMBUSH")
        hand = list(self.hands[seat])
        hand.remove(card)
        self.hands[seat] = tuple(hand)
        self.played.append(card)
        self._forget(seat, card)
        target = self.ambush_target
        self.ambush = []
        self.ambush_target = NO
        self._start_battle(4 * seat + arg, self.pos[target], ambush=True)

    # --- battles (LU §7) ------------------------------------------------------------------
    def _start_battle(self, attacker: int, target: int, ambush: bool) -> None:
        """LU-R38 step 1: declare; then the joint attacks (step 2)."""
        b = Battle()
        b.attacker = attacker
        owner = self.barn_owner(target)
        present = self.pieces_at(target)
        if owner != NO and all(p // 4 == owner and p % 4 != SUPER_ARMY for p in present):
            b.defenders = present  # the barn's own Generals defend as one piece (LU-R88)
        else:
            b.defenders = [self.occ[target]]
        b.barn = owner != NO
        b.origin = self.pos[attacker]
        b.target = target
        b.ambush = ambush
        b.joiners = []
        b.stage = B_JOIN
        b.queue = []
        b.a_mod = 0
        b.d_mod = 0
        b.d_def = 0
        b.duel = (NO, NO, NO)
        b.duel_on = False
        b.fortune = [False, False]
        b.pincer = False
        b.a_dice = []
        b.d_dice = []
        b.rolls = []
        b.keep = []
        b.outcome = NO
        b.owed = []
        b.taken = []
        b.plunder = []
        b.destroyed = []
        b.stepped = False
        d_seat = b.defenders[0] // 4
        for pid in b.defenders:
            if self.fortified[pid]:
                b.d_def += self.cfg.catalog.play.fortify
        if any(pid % 4 == SUPER_ARMY for pid in b.defenders) and self.shield[d_seat]:
            b.d_def += self.cfg.catalog.play.shield_wall
        self.battle = b
        if attacker % 4 == SUPER_ARMY and not ambush:
            n = self.cfg.num_players
            a_seat = attacker // 4
            for i in range(1, n):
                seat = (a_seat + i) % n
                sa = 4 * seat + SUPER_ARMY
                at = self.pos[sa]
                if (
                    seat != d_seat
                    and self.alive[seat]
                    and at != NO
                    and chebyshev(at, target, self.cfg.side) == 1
                    and self.can_attack(sa)
                    and self.lost[seat] == 0
                ):
                    b.queue.append(seat)
        self._battle_advance()

    def _window_queue(self, b: Battle, losers_only: bool = False) -> list[int]:
        """Seats asked at a card window, in order (LU-R38 step 3): the attacker's owner, the
        joint attackers' owners, the defender's owner; only seats holding a hidden card."""
        seats = [b.attacker // 4, *(p // 4 for p in b.joiners), b.defenders[0] // 4]
        if losers_only:
            losing = {p // 4 for p, n in b.owed if p != NO} | (
                {b.defenders[0] // 4} if any(p == NO for p, _ in b.owed) else set()
            )
            seats = [s for s in seats if s in losing]
        out: list[int] = []
        for seat in seats:
            if seat not in out and self._has_cards(seat):
                out.append(seat)
        return out

    def _battle_advance(self) -> None:
        """Run the battle's automatic steps until a decision or a die is due."""
        b = self.battle
        assert b is not None
        while True:
            stage = b.stage
            if stage == B_JOIN:
                if b.queue:
                    self.phase = JOIN
                    self.decider = b.queue[0]
                    return
                b.stage = B_PRE
                b.queue = self._window_queue(b)
            elif stage == B_PRE:
                if b.queue and b.outcome != CANCELLED:
                    self.phase = WINDOW
                    self.decider = b.queue[0]
                    return
                b.stage = B_CHECK
            elif stage == B_CHECK:
                if b.outcome == CANCELLED:
                    b.stage = B_END
                    continue
                b.stage = B_DICE
                if self._no_defence(b):  # LU-R45: no dice
                    b.outcome = ATTACKER_WINS
                    b.stage = B_OUTCOME
                    continue
                b.rolls = [(0, i) for i in range(self._dice_count(b, 0))]
                b.rolls += [(1, i) for i in range(self._dice_count(b, 1))]
                b.a_dice = [0] * self._dice_count(b, 0)
                b.d_dice = [0] * self._dice_count(b, 1)
            elif stage == B_DICE:
                if b.rolls:
                    self.phase = ROLL
                    self.decider = NO
                    return
                b.keep = [side for side in (0, 1) if b.fortune[side]]
                b.stage = B_KEEP
            elif stage == B_KEEP:
                if b.keep:
                    side = b.keep[0]
                    self.phase = KEEP
                    self.decider = (b.attacker if side == 0 else b.defenders[0]) // 4
                    return
                b.stage = B_POST
                b.queue = self._window_queue(b)
            elif stage == B_POST:
                if b.queue:
                    self.phase = WINDOW
                    self.decider = b.queue[0]
                    return
                b.stage = B_OUTCOME
            elif stage == B_OUTCOME:
                if b.outcome == NO:
                    b.outcome = self._outcome(b)
                self._owe_casualties(b)
                b.stage = B_MEDIC
                b.queue = self._window_queue(b, losers_only=True) if b.owed else []
            elif stage == B_MEDIC:
                if b.queue:
                    self.phase = WINDOW
                    self.decider = b.queue[0]
                    return
                b.stage = B_CASUALTIES
            elif stage == B_CASUALTIES:
                if self._next_casualty(b):
                    return
                b.stage = B_DESTROY
            elif stage == B_DESTROY:
                self._destroy(b)
                b.stage = B_POSITIONS
                if self._positions(b):
                    return
            elif stage == B_POSITIONS:
                b.stage = B_AFTER_WIN
                b.queue = (
                    [b.attacker // 4]
                    if b.outcome == ATTACKER_WINS and self._has_cards(b.attacker // 4)
                    else []
                )
            elif stage == B_AFTER_WIN:
                if b.queue:
                    self.phase = WINDOW
                    self.decider = b.queue[0]
                    return
                b.stage = B_PLUNDER
                self._queue_war_boar(b)  # after any Supply Raid (LU-R60)
            elif stage == B_PLUNDER:
                while b.plunder:
                    taker, victim, count, _raid = b.plunder[0]
                    if count > 0 and sum(self.tokens[5 * victim : 5 * victim + 5]) > 0:
                        break
                    b.plunder.pop(0)
                if b.plunder:
                    self.phase = PLUNDER
                    self.decider = b.plunder[0][0]
                    return
                b.stage = B_POST_STEP
                if self._egg_bomber(b):
                    return
            elif stage == B_POST_STEP:
                b.stage = B_END
            else:  # B_END
                self._end_battle(b)
                return

    def _dice_count(self, b: Battle, side: int) -> int:
        """LU-R41: 1 die for a General, 2 for a Super Army (3 with Fortune of War), 2 for a
        defending General with DEF_ROLL_2_KEEP_HIGH."""
        play = self.cfg.catalog.play
        if side == 0:
            if b.attacker % 4 == SUPER_ARMY:
                return play.super_army_dice + (1 if b.fortune[0] else 0)
            return play.general_dice
        if any(p % 4 == SUPER_ARMY for p in b.defenders):
            return play.super_army_dice + (1 if b.fortune[1] else 0)
        if self.keeps_high(b):
            return 2
        return play.general_dice

    def keeps_high(self, b: Battle) -> bool:
        """Whether the defending side rolls 2 dice and keeps the higher (Longhorn Sentinel)."""
        return any(
            p % 4 != SUPER_ARMY and self.has_effect(p, "DEF_ROLL_2_KEEP_HIGH") for p in b.defenders
        )

    def defence_total(self, b: Battle) -> int:
        """DEF of the defending piece or barn group (the duellist's alone in a Duel)."""
        if b.duel_on:
            unit = b.duel[2]
            return (self.cfg.defence[unit] if unit != NO else 0) + b.d_def
        return sum(self.defence_value(p) for p in b.defenders) + b.d_def

    def attack_total(self, b: Battle) -> int:
        """ATK of the attacker and the joint attackers (the duellist's alone in a Duel)."""
        if b.duel_on:
            unit = b.duel[0]
            return self.cfg.atk[unit] if unit != NO else 0
        return sum(self.attack_value(p) for p in (b.attacker, *b.joiners))

    def _no_defence(self, b: Battle) -> bool:
        """LU-R45: DEF with defence modifiers is 0: the defender loses without dice."""
        return self.defence_total(b) == 0

    def _apply_roll(self, face: int) -> None:
        b = self.battle
        assert b is not None
        side, index = b.rolls.pop(0)
        (b.a_dice if side == 0 else b.d_dice)[index] = face
        if b.stage == B_DICE:
            self._battle_advance()
        else:  # a Second Wind reroll: back to the post-dice window
            self.phase = WINDOW
            self.decider = b.queue[0]
            self._legal_cache = None

    def _apply_keep(self, index: int) -> None:
        """Fortune of War: the die set aside; the other two are kept (BP8)."""
        b = self.battle
        assert b is not None
        side = b.keep.pop(0)
        dice = b.a_dice if side == 0 else b.d_dice
        dice.pop(index)
        self._battle_advance()

    def _outcome(self, b: Battle) -> int:
        """LU-R40, LU-R43, LU-R44."""
        a_sa = b.attacker % 4 == SUPER_ARMY
        d_sa = any(p % 4 == SUPER_ARMY for p in b.defenders)
        auto = automatic_result(
            tuple(b.a_dice) if a_sa else None, tuple(b.d_dice) if d_sa else None
        )
        if auto is not None:
            return auto
        attack = self.attack_total(b) + b.a_mod + sum(b.a_dice)
        defence = self.defence_total(b) + b.d_mod + side_roll(tuple(b.d_dice), self.keeps_high(b))
        tie_wins = b.attacker % 4 != SUPER_ARMY and self.has_effect(b.attacker, "TIE_WINS_ATTACK")
        return compare(attack, defence, tie_wins)

    def _casualty_count(self, b: Battle) -> int:
        """LU-R52: 1, or 2 when any Super Army takes part."""
        play = self.cfg.catalog.play
        pieces = (b.attacker, *b.joiners, *b.defenders)
        if any(p % 4 == SUPER_ARMY for p in pieces):
            return play.super_army_casualties
        return 1

    def _owe_casualties(self, b: Battle) -> None:
        count = self._casualty_count(b)
        if b.outcome == DEFENDER_WINS:
            b.owed = [[b.attacker, count]] + [[p, count] for p in b.joiners]
        elif b.outcome == ATTACKER_WINS:
            if len(b.defenders) == 1:
                b.owed = [[b.defenders[0], count]]
            else:
                b.owed = [[NO, count]]  # the barn group, from any member (LU-R88)
        else:
            b.owed = []

    def _group_units(self, b: Battle, pid: int) -> list[tuple[int, int]]:
        """(piece, unit) pairs a casualty may be taken from."""
        pieces = b.defenders if pid == NO else [pid]
        return [(p, u) for p in pieces for u in self.units[p]]

    def _next_casualty(self, b: Battle) -> bool:
        """Take casualties until a choice is due (LU-R53): True when waiting for one."""
        while b.owed:
            pid, count = b.owed[0]
            pairs = self._group_units(b, pid)
            if count <= 0 or not pairs:
                b.owed.pop(0)
                continue
            kinds = set(pairs)
            if count >= len(pairs) or len(kinds) == 1:
                p, u = pairs[0]
                self._lose_unit(p, u)
                b.taken.append((p, u))
                b.owed[0][1] -= 1
                continue
            self.phase = CASUALTY
            self.decider = (pid if pid != NO else b.defenders[0]) // 4
            return True
        return False

    def _casualty_options(self) -> list[int]:
        b = self.battle
        assert b is not None
        pid = b.owed[0][0]
        layout = self.cfg.layout
        if pid == NO:
            return sorted({layout.member(p % 4, u) for p, u in self._group_units(b, NO)})
        return [layout.base[act.UNIT] + u for u in sorted(set(self.units[pid]))]

    def _apply_casualty(self, kind: int, arg: int) -> None:
        b = self.battle
        assert b is not None
        pid = b.owed[0][0]
        if kind == act.MEMBER:
            g, unit = divmod(arg, self.cfg.layout.units)
            pid = 4 * (b.defenders[0] // 4) + g
        else:
            unit = arg
        self._lose_unit(pid, unit)
        b.taken.append((pid, unit))
        b.owed[0][1] -= 1
        self._battle_advance()

    def _destroy(self, b: Battle) -> None:
        """LU-R86: a Super Army's attack destroys every defending General left with no unit;
        LU-R87: a Super Army without units is removed."""
        if b.attacker % 4 == SUPER_ARMY:
            for pid in b.defenders:
                if pid % 4 != SUPER_ARMY and not self.units[pid] and self.pos[pid] != NO:
                    self._move_piece(pid, NO)
                    b.destroyed.append(pid)
        for pid in (b.attacker, *b.joiners, *b.defenders):
            if pid % 4 == SUPER_ARMY and not self.units[pid] and self.pos[pid] != NO:
                self._move_piece(pid, NO)
                b.destroyed.append(pid)

    def retreat_dirs(self, pid: int, b: Battle) -> list[int]:
        """LU-R49: directions to an empty neighbour of the defender's cell where it could end a
        move (its own barn counts as empty while no enemy stands there)."""
        cell = self.pos[pid]
        out = []
        for d, n in enumerate(self.cfg.neighbours[cell]):
            if n == NO or n == b.origin:
                continue
            occupant = self.occ[n]
            if occupant != NO and not (
                occupant // 4 == pid // 4 and self.tiles[n] == BARN + pid // 4
            ):
                continue
            if self.stoppable(pid, n):
                out.append(d)
        return out

    def _positions(self, b: Battle) -> bool:
        """LU-R46 … LU-R51, LU-R88: retreat and advance. True when a retreat choice is due."""
        if b.outcome != ATTACKER_WINS:
            return False
        defenders = [p for p in b.defenders if self.pos[p] != NO]
        if self.is_barn_group(b):  # survivors stay (LU-R88)
            if not defenders and not b.ambush:
                self._move_piece(b.attacker, b.target)
            return False
        if not defenders:  # destroyed or eliminated: the attacker advances (LU-R51)
            if not b.ambush and self.pos[b.attacker] != NO:
                self._move_piece(b.attacker, b.target)
            return False
        d = defenders[0]
        if d % 4 != SUPER_ARMY and self.has_effect(d, "HOLD_GROUND"):
            return False
        dirs = self.retreat_dirs(d, b)
        if len(dirs) > 1:
            self.phase = RETREAT
            self.decider = d // 4
            return True
        if dirs:
            self._retreat(d, self.cfg.neighbours[b.target][dirs[0]])
            return False
        # LU-R50: no retreat cell: swap, unless the defender may not stand on the origin.
        if b.ambush or not self.stoppable_after_swap(d, b.origin):
            return False
        attacker = b.attacker
        self._move_piece(attacker, NO)
        self._move_piece(d, b.origin)
        self._move_piece(attacker, b.target)
        return False

    def is_barn_group(self, b: Battle) -> bool:
        """Whether the defenders are the Generals of the barn they stand in (LU-R88); a Super
        Army in its own barn defends alone (LU-R94)."""
        return (
            b.barn
            and self.barn_owner(b.target) == b.defenders[0] // 4
            and all(p % 4 != SUPER_ARMY for p in b.defenders)
        )

    def stoppable_after_swap(self, pid: int, cell: int) -> bool:
        """Whether ``pid`` could stand on ``cell`` once the attacker has left it (LU-R50): a
        cell it may enter where nobody but the attacker stands (LU-R32)."""
        b = self.battle
        assert b is not None
        others = [p for p in self.pieces_at(cell) if p != b.attacker]
        return self.enterable(pid, cell) and not others

    def _retreat(self, pid: int, cell: int) -> None:
        b = self.battle
        assert b is not None
        self._move_piece(pid, cell)
        if not b.ambush:
            self._move_piece(b.attacker, b.target)

    def _after_positions(self) -> None:
        b = self.battle
        assert b is not None
        b.stage = B_POSITIONS
        self._battle_advance()

    def _queue_war_boar(self, b: Battle) -> None:
        """War Boar (PLUNDER_1): the winning General's owner takes 1 token from the loser's
        owner (LU-R60), after any Supply Raid."""
        if b.outcome == ATTACKER_WINS:
            winners, loser = [b.attacker], b.defenders[0] // 4
        elif b.outcome == DEFENDER_WINS:
            winners, loser = b.defenders, b.attacker // 4
        else:
            return
        live = [p for p in winners if self.pos[p] != NO and p % 4 != SUPER_ARMY]
        if any(self.has_effect(p, "PLUNDER_1") for p in live):
            b.plunder.append([live[0] // 4, loser, 1, False])

    def _apply_plunder(self, kind: int, arg: int) -> None:
        """A token taken (Supply Raid: up to 2, PASS stops; War Boar: 1), LU-R60."""
        b = self.battle
        assert b is not None
        entry = b.plunder[0]
        taker, victim = entry[0], entry[1]
        if kind == act.PASS:
            b.plunder.pop(0)
        else:
            self.tokens[5 * victim + arg] -= 1
            self.tokens[5 * taker + arg] += 1
            entry[2] -= 1
        self._battle_advance()

    def _egg_bomber(self, b: Battle) -> bool:
        """POST_BATTLE_STEP: after this General attacks, one more step, not an attack."""
        pid = b.attacker
        if (
            b.ambush
            or pid % 4 == SUPER_ARMY
            or self.pos[pid] == NO
            or not self.has_effect(pid, "POST_BATTLE_STEP")
        ):
            return False
        self.phase = POST_STEP
        self.decider = pid // 4
        return True

    def _apply_post_step(self, kind: int, arg: int) -> None:
        b = self.battle
        assert b is not None
        if kind == act.STEP:
            pid = b.attacker
            self._move_piece(pid, self.cfg.neighbours[self.pos[pid]][arg])
            b.stepped = True
        b.stage = B_POST_STEP
        self._battle_advance()

    def _apply_join(self, kind: int) -> None:
        b = self.battle
        assert b is not None
        seat = b.queue.pop(0)
        if kind == act.JOIN:
            b.joiners.append(4 * seat + SUPER_ARMY)
            self.lost[seat] += 1  # LU-R93: the debt is recorded on joining
        self._battle_advance()

    def _window_pass(self) -> None:
        b = self.battle
        assert b is not None
        b.queue.pop(0)
        self._battle_advance()

    def _eliminate(self, seat: int) -> None:
        """LU-R96: troops back to the supply; Special Forces, cards and tokens leave; the barn
        becomes an empty field."""
        cfg = self.cfg
        self.alive[seat] = False
        for slot in range(4):
            pid = 4 * seat + slot
            for u in self.units[pid]:
                if u < cfg.troop_types:
                    self.troops[u] += 1
                else:
                    self.sf[u] = REMOVED
            self.units[pid] = ()
            if self.pos[pid] != NO:
                self._move_piece(pid, NO)
            self.fortified[pid] = False
        for u in cfg.faction_sf[self.faction[seat]]:
            if self.sf[u] == IN_RESERVE:
                self.sf[u] = REMOVED
        for card in self.holds(seat):
            self.gone.append((card, seat, NO))
            self._forget(seat, card)
        self.hands[seat] = ()
        self.plans[seat] = NO
        for r in range(5):
            self.supply[r] += self.tokens[5 * seat + r]
            self.tokens[5 * seat + r] = 0
        self.lost[seat] = 0
        self.shield[seat] = False
        empty = cfg.catalog.tile_types.index("empty")
        self.tiles[self.barn[seat]] = empty
        for cell in range(cfg.cells):
            if self.scorched[cell] == seat:
                self.scorched[cell] = NO

    def _check_elimination(self) -> bool:
        """LU-R95, LU-R97: eliminate factions without pieces; True when the game is over."""
        n = self.cfg.num_players
        for seat in range(n):
            if self.alive[seat] and all(self.pos[4 * seat + s] == NO for s in range(4)):
                self._eliminate(seat)
        alive = [seat for seat in range(n) if self.alive[seat]]
        if len(alive) == 1:
            self._finish((alive[0],))
            return True
        return False

    def _end_battle(self, b: Battle) -> None:
        """LU-R38 steps 13-14: elimination, then the attacker's action ends, except that a
        Blitzkrieg Super Army keeps stepping after its first attack."""
        self.battle = None
        if self._check_elimination():
            return
        if b.ambush:
            self._back_to_action()
            return
        attacker = b.attacker
        slot = attacker % 4
        turn = self.turn
        assert turn is not None
        if (
            b.outcome != CANCELLED
            and slot == SUPER_ARMY
            and turn.blitz
            and turn.attacks > 0
            and self.alive[self.active]
            and self.pos[attacker] != NO
            and self._move_options_beyond_stop(attacker)
        ):
            self.phase = MOVE
            self.decider = self.active
            return
        turn.acted[slot] = DONE
        turn.piece = NO
        turn.moved = False
        if b.stepped and self.pos[attacker] != NO:
            self._offer_ambush(attacker)  # Egg Bomber's step ended a move
        else:
            self._back_to_action()

    # --- information sets -----------------------------------------------------------------
    def sample_consistent(self, seat: int, rng: Rng) -> Self:
        """A state ``seat`` cannot tell from this one, drawn uniformly: every hidden card that
        ``seat`` has not seen (LU-R2, LU-R3, LU-R5) is redealt from the cards it has not seen,
        Command cards for Command cards and Battle Plans for Battle Plans. What ``seat`` knows
        stays: its own cards, the played ones, what Espionage showed it. The true hidden cards
        are read only as members of the unseen set, never kept."""
        s = self.clone()
        if seat != self.current_player():
            # The seat to move knows its own legal actions; anyone else's may rest on its cards.
            s._legal_cache = None
        cat = self.cfg.catalog
        n = self.cfg.num_players
        command = cat.command_cards
        seen: set[int] = set(self.played) | set(self.holds(seat))
        seen |= {card for card, owner, by in self.gone if by == seat or owner == seat}
        fixed: list[list[int]] = [[] for _ in range(n)]
        for other in range(n):
            known = self.known[seat * n + other]
            if other != seat and known is not None:
                fixed[other] = list(known)
                seen |= set(known)
        commands = [c for c in range(command) if c not in seen]
        plans = [c for c in range(command, len(cat.cards)) if c not in seen]

        def draw(pool: list[int], what: str) -> int:
            """One card taken uniformly from ``pool`` (the last one moves into its place)."""
            if not pool:
                raise SamplingError(f"no unseen {what} is left to redeal: an impossible position")
            index = rng.randrange(len(pool))
            card = pool[index]
            pool[index] = pool[-1]
            pool.pop()
            return card

        for other in range(n):
            if other == seat:
                continue
            mine = [c for c in fixed[other] if c < command]
            need = len(self.hands[other]) - len(mine)
            if need < 0:
                raise SamplingError(f"seat {other} holds fewer cards than seat {seat} has seen")
            s.hands[other] = tuple(
                sorted(mine + [draw(commands, "Command card") for _ in range(need)])
            )
            if self.plans[other] != NO:
                plan = [c for c in fixed[other] if c >= command]
                s.plans[other] = plan[0] if plan else draw(plans, "Battle Plans card")
        # Cards that left the game unseen by ``seat`` are redealt too (their kind is public).
        s.gone = [
            (
                card
                if by == seat or owner == seat
                else draw(commands, "Command card")
                if card < command
                else draw(plans, "Battle Plans card"),
                owner,
                by,
            )
            for card, owner, by in self.gone
        ]
        # What the other seats saw by Espionage, redrawn from their sampled hands.
        for viewer in range(n):
            for other in range(n):
                known = self.known[viewer * n + other]
                if viewer == seat or other == seat or known is None:
                    continue
                commands_seen = sum(1 for c in known if c < command)
                plan_seen = any(c >= command for c in known)
                picked = list(s.hands[other][:commands_seen])
                if plan_seen:
                    picked.append(s.plans[other])
                s.known[viewer * n + other] = tuple(picked)
        return s
