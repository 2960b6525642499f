"""Many single-agent environments of one game behind Gymnasium's ``VectorEnv``, stepped in one
loop (``vector_env``) or by worker processes that share their batches with the learner through
shared memory (``vector_env(..., workers=W)``).

Each copy is a ``FarmsteadSingleAgentEnv`` whose observation and mask live in a row of the
batch arrays, kept up to date in place (``TensorWriter``, ``MaskWriter``): a step writes no new
arrays and merges no per-copy info dicts. Workers exchange one short message per batch step
(not one per copy): the learner writes the actions into shared memory and tells each worker to
step its slice of the copies; each writes observations, masks, rewards and flags back.

Semantics follow ``gymnasium.vector.SyncVectorEnv``: copy ``i`` is reset with ``seed + i``;
a finished copy is reset by the next ``step`` (``AutoresetMode.NEXT_STEP``; that step's action
for it is ignored, its reward is 0); ``infos["action_mask"]`` is the (N, actions) int8 mask,
and ``infos["illegal_action"]`` (bool per copy) marks copies whose action was outside the mask
(``illegal_action="lose"``). ``copy=True`` (the default) returns new arrays each call.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from farmstead.core.errors import InvalidParamError
from farmstead.envs.single import FarmsteadSingleAgentEnv


class Batch:
    """The arrays of a vector environment: observations, masks, rewards, flags and actions,
    over the given buffers (shared memory) or new ones."""

    def __init__(self, count: int, size: int, actions: int, buffers: Sequence[Any] = ()) -> None:
        shapes = [
            ((count, size), np.float32),
            ((count, actions), np.int8),
            ((count,), np.float64),
            ((count,), np.bool_),
            ((count,), np.bool_),
            ((count,), np.int64),
        ]
        arrays: list[np.ndarray] = []
        for index, (shape, dtype) in enumerate(shapes):
            if buffers:
                arrays.append(np.frombuffer(buffers[index], dtype=dtype).reshape(shape))
            else:
                arrays.append(np.zeros(shape, dtype=dtype))
        self.obs, self.masks, self.rewards, self.terminated, self.illegal, self.actions = arrays

    def rows(self, lo: int, hi: int) -> Batch:
        """The same memory, rows ``lo … hi - 1`` only."""
        part = object.__new__(Batch)
        part.obs, part.masks = self.obs[lo:hi], self.masks[lo:hi]
        part.rewards, part.terminated = self.rewards[lo:hi], self.terminated[lo:hi]
        part.illegal, part.actions = self.illegal[lo:hi], self.actions[lo:hi]
        return part

    @staticmethod
    def shared(count: int, size: int, actions: int, context: Any) -> list[Any]:
        """Shared-memory buffers for a ``Batch`` of ``count`` copies."""
        return [
            context.RawArray("f", count * size),
            context.RawArray("b", count * actions),
            context.RawArray("d", count),
            context.RawArray("b", count),
            context.RawArray("b", count),
            context.RawArray("q", count),
        ]


class Copies:
    """``count`` single-agent environments over the rows of a ``Batch``, stepped in one loop."""

    def __init__(self, count: int, kwargs: dict[str, Any], batch: Batch | None = None) -> None:
        self.envs = [FarmsteadSingleAgentEnv(**kwargs) for _ in range(count)]
        first = self.envs[0]
        self.batch = batch or Batch(
            count, first.game.info.observation_shape[0], first.game.info.num_distinct_actions
        )
        for index, env in enumerate(self.envs):
            env.bind(self.batch.obs[index], self.batch.masks[index])
        self.finished = np.zeros(count, dtype=np.bool_)

    def reset(self, seeds: Sequence[int | None]) -> None:
        batch = self.batch
        for env, seed in zip(self.envs, seeds, strict=True):
            env.new_game(seed)
            env.refresh()
        batch.rewards.fill(0.0)
        batch.terminated.fill(False)
        batch.illegal.fill(False)
        self.finished.fill(False)

    def step(self) -> None:
        """Step every copy with ``batch.actions`` (a finished copy is reset instead)."""
        batch = self.batch
        rewards, terminated, illegal = batch.rewards, batch.terminated, batch.illegal
        finished = self.finished
        actions = batch.actions.tolist()
        for index, env in enumerate(self.envs):
            if finished[index]:
                env.new_game(None)
                rewards[index], terminated[index], illegal[index] = 0.0, False, False
            else:
                rewards[index], terminated[index], illegal[index] = env.play(actions[index])
            env.refresh()
        np.copyto(finished, terminated)


def _worker(
    connection: multiprocessing.connection.Connection,
    rows: tuple[int, int, int],
    kwargs: dict[str, Any],
    buffers: list[Any],
    sizes: tuple[int, int],
) -> None:
    """A worker process: step copies ``lo … hi - 1`` of ``count`` on each command until told
    to close."""
    lo, hi, count = rows
    copies = Copies(hi - lo, kwargs, Batch(count, *sizes, buffers).rows(lo, hi))
    while True:
        command, argument = connection.recv()
        try:
            if command == "step":
                copies.step()
            elif command == "reset":
                copies.reset(argument)
            else:
                connection.send(("closed", None))
                return
        except Exception as error:  # sent to the learner, which raises it
            connection.send(("error", f"{type(error).__name__}: {error}"))
            continue
        connection.send(("ok", None))


class FarmsteadVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` copies of a single-agent environment, in this process or in ``workers``
    processes (see the module)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        game_name: str,
        num_envs: int,
        workers: int = 0,
        copy: bool = True,
        **kwargs: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidParamError(f"num_envs must be a positive int, got {num_envs!r}")
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
            raise InvalidParamError(f"workers must be 0 or more, got {workers!r}")
        if workers > num_envs:
            raise InvalidParamError(f"{workers} workers for {num_envs} copies: at most one each")
        kwargs = {"game_name": game_name, **kwargs}
        probe = FarmsteadSingleAgentEnv(**kwargs)  # bad names and params fail here, loudly
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        size = probe.game.info.observation_shape[0]
        actions = probe.game.info.num_distinct_actions
        self._connections: list[multiprocessing.connection.Connection] = []
        self._processes: list[Any] = []
        if workers:
            # Not "fork": a learner's process often runs threads (PyTorch's), which a fork
            # would copy mid-work; the buffers reach the workers as shared memory either way.
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            buffers = Batch.shared(num_envs, size, actions, context)
            self._batch = Batch(num_envs, size, actions, buffers)
            self._start_workers(context, workers, kwargs, buffers, (size, actions))
            self._copies: Copies | None = None
        else:
            self._copies = Copies(num_envs, kwargs)
            self._batch = self._copies.batch
        self._finished = np.zeros(num_envs, dtype=np.bool_)

    def _start_workers(
        self,
        context: Any,
        workers: int,
        kwargs: dict[str, Any],
        buffers: list[Any],
        sizes: tuple[int, int],
    ) -> None:
        """Start the workers, each on a contiguous slice of the copies and of every array."""
        bounds = np.linspace(0, self.num_envs, workers + 1).astype(int)
        self._slices = [(int(lo), int(hi)) for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)]
        for lo, hi in self._slices:
            mine, theirs = context.Pipe()
            rows = (lo, hi, self.num_envs)
            process = context.Process(
                target=_worker, args=(theirs, rows, kwargs, buffers, sizes), daemon=True
            )
            process.start()
            theirs.close()
            self._connections.append(mine)
            self._processes.append(process)

    def _command(self, command: str, arguments: Sequence[Any]) -> None:
        """Send ``command`` to every worker (or run it here) and wait for all of them."""
        if self._copies is not None:
            if command == "reset":
                self._copies.reset(arguments[0])
            else:
                self._copies.step()
            return
        for connection, argument in zip(self._connections, arguments, strict=True):
            connection.send((command, argument))
        errors = [reply for c in self._connections if (reply := c.recv())[0] == "error"]
        if errors:
            raise RuntimeError(f"a worker failed: {errors[0][1]}")

    def _result(self) -> tuple[np.ndarray, dict[str, Any]]:
        batch = self._batch
        obs = batch.obs.copy() if self.copy else batch.obs
        masks = batch.masks.copy() if self.copy else batch.masks
        illegal = batch.illegal.copy() if self.copy else batch.illegal
        return obs, {"action_mask": masks, "illegal_action": illegal}

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: Any = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Reset every copy: copy ``i`` with ``seed + i`` (or ``seed[i]``)."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise InvalidParamError(f"{len(seeds)} seeds for {self.num_envs} copies")
        if self._copies is not None:
            self._command("reset", [seeds])
        else:
            self._command("reset", [seeds[lo:hi] for lo, hi in self._slices])
        self._finished.fill(False)
        return self._result()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Step every copy (see the module for finished copies and illegal actions)."""
        batch = self._batch
        batch.actions[:] = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        if self._copies is not None:
            self._copies.step()
        else:
            self._command("step", [None] * len(self._connections))
        obs, infos = self._result()
        rewards = batch.rewards.copy()
        terminated = batch.terminated.copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return obs, rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        """The (N, actions) boolean mask of every copy's legal actions now."""
        return self._batch.masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the workers."""
        for connection in self._connections:
            try:
                connection.send(("close", None))
                connection.recv()
            except (BrokenPipeError, EOFError, OSError):
                pass
        for process in self._processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
        self._connections = []
        self._processes = []


def vector_env(
    game_name: str,
    num_envs: int,
    opponents: Sequence[str] | None = None,
    seat: int = 0,
    players: int | None = None,
    workers: int = 0,
    illegal_action: str = "lose",
    copy: bool = True,
    **params: Any,
) -> FarmsteadVectorEnv:
    """``num_envs`` copies of ``single_agent_env(game_name, opponents, seat, players, …)`` as
    one Gymnasium ``VectorEnv``: stepped in this process, or by ``workers`` processes through
    shared memory (see the module)."""
    return FarmsteadVectorEnv(
        game_name,
        num_envs,
        workers=workers,
        copy=copy,
        opponents=opponents,
        seat=seat,
        players=players,
        illegal_action=illegal_action,
        **params,
    )
