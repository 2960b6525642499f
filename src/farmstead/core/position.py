"""Reading JSON positions: one reader for every game, one style of error.

A game's ``state_from_json`` walks the document with a ``PositionReader``, through the fields
its position declares (``core.schema``). Every failure is an ``InvalidPositionError`` naming
the game, the path of the field and the reason, e.g.::

    fences position, field 'board[3].rot': must be an int in 0..3, got 7

Readers for nested objects and list items carry their path, so a game never writes a field name
into a message by hand; consistency errors found later go through ``reader.fail``.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NoReturn

from farmstead.core.errors import InvalidPositionError

_MISSING: Any = object()


class PositionReader:
    """Typed access to one JSON object of a position, with errors that name the field."""

    __slots__ = ("game", "doc", "path")

    def __init__(self, game: builtins.str, doc: Any, path: builtins.str = "") -> None:
        self.game = game
        self.path = path
        if not isinstance(doc, Mapping):
            self.fail(f"must be a JSON object, got {_short(doc)}")
        self.doc: Mapping[builtins.str, Any] = doc

    # --- errors ---------------------------------------------------------------------------
    def where(self, key: builtins.str | builtins.int | None = None) -> builtins.str:
        """The path of this object, or of field ``key`` in it."""
        if key is None:
            return self.path
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def fail(
        self, reason: builtins.str, key: builtins.str | builtins.int | None = None
    ) -> NoReturn:
        """Raise ``InvalidPositionError`` for this object (or its field ``key``)."""
        path = self.where(key)
        place = f", field '{path}'" if path else ""
        raise InvalidPositionError(f"{self.game} position{place}: {reason}")

    # --- fields ---------------------------------------------------------------------------
    def has(self, key: builtins.str) -> builtins.bool:
        """Whether the object has field ``key`` (even when it is null)."""
        return key in self.doc

    def raw(self, key: builtins.str, default: Any = _MISSING) -> Any:
        """Field ``key`` as it is; missing is an error unless ``default`` is given."""
        if key in self.doc:
            return self.doc[key]
        if default is _MISSING:
            self.fail("is missing", key)
        return default

    def only(self, keys: Sequence[builtins.str]) -> None:
        """Fail when the object has a field not in ``keys``."""
        extra = sorted(set(self.doc) - set(keys))
        if extra:
            self.fail(f"unknown field(s) {', '.join(map(repr, extra))}")

    def int(
        self,
        key: builtins.str,
        low: builtins.int | None = None,
        high: builtins.int | None = None,
        *,
        optional: builtins.bool = False,
    ) -> Any:
        """Field ``key`` as an int within ``low..high`` (``None`` when optional and null)."""
        value = self.raw(key, None if optional else _MISSING)
        if value is None and optional:
            return None
        return check_int(value, low, high, lambda reason: self.fail(reason, key))

    def bool(self, key: builtins.str) -> builtins.bool:
        """Field ``key`` as a bool."""
        value = self.raw(key)
        if not isinstance(value, bool):
            self.fail(f"must be true or false, got {_short(value)}", key)
        return value

    def str(self, key: builtins.str, *, optional: builtins.bool = False) -> Any:
        """Field ``key`` as a string (``None`` when optional and null)."""
        value = self.raw(key, None if optional else _MISSING)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            self.fail(f"must be a string, got {_short(value)}", key)
        return value

    def choice(
        self, key: builtins.str, names: Sequence[builtins.str], *, optional: builtins.bool = False
    ) -> Any:
        """The index in ``names`` of field ``key`` (``None`` when optional and null)."""
        value = self.raw(key, None if optional else _MISSING)
        if value is None and optional:
            return None
        if not isinstance(value, str) or value not in names:
            self.fail(f"must be one of {', '.join(names)}; got {_short(value)}", key)
        return names.index(value)

    def obj(self, key: builtins.str, *, optional: builtins.bool = False) -> Any:
        """Field ``key`` as a nested reader (``None`` when optional and null)."""
        value = self.raw(key, None if optional else _MISSING)
        if value is None and optional:
            return None
        if not isinstance(value, Mapping):
            self.fail(f"must be a JSON object, got {_short(value)}", key)
        return PositionReader(self.game, value, self.where(key))

    def list(
        self,
        key: builtins.str,
        length: builtins.int | None = None,
        *,
        optional: builtins.bool = False,
    ) -> Any:
        """Field ``key`` as a list (of ``length`` items when given; ``None`` when optional
        and null)."""
        value = self.raw(key, None if optional else _MISSING)
        if value is None and optional:
            return None
        return check_list(value, length, lambda reason: self.fail(reason, key))

    def item(self, key: builtins.str) -> ItemReader:
        """Field ``key`` (which must exist) as an ``ItemReader`` that knows its path."""
        return ItemReader(self.game, self.raw(key), self.where(key))

    def items(self, key: builtins.str, length: builtins.int | None = None) -> Iterator[ItemReader]:
        """Each item of list field ``key``, as an ``ItemReader`` that knows its path."""
        values = self.list(key, length)
        for index, value in enumerate(values):
            yield ItemReader(self.game, value, f"{self.where(key)}[{index}]")

    def objects(
        self, key: builtins.str, length: builtins.int | None = None
    ) -> Iterator[PositionReader]:
        """Each item of list field ``key``, which must be an object, as a reader."""
        for item in self.items(key, length):
            yield item.obj()

    def counts(
        self, key: builtins.str, names: Sequence[builtins.str], low: builtins.int = 0
    ) -> builtins.list[builtins.int]:
        """Object field ``key`` mapping each of ``names`` to an int ``>= low`` (missing names
        count 0), as a list in ``names`` order; unknown names are an error."""
        sub = self.obj(key)
        sub.only(names)
        return [sub.int(name, low) if name in sub.doc else 0 for name in names]


class ItemReader:
    """One item of a list in a position, with its path (``board[3]``)."""

    __slots__ = ("game", "value", "path")

    def __init__(self, game: builtins.str, value: Any, path: builtins.str) -> None:
        self.game = game
        self.value = value
        self.path = path

    def fail(self, reason: builtins.str) -> NoReturn:
        """Raise ``InvalidPositionError`` for this item."""
        raise InvalidPositionError(f"{self.game} position, field '{self.path}': {reason}")

    def at(self, index: builtins.int) -> ItemReader:
        """Item ``index`` of this list item (check the length with ``list`` first)."""
        values = self.list()
        if not 0 <= index < len(values):
            self.fail(f"has no item {index}")
        return ItemReader(self.game, values[index], f"{self.path}[{index}]")

    def obj(self) -> PositionReader:
        """The item as an object reader."""
        if not isinstance(self.value, Mapping):
            self.fail(f"must be a JSON object, got {_short(self.value)}")
        return PositionReader(self.game, self.value, self.path)

    def int(
        self, low: builtins.int | None = None, high: builtins.int | None = None
    ) -> builtins.int:
        """The item as an int within ``low..high``."""
        return check_int(self.value, low, high, self.fail)

    def str(self) -> builtins.str:
        """The item as a string."""
        if not isinstance(self.value, str):
            self.fail(f"must be a string, got {_short(self.value)}")
        return self.value

    def choice(self, names: Sequence[builtins.str]) -> builtins.int:
        """The index in ``names`` of the item."""
        if not isinstance(self.value, str) or self.value not in names:
            self.fail(f"must be one of {', '.join(names)}; got {_short(self.value)}")
        return names.index(self.value)

    def list(self, length: builtins.int | None = None) -> builtins.list[Any]:
        """The item as a list (of ``length`` items when given)."""
        return check_list(self.value, length, self.fail)

    def bool(self) -> builtins.bool:
        """The item as a bool."""
        if not isinstance(self.value, bool):
            self.fail(f"must be true or false, got {_short(self.value)}")
        return self.value


def check_int(value: Any, low: int | None, high: int | None, fail: Any) -> int:
    """``value`` if it is an int (not a bool) within ``low..high``; else ``fail(reason)``."""
    if isinstance(value, bool) or not isinstance(value, int):
        fail(f"must be an int{_range(low, high)}, got {_short(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        fail(f"must be an int{_range(low, high)}, got {value}")
    return int(value)


def check_list(value: Any, length: int | None, fail: Any) -> list[Any]:
    """``value`` if it is a list (of ``length`` items when given); else ``fail(reason)``."""
    if not isinstance(value, list):
        fail(f"must be a list, got {_short(value)}")
    if length is not None and len(value) != length:
        fail(f"must have {length} item(s), got {len(value)}")
    return value


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" in {low}..{high}"
    if low is not None:
        return f" >= {low}"
    if high is not None:
        return f" <= {high}"
    return ""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
