"""Animal Farm as a batched engine: ``AnimalFarmBatch`` keeps every per-game field of
``AnimalFarmRules`` as a NumPy array over ``N`` games and applies the same rules to all of them
in one call (the contract is ``farmstead.core.batched.BatchedEngine``).

Fields (``N`` games, ``U`` units, ``C`` cells): ``phase``, ``p1_seat``, ``setup_step``,
``mover``, ``activated`` (a bit per slot, as in the reference), ``active``, ``victim``,
``ply``, ``no_progress``, ``start_zones``, ``result`` (int, ``(N,)``); ``attacked``,
``picked``, ``dropped`` (bool ``(N,)``, the columns of ``flags``); ``pools`` (``(N, 3)``),
``pos`` (``(N, U)``), ``board`` (``(N, C + 1)``), ``pile_cell`` and ``pile_carrier``
(``(N, 2)``); plus ``decider``, the seat to decide (or a ``PlayerId``), kept up to date so
that ``current_player`` is one gather. ``pos`` and ``board`` are int16 (a game's board fits a
few cache lines), the rest int64. Column ``C`` of ``board`` is a sentinel square: always empty,
allowed to no unit, where the neighbour table sends steps off the board (AF-R7), and where
``pos`` -1 (not placed) lands when used as an index.

Every rule is written once, in ``batched_kernel``: compiled loops over the games of a call
(Numba), which read and write these arrays in place; no Python loop runs over games. The
tables are ``AnimalFarmTables`` (``batched_tables``), the tensor writer is ``batched_tensor``.
Both compiled modules load with the first engine built.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from farmstead.core.batched import BatchedEngine, BoolArray, FloatArray, IntArray, OneGame
from farmstead.core.errors import IllegalActionError, InvalidParamError
from farmstead.core.game import Game, PlayerId, State
from farmstead.games.animal_farm.batched_tables import AnimalFarmTables
from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import DRAW, NO, NO_RESULT, PHASE_NAMES, SETUP, TOSS
from farmstead.games.animal_farm.rules import AnimalFarmRules

I64 = np.int64
TERMINAL = int(PlayerId.TERMINAL)
LOG_SIZE = 1 << 16  # actions ``play_random`` logs per kernel call while tracing


def load_kernel() -> tuple[Any, Any]:
    """The compiled rules and tensor writer (``batched_kernel``, ``batched_tensor``), imported
    when the first engine is built: Numba takes a noticeable part of a second to import,
    which nothing else should pay."""
    try:
        from farmstead.games.animal_farm import batched_kernel, batched_tensor
    except ImportError as error:
        raise ImportError(
            f"the batched Animal Farm engine needs Numba ({error}); install farmstead[rl]"
        ) from error
    return batched_kernel, batched_tensor


class AnimalFarmBatch(BatchedEngine):
    """``num_envs`` Animal Farm games of one configured ``game`` (see the module).

    Every parameter set of the game is supported: the layout, manual or default setup
    (AF-R2, AF-R4), ``first_player`` (AF-R1), the pools (AF-R5) and both draw limits (AF-R24).
    The games start blank (before the coin toss); ``reset`` starts them.
    """

    def __init__(self, game: Game, num_envs: int, validate: bool = False) -> None:
        config = getattr(game, "config", None)
        if not isinstance(config, AnimalFarmConfig):
            raise InvalidParamError(f"AnimalFarmBatch plays Animal Farm, not {game.type.name!r}")
        if config.num_cells >= np.iinfo(np.int16).max:
            raise InvalidParamError(
                f"AnimalFarmBatch keeps squares as int16: {config.num_cells} cells are too many"
            )
        super().__init__(game, num_envs, validate)
        self.cfg = config
        self.t = AnimalFarmTables(config, game.tensor_layout)  # type: ignore[attr-defined]
        n, u = self.num_envs, config.num_units
        self.phase = np.full(n, TOSS, I64)
        self.p1_seat = np.full(n, NO, I64)
        self.setup_step = np.zeros(n, I64)
        self.mover = np.zeros(n, I64)
        self.decider = np.full(n, int(PlayerId.CHANCE), I64)
        self.pools = np.zeros((n, 3), I64)
        self.activated = np.zeros(n, I64)
        self.active = np.full(n, NO, I64)
        self.victim = np.full(n, NO, I64)
        self.flags = np.zeros((n, 3), bool)
        self.attacked, self.picked, self.dropped = self.flags.T  # views
        self.ply = np.zeros(n, I64)
        self.no_progress = np.zeros(n, I64)
        self.start_zones = np.zeros(n, I64)
        self.result = np.full(n, NO_RESULT, I64)
        self.pos = np.full((n, u), NO, np.int16)
        self.board = np.full((n, config.num_cells + 1), NO, np.int16)
        self.pile_cell = np.full((n, 2), NO, I64)
        self.pile_carrier = np.full((n, 2), NO, I64)
        self._kernel, tensors = load_kernel()
        self.kernel_state = self._kernel.state(self)
        self.kernel_tables = self._kernel.tables(self.t, config)
        self.tensors = tensors.BatchTensorWriter(self)
        self._log = (np.empty(LOG_SIZE, I64), np.empty(LOG_SIZE, I64))
        self._no_log = (np.empty(0, I64), np.empty(0, I64))
        self._blank(self.all_games)

    # --- starting games -----------------------------------------------------------------
    def _blank(self, g: IntArray) -> None:
        """``AnimalFarmRules.empty``: before the coin toss, nothing placed, full pools."""
        for field, value in (
            (self.phase, TOSS),
            (self.p1_seat, NO),
            (self.setup_step, 0),
            (self.mover, 0),
            (self.decider, int(PlayerId.CHANCE)),
            (self.activated, 0),
            (self.active, NO),
            (self.victim, NO),
            (self.flags, False),
            (self.ply, 0),
            (self.no_progress, 0),
            (self.start_zones, 0),
            (self.result, NO_RESULT),
            (self.pos, NO),
            (self.board, NO),
            (self.pile_cell, NO),
            (self.pile_carrier, NO),
        ):
            field[g] = value
        self.pools[g] = self.t.pool_size

    def _reset(self, idx: IntArray, seeds: Any) -> None:
        """AF-R1: the coin toss (or the ``first_player`` seat), then the setup (AF-R2) or,
        with the default setup, both sides placed and Player 1's first turn (AF-R4)."""
        self._blank(idx)
        cfg = self.cfg
        if cfg.first_player >= 0:
            self.p1_seat[idx] = cfg.first_player
        else:  # the only chance event: a NumPy Generator per game, seeded by its seed
            self.p1_seat[idx] = [np.random.default_rng(int(s)).integers(2) for s in seeds]
        self.phase[idx] = SETUP
        self.decider[idx] = self.t.seq_player[0] ^ self.p1_seat[idx]
        if not cfg.manual_setup:
            self.pos[idx] = self.t.default_pos
            self.board[idx[:, None], self.t.default_pos[None, :]] = np.arange(cfg.num_units)
            self.pile_cell[idx] = cfg.default_piles
            self.setup_step[idx] = self.t.setup_len
            self._kernel.start_games(self.kernel_state, self.kernel_tables, idx)

    # --- who moves, returns -------------------------------------------------------------
    def _current_player(self, idx: IntArray) -> IntArray:
        return self.decider[idx]

    def _returns(self, idx: IntArray) -> FloatArray:
        """AF-R23, AF-R24: the winner's seat +1 and the loser's -1; draws and unfinished 0."""
        out = np.zeros((idx.size, 2))
        result = self.result[idx]
        won = ((result >= 0) & (result < DRAW)).nonzero()[0]
        out[won] = -1.0
        out[won, result[won] ^ self.p1_seat[idx[won]]] = 1.0
        return out

    # --- legal actions, actions and random play: the compiled kernel -------------------
    def _legal_mask(self, idx: IntArray, out: Any) -> None:
        self._kernel.legal_mask(self.kernel_state, self.kernel_tables, idx, out)

    def can_finish(
        self, g: IntArray, unit: IntArray, start: IntArray, points: IntArray
    ) -> BoolArray:
        """AF-R10 for each row: from ``start`` (a friend's square) with ``points`` left, can
        ``unit`` of game ``g`` reach a square without a unit, or step onto an enemy it may
        attack, passing friends only (``AnimalFarmRules.can_finish``)?"""
        rows = [np.asarray(a, dtype=np.int64) for a in (g, unit, start, points)]
        return self._kernel.can_finish_rows(self.kernel_state, self.kernel_tables, *rows)

    def _step(self, idx: IntArray, actions: IntArray) -> None:
        bad = self._kernel.step_games(self.kernel_state, self.kernel_tables, idx, actions)
        if bad >= 0:
            raise IllegalActionError(
                f"game {int(idx[bad])}: action {int(actions[bad])} is illegal in phase "
                f"{PHASE_NAMES[int(self.phase[idx[bad]])]}"
            )

    def play_random(self, index: Any, seat: int) -> None:
        """``BatchedEngine.play_random``, each game's turn played to its end by the kernel
        (``batched_kernel.play_random``: its draws and their use); a trace is logged in the
        order each game played."""
        todo = self._index(index)
        other = 1 - seat if seat in (0, 1) else -1  # the seat that plays at random
        streams = self.streams
        log = self._log if self.trace is not None else self._no_log
        first = 0
        while first < todo.size:
            first, logged = self._kernel.play_random(
                self.kernel_state,
                self.kernel_tables,
                todo,
                first,
                other,
                streams.key,
                streams.count,
                *log,
            )
            if logged:
                self._record(log[0][:logged], log[1][:logged])

    @classmethod
    def one_game(cls, game: Game) -> OneGame:
        """One game on the compiled rules, a decision per call (``batched_one``)."""
        # Imported here: it imports Numba, which loads with the first engine (load_kernel).
        from farmstead.games.animal_farm.batched_one import AnimalFarmOne  # noqa: PLC0415

        return AnimalFarmOne(cls(game, 1))

    # --- views --------------------------------------------------------------------------
    def _write_tensors(self, idx: IntArray, seats: IntArray, out: Any, reuse: bool) -> None:
        self.tensors.write(idx, seats, out, reuse)

    _SCALARS = ("phase", "p1_seat", "setup_step", "mover", "active", "victim", "ply")
    _COUNTERS = ("no_progress", "start_zones", "result", "activated")
    _FLAGS = ("attacked", "picked", "dropped")
    _LISTS = ("pools", "pos", "pile_cell", "pile_carrier")

    def to_state(self, i: int) -> AnimalFarmRules:
        """The reference state of game ``i``, its fields set directly."""
        game: Any = self.game
        s: AnimalFarmRules = game.state_class.empty(game, self.cfg)
        for name in self._SCALARS + self._COUNTERS:
            setattr(s, name, int(getattr(self, name)[i]))
        for name in self._FLAGS:
            setattr(s, name, bool(getattr(self, name)[i]))
        for name in self._LISTS:
            setattr(s, name, getattr(self, name)[i].tolist())
        s.board = self.board[i, : self.cfg.num_cells].tolist()
        return s

    def load_state(self, i: int, state: State) -> None:
        """Make game ``i`` the reference ``state`` (a test vector, say); its random stream
        stays as it was."""
        if not isinstance(state, AnimalFarmRules):
            raise TypeError(f"an Animal Farm state is needed, got {type(state).__name__}")
        for name in self._SCALARS + self._COUNTERS + self._FLAGS + self._LISTS:
            getattr(self, name)[i] = getattr(state, name)
        self.board[i, : self.cfg.num_cells] = state.board
        self.board[i, -1] = NO
        self.decider[i] = state.current_player()
