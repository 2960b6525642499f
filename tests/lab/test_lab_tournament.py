"""Tournaments: seat rotation, derived seeds, byte-identical results, resuming, clean errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from toygames import DiceNimGame

from farmstead.core.errors import InvalidParamError, UnknownAgentError, UnknownGameError
from farmstead.core.record import GameRecord, read_records
from farmstead.core.registry import load_game
from farmstead.core.rng import derive_seed
from farmstead.lab.backends import BackendError, LocalBackend, make_backend
from farmstead.lab.play import play_game
from farmstead.lab.results import ResultsMismatchError, read_timings, timings_path
from farmstead.lab.tournament import RunSummary, Tournament, run_tournament, seat_lineups

AGENTS = ["random", "mcts:iterations=20,rollout_depth=-1"]


def nim() -> DiceNimGame:
    return DiceNimGame(2, pile=12)


def test_two_agents_two_seats_alternate() -> None:
    assert seat_lineups(2, 2) == [(0, 1), (1, 0)]


def test_three_agents_two_seats_play_every_ordered_pair() -> None:
    lineups = seat_lineups(3, 2)
    assert sorted(lineups) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


def test_fewer_agents_than_seats_rotate_every_seat() -> None:
    assert seat_lineups(2, 3) == [(0, 1, 0), (1, 0, 0), (0, 0, 1)]
    assert seat_lineups(1, 4) == [(0, 0, 0, 0)]
    for lineups in (seat_lineups(2, 3), seat_lineups(3, 3), seat_lineups(2, 4)):
        for agent in {a for lineup in lineups for a in lineup}:
            seats = [sum(lineup[s] == agent for lineup in lineups) for s in range(len(lineups[0]))]
            assert len(set(seats)) == 1, f"agent {agent} unevenly seated: {seats}"


def test_game_i_uses_the_derived_seed_and_its_lineup() -> None:
    records = list(run_tournament(nim(), AGENTS, 4, seed=7, workers=1))
    for index, record in enumerate(records):
        assert record.seed == derive_seed(7, index)
        assert record.agents == (AGENTS if index % 2 == 0 else AGENTS[::-1])
        assert record.meta["index"] == index
        # each record is exactly play_game with that seed and seating
        again = play_game(nim(), record.agents, record.seed)
        assert again.actions == record.actions and again.returns == record.returns


def test_results_are_byte_identical_for_one_and_two_workers(tmp_path: Path) -> None:
    """Same master seed, same bytes, whatever the worker count."""
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    list(run_tournament(nim(), AGENTS, 24, seed=5, workers=1, out=one))
    list(run_tournament(nim(), AGENTS, 24, seed=5, workers=2, out=two))
    assert one.read_bytes() == two.read_bytes()
    assert len(one.read_bytes().splitlines()) == 24


def test_results_file_has_records_in_order_and_no_clock(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    list(run_tournament(nim(), AGENTS, 6, seed=1, workers=2, out=out))
    lines = out.read_text().splitlines()
    assert [json.loads(line)["meta"]["index"] for line in lines] == list(range(6))
    for line in lines:
        doc = json.loads(line)
        assert set(doc["meta"]) == {"index", "master_seed", "decisions"}
        assert "time" not in line and "seconds" not in line
    timings = read_timings(timings_path(out))
    assert [t.index for t in timings] == list(range(6))
    assert all(t.seconds >= 0 and len(t.agent_seconds) == 2 for t in timings)
    run_lines = [json.loads(x) for x in timings_path(out).read_text().splitlines() if '"run"' in x]
    assert run_lines and run_lines[-1]["games_played"] == 6


def test_interrupted_run_resumes_to_the_same_bytes(tmp_path: Path) -> None:
    full, cut = tmp_path / "full.jsonl", tmp_path / "cut.jsonl"
    list(run_tournament(nim(), AGENTS, 10, seed=3, workers=1, out=full))
    stream = run_tournament(nim(), AGENTS, 10, seed=3, workers=1, out=cut)
    for _ in range(4):
        next(stream)
    stream.close()  # interrupted after 4 games
    assert len(cut.read_text().splitlines()) == 4
    with cut.open("a") as handle:  # and a half-written fifth line
        handle.write('{"actions":[0,1')
    with timings_path(cut).open("a") as handle:  # in both files
        handle.write('{"agent_seconds":[0.1')
    summary = RunSummary()
    records = list(run_tournament(nim(), AGENTS, 10, seed=3, workers=2, out=cut, summary=summary))
    assert summary.games_resumed == 4 and summary.games_played == 6
    assert [t.index for t in read_timings(timings_path(cut))] == list(range(10))
    assert [r.meta["index"] for r in records] == list(range(10))
    assert cut.read_bytes() == full.read_bytes()


def test_rerun_of_a_finished_tournament_plays_nothing(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    list(run_tournament(nim(), AGENTS, 4, seed=3, workers=1, out=out))
    before = out.read_bytes()
    summary = RunSummary()
    assert len(list(run_tournament(nim(), AGENTS, 4, seed=3, out=out, summary=summary))) == 4
    assert summary.games_played == 0 and out.read_bytes() == before


@pytest.mark.parametrize(
    "change",
    [{"seed": 4}, {"agents": ["random", "mcts:iterations=21,rollout_depth=-1"]}],
)
def test_results_of_another_tournament_are_refused_and_kept(
    tmp_path: Path, change: dict[str, object]
) -> None:
    out = tmp_path / "r.jsonl"
    list(run_tournament(nim(), AGENTS, 3, seed=3, workers=1, out=out))
    before = out.read_bytes()
    settings: dict[str, Any] = {"agents": AGENTS, "seed": 3, **change}
    with pytest.raises(ResultsMismatchError, match="other results"):
        run_tournament(nim(), settings["agents"], 3, settings["seed"], out=out)
    assert out.read_bytes() == before


def test_library_api_yields_records() -> None:
    stream = run_tournament(nim(), "random,mcts:iterations=10,rollout_depth=-1", 2, seed=1)
    records = list(stream)
    assert all(isinstance(r, GameRecord) and r.returns is not None for r in records)


def test_unknown_agent_fails_before_any_game(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    with pytest.raises(UnknownAgentError, match="valid choices: heuristic, mcts, random"):
        run_tournament(nim(), ["random", "minimax"], 2, out=out)
    assert not out.exists()


def test_unknown_game_and_params_fail_with_the_valid_choices() -> None:
    with pytest.raises(UnknownGameError, match="rancho"):
        run_tournament("chess", ["random"], 2)
    with pytest.raises(InvalidParamError, match="valid parameters"):
        run_tournament("rancho", ["random"], 2, params={"dice_colour": "red"})
    with pytest.raises(InvalidParamError, match="valid parameters"):
        run_tournament(nim(), ["mcts:depth=3"], 2)


def test_agent_that_cannot_play_the_game_fails_first() -> None:
    """The toy game has no heuristics module: heuristic is refused before any game runs."""
    with pytest.raises(LookupError, match="heuristics"):
        run_tournament(nim(), ["random", "heuristic"], 2)


def test_duplicate_agents_are_refused() -> None:
    with pytest.raises(InvalidParamError, match="agents must differ"):
        Tournament(nim(), ("random", "random"), 2, 0)


def test_rotate_seats_repeated_agents_in_every_seat() -> None:
    """One agent against copies of another (a 4-player "one heuristic against three random"):
    with ``rotate`` the lineup is rotated, so each listed agent plays every seat once per
    cycle; it must list one agent per seat."""
    game = load_game("livestock_uprising", 4)
    t = Tournament(game, ("heuristic", "random", "random", "random"), 8, 0, rotate=True)
    seats = [t.seat_agents(i) for i in range(4)]
    assert [lineup.index("heuristic") for lineup in seats] == [0, 3, 2, 1]
    assert all(sorted(lineup) == ["heuristic", "random", "random", "random"] for lineup in seats)
    assert t.seat_agents(4) == seats[0]
    with pytest.raises(InvalidParamError, match="one agent per seat"):
        Tournament(game, ("heuristic", "random"), 2, 0, rotate=True)


def test_backend_choices_are_checked() -> None:
    with pytest.raises(BackendError, match="valid choices: local, ray"):
        make_backend("spark")
    with pytest.raises(BackendError, match="at least 1"):
        LocalBackend(0)
    with pytest.raises(BackendError, match="--backend ray"):
        make_backend("local", address="ray://head:10001")


def test_records_replay_through_the_registry(tmp_path: Path) -> None:
    """Records of a registered game replay to their result (Rancho, short games)."""
    out = tmp_path / "rancho.jsonl"
    list(
        run_tournament(
            "rancho", ["random"], 2, seed=2, params={"max_rounds": 15}, workers=1, out=out
        )
    )
    for record in read_records(out):
        assert record.replay().returns() == record.returns
