"""Fox, wolf and dogs (rules/rancho.md 6.5 and 9.5): the rulebook's fox, wolf and dog examples.

Test vectors TV-RA-14, TV-RA-15, TV-RA-16, TV-RA-26, TV-RA-27, TV-RA-28; rulings RA-R31 … RA-R38.
"""

from __future__ import annotations

import itertools

import pytest
from ra_helpers import (
    act,
    conserved,
    cow,
    d6,
    game,
    herd,
    horse,
    legal_types,
    on,
    owns,
    placed,
    pool,
    position,
    rabbits,
    roll,
    sheep,
)

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import PlayerId

USE = {"type": "USE_DOG"}
KEEP = {"type": "KEEP_DOG"}


# --- the fox -----------------------------------------------------------------------------------
def fox_position():
    """TV-RA-14: rabbits and sheep of two players (farms 1 and 3 of a 3-player game) on cost-1
    pastures, other rabbits on farms and cost-2/4 pastures."""
    return position(
        3,
        pastures={0: ["P33", "P14", "P02", "P01"], 1: ["P41", "P21", "P07", "P06"]},
        pieces=[
            rabbits("F1a", 6),
            rabbits("P33", 2),
            rabbits("P14", 3),
            rabbits("P02", 4),
            sheep("P01"),
            rabbits("F3a", 1),
            rabbits("P41", 2),
            rabbits("P21", 5),
            rabbits("P07", 6),
            sheep("P06"),
        ],
    )


def test_TV_RA_14_rulebook_fox_on_1_takes_every_players_rabbits_on_cost_1_pastures():
    """TV-RA-14 (RA-R34), rulebook: fox example, rabbits on "1" pastures go;
    sheep and other rabbits stay."""
    state = fox_position()
    herd0 = herd(state)
    roll(state, "fox", "horse")  # no horse owned: nothing breeds
    assert state.current_player() == PlayerId.CHANCE
    d6(state, 1)
    assert on(state, "P02") is None  # seat 0, cost 1
    assert on(state, "P07") is None  # seat 1 (not the active player), cost 1
    assert on(state, "P01") == ("sheep", 1)
    assert on(state, "P06") == ("sheep", 1)
    for cell, n in (("F1a", 6), ("P33", 2), ("P14", 3), ("F3a", 1), ("P41", 2), ("P21", 5)):
        assert on(state, cell) == ("rabbit", n)
    assert herd(state)["rabbit"] == herd0["rabbit"] + 10
    assert herd(state)["sheep"] == herd0["sheep"]
    assert conserved(state)


@pytest.mark.parametrize(("number", "lost"), [(2, {"P14", "P21"}), (4, {"P33", "P41"})])
def test_RA_R34_fox_takes_rabbits_of_the_rolled_ring_only(number, lost):
    """RA-R34 / RA-R36: the d6 names the ring; farm cells are never attacked."""
    state = fox_position()
    cells = ("F1a", "P33", "P14", "P02", "P01", "F3a", "P41", "P21", "P07", "P06")
    before = {c: on(state, c) for c in cells}
    roll(state, "fox", "horse")
    d6(state, number)
    for cell, piece in before.items():
        assert on(state, cell) == (None if cell in lost else piece), cell


# --- the wolf ----------------------------------------------------------------------------------
def wolf_position():
    """TV-RA-15 on the proposed board (2 players: farms 1 and 4)."""
    return position(
        pastures={0: ["P32", "P33", "P34"], 1: ["P22", "P23", "P24", "P44", "P45"]},
        pieces=[
            cow("F1a", "F1b"),
            sheep("P32"),
            rabbits("P34", 6),
            horse("F4a", "F4b", "P45"),
            cow("P44", "P22"),
            cow("P23", "P24"),
        ],
    )


def test_TV_RA_15_rulebook_wolf_on_4_takes_animals_wholly_or_partly_there():
    """TV-RA-15 (RA-R35, RA-R36), rulebook: wolf example: lost the sheep on P32, the horse (P45 is a 4),
    the cow on P44+P22 (partly on a 4); kept the farm cow, the rabbits on P34, the cow on P23+P24."""
    state = wolf_position()
    herd0 = herd(state)
    roll(state, "wolf", "horse")
    d6(state, 4)
    assert on(state, "P32") is None
    assert on(state, "F4a") is None and on(state, "F4b") is None and on(state, "P45") is None
    assert on(state, "P44") is None and on(state, "P22") is None
    assert on(state, "F1a") == ("cow", 1) and on(state, "F1b") == ("cow", 1)
    assert on(state, "P34") == ("rabbit", 6)
    assert on(state, "P23") == ("cow", 1) and on(state, "P24") == ("cow", 1)
    assert placed(state, 0) == {"rabbit": 6, "sheep": 0, "cow": 1, "horse": 0}
    assert placed(state, 1) == {"rabbit": 0, "sheep": 0, "cow": 1, "horse": 0}
    assert herd(state)["sheep"] == herd0["sheep"] + 1
    assert herd(state)["cow"] == herd0["cow"] + 1
    assert herd(state)["horse"] == herd0["horse"] + 1
    assert conserved(state)


