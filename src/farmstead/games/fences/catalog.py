"""The data files of Fences, loaded and validated into plain records.

``shapes.toml`` (tile geometry), ``tiles.toml`` (tile types, animals, player-count markings),
``farmers.toml`` (farmer cards) and ``components.toml`` (hand size, barns, scoring constants,
colours) all carry provenance tags (rules/fences.md §0.2). Any inconsistency raises
``DataFileError`` naming the record, so a replacement data file cannot silently break a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from farmstead.core.data import DataFileError, load_data
from farmstead.games.fences.geometry import EDGE_NAMES, NUM_SEGMENTS, port_mask
from farmstead.games.fences.scoring import ANIMALS, Condition, pack_animals, parse_condition

DATA_PACKAGE = "farmstead.games.fences"
DATA_FILES = ("components.toml", "shapes.toml", "tiles.toml", "farmers.toml")
MARKINGS = (2, 3, 4)  # min_players of unmarked, 3-barn and 4-barn tiles (FE-R19)


@dataclass(frozen=True)
class Shape:
    """A tile shape in base orientation: its fenced ports and tile-fields (segment sets)."""

    name: str
    long_name: str
    fenced: int  # port mask, bit e = edge e fenced
    field_names: tuple[str, ...]
    field_segs: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class TileType:
    """One tile type: its shape, the animals of each tile-field and copies per marking."""

    id: str
    shape: Shape
    animals: tuple[tuple[int, int, int], ...]  # per tile-field: (cows, pigs, sheep)
    counts: tuple[int, int, int]  # copies unmarked, with the 3-barn icon, with the 4-barn icon

    @property
    def packed_animals(self) -> tuple[int, ...]:
        return tuple(pack_animals(*a) for a in self.animals)

    def copies_for(self, players: int) -> int:
        """Copies in play with ``players`` players (FE-R28)."""
        return sum(
            n for marking, n in zip(MARKINGS, self.counts, strict=True) if marking <= players
        )

    def describe_field(self, index: int) -> str:
        """'main: 1 cow' style text of one tile-field."""
        parts = [f"{n} {ANIMALS[k]}" for k, n in enumerate(self.animals[index]) if n]
        return f"{self.shape.field_names[index]}: {' + '.join(parts) if parts else '-'}"


@dataclass(frozen=True)
class FarmerCard:
    """A farmer profile card: its conditions with points (FE-R20)."""

    id: str
    name: str
    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class Components:
    """Counts and constants from components.toml."""

    tile_total: int
    hand_size: int
    barn_stock: int
    points_per_animal: int
    single_type_multiplier: int
    colours: tuple[str, ...]
    first_player: str


@dataclass(frozen=True)
class Catalog:
    """Everything the data files define."""

    components: Components
    shapes: dict[str, Shape]
    tiles: tuple[TileType, ...]
    farmers: tuple[FarmerCard, ...]
    tile_by_id: dict[str, int]  # tile id -> index in ``tiles``
    farmer_by_id: dict[str, int]  # card id -> index in ``farmers``


def _int(table: dict[str, Any], key: str, where: str, minimum: int = 0) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise DataFileError(f"{where}: {key!r} must be an int >= {minimum}, got {value!r}")
    return value


def _shape(name: str, table: dict[str, Any]) -> Shape:
    where = f"shapes.toml [{name}]"
    fields = table.get("fields")
    if not isinstance(fields, list) or not 1 <= len(fields) <= 4:
        raise DataFileError(f"{where}: 'fields' must list 1 to 4 tile-fields")
    names: list[str] = []
    segs: list[tuple[int, ...]] = []
    owner = [-1] * NUM_SEGMENTS
    for i, field in enumerate(fields):
        seg_list = field.get("segs") if isinstance(field, dict) else None
        if not isinstance(seg_list, list) or not seg_list:
            raise DataFileError(f"{where}: field {i} needs a non-empty 'segs' list")
        for seg in seg_list:
            if isinstance(seg, bool) or not isinstance(seg, int) or not 0 <= seg < NUM_SEGMENTS:
                raise DataFileError(f"{where}: segment {seg!r} is not 0..7")
            if owner[seg] != -1:
                raise DataFileError(f"{where}: segment {seg} belongs to two tile-fields")
            owner[seg] = i
        names.append(str(field.get("name", i)))
        segs.append(tuple(seg_list))
    if -1 in owner:
        raise DataFileError(f"{where}: segment {owner.index(-1)} belongs to no tile-field")
    # FE-R5: a port is fenced exactly when its two segments lie in different tile-fields.
    derived = [e for e in range(4) if owner[2 * e] != owner[2 * e + 1]]
    listed = table.get("fenced_ports")
    if not isinstance(listed, list) or any(p not in EDGE_NAMES for p in listed):
        raise DataFileError(f"{where}: 'fenced_ports' must list edges among {EDGE_NAMES}")
    if sorted(EDGE_NAMES.index(p) for p in listed) != derived:
        raise DataFileError(
            f"{where}: fenced_ports {listed} disagree with the fields (FE-R5): "
            f"{[EDGE_NAMES[e] for e in derived]}"
        )
    return Shape(
        name, str(table.get("long_name", name)), port_mask(derived), tuple(names), tuple(segs)
    )


def _tile(tid: str, table: dict[str, Any], shapes: dict[str, Shape]) -> TileType:
    where = f"tiles.toml [{tid}]"
    shape = shapes.get(table.get("shape", ""))
    if shape is None:
        raise DataFileError(f"{where}: shape must be one of {', '.join(shapes)}")
    fields = table.get("fields")
    if not isinstance(fields, list) or len(fields) != len(shape.field_names):
        raise DataFileError(
            f"{where}: shape {shape.name} has {len(shape.field_names)} tile-fields; list each"
        )
    animals: list[tuple[int, int, int]] = []
    for i, field in enumerate(fields):
        if not isinstance(field, dict) or field.get("name") != shape.field_names[i]:
            raise DataFileError(
                f"{where}: tile-field {i} must be named {shape.field_names[i]!r} (shape order)"
            )
        herd = field.get("animals", {})
        if not isinstance(herd, dict) or any(k not in ANIMALS for k in herd):
            raise DataFileError(f"{where}: animals must be a table over {ANIMALS}")
        cows, pigs, sheep = (_int(herd, k, where) if k in herd else 0 for k in ANIMALS)
        animals.append((cows, pigs, sheep))
    counts = table.get("counts")
    if not isinstance(counts, dict) or set(counts) != {str(m) for m in MARKINGS}:
        raise DataFileError(f'{where}: counts must give copies for markings "2", "3" and "4"')
    copies = tuple(_int(counts, str(m), where) for m in MARKINGS)
    return TileType(tid, shape, tuple(animals), (copies[0], copies[1], copies[2]))


def _farmer(cid: str, table: dict[str, Any]) -> FarmerCard:
    where = f"farmers.toml [{cid}]"
    raw = table.get("conditions")
    if not isinstance(raw, list) or not raw:
        raise DataFileError(f"{where}: 'conditions' must be a non-empty list")
    conditions: list[Condition] = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("test"), str):
            raise DataFileError(f"{where}: each condition needs a 'test' string")
        try:
            conditions.append(parse_condition(item["test"], item.get("points", -1)))
        except ValueError as exc:
            raise DataFileError(f"{where}: {exc}") from None
    return FarmerCard(cid, str(table.get("name", cid)), tuple(conditions))


def _components(doc: dict[str, Any]) -> Components:
    try:
        colours = doc["colours"]["names"]
        comp = Components(
            tile_total=_int(doc["tile_total"], "count", "components.toml [tile_total]", 1),
            hand_size=_int(doc["hand"], "size", "components.toml [hand]", 1),
            barn_stock=_int(doc["barns"], "stock", "components.toml [barns]"),
            points_per_animal=_int(
                doc["scoring"], "points_per_animal", "components.toml [scoring]"
            ),
            single_type_multiplier=_int(
                doc["scoring"], "single_type_multiplier", "components.toml [scoring]", 1
            ),
            colours=tuple(str(c) for c in colours),
            first_player=str(doc["first_player"]["method"]),
        )
    except KeyError as exc:
        raise DataFileError(f"components.toml lacks {exc.args[0]!r}") from None
    if len(comp.colours) < 4:
        raise DataFileError("components.toml [colours]: 4 colours are needed")
    return comp


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The validated data of the game (cached)."""
    comp = _components(load_data(DATA_PACKAGE, "components.toml"))
    shapes = {name: _shape(name, t) for name, t in load_data(DATA_PACKAGE, "shapes.toml").items()}
    tiles = tuple(_tile(tid, t, shapes) for tid, t in load_data(DATA_PACKAGE, "tiles.toml").items())
    total = sum(sum(t.counts) for t in tiles)
    if total != comp.tile_total:
        raise DataFileError(f"tiles.toml has {total} tiles; components.toml says {comp.tile_total}")
    farmers = tuple(_farmer(cid, t) for cid, t in load_data(DATA_PACKAGE, "farmers.toml").items())
    if not farmers:
        raise DataFileError("farmers.toml lists no farmer card")
    return Catalog(
        comp,
        shapes,
        tiles,
        farmers,
        {t.id: i for i, t in enumerate(tiles)},
        {f.id: i for i, f in enumerate(farmers)},
    )
