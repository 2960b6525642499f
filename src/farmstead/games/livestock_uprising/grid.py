"""Square-grid geometry of the farm board (rules/livestock_uprising.md §0.3, §4): pure functions
over plain numbers. Cell ``r * side + c``; 8 neighbours in the direction order of ``layout``."""

from __future__ import annotations

from farmstead.games.livestock_uprising.layout import DELTAS, NO


def neighbour_table(side: int) -> tuple[tuple[int, ...], ...]:
    """Per cell, the cell in each of the 8 directions (``NO`` off the board)."""
    table = []
    for cell in range(side * side):
        r, c = divmod(cell, side)
        row = []
        for dr, dc in DELTAS:
            rr, cc = r + dr, c + dc
            row.append(rr * side + cc if 0 <= rr < side and 0 <= cc < side else NO)
        table.append(tuple(row))
    return tuple(table)


def chebyshev(a: int, b: int, side: int) -> int:
    """Steps between two cells for a piece moving to any of its 8 neighbours."""
    ra, ca = divmod(a, side)
    rb, cb = divmod(b, side)
    return max(abs(ra - rb), abs(ca - cb))


def starting_cells(start: int, final: int) -> tuple[int, ...]:
    """The cells of the starting grid, row-major: centred at offset (F - S) / 2 (LU-R15)."""
    offset = (final - start) // 2
    return tuple((offset + r) * final + offset + c for r in range(start) for c in range(start))


def barn_cells(start: int, final: int) -> tuple[int, ...]:
    """Legal barn cells (LU-R17): outside the starting grid and orthogonally adjacent to it;
    a cell touching it at a corner only is not one. Sorted."""
    inside = set(starting_cells(start, final))
    legal = set()
    for cell in inside:
        r, c = divmod(cell, final)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            other = rr * final + cc
            if 0 <= rr < final and 0 <= cc < final and other not in inside:
                legal.add(other)
    return tuple(sorted(legal))
