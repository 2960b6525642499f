"""Statistics over game records: pure functions, no I/O."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from farmstead.core.record import GameRecord, winners

Z_95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    Returns (0, 1) when there are no trials. Draws counted as half wins are allowed.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


@dataclass(frozen=True)
class SeatSummary:
    """Wins of one seat over a set of games, with the Wilson 95% interval of the win rate."""

    seat: int
    wins: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class LengthSummary:
    """Game lengths in actions (all actions, chance included) and in decisions."""

    mean: float
    median: float
    longest: int
    mean_decisions: float
    median_decisions: float
    longest_decisions: int


def seat_wins(records: Sequence[GameRecord], players: int) -> list[SeatSummary]:
    """Wins per seat. A game with several top seats counts as a win for none of them."""
    counts = [0] * players
    for record in records:
        if record.returns is None:
            continue
        top = winners(record.returns)
        if len(top) == 1:
            counts[top[0]] += 1
    n = sum(1 for r in records if r.returns is not None)
    return [SeatSummary(s, c, n, *wilson_interval(c, n)) for s, c in enumerate(counts)]


def draws(records: Iterable[GameRecord]) -> int:
    """Number of finished games without a single winner."""
    return sum(1 for r in records if r.returns is not None and len(winners(r.returns)) != 1)


def median(values: Sequence[float]) -> float:
    """The median of a non-empty sequence."""
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[mid])
    return (ordered[mid - 1] + ordered[mid]) / 2


def length_summary(lengths: Sequence[int], decisions: Sequence[int]) -> LengthSummary:
    """Summary of game lengths (``lengths``: all actions; ``decisions``: player decisions)."""
    if not lengths:
        return LengthSummary(0.0, 0.0, 0, 0.0, 0.0, 0)
    return LengthSummary(
        mean=sum(lengths) / len(lengths),
        median=median(lengths),
        longest=max(lengths),
        mean_decisions=sum(decisions) / len(decisions),
        median_decisions=median(decisions),
        longest_decisions=max(decisions),
    )
