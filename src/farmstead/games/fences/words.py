"""Fences actions in words and as JSON (and back).

Words name tiles, cells and tile-fields as the players see them; a tile drawn into a hidden
hand is named only to its drawer (FE-R22, FE-R23).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from farmstead.core.errors import IllegalActionError
from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.games.fences import actions as act
from farmstead.games.fences.layout import (
    CHANCE_PHASES,
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DRAW_PHASES,
    OVER,
)
from farmstead.games.fences.rules import FencesRules

ACTION_TYPES = ("SELECT", "CELL", "ROTATE", "BARN", "PASS", "DISCARD")
CHANCE_TYPES = ("DRAW", "DEAL_FARMER", "FIRST_PLAYER")


def seat_name(state: FencesRules, seat: int) -> str:
    """The seat's colour, capitalised (e.g. 'Blue')."""
    return state.cfg.colours[seat].capitalize()


def action_to_string(state: FencesRules, action: int) -> str:
    """The action (or chance outcome) in words, for an id inside the action space."""
    c = state.cfg
    if state.phase in CHANCE_PHASES:
        return _chance_to_string(state, action)
    kind, arg = c.layout.decode(action)
    hand = state.hands[state.active] if state.phase != OVER else []
    if kind in (act.SELECT, act.DISCARD):
        verb = "play" if kind == act.SELECT else "discard"
        tile = f" ({state.tile_id(hand[arg])})" if arg < len(hand) else ""
        return f"{verb} hand tile {arg}{tile}"
    if kind == act.CELL:
        r, col = c.layout.cell_rc(arg)
        return f"place at ({r}, {col})"
    if kind == act.ROTATE:
        return f"rotate {90 * arg}° (r{arg})"
    if kind == act.BARN:
        name = ""
        if state.p_type:
            shape = c.tiles[state.p_type[-1]].shape
            if arg < len(shape.field_names):
                name = f" ({shape.field_names[arg]})"
        return f"build a barn on tile-field {arg}{name}"
    return "build no barn"


def action_to_string_for(state: FencesRules, action: int, seat: int | None) -> str:
    """Tile draws name the tile only to the drawing seat (FE-R22, FE-R23)."""
    if state.phase in DRAW_PHASES and seat != state.active:
        return f"{_drawer(state)} draws a tile"
    return action_to_string(state, action)


def _drawer(state: FencesRules) -> str:
    return seat_name(state, state.active) if 0 <= state.active < state.cfg.num_players else "?"


def _chance_to_string(state: FencesRules, outcome: int) -> str:
    c = state.cfg
    who = _drawer(state)
    # The chance-outcome space is the largest of the three kinds; ids beyond this phase's
    # kind name no outcome.
    if state.phase in DRAW_PHASES:
        if outcome < len(c.tiles):
            return f"{who} draws {c.tiles[outcome].id}"
        return f"no tile #{outcome} (the tile set has {len(c.tiles)})"
    if state.phase == DEAL_FARMERS:
        if outcome < len(c.farmers):
            card = c.farmers[outcome]
            return f"{who} is dealt {card.name} ({card.id})"
        return f"no farmer card #{outcome} (the deck has {len(c.farmers)})"
    if outcome < c.num_players:
        return f"{seat_name(state, outcome)} goes first"
    return f"no seat #{outcome} ({c.num_players} players)"


def action_to_json(state: FencesRules, action: int) -> dict[str, Any]:
    """A JSON-safe description of an id inside the action space."""
    c = state.cfg
    if state.phase in CHANCE_PHASES:
        if state.phase in DRAW_PHASES and action < len(c.tiles):
            return {"type": "DRAW", "seat": state.active, "tile": c.tiles[action].id}
        if state.phase == DEAL_FARMERS and action < len(c.farmers):
            return {"type": "DEAL_FARMER", "seat": state.active, "card": c.farmers[action].id}
        if state.phase == CHOOSE_FIRST and action < c.num_players:
            return {"type": "FIRST_PLAYER", "seat": action}
        raise IllegalActionError(f"chance outcome {action} names nothing in this phase")
    kind, arg = c.layout.decode(action)
    if kind == act.SELECT:
        return {"type": "SELECT", "slot": arg}
    if kind == act.DISCARD:
        return {"type": "DISCARD", "slot": arg}
    if kind == act.CELL:
        r, col = c.layout.cell_rc(arg)
        return {"type": "CELL", "cell": [r, col]}
    if kind == act.ROTATE:
        return {"type": "ROTATE", "rot": arg}
    if kind == act.BARN:
        return {"type": "BARN", "field": arg}
    return {"type": "PASS"}


