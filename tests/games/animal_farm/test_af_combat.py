"""Combat rulings AF-R11 … AF-R16 and test vectors AF-TV-01 … 07 and 18."""

from __future__ import annotations

import pytest
from af_helpers import E, N, S, W, build, pile, play, select, target, xy

from farmstead.core.errors import IllegalActionError
from farmstead.games.animal_farm.actions import DROP, END_TURN, PICK_UP_F1, PICK_UP_F2, STOP

PIG1, PIG2, PIG3, GOAT1, GOAT2, GOAT3, HORSE = range(7)
STEPS = {N, E, S, W}


def cells(actions):
    return {((a - 16) % 9, (a - 16) // 9) for a in actions}


def test_AF_TV_01_horse_attacks_pig():
    state = build(p1={HORSE: (4, 5)}, p2={PIG1: (4, 6)}, f1="P2-pig-1")
    play(state, 15, 2)  # SELECT(6), STEP_N
    assert state.to_json()["phase"] == "displace"
    assert state.current_player() == 0  # the attacker chooses (AF-R14)
    assert not STEPS & set(state.legal_actions())
    play(state, 115)  # TARGET((0, 11))
    assert not STEPS & set(state.legal_actions())  # AF-R13
    play(state, 1)  # STOP
    assert xy(state, "P2-pig-1") == (0, 11)
    assert xy(state, "P1-horse") == (4, 6)
    assert pile(state, "F1") == {"at": [4, 6]}  # AF-R15
    assert state.to_json()["turn"]["pools"]["horse"] == 7
    assert select(HORSE) not in state.legal_actions()  # the 7 points are lost


def test_AF_TV_02_goat_attacks_pig():
    state = build(p1={GOAT1: (2, 2)}, p2={PIG1: (2, 3)}, f1="P2-pig-1")
    play(state, 12, N, 96)  # SELECT(3), STEP_N, TARGET((8, 8))
    assert xy(state, "P2-pig-1") == (8, 8)
    assert pile(state, "F1") == {"at": [2, 3]}
    assert xy(state, "P1-goat-1") == (2, 3)
    play(state, STOP)
    assert state.to_json()["turn"]["pools"]["goat"] == 7
    play(state, select(GOAT2))
    assert N in state.legal_actions()  # the other goats share the 7 points


def test_AF_TV_03_pig_attacks_goat_and_picks_up_under_it():
    state = build(p1={PIG1: (5, 7)}, p2={GOAT1: (5, 8)}, f2=(5, 8))
    play(state, 9, N)
    legal = state.legal_actions()
    assert cells(legal) == {
        (x, y) for x in range(9) for y in range(8, 12) if state.board[9 * y + x] < 0
    }  # only empty squares of P2's base
    assert target(5, 6) not in legal and target(5, 3) not in legal
    play(state, 123, PICK_UP_F2)  # TARGET((8, 11))
    assert not STEPS & set(state.legal_actions())
    play(state, STOP)
    assert xy(state, "P2-goat-1") == (8, 11)
    assert xy(state, "P1-pig-1") == (5, 8)
    assert pile(state, "F2") == {"carried_by": "P1-pig-1"}
    assert state.to_json()["turn"]["pools"]["pig"] == 9


def test_AF_TV_04_horse_attacks_horse():
    state = build(p1={HORSE: (3, 6)}, p2={HORSE: (3, 7)})
    play(state, select(HORSE), N)
    legal = state.legal_actions()
    assert 60 in legal  # (8, 4)
    assert 46 not in legal  # (3, 3), a base square
    neutral_empty = {(x, y) for x in range(9) for y in range(4, 8) if state.board[9 * y + x] < 0}
    assert cells(legal) == neutral_empty
    play(state, 60)
    assert xy(state, "P2-horse") == (8, 4)
    assert xy(state, "P1-horse") == (3, 7)


def test_AF_TV_05_pig_steals_feed_from_pig():
    state = build(p1={PIG1: (6, 4)}, p2={PIG1: (6, 5)}, f1="P2-pig-1")
    play(state, select(PIG1), N, target(5, 11))
    assert xy(state, "P1-pig-1") == (6, 5)
    assert pile(state, "F1") == {"carried_by": "P1-pig-1"}
    assert xy(state, "P2-pig-1") == (5, 11)
    assert state.carried_pile(state.cfg.unit_by_name("P2-pig-1")) == -1


def test_AF_TV_06_pig_attacks_pig_while_carrying():
    state = build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)}, f1="P2-pig-1", f2="P1-pig-1")
    play(state, select(PIG1), N, target(5, 11))
    assert pile(state, "F1") == {"at": [4, 8]}  # AF-R16: dropped on the combat square
    assert pile(state, "F2") == {"carried_by": "P1-pig-1"}
    play(state, DROP, PICK_UP_F1)  # the swap is legal
    assert pile(state, "F1") == {"carried_by": "P1-pig-1"}
    assert pile(state, "F2") == {"at": [4, 8]}
    legal = state.legal_actions()
    assert DROP not in legal and PICK_UP_F2 not in legal  # AF-R22
    assert legal == [STOP]


