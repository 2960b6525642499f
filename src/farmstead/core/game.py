"""The game protocol every farmstead game implements.

The shape follows OpenSpiel: an immutable ``Game`` describes one configured game (players and
parameters) and creates ``State`` objects; a ``State`` is one position and knows the rules.

Contracts every implementation must keep:

* ``legal_actions()`` returns sorted, unique ints; it is non-empty at every non-terminal node.
  At a chance node it lists the outcomes of ``chance_outcomes()``.
* ``apply_action(a)`` raises ``IllegalActionError`` for an illegal ``a`` and then leaves the
  state exactly as it was.
* ``clone()`` returns an independent copy; it never uses ``copy.deepcopy``.
* ``to_json()`` is the full position (hidden parts included); ``Game.state_from_json`` inverts it
  and raises ``InvalidPositionError`` for anything malformed or inconsistent.
* ``observation(seat)`` is JSON-safe and shows only what ``seat`` may see (``None``: a spectator).
* A game is a pure function of its parameters and its action history (chance outcomes included).
"""

from __future__ import annotations

import builtins
import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from farmstead.core.data import DataItem, data_items
from farmstead.core.errors import (
    IllegalActionError,
    InvalidParamError,
    InvalidSeatError,
    NoTensorError,
)
from farmstead.core.position import PositionReader
from farmstead.core.rng import Rng
from farmstead.core.tensor import TensorWriter

JSON = Any
"""A JSON-safe value: dict, list, str, int, float, bool or None, nested."""


class PlayerId(enum.IntEnum):
    """Special values of ``State.current_player()`` besides seat numbers 0..n-1."""

    CHANCE = -1
    TERMINAL = -4


@dataclass(frozen=True)
class ParamSpec:
    """One game parameter: its name, type, default, meaning and (optionally) allowed values;
    ``label`` is a short name for people (forms, rules pages); ``label_or_name`` falls back to
    the name in words; ``choice_labels`` (optional) names each of ``choices`` for people, in
    the same order. ``items`` (optional) makes the value a comma-separated list of values of
    that type (e.g. die faces ``1,1,2,4``), each within ``item_minimum`` and ``item_maximum``
    (optional bounds, checked by ``coerce`` like ``minimum`` and ``maximum``)."""

    name: str
    type: type
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    label: str = ""
    choice_labels: tuple[str, ...] | None = None
    items: builtins.type | None = None
    item_minimum: float | None = None
    item_maximum: float | None = None

    def __post_init__(self) -> None:
        if self.choice_labels is not None and (
            self.choices is None or len(self.choice_labels) != len(self.choices)
        ):
            raise ValueError(f"param {self.name!r}: one choice label per choice")

    @property
    def label_or_name(self) -> str:
        """``label``, or the name with spaces for underscores, capitalised."""
        if self.label:
            return self.label
        text = self.name.replace("_", " ")
        return text[:1].upper() + text[1:]

    def choice_words(self) -> list[str] | None:
        """Each choice in words, for forms: ``choice_labels``, else the value with spaces for
        underscores, capitalised (``coin_toss`` → "Coin toss"); ``None`` without choices."""
        if self.choices is None:
            return None
        if self.choice_labels is not None:
            return list(self.choice_labels)
        out = []
        for choice in self.choices:
            text = str(choice).replace("_", " ").strip()
            out.append(text[:1].upper() + text[1:])
        return out

    def coerce(self, value: Any) -> Any:
        """``value`` converted to this parameter's type, or ``InvalidParamError``.

        Strings are accepted for every type, so that CLI and URL parameters work unchanged.
        """
        try:
            if self.type is bool and isinstance(value, str):
                lowered = value.strip().lower()
                if lowered not in {"true", "false", "1", "0", "yes", "no"}:
                    raise ValueError(value)
                converted: Any = lowered in {"true", "1", "yes"}
            elif self.type is bool:
                if not isinstance(value, bool | int):
                    raise ValueError(value)
                converted = bool(value)
            elif self.type is int:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError(value)
                converted = int(value)
            elif self.type is float:
                if isinstance(value, bool):
                    raise ValueError(value)
                converted = float(value)
            else:
                converted = self.type(value)
        except (TypeError, ValueError):
            raise InvalidParamError(
                f"parameter {self.name!r} must be of type {self.type.__name__}, got {value!r}"
            ) from None
        if self.choices is not None and converted not in self.choices:
            raise InvalidParamError(
                f"parameter {self.name!r} must be one of "
                f"{', '.join(map(str, self.choices))}; got {value!r}"
            )
        if self.minimum is not None and converted < self.minimum:
            raise InvalidParamError(f"parameter {self.name!r} must be >= {self.minimum}")
        if self.maximum is not None and converted > self.maximum:
            raise InvalidParamError(f"parameter {self.name!r} must be <= {self.maximum}")
        if self.items is not None:
            self._check_items(converted)
        return converted

    def _check_items(self, value: Any) -> None:
        """``InvalidParamError`` unless every comma-separated item of ``value`` is of type
        ``items`` and within ``item_minimum`` and ``item_maximum``."""
        assert self.items is not None
        bounds = ""
        if self.item_minimum is not None and self.item_maximum is not None:
            bounds = f" from {self.item_minimum:g} to {self.item_maximum:g}"
        elif self.item_minimum is not None:
            bounds = f" of at least {self.item_minimum:g}"
        elif self.item_maximum is not None:
            bounds = f" of at most {self.item_maximum:g}"
        expected = f"comma-separated values of type {self.items.__name__}{bounds}"
        for raw in str(value).split(","):
            try:
                item = self.items(raw.strip())
            except (TypeError, ValueError):
                raise InvalidParamError(
                    f"parameter {self.name!r} must be {expected}; got {value!r}"
                ) from None
            if (self.item_minimum is not None and item < self.item_minimum) or (
                self.item_maximum is not None and item > self.item_maximum
            ):
                raise InvalidParamError(
                    f"parameter {self.name!r} must be {expected}; {raw.strip()!r} is out of "
                    f"range in {value!r}"
                )


