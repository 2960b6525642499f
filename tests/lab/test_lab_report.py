"""Reports: numbers from records and timings, PNG plots, one self-contained HTML page."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from toygames import DiceNimGame

from farmstead.core.record import GameRecord
from farmstead.lab.report import (
    ReportError,
    build_report,
    render_html,
    report_plots,
    report_tables,
    write_plots,
)
from farmstead.lab.results import read_timings, timings_path
from farmstead.lab.tournament import run_tournament

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
AGENTS = ["random", "mcts:iterations=30,rollout_depth=-1"]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[GameRecord], Path]:
    out = tmp_path_factory.mktemp("report") / "r.jsonl"
    records = list(run_tournament(DiceNimGame(2, pile=11), AGENTS, 30, seed=2, workers=1, out=out))
    return records, out


def test_report_numbers_match_the_records(results: tuple[list[GameRecord], Path]) -> None:
    records, out = results
    report = build_report(records, read_timings(timings_path(out)), bootstrap=50)
    assert report.game == "toy_dice_nim" and report.players == 2 and report.games == 30
    by_agent = {a.agent: a for a in report.agents}
    assert set(by_agent) == set(AGENTS)
    assert sum(a.wins for a in report.agents) + report.draws == 30
    assert by_agent[AGENTS[1]].rate > by_agent[AGENTS[0]].rate  # mcts is the stronger
    elo = {r.agent: r for r in report.elo}
    assert elo[AGENTS[1]].elo > 0 > elo[AGENTS[0]].elo
    assert sum(s.wins for s in report.seats) == 30 - report.draws
    assert report.lengths.mean_decisions > 0 and len(report.decisions) == 30
    assert report.move_times is not None
    times = {t.agent: t for t in report.move_times}
    assert times[AGENTS[1]].per_move > times[AGENTS[0]].per_move > 0


def test_report_tables_cover_every_measure(results: tuple[list[GameRecord], Path]) -> None:
    records, out = results
    report = build_report(records, read_timings(timings_path(out)), bootstrap=20)
    titles = [title for title, _, _ in report_tables(report)]
    for word in ("Win rate", "Elo", "Head to head", "Seat advantage", "Game length", "time per"):
        assert any(word.lower() in t.lower() for t in titles), word


def test_without_timings_time_per_move_is_left_out(results: tuple[list[GameRecord], Path]) -> None:
    report = build_report(results[0], None, bootstrap=0)
    assert report.move_times is None
    assert not any("time per move" in t.lower() for t, _, _ in report_tables(report))


def test_plots_are_png_files(results: tuple[list[GameRecord], Path], tmp_path: Path) -> None:
    records, out = results
    drawn = report_plots(build_report(records, read_timings(timings_path(out)), bootstrap=20))
    assert [stem for stem, _, _ in drawn] == ["win_rates", "elo", "seats", "lengths", "move_times"]
    for path in write_plots(drawn, tmp_path / "plots"):
        assert path.read_bytes().startswith(PNG_MAGIC) and path.stat().st_size > 5000


def test_html_is_self_contained_with_embedded_plots(
    results: tuple[list[GameRecord], Path],
) -> None:
    records, out = results
    report = build_report(records, read_timings(timings_path(out)), bootstrap=20)
    page = render_html(report, report_plots(report), source="r.jsonl")
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) == 5
    assert all(base64.b64decode(data).startswith(PNG_MAGIC) for data in images)
    assert "http://" not in page and "https://" not in page  # nothing loads from elsewhere
    assert "mcts:iterations=30,rollout_depth=-1" in page


def test_report_text_is_escaped_in_html() -> None:
    record = GameRecord(game="toy", players=2, agents=["<b>x</b>", "y"], returns=[1.0, -1.0])
    record.actions, record.meta = [0], {"decisions": [1, 0]}
    report = build_report([record], bootstrap=0)
    page = render_html(report, [])
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page


def test_records_of_different_games_cannot_share_a_report() -> None:
    a = GameRecord(game="rancho", players=2, agents=["r"], actions=[0], returns=[1.0, -1.0])
    b = GameRecord(game="rancho", players=3, agents=["r"], actions=[0], returns=[1.0, 0, 0])
    with pytest.raises(ReportError, match="different game configurations"):
        build_report([a, b])
    with pytest.raises(ReportError, match="no game records"):
        build_report([])
