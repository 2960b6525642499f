"""``farmstead list`` and ``farmstead rules``: the games and their data with provenance."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from farmstead.cli.common import console, user_errors
from farmstead.core.registry import list_games, registration

PROVENANCE_STYLE = {"OFFICIAL": "green", "DERIVED": "cyan", "PROPOSED": "yellow"}


def list_command() -> None:
    """List the games with their player ranges."""
    table = Table(title="Farmstead games")
    table.add_column("game")
    table.add_column("name")
    table.add_column("players", justify="center")
    table.add_column("description")
    for gtype in list_games():
        table.add_row(
            gtype.name,
            gtype.long_name,
            f"{gtype.min_players}–{gtype.max_players}",
            gtype.description,
        )
    console.print(table)


def rules_command(
    game: Annotated[str, typer.Argument(help="registry key, e.g. rancho")],
) -> None:
    """Show a game's parameters and every data value with its provenance."""
    with user_errors():
        record = registration(game)
    gtype = record.game.type
    console.print(f"[bold]{gtype.long_name}[/] — {gtype.description}")
    console.print(escape(record.rules_summary))
    if gtype.rules_reference:
        console.print(f"Rules reference (every ruling by its id): {gtype.rules_reference}")
    if gtype.proposed_note:
        console.print(f"[yellow]Note:[/] {gtype.proposed_note}")
    params = Table(title="Parameters (--param KEY=VALUE)")
    for column in ("name", "default", "meaning"):
        params.add_column(column)
    for spec in gtype.params:
        params.add_row(spec.name, escape(repr(spec.default)), spec.description)
    console.print(params)
    data = Table(title="Data with provenance")
    for column in ("file", "item", "provenance", "value", "note"):
        data.add_column(column, overflow="fold")
    for item in gtype.data_items():
        style = PROVENANCE_STYLE.get(item.provenance, "")
        tags = item.field_provenance
        value = ", ".join(
            f"{k}={v}"
            + (f" ({tags[k].lower()})" if tags and tags.get(k) != item.provenance else "")
            for k, v in item.value.items()
        )
        if len(value) > 160:
            value = value[:157] + "..."
        data.add_row(
            item.file,
            item.name,
            f"[{style}]{item.provenance}[/]",
            escape(value),
            escape(item.note + (f" [{item.source}]" if item.source else "")),
        )
    console.print(data)


def register(app: typer.Typer) -> None:
    app.command("list")(list_command)
    app.command("rules")(rules_command)
