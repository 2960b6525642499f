"""Breeding (rules/rancho.md 6.6): the rulebook's seven breeding examples and the shortage example.

Test vectors TV-RA-06 … TV-RA-13, TV-RA-32, TV-RA-33; rulings RA-R39 … RA-R42.
"""

from __future__ import annotations

import pytest
from ra_helpers import (
    act,
    cow,
    d6,
    herd,
    horse,
    legal,
    legal_types,
    occupant,
    on,
    owns,
    pool,
    position,
    rabbits,
    roll,
    sheep,
)

NOTHING = {"rabbit": 0, "sheep": 0, "cow": 0, "horse": 0}


def two_sheep_five_rabbits():
    """The rulebook's breeding example: 2 sheep and 5 rabbits (farm 1 + P33)."""
    return position(pastures={0: ["P33"]}, pieces=[sheep("F1a"), sheep("F1b"), rabbits("P33", 5)])


@pytest.mark.parametrize(
    ("tv", "faces", "young"),
    [
        ("TV-RA-06 rulebook: 2 rabbits -> 3 new rabbits", ("rabbit", "rabbit"), {"rabbit": 3}),
        (
            "TV-RA-07 rulebook: rabbit + sheep -> 3 rabbits, 1 sheep",
            ("rabbit", "sheep"),
            {"rabbit": 3, "sheep": 1},
        ),
        ("TV-RA-08 rulebook: rabbit + cow -> 3 rabbits, no cow", ("rabbit", "cow"), {"rabbit": 3}),
        ("TV-RA-09 rulebook: 2 sheep -> 2 new sheep", ("sheep", "sheep"), {"sheep": 2}),
        ("TV-RA-10 rulebook: cow + sheep -> 1 sheep, no cow", ("cow", "sheep"), {"sheep": 1}),
        ("TV-RA-11 rulebook: 2 cows -> 1 cow", ("cow", "cow"), {"cow": 1}),
        ("TV-RA-12 rulebook: horse + cow -> nothing", ("horse", "cow"), {}),
        ("TV-RA-33: 0 cows, cow + sheep -> no cow (0 + 1 < 2)", ("cow", "sheep"), {"sheep": 1}),
    ],
)
@pytest.mark.parametrize("swap", [False, True], ids=["a-b", "b-a"])
def test_TV_RA_06_to_12_rulebook_breeding_examples(tv, faces, young, swap):
    """TV-RA-06 … TV-RA-12, TV-RA-33 (RA-R39), rulebook: breeding examples ("The player has 2 sheep
    and 5 rabbits"): floor((owned + faces) / 2) for each kind shown, in either die order."""
    state = two_sheep_five_rabbits()
    herd0 = herd(state)
    a, b = reversed(faces) if swap else faces
    roll(state, a, b)
    expected = {**NOTHING, **young}
    assert pool(state, 0) == expected, tv
    for kind, n in expected.items():
        assert herd(state)[kind] == herd0[kind] - n
    assert state.to_json()["phase"] == "placement"


def test_TV_RA_13_rulebook_shortage_example():
    """TV-RA-13 (RA-R40), rulebook: shortage example: 11 rabbits + 2 rabbit faces = 13 = 6 pairs (the rulebook's "0"
    is a typo), capped by the 4 rabbits in the herd: +4."""
    state = position(
        pastures={0: ["P33"]},
        pieces=[rabbits("F1a", 6), rabbits("F1b", 5)],
        herd={"rabbit": 4},
        dump=1,
    )
    assert herd(state)["rabbit"] == 4
    roll(state, "rabbit", "rabbit")
    assert pool(state, 0)["rabbit"] == 4
    assert herd(state)["rabbit"] == 0
    assert owns(state, 0)["rabbit"] == 15


def test_TV_RA_13_fifteen_rabbits_need_three_spaces():
    """TV-RA-13 / RA-R29: 15 rabbits fill 3 spaces: on farm 1 + P33 they fit (6 + 6 + 3); on the
    bare farm they do not, and returning is required."""
    roomy = position(
        pastures={0: ["P33"]},
        pieces=[rabbits("F1a", 6), rabbits("F1b", 5)],
        herd={"rabbit": 4},
        dump=1,
    )
    roll(roomy, "rabbit", "rabbit")
    assert not legal(roomy, "END_TURN")
    act(roomy, {"type": "ARRANGE_SAFEST"})
    assert sorted(occupant(roomy, c)[1] for c in ("F1a", "F1b", "P33")) == [3, 6, 6]
    assert legal(roomy, "END_TURN")

    cramped = position(
        pieces=[rabbits("F1a", 6), rabbits("F1b", 5)],
        pastures={1: ["P45"]},
        herd={"rabbit": 4},
        dump=1,
    )
    roll(cramped, "rabbit", "rabbit")
    assert "RETURN" in legal_types(cramped)
    assert "ARRANGE_SAFEST" not in legal_types(cramped)


