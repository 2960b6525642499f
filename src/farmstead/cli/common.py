"""Shared pieces of the CLI: the console, clean errors, parameters and game renderers."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from farmstead.core.errors import FarmsteadError
from farmstead.core.game import Game, State
from farmstead.core.registry import RenderFn, registration

# Options shared by the commands that run games through the lab's backends.
WorkersOption = Annotated[
    int | None, typer.Option(help="worker processes (default: all local cores)", min=1)
]
BackendOption = Annotated[str, typer.Option(help="where games run: local or ray")]
RayAddressOption = Annotated[
    str | None, typer.Option(help="address of a Ray cluster (with --backend ray)")
]

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def print_error(message: str) -> None:
    """``message`` as one line on stderr (never wrapped), after a red ``error:``."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``message`` as an error and return the Exit to raise."""
    print_error(message)
    return typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn farmstead's user-facing errors (and files that cannot be read or written) into a
    one-line message and exit code 2."""
    try:
        yield
    except (FarmsteadError, ValueError, LookupError, OSError) as exc:
        raise fail(str(exc)) from None


def _game_keys() -> str:
    """The registry keys, comma-separated ('' when a registration is broken: the command that
    uses it reports that)."""
    try:
        from farmstead.core.registry import game_names

        return ", ".join(game_names())
    except Exception:  # noqa: BLE001 - help text only; the command reports the real error
        return ""


GAME_KEYS = _game_keys()
GAME_HELP = f"the game: {GAME_KEYS}" if GAME_KEYS else "registry key (farmstead list)"

GameArgument = Annotated[str, typer.Argument(help=GAME_HELP, show_default=False)]


def parse_params(items: list[str] | None, option: str = "--param") -> dict[str, str]:
    """``["k=v", ...]`` to a dict; a malformed item is a clean error, and so is ``players``
    (the number of seats has its own option)."""
    params: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise fail(f"{option} expects KEY=VALUE, got {item!r}")
        if key.strip() == "players":
            raise fail(
                f"players is not a game parameter: give the seats with --players, not {option}"
            )
        params[key.strip()] = value.strip()
    return params


def _creatable(folder: Path, option: str, path: Path) -> None:
    """A clean error naming ``option`` unless ``folder`` is a folder or can be made (its
    nearest existing ancestor is a folder we may write in); nothing is created."""
    ancestor = folder
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise fail(f"{option} {path}: {ancestor} is a file, so {folder} cannot be a folder")
    if ancestor != folder and not os.access(ancestor, os.W_OK | os.X_OK):
        raise fail(f"{option} {path}: cannot create {folder} (no permission in {ancestor})")


def output_file(path: Path | None, option: str) -> Path | None:
    """``path`` checked before any game is played: a file that can be written there (its
    missing folders are made when it is written); a folder, or a path under a file, is a
    clean error naming ``option``."""
    if path is None:
        return None
    if path.is_dir():
        raise fail(f"{option} {path} is a folder; give a file name")
    _creatable(path.parent, option, path)
    return path


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, making its missing folders; a clean error when it fails."""
    with user_errors():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def output_folder(path: Path, option: str) -> Path:
    """``path`` checked as a folder to write into (made later, by the writer); a file there,
    or a path under a file, is a clean error naming ``option``."""
    if path.exists() and not path.is_dir():
        raise fail(f"{option} {path} is a file, not a folder")
    _creatable(path, option, path)
    return path


def input_file(path: Path, what: str = "file") -> Path:
    """``path`` if it is a file to read; a missing path or a folder is a clean error."""
    if path.is_dir():
        raise fail(f"{path} is a folder, not a {what}")
    if not path.is_file():
        raise fail(f"no {what} at {path}")
    return path


def renderer(game: Game) -> RenderFn[State]:
    """The game's registered text renderer; a game that registers none is shown as its
    observation in JSON."""
    render = registration(game.type.name).render
    if render is not None:
        return render

    def observation_as_json(state: State, seat: int | None) -> str:
        return escape(json.dumps(state.observation(seat), indent=1, sort_keys=True))

    return observation_as_json


def seat_names(state: State) -> list[str]:
    """How the terminal names every seat (counted from 1), as the game's pages do: the
    game's ``seat_labels`` of 'Player 1', 'Player 2' … (e.g. 'Player 1 (Sheep)'), else
    'Player 1 (orange)' with the seat's colour when the observation has one, else 'Seat 1'
    (a game such as Animal Farm calls its roles Player 1 and Player 2)."""
    game = state.game
    labels = registration(game.type.name).seat_labels
    if labels is not None:
        return list(labels(game, [f"Player {seat + 1}" for seat in range(game.num_players)]))
    obs: Any = state.observation(None)
    seats = obs.get("seats") if isinstance(obs, dict) else None
    names = []
    for seat in range(game.num_players):
        colour = None
        if isinstance(seats, list) and seat < len(seats) and isinstance(seats[seat], dict):
            colour = seats[seat].get("colour")
        names.append(f"Player {seat + 1} ({colour})" if colour else f"Seat {seat + 1}")
    return names


def seat_label(state: State, seat: int) -> str:
    """``seat_names(state)[seat]``: e.g. 'Player 2 (blue)'."""
    return seat_names(state)[seat]


def status_line(state: State, seat: int | None) -> str:
    """The game's one-line prompt status, or '' when it registers none."""
    status = registration(state.game.type.name).status
    return status(state, seat) if status is not None else ""


def bot_levels_option(texts: list[str] | None, time_limit: float) -> tuple[Any, ...]:
    """The server's bot levels: the defaults, with ``--bot-level NAME=SPEC[@SECONDS]`` added or
    replacing one; ``typer.BadParameter`` naming the option for a bad one."""
    from farmstead.web.bots import DEFAULT_BOT_LEVELS, BotCatalog, parse_level

    levels = {level.name: level for level in DEFAULT_BOT_LEVELS}
    try:
        for text in texts or []:
            level = parse_level(text)
            levels[level.name] = level
        BotCatalog(tuple(levels.values()), time_limit)
    except Exception as exc:
        raise typer.BadParameter(str(exc), param_hint="--bot-level") from None
    return tuple(levels.values())