@dataclass(frozen=True)
class GameType:
    """Static facts about a game, independent of its parameters."""

    name: str
    long_name: str
    description: str
    min_players: int
    max_players: int
    has_chance: bool
    perfect_information: bool
    params: tuple[ParamSpec, ...] = ()
    rules_reference: str = ""  # the rules reference in the repository, every ruling by its id
    data_package: str = ""
    data_files: tuple[str, ...] = ()
    proposed_note: str = ""

    def data_items(self) -> list[DataItem]:
        """Every value of the game's data files with its provenance (the rules-data view)."""
        return data_items(self.data_package, list(self.data_files)) if self.data_files else []

    def param(self, name: str) -> ParamSpec:
        """The spec of parameter ``name``, or ``InvalidParamError`` listing the valid ones."""
        for spec in self.params:
            if spec.name == name:
                return spec
        valid = ", ".join(sorted(p.name for p in self.params)) or "none"
        raise InvalidParamError(
            f"unknown parameter {name!r} for game {self.name!r}; valid parameters: {valid}"
        )


@dataclass(frozen=True)
class TurnMark:
    """Which turn a position is in: a number and the seat whose turn it is (``None`` during
    the setup, before anyone's turn). Two consecutive positions are in the same turn exactly
    when their marks are equal; the number need only tell apart consecutive turns of one seat
    (a round, a turn count). Out-of-turn decisions (a defender's choice) keep the mark."""

    number: int
    seat: int | None


@dataclass(frozen=True)
class GameInfo:
    """Numbers that hold for one configured game (players and parameters)."""

    num_players: int
    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int
    min_utility: float
    max_utility: float
    observation_shape: tuple[int, ...] = ()
    """Shape of ``State.observation_tensor(seat)``; ``()`` when the game has no tensor."""


