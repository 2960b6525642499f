"""The ``farmstead`` command line: list, rules, agents, play, replay, simulate, check, bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from farmstead.cli.main import app
from farmstead.core.record import GameRecord, read_records

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_list_shows_games_and_player_ranges() -> None:
    code, out = run("list")
    assert code == 0
    assert "rancho" in out and "Super Farmer Rancho" in out and "2–6" in out


def test_rules_shows_provenance_and_proposed_note() -> None:
    code, out = run("rules", "rancho", "--data")
    assert code == 0
    assert "PROPOSED" in out and "OFFICIAL" in out
    assert "proposed" in out.lower() and "d12" in out


def test_unknown_game_is_a_clean_error() -> None:
    code, out = run("rules", "chess")
    assert code == 2
    assert "unknown game 'chess'" in out and "rancho" in out and "Traceback" not in out


def test_play_human_against_bot_reprompts_bad_input_and_quits(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run(
        "play",
        "rancho",
        "--players",
        "human,random",
        "--seed",
        "3",
        "--param",
        "first_player=0",
        "--record",
        str(record),
        input="hello\n999\nids\n1\nquit\n",
    )
    assert code == 0, out
    assert "'hello' is not a number" in out
    assert "999 is out of range: choose a number from 1 to" in out
    assert "P33" in out  # the 'ids' map names the spaces
    assert "Game stopped." in out
    saved = GameRecord.load(record)
    assert saved.seed == 3 and saved.returns is None and len(saved.actions) >= 1


def test_play_with_bots_only_finishes_and_shows_dice(tmp_path: Path) -> None:
    record = tmp_path / "bots.json"
    code, out = run(
        "play",
        "rancho",
        "--players",
        "random,random",
        "--seed",
        "8",
        "--param",
        "max_rounds=5",
        "--record",
        str(record),
    )
    assert code == 0, out
    # One line per turn, in words (turns, not micro-steps).
    assert "Turn 2: " in out and " rolled " in out and "Result:" in out
    assert "Roll the dice" not in out
    assert GameRecord.load(record).returns is not None


def test_play_rejects_unknown_agent_with_choices() -> None:
    code, out = run("play", "rancho", "--players", "human,grandmaster")
    assert code == 2 and "unknown agent 'grandmaster'" in out and "random" in out


def test_play_rejects_unknown_param() -> None:
    code, out = run("play", "rancho", "--players", "random,random", "--param", "wolves=3")
    assert code == 2 and "unknown parameter 'wolves'" in out


def test_simulate_table_and_records(tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    code, out = run(
        "simulate",
        "rancho",
        "--players",
        "random,random",
        "-n",
        "6",
        "--seed",
        "1",
        "--param",
        "max_rounds=10",
        "--out",
        str(out_file),
    )
    assert code == 0, out
    assert "95% interval" in out and "Draws:" in out and "decisions/s" in out
    records = list(read_records(out_file))
    assert len(records) == 6 and all(r.returns is not None for r in records)
    # Same seed, same records.
    again = tmp_path / "again.jsonl"
    run(
        "simulate",
        "rancho",
        "--players",
        "random,random",
        "-n",
        "6",
        "--seed",
        "1",
        "--param",
        "max_rounds=10",
        "--out",
        str(again),
    )
    assert again.read_text() == out_file.read_text()


def test_replay_prints_moves_in_words(tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    run(
        "simulate",
        "rancho",
        "--players",
        "random,random",
        "-n",
        "2",
        "--seed",
        "4",
        "--param",
        "max_rounds=3",
        "--out",
        str(out_file),
    )
    code, out = run("replay", str(out_file), "--index", "1")
    assert code == 0, out
    # Turn by turn: a line per turn; --steps lists each step under its turn.
    assert "Turn    2  " in out and " rolled " in out and "Result:" in out
    assert "Roll the dice" not in out
    code, out = run("replay", str(out_file), "--index", "1", "--steps")
    assert code == 0 and "Dice:" in out and "Roll the dice" in out
    single = tmp_path / "one.json"
    single.write_text(json.dumps(next(read_records(out_file)).to_json()))
    code, out = run("replay", str(single))
    assert code == 0 and "Result:" in out


def test_replay_rejects_a_broken_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "rancho", "players": 2, "actions": [4242]}')
    code, out = run("replay", str(bad))
    assert code == 2 and "illegal" in out and "Traceback" not in out


def test_check_runs_the_conformance_checker() -> None:
    code, out = run(
        "check", "rancho", "--players", "3", "-n", "2", "--workers", "1", "--param", "max_rounds=5"
    )
    assert code == 0, out
    assert "OK" in out and "no contract broken" in out


def test_bench_reports_decisions_per_second_and_clone_cost() -> None:
    code, out = run("bench", "rancho", "--seconds", "0.3", "--mcts-seconds", "0.3")
    assert code == 0, out
    assert "decisions/s" in out and "clone" in out
    line = next(text for text in out.splitlines() if text.startswith("rancho:"))
    rate = line.split("mcts ")[1].split(" iterations/s")[0].replace(",", "")
    assert float(rate) > 0, line


def test_bench_mcts_counts_the_iterations_of_its_searches() -> None:
    """The MCTS figure is iterations actually searched over the time spent searching."""
    from farmstead.core.registry import load_game
    from farmstead.lab.benchmark import benchmark_mcts

    result = benchmark_mcts(load_game("animal_farm"), seconds=0.2, seed=1, iterations=20)
    assert result.searches >= 1
    assert result.iterations == 20 * result.searches
    assert result.iterations_per_second == result.iterations / result.seconds
    assert "prior=2" in result.settings  # the game's recommended mcts settings are used


def test_play_never_names_a_bots_drawn_tile() -> None:
    """FE-R22: in a terminal game against a bot, the human (Blue, seat 1) sees its own draws
    named and the bot's (Yellow) as "draws a tile" — in the steps and in the turn lines."""
    code, out = run(
        "play",
        "fences",
        "--players",
        "human,random",
        "--seed",
        "2",
        "--param",
        "first_player=1",
        input="quit\n",
    )
    assert code == 0, out
    flat = " ".join(out.split())
    assert "Yellow draws a tile" in flat  # the bot's draw, as the human sees it
    assert "Player 1 (blue) drew a " in flat  # the human's own deal, named
    assert "Player 2 (yellow) drew" not in flat and "Yellow draws a " not in flat.replace(
        "Yellow draws a tile", ""
    )


