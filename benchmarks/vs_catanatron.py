"""Race ``farmstead bench`` against Catanatron 3.2.1 on random 4-player games, in the same run.

    .venv/bin/python benchmarks/vs_catanatron.py                       # farms_race, 4 players
    .venv/bin/python benchmarks/vs_catanatron.py --game livestock_uprising --seconds 3
    .venv/bin/python benchmarks/vs_catanatron.py --json --require --min-ratio 2.0

Catanatron (pure-Python Settlers of Catan) is installed into its own throwaway virtual
environment (``--venv``, default ``<tmp>/farmstead-catanatron-3.2.1``, reused when it already
holds 3.2.1); when it cannot be installed or imported the script prints ``skipped: <why>`` and
exits 0 (3 with ``--require``). ``--skip-catanatron`` measures our side alone.

Both sides count CPU time of their own process (``time.process_time``), as ``farmstead bench``
does, so a busy machine slows neither figure. The sides alternate, ours first (ours, theirs, ours, theirs, ... ``--rounds`` each), every
measurement in a fresh process pinned to one core (``--cpu``, default the first core this
process may use) when ``os.sched_setaffinity`` exists. The script prints each figure, the
median of each side and the ratio of the medians (ours / theirs); the target is 2.0
(``TARGET_RATIO``).

What a *decision* is, on each side:

- ours: exactly what ``farmstead bench`` counts (``farmstead.lab.benchmark.benchmark_game``):
  every ``apply_action`` by a player seat, forced single-choice moves included; chance steps
  (dice, draws, hidden tokens) are *not* decisions, they are timed but counted only in
  ``actions/s``.
- Catanatron: every ``Game.play_tick()``, i.e. one ``RandomPlayer.decide`` plus one
  ``apply_action`` by the player to move, forced single-choice moves (a lone ``ROLL``) included.
  Catanatron has no chance nodes: the dice, the random discard, the robber's steal and the
  development-card draw are drawn inside the player's ``ROLL`` / ``DISCARD`` / ``MOVE_ROBBER`` /
  ``BUY_DEVELOPMENT_CARD`` action, so its decisions and its actions are the same count.

Both loops have the same shape: a terminal check before every step (``is_terminal()`` against
Catanatron's own ``winning_color()`` plus its 1000-turn cap, as ``Game.play`` does), a new game
when one ends (its set-up time included), clones sampled along the playouts and timed after
the clock stops (``State.clone()`` against ``Game.copy()``, median over samples, in µs).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import venv
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

CATANATRON_VERSION = "3.2.1"
TARGET_RATIO = 2.0
CLONE_TARGET_US = 20.0
EXIT_SKIPPED_REQUIRED = 3  # catanatron unavailable and --require given
EXIT_BELOW_TARGET = 4  # the ratio is below --min-ratio
MEASURE_TIMEOUT_EXTRA = 180.0  # seconds allowed per measurement beyond --seconds

COUNTING = {
    "ours": "player decisions as `farmstead bench` counts them (chance steps excluded)",
    "catanatron": "Game.play_tick() calls: one player decision each (dice rolled inside ROLL)",
}

# The Catanatron side, written to a temporary file and run by the throwaway venv's python:
# ``python FILE SECONDS SEED`` prints one JSON line with the keys of ``Figure``.
CATANATRON_MEASURE = """\
import json, random, statistics, sys, time
from catanatron import Color, Game, RandomPlayer
from catanatron.game import TURNS_LIMIT

CLONE_SAMPLES, CLONES_PER_SAMPLE = 50, 200  # as farmstead.lab.benchmark
seconds, seed = float(sys.argv[1]), int(sys.argv[2])
sampler = random.Random(seed)  # own stream: Catanatron reseeds the global one per game
colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
made = 0


def new_game():
    global made
    made += 1
    return Game([RandomPlayer(c) for c in colors], seed=seed * 1_000_003 + made)


decisions = finished = 0
samples = []
game = new_game()
started = time.process_time()  # CPU time, as farmstead bench counts it
deadline = time.perf_counter() + seconds
while True:
    for _ in range(256):
        if game.winning_color() is not None or game.state.num_turns >= TURNS_LIMIT:
            finished += 1
            game = new_game()
        game.play_tick()
        decisions += 1
    if len(samples) < CLONE_SAMPLES and sampler.random() < 0.2:
        samples.append(game.copy())
    if time.perf_counter() >= deadline:
        break
