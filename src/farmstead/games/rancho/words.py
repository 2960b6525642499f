"""Rancho actions in words and as JSON (and back).

Words name spaces by their ids on the board (P13, F1a) and seats by their farm colour. Rancho has
no hidden information (RA-R46), so every seat reads the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from farmstead.core.errors import IllegalActionError
from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.games.rancho import actions as act
from farmstead.games.rancho.actions import (
    ARRANGE_SAFEST,
    CANCEL,
    CONFIRM,
    END_TURN,
    FOX_FIRST,
    GIVE_BASE,
    KIND_NAMES,
    RECEIVE_BASE,
    RETURN_BASE,
    ROLL,
    SIMPLE_ACTIONS,
    USE_DOG,
    WOLF_FIRST,
)
from farmstead.games.rancho.layout import D6, DICE, FOX, KINDS, SYMBOLS
from farmstead.games.rancho.rules import RanchoRules

KIND_WORDS = ("rabbit", "sheep", "cow", "horse", "small dog", "large dog")
SIMPLE_WORDS = {
    ROLL: "Roll the dice",
    END_TURN: "End the turn",
    CONFIRM: "Confirm the exchange",
    CANCEL: "Cancel the exchange",
    ARRANGE_SAFEST: "Arrange the animals as safely as possible",
    FOX_FIRST: "Resolve the fox first",
    WOLF_FIRST: "Resolve the wolf first",
}
GROUPS_WITH_KIND = {"GIVE": GIVE_BASE, "RECEIVE": RECEIVE_BASE, "RETURN": RETURN_BASE}


def _chance_kind(state: RanchoRules) -> str:
    return {DICE: "DICE", D6: "D6"}.get(state.phase, "FIRST_PLAYER")


def seat_name(state: RanchoRules, seat: int) -> str:
    """A seat's farm colour, e.g. 'purple' (front ends number seats differently)."""
    return state.cfg.colours[seat]


def action_to_string(state: RanchoRules, action: int) -> str:
    """The action (or chance outcome at a chance node) in words, for an id inside the action
    space."""
    if state.is_chance_node():
        kind = _chance_kind(state)
        if kind == "DICE":
            if 0 <= action < 36:
                return f"Dice: {SYMBOLS[action // 6]} and {SYMBOLS[action % 6]}"
        elif kind == "D6":
            return f"Predator die: {action} — pastures numbered {action} are attacked"
        elif 0 <= action < state.cfg.num_players:
            return f"{seat_name(state, action).capitalize()} (seat {action}) goes first"
        return f"impossible chance outcome {action}"
    board = state.cfg.board
    group, arg = state.cfg.layout.decode(action)
    if group == act.SIMPLE:
        if arg in SIMPLE_WORDS:
            return SIMPLE_WORDS[arg]
        dog = "small dog" if state.attack == FOX else "large dog"
        return f"Give up a {dog} to save the animals" if arg == USE_DOG else f"Keep the {dog}"
    if group == act.GIVE:
        return f"Give 1 {KIND_WORDS[arg]} to the herd"
    if group == act.RECEIVE:
        return f"Take 1 {KIND_WORDS[arg]} from the herd"
    if group == act.RETURN:
        return f"Return 1 {KIND_WORDS[arg]} to the herd (no room)"
    if group == act.BUY:
        return f"Buy pasture {board.ids[arg]} (price {board.cost[arg]})"
    if group == act.LINK:
        owner = state.owner[arg]
        whom = seat_name(state, owner) if owner >= 0 else "nobody"
        return f"Pass through {board.ids[arg]} (fee {board.cost[arg]} to {whom})"
    if group == act.UNPLACE:
        return f"Pick up the animal on {board.ids[arg]}"
    if group == act.PLACE_RABBIT:
        return f"Place a rabbit on {board.ids[arg]}"
    if group == act.PLACE_SHEEP:
        return f"Place a sheep on {board.ids[arg]}"
    if group == act.PLACE_COW:
        return "Place a cow on " + "+".join(board.ids[c] for c in board.edges[arg])
    return "Place a horse on " + "+".join(board.ids[c] for c in board.triangles[arg])


def action_to_string_for(state: RanchoRules, action: int, seat: int | None) -> str:
    """Words as ``seat`` may see them: every seat sees everything (RA-R46)."""
    return action_to_string(state, action)


