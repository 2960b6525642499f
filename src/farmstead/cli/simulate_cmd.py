"""``farmstead simulate`` (many seeded games, a results table) and ``farmstead check``."""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from farmstead.agents.base import AgentSpec
from farmstead.agents.registry import validate_spec
from farmstead.cli.common import (
    GameArgument,
    console,
    fail,
    output_file,
    parse_params,
    user_errors,
)
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game
from farmstead.core.rng import derive_seed
from farmstead.lab.backends import LocalBackend, default_workers
from farmstead.lab.stats import draws, length_summary, seat_wins
from farmstead.lab.tasks import GameRef, GameTask
from farmstead.testing.conformance import ConformanceReport, check_game


def _progress() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def simulate_command(
    game: GameArgument,
    players: Annotated[
        str, typer.Option(help="one agent spec per seat, e.g. random,random")
    ] = "random,random",
    n: Annotated[int, typer.Option("-n", help="number of games", min=1)] = 100,
    seed: Annotated[int, typer.Option(help="master seed; game i uses a seed derived from it")] = 1,
    param: Annotated[
        list[str] | None, typer.Option(help="game parameter KEY=VALUE (repeatable)")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="write every record to this JSONL file")] = None,
    workers: Annotated[int, typer.Option(help="worker processes", min=1)] = 1,
) -> None:
    """Play many seeded games with fixed seats and print win rates and lengths."""
    out = output_file(out, "--out")  # checked before anything is played
    with user_errors():
        specs = [str(spec) for spec in AgentSpec.parse_list(players)]
    if n < 1:
        raise fail("-n must be at least 1")
    with user_errors():
        configured = load_game(game, players=len(specs), **parse_params(param))
        specs = [str(validate_spec(spec)) for spec in specs]
    ref = GameRef.of(configured)
    tasks = [GameTask(ref, i, derive_seed(seed, i), tuple(specs)) for i in range(n)]
    records: list[GameRecord] = []
    decisions: list[int] = []
    lengths: list[int] = []
    busy = 0.0
    started = time.perf_counter()
    with user_errors():
        if out:
            out.parent.mkdir(parents=True, exist_ok=True)
        handle = out.open("w", encoding="utf-8") if out else None
    try:
        with _progress() as progress:
            bar = progress.add_task(f"{game}: playing", total=n)
            for outcome in LocalBackend(workers).run(tasks):
                record = GameRecord.loads(outcome.line)
                records.append(record)
                decisions.append(sum(outcome.decisions))
                lengths.append(len(record.actions))
                busy += outcome.seconds
                if handle:
                    handle.write(outcome.line + "\n")
                progress.advance(bar)
    finally:
        if handle:
            handle.close()
    wall = time.perf_counter() - started
    table = Table(title=f"{configured.type.long_name}: {n} games, seed {seed}")
    for column in ("seat", "agent", "wins", "win rate", "95% interval"):
        table.add_column(column, justify="right" if column != "agent" else "left")
    for summary, spec in zip(seat_wins(records, configured.num_players), specs, strict=True):
        table.add_row(
            str(summary.seat),
            spec,
            str(summary.wins),
            f"{summary.rate:.1%}",
            f"{summary.low:.1%} – {summary.high:.1%}",
        )
    console.print(table)
    lens = length_summary(lengths, decisions)
    console.print(f"Draws: {draws(records)} ({draws(records) / n:.1%})")
    console.print(
        f"Length in decisions: mean {lens.mean_decisions:.1f}, median {lens.median_decisions:.1f}, "
        f"longest {lens.longest_decisions} (all actions incl. chance: mean {lens.mean:.1f})"
    )
    console.print(
        f"Speed: {sum(decisions) / busy:,.0f} decisions/s per worker, "
        f"{sum(decisions) / wall:,.0f} decisions/s in all; {n / wall:.2f} games/s on {workers} worker(s)"
    )
    if out:
        console.print(f"Records written to {out}")


CheckJob = tuple[str, int, dict[str, str], int, int, int, float, int]


def _check_chunk(job: CheckJob) -> ConformanceReport:
    game, players, params, seed, start, count, deep_rate, replay_every = job
    configured = load_game(game, players=players, **params)
    return check_game(
        configured,
        games=count,
        seed=seed,
        start=start,
        deep_rate=deep_rate,
        replay_every=replay_every,
    )


def check_command(
    game: GameArgument,
    players: Annotated[
        int | None, typer.Option(help="number of seats (default: the minimum)")
    ] = None,
    n: Annotated[int, typer.Option("-n", help="number of random games", min=1)] = 100,
    seed: Annotated[int, typer.Option(help="master seed")] = 1,
    param: Annotated[
        list[str] | None, typer.Option(help="game parameter KEY=VALUE (repeatable)")
    ] = None,
    workers: Annotated[int, typer.Option(help="worker processes (0: all cores)", min=0)] = 0,
    deep_rate: Annotated[
        float, typer.Option(help="share of steps given the expensive checks", min=0, max=1)
    ] = 0.002,
    start: Annotated[
        int, typer.Option(help="index of the first game (to split a run in parts)", min=0)
    ] = 0,
    replay_every: Annotated[
        int, typer.Option(help="replay every k-th game from its record", min=1)
    ] = 1,
) -> None:
    """Run the conformance checker over random games (every protocol contract, every step)."""
    params = parse_params(param)
    with user_errors():
        configured = load_game(game, players=players, **params)
    workers = workers or default_workers()
    chunk = max(1, min(50, n // (workers * 4) or 1))
    jobs: list[CheckJob] = [
        (
            game,
            configured.num_players,
            params,
            seed,
            first,
            min(chunk, start + n - first),
            deep_rate,
            replay_every,
        )
        for first in range(start, start + n, chunk)
    ]
    total = ConformanceReport(game, configured.num_players)
    started = time.perf_counter()
    with _progress() as progress, ProcessPoolExecutor(workers) as pool:
        bar = progress.add_task(f"{game}: checking", total=n)
        for report in pool.map(_check_chunk, jobs):
            total.games += report.games
            total.actions += report.actions
            total.decisions += report.decisions
            total.deep_checks += report.deep_checks
            total.wins += report.wins
            total.draws += report.draws
            total.longest_actions = max(total.longest_actions, report.longest_actions)
            total.longest_decisions = max(total.longest_decisions, report.longest_decisions)
            progress.advance(bar, report.games)
    wall = time.perf_counter() - started
    console.print(
        f"[green]OK[/] {total.games} {game} games (#{start}–#{start + n - 1}), "
        f"{configured.num_players} players, seed {seed}: "
        f"no contract broken. {total.decisions:,} decisions, {total.deep_checks:,} deep checks; "
        f"{total.wins} won, {total.draws} drawn; longest game {total.longest_decisions:,} decisions "
        f"({total.longest_actions:,} actions; max_game_length {configured.info.max_game_length:,}). "
        f"{wall:.0f} s on {workers} worker(s)."
    )


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
    app.command("check")(check_command)
