"""Rancho actions in words and as JSON (and back).

Words name spaces by their ids on the board (P13, F1a) and seats by their farm colour. Rancho has
no hidden information (RA-R46), so every seat reads the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from farmstead.core.errors import IllegalActionError
from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.core.turns import TurnView, generic_summary
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
from farmstead.games.rancho.layout import ANIMALS, D6, DICE, DOG, FOX, KINDS, PLACEMENT, SYMBOLS
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
            return f"{seat_name(state, action).capitalize()} goes first"
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
    if state.is_chance_node():
        return _outcome_from_json(state, doc)
    kind = doc["type"]
    if kind in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS.index(kind)
    if kind in GROUPS_WITH_KIND:
        name = _field(doc, "kind", str)
        limit = 4 if kind == "RETURN" else 6
        if name not in KINDS[:limit]:
            raise IllegalActionError(f"{kind} needs a kind among {', '.join(KINDS[:limit])}")
        return GROUPS_WITH_KIND[kind] + KINDS.index(name)
    layout = state.cfg.layout
    if kind == "BUY":
        return layout.buy + _space(state, doc, "pasture", pastures_only=True)
    if kind == "LINK":
        return layout.link + _space(state, doc, "pasture", pastures_only=True)
    if kind == "UNPLACE":
        return layout.unplace + _space(state, doc, "cell")
    if kind == "PLACE_RABBIT":
        return layout.place_rabbit + _space(state, doc, "cell")
    if kind == "PLACE_SHEEP":
        return layout.place_sheep + _space(state, doc, "cell")
    if kind in ("PLACE_COW", "PLACE_HORSE"):
        return _large_animal_from_json(state, doc)
    raise IllegalActionError(f"unknown action type {kind!r}")


def _field(doc: dict[str, Any], name: str, expected: type) -> Any:
    """The field ``name`` of the action ``doc``, of type ``expected`` (an int is no bool)."""
    value = doc.get(name)
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        raise IllegalActionError(f"action {doc['type']} needs field {name!r} ({expected.__name__})")
    return value


def _space(state: RanchoRules, doc: dict[str, Any], name: str, pastures_only: bool = False) -> int:
    """The index of the space (or pasture) whose id is the field ``name`` of ``doc``."""
    board = state.cfg.board
    cid = _field(doc, name, str)
    index = board.index.get(cid)
    if index is None or (pastures_only and index >= board.num_pastures):
        raise IllegalActionError(
            f"{cid!r} is not a {'pasture' if pastures_only else 'space'} of the board"
        )
    return index


def _outcome_from_json(state: RanchoRules, doc: dict[str, Any]) -> int:
    """The chance outcome ``doc`` names: the two dice, the predator die or the first player."""
    kind = doc["type"]
    expected = _chance_kind(state)
    if kind != expected:
        raise IllegalActionError(f"a {expected} outcome is due, not {kind}")
    if kind == "DICE":
        faces = _field(doc, "faces", list)
        if len(faces) != 2 or any(f not in SYMBOLS for f in faces):
            raise IllegalActionError(f"DICE needs two faces among {', '.join(SYMBOLS)}")
        return SYMBOLS.index(faces[0]) * 6 + SYMBOLS.index(faces[1])
    name = "number" if kind == "D6" else "seat"
    value = _field(doc, name, int)
    if value not in dict(state.chance_outcomes()):
        raise IllegalActionError(f"{kind} {name} {value} is not a possible outcome now")
    return int(value)


def _large_animal_from_json(state: RanchoRules, doc: dict[str, Any]) -> int:
    """A cow placed on two adjacent spaces or a horse on three mutually adjacent ones."""
    kind = doc["type"]
    layout = state.cfg.layout
    board = state.cfg.board
    ids = _field(doc, "cells", list)
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


# --- a turn in words ------------------------------------------------------------------------
_SINGULAR = ("a rabbit", "a sheep", "a cow", "a horse", "a small dog", "a large dog")


def count_words(kind: int, count: int) -> str:
    """``count`` animals of ``kind`` in words: "a sheep", "6 rabbits", "2 sheep"."""
    return _SINGULAR[kind] if count == 1 else f"{count} {_PLURALS[kind]}"


def herd_words(counts: Sequence[int]) -> str:
    """Counts per kind (rabbit … large dog) in words, e.g. "6 rabbits and a sheep"."""
    return join_words([count_words(k, n) for k, n in enumerate(counts) if n > 0])


def join_words(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _transaction_words(state: RanchoRules, view: TurnView) -> str:
    """The open transaction of ``state`` as it is confirmed (RA-R15)."""
    paid = herd_words(state.tx_give)
    got = [herd_words(state.tx_recv)]
    bought = len(state.tx_buy)
    if bought:
        got.append("a pasture" if bought == 1 else f"{bought} pastures")
    gained = join_words(got)
    if paid and gained:
        text = f"traded {paid} for {gained}"
    elif gained:
        text = f"took {gained}"
    else:
        text = f"gave {paid} to the herd"
    fees: dict[int, int] = {}
    for owner, fee in state.tx_fees:
        fees[owner] = fees.get(owner, 0) + fee
    for owner, fee in fees.items():
        text += f" ({view.name(owner)} got {count_words(0, fee)} for the passage)"
    return text


def turn_summary(view: TurnView) -> str:
    """A Rancho turn in one sentence (rancho.md 5): the confirmed trades and purchases, the
    roll, what the predators took and which dogs saved a herd, the young born, the animals
    placed or returned, and a win. Rancho is open (RA-R46): every viewer reads the same."""
    start = view.position()
    if start is None:  # not reached: Rancho has no hidden information
        return generic_summary(view)
    seat = view.seat
    parts: list[str] = []
    placed = [0, 0, 0, 0]
    returned = [0, 0, 0, 0]
    rolled: tuple[list[int], list[int]] | None = None  # pools and placed animals at the roll
    state = start.clone()
    assert isinstance(state, RanchoRules)
    for step in view.steps:
        assert step.action is not None
        before = state.clone()
        state.apply_action(step.action)
        parts.extend(_step_words(before, state, step.action, step.seat, view))
        if not before.is_chance_node() and seat is not None:
            group, arg = before.cfg.layout.decode(step.action)
            if group == act.RETURN:
                returned[arg] += 1
            elif group >= act.UNPLACE or (group == act.SIMPLE and arg == ARRANGE_SAFEST):
                for kind in ANIMALS:
                    placed[kind] += before.pool[4 * seat + kind] - state.pool[4 * seat + kind]
        if before.is_chance_node() and before.phase == DICE:
            rolled = (list(before.pool), list(before.placed))
        if rolled is not None and (state.phase == PLACEMENT or state.is_terminal()):
            parts.extend(_roll_outcome(state, view, *rolled))
            rolled = None
    if any(n > 0 for n in placed):
        parts.append("placed " + herd_words([max(0, n) for n in placed]))
    if any(returned):
        parts.append(f"returned {herd_words(returned)} to the herd (no room)")
    if state.is_terminal():
        if state.winner >= 0 and state.winner == seat:
            parts.append("won with a rabbit, a sheep, a cow and a horse on the farm")
        elif state.winner >= 0:
            parts.append(f"{view.name(state.winner)} won")
        else:
            parts.append(f"the game ends in a draw at the round limit ({state.cfg.max_rounds})")
    if not view.complete and state.tx_open:
        parts.append(f"is trading ({_open_trade_words(state)} so far)")
    if seat is None:
        return _capital(join_words(parts)) or "Setup"
    return f"{view.who} {join_words(parts) or 'is thinking'}"


def _open_trade_words(state: RanchoRules) -> str:
    """A trade still being put together: what is given and taken so far."""
    gives = herd_words(state.tx_give) or "nothing"
    takes = [herd_words(state.tx_recv)]
    if state.tx_buy:
        takes.append("a pasture" if len(state.tx_buy) == 1 else f"{len(state.tx_buy)} pastures")
    return f"gives {gives}, takes {join_words(takes) or 'nothing'}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _step_words(
    before: RanchoRules, after: RanchoRules, action: int, actor: int, view: TurnView
) -> list[str]:
    """The words one step adds to the turn's sentence (most steps add none)."""
    if before.is_chance_node():
        if before.phase == DICE:
            return [f"rolled {SYMBOLS[action // 6]} and {SYMBOLS[action % 6]}"]
        if before.phase == D6:
            predator = "fox" if before.attack == FOX else "wolf"
            return [f"the {predator} struck the pastures numbered {action}"]
        return [f"{view.name(action)} goes first (the {seat_name(before, action)} farm)"]
    group, arg = before.cfg.layout.decode(action)
    if group != act.SIMPLE:
        return []
    if arg == CONFIRM:
        return [_transaction_words(before, view)]
    if arg == USE_DOG and before.phase == DOG:
        dog = "small dog" if before.attack == FOX else "large dog"
        return [f"{view.name(actor)} gave up a {dog} to save the animals"]
    return []


def _roll_outcome(
    after: RanchoRules, view: TurnView, pool: list[int], placed: list[int]
) -> list[str]:
    """What the predators took (the placed animals each seat lost since the roll) and the
    young the active seat bred (RA-R34 … RA-R42)."""
    parts = []
    for other in range(after.cfg.num_players):
        lost = [max(0, placed[4 * other + k] - after.placed[4 * other + k]) for k in ANIMALS]
        if any(lost):
            parts.append(f"{view.name(other)} lost {herd_words(lost)}")
    seat = view.seat
    if seat is not None:
        young = [max(0, after.pool[4 * seat + k] - pool[4 * seat + k]) for k in ANIMALS]
        if any(young):
            parts.append(f"bred {herd_words(young)}")
    return parts
