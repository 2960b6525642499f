"""Report plots as PNG bytes (Matplotlib's object API with the Agg canvas; no pyplot state).

Each function takes plain numbers, draws one figure and returns it encoded as PNG.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from farmstead.lab.elo import EloRating
from farmstead.lab.stats import AgentSummary, MoveTime, SeatSummary

WIDTH, HEIGHT, DPI = 7.0, 3.6, 100
BAR = "#4c72b0"
ACCENT = "#dd8452"


def _png(fig: Figure) -> bytes:
    FigureCanvasAgg(fig)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


def _figure() -> Figure:
    return Figure(figsize=(WIDTH, HEIGHT), dpi=DPI)


def _error_bars(
    rates: Sequence[float], lows: Sequence[float], highs: Sequence[float]
) -> list[list[float]]:
    """Asymmetric error bars (never negative: an interval may miss its rate by rounding)."""
    return [
        [max(0.0, r - lo) for r, lo in zip(rates, lows, strict=True)],
        [max(0.0, hi - r) for r, hi in zip(rates, highs, strict=True)],
    ]


def _short(label: str, limit: int = 28) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def win_rates(agents: Sequence[AgentSummary]) -> bytes:
    """Win rate per agent with its Wilson 95% interval."""
    fig = _figure()
    ax = fig.add_subplot()
    x = range(len(agents))
    rates = [a.rate for a in agents]
    errors = _error_bars(rates, [a.low for a in agents], [a.high for a in agents])
    ax.bar(x, rates, yerr=errors, capsize=6, color=BAR)
    ax.set_xticks(list(x), [_short(a.agent) for a in agents], rotation=10)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title("Win rate per agent (95% Wilson interval)")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def elo(ratings: Sequence[EloRating]) -> bytes:
    """Elo per agent with the bootstrap 95% interval."""
    fig = _figure()
    ax = fig.add_subplot()
    x = range(len(ratings))
    values = [r.elo for r in ratings]
    errors = _error_bars(values, [r.low for r in ratings], [r.high for r in ratings])
    ax.errorbar(x, values, yerr=errors, fmt="o", capsize=6, color=BAR, markersize=8)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xticks(list(x), [_short(r.agent) for r in ratings], rotation=10)
    ax.set_xlim(-0.5, len(ratings) - 0.5)
    ax.set_ylabel("Elo (mean 0)")
    ax.set_title("Elo rating (Bradley-Terry, bootstrap 95% interval)")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def seat_win_rates(seats: Sequence[SeatSummary], fair: float) -> bytes:
    """Win rate per seat with its interval, against the rate ``fair`` of a balanced game."""
    fig = _figure()
    ax = fig.add_subplot()
    x = range(len(seats))
    rates = [s.rate for s in seats]
    errors = _error_bars(rates, [s.low for s in seats], [s.high for s in seats])
    ax.bar(x, rates, yerr=errors, capsize=6, color=BAR)
    ax.axhline(fair, color=ACCENT, linestyle="--", label=f"balanced ({fair:.3f})")
    ax.set_xticks(list(x), [f"seat {s.seat}" for s in seats])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title("Seat advantage: win rate per seat (95% Wilson interval)")
    ax.legend(loc="upper right")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def game_lengths(decisions: Sequence[int]) -> bytes:
    """Histogram of game length in decisions."""
    fig = _figure()
    ax = fig.add_subplot()
    bins = min(40, max(1, len(set(decisions))))
    ax.hist(list(decisions), bins=bins, color=BAR, edgecolor="white")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Game length")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def move_times(times: Sequence[MoveTime]) -> bytes:
    """Mean thinking time per decision per agent (log scale)."""
    fig = _figure()
    ax = fig.add_subplot()
    x = range(len(times))
    values = [max(t.per_move, 1e-7) for t in times]
    ax.bar(x, values, color=BAR)
    ax.set_yscale("log")
    ax.set_xticks(list(x), [_short(t.agent) for t in times], rotation=10)
    ax.set_ylabel("seconds per decision")
    ax.set_title("Mean time per move")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def sweep_seat_rates(
    labels: Sequence[str], seats: Sequence[Sequence[SeatSummary]], title: str
) -> bytes:
    """Seat win rates (with intervals) for each sweep point; one line per seat."""
    fig = _figure()
    ax = fig.add_subplot()
    x = list(range(len(labels)))
    count = max((len(row) for row in seats), default=0)
    for seat in range(count):
        points = [(i, row[seat]) for i, row in enumerate(seats) if seat < len(row)]
        xs = [i for i, _ in points]
        rates = [s.rate for _, s in points]
        ax.errorbar(
            xs,
            rates,
            yerr=_error_bars(rates, [s.low for _, s in points], [s.high for _, s in points]),
            marker="o",
            capsize=4,
            label=f"seat {seat}",
        )
    ax.set_xticks(x, [_short(label, 18) for label in labels], rotation=10)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize="small")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def sweep_lengths(labels: Sequence[str], decisions: Sequence[Sequence[int]], title: str) -> bytes:
    """Distribution of game length (decisions) for each sweep point, as box plots."""
    fig = _figure()
    ax = fig.add_subplot()
    data = [list(d) if d else [0] for d in decisions]
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(labels) + 1), [_short(label, 18) for label in labels], rotation=10)
    ax.set_ylabel("decisions per game")
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def rates_against_fair(
    labels: Sequence[str],
    rates: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    fair: float,
    title: str,
) -> bytes:
    """Win rates of groups of seats (horizontal bars with 95% intervals) against the fair
    share; a group whose interval excludes it is drawn in the accent colour."""
    fig = Figure(figsize=(WIDTH, max(HEIGHT, 0.9 + 0.28 * len(labels))), dpi=DPI)
    ax = fig.add_subplot()
    y = list(range(len(labels)))
    colours = [ACCENT if not lo <= fair <= hi else BAR for lo, hi in zip(lows, highs, strict=True)]
    ax.barh(
        y,
        rates,
        xerr=_error_bars(rates, lows, highs),
        capsize=4,
        color=colours,
    )
    ax.axvline(fair, color="grey", linestyle="--", label=f"fair share ({fair:.3f})")
    ax.set_yticks(y, [_short(label, 32) for label in labels])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize="small")
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def histogram(values: Sequence[float], xlabel: str, title: str) -> bytes:
    """Histogram of ``values`` (integers get one bin each, up to 40 bins)."""
    fig = _figure()
    ax = fig.add_subplot()
    bins = min(40, max(1, len(set(values))))
    ax.hist(list(values), bins=bins, color=BAR, edgecolor="white")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def counts(labels: Sequence[str], values: Sequence[int], title: str) -> bytes:
    """Bar chart of counts per label (e.g. games per end reason)."""
    fig = _figure()
    ax = fig.add_subplot()
    x = range(len(labels))
    ax.bar(x, values, color=BAR)
    ax.set_xticks(list(x), [_short(label, 20) for label in labels], rotation=10)
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)
