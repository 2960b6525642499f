"""Farms Race turn structure (rules/farms_race.md §5): Preparation, herd actions and moves,
the Resources phase, the Discard phase and the hand limit; rulings FR-R4, FR-R16, FR-R17,
FR-R40; vectors FR-T5 … FR-T8, FR-T10 … FR-T13, FR-T15, FR-T16, FR-T43, FR-T48.

Regions are indices on the 4-player recommended map (FR-3.4):

    row0:  W0   H1   F2*  A3   P4
    row1:     F5   P6   W7   F8   H9
    row2:  W10* A11  F12  H13  P14
    row3:     P15  H16  P17  W18  H19*
    row4:  A20  W21  A22* F23  A24
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from fr_helpers import (
    BRICK,
    PLUTONIUM,
    WEAPONS,
    WHEAT,
    WILD,
    WOOD,
    args_of,
    board,
    close_window,
    dice,
    do,
    end_turn,
    hand,
    herds,
    kinds,
    legal,
    move,
    pass_turn,
    phase_name,
    scenario,
    start_turn,
    to_discard_phase,
    to_resources,
)

from farmstead.games.farms_race.actions import (
    BARN_AT,
    CANCEL,
    CONFIRM,
    END_PHASE,
    END_TURN,
    HEAL,
    MOVE_TO,
    PLACE,
    RESOURCE,
    SOURCE,
    TAKE,
)
from farmstead.games.farms_race.layout import NO

BARN_COST = {"wheat": 1, "wood": 1, "brick": 1, "weapons": 1}


def production(state, seat: int) -> list[int]:
    """What the last Resources phase paid ``seat``, in resource order."""
    paid = state.to_json()["last_production"][seat]
    return [paid.get(k, 0) for k in ("wheat", "wood", "brick", "weapons", "plutonium")]


# --- Phase 1: Preparation (FR-5.2) ------------------------------------------------------------
def test_FR_T11_preparation_places_a_herd_per_building_and_removes_own_turmoil() -> None:
    """FR-T11 (FR-5.2, FR-7.4): Sophia (seat 3) starts her turn: a herd at each of her two
    buildings (Barn and Armory), and the Turmoil on her Weapons Factory is removed; Turmoil
    on a region another player controls stays; on uncontrolled regions (empty or human-held)
    it is removed (FR-T54)."""
    s = start_turn(
        3,
        regions=board(
            {
                22: {"owner": 3, "building": "barn", "healthy": 1, "turmoil": True},
                23: {"owner": 3, "building": "armory"},
                18: {"owner": 3, "injured": 1},
                11: {"owner": 1, "healthy": 1, "turmoil": True},
                0: {"turmoil": True},
                4: {"token": 2, "turmoil": True},
            }
        ),
    )
    assert phase_name(s) == "actions"
    assert s.active == 3
    assert herds(s, 22) == (2, 0)
    assert herds(s, 23) == (1, 0)
    assert herds(s, 18) == (0, 1)  # no building, no herd
    assert s.herds_left[3] == 12 - 4
    turmoil = [r for r, g in enumerate(s.to_json()["regions"]) if g["turmoil"]]
    assert turmoil == [11]


def test_FR_R40_new_herds_are_healthy_and_may_act_this_turn() -> None:
    """FR-R40: the herd placed at an empty Barn in Preparation is healthy and may move."""
    s = start_turn(1, regions=board())
    assert (s.healthy_ready[10], s.injured_ready[10], s.healthy_acted[10], s.injured_acted[10]) == (
        1,
        0,
        0,
        0,
    )
    assert args_of(s, MOVE_TO) == [5, 11, 15]
    move(s, 5, (10, 1, 0))
    assert s.owner[5] == 1
    assert herds(s, 5) == (1, 0)


def test_FR_T48_one_herd_left_for_three_buildings_goes_where_the_player_picks() -> None:
    """FR-T48 (FR-R4): 11 herds on the map and 3 buildings: exactly 1 herd is placed, at the
    building the player picks; nothing but that choice is offered in Preparation."""
    regions = board(
        {
            10: {"owner": 1, "building": "barn", "healthy": 9},
            5: {"owner": 1, "building": "barn", "healthy": 1},
            11: {"owner": 1, "building": "armory", "healthy": 1},
        }
    )
    s = start_turn(1, regions=regions)
    assert phase_name(s) == "prep_place"
    assert s.current_player() == 1
    assert kinds(s) == {PLACE}
    assert args_of(s, PLACE) == [5, 10, 11]
    do(s, PLACE, 11)
    assert phase_name(s) == "actions"
    assert (herds(s, 5), herds(s, 10), herds(s, 11)) == ((1, 0), (9, 0), (2, 0))
    assert s.herds_left[1] == 0


def test_FR_R4_two_herds_for_three_buildings_go_to_two_different_buildings() -> None:
    """FR-R4: with 2 herds left for 3 buildings the owner picks two different buildings."""
    regions = board(
        {
            10: {"owner": 1, "building": "barn", "healthy": 8},
            5: {"owner": 1, "building": "barn", "healthy": 1},
            11: {"owner": 1, "building": "armory", "healthy": 1},
        }
    )
    s = start_turn(1, regions=regions)
    do(s, PLACE, 5)
    assert args_of(s, PLACE) == [10, 11]
    do(s, PLACE, 10)
    assert phase_name(s) == "actions"
    assert (herds(s, 5), herds(s, 10), herds(s, 11)) == ((2, 0), (9, 0), (1, 0))
    assert s.herds_left[1] == 0


def test_FR_2_1_no_herds_left_means_no_new_herds() -> None:
    """FR-2.1: pieces are hard limits: with all 12 herds on the map none is placed."""
    regions = board({10: {"owner": 1, "building": "barn", "healthy": 12}})
    s = start_turn(1, regions=regions)
    assert phase_name(s) == "actions"
    assert herds(s, 10) == (12, 0)


# --- Phase 2: herd actions and moves (FR-5.3) -------------------------------------------------
def sophia(**kwargs):
    """Sophia (seat 3): a Barn on her Weapons Factory 22 and an injured herd on her Fields 23."""
    regions = board({22: {"owner": 3, "building": "barn"}, 23: {"owner": 3, "injured": 1}})
    regions.update(kwargs.pop("regions", {}))
    return scenario(regions=regions, active=3, **kwargs)


def test_FR_T12_healed_herd_becomes_healthy_and_cannot_move() -> None:
    """FR-T12 (FR-5.3): Sophia heals the injured herd on her Fields: it is healthy and has
    acted, so it can neither move nor heal again."""
    s = sophia()
    assert args_of(s, HEAL) == [23]
    assert args_of(s, MOVE_TO) == [17, 18, 22, 24]
    do(s, HEAL, 23)
    assert (s.healthy_ready[23], s.injured_ready[23], s.healthy_acted[23], s.injured_acted[23]) == (
        0,
        0,
        1,
        0,
    )
    assert args_of(s, HEAL) == []
    assert args_of(s, MOVE_TO) == []


def test_FR_5_3_a_moved_herd_cannot_heal_or_move_again() -> None:
    """FR-5.3: move or heal, not both, and never two moves."""
    s = sophia()
    move(s, 22, (23, 0, 1))
    assert (s.injured_ready[22], s.injured_acted[22]) == (0, 1)
    assert args_of(s, HEAL) == []
    assert args_of(s, MOVE_TO) == []
    assert s.owner[23] == NO  # the Fields was left empty: no longer controlled (FR-7.1)


def test_FR_5_3_heal_is_offered_only_for_injured_herds_that_have_not_acted() -> None:
    s = sophia(regions={21: {"owner": 3, "healthy": 2}})
    assert args_of(s, HEAL) == [23]


def test_FR_5_3_move_sources_are_own_adjacent_regions_with_herds_that_may_act() -> None:
    """FR-5.3: a move into D takes herds from regions adjacent to D only; health classes are
    offered only while the source has herds of that class left; Confirm needs a herd."""
    s = scenario(
        regions=board(
            {
                1: {"owner": 0, "healthy": 1, "injured": 1},
                6: {"owner": 0, "healthy": 2},
                3: {"owner": 0, "healthy": 1},  # adjacent to 2 but not to 5
                11: {"owner": 0, "healthy_acted": 1},  # adjacent to 5, has acted
            }
        )
    )
    do(s, MOVE_TO, 5)
    assert kinds(s) == {SOURCE, CANCEL}
    assert args_of(s, SOURCE) == [1, 6]
    do(s, SOURCE, 1)
    assert args_of(s, TAKE) == [0, 1]
    do(s, TAKE, 1)
    assert args_of(s, TAKE) == [0]
    assert legal(s, CONFIRM)
    do(s, SOURCE, 6)
    do(s, TAKE, 0)
    do(s, TAKE, 0)
    assert args_of(s, TAKE) == []
    assert args_of(s, SOURCE) == []  # 1 is already used, 6 is the current source
    do(s, CONFIRM)
    assert phase_name(s) == "actions"
    assert (s.healthy_acted[5], s.injured_acted[5]) == (2, 1)
    assert herds(s, 1) == (1, 0) and herds(s, 6) == (0, 0)
    assert s.owner[5] == 0 and s.owner[6] == NO
    assert s.to_json()["attacked"] == []  # an empty region: not an attack (FR-R3)


def test_FR_5_3_cancel_changes_nothing() -> None:
    """FR-5.3, FR-17: a cancelled move leaves the position as it was (the engine only counts
    cancels to bound the game) and the same actions are legal again."""
    s = scenario(regions=board({1: {"owner": 0, "healthy": 2}, 0: {"token": "face_down"}}))
    before = s.to_json()
    legal_before = s.legal_actions()
    do(s, MOVE_TO, 0)
    do(s, SOURCE, 1)
    do(s, TAKE, 0)
    do(s, CANCEL)
    after = s.to_json()
    assert after.pop("cancels") == before.pop("cancels") + 1
    assert after == before
    assert s.legal_actions() == legal_before


def test_FR_5_3_the_tensor_counts_the_cancels_toward_their_cap() -> None:
    """FR-5.3 (``max_cancels``, an engine bound): a cancelled move changes what may follow
    (CANCEL stops being legal at the cap), so every seat's tensor shows the cancels made this
    turn over the cap, in the last cell of ``misc``; the position is otherwise the same."""
    s = scenario(regions=board({1: {"owner": 0, "healthy": 2}, 0: {"token": "face_down"}}))
    game: Any = s.game
    misc = game.tensor_layout["misc"]
    cap = game.config.max_cancels
    before = [s.observation_tensor(seat) for seat in range(game.num_players)]
    do(s, MOVE_TO, 0)
    do(s, SOURCE, 1)
    do(s, CANCEL)
    for seat, old in enumerate(before):
        new = s.observation_tensor(seat)
        assert new[misc.stop - 1] == pytest.approx(1 / cap)
        assert np.flatnonzero(new != old).tolist() == [misc.stop - 1]


def test_FR_5_3_move_targets_are_neighbours_of_regions_with_herds_that_may_act() -> None:
    """FR-5.3: MOVE_TO is offered for every neighbour of a region with a herd that may act,
    own regions included; a Barn with no herds offers none."""
    s = scenario(regions=board({1: {"owner": 0, "healthy": 1}}))
    assert args_of(s, MOVE_TO) == [0, 2, 5, 6]


def test_FR_5_3_end_of_actions_loses_unused_herd_actions_and_rolls() -> None:
    s = scenario(regions=board({1: {"owner": 0, "healthy": 1}}))
    do(s, END_PHASE)
    assert phase_name(s) == "roll_resources"
    assert s.is_chance_node()
    assert len(s.chance_outcomes()) == 21  # unordered pairs of 6 faces


# --- Phase 3: Resources (FR-5.4) --------------------------------------------------------------
def addie_mike_jacob(**params):
    """FR-T5: Addie (seat 0) 1 Hills 2 Forest; Mike (seat 1) 2 Hills 1 Forest; Jacob (seat 2)
    1 Hills 0 Forest. Everyone holds a card so that a steal would have victims."""
    regions = board(
        {
            1: {"owner": 0, "healthy": 1},  # Hills
            0: {"owner": 0, "healthy": 1},  # Forest
            7: {"owner": 0, "healthy": 1},  # Forest
            9: {"owner": 1, "healthy": 1},  # Hills
            13: {"owner": 1, "healthy": 1},  # Hills; seat 1's home 10 is a Forest
            16: {"owner": 2, "healthy": 1},  # Hills
            19: {},  # Jacob's only other region is the Fields 23
            23: {"owner": 2, "building": "barn"},
        }
    )
    cards = {s: {"plutonium": 1} for s in range(4)}
    return scenario(regions=regions, hands=cards, **params)


@pytest.mark.parametrize("stealing", [False, True])
def test_FR_T5_brick_and_wild_named_wood(stealing: bool) -> None:
    """FR-T5: brick + wild, Addie names wood: Addie +1 brick +2 wood, Mike +2 brick +1 wood,
    Jacob +1 brick, seat 4 nothing. Not doubles: no steal even in the Stealing variant."""
    s = addie_mike_jacob(stealing=stealing)
    do(s, END_PHASE)
    dice(s, BRICK, WILD)
    assert phase_name(s) == "name_wild"
    assert args_of(s, RESOURCE) == [0, 1, 2, 3, 4]
    do(s, RESOURCE, WOOD)
    assert phase_name(s) == "resources"
    assert production(s, 0) == [0, 2, 1, 0, 0]
    assert production(s, 1) == [0, 1, 2, 0, 0]
    assert production(s, 2) == [0, 0, 1, 0, 0]
    assert production(s, 3) == [0, 0, 0, 0, 0]
    assert hand(s, 0) == [0, 2, 1, 0, 1]
    assert hand(s, 1) == [0, 1, 2, 0, 1]
    assert hand(s, 2) == [0, 0, 1, 0, 1]


def test_FR_T5_without_hills_jacob_gets_no_brick() -> None:
    regions = board({19: {}, 23: {"owner": 2, "building": "barn"}})
    s = scenario(regions=regions)
    to_resources(s, BRICK, WILD, WOOD)
    assert production(s, 2) == [0, 0, 0, 0, 0]


@pytest.mark.parametrize("stealing", [False, True])
def test_FR_T6_double_wheat_pays_two_per_fields_and_is_doubles(stealing: bool) -> None:
    """FR-T6: wheat + wheat, 2 Fields: +4 wheat; doubles, so a Stealing steal is offered."""
    s = scenario(
        regions=board({5: {"owner": 0, "healthy": 1}}),
        hands={1: {"wood": 1}},
        stealing=stealing,
    )
    do(s, END_PHASE)
    dice(s, WHEAT, WHEAT)
    assert production(s, 0) == [4, 0, 0, 0, 0]
    assert hand(s, 0)[WHEAT] == 4
    assert phase_name(s) == ("steal_victim" if stealing else "resources")


@pytest.mark.parametrize("stealing", [False, True])
def test_FR_T7_FR_R16_wild_named_as_the_other_face_pays_two_but_is_not_doubles(
    stealing: bool,
) -> None:
    """FR-T7, FR-R16: wild + brick, brick named: every player collects 2 per Hills (the active
    one and others), but it is not doubles: no steal."""
    s = scenario(
        regions=board({1: {"owner": 0, "healthy": 1}, 9: {"owner": 1, "healthy": 1}}),
        hands={1: {"wood": 1}},
        stealing=stealing,
    )
    do(s, END_PHASE)
    dice(s, WILD, BRICK)
    do(s, RESOURCE, BRICK)
    assert production(s, 0) == [0, 0, 2, 0, 0]
    assert production(s, 1) == [0, 0, 2, 0, 0]
    assert production(s, 2) == [0, 0, 2, 0, 0]  # seat 2's home (3, 4) is a Hills
    assert phase_name(s) == "resources"


@pytest.mark.parametrize("stealing", [False, True])
def test_FR_T8_two_wilds_name_one_resource_paying_two_and_are_doubles(stealing: bool) -> None:
    """FR-T8: wild + wild, wood named once: 3 Forest pay +6 wood; doubles (steal offered)."""
    s = scenario(
        regions=board(
            {
                0: {"owner": 0, "healthy": 1},
                7: {"owner": 0, "healthy": 1},
                18: {"owner": 0, "healthy": 1},
            }
        ),
        hands={1: {"wood": 1}},
        stealing=stealing,
    )
    do(s, END_PHASE)
    dice(s, WILD, WILD)
    assert phase_name(s) == "name_wild"
    do(s, RESOURCE, WOOD)
    assert production(s, 0) == [0, 6, 0, 0, 0]
    assert production(s, 1) == [0, 2, 0, 0, 0]  # seat 1's home is a Forest
    assert phase_name(s) == ("steal_victim" if stealing else "resources")


def test_FR_T10_naming_a_resource_one_does_not_produce_pays_the_active_player_nothing() -> None:
    """FR-T10: the active player names wood for the wild but controls no Forest: no wood for
    them; a Forest owner collects it."""
    s = scenario(regions=board())
    to_resources(s, WHEAT, WILD, WOOD)
    assert production(s, 0) == [1, 0, 0, 0, 0]  # home (0, 2) is a Fields
    assert production(s, 1) == [0, 1, 0, 0, 0]  # home (2, 0) is a Forest


def test_FR_T15_sophia_rolls_weapons_and_plutonium() -> None:
    """FR-T15: Sophia (seat 3) and Michael (seat 1) each control 1 Weapons Factory and 1 Power
    Plant: +1 weapons +1 plutonium each; Maiola (seat 2) 1 Power Plant: +1 plutonium."""
    regions = board(
        {
            17: {"owner": 3, "healthy": 1},  # Power Plant; her home 22 is a Weapons Factory
            11: {"owner": 1, "healthy": 1},  # Weapons Factory
            15: {"owner": 1, "healthy": 1},  # Power Plant
            14: {"owner": 2, "healthy": 1},  # Power Plant; home 19 is a Hills
        }
    )
    s = scenario(regions=regions, active=3)
    to_resources(s, WEAPONS, PLUTONIUM)
    assert production(s, 3) == [0, 0, 0, 1, 1]
    assert production(s, 1) == [0, 0, 0, 1, 1]
    assert production(s, 2) == [0, 0, 0, 0, 1]
    assert production(s, 0) == [0, 0, 0, 0, 0]


def test_FR_R17_production_is_never_reduced_by_the_supply() -> None:
    """FR-R17: production is paid in full even beyond the 20 physical cards of a kind."""
    s = scenario(
        regions=board({5: {"owner": 0, "healthy": 1}, 8: {"owner": 1, "healthy": 1}}),
        hands={0: {"wheat": 19}, 1: {"wheat": 19}},
    )
    to_resources(s, WHEAT, WHEAT)
    assert hand(s, 0)[WHEAT] == 19 + 4
    assert hand(s, 1)[WHEAT] == 19 + 2


def test_FR_5_4_production_is_simultaneous_and_public() -> None:
    """FR-5.4, FR-16: every player's payout is in every seat's observation."""
    s = scenario(regions=board({9: {"owner": 1, "healthy": 1}}))
    to_resources(s, BRICK, WOOD)
    for seat in (None, 0, 2):
        assert s.observation(seat)["last_production"][1] == {"wood": 1, "brick": 1}
        assert s.observation(seat)["seats"][1]["hand_size"] == 2


# --- Phase 4: Discard (FR-5.5) ----------------------------------------------------------------
def test_FR_T43_end_of_turn_with_nine_cards_discards_two_chosen_cards() -> None:
    """FR-T43: ending the turn with 9 resources: the player discards 2 cards of their choice,
    one at a time; a non-active player holding 10 does not discard."""
    s = scenario(
        regions=board(),
        hands={0: {"wheat": 6, "brick": 3}, 1: {"wood": 10}},
        phase="discard_phase",
    )
    do(s, END_TURN)
    assert phase_name(s) == "discard"
    assert s.current_player() == 0
    assert args_of(s, RESOURCE) == [WHEAT, BRICK]
    do(s, RESOURCE, BRICK)
    assert phase_name(s) == "discard"
    assert hand(s, 0) == [6, 0, 2, 0, 0]
    do(s, RESOURCE, BRICK)
    assert hand(s, 0) == [6, 0, 1, 0, 0]
    close_window(s)
    assert s.active == 1
    assert phase_name(s) == "actions"
    assert hand(s, 1) == [0, 10, 0, 0, 0]
    # seat 1 discards only at the end of its own turn
    to_discard_phase(s)
    assert sum(hand(s, 1)) == 10 + 1  # its Forest home paid 1 wood
    do(s, END_TURN)
    assert phase_name(s) == "discard"
    assert s.current_player() == 1
    assert s.to_json()["discards"] == 4


def test_FR_5_5_seven_cards_need_no_discard() -> None:
    s = scenario(regions=board(), hands={0: {"wheat": 7}}, phase="discard_phase")
    do(s, END_TURN)
    assert phase_name(s) == "trade_slot"  # FR-8.3: no discard, straight to the trade window
    close_window(s)
    assert s.active == 1 and phase_name(s) == "actions"
    assert hand(s, 0) == [7, 0, 0, 0, 0]


def test_FR_5_5_next_turn_goes_to_the_next_seat_in_turn_order() -> None:
    """FR-1, FR-5.5: turn order is seat order from seat 1, wrapping around; rounds count."""
    s = scenario(regions=board(), first=2, active=2)
    order = []
    for _ in range(5):
        order.append(s.active)
        pass_turn(s)
    assert order == [2, 3, 0, 1, 2]
    assert s.to_json()["round"] == 2


# --- free actions in phases 2 to 4 (FR-5.1, FR-8.1) -------------------------------------------
def test_FR_T13_barn_in_forest_during_actions_gives_a_herd_only_next_turn() -> None:
    """FR-T13: Sophia builds a Barn in her Forest (controlled, no building) during Actions:
    legal, +1 VP, the cost paid; no herd from it this turn, one at her next Preparation."""
    s = scenario(
        regions=board({21: {"owner": 3, "healthy": 1}}),
        hands={3: BARN_COST},
        active=3,
    )
    assert args_of(s, BARN_AT) == [21]  # her home 22 already has a Barn
    vp = s.visible_vp(3)
    do(s, BARN_AT, 21)
    assert s.building[21] == 1
    assert s.visible_vp(3) == vp + 1
    assert hand(s, 3) == [0, 0, 0, 0, 0]
    assert herds(s, 21) == (1, 0)
    assert s.to_json()["seats"][3]["barns_left"] == 1
    pass_turn(s)
    for _ in range(3):
        assert herds(s, 21) == (1, 0)
        pass_turn(s)
    assert s.active == 3
    assert herds(s, 21) == (2, 0)


def test_FR_T16_building_is_allowed_in_the_discard_phase() -> None:
    """FR-T16: in the Discard phase Sophia builds a Barn on a Fields she controls."""
    s = scenario(
        regions=board({23: {"owner": 3, "healthy": 1}}),
        hands={3: BARN_COST},
        active=3,
        phase="discard_phase",
    )
    assert args_of(s, BARN_AT) == [23]
    do(s, BARN_AT, 23)
    assert s.building[23] == 1
    assert phase_name(s) == "discard_phase"
    assert legal(s, END_TURN)


def test_FR_8_1_building_is_allowed_in_the_resources_phase_after_the_roll() -> None:
    s = scenario(regions=board({23: {"owner": 0, "healthy": 1}}), hands={0: BARN_COST})
    to_resources(s, PLUTONIUM, PLUTONIUM)
    assert args_of(s, BARN_AT) == [23]
    do(s, BARN_AT, 23)
    assert s.building[23] == 1


def test_FR_5_2_nothing_but_placing_happens_in_preparation() -> None:
    """FR-5.2: with a herd shortage Preparation asks only where herds go, even when the
    player could afford a Barn."""
    regions = board(
        {
            10: {"owner": 1, "building": "barn", "healthy": 9},
            5: {"owner": 1, "building": "barn", "healthy": 1},
            11: {"owner": 1, "healthy": 1},
        }
    )
    s = start_turn(1, regions=regions, hands={1: BARN_COST})
    assert phase_name(s) == "prep_place"
    assert kinds(s) == {PLACE}
    assert args_of(s, PLACE) == [5, 10]
    do(s, PLACE, 5)
    assert phase_name(s) == "actions"
    assert 11 in args_of(s, BARN_AT)


def test_FR_5_5_end_turn_only_in_the_discard_phase() -> None:
    s = scenario(regions=board())
    assert not legal(s, END_TURN)
    assert legal(s, END_PHASE)
    to_resources(s, WHEAT, WOOD)
    assert not legal(s, END_TURN) and legal(s, END_PHASE)
    do(s, END_PHASE)
    assert legal(s, END_TURN) and not legal(s, END_PHASE)
    end_turn(s)
    assert s.active == 1