def test_agents_lists_every_agent_and_parameter() -> None:
    code, out = run("agents")
    assert code == 0
    for word in ("random", "heuristic", "mcts", "iterations", "chance_samples", "prior"):
        assert word in out
    assert "uses" not in out  # no game named: no recommendation column


def test_agents_for_a_game_shows_its_recommended_settings() -> None:
    """Fences recommends prior 2, open-loop chance nodes and c 0.3 for mcts (its heuristics'
    SEARCH_SETTINGS); Rancho recommends nothing."""
    result = runner.invoke(app, ["agents", "fences"], terminal_width=200)
    assert result.exit_code == 0 and "fences uses" in result.output
    recommended: dict[str, str] = {}
    for line in result.output.splitlines():
        cells = [cell.strip() for cell in line.split("│")]
        if len(cells) == 7 and cells[2]:  # │ agent │ parameter │ default │ meaning │ uses │
            recommended[cells[2]] = cells[5]
    assert recommended["prior"] == "2" and recommended["chance"] == "'open'"
    assert recommended["c"] == "0.3" and recommended["iterations"] == ""
    code, out = run("agents", "rancho")
    assert code == 0 and "rancho uses" in out


def test_agents_for_an_unknown_game_is_a_clean_error() -> None:
    code, out = run("agents", "chess")
    assert code == 2 and "unknown game 'chess'" in out and "Traceback" not in out


