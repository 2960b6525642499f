"""Farms Race setup (rules/farms_race.md §4, §3.7, §3.8; rulings FR-R22, FR-R29, FR-R48;
vectors FR-T46, FR-T47 for a normal player: Mutations such as Blue-Blooded are part 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fr_helpers import (
    BRICK,
    PLUTONIUM,
    WEAPONS,
    WOOD,
    args_of,
    chance,
    do,
    hand,
    herds,
    new_state,
    pass_turn,
    phase_name,
    rc,
)

from farmstead.games.farms_race.actions import RESOURCE, START
from farmstead.games.farms_race.layout import NO

STARTS_4 = [rc(0, 2), rc(2, 0), rc(3, 4), rc(4, 2)]  # FR-3.4
STARTS_3 = [rc(0, 3), rc(2, 0), rc(4, 3)]  # FR-3.5


def tokens_on_map(state) -> list[int]:
    return [r for r, g in enumerate(state.to_json()["regions"]) if g["token"] == "face_down"]


def choose_starts(state, picks: list[int]) -> list[int]:
    """Each seat in turn order picks the next region of ``picks``; the deciders, in order."""
    deciders = []
    for r in picks:
        assert phase_name(state) == "choose_start"
        deciders.append(state.current_player())
        do(state, START, r)
    return deciders


def test_FR_4_seat_1_is_a_chance_event() -> None:
    """FR-4 step 2: seat 1 is chosen at random, each seat with probability 1/4."""
    s = new_state(4, first_player="random")
    assert phase_name(s) == "first_seat"
    assert s.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    chance(s, 2)
    assert phase_name(s) == "choose_start"
    assert s.current_player() == 2


def test_FR_4_FR_R29_starts_chosen_in_seat_order_among_the_marked_starts() -> None:
    """FR-4 step 6, FR-R29: from seat 1 on, each seat picks one still-free marked start and
    gets a Barn and 2 healthy herds there."""
    s = new_state(4, first_player="2")
    assert args_of(s, START) == STARTS_4
    deciders = []
    for pick in (rc(4, 2), rc(0, 2), rc(3, 4)):
        deciders.append(s.current_player())
        do(s, START, pick)
        assert pick not in args_of(s, START)
    assert args_of(s, START) == [rc(2, 0)]
    assert s.current_player() == 1
    assert deciders == [2, 3, 0]
    for seat, region in ((2, rc(4, 2)), (3, rc(0, 2)), (0, rc(3, 4))):
        assert s.owner[region] == seat
        assert s.building[region] == 1
        assert herds(s, region) == (2, 0)
        assert s.herds_left[seat] == 10
        assert s.to_json()["seats"][seat]["barns_left"] == 2
    assert tokens_on_map(s) == []  # tokens come once every start is chosen


def test_FR_4_human_tokens_face_down_on_every_non_start_region() -> None:
    """FR-4 step 3: 21 face-down tokens with 4 starts, none on a start; their values are
    unseen (the 28 tokens' values stay a public multiset)."""
    s = new_state(4)
    choose_starts(s, STARTS_4)
    assert tokens_on_map(s) == [r for r in range(25) if r not in STARTS_4]
    assert s.to_json()["tokens"]["unseen"] == [4, 16, 8]


@pytest.mark.parametrize("first", [0, 2])
def test_FR_T46_FR_R22_starting_resources_four_players(first: int) -> None:
    """FR-T46, FR-R22: seat 3 (in turn order) rolls 1 starting resource, seat 4 rolls 2; each
    is a resource die with wild rerolled (5 kinds, 1/5 each); a pair is possible."""
    s = new_state(4, first_player=str(first))
    choose_starts(s, STARTS_4)
    third, fourth = (first + 2) % 4, (first + 3) % 4
    rolls = []
    for outcome in (BRICK, WOOD, WOOD):
        assert phase_name(s) == "start_roll"
        assert s.chance_outcomes() == [(k, pytest.approx(0.2)) for k in range(5)]
        rolls.append(s.active)
        chance(s, outcome)
    assert rolls == [third, fourth, fourth]
    assert phase_name(s) == "actions"
    assert hand(s, third) == [0, 0, 1, 0, 0]
    assert hand(s, fourth) == [0, 2, 0, 0, 0]
    for seat in (first, (first + 1) % 4):
        assert hand(s, seat) == [0, 0, 0, 0, 0]
    assert s.active == first


def test_FR_T46_starting_resources_three_players() -> None:
    """FR-T46: with 3 players seat 3 still receives 1; 22 tokens on the 3-player map."""
    s = new_state(3)
    assert args_of(s, START) == STARTS_3
    choose_starts(s, STARTS_3)
    assert len(tokens_on_map(s)) == 22
    assert phase_name(s) == "start_roll"
    assert s.active == 2
    chance(s, PLUTONIUM)
    assert phase_name(s) == "actions"
    assert [sum(hand(s, seat)) for seat in range(3)] == [0, 0, 1]
    assert hand(s, 2)[PLUTONIUM] == 1


def test_FR_13_experienced_mode_seats_3_and_4_choose_their_resources() -> None:
    """FR-4 step 7, FR-13: in Experienced mode seats 3 and 4 choose (any of the 5 kinds)."""
    s = new_state(4, experienced=True)
    choose_starts(s, STARTS_4)
    picks = []
    for kind in (WEAPONS, BRICK, WEAPONS):
        assert phase_name(s) == "start_choice"
        assert not s.is_chance_node()
        assert args_of(s, RESOURCE) == [0, 1, 2, 3, 4]
        picks.append(s.current_player())
        do(s, RESOURCE, kind)
    assert picks == [2, 3, 3]
    assert hand(s, 2) == [0, 0, 0, 1, 0]
    assert hand(s, 3) == [0, 0, 1, 1, 0]
    assert phase_name(s) == "actions"


def test_FR_T47_first_preparation_gives_a_third_herd() -> None:
    """FR-T47 (normal player), FR-5.2: every seat's first Preparation adds a herd at its start
    Barn: 3 herds on the map."""
    s = new_state(4)
    choose_starts(s, STARTS_4)
    for outcome in (WOOD, WOOD, WOOD):
        chance(s, outcome)
    for seat in range(4):
        assert s.active == seat
        assert phase_name(s) == "actions"
        assert herds(s, STARTS_4[seat]) == (3, 0)
        assert s.herds_left[seat] == 9
        assert s.visible_vp(seat) == 1
        pass_turn(s)


# --- random and custom maps (FR-3.7, FR-3.8, FR-R29, FR-R48) --------------------------------
def test_FR_R29_random_map_starts_edges_for_seats_1_to_3_then_not_adjacent() -> None:
    """FR-3.7, FR-R29: on a random map seats 1-3 choose free edge regions (an edge region next
    to a chosen start is allowed); seat 4 any free region not adjacent to a chosen start;
    the Human tokens come only after all starts are chosen."""
    s = new_state(4, map="random", map_seed=7)
    cfg = s.cfg
    edges = [r for r in range(25) if len(cfg.adjacent[r]) < 6]
    assert edges == [0, 1, 2, 3, 4, 5, 9, 10, 14, 15, 19, 20, 21, 22, 23, 24]
    chosen: list[int] = []
    for pick in (rc(0, 0), rc(0, 1), rc(4, 4)):
        assert args_of(s, START) == [r for r in edges if r not in chosen]
        assert tokens_on_map(s) == []
        do(s, START, pick)
        chosen.append(pick)
    blocked = set(chosen)
    for r in chosen:
        blocked |= set(cfg.adjacent[r])
    expected = [r for r in range(25) if r not in blocked]
    assert args_of(s, START) == expected
    assert rc(2, 2) in expected  # an interior region
    do(s, START, rc(2, 2))
    assert tokens_on_map(s) == [r for r in range(25) if r not in (*chosen, rc(2, 2))]


def _custom_map(tmp_path: Path, starts: str) -> str:
    path = tmp_path / "four_starts.toml"
    path.write_text(
        f'types = "WHFAPFPWFHWAFHPPHPWHAWAFA"\nstarts = {starts}\n',
        encoding="utf-8",
    )
    return str(path)


def test_FR_R48_unchosen_starts_get_a_face_down_token(tmp_path: Path) -> None:
    """FR-R48: 3 players on a custom map with 4 marked starts: after the choices, the start
    nobody chose gets a face-down token like every other free region (22 tokens)."""
    path = _custom_map(tmp_path, "[[0, 2], [2, 0], [3, 4], [4, 2]]")
    s = new_state(3, map=path)
    assert args_of(s, START) == STARTS_4
    choose_starts(s, [rc(0, 2), rc(3, 4), rc(4, 2)])
    assert rc(2, 0) in tokens_on_map(s)
    assert len(tokens_on_map(s)) == 22
    assert s.owner[rc(2, 0)] == NO
