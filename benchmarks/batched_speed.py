"""Steps per second of the batched Animal Farm environment (``farmstead.envs.batched_env``)
at N = 1, 64, 1024 and 8192 games, next to the single-agent environment on the reference
``State`` (``single_agent_env("animal_farm", compiled=False)``, the reference of the "x single"
column) and on the compiled rules for one game (its default), in one run, on one core.

Both play uniformly random legal (masked) actions against the random opponent and count
learner steps per CPU second of this process (``time.process_time``), the choice of the
actions included. A batched step counts one step per game, less the games it autoresets
(Gymnasium's ``benchmark_vector_step`` counts the same way). The single environment on the
reference ``State`` is measured before and after the batched ones and the mean is the
reference, so a change in the machine's load shows as a gap between the two.

    .venv/bin/python benchmarks/batched_speed.py [--seconds 5] [--sizes 1,64,1024,8192]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")  # one core: no threaded kernels
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from farmstead.core.batched import sample_ranked  # noqa: E402
from farmstead.envs import batched_env, single_agent_env  # noqa: E402


def single_speed(seconds: float, params: dict[str, Any], compiled: bool) -> float:
    """Learner steps per CPU second of the single-agent environment, on the compiled rules
    or the reference ``State``."""
    env = single_agent_env("animal_farm", compiled=compiled, **params)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        legal = np.flatnonzero(info["action_mask"])
        _, _, done, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        if done or truncated:
            _, info = env.reset()
    return steps / (time.process_time() - start)


def batched_speed(n: int, seconds: float, params: dict[str, Any]) -> float:
    """Learner steps per CPU second of ``batched_env`` with ``n`` games."""
    env = batched_env("animal_farm", n, seed=0, **params)
    rng = np.random.default_rng(0)
    _, infos = env.reset(seed=0)
    actions = np.zeros(n, np.int64)
    restarting = np.zeros(n, bool)
    for _ in range(3):  # warm up
        _, _, restarting, _, infos = env.step(_choose(infos["action_mask"], rng, actions))
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        counted = n - int(np.count_nonzero(restarting))
        _, _, terminated, _, infos = env.step(_choose(infos["action_mask"], rng, actions))
        restarting = terminated.copy()
        steps += counted
    return steps / (time.process_time() - start)


def _choose(mask: np.ndarray, rng: np.random.Generator, out: np.ndarray) -> np.ndarray:
    """A uniformly random legal action per game (0 for a finished game)."""
    live = np.flatnonzero(mask.any(axis=1))
    out[:] = 0
    out[live] = sample_ranked(mask[live], rng.random(live.size))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--sizes", default="1,64,1024,8192")
    parser.add_argument(
        "--param", action="append", default=[], help="a game parameter, e.g. layout=compact"
    )
    args = parser.parse_args(argv)
    params: dict[str, Any] = dict(p.split("=", 1) for p in args.param)
    before = single_speed(args.seconds, params, compiled=False)
    rows = [("single_agent_env, compiled", single_speed(args.seconds, params, compiled=True))]
    for n in map(int, args.sizes.split(",")):
        rows.append((f"batched_env N={n}", batched_speed(n, args.seconds, params)))
    after = single_speed(args.seconds, params, compiled=False)
    single = (before + after) / 2
    print(f"animal_farm {params or ''}  (CPU time of one process, {args.seconds:g} s each)")
    print(f"{'environment':<27} {'steps/s':>12} {'x single':>9}")
    print(
        f"{'single_agent_env, State':<27} {single:>12,.0f} {1:>9.1f}   "
        f"(before {before:,.0f}, after {after:,.0f})"
    )
    for name, speed in rows:
        print(f"{name:<27} {speed:>12,.0f} {speed / single:>9.1f}")


if __name__ == "__main__":
    main()
