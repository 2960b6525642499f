"""Farms Race Mutations (rules/farms_race.md §2.7, §4 steps 5-6, §11; rulings FR-R16, FR-R21,
FR-R25, FR-R26, FR-R27, FR-R37, FR-R39, FR-R41, FR-R43, FR-R44, FR-R46, FR-R47, FR-R56,
FR-R57, FR-R58, FR-R59; vectors FR-T9, FR-T37, FR-T45, FR-T47, FR-T49, FR-T50, FR-T51).

Mutations are given per seat with the ``mutations`` parameter ("none" for a seat without one),
or dealt at setup with ``mutations="dealt"``. Regions are indices on the 4-player
recommended map (FR-3.4):

    row0:  W0   H1   F2*  A3   P4
    row1:     F5   P6   W7   F8   H9
    row2:  W10* A11  F12  H13  P14
    row3:     P15  H16  P17  W18  H19*
    row4:  A20  W21  A22* F23  A24
"""

from __future__ import annotations

from typing import Any

import pytest
from fr_helpers import (
    BRICK,
    PLUTONIUM,
    WEAPONS,
    WHEAT,
    WILD,
    WOOD,
    allocate,
    args_of,
    board,
    chance,
    dice,
    do,
    end_turn,
    hand,
    herds,
    kinds,
    legal,
    move,
    new_state,
    pass_turn,
    phase_name,
    region,
    roll,
    scenario,
    start_turn,
    to_discard_phase,
)

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.actions import (
    ARMORY_AT,
    BARN_AT,
    BUY_NUKE,
    BUY_SPY,
    CONTINUE,
    DONE,
    END_PHASE,
    END_TURN,
    FLY_FROM,
    FLY_TO,
    HIT,
    LAUNCH,
    MOVE_TO,
    MUTATION,
    ORDER,
    PASS,
    PAY_FOUR,
    PAY_NORMAL,
    PLAY_SPY,
    RESOURCE,
    RETREAT,
    RETREAT_TO,
    SEAT,
    START,
    SWAP_SPY,
    TAKE,
    TARGET,
    TRADE,
    ZOMBIE_TO,
)
from farmstead.games.farms_race.layout import (
    HACKING,
    MUTATION_IDS,
    NO,
    NUKE_TOKEN,
    THIEVERY,
)

STARTS = (2, 10, 19, 22)  # the marked starts of the 4-player map, in seat order


def muts(**by_seat: str) -> str:
    """The ``mutations`` parameter: e.g. ``muts(s0="zombie")`` gives seat 0 Zombie."""
    return ",".join(by_seat.get(f"s{s}", "none") for s in range(4))


def rejected(state, kind: int, arg: int = 0) -> None:
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        do(state, kind, arg)
    assert state.to_json() == before


def production(state, seat: int) -> list[int]:
    paid = state.to_json()["last_production"][seat]
    return [paid.get(k, 0) for k in ("wheat", "wood", "brick", "weapons", "plutonium")]


# --- setup: the deal and the choice (FR-4 steps 5-6, FR-2.9) -----------------------------------
def test_FR_4_two_mutations_dealt_to_each_seat_then_chosen_in_seat_order() -> None:
    """FR-4 step 5-6, FR-2.9: 2 Mutations dealt face down to each seat (chance events, each
    from the cards not dealt yet); each seat in order chooses one of its own, which is
    revealed, then chooses its start."""
    s = new_state(4, mutations="dealt")
    assert phase_name(s) == "deal_mutation"
    assert s.deal_left == (0, 0, 1, 1, 2, 2, 3, 3)
    assert [m for m, _ in s.chance_outcomes()] == list(range(11))
    for m in range(8):
        chance(s, m)
    assert [s.to_json()["seats"][p]["dealt_mutations"] for p in range(4)] == [
        [MUTATION_IDS[2 * p], MUTATION_IDS[2 * p + 1]] for p in range(4)
    ]
    for seat in range(4):
        assert phase_name(s) == "choose_mutation" and s.current_player() == seat
        assert args_of(s, MUTATION) == [2 * seat, 2 * seat + 1]
        rejected(s, MUTATION, (2 * seat + 2) % 11)  # not one of its own
        do(s, MUTATION, 2 * seat + 1)
        assert s.mutation[seat] == 2 * seat + 1
        assert s.observation(None)["seats"][seat]["mutation"] == MUTATION_IDS[2 * seat + 1]
        assert phase_name(s) == "choose_start"
        do(s, START, STARTS[seat])
    assert s.mutation == [1, 3, 5, 7]


def test_FR_4_the_second_deal_draws_only_undealt_cards() -> None:
    s = new_state(4, mutations="dealt")
    chance(s, 4)
    outcomes = [m for m, _ in s.chance_outcomes()]
    assert outcomes == [m for m in range(11) if m != 4]
    assert all(abs(p - 1 / 10) < 1e-12 for _, p in s.chance_outcomes())


def test_FR_3_7_random_maps_deal_three_to_seats_3_and_4() -> None:
    """FR-2.9, FR-3.7: on a random map seats 3 and 4 get 3 Mutations to choose from."""
    s = new_state(4, mutations="dealt", map="random", map_seed=3)
    assert s.deal_left == (0, 0, 1, 1, 2, 2, 2, 3, 3, 3)
    for m in range(10):
        chance(s, m)
    assert [s.dealt[p].bit_count() for p in range(4)] == [2, 2, 3, 3]


def test_FR_4_dealt_but_unchosen_mutations_stay_private() -> None:
    """FR-4 step 6.1, §16: others see how many cards a seat was dealt and, once chosen, its
    Mutation; never the cards it was dealt or discarded."""
    s = new_state(4, mutations="dealt")
    for m in range(8):
        chance(s, m)
    do(s, MUTATION, 1)
    for viewer in (1, 2, 3, None):
        seat0 = s.observation(viewer)["seats"][0]
        assert seat0["dealt_count"] == 2 and seat0["mutation"] == "blue_blooded"
        assert "dealt_mutations" not in seat0
        assert "adorable" not in str(s.observation(viewer))
    assert s.observation(0)["seats"][0]["dealt_mutations"] == ["adorable", "blue_blooded"]


