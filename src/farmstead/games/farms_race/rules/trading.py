"""Trading between players (FR-8.3, FR-8.4): the trade window's slots and passes (FR-R31),
proposals built one card at a time, answers; and Open Trading proposals from the menu
(FR-R34).
"""

from __future__ import annotations

from farmstead.games.farms_race.actions import (
    ACCEPT,
    ASK,
    CANCEL,
    GIVE,
    PASS,
    SEAT,
    SUBMIT,
)
from farmstead.games.farms_race.layout import NO, TRADE_PROPOSE, TRADE_RESPOND, TRADE_SLOT
from farmstead.games.farms_race.rules.hands import HandRules
from farmstead.games.farms_race.rules.state import RESOURCE_KINDS
from farmstead.games.farms_race.rules.turns import TurnRules


class TradingRules(TurnRules, HandRules):
    """The trade window and proposals."""

    __slots__ = ()

    def _open_window(self, next_seat: int) -> None:
        """FR-8.3: a window of slots in turn order from the player to move next; it closes
        after as many consecutive passes as there are participants (FR-R31)."""
        self.trade_next_turn = next_seat
        self.trade_proposals_made = [0] * self.cfg.players
        self.trade_passes = 0
        if sum(1 for p in range(self.cfg.players) if self.alive(p)) < 2:
            self._close_window()
            return
        self.trade_slot = next_seat
        self._slot_turn()

    def _slot_turn(self) -> None:
        """The slot holder decides; one who made every proposal it may passes at once."""
        participants = sum(1 for p in range(self.cfg.players) if self.alive(p))
        while self.trade_proposals_made[self.trade_slot] >= self.cfg.window_proposals:
            self.trade_passes += 1
            if self.trade_passes >= participants:
                self._close_window()
                return
            self._advance_slot()
        self.phase = TRADE_SLOT
        self.decider = self.trade_slot

    def _advance_slot(self) -> None:
        n = self.cfg.players
        seat = self.trade_slot
        for step in range(1, n + 1):
            seat = (self.trade_slot + step) % n
            if self.alive(seat):
                break
        self.trade_slot = seat

    def _close_window(self) -> None:
        self.trade_slot = NO
        self.trade_passes = 0
        self.trade_proposals_made = [0] * self.cfg.players
        self._begin_turn(self.trade_next_turn)

    def _start_proposal(self, proposer: int, recipient: int) -> None:
        self.trade_proposer = proposer
        self.trade_recipient = recipient
        self.trade_give = (0, 0, 0, 0, 0)
        self.trade_ask = (0, 0, 0, 0, 0)
        self.phase = TRADE_PROPOSE
        self.decider = proposer

    def _apply_trade(self, kind: int, arg: int) -> None:
        if kind == PASS:  # a slot holder passes
            self.trade_passes += 1
            participants = sum(1 for p in range(self.cfg.players) if self.alive(p))
            if self.trade_passes >= participants:
                self._close_window()
                return
            self._advance_slot()
            self._slot_turn()
        elif kind == SEAT:  # a slot holder proposes to ``arg``
            self.trade_proposals_made[self.trade_slot] += 1
            self._start_proposal(self.trade_slot, arg)
        elif kind in (GIVE, ASK):
            if kind == GIVE:
                give = list(self.trade_give)
                give[arg] += 1
                self.trade_give = tuple(give)
                self._shown(self.trade_proposer, arg, give[arg])  # the offer is public (FR-16)
            else:
                ask = list(self.trade_ask)
                ask[arg] += 1
                self.trade_ask = tuple(ask)
        elif kind == SUBMIT:
            self.phase = TRADE_RESPOND
            self.decider = self.trade_recipient
        elif kind == CANCEL:
            self._end_proposal(submitted=False)
        elif kind == ACCEPT:
            giver, taker = self.trade_proposer, self.trade_recipient
            for k in RESOURCE_KINDS:
                if self.trade_give[k]:
                    self._pay(giver, k, self.trade_give[k])
                    self._gain_public(taker, k, self.trade_give[k])
                if self.trade_ask[k]:
                    self._pay(taker, k, self.trade_ask[k])
                    self._gain_public(giver, k, self.trade_ask[k])
            self._end_proposal(submitted=True)
        else:  # DECLINE: "Declined", no reason given (FR-8.3)
            self._end_proposal(submitted=True)

    def _end_proposal(self, submitted: bool) -> None:
        """After an answer (or a cancel): back to the window's next slot, or to the active
        player's menu under Open Trading (FR-R34)."""
        self.trade_proposer = self.trade_recipient = NO
        self.trade_give = (0, 0, 0, 0, 0)
        self.trade_ask = (0, 0, 0, 0, 0)
        if self.trade_slot == NO:
            self._resume()
            return
        if submitted:
            self.trade_passes = 0  # FR-R31: any proposal resets the count
            self._advance_slot()
        self._slot_turn()
