"""``farmstead durations``: the Farms Race lengths the lobby shows come from the documented
command, recorded in the shipped ``durations.json``, and a fresh run (other seeds) agrees with
them within the interval the file states for such a run."""

from __future__ import annotations

import copy
import dataclasses
import json
import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from farmstead.cli.main import app
from farmstead.core.registry import registration
from farmstead.lab import durations as lab
from farmstead.lab.backends import LocalBackend
from farmstead.lab.stats import median
from farmstead.web.bots import DEFAULT_BOT_LEVELS

runner = CliRunner()
RECORD = registration("farms_race")
FRESH_CELL = ("first_game", 3)  # the fastest cell: the shortest race, the fewest seats
FRESH_GAMES = lab.CHECK_GAMES
AGENT = "heuristic:plan=false"  # the web app's medium Farms Race bot


@pytest.fixture(scope="module")
def shipped() -> dict[str, Any]:
    doc = lab.read_results(RECORD)
    assert doc is not None, "src/farmstead/games/farms_race/data/durations.json is missing"
    return doc


def cell_of(doc: dict[str, Any], preset: str, players: int) -> dict[str, Any]:
    found = [c for c in doc["cells"] if (c["preset"], c["players"]) == (preset, players)]
    assert len(found) == 1, (preset, players)
    return found[0]


def parsed_command(command: str) -> dict[str, Any]:
    """The options a recorded command line gives ``farmstead durations`` (Click parses it as
    the command line would; a malformed line raises)."""
    argv = shlex.split(command)
    assert argv[:2] == ["farmstead", "durations"], command
    group = typer.main.get_command(app)
    sub = group.get_command(group.make_context("farmstead", ["durations"]), "durations")  # type: ignore[attr-defined]
    assert sub is not None
    ctx = sub.make_context("durations", argv[2:])
    return dict(ctx.params)


def test_the_shipped_file_covers_every_preset_and_player_count(shipped: dict[str, Any]) -> None:
    assert shipped["game"] == "farms_race" and shipped["format"] == lab.RESULTS_FORMAT
    cells = {(c["preset"], c["players"]) for c in shipped["cells"]}
    assert cells == {(p.name, n) for p in RECORD.presets for n in (3, 4)}


def test_every_cell_was_produced_by_its_recorded_command(shipped: dict[str, Any]) -> None:
    for cell in shipped["cells"]:
        params = parsed_command(cell["command"])
        assert params["game"] == "farms_race"
        assert params["n"] == cell["games"] >= 100, cell["command"]
        assert params["seed"] == cell["master_seed"]
        assert params["agents"] in (None, AGENT) and cell["agents"] == [AGENT] * cell["players"]
        named = [RECORD.preset(name).name for name in params["preset"] or ()]
        assert not named or cell["preset"] in named
        assert not params["players"] or cell["players"] in params["players"]
        assert params["write"] and not params["check"] and params["out"] is None
        preset = RECORD.preset(cell["preset"])
        assert cell["params"] == dict(preset.params)
        assert cell["seed"] == lab.cell_seed(cell["master_seed"], lab.Cell(preset, cell["players"]))
        assert len(cell["date"]) == 10  # YYYY-MM-DD
        # The figures are those of the stored sample.
        sample = lab.expand_counts(cell["rounds_counts"])
        assert len(sample) == cell["games"]
        r = cell["rounds"]
        assert r["median"] == median(sample)
        assert (r["p10"], r["p90"]) == (
            lab.percentile(sample, 0.1),
            lab.percentile(sample, 0.9),
        )
        assert r["median_ci95"] == list(lab.median_interval(sample))
        assert r["median_ci95"][0] <= r["median"] <= r["median_ci95"][1]
        assert (r["min"], r["max"]) == (sample[0], sample[-1])
        assert r["capped"] == 0  # no game came near the round cap (FR-R54)
        check = cell["check"]
        assert check["median_interval"] == list(
            lab.fresh_median_interval(sample, check["fresh_games"], seed=cell["seed"])
        )


def test_the_minutes_model_is_the_data_file_and_the_web_apps_pacing(
    shipped: dict[str, Any],
) -> None:
    model = lab.load_model(RECORD)
    assert shipped["model"] == model.to_json()  # the figures were made with today's model
    assert set(model.provenance.values()) == {"PROPOSED"}
    # A bot turn lasts the web app's budget for a turn of its medium bot, pauses included. The
    # budget may be tuned without remeasuring as long as no estimate moves by half a minute.
    medium = next(level for level in DEFAULT_BOT_LEVELS if level.name == "medium")
    paced = dataclasses.replace(model, bot_turn_seconds=medium.turn_seconds)
    for cell in shipped["cells"]:
        sample = lab.expand_counts(cell["rounds_counts"])
        minutes = median([paced.seconds(r, cell["players"]) / 60 for r in sample])
        assert abs(minutes - cell["minutes"]["median"]) <= 0.5, (cell["preset"], minutes)
        mine = median([model.seconds(r, cell["players"]) / 60 for r in sample])
        assert round(mine, 1) == cell["minutes"]["median"]  # the stored minutes are the model's
    spec = RECORD.durations
    assert spec is not None
    raw = tomllib.loads(spec.path(spec.model).read_text("utf-8"))
    assert all(item["source"] for item in raw["model"].values())


