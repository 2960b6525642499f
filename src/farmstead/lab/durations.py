"""How long games last: rounds, decisions and minutes measured from simulated games.

``measure`` plays ``n`` seeded games for every (preset, player count) *cell* of a game through
the lab's backends (``LocalBackend``: a process pool), replays each record to read the round it
ended in (the registration's ``Durations.round_number``) and summarises each cell:

* rounds: the median, the 10th–90th percentile range ("usually R1–R2"), mean, extremes, a 95%
  distribution-free confidence interval for the median (order statistics: the ranks ``l`` and
  ``n + 1 - l`` with ``P(Binomial(n, 1/2) < l) <= 2.5%``) and how many games reached the
  game's round cap;
* decisions per game (median and mean; chance outcomes excluded);
* minutes: the model below applied to every game, then the median and the 10th–90th
  percentile of those minutes;
* ``rounds_counts``: how many games ended in each round (the whole sample, so that every figure
  can be recomputed, and a fresh run compared).

**The minutes model** (the inputs live in the game's ``duration_model.toml``, with their
provenance; none is a rule of the game). One seat is a person, the others bots paced as the web
app paces them: the web app gives a bot's whole turn, its pauses and thinking together, the
budget of its level (``web.botturns``), so a bot turn counts ``bot_turn_seconds``. For a game
of ``R`` rounds and ``P`` players::

    seconds = setup_seconds + R * human_turn_seconds + R * (P - 1) * bot_turn_seconds

A round is every player's turn once (the last round of a game may be cut short: counted
whole). Decisions per game are reported beside it, not used.

**Fresh runs.** ``fresh_median_interval`` is the interval in which the median rounds of a
fresh run of ``m`` games (other seeds) falls with 99% probability, estimated by a seeded
bootstrap of the stored sample; ``median_within`` compares a fresh run against it. A shipped
file whose figures are wrong (or stale after a rules change) fails that comparison.

Every cell's seeds derive from the master seed, the preset and the player count only, so a file
measured in parts (one ``--preset``/``--players`` at a time) equals one measured at once.
"""

from __future__ import annotations

import json
import math
import shlex
import tomllib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from farmstead.core.errors import FarmsteadError
from farmstead.core.record import GameRecord
from farmstead.core.registry import Durations, GameRegistration, Preset, registration
from farmstead.core.rng import Rng, derive_seed
from farmstead.lab.backends import Backend, LocalBackend
from farmstead.lab.stats import median
from farmstead.lab.tasks import GameRef, GameTask

RESULTS_FORMAT = 1
CHECK_GAMES = 16
"""The size of the fresh run whose median interval a results file records (tests run one)."""
CHECK_CONFIDENCE = 0.99
BOOTSTRAP_SAMPLES = 4000


class DurationsError(FarmsteadError, ValueError):
    """A game without measured durations, a missing model or a malformed results file."""


@dataclass(frozen=True)
class DurationModel:
    """The inputs of the minutes estimate (see the module docstring), read from TOML."""

    human_turn_seconds: float
    bot_turn_seconds: float
    setup_seconds: float
    provenance: dict[str, str] = field(default_factory=dict)
    source: str = ""

    def seconds(self, rounds: int, players: int) -> float:
        """The estimated seconds of one game of ``rounds`` rounds with one person and
        ``players - 1`` bots."""
        return (
            self.setup_seconds
            + rounds * self.human_turn_seconds
            + rounds * (players - 1) * self.bot_turn_seconds
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "human_turn_seconds": self.human_turn_seconds,
            "bot_turn_seconds": self.bot_turn_seconds,
            "setup_seconds": self.setup_seconds,
            "provenance": dict(self.provenance),
            "source": self.source,
        }


MODEL_KEYS = ("human_turn_seconds", "bot_turn_seconds", "setup_seconds")


