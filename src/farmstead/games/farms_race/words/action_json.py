"""Farms Race actions as JSON for clients, and back: each kind by name with its arguments by
name (regions by index, cards and Mutations by id, resources by id)."""

from __future__ import annotations

from typing import Any

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import JSON
from farmstead.games.farms_race.actions import (
    ASK,
    GIVE,
    HIT,
    KIND_NAMES,
    LAUNCH,
    MUTATION,
    NUKE_SOURCES,
    ORDER,
    PAY_FOUR,
    PLAY_SPY,
    RESOURCE,
    SEAT,
    TAKE,
    TRADE,
)
from farmstead.games.farms_race.layout import HEALTH_NAMES, RESOURCE_IDS
from farmstead.games.farms_race.rules import FRRules
from farmstead.games.farms_race.words.action_words import REGION_KINDS


def action_to_json(state: FRRules, action: int) -> JSON:
    """The action as JSON: its kind and arguments by name."""
    if state.is_chance_node():
        return {"type": "CHANCE", "outcome": action}
    kind, arg = state.cfg.layout.decode(action)
    doc: dict[str, Any] = {"type": KIND_NAMES[kind]}
    if kind in REGION_KINDS:
        doc["region"] = arg
    elif kind == MUTATION:
        doc["mutation"] = state.cfg.catalog.mutations[arg].id
    elif kind == PLAY_SPY:
        doc["card"] = state.cfg.catalog.spies[arg].id
    elif kind == LAUNCH:
        doc["source"] = NUKE_SOURCES[arg]
    elif kind in (PAY_FOUR, GIVE, ASK):
        doc["resource"] = RESOURCE_IDS[arg]
    elif kind == ORDER:
        doc["first"] = ("north_korean", "stealing")[arg]
    elif kind == TAKE:
        doc["health"] = HEALTH_NAMES[arg]
    elif kind == HIT:
        doc["target"] = ("healthy", "injured", "human")[arg]
    elif kind == TRADE:
        give, take = divmod(arg, 5)
        doc["give"] = RESOURCE_IDS[give]
        doc["take"] = RESOURCE_IDS[take]
    elif kind == RESOURCE:
        doc["resource"] = RESOURCE_IDS[arg]
    elif kind == SEAT:
        doc["seat"] = arg
    return doc


def action_from_json(state: FRRules, doc: Any) -> int:
    """The legal action ``doc`` (as ``action_to_json`` writes it) names;
    ``IllegalActionError`` when it names none."""
    if not isinstance(doc, dict):
        raise IllegalActionError(f"an action must be a JSON object, got {type(doc).__name__}")
    if state.is_chance_node():
        outcome = doc.get("outcome")
        if doc.get("type") == "CHANCE" and type(outcome) is int and state.is_legal(outcome):
            return outcome
    else:
        for action in state.legal_actions():
            if action_to_json(state, action) == doc:
                return action
    raise IllegalActionError(f"{doc!r} is not a legal action now")
