"""The rules of Farms Race without Mutations, Spies, Nukes and player trading
(rules/farms_race.md §4-§8, §12, §13; rulings FR-R1 … FR-R61 as they apply).

The position is flat lists and bitmasks, cheap to copy: per region the owner (the one player
with herds or a building there, FR-1.1), four herd counts (healthy and injured, fresh and having
acted — herds are counts, not objects, §17), the building, the Human token; per seat the hand,
the personal supply and VP tokens; bitmasks of Turmoil, regions attacked this turn, and
face-down tokens.

**Hidden information.**

* *Face-down Human tokens* (FR-16: hidden from everyone). Nobody knows any face-down value, so
  every face-down token — on the map or in the pool — is an equally likely draw from the tokens
  whose values are not public. The engine therefore keeps only their multiset (``unknown``) and
  draws a token's value as a chance event when it is revealed (FR-6.1). The position holds no
  hidden truth about tokens at all, and no seat's view can leak one.
* *Resource hands* show others only their size (FR-2.3). Every change of a hand is public in
  this part of the rules (production, payments, Supply trades, discards, starting rolls) except
  the card a Stealing steal takes (FR-R49). Each seat's hand is therefore kept twice: the truth
  (``hands``) and what every seat can deduce (``known``: cards of each kind it surely holds,
  plus ``unknown_cards`` cards whose kinds others cannot tell, each one of the kinds in
  ``unknown_kinds``). ``sample_consistent`` redraws only the unknown cards, from those kinds.

Chance events: the first seat, starting-resource rolls, Human token values, combat rolls (per
side: the numbers of gun and head faces), the resource dice, a stolen card's kind.
"""

from __future__ import annotations

from typing import Self

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import Game, PlayerId, State
from farmstead.core.rng import Rng
from farmstead.games.farms_race.actions import (
    ARMORY_AT,
    BARN_AT,
    CANCEL,
    COMBAT_BASE,
    CONFIRM,
    CONTINUE,
    END_PHASE,
    END_TURN,
    HEAL,
    HIT,
    KEEP,
    MOVE_TO,
    PASS,
    PLACE,
    REDO,
    RESOURCE,
    RETREAT,
    RETREAT_TO,
    ROUTE,
    SEAT,
    SOURCE,
    START,
    TAKE,
    TRADE,
)
from farmstead.games.farms_race.config import FRConfig
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ALLOCATE_ATTACKER,
    ALLOCATE_DEFENDER,
    ARMORY,
    ATTACKER_DECIDES,
    BARN,
    CHANCE_PHASES,
    CHOOSE_START,
    DEFENDER_DECIDES,
    DISCARD,
    DISCARD_PHASE,
    FIRST_SEAT,
    HUMANS,
    MOVE_SELECT,
    NAME_WILD,
    NO,
    NO_BUILDING,
    NUM_RESOURCES,
    OVER,
    PREP_PLACE,
    REDO_OFFER,
    RESOURCES,
    REVEAL,
    ROLL_ATTACKER,
    ROLL_DEFENDER,
    ROLL_RESOURCES,
    ROUTE_RETREAT,
    START_CHOICE,
    START_ROLL,
    STEAL_DRAW,
    STEAL_VICTIM,
    WILD,
)

R5 = range(NUM_RESOURCES)


def _covers(hand: list[int], cost: tuple[int, ...]) -> bool:
    """Whether ``hand`` (5 counts) holds ``cost`` (5 counts)."""
    return (
        hand[0] >= cost[0]
        and hand[1] >= cost[1]
        and hand[2] >= cost[2]
        and hand[3] >= cost[3]
        and hand[4] >= cost[4]
    )