def test_RA_R35_wolf_on_2_takes_the_cow_on_two_cost_2_pastures_and_the_partly_hit_one():
    """RA-R35: with d6 = 2 the cows on P23+P24 and on P44+P22 (P22 is a 2) go; the horse stays."""
    state = wolf_position()
    roll(state, "wolf", "horse")
    d6(state, 2)
    assert placed(state, 1) == {"rabbit": 0, "sheep": 0, "cow": 0, "horse": 1}
    assert placed(state, 0) == {"rabbit": 6, "sheep": 1, "cow": 1, "horse": 0}


# --- dogs -------------------------------------------------------------------------------------
def three_sheep_and_a_large_dog():
    return position(
        pastures={0: ["P32", "P33", "P34"]},
        pieces=[sheep("P32"), sheep("P33"), sheep("P34"), rabbits("F1a", 2)],
        dogs={0: {"large_dog": 1}},
    )


def test_TV_RA_16_rulebook_dog_example_use_the_large_dog():
    """TV-RA-16 (RA-R37), rulebook: dog example, the large dog goes back, all 3 sheep are saved."""
    state = three_sheep_and_a_large_dog()
    roll(state, "wolf", "horse")
    d6(state, 4)
    assert state.current_player() == 0
    assert sorted(legal_types(state)) == ["KEEP_DOG", "USE_DOG"]
    act(state, USE)
    assert owns(state, 0)["large_dog"] == 0
    assert herd(state)["large_dog"] == 1
    assert owns(state, 0)["sheep"] == 3
    assert state.to_json()["phase"] == "placement"


def test_TV_RA_16_keep_the_dog_and_lose_the_sheep():
    """TV-RA-16 (RA-R37): with KEEP_DOG the 3 sheep go to the herd and the dog stays."""
    state = three_sheep_and_a_large_dog()
    herd0 = herd(state)
    roll(state, "wolf", "horse")
    d6(state, 4)
    act(state, KEEP)
    assert owns(state, 0)["large_dog"] == 1
    assert owns(state, 0)["sheep"] == 0
    assert herd(state)["sheep"] == herd0["sheep"] + 3
    assert owns(state, 0)["rabbit"] == 2  # the wolf never takes rabbits


def test_RA_R37_small_dog_saves_all_rabbits_from_a_fox():
    """RA-R37: a small dog given back instead of every rabbit a fox would take."""
    state = position(
        pastures={0: ["P33", "P14", "P02", "P01"]},
        pieces=[rabbits("P02", 6), rabbits("P01", 3), sheep("F1a")],
        dogs={0: {"small_dog": 1, "large_dog": 1}},
    )
    roll(state, "fox", "horse")
    d6(state, 1)
    assert sorted(legal_types(state)) == ["KEEP_DOG", "USE_DOG"]
    act(state, USE)
    assert owns(state, 0)["rabbit"] == 9
    assert owns(state, 0)["small_dog"] == 0 and owns(state, 0)["large_dog"] == 1


def test_RA_R37_a_player_who_would_lose_nothing_is_not_asked():
    """RA-R37: dogs but nothing on the attacked ring: no question, dogs kept."""
    state = position(
        pastures={0: ["P33", "P14", "P02"]},
        pieces=[rabbits("P33", 6), sheep("P14")],
        dogs={0: {"small_dog": 1, "large_dog": 1}},
    )
    roll(state, "fox", "horse")
    d6(state, 1)
    assert state.to_json()["phase"] == "placement"
    assert owns(state, 0)["small_dog"] == 1 and owns(state, 0)["rabbit"] == 6


def test_RA_R37_only_a_matching_dog_is_offered():
    """RA-R37: a fox needs a small dog; a player with only a large dog loses the rabbits unasked."""
    state = position(
        pastures={0: ["P33", "P14", "P02"]},
        pieces=[rabbits("P02", 6), sheep("P14")],
        dogs={0: {"large_dog": 1}},
    )
    roll(state, "fox", "horse")
    d6(state, 1)
    assert state.to_json()["phase"] == "placement"
    assert owns(state, 0)["rabbit"] == 0 and owns(state, 0)["large_dog"] == 1


