"""Positions declared as data (``core.schema``): kinds, ranges, optional fields, nesting, slots,
checks in order, and error texts word for word as ``core.position`` writes them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from farmstead.core.errors import InvalidPositionError
from farmstead.core.position import ItemReader, PositionReader
from farmstead.core.schema import (
    As,
    Bit,
    Bits,
    Bool,
    Choice,
    Counts,
    Entry,
    Field,
    Int,
    ListOf,
    Named,
    Nullable,
    NullUnless,
    Object,
    Reading,
    Record,
    Rows,
    Span,
    Str,
    Tuple,
    When,
    items,
    only,
    read,
)

NO = -1
PHASES = ("setup", "play", "over")
ANIMALS = ("rabbit", "sheep")


class Toy:
    """A blank state: a config and the slots the schemas below fill."""

    def __init__(self, seats: int = 2) -> None:
        self.cfg = SimpleNamespace(seats=seats, max_rounds=9, last_seat=seats - 1)
        self.phase = 0
        self.round = 0
        self.winner = NO
        self.pool = [0] * (2 * seats)
        self.out = 0
        self.score = [0] * seats
        self.pair: tuple[int, int] = (0, 0)
        self.low = self.high = 0
        self.battle: Any = None


SEAT = Int(0, "last_seat")


def fill(entries: tuple[Entry, ...], doc: Any, state: Toy | None = None) -> Toy:
    state = Toy() if state is None else state
    read(entries, state, PositionReader("toy", doc))
    return state


def error(entries: tuple[Entry, ...], doc: Any) -> str:
    with pytest.raises(InvalidPositionError) as caught:
        fill(entries, doc)
    return str(caught.value)


# --- fields and ranges ------------------------------------------------------------------------
def test_int_field_in_range_fills_its_slot() -> None:
    state = fill((Field("round", Int(0, 9), "round"),), {"round": 4})
    assert state.round == 4


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (10, "must be an int in 0..9, got 10"),
        (-1, "must be an int in 0..9, got -1"),
        (True, "must be an int in 0..9, got True"),
        ("3", "must be an int in 0..9, got '3'"),
        (None, "must be an int in 0..9, got None"),
    ],
)
def test_int_field_out_of_range_or_not_an_int(value: Any, reason: str) -> None:
    schema = (Field("round", Int(0, 9), "round"),)
    assert error(schema, {"round": value}) == f"toy position, field 'round': {reason}"


def test_bounds_from_the_config_and_from_the_state() -> None:
    schema = (
        Field("round", Int(0, "max_rounds"), "round"),
        Field("score", Int(lambda r: r.state.round), None),
    )
    assert fill(schema, {"round": 9, "score": 9}).round == 9
    assert error(schema, {"round": 10, "score": 0}).endswith("must be an int in 0..9, got 10")
    assert error(schema, {"round": 5, "score": 4}).endswith("must be an int >= 5, got 4")


def test_missing_field() -> None:
    schema = (Field("round", Int(0, 9), "round"),)
    assert error(schema, {}) == "toy position, field 'round': is missing"


def test_optional_field_maps_null_and_missing() -> None:
    schema = (Field("winner", SEAT, "winner", optional=NO),)
    assert fill(schema, {"winner": None}).winner == NO
    assert fill(schema, {}).winner == NO
    assert fill(schema, {"winner": 1}).winner == 1
    assert error(schema, {"winner": 2}).endswith("field 'winner': must be an int in 0..1, got 2")


def test_null_without_default_needs_the_field() -> None:
    schema = (Field("winner", SEAT, "winner", null=NO),)
    assert fill(schema, {"winner": None}).winner == NO
    assert error(schema, {}) == "toy position, field 'winner': is missing"


def test_default_without_null_rejects_null() -> None:
    schema = (Field("round", Int(0, 9), "round", default=3),)
    assert fill(schema, {}).round == 3
    assert error(schema, {"round": None}).endswith("must be an int in 0..9, got None")


def test_bool_str_choice_named() -> None:
    schema = (
        Field("phase", Choice(PHASES), "phase"),
        Field("winner", Choice(("north", "south"), values=(7, 8)), "winner"),
        Field("name", Str()),
        Field("open", Bool()),
        Field("animal", Named({"rabbit": 10, "sheep": 20}, "animal"), "round"),
    )
    doc = {"phase": "over", "winner": "south", "name": "x", "open": False, "animal": "sheep"}
    state = fill(schema, doc)
    assert (state.phase, state.winner, state.round) == (2, 8, 20)
    assert error(schema, {**doc, "phase": "done"}).endswith(
        "field 'phase': must be one of setup, play, over; got 'done'"
    )
    assert error(schema, {**doc, "name": 1}).endswith("field 'name': must be a string, got 1")
    assert error(schema, {**doc, "open": 0}).endswith("field 'open': must be true or false, got 0")
    assert error(schema, {**doc, "animal": "cow"}).endswith("field 'animal': unknown animal 'cow'")


def test_nullable_and_null_unless() -> None:
    schema = (
        Field("phase", Choice(PHASES), "phase"),
        Field(
            "winner",
            NullUnless(lambda r: r.state.phase == 2, SEAT, "must be null until the end", NO),
            "winner",
        ),
        Field("high", Nullable(Int(0, 5), NO), "high"),
    )
    assert fill(schema, {"phase": "over", "winner": 1, "high": None}).winner == 1
    assert fill(schema, {"phase": "play", "winner": None, "high": 4}).winner == NO
    assert error(schema, {"phase": "play", "winner": 1, "high": 4}).endswith(
        "field 'winner': must be null until the end"
    )
    assert error(schema, {"phase": "over", "winner": None, "high": 4}).endswith(
        "field 'winner': must be an int in 0..1, got None"
    )


# --- lists and counts -------------------------------------------------------------------------
def test_list_of_ints_names_the_bad_item() -> None:
    schema = (Field("score", ListOf(Int(0, 50), "seats"), "score"),)
    assert fill(schema, {"score": [3, 50]}).score == [3, 50]
    assert error(schema, {"score": [3, 51]}) == (
        "toy position, field 'score[1]': must be an int in 0..50, got 51"
    )
    assert error(schema, {"score": [3]}).endswith("field 'score': must have 2 item(s), got 1")
    assert error(schema, {"score": "3"}).endswith("field 'score': must be a list, got '3'")


def test_list_make_and_indexed_items() -> None:
    def at_most_seat(reading: Reading, item: ItemReader) -> int:
        return item.int(0, reading.row)

    schema = (
        Field("pair", ListOf(Int(0, 9), 2, make=tuple), "pair"),
        Field("score", ListOf(at_most_seat, 2, indexed=True), "score"),
    )
    state = fill(schema, {"pair": [1, 2], "score": [0, 1]})
    assert state.pair == (1, 2) and state.score == [0, 1]
    assert error(schema, {"pair": [1, 2], "score": [1, 1]}).endswith(
        "field 'score[0]': must be an int in 0..0, got 1"
    )


def test_bits_tuple_and_as() -> None:
    schema = (
        Field("out", Bits(SEAT), "out"),
        Field("pair", Tuple(Int(0, 9), Choice(PHASES)), "pair"),
        Field("round", As(ListOf(Int(0, 9)), sum), "round"),
    )
    state = fill(schema, {"out": [1], "pair": [4, "play"], "round": [1, 2, 3]})
    assert (state.out, state.pair, state.round) == (2, (4, 1), 6)
    assert error(schema, {"out": [2], "pair": [4, "play"], "round": []}).endswith(
        "field 'out[0]': must be an int in 0..1, got 2"
    )
    assert error(schema, {"out": [], "pair": [4], "round": []}).endswith(
        "field 'pair': must have 2 item(s), got 1"
    )


def test_loose_and_shaped_tuples() -> None:
    loose = (Field("pair", Tuple(Int(0, 9), Int(0, 9), exact=False), "pair"),)
    assert fill(loose, {"pair": [1, 2, 3]}).pair == (1, 2)
    assert error(loose, {"pair": [1]}).endswith("field 'pair': has no item 1")
    shaped = (Field("pair", Tuple(Int(0, 9), Int(0, 9), shape="must be [low, high]"), "pair"),)
    assert error(shaped, {"pair": [1, 2, 3]}).endswith("field 'pair': must be [low, high]")


def test_counts() -> None:
    loose = (Field("herd", Counts(ANIMALS)),)
    reading = read(loose, Toy(), PositionReader("toy", {"herd": {"sheep": 2}}))
    assert reading.got["herd"] == [0, 2]
    assert error(loose, {"herd": {"cow": 1}}).endswith("field 'herd': unknown field(s) 'cow'")
    assert error(loose, {"herd": {"sheep": -1}}).endswith(
        "field 'herd.sheep': must be an int >= 0, got -1"
    )
    complete = (Field("herd", Counts(ANIMALS, complete=True)),)
    assert error(complete, {"herd": {"sheep": 2}}).endswith("field 'herd.rabbit': is missing")


# --- nesting ----------------------------------------------------------------------------------
def test_rows_fill_places_spans_and_bits() -> None:
    seats = Rows(
        Field("pool", Counts(ANIMALS, complete=True), Span("pool")),
        Field("out", Bool(), Bit("out")),
        Field("score", Int(0), "score"),
        length="seats",
        only=True,
    )
    doc = {
        "seats": [
            {"pool": {"rabbit": 1, "sheep": 2}, "out": False, "score": 5},
            {"pool": {"rabbit": 3, "sheep": 4}, "out": True, "score": 6},
        ]
    }
    state = fill((Field("seats", seats),), doc)
    assert (state.pool, state.out, state.score) == ([1, 2, 3, 4], 0b10, [5, 6])
    bad = {"seats": [doc["seats"][0], {**doc["seats"][1], "pool": {"rabbit": -1, "sheep": 4}}]}
    assert error((Field("seats", seats),), bad) == (
        "toy position, field 'seats[1].pool.rabbit': must be an int >= 0, got -1"
    )
    extra = {"seats": [{**doc["seats"][0], "x": 1}, doc["seats"][1]]}
    assert error((Field("seats", seats),), extra).endswith("field 'seats[0]': unknown field(s) 'x'")
    assert error((Field("seats", seats),), {"seats": [1, 2]}).endswith(
        "field 'seats[0]': must be a JSON object, got 1"
    )


def test_rows_see_the_rows_before() -> None:
    def once(reading: Reading) -> None:
        if any(row["score"] == reading.got["score"] for row in reading.before):
            reading.fail("is listed twice", "score")

    schema = (Field("seats", Rows(Field("score", Int(0)), once)),)
    fill(schema, {"seats": [{"score": 1}, {"score": 2}]})
    assert error(schema, {"seats": [{"score": 1}, {"score": 1}]}).endswith(
        "field 'seats[1].score': is listed twice"
    )


def test_object_fills_the_target_and_names_nested_paths() -> None:
    schema = (
        Field(
            "turn",
            Object(
                Field("round", Int(0, 9), "round"),
                Field("phase", Choice(PHASES), "phase"),
                only=True,
            ),
            optional=None,
        ),
    )
    state = fill(schema, {"turn": {"round": 2, "phase": "play"}})
    assert (state.round, state.phase) == (2, 1)
    assert fill(schema, {"turn": None}).round == 0
    assert error(schema, {"turn": {"round": 2, "phase": "x"}}).endswith(
        "field 'turn.phase': must be one of setup, play, over; got 'x'"
    )
    assert error(schema, {"turn": {"round": 2, "phase": "play", "z": 0}}).endswith(
        "field 'turn': unknown field(s) 'z'"
    )
    assert error(schema, {"turn": []}).endswith("field 'turn': must be a JSON object, got []")


def test_object_into_builds_a_new_target() -> None:
    schema = (
        Field("battle", Object(Field("round", Int(0), "round"), into=SimpleNamespace), "battle"),
    )
    state = fill(schema, {"battle": {"round": 3}})
    assert state.battle.round == 3 and state.round == 0


def test_record_and_tuple_slots() -> None:
    schema = (
        Field(
            "bounds",
            Record(Field("low", Int(0)), Field("high", Int(0)), only=True),
            ("low", "high"),
        ),
        Field(
            "pair", Record(Field("a", Int(0)), Field("b", Int(0)), make=lambda a, b: (b, a)), "pair"
        ),
    )
    state = fill(schema, {"bounds": {"low": 1, "high": 5}, "pair": {"a": 1, "b": 2}})
    assert (state.low, state.high, state.pair) == (1, 5, (2, 1))
    assert error(schema, {"bounds": {"low": 1}, "pair": {}}).endswith(
        "field 'bounds.high': is missing"
    )


# --- steps ------------------------------------------------------------------------------------
def _winner_only_at_the_end(reading: Reading) -> None:
    if reading.state.winner != NO and reading.state.phase != 2:
        reading.fail("a winner only once the game is over", "winner")


def test_checks_run_where_listed() -> None:
    schema = (
        Field("phase", Choice(PHASES), "phase"),
        Field("winner", SEAT, "winner", optional=NO),
        _winner_only_at_the_end,
        Field("round", Int(0, 9), "round"),
    )
    # the check comes before the round: its fault is the one reported
    assert error(schema, {"phase": "play", "winner": 0, "round": 99}) == (
        "toy position, field 'winner': a winner only once the game is over"
    )
    assert error(schema, {"phase": "over", "winner": 0, "round": 99}).endswith(
        "field 'round': must be an int in 0..9, got 99"
    )


def test_check_without_key_names_the_object() -> None:
    def never(reading: Reading) -> None:
        reading.fail("is inconsistent")

    assert error((never,), {}) == "toy position: is inconsistent"
    nested = (Field("turn", Object(never)),)
    assert error(nested, {"turn": {}}) == "toy position, field 'turn': is inconsistent"


def test_when_and_only() -> None:
    schema = (
        only(("phase", "round")),
        Field("phase", Choice(PHASES), "phase"),
        When(lambda r: r.state.phase == 1, Field("round", Int(1, 9), "round")),
    )
    assert fill(schema, {"phase": "setup"}).round == 0
    assert fill(schema, {"phase": "play", "round": 3}).round == 3
    assert error(schema, {"phase": "play"}).endswith("field 'round': is missing")
    assert error(schema, {"phase": "setup", "x": 1}) == "toy position: unknown field(s) 'x'"


def test_a_function_is_a_kind() -> None:
    def even(reading: Reading, item: ItemReader) -> int:
        value = item.int(0)
        if value % 2:
            item.fail("must be even")
        return value

    schema = (Field("scores", ListOf(even)),)
    assert error(schema, {"scores": [2, 3]}).endswith("field 'scores[1]': must be even")
    assert [sub.path for sub in items(ItemReader("toy", [1, 2], "x"))] == ["x[0]", "x[1]"]