class FRRules(State):
    """One Farms Race position and its rules; see the module docstring."""

    __slots__ = (
        "cfg", "phase", "decider", "active", "first", "round", "turns", "owner", "hf", "hi",
        "ha", "ia", "building", "turmoil", "attacked", "face_down", "token", "token_real",
        "unknown", "pool_known", "standins", "hands", "known", "unknown_cards", "unknown_kinds",
        "herds_left",
        "barns_left", "armories_left", "vp_tokens", "eliminated", "start_owner", "setup_step",
        "owed", "prep_left", "prep_given", "move_dest", "move_src", "move_sel", "cancels",
        "c_region", "c_defender", "c_att", "c_origins", "c_humans", "c_round", "c_damage",
        "c_def_damage", "c_rolls", "route", "dice", "wilds", "named", "steal_victim",
        "discards", "redo_used", "redo_snapshot", "winners", "last_production",
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
    face_down: int  # bitmask of regions holding a face-down Human token
    token: list[int]  # per region: the value of a face-up Human token, or 0
    token_real: int  # bitmask of face-up tokens that are real tokens (not stand-ins)
    unknown: list[int]  # tokens of value 1, 2, 3 whose value is not public (map and pool)
    pool_known: list[int]  # revealed tokens of value 1, 2, 3 back in the pool
    standins: int  # face-up stand-in tokens on the map (FR-2.6)
    hands: list[int]  # 5 per seat: the resource cards held
    known: list[int]  # 5 per seat: the cards of each kind every seat can deduce
    unknown_cards: list[int]  # per seat: cards whose kind others cannot tell (FR-R49)
    unknown_kinds: list[int]  # per seat: bitmask of the kinds those cards may be
    herds_left: list[int]  # per seat: herds in the personal supply
    barns_left: list[int]
    armories_left: list[int]
    vp_tokens: list[int]
    eliminated: int  # bitmask of eliminated seats (FR-7.6)
    start_owner: tuple[int, ...]  # per region: its owner before this turn's Preparation (FR-R1)
    setup_step: int  # setup: the position in turn order of the seat choosing a start
    owed: tuple[int, ...]  # setup: the seats still owed a starting resource, in order
    prep_left: int  # Preparation with too few herds: herds still to place (FR-R4)
    prep_given: int  # bitmask of buildings that got a herd this Preparation
    move_dest: int  # the region a move goes to, or NO
    move_src: int  # the source herds are being taken from now, or NO
    move_sel: tuple[tuple[int, int, int], ...]  # (origin, healthy, injured) taken so far
    cancels: int  # moves cancelled this turn (capped: an engine bound, data)
    c_region: int  # the combat's region, or NO
    c_defender: int  # the defending seat, or HUMANS
    c_att: tuple[int, int]  # attacking herds in the fight: (healthy, injured)
    c_origins: tuple[tuple[int, int], ...]  # (origin, herds that left it for this attack)
    c_humans: int  # humans defending (a human-held region)
    c_round: int  # combat rounds rolled
    c_damage: int  # damage points still to allocate by the side allocating now
    c_def_damage: int  # damage the defender takes this round (allocated after the attacker's)
    c_rolls: tuple[int, int]  # this round's roll outcomes: attacker, defender (NO: not yet)
    route: tuple[int, int]  # retreating attacker herds still to route: (healthy, injured)
    dice: tuple[int, int]  # the resource dice of this turn, or (NO, NO)
    wilds: int  # wild faces still to name
    named: tuple[int, ...]  # resources named for wild faces
    steal_victim: int
    discards: int  # forced discards still owed (FR-5.5)
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
        s.face_down = 0
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
        s.start_owner = tuple(s.owner)
        s.setup_step = 0
        s.owed = ()
        s.prep_left = 0
        s.prep_given = 0
        s.move_dest = NO
        s.move_src = NO
        s.move_sel = ()
        s.cancels = 0
        s.c_region = NO
        s.c_defender = NO
        s.c_att = (0, 0)
        s.c_origins = ()
        s.c_humans = 0
        s.c_round = 0
        s.c_damage = 0
        s.c_def_damage = 0
        s.c_rolls = (NO, NO)
        s.route = (0, 0)
        s.dice = (NO, NO)
        s.wilds = 0
        s.named = ()
        s.steal_victim = NO
        s.discards = 0
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
        s.face_down = self.face_down
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
        s.start_owner = self.start_owner
        s.setup_step = self.setup_step
        s.owed = self.owed
        s.prep_left = self.prep_left
        s.prep_given = self.prep_given
        s.move_dest = self.move_dest
        s.move_src = self.move_src
        s.move_sel = self.move_sel
        s.cancels = self.cancels
        s.c_region = self.c_region
        s.c_defender = self.c_defender
        s.c_att = self.c_att
        s.c_origins = self.c_origins
        s.c_humans = self.c_humans
        s.c_round = self.c_round
        s.c_damage = self.c_damage
        s.c_def_damage = self.c_def_damage
        s.c_rolls = self.c_rolls
        s.route = self.route
        s.dice = self.dice
        s.wilds = self.wilds
        s.named = self.named
        s.steal_victim = self.steal_victim
        s.discards = self.discards
        s.redo_used = self.redo_used
        s.redo_snapshot = self.redo_snapshot  # never mutated: a redo copies from it
        s.winners = self.winners
        s.last_production = self.last_production
        return s

    # --- who moves ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return PlayerId.CHANCE
        if phase == OVER:
            return PlayerId.TERMINAL
        return self.decider

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        n = self.cfg.players
        if self.phase != OVER or len(self.winners) == n:
            return [0.0] * n
        return [1.0 if seat in self.winners else -1.0 for seat in range(n)]

    # --- public facts the views and bots use ----------------------------------------------
    def visible_vp(self, seat: int) -> int:
        """Visible VP (FR-12): Barns 1, Armories 2, VP tokens 1 each."""
        c = self.cfg
        return (
            (c.barns - self.barns_left[seat])
            + 2 * (c.armories - self.armories_left[seat])
            + self.vp_tokens[seat]
        )

    def hand_size(self, seat: int) -> int:
        """Resource cards ``seat`` holds (public, FR-2.3)."""
        return sum(self.hands[5 * seat : 5 * seat + 5])

    def herds_in(self, region: int) -> int:
        """Herds on ``region`` (the combat's attackers not included)."""
        return self.hf[region] + self.hi[region] + self.ha[region] + self.ia[region]

    def armories_of(self, seat: int) -> int:
        """Armories ``seat`` has on the map (FR-6.2: +1 damage each per roll)."""
        return self.cfg.armories - self.armories_left[seat]

    def seat_position(self, seat: int) -> int:
        """``seat``'s position in turn order (0 is seat 1 of the rules)."""
        return (seat - self.first) % self.cfg.players

    def alive(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game (FR-7.6)."""
        return not self.eliminated >> seat & 1

    def can_pay(self, seat: int, cost: tuple[int, ...]) -> bool:
        """Whether ``seat``'s hand covers ``cost`` (5 counts in resource order)."""
        return _covers(self.hands[5 * seat : 5 * seat + 5], cost)

    def retreat_capacity(self) -> int:
        """Attacker herds the legal origins can take back (FR-6.6, FR-R9)."""
        owner = self.owner
        a = self.active
        return sum(n for o, n in self.c_origins if owner[o] == a or owner[o] == NO)

    def defender_retreats(self) -> list[int]:
        """Regions the defending player may retreat to (FR-6.6, FR-R8)."""
        d = self.c_defender
        owner = self.owner
        adj = self.cfg.adjacent[self.c_region]
        own = [r for r in adj if owner[r] == d]
        if own:
            return own
        return [
            r for r in adj if owner[r] == NO and not (self.face_down >> r & 1) and not self.token[r]
        ]

    # --- legal actions --------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        phase = self.phase
        c = self.cfg
        base = c.layout.base
        if phase in (ACTIONS, RESOURCES, DISCARD_PHASE):
            return self._menu()
        if phase == MOVE_SELECT:
            return self._move_choices()
        if phase in (ALLOCATE_ATTACKER, ALLOCATE_DEFENDER):
            return [base[HIT], base[HIT] + 1]
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
            owner = self.owner
            a = self.active
            return sorted(
                base[ROUTE] + o
                for o, n in self.c_origins
                if n > 0 and (owner[o] == a or owner[o] == NO)
            )
        if phase in (NAME_WILD, START_CHOICE):
            return [base[RESOURCE] + k for k in R5]
        if phase == DISCARD:
            h = self.hands
            b = 5 * self.active
            return [base[RESOURCE] + k for k in R5 if h[b + k] > 0]
        if phase == CHOOSE_START:
            return [base[START] + r for r in self._start_choices()]
        if phase == PREP_PLACE:
            return [base[PLACE] + r for r in self._unfed_buildings()]
        if phase == STEAL_VICTIM:
            return [base[SEAT] + v for v in self._steal_victims()] + [base[PASS]]
        if phase == REDO_OFFER:
            return [base[KEEP], base[REDO]]
        raise AssertionError(f"no decisions in phase {phase}")

    def _menu(self) -> list[int]:
        """The free actions (and in phase 2 the herd actions) of the active player."""
        c = self.cfg
        base = c.layout.base
        a = self.active
        out: list[int] = []
        phase = self.phase
        mine = [r for r, o in enumerate(self.owner) if o == a]
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
        h = self.hands
        b = 5 * a
        hand = h[b : b + 5]
        if self.barns_left[a] and _covers(hand, c.barn_cost):
            barn = base[BARN_AT]
            building = self.building
            out.extend(barn + r for r in mine if not building[r])
        if self.armories_left[a] and _covers(hand, c.armory_cost):
            armory = base[ARMORY_AT]
            building = self.building
            out.extend(armory + r for r in mine if building[r] == BARN)
        rate = c.trade_rate
        trade = base[TRADE]
        for g in R5:
            if hand[g] >= rate:
                t0 = trade + g * 5
                out.extend(
                    (t0, t0 + 1, t0 + 2, t0 + 3, t0 + 4)[:g]
                    + (t0, t0 + 1, t0 + 2, t0 + 3, t0 + 4)[g + 1 :]
                )
        out.append(base[END_TURN] if phase == DISCARD_PHASE else base[END_PHASE])
        return out

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

    def _steal_victims(self) -> list[int]:
        a = self.active
        return [
            v for v in range(self.cfg.players) if v != a and self.alive(v) and self.hand_size(v) > 0
        ]

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
        if phase == REVEAL:
            total = sum(self.unknown)
            return [(v + 1, n / total) for v, n in enumerate(self.unknown) if n]
        if phase == START_ROLL:
            return list(c.start_roll)
        if phase == FIRST_SEAT:
            n = c.players
            return [(s, 1 / n) for s in range(n)]
        if phase == STEAL_DRAW:
            b = 5 * self.steal_victim
            hand = self.hands[b : b + 5]
            total = sum(hand)
            return [(k, hand[k] / total) for k in R5 if hand[k]]
        raise AssertionError(f"phase {phase} is not a chance node")

    def _defender_units(self) -> int:
        if self.c_defender == HUMANS:
            return self.c_humans
        r = self.c_region
        return self.hf[r] + self.hi[r]

    # --- applying -------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase in CHANCE_PHASES:
            self._apply_chance(action)
            return
        kind, arg = self.cfg.layout.decode(action)
        if phase in (ACTIONS, RESOURCES, DISCARD_PHASE):
            self._apply_menu(kind, arg)
        elif phase == MOVE_SELECT:
            self._apply_move(kind, arg)
        elif phase == ALLOCATE_ATTACKER:
            self._hit_attacker(arg)
        elif phase == ALLOCATE_DEFENDER:
            self._hit_defender(arg)
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
        elif phase == PREP_PLACE:
            self._place_herd(arg)
        elif phase == STEAL_VICTIM:
            if kind == PASS:
                self._after_doubles()
            else:
                self.steal_victim = arg
                self.phase = STEAL_DRAW
                self.decider = NO
        elif phase == REDO_OFFER:
            if kind == REDO:
                self._redo()
            else:
                self.redo_used |= 1 << self.active
                self._score_and_pass()
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
        elif phase == START_ROLL:
            self._gain_public(self.active, outcome, 1)
            self._next_starting_resource()
        elif phase == FIRST_SEAT:
            self._set_first(outcome)
        elif phase == STEAL_DRAW:
            self._steal(outcome)
        else:
            raise AssertionError(f"phase {phase} is not a chance node")

    # --- hands ----------------------------------------------------------------------------
    def _gain_public(self, seat: int, kind: int, n: int) -> None:
        """``seat`` gains ``n`` cards of ``kind`` in view of everyone."""
        self.hands[5 * seat + kind] += n
        self.known[5 * seat + kind] += n

    def _pay(self, seat: int, kind: int, n: int) -> None:
        """``seat`` gives ``n`` cards of ``kind`` to the Supply in view of everyone: the cards
        come from those others knew of first, then from the unknown ones."""
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

    # --- setup (FR-4) ---------------------------------------------------------------------
    def _set_first(self, seat: int) -> None:
        self.first = seat
        self.setup_step = 0
        self.active = seat
        self.decider = seat
        self.phase = CHOOSE_START

    def _choose_start(self, region: int) -> None:
        """FR-4 step 6.2: a Barn and 2 healthy herds on the chosen start."""
        c = self.cfg
        seat = self.active
        self.owner[region] = seat
        self.building[region] = BARN
        self.barns_left[seat] -= 1
        self.hf[region] = c.start_herds
        self.herds_left[seat] -= c.start_herds
        self.setup_step += 1
        n = c.players
        if self.setup_step < n:
            seat = (self.first + self.setup_step) % n
            self.active = seat
            self.decider = seat
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
        """FR-4 step 7: the next starting resource, rolled (FR-R22) or chosen (Experienced)."""
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
        self._begin_turn(self.first)

    # --- turn structure (FR-5) ------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        c = self.cfg
        self.active = seat
        self.decider = seat
        self.attacked = 0
        self.cancels = 0
        self.dice = (NO, NO)
        self.named = ()
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
            self.phase = ACTIONS
        elif self.herds_left[a] == 0:
            self.phase = ACTIONS
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
            self.phase = ACTIONS

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
            self._pay_cost(a, c.barn_cost)
            self.barns_left[a] -= 1
            self.building[arg] = BARN
            self._check_win(a)
        elif kind == ARMORY_AT:
            # FR-8.1: the Barn returns to the personal supply.
            self._pay_cost(a, c.armory_cost)
            self.barns_left[a] += 1
            self.armories_left[a] -= 1
            self.building[arg] = ARMORY
            self._check_win(a)
        elif kind == TRADE:
            give, take = divmod(arg, 5)
            self._pay(a, give, c.trade_rate)
            self._gain_public(a, take, 1)
        elif kind == END_PHASE:
            if self.phase == ACTIONS:
                self.phase = ROLL_RESOURCES
                self.decider = NO
            else:
                self.phase = DISCARD_PHASE
        elif kind == END_TURN:
            excess = self.hand_size(a) - c.hand_limit
            if excess > 0:
                self.discards = excess
                self.phase = DISCARD
            else:
                self._after_discards()
        else:
            raise IllegalActionError(f"action kind {kind} is not a menu action")

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
        if holder == a or (holder == NO and not (self.face_down >> d & 1) and not self.token[d]):
            # A plain move (FR-R3): into one's own region or an empty one.
            self.ha[d] += healthy
            self.ia[d] += injured
            owner[d] = a
            return
        self.attacked |= 1 << d
        if holder != NO and not (self.hf[d] or self.hi[d]):
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
            if self.face_down >> d & 1:
                self.phase = REVEAL  # FR-6.1: the token is revealed only now
                self.decider = NO
                return
            self.c_humans = self.token[d]
        else:
            self.c_defender = holder
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

    # --- combat (FR-6) --------------------------------------------------------------------
    def _reveal(self, value: int) -> None:
        """FR-6.1: the face-down token's value, drawn from the tokens no one has seen."""
        d = self.c_region
        self.unknown[value - 1] -= 1
        self.face_down &= ~(1 << d)
        self.token[d] = value
        self.token_real |= 1 << d
        self.c_humans = value
        self.phase = ROLL_ATTACKER

    def _resolve_rolls(self) -> None:
        """FR-6.2: damage from this round's dice, the Armory bonus once per roll per side."""
        self.c_round += 1
        att_roll, def_roll = self.c_rolls
        ag, ah = divmod(att_roll, COMBAT_BASE)
        dg = def_roll // COMBAT_BASE
        a = self.active
        bonus = self.armories_of(a)
        if self.c_defender == HUMANS:
            self.c_def_damage = ag + ah + bonus
            to_attacker = dg
        else:
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

    def _allocate_attacker(self) -> None:
        h, i = self.c_att
        h, i, left, dead = self._forced(h, i, self.c_damage)
        self.c_att = (h, i)
        self.herds_left[self.active] += dead
        self.c_damage = left
        if left:
            self.phase = ALLOCATE_ATTACKER
            self.decider = self.active
            return
        self._allocate_defender()

    def _hit_attacker(self, cls: int) -> None:
        h, i = self.c_att
        if cls == 0:
            h, i = h - 1, i + 1
        else:
            i -= 1
            self.herds_left[self.active] += 1
        self.c_att = (h, i)
        self.c_damage -= 1
        self._allocate_attacker()

    def _allocate_defender(self) -> None:
        damage = self.c_def_damage
        if self.c_defender == HUMANS:
            self.c_humans = max(0, self.c_humans - damage)
            self.c_def_damage = 0
            self._end_of_round()
            return
        r = self.c_region
        h, i, left, dead = self._forced(self.hf[r], self.hi[r], damage)
        self.hf[r], self.hi[r] = h, i
        self.herds_left[self.c_defender] += dead
        self.c_def_damage = left
        if left:
            self.phase = ALLOCATE_DEFENDER
            self.decider = self.c_defender
            return
        self._end_of_round()

    def _hit_defender(self, cls: int) -> None:
        r = self.c_region
        if cls == 0:
            self.hf[r] -= 1
            self.hi[r] += 1
        else:
            self.hi[r] -= 1
            self.herds_left[self.c_defender] += 1
        self.c_def_damage -= 1
        self._allocate_defender()

    def _end_of_round(self) -> None:
        """FR-6.4: combat ends when a side has no units; else the attacker decides."""
        attackers = self.c_att[0] + self.c_att[1]
        defenders = self._defender_units()
        if not attackers or not defenders:
            self._end_combat()
            return
        self.decider = self.active
        self.phase = ATTACKER_DECIDES
        if self.c_round >= self.cfg.max_combat_rounds and not self._legal_actions():
            # The engine's round bound (data: max_combat_rounds) with no legal retreat: the
            # attack fails and the attacking herds are lost.
            self.herds_left[self.active] += attackers
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
        a = self.active
        owner = self.owner
        legal = [(o, n) for o, n in self.c_origins if n > 0 and (owner[o] == a or owner[o] == NO)]
        if len(legal) == 1:
            self._route(legal[0][0])
            return
        self.phase = ROUTE_RETREAT
        self.decider = a

    def _route(self, origin: int) -> None:
        h, i = self.route
        if h:
            self.ha[origin] += 1
            h -= 1
        else:
            self.ia[origin] += 1
            i -= 1
        self.route = (h, i)
        self.owner[origin] = self.active
        self.c_origins = tuple((o, n - 1 if o == origin else n) for o, n in self.c_origins)
        self._route_next()

    def _defender_retreats(self, dest: int) -> None:
        """FR-6.6: all the defender's herds go to one region; the attacker takes control."""
        r = self.c_region
        d = self.c_defender
        self.hf[dest] += self.hf[r]
        self.hi[dest] += self.hi[r]
        self.hf[r] = self.hi[r] = 0
        self.owner[dest] = d
        self._end_combat()

    def _end_combat(self) -> None:
        """FR-6.7: the outcomes of a combat."""
        r = self.c_region
        a = self.active
        d = self.c_defender
        h, i = self.c_att
        attackers = h + i
        if d == HUMANS:
            value = self.token[r]
            survivors = self.c_humans
            if attackers and not survivors:
                self._return_token(r)
            elif not attackers and survivors and survivors != value:
                # FR-R23, FR-R60: a face-up token of the survivors' count replaces it.
                self._return_token(r)
                self._place_face_up(r, survivors)
            elif not attackers and not survivors:
                self._return_token(r)
        if attackers:
            if d != HUMANS and self.herds_in(r):
                raise AssertionError("attackers and defenders left at the end of a combat")
            if d != HUMANS:
                self._destroy_building(r)
            self.ha[r] += h
            self.ia[r] += i
            self.owner[r] = a
        elif d != HUMANS:
            self._update_owner(r)  # FR-R7: a building keeps the defender in control
        self.c_region = NO
        self.c_defender = NO
        self.c_att = (0, 0)
        self.c_origins = ()
        self.c_humans = 0
        self.c_damage = 0
        self.c_def_damage = 0
        self.route = (0, 0)
        self.phase = ACTIONS
        self.decider = a
        if d != HUMANS:
            self._check_eliminated(d)
        self._check_eliminated(a)

    def _return_token(self, region: int) -> None:
        """A face-up token leaves the map: a real one goes back to the pool, face up in
        everyone's memory; a stand-in is put away."""
        value = self.token[region]
        if not value:
            return
        if self.token_real >> region & 1:
            self.pool_known[value - 1] += 1
        else:
            self.standins -= 1
        self.token[region] = 0
        self.token_real &= ~(1 << region)

    def _place_face_up(self, region: int, value: int) -> None:
        """FR-R23: a face-up token of ``value``: a revealed one from the pool if there is one,
        else a stand-in (FR-2.6). Taking it reveals nothing: its value is public."""
        self.token[region] = value
        if self.pool_known[value - 1]:
            self.pool_known[value - 1] -= 1
            self.token_real |= 1 << region
        else:
            self.standins += 1

    # --- elimination and victory (FR-7.6, FR-12) ------------------------------------------
    def _check_eliminated(self, seat: int) -> None:
        if self.phase == OVER or not self.alive(seat) or seat in self.owner:
            return
        self.eliminated |= 1 << seat
        b = 5 * seat
        for k in R5:
            self.hands[b + k] = 0
            self.known[b + k] = 0
        self.unknown_cards[seat] = 0  # FR-R28: removed from play
        self.unknown_kinds[seat] = 0
        alive = [s for s in range(self.cfg.players) if self.alive(s)]
        if len(alive) == 1:
            self._finish((alive[0],))  # FR-R53
        elif seat == self.active:
            self._pass_turn()  # FR-R52: the turn ends at once, no conquest scoring

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
        """FR-5.4, FR-R16: both dice show the same face (wild + wild included)."""
        return self.dice[0] == self.dice[1] and self.dice[0] != NO

    def _produce(self) -> None:
        """FR-5.4 step 3: every player collects for every region they control."""
        pay = self.payouts()
        produces = self.cfg.produces
        gained = [0] * len(self.hands)
        for r, o in enumerate(self.owner):
            if o != NO:
                k = produces[r]
                if pay[k]:
                    gained[5 * o + k] += pay[k]
        for i, n in enumerate(gained):
            if n:
                self.hands[i] += n
                self.known[i] += n
        self.last_production = tuple(gained)
        self.decider = self.active
        if self.cfg.stealing and self.doubles() and self._steal_victims():
            self.phase = STEAL_VICTIM  # FR-13, FR-R49
            return
        self._after_doubles()

    def _steal(self, kind: int) -> None:
        """FR-R49: one random card; its kind is known to thief and victim only.

        What the others can deduce: the victim lost one card of a kind it may have held (each
        kind it surely held, less one, stays sure); the thief gained one such card. When the
        victim's cards were all of one known kind, everyone can tell what was taken."""
        v = self.steal_victim
        a = self.active
        b = 5 * v
        known = self.known
        sure = known[b : b + 5]
        possible = sum(1 << k for k in R5 if sure[k]) | (
            self.unknown_kinds[v] if self.unknown_cards[v] else 0
        )
        self.hands[b + kind] -= 1
        self.hands[5 * a + kind] += 1
        if possible == 1 << kind:  # only one kind it could be: public by deduction
            known[b + kind] -= 1
            known[5 * a + kind] += 1
        else:
            for k in R5:
                if sure[k]:
                    known[b + k] = sure[k] - 1
            self.unknown_cards[v] = sum(self.hands[b : b + 5]) - sum(known[b : b + 5])
            self.unknown_kinds[v] = possible if self.unknown_cards[v] else 0
            self.unknown_cards[a] += 1
            self.unknown_kinds[a] |= possible
        self.steal_victim = NO
        self.decider = a
        self._after_doubles()

    def _after_doubles(self) -> None:
        self.phase = RESOURCES
        self.decider = self.active

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
        """The next seat still in the game takes a turn; FR-R54 ends the game at the cap."""
        n = self.cfg.players
        here = self.seat_position(self.active)
        for step in range(1, n + 1):
            seat = (self.active + step) % n
            if self.alive(seat):
                break
        if self.seat_position(seat) <= here:
            if self.round >= self.cfg.max_rounds:
                self._finish_by_cap()
                return
            self.round += 1
        self.redo_snapshot = None
        self._begin_turn(seat)

    def _finish_by_cap(self) -> None:
        """FR-R54: the highest VP among the players left wins; ties share the win."""
        alive = [s for s in range(self.cfg.players) if self.alive(s)]
        best = max(self.visible_vp(s) for s in alive)
        self._finish(tuple(s for s in alive if self.visible_vp(s) == best))

    # --- information sets -----------------------------------------------------------------
    def sample_consistent(self, seat: int, rng: Rng) -> Self:
        """A position ``seat`` cannot tell from this one: the cards of other seats' hands whose
        kinds ``seat`` cannot know (moved by a steal) are redrawn at random from the kinds they
        may be. (The thief and the victim know the stolen card; the sampler gives them the
        public view of it, a wider set of positions that holds the true one.) Face-down tokens
        hold no hidden value (see the module docstring), so nothing else is hidden."""
        s = self.clone()
        for other in range(self.cfg.players):
            if other == seat or not s.unknown_cards[other]:
                continue
            b = 5 * other
            kinds = [k for k in R5 if s.unknown_kinds[other] >> k & 1]
            for k in R5:
                s.hands[b + k] = s.known[b + k]
            for _ in range(s.unknown_cards[other]):
                s.hands[b + kinds[rng.randrange(len(kinds))]] += 1
        return s
