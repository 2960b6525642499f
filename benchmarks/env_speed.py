"""Learning-environment speed of every game next to the engine's (``farmstead bench``), on one
core, all in CPU time of this process in one run (so the ratios hold on a busy machine):

* ``bench``: the engine's random-playout decisions per second;
* ``aec``: decisions per second of the PettingZoo AEC environment with random masked actions
  (``env.last()``, a random id of the mask, ``env.step``), and its overhead ``bench / aec``
  (the target: at most 2x); the ids of an int8 mask are read as ``mask.view(bool)``'s
  nonzero ids (``np.flatnonzero`` of the int8 array takes longer than a Fences decision);
* ``single``: steps per second of the single-agent Gymnasium environment against ``random``
  with random masked actions, the decisions one step holds (the learner's and the opponents'),
  and its overhead ``bench / (single x decisions per step)`` (the target: at most 2x);
* both environments as built by default: on a game's compiled rules where it has them
  (``GameRegistration.one_game``: Animal Farm, Fences, Rancho), else on its reference ``State``;
* ``vector``: steps per second of ``vector_env(game, 64)`` in this process.

``--batched`` adds the batched engines' steps per second at N = 1, 64, 1024 and 8192
(``benchmarks/batched_speed.py``).

    .venv/bin/python benchmarks/env_speed.py [--seconds 3] [--game fences] [--batched]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import farmstead.envs.single as single_module
from farmstead.core.registry import game_names, load_game
from farmstead.envs import aec_env, single_agent_env
from farmstead.envs.aec import FarmsteadAECEnv
from farmstead.envs.vector import vector_env
from farmstead.lab.benchmark import benchmark_game


def timed(seconds: float, batch: Callable[[], int]) -> float:
    """Units per CPU second of ``batch`` (which returns the units it did), for ``seconds``."""
    done = 0
    start, wall = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall < seconds:
        done += batch()
    return done / (time.process_time() - start)


def aec_speed(game: str, seconds: float, env: FarmsteadAECEnv | None = None) -> float:
    """Decisions per CPU second of the AEC environment with random masked actions: ``env``,
    or the game's as built by default."""
    env = aec_env(game) if env is None else env
    env.reset(seed=1)
    pick = random.Random(0).randrange

    def batch() -> int:
        decisions = 0
        for _ in range(256):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset()
                continue
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            env.step(int(legal[pick(len(legal))]))
            decisions += 1
        return decisions

    return timed(seconds, batch)


def single_speed(game: str, seconds: float) -> float:
    """Steps per CPU second of the single-agent environment against ``random``."""
    env = single_agent_env(game)
    _, info = env.reset(seed=1)
    pick = random.Random(0).randrange
    state: dict[str, Any] = {"info": info}

    def batch() -> int:
        info = state["info"]
        for _ in range(256):
            legal = info["action_mask"].view(np.bool_).nonzero()[0]
            _, _, terminated, _, info = env.step(int(legal[pick(len(legal))]))
            if terminated:
                _, info = env.reset()
        state["info"] = info
        return 256

    return timed(seconds, batch)


def decisions_per_step(game: str, steps: int = 3000) -> float:
    """The decisions one single-agent step holds: the learner's and the opponents' (counted
    on ``steps`` steps, untimed, on the reference ``State``, whose opponents decide through
    ``decide``: compiled rules play the same game, uniformly random opponents included)."""
    counted = [0]
    real = single_module.decide

    def counting(*args: Any) -> int:
        counted[0] += 1
        return real(*args)

    single_module.decide = counting  # type: ignore[assignment]
    try:
        env = single_agent_env(game, compiled=False)
        _, info = env.reset(seed=2)
        rng = random.Random(1)
        for _ in range(steps):
            legal = info["action_mask"].view(np.bool_).nonzero()[0]
            _, _, terminated, _, info = env.step(int(legal[rng.randrange(len(legal))]))
            if terminated:
                _, info = env.reset()
    finally:
        single_module.decide = real
    return (steps + counted[0]) / steps


def vector_speed(game: str, seconds: float, copies: int = 64) -> float:
    """Steps per CPU second of ``vector_env(game, copies)`` in this process."""
    envs = vector_env(game, copies, copy=False)
    _, info = envs.reset(seed=1)
    pick = random.Random(0).randrange
    state = {"info": info}

    def batch() -> int:
        actions = []
        for mask in state["info"]["action_mask"]:
            legal = mask.view(np.bool_).nonzero()[0]
            actions.append(int(legal[pick(len(legal))]) if len(legal) else 0)
        _, _, _, _, state["info"] = envs.step(actions)
        return copies

    try:
        return timed(seconds, batch)
    finally:
        envs.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", default=None)
    parser.add_argument("--batched", action="store_true")
    args = parser.parse_args()
    print(
        f"{'game':<20} {'bench dec/s':>11} {'aec dec/s':>10} {'overhead':>8} "
        f"{'single st/s':>11} {'dec/step':>8} {'overhead':>8} {'vector64 st/s':>13}"
    )
    for game in [args.game] if args.game else game_names():
        bench = benchmark_game(load_game(game), seconds=args.seconds, seed=0).decisions_per_second
        aec = aec_speed(game, args.seconds)
        single = single_speed(game, args.seconds)
        per_step = decisions_per_step(game)
        vector = vector_speed(game, args.seconds)
        print(
            f"{game:<20} {bench:>11,.0f} {aec:>10,.0f} {bench / aec:>7.2f}x "
            f"{single:>11,.0f} {per_step:>8.2f} {bench / (single * per_step):>7.2f}x "
            f"{vector:>13,.0f}"
        )
    if args.batched:
        import batched_speed  # noqa: PLC0415 - this folder, only with --batched

        batched_speed.main(["--seconds", str(args.seconds)])


if __name__ == "__main__":
    main()
