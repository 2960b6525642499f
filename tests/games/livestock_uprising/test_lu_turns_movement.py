"""Turn structure (LU-R21 … LU-R26) and movement (LU-R27 … LU-R37): phases in order, lost and
skipped turns, rounds, step limits, terrain, occupancy, Rocket Rooster, Sky Hen, Forced March,
FREE_ATTACK_STEP."""

from __future__ import annotations

import pytest
from lu_helpers import (
    act,
    battle,
    cell_of,
    end_phase_until,
    legal,
    legal_json,
    ongoing_battle,
    phase,
    scenario,
)

# --- LU-R21 … LU-R26: turn structure ------------------------------------------------------------


def _holding_a_card(**kwargs):
    """Chickens hold Field Medic (a card of no own-phase window), so that every phase asks."""
    kwargs.setdefault("pieces", {"CH-G1": ((2, 2), ["T01"]), "CO-G1": ((4, 4), [])})
    return scenario(hands={0: ["CC07"]}, **kwargs)


def test_lu_r21_phases_in_order_action_harvest_marshal_transfer():
    """LU-R21: Action, Harvest, Marshaling, Transfer, then the next seat."""
    s = _holding_a_card()
    seen = [phase(s)]
    while s.to_json()["active"] == 0:
        act(s, "END")
        seen.append(phase(s))
    assert seen == ["action", "harvest", "marshal", "transfer", "action"]
    assert s.to_json()["active"] == 1


def test_lu_r22_a_left_phase_is_never_reentered():
    """LU-R22: once the Action Phase is left, no piece is offered again in the turn."""
    s = _holding_a_card()
    act(s, "END")
    for _ in range(3):
        assert not any(a["type"] in ("PIECE", "STEP", "FORM") for a in legal_json(s))
        act(s, "END")
    assert s.to_json()["active"] == 1


def test_lu_r23_not_acted_again_and_effects_end_at_the_start_of_the_owners_turn():
    """LU-R23: every piece is 'not acted' at the start of its owner's turn; Fortify (until the
    start of your next turn) lasts through the opponent's turn and ends at the owner's."""
    s = scenario(
        pieces={"CH-G1": ((2, 2), []), "CO-G1": ((4, 4), [])},
        fortified=["CH-G1"],
        active=1,
    )
    assert s.to_json()["pieces"][0]["fortified"] is True
    end_phase_until(s, seat=0)
    doc = s.to_json()
    assert doc["active"] == 0
    assert all(p["fortified"] is False for p in doc["pieces"])
    assert doc["turn"]["acted"] == ["ready"] * 4
    assert legal(s, "PIECE", piece="G1")


def test_lu_r24_r26_a_lost_turn_is_skipped_and_counts_as_taken():
    """LU-R24, LU-R26: the Cows owe a lost turn: after the Chickens' turn the Cows' turn is
    skipped whole, the round ends anyway, and the Chickens play round 2."""
    s = scenario(
        pieces={"CH-G1": ((2, 2), []), "CO-G1": ((4, 4), [])},
        lost={1: 1},
    )
    act(s, "END")  # leave the Chickens' Action Phase; the rest of the turn runs by itself
    end_phase_until(s, seat=0)
    doc = s.to_json()
    assert doc["active"] == 0
    assert doc["round"] == 2
    assert doc["lost_turns"] == [0, 0]


def test_lu_r25_eliminated_seats_are_skipped():
    """LU-R25: with the Cows (seat 1) eliminated, the Chickens' turn passes to the Goats."""
    s = scenario(
        3,
        pieces={"CH-G1": ((3, 3), []), "GO-G1": ((6, 6), [])},
        alive=[True, False, True],
    )
    end_phase_until(s, seat=2)
    doc = s.to_json()
    assert doc["active"] == 2
    assert doc["round"] == 1


@pytest.mark.parametrize("first", [0, 1])
def test_lu_r26_rounds_count_from_the_first_player(first):
    """LU-R26: the round counter starts at 1 and goes up when turn order passes back to the
    first player."""
    second = 1 - first
    s = scenario(
        pieces={"CH-G1": ((2, 2), []), "CO-G1": ((4, 4), [])},
        first=first,
        active=first,
    )
    assert s.to_json()["round"] == 1
    end_phase_until(s, seat=second)
    assert s.to_json()["round"] == 1
    end_phase_until(s, seat=first)
    assert s.to_json()["round"] == 2
    end_phase_until(s, seat=second)
    assert s.to_json()["round"] == 2


# --- LU-R27, LU-R28: one action per piece, in any order -----------------------------------------


