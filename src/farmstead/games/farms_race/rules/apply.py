"""Applying an action: a chance outcome, or a decision that a table indexed by the phase
hands to the method of its concern.
"""

from __future__ import annotations

from collections.abc import Callable

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.actions import CONTINUE, PASS, PLAY_SPY, REDO
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ALLOCATE_ATTACKER,
    ALLOCATE_DEFENDER,
    ATTACKER_DECIDES,
    BLACKMAIL_TAKE,
    CHANCE_PHASES,
    CHOOSE_MUTATION,
    CHOOSE_START,
    DEFENDER_DECIDES,
    DISCARD,
    DISCARD_PHASE,
    DOUBLES_ORDER,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    HACK,
    LUCKY_FACE,
    MOVE_SELECT,
    NAME_WILD,
    NO,
    NUKE_RESPONSE,
    NUKE_TARGET,
    PAYMENT,
    PHASE_NAMES,
    POCKET_ALLOCATE,
    PREP_PLACE,
    REDO_OFFER,
    RESOURCES,
    ROUTE_RETREAT,
    SPY_OPPONENT,
    SPY_RESOURCE,
    SPY_WINDOW,
    START_CHOICE,
    STEAL_DRAW,
    STEAL_VICTIM,
    TRADE_PROPOSE,
    TRADE_RESPOND,
    TRADE_SLOT,
)
from farmstead.games.farms_race.rules.chance import ChanceRules
from farmstead.games.farms_race.rules.combat import CombatRules
from farmstead.games.farms_race.rules.hands import HandRules
from farmstead.games.farms_race.rules.menu import MenuRules
from farmstead.games.farms_race.rules.moves import MoveRules
from farmstead.games.farms_race.rules.nukes import NukeRules
from farmstead.games.farms_race.rules.resources import ResourceRules
from farmstead.games.farms_race.rules.setup import SetupRules
from farmstead.games.farms_race.rules.spies import SpyRules
from farmstead.games.farms_race.rules.trading import TradingRules
from farmstead.games.farms_race.rules.turns import TurnRules


class ApplyRules(
    ChanceRules,
    MenuRules,
    TradingRules,
    MoveRules,
    SetupRules,
    TurnRules,
    ResourceRules,
    CombatRules,
    NukeRules,
    SpyRules,
    HandRules,
):
    """The step from one position to the next."""

    __slots__ = ()

    def _apply(self, action: int) -> None:
        """A chance outcome (``chance.py``), or a decision: its kind and argument go to the
        phase's method (``DECISIONS``)."""
        phase = self.phase
        if phase in CHANCE_PHASES:
            self._apply_chance(action)
            return
        kind, arg = self.cfg.layout.decode(action)
        DECISIONS[phase](self, kind, arg)

    # --- what a decision does in each phase -----------------------------------------------
    def _no_decision(self, kind: int, arg: int) -> None:
        """The end of the game: no decision applies."""
        raise IllegalActionError(f"no decisions in phase {self.phase}")

    def _on_choose_mutation(self, kind: int, arg: int) -> None:
        self._choose_mutation(arg)

    def _on_choose_start(self, kind: int, arg: int) -> None:
        self._choose_start(arg)

    def _on_start_choice(self, kind: int, arg: int) -> None:
        self._gain_public(self.active, arg, 1)
        self._next_starting_resource()

    def _on_prep_place(self, kind: int, arg: int) -> None:
        self._place_herd(arg)

    def _on_attacker_decides(self, kind: int, arg: int) -> None:
        if kind == CONTINUE:
            self._attacker_continues()
        else:
            self._attacker_retreats()

    def _on_defender_decides(self, kind: int, arg: int) -> None:
        if kind == CONTINUE:
            self._next_round()
        else:
            self._defender_retreats(arg)

    def _on_route_retreat(self, kind: int, arg: int) -> None:
        self._route(arg)

    def _on_spy_window(self, kind: int, arg: int) -> None:
        if kind == PASS:
            self._after_spy_window()
        else:
            self.resume = SPY_WINDOW
            self._apply_spy(kind, arg)

    def _on_name_wild(self, kind: int, arg: int) -> None:
        self._name_wild(arg)

    def _on_lucky_face(self, kind: int, arg: int) -> None:
        self._lucky_face(arg)

    def _on_steal_victim(self, kind: int, arg: int) -> None:
        if kind == PASS:
            self._next_doubles_effect()
        else:
            self.steal_victim = arg
            self.phase = STEAL_DRAW
            self.decider = NO

    def _on_doubles_order(self, kind: int, arg: int) -> None:
        self._order_doubles(arg)

    def _on_discard(self, kind: int, arg: int) -> None:
        self._pay(self.active, arg, 1)
        self.discards -= 1
        if not self.discards:
            self._after_discards()

    def _on_redo_offer(self, kind: int, arg: int) -> None:
        if kind == REDO:
            self._redo()
        else:
            self.redo_used |= 1 << self.active
            self._score_and_pass()

    def _on_spy_opponent(self, kind: int, arg: int) -> None:
        self._blackmail_opponent(arg)

    def _on_spy_resource(self, kind: int, arg: int) -> None:
        self._spy_resource(arg)

    def _on_nuke_target(self, kind: int, arg: int) -> None:
        self._aim(arg)

    def _on_hack(self, kind: int, arg: int) -> None:
        self._hack(kind == PLAY_SPY)

    def _on_pocket_allocate(self, kind: int, arg: int) -> None:
        self._pocket_hit(arg)


