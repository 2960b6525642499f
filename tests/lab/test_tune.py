"""``farmstead tune`` on a toy game whose balanced setting is known: a coin decides who moves
first, the first mover passes, and a die then makes the first mover win with probability
``edge``/10. Only ``edge=5`` has no first-player advantage; the tuner must find it, confirm it,
and resume from its trials file."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from farmstead.cli.main import app
from farmstead.core.errors import IllegalActionError, InvalidParamError
from farmstead.core.facts import GameFacts, SeatFacts
from farmstead.core.game import Game, GameInfo, GameType, ParamSpec, PlayerId, State
from farmstead.core.registry import GameRegistration, registered_game
from farmstead.lab.tune import Objective, SearchParam, TuneError, plan, read_trials, tune

runner = CliRunner()
COIN, PASS, DIE, OVER = 0, 1, 2, 3


class EdgeGame(Game):
    type = GameType(
        name="toy_edge",
        long_name="Edge (test toy)",
        description="a coin picks the first mover, who wins with probability edge/10",
        min_players=2,
        max_players=2,
        has_chance=True,
        perfect_information=True,
        params=(
            ParamSpec("edge", int, 7, "first mover's chance in tenths", minimum=0, maximum=10),
        ),
    )

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            num_players=2,
            num_distinct_actions=1,
            max_chance_outcomes=2,
            max_game_length=3,
            min_utility=-1.0,
            max_utility=1.0,
        )

    def new_initial_state(self) -> EdgeState:
        return EdgeState(self, COIN, -1, -1)

    def state_from_json(self, doc: Any) -> EdgeState:
        raise NotImplementedError


class EdgeState(State):
    __slots__ = ("phase", "first", "winner")

    def __init__(self, game: Game, phase: int, first: int, winner: int) -> None:
        super().__init__(game)
        self.phase, self.first, self.winner = phase, first, winner

    def current_player(self) -> int:
        if self.phase == OVER:
            return PlayerId.TERMINAL
        return self.first if self.phase == PASS else PlayerId.CHANCE

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def _legal_actions(self) -> list[int]:
        return [0]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == COIN:
            return [(0, 0.5), (1, 0.5)]
        edge = self.game.params["edge"] / 10
        return [(o, p) for o, p in ((0, edge), (1, 1 - edge)) if p > 0]

    def _apply(self, action: int) -> None:
        if self.phase == COIN:
            self.first, self.phase = action, PASS
        elif self.phase == PASS:
            self.phase = DIE
        else:  # outcome 0: the first mover wins
            self.winner = self.first if action == 0 else 1 - self.first
            self.phase = OVER

    def _action_to_string(self, action: int) -> str:
        return "pass" if self.phase == PASS else str(action)

    def _action_to_json(self, action: int) -> Any:
        return {"action": action}

    def action_from_json(self, doc: Any) -> int:
        raise IllegalActionError("not used")

    def _observation(self, seat: int | None) -> Any:
        return self.to_json()

    def to_json(self) -> Any:
        return {"phase": self.phase, "first": self.first, "winner": self.winner}

    def clone(self) -> EdgeState:
        return EdgeState(self.game, self.phase, self.first, self.winner)


def edge_facts(final: State, actions: Sequence[int]) -> GameFacts:
    assert isinstance(final, EdgeState)
    return GameFacts(
        end="die",
        rounds=1,
        turns=1,
        seats=tuple(SeatFacts(order=0 if seat == final.first else 1) for seat in (0, 1)),
    )


@pytest.fixture
def edge_registered() -> Iterator[None]:
    record: GameRegistration[EdgeState] = GameRegistration(
        game=EdgeGame, rules_summary="A coin, a pass, a die.", facts=edge_facts
    )
    with registered_game(record):
        yield


def test_search_params_and_objectives_parse_and_fail_clearly() -> None:
    specs = EdgeGame.type.params
    assert SearchParam.parse("edge=2..8", specs).grid() == list(range(2, 9))
    assert SearchParam.parse("edge=3|5", specs).grid() == ["3", "5"]
    for bad in ("edge", "edge=", "speed=1..3", "edge=5..5", "edge=a..b", "edge=5"):
        with pytest.raises(InvalidParamError):
            SearchParam.parse(bad, specs)
    assert Objective.parse("first_player<=2") == Objective("first_player", 0.02)
    assert Objective.parse("trait:species<=3") == Objective("trait", 0.03, "species")
    for bad in ("first_player", "first_player<=0", "speed<=2", "trait:<=3", "first_player<=x"):
        with pytest.raises(InvalidParamError):
            Objective.parse(bad)


def test_the_tuner_finds_the_balanced_edge_and_confirms_it(
    edge_registered: None, tmp_path: Path
) -> None:
    run = plan("toy_edge", "random", ["edge=3..7"], "first_player<=10", 1000, 5, seed=1)
    out = tmp_path / "trials.jsonl"
    result = tune(run, out, confirm_games=2000, workers=1)
    assert sorted(t.params["edge"] for t in result.trials) == [3, 4, 5, 6, 7]  # the whole grid
    best = result.best
    assert best is not None and best.params == {"edge": 5}
    assert best.measure.meets
    assert result.confirmation is not None and result.confirmation.meets
    # edge 3 and 7: the first mover wins 30% / 70%, an advantage of 40 points either way
    far = [t for t in result.trials if t.params["edge"] in (3, 7)]
    assert all(t.measure.low > 0.25 and not t.measure.meets for t in far)

    # a re-run resumes: nothing is played again, the same best comes back
    again = tune(run, out, workers=1)
    assert [t.params for t in again.trials] == [t.params for t in result.trials]
    assert len(read_trials(out, run)) == 5


def test_a_trials_file_of_another_run_is_refused(edge_registered: None, tmp_path: Path) -> None:
    out = tmp_path / "trials.jsonl"
    first = plan("toy_edge", "random", ["edge=4..6"], "first_player<=10", 50, 3, seed=1)
    tune(first, out, workers=1)
    other = plan("toy_edge", "random", ["edge=4..6"], "first_player<=5", 50, 3, seed=1)
    with pytest.raises(TuneError, match="another tuning run"):
        tune(other, out, workers=1)


def test_tpe_searches_a_space_larger_than_the_trials(edge_registered: None) -> None:
    run = plan("toy_edge", "random", ["edge=0..10"], "first_player<=10", 100, 4, seed=2)
    result = tune(run, workers=1)
    assert len(result.trials) == 4
    assert all(0 <= t.params["edge"] <= 10 for t in result.trials)


def test_no_setting_can_meet_an_objective_that_is_out_of_reach(edge_registered: None) -> None:
    # Only edge 0 and 10 are searched: the first mover always loses or always wins.
    run = plan("toy_edge", "random", ["edge=0|10"], "first_player<=5", 100, 2, seed=1)
    result = tune(run, workers=1, confirm_games=100)
    assert all(not t.measure.meets and t.measure.low > 0.9 for t in result.trials)
    assert result.confirmation is not None and not result.confirmation.meets


def test_tune_command(edge_registered: None, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    args = ["tune", "toy_edge", "--param", "edge=4..6", "--objective", "first_player<=10"]
    args += ["--agents", "random", "-n", "1000", "--confirm", "2000", "--workers", "1"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Best: edge=5" in text and "the setting meets the objective" in text
    header = json.loads(out.read_text().splitlines()[0])
    assert header["objective"] == "first_player<=10"
    bad = runner.invoke(
        app,
        ["tune", "toy_edge", "--param", "edge=1..3", "--objective", "x<=2", "--agents", "random"],
    )
    assert bad.exit_code != 0 and "objective" in bad.output
