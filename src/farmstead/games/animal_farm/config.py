"""Animal Farm's data files and parameters, turned into the tables a game runs on.

Every number comes from ``data/pieces.toml``, ``data/board.toml`` or ``data/play.toml`` (each
value with its provenance); several may be overridden by a game parameter (a designer's
"what if"). Nothing here knows the rules beyond where pieces may be: ``rules.py`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from farmstead.core.data import DataFileError, load_data
from farmstead.core.game import ParamSpec
from farmstead.games.animal_farm.actions import DIRECTION_DELTAS, ActionLayout

DATA_PACKAGE = "farmstead.games.animal_farm"
DATA_FILES = ("pieces.toml", "board.toml", "play.toml")

KIND_NAMES = ("pig", "goat", "horse")
PIG, GOAT, HORSE = 0, 1, 2
FEED = -1  # the piece code of a feed pile in the setup sequence

ZONE_NAMES = ("p1_base", "neutral", "p2_base")
P1_BASE, NEUTRAL, P2_BASE = 0, 1, 2
PLAYER_NAMES = ("P1", "P2")
PILE_NAMES = ("F1", "F2")
SETUP_MODES = ("manual", "default")

# Phases of a position (rules/animal_farm.md section 5) and game results.
TOSS, SETUP, IDLE, ACTIVE, DISPLACE, OVER = range(6)
PHASE_NAMES = ("coin_toss", "setup", "idle", "active", "displace", "over")
NO_RESULT, P1_WINS, P2_WINS, DRAW = -1, 0, 1, 2
RESULT_NAMES = ("P1", "P2", "draw")


@cache
def _data(filename: str) -> dict[str, Any]:
    return load_data(DATA_PACKAGE, filename)


def pieces_data() -> dict[str, Any]:
    """The parsed ``pieces.toml``."""
    return _data("pieces.toml")


def board_data() -> dict[str, Any]:
    """The parsed ``board.toml``: one table per board layout."""
    return _data("board.toml")


def play_data() -> dict[str, Any]:
    """The parsed ``play.toml``."""
    return _data("play.toml")


def param_specs() -> tuple[ParamSpec, ...]:
    """The game parameters, with defaults read from the data files."""
    points = pieces_data()["move_points"]
    draw = play_data()["draw"]
    first = play_data()["setup_order"]["first_player"]
    return (
        ParamSpec(
            "layout",
            str,
            "standard",
            "board layout (data file board.toml)",
            choices=tuple(board_data()),
        ),
        ParamSpec(
            "setup_mode",
            str,
            "manual",
            "'manual': each side places its pieces as decisions (AF-R2); "
            "'default': the layout's default setup, no setup decisions (AF-R4)",
            choices=SETUP_MODES,
        ),
        ParamSpec(
            "first_player",
            str,
            first,
            "'coin_toss' (a chance event, AF-R1) or the seat (0 or 1) that is Player 1",
            choices=("coin_toss", "0", "1"),
        ),
        ParamSpec(
            "max_plies",
            int,
            int(draw["max_plies"]),
            "turns after which the game is drawn (AF-R24)",
            minimum=1,
            maximum=100_000,
        ),
        ParamSpec(
            "no_progress_plies",
            int,
            int(draw["no_progress_plies"]),
            "consecutive turns without a feed pile changing zone that draw the game; "
            "0 = off (AF-R24)",
            minimum=0,
            maximum=100_000,
        ),
        ParamSpec(
            "horse_points",
            int,
            int(points["horse"]),
            "the horse's movement points per turn (AF-R5)",
            minimum=0,
            maximum=99,
        ),
        ParamSpec(
            "goat_points",
            int,
            int(points["goats_shared"]),
            "movement points shared by the goats per turn (AF-R5)",
            minimum=0,
            maximum=99,
        ),
        ParamSpec(
            "pig_points",
            int,
            int(points["pigs_shared"]),
            "movement points shared by the pigs per turn (AF-R5)",
            minimum=0,
            maximum=99,
        ),
    )


@dataclass(frozen=True)
class AnimalFarmConfig:
    """Everything an Animal Farm game needs for one parameter set. Unit ``u`` is
    ``player * num_slots + slot``; player 0 is Player 1 (base at the low rows)."""

    layout_name: str
    width: int
    height: int
    num_cells: int
    actions: ActionLayout
    zone_of: tuple[int, ...]  # per cell: P1_BASE, NEUTRAL or P2_BASE
    base_rows: tuple[tuple[int, int], tuple[int, int]]  # inclusive row range per player
    neighbours: tuple[int, ...]  # cell * 4 + direction -> cell, -1 off the board
    num_slots: int
    slot_kind: tuple[int, ...]
    unit_kind: tuple[int, ...]  # per unit
    unit_owner: tuple[int, ...]  # per unit
    unit_allowed: tuple[tuple[bool, ...], ...]  # per unit, per cell (AF-R8)
    displace_cells: tuple[tuple[int, ...], ...]  # per unit: destination zone (AF-R14)
    can_attack: tuple[tuple[bool, ...], ...]  # [attacker kind][target kind] (AF-R12)
    pool_size: tuple[int, int, int]  # points per turn by kind (AF-R5)
    setup_sequence: tuple[tuple[int, int], ...]  # (player, FEED or slot)
    feed_start_cells: tuple[tuple[int, ...], tuple[int, ...]]  # per player
    unit_start_cells: tuple[tuple[int, ...], ...]  # per unit (AF-R3)
    default_units: tuple[int, ...]  # per unit: default setup cell (AF-R4)
    default_piles: tuple[int, int]
    manual_setup: bool
    first_player: int  # -1: coin toss; else the seat that is Player 1
    max_plies: int
    no_progress_plies: int  # 0 = off
    max_turn_actions: int
    max_game_length: int

    @property
    def num_units(self) -> int:
        """Units on the board, both teams."""
        return 2 * self.num_slots

    def cell(self, x: int, y: int) -> int:
        """The index of square (x, y)."""
        return self.width * y + x

    def xy(self, cell: int) -> tuple[int, int]:
        """(x, y) of a cell index."""
        return cell % self.width, cell // self.width

    def on_board(self, x: int, y: int) -> bool:
        """Whether (x, y) is a square of the board."""
        return 0 <= x < self.width and 0 <= y < self.height

    def unit_name(self, unit: int) -> str:
        """A stable id such as ``P1-pig-2`` (kinds numbered from 1 within a team)."""
        owner, slot = divmod(unit, self.num_slots)
        kind = self.slot_kind[slot]
        number = slot - self.slot_kind.index(kind) + 1
        if self.slot_kind.count(kind) == 1:
            return f"{PLAYER_NAMES[owner]}-{KIND_NAMES[kind]}"
        return f"{PLAYER_NAMES[owner]}-{KIND_NAMES[kind]}-{number}"

    def unit_by_name(self, name: object) -> int:
        """The unit named ``name``, or ``-1`` if no unit has that name."""
        if not isinstance(name, str):
            return -1
        for unit in range(self.num_units):
            if self.unit_name(unit) == name:
                return unit
        return -1

    def rows_to_base(self, player: int, cell: int) -> int:
        """Rows between ``cell`` and ``player``'s base (0 inside it)."""
        y = cell // self.width
        lo, hi = self.base_rows[player]
        return lo - y if y < lo else (y - hi if y > hi else 0)


