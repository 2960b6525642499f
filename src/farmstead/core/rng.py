"""Seeded sampling of chance outcomes.

Farmstead never uses the global ``random`` module: every source of randomness is an ``Rng``
made from an explicit seed, so that a game is a pure function of its parameters, its seed and
the decisions of its players.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(master_seed: int, *path: object) -> int:
    """A 63-bit seed derived from ``master_seed`` and a path (e.g. a game index).

    The derivation is stable across Python versions, processes and machines (SHA-256), so a
    tournament's per-game seeds do not depend on how the games are scheduled.
    """
    text = ":".join([str(int(master_seed)), *map(str, path)])
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Rng:
    """A seeded random generator with the sampling helpers the engine and agents need."""

    __slots__ = ("seed", "_random")

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._random = random.Random(self.seed)

    def random(self) -> float:
        """A float uniform in [0, 1)."""
        return self._random.random()

    def randrange(self, n: int) -> int:
        """An int uniform in [0, n)."""
        return self._random.randrange(n)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self._random.randrange(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place."""
        self._random.shuffle(items)

    def sample_outcome(self, outcomes: Sequence[tuple[int, float]]) -> int:
        """One outcome of a chance node, drawn with the given probabilities.

        ``outcomes`` is what ``State.chance_outcomes()`` returns: (outcome, probability) pairs
        whose probabilities sum to 1.
        """
        x = self._random.random()
        acc = 0.0
        for outcome, probability in outcomes:
            acc += probability
            if x < acc:
                return outcome
        return outcomes[-1][0]

    def spawn(self, *path: object) -> Rng:
        """An independent generator derived from this one's seed and a path."""
        return Rng(derive_seed(self.seed, *path))
