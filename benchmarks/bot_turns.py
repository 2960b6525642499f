"""Bot turns as the page shows them: for every game and bot level, how long one bot's whole
turn takes through the web app, pacing included (target: p95 <= 3 s for every game and level).

For each game and each level the server offers for it, this starts the real server
(``farmstead serve`` on a temporary SQLite, the default bot pacing and workers), creates a
match whose seats are all bots of that level, and watches it over the match's WebSocket as a
spectator's page does. The server numbers the turns of the log (each view lists the turns its
new entries belong to); a turn's time runs from the view that showed the previous turn's last
step to the view that shows its own last step. Only turns whose start was seen live count. The
games run one at a time, each on a fresh server, so no two bots share the machine's cores.

Examples::

    .venv/bin/python benchmarks/bot_turns.py                  # every game and level
    .venv/bin/python benchmarks/bot_turns.py --games rancho --levels medium --turns 40
    .venv/bin/python benchmarks/bot_turns.py --json bot_turns.json

Prints one row per game and level: turns measured, p50, p95 and max in seconds, and whether
p95 meets the target; exits 1 when a row misses it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "web"))
from web_servers import running  # noqa: E402

TARGET_P95 = 3.0
PLAYERS = {"animal_farm": 2, "farms_race": 4, "fences": 2, "livestock_uprising": 2, "rancho": 2}
"""Seats per match (Farms Race as a newcomer meets it: a person and three bots)."""


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@dataclass
class TurnWatch:
    """The turns of one match as views arrive: steps seen and when each last grew."""

    connected: float
    steps: dict[int, int] = field(default_factory=dict)
    changed: dict[int, float] = field(default_factory=dict)
    seat: dict[int, int | None] = field(default_factory=dict)
    complete: set[int] = field(default_factory=set)
    counted: set[int] = field(default_factory=set)
    durations: list[float] = field(default_factory=list)

    def see(self, view: dict[str, Any], at: float) -> None:
        """Take in one view that arrived at ``at``."""
        for turn in view.get("turns") or []:
            number, steps = int(turn["turn"]), int(turn["steps"])
            self.seat[number] = turn["seat"]
            if steps > self.steps.get(number, 0):
                self.steps[number] = steps
                self.changed[number] = at
            if turn["complete"]:
                self.complete.add(number)
            self.complete.update(n for n in self.steps if n < number)  # a later turn began
        finished = view["match"]["status"] == "finished"
        for number in sorted(
            self.complete | ({max(self.steps)} if finished and self.steps else set())
        ):
            self._count(number)

    def _count(self, number: int) -> None:
        previous = number - 1
        if number in self.counted or self.seat.get(number) is None or previous not in self.changed:
            return
        start = self.changed[previous]
        if start <= self.connected:
            return  # the turn began before this page was watching
        self.counted.add(number)
        self.durations.append(self.changed[number] - start)


def watch_level(game: str, level: str, turns: int, limit: float, folder: Path) -> list[float]:
    """Turn times of bots at ``level`` in ``game``: at least ``turns`` of them, or what
    ``limit`` seconds of play gave."""
    db = f"sqlite:///{folder / f'{game}-{level}.db'}"
    durations: list[float] = []
    deadline = time.monotonic() + limit
    with running(db, "--match-rate", "none", log=folder / f"{game}-{level}.log") as server:
        http = httpx.Client(base_url=server.base, timeout=30)
        while len(durations) < turns and time.monotonic() < deadline:
            seats = [{"kind": "bot", "level": level}] * PLAYERS[game]
            answer = http.post("/api/matches", json={"game": game, "seats": seats})
            answer.raise_for_status()
            match_id = answer.json()["id"]
            url = f"{server.base.replace('http', 'ws')}/api/matches/{match_id}/ws"
            with connect(url, max_size=None) as socket:
                watch = TurnWatch(connected=time.monotonic())
                while time.monotonic() < deadline and len(durations) + len(watch.durations) < turns:
                    try:
                        message = json.loads(
                            socket.recv(timeout=max(0.1, deadline - time.monotonic()))
                        )
                    except TimeoutError:
                        break
                    if message.get("type") != "view":
                        continue
                    watch.see(message, time.monotonic())
                    if message["match"]["status"] == "finished":
                        break
                durations.extend(watch.durations)
        http.close()
    return durations


def levels_of(game: str) -> list[str]:
    """The levels the server offers for ``game`` (asked of a short-lived server)."""
    folder = Path(tempfile.mkdtemp(prefix="farmstead-levels-"))
    with running(f"sqlite:///{folder / 'levels.db'}") as server:
        bots = httpx.get(f"{server.base}/api/bots", params={"game": game}, timeout=30).json()
    return [b["level"] for b in bots["bots"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=sorted(PLAYERS), help="games to watch")
    parser.add_argument("--levels", nargs="*", default=None, help="levels (default: all offered)")
    parser.add_argument("--turns", type=int, default=20, help="turns to measure per row")
    parser.add_argument("--limit", type=float, default=240.0, help="seconds per row at most")
    parser.add_argument("--json", type=Path, default=None, help="also write the rows here")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="farmstead-bot-turns-"))
    rows: list[dict[str, Any]] = []
    print(f"{'game':<20} {'level':<8} {'turns':>5} {'p50 s':>7} {'p95 s':>7} {'max s':>7}  target")
    for game in args.games:
        for level in args.levels or levels_of(game):
            times = watch_level(game, level, args.turns, args.limit, folder)
            if not times:
                print(f"{game:<20} {level:<8} {0:>5}  no turn measured", flush=True)
                rows.append({"game": game, "level": level, "turns": 0, "ok": False})
                continue
            p50, p95 = statistics.median(times), percentile(times, 95)
            ok = p95 <= TARGET_P95 and len(times) >= args.turns
            rows.append(
                {
                    "game": game,
                    "level": level,
                    "turns": len(times),
                    "p50": round(p50, 3),
                    "p95": round(p95, 3),
                    "max": round(max(times), 3),
                    "ok": ok,
                }
            )
            print(
                f"{game:<20} {level:<8} {len(times):>5} {p50:>7.2f} {p95:>7.2f} {max(times):>7.2f}"
                f"  {'ok' if ok else 'MISSED'}",
                flush=True,
            )
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    sys.exit(0 if all(r["ok"] for r in rows) else 1)


if __name__ == "__main__":
    main()
