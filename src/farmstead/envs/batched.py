"""A Gymnasium ``VectorEnv`` of ``N`` games on a game's batched NumPy engine: the single-agent
setting of ``envs.single`` (one learned seat, random opponents, chance inside), ``N`` at once.

``batched_env("animal_farm", 1024)`` plays the learner at ``seat`` in every game; the other
seats play uniformly random legal actions, each game drawing them from its own seeded stream,
so a game's course depends only on its seed and the learner's actions in it (not on ``N`` nor
on the other games). Observations are the learner's ``observation_tensor`` rows (a batched
``Box``), actions a ``MultiDiscrete`` of ``num_distinct_actions`` per game; the legal actions
come as ``infos["action_mask"]`` (bool ``(N, A)``) and from ``action_masks()``. The reward is
the learner's return when its game ends, 0 before.

Autoreset follows Gymnasium 1.x's ``AutoresetMode.NEXT_STEP`` (``metadata["autoreset_mode"]``),
as ``SyncVectorEnv`` does by default: the step after a game ended ignores that game's action,
starts a new game there and returns its first observation with reward 0 and no termination.
A finished game's mask is all zero. Episodes are never truncated: every game ends by its rules.
A game that ends before the learner's first decision (the opponents' first turn reaches a
limit) shows an all-zero mask and ends on the next step with its result, whatever the action.

An illegal action (outside the mask) is not applied: with ``illegal_action="lose"`` that game
ends at once with the game's minimum utility and ``infos["illegal_action"]`` set for it; with
``"raise"`` the step raises ``IllegalActionError`` naming the game, before any game changes.

The arrays returned are preallocated and reused by the next call: read them, copy what you
keep, never write into them (the next observations are written as changes to the last ones);
``copy=True`` returns fresh copies instead (``vector_env`` copies by default, as
``SyncVectorEnv`` does; here copying would cost as much as a step). Only the opponent
``"random"`` is supported; a game without a batched engine (``GameRegistration.batched``)
cannot be batched. This module never imports a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from farmstead.core.batched import BatchedEngine, IntArray, mix64
from farmstead.core.errors import IllegalActionError, InvalidParamError
from farmstead.core.registry import game_names, load_game, registration
from farmstead.core.tensor import HIGH, LOW

ILLEGAL_ACTION_MODES = ("lose", "raise")
OPPONENTS = ("random",)

_NEXT_GAME = np.uint64(0x5851F42D4C957F2D)  # salt: a game's seed -> the next game's there
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def game_seeds(seed: int, index: IntArray) -> np.ndarray:
    """The seeds of games ``index`` of a reset with ``seed``: game ``i``'s does not depend on
    the number of games."""
    base = mix64(np.array([seed % 2**64], dtype=np.uint64))
    return mix64(base + index.astype(np.uint64) * _GOLDEN)


def _opponent_specs(opponents: str | Sequence[str], count: int) -> None:
    specs = [opponents] * count if isinstance(opponents, str) else list(opponents)
    if len(specs) != count:
        raise InvalidParamError(f"{count + 1} seats need {count} opponent(s), got {len(specs)}")
    for spec in specs:
        if spec not in OPPONENTS:
            raise InvalidParamError(
                f"the batched environment supports only the opponent(s) "
                f"{', '.join(map(repr, OPPONENTS))}; got {spec!r}"
            )


def engine_class(game_name: str) -> type[BatchedEngine]:
    """The batched engine of ``game_name``; ``UnknownGameError`` for an unknown game,
    ``InvalidParamError`` naming the games that have one when it has none."""
    engine = registration(game_name).batched
    if engine is None:
        have = [n for n in game_names() if registration(n).batched is not None]
        raise InvalidParamError(
            f"game {game_name!r} has no batched engine; games with one: {', '.join(have) or 'none'}"
        )
    return engine


class BatchedVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of ``game_name`` for the learner at ``seat`` (see the module)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        game_name: str,
        num_envs: int,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        players: int | None = None,
        seed: int | None = None,
        illegal_action: str = "lose",
        copy: bool = False,
        **params: Any,
    ) -> None:
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise InvalidParamError(
                f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_MODES)}, got "
                f"{illegal_action!r}"
            )
        cls = engine_class(game_name)
        self.game = load_game(game_name, players, **params)
        n_players = self.game.num_players
        _opponent_specs(opponents, n_players - 1)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n_players:
            raise InvalidParamError(f"seat must be 0..{n_players - 1}, got {seat!r}")
        self.engine = cls(self.game, num_envs)
        self.num_envs = n = self.engine.num_envs
        self.seat = seat
        self.illegal_action = illegal_action
        self.copy = copy
        info = self.game.info
        self._min_utility = float(info.min_utility)
        self.single_observation_space = spaces.Box(LOW, HIGH, info.observation_shape, np.float32)
        self.single_action_space = spaces.Discrete(info.num_distinct_actions)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.metadata = dict(self.metadata)
        self._obs = np.zeros((n, *info.observation_shape), np.float32)
        self._mask = np.zeros((n, info.num_distinct_actions), bool)
        self._rewards = np.zeros(n, np.float64)
        self._terminations = np.zeros(n, bool)
        self._truncations = np.zeros(n, bool)
        self._illegal = np.zeros(n, bool)
        self._autoreset = np.zeros(n, bool)
        self._everyone = np.ones(n, bool)
        self._seeds = np.zeros(n, np.uint64)
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(seed)
        self._started = False

    # --- games ---------------------------------------------------------------------------
    def _start(self, index: IntArray, seeds: np.ndarray) -> None:
        """New games at ``index`` with their seeds (chance and the opponents' stream)."""
        self._seeds[index] = seeds
        self.engine.reset(index, seeds)

    def _play_others(self, index: IntArray) -> None:
        """Random opponents move in the games of ``index`` until the learner must decide or
        the game ends (the engine's ``play_random``, each game from its own stream)."""
        self.engine.play_random(index, self.seat)

    def _observe(self) -> None:
        """The learner's masks (zero for a finished game) and tensors, into the buffers."""
        self.engine.legal_mask(self._mask)
        self._mask[self._terminations] = False
        self.engine.write_tensors(self.seat, self._obs, reuse=True)

    def _infos(self) -> dict[str, Any]:
        return {
            "action_mask": self._mask,
            "_action_mask": self._everyone,
            "illegal_action": self._illegal,
            "_illegal_action": self._illegal,
        }

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    # --- the Gymnasium API ---------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """New games in every env, or in those of ``options["reset_mask"]`` (bool ``(N,)``)."""
        super().reset(seed=seed)
        index = self.engine.all_games
        if options and options.get("reset_mask") is not None:
            reset_mask = np.asarray(options["reset_mask"], dtype=bool)
            if reset_mask.shape != (self.num_envs,):
                raise ValueError(f"reset_mask must have shape ({self.num_envs},)")
            index = np.flatnonzero(reset_mask)
        base = int(self.np_random.integers(2**63))
        self._start(index, game_seeds(base, index))
        self._play_others(index)
        for flags in (self._autoreset, self._terminations, self._truncations, self._illegal):
            flags[index] = False
        self._rewards[index] = 0.0
        self._terminations[:] = self._autoreset  # envs not reset keep a pending autoreset
        self._started = True
        self._observe()
        return self._out(self._obs), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        acts = np.asarray(actions).astype(np.int64, copy=False).reshape(-1)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"{acts.size} actions for {self.num_envs} envs")
        engine = self.engine
        restart = self._autoreset
        over = engine.is_terminal()  # over before the learner decided: ends with its result
        playing = ~restart & ~over
        inside = (acts >= 0) & (acts < engine.num_actions)
        legal = self._mask[engine.all_games, np.where(inside, acts, 0)] & inside
        bad = playing & ~legal
        if bad.any() and self.illegal_action == "raise":
            i = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(
                f"env {i}: action {int(acts[i])} is not legal now; use action_masks() or "
                "infos['action_mask']"
            )
        move = np.flatnonzero(playing & legal)
        engine.step_at(move, acts[move])
        again = np.flatnonzero(restart)
        if again.size:
            self._start(again, mix64(self._seeds[again] ^ _NEXT_GAME))
        self._play_others(np.flatnonzero(playing | restart))
        self._rewards[:] = 0.0
        self._illegal[:] = bad
        finished = np.flatnonzero((playing | (over & ~restart)) & engine.is_terminal())
        self._rewards[finished] = engine.returns(finished)[:, self.seat]
        self._rewards[bad] = self._min_utility
        self._terminations[:] = False
        self._terminations[finished] = True
        self._terminations |= bad
        self._autoreset = self._terminations.copy()
        self._observe()
        return (
            self._out(self._obs),
            self._out(self._rewards),
            self._out(self._terminations),
            self._out(self._truncations),
            self._infos(),
        )

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, bool ``(N, A)`` (MaskablePPO's convention)."""
        return self._out(self._mask)

    def render(self) -> None:
        return None


def batched_env(
    game_name: str,
    num_envs: int,
    opponents: str | Sequence[str] = "random",
    seat: int = 0,
    players: int | None = None,
    seed: int | None = None,
    **params: Any,
) -> BatchedVectorEnv:
    """A ``BatchedVectorEnv`` of ``num_envs`` games of ``game_name`` for the learner at
    ``seat`` against random opponents, seeded by ``seed`` (else at random) on its first
    reset; ``params`` are the game's parameters, plus ``illegal_action`` and ``copy``."""
    return BatchedVectorEnv(game_name, num_envs, opponents, seat, players, seed, **params)
