"""JSON positions of Animal Farm: ``to_json`` and ``observation`` (``views``, which describes a
position's fields) and the validating ``state_from_json`` (``reading``)."""

from farmstead.games.animal_farm.position.reading import (
    BODY_KEYS,
    HEADER_KEYS,
    TURN_KEYS,
    VIEW_KEYS,
    state_from_json,
)
from farmstead.games.animal_farm.position.views import observation, to_json

__all__ = [
    "BODY_KEYS",
    "HEADER_KEYS",
    "TURN_KEYS",
    "VIEW_KEYS",
    "observation",
    "state_from_json",
    "to_json",
]
