"""``vector_env``: many single-agent environments stepped in one loop or by worker processes
through shared memory, with the results of the same copies stepped one by one."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from farmstead.core.errors import InvalidParamError, UnknownGameError
from farmstead.envs import single_agent_env
from farmstead.envs.vector import vector_env

Row = tuple[np.ndarray, float, bool, np.ndarray]


def play_alone(game: str, copies: int, seed: int, steps: int, **params: Any) -> list[list[Row]]:
    """Each copy stepped alone, as ``vector_env`` promises: copy ``i`` from ``seed + i``,
    reset on the step after it ends, the legal id chosen by the step number."""
    envs = [single_agent_env(game, **params) for _ in range(copies)]
    results = [env.reset(seed=seed + i) for i, env in enumerate(envs)]
    masks = [info["action_mask"] for _, info in results]
    finished = [False] * copies
    out: list[list[Row]] = []
    for step in range(steps):
        row: list[Row] = []
        for i, env in enumerate(envs):
            if finished[i]:
                obs, info = env.reset()
                reward, done = 0.0, False
            else:
                legal = np.flatnonzero(masks[i])
                obs, reward, done, _, info = env.step(int(legal[step % len(legal)]))
            finished[i] = done
            masks[i] = info["action_mask"]
            row.append((obs, reward, done, info["action_mask"]))
        out.append(row)
    return out


SHORT_GAMES: dict[str, dict[str, Any]] = {
    "rancho": {"max_rounds": 3},
    "animal_farm": {"max_plies": 4, "setup_mode": "default"},  # on its compiled rules
}


@pytest.mark.parametrize("game", list(SHORT_GAMES))
@pytest.mark.parametrize("workers", [0, 2])
def test_a_vector_env_steps_like_its_copies_alone(workers: int, game: str) -> None:
    """Observations, rewards, ends and masks equal those of the copies stepped one by one
    (autoreset on the next step), in this process and in two worker processes."""
    copies, seed, steps = 4, 11, 120
    params = SHORT_GAMES[game]
    expected = play_alone(game, copies, seed, steps, **params)
    envs = vector_env(game, copies, workers=workers, **params)
    try:
        obs, info = envs.reset(seed=seed)
        shape = envs.single_observation_space.shape
        assert shape is not None and obs.shape == (copies, *shape)
        ended = 0
        for step in range(steps):
            actions = []
            for mask in info["action_mask"]:
                legal = np.flatnonzero(mask)
                actions.append(int(legal[step % len(legal)]) if len(legal) else 0)
            obs, rewards, terminated, truncated, info = envs.step(actions)
            for i, (e_obs, e_reward, e_done, e_mask) in enumerate(expected[step]):
                assert np.array_equal(obs[i], e_obs), (step, i)
                assert rewards[i] == e_reward and terminated[i] == e_done, (step, i)
                assert np.array_equal(info["action_mask"][i], e_mask), (step, i)
            assert not truncated.any()
            ended += int(terminated.sum())
        assert ended > 0  # some copies finished and were reset on the way
    finally:
        envs.close()


def test_an_illegal_action_loses_that_copy_only() -> None:
    """``illegal_action="lose"``: the copy ends with the minimum utility and is flagged."""
    envs = vector_env("animal_farm", 3)
    try:
        _, info = envs.reset(seed=5)
        actions = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
        illegal = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
        actions[1] = illegal
        _, rewards, terminated, _, info = envs.step(actions)
        assert terminated.tolist() == [False, True, False]
        assert rewards[1] == -1.0
        assert info["illegal_action"].tolist() == [False, True, False]
    finally:
        envs.close()


def test_bad_arguments_fail_with_clear_errors() -> None:
    with pytest.raises(InvalidParamError, match="num_envs"):
        vector_env("rancho", 0)
    with pytest.raises(InvalidParamError, match="workers"):
        vector_env("rancho", 2, workers=3)
    with pytest.raises(UnknownGameError):
        vector_env("chess", 2)
    with pytest.raises(InvalidParamError, match="seeds"):
        vector_env("rancho", 2).reset(seed=[1, 2, 3])
