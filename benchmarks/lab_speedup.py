"""Tournament throughput on 1 and N workers (and optionally Ray), with a byte-identity check.

    .venv/bin/python benchmarks/lab_speedup.py --game rancho -n 200 --workers 2 [--ray]

Plays the same tournament (random agents unless --agents says otherwise) once per setting,
prints games per second and the speedup over one worker, and checks that every setting wrote
byte-identical results. Measure on a quiet machine: other processes on the cores skew it.
"""

from __future__ import annotations

import argparse
import hashlib
import tempfile
import time
from pathlib import Path

from farmstead.lab.tournament import RunSummary, run_tournament


def run(args: argparse.Namespace, folder: Path, workers: int, backend: str) -> tuple[float, str]:
    out = folder / f"{backend}-{workers}.jsonl"
    summary = RunSummary()
    started = time.perf_counter()
    for _ in run_tournament(
        args.game,
        args.agents,
        args.n,
        args.seed,
        players=args.players,
        workers=workers,
        backend=backend,
        out=out,
        summary=summary,
    ):
        pass
    wall = time.perf_counter() - started
    digest = hashlib.sha256(out.read_bytes()).hexdigest()[:16]
    return args.n / wall, digest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rancho")
    parser.add_argument("--agents", default="random")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("-n", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray", action="store_true", help="also run on a local Ray instance")
    args = parser.parse_args()
    settings = [(1, "local"), (args.workers, "local")] + (
        [(args.workers, "ray")] if args.ray else []
    )
    with tempfile.TemporaryDirectory() as tmp:
        results = [(w, b, *run(args, Path(tmp), w, b)) for w, b in settings]
    base = results[0][2]
    print(f"{args.game}, agents {args.agents}, {args.n} games, seed {args.seed}")
    for workers, backend, rate, digest in results:
        print(
            f"  {backend:5} {workers:2} worker(s): {rate:7.2f} games/s  "
            f"speedup {rate / base:4.2f}x  results sha256 {digest}"
        )
    identical = len({digest for *_, digest in results}) == 1
    print("results byte-identical across settings:", "yes" if identical else "NO")


if __name__ == "__main__":
    main()
