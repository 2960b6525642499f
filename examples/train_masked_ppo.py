"""Train a masked PPO agent on a Farmstead game against ``random``, then measure it.

The learner plays one seat of ``farmstead.envs.single_agent_env`` (both seats in turn, one per
environment copy) against Farmstead's ``random`` agent, with sb3-contrib's ``MaskablePPO``:
illegal actions are masked with the environment's ``action_masks()``. The sparse game reward
(the return at the end) is shaped with the game's own position evaluation as a potential,
``r + gamma * phi(s') - phi(s)`` with ``phi = heuristics.evaluate(state, seat)`` (0 at the end),
which leaves the best policy unchanged and gives a signal at every step.

A game turn is dozens of micro-decisions (select a unit, step, step, pick up …), so PPO from a
random start rarely stumbles on a win. The policy is therefore first taught by imitation of the
game's ``heuristic`` agent, with DAgger: it is fitted to the teacher's decisions in
``--teacher-games`` games against ``random``, then ``--dagger-rounds`` times it plays
``--dagger-games`` games itself, the teacher labels every position the policy reached, and the
policy is fitted again to all the labels so far — so it learns to recover from the positions
its own mistakes lead to, which the teacher's games never show. A label is the *set* of
actions the teacher rates equally best (the teacher breaks such ties by a coin flip; fitting
one of them would teach noise), and the loss is minus the log of the probability the policy
gives that set. PPO (``--timesteps``, a small learning rate, no entropy bonus) then refines
the policy against ``random``; ``--teacher-games 0`` trains by PPO alone.

After training, the deterministic policy plays ``--eval-games`` games against ``random`` and
against ``heuristic`` (seats alternating); the report gives the win rates with 95% Wilson
intervals, writes ``learning_curve.png`` (the win rate in each DAgger round, then PPO's
rolling win rate and loss) and ``summary.json``.

Install (once): ``.venv/bin/pip install torch==2.13.0 && .venv/bin/pip install -e '.[all,train]'``
(PyTorch's CPU build first: a bare ``torch`` requirement pulls a CUDA build of several GB).

Full runs (Animal Farm: 514 s of training on a 2-core machine, 8 min 48 s in all with the
evaluation, then 90 of 100 games won against random, 95% interval 82.6% - 94.5%; the
single-agent environments run on Animal Farm's compiled rules, and PPO's 100,000 environment
steps, shaping included, take a few seconds of it; ``docs/performance.md`` has the history):

    .venv/bin/python examples/train_masked_ppo.py --game animal_farm --seed 1
    .venv/bin/python examples/train_masked_ppo.py --game fences --seed 1
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
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

from farmstead.agents.evaluation import load_evaluate
from farmstead.envs import single_agent_env
from farmstead.lab.stats import wilson_interval

TEACHER_GAMES = 1500  # the teacher's own games fitted first
TEACHER_EPOCHS = 8
DAGGER_ROUNDS = 10  # rounds of the learner's games labelled by the teacher
DAGGER_GAMES = 100
DAGGER_EPOCHS = 2
IMITATION_RATE = 1e-3  # Adam's step size for the imitation, falling over the DAgger rounds
NET = (512, 256)  # hidden layers of the policy and value networks
TIMESTEPS = 100_000  # PPO's, after the imitation
LEARNING_RATE = 1e-5  # PPO's, small: it refines the imitation rather than replacing it


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


class Teacher:
    """The game's ``heuristic`` agent as a labeller: for a position it gives the set of actions
    the agent rates equally best (its choice among them is a coin flip, so imitating one of
    them would teach noise), or the one action its planner picks in games that have one."""

    def __init__(self, seed: int) -> None:
        from farmstead.agents.heuristic import HeuristicAgent
        from farmstead.core.rng import Rng, derive_seed

        self.agent = HeuristicAgent(Rng(seed))
        self.positions = Rng(derive_seed(seed, "positions"))

    def best(self, state: Any, size: int) -> np.ndarray:
        """A boolean mask over the action ids: the teacher's equally best legal actions, judged
        from what the seat to move may know (``seat_position``: with hidden information the
        teacher sees a consistent draw, never the true position)."""
        from farmstead.agents.base import seat_position

        seen = seat_position(state, state.current_player(), self.positions)
        out = np.zeros(size, dtype=bool)
        out[self.agent.best_actions(seen)] = True
        return out


def policy_logits(model: MaskablePPO, observations: Any) -> Any:
    """The policy head's logits (a torch tensor) for a batch of observations."""
    policy = model.policy
    return policy.action_net(
        policy.mlp_extractor.forward_actor(policy.extract_features(observations))
    )


