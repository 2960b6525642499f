"""Elo ratings with uncertainty: a Bradley-Terry fit over pairwise results, bootstrapped.

Every finished game is split into pairwise results (``stats.game_outcomes``: the single top
seat beats every other agent, otherwise all pairs draw). The Bradley-Terry strengths are fitted
by the minorisation-maximisation algorithm (Hunter 2004) with a weak prior, ``prior`` virtual
drawn games per pair that met, which keeps ratings finite when one agent wins every game.
Ratings are on the Elo scale (400 * log10 of the strength ratio) and centred on mean 0.
The uncertainty comes from a bootstrap over games with a seeded generator: the same records
always give the same intervals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from farmstead.core.record import GameRecord
from farmstead.core.rng import Rng
from farmstead.lab.stats import agent_names, finished, game_outcomes

ELO_SCALE = 400.0 / math.log(10.0)

Outcome = tuple[int, int, float]
"""A pairwise result by agent index: (a, b, score of a against b)."""


@dataclass(frozen=True)
class EloRating:
    """One agent's rating, the bootstrap standard error and the 95% percentile interval."""

    agent: str
    elo: float
    stderr: float
    low: float
    high: float


def fit_bradley_terry(
    outcomes: Sequence[Outcome], agents: int, prior: float = 1.0, iterations: int = 500
) -> list[float]:
    """Elo ratings (mean 0) of ``agents`` agents from pairwise outcomes."""
    if agents <= 1:
        return [0.0] * agents
    wins = [0.0] * agents
    games: dict[tuple[int, int], float] = {}
    for a, b, score in outcomes:
        wins[a] += score
        wins[b] += 1.0 - score
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0.0) + 1.0
    for key in games:  # the prior: `prior` drawn games per pair that met
        games[key] += prior
        wins[key[0]] += prior / 2
        wins[key[1]] += prior / 2
    strength = [1.0] * agents
    for _ in range(iterations):
        denominators = [0.0] * agents
        for (a, b), n in games.items():
            share = n / (strength[a] + strength[b])
            denominators[a] += share
            denominators[b] += share
        updated = [
            wins[i] / denominators[i] if denominators[i] > 0 else strength[i] for i in range(agents)
        ]
        log_mean = sum(math.log(s) for s in updated) / agents
        updated = [s / math.exp(log_mean) for s in updated]
        change = max(abs(math.log(u / s)) for u, s in zip(updated, strength, strict=True))
        strength = updated
        if change < 1e-10:
            break
    return [ELO_SCALE * math.log(s) for s in strength]


def elo_ratings(
    records: Sequence[GameRecord], bootstrap: int = 200, seed: int = 0, prior: float = 1.0
) -> list[EloRating]:
    """Elo rating of every agent in ``records`` with its bootstrap uncertainty."""
    names = agent_names(records)
    index = {name: i for i, name in enumerate(names)}
    per_game: list[list[Outcome]] = [
        [(index[a], index[b], s) for a, b, s in game_outcomes(r)] for r in finished(records)
    ]
    flat = [o for game in per_game for o in game]
    point = fit_bradley_terry(flat, len(names), prior)
    samples: list[list[float]] = [[] for _ in names]
    if per_game and bootstrap > 0 and len(names) > 1:
        rng = Rng(seed)
        n = len(per_game)
        for _ in range(bootstrap):
            resampled = [o for _ in range(n) for o in per_game[rng.randrange(n)]]
            for i, value in enumerate(fit_bradley_terry(resampled, len(names), prior, 200)):
                samples[i].append(value)
    ratings = []
    for i, name in enumerate(names):
        values = sorted(samples[i])
        if values:
            mean = sum(values) / len(values)
            stderr = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
            low, high = _percentile(values, 0.025), _percentile(values, 0.975)
        else:
            stderr, low, high = 0.0, point[i], point[i]
        ratings.append(EloRating(name, point[i], stderr, low, high))
    return ratings


def _percentile(ordered: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile of sorted values."""
    position = q * (len(ordered) - 1)
    lower = math.floor(position)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)
