"""Balance statistics from the facts in game records (``core.facts``): pure functions, no I/O.

The questions a designer asks first, each answered with a 95% interval:

* **First-player advantage** — the win rate of the seat that actually moved first (and of every
  later place in the turn order), against the fair share; and, so that a strong agent's seats
  do not confound it, per agent: its win rate moving first against its win rate otherwise.
* **Is this faction / species / Mutation / card too strong?** — the win rate of the seats with
  each trait value (one per seat) and of the seats that had each item (once per seat), flagged
  where the interval excludes the fair share.
* **Why and when games end** — end reasons, rounds and turns, the winner's score and the margin
  over the runner-up.

The fair share of one seat is the chance that a given seat wins if seats and traits did not
matter: the share of games with a single winner, divided by the number of seats.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from farmstead.core.facts import GameFacts
from farmstead.core.record import GameRecord, winners
from farmstead.lab.stats import median, wilson_interval


@dataclass(frozen=True)
class Rate:
    """Wins of a group of seats with its Wilson 95% interval, against the fair share."""

    label: str
    wins: int
    seats: int
    low: float
    high: float
    fair: float

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def flagged(self) -> bool:
        """The interval excludes the fair share (and there are games to tell)."""
        return self.seats > 0 and not self.low <= self.fair <= self.high


@dataclass(frozen=True)
class Difference:
    """A difference of two win rates (``first`` minus ``rest``) with Newcombe's 95% interval
    (the hybrid score interval built from the two Wilson intervals)."""

    label: str
    first: Rate
    rest: Rate
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.first.rate - self.rest.rate


@dataclass(frozen=True)
class Spread:
    """Order statistics of a list of numbers."""

    count: int
    mean: float
    median: float
    low: float  # 5th percentile
    high: float  # 95th percentile
    smallest: float
    largest: float


@dataclass(frozen=True)
class SeatRow:
    """One seat of one game, as the balance tables and the CSV export read it."""

    game: int
    seat: int
    agent: str
    won: bool
    order: int
    score: float | None
    score_parts: dict[str, float]
    traits: dict[str, str]
    items: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Balance:
    """Everything the balance part of a report shows (see the module docstring)."""

    games: int
    with_facts: int
    fair: float
    order: list[Rate]
    first_player: Difference | None
    first_player_by_agent: list[Difference]
    traits: dict[str, list[Rate]]
    items: dict[str, list[Rate]]
    ends: list[tuple[str, int]]
    rounds: Spread | None
    turns: Spread | None
    winning_scores: Spread | None
    margins: Spread | None
    scores: list[float]
    margin_values: list[float]
    round_values: list[float]


def facts_of(record: GameRecord) -> GameFacts | None:
    """The facts a finished record carries, or ``None`` (an older record, an unfinished game)."""
    if record.returns is None or record.facts is None:
        return None
    return GameFacts.from_json(record.facts)


def seat_rows(records: Sequence[GameRecord]) -> list[SeatRow]:
    """One row per seat of every finished record that carries facts; ``game`` is the record's
    index in ``records``. A seat won when it is the game's single top seat."""
    rows = []
    for index, record in enumerate(records):
        facts = facts_of(record)
        if facts is None or record.returns is None:
            continue
        top = winners(record.returns)
        for seat, seat_facts in enumerate(facts.seats):
            rows.append(
                SeatRow(
                    game=index,
                    seat=seat,
                    agent=record.agents[seat] if seat < len(record.agents) else "",
                    won=len(top) == 1 and top[0] == seat,
                    order=seat_facts.order,
                    score=seat_facts.score,
                    score_parts=dict(seat_facts.score_parts),
                    traits=dict(seat_facts.traits),
                    items=dict(seat_facts.items),
                )
            )
    return rows


def rate(label: str, wins: int, seats: int, fair: float) -> Rate:
    """``Rate`` with its Wilson interval."""
    return Rate(label, wins, seats, *wilson_interval(wins, seats), fair)


def difference(label: str, first: Rate, rest: Rate) -> Difference:
    """``first.rate - rest.rate`` with Newcombe's hybrid score interval."""
    p1, p2 = first.rate, rest.rate
    d = p1 - p2
    low = d - math.sqrt((p1 - first.low) ** 2 + (rest.high - p2) ** 2)
    high = d + math.sqrt((first.high - p1) ** 2 + (p2 - rest.low) ** 2)
    return Difference(label, first, rest, max(-1.0, low), min(1.0, high))


