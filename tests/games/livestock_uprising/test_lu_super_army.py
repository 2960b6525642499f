"""Super Army (LU-R79 … LU-R94) and the Battle Plans cards BP1 … BP8: forming, the cap,
suspended abilities, dice and automatic results, destruction, barn groups, joint attacks,
Pincer Movement, Duel of Champions, Blitzkrieg, Fortune of War, Last Stand, Siege Engines,
Shield Wall, Conscription."""

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
    pass_windows,
    phase,
    roll,
    scenario,
    supply,
    tokens_of,
    troops,
    units_of,
)

# --- LU-R79 … LU-R81: forming -----------------------------------------------------------------------


def test_lu_r79_form_only_with_every_remaining_general_in_the_barn():
    """LU-R79: not while a General is outside the barn; yes once it has moved in; a destroyed
    General does not count."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={"CH-G1": ((0, 2), ["T01"]), "CH-G2": ((1, 2), []), "CO-G1": ((4, 4), [])},
    )
    assert not legal(s, "FORM")
    act(s, "PIECE", piece="G2")
    act(s, "STEP", dir="N")
    assert phase(s) == "move"  # 1 step of 2 (LU-R30): it stops in the barn
    act(s, "STOP")
    assert legal(s, "FORM")


def test_lu_r87_no_super_army_is_formed_without_troops():
    """LU-R87 (PROPOSED reading): a Super Army without troops is removed, so Generals that hold
    no unit at all may not form one, even all in the barn."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={"CH-G1": ((0, 2), []), "CH-G2": ((0, 2), []), "CO-G1": ((4, 4), [])},
    )
    assert not legal(s, "FORM")


def test_lu_r79_forming_ends_the_action_phase_and_the_army_may_not_move():
    """LU-R79: forming ends the Action Phase, and the Super Army does not move that turn, even
    if a General had not acted yet."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={"CH-G1": ((0, 2), ["T01"]), "CH-G2": ((0, 2), []), "CO-G1": ((4, 4), [])},
        hands={0: ["CC07"]},
    )
    act(s, "FORM")
    # Nothing to marshal, but the Chickens hold a card: forming step 1 waits for END.
    assert phase(s) == "forming"
    assert legal_json(s) == [{"type": "END"}]
    act(s, "END")
    assert phase(s) == "draw_plan"
    act(s, "DRAW_PLAN", seat=0, card="BP1")
    assert phase(s) == "harvest"
    assert cell_of(s, "CH-SA") == (0, 2)
    end_phase_until(s, seat=1)
    assert s.to_json()["active"] == 1


def test_lu_r80_special_forces_may_be_marshaled_while_forming():
    """LU-R80 step 1: Special Forces may be marshaled into the forming army."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={"CH-G1": ((0, 2), ["T01"]), "CO-G1": ((4, 4), [])},
        tokens={0: {"hay": 2, "corn": 1, "apple": 1}},
    )
    act(s, "FORM")
    assert phase(s) == "forming"
    assert legal(s, "MARSHAL", unit="CH-SF1")
    act(s, "MARSHAL", unit="CH-SF1")
    # The apple left buys nothing and no card is held: the army forms at once (LU-R80).
    assert phase(s) == "draw_plan"
    act(s, "DRAW_PLAN", seat=0, card="BP2")
    assert sorted(units_of(s, "CH-SA")) == ["CH-SF1", "T01"]
    assert s.to_json()["special_forces"]["CH-SF1"] == "in_play"
    # LU-R80 step 2: the apple left over returns to the supply.
    assert tokens_of(s, 0)["apple"] == 0
    assert supply(s)["apple"] == 12


