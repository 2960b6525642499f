"""Farms Race maps: the map record, hex adjacency, distances, custom and random maps (FR-3).

A map is a set of hex cells ``(row, col)`` in the "odd-r" offset layout (FR-3.1): pointy-top
hexes, odd rows shifted half a hex to the right. Region ``i`` is the ``i``-th cell in row-major
order, so on the full 5 x 5 grid region ``i`` is ``(i // 5, i % 5)`` and a map's types can be
written as a 25-letter string (letters of FR-2.2: ``F W H A P``).

A map record (FR-3.3), as a TOML or JSON table, has these fields:

``id``, ``label``
    its key and its name for people (a stand-in says so in its label); a custom map's ``id``
    defaults to its file name, its ``label`` to "Custom map <id>".
``players``
    3 or 4, the player count the map is made for. Optional for a custom map: the number of
    starts when it has 3, else 4. A 4-start map also serves 3 players (FR-R48).
``provenance``
    ``OFFICIAL``, ``DERIVED`` or ``PROPOSED`` (a custom map's default: ``PROPOSED``).
``stand_in``
    true when the layout stands in for a lost official one (default false).
either ``regions``
    the FR-3.3 form: a list of tables ``{row, col, type, is_start}`` (``is_start`` optional,
    ``type`` a letter ``F W H A P`` or a type id such as ``power_plant``),
or ``types`` and ``starts``
    the compact form: ``types`` is a row-major string of letters on ``columns`` columns
    (default 5; ``.`` is a hole, white space is ignored), ``starts`` a list of ``[row, col]``.

Checks (FR-3.3, FR-3.8): known type letters, cells with coordinates in ``0..MAX_SIDE-1``, no
cell twice, at most ``MAX_REGIONS`` regions, the map connected, as many starts as players or
none (then the random-map start rules of FR-3.7 apply), ``players`` 3 or 4. Each error names the
file (or data table) and the field.

Pure functions of plain values: nothing here sees a game state.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from farmstead.core.data import PROVENANCE_TAGS
from farmstead.core.errors import FarmsteadError, InvalidParamError
from farmstead.games.farms_race.layout import (
    NUM_REGION_TYPES,
    REGION_LETTERS,
    REGION_TYPE_IDS,
)

__all__ = [
    "GRID_SIDE",
    "MAX_REGIONS",
    "MAX_SIDE",
    "MapSpec",
    "distances",
    "edge_regions",
    "grid_cells",
    "load_custom_map",
    "map_from_doc",
    "neighbours",
    "random_map",
]

GRID_SIDE = 5  # the default grid: 5 x 5 (FR-3.1, PROPOSED)
MAX_REGIONS = 25  # the 25 region tiles of the box (FR-2.2): no map has more
MAX_SIDE = 10  # a custom map's rows and columns are 0..MAX_SIDE-1 (PROPOSED)
SIDES = 6  # a hex has 6 neighbours; an edge region has fewer (FR-3.2)

# Neighbour offsets of the odd-r layout (FR-3.2), by the parity of the row.
_EVEN_ROW = ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))
_ODD_ROW = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))

_FIELDS = frozenset(
    {
        "id",
        "label",
        "players",
        "provenance",
        "stand_in",
        "regions",
        "types",
        "columns",
        "starts",
        "note",
        "source",
    }
)
_REGION_FIELDS = frozenset({"row", "col", "type", "is_start"})


@dataclass(frozen=True)
class MapSpec:
    """One map: region ``i`` is ``cells[i]`` (row-major order), of type ``types[i]`` (a
    region-type index of ``layout``); ``starts`` are the marked start regions, ascending (none
    on a random map)."""

    id: str
    label: str
    players: int
    provenance: str
    stand_in: bool
    cells: tuple[tuple[int, int], ...]
    types: tuple[int, ...]
    starts: tuple[int, ...]

    @property
    def regions(self) -> int:
        """The number of regions."""
        return len(self.cells)

    def type_string(self) -> str:
        """The types as letters in region order (``WHFAP...`` on the full grid)."""
        return "".join(REGION_LETTERS[t] for t in self.types)


# --- geometry (FR-3.2) ------------------------------------------------------------------------
def grid_cells(rows: int = GRID_SIDE, columns: int = GRID_SIDE) -> tuple[tuple[int, int], ...]:
    """Every cell of a ``rows`` x ``columns`` grid, row-major."""
    return tuple((r, c) for r in range(rows) for c in range(columns))


def neighbours(cells: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """Per region (index into ``cells``), the indices of its neighbours by the odd-r rule of
    FR-3.2, in the rule's order (ascending when ``cells`` is row-major)."""
    index = {cell: i for i, cell in enumerate(cells)}
    out = []
    for r, c in cells:
        offsets = _ODD_ROW if r % 2 else _EVEN_ROW
        out.append(
            tuple(index[(r + dr, c + dc)] for dr, dc in offsets if (r + dr, c + dc) in index)
        )
    return tuple(out)


