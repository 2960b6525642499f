"""The worked examples of rules/livestock_uprising.md §15 (LU-T1 … LU-T17), one test (or a few)
per vector, each with the spec's numbers.

Unless a vector says otherwise: 5×5, 2 players (Chickens seat 0, Cows seat 1), every tile grass,
no cards in any hand (so no card window opens), Chickens to act. The dice are given attacker
first.
"""

from __future__ import annotations

import pytest
from lu_helpers import (
    act,
    battle,
    cell_of,
    end_phase_until,
    game,
    legal,
    legal_json,
    ongoing_battle,
    pass_windows,
    phase,
    roll,
    scenario,
    strengths,
    supply,
    tokens_of,
    troops,
    units_of,
)

# --- LU-T1 … LU-T3: a General against a General ----------------------------------------------


def _t1(origin=(2, 1), **kwargs):
    """LU-T1's position: CH-G1 (Dynamite Donkey, Bloodthirsty Llama) next to CO-G2 (Trench
    Turkey, Armored Alpaca). CH-G2 stands far off so that the Action Phase goes on."""
    return scenario(
        pieces={
            "CH-G1": (origin, ["T04", "T05"]),
            "CH-G2": ((4, 4), []),
            "CO-G2": ((2, 2), ["T03", "T06"]),
        },
        **kwargs,
    )


def test_lu_t1_attacker_wins_and_defender_retreats():
    """LU-T1 (LU-R40, LU-R48, LU-R49, LU-R55): 5 + 4 = 9 against 5 + 3 = 8; the Cows lose the
    Trench Turkey to the supply, retreat to (1,3), and CH-G1 ends on (2,2), its action over."""
    s = _t1()
    before = troops(s)["T03"]
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 4, 3)
    assert strengths(s) == (9, 8)
    assert phase(s) == "casualty"
    assert s.current_player() == 1
    assert legal_json(s) == [{"type": "UNIT", "unit": "T03"}, {"type": "UNIT", "unit": "T06"}]
    act(s, "UNIT", unit="T03")
    assert troops(s)["T03"] == before + 1
    assert units_of(s, "CO-G2") == ["T06"]
    # Legal retreat cells: (1,1), (1,2), (1,3), (2,3), (3,1), (3,2), (3,3), never (2,1).
    assert phase(s) == "retreat"
    dirs = {a["dir"] for a in legal_json(s)}
    assert dirs == {"NW", "N", "NE", "E", "SW", "S", "SE"}
    act(s, "RETREAT", dir="NE")
    assert cell_of(s, "CO-G2") == (1, 3)
    assert cell_of(s, "CH-G1") == (2, 2)
    assert phase(s) == "action"
    assert not legal(s, "PIECE", piece="G1")


@pytest.mark.parametrize(
    ("dice", "result"),
    [((4, 3), "attacker"), ((4, 4), "tie"), ((3, 3), "tie"), ((3, 4), "defender")],
)
def test_lu_t1_totals_are_5_plus_die_against_5_plus_die(dice, result):
    """LU-T1 (LU-R40): ATK 2 + 3 = 5 and DEF 2 + 3 = 5, each plus one die: 9 beats 8, equal
    dice tie, and a higher defender die wins."""
    s = _t1()
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, *dice)
    if result == "attacker":
        assert phase(s) == "casualty" and s.current_player() == 1
    elif result == "defender":
        assert phase(s) == "casualty" and s.current_player() == 0
    else:
        assert phase(s) == "action"
        assert units_of(s, "CH-G1") == ["T04", "T05"]
        assert units_of(s, "CO-G2") == ["T03", "T06"]


def test_lu_t2_tie_after_a_one_step_move():
    """LU-T2 (LU-R35, LU-R46, LU-R59): step E to (2,1), then attack E; 8 against 8 is a tie:
    no casualties, CH-G1 stays on (2,1) (its origin, not (2,0)) and may not step again."""
    s = _t1(origin=(2, 0))
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert cell_of(s, "CH-G1") == (2, 1)
    act(s, "STEP", dir="E")
    roll(s, 3, 3)
    assert cell_of(s, "CH-G1") == (2, 1)
    assert cell_of(s, "CO-G2") == (2, 2)
    assert units_of(s, "CH-G1") == ["T04", "T05"]
    assert units_of(s, "CO-G2") == ["T03", "T06"]
    assert phase(s) == "action"
    assert not legal(s, "PIECE", piece="G1")


def test_lu_t3_defender_wins():
    """LU-T3 (LU-R47, LU-R53): 6 against 10; the Chickens choose Dynamite Donkey, which goes
    back to the supply; both pieces stay put."""
    s = _t1()
    before = troops(s)["T04"]
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 1, 5)
    assert strengths(s) == (6, 10)
    assert phase(s) == "casualty"
    assert s.current_player() == 0
    assert legal_json(s) == [{"type": "UNIT", "unit": "T04"}, {"type": "UNIT", "unit": "T05"}]
    act(s, "UNIT", unit="T04")
    assert troops(s)["T04"] == before + 1
    assert units_of(s, "CH-G1") == ["T05"]
    assert cell_of(s, "CH-G1") == (2, 1)
    assert cell_of(s, "CO-G2") == (2, 2)