def test_lu_r27_r28_each_piece_acts_once_in_any_order_and_stop_counts():
    """LU-R27, LU-R28: the player picks the order; selecting a piece and stopping at once is its
    action; a piece never acts twice."""
    s = scenario(
        pieces={
            "CH-G1": ((2, 1), []),
            "CH-G2": ((2, 3), []),
            "CH-G3": ((3, 3), []),
            "CO-G1": ((4, 4), []),
        },
    )
    act(s, "PIECE", piece="G3")
    act(s, "STOP")
    assert cell_of(s, "CH-G3") == (3, 3)
    assert not legal(s, "PIECE", piece="G3")
    act(s, "PIECE", piece="G1")
    # Continuous action (LU-R28): no other piece is offered while G1 acts.
    assert not any(a["type"] == "PIECE" for a in legal_json(s))
    act(s, "STEP", dir="N")
    act(s, "STEP", dir="N")
    assert cell_of(s, "CH-G1") == (0, 1)
    assert not legal(s, "PIECE", piece="G1")
    assert legal(s, "PIECE", piece="G2")


# --- LU-R29 … LU-R31: steps, limits, terrain ------------------------------------------------------


def test_lu_r29_eight_directions_and_diagonal_between_blocked_cells():
    """LU-R29: a step goes to any of the 8 neighbours, diagonally even when both orthogonal
    cells beside it are blocked."""
    s = scenario(
        tiles={(1, 2): "forest", (2, 3): "lake"},
        pieces={"CH-G1": ((2, 2), []), "CO-G1": ((4, 4), [])},
    )
    act(s, "PIECE", piece="G1")
    dirs = {a["dir"] for a in legal_json(s) if a["type"] == "STEP"}
    assert dirs == {"NE", "SE", "S", "SW", "W", "NW"}
    act(s, "STEP", dir="NE")
    assert cell_of(s, "CH-G1") == (1, 3)


def test_lu_r30_general_step_limit_is_two():
    """LU-R30: a General takes at most 2 steps."""
    s = scenario(pieces={"CH-G1": ((2, 0), []), "CH-G2": ((4, 4), []), "CO-G1": ((0, 4), [])})
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    assert cell_of(s, "CH-G1") == (2, 2)
    assert not any(a["type"] == "STEP" for a in legal_json(s))


def test_lu_r30_moving_is_optional_and_may_stop_after_any_step():
    """LU-R30: a piece may stop after any step."""
    s = scenario(pieces={"CH-G1": ((2, 0), []), "CH-G2": ((4, 4), []), "CO-G1": ((0, 4), [])})
    act(s, "PIECE", piece="G1")
    assert legal(s, "STOP")
    act(s, "STEP", dir="E")
    assert legal(s, "STOP")
    act(s, "STOP")
    assert cell_of(s, "CH-G1") == (2, 1)


def test_lu_r30_rocket_rooster_sets_the_limit_to_three():
    """LU-R30 (MOVE_BASE_3): a General with Rocket Rooster takes up to 3 steps."""
    s = scenario(
        pieces={"CH-G1": ((2, 0), ["CH-SF1"]), "CH-G2": ((4, 4), []), "CO-G1": ((0, 4), [])}
    )
    act(s, "PIECE", piece="G1")
    for _ in range(3):
        act(s, "STEP", dir="E")
    assert cell_of(s, "CH-G1") == (2, 3)
    assert not any(a["type"] == "STEP" for a in legal_json(s))


def test_lu_r30_forced_march_adds_two_steps():
    """LU-R30, CC03 Forced March: a piece that has not started acting gets +2 steps: 4 for a
    General."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={"GO-G1": ((3, 0), []), "GO-G2": ((0, 4), []), "CO-G1": ((0, 0), [])},
        hands={0: ["CC03"]},
    )
    act(s, "PLAY", card="CC03")
    assert phase(s) == "card_target"
    act(s, "PIECE", piece="G1")
    act(s, "PIECE", piece="G1")
    for _ in range(4):
        act(s, "STEP", dir="E")
    assert cell_of(s, "GO-G1") == (3, 4)
    assert not any(a["type"] == "STEP" for a in legal_json(s))


def test_lu_r30_forced_march_and_rocket_rooster_combine():
    """LU-R30: different effects combine: Rocket Rooster (3) + Forced March (+2) = 5 steps."""
    s = scenario(
        pieces={"CH-G1": ((3, 0), ["CH-SF1"]), "CH-G2": ((0, 0), []), "CO-G1": ((0, 4), [])},
        hands={0: ["CC03"]},
    )
    act(s, "PLAY", card="CC03")
    act(s, "PIECE", piece="G1")
    act(s, "PIECE", piece="G1")
    for d in ("E", "E", "E", "E", "N"):
        act(s, "STEP", dir=d)
    assert cell_of(s, "CH-G1") == (2, 4)
    assert not any(a["type"] == "STEP" for a in legal_json(s))


def test_lu_r30_forced_march_only_on_a_piece_that_has_not_started():
    """CC03: 'a piece that has not started acting': after G1 acted it is not a target."""
    s = scenario(
        pieces={"CH-G1": ((2, 0), []), "CH-G2": ((4, 4), []), "CO-G1": ((0, 4), [])},
        hands={0: ["CC03"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STOP")
    act(s, "PLAY", card="CC03")
    assert legal_json(s) == [{"type": "PIECE", "piece": "G2"}]


def test_lu_r31_no_off_board_forest_lake_or_foreign_barn_for_a_general():
    """LU-R31: a General never steps off the board, into forest or lake, or into another
    player's barn (even an empty one)."""
    s = scenario(
        barns={0: (4, 2), 1: (0, 1)},
        tiles={(1, 0): "forest", (1, 1): "lake"},
        pieces={"CH-G1": ((0, 0), []), "CH-G2": ((4, 4), []), "CO-G1": ((4, 0), [])},
    )
    # No step is legal, so the piece is not even offered (LU-R101); G2 is.
    assert not legal(s, "PIECE", piece="G1")
    assert legal(s, "PIECE", piece="G2")


