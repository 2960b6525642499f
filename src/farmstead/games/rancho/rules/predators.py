"""Rancho's roll: the fox and the wolf with their dogs, then breeding (RA-R31 …
RA-R42)."""

from __future__ import annotations

from farmstead.games.rancho.board import iter_bits
from farmstead.games.rancho.layout import (
    ANIMALS,
    D6,
    DOG,
    EMPTY,
    FOX,
    LARGE_DOG,
    ORDER,
    PLACEMENT,
    RABBIT,
    SHEEP,
    SMALL_DOG,
    WOLF,
)
from farmstead.games.rancho.rules.pieces import RanchoPieces


class RanchoPredators(RanchoPieces):
    """Predator attacks, dog decisions and breeding after a roll of the two dice."""

    __slots__ = ()

    def _apply_dice(self, face_a: int, face_b: int) -> None:
        self.dice = (face_a, face_b)
        foxes = (face_a == FOX) + (face_b == FOX)
        wolves = (face_a == WOLF) + (face_b == WOLF)
        if foxes and wolves and self.cfg.ask_predator_order:  # RA-R32
            self.phase = ORDER
            return
        self.attacks = [FOX] * foxes + [WOLF] * wolves  # RA-R31: one attack per face
        self._next_attack()

    def _next_attack(self) -> None:
        if self.attacks:
            self.attack = self.attacks.pop(0)
            self.phase = D6
            return
        self.attack = -1
        self._breed()
        self.phase = PLACEMENT

    def attack_losses(self, seat: int) -> list[int]:
        """Cells whose animals the current attack takes from ``seat`` (RA-R34 … RA-R36).

        Rabbit cells for a fox; for a wolf one cell per sheep, cow or horse touching a hit pasture.
        """
        board = self.cfg.board
        cost = board.cost
        number = self.d6
        hit: list[int] = []
        seen: set[tuple[int, int]] = set()
        for cell in iter_bits(self.terr[seat] & board.pasture_mask):
            kind = self.cell_kind[cell]
            if cost[cell] != number or kind == EMPTY:
                continue
            if self.attack == FOX:
                if kind == RABBIT:
                    hit.append(cell)
            elif kind != RABBIT:
                piece = (kind, self.cell_amt[cell] if kind != SHEEP else cell)
                if piece not in seen:
                    seen.add(piece)
                    hit.append(cell)
        return hit

    def _apply_d6(self, number: int) -> None:
        self.d6 = number
        dog = SMALL_DOG if self.attack == FOX else LARGE_DOG
        n = self.cfg.num_players
        order = [(self.active + i) % n for i in range(n)]
        # RA-R37, RA-R38: affected players with a matching dog decide, in turn order.
        self.dog_queue = [
            s for s in order if self.dogs[2 * s + dog - SMALL_DOG] and self.attack_losses(s)
        ]
        self.dog_savers = []
        if self.dog_queue:
            self.phase = DOG
            self.to_move = self.dog_queue[0]
        else:
            self._resolve_attack()

    def _apply_dog(self, use: bool) -> None:
        seat = self.dog_queue.pop(0)
        if use:
            self.dog_savers.append(seat)
        if self.dog_queue:
            self.to_move = self.dog_queue[0]
        else:
            self.to_move = self.active
            self._resolve_attack()

    def _resolve_attack(self) -> None:
        """Apply the attack's losses after all its dog decisions (RA-R38)."""
        dog = SMALL_DOG if self.attack == FOX else LARGE_DOG
        for seat in range(self.cfg.num_players):
            if seat in self.dog_savers:
                self.dogs[2 * seat + dog - SMALL_DOG] -= 1
                self.herd[dog] += 1
                continue
            for cell in self.attack_losses(seat):
                kind = self.cell_kind[cell]
                count = self._clear_piece(cell)
                self.placed[4 * seat + kind] -= count
                self.herd[kind] += count
        self.dog_queue = []
        self.dog_savers = []
        self.to_move = self.active
        self._next_attack()

    def _breed(self) -> None:
        """RA-R39 … RA-R42: floor((owned + faces) / 2) per kind shown, capped by the herd."""
        seat = self.active
        assert self.dice is not None
        faces = [0, 0, 0, 0]
        for face in self.dice:
            if face < FOX:
                faces[face] += 1
        for kind in ANIMALS:
            if not faces[kind]:
                continue
            owned = self.placed[4 * seat + kind] + self.pool[4 * seat + kind]
            young = min((owned + faces[kind]) // 2, self.herd[kind])
            self.herd[kind] -= young
            self.pool[4 * seat + kind] += young