# --- LU-T4: no retreat possible ---------------------------------------------------------------


def test_lu_t4a_no_retreat_cell_means_a_swap_with_the_origin_cell():
    """LU-T4 (a) (LU-R50, LU-R49, LU-R57): 7 against 2; the Sheep goes to the supply and CO-G1
    (0 units) stays in the game; no retreat cell, so CO-G1 moves to (1,1), the origin cell (not
    (2,2)), and CH-G1 to (0,0)."""
    s = scenario(
        tiles={(0, 1): "forest", (1, 0): "lake"},
        pieces={
            "CH-G1": ((2, 2), ["T10"]),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((0, 0), ["T01"]),
        },
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="NW")
    act(s, "STEP", dir="NW")
    roll(s, 2, 1)
    assert units_of(s, "CO-G1") == []
    assert troops(s)["T01"] == 8
    assert cell_of(s, "CO-G1") == (1, 1)
    assert cell_of(s, "CH-G1") == (0, 0)


def test_lu_t4b_no_swap_into_the_attackers_barn():
    """LU-T4 (b) (LU-R50): the swap cell is the Chickens' barn, where a Cows General may not
    stand, so nobody moves; the Cows still lose the Sheep."""
    s = scenario(
        barns={0: (0, 2)},
        tiles={(0, 4): "forest", (1, 3): "forest", (1, 4): "forest", (1, 2): "lake"},
        pieces={
            "CH-G1": ((0, 2), ["T10"]),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((0, 3), ["T01"]),
        },
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 2, 1)
    assert units_of(s, "CO-G1") == []
    assert cell_of(s, "CO-G1") == (0, 3)
    assert cell_of(s, "CH-G1") == (0, 2)


# --- LU-T5: No Defence -------------------------------------------------------------------------


def _t5(defender_units, cows_hand=(), attacker_units=("T04",)):
    return scenario(
        pieces={
            "CH-G1": ((2, 1), list(attacker_units)),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((2, 2), list(defender_units)),
        },
        hands={1: list(cows_hand)} if cows_hand else None,
    )


def test_lu_t5a_no_defence_loses_without_dice():
    """LU-T5 (a) (LU-R45): DEF 0 (Gunner Goose only) loses at once, no dice rolled; the Goose
    goes to the supply, the defender retreats and the attacker advances."""
    s = _t5(["T02"])
    before = troops(s)["T02"]
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert phase(s) != "roll"
    assert units_of(s, "CO-G1") == []
    assert troops(s)["T02"] == before + 1
    assert phase(s) == "retreat"
    act(s, "RETREAT", dir="E")
    assert cell_of(s, "CO-G1") == (2, 3)
    assert cell_of(s, "CH-G1") == (2, 2)


def test_lu_t5b_no_units_loses_without_dice_takes_no_casualty_and_retreats():
    """LU-T5 (b) (LU-R45, LU-R53, LU-R57): a defender with 0 units loses automatically, takes no
    casualty, retreats, and stays in the game."""
    s = _t5([])
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert phase(s) == "retreat"
    act(s, "RETREAT", dir="S")
    assert cell_of(s, "CO-G1") == (3, 2)
    assert cell_of(s, "CH-G1") == (2, 2)
    assert units_of(s, "CH-G1") == ["T04"]


def test_lu_t5c_hardened_hide_makes_dice_roll():
    """LU-T5 (c) (LU-R45, CC02): the Cows play Hardened Hide before the dice: DEF 3, so dice
    are rolled; 2 + 1 against 3 + 1 and the defender wins."""
    s = _t5(["T02"], cows_hand=["CC02"])
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert phase(s) == "window"
    assert s.current_player() == 1
    act(s, "PLAY", card="CC02")
    pass_windows(s)
    assert phase(s) == "roll"
    roll(s, 1, 1)
    # The defender won: the Chickens lose their only unit, nobody moves.
    assert units_of(s, "CH-G1") == []
    assert units_of(s, "CO-G1") == ["T02"]
    assert cell_of(s, "CH-G1") == (2, 1)
    assert cell_of(s, "CO-G1") == (2, 2)


def test_lu_t5d_attacker_without_atk_is_never_offered_the_attack():
    """LU-T5 (d) (LU-R39): a General carrying only Sacrificial Sheep (0/1) is never offered the
    step into the enemy's cell."""
    s = _t5(["T02"], attacker_units=["T01"])
    act(s, "PIECE", piece="G1")
    assert not legal(s, "STEP", dir="E")
    assert legal(s, "STEP", dir="N")


# --- LU-T6: Super Army automatic results -------------------------------------------------------


