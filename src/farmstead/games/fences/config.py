"""Fences parameters and the precomputed tables one configured game runs on.

Every number comes from the data files (``catalog``) and may be overridden by a game parameter.
Tables are built once per (player count, parameters) and shared by every state of that game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from farmstead.core.errors import InvalidParamError
from farmstead.core.game import ParamSpec
from farmstead.games.fences.actions import ActionLayout
from farmstead.games.fences.catalog import Catalog, FarmerCard, TileType, catalog
from farmstead.games.fences.geometry import rotate_mask, rotate_segment


def param_specs() -> tuple[ParamSpec, ...]:
    """The game parameters, with defaults read from the data files."""
    comp = catalog().components
    return (
        ParamSpec(
            "first_player",
            str,
            comp.first_player,
            "'random' (a chance event, FE-R33) or the seat number that starts",
            label="Who starts",
        ),
        ParamSpec(
            "farmer_cards",
            str,
            "all",
            "'all', or comma-separated farmer card ids forming the deck (e.g. 'FC01,FC05')",
            label="Farmer cards in the deck",
        ),
        ParamSpec(
            "barn_stock",
            int,
            comp.barn_stock,
            "barns in each player's stock at setup (FE-R32)",
            minimum=0,
            maximum=20,
            label="Barns per player",
        ),
        ParamSpec(
            "single_type_multiplier",
            int,
            comp.single_type_multiplier,
            "points per animal are multiplied by this in a single-type field (FE-R48)",
            minimum=1,
            maximum=10,
            label="Bonus for a field with one kind of animal",
        ),
    )


@dataclass(frozen=True)
class FencesConfig:
    """Tables for one player count and parameter set.

    Per tile type ``t`` and rotation ``r`` (index ``4 * t + r``): ``segfield`` maps each of the 8
    perimeter segments to its tile-field, ``ports`` is the fenced-port mask. ``fit[t][k]`` lists
    the rotations of ``t`` that fit an empty cell with constraint ``k = known << 4 | fenced``
    (``known``: edges facing placed tiles; ``fenced``: those whose facing port is fenced). Only
    one rotation of each group of equivalent rotations is listed (FE-R61).
    """

    catalog: Catalog
    num_players: int
    tiles: tuple[TileType, ...]
    in_play: tuple[int, ...]  # copies per tile type with this player count (FE-R28)
    total_tiles: int
    hand_size: int
    barn_stock: int
    points_per_animal: int
    multiplier: int
    colours: tuple[str, ...]
    deck: tuple[int, ...]  # farmer card indices dealt from (FE-R31)
    farmers: tuple[FarmerCard, ...]  # every card of the catalog (indices as in ``deck``)
    first_player: int  # -1: a chance event
    layout: ActionLayout
    num_fields: tuple[int, ...]  # tile-fields per tile type
    field_animals: tuple[tuple[int, ...], ...]  # packed animals per tile type and tile-field
    segfield: tuple[tuple[int, ...], ...]
    ports: tuple[int, ...]
    canon_rots: tuple[tuple[int, ...], ...]
    canon_of: tuple[tuple[int, ...], ...]  # per tile type and rotation: its listed equivalent
    fit: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def max_game_length(self) -> int:
        """Every tile is drawn once (1 chance action) and then placed (select, cell, rotation,
        barn: 4 decisions) or discarded (1 decision); plus the farmer deal and the first player.
        """
        return 5 * self.total_tiles + self.num_players + 1


_CONFIGS: dict[tuple[Any, ...], FencesConfig] = {}


def get_config(num_players: int, params: dict[str, Any]) -> FencesConfig:
    """The (cached) config for a player count and a full parameter dict."""
    key = (num_players, tuple(sorted(params.items())))
    config = _CONFIGS.get(key)
    if config is None:
        config = build_config(num_players, params)
        _CONFIGS[key] = config
    return config


def _first_player(value: str, num_players: int) -> int:
    text = value.strip().lower()
    if text == "random":
        return -1
    if text.isdecimal() and int(text) < num_players:
        return int(text)
    raise InvalidParamError(
        f"parameter 'first_player' must be 'random' or a seat 0..{num_players - 1}, got {value!r}"
    )


def _deck(value: str, cat: Catalog, num_players: int) -> tuple[int, ...]:
    text = value.strip()
    if text.lower() == "all":
        deck = tuple(range(len(cat.farmers)))
    else:
        ids = [p.strip() for p in text.split(",") if p.strip()]
        unknown = [i for i in ids if i not in cat.farmer_by_id]
        if unknown:
            raise InvalidParamError(
                f"parameter 'farmer_cards': unknown card(s) {', '.join(unknown)}; valid: "
                f"{', '.join(f.id for f in cat.farmers)}"
            )
        if len(set(ids)) != len(ids):
            raise InvalidParamError("parameter 'farmer_cards' lists a card twice")
        deck = tuple(sorted(cat.farmer_by_id[i] for i in ids))
    if len(deck) < num_players:
        raise InvalidParamError(
            f"parameter 'farmer_cards' gives {len(deck)} card(s) for {num_players} players"
        )
    return deck


def _rotation_tables(
    tiles: tuple[TileType, ...],
) -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
]:
    segfield: list[tuple[int, ...]] = []
    ports: list[int] = []
    canon: list[tuple[int, ...]] = []
    canon_of: list[tuple[int, ...]] = []
    for tile in tiles:
        shape = tile.shape
        packed = tile.packed_animals
        seen: dict[frozenset[tuple[frozenset[int], int]], int] = {}
        rots: list[int] = []
        equivalent: list[int] = []
        for rot in range(4):
            owner = [0] * 8
            signature: set[tuple[frozenset[int], int]] = set()
            for index, segs in enumerate(shape.field_segs):
                rotated = frozenset(rotate_segment(s, rot) for s in segs)
                for seg in rotated:
                    owner[seg] = index
                signature.add((rotated, packed[index]))
            segfield.append(tuple(owner))
            ports.append(rotate_mask(shape.fenced, rot))
            key = frozenset(signature)
            if key not in seen:  # FE-R61: equivalent rotations are offered once
                seen[key] = rot
                rots.append(rot)
            equivalent.append(seen[key])
        canon.append(tuple(rots))
        canon_of.append(tuple(equivalent))
    return tuple(segfield), tuple(ports), tuple(canon), tuple(canon_of)


def build_config(num_players: int, params: dict[str, Any]) -> FencesConfig:
    """Tables for ``num_players`` and ``params`` (every parameter present)."""
    cat = catalog()
    comp = cat.components
    tiles = cat.tiles
    in_play = tuple(t.copies_for(num_players) for t in tiles)
    total = sum(in_play)
    if total < num_players * comp.hand_size or total > 254:
        raise InvalidParamError(f"{total} tiles in play: need {num_players * comp.hand_size}..254")
    segfield, ports, canon, canon_of = _rotation_tables(tiles)
    fit: list[tuple[tuple[int, ...], ...]] = []
    for t in range(len(tiles)):
        row = []
        for key in range(256):
            known, fenced = key >> 4, key & 0xF
            row.append(tuple(r for r in canon[t] if ports[4 * t + r] & known == fenced))
        fit.append(tuple(row))
    max_fields = max(len(t.shape.field_names) for t in tiles)
    return FencesConfig(
        catalog=cat,
        num_players=num_players,
        tiles=tiles,
        in_play=in_play,
        total_tiles=total,
        hand_size=comp.hand_size,
        barn_stock=int(params["barn_stock"]),
        points_per_animal=comp.points_per_animal,
        multiplier=int(params["single_type_multiplier"]),
        colours=comp.colours[:num_players],
        deck=_deck(str(params["farmer_cards"]), cat, num_players),
        farmers=cat.farmers,
        first_player=_first_player(str(params["first_player"]), num_players),
        layout=ActionLayout(comp.hand_size, max_fields, total),
        num_fields=tuple(len(t.shape.field_names) for t in tiles),
        field_animals=tuple(t.packed_animals for t in tiles),
        segfield=segfield,
        ports=ports,
        canon_rots=canon,
        canon_of=canon_of,
        fit=tuple(fit),
    )
