"""The kinds of Livestock Uprising values in a position: seats, cells, pieces, units, cards
and resources (``core.schema``)."""

from __future__ import annotations

from farmstead.core.position import ItemReader
from farmstead.core.schema import Counts, Int, Kind, Named, Nullable, Reading
from farmstead.games.livestock_uprising.layout import NO
from farmstead.games.livestock_uprising.position.views import piece_name


def _cell(reading: Reading, item: ItemReader) -> int:
    """A cell ``[row, column]`` of the board."""
    side = reading.cfg.side
    item.list(2)
    return int(item.at(0).int(0, side - 1) * side + item.at(1).int(0, side - 1))


SEAT = Int(0, lambda r: r.cfg.num_players - 1)
CELL: Kind = _cell
CELL_OR_NONE = Nullable(_cell, NO)
UNIT = Named(lambda r: r.cfg.catalog.unit_by_id, "unit")
CARD = Named(lambda r: r.cfg.catalog.card_by_id, "card")
PIECE = Named(
    lambda r: {piece_name(r.state, pid): pid for pid in range(4 * r.cfg.num_players)}, "piece"
)
RESOURCES = Counts(lambda r: r.cfg.catalog.resources)
