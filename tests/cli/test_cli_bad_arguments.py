"""Every command of the ``farmstead`` CLI meets bad arguments with one line, exit code 2 and
no traceback, before it plays anything.

The commands are enumerated from the Typer app, so a new command is covered automatically:
unknown game and agent names, values that are not numbers or are below an option's minimum,
folders given for files, files given for folders, missing and malformed input files.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from farmstead.cli.main import app

runner = CliRunner()
COMMAND = typer.main.get_command(app)
assert isinstance(COMMAND, typer.core.TyperGroup)
COMMANDS: dict[str, Any] = dict(COMMAND.commands)


def invoke(*args: str, input: str | None = None) -> tuple[int, str, Any]:
    result = runner.invoke(app, list(args), input=input, terminal_width=100)
    return result.exit_code, result.output, result.exception


def assert_clean_error(code: int, out: str, exc: Any, *, words: str = "") -> None:
    """One line starting 'error:', exit code 2, no traceback, no escaped exception."""
    assert code == 2, out
    assert exc is None or isinstance(exc, SystemExit), repr(exc)
    assert "Traceback" not in out, out
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), out
    assert words.lower() in out.lower(), out


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A real records file, a malformed one, a plain file and a folder."""
    root = tmp_path_factory.mktemp("cli-files")
    records = root / "records.jsonl"
    code, out, _ = invoke(
        "simulate", "rancho", "-n", "2", "--param", "max_rounds=2", "--out", str(records)
    )
    assert code == 0, out
    malformed = root / "malformed.json"
    malformed.write_text("{not json at all\n")
    plain = root / "plain.txt"
    plain.write_text("a file, not a folder\n")
    return {"records": records, "malformed": malformed, "plain": plain, "folder": root}


def base_args(name: str, files: dict[str, Path]) -> dict[str, list[str]]:
    """Valid values for the required parameters of command ``name``, by parameter name."""
    out: dict[str, list[str]] = {}
    for param in COMMANDS[name].params:
        if not param.required:
            continue
        if param.name in ("game", "games"):
            out[param.name] = ["rancho"]
        elif param.name in ("file", "results"):
            out[param.name] = [str(files["records"])]
        elif param.name == "agents":
            out[param.name] = ["--agents", "random,heuristic"]
        elif param.name == "param":
            out[param.name] = ["--param", "max_rounds=1,2"]
        elif param.name == "objective":
            out[param.name] = ["--objective", "first_player<=5"]
        else:
            raise AssertionError(f"{name}: no valid value known for required {param.name}")
    return out


def command_line(name: str, base: dict[str, list[str]], bad: list[str]) -> list[str]:
    args = [name]
    for value in base.values():
        args += value
    return args + bad


def cases(name: str, files: dict[str, Path]) -> list[tuple[str, list[str], dict[str, list[str]]]]:
    """(what, bad args, base args) for command ``name``."""
    base = base_args(name, files)
    found: list[tuple[str, list[str], dict[str, list[str]]]] = []
    under_a_file = str(files["plain"] / "sub" / "x.json")
    for param in COMMANDS[name].params:
        is_argument = param.param_type_name == "argument"
        flag = None if is_argument else param.opts[0]
        annotation = str(getattr(getattr(param, "type_descriptor", None), "annotation", ""))
        rest = {k: v for k, v in base.items() if k != param.name}
        if is_argument and param.name in ("game", "games"):
            found.append(("unknown game", ["no_such_game"], rest))
            continue
        if is_argument and "Path" in annotation:
            found.append(("missing file", [str(files["folder"] / "missing.json")], rest))
            found.append(("folder for a file", [str(files["folder"])], rest))
            found.append(("malformed file", [str(files["malformed"])], rest))
            continue
        if flag is None or getattr(param, "is_flag", False):
            continue
        if "Path" in annotation:
            if "folder" in (param.help or ""):
                found.append(("folder under a file", [flag, under_a_file], rest))
            else:
                found.append(("folder for a file", [flag, str(files["folder"])], rest))
                found.append(("path under a file", [flag, under_a_file], rest))
            continue
        if param.name in ("players", "agents") and "str" in annotation:
            found.append(("unknown agent", [flag, "no_such_agent,random"], rest))
            continue
        if "int" in annotation or "float" in annotation:
            found.append(("not a number", [flag, "many"], rest))
            minimum = getattr(param, "min", None)
            if minimum is not None:
                found.append(("below the minimum", [flag, str(minimum - 1)], rest))
    return found


def test_every_command_is_covered() -> None:
    """The enumeration finds the commands of the app (a new one joins automatically)."""
    assert {"play", "replay", "simulate", "check", "tournament", "rules", "serve"} <= set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_bad_arguments_are_one_line_errors(name: str, files: dict[str, Path]) -> None:
    found = cases(name, files)
    for what, bad, base in found:
        code, out, exc = invoke(*command_line(name, base, bad), input="quit\n")
        try:
            assert_clean_error(code, out, exc)
        except AssertionError as error:
            raise AssertionError(f"{name} {' '.join(bad)} ({what}): {error}") from None
        assert "Turn " not in out and "Result" not in out  # nothing was played


