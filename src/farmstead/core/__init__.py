"""The game protocol: games, states, the registry, records and seeded randomness."""

from farmstead.core.errors import (
    FarmsteadError,
    IllegalActionError,
    InvalidParamError,
    InvalidPositionError,
    UnknownAgentError,
    UnknownGameError,
    UnknownNameError,
)
from farmstead.core.game import JSON, Game, GameInfo, GameType, ParamSpec, PlayerId, State
from farmstead.core.record import GameRecord, read_records
from farmstead.core.registry import game_names, game_type, list_games, load_game, register_game
from farmstead.core.rng import Rng, derive_seed

__all__ = [
    "JSON",
    "FarmsteadError",
    "Game",
    "GameInfo",
    "GameRecord",
    "GameType",
    "IllegalActionError",
    "InvalidParamError",
    "InvalidPositionError",
    "ParamSpec",
    "PlayerId",
    "Rng",
    "State",
    "UnknownAgentError",
    "UnknownGameError",
    "UnknownNameError",
    "derive_seed",
    "game_names",
    "game_type",
    "list_games",
    "load_game",
    "read_records",
    "register_game",
]