def _bfs(adjacency: Sequence[Sequence[int]], source: int) -> list[int]:
    dist = [-1] * len(adjacency)
    dist[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in adjacency[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def distances(adjacency: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """All-pairs step distances on the adjacency graph (FR-3.2, breadth-first); -1 where no path
    exists (never on a valid map, which is connected)."""
    return tuple(tuple(_bfs(adjacency, s)) for s in range(len(adjacency)))


def edge_regions(adjacency: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The edge regions, ascending: those with fewer than 6 neighbours (FR-3.2)."""
    return tuple(i for i, nbs in enumerate(adjacency) if len(nbs) < SIDES)


# --- reading a map record (FR-3.3, FR-3.8) ----------------------------------------------------
_TYPE_BY_NAME = {
    **{letter: i for i, letter in enumerate(REGION_LETTERS)},
    **{name: i for i, name in enumerate(REGION_TYPE_IDS)},
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _region_type(value: Any, where: str, field: str, error: type[FarmsteadError]) -> int:
    if isinstance(value, str) and value.strip() in _TYPE_BY_NAME:
        return _TYPE_BY_NAME[value.strip()]
    if isinstance(value, str) and value.strip().upper() in REGION_LETTERS:
        return REGION_LETTERS.index(value.strip().upper())
    raise error(
        f"{where}: field {field!r}: unknown region type {value!r}; valid: "
        f"{', '.join(REGION_LETTERS)} ({', '.join(REGION_TYPE_IDS)})"
    )


def _cell(value: Any, where: str, field: str, error: type[FarmsteadError]) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2 or not all(_is_int(x) for x in value):
        raise error(f"{where}: field {field!r} must be a [row, col] pair of ints, got {value!r}")
    return _in_range(value[0], value[1], where, field, error)


def _in_range(
    row: Any, col: Any, where: str, field: str, error: type[FarmsteadError]
) -> tuple[int, int]:
    for name, value in (("row", row), ("col", col)):
        if not _is_int(value) or not 0 <= value < MAX_SIDE:
            raise error(
                f"{where}: field {field!r}: {name} must be an int from 0 to {MAX_SIDE - 1}, "
                f"got {value!r}"
            )
    return row, col


def _regions_long(
    regions: Any, where: str, error: type[FarmsteadError]
) -> tuple[list[tuple[int, int]], list[int], list[tuple[int, int]]]:
    """Cells, types and start cells of the FR-3.3 form ``regions = [{row, col, type, ...}]``."""
    if not isinstance(regions, list) or not regions:
        raise error(f"{where}: field 'regions' must be a non-empty list of region tables")
    cells, types, starts = [], [], []
    for k, region in enumerate(regions):
        field = f"regions[{k}]"
        if not isinstance(region, dict):
            raise error(f"{where}: field {field!r} must be a table {{row, col, type, is_start}}")
        unknown = sorted(set(region) - _REGION_FIELDS)
        if unknown:
            raise error(
                f"{where}: field {field!r}: unknown field(s) {', '.join(unknown)}; valid: "
                "row, col, type, is_start"
            )
        for key in ("row", "col", "type"):
            if key not in region:
                raise error(f"{where}: field '{field}.{key}' is missing")
        cell = _in_range(region["row"], region["col"], where, field, error)
        types.append(_region_type(region["type"], where, f"{field}.type", error))
        is_start = region.get("is_start", False)
        if not isinstance(is_start, bool):
            raise error(f"{where}: field '{field}.is_start' must be true or false")
        cells.append(cell)
        if is_start:
            starts.append(cell)
    return cells, types, starts


def _regions_compact(
    doc: dict[str, Any], where: str, error: type[FarmsteadError]
) -> tuple[list[tuple[int, int]], list[int], list[tuple[int, int]]]:
    """Cells, types and start cells of the compact form ``types = "WHFAP..."``, ``starts``."""
    text = doc["types"]
    if not isinstance(text, str):
        raise error(f"{where}: field 'types' must be a string of region letters, got {text!r}")
    columns = doc.get("columns", GRID_SIDE)
    if not _is_int(columns) or not 1 <= columns <= MAX_SIDE:
        raise error(f"{where}: field 'columns' must be an int from 1 to {MAX_SIDE}")
    letters = "".join(text.split())
    cells, types = [], []
    for i, letter in enumerate(letters):
        if letter == ".":
            continue
        cell = (i // columns, i % columns)
        if cell[0] >= MAX_SIDE:
            raise error(f"{where}: field 'types': more than {MAX_SIDE} rows")
        cells.append(cell)
        types.append(_region_type(letter, where, f"types[{i}]", error))
    raw_starts = doc.get("starts", [])
    if not isinstance(raw_starts, list):
        raise error(f"{where}: field 'starts' must be a list of [row, col] pairs")
    starts = [_cell(s, where, f"starts[{k}]", error) for k, s in enumerate(raw_starts)]
    return cells, types, starts


def map_from_doc(
    doc: Any,
    where: str,
    *,
    default_id: str = "custom",
    error: type[FarmsteadError] = InvalidParamError,
) -> MapSpec:
    """The checked map of a map record ``doc`` (see the module docstring).

    ``where`` starts every error message (a file name, or ``maps.toml [A]``). A user's custom
    map raises ``InvalidParamError``; the catalog passes ``error=DataFileError`` for our data.
    """
    if not isinstance(doc, dict):
        raise error(f"{where}: a map must be a table of fields, got {type(doc).__name__}")
    map_id, label, provenance, stand_in = _record_fields(doc, where, default_id, error)
    has_regions = _region_form(doc, where, error)
    if has_regions:
        cells, types, start_cells = _regions_long(doc["regions"], where, error)
    else:
        cells, types, start_cells = _regions_compact(doc, where, error)
    field = "regions" if has_regions else "types"
    start_field = "regions (is_start)" if has_regions else "starts"
    _check_cells(cells, start_cells, where, field, start_field, error)

    order = sorted(range(len(cells)), key=lambda k: cells[k])
    sorted_cells = tuple(cells[k] for k in order)
    sorted_types = tuple(types[k] for k in order)
    index = {cell: i for i, cell in enumerate(sorted_cells)}
    starts = tuple(sorted(index[cell] for cell in start_cells))

    adjacency = neighbours(sorted_cells)
    reached = _bfs(adjacency, 0)
    cut_off = [sorted_cells[i] for i, d in enumerate(reached) if d < 0]
    if cut_off:
        shown = ", ".join(str(c) for c in cut_off[:6]) + (" ..." if len(cut_off) > 6 else "")
        raise error(
            f"{where}: field {field!r}: the map is not connected (FR-3.8): {shown} cannot be "
            f"reached from {sorted_cells[0]}"
        )

    players = _players(doc, len(starts), where, error)
    if starts and len(starts) < players:
        raise error(
            f"{where}: field {start_field!r}: {len(starts)} start(s) for {players} players; a "
            "map marks at least as many starts as players, or none (FR-3.8)"
        )
    if len(sorted_cells) < players:
        raise error(f"{where}: field {field!r}: {len(sorted_cells)} regions for {players} players")
    return MapSpec(
        id=map_id.strip(),
        label=label.strip(),
        players=players,
        provenance=provenance,
        stand_in=stand_in,
        cells=sorted_cells,
        types=sorted_types,
        starts=starts,
    )


def _record_fields(
    doc: dict[str, Any], where: str, default_id: str, error: type[FarmsteadError]
) -> tuple[str, str, str, bool]:
    """The checked ``id``, ``label``, ``provenance`` and ``stand_in`` of a map record (its
    fields all known)."""
    unknown = sorted(set(doc) - _FIELDS)
    if unknown:
        raise error(
            f"{where}: unknown field(s) {', '.join(unknown)}; valid: {', '.join(sorted(_FIELDS))}"
        )
    map_id = doc.get("id", default_id)
    if not isinstance(map_id, str) or not map_id.strip():
        raise error(f"{where}: field 'id' must be a non-empty string")
    label = doc.get("label", f"Custom map {map_id}")
    if not isinstance(label, str) or not label.strip():
        raise error(f"{where}: field 'label' must be a non-empty string")
    provenance = doc.get("provenance", "PROPOSED")
    if provenance not in PROVENANCE_TAGS:
        raise error(
            f"{where}: field 'provenance' must be one of {', '.join(PROVENANCE_TAGS)}, "
            f"got {provenance!r}"
        )
    stand_in = doc.get("stand_in", False)
    if not isinstance(stand_in, bool):
        raise error(f"{where}: field 'stand_in' must be true or false")
    return map_id, label, provenance, stand_in


def _region_form(doc: dict[str, Any], where: str, error: type[FarmsteadError]) -> bool:
    """True for the FR-3.3 form (``regions``), False for the compact form (``types`` with
    ``starts`` and ``columns``); exactly one of them must be given."""
    has_regions, has_types = "regions" in doc, "types" in doc
    if has_regions == has_types:
        raise error(
            f"{where}: give the regions either as field 'regions' (a list of {{row, col, type, "
            "is_start}}) or as field 'types' (a row-major string of letters) with 'starts'"
        )
    if has_regions and ("starts" in doc or "columns" in doc):
        raise error(
            f"{where}: fields 'starts' and 'columns' belong to the 'types' form; with "
            "'regions' mark starts with is_start"
        )
    return has_regions


def _check_cells(
    cells: list[tuple[int, int]],
    start_cells: list[tuple[int, int]],
    where: str,
    field: str,
    start_field: str,
    error: type[FarmsteadError],
) -> None:
    """At least one region and at most ``MAX_REGIONS``, no cell twice, every start a region of
    the map and listed once (FR-3.3, FR-3.8)."""
    if not cells:
        raise error(f"{where}: field {field!r}: the map has no region")
    if len(cells) > MAX_REGIONS:
        raise error(
            f"{where}: field {field!r}: {len(cells)} regions; a map has at most {MAX_REGIONS} "
            "(the box's region tiles, FR-2.2)"
        )
    seen: set[tuple[int, int]] = set()
    for cell in cells:
        if cell in seen:
            raise error(f"{where}: field {field!r}: cell {cell} appears twice")
        seen.add(cell)
    for cell in start_cells:
        if cell not in seen:
            raise error(f"{where}: field {start_field!r}: start {cell} is not a region of the map")
    if len(set(start_cells)) != len(start_cells):
        raise error(f"{where}: field {start_field!r}: a start is listed twice")


def _players(doc: dict[str, Any], starts: int, where: str, error: type[FarmsteadError]) -> int:
    """The player count the map is made for: field ``players`` (3 or 4), else 3 for a map
    with 3 starts and 4 for any other."""
    if "players" in doc:
        players = doc["players"]
        if not _is_int(players) or players not in (3, 4):
            raise error(f"{where}: field 'players' must be 3 or 4, got {players!r}")
        return players
    return 3 if starts == 3 else 4


def load_custom_map(path: str | Path) -> MapSpec:
    """A user's custom map from a ``.toml`` or ``.json`` file (FR-3.8); ``InvalidParamError``
    naming the file (and the field) when it is missing, unreadable or malformed."""
    path = Path(path)
    where = f"custom map {str(path)!r}"
    suffix = path.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise InvalidParamError(f"{where}: the file must end in .toml or .json")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidParamError(f"{where}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidParamError(f"{where}: cannot read the file: {exc}") from None
    doc: Any
    if suffix == ".toml":
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise InvalidParamError(f"{where}: bad TOML: {exc}") from None
    else:
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidParamError(f"{where}: bad JSON: {exc}") from None
    return map_from_doc(doc, where, default_id=path.stem)


# --- random maps (FR-3.7) ----------------------------------------------------------------------
def random_map(
    rng: random.Random,
    players: int,
    no_same_adjacent: bool = False,
    *,
    tiles_per_type: int = 5,
) -> MapSpec:
    """A random map: the ``NUM_REGION_TYPES * tiles_per_type`` tiles (25) shuffled uniformly
    onto the 5 x 5 grid (FR-3.7); no start is marked.

    With ``no_same_adjacent`` (option ``random_map_no_same_adjacent``) the layouts with two
    adjacent regions of one type are rejected and reshuffled: the result is uniform among the
    others (drawn by counting them, see ``_ProperLayouts``; the first call takes about a second
    to count). The same ``rng`` state gives the same map.
    """
    if players not in (3, 4):
        raise InvalidParamError(f"a random map is for 3 or 4 players, not {players}")
    cells = grid_cells()
    if NUM_REGION_TYPES * tiles_per_type != len(cells):
        raise InvalidParamError(
            f"a random map needs {len(cells)} tiles; {tiles_per_type} of each of "
            f"{NUM_REGION_TYPES} types is {NUM_REGION_TYPES * tiles_per_type}"
        )
    tiles = [t for t in range(NUM_REGION_TYPES) for _ in range(tiles_per_type)]
    if no_same_adjacent:
        types = _ProperLayouts.for_grid(tiles_per_type).sample(rng)
    else:
        rng.shuffle(tiles)
        types = tiles
    return MapSpec(
        id="random",
        label="Random map",
        players=players,
        provenance="PROPOSED",
        stand_in=False,
        cells=cells,
        types=tuple(types),
        starts=(),
    )


class _ProperLayouts:
    """Uniform sampling of the 5 x 5 layouts with ``per_type`` tiles of each type and no two
    adjacent regions of one type (FR-3.7, option ``random_map_no_same_adjacent``).

    Plain rejection keeps fewer than 1 shuffle in 200,000 (2,989,359,840 of the 6.2e14
    layouts qualify), so the layouts are counted instead: the cells are filled in row-major
    order and ``count(i, labels, left)`` is the number of valid completions after cells
    ``0..i-1``, where ``labels`` are the types of the cells still next to an unfilled cell and
    ``left`` the tiles left per type. Types are interchangeable, so a state is kept with its
    types renamed canonically, which leaves a few tens of thousands of states. Drawing each cell
    with probability proportional to the completions it leaves is exactly the rejection of
    uniform shuffles, without the rejections.
    """

    _cache: dict[int, _ProperLayouts] = {}

    @classmethod
    def for_grid(cls, per_type: int) -> _ProperLayouts:
        if per_type not in cls._cache:
            cls._cache[per_type] = cls(neighbours(grid_cells()), per_type)
        return cls._cache[per_type]

    def __init__(self, adjacency: tuple[tuple[int, ...], ...], per_type: int) -> None:
        n = len(adjacency)
        self.n = n
        self.per_type = per_type
        self.earlier = tuple(tuple(j for j in nbs if j < i) for i, nbs in enumerate(adjacency))
        # live[i]: the cells 0..i whose neighbours are not all filled once cell i is
        self.live = tuple(
            tuple(j for j in range(i + 1) if any(k > i for k in adjacency[j])) for i in range(n)
        )
        self.memo: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}

    def _state(
        self, i: int, types: dict[int, int], left: Sequence[int]
    ) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """The canonical state once cells ``0..i-1`` are filled with ``types``."""
        live = self.live[i - 1] if i else ()
        rename: dict[int, int] = {}
        for cell in live:
            rename.setdefault(types[cell], len(rename))
        labels = tuple(rename[types[cell]] for cell in live)
        present = [left[t] for t in sorted(rename, key=rename.__getitem__)]
        absent = sorted((left[t] for t in range(len(left)) if t not in rename), reverse=True)
        return i, labels, tuple(present + absent)

    def count(self, i: int, labels: tuple[int, ...], left: tuple[int, ...]) -> int:
        """Valid completions of a canonical state."""
        if i == self.n:
            return 1
        key = (i, labels, left)
        found = self.memo.get(key)
        if found is not None:
            return found
        live = self.live[i - 1] if i else ()
        types = dict(zip(live, labels, strict=True))
        banned = {types[j] for j in self.earlier[i]}
        total = 0
        for t, n_left in enumerate(left):
            if n_left and t not in banned:
                types[i] = t
                after = list(left)
                after[t] -= 1
                total += self.count(*self._state(i + 1, types, after))
        self.memo[key] = total
        return total

    def sample(self, rng: random.Random) -> list[int]:
        """One layout, uniform among the valid ones."""
        left = [self.per_type] * NUM_REGION_TYPES
        types: dict[int, int] = {}
        for i in range(self.n):
            banned = {types[j] for j in self.earlier[i]}
            weights = []
            for t in range(NUM_REGION_TYPES):
                weight = 0
                if left[t] and t not in banned:
                    types[i] = t
                    left[t] -= 1
                    weight = self.count(*self._state(i + 1, types, left))
                    left[t] += 1
                weights.append(weight)
            pick = rng.randrange(sum(weights))  # > 0: the grid has valid layouts
            t = 0
            while pick >= weights[t]:
                pick -= weights[t]
                t += 1
            types[i] = t
            left[t] -= 1
        return [types[i] for i in range(self.n)]