def test_unknown_names_list_the_valid_ones() -> None:
    code, out, exc = invoke("simulate", "chess")
    assert_clean_error(code, out, exc, words="unknown game 'chess'")
    assert "rancho" in out and "fences" in out
    code, out, exc = invoke("play", "rancho", "--players", "human,grandmaster")
    assert_clean_error(code, out, exc, words="unknown agent 'grandmaster'")


def test_record_path_is_checked_before_the_game(tmp_path: Path) -> None:
    """A record that cannot be written fails at once (not after the whole game); a missing
    folder is made, as ``tournament`` does."""
    plain = tmp_path / "plain"
    plain.write_text("x")
    for bad in (plain / "dir" / "x.json", tmp_path):
        code, out, exc = invoke(
            "play", "rancho", "--players", "random,random", "--record", str(bad)
        )
        assert_clean_error(code, out, exc, words="--record")
    made = tmp_path / "new" / "folder" / "game.json"
    code, out, _ = invoke(
        "play",
        "rancho",
        "--players",
        "random,random",
        "--seed",
        "1",
        "--param",
        "max_rounds=2",
        "--record",
        str(made),
    )
    assert code == 0, out
    assert made.is_file()


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "rancho", "-n", "1", "--out", "{plain}/dir/g.jsonl"],
        ["simulate", "rancho", "-n", "1", "--out", "{tmp}"],
        ["tournament", "rancho", "--agents", "random,heuristic", "-n", "1", "--out", "{tmp}"],
        ["replay", "{tmp}"],
        ["simulate", "rancho", "-n", "1", "--param", "players=9"],
        ["tournament", "rancho", "--agents", "random,heuristic", "--param", "players=3"],
        ["check", "rancho", "-n", "0"],
        ["bench", "rancho", "--seconds", "-1"],
        ["serve", "--port", "99999"],
        ["serve", "--port", "-1"],
        ["simulate", "rancho", "-n", "1", "--param", "d6=1,2,99"],
    ],
)
def test_named_defects_are_clean_errors(args: list[str], tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_text("x")
    filled = [a.format(plain=plain, tmp=tmp_path) for a in args]
    code, out, exc = invoke(*filled)
    assert_clean_error(code, out, exc)
    assert "Draws:" not in out and "Played" not in out and "OK" not in out


def test_out_of_range_param_names_the_range() -> None:
    code, out, exc = invoke("simulate", "rancho", "-n", "1", "--param", "d6=1,2,99")
    assert_clean_error(code, out, exc, words="'99' is out of range")
    assert "from 1 to 12" in out


def test_players_is_not_a_param() -> None:
    code, out, exc = invoke("simulate", "rancho", "-n", "1", "--param", "players=9")
    assert_clean_error(code, out, exc, words="--players")


def test_item_bounds_of_a_list_param() -> None:
    """``ParamSpec.items``: every comma-separated item is checked (shared by every game)."""
    from farmstead.core.errors import InvalidParamError
    from farmstead.core.game import ParamSpec

    spec = ParamSpec("faces", str, "1,2", "faces", items=int, item_minimum=1, item_maximum=6)
    assert spec.coerce("1,6,3") == "1,6,3"
    for bad in ("1,7", "0,1", "1,x"):
        with pytest.raises(InvalidParamError):
            spec.coerce(bad)


def test_malformed_timings_file_is_called_malformed(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    code, out, _ = invoke(
        "tournament",
        "rancho",
        "--agents",
        "random,heuristic",
        "-n",
        "2",
        "--param",
        "max_rounds=2",
        "--out",
        str(results),
        "--no-progress",
    )
    assert code == 0, out
    bad = tmp_path / "bad.timings.jsonl"
    bad.write_text("garbage")  # no line ends: nothing a timings file holds
    code, out, exc = invoke("report", str(results), "--timings", str(bad), "--no-plots")
    assert_clean_error(code, out, exc, words="malformed")
    assert "no timings file" not in out


def test_serve_port_zero_prints_the_port_it_listens_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    served: list[socket.socket] = []

    def run(self: Any, sockets: list[socket.socket] | None = None) -> None:
        assert sockets is not None
        served.extend(sockets)

    monkeypatch.setattr(uvicorn.Server, "run", run)
    code, out, _ = invoke(
        "serve", "--port", "0", "--db", str(tmp_path / "f.db"), "--bot-workers", "0"
    )
    assert code == 0, out
    assert len(served) == 1
    port = served[0].getsockname()[1]
    served[0].close()
    assert port != 0 and f"http://127.0.0.1:{port} " in out


def test_help_shows_each_default_once_and_flags_without_a_type() -> None:
    for name in sorted(COMMANDS):
        result = runner.invoke(app, [name, "--help"], terminal_width=250)
        assert result.exit_code == 0, result.output
        for line in result.output.splitlines():
            assert not ("(default: " in line and "[default: " in line), (name, line)
            if "--help" in line or "--no-plots" in line:
                assert "<bool>" not in line, (name, line)


def test_game_arguments_list_the_games() -> None:
    from farmstead.core.registry import game_names

    for name in ("play", "simulate", "rules", "tournament", "check"):
        result = runner.invoke(app, [name, "--help"], terminal_width=250)
        for game in game_names():
            assert game in result.output, (name, game)
