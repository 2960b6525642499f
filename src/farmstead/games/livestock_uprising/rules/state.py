"""Livestock Uprising: the fields of a position, its construction and its copy, and the
accessors every part of the rules reads it through.

A position is flat lists, cheap to clone (the groups are documented at ``RulesState``'s
fields). Pieces: a piece id is ``4 * seat + slot`` (slots 0-2 the Generals with 1-3 Stars, 3 the
Super Army).
"""

from __future__ import annotations

from typing import Self

from farmstead.core.errors import FarmsteadError
from farmstead.core.game import Game, State, TurnMark
from farmstead.core.phases import PhasedState
from farmstead.games.livestock_uprising.config import LUConfig
from farmstead.games.livestock_uprising.layout import (
    BARN,
    CHANCE_PHASES,
    CHOOSE_FACTION,
    GENERALS,
    NO,
    OVER,
    SETUP_PHASES,
    SUPER_ARMY,
)
from farmstead.games.livestock_uprising.rules.records import Battle, CardPlay, Turn

IN_RESERVE, IN_PLAY, REMOVED = 0, 1, 2  # a Special Forces card


class NoRecordError(FarmsteadError, RuntimeError):
    """A rule asked for the turn, battle or card-play record while none is in progress: the
    rules engine itself is wrong (no action of a player can cause it)."""


