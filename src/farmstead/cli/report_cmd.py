"""``farmstead report``: statistics, PNG plots and a self-contained HTML page for results."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from farmstead.cli.common import (
    console,
    fail,
    input_file,
    output_file,
    output_folder,
    user_errors,
    write_text,
)
from farmstead.lab.balance_report import write_csv
from farmstead.lab.report import (
    Table as ReportTable,
)
from farmstead.lab.report import (
    build_report,
    render_html,
    report_plots,
    report_tables,
    write_plots,
)
from farmstead.lab.results import read_results, read_timings, timings_path


def rich_table(table: ReportTable) -> Table:
    """A report table for the terminal."""
    title, headers, rows = table
    out = Table(title=title, title_justify="left")
    for i, header in enumerate(headers):
        out.add_column(header, justify="left" if i == 0 else "right")
    for row in rows:
        out.add_row(*row)
    return out


def report_command(
    results: Annotated[Path, typer.Argument(help="results JSONL file of a tournament")],
    html: Annotated[
        Path | None, typer.Option(help="write one self-contained HTML report here")
    ] = None,
    plots: Annotated[
        Path | None, typer.Option(help="folder for the PNG plots (default: RESULTS-plots/)")
    ] = None,
    no_plots: Annotated[bool, typer.Option("--no-plots", help="write no PNG files")] = False,
    timings: Annotated[
        Path | None,
        typer.Option(help="timings file for time per move (default: RESULTS.timings.jsonl)"),
    ] = None,
    bootstrap: Annotated[
        int, typer.Option(help="bootstrap resamples for the Elo intervals", min=0)
    ] = 200,
    csv: Annotated[
        Path | None,
        typer.Option(
            help="folder to write games.csv and seats.csv in (one row per game, per seat)"
        ),
    ] = None,
) -> None:
    """Win rates with Wilson intervals, Elo, seat advantage, draws, game length, time per move;
    from the games' facts: first-player advantage, win rate per faction, species, Mutation or
    card (flagged where the interval excludes the fair share), why games ended, rounds, scores
    and margins."""
    input_file(results, "results file")
    timing_file = timings if timings is not None else timings_path(results)
    if timings is not None:
        input_file(timings, "timings file")
    output_file(html, "--html")
    folder = plots if plots is not None else results.with_name(results.stem + "-plots")
    if not no_plots:
        output_folder(folder, "--plots")
    if csv is not None:
        output_folder(csv, "--csv")
    with user_errors():
        records = list(read_results(results))
        timing_rows = read_timings(timing_file) if timing_file.is_file() else None
        if timing_rows == [] and timing_file.read_text(encoding="utf-8").strip():
            raise fail(f"malformed timings file {timing_file}: it holds no game timing line")
        report = build_report(records, timing_rows, bootstrap=bootstrap)
    for table in report_tables(report):
        console.print(rich_table(table))
    if not report.move_times:
        console.print("(no timings file: time per move not shown)")
    if not report.balance.with_facts:
        console.print("(the records carry no game facts: balance tables not shown)")
    if csv is not None:
        with user_errors():
            written = write_csv(records, csv)
        console.print(f"CSV: {', '.join(str(p) for p in written)}")
    if no_plots and html is None:
        return
    drawn = report_plots(report)
    if not no_plots:
        with user_errors():
            paths = write_plots(drawn, folder)
        console.print(f"Plots: {', '.join(str(p) for p in paths)}")
    if html is not None:
        write_text(html, render_html(report, drawn, source=results.name))
        console.print(f"HTML report: {html}")


def register(app: typer.Typer) -> None:
    app.command("report")(report_command)
