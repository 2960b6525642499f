"""Livestock Uprising actions as JSON for clients, and back: each kind by name with its
arguments by name (factions by code, cards, units and tiles by id, cells as [row, column],
directions and piece slots by their names)."""

from __future__ import annotations

from typing import Any

from farmstead.core.errors import IllegalActionError
from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.layout import (
    CHANCE_PHASES,
    DEAL,
    DIRECTION_NAMES,
    DRAW_FILL,
    DRAW_PLAN,
    DRAW_START,
    FIRST_PLAYER,
    PIECE_SUFFIXES,
    ROLL,
)
from farmstead.games.livestock_uprising.rules import LURules


def action_to_json(state: LURules, action: int) -> dict[str, Any]:
    """A JSON-safe description of an id inside the action space."""
    cat = state.cfg.catalog
    phase = state.phase
    if phase in CHANCE_PHASES:
        if phase == ROLL and action < 6:
            return {"type": "ROLL", "face": action + 1}
        if phase == FIRST_PLAYER and action < state.cfg.num_players:
            return {"type": "FIRST_PLAYER", "seat": action}
        if phase in (DRAW_START, DRAW_FILL) and action < len(cat.tile_types):
            return {"type": "TILE", "tile": cat.tile_types[action]}
        if phase == DEAL and action < cat.command_cards:
            return {"type": "DEAL", "seat": state.deal_seat, "card": cat.cards[action].id}
        if phase == DRAW_PLAN and cat.command_cards <= action < len(cat.cards):
            return {"type": "DRAW_PLAN", "seat": state.active, "card": cat.cards[action].id}
        raise IllegalActionError(f"chance outcome {action} names nothing in this phase")
    kind, arg = state.cfg.layout.decode(action)
    side = state.cfg.side
    if kind == act.FACTION:
        return {"type": "FACTION", "faction": cat.factions[arg].code}
    if kind == act.CELL:
        return {"type": "CELL", "cell": list(divmod(arg, side))}
    if kind == act.PIECE:
        return {"type": "PIECE", "piece": PIECE_SUFFIXES[arg]}
    if kind in (act.STEP, act.FLY, act.RETREAT):
        return {"type": act.KIND_NAMES[kind], "dir": DIRECTION_NAMES[arg]}
    if kind == act.PLAY:
        return {"type": "PLAY", "card": cat.cards[arg].id}
    if kind == act.SEAT:
        return {"type": "SEAT", "seat": arg}
    if kind == act.RESOURCE:
        return {"type": "RESOURCE", "resource": cat.resources[arg]}
    if kind in (act.UNIT, act.MARSHAL):
        return {"type": act.KIND_NAMES[kind], "unit": cat.units[arg].id}
    if kind == act.MEMBER:
        g, unit = divmod(arg, state.cfg.layout.units)
        return {"type": "MEMBER", "piece": PIECE_SUFFIXES[g], "unit": cat.units[unit].id}
    if kind == act.DIE:
        return {"type": "DIE", "die": arg + 1}
    return {"type": act.KIND_NAMES[kind]}


def action_from_json(state: LURules, doc: Any) -> int:
    """The action id ``action_to_json`` described; ``IllegalActionError`` if none matches."""
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise IllegalActionError(f"an action is an object with a 'type', got {doc!r}")
    fields = _Fields(doc)
    if state.phase in CHANCE_PHASES:
        return _outcome_from_json(state, fields)
    return _decision_from_json(state, fields)


