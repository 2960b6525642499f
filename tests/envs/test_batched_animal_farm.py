"""The batched Animal Farm engine (``AnimalFarmBatch``) against the reference rules
(``AnimalFarmRules``, rules/animal_farm.md), step by step, and the batched Gymnasium
``VectorEnv`` built on it (``farmstead.envs.batched``).

Differential games: the test draws each game's seed, starts it in both engines (the reference's
coin toss, AF-R1, set to the batched engine's draw, which is itself checked), then chooses every
action from the batched engine's legal mask and applies it to both; random opponent turns
(``play_random``) are recorded by the engine's trace and replayed in the reference. After every
step, for every game: the full position (``to_state(i).to_json()``), the legal actions, both
seats' observation tensors (bit for bit), the player to move and the returns must agree.

Sizes: each configuration plays its CI number of games (a few minutes in all on 2 cores);
``FARMSTEAD_BATCHED_GAMES=n`` plays ``n`` per configuration instead; the ``slow`` test
(``FARMSTEAD_FULL=1``) plays more than 10,000 games in all.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.spaces import Box, MultiDiscrete
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.utils.passive_env_checker import check_obs
from gymnasium.vector import AutoresetMode

from farmstead.core.batched import BatchedEngine
from farmstead.core.errors import IllegalActionError, InvalidParamError, UnknownGameError
from farmstead.core.registry import load_game, registration
from farmstead.envs import BatchedVectorEnv, batched_env
from farmstead.games.animal_farm.actions import (
    END_TURN,
    PICK_UP_F1,
    PICK_UP_F2,
    SELECT_BASE,
    STEP_N,
    STEP_W,
    STOP,
)
from farmstead.games.animal_farm.batched import AnimalFarmBatch
from farmstead.games.animal_farm.layout import ACTIVE, DIRECTION_DELTAS, DISPLACE, IDLE, PIG

FULL = os.environ.get("FARMSTEAD_FULL") == "1"
GAMES_OVERRIDE = int(os.environ.get("FARMSTEAD_BATCHED_GAMES", "0"))
BATCH = 256  # games per engine in the differential runs


@dataclass(frozen=True)
class Config:
    """A parameter set with its CI and FARMSTEAD_FULL game counts and the test's policy."""

    params: dict[str, Any]
    ci_games: int
    full_games: int
    policy: str = "uniform"  # "uniform" or "raid" (goal-directed, so that games are won)
    rulings: tuple[str, ...] = field(default=())


CONFIGS = {
    # All defaults: coin toss, manual setup, 200 plies (games of ~3,500 actions).
    "defaults": Config({}, 12, 120, rulings=("AF-R1", "AF-R2", "AF-R3", "AF-R24")),
    "manual_short": Config({"max_plies": 6}, 1200, 3000, rulings=("AF-R1", "AF-R2", "AF-R3")),
    "first_player_1": Config(
        {"first_player": "1", "max_plies": 5}, 1000, 2000, rulings=("AF-R1", "AF-R24")
    ),
    "default_setup_no_progress": Config(
        {"setup_mode": "default", "first_player": "0", "max_plies": 12, "no_progress_plies": 3},
        1000,
        2000,
        rulings=("AF-R4", "AF-R24"),
    ),
    "compact_pools": Config(
        {
            "layout": "compact",
            "setup_mode": "default",
            "pig_points": 25,
            "goat_points": 2,
            "horse_points": 0,
            "max_plies": 8,
        },
        1000,
        1500,
        rulings=("AF-R5", "AF-R8", "AF-R10"),
    ),
    "raid": Config(
        {"layout": "compact", "setup_mode": "default", "max_plies": 30, "no_progress_plies": 12},
        300,
        1500,
        policy="raid",
        rulings=("AF-R11", "AF-R14", "AF-R16", "AF-R19", "AF-R22", "AF-R23"),
    ),
    "raid_standard": Config(
        {"max_plies": 24}, 100, 500, policy="raid", rulings=("AF-R13", "AF-R15", "AF-R23")
    ),
}