def action_to_json(state: RanchoRules, action: int) -> dict[str, Any]:
    """A JSON description of the action or chance outcome, for an id inside the action space."""
    if state.is_chance_node():
        kind = _chance_kind(state)
        if kind == "DICE":
            if not 0 <= action < 36:
                raise IllegalActionError(f"chance outcome {action} is no pair of d12 faces")
            return {"type": "DICE", "faces": [SYMBOLS[action // 6], SYMBOLS[action % 6]]}
        if kind == "D6":
            return {"type": "D6", "number": action}
        return {"type": "FIRST_PLAYER", "seat": action}
    board = state.cfg.board
    group, arg = state.cfg.layout.decode(action)
    if group == act.SIMPLE:
        return {"type": SIMPLE_ACTIONS[arg]}
    name = KIND_NAMES[group]
    if group in (act.GIVE, act.RECEIVE, act.RETURN):
        return {"type": name, "kind": KINDS[arg]}
    if group in (act.BUY, act.LINK):
        return {"type": name, "pasture": board.ids[arg]}
    if group == act.PLACE_COW:
        return {"type": name, "cells": [board.ids[c] for c in board.edges[arg]]}
    if group == act.PLACE_HORSE:
        return {"type": name, "cells": [board.ids[c] for c in board.triangles[arg]]}
    return {"type": name, "cell": board.ids[arg]}


def action_from_json(state: RanchoRules, doc: Any) -> int:
    """The id of the action ``doc`` describes; ``IllegalActionError`` when it names none."""
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise IllegalActionError(f"an action must be an object with a 'type', got {doc!r}")
    kind = doc["type"]
    layout = state.cfg.layout
    board = state.cfg.board

    def field(name: str, expected: type) -> Any:
        value = doc.get(name)
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise IllegalActionError(f"action {kind} needs field {name!r} ({expected.__name__})")
        return value

    def cell(name: str, pastures_only: bool = False) -> int:
        cid = field(name, str)
        index = board.index.get(cid)
        if index is None or (pastures_only and index >= board.num_pastures):
            raise IllegalActionError(
                f"{cid!r} is not a {'pasture' if pastures_only else 'space'} of the board"
            )
        return index

    if state.is_chance_node():
        expected = _chance_kind(state)
        if kind != expected:
            raise IllegalActionError(f"a {expected} outcome is due, not {kind}")
        if kind == "DICE":
            faces = field("faces", list)
            if len(faces) != 2 or any(f not in SYMBOLS for f in faces):
                raise IllegalActionError(f"DICE needs two faces among {', '.join(SYMBOLS)}")
            return SYMBOLS.index(faces[0]) * 6 + SYMBOLS.index(faces[1])
        name = "number" if kind == "D6" else "seat"
        value = field(name, int)
        if value not in dict(state.chance_outcomes()):
            raise IllegalActionError(f"{kind} {name} {value} is not a possible outcome now")
        return int(value)
    if kind in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS.index(kind)
    if kind in GROUPS_WITH_KIND:
        name = field("kind", str)
        limit = 4 if kind == "RETURN" else 6
        if name not in KINDS[:limit]:
            raise IllegalActionError(f"{kind} needs a kind among {', '.join(KINDS[:limit])}")
        return GROUPS_WITH_KIND[kind] + KINDS.index(name)
    if kind == "BUY":
        return layout.buy + cell("pasture", pastures_only=True)
    if kind == "LINK":
        return layout.link + cell("pasture", pastures_only=True)
    if kind == "UNPLACE":
        return layout.unplace + cell("cell")
    if kind == "PLACE_RABBIT":
        return layout.place_rabbit + cell("cell")
    if kind == "PLACE_SHEEP":
        return layout.place_sheep + cell("cell")
    if kind in ("PLACE_COW", "PLACE_HORSE"):
        ids = field("cells", list)
        try:
            cells = tuple(sorted(board.index[c] for c in ids))
        except (KeyError, TypeError):
            raise IllegalActionError(f"{kind}: unknown cells {ids!r}") from None
        table: dict[Any, int] = board.edge_index if kind == "PLACE_COW" else board.triangle_index
        if cells not in table:
            shape = "two adjacent" if kind == "PLACE_COW" else "three mutually adjacent"
            raise IllegalActionError(f"{kind} needs {shape} spaces, got {ids!r}")
        offset = layout.place_cow if kind == "PLACE_COW" else layout.place_horse
        return offset + table[cells]
    raise IllegalActionError(f"unknown action type {kind!r}")


# --- the final result (RA-R43, RA-R45) -------------------------------------------------------
_PLURALS = ("rabbits", "sheep", "cows", "horses", "small dogs", "large dogs")


def score_sheet(state: RanchoRules, names: Sequence[str]) -> ScoreSheet:
    """The herds at the end: each seat's animals on its spaces (and waiting to be placed) and
    its dogs. The first seat with a rabbit, a sheep, a cow and a horse placed wins (RA-R43);
    at the round limit nobody has, and the game is a draw (RA-R45)."""
    n = state.cfg.num_players
    rows: list[ScoreRow] = []
    for kind in range(4):
        values = []
        for seat in range(n):
            placed = state.placed[4 * seat + kind]
            waiting = state.pool[4 * seat + kind]
            text = str(placed)
            if waiting:
                text += f" (+{waiting} to place)"
            values.append(text)
        rows.append(ScoreRow(f"{_PLURALS[kind].capitalize()} on the farm", tuple(values)))
    for dog in range(4, 6):
        rows.append(
            ScoreRow(
                _PLURALS[dog].capitalize(),
                tuple(str(state.owned(seat, dog)) for seat in range(n)),
            )
        )
    kinds = [sum(1 for k in range(4) if state.placed[4 * seat + k]) for seat in range(n)]
    scores = tuple(
        "full herd" if seat == state.winner else f"{kinds[seat]} of 4 kinds" for seat in range(n)
    )
    if state.winner >= 0:
        summary = (
            f"{names[state.winner]} won with a rabbit, a sheep, a cow and a horse on the farm."
        )
    else:
        summary = (
            f"A draw: nobody had all four kinds of animals on the farm after "
            f"{state.cfg.max_rounds} rounds (the round limit)."
        )
    return ScoreSheet(scores, summary, tuple(rows))