def test_minutes_model_arithmetic() -> None:
    model = lab.DurationModel(20, 1.6, 60)
    # 10 rounds, 3 players: 10 turns of the person, 20 bot turns.
    assert model.seconds(10, 3) == pytest.approx(60 + 200 + 20 * 1.6)


def test_order_statistics_and_percentiles() -> None:
    values = list(range(1, 101))
    assert lab.median_interval(values) == (40, 61)  # the textbook ranks for n = 100
    assert lab.percentile(values, 0.1) == 10 and lab.percentile(values, 0.9) == 90
    assert lab.median_interval([5, 6, 7]) == (5, 7)  # too few games: the whole range
    assert lab.about_minutes(23.4) == 25 and lab.about_minutes(7.4) == 7


@pytest.fixture(scope="module")
def fresh_rounds() -> list[int]:
    """A fresh run of the fastest cell with another master seed."""
    preset, players = FRESH_CELL
    cell = lab.Cell(RECORD.preset(preset), players)
    played = lab.play_cells("farms_race", [cell], FRESH_GAMES, 4242, AGENT, LocalBackend(1))
    return [g.rounds for g in played[cell.key]]


def test_a_fresh_run_agrees_with_the_shipped_figures(
    shipped: dict[str, Any], fresh_rounds: list[int]
) -> None:
    stored = cell_of(shipped, *FRESH_CELL)
    ok, words = lab.median_within(stored, fresh_rounds)
    assert ok, words
    low, high = stored["check"]["median_interval"]
    assert stored["check"]["fresh_games"] == len(fresh_rounds)
    assert low <= median(fresh_rounds) <= high


def test_the_comparison_fails_against_altered_figures(
    shipped: dict[str, Any], fresh_rounds: list[int]
) -> None:
    stored = cell_of(shipped, *FRESH_CELL)
    # Games 8 rounds longer than measured: the fresh median falls outside.
    longer = copy.deepcopy(stored)
    longer["rounds_counts"] = {str(int(r) + 8): c for r, c in stored["rounds_counts"].items()}
    longer["rounds"]["median"] = stored["rounds"]["median"] + 8
    ok, words = lab.median_within(longer, fresh_rounds)
    assert not ok and "outside" in words
    # A median edited by hand no longer matches its own sample.
    edited = copy.deepcopy(stored)
    edited["rounds"]["median"] = stored["rounds"]["median"] + 3
    assert not lab.median_within(edited, fresh_rounds)[0]
    # A sample that lost games.
    fewer = copy.deepcopy(stored)
    fewer["games"] += 1
    assert not lab.median_within(fewer, fresh_rounds)[0]


def test_the_command_checks_and_writes(tmp_path: Path) -> None:
    """``--check`` against the shipped file passes for a short fresh run; writing merges the
    measured cells into a results file with the command line recorded."""
    out = tmp_path / "durations.json"
    base = ["durations", "farms_race", "--preset", "first game", "--players", "3"]
    result = runner.invoke(
        app, [*base, "-n", "2", "--seed", "5", "--workers", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    assert [(c["preset"], c["players"], c["games"]) for c in doc["cells"]] == [("first_game", 3, 2)]
    params = parsed_command(doc["cells"][0]["command"])
    assert params["n"] == 2 and params["seed"] == 5 and params["preset"] == ["first_game"]

    # The acceptance check as a user runs it: a fresh run against the shipped file.
    check = runner.invoke(app, [*base, "-n", str(FRESH_GAMES), "--seed", "777", "--check"])
    assert check.exit_code == 0 and "OK first_game/3" in check.output, check.output

    bad = runner.invoke(app, ["durations", "farms_race", "--preset", "marathon", "-n", "1"])
    assert bad.exit_code == 2 and "first_game, standard, expert" in " ".join(bad.output.split())
    bad = runner.invoke(app, ["durations", "farms_race", "--players", "2", "-n", "1"])
    assert bad.exit_code == 2 and "3–4 players" in " ".join(bad.output.split())


def test_results_missing_are_none_yet_and_unreadable_results_fail_loudly() -> None:
    spec = RECORD.durations
    assert spec is not None
    missing = dataclasses.replace(RECORD, durations=dataclasses.replace(spec, results="none.json"))
    assert lab.read_results(missing) is None
    folder = dataclasses.replace(RECORD, durations=dataclasses.replace(spec, results="data"))
    with pytest.raises(lab.DurationsError, match="cannot be read"):
        lab.read_results(folder)
