"""Farms Race positions as JSON: the full position and each seat's view (``views``), and
reading one back (``reading``); see ``views`` for what each seat may see."""

from farmstead.games.farms_race.position.reading import state_from_json
from farmstead.games.farms_race.position.views import (
    BUILDINGS,
    BUILDS,
    EFFECTS,
    FACES,
    NUKE_KINDS,
    observation,
    to_json,
)

__all__ = [
    "BUILDINGS",
    "BUILDS",
    "EFFECTS",
    "FACES",
    "NUKE_KINDS",
    "observation",
    "state_from_json",
    "to_json",
]
