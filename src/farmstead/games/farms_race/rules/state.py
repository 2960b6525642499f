"""The fields of a Farms Race position: what each holds, the empty and initial positions, and
the copy. Every concern module of the rules is a mixin over ``FRFields``.

The fields are flat lists, bitmasks, ints and tuples, so ``clone`` copies a position with one
slice per list; a decision in progress keeps its own small group of fields (see the comments
on each group), reset when it is over.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Self

from farmstead.core.game import Game, State
from farmstead.core.phases import PhasedState
from farmstead.games.farms_race.config import FRConfig
from farmstead.games.farms_race.layout import (
    ACTIONS,
    CHANCE_PHASES,
    DISCARD_PHASE,
    FIRST_SEAT,
    NO,
    NO_BUILDING,
    NUM_RESOURCES,
    NUM_SPY_KINDS,
    OVER,
    RESOURCES,
    TRADE_PROPOSE,
    TRADE_RESPOND,
    TRADE_SLOT,
    VP_SPIES,
)

RESOURCE_KINDS = range(NUM_RESOURCES)
SPY_CARDS = range(NUM_SPY_KINDS)
ALL_KINDS = (1 << NUM_RESOURCES) - 1
VP_MASK = sum(1 << k for k in VP_SPIES)
MENU_PHASES = (ACTIONS, RESOURCES, DISCARD_PHASE)
TRADE_PHASES = (TRADE_PROPOSE, TRADE_SLOT, TRADE_RESPOND)


def covers(hand: list[int], cost: tuple[int, ...]) -> bool:
    """Whether ``hand`` (5 counts) holds ``cost`` (5 counts)."""
    return (
        hand[0] >= cost[0]
        and hand[1] >= cost[1]
        and hand[2] >= cost[2]
        and hand[3] >= cost[3]
        and hand[4] >= cost[4]
    )


class FRFields(PhasedState):
    """The fields of one Farms Race position (see the ``rules`` package docstring for what the
    position holds of the hidden information), its construction and its copy."""

    CHANCE_PHASES = CHANCE_PHASES
    OVER = OVER

    __slots__ = (
        "cfg", "phase", "decider", "active", "first", "round", "turns", "owner", "healthy_ready", "injured_ready",
        "healthy_acted", "injured_acted", "building", "turmoil", "attacked", "nuked", "face_down", "peeked", "token",
        "token_real", "tokens_unseen", "tokens_pool_revealed", "stand_ins", "hands", "known_cards", "unknown_cards",
        "unknown_kinds", "herds_left", "barns_left", "armories_left", "vp_tokens", "eliminated",
        "mutation", "dealt", "deal_left", "spies", "fresh", "revealed", "spy_deck",
        "spy_discard", "spy_removed", "nukes_ready", "nukes_spent", "nukiest",
        "start_owner", "setup_step", "owed", "prep_left", "prep_given", "fly_src", "fly_health",
        "flights", "move_dest", "move_src", "move_sel", "cancels", "combat_region", "combat_defender",
        "combat_attackers", "combat_origins", "combat_humans", "combat_head_hits", "combat_adorable", "combat_zombie_retreat",
        "combat_escaped", "combat_round", "combat_attacker_damage", "combat_defender_damage", "combat_roll_outcomes", "route_left", "dice",
        "wilds", "named", "lucky", "doubles_left", "steal_victim", "discards", "resume",
        "pay_build", "pay_region", "pay_sel", "spy_play", "spy_victim", "spy_taken",
        "agent_queue", "nuke_launcher", "nuke_kind", "nuke_target", "nuke_victim", "nuke_points",
        "nuke_humans", "nuke_hacked", "nuke_responses", "trade_next_turn", "trade_slot", "trade_passes", "trade_proposals_made", "trade_proposer",
        "trade_recipient", "trade_give", "trade_ask", "open_trades", "redo_used", "redo_snapshot", "winners",
        "last_production",
    )  # fmt: skip

    # Where the game stands: the phase, who decides, whose turn, the round.
    cfg: FRConfig
    phase: int
    decider: int  # the seat to decide now (NO at chance nodes and at the end)
    active: int  # the seat whose turn it is (setup: the seat choosing or owed a resource)
    first: int  # the seat that is seat 1 (FR-1); NO before the chance event
    round: int  # the current round, from 1 (FR-R54)
    turns: list[int]  # turns begun per seat (FR-R55: the first turn)

    # The map: per region its owner, herds and building (FR-7); herds are counts, not objects
    # (§17). A bitmask holds one bit per region.
    owner: list[int]  # per region: the player with herds or a building there, or NO (FR-7.1)
    healthy_ready: list[
        int
    ]  # per region: healthy herds that may still act (all of a non-active player's)
    injured_ready: list[int]  # per region: injured herds that may still act
    healthy_acted: list[int]  # per region: healthy herds of the active player that have acted
    injured_acted: list[int]  # per region: injured herds of the active player that have acted
    building: list[int]  # per region: NO_BUILDING, BARN or ARMORY (of the region's owner)
    turmoil: int  # bitmask of regions with a Turmoil token (FR-7.4)
    attacked: int  # bitmask of regions the active player attacked this turn (FR-6.8)
    nuked: int  # bitmask of regions any nuke targeted this turn (FR-R42)

    # Human tokens (FR-2.6, FR-6.1): only what is public, and what Adorable peeked at.
    face_down: int  # bitmask of regions holding a face-down Human token
    peeked: int  # bitmask of face-down tokens Adorable peeked at (value in ``token``)
    token: list[int]  # per region: a face-up (or peeked) Human token's value, or 0
    token_real: int  # bitmask of face-up tokens that are real tokens (not stand-ins)
    tokens_unseen: list[int]  # tokens of value 1, 2, 3 whose value is not public (map and pool)
    tokens_pool_revealed: list[int]  # revealed tokens of value 1, 2, 3 back in the pool
    stand_ins: int  # face-up stand-in tokens on the map (FR-2.6)

    # Resource hands: the truth and what every seat can deduce (FR-2.3, FR-R49, FR-R50).
    hands: list[int]  # 5 per seat: the resource cards held
    known_cards: list[int]  # 5 per seat: the cards of each kind every seat can deduce
    unknown_cards: list[int]  # per seat: cards whose kind others cannot tell (FR-R49, FR-R50)
    unknown_kinds: list[int]  # per seat: bitmask of the kinds those cards may be

    # Per seat: the personal supply, VP tokens, elimination (FR-2.1, FR-7.6, FR-12).
    herds_left: list[int]  # per seat: herds in the personal supply
    barns_left: list[int]
    armories_left: list[int]
    vp_tokens: list[int]
    eliminated: int  # bitmask of eliminated seats (FR-7.6)

    # Mutations (FR-4 step 5, FR-11).
    mutation: list[int]  # per seat: the chosen (revealed) Mutation, or NO
    dealt: list[int]  # per seat: bitmask of the Mutations dealt to it (FR-4 step 5)
    deal_left: tuple[int, ...]  # setup: the seats still to be dealt a Mutation, in order

    # Spy cards by kind (FR-10): the hands, the deck as a multiset, the discard pile.
    spies: list[int]  # 11 per seat: Spy cards in hand by kind (hidden VP Spies included)
    fresh: list[int]  # 11: the active seat's cards got this turn (FR-10, FR-R47)
    revealed: list[int]  # per seat: bitmask of its revealed VP Spies (FR-12)
    spy_deck: list[int]  # 11: the cards left in the deck (its order: drawn when bought)
    spy_discard: list[int]  # 11: played and swapped cards, face up (FR-10)
    spy_removed: list[int]  # 11: Spy cards of eliminated players, out of play (FR-R28)

    # Nuke tokens and the Nukiest Award (FR-9.1, FR-9.3).
    nukes_ready: list[int]  # per seat: ready Nuke tokens (FR-9.1)
    nukes_spent: list[int]  # per seat: spent Nuke tokens (they count for Nukiest, FR-9.3)
    nukiest: int  # the seat holding the Nukiest Award, or NO (FR-9.3, FR-R15, FR-R51)

    # Setup, and the start of a turn: Preparation and Flying (FR-4, FR-5.2).
    start_owner: tuple[int, ...]  # per region: its owner before this turn's Preparation (FR-R1)
    setup_step: int  # setup: the position in turn order of the seat choosing
    owed: tuple[int, ...]  # setup: the seats still owed a starting resource, in order
    prep_left: int  # Preparation with too few herds: herds still to place (FR-R4)
    prep_given: int  # bitmask of buildings that got a herd this Preparation
    fly_src: int  # Flying: the region the herd is taken from, or NO
    fly_health: int  # Flying: its health, or NO
    flights: int  # Flying: herds flown this Preparation (bounded by the herds on the map)

    # A move being assembled (FR-5.3).
    move_dest: int  # the region a move goes to, or NO
    move_src: int  # the source herds are being taken from now, or NO
    move_sel: tuple[tuple[int, int, int], ...]  # (origin, healthy, injured) taken so far
    cancels: int  # moves, payments and proposals cancelled this turn (an engine bound, data)

    # A combat (FR-6): reset by ``_clear_combat`` when it is over.
    combat_region: int  # the combat's region, or NO
    combat_defender: int  # the defending seat, or HUMANS
    combat_attackers: tuple[int, int]  # attacking herds in the fight: (healthy, injured)
    combat_origins: tuple[tuple[int, int], ...]  # (origin, herds that may still return there)
    combat_humans: int  # humans defending (a human-held region, or Adorable's humans)
    combat_head_hits: int  # head hits Adorable's humans take this round (FR-6.2, FR-R6)
    combat_adorable: int  # Adorable, when its region's humans fight (with or without its herds)
    combat_zombie_retreat: int  # a defending Zombie's one retreat destination (FR-R46), or NO
    combat_escaped: tuple[tuple[int, int], ...]  # (region, herds) that left the fight injured
    combat_round: int  # combat rounds rolled
    combat_attacker_damage: int  # damage the attacker's herds still take this round
    combat_defender_damage: int  # gun damage (and Armory bonus) the defender still takes this round
    combat_roll_outcomes: tuple[
        int, int
    ]  # this round's roll outcomes: attacker, defender (NO: not yet)
    route_left: tuple[int, int]  # retreating attacker herds still to route: (healthy, injured)

    # The Resources phase and the end of the turn (FR-5.4, FR-5.5).
    dice: tuple[int, int]  # the resource dice (or Lucky's faces) of this turn, or (NO, NO)
    wilds: int  # wild faces still to name
    named: tuple[int, ...]  # resources named for wild faces
    lucky: bool  # the faces were chosen by Lucky, not rolled (FR-11)
    doubles_left: int  # doubles effects still to resolve (EFFECT_* bits, FR-R39)
    steal_victim: int
    discards: int  # forced discards still owed (FR-5.5)

    # An interruption of the menu or of a combat: a payment, a Spy's choices (FR-8.1, FR-10).
    resume: int  # the phase to return to when a Spy, payment or nuke exchange is over
    pay_build: int  # the build being paid for (BUILD_*), or NO
    pay_region: int  # its region (Barn, Armory), or NO
    pay_sel: tuple[int, ...]  # Deranged: the cards chosen so far, 5 counts
    spy_play: int  # the Spy card whose choices are being made, or NO
    spy_victim: int  # Blackmail's opponent, or NO
    spy_taken: int  # cards Blackmail has taken
    agent_queue: tuple[tuple[int, int], ...]  # Double Agent: (victim, cards still to take)

    # A nuke and the exchange of nuke-backs it opens (FR-9.4).
    nuke_launcher: int  # the nuke being launched: its launcher, or NO
    nuke_kind: int  # NUKE_TOKEN, NUKE_BUILT, NUKE_POCKET or NUKE_NORTH_KOREAN
    nuke_target: int  # its target region, or NO while it is chosen
    nuke_victim: int  # the player nuked (FR-9.4 step 2), or NO
    nuke_points: int  # Pocket Nuke points still to allocate (FR-R45)
    nuke_humans: int  # Pocket Nuke: the humans in the target that may still take a point
    nuke_hacked: bool  # the nuke being resolved was hacked (FR-R14)
    nuke_responses: tuple[
        tuple[int, int, int], ...
    ]  # response opportunities: (responder, nuker, T)

    # Trading between players (FR-8.3, FR-8.4).
    trade_next_turn: int  # the seat whose turn follows the open trade window
    trade_slot: int  # the trade window's slot holder, or NO when no window is open
    trade_passes: int  # consecutive passes (FR-R31)
    trade_proposals_made: list[int]  # per seat: proposals made in this window
    trade_proposer: int  # a proposal being built or answered: proposer, or NO
    trade_recipient: int  # its recipient, or NO
    trade_give: tuple[int, ...]  # 5 counts the proposer gives
    trade_ask: tuple[int, ...]  # 5 counts the proposer asks for
    open_trades: int  # Open Trading proposals the active player made this turn (FR-R34)

    # The new-player redo (FR-R55), the winners, the last production.
    redo_used: int  # bitmask of seats that have had their redo offer (FR-R55)
    redo_snapshot: Self | None  # the position at the start of a redo-able first turn
    winners: tuple[int, ...]
    last_production: tuple[int, ...]  # 5 per seat: what the last Resources phase paid

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def empty(cls, game: Game, config: FRConfig) -> Self:
        """The position before setup: an empty map, nothing dealt, no first seat."""
        s = cls.__new__(cls)
        State.__init__(s, game)
        c = config
        n = c.players
        r = c.regions
        s.cfg = c
        s.phase = FIRST_SEAT
        s.decider = NO
        s.active = NO
        s.first = NO
        s.round = 0
        s.turns = [0] * n
        s.owner = [NO] * r
        s.healthy_ready = [0] * r
        s.injured_ready = [0] * r
        s.healthy_acted = [0] * r
        s.injured_acted = [0] * r
        s.building = [NO_BUILDING] * r
        s.turmoil = 0
        s.attacked = 0
        s.nuked = 0
        s.face_down = 0
        s.peeked = 0
        s.token = [0] * r
        s.token_real = 0
        s.tokens_unseen = list(c.tokens)
        s.tokens_pool_revealed = [0, 0, 0]
        s.stand_ins = 0
        s.hands = [0] * (NUM_RESOURCES * n)
        s.known_cards = [0] * (NUM_RESOURCES * n)
        s.unknown_cards = [0] * n
        s.unknown_kinds = [0] * n
        s.herds_left = [c.herds] * n
        s.barns_left = [c.barns] * n
        s.armories_left = [c.armories] * n
        s.vp_tokens = [0] * n
        s.eliminated = 0
        s.mutation = [NO] * n
        s.dealt = [0] * n
        s.deal_left = ()
        s.spies = [0] * (NUM_SPY_KINDS * n)
        s.fresh = [0] * NUM_SPY_KINDS
        s.revealed = [0] * n
        s.spy_deck = list(c.spy_deck)
        s.spy_discard = [0] * NUM_SPY_KINDS
        s.spy_removed = [0] * NUM_SPY_KINDS
        s.nukes_ready = [0] * n
        s.nukes_spent = [0] * n
        s.nukiest = NO
        s.start_owner = tuple(s.owner)
        s.setup_step = 0
        s.owed = ()
        s.prep_left = 0
        s.prep_given = 0
        s.fly_src = NO
        s.fly_health = NO
        s.flights = 0
        s.move_dest = NO
        s.move_src = NO
        s.move_sel = ()
        s.cancels = 0
        s._clear_combat()
        s.dice = (NO, NO)
        s.wilds = 0
        s.named = ()
        s.lucky = False
        s.doubles_left = 0
        s.steal_victim = NO
        s.discards = 0
        s.resume = NO
        s.pay_build = NO
        s.pay_region = NO
        s.pay_sel = (0, 0, 0, 0, 0)
        s.spy_play = NO
        s.spy_victim = NO
        s.spy_taken = 0
        s.agent_queue = ()
        s.nuke_launcher = NO
        s.nuke_kind = NO
        s.nuke_target = NO
        s.nuke_victim = NO
        s.nuke_points = 0
        s.nuke_humans = 0
        s.nuke_hacked = False
        s.nuke_responses = ()
        s.trade_next_turn = NO
        s.trade_slot = NO
        s.trade_passes = 0
        s.trade_proposals_made = [0] * n
        s.trade_proposer = NO
        s.trade_recipient = NO
        s.trade_give = (0, 0, 0, 0, 0)
        s.trade_ask = (0, 0, 0, 0, 0)
        s.open_trades = 0
        s.redo_used = 0
        s.redo_snapshot = None
        s.winners = ()
        s.last_production = (0,) * (NUM_RESOURCES * n)
        return s

    @classmethod
    def initial(cls, game: Game, config: FRConfig) -> Self:
        """Setup begins (FR-4): seat 1 is a chance event unless a parameter names it."""
        s = cls.empty(game, config)
        if config.first_player != NO:
            s._set_first(config.first_player)
        return s

    def clone(self) -> Self:
        s = type(self).__new__(type(self))
        s.game = self.game
        s._legal_cache = self._legal_cache
        s.cfg = self.cfg
        s.phase = self.phase
        s.decider = self.decider
        s.active = self.active
        s.first = self.first
        s.round = self.round
        s.turns = self.turns[:]
        s.owner = self.owner[:]
        s.healthy_ready = self.healthy_ready[:]
        s.injured_ready = self.injured_ready[:]
        s.healthy_acted = self.healthy_acted[:]
        s.injured_acted = self.injured_acted[:]
        s.building = self.building[:]
        s.turmoil = self.turmoil
        s.attacked = self.attacked
        s.nuked = self.nuked
        s.face_down = self.face_down
        s.peeked = self.peeked
        s.token = self.token[:]
        s.token_real = self.token_real
        s.tokens_unseen = self.tokens_unseen[:]
        s.tokens_pool_revealed = self.tokens_pool_revealed[:]
        s.stand_ins = self.stand_ins
        s.hands = self.hands[:]
        s.known_cards = self.known_cards[:]
        s.unknown_cards = self.unknown_cards[:]
        s.unknown_kinds = self.unknown_kinds[:]
        s.herds_left = self.herds_left[:]
        s.barns_left = self.barns_left[:]
        s.armories_left = self.armories_left[:]
        s.vp_tokens = self.vp_tokens[:]
        s.eliminated = self.eliminated
        s.mutation = self.mutation[:]
        s.dealt = self.dealt[:]
        s.deal_left = self.deal_left
        s.spies = self.spies[:]
        s.fresh = self.fresh[:]
        s.revealed = self.revealed[:]
        s.spy_deck = self.spy_deck[:]
        s.spy_discard = self.spy_discard[:]
        s.spy_removed = self.spy_removed[:]
        s.nukes_ready = self.nukes_ready[:]
        s.nukes_spent = self.nukes_spent[:]
        s.nukiest = self.nukiest
        s.start_owner = self.start_owner
        s.setup_step = self.setup_step
        s.owed = self.owed
        s.prep_left = self.prep_left
        s.prep_given = self.prep_given
        s.fly_src = self.fly_src
        s.fly_health = self.fly_health
        s.flights = self.flights
        s.move_dest = self.move_dest
        s.move_src = self.move_src
        s.move_sel = self.move_sel
        s.cancels = self.cancels
        s.combat_region = self.combat_region
        s.combat_defender = self.combat_defender
        s.combat_attackers = self.combat_attackers
        s.combat_origins = self.combat_origins
        s.combat_humans = self.combat_humans
        s.combat_head_hits = self.combat_head_hits
        s.combat_adorable = self.combat_adorable
        s.combat_zombie_retreat = self.combat_zombie_retreat
        s.combat_escaped = self.combat_escaped
        s.combat_round = self.combat_round
        s.combat_attacker_damage = self.combat_attacker_damage
        s.combat_defender_damage = self.combat_defender_damage
        s.combat_roll_outcomes = self.combat_roll_outcomes
        s.route_left = self.route_left
        s.dice = self.dice
        s.wilds = self.wilds
        s.named = self.named
        s.lucky = self.lucky
        s.doubles_left = self.doubles_left
        s.steal_victim = self.steal_victim
        s.discards = self.discards
        s.resume = self.resume
        s.pay_build = self.pay_build
        s.pay_region = self.pay_region
        s.pay_sel = self.pay_sel
        s.spy_play = self.spy_play
        s.spy_victim = self.spy_victim
        s.spy_taken = self.spy_taken
        s.agent_queue = self.agent_queue
        s.nuke_launcher = self.nuke_launcher
        s.nuke_kind = self.nuke_kind
        s.nuke_target = self.nuke_target
        s.nuke_victim = self.nuke_victim
        s.nuke_points = self.nuke_points
        s.nuke_humans = self.nuke_humans
        s.nuke_hacked = self.nuke_hacked
        s.nuke_responses = self.nuke_responses
        s.trade_next_turn = self.trade_next_turn
        s.trade_slot = self.trade_slot
        s.trade_passes = self.trade_passes
        s.trade_proposals_made = self.trade_proposals_made[:]
        s.trade_proposer = self.trade_proposer
        s.trade_recipient = self.trade_recipient
        s.trade_give = self.trade_give
        s.trade_ask = self.trade_ask
        s.open_trades = self.open_trades
        s.redo_used = self.redo_used
        s.redo_snapshot = self.redo_snapshot  # never mutated: a redo copies from it
        s.winners = self.winners
        s.last_production = self.last_production
        return s

    # --- field groups ---------------------------------------------------------------------
    def _clear_combat(self) -> None:
        """The combat fields as they are while no combat is in progress."""
        self.combat_region = NO
        self.combat_defender = NO
        self.combat_attackers = (0, 0)
        self.combat_origins = ()
        self.combat_humans = 0
        self.combat_head_hits = 0
        self.combat_adorable = NO
        self.combat_zombie_retreat = NO
        self.combat_escaped = ()
        self.combat_round = 0
        self.combat_attacker_damage = 0
        self.combat_defender_damage = 0
        self.combat_roll_outcomes = (NO, NO)
        self.route_left = (0, 0)

    def _keep_redo_start(self: Self) -> None:
        """Keep a copy of this position as the start of a redo-able first turn (FR-R55)."""
        snapshot = self.clone()
        snapshot._legal_cache = None
        self.redo_snapshot = snapshot

    @property
    def redo_start(self) -> Self:
        """The position kept at the start of a redo-able first turn (FR-R55); a
        ``RuntimeError`` when none is kept (the engine offers the redo only while one is)."""
        snapshot = self.redo_snapshot
        if snapshot is None:
            raise RuntimeError("no redo-able first turn is kept")
        return snapshot

    # --- steps declared here, written in a concern module ---------------------------------
    # A concern's mixin derives from the mixins whose steps it takes. A step taken by a mixin
    # that the writing mixin itself derives from (the turn goes round) is declared here once.
    @abstractmethod
    def _set_first(self, seat: int) -> None:
        """Setup with ``seat`` as seat 1 (FR-4 step 2; ``setup.py``)."""

    @abstractmethod
    def _settle(self) -> None:
        """Back to the active player's Actions phase after a move or a combat (``moves.py``)."""

    @abstractmethod
    def _start_build(self, build: int, region: int) -> None:
        """Pay for ``build`` (in ``region``, or NO) and build it (FR-8.1; ``menu.py``)."""

    @abstractmethod
    def _open_window(self, next_seat: int) -> None:
        """The trade window before ``next_seat``'s turn (FR-8.3; ``trading.py``)."""

    @abstractmethod
    def _resume(self) -> None:
        """Back to where a Spy's choices, a payment or a nuke exchange began (``turns.py``)."""

    @abstractmethod
    def _pass_turn(self) -> None:
        """The turn passes to the next seat still in the game (FR-5.5; ``turns.py``)."""