def test_lu_t6a_super_army_twelve_wins_automatically():
    """LU-T6 (a) (LU-R43, LU-R52): 14 against 20 would lose, but 6+6 wins; the Cows take 2
    casualties of their choice, keep 3 units and retreat; the Super Army advances."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={
            "GO-SA": ((2, 1), ["T04", "T01"]),
            "CO-G1": ((2, 2), ["T09", "T08", "T06", "T03", "T03"]),
            "CO-G2": ((4, 4), []),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    roll(s, 6, 6, 5)
    assert strengths(s) == (14, 20)
    assert phase(s) == "casualty" and s.current_player() == 1
    act(s, "UNIT", unit="T03")
    assert phase(s) == "casualty" and s.current_player() == 1
    act(s, "UNIT", unit="T03")
    assert sorted(units_of(s, "CO-G1")) == ["T06", "T08", "T09"]
    assert phase(s) == "retreat"
    act(s, "RETREAT", dir="E")
    assert cell_of(s, "CO-G1") == (2, 3)
    assert cell_of(s, "GO-SA") == (2, 2)


def test_lu_t6b_super_army_two_loses_automatically():
    """LU-T6 (b) (LU-R43, LU-R52): ATK 30 + 2 against DEF 3 + 1 would win, but 1+1 loses; the
    Goats choose 2 casualties from the Super Army and both pieces stay."""
    army = ["T10", "T10", "T10", "T07", "T07", "T07", "T07", "T05"]
    s = scenario(
        factions=("GO", "CO"),
        pieces={
            "GO-SA": ((2, 1), army),
            "CO-G1": ((2, 2), ["T06"]),
            "CO-G2": ((4, 4), []),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    roll(s, 1, 1, 1)
    assert strengths(s) == (32, 4)
    assert phase(s) == "casualty" and s.current_player() == 0
    act(s, "UNIT", unit="T05")
    assert phase(s) == "casualty" and s.current_player() == 0
    act(s, "UNIT", unit="T07")
    assert len(units_of(s, "GO-SA")) == 6
    assert units_of(s, "CO-G1") == ["T06"]
    assert cell_of(s, "GO-SA") == (2, 1)
    assert cell_of(s, "CO-G1") == (2, 2)


@pytest.mark.parametrize(
    ("dice", "result"),
    [((6, 6, 6, 6), "tie"), ((6, 6, 1, 1), "attacker"), ((1, 1, 1, 1), "tie")],
)
def test_lu_t6c_super_army_against_super_army(dice, result):
    """LU-T6 (c) (LU-R43): 12 against 12 ties; 12 against 2 is an attacker win; 2 against 2
    ties, whatever the sums (ATK 2 against DEF 15 would lose every time)."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={
            "GO-SA": ((2, 1), ["T04"]),
            "CO-SA": ((2, 2), ["T09", "T09", "T09"]),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    roll(s, *dice)
    if result == "tie":
        assert units_of(s, "GO-SA") == ["T04"]
        assert units_of(s, "CO-SA") == ["T09", "T09", "T09"]
        assert cell_of(s, "GO-SA") == (2, 1)
        assert cell_of(s, "CO-SA") == (2, 2)
    else:
        # 2 casualties of one kind are taken without a choice; then the Cows retreat.
        assert units_of(s, "CO-SA") == ["T09"]
        assert units_of(s, "GO-SA") == ["T04"]
        assert phase(s) == "retreat"


# --- LU-T7, LU-T8: 2 casualties and destruction ------------------------------------------------


