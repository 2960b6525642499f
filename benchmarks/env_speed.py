"""Environment steps per second for every game: the single-agent environment against
``random`` with masked random actions, in one process (``SyncVectorEnv`` of 1) and in two
processes (``AsyncVectorEnv`` of 2), next to ``farmstead bench``'s decisions per second.

One process and ``farmstead bench`` count CPU time of this process (so the ratio, the env's
overhead, holds on a busy machine); two processes count wall-clock time (their work is in the
worker processes), so that figure needs an otherwise idle machine.

    .venv/bin/python benchmarks/env_speed.py [--seconds 5] [--game fences]
"""

from __future__ import annotations

import argparse
import functools
import time

import gymnasium
import numpy as np

from farmstead.core.registry import game_names, load_game
from farmstead.envs import single_agent_env
from farmstead.lab.benchmark import benchmark_game


def vector_speed(game: str, copies: int, seconds: float) -> float:
    """Steps per second summed over ``copies`` environments (async when more than one): per
    CPU second of this process for one copy, per wall-clock second for more."""
    seats = load_game(game).num_players  # the fewest the game allows
    make = functools.partial(single_agent_env, game, ["random"] * (seats - 1))
    cls = gymnasium.vector.AsyncVectorEnv if copies > 1 else gymnasium.vector.SyncVectorEnv
    envs = cls([make] * copies)
    rng = np.random.default_rng(0)
    try:
        _, info = envs.reset(seed=1)
        steps = 0
        clock = time.process_time if copies == 1 else time.perf_counter
        start, wall = clock(), time.perf_counter()
        while time.perf_counter() - wall < seconds:
            # A finished episode shows an empty mask; the next step resets it (autoreset),
            # whatever action it is given.
            actions = [
                int(rng.choice(legal)) if len(legal := np.flatnonzero(m)) else 0
                for m in info["action_mask"]
            ]
            _, _, _, _, info = envs.step(actions)
            steps += copies
        return steps / (clock() - start)
    finally:
        envs.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", default=None)
    args = parser.parse_args()
    print(f"{'game':<20} {'bench dec/s':>12} {'env 1 proc':>12} {'env 2 procs':>12} {'ratio':>7}")
    for game in [args.game] if args.game else game_names():
        bench = benchmark_game(load_game(game), seconds=args.seconds, seed=0).decisions_per_second
        one = vector_speed(game, 1, args.seconds)
        two = vector_speed(game, 2, args.seconds)
        print(f"{game:<20} {bench:>12,.0f} {one:>12,.0f} {two:>12,.0f} {bench / one:>6.1f}x")


if __name__ == "__main__":
    main()