def greedy_actions(model: MaskablePPO, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """The policy's most probable legal action for each row (one forward pass for all)."""
    import torch

    with torch.no_grad():
        logits = policy_logits(model, torch.as_tensor(observations, dtype=torch.float32))
        logits = logits.masked_fill(~torch.as_tensor(masks), -1e9)
    return logits.argmax(dim=1).numpy()


Chooser = Any  # (observations, masks, envs) -> one action per row


def play_games(
    game: str, opponent: str, games: int, seed: int, choose: Chooser, parallel: int = 50
) -> list[float]:
    """Play ``games`` games of the learner's seat (alternating) against ``opponent``, game
    ``i`` from seed ``seed + i``, ``parallel`` at a time: ``choose`` picks the learner's
    moves for all the unfinished games at once. Returns the learner's reward per game."""
    rewards = [0.0] * games
    for first in range(0, games, parallel):
        playing = []  # [game index, env, observation, info] of the unfinished games
        for i in range(first, min(games, first + parallel)):
            env = single_agent_env(game, opponents=[opponent], seat=i % 2)
            playing.append([i, env, *env.reset(seed=seed + i)])
        while playing:
            obs = np.array([row[2] for row in playing])
            mask = np.array([row[3]["action_mask"].astype(bool) for row in playing])
            actions = choose(obs, mask, [row[1] for row in playing])
            still = []
            for (i, env, _, _), action in zip(playing, actions, strict=True):
                next_obs, reward, done, _, info = env.step(int(action))
                if done:
                    rewards[i] = float(reward)
                else:
                    still.append([i, env, next_obs, info])
            playing = still
    return rewards


def labelled_games(
    game: str, teacher: Teacher, games: int, seed: int, model: MaskablePPO | None
) -> tuple[list[np.ndarray], int]:
    """(observations, masks, best-action masks) of every decision of the learner's seat in
    ``games`` games against ``random``, labelled by ``teacher``; the moves are the teacher's
    own (a uniform pick among its best) when ``model`` is None, else the model's deterministic
    ones (DAgger: the teacher labels the positions the learner reaches). Also returns the
    learner's wins."""
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    best: list[np.ndarray] = []
    rng = np.random.default_rng(seed)

    def choose(obs: np.ndarray, mask: np.ndarray, envs: list[Any]) -> list[int]:
        labels = np.array([teacher.best(env.state, mask.shape[1]) for env in envs])
        observations.extend(obs)
        masks.extend(mask)
        best.extend(labels)
        if model is None:
            return [int(rng.choice(np.flatnonzero(row))) for row in labels]
        return [int(a) for a in greedy_actions(model, obs, mask)]

    rewards = play_games(game, "random", games, seed, choose)
    wins = sum(r > 0 for r in rewards)
    return [np.array(observations), np.array(masks), np.array(best)], wins


BATCH = 256


def fit_to_teacher(
    optimizer: Any, model: MaskablePPO, data: list[np.ndarray], samples: int, seed: int
) -> list[float]:
    """Fit the policy to the teacher's labels for ``samples`` draws from ``data`` (shuffled
    passes over it): maximise the probability the masked policy gives the teacher's best set
    (minus the log of its sum is the loss). Only the policy's layers learn; the value head is
    left to PPO (``optimizer`` holds the policy's layers). Returns the loss of each batch."""
    import torch

    observations, masks, best = data
    rng = np.random.default_rng(seed)
    passes = -(-samples // len(best))
    order = np.concatenate([rng.permutation(len(best)) for _ in range(passes)])[:samples]
    losses = []
    for start in range(0, len(order), BATCH):
        batch = order[start : start + BATCH]
        obs = torch.as_tensor(observations[batch], dtype=torch.float32)
        logits = policy_logits(model, obs)
        legal = torch.as_tensor(masks[batch])
        log_probs = torch.log_softmax(logits.masked_fill(~legal, -1e9), dim=1)
        chosen = log_probs.masked_fill(~torch.as_tensor(best[batch]), -1e9)
        loss = -torch.logsumexp(chosen, dim=1).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(float(loss.detach()))
    return losses


def imitate(
    model: MaskablePPO,
    game: str,
    seed: int,
    teacher_games: int,
    epochs: int,
    rounds: int,
    round_games: int,
    round_epochs: int,
) -> tuple[list[float], list[dict[str, Any]]]:
    """Warm start by imitation with DAgger: fit the teacher's own games, then ``rounds``
    times let the policy play ``round_games`` games, have the teacher label the positions it
    reached, add them to the data and fit again. Returns the losses and, per round, the
    policy's wins in the games it played (before that round's fit)."""
    import torch

    teacher = Teacher(seed)
    policy = model.policy
    layers = [*policy.mlp_extractor.policy_net.parameters(), *policy.action_net.parameters()]
    optimizer = torch.optim.Adam(layers, lr=IMITATION_RATE)
    data, _ = labelled_games(game, teacher, teacher_games, seed * 1000, None)
    losses = fit_to_teacher(optimizer, model, data, epochs * len(data[2]), seed)
    progress = []
    for r in range(rounds):
        new, wins = labelled_games(
            game, teacher, round_games, seed * 1000 + 100_000 * (r + 1), model
        )
        progress.append({"round": r + 1, "games": round_games, "wins": wins})
        print(f"  DAgger round {r + 1}: the policy won {wins} of {round_games}", flush=True)
        data = [np.concatenate([old, more]) for old, more in zip(data, new, strict=True)]
        # As many draws as ``round_epochs`` passes over the new positions, from all of them so
        # far: each round costs the same however large the data grows.
        # The step size falls linearly over the rounds to a tenth: late rounds polish the
        # policy instead of shaking it.
        for group in optimizer.param_groups:
            group["lr"] = IMITATION_RATE * (1 - 0.9 * (r + 1) / rounds)
        losses += fit_to_teacher(optimizer, model, data, round_epochs * len(new[2]), seed + r + 1)
    return losses, progress


def evaluate_policy(
    model: MaskablePPO, game: str, opponent: str, games: int, seed: int
) -> dict[str, Any]:
    """The trained (deterministic) policy's results against ``opponent`` over ``games``
    games, seats alternating."""
    rewards = play_games(
        game, opponent, games, seed, lambda obs, mask, _: greedy_actions(model, obs, mask)
    )
    wins = sum(r > 0 for r in rewards)
    low, high = wilson_interval(wins, games)
    return {
        "opponent": opponent,
        "games": games,
        "wins": wins,
        "draws": sum(r == 0 for r in rewards),
        "win_rate": wins / games,
        "low": low,
        "high": high,
    }


def plot(
    out: Path,
    rounds: list[dict[str, Any]],
    episodes: list[tuple[int, float]],
    rows: list[dict[str, Any]],
    title: str,
) -> Path:
    """``learning_curve.png``: the policy's wins in each DAgger round, then its rolling win
    rate during PPO and PPO's loss."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax0, ax1, ax2) = plt.subplots(3, 1, figsize=(8, 8))
    if rounds:
        ax0.plot([r["round"] for r in rounds], [r["wins"] / r["games"] for r in rounds], "o-")
    ax0.set_ylabel("win rate vs random\n(its DAgger games)")
    ax0.set_xlabel("DAgger round (the policy before that round's fit)")
    ax0.set_ylim(0, 1)
    ax0.set_title(title)
    if episodes:
        steps = np.array([s for s, _ in episodes])
        won = np.array([1.0 if r > 0 else 0.0 for _, r in episodes])
        window = max(1, min(50, len(won) // 5))
        rolling = np.convolve(won, np.ones(window) / window, mode="valid")
        ax1.plot(steps[window - 1 :], rolling)
    ax1.set_ylabel("win rate vs random\n(PPO, rolling)")
    ax1.set_ylim(0, 1)
    losses = [(r["step"], r["train/loss"]) for r in rows if "train/loss" in r]
    if losses:
        ax2.plot([s for s, _ in losses], [v for _, v in losses])
    ax2.set_ylabel("PPO loss")
    ax2.set_xlabel("PPO timesteps")
    fig.tight_layout()
    path = out / "learning_curve.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def run(
    game: str = "animal_farm",
    timesteps: int = TIMESTEPS,
    seed: int = 1,
    out: str | Path = "runs/ppo",
    envs: int = 4,
    n_steps: int = 512,
    batch_size: int = 256,
    eval_games: int = 100,
    shaping: bool = True,
    gamma: float = 0.99,
    teacher_games: int = TEACHER_GAMES,
    teacher_epochs: int = TEACHER_EPOCHS,
    dagger_rounds: int = DAGGER_ROUNDS,
    dagger_games: int = DAGGER_GAMES,
    dagger_epochs: int = DAGGER_EPOCHS,
    learning_rate: float = LEARNING_RATE,
    net: tuple[int, ...] = NET,
    processes: bool = False,
) -> dict[str, Any]:
    """Train, evaluate, plot; returns the summary (also written to ``out/summary.json``)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    makers = [lambda s=i: make_env(game, s % 2, gamma, shaping) for i in range(envs)]
    # An environment step costs tens of microseconds, a pipe round trip to a worker more:
    # in this process unless asked (a worker per environment pays off for slow opponents).
    vec = SubprocVecEnv(makers) if processes else DummyVecEnv(makers)
    vec.seed(seed)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=n_steps,
        batch_size=batch_size,
        gamma=gamma,
        learning_rate=learning_rate,
        ent_coef=0.0,  # an entropy bonus would pull the policy away from the imitation
        target_kl=0.02,  # stop an update's epochs once the policy moves this far
        seed=seed,
        verbose=0,
        device="cpu",
        policy_kwargs={"net_arch": list(net)},
    )
    records = Records()
    model.set_logger(Logger(folder=None, output_formats=[records]))
    imitation: list[float] = []
    rounds: list[dict[str, Any]] = []
    warm_results: list[dict[str, Any]] = []
    if teacher_games:
        imitation, rounds = imitate(
            model,
            game,
            seed,
            teacher_games,
            teacher_epochs,
            dagger_rounds,
            dagger_games,
            dagger_epochs,
        )
        warm_results = [evaluate_policy(model, game, "random", max(2, eval_games // 2), seed=5_000)]
    outcomes = Outcomes()
    if timesteps:
        model.learn(total_timesteps=timesteps, callback=outcomes)
    trained = time.time() - started
    results = [
        evaluate_policy(model, game, opponent, eval_games, seed=10_000 * (k + 1))
        for k, opponent in enumerate(("random", "heuristic"))
    ]
    curve = plot(
        out, rounds, outcomes.episodes, records.rows, f"DAgger + MaskablePPO on {game} vs random"
    )
    losses = [r["train/loss"] for r in records.rows if "train/loss" in r]
    summary = {
        "game": game,
        "timesteps": timesteps,
        "seed": seed,
        "train_seconds": round(trained, 1),
        "episodes": len(outcomes.episodes),
        "losses": losses,
        "results": results,
        "teacher_games": teacher_games,
        "dagger_rounds": rounds,
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
    parser.add_argument("--timesteps", type=int, default=TIMESTEPS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None, help="folder for the model, curve and summary")
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument(
        "--processes",
        action="store_true",
        help="step PPO's environments in worker processes (default: in this process)",
    )
    parser.add_argument(
        "--no-shaping", action="store_true", help="learn from the game reward alone"
    )
    parser.add_argument(
        "--teacher-games", type=int, default=TEACHER_GAMES, help="teacher games (0: no imitation)"
    )
    parser.add_argument("--teacher-epochs", type=int, default=TEACHER_EPOCHS)
    parser.add_argument("--dagger-rounds", type=int, default=DAGGER_ROUNDS)
    parser.add_argument("--dagger-games", type=int, default=DAGGER_GAMES)
    parser.add_argument("--dagger-epochs", type=int, default=DAGGER_EPOCHS)
    parser.add_argument("--learning-rate", type=float, default=LEARNING_RATE, help="PPO's")
    parser.add_argument(
        "--net", default=",".join(map(str, NET)), help="hidden layer sizes, comma-separated"
    )
    args = parser.parse_args(argv)
    summary = run(
        args.game,
        args.timesteps,
        args.seed,
        args.out or f"runs/ppo-{args.game}-seed{args.seed}",
        envs=args.envs,
        eval_games=args.eval_games,
        shaping=not args.no_shaping,
        teacher_games=args.teacher_games,
        teacher_epochs=args.teacher_epochs,
        dagger_rounds=args.dagger_rounds,
        dagger_games=args.dagger_games,
        dagger_epochs=args.dagger_epochs,
        learning_rate=args.learning_rate,
        net=tuple(int(size) for size in args.net.split(",")),
        processes=args.processes,
    )
    print(f"{summary['game']}: {summary['timesteps']} timesteps in {summary['train_seconds']} s")
    for r in summary["after_warm_start"]:
        print(f"  after imitation, against {r['opponent']}: {r['win_rate']:.1%} of {r['games']}")
    for r in summary["results"]:
        print(
            f"  against {r['opponent']}: {r['wins']} wins, {r['draws']} draws of {r['games']} "
            f"— win rate {r['win_rate']:.1%} (95% interval {r['low']:.1%} - {r['high']:.1%})"
        )
    print(f"  learning curve: {summary['learning_curve']}")
    return 0 if all(math.isfinite(v) for v in summary["losses"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