def two_sheep_one_large_dog():
    return position(
        pastures={0: ["P32", "P33"]},
        pieces=[sheep("P32"), sheep("P33")],
        dogs={0: {"large_dog": 1}},
    )


def test_TV_RA_26_two_wolves_use_the_dog_then_lose_the_sheep():
    """TV-RA-26 (RA-R31, RA-R37, RA-R38): attack 1 USE_DOG keeps the sheep; attack 2 has no dog."""
    state = two_sheep_one_large_dog()
    roll(state, "wolf", "wolf")
    d6(state, 4)
    act(state, USE)
    assert owns(state, 0)["sheep"] == 2
    assert state.current_player() == PlayerId.CHANCE  # the second wolf's d6
    d6(state, 4)
    assert state.to_json()["phase"] == "placement"  # no question without a dog
    assert owns(state, 0)["sheep"] == 0
    assert owns(state, 0)["large_dog"] == 0


def test_TV_RA_26_two_wolves_keep_the_dog():
    """TV-RA-26: KEEP_DOG in attack 1 loses the sheep; attack 2 takes nothing and asks nothing."""
    state = two_sheep_one_large_dog()
    roll(state, "wolf", "wolf")
    d6(state, 4)
    act(state, KEEP)
    assert owns(state, 0)["sheep"] == 0
    d6(state, 4)
    assert state.to_json()["phase"] == "placement"
    assert owns(state, 0)["large_dog"] == 1


def test_RA_R31_two_foxes_two_rolls_on_different_rings():
    """RA-R31: two fox faces are two attacks with their own d6 (here 1 then 2)."""
    state = position(
        pastures={0: ["P33", "P14", "P02"]},
        pieces=[rabbits("P33", 6), rabbits("P14", 5), rabbits("P02", 4)],
    )
    roll(state, "fox", "fox")
    d6(state, 1)
    assert on(state, "P02") is None and on(state, "P14") == ("rabbit", 5)
    d6(state, 2)
    assert on(state, "P14") is None
    assert on(state, "P33") == ("rabbit", 6)
    assert state.to_json()["phase"] == "placement"


def test_RA_R31_two_attacks_may_hit_the_same_ring():
    """RA-R31: both wolves roll 2: the second finds nothing more; both d6 rolls happen."""
    state = position(
        pastures={0: ["P33", "P14", "P15"]},
        pieces=[sheep("P14"), sheep("P15"), sheep("P33")],
    )
    roll(state, "wolf", "wolf")
    d6(state, 2)
    assert state.current_player() == PlayerId.CHANCE
    d6(state, 2)
    assert placed(state, 0)["sheep"] == 1 and on(state, "P33") == ("sheep", 1)


# --- fox and wolf together ---------------------------------------------------------------------
def mixed_position():
    return position(
        pastures={0: ["P33", "P14", "P02"], 1: ["P45", "P23", "P07"]},
        pieces=[
            rabbits("P02", 5),
            sheep("P14"),
            rabbits("F1a", 2),
            rabbits("P07", 4),
            sheep("P23"),
            cow("F4a", "P45"),
        ],
        dogs={1: {"small_dog": 1, "large_dog": 1}},
    )


@pytest.mark.parametrize("choices", list(itertools.product([USE, KEEP], repeat=2)))
def test_TV_RA_27_fox_and_wolf_order_never_changes_the_outcome(choices):
    """TV-RA-27 (RA-R32): the active player orders fox and wolf; with the same d6 results (fox 1,
    wolf 2) and the same dog choices both orders end in the same state (the ``d6`` field only
    shows the last die rolled, so it naturally differs)."""
    fox_choice, wolf_choice = choices
    finals = []
    for order in ("FOX_FIRST", "WOLF_FIRST"):
        state = mixed_position()
        roll(state, "fox", "wolf")
        assert state.current_player() == 0
        assert sorted(legal_types(state)) == ["FOX_FIRST", "WOLF_FIRST"]
        act(state, {"type": order})
        for predator in ("fox", "wolf") if order == "FOX_FIRST" else ("wolf", "fox"):
            d6(state, 1 if predator == "fox" else 2)
            assert state.current_player() == 1  # seat 1's dog decision
            act(state, fox_choice if predator == "fox" else wolf_choice)
        assert state.to_json()["phase"] == "placement"
        doc = state.to_json()
        assert doc["d6"] == (2 if order == "FOX_FIRST" else 1)
        del doc["d6"]
        finals.append(doc)
    assert finals[0] == finals[1]