def test_lu_t7a_super_army_inflicts_two_casualties():
    """LU-T7 (a) (LU-R52, LU-R86, LU-R94): 20 + 7 = 27 against 6 + 4 = 10; the Cows drop Sheep
    and Turkey, keep the Alpaca, survive and retreat; the Super Army advances."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={
            "PI-SA": ((2, 1), ["T10", "T10", "T10", "T05", "T04"]),
            "CO-G2": ((2, 2), ["T03", "T06", "T01"]),
            "CO-G1": ((4, 4), []),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    roll(s, 3, 4, 4)
    assert strengths(s) == (27, 10)
    act(s, "UNIT", unit="T01")
    act(s, "UNIT", unit="T03")
    assert units_of(s, "CO-G2") == ["T06"]
    assert phase(s) == "retreat"
    act(s, "RETREAT", dir="N")
    assert cell_of(s, "CO-G2") == (1, 2)
    assert cell_of(s, "PI-SA") == (2, 2)


def test_lu_t7b_general_beats_super_army_which_loses_two_and_retreats():
    """LU-T7 (b) (LU-R52, LU-R94): a General with ATK 9 attacks the Pigs Super Army and wins;
    the Super Army takes 2 casualties (the Pigs choose) and retreats."""
    s = scenario(
        factions=("CO", "PI"),
        pieces={
            "CO-G1": ((2, 1), ["T10", "T05", "T02"]),
            "CO-G2": ((4, 4), []),
            "PI-SA": ((2, 2), ["T01", "T01", "T02"]),
        },
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 6, 3, 3)  # 9 + 6 = 15 against 2 + 6 = 8
    assert phase(s) == "casualty" and s.current_player() == 1
    act(s, "UNIT", unit="T01")
    assert phase(s) == "casualty" and s.current_player() == 1
    act(s, "UNIT", unit="T02")
    assert units_of(s, "PI-SA") == ["T01"]
    assert phase(s) == "retreat" and s.current_player() == 1
    act(s, "RETREAT", dir="E")
    assert cell_of(s, "PI-SA") == (2, 3)
    assert cell_of(s, "CO-G1") == (2, 2)


def test_lu_t8_general_destroyed_by_super_army_and_faction_eliminated():
    """LU-T8 (LU-R86, LU-R95, LU-R57, LU-R96, LU-R97): 25 against 7; two casualties leave
    CH-G3 with 0 units, so it is destroyed and the Super Army advances into its cell. The
    Chickens have no piece left: eliminated, their barn an empty field; the Pigs, last faction
    standing, win."""
    s = scenario(
        factions=("PI", "CH"),
        pieces={
            "PI-SA": ((2, 1), ["T10", "T10", "T10", "T05", "T04"]),
            "CH-G3": ((2, 2), ["T02", "T01"]),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    roll(s, 2, 3, 6)
    assert cell_of(s, "CH-G3") is None
    assert cell_of(s, "PI-SA") == (2, 2)
    doc = s.to_json()
    assert doc["alive"] == [True, False]
    r, c = doc["barns"][1]
    assert doc["tiles"][r][c] == "empty"
    assert s.is_terminal()
    assert doc["winners"] == [0]
    assert s.returns() == [1.0, -1.0]


def test_lu_t8_three_players_the_game_goes_on_with_the_barn_an_empty_field():
    """LU-T8 (LU-R95, LU-R96): with a third faction left the game goes on; the Chickens'
    barn is an empty field and their seat is out."""
    s = scenario(
        3,
        factions=("PI", "CH", "CO"),
        pieces={
            "PI-SA": ((3, 2), ["T10", "T10", "T10", "T05", "T04"]),
            "CH-G3": ((3, 3), ["T02", "T01"]),
            "CO-G1": ((6, 6), []),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    roll(s, 2, 3, 6)
    doc = s.to_json()
    assert cell_of(s, "CH-G3") is None
    assert cell_of(s, "PI-SA") == (3, 3)
    assert doc["alive"] == [True, False, True]
    r, c = doc["barns"][1]
    assert doc["tiles"][r][c] == "empty"
    assert not s.is_terminal()


def test_lu_t8_contrast_a_general_never_destroys():
    """LU-T8 contrast (LU-R57, LU-R86): a General that leaves CH-G3 with 0 units does not
    destroy it; CH-G3 survives and retreats."""
    s = scenario(
        factions=("PI", "CH"),
        pieces={
            "PI-G1": ((2, 1), ["T10"]),
            "PI-G2": ((4, 4), []),
            "CH-G3": ((2, 2), ["T01"]),
        },
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 6, 1)
    assert units_of(s, "CH-G3") == []
    assert phase(s) == "retreat"
    act(s, "RETREAT", dir="E")
    assert cell_of(s, "CH-G3") == (2, 3)
    assert cell_of(s, "PI-G1") == (2, 2)
    assert s.to_json()["alive"] == [True, True]


# --- LU-T9: joint attack ------------------------------------------------------------------------

GO_18 = ["T10", "T10", "T10", "T07"]  # ATK 18
PI_12 = ["T05", "T05", "T05", "T05"]  # ATK 12
CO_25 = ["T09", "T09", "T09", "T06", "T06", "T03", "T03"]  # DEF 25


def _t9():
    """Seats in turn order: Goats 0, Cows 1, Pigs 2, Chickens 3 (8×8, 4 players)."""
    return scenario(
        4,
        factions=("GO", "CO", "PI", "CH"),
        barns={0: (1, 2), 1: (6, 2), 2: (2, 6), 3: (5, 6)},
        pieces={
            "GO-SA": ((3, 1), GO_18),
            "CO-SA": ((3, 3), CO_25),
            "PI-SA": ((4, 4), PI_12),
            "CH-SA": ((6, 6), ["T01"]),
        },
    )


def _t9_declare():
    s = _t9()
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    assert cell_of(s, "GO-SA") == (3, 2)
    act(s, "STEP", dir="E")
    # Pigs are adjacent to (3,3) and asked; the Chickens at (6,6) are not.
    assert phase(s) == "join"
    assert s.current_player() == 2
    assert legal_json(s) == [{"type": "PASS"}, {"type": "JOIN"}]
    act(s, "JOIN")
    assert phase(s) == "roll"
    return s


def test_lu_t9_joint_attack_sums_and_the_lost_turn():
    """LU-T9 (LU-R90 … LU-R93): 18 + 12 + 7 = 37 against 25 + 11 = 36; the Cows take 2
    casualties in total and retreat; the Goats advance to (3,3), the Pigs stay on (4,4); the
    Pigs' next turn is skipped, the Goats have no penalty."""
    s = _t9_declare()
    roll(s, 4, 3, 5, 6)
    assert strengths(s) == (37, 36)
    assert phase(s) == "casualty" and s.current_player() == 1
    act(s, "UNIT", unit="T03")
    act(s, "UNIT", unit="T03")
    assert sorted(units_of(s, "CO-SA")) == sorted(CO_25[:5])
    assert units_of(s, "GO-SA") == GO_18
    assert units_of(s, "PI-SA") == PI_12
    assert phase(s) == "retreat" and s.current_player() == 1
    act(s, "RETREAT", dir="N")
    assert cell_of(s, "CO-SA") == (2, 3)
    assert cell_of(s, "GO-SA") == (3, 3)
    assert cell_of(s, "PI-SA") == (4, 4)
    doc = s.to_json()
    assert doc["lost_turns"] == [0, 0, 1, 0]
    # Goats' turn ends, the Cows play theirs, the Pigs' turn is skipped: the Chickens are next.
    end_phase_until(s, seat=1)
    end_phase_until(s, seat=3)
    doc = s.to_json()
    assert doc["active"] == 3
    assert doc["lost_turns"] == [0, 0, 0, 0]
    assert doc["round"] == 1


