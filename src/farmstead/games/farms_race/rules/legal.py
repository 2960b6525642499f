"""The legal decisions of a Farms Race position (§17: every decision is one atomic choice):
one method per phase, found in a table indexed by the phase, and the choices of the menu, moves,
combat, payments, nukes and trades they use.
"""

from __future__ import annotations

from collections.abc import Callable

from farmstead.games.farms_race.actions import (
    ACCEPT,
    ARMORY_AT,
    ASK,
    BARN_AT,
    BUY_NUKE,
    BUY_SPY,
    CANCEL,
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
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ALLOCATE_ATTACKER,
    ALLOCATE_DEFENDER,
    ATTACKER_DECIDES,
    BARN,
    BLACKMAIL,
    BLACKMAIL_TAKE,
    BUILD_ARMORY,
    BUILD_BARN,
    BUILD_NUKE,
    BUILD_NUKE_BACK,
    BUILD_SPY,
    CHOOSE_MUTATION,
    CHOOSE_START,
    DEFENDER_DECIDES,
    DERANGED,
    DISCARD,
    DISCARD_PHASE,
    DOUBLE_AGENT,
    DOUBLES_ORDER,
    FIELD_HOSPITAL,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    HACK,
    HACKING,
    HYPER_INTELLIGENT,
    LUCKY_FACE,
    MOVE_SELECT,
    NAME_WILD,
    NO,
    NUKE_BUILT,
    NUKE_NORTH_KOREAN,
    NUKE_POCKET,
    NUKE_RESPONSE,
    NUKE_TARGET,
    NUKE_TOKEN,
    NUM_MUTATIONS,
    NUM_SPY_KINDS,
    PAYMENT,
    PHASE_NAMES,
    POCKET_ALLOCATE,
    POCKET_NUKE,
    PREP_PLACE,
    RADIOACTIVE,
    REDO_OFFER,
    REGENERATIVE,
    RESOURCES,
    ROUTE_RETREAT,
    SPY_OPPONENT,
    SPY_RESOURCE,
    SPY_WINDOW,
    START_CHOICE,
    STEAL_VICTIM,
    TRADE_PROPOSE,
    TRADE_RESPOND,
    TRADE_SLOT,
    VP_SPIES,
    ZOMBIE,
)
from farmstead.games.farms_race.rules.queries import FRQueries
from farmstead.games.farms_race.rules.state import RESOURCE_KINDS, SPY_CARDS, covers


