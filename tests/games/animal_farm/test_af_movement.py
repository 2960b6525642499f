"""Movement rulings AF-R5 … AF-R10 and test vectors AF-TV-08, 09, 15, 16."""

from __future__ import annotations

import pytest
from af_helpers import E, N, S, W, build, game, play, select, xy

from farmstead.core.errors import IllegalActionError
from farmstead.games.animal_farm.actions import END_TURN, STOP

PIG1, PIG2, PIG3, GOAT1, GOAT2, GOAT3, HORSE = range(7)


def pools(state):
    return state.to_json()["turn"]["pools"]


def test_AF_R5_three_pools_per_turn_from_the_data():
    state = build()
    assert pools(state) == {"pig": 10, "goat": 8, "horse": 8}
    play(state, select(PIG1), W, STOP, select(GOAT1), N, STOP, select(HORSE), W, STOP)
    assert pools(state) == {"pig": 9, "goat": 7, "horse": 7}


def test_AF_R5_pool_sizes_follow_the_params():
    state = build(game(pig_points=2))
    play(state, select(PIG1), N, N)
    assert state.legal_actions() == [STOP]


def test_AF_R5_moving_is_optional_and_unused_points_are_lost():
    # AF-TV-01's "the horse's 7 unused points are lost".
    state = build()
    assert END_TURN in state.legal_actions()
    play(state, select(HORSE), W, STOP, END_TURN)
    assert pools(state) == {"pig": 10, "goat": 8, "horse": 8}  # Player 2's fresh pools
    play(state, END_TURN)
    assert state.to_json()["turn"]["mover"] == "P1"
    assert pools(state) == {"pig": 10, "goat": 8, "horse": 8}  # not 15


def test_AF_R6_one_activation_per_unit_in_any_order():
    state = build(p1={PIG2: (2, 2), GOAT3: (4, 1)})
    play(state, select(HORSE), W, STOP, select(PIG2), N, STOP, select(GOAT3), N, STOP)
    legal = state.legal_actions()
    assert select(HORSE) not in legal and select(PIG2) not in legal and select(GOAT3) not in legal
    assert select(PIG1) in legal and select(GOAT1) in legal
    with pytest.raises(IllegalActionError, match="move Player 1's horse"):
        state.apply_action(select(HORSE))


def test_AF_R6_a_unit_may_be_activated_without_stepping():
    state = build()
    play(state, select(PIG1), STOP)
    assert xy(state, "P1-pig-1") == (6, 0)
    assert select(PIG1) not in state.legal_actions()


def test_AF_TV_16_shared_pools_one_activation_each():
    state = build(p1={PIG1: (1, 0), PIG2: (3, 0), PIG3: (5, 3)})
    play(state, select(PIG1), *[N] * 7, STOP)
    assert xy(state, "P1-pig-1") == (1, 7)
    play(state, select(PIG2), N, N, N)
    assert pools(state)["pig"] == 0
    assert state.legal_actions() == [STOP]
    play(state, STOP)
    legal = state.legal_actions()
    assert select(PIG3) in legal  # still selectable (feed actions only)
    assert select(PIG1) not in legal
    assert pools(state) == {"pig": 0, "goat": 8, "horse": 8}
    play(state, select(PIG3))
    assert state.legal_actions() == [STOP]


def test_AF_R7_orthogonal_steps_may_revisit_squares():
    state = build(p1={PIG1: (4, 2)})
    play(state, select(PIG1), N, S, N, S)
    assert xy(state, "P1-pig-1") == (4, 2)
    assert pools(state)["pig"] == 6


@pytest.mark.parametrize(
    "case, units, mover, unit, direction",
    [
        ("a", {"p1": {HORSE: (6, 4)}}, "P1", HORSE, S),  # horse would enter its base
        ("b", {"p1": {HORSE: (6, 7)}}, "P1", HORSE, N),  # horse would enter P2's base
        ("c", {"p1": {GOAT1: (7, 3)}}, "P1", GOAT1, N),  # goat would leave its base
        ("e", {"p2": {GOAT2: (5, 8)}}, "P2", GOAT2, S),  # P2 goat would leave its base
        ("f-west", {"p1": {PIG1: (0, 0)}}, "P1", PIG1, W),  # off the board
        ("f-south", {"p1": {PIG1: (0, 0)}}, "P1", PIG1, S),  # off the board
    ],
)
def test_AF_TV_09_zone_limits_and_edges_masked(case, units, mover, unit, direction):
    state = build(mover=mover, **units)
    play(state, select(unit))
    assert direction not in state.legal_actions(), case
    with pytest.raises(IllegalActionError):
        state.apply_action(direction)


