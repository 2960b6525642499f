"""``farmstead env-check``: the learning environments of every game pass PettingZoo's and
Gymnasium's checks; prints a table with environment steps per second."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from farmstead.cli.common import GAME_HELP, console, fail, user_errors
from farmstead.core.registry import game_names, load_game


def env_check_command(
    game: Annotated[
        str | None,
        typer.Argument(help=f"{GAME_HELP} (default: every game)", show_default=False),
    ] = None,
    players: Annotated[int | None, typer.Option(help="number of seats (default: minimum)")] = None,
    cycles: Annotated[int, typer.Option(help="agent cycles per check", min=10)] = 200,
    layout: Annotated[bool, typer.Option(help="print the observation tensor's fields")] = False,
) -> None:
    """Run api_test, seed_test (PettingZoo) and check_env (Gymnasium) on the environments."""
    from farmstead.envs.checks import check_game_envs

    names = [game] if game else game_names()
    with user_errors():
        for name in names:
            load_game(name, players)
    if layout:
        for name in names:
            configured = load_game(name, players)
            table = Table(title=f"{name}: observation tensor, {configured.info.observation_shape}")
            for column in ("field", "start", "size", "meaning"):
                table.add_column(column)
            for field, start, size, meaning in configured.tensor_layout.describe():  # type: ignore[attr-defined]
                table.add_row(field, str(start), str(size), escape(meaning))
            console.print(table)
        return
    table = Table(title="Learning environments")
    for column in ("game", "players", "api_test", "seed_test", "check_env", "env steps/s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    failures = []
    for name in names:
        result = check_game_envs(name, players, cycles)
        marks = [
            "[green]pass[/]" if outcome is None else "[red]FAIL[/]"
            for outcome in (result.api_test, result.seed_test, result.check_env)
        ]
        table.add_row(name, str(result.players), *marks, f"{result.steps_per_second:,.0f}")
        for label, outcome in (
            ("api_test", result.api_test),
            ("seed_test", result.seed_test),
            ("check_env", result.check_env),
        ):
            if outcome is not None:
                failures.append(f"{name} {label}: {outcome}")
    console.print(table)
    if failures:
        raise fail("; ".join(failures))


def register(app: typer.Typer) -> None:
    app.command("env-check")(env_check_command)
