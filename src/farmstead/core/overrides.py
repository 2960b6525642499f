"""Data overrides: the game parameter ``overrides`` that replaces values of a game's data files.

The parameter is a list of ``ITEM.FIELD=VALUE`` parts separated by ``;``, e.g.
``"barn.wheat=2; combat_die.counts=1|2|3"``: ``ITEM`` names a table of one of the game's data
files, ``FIELD`` one of its fields and ``VALUE`` the new value in words of the old value's
type (a bool as ``true``/``false``, an int, a string, a list as ``a|b``, a list of cells as
``r,c|r,c``, a table of ints as ``key:1|key:2``). A game's catalog applies the overrides to
the raw tables and then checks them like the files themselves. Every mistake is an
``InvalidParamError`` in the wording of ``OverrideSyntax``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from farmstead.core.data import META_KEYS
from farmstead.core.errors import InvalidParamError

Override = tuple[str, str, str]
"""One override: (item, field, value in words)."""


def no_absent_fields(item: str, field: str) -> None:
    """Every field an override names must be in the data: none stands for an absent one."""
    return None


@dataclass(frozen=True)
class OverrideSyntax:
    """How a game words its overrides in errors, and which absent fields it accepts.

    ``game``: the registry key the error sends to (``farmstead rules GAME``); ``item``: what
    the game calls the ``ITEM`` of ``ITEM.FIELD`` (a "table", an "item"); ``example``: one
    valid override; ``value_hint``: how the values the game's data holds are written (e.g.
    "lists as a|b, cells as 0,2|2,0"). ``absent_default(item, field)``: the value that a field
    absent from its table stands for, whose type the override takes, or ``None`` when the
    field does not exist (the default, ``no_absent_fields``: every field must be in the data).
    """

    game: str
    item: str
    example: str
    value_hint: str
    absent_default: Callable[[str, str], Any] = no_absent_fields


def parse_overrides(text: str, syntax: OverrideSyntax) -> tuple[Override, ...]:
    """``"barn.wheat=2; combat_die.counts=1|2|3"`` as (item, field, value) triples, each part
    stripped; empty parts are skipped. ``InvalidParamError`` for a part that is not
    ``ITEM.FIELD=VALUE``."""
    out = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        path, sep, value = part.partition("=")
        item, dot, key = path.strip().partition(".")
        if not sep or not dot or not item or not key:
            raise InvalidParamError(
                f"parameter 'overrides': {part!r} is not {syntax.item.upper()}.FIELD=VALUE "
                f"(e.g. {syntax.example})"
            )
        out.append((item.strip(), key.strip(), value.strip()))
    return tuple(out)


def override_value(old: Any, text: str, where: str, syntax: OverrideSyntax) -> Any:
    """``text`` as a value of the same type as ``old``; ``InvalidParamError`` naming ``where``
    (``item.field``) when it does not fit. A list takes the type of its first element (strings
    when it is empty); a table's values are ints."""
    try:
        if isinstance(old, bool):
            if text.lower() not in {"true", "false"}:
                raise ValueError
            return text.lower() == "true"
        if isinstance(old, int):
            return int(text)
        if isinstance(old, str):
            return text
        if isinstance(old, list):
            return _list_value(old, text)
        if isinstance(old, dict):
            pairs = [t.split(":", 1) for t in text.split("|") if t.strip()]
            return {k.strip(): int(v) for k, v in pairs}
    except ValueError:
        pass
    raise InvalidParamError(
        f"parameter 'overrides': {where}={text!r} does not fit the data's type "
        f"({type(old).__name__}; {syntax.value_hint})"
    )


def _list_value(old: list[Any], text: str) -> list[Any]:
    """``a|b`` as a list like ``old``: ints, ``[row, col]`` pairs (``r,c|r,c``) or strings."""
    items = [t.strip() for t in text.split("|") if t.strip()]
    if old and isinstance(old[0], int):
        return [int(t) for t in items]
    if old and isinstance(old[0], list):
        return [[int(x) for x in t.split(",")] for t in items]
    return items


def apply_overrides(
    docs: dict[str, dict[str, Any]], overrides: tuple[Override, ...], syntax: OverrideSyntax
) -> dict[str, dict[str, Any]]:
    """A deep copy of the raw data files ``docs`` (file name -> tables) with ``overrides``
    applied in order; ``docs`` itself is not changed. An item is the first table of that name
    in any file. ``InvalidParamError`` for an item or field the data does not have (the
    provenance fields ``core.data.META_KEYS`` included) and for a value that does not fit."""
    docs = copy.deepcopy(docs)
    for item, key, text in overrides:
        table = next((doc[item] for doc in docs.values() if item in doc), None)
        old = None
        if table is not None and key not in META_KEYS:
            old = table[key] if key in table else syntax.absent_default(item, key)
        if table is None or old is None:
            raise InvalidParamError(
                f"parameter 'overrides': no data value {item}.{key}; see "
                f"`farmstead rules {syntax.game}` for every {syntax.item} and field"
            )
        table[key] = override_value(old, text, f"{item}.{key}", syntax)
    return docs
