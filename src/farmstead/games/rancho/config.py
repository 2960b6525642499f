"""Rancho parameters and the precomputed tables one configured game runs on.

Every number comes from the data files (``catalog``: ``data/components.toml`` and
``data/board.toml``, with provenance) and may be overridden by a game parameter (a designer's
"what if"). Tables are built once per (player count, parameters) and shared by every state of
that game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from farmstead.core.errors import InvalidParamError
from farmstead.core.game import ParamSpec
from farmstead.games.rancho.actions import ActionLayout
from farmstead.games.rancho.board import Board
from farmstead.games.rancho.catalog import catalog
from farmstead.games.rancho.layout import FOX, KINDS, WOLF
from farmstead.games.rancho.placement import Placement

DICE_SETS = {
    "proposed": "d12",
    "alternative_a": "d12_alternative_a",
    "alternative_b": "d12_alternative_b",
}


def _faces_text(faces: tuple[int, ...]) -> str:
    return ",".join(str(f) for f in faces)


def param_specs() -> tuple[ParamSpec, ...]:
    """The game parameters, with defaults read from the data files."""
    comp = catalog().components
    return (
        ParamSpec(
            "max_rounds",
            int,
            comp.max_rounds,
            "full rounds after which the game ends as a draw (RA-R45)",
            minimum=1,
            label="Round limit (draw after)",
        ),
        ParamSpec(
            "max_actions_per_turn",
            int,
            comp.max_actions_per_turn,
            "decisions in one turn after which only turn-ending actions stay legal (RA-R45)",
            minimum=1,
            label="Most decisions in one turn",
        ),
        ParamSpec(
            "first_player",
            str,
            comp.first_player,
            "'random' (a chance event) or the seat number that starts (RA-R5)",
            label="Who starts",
        ),
        ParamSpec(
            "dice",
            str,
            "proposed",
            "faces of the two d12 (data tables d12*)",
            choices=tuple(DICE_SETS),
            label="Dice faces",
            choice_labels=("Our proposed faces", "Alternative A", "Alternative B"),
        ),
        ParamSpec(
            "d6",
            str,
            _faces_text(comp.d6_faces),
            "comma-separated faces of the six-sided predator die (each 1 to 12)",
            label="Predator die faces",
            items=int,
            item_minimum=1,
            item_maximum=12,
        ),
        ParamSpec(
            "pasture_limit",
            int,
            comp.pasture_limit,
            "pastures a player may own (RA-R16)",
            minimum=0,
            label="Most pastures per farm",
        ),
        ParamSpec(
            "values",
            str,
            "",
            "value overrides in rabbits, e.g. 'sheep=5,large_dog=4' (default: data table)",
            label="Data changes (for designers)",
        ),
        ParamSpec(
            "ask_predator_order",
            bool,
            True,
            "ask the active player to order one fox and one wolf (RA-R32; never changes the outcome)",
            label="Ask which predator strikes first",
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

    @property
    def max_chance_outcomes(self) -> int:
        """The chance-outcome space: 36 d12 pairs, the seats, the d6 numbers."""
        return max(36, self.num_players, max(self.d6_faces) + 1)

    @property
    def max_game_length(self) -> int:
        """Per turn: capped decisions, then at most: cancel, returns for every animal twice,
        arrange, roll, dice, order, two attacks (d6 + one dog decision per seat), end turn;
        plus the first-player draw."""
        n = self.num_players
        per_turn = self.max_actions_per_turn + 2 * sum(self.herd[:4]) + 10 + 2 * n
        return 1 + self.max_rounds * n * per_turn


_CONFIGS: dict[tuple[int, tuple[tuple[str, Any], ...]], RanchoConfig] = {}


def get_config(players: int, params: dict[str, Any]) -> RanchoConfig:
    """The (cached) config for a player count and a full, validated parameter dict."""
    key = (players, tuple(sorted(params.items())))
    config = _CONFIGS.get(key)
    if config is None:
        config = build_config(players, params)
        _CONFIGS[key] = config
    return config


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


def _parse_values(text: str, base: tuple[int, ...]) -> tuple[int, ...]:
    values = dict(zip(KINDS, base, strict=True))
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


def _parse_d6(text: str) -> tuple[int, ...]:
    try:
        faces = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise InvalidParamError(f"d6 must be comma-separated whole numbers, got {text!r}") from None
    if not faces or any(f < 1 for f in faces):
        raise InvalidParamError("d6 needs at least one face, each a positive number")
    return faces


def _first_player(text: str, players: int) -> int:
    if text == "random":
        return -1
    if text.isdecimal() and int(text) < players:
        return int(text)
    raise InvalidParamError(
        f"first_player must be 'random' or a seat 0..{players - 1}, got {text!r}"
    )


def build_config(players: int, params: dict[str, Any]) -> RanchoConfig:
    """The configuration for ``players`` seats and validated ``params``."""
    cat = catalog()
    comp = cat.components
    board = cat.board
    farms = comp.farm_use[players]
    colours = tuple(comp.colours[f - 1] for f in farms)
    herd = comp.herd[players - 2]
    die_a, die_b = comp.dice[DICE_SETS[params["dice"]]]
    d6_faces = _parse_d6(str(params["d6"]))
    values = _parse_values(params["values"], comp.values)
    first_player = _first_player(params["first_player"], players)
    fox_faces = die_a.count(FOX) + die_b.count(FOX)
    wolf_faces = die_a.count(WOLF) + die_b.count(WOLF)
    # Equal predator weights are dropped (rancho.md 9.4); a missing predator weighs nothing.
    w_fox, w_wolf = (1, 1) if fox_faces == wolf_faces else (fox_faces, wolf_faces)
    cost_faces: dict[int, int] = {}
    for face in d6_faces:
        cost_faces[face] = cost_faces.get(face, 0) + 1
    rabbits_per_space = comp.rabbits_per_space
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
        start_rabbits=comp.start_rabbits,
        start_sheep=comp.start_sheep,
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
