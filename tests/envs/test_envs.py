"""The learning environments on every game: PettingZoo's ``api_test`` and
``seed_test`` and Gymnasium's ``check_env`` pass for every registered game; masks, rewards,
illegal actions, rendering and vectorised play behave as documented; observation tensors keep
other seats' secrets."""

from __future__ import annotations

import functools
from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from farmstead.core.errors import IllegalActionError, InvalidParamError, UnknownGameError
from farmstead.core.registry import game_names, load_game
from farmstead.envs import aec_env, gymnasium_id, single_agent_env
from farmstead.envs.checks import check_game_envs

GAMES = game_names()


def test_there_are_games_to_learn() -> None:
    assert GAMES, "no game is registered"
    for name in GAMES:
        assert load_game(name).info.observation_shape, f"{name} has no observation tensor"


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    api_test(aec_env(name), num_cycles=150)
    seed_test(functools.partial(aec_env, name), num_cycles=60)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env_passes(name: str) -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(gymnasium_id(name), render_mode="ansi")
    check_env(env.unwrapped)
    assert isinstance(env.unwrapped.render(), str) and env.unwrapped.render()


def test_env_check_command_reports_every_game_passing() -> None:
    result = check_game_envs("animal_farm", cycles=50)
    assert result.passed and result.steps_per_second > 0


def test_aec_masks_and_rewards_follow_the_game() -> None:
    env = aec_env("fences", players=3)
    env.reset(seed=5)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        seat = env.agent_name_mapping[agent]
        state = env.state
        assert state.current_player() == seat
        assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions()
        np.testing.assert_array_equal(obs["observation"], state.observation_tensor(seat))
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    final = env.state
    assert final.is_terminal() and steps > 40
    assert env.agents == []


def test_aec_refuses_an_illegal_action_and_changes_nothing() -> None:
    env = aec_env("rancho")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.to_json()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.state.to_json() == before


def test_single_agent_mask_illegal_actions_and_reward() -> None:
    env = single_agent_env("animal_farm", opponents=["random"], seat=1)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    assert (env.action_masks() == info["action_mask"].astype(bool)).all()
    assert np.flatnonzero(info["action_mask"]).tolist() == env.state.legal_actions()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and not truncated and info["illegal_action"]
    assert reward == env.game.info.min_utility
    strict = single_agent_env("animal_farm", opponents=["random"], illegal_action="raise")
    _, info = strict.reset(seed=3)
    before = strict.state.to_json()
    with pytest.raises(IllegalActionError):
        strict.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert strict.state.to_json() == before


def test_single_agent_episode_ends_with_the_return() -> None:
    env = single_agent_env("rancho", opponents=["random"], max_rounds=5)
    _, info = env.reset(seed=11)
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += reward
    assert total == env.state.returns()[env.seat]


@pytest.mark.parametrize(
    ("game", "opponents", "params"),
    [
        ("livestock_uprising", ["heuristic"], {}),
        ("animal_farm", ["random"], {"max_plies": 6}),  # on its compiled rules
    ],
)
def test_single_agent_is_reproducible_from_its_seed(
    game: str, opponents: list[str], params: dict[str, Any]
) -> None:
    def play(seed: int) -> list[float]:
        env = single_agent_env(game, opponents=opponents, **params)
        obs, info = env.reset(seed=seed)
        trace = [float(obs.sum())]
        for _ in range(60):
            obs, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            trace.append(float(obs.sum()))
            if done:
                break
        return trace

    assert play(4) == play(4)
    assert play(4) != play(5)


def test_bad_arguments_fail_with_the_valid_choices() -> None:
    with pytest.raises(UnknownGameError):
        aec_env("no_such_game")
    with pytest.raises(InvalidParamError):
        single_agent_env("rancho", opponents=["random", "random"], players=2)
    with pytest.raises(InvalidParamError):
        single_agent_env("rancho", render_mode="human")
    with pytest.raises(InvalidParamError):
        aec_env("fences", no_such_param=1)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_vectorised_play(kind: str) -> None:
    make = functools.partial(single_agent_env, "rancho", ["random"], max_rounds=3)
    vector_cls = (
        gymnasium.vector.SyncVectorEnv if kind == "sync" else gymnasium.vector.AsyncVectorEnv
    )
    envs = vector_cls([make, make])
    try:
        obs, info = envs.reset(seed=7)
        space_shape = envs.single_observation_space.shape
        assert space_shape is not None
        assert obs.shape == (2, *space_shape)
        rng = np.random.default_rng(1)
        for _ in range(30):
            masks = info["action_mask"]
            actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
            obs, rewards, terminated, truncated, info = envs.step(actions)
            assert rewards.shape == (2,)
    finally:
        envs.close()


def test_tensor_check_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """FE-R22: the conformance checker fails a game whose tensor shows another seat's hidden
    tiles (a check that can fail)."""
    from farmstead.testing import ConformanceError, check_game

    game = load_game("fences")
    honest = game.encode_state  # type: ignore[attr-defined]

    def leaky(state: Any, seat: int | None, out: np.ndarray) -> None:
        honest(state, seat, out)
        out[0] += float(sum(sum(hand) for hand in state.hands)) / 1000

    monkeypatch.setattr(game, "encode_state", leaky)
    with pytest.raises(ConformanceError, match="observation_tensor"):
        check_game(game, games=1, seed=1, deep_rate=0.2)
