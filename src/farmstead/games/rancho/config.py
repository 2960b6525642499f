"""Rancho's data files and parameters, turned into the tables a game runs on.

Every number comes from ``data/components.toml`` or ``data/board.toml`` (with provenance) and
may be overridden by a game parameter (a designer's "what if").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from farmstead.core.data import load_data
from farmstead.core.errors import InvalidParamError
from farmstead.core.game import ParamSpec
from farmstead.games.rancho.actions import KINDS, SYMBOLS, ActionLayout
from farmstead.games.rancho.board import Board, build_board
from farmstead.games.rancho.placement import Placement

DATA_PACKAGE = "farmstead.games.rancho"
DATA_FILES = ("components.toml", "board.toml")
DICE_SETS = {
    "proposed": "d12",
    "alternative_a": "d12_alternative_a",
    "alternative_b": "d12_alternative_b",
}


@lru_cache(maxsize=1)
def components() -> dict[str, Any]:
    """The parsed components data file."""
    return load_data(DATA_PACKAGE, "components.toml")


@lru_cache(maxsize=1)
def default_board() -> Board:
    """Tables of the board data file."""
    return build_board(load_data(DATA_PACKAGE, "board.toml")["board"])


def _faces_text(faces: list[int]) -> str:
    return ",".join(str(f) for f in faces)


def param_specs() -> tuple[ParamSpec, ...]:
    """The game parameters, with defaults read from the data files."""
    data = components()
    safeguards = data["safeguards"]
    return (
        ParamSpec(
            "max_rounds",
            int,
            safeguards["max_rounds"],
            "full rounds after which the game ends as a draw (RA-R45)",
            minimum=1,
        ),
        ParamSpec(
            "max_actions_per_turn",
            int,
            safeguards["max_actions_per_turn"],
            "decisions in one turn after which only turn-ending actions stay legal (RA-R45)",
            minimum=1,
        ),
        ParamSpec(
            "first_player",
            str,
            data["first_player"]["method"],
            "'random' (a chance event) or the seat number that starts (RA-R5)",
        ),
        ParamSpec(
            "dice",
            str,
            "proposed",
            "faces of the two d12 (data tables d12*)",
            choices=tuple(DICE_SETS),
        ),
        ParamSpec(
            "d6",
            str,
            _faces_text(data["d6"]["faces"]),
            "comma-separated faces of the six-sided predator die",
        ),
        ParamSpec(
            "pasture_limit",
            int,
            data["pasture_limit"]["per_player"],
            "pastures a player may own (RA-R16)",
            minimum=0,
        ),
        ParamSpec(
            "values",
            str,
            "",
            "value overrides in rabbits, e.g. 'sheep=5,large_dog=4' (default: data table)",
        ),
        ParamSpec(
            "ask_predator_order",
            bool,
            True,
            "ask the active player to order one fox and one wolf (RA-R32; never changes the outcome)",
        ),
    )


@dataclass(frozen=True)
class RanchoConfig:
    """Everything a Rancho game needs, for one player count and parameter set."""

    board: Board
    layout: ActionLayout
    placement: Placement
    num_players: int
    farms: tuple[int, ...]  # farm number of each seat
    colours: tuple[str, ...]  # colour of each seat
    values: tuple[int, ...]  # per kind, in rabbits
    herd: tuple[int, ...]  # central herd per kind at setup (before the starting animals)
    start_rabbits: int
    start_sheep: int
    die_a: tuple[int, ...]  # symbol per face
    die_b: tuple[int, ...]
    d6_faces: tuple[int, ...]
    pasture_limit: int
    max_rounds: int
    max_actions_per_turn: int
    first_player: int  # -1 = random
    ask_predator_order: bool
    rabbits_per_space: int

    d12_outcomes: list[tuple[int, float]]  # (face_a * 6 + face_b, probability)
    d6_outcomes: list[tuple[int, float]]  # (number, probability)


def _d12_outcomes(die_a: tuple[int, ...], die_b: tuple[int, ...]) -> list[tuple[int, float]]:
    """(face_a * 6 + face_b, probability) for every possible pair of d12 symbols."""
    counts: dict[int, int] = {}
    for a in die_a:
        for b in die_b:
            counts[a * 6 + b] = counts.get(a * 6 + b, 0) + 1
    total = len(die_a) * len(die_b)
    return [(o, c / total) for o, c in sorted(counts.items())]


def _d6_outcomes(faces: tuple[int, ...]) -> list[tuple[int, float]]:
    """(number, probability) for the predator die."""
    counts: dict[int, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return [(n, c / len(faces)) for n, c in sorted(counts.items())]


def _parse_die(faces: list[str], name: str) -> tuple[int, ...]:
    try:
        return tuple(SYMBOLS.index(f) for f in faces)
    except ValueError:
        raise InvalidParamError(f"{name}: faces must be among {', '.join(SYMBOLS)}") from None


def _parse_values(text: str, base: dict[str, int]) -> tuple[int, ...]:
    values = dict(base)
    for item in filter(None, (s.strip() for s in text.split(","))):
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or key not in values:
            raise InvalidParamError(
                f"values: expected kind=number with kind among {', '.join(KINDS)}; got {item!r}"
            )
        try:
            number = int(raw)
        except ValueError:
            raise InvalidParamError(f"values: {key} must be a whole number, got {raw!r}") from None
        if number < 1:
            raise InvalidParamError(f"values: {key} must be at least 1")
        values[key] = number
    return tuple(values[k] for k in KINDS)


def build_config(players: int, params: dict[str, Any]) -> RanchoConfig:
    """The configuration for ``players`` seats and validated ``params``."""
    data = components()
    board = default_board()
    farms = tuple(data["farm_use"][f"players_{players}"])
    for farm in farms:
        if farm not in board.farm_cells:
            raise InvalidParamError(f"farm {farm} used for {players} players is not on the board")
    colours = tuple(data["colours"]["by_farm"][f - 1] for f in farms)
    column = players - 2
    herd = tuple(int(data["herd"][k][column]) for k in KINDS)
    dice = data[DICE_SETS[params["dice"]]]
    die_a = _parse_die(dice["die_a"], "die_a")
    die_b = _parse_die(dice["die_b"], "die_b")
    try:
        d6_faces = tuple(int(x) for x in str(params["d6"]).split(","))
    except ValueError:
        raise InvalidParamError(
            f"d6 must be comma-separated whole numbers, got {params['d6']!r}"
        ) from None
    if not d6_faces or any(f < 1 for f in d6_faces):
        raise InvalidParamError("d6 needs at least one face, each a positive number")
    values = _parse_values(params["values"], data["values"] | {})
    first = params["first_player"]
    if first == "random":
        first_player = -1
    elif first.isdigit() and int(first) < players:
        first_player = int(first)
    else:
        raise InvalidParamError(
            f"first_player must be 'random' or a seat 0..{players - 1}, got {first!r}"
        )
    fox_faces = die_a.count(4) + die_b.count(4)
    wolf_faces = die_a.count(5) + die_b.count(5)
    # Equal predator weights are dropped (rancho.md 9.4); a missing predator weighs nothing.
    w_fox, w_wolf = (1, 1) if fox_faces == wolf_faces else (fox_faces, wolf_faces)
    cost_faces: dict[int, int] = {}
    for face in d6_faces:
        cost_faces[face] = cost_faces.get(face, 0) + 1
    rabbits_per_space = int(data["space"]["rabbits_per_space"])
    placement = Placement(
        board=board,
        cell_hit=tuple(cost_faces.get(c, 0) if c else 0 for c in board.cost),
        cost_faces=cost_faces,
        weights=(values[0] * w_fox, values[1] * w_wolf, values[2] * w_wolf, values[3] * w_wolf),
        rabbits_per_space=rabbits_per_space,
    )
    return RanchoConfig(
        board=board,
        layout=ActionLayout(
            board.num_pastures, board.num_cells, len(board.edges), len(board.triangles)
        ),
        placement=placement,
        num_players=players,
        farms=farms,
        colours=colours,
        values=values,
        herd=herd,
        start_rabbits=int(data["starting_animals"]["rabbit"]),
        start_sheep=int(data["starting_animals"]["sheep"]),
        die_a=die_a,
        die_b=die_b,
        d6_faces=d6_faces,
        pasture_limit=params["pasture_limit"],
        max_rounds=params["max_rounds"],
        max_actions_per_turn=params["max_actions_per_turn"],
        first_player=first_player,
        ask_predator_order=params["ask_predator_order"],
        rabbits_per_space=rabbits_per_space,
        d12_outcomes=_d12_outcomes(die_a, die_b),
        d6_outcomes=_d6_outcomes(d6_faces),
    )
