"""Train a masked PPO agent on a Farmstead game against ``random``, then measure it.

The learner plays one seat of ``farmstead.envs.single_agent_env`` (both seats in turn, one per
environment copy) against Farmstead's ``random`` agent, with sb3-contrib's ``MaskablePPO``:
illegal actions are masked with the environment's ``action_masks()``. The sparse game reward
(the return at the end) is shaped with the game's own position evaluation as a potential,
``r + gamma * phi(s') - phi(s)`` with ``phi = heuristics.evaluate(state, seat)`` (0 at the end),
which leaves the best policy unchanged and gives a signal at every step.

A game turn is dozens of micro-decisions (select a unit, step, step, pick up …), so PPO from a
random start rarely stumbles on a win. The policy is therefore warm-started by imitation: it is
first fitted to the decisions of the game's ``heuristic`` agent in ``--warm-start-games`` games
against ``random`` (behaviour cloning, masked cross-entropy), then PPO improves it against
``random``. ``--warm-start-games 0`` trains from scratch.

After training, the deterministic policy plays ``--eval-games`` games against ``random`` and
against ``heuristic`` (seats alternating); the report gives the win rates with 95% Wilson
intervals, writes ``learning_curve.png`` (win rate and loss over training) and ``summary.json``.

Install (once): ``.venv/bin/pip install torch==2.13.0 && .venv/bin/pip install -e '.[all,train]'``
(PyTorch's CPU build first: a bare ``torch`` requirement pulls a CUDA build of several GB).

Full run (1,765 s for Animal Farm measured on 2 CPU cores shared with two other jobs;
46% against random there, short of the 90% target — see the issue note):

    .venv/bin/python examples/train_masked_ppo.py --game animal_farm --timesteps 400000 --seed 1
    .venv/bin/python examples/train_masked_ppo.py --game fences --timesteps 400000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.logger import KVWriter, Logger
from stable_baselines3.common.vec_env import DummyVecEnv

from farmstead.agents.evaluation import load_evaluate
from farmstead.envs import single_agent_env
from farmstead.lab.stats import wilson_interval

WARM_START_GAMES = 200  # the teacher's games to imitate before PPO
WARM_START_EPOCHS = 10
LEARNING_RATE = 1e-4


class PotentialShaping(gymnasium.Wrapper):  # type: ignore[misc]
    """Adds ``gamma * phi(s') - phi(s)`` to the reward, ``phi`` the game's evaluation of the
    learner's seat (0 once the game is over), so that every step carries a signal."""

    def __init__(self, env: gymnasium.Env, gamma: float) -> None:
        super().__init__(env)
        self.gamma = gamma
        base = env.unwrapped
        self.evaluate = load_evaluate(base.game)
        self.phi = 0.0

    def _potential(self) -> float:
        base = self.env.unwrapped
        return 0.0 if base.state.is_terminal() else float(self.evaluate(base.state, base.seat))

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self.phi = self._potential()
        return obs, info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        phi = self._potential()
        info["game_reward"] = reward
        shaped = reward + self.gamma * phi - self.phi
        self.phi = phi
        return obs, shaped, terminated, truncated, info


def make_env(game: str, seat: int, gamma: float, shaping: bool) -> gymnasium.Env:
    env: gymnasium.Env = single_agent_env(game, opponents=["random"], seat=seat)
    if shaping:
        env = PotentialShaping(env, gamma)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


class Records(KVWriter):  # type: ignore[misc]
    """Keeps every logged row (the loss of each PPO update among them)."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []

    def write(self, key_values: dict[str, Any], key_excluded: Any, step: int = 0) -> None:
        self.rows.append(
            {"step": step, **{k: v for k, v in key_values.items() if isinstance(v, int | float)}}
        )

    def close(self) -> None:
        pass


class Outcomes(BaseCallback):  # type: ignore[misc]
    """Records each finished training episode's game result against the timestep."""

    def __init__(self) -> None:
        super().__init__()
        self.episodes: list[tuple[int, float]] = []

    def _on_step(self) -> bool:
        for done, info in zip(self.locals["dones"], self.locals["infos"], strict=True):
            if done:
                self.episodes.append((self.num_timesteps, float(info.get("game_reward", 0.0))))
        return True


def imitation_data(
    game: str, games: int, seed: int, **params: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(observations, masks, actions) of the ``heuristic`` agent's decisions as the learner's
    seat (seats alternating) in ``games`` games against ``random``."""
    from farmstead.agents.registry import make_agent
    from farmstead.core.rng import Rng

    observations, masks, actions = [], [], []
    for i in range(games):
        env = single_agent_env(game, opponents=["random"], seat=i % 2, **params)
        obs, info = env.reset(seed=seed + i)
        teacher = make_agent("heuristic", Rng(seed + i))
        done = False
        while not done:
            action = teacher.step(env.state)
            observations.append(obs)
            masks.append(info["action_mask"].astype(bool))
            actions.append(action)
            obs, _, done, _, info = env.step(action)
    return np.array(observations), np.array(masks), np.array(actions)


def warm_start(
    model: MaskablePPO, data: tuple[np.ndarray, np.ndarray, np.ndarray], epochs: int, seed: int
) -> list[float]:
    """Fit the policy to the teacher's decisions (masked cross-entropy); returns the losses."""
    import torch

    observations, masks, actions = data
    policy = model.policy
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    rng = np.random.default_rng(seed)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(len(actions))
        for start in range(0, len(order), 256):
            batch = order[start : start + 256]
            obs = torch.as_tensor(observations[batch], dtype=torch.float32)
            dist = policy.get_distribution(obs, action_masks=masks[batch])
            loss = -dist.log_prob(torch.as_tensor(actions[batch])).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(float(loss.detach()))
    return losses


def evaluate_policy(
    model: MaskablePPO, game: str, opponent: str, games: int, seed: int
) -> dict[str, Any]:
    """The trained policy's results against ``opponent`` over ``games`` games, seats alternating."""
    wins = draws = 0
    for i in range(games):
        env = single_agent_env(game, opponents=[opponent], seat=i % 2)
        obs, _ = env.reset(seed=seed + i)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        wins += reward > 0
        draws += reward == 0
    low, high = wilson_interval(wins, games)
    return {
        "opponent": opponent,
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": wins / games,
        "low": low,
        "high": high,
    }


def plot(
    out: Path, episodes: list[tuple[int, float]], rows: list[dict[str, Any]], title: str
) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
    if episodes:
        steps = np.array([s for s, _ in episodes])
        won = np.array([1.0 if r > 0 else 0.0 for _, r in episodes])
        window = max(1, min(50, len(won) // 5))
        rolling = np.convolve(won, np.ones(window) / window, mode="valid")
        ax1.plot(steps[window - 1 :], rolling)
    ax1.set_ylabel("win rate vs random\n(rolling)")
    ax1.set_ylim(0, 1)
    ax1.set_title(title)
    losses = [(r["step"], r["train/loss"]) for r in rows if "train/loss" in r]
    if losses:
        ax2.plot([s for s, _ in losses], [v for _, v in losses])
    ax2.set_ylabel("PPO loss")
    ax2.set_xlabel("timesteps")
    fig.tight_layout()
    path = out / "learning_curve.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def run(
    game: str = "animal_farm",
    timesteps: int = 400_000,
    seed: int = 1,
    out: str | Path = "runs/ppo",
    envs: int = 4,
    n_steps: int = 512,
    batch_size: int = 256,
    eval_games: int = 100,
    shaping: bool = True,
    gamma: float = 0.99,
    warm_start_games: int = WARM_START_GAMES,
    warm_start_epochs: int = WARM_START_EPOCHS,
    learning_rate: float = LEARNING_RATE,
    net: tuple[int, ...] = (256, 256),
) -> dict[str, Any]:
    """Train, evaluate, plot; returns the summary (also written to ``out/summary.json``)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    vec = DummyVecEnv([lambda s=i: make_env(game, s % 2, gamma, shaping) for i in range(envs)])
    vec.seed(seed)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=n_steps,
        batch_size=batch_size,
        gamma=gamma,
        learning_rate=learning_rate,
        ent_coef=0.01,
        seed=seed,
        verbose=0,
        device="cpu",
        policy_kwargs={"net_arch": list(net)},
    )
    records = Records()
    model.set_logger(Logger(folder=None, output_formats=[records]))
    imitation: list[float] = []
    warm_results: list[dict[str, Any]] = []
    if warm_start_games:
        data = imitation_data(game, warm_start_games, seed=seed * 1000)
        imitation = warm_start(model, data, warm_start_epochs, seed)
        warm_results = [evaluate_policy(model, game, "random", max(2, eval_games // 5), seed=5_000)]
    outcomes = Outcomes()
    if timesteps:
        model.learn(total_timesteps=timesteps, callback=outcomes)
    trained = time.time() - started
    results = [
        evaluate_policy(model, game, opponent, eval_games, seed=10_000 * (k + 1))
        for k, opponent in enumerate(("random", "heuristic"))
    ]
    curve = plot(out, outcomes.episodes, records.rows, f"MaskablePPO on {game} against random")
    losses = [r["train/loss"] for r in records.rows if "train/loss" in r]
    summary = {
        "game": game,
        "timesteps": timesteps,
        "seed": seed,
        "train_seconds": round(trained, 1),
        "episodes": len(outcomes.episodes),
        "losses": losses,
        "results": results,
        "warm_start_games": warm_start_games,
        "imitation_losses": imitation,
        "after_warm_start": warm_results,
        "learning_curve": str(curve),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    model.save(out / "model.zip")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="animal_farm")
    parser.add_argument("--timesteps", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None, help="folder for the model, curve and summary")
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument(
        "--no-shaping", action="store_true", help="learn from the game reward alone"
    )
    parser.add_argument(
        "--warm-start-games", type=int, default=WARM_START_GAMES, help="teacher games (0: none)"
    )
    parser.add_argument("--warm-start-epochs", type=int, default=WARM_START_EPOCHS)
    parser.add_argument("--learning-rate", type=float, default=LEARNING_RATE, help="PPO's")
    args = parser.parse_args(argv)
    summary = run(
        args.game,
        args.timesteps,
        args.seed,
        args.out or f"runs/ppo-{args.game}-seed{args.seed}",
        envs=args.envs,
        eval_games=args.eval_games,
        shaping=not args.no_shaping,
        warm_start_games=args.warm_start_games,
        warm_start_epochs=args.warm_start_epochs,
        learning_rate=args.learning_rate,
    )
    print(f"{summary['game']}: {summary['timesteps']} timesteps in {summary['train_seconds']} s")
    for r in summary["after_warm_start"]:
        print(
            f"  after the warm start, against {r['opponent']}: {r['win_rate']:.1%} of {r['games']}"
        )
    for r in summary["results"]:
        print(
            f"  against {r['opponent']}: {r['wins']} wins, {r['draws']} draws of {r['games']} "
            f"— win rate {r['win_rate']:.1%} (95% interval {r['low']:.1%} - {r['high']:.1%})"
        )
    print(f"  learning curve: {summary['learning_curve']}")
    return 0 if all(math.isfinite(v) for v in summary["losses"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
