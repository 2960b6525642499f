"""``farmstead bench``: random-playout decisions per second, clone cost and MCTS iterations per
second, per game."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from farmstead.agents.evaluation import NoHeuristicsError
from farmstead.cli.common import GAME_HELP, console, user_errors
from farmstead.core.registry import game_names, load_game
from farmstead.lab.benchmark import MCTSBenchResult, benchmark_game, benchmark_mcts


def bench_command(
    game: Annotated[
        str | None,
        typer.Argument(help=f"{GAME_HELP} (default: every game)", show_default=False),
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="number of seats (default: the minimum)")
    ] = None,
    seconds: Annotated[float, typer.Option(help="playout time per game", min=0.01)] = 5.0,
    seed: Annotated[int, typer.Option(help="seed of the playouts")] = 0,
    mcts_seconds: Annotated[
        float, typer.Option(help="MCTS search time per game (0: skip the MCTS figure)", min=0)
    ] = 3.0,
) -> None:
    """Measure random-playout speed, clone cost and MCTS iterations per second (one core)."""
    names = [game] if game else game_names()
    with user_errors():  # every game named exists before any is measured
        for name in names:
            load_game(name, players=players)
    table = Table(title="Speed on one core")
    columns = ("game", "players", "decisions/s", "actions/s", "games", "clone µs", "mcts it/s")
    for column in columns:
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in names:
        with user_errors():
            configured = load_game(name, players=players)
        result = benchmark_game(configured, seconds=seconds, seed=seed)
        mcts_text = "-"
        if mcts_seconds > 0:
            try:
                mcts: MCTSBenchResult | None = benchmark_mcts(
                    configured, seconds=mcts_seconds, seed=seed
                )
            except NoHeuristicsError:
                mcts = None  # mcts needs the game's evaluation
            mcts_text = f"{mcts.iterations_per_second:,.0f}" if mcts else "no heuristics"
        table.add_row(
            name,
            str(configured.num_players),
            f"{result.decisions_per_second:,.0f}",
            f"{result.actions_per_second:,.0f}",
            f"{result.games:.1f}",
            f"{result.clone_microseconds:.1f}",
            mcts_text,
        )
        line = (
            f"{name}: {result.decisions_per_second:,.0f} decisions/s, "
            f"clone {result.clone_microseconds:.1f} µs"
        )
        if mcts_seconds > 0 and mcts is not None:
            line += f", mcts {mcts.iterations_per_second:,.0f} iterations/s ({mcts.settings})"
        console.print(line)
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("bench")(bench_command)
