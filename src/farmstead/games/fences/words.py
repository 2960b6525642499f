"""Fences actions in words and as JSON (and back).

Words name tiles, cells and tile-fields as the players see them; a tile drawn into a hidden
hand is named only to its drawer (FE-R22, FE-R23).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from farmstead.core.data import DataItem
from farmstead.core.errors import IllegalActionError
from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.core.turns import TurnView
from farmstead.games.fences import actions as act
from farmstead.games.fences.catalog import catalog
from farmstead.games.fences.config import FencesConfig
from farmstead.games.fences.layout import (
    ANIMALS,
    CHANCE_PHASES,
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DRAW_PHASES,
    OVER,
)
from farmstead.games.fences.rules import FencesRules
from farmstead.games.fences.scoring import condition_words, parse_condition

ACTION_TYPES = ("SELECT", "CELL", "ROTATE", "BARN", "PASS", "DISCARD")
CHANCE_TYPES = ("DRAW", "DEAL_FARMER", "FIRST_PLAYER")


def seat_name(state: FencesRules, seat: int) -> str:
    """The seat's colour, capitalised (e.g. 'Blue')."""
    return state.cfg.colours[seat].capitalize()


ORDINALS = ("first", "second", "third", "fourth", "fifth")
TURNS = (
    "as it is",
    "turned a quarter clockwise",
    "turned half round",
    "turned a quarter anticlockwise",
)
_PLURAL = {"cow": "cows", "pig": "pigs", "sheep": "sheep"}


def animal_words(counts: Sequence[int]) -> str:
    """Counts of cows, pigs and sheep in words ("2 cows and 1 pig"); "no animals"."""
    parts = [
        f"{n} {ANIMALS[k] if n == 1 else _PLURAL[ANIMALS[k]]}" for k, n in enumerate(counts) if n
    ]
    return _join(parts) if parts else "no animals"


def tile_words(cfg: FencesConfig, tile: int) -> str:
    """A tile type as people see it: its shape and the animals of each field, e.g. "a
    straight tile (west: 1 sheep; east: 2 cows)". Distinct tile types have distinct words."""
    t = cfg.tiles[tile]
    shape = t.shape.long_name.split(" (")[0]
    article = "an" if shape[:1] in "aeiou" else "a"
    fields = [
        f"{name}: {animal_words(animals)}" if len(t.animals) > 1 else animal_words(animals)
        for name, animals in zip(t.shape.field_names, t.animals, strict=True)
        if any(animals) or len(t.animals) == 1
    ]
    return f"{article} {shape} tile ({'; '.join(fields) or 'no animals'})"


def offset_words(r: int, col: int) -> str:
    """A cell relative to the first tile (at row 0, column 0; north is up), e.g. "2 east and
    1 north of the first tile"."""
    parts = []
    if col:
        parts.append(f"{abs(col)} {'east' if col > 0 else 'west'}")
    if r:
        parts.append(f"{abs(r)} {'south' if r > 0 else 'north'}")
    return " and ".join(parts) + " of the first tile" if parts else "on the first tile"


def field_words(name: str) -> str:
    """A tile-field by its name: "the whole tile", "its west field"."""
    return "the whole tile" if name == "whole" else f"its {name} field"


def action_to_string(state: FencesRules, action: int) -> str:
    """The action (or chance outcome) in words, for an id inside the action space."""
    c = state.cfg
    if state.phase in CHANCE_PHASES:
        return _chance_to_string(state, action)
    kind, arg = c.layout.decode(action)
    hand = state.hands[state.active] if state.phase != OVER else []
    if kind in (act.SELECT, act.DISCARD):
        verb = "play" if kind == act.SELECT else "discard"
        which = ORDINALS[arg] if arg < len(ORDINALS) else f"#{arg + 1}"
        tile = f": {tile_words(c, hand[arg])}" if arg < len(hand) else ""
        return f"{verb} the {which} tile of the hand{tile}"
    if kind == act.CELL:
        r, col = c.layout.cell_rc(arg)
        return f"put it {offset_words(r, col)}"
    if kind == act.ROTATE:
        return f"lay it {TURNS[arg]}"
    if kind == act.BARN:
        name = f"tile-field {arg + 1}"
        if state.p_type:
            shape = c.tiles[state.p_type[-1]].shape
            if arg < len(shape.field_names):
                name = shape.field_names[arg]
        return f"build a barn on {field_words(name)}"
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
            return f"{who} draws {tile_words(c, outcome)}"
        return f"no tile #{outcome} (the tile set has {len(c.tiles)})"
    if state.phase == DEAL_FARMERS:
        if outcome < len(c.farmers):
            card = c.farmers[outcome]
            return f"{who} is dealt {card.name}"
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


# --- a turn in words (FE-R34) ---------------------------------------------------------------
def _who(view: TurnView, words: str, colours: Sequence[str]) -> str:
    """``words`` that begin with a seat's colour ("Blue draws …") with the seat's name."""
    for seat, colour in enumerate(colours):
        name = colour.capitalize()
        if words.startswith(name + " "):
            return f"{view.name(seat)}{words[len(name) :]}"
    return words


