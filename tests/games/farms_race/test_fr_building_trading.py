"""Farms Race building and Supply trading (rules/farms_race.md §2.4, §8.1, §8.2; vector
FR-T44 without the Hyper-Intelligent case, a Mutation of part 2).

Regions are indices on the 4-player recommended map (FR-3.4); seat 0's home is region 2.
"""

from __future__ import annotations

import pytest
from fr_helpers import (
    BRICK,
    WEAPONS,
    WHEAT,
    WOOD,
    args_of,
    board,
    do,
    hand,
    kinds,
    legal,
    phase_name,
    scenario,
    to_discard_phase,
    to_resources,
)

from farmstead.games.farms_race.actions import (
    ARMORY_AT,
    BARN_AT,
    MOVE_TO,
    SOURCE,
    TAKE,
    TRADE,
)

BARN_COST = {"wheat": 1, "wood": 1, "brick": 1, "weapons": 1}
ARMORY_COST = {"weapons": 3, "brick": 2}


def trades(state) -> set[tuple[int, int]]:
    """The legal Supply trades as (give, take) kinds."""
    return {divmod(arg, 5) for arg in args_of(state, TRADE)}


# --- FR-8.1 building --------------------------------------------------------------------------
def test_FR_8_1_barn_needs_a_controlled_region_without_building() -> None:
    """FR-8.1: a Barn goes on a region one controls that has no building: not on the home Barn,
    not on an uncontrolled or another player's region."""
    s = scenario(
        regions=board({1: {"owner": 0, "healthy": 1}, 6: {"owner": 0, "injured": 1}}),
        hands={0: BARN_COST},
    )
    assert args_of(s, BARN_AT) == [1, 6]
    do(s, BARN_AT, 6)
    assert hand(s, 0) == [0, 0, 0, 0, 0]
    assert s.building[6] == 1
    assert s.to_json()["seats"][0]["barns_left"] == 1
    assert s.visible_vp(0) == 2


def test_FR_2_4_barn_needs_the_whole_cost() -> None:
    """FR-2.4 (PROPOSED data): a Barn costs wheat, wood, brick and weapons, one each."""
    for missing in BARN_COST:
        cards = {k: 1 for k in BARN_COST if k != missing} | {"plutonium": 5}
        s = scenario(regions=board({1: {"owner": 0, "healthy": 1}}), hands={0: cards})
        assert args_of(s, BARN_AT) == [], missing


def test_FR_2_1_barns_are_limited_to_three_on_the_map() -> None:
    """FR-2.1: with 3 Barns on the map none is left in the supply to build."""
    s = scenario(
        regions=board(
            {
                1: {"owner": 0, "building": "barn"},
                6: {"owner": 0, "building": "barn"},
                7: {"owner": 0, "healthy": 1},
            }
        ),
        hands={0: BARN_COST},
    )
    assert args_of(s, BARN_AT) == []


def test_FR_8_1_armory_upgrades_own_barn_and_returns_it_to_the_supply() -> None:
    """FR-8.1, FR-2.4: an Armory replaces one of one's Barns (weapons 3, brick 2); the Barn goes
    back to the personal supply and the VP go from 1 to 2."""
    s = scenario(
        regions=board({6: {"owner": 0, "healthy": 1}, 10: {"owner": 1, "building": "barn"}}),
        hands={0: ARMORY_COST},
    )
    assert args_of(s, ARMORY_AT) == [2]  # not the herd-only region, not seat 1's Barn
    vp = s.visible_vp(0)
    do(s, ARMORY_AT, 2)
    seat = s.to_json()["seats"][0]
    assert (seat["barns_left"], seat["armories_left"]) == (3, 1)
    assert s.building[2] == 2
    assert s.visible_vp(0) == vp + 1
    assert hand(s, 0) == [0, 0, 0, 0, 0]