def test_AF_TV_09d_pig_may_leave_its_base():
    state = build(p1={PIG1: (7, 3)})
    play(state, select(PIG1))
    assert N in state.legal_actions()
    play(state, N)
    assert xy(state, "P1-pig-1") == (7, 4)


def test_AF_R8_pig_goes_anywhere_including_the_enemy_base():
    state = build(p1={PIG1: (4, 3)})
    play(state, select(PIG1), *[N] * 8)
    assert xy(state, "P1-pig-1") == (4, 11)


def test_AF_TV_08a_pig_cannot_attack_or_pass_a_horse():
    state = build(p1={PIG1: (2, 5)}, p2={HORSE: (2, 6)})
    play(state, select(PIG1))
    assert N not in state.legal_actions()
    assert {E, S, W} <= set(state.legal_actions())


def test_AF_TV_08b_horse_blocked_by_zone_goat_attacks():
    state = build(p1={HORSE: (0, 4), GOAT1: (1, 3)}, p2={PIG1: (0, 3)})
    play(state, select(HORSE))
    assert S not in state.legal_actions()
    play(state, STOP, select(GOAT1))
    assert W in state.legal_actions()
    play(state, W)
    assert state.to_json()["phase"] == "displace"


def test_AF_TV_15_passing_a_friend():
    state = build(p1={PIG1: (4, 2), GOAT1: (4, 3)})
    play(state, select(PIG1))
    assert N in state.legal_actions()
    play(state, N)
    assert xy(state, "P1-pig-1") == (4, 3)
    assert STOP not in state.legal_actions()  # AF-R9: may not stop on a friend
    play(state, N, STOP)
    assert xy(state, "P1-pig-1") == (4, 4)
    assert pools(state)["pig"] == 8


def test_AF_TV_15_first_step_masked_with_one_point_left():
    state = build(
        p1={PIG1: (4, 2), GOAT1: (4, 3)},
        pools={"pig": 1, "goat": 8, "horse": 8},
        activated=["P1-pig-3"],  # pig 3 spent the other points
    )
    play(state, select(PIG1))
    assert N not in state.legal_actions()
    assert {E, S, W} <= set(state.legal_actions())


CORRIDOR = {PIG1: (0, 0), GOAT1: (0, 1), GOAT2: (0, 2), GOAT3: (0, 3), PIG2: (1, 1), PIG3: (1, 2)}


def test_AF_R10_step_into_a_chain_of_friends_needs_points_to_get_out():
    # From (0, 2) every neighbour holds a friend: with 1 point left the pig could not end
    # legally, with 2 it can go back to (0, 0).
    state = build(p1=CORRIDOR, pools={"pig": 3, "goat": 8, "horse": 8}, activated=["P1-pig-2"])
    play(state, select(PIG1), N)
    assert N not in state.legal_actions()
    assert S in state.legal_actions()
    state = build(p1=CORRIDOR)
    play(state, select(PIG1), N, N)
    assert STOP not in state.legal_actions()
    assert {N, E, S} <= set(state.legal_actions())  # 8 points left: every friend may be passed


def test_AF_R10_an_attack_is_a_legal_way_out():
    units = dict(CORRIDOR)
    del units[GOAT3]
    state = build(
        p1=units, p2={PIG1: (0, 3)}, pools={"pig": 3, "goat": 8, "horse": 8}, activated=["P1-pig-2"]
    )
    play(state, select(PIG1), N)
    assert N in state.legal_actions()  # 1 point left: attack the P2 pig on (0, 3)
    play(state, N, N)
    assert state.to_json()["phase"] == "displace"


def test_AF_R9_never_through_an_enemy_unit():
    # A goat next to an enemy pig in its base attacks it: the path ends there (AF-R13),
    # so it never passes through.
    state = build(p1={GOAT1: (4, 1)}, p2={PIG1: (4, 2)})
    play(state, select(GOAT1), N)
    assert state.to_json()["phase"] == "displace"
    play(state, state.legal_actions()[0])
    assert not {N, E, S, W} & set(state.legal_actions())
