"""Tournament reports: statistics over a results file, as tables, PNG plots and one HTML page.

``build_report`` is pure (records and timings in, numbers out); ``report_tables`` turns a report
into titled tables that the CLI prints and the HTML page shows; ``report_plots`` draws the PNGs;
``render_html`` assembles the self-contained page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from farmstead.core.errors import FarmsteadError
from farmstead.core.record import GameRecord
from farmstead.lab import htmlpage, plots
from farmstead.lab.balance import Balance, balance
from farmstead.lab.balance_report import balance_plots, balance_tables
from farmstead.lab.elo import EloRating, elo_ratings
from farmstead.lab.results import GameTiming
from farmstead.lab.stats import (
    AgentSummary,
    LengthSummary,
    MoveTime,
    PairResult,
    SeatSummary,
    agent_results,
    draws,
    finished,
    game_lengths,
    head_to_head,
    length_summary,
    move_times,
    seat_wins,
)


class ReportError(FarmsteadError, ValueError):
    """Records that cannot make one report (none, or from different games)."""


Table = tuple[str, list[str], list[list[str]]]
"""A titled table: (title, column headers, rows of cells)."""


@dataclass(frozen=True)
class Report:
    """Everything a tournament report shows."""

    game: str
    players: int
    params: dict[str, Any]
    games: int
    unfinished: int
    agents: list[AgentSummary]
    elo: list[EloRating]
    seats: list[SeatSummary]
    draws: int
    lengths: LengthSummary
    decisions: list[int]
    head_to_head: list[PairResult]
    move_times: list[MoveTime] | None
    balance: Balance

    @property
    def fair_seat_rate(self) -> float:
        """Each seat's win rate if seats did not matter (draws excluded)."""
        if not self.games:
            return 0.0
        return (self.games - self.draws) / self.games / self.players


def build_report(
    records: Sequence[GameRecord],
    timings: Sequence[GameTiming] | None = None,
    bootstrap: int = 200,
    seed: int = 0,
) -> Report:
    """The report of ``records`` (one game configuration); ``timings`` adds time per move."""
    if not records:
        raise ReportError("no game records to report on")
    configurations = {(r.game, r.players, tuple(sorted(r.params.items()))) for r in records}
    if len(configurations) > 1:
        listed = "; ".join(
            f"{game} ({players} players, params {dict(params)})"
            for game, players, params in sorted(configurations, key=str)
        )
        raise ReportError(f"records come from different game configurations: {listed}")
    first = records[0]
    done = finished(records)
    _, decisions = game_lengths(done)
    actions = [len(r.actions) for r in done]
    times = (
        move_times((t.agents, t.agent_seconds, t.decisions) for t in timings) if timings else None
    )
    return Report(
        game=first.game,
        players=first.players,
        params=dict(first.params),
        games=len(done),
        unfinished=len(records) - len(done),
        agents=agent_results(done),
        elo=elo_ratings(done, bootstrap=bootstrap, seed=seed),
        seats=seat_wins(done, first.players),
        draws=draws(done),
        lengths=length_summary(actions, decisions),
        decisions=decisions,
        head_to_head=head_to_head(done),
        move_times=times,
        balance=balance(done, first.players),
    )


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def report_tables(report: Report) -> list[Table]:
    """The report's tables, in display order."""
    params = ", ".join(f"{k}={v}" for k, v in sorted(report.params.items())) or "defaults"
    tables: list[Table] = [
        (
            "Games",
            ["game", "players", "params", "finished games", "unfinished", "draws"],
            [
                [
                    report.game,
                    str(report.players),
                    params,
                    str(report.games),
                    str(report.unfinished),
                    f"{report.draws} ({_pct(report.draws / report.games if report.games else 0)})",
                ]
            ],
        ),
        (
            "Win rate per agent (per seat held: an agent in several seats of a game counts each)",
            ["agent", "seats", "wins", "draws", "losses", "win rate", "95% interval"],
            [
                [
                    a.agent,
                    str(a.games),
                    str(a.wins),
                    str(a.draws),
                    str(a.losses),
                    _pct(a.rate),
                    f"{_pct(a.low)} – {_pct(a.high)}",
                ]
                for a in report.agents
            ],
        ),
    ]
    if len(report.agents) > 1:  # one agent against itself: no rating to tell
        tables.append(
            (
                "Elo (Bradley-Terry, bootstrap over games)",
                ["agent", "Elo", "± s.e.", "95% interval"],
                [
                    [r.agent, f"{r.elo:+.0f}", f"{r.stderr:.0f}", f"{r.low:+.0f} – {r.high:+.0f}"]
                    for r in report.elo
                ],
            )
        )
        tables.append(
            (
                "Head to head (score = wins + half draws)",
                ["agent", "opponent", "games", "score rate", "95% interval"],
                [
                    [
                        p.agent,
                        p.opponent,
                        str(p.games),
                        _pct(p.rate),
                        f"{_pct(p.low)} – {_pct(p.high)}",
                    ]
                    for p in report.head_to_head
                ],
            )
        )
    tables.append(
        (
            f"Seat advantage (balanced: {_pct(report.fair_seat_rate)} per seat)",
            ["seat", "wins", "games", "win rate", "95% interval"],
            [
                [
                    f"seat {s.seat}",
                    str(s.wins),
                    str(s.games),
                    _pct(s.rate),
                    f"{_pct(s.low)} – {_pct(s.high)}",
                ]
                for s in report.seats
            ],
        )
    )
    lengths = report.lengths
    tables.append(
        (
            "Game length",
            ["measure", "mean", "median", "longest"],
            [
                [
                    "decisions",
                    f"{lengths.mean_decisions:.1f}",
                    f"{lengths.median_decisions:g}",
                    str(lengths.longest_decisions),
                ],
                [
                    "actions incl. chance",
                    f"{lengths.mean:.1f}",
                    f"{lengths.median:g}",
                    str(lengths.longest),
                ],
            ],
        )
    )
    if report.move_times:
        tables.append(
            (
                "Mean time per move",
                ["agent", "decisions", "seconds per move"],
                [[t.agent, str(t.decisions), f"{t.per_move:.6f}"] for t in report.move_times],
            )
        )
    return tables + balance_tables(report.balance)