def test_lu_t9b_defender_twelve_every_attacker_takes_two():
    """LU-T9 (b) (LU-R43, LU-R92, LU-R93): the Cows roll 6+6, a defender automatic win; the
    Goats and the Pigs each take 2 casualties, and the Pigs still lose their next turn."""
    s = _t9_declare()
    roll(s, 4, 3, 6, 6)
    assert strengths(s) == (37, 37)  # 37 would win, but the 12 decides
    assert phase(s) == "casualty" and s.current_player() == 0
    act(s, "UNIT", unit="T10")
    act(s, "UNIT", unit="T07")
    assert units_of(s, "GO-SA") == ["T10", "T10"]
    # The Pigs' four identical units: 2 go without a choice.
    assert units_of(s, "PI-SA") == ["T05", "T05"]
    assert units_of(s, "CO-SA") == CO_25
    assert cell_of(s, "GO-SA") == (3, 2)
    assert cell_of(s, "CO-SA") == (3, 3)
    assert s.to_json()["lost_turns"] == [0, 0, 1, 0]


# --- LU-T10: Special Forces against Troop casualty ---------------------------------------------


def _t10(tokens):
    s = scenario(
        factions=("GO", "CO"),
        pieces={
            "GO-G1": ((2, 1), ["GO-SF1", "T02", "T01"]),
            "GO-G2": ((4, 4), []),
            "CO-G1": ((2, 2), ["T09"]),
        },
        tiles={(2, 1): "empty", (4, 4): "empty"},
        tokens={0: tokens},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 1, 6)  # 5 + 1 against 5 + 6: the defender wins
    assert phase(s) == "casualty" and s.current_player() == 0
    return s


def test_lu_t10a_special_forces_casualty_leaves_the_game():
    """LU-T10 (a) (LU-R56, LU-R69): Billy Berserker chosen as the casualty is removed from the
    game; the Goats' marshal options never include GO-SF1, even with its cost in hand."""
    s = _t10({"grass": 1, "hay": 2, "corn": 1})
    act(s, "UNIT", unit="GO-SF1")
    assert s.to_json()["special_forces"]["GO-SF1"] == "removed"
    assert units_of(s, "GO-G1") == ["T02", "T01"]
    end_phase_until(s, stop="marshal")
    assert s.to_json()["active"] == 0
    assert not legal(s, "MARSHAL", unit="GO-SF1")


def test_lu_t10b_troop_casualty_returns_to_the_supply():
    """LU-T10 (b) (LU-R55): Gunner Goose chosen returns to the supply (Goose count +1) and may
    be marshaled again."""
    s = _t10({"grass": 3})
    before = troops(s)["T02"]
    act(s, "UNIT", unit="T02")
    assert troops(s)["T02"] == before + 1
    end_phase_until(s, stop="marshal")
    assert legal(s, "MARSHAL", unit="T02")


# --- LU-T11: movement legality -------------------------------------------------------------------


def _t11():
    return scenario(
        tiles={(2, 3): "forest"},
        pieces={
            "CH-G1": ((2, 2), ["T04"]),
            "CH-G2": ((1, 1), []),
            "CO-G1": ((3, 2), ["T03"]),
        },
    )


def test_lu_t11_two_steps_round_the_forest():
    """LU-T11: (2,2)→(1,3)→(2,4) is legal; (2,2)→(2,3) is not (forest)."""
    s = _t11()
    act(s, "PIECE", piece="G1")
    assert not legal(s, "STEP", dir="E")
    act(s, "STEP", dir="NE")
    act(s, "STEP", dir="SE")
    # LU-R30: the second step uses up a General's limit of 2, so the move ends by itself.
    assert phase(s) == "action"
    assert cell_of(s, "CH-G1") == (2, 4)


def test_lu_t11_pass_through_a_friend_but_never_stop_on_it():
    """LU-T11 (LU-R34): (2,2)→(1,1)→(0,0) passes through the friendly General; stopping on
    (1,1) is illegal."""
    s = _t11()
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="NW")
    assert cell_of(s, "CH-G1") == (1, 1)
    assert not legal(s, "STOP")
    act(s, "STEP", dir="NW")
    assert phase(s) == "action"  # LU-R30: 2 steps, the move is over
    assert cell_of(s, "CH-G1") == (0, 0)
    assert cell_of(s, "CH-G2") == (1, 1)


def test_lu_t11_step_onto_the_enemy_is_an_attack_and_never_passes_through():
    """LU-T11 (LU-R33): (2,2)→(3,2) is an attack, so (2,2)→(3,2)→(4,2) cannot happen."""
    s = _t11()
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="S")
    assert battle(s) is not None
    assert cell_of(s, "CH-G1") == (2, 2)
    assert phase(s) == "roll"


