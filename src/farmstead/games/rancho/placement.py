"""Space on a player's ranch: can all their animals be placed, and the safest arrangement.

Pure functions over the board tables, memoised per board (results depend only on the set of
spaces and the animal counts). See rancho.md 9.4 and RA-R25 … RA-R29.

Safety is measured in integer "hit units": a set of cells is hit by ``hit_faces`` = the number
of d6 faces showing one of the distinct pasture numbers under it; an animal's score is
value × hit_faces × predator weight. Dividing by the number of d6 faces (and by the common
weight when fox and wolf weights are equal) gives the spec's safety score S.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from farmstead.games.rancho.board import Board, iter_bits


@dataclass(frozen=True)
class Arrangement:
    """A full placement: horse triangles, cow edges, sheep cells and rabbit stacks (cell, n)."""

    horses: tuple[int, ...]
    cows: tuple[int, ...]
    sheep: tuple[int, ...]
    rabbits: tuple[tuple[int, int], ...]
    score: int


@dataclass
class Placement:
    """Memoised placement questions for one board, d6 and value table."""

    board: Board
    cell_hit: tuple[int, ...]  # d6 faces that hit each cell (0 for farm cells)
    cost_faces: dict[int, int]  # pasture number -> d6 faces showing it
    weights: tuple[int, int, int, int]  # score weight per kind: value x predator weight
    rabbits_per_space: int
    _feasible: dict[tuple[int, int, int], bool] = field(default_factory=dict, repr=False)
    _safest: dict[tuple[int, int, int, int, int], Arrangement | None] = field(
        default_factory=dict, repr=False
    )

    def hit_faces(self, cells: tuple[int, ...]) -> int:
        """d6 faces that attack at least one of ``cells`` (distinct pasture numbers)."""
        cost = self.board.cost
        numbers = {cost[c] for c in cells if cost[c]}
        return sum(self.cost_faces.get(n, 0) for n in numbers)

    def spaces_needed(self, sheep: int, rabbits: int) -> int:
        """Single cells needed by ``sheep`` sheep and ``rabbits`` rabbits (full stacks)."""
        return sheep + -(-rabbits // self.rabbits_per_space)

    def _packings(
        self, mask: int, horses: int, cows: int
    ) -> Iterator[tuple[list[int], list[int], int]]:
        """Every way to put ``horses`` triangles and ``cows`` edges disjointly inside ``mask``.

        Yields (triangles, edges, cells left). The order is deterministic: triangles then edges
        in increasing index order, combinations in lexicographic order.
        """
        board = self.board
        tri_masks = board.triangle_mask
        edge_masks = board.edge_mask
        triangles = board.triangles_in(mask)
        edges = board.edges_in(mask)

        def place_edges(
            start: int, left: int, free: int, chosen: list[int]
        ) -> Iterator[tuple[list[int], int]]:
            if left == 0:
                yield chosen, free
                return
            for n in range(start, len(edges)):
                m = edge_masks[edges[n]]
                if m & free == m:
                    chosen.append(edges[n])
                    yield from place_edges(n + 1, left - 1, free ^ m, chosen)
                    chosen.pop()

        def place_triangles(
            start: int, left: int, free: int, chosen: list[int]
        ) -> Iterator[tuple[list[int], list[int], int]]:
            if left == 0:
                for cow_edges, rest in place_edges(0, cows, free, []):
                    yield list(chosen), list(cow_edges), rest
                return
            for n in range(start, len(triangles)):
                m = tri_masks[triangles[n]]
                if m & free == m:
                    chosen.append(triangles[n])
                    yield from place_triangles(n + 1, left - 1, free ^ m, chosen)
                    chosen.pop()

        yield from place_triangles(0, horses, mask, [])

    def feasible(self, mask: int, horses: int, cows: int, sheep: int, rabbits: int) -> bool:
        """True when all these animals fit on the spaces ``mask`` (RA-R25, RA-R26, RA-R29)."""
        if mask.bit_count() - 3 * horses - 2 * cows < self.spaces_needed(sheep, rabbits):
            return False
        key = (mask, horses, cows)
        known = self._feasible.get(key)
        if known is None:
            known = next(self._packings(mask, horses, cows), None) is not None
            self._feasible[key] = known
        return known

    def safest(
        self, mask: int, horses: int, cows: int, sheep: int, rabbits: int
    ) -> Arrangement | None:
        """The full placement with the minimum safety score, or None if none exists (9.4).

        Ties go to the first optimum in the deterministic packing order.
        """
        key = (mask, horses, cows, sheep, rabbits)
        if key in self._safest:
            return self._safest[key]
        result: Arrangement | None = None
        if self.feasible(mask, horses, cows, sheep, rabbits):
            result = self._search_safest(mask, horses, cows, sheep, rabbits)
        self._safest[key] = result
        return result

    def _search_safest(
        self, mask: int, horses: int, cows: int, sheep: int, rabbits: int
    ) -> Arrangement:
        board = self.board
        w_rabbit, w_sheep, w_cow, w_horse = self.weights
        per = self.rabbits_per_space
        # Single-cell items by weight, heaviest first; sheep before rabbit stacks on equal weight.
        items: list[
            tuple[int, int, int]
        ] = []  # (-weight, order, rabbits in the stack or 0 = sheep)
        for _ in range(sheep):
            items.append((-w_sheep, 0, 0))
        full, part = divmod(rabbits, per)
        for _ in range(full):
            items.append((-w_rabbit * per, 1, per))
        if part:
            items.append((-w_rabbit * part, 1, part))
        items.sort()
        best: Arrangement | None = None
        for tris, cow_edges, free in self._packings(mask, horses, cows):
            score = 0
            for t in tris:
                score += w_horse * self.hit_faces(board.triangles[t])
            for e in cow_edges:
                score += w_cow * self.hit_faces(board.edges[e])
            cells = sorted(iter_bits(free), key=lambda c: (self.cell_hit[c], c))
            sheep_cells: list[int] = []
            stacks: list[tuple[int, int]] = []
            for (neg_weight, _, count), cell in zip(items, cells, strict=False):
                score += -neg_weight * self.cell_hit[cell]
                if count == 0:
                    sheep_cells.append(cell)
                else:
                    stacks.append((cell, count))
            if best is None or score < best.score:
                best = Arrangement(
                    horses=tuple(tris),
                    cows=tuple(cow_edges),
                    sheep=tuple(sorted(sheep_cells)),
                    rabbits=tuple(sorted(stacks)),
                    score=score,
                )
        assert best is not None  # feasible() was checked by the caller
        return best
