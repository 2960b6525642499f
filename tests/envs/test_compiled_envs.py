"""The learning environments on the compiled rules for one game (``GameRegistration.one_game``:
Animal Farm's ``AnimalFarmOne``, Fences's ``FencesOne``, Rancho's ``RanchoOne``) against the
reference ``State`` (rules/animal_farm.md, rules/fences.md, rules/rancho.md). The AEC
environment: the same observations, masks, rewards and positions as on the reference for the
same actions, under every parameter set's rules, and the same refusals. The single-agent
environment against ``random``: with ``validate`` the reference plays beside the compiled rules
(the opponents' logged actions replayed in it) and every position, mask and tensor agrees."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from farmstead.core.compiled import drop_stale_caches
from farmstead.core.errors import IllegalActionError, InvalidParamError
from farmstead.core.registry import load_game
from farmstead.envs import aec_env, single_agent_env
from farmstead.envs.aec import FarmsteadAECEnv
from farmstead.games.animal_farm.batched import AnimalFarmBatch
from farmstead.games.animal_farm.batched_one import AnimalFarmOne
from farmstead.games.fences.compiled import FencesOne
from farmstead.games.rancho.compiled import RanchoOne

# A fixed first player leaves no chance in the game (AF-R1), so both environments play the
# same game from any seed; the parameters cover the setup modes (AF-R2, AF-R4), the pools
# (AF-R5), the layouts and both draw limits (AF-R24).
PARAMETER_SETS: dict[str, dict[str, Any]] = {
    "manual_setup": {"first_player": "0", "max_plies": 6},
    "default_setup_no_progress": {
        "first_player": "1",
        "setup_mode": "default",
        "max_plies": 14,
        "no_progress_plies": 3,
    },
    "compact_pools": {
        "first_player": "0",
        "layout": "compact",
        "setup_mode": "default",
        "pig_points": 25,
        "goat_points": 2,
        "horse_points": 0,
        "max_plies": 8,
    },
    "compact_long": {"first_player": "1", "layout": "compact", "max_plies": 40},
}


def _play_side_by_side(params: dict[str, Any], games: int, seed: int) -> int:
    """Random games in both environments, the same action in each; every observation of
    every agent, the agent to move, the rewards and the position must agree. Returns the
    decisions compared."""
    compiled = aec_env("animal_farm", compiled=True, **params)
    reference = aec_env("animal_farm", compiled=False, **params)
    assert isinstance(compiled._compiled, AnimalFarmOne) and reference._compiled is None
    rng = random.Random(seed)
    decisions = 0
    for game in range(games):
        compiled.reset(seed=game)
        reference.reset(seed=game)
        while compiled.agents:
            assert compiled.agent_selection == reference.agent_selection
            for agent in compiled.possible_agents:  # the mover's view and the other's
                ours, theirs = compiled.observe(agent), reference.observe(agent)
                np.testing.assert_array_equal(ours["observation"], theirs["observation"])
                np.testing.assert_array_equal(ours["action_mask"], theirs["action_mask"])
            obs, reward, done, truncated, _ = compiled.last()
            assert (reward, done, truncated) == reference.last()[1:4]
            if done or truncated:
                compiled.step(None)
                reference.step(None)
                continue
            assert compiled.state.to_json() == reference.state.to_json()
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[rng.randrange(legal.size)])
            compiled.step(action)
            reference.step(action)
            decisions += 1
        assert compiled.rewards == reference.rewards
        assert compiled._cumulative_rewards == reference._cumulative_rewards
    return decisions


@pytest.mark.parametrize("name", list(PARAMETER_SETS))
def test_compiled_rules_play_the_same_games_as_the_reference_state(name: str) -> None:
    """AF-R1 … AF-R24 through the environment: every decision of random games agrees."""
    params = PARAMETER_SETS[name]
    games = 2 if params["max_plies"] > 20 else 12
    assert _play_side_by_side(params, games, seed=len(name)) > 300


def test_validate_plays_the_reference_beside_the_compiled_rules_and_catches_a_difference() -> None:
    """With ``validate`` the environment checks every position, mask and tensor of the
    compiled rules against the reference State, from the coin toss on (AF-R1, drawn by the
    compiled rules); a corrupted tensor fails loudly."""
    env = aec_env("animal_farm", validate=True, max_plies=8, no_progress_plies=4)
    rng = random.Random(3)
    for game in range(4):
        env.reset(seed=game)
        for _agent in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(legal.size)]))
        assert env.agents == []
    env.reset(seed=9)
    one: Any = env._compiled
    one._tensors[one._written, 0] += 1.0  # the first cell: the phase, one-hot
    with pytest.raises(AssertionError, match="tensor"):
        env.last()


def test_the_coin_toss_follows_the_seed() -> None:
    """AF-R1: the first player is drawn from the environment's seed; both seats occur."""

    def first(seed: int) -> int:
        env = aec_env("animal_farm", max_plies=2)
        env.reset(seed=seed)
        state: Any = env.state
        return state.seat_of(0)

    draws = [first(seed) for seed in range(12)]
    assert draws == [first(seed) for seed in range(12)]
    assert set(draws) == {0, 1}


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    env = aec_env("animal_farm", max_plies=4)
    env.reset(seed=2)
    obs, *_ = env.last()
    before = env.state.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for action in (illegal, -1, obs["action_mask"].size, 2**70, np.int64(illegal)):
        with pytest.raises(IllegalActionError):
            env.step(action)
        assert env.state.to_json() == before
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(np.int32(legal))  # a NumPy integer is an action id as well
    assert env.state.to_json() != before


