"""``farmstead tournament``: many seeded games between agents, seats rotated, resumable."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from farmstead.cli.common import (
    BackendOption,
    GameArgument,
    RayAddressOption,
    WorkersOption,
    console,
    err_console,
    fail,
    input_file,
    output_file,
    parse_params,
    user_errors,
)
from farmstead.core.record import GameRecord
from farmstead.lab.backends import BACKENDS
from farmstead.lab.results import timings_path
from farmstead.lab.stats import agent_results, draws
from farmstead.lab.tournament import Progress as GameProgress
from farmstead.lab.tournament import RunSummary, run_tournament


def progress_bar() -> Progress:
    """A progress bar with games done, elapsed time and ETA, on stderr."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    )


def results_table(records: list[GameRecord], title: str) -> Table:
    """Win rate per agent with Wilson 95% intervals."""
    table = Table(title=title)
    for column in ("agent", "seats", "wins", "draws", "win rate", "95% interval"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for a in agent_results(records):
        table.add_row(
            a.agent,
            str(a.games),
            str(a.wins),
            str(a.draws),
            f"{a.rate:.1%}",
            f"{a.low:.1%} – {a.high:.1%}",
        )
    return table


def print_timings(summary: RunSummary) -> None:
    """Games per second and mean seconds per move of this run."""
    if not summary.games_played:
        console.print(f"Nothing to play: all {summary.games_resumed} games were already done.")
        return
    console.print(
        f"Played {summary.games_played} games in {summary.seconds:.1f} s "
        f"({summary.games_per_second:.2f} games/s) on {summary.workers} {summary.backend} "
        f"worker(s)"
        + (f"; {summary.games_resumed} resumed from the file" if summary.games_resumed else "")
    )
    for agent in summary.agent_seconds:
        per_move = summary.seconds_per_move(agent)
        if per_move is not None:
            console.print(f"  {agent}: {per_move * 1000:.3f} ms per move")


def tournament_command(
    game: GameArgument,
    agents: Annotated[
        str,
        typer.Option(help="agents, comma-separated, e.g. random,heuristic,mcts:iterations=400,c=1"),
    ],
    n: Annotated[int, typer.Option("-n", help="number of games", min=0)] = 100,
    seed: Annotated[int, typer.Option(help="master seed; game i uses a seed derived from it")] = 1,
    players: Annotated[
        int | None, typer.Option(help="number of seats (default: the game's minimum)")
    ] = None,
    param: Annotated[
        list[str] | None, typer.Option(help="game parameter KEY=VALUE (repeatable)")
    ] = None,
    workers: WorkersOption = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    out: Annotated[Path, typer.Option(help="results JSONL file; a re-run resumes it")] = Path(
        "results.jsonl"
    ),
    timings: Annotated[
        Path | None,
        typer.Option(help="timings file (default: beside --out, NAME.timings.jsonl)"),
    ] = None,
    show_progress: Annotated[bool, typer.Option("--progress/--no-progress")] = True,
    rotate: Annotated[
        bool,
        typer.Option(
            help="--agents lists one agent per seat, repeats allowed (heuristic,random,random,"
            "random); every rotation of that lineup is played"
        ),
    ] = False,
) -> None:
    """Play a tournament: every seat order in turn, one derived seed per game.

    The results file holds one record per game in game order and nothing from the clock, so it
    is byte-identical for any worker count or backend; timings go to the timings file.
    """
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r}; valid choices: {', '.join(BACKENDS)}")
    summary = RunSummary()
    game_params = parse_params(param)
    if out.exists():  # a results file to resume: it must be a file
        input_file(out, "results file")
    output_file(out, "--out")
    timing_file = timings if timings is not None else timings_path(out)
    output_file(timing_file, "--timings")

    def play(on_progress: Callable[[GameProgress], None] | None) -> list[GameRecord]:
        return list(
            run_tournament(
                game,
                [agents],
                n,
                seed,
                players=players,
                params=game_params,
                workers=workers,
                backend=backend,
                ray_address=ray_address,
                out=out,
                timings=timing_file,
                summary=summary,
                on_progress=on_progress,
                rotate=rotate,
            )
        )

    with user_errors():
        if show_progress:
            with progress_bar() as bar:
                task = bar.add_task(f"{game}: playing", total=n)

                def advance(progress: GameProgress) -> None:
                    if progress.outcome is None:  # resumed from the file: no speed sample
                        bar.reset(task, total=n, completed=progress.done)
                    else:
                        bar.update(task, completed=progress.done)

                records = play(advance)
        else:
            records = play(None)
    title = f"{game}: {len(records)} games, seed {seed}"
    console.print(results_table(records, title))
    console.print(f"Draws: {draws(records)}")
    print_timings(summary)
    console.print(f"Results: {out}  timings: {timing_file}  (farmstead report {out})")


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament_command)