def test_every_parameter_is_covered_by_a_configuration() -> None:
    """Every game parameter (AF-R1 … AF-R24 settings, rules/animal_farm.md 6.5) takes a
    non-default value in some differential configuration, so a new parameter cannot be left
    out of the batched engine unnoticed."""
    game = load_game("animal_farm")
    covered = {name for cfg in CONFIGS.values() for name in cfg.params}
    assert {spec.name for spec in game.type.params} == covered


# --- the goal-directed test policy ----------------------------------------------------------
def raid_action(state: Any, legal: list[int], rng: random.Random) -> int:
    """A legal action that brings games to a win (AF-R23) and to fights (AF-R11 … AF-R16):
    pigs head for the enemy's pile, pick it up (AF-R19) and carry it home; 20% at random."""
    if rng.random() < 0.2:
        return rng.choice(legal)
    cfg = state.cfg
    if state.phase == IDLE:
        pigs = [
            a
            for a in legal
            if SELECT_BASE <= a < cfg.actions.target_base and cfg.slot_kind[a - SELECT_BASE] == PIG
        ]
        return rng.choice(pigs) if pigs else END_TURN
    if state.phase != ACTIVE:
        return rng.choice(legal)
    picks = [a for a in legal if a in (PICK_UP_F1, PICK_UP_F2)]
    if picks:
        return picks[-1]
    unit = state.active
    if cfg.unit_kind[unit] != PIG:
        return STOP if STOP in legal else rng.choice(legal)
    x, y = cfg.xy(state.pos[unit])
    if state.carried_pile(unit) >= 0:
        lo, hi = cfg.base_rows[state.mover]
        if lo <= y <= hi:
            return STOP if STOP in legal else rng.choice(legal)
        tx, ty = x, (lo if y < lo else hi)
    else:
        tx, ty = cfg.xy(state.pile_location(1 - state.mover))
    best, distance = None, abs(tx - x) + abs(ty - y)
    for a in legal:
        if STEP_N <= a <= STEP_W:
            dx, dy = DIRECTION_DELTAS[a - STEP_N]
            if abs(tx - x - dx) + abs(ty - y - dy) < distance:
                best, distance = a, abs(tx - x - dx) + abs(ty - y - dy)
    if best is not None:
        return best
    return STOP if STOP in legal else rng.choice(legal)


# --- the differential runner ----------------------------------------------------------------
class Mismatch(AssertionError):
    pass


def _compare(engine: AnimalFarmBatch, refs: list[Any], games: list[int], step: int) -> None:
    """Every field of the listed games against the reference (see the module docstring)."""
    n = engine.num_envs
    mask = engine.legal_mask(np.zeros((n, engine.num_actions), np.int8))
    tensors = [
        engine.write_tensors(seat, np.zeros((n, engine.tensor_size), np.float32)) for seat in (0, 1)
    ]
    spectator = engine.write_tensors(-1, np.zeros((n, engine.tensor_size), np.float32))
    players = engine.current_player()
    returns = engine.returns()
    for i in games:
        ref = refs[i]
        where = f"game {i} after step {step}"
        if engine.to_state(i).to_json() != ref.to_json():
            raise Mismatch(f"{where}: position {engine.to_state(i).to_json()} != {ref.to_json()}")
        if np.flatnonzero(mask[i]).tolist() != ref.legal_actions():
            raise Mismatch(
                f"{where}: legal {np.flatnonzero(mask[i]).tolist()} != {ref.legal_actions()}"
            )
        if players[i] != ref.current_player():
            raise Mismatch(f"{where}: player {players[i]} != {ref.current_player()}")
        if returns[i].tolist() != ref.returns():
            raise Mismatch(f"{where}: returns {returns[i].tolist()} != {ref.returns()}")
        for seat in (0, 1):
            if not np.array_equal(tensors[seat][i], ref.observation_tensor(seat)):
                raise Mismatch(f"{where}: tensor of seat {seat} differs")
        if step % 5 == 0 and not np.array_equal(spectator[i], ref.observation_tensor(None)):
            raise Mismatch(f"{where}: spectator tensor differs")


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    wins: int = 0
    draws: int = 0
    attacks: int = 0
    pickups: int = 0


