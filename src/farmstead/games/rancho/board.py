"""The Rancho board as precomputed tables: cells, adjacency, cow edges and horse triangles.

Pure functions over plain values: ``catalog`` reads and validates ``data/board.toml`` and calls
``build_board`` once; every state shares the result. Cell indices follow the data file: pastures
first (ids 0..N_P-1), then farm cells. Sets of cells are int bitmasks (bit i = cell i).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

MEMO_LIMIT = 200_000  # memo entries kept per board before a reset
# Hex neighbour offsets in axial coordinates (rancho.md 3.2).
HEX_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def iter_bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class Board:
    """Immutable board tables (see module docstring)."""

    ids: tuple[str, ...]
    q: tuple[int, ...]
    r: tuple[int, ...]
    cost: tuple[int, ...]  # pasture price and attack number; 0 for farm cells
    farm: tuple[int, ...]  # farm number 1..6 for farm cells, 0 for pastures
    num_pastures: int
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_mask: tuple[int, ...]
    edges: tuple[tuple[int, int], ...]  # sorted (i, j), i < j: cow placements
    triangles: tuple[tuple[int, int, int], ...]  # sorted (i, j, k): horse placements
    edge_index: dict[tuple[int, int], int]
    triangle_index: dict[tuple[int, int, int], int]
    edge_mask: tuple[int, ...]
    triangle_mask: tuple[int, ...]
    farm_cells: dict[int, tuple[int, int]]  # farm number -> (cell a, cell b)
    pasture_mask: int
    index: dict[str, int]
    _bits: dict[int, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)
    _nbhd: dict[int, int] = field(default_factory=dict, repr=False, compare=False)

    @property
    def num_cells(self) -> int:
        return len(self.ids)

    def cell(self, cell_id: str) -> int:
        """The index of a cell id such as ``"P13"`` or ``"F1a"``; ``KeyError`` if unknown."""
        return self.index[cell_id]

    def bits(self, mask: int) -> tuple[int, ...]:
        """``iter_bits(mask)`` memoised (territories recur constantly during play)."""
        found = self._bits.get(mask)
        if found is None:
            if len(self._bits) > MEMO_LIMIT:
                self._bits.clear()
            found = self._bits[mask] = tuple(iter_bits(mask))
        return found

    def neighbourhood(self, mask: int) -> int:
        """Mask of every cell adjacent to a cell of ``mask`` (memoised)."""
        found = self._nbhd.get(mask)
        if found is None:
            if len(self._nbhd) > MEMO_LIMIT:
                self._nbhd.clear()
            found = 0
            for cell in self.bits(mask):
                found |= self.neighbour_mask[cell]
            self._nbhd[mask] = found
        return found

    def edges_in(self, mask: int) -> list[int]:
        """Indices of the edges whose two cells are both in ``mask``."""
        return [e for e, m in enumerate(self.edge_mask) if m & mask == m]

    def triangles_in(self, mask: int) -> list[int]:
        """Indices of the triangles whose three cells are all in ``mask``."""
        return [t for t, m in enumerate(self.triangle_mask) if m & mask == m]


def hex_adjacency(q: tuple[int, ...], r: tuple[int, ...]) -> list[list[int]]:
    """Per cell, the sorted indices of the cells that are its hex neighbours (rancho.md 3.2)."""
    at = {(q[i], r[i]): i for i in range(len(q))}
    return [
        sorted(
            at[(q[i] + dq, r[i] + dr)] for dq, dr in HEX_NEIGHBOURS if (q[i] + dq, r[i] + dr) in at
        )
        for i in range(len(q))
    ]


def build_board(
    ids: tuple[str, ...],
    q: tuple[int, ...],
    r: tuple[int, ...],
    cost: tuple[int, ...],
    farm: tuple[int, ...],
    num_pastures: int,
    adjacency: list[list[int]],
) -> Board:
    """The tables of a board whose cells are already checked (``catalog``): the first
    ``num_pastures`` cells are the pastures, ``farm`` numbers the farm cells (0: a pasture), a
    symmetric ``adjacency`` (sorted neighbour indices per cell), each farm number on two adjacent
    cells. Edges are the pairs (i, j), i < j, of neighbours; triangles the triples (i, j, k),
    i < j < k, of mutual neighbours; both sorted (rancho.md 9.1)."""
    num_cells = len(ids)
    neighbours = tuple(tuple(n) for n in adjacency)
    neighbour_mask = tuple(sum(1 << j for j in n) for n in neighbours)
    edges = tuple((i, j) for i in range(num_cells) for j in neighbours[i] if i < j)
    triangles = tuple(
        sorted(
            (i, j, k)
            for i in range(num_cells)
            for j, k in combinations(neighbours[i], 2)
            if i < j < k and k in neighbours[j]
        )
    )
    farm_cells: dict[int, tuple[int, int]] = {}
    for number in sorted(set(f for f in farm if f)):
        a, b = (i for i, f in enumerate(farm) if f == number)
        farm_cells[number] = (a, b)
    return Board(
        ids=ids,
        q=q,
        r=r,
        cost=cost,
        farm=farm,
        num_pastures=num_pastures,
        neighbours=neighbours,
        neighbour_mask=neighbour_mask,
        edges=edges,
        triangles=triangles,
        edge_index={e: n for n, e in enumerate(edges)},
        triangle_index={t: n for n, t in enumerate(triangles)},
        edge_mask=tuple((1 << i) | (1 << j) for i, j in edges),
        triangle_mask=tuple((1 << i) | (1 << j) | (1 << k) for i, j, k in triangles),
        farm_cells=farm_cells,
        pasture_mask=(1 << num_pastures) - 1,
        index={cid: i for i, cid in enumerate(ids)},
    )
