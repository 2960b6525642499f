"""Farms Race combat (rules/farms_race.md §6; rulings FR-R5, FR-R6, FR-R7, FR-R8, FR-R9,
FR-R10, FR-R23, FR-R60; vectors FR-T1 … FR-T4, FR-T14, FR-T21 … FR-T26, FR-T29, FR-T53).

Dice and Human token values are injected (``roll``, ``chance``); only FR-T53 samples, from a
fixed seed. Regions are indices on the 4-player recommended map (FR-3.4): see ``HOMES`` and
``rc`` in ``fr_helpers``.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from fr_helpers import (
    allocate,
    args_of,
    board,
    chance,
    do,
    end_turn,
    game,
    herds,
    hp,
    legal,
    move,
    phase_name,
    rc,
    region,
    roll,
    scenario,
    scenario_doc,
    to_discard_phase,
)

from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.games.farms_race.actions import (
    ARMORY_AT,
    CANCEL,
    CONFIRM,
    CONTINUE,
    HEAL,
    HIT,
    MOVE_TO,
    RETREAT,
    RETREAT_TO,
    ROUTE,
    SOURCE,
    TAKE,
)
from farmstead.games.farms_race.layout import NO

# Geometry used below (4-player recommended map, FR-3.4):
#   (1,2)=7 Forest is adjacent to (2,2)=12 Fields and (1,3)=8 Fields.
#   12's neighbours: 6, 7, 11, 13, 16, 17.
X, Y = rc(1, 2), rc(1, 3)  # 7 and 8: both adjacent to 13
TARGET = rc(2, 2)  # 12


def humans_fight(
    token: int | str,
    attackers: dict[int, tuple[int, int]],
    *,
    extra_armory: bool = False,
    **kwargs: Any,
):
    """Seat 0 to move; ``attackers`` maps an origin to its (healthy, injured) herds; the
    target 12 holds Human token ``token`` (1-3 face up, or "face_down"). With
    ``extra_armory`` seat 0's home holds an Armory instead of its Barn (Arm 1)."""
    regions: dict[int, dict[str, object]] = {
        r: {"owner": 0, "healthy": h, "injured": i} for r, (h, i) in attackers.items()
    }
    regions[TARGET] = {"token": token}
    if extra_armory:
        regions[rc(0, 2)] = {"owner": 0, "building": "armory"}
    return scenario(regions=board(regions), **kwargs)


def player_fight(
    attacker: dict[int, tuple[int, int]],
    defender: tuple[int, int],
    *,
    defender_building: str | None = None,
    extra: dict[int, dict[str, object]] | None = None,
    **kwargs: Any,
):
    """Seat 0 attacks seat 1's region 12 holding ``defender`` (healthy, injured) herds."""
    regions: dict[int, dict[str, object]] = {
        r: {"owner": 0, "healthy": h, "injured": i} for r, (h, i) in attacker.items()
    }
    regions[TARGET] = {
        "owner": 1,
        "healthy": defender[0],
        "injured": defender[1],
        "building": defender_building,
    }
    regions.update(extra or {})
    return scenario(regions=board(regions), **kwargs)


def attack(state, dest: int, *sources: tuple[int, int, int]) -> None:
    move(state, dest, *sources)


# --- FR-6.2 damage and the Armory bonus --------------------------------------------------------
def test_FR_T1_armory_adds_one_to_two_hits_against_herds() -> None:
    """FR-T1: Arm 1 and 2 gun hits deal 3: two healthy defending herds (4 HP) keep 1 HP."""
    s = player_fight({X: (2, 0)}, (2, 0), extra={rc(0, 2): {"owner": 0, "building": "armory"}})
    attack(s, TARGET, (X, 2, 0))
    roll(s, 2, 0)  # attacker: 2 guns
    roll(s, 0, 0)  # defender: nothing
    assert phase_name(s) == "allocate_defender"
    allocate(s, 0)
    assert hp(s, TARGET) == 1
    assert herds(s, TARGET) == (0, 1)
    assert phase_name(s) == "attacker_decides"


