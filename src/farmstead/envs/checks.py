"""The environment checks of ``farmstead env-check``: PettingZoo's ``api_test`` and
``seed_test`` on the AEC environment and Gymnasium's ``check_env`` on the single-agent one, per
game, plus environment steps per second."""

from __future__ import annotations

import contextlib
import functools
import io
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from farmstead.envs.aec import aec_env
from farmstead.envs.single import gymnasium_id


@dataclass
class EnvCheck:
    """One game's check results: ``None`` for a pass, else the failure's message."""

    game: str
    players: int
    api_test: str | None
    seed_test: str | None
    check_env: str | None
    steps_per_second: float

    @property
    def passed(self) -> bool:
        return self.api_test is None and self.seed_test is None and self.check_env is None


def _run(check: Callable[[], object]) -> str | None:
    try:
        with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check()
    except Exception as exc:  # the checkers report failures as exceptions of any kind
        return f"{type(exc).__name__}: {exc}"
    return None


def steps_per_second(game: str, players: int | None = None, seconds: float = 2.0) -> float:
    """Single-agent environment steps per second against ``random`` opponents (masked random
    actions for the learner), one process."""
    env = gymnasium.make(
        gymnasium_id(game), opponents=["random"] * ((players or 2) - 1), players=players
    )
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(info["action_mask"])
        _, _, done, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        if done or truncated:
            _, info = env.reset()
    return steps / (time.perf_counter() - start)


def check_game_envs(game: str, players: int | None = None, cycles: int = 200) -> EnvCheck:
    """Run the three checks on ``game``'s environments and measure their speed."""
    env = aec_env(game, players)
    n = env.game.num_players
    return EnvCheck(
        game=game,
        players=n,
        api_test=_run(functools.partial(api_test, env, num_cycles=cycles)),
        seed_test=_run(
            functools.partial(seed_test, functools.partial(aec_env, game, n), num_cycles=cycles)
        ),
        check_env=_run(
            functools.partial(
                check_env,
                gymnasium.make(
                    gymnasium_id(game), players=n, opponents=["random"] * (n - 1)
                ).unwrapped,
            )
        ),
        steps_per_second=steps_per_second(game, n, seconds=1.0),
    )