def test_AF_TV_07_pig_attacks_pig_carrying_nothing():
    state = build(p1={PIG1: (2, 6)}, p2={PIG1: (2, 7)})
    before = state.to_json()["piles"]
    play(state, select(PIG1), N, target(8, 11))
    assert xy(state, "P2-pig-1") == (8, 11)
    assert state.to_json()["piles"] == before


def test_AF_TV_18_displacement_squares():
    state = build(p1={HORSE: (4, 5)}, p2={PIG1: (4, 6)}, f2=(0, 11))
    play(state, select(HORSE), N)
    legal = state.legal_actions()
    for sq in [(1, 10), (2, 10), (0, 9), (1, 9), (2, 9)]:  # parked P2 units
        assert target(*sq) not in legal
    assert target(0, 11) in legal  # a loose pile does not fill a square
    play(state, target(0, 11))
    assert pile(state, "F2") == {"at": [0, 11]}  # not picked up by the displaced pig
    play(state, STOP, END_TURN, select(PIG1))
    assert PICK_UP_F2 in state.legal_actions()  # on P2's turn, from its starting square


@pytest.mark.parametrize(
    "attacker, victim, p1, p2, legal",
    [
        ("pig", "pig", {PIG1: (4, 5)}, {PIG1: (4, 6)}, True),
        ("pig", "goat", {PIG1: (4, 7)}, {GOAT1: (4, 8)}, True),
        ("pig", "horse", {PIG1: (4, 5)}, {HORSE: (4, 6)}, False),
        ("goat", "pig", {GOAT1: (4, 2)}, {PIG1: (4, 3)}, True),
        ("horse", "horse", {HORSE: (4, 5)}, {HORSE: (4, 6)}, True),
        ("horse", "pig", {HORSE: (4, 5)}, {PIG1: (4, 6)}, True),
    ],
)
def test_AF_R12_attack_chart(attacker, victim, p1, p2, legal):
    state = build(p1=p1, p2=p2)
    play(state, select(next(iter(p1))))
    assert (N in state.legal_actions()) is legal, f"{attacker} -> {victim}"
    if legal:
        play(state, N)
        assert state.to_json()["turn"]["victim"].split("-")[1] == victim


def test_AF_R11_attack_by_player_2_sends_the_pig_to_player_1_base():
    state = build(mover="P2", p1={PIG1: (4, 9)}, p2={GOAT1: (4, 10)}, f2="P1-pig-1")
    play(state, select(GOAT1), S)
    assert state.current_player() == 1
    assert {y for _, y in cells(state.legal_actions())} == {0, 1, 2, 3}
    play(state, target(0, 0))
    assert xy(state, "P1-pig-1") == (0, 0)
    assert pile(state, "F2") == {"at": [4, 9]}


def test_AF_R11_goat_attacks_only_inside_its_base():
    # A P2 pig on the neutral row next to P1's base is out of reach of P1's goats.
    state = build(p1={GOAT1: (4, 3)}, p2={PIG1: (4, 4)})
    play(state, select(GOAT1))
    assert N not in state.legal_actions()


def test_AF_R13_pig_attacker_may_handle_feed_then_stop():
    state = build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)}, f2=(4, 8))
    play(state, select(PIG1), N, target(8, 11))
    assert state.legal_actions() == [STOP, PICK_UP_F2]
    play(state, PICK_UP_F2, DROP)
    assert state.legal_actions() == [STOP]


def test_AF_R14_displaced_unit_needs_an_empty_square_of_its_zone():
    state = build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)})
    play(state, select(PIG1), N)
    with pytest.raises(IllegalActionError, match=r"send Player 2's pig 1 to \(4, 4\)"):
        state.apply_action(target(4, 4))  # neutral: not the pig's base
    with pytest.raises(IllegalActionError):
        state.apply_action(target(1, 10))  # holds a parked P2 pig
    with pytest.raises(IllegalActionError):
        state.apply_action(N)
    assert state.to_json()["phase"] == "displace"
