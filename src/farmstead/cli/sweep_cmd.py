"""``farmstead sweep``: the same games under each value of game params (a designer's what-if)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from farmstead.cli.common import (
    BackendOption,
    GameArgument,
    RayAddressOption,
    WorkersOption,
    console,
    fail,
    output_folder,
    parse_params,
    user_errors,
)
from farmstead.cli.report_cmd import rich_table
from farmstead.cli.tournament_cmd import progress_bar
from farmstead.lab.backends import BACKENDS
from farmstead.lab.report import write_plots
from farmstead.lab.sweep import (
    SweepAxis,
    SweepPoint,
    render_sweep_html,
    run_sweep,
    sweep_plots,
    sweep_tables,
)
from farmstead.lab.tournament import Progress as GameProgress


def sweep_command(
    game: GameArgument,
    param: Annotated[
        list[str],
        typer.Option(
            help="swept parameter KEY=v1,v2,... or KEY=v1|v2|... when values hold commas "
            "(repeatable: every combination)"
        ),
    ],
    agents: Annotated[
        str, typer.Option(help="agents, comma-separated (one agent plays every seat)")
    ] = "random",
    n: Annotated[int, typer.Option("-n", help="games per setting")] = 100,
    seed: Annotated[int, typer.Option(help="master seed (the same for every setting)")] = 1,
    players: Annotated[
        int | None, typer.Option(help="number of seats (or sweep it: --param players=2,3)")
    ] = None,
    fixed: Annotated[
        list[str] | None, typer.Option(help="game parameter KEY=VALUE kept fixed (repeatable)")
    ] = None,
    workers: WorkersOption = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    out: Annotated[
        Path | None,
        typer.Option(help="folder for results, plots and sweep.html (default: sweep-GAME/)"),
    ] = None,
    show_progress: Annotated[bool, typer.Option("--progress/--no-progress")] = True,
) -> None:
    """Play the same seeded games under every setting: seat win rates and game length per setting.

    Results go to one JSONL file per setting (resumable); the table is printed and the plots
    are written as PNG files and one self-contained sweep.html.
    """
    if n < 1:
        raise fail("-n must be at least 1")
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r}; valid choices: {', '.join(BACKENDS)}")
    folder = output_folder(out if out is not None else Path(f"sweep-{game}"), "--out")
    with user_errors():
        axes = [SweepAxis.parse(item) for item in param]
        base = parse_params(fixed)
        settings = 1
        for axis in axes:
            settings *= len(axis.values)

        def play(
            on_progress: Callable[[int, SweepPoint, GameProgress], None] | None,
        ) -> list[SweepPoint]:
            return run_sweep(
                game,
                axes,
                [agents],
                n,
                seed,
                players=players,
                params=base,
                workers=workers,
                backend=backend,
                ray_address=ray_address,
                out_dir=folder,
                on_progress=on_progress,
            )

        if show_progress:
            with progress_bar() as bar:
                task = bar.add_task(f"{game}: sweeping {settings} settings", total=settings * n)

                def advance(index: int, point: SweepPoint, progress: GameProgress) -> None:
                    bar.update(task, completed=index * n + progress.done)

                points = play(advance)
        else:
            points = play(None)
    for table in sweep_tables(points):
        console.print(rich_table(table))
    drawn = sweep_plots(points, game)
    paths = write_plots(drawn, folder)
    page = folder / "sweep.html"
    page.write_text(render_sweep_html(points, game, drawn), encoding="utf-8")
    console.print(f"Results: {folder}/  plots: {', '.join(p.name for p in paths)}  HTML: {page}")


def register(app: typer.Typer) -> None:
    app.command("sweep")(sweep_command)