DECISIONS_BY_PHASE: dict[int, Callable[[ApplyRules, int, int], None]] = {
    CHOOSE_MUTATION: ApplyRules._on_choose_mutation,
    CHOOSE_START: ApplyRules._on_choose_start,
    START_CHOICE: ApplyRules._on_start_choice,
    PREP_PLACE: ApplyRules._on_prep_place,
    FLY_SOURCE: ApplyRules._apply_flying,
    FLY_HEALTH: ApplyRules._apply_flying,
    FLY_DEST: ApplyRules._apply_flying,
    ACTIONS: ApplyRules._apply_menu,
    RESOURCES: ApplyRules._apply_menu,
    DISCARD_PHASE: ApplyRules._apply_menu,
    PAYMENT: ApplyRules._apply_payment,
    MOVE_SELECT: ApplyRules._apply_move,
    ALLOCATE_ATTACKER: ApplyRules._hit_attacker,
    ALLOCATE_DEFENDER: ApplyRules._hit_defender,
    ATTACKER_DECIDES: ApplyRules._on_attacker_decides,
    DEFENDER_DECIDES: ApplyRules._on_defender_decides,
    ROUTE_RETREAT: ApplyRules._on_route_retreat,
    SPY_WINDOW: ApplyRules._on_spy_window,
    NAME_WILD: ApplyRules._on_name_wild,
    LUCKY_FACE: ApplyRules._on_lucky_face,
    STEAL_VICTIM: ApplyRules._on_steal_victim,
    DOUBLES_ORDER: ApplyRules._on_doubles_order,
    DISCARD: ApplyRules._on_discard,
    REDO_OFFER: ApplyRules._on_redo_offer,
    SPY_OPPONENT: ApplyRules._on_spy_opponent,
    BLACKMAIL_TAKE: ApplyRules._blackmail_take,
    SPY_RESOURCE: ApplyRules._on_spy_resource,
    NUKE_TARGET: ApplyRules._on_nuke_target,
    HACK: ApplyRules._on_hack,
    POCKET_ALLOCATE: ApplyRules._on_pocket_allocate,
    NUKE_RESPONSE: ApplyRules._respond,
    TRADE_SLOT: ApplyRules._apply_trade,
    TRADE_PROPOSE: ApplyRules._apply_trade,
    TRADE_RESPOND: ApplyRules._apply_trade,
}
# Per phase number: the method that applies the decision ``(kind, arg)`` taken in it (chance
# phases and the end take none). A tuple indexed by the phase, built once.
DECISIONS = tuple(
    DECISIONS_BY_PHASE.get(phase, ApplyRules._no_decision) for phase in range(len(PHASE_NAMES))
)