class LegalRules(FRQueries):
    """The choices of the seat to decide; none changes the position."""

    __slots__ = ()

    def _legal_actions(self) -> list[int]:
        """The choices of the phase's decider: one method per phase (``CHOICES``)."""
        return CHOICES[self.phase](self)

    # --- the choices of each phase --------------------------------------------------------
    def _no_choices(self) -> list[int]:
        """A chance phase or the end: the engine never asks for decisions there."""
        raise AssertionError(f"no decisions in phase {self.phase}")

    def _slot_choices(self) -> list[int]:
        """The trade window's slot holder: propose to a player while it may, or pass (FR-8.3)."""
        c = self.cfg
        base = c.layout.base
        out = [base[PASS]]
        if self.trade_proposals_made[self.trade_slot] < c.window_proposals:
            out = [base[SEAT] + v for v in self._trade_partners(self.trade_slot)] + out
        return out

    def _answer_choices(self) -> list[int]:
        """The recipient of a proposal: accept when its hand covers the ask, or decline."""
        base = self.cfg.layout.base
        out = [base[DECLINE]]
        if self.can_pay(self.trade_recipient, self.trade_ask):
            out.insert(0, base[ACCEPT])
        return out

    def _attacker_decisions(self) -> list[int]:
        """FR-6.6: continue (within the engine's round bound) or retreat (when the origins can
        take every attacking herd back)."""
        c = self.cfg
        base = c.layout.base
        out = []
        if self.combat_round < c.max_combat_rounds:
            out.append(base[CONTINUE])
        if self.retreat_capacity() >= self.combat_attackers[0] + self.combat_attackers[1]:
            out.append(base[RETREAT])
        return out

    def _defender_decisions(self) -> list[int]:
        """FR-6.6: continue, or retreat every herd to one region."""
        base = self.cfg.layout.base
        return [base[CONTINUE]] + [base[RETREAT_TO] + r for r in self.defender_retreats()]

    def _route_choices(self) -> list[int]:
        base = self.cfg.layout.base
        return sorted(base[ROUTE] + o for o in self._route_destinations())

    def _resource_choices(self) -> list[int]:
        """Any resource kind: a wild face's name, a starting resource, Lucky's face, the kind
        Propaganda or Thievery names."""
        resource = self.cfg.layout.base[RESOURCE]
        return [resource + k for k in RESOURCE_KINDS]

    def _discard_choices(self) -> list[int]:
        resource = self.cfg.layout.base[RESOURCE]
        h = self.hands
        b = 5 * self.active
        return [resource + k for k in RESOURCE_KINDS if h[b + k] > 0]

    def _start_region_choices(self) -> list[int]:
        start = self.cfg.layout.base[START]
        return [start + r for r in self._start_choices()]

    def _mutation_choices(self) -> list[int]:
        mutation = self.cfg.layout.base[MUTATION]
        seat = self.active
        return [mutation + m for m in range(NUM_MUTATIONS) if self.dealt[seat] >> m & 1]

    def _place_choices(self) -> list[int]:
        place = self.cfg.layout.base[PLACE]
        return [place + r for r in self._unfed_buildings()]

    def _fly_source_choices(self) -> list[int]:
        base = self.cfg.layout.base
        return [base[FLY_FROM] + r for r in self._fly_sources()] + [base[DONE]]

    def _fly_health_choices(self) -> list[int]:
        take = self.cfg.layout.base[TAKE]
        r = self.fly_src
        return [take + h for h, n in ((0, self.healthy_ready[r]), (1, self.injured_ready[r])) if n]

    def _fly_destination_choices(self) -> list[int]:
        c = self.cfg
        fly_to = c.layout.base[FLY_TO]
        a = self.active
        return [fly_to + r for r in range(c.regions) if self.owner[r] == a and r != self.fly_src]

    def _steal_choices(self) -> list[int]:
        base = self.cfg.layout.base
        return [base[SEAT] + v for v in self._steal_victims()] + [base[PASS]]

    def _order_choices(self) -> list[int]:
        order = self.cfg.layout.base[ORDER]
        return [order, order + 1]

    def _redo_choices(self) -> list[int]:
        base = self.cfg.layout.base
        return [base[KEEP], base[REDO]]

    def _spy_window_choices(self) -> list[int]:
        return sorted(self._spy_plays(in_combat=True) + [self.cfg.layout.base[PASS]])

    def _opponent_choices(self) -> list[int]:
        seat = self.cfg.layout.base[SEAT]
        return [seat + v for v in self._richer_opponents(self.active)]

    def _blackmail_choices(self) -> list[int]:
        base = self.cfg.layout.base
        h = self.hands
        b = 5 * self.spy_victim
        return [base[RESOURCE] + k for k in RESOURCE_KINDS if h[b + k]] + [base[DONE]]

    def _target_choices(self) -> list[int]:
        target = self.cfg.layout.base[TARGET]
        return [target + r for r in self._launch_targets()]

    def _hack_choices(self) -> list[int]:
        base = self.cfg.layout.base
        out = [base[PASS]]
        if self._can_play(self.nuke_victim, HACKING):
            out.append(base[PLAY_SPY] + HACKING)
        return out

    # --- the actions menu -----------------------------------------------------------------
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
            hf = self.healthy_ready
            hi = self.injured_ready
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
        for g in RESOURCE_KINDS:
            if hand[g] >= rate:
                out.extend(trade + g * 5 + t for t in RESOURCE_KINDS if t != g)
        out.extend(self._spy_and_nuke_menu())
        if c.open_trading and self.open_trades < c.open_proposals:
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
        for card in SPY_CARDS:
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

    def _trade_partners(self, seat: int) -> list[int]:
        """Players ``seat`` may propose a trade to (FR-8.3: participants, not itself)."""
        return [v for v in range(self.cfg.players) if v != seat and self.alive(v)]

    # --- moves, starts and Preparation ----------------------------------------------------
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
                and (self.healthy_ready[r] or self.injured_ready[r])
            ):
                out.append(base[SOURCE] + r)
        src = self.move_src
        if src != NO:
            taken_h, taken_i = self._taken(src)
            if self.healthy_ready[src] > taken_h:
                out.append(base[TAKE])
            if self.injured_ready[src] > taken_i:
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

    # --- combat choices (FR-6.3, FR-R46) --------------------------------------------------
    def _attacker_hits(self) -> list[int]:
        base = self.cfg.layout.base
        h, i = self.combat_attackers
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
        r = self.combat_region
        out = []
        if self.healthy_ready[r]:
            out.append(base[HIT])
        if self.injured_ready[r]:
            out.append(base[HIT] + 1)
            if self.mutation[self.combat_defender] == ZOMBIE:
                out.extend(base[ZOMBIE_TO] + d for d in self.defender_retreats())
        if self.combat_humans:
            out.append(base[HIT] + 2)  # FR-R6: gun hits may go to Adorable's humans
        return sorted(out)

    # --- payment, nukes, trades -----------------------------------------------------------
    def _pocket_hits(self) -> list[int]:
        """FR-R45: the victim allocates a Pocket Nuke's points among its units in the target."""
        base = self.cfg.layout.base
        t = self.nuke_target
        out = []
        if self._nukable_herds(t, self.nuke_hacked):
            if self.healthy_ready[t] + self.healthy_acted[t]:
                out.append(base[HIT])
            if self.injured_ready[t] + self.injured_acted[t]:
                out.append(base[HIT] + 1)
        if self.nuke_humans:
            out.append(base[HIT] + 2)
        return out

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
            out = [base[RESOURCE] + k for k in RESOURCE_KINDS if hand[k] > sel[k]]
        else:
            if covers(hand, c.build_costs[self.pay_build]):
                out.append(base[PAY_NORMAL])
            if self.mutation[seat] == HYPER_INTELLIGENT:
                out.extend(base[PAY_FOUR] + k for k in RESOURCE_KINDS if hand[k] >= c.hyper_cards)
        if self.cancels < c.max_cancels:
            out.append(base[CANCEL])
        return sorted(out)

    def _launch_targets(self) -> list[int]:
        """Targets of the nuke being launched: a nuke-back's (FR-R13) or any other's (FR-R12;
        North Korean's too, FR-11)."""
        if (
            self.nuke_responses
            and self.nuke_kind != NUKE_NORTH_KOREAN
            and self.nuke_launcher == (self.nuke_responses[-1][0])
        ):
            responder, nuker, nuked = self.nuke_responses[-1]
            return self.nuke_back_targets(responder, nuker, nuked)
        return self.nuke_targets(self.nuke_launcher)

    def _response_choices(self) -> list[int]:
        """The responder on top of the stack (FR-9.4 step 7): pass, or launch a token, a Nuke
        built now (FR-R38; no trading first) or a Pocket Nuke at a legal target."""
        c = self.cfg
        base = c.layout.base
        responder, nuker, nuked = self.nuke_responses[-1]
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

    def _proposal_choices(self) -> list[int]:
        """FR-8.3: give cards one kind at a time (from the hand), ask for cards one kind at a
        time (at most the recipient's hand size in all), submit once a card moves, cancel."""
        c = self.cfg
        base = c.layout.base
        b = 5 * self.trade_proposer
        give = self.trade_give
        ask = self.trade_ask
        out = [base[GIVE] + k for k in RESOURCE_KINDS if self.hands[b + k] > give[k]]
        if sum(ask) < self.hand_size(self.trade_recipient):
            out.extend(base[ASK] + k for k in RESOURCE_KINDS)
        if sum(give) + sum(ask):
            out.append(base[SUBMIT])
        out.append(base[CANCEL])
        return sorted(out)


