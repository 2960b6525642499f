"""Setup rulings AF-R1 … AF-R4 and test vector AF-TV-19 (rules/animal_farm.md section 4)."""

from __future__ import annotations

import pytest
from af_helpers import N, S, build, game, play, select, target

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import PlayerId
from farmstead.core.registry import load_game
from farmstead.games.animal_farm.actions import END_TURN, PICK_UP_F2, STOP

# Spec 3.4, in slot order: pigs, goats, horse.
SPEC_DEFAULT_P1 = [(1, 3), (4, 3), (7, 3), (3, 1), (5, 1), (4, 2), (4, 4)]
SPEC_DEFAULT_P2 = [(7, 8), (4, 8), (1, 8), (5, 10), (3, 10), (4, 9), (4, 7)]


def _placing(state):
    return state.action_to_string(state.legal_actions()[0])


def test_AF_R1_coin_toss_is_a_fair_chance_node():
    state = load_game("animal_farm").new_initial_state()
    assert state.current_player() == PlayerId.CHANCE
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert "the second seat is Player 1" in state.action_to_string(1)


@pytest.mark.parametrize("seat", [0, 1])
def test_AF_R1_the_toss_winner_is_player_1_sets_up_first_with_the_low_base(seat):
    state = load_game("animal_farm").new_initial_state()
    state.apply_action(seat)
    assert state.current_player() == seat
    assert state.to_json()["player1_seat"] == seat
    assert "Player 1's feed pile" in _placing(state)
    cells = [a - 16 for a in state.legal_actions()]
    assert {c // 9 for c in cells} == {0, 1, 2, 3}  # Player 1's base, rows 0-3


def test_AF_R1_player_1_takes_the_first_turn():
    state = load_game("animal_farm", setup_mode="default").new_initial_state()
    state.apply_action(1)  # seat 1 is Player 1
    assert state.current_player() == 1
    assert state.to_json()["turn"]["mover"] == "P1"


def test_AF_R1_returns_follow_the_seat_of_player_1():
    # AF-TV-10's raid, played with Player 1 on seat 1: seat 1 wins.
    state = build(p1={1: (4, 3)}, f2=(4, 8), player1_seat=1)
    assert state.current_player() == 1
    play(state, select(1), N, N, N, N, N, PICK_UP_F2, S, S, S, S, S, STOP, END_TURN)
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]


def test_AF_R1_first_player_param_replaces_the_toss():
    fixed = load_game("animal_farm", first_player="1")
    state = fixed.new_initial_state()
    assert state.current_player() == 1
    assert fixed.info.max_game_length == load_game("animal_farm").info.max_game_length - 1


def test_AF_R2_setup_order_player_1_all_pieces_then_player_2():
    state = game().new_initial_state()
    order = []
    while state.to_json()["phase"] == "setup":
        order.append((state.current_player(), _placing(state).split(" at ")[0]))
        state.apply_action(state.legal_actions()[0])
    expected_p1 = [
        "Player 1's feed pile",
        "Player 1's pig 1",
        "Player 1's pig 2",
        "Player 1's pig 3",
        "Player 1's goat 1",
        "Player 1's goat 2",
        "Player 1's goat 3",
        "Player 1's horse",
    ]
    expected = [(0, "place " + x) for x in expected_p1] + [
        (1, "place " + x.replace("Player 1", "Player 2")) for x in expected_p1
    ]
    assert order == expected
    assert state.to_json()["phase"] == "idle"
    assert state.current_player() == 0


def test_AF_R2_player_2_sees_player_1_setup_while_placing():
    state = game().new_initial_state()
    for _ in range(8):
        state.apply_action(state.legal_actions()[-1])
    assert state.current_player() == 1
    seen = state.observation(1)["units"]["P1"]
    assert all(sq is not None for sq in seen)
    assert seen == state.observation(None)["units"]["P1"]


def test_AF_TV_19_setup_legality():
    state = game().new_initial_state()
    legal = state.legal_actions()
    assert target(0, 8) not in legal  # feed outside the base
    assert target(0, 0) in legal
    state.apply_action(target(0, 0))
    assert target(4, 4) not in state.legal_actions()  # pig in the neutral zone
    assert target(4, 3) in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply_action(target(4, 4))
    state.apply_action(target(4, 3))
    state.apply_action(target(1, 3))
    state.apply_action(target(7, 3))
    # Goat on the feed pile's square (AF-R3: a unit may stand on the pile).
    assert target(0, 0) in state.legal_actions()
    state.apply_action(target(0, 0))
    state.apply_action(target(3, 1))
    state.apply_action(target(5, 1))
    horse = state.legal_actions()
    assert target(4, 6) not in horse  # Player 2's horse rows
    assert target(4, 3) not in horse  # a base square
    assert target(4, 5) in horse


def test_AF_R3_one_unit_per_square_at_setup():
    state = game().new_initial_state()
    state.apply_action(target(0, 0))  # feed
    state.apply_action(target(2, 2))  # pig 1
    assert target(2, 2) not in state.legal_actions()


def test_AF_R3_player_2_places_in_its_own_base_and_horse_rows():
    state = game(setup_mode="manual").new_initial_state()
    for _ in range(8):
        state.apply_action(state.legal_actions()[0])
    feed = {(a - 16) // 9 for a in state.legal_actions()}
    assert feed == {8, 9, 10, 11}
    for _ in range(7):
        state.apply_action(state.legal_actions()[0])
    horse_rows = {(a - 16) // 9 for a in state.legal_actions()}
    assert horse_rows == {6, 7}


def test_AF_R4_default_setup_is_the_spec_map():
    state = game(setup_mode="default").new_initial_state()
    doc = state.to_json()
    assert doc["phase"] == "idle"
    assert [tuple(sq) for sq in doc["units"]["P1"]] == SPEC_DEFAULT_P1
    assert [tuple(sq) for sq in doc["units"]["P2"]] == SPEC_DEFAULT_P2
    assert doc["piles"] == {"F1": {"at": [4, 0]}, "F2": {"at": [4, 11]}}


def test_AF_R4_default_setup_with_coin_toss_places_at_the_toss():
    state = load_game("animal_farm", setup_mode="default").new_initial_state()
    assert state.is_chance_node()
    state.apply_action(0)
    assert state.to_json()["phase"] == "idle"
    assert [tuple(sq) for sq in state.to_json()["units"]["P1"]] == SPEC_DEFAULT_P1
