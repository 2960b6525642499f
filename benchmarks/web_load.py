"""Load benchmark for ``farmstead serve``: 50 bot matches plus one scripted human match.

Starts the real server as a subprocess (SQLite in a temporary folder unless --db is given),
keeps ``--matches`` Rancho bot-vs-bot matches running (a finished one is replaced at once), and
meanwhile plays a hot-seat Rancho match as a scripted human over HTTP: each action is a POST
that returns the new view, and its round trip (request sent to answer parsed) is timed.

Prints the human's round-trip percentiles (the target: p95 < 200 ms), the bot actions the
server accepted meanwhile, and the settings. ``--split`` runs the several-process setup
instead (docs/deploy.md): two web processes and one ``farmstead bot-worker`` on one database
and Redis (``--db`` a PostgreSQL URL, ``--redis``); the human's actions and the bot matches
alternate between the two web processes. Examples::

    .venv/bin/python benchmarks/web_load.py                    # default bot pacing
    .venv/bin/python benchmarks/web_load.py --bot-delay 0 --bot-step-delay 0   # bots flat out
    .venv/bin/python benchmarks/web_load.py --split --db postgresql+psycopg://postgres@127.0.0.1/test \
        --redis redis://127.0.0.1:6379/0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "web"))
from web_servers import BotWorker, running  # noqa: E402

PREFERRED = ("ROLL", "END_TURN", "ARRANGE_SAFEST", "CANCEL", "KEEP_DOG", "FOX_FIRST")


def pick(view: dict[str, Any], turn: int) -> int:
    """The scripted human: roll and end turns, sometimes trade a little, place by hand."""
    by_type: dict[str, list[int]] = {}
    for a in view["legal"]:
        by_type.setdefault(a["json"]["type"], []).append(a["id"])
    for kind in ("PLACE_RABBIT", "PLACE_SHEEP", "PLACE_COW", "PLACE_HORSE", "RETURN"):
        if kind in by_type:
            return by_type[kind][0]
    if turn % 3 == 0 and "GIVE" in by_type and "CANCEL" not in by_type:
        return by_type["GIVE"][0]
    for kind in PREFERRED:
        if kind in by_type:
            return by_type[kind][0]
    return int(view["legal"][0]["id"])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@contextlib.contextmanager
def setup(
    db: str, redis: str | None, serve_args: list[str], pacing: list[str], folder: Path
) -> Iterator[list[str]]:
    """The servers' base URLs: one process, or (with ``redis``) two web processes and a
    bot worker (paced by ``pacing``, the servers' bot-delay options)."""
    if redis is None:
        with running(db, *serve_args, log=folder / "serve.log") as server:
            yield [server.base]
        return
    shared = ["--redis", redis, "--queue-workers", "0", *serve_args]
    worker = BotWorker(db, redis, *pacing, log=folder / "worker.log")
    try:
        worker.wait_ready()
        with (
            running(db, *shared, log=folder / "serve1.log") as first,
            running(db, *shared, log=folder / "serve2.log") as second,
        ):
            yield [first.base, second.base]
    finally:
        worker.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50, help="concurrent bot-vs-bot matches")
    parser.add_argument("--actions", type=int, default=300, help="human actions to time")
    parser.add_argument("--level", default="easy", help="bot level of the bots (GET /api/bots)")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    parser.add_argument("--bot-workers", default="2")
    parser.add_argument("--bot-delay", default=None, help="server default unless given")
    parser.add_argument("--bot-step-delay", default=None, help="server default unless given")
    parser.add_argument(
        "--split", action="store_true", help="two web processes and a bot worker (needs --redis)"
    )
    parser.add_argument("--redis", default=None, help="Redis URL for --split")
    args = parser.parse_args()
    if args.split and not (args.redis and args.db and args.db.startswith("postgresql")):
        parser.error("--split needs --db (a PostgreSQL URL) and --redis")

    folder = Path(tempfile.mkdtemp(prefix="farmstead-bench-"))
    db = args.db or f"sqlite:///{folder / 'bench.db'}"
    # The load itself would trip the per-client limits on new matches: lift them.
    serve_args = [
        "--bot-workers",
        args.bot_workers,
        "--match-rate",
        "none",
        "--max-open-matches",
        "0",
    ]
    pacing: list[str] = []
    if args.bot_delay is not None:
        pacing += ["--bot-delay", args.bot_delay]
    if args.bot_step_delay is not None:
        pacing += ["--bot-step-delay", args.bot_step_delay]
    serve_args += pacing
    bot = {"kind": "bot", "level": args.level}

    redis = args.redis if args.split else None
    with setup(db, redis, serve_args, pacing, folder) as bases:
        clients = [httpx.Client(base_url=base, timeout=30) for base in bases]
        http = clients[0]
        created = 0

        def new_bot_match() -> str:
            nonlocal created
            created += 1
            answer = clients[created % len(clients)].post(
                "/api/matches", json={"game": "rancho", "seats": [bot, bot]}
            )
            answer.raise_for_status()
            return str(answer.json()["id"])

        bot_matches = [new_bot_match() for _ in range(args.matches)]
        every_bot_match = list(bot_matches)
        human = http.post(
            "/api/matches", json={"game": "rancho", "seats": [{"kind": "human"}] * 2}
        ).json()
        headers = {"X-Seat-Token": ",".join(s["token"] for s in human["seats"])}
        time.sleep(2.0)  # let every bot match get going

        def bot_moves() -> int:
            total = 0
            for match_id in every_bot_match:
                total += http.get(f"/api/matches/{match_id}?since=100000").json()["index"]
            return total

        moves_before = bot_moves()
        started = time.monotonic()
        timings: list[float] = []
        view = http.get(f"/api/matches/{human['id']}", headers=headers).json()
        replaced = 0
        turn = 0
        while len(timings) < args.actions:
            if view["match"]["status"] != "live":
                human = http.post(
                    "/api/matches", json={"game": "rancho", "seats": [{"kind": "human"}] * 2}
                ).json()
                headers = {"X-Seat-Token": ",".join(s["token"] for s in human["seats"])}
                view = http.get(f"/api/matches/{human['id']}", headers=headers).json()
                continue
            if any(a["json"]["type"] == "END_TURN" for a in view["legal"]):
                turn += 1
            action = pick(view, turn)
            t0 = time.perf_counter()
            answer = clients[len(timings) % len(clients)].post(
                f"/api/matches/{human['id']}/actions",
                json={"action": action, "expect": view["index"]},
                headers=headers,
            )
            view = answer.json()
            timings.append(time.perf_counter() - t0)
            if answer.status_code != 200:
                raise SystemExit(f"human action refused: {answer.text}")
            if len(timings) % 50 == 0:  # keep the bot load constant
                for i, match_id in enumerate(bot_matches):
                    status = http.get(f"/api/matches/{match_id}?since=100000").json()
                    if status["match"]["status"] == "finished":
                        bot_matches[i] = new_bot_match()
                        every_bot_match.append(bot_matches[i])
                        replaced += 1
            time.sleep(0.02)  # a person does not click faster than this
        elapsed = time.monotonic() - started
        moves_after = bot_moves()

    ms = [t * 1000 for t in timings]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"bot matches: {args.matches} x rancho ({args.level} vs {args.level}), replaced {replaced}"
    )
    shape = "2 web processes + 1 bot worker, Redis" if args.split else "1 process"
    print(f"server args: {' '.join(serve_args)}  database: {db.split('://')[0]}  ({shape})")
    print(
        f"bot actions accepted while measuring: {moves_after - moves_before} "
        f"in {elapsed:.1f} s ({(moves_after - moves_before) / elapsed:.0f}/s)"
    )
    print(
        f"human action round trip over {len(ms)} actions: "
        f"p50 {percentile(ms, 50):.1f} ms, p95 {percentile(ms, 95):.1f} ms, "
        f"p99 {percentile(ms, 99):.1f} ms, max {max(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms"
    )
    print(f"load average (1 min): {load:.2f} on {os.cpu_count()} CPUs")
    verdict = "PASS" if percentile(ms, 95) < 200 else "FAIL"
    print(f"{verdict}: p95 target < 200 ms")


if __name__ == "__main__":
    main()
