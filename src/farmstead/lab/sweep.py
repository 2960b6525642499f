"""Parameter sweeps: the same tournament under each value of one or more game params.

A sweep point is one combination of values (the cartesian product of the ``--param`` axes);
``players`` may be swept like a param. Every point uses the same master seed, hence the same
per-game seeds, so differences between points are not blurred by different luck more than
the rules themselves cause.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from farmstead.agents.base import AgentSpec
from farmstead.core.errors import InvalidParamError
from farmstead.core.game import Game
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game
from farmstead.lab import htmlpage, plots
from farmstead.lab.report import Table, tables_html
from farmstead.lab.stats import (
    AgentSummary,
    SeatSummary,
    agent_results,
    draws,
    game_lengths,
    seat_wins,
)
from farmstead.lab.tournament import Progress, RunSummary, run_tournament

PLAYERS = "players"


@dataclass(frozen=True)
class SweepAxis:
    """One swept parameter and its values (as written; the game coerces them)."""

    key: str
    values: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> SweepAxis:
        """Parse ``KEY=v1,v2,...``, or ``KEY=v1|v2|...`` when values contain commas
        (e.g. ``d6=1,1,1,2,2,4|1,1,2,2,4,4``)."""
        key, sep, rest = text.partition("=")
        separator = "|" if "|" in rest else ","
        values = tuple(v.strip() for v in rest.split(separator)) if sep else ()
        if not sep or not key.strip() or not values or any(not v for v in values):
            raise InvalidParamError(
                f"sweep param {text!r}: expected KEY=v1,v2,... (or KEY=v1|v2|... when the "
                "values contain commas)"
            )
        if len(set(values)) != len(values):
            raise InvalidParamError(f"sweep param {text!r} repeats a value")
        return cls(key.strip(), values)


@dataclass
class SweepPoint:
    """One combination of values, its configured game and (after running) its records."""

    settings: dict[str, str]
    game: Game
    records: list[GameRecord]
    out: Path | None = None
    summary: RunSummary | None = None

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.settings.items())

    def seats(self) -> list[SeatSummary]:
        return seat_wins(self.records, self.game.num_players)

    def agents(self) -> list[AgentSummary]:
        return agent_results(self.records)

    def decisions(self) -> list[int]:
        return game_lengths(self.records)[1]

    def draws(self) -> int:
        return draws(self.records)


def plan_sweep(
    game: str,
    axes: Sequence[SweepAxis],
    players: int | None = None,
    params: dict[str, Any] | None = None,
) -> list[SweepPoint]:
    """One point per combination of axis values, each game configured (bad values raise)."""
    if not axes:
        raise InvalidParamError("a sweep needs at least one --param KEY=v1,v2,...")
    keys = [axis.key for axis in axes]
    if len(set(keys)) != len(keys):
        raise InvalidParamError(f"a sweep param is given twice: {', '.join(keys)}")
    points = []
    for combination in itertools.product(*(axis.values for axis in axes)):
        settings = dict(zip(keys, combination, strict=True))
        point_params = dict(params or {})
        point_players = players
        for key, value in settings.items():
            if key == PLAYERS:
                try:
                    point_players = int(value)
                except ValueError:
                    raise InvalidParamError(f"players must be an int, got {value!r}") from None
            else:
                point_params[key] = value
        points.append(SweepPoint(settings, load_game(game, point_players, **point_params), []))
    return points


def _file_name(game: str, settings: dict[str, str]) -> str:
    label = "+".join(f"{k}={v}" for k, v in settings.items())
    return re.sub(r"[^A-Za-z0-9._=+-]", "_", f"{game}-{label}") + ".jsonl"


def _point_progress(
    on_progress: Callable[[int, SweepPoint, Progress], None] | None, index: int, point: SweepPoint
) -> Callable[[Progress], None] | None:
    if on_progress is None:
        return None
    callback = on_progress

    def forward(progress: Progress) -> None:
        callback(index, point, progress)

    return forward


def run_sweep(
    game: str,
    axes: Sequence[SweepAxis],
    agents: str | Sequence[str | AgentSpec],
    games: int,
    seed: int = 0,
    *,
    players: int | None = None,
    params: dict[str, Any] | None = None,
    workers: int | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    out_dir: str | Path | None = None,
    on_progress: Callable[[int, SweepPoint, Progress], None] | None = None,
) -> list[SweepPoint]:
    """Run the tournament of every sweep point and return the points with their records.

    With ``out_dir``, each point's results go to ``<out_dir>/<game>-<key>=<value>.jsonl``
    (resumable like a tournament). Everything is validated before the first game.
    """
    points = plan_sweep(game, axes, players, params)
    folder = Path(out_dir) if out_dir is not None else None
    runs: list[Iterator[GameRecord]] = []
    for point in points:  # validate all points (agents against each game) before playing
        if folder is not None:
            point.out = folder / _file_name(game, point.settings)
        point.summary = RunSummary()
        runs.append(
            run_tournament(
                point.game,
                agents,
                games,
                seed,
                workers=workers,
                backend=backend,
                ray_address=ray_address,
                out=point.out,
                summary=point.summary,
                on_progress=_point_progress(on_progress, len(runs), point),
            )
        )
    for point, run in zip(points, runs, strict=True):
        point.records = list(run)
    return points


def sweep_tables(points: Sequence[SweepPoint]) -> list[Table]:
    """Per point: seat win rates with intervals, draws and game length; agent win rates."""
    if not points:
        return []
    seat_count = max(p.game.num_players for p in points)
    seat_rows = []
    for point in points:
        seats = point.seats()
        n = len(point.records)
        decisions = point.decisions()
        mean = sum(decisions) / len(decisions) if decisions else 0.0
        row = [point.label, str(n)]
        for seat in range(seat_count):
            if seat < len(seats):
                s = seats[seat]
                row.append(f"{100 * s.rate:.1f}% [{100 * s.low:.1f}, {100 * s.high:.1f}]")
            else:
                row.append("–")
        row += [f"{100 * point.draws() / n:.1f}%" if n else "–", f"{mean:.1f}"]
        seat_rows.append(row)
    tables: list[Table] = [
        (
            "Seat win rates (95% Wilson interval), draws and mean game length (decisions)",
            ["setting", "games", *[f"seat {s}" for s in range(seat_count)], "draws", "length"],
            seat_rows,
        )
    ]
    agent_labels = list(dict.fromkeys(a.agent for p in points for a in p.agents()))
    if len(agent_labels) > 1:
        agent_rows = []
        for point in points:
            by_agent = {a.agent: a for a in point.agents()}
            agent_rows.append(
                [point.label]
                + [
                    f"{100 * by_agent[a].rate:.1f}% [{100 * by_agent[a].low:.1f}, "
                    f"{100 * by_agent[a].high:.1f}]"
                    if a in by_agent
                    else "–"
                    for a in agent_labels
                ]
            )
        tables.append(
            ("Agent win rates (95% Wilson interval)", ["setting", *agent_labels], agent_rows)
        )
    return tables


def sweep_plots(points: Sequence[SweepPoint], game: str) -> list[tuple[str, str, bytes]]:
    """Seat win rates and game lengths across the sweep points, as (stem, caption, PNG)."""
    labels = [p.label for p in points]
    return [
        (
            "sweep_seats",
            "Seat win rates per setting (95% Wilson interval)",
            plots.sweep_seat_rates(labels, [p.seats() for p in points], f"{game}: seat win rates"),
        ),
        (
            "sweep_lengths",
            "Game length per setting (decisions; box = quartiles, triangle = mean)",
            plots.sweep_lengths(labels, [p.decisions() for p in points], f"{game}: game length"),
        ),
    ]


def render_sweep_html(
    points: Sequence[SweepPoint], game: str, drawn: Sequence[tuple[str, str, bytes]]
) -> str:
    """The sweep as one self-contained HTML page."""
    agents = ", ".join(dict.fromkeys(a for p in points for r in p.records[:1] for a in r.agents))
    return htmlpage.page(
        f"Farmstead sweep: {game}",
        htmlpage.paragraph(f"{len(points)} settings; agents: {agents}", "note"),
        *tables_html(sweep_tables(points)),
        htmlpage.section("Plots", *(htmlpage.image(png, caption) for _, caption, png in drawn)),
    )
