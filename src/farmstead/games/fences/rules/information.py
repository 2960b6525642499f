"""What each Fences seat may know: the public hand tiles (FE-R22, FE-R37) and positions
drawn from a seat's information set (FE-R25)."""

from __future__ import annotations

from typing import Self

from farmstead.core.errors import SamplingError
from farmstead.core.rng import Rng
from farmstead.games.fences.layout import SELECT_CELL, SELECT_ROT, SELECT_TILE
from farmstead.games.fences.rules.board import FencesBoard


class FencesInformation(FencesBoard):
    """Public hand tiles and ``sample_consistent``."""

    __slots__ = ()

    def sample_consistent(self, seat: int, rng: Rng) -> Self:
        """A state ``seat`` cannot tell from this one, drawn exactly and uniformly: the other
        seats' hidden hand tiles and the supply are redealt from the tiles ``seat`` has not
        seen (FE-R25).

        The only public constraint on a hidden hand is that a seat placing a tile (FE-R36)
        holds a placeable one. When the seat to place shows no placeable tile, its hidden
        slots are drawn conditioned on that (``_draw_placeable``); every other hidden slot is
        dealt from the rest uniformly. The true hidden tiles are read only as part of the
        multiset of unseen tiles, never kept.
        """
        s = self.clone()
        s._legal_cache = None
        s._ocache = None
        # The unseen tiles, in a canonical order: nothing of the true deal survives in it.
        pool: list[int] = []
        unseen = list(self.supply)
        hidden: list[tuple[int, int]] = []
        for other in range(self.cfg.num_players):
            if other == seat:
                continue
            for slot, tile in enumerate(self.hands[other]):
                if not self.is_public_hand_tile(other, slot):
                    unseen[tile] += 1
                    hidden.append((other, slot))
        for tile, count in enumerate(unseen):
            pool.extend([tile] * count)
        placer = self.active
        constrained: list[tuple[int, int]] = []
        if self.phase == SELECT_TILE and placer != seat:
            shown = [
                t
                for slot, t in enumerate(self.hands[placer])
                if self.is_public_hand_tile(placer, slot)
            ]
            if not any(self.can_place(t) for t in shown):
                constrained = [(p, slot) for p, slot in hidden if p == placer]
        if constrained:
            chosen = self._draw_placeable(pool, len(constrained), rng)
            for (other, slot), tile in zip(constrained, chosen, strict=True):
                s.hands[other][slot] = tile
                pool.remove(tile)
        rng.shuffle(pool)
        rest = [h for h in hidden if h not in constrained]
        for (other, slot), tile in zip(rest, pool, strict=False):
            s.hands[other][slot] = tile
        supply = [0] * len(self.supply)
        for tile in pool[len(rest) :]:
            supply[tile] += 1
        s.supply = supply
        return s

    def _draw_placeable(self, pool: list[int], slots: int, rng: Rng) -> list[int]:
        """``slots`` (1 or 2) tiles drawn from ``pool`` in order, uniformly among the draws
        holding at least one placeable tile. ``SamplingError`` when the pool has none."""
        placeable = [t for t in pool if self.can_place(t)]
        stuck = [t for t in pool if not self.can_place(t)]
        if not placeable:
            raise SamplingError(
                f"seat {self.active} is placing but no unseen tile fits: an impossible position"
            )
        if slots == 1:
            return [rng.choice(placeable)]
        # Ordered pairs with a placeable tile: first placeable (P * (N - 1) pairs) or first
        # stuck and second placeable (U * P pairs); each pair equally likely.
        n, p, u = len(pool), len(placeable), len(stuck)
        if rng.random() * (p * (n - 1) + u * p) < p * (n - 1):
            first = rng.randrange(p)
            rest = placeable[:first] + placeable[first + 1 :] + stuck
            return [placeable[first], rest[rng.randrange(n - 1)]]
        return [rng.choice(stuck), rng.choice(placeable)]

    def is_public_hand_tile(self, seat: int, slot: int) -> bool:
        """Whether everyone may see hand tile ``slot`` of ``seat``: revealed when stuck
        (FE-R37) or picked up for placing."""
        if self.revealed[seat][slot]:
            return True
        picked = self.phase in (SELECT_CELL, SELECT_ROT)
        return picked and seat == self.active and slot == self.sel_slot