def test_FR_2_1_armories_are_limited_to_two() -> None:
    s = scenario(
        regions=board(
            {
                2: {"owner": 0, "building": "armory"},
                6: {"owner": 0, "building": "armory"},
                7: {"owner": 0, "building": "barn"},
            }
        ),
        hands={0: {"weapons": 6, "brick": 4}},
    )
    assert args_of(s, ARMORY_AT) == []


@pytest.mark.parametrize("phase", ["actions", "resources", "discard_phase"])
def test_FR_8_1_building_allowed_in_phases_2_to_4(phase: str) -> None:
    s = scenario(
        regions=board({1: {"owner": 0, "healthy": 1}}),
        hands={0: {"wheat": 1, "wood": 1, "brick": 3, "weapons": 4}},
    )
    if phase == "resources":
        to_resources(s, 4, 4)
    elif phase == "discard_phase":
        to_discard_phase(s, 4, 4)
    assert phase_name(s) == phase
    assert args_of(s, BARN_AT) == [1]
    assert args_of(s, ARMORY_AT) == [2]
    do(s, BARN_AT, 1)
    do(s, ARMORY_AT, 1)
    assert s.building[1] == 2


# --- FR-8.2 Supply trades, FR-T44 -------------------------------------------------------------
def test_FR_T44_three_of_a_kind_for_one_of_another_kind() -> None:
    """FR-T44: 3 wheat -> 1 brick is legal; 3 wheat -> 1 wheat is not."""
    s = scenario(regions=board(), hands={0: {"wheat": 3}})
    assert trades(s) == {(WHEAT, WOOD), (WHEAT, BRICK), (WHEAT, WEAPONS), (WHEAT, 4)}
    assert (WHEAT, WHEAT) not in trades(s)
    do(s, TRADE, WHEAT * 5 + BRICK)
    assert hand(s, 0) == [0, 0, 1, 0, 0]
    assert trades(s) == set()


def test_FR_T44_two_wheat_and_one_wood_is_no_trade() -> None:
    """FR-T44: 2 wheat + 1 wood -> 1 brick is illegal: the 3 cards must be of one kind."""
    s = scenario(regions=board(), hands={0: {"wheat": 2, "wood": 1}})
    assert TRADE not in kinds(s)


def test_FR_8_2_trades_are_unlimited_and_public() -> None:
    """FR-8.2, FR-16: any number of Supply trades; others see the cards traded (known)."""
    s = scenario(regions=board(), hands={0: {"wheat": 7}})
    do(s, TRADE, WHEAT * 5 + WOOD)
    do(s, TRADE, WHEAT * 5 + BRICK)
    assert hand(s, 0) == [1, 1, 1, 0, 0]
    assert s.to_json()["seats"][0]["known"] == {"wheat": 1, "wood": 1, "brick": 1}
    assert s.observation(1)["seats"][0]["hand_size"] == 3


@pytest.mark.parametrize("phase", ["resources", "discard_phase"])
def test_FR_8_2_trades_allowed_after_the_roll(phase: str) -> None:
    s = scenario(regions=board(), hands={0: {"weapons": 3}})
    if phase == "resources":
        to_resources(s, 4, 4)
    else:
        to_discard_phase(s, 4, 4)
    assert phase_name(s) == phase
    assert (WEAPONS, WHEAT) in trades(s)


def test_FR_8_free_actions_not_offered_while_a_move_is_assembled() -> None:
    """FR-5.3: a move is one action; no build or trade in the middle of it."""
    s = scenario(
        regions=board({1: {"owner": 0, "healthy": 1}}), hands={0: BARN_COST | {"wheat": 4}}
    )
    assert {BARN_AT, TRADE} <= kinds(s)
    do(s, MOVE_TO, 0)
    do(s, SOURCE, 1)
    do(s, TAKE, 0)
    assert not ({BARN_AT, TRADE, ARMORY_AT} & kinds(s))
    assert not legal(s, BARN_AT, 1)
