"""The turn (FR-5): its start and Preparation (with Flying, FR-11), the return to the menu
after an interruption, and its end: the redo of a first turn (FR-R55), conquest VP and Turmoil
(FR-7.3), the next seat.
"""

from __future__ import annotations

from farmstead.core.game import TurnMark
from farmstead.games.farms_race.actions import DONE, FLY_FROM, TAKE
from farmstead.games.farms_race.layout import (
    ACTIONS,
    DOUBLES_ORDER,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    FLYING,
    NO,
    NUM_SPY_KINDS,
    OVER,
    PREP_PLACE,
    REDO_OFFER,
    SPY_WINDOW,
)
from farmstead.games.farms_race.rules.board import BoardRules
from farmstead.games.farms_race.rules.resources import ResourceRules
from farmstead.games.farms_race.rules.spies import SpyRules
from farmstead.games.farms_race.rules.state import FRFields
from farmstead.games.farms_race.rules.victory import VictoryRules


class TurnRules(ResourceRules, SpyRules, VictoryRules, BoardRules):
    """The turn's frame: start, Preparation, resuming, end."""

    __slots__ = ()

    # --- turn structure (FR-5) ------------------------------------------------------------
    def _turn_mark(self) -> TurnMark:
        """The setup and the opening trade window are one stretch (FR-4, FR-R33); then a
        seat's turn (FR-5), with the decisions others make in it (damage, retreats, Hacking,
        nuke-backs) and the trade window that follows it (FR-8.3). A redone first turn is a
        new turn (FR-R55)."""
        if self.round == 0 or self.active == NO:
            return TurnMark(0, None)
        return TurnMark(self.turns[self.active], self.active)

    def _begin_turn(self, seat: int) -> None:
        c = self.cfg
        self.active = seat
        self.decider = seat
        self.attacked = 0
        self.nuked = 0
        self.cancels = 0
        self.open_trades = 0
        self.dice = (NO, NO)
        self.named = ()
        self.lucky = False
        self.fresh = [0] * NUM_SPY_KINDS
        hf, hi, ha, ia = (
            self.healthy_ready,
            self.injured_ready,
            self.healthy_acted,
            self.injured_acted,
        )
        for r in range(c.regions):
            if ha[r] or ia[r]:
                hf[r] += ha[r]
                hi[r] += ia[r]
                ha[r] = ia[r] = 0
        self.start_owner = tuple(self.owner)
        if c.new_players >> seat & 1 and not self.turns[seat] and not (self.redo_used >> seat & 1):
            self._keep_redo_start()
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
                self.healthy_ready[r] += 1
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
        self.healthy_ready[region] += 1
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
                self.healthy_ready[src] -= 1
                self.healthy_ready[arg] += 1
            else:
                self.injured_ready[src] -= 1
                self.injured_ready[arg] += 1
            self._update_owner(src)
            self.flights += 1
            self.fly_src = self.fly_health = NO
            if self._fly_sources():
                self.phase = FLY_SOURCE
            else:
                self._to_actions()

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
        snapshot = self.redo_start
        for name in FRFields.__slots__:
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
        self.nuke_responses = ()
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
