"""The data files of Rancho, loaded and validated into typed tables.

``components.toml`` (values, space, the central herd per player count, starting animals, the dice,
farm use, colours, the pasture limit, the first-player method and the safeguards) and
``board.toml`` (the cells, their coordinates, costs and farms) carry provenance tags
(rules/rancho.md section 0): every PROPOSED value lives here, never in code. Anything malformed
raises ``DataFileError`` naming the file, the table and the field, so a replacement data file
cannot silently break a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from farmstead.core.data import DataFileError, load_data
from farmstead.games.rancho.board import Board, build_board, hex_adjacency
from farmstead.games.rancho.layout import KINDS, SYMBOLS

DATA_PACKAGE = "farmstead.games.rancho"
DATA_FILES = ("components.toml", "board.toml")
DICE_TABLES = ("d12", "d12_alternative_a", "d12_alternative_b")
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # the columns of the herd table and the farm_use rows


@dataclass(frozen=True)
class Components:
    """The values of components.toml (per kind tables in ``layout.KINDS`` order)."""

    values: tuple[int, ...]  # worth of each kind in rabbits
    rabbits_per_space: int
    herd: tuple[tuple[int, ...], ...]  # per player count (2 … 6): central herd per kind
    start_rabbits: int
    start_sheep: int
    dice: dict[str, tuple[tuple[int, ...], tuple[int, ...]]]  # table -> (die a, die b) symbols
    d6_faces: tuple[int, ...]
    farm_use: dict[int, tuple[int, ...]]  # player count -> farm number of each seat
    colours: tuple[str, ...]  # colour of farms 1, 2, …
    pasture_limit: int
    first_player: str  # 'random' or a seat number
    max_rounds: int
    max_actions_per_turn: int


@dataclass(frozen=True)
class Catalog:
    """Everything the data files define."""

    components: Components
    board: Board


def _table(doc: dict[str, Any], name: str, file: str) -> dict[str, Any]:
    table = doc.get(name)
    if not isinstance(table, dict):
        raise DataFileError(f"{file}: table [{name}] is missing")
    return table


def _check_int(value: Any, what: str, minimum: int | None = 0) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (minimum is not None and value < minimum)
    ):
        bound = "" if minimum is None else f" >= {minimum}"
        raise DataFileError(f"{what} must be an int{bound}, got {value!r}")
    return value


def _int(table: dict[str, Any], key: str, where: str, minimum: int | None = 0) -> int:
    return _check_int(table.get(key), f"{where}: {key!r}", minimum)


def _ints(table: dict[str, Any], key: str, where: str, minimum: int = 0) -> tuple[int, ...]:
    values = table.get(key)
    if not isinstance(values, list) or not values:
        raise DataFileError(f"{where}: {key!r} must be a non-empty list of ints")
    return tuple(_check_int(v, f"{where}: {key!r}[{i}]", minimum) for i, v in enumerate(values))


def _str(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value:
        raise DataFileError(f"{where}: {key!r} must be a non-empty string, got {value!r}")
    return value


def _die(table: dict[str, Any], key: str, where: str) -> tuple[int, ...]:
    faces = table.get(key)
    if not isinstance(faces, list) or not faces or any(f not in SYMBOLS for f in faces):
        raise DataFileError(f"{where}: {key!r} must list faces among {', '.join(SYMBOLS)}")
    return tuple(SYMBOLS.index(f) for f in faces)


def _components(doc: dict[str, Any]) -> Components:
    file = "components.toml"

    def table(name: str) -> tuple[dict[str, Any], str]:
        return _table(doc, name, file), f"{file} [{name}]"

    values, where = table("values")
    value_list = tuple(_int(values, k, where, 1) for k in KINDS)
    space, where = table("space")
    per_space = _int(space, "rabbits_per_space", where, 1)
    herd_table, where = table("herd")
    columns = MAX_PLAYERS - MIN_PLAYERS + 1
    by_kind = []
    for kind in KINDS:
        column = _ints(herd_table, kind, where)
        if len(column) != columns:
            raise DataFileError(f"{where}: {kind!r} needs {columns} counts (2 … 6 players)")
        by_kind.append(column)
    herd = tuple(tuple(column[i] for column in by_kind) for i in range(columns))
    start, where = table("starting_animals")
    start_rabbits = _int(start, "rabbit", where)
    start_sheep = _int(start, "sheep", where)
    dice = {}
    for name in DICE_TABLES:
        faces, where = table(name)
        dice[name] = (_die(faces, "die_a", where), _die(faces, "die_b", where))
    d6, where = table("d6")
    d6_faces = _ints(d6, "faces", where, 1)
    use, where = table("farm_use")
    farm_use = {}
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        farms = _ints(use, f"players_{players}", where, 1)
        if len(farms) != players or len(set(farms)) != players:
            raise DataFileError(f"{where}: 'players_{players}' must name {players} distinct farms")
        farm_use[players] = farms
    colours_table, where = table("colours")
    colours = colours_table.get("by_farm")
    if not isinstance(colours, list) or not all(isinstance(c, str) and c for c in colours):
        raise DataFileError(f"{where}: 'by_farm' must list one colour name per farm")
    limit, where = table("pasture_limit")
    first, first_where = table("first_player")
    safeguards, safe_where = table("safeguards")
    return Components(
        values=value_list,
        rabbits_per_space=per_space,
        herd=herd,
        start_rabbits=start_rabbits,
        start_sheep=start_sheep,
        dice=dice,
        d6_faces=d6_faces,
        farm_use=farm_use,
        colours=tuple(colours),
        pasture_limit=_int(limit, "per_player", where),
        first_player=_str(first, "method", first_where),
        max_rounds=_int(safeguards, "max_rounds", safe_where, 1),
        max_actions_per_turn=_int(safeguards, "max_actions_per_turn", safe_where, 1),
    )


def _board(doc: dict[str, Any]) -> Board:
    """The ``[board]`` table: cells list pastures first, then farm cells. Adjacency is given
    explicitly per cell (``neighbours = [ids]``) or, when absent, taken from the hex
    coordinates."""
    where = "board.toml [board]"
    cells = _table(doc, "board", "board.toml").get("cells")
    if not isinstance(cells, list) or not cells or not all(isinstance(c, dict) for c in cells):
        raise DataFileError(f"{where}: 'cells' must be a non-empty list of tables")
    ids = tuple(_str(c, "id", f"{where} cells[{i}]") for i, c in enumerate(cells))
    if len(set(ids)) != len(ids):
        raise DataFileError(f"{where}: cell ids must be unique")
    places = [f"{where} cell {cid}" for cid in ids]
    kinds = [c.get("kind") for c in cells]
    if any(k not in ("pasture", "farm") for k in kinds):
        raise DataFileError(f"{where}: every cell's 'kind' must be 'pasture' or 'farm'")
    num_pastures = kinds.count("pasture")
    if kinds[:num_pastures] != ["pasture"] * num_pastures:
        raise DataFileError(f"{where}: cells must list every pasture first, then the farm cells")
    q = tuple(_int(c, "q", at, None) for c, at in zip(cells, places, strict=True))
    r = tuple(_int(c, "r", at, None) for c, at in zip(cells, places, strict=True))
    cost = tuple(
        _int(c, "cost", at, 1) if c["kind"] == "pasture" else 0
        for c, at in zip(cells, places, strict=True)
    )
    farm = tuple(
        _int(c, "farm", at, 1) if c["kind"] == "farm" else 0
        for c, at in zip(cells, places, strict=True)
    )
    index = {cid: i for i, cid in enumerate(ids)}
    if all("neighbours" in c for c in cells):
        adjacency = []
        for c, at in zip(cells, places, strict=True):
            names = c["neighbours"]
            if not isinstance(names, list) or any(n not in index for n in names):
                raise DataFileError(f"{at}: 'neighbours' must list cell ids of the board")
            adjacency.append(sorted(index[n] for n in names))
    else:
        adjacency = hex_adjacency(q, r)
    for i, nbrs in enumerate(adjacency):
        for j in nbrs:
            if i not in adjacency[j]:
                raise DataFileError(f"{where}: adjacency of {ids[i]} and {ids[j]} is not symmetric")
    for number in sorted(set(f for f in farm if f)):
        members = [i for i, f in enumerate(farm) if f == number]
        if len(members) != 2 or members[1] not in adjacency[members[0]]:
            raise DataFileError(f"{where}: farm {number} must be two adjacent cells")
    return build_board(ids, q, r, cost, farm, num_pastures, adjacency)


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The validated data of the game (cached)."""
    components = _components(load_data(DATA_PACKAGE, "components.toml"))
    board = _board(load_data(DATA_PACKAGE, "board.toml"))
    farms = sorted(board.farm_cells)
    for players, used in components.farm_use.items():
        for number in used:
            if number not in board.farm_cells:
                raise DataFileError(
                    f"components.toml [farm_use]: farm {number} used for {players} players is "
                    f"not on the board (farms {', '.join(map(str, farms))})"
                )
    if len(components.colours) < max(farms, default=0):
        raise DataFileError(
            f"components.toml [colours]: 'by_farm' names {len(components.colours)} colours for "
            f"{max(farms)} farms"
        )
    return Catalog(components, board)
