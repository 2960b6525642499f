"""End-of-game rulings AF-R23, AF-R24 and test vectors AF-TV-12, 13, 14 and 20."""

from __future__ import annotations

import numpy as np
from af_helpers import N, S, build, game, pile, play, select, target

from farmstead.games.animal_farm.actions import DROP, END_TURN, STOP
from writer_kit import adversarial

PIG1, PIG2, PIG3, GOAT1, GOAT2, GOAT3, HORSE = range(7)


def result(state):
    return state.to_json()["result"]


def test_AF_TV_12a_carried_pile_in_own_base_wins():
    state = build(p1={PIG1: (4, 5)}, f1=(4, 0), f2="P1-pig-1")
    play(state, select(PIG1), S, S, STOP, END_TURN)
    assert result(state) == "P1"
    assert state.returns() == [1.0, -1.0]


def test_AF_TV_12b_only_the_end_of_turn_position_counts():
    state = build(p1={PIG1: (4, 5)}, f1=(4, 0), f2="P1-pig-1")
    play(state, select(PIG1), S, S, N, STOP, END_TURN)
    assert result(state) is None
    assert not state.is_terminal()


def test_AF_TV_13_mover_hands_the_win_to_the_opponent():
    state = build(p1={PIG1: (4, 7)}, f1="P1-pig-1", f2=(4, 10))
    play(state, select(PIG1), N, N, DROP, STOP, END_TURN)
    assert result(state) == "P2"
    assert state.returns() == [-1.0, 1.0]
    assert state.to_json()["ply"] == 1


def test_AF_TV_14a_enemy_carried_pile_does_not_count():
    state = build(p1={GOAT1: (4, 1)}, p2={PIG1: (4, 2)}, f1="P2-pig-1", f2=(3, 1))
    play(state, END_TURN)
    assert result(state) is None


def test_AF_TV_14b_knocking_the_pile_loose_at_home_wins():
    state = build(p1={GOAT1: (4, 1)}, p2={PIG1: (4, 2)}, f1="P2-pig-1", f2=(3, 1))
    play(state, select(GOAT1), N, target(8, 11), STOP)
    assert pile(state, "F1") == {"at": [4, 2]}
    play(state, END_TURN)
    assert result(state) == "P1"


def test_AF_R23_player_2_wins_with_its_own_pigs_carrying_in_its_base():
    state = build(mover="P2", p2={PIG1: (4, 7)}, f1="P2-pig-1", f2=(4, 11))
    play(state, select(PIG1), N, STOP, END_TURN)
    assert result(state) == "P2"
    assert state.returns() == [-1.0, 1.0]


def test_AF_R23_no_win_during_the_turn():
    state = build(p1={PIG1: (4, 4)}, f2="P1-pig-1")
    play(state, select(PIG1), S)  # both piles are in P1's base now, mid-turn
    assert not state.is_terminal()
    play(state, N, STOP, END_TURN)
    assert result(state) is None


def test_AF_TV_20_draw_at_the_ply_limit():
    state = build(game(max_plies=2))
    play(state, END_TURN)
    assert not state.is_terminal()
    play(state, END_TURN)
    assert state.is_terminal()
    assert result(state) == "draw"
    assert state.returns() == [0.0, 0.0]


def test_AF_R24_default_limit_is_200_plies():
    assert game().config.max_plies == 200
    state = build(ply=198)
    play(state, END_TURN)
    assert not state.is_terminal()
    play(state, END_TURN)
    assert result(state) == "draw"
    assert state.to_json()["ply"] == 200


def test_AF_R24_setup_does_not_count_as_plies():
    state = game(max_plies=1).new_initial_state()
    for _ in range(16):
        state.apply_action(state.legal_actions()[0])
    assert state.to_json()["ply"] == 0
    play(state, END_TURN)
    assert result(state) == "draw"


def test_AF_R24_no_progress_draw_resets_when_a_pile_changes_zone():
    state = build(game(no_progress_plies=3), p1={PIG1: (4, 3)}, f1="P1-pig-1")
    play(state, END_TURN, END_TURN)
    assert state.to_json()["no_progress"] == 2
    play(state, select(PIG1), N, STOP, END_TURN)  # F1 moves into the neutral zone
    assert state.to_json()["no_progress"] == 0
    play(state, END_TURN, END_TURN)
    assert not state.is_terminal()
    play(state, END_TURN)
    assert result(state) == "draw"
    assert state.to_json()["ply"] == 6


def test_AF_R24_no_progress_is_off_by_default():
    state = build(ply=100)
    for _ in range(99):
        play(state, END_TURN)
    assert not state.is_terminal()


def test_AF_R24_the_tensor_shows_where_the_piles_were_when_the_turn_began():
    """AF-R24, AF-R25: with the no-progress draw on, whether a turn is progress depends on the
    piles' zones when it began, so every seat's tensor shows them (``start_zones``, one-hot
    per pile: P1 base, neutral, P2 base) and keeps them while the pile moves this turn; the
    state encoding and the writers equal the reference along random games of that game too."""
    the_game = game(no_progress_plies=3)
    state = build(the_game, p1={PIG1: (4, 3)}, f1="P1-pig-1")
    zones = the_game.tensor_layout["start_zones"]
    p1_base, neutral, p2_base = range(3)
    began = np.zeros(6, np.float32)
    began[[p1_base, 3 + p2_base]] = 1.0  # F1 carried in P1's base, F2 loose in P2's
    for seat in (0, 1):
        assert np.array_equal(state.observation_tensor(seat)[zones.start : zones.stop], began)
    play(state, select(PIG1), N)  # F1 is carried into the neutral zone: the start stays
    for seat in (0, 1):
        assert np.array_equal(state.observation_tensor(seat)[zones.start : zones.stop], began)
    play(state, STOP, END_TURN)
    now = np.zeros(6, np.float32)
    now[[neutral, 3 + p2_base]] = 1.0
    for seat in (0, 1):
        assert np.array_equal(state.observation_tensor(seat)[zones.start : zones.stop], now)
    adversarial(game(no_progress_plies=6), seed=3, rulings="AF-R24 AF-R25")
    off = build(game(), p1={PIG1: (4, 3)}, f1="P1-pig-1")
    assert not off.observation_tensor(0)[zones.start : zones.stop].any()  # AF-R24: off
