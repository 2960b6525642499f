"""Farms Race actions in words and as JSON, for people and for clients.

Regions are named by their type and place ("Forest (2, 3)"); seats by their species
("Cows"). Words name what only some seats may know to those seats only (FR-16): a stolen
card's kind to the thief and the victim (FR-R49, FR-R50), a dealt Mutation and a drawn Spy card
to their receiver, a peeked token's value to Adorable. Every other action and chance outcome is
public.

The modules: ``action_words`` (actions and chance outcomes in words), ``action_json`` (actions
as JSON and back), ``labels`` (players as people read them), ``turns`` (a turn in one
sentence) and ``scores`` (the score sheet at the end).
"""

from farmstead.games.farms_race.layout import WILD
from farmstead.games.farms_race.words.action_json import action_from_json, action_to_json
from farmstead.games.farms_race.words.action_words import (
    FACE_WORDS,
    REGION_KINDS,
    REGION_NAMES,
    RESOURCE_WORDS,
    action_to_string,
    action_to_string_for,
    region_name,
    seat_name,
)
from farmstead.games.farms_race.words.labels import player_label, seat_labels
from farmstead.games.farms_race.words.scores import score_sheet
from farmstead.games.farms_race.words.turns import turn_summary

__all__ = [
    "FACE_WORDS",
    "REGION_KINDS",
    "REGION_NAMES",
    "RESOURCE_WORDS",
    "WILD",
    "action_from_json",
    "action_to_json",
    "action_to_string",
    "action_to_string_for",
    "player_label",
    "region_name",
    "score_sheet",
    "seat_labels",
    "seat_name",
    "turn_summary",
]
