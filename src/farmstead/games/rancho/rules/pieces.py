"""Rancho's animals on the board: what a seat owns, placing and lifting pieces, the safest
arrangement and its safety score (RA-R24 … RA-R29, rancho.md 9.4)."""

from __future__ import annotations

from farmstead.games.rancho.board import iter_bits
from farmstead.games.rancho.layout import ANIMALS, COW, EMPTY, HORSE, RABBIT, SHEEP, SMALL_DOG
from farmstead.games.rancho.placement import Arrangement
from farmstead.games.rancho.rules.state import RanchoPosition


class RanchoPieces(RanchoPosition):
    """Animals in the pool and on the board: counts, placements, removals and safety."""

    __slots__ = ()

    def owned(self, seat: int, kind: int) -> int:
        """Animals (placed + pool) or dogs of ``kind`` the seat owns."""
        if kind >= SMALL_DOG:
            return self.dogs[2 * seat + kind - SMALL_DOG]
        return self.pool[4 * seat + kind] + self.placed[4 * seat + kind]

    def pool_count(self, seat: int) -> int:
        base = 4 * seat
        return self.pool[base] + self.pool[base + 1] + self.pool[base + 2] + self.pool[base + 3]

    def can_place_all(self, seat: int) -> bool:
        """Whether a full placement of all the seat's animals exists (RA-R29)."""
        base = 4 * seat
        p, q = self.pool, self.placed
        return self.cfg.placement.feasible(
            self.terr[seat],
            p[base + HORSE] + q[base + HORSE],
            p[base + COW] + q[base + COW],
            p[base + SHEEP] + q[base + SHEEP],
            p[base + RABBIT] + q[base + RABBIT],
        )

    def safety_units(self, seat: int) -> int:
        """The current safety score of the seat's placed animals, in integer hit units (9.4)."""
        pl = self.cfg.placement
        board = self.cfg.board
        w = pl.weights
        score = 0
        for cell in self.cfg.board.bits(self.terr[seat]):
            kind = self.cell_kind[cell]
            if kind == RABBIT:
                score += w[RABBIT] * self.cell_amt[cell] * pl.cell_hit[cell]
            elif kind == SHEEP:
                score += w[SHEEP] * pl.cell_hit[cell]
            elif kind == COW and board.edges[self.cell_amt[cell]][0] == cell:
                score += w[COW] * pl.hit_faces(board.edges[self.cell_amt[cell]])
            elif kind == HORSE and board.triangles[self.cell_amt[cell]][0] == cell:
                score += w[HORSE] * pl.hit_faces(board.triangles[self.cell_amt[cell]])
        return score

    def safety_score(self, seat: int) -> float:
        """The spec's safety score S of the seat's placed animals (rancho.md 9.4)."""
        return self.safety_units(seat) / len(self.cfg.d6_faces)

    def safest_arrangement(self, seat: int) -> Arrangement | None:
        """The safest full placement of all the seat's animals, or None if none exists (9.4)."""
        base = 4 * seat
        p, q = self.pool, self.placed
        return self.cfg.placement.safest(
            self.terr[seat],
            p[base + HORSE] + q[base + HORSE],
            p[base + COW] + q[base + COW],
            p[base + SHEEP] + q[base + SHEEP],
            p[base + RABBIT] + q[base + RABBIT],
        )

    def _arrangement_actions(self, seat: int) -> list[int]:
        """UNPLACE and PLACE_* on the seat's own spaces (RA-R24 … RA-R28)."""
        layout = self.cfg.layout
        board = self.cfg.board
        actions: list[int] = []
        terr = self.terr[seat]
        kinds = self.cell_kind
        empty_mask = 0
        rabbit_room = []
        for cell in self.cfg.board.bits(terr):
            kind = kinds[cell]
            if kind == EMPTY:
                empty_mask |= 1 << cell
                rabbit_room.append(cell)
            else:
                actions.append(layout.unplace + cell)
                if kind == RABBIT and self.cell_amt[cell] < self.cfg.rabbits_per_space:
                    rabbit_room.append(cell)
        base = 4 * seat
        pool = self.pool
        if pool[base + RABBIT]:
            actions.extend(layout.place_rabbit + c for c in rabbit_room)
        if pool[base + SHEEP]:
            actions.extend(layout.place_sheep + c for c in iter_bits(empty_mask))
        if pool[base + COW]:
            actions.extend(layout.place_cow + e for e in board.edges_in(empty_mask))
        if pool[base + HORSE]:
            actions.extend(layout.place_horse + t for t in board.triangles_in(empty_mask))
        return actions

    def _pool_to_board(self, seat: int, kind: int) -> None:
        self.pool[4 * seat + kind] -= 1
        self.placed[4 * seat + kind] += 1

    def _unplace(self, seat: int, cell: int) -> None:
        """Move one piece on ``cell`` to the pool: a rabbit, the sheep, or the whole cow/horse."""
        kind = self.cell_kind[cell]
        self._lift(cell)
        self.pool[4 * seat + kind] += 1
        self.placed[4 * seat + kind] -= 1

    def _lift(self, cell: int) -> None:
        """Take one piece off ``cell`` (a rabbit, the sheep, or every cell of a cow/horse)."""
        kind = self.cell_kind[cell]
        board = self.cfg.board
        if kind == RABBIT:
            self.cell_amt[cell] -= 1
            if self.cell_amt[cell] == 0:
                self.cell_kind[cell] = EMPTY
            return
        if kind == SHEEP:
            cells: tuple[int, ...] = (cell,)
        elif kind == COW:
            cells = board.edges[self.cell_amt[cell]]
        else:
            cells = board.triangles[self.cell_amt[cell]]
        for c in cells:
            self.cell_kind[c], self.cell_amt[c] = EMPTY, 0

    def _most_exposed(self, seat: int, kind: int) -> int:
        """The seat's placed cell of ``kind`` with the highest hit chance, ties to the lowest index."""
        pl = self.cfg.placement
        board = self.cfg.board
        best, best_hit = -1, -1
        for cell in self.cfg.board.bits(self.terr[seat]):
            if self.cell_kind[cell] != kind:
                continue
            if kind == COW:
                hit = pl.hit_faces(board.edges[self.cell_amt[cell]])
            elif kind == HORSE:
                hit = pl.hit_faces(board.triangles[self.cell_amt[cell]])
            else:
                hit = pl.cell_hit[cell]
            if hit > best_hit:
                best, best_hit = cell, hit
        return best

    def _remove_one(self, seat: int, kind: int, to_herd: bool) -> None:
        """Take one piece of ``kind`` from the seat: the pool first, else the most exposed (RA-R15, 9.4)."""
        if kind >= SMALL_DOG:
            self.dogs[2 * seat + kind - SMALL_DOG] -= 1
        elif self.pool[4 * seat + kind]:
            self.pool[4 * seat + kind] -= 1
        else:
            self._lift(self._most_exposed(seat, kind))
            self.placed[4 * seat + kind] -= 1
        if to_herd:
            self.herd[kind] += 1

    def _clear_piece(self, cell: int) -> int:
        """Remove the whole piece on ``cell`` (every rabbit, or every cell of a big animal).

        Returns the number of animals removed.
        """
        kind = self.cell_kind[cell]
        count = self.cell_amt[cell] if kind == RABBIT else 1
        if kind == COW:
            cells: tuple[int, ...] = self.cfg.board.edges[self.cell_amt[cell]]
        elif kind == HORSE:
            cells = self.cfg.board.triangles[self.cell_amt[cell]]
        else:
            cells = (cell,)
        for c in cells:
            self.cell_kind[c], self.cell_amt[c] = EMPTY, 0
        return count

    def _arrange_safest(self, seat: int) -> None:
        """Replace the seat's whole arrangement by the safest full placement (9.4)."""
        best = self.safest_arrangement(seat)
        assert best is not None  # ARRANGE_SAFEST is legal only when a full placement exists
        board = self.cfg.board
        base = 4 * seat
        for cell in self.cfg.board.bits(self.terr[seat]):
            self.cell_kind[cell], self.cell_amt[cell] = EMPTY, 0
        for kind in ANIMALS:
            self.placed[base + kind] += self.pool[base + kind]
            self.pool[base + kind] = 0
        for tri in best.horses:
            for cell in board.triangles[tri]:
                self.cell_kind[cell], self.cell_amt[cell] = HORSE, tri
        for edge in best.cows:
            for cell in board.edges[edge]:
                self.cell_kind[cell], self.cell_amt[cell] = COW, edge
        for cell in best.sheep:
            self.cell_kind[cell], self.cell_amt[cell] = SHEEP, 1
        for cell, count in best.rabbits:
            self.cell_kind[cell], self.cell_amt[cell] = RABBIT, count