def test_ladder_refuses_unknown_games_and_bad_budgets(tmp_path: Path) -> None:
    code, out = run("ladder", "no_such_game", "--out", str(tmp_path), "--no-progress")
    assert code == 2 and "rancho" in out  # the valid names are listed
    code, out = run("ladder", "rancho", "--budgets", "10,20", "--out", str(tmp_path))
    assert code == 2 and "three mcts budgets" in out
    code, out = run("ladder", "--out", str(tmp_path))
    assert code == 2 and "--all" in out


def test_play_resolves_bot_levels_from_the_games_own_table() -> None:
    """``bot:LEVEL`` plays the spec of the game's level table (Rancho: hard is the planner);
    an unknown level fails naming the levels."""
    from farmstead.cli.play_cmd import _resolve_levels
    from farmstead.games.rancho.heuristics import BOT_LEVELS

    hard = BOT_LEVELS["hard"]
    assert hard is not None
    assert _resolve_levels("rancho", "human,bot:hard") == "human," + hard
    assert _resolve_levels("rancho", "bot:Easy,random") == "random,random"
    code, out = run("play", "rancho", "--players", "human,bot:godlike", input="quit\n")
    assert code == 2 and "easy" in out and "hard" in out
    # A level the game's table leaves out (Rancho has no Expert: nothing beats its planner).
    code, out = run("play", "rancho", "--players", "human,bot:expert", input="quit\n")
    assert code == 2 and "unknown bot level 'expert'" in out


def test_replay_of_a_resigned_match_says_how_it_ended(tmp_path: Path) -> None:
    """A web match that ended early (a resignation) replays turn by turn to where it
    stopped and says so, instead of a mismatch with the final position."""
    record = GameRecord(
        "rancho",
        2,
        {"first_player": "0"},
        1,
        ["human:Ann", "human:Bo"],
        [],  # filled below: three legal decisions of Ann's first turn
        [-1.0, 1.0],
        {"seats": [{"name": "Ann"}, {"name": "Bo"}], "ended": {"reason": "resigned", "seat": 0}},
    )
    from farmstead.core.registry import load_game

    state = load_game("rancho", 2, first_player="0").new_initial_state()
    for _ in range(3):
        action = next(a for a in state.legal_actions() if a != 0)  # never roll
        state.apply_action(action)
        record.actions.append(action)
    path = tmp_path / "resigned.json"
    path.write_text(json.dumps(record.to_json()))
    code, out = run("replay", str(path), "--no-board")
    assert code == 0, out
    assert "Turn    1  Ann " in out
    assert "Result: resigned before the end (returns [-1.0, 1.0])" in out


def test_agents_for_a_game_lists_its_difficulty_levels_with_their_ladder_elo() -> None:
    """The levels ``--players human,bot:LEVEL`` takes, each with its agent, what it
    plays and its Elo on the game's published ladder (or that it is not on it)."""
    from farmstead.lab.ladder import level_rating
    from farmstead.web.bots import game_levels

    result = runner.invoke(app, ["agents", "rancho"], terminal_width=220)
    assert result.exit_code == 0 and "Difficulty levels (rancho)" in result.output
    rows = {}
    for line in result.output.splitlines():
        cells = [cell.strip() for cell in line.split("│")]
        if len(cells) == 6 and cells[1] in game_levels("rancho"):
            rows[cells[1]] = cells
    assert set(rows) == set(game_levels("rancho"))
    for level, spec in game_levels("rancho").items():
        rating = level_rating("rancho", spec)
        shown = rows[level][4]
        assert shown.startswith(f"{rating['elo']:+.0f}") if rating else "not on" in shown


def test_ladder_publish_outside_the_repository_is_a_clean_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--publish`` writes into docs/ladder/ and the package: elsewhere it refuses, writing
    nothing."""
    monkeypatch.chdir(tmp_path)
    code, out = run("ladder", "rancho", "--publish", "--no-progress")
    assert code != 0 and "repository's root" in out
    assert list(tmp_path.iterdir()) == []
