"""Animal Farm parameters and the precomputed tables one configured game runs on.

Every number comes from the data files (``catalog``); several may be overridden by a game
parameter (a designer's "what if"). Tables are built once per parameter set and shared by
every state of that game. Nothing here knows the rules beyond where pieces may be: ``rules.py``
does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from farmstead.core.game import ParamSpec
from farmstead.games.animal_farm.actions import ActionLayout
from farmstead.games.animal_farm.catalog import (
    FIRST_PLAYER_CHOICES,
    MAX_PLIES,
    MAX_POINTS,
    Catalog,
    catalog,
)
from farmstead.games.animal_farm.grid import neighbour_table, zone_cells, zone_map
from farmstead.games.animal_farm.layout import (
    FEED,
    KIND_NAMES,
    NO,
    PIG,
    PLAYER_NAMES,
    SETUP_MODES,
)


def param_specs() -> tuple[ParamSpec, ...]:
    """The game parameters, with defaults read from the data files."""
    cat = catalog()
    points = cat.pieces.move_points
    play = cat.play
    return (
        ParamSpec(
            "layout",
            str,
            "standard",
            "board layout (data file board.toml)",
            choices=tuple(cat.layouts),
            label="Board layout",
        ),
        ParamSpec(
            "setup_mode",
            str,
            "manual",
            "'manual': each side places its pieces as decisions (AF-R2); "
            "'default': the layout's default setup, no setup decisions (AF-R4)",
            choices=SETUP_MODES,
            label="Setup",
            choice_labels=("Manual setup", "The layout's default"),
        ),
        ParamSpec(
            "first_player",
            str,
            play.first_player,
            "'coin_toss' (a chance event, AF-R1) or the seat (0 or 1) that is Player 1",
            choices=FIRST_PLAYER_CHOICES,
            label="Who is Player 1",
            choice_labels=("Coin toss", "Seat 1", "Seat 2"),
        ),
        ParamSpec(
            "max_plies",
            int,
            play.max_plies,
            "turns after which the game is drawn (AF-R24)",
            minimum=1,
            maximum=MAX_PLIES,
            label="Turn limit (draw after)",
        ),
        ParamSpec(
            "no_progress_plies",
            int,
            play.no_progress_plies,
            "consecutive turns without a feed pile changing zone that draw the game; "
            "0 = off (AF-R24)",
            minimum=0,
            maximum=MAX_PLIES,
            label="Draw after turns without progress",
        ),
        ParamSpec(
            "horse_points",
            int,
            points[2],
            "the horse's movement points per turn (AF-R5)",
            minimum=0,
            maximum=MAX_POINTS,
            label="Horse's moves per turn",
        ),
        ParamSpec(
            "goat_points",
            int,
            points[1],
            "movement points shared by the goats per turn (AF-R5)",
            minimum=0,
            maximum=MAX_POINTS,
            label="Goats' moves per turn",
        ),
        ParamSpec(
            "pig_points",
            int,
            points[0],
            "movement points shared by the pigs per turn (AF-R5)",
            minimum=0,
            maximum=MAX_POINTS,
            label="Pigs' moves per turn",
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
    unit_names: tuple[str, ...] = field(init=False)  # per unit, see ``unit_name``

    def __post_init__(self) -> None:
        names = []
        for unit in range(2 * self.num_slots):
            owner, slot = divmod(unit, self.num_slots)
            kind = self.slot_kind[slot]
            if self.slot_kind.count(kind) == 1:
                names.append(f"{PLAYER_NAMES[owner]}-{KIND_NAMES[kind]}")
            else:
                number = slot - self.slot_kind.index(kind) + 1
                names.append(f"{PLAYER_NAMES[owner]}-{KIND_NAMES[kind]}-{number}")
        object.__setattr__(self, "unit_names", tuple(names))

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
        return self.unit_names[unit]

    def unit_by_name(self, name: object) -> int:
        """The unit named ``name``, or ``NO`` if no unit has that name."""
        if isinstance(name, str) and name in self.unit_names:
            return self.unit_names.index(name)
        return NO

    def rows_to_base(self, player: int, cell: int) -> int:
        """Rows between ``cell`` and ``player``'s base (0 inside it)."""
        y = cell // self.width
        lo, hi = self.base_rows[player]
        return lo - y if y < lo else (y - hi if y > hi else 0)


