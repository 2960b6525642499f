"""Positions declared as data: a game lists the fields of its JSON position once, and one
generic reader fills a blank state from a document by that list.

A *schema* is a sequence of entries; each entry is a callable taking the ``Reading`` (the state
being filled and the JSON object being read), and ``read(schema, state, reader)`` calls them in
order. The entries:

* ``Field(key, kind, slot)`` reads field ``key`` of the current object with ``kind`` (what the
  value must be and what it becomes) and stores the result in ``slot`` of the current target.
  ``null=`` is what a JSON null stands for (otherwise ``kind`` judges a null), ``default=``
  the value of a missing field (otherwise the field ``is missing``) and ``optional=`` both:
  ``Field("winner", SEAT, "winner", optional=NO)`` reads a seat, or null (or nothing) as ``NO``;
* ``When(condition, *entries)``: entries that only some positions have (a count only rabbits
  carry);
* ``only(keys)``: the object has no field outside ``keys``;
* a step: any other callable. A *check* compares the fields read so far and fails through
  ``reading.fail(reason, key)`` (pieces conserved, control matching pieces, what the phase
  needs); a step may also derive slots the document does not hold (a board index from the
  pieces). Steps run where they are listed: a check sees the fields above it, and a document's
  faults are reported in the order the schema lists them.

Kinds (what a value must be, and what it becomes): ``Int(low, high)``, ``Bool()``, ``Str()``,
``Choice(names)`` (the index of a name, or ``values[index]``), ``Named(table, what)`` (the value
of a name in a mapping), ``Counts(names)`` (an object of counts, as a list in ``names`` order),
``ListOf(kind, length)``, ``Bits(kind)`` (a list of indexes as a bitmask), ``Tuple(*kinds)`` (a
list with one kind per place), ``Nullable(kind, null)``, ``NullUnless(condition, kind,
reason)`` (a field that must be null while the condition fails), ``As(kind, convert)``,
``Object(*entries)`` (a nested object read by its own entries, into the current target or,
with ``into=``, into a new object), ``Record(*fields)`` (a nested object as one value, a tuple
by default) and ``Rows(*entries)`` (a list of objects, one per seat or region); or any callable
``(reading, item) -> value`` over the ``ItemReader`` of the value (``items(item)`` lists the
items of a list). A bound, a length or a collection of names is a constant, the name of a
config attribute (``"max_rounds"``) or a callable of the ``Reading`` (``lambda r:
r.cfg.players - 1``, ``lambda r: r.state.ply``).

Slots: ``None`` keeps the value only in ``reading.got`` (the values read so far in the current
object, by key, for the checks); a string names an attribute of the target (the state, or the
object an ``Object(into=...)`` builds); a tuple of names stores the parts of a tuple value.
Within the rows of a ``Rows`` list each named attribute holds one place per row, and row ``i``
sets place ``i``; ``Span(name)`` sets the ``i``-th run of places as long as the value (counts
per seat in one flat list) and ``Bit(name)`` sets bit ``i`` of an int when the value is true.

Example::

    SEAT = Int(0, lambda r: r.cfg.num_players - 1)

    def _winner_only_at_the_end(reading: Reading) -> None:
        if reading.state.winner != NO and reading.state.phase != OVER:
            reading.fail("a winner is only possible once the game is over", "winner")

    POSITION = (
        Field("phase", Choice(PHASE_NAMES), "phase"),
        Field("round", Int(0, "max_rounds"), "round"),
        Field(
            "seats",
            Rows(
                Field("pool", Counts(ANIMAL_NAMES), Span("pool")),
                Field("eliminated", Bool(), Bit("out")),
                length="num_players",
            ),
        ),
        Field("winner", SEAT, "winner", optional=NO),
        _winner_only_at_the_end,
    )

    def state_from_json(blank, doc):
        read(POSITION, blank, blank.game.position_reader(doc))
        return blank

Errors are those of ``core.position``, word for word (``rancho position, field
'seats[1].pool.cow': must be an int >= 0, got -1``), and the same whichever entry finds them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn

from farmstead.core.position import ItemReader, PositionReader, check_int

# A bound, length or collection of names: a constant, a config attribute's name, or a callable
# of the Reading.
Spec = Any
Entry = Callable[["Reading"], None]
Kind = Callable[["Reading", ItemReader], Any]

_REJECT: Any = object()
_SLOW: Any = object()  # from a kind's ``quick``: read the value the full way (errors and all)


def resolve(spec: Spec, reading: Reading) -> Any:
    """The value of ``spec`` for this reading (see ``Spec``)."""
    if isinstance(spec, str):
        return getattr(reading.state.cfg, spec)
    if callable(spec):
        return spec(reading)
    return spec


class Reading:
    """One JSON object being read into a target: the entries' view of the work.

    ``state`` is the state being filled (``cfg`` its config), ``reader`` the object being read,
    ``target`` the object whose slots the fields fill (the state unless an ``Object`` builds
    one), ``index`` the row within a ``Rows`` list or the item of an indexed ``ListOf``
    (``None`` outside one), ``got`` the values read so far in this object, by key, ``outer``
    the reading of the enclosing object (``None`` for the position itself) and ``before`` the
    ``got`` of the rows before this one in a ``Rows`` list (empty outside one).
    """

    __slots__ = ("state", "reader", "target", "index", "got", "outer", "before")

    def __init__(
        self,
        state: Any,
        reader: PositionReader,
        target: Any = None,
        index: int | None = None,
        outer: Reading | None = None,
    ) -> None:
        self.state = state
        self.reader = reader
        self.target = state if target is None else target
        self.index = index
        self.outer = outer
        self.got: dict[str, Any] = {}
        self.before: Sequence[dict[str, Any]] = ()

    @property
    def cfg(self) -> Any:
        """The config of the state being filled."""
        return self.state.cfg

    @property
    def row(self) -> int:
        """``index``, for entries that only run in a row or an indexed item."""
        if self.index is None:
            raise TypeError("this entry reads the rows of a list")
        return self.index

    def fail(self, reason: str, key: str | int | None = None) -> NoReturn:
        """Raise ``InvalidPositionError`` for this object, or its field (or path) ``key``."""
        self.reader.fail(reason, key)

    def within(self, reader: PositionReader, target: Any, index: int | None) -> Reading:
        """A reading of the nested object ``reader`` into ``target`` at row ``index``."""
        return Reading(self.state, reader, target, index, self)

    def at_index(self, index: int) -> Reading:
        """This reading (same object, target and ``got``) at item ``index`` of a list."""
        reading = Reading(self.state, self.reader, self.target, index, self.outer)
        reading.got = self.got
        return reading


def read(entries: Iterable[Entry], state: Any, reader: PositionReader) -> Reading:
    """Fill ``state`` from the object of ``reader`` by the schema ``entries``; the reading
    (with ``got``, the top-level values) is returned for what follows."""
    reading = Reading(state, reader)
    for entry in entries:
        entry(reading)
    return reading


def only(keys: Sequence[str]) -> Entry:
    """A step that fails when the object has a field not in ``keys``."""

    def known_fields(reading: Reading) -> None:
        reading.reader.only(keys)

    return known_fields


class When:
    """Entry: ``entries`` read only while ``condition(reading)`` holds (fields that only some
    positions have, such as a count that only rabbits carry)."""

    __slots__ = ("condition", "entries")

    def __init__(self, condition: Callable[[Reading], Any], *entries: Entry) -> None:
        self.condition = condition
        self.entries = entries

    def __call__(self, reading: Reading) -> None:
        if self.condition(reading):
            for entry in self.entries:
                entry(reading)


# --- fields and slots -----------------------------------------------------------------------
class Span:
    """Slot: within row ``i``, places ``w*i .. w*i+w-1`` of a flat list (``w``: the value's
    length)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def put(self, reading: Reading, value: Sequence[Any]) -> None:
        """Store ``value`` in the row's run of places."""
        start = len(value) * reading.row
        getattr(reading.target, self.name)[start : start + len(value)] = value


