"""Farms Race control, conquest, Turmoil, buildings, elimination and victory
(rules/farms_race.md §7, §12; rulings FR-R1, FR-R2, FR-R3, FR-R24, FR-R28, FR-R52, FR-R53;
vectors FR-T18, FR-T19, FR-T20, FR-T27, FR-T28, FR-T39, FR-T54).

Conquest is scored against the owners at the start of the turn (FR-7.3), so these tests begin
the conquering seat's turn through the engine (``start_turn``). Regions are indices on the
4-player recommended map (FR-3.4):

    row0:  W0   H1   F2*  A3   P4
    row1:     F5   P6   W7   F8   H9
    row2:  W10* A11  F12  H13  P14
    row3:     P15  H16  P17  W18  H19*
    row4:  A20  W21  A22* F23  A24
"""

from __future__ import annotations

from typing import Any

from fr_helpers import (
    args_of,
    board,
    close_window,
    do,
    end_turn,
    game,
    herds,
    legal,
    move,
    pass_turn,
    phase_name,
    roll,
    scenario,
    start_turn,
    to_discard_phase,
)

from farmstead.games.farms_race.actions import (
    ARMORY_AT,
    BARN_AT,
    CONTINUE,
    MOVE_TO,
    RETREAT,
    RETREAT_TO,
)
from farmstead.games.farms_race.layout import NO

R = 12  # the contested region of the Danielle / Jesus example (a Fields)
JESUS, DANIELLE = 0, 1  # cows and sheep


def turmoil(state) -> list[int]:
    return [r for r, g in enumerate(state.to_json()["regions"]) if g["turmoil"]]


def finish_turn(state) -> None:
    to_discard_phase(state)
    end_turn(state)


def skirmish(state, dest: int, *sources: tuple[int, int, int], retreat_to: int) -> None:
    """Attack ``dest``; nobody is hurt; the attacker fights on and the defender retreats."""
    move(state, dest, *sources)
    roll(state, 0, 0)
    roll(state, 0, 0)
    do(state, CONTINUE)
    assert phase_name(state) == "defender_decides"
    do(state, RETREAT_TO, retreat_to)
    assert phase_name(state) == "actions"


# --- FR-T18 … FR-T20: Danielle and Jesus -------------------------------------------------------
def danielle_takes_r():
    """FR-T18: Danielle's turn; she attacks Jesus's R (no Turmoil) and Jesus retreats."""
    s = start_turn(
        DANIELLE,
        regions=board(
            {
                R: {"owner": JESUS, "healthy": 1},
                6: {"owner": JESUS, "healthy": 1},
                7: {"owner": JESUS, "healthy": 1},
                16: {"owner": DANIELLE, "healthy": 3},
                11: {"owner": DANIELLE, "healthy": 1},
            }
        ),
    )
    skirmish(s, R, (16, 3, 0), retreat_to=6)
    return s


def test_FR_T18_conquest_scores_at_the_end_of_the_turn_and_places_turmoil() -> None:
    """FR-T18 (FR-R1): Danielle controls R at once; the VP token and the Turmoil come at the
    end of her turn."""
    s = danielle_takes_r()
    assert s.owner[R] == DANIELLE
    assert herds(s, R) == (3, 0)
    assert herds(s, 6) == (2, 0)
    assert s.vp_tokens[DANIELLE] == 0
    assert turmoil(s) == []
    finish_turn(s)
    assert s.vp_tokens[DANIELLE] == 1
    assert s.visible_vp(DANIELLE) == 2
    assert turmoil(s) == [R]
    assert s.vp_tokens[JESUS] == 0  # defenders never gain VP


def jesus_takes_r_back():
    """FR-T19: seats 3 and 4 pass; Jesus's next turn: he attacks R, Danielle retreats."""
    s = danielle_takes_r()
    finish_turn(s)
    pass_turn(s)
    pass_turn(s)
    assert s.active == JESUS
    assert turmoil(s) == [R]  # R is Danielle's in Jesus's Preparation: it stays
    skirmish(s, R, (6, 2, 0), (7, 1, 0), retreat_to=11)
    return s


def test_FR_T19_FR_R24_conquering_a_region_in_turmoil_scores_nothing() -> None:
    """FR-T19, FR-R24: Jesus takes R back but it is in Turmoil: no VP, the Turmoil stays, and
    Danielle keeps her VP token."""
    s = jesus_takes_r_back()
    assert s.owner[R] == JESUS
    finish_turn(s)
    assert s.vp_tokens[JESUS] == 0
    assert s.vp_tokens[DANIELLE] == 1
    assert turmoil(s) == [R]


