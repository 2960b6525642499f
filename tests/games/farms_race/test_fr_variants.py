"""Farms Race variants of part 1 (rules/farms_race.md §13): the VP target, Stealing (FR-R49),
New-player redo (FR-R55), random and custom maps (FR-3.7, FR-3.8) and the round cap (FR-R54).
Experienced mode is in ``test_fr_setup``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from fr_helpers import (
    WHEAT,
    WOOD,
    args_of,
    board,
    chance,
    close_window,
    dice,
    do,
    end_turn,
    hand,
    herds,
    move,
    new_state,
    pass_turn,
    phase_name,
    rc,
    roll,
    scenario,
    to_discard_phase,
)

from farmstead.games.farms_race.actions import (
    BARN_AT,
    END_PHASE,
    END_TURN,
    KEEP,
    PASS,
    REDO,
    SEAT,
    START,
)

BARN_COST = {"wheat": 1, "wood": 1, "brick": 1, "weapons": 1}


# --- target_vp (FR-12, FR-13) -----------------------------------------------------------------
@pytest.mark.parametrize("target", [8, 10, 12])
def test_FR_13_target_vp_sets_the_winning_total(target: int) -> None:
    """FR-13: first game 8, default 10, expert 12: a Barn wins from target - 1, not from
    target - 2."""
    for before, wins in ((target - 1, True), (target - 2, False)):
        s = scenario(
            regions=board({1: {"owner": 0, "healthy": 1}}),
            vp_tokens={0: before - 1},  # plus the home Barn
            hands={0: BARN_COST},
            target_vp=target,
        )
        assert s.visible_vp(0) == before
        do(s, BARN_AT, 1)
        assert s.is_terminal() is wins
        assert s.to_json()["winners"] == ([0] if wins else [])


def test_FR_13_default_target_is_10() -> None:
    s = scenario(regions=board())
    assert s.cfg.target_vp == 10


# --- Stealing (FR-13, FR-R49) -----------------------------------------------------------------
def steal_ready():
    """Seat 0 rolls wheat + wheat with Stealing on; seat 1 holds wheat and wood, seat 2
    nothing, seat 3 two bricks."""
    s = scenario(
        regions=board(),
        hands={1: {"wheat": 1, "wood": 1}, 3: {"brick": 2}},
        stealing=True,
    )
    do(s, END_PHASE)
    dice(s, WHEAT, WHEAT)
    return s


def test_FR_R49_victims_are_other_players_holding_a_card() -> None:
    """FR-R49: on doubles (after production) the active player picks a victim holding at least
    one resource, or passes."""
    s = steal_ready()
    assert hand(s, 0) == [2, 0, 0, 0, 0]  # production came first (FR-R39)
    assert phase_name(s) == "steal_victim"
    assert s.current_player() == 0
    assert args_of(s, SEAT) == [1, 3]
    assert s.is_legal(s.cfg.layout.base[PASS])
    do(s, PASS)
    assert phase_name(s) == "resources"
    assert [sum(hand(s, p)) for p in range(4)] == [2, 2, 0, 2]


def test_FR_R49_no_victim_no_steal() -> None:
    s = scenario(regions=board(), stealing=True)
    do(s, END_PHASE)
    dice(s, WHEAT, WHEAT)
    assert phase_name(s) == "resources"


def test_FR_R49_one_uniformly_random_card_is_taken() -> None:
    s = steal_ready()
    do(s, SEAT, 1)
    assert phase_name(s) == "steal_draw"
    assert s.chance_outcomes() == [(WHEAT, 0.5), (WOOD, 0.5)]
    chance(s, WOOD)
    assert hand(s, 0) == [2, 1, 0, 0, 0]
    assert hand(s, 1) == [1, 0, 0, 0, 0]
    assert phase_name(s) == "resources"


def test_FR_R49_the_stolen_kind_is_shown_only_to_thief_and_victim() -> None:
    """FR-R49, FR-16: a third seat (and a spectator) sees the same observation whichever card
    was stolen and words that do not name it; thief and victim see the kind."""
    s = steal_ready()
    do(s, SEAT, 1)
    words = {
        seat: {k: s.action_to_string_for(k, seat) for k in (WHEAT, WOOD)}
        for seat in (None, 0, 1, 2, 3)
    }
    for seat in (None, 2, 3):
        assert words[seat][WHEAT] == words[seat][WOOD]
        assert "wheat" not in words[seat][WHEAT] and "wood" not in words[seat][WOOD]
    for seat in (0, 1):
        assert "wheat" in words[seat][WHEAT] and "wood" in words[seat][WOOD]
    took_wheat, took_wood = s.clone(), s.clone()
    chance(took_wheat, WHEAT)
    chance(took_wood, WOOD)
    for seat in (None, 2, 3):
        assert took_wheat.observation(seat) == took_wood.observation(seat)
        assert "hand" not in took_wheat.observation(seat)["seats"][1]
    for seat in (0, 1):
        assert took_wheat.observation(seat) != took_wood.observation(seat)
    assert took_wheat.observation(0)["seats"][0]["hand"] == {"wheat": 3}
    assert took_wood.observation(0)["seats"][0]["hand"] == {"wheat": 2, "wood": 1}
    assert took_wheat.observation(1)["seats"][1]["hand"] == {"wood": 1}
    assert took_wood.observation(1)["seats"][1]["hand"] == {"wheat": 1}


# --- New-player redo (FR-R55) -----------------------------------------------------------------
def first_turn(**params):
    """A 4-player game set up through the engine; seat 0's first turn, Actions phase."""
    s = new_state(4, new_player_redo=True, **params)
    for r in (rc(0, 2), rc(2, 0), rc(3, 4), rc(4, 2)):
        do(s, START, r)
    for kind in (WOOD, WOOD, WOOD):
        chance(s, kind)
    assert phase_name(s) == "actions" and s.active == 0
    return s


