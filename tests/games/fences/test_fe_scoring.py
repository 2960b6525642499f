"""Scoring rules as pure functions: FE-T2, FE-T3, FE-T11 and the predicate table of FE §5."""

from __future__ import annotations

import pytest

from farmstead.games.fences.scoring import (
    FieldFacts,
    barn_shares,
    condition_met,
    farmer_bonus,
    field_value,
    pack_animals,
    parse_condition,
    unpack_animals,
)

RED, BLUE, YELLOW = 0, 1, 2


def test_fe_t2_two_barns_rounding_up():
    """FE-T2 (FE-R51): 3 cows, 2 pigs, 2 sheep is worth 7; two barns get ceil(7/2) = 4 each,
    8 points paid for a 7-point field."""
    value = field_value((3, 2, 2))
    assert value == 7
    shares = barn_shares(value, [RED, BLUE], 3)
    assert shares == [4, 4, 0] and sum(shares) == 8


def test_fe_t3a_three_barns_one_owner_with_two():
    """FE-T3 (a): value 7, barns Red 2 and Blue 1: share 3, Red +6, Blue +3."""
    assert barn_shares(7, [RED, RED, BLUE], 3) == [6, 3, 0]


def test_fe_t3b_single_type_doubles_then_splits():
    """FE-T3 (b) (FE-R48): 5 sheep only is worth 10; three barns get ceil(10/3) = 4 each."""
    value = field_value((0, 0, 5))
    assert value == 10
    assert barn_shares(value, [RED, BLUE, YELLOW], 3) == [4, 4, 4]


def test_fe_t3c_one_pig_two_barns():
    """FE-T3 (c): 1 pig is worth 2; two barns get 1 each."""
    assert field_value((0, 1, 0)) == 2
    assert barn_shares(2, [RED, BLUE], 3) == [1, 1, 0]


def test_fe_r49_r52_empty_field_and_no_barn():
    """FE-R49: no animals is worth 0. FE-R52: without a barn nobody scores the value."""
    assert field_value((0, 0, 0)) == 0
    assert barn_shares(9, [], 2) == [0, 0]


def test_fe_r50_single_barn_scores_the_value():
    """FE-R50: exactly one barn: its owner scores the whole value."""
    assert barn_shares(field_value((1, 1, 0)), [BLUE], 3) == [0, 2, 0]


def test_fe_t11_both_conditions_score():
    """FE-T11 (FE-R20): Farmer Tim on a 7-tile field with 2 cows and 1 pig: 3 + 2 = 5."""
    tim = (parse_condition("ANIMAL_MIN(cow,1)", 3), parse_condition("TILES_MIN(6)", 2))
    assert farmer_bonus(tim, FieldFacts((2, 1, 0), 7, 0, 1)) == (5, (0, 1))


@pytest.mark.parametrize(
    ("text", "facts", "expected"),
    [
        ("ANIMAL_MIN(cow,2)", FieldFacts((2, 0, 0), 4, 0, 0), True),
        ("ANIMAL_MIN(cow,2)", FieldFacts((1, 5, 5), 4, 0, 0), False),
        ("HAS_BOTH(pig,sheep)", FieldFacts((0, 1, 1), 4, 0, 0), True),
        ("HAS_BOTH(pig,sheep)", FieldFacts((3, 1, 0), 4, 0, 0), False),
        ("LACKS(pig)", FieldFacts((1, 0, 1), 4, 0, 0), True),
        ("LACKS(pig)", FieldFacts((0, 0, 0), 4, 0, 0), False),  # needs >= 1 animal
        ("LACKS(pig)", FieldFacts((1, 1, 0), 4, 0, 0), False),
        ("TYPES_EXACT(1)", FieldFacts((0, 0, 3), 4, 0, 0), True),
        ("TYPES_EXACT(1)", FieldFacts((0, 0, 0), 4, 0, 0), False),
        ("TYPES_MIN(2)", FieldFacts((1, 0, 1), 4, 0, 0), True),
        ("TYPES_MIN(2)", FieldFacts((4, 0, 0), 4, 0, 0), False),
        ("ANIMALS_EXACT(3)", FieldFacts((1, 1, 1), 4, 0, 0), True),
        ("ANIMALS_EXACT(3)", FieldFacts((1, 1, 2), 4, 0, 0), False),
        ("ANIMALS_MIN(4)", FieldFacts((2, 2, 0), 4, 0, 0), True),
        ("ANIMALS_MIN(4)", FieldFacts((2, 1, 0), 4, 0, 0), False),
        ("ANIMALS_MAX(2)", FieldFacts((0, 0, 0), 4, 0, 0), True),  # 0 included
        ("ANIMALS_MAX(2)", FieldFacts((1, 1, 1), 4, 0, 0), False),
        ("TILES_MIN(6)", FieldFacts((1, 0, 0), 6, 0, 0), True),
        ("TILES_MIN(6)", FieldFacts((1, 0, 0), 5, 0, 0), False),
        ("TILES_EXACT(4)", FieldFacts((1, 0, 0), 4, 0, 0), True),
        ("TILES_EXACT(4)", FieldFacts((1, 0, 0), 5, 0, 0), False),
        ("OWN_BARN", FieldFacts((1, 0, 0), 4, 1, 0), True),
        ("OWN_BARN", FieldFacts((1, 0, 0), 4, 0, 2), False),
        ("NO_OWN_BARN", FieldFacts((1, 0, 0), 4, 0, 2), True),
        ("NO_OWN_BARN", FieldFacts((1, 0, 0), 4, 1, 0), False),
        ("OPPONENT_BARN", FieldFacts((1, 0, 0), 4, 1, 1), True),
        ("OPPONENT_BARN", FieldFacts((1, 0, 0), 4, 2, 0), False),
    ],
)
def test_fe_predicate_table(text, facts, expected):
    """The predicate codes of FE §5, each true and false once."""
    assert condition_met(parse_condition(text, 1), facts) is expected


@pytest.mark.parametrize(
    "text",
    ["ANIMAL_MIN(goat,1)", "ANIMAL_MIN(cow)", "FOO(1)", "TILES_MIN(x)", "OWN_BARN(1)", "((", ""],
)
def test_fe_malformed_conditions_are_rejected(text):
    """A data file with a malformed farmer condition fails loudly, naming it."""
    with pytest.raises(ValueError):
        parse_condition(text, 1)


def test_fe_packed_animals_add_componentwise():
    """Merging fields adds packed counts (the engine's FE-R13 bookkeeping)."""
    a, b = pack_animals(3, 0, 38), pack_animals(35, 38, 0)
    assert unpack_animals(a + b) == (38, 38, 38)