def test_FR_T20_turmoil_leaves_in_the_controllers_preparation_then_r_scores_again() -> None:
    """FR-T20: in Danielle's Preparation the Turmoil stays (R is Jesus's); she leaves R alone;
    in Jesus's next Preparation it is removed; a later conquest of R from Jesus scores."""
    s = jesus_takes_r_back()
    finish_turn(s)
    assert s.active == DANIELLE
    assert turmoil(s) == [R]
    pass_turn(s)
    pass_turn(s)
    pass_turn(s)
    assert s.active == JESUS
    assert turmoil(s) == []
    pass_turn(s)
    assert s.active == DANIELLE
    skirmish(s, R, (11, 4, 0), retreat_to=7)
    finish_turn(s)
    assert s.vp_tokens[DANIELLE] == 2
    assert turmoil(s) == [R]


# --- FR-T27, FR-T28, FR-R1 … FR-R3 ------------------------------------------------------------
def test_FR_T27_FR_R2_walking_into_a_barn_only_region_destroys_it_without_dice() -> None:
    """FR-T27, FR-R2: B's region holds only a Barn; A moves 1 herd in: no dice, the Barn is
    destroyed (B -1 VP), the region is marked attacked; A may still reinforce it (FR-R3);
    at the end of A's turn +1 VP token and Turmoil."""
    a, b = 1, 0
    s = start_turn(
        a,
        regions=board(
            {
                6: {"owner": b, "building": "barn"},
                11: {"owner": a, "healthy": 1},
                5: {"owner": a, "healthy": 1},
            }
        ),
    )
    assert s.visible_vp(b) == 2
    move(s, 6, (11, 1, 0))
    assert phase_name(s) == "actions"  # no chance node: no dice
    assert s.owner[6] == a
    assert s.building[6] == 0
    assert s.visible_vp(b) == 1
    assert s.to_json()["seats"][b]["barns_left"] == 2
    assert s.to_json()["attacked"] == [6]
    assert legal(s, MOVE_TO, 6)
    move(s, 6, (5, 1, 0))
    assert herds(s, 6) == (2, 0)
    finish_turn(s)
    assert s.vp_tokens[a] == 1
    assert turmoil(s) == [6]


def test_FR_T28_FR_R3_walking_into_an_empty_region_is_not_an_attack() -> None:
    """FR-T28 (part 1), FR-R3: entering an empty region with no Human token is a plain move:
    no combat, not marked attacked, and more herds may follow. (FR-T28 empties B's region
    with Nukes, which are part 2; conquest without dice is FR-T27.)"""
    s = scenario(regions=board({6: {"owner": 0, "healthy": 2}, 1: {"owner": 0, "healthy": 1}}))
    move(s, 7, (6, 1, 0))
    assert phase_name(s) == "actions"
    assert s.owner[7] == 0
    assert s.to_json()["attacked"] == []
    assert legal(s, MOVE_TO, 7)
    move(s, 7, (6, 1, 0))
    assert herds(s, 7) == (2, 0)
    assert s.to_json()["attacked"] == []