def test_FR_4_no_mutations_variant_deals_nothing() -> None:
    s = new_state(4)  # no_mutations (the helpers' default)
    assert phase_name(s) == "choose_start"
    assert s.dealt == [0, 0, 0, 0] and s.mutation == [NO] * 4


# --- Blue-Blooded (FR-2.1, FR-11; FR-T47) ------------------------------------------------------
def test_FR_T47_blue_blooded_starts_with_an_armory_and_gets_a_fourth_herd() -> None:
    """FR-T47: Blue-Blooded's start has an Armory and 3 healthy herds; its first Preparation
    adds a 4th, and it shows 2 VP. A normal player's first Preparation gives 3 herds, 1 VP.
    The Armory counts toward Blue-Blooded's 2 (one left in its supply)."""
    s = new_state(4, mutations=muts(s0="blue_blooded"))
    for r in STARTS:
        do(s, START, r)
    for _ in range(3):
        chance(s, WOOD)  # starting resources of seats 3 and 4
    assert phase_name(s) == "actions" and s.active == 0
    assert region(s, 2)["building"] == "armory"
    assert herds(s, 2) == (4, 0)
    assert s.visible_vp(0) == 2 and s.armories_left[0] == 1 and s.barns_left[0] == 3
    assert s.herds_left[0] == 8
    pass_turn(s)
    assert s.active == 1
    assert region(s, 10)["building"] == "barn" and herds(s, 10) == (3, 0)
    assert s.visible_vp(1) == 1


# --- Adorable (FR-11, FR-R26, FR-R43, FR-R44, FR-R45; FR-T50) ----------------------------------
def adorable_defends(**extra: Any):
    """Seat 1 (Adorable) holds 12 with 1 healthy herd and a face-down "3" it peeked at; seat 0
    attacks from 7 with 3 healthy herds."""
    regions: dict[int, dict[str, Any]] = {
        7: {"owner": 0, "healthy": 3},
        12: {"owner": 1, "healthy": 1, "token": "face_down", "peeked_value": 3},
    }
    regions.update(extra.pop("regions", {}))
    return scenario(regions=board(regions), mutations=muts(s1="adorable"), **extra)


@pytest.mark.parametrize(("hits", "token", "herd"), [((2, 2), None, (1, 0)), ((2, 0), 1, (0, 1))])
def test_FR_T50_adorable_humans_take_the_heads_then_guns_go_where_it_chooses(
    hits: tuple[int, int], token: int | None, herd: tuple[int, int]
) -> None:
    """FR-T50, FR-R6: the attacker rolls head 1, gun 2 (Arm 0) against Adorable's 1 healthy
    herd and its token "3": the head kills 1 human; Adorable allocates the 2 gun points freely:
    2 humans (then no humans: the token is removed) or 1 human and the herd (a face-up "1").
    The peeked token turns face up when the combat begins; humans roll alongside the herd."""
    s = adorable_defends()
    move(s, 12, (7, 3, 0))
    assert region(s, 12)["token"] == 3  # revealed: its value is public now
    assert phase_name(s) == "roll_attacker"
    roll(s, 2, 1)
    assert phase_name(s) == "roll_defender"
    assert max(o for o, _ in s.chance_outcomes()) >> 4 == 4  # 4 dice: 1 herd + 3 humans
    roll(s, 0, 0)
    assert phase_name(s) == "allocate_defender" and s.current_player() == 1
    assert s.to_json()["combat"]["humans"] == 2  # the head killed one
    assert args_of(s, HIT) == [0, 2]
    for h in hits:
        do(s, HIT, h)
    do(s, RETREAT)  # the attacker goes home; the combat ends
    assert region(s, 12)["token"] == token
    assert herds(s, 12) == herd and s.owner[12] == 1


def test_FR_R5_surplus_heads_against_adorable_are_lost() -> None:
    """FR-6.2: head hits must go to Adorable's humans; heads beyond the humans are lost (never
    to herds)."""
    s = adorable_defends(regions={12: {"owner": 1, "healthy": 1, "token": 1}})
    move(s, 12, (7, 3, 0))
    roll(s, 0, 3)
    roll(s, 0, 0)
    assert herds(s, 12) == (1, 0)
    assert s.to_json()["combat"]["humans"] == 0


def test_FR_R26_adorable_walks_into_humans_without_combat_and_peeks() -> None:
    """FR-R26, FR-11: Adorable's herds enter a human-held region with no combat; it takes
    control, the humans stay; it peeks at the face-down token (a chance event whose value
    only it sees)."""
    s = scenario(
        regions=board({6: {"owner": 1, "healthy": 2}, 7: {"token": "face_down"}}),
        active=1,
        mutations=muts(s1="adorable"),
    )
    move(s, 7, (6, 1, 0))
    assert s.attacked == 0 and s.owner[7] == 1
    assert phase_name(s) == "peek"
    chance(s, 2)
    assert phase_name(s) == "actions"
    assert region(s, 7)["token"] == "face_down" and region(s, 7)["peeked_value"] == 2
    assert s.observation(1)["regions"][7]["peeked_value"] == 2
    for viewer in (0, 2, None):
        assert "peeked_value" not in s.observation(viewer)["regions"][7]


def test_FR_R26_adorables_nukes_spare_humans_others_kill_them() -> None:
    """FR-R26: Adorable's own Nuke leaves a human-held region's token; another player's Nuke
    kills the humans in Adorable's own region (its herd is injured)."""
    s = scenario(
        regions=board({6: {"owner": 1, "healthy": 1, "token": 2}, 7: {"token": 3}}),
        active=1,
        nukes={1: (1, 0)},
        mutations=muts(s1="adorable"),
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 7)
    assert region(s, 7)["token"] == 3
    t = scenario(
        regions=board({7: {"owner": 0, "healthy": 1}, 6: {"owner": 1, "healthy": 1, "token": 2}}),
        nukes={0: (1, 0)},
        mutations=muts(s1="adorable"),
    )
    do(t, LAUNCH, NUKE_TOKEN)
    do(t, TARGET, 6)
    assert region(t, 6)["token"] is None and herds(t, 6) == (0, 1)


