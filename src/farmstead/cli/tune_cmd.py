"""``farmstead tune``: search a game's params for balanced settings (Optuna), then confirm the
best setting in a fresh tournament."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from farmstead.cli.common import (
    BackendOption,
    GameArgument,
    RayAddressOption,
    WorkersOption,
    console,
    fail,
    output_file,
    parse_params,
    user_errors,
)
from farmstead.lab.backends import BACKENDS
from farmstead.lab.tune import Measure, Trial, TuneResult, plan, tune


def _points(x: float) -> str:
    return f"{100 * x:.1f}"


def _measure_cells(m: Measure) -> list[str]:
    return [
        _points(m.value),
        f"{_points(m.low)} – {_points(m.high)}",
        "yes" if m.meets else "no",
    ]


def _settings(params: dict[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in params.items())


def trials_table(result: TuneResult, shown: int = 10) -> Table:
    """The best ``shown`` trials, best first."""
    table = Table(
        title="Best settings (deviation in win-rate points, 95% interval)", title_justify="left"
    )
    for header in ("trial", "settings", "deviation", "95% interval", "meets"):
        table.add_column(header, justify="left" if header == "settings" else "right")
    ranked = sorted(result.trials, key=lambda t: (t.measure.value, t.number))
    for trial in ranked[:shown]:
        table.add_row(str(trial.number), _settings(trial.params), *_measure_cells(trial.measure))
    return table


def tune_command(
    game: GameArgument,
    param: Annotated[
        list[str],
        typer.Option(help="searched param KEY=LOW..HIGH or KEY=a|b|c (repeatable)"),
    ],
    objective: Annotated[
        str,
        typer.Option(
            help="first_player<=P (first-player advantage within ±P points) or trait:KIND<=P "
            "(every value of a trait such as a species within P points of the fair share)"
        ),
    ],
    agents: Annotated[
        str, typer.Option(help="agents, comma-separated (one agent plays every seat)")
    ] = "heuristic",
    n: Annotated[int, typer.Option("-n", help="games per trial")] = 200,
    trials: Annotated[int, typer.Option(help="settings to try (a small grid: all of it)")] = 20,
    confirm: Annotated[
        int, typer.Option(help="games of the confirming tournament of the best setting")
    ] = 400,
    seed: Annotated[int, typer.Option(help="master seed (the same games for every trial)")] = 1,
    players: Annotated[int | None, typer.Option(help="number of seats")] = None,
    fixed: Annotated[
        list[str] | None, typer.Option(help="game parameter KEY=VALUE kept fixed (repeatable)")
    ] = None,
    rotate: Annotated[
        bool, typer.Option(help="one agent per seat, rotated so each plays every seat")
    ] = False,
    workers: WorkersOption = None,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    out: Annotated[
        Path | None, typer.Option(help="trials file (JSONL; a re-run resumes from it)")
    ] = None,
) -> None:
    """Search params for a balanced setting: each trial a tournament, the best confirmed."""
    if n < 1 or trials < 1 or confirm < 0:
        raise fail("-n and --trials must be at least 1, --confirm at least 0")
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r}; valid choices: {', '.join(BACKENDS)}")
    path = out if out is not None else Path(f"tune-{game}.jsonl")
    output_file(path, "--out")
    with user_errors():
        run = plan(
            game,
            agents,
            param,
            objective,
            n,
            trials,
            seed=seed,
            players=players,
            params=parse_params(fixed),
            rotate=rotate,
        )

        def report(trial: Trial) -> None:
            m = trial.measure
            console.print(
                f"trial {trial.number}: {_settings(trial.params)}: deviation "
                f"{_points(m.value)} pts [{_points(m.low)}, {_points(m.high)}]"
            )

        result = tune(
            run,
            path,
            confirm_games=confirm,
            workers=workers,
            backend=backend,
            ray_address=ray_address,
            on_trial=report,
        )
    console.print(trials_table(result))
    best = result.best
    if best is None:
        return
    console.print(
        f"Objective {run.objective.describe()} (points). Best: {_settings(best.params)} — "
        f"deviation {_points(best.measure.value)} pts, 95% interval "
        f"{_points(best.measure.low)} – {_points(best.measure.high)}."
    )
    meeting = [t for t in result.trials if t.measure.meets]
    if not meeting:
        console.print(
            "No searched setting meets the objective: every trial's interval reaches past "
            f"{100 * run.objective.limit:g} points."
        )
    c = result.confirmation
    if c is not None:
        verdict = "meets" if c.meets else "does not meet"
        console.print(
            f"Confirmation ({c.games} fresh games): deviation {_points(c.value)} pts, 95% "
            f"interval {_points(c.low)} – {_points(c.high)}: the setting {verdict} the "
            "objective."
        )
    console.print(f"Trials: {path}")


def register(app: typer.Typer) -> None:
    app.command("tune")(tune_command)
