"""The training example (``examples/train_masked_ppo.py``) runs end to end on a tiny budget: it
trains MaskablePPO for a few updates, the loss moves, and it writes its summary and learning
curve. The full run (the published figures) is one documented command in the example."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path
from types import ModuleType

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_masked_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_example_runs_and_the_loss_moves(tmp_path: Path) -> None:
    example = load_example()
    summary = example.run(
        game="animal_farm",
        timesteps=512,
        seed=3,
        out=tmp_path,
        envs=2,
        n_steps=64,
        batch_size=64,
        eval_games=2,
        teacher_games=2,
        teacher_epochs=1,
        dagger_rounds=1,
        dagger_games=1,
        dagger_epochs=1,
    )
    losses = summary["losses"]
    assert len(losses) >= 3 and all(math.isfinite(v) for v in losses)
    assert len({round(v, 6) for v in losses}) > 1, "the loss never moved"
    assert [r["round"] for r in summary["dagger_rounds"]] == [1]
    assert summary["imitation_losses"] and all(
        math.isfinite(v) for v in summary["imitation_losses"]
    )
    assert (tmp_path / "learning_curve.png").stat().st_size > 1000
    written = json.loads((tmp_path / "summary.json").read_text())
    assert [r["opponent"] for r in written["results"]] == ["random", "heuristic"]
    assert all(r["games"] == 2 for r in written["results"])


def test_teacher_labels_are_the_heuristics_equally_best_legal_actions() -> None:
    """The imitation's labels: every action the heuristic agent may play (it breaks ties by
    a coin flip) and only legal ones."""
    from farmstead.agents.registry import make_agent
    from farmstead.core.rng import Rng
    from farmstead.envs import single_agent_env

    example = load_example()
    teacher = example.Teacher(seed=4)
    env = single_agent_env("animal_farm", opponents=["random"], seat=0)
    obs, info = env.reset(seed=4)
    ties_seen = 0
    for step in range(120):
        state = env.state
        mask = info["action_mask"].astype(bool)
        best = teacher.best(state, mask.size)
        assert best.any() and not (best & ~mask).any()
        played = {make_agent("heuristic", Rng(k)).step(state) for k in range(6)}
        assert played <= set(np.flatnonzero(best).tolist())
        ties_seen += best.sum() > 1
        obs, _, done, _, info = env.step(int(np.flatnonzero(best)[step % best.sum()]))
        if done:
            break
    assert ties_seen, "no position with tied best actions was checked"