class Bit:
    """Slot: within row ``i``, bit ``i`` of an int, set when the value is true."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def put(self, reading: Reading, value: Any) -> None:
        """Set the row's bit when ``value`` is true."""
        if value:
            target = reading.target
            setattr(target, self.name, getattr(target, self.name) | 1 << reading.row)


class Field:
    """Entry: field ``key`` of the current object, read with ``kind`` into ``slot`` (a tuple
    of slot names stores the parts of a tuple value, one each).

    ``null``: the value a JSON null stands for (not given: ``kind`` judges a null);
    ``default``: the value of a missing field (not given: a missing field is an error);
    ``optional``: both at once.

    A kind may offer ``quick(reading, raw)``: the value of a plainly valid ``raw`` without an
    ``ItemReader``, or ``_SLOW`` for anything else, which is then read the full way; so errors
    always come from the kind itself.
    """

    __slots__ = ("key", "kind", "slot", "null", "default", "quick")

    def __init__(
        self,
        key: str,
        kind: Kind,
        slot: str | tuple[str, ...] | Span | Bit | None = None,
        *,
        null: Any = _REJECT,
        default: Any = _REJECT,
        optional: Any = _REJECT,
    ) -> None:
        self.key = key
        self.kind = kind
        self.slot = slot
        self.null = optional if optional is not _REJECT else null
        self.default = optional if optional is not _REJECT else default
        self.quick = getattr(kind, "quick", None)

    def __call__(self, reading: Reading) -> None:
        doc = reading.reader.doc
        key = self.key
        if key in doc:
            raw = doc[key]
            if raw is None and self.null is not _REJECT:
                value = self.null
            else:
                quick = self.quick
                value = _SLOW if quick is None else quick(reading, raw)
                if value is _SLOW:
                    reader = reading.reader
                    value = self.kind(reading, ItemReader(reader.game, raw, reader.where(key)))
        elif self.default is not _REJECT:
            value = self.default
        else:
            reading.reader.fail("is missing", key)
        reading.got[key] = value
        slot = self.slot
        if slot is None:
            return
        if slot.__class__ is str:
            if reading.index is None:
                setattr(reading.target, slot, value)
            else:
                getattr(reading.target, slot)[reading.index] = value
        elif isinstance(slot, tuple):
            for name, part in zip(slot, value, strict=True):
                _put(reading, name, part)
        else:
            slot.put(reading, value)  # type: ignore[union-attr]


