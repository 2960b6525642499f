"""The active player's menu (FR-5.1, FR-8): moves, heals, builds, Supply trades, Spies, nukes,
proposals, and the end of a phase; and building and paying (FR-8.1; Hyper-Intelligent and
Deranged, FR-11).
"""

from __future__ import annotations

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.actions import (
    ARMORY_AT,
    BARN_AT,
    BUY_NUKE,
    BUY_SPY,
    CANCEL,
    END_PHASE,
    END_TURN,
    HEAL,
    LAUNCH,
    MOVE_TO,
    PAY_FOUR,
    PAY_NORMAL,
    PLAY_SPY,
    SEAT,
    SWAP_SPY,
    TRADE,
)
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ARMORY,
    BARN,
    BUILD_ARMORY,
    BUILD_BARN,
    BUILD_NUKE,
    BUILD_NUKE_BACK,
    BUILD_SPY,
    DERANGED,
    DISCARD,
    DISCARD_PHASE,
    HYPER_INTELLIGENT,
    MOVE_SELECT,
    NO,
    NUKE_BUILT,
    NUKE_RESPONSE,
    OVER,
    PAYMENT,
    SPY_DRAW,
)
from farmstead.games.farms_race.rules.hands import HandRules
from farmstead.games.farms_race.rules.nukes import NukeRules
from farmstead.games.farms_race.rules.resources import ResourceRules
from farmstead.games.farms_race.rules.spies import SpyRules
from farmstead.games.farms_race.rules.state import MENU_PHASES
from farmstead.games.farms_race.rules.trading import TradingRules
from farmstead.games.farms_race.rules.turns import TurnRules
from farmstead.games.farms_race.rules.victory import VictoryRules


class MenuRules(
    TradingRules, TurnRules, ResourceRules, NukeRules, SpyRules, VictoryRules, HandRules
):
    """The free actions of the active player, and paying for builds."""

    __slots__ = ()

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
            self.injured_ready[arg] -= 1
            self.healthy_acted[arg] += 1
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
            self.open_trades += 1
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
        seat = self.nuke_responses[-1][0] if build == BUILD_NUKE_BACK else self.active
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