def _scored(view: TurnView, events: Sequence[dict[str, Any]], colours: Sequence[str]) -> str:
    """The fields closed in a turn (public, FE-R48 … FE-R53) in words."""
    parts = []
    for event in events:
        animals = animal_words([event["animals"][a] for a in ANIMALS])
        gains = [f"{view.name(p)} +{v}" for p, v in enumerate(event["shares"]) if v]
        paid = ", ".join(gains) if gains else "no barn, nobody scores"
        bonus = f"; farmer card +{event['bonus']}" if event["bonus"] else ""
        parts.append(f"closed a field of {animals} worth {event['value']} ({paid}{bonus})")
    return _join(parts)


def turn_summary(view: TurnView) -> str:
    """A Fences turn in one sentence as the viewer may know it (FE-R34): the tile laid, where
    and how it was turned, the barn, the fields it closed and who scored (public), and the
    draw, naming the tile only to its drawer (FE-R22, FE-R23); the setup's deals likewise."""
    before = view.before()
    colours = before.get("colours", []) if isinstance(before, dict) else []
    if view.seat is None:
        return _setup_summary(view, colours)
    parts: list[str] = []
    tile = ""
    where = ""
    for step in view.steps:
        words = step.words
        if step.seat < 0:
            drawn = _who(view, words, colours)
            parts.append("drew" + drawn.split(" draws", 1)[1] if " draws" in drawn else drawn)
        elif words.startswith("play the "):
            tile = words.split(": ", 1)[1] if ": " in words else "a tile"
            where = "as the first tile" if not before.get("placements") else ""
        elif words.startswith("put it "):
            where = words[len("put it ") :]
        elif words.startswith("lay it "):
            parts.append(f"laid {tile} {where}, {words[len('lay it ') :]}".replace("  ", " "))
            tile = ""
        elif words.startswith("discard the "):
            parts.append(
                "could not place a tile and " + words.replace("discard the", "discarded the")
            )
        else:
            if tile:  # the first tile: laid at once (FE-R35)
                parts.append(f"laid {tile} {where}".strip())
                tile = ""
            parts.append(
                words.replace("build a barn", "built a barn").replace(
                    "build no barn", "built no barn"
                )
            )
    if tile:
        parts.append(f"laid {tile} {where}".strip())
    after = view.after()
    events = after.get("events", []) if isinstance(after, dict) else []
    closed = events[len(before.get("events", [])) :] if isinstance(before, dict) else []
    if closed:
        parts.insert(min(1, len(parts)), _scored(view, closed, colours))
    if view.complete and isinstance(after, dict) and after.get("phase") == "over":
        parts.append("the game is over")
    return f"{view.who} {_join(parts) if parts else 'is thinking'}"


def _setup_summary(view: TurnView, colours: Sequence[str]) -> str:
    """The deals (FE-R30, FE-R31) and the first player (FE-R33) as the viewer may know them."""
    hidden = 0
    parts: list[str] = []
    for step in view.steps:
        words = _who(view, step.words, colours)
        if words.endswith(" draws a tile"):
            hidden += 1
            continue
        parts.append(words.replace(" draws ", " drew "))
    if hidden:
        parts.insert(0, f"{hidden} tile{'s' if hidden != 1 else ''} dealt face down")
    text = _join(parts) or "Setup"
    return text[:1].upper() + text[1:]


# --- the game data in words (rules page) ----------------------------------------------------
_MARKINGS = {"2": "in every game", "3": "with 3 or 4 players", "4": "with 4 players only"}


def data_words(item: DataItem) -> tuple[str, str] | None:
    """Tiles by their shape and animals and farmer cards by their bonuses, in words; other
    items are described generically (None)."""
    value = item.value
    if item.file == "tiles.toml":
        shape = catalog().shapes.get(str(value.get("shape")))
        name = shape.long_name.split(" (")[0] if shape else str(value.get("shape"))
        fields = [
            f"{f.get('name')}: {animal_words([f.get('animals', {}).get(a, 0) for a in ANIMALS])}"
            for f in value.get("fields", [])
            if any(f.get("animals", {}).values())
        ]
        title = f"{name.capitalize()} tile" + (
            f" — {'; '.join(fields)}" if fields else ", no animals"
        )
        copies = [
            f"{n} cop{'y' if n == 1 else 'ies'} {_MARKINGS.get(k, k)}"
            for k, n in value.get("counts", {}).items()
            if n
        ]
        return title, (_join(copies) or "not used") + "."
    if item.file == "shapes.toml":
        ports = value.get("fenced_ports", [])
        sides = {"N": "north", "E": "east", "S": "south", "W": "west"}
        fenced = _join([sides.get(p, p) for p in ports])
        names = _join([str(f.get("name")) for f in value.get("fields", [])])
        title = f"{str(value.get('long_name', item.name)).capitalize()} tiles"
        edges = f"Fences meet the {fenced} edges" if fenced else "No fences"
        return title, f"{edges}; fields: {names}."
    if item.file == "farmers.toml":
        bonuses = []
        for cond in value.get("conditions", []):
            try:
                parsed = parse_condition(str(cond.get("test")), int(cond.get("points", 0)))
            except (ValueError, TypeError):
                continue
            bonuses.append(f"+{parsed.points} for a closed field that {condition_words(parsed)}")
        return str(value.get("name", item.name)), "; ".join(bonuses) + "."
    return None
