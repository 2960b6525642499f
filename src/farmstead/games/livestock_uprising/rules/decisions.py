"""Livestock Uprising: the legal actions at a decision node and the applying of an action,
each handed to the phase's own options and handler (``_OPTIONS_OF_PHASE``,
``_HANDLER_OF_PHASE``)."""

from __future__ import annotations

from collections.abc import Callable

from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.layout import (
    ACTION,
    AMBUSH,
    CARD_TARGET,
    CASUALTY,
    CHANCE_PHASES,
    CHOOSE_FACTION,
    FORMING,
    HARVEST,
    JOIN,
    KEEP,
    MARSHAL,
    MARSHAL_TARGET,
    MOVE,
    PHASE_NAMES,
    PLACE_BARN,
    PLUNDER,
    POST_STEP,
    RETREAT,
    TRANSFER,
    TRANSFER_TARGET,
    TRANSFER_UNIT,
    WINDOW,
)
from farmstead.games.livestock_uprising.rules.action_phase import ActionPhaseRules
from farmstead.games.livestock_uprising.rules.aftermath import AftermathRules
from farmstead.games.livestock_uprising.rules.battles import BattleRules
from farmstead.games.livestock_uprising.rules.card_effects import CardEffectRules
from farmstead.games.livestock_uprising.rules.marshaling import MarshalingRules
from farmstead.games.livestock_uprising.rules.setup import SetupRules


class DecisionRules(SetupRules, ActionPhaseRules, MarshalingRules, CardEffectRules):
    """The protocol's ``_legal_actions`` and ``_apply``, dispatched by phase."""

    __slots__ = ()

    def _legal_actions(self) -> list[int]:
        """The legal actions at a decision node, sorted."""
        options = self._options()
        options.sort()
        return options

    def _options(self) -> list[int]:
        """The legal actions at a decision node, in any order."""
        phase_options = _OPTIONS_OF_PHASE.get(self.phase)
        if phase_options is None:
            raise AssertionError(f"no decision in phase {PHASE_NAMES[self.phase]}")
        return phase_options(self)

    def _apply(self, action: int) -> None:
        """A chance outcome, a card played (at any decision but a card's own choices), or
        the decision of the phase."""
        phase = self.phase
        if phase in CHANCE_PHASES:
            self._apply_chance(action)
            return
        kind, arg = self.cfg.layout.decode(action)
        if kind == act.PLAY and phase != CARD_TARGET:
            self._play_card(self.decider, arg)
            return
        handler = _HANDLER_OF_PHASE.get(phase)
        if handler is not None:
            handler(self, kind, arg)


# The legal actions of each decision phase, in any order.
_OPTIONS_OF_PHASE: dict[int, Callable[[DecisionRules], list[int]]] = {
    CHOOSE_FACTION: SetupRules._faction_options,
    PLACE_BARN: SetupRules._barn_options,
    ACTION: ActionPhaseRules._action_options,
    MOVE: ActionPhaseRules._move_options,
    FORMING: MarshalingRules._forming_options,
    HARVEST: MarshalingRules._harvest_options,
    MARSHAL: MarshalingRules._marshal_phase_options,
    MARSHAL_TARGET: MarshalingRules._marshal_target_options,
    TRANSFER: MarshalingRules._transfer_options,
    TRANSFER_UNIT: MarshalingRules._transfer_unit_options,
    TRANSFER_TARGET: MarshalingRules._transfer_target_options,
    CARD_TARGET: CardEffectRules._card_target_options,
    AMBUSH: BattleRules._ambush_options,
    JOIN: BattleRules._join_options,
    WINDOW: BattleRules._window_options,
    KEEP: BattleRules._keep_options,
    CASUALTY: AftermathRules._casualty_options,
    RETREAT: BattleRules._retreat_options,
    PLUNDER: BattleRules._plunder_options,
    POST_STEP: BattleRules._post_step_options,
}

# The handler of each decision phase, given the action's (kind, arg).
_HANDLER_OF_PHASE: dict[int, Callable[[DecisionRules, int, int], None]] = {
    CHOOSE_FACTION: SetupRules._apply_faction,
    PLACE_BARN: SetupRules._apply_barn,
    ACTION: ActionPhaseRules._apply_action_top,
    MOVE: ActionPhaseRules._apply_move,
    FORMING: MarshalingRules._apply_forming,
    HARVEST: MarshalingRules._apply_harvest,
    MARSHAL: MarshalingRules._apply_marshal,
    MARSHAL_TARGET: MarshalingRules._apply_marshal_target,
    TRANSFER: MarshalingRules._apply_transfer,
    TRANSFER_UNIT: MarshalingRules._apply_transfer_unit,
    TRANSFER_TARGET: MarshalingRules._apply_transfer_target,
    CARD_TARGET: CardEffectRules._apply_card_target,
    AMBUSH: BattleRules._apply_ambush,
    JOIN: BattleRules._apply_join,
    WINDOW: BattleRules._apply_window,
    KEEP: BattleRules._apply_keep,
    CASUALTY: BattleRules._apply_casualty,
    RETREAT: BattleRules._apply_retreat,
    PLUNDER: BattleRules._apply_plunder,
    POST_STEP: BattleRules._apply_post_step,
}
