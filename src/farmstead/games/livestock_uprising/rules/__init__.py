"""Livestock Uprising: the rules (rules/livestock_uprising.md; rulings LU-R1 … LU-R101 cited
inline).

``LURules`` is the position and the rules over it; ``game.LUState`` adds the protocol's views
(``position``, ``words``). The position's fields, construction and copy live in ``state``
(``RulesState``), the records of a turn, a battle and a card play in ``records``. Each concern
of the rules is one mixin of its own module that derives from the mixins whose methods it
calls, so every call is typed (the one call the other way, ``RulesState.initial`` to the
setup's ``_after_factions``, is declared on ``RulesState``):

* ``movement`` (LU §6), ``economy`` (harvest, marshal, transfer: LU §8 … §10), ``super_army``
  (LU §12), ``victory`` (elimination and the stalemate), ``turns`` (LU §5 and the phase
  entries);
* ``strength`` and ``aftermath`` (a battle's arithmetic, and its steps after the outcome),
  ``cards`` (when a card may be played), ``battles`` (LU §7: the stages and the decisions in a
  battle), ``card_effects`` (playing a card and its follow-up choices);
* ``action_phase``, ``marshaling`` and ``setup`` (the decisions of those phases, and the chance
  events), ``decisions`` (the legal actions and the applying of an action, by phase), and
  ``information`` (``sample_consistent``).

Prompt hygiene (LU §3; prompts never reveal a card): a card window or a harvest
decision is offered to a seat whenever it holds any hidden card at all (a public count),
whether or not one of them could be played, so that the existence and order of prompts depend
on public facts only.
"""

from __future__ import annotations

from farmstead.games.livestock_uprising.rules.action_phase import ActionPhaseRules
from farmstead.games.livestock_uprising.rules.aftermath import AftermathRules
from farmstead.games.livestock_uprising.rules.battles import BattleRules
from farmstead.games.livestock_uprising.rules.card_effects import CardEffectRules
from farmstead.games.livestock_uprising.rules.cards import CardRules
from farmstead.games.livestock_uprising.rules.decisions import DecisionRules
from farmstead.games.livestock_uprising.rules.economy import EconomyRules
from farmstead.games.livestock_uprising.rules.information import InformationRules
from farmstead.games.livestock_uprising.rules.marshaling import MarshalingRules
from farmstead.games.livestock_uprising.rules.movement import MovementRules
from farmstead.games.livestock_uprising.rules.records import (
    B_AFTER_WIN,
    B_CASUALTIES,
    B_CHECK,
    B_DESTROY,
    B_DICE,
    B_END,
    B_JOIN,
    B_KEEP,
    B_MEDIC,
    B_OUTCOME,
    B_PLUNDER,
    B_POSITIONS,
    B_POST,
    B_POST_STEP,
    B_PRE,
    DONE,
    READY,
    Battle,
    CardPlay,
    Turn,
)
from farmstead.games.livestock_uprising.rules.setup import SetupRules
from farmstead.games.livestock_uprising.rules.state import (
    IN_PLAY,
    IN_RESERVE,
    REMOVED,
    NoRecordError,
    RulesState,
)
from farmstead.games.livestock_uprising.rules.strength import StrengthRules
from farmstead.games.livestock_uprising.rules.super_army import SuperArmyRules
from farmstead.games.livestock_uprising.rules.turns import TurnRules
from farmstead.games.livestock_uprising.rules.victory import VictoryRules

__all__ = [
    "B_AFTER_WIN",
    "B_CASUALTIES",
    "B_CHECK",
    "B_DESTROY",
    "B_DICE",
    "B_END",
    "B_JOIN",
    "B_KEEP",
    "B_MEDIC",
    "B_OUTCOME",
    "B_PLUNDER",
    "B_POSITIONS",
    "B_POST",
    "B_POST_STEP",
    "B_PRE",
    "DONE",
    "IN_PLAY",
    "IN_RESERVE",
    "READY",
    "REMOVED",
    "Battle",
    "CardPlay",
    "LURules",
    "NoRecordError",
    "Turn",
]


# ``InformationRules`` leads: CPython frees and garbage-collects an instance by walking the
# chain of its classes' first bases (``__base__``), which the shallowest mixin keeps short; the
# others follow in method resolution order.
class LURules(
    InformationRules,
    DecisionRules,
    SetupRules,
    ActionPhaseRules,
    MarshalingRules,
    CardEffectRules,
    BattleRules,
    CardRules,
    AftermathRules,
    TurnRules,
    SuperArmyRules,
    EconomyRules,
    VictoryRules,
    MovementRules,
    StrengthRules,
    RulesState,
):
    """One Livestock Uprising position and its rules: every concern's mixin over
    ``RulesState``; see the package docstring."""

    __slots__ = ()