def _replay(engine: BatchedEngine, refs: list[Any]) -> int:
    """Apply the engine's recorded batches to the references; the number of actions."""
    count = 0
    assert engine.trace is not None
    for idx, actions in engine.trace:
        for i, a in zip(idx.tolist(), actions.tolist(), strict=True):
            refs[i].apply_action(a)
        count += idx.size
    engine.trace = None
    return count


def run_batch(name: str, cfg: Config, n: int, seed: int, tally: Tally) -> None:
    """``n`` games of ``cfg`` in one engine, compared after every step (module docstring)."""
    game = load_game("animal_farm", **cfg.params)
    engine = AnimalFarmBatch(game, n, validate=True)
    seeds = np.random.default_rng(seed).integers(2**63, size=n)
    engine.reset(np.arange(n), seeds)
    refs: list[Any] = []
    for i in range(n):
        ref = game.new_initial_state()
        if ref.is_chance_node():  # AF-R1: the batched toss is a Generator seeded per game
            toss = int(np.random.default_rng(int(seeds[i])).integers(2))
            assert engine.p1_seat[i] == toss, f"{name}: toss of game {i}"
            ref.apply_action(toss)
        refs.append(ref)
    play_and_compare(engine, refs, cfg.policy, seed, tally)


def play_and_compare(
    engine: AnimalFarmBatch, refs: list[Any], policy: str, seed: int, tally: Tally
) -> None:
    """Play every game of ``engine`` to its end in both engines, comparing after every step:
    actions from the batched mask (``policy``), and every ninth step a random opponent turn
    in about half of the games, replayed from the engine's trace."""
    n = engine.num_envs
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    live = list(range(n))
    step = 0
    while live:
        _compare(engine, refs, live, step)
        live = [i for i in live if not refs[i].is_terminal()]
        if not live:
            break
        step += 1
        if step % 9 == 0:
            chosen = [i for i in live if np_rng.random() < 0.5]
            by_seat = {s: [i for i in chosen if refs[i].current_player() == s] for s in (0, 1)}
            engine.trace = []
            for s, idx in by_seat.items():
                engine.play_random(np.array(idx, dtype=np.int64), 1 - s)
            tally.steps += _replay(engine, refs)
            continue
        mask = engine.legal_mask(np.zeros((n, engine.num_actions), bool))
        actions = np.zeros(n, np.int64)
        for i in live:
            legal = np.flatnonzero(mask[i]).tolist()
            a = raid_action(refs[i], legal, rng) if policy == "raid" else rng.choice(legal)
            actions[i] = a
            refs[i].apply_action(a)
            tally.attacks += refs[i].phase == DISPLACE
            tally.pickups += a in (PICK_UP_F1, PICK_UP_F2)
        engine.step(actions, np.isin(np.arange(n), live))
        tally.steps += len(live)
    for ref in refs:
        tally.games += 1
        tally.wins += ref.returns() != [0.0, 0.0]
        tally.draws += ref.returns() == [0.0, 0.0]


def run_config(name: str, games: int, seed: int) -> Tally:
    cfg = CONFIGS[name]
    tally = Tally()
    for start in range(0, games, BATCH):
        run_batch(name, cfg, min(BATCH, games - start), seed + start, tally)
    return tally


