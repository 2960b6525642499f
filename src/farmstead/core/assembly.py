"""A game assembled from its modules: the protocol's views of a state and the configured game,
written once for every game.

A game package keeps its rules in ``rules`` and its views in three modules: ``position``
(``to_json``, ``observation``, ``state_from_json``), ``words`` (``action_to_string``,
``action_to_string_for``, ``action_to_json``, ``action_from_json``) and ``tensor``
(``tensor_layout``, the reference ``encode`` and the ``state_encoder``, ``core.tensor``). Its ``game.py`` then only declares what differs:

* the state class derives from the game's rules class and ``AssembledState``, in that order,
  and names the three modules in ``views = GameViews(position, words, tensor)``;
  ``AssembledState`` routes every view of the protocol to them;
* the game class derives from ``AssembledGame[<its state class>, <its config class>]``, holds
  the ``GameType`` and the ``state_class``, and implements ``_configure`` (the config of the
  player count and params) and ``_sizes`` (the ``GameInfo`` numbers the config decides).
  ``AssembledGame`` builds the config, the tensor layout and the ``GameInfo`` once per
  configured game and implements ``info``, ``new_initial_state`` and ``state_from_json``.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

import numpy as np

from farmstead.core.game import JSON, Game, GameInfo, State, check_seat
from farmstead.core.tensor import StateEncoder, TensorLayout, TensorWriter, Vector


class PositionViews(Protocol):
    """A game's ``position`` module: the full position and the observations."""

    def to_json(self, state: Any, /) -> JSON: ...

    def observation(self, state: Any, seat: int | None, /) -> JSON: ...

    def state_from_json(self, blank: Any, doc: JSON, /) -> Any: ...


class WordViews(Protocol):
    """A game's ``words`` module: actions in words and as JSON."""

    def action_to_string(self, state: Any, action: int, /) -> str: ...

    def action_to_string_for(self, state: Any, action: int, seat: int | None, /) -> str: ...

    def action_to_json(self, state: Any, action: int, /) -> JSON: ...

    def action_from_json(self, state: Any, doc: Any, /) -> int: ...


class TensorViews(Protocol):
    """A game's ``tensor`` module: the observation tensor's layout, its reference encoding
    (from the observation) and its state encoding (from the state's fields; equal values)."""

    def tensor_layout(self, config: Any, /) -> TensorLayout: ...

    def encode(self, config: Any, layout: TensorLayout, observation: Any, /) -> Any: ...

    def state_encoder(self, config: Any, layout: TensorLayout, /) -> StateEncoder: ...

    # Optional: ``tensor_writer(config, layout, seat, buffer) -> TensorWriter``, a writer that keeps
    # one buffer and rewrites only what changed (``AssembledGame.tensor_writer``).


@dataclass(frozen=True)
class GameViews:
    """The three view modules of one game."""

    position: PositionViews
    words: WordViews
    tensor: TensorViews


@dataclass(frozen=True)
class GameSizes:
    """The numbers of a configured game's ``GameInfo`` that its config decides."""

    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int


