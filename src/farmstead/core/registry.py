"""The registry of games: ``load_game``, ``list_games``, ``register_game``.

Built-in games are listed by import path and imported on first use, so importing farmstead
stays cheap and one broken game cannot hide the others' error messages.
"""

from __future__ import annotations

import importlib
from typing import Any

from farmstead.core.errors import UnknownGameError
from farmstead.core.game import Game, GameType

# registry key -> "module:GameClass"
_BUILTIN: dict[str, str] = {
    "rancho": "farmstead.games.rancho.rules:RanchoGame",
    "animal_farm": "farmstead.games.animal_farm.rules:AnimalFarmGame",
    "fences": "farmstead.games.fences.rules:FencesGame",
}

_REGISTERED: dict[str, type[Game]] = {}


def register_game(cls: type[Game]) -> type[Game]:
    """Register a ``Game`` subclass under ``cls.type.name``; usable as a class decorator."""
    _REGISTERED[cls.type.name] = cls
    return cls


def _game_class(name: str) -> type[Game]:
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _BUILTIN:
        raise UnknownGameError(name, game_names())
    module_name, class_name = _BUILTIN[name].split(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    _REGISTERED[name] = cls
    return cls


def game_names() -> list[str]:
    """Registry keys of every game, sorted."""
    return sorted(set(_BUILTIN) | set(_REGISTERED))


def list_games() -> list[GameType]:
    """The ``GameType`` of every registered game, sorted by name."""
    return [_game_class(name).type for name in game_names()]


def game_type(name: str) -> GameType:
    """The ``GameType`` of game ``name``; ``UnknownGameError`` lists the valid names."""
    return _game_class(name).type


def load_game(name: str, players: int | None = None, **params: Any) -> Game:
    """A configured game.

    ``players`` defaults to the game's minimum; ``params`` override the game's defaults.
    Unknown names raise ``UnknownGameError``; unknown or invalid params ``InvalidParamError``.
    """
    if not isinstance(name, str):
        raise UnknownGameError(repr(name), game_names())
    return _game_class(name)(players, **params)
