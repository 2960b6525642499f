"""benchmarks/vs_catanatron.py: argument parsing, the alternation, medians and ratio, and our
side's real measurement on a tiny budget. Catanatron is never installed: its side is faked."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "vs_catanatron.py"
GAME = "livestock_uprising"  # any registered 4-player game will do


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vs_catanatron", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["vs_catanatron"] = module  # dataclasses resolve annotations through it
    spec.loader.exec_module(module)
    return module


vs = load_script()


def figure(rate: float) -> vs.Figure:  # type: ignore[name-defined]
    return vs.Figure(
        decisions_per_second=rate,
        actions_per_second=rate,
        clone_microseconds=50.0,
        games=1.0,
        seconds=1.0,
    )


def test_defaults_are_four_player_farms_race_in_three_rounds() -> None:
    args = vs.parse_args([])
    assert (args.game, args.players, args.rounds) == ("farms_race", 4, 3)
    assert args.seconds > 0 and not args.json and not args.require
    assert args.venv.name == "farmstead-catanatron-3.2.1"


def test_options_parse() -> None:
    args = vs.parse_args(
        ["--game", GAME, "--players", "3", "--seconds", "0.5", "--rounds", "5", "--cpu", "1"]
        + ["--json", "--require", "--skip-catanatron", "--min-ratio", "2", "--venv", "/x"]
    )
    assert (args.game, args.players, args.seconds, args.rounds, args.cpu) == (GAME, 3, 0.5, 5, 1)
    assert args.json and args.require and args.skip_catanatron and args.min_ratio == 2.0
    assert args.venv == Path("/x")


@pytest.mark.parametrize("bad", [["--seconds", "0"], ["--rounds", "0"], ["--players", "x"]])
def test_bad_options_are_refused(bad: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        vs.parse_args(bad)
    assert exc.value.code == 2


def test_median_and_ratio() -> None:
    assert vs.median_rate([figure(30.0), figure(10.0), figure(20.0)]) == 20.0
    assert vs.median_rate([figure(10.0), figure(20.0)]) == 15.0
    assert vs.median_rate([]) == 0.0
    assert vs.ratio_of(50.0, 20.0) == 2.5
    assert vs.ratio_of(50.0, 0.0) is None


def test_race_alternates_ours_first_and_takes_the_ratio_of_medians() -> None:
    order: list[tuple[str, int]] = []
    ours_rates, theirs_rates = [100.0, 300.0, 200.0], [50.0, 40.0, 1000.0]
    result = vs.race(
        lambda i: figure(ours_rates[i]),
        lambda i: figure(theirs_rates[i]),
        3,
        lambda side, i, fig: order.append((side, i)),
    )
    assert order == [(s, i) for i in range(3) for s in ("ours", "catanatron")]
    assert (result.median_ours, result.median_theirs) == (200.0, 50.0)
    assert result.ratio == 4.0


def test_race_without_their_side_measures_ours_only() -> None:
    result = vs.race(lambda i: figure(10.0), None, 2)
    assert len(result.ours) == 2 and result.theirs == [] and result.ratio is None


def test_our_measurement_in_process_is_farmstead_bench() -> None:
    fig = vs.measure_ours_here(GAME, 4, seconds=0.05, seed=1)
    assert fig.decisions_per_second > 0
    assert fig.actions_per_second >= fig.decisions_per_second  # chance steps only in actions
    assert fig.clone_microseconds > 0


def test_main_runs_our_side_in_a_subprocess_against_a_fake_catanatron(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--game", GAME, "--seconds", "0.1", "--rounds", "2", "--json"]
    assert vs.main(argv, measure_theirs=lambda i: figure(1000.0 + i)) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["skipped"] is None and report["players"] == 4
    assert len(report["ours"]) == len(report["catanatron"]) == 2
    assert all(f["decisions_per_second"] > 0 for f in report["ours"])
    assert report["median_catanatron"] == 1000.5
    assert report["ratio"] == pytest.approx(report["median_ours"] / 1000.5)
    assert "chance steps excluded" in report["counting"]["ours"]


def test_main_text_output_and_min_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", GAME, "--seconds", "0.1", "--rounds", "1", "--min-ratio", "2"]
    code = vs.main(argv, measure_theirs=lambda i: figure(1e12))
    out = capsys.readouterr().out
    assert code == vs.EXIT_BELOW_TARGET
    assert "round 1 catanatron" in out and "ratio ours/catanatron (medians)" in out
    assert "not met" in out


def test_skip_catanatron_measures_ours_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert vs.main(["--game", GAME, "--seconds", "0.1", "--rounds", "1", "--skip-catanatron"]) == 0
    out = capsys.readouterr().out
    assert "median ours" in out and "catanatron 3.2.1" not in out


def test_unavailable_catanatron_is_a_clear_skip(capsys: pytest.CaptureFixture[str]) -> None:
    def unavailable(i: int) -> vs.Figure:  # type: ignore[name-defined]
        raise vs.Skipped("no network")

    argv = ["--game", GAME, "--seconds", "0.1", "--rounds", "1"]
    assert vs.main(argv, measure_theirs=unavailable) == 0
    assert "skipped: no network" in capsys.readouterr().out
    assert vs.main([*argv, "--require"], measure_theirs=unavailable) == vs.EXIT_SKIPPED_REQUIRED


def test_a_venv_folder_that_is_not_a_venv_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(vs.Skipped, match="not a virtual environment"):
        vs.ensure_catanatron(tmp_path, lambda line: None)
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_unknown_game_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert vs.main(["--game", "no_such_game", "--skip-catanatron"]) == 2
    assert "no_such_game" in capsys.readouterr().err