def test_FR_R3_reinforcing_a_won_region_is_allowed_a_failed_attack_bars_re_entry() -> None:
    """FR-R3, FR-6.8: after winning against humans more herds may move in; after a failed
    attack (retreat) the region may not be entered again this turn."""
    s = scenario(
        regions=board(
            {
                6: {"owner": 0, "healthy": 3},
                7: {"owner": 0, "healthy": 3},
                R: {"token": 1},
                13: {"token": 3},
            }
        )
    )
    move(s, R, (6, 1, 0))
    roll(s, 1, 0)
    roll(s, 0, 0)
    assert s.owner[R] == 0
    assert legal(s, MOVE_TO, R)
    move(s, R, (7, 1, 0))
    assert herds(s, R) == (2, 0)
    move(s, 13, (7, 1, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, RETREAT)
    assert s.to_json()["attacked"] == [R, 13]
    assert not legal(s, MOVE_TO, 13)
    assert 13 not in args_of(s, MOVE_TO)


def test_FR_R1_only_regions_another_player_held_at_the_start_score() -> None:
    """FR-R1, FR-7.2, FR-7.3: regions taken from humans, empty regions and one's own regions
    score nothing; the one region B held at the start of the turn scores 1 and gets Turmoil."""
    a, b = 1, 0
    s = start_turn(
        a,
        regions=board(
            {
                6: {"owner": b, "building": "barn"},
                11: {"owner": a, "healthy": 3},
                15: {"owner": a, "healthy": 1},
                5: {"token": 1},
            }
        ),
    )
    move(s, 6, (11, 1, 0))  # B's Barn
    move(s, 5, (11, 1, 0))  # humans
    roll(s, 1, 0)
    roll(s, 0, 0)
    move(s, 16, (15, 1, 0))  # empty
    assert [s.owner[r] for r in (6, 5, 16)] == [a, a, a]
    finish_turn(s)
    assert s.vp_tokens[a] == 1
    assert turmoil(s) == [6]


def test_FR_7_3_conquest_survives_a_json_round_trip_mid_turn() -> None:
    """FR-7.3 and the position contract (``state_from_json`` inverts ``to_json``): a game
    saved after a capture and loaded again scores the conquest at the end of the turn just
    like the original."""
    a, b = 1, 0
    s = start_turn(
        a,
        regions=board({6: {"owner": b, "building": "barn"}, 11: {"owner": a, "healthy": 1}}),
    )
    move(s, 6, (11, 1, 0))
    loaded = game(4).state_from_json(s.to_json())
    assert loaded.to_json() == s.to_json()
    finish_turn(s)
    finish_turn(loaded)
    assert s.vp_tokens[a] == 1
    assert loaded.vp_tokens[a] == 1
    assert loaded.to_json() == s.to_json()


# --- FR-7.4 Turmoil, FR-T54 -------------------------------------------------------------------
def test_FR_T54_turmoil_on_a_region_emptied_this_turn_goes_at_the_next_turn() -> None:
    """FR-T54 (FR-7.4): a mutual wipe-out empties B's region that has Turmoil; the token stays
    until the next turn begins, and that turn (of a third seat) removes it."""
    a, b = 1, 0
    s = start_turn(
        a,
        regions=board(
            {
                6: {"owner": b, "injured": 1, "turmoil": True},
                11: {"owner": a, "injured": 1},
                R: {"owner": 3, "healthy": 1, "turmoil": True},
            }
        ),
    )
    assert turmoil(s) == [6, R]  # both are other players' in A's Preparation
    move(s, 6, (11, 0, 1))
    roll(s, 1, 0)
    roll(s, 1, 0)
    assert s.owner[6] == NO
    assert herds(s, 6) == (0, 0)
    finish_turn(s)
    assert turmoil(s) == [R]  # seat 2's Preparation: 6 is uncontrolled, R is seat 3's
    assert s.active == 2


# --- FR-7.5 buildings, FR-7.6 elimination, FR-R28, FR-R52, FR-R53 -----------------------------
def test_FR_7_6_elimination_is_immediate_when_the_last_piece_goes() -> None:
    """FR-7.6, FR-R28: B's last herd dies in combat (B has no building): B is eliminated at
    once, its resources leave play, and its turn is skipped."""
    a, b = 0, 1
    s = scenario(
        regions=board({10: {"owner": b, "healthy": 1}, 11: {"owner": a, "healthy": 2}}),
        hands={b: {"wheat": 3, "wood": 2}},
    )
    move(s, 10, (11, 2, 0))
    roll(s, 2, 0)
    roll(s, 0, 0)
    doc = s.to_json()
    assert doc["seats"][b]["eliminated"] is True
    assert doc["seats"][b]["hand_size"] == 0
    assert doc["seats"][b]["hand"] == {}
    assert s.observation(2)["seats"][b]["eliminated"] is True
    finish_turn(s)
    assert s.active == 2


def test_FR_7_6_a_player_with_a_building_left_is_not_eliminated() -> None:
    a, b = 0, 1
    s = scenario(regions=board({11: {"owner": b, "healthy": 1}, 6: {"owner": a, "healthy": 2}}))
    move(s, 11, (6, 2, 0))
    roll(s, 2, 0)
    roll(s, 0, 0)
    assert s.owner[11] == a
    assert s.to_json()["seats"][b]["eliminated"] is False


def test_FR_7_6_capturing_the_last_building_eliminates_and_still_scores() -> None:
    """FR-7.6, FR-7.3: taking B's last piece (a Barn) eliminates B at once; the region was
    B's at the start of the turn, so it is still a conquest at the end of it."""
    a, b = 1, 2
    s = start_turn(
        a,
        regions=board(
            {19: {}, 13: {"owner": b, "building": "barn"}, 12: {"owner": a, "healthy": 1}}
        ),
    )
    move(s, 13, (12, 1, 0))
    assert s.to_json()["seats"][b]["eliminated"] is True
    finish_turn(s)
    assert s.vp_tokens[a] == 1
    assert turmoil(s) == [13]
    assert s.active == 3  # seat 2 is skipped


def test_FR_R52_active_player_eliminated_on_its_own_turn_ends_the_turn() -> None:
    """FR-R52: the active player loses its last herd (no buildings) attacking a "1": its turn
    ends at once and the next seat's turn begins with its Preparation."""
    s = scenario(regions=board({2: {}, 7: {"owner": 0, "injured": 1}, R: {"token": 1}}))
    move(s, R, (7, 0, 1))
    roll(s, 1, 0)
    roll(s, 1, 0)
    assert s.to_json()["trade"]["slot"] == 1  # FR-R52: the trade window, then the next seat
    close_window(s)
    doc = s.to_json()
    assert doc["seats"][0]["eliminated"] is True
    assert doc["active"] == 1
    assert doc["phase"] == "actions"
    assert herds(s, 10) == (1, 0)  # seat 1's Preparation ran
    assert s.vp_tokens[0] == 0


def test_FR_R53_last_player_standing_wins_at_once() -> None:
    """FR-R53: seats 2 and 3 are out; seat 0 kills seat 1's last herd and wins."""
    s = scenario(
        regions=board(
            {
                19: {},
                22: {},
                10: {"owner": 1, "healthy": 1},
                11: {"owner": 0, "healthy": 2},
            }
        ),
        eliminated=(2, 3),
    )
    move(s, 10, (11, 2, 0))
    roll(s, 2, 0)
    roll(s, 0, 0)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [0]
    assert s.returns() == [1.0, -1.0, -1.0, -1.0]


def test_FR_R28_eliminated_seats_are_skipped() -> None:
    s = scenario(regions=board({10: {}}), eliminated=(1,))
    pass_turn(s)
    assert s.active == 2
    pass_turn(s)
    pass_turn(s)
    assert s.active == 0


# --- FR-12 victory ----------------------------------------------------------------------------
NINE_VP: dict[int, dict[str, Any]] = {
    2: {"owner": 0, "building": "armory"},
    7: {"owner": 0, "building": "armory"},
    6: {"owner": 0, "building": "barn"},
    1: {"owner": 0, "healthy": 1},
}


def test_FR_T39_a_barn_at_nine_vp_wins_at_once() -> None:
    """FR-T39 (FR-12): at 9 visible VP (2 Armories, 1 Barn, 4 VP tokens) a Barn built during
    Actions wins at once."""
    s = scenario(
        regions=board(NINE_VP),
        vp_tokens={0: 4},
        hands={0: {"wheat": 1, "wood": 1, "brick": 1, "weapons": 1}},
    )
    assert s.visible_vp(0) == 9
    do(s, BARN_AT, 1)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [0]
    assert s.to_json()["phase"] == "over"
    assert s.returns() == [1.0, -1.0, -1.0, -1.0]
    assert s.legal_actions() == []


def test_FR_12_an_armory_upgrade_to_the_target_wins_at_once() -> None:
    """FR-12: an upgrade is worth +1 net (Barn 1 -> Armory 2) and wins at 9 VP."""
    s = scenario(
        regions=board(
            {
                2: {"owner": 0, "building": "armory"},
                7: {"owner": 0, "building": "barn"},
                6: {"owner": 0, "building": "barn"},
                1: {"owner": 0, "building": "barn"},
            }
        ),
        vp_tokens={0: 4},
        hands={0: {"weapons": 3, "brick": 2}},
    )
    assert s.visible_vp(0) == 9
    do(s, ARMORY_AT, 6)
    assert s.to_json()["winners"] == [0]


def test_FR_12_conquest_scoring_to_the_target_wins_at_the_end_of_the_turn() -> None:
    """FR-12, FR-5.5: the win check follows conquest scoring: 9 VP + 1 conquest wins."""
    a, b = 1, 0
    s = start_turn(
        a,
        regions=board(
            {
                10: {"owner": a, "building": "armory"},
                5: {"owner": a, "building": "armory"},
                15: {"owner": a, "building": "barn", "healthy": 1},
                6: {"owner": b, "building": "barn"},
                11: {"owner": a, "healthy": 1},
            }
        ),
        vp_tokens={a: 4},
    )
    assert s.visible_vp(a) == 9
    move(s, 6, (11, 1, 0))
    assert not s.is_terminal()
    finish_turn(s)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [a]
    assert s.vp_tokens[a] == 5


def test_FR_12_vp_can_be_lost_when_buildings_are_destroyed() -> None:
    """FR-12, FR-7.5: a captured Armory takes its 2 VP from its owner; VP tokens stay."""
    s = scenario(
        regions=board({6: {"owner": 1, "building": "armory"}, 7: {"owner": 0, "healthy": 1}}),
        vp_tokens={1: 3},
    )
    assert s.visible_vp(1) == 1 + 2 + 3
    move(s, 6, (7, 1, 0))
    assert s.visible_vp(1) == 1 + 3
    assert s.to_json()["seats"][1]["armories_left"] == 2
    assert s.vp_tokens[1] == 3