@pytest.mark.parametrize("name", list(CONFIGS))
def test_batched_engine_matches_the_reference_rules(name: str) -> None:
    """AF-R1 … AF-R25 (each configuration lists the rulings it stresses): every position,
    legal action set, tensor, player to move and return of the batched engine equals the
    reference's, after every step of every game."""
    cfg = CONFIGS[name]
    tally = run_config(name, GAMES_OVERRIDE or cfg.ci_games, seed=11)
    assert tally.games == (GAMES_OVERRIDE or cfg.ci_games)
    if cfg.policy == "raid":  # the raid policy reaches the rules it is there for
        assert tally.wins > 0 and tally.attacks > 0 and tally.pickups > 0, tally
    if "no_progress_plies" in cfg.params or "max_plies" in cfg.params:
        assert tally.draws > 0, tally  # AF-R24


@pytest.mark.slow
@pytest.mark.skipif(
    not FULL, reason="more than 10,000 differential games run with FARMSTEAD_FULL=1"
)
def test_batched_engine_matches_the_reference_rules_in_10000_games() -> None:
    """AF-R1 … AF-R25 over more than 10,000 games (every configuration's full count)."""
    total = 0
    for k, (name, cfg) in enumerate(CONFIGS.items()):
        total += run_config(name, cfg.full_games, seed=1000 * (k + 1)).games
    assert total >= 10_000


# --- the engine's own contract --------------------------------------------------------------
def test_coin_toss_is_drawn_per_game_from_its_seed() -> None:
    """AF-R1: without ``first_player`` each game tosses with its own seeded Generator, and
    both seats become Player 1; with it, the named seat is Player 1 in every game."""
    game = load_game("animal_farm")
    engine = AnimalFarmBatch(game, 2000)
    seeds = np.arange(2000) * 7 + 3
    engine.reset(np.arange(2000), seeds)
    expected = [int(np.random.default_rng(int(s)).integers(2)) for s in seeds]
    assert engine.p1_seat.tolist() == expected
    assert 900 < sum(expected) < 1100
    fixed = AnimalFarmBatch(load_game("animal_farm", first_player="1"), 50)
    fixed.reset(np.arange(50), np.arange(50))
    assert set(fixed.p1_seat.tolist()) == {1}
    assert (fixed.current_player() == 1).all()  # Player 1 sets up first (AF-R2)


def test_validate_names_the_game_with_an_illegal_action() -> None:
    """AF-R3: a setup square outside the start squares is illegal; with ``validate`` the step
    raises naming the game and changes no game."""
    game = load_game("animal_farm", first_player="0")
    engine = AnimalFarmBatch(game, 4, validate=True)
    engine.reset(np.arange(4), np.arange(4))
    before = [engine.to_state(i).to_json() for i in range(4)]
    mask = engine.legal_mask(np.zeros((4, engine.num_actions), bool))
    actions = np.array([np.flatnonzero(mask[i])[0] for i in range(4)])
    actions[2] = np.flatnonzero(~mask[2])[-1]  # a square in Player 2's base
    with pytest.raises(IllegalActionError, match="game 2"):
        engine.step(actions)
    assert [engine.to_state(i).to_json() for i in range(4)] == before


def test_engine_refuses_another_game() -> None:
    """The Animal Farm engine plays Animal Farm only (rules/animal_farm.md section 1)."""
    with pytest.raises(InvalidParamError, match="Animal Farm"):
        AnimalFarmBatch(load_game("fences"), 4)


def test_random_play_is_uniform_over_the_legal_actions() -> None:
    """AF-R6: an Idle random player picks END_TURN or any unactivated unit uniformly, and the
    selected unit's first Active decision (AF-R7 … AF-R10) uniformly among its legal actions:
    chi-square over 8,000 identical positions (default setup, AF-R4)."""
    game = load_game("animal_farm", setup_mode="default", first_player="0")
    n = 8000
    engine = AnimalFarmBatch(game, n)
    engine.reset(np.arange(n), np.arange(n) + 17)
    engine.trace = []
    engine.play_random(np.arange(n), 1)
    moves: list[list[int]] = [[] for _ in range(n)]
    for games, actions in engine.trace:
        for g, a in zip(games.tolist(), actions.tolist(), strict=True):
            moves[g].append(a)
    first = np.array([m[0] for m in moves])
    idle_choices = [END_TURN] + [SELECT_BASE + s for s in range(7)]
    assert _chi_square(first, idle_choices) < 35
    for slot in range(7):
        second = np.array([m[1] for m in moves if m[0] == SELECT_BASE + slot])
        ref = game.new_initial_state()
        ref.apply_action(SELECT_BASE + slot)
        legal = ref.legal_actions()
        assert second.size > 500 and set(second.tolist()) <= set(legal)
        if len(legal) > 1:
            assert _chi_square(second, legal) < 30 + 4 * len(legal)


