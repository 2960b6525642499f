"""The rules of Farms Race (rules/farms_race.md §4-§13; rulings FR-R1 … FR-R60).

The position is flat lists and bitmasks, cheap to copy: per region the owner (the one player
with herds or a building there, FR-1.1), four herd counts (healthy and injured, fresh and having
acted — herds are counts, not objects, §17), the building, the Human token; per seat the hand,
the Spy cards, the personal supply, Nuke tokens, VP tokens and the Mutation; bitmasks of
Turmoil, regions attacked and nuked this turn, and face-down tokens. Decisions in progress (a
move, a combat, a payment, a Spy's choices, a nuke exchange, a trade) are small fields of their
own; every decision is one atomic choice (§17).

**Hidden information** (§16).

* *Face-down Human tokens*: nobody knows a face-down value (Adorable may peek at those in its
  regions). Every face-down token nobody has peeked at — on the map or in the pool — is an
  equally likely draw from the tokens whose values are not public, so the engine keeps only
  their multiset (``unknown``, which counts peeked tokens too, as everyone else must) and draws
  a value as a chance event when a token is revealed (FR-6.1) or peeked at (``PEEK``). The only
  token truth the position holds is what Adorable peeked at (``peeked``, values in ``token``).
* *Resource hands* show others only their size (FR-2.3). Production, payments, Supply and player
  trades, discards, Propaganda and Thievery are public; the cards a Stealing steal, Blackmail or
  Double Agent takes are known to thief and victim only (FR-R49, FR-R50). Each seat's hand is
  kept twice: the truth (``hands``) and what every seat can deduce (``known``: cards of each kind
  it surely holds, plus ``unknown_cards`` cards of the kinds in ``unknown_kinds``).
* *Spy cards*: the deck order is hidden from everyone; a hand is seen by its owner only (others
  see the count). The engine keeps the deck as a multiset and draws the top card as a chance
  event when one is bought (``SPY_DRAW``); revealed VP Spies and played cards are public.
* *Mutations*: dealt cards are seen by their owner only until one is chosen and revealed; the
  others stay face down (FR-4 step 6.1).

``sample_consistent`` redraws everything a seat cannot know: other seats' unknown resource
cards, their Spy cards (from the cards that seat has not seen), their dealt Mutations during
setup, and the values Adorable peeked at — never reading the truth.

**Prompts** (§16): a decision that depends on a hidden holding is issued whenever public facts
allow it — Hacking to a nuked player holding any Spy card, a nuke-back to a victim with a Nuke
token, a Spy card or cards enough to build a Nuke, the combat Spy window to an active player
holding any Spy card — always with a pass, so the order and existence of prompts reveal
nothing.

Chance events: the first seat, dealt Mutations, starting-resource rolls, Human token values
(revealed, or peeked at by Adorable), combat rolls (per side: the numbers of gun and head
faces), the resource dice, Spy cards drawn, and the kinds of stolen cards.
"""

from __future__ import annotations

from typing import Self

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import Game, State, TurnMark
from farmstead.core.phases import PhasedState
from farmstead.core.rng import Rng
from farmstead.games.farms_race.actions import (
    ACCEPT,
    ARMORY_AT,
    ASK,
    BARN_AT,
    BUY_NUKE,
    BUY_SPY,
    CANCEL,
    COMBAT_BASE,
    CONFIRM,
    CONTINUE,
    DECLINE,
    DONE,
    END_PHASE,
    END_TURN,
    FLY_FROM,
    FLY_TO,
    GIVE,
    HEAL,
    HIT,
    KEEP,
    LAUNCH,
    MOVE_TO,
    MUTATION,
    ORDER,
    PASS,
    PAY_FOUR,
    PAY_NORMAL,
    PLACE,
    PLAY_SPY,
    REDO,
    RESOURCE,
    RETREAT,
    RETREAT_TO,
    ROUTE,
    SEAT,
    SOURCE,
    START,
    SUBMIT,
    SWAP_SPY,
    TAKE,
    TARGET,
    TRADE,
    ZOMBIE_TO,
)
from farmstead.games.farms_race.config import FRConfig
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ADORABLE,
    AGENT_DRAW,
    ALLOCATE_ATTACKER,
    ALLOCATE_DEFENDER,
    ARMORY,
    ATTACKER_DECIDES,
    BARN,
    BLACKMAIL,
    BLACKMAIL_TAKE,
    BLUE_BLOODED,
    BUILD_ARMORY,
    BUILD_BARN,
    BUILD_NUKE,
    BUILD_NUKE_BACK,
    BUILD_SPY,
    CHANCE_PHASES,
    CHOOSE_MUTATION,
    CHOOSE_START,
    DEAL_MUTATION,
    DEFENDER_DECIDES,
    DERANGED,
    DISCARD,
    DISCARD_PHASE,
    DOUBLE_AGENT,
    DOUBLES_ORDER,
    EFFECT_NORTH_KOREAN,
    EFFECT_STEALING,
    FIELD_HOSPITAL,
    FIRST_SEAT,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    FLYING,
    HACK,
    HACKING,
    HUMANS,
    HYPER_INTELLIGENT,
    LUCKY,
    LUCKY_FACE,
    MOVE_SELECT,
    NAME_WILD,
    NO,
    NO_BUILDING,
    NORTH_KOREAN,
    NUKE_BUILT,
    NUKE_NORTH_KOREAN,
    NUKE_POCKET,
    NUKE_RESPONSE,
    NUKE_TARGET,
    NUKE_TOKEN,
    NUM_MUTATIONS,
    NUM_RESOURCES,
    NUM_SPY_KINDS,
    OVER,
    PARASITIC,
    PAYMENT,
    PEEK,
    POCKET_ALLOCATE,
    POCKET_NUKE,
    PREP_PLACE,
    RADIOACTIVE,
    REDO_OFFER,
    REGENERATIVE,
    RESOURCES,
    REVEAL,
    ROLL_ATTACKER,
    ROLL_DEFENDER,
    ROLL_RESOURCES,
    ROUTE_RETREAT,
    SPY_DRAW,
    SPY_OPPONENT,
    SPY_RESOURCE,
    SPY_WINDOW,
    START_CHOICE,
    START_ROLL,
    STEAL_DRAW,
    STEAL_VICTIM,
    THIEVERY,
    TRADE_PROPOSE,
    TRADE_RESPOND,
    TRADE_SLOT,
    VP_SPIES,
    WILD,
    ZOMBIE,
)

R5 = range(NUM_RESOURCES)
S11 = range(NUM_SPY_KINDS)
ALL_KINDS = (1 << NUM_RESOURCES) - 1
VP_MASK = sum(1 << k for k in VP_SPIES)
MENU_PHASES = (ACTIONS, RESOURCES, DISCARD_PHASE)
TRADE_PHASES = (TRADE_PROPOSE, TRADE_SLOT, TRADE_RESPOND)


def _covers(hand: list[int], cost: tuple[int, ...]) -> bool:
    """Whether ``hand`` (5 counts) holds ``cost`` (5 counts)."""
    return (
        hand[0] >= cost[0]
        and hand[1] >= cost[1]
        and hand[2] >= cost[2]
        and hand[3] >= cost[3]
        and hand[4] >= cost[4]
    )


