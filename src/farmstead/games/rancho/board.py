"""The Rancho board as precomputed tables: cells, adjacency, cow edges and horse triangles.

Built once per board data file and shared by every state. Cell indices follow the data file:
pastures first (ids 0..N_P-1), then farm cells. Sets of cells are int bitmasks (bit i = cell i).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

# Hex neighbour offsets in axial coordinates (rancho.md 3.2).
MEMO_LIMIT = 200_000  # memo entries kept per board before a reset
HEX_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class BoardDataError(ValueError):
    """A board data file that does not describe a usable board."""


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


def build_board(data: dict[str, Any]) -> Board:
    """Tables for the ``[board]`` table of a board data file.

    Cells list pastures first, then farm cells. Adjacency is given explicitly per cell
    (``neighbours = [ids]``) or, when absent, taken from the hex coordinates.
    """
    cells = data.get("cells")
    if not isinstance(cells, list) or not cells:
        raise BoardDataError("board data needs a non-empty 'cells' list")
    ids = [str(c["id"]) for c in cells]
    if len(set(ids)) != len(ids):
        raise BoardDataError("board cell ids must be unique")
    kinds = [c["kind"] for c in cells]
    num_pastures = sum(1 for k in kinds if k == "pasture")
    if kinds[:num_pastures] != ["pasture"] * num_pastures or any(
        k != "farm" for k in kinds[num_pastures:]
    ):
        raise BoardDataError("board cells must list every pasture first, then the farm cells")
    index = {cid: i for i, cid in enumerate(ids)}
    q = tuple(int(c["q"]) for c in cells)
    r = tuple(int(c["r"]) for c in cells)
    cost = tuple(int(c["cost"]) if c["kind"] == "pasture" else 0 for c in cells)
    farm = tuple(int(c.get("farm", 0)) if c["kind"] == "farm" else 0 for c in cells)
    if any(cost[i] <= 0 for i in range(num_pastures)):
        raise BoardDataError("every pasture needs a positive cost")

    if all("neighbours" in c for c in cells):
        adjacency = [sorted(index[n] for n in c["neighbours"]) for c in cells]
    else:
        at = {(q[i], r[i]): i for i in range(len(cells))}
        adjacency = [
            sorted(
                at[(q[i] + dq, r[i] + dr)]
                for dq, dr in HEX_NEIGHBOURS
                if (q[i] + dq, r[i] + dr) in at
            )
            for i in range(len(cells))
        ]
    for i, nbrs in enumerate(adjacency):
        for j in nbrs:
            if i not in adjacency[j]:
                raise BoardDataError(f"adjacency of {ids[i]} and {ids[j]} is not symmetric")
    neighbours = tuple(tuple(n) for n in adjacency)
    neighbour_mask = tuple(sum(1 << j for j in n) for n in neighbours)
    edges = tuple((i, j) for i in range(len(ids)) for j in neighbours[i] if i < j)
    triangles = tuple(
        sorted(
            (i, j, k)
            for i in range(len(ids))
            for j, k in combinations(neighbours[i], 2)
            if i < j < k and k in neighbours[j]
        )
    )
    farm_cells: dict[int, tuple[int, int]] = {}
    for number in sorted(set(f for f in farm if f)):
        members = [i for i, f in enumerate(farm) if f == number]
        if len(members) != 2 or members[1] not in neighbours[members[0]]:
            raise BoardDataError(f"farm {number} must be two adjacent cells")
        farm_cells[number] = (members[0], members[1])
    return Board(
        ids=tuple(ids),
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
        index=index,
    )
