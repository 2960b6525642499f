"""Livestock Uprising's things by name, as the players see them: factions, Generals and Super
Armies, cells, units and cards."""

from __future__ import annotations

from farmstead.games.livestock_uprising.layout import NO, SUPER_ARMY
from farmstead.games.livestock_uprising.rules import LURules

STARS = ("1 Star", "2 Stars", "3 Stars")


def faction_name(state: LURules, seat: int) -> str:
    """The seat's faction ('Chickens'), or 'Seat 2' before it has one (or for a seat number
    beyond this game's players)."""
    f = state.faction[seat] if 0 <= seat < len(state.faction) else NO
    return state.cfg.catalog.factions[f].name if f != NO else f"Seat {seat + 1}"


def piece_words(state: LURules, seat: int, slot: int) -> str:
    """'the Chickens General (2 Stars)' or 'the Cows Super Army'."""
    if slot == SUPER_ARMY:
        return f"the {faction_name(state, seat)} Super Army"
    return f"the {faction_name(state, seat)} General ({STARS[slot]})"


def cell_words(state: LURules, cell: int) -> str:
    r, c = divmod(cell, state.cfg.side)
    return f"({r}, {c})"


def unit_name(state: LURules, unit: int) -> str:
    return state.cfg.catalog.units[unit].name


def card_name(state: LURules, card: int) -> str:
    return state.cfg.catalog.cards[card].name