def report_plots(report: Report) -> list[tuple[str, str, bytes]]:
    """The report's plots as (file stem, caption, PNG bytes)."""
    drawn = [
        (
            "win_rates",
            "Win rate per agent with 95% Wilson intervals",
            plots.win_rates(report.agents),
        ),
        (
            "seats",
            "Win rate per seat (seat advantage)",
            plots.seat_win_rates(report.seats, report.fair_seat_rate),
        ),
        ("lengths", "Game length in decisions", plots.game_lengths(report.decisions)),
    ]
    if len(report.agents) > 1:
        drawn.insert(1, ("elo", "Elo rating with bootstrap 95% intervals", plots.elo(report.elo)))
    if report.move_times:
        drawn.append(("move_times", "Mean time per move", plots.move_times(report.move_times)))
    return drawn + balance_plots(report.balance)


def write_plots(drawn: Sequence[tuple[str, str, bytes]], folder: str | Path) -> list[Path]:
    """Write each plot as ``<folder>/<stem>.png``; returns the paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for stem, _, png in drawn:
        path = folder / f"{stem}.png"
        path.write_bytes(png)
        paths.append(path)
    return paths


def tables_html(tables: Sequence[Table]) -> list[str]:
    """Each table as an HTML section."""
    return [
        htmlpage.section(title, htmlpage.table(headers, rows)) for title, headers, rows in tables
    ]


def render_html(report: Report, drawn: Sequence[tuple[str, str, bytes]], source: str = "") -> str:
    """One self-contained HTML page: the tables, then the plots embedded as base64 PNG."""
    note = htmlpage.paragraph(
        f"{report.games} finished games" + (f" from {source}" if source else ""), "note"
    )
    figures = htmlpage.section(
        "Plots", *(htmlpage.image(png, caption) for _, caption, png in drawn)
    )
    return htmlpage.page(
        f"Farmstead report: {report.game}, {report.players} players",
        note,
        *tables_html(report_tables(report)),
        figures,
    )