elapsed = time.process_time() - started
timings = []
for sample in samples or [game]:
    t0 = time.process_time()
    for _ in range(CLONES_PER_SAMPLE):
        sample.copy()
    timings.append((time.process_time() - t0) / CLONES_PER_SAMPLE * 1e6)
print(json.dumps({
    "decisions_per_second": decisions / elapsed,
    "actions_per_second": decisions / elapsed,
    "clone_microseconds": statistics.median(timings),
    "games": float(finished),
    "seconds": elapsed,
}))
"""


class Skipped(Exception):
    """Catanatron cannot be installed, imported or run here; the message says why."""


@dataclass(frozen=True)
class Figure:
    """One measurement of one side: rates per second of playout time, clone time in µs."""

    decisions_per_second: float
    actions_per_second: float
    clone_microseconds: float
    games: float
    seconds: float


@dataclass
class Race:
    """The figures of both sides in the order measured, and their medians and ratio."""

    ours: list[Figure] = field(default_factory=list)
    theirs: list[Figure] = field(default_factory=list)

    @property
    def median_ours(self) -> float:
        return median_rate(self.ours)

    @property
    def median_theirs(self) -> float:
        return median_rate(self.theirs)

    @property
    def ratio(self) -> float | None:
        return ratio_of(self.median_ours, self.median_theirs)


Measure = Callable[[int], Figure]  # round index (0-based) -> figure


def median_rate(figures: Sequence[Figure]) -> float:
    """Median decisions per second of ``figures``; 0.0 for none."""
    if not figures:
        return 0.0
    return float(statistics.median(f.decisions_per_second for f in figures))


def ratio_of(ours: float, theirs: float) -> float | None:
    """``ours / theirs``, or ``None`` when there is no positive figure of theirs to divide by."""
    return ours / theirs if theirs > 0 else None


def race(
    measure_ours: Measure,
    measure_theirs: Measure | None,
    rounds: int,
    report: Callable[[str, int, Figure], None] = lambda side, i, fig: None,
) -> Race:
    """Alternate the sides ``rounds`` times, ours first; ``theirs=None`` measures ours alone.

    ``report(side, round, figure)`` is called after every measurement, side being ``"ours"`` or
    ``"catanatron"``. Exceptions of a measurement (e.g. ``Skipped``) propagate.
    """
    result = Race()
    for i in range(rounds):
        fig = measure_ours(i)
        result.ours.append(fig)
        report("ours", i, fig)
        if measure_theirs is not None:
            fig = measure_theirs(i)
            result.theirs.append(fig)
            report("catanatron", i, fig)
    return result


def measure_ours_here(game: str, players: int, seconds: float, seed: int) -> Figure:
    """Our figure measured in this process, by ``farmstead bench``'s own function."""
    from farmstead.core.registry import load_game
    from farmstead.lab.benchmark import benchmark_game

    result = benchmark_game(load_game(game, players=players), seconds=seconds, seed=seed)
    return Figure(
        decisions_per_second=result.decisions_per_second,
        actions_per_second=result.actions_per_second,
        clone_microseconds=result.clone_microseconds,
        games=result.games,
        seconds=result.seconds,
    )


def pin_to(cpu: int | None) -> Callable[[], None] | None:
    """A ``preexec_fn`` pinning the child to ``cpu`` (best effort), or ``None`` not to pin."""
    if cpu is None or not hasattr(os, "sched_setaffinity"):
        return None

    def pin() -> None:
        with contextlib.suppress(OSError):  # a core we may not use: run unpinned
            os.sched_setaffinity(0, {cpu})

    return pin