class Game(ABC):
    """One configured game: a player count and parameter values. Immutable."""

    type: ClassVar[GameType]

    def __init__(self, players: int | None = None, **params: Any) -> None:
        gtype = self.type
        if players is None:
            players = gtype.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidParamError(f"players must be an int, got {players!r}")
        if not gtype.min_players <= players <= gtype.max_players:
            raise InvalidParamError(
                f"{gtype.long_name} is for {gtype.min_players}–{gtype.max_players} players; "
                f"got {players}"
            )
        values = {spec.name: spec.default for spec in gtype.params}
        for name, value in params.items():
            values[name] = gtype.param(name).coerce(value)
        self._num_players = players
        self._params: dict[str, Any] = values
        self._setup()

    def _setup(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Hook for subclasses: derive tables from the parameters (may raise InvalidParamError)."""

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self._num_players

    @property
    def params(self) -> Mapping[str, Any]:
        """Every parameter with its value, defaults included."""
        return dict(self._params)

    @property
    def non_default_params(self) -> dict[str, Any]:
        """The parameters whose value differs from the default."""
        return {
            spec.name: self._params[spec.name]
            for spec in self.type.params
            if self._params[spec.name] != spec.default
        }

    @property
    @abstractmethod
    def info(self) -> GameInfo:
        """Numbers for this configuration."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """The position before the first decision or chance event."""

    def tensor_writer(self, seat: int | None, buffer: Any = None) -> TensorWriter:
        """A ``TensorWriter`` of ``seat``'s observation tensor into ``buffer`` (a new vector by
        default; ``InvalidSeatError`` for a seat not of this game; ``NoTensorError`` without a
        tensor)."""
        check_seat(self, seat)
        shape = self.info.observation_shape
        if not shape:
            raise NoTensorError(f"game {self.type.name!r} has no observation tensor")

        def write(state: State, seat: int | None, out: Any) -> None:
            out[...] = state.observation_tensor(seat)

        return TensorWriter(write, shape[0], seat, buffer)

    @abstractmethod
    def state_from_json(self, doc: JSON) -> State:
        """The state ``to_json`` described; ``InvalidPositionError`` if malformed or inconsistent."""

    def describe(self) -> dict[str, Any]:
        """JSON-safe identity of this configured game (name, players, non-default params)."""
        return {
            "game": self.type.name,
            "players": self._num_players,
            "params": self.non_default_params,
        }

    def position_reader(self, doc: JSON) -> PositionReader:
        """A reader over the JSON position ``doc`` once its header is checked.

        A position names its game, player count and non-default params; they must match this
        game. Every error is an ``InvalidPositionError`` naming the field (``core.position``).
        """
        reader = PositionReader(self.type.name, doc)
        if reader.raw("game") != self.type.name:
            reader.fail(f"is for game {reader.raw('game')!r}, not {self.type.name!r}", "game")
        if reader.raw("players") != self._num_players:
            reader.fail(
                f"is for {reader.raw('players')!r} players; this game has {self._num_players}",
                "players",
            )
        params = reader.raw("params", {})
        if not isinstance(params, Mapping) or dict(params) != self.non_default_params:
            reader.fail(
                f"{params!r} differ from this game's non-default params "
                f"{self.non_default_params!r}",
                "params",
            )
        return reader

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.describe()}>"


class State(ABC):
    """One position of a game. Mutable through ``apply_action`` only.

    Subclasses implement the underscored hooks; the public methods add validation and caching.
    """

    __slots__ = ("game", "_legal_cache")

    game: Game

    def __init__(self, game: Game) -> None:
        self.game = game
        self._legal_cache: list[int] | None = None

    # --- who moves -----------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A seat 0..n-1, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""

    def turn_mark(self) -> TurnMark | None:
        """Which turn this position is in (``core.turns`` groups steps into turns by it);
        ``None`` when the game does not say, and steps are grouped by who takes them."""
        return self._turn_mark()

    def _turn_mark(self) -> TurnMark | None:
        """The game's ``TurnMark`` of this position; games override it (default: None)."""
        return None

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == PlayerId.TERMINAL

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player() == PlayerId.CHANCE

    @abstractmethod
    def returns(self) -> list[float]:
        """One utility per seat; all zeros before the end."""

    # --- actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """The legal actions (or chance outcomes), sorted and unique. Empty when terminal."""
        cached = self._legal_cache
        if cached is None:
            player = self.current_player()
            if player == PlayerId.TERMINAL:
                cached = []
            elif player == PlayerId.CHANCE:
                cached = sorted(o for o, _ in self._chance_outcomes())
            else:
                cached = self._legal_actions()
            self._legal_cache = cached
        return list(cached)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node, probabilities summing to 1."""
        if not self.is_chance_node():
            return []
        return self._chance_outcomes()

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now."""
        cached = self._legal_cache
        if cached is None:
            self.legal_actions()
            cached = self._legal_cache
        assert cached is not None
        return action in cached

    def apply_action(self, action: int) -> None:
        """Apply a legal action or chance outcome; ``IllegalActionError`` otherwise."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"an action is an int, got {action!r}")
        if not self.is_legal(action):
            raise IllegalActionError(self._illegal_reason(action))
        self._legal_cache = None
        self._apply(action)

    def apply_legal(self, action: int) -> None:
        """Apply ``action`` without checking it: an id taken from this very position's
        ``legal_actions()`` or ``chance_outcomes()``. Environments and playouts that draw their
        actions from those lists use it; an action from anywhere else (a person, a learner, a
        file) goes through ``apply_action``."""
        self._legal_cache = None
        self._apply(action)

    def _illegal_reason(self, action: int) -> str:
        """A person-readable reason why ``action`` is illegal now."""
        if self.is_terminal():
            return "the game is over; no action is legal"
        n = self.game.info.num_distinct_actions
        if self.is_chance_node():
            return f"{action} is not a possible chance outcome here"
        if not 0 <= action < n:
            return f"action id {action} is out of range 0..{n - 1}"
        return f"'{self.action_to_string(action)}' (id {action}) is not legal now"

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Sorted legal actions at a decision node (never called at chance or terminal nodes)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcomes at a chance node (only called at chance nodes)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply an action already checked to be legal."""

    def check_action_id(self, action: int) -> None:
        """Raise ``IllegalActionError`` unless ``action`` is an id of this game's action space
        (chance outcomes ``0 … max_chance_outcomes - 1`` at a chance node, otherwise
        ``0 … num_distinct_actions - 1``); legality now is not checked."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"an action is an int, got {action!r}")
        info = self.game.info
        if self.is_chance_node():
            if not 0 <= action < info.max_chance_outcomes:
                raise IllegalActionError(
                    f"chance outcome {action} is out of range 0..{info.max_chance_outcomes - 1}"
                )
        elif not 0 <= action < info.num_distinct_actions:
            raise IllegalActionError(
                f"action id {action} is out of range 0..{info.num_distinct_actions - 1}"
            )

    def action_to_string(self, action: int) -> str:
        """The action (or chance outcome, at a chance node) in words.

        ``IllegalActionError`` for an id outside the action space; an id inside it has words
        even when it is not legal now.
        """
        self.check_action_id(action)
        return self._action_to_string(action)

    def action_to_string_for(self, action: int, seat: int | None) -> str:
        """The action (or chance outcome) in words as ``seat`` may see it; ``None``: a spectator.

        Front ends show other players' moves and chance events with this, never with
        ``action_to_string``, which may name hidden things (a tile drawn into a hidden hand).
        """
        self.check_action_id(action)
        check_seat(self.game, seat)
        return self._action_to_string_for(action, seat)

    def action_to_json(self, action: int) -> JSON:
        """A JSON-safe description of the action, e.g. ``{"type": "BUY", "pasture": "P13"}``;
        ``IllegalActionError`` for an id outside the action space."""
        self.check_action_id(action)
        return self._action_to_json(action)

    @abstractmethod
    def _action_to_string(self, action: int) -> str:
        """Words for an id inside the action space."""

    def _action_to_string_for(self, action: int, seat: int | None) -> str:
        """Words as ``seat`` may see them. Perfect-information games show everything; games
        with hidden actions or chance outcomes override this."""
        return self._action_to_string(action)

    @abstractmethod
    def _action_to_json(self, action: int) -> JSON:
        """JSON for an id inside the action space."""

    @abstractmethod
    def action_from_json(self, doc: JSON) -> int:
        """The action id ``action_to_json`` described; ``IllegalActionError`` if none matches."""

    # --- views ---------------------------------------------------------------------------
    def observation(self, seat: int | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator); JSON-safe. ``InvalidSeatError`` for a
        seat that is not one of this game's."""
        check_seat(self.game, seat)
        return self._observation(seat)

    @abstractmethod
    def _observation(self, seat: int | None) -> JSON:
        """The observation of a checked seat."""

    def observation_tensor(self, seat: int | None) -> Any:
        """``observation(seat)`` as a float32 NumPy array of shape
        ``game.info.observation_shape``: exactly the information of the observation, nothing
        of another seat's secrets. ``NoTensorError`` for a game without a tensor encoding."""
        check_seat(self.game, seat)
        return self._observation_tensor(seat)

    def _observation_tensor(self, seat: int | None) -> Any:
        """The tensor of a checked seat; games with a tensor encoding override this."""
        raise NoTensorError(f"game {self.game.type.name!r} has no observation tensor")

    def write_observation_tensor(self, seat: int | None, out: Any) -> None:
        """``observation_tensor(seat)`` written into ``out``, a float32 array of the tensor's
        shape whose every element is replaced: for callers that reuse one buffer."""
        out[...] = self.observation_tensor(seat)

    @abstractmethod
    def to_json(self) -> JSON:
        """The full position, hidden parts included, with the game header."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    def sample_consistent(self, seat: int, rng: Rng) -> State:
        """A full state drawn from those ``seat`` cannot tell apart from this one.

        Search agents use it for information-set sampling. A perfect-information game returns a
        clone; a game with hidden information overrides it (e.g. redealing unseen cards). A
        sampler draws from what ``seat`` may know only: it never reads the true hidden parts
        beyond the multiset they are drawn from, and it never returns them as a fallback.
        """
        if self.game.type.perfect_information:
            return self.clone()
        raise NotImplementedError(
            f"{self.game.type.name} has hidden information but no consistent-state sampler"
        )

    def __str__(self) -> str:
        return repr(self.to_json())


def check_seat(game: Game, seat: int | None) -> None:
    """Raise ``InvalidSeatError`` unless ``seat`` is ``None`` or a seat of ``game``."""
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_players:
        raise InvalidSeatError(f"seat must be None or 0..{game.num_players - 1}, got {seat!r}")