def play_first_turn(s) -> None:
    """Attack the face-down (0, 3) with 3 herds: it shows a 3, all die; then roll and end."""
    move(s, rc(0, 3), (rc(0, 2), 3, 0))
    chance(s, 3)
    roll(s, 3, 0)
    roll(s, 0, 0)
    assert s.owner[rc(0, 3)] == 0
    to_discard_phase(s, WHEAT, WHEAT)
    assert hand(s, 0) == [2, 0, 0, 0, 0]


def test_FR_R55_redo_restores_the_turn_and_hides_revealed_tokens_again() -> None:
    """FR-R55: at the end of a new player's first turn (before conquest scoring) they may
    redo it: the whole state goes back to the start of the turn, the revealed token is face
    down again and back among the unseen ones, Preparation is replayed; the offer comes
    once."""
    s = first_turn(new_players="0")
    start = s.to_json()
    play_first_turn(s)
    assert s.to_json()["tokens"]["unseen"] == [4, 16, 7]
    do(s, END_TURN)
    assert phase_name(s) == "redo_offer"
    assert s.current_player() == 0
    assert [s.action_to_json(a)["type"] for a in s.legal_actions()] == ["KEEP", "REDO"]
    do(s, REDO)
    again = s.to_json()
    assert again["redo_used"] == [0]
    assert again["redo_snapshot"] is None
    for key in ("redo_used", "redo_snapshot"):
        start.pop(key)
        again.pop(key)
    assert again == start
    assert again["regions"][rc(0, 3)]["token"] == "face_down"
    assert again["tokens"] == {"unseen": [4, 16, 8], "pool_revealed": [0, 0, 0], "stand_ins": 0}
    assert herds(s, rc(0, 2)) == (3, 0)
    play_first_turn(s)
    end_turn(s)
    assert phase_name(s) == "actions"
    assert s.active == 1


def test_FR_R55_keep_goes_on_and_only_new_players_are_offered() -> None:
    s = first_turn(new_players="0")
    play_first_turn(s)
    do(s, END_TURN)
    do(s, KEEP)
    close_window(s)
    assert s.active == 1
    assert s.owner[rc(0, 3)] == 0
    assert s.to_json()["redo_used"] == [0]
    pass_turn(s)  # seat 1 is not a new player: no offer
    assert s.active == 2