def test_FR_R45_pocket_nuke_on_adorable_the_victim_allocates_among_herds_and_humans() -> None:
    """FR-R45: against Adorable's region the victim allocates the 2 points among its herds and
    humans (here: both to humans, a "3" becomes a face-up "1")."""
    s = scenario(
        regions=board({7: {"owner": 0, "healthy": 1}, 6: {"owner": 1, "healthy": 1, "token": 3}}),
        spies={0: {"pocket_nuke": 1}},
        mutations=muts(s1="adorable"),
    )
    do(s, LAUNCH, 2)
    do(s, TARGET, 6)
    assert phase_name(s) == "pocket_allocate" and s.current_player() == 1
    assert args_of(s, HIT) == [0, 2]
    do(s, HIT, 2)
    do(s, HIT, 2)
    assert region(s, 6)["token"] == 1 and herds(s, 6) == (1, 0)


def test_FR_R45_adorables_pocket_nuke_spares_humans() -> None:
    s = scenario(
        regions=board({6: {"owner": 1, "healthy": 1}, 7: {"token": 2}}),
        active=1,
        spies={1: {"pocket_nuke": 1}},
        mutations=muts(s1="adorable"),
    )
    do(s, LAUNCH, 2)
    do(s, TARGET, 7)
    assert region(s, 7)["token"] == 2