def parse_model(text: str, where: str = "duration model") -> DurationModel:
    """A ``DurationModel`` from TOML: a ``[model]`` table with one sub-table per input holding
    ``value``, ``provenance`` and ``source``."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DurationsError(f"{where}: {exc}") from None
    table = doc.get("model")
    if not isinstance(table, dict):
        raise DurationsError(f"{where}: no [model] table")
    values: dict[str, float] = {}
    provenance: dict[str, str] = {}
    sources: list[str] = []
    for key in MODEL_KEYS:
        item = table.get(key)
        if not isinstance(item, dict) or not isinstance(item.get("value"), int | float):
            raise DurationsError(f"{where}: [model.{key}] needs a numeric 'value'")
        if item.get("provenance") not in {"OFFICIAL", "DERIVED", "PROPOSED"}:
            raise DurationsError(f"{where}: [model.{key}] needs a provenance")
        if float(item["value"]) < 0:
            raise DurationsError(f"{where}: [model.{key}] must not be negative")
        values[key] = float(item["value"])
        provenance[key] = str(item["provenance"])
        sources.append(f"{key}: {item.get('source', '')}")
    return DurationModel(**values, provenance=provenance, source="; ".join(sources))


def durations_of(record: GameRegistration[Any]) -> Durations[Any]:
    """The game's ``Durations``; ``DurationsError`` when it declares none."""
    if record.durations is None:
        raise DurationsError(f"{record.name} declares no durations (no round count)")
    return record.durations


def load_model(record: GameRegistration[Any]) -> DurationModel:
    """The game's minutes model, from its ``Durations.model`` resource."""
    spec = durations_of(record)
    path = spec.path(spec.model)
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise DurationsError(
            f"{record.name}: duration model {spec.model} is missing: {exc}"
        ) from None
    return parse_model(text, f"{record.name} {spec.model}")


# --- statistics -------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-quantile (0 < q <= 1) of a non-empty sequence: the smallest value
    with at least ``q`` of the sample at or below it."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return float(ordered[rank - 1])


def median_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free ``confidence`` interval for the median: the order statistics of
    ranks ``l`` and ``n + 1 - l``, ``l`` the largest rank with ``P(Bin(n, 1/2) < l) <=
    (1 - confidence) / 2`` (the whole range when ``n`` is too small)."""
    ordered = sorted(values)
    n = len(ordered)
    tail = (1 - confidence) / 2
    below = 0.0  # P(Bin(n, 1/2) <= k - 1), accumulated
    rank = 0
    for k in range(1, n + 1):
        below += math.comb(n, k - 1) / 2**n
        if below > tail:
            break
        rank = k
    if rank == 0:
        return float(ordered[0]), float(ordered[-1])
    return float(ordered[rank - 1]), float(ordered[n - rank])


def expand_counts(counts: dict[str, int]) -> list[int]:
    """``{"12": 3, ...}`` (rounds → games) as the sorted sample ``[12, 12, 12, ...]``."""
    return sorted(int(r) for r, c in counts.items() for _ in range(int(c)))


def fresh_median_interval(
    sample: Sequence[int],
    games: int,
    confidence: float = CHECK_CONFIDENCE,
    seed: int = 0,
    resamples: int = BOOTSTRAP_SAMPLES,
) -> tuple[float, float]:
    """Where the median of a fresh run of ``games`` games falls with ``confidence``: the
    central quantiles of the medians of ``resamples`` seeded bootstrap draws of ``games``
    values from ``sample``."""
    if not sample or games < 1:
        raise DurationsError("a fresh-run interval needs a sample and at least one game")
    rng = Rng(derive_seed(seed, "fresh-median", games))
    values = list(sample)
    medians = sorted(
        median([values[rng.randrange(len(values))] for _ in range(games)]) for _ in range(resamples)
    )
    tail = (1 - confidence) / 2
    low = medians[max(0, math.floor(tail * resamples))]
    high = medians[min(resamples - 1, math.ceil((1 - tail) * resamples) - 1)]
    return low, high


def median_within(cell: dict[str, Any], fresh_rounds: Sequence[int]) -> tuple[bool, str]:
    """Whether the median rounds of a fresh run agree with a stored ``cell``: inside the
    interval a run of that many games falls in (``fresh_median_interval`` of the stored
    sample), with the reason in words."""
    if not fresh_rounds:
        return False, "no fresh games"
    sample = expand_counts(cell["rounds_counts"])
    if len(sample) != cell["games"]:
        return False, f"rounds_counts holds {len(sample)} games, the cell says {cell['games']}"
    if median(sample) != cell["rounds"]["median"]:
        return False, (
            f"the stored median {cell['rounds']['median']} is not the median of its sample "
            f"({median(sample)})"
        )
    low, high = fresh_median_interval(sample, len(fresh_rounds), seed=int(cell["seed"]))
    fresh = median(fresh_rounds)
    ok = low <= fresh <= high
    words = "within" if ok else "outside"
    return ok, (
        f"fresh median {fresh:g} rounds over {len(fresh_rounds)} games is {words} "
        f"{low:g}–{high:g} (stored median {cell['rounds']['median']:g} over {cell['games']})"
    )


# --- running ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One preset at one player count."""

    preset: Preset
    players: int

    @property
    def key(self) -> str:
        return f"{self.preset.name}/{self.players}"


