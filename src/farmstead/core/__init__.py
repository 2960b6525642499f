"""The game protocol: games, states, the registry, records and seeded randomness."""

from farmstead.core.errors import (
    DataFileError,
    FarmsteadError,
    GameRegistrationError,
    IllegalActionError,
    InvalidParamError,
    InvalidPositionError,
    InvalidSeatError,
    NoTensorError,
    UnknownAgentError,
    UnknownGameError,
    UnknownNameError,
)
from farmstead.core.game import JSON, Game, GameInfo, GameType, ParamSpec, PlayerId, State
from farmstead.core.position import PositionReader
from farmstead.core.record import GameRecord, read_records
from farmstead.core.registry import (
    BrowserBoard,
    GameRegistration,
    Heuristics,
    TerminalCommand,
    game_names,
    game_type,
    list_games,
    load_game,
    register_game,
    registered_game,
    registration,
)
from farmstead.core.rng import Rng, derive_seed

__all__ = [
    "JSON",
    "BrowserBoard",
    "DataFileError",
    "FarmsteadError",
    "GameRegistration",
    "GameRegistrationError",
    "Heuristics",
    "InvalidSeatError",
    "NoTensorError",
    "PositionReader",
    "TerminalCommand",
    "registered_game",
    "registration",
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
