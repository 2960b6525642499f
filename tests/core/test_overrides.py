"""Data overrides (core.overrides): parsing ``ITEM.FIELD=VALUE`` parts, values in the data's
type, and the game's wording in every error."""

from __future__ import annotations

import re

import pytest

from farmstead.core.errors import InvalidParamError
from farmstead.core.overrides import (
    OverrideSyntax,
    apply_overrides,
    override_value,
    parse_overrides,
)

SYNTAX = OverrideSyntax(
    game="toy", item="item", example="T01.atk=1", value_hint="lists as a|b, tables as key:1|key:2"
)


def _costs_may_add_resources(item: str, field: str) -> int | None:
    return 0 if item == "barn" and field in ("wood", "wheat") else None


COSTS = OverrideSyntax(
    game="toy",
    item="table",
    example="barn.wheat=2",
    value_hint="lists as a|b, cells as 0,2|2,0",
    absent_default=_costs_may_add_resources,
)


def _docs() -> dict[str, dict[str, object]]:
    return {
        "units.toml": {
            "T01": {
                "provenance": "PROPOSED",
                "atk": 2,
                "name": "Rooster",
                "fly": False,
                "icons": ["grass", "corn"],
                "dice": [1, 2, 3],
                "cells": [[0, 1], [2, 3]],
                "cost": {"corn": 1},
            }
        },
        "costs.toml": {"barn": {"provenance": "PROPOSED", "wood": 1}},
    }


def test_parse_splits_strips_and_skips_empty_parts() -> None:
    text = " T01.atk = 3 ;; barn .wheat=2 ; "
    assert parse_overrides(text, SYNTAX) == (("T01", "atk", "3"), ("barn", "wheat", "2"))
    assert parse_overrides("", SYNTAX) == ()


@pytest.mark.parametrize("part", ["nonsense", "a=b", ".x=1", "x.=1", "T01.atk"])
def test_parse_names_the_part_and_the_game_example(part: str) -> None:
    expected = f"parameter 'overrides': {part!r} is not ITEM.FIELD=VALUE (e.g. T01.atk=1)"
    with pytest.raises(InvalidParamError, match=re.escape(expected)):
        parse_overrides(part, SYNTAX)
    with pytest.raises(InvalidParamError, match=r"is not TABLE\.FIELD=VALUE \(e\.g\. barn"):
        parse_overrides(part, COSTS)


@pytest.mark.parametrize(
    ("old", "text", "value"),
    [
        (True, "FALSE", False),
        (False, "true", True),
        (3, "-2", -2),
        ("Rooster", "Hen", "Hen"),
        (["grass"], "corn| wood |", ["corn", "wood"]),
        ([], "a|b", ["a", "b"]),
        ([1, 2], "4|5|6", [4, 5, 6]),
        ([[0, 1]], "0,2|2,0", [[0, 2], [2, 0]]),
        ({"corn": 1}, "grass:2| wood :1", {"grass": 2, "wood": 1}),
    ],
)
def test_value_takes_the_type_of_the_old_value(old: object, text: str, value: object) -> None:
    assert override_value(old, text, "T01.x", SYNTAX) == value


@pytest.mark.parametrize(
    ("old", "text"),
    [(True, "yes"), (3, "three"), ([1], "1|x"), ([[0, 1]], "0,x"), ({"corn": 1}, "corn")],
)
def test_a_value_that_does_not_fit_names_the_type_and_the_game_hint(old: object, text: str) -> None:
    expected = (
        f"parameter 'overrides': T01.x={text!r} does not fit the data's type "
        f"({type(old).__name__}; lists as a|b, tables as key:1|key:2)"
    )
    with pytest.raises(InvalidParamError, match=re.escape(expected)):
        override_value(old, text, "T01.x", SYNTAX)


def test_apply_changes_a_copy_in_order() -> None:
    docs = _docs()
    out = apply_overrides(
        docs, parse_overrides("T01.atk=4; T01.atk=5; T01.cells=1,1; barn.wood=2", SYNTAX), SYNTAX
    )
    assert out["units.toml"]["T01"]["atk"] == 5
    assert out["units.toml"]["T01"]["cells"] == [[1, 1]]
    assert out["costs.toml"]["barn"]["wood"] == 2
    assert docs == _docs(), "the raw tables stay as they were"


@pytest.mark.parametrize("override", ["T02.atk=1", "T01.speed=1", "T01.provenance=OFFICIAL"])
def test_apply_rejects_what_the_data_lacks_with_the_rules_hint(override: str) -> None:
    path = override.split("=")[0]
    expected = (
        f"parameter 'overrides': no data value {path}; see `farmstead rules toy` for every "
        "item and field"
    )
    with pytest.raises(InvalidParamError, match=re.escape(expected)):
        apply_overrides(_docs(), parse_overrides(override, SYNTAX), SYNTAX)


def test_an_absent_field_takes_the_type_of_its_default() -> None:
    out = apply_overrides(_docs(), parse_overrides("barn.wheat=3", COSTS), COSTS)
    assert out["costs.toml"]["barn"]["wheat"] == 3
    with pytest.raises(InvalidParamError, match="does not fit the data's type \\(int; lists"):
        apply_overrides(_docs(), parse_overrides("barn.wheat=x", COSTS), COSTS)
    with pytest.raises(InvalidParamError, match="for every table and field"):
        apply_overrides(_docs(), parse_overrides("barn.stone=1", COSTS), COSTS)
