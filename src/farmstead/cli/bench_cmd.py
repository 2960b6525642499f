"""``farmstead bench``: random-playout decisions per second and clone cost, per game."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from farmstead.cli.common import console, user_errors
from farmstead.core.registry import game_names, load_game
from farmstead.lab.benchmark import benchmark_game


def bench_command(
    game: Annotated[str | None, typer.Argument(help="registry key (default: every game)")] = None,
    players: Annotated[
        int | None, typer.Option(help="number of seats (default: the minimum)")
    ] = None,
    seconds: Annotated[float, typer.Option(help="playout time per game")] = 5.0,
    seed: Annotated[int, typer.Option(help="seed of the playouts")] = 0,
) -> None:
    """Measure random-playout speed (one core) and clone cost."""
    names = [game] if game else game_names()
    table = Table(title="Random playouts on one core")
    for column in ("game", "players", "decisions/s", "actions/s", "games", "clone µs"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in names:
        with user_errors():
            configured = load_game(name, players=players)
        result = benchmark_game(configured, seconds=seconds, seed=seed)
        table.add_row(
            name,
            str(configured.num_players),
            f"{result.decisions_per_second:,.0f}",
            f"{result.actions_per_second:,.0f}",
            f"{result.games:.1f}",
            f"{result.clone_microseconds:.1f}",
        )
        console.print(
            f"{name}: {result.decisions_per_second:,.0f} decisions/s, "
            f"clone {result.clone_microseconds:.1f} µs"
        )
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("bench")(bench_command)
