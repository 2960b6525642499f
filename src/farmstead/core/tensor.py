"""Observation tensors: a fixed-size float32 vector of named fields (OpenSpiel's
``observation_tensor``).

A game describes its vector once per configuration with a ``TensorLayout`` (each field's name,
size and meaning, in order) and fills it from ``observation(seat)`` only, so the tensor can
never carry more than the observation does. ``layout.describe()`` gives the field-by-field
documentation that ``farmstead env-check --layout GAME`` prints.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]

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
