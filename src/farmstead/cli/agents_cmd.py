"""``farmstead agents``: the agents, their parameters and a game's recommended settings."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from farmstead.agents.evaluation import load_search_settings
from farmstead.agents.registry import agent_class, agent_names
from farmstead.cli.common import console, user_errors
from farmstead.core.game import Game
from farmstead.core.registry import load_game


def agents_command(
    game: Annotated[
        str | None,
        typer.Argument(help="a game whose recommended agent settings to show, e.g. fences"),
    ] = None,
) -> None:
    """List the agents and their parameters (spec: NAME:KEY=VALUE,...), with a game's
    recommended settings when a game is named."""
    loaded: Game | None = None
    if game is not None:
        with user_errors():
            loaded = load_game(game)
    title = "Agent parameters" + (f" ({loaded.type.name})" if loaded else "")
    table = Table(title=title)
    for column in ("agent", "parameter", "default", "meaning"):
        table.add_column(column, overflow="fold")
    if loaded is not None:
        table.add_column(f"{loaded.type.name} uses")
    for name in agent_names():
        cls = agent_class(name)
        recommended = load_search_settings(loaded, name) if loaded is not None else {}
        table.add_row(f"[bold]{name}[/]", "", "", escape(cls.description))
        for spec in cls.params:
            row = ["", spec.name, escape(repr(spec.default)), escape(spec.description)]
            if loaded is not None:
                row.append(escape(repr(recommended[spec.name])) if spec.name in recommended else "")
            table.add_row(*row)
    console.print(table)
    if loaded is not None:
        console.print(
            f"A value in the last column replaces the default in {loaded.type.name}; "
            "one given in the spec replaces both."
        )
        _print_levels(loaded.type.name)


def _print_levels(game: str) -> None:
    """The game's difficulty levels (``--players human,bot:hard``) with their ladder Elo."""
    from farmstead.lab.ladder import PUBLISH_COMMAND, level_rating
    from farmstead.web.bots import game_levels, spec_words

    table = Table(title=f"Difficulty levels ({game}): --players human,bot:LEVEL")
    for column in ("level", "agent", "plays", "Elo (95% interval)"):
        table.add_column(column, overflow="fold")
    for level, spec in game_levels(game).items():
        rating = level_rating(game, spec)
        elo = (
            f"{rating['elo']:+.0f} ({rating['low']:+.0f} … {rating['high']:+.0f})"
            if rating
            else "not on the published ladder"
        )
        table.add_row(level, escape(spec), escape(spec_words(spec)), elo)
    console.print(table)
    console.print(f"Elo from the game's published strength ladder ({PUBLISH_COMMAND}).")


def register(app: typer.Typer) -> None:
    app.command("agents")(agents_command)
