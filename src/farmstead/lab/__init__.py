"""The balance lab: playing games between agents, tournaments, statistics, reports and sweeps.

Library API mirroring the CLI::

    from farmstead.lab import run_tournament, build_report
    records = list(run_tournament("rancho", ["random", "mcts"], games=100, seed=7))
    report = build_report(records)

Statistics (``farmstead.lab.stats``, ``farmstead.lab.elo``) are pure functions over records.
Plotting needs Matplotlib and the Ray backend needs Ray (the ``lab`` extra); they are imported
only when used.
"""

from farmstead.lab.elo import elo_ratings
from farmstead.lab.play import MoveTimer, play_game
from farmstead.lab.results import read_results, read_timings, timings_path
from farmstead.lab.stats import (
    agent_results,
    draws,
    head_to_head,
    lengths_summary,
    seat_wins,
    wilson_interval,
)
from farmstead.lab.tournament import Progress, RunSummary, Tournament, run_tournament, seat_lineups

__all__ = [
    "MoveTimer",
    "Progress",
    "RunSummary",
    "Tournament",
    "agent_results",
    "build_report",
    "draws",
    "elo_ratings",
    "head_to_head",
    "lengths_summary",
    "play_game",
    "read_results",
    "read_timings",
    "run_sweep",
    "run_tournament",
    "seat_lineups",
    "seat_wins",
    "timings_path",
    "wilson_interval",
]


def __getattr__(name: str) -> object:
    # Matplotlib-backed modules load on first use, keeping `import farmstead.lab` light.
    if name == "build_report":
        from farmstead.lab.report import build_report

        return build_report
    if name == "run_sweep":
        from farmstead.lab.sweep import run_sweep

        return run_sweep
    raise AttributeError(f"module 'farmstead.lab' has no attribute {name!r}")