def test_lu_r81_forming_never_exceeds_fifteen():
    """LU-R80, LU-R81: three Generals with 5 units each already make 15: nothing more is
    offered while forming."""
    five = ["T01"] * 5
    s = scenario(
        barns={0: (0, 2)},
        pieces={
            "CH-G1": ((0, 2), five),
            "CH-G2": ((0, 2), ["T02"] * 5),
            "CH-G3": ((0, 2), ["T03"] * 5),
            "CO-G1": ((4, 4), []),
        },
        tokens={0: {"grass": 10}},
    )
    act(s, "FORM")
    # At the cap nothing may be marshaled and no card is held: the army forms at once.
    assert phase(s) == "draw_plan"
    act(s, "DRAW_PLAN", seat=0, card="BP3")
    assert len(units_of(s, "CH-SA")) == 15
    assert tokens_of(s, 0)["grass"] == 0


def test_lu_r80_forming_cap_counts_marshaled_units():
    """LU-R80 step 1 (cap 15): with 13 units, only 2 more may be marshaled."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={
            "CH-G1": ((0, 2), ["T02"] * 5),
            "CH-G2": ((0, 2), ["T03"] * 5),
            "CH-G3": ((0, 2), ["T04"] * 3),
            "CO-G1": ((4, 4), []),
        },
        tokens={0: {"grass": 10}},
    )
    act(s, "FORM")
    act(s, "MARSHAL", unit="T01")
    act(s, "MARSHAL", unit="T01")
    assert phase(s) == "draw_plan"
    act(s, "DRAW_PLAN", seat=0, card="BP3")
    assert len(units_of(s, "CH-SA")) == 15


# --- LU-R82 … LU-R85: rules of a Super Army -----------------------------------------------------------


def test_lu_r82_abilities_are_suspended_in_a_super_army_rocket_rooster():
    """LU-R82: Rocket Rooster in a Super Army does not raise its step limit above 3."""
    s = scenario(pieces={"CH-SA": ((2, 0), ["CH-SF1"]), "CO-G1": ((0, 4), [])})
    act(s, "PIECE", piece="SA")
    for _ in range(3):
        act(s, "STEP", dir="E")
    assert not any(a["type"] == "STEP" for a in legal_json(s))


def test_lu_r82_abilities_are_suspended_in_a_super_army_horned_vanguard():
    """LU-R82: Horned Vanguard in a Super Army does not turn a tie into a win."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={"GO-SA": ((2, 1), ["GO-SF2"]), "CO-SA": ((2, 2), ["T06"])},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    roll(s, 2, 3, 3, 2)  # 3 + 5 against 3 + 5
    assert units_of(s, "CO-SA") == ["T06"]
    assert units_of(s, "GO-SA") == ["GO-SF2"]


def test_lu_r82_longhorn_sentinel_in_a_super_army_rolls_two_and_sums():
    """LU-R82, LU-R85: a defending Super Army with Longhorn Sentinel sums its 2 dice (no
    'keep the higher')."""
    s = scenario(
        pieces={"CH-G1": ((2, 1), ["T10"]), "CH-G2": ((4, 4), []), "CO-SA": ((2, 2), ["CO-SF3"])},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 6, 3, 4)  # 5 + 6 = 11 against 5 + 7 = 12 (keeping the higher would be 9)
    assert units_of(s, "CH-G1") == []