class _Fields:
    """The fields of an action's JSON, read with an ``IllegalActionError`` that names the
    action's type, the field and what it must be."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.kind_name: str = doc["type"]

    def name(self, key: str, names: list[str] | tuple[str, ...], what: str) -> int:
        """The index in ``names`` of the name at ``key``."""
        value = self.doc.get(key)
        if not isinstance(value, str) or value not in names:
            raise IllegalActionError(
                f"{self.kind_name} needs {key!r}: one of {', '.join(names)}; got {value!r} ({what})"
            )
        return list(names).index(value)

    def small(self, key: str, limit: int, offset: int = 0) -> int:
        """The int at ``key``, in ``offset … limit + offset - 1``, less ``offset``."""
        value = self.doc.get(key)
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not offset <= value < limit + offset
        ):
            raise IllegalActionError(
                f"{self.kind_name} needs {key!r} in {offset}..{limit + offset - 1}, got {value!r}"
            )
        return value - offset


def _outcome_from_json(state: LURules, fields: _Fields) -> int:
    """A chance outcome: a die face, the first player, a tile, a card dealt or drawn."""
    cat = state.cfg.catalog
    kind_name = fields.kind_name
    outcomes = dict(state.chance_outcomes())
    if kind_name == "ROLL":
        outcome = fields.small("face", 6, 1)
    elif kind_name == "FIRST_PLAYER":
        outcome = fields.small("seat", state.cfg.num_players)
    elif kind_name == "TILE":
        outcome = fields.name("tile", cat.tile_types, "tile type")
    elif kind_name in ("DEAL", "DRAW_PLAN"):
        outcome = fields.name("card", [c.id for c in cat.cards], "card")
    else:
        raise IllegalActionError(f"a chance outcome is due, not {kind_name!r}")
    if outcome not in outcomes:
        raise IllegalActionError(f"{kind_name} {fields.doc!r} is not a possible outcome now")
    return outcome


def _decision_from_json(state: LURules, fields: _Fields) -> int:
    """A decision, by its kind's name and arguments."""
    cat = state.cfg.catalog
    layout = state.cfg.layout
    base = layout.base
    kind_name = fields.kind_name
    unit_ids = [u.id for u in cat.units]
    if kind_name == "FACTION":
        return base[act.FACTION] + fields.name("faction", [f.code for f in cat.factions], "faction")
    if kind_name == "CELL":
        return base[act.CELL] + _cell_from_json(state, fields.doc.get("cell"))
    if kind_name == "PIECE":
        return base[act.PIECE] + fields.name("piece", PIECE_SUFFIXES, "piece")
    if kind_name in ("STEP", "FLY", "RETREAT"):
        kind = act.KIND_NAMES.index(kind_name)
        return base[kind] + fields.name("dir", DIRECTION_NAMES, "direction")
    if kind_name == "PLAY":
        return base[act.PLAY] + fields.name("card", [c.id for c in cat.cards], "card")
    if kind_name == "SEAT":
        return base[act.SEAT] + fields.small("seat", state.cfg.num_players)
    if kind_name == "RESOURCE":
        return base[act.RESOURCE] + fields.name("resource", cat.resources, "resource")
    if kind_name in ("UNIT", "MARSHAL"):
        kind = act.KIND_NAMES.index(kind_name)
        return base[kind] + fields.name("unit", unit_ids, "unit")
    if kind_name == "MEMBER":
        g = fields.name("piece", PIECE_SUFFIXES[:3], "General")
        return layout.member(g, fields.name("unit", unit_ids, "unit"))
    if kind_name == "DIE":
        return base[act.DIE] + fields.small("die", 3, 1)
    if kind_name in ("FORM", "END", "STOP", "PASS", "JOIN"):
        return base[act.KIND_NAMES.index(kind_name)]
    raise IllegalActionError(
        f"unknown action type {kind_name!r}; valid: {', '.join(act.KIND_NAMES)} "
        "(chance: ROLL, FIRST_PLAYER, TILE, DEAL, DRAW_PLAN)"
    )


def _cell_from_json(state: LURules, cell: Any) -> int:
    """The cell of ``[row, column]`` on the board."""
    side = state.cfg.side
    if (
        not isinstance(cell, list)
        or len(cell) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < side for x in cell)
    ):
        raise IllegalActionError(f"CELL needs 'cell': [row, column] on the board, got {cell!r}")
    return cell[0] * side + cell[1]
