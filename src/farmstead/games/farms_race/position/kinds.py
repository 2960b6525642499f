"""The kinds of Farms Race values in a position: seats, regions, herd counts, names."""

from __future__ import annotations

from farmstead.core.position import ItemReader
from farmstead.core.schema import Int, Kind, ListOf, Reading
from farmstead.games.farms_race.layout import RESOURCE_IDS

SEAT = Int(0, lambda r: r.cfg.players - 1)
REGION = Int(0, lambda r: r.cfg.regions - 1)
HERDS = Int(0, "herds")
COUNT = Int(0, 10**6)
SEATS = ListOf(SEAT, make=tuple)


def name_in(names: tuple[str, ...]) -> Kind:
    """A string among ``names``, as its index."""

    def name(reading: Reading, item: ItemReader) -> int:
        value = item.str()
        if value not in names:
            item.fail(f"must be one of {', '.join(names)}")
        return names.index(value)

    return name


RESOURCE = name_in(RESOURCE_IDS)
