"""The balance part of a report: tables, plots and the CSV export of ``lab.balance``.

``balance_tables`` and ``balance_plots`` extend a tournament report (``lab.report``);
``write_csv`` writes one row per game (``games.csv``) and one per seat of each game
(``seats.csv``) for people who continue in pandas or R.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from farmstead.core.record import GameRecord, winners
from farmstead.lab import plots
from farmstead.lab.balance import Balance, Difference, Rate, Spread, facts_of, seat_rows

Table = tuple[str, list[str], list[list[str]]]
FLAG = "⚑ outside"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _points(x: float) -> str:
    return f"{100 * x:+.1f} pts"


def _rate_row(r: Rate) -> list[str]:
    return [
        r.label,
        str(r.seats),
        str(r.wins),
        _pct(r.rate),
        f"{_pct(r.low)} – {_pct(r.high)}",
        FLAG if r.flagged else "",
    ]


RATE_HEADERS = ["value", "seats", "wins", "win rate", "95% interval", "fair share"]


def _difference_row(d: Difference) -> list[str]:
    return [
        d.label,
        f"{_pct(d.first.rate)} of {d.first.seats}",
        f"{_pct(d.rest.rate)} of {d.rest.seats}",
        _points(d.value),
        f"{_points(d.low)} – {_points(d.high)}",
    ]


def _spread_row(name: str, s: Spread | None) -> list[str] | None:
    if s is None:
        return None
    return [
        name,
        str(s.count),
        f"{s.mean:.1f}",
        f"{s.median:g}",
        f"{s.low:g} – {s.high:g}",
        f"{s.smallest:g} – {s.largest:g}",
    ]


def balance_tables(b: Balance) -> list[Table]:
    """The balance tables, in display order (none when no record carries facts)."""
    if not b.with_facts:
        return []
    fair = _pct(b.fair)
    tables: list[Table] = [
        (
            f"Turn order (who actually moved first; fair share {fair} per seat)",
            RATE_HEADERS,
            [_rate_row(r) for r in b.order],
        )
    ]
    differences = ([b.first_player] if b.first_player else []) + b.first_player_by_agent
    if differences:
        tables.append(
            (
                "First-player advantage (win rate moving first minus moving later, "
                "Newcombe 95% interval; per agent: not confounded by where it sat)",
                ["seats", "moving first", "moving later", "advantage", "95% interval"],
                [_difference_row(d) for d in differences],
            )
        )
    for kind, rates in b.traits.items():
        tables.append((f"Win rate per {kind} (fair share {fair})", RATE_HEADERS, _rows(rates)))
    for kind, rates in b.items.items():
        tables.append(
            (
                f"Win rate of the seats with each of {kind} (fair share {fair})",
                RATE_HEADERS,
                _rows(rates),
            )
        )
    tables.append(
        (
            "Why games ended",
            ["end", "games", "share"],
            [[end, str(n), _pct(n / b.with_facts)] for end, n in b.ends],
        )
    )
    spreads = [
        row
        for row in (
            _spread_row("rounds", b.rounds),
            _spread_row("turns", b.turns),
            _spread_row("winner's score", b.winning_scores),
            _spread_row("margin over the runner-up", b.margins),
        )
        if row is not None
    ]
    tables.append(
        (
            "Length, scores and margins",
            ["measure", "games", "mean", "median", "5% – 95%", "range"],
            spreads,
        )
    )
    return tables


def _rows(rates: Sequence[Rate]) -> list[list[str]]:
    return [_rate_row(r) for r in rates]


def balance_plots(b: Balance) -> list[tuple[str, str, bytes]]:
    """The balance plots as (file stem, caption, PNG bytes)."""
    if not b.with_facts:
        return []
    drawn = [
        ("turn_order", "Win rate per place in the turn order", _rates_plot(b.order, b.fair, "")),
    ]
    for kind, rates in b.traits.items():
        drawn.append((f"trait_{kind}", f"Win rate per {kind}", _rates_plot(rates, b.fair, kind)))
    for kind, rates in b.items.items():
        drawn.append(
            (f"items_{kind}", f"Win rate of the seats with each of {kind}",
             _rates_plot(rates, b.fair, kind))
        )  # fmt: skip
    drawn.append(
        (
            "end_reasons",
            "Why games ended",
            plots.counts([e for e, _ in b.ends], [n for _, n in b.ends], "Why games ended"),
        )
    )
    if b.rounds is not None:
        drawn.append(
            ("rounds", "Rounds per game", plots.histogram(b.round_values, "rounds", "Rounds"))
        )
    if b.margin_values:
        drawn.append(
            (
                "margins",
                "Winner's margin over the runner-up",
                plots.histogram(b.margin_values, "score margin", "Winning margin"),
            )
        )
    return drawn


def _rates_plot(rates: Sequence[Rate], fair: float, kind: str) -> bytes:
    title = f"Win rate per {kind}" if kind else "Win rate per place in the turn order"
    return plots.rates_against_fair(
        [r.label for r in rates],
        [r.rate for r in rates],
        [r.low for r in rates],
        [r.high for r in rates],
        fair,
        title,
    )


def write_csv(records: Sequence[GameRecord], folder: str | Path) -> list[Path]:
    """``folder/games.csv`` (one row per finished game) and ``folder/seats.csv`` (one row per
    seat of each game with facts); returns the two paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    games_path, seats_path = folder / "games.csv", folder / "seats.csv"
    with games_path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["game", "seed", "agents", "winner_seat", "end", "rounds", "turns", "actions"])
        for index, record in enumerate(records):
            if record.returns is None:
                continue
            top = winners(record.returns)
            facts = facts_of(record)
            out.writerow(
                [
                    index,
                    record.seed,
                    "|".join(record.agents),
                    top[0] if len(top) == 1 else "",
                    facts.end if facts else "",
                    facts.rounds if facts else "",
                    facts.turns if facts else "",
                    len(record.actions),
                ]
            )
    rows = seat_rows(records)
    parts = sorted({k for r in rows for k in r.score_parts})
    traits = sorted({k for r in rows for k in r.traits})
    items = sorted({k for r in rows for k in r.items})
    with seats_path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(
            ["game", "seat", "agent", "won", "order", "score"]
            + [f"score.{k}" for k in parts]
            + [f"trait.{k}" for k in traits]
            + [f"items.{k}" for k in items]
        )
        for r in rows:
            out.writerow(
                [r.game, r.seat, r.agent, int(r.won), r.order, "" if r.score is None else r.score]
                + [r.score_parts.get(k, "") for k in parts]
                + [r.traits.get(k, "") for k in traits]
                + ["|".join(r.items.get(k, ())) for k in items]
            )
    return [games_path, seats_path]