# --- random and custom maps (FR-3.7, FR-3.8) --------------------------------------------------
def test_FR_3_7_random_map_is_seeded_and_has_five_tiles_of_each_type() -> None:
    a = new_state(4, map="random", map_seed=11).cfg.map
    b = new_state(4, map="random", map_seed=11).cfg.map
    c = new_state(4, map="random", map_seed=12).cfg.map
    assert a.type_string() == b.type_string()
    assert a.type_string() != c.type_string()
    assert sorted(Counter(a.type_string()).values()) == [5] * 5
    assert a.starts == ()


def test_FR_3_7_random_map_without_same_type_neighbours() -> None:
    s = new_state(4, map="random", map_seed=5, random_map_no_same_adjacent=True)
    types = s.cfg.region_type
    assert all(types[r] != types[n] for r in range(25) for n in s.cfg.adjacent[r])


def test_FR_3_8_a_custom_map_of_any_shape_can_be_played(tmp_path: Path) -> None:
    """FR-3.8: a connected custom map of 9 regions with 3 starts: the action space follows
    the map, tokens go on the 6 other regions and a turn can be played."""
    path = tmp_path / "small.json"
    path.write_text(
        json.dumps(
            {"id": "small", "types": "FWHAPFWHA", "columns": 3, "starts": [[0, 0], [2, 2], [0, 2]]}
        ),
        encoding="utf-8",
    )
    s = new_state(3, map=str(path))
    assert s.cfg.regions == 9
    assert args_of(s, START) == [0, 2, 8]
    for r in (0, 2, 8):
        do(s, START, r)
    chance(s, WOOD)
    tokens = [r for r, g in enumerate(s.to_json()["regions"]) if g["token"] == "face_down"]
    assert tokens == [1, 3, 4, 5, 6, 7]
    assert herds(s, 0) == (3, 0)
    pass_turn(s)
    assert s.active == 1
    assert hand(s, 0) == [1, 0, 0, 0, 0]  # its start (0, 0) is a Fields


# --- Round cap (FR-R54) -----------------------------------------------------------------------
def test_FR_R54_round_cap_highest_visible_vp_wins_ties_shared() -> None:
    """FR-R54: after ``max_rounds`` full rounds the game ends; the highest visible VP among
    the players still in wins, ties are shared (an eliminated seat's VP no longer counts,
    FR-R28)."""
    s = scenario(
        regions=board({22: {}}),
        vp_tokens={0: 2, 2: 2, 3: 9},
        eliminated=(3,),
        max_rounds=1,
    )
    for _ in range(2):
        pass_turn(s)
        assert not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [0, 2]
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


def test_FR_R54_the_game_goes_on_before_the_cap() -> None:
    s = scenario(regions=board(), max_rounds=2)
    for _ in range(4):
        pass_turn(s)
    assert not s.is_terminal()
    assert s.to_json()["round"] == 2
    for _ in range(4):
        pass_turn(s)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [0, 1, 2, 3]
    assert s.returns() == [0.0, 0.0, 0.0, 0.0]


def test_FR_3_8_FR_R29_a_custom_map_without_starts_uses_the_random_map_start_rules(
    tmp_path: Path,
) -> None:
    """FR-3.8, FR-R29: a custom map that marks no starts follows the random-map rules: seats
    1-3 choose edge regions (on a 3 x 3 map every region but the middle one)."""
    path = tmp_path / "open.toml"
    path.write_text('types = "FWHAPFWHA"\ncolumns = 3\nstarts = []\n', encoding="utf-8")
    s = new_state(3, map=str(path))
    assert s.cfg.adjacent[4] == (1, 2, 3, 5, 7, 8)  # (1, 1) has 6 neighbours
    assert args_of(s, START) == [0, 1, 2, 3, 5, 6, 7, 8]
    do(s, START, 0)
    assert args_of(s, START) == [1, 2, 3, 5, 6, 7, 8]
