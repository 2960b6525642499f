"""Game data files with provenance.

Each game keeps its components (boards, dice, cards, tiles, costs) in TOML files under
``games/<game>/data/``. Every top-level table carries ``provenance`` — ``OFFICIAL``, ``DERIVED``
or ``PROPOSED`` as in the rules spec — and optionally ``source`` and ``note``. Loading checks
the tags, so a value without provenance cannot slip in.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

PROVENANCE_TAGS = ("OFFICIAL", "DERIVED", "PROPOSED")


class DataFileError(ValueError):
    """A game data file that is missing, malformed or lacks provenance tags."""


@dataclass(frozen=True)
class DataItem:
    """One top-level table of a data file, as shown in a rules-data view."""

    file: str
    name: str
    provenance: str
    source: str
    note: str
    value: dict[str, Any]


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
        tag = table.get("provenance")
        if tag not in PROVENANCE_TAGS:
            raise DataFileError(
                f"{filename}: item {name!r} has provenance {tag!r}; expected one of "
                f"{', '.join(PROVENANCE_TAGS)}"
            )
    return doc


def data_items(package: str, filenames: list[str]) -> list[DataItem]:
    """Every top-level item of the given data files, with its provenance, in file order."""
    items: list[DataItem] = []
    for filename in filenames:
        for name, table in load_data(package, filename).items():
            value = {k: v for k, v in table.items() if k not in {"provenance", "source", "note"}}
            items.append(
                DataItem(
                    file=filename,
                    name=name,
                    provenance=table["provenance"],
                    source=str(table.get("source", "")),
                    note=str(table.get("note", "")),
                    value=value,
                )
            )
    return items
