"""Batched engines: the state of ``N`` games of one configured ``Game`` as NumPy arrays,
advanced all at once (the fast path of ``farmstead.envs.batched``).

A batched engine plays EXACTLY the rules of its game's reference ``State``: the same legal
actions, transitions, observation tensors and returns, for every parameter set the game
allows (a parameter set it cannot batch raises ``InvalidParamError`` naming it, in the
constructor). ``to_state(i)`` builds the reference ``State`` of game ``i``, so a differential
test can hold the two engines to each other after every step.

Conventions shared by every engine:

* games are indexed ``0 … num_envs - 1``; an *index array* is a 1-D int array of distinct game
  indices, and arrays "aligned with" it have one entry per listed game, in that order;
* chance is resolved inside ``reset``, from a NumPy ``Generator`` seeded per game, so the
  engine never stops at a chance node; ``current_player`` gives a seat or
  ``PlayerId.TERMINAL``;
* ``play_random`` plays uniformly random legal actions (the ``random`` agent) for the seats
  that are not learned, each game drawing from its own stream (``RandomStreams``) keyed by
  its reset seed, so a game's course depends on its seed and the learner's actions only;
* a finished game stays finished (``step`` skips it) until ``reset`` starts a new one there;
* nothing loops over games in Python on the hot path (``legal_mask``, ``step_at``,
  ``write_tensors``, ``current_player``, ``play_random``): a call costs whole-array NumPy
  operations or one compiled loop (Animal Farm's ``batched_kernel``), not a Python call per
  game.

A game publishes its engine class as ``GameRegistration.batched``; the environments find it
there and never import a game. Compiled rules may also play one game at a time (a
``OneGame``, published as ``GameRegistration.one_game``; Animal Farm's come from its batched
engine): the learning environments then play a decision in one compiled call instead of the
reference ``State``'s Python rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np
import numpy.typing as npt

from farmstead.core.errors import IllegalActionError, InvalidParamError
from farmstead.core.game import Game, PlayerId, State

CHUNK = 1024
"""Games per NumPy call on the wide paths: larger temporaries cost page faults and cache."""

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


class OneGame(ABC):
    """One game on compiled rules (a batched engine's, or a game's own), played one decision
    at a time: the same game as the reference ``State`` (legal actions, transitions, tensors,
    returns), each call one compiled pass. A game publishes them as
    ``GameRegistration.one_game``. Chance is drawn inside the calls from the game's own
    stream (keyed by its reset seed, as ``RandomStreams``): in ``reset``, and after each
    action where the rules draw chance during play, so a game never stops at a chance node.
    The arrays returned are buffers kept by the game and rewritten by later calls: copy what
    you keep, never write into them."""

    @abstractmethod
    def reset(self, seed: int) -> int:
        """Start a new game, its chance drawn from the stream keyed by ``seed``; the seat
        to decide, or ``PlayerId.TERMINAL``."""

    @abstractmethod
    def step(self, action: int) -> int:
        """Apply ``action`` for the seat to decide (``IllegalActionError``, the game
        unchanged, unless it is legal); the seat to decide next, or ``PlayerId.TERMINAL``."""

    @abstractmethod
    def play_random(self, seat: int, record: list[int] | None = None) -> int:
        """Uniformly random legal actions (the ``random`` agent's choice) for the seats other
        than ``seat`` until ``seat`` is to decide or the game is over, drawn from the game's
        own stream (keyed by its reset seed, as ``BatchedEngine.play_random``); the actions
        are appended to ``record`` when given. The seat to decide, or ``PlayerId.TERMINAL``."""

    @abstractmethod
    def mask(self) -> npt.NDArray[np.int8]:
        """The legal actions of the seat to decide, an int8 mask over the action ids (all
        zero once the game is over)."""

    @abstractmethod
    def tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation tensor, equal to the reference ``observation_tensor``."""

    @abstractmethod
    def returns(self) -> list[float]:
        """The returns per seat, as the reference ``returns()``."""

    @abstractmethod
    def to_state(self) -> State:
        """The reference ``State`` of the game now (a new object: changing it changes
        nothing here)."""

    def follow(self, reference: State, action: int) -> None:
        """Bring ``reference``, the reference ``State`` of this game before the last
        ``step(action)``, to this game's position, each action checked (``apply_action``):
        here by applying ``action`` (rules that draw chance only in ``reset``); rules that
        draw chance during play apply the outcomes drawn after it too."""
        reference.apply_action(action)


class BatchedEngine(ABC):
    """``num_envs`` games of one configured ``game`` as arrays (see the module).

    Subclasses keep every per-game field of their rules as an array of shape ``(N,)`` or
    ``(N, k)`` and implement the abstract methods; the public methods below check arguments
    and route to them. ``validate`` (default False) makes ``step`` check every action against
    the legal mask first and raise ``IllegalActionError`` naming the game index. ``trace``
    (default None), set to a list, records every ``(games, actions)`` batch applied, in order,
    so a test can replay them in the reference engine.
    """

    game: Game
    num_envs: int
    num_actions: int  # game.info.num_distinct_actions
    tensor_size: int  # game.info.observation_shape[0]
    validate: bool

    def __init__(self, game: Game, num_envs: int, validate: bool = False) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer):
            raise InvalidParamError(f"num_envs must be an int, got {num_envs!r}")
        if num_envs < 1:
            raise InvalidParamError(f"num_envs must be at least 1, got {num_envs}")
        shape = game.info.observation_shape
        if len(shape) != 1:
            raise InvalidParamError(f"game {game.type.name!r} has no flat observation tensor")
        self.game = game
        self.num_envs = int(num_envs)
        self.num_actions = game.info.num_distinct_actions
        self.tensor_size = int(shape[0])
        self.validate = validate
        self.all_games: IntArray = np.arange(self.num_envs, dtype=np.int64)
        self.streams = RandomStreams(self.num_envs)
        self.trace: list[tuple[IntArray, IntArray]] | None = None

    # --- the contract -------------------------------------------------------------------
    def reset(self, index: Any, seeds: Any) -> None:
        """Start new games at the games of ``index`` (an index array), game ``index[j]`` with
        its chance drawn from ``np.random.default_rng(seeds[j])`` (``seeds``: non-negative
        ints aligned with ``index``). Afterwards each of them waits for its first decision
        (or is over, should a game end before anyone decides)."""
        idx = self._index(index)
        seeds = np.asarray(seeds, dtype=np.uint64).reshape(-1)
        if seeds.shape != idx.shape:
            raise ValueError(f"{seeds.size} seeds for {idx.size} games")
        self.streams.seed(idx, seeds)
        self._reset(idx, seeds)

    def current_player(self, index: Any = None) -> IntArray:
        """The seat to decide in each game (of ``index``, or all), or ``PlayerId.TERMINAL``
        (-4) once it is over; a new array."""
        return self._current_player(self._index(index))

    def is_terminal(self, index: Any = None) -> BoolArray:
        """Whether each game (of ``index``, or all) is over."""
        return self.current_player(index) == PlayerId.TERMINAL

    def legal_mask(self, out: Any, index: Any = None) -> Any:
        """Write the legal-action masks into ``out`` (int8 or bool, shape ``(M,
        num_distinct_actions)``; row ``j`` is game ``index[j]``, or game ``j`` without
        ``index``) and return it. A row is all zero for a finished game."""
        idx = self._index(index)
        if out.shape != (idx.size, self.num_actions):
            raise ValueError(f"out has shape {out.shape}, expected {(idx.size, self.num_actions)}")
        for lo in range(0, idx.size, CHUNK):
            self._legal_mask(idx[lo : lo + CHUNK], out[lo : lo + CHUNK])
        return out

    def step(self, actions: Any, active: Any = None) -> None:
        """Apply ``actions[i]`` (shape ``(N,)``) to each game ``i`` where ``active[i]`` is true
        (``None``: every game not over); finished games are skipped. The actions must be
        legal; with ``validate`` an illegal one raises ``IllegalActionError`` naming the game
        before any game changes."""
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"{acts.size} actions for {self.num_envs} games")
        live = ~self.is_terminal()
        if active is not None:
            live &= np.asarray(active, dtype=bool).reshape(self.num_envs)
        idx = np.flatnonzero(live)
        self.step_at(idx, acts[idx])

    def step_at(self, index: Any, actions: Any) -> None:
        """``step`` for the games of ``index`` (none of them over) with ``actions`` aligned
        with it: the fast path of the environments."""
        idx = self._index(index)
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape != idx.shape:
            raise ValueError(f"{acts.size} actions for {idx.size} games")
        if self.validate:
            self._check_legal(idx, acts)
        self._record(idx, acts)
        for lo in range(0, idx.size, CHUNK):
            self._step(idx[lo : lo + CHUNK], acts[lo : lo + CHUNK])

    def write_tensors(self, seats: Any, out: Any, index: Any = None, reuse: bool = False) -> Any:
        """Write the observation tensors (float32, shape ``(M, tensor_size)``; row ``j`` for
        game ``index[j]``, or game ``j``) each from the view of ``seats`` (one seat for all,
        or one per row; -1 for a spectator) and return ``out``: every row bit-identical to
        the reference ``state.observation_tensor(seat)`` (``None`` for -1).

        ``reuse=True`` promises that ``out`` still holds, unchanged, what the previous call
        with ``reuse=True`` wrote into it for the same games (an environment's own buffer):
        the engine then clears only the entries it had set instead of the whole array."""
        idx = self._index(index)
        if out.shape != (idx.size, self.tensor_size) or out.dtype != np.float32:
            raise ValueError(
                f"out must be float32 of shape {(idx.size, self.tensor_size)}, got "
                f"{out.dtype} {out.shape}"
            )
        seat_arr = np.broadcast_to(np.asarray(seats, dtype=np.int64), idx.shape)
        self._write_tensors(idx, seat_arr, out, reuse)
        return out

    def returns(self, index: Any = None) -> FloatArray:
        """``(M, num_players)`` float returns per seat, as the reference ``returns()``: 0
        before the end."""
        return self._returns(self._index(index))

    def random_step(self, index: Any, uniforms: Any) -> None:
        """Apply to each game of ``index`` (none over) the legal action of rank
        ``floor(uniforms[j] * count)`` among its ``count`` legal actions in id order: a
        uniformly random legal action for ``uniforms`` uniform in [0, 1)."""
        idx = self._index(index)
        mask = np.zeros((idx.size, self.num_actions), dtype=bool)
        self._legal_mask(idx, mask)
        actions = sample_ranked(mask, np.asarray(uniforms, dtype=np.float64))
        self._record(idx, actions)
        self._step(idx, actions)

    def play_random(self, index: Any, seat: int) -> None:
        """In each game of ``index``, uniformly random legal actions (the ``random`` agent's
        choice) until ``seat`` is to decide or the game is over; each game draws from its own
        stream. The loop runs over decisions, each one batched call for all games still
        going. Engines may override it with a faster loop of the same distribution."""
        todo = self._index(index)
        player = self._current_player(todo)
        todo = todo[(player >= 0) & (player != seat)]
        while todo.size:
            self.random_step(todo, self.streams.next(todo))
            player = self._current_player(todo)
            todo = todo[(player >= 0) & (player != seat)]

    @abstractmethod
    def to_state(self, i: int) -> State:
        """The reference ``State`` of game ``i`` (a new object)."""

    def load_state(self, i: int, state: State) -> None:
        """Make game ``i`` the reference ``state`` (optional: for tests that start from
        chosen positions; ``NotImplementedError`` where an engine has no such path)."""
        raise NotImplementedError(f"{type(self).__name__} cannot load a state")

    # --- what subclasses implement ------------------------------------------------------
    @abstractmethod
    def _reset(self, idx: IntArray, seeds: npt.NDArray[np.uint64]) -> None: ...

    @abstractmethod
    def _current_player(self, idx: IntArray) -> IntArray: ...

    @abstractmethod
    def _legal_mask(self, idx: IntArray, out: Any) -> None:
        """Fill ``out`` (rows aligned with ``idx``), zeroing it first."""

    @abstractmethod
    def _step(self, idx: IntArray, actions: IntArray) -> None: ...

    @abstractmethod
    def _write_tensors(self, idx: IntArray, seats: IntArray, out: Any, reuse: bool) -> None: ...

    @abstractmethod
    def _returns(self, idx: IntArray) -> FloatArray: ...

    # --- helpers ------------------------------------------------------------------------
    def _index(self, index: Any) -> IntArray:
        if index is None:
            return self.all_games
        idx = np.asarray(index)
        if idx.dtype == np.bool_:
            return np.flatnonzero(idx)
        idx = idx.astype(np.int64, copy=False).reshape(-1)
        if idx.size and (idx.min() < 0 or idx.max() >= self.num_envs):
            raise IndexError(f"game index out of range 0..{self.num_envs - 1}")
        return idx

    def _record(self, idx: IntArray, actions: IntArray) -> None:
        """Append a batch of applied actions to ``trace`` when tracing."""
        if self.trace is not None:
            self.trace.append((idx.copy(), np.asarray(actions, dtype=np.int64).copy()))

    def _check_legal(self, idx: IntArray, actions: IntArray) -> None:
        """``IllegalActionError`` naming the first game whose action is not legal."""
        mask = np.zeros((idx.size, self.num_actions), dtype=bool)
        self._legal_mask(idx, mask)
        inside = (actions >= 0) & (actions < self.num_actions)
        ok = inside.copy()
        ok[inside] = mask[np.flatnonzero(inside), actions[inside]]
        if not ok.all():
            j = int(np.flatnonzero(~ok)[0])
            over = not mask[j].any()
            why = "the game is over" if over else "it is not legal there"
            raise IllegalActionError(
                f"game {int(idx[j])}: action {int(actions[j])} is illegal ({why})"
            )