def test_lu_t11_move_one_then_attack():
    """LU-T11 (LU-R35): (2,2)→(2,1)→(3,2) is legal: a 1-step move, then an attack."""
    s = _t11()
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="W")
    assert legal(s, "STEP", dir="SE")
    act(s, "STEP", dir="SE")
    assert battle(s) is not None
    assert ongoing_battle(s)["origin"] == [2, 1]


def test_lu_t11_two_steps_then_attack_is_illegal():
    """LU-T11 (LU-R35, LU-R30): 2 steps, then an attack is illegal without FREE_ATTACK_STEP:
    the attack would be a third step, beyond a General's limit of 2, so the move ends on
    (3,1) next to CO-G1 with no attack offered, and CH-G1 may not be selected again."""
    s = _t11()
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="W")
    act(s, "STEP", dir="S")  # (3,1), next to CO-G1 at (3,2)
    assert cell_of(s, "CH-G1") == (3, 1)
    assert battle(s) is None
    assert phase(s) == "action" and s.current_player() == 0
    assert not legal(s, "PIECE", piece="G1")


# --- LU-T12: Super Army against a barn group ----------------------------------------------------


def _t12(g1_units):
    return scenario(
        factions=("PI", "CO"),
        barns={0: (4, 2), 1: (0, 2)},
        pieces={
            "PI-SA": ((1, 3), ["T10", "T10"]),
            "CO-G1": ((0, 2), list(g1_units)),
            "CO-G2": ((0, 2), []),
            "CO-G3": ((4, 4), []),
        },
    )


def test_lu_t12_super_army_destroys_a_barn_group():
    """LU-T12 (LU-R88, LU-R86, LU-R53): the group's DEF is 3, so dice are rolled: 16 against
    5; 2 casualties owed, 1 unit exists: the Alpaca goes to the supply; CO-G1 and CO-G2 are
    destroyed; the barn is empty, so the Super Army advances into it; the Cows stay in."""
    s = _t12(["T06"])
    before = troops(s)["T06"]
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="NW")
    assert phase(s) == "roll"
    roll(s, 3, 3, 2)
    assert troops(s)["T06"] == before + 1
    assert cell_of(s, "CO-G1") is None
    assert cell_of(s, "CO-G2") is None
    assert cell_of(s, "PI-SA") == (0, 2)
    assert cell_of(s, "CO-G3") == (4, 4)
    assert s.to_json()["alive"] == [True, True]


def test_lu_t12_variant_a_survivor_keeps_the_barn():
    """LU-T12 variant (LU-R88): CO-G1 with 3 units keeps 1 and stays in the barn; the Super
    Army stays on (1,3); CO-G2, left with 0 units, is destroyed."""
    s = _t12(["T06", "T03", "T01"])
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="NW")
    roll(s, 3, 3, 2)
    assert phase(s) == "casualty" and s.current_player() == 1
    assert {"type": "MEMBER", "piece": "G1", "unit": "T01"} in legal_json(s)
    act(s, "MEMBER", piece="G1", unit="T01")
    act(s, "MEMBER", piece="G1", unit="T03")
    assert units_of(s, "CO-G1") == ["T06"]
    assert cell_of(s, "CO-G1") == (0, 2)
    assert cell_of(s, "PI-SA") == (1, 3)
    assert cell_of(s, "CO-G2") is None


# --- LU-T13: harvest -----------------------------------------------------------------------------


def test_lu_t13_harvest_table():
    """LU-T13 (LU-R61, LU-R62): on hay with a Sheep +1 hay; on corn with only a Sheep nothing;
    on grass with 0 units +1 grass."""
    s = scenario(
        tiles={(1, 1): "hay", (1, 3): "corn"},
        pieces={
            "CH-G1": ((1, 1), ["T01"]),
            "CH-G2": ((1, 3), ["T01"]),
            "CH-G3": ((3, 3), []),
            "CO-G1": ((4, 2), []),
        },
    )
    act(s, "END")
    assert tokens_of(s, 0) == {"grass": 1, "hay": 1, "corn": 0, "carrot": 0, "apple": 0}


