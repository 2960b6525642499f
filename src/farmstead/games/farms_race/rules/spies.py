"""Spy cards (FR-10): drawing a bought card, playing and swapping (FR-R21), the choices of
Blackmail, Double Agent, Propaganda and Thievery (FR-R50), Field Hospital, and revealing VP
Spies (FR-12).
"""

from __future__ import annotations

from farmstead.games.farms_race.actions import RESOURCE, SWAP_SPY
from farmstead.games.farms_race.layout import (
    ACTIONS,
    AGENT_DRAW,
    BLACKMAIL,
    BLACKMAIL_TAKE,
    DISCARD_PHASE,
    DOUBLE_AGENT,
    FIELD_HOSPITAL,
    HACKING,
    NO,
    NUM_SPY_KINDS,
    OVER,
    REGENERATIVE,
    RESOURCES,
    SPY_DRAW,
    SPY_OPPONENT,
    SPY_RESOURCE,
    SPY_WINDOW,
    THIEVERY,
    VP_SPIES,
)
from farmstead.games.farms_race.rules.hands import HandRules
from farmstead.games.farms_race.rules.victory import VictoryRules


class SpyRules(VictoryRules, HandRules):
    """The Spy cards of the active player and their effects."""

    __slots__ = ()

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
                self.healthy_ready[r] += self.injured_ready[r]
                self.healthy_acted[r] += self.injured_acted[r]
                self.injured_ready[r] = self.injured_acted[r] = 0
        if self.combat_region != NO and not self.nuked >> self.combat_region & 1:
            h, i = self.combat_attackers
            self.combat_attackers = (h + i, 0)

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
