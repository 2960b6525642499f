"""Parameter sweeps: every setting plays the same seeded games; tables and plots per setting."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from toygames import DiceNimGame, DiceNimState

from farmstead.core.errors import InvalidParamError
from farmstead.core.registry import GameRegistration, registered_game
from farmstead.lab.sweep import (
    SweepAxis,
    plan_sweep,
    render_sweep_html,
    run_sweep,
    sweep_plots,
    sweep_tables,
)


@pytest.fixture
def nim_registered() -> Iterator[None]:
    """Register the toy game for one test only (sweeps look games up by name)."""
    record: GameRegistration[DiceNimState] = GameRegistration(
        game=DiceNimGame, rules_summary="Take 1-3 tokens; last one wins."
    )
    with registered_game(record):
        yield


def test_axis_parsing() -> None:
    assert SweepAxis.parse("pile= 5, 9 ,13") == SweepAxis("pile", ("5", "9", "13"))
    assert SweepAxis.parse("d6=1,1,2|1,2,4") == SweepAxis("d6", ("1,1,2", "1,2,4"))
    for bad in ("pile", "pile=", "=1,2", "pile=1,,2", "pile=3,3", "d6=1,2|"):
        with pytest.raises(InvalidParamError):
            SweepAxis.parse(bad)


def test_plan_is_the_product_of_the_axes(nim_registered: None) -> None:
    points = plan_sweep(
        "toy_dice_nim", [SweepAxis("pile", ("5", "9")), SweepAxis("players", ("2", "3"))]
    )
    assert [p.settings for p in points] == [
        {"pile": "5", "players": "2"},
        {"pile": "5", "players": "3"},
        {"pile": "9", "players": "2"},
        {"pile": "9", "players": "3"},
    ]
    assert [(p.game.params["pile"], p.game.num_players) for p in points] == [
        (5, 2),
        (5, 3),
        (9, 2),
        (9, 3),
    ]


def test_bad_sweep_values_fail_before_any_game(nim_registered: None, tmp_path: Path) -> None:
    with pytest.raises(InvalidParamError, match="pile"):
        run_sweep("toy_dice_nim", [SweepAxis.parse("pile=5,100")], "random", 4, out_dir=tmp_path)
    with pytest.raises(InvalidParamError, match="valid parameters"):
        run_sweep("toy_dice_nim", [SweepAxis.parse("piles=5,6")], "random", 4, out_dir=tmp_path)
    with pytest.raises(InvalidParamError, match="players"):
        plan_sweep("toy_dice_nim", [SweepAxis.parse("players=2,7")])
    assert list(tmp_path.iterdir()) == []


def test_sweep_moves_the_seat_advantage(nim_registered: None, tmp_path: Path) -> None:
    """Nim without gusts between two perfect (Nim-theory) players is decided by the pile: the
    first player wins unless the pile is a multiple of 4. mcts plays it perfectly on small
    piles, so the sweep must show seat 0 winning at pile 5 and seat 1 winning at pile 8."""
    points = run_sweep(
        "toy_dice_nim",
        [SweepAxis.parse("pile=5,8")],
        "mcts:iterations=300,rollout_depth=-1",
        6,
        seed=3,
        params={"gusts": 0},
        workers=1,
        out_dir=tmp_path,
    )
    seat0 = [p.seats()[0].rate for p in points]
    assert seat0 == [1.0, 0.0]
    assert sorted(f.name for f in tmp_path.glob("*.jsonl")) == [
        "toy_dice_nim-pile=5.jsonl",
        "toy_dice_nim-pile=5.timings.jsonl",
        "toy_dice_nim-pile=8.jsonl",
        "toy_dice_nim-pile=8.timings.jsonl",
    ]
    # the same master seed gives every setting the same per-game seeds
    assert [r.seed for r in points[0].records] == [r.seed for r in points[1].records]
    title, headers, rows = sweep_tables(points)[0]
    assert headers[:4] == ["setting", "games", "seat 0", "seat 1"]
    assert rows[0][0] == "pile=5" and rows[0][2].startswith("100.0%")
    drawn = sweep_plots(points, "toy_dice_nim")
    page = render_sweep_html(points, "toy_dice_nim", drawn)
    assert len(re.findall(r"data:image/png;base64,", page)) == 2
    assert "pile=8" in page


def test_sweep_with_two_agents_reports_agent_win_rates(
    nim_registered: None, tmp_path: Path
) -> None:
    points = run_sweep(
        "toy_dice_nim",
        [SweepAxis.parse("gusts=0,3")],
        ["random", "mcts:iterations=50,rollout_depth=-1"],
        4,
        seed=1,
        workers=1,
    )
    tables = sweep_tables(points)
    assert [title for title, _, _ in tables][1].startswith("Agent win rates")
    assert all(len(p.records) == 4 for p in points)