def test_lu_r83_r85_super_army_rolls_two_dice_attacking_and_defending():
    """LU-R85: 2 dice for a Super Army on either side, 1 for a General."""
    s = scenario(
        pieces={"CH-SA": ((2, 1), ["T10"]), "CO-G1": ((2, 2), ["T03"])},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    assert ongoing_battle(s)["rolls"] == [[0, 0], [0, 1], [1, 0]]
    s = scenario(
        pieces={"CH-G1": ((2, 1), ["T10"]), "CH-G2": ((4, 4), []), "CO-SA": ((2, 2), ["T03"])},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert ongoing_battle(s)["rolls"] == [[0, 0], [1, 0], [1, 1]]


# --- LU-R86, LU-R87: destruction and the army's end ---------------------------------------------------


def test_lu_r86_general_left_unarmed_by_a_super_army_attack_is_destroyed_even_if_it_won():
    """LU-R86: 'every defending General left with 0 units at the end of the battle is
    destroyed' when a Super Army attacks: a 0-unit General that won with Hardened Hide is
    destroyed too."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={
            "PI-SA": ((2, 1), ["T02", "T01", "T01"]),
            "CO-G1": ((2, 2), []),
            "CO-G2": ((4, 4), []),
        },
        hands={1: ["CC02"]},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    act(s, "PLAY", card="CC02")
    pass_windows(s)
    roll(s, 1, 2, 6)  # 1 + 3 against 3 + 6: the defender wins
    pass_windows(s)
    act(s, "UNIT", unit="T01")
    act(s, "UNIT", unit="T01")
    assert units_of(s, "PI-SA") == ["T02"]
    assert cell_of(s, "CO-G1") is None
    assert cell_of(s, "PI-SA") == (2, 1)


def test_lu_r87_super_army_losing_its_last_unit_eliminates_the_faction():
    """LU-R87, LU-R95: a Super Army that loses its last unit is removed and its faction is
    eliminated."""
    s = scenario(
        3,
        pieces={
            "CH-G1": ((3, 2), ["T10", "T10"]),
            "CO-SA": ((3, 3), ["T01", "T01"]),
            "GO-G1": ((0, 0), []),
        },
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 6, 3, 3)
    doc = s.to_json()
    assert cell_of(s, "CO-SA") is None
    assert doc["alive"] == [True, False, True]
    assert doc["troops"]["T01"] == 8
    assert cell_of(s, "CH-G1") == (3, 3)


# --- LU-R88: barn group ------------------------------------------------------------------------------


def test_lu_r88_barn_group_defends_with_summed_def_and_one_die():
    """LU-R88: the barn's Generals defend as one piece: DEF summed (3 + 2), one die; the group
    wins 5 + 6 = 11 against 3 + (1 + 2) = 6 and the Super Army takes 2 casualties."""
    s = scenario(
        factions=("PI", "CO"),
        barns={0: (4, 2), 1: (0, 2)},
        pieces={
            "PI-SA": ((1, 3), ["T04", "T01", "T02"]),
            "CO-G1": ((0, 2), ["T06"]),
            "CO-G2": ((0, 2), ["T03"]),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="NW")
    assert ongoing_battle(s)["defenders"] == ["CO-G1", "CO-G2"]
    assert ongoing_battle(s)["rolls"] == [[0, 0], [0, 1], [1, 0]]
    roll(s, 1, 2, 6)
    assert phase(s) == "casualty" and s.current_player() == 0
    act(s, "UNIT", unit="T04")
    act(s, "UNIT", unit="T01")
    assert units_of(s, "PI-SA") == ["T02"]
    assert units_of(s, "CO-G1") == ["T06"] and units_of(s, "CO-G2") == ["T03"]


def test_lu_r88_barn_group_with_no_defence_loses_without_dice():
    """LU-R45, LU-R88: a barn group whose summed DEF is 0 loses automatically."""
    s = scenario(
        factions=("PI", "CO"),
        barns={0: (4, 2), 1: (0, 2)},
        pieces={
            "PI-SA": ((1, 3), ["T04"]),
            "CO-G1": ((0, 2), ["T02"]),
            "CO-G2": ((0, 2), []),
            "CO-G3": ((4, 4), []),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="NW")
    assert phase(s) != "roll"
    assert cell_of(s, "CO-G1") is None and cell_of(s, "CO-G2") is None
    assert cell_of(s, "PI-SA") == (0, 2)


# --- LU-R90 … LU-R93: joint attacks -------------------------------------------------------------------


def _joint(pigs=("T05", "T05"), chickens=("T04",), lost=None, cows=("T09",), hands=None):
    """Goats 0 attack Cows 1 (a General) from (3,2) into (3,3); Pigs 2 on (4,4) and Chickens 3
    on (2,4), both adjacent to (3,3)."""
    return scenario(
        4,
        factions=("GO", "CO", "PI", "CH"),
        barns={0: (1, 2), 1: (6, 2), 2: (2, 6), 3: (5, 6)},
        pieces={
            "GO-SA": ((3, 2), ["T10"]),
            "CO-G1": ((3, 3), list(cows)),
            "PI-SA": ((4, 4), list(pigs)),
            "CH-SA": ((2, 4), list(chickens)),
        },
        lost=lost,
        hands=hands,
    )


def test_lu_r90_eligible_owners_decide_in_seat_order_after_the_attacker():
    """LU-R90: the Pigs (seat 2), then the Chickens (seat 3) are asked."""
    s = _joint()
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    assert phase(s) == "join" and s.current_player() == 2
    act(s, "PASS")
    assert phase(s) == "join" and s.current_player() == 3
    act(s, "JOIN")
    assert ongoing_battle(s)["joiners"] == ["CH-SA"]
    assert s.to_json()["lost_turns"] == [0, 0, 0, 1]


def test_lu_r90_no_join_without_atk_or_while_owing_a_lost_turn():
    """LU-R90: a Super Army with no ATK >= 1 unit, or still owing a lost turn, may not join."""
    s = _joint(pigs=("T01", "T03"), lost={3: 1})
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    assert phase(s) != "join"


def test_lu_r90_no_join_in_an_ambush():
    """LU-R90, CC14: joint attacks are never allowed in an Ambush battle."""
    s = scenario(
        3,
        factions=("CO", "GO", "PI"),
        barns={0: (5, 3), 1: (1, 3), 2: (3, 1)},
        pieces={
            "CO-G1": ((3, 2), ["T03"]),
            "GO-SA": ((2, 4), ["T10"]),
            "PI-SA": ((4, 4), ["T10"]),
        },
        hands={1: ["CC14"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert phase(s) == "move"  # 1 step of 2
    act(s, "STOP")
    assert phase(s) == "ambush" and s.current_player() == 1
    act(s, "PIECE", piece="SA")
    assert phase(s) != "join"
    assert ongoing_battle(s)["joiners"] == []


def test_lu_r93_a_joiner_loses_its_turn_even_on_a_tie():
    """LU-R93: whatever the outcome: a tie still costs the joiner its next turn."""
    s = _joint(cows=("T09", "T09", "T09"))
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    act(s, "JOIN")
    act(s, "PASS")
    roll(s, 3, 4, 3)  # 5 + 6 + 7 = 18 against 15 + 3 = 18: a tie
    assert units_of(s, "CO-G1") == ["T09", "T09", "T09"]
    assert s.to_json()["lost_turns"] == [0, 0, 1, 0]


def test_lu_r93_a_joiner_loses_its_turn_even_when_the_battle_is_cancelled():
    """LU-R93: cancellation (Retreat!) still costs the joiner its next turn."""
    s = _joint(hands={1: ["CC09"]})
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    act(s, "JOIN")
    act(s, "PASS")
    assert phase(s) == "window" and s.current_player() == 1
    act(s, "PLAY", card="CC09")
    assert phase(s) == "card_target" and s.current_player() == 1  # LU-R100: the cell
    act(s, "RETREAT", dir="S")
    pass_windows(s)
    assert battle(s) is None
    assert s.to_json()["lost_turns"] == [0, 0, 1, 0]


def test_bp6_pincer_movement_waives_the_lost_turn():
    """BP6 (LU-R93): the original attacker plays Pincer Movement: joiners keep their turn."""
    s = _with_plan(_joint(cows=("T01",)), 0, "BP6")
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    act(s, "JOIN")
    act(s, "PASS")
    assert phase(s) == "window" and s.current_player() == 0
    act(s, "PLAY", card="BP6")
    pass_windows(s)
    roll(s, 3, 3, 1)
    assert s.to_json()["lost_turns"] == [0, 0, 0, 0]


# --- Battle Plans -------------------------------------------------------------------------------------


def _with_plan(state, seat, card):
    doc = state.to_json()
    doc["plans"][seat] = card
    doc["has_plan"][seat] = True
    doc["played"] = [c for c in doc["played"] if c != card]
    return state.game.state_from_json(doc)


def test_bp1_duel_of_champions_one_unit_per_side():
    """BP1: each side chooses 1 unit; every other unit sits out: Attack Dog 5 + 3 + 3 = 11
    against Sheep 1 + 6 = 7, the Goats win (with every unit, 11 against 8 + 6 = 14, they would
    lose); 2 casualties follow the normal rules."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={
            "GO-SA": ((2, 1), ["T10", "T01", "T01"]),
            "CO-G1": ((2, 2), ["T09", "T01", "T03"]),
            "CO-G2": ((4, 4), []),
        },
        plans={0: "BP1"},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    assert phase(s) == "window" and s.current_player() == 0
    act(s, "PLAY", card="BP1")
    assert phase(s) == "card_target" and s.current_player() == 0
    act(s, "UNIT", unit="T10")
    assert phase(s) == "card_target" and s.current_player() == 1
    assert {a["unit"] for a in legal_json(s)} == {"T09", "T01", "T03"}
    act(s, "UNIT", unit="T01")
    pass_windows(s)
    roll(s, 3, 3, 6)
    assert phase(s) == "casualty" and s.current_player() == 1
    act(s, "UNIT", unit="T09")
    act(s, "UNIT", unit="T03")
    assert units_of(s, "CO-G1") == ["T01"]


def test_bp1_duel_joint_attackers_drop_out():
    """BP1: joint attackers drop out entirely: no strength, no casualties, no lost turn."""
    s = _joint(pigs=("T10", "T05"), cows=("T09", "T01"))
    s = _with_plan(s, 0, "BP1")
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    act(s, "JOIN")
    act(s, "PASS")
    act(s, "PLAY", card="BP1")
    assert phase(s) == "card_target" and s.current_player() == 0  # the Pigs pick first
    act(s, "UNIT", unit="T10")
    assert phase(s) == "card_target" and s.current_player() == 1
    act(s, "UNIT", unit="T09")
    pass_windows(s)
    assert ongoing_battle(s)["joiners"] == []
    roll(s, 1, 2, 6)  # 5 + 3 against 5 + 6: the defender wins
    pass_windows(s)
    assert units_of(s, "PI-SA") == ["T10", "T05"]
    assert s.to_json()["lost_turns"] == [0, 0, 0, 0]


def test_bp2_blitzkrieg_six_steps_and_a_second_attack():
    """BP2: the step limit is 6 and the first attack does not end the action: the army keeps
    stepping and may attack once more."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={
            "GO-SA": ((2, 0), ["T10", "T10", "T10"]),
            "CO-G1": ((2, 2), []),
            "CO-G2": ((0, 4), ["T01"]),
        },
        plans={0: "BP2"},
    )
    act(s, "PLAY", card="BP2")
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")  # attack CO-G1 (0 units): an automatic win
    # No retreat: the destroyed General leaves the board and the army advances (LU-R51); the
    # move goes on (Blitzkrieg).
    assert cell_of(s, "GO-SA") == (2, 2)
    assert cell_of(s, "CO-G1") is None  # destroyed: a Super Army attack (LU-R86)
    assert phase(s) == "move"
    act(s, "STEP", dir="NE")
    act(s, "STEP", dir="NE")  # (0, 4): the second attack, step 4
    assert battle(s) is not None
    roll(s, 3, 3, 1)
    assert cell_of(s, "GO-SA") == (0, 4)


def test_bp2_blitzkrieg_only_before_the_army_acts():
    """BP2 (OWN_ACTION, before your Super Army acts)."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={"GO-SA": ((2, 0), ["T10"]), "CO-G1": ((0, 4), [])},
        plans={0: "BP2"},
        hands={0: ["CC17"]},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    act(s, "STOP")
    assert not legal(s, "PLAY", card="BP2")


def test_bp3_siege_engines_plus_six_against_a_barn():
    """BP3: +6 to the attack when the Super Army attacks a barn: 4 + 3 + 6 = 13 against
    3 + 6 = 9 (7 without the card)."""
    s = scenario(
        factions=("PI", "CO"),
        barns={0: (4, 2), 1: (0, 2)},
        pieces={
            "PI-SA": ((1, 3), ["T04", "T04"]),
            "CO-G1": ((0, 2), ["T06"]),
            "CO-G2": ((4, 4), []),
        },
        plans={0: "BP3"},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="NW")
    act(s, "PLAY", card="BP3")
    pass_windows(s)
    roll(s, 1, 2, 6)
    assert cell_of(s, "CO-G1") is None  # 0 units left in the barn: destroyed
    assert cell_of(s, "PI-SA") == (0, 2)


def test_bp3_siege_engines_not_against_a_field():
    """BP3: not offered when the Super Army attacks outside a barn."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={"PI-SA": ((2, 1), ["T04"]), "CO-G1": ((2, 2), ["T06"]), "CO-G2": ((4, 4), [])},
        plans={0: "BP3"},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    assert not legal(s, "PLAY", card="BP3")


def test_bp4_shield_wall_plus_six_until_the_next_turn():
    """BP4 (OWN_ANY): +6 defence for the Super Army until the start of the owner's next turn:
    on the Chickens' turn, 5 + 6 against 2 + 6 + (2 + 1) = 11 is a tie."""
    s = scenario(
        factions=("CO", "CH"),
        pieces={"CO-SA": ((2, 2), ["T03"]), "CH-G1": ((2, 1), ["T10"]), "CH-G2": ((4, 4), [])},
        plans={0: "BP4"},
    )
    act(s, "PLAY", card="BP4")
    assert s.to_json()["shield_wall"] == [True, False]
    end_phase_until(s, seat=1)
    assert s.to_json()["shield_wall"] == [True, False]
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    roll(s, 6, 2, 1)
    assert units_of(s, "CO-SA") == ["T03"]
    assert units_of(s, "CH-G1") == ["T10"]
    end_phase_until(s, seat=0)
    assert s.to_json()["shield_wall"] == [False, False]


def test_bp4_shield_wall_prevents_no_defence():
    """LU-R45, BP4: a Super Army with DEF 0 and Shield Wall rolls its dice."""
    s = scenario(
        factions=("CO", "CH"),
        pieces={"CO-SA": ((2, 2), ["T02"]), "CH-G1": ((2, 1), ["T10"]), "CH-G2": ((4, 4), [])},
        plans={0: "BP4"},
    )
    act(s, "PLAY", card="BP4")
    end_phase_until(s, seat=1)
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert phase(s) == "roll"


def test_bp5_conscription_three_free_troops():
    """BP5 (OWN_ANY): up to 3 Troop cards from the supply into the Super Army, free, one at a
    time."""
    s = scenario(pieces={"CH-SA": ((2, 2), ["T01"]), "CO-G1": ((4, 4), [])}, plans={0: "BP5"})
    act(s, "PLAY", card="BP5")
    act(s, "MARSHAL", unit="T10")
    act(s, "MARSHAL", unit="T10")
    act(s, "MARSHAL", unit="T09")
    assert sorted(units_of(s, "CH-SA")) == ["T01", "T09", "T10", "T10"]
    assert troops(s)["T10"] == 1 and troops(s)["T09"] == 2
    assert tokens_of(s, 0) == dict.fromkeys(("grass", "hay", "corn", "carrot", "apple"), 0)
    assert phase(s) == "action"


def test_bp5_conscription_respects_the_cap():
    """BP5, LU-R81: the 15-unit cap applies: at 14 units only one more."""
    fourteen = ["T01"] * 8 + ["T02"] * 6
    s = scenario(pieces={"CH-SA": ((2, 2), fourteen), "CO-G1": ((4, 4), [])}, plans={0: "BP5"})
    act(s, "PLAY", card="BP5")
    act(s, "MARSHAL", unit="T10")
    assert len(units_of(s, "CH-SA")) == 15
    # At the cap nothing more can be taken: the card is done and the Action Phase goes on.
    assert phase(s) == "action"
    assert not any(a["type"] == "MARSHAL" for a in legal_json(s))


def test_bp7_last_stand_no_casualties():
    """BP7 (CASUALTY, your Super Army lost): it takes no casualties from this battle."""
    s = scenario(
        factions=("CO", "PI"),
        pieces={
            "CO-G1": ((2, 1), ["T10", "T05"]),
            "CO-G2": ((4, 4), []),
            "PI-SA": ((2, 2), ["T01", "T02"]),
        },
        plans={1: "BP7"},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    pass_windows(s)
    roll(s, 6, 2, 3)  # 8 + 6 against 1 + 5
    while phase(s) == "window" and not legal(s, "PLAY", card="BP7"):
        act(s, "PASS")
    assert s.current_player() == 1
    act(s, "PLAY", card="BP7")
    pass_windows(s)
    assert units_of(s, "PI-SA") == ["T01", "T02"]
    # The army still lost: it retreats.
    assert phase(s) == "retreat" and s.current_player() == 1


@pytest.mark.parametrize(
    ("dice", "aside", "kept", "result"),
    [
        ((6, 1, 6), 2, [6, 6], "attacker"),  # kept 6 + 6: an automatic win
        ((1, 1, 6), 3, [1, 1], "defender"),  # kept 1 + 1: an automatic loss
        ((1, 1, 6), 1, [1, 6], "defender"),  # 2 + 7 = 9 against 9 + 6 = 15
    ],
)
def test_bp8_fortune_of_war_three_dice_keep_two(dice, aside, kept, result):
    """BP8: the Super Army rolls 3 dice and keeps 2 of its choice; the automatic 12 and 2 use
    the kept dice."""
    s = scenario(
        factions=("GO", "CO"),
        pieces={
            "GO-SA": ((2, 1), ["T04", "T01", "T01"]),
            "CO-G1": ((2, 2), ["T09", "T08", "T01"]),
            "CO-G2": ((4, 4), []),
        },
        plans={0: "BP8"},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    act(s, "PLAY", card="BP8")
    pass_windows(s)
    roll(s, *dice, 6)
    assert phase(s) == "keep" and s.current_player() == 0
    act(s, "DIE", die=aside)
    pass_windows(s)
    if result == "attacker":
        assert phase(s) == "casualty" and s.current_player() == 1
    else:
        assert phase(s) == "casualty" and s.current_player() == 0


def test_lu_r94_a_super_army_in_its_own_barn_retreats_when_it_loses():
    """LU-R94, LU-R48, LU-R88: the barn-group rule is for Generals in a barn; a Super Army that
    loses as defender retreats even from its own barn, and the attacker advances."""
    s = scenario(
        factions=("PI", "CO"),
        barns={0: (4, 2), 1: (0, 2)},
        pieces={"PI-SA": ((1, 3), ["T10", "T10"]), "CO-SA": ((0, 2), ["T03", "T03", "T03"])},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="NW")
    roll(s, 3, 3, 3, 3)  # 10 + 6 against 6 + 6: the attacker wins
    assert units_of(s, "CO-SA") == ["T03"]
    assert phase(s) == "retreat" and s.current_player() == 1
    act(s, "RETREAT", dir="W")
    assert cell_of(s, "CO-SA") == (0, 1)
    assert cell_of(s, "PI-SA") == (0, 2)


def test_lu_r77_own_any_cards_are_offered_while_forming():
    """LU-R77: OWN_ANY cards open at 'every top-level decision of your own turn (the phase
    decisions in LU §14)'; §14 lists 'Forming step 1' (as Marshal) among them, so Trade Caravan
    is playable while forming (its tokens would otherwise return to the supply, LU-R80)."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={"CH-G1": ((0, 2), ["T01"]), "CO-G1": ((4, 4), [])},
        tokens={0: {"grass": 3}},
        hands={0: ["CC12"]},
    )
    act(s, "FORM")
    assert phase(s) == "forming"
    assert legal(s, "PLAY", card="CC12")


def test_bp8_fortune_of_war_for_a_defending_super_army():
    """BP8: a defending Super Army may play it too: 3 dice, keep 2 (6 + 6: an automatic
    win)."""
    s = scenario(
        pieces={
            "CH-G1": ((2, 1), ["T10", "T01"]),
            "CH-G2": ((4, 4), []),
            "CO-SA": ((2, 2), ["T03", "T03", "T03"]),
        },
        plans={1: "BP8"},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "PLAY", card="BP8")
    pass_windows(s)
    roll(s, 6, 6, 6, 1)  # 5 + 6 = 11 against 6 + ...
    assert phase(s) == "keep" and s.current_player() == 1
    act(s, "DIE", die=3)
    # Defender automatic win: the Chickens take 2 casualties (their 2 units).
    assert units_of(s, "CH-G1") == []
    assert units_of(s, "CO-SA") == ["T03", "T03", "T03"]


def test_bp1_duel_against_a_barn_group_picks_a_member_unit():
    """BP1, LU-R88: against a barn group the defender picks one unit of any member: Attack Dog
    5 + 6 against Sheep 1 + 6; the group then owes 2 casualties from any member."""
    s = scenario(
        factions=("PI", "CO"),
        barns={0: (4, 2), 1: (0, 2)},
        pieces={
            "PI-SA": ((1, 3), ["T10", "T01"]),
            "CO-G1": ((0, 2), ["T06"]),
            "CO-G2": ((0, 2), ["T03", "T01"]),
        },
        plans={0: "BP1"},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="NW")
    act(s, "PLAY", card="BP1")
    act(s, "UNIT", unit="T10")
    assert s.current_player() == 1
    assert {(a["piece"], a["unit"]) for a in legal_json(s)} == {
        ("G1", "T06"),
        ("G2", "T03"),
        ("G2", "T01"),
    }
    act(s, "MEMBER", piece="G2", unit="T01")
    pass_windows(s)
    roll(s, 3, 3, 6)
    assert phase(s) == "casualty" and s.current_player() == 1
    act(s, "MEMBER", piece="G1", unit="T06")
    act(s, "MEMBER", piece="G2", unit="T01")
    assert cell_of(s, "CO-G1") is None  # 0 units: destroyed
    assert units_of(s, "CO-G2") == ["T03"]
    assert cell_of(s, "PI-SA") == (1, 3)


def test_lu_r88_unarmed_members_are_destroyed_even_when_the_group_wins():
    """LU-R88, LU-R86: after the battle, members with 0 units are destroyed, whatever the
    outcome; the armed member stays in the barn."""
    s = scenario(
        factions=("PI", "CO"),
        barns={0: (4, 2), 1: (0, 2)},
        pieces={
            "PI-SA": ((1, 3), ["T02", "T01", "T01"]),
            "CO-G1": ((0, 2), ["T09"]),
            "CO-G2": ((0, 2), []),
        },
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="NW")
    roll(s, 1, 2, 6)  # 1 + 3 against 5 + 6: the group wins
    act(s, "UNIT", unit="T01")
    act(s, "UNIT", unit="T01")
    assert units_of(s, "PI-SA") == ["T02"]
    assert cell_of(s, "CO-G1") == (0, 2)
    assert cell_of(s, "CO-G2") is None
    assert cell_of(s, "PI-SA") == (1, 3)