def test_FR_T2_two_armories_deal_two_with_no_hits() -> None:
    """FR-T2 (FR-6.2): Arm 2 and no hits deal 2 damage."""
    s = player_fight(
        {X: (2, 0)},
        (2, 0),
        extra={
            rc(0, 2): {"owner": 0, "building": "armory"},
            rc(0, 3): {"owner": 0, "building": "armory"},
        },
    )
    attack(s, TARGET, (X, 2, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    allocate(s, 0)
    assert hp(s, TARGET) == 2
    assert herds(s, TARGET) == (0, 2)


def test_FR_T3_head_head_gun_with_armory_against_herds_deals_two() -> None:
    """FR-T3: Arm 1, [head, head, gun] against herds: 1 gun + 1 = 2 (heads never hurt herds)."""
    s = player_fight({X: (3, 0)}, (3, 0), extra={rc(0, 2): {"owner": 0, "building": "armory"}})
    attack(s, TARGET, (X, 3, 0))
    roll(s, 1, 2)
    roll(s, 0, 0)
    allocate(s, 0)
    assert hp(s, TARGET) == 6 - 2
    assert herds(s, TARGET) == (1, 2)


def test_FR_T3_head_head_gun_with_armory_against_humans_kills_three() -> None:
    """FR-T3: Arm 1, [head, head, gun] against humans deals 4 (2 heads + gun + 1): all three
    humans of a "3" die and the point beyond them is lost (FR-R5)."""
    s = humans_fight(3, {X: (3, 0)}, extra_armory=True)
    attack(s, TARGET, (X, 3, 0))
    roll(s, 1, 2)
    roll(s, 0, 0)
    assert s.owner[TARGET] == 0
    assert herds(s, TARGET) == (3, 0)
    assert region(s, TARGET)["token"] is None
    assert phase_name(s) == "actions"


def test_FR_6_2_FR_R6_humans_take_heads_guns_and_the_armory_bonus() -> None:
    """FR-6.2, FR-R6: Arm 1 and a single head against a "3": 2 damage (the Armory bonus hits
    humans too), 1 human survives."""
    s = humans_fight(3, {X: (1, 0)}, extra_armory=True)
    attack(s, TARGET, (X, 1, 0))
    roll(s, 0, 1)
    roll(s, 0, 0)
    assert s.to_json()["combat"]["humans"] == 1
    assert phase_name(s) == "attacker_decides"


def test_FR_T4_humans_heads_do_not_hurt_herds() -> None:
    """FR-T4: humans rolling [head, head] deal no damage to herds."""
    s = humans_fight(2, {X: (2, 0)})
    attack(s, TARGET, (X, 2, 0))
    roll(s, 0, 0)
    roll(s, 0, 2)
    assert phase_name(s) == "attacker_decides"
    assert s.to_json()["combat"]["attackers"] == [2, 0]
    assert s.to_json()["combat"]["humans"] == 2


def test_FR_6_2_armory_bonus_once_per_roll_not_per_die() -> None:
    """FR-6.2: Arm 1 with 3 guns deals 4, not 6: four healthy defenders keep 8 - 4 HP."""
    s = player_fight({X: (3, 0)}, (4, 0), extra={rc(0, 2): {"owner": 0, "building": "armory"}})
    attack(s, TARGET, (X, 3, 0))
    roll(s, 3, 0)
    roll(s, 0, 0)
    allocate(s, 0)
    assert hp(s, TARGET) == 4


def test_FR_6_2_defender_armories_hurt_the_attacker() -> None:
    """FR-6.2: the defender's Armories add to the damage the attacker takes, with no hits."""
    s = player_fight({X: (2, 0)}, (1, 0), extra={rc(2, 0): {"owner": 1, "building": "armory"}})
    attack(s, TARGET, (X, 2, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    assert phase_name(s) == "attacker_decides"  # 1 point on 2 healthy herds: forced
    assert s.to_json()["combat"]["attackers"] == [1, 1]
    assert herds(s, TARGET) == (1, 0)


@pytest.mark.parametrize("built", [False, True])
def test_FR_6_2_armory_built_this_turn_counts(built: bool) -> None:
    """FR-6.2 (rulebook strategy tip): an Armory built this turn adds its bonus at once: with
    no hits, the lone human of a "1" dies only if the Armory was built first."""
    s = scenario(
        regions=board({X: {"owner": 0, "healthy": 1}, TARGET: {"token": 1}}),
        hands={0: {"weapons": 3, "brick": 2}},
    )
    if built:
        do(s, ARMORY_AT, rc(0, 2))
        assert s.building[rc(0, 2)] == 2
    attack(s, TARGET, (X, 1, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    if built:
        assert s.owner[TARGET] == 0
        assert phase_name(s) == "actions"
    else:
        assert s.to_json()["combat"]["humans"] == 1
        assert phase_name(s) == "attacker_decides"


# --- FR-6.1 declaration ---------------------------------------------------------------------
def test_FR_6_1_declaring_marks_the_region_attacked_and_reveals_only_then() -> None:
    """FR-6.1: the token stays face down while the move is assembled (and after a cancel);
    confirming declares the combat, marks the region attacked and reveals the token as a
    chance event over the unseen tokens; the value is then public to every seat."""
    s = humans_fight("face_down", {X: (3, 0)})
    for seat in range(4):
        assert s.observation(seat)["regions"][TARGET]["token"] == "face_down"
    do(s, MOVE_TO, TARGET)
    do(s, SOURCE, X)
    do(s, TAKE, 0)
    do(s, CANCEL)
    assert s.to_json()["regions"][TARGET]["token"] == "face_down"
    assert s.to_json()["attacked"] == []
    do(s, MOVE_TO, TARGET)
    do(s, SOURCE, X)
    do(s, TAKE, 0)
    assert s.observation(1)["regions"][TARGET]["token"] == "face_down"
    assert s.to_json()["attacked"] == []
    do(s, CONFIRM)
    assert s.to_json()["attacked"] == [TARGET]
    assert phase_name(s) == "reveal"
    unseen = s.to_json()["tokens"]["unseen"]
    total = sum(unseen)
    assert dict(s.chance_outcomes()) == pytest.approx({v + 1: unseen[v] / total for v in range(3)})
    chance(s, 3)
    for viewer in (None, 0, 1, 2, 3):
        obs = s.observation(viewer)
        assert obs["regions"][TARGET]["token"] == 3
        assert obs["combat"]["humans"] == 3
    assert s.to_json()["tokens"]["unseen"] == [unseen[0], unseen[1], unseen[2] - 1]
    assert phase_name(s) == "roll_attacker"


def test_FR_6_1_no_herds_join_after_declaration() -> None:
    """FR-6.1: herds not declared stay out: the fight has exactly the declared herds, and the
    others left at the origin cannot reach the attacked region while it is not controlled."""
    s = humans_fight(2, {X: (3, 0)})
    attack(s, TARGET, (X, 2, 0))
    assert s.to_json()["combat"]["attackers"] == [2, 0]
    assert herds(s, X) == (1, 0)
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, RETREAT)
    assert not legal(s, MOVE_TO, TARGET)


# --- FR-6.3 allocation ----------------------------------------------------------------------
def test_FR_6_3_attacker_allocates_first_then_defender() -> None:
    """FR-6.3: with choices on both sides the attacker allocates first, then the defender."""
    s = player_fight({X: (3, 0)}, (3, 0))
    attack(s, TARGET, (X, 3, 0))
    roll(s, 2, 0)
    roll(s, 2, 0)
    assert phase_name(s) == "allocate_attacker"
    assert s.current_player() == 0
    assert args_of(s, HIT) == [0, 1]
    do(s, HIT, 0)
    assert phase_name(s) == "allocate_defender"
    assert s.current_player() == 1
    assert s.to_json()["combat"]["attackers"] == [1, 2]
    do(s, HIT, 1)
    assert herds(s, TARGET) == (2, 0)
    assert phase_name(s) == "attacker_decides"


def test_FR_6_3_forced_allocations_need_no_choice() -> None:
    """FR-6.3: when every point has one possible target nobody is asked: 1 point on healthy
    herds injures one; 4 points on 2 healthy herds kill both."""
    s = player_fight({X: (2, 0)}, (2, 0))
    attack(s, TARGET, (X, 2, 0))
    roll(s, 1, 0)  # 1 point on 2 healthy defenders: forced
    roll(s, 2, 0)  # 2 points on 2 healthy attackers: forced (the first), then a choice
    assert phase_name(s) == "allocate_attacker"
    do(s, HIT, 0)  # spread: both attackers injured
    assert phase_name(s) == "attacker_decides"
    assert herds(s, TARGET) == (1, 1)
    s2 = player_fight({X: (2, 0)}, (2, 0))
    attack(s2, TARGET, (X, 2, 0))
    roll(s2, 0, 0)
    roll(s2, 2, 0)
    # 2 points on 2 healthy attackers: the first injures one (forced), the second is a choice
    assert phase_name(s2) == "allocate_attacker"
    do(s2, HIT, 1)  # kill the injured one
    assert s2.to_json()["combat"]["attackers"] == [1, 0]
    s3 = player_fight(
        {X: (2, 0)},
        (2, 0),
        extra={
            rc(0, 2): {"owner": 0, "building": "armory"},
            rc(0, 3): {"owner": 0, "building": "armory"},
        },
    )
    attack(s3, TARGET, (X, 2, 0))
    roll(s3, 2, 0)  # 2 + 2 Armories = 4 points on 4 HP: all die, no choice
    roll(s3, 0, 0)
    assert phase_name(s3) == "actions"
    assert s3.owner[TARGET] == 0


def test_FR_R5_allocation_is_free_and_damage_beyond_hp_is_lost() -> None:
    """FR-R5: a point may injure a healthy herd or kill an injured one (both offered); damage
    beyond the side's HP is lost: 1 healthy defender takes 2 guns + 2 Armories and dies, and
    the attacker's herds are untouched."""
    s = player_fight({X: (2, 1)}, (1, 0))
    attack(s, TARGET, (X, 2, 1))
    roll(s, 0, 0)
    roll(s, 1, 0)
    assert args_of(s, HIT) == [0, 1]
    s2 = player_fight(
        {X: (2, 0)},
        (1, 0),
        extra={
            rc(0, 2): {"owner": 0, "building": "armory"},
            rc(0, 3): {"owner": 0, "building": "armory"},
        },
    )
    attack(s2, TARGET, (X, 2, 0))
    roll(s2, 2, 0)
    roll(s2, 0, 0)
    assert phase_name(s2) == "actions"
    assert herds(s2, TARGET) == (2, 0)
    assert s2.herds_left[1] == 12  # the dead herd is back in the supply, nothing more
    assert s2.to_json()["combat"] is None


# --- FR-T14 Sophia, FR-T21 Dakota --------------------------------------------------------------
def test_FR_T14_sophia_kills_both_humans_with_gun_and_armory() -> None:
    """FR-T14: Sophia (chickens, seat 3, Arm 1) attacks a Fields with 4 healthy herds; token
    "2"; [gun, blank x3] vs [head, blank]: both humans die, she takes nothing, holds the
    region with 4 healthy herds, the token goes back to the pool, the region is marked
    attacked; at the end of her turn no VP token and no Turmoil."""
    fields = rc(4, 3)  # 23, Fields, adjacent to her home (4, 2)
    s = scenario(
        regions=board(
            {
                rc(4, 2): {"owner": 3, "building": "armory", "healthy": 4},
                fields: {"token": "face_down"},
            }
        ),
        active=3,
    )
    unseen = s.to_json()["tokens"]["unseen"]
    attack(s, fields, (rc(4, 2), 4, 0))
    assert s.to_json()["attacked"] == [fields]
    chance(s, 2)
    roll(s, 1, 0)
    roll(s, 0, 1)
    assert phase_name(s) == "actions"
    assert s.owner[fields] == 3
    assert herds(s, fields) == (4, 0)
    assert s.healthy_acted[fields] == 4  # they attacked: they have acted (FR-R10)
    doc = s.to_json()
    assert doc["regions"][fields]["token"] is None
    assert doc["tokens"]["unseen"] == [unseen[0], unseen[1] - 1, unseen[2]]
    assert doc["tokens"]["pool_revealed"] == [0, 1, 0]
    assert doc["attacked"] == [fields]
    to_discard_phase(s)
    end_turn(s)
    assert s.vp_tokens[3] == 0
    assert not s.to_json()["regions"][fields]["turmoil"]


@pytest.mark.parametrize(("second_hit", "expected"), [(0, (1, 2)), (1, (2, 0))])
def test_FR_T21_dakota_three_herds_against_two_humans(
    second_hit: int, expected: tuple[int, int]
) -> None:
    """FR-T21 (FR-R11): round 1 Dakota [gun, blank, blank] vs [gun, head]: 1 human left,
    Dakota 2H+1I. Round 2 [head, blank, blank] vs [gun]: no humans left; spreading gives
    1H+2I, hitting the injured herd gives 2H and one dead. Never three injured herds."""
    fields = rc(2, 2)
    s = scenario(
        regions=board({rc(1, 2): {"owner": 2, "healthy": 3}, fields: {"token": "face_down"}}),
        active=2,
    )
    attack(s, fields, (rc(1, 2), 3, 0))
    chance(s, 2)
    roll(s, 1, 0)
    roll(s, 1, 1)
    assert phase_name(s) == "attacker_decides"  # the 1 point on 3 healthy herds is forced
    combat = s.to_json()["combat"]
    assert combat["humans"] == 1
    assert combat["attackers"] == [2, 1]
    do(s, CONTINUE)
    roll(s, 0, 1)
    roll(s, 1, 0)
    assert phase_name(s) == "allocate_attacker"
    do(s, HIT, second_hit)
    assert phase_name(s) == "actions"
    assert s.owner[fields] == 2
    assert herds(s, fields) == expected
    assert s.to_json()["regions"][fields]["token"] is None
    assert s.to_json()["tokens"]["pool_revealed"] == [0, 1, 0]


# --- FR-6.6 retreat and FR-6.7 end of combat ------------------------------------------------
def test_FR_T22_sheep_retreat_from_a_three_and_a_face_up_two_replaces_it() -> None:
    """FR-T22 (FR-R23): sheep attack a "3" from two origins, kill 1 human, take 4 damage
    and retreat: the survivors go back within each origin's cap; the "3" goes back to the
    pool and a face-up "2" is placed."""
    s = scenario(
        regions=board(
            {
                X: {"owner": 1, "healthy": 2},
                rc(1, 1): {"owner": 1, "healthy": 1},
                TARGET: {"token": "face_down"},
            }
        ),
        active=1,
    )
    attack(s, TARGET, (X, 2, 0), (rc(1, 1), 1, 0))
    chance(s, 3)
    roll(s, 1, 0)  # one human dies
    roll(s, 3, 0)  # 3 points on 3 healthy sheep
    allocate(s, 0)  # spread: 0H+3I
    assert s.to_json()["combat"]["attackers"] == [0, 3]
    do(s, CONTINUE)
    roll(s, 0, 0)
    roll(s, 1, 0)  # the 4th point kills an injured herd (forced)
    combat = s.to_json()["combat"]
    assert combat["attackers"] == [0, 2]
    assert combat["humans"] == 2
    do(s, RETREAT)
    assert phase_name(s) == "route_retreat"
    assert args_of(s, ROUTE) == [rc(1, 1), X]
    do(s, ROUTE, rc(1, 1))  # its cap (1) is now used: the last herd goes to X by itself
    assert phase_name(s) == "actions"
    assert herds(s, rc(1, 1)) == (0, 1)
    assert herds(s, X) == (0, 1)
    doc = s.to_json()
    assert doc["regions"][TARGET]["token"] == 2
    assert doc["regions"][TARGET]["owner"] is None
    assert doc["tokens"]["pool_revealed"][2] == 1  # the "3" is back in the pool, face up
    # conservation of the 28 tokens: unseen + revealed in the pool + real face-up on the map
    real = 0 if doc["regions"][TARGET]["stand_in"] else 1
    assert sum(doc["tokens"]["unseen"]) + sum(doc["tokens"]["pool_revealed"]) + real == 28


def test_FR_R23_replacement_token_comes_from_the_revealed_pool_face_up() -> None:
    """FR-R23: the survivors' token is placed face up; a revealed "2" in the pool is used
    (not a stand-in)."""
    s = humans_fight(3, {X: (1, 0)}, pool_revealed=(0, 1, 0))
    attack(s, TARGET, (X, 1, 0))
    roll(s, 1, 0)
    roll(s, 0, 0)
    do(s, RETREAT)
    doc = s.to_json()
    assert doc["regions"][TARGET]["token"] == 2
    assert doc["regions"][TARGET]["stand_in"] is False
    assert doc["tokens"]["pool_revealed"] == [0, 0, 1]
    assert s.observation(2)["regions"][TARGET]["token"] == 2


def test_FR_R60_attacker_wiped_out_leaves_a_face_up_token_of_the_survivors() -> None:
    """FR-R60, FR-6.7: the only attacking herd dies after killing 1 of 3 humans: a face-up
    "2" replaces the "3"; the region stays human-held; the attacker cannot attack it again."""
    s = humans_fight(3, {X: (0, 1), rc(1, 1): (1, 0)})
    attack(s, TARGET, (X, 0, 1))
    roll(s, 1, 0)
    roll(s, 1, 0)
    assert phase_name(s) == "actions"
    doc = s.to_json()
    assert doc["regions"][TARGET]["token"] == 2
    assert doc["regions"][TARGET]["owner"] is None
    assert doc["tokens"]["pool_revealed"][2] == 1
    assert s.owner[X] == NO  # its only herd died: X is no longer controlled (FR-7.1)
    assert not legal(s, MOVE_TO, TARGET)


def test_FR_T23_FR_R7_mutual_wipe_out_against_humans_bars_re_entry() -> None:
    """FR-T23 (FR-R3, FR-R7): 1 injured herd vs a "1", both die: the region is empty and
    uncontrolled with no token, and another adjacent herd may not move in this turn."""
    s = humans_fight("face_down", {X: (0, 1), rc(1, 1): (1, 0)})
    attack(s, TARGET, (X, 0, 1))
    chance(s, 1)
    roll(s, 1, 0)
    roll(s, 1, 0)
    assert phase_name(s) == "actions"
    r = region(s, TARGET)
    assert (r["owner"], r["token"], r["healthy"], r["injured"]) == (None, None, 0, 0)
    assert s.to_json()["tokens"]["pool_revealed"] == [1, 0, 0]
    assert herds(s, rc(1, 1)) == (1, 0)
    assert not legal(s, MOVE_TO, TARGET)
    assert legal(s, MOVE_TO, rc(1, 0))  # the other herd can still move elsewhere


@pytest.mark.parametrize(("first", "expected"), [(X, (2, 1)), (Y, (1, 2))])
def test_FR_T24_attacker_retreat_respects_each_origins_cap(
    first: int, expected: tuple[int, int]
) -> None:
    """FR-T24: 2 herds from X and 2 from Y, 3 survive, retreat: X2/Y1 or X1/Y2 only. Once an
    origin has taken back as many as left it, it is no longer offered (X3/Y0 is illegal)."""
    target = rc(2, 3)  # 13, adjacent to 7 and 8
    s = scenario(
        regions=board(
            {
                X: {"owner": 0, "healthy": 2},
                Y: {"owner": 0, "healthy": 2},
                target: {"token": 3},
            }
        )
    )
    attack(s, target, (X, 2, 0), (Y, 2, 0))
    assert s.owner[X] == NO and s.owner[Y] == NO  # emptied origins (FR-7.1)
    roll(s, 0, 0)
    roll(s, 2, 0)
    allocate(s, 1)  # one point injures (forced), the next kills it: 3 survive, 3H
    assert s.to_json()["combat"]["attackers"] == [3, 0]
    do(s, RETREAT)
    assert args_of(s, ROUTE) == [X, Y]
    do(s, ROUTE, first)
    assert args_of(s, ROUTE) == [X, Y]
    do(s, ROUTE, first)
    # the cap of ``first`` (2) is used up: the third herd goes to the other origin
    assert phase_name(s) == "actions"
    assert (sum(herds(s, X)), sum(herds(s, Y))) == expected
    assert s.owner[X] == 0 and s.owner[Y] == 0
    # FR-R10: the retreated herds have acted
    assert (
        s.healthy_acted[X] + s.healthy_acted[Y] == 3
        and s.healthy_ready[X] + s.healthy_ready[Y] == 0
    )


def test_FR_R10_attacking_herds_have_acted_even_after_retreat() -> None:
    """FR-R10: herds that attacked, including retreated ones, can neither move nor heal."""
    s = humans_fight(3, {X: (2, 0)})
    attack(s, TARGET, (X, 2, 0))
    roll(s, 0, 0)
    roll(s, 1, 0)  # one injured
    do(s, RETREAT)
    assert herds(s, X) == (1, 1)
    assert (s.healthy_ready[X], s.injured_ready[X]) == (0, 0)
    assert not legal(s, HEAL, X)
    assert args_of(s, MOVE_TO) == []  # X's herds were the only ones


def test_FR_6_6_humans_never_retreat_so_continue_rolls_again() -> None:
    """FR-6.6: against humans, the attacker's continue starts the next round at once."""
    s = humans_fight(3, {X: (2, 0)})
    attack(s, TARGET, (X, 2, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    assert set(args_of(s, CONTINUE)) == {0} and legal(s, RETREAT)
    do(s, CONTINUE)
    assert phase_name(s) == "roll_attacker"
    assert s.to_json()["combat"]["round"] == 1


def _defender_choice(extra: dict[int, dict[str, object]]):
    # one herd stays behind so that the origin stays the attacker's (an emptied origin is
    # an empty uncontrolled region, see test_FR_R8_defender_may_retreat_into_an_emptied_origin)
    s = player_fight({X: (4, 0)}, (2, 0), extra=extra)
    attack(s, TARGET, (X, 3, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, CONTINUE)
    assert phase_name(s) == "defender_decides"
    assert s.current_player() == 1
    return s


# Around 12: 6 face-up "2", 7 attacker, 11 (defender's own or empty), 13 empty,
# 16 face-down token, 17 another player's.
BLOCKERS: dict[int, dict[str, object]] = {
    rc(1, 1): {"token": 2},
    rc(3, 1): {"token": "face_down"},
    rc(3, 2): {"owner": 2, "healthy": 1},
}


def test_FR_T25_defender_retreats_only_to_its_own_adjacent_region() -> None:
    """FR-T25 (FR-6.6): with an adjacent region C it controls, only C is legal, not the empty
    uncontrolled E, never the attacker's or a third player's region."""
    s = _defender_choice({**BLOCKERS, rc(2, 1): {"owner": 1, "healthy": 1}})
    assert args_of(s, RETREAT_TO) == [rc(2, 1)]
    assert legal(s, CONTINUE)
    do(s, RETREAT_TO, rc(2, 1))
    assert herds(s, rc(2, 1)) == (3, 0)
    assert s.owner[TARGET] == 0
    assert herds(s, TARGET) == (3, 0)
    assert phase_name(s) == "actions"


def test_FR_R8_defender_may_retreat_into_an_emptied_origin() -> None:
    """FR-R8, FR-R9: an origin the attacker emptied is an empty uncontrolled region, so a
    defender with no region of its own nearby may retreat there."""
    s = player_fight({X: (3, 0)}, (2, 0), extra=dict(BLOCKERS))
    attack(s, TARGET, (X, 3, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, CONTINUE)
    assert args_of(s, RETREAT_TO) == [X, rc(2, 1), rc(2, 3)]
    do(s, RETREAT_TO, X)
    assert s.owner[X] == 1 and herds(s, X) == (2, 0)
    assert s.owner[TARGET] == 0 and herds(s, TARGET) == (3, 0)


def test_FR_R8_defender_retreats_into_empty_uncontrolled_region_without_token() -> None:
    """FR-R8: with no adjacent region of its own, the defender may retreat into an adjacent
    empty uncontrolled region with no Human token (13 and 11 here), never into a token region
    (face up or down), the attacker's or a third player's region; it gains control there."""
    s = _defender_choice(dict(BLOCKERS))
    assert args_of(s, RETREAT_TO) == [rc(2, 1), rc(2, 3)]
    do(s, RETREAT_TO, rc(2, 3))
    assert s.owner[rc(2, 3)] == 1
    assert herds(s, rc(2, 3)) == (2, 0)
    assert s.vp_tokens[1] == 0


def test_FR_6_6_defender_without_destination_can_only_continue() -> None:
    """FR-6.6: a defender with no legal retreat destination must fight on."""
    s = _defender_choice(
        {
            **BLOCKERS,
            rc(2, 1): {"token": 1},
            rc(2, 3): {"owner": 3, "healthy": 1},
        }
    )
    assert s.legal_actions() == [s.cfg.layout.base[CONTINUE]]


def test_FR_T26_defender_wiped_out_attacker_takes_region_and_destroys_barn() -> None:
    """FR-T26 (FR-6.7, FR-7.5): all defenders die while attackers survive: no retreat choice,
    the attacker holds the region, the Barn is destroyed and its owner loses its VP."""
    s = player_fight({X: (3, 0)}, (1, 0), defender_building="barn")
    assert s.visible_vp(1) == 2
    attack(s, TARGET, (X, 3, 0))
    roll(s, 2, 0)
    roll(s, 0, 0)
    assert phase_name(s) == "actions"
    assert s.owner[TARGET] == 0
    assert herds(s, TARGET) == (3, 0)
    assert s.building[TARGET] == 0
    assert s.visible_vp(1) == 1
    assert s.to_json()["seats"][1]["barns_left"] == 2
    assert s.to_json()["seats"][1]["vp"] == 1


def test_FR_6_7_defender_retreat_hands_over_the_region_and_its_barn_is_destroyed() -> None:
    """FR-6.7, FR-7.5: when the defender retreats the attacker takes control and destroys the
    defender's Barn there; the defender loses its VP."""
    s = player_fight(
        {X: (4, 0)},
        (1, 0),
        defender_building="barn",
        extra={rc(2, 1): {"owner": 1, "healthy": 1}},
    )
    assert s.visible_vp(1) == 2
    attack(s, TARGET, (X, 3, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, CONTINUE)
    do(s, RETREAT_TO, rc(2, 1))
    assert s.owner[TARGET] == 0
    assert s.building[TARGET] == 0
    assert s.visible_vp(1) == 1
    assert herds(s, rc(2, 1)) == (2, 0)


def test_FR_T29_FR_R7_mutual_wipe_out_in_a_barn_region_keeps_the_barn() -> None:
    """FR-T29 (FR-R7): attacker and defender herds all die in B's region with B's Barn: B keeps
    control and the Barn, and the attacker may not enter it again this turn."""
    s = player_fight({X: (0, 1), rc(1, 1): (1, 0)}, (0, 1), defender_building="barn")
    attack(s, TARGET, (X, 0, 1))
    roll(s, 1, 0)
    roll(s, 1, 0)
    assert phase_name(s) == "actions"
    assert s.owner[TARGET] == 1
    assert s.building[TARGET] == 1
    assert herds(s, TARGET) == (0, 0)
    assert s.visible_vp(1) == 2
    assert TARGET in s.to_json()["attacked"]
    assert not legal(s, MOVE_TO, TARGET)


def test_FR_R9_attacker_may_not_retreat_when_an_origin_is_hostile() -> None:
    """FR-R9: an origin now controlled by another player takes no retreating herd; if the
    other origins cannot take every survivor, retreat is not offered (positions read from
    JSON: in part 1 only a defender's retreat, which ends the combat, could cause this)."""

    def fight(survivors: int):
        doc_regions = board(
            {
                X: {"owner": 0, "healthy": 1},  # origin with 1 herd left behind
                rc(1, 1): {"owner": 2, "healthy": 1},  # origin taken by seat 2
                TARGET: {"token": 3},
            }
        )
        doc, params = scenario_doc(regions=doc_regions, phase="attacker_decides")
        doc["combat"] = {
            "region": TARGET,
            "defender": "humans",
            "attackers": [survivors, 0],
            "origins": [[X, 1], [rc(1, 1), 2]],
            "humans": 3,
            "round": 1,
            "rolls": [0, 0],
            "damage": 0,
            "defender_damage": 0,
            "route": [0, 0],
        }
        doc["attacked"] = [TARGET]
        doc["seats"][0]["herds_left"] -= survivors
        return game(4, **params).state_from_json(doc)

    s = fight(2)
    assert not legal(s, RETREAT)
    assert legal(s, CONTINUE)
    s = fight(1)
    assert legal(s, RETREAT)
    do(s, RETREAT)
    assert phase_name(s) == "actions"
    assert herds(s, X) == (2, 0)
    assert herds(s, rc(1, 1)) == (1, 0) and s.owner[rc(1, 1)] == 2


def test_FR_6_6_retreat_to_an_emptied_origin_regains_it() -> None:
    """FR-6.6: an origin left empty by the attack is uncontrolled but still a legal
    destination; the retreating herd takes it back."""
    s = humans_fight(3, {X: (1, 0)})
    attack(s, TARGET, (X, 1, 0))
    assert s.owner[X] == NO
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, RETREAT)
    assert s.owner[X] == 0
    assert herds(s, X) == (1, 0)


def test_FR_6_7_attacker_win_against_humans_returns_the_token() -> None:
    """FR-6.7, FR-7.2: winning against humans gives control, no VP, no Turmoil, and the
    token goes back to the pool."""
    s = humans_fight(1, {X: (1, 0)})
    attack(s, TARGET, (X, 1, 0))
    roll(s, 1, 0)
    roll(s, 0, 0)
    doc = s.to_json()
    assert doc["regions"][TARGET]["owner"] == 0
    assert doc["regions"][TARGET]["token"] is None
    assert doc["regions"][TARGET]["turmoil"] is False
    assert doc["tokens"]["pool_revealed"] == [1, 0, 0]
    assert s.vp_tokens[0] == 0


def test_FR_6_combat_blocks_free_actions() -> None:
    """FR-5.1, FR-8.1: no building or trading inside a combat or while a move is assembled."""
    s = humans_fight(3, {X: (2, 0)}, hands={0: {"wheat": 4, "wood": 1, "brick": 1, "weapons": 1}})
    assert "BARN" in {s.action_to_json(a)["type"] for a in s.legal_actions()}
    do(s, MOVE_TO, TARGET)
    assert {s.action_to_json(a)["type"] for a in s.legal_actions()} == {"SOURCE", "CANCEL"}
    do(s, SOURCE, X)
    do(s, TAKE, 0)
    do(s, CONFIRM)
    roll(s, 0, 0)
    roll(s, 1, 0)
    for _ in range(2):
        # Round 1's single hit on 2 healthy herds needs no choice (FR-6.3), round 2 has none;
        # both sides keep units and no Spy is held, so the attacker decides (FR-6.6).
        assert phase_name(s) == "attacker_decides"
        types = {s.action_to_json(a)["type"] for a in s.legal_actions()}
        assert types <= {"HIT", "CONTINUE", "RETREAT", "ROUTE"}
        do(s, CONTINUE)
        roll(s, 0, 0)
        roll(s, 0, 0)


# --- FR-T53 statistics ----------------------------------------------------------------------
def test_FR_T53_two_healthy_herds_beat_three_humans_about_907_in_1000() -> None:
    """FR-T53 (FR-2.5): with the PROPOSED die, 2 healthy herds that never retreat and spread
    damage beat 3 humans with probability 0.907 (the exact value is 0.9066). Seeded sample of
    10 000 combats; tolerance 4 binomial standard errors."""
    p, n = 0.9066, 10_000
    start = humans_fight(3, {X: (2, 0)})
    attack(start, TARGET, (X, 2, 0))
    base = start.cfg.layout.base
    go_on, spread, kill = base[CONTINUE], base[HIT], base[HIT] + 1
    rng = Rng(20250101)
    wins = 0
    for _ in range(n):
        s = start.clone()
        while s.combat_region != NO:
            if s.is_chance_node():
                s.apply_action(rng.sample_outcome(s.chance_outcomes()))
                continue
            actions = s.legal_actions()
            if go_on in actions:
                s.apply_action(go_on)
            elif spread in actions:
                s.apply_action(spread)
            else:
                s.apply_action(kill)
        wins += s.owner[TARGET] == 0
    se = math.sqrt(p * (1 - p) / n)
    assert abs(wins / n - p) < 4 * se, wins / n


def test_the_combat_fields_of_the_tensor_keep_to_their_own_cells() -> None:
    """FR-6.3, FR-R19 (section 16): while damage waits to be allocated, the tensor shows it in
    the last cell of ``combat``, and ``dice`` still shows only the resource dice (one-hot
    faces, 0 or 1): no field of the combat spills onto the next field."""
    g: Any = load_game("farms_race", 3)
    layout = g.tensor_layout
    combat, dice = layout["combat"], layout["dice"]
    rng = Rng(5)
    seen = 0
    for _ in range(40):
        state = g.new_initial_state()
        while not state.is_terminal() and seen < 30:
            damage = state.combat_attacker_damage + state.combat_defender_damage
            if state.combat_region >= 0 and damage:
                for seat in range(3):
                    v = state.observation_tensor(seat)
                    assert v[combat.stop - 1] == pytest.approx(min(damage, 600) / 10)
                    assert set(v[dice.start : dice.start + 12].tolist()) <= {0.0, 1.0}
                seen += 1
            if state.is_chance_node():
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert seen == 30, "too few positions with damage to allocate"
