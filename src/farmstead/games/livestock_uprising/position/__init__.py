"""JSON positions of Livestock Uprising: ``to_json`` and ``observation`` (``views``) and the
validating ``state_from_json`` (``reading``); see ``views`` for what each seat may see."""

from farmstead.games.livestock_uprising.position.reading import state_from_json
from farmstead.games.livestock_uprising.position.views import (
    BATTLE_PHASES,
    SF_STATES,
    TURN_PHASES,
    card_id,
    cell_json,
    observation,
    piece_name,
    resources_json,
    tile_name,
    to_json,
    unit_id,
)

__all__ = [
    "BATTLE_PHASES",
    "SF_STATES",
    "TURN_PHASES",
    "card_id",
    "cell_json",
    "observation",
    "piece_name",
    "resources_json",
    "state_from_json",
    "tile_name",
    "to_json",
    "unit_id",
]