@dataclass
class GameLength:
    """One simulated game: the round it ended in, its decisions, whether it hit the cap."""

    rounds: int
    decisions: int
    capped: bool
    seconds: float


def cell_seed(seed: int, cell: Cell) -> int:
    """The seed of a cell: from the master seed, the preset's name and the player count."""
    return derive_seed(seed, "durations", cell.preset.name, cell.players)


def cells_of(
    record: GameRegistration[Any],
    presets: Iterable[str] | None = None,
    players: Iterable[int] | None = None,
) -> list[Cell]:
    """The cells to measure: the named presets (default: all the game's presets, or one
    "standard" cell of the defaults when it has none) at the given player counts (default:
    every count the game allows)."""
    gtype = record.game.type
    chosen = [record.preset(p) for p in presets] if presets else list(record.presets)
    if not chosen:
        chosen = [Preset("standard", "Standard", "The game's default settings.")]
    counts = list(players) if players else list(range(gtype.min_players, gtype.max_players + 1))
    for count in counts:
        if not gtype.min_players <= count <= gtype.max_players:
            raise DurationsError(
                f"{gtype.long_name} is for {gtype.min_players}–{gtype.max_players} players, "
                f"not {count}"
            )
    return [Cell(preset, count) for preset in chosen for count in counts]


def _replay(record: GameRegistration[Any], spec: Durations[Any], line: str) -> tuple[int, bool]:
    played = GameRecord.loads(line)
    game = record.game(played.players, **played.params)
    state = game.new_initial_state()
    for action in played.actions:
        state.apply_action(action)
    rounds = int(spec.round_number(state))
    cap = spec.round_cap(game) if spec.round_cap else None
    return rounds, cap is not None and rounds >= cap


def play_cells(
    game: str,
    cells: Sequence[Cell],
    games: int,
    seed: int,
    agent: str,
    backend: Backend | None = None,
    on_game: Callable[[Cell], None] | None = None,
) -> dict[str, list[GameLength]]:
    """Play ``games`` games of every cell (all seats ``agent``) and measure each one."""
    record = registration(game)
    spec = durations_of(record)
    tasks: list[GameTask] = []
    owners: list[Cell] = []
    for cell in cells:
        configured = record.game(cell.players, **dict(cell.preset.params))
        ref = GameRef.of(configured)
        base = cell_seed(seed, cell)
        for i in range(games):
            tasks.append(GameTask(ref, len(tasks), derive_seed(base, i), (agent,) * cell.players))
            owners.append(cell)
    lengths: dict[str, list[GameLength]] = {cell.key: [] for cell in cells}
    runner = backend or LocalBackend(1)
    for outcome, cell in zip(runner.run(tasks), owners, strict=True):
        rounds, capped = _replay(record, spec, outcome.line)
        lengths[cell.key].append(
            GameLength(rounds, sum(outcome.decisions), capped, outcome.seconds)
        )
        if on_game is not None:
            on_game(cell)
    return lengths


def summarise(
    cell: Cell,
    lengths: Sequence[GameLength],
    model: DurationModel,
    *,
    seed: int,
    agent: str,
    command: str,
    date: str | None = None,
) -> dict[str, Any]:
    """A cell's figures as JSON-safe data (what the results file and the web app hold)."""
    rounds = [g.rounds for g in lengths]
    decisions = [g.decisions for g in lengths]
    minutes = [model.seconds(g.rounds, cell.players) / 60 for g in lengths]
    low, high = median_interval(rounds)
    counts: dict[str, int] = {}
    for r in sorted(rounds):
        counts[str(r)] = counts.get(str(r), 0) + 1
    check = fresh_median_interval(sorted(rounds), CHECK_GAMES, seed=cell_seed(seed, cell))
    return {
        "preset": cell.preset.name,
        "players": cell.players,
        "params": dict(cell.preset.params),
        "games": len(lengths),
        "seed": cell_seed(seed, cell),
        "master_seed": seed,
        "agents": [agent] * cell.players,
        "command": command,
        "date": date or datetime.now(UTC).strftime("%Y-%m-%d"),
        "rounds": {
            "median": median(rounds),
            "p10": percentile(rounds, 0.1),
            "p90": percentile(rounds, 0.9),
            "median_ci95": [low, high],
            "mean": round(sum(rounds) / len(rounds), 2),
            "min": min(rounds),
            "max": max(rounds),
            "capped": sum(1 for g in lengths if g.capped),
        },
        "decisions": {
            "median": median(decisions),
            "mean": round(sum(decisions) / len(decisions), 1),
        },
        "minutes": {
            "median": round(median(minutes), 1),
            "p10": round(percentile(minutes, 0.1), 1),
            "p90": round(percentile(minutes, 0.9), 1),
        },
        "check": {
            "fresh_games": CHECK_GAMES,
            "confidence": CHECK_CONFIDENCE,
            "median_interval": list(check),
        },
        # Seconds a game took in its worker: depends on the machine and its load (information).
        "worker_seconds_per_game": round(sum(g.seconds for g in lengths) / len(lengths), 3),
        "rounds_counts": counts,
    }