class FRRules(PhasedState):
    """One Farms Race position and its rules; see the module docstring."""

    CHANCE_PHASES = CHANCE_PHASES
    OVER = OVER

    __slots__ = (
        "cfg", "phase", "decider", "active", "first", "round", "turns", "owner", "hf", "hi",
        "ha", "ia", "building", "turmoil", "attacked", "nuked", "face_down", "peeked", "token",
        "token_real", "unknown", "pool_known", "standins", "hands", "known", "unknown_cards",
        "unknown_kinds", "herds_left", "barns_left", "armories_left", "vp_tokens", "eliminated",
        "mutation", "dealt", "deal_left", "spies", "fresh", "revealed", "spy_deck",
        "spy_discard", "spy_removed", "nukes_ready", "nukes_spent", "nukiest",
        "start_owner", "setup_step", "owed", "prep_left", "prep_given", "fly_src", "fly_health",
        "flights", "move_dest", "move_src", "move_sel", "cancels", "c_region", "c_defender",
        "c_att", "c_origins", "c_humans", "c_heads", "c_adorable", "c_zombie_dest",
        "c_escaped", "c_round", "c_damage", "c_def_damage", "c_rolls", "route", "dice",
        "wilds", "named", "lucky", "doubles_left", "steal_victim", "discards", "resume",
        "pay_build", "pay_region", "pay_sel", "spy_play", "spy_victim", "spy_taken",
        "agent_queue", "n_launcher", "n_kind", "n_target", "n_victim", "n_points",
        "n_humans", "n_hacked", "n_stack", "t_next", "t_slot", "t_passes", "t_made", "t_from", "t_to", "t_give", "t_ask",
        "t_open", "redo_used", "redo_snapshot", "winners", "last_production",
    )  # fmt: skip

    cfg: FRConfig
    phase: int
    decider: int  # the seat to decide now (NO at chance nodes and at the end)
    active: int  # the seat whose turn it is (setup: the seat choosing or owed a resource)
    first: int  # the seat that is seat 1 (FR-1); NO before the chance event
    round: int  # the current round, from 1 (FR-R54)
    turns: list[int]  # turns begun per seat (FR-R55: the first turn)
    owner: list[int]  # per region: the player with herds or a building there, or NO (FR-7.1)
    hf: list[int]  # per region: healthy herds that may still act (all of a non-active player's)
    hi: list[int]  # per region: injured herds that may still act
    ha: list[int]  # per region: healthy herds of the active player that have acted
    ia: list[int]  # per region: injured herds of the active player that have acted
    building: list[int]  # per region: NO_BUILDING, BARN or ARMORY (of the region's owner)
    turmoil: int  # bitmask of regions with a Turmoil token (FR-7.4)
    attacked: int  # bitmask of regions the active player attacked this turn (FR-6.8)
    nuked: int  # bitmask of regions any nuke targeted this turn (FR-R42)
    face_down: int  # bitmask of regions holding a face-down Human token
    peeked: int  # bitmask of face-down tokens Adorable peeked at (value in ``token``)
    token: list[int]  # per region: a face-up (or peeked) Human token's value, or 0
    token_real: int  # bitmask of face-up tokens that are real tokens (not stand-ins)
    unknown: list[int]  # tokens of value 1, 2, 3 whose value is not public (map and pool)
    pool_known: list[int]  # revealed tokens of value 1, 2, 3 back in the pool
    standins: int  # face-up stand-in tokens on the map (FR-2.6)
    hands: list[int]  # 5 per seat: the resource cards held
    known: list[int]  # 5 per seat: the cards of each kind every seat can deduce
    unknown_cards: list[int]  # per seat: cards whose kind others cannot tell (FR-R49, FR-R50)
    unknown_kinds: list[int]  # per seat: bitmask of the kinds those cards may be
    herds_left: list[int]  # per seat: herds in the personal supply
    barns_left: list[int]
    armories_left: list[int]
    vp_tokens: list[int]
    eliminated: int  # bitmask of eliminated seats (FR-7.6)
    mutation: list[int]  # per seat: the chosen (revealed) Mutation, or NO
    dealt: list[int]  # per seat: bitmask of the Mutations dealt to it (FR-4 step 5)
    deal_left: tuple[int, ...]  # setup: the seats still to be dealt a Mutation, in order
    spies: list[int]  # 11 per seat: Spy cards in hand by kind (hidden VP Spies included)
    fresh: list[int]  # 11: the active seat's cards got this turn (FR-10, FR-R47)
    revealed: list[int]  # per seat: bitmask of its revealed VP Spies (FR-12)
    spy_deck: list[int]  # 11: the cards left in the deck (its order: drawn when bought)
    spy_discard: list[int]  # 11: played and swapped cards, face up (FR-10)
    spy_removed: list[int]  # 11: Spy cards of eliminated players, out of play (FR-R28)
    nukes_ready: list[int]  # per seat: ready Nuke tokens (FR-9.1)
    nukes_spent: list[int]  # per seat: spent Nuke tokens (they count for Nukiest, FR-9.3)
    nukiest: int  # the seat holding the Nukiest Award, or NO (FR-9.3, FR-R15, FR-R51)
    start_owner: tuple[int, ...]  # per region: its owner before this turn's Preparation (FR-R1)
    setup_step: int  # setup: the position in turn order of the seat choosing
    owed: tuple[int, ...]  # setup: the seats still owed a starting resource, in order
    prep_left: int  # Preparation with too few herds: herds still to place (FR-R4)
    prep_given: int  # bitmask of buildings that got a herd this Preparation
    fly_src: int  # Flying: the region the herd is taken from, or NO
    fly_health: int  # Flying: its health, or NO
    flights: int  # Flying: herds flown this Preparation (bounded by the herds on the map)
    move_dest: int  # the region a move goes to, or NO
    move_src: int  # the source herds are being taken from now, or NO
    move_sel: tuple[tuple[int, int, int], ...]  # (origin, healthy, injured) taken so far
    cancels: int  # moves, payments and proposals cancelled this turn (an engine bound, data)
    c_region: int  # the combat's region, or NO
    c_defender: int  # the defending seat, or HUMANS
    c_att: tuple[int, int]  # attacking herds in the fight: (healthy, injured)
    c_origins: tuple[tuple[int, int], ...]  # (origin, herds that may still return there)
    c_humans: int  # humans defending (a human-held region, or Adorable's humans)
    c_heads: int  # head hits Adorable's humans take this round (FR-6.2, FR-R6)
    c_adorable: int  # Adorable, when its region's humans fight (with or without its herds)
    c_zombie_dest: int  # a defending Zombie's one retreat destination (FR-R46), or NO
    c_escaped: tuple[tuple[int, int], ...]  # (region, herds) that left the fight injured
    c_round: int  # combat rounds rolled
    c_damage: int  # damage the attacker's herds still take this round
    c_def_damage: int  # gun damage (and Armory bonus) the defender still takes this round
    c_rolls: tuple[int, int]  # this round's roll outcomes: attacker, defender (NO: not yet)
    route: tuple[int, int]  # retreating attacker herds still to route: (healthy, injured)
    dice: tuple[int, int]  # the resource dice (or Lucky's faces) of this turn, or (NO, NO)
    wilds: int  # wild faces still to name
    named: tuple[int, ...]  # resources named for wild faces
    lucky: bool  # the faces were chosen by Lucky, not rolled (FR-11)
    doubles_left: int  # doubles effects still to resolve (EFFECT_* bits, FR-R39)
    steal_victim: int
    discards: int  # forced discards still owed (FR-5.5)
    resume: int  # the phase to return to when a Spy, payment or nuke exchange is over
    pay_build: int  # the build being paid for (BUILD_*), or NO
    pay_region: int  # its region (Barn, Armory), or NO
    pay_sel: tuple[int, ...]  # Deranged: the cards chosen so far, 5 counts
    spy_play: int  # the Spy card whose choices are being made, or NO
    spy_victim: int  # Blackmail's opponent, or NO
    spy_taken: int  # cards Blackmail has taken
    agent_queue: tuple[tuple[int, int], ...]  # Double Agent: (victim, cards still to take)
    n_launcher: int  # the nuke being launched: its launcher, or NO
    n_kind: int  # NUKE_TOKEN, NUKE_BUILT, NUKE_POCKET or NUKE_NORTH_KOREAN
    n_target: int  # its target region, or NO while it is chosen
    n_victim: int  # the player nuked (FR-9.4 step 2), or NO
    n_points: int  # Pocket Nuke points still to allocate (FR-R45)
    n_humans: int  # Pocket Nuke: the humans in the target that may still take a point
    n_hacked: bool  # the nuke being resolved was hacked (FR-R14)
    n_stack: tuple[tuple[int, int, int], ...]  # response opportunities: (responder, nuker, T)
    t_next: int  # the seat whose turn follows the open trade window
    t_slot: int  # the trade window's slot holder, or NO when no window is open
    t_passes: int  # consecutive passes (FR-R31)
    t_made: list[int]  # per seat: proposals made in this window
    t_from: int  # a proposal being built or answered: proposer, or NO
    t_to: int  # its recipient, or NO
    t_give: tuple[int, ...]  # 5 counts the proposer gives
    t_ask: tuple[int, ...]  # 5 counts the proposer asks for
    t_open: int  # Open Trading proposals the active player made this turn (FR-R34)
    redo_used: int  # bitmask of seats that have had their redo offer (FR-R55)
    redo_snapshot: FRRules | None  # the position at the start of a redo-able first turn
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
        s.hf = [0] * r
        s.hi = [0] * r
        s.ha = [0] * r
        s.ia = [0] * r
        s.building = [NO_BUILDING] * r
        s.turmoil = 0
        s.attacked = 0
        s.nuked = 0
        s.face_down = 0
        s.peeked = 0
        s.token = [0] * r
        s.token_real = 0
        s.unknown = list(c.tokens)
        s.pool_known = [0, 0, 0]
        s.standins = 0
        s.hands = [0] * (NUM_RESOURCES * n)
        s.known = [0] * (NUM_RESOURCES * n)
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
        s.n_launcher = NO
        s.n_kind = NO
        s.n_target = NO
        s.n_victim = NO
        s.n_points = 0
        s.n_humans = 0
        s.n_hacked = False
        s.n_stack = ()
        s.t_next = NO
        s.t_slot = NO
        s.t_passes = 0
        s.t_made = [0] * n
        s.t_from = NO
        s.t_to = NO
        s.t_give = (0, 0, 0, 0, 0)
        s.t_ask = (0, 0, 0, 0, 0)
        s.t_open = 0
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
        s.hf = self.hf[:]
        s.hi = self.hi[:]
        s.ha = self.ha[:]
        s.ia = self.ia[:]
        s.building = self.building[:]
        s.turmoil = self.turmoil
        s.attacked = self.attacked
        s.nuked = self.nuked
        s.face_down = self.face_down
        s.peeked = self.peeked
        s.token = self.token[:]
        s.token_real = self.token_real
        s.unknown = self.unknown[:]
        s.pool_known = self.pool_known[:]
        s.standins = self.standins
        s.hands = self.hands[:]
        s.known = self.known[:]
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
        s.c_region = self.c_region
        s.c_defender = self.c_defender
        s.c_att = self.c_att
        s.c_origins = self.c_origins
        s.c_humans = self.c_humans
        s.c_heads = self.c_heads
        s.c_adorable = self.c_adorable
        s.c_zombie_dest = self.c_zombie_dest
        s.c_escaped = self.c_escaped
        s.c_round = self.c_round
        s.c_damage = self.c_damage
        s.c_def_damage = self.c_def_damage
        s.c_rolls = self.c_rolls
        s.route = self.route
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
        s.n_launcher = self.n_launcher
        s.n_kind = self.n_kind
        s.n_target = self.n_target
        s.n_victim = self.n_victim
        s.n_points = self.n_points
        s.n_humans = self.n_humans
        s.n_hacked = self.n_hacked
        s.n_stack = self.n_stack
        s.t_next = self.t_next
        s.t_slot = self.t_slot
        s.t_passes = self.t_passes
        s.t_made = self.t_made[:]
        s.t_from = self.t_from
        s.t_to = self.t_to
        s.t_give = self.t_give
        s.t_ask = self.t_ask
        s.t_open = self.t_open
        s.redo_used = self.redo_used
        s.redo_snapshot = self.redo_snapshot  # never mutated: a redo copies from it
        s.winners = self.winners
        s.last_production = self.last_production
        return s

    # --- turns ----------------------------------------------------------------------------
    def _turn_mark(self) -> TurnMark:
        """The setup and the opening trade window are one stretch (FR-4, FR-R33); then a
        seat's turn (FR-5), with the decisions others make in it (damage, retreats, Hacking,
        nuke-backs) and the trade window that follows it (FR-8.3). A redone first turn is a
        new turn (FR-R55)."""
        if self.round == 0 or self.active == NO:
            return TurnMark(0, None)
        return TurnMark(self.turns[self.active], self.active)

    # --- public facts the views and bots use ----------------------------------------------
    def visible_vp(self, seat: int) -> int:
        """Visible VP (FR-12): Barns 1, Armories 2, VP tokens 1 each, the Nukiest Award 1,
        revealed VP Spies 1 each."""
        c = self.cfg
        return (
            (c.barns - self.barns_left[seat])
            + 2 * (c.armories - self.armories_left[seat])
            + self.vp_tokens[seat]
            + (self.nukiest == seat)
            + self.revealed[seat].bit_count()
        )

    def hidden_vp(self, seat: int) -> int:
        """``seat``'s VP Spies still hidden in its hand (its owner's knowledge, FR-R19)."""
        b = NUM_SPY_KINDS * seat
        return sum(self.spies[b + k] for k in VP_SPIES)

    def hand_size(self, seat: int) -> int:
        """Resource cards ``seat`` holds (public, FR-2.3)."""
        return sum(self.hands[5 * seat : 5 * seat + 5])

    def spy_count(self, seat: int) -> int:
        """Spy cards ``seat`` holds, hidden VP Spies included (public, FR-10)."""
        b = NUM_SPY_KINDS * seat
        return sum(self.spies[b : b + NUM_SPY_KINDS])

    def has(self, seat: int, mutation: int) -> bool:
        """Whether ``seat`` has (revealed) ``mutation`` (FR-11)."""
        return self.mutation[seat] == mutation

    def herds_in(self, region: int) -> int:
        """Herds on ``region`` (the combat's attackers not included)."""
        return self.hf[region] + self.hi[region] + self.ha[region] + self.ia[region]

    def humans_in(self, region: int) -> int:
        """Humans a face-up (or, for Adorable, peeked) token shows in ``region``; 0 else."""
        return self.token[region]

    def has_token(self, region: int) -> bool:
        """Whether ``region`` holds a Human token (face down or up)."""
        return bool(self.face_down >> region & 1 or self.token[region])

    def armories_of(self, seat: int) -> int:
        """Armories ``seat`` has on the map (FR-6.2: +1 damage each per roll)."""
        return self.cfg.armories - self.armories_left[seat]

    def nuke_tokens(self, seat: int) -> int:
        """Nuke tokens ``seat`` owns, ready and spent (FR-9.3)."""
        return self.nukes_ready[seat] + self.nukes_spent[seat]

    def seat_position(self, seat: int) -> int:
        """``seat``'s position in turn order (0 is seat 1 of the rules)."""
        return (seat - self.first) % self.cfg.players

    def alive(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game (FR-7.6)."""
        return not self.eliminated >> seat & 1

    def can_pay(self, seat: int, cost: tuple[int, ...]) -> bool:
        """Whether ``seat``'s hand covers ``cost`` (5 counts in resource order)."""
        return _covers(self.hands[5 * seat : 5 * seat + 5], cost)

    def can_build(self, seat: int, build: int) -> bool:
        """Whether ``seat``'s cards pay for ``build`` in some way its Mutation allows (FR-8.1,
        FR-11: Deranged pays the total plus one of any kinds and never the normal cost;
        Hyper-Intelligent may also pay four of one kind)."""
        c = self.cfg
        cost = c.build_costs[build]
        if self.mutation[seat] == DERANGED:
            return self.hand_size(seat) >= sum(cost) + c.deranged_extra
        if self.can_pay(seat, cost):
            return True
        if self.mutation[seat] == HYPER_INTELLIGENT:
            b = 5 * seat
            return max(self.hands[b : b + 5]) >= c.hyper_cards
        return False

    def trade_rate(self, seat: int) -> int:
        """Cards of one kind ``seat`` gives the Supply for one (FR-8.2; Hyper-Intelligent 2)."""
        c = self.cfg
        return c.trade_rate_hyper if self.mutation[seat] == HYPER_INTELLIGENT else c.trade_rate

    def retreat_capacity(self) -> int:
        """Attacker herds the legal origins can take back (FR-6.6, FR-R9)."""
        owner = self.owner
        a = self.active
        return sum(n for o, n in self.c_origins if owner[o] == a or owner[o] == NO)

    def defender_retreats(self) -> list[int]:
        """Regions the defending player may retreat to (FR-6.6, FR-R8; Adorable also into
        human-held regions, FR-R44; a defending Zombie only where its first zombie went,
        FR-R46)."""
        d = self.c_defender
        owner = self.owner
        adj = self.cfg.adjacent[self.c_region]
        own = [r for r in adj if owner[r] == d]
        options = own or [r for r in adj if owner[r] == NO and not self.has_token(r)]
        if self.mutation[d] == ADORABLE:
            options = sorted(
                set(options) | {r for r in adj if owner[r] == NO and self.has_token(r)}
            )
        if self.c_zombie_dest != NO:
            return [r for r in options if r == self.c_zombie_dest]
        return options

    def nuke_targets(self, launcher: int) -> list[int]:
        """Regions ``launcher`` may nuke on its own turn or as North Korean (FR-9.1, FR-R12):
        any region adjacent to one it controls (its own only when next to another of its)."""
        c = self.cfg
        mine = 0
        for r, o in enumerate(self.owner):
            if o == launcher:
                mine |= 1 << r
        reach = 0
        m = mine
        while m:
            low = m & -m
            reach |= c.adjacent_mask[low.bit_length() - 1]
            m ^= low
        return [r for r in range(c.regions) if reach >> r & 1]

    def nuke_back_targets(self, responder: int, nuker: int, nuked: int) -> list[int]:
        """Regions ``responder`` may nuke back (FR-R13): ``nuker``'s regions adjacent to the
        nuked region ``nuked`` or to a region ``responder`` controls."""
        c = self.cfg
        reach = c.adjacent_mask[nuked]
        for r, o in enumerate(self.owner):
            if o == responder:
                reach |= c.adjacent_mask[r]
        return [r for r in range(c.regions) if reach >> r & 1 and self.owner[r] == nuker]

    # --- legal actions --------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        phase = self.phase
        c = self.cfg
        base = c.layout.base
        if phase in MENU_PHASES:
            return self._menu()
        # trade phases first: a random player builds long proposals (the hot path)
        if phase == TRADE_SLOT:
            out = [base[PASS]]
            if self.t_made[self.t_slot] < c.window_proposals:
                out = [base[SEAT] + v for v in self._trade_partners(self.t_slot)] + out
            return out
        if phase == TRADE_PROPOSE:
            return self._proposal_choices()
        if phase == TRADE_RESPOND:
            out = [base[DECLINE]]
            if self.can_pay(self.t_to, self.t_ask):
                out.insert(0, base[ACCEPT])
            return out
        if phase == MOVE_SELECT:
            return self._move_choices()
        if phase == ALLOCATE_ATTACKER:
            return self._attacker_hits()
        if phase == ALLOCATE_DEFENDER:
            return self._defender_hits()
        if phase == ATTACKER_DECIDES:
            out = []
            if self.c_round < c.max_combat_rounds:
                out.append(base[CONTINUE])
            if self.retreat_capacity() >= self.c_att[0] + self.c_att[1]:
                out.append(base[RETREAT])
            return out
        if phase == DEFENDER_DECIDES:
            return [base[CONTINUE]] + [base[RETREAT_TO] + r for r in self.defender_retreats()]
        if phase == ROUTE_RETREAT:
            return sorted(base[ROUTE] + o for o in self._route_destinations())
        if phase in (NAME_WILD, START_CHOICE, LUCKY_FACE, SPY_RESOURCE):
            return [base[RESOURCE] + k for k in R5]
        if phase == DISCARD:
            h = self.hands
            b = 5 * self.active
            return [base[RESOURCE] + k for k in R5 if h[b + k] > 0]
        if phase == CHOOSE_START:
            return [base[START] + r for r in self._start_choices()]
        if phase == CHOOSE_MUTATION:
            seat = self.active
            return [base[MUTATION] + m for m in range(NUM_MUTATIONS) if self.dealt[seat] >> m & 1]
        if phase == PREP_PLACE:
            return [base[PLACE] + r for r in self._unfed_buildings()]
        if phase == FLY_SOURCE:
            return [base[FLY_FROM] + r for r in self._fly_sources()] + [base[DONE]]
        if phase == FLY_HEALTH:
            r = self.fly_src
            return [base[TAKE] + h for h, n in ((0, self.hf[r]), (1, self.hi[r])) if n]
        if phase == FLY_DEST:
            a = self.active
            return [
                base[FLY_TO] + r
                for r in range(c.regions)
                if self.owner[r] == a and r != self.fly_src
            ]
        if phase == STEAL_VICTIM:
            return [base[SEAT] + v for v in self._steal_victims()] + [base[PASS]]
        if phase == DOUBLES_ORDER:
            return [base[ORDER], base[ORDER] + 1]
        if phase == REDO_OFFER:
            return [base[KEEP], base[REDO]]
        if phase == PAYMENT:
            return self._payment_choices()
        if phase == SPY_WINDOW:
            return sorted(self._spy_plays(in_combat=True) + [base[PASS]])
        if phase == SPY_OPPONENT:
            return [base[SEAT] + v for v in self._richer_opponents(self.active)]
        if phase == BLACKMAIL_TAKE:
            h = self.hands
            b = 5 * self.spy_victim
            return [base[RESOURCE] + k for k in R5 if h[b + k]] + [base[DONE]]
        if phase == NUKE_TARGET:
            return [base[TARGET] + r for r in self._launch_targets()]
        if phase == HACK:
            out = [base[PASS]]
            if self._can_play(self.n_victim, HACKING):
                out.append(base[PLAY_SPY] + HACKING)
            return out
        if phase == POCKET_ALLOCATE:
            return self._pocket_hits()
        if phase == NUKE_RESPONSE:
            return self._response_choices()
        raise AssertionError(f"no decisions in phase {phase}")

    def _menu(self) -> list[int]:
        """The free actions (and in phase 2 the herd actions) of the active player (FR-5.1)."""
        c = self.cfg
        base = c.layout.base
        a = self.active
        out: list[int] = []
        phase = self.phase
        owner = self.owner
        mine = [r for r, o in enumerate(owner) if o == a]
        if phase == ACTIONS:
            hf = self.hf
            hi = self.hi
            adjacent = c.adjacent_mask
            reach = 0
            own = 0
            for r in mine:
                own |= 1 << r
                if hf[r] or hi[r]:
                    reach |= adjacent[r]
            reach &= ~(self.attacked & ~own)  # FR-6.8: no re-entry unless controlled
            move_to = base[MOVE_TO]
            while reach:
                low = reach & -reach
                out.append(move_to + low.bit_length() - 1)
                reach ^= low
            heal = base[HEAL]
            out.extend(heal + r for r in mine if hi[r])
        building = self.building
        if self.barns_left[a] and self.can_build(a, BUILD_BARN):
            barn = base[BARN_AT]
            out.extend(barn + r for r in mine if not building[r])
        if self.armories_left[a] and self.can_build(a, BUILD_ARMORY):
            armory = base[ARMORY_AT]
            out.extend(armory + r for r in mine if building[r] == BARN)
        rate = self.trade_rate(a)
        hand = self.hands[5 * a : 5 * a + 5]
        trade = base[TRADE]
        for g in R5:
            if hand[g] >= rate:
                out.extend(trade + g * 5 + t for t in R5 if t != g)
        out.extend(self._spy_and_nuke_menu())
        if c.open_trading and self.t_open < c.open_proposals:
            out.extend(base[SEAT] + v for v in self._trade_partners(a))
        out.append(base[END_TURN] if phase == DISCARD_PHASE else base[END_PHASE])
        out.sort()
        return out

    def _spy_and_nuke_menu(self) -> list[int]:
        """Spies and nukes among the free actions (FR-8.1, FR-9.1, FR-10)."""
        c = self.cfg
        base = c.layout.base
        a = self.active
        out = []
        if sum(self.spy_deck) and self.can_build(a, BUILD_SPY):
            out.append(base[BUY_SPY])
        if self.can_build(a, BUILD_NUKE):
            out.append(base[BUY_NUKE])
        if self.nuke_targets(a):
            if self.nukes_ready[a]:
                out.append(base[LAUNCH] + NUKE_TOKEN)
            if self._can_play(a, POCKET_NUKE):
                out.append(base[LAUNCH] + NUKE_POCKET)
        out.extend(self._spy_plays(in_combat=False))
        return out

    def _can_play(self, seat: int, card: int) -> bool:
        """Whether ``seat`` holds ``card`` it may play now: not one got this turn, unless a VP
        Spy (FR-10, FR-R47)."""
        held = self.spies[NUM_SPY_KINDS * seat + card]
        if not held:
            return False
        if seat == self.active and card not in VP_SPIES:
            return held > self.fresh[card]
        return True

    def _spy_plays(self, in_combat: bool) -> list[int]:
        """PLAY_SPY and SWAP_SPY choices of the active player (FR-10, FR-R20, FR-R21): every
        Spy but Hacking (a reaction) and Pocket Nuke (a launch, never in combat)."""
        base = self.cfg.layout.base
        a = self.active
        out = []
        for card in S11:
            if card in (HACKING, POCKET_NUKE) or not self._can_play(a, card):
                continue
            if card in (BLACKMAIL, DOUBLE_AGENT) and not self._richer_opponents(a):
                continue  # FR-R50: nobody with more visible VP
            out.append(base[PLAY_SPY] + card)
        if self._can_swap(a):
            out.append(base[SWAP_SPY])
        return out

    def _can_swap(self, seat: int) -> bool:
        """FR-R21: Regenerative may swap Field Hospital, Radioactive Hacking, for a new Spy
        while the deck has one."""
        card = {REGENERATIVE: FIELD_HOSPITAL, RADIOACTIVE: HACKING}.get(self.mutation[seat], NO)
        return card != NO and self._can_play(seat, card) and sum(self.spy_deck) > 0

    def _richer_opponents(self, seat: int) -> list[int]:
        """Players still in the game with more visible VP than ``seat`` (FR-R19, FR-R50)."""
        mine = self.visible_vp(seat)
        return [
            v
            for v in range(self.cfg.players)
            if v != seat and self.alive(v) and self.visible_vp(v) > mine
        ]

    def _move_choices(self) -> list[int]:
        c = self.cfg
        base = c.layout.base
        a = self.active
        owner = self.owner
        out: list[int] = []
        used = {o for o, _, _ in self.move_sel}
        for r in c.adjacent[self.move_dest]:
            if (
                owner[r] == a
                and r != self.move_src
                and r not in used
                and (self.hf[r] or self.hi[r])
            ):
                out.append(base[SOURCE] + r)
        src = self.move_src
        if src != NO:
            taken_h, taken_i = self._taken(src)
            if self.hf[src] > taken_h:
                out.append(base[TAKE])
            if self.hi[src] > taken_i:
                out.append(base[TAKE] + 1)
        if self.move_sel:
            out.append(base[CONFIRM])
        if self.cancels < c.max_cancels:
            out.append(base[CANCEL])
        out.sort()
        return out

    def _taken(self, region: int) -> tuple[int, int]:
        for o, h, i in self.move_sel:
            if o == region:
                return h, i
        return 0, 0

    def _start_choices(self) -> list[int]:
        """Legal start regions for the seat choosing (FR-R29)."""
        c = self.cfg
        owner = self.owner
        if not c.random_starts:
            return [r for r in c.starts if owner[r] == NO]
        if self.setup_step < 3:
            return [r for r in range(c.regions) if c.edge_mask >> r & 1 and owner[r] == NO]
        chosen = 0
        for r in range(c.regions):
            if owner[r] != NO:
                chosen |= 1 << r
        return [r for r in range(c.regions) if owner[r] == NO and not (c.adjacent_mask[r] & chosen)]

    def _unfed_buildings(self) -> list[int]:
        a = self.active
        return [
            r
            for r in range(self.cfg.regions)
            if self.owner[r] == a and self.building[r] and not (self.prep_given >> r & 1)
        ]

    def _fly_sources(self) -> list[int]:
        """Flying: regions with herds, while another region is controlled and flights are
        left (FR-11, FR-R59)."""
        a = self.active
        mine = [r for r in range(self.cfg.regions) if self.owner[r] == a]
        if len(mine) < 2 or self.flights >= self.cfg.herds:
            return []
        return [r for r in mine if self.hf[r] or self.hi[r]]

    def _steal_victims(self) -> list[int]:
        a = self.active
        return [
            v for v in range(self.cfg.players) if v != a and self.alive(v) and self.hand_size(v) > 0
        ]

    # --- combat choices (FR-6.3, FR-R46) --------------------------------------------------
    def _attacker_hits(self) -> list[int]:
        base = self.cfg.layout.base
        h, i = self.c_att
        out = []
        if h:
            out.append(base[HIT])
        if i:
            out.append(base[HIT] + 1)
            if self.mutation[self.active] == ZOMBIE:
                out.extend(base[ZOMBIE_TO] + o for o in self._route_destinations())
        return sorted(out)

    def _defender_hits(self) -> list[int]:
        base = self.cfg.layout.base
        r = self.c_region
        out = []
        if self.hf[r]:
            out.append(base[HIT])
        if self.hi[r]:
            out.append(base[HIT] + 1)
            if self.mutation[self.c_defender] == ZOMBIE:
                out.extend(base[ZOMBIE_TO] + d for d in self.defender_retreats())
        if self.c_humans:
            out.append(base[HIT] + 2)  # FR-R6: gun hits may go to Adorable's humans
        return sorted(out)

    def _pocket_hits(self) -> list[int]:
        """FR-R45: the victim allocates a Pocket Nuke's points among its units in the target."""
        base = self.cfg.layout.base
        t = self.n_target
        out = []
        if self._nukable_herds(t, self.n_hacked):
            if self.hf[t] + self.ha[t]:
                out.append(base[HIT])
            if self.hi[t] + self.ia[t]:
                out.append(base[HIT] + 1)
        if self.n_humans:
            out.append(base[HIT] + 2)
        return out

    def _route_destinations(self) -> list[int]:
        """Origins that may take a retreating attacker herd back (FR-6.6, FR-R9)."""
        owner = self.owner
        a = self.active
        return [o for o, n in self.c_origins if n > 0 and (owner[o] == a or owner[o] == NO)]

    # --- payment, nukes, trades -----------------------------------------------------------
    def _payment_choices(self) -> list[int]:
        """FR-8.1 step 3: normal cost; Hyper-Intelligent 4 of one kind; Deranged one card at a
        time (the cards chosen so far set aside until the total is reached)."""
        c = self.cfg
        base = c.layout.base
        seat = self._payer()
        b = 5 * seat
        hand = self.hands[b : b + 5]
        out = []
        if self.mutation[seat] == DERANGED:
            sel = self.pay_sel
            out = [base[RESOURCE] + k for k in R5 if hand[k] > sel[k]]
        else:
            if _covers(hand, c.build_costs[self.pay_build]):
                out.append(base[PAY_NORMAL])
            if self.mutation[seat] == HYPER_INTELLIGENT:
                out.extend(base[PAY_FOUR] + k for k in R5 if hand[k] >= c.hyper_cards)
        if self.cancels < c.max_cancels:
            out.append(base[CANCEL])
        return sorted(out)

    def _payer(self) -> int:
        """The seat paying for the build in progress: a nuke-back responder, or the active
        player."""
        return self.n_stack[-1][0] if self.pay_build == BUILD_NUKE_BACK else self.active

    def _launch_targets(self) -> list[int]:
        """Targets of the nuke being launched: a nuke-back's (FR-R13) or any other's (FR-R12;
        North Korean's too, FR-11)."""
        if (
            self.n_stack
            and self.n_kind != NUKE_NORTH_KOREAN
            and self.n_launcher == (self.n_stack[-1][0])
        ):
            responder, nuker, nuked = self.n_stack[-1]
            return self.nuke_back_targets(responder, nuker, nuked)
        return self.nuke_targets(self.n_launcher)

    def _response_choices(self) -> list[int]:
        """The responder on top of the stack (FR-9.4 step 7): pass, or launch a token, a Nuke
        built now (FR-R38; no trading first) or a Pocket Nuke at a legal target."""
        c = self.cfg
        base = c.layout.base
        responder, nuker, nuked = self.n_stack[-1]
        out = []
        if self.nuke_back_targets(responder, nuker, nuked):
            if self.nukes_ready[responder]:
                out.append(base[LAUNCH] + NUKE_TOKEN)
            if self.can_build(responder, BUILD_NUKE_BACK):
                out.append(base[LAUNCH] + NUKE_BUILT)
            if self._can_play(responder, POCKET_NUKE):
                out.append(base[LAUNCH] + NUKE_POCKET)
        out.append(base[PASS])
        return sorted(out)

    def _could_respond(self, seat: int) -> bool:
        """Whether public facts leave ``seat`` a way to nuke back: a ready token, a Spy card
        (perhaps a Pocket Nuke) or as many cards as a Nuke can cost it (§16 prompt hygiene)."""
        c = self.cfg
        cost = sum(c.build_costs[BUILD_NUKE_BACK])
        if self.mutation[seat] == DERANGED:
            cost += c.deranged_extra
        elif self.mutation[seat] == HYPER_INTELLIGENT:
            cost = min(cost, c.hyper_cards)
        return bool(self.nukes_ready[seat] or self.spy_count(seat) or self.hand_size(seat) >= cost)

    def _trade_partners(self, seat: int) -> list[int]:
        """Players ``seat`` may propose a trade to (FR-8.3: participants, not itself)."""
        return [v for v in range(self.cfg.players) if v != seat and self.alive(v)]

    def _proposal_choices(self) -> list[int]:
        """FR-8.3: give cards one kind at a time (from the hand), ask for cards one kind at a
        time (at most the recipient's hand size in all), submit once a card moves, cancel."""
        c = self.cfg
        base = c.layout.base
        b = 5 * self.t_from
        give = self.t_give
        ask = self.t_ask
        out = [base[GIVE] + k for k in R5 if self.hands[b + k] > give[k]]
        if sum(ask) < self.hand_size(self.t_to):
            out.extend(base[ASK] + k for k in R5)
        if sum(give) + sum(ask):
            out.append(base[SUBMIT])
        out.append(base[CANCEL])
        return sorted(out)

    # --- chance ---------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        c = self.cfg
        if phase == ROLL_ATTACKER:
            return list(c.combat_rolls[self.c_att[0] + self.c_att[1]])
        if phase == ROLL_DEFENDER:
            return list(c.combat_rolls[self._defender_units()])
        if phase == ROLL_RESOURCES:
            return list(c.dice_rolls)
        if phase in (REVEAL, PEEK):
            unseen = self._unpeeked_values()
            total = sum(unseen)
            return [(v + 1, n / total) for v, n in enumerate(unseen) if n]
        if phase == START_ROLL:
            return list(c.start_roll)
        if phase == FIRST_SEAT:
            n = c.players
            return [(s, 1 / n) for s in range(n)]
        if phase == DEAL_MUTATION:
            taken = 0
            for mask in self.dealt:
                taken |= mask
            free = [m for m in range(NUM_MUTATIONS) if not taken >> m & 1]
            return [(m, 1 / len(free)) for m in free]
        if phase == SPY_DRAW:
            deck = self.spy_deck
            total = sum(deck)
            return [(k, deck[k] / total) for k in S11 if deck[k]]
        if phase in (STEAL_DRAW, AGENT_DRAW):
            victim = self.steal_victim if phase == STEAL_DRAW else self.agent_queue[0][0]
            b = 5 * victim
            hand = self.hands[b : b + 5]
            total = sum(hand)
            return [(k, hand[k] / total) for k in R5 if hand[k]]
        raise AssertionError(f"phase {phase} is not a chance node")

    def _unpeeked_values(self) -> list[int]:
        """Tokens of value 1, 2, 3 nobody has seen, less those Adorable peeked at: what a
        face-down token nobody peeked at may be (FR-2.6, FR-11)."""
        unseen = self.unknown[:]
        m = self.peeked
        while m:
            low = m & -m
            unseen[self.token[low.bit_length() - 1] - 1] -= 1
            m ^= low
        return unseen

    def _defender_units(self) -> int:
        """Dice the defender rolls (FR-6.2): humans, or herds (plus Adorable's humans)."""
        if self.c_defender == HUMANS:
            return self.c_humans
        r = self.c_region
        return self.hf[r] + self.hi[r] + self.c_humans

    # --- applying -------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase in CHANCE_PHASES:
            self._apply_chance(action)
            return
        kind, arg = self.cfg.layout.decode(action)
        if phase in MENU_PHASES:
            self._apply_menu(kind, arg)
        elif phase in TRADE_PHASES:
            self._apply_trade(kind, arg)
        elif phase == MOVE_SELECT:
            self._apply_move(kind, arg)
        elif phase == ALLOCATE_ATTACKER:
            self._hit_attacker(kind, arg)
        elif phase == ALLOCATE_DEFENDER:
            self._hit_defender(kind, arg)
        elif phase == ATTACKER_DECIDES:
            if kind == CONTINUE:
                self._attacker_continues()
            else:
                self._attacker_retreats()
        elif phase == DEFENDER_DECIDES:
            if kind == CONTINUE:
                self._next_round()
            else:
                self._defender_retreats(arg)
        elif phase == ROUTE_RETREAT:
            self._route(arg)
        elif phase == NAME_WILD:
            self._name_wild(arg)
        elif phase == LUCKY_FACE:
            self._lucky_face(arg)
        elif phase == START_CHOICE:
            self._gain_public(self.active, arg, 1)
            self._next_starting_resource()
        elif phase == DISCARD:
            self._pay(self.active, arg, 1)
            self.discards -= 1
            if not self.discards:
                self._after_discards()
        elif phase == CHOOSE_START:
            self._choose_start(arg)
        elif phase == CHOOSE_MUTATION:
            self._choose_mutation(arg)
        elif phase == PREP_PLACE:
            self._place_herd(arg)
        elif phase in (FLY_SOURCE, FLY_HEALTH, FLY_DEST):
            self._apply_flying(kind, arg)
        elif phase == STEAL_VICTIM:
            if kind == PASS:
                self._next_doubles_effect()
            else:
                self.steal_victim = arg
                self.phase = STEAL_DRAW
                self.decider = NO
        elif phase == DOUBLES_ORDER:
            self._order_doubles(arg)
        elif phase == REDO_OFFER:
            if kind == REDO:
                self._redo()
            else:
                self.redo_used |= 1 << self.active
                self._score_and_pass()
        elif phase == PAYMENT:
            self._apply_payment(kind, arg)
        elif phase == SPY_WINDOW:
            if kind == PASS:
                self._after_spy_window()
            else:
                self.resume = SPY_WINDOW
                self._apply_spy(kind, arg)
        elif phase == SPY_OPPONENT:
            self._blackmail_opponent(arg)
        elif phase == BLACKMAIL_TAKE:
            self._blackmail_take(kind, arg)
        elif phase == SPY_RESOURCE:
            self._spy_resource(arg)
        elif phase == NUKE_TARGET:
            self._aim(arg)
        elif phase == HACK:
            self._hack(kind == PLAY_SPY)
        elif phase == POCKET_ALLOCATE:
            self._pocket_hit(arg)
        elif phase == NUKE_RESPONSE:
            self._respond(kind, arg)
        else:
            raise IllegalActionError(f"no decisions in phase {phase}")

    def _apply_chance(self, outcome: int) -> None:
        phase = self.phase
        if phase == ROLL_ATTACKER:
            self.c_rolls = (outcome, NO)
            self.phase = ROLL_DEFENDER
        elif phase == ROLL_DEFENDER:
            self.c_rolls = (self.c_rolls[0], outcome)
            self._resolve_rolls()
        elif phase == ROLL_RESOURCES:
            self._resources_rolled(outcome // 6, outcome % 6)
        elif phase == REVEAL:
            self._reveal(outcome)
        elif phase == PEEK:
            self._peek(outcome)
        elif phase == START_ROLL:
            self._gain_public(self.active, outcome, 1)
            self._next_starting_resource()
        elif phase == FIRST_SEAT:
            self._set_first(outcome)
        elif phase == DEAL_MUTATION:
            self._deal(outcome)
        elif phase == SPY_DRAW:
            self._draw_spy(outcome)
        elif phase == STEAL_DRAW:
            self._take_secretly(self.steal_victim, self.active, outcome)
            self.steal_victim = NO
            self._next_doubles_effect()
        elif phase == AGENT_DRAW:
            self._agent_draw(outcome)
        else:
            raise AssertionError(f"phase {phase} is not a chance node")

    # --- hands ----------------------------------------------------------------------------
    def _gain_public(self, seat: int, kind: int, n: int) -> None:
        """``seat`` gains ``n`` cards of ``kind`` in view of everyone."""
        self.hands[5 * seat + kind] += n
        self.known[5 * seat + kind] += n

    def _pay(self, seat: int, kind: int, n: int) -> None:
        """``seat`` gives ``n`` cards of ``kind`` away in view of everyone: the cards come from
        those others knew of first, then from the unknown ones."""
        i = 5 * seat + kind
        self.hands[i] -= n
        from_known = min(n, self.known[i])
        self.known[i] -= from_known
        self.unknown_cards[seat] -= n - from_known
        if not self.unknown_cards[seat]:
            self.unknown_kinds[seat] = 0

    def _pay_cost(self, seat: int, cost: tuple[int, ...]) -> None:
        for k in R5:
            if cost[k]:
                self._pay(seat, k, cost[k])

    def _shown(self, seat: int, kind: int, n: int) -> None:
        """Everyone sees that ``seat`` holds at least ``n`` cards of ``kind`` (a proposal
        offers them, FR-8.3): unknown cards become known ones."""
        i = 5 * seat + kind
        more = min(n - self.known[i], self.unknown_cards[seat])
        if more > 0:
            self.known[i] += more
            self.unknown_cards[seat] -= more
            if not self.unknown_cards[seat]:
                self.unknown_kinds[seat] = 0

    def _has_none(self, seat: int, kind: int) -> None:
        """Everyone sees that ``seat`` holds no ``kind`` (it gave none to Propaganda)."""
        if self.unknown_cards[seat]:
            self.unknown_kinds[seat] &= ~(1 << kind)

    def _take_secretly(self, victim: int, thief: int, kind: int) -> None:
        """One card of ``kind`` goes from ``victim`` to ``thief``, its kind known to the two of
        them only (FR-R49, FR-R50; FR-16).

        What the others can deduce: the victim lost one card of a kind it may have held (each
        kind it surely held, less one, stays sure); the thief gained one such card. When the
        victim's cards were all of one known kind, everyone can tell what was taken."""
        b = 5 * victim
        known = self.known
        sure = known[b : b + 5]
        possible = sum(1 << k for k in R5 if sure[k]) | (
            self.unknown_kinds[victim] if self.unknown_cards[victim] else 0
        )
        self.hands[b + kind] -= 1
        self.hands[5 * thief + kind] += 1
        if possible == 1 << kind:  # only one kind it could be: public by deduction
            known[b + kind] -= 1
            known[5 * thief + kind] += 1
            return
        for k in R5:
            if sure[k]:
                known[b + k] = sure[k] - 1
        self.unknown_cards[victim] = sum(self.hands[b : b + 5]) - sum(known[b : b + 5])
        self.unknown_kinds[victim] = possible if self.unknown_cards[victim] else 0
        self.unknown_cards[thief] += 1
        self.unknown_kinds[thief] |= possible

    # --- setup (FR-4) ---------------------------------------------------------------------
    def _set_first(self, seat: int) -> None:
        """FR-4 step 2; then the Mutations are dealt (step 5), or given by the parameter."""
        c = self.cfg
        n = c.players
        self.first = seat
        self.setup_step = 0
        if c.fixed_mutations:
            self.mutation = list(c.fixed_mutations)
        elif c.mutations_on:
            deal: list[int] = []
            for position in range(n):
                deal.extend([(seat + position) % n] * c.mutations_dealt[position])
            self.deal_left = tuple(deal)
            self.active = deal[0]
            self.decider = NO
            self.phase = DEAL_MUTATION
            return
        self._setup_choices()

    def _deal(self, mutation: int) -> None:
        """FR-4 step 5: one Mutation dealt face down to the next seat owed one."""
        seat, self.deal_left = self.deal_left[0], self.deal_left[1:]
        self.dealt[seat] |= 1 << mutation
        if self.deal_left:
            self.active = self.deal_left[0]
            return
        self._setup_choices()

    def _setup_choices(self) -> None:
        """FR-4 step 6: the seat at ``setup_step`` in turn order chooses its Mutation (if it
        was dealt some) and its start."""
        seat = (self.first + self.setup_step) % self.cfg.players
        self.active = seat
        self.decider = seat
        self.phase = CHOOSE_MUTATION if self.dealt[seat] else CHOOSE_START

    def _choose_mutation(self, mutation: int) -> None:
        """FR-4 step 6.1: the chosen Mutation is revealed; the others stay face down."""
        self.mutation[self.active] = mutation
        self.phase = CHOOSE_START

    def _choose_start(self, region: int) -> None:
        """FR-4 step 6.2: a Barn and 2 healthy herds on the chosen start (Blue-Blooded: an
        Armory and 3, FR-2.1); step 6.3: Adorable's start gets a face-down Human token."""
        c = self.cfg
        seat = self.active
        self.owner[region] = seat
        herds = c.start_herds
        if self.mutation[seat] == BLUE_BLOODED:
            self.building[region] = ARMORY
            self.armories_left[seat] -= 1
            herds = c.blue_start_herds
        else:
            self.building[region] = BARN
            self.barns_left[seat] -= 1
        self.hf[region] = herds
        self.herds_left[seat] -= herds
        if self.mutation[seat] == ADORABLE:
            self.face_down |= 1 << region
            self.phase = PEEK  # FR-11: Adorable may peek at tokens in its regions
            self.decider = NO
            return
        self._next_setup_seat()

    def _next_setup_seat(self) -> None:
        c = self.cfg
        n = c.players
        self.setup_step += 1
        if self.setup_step < n:
            self._setup_choices()
            return
        # FR-4 step 3, FR-3.7, FR-R48: a face-down token on every region nobody started on.
        for r in range(c.regions):
            if self.owner[r] == NO:
                self.face_down |= 1 << r
        owed: list[int] = []
        for position, count in enumerate(c.starting_resources[:n]):
            owed.extend([(self.first + position) % n] * count)
        self.owed = tuple(owed)
        self._next_starting_resource()

    def _next_starting_resource(self) -> None:
        """FR-4 step 7: the next starting resource, rolled (FR-R22) or chosen (Experienced);
        then the opening trade window (FR-R33) and the first turn."""
        if self.owed:
            seat, self.owed = self.owed[0], self.owed[1:]
            self.active = seat
            if self.cfg.experienced:
                self.phase = START_CHOICE
                self.decider = seat
            else:
                self.phase = START_ROLL
                self.decider = NO
            return
        self.round = 1
        if self.cfg.opening_window:
            self.active = NO
            self._open_window(self.first)
            return
        self._begin_turn(self.first)

    # --- turn structure (FR-5) ------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        c = self.cfg
        self.active = seat
        self.decider = seat
        self.attacked = 0
        self.nuked = 0
        self.cancels = 0
        self.t_open = 0
        self.dice = (NO, NO)
        self.named = ()
        self.lucky = False
        self.fresh = [0] * NUM_SPY_KINDS
        hf, hi, ha, ia = self.hf, self.hi, self.ha, self.ia
        for r in range(c.regions):
            if ha[r] or ia[r]:
                hf[r] += ha[r]
                hi[r] += ia[r]
                ha[r] = ia[r] = 0
        self.start_owner = tuple(self.owner)
        if c.new_players >> seat & 1 and not self.turns[seat] and not (self.redo_used >> seat & 1):
            snapshot = self.clone()
            snapshot._legal_cache = None
            self.redo_snapshot = snapshot
        self.turns[seat] += 1
        self._preparation()

    def _preparation(self) -> None:
        """FR-5.2: Turmoil clean-up, then a herd at each of the active player's buildings."""
        c = self.cfg
        a = self.active
        owner = self.owner
        for r in range(c.regions):
            if self.turmoil >> r & 1 and (owner[r] == a or owner[r] == NO):
                self.turmoil &= ~(1 << r)
        buildings = [r for r in range(c.regions) if owner[r] == a and self.building[r]]
        if self.herds_left[a] >= len(buildings):
            for r in buildings:
                self.hf[r] += 1
            self.herds_left[a] -= len(buildings)
            self._after_preparation()
        elif self.herds_left[a] == 0:
            self._after_preparation()
        else:
            self.prep_left = self.herds_left[a]
            self.prep_given = 0
            self.phase = PREP_PLACE

    def _place_herd(self, region: int) -> None:
        """FR-R4: the owner picks the buildings that get the herds left."""
        self.hf[region] += 1
        self.herds_left[self.active] -= 1
        self.prep_given |= 1 << region
        self.prep_left -= 1
        if not self.prep_left:
            self.prep_given = 0
            self._after_preparation()

    def _after_preparation(self) -> None:
        """FR-5.2 step 3: Flying may redistribute its herds; then the Actions phase."""
        self.flights = 0
        if self.mutation[self.active] == FLYING and self._fly_sources():
            self.phase = FLY_SOURCE
            return
        self._to_actions()

    def _to_actions(self) -> None:
        self.phase = ACTIONS
        self.decider = self.active
        self._auto_reveal()

    def _apply_flying(self, kind: int, arg: int) -> None:
        """FR-11 Flying: source region, health, destination, one herd at a time, until Done.
        Not movement: the herd keeps its action; an emptied region without a building is
        abandoned (FR-R25, FR-R59)."""
        if kind == DONE:
            self.fly_src = self.fly_health = NO
            self._to_actions()
        elif kind == FLY_FROM:
            self.fly_src = arg
            self.phase = FLY_HEALTH
        elif kind == TAKE:
            self.fly_health = arg
            self.phase = FLY_DEST
        else:
            src = self.fly_src
            if self.fly_health == 0:
                self.hf[src] -= 1
                self.hf[arg] += 1
            else:
                self.hi[src] -= 1
                self.hi[arg] += 1
            self._update_owner(src)
            self.flights += 1
            self.fly_src = self.fly_health = NO
            if self._fly_sources():
                self.phase = FLY_SOURCE
            else:
                self._to_actions()

    # --- the actions menu (FR-5.1, FR-8) --------------------------------------------------
    def _apply_menu(self, kind: int, arg: int) -> None:
        a = self.active
        c = self.cfg
        if kind == MOVE_TO:
            self.move_dest = arg
            self.move_src = NO
            self.move_sel = ()
            self.phase = MOVE_SELECT
        elif kind == HEAL:
            # FR-5.3: the herd is healed and has acted.
            self.hi[arg] -= 1
            self.ha[arg] += 1
        elif kind == BARN_AT:
            self._start_build(BUILD_BARN, arg)
        elif kind == ARMORY_AT:
            self._start_build(BUILD_ARMORY, arg)
        elif kind == BUY_SPY:
            self._start_build(BUILD_SPY, NO)
        elif kind == BUY_NUKE:
            self._start_build(BUILD_NUKE, NO)
        elif kind == TRADE:
            give, take = divmod(arg, 5)
            self._pay(a, give, self.trade_rate(a))
            self._gain_public(a, take, 1)
        elif kind == LAUNCH:
            self.resume = self.phase
            self._launch(a, arg)
        elif kind in (PLAY_SPY, SWAP_SPY):
            self.resume = self.phase
            self._apply_spy(kind, arg)
        elif kind == SEAT:
            self.resume = self.phase
            self.t_open += 1
            self._start_proposal(a, arg)
        elif kind == END_PHASE:
            if self.phase == ACTIONS:
                self._start_resources()
            else:
                self.phase = DISCARD_PHASE
        elif kind == END_TURN:
            excess = self.hand_size(a) - c.hand_limit
            if excess > 0:
                self.discards = excess
                self.phase = DISCARD
            else:
                self._after_discards()
            return
        else:
            raise IllegalActionError(f"action kind {kind} is not a menu action")
        if self.phase in MENU_PHASES:
            self._auto_reveal()

    # --- building and paying (FR-8.1, FR-11) ----------------------------------------------
    def _start_build(self, build: int, region: int) -> None:
        """Pay for ``build``: at once when the normal cost is the only way, else choose how
        (Hyper-Intelligent, Deranged)."""
        seat = self.n_stack[-1][0] if build == BUILD_NUKE_BACK else self.active
        self.pay_build = build
        self.pay_region = region
        self.pay_sel = (0, 0, 0, 0, 0)
        if self.mutation[seat] in (DERANGED, HYPER_INTELLIGENT):
            if build != BUILD_NUKE_BACK:
                self.resume = self.phase
            self.phase = PAYMENT
            self.decider = seat
            return
        self._pay_cost(seat, self.cfg.build_costs[build])
        self._finish_build(seat)

    def _apply_payment(self, kind: int, arg: int) -> None:
        seat = self._payer()
        c = self.cfg
        if kind == CANCEL:
            self.cancels += 1
            build = self.pay_build
            self.pay_build = self.pay_region = NO
            self.pay_sel = (0, 0, 0, 0, 0)
            if build == BUILD_NUKE_BACK:
                self.phase = NUKE_RESPONSE
                self.decider = seat
            else:
                self._resume()
            return
        if kind == PAY_NORMAL:
            self._pay_cost(seat, c.build_costs[self.pay_build])
        elif kind == PAY_FOUR:
            self._pay(seat, arg, c.hyper_cards)
        else:  # Deranged: one more card of kind ``arg`` (FR-11)
            sel = list(self.pay_sel)
            sel[arg] += 1
            self.pay_sel = tuple(sel)
            if sum(sel) < sum(c.build_costs[self.pay_build]) + c.deranged_extra:
                return
            self._pay_cost(seat, self.pay_sel)
            self.pay_sel = (0, 0, 0, 0, 0)
        self._finish_build(seat)

    def _finish_build(self, seat: int) -> None:
        """The build takes effect once paid (FR-8.1)."""
        build = self.pay_build
        region = self.pay_region
        paid_in_phase = self.phase == PAYMENT
        self.pay_build = self.pay_region = NO
        if build == BUILD_BARN:
            self.barns_left[seat] -= 1
            self.building[region] = BARN
        elif build == BUILD_ARMORY:
            self.barns_left[seat] += 1  # FR-8.1: the Barn returns to the personal supply
            self.armories_left[seat] -= 1
            self.building[region] = ARMORY
        elif build == BUILD_SPY:
            if not paid_in_phase:
                self.resume = self.phase
            self.phase = SPY_DRAW
            self.decider = NO
            return
        elif build == BUILD_NUKE:  # a ready token (FR-9.1), counted for Nukiest (FR-9.3)
            self.nukes_ready[seat] += 1
            self._update_nukiest(seat)
        else:  # a Nuke built to nuke back: its token is spent at once (FR-R13, FR-R38)
            self.nukes_spent[seat] += 1
            self._update_nukiest(seat)
            if self.phase != OVER:
                self._aim_nuke(seat, NUKE_BUILT)
            return
        self._check_win(seat)
        if paid_in_phase and self.phase != OVER:
            self._resume()

    # --- moves (FR-5.3) -------------------------------------------------------------------
    def _apply_move(self, kind: int, arg: int) -> None:
        if kind == SOURCE:
            self.move_src = arg
        elif kind == TAKE:
            src = self.move_src
            sel = list(self.move_sel)
            for i, (o, h, inj) in enumerate(sel):
                if o == src:
                    sel[i] = (o, h + (arg == 0), inj + (arg == 1))
                    break
            else:
                sel.append((src, int(arg == 0), int(arg == 1)))
            self.move_sel = tuple(sel)
        elif kind == CONFIRM:
            self._confirm_move()
        elif kind == CANCEL:
            self.cancels += 1
            self._end_move()
        else:
            raise IllegalActionError(f"action kind {kind} is not a move choice")

    def _end_move(self) -> None:
        self.move_dest = NO
        self.move_src = NO
        self.move_sel = ()
        self.phase = ACTIONS

    def _confirm_move(self) -> None:
        a = self.active
        d = self.move_dest
        owner = self.owner
        healthy = injured = 0
        for o, h, i in self.move_sel:
            self.hf[o] -= h
            self.hi[o] -= i
            healthy += h
            injured += i
            self._update_owner(o)
        origins = tuple((o, h + i) for o, h, i in self.move_sel)
        self._end_move()
        holder = owner[d]
        adorable = self.mutation[a] == ADORABLE
        if holder == a or (holder == NO and (adorable or not self.has_token(d))):
            # A plain move (FR-R3): into one's own region or an empty one; Adorable walks in
            # among humans without combat (FR-R26).
            self.ha[d] += healthy
            self.ia[d] += injured
            owner[d] = a
            self._settle()
            return
        self.attacked |= 1 << d
        humans = self.has_token(d)  # Adorable's humans defend its region (FR-11)
        if holder != NO and not (self.hf[d] or self.hi[d]) and not humans:
            # FR-R2: only a building: captured without dice, the building destroyed.
            self._destroy_building(d)
            self.ha[d] += healthy
            self.ia[d] += injured
            owner[d] = a
            self._check_eliminated(holder)
            return
        self.c_region = d
        self.c_att = (healthy, injured)
        self.c_origins = origins
        self.c_round = 0
        self.c_rolls = (NO, NO)
        if holder == NO:
            self.c_defender = HUMANS
        else:
            self.c_defender = holder if self.hf[d] or self.hi[d] else HUMANS
            if humans:
                self.c_adorable = holder
        if humans and self.face_down >> d & 1:
            if self.peeked >> d & 1:
                self._reveal(self.token[d])  # Adorable's peeked token: its value goes public
                return
            self.phase = REVEAL  # FR-6.1: the token is revealed only now
            self.decider = NO
            return
        self.c_humans = self.token[d]
        self.phase = ROLL_ATTACKER
        self.decider = NO

    def _update_owner(self, region: int) -> None:
        """FR-7.1: a region is controlled while its owner has a herd or a building there."""
        if not self.building[region] and not self.herds_in(region):
            self.owner[region] = NO

    def _destroy_building(self, region: int) -> None:
        """FR-7.5: a building returns to its owner's supply, who loses its VP."""
        b = self.building[region]
        if b == NO_BUILDING:
            return
        victim = self.owner[region]
        if b == BARN:
            self.barns_left[victim] += 1
        else:
            self.armories_left[victim] += 1
        self.building[region] = NO_BUILDING

    def _peek_region(self) -> int:
        """A region of Adorable's holding a face-down token it has not peeked at, or NO."""
        m = self.face_down & ~self.peeked
        while m:
            low = m & -m
            r = low.bit_length() - 1
            o = self.owner[r]
            if o != NO and self.mutation[o] == ADORABLE:
                return r
            m ^= low
        return NO

    def _settle(self) -> None:
        """Back to the active player's Actions phase, once Adorable has peeked at any new
        token in its regions (FR-11)."""
        if self._peek_region() != NO:
            self.phase = PEEK
            self.decider = NO
            return
        self.phase = ACTIONS
        self.decider = self.active
        self._auto_reveal()

    def _peek(self, value: int) -> None:
        """FR-11: Adorable looks at a face-down token in its region; only it knows the value."""
        r = self._peek_region()
        self.token[r] = value
        self.peeked |= 1 << r
        if self.round == 0:
            self._next_setup_seat()
        else:
            self._settle()

    # --- combat (FR-6) --------------------------------------------------------------------
    def _clear_combat(self) -> None:
        self.c_region = NO
        self.c_defender = NO
        self.c_att = (0, 0)
        self.c_origins = ()
        self.c_humans = 0
        self.c_heads = 0
        self.c_adorable = NO
        self.c_zombie_dest = NO
        self.c_escaped = ()
        self.c_round = 0
        self.c_damage = 0
        self.c_def_damage = 0
        self.c_rolls = (NO, NO)
        self.route = (0, 0)

    def _reveal(self, value: int) -> None:
        """FR-6.1: the face-down token's value becomes public (drawn from the tokens no one has
        seen, or the one Adorable peeked at): the combat rolls; or a Pocket Nuke kills 2."""
        d = self.c_region if self.c_region != NO else self.n_target
        self.token[d] = value
        self._make_public(d)
        if self.c_region == NO:
            self._pocket_humans(value)
            self._after_nuke()
            return
        self.c_humans = value
        self.phase = ROLL_ATTACKER
        self.decider = NO

    def _resolve_rolls(self) -> None:
        """FR-6.2: damage from this round's dice, the Armory bonus once per roll per side;
        heads hurt humans only (against Adorable they must go to its humans, FR-R6)."""
        self.c_round += 1
        att_roll, def_roll = self.c_rolls
        ag, ah = divmod(att_roll, COMBAT_BASE)
        dg = def_roll // COMBAT_BASE
        a = self.active
        bonus = self.armories_of(a)
        if self.c_defender == HUMANS:
            self.c_heads = 0
            self.c_def_damage = ag + ah + bonus
            to_attacker = dg
        else:
            self.c_heads = min(ah, self.c_humans)  # surplus heads are lost
            self.c_def_damage = ag + bonus
            to_attacker = dg + self.armories_of(self.c_defender)
        self.c_damage = to_attacker
        self._allocate_attacker()

    @staticmethod
    def _forced(healthy: int, injured: int, damage: int) -> tuple[int, int, int, int]:
        """Apply the damage points that leave no choice (FR-6.3, FR-R5): (healthy, injured,
        damage left, herds killed). Stops when a point could hit either class."""
        dead = 0
        while damage and healthy + injured:
            if damage >= 2 * healthy + injured:
                dead += healthy + injured
                return 0, 0, 0, dead
            if not healthy:
                injured -= 1
                dead += 1
            elif not injured:
                healthy -= 1
                injured += 1
            else:
                break
            damage -= 1
        if not healthy + injured:
            damage = 0
        return healthy, injured, damage, dead

    def _zombie_may_escape(self, seat: int, attacker: bool) -> bool:
        """Whether a killing point on ``seat``'s injured herd may instead be a zombie retreat
        (FR-11 Zombie, FR-R46)."""
        if self.mutation[seat] != ZOMBIE:
            return False
        return bool(self._route_destinations() if attacker else self.defender_retreats())

    def _allocate_attacker(self) -> None:
        """FR-6.3: the attacker allocates the damage its herds took, one point at a time."""
        h, i = self.c_att
        if not self._zombie_may_escape(self.active, True):
            h, i, left, dead = self._forced(h, i, self.c_damage)
            self.c_att = (h, i)
            self.herds_left[self.active] += dead
            self.c_damage = left
        if self.c_damage and h + i:
            self.phase = ALLOCATE_ATTACKER
            self.decider = self.active
            return
        self.c_damage = 0
        self._allocate_defender()

    def _hit_attacker(self, kind: int, arg: int) -> None:
        h, i = self.c_att
        if kind == ZOMBIE_TO:
            # FR-R46: the herd absorbs the point and returns to an origin with spare capacity.
            i -= 1
            self._zombie_home(arg, attacker=True)
        elif arg == 0:
            h, i = h - 1, i + 1
        else:
            i -= 1
            self.herds_left[self.active] += 1
        self.c_att = (h, i)
        self.c_damage -= 1
        self._allocate_attacker()

    def _zombie_home(self, region: int, attacker: bool) -> None:
        """A zombie-retreating herd arrives at ``region`` at 1 HP (FR-R46)."""
        if attacker:
            self.ia[region] += 1
            self.owner[region] = self.active
            self.c_origins = tuple((o, n - 1 if o == region else n) for o, n in self.c_origins)
        else:
            d = self.c_defender
            self.hi[region] += 1
            self.hi[self.c_region] -= 1
            self.owner[region] = d
            self.c_zombie_dest = region
        self.c_escaped = (*self.c_escaped, (region, 1))

    def _allocate_defender(self) -> None:
        """FR-6.3: then the defender allocates its damage. Humans need no choice; Adorable's
        humans take the heads first (FR-R6), the guns and Armory bonus go where it chooses."""
        if self.c_defender == HUMANS:
            self.c_humans = max(0, self.c_humans - self.c_def_damage)
            self.c_def_damage = 0
            self._end_of_round()
            return
        r = self.c_region
        self.c_humans -= self.c_heads
        self.c_heads = 0
        damage = self.c_def_damage
        if not self.c_humans and not self._zombie_may_escape(self.c_defender, False):
            h, i, damage, dead = self._forced(self.hf[r], self.hi[r], damage)
            self.hf[r], self.hi[r] = h, i
            self.herds_left[self.c_defender] += dead
        units = self.hf[r] + self.hi[r] + self.c_humans
        self.c_def_damage = damage if units else 0
        if self.c_def_damage:
            self.phase = ALLOCATE_DEFENDER
            self.decider = self.c_defender
            return
        self._end_of_round()

    def _hit_defender(self, kind: int, arg: int) -> None:
        r = self.c_region
        if kind == ZOMBIE_TO:
            self._zombie_home(arg, attacker=False)
        elif arg == 0:
            self.hf[r] -= 1
            self.hi[r] += 1
        elif arg == 1:
            self.hi[r] -= 1
            self.herds_left[self.c_defender] += 1
        else:
            self.c_humans -= 1
        self.c_def_damage -= 1
        self._allocate_defender()

    def _end_of_round(self) -> None:
        """FR-6.4: combat ends when a side has no units; else the Spy window (FR-6.5), then
        the attacker decides (FR-6.6)."""
        attackers = self.c_att[0] + self.c_att[1]
        defenders = self._defender_units()
        if not attackers or not defenders:
            self._end_combat()
            return
        r = self.c_region
        if self.c_defender != HUMANS and not self.hf[r] + self.hi[r]:
            # FR-R43: Adorable's herds are gone, its humans fight on alone.
            self._heal_escaped(self.c_defender, attacker=False)
            self.c_escaped = ()
            self.c_defender = HUMANS
            self._update_owner(r)
        if self.spy_count(self.active):
            self.phase = SPY_WINDOW
            self.decider = self.active
            return
        self._attacker_decides()

    def _after_spy_window(self) -> None:
        self._attacker_decides()

    def _attacker_decides(self) -> None:
        self.decider = self.active
        self.phase = ATTACKER_DECIDES
        if self.c_round >= self.cfg.max_combat_rounds and not self._legal_actions():
            # The engine's round bound (data: max_combat_rounds) with no legal retreat: the
            # attack fails and the attacking herds are lost.
            self.herds_left[self.active] += self.c_att[0] + self.c_att[1]
            self.c_att = (0, 0)
            self._end_combat()

    def _attacker_continues(self) -> None:
        if self.c_defender != HUMANS:
            self.phase = DEFENDER_DECIDES
            self.decider = self.c_defender
        else:
            self._next_round()

    def _next_round(self) -> None:
        self.c_rolls = (NO, NO)
        self.phase = ROLL_ATTACKER
        self.decider = NO

    def _attacker_retreats(self) -> None:
        """FR-6.6: every surviving herd returns to an origin, within its cap."""
        self.route = self.c_att
        self.c_att = (0, 0)
        self._route_next()

    def _route_next(self) -> None:
        h, i = self.route
        if not h + i:
            self._end_combat()
            return
        legal = self._route_destinations()
        if len(legal) == 1:
            self._route(legal[0])
            return
        self.phase = ROUTE_RETREAT
        self.decider = self.active

    def _route(self, origin: int) -> None:
        h, i = self.route
        if h:
            self.ha[origin] += 1
            h -= 1
        else:
            self.ia[origin] += 1
            i -= 1
            self.c_escaped = (*self.c_escaped, (origin, 1))
        self.route = (h, i)
        self.owner[origin] = self.active
        self.c_origins = tuple((o, n - 1 if o == origin else n) for o, n in self.c_origins)
        self._route_next()

    def _defender_retreats(self, dest: int) -> None:
        """FR-6.6: all the defender's herds go to one region. The attacker takes control,
        unless Adorable's humans stay and fight on (FR-R43)."""
        r = self.c_region
        d = self.c_defender
        injured = self.hi[r]
        self.hf[dest] += self.hf[r]
        self.hi[dest] += injured
        self.hf[r] = self.hi[r] = 0
        self.owner[dest] = d
        if injured:
            self.c_escaped = (*self.c_escaped, (dest, injured))
        if self.c_humans:
            # FR-R43: the humans never move; the attacker fights them next round. Adorable
            # keeps the region only while it has a building there.
            self._heal_escaped(d, attacker=False)
            self.c_escaped = ()
            self.c_defender = HUMANS
            self._update_owner(r)
            self._next_round()
            return
        self._end_combat()

    def _heal_escaped(self, seat: int, attacker: bool) -> None:
        """FR-11 Regenerative: herds that fought and left the fight heal when it ends."""
        if self.mutation[seat] != REGENERATIVE:
            return
        healthy, injured = (self.ha, self.ia) if attacker else (self.hf, self.hi)
        for region, count in self.c_escaped:
            if self.owner[region] == seat:
                n = min(count, injured[region])
                injured[region] -= n
                healthy[region] += n

    def _end_combat(self) -> None:
        """FR-6.7: the outcomes of a combat."""
        r = self.c_region
        a = self.active
        d = self.c_defender
        h, i = self.c_att
        attackers = h + i
        adorable = self.c_adorable
        humans_fought = d == HUMANS or adorable != NO
        if humans_fought:
            value = self.token[r]
            survivors = self.c_humans
            if not survivors:
                self._return_token(r)
            elif survivors != value:
                # FR-R23, FR-R60 (and Adorable's humans, FR-11): a face-up token of the
                # survivors' count replaces it.
                self._return_token(r)
                self._place_face_up(r, survivors)
        if attackers:
            if d != HUMANS and self.herds_in(r):
                raise AssertionError("attackers and defenders left at the end of a combat")
            if self.owner[r] != NO and self.owner[r] != a:
                self._destroy_building(r)  # FR-7.5 (FR-R43: Adorable's, once its humans fall)
            if self.mutation[a] == REGENERATIVE:
                h, i = h + i, 0
            self.ha[r] += h
            self.ia[r] += i
            self.owner[r] = a
        elif self.owner[r] != NO:
            self._update_owner(r)  # FR-R7: a building keeps the defender in control
        self._heal_escaped(a, attacker=True)
        if d != HUMANS:
            self._heal_escaped(d, attacker=False)
            if self.mutation[d] == REGENERATIVE:
                self.hf[r] += self.hi[r]
                self.hi[r] = 0
        loser = d if d != HUMANS else adorable
        self._clear_combat()
        if loser != NO:
            self._check_eliminated(loser)
        self._check_eliminated(a)
        if self.phase != OVER and self.alive(a):
            self._settle()

    def _return_token(self, region: int) -> None:
        """A token leaves the map: a face-up real one goes back to the pool, face up in
        everyone's memory; a stand-in is put away; a face-down one goes back unseen."""
        bit = 1 << region
        if self.face_down & bit:
            self.face_down &= ~bit
            self.peeked &= ~bit
            self.token[region] = 0
            return
        value = self.token[region]
        if not value:
            return
        if self.token_real & bit:
            self.pool_known[value - 1] += 1
        else:
            self.standins -= 1
        self.token[region] = 0
        self.token_real &= ~bit

    def _place_face_up(self, region: int, value: int) -> None:
        """FR-R23: a face-up token of ``value``: a revealed one from the pool if there is one,
        else a stand-in (FR-2.6). Taking it reveals nothing: its value is public."""
        self.token[region] = value
        if self.pool_known[value - 1]:
            self.pool_known[value - 1] -= 1
            self.token_real |= 1 << region
        else:
            self.standins += 1

    # --- resuming after a Spy, a payment or a nuke exchange -------------------------------
    def _resume(self) -> None:
        """Return to where a Spy's choices, a payment or a nuke exchange began: the active
        player's menu, the combat Spy window, or the doubles effects still to resolve. A turn
        whose player was eliminated meanwhile ends here (FR-R52)."""
        target = self.resume
        self.resume = NO
        if self.phase == OVER:
            return
        if not self.alive(self.active):
            self._pass_turn()
            return
        if target == DOUBLES_ORDER:
            self._next_doubles_effect()
            return
        self.decider = self.active
        if target == SPY_WINDOW:
            self.phase = SPY_WINDOW
            self._auto_reveal()
            return
        self.phase = target
        self._auto_reveal()

    # --- nukes (FR-9) ---------------------------------------------------------------------
    def _launch(self, launcher: int, source: int) -> None:
        """FR-9.1: a ready token is spent, a Pocket Nuke card played; a Nuke built for a
        nuke-back is paid for first (FR-R38). Then the target."""
        if source == NUKE_BUILT:
            self._start_build(BUILD_NUKE_BACK, NO)
            return
        if source == NUKE_TOKEN:
            self.nukes_ready[launcher] -= 1
            self.nukes_spent[launcher] += 1
        else:
            self._discard_spy(launcher, POCKET_NUKE)
        self._aim_nuke(launcher, source)

    def _aim_nuke(self, launcher: int, kind: int) -> None:
        self.n_launcher = launcher
        self.n_kind = kind
        self.n_target = NO
        self.phase = NUKE_TARGET
        self.decider = launcher

    def _aim(self, region: int) -> None:
        """FR-9.4 steps 1-3: the target is declared; its controller (if another player) is the
        victim, who may play Hacking first."""
        self.n_target = region
        self.nuked |= 1 << region
        holder = self.owner[region]
        victim = holder if holder != NO and holder != self.n_launcher else NO
        self.n_victim = victim
        if (
            victim != NO
            and self.spy_count(victim)
            and self.mutation[victim] != RADIOACTIVE
            and (self.herds_in(region) or self._nukable_humans(region, hacked=False))
        ):
            self.phase = HACK
            self.decider = victim
            return
        self._detonate(hacked=False)

    def _hack(self, played: bool) -> None:
        """FR-9.5, FR-R14: Hacking cancels the nuke's damage to its player's units."""
        if played:
            self._discard_spy(self.n_victim, HACKING)
        self._detonate(hacked=played)

    def _nukable_herds(self, region: int, hacked: bool = False) -> bool:
        """Whether a nuke hurts the herds in ``region``: not Radioactive's (FR-11), not a
        Hacking player's (FR-R14)."""
        holder = self.owner[region]
        if holder == NO or not self.herds_in(region) or self.mutation[holder] == RADIOACTIVE:
            return False
        return not (hacked and holder == self.n_victim)

    def _nukable_humans(self, region: int, hacked: bool = False) -> bool:
        """Whether a nuke hurts the humans in ``region``: not Adorable's own nukes (FR-R26),
        not when Adorable hacked it (FR-R14)."""
        if not self.has_token(region) or self.mutation[self.n_launcher] == ADORABLE:
            return False
        return not (hacked and self.owner[region] == self.n_victim != NO)

    def _detonate(self, hacked: bool) -> None:
        """FR-9.2: 1 damage to every unit in the target (a Pocket Nuke: 2, allocated by the
        victim, FR-10, FR-R45). Nukes never destroy buildings."""
        t = self.n_target
        self.n_hacked = hacked
        if self.n_kind == NUKE_POCKET:
            if self.owner[t] == NO:
                if self._nukable_humans(t):
                    if self.face_down >> t & 1 and not self.peeked >> t & 1:
                        self.phase = REVEAL  # FR-10: reveal the token, kill 2 humans
                        self.decider = NO
                        return
                    self._make_public(t)
                    self._pocket_humans(self.token[t])
                self._after_nuke()
                return
            self.n_points = 2
            self.n_humans = self.token[t] if self._nukable_humans(t, hacked) else 0
            self._pocket_next()
            return
        if self._nukable_herds(t, hacked):
            # healthy herds become injured, injured herds die (acted or not)
            dead = self.hi[t] + self.ia[t]
            self.hi[t], self.ia[t] = self.hf[t], self.ha[t]
            self.hf[t] = self.ha[t] = 0
            self.herds_left[self.owner[t]] += dead
        if self._nukable_humans(t, hacked):
            self._return_token(t)  # every human dies (FR-9.2)
        self._after_nuke()

    def _pocket_next(self) -> None:
        """FR-R45: the victim (or the launcher, on its own region) allocates the points left;
        points no unit can take are lost."""
        t = self.n_target
        hp = self.n_humans
        if self._nukable_herds(t, self.n_hacked):
            hp += 2 * (self.hf[t] + self.ha[t]) + self.hi[t] + self.ia[t]
        if not self.n_points or not hp:
            self._end_pocket()
            return
        choices = self._pocket_hits()
        if len(choices) == 1:
            self._pocket_hit(self.cfg.layout.decode(choices[0])[1])
            return
        self.phase = POCKET_ALLOCATE
        self.decider = self.owner[t]

    def _pocket_hit(self, cls: int) -> None:
        """One Pocket Nuke point: a healthy herd injured, an injured herd killed (herds that
        have acted first), or a human killed."""
        t = self.n_target
        if cls == 0:
            if self.ha[t]:
                self.ha[t] -= 1
                self.ia[t] += 1
            else:
                self.hf[t] -= 1
                self.hi[t] += 1
        elif cls == 1:
            if self.ia[t]:
                self.ia[t] -= 1
            else:
                self.hi[t] -= 1
            self.herds_left[self.owner[t]] += 1
        else:
            self.n_humans -= 1
        self.n_points -= 1
        self._pocket_next()

    def _end_pocket(self) -> None:
        """Adorable's humans after a Pocket Nuke: a face-up token of the survivors, which
        makes the old value public; none left, the token goes (FR-11, FR-R45)."""
        t = self.n_target
        before = self.token[t]
        if self._nukable_humans(t, self.n_hacked) and self.n_humans != before:
            if self.n_humans:
                self._make_public(t)
                self._return_token(t)
                self._place_face_up(t, self.n_humans)
            else:
                self._return_token(t)
        self._after_nuke()

    def _make_public(self, region: int) -> None:
        """A face-down token whose value is known (peeked at) turns face up."""
        bit = 1 << region
        if self.face_down & bit:
            self.unknown[self.token[region] - 1] -= 1
            self.face_down &= ~bit
            self.peeked &= ~bit
            self.token_real |= bit

    def _pocket_humans(self, value: int) -> None:
        """FR-T34: a Pocket Nuke on a human-held token: "3" becomes a face-up "1", "2" and "1"
        are removed."""
        t = self.n_target
        self._return_token(t)
        if value > 2:
            self._place_face_up(t, value - 2)

    def _after_nuke(self) -> None:
        """FR-9.4 steps 5-6: eliminations and victory; the victim's response opportunity."""
        t = self.n_target
        launcher = self.n_launcher
        victim = self.n_victim
        self._update_owner(t)
        self.n_launcher = self.n_kind = self.n_target = self.n_victim = NO
        self.n_points = self.n_humans = 0
        self.n_hacked = False
        for seat in sorted({victim, launcher} - {NO}):
            self._check_eliminated(seat, end_turn=False)
        if self.phase == OVER:
            return
        if victim != NO and self.alive(victim) and self._could_respond(victim):
            self.n_stack = (*self.n_stack, (victim, launcher, t))
        self._next_response()

    def _next_response(self) -> None:
        """FR-9.4 step 7: the opportunity on top of the stack; the exchange ends when it is
        empty."""
        while self.n_stack:
            responder, nuker, nuked = self.n_stack[-1]
            if self.alive(responder) and self.nuke_back_targets(responder, nuker, nuked):
                self.phase = NUKE_RESPONSE
                self.decider = responder
                return
            self.n_stack = self.n_stack[:-1]
        self._resume()

    def _respond(self, kind: int, arg: int) -> None:
        if kind == PASS:
            self.n_stack = self.n_stack[:-1]
            self._next_response()
            return
        self._launch(self.n_stack[-1][0], arg)

    def _update_nukiest(self, seat: int) -> None:
        """FR-9.3, FR-R15: the first owner of a Nuke token takes the Award; it moves only to a
        player with strictly more tokens (spent ones count; FR-R51: an eliminated holder keeps
        it until surpassed)."""
        holder = self.nukiest
        if holder == NO or (holder != seat and self.nuke_tokens(seat) > self.nuke_tokens(holder)):
            self.nukiest = seat
            self._check_win(seat)

    # --- Spies (FR-10) --------------------------------------------------------------------
    def _discard_spy(self, seat: int, card: int) -> None:
        """A played (or swapped) card goes face up to the discard pile."""
        self._spy_leaves_hand(seat, card)
        self.spy_discard[card] += 1

    def _spy_leaves_hand(self, seat: int, card: int) -> None:
        """One ``card`` leaves ``seat``'s hand: an older copy first, so a card got this turn
        leaves only when no other is left (a VP Spy revealed the turn it was bought)."""
        i = NUM_SPY_KINDS * seat + card
        self.spies[i] -= 1
        if seat == self.active and self.fresh[card] > self.spies[i]:
            self.fresh[card] = self.spies[i]

    def _draw_spy(self, card: int) -> None:
        """The top card of the deck to the buyer; it counts as got this turn (FR-10, FR-R47)."""
        a = self.active
        self.spy_deck[card] -= 1
        self.spies[NUM_SPY_KINDS * a + card] += 1
        self.fresh[card] += 1
        self._resume()

    def _apply_spy(self, kind: int, card: int) -> None:
        a = self.active
        if kind == SWAP_SPY:
            # FR-R21: discard the card, draw a new one (FR-R47: it counts as bought now).
            old = FIELD_HOSPITAL if self.mutation[a] == REGENERATIVE else HACKING
            self._discard_spy(a, old)
            self.phase = SPY_DRAW
            self.decider = NO
            return
        if card in VP_SPIES:
            self._spy_leaves_hand(a, card)
            self.revealed[a] |= 1 << card  # FR-12: face up in front of its owner
            self._check_win(a)
            if self.phase != OVER:
                self._resume()
            return
        self._discard_spy(a, card)
        if card == BLACKMAIL:
            self.spy_play = card
            self.phase = SPY_OPPONENT
            self.decider = a
        elif card == DOUBLE_AGENT:
            queue = [
                (v, min(2, self.hand_size(v)))
                for v in self._richer_opponents(a)
                if self.hand_size(v)
            ]
            self.agent_queue = tuple(queue)
            self._next_agent_draw()
        elif card == FIELD_HOSPITAL:
            self._field_hospital(a)
            self._resume()
        else:  # Propaganda, Thievery: name a resource
            self.spy_play = card
            self.phase = SPY_RESOURCE
            self.decider = a

    def _field_hospital(self, seat: int) -> None:
        """FR-10, FR-R41, FR-R42: every herd of ``seat`` heals, but not in a region nuked this
        turn (the herds fighting in a combat heal unless its region was nuked)."""
        for r in range(self.cfg.regions):
            if self.owner[r] == seat and not self.nuked >> r & 1:
                self.hf[r] += self.hi[r]
                self.ha[r] += self.ia[r]
                self.hi[r] = self.ia[r] = 0
        if self.c_region != NO and not self.nuked >> self.c_region & 1:
            h, i = self.c_att
            self.c_att = (h + i, 0)

    def _blackmail_opponent(self, victim: int) -> None:
        """FR-10 Blackmail: the opponent's hand is shown to the player (FR-16)."""
        self.spy_victim = victim
        self.spy_taken = 0
        self.phase = BLACKMAIL_TAKE

    def _blackmail_take(self, kind: int, arg: int) -> None:
        """FR-R50: up to 3 cards of the player's choice, one at a time."""
        if kind == RESOURCE:
            self._take_secretly(self.spy_victim, self.active, arg)
            self.spy_taken += 1
            if self.spy_taken < 3 and self.hand_size(self.spy_victim):
                return
        self.spy_play = self.spy_victim = NO
        self.spy_taken = 0
        self._resume()

    def _next_agent_draw(self) -> None:
        """FR-R50 Double Agent: 2 random cards from each richer player (fewer if it holds
        fewer), each drawn on its own."""
        while self.agent_queue and not self.agent_queue[0][1]:
            self.agent_queue = self.agent_queue[1:]
        if self.agent_queue:
            self.phase = AGENT_DRAW
            self.decider = NO
            return
        self._resume()

    def _agent_draw(self, kind: int) -> None:
        victim, left = self.agent_queue[0]
        self._take_secretly(victim, self.active, kind)
        self.agent_queue = ((victim, left - 1), *self.agent_queue[1:])
        self._next_agent_draw()

    def _spy_resource(self, kind: int) -> None:
        """Propaganda: every other player holding the kind gives 1 (FR-R50); Thievery: 3 of
        the kind from the Supply."""
        a = self.active
        if self.spy_play == THIEVERY:
            self._gain_public(a, kind, 3)
        else:
            for v in range(self.cfg.players):
                if v == a or not self.alive(v):
                    continue
                if self.hands[5 * v + kind]:
                    self._pay(v, kind, 1)
                    self._gain_public(a, kind, 1)
                else:
                    self._has_none(v, kind)
        self.spy_play = NO
        self._resume()

    def _auto_reveal(self) -> None:
        """FR-12 option ``auto_reveal_winning_vp_spies``: on its turn, when the player could
        play a Spy, hidden VP Spies that reach the target are revealed and win."""
        a = self.active
        if (
            not self.cfg.auto_reveal
            or self.phase not in (ACTIONS, RESOURCES, DISCARD_PHASE, SPY_WINDOW)
            or not self.hidden_vp(a)
            or self.visible_vp(a) + self.hidden_vp(a) < self.cfg.target_vp
        ):
            return
        b = NUM_SPY_KINDS * a
        for card in VP_SPIES:
            if self.spies[b + card]:
                self._spy_leaves_hand(a, card)
                self.revealed[a] |= 1 << card
        self._check_win(a)

    # --- elimination and victory (FR-7.6, FR-12) ------------------------------------------
    def _check_eliminated(self, seat: int, end_turn: bool = True) -> None:
        """FR-7.6: no herds and no buildings on the map: out at once; its cards leave play
        (FR-R28). The last player standing wins (FR-R53); a player eliminated on its own turn
        ends it (FR-R52) — at once with ``end_turn``, else when the nuke exchange is over."""
        if self.phase == OVER or not self.alive(seat) or seat in self.owner:
            return
        self.eliminated |= 1 << seat
        b = 5 * seat
        for k in R5:
            self.hands[b + k] = 0
            self.known[b + k] = 0
        self.unknown_cards[seat] = 0
        self.unknown_kinds[seat] = 0
        s = NUM_SPY_KINDS * seat
        for card in S11:
            self.spy_removed[card] += self.spies[s + card]
            self.spies[s + card] = 0
        self.n_stack = tuple(x for x in self.n_stack if x[0] != seat)
        alive = [p for p in range(self.cfg.players) if self.alive(p)]
        if len(alive) == 1:
            self._finish((alive[0],))
        elif seat == self.active and end_turn:
            self._pass_turn()

    def _check_win(self, seat: int) -> None:
        """FR-12: visible VP reaching the target wins at once."""
        if self.phase != OVER and self.visible_vp(seat) >= self.cfg.target_vp:
            self._finish((seat,))

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.winners = winners
        self.phase = OVER
        self.decider = NO
        self.redo_snapshot = None

    # --- Resources (FR-5.4) ---------------------------------------------------------------
    def _start_resources(self) -> None:
        """FR-5.4 step 1: roll both dice; Lucky chooses two faces instead (FR-11, FR-R56)."""
        self.dice = (NO, NO)
        self.named = ()
        if self.mutation[self.active] == LUCKY:
            self.lucky = True
            self.phase = LUCKY_FACE
            self.decider = self.active
            return
        self.lucky = False
        self.phase = ROLL_RESOURCES
        self.decider = NO

    def _lucky_face(self, kind: int) -> None:
        if self.dice[0] == NO:
            self.dice = (kind, NO)
            return
        self.dice = (min(self.dice[0], kind), max(self.dice[0], kind))
        self.wilds = 0
        self._produce()

    def _resources_rolled(self, a: int, b: int) -> None:
        self.dice = (a, b)
        self.named = ()
        self.wilds = (a == WILD) + (b == WILD)
        if self.wilds == 2:
            self.wilds = 1  # FR-5.4: two wilds name one resource
        if self.wilds:
            self.phase = NAME_WILD
            self.decider = self.active
            return
        self._produce()

    def _name_wild(self, kind: int) -> None:
        self.named = (*self.named, kind)
        self.wilds -= 1
        if not self.wilds:
            self._produce()

    def payouts(self) -> tuple[int, ...]:
        """Per resource: what each region of its type pays this turn (FR-5.4)."""
        a, b = self.dice
        pay = [0] * NUM_RESOURCES
        if a == WILD and b == WILD:
            pay[self.named[0]] = 2
        elif a == WILD or b == WILD:
            face = b if a == WILD else a
            named = self.named[0]
            if named == face:
                pay[face] = 2  # FR-R16: paid as doubles, but not doubles
            else:
                pay[face] = 1
                pay[named] = 1
        elif a == b:
            pay[a] = 2
        else:
            pay[a] = 1
            pay[b] = 1
        return tuple(pay)

    def doubles(self) -> bool:
        """FR-5.4, FR-R16: both dice show the same face (wild + wild included; Lucky's equal
        choice too, for North Korean only)."""
        return self.dice[0] == self.dice[1] and self.dice[0] != NO

    def _produce(self) -> None:
        """FR-5.4 step 3: every player collects for every region they control; Parasitic also
        once from each opponent region next to its own (FR-11, FR-R57)."""
        pay = self.payouts()
        c = self.cfg
        produces = c.produces
        owner = self.owner
        gained = [0] * len(self.hands)
        for r, o in enumerate(owner):
            if o != NO:
                k = produces[r]
                if pay[k]:
                    gained[5 * o + k] += pay[k]
        for p in range(c.players):
            if self.mutation[p] != PARASITIC or not self.alive(p):
                continue
            near = 0
            for r, o in enumerate(owner):
                if o == p:
                    near |= c.adjacent_mask[r]
            for r in range(c.regions):
                o = owner[r]
                if near >> r & 1 and o != NO and o != p and pay[produces[r]]:
                    gained[5 * p + produces[r]] += pay[produces[r]]
        for i, n in enumerate(gained):
            if n:
                self.hands[i] += n
                self.known[i] += n
        self.last_production = tuple(gained)
        self.decider = self.active
        effects = 0
        if self.doubles():
            korean = self._north_korean()
            if korean != NO and self.nuke_targets(korean):
                effects |= EFFECT_NORTH_KOREAN
            if self.cfg.stealing and not self.lucky and self._steal_victims():
                effects |= EFFECT_STEALING  # FR-13, FR-R49 (not on Lucky's choice)
        self.doubles_left = effects
        self._next_doubles_effect()

    def _north_korean(self) -> int:
        for p in range(self.cfg.players):
            if self.mutation[p] == NORTH_KOREAN and self.alive(p):
                return p
        return NO

    def _next_doubles_effect(self) -> None:
        """FR-R39: after production, North Korean's nuke and the Stealing steal, in the order
        the active player picks when both apply."""
        left = self.doubles_left
        if self.phase == OVER:
            return
        if not self.alive(self.active):
            self.doubles_left = 0
            self._pass_turn()
            return
        if left == EFFECT_NORTH_KOREAN | EFFECT_STEALING:
            self.phase = DOUBLES_ORDER
            self.decider = self.active
        elif left & EFFECT_NORTH_KOREAN:
            self.doubles_left = 0
            self._korean_nuke()
        elif left & EFFECT_STEALING:
            self.doubles_left = 0
            if self._steal_victims():
                self.phase = STEAL_VICTIM
                self.decider = self.active
            else:
                self._to_resources_menu()
        else:
            self._to_resources_menu()

    def _to_resources_menu(self) -> None:
        self.phase = RESOURCES
        self.decider = self.active
        self._auto_reveal()

    def _korean_nuke(self) -> None:
        """FR-11 North Korean: a free nuke (no token) at a region next to its own, when one
        exists (FR-R27); then back to the doubles effects."""
        korean = self._north_korean()
        if korean == NO or not self.nuke_targets(korean):
            self._next_doubles_effect()
            return
        self.resume = DOUBLES_ORDER
        self._aim_nuke(korean, NUKE_NORTH_KOREAN)

    def _order_doubles(self, first: int) -> None:
        if first == 0:
            self.doubles_left = EFFECT_STEALING
            self._korean_nuke()
        else:
            self.doubles_left = EFFECT_NORTH_KOREAN
            if self._steal_victims():
                self.phase = STEAL_VICTIM
                self.decider = self.active
            else:
                self._next_doubles_effect()

    # --- end of turn (FR-5.5) -------------------------------------------------------------
    def _after_discards(self) -> None:
        a = self.active
        if self.redo_snapshot is not None and not (self.redo_used >> a & 1):
            self.phase = REDO_OFFER
            self.decider = a
            return
        self._score_and_pass()

    def _redo(self) -> None:
        """FR-R55: back to the start of the turn; the redo is used up."""
        snapshot = self.redo_snapshot
        assert snapshot is not None
        for name in FRRules.__slots__:
            if name not in ("redo_snapshot", "redo_used"):
                value = getattr(snapshot, name)
                setattr(self, name, value[:] if isinstance(value, list) else value)
        self.redo_used |= 1 << self.active
        self.redo_snapshot = None
        self.turns[self.active] += 1
        self._preparation()

    def _score_and_pass(self) -> None:
        """FR-7.3 (FR-R1): conquest VP and Turmoil; the win check; the next turn."""
        self.redo_snapshot = None
        a = self.active
        owner = self.owner
        start = self.start_owner
        for r in range(self.cfg.regions):
            if owner[r] == a and start[r] != NO and start[r] != a and not (self.turmoil >> r & 1):
                self.vp_tokens[a] += 1
                self.turmoil |= 1 << r
        self._check_win(a)
        if self.phase != OVER:
            self._pass_turn()

    def _pass_turn(self) -> None:
        """The next seat still in the game takes a turn, after the trade window (FR-8.3);
        FR-R54 ends the game at the cap."""
        n = self.cfg.players
        here = self.seat_position(self.active)
        seat = self.active
        for step in range(1, n + 1):
            seat = (self.active + step) % n
            if self.alive(seat):
                break
        self.n_stack = ()
        self.resume = NO
        self.doubles_left = 0
        self.pay_build = self.pay_region = self.spy_play = self.spy_victim = NO
        self.agent_queue = ()
        self.move_dest = self.move_src = NO
        self.move_sel = ()
        if self.seat_position(seat) <= here:
            if self.round >= self.cfg.max_rounds:
                self._finish_by_cap()
                return
            self.round += 1
        self.redo_snapshot = None
        self._open_window(seat)

    def _finish_by_cap(self) -> None:
        """FR-R54: the highest VP (hidden VP Spies counted) among the players left wins; ties
        share the win."""
        alive = [s for s in range(self.cfg.players) if self.alive(s)]
        vp = {s: self.visible_vp(s) + self.hidden_vp(s) for s in alive}
        best = max(vp.values())
        self._finish(tuple(s for s in alive if vp[s] == best))

    # --- trading between players (FR-8.3, FR-8.4) -----------------------------------------
    def _open_window(self, next_seat: int) -> None:
        """FR-8.3: a window of slots in turn order from the player to move next; it closes
        after as many consecutive passes as there are participants (FR-R31)."""
        self.t_next = next_seat
        self.t_made = [0] * self.cfg.players
        self.t_passes = 0
        if sum(1 for p in range(self.cfg.players) if self.alive(p)) < 2:
            self._close_window()
            return
        self.t_slot = next_seat
        self._slot_turn()

    def _slot_turn(self) -> None:
        """The slot holder decides; one who made every proposal it may passes at once."""
        participants = sum(1 for p in range(self.cfg.players) if self.alive(p))
        while self.t_made[self.t_slot] >= self.cfg.window_proposals:
            self.t_passes += 1
            if self.t_passes >= participants:
                self._close_window()
                return
            self._advance_slot()
        self.phase = TRADE_SLOT
        self.decider = self.t_slot

    def _advance_slot(self) -> None:
        n = self.cfg.players
        seat = self.t_slot
        for step in range(1, n + 1):
            seat = (self.t_slot + step) % n
            if self.alive(seat):
                break
        self.t_slot = seat

    def _close_window(self) -> None:
        self.t_slot = NO
        self.t_passes = 0
        self.t_made = [0] * self.cfg.players
        self._begin_turn(self.t_next)

    def _start_proposal(self, proposer: int, recipient: int) -> None:
        self.t_from = proposer
        self.t_to = recipient
        self.t_give = (0, 0, 0, 0, 0)
        self.t_ask = (0, 0, 0, 0, 0)
        self.phase = TRADE_PROPOSE
        self.decider = proposer

    def _apply_trade(self, kind: int, arg: int) -> None:
        if kind == PASS:  # a slot holder passes
            self.t_passes += 1
            participants = sum(1 for p in range(self.cfg.players) if self.alive(p))
            if self.t_passes >= participants:
                self._close_window()
                return
            self._advance_slot()
            self._slot_turn()
        elif kind == SEAT:  # a slot holder proposes to ``arg``
            self.t_made[self.t_slot] += 1
            self._start_proposal(self.t_slot, arg)
        elif kind in (GIVE, ASK):
            if kind == GIVE:
                give = list(self.t_give)
                give[arg] += 1
                self.t_give = tuple(give)
                self._shown(self.t_from, arg, give[arg])  # the offer is public (FR-16)
            else:
                ask = list(self.t_ask)
                ask[arg] += 1
                self.t_ask = tuple(ask)
        elif kind == SUBMIT:
            self.phase = TRADE_RESPOND
            self.decider = self.t_to
        elif kind == CANCEL:
            self._end_proposal(submitted=False)
        elif kind == ACCEPT:
            giver, taker = self.t_from, self.t_to
            for k in R5:
                if self.t_give[k]:
                    self._pay(giver, k, self.t_give[k])
                    self._gain_public(taker, k, self.t_give[k])
                if self.t_ask[k]:
                    self._pay(taker, k, self.t_ask[k])
                    self._gain_public(giver, k, self.t_ask[k])
            self._end_proposal(submitted=True)
        else:  # DECLINE: "Declined", no reason given (FR-8.3)
            self._end_proposal(submitted=True)

    def _end_proposal(self, submitted: bool) -> None:
        """After an answer (or a cancel): back to the window's next slot, or to the active
        player's menu under Open Trading (FR-R34)."""
        self.t_from = self.t_to = NO
        self.t_give = (0, 0, 0, 0, 0)
        self.t_ask = (0, 0, 0, 0, 0)
        if self.t_slot == NO:
            self._resume()
            return
        if submitted:
            self.t_passes = 0  # FR-R31: any proposal resets the count
            self._advance_slot()
        self._slot_turn()

    # --- information sets -----------------------------------------------------------------
    def sample_consistent(self, seat: int, rng: Rng) -> Self:
        """A position ``seat`` cannot tell from this one, drawn without reading what it may not
        know: other seats' resource cards of unknown kind (from the kinds they may be), their
        Spy cards and the deck (from the cards ``seat`` has not seen), their dealt Mutations,
        and the token values Adorable peeked at. (A thief and its victim know a stolen card;
        the sampler gives them the public view of it, a wider set of positions that holds the
        true one.)"""
        s = self.clone()
        c = self.cfg
        n = c.players
        blackmail_view = self.phase == BLACKMAIL_TAKE and seat == self.active
        for other in range(n):
            if other == seat or not s.unknown_cards[other]:
                continue
            if blackmail_view and other == self.spy_victim:
                continue  # the Blackmail player sees this hand now (FR-10)
            b = 5 * other
            kinds = [k for k in R5 if s.unknown_kinds[other] >> k & 1]
            for k in R5:
                s.hands[b + k] = s.known[b + k]
            for _ in range(s.unknown_cards[other]):
                s.hands[b + kinds[rng.randrange(len(kinds))]] += 1
        self._sample_spies(s, seat, rng)
        self._sample_mutations(s, seat, rng)
        if seat == NO or self.mutation[seat] != ADORABLE:
            pool = self.unknown[:]
            m = self.peeked
            while m:
                low = m & -m
                r = low.bit_length() - 1
                value = _draw(pool, rng) + 1
                s.token[r] = value
                m ^= low
        return s

    def _sample_spies(self, s: FRRules, seat: int, rng: Rng) -> None:
        """Other seats' Spy cards, the removed ones and the deck: a random split of the cards
        ``seat`` has not seen, each hand keeping its size (and the active player's count of
        cards got this turn). When no other seat holds a Spy card and none is removed, every
        unseen card is in the deck, which is then known as it is (``unseen_spies``)."""
        k = NUM_SPY_KINDS
        n = self.cfg.players
        spies = self.spies
        counts = [sum(spies[k * other : k * other + k]) for other in range(n)]
        if seat != NO:
            counts[seat] = 0
        if not any(counts) and not any(self.spy_removed):
            return
        unseen = self.unseen_spies(seat)
        for other in range(n):
            if other == seat:
                continue
            hand = [0] * k
            for _ in range(counts[other]):
                hand[_draw(unseen, rng)] += 1
            s.spies[k * other : k * other + k] = hand
            if other == self.active:
                fresh_total = sum(self.fresh)
                fresh = [0] * k
                pool = hand[:]
                for _ in range(fresh_total):
                    fresh[_draw(pool, rng)] += 1
                s.fresh = fresh
        removed = [0] * k
        for _ in range(sum(self.spy_removed)):
            removed[_draw(unseen, rng)] += 1
        s.spy_removed = removed
        s.spy_deck = unseen

    def unseen_spies(self, seat: int) -> list[int]:
        """Spy cards per kind that ``seat`` has not seen: the deck's make-up less the discard
        pile, the revealed VP Spies and ``seat``'s own hand (other hands, the removed cards
        and the deck together)."""
        deck, discard = self.cfg.spy_deck, self.spy_discard
        unseen = [total - gone for total, gone in zip(deck, discard, strict=True)]
        for mask in self.revealed:
            while mask:
                low = mask & -mask
                unseen[low.bit_length() - 1] -= 1
                mask ^= low
        if seat != NO:
            b = NUM_SPY_KINDS * seat
            for card, held in enumerate(self.spies[b : b + NUM_SPY_KINDS]):
                unseen[card] -= held
        return unseen

    def _sample_mutations(self, s: FRRules, seat: int, rng: Rng) -> None:
        """Other seats' dealt Mutations: their chosen ones are public; the rest is redrawn
        from the cards ``seat`` has not seen."""
        dealt = self.dealt
        if not any(dealt):
            return
        seen = 0 if seat == NO else dealt[seat]
        for m in self.mutation:
            if m != NO:
                seen |= 1 << m
        unseen = [m for m in range(NUM_MUTATIONS) if not seen >> m & 1]
        for other in range(self.cfg.players):
            if other == seat:
                continue
            chosen = self.mutation[other]
            mask = 0 if chosen == NO else 1 << chosen
            for _ in range(dealt[other].bit_count() - (chosen != NO)):
                mask |= 1 << unseen.pop(rng.randrange(len(unseen)))
            s.dealt[other] = mask


def _draw(pool: list[int], rng: Rng) -> int:
    """Remove one item from the multiset ``pool`` (counts per index), uniformly; its index."""
    pick = rng.randrange(sum(pool))
    for index, count in enumerate(pool):
        if pick < count:
            pool[index] -= 1
            return index
        pick -= count
    raise AssertionError("drawing from an empty pool")
