"""benchmarks/env_limits.py on tiny budgets: the positions it times are decision points of the
seat whose writer it updates, the environment "without the writer" really hands out an
unchanged tensor while the real one follows the game, and every figure is a positive time."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

from farmstead.core.registry import load_game
from farmstead.envs import aec_env

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "env_limits.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("env_limits", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["env_limits"] = module
    spec.loader.exec_module(module)
    return module


limits = load_script()


def test_positions_are_where_their_seat_decides() -> None:
    game = load_game("rancho")
    positions = limits.decision_positions(game, 200, 3)
    assert len(positions) == 200
    assert all(state.current_player() == seat for state, seat in positions)
    assert {seat for _, seat in positions} == set(range(game.num_players))


def test_the_stand_in_writer_leaves_the_tensor_unchanged() -> None:
    """The floor is measured with writers that do not write: the observation stays the zeroed
    buffer, where the game's writer shows the position."""
    env = aec_env("rancho", compiled=False)
    env._tensors = [limits.Unchanged(w.buffer) for w in env._tensors]
    env.reset(seed=1)
    observation = env.last()[0]
    assert observation is not None and not observation["observation"].any()
    real = aec_env("rancho", compiled=False)
    real.reset(seed=1)
    observed = real.last()[0]
    assert observed is not None and observed["observation"].any()
    assert np.array_equal(observation["action_mask"], observed["action_mask"])


def test_every_figure_is_a_positive_time() -> None:
    game = load_game("rancho")
    along, looking = limits.writer_microseconds(game, limits.decision_positions(game, 100, 1))
    assert along > 0 and looking > 0
    assert limits.aec_microseconds("rancho", 0.05, writers=False) > 0
    assert limits.aec_microseconds("rancho", 0.05, writers=True) > 0
