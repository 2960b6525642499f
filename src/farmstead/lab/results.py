"""Tournament files: the results JSONL (records only) and the timings JSONL beside it.

The results file holds one canonical record line per game, in game order, and nothing that
depends on the clock or the scheduling, so that the same tournament gives the same bytes on
any number of workers or backends. Timings go to a separate file (``timings_path``): one
``{"type": "game", ...}`` line per game played and one ``{"type": "run", ...}`` line per run.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from farmstead.core.errors import FarmsteadError, InvalidPositionError
from farmstead.core.record import GameRecord, read_records
from farmstead.lab.tasks import GameOutcome


class ResultsMismatchError(FarmsteadError, ValueError):
    """A results file that belongs to another tournament (other game, seed or agents)."""


def timings_path(results: str | Path) -> Path:
    """Where the timings of results file ``results`` go: ``x.jsonl`` -> ``x.timings.jsonl``."""
    path = Path(results)
    return path.with_name(path.stem + ".timings.jsonl")


@dataclass(frozen=True)
class ExistingResults:
    """What a results file already holds: its complete records, in order."""

    records: list[GameRecord]
    truncated_bytes: int


def load_existing(path: Path, check: Callable[[int, GameRecord], str | None]) -> ExistingResults:
    """Read the complete records of ``path`` for resuming; cut off a half-written last line.

    ``check(index, record)`` returns None when record ``index`` belongs to this tournament and a
    reason otherwise; any mismatch raises ``ResultsMismatchError`` and changes nothing.
    """
    if not path.exists():
        return ExistingResults([], 0)
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1  # bytes after the last newline are an interrupted write
    records: list[GameRecord] = []
    for number, line in enumerate(data[:end].decode("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = GameRecord.loads(line)
        except InvalidPositionError as exc:
            raise ResultsMismatchError(f"{path}:{number}: not a game record ({exc})") from None
        problem = check(len(records), record)
        if problem is not None:
            raise ResultsMismatchError(
                f"{path} holds other results (line {number}: {problem}); "
                "choose another output file or delete this one to start afresh"
            )
        records.append(record)
    return ExistingResults(records, cut_partial_line(path))


def cut_partial_line(path: Path) -> int:
    """Remove the bytes after the last newline of ``path`` (an interrupted write); their count."""
    if not path.exists():
        return 0
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with path.open("r+b") as handle:
            handle.truncate(end)
    return len(data) - end


class ResultsWriter:
    """Appends record lines to the results file and timing lines to the timings file."""

    def __init__(self, results: Path, timings: Path | None) -> None:
        results.parent.mkdir(parents=True, exist_ok=True)
        if timings is not None:
            cut_partial_line(timings)
        self._results = results.open("a", encoding="utf-8", newline="\n")
        self._timings = (
            timings.open("a", encoding="utf-8", newline="\n") if timings is not None else None
        )

    def write(self, outcome: GameOutcome, agents: list[str]) -> None:
        """Append one game (flushed, so an interrupted run loses at most the game in progress)."""
        self._results.write(outcome.line + "\n")
        self._results.flush()
        if self._timings is not None:
            self._timings.write(
                _dumps(
                    {
                        "type": "game",
                        "index": outcome.index,
                        "agents": agents,
                        "seconds": round(outcome.seconds, 6),
                        "agent_seconds": [round(s, 6) for s in outcome.agent_seconds],
                        "decisions": list(outcome.decisions),
                    }
                )
                + "\n"
            )
            self._timings.flush()

    def write_run(self, summary: dict[str, Any]) -> None:
        """Append the summary of one run to the timings file."""
        if self._timings is not None:
            self._timings.write(_dumps({"type": "run", **summary}) + "\n")
            self._timings.flush()

    def close(self) -> None:
        self._results.close()
        if self._timings is not None:
            self._timings.close()


def _dumps(doc: dict[str, Any]) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class GameTiming:
    """How long one game took: wall seconds, and thinking seconds and decisions per seat."""

    index: int
    agents: list[str]
    seconds: float
    agent_seconds: list[float]
    decisions: list[int]


def read_timings(path: str | Path) -> list[GameTiming]:
    """The per-game timings of a timings file (the last line wins for a game played twice).

    A last line cut off by an interrupted run (no newline at its end) is ignored.
    """
    by_index: dict[int, GameTiming] = {}
    lines = Path(path).read_text(encoding="utf-8").splitlines(keepends=True)
    for number, line in enumerate(lines, start=1):
        if not line.strip() or not line.endswith("\n"):
            continue
        try:
            doc = json.loads(line)
            if doc.get("type") != "game":
                continue
            timing = GameTiming(
                index=int(doc["index"]),
                agents=[str(a) for a in doc["agents"]],
                seconds=float(doc["seconds"]),
                agent_seconds=[float(s) for s in doc["agent_seconds"]],
                decisions=[int(d) for d in doc["decisions"]],
            )
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InvalidPositionError(f"{path}:{number}: bad timing line ({exc})") from None
        by_index[timing.index] = timing
    return [by_index[i] for i in sorted(by_index)]


def read_results(path: str | Path) -> Iterator[GameRecord]:
    """Every record of a results file (``read_records`` with a clear error for a missing file)."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no results file at {path}")
    return read_records(path)