def test_FR_R43_adorables_herds_retreat_the_humans_fight_on() -> None:
    """FR-R43: Adorable's herds retreat; the humans cannot move and fight on alone. Without a
    building Adorable no longer controls the region; when the attacker kills the humans it
    takes the region — a conquest of Adorable's region (VP at the end of the turn)."""
    s = start_turn(
        0,
        regions=board(
            {
                7: {"owner": 0, "healthy": 3},
                12: {"owner": 1, "healthy": 1, "token": 2},
                11: {"owner": 1, "healthy": 1},
            }
        ),
        round=2,
        mutations=muts(s1="adorable"),
    )
    move(s, 12, (7, 3, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, CONTINUE)
    assert phase_name(s) == "defender_decides"
    assert args_of(s, RETREAT_TO) == [11]  # its own adjacent region
    do(s, RETREAT_TO, 11)
    assert herds(s, 11) == (2, 0)
    assert s.owner[12] == NO and region(s, 12)["token"] == 2
    assert phase_name(s) == "roll_attacker"  # the attacker fights the 2 humans next round
    roll(s, 2, 0)
    roll(s, 0, 0)
    assert s.owner[12] == 0 and region(s, 12)["token"] is None
    to_discard_phase(s)
    end_turn(s)
    assert s.vp_tokens[0] == 1


def test_FR_R43_adorables_building_keeps_control_and_falls_with_the_humans() -> None:
    """FR-R43, FR-7.5: with a Barn there Adorable keeps the region while its humans fight on;
    when they fall the Barn is destroyed."""
    s = scenario(
        regions=board(
            {
                7: {"owner": 0, "healthy": 3},
                12: {"owner": 1, "healthy": 1, "token": 1, "building": "barn"},
                11: {"owner": 1, "healthy": 1},
            }
        ),
        mutations=muts(s1="adorable"),
    )
    move(s, 12, (7, 3, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, CONTINUE)
    do(s, RETREAT_TO, 11)
    assert s.owner[12] == 1 and region(s, 12)["building"] == "barn"
    roll(s, 1, 0)
    roll(s, 0, 0)
    assert s.owner[12] == 0 and region(s, 12)["building"] is None
    assert s.barns_left[1] == 2  # back in the supply: B's home Barn and 2 left


def test_FR_R44_adorable_may_retreat_into_an_adjacent_human_held_region() -> None:
    """FR-R44: a defending Adorable may also retreat into any adjacent human-held region (it
    takes control, the humans stay), besides its own adjacent region."""
    s = adorable_defends(
        regions={
            12: {"owner": 1, "healthy": 1},
            11: {"owner": 1, "healthy": 1},
            13: {"token": 2},
            16: {"token": "face_down"},
        }
    )
    move(s, 12, (7, 3, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, CONTINUE)
    assert args_of(s, RETREAT_TO) == [11, 13, 16]
    do(s, RETREAT_TO, 13)
    assert s.owner[13] == 1 and region(s, 13)["token"] == 2 and herds(s, 13) == (1, 0)
    assert s.owner[12] == 0


def test_FR_R44_a_retreat_into_a_face_down_token_lets_adorable_peek() -> None:
    """FR-R44, FR-11: retreating into a face-down token's region, Adorable takes it and may
    peek at the token once the combat is over."""
    s = adorable_defends(regions={12: {"owner": 1, "healthy": 1}, 16: {"token": "face_down"}})
    move(s, 12, (7, 3, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, CONTINUE)
    do(s, RETREAT_TO, 16)
    assert s.owner[16] == 1 and s.owner[12] == 0
    assert phase_name(s) == "peek"
    chance(s, 2)
    assert s.observation(1)["regions"][16]["peeked_value"] == 2
    assert phase_name(s) == "actions" and s.current_player() == 0


def test_FR_4_adorable_start_gets_a_face_down_token_it_peeks_at() -> None:
    """FR-4 step 6.3, FR-11: Adorable's start region gets a random face-down Human token; it
    peeks at it (chance), the others see only a face-down token."""
    s = new_state(4, mutations=muts(s1="adorable"))
    do(s, START, 2)
    do(s, START, 10)
    assert phase_name(s) == "peek"
    chance(s, 3)
    assert region(s, 10)["token"] == "face_down" and region(s, 10)["peeked_value"] == 3
    assert s.owner[10] == 1 and herds(s, 10) == (2, 0)
    assert phase_name(s) == "choose_start" and s.active == 2


# --- Deranged (FR-2.4, FR-11, FR-R58; FR-T45) --------------------------------------------------
def test_FR_T45_deranged_pays_five_of_any_kind_for_a_barn_never_the_normal_cost() -> None:
    """FR-T45: Deranged pays a Barn with 5 wheat (legal) and cannot pay the normal cost even
    when holding it; it chooses the cards one at a time."""
    s = scenario(
        regions=board({6: {"owner": 0, "healthy": 1}}),
        hands={0: {"wheat": 5, "wood": 1, "brick": 1, "weapons": 1}},
        mutations=muts(s0="deranged"),
    )
    do(s, BARN_AT, 6)
    assert phase_name(s) == "payment"
    assert not legal(s, PAY_NORMAL)
    rejected(s, PAY_NORMAL)
    for _ in range(5):
        do(s, RESOURCE, WHEAT)
    assert region(s, 6)["building"] == "barn"
    assert hand(s, 0) == [0, 1, 1, 1, 0]
    assert phase_name(s) == "actions"


def test_FR_T45_deranged_with_only_the_normal_barn_cost_cannot_build() -> None:
    """FR-T45, FR-2.4: 4 cards (the normal Barn cost) are not enough for Deranged (Barn 5)."""
    s = scenario(
        regions=board({6: {"owner": 0, "healthy": 1}}),
        hands={0: {"wheat": 1, "wood": 1, "brick": 1, "weapons": 1}},
        mutations=muts(s0="deranged"),
    )
    assert not legal(s, BARN_AT, 6)
    rejected(s, BARN_AT, 6)


@pytest.mark.parametrize(("build", "cards"), [("spy", 4), ("nuke", 4), ("armory", 6)])
def test_FR_2_4_deranged_pays_the_total_plus_one(build: str, cards: int) -> None:
    """FR-2.4 (DERIVED): Deranged pays Spy 4, Nuke 4, Armory 6 cards of any kinds; one card
    fewer is not enough."""
    kind, arg = {"spy": (BUY_SPY, 0), "nuke": (BUY_NUKE, 0), "armory": (ARMORY_AT, 2)}[build]
    for held, ok in ((cards - 1, False), (cards, True)):
        s = scenario(
            regions=board({2: {"owner": 0, "building": "barn", "healthy": 1}}),
            hands={0: {"brick": held}},
            mutations=muts(s0="deranged"),
        )
        assert legal(s, kind, arg) is ok
    do(s, kind, arg)
    assert phase_name(s) == "payment" and args_of(s, RESOURCE) == [BRICK]
    for _ in range(cards):
        do(s, RESOURCE, BRICK)
    assert hand(s, 0) == [0, 0, 0, 0, 0]


def test_FR_R58_deranged_trades_and_discards_as_normal() -> None:
    """FR-R58: Deranged's wild applies to build costs only: Supply trades still need 3 of one
    kind; the hand limit is still 7."""
    s = scenario(
        regions=board(),
        hands={0: {"wheat": 2, "wood": 6}},
        mutations=muts(s0="deranged"),
    )
    assert not legal(s, TRADE, WHEAT * 5 + BRICK)
    assert legal(s, TRADE, WOOD * 5 + BRICK)
    do(s, TRADE, WOOD * 5 + BRICK)
    assert hand(s, 0) == [2, 3, 1, 0, 0]
    s2 = scenario(regions=board(), hands={0: {"wheat": 9}}, mutations=muts(s0="deranged"))
    to_discard_phase(s2, PLUTONIUM, PLUTONIUM)
    do(s2, END_TURN)
    assert phase_name(s2) == "discard" and s2.discards == 2


# --- Flying (FR-11, FR-R25, FR-R59) ------------------------------------------------------------
def flying_turn(**kwargs: Any):
    """Seat 0 (Flying) begins its turn holding 2 (Barn), 6 (2 healthy, 1 injured) and 7
    (1 healthy); its Preparation gives 2 a herd, then the redistribution begins."""
    regions = board(
        {
            6: {"owner": 0, "healthy": 2, "injured": 1},
            7: {"owner": 0, "healthy": 1},
        }
    )
    return start_turn(0, regions=regions, round=2, mutations=muts(s0="flying"), **kwargs)


def test_FR_11_FR_R59_flying_redistributes_after_preparation_and_keeps_actions() -> None:
    """FR-11 Flying: after Preparation (the new herd is placed) Flying moves herds one at a
    time among its regions; then every herd may still act."""
    s = flying_turn()
    assert phase_name(s) == "fly_source" and s.current_player() == 0
    assert herds(s, 2) == (1, 0)  # Preparation came first
    assert args_of(s, FLY_FROM) == [2, 6, 7]
    assert kinds(s) == {FLY_FROM, DONE}  # no building, Spies, nukes in Preparation
    do(s, FLY_FROM, 6)
    assert args_of(s, TAKE) == [0, 1]
    do(s, TAKE, 1)
    assert args_of(s, FLY_TO) == [2, 7]  # FR-R59: only regions it controls
    rejected(s, FLY_TO, 12)
    do(s, FLY_TO, 7)
    assert herds(s, 6) == (2, 0) and herds(s, 7) == (1, 1)
    do(s, DONE)
    assert phase_name(s) == "actions"
    # not movement: the flown herds act as usual
    assert s.injured_acted[7] == 0 and s.injured_ready[7] == 1
    move(s, 12, (7, 1, 1), (6, 2, 0))
    assert herds(s, 12) == (3, 1)


def test_FR_R25_flying_abandons_a_region_that_is_then_no_ones() -> None:
    """FR-R25, FR-R59: flying every herd out of 7 abandons it (uncontrolled); a region with a
    building stays controlled (2). Nobody scores a conquest for it: the next player walks in
    and gains no VP."""
    s = flying_turn()
    do(s, FLY_FROM, 7)
    do(s, TAKE, 0)
    do(s, FLY_TO, 6)
    assert s.owner[7] == NO
    do(s, FLY_FROM, 2)
    do(s, TAKE, 0)
    do(s, FLY_TO, 6)
    assert s.owner[2] == 0 and herds(s, 2) == (0, 0)  # the Barn keeps it
    assert args_of(s, FLY_FROM) == [6]
    do(s, DONE)
    to_discard_phase(s)
    end_turn(s)
    assert s.vp_tokens == [0, 0, 0, 0]


def test_FR_R25_a_flying_abandoned_region_is_no_conquest_for_the_next_player() -> None:
    regions = board({7: {"owner": 0, "healthy": 1}, 8: {"owner": 1, "healthy": 1}})
    regions[2] = {"owner": 0, "building": "barn", "healthy": 1}
    s = start_turn(0, regions=regions, round=2, mutations=muts(s0="flying"))
    do(s, FLY_FROM, 7)
    do(s, TAKE, 0)
    do(s, FLY_TO, 2)
    assert phase_name(s) == "actions"  # one region left: nothing more to fly
    assert s.owner[7] == NO
    pass_turn(s)
    assert s.active == 1
    move(s, 7, (8, 1, 0))
    to_discard_phase(s)
    end_turn(s)
    assert s.vp_tokens[1] == 0


# --- Hyper-Intelligent (FR-11; FR-T44) ---------------------------------------------------------
def test_FR_11_hyper_intelligent_builds_anything_for_four_of_a_kind() -> None:
    """FR-11: 4 cards of one kind pay any build (a Barn here); the normal cost is still
    allowed."""
    s = scenario(
        regions=board({6: {"owner": 0, "healthy": 1}}),
        hands={0: {"wood": 4, "wheat": 1, "brick": 1, "weapons": 1}},
        mutations=muts(s0="hyper_intelligent"),
    )
    do(s, BARN_AT, 6)
    assert phase_name(s) == "payment"
    assert args_of(s, PAY_FOUR) == [WOOD] and legal(s, PAY_NORMAL)
    do(s, PAY_FOUR, WOOD)
    assert hand(s, 0) == [1, 0, 1, 1, 0] and region(s, 6)["building"] == "barn"
    t = scenario(
        regions=board(),
        hands={0: {"plutonium": 4}},
        mutations=muts(s0="hyper_intelligent"),
    )
    do(t, BUY_SPY)
    assert args_of(t, PAY_FOUR) == [PLUTONIUM] and not legal(t, PAY_NORMAL)
    do(t, PAY_FOUR, PLUTONIUM)
    assert phase_name(t) == "spy_draw"


def test_FR_T44_hyper_intelligent_trades_two_for_one_on_its_turn() -> None:
    """FR-T44, FR-8.2: Hyper-Intelligent gives 2 of a kind for 1 of another; others need 3."""
    s = scenario(
        regions=board(),
        hands={0: {"wheat": 2}, 1: {"wheat": 2}},
        mutations=muts(s0="hyper_intelligent"),
    )
    do(s, TRADE, WHEAT * 5 + BRICK)
    assert hand(s, 0) == [0, 0, 1, 0, 0]
    plain = scenario(regions=board(), hands={0: {"wheat": 2}})
    assert not legal(plain, TRADE, WHEAT * 5 + BRICK)


# --- Lucky (FR-11, FR-R56; FR-T9) --------------------------------------------------------------
def test_FR_T9_lucky_chooses_wood_wood_north_korean_fires_no_steal() -> None:
    """FR-T9: Lucky (seat 0) picks wood + wood: 2 wood per Forest it controls; it counts as
    doubles for North Korean (seat 1, who must nuke), but not for the Stealing variant."""
    s = scenario(
        regions=board({0: {"owner": 0, "healthy": 1}, 7: {"owner": 0, "healthy": 1}}),
        hands={1: {"wheat": 2}},
        mutations=muts(s0="lucky", s1="north_korean"),
        stealing=True,
    )
    do(s, END_PHASE)
    assert phase_name(s) == "lucky_face" and s.current_player() == 0
    assert args_of(s, RESOURCE) == [0, 1, 2, 3, 4]  # FR-R56: no wild
    do(s, RESOURCE, WOOD)
    do(s, RESOURCE, WOOD)
    assert production(s, 0) == [0, 4, 0, 0, 0]  # 2 Forests x 2; 10 is B's home Forest
    assert production(s, 1) == [0, 2, 0, 0, 0]
    assert phase_name(s) == "nuke_target" and s.current_player() == 1
    assert kinds(s) == {TARGET}  # mandatory: no pass
    do(s, TARGET, 15)
    assert phase_name(s) == "resources"  # no steal offered
    assert s.nuke_tokens(1) == 0


def test_FR_R56_lucky_two_different_faces_pay_one_each() -> None:
    s = scenario(
        regions=board({0: {"owner": 0, "healthy": 1}, 5: {"owner": 0, "healthy": 1}}),
        mutations=muts(s0="lucky"),
    )
    do(s, END_PHASE)
    do(s, RESOURCE, BRICK)
    do(s, RESOURCE, WHEAT)
    # 2 (home) and 5 are Fields, 0 is a Forest: wheat 1 each, no brick (no Hills)
    assert production(s, 0) == [2, 0, 0, 0, 0]
    assert s.to_json()["dice"] == ["wheat", "brick"] and s.to_json()["lucky"]
    assert phase_name(s) == "resources"


def test_FR_11_lucky_rolls_on_other_players_turns() -> None:
    s = scenario(regions=board(), active=1, mutations=muts(s0="lucky"))
    do(s, END_PHASE)
    assert phase_name(s) == "roll_resources"


# --- North Korean (FR-11, FR-R16, FR-R27, FR-R37, FR-R39; FR-T33) ---------------------------------
def nk_board(**kwargs: Any):
    """Seat 1 (North Korean) holds 11 (next to 6, 12) and its home 10; seat 0 (active) holds 6
    (2 healthy) and its home 2; seat 2 holds 12."""
    regions = board(
        {
            6: {"owner": 0, "healthy": 2},
            11: {"owner": 1, "healthy": 1},
            12: {"owner": 2, "healthy": 1},
        }
    )
    params: dict[str, Any] = {"mutations": muts(s1="north_korean")}
    params.update(kwargs)
    return scenario(regions=regions, **params)


def test_FR_T33_FR_R27_north_korean_must_nuke_after_production_with_no_token() -> None:
    """FR-11, FR-R39, FR-R27: doubles on another player's turn: production first (everyone
    collects), then North Korean must nuke a region next to one it controls, for free (no
    token, FR-T33); the roller does not act first. Here it nukes the roller's 6."""
    s = nk_board(hands={0: {"wheat": 3}})
    do(s, END_PHASE)
    dice(s, WOOD, WOOD)
    assert production(s, 1) == [0, 2, 0, 0, 0]  # its home Forest 10, before the nuke
    assert hand(s, 1) == [0, 2, 0, 0, 0]
    assert phase_name(s) == "nuke_target" and s.current_player() == 1
    assert kinds(s) == {TARGET}
    assert args_of(s, TARGET) == [5, 6, 10, 11, 12, 15, 16]
    do(s, TARGET, 6)
    assert herds(s, 6) == (0, 2)
    assert s.nuke_tokens(1) == 0 and s.nukiest == NO  # FR-T33
    # FR-R37: the victim may nuke back (it holds 3 cards: asked)
    assert phase_name(s) == "nuke_response" and s.current_player() == 0
    do(s, PASS)
    assert phase_name(s) == "resources" and s.current_player() == 0


def test_FR_R37_north_koreans_victim_may_hack_and_nuke_back_and_it_may_answer() -> None:
    """FR-R37: North Korean's nuke counts as nuking a player: the victim (seat 2, not active)
    plays Hacking and nukes back; North Korean may answer."""
    s = nk_board(spies={2: {"hacking": 1}}, nukes={2: (1, 0), 1: (1, 0)})
    do(s, END_PHASE)
    dice(s, WHEAT, WHEAT)
    do(s, TARGET, 12)
    assert phase_name(s) == "hack" and s.current_player() == 2
    do(s, PLAY_SPY, HACKING)
    assert herds(s, 12) == (1, 0)
    assert phase_name(s) == "nuke_response" and s.current_player() == 2
    do(s, LAUNCH, NUKE_TOKEN)
    assert args_of(s, TARGET) == [11]
    do(s, TARGET, 11)
    assert herds(s, 11) == (0, 1)
    assert phase_name(s) == "nuke_response" and s.current_player() == 1
    do(s, PASS)
    do(s, PASS)
    assert phase_name(s) == "resources" and s.current_player() == 0


@pytest.mark.parametrize(
    ("a", "b", "named", "fires"),
    [(WILD, WILD, WOOD, True), (WILD, BRICK, BRICK, False), (WHEAT, WOOD, None, False)],
)
def test_FR_R16_north_korean_fires_on_physical_doubles_only(
    a: int, b: int, named: int | None, fires: bool
) -> None:
    """FR-5.4, FR-R16: wild + wild is doubles; a wild named equal to the other die is not."""
    s = nk_board()
    do(s, END_PHASE)
    dice(s, a, b)
    if named is not None:
        do(s, RESOURCE, named)
    assert phase_name(s) == ("nuke_target" if fires else "resources")


def test_FR_R39_both_doubles_effects_the_active_player_orders_them() -> None:
    """FR-R39, FR-13: with Stealing and North Korean both triggered, the active player picks
    the order: the steal first, then North Korean's nuke."""
    s = nk_board(stealing=True, hands={2: {"brick": 1}})
    do(s, END_PHASE)
    dice(s, WHEAT, WHEAT)
    assert phase_name(s) == "doubles_order" and s.current_player() == 0
    assert args_of(s, ORDER) == [0, 1]
    do(s, ORDER, 1)
    assert phase_name(s) == "steal_victim"
    do(s, SEAT, 2)
    chance(s, BRICK)
    assert phase_name(s) == "nuke_target" and s.current_player() == 1
    do(s, TARGET, 5)
    assert phase_name(s) == "resources"
    t = nk_board(stealing=True, hands={2: {"brick": 1}})
    do(t, END_PHASE)
    dice(t, WHEAT, WHEAT)
    do(t, ORDER, 0)
    assert phase_name(t) == "nuke_target" and t.current_player() == 1
    do(t, TARGET, 5)
    assert phase_name(t) == "steal_victim" and t.current_player() == 0


def test_FR_11_north_korean_nukes_on_its_own_turn_and_may_target_humans() -> None:
    s = scenario(
        regions=board({11: {"owner": 1, "healthy": 1}, 12: {"token": 3}}),
        active=1,
        mutations=muts(s1="north_korean"),
    )
    do(s, END_PHASE)
    dice(s, PLUTONIUM, PLUTONIUM)
    assert phase_name(s) == "nuke_target" and s.current_player() == 1
    do(s, TARGET, 12)
    assert region(s, 12)["token"] is None
    assert phase_name(s) == "resources"


# --- Radioactive (FR-11, FR-R21, FR-R47; FR-T37) ---------------------------------------------
def test_FR_T37_radioactive_takes_no_nuke_damage_and_may_nuke_back() -> None:
    """FR-T37: a Nuke on Radioactive's region does nothing to its herds (no Hacking prompt:
    nothing to hack, even holding a Spy); it may still nuke back."""
    s = scenario(
        regions=board(
            {6: {"owner": 0, "healthy": 1}, 11: {"owner": 1, "healthy": 1, "injured": 1}}
        ),
        nukes={0: (1, 0), 1: (1, 0)},
        spies={1: {"hacking": 1}},
        mutations=muts(s1="radioactive"),
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 11)
    assert herds(s, 11) == (1, 1)
    assert phase_name(s) == "nuke_response" and s.current_player() == 1
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 6)
    assert herds(s, 6) == (0, 1)


def test_FR_11_radioactive_is_immune_to_north_korean() -> None:
    s = nk_board(mutations=muts(s0="radioactive", s1="north_korean"))
    do(s, END_PHASE)
    dice(s, WHEAT, WHEAT)
    do(s, TARGET, 6)
    assert herds(s, 6) == (2, 0)


def test_FR_R21_FR_R47_radioactive_swaps_hacking_the_new_card_is_fresh() -> None:
    """FR-R21, FR-R47: Radioactive discards a Hacking (held from an earlier turn) to draw the
    top card; the card drawn counts as bought this turn (a Thievery cannot be played)."""
    s = scenario(regions=board(), spies={0: {"hacking": 1}}, mutations=muts(s0="radioactive"))
    assert legal(s, SWAP_SPY)
    assert not legal(s, PLAY_SPY, HACKING)  # Hacking is a reaction
    deck = s.to_json()["spy_deck_size"]
    do(s, SWAP_SPY)
    assert phase_name(s) == "spy_draw"
    chance(s, THIEVERY)
    assert s.to_json()["spy_discard"] == {"hacking": 1}
    assert s.to_json()["seats"][0]["spies"] == {"thievery": 1}
    assert s.to_json()["spy_deck_size"] == deck - 1
    assert not legal(s, PLAY_SPY, THIEVERY)
    assert phase_name(s) == "actions"


def test_FR_R21_no_swap_from_an_empty_deck_or_of_a_fresh_card() -> None:
    """FR-R21: no swap when the deck is empty; nor of a Hacking bought this turn."""
    empty = {
        name: n
        for name, n in (
            ("capitalism", 1),
            ("carnivorous", 1),
            ("domestication", 1),
            ("plumbing", 1),
            ("blackmail", 3),
            ("double_agent", 2),
            ("field_hospital", 3),
            ("hacking", 2),
            ("pocket_nuke", 3),
            ("propaganda", 3),
            ("thievery", 3),
        )
    }
    s = scenario(
        regions=board(),
        spies={0: {"hacking": 1}},
        discard=empty,
        mutations=muts(s0="radioactive"),
    )
    assert s.to_json()["spy_deck_size"] == 0
    assert not legal(s, SWAP_SPY)
    t = scenario(
        regions=board(),
        spies={0: {"hacking": 1}},
        fresh={"hacking": 1},
        mutations=muts(s0="radioactive"),
    )
    assert not legal(t, SWAP_SPY)


def test_FR_R21_only_radioactive_and_regenerative_swap_and_only_their_card() -> None:
    plain = scenario(regions=board(), spies={0: {"hacking": 1, "field_hospital": 1}})
    assert not legal(plain, SWAP_SPY)
    regen = scenario(regions=board(), spies={0: {"hacking": 1}}, mutations=muts(s0="regenerative"))
    assert not legal(regen, SWAP_SPY)
    regen_fh = scenario(
        regions=board(), spies={0: {"field_hospital": 1}}, mutations=muts(s0="regenerative")
    )
    do(regen_fh, SWAP_SPY)
    chance(regen_fh, 9)
    assert regen_fh.to_json()["spy_discard"] == {"field_hospital": 1}
    assert regen_fh.to_json()["seats"][0]["spies"] == {"propaganda": 1}


# --- Regenerative (FR-11, FR-R41) ----------------------------------------------------------------
def test_FR_11_FR_R41_regenerative_attackers_heal_after_combat_even_when_retreating() -> None:
    """FR-11 Regenerative: its herds that took part in a combat heal at its end, including
    those that retreated to their origin."""
    s = scenario(
        regions=board({7: {"owner": 0, "healthy": 2}, 12: {"owner": 1, "healthy": 3}}),
        mutations=muts(s0="regenerative"),
    )
    move(s, 12, (7, 2, 0))
    roll(s, 0, 0)
    roll(s, 2, 0)
    allocate(s, 0)
    assert s.to_json()["combat"]["attackers"] == [0, 2]
    do(s, RETREAT)
    assert herds(s, 7) == (2, 0)
    assert (
        s.healthy_acted[7] == 2
    )  # healed: no action used, none given back (they attacked, FR-R10)


def test_FR_11_regenerative_winners_and_defenders_heal() -> None:
    s = scenario(
        regions=board({7: {"owner": 0, "healthy": 2}, 12: {"token": 1}}),
        mutations=muts(s0="regenerative"),
    )
    move(s, 12, (7, 2, 0))
    roll(s, 1, 0)
    roll(s, 1, 0)
    assert herds(s, 12) == (2, 0) and s.owner[12] == 0
    d = scenario(
        regions=board({7: {"owner": 0, "healthy": 3}, 12: {"owner": 1, "healthy": 2}}),
        mutations=muts(s1="regenerative"),
    )
    move(d, 12, (7, 3, 0))
    roll(d, 2, 0)
    roll(d, 0, 0)
    allocate(d, 0)
    assert herds(d, 12) == (0, 2)
    do(d, RETREAT)
    assert herds(d, 12) == (2, 0)


def test_FR_11_regenerative_defender_heals_after_retreating() -> None:
    d = scenario(
        regions=board(
            {
                7: {"owner": 0, "healthy": 3},
                12: {"owner": 1, "healthy": 2},
                11: {"owner": 1, "healthy": 1},
            }
        ),
        mutations=muts(s1="regenerative"),
    )
    move(d, 12, (7, 3, 0))
    roll(d, 2, 0)
    roll(d, 0, 0)
    allocate(d, 0)
    assert herds(d, 12) == (0, 2)
    do(d, CONTINUE)
    do(d, RETREAT_TO, 11)
    assert herds(d, 11) == (3, 0)
    assert d.owner[12] == 0


def test_FR_11_regenerative_nuked_herds_stay_injured() -> None:
    s = scenario(
        regions=board({7: {"owner": 0, "healthy": 1}, 6: {"owner": 1, "healthy": 2}}),
        nukes={0: (1, 0)},
        mutations=muts(s1="regenerative"),
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 6)
    assert herds(s, 6) == (0, 2)


# --- Parasitic (FR-11, FR-R57; FR-T49) ----------------------------------------------------------
def parasitic_board():
    """Parasitic (seat 0) holds 6 and 12, both next to seat 1's Forest 7; seat 2 holds the
    Forest 0 (next to none of seat 0's regions); 13 is a human-held Hills next to 12."""
    return scenario(
        regions=board(
            {
                6: {"owner": 0, "healthy": 1},
                12: {"owner": 0, "healthy": 1},
                7: {"owner": 1, "healthy": 1},
                0: {"owner": 2, "healthy": 1},
                13: {"token": 2},
            }
        ),
        mutations=muts(s0="parasitic"),
    )


@pytest.mark.parametrize(
    ("a", "b", "named", "wood"),
    [(WOOD, PLUTONIUM, None, 1), (WOOD, WOOD, None, 2), (WILD, WOOD, WOOD, 2)],
)
def test_FR_T49_FR_R57_parasitic_takes_from_an_adjacent_opponent_region_once(
    a: int, b: int, named: int | None, wood: int
) -> None:
    """FR-T49, FR-R57: the Forest 7 of seat 1 is next to two Parasitic regions: it pays
    Parasitic once, as much as it pays its owner (1; 2 on doubles; 2 on a wild named equal).
    Seat 2's Forest 0 and seat 1's home Forest 10 are next to none of Parasitic's regions."""
    s = parasitic_board()
    do(s, END_PHASE)
    dice(s, a, b)
    if named is not None:
        do(s, RESOURCE, named)
    assert production(s, 0)[WOOD] == wood
    assert production(s, 1)[WOOD] == 2 * wood  # its 7 and its home 10


def test_FR_11_parasitic_never_gains_from_humans_and_gets_its_own_as_usual() -> None:
    s = parasitic_board()
    do(s, END_PHASE)
    dice(s, BRICK, WEAPONS)  # 13 (Hills) is human-held; 11 (Weapons Factory) is nobody's
    assert production(s, 0) == [0, 0, 0, 0, 0]
    do(s, END_PHASE)
    t = parasitic_board()
    do(t, END_PHASE)
    dice(t, WHEAT, PLUTONIUM)  # its own Fields 2 and 12, Power Plant 6
    assert production(t, 0) == [2, 0, 0, 0, 1]


# --- Zombie (FR-11, FR-R46; FR-T51) -------------------------------------------------------------
def test_FR_T51_a_zombie_attacker_herd_returns_to_its_origin_at_1_hp() -> None:
    """FR-T51, FR-R46: a killing point on a Zombie attacker's injured herd may instead send it
    back to its origin 7 (still Zombie's) at 1 HP, absorbing the point; the combat goes on for
    the other herd."""
    s = scenario(
        regions=board(
            {7: {"owner": 0, "healthy": 2, "injured": 1}, 12: {"owner": 1, "healthy": 3}}
        ),
        mutations=muts(s0="zombie"),
    )
    move(s, 12, (7, 1, 1))
    roll(s, 0, 0)
    roll(s, 1, 0)
    assert phase_name(s) == "allocate_attacker"
    assert args_of(s, ZOMBIE_TO) == [7] and args_of(s, HIT) == [0, 1]
    do(s, ZOMBIE_TO, 7)
    assert herds(s, 7) == (1, 1) and s.injured_acted[7] == 1
    assert s.to_json()["combat"]["attackers"] == [1, 0]
    assert s.to_json()["combat"]["origins"] == [[7, 1]]
    assert phase_name(s) == "attacker_decides"  # the combat continues


def test_FR_R46_zombie_origin_caps_and_a_failed_attack() -> None:
    """FR-R46, FR-6.6: each origin takes back at most the herds that left it: herds from 7 and
    13; after one zombie-retreat to 7 the next can only go to 13. With every attacker gone the
    attack failed; the region was attacked (no re-entry)."""
    s = scenario(
        regions=board(
            {
                7: {"owner": 0, "injured": 1, "healthy": 1},
                13: {"owner": 0, "injured": 1, "healthy": 1},
                12: {"owner": 1, "healthy": 3},
            }
        ),
        mutations=muts(s0="zombie"),
    )
    move(s, 12, (7, 0, 1), (13, 0, 1))
    roll(s, 0, 0)
    roll(s, 2, 0)
    assert args_of(s, ZOMBIE_TO) == [7, 13]
    do(s, ZOMBIE_TO, 7)
    assert args_of(s, ZOMBIE_TO) == [13]
    do(s, ZOMBIE_TO, 13)
    assert phase_name(s) == "actions"
    assert herds(s, 12) == (3, 0) and s.owner[12] == 1
    assert herds(s, 7) == (1, 1) and herds(s, 13) == (1, 1)
    assert not legal(s, MOVE_TO, 12)


def test_FR_R46_FR_R9_no_legal_origin_no_zombie_retreat() -> None:
    """FR-R46, FR-R9: the Adorable defender retreats its herd into 7, the origin the Zombie
    attacker emptied, and its humans fight on (FR-R43). 7 is now Adorable's: a killing point
    on the Zombie's injured herd offers no zombie retreat, and the attacker may not retreat."""
    s = scenario(
        regions=board(
            {
                7: {"owner": 0, "healthy": 1, "injured": 1},
                12: {"owner": 1, "healthy": 1, "token": 3},
            }
        ),
        mutations=muts(s0="zombie", s1="adorable"),
    )
    move(s, 12, (7, 1, 1))
    assert s.owner[7] == NO
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, CONTINUE)
    assert 7 in args_of(s, RETREAT_TO)
    do(s, RETREAT_TO, 7)
    assert s.owner[7] == 1 and herds(s, 7) == (1, 0)
    roll(s, 0, 0)
    roll(s, 2, 0)  # the 3 humans: 2 guns
    assert phase_name(s) == "allocate_attacker"
    assert args_of(s, ZOMBIE_TO) == [] and args_of(s, HIT) == [0, 1]
    do(s, HIT, 1)  # the injured herd dies; the last point injures the other
    assert s.to_json()["combat"]["attackers"] == [0, 1]
    assert phase_name(s) == "attacker_decides"
    assert not legal(s, RETREAT)


def test_FR_R46_a_defending_zombie_uses_one_destination_per_combat() -> None:
    """FR-R46: a defending Zombie's herds all go to one region: the first zombie retreat fixes
    it (11 of 11 and 16), a later zombie retreat and the full retreat must use it."""
    s = scenario(
        regions=board(
            {
                7: {"owner": 0, "healthy": 3},
                12: {"owner": 1, "healthy": 1, "injured": 2},
                11: {"owner": 1, "healthy": 1},
                16: {"owner": 1, "healthy": 1},
            }
        ),
        mutations=muts(s1="zombie"),
    )
    move(s, 12, (7, 3, 0))
    roll(s, 1, 0)
    roll(s, 0, 0)
    assert phase_name(s) == "allocate_defender" and s.current_player() == 1
    assert args_of(s, ZOMBIE_TO) == [11, 16] and args_of(s, HIT) == [0, 1]
    do(s, ZOMBIE_TO, 11)
    assert herds(s, 11) == (1, 1) and herds(s, 12) == (1, 1)
    do(s, CONTINUE)
    assert args_of(s, RETREAT_TO) == [11]
    do(s, CONTINUE)
    roll(s, 1, 0)
    roll(s, 0, 0)
    assert args_of(s, ZOMBIE_TO) == [11]
    do(s, ZOMBIE_TO, 11)
    assert herds(s, 11) == (1, 2)


def test_FR_R46_zombie_herds_die_from_nukes() -> None:
    s = scenario(
        regions=board({7: {"owner": 0, "healthy": 1}, 6: {"owner": 1, "injured": 1, "healthy": 1}}),
        nukes={0: (1, 0)},
        mutations=muts(s1="zombie"),
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 6)
    assert herds(s, 6) == (0, 1)
    assert phase_name(s) == "actions"
