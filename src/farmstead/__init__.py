"""Farmstead: farm-animal board games to play, simulate and learn.

The public protocol lives in ``farmstead.core`` and is re-exported here::

    import farmstead
    game = farmstead.load_game("rancho", players=4)
    state = game.new_initial_state()
"""

from farmstead.core import (
    JSON,
    FarmsteadError,
    Game,
    GameInfo,
    GameRecord,
    GameRegistration,
    GameType,
    IllegalActionError,
    InvalidParamError,
    InvalidPositionError,
    ParamSpec,
    PlayerId,
    Rng,
    State,
    UnknownAgentError,
    UnknownGameError,
    derive_seed,
    list_games,
    load_game,
    register_game,
)

__version__ = "0.1.0"

__all__ = [
    "JSON",
    "GameRegistration",
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
    "__version__",
    "derive_seed",
    "list_games",
    "load_game",
    "register_game",
]