def default_cpu() -> int | None:
    """The first core this process may run on, or ``None`` where affinity is unsupported."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    return min(os.sched_getaffinity(0))


def run_figure(cmd: list[str], cpu: int | None, timeout: float) -> Figure:
    """Run ``cmd`` (pinned to ``cpu``) and parse the ``Figure`` JSON of its last stdout line.

    Raises ``RuntimeError`` with the tail of stderr when the command fails or prints no figure.
    """
    done = subprocess.run(
        cmd, capture_output=True, text=True, timeout=timeout, preexec_fn=pin_to(cpu)
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise RuntimeError(f"{cmd[0]} exited {done.returncode}: {tail}")
    return Figure(**json.loads(lines[-1]))


def ours_in_subprocess(args: argparse.Namespace) -> Measure:
    """Our side: this script in ``--worker`` mode, in a fresh pinned process per round."""

    def measure(i: int) -> Figure:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker"]
        cmd += ["--game", args.game, "--players", str(args.players)]
        cmd += ["--seconds", str(args.seconds), "--seed", str(args.seed + i)]
        return run_figure(cmd, args.cpu, args.seconds + MEASURE_TIMEOUT_EXTRA)

    return measure


def catanatron_python(folder: Path) -> Path:
    """The interpreter of the virtual environment in ``folder`` (POSIX or Windows layout)."""
    unix = folder / "bin" / "python"
    return unix if unix.exists() or os.name != "nt" else folder / "Scripts" / "python.exe"


def has_catanatron(python: Path) -> bool:
    """True when ``python`` exists and imports catanatron at exactly ``CATANATRON_VERSION``."""
    if not python.exists():
        return False
    check = (
        "import importlib.metadata as m, catanatron; "
        f"raise SystemExit(m.version('catanatron') != {CATANATRON_VERSION!r})"
    )
    return subprocess.run([str(python), "-c", check], capture_output=True).returncode == 0


def ensure_catanatron(folder: Path, log: Callable[[str], None]) -> Path:
    """The python of a venv in ``folder`` holding catanatron 3.2.1, installed there if missing.

    Raises ``Skipped`` with the reason when the venv cannot be made or the install fails.
    """
    python = catanatron_python(folder)
    if has_catanatron(python):
        return python
    log(f"installing catanatron=={CATANATRON_VERSION} into {folder} ...")
    if not python.exists():
        if folder.exists() and any(folder.iterdir()):
            raise Skipped(f"{folder} exists and is not a virtual environment: not touching it")
        try:
            venv.EnvBuilder(with_pip=True).create(folder)
        except Exception as exc:  # any failure to build the venv is a skip
            raise Skipped(f"cannot create a virtual environment in {folder}: {exc}") from exc
        python = catanatron_python(folder)
    cmd = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    try:
        done = subprocess.run(
            [*cmd, f"catanatron=={CATANATRON_VERSION}"],
            capture_output=True,
            text=True,
            timeout=600,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise Skipped(f"pip install catanatron=={CATANATRON_VERSION} failed: {exc}") from exc
    if done.returncode != 0:
        tail = " / ".join(done.stderr.strip().splitlines()[-3:])
        raise Skipped(f"pip install catanatron=={CATANATRON_VERSION} failed: {tail}")
    if not has_catanatron(python):
        raise Skipped(f"catanatron {CATANATRON_VERSION} installed but does not import")
    return python


def catanatron_in_subprocess(args: argparse.Namespace, python: Path, script: Path) -> Measure:
    """Their side: ``script`` (``CATANATRON_MEASURE``) under ``python``, one process per round.

    A failing run raises ``Skipped``: the other engine broke, not ours.
    """

    def measure(i: int) -> Figure:
        cmd = [str(python), str(script), str(args.seconds), str(args.seed + i)]
        try:
            return run_figure(cmd, args.cpu, args.seconds + MEASURE_TIMEOUT_EXTRA)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            raise Skipped(f"the catanatron measurement failed: {exc}") from exc

    return measure


def describe(side: str, i: int, fig: Figure) -> str:
    """One printed line for one figure."""
    return (
        f"round {i + 1} {side:<10} {fig.decisions_per_second:>10,.0f} decisions/s "
        f"{fig.actions_per_second:>10,.0f} actions/s  clone {fig.clone_microseconds:6.1f} µs  "
        f"{fig.games:6.1f} games"
    )


def summary(result: Race, game: str, players: int) -> list[str]:
    """The closing lines: both medians, the ratio against the target, the clone target."""
    clone = statistics.median(f.clone_microseconds for f in result.ours) if result.ours else 0.0
    lines = [f"median ours ({game}, {players} players): {result.median_ours:,.0f} decisions/s"]
    lines.append(
        f"median clone ours: {clone:.1f} µs "
        f"({'within' if clone < CLONE_TARGET_US else 'over'} the {CLONE_TARGET_US:.0f} µs target)"
    )
    if result.theirs:
        lines.append(
            f"median catanatron {CATANATRON_VERSION}: {result.median_theirs:,.0f} decisions/s"
        )
        r = result.ratio
        verdict = "n/a" if r is None else f"{r:.2f}x"
        met = r is not None and r >= TARGET_RATIO
        lines.append(
            f"ratio ours/catanatron (medians): {verdict} "
            f"(target >= {TARGET_RATIO:.1f}x: {'met' if met else 'not met'})"
        )
    return lines


def as_json(result: Race, args: argparse.Namespace, skipped: str | None) -> dict[str, Any]:
    """The machine-readable report (``--json``)."""
    return {
        "game": args.game,
        "players": args.players,
        "seconds": args.seconds,
        "rounds": args.rounds,
        "cpu": args.cpu,
        "catanatron_version": CATANATRON_VERSION,
        "counting": COUNTING,
        "skipped": skipped,
        "ours": [asdict(f) for f in result.ours],
        "catanatron": [asdict(f) for f in result.theirs],
        "median_ours": result.median_ours if result.ours else None,
        "median_catanatron": result.median_theirs if result.theirs else None,
        "ratio": result.ratio,
        "target_ratio": TARGET_RATIO,
    }


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line; ``--cpu`` defaults to ``default_cpu()``, ``--venv`` to a temp folder."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="farms_race", help="registry key (default farms_race)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each side")
    parser.add_argument("--seed", type=int, default=0, help="round i uses seed + i on both sides")
    parser.add_argument("--cpu", type=int, default=None, help="core to pin every measurement to")
    parser.add_argument(
        "--venv",
        type=Path,
        default=Path(tempfile.gettempdir()) / f"farmstead-catanatron-{CATANATRON_VERSION}",
        help="throwaway virtual environment for catanatron (reused when present)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--require",
        action="store_true",
        help=f"exit {EXIT_SKIPPED_REQUIRED} instead of 0 when catanatron is unavailable",
    )
    parser.add_argument(
        "--skip-catanatron", action="store_true", help="measure our side only (no install)"
    )
    parser.add_argument(
        "--min-ratio",
        type=float,
        default=None,
        help=f"exit {EXIT_BELOW_TARGET} when the ratio of medians is below this",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    if args.cpu is None:
        args.cpu = default_cpu()
    return args


def check_game(game: str, players: int) -> str | None:
    """``None`` when ``game`` loads with ``players`` seats, else the error's message."""
    from farmstead.core.errors import FarmsteadError
    from farmstead.core.registry import load_game

    try:
        load_game(game, players=players)
    except FarmsteadError as exc:
        return str(exc)
    return None


