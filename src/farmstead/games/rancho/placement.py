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

from farmstead.games.rancho.board import MEMO_LIMIT, Board


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
    _tri_hit: tuple[int, ...] | None = field(default=None, repr=False)
    _edge_hit: tuple[int, ...] | None = field(default=None, repr=False)
    _by_hit: tuple[int, ...] | None = field(default=None, repr=False)

    def _tables(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Hit faces per triangle and per edge, and every cell ordered by (hit faces, index)."""
        if self._tri_hit is None or self._edge_hit is None or self._by_hit is None:
            board = self.board
            self._tri_hit = tuple(self.hit_faces(t) for t in board.triangles)
            self._edge_hit = tuple(self.hit_faces(e) for e in board.edges)
            self._by_hit = tuple(
                sorted(range(len(self.cell_hit)), key=lambda c: (self.cell_hit[c], c))
            )
        return self._tri_hit, self._edge_hit, self._by_hit

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
            if len(self._feasible) > MEMO_LIMIT:
                self._feasible.clear()
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
        if len(self._safest) > MEMO_LIMIT:
            self._safest.clear()
        self._safest[key] = result
        return result

    def _single_items(self, sheep: int, rabbits: int) -> list[tuple[int, int, int]]:
        """The single-cell items as ``(-weight, order, rabbits in the stack or 0 = sheep)``,
        heaviest first; sheep before rabbit stacks on equal weight."""
        w_rabbit, w_sheep, _, _ = self.weights
        per = self.rabbits_per_space
        items: list[tuple[int, int, int]] = []
        for _ in range(sheep):
            items.append((-w_sheep, 0, 0))
        full, part = divmod(rabbits, per)
        for _ in range(full):
            items.append((-w_rabbit * per, 1, per))
        if part:
            items.append((-w_rabbit * part, 1, part))
        items.sort()
        return items

    def _singles_floor(
        self, mask: int, horses: int, cows: int, items: list[tuple[int, int, int]]
    ) -> int:
        """A lower bound of the single cells' part of a score: the items on the safest cells of
        ``mask`` (the free cells of a packing are some of these, so they cannot do better)."""
        floor = 0
        if items:
            _, _, by_hit = self._tables()
            cell_hit = self.cell_hit
            # every packing leaves the same number of free cells; the floor counts no more
            spare = mask.bit_count() - 3 * horses - 2 * cows
            safest_cells = [cell for cell in by_hit if mask >> cell & 1][: min(len(items), spare)]
            for (neg_weight, _, _), cell in zip(items, safest_cells, strict=False):
                floor += -neg_weight * cell_hit[cell]
        return floor

    def _search_safest(
        self, mask: int, horses: int, cows: int, sheep: int, rabbits: int
    ) -> Arrangement:
        """The safest full placement of animals that fit on ``mask`` (``safest``)."""
        board = self.board
        _, _, w_cow, w_horse = self.weights
        items = self._single_items(sheep, rabbits)
        tri_hit, edge_hit, by_hit = self._tables()
        cell_hit = self.cell_hit
        singles = len(items)
        triangles = board.triangles_in(mask)
        edges = board.edges_in(mask)
        tri_masks = board.triangle_mask
        edge_masks = board.edge_mask
        tris: list[int] = []
        cow_edges: list[int] = []
        found: list[Arrangement] = []  # the best so far (at most one)
        floor = self._singles_floor(mask, horses, cows, items)

        # The packings of ``_packings`` in the same order, pruned: a partial score that, with
        # the floor of the single cells, is not below the best full score cannot win (every
        # term is >= 0; ties keep the first optimum).
        def finish(free: int, score: int) -> None:
            cells: list[int] = []
            if singles:
                for cell in by_hit:  # the free cells by (hit faces, index)
                    if free >> cell & 1:
                        cells.append(cell)
                        if len(cells) == singles:
                            break
            sheep_cells: list[int] = []
            stacks: list[tuple[int, int]] = []
            for (neg_weight, _, count), cell in zip(items, cells, strict=False):
                score += -neg_weight * cell_hit[cell]
                if count == 0:
                    sheep_cells.append(cell)
                else:
                    stacks.append((cell, count))
            if not found or score < found[0].score:
                found[:] = [
                    Arrangement(
                        horses=tuple(tris),
                        cows=tuple(cow_edges),
                        sheep=tuple(sorted(sheep_cells)),
                        rabbits=tuple(sorted(stacks)),
                        score=score,
                    )
                ]

        def place_edges(start: int, left: int, free: int, score: int) -> None:
            if found and score + floor >= found[0].score:
                return
            if left == 0:
                finish(free, score)
                return
            for n in range(start, len(edges)):
                m = edge_masks[edges[n]]
                if m & free == m:
                    cow_edges.append(edges[n])
                    place_edges(n + 1, left - 1, free ^ m, score + w_cow * edge_hit[edges[n]])
                    cow_edges.pop()

        def place_triangles(start: int, left: int, free: int, score: int) -> None:
            if found and score + floor >= found[0].score:
                return
            if left == 0:
                place_edges(0, cows, free, score)
                return
            for n in range(start, len(triangles)):
                m = tri_masks[triangles[n]]
                if m & free == m:
                    tris.append(triangles[n])
                    place_triangles(
                        n + 1, left - 1, free ^ m, score + w_horse * tri_hit[triangles[n]]
                    )
                    tris.pop()

        place_triangles(0, horses, mask, 0)
        best = found[0] if found else None
        assert best is not None  # feasible() was checked by the caller
        return best