def sample_ranked(mask: Any, uniforms: npt.NDArray[np.float64]) -> IntArray:
    """Per row of a boolean ``mask`` with at least one true entry, the column of the true
    entry of rank ``floor(u * count)`` (``u`` from ``uniforms``, in [0, 1)): a uniformly
    random legal action per row."""
    cum = mask.cumsum(axis=1, dtype=np.int32)
    rank = (uniforms * cum[:, -1]).astype(np.int32)  # below the count, as u < 1
    return (cum > rank[:, None]).argmax(axis=1)


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_STREAM_SALT = np.uint64(0x2545F4914F6CDD1D)


def mix64(z: Any) -> Any:
    """SplitMix64's finaliser on a uint64 array (wrapping arithmetic): a well-mixed hash."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def stream_keys(seeds: Any) -> npt.NDArray[np.uint64]:
    """The keys of the random streams of games reset with ``seeds`` (``RandomStreams``)."""
    return mix64(np.asarray(seeds, dtype=np.uint64) ^ _STREAM_SALT)


class RandomStreams:
    """One counter-based SplitMix64 stream of uniform floats per game: draw ``n`` of game
    ``i`` is ``mix64(key[i] + (n + 1) * golden)`` scaled to [0, 1), so draws can be made for
    many games and many counters in one call, and a game's draws depend only on its key."""

    def __init__(self, n: int) -> None:
        self.key = np.zeros(n, dtype=np.uint64)
        self.count = np.zeros(n, dtype=np.uint64)

    def seed(self, index: IntArray, seeds: Any) -> None:
        """Key the streams of games ``index`` by their reset seeds; counters restart."""
        self.key[index] = stream_keys(seeds)
        self.count[index] = 0

    def block(self, index: IntArray, first: Any, width: int) -> FloatArray:
        """``(len(index), width)`` uniforms: draws ``first[j] … first[j] + width - 1`` of game
        ``index[j]`` (counters are not advanced)."""
        n = np.asarray(first, dtype=np.uint64)[:, None] + np.arange(1, width + 1, dtype=np.uint64)
        z = mix64(self.key[index][:, None] + n * _GOLDEN)
        return (z >> np.uint64(11)).astype(np.float64) * 2.0**-53

    def next(self, index: IntArray) -> FloatArray:
        """The next uniform of each game of ``index`` (its counter advances)."""
        count = self.count[index]
        self.count[index] = count + np.uint64(1)
        return self.block(index, count, 1)[:, 0]