def _chi_square(samples: np.ndarray, categories: list[int]) -> float:
    counts = np.array([np.count_nonzero(samples == c) for c in categories])
    assert counts.sum() == samples.size, "a sample outside the categories"
    expected = samples.size / len(categories)
    return float(((counts - expected) ** 2 / expected).sum())


def test_registration_publishes_the_engine() -> None:
    """The engine is found through the registry, and the environments never import a game."""
    assert registration("animal_farm").batched is AnimalFarmBatch
    assert issubclass(AnimalFarmBatch, BatchedEngine)
    import farmstead.envs.batched as module

    with open(module.__file__, encoding="utf-8") as source:
        assert "farmstead.games" not in source.read()


# --- the vector environment -----------------------------------------------------------------
def _masked(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row (0 where nothing is legal)."""
    actions = np.zeros(mask.shape[0], np.int64)
    for i in range(mask.shape[0]):
        legal = np.flatnonzero(mask[i])
        if legal.size:
            actions[i] = rng.choice(legal)
    return actions


def test_vector_env_follows_the_gymnasium_contract() -> None:
    """AF-R25 (everything is observed): batched spaces, NEXT_STEP autoreset metadata, masks
    as bool ``(N, A)`` arrays, observations inside the space at every step, and Gymnasium's
    own vector benchmark (unmasked random actions: illegal ones lose, then autoreset)."""
    env = batched_env("animal_farm", 6, seed=3, max_plies=3, setup_mode="default")
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    size = load_game("animal_farm").info.observation_shape[0]
    actions = load_game("animal_farm").info.num_distinct_actions
    assert isinstance(env.observation_space, Box) and env.observation_space.shape == (6, size)
    assert isinstance(env.action_space, MultiDiscrete)
    assert env.action_space.nvec.tolist() == [actions] * 6
    obs, infos = env.reset(seed=3)
    check_obs(obs, env.observation_space, "reset")
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150):
        mask = infos["action_mask"]
        assert mask.dtype == np.bool_ and mask.shape == (6, actions)
        assert np.array_equal(env.action_masks(), mask)
        obs, rewards, terminations, truncations, infos = env.step(_masked(mask, rng))
        check_obs(obs, env.observation_space, "step")
        assert rewards.shape == terminations.shape == truncations.shape == (6,)
        assert not truncations.any()
        assert not infos["action_mask"][terminations].any()
        ended += int(terminations.sum())
    assert ended > 0
    from gymnasium.utils.performance import benchmark_vector_step

    assert benchmark_vector_step(env, target_duration=0, seed=1) > 0


def _mirror_reset(refs: list[Any], engine: Any, games: Any) -> None:
    for i in games:
        ref = engine.game.new_initial_state()
        if ref.is_chance_node():
            ref.apply_action(int(engine.p1_seat[i]))  # AF-R1 (checked in the engine's test)
        refs[i] = ref


@pytest.mark.parametrize("seat", [0, 1])
def test_env_rewards_and_observations_follow_the_reference(seat: int) -> None:
    """AF-R23, AF-R24: the env's rewards are the reference returns of the learner's seat when
    its game ends (0 before); its observations, masks and positions (random opponents
    replayed from the engine's trace) are the reference's at every step, across autoresets."""
    env = batched_env(
        "animal_farm", 12, seat=seat, seed=7, layout="compact", setup_mode="default", max_plies=4
    )
    engine = env.engine
    engine.trace = []
    obs, infos = env.reset(seed=7)
    refs: list[Any] = [None] * 12
    _mirror_reset(refs, engine, range(12))
    _replay(engine, refs)
    rng = np.random.default_rng(1)
    pending = np.zeros(12, bool)
    finished = 0
    for _ in range(120):
        for i in range(12):
            ref = refs[i]
            assert engine.to_state(i).to_json() == ref.to_json()
            assert np.array_equal(obs[i], ref.observation_tensor(seat))
            legal = [] if pending[i] else ref.legal_actions()
            assert np.flatnonzero(infos["action_mask"][i]).tolist() == legal
            assert ref.is_terminal() or ref.current_player() == seat
        actions = _masked(infos["action_mask"], rng)
        engine.trace = []
        obs, rewards, terminations, _, infos = env.step(actions)
        # New games where episodes ended, then the recorded actions: the learner's (which
        # restarted games have none of), then the random opponents'.
        _mirror_reset(refs, engine, np.flatnonzero(pending))
        _replay(engine, refs)
        for i in range(12):
            if terminations[i]:
                assert refs[i].is_terminal()
                assert rewards[i] == refs[i].returns()[seat]
                finished += 1
            else:
                assert rewards[i] == 0.0 and not refs[i].is_terminal()
        pending = terminations.copy()
    assert finished >= 12


def test_autoreset_starts_a_new_game_on_the_next_step() -> None:
    """AF-R24 ends the games (max_plies 1 and 2); the step after an episode ends ignores the
    action given for it (even an illegal one with ``illegal_action="raise"``), starts a new
    game there and returns its first observation with reward 0 and no termination."""
    env = batched_env(
        "animal_farm", 4, seed=2, illegal_action="raise", setup_mode="default", max_plies=2
    )
    obs, infos = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(400):
        obs, rewards, terminations, _, infos = env.step(_masked(infos["action_mask"], rng))
        if terminations.any():
            break
    assert terminations.any()
    done = np.flatnonzero(terminations)
    assert not infos["action_mask"][done].any()
    actions = _masked(infos["action_mask"], rng)
    actions[done] = 10**6  # ignored: these envs restart
    obs, rewards, terminations, _, infos = env.step(actions)
    assert not terminations[done].any() and (rewards[done] == 0.0).all()
    assert not infos["illegal_action"].any()
    for i in done:
        state: Any = env.engine.to_state(int(i))
        assert state.ply == 0 or state.current_player() == env.seat
        assert np.array_equal(obs[i], state.observation_tensor(env.seat))
        assert infos["action_mask"][i].any()


def test_games_over_before_the_learner_decides_end_on_the_next_step() -> None:
    """AF-R24 with max_plies 1 and the learner as Player 2: the opponent's only turn draws
    the game at reset; the env shows an empty mask, then ends it with its result (0), not as
    an illegal action."""
    env = batched_env(
        "animal_farm", 3, seat=1, seed=4, first_player="0", setup_mode="default", max_plies=1
    )
    obs, infos = env.reset()
    assert not infos["action_mask"].any()
    obs, rewards, terminations, _, infos = env.step(np.zeros(3, np.int64))
    assert terminations.all() and (rewards == 0.0).all() and not infos["illegal_action"].any()


def test_seeds_reproduce_and_games_do_not_depend_on_each_other() -> None:
    """AF-R1 and the random opponents draw from per-game streams: the same seed and actions
    give the same episode; a game's course does not depend on the number of envs; another
    seed gives other games."""

    def play(n: int, seed: int, steps: int = 60) -> list[Any]:
        env = batched_env("animal_farm", n, seed=seed, max_plies=3)
        obs, infos = env.reset()
        mine, others = np.random.default_rng(5), np.random.default_rng(6)
        out: list[Any] = [obs[:3].copy()]
        for _ in range(steps):
            mask = infos["action_mask"]
            actions = np.concatenate((_masked(mask[:3], mine), _masked(mask[3:], others)))
            obs, rewards, terminations, _, infos = env.step(actions)
            out.append((obs[:3].copy(), rewards[:3].copy(), terminations[:3].copy()))
        return out

    first = play(3, seed=21)
    assert data_equivalence(first, play(3, seed=21), exact=True)
    assert data_equivalence(first, play(7, seed=21), exact=True)
    assert not data_equivalence(first, play(3, seed=22), exact=True)


def test_illegal_actions_lose_or_raise() -> None:
    """An action outside the mask (here a STOP or SELECT that the phase forbids, AF-R6, or an
    id out of range) is not applied: "lose" ends that game with the minimum utility and flags
    it, "raise" raises naming the env and changes nothing."""
    env = batched_env("animal_farm", 4, seed=9, setup_mode="default")
    obs, infos = env.reset()
    mask = infos["action_mask"]
    actions = _masked(mask, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(~mask[1])[0])
    actions[3] = -7
    obs, rewards, terminations, _, infos = env.step(actions)
    assert terminations.tolist() == [False, True, False, True]
    assert rewards[[1, 3]].tolist() == [-1.0, -1.0]
    assert infos["illegal_action"].tolist() == [False, True, False, True]
    assert not infos["action_mask"][[1, 3]].any()

    strict = batched_env("animal_farm", 4, seed=9, setup_mode="default", illegal_action="raise")
    obs, infos = strict.reset()
    before = [strict.engine.to_state(i).to_json() for i in range(4)]
    actions = _masked(infos["action_mask"], np.random.default_rng(0))
    actions[2] = strict.engine.num_actions + 3
    with pytest.raises(IllegalActionError, match="env 2"):
        strict.step(actions)
    assert [strict.engine.to_state(i).to_json() for i in range(4)] == before


def test_errors_name_the_supported_choices() -> None:
    """Unknown games, games without a batched engine, other opponents and bad seats fail with
    errors that name what is supported."""
    with pytest.raises(UnknownGameError):
        batched_env("no_such_game", 2)
    with pytest.raises(InvalidParamError, match="animal_farm"):
        batched_env("fences", 2)
    with pytest.raises(InvalidParamError, match="'random'"):
        batched_env("animal_farm", 2, opponents="heuristic")
    with pytest.raises(InvalidParamError, match="'random'"):
        batched_env("animal_farm", 2, opponents=["mcts"])
    with pytest.raises(InvalidParamError, match="opponent"):
        batched_env("animal_farm", 2, opponents=["random", "random"])
    with pytest.raises(InvalidParamError, match="seat"):
        batched_env("animal_farm", 2, seat=2)
    with pytest.raises(InvalidParamError, match="illegal_action"):
        BatchedVectorEnv("animal_farm", 2, illegal_action="ignore")
    with pytest.raises(InvalidParamError):
        batched_env("animal_farm", 0)


# Rule test vectors (tests/games/animal_farm, built by ``af_helpers.build``): rare situations
# that random games seldom reach, each played on in many random ways in both engines.
PIG1, PIG2, PIG3, GOAT1, GOAT2, GOAT3, HORSE = range(7)
CORRIDOR = {PIG1: (0, 0), GOAT1: (0, 1), GOAT2: (0, 2), GOAT3: (0, 3), PIG2: (1, 1), PIG3: (1, 2)}
LOW_PIGS = {"pools": {"pig": 3, "goat": 8, "horse": 8}, "activated": ["P1-pig-2"]}
VECTORS: dict[str, dict[str, Any]] = {
    "AF-R10 a chain of friends, few points": {"p1": CORRIDOR, **LOW_PIGS},
    "AF-R10 a chain of friends": {"p1": CORRIDOR},
    "AF-R10 an attack as the way out": {
        "p1": {k: v for k, v in CORRIDOR.items() if k != GOAT3},
        "p2": {PIG1: (0, 3)},
        **LOW_PIGS,
    },
    "AF-R15 a horse hits a carrying pig": {
        "p1": {HORSE: (4, 5)},
        "p2": {PIG1: (4, 6)},
        "f1": "P2-pig-1",
    },
    "AF-R15 a goat hits a carrying pig": {
        "p1": {GOAT1: (2, 2)},
        "p2": {PIG1: (2, 3)},
        "f1": "P2-pig-1",
    },
    "AF-R16 a pig takes the pile": {"p1": {PIG1: (6, 4)}, "p2": {PIG1: (6, 5)}, "f1": "P2-pig-1"},
    "AF-R16 a carrying pig hits a carrying pig": {
        "p1": {PIG1: (4, 7)},
        "p2": {PIG1: (4, 8)},
        "f1": "P2-pig-1",
        "f2": "P1-pig-1",
    },
    "AF-R19 two piles on one square": {"p1": {PIG1: (4, 4)}, "f1": (4, 5), "f2": (4, 5)},
    "AF-R23 the win in reach": {"p1": {PIG1: (4, 4)}, "f1": (4, 0), "f2": "P1-pig-1"},
    "AF-R23 a win for the other side": {
        "p1": {GOAT1: (4, 1)},
        "p2": {PIG1: (4, 2)},
        "f1": "P2-pig-1",
        "f2": (3, 1),
    },
    "AF-R23 Player 2 moves": {
        "mover": "P2",
        "p1": {PIG1: (4, 9)},
        "p2": {GOAT1: (4, 10)},
        "f2": "P1-pig-1",
    },
}


@pytest.mark.parametrize("name", list(VECTORS))
def test_batched_engine_matches_the_reference_from_rule_test_vectors(name: str) -> None:
    """The ruling in the name (AF-R10, AF-R15, AF-R16, AF-R19, AF-R23), from its test
    vector: 64 random continuations (to the end, max_plies 6) agree in both engines after
    every step; the position is loaded with ``load_state`` and read back with ``to_state``."""
    from af_helpers import build

    game: Any = load_game("animal_farm", first_player="0", max_plies=6)
    start = build(game, **VECTORS[name])
    engine = AnimalFarmBatch(game, 64, validate=True)
    engine.reset(np.arange(64), np.arange(64))
    refs = []
    for i in range(64):
        engine.load_state(i, start)
        refs.append(start.clone())
    assert engine.to_state(5).to_json() == start.to_json()
    tally = Tally()
    play_and_compare(engine, refs, "uniform", 3, tally)
    assert tally.games == 64 and tally.steps > 64


def test_can_finish_flood_fill_matches_the_reference_search() -> None:
    """AF-R10 directly: for every unit, every friend's square and 0 … 12 points, over rule
    test vectors and random positions, the batched flood fill (all rows in one call, points
    mixed) answers as ``AnimalFarmRules.can_finish``."""
    from af_helpers import build

    game: Any = load_game("animal_farm", first_player="0")
    positions = [build(game, **vector) for vector in VECTORS.values()]
    rng = random.Random(4)
    for _ in range(30):
        state = build(game)
        for _ in range(rng.randrange(60)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        positions.append(state)
    engine = AnimalFarmBatch(game, len(positions))
    rows: list[tuple[int, int, int, int]] = []
    for i, state in enumerate(positions):
        engine.load_state(i, state)
        cfg = state.cfg
        for u in range(cfg.num_units):
            for cell, occupant in enumerate(state.board):
                if occupant >= 0 and cfg.unit_owner[occupant] == cfg.unit_owner[u]:
                    rows.extend((i, u, cell, points) for points in range(13))
    g, unit, start, points = (np.array(column) for column in zip(*rows, strict=True))
    got = engine.can_finish(g, unit, start, points)
    expected = [positions[i].can_finish(u, c, p) for i, u, c, p in rows]
    assert len(rows) > 10_000 and 0 < sum(expected) < len(rows)
    assert got.tolist() == expected