_CONFIGS: dict[tuple[Any, ...], tuple[Catalog, AnimalFarmConfig]] = {}


def get_config(params: dict[str, Any]) -> AnimalFarmConfig:
    """The config for validated ``params`` (every parameter present), cached per parameter
    set (and rebuilt should the catalog be reloaded)."""
    cat = catalog()
    key = tuple(sorted(params.items()))
    hit = _CONFIGS.get(key)
    if hit is None or hit[0] is not cat:
        hit = (cat, build_config(cat, params))
        _CONFIGS[key] = hit
    return hit[1]


def build_config(cat: Catalog, params: dict[str, Any]) -> AnimalFarmConfig:
    """The tables of ``cat`` for validated ``params``."""
    pieces = cat.pieces
    board = cat.layouts[params["layout"]]
    play = cat.play
    slot_kind = pieces.slot_kind
    num_slots = pieces.num_slots
    width, height = board.width, board.height
    n = width * height
    zone_rows = board.zone_rows
    zone_of = zone_map(width, height, zone_rows)
    horse_rows = board.horse_start_rows

    def cells(spec: str, player: int) -> tuple[int, ...]:
        return zone_cells(spec, player, zone_of, width, horse_rows[player])

    unit_kind = tuple(slot_kind[s] for _ in range(2) for s in range(num_slots))
    unit_owner = tuple(p for p in range(2) for _ in range(num_slots))
    allowed_sets = {
        (p, k): frozenset(cells(pieces.zone_limits[k], p))
        for p in range(2)
        for k in range(len(KIND_NAMES))
    }
    units = range(2 * num_slots)
    unit_allowed = tuple(
        tuple(c in allowed_sets[unit_owner[u], unit_kind[u]] for c in range(n)) for u in units
    )
    displace_cells = tuple(cells(pieces.displacement[unit_kind[u]], unit_owner[u]) for u in units)
    unit_start_cells = tuple(
        tuple(
            c
            for c in cells(pieces.start_zones[unit_kind[u]], unit_owner[u])
            if c in allowed_sets[unit_owner[u], unit_kind[u]]
        )
        for u in units
    )
    feed_start_cells = (cells(pieces.feed_start_zone, 0), cells(pieces.feed_start_zone, 1))

    sequence: list[tuple[int, int]] = []
    for player in play.setup_players:
        for piece in play.setup_pieces:
            if piece == FEED:
                sequence.append((player, FEED))
            else:
                sequence.extend((player, s) for s in range(num_slots) if slot_kind[s] == piece)

    pool_size = (params["pig_points"], params["goat_points"], params["horse_points"])
    first = params["first_player"]
    first_player = NO if first == "coin_toss" else int(first)
    manual = params["setup_mode"] == "manual"
    pigs = slot_kind.count(PIG)
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
        neighbours=neighbour_table(width, height),
        num_slots=num_slots,
        slot_kind=slot_kind,
        unit_kind=unit_kind,
        unit_owner=unit_owner,
        unit_allowed=unit_allowed,
        displace_cells=displace_cells,
        can_attack=pieces.attacks,
        pool_size=pool_size,
        setup_sequence=tuple(sequence),
        feed_start_cells=feed_start_cells,
        unit_start_cells=unit_start_cells,
        default_units=board.default_units,
        default_piles=board.default_piles,
        manual_setup=manual,
        first_player=first_player,
        max_plies=params["max_plies"],
        no_progress_plies=params["no_progress_plies"],
        max_turn_actions=max_turn_actions,
        max_game_length=max_game_length,
    )
