"""``farmstead durations``: how long a game lasts per preset and player count, measured from
simulated games, written to the data file the game ships (``farmstead.lab.durations``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from farmstead.agents.registry import validate_spec
from farmstead.cli.common import (
    BackendOption,
    RayAddressOption,
    WorkersOption,
    console,
    fail,
    output_file,
    user_errors,
)
from farmstead.cli.tournament_cmd import progress_bar
from farmstead.core.registry import registration
from farmstead.lab import durations as lab
from farmstead.lab.backends import make_backend


def default_agent(game: str) -> str:
    """The web app's medium bot of the game (its ``levels["medium"]``), else ``random``."""
    heuristics = registration(game).heuristics
    level = heuristics.levels.get("medium") if heuristics else None
    return level or "random"


def figures_table(cells: list[dict[str, Any]], title: str) -> Table:
    """The measured figures, one row per preset and player count."""
    table = Table(title=title)
    for column in (
        "preset",
        "players",
        "games",
        "median rounds",
        "95% CI",
        "p10–p90",
        "capped",
        "decisions",
        "minutes",
        "fresh-run check",
    ):
        table.add_column(column, justify="left" if column == "preset" else "right")
    for c in cells:
        r = c["rounds"]
        check = c["check"]["median_interval"]
        table.add_row(
            c["preset"],
            str(c["players"]),
            str(c["games"]),
            f"{r['median']:g}",
            f"{r['median_ci95'][0]:g}–{r['median_ci95'][1]:g}",
            f"{r['p10']:g}–{r['p90']:g}",
            str(r["capped"]),
            f"{c['decisions']['median']:g}",
            f"{c['minutes']['median']:g} ({c['minutes']['p10']:g}–{c['minutes']['p90']:g})",
            f"{check[0]:g}–{check[1]:g} ({c['check']['fresh_games']} games)",
        )
    return table


def durations_command(
    game: Annotated[str, typer.Argument(help="registry key, e.g. farms_race")],
    preset: Annotated[
        list[str] | None,
        typer.Option(help="preset to measure (repeatable; default: all the game's presets)"),
    ] = None,
    players: Annotated[
        list[int] | None,
        typer.Option(help="player count to measure (repeatable; default: every allowed count)"),
    ] = None,
    n: Annotated[int, typer.Option("-n", help="games per preset and player count", min=1)] = 200,
    seed: Annotated[int, typer.Option(help="master seed; each cell's seeds derive from it")] = 1,
    agents: Annotated[
        str | None,
        typer.Option(help="agent spec for every seat (default: the web app's medium bot)"),
    ] = None,
    write: Annotated[
        bool,
        typer.Option(
            "--write/--no-write",
            help="merge the figures into the results file (the one the game ships, or --out)",
        ),
    ] = True,
    out: Annotated[
        Path | None, typer.Option(help="results file to merge into instead of the shipped one")
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            help="compare each cell's median with the shipped file's fresh-run interval "
            "instead of writing (exit code 1 when one is outside)"
        ),
    ] = False,
    workers: WorkersOption = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
) -> None:
    """Measure game length per preset and player count (rounds, decisions, minutes) from
    simulated games, and write the figures the lobby shows."""
    output_file(out, "--out")  # a folder or a path that cannot be written: before any game
    with user_errors():
        record = registration(game)
        model = lab.load_model(record)
        cells = lab.cells_of(record, preset, players)
        agent = str(validate_spec(agents or default_agent(game)))
        runner = make_backend(backend, workers, ray_address)
    command = lab.command_line(sys.argv[1:]) if sys.argv[1:2] == ["durations"] else None
    if command is None:  # called from code (tests): the equivalent command line
        argv = ["durations", game, "-n", str(n), "--seed", str(seed), "--agents", agent]
        for cell_preset in dict.fromkeys(c.preset.name for c in cells):
            argv += ["--preset", cell_preset]
        for count in dict.fromkeys(c.players for c in cells):
            argv += ["--players", str(count)]
        command = lab.command_line(argv)
    started = time.perf_counter()
    with progress_bar() as progress:
        bar = progress.add_task(f"{game}: playing", total=n * len(cells))
        lengths = lab.play_cells(
            game, cells, n, seed, agent, runner, on_game=lambda _: progress.advance(bar)
        )
    wall = time.perf_counter() - started
    summaries = [
        lab.summarise(cell, lengths[cell.key], model, seed=seed, agent=agent, command=command)
        for cell in cells
    ]
    console.print(figures_table(summaries, f"{record.game.type.long_name}: {n} games a cell"))
    console.print(
        f"{n * len(cells)} games in {wall:.1f} s on {runner.workers} {runner.name} worker(s)."
    )
    if check:
        stored = lab.read_results(record) if out is None else _read(out)
        by_key = {(c["preset"], c["players"]): c for c in (stored or {}).get("cells", [])}
        failed = False
        for cell in cells:
            old = by_key.get((cell.preset.name, cell.players))
            if old is None:
                console.print(f"{cell.key}: not in the results file")
                failed = True
                continue
            ok, words = lab.median_within(old, [g.rounds for g in lengths[cell.key]])
            console.print(f"{'[green]OK[/]' if ok else '[red]FAIL[/]'} {cell.key}: {words}")
            failed |= not ok
        if failed:
            raise typer.Exit(1)
        return
    if write:
        path = out or lab.results_path(record)
        old = lab.read_results(record) if out is None else _read(out)
        lab.write_results(path, lab.merge_results(record, old, summaries, model))
        console.print(f"Figures written to {path}")


def _read(path: Path) -> dict[str, Any] | None:
    import json

    if not path.exists():
        return None
    try:
        doc: dict[str, Any] = json.loads(path.read_text("utf-8"))
    except ValueError as exc:
        raise fail(f"{path}: {exc}") from None
    return doc


def register(app: typer.Typer) -> None:
    app.command("durations")(durations_command)