def action_from_json(state: FencesRules, doc: Any) -> int:
    """The action id ``action_to_json`` described; ``IllegalActionError`` if none matches."""
    c = state.cfg
    layout = c.layout
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise IllegalActionError(f"an action is an object with a 'type', got {doc!r}")
    kind = doc["type"]

    def small_int(key: str, limit: int) -> int:
        value = doc.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
            raise IllegalActionError(f"{kind} needs {key!r} in 0..{limit - 1}, got {value!r}")
        return value

    if kind == "SELECT":
        return small_int("slot", c.hand_size)
    if kind == "DISCARD":
        return layout.discard + small_int("slot", c.hand_size)
    if kind == "ROTATE":
        return layout.rotate + small_int("rot", 4)
    if kind == "BARN":
        return layout.barn + small_int("field", layout.max_fields)
    if kind == "PASS":
        return layout.pass_
    if kind == "CELL":
        cell = doc.get("cell")
        if (
            not isinstance(cell, list | tuple)
            or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
            or not layout.in_window(cell[0], cell[1])
        ):
            raise IllegalActionError(
                f"CELL needs 'cell': [row, col] with |row|, |col| <= {layout.half}, got {cell!r}"
            )
        return layout.cell + layout.cell_index(cell[0], cell[1])
    if kind == "DRAW":
        tile = c.catalog.tile_by_id.get(str(doc.get("tile")))
        if tile is None:
            raise IllegalActionError(f"DRAW needs a known 'tile', got {doc.get('tile')!r}")
        return tile
    if kind == "DEAL_FARMER":
        card = c.catalog.farmer_by_id.get(str(doc.get("card")))
        if card is None:
            raise IllegalActionError(f"DEAL_FARMER needs a known 'card', got {doc.get('card')!r}")
        return card
    if kind == "FIRST_PLAYER":
        return small_int("seat", c.num_players)
    raise IllegalActionError(
        f"unknown action type {kind!r}; valid: {', '.join(ACTION_TYPES)} "
        f"(chance: {', '.join(CHANCE_TYPES)})"
    )


# --- the final score (FE §10, FE-R60) --------------------------------------------------------
def _animal_words(animals: dict[str, int]) -> str:
    parts = []
    for name, count in animals.items():
        if count:
            plural = name if count == 1 or name == "sheep" else name + "s"
            parts.append(f"{count} {plural}")
    return ", ".join(parts) if parts else "no animals"


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def score_sheet(state: FencesRules, names: Sequence[str]) -> ScoreSheet:
    """The final scores with their breakdown: each completed field that scored (who got what
    from its barns, FE-R48 … FE-R52) and each seat's farmer-card bonuses (FE-R20, FE-R53);
    the highest score wins and equal highest scores share the win (FE-R60)."""
    c = state.cfg
    n = c.num_players
    scores = list(state.scores)
    rows: list[ScoreRow] = []
    bonuses = [0] * n
    unscored = 0
    for number, event in enumerate(state.events, start=1):
        shares = event["shares"]
        completer = event["completer"]
        bonuses[completer] += event["bonus"]
        if not any(shares):
            unscored += 1
            continue
        barns = len(event["barns"])
        kinds = sum(1 for v in event["animals"].values() if v)
        double = ", doubled for one kind" if kinds == 1 and c.multiplier != 1 else ""
        label = (
            f"Field {number}: {_animal_words(event['animals'])} = {_points(event['value'])}"
            f"{double}; {barns} barn{'s' if barns != 1 else ''}; closed by {names[completer]}"
        )
        rows.append(ScoreRow(label, tuple(f"+{v}" if v else "" for v in shares)))
    if unscored:
        rows.append(
            ScoreRow(
                f"{unscored} closed field{'s' if unscored != 1 else ''} without a barn (no points)",
                ("",) * n,
            )
        )
    cards = [c.farmers[f].name if f >= 0 else "no card" for f in state.farmers]
    rows.append(
        ScoreRow(
            "Farmer card bonuses",
            tuple(f"+{bonuses[p]} ({cards[p]})" for p in range(n)),
        )
    )
    rows.append(ScoreRow("Total", tuple(_points(s) for s in scores)))
    best = max(scores)
    top = [p for p in range(n) if scores[p] == best]
    others = sorted((s for p, s in enumerate(scores) if p not in top), reverse=True)
    if len(top) == n:
        summary = f"A draw: everyone has {_points(best)}."
    elif len(top) == 1:
        summary = f"{names[top[0]]} won with {_points(best)} to {_join(list(map(str, others)))}."
    else:
        summary = (
            f"{_join([names[p] for p in top])} share the win with {_points(best)} each "
            f"(others: {_join(list(map(str, others)))})."
        )
    return ScoreSheet(tuple(_points(s) for s in scores), summary, tuple(rows))


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