def command_line(argv: Sequence[str]) -> str:
    """``argv`` as one shell line, starting with ``farmstead``."""
    return shlex.join(["farmstead", *argv])


# --- the results file -------------------------------------------------------------------


def results_path(record: GameRegistration[Any]) -> Path:
    """Where the game ships its results (a file in its package)."""
    spec = durations_of(record)
    return Path(str(spec.path(spec.results)))


def read_results(record: GameRegistration[Any]) -> dict[str, Any] | None:
    """The game's shipped results, or ``None`` when it has none yet."""
    spec = durations_of(record)
    try:
        text = spec.path(spec.results).read_text("utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DurationsError(f"{record.name} {spec.results} cannot be read: {exc}") from None
    try:
        doc: dict[str, Any] = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DurationsError(f"{record.name} {spec.results}: {exc}") from None
    return doc


def merge_results(
    record: GameRegistration[Any],
    old: dict[str, Any] | None,
    cells: Iterable[dict[str, Any]],
    model: DurationModel,
) -> dict[str, Any]:
    """The results document with ``cells`` added, replacing any of the same preset and player
    count; cells in the order of the game's presets, then player count."""
    kept = {(c["preset"], c["players"]): c for c in (old or {}).get("cells", [])}
    for cell in cells:
        kept[(cell["preset"], cell["players"])] = cell
    order = {p.name: i for i, p in enumerate(record.presets)}
    return {
        "format": RESULTS_FORMAT,
        "game": record.name,
        "generated_by": "farmstead durations (farmstead.lab.durations)",
        "note": (
            "Measured from simulated games; each cell records the command that produced it. "
            "Minutes come from the model below (inputs PROPOSED, see duration_model.toml). "
            "Regenerate with the recorded commands; do not edit by hand."
        ),
        "model": model.to_json(),
        "cells": sorted(kept.values(), key=lambda c: (order.get(c["preset"], 99), c["players"])),
    }


def write_results(path: Path, doc: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# --- words ------------------------------------------------------------------------------


def about_minutes(minutes: float) -> int:
    """Minutes as a person would say them: to 5 minutes from 20 up, else to the minute."""
    if minutes >= 20:
        return int(5 * round(minutes / 5))
    return max(1, round(minutes))


def duration_words(cell: dict[str, Any]) -> str:
    """ "about 25 minutes (median 13 rounds, usually 10–17)"."""
    r = cell["rounds"]
    low, high = int(r["p10"]), int(r["p90"])
    usually = f"usually {low}–{high}" if low != high else f"usually {low}"
    return (
        f"about {about_minutes(cell['minutes']['median'])} minutes "
        f"(median {r['median']:g} rounds, {usually})"
    )


def durations_json(record: GameRegistration[Any]) -> list[dict[str, Any]]:
    """The shipped figures for the web app: per preset and player count, the words and the
    numbers they come from (``[]`` when the game has none)."""
    if record.durations is None:
        return []
    doc = read_results(record)
    if doc is None:
        return []
    out = []
    for cell in doc.get("cells", []):
        out.append(
            {
                "preset": cell["preset"],
                "players": cell["players"],
                "words": duration_words(cell),
                "minutes": about_minutes(cell["minutes"]["median"]),
                "median_rounds": cell["rounds"]["median"],
                "rounds_low": cell["rounds"]["p10"],
                "rounds_high": cell["rounds"]["p90"],
                "games": cell["games"],
                "command": cell["command"],
            }
        )
    return out


def iter_cells(doc: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield from doc.get("cells", [])