def test_state_is_a_snapshot_of_the_compiled_game() -> None:
    env = aec_env("animal_farm", max_plies=4)
    env.reset(seed=1)
    snapshot = env.state
    before = snapshot.to_json()
    legal = snapshot.legal_actions()
    snapshot.apply_action(legal[0])
    assert env.state.to_json() == before
    assert np.flatnonzero(env.last()[0]["action_mask"]).tolist() == legal


def test_compiled_rules_are_chosen_by_default_and_refused_where_there_are_none() -> None:
    assert isinstance(aec_env("animal_farm")._compiled, AnimalFarmOne)
    assert isinstance(aec_env("fences")._compiled, FencesOne)
    assert isinstance(aec_env("rancho")._compiled, RanchoOne)
    assert aec_env("farms_race")._compiled is None
    with pytest.raises(InvalidParamError, match="animal_farm, fences, rancho"):
        aec_env("farms_race", compiled=True)


# Games whose compiled rules draw chance during play, with short settings for Rancho (RA-R45).
DRAWING = [("fences", 2, {}), ("fences", 4, {}), ("rancho", 2, {"max_rounds": 10}),
           ("rancho", 5, {"max_rounds": 4})]  # fmt: skip


@pytest.mark.parametrize(("name", "players", "params"), DRAWING)
def test_aec_env_on_rules_that_draw_chance_validates_every_step(
    name: str, players: int, params: dict[str, Any]
) -> None:
    """FE-R1 … FE-R61 and RA-R1 … RA-R46 through the AEC environment on compiled rules that
    draw chance themselves (the tiles, FE-R29; the dice, RA-R8, RA-R33): ``validate`` replays
    each step's action and draws on the reference beside and checks every position, mask and
    tensor; the rewards at the end are the reference's returns (FE-R60, RA-R43, RA-R45)."""
    env = aec_env(name, players, validate=True, **params)
    assert isinstance(env._compiled, FencesOne | RanchoOne)
    rng = random.Random(players)
    decisions = 0
    for game in range(2):
        env.reset(seed=game)
        for agent in env.agent_iter():
            obs, reward, done, truncated, _ = env.last()
            if done or truncated:
                assert reward == env._state.returns()[env.agent_name_mapping[agent]]
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(legal.size)]))
            decisions += 1
        assert env.agents == []
    assert decisions > 200
    env.reset(seed=5)
    one: Any = env._compiled
    one._tensors[one._written, 0] += 1.0  # the first cell: the phase, one-hot
    with pytest.raises(AssertionError, match="tensor"):
        env.last()


@pytest.mark.parametrize(
    ("name", "players", "seat", "params"),
    [("fences", 2, 0, {}), ("fences", 2, 1, {}), ("fences", 3, 2, {}),
     ("rancho", 2, 1, {"max_rounds": 10}), ("rancho", 4, 3, {"max_rounds": 4})],
)  # fmt: skip
def test_single_agent_env_on_rules_that_draw_chance_follows_the_reference(
    name: str, players: int, seat: int, params: dict[str, Any]
) -> None:
    """Random opponents on Fences's and Rancho's compiled rules, the reference following
    their actions and the draws between them; ``validate`` checks every position, mask and
    tensor."""
    env = single_agent_env(name, players=players, seat=seat, validate=True, **params)
    assert isinstance(env._compiled, FencesOne | RanchoOne)
    rng = random.Random(seat)
    _, info = env.reset(seed=seat)
    games = steps = 0
    while games < 2:
        legal = np.flatnonzero(info["action_mask"])
        _, reward, done, _, info = env.step(int(legal[rng.randrange(legal.size)]))
        steps += 1
        if done:
            assert reward == env.state.returns()[seat]
            games += 1
            _, info = env.reset()
    assert steps > 100


@pytest.mark.parametrize("name", ["fences", "rancho"])
def test_env_on_rules_that_draw_chance_refuses_illegal_actions(name: str) -> None:
    env = aec_env(name)
    env.reset(seed=2)
    obs, *_ = env.last()
    before = env.state.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for action in (illegal, -1, obs["action_mask"].size, 2**70):
        with pytest.raises(IllegalActionError):
            env.step(action)
        assert env.state.to_json() == before


