"""Livestock Uprising actions in words and as JSON (and back).

Words name factions, Generals, units, cards, cells and directions as the players see them. A
Command card dealt, a Battle Plans card drawn and the card Espionage removes are named only to
the seats that may know them (LU-R2, LU-R5); everyone else reads that a card was dealt, drawn
or removed.

The modules: ``names`` (factions, pieces, cells, units and cards by name), ``cards`` (when a
card may be played and what it does), ``action_words`` (actions, chance outcomes and phases in
words), ``action_json`` (actions as JSON and back), ``turns`` (a turn in one sentence) and
``scores`` (the score sheet at the end).
"""

from farmstead.games.livestock_uprising.words.action_json import action_from_json, action_to_json
from farmstead.games.livestock_uprising.words.action_words import (
    PHASE_WORDS,
    action_to_string,
    action_to_string_for,
    option_words,
    phase_words,
)
from farmstead.games.livestock_uprising.words.cards import (
    CARD_FILES,
    CARD_SHORT,
    WINDOW_WORDS,
    card_short,
    card_when,
    card_when_words,
    item_words,
)
from farmstead.games.livestock_uprising.words.names import (
    STARS,
    card_name,
    cell_words,
    faction_name,
    piece_words,
    unit_name,
)
from farmstead.games.livestock_uprising.words.scores import score_sheet
from farmstead.games.livestock_uprising.words.turns import turn_summary

__all__ = [
    "CARD_FILES",
    "CARD_SHORT",
    "PHASE_WORDS",
    "STARS",
    "WINDOW_WORDS",
    "action_from_json",
    "action_to_json",
    "action_to_string",
    "action_to_string_for",
    "card_name",
    "card_short",
    "card_when",
    "card_when_words",
    "cell_words",
    "faction_name",
    "item_words",
    "option_words",
    "phase_words",
    "piece_words",
    "score_sheet",
    "turn_summary",
    "unit_name",
]
