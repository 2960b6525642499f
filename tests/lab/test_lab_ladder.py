"""The strength ladder (``farmstead.lab.ladder``, ``farmstead ladder``), on the toy
Dice Nim so that it runs in seconds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from toygames import DiceNimGame, nim_evaluate

from farmstead.core.errors import InvalidParamError
from farmstead.core.registry import GameRegistration, Heuristics, registered_game
from farmstead.lab import ladder as ladder_module
from farmstead.lab.elo import EloRating
from farmstead.lab.ladder import (
    Ladder,
    ladder_agent,
    ladder_agents,
    level_rating,
    published_ladder,
    render_ladder_html,
    run_ladder,
    write_index,
    write_ladder,
)


@pytest.fixture
def nim_registered() -> Iterator[None]:
    record = GameRegistration(
        game=DiceNimGame,
        rules_summary="Take 1-3 tokens; last one wins.",
        heuristics=Heuristics(evaluate=nim_evaluate),
    )
    with registered_game(record):
        yield


def test_ladder_agents_are_random_heuristic_and_three_mcts_budgets() -> None:
    assert ladder_agents([40, 10, 20]) == (
        "random",
        "heuristic",
        "mcts:iterations=10",
        "mcts:iterations=20",
        "mcts:iterations=40",
    )
    for bad in ([], [10, 10, 20], [0, 5, 6]):
        with pytest.raises(InvalidParamError):
            ladder_agents(bad)


def test_ladder_is_a_seeded_round_robin_with_every_pair_in_both_seat_orders(
    nim_registered: None, tmp_path: Path
) -> None:
    ladder = run_ladder(
        "toy_dice_nim",
        rounds=1,
        seed=5,
        budgets=(2, 4, 8),
        workers=1,
        out=tmp_path / "nim.jsonl",
        command="farmstead ladder toy_dice_nim",
    )
    assert len(ladder.records) == 20  # 5 agents, 2 seats: 20 ordered pairs
    orders = {tuple(r.agents) for r in ladder.records}
    assert len(orders) == 20
    assert {p.games for p in ladder.pairs} == {2}
    assert len(ladder.pairs) == 20
    assert {r.agent for r in ladder.elo} == set(ladder.agents)
    for rating in ladder.elo:
        assert rating.low <= rating.elo <= rating.high
    # Resuming from the records file plays nothing and gives the same figures.
    again = run_ladder(
        "toy_dice_nim",
        rounds=1,
        seed=5,
        budgets=(2, 4, 8),
        workers=1,
        out=tmp_path / "nim.jsonl",
        command="farmstead ladder toy_dice_nim",
    )
    assert again.to_json() | {"seconds": 0} == ladder.to_json() | {"seconds": 0}
    html_path, json_path = write_ladder(ladder, tmp_path / "report")
    page = html_path.read_text(encoding="utf-8")
    for text in (
        "Elo",
        "Head to head",
        "Wilson",
        "derive_seed(5, i)",
        "farmstead ladder toy_dice_nim",
        "mcts:iterations=8",
    ):
        assert text in page
    figures = json.loads(json_path.read_text(encoding="utf-8"))
    assert figures["seed"] == 5 and figures["games"] == 20


def _ladder(ratings: list[tuple[str, float, float, float]]) -> Ladder:
    return Ladder(
        game="g",
        players=2,
        agents=tuple(name for name, *_ in ratings),
        rounds=1,
        seed=0,
        records=[],
        elo=[EloRating(name, elo, 10.0, low, high) for name, elo, low, high in ratings],
        pairs=[],
        command="",
        seconds=0.0,
    )


def test_order_problems_name_each_rung_out_of_order_or_overlapping() -> None:
    clean = _ladder(
        [("random", -300, -350, -250), ("heuristic", 0, -40, 40), ("mcts", 300, 250, 350)]
    )
    assert clean.order_problems() == []
    assert "Strictly ordered" in render_ladder_html(clean)
    tangled = _ladder(
        [("random", -300, -350, -250), ("heuristic", 100, 60, 140), ("mcts", 90, 50, 130)]
    )
    problems = tangled.order_problems()
    assert len(problems) == 1 and problems[0].startswith("mcts (+90) is not above heuristic")
    close = _ladder([("random", -300, -350, -250), ("heuristic", -200, -260, -150)])
    assert "overlaps" in close.order_problems()[0]
    assert "Not strictly ordered" in render_ladder_html(close)


def test_published_figures_name_levels_by_elo_and_the_index_is_generated(
    nim_registered: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A published ladder's figures give each level the Elo of the ladder agent it
    plays as (its ``seconds`` cap aside); the docs index is written from the figures."""
    figures = tmp_path / "figures"
    figures.mkdir()
    monkeypatch.setattr(ladder_module, "published_folder", lambda: figures)
    assert level_rating("toy_dice_nim", "heuristic") is None  # nothing published yet
    ladder = run_ladder("toy_dice_nim", rounds=1, seed=3, budgets=(2, 4, 8), workers=1)
    write_ladder(ladder, tmp_path / "docs", figures)
    assert (tmp_path / "docs" / "toy_dice_nim.html").is_file()
    assert not (tmp_path / "docs" / "toy_dice_nim.json").exists()
    assert published_ladder("toy_dice_nim") == json.loads(json.dumps(ladder.to_json()))
    rated = level_rating("toy_dice_nim", "mcts:seconds=1.5,iterations=8")
    assert rated is not None and rated["agent"] == "mcts:iterations=8"
    assert rated["elo"] == round(ladder.rating("mcts:iterations=8").elo, 1)
    assert rated["games"] == 20
    assert level_rating("toy_dice_nim", "mcts:iterations=3") is None  # not on the ladder
    assert ladder_agent("mcts:seconds=2,iterations=400,c=1") == "mcts:c=1,iterations=400"
    index = write_index(tmp_path / "docs").read_text(encoding="utf-8")
    assert "## toy_dice_nim" in index and "(toy_dice_nim.html)" in index
    assert "| mcts:iterations=8 |" in index and "--publish" in index