def _put(reading: Reading, name: str, value: Any) -> None:
    if reading.index is None:
        setattr(reading.target, name, value)
    else:
        getattr(reading.target, name)[reading.index] = value


# --- kinds: single values -------------------------------------------------------------------
class Int:
    """An int (not a bool) within ``low..high`` (``None``: unbounded on that side)."""

    __slots__ = ("low", "high", "fixed")

    def __init__(self, low: Spec = None, high: Spec = None) -> None:
        self.low = low
        self.high = high
        self.fixed = all(bound is None or isinstance(bound, int) for bound in (low, high))

    def __call__(self, reading: Reading, item: ItemReader) -> int:
        return check_int(
            item.value, resolve(self.low, reading), resolve(self.high, reading), item.fail
        )

    def quick(self, reading: Reading, raw: Any) -> Any:
        """``raw`` when it is plainly valid, else ``_SLOW`` (see ``Field``)."""
        if raw.__class__ is not int:
            return _SLOW
        if self.fixed:
            low, high = self.low, self.high
        else:
            low, high = resolve(self.low, reading), resolve(self.high, reading)
        if (low is not None and raw < low) or (high is not None and raw > high):
            return _SLOW
        return raw


class Bool:
    """``true`` or ``false``."""

    __slots__ = ()

    def __call__(self, reading: Reading, item: ItemReader) -> bool:
        return item.bool()

    def quick(self, reading: Reading, raw: Any) -> Any:
        """``raw`` when it is plainly valid, else ``_SLOW`` (see ``Field``)."""
        return raw if raw is True or raw is False else _SLOW


class Str:
    """A string."""

    __slots__ = ()

    def __call__(self, reading: Reading, item: ItemReader) -> str:
        return item.str()


class Choice:
    """One of ``names``, as its index (or as ``values[index]`` when ``values`` are given)."""

    __slots__ = ("names", "values")

    def __init__(self, names: Spec, values: Sequence[Any] | None = None) -> None:
        self.names = names
        self.values = values

    def __call__(self, reading: Reading, item: ItemReader) -> Any:
        index = item.choice(resolve(self.names, reading))
        return index if self.values is None else self.values[index]


class Named:
    """A name that ``table`` (a mapping) knows, as the table's value for it; otherwise the
    reason is ``unknown <what> <value>``."""

    __slots__ = ("table", "what")

    def __init__(self, table: Spec, what: str) -> None:
        self.table = table
        self.what = what

    def __call__(self, reading: Reading, item: ItemReader) -> Any:
        table: Mapping[str, Any] = resolve(self.table, reading)
        value = item.value
        if not isinstance(value, str) or value not in table:
            item.fail(f"unknown {self.what} {value!r}")
        return table[value]


