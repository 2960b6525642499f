"""Farms Race players as people read them everywhere: the seat's name with its species
(``Bot 3 (Sheep)``), in the match page's labels and in a turn's step words."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from farmstead.core.turns import TurnView

# A seat named at the start of chance words, with the verb agreeing with the species
# ("Sheep go first"); once named as one player ("Bot 2 (Sheep)") it takes the singular.
_SINGULAR = (
    (" go first", " goes first"),
    (" take from ", " takes from "),
    (" are dealt ", " is dealt "),
    (" peek at ", " peeks at "),
    (" draw ", " draws "),
)


def player_label(name: str, species: str) -> str:
    """A player as people read them everywhere: the seat's name with its species, e.g.
    ``Bot 3 (Sheep)`` (just the species when the seat is named after it)."""
    if name in ("", species) or name.endswith(f"({species})"):
        return name or species
    return f"{name} ({species})"


def seat_labels(game: Any, names: Sequence[str]) -> list[str]:
    """Every seat as ``player_label`` names it (``Bot 3 (Sheep)``), for the match page: the
    log's steps, the status line and the result name players as the board does."""
    config = getattr(game, "config", None)
    species = [s.capitalize() for s in config.catalog.species] if config is not None else []
    return [
        player_label(name, species[seat]) if seat < len(species) else name
        for seat, name in enumerate(names)
    ]


def turn_labels(view: TurnView) -> tuple[Callable[[int], str], Callable[[str], str]]:
    """``label(seat)``: the seat as ``player_label`` names it; ``words(text)``: step words
    with each species that names a seat replaced by that seat's label."""
    config = getattr(view.game, "config", None)
    species = (
        [s.capitalize() for s in config.catalog.species[: len(view.names)]]
        if config is not None
        else []
    )

    def label(seat: int) -> str:
        if 0 <= seat < len(species):
            return player_label(view.name(seat), species[seat])
        return view.name(seat)

    pattern = (
        re.compile(r"\b(" + "|".join(re.escape(s) for s in species) + r")\b") if species else None
    )

    def words(text: str) -> str:
        if pattern is None:
            return text

        def named(m: re.Match[str]) -> str:
            return label(species.index(m.group(1)))

        first = pattern.match(text)
        if first is None:
            return pattern.sub(named, text)
        rest = text[first.end() :]
        for plural, singular in _SINGULAR:
            if rest.startswith(plural):
                rest = singular + rest[len(plural) :]
                break
        return named(first) + pattern.sub(named, rest)

    return label, words
