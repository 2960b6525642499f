"""``farmstead list`` and ``farmstead rules``: the games, their rules and their data with
provenance."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from farmstead.cli.common import GameArgument, console, user_errors
from farmstead.core.registry import GameRegistration, list_games, registration
from farmstead.web.rules_page import item_json

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
    game: GameArgument,
    data: Annotated[
        bool, typer.Option("--data", help="also every data value in words, with its provenance")
    ] = False,
) -> None:
    """Show a game's rules (the text of its rules page) and its parameters; with --data,
    every data value (cards, tiles, Mutations…) in full, with its provenance."""
    with user_errors():
        record = registration(game)
        prose = record.rules_prose.read() if record.rules_prose is not None else None
    parts: list[RenderableType] = [rules_view(record, prose)]
    if data:
        parts.append(data_table(record))
    if console.is_terminal:  # a long text: page it, in colour
        with console.pager(styles=True):
            for part in parts:
                console.print(part)
    else:
        for part in parts:
            console.print(part)


def rules_view(record: GameRegistration[Any], prose: str | None) -> RenderableType:
    """The rules as the game's rules page shows them (its prose, else its summary), then
    the parameters that ``--param KEY=VALUE`` sets."""
    gtype = record.game.type
    parts: list[RenderableType] = [
        Text.from_markup(f"[bold]{escape(gtype.long_name)}[/] — ") + Text(gtype.description)
    ]
    if prose is not None:
        parts.append(Markdown(prose))
    else:
        parts.append(Text(record.rules_summary))
    if gtype.proposed_note:
        parts.append(Text.from_markup(f"[yellow]Note:[/] {escape(gtype.proposed_note)}"))
    params = Table(title="Parameters (--param KEY=VALUE)")
    for column in ("name", "default", "meaning"):
        params.add_column(column, overflow="fold")
    for spec in gtype.params:
        params.add_row(spec.name, escape(repr(spec.default)), escape(spec.description))
    parts.append(params)
    parts.append(Text("Every data value in words: farmstead rules " + gtype.name + " --data"))
    return Group(*parts)


def data_table(record: GameRegistration[Any]) -> Table:
    """Every data item in words, as the rules page describes it, never cut short."""
    table = Table(title="Data with provenance")
    for column in ("group", "item", "provenance", "what it says", "source and note"):
        table.add_column(column, overflow="fold")
    for item in record.game.type.data_items():
        words = item_json(item, record)
        style = PROVENANCE_STYLE.get(item.provenance, "")
        text = words["text"] or "; ".join(
            f"{field['label']}: {field['text']}"
            + (f" ({field['provenance']})" if field["provenance"] != words["provenance"] else "")
            for field in words["fields"]
        )
        where = "; ".join(part for part in (words["source"], words["note"]) if part)
        table.add_row(
            escape(words["group"]),
            escape(words["title"]),
            f"[{style}]{item.provenance}[/]",
            escape(text),
            escape(where),
        )
    return table


def register(app: typer.Typer) -> None:
    app.command("list")(list_command)
    app.command("rules")(rules_command)
