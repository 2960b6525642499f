"""Game data files with provenance.

Each game keeps its components (boards, dice, cards, tiles, costs) in TOML files under
``games/<game>/data/``. Every top-level table carries ``provenance`` — ``OFFICIAL``, ``DERIVED``
or ``PROPOSED`` as in the rules spec — and optionally ``source`` and ``note``. Where a record
mixes tags, ``provenance`` is a table giving the tag of every field (e.g. a card whose name is
OFFICIAL and whose stats are PROPOSED). Loading checks the tags, so a value without provenance
cannot slip in.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from farmstead.core.errors import DataFileError

PROVENANCE_TAGS = ("OFFICIAL", "DERIVED", "PROPOSED")

__all__ = ["PROVENANCE_TAGS", "DataFileError", "DataItem", "data_items", "load_data"]


@dataclass(frozen=True)
class DataItem:
    """One top-level table of a data file, as shown in a rules-data view."""

    file: str
    name: str
    provenance: str  # the item's weakest tag: PROPOSED if any field is, else DERIVED, else OFFICIAL
    source: str
    note: str
    value: dict[str, Any]
    field_provenance: dict[str, str] = field(default_factory=dict)  # per field, when mixed


META_KEYS = frozenset({"provenance", "source", "note"})


def item_provenance(table: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """(the item's overall tag, its per-field tags) of a checked data table."""
    tag = table["provenance"]
    if isinstance(tag, str):
        return tag, {}
    fields = dict(tag)
    for weakest in ("PROPOSED", "DERIVED", "OFFICIAL"):
        if weakest in fields.values():
            return weakest, fields
    raise DataFileError("a per-field provenance table cannot be empty")


def load_data(package: str, filename: str) -> dict[str, Any]:
    """The parsed TOML file ``filename`` of ``package``'s ``data`` folder, tags checked.

    Every top-level value must be a table with a valid ``provenance`` key.
    """
    try:
        text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError(f"{package}: data file {filename!r} is missing") from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{package}/data/{filename}: {exc}") from None
    for name, table in doc.items():
        if not isinstance(table, dict):
            raise DataFileError(f"{filename}: top-level item {name!r} must be a table")
        _check_provenance(filename, name, table)
    return doc


def _check_provenance(filename: str, name: str, table: dict[str, Any]) -> None:
    tag = table.get("provenance")
    valid = ", ".join(PROVENANCE_TAGS)
    if isinstance(tag, dict):
        fields = set(table) - META_KEYS
        if set(tag) != fields:
            missing, extra = sorted(fields - set(tag)), sorted(set(tag) - fields)
            raise DataFileError(
                f"{filename}: item {name!r}: a per-field provenance must tag exactly its fields "
                f"(missing {missing}, unknown {extra})"
            )
        for key, value in tag.items():
            if value not in PROVENANCE_TAGS:
                raise DataFileError(
                    f"{filename}: item {name!r}, field {key!r} has provenance {value!r}; "
                    f"expected one of {valid}"
                )
    elif tag not in PROVENANCE_TAGS:
        raise DataFileError(
            f"{filename}: item {name!r} has provenance {tag!r}; expected one of {valid} "
            "(or a table of them per field)"
        )


def data_items(package: str, filenames: list[str]) -> list[DataItem]:
    """Every top-level item of the given data files, with its provenance, in file order."""
    items: list[DataItem] = []
    for filename in filenames:
        for name, table in load_data(package, filename).items():
            value = {k: v for k, v in table.items() if k not in META_KEYS}
            overall, per_field = item_provenance(table)
            items.append(
                DataItem(
                    file=filename,
                    name=name,
                    provenance=overall,
                    source=str(table.get("source", "")),
                    note=str(table.get("note", "")),
                    value=value,
                    field_provenance=per_field,
                )
            )
    return items
