"""``farmstead ladder``: each game's strength ladder (random, heuristic, mcts at three budgets),
a seeded round robin on all cores, written as an HTML report with Elo and head-to-head tables."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress, TaskID
from rich.table import Table

from farmstead.cli.common import (
    GAME_HELP,
    BackendOption,
    RayAddressOption,
    WorkersOption,
    console,
    fail,
    output_folder,
    user_errors,
)
from farmstead.cli.tournament_cmd import progress_bar
from farmstead.core.registry import game_names
from farmstead.lab.backends import BACKENDS
from farmstead.lab.ladder import (
    DEFAULT_BUDGETS,
    DEFAULT_SEED,
    PUBLISHED_REPORTS,
    published_folder,
    run_ladder,
    write_index,
    write_ladder,
)
from farmstead.lab.tournament import Progress as GameProgress

DEFAULT_BUDGETS_TEXT = ",".join(str(budget) for budget in DEFAULT_BUDGETS)


def _budgets(text: str) -> list[int]:
    try:
        budgets = [int(item) for item in text.split(",")]
    except ValueError:
        raise fail(f"--budgets expects comma-separated whole numbers, got {text!r}") from None
    if len(budgets) != 3:
        raise fail(f"--budgets expects three mcts budgets, got {len(budgets)}")
    return budgets


def ladder_command(
    games: Annotated[
        list[str] | None,
        typer.Argument(help=f"{GAME_HELP} (or --all for every game)", show_default=False),
    ] = None,
    all_games: Annotated[bool, typer.Option("--all", help="every registered game")] = False,
    out: Annotated[
        Path, typer.Option(help="folder for GAME.html, GAME.json and GAME.jsonl (the records)")
    ] = Path("ladder"),
    rounds: Annotated[
        int, typer.Option(help="rounds; one round is one game per ordered pair of agents", min=1)
    ] = 2,
    seed: Annotated[int, typer.Option(help="master seed")] = DEFAULT_SEED,
    budgets: Annotated[
        str, typer.Option(help="the three mcts budgets, iterations per move")
    ] = DEFAULT_BUDGETS_TEXT,
    workers: WorkersOption = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    show_progress: Annotated[bool, typer.Option("--progress/--no-progress")] = True,
    publish: Annotated[
        bool,
        typer.Option(
            "--publish",
            help="publish: the report and records to docs/ladder/ (run from the repository's "
            "root), the figures into the package (levels are named by their Elo)",
        ),
    ] = False,
) -> None:
    """Rate random, heuristic and mcts at three budgets by a seeded round robin (2 players).

    Re-running resumes each game's records (OUT/GAME.jsonl); the report is rewritten.
    """
    figures: Path | None = None
    if publish:
        if not PUBLISHED_REPORTS.parent.is_dir() or not Path("src", "farmstead").is_dir():
            raise fail("--publish writes into the repository: run it from the repository's root")
        out = PUBLISHED_REPORTS
        figures = published_folder()
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r}; valid choices: {', '.join(BACKENDS)}")
    if all_games and games:
        raise fail("give game names or --all, not both")
    names = game_names() if all_games else list(games or [])
    if not names:
        raise fail("name at least one game, or --all")
    parsed = _budgets(budgets)
    output_folder(out, "--out")
    for name in names:
        settings = {
            "rounds": rounds,
            "seed": seed,
            "budgets": parsed,
            "workers": workers,
            "backend": backend,
            "ray_address": ray_address,
            "out": out / f"{name}.jsonl",
            "command": _reproduce(name, out, rounds, seed, budgets, publish),
        }
        with user_errors():
            if show_progress:
                with progress_bar() as bar:
                    task = bar.add_task(f"{name}: ladder", total=None)

                    def advance(
                        progress: GameProgress, bar: Progress = bar, task: int = task
                    ) -> None:
                        bar.update(TaskID(task), total=progress.total, completed=progress.done)

                    ladder = run_ladder(name, on_progress=advance, **settings)  # type: ignore[arg-type]
            else:
                ladder = run_ladder(name, **settings)  # type: ignore[arg-type]
        html_path, _ = write_ladder(ladder, out, figures)
        table = Table(title=f"{name}: {ladder.games} games, seed {seed}")
        for column in ("agent", "Elo", "95% interval"):
            table.add_column(column, justify="left" if column == "agent" else "right")
        for rating in sorted(ladder.elo, key=lambda r: -r.elo):
            table.add_row(
                rating.agent, f"{rating.elo:+.0f}", f"{rating.low:+.0f} … {rating.high:+.0f}"
            )
        console.print(table)
        problems = ladder.order_problems()
        console.print(
            "Strictly ordered." if not problems else "Not strictly ordered: " + "; ".join(problems)
        )
        console.print(f"Report: {html_path}")
    if publish:
        console.print(f"Index: {write_index(out)}")


def _reproduce(game: str, out: Path, rounds: int, seed: int, budgets: str, publish: bool) -> str:
    where = "--publish" if publish else f"--out {shlex.quote(str(out))}"
    return (
        f"farmstead ladder {shlex.quote(game)} {where} --rounds {rounds} "
        f"--seed {seed} --budgets {budgets}"
    )


def register(app: typer.Typer) -> None:
    app.command("ladder")(ladder_command)