class Nullable:
    """``null`` for a JSON null, else a value of ``kind``."""

    __slots__ = ("kind", "null", "inner")

    def __init__(self, kind: Kind, null: Any) -> None:
        self.kind = kind
        self.null = null
        self.inner = getattr(kind, "quick", None)

    def __call__(self, reading: Reading, item: ItemReader) -> Any:
        return self.null if item.value is None else self.kind(reading, item)

    def quick(self, reading: Reading, raw: Any) -> Any:
        """The value when it is plainly valid, else ``_SLOW`` (see ``Field``)."""
        if raw is None:
            return self.null
        return _SLOW if self.inner is None else self.inner(reading, raw)


class NullUnless:
    """A value of ``kind`` while ``condition(reading)`` holds; otherwise the field must be
    null (``reason``, a string or a callable of the Reading, says why) and reads as ``null``."""

    __slots__ = ("condition", "kind", "reason", "null")

    def __init__(
        self,
        condition: Callable[[Reading], bool],
        kind: Kind,
        reason: str | Callable[[Reading], str],
        null: Any = None,
    ) -> None:
        self.condition = condition
        self.kind = kind
        self.reason = reason
        self.null = null

    def __call__(self, reading: Reading, item: ItemReader) -> Any:
        if self.condition(reading):
            return self.kind(reading, item)
        if item.value is not None:
            reason = self.reason if isinstance(self.reason, str) else self.reason(reading)
            item.fail(reason)
        return self.null


class As:
    """A value of ``kind``, converted by ``convert`` (``tuple``, ``sum``...)."""

    __slots__ = ("kind", "convert")

    def __init__(self, kind: Kind, convert: Callable[[Any], Any]) -> None:
        self.kind = kind
        self.convert = convert

    def __call__(self, reading: Reading, item: ItemReader) -> Any:
        return self.convert(self.kind(reading, item))


# --- kinds: lists and objects ---------------------------------------------------------------
def items(item: ItemReader, length: int | None = None) -> list[ItemReader]:
    """The items of list ``item`` (of ``length`` items when given), each with its path."""
    values = item.list(length)
    return [ItemReader(item.game, value, f"{item.path}[{i}]") for i, value in enumerate(values)]


class ListOf:
    """A list of values of ``kind`` (of ``length`` items when given); ``make`` turns the list
    into the stored value (``tuple``, a flattening...). ``indexed``: the kind reads item ``i``
    with ``reading.index == i`` (a value per seat that depends on the seat)."""

    __slots__ = ("kind", "length", "make", "indexed")

    def __init__(
        self,
        kind: Kind,
        length: Spec = None,
        make: Callable[[list[Any]], Any] | None = None,
        *,
        indexed: bool = False,
    ) -> None:
        self.kind = kind
        self.length = length
        self.make = make
        self.indexed = indexed

    def __call__(self, reading: Reading, item: ItemReader) -> Any:
        kind = self.kind
        quick = getattr(kind, "quick", None)
        if quick is not None and not self.indexed:
            raws = item.list(resolve(self.length, reading))
            values = [quick(reading, raw) for raw in raws]
            if not any(value is _SLOW for value in values):
                return values if self.make is None else self.make(values)
        subs = items(item, resolve(self.length, reading))
        if self.indexed:
            values = [kind(reading.at_index(i), sub) for i, sub in enumerate(subs)]
        else:
            values = [kind(reading, sub) for sub in subs]
        return values if self.make is None else self.make(values)


class Bits:
    """A list of indexes (each read with ``kind``) as the bitmask with those bits set."""

    __slots__ = ("kind",)

    def __init__(self, kind: Kind) -> None:
        self.kind = kind

    def __call__(self, reading: Reading, item: ItemReader) -> int:
        bits = 0
        for sub in items(item):
            bits |= 1 << self.kind(reading, sub)
        return bits


