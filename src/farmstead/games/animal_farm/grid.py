"""The square grid of Animal Farm: cells, neighbours and the squares a zone rule names.

Pure functions over plain values (sizes, row ranges, the zone of each cell); cell ``c`` is
square ``(c % width, c // width)`` (rules/animal_farm.md 3.1).
"""

from __future__ import annotations

from farmstead.core.errors import DataFileError
from farmstead.games.animal_farm.layout import DIRECTION_DELTAS, NEUTRAL, NO

# The zone rules of pieces.toml: where a piece may stand, start or be sent (AF-R3, AF-R8,
# AF-R14). ``own_base`` is the owner's base; ``horse_start_rows`` the owner's horse rows.
ZONE_SPECS = ("anywhere", "own_base", "neutral", "horse_start_rows")

Rows = tuple[int, int]  # an inclusive row range [first, last]


def zone_map(width: int, height: int, zone_rows: tuple[Rows, Rows, Rows]) -> tuple[int, ...]:
    """The zone of every cell, given the rows of Player 1's base, the neutral zone and Player
    2's base (which split the rows in that order)."""
    return tuple(
        next(z for z, (lo, hi) in enumerate(zone_rows) if lo <= c // width <= hi)
        for c in range(width * height)
    )


def neighbour_table(width: int, height: int) -> tuple[int, ...]:
    """``table[4 * cell + direction]``: the cell one step away in that direction (N, E, S, W),
    ``NO`` off the board (AF-R7)."""
    table: list[int] = []
    for c in range(width * height):
        x, y = c % width, c // width
        for dx, dy in DIRECTION_DELTAS:
            nx, ny = x + dx, y + dy
            table.append(width * ny + nx if 0 <= nx < width and 0 <= ny < height else NO)
    return tuple(table)


def zone_cells(
    spec: str, player: int, zone_of: tuple[int, ...], width: int, horse_rows: Rows
) -> tuple[int, ...]:
    """The cells zone rule ``spec`` (one of ``ZONE_SPECS``) names for ``player``'s pieces;
    ``horse_rows`` are that player's horse start rows."""
    cells = range(len(zone_of))
    if spec == "anywhere":
        return tuple(cells)
    if spec == "own_base":
        return tuple(c for c in cells if zone_of[c] == 2 * player)
    if spec == "neutral":
        return tuple(c for c in cells if zone_of[c] == NEUTRAL)
    if spec == "horse_start_rows":
        return tuple(c for c in cells if horse_rows[0] <= c // width <= horse_rows[1])
    raise DataFileError(f"unknown zone rule {spec!r}; expected one of {', '.join(ZONE_SPECS)}")
