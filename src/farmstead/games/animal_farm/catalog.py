"""The data files of Animal Farm, loaded and validated into typed tables.

``pieces.toml`` (the team, movement points, the attack chart, zone rules), ``board.toml`` (one
table per board layout: size, zone rows, horse start rows, default setup) and ``play.toml``
(setup order, first player, draw limits) all carry provenance tags (rules/animal_farm.md
section 0). Anything a game could not be played with raises ``DataFileError`` naming the file,
the table and the field, so a replacement data file cannot silently break a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from farmstead.core.data import load_data
from farmstead.core.errors import DataFileError
from farmstead.games.animal_farm.grid import ZONE_SPECS, Rows, zone_cells, zone_map
from farmstead.games.animal_farm.layout import FEED, KIND_NAMES, PIG, PLAYER_NAMES, ZONE_NAMES

DATA_PACKAGE = "farmstead.games.animal_farm"
DATA_FILES = ("pieces.toml", "board.toml", "play.toml")
FIRST_PLAYER_CHOICES = ("coin_toss", "0", "1")
MAX_POINTS = 99  # movement points per pool, data or parameter
MAX_PLIES = 100_000  # the largest draw limit, data or parameter


@dataclass(frozen=True)
class Pieces:
    """``pieces.toml``: the team, movement points, the attack chart and the zone rules."""

    slot_kind: tuple[int, ...]  # kind per team slot: pigs, then goats, then horses
    move_points: tuple[int, int, int]  # per kind: pigs' shared pool, goats' shared pool, horse
    attacks: tuple[tuple[bool, ...], ...]  # [attacker kind][target kind] (AF-R12)
    zone_limits: tuple[str, ...]  # per kind: where it may ever stand (AF-R8)
    start_zones: tuple[str, ...]  # per kind: where it is set up (AF-R3)
    feed_start_zone: str  # where a feed pile is set up (AF-R3)
    displacement: tuple[str, ...]  # per kind: where an attacked unit is sent (AF-R14)

    @property
    def num_slots(self) -> int:
        """Units per team."""
        return len(self.slot_kind)


@dataclass(frozen=True)
class BoardLayout:
    """One table of ``board.toml``. Unit ``u`` is ``player * num_slots + slot``."""

    name: str
    width: int
    height: int
    zone_rows: tuple[Rows, Rows, Rows]  # Player 1's base, the neutral zone, Player 2's base
    horse_start_rows: tuple[Rows, Rows]  # per player (AF-R3)
    default_piles: tuple[int, int]  # per player: the feed pile's default cell (AF-R4)
    default_units: tuple[int, ...]  # per unit: its default cell (AF-R4)


@dataclass(frozen=True)
class PlayRules:
    """``play.toml``: setup order, first player and draw limits."""

    setup_players: tuple[int, ...]  # players in setup order (AF-R2)
    setup_pieces: tuple[int, ...]  # FEED or a kind, in each player's setup order (AF-R2)
    first_player: str  # one of FIRST_PLAYER_CHOICES (AF-R1)
    max_plies: int  # AF-R24
    no_progress_plies: int  # AF-R24; 0 = off


@dataclass(frozen=True)
class Catalog:
    """Everything the data files define."""

    pieces: Pieces
    layouts: dict[str, BoardLayout]
    play: PlayRules


@cache
def data_file(filename: str) -> dict[str, Any]:
    """The parsed data file ``filename``, provenance tags checked (cached)."""
    return load_data(DATA_PACKAGE, filename)


@cache
def catalog() -> Catalog:
    """The validated data of the game (cached)."""
    return read_catalog(data_file("pieces.toml"), data_file("board.toml"), data_file("play.toml"))


def read_catalog(pieces: dict[str, Any], boards: dict[str, Any], play: dict[str, Any]) -> Catalog:
    """The tables of parsed ``pieces.toml``, ``board.toml`` and ``play.toml``;
    ``DataFileError`` when they cannot make a playable game."""
    team = _read_pieces(pieces)
    layouts = {name: _read_layout(name, table, team) for name, table in boards.items()}
    if not layouts:
        raise DataFileError("board.toml defines no board layout")
    return Catalog(team, layouts, _read_play(play))


# --- fields ---------------------------------------------------------------------------------
def _table(doc: dict[str, Any], name: str, where: str) -> dict[str, Any]:
    table = doc.get(name)
    if not isinstance(table, dict):
        raise DataFileError(f"{where}: table [{name}] is missing")
    return table


def _int(table: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataFileError(
            f"{where}: {key} must be a whole number in {low}..{high}, got {value!r}"
        )
    return value


def _zone_spec(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if value not in ZONE_SPECS:
        raise DataFileError(f"{where}: {key} must be one of {', '.join(ZONE_SPECS)}, got {value!r}")
    return str(value)


def _rows(table: dict[str, Any], key: str, height: int, where: str) -> Rows:
    value = table.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not 0 <= value[0] <= value[1] < height
    ):
        raise DataFileError(f"{where}: {key} must be [first, last] rows within the board")
    return value[0], value[1]


def _xy_cell(value: Any, width: int, height: int, where: str) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not (0 <= value[0] < width and 0 <= value[1] < height)
    ):
        raise DataFileError(f"{where} must be [x, y] on the board, got {value!r}")
    return width * value[1] + value[0]


# --- files ----------------------------------------------------------------------------------
def _read_pieces(doc: dict[str, Any]) -> Pieces:
    file = "pieces.toml"
    team = _table(doc, "team", file)
    if team.get("feed_pile") != 1:
        raise DataFileError(f"{file} [team]: feed_pile must be 1 (one PICK_UP id per pile)")
    counts = [_int(team, kind, f"{file} [team]", 0, 99) for kind in KIND_NAMES]
    if counts[PIG] < 1:
        raise DataFileError(f"{file} [team]: a team needs at least one pig")
    if _table(doc, "carrying", file).get("pig_capacity") != 1:
        raise DataFileError(f"{file} [carrying]: pig_capacity must be 1 (a single DROP id)")
    points = _table(doc, "move_points", file)
    where = f"{file} [move_points]"
    move_points = (
        _int(points, "pigs_shared", where, 0, MAX_POINTS),
        _int(points, "goats_shared", where, 0, MAX_POINTS),
        _int(points, "horse", where, 0, MAX_POINTS),
    )
    attacks = _table(doc, "attacks", file)
    chart: list[tuple[bool, ...]] = []
    for kind in KIND_NAMES:
        targets = attacks.get(kind, [])
        if not isinstance(targets, list) or any(t not in KIND_NAMES for t in targets):
            raise DataFileError(
                f"{file} [attacks]: {kind} must list kinds among {', '.join(KIND_NAMES)}"
            )
        chart.append(tuple(other in targets for other in KIND_NAMES))
    limits = _table(doc, "zone_limits", file)
    starts = _table(doc, "start_zones", file)
    displacement = _table(doc, "displacement", file)
    return Pieces(
        slot_kind=tuple(k for k in range(len(KIND_NAMES)) for _ in range(counts[k])),
        move_points=move_points,
        attacks=tuple(chart),
        zone_limits=tuple(_zone_spec(limits, k, f"{file} [zone_limits]") for k in KIND_NAMES),
        start_zones=tuple(_zone_spec(starts, k, f"{file} [start_zones]") for k in KIND_NAMES),
        feed_start_zone=_zone_spec(starts, "feed_pile", f"{file} [start_zones]"),
        displacement=tuple(
            _zone_spec(displacement, k, f"{file} [displacement]") for k in KIND_NAMES
        ),
    )


def _read_layout(name: str, table: Any, team: Pieces) -> BoardLayout:
    where = f"board.toml [{name}]"
    if not isinstance(table, dict):
        raise DataFileError(f"{where} must be a table")
    width, height = table.get("width"), table.get("height")
    if (
        isinstance(width, bool)
        or isinstance(height, bool)
        or not isinstance(width, int)
        or not isinstance(height, int)
        or width < 1
        or height < 3
    ):
        raise DataFileError(f"{where}: width and height must be whole numbers (height >= 3)")
    zone_rows = (
        _rows(table, "p1_base_rows", height, where),
        _rows(table, "neutral_rows", height, where),
        _rows(table, "p2_base_rows", height, where),
    )
    if (
        zone_rows[0][0] != 0
        or zone_rows[1][0] != zone_rows[0][1] + 1
        or zone_rows[2][0] != zone_rows[1][1] + 1
        or zone_rows[2][1] != height - 1
    ):
        raise DataFileError(
            f"{where}: p1_base_rows, neutral_rows and p2_base_rows must split the rows in order"
        )
    zone_of = zone_map(width, height, zone_rows)
    num_slots = team.num_slots
    for zone, zone_name in enumerate(ZONE_NAMES):
        # 2 * num_slots units stand on at most 2 * num_slots - 1 squares while one is displaced.
        if zone_of.count(zone) < 2 * num_slots:
            raise DataFileError(f"{where}: zone {zone_name} needs at least {2 * num_slots} squares")
    horse_rows = (
        _rows(table, "horse_start_rows_p1", height, where),
        _rows(table, "horse_start_rows_p2", height, where),
    )
    for lo, hi in horse_rows:
        if not zone_rows[1][0] <= lo <= hi <= zone_rows[1][1]:
            raise DataFileError(f"{where}: horse start rows must lie in the neutral zone")

    default_units = [-1] * (2 * num_slots)
    default_piles = [-1, -1]
    for p, player in enumerate(PLAYER_NAMES):
        key = f"default_setup_p{p + 1}"
        setup = table.get(key, {})
        if not isinstance(setup, dict):
            raise DataFileError(f"{where}: {key} must be a table")
        at = f"{where}: {key}"
        feed_cells = zone_cells(team.feed_start_zone, p, zone_of, width, horse_rows[p])
        default_piles[p] = _xy_cell(setup.get("feed_pile"), width, height, f"{at}.feed_pile")
        if default_piles[p] not in feed_cells:
            raise DataFileError(f"{at}.feed_pile: {player}'s default feed pile is outside its zone")
        for k, kind_name in enumerate(KIND_NAMES):
            cells = setup.get(kind_name, [])
            slots = [s for s in range(num_slots) if team.slot_kind[s] == k]
            if not isinstance(cells, list) or len(cells) != len(slots):
                raise DataFileError(
                    f"{at}.{kind_name}: {player}'s default setup needs {len(slots)} "
                    f"{kind_name} squares"
                )
            allowed = zone_cells(team.zone_limits[k], p, zone_of, width, horse_rows[p])
            start = zone_cells(team.start_zones[k], p, zone_of, width, horse_rows[p])
            for s, value in zip(slots, cells, strict=True):
                cell = _xy_cell(value, width, height, f"{at}.{kind_name}")
                if cell not in start or cell not in allowed:
                    raise DataFileError(
                        f"{at}.{kind_name}: {player}'s default {kind_name} {value} is outside "
                        "its zone"
                    )
                default_units[p * num_slots + s] = cell
    if len(set(default_units)) != len(default_units):
        raise DataFileError(f"{where}: two default setup units share a square")
    return BoardLayout(
        name=name,
        width=width,
        height=height,
        zone_rows=zone_rows,
        horse_start_rows=horse_rows,
        default_piles=(default_piles[0], default_piles[1]),
        default_units=tuple(default_units),
    )


def _read_play(doc: dict[str, Any]) -> PlayRules:
    file = "play.toml"
    order = _table(doc, "setup_order", file)
    where = f"{file} [setup_order]"
    players = order.get("players")
    if not isinstance(players, list) or sorted(players) != sorted(PLAYER_NAMES):
        raise DataFileError(f"{where}: players must list P1 and P2 once each")
    pieces = order.get("pieces")
    names = ["feed_pile", *KIND_NAMES]
    if not isinstance(pieces, list) or sorted(pieces) != sorted(names):
        raise DataFileError(f"{where}: pieces must list feed_pile, pig, goat, horse")
    first = order.get("first_player")
    if first not in FIRST_PLAYER_CHOICES:
        raise DataFileError(
            f"{where}: first_player must be one of {', '.join(FIRST_PLAYER_CHOICES)}, got {first!r}"
        )
    draw = _table(doc, "draw", file)
    return PlayRules(
        setup_players=tuple(PLAYER_NAMES.index(p) for p in players),
        setup_pieces=tuple(FEED if p == "feed_pile" else KIND_NAMES.index(p) for p in pieces),
        first_player=str(first),
        max_plies=_int(draw, "max_plies", f"{file} [draw]", 1, MAX_PLIES),
        no_progress_plies=_int(draw, "no_progress_plies", f"{file} [draw]", 0, MAX_PLIES),
    )
