"""Where the AEC environment's time goes beyond the engine's, per game, on the reference
``State`` (``aec_env(game, compiled=False)``), in CPU microseconds of one process:

* ``bench``: the engine's random playouts, per decision (``farmstead bench``);
* ``aec``: the AEC environment with random masked actions (as ``env_speed.py``), per decision;
* ``no writer``: the same with each seat's tensor writer replaced by one that hands out its
  buffer unchanged: the wrapper, the mask, the copies and the choice of a masked id; divided
  by ``bench``, the overhead no tensor writer can go below;
* ``budget``: what a writer may cost for a 2x overhead (2 x ``bench`` less ``no writer``);
* ``writer``: the game's tensor writer along recorded random games, each seat's writer given
  the positions where that seat decides (what the environment gives it), per update;
* ``looking``: the same writers given each of those positions a second time: the cost of
  finding that nothing changed (and of the parts written every time); the rest of
  ``writer`` is rewriting what changed.

``writer`` runs without the engine between updates, so it reads lower than the writer's
share of ``aec`` (``aec`` less ``no writer``), which pays for caches shared with the engine.

    .venv/bin/python benchmarks/env_limits.py [--seconds 3] [--game farms_race]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from farmstead.core.game import Game, PlayerId, State
from farmstead.core.registry import game_names, load_game
from farmstead.core.rng import Rng
from farmstead.envs import aec_env
from farmstead.lab.benchmark import benchmark_game

sys.path.insert(0, str(Path(__file__).parent))  # env_speed, beside this script
from env_speed import aec_speed  # noqa: E402


class Unchanged:
    """A stand-in tensor writer: hands out its buffer as it is."""

    def __init__(self, buffer: np.ndarray) -> None:
        self.buffer = buffer

    def update(self, state: Any) -> np.ndarray:
        return self.buffer


def aec_microseconds(game: str, seconds: float, writers: bool) -> float:
    """CPU microseconds per decision of the AEC environment on the reference ``State`` with
    random masked actions; with its tensor writers, or with ``Unchanged`` ones."""
    env = aec_env(game, compiled=False)
    if not writers:
        env._tensors = [Unchanged(w.buffer) for w in env._tensors]
    return 1e6 / aec_speed(game, seconds, env)


def decision_positions(game: Game, count: int, seed: int) -> list[tuple[State, int]]:
    """``count`` positions of random games where a seat decides (copies), with that seat."""
    rng = Rng(seed)
    state = game.new_initial_state()
    out: list[tuple[State, int]] = []
    while len(out) < count:
        player = state.current_player()
        if player == PlayerId.TERMINAL:
            state = game.new_initial_state()
        elif player == PlayerId.CHANCE:
            state.apply_legal(rng.sample_outcome(state.chance_outcomes()))
        else:
            out.append((state.clone(), player))
            state.apply_legal(rng.choice(state.legal_actions()))
    return out


def writer_microseconds(game: Game, positions: list[tuple[State, int]]) -> tuple[float, float]:
    """CPU microseconds per update of a writer per seat along ``positions`` (each seat's
    writer given the positions where it decides), and per update of the same position again."""
    writers = [game.tensor_writer(seat) for seat in range(game.num_players)]
    start = time.process_time()
    for state, seat in positions:
        writers[seat].update(state)
    along = (time.process_time() - start) / len(positions) * 1e6
    looking = 0.0
    for state, seat in positions:
        writer = writers[seat]
        writer.update(state)
        start = time.process_time()
        writer.update(state)
        looking += time.process_time() - start
    return along, looking / len(positions) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", default=None)
    parser.add_argument("--positions", type=int, default=30_000)
    args = parser.parse_args()
    print(
        f"{'game':<20} {'bench':>6} {'aec':>6} {'no writer':>9} {'floor':>6} {'budget':>6} "
        f"{'writer':>6} {'looking':>7}   (µs per decision or update)"
    )
    for name in [args.game] if args.game else game_names():
        game = load_game(name)
        bench = 1e6 / benchmark_game(game, seconds=args.seconds, seed=0).decisions_per_second
        aec = aec_microseconds(name, args.seconds, writers=True)
        bare = aec_microseconds(name, args.seconds, writers=False)
        along, looking = writer_microseconds(game, decision_positions(game, args.positions, 1))
        print(
            f"{name:<20} {bench:>6.2f} {aec:>6.2f} {bare:>9.2f} {bare / bench:>5.2f}x "
            f"{2 * bench - bare:>6.2f} {along:>6.2f} {looking:>7.2f}"
        )


if __name__ == "__main__":
    main()
