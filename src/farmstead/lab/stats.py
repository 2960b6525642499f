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


@dataclass(frozen=True)
class AgentSummary:
    """Results of one agent over the seats it held, with the Wilson 95% interval.

    ``games`` counts seats: a game counts once for every seat the agent held in it. A seat wins
    when it is the single top seat, draws when no seat is alone on top, and loses otherwise —
    so an agent that plays itself wins its fair share of its seats, not every game.
    """

    agent: str
    games: int
    wins: int
    draws: int
    low: float
    high: float

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def finished(records: Iterable[GameRecord]) -> list[GameRecord]:
    """The records of finished games (with returns)."""
    return [r for r in records if r.returns is not None]


def agent_names(records: Iterable[GameRecord]) -> list[str]:
    """Every agent that appears in ``records``, in order of first appearance."""
    seen: dict[str, None] = {}
    for record in records:
        for agent in record.agents:
            seen.setdefault(agent, None)
    return list(seen)


def agent_results(records: Sequence[GameRecord]) -> list[AgentSummary]:
    """Wins, draws and seats played per agent (order of first appearance; see
    ``AgentSummary``)."""
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    tied: dict[str, int] = {}
    for record in finished(records):
        top = winners(record.returns or [])
        single = top[0] if len(top) == 1 else None
        for seat, agent in enumerate(record.agents):
            games[agent] = games.get(agent, 0) + 1
            if single is None:
                tied[agent] = tied.get(agent, 0) + 1
            elif seat == single:
                wins[agent] = wins.get(agent, 0) + 1
    return [
        AgentSummary(
            agent,
            games.get(agent, 0),
            wins.get(agent, 0),
            tied.get(agent, 0),
            *wilson_interval(wins.get(agent, 0), games.get(agent, 0)),
        )
        for agent in agent_names(records)
    ]


def game_outcomes(record: GameRecord) -> list[tuple[str, str, float]]:
    """Pairwise results of one finished game: (agent a, agent b, score of a against b).

    The single top seat beats every other agent (1.0); without a single top seat every pair
    of different agents draws (0.5). Pairs of seats held by the same agent are skipped.
    """
    if record.returns is None:
        return []
    top = winners(record.returns)
    agents = sorted(set(record.agents))
    if len(top) == 1:
        winner = record.agents[top[0]]
        return [(winner, other, 1.0) for other in agents if other != winner]
    return [(a, b, 0.5) for i, a in enumerate(agents) for b in agents[i + 1 :]]


@dataclass(frozen=True)
class PairResult:
    """Head-to-head: the score of ``agent`` against ``opponent`` over the games they met."""

    agent: str
    opponent: str
    games: int
    score: float
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.0


def head_to_head(records: Sequence[GameRecord]) -> list[PairResult]:
    """Score (wins + half draws) of each agent against each other agent it met."""
    score: dict[tuple[str, str], float] = {}
    met: dict[tuple[str, str], int] = {}
    for record in finished(records):
        for a, b, s in game_outcomes(record):
            for key, value in (((a, b), s), ((b, a), 1.0 - s)):
                score[key] = score.get(key, 0.0) + value
                met[key] = met.get(key, 0) + 1
    names = agent_names(records)
    return [
        PairResult(a, b, met[(a, b)], score[(a, b)], *wilson_interval(score[(a, b)], met[(a, b)]))
        for a in names
        for b in names
        if (a, b) in met
    ]


def decision_counts(record: GameRecord) -> list[int]:
    """Decisions per seat: from the record's ``meta["decisions"]``, else by replaying it."""
    stored = record.meta.get("decisions")
    if isinstance(stored, list) and len(stored) == record.players:
        return [int(d) for d in stored]
    counts = [0] * record.players
    for state, action in record.states():
        if action is not None and not state.is_chance_node():
            counts[state.current_player()] += 1
    return counts


def game_lengths(records: Sequence[GameRecord]) -> tuple[list[int], list[int]]:
    """(actions incl. chance outcomes, player decisions) of every finished game."""
    done = finished(records)
    return [len(r.actions) for r in done], [sum(decision_counts(r)) for r in done]


def lengths_summary(records: Sequence[GameRecord]) -> LengthSummary:
    """``length_summary`` of the finished games of ``records``."""
    return length_summary(*game_lengths(records))


@dataclass(frozen=True)
class MoveTime:
    """Mean thinking time per decision of one agent."""

    agent: str
    decisions: int
    seconds: float

    @property
    def per_move(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


def move_times(
    timings: Iterable[tuple[Sequence[str], Sequence[float], Sequence[int]]],
) -> list[MoveTime]:
    """Thinking time per decision per agent, from (seat agents, seat seconds, seat decisions)."""
    seconds: dict[str, float] = {}
    decisions: dict[str, int] = {}
    for agents, agent_seconds, agent_decisions in timings:
        for agent, s, d in zip(agents, agent_seconds, agent_decisions, strict=True):
            seconds[agent] = seconds.get(agent, 0.0) + s
            decisions[agent] = decisions.get(agent, 0) + d
    return [MoveTime(agent, decisions[agent], seconds[agent]) for agent in seconds]