def test_TV_RA_32_no_new_horse_from_rabbit_and_sheep():
    """TV-RA-32 (RA-R39): a player with 2 horses rolling rabbit + sheep gets no horse."""
    state = position(
        pastures={0: ["P33", "P32", "P13", "P31"]},
        pieces=[horse("F1a", "F1b", "P33"), horse("P32", "P13", "P31")],
    )
    roll(state, "rabbit", "sheep")
    assert pool(state, 0) == NOTHING
    assert owns(state, 0)["horse"] == 2


def test_RA_R39_kinds_not_shown_do_not_breed():
    """RA-R39: pairs on the board breed only when their kind is on a die (2 horses, 2 cows)."""
    state = position(
        pastures={0: ["P33", "P32", "P13", "P31", "P14", "P15"]},
        pieces=[
            horse("F1a", "F1b", "P33"),
            horse("P32", "P13", "P31"),
            rabbits("P14", 4),
            sheep("P15"),
        ],
    )
    roll(state, "rabbit", "rabbit")
    assert pool(state, 0) == {**NOTHING, "rabbit": 3}


def test_RA_R39_predator_faces_add_nothing():
    """RA-R39: with fox + rabbit, 5 rabbits breed as 5 + 1 = 6 -> 3 (the fox face is not a rabbit)."""
    state = two_sheep_five_rabbits()  # rabbits on P33 (cost 4), safe from a fox on 1
    roll(state, "fox", "rabbit")
    d6(state, 1)
    assert pool(state, 0) == {**NOTHING, "rabbit": 3}


def test_RA_R39_two_predators_breed_nothing():
    """RA-R39: wolf + fox or two wolves breed no animal at all."""
    for faces in (("wolf", "wolf"), ("fox", "fox")):
        state = two_sheep_five_rabbits()
        roll(state, *faces)
        d6(state, 2)
        d6(state, 2)
        assert pool(state, 0) == NOTHING
        assert state.to_json()["phase"] == "placement"


def test_RA_R40_herd_shortage_of_sheep():
    """RA-R40: min(new, herd): 2 sheep + 2 sheep faces = 2 young, the herd has 1: +1."""
    state = position(
        pastures={0: ["P33"], 1: ["P45", "P44", "P46"]},
        pieces=[sheep("F1a"), sheep("F1b")],
        herd={"sheep": 1},
        dump=1,
    )
    roll(state, "sheep", "sheep")
    assert pool(state, 0)["sheep"] == 1
    assert herd(state)["sheep"] == 0


def test_RA_R40_empty_herd_gives_nothing():
    """RA-R40: no cow in the herd: 1 cow + 2 cow faces gives nothing."""
    state = position(
        pastures={0: ["P33", "P32"], 1: ["P45", "P44", "P46", "P23", "P24"]},
        pieces=[cow("F1a", "F1b")],
        herd={"cow": 0},
        dump=1,
    )
    assert herd(state)["cow"] == 0
    roll(state, "cow", "cow")
    assert pool(state, 0)["cow"] == 0


def test_RA_R41_young_wait_in_the_pool_until_placed():
    """RA-R41 / RA-R30: new animals enter the pool; END_TURN is masked until they are placed."""
    state = position(
        pastures={0: ["P33", "P32"]},
        pieces=[sheep("F1a"), sheep("F1b"), rabbits("P33", 5)],
    )
    roll(state, "rabbit", "rabbit")
    assert pool(state, 0)["rabbit"] == 3
    assert on(state, "P33") == ("rabbit", 5)
    assert not legal(state, "END_TURN")
    act(state, {"type": "PLACE_RABBIT", "cell": "P33"})
    assert not legal(state, "END_TURN")
    act(state, {"type": "ARRANGE_SAFEST"})
    assert pool(state, 0) == NOTHING
    assert legal(state, "END_TURN")


def test_RA_R42_dogs_never_breed():
    """RA-R42: dogs are on no die face; owning two of each never brings a third."""
    state = position(
        3,
        pastures={0: ["P33"]},
        pieces=[sheep("F1a"), sheep("F1b"), rabbits("P33", 5)],
        dogs={0: {"small_dog": 2, "large_dog": 2}},
    )
    roll(state, "rabbit", "sheep")
    assert owns(state, 0)["small_dog"] == 2 and owns(state, 0)["large_dog"] == 2
    assert herd(state)["small_dog"] == 0 and herd(state)["large_dog"] == 0