def test_TV_RA_27_wolf_fox_dice_in_either_order_ask_the_active_player():
    """TV-RA-27: (wolf, fox) asks too; the choice is the active player's, not the dog owner's."""
    state = mixed_position()
    roll(state, "wolf", "fox")
    assert state.to_json()["phase"] == "order"
    assert state.current_player() == 0


# --- predators before breeding -------------------------------------------------------------------
def test_TV_RA_28_fox_strikes_before_rabbits_breed():
    """TV-RA-28 (RA-R33, RA-R39): 2 rabbits on P02 lost first; then 6 + 1 = 7 -> +3 (9 in all)."""
    state = position(
        pastures={0: ["P33", "P14", "P02"]},
        pieces=[rabbits("P33", 6), rabbits("P02", 2)],
    )
    roll(state, "fox", "rabbit")
    d6(state, 1)
    assert on(state, "P02") is None
    assert pool(state, 0)["rabbit"] == 3
    assert owns(state, 0)["rabbit"] == 9


def test_RA_R33_wolf_strikes_before_sheep_breed():
    """RA-R33: 3 sheep, 2 on cost-2 pastures; wolf on 2 + sheep face: 1 left + 1 = 2 -> 1 young
    (breeding first would have given 2)."""
    state = position(
        pastures={0: ["P33", "P14", "P15"]},
        pieces=[sheep("P14"), sheep("P15"), sheep("F1a")],
    )
    roll(state, "wolf", "sheep")
    d6(state, 2)
    assert pool(state, 0)["sheep"] == 1
    assert owns(state, 0)["sheep"] == 2


# --- dog decisions order --------------------------------------------------------------------------
def test_RA_R38_dog_decisions_in_turn_order_from_the_active_player_losses_after_all():
    """RA-R38: 5 players, active seat 3, fox on 1: seats 3, 0 and 2 (small dogs, rabbits on a
    cost-1 pasture) are asked in the order 3, 0, 2; seat 1 (no dog) loses unasked; seat 4 (dog,
    nothing exposed) is not asked. Losses apply only after the last decision."""
    state = position(
        5,
        pastures={0: ["P02"], 1: ["P04"], 2: ["P06"], 3: ["P08"], 4: ["P10"]},
        pieces=[
            rabbits("P02", 2),
            rabbits("P04", 3),
            rabbits("P06", 4),
            rabbits("P08", 5),
            rabbits("F5a", 6),
        ],
        dogs={3: {"small_dog": 1}, 0: {"small_dog": 1}, 2: {"small_dog": 1}, 4: {"large_dog": 1}},
        active=3,
        first_player=3,
        the_game=game(5, first_player="3"),
    )
    roll(state, "fox", "horse")
    d6(state, 1)
    asked = []
    decisions = {3: KEEP, 0: USE, 2: KEEP}
    while state.to_json()["phase"] == "dog":
        seat = state.current_player()
        asked.append(seat)
        assert legal_types(state) == {"USE_DOG", "KEEP_DOG"}  # RA-R28: nothing else
        # Nothing is taken before every decision is made.
        assert on(state, "P04") == ("rabbit", 3)
        assert on(state, "P08") == ("rabbit", 5)
        act(state, decisions[seat])
    assert asked == [3, 0, 2]
    assert on(state, "P08") is None  # seat 3 kept its dog
    assert on(state, "P02") == ("rabbit", 2)  # seat 0 used its dog
    assert on(state, "P06") is None
    assert on(state, "P04") is None  # no dog: lost unasked
    assert on(state, "F5a") == ("rabbit", 6)
    assert [owns(state, s)["small_dog"] for s in range(5)] == [0, 0, 1, 1, 0]
    assert conserved(state)


def test_RA_R28_no_rearranging_between_roll_and_placement():
    """TV-RA-29 / RA-R28: in the order and dog decisions only those choices are legal."""
    state = mixed_position()
    roll(state, "fox", "wolf")
    assert legal_types(state) == {"FOX_FIRST", "WOLF_FIRST"}
    with pytest.raises(IllegalActionError):
        act(state, {"type": "UNPLACE", "cell": "P02"})
    act(state, {"type": "FOX_FIRST"})
    d6(state, 1)
    with pytest.raises(IllegalActionError):
        act(state, {"type": "UNPLACE", "cell": "P07"})
    assert legal_types(state) == {"USE_DOG", "KEEP_DOG"}
