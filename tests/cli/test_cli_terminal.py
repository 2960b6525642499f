"""Terminal play and ``farmstead rules`` for people: players named as the game's pages name
them, seats counted from 1, a prompt help that lists every word, numbers out of range called
so, Ctrl-C keeping the record, the bot levels each game offers, and the rules in full."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from farmstead.cli import games_cmd, play_cmd
from farmstead.cli.common import seat_names
from farmstead.cli.main import app
from farmstead.core.record import GameRecord
from farmstead.core.registry import game_names, load_game, registration

runner = CliRunner()


def run(*args: str, input: str | None = None, width: int = 100) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input, terminal_width=width)
    return result.exit_code, result.output


class Ended:
    """A state whose game is over with ``returns`` (the rest from a real state)."""

    def __init__(self, state: Any, returns: list[float]) -> None:
        self.game = state.game
        self.observation = state.observation
        self._returns = returns

    def returns(self) -> list[float]:
        return self._returns


def test_results_name_players_as_the_pages_do() -> None:
    """'Player 1 (Cows) wins', not 'Seat 1 wins': the game's seat_labels, else colours."""
    farms = load_game("farms_race", 3).new_initial_state()
    labels = registration("farms_race").seat_labels
    assert labels is not None
    expected = labels(farms.game, ["Player 1", "Player 2", "Player 3"])
    assert seat_names(farms) == expected and expected[0].startswith("Player 1 (")
    words = play_cmd.result_words(Ended(farms, [1.0, -1.0, -1.0]))  # type: ignore[arg-type]
    assert words.startswith(f"Result: {expected[0]} wins")
    rancho = load_game("rancho", 2).new_initial_state()
    words = play_cmd.result_words(Ended(rancho, [-1.0, 1.0]))  # type: ignore[arg-type]
    assert words.startswith("Result: Player 2 (yellow) wins")
    for name in game_names():
        for label in seat_names(load_game(name).new_initial_state()):
            assert re.match(r"(Player|Seat) [1-9]", label), (name, label)


def test_rancho_panel_counts_seats_from_one() -> None:
    state = load_game("rancho", 2).new_initial_state()
    render = registration("rancho").render
    assert render is not None
    text = render(state, 0)
    assert "Player 1 (orange) (you)" in text and "Player 2 (yellow)" in text
    assert not re.search(r"\bseat 0\b", text, re.IGNORECASE)


def test_help_lists_the_games_own_words() -> None:
    """Rancho's 'ids' is in its help (the old check looked for "; 'quit'" and never found it),
    and every game's help lists each of its words and 'quit'."""
    code, out = run(
        "play", "rancho", "--players", "human,random", "--seed", "3", input="help\nquit\n"
    )
    assert code == 0, out
    flat = " ".join(out.split())
    assert "'ids'" in flat and "'quit' stops" in flat
    for name in game_names():
        text = play_cmd._help(load_game(name).new_initial_state())
        for word in registration(name).terminal_commands:
            assert f"'{word}'" in text, (name, word)
        assert "'board'" in text and "'quit'" in text


def test_play_help_lists_the_levels_of_each_game() -> None:
    code, out = run("play", "--help", width=400)
    assert code == 0
    flat = " ".join(out.split())
    assert "rancho: easy, medium, hard;" in flat or flat.count("rancho: easy, medium, hard)")
    assert "rancho: easy, medium, hard, expert" not in flat


def test_animal_farm_names_seats_and_players_alike() -> None:
    """The coin toss says 'Seat 2 is Player 1'; the board says 'You are Seat 1, playing as
    Player 2', never 'Player 2 (seat 1)'."""
    code, out = run(
        "play", "animal_farm", "--players", "human,random", "--seed", "1", input="quit\n"
    )
    assert code == 0, out
    assert "Coin toss: Seat 2 is Player 1" in out
    assert "You are Seat 1, playing as Player 2." in out
    assert "(seat " not in out


def test_a_negative_number_is_out_of_range() -> None:
    code, out = run(
        "play", "rancho", "--players", "human,random", "--seed", "3", input="-1\n+0\nquit\n"
    )
    assert code == 0, out
    assert "-1 is out of range" in out and "0 is out of range" in out
    assert "not a number" not in out


def test_ctrl_c_writes_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["1"])

    def ask(prompt: str = "", **_: Any) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(play_cmd.console, "input", ask)
    record = tmp_path / "stopped.json"
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
    )
    assert code == 130, out
    assert "Record written to" in out and "Traceback" not in out
    saved = GameRecord.load(record)
    assert saved.returns is None and len(saved.actions) >= 1 and saved.replay() is not None


def test_rules_show_the_rules_prose_without_a_spec_path() -> None:
    code, out = run("rules", "rancho", width=120)
    assert code == 0, out
    prose = registration("rancho").rules_prose
    assert prose is not None
    first = next(line for line in prose.read().splitlines() if line and not line.startswith("#"))
    flat = " ".join(out.split())
    assert " ".join(first.split()[:8]) in flat
    assert "../" not in out and "Rules spec" not in out and "docs/rules" not in out
    assert "Parameters" in out and "Data with provenance" not in out


def test_rules_data_are_never_cut_short() -> None:
    """At 160 columns, no text is cut short ('…', or the old '...' at 160 characters): long
    card texts wrap, and each item's words end in the table as they end on the rules page."""
    from farmstead.web.rules_page import item_json

    for name in game_names():
        code, out = run("rules", name, "--data", width=160)
        assert code == 0, out
        table = out.split("Data with provenance")[1]
        assert "…" not in table, name
        record = registration(name)
        for item in record.game.type.data_items():
            words = item_json(item, record)
            text = words["text"] or "; ".join(f["text"] for f in words["fields"])
            if len(text) > 150:
                assert text.split()[-1] in table, (name, item.name)


@contextlib.contextmanager
def _no_pager(calls: list[bool]) -> Iterator[None]:
    calls.append(True)
    yield


def test_rules_use_a_pager_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=100)
    calls: list[bool] = []
    monkeypatch.setattr(terminal, "pager", lambda **_: _no_pager(calls))
    monkeypatch.setattr(games_cmd, "console", terminal)
    code, out = run("rules", "fences")
    assert code == 0, out
    assert calls == [True] and "Parameters" in screen.getvalue()
    calls.clear()
    monkeypatch.undo()
    code, out = run("rules", "fences")  # CliRunner's stdout is no terminal: no pager
    assert code == 0 and calls == [] and "Parameters" in out