def test_lu_r31_r84_super_army_may_enter_an_empty_foreign_barn():
    """LU-R31, LU-R84, LU-R89: a Super Army may enter another player's barn, and pass through
    it when no piece is there."""
    s = scenario(
        barns={0: (4, 2), 1: (0, 1)},
        pieces={"CH-SA": ((0, 0), ["T01"]), "CO-G1": ((4, 0), [])},
    )
    act(s, "PIECE", piece="SA")
    assert legal(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    assert cell_of(s, "CH-SA") == (0, 1)
    act(s, "STEP", dir="E")
    assert cell_of(s, "CH-SA") == (0, 2)


def test_lu_r84_super_army_step_limit_is_three():
    """LU-R84, LU-R30: a Super Army takes up to 3 steps."""
    s = scenario(pieces={"CH-SA": ((2, 0), ["T01"]), "CO-G1": ((0, 4), [])})
    act(s, "PIECE", piece="SA")
    for _ in range(3):
        act(s, "STEP", dir="E")
    assert cell_of(s, "CH-SA") == (2, 3)
    assert not any(a["type"] == "STEP" for a in legal_json(s))


# --- LU-R32 … LU-R36: occupancy, attacks, passing through ---------------------------------------


def test_lu_r32_own_generals_share_their_own_barn():
    """LU-R32: any number of own Generals may share their own barn."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={
            "CH-G1": ((0, 2), []),
            "CH-G2": ((0, 2), []),
            "CH-G3": ((1, 2), []),
            "CO-G1": ((4, 4), []),
        },
    )
    act(s, "PIECE", piece="G3")
    act(s, "STEP", dir="N")
    assert phase(s) == "move" and legal(s, "STOP")  # 1 step of 2; it may stop in its barn
    act(s, "STOP")
    assert cell_of(s, "CH-G3") == (0, 2)


def test_lu_r33_a_general_never_attacks_into_a_foreign_barn():
    """LU-R33: a General can never attack a piece standing in another player's barn."""
    s = scenario(
        barns={0: (4, 2), 1: (0, 2)},
        pieces={"CH-G1": ((1, 2), ["T10"]), "CH-G2": ((4, 4), []), "CO-G1": ((0, 2), ["T01"])},
    )
    act(s, "PIECE", piece="G1")
    assert not legal(s, "STEP", dir="N")


def test_lu_r34_no_step_onto_a_friend_without_a_continuation():
    """LU-R34, LU-R101: a step onto a friendly General is offered only if the move can go on:
    not as the last step."""
    s = scenario(
        pieces={"CH-G1": ((2, 0), []), "CH-G2": ((2, 2), []), "CO-G1": ((4, 4), [])},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert not legal(s, "STEP", dir="E")


def test_lu_r36_a_move_may_come_back_to_its_start_cell():
    """LU-R36: a move may pass through a cell again, its start cell included; every step
    counts."""
    s = scenario(pieces={"CH-G1": ((2, 2), []), "CH-G2": ((4, 4), []), "CO-G1": ((0, 4), [])})
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="W")
    assert cell_of(s, "CH-G1") == (2, 2)
    assert not any(a["type"] == "STEP" for a in legal_json(s))


# --- LU-R35, FREE_ATTACK_STEP ----------------------------------------------------------------------


def test_lu_r35_mountain_commando_moves_two_and_then_attacks():
    """FREE_ATTACK_STEP (GO-SF3): the attack step does not count, so the General may move 2
    steps and then attack."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={"GO-G1": ((2, 0), ["GO-SF3"]), "GO-G2": ((4, 4), []), "CO-G1": ((2, 3), ["T03"])},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    assert legal(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    assert battle(s) is not None
    assert ongoing_battle(s)["origin"] == [2, 2]


def test_lu_r35_attack_ends_the_action_whatever_the_outcome():
    """LU-R35, LU-R59: after its attack the General may not step again, even after a win."""
    s = scenario(
        pieces={"CH-G1": ((2, 1), ["T10"]), "CH-G2": ((4, 4), []), "CO-G1": ((2, 2), [])},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "RETREAT", dir="E")
    assert cell_of(s, "CH-G1") == (2, 2)
    assert phase(s) == "action"
    assert not legal(s, "PIECE", piece="G1")


# --- LU-R37: Sky Hen ----------------------------------------------------------------------------------


def _sky_hen(**kwargs):
    kwargs.setdefault("pieces", {})
    pieces = {"CH-G1": ((2, 2), ["CH-SF2"]), "CH-G2": ((4, 4), []), **kwargs.pop("pieces")}
    return scenario(pieces=pieces, **kwargs)


def test_lu_r37_sky_hen_flies_over_a_forest_but_never_ends_there():
    """LU-R37 (FLY_OVER): a Sky Hen passes over forest and lands beyond it; it may not stop on
    the forest."""
    s = _sky_hen(tiles={(2, 3): "forest"}, pieces={"CO-G1": ((0, 0), [])})
    act(s, "PIECE", piece="G1")
    assert not legal(s, "STEP", dir="E")
    assert legal(s, "FLY", dir="E")
    act(s, "FLY", dir="E")
    assert not legal(s, "STOP")
    act(s, "STEP", dir="E")
    assert phase(s) == "action"  # 2 steps: the limit ends the move (LU-R30)
    assert cell_of(s, "CH-G1") == (2, 4)


def test_lu_r37_sky_hen_needs_a_step_left_to_fly_over():
    """LU-R37: flying over needs at least one step left: not on the last step."""
    s = _sky_hen(tiles={(2, 4): "forest"}, pieces={"CO-G1": ((0, 0), [])})
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert not legal(s, "FLY", dir="E")


def test_lu_r37_sky_hen_chooses_attack_or_fly_over_an_enemy():
    """LU-R37: entering an enemy-held cell, the player chooses attack or fly over."""
    s = _sky_hen(pieces={"CO-G1": ((2, 3), ["T03"])})
    act(s, "PIECE", piece="G1")
    assert legal(s, "STEP", dir="E")
    assert legal(s, "FLY", dir="E")
    act(s, "FLY", dir="E")
    assert battle(s) is None
    act(s, "STEP", dir="E")
    assert phase(s) == "action"  # 2 steps: the limit ends the move (LU-R30)
    assert cell_of(s, "CH-G1") == (2, 4)
    assert cell_of(s, "CO-G1") == (2, 3)


def test_lu_r37_sky_hen_flies_over_a_foreign_barn():
    """LU-R37: a Sky Hen may pass over another player's barn (never end on it)."""
    s = _sky_hen(barns={0: (4, 2), 1: (2, 3)}, pieces={"CO-G1": ((0, 0), [])})
    act(s, "PIECE", piece="G1")
    assert not legal(s, "STEP", dir="E")
    act(s, "FLY", dir="E")
    assert not legal(s, "STOP")
    act(s, "STEP", dir="E")
    assert phase(s) == "action"  # 2 steps: the limit ends the move (LU-R30)
    assert cell_of(s, "CH-G1") == (2, 4)


def test_lu_r37_without_sky_hen_no_fly_over():
    """LU-R37: only a Sky Hen General flies."""
    s = scenario(
        tiles={(2, 3): "forest"},
        pieces={"CH-G1": ((2, 2), ["CH-SF1"]), "CH-G2": ((4, 4), []), "CO-G1": ((0, 0), [])},
    )
    act(s, "PIECE", piece="G1")
    assert not any(a["type"] == "FLY" for a in legal_json(s))


def test_lu_r31_super_army_never_enters_forest_or_lake():
    """LU-R31: forest and lake are closed to a Super Army too."""
    s = scenario(
        tiles={(2, 3): "forest", (1, 3): "lake", (3, 3): "lake"},
        pieces={"CH-SA": ((2, 2), ["T01"]), "CO-G1": ((0, 0), [])},
    )
    act(s, "PIECE", piece="SA")
    dirs = {a["dir"] for a in legal_json(s) if a["type"] == "STEP"}
    assert dirs == {"N", "S", "SW", "W", "NW"}
