"""Livestock Uprising parameters and the tables one configured game runs on.

Tables are built once per (player count, parameters) from the catalog and shared by every
state of that game: board geometry, unit and card facts as flat tuples, the action layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from farmstead.core.errors import DataFileError, InvalidParamError
from farmstead.core.game import ParamSpec
from farmstead.games.livestock_uprising.actions import ActionLayout
from farmstead.games.livestock_uprising.catalog import Catalog, catalog
from farmstead.games.livestock_uprising.grid import barn_cells, neighbour_table, starting_cells
from farmstead.games.livestock_uprising.layout import BLOCKED, NO, RESOURCE


def param_specs() -> tuple[ParamSpec, ...]:
    """The game parameters, with defaults read from the data files."""
    cat = catalog()
    return (
        ParamSpec(
            "factions",
            str,
            "choose",
            "'choose': each seat picks its faction in seat order (LU-R7); or the faction of "
            "each seat, e.g. 'CH,CO' (CH Chickens, CO Cows, GO Goats, PI Pigs)",
            label="Factions",
        ),
        ParamSpec(
            "first_player",
            str,
            "random",
            "'random': a chance event (LU-R11); or the seat number that starts",
            label="Who starts",
        ),
        ParamSpec(
            "stalemate_round_limit",
            int,
            cat.play.stalemate_round_limit,
            "PROPOSED stalemate rule (LU-R98): the game ends after this round, survivors ranked "
            "by units, then ATK+DEF, then tokens",
            minimum=1,
            maximum=100_000,
            label="Round limit (stalemate)",
        ),
        ParamSpec(
            "overrides",
            str,
            "",
            "replace data values, e.g. 'T01.atk=1; token_supply.grass=50; stalemate.round_limit"
            "=40' (every item and field: farmstead rules livestock_uprising)",
            label="Data changes (for designers)",
        ),
    )


@dataclass(frozen=True)
class LUConfig:
    """Tables for one player count and parameter set."""

    catalog: Catalog
    num_players: int
    factions: tuple[int, ...] | None  # assigned factions per seat, None: seats choose
    first_player: int  # NO: a chance event
    round_limit: int
    side: int  # final grid side F
    start_side: int
    cells: int
    neighbours: tuple[tuple[int, ...], ...]
    start_cells: tuple[int, ...]
    barn_cells: tuple[int, ...]
    tile_pool: tuple[int, ...]  # tiles of each type kept for this player count (LU-R13)
    layout: ActionLayout
    # unit facts, indexed by unit type
    atk: tuple[int, ...]
    defence: tuple[int, ...]
    effect: tuple[str, ...]
    unit_faction: tuple[int, ...]
    troop_types: int
    grass: int  # the resource index that needs no icon (LU-R62)
    resource_tile: tuple[int, ...]  # per tile type: its resource index, or NO
    faction_sf: tuple[tuple[int, ...], ...]  # per faction: its Special Forces unit types
    max_game_length: int
    tile_open: tuple[bool, ...] = ()  # per tile type: not blocked terrain (LU-R31)
    # per unit tuple: (its Special Forces effects, whether it may attack (LU-R39), ATK, DEF);
    # filled as pieces are seen, shared by every state of the game
    piece_facts: dict[tuple[int, ...], tuple[frozenset[str], bool, int, int]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def facts(self, units: tuple[int, ...]) -> tuple[frozenset[str], bool, int, int]:
        """(effects, can attack, ATK, DEF) of a piece holding ``units``."""
        known = self.piece_facts.get(units)
        if known is None:
            known = (
                frozenset(self.effect[u] for u in units),
                any(self.atk[u] >= 1 for u in units),
                sum(self.atk[u] for u in units),
                sum(self.defence[u] for u in units),
            )
            self.piece_facts[units] = known
        return known


def _factions(value: str, cat: Catalog, players: int) -> tuple[int, ...] | None:
    text = value.strip()
    if text.lower() == "choose":
        return None
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    if len(codes) != players or any(c not in cat.faction_by_code for c in codes):
        raise InvalidParamError(
            f"parameter 'factions' must be 'choose' or {players} faction codes among "
            f"{', '.join(cat.faction_by_code)} (one per seat), got {value!r}"
        )
    if len(set(codes)) != len(codes):
        raise InvalidParamError(f"parameter 'factions' names a faction twice: {value!r}")
    return tuple(cat.faction_by_code[c] for c in codes)


def _first_player(value: str, players: int) -> int:
    text = value.strip().lower()
    if text == "random":
        return NO
    if text.isdecimal() and int(text) < players:
        return int(text)
    raise InvalidParamError(
        f"parameter 'first_player' must be 'random' or a seat 0..{players - 1}, got {value!r}"
    )


@cache
def _build(players: int, key: tuple[tuple[str, Any], ...]) -> LUConfig:
    params = dict(key)
    try:
        cat = catalog(str(params["overrides"]))
    except DataFileError as exc:
        if not str(params["overrides"]).strip():
            raise
        raise InvalidParamError(
            f"parameter 'overrides' makes the data inconsistent: {exc}"
        ) from None
    if players not in cat.grids:
        raise InvalidParamError(f"the board data has no grid for {players} players")
    start, final = cat.grids[players]
    pool = tuple(sum(row[: players - 1]) for row in cat.tile_mix)
    units = cat.units
    rounds = int(params["stalemate_round_limit"])
    setup = players + players * cat.play.command_cards + 1 + final * final + players
    # A turn: at most 4 pieces acting twice (Double Time), each with a few selections, steps
    # and two battles (Blitzkrieg), every battle with joins, four card windows for up to four
    # seats, dice, casualties, retreat and plunder; plus the phases and card follow-ups.
    per_turn = 4000
    return LUConfig(
        catalog=cat,
        num_players=players,
        factions=_factions(str(params["factions"]), cat, players),
        first_player=_first_player(str(params["first_player"]), players),
        round_limit=rounds,
        side=final,
        start_side=start,
        cells=final * final,
        neighbours=neighbour_table(final),
        start_cells=starting_cells(start, final),
        barn_cells=barn_cells(start, final),
        tile_pool=pool,
        layout=ActionLayout(final * final, len(cat.cards), len(units), len(cat.resources)),
        atk=tuple(u.atk for u in units),
        defence=tuple(u.defence for u in units),
        effect=tuple(u.effect for u in units),
        unit_faction=tuple(u.faction for u in units),
        troop_types=cat.troop_types,
        grass=cat.resources.index("grass"),
        resource_tile=tuple(
            cat.resources.index(t) if cls == RESOURCE else NO
            for t, cls in zip(cat.tile_types, cat.tile_classes, strict=True)
        ),
        faction_sf=tuple(tuple(cat.unit_by_id[s] for s in f.special_forces) for f in cat.factions),
        max_game_length=setup + rounds * players * per_turn,
        tile_open=tuple(cls != BLOCKED for cls in cat.tile_classes),
    )


def get_config(players: int, params: dict[str, Any]) -> LUConfig:
    """The (cached) config for a player count and a full parameter dict."""
    return _build(players, tuple(sorted(params.items())))