def spread(values: Sequence[float]) -> Spread | None:
    """Mean, median, 5th and 95th percentiles (nearest rank), extremes; ``None`` when empty."""
    if not values:
        return None
    ordered = sorted(values)

    def rank(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    return Spread(
        len(ordered),
        sum(ordered) / len(ordered),
        median(ordered),
        rank(0.05),
        rank(0.95),
        ordered[0],
        ordered[-1],
    )


def _group(rows: Iterable[tuple[str, bool]], fair: float) -> list[Rate]:
    wins: dict[str, int] = {}
    seats: dict[str, int] = {}
    for label, won in rows:
        seats[label] = seats.get(label, 0) + 1
        wins[label] = wins.get(label, 0) + won
    return [rate(label, wins[label], seats[label], fair) for label in sorted(seats)]


def balance(records: Sequence[GameRecord], players: int) -> Balance:
    """The balance statistics of ``records`` (one game configuration of ``players`` seats)."""
    finished = [r for r in records if r.returns is not None]
    rows = seat_rows(records)
    games = {row.game for row in rows}
    decisive = sum(1 for index in games if len(winners(records[index].returns or [])) == 1)
    fair = decisive / len(games) / players if games else 0.0
    order = _group(((f"place {row.order + 1}", row.won) for row in rows), fair)
    first_player = None
    if rows:
        first = rate("moved first", *_count(r for r in rows if r.order == 0), fair)
        rest = rate("moved later", *_count(r for r in rows if r.order != 0), fair)
        first_player = difference("all seats", first, rest)
    by_agent = []
    for agent in sorted({row.agent for row in rows}):
        mine = [r for r in rows if r.agent == agent]
        first_rows = [r for r in mine if r.order == 0]
        later_rows = [r for r in mine if r.order != 0]
        if first_rows and later_rows:
            by_agent.append(
                difference(
                    agent,
                    rate("moved first", *_count(first_rows), fair),
                    rate("moved later", *_count(later_rows), fair),
                )
            )
    trait_kinds = sorted({kind for row in rows for kind in row.traits})
    traits = {
        kind: _group(((row.traits[kind], row.won) for row in rows if kind in row.traits), fair)
        for kind in trait_kinds
    }
    item_kinds = sorted({kind for row in rows for kind, values in row.items.items() if values})
    items = {
        kind: _group(
            ((value, row.won) for row in rows for value in sorted(set(row.items.get(kind, ())))),
            fair,
        )
        for kind in item_kinds
    }
    all_facts = [f for f in (facts_of(r) for r in finished) if f is not None]
    ends: dict[str, int] = {}
    for facts in all_facts:
        ends[facts.end] = ends.get(facts.end, 0) + 1
    scores, margins = _scores(rows)
    rounds = [float(f.rounds) for f in all_facts]
    return Balance(
        games=len(finished),
        with_facts=len(all_facts),
        fair=fair,
        order=order,
        first_player=first_player,
        first_player_by_agent=by_agent,
        traits=traits,
        items=items,
        ends=sorted(ends.items(), key=lambda kv: (-kv[1], kv[0])),
        rounds=spread(rounds),
        turns=spread([float(f.turns) for f in all_facts]),
        winning_scores=spread(scores),
        margins=spread(margins),
        scores=scores,
        margin_values=margins,
        round_values=rounds,
    )


def _count(rows: Iterable[SeatRow]) -> tuple[int, int]:
    """(wins, seats) of ``rows``."""
    wins = seats = 0
    for row in rows:
        seats += 1
        wins += row.won
    return wins, seats


def _scores(rows: Sequence[SeatRow]) -> tuple[list[float], list[float]]:
    """The winner's score and its margin over the best other seat, per decisive game with
    scores."""
    by_game: dict[int, list[SeatRow]] = {}
    for row in rows:
        by_game.setdefault(row.game, []).append(row)
    scores, margins = [], []
    for seats in by_game.values():
        winner = [r for r in seats if r.won]
        if len(winner) != 1 or winner[0].score is None:
            continue
        others = [r.score for r in seats if not r.won and r.score is not None]
        scores.append(winner[0].score)
        if others:
            margins.append(winner[0].score - max(others))
    return scores, margins
