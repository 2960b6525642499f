"""Observation tensors: a fixed-size float32 vector of named fields (OpenSpiel's
``observation_tensor``).

A game describes its vector once per configuration with a ``TensorLayout`` (each field's name,
size and meaning, in order) and encodes it twice:

* the *reference* encoding fills it from ``observation(seat)`` only, so it can never carry more
  than the observation does; it defines the tensor;
* the *state encoding* (a ``StateEncoder``, built once per configured game) writes the same
  values straight from the state's fields into a zeroed buffer, without building the
  observation on the way. It is what ``observation_tensor`` returns and what the learning
  environments read; each game's tests check it equal to the reference on thousands of
  positions of every seat, so it shows nothing the observation hides.

``layout.describe()`` gives the field-by-field documentation that ``farmstead env-check
--layout GAME`` prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]

StateEncoder = Callable[[Any, "int | None", Vector], None]
"""``encode(state, seat, out)``: write ``seat``'s tensor of ``state`` into ``out``, a zeroed
float32 vector of the layout's size (only the non-zero elements need writing); ``seat`` is
``None`` for a spectator and already checked."""

LOW, HIGH = -1.0, 64.0
"""Every value of an observation tensor lies in [LOW, HIGH] (encoders scale counts into it);
the conformance checker holds games to it and the environments' observation spaces use it."""


@dataclass(frozen=True)
class TensorField:
    """One field of a layout: ``size`` floats from ``start``."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class TensorLayout:
    """The named fields of one game configuration's observation vector, in order."""

    def __init__(self) -> None:
        self.fields: list[TensorField] = []
        self._by_name: dict[str, TensorField] = {}
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> TensorField:
        """Append a field of ``size`` floats; names are unique."""
        if name in self._by_name:
            raise ValueError(f"tensor field {name!r} is defined twice")
        if size <= 0:
            raise ValueError(f"tensor field {name!r} needs a positive size")
        field = TensorField(name, self.size, size, meaning)
        self.fields.append(field)
        self._by_name[name] = field
        self.size += size
        return field

    def __getitem__(self, name: str) -> TensorField:
        return self._by_name[name]

    def new(self) -> Vector:
        """A zero vector of this layout's size."""
        return np.zeros(self.size, dtype=np.float32)

    def spans(self, *names: str) -> list[tuple[int, int]]:
        """The (start, stop) of the fields named, in the layout's order, adjacent ones merged."""
        spans: list[tuple[int, int]] = []
        for start, stop in sorted((self[name].start, self[name].stop) for name in names):
            if spans and spans[-1][1] == start:
                spans[-1] = (spans[-1][0], stop)
            else:
                spans.append((start, stop))
        return spans

    def span(self, *names: str) -> tuple[int, int]:
        """The (start, stop) of the fields named, which must lie side by side (``ValueError``
        otherwise)."""
        spans = self.spans(*names)
        if len(spans) != 1:
            raise ValueError(f"the fields {', '.join(names)} are not adjacent")
        return spans[0]

    def describe(self) -> list[tuple[str, int, int, str]]:
        """(name, start, size, meaning) of every field, for documentation."""
        return [(f.name, f.start, f.size, f.meaning) for f in self.fields]


def one_hot(vector: Vector, field: TensorField, index: int | None) -> None:
    """Set element ``index`` of ``field`` (nothing for ``None``); ``IndexError`` out of range."""
    if index is None:
        return
    if not 0 <= index < field.size:
        raise IndexError(f"{field.name}: index {index} outside 0..{field.size - 1}")
    vector[field.start + index] = 1.0


def put(vector: Vector, field: TensorField, values: list[float] | tuple[float, ...]) -> None:
    """Write ``values`` (exactly ``field.size`` of them) into ``field``."""
    if len(values) != field.size:
        raise ValueError(f"{field.name}: {len(values)} values for {field.size} floats")
    vector[field.start : field.stop] = values


def clear_spans(v: Any, zeros: Any, spans: list[tuple[int, int]]) -> None:
    """Zero the ``spans`` of ``v`` (an ``element_view``), copying them from ``zeros`` (a zero
    view at least as long)."""
    for start, stop in spans:
        v[start:stop] = zeros[start:stop]


def element_view(vector: npt.NDArray[Any]) -> Any:
    """A memoryview of ``vector`` (float32 or int8, contiguous) for element writes from Python:
    ``view[i] = x`` costs about half of ``vector[i] = x``. Typed ``Any``: typeshed's memoryview
    accepts only int items, while a float32 view takes floats."""
    return memoryview(vector)  # type: ignore[arg-type]


def lazy_encoder(make: Callable[..., StateEncoder], *args: Any) -> StateEncoder:
    """The state encoding ``make(*args)``, built at its first call: a writer that replaces the
    whole rewrite stays cheap to build (a vector environment builds one per seat and copy)."""
    built: list[StateEncoder] = []

    def encode(state: Any, seat: int | None, out: Vector) -> None:
        if not built:
            built.append(make(*args))
        built[0](state, seat, out)

    return encode


_WHOLE = itemgetter(slice(None))  # ``x[:]``: a list's copy, a tuple itself


def snapshot(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """``key``, a tuple of lists and tuples, with each list copied: what a writer keeps to
    compare the next state's inputs with (the items they hold are never changed in place)."""
    return tuple(map(_WHOLE, key))


class TensorWriter:
    """Keeps ``buffer``, one reused vector, equal to ``seat``'s tensor of the states given to
    ``update``: how the learning environments observe, without a new array per step.

    This one rewrites the buffer whole with ``encode`` (a ``StateEncoder``); a game may offer a
    writer that changes only what changed since the last ``update`` (``Game.tensor_writer``).
    ``buffer`` (a float32 vector of the tensor's size, e.g. a row of a batch; a new one by
    default) must change through the writer only.
    """

    __slots__ = ("buffer", "seat", "_encode")

    def __init__(
        self, encode: StateEncoder, size: int, seat: int | None, buffer: Vector | None = None
    ) -> None:
        self.buffer: Vector = np.zeros(size, dtype=np.float32) if buffer is None else buffer
        self.seat = seat
        self._encode = encode

    def update(self, state: Any) -> Vector:
        """``buffer``, now holding ``seat``'s tensor of ``state``."""
        buffer = self.buffer
        buffer.fill(0.0)
        self._encode(state, self.seat, buffer)
        return buffer