CHOICES_BY_PHASE: dict[int, Callable[[LegalRules], list[int]]] = {
    ACTIONS: LegalRules._menu,
    RESOURCES: LegalRules._menu,
    DISCARD_PHASE: LegalRules._menu,
    TRADE_SLOT: LegalRules._slot_choices,
    TRADE_PROPOSE: LegalRules._proposal_choices,
    TRADE_RESPOND: LegalRules._answer_choices,
    MOVE_SELECT: LegalRules._move_choices,
    ALLOCATE_ATTACKER: LegalRules._attacker_hits,
    ALLOCATE_DEFENDER: LegalRules._defender_hits,
    ATTACKER_DECIDES: LegalRules._attacker_decisions,
    DEFENDER_DECIDES: LegalRules._defender_decisions,
    ROUTE_RETREAT: LegalRules._route_choices,
    NAME_WILD: LegalRules._resource_choices,
    START_CHOICE: LegalRules._resource_choices,
    LUCKY_FACE: LegalRules._resource_choices,
    SPY_RESOURCE: LegalRules._resource_choices,
    DISCARD: LegalRules._discard_choices,
    CHOOSE_START: LegalRules._start_region_choices,
    CHOOSE_MUTATION: LegalRules._mutation_choices,
    PREP_PLACE: LegalRules._place_choices,
    FLY_SOURCE: LegalRules._fly_source_choices,
    FLY_HEALTH: LegalRules._fly_health_choices,
    FLY_DEST: LegalRules._fly_destination_choices,
    STEAL_VICTIM: LegalRules._steal_choices,
    DOUBLES_ORDER: LegalRules._order_choices,
    REDO_OFFER: LegalRules._redo_choices,
    PAYMENT: LegalRules._payment_choices,
    SPY_WINDOW: LegalRules._spy_window_choices,
    SPY_OPPONENT: LegalRules._opponent_choices,
    BLACKMAIL_TAKE: LegalRules._blackmail_choices,
    NUKE_TARGET: LegalRules._target_choices,
    HACK: LegalRules._hack_choices,
    POCKET_ALLOCATE: LegalRules._pocket_hits,
    NUKE_RESPONSE: LegalRules._response_choices,
}
# Per phase number: the method that lists the phase's choices (chance phases and the end have
# none). A tuple indexed by the phase, built once.
CHOICES = tuple(
    CHOICES_BY_PHASE.get(phase, LegalRules._no_choices) for phase in range(len(PHASE_NAMES))
)
