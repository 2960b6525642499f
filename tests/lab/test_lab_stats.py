"""Statistics over records: Wilson intervals, per-agent results, head to head, lengths, Elo."""

from __future__ import annotations

import math

import pytest

from farmstead.core.record import GameRecord
from farmstead.core.rng import Rng
from farmstead.lab.elo import ELO_SCALE, elo_ratings, fit_bradley_terry
from farmstead.lab.stats import (
    agent_results,
    decision_counts,
    draws,
    game_outcomes,
    head_to_head,
    lengths_summary,
    move_times,
    seat_wins,
    wilson_interval,
)


def rec(
    agents: list[str], returns: list[float] | None, actions: int = 3, **meta: object
) -> GameRecord:
    return GameRecord(
        game="toy",
        players=len(agents),
        agents=agents,
        actions=[0] * actions,
        returns=returns,
        meta=dict(meta),
    )


def test_wilson_interval_known_values() -> None:
    """Reference values (Wilson 1927; e.g. 8 of 10 -> 0.490 .. 0.943)."""
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)


def test_agent_results_count_wins_draws_losses_per_agent() -> None:
    records = [
        rec(["a", "b"], [1.0, -1.0]),
        rec(["b", "a"], [1.0, -1.0]),
        rec(["a", "b"], [0.0, 0.0]),
        rec(["b", "a"], [-1.0, 1.0]),
        rec(["a", "b"], None),  # unfinished: ignored
    ]
    by_agent = {s.agent: s for s in agent_results(records)}
    assert (by_agent["a"].games, by_agent["a"].wins, by_agent["a"].draws) == (4, 2, 1)
    assert (by_agent["b"].wins, by_agent["b"].losses) == (1, 2)
    assert (by_agent["a"].low, by_agent["a"].high) == wilson_interval(2, 4)
    assert draws(records) == 1


def test_seat_wins_measure_seat_advantage() -> None:
    records = [rec(["x", "x"], [1.0, -1.0])] * 7 + [rec(["x", "x"], [-1.0, 1.0])] * 3
    seats = seat_wins(records, 2)
    assert [s.wins for s in seats] == [7, 3]
    assert seats[0].rate == 0.7


def test_multiplayer_game_splits_into_pairwise_results() -> None:
    record = rec(["a", "b", "c"], [-0.5, 1.0, -0.5])
    assert sorted(game_outcomes(record)) == [("b", "a", 1.0), ("b", "c", 1.0)]
    tie = rec(["a", "b", "c"], [1.0, 1.0, -1.0])  # two seats on top: no single winner
    assert sorted(game_outcomes(tie)) == [("a", "b", 0.5), ("a", "c", 0.5), ("b", "c", 0.5)]


def test_head_to_head_scores_are_complementary() -> None:
    records = [rec(["a", "b"], [1.0, -1.0])] * 3 + [rec(["b", "a"], [0.0, 0.0])]
    pairs = {(p.agent, p.opponent): p for p in head_to_head(records)}
    assert pairs[("a", "b")].score == 3.5 and pairs[("b", "a")].score == 0.5
    assert pairs[("a", "b")].games == pairs[("b", "a")].games == 4


def test_game_length_uses_stored_decision_counts() -> None:
    records = [rec(["a", "b"], [1.0, -1.0], actions=10, decisions=[3, 4])] * 3
    summary = lengths_summary(records)
    assert summary.mean == 10 and summary.mean_decisions == 7 and summary.longest_decisions == 7
    assert decision_counts(records[0]) == [3, 4]


def test_move_times_per_agent() -> None:
    times = move_times([(["a", "b"], [1.0, 0.5], [10, 5]), (["b", "a"], [0.5, 1.0], [5, 10])])
    by_agent = {t.agent: t for t in times}
    assert by_agent["a"].per_move == pytest.approx(0.1) and by_agent["b"].per_move == 0.1


def test_bradley_terry_recovers_a_known_elo_gap() -> None:
    """An agent winning with probability 1/(1+10^(-200/400)) ~ 0.76 is 200 Elo stronger."""
    p = 1 / (1 + 10 ** (-200 / 400))
    rng = Rng(1)
    outcomes = [(0, 1, 1.0 if rng.random() < p else 0.0) for _ in range(20000)]
    ratings = fit_bradley_terry(outcomes, 2, prior=0.0)
    assert ratings[0] - ratings[1] == pytest.approx(200, abs=15)
    assert sum(ratings) == pytest.approx(0.0, abs=1e-9)


def test_elo_is_symmetric_for_equal_results() -> None:
    records = [rec(["a", "b"], [1.0, -1.0]), rec(["b", "a"], [1.0, -1.0])] * 10
    ratings = {r.agent: r for r in elo_ratings(records, bootstrap=50)}
    assert ratings["a"].elo == pytest.approx(0.0, abs=1e-6)
    assert ratings["a"].low < 0 < ratings["a"].high
    assert ratings["a"].stderr > 0


def test_elo_stays_finite_for_a_clean_sweep_and_is_reproducible() -> None:
    records = [rec(["a", "b"], [1.0, -1.0]), rec(["b", "a"], [-1.0, 1.0])] * 20
    first = elo_ratings(records, bootstrap=50, seed=3)
    second = elo_ratings(records, bootstrap=50, seed=3)
    assert first == second
    a = next(r for r in first if r.agent == "a")
    assert math.isfinite(a.elo) and a.elo > 300
    assert a.low <= a.elo <= a.high
    assert a.elo == pytest.approx(ELO_SCALE * math.log(40.5 / 0.5) / 2, rel=1e-6)


def test_elo_orders_three_agents() -> None:
    records = (
        [rec(["s", "m"], [1.0, -1.0])] * 8
        + [rec(["m", "s"], [1.0, -1.0])] * 2
        + [rec(["m", "w"], [1.0, -1.0])] * 8
        + [rec(["w", "m"], [1.0, -1.0])] * 2
        + [rec(["s", "w"], [1.0, -1.0])] * 9
        + [rec(["w", "s"], [1.0, -1.0])] * 1
    )
    ratings = {r.agent: r.elo for r in elo_ratings(records, bootstrap=20)}
    assert ratings["s"] > ratings["m"] > ratings["w"]
