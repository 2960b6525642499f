"""Shared pieces of the CLI: the console, clean errors, parameters and game renderers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
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


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``message`` as an error and return the Exit to raise."""
    err_console.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn farmstead's user-facing errors into a clean message and exit code 2."""
    try:
        yield
    except (FarmsteadError, ValueError, LookupError) as exc:
        raise fail(str(exc)) from None


def parse_params(items: list[str] | None) -> dict[str, str]:
    """``["k=v", ...]`` to a dict; a malformed item is a clean error."""
    params: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise fail(f"--param expects KEY=VALUE, got {item!r}")
        params[key.strip()] = value.strip()
    return params


def renderer(game: Game) -> RenderFn[State]:
    """The game's registered text renderer; a game that registers none is shown as its
    observation in JSON."""
    render = registration(game.type.name).render
    if render is not None:
        return render

    def observation_as_json(state: State, seat: int | None) -> str:
        return escape(json.dumps(state.observation(seat), indent=1, sort_keys=True))

    return observation_as_json


def seat_label(state: State, seat: int) -> str:
    """'Seat 1' (seats counted from 1) plus the game's colour name when the observation has
    one, e.g. 'Seat 2 (blue)'."""
    obs: Any = state.observation(None)
    seats = obs.get("seats") if isinstance(obs, dict) else None
    if isinstance(seats, list) and seat < len(seats) and isinstance(seats[seat], dict):
        colour = seats[seat].get("colour")
        if colour:
            return f"Seat {seat + 1} ({colour})"
    return f"Seat {seat + 1}"


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