def main(argv: Sequence[str] | None = None, measure_theirs: Measure | None = None) -> int:
    """Run the race and print it; returns the exit code.

    ``measure_theirs`` replaces the Catanatron side (tests); without it the throwaway venv is
    made and used unless ``--skip-catanatron``.
    """
    args = parse_args(argv)
    if args.worker:
        fig = measure_ours_here(args.game, args.players, args.seconds, args.seed)
        print(json.dumps(asdict(fig)))
        return 0
    error = check_game(args.game, args.players)
    if error is not None:
        print(f"error: {error}", file=sys.stderr)
        return 2

    def log(line: str) -> None:
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)

    def report(side: str, i: int, fig: Figure) -> None:
        log(describe(side, i, fig))

    skipped: str | None = None
    with tempfile.TemporaryDirectory(prefix="farmstead-vs-catanatron-") as tmp:
        theirs = measure_theirs
        try:
            if theirs is None and not args.skip_catanatron:
                python = ensure_catanatron(args.venv, log)
                script = Path(tmp) / "catanatron_measure.py"
                script.write_text(CATANATRON_MEASURE)
                theirs = catanatron_in_subprocess(args, python, script)
            log(f"decisions counted: ours = {COUNTING['ours']}")
            if theirs is not None:
                log(f"                   catanatron = {COUNTING['catanatron']}")
            log(f"pinned to core {args.cpu}; {args.rounds} rounds of {args.seconds:g} s each")
            result = race(ours_in_subprocess(args), theirs, args.rounds, report)
        except Skipped as exc:
            skipped = str(exc)
            result = Race()
    if skipped is not None:
        if args.json:
            print(json.dumps(as_json(result, args, skipped), indent=2))
        else:
            print(f"skipped: {skipped}")
        return EXIT_SKIPPED_REQUIRED if args.require else 0
    if args.json:
        print(json.dumps(as_json(result, args, None), indent=2))
    else:
        for line in summary(result, args.game, args.players):
            print(line)
    if args.min_ratio is not None and result.theirs and (result.ratio or 0.0) < args.min_ratio:
        return EXIT_BELOW_TARGET
    return 0


if __name__ == "__main__":
    sys.exit(main())
