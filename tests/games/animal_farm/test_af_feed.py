"""Feed pile rulings AF-R17 … AF-R22 and test vectors AF-TV-10, 11 and 17."""

from __future__ import annotations

from af_helpers import E, N, S, W, build, pile, play, select, xy

from farmstead.games.animal_farm.actions import DROP, END_TURN, PICK_UP_F1, PICK_UP_F2, STOP

PIG1, PIG2, PIG3, GOAT1, GOAT2, GOAT3, HORSE = range(7)


def test_AF_TV_10_one_turn_raid_of_a_front_row_pile():
    state = build(p1={PIG1: (4, 3)}, f2=(4, 8), f1=(4, 0))
    play(state, select(PIG1), N, N, N, N, N, PICK_UP_F2, S, S, S, S, S)
    assert state.to_json()["turn"]["pools"]["pig"] == 0
    play(state, STOP, END_TURN)
    assert state.is_terminal()
    assert state.to_json()["result"] == "P1"
    assert state.returns() == [1.0, -1.0]


def test_AF_TV_11_back_row_pile_needs_two_turns():
    state = build(p1={PIG1: (4, 3)}, f2=(4, 11))
    play(state, select(PIG1), *[N] * 8, PICK_UP_F2, S, S)
    assert xy(state, "P1-pig-1") == (4, 9)
    assert pile(state, "F2") == {"carried_by": "P1-pig-1"}
    assert not {N, E, S, W} & set(state.legal_actions())
    play(state, STOP, END_TURN)
    assert not state.is_terminal()
    assert state.to_json()["result"] is None


def test_AF_TV_17_loop_guard():
    state = build(p1={PIG1: (4, 7)}, f2=(4, 8))
    play(state, select(PIG1), N, PICK_UP_F2, DROP)
    assert PICK_UP_F2 not in state.legal_actions()
    play(state, N, S)  # a new visit of (4, 8)
    assert PICK_UP_F2 in state.legal_actions()


def test_AF_R17_piles_never_block_and_may_share_a_square():
    state = build(p1={PIG1: (4, 4)}, f1=(4, 5), f2=(4, 5))
    play(state, select(PIG1), N)
    assert {PICK_UP_F1, PICK_UP_F2} <= set(state.legal_actions())
    assert STOP in state.legal_actions()  # a unit may stand on piles
    play(state, N, STOP)  # and pass over them
    assert xy(state, "P1-pig-1") == (4, 6)
    assert pile(state, "F1") == pile(state, "F2") == {"at": [4, 5]}


def test_AF_R18_only_pigs_move_feed_and_a_pig_may_move_its_own_pile():
    state = build(p1={PIG1: (3, 0), GOAT1: (5, 1)}, f1=(4, 0))
    play(state, select(GOAT1), S, W)
    assert xy(state, "P1-goat-1") == (4, 0)
    assert STOP in state.legal_actions()  # AF-R17: a goat may stand on the pile
    assert not {PICK_UP_F1, PICK_UP_F2} & set(state.legal_actions())
    play(state, E, STOP, select(PIG1), E)
    assert PICK_UP_F1 in state.legal_actions()  # its own team's pile
    play(state, PICK_UP_F1)
    assert pile(state, "F1") == {"carried_by": "P1-pig-1"}


def test_AF_R18_horse_never_picks_up():
    state = build(p1={HORSE: (4, 4)}, f2=(4, 5))
    play(state, select(HORSE), N)
    assert state.legal_actions() == [STOP, N, E, S, W]


def test_AF_R19_pick_up_on_the_start_square_is_free_and_does_not_end_the_path():
    state = build(p1={PIG1: (4, 8)}, f2=(4, 8))
    play(state, select(PIG1))
    assert PICK_UP_F2 in state.legal_actions()
    play(state, PICK_UP_F2)
    assert state.to_json()["turn"]["pools"]["pig"] == 10
    assert {N, E, S, W} <= set(state.legal_actions())


def test_AF_R19_pick_up_while_passing_then_keep_moving():
    state = build(p1={PIG1: (4, 6)}, f2=(4, 7))
    play(state, select(PIG1), N, PICK_UP_F2, S, S, S)
    assert xy(state, "P1-pig-1") == (4, 4)
    assert pile(state, "F2") == {"carried_by": "P1-pig-1"}  # AF-R21: it moves with the pig


def test_AF_R19_a_carrying_pig_cannot_pick_up_a_second_pile():
    state = build(p1={PIG1: (4, 4)}, f1=(4, 5), f2="P1-pig-1")
    play(state, select(PIG1), N)
    assert PICK_UP_F1 not in state.legal_actions()
    assert DROP in state.legal_actions()


def test_AF_R20_drop_is_free_and_the_pig_keeps_moving():
    state = build(p1={PIG1: (4, 5)}, f2="P1-pig-1")
    play(state, select(PIG1), DROP)
    assert pile(state, "F2") == {"at": [4, 5]}
    assert state.to_json()["turn"]["pools"]["pig"] == 10
    play(state, S, S)
    assert pile(state, "F2") == {"at": [4, 5]}
    assert xy(state, "P1-pig-1") == (4, 3)


def test_AF_R21_carried_pile_leaves_only_by_drop_or_combat():
    state = build(p1={PIG1: (4, 5)}, f2="P1-pig-1")
    play(state, select(PIG1), W, W, STOP, END_TURN, END_TURN, select(PIG1), N)
    assert pile(state, "F2") == {"carried_by": "P1-pig-1"}


def test_AF_R22_one_pick_up_and_one_drop_per_visit():
    state = build(p1={PIG1: (4, 5)}, f2="P1-pig-1")
    play(state, select(PIG1), DROP, PICK_UP_F2)
    assert DROP not in state.legal_actions()
    assert PICK_UP_F2 not in state.legal_actions()
    play(state, N)
    assert DROP in state.legal_actions()