class RulesState(PhasedState):
    """The fields of one Livestock Uprising position, its construction (``empty``,
    ``initial``), its copy (``clone``) and its accessors. The rules are the mixins built on it
    (see the package docstring)."""

    CHANCE_PHASES = CHANCE_PHASES
    OVER = OVER

    __slots__ = (
        "cfg", "phase", "active", "decider", "first", "round", "faction", "tiles", "barn",
        "tiles_face_down", "deal_seat", "piece_cell", "units", "cell_piece", "tokens", "supply", "troops", "special_forces",
        "hands", "plans", "played", "gone", "known", "alive", "turns_lost", "fortified", "shield",
        "scorched", "turn", "battle", "card", "ambush", "winners", "ambush_target",
    )  # fmt: skip

    # Who acts. ``phase``: where the game stands (layout's phase constants); ``winners``: the
    # winning seats once it is OVER; ``first``: the first player; ``round``: the round number.
    cfg: LUConfig
    phase: int
    active: int  # the seat whose turn it is (during setup: the seat being dealt or choosing)
    decider: int  # the seat to decide now (NO at chance nodes and at the end)
    first: int
    round: int
    winners: tuple[int, ...]
    # Setup and the board. ``faction``: per seat, its faction or NO; ``tiles``: per cell of the
    # final grid, its tile type, ``BARN + seat`` for a barn, or ``NO`` while setup has not
    # drawn it; ``barn``: per seat, its barn cell.
    faction: list[int]
    tiles: list[int]
    barn: list[int]
    tiles_face_down: list[int]  # setup: face-down tiles left per type
    deal_seat: int  # setup: seats still to receive cards start here
    # Pieces. ``pos``: per piece, its cell or ``NO`` (not on the board: destroyed, merged into
    # the Super Army, or not formed); ``units``: per piece, its battalion as a tuple of unit
    # types; ``occ``: per cell, one piece on it or ``NO`` (several Generals may share their own
    # barn).
    piece_cell: list[int]
    units: list[tuple[int, ...]]
    cell_piece: list[int]
    # Supplies. ``tokens``: 5 per seat; ``supply``: the token supply; ``troops``: the troop
    # supply per type; ``sf``: per unit type, for Special Forces, IN_RESERVE, IN_PLAY or
    # REMOVED (LU-R56).
    tokens: list[int]
    supply: list[int]
    troops: list[int]
    special_forces: list[int]
    # Cards. ``hands``: Command cards per seat; ``plans``: a Battle Plans card per seat or NO;
    # ``played``: public, in order; ``gone``: left the game unplayed, as (card, owner, by);
    # ``known``: per (viewer, owner), the owner's hidden cards the viewer has seen (Espionage).
    hands: list[tuple[int, ...]]
    plans: list[int]
    played: list[int]
    gone: list[tuple[int, int, int]]
    known: list[tuple[int, ...] | None]
    # Seats and effects. ``alive`` per seat; ``lost`` per seat: turns owed for joining attacks
    # (LU-R93); ``fortified`` per piece, ``shield`` per seat, ``scorched`` per cell (the seat
    # whose Scorched Earth holds it), all until the start of that seat's next turn (LU-R23).
    alive: list[bool]
    turns_lost: list[int]
    fortified: list[bool]
    shield: list[bool]
    scorched: list[int]
    # Records of what is in progress, read through ``current_turn``, ``current_battle`` and
    # ``current_card``. ``turn``: the active seat's turn-local facts; ``battle``: the battle
    # being fought; ``card``: the card whose follow-up choices are being made.
    turn: Turn | None
    battle: Battle | None
    card: CardPlay | None
    ambush: list[int]  # seats still to be asked about an Ambush of ``ambush_target``
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
        s.tiles_face_down = list(c.tile_pool)
        s.deal_seat = 0
        s.piece_cell = [NO] * (4 * n)
        s.units = [()] * (4 * n)
        s.cell_piece = [NO] * c.cells
        s.tokens = [0] * (5 * n)
        s.supply = list(cat.token_supply)
        s.troops = [u.copies for u in cat.units[: c.troop_types]]
        s.special_forces = [IN_RESERVE] * len(cat.units)
        s.hands = [()] * n
        s.plans = [NO] * n
        s.played = []
        s.gone = []
        s.known = [None] * (n * n)
        s.alive = [True] * n
        s.turns_lost = [0] * n
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

    def _after_factions(self) -> None:
        """Deal the Command cards once every seat has its faction (LU-R10); the setup rules
        (``SetupRules``) provide it."""
        raise NotImplementedError

    def clone(self) -> Self:
        """An independent copy: lists and records copied; the legal-action cache, which is
        replaced but never changed in place, shared."""
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
        s.tiles_face_down = self.tiles_face_down[:]
        s.deal_seat = self.deal_seat
        s.piece_cell = self.piece_cell[:]
        s.units = self.units[:]
        s.cell_piece = self.cell_piece[:]
        s.tokens = self.tokens[:]
        s.supply = self.supply[:]
        s.troops = self.troops[:]
        s.special_forces = self.special_forces[:]
        s.hands = self.hands[:]
        s.plans = self.plans[:]
        s.played = self.played[:]
        s.gone = self.gone[:]
        s.known = self.known[:]
        s.alive = self.alive[:]
        s.turns_lost = self.turns_lost[:]
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

    # --- the records in progress ----------------------------------------------------------
    @property
    def current_turn(self) -> Turn:
        """The active seat's turn; ``NoRecordError`` outside a turn (setup, the end)."""
        turn = self.turn
        if turn is None:
            raise NoRecordError("no turn in progress")
        return turn

    @property
    def current_battle(self) -> Battle:
        """The battle being fought; ``NoRecordError`` when none is."""
        battle = self.battle
        if battle is None:
            raise NoRecordError("no battle in progress")
        return battle

    @property
    def current_card(self) -> CardPlay:
        """The card whose follow-up choices are being made; ``NoRecordError`` when none is."""
        card = self.card
        if card is None:
            raise NoRecordError("no card play in progress")
        return card

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

    def _has_cards(self, seat: int) -> bool:
        """Whether ``seat`` holds any hidden card (public: prompt hygiene rests on it)."""
        return self.hidden_count(seat) > 0

    def holds(self, seat: int) -> list[int]:
        """The hidden cards of ``seat``: its Command cards, then its Battle Plans card."""
        cards = list(self.hands[seat])
        if self.plans[seat] != NO:
            cards.append(self.plans[seat])
        return cards

    def _forget(self, owner: int, card: int) -> None:
        """A card of ``owner`` is no longer hidden: nobody 'knows' it in the hand any more."""
        n = self.cfg.num_players
        for viewer in range(n):
            known = self.known[viewer * n + owner]
            if known is not None and card in known:
                rest = list(known)
                rest.remove(card)
                self.known[viewer * n + owner] = tuple(rest)

    def is_super_army(self, pid: int) -> bool:
        return pid % 4 == SUPER_ARMY

    def barn_owner(self, cell: int) -> int:
        """The seat whose barn stands on ``cell``, or NO."""
        tile = self.tiles[cell]
        return tile - BARN if tile >= BARN else NO

    def pieces_at(self, cell: int) -> list[int]:
        """Every piece on ``cell``."""
        return [pid for pid, at in enumerate(self.piece_cell) if at == cell]

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
        return [4 * seat + g for g in range(GENERALS) if self.piece_cell[4 * seat + g] != NO]