def _rows(table: dict[str, Any], key: str, height: int) -> tuple[int, int]:
    value = table.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) for v in value)
        or not 0 <= value[0] <= value[1] < height
    ):
        raise DataFileError(f"board.toml: {key} must be [first, last] rows within the board")
    return value[0], value[1]


def _xy_cell(value: Any, width: int, height: int, what: str) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) for v in value)
        or not (0 <= value[0] < width and 0 <= value[1] < height)
    ):
        raise DataFileError(f"board.toml: {what} must be [x, y] on the board, got {value!r}")
    return width * value[1] + value[0]


def _zone_cells(
    spec: str, player: int, zone_of: tuple[int, ...], width: int, horse_rows: tuple[int, int]
) -> tuple[int, ...]:
    cells = range(len(zone_of))
    if spec == "anywhere":
        return tuple(cells)
    if spec == "own_base":
        return tuple(c for c in cells if zone_of[c] == 2 * player)
    if spec == "neutral":
        return tuple(c for c in cells if zone_of[c] == NEUTRAL)
    if spec == "horse_start_rows":
        return tuple(c for c in cells if horse_rows[0] <= c // width <= horse_rows[1])
    raise DataFileError(
        f"unknown zone {spec!r}; expected anywhere, own_base, neutral or horse_start_rows"
    )


def build_config(params: dict[str, Any]) -> AnimalFarmConfig:
    """The configuration for validated ``params``; ``DataFileError`` when the data files cannot
    make a playable game."""
    pieces = pieces_data()
    layout = board_data()[params["layout"]]
    play = play_data()

    team = pieces["team"]
    if team.get("feed_pile") != 1:
        raise DataFileError("pieces.toml: team.feed_pile must be 1 (one PICK_UP id per pile)")
    if pieces["carrying"].get("pig_capacity") != 1:
        raise DataFileError("pieces.toml: carrying.pig_capacity must be 1 (a single DROP id)")
    counts = [team.get(k) for k in KIND_NAMES]
    if not all(isinstance(n, int) and n >= 0 for n in counts) or counts[PIG] < 1:
        raise DataFileError("pieces.toml: team counts must be whole numbers, at least one pig")
    slot_kind = tuple(k for k in (PIG, GOAT, HORSE) for _ in range(counts[k]))
    num_slots = len(slot_kind)

    width, height = layout.get("width"), layout.get("height")
    if not isinstance(width, int) or not isinstance(height, int) or width < 1 or height < 3:
        raise DataFileError("board.toml: width and height must be whole numbers (height >= 3)")
    zone_rows = [
        _rows(layout, "p1_base_rows", height),
        _rows(layout, "neutral_rows", height),
        _rows(layout, "p2_base_rows", height),
    ]
    if (
        zone_rows[0][0] != 0
        or zone_rows[1][0] != zone_rows[0][1] + 1
        or zone_rows[2][0] != zone_rows[1][1] + 1
        or zone_rows[2][1] != height - 1
    ):
        raise DataFileError(
            "board.toml: p1_base_rows, neutral_rows and p2_base_rows must split the rows in order"
        )
    n = width * height
    zone_of = tuple(
        next(z for z, (lo, hi) in enumerate(zone_rows) if lo <= c // width <= hi) for c in range(n)
    )
    for zone, name in enumerate(ZONE_NAMES):
        # 2 * num_slots units stand on at most 2 * num_slots - 1 squares while one is displaced.
        if zone_of.count(zone) < 2 * num_slots:
            raise DataFileError(f"board.toml: zone {name} needs at least {2 * num_slots} squares")
    horse_rows = (
        _rows(layout, "horse_start_rows_p1", height),
        _rows(layout, "horse_start_rows_p2", height),
    )
    for lo, hi in horse_rows:
        if not zone_rows[1][0] <= lo <= hi <= zone_rows[1][1]:
            raise DataFileError("board.toml: horse start rows must lie in the neutral zone")

    neighbours: list[int] = []
    for c in range(n):
        x, y = c % width, c // width
        for dx, dy in DIRECTION_DELTAS:
            nx, ny = x + dx, y + dy
            neighbours.append(width * ny + nx if 0 <= nx < width and 0 <= ny < height else -1)

    limits = pieces["zone_limits"]
    starts = pieces["start_zones"]
    displacement = pieces["displacement"]
    unit_kind = tuple(slot_kind[s] for _ in range(2) for s in range(num_slots))
    unit_owner = tuple(p for p in range(2) for _ in range(num_slots))
    allowed_sets = {
        (p, k): frozenset(_zone_cells(limits[KIND_NAMES[k]], p, zone_of, width, horse_rows[p]))
        for p in range(2)
        for k in range(3)
    }
    unit_allowed = tuple(
        tuple(c in allowed_sets[unit_owner[u], unit_kind[u]] for c in range(n))
        for u in range(2 * num_slots)
    )
    displace_cells = tuple(
        _zone_cells(
            displacement[KIND_NAMES[unit_kind[u]]],
            unit_owner[u],
            zone_of,
            width,
            horse_rows[unit_owner[u]],
        )
        for u in range(2 * num_slots)
    )
    unit_start_cells = tuple(
        tuple(
            c
            for c in _zone_cells(
                starts[KIND_NAMES[unit_kind[u]]],
                unit_owner[u],
                zone_of,
                width,
                horse_rows[unit_owner[u]],
            )
            if c in allowed_sets[unit_owner[u], unit_kind[u]]
        )
        for u in range(2 * num_slots)
    )
    feed_start_cells = (
        _zone_cells(starts["feed_pile"], 0, zone_of, width, horse_rows[0]),
        _zone_cells(starts["feed_pile"], 1, zone_of, width, horse_rows[1]),
    )
    attacks = pieces["attacks"]
    can_attack = tuple(
        tuple(KIND_NAMES[b] in attacks.get(KIND_NAMES[a], []) for b in range(3)) for a in range(3)
    )

    order = play["setup_order"]
    if sorted(order.get("players", [])) != ["P1", "P2"]:
        raise DataFileError("play.toml: setup_order.players must list P1 and P2 once each")
    piece_order = order.get("pieces", [])
    if sorted(piece_order) != sorted(["feed_pile", *KIND_NAMES]):
        raise DataFileError("play.toml: setup_order.pieces must list feed_pile, pig, goat, horse")
    sequence: list[tuple[int, int]] = []
    for player_name in order["players"]:
        player = PLAYER_NAMES.index(player_name)
        for piece in piece_order:
            if piece == "feed_pile":
                sequence.append((player, FEED))
            else:
                kind = KIND_NAMES.index(piece)
                sequence.extend((player, s) for s in range(num_slots) if slot_kind[s] == kind)

    default_units = [-1] * (2 * num_slots)
    default_piles = [-1, -1]
    for p in range(2):
        setup = layout.get(f"default_setup_p{p + 1}", {})
        default_piles[p] = _xy_cell(setup.get("feed_pile"), width, height, "feed_pile")
        if default_piles[p] not in feed_start_cells[p]:
            raise DataFileError(f"board.toml: P{p + 1}'s default feed pile is outside its zone")
        for k, kind_name in enumerate(KIND_NAMES):
            cells = setup.get(kind_name, [])
            slots = [s for s in range(num_slots) if slot_kind[s] == k]
            if not isinstance(cells, list) or len(cells) != len(slots):
                raise DataFileError(
                    f"board.toml: P{p + 1}'s default setup needs {len(slots)} {kind_name} squares"
                )
            for s, value in zip(slots, cells, strict=True):
                u = p * num_slots + s
                default_units[u] = _xy_cell(value, width, height, kind_name)
                if default_units[u] not in unit_start_cells[u]:
                    raise DataFileError(
                        f"board.toml: P{p + 1}'s default {kind_name} {value} is outside its zone"
                    )
    if len(set(default_units)) != len(default_units):
        raise DataFileError("board.toml: two default setup units share a square")

    pool_size = (params["pig_points"], params["goat_points"], params["horse_points"])
    first = params["first_player"]
    first_player = -1 if first == "coin_toss" else int(first)
    manual = params["setup_mode"] == "manual"
    pigs = counts[PIG]
    # Per turn: a SELECT and a STOP per unit, one step per point, one TARGET per activation (an
    # attack ends the path), and one PICK_UP and one DROP per pig square visit (AF-R22).
    max_turn_actions = 3 * num_slots + sum(pool_size) + 2 * (pigs + pool_size[PIG]) + 1
    max_game_length = (
        (1 if first_player < 0 else 0)
        + (len(sequence) if manual else 0)
        + params["max_plies"] * max_turn_actions
    )
    return AnimalFarmConfig(
        layout_name=params["layout"],
        width=width,
        height=height,
        num_cells=n,
        actions=ActionLayout(num_slots, width, height),
        zone_of=zone_of,
        base_rows=(zone_rows[0], zone_rows[2]),
        neighbours=tuple(neighbours),
        num_slots=num_slots,
        slot_kind=slot_kind,
        unit_kind=unit_kind,
        unit_owner=unit_owner,
        unit_allowed=unit_allowed,
        displace_cells=displace_cells,
        can_attack=can_attack,
        pool_size=pool_size,
        setup_sequence=tuple(sequence),
        feed_start_cells=feed_start_cells,
        unit_start_cells=unit_start_cells,
        default_units=tuple(default_units),
        default_piles=(default_piles[0], default_piles[1]),
        manual_setup=manual,
        first_player=first_player,
        max_plies=params["max_plies"],
        no_progress_plies=params["no_progress_plies"],
        max_turn_actions=max_turn_actions,
        max_game_length=max_game_length,
    )