def test_lu_t13_sow_of_plenty_yields_two():
    """LU-T13 (LU-R61, HARVEST_YIELD_2): a Pigs General with Sow of Plenty on grass: +2."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={"PI-G1": ((2, 2), ["PI-SF2"]), "CO-G1": ((4, 2), [])},
    )
    act(s, "END")
    assert tokens_of(s, 0)["grass"] == 2


def test_lu_t13_empty_supply_yields_nothing():
    """LU-T13 (LU-R64): on hay with a Sheep but 0 hay left in the supply: nothing."""
    s = scenario(
        tiles={(1, 1): "hay"},
        pieces={"CH-G1": ((1, 1), ["T01"]), "CO-G1": ((4, 2), [])},
        tokens={1: {"hay": 30}},
    )
    assert supply(s)["hay"] == 0
    act(s, "END")
    assert tokens_of(s, 0)["hay"] == 0
    assert tokens_of(s, 1)["hay"] == 30


# --- LU-T14: marshaling and transfer -------------------------------------------------------------


def test_lu_t14_marshal_anywhere_and_never_onto_a_full_general():
    """LU-T14 (LU-R67, LU-R70, LU-R71): with 3 grass and 2 hay the Sheep goes under CH-G1 away
    from the barn (1 grass, 2 hay left), the Turkey under CH-G2 (0 left); the General with 5
    units is never a target."""
    s = scenario(
        tiles={(2, 2): "empty", (3, 3): "empty", (2, 4): "empty"},
        pieces={
            "CH-G1": ((2, 2), []),
            "CH-G2": ((3, 3), []),
            "CH-G3": ((2, 4), ["T02"] * 5),
            "CO-G1": ((4, 0), []),
        },
        tokens={0: {"grass": 3, "hay": 2}},
    )
    act(s, "END")  # the Action Phase; harvest yields nothing on empty fields
    assert phase(s) == "marshal"
    act(s, "MARSHAL", unit="T01")
    assert phase(s) == "marshal_target"
    assert legal_json(s) == [{"type": "PIECE", "piece": "G1"}, {"type": "PIECE", "piece": "G2"}]
    act(s, "PIECE", piece="G1")
    assert units_of(s, "CH-G1") == ["T01"]
    assert tokens_of(s, 0) == {"grass": 1, "hay": 2, "corn": 0, "carrot": 0, "apple": 0}
    act(s, "MARSHAL", unit="T03")
    assert {"type": "PIECE", "piece": "G3"} not in legal_json(s)
    act(s, "PIECE", piece="G2")
    assert units_of(s, "CH-G2") == ["T03"]
    assert tokens_of(s, 0) == dict.fromkeys(("grass", "hay", "corn", "carrot", "apple"), 0)


def _t14_transfer(hand=()):
    return scenario(
        tiles={(2, 2): "empty", (3, 3): "empty", (2, 4): "empty"},
        pieces={
            "CH-G1": ((2, 2), ["T01", "T02"]),
            "CH-G2": ((3, 3), []),
            "CH-G3": ((2, 4), []),
            "CO-G1": ((4, 0), []),
        },
        hands={0: list(hand)} if hand else None,
    )


def test_lu_t14_transfer_to_a_diagonal_neighbour_only():
    """LU-T14 (LU-R73): CH-G1 at (2,2) may give a unit to CH-G2 at (3,3) (diagonal, so
    adjacent) but not to CH-G3 at (2,4), 2 steps away."""
    s = _t14_transfer()
    act(s, "END")
    assert phase(s) == "transfer"
    act(s, "PIECE", piece="G1")
    act(s, "UNIT", unit="T01")
    assert legal_json(s) == [{"type": "PIECE", "piece": "G2"}]
    act(s, "PIECE", piece="G2")
    assert units_of(s, "CH-G2") == ["T01"]
    assert units_of(s, "CH-G1") == ["T02"]


def test_lu_t14_rally_reaches_two_steps():
    """LU-T14 (LU-R73, CC13): with Rally played, CH-G1 may give to CH-G3 at (2,4)."""
    s = _t14_transfer(hand=["CC13"])
    end_phase_until(s, stop="transfer")
    act(s, "PLAY", card="CC13")
    act(s, "PIECE", piece="G1")
    act(s, "UNIT", unit="T01")
    assert {"type": "PIECE", "piece": "G3"} in legal_json(s)
    act(s, "PIECE", piece="G3")
    assert units_of(s, "CH-G3") == ["T01"]


# --- LU-T15: forming a Super Army -----------------------------------------------------------------


def test_lu_t15_forming_a_super_army():
    """LU-T15 (LU-R79, LU-R80, LU-R76): CH-G1 moves into the barn; forming ends the Action
    Phase; 2 Sheep (4 grass) go into the army for 11 units; the 3 hay return to the supply; the
    Chickens draw 1 Battle Plans card and keep both Command cards; the Super Army sits on the
    barn and may not move this turn."""
    four = ["T03", "T03", "T04", "T04"]
    five = ["T02", "T02", "T02", "T05", "T06"]
    s = scenario(
        barns={0: (0, 2)},
        pieces={
            "CH-G1": ((1, 2), four),
            "CH-G2": ((0, 2), five),
            "CO-G1": ((4, 2), []),
        },
        tokens={0: {"grass": 4, "hay": 3}},
        hands={0: ["CC01", "CC07"]},
    )
    hay_supply = supply(s)["hay"]
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="N")
    assert phase(s) == "move"  # 1 step of 2: the move goes on until STOP (LU-R30)
    act(s, "STOP")
    assert cell_of(s, "CH-G1") == (0, 2)
    assert legal(s, "FORM")
    act(s, "FORM")
    assert phase(s) == "forming"
    act(s, "MARSHAL", unit="T01")
    assert phase(s) == "forming"
    act(s, "MARSHAL", unit="T01")
    # 3 hay buy nothing, but the Chickens hold cards, so forming waits for END (LU-R80 step 1).
    assert phase(s) == "forming"
    assert legal_json(s) == [{"type": "END"}]
    act(s, "END")
    assert phase(s) == "draw_plan"
    outcomes = legal_json(s)
    assert {o["card"] for o in outcomes} == {f"BP{i}" for i in range(1, 9)}
    act(s, "DRAW_PLAN", seat=0, card="BP4")
    doc = s.to_json()
    assert sorted(units_of(s, "CH-SA")) == sorted([*four, *five, "T01", "T01"])
    assert len(units_of(s, "CH-SA")) == 11
    assert tokens_of(s, 0) == dict.fromkeys(("grass", "hay", "corn", "carrot", "apple"), 0)
    assert supply(s)["hay"] == hay_supply + 3
    assert doc["plans"][0] == "BP4"
    assert doc["hands"][0] == ["CC01", "CC07"]
    assert cell_of(s, "CH-SA") == (0, 2)
    assert cell_of(s, "CH-G1") is None and cell_of(s, "CH-G2") is None
    # The Action Phase is over (the Chickens hold cards, so the harvest decision is next): the
    # army may not move this turn.
    assert doc["phase"] == "harvest"
    assert doc["turn"]["acted"][3] == "done"
    assert not any(a["type"] in ("PIECE", "STEP") for a in legal_json(s))


# --- LU-T16: stalemate ----------------------------------------------------------------------------

GOATS_30 = ["T05"] * 5 + ["T03", "T03", "T04", "T06"]  # 9 units, ATK+DEF 30
COWS_34 = ["T07"] * 4 + ["T06", "T06", "T03", "T03", "T03"]  # 9 units, ATK+DEF 34
COWS_30 = ["T07"] * 3 + ["T06", "T06", "T03", "T03", "T03", "T01"]  # 9 units, ATK+DEF 30


def _t16(cows):
    return scenario(
        factions=("GO", "CO"),
        round=30,
        active=1,
        pieces={
            "GO-G1": ((0, 2), GOATS_30[:5]),
            "GO-G2": ((0, 2), GOATS_30[5:]),
            "CO-G1": ((4, 2), cows[:5]),
            "CO-G2": ((4, 2), cows[5:]),
        },
    )


def test_lu_t16_stalemate_ranks_by_atk_plus_def():
    """LU-T16 (LU-R98, LU-R26): round 30 ends with Goats and Cows left, both with 9 units;
    ATK+DEF 30 against 34, so the Cows win."""
    s = _t16(COWS_34)
    end_phase_until(s)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [1]
    assert s.returns() == [-1.0, 1.0]


def test_lu_t16_equal_totals_and_tokens_share_the_win():
    """LU-T16 (LU-R98): equal units, ATK+DEF and tokens: a shared win."""
    s = _t16(COWS_30)
    end_phase_until(s)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [0, 1]


def test_lu_t16_no_stalemate_before_round_30_ends():
    """LU-T16 (LU-R26, LU-R98): the end of round 29 starts round 30; the game goes on."""
    s = _t16(COWS_34)
    doc = s.to_json()
    doc["round"] = 29
    s = s.game.state_from_json(doc)
    end_phase_until(s, seat=0)
    assert not s.is_terminal()
    assert s.to_json()["round"] == 30


# --- LU-T17: setup geometry -----------------------------------------------------------------------


def _to_barn_placement(players):
    s = game(players).new_initial_state()
    while phase(s) != "place_barn":
        s.apply_action(s.legal_actions()[0])
    return s


def test_lu_t17_two_players_starting_grid_and_barn_cells():
    """LU-T17 (LU-R15, LU-R17): the final grid is 5×5, the starting grid rows and columns 1-3;
    12 legal barn cells, (0,0) not among them (corner contact only)."""
    s = _to_barn_placement(2)
    tiles = s.to_json()["tiles"]
    assert len(tiles) == 5 and all(len(row) == 5 for row in tiles)
    drawn = {(r, c) for r in range(5) for c in range(5) if tiles[r][c] is not None}
    assert drawn == {(r, c) for r in range(1, 4) for c in range(1, 4)}
    cells = {tuple(a["cell"]) for a in legal_json(s)}
    assert cells == {
        (0, 1), (0, 2), (0, 3),
        (4, 1), (4, 2), (4, 3),
        (1, 0), (2, 0), (3, 0),
        (1, 4), (2, 4), (3, 4),
    }  # fmt: skip
    assert (0, 0) not in cells


def test_lu_t17_four_players_starting_grid_and_sixteen_barn_cells():
    """LU-T17 (LU-R14, LU-R15, LU-R17): for 4 players the starting grid occupies rows and
    columns 2-5 of 8×8, giving 16 legal barn cells."""
    s = _to_barn_placement(4)
    tiles = s.to_json()["tiles"]
    assert len(tiles) == 8
    drawn = {(r, c) for r in range(8) for c in range(8) if tiles[r][c] is not None}
    assert drawn == {(r, c) for r in range(2, 6) for c in range(2, 6)}
    cells = {tuple(a["cell"]) for a in legal_json(s)}
    expected = (
        {(1, c) for c in range(2, 6)}
        | {(6, c) for c in range(2, 6)}
        | {(r, 1) for r in range(2, 6)}
        | {(r, 6) for r in range(2, 6)}
    )
    assert cells == expected
    assert len(cells) == 16
