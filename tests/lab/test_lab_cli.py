"""The lab's commands: ``farmstead tournament``, ``report`` and ``sweep`` (short Rancho games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from farmstead.cli.main import app

runner = CliRunner()
SHORT = ["--param", "max_rounds=10"]  # Rancho's round cap (RA-R45) keeps random games short


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_tournament_report_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    args = ["tournament", "rancho", "--agents", "random,heuristic:chance_samples=2", "-n", "4"]
    code, text = run(*args, "--seed", "7", "--workers", "1", "--out", str(out), *SHORT)
    assert code == 0, text
    assert "random" in text and "heuristic:chance_samples=2" in text and "ms per move" in text
    lines = out.read_text().splitlines()
    assert len(lines) == 4 and json.loads(lines[0])["agents"] == [
        "random",
        "heuristic:chance_samples=2",
    ]
    assert (tmp_path / "results.timings.jsonl").is_file()

    code, text = run(*args, "--seed", "7", "--workers", "2", "--out", str(out), *SHORT)
    assert code == 0 and "already done" in text  # resumed: nothing left to play
    assert out.read_text().splitlines() == lines

    html = tmp_path / "report.html"
    code, text = run("report", str(out), "--html", str(html), "--bootstrap", "20")
    assert code == 0, text
    for heading in ("Win rate per agent", "Elo", "Seat advantage", "Game length", "time per move"):
        assert heading in text
    pngs = {p.stem for p in (tmp_path / "results-plots").glob("*.png")}
    core = {"win_rates", "elo", "seats", "lengths", "move_times"}
    assert core | {"turn_order", "end_reasons"} <= pngs  # the game's facts add balance plots
    assert html.read_text().count("data:image/png;base64,") == len(pngs)
    assert "First-player advantage" in text and "Why games ended" in text


def test_sweep_command_writes_table_plots_and_html(tmp_path: Path) -> None:
    """A designer's what-if: another predator die (faces with commas, hence the | separator)."""
    folder = tmp_path / "sweep"
    code, text = run(
        "sweep", "rancho", "--param", "d6=1,1,1,2,2,4|1,2,2,4,4,4", "--fixed", "max_rounds=8",
        "-n", "2", "--workers", "1", "--out", str(folder), "--no-progress",
    )  # fmt: skip
    assert code == 0, text
    assert "d6=1,1,1,2,2,4" in text and "d6=1,2,2,4,4,4" in text and "seat 1" in text
    assert (folder / "sweep.html").read_text().count("data:image/png;base64,") == 2
    assert {p.name for p in folder.glob("*.png")} == {"sweep_seats.png", "sweep_lengths.png"}
    assert len(list(folder.glob("rancho-d6=*.jsonl"))) == 4  # results + timings per setting


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["tournament", "rancho", "--agents", "random,alphago"],
            "valid choices: heuristic, mcts, random",
        ),
        (
            ["tournament", "rancho", "--agents", "mcts:iters=5"],
            "valid parameters: c, chance, epsilon",
        ),
        (["tournament", "rancho", "--agents", "random", "--param", "dye=9"], "valid parameters"),
        (["tournament", "chess", "--agents", "random"], "unknown game 'chess'"),
        (["tournament", "rancho", "--agents", "random", "--backend", "spark"], "local, ray"),
        (["sweep", "rancho", "--param", "max_roundz=1,2"], "valid parameters"),
        (["sweep", "rancho", "--param", "max_rounds"], "KEY=v1,v2"),
        (["report", "missing.jsonl"], "no results file"),
    ],
)
def test_bad_input_is_a_clean_error(args: list[str], expected: str, tmp_path: Path) -> None:
    code, text = run(*args, *(["--out", str(tmp_path / "x")] if args[0] != "report" else []))
    assert code == 2, text
    assert expected in " ".join(text.split()) and "Traceback" not in text


def test_results_of_another_tournament_are_a_clean_error(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    base = ["tournament", "rancho", "--agents", "random", "-n", "2", "--workers", "1", *SHORT]
    assert run(*base, "--seed", "1", "--out", str(out))[0] == 0
    code, text = run(*base, "--seed", "2", "--out", str(out))
    assert code == 2 and "other results" in text and "Traceback" not in text