def test_render_shows_the_compiled_game() -> None:
    env: FarmsteadAECEnv = aec_env("animal_farm", render_mode="ansi", max_plies=4)
    env.reset(seed=4)
    reference = aec_env("animal_farm", render_mode="ansi", compiled=False, max_plies=4)
    reference.reset(seed=4)
    reference._state = env.state
    assert env.render() == reference.render()


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("name", list(PARAMETER_SETS))
def test_single_agent_env_on_compiled_rules_follows_the_reference(name: str, seat: int) -> None:
    """AF-R1 … AF-R24 against random opponents played by the compiled rules: ``validate``
    checks every position, mask and tensor against the reference playing the same actions;
    the reward at the end is the learner's return there."""
    params = {k: v for k, v in PARAMETER_SETS[name].items() if k != "first_player"}
    env = single_agent_env("animal_farm", seat=seat, validate=True, **params)
    assert isinstance(env._compiled, AnimalFarmOne)
    rng = random.Random(seat)
    _, info = env.reset(seed=seat)
    games = steps = 0
    while games < (1 if params["max_plies"] > 20 else 6):
        legal = np.flatnonzero(info["action_mask"])
        assert legal.size and np.array_equal(env.action_masks(), info["action_mask"] > 0)
        _, reward, done, _, info = env.step(int(legal[rng.randrange(legal.size)]))
        steps += 1
        if done:
            assert reward == env.state.returns()[seat]
            games += 1
            _, info = env.reset()
        else:
            assert reward == 0.0
    assert steps > 100


def test_single_agent_validate_catches_a_difference() -> None:
    env = single_agent_env("animal_farm", validate=True, max_plies=6)
    env.reset(seed=2)
    one: Any = env._compiled
    one._mask[:] = 0  # the learner's legal actions vanish
    with pytest.raises(AssertionError, match="mask"):
        env._obs_info()


def test_single_agent_illegal_actions_lose_or_raise_and_change_nothing() -> None:
    env = single_agent_env("animal_farm", max_plies=6)
    _, info = env.reset(seed=1)
    before = env.state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and info["illegal_action"] and reward == env.game.info.min_utility
    assert env.state.to_json() == before
    strict = single_agent_env("animal_farm", illegal_action="raise", max_plies=6)
    _, info = strict.reset(seed=1)
    before = strict.state.to_json()
    for action in (illegal, -3, 10**30):
        with pytest.raises(IllegalActionError):
            strict.step(action)
        assert strict.state.to_json() == before


def test_compiled_rules_play_only_random_opponents() -> None:
    assert single_agent_env("animal_farm", opponents=["heuristic"])._compiled is None
    assert single_agent_env("animal_farm", compiled=False)._compiled is None
    with pytest.raises(InvalidParamError, match="random"):
        single_agent_env("animal_farm", opponents=["heuristic"], compiled=True)


def test_one_game_drives_an_engine_of_one_game_only() -> None:
    with pytest.raises(ValueError, match="one game"):
        AnimalFarmOne(AnimalFarmBatch(load_game("animal_farm"), 2))


def test_compiled_functions_shared_by_two_games_call_each_game_its_own_code() -> None:
    """``core.compiled.log_of`` is compiled once per game's holder type: each game's entry
    point is its own (the log of a Rancho game read after a Fences holder was built)."""
    fences = FencesOne(load_game("fences", 2))
    rancho = RanchoOne(load_game("rancho", 2, max_rounds=2))
    for one in (fences, rancho):
        seat = one.reset(1)
        one.step(int(np.flatnonzero(one.mask())[0]))
        assert seat >= 0 and one.to_state().to_json() == one.to_state().to_json()
        assert len(one._log(0)) >= 2


def test_numba_caches_of_compiled_rules_are_dropped_when_their_sources_change(
    tmp_path: Path,
) -> None:
    """``drop_stale_caches``: the cache files of the modules of a pattern go when one of them
    changed since they were written, and stay while none did; other modules' stay."""
    (tmp_path / "compiled_rules.py").write_text("A = 1\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()

    def cached(name: str) -> Path:
        path = cache / name
        path.write_text("code")
        return path

    rules, other = cached("compiled_rules.apply-12.py311.nbi"), cached("tensor.write-3.py311.nbi")
    drop_stale_caches(tmp_path, "compiled*.py")  # no hash kept yet: the cache cannot be trusted
    assert not rules.exists() and other.exists()
    rules = cached("compiled_rules.apply-12.py311.nbc")
    drop_stale_caches(tmp_path, "compiled*.py")
    assert rules.exists()
    (tmp_path / "compiled_rules.py").write_text("A = 2\n")
    drop_stale_caches(tmp_path, "compiled*.py")
    assert not rules.exists() and other.exists()
