"""Balance statistics from game facts (``lab.balance``), on constructed results with known
answers: self-play counted per seat, first-player advantage from who actually moved first
(and per agent, so a strong agent's seats do not confound it), win rates per trait and item
with the fair-share flag, end reasons, scores and margins, and the CSV export."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from farmstead.cli.main import app
from farmstead.core.facts import GameFacts, SeatFacts
from farmstead.core.record import GameRecord
from farmstead.lab.balance import balance, difference, rate, spread
from farmstead.lab.balance_report import balance_tables, write_csv
from farmstead.lab.report import build_report, report_tables
from farmstead.lab.stats import agent_results

runner = CliRunner()


def record(
    agents: list[str],
    returns: list[float],
    orders: list[int] | None = None,
    *,
    traits: list[dict[str, str]] | None = None,
    items: list[dict[str, tuple[str, ...]]] | None = None,
    scores: list[float] | None = None,
    end: str = "target",
    rounds: int = 10,
    seed: int = 0,
) -> GameRecord:
    n = len(agents)
    orders = orders if orders is not None else list(range(n))
    facts = GameFacts(
        end=end,
        rounds=rounds,
        turns=rounds * n,
        seats=tuple(
            SeatFacts(
                order=orders[s],
                score=None if scores is None else scores[s],
                traits=(traits or [{}] * n)[s],
                items=(items or [{}] * n)[s],
            )
            for s in range(n)
        ),
    )
    return GameRecord(
        game="rancho",
        players=n,
        seed=seed,
        agents=agents,
        actions=[],
        returns=returns,
        facts=facts.to_json(),
    )


WIN, LOSS, DRAW = [1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]


def test_self_play_counts_each_seat_not_a_win_against_nothing() -> None:
    records = [record(["random", "random"], r) for r in (WIN, LOSS, DRAW, WIN)]
    (summary,) = agent_results(records)
    assert (summary.games, summary.wins, summary.draws, summary.losses) == (8, 3, 2, 3)
    assert summary.rate == pytest.approx(3 / 8)
    titles = [title for title, _, _ in report_tables(build_report(records, bootstrap=0))]
    assert not any(title.startswith("Elo") for title in titles)  # no rating against itself


def test_two_agents_one_seat_each_keep_their_game_counts() -> None:
    records = [record(["a", "b"], r) for r in (WIN, WIN, LOSS, DRAW)]
    a, b = agent_results(records)
    assert (a.games, a.wins, a.draws, a.losses) == (4, 2, 1, 1)
    assert (b.games, b.wins, b.draws, b.losses) == (4, 1, 1, 2)


def test_fair_share_leaves_out_draws() -> None:
    records = [record(["a", "b"], WIN)] * 8 + [record(["a", "b"], DRAW)] * 2
    assert balance(records, 2).fair == pytest.approx(8 / 10 / 2)


def test_newcombe_interval_matches_the_published_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, Table II, example (a): 56/70 - 48/80,
    # method 10 (hybrid score): 0.0524 to 0.3339.
    d = difference("example", rate("first", 56, 70, 0.5), rate("rest", 48, 80, 0.5))
    assert d.value == pytest.approx(0.2)
    assert d.low == pytest.approx(0.0524, abs=5e-4)
    assert d.high == pytest.approx(0.3339, abs=5e-4)


def test_first_player_advantage_comes_from_who_moved_first() -> None:
    # Seat 1 moved first in every game and won 3 of 4: the seat table would credit seat 1;
    # the turn-order table credits the first mover.
    records = [record(["a", "b"], r, orders=[1, 0]) for r in (LOSS, LOSS, LOSS, WIN)]
    b = balance(records, 2)
    first = b.order[0]
    assert (first.label, first.wins, first.seats) == ("place 1", 3, 4)
    assert b.first_player is not None
    assert b.first_player.value == pytest.approx(3 / 4 - 1 / 4)


def test_first_player_advantage_per_agent_is_not_confounded_by_a_strong_agent() -> None:
    # "strong" wins every game and moved first in 3 of 4: the pooled figure shows a large
    # first-player advantage, the per-agent figures none at all.
    records = [
        record(["strong", "weak"], WIN, orders=[0, 1]),
        record(["strong", "weak"], WIN, orders=[0, 1]),
        record(["weak", "strong"], LOSS, orders=[1, 0]),
        record(["weak", "strong"], LOSS, orders=[0, 1]),
    ]
    b = balance(records, 2)
    assert b.first_player is not None and b.first_player.value == pytest.approx(0.75 - 0.25)
    per_agent = {d.label: d.value for d in b.first_player_by_agent}
    assert per_agent == {"strong": pytest.approx(0.0), "weak": pytest.approx(0.0)}


def test_trait_and_item_win_rates_with_the_fair_share_flag() -> None:
    pigs_win = [record(["a", "b"], WIN, traits=[{"faction": "pigs"}, {"faction": "cows"}])] * 30
    cows_win = [record(["a", "b"], LOSS, traits=[{"faction": "pigs"}, {"faction": "cows"}])] * 10
    played = [
        record(
            ["a", "b"],
            WIN,
            items=[
                {"cards_played": ("ambush", "ambush", "espionage"), "plans_drawn": ()},
                {"cards_played": (), "plans_drawn": ()},
            ],
        )
    ]
    b = balance(pigs_win + cows_win + played, 2)
    cows, pigs = b.traits["faction"]
    assert (pigs.label, pigs.wins, pigs.seats) == ("pigs", 30, 40)
    assert (cows.label, cows.wins, cows.seats) == ("cows", 10, 40)
    assert pigs.flagged and cows.flagged  # 75% and 25% against a fair share of 50%
    assert set(b.items) == {"cards_played"}  # a kind no seat ever had gives no table
    ambush, espionage = b.items["cards_played"]
    assert (ambush.label, ambush.wins, ambush.seats) == ("ambush", 1, 1)  # once per seat
    assert (espionage.label, espionage.seats) == ("espionage", 1)
    assert not ambush.flagged  # one seat tells nothing


def test_end_reasons_rounds_scores_and_margins() -> None:
    records = [
        record(["a", "b"], WIN, scores=[10, 7], end="target", rounds=12),
        record(["a", "b"], LOSS, scores=[4, 10], end="target", rounds=14),
        record(["a", "b"], DRAW, scores=[5, 5], end="round_cap", rounds=30),
    ]
    b = balance(records, 2)
    assert b.ends == [("target", 2), ("round_cap", 1)]
    assert b.rounds is not None and b.rounds.median == 14 and b.rounds.largest == 30
    assert b.scores == [10, 10] and b.margin_values == [3, 6]
    titles = [title for title, _, _ in balance_tables(b)]
    assert "Why games ended" in titles


def test_spread_percentiles_by_nearest_rank() -> None:
    s = spread([float(x) for x in range(1, 101)])
    assert s is not None
    assert (s.low, s.median, s.high, s.mean) == (5, 50.5, 95, 50.5)


def test_records_without_facts_show_no_balance_tables() -> None:
    plain = GameRecord(game="toy", players=2, agents=["a", "b"], returns=WIN)
    assert balance_tables(balance([plain], 2)) == []


def test_csv_rows_per_game_and_per_seat(tmp_path: Path) -> None:
    records = [
        record(
            ["a", "b"],
            WIN,
            scores=[10, 7],
            traits=[{"faction": "pigs"}, {"faction": "cows"}],
            items=[{"cards_played": ("ambush", "espionage")}, {}],
        )
    ]
    games_path, seats_path = write_csv(records, tmp_path / "out")
    games = list(csv.DictReader(games_path.open(encoding="utf-8")))
    seats = list(csv.DictReader(seats_path.open(encoding="utf-8")))
    assert games[0]["winner_seat"] == "0" and games[0]["end"] == "target"
    assert [s["won"] for s in seats] == ["1", "0"]
    assert seats[0]["trait.faction"] == "pigs" and seats[0]["items.cards_played"] == (
        "ambush|espionage"
    )


def test_report_command_writes_the_csv(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    lines: list[Any] = [
        record(["a", "b"], r, traits=[{"faction": "pigs"}, {"faction": "cows"}]).dumps()
        for r in (WIN, LOSS, WIN)
    ]
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = runner.invoke(app, ["report", str(results), "--no-plots", "--csv", str(tmp_path / "csv")])
    assert out.exit_code == 0, out.output
    assert "First-player advantage" in out.output and "Win rate per faction" in out.output
    assert (tmp_path / "csv" / "seats.csv").is_file()