class AssembledState(State):
    """The protocol's views of a game's state, routed to the modules of ``views``.

    A game's state class derives from its rules class first and from this class second, so
    the rules' ``empty``, ``initial`` and methods come first and these views replace the
    protocol's abstract ones. It sets ``views`` and adds nothing else unless the game needs it.
    """

    __slots__ = ()

    views: ClassVar[GameViews]

    @classmethod
    @abstractmethod
    def empty(cls, game: Game, config: Any) -> Self:
        """A blank position of ``game`` (the rules class implements it)."""

    @classmethod
    @abstractmethod
    def initial(cls, game: Game, config: Any) -> Self:
        """The position before the first decision or chance event (the rules class implements
        it)."""

    def to_json(self) -> JSON:
        return self.views.position.to_json(self)

    def _observation(self, seat: int | None) -> JSON:
        return self.views.position.observation(self, seat)

    def _action_to_string(self, action: int) -> str:
        return self.views.words.action_to_string(self, action)

    def _action_to_string_for(self, action: int, seat: int | None) -> str:
        return self.views.words.action_to_string_for(self, action, seat)

    def _action_to_json(self, action: int) -> JSON:
        return self.views.words.action_to_json(self, action)

    def action_from_json(self, doc: Any) -> int:
        return self.views.words.action_from_json(self, doc)

    def _tensor_observation(self, seat: int | None) -> JSON:
        """The observation the reference tensor encodes: ``_observation(seat)``. A game whose
        observation carries fields the tensor never reads may leave them out here."""
        return self._observation(seat)

    def _observation_tensor(self, seat: int | None) -> Any:
        game = cast("AssembledGame[Any, Any]", self.game)
        out = np.zeros(game.tensor_layout.size, dtype=np.float32)
        game.encode_state(self, seat, out)
        return out

    def write_observation_tensor(self, seat: int | None, out: Vector) -> None:
        check_seat(self.game, seat)
        game = cast("AssembledGame[Any, Any]", self.game)
        out.fill(0.0)
        game.encode_state(self, seat, out)

    def reference_observation_tensor(self, seat: int | None) -> Vector:
        """``seat``'s tensor by the reference encoding, from ``observation(seat)`` (the
        definition ``observation_tensor`` is tested against)."""
        check_seat(self.game, seat)
        game = cast("AssembledGame[Any, Any]", self.game)
        vector: Vector = self.views.tensor.encode(
            game.config, game.tensor_layout, self._tensor_observation(seat)
        )
        return vector


S = TypeVar("S", bound=AssembledState)
C = TypeVar("C")


class AssembledGame(Game, Generic[S, C]):
    """One configured game whose states are ``state_class`` and whose tables are a config
    ``C``: the config, the tensor layout and the ``GameInfo`` are built once, in ``_setup``.

    Utilities lie in [-1, 1] for every game (``GameInfo.min_utility``, ``max_utility``).
    """

    state_class: type[S]
    config: C
    tensor_layout: TensorLayout
    encode_state: StateEncoder
    """The game's state encoding of this configuration (``core.tensor``)."""
    _info: GameInfo

    @abstractmethod
    def _configure(self) -> C:
        """The config of this player count and these params (``InvalidParamError`` if invalid)."""

    @abstractmethod
    def _sizes(self, config: C) -> GameSizes:
        """The action space, chance outcomes and game length of ``config``."""

    def _setup(self) -> None:
        config = self._configure()
        self.config = config
        tensor = self.state_class.views.tensor
        self.tensor_layout = tensor.tensor_layout(config)
        self.encode_state = tensor.state_encoder(config, self.tensor_layout)
        sizes = self._sizes(config)
        self._info = GameInfo(
            num_players=self.num_players,
            num_distinct_actions=sizes.num_distinct_actions,
            max_chance_outcomes=sizes.max_chance_outcomes,
            max_game_length=sizes.max_game_length,
            min_utility=-1.0,
            max_utility=1.0,
            observation_shape=(self.tensor_layout.size,),
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    def tensor_writer(self, seat: int | None, buffer: Vector | None = None) -> TensorWriter:
        """The tensor module's own ``tensor_writer(config, layout, seat, buffer)`` where it has one
        (a writer that rewrites only what changed), else a ``TensorWriter`` of the state
        encoding."""
        check_seat(self, seat)
        make = getattr(self.state_class.views.tensor, "tensor_writer", None)
        if make is not None:
            writer: TensorWriter = make(self.config, self.tensor_layout, seat, buffer)
            return writer
        return TensorWriter(self.encode_state, self.tensor_layout.size, seat, buffer)

    def new_initial_state(self) -> S:
        return self.state_class.initial(self, self.config)

    def state_from_json(self, doc: JSON) -> S:
        blank = self.state_class.empty(self, self.config)
        return cast(S, self.state_class.views.position.state_from_json(blank, doc))