class Tuple:
    """A list with one value per place, each read with its own kind, as a tuple.

    ``exact`` (the default): exactly ``len(kinds)`` items; otherwise the places are read in
    turn and further items are ignored. ``shape``: the reason given instead of the list's own
    when the value is not a list of exactly ``len(kinds)`` items.
    """

    __slots__ = ("kinds", "exact", "shape")

    def __init__(self, *kinds: Kind, exact: bool = True, shape: str | None = None) -> None:
        self.kinds = kinds
        self.exact = exact
        self.shape = shape

    def __call__(self, reading: Reading, item: ItemReader) -> tuple[Any, ...]:
        if self.shape is not None and (
            not isinstance(item.value, list) or len(item.value) != len(self.kinds)
        ):
            item.fail(self.shape)
        if self.exact:
            item.list(len(self.kinds))
        return tuple(kind(reading, item.at(i)) for i, kind in enumerate(self.kinds))


class Counts:
    """An object mapping each of ``names`` to an int ``>= low``, as a list in ``names``
    order; a name missing counts 0 (``complete``: every name is required); other names are
    unknown fields."""

    __slots__ = ("names", "low", "complete")

    def __init__(self, names: Spec, low: int = 0, *, complete: bool = False) -> None:
        self.names = names
        self.low = low
        self.complete = complete

    def __call__(self, reading: Reading, item: ItemReader) -> list[int]:
        names: Sequence[str] = resolve(self.names, reading)
        sub = item.obj()
        sub.only(names)
        low = self.low
        if self.complete:
            return [sub.int(name, low) for name in names]
        return [sub.int(name, low) if name in sub.doc else 0 for name in names]


def _allowed(entries: Sequence[Entry], only: Sequence[str] | bool) -> Sequence[str] | None:
    """The keys an object may have: ``only``'s, those of the ``Field`` entries (``True``), or
    any (``False``: ``None``)."""
    if only is True:
        return tuple(entry.key for entry in entries if isinstance(entry, Field))
    return None if only is False else only


class Object:
    """A nested object read by its own ``entries``, into the current target, or into a new
    ``into()`` object, which is then the value; otherwise the value is the nested ``got``.
    ``only``: the keys allowed (``True``: the keys of the entries' fields); others fail."""

    __slots__ = ("entries", "into", "keys")

    def __init__(
        self,
        *entries: Entry,
        into: Callable[[], Any] | None = None,
        only: Sequence[str] | bool = False,
    ) -> None:
        self.entries = entries
        self.into = into
        self.keys = _allowed(entries, only)

    def __call__(self, reading: Reading, item: ItemReader) -> Any:
        sub = item.obj()
        if self.keys is not None:
            sub.only(self.keys)
        if self.into is None:
            target, index = reading.target, reading.index
        else:
            target, index = self.into(), None
        nested = reading.within(sub, target, index)
        for entry in self.entries:
            entry(nested)
        return nested.got if self.into is None else target


class Record:
    """A nested object of ``fields`` (and steps), as ``make(*values)`` of the values of the
    fields in the order read (by default their tuple); the fields need no slots. ``only`` as
    for ``Object``."""

    __slots__ = ("entries", "make", "keys")

    def __init__(
        self,
        *entries: Entry,
        make: Callable[..., Any] | None = None,
        only: Sequence[str] | bool = False,
    ) -> None:
        self.entries = entries
        self.make = make
        self.keys = _allowed(entries, only)

    def __call__(self, reading: Reading, item: ItemReader) -> Any:
        sub = item.obj()
        if self.keys is not None:
            sub.only(self.keys)
        nested = reading.within(sub, None, None)
        for entry in self.entries:
            entry(nested)
        values = nested.got.values()
        return tuple(values) if self.make is None else self.make(*values)


class Rows:
    """A list of objects (of ``length`` when given), row ``i`` read by ``entries`` into the
    current target at index ``i`` (see the slots in the module docstring); the value is the
    list of each row's ``got``. ``only`` as for ``Object``."""

    __slots__ = ("entries", "length", "keys")

    def __init__(
        self, *entries: Entry, length: Spec = None, only: Sequence[str] | bool = False
    ) -> None:
        self.entries = entries
        self.length = length
        self.keys = _allowed(entries, only)

    def __call__(self, reading: Reading, item: ItemReader) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        for index, sub in enumerate(items(item, resolve(self.length, reading))):
            row = sub.obj()
            if self.keys is not None:
                row.only(self.keys)
            nested = reading.within(row, reading.target, index)
            nested.before = rows
            for entry in self.entries:
                entry(nested)
            rows.append(nested.got)
        return rows
