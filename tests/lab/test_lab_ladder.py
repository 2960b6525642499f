"""The strength ladder (``farmstead.lab.ladder``, ``farmstead ladder``; issue 19), on the toy
Dice Nim so that it runs in seconds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from toygames import DiceNimGame, nim_evaluate

from farmstead.core.errors import InvalidParamError
from farmstead.core.registry import GameRegistration, Heuristics, registered_game
from farmstead.lab.elo import EloRating
from farmstead.lab.ladder import Ladder, ladder_agents, render_ladder_html, run_ladder, write_ladder


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
