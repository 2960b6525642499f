"""Battles (LU-R38 … LU-R60): the sequence and its card windows, strength and modifiers, No
Defence, results, casualties, retreats, and the battle abilities and cards (Battle Cry, Hardened
Hide, Fortify, Field Medic, Second Wind, Retreat!, Supply Raid, HOLD_GROUND,
DEF_ROLL_2_KEEP_HIGH, TIE_WINS_ATTACK, War Boar, Egg Bomber).

Chickens (seat 0) attack from (2,1) into (2,2) unless a test says otherwise; CH-G2 stands on
(4,4) so that the Chickens' Action Phase goes on after the battle.
"""

from __future__ import annotations

import pytest
from lu_helpers import (
    act,
    battle,
    cell_of,
    legal,
    legal_json,
    ongoing_battle,
    pass_windows,
    phase,
    roll,
    scenario,
    tokens_of,
    units_of,
)


def _duel(attacker, defender, factions=("CH", "CO"), hands=None, **kwargs):
    """The attacking General (seat 0, G1) on (2,1) next to the defender (seat 1, G1) on
    (2,2)."""
    a, d = factions
    pieces = {
        f"{a}-G1": ((2, 1), list(attacker)),
        f"{a}-G2": ((4, 4), []),
        f"{d}-G1": ((2, 2), list(defender)),
        **kwargs.pop("pieces", {}),
    }
    return scenario(factions=factions, pieces=pieces, hands=hands, **kwargs)


def _attack(s, piece="G1", direction="E"):
    act(s, "PIECE", piece=piece)
    act(s, "STEP", dir=direction)
    return s


# --- LU-R38: the sequence and window order ---------------------------------------------------------


def test_lu_r38_pre_dice_window_attacker_first_then_defender_then_dice():
    """LU-R38 steps 3 and 6: the attacker's owner, then the defender's owner, may play cards;
    then the dice are rolled, attacker first."""
    s = _duel(["T04"], ["T03"], hands={0: ["CC01"], 1: ["CC02"]})
    _attack(s)
    assert phase(s) == "window" and s.current_player() == 0
    act(s, "PASS")
    assert phase(s) == "window" and s.current_player() == 1
    act(s, "PASS")
    assert phase(s) == "roll"
    assert "attacker" in s.action_to_string(s.legal_actions()[0])


def test_lu_r38_post_dice_window_after_the_dice():
    """LU-R38 step 7: after the dice, the post-dice window opens in the same order."""
    s = _duel(["T04"], ["T03"], hands={0: ["CC08"], 1: ["CC07"]})
    _attack(s)
    pass_windows(s)
    roll(s, 3, 3)
    assert phase(s) == "window" and s.current_player() == 0
    assert legal(s, "PLAY", card="CC08")
    act(s, "PASS")
    assert phase(s) == "window" and s.current_player() == 1


def test_lu_r75_any_number_of_cards_in_one_window():
    """LU-R75, LU-R38: a seat may play several cards in one window, one at a time."""
    s = _duel(["T10"], ["T03"], hands={1: ["CC01", "CC02"]})
    _attack(s)
    act(s, "PLAY", card="CC02")
    assert phase(s) == "window" and s.current_player() == 1
    act(s, "PLAY", card="CC01")
    assert s.to_json()["played"][-2:] == ["CC02", "CC01"]
    assert s.to_json()["hands"][1] == []
    pass_windows(s)
    # 5 + 1 = 6 against 2 + 3 + 2 + 1 = 8: the defender wins.
    roll(s, 1, 1)
    assert units_of(s, "CH-G1") == []
    assert units_of(s, "CO-G1") == ["T03"]


# --- LU-R40 … LU-R42: strength and modifiers --------------------------------------------------------


@pytest.mark.parametrize(("card", "result"), [(None, "tie"), ("CC01", "attacker")])
def test_lu_r42_battle_cry_adds_two_to_the_attack(card, result):
    """LU-R42, CC01: 2 + 3 against 2 + 3 ties; with the attacker's Battle Cry 7 beats 5."""
    s = _duel(["T04"], ["T03"], hands={0: ["CC01"]})
    _attack(s)
    if card:
        act(s, "PLAY", card=card)
    pass_windows(s)
    roll(s, 3, 3)
    if result == "tie":
        assert phase(s) == "window"  # the post-dice window (the Chickens still hold a card)
        pass_windows(s)
        assert units_of(s, "CO-G1") == ["T03"]
        assert cell_of(s, "CH-G1") == (2, 1)
    else:
        assert units_of(s, "CO-G1") == []
        assert phase(s) == "retreat"


def test_lu_r42_battle_cry_for_the_defending_side():
    """CC01: Battle Cry played by the defender adds 2 to the defending side: 2 + 3 against
    2 + 2 + 3, the defender wins."""
    s = _duel(["T04"], ["T03"], hands={1: ["CC01"]})
    _attack(s)
    act(s, "PLAY", card="CC01")
    pass_windows(s)
    roll(s, 3, 3)
    pass_windows(s)
    assert units_of(s, "CH-G1") == []
    assert units_of(s, "CO-G1") == ["T03"]


def test_lu_r42_flat_modifiers_add_up():
    """LU-R42: Hardened Hide (+3) and Battle Cry (+2) for the defender add up: 5 + 1 = 6
    against 2 + 5 + 1 = 8."""
    s = _duel(["T10"], ["T03"], hands={1: ["CC02", "CC01"]})
    _attack(s)
    act(s, "PLAY", card="CC02")
    act(s, "PLAY", card="CC01")
    pass_windows(s)
    roll(s, 1, 1)
    pass_windows(s)
    assert units_of(s, "CH-G1") == []


def test_lu_r42_fortify_adds_two_defence():
    """LU-R42, CC15: a fortified defender has +2 defence: 2 + 3 = 5 against 2 + 2 + 1 = 5
    is a tie (without Fortify 5 against 3 would win)."""
    s = _duel(["T04"], ["T03"], fortified=["CO-G1"])
    _attack(s)
    roll(s, 3, 1)
    assert units_of(s, "CO-G1") == ["T03"]
    assert cell_of(s, "CO-G1") == (2, 2)
    assert cell_of(s, "CH-G1") == (2, 1)


# --- LU-R41: Longhorn Sentinel ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "dice", "winner"),
    [
        (["T10", "T10"], (1, 1, 6), "tie"),  # 10 + 1 against 5 + max(1, 6)
        (["T10", "T10"], (6, 6, 6), "attacker"),  # 16 against 11: a 12 is no automatic win
        (["T04"], (1, 1, 1), "defender"),  # 3 against 6: a 2 is no automatic loss
    ],
)
def test_lu_r41_longhorn_sentinel_rolls_two_and_keeps_the_higher(attacker, dice, winner):
    """LU-R41 (DEF_ROLL_2_KEEP_HIGH): a defending General with Longhorn Sentinel rolls 2 dice
    and keeps the higher; it is still not a Super Army for the automatic 12 and 2."""
    s = _duel(attacker, ["CO-SF3"])
    _attack(s)
    roll(s, *dice)
    if winner == "tie":
        assert units_of(s, "CO-G1") == ["CO-SF3"]
        assert units_of(s, "CH-G1") == attacker
    elif winner == "attacker":
        assert units_of(s, "CO-G1") == []
        assert s.to_json()["special_forces"]["CO-SF3"] == "removed"
    else:
        assert units_of(s, "CH-G1") == []
        assert units_of(s, "CO-G1") == ["CO-SF3"]


def test_lu_r41_longhorn_sentinel_only_when_defending():
    """LU-R41: attacking, a Longhorn Sentinel General rolls 1 die."""
    s = _duel(["CO-SF3"], ["T03"], factions=("CO", "CH"))
    _attack(s)
    roll(s, 3)
    assert phase(s) == "roll"
    roll(s, 3)
    assert phase(s) != "roll"


# --- LU-R44: TIE_WINS_ATTACK ------------------------------------------------------------------------


def test_lu_r44_horned_vanguard_wins_ties_when_attacking():
    """LU-R44 (TIE_WINS_ATTACK): 3 + 2 against 3 + 2 is a tie, which counts as an attacker
    win for a Horned Vanguard General."""
    s = _duel(["GO-SF2"], ["T06"], factions=("GO", "CO"))
    _attack(s)
    roll(s, 2, 2)
    assert units_of(s, "CO-G1") == []
    assert phase(s) == "retreat"


def test_lu_r44_horned_vanguard_does_not_help_a_defender():
    """LU-R44: TIE_WINS_ATTACK works only when its General attacks; a tie against it stays a
    tie."""
    s = _duel(["T06", "T02"], ["GO-SF2"], factions=("CO", "GO"))
    _attack(s)
    roll(s, 1, 1)  # 2 + 1 against 1 + 1: the attacker wins
    assert units_of(s, "GO-G1") == []
    s = _duel(["T06"], ["GO-SF2", "T01"], factions=("CO", "GO"))
    _attack(s)
    roll(s, 2, 1)  # 1 + 2 against 2 + 1: a tie
    assert units_of(s, "GO-G1") == ["GO-SF2", "T01"]
    assert units_of(s, "CO-G1") == ["T06"]


# --- LU-R45: No Defence ------------------------------------------------------------------------------


def test_lu_r45_battle_cry_does_not_prevent_no_defence():
    """LU-R45: Battle Cry adds strength, not defence: a DEF 0 defender that plays it still
    loses automatically, without dice."""
    s = _duel(["T04"], ["T02"], hands={1: ["CC01"]})
    _attack(s)
    assert phase(s) == "window" and s.current_player() == 1
    act(s, "PLAY", card="CC01")
    pass_windows(s)
    assert phase(s) != "roll"
    assert units_of(s, "CO-G1") == []
    assert phase(s) == "retreat"


def test_lu_r45_fortify_prevents_no_defence():
    """LU-R45, CC15: Fortify's +2 defence counts: a fortified DEF 0 defender rolls."""
    s = _duel(["T04"], ["T02"], fortified=["CO-G1"])
    _attack(s)
    assert phase(s) == "roll"
    roll(s, 1, 1)  # 2 + 1 against 0 + 2 + 1: a tie
    assert units_of(s, "CO-G1") == ["T02"]


# --- LU-R46 … LU-R51: results and positions ---------------------------------------------------------


def test_lu_r49_retreat_cells_exclude_occupied_blocked_and_foreign_barn():
    """LU-R49: a retreat cell is an adjacent empty cell the defender could end a move on: not an
    occupied cell, not forest or lake, not another player's barn, not the origin."""
    s = scenario(
        barns={0: (1, 3), 1: (4, 2)},
        tiles={(3, 1): "forest", (3, 3): "lake"},
        pieces={
            "CH-G1": ((2, 1), ["T10"]),
            "CH-G2": ((1, 1), []),
            "CH-G3": ((4, 4), []),
            "CO-G1": ((2, 2), ["T03", "T01"]),
            "CO-G2": ((3, 2), []),
        },
    )
    _attack(s)
    roll(s, 6, 1)
    act(s, "UNIT", unit="T01")
    # Neighbours of (2,2): (1,1) friend-of-attacker, (1,2) free, (1,3) Chickens' barn,
    # (2,1) origin, (2,3) free, (3,1) forest, (3,2) Cows General, (3,3) lake.
    assert phase(s) == "retreat"
    assert {a["dir"] for a in legal_json(s)} == {"N", "E"}


def test_lu_r49_own_barn_with_own_generals_is_a_retreat_cell():
    """LU-R49: the defender's own barn counts as empty for its own Generals while no enemy is
    there."""
    s = scenario(
        barns={0: (4, 2), 1: (0, 2)},
        tiles={(1, 1): "forest", (1, 3): "forest", (2, 1): "lake", (2, 3): "lake"},
        pieces={
            "CH-G1": ((2, 2), ["T10"]),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((1, 2), ["T03"]),
            "CO-G2": ((0, 2), []),
        },
    )
    _attack(s, direction="N")
    roll(s, 6, 1)
    assert units_of(s, "CO-G1") == []
    # (0,1) and (0,3) are free too; the barn (0,2), holding CO-G2, must be offered.
    assert phase(s) == "retreat"
    assert {a["dir"] for a in legal_json(s)} == {"NW", "N", "NE"}
    act(s, "RETREAT", dir="N")
    assert cell_of(s, "CO-G1") == (0, 2)
    s2 = scenario(
        barns={0: (4, 2), 1: (0, 2)},
        tiles={
            (1, 1): "forest",
            (1, 3): "forest",
            (2, 1): "lake",
            (2, 3): "lake",
            (0, 1): "forest",
            (0, 3): "lake",
        },
        pieces={
            "CH-G1": ((2, 2), ["T10"]),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((1, 2), ["T03"]),
            "CO-G2": ((0, 2), []),
        },
    )
    _attack(s2, direction="N")
    roll(s2, 6, 1)
    # The barn is the only retreat cell: the defender goes there; the attacker advances.
    assert cell_of(s2, "CO-G1") == (0, 2)
    assert cell_of(s2, "CO-G2") == (0, 2)
    assert cell_of(s2, "CH-G1") == (1, 2)


def test_lu_r51_hold_ground_takes_casualties_but_nobody_moves():
    """LU-R51 (HOLD_GROUND): a Holy Cow General that defends and loses takes its casualty but
    does not retreat, and the attacker stays on its own tile."""
    s = _duel(["T10"], ["CO-SF2", "T01"])
    _attack(s)
    roll(s, 6, 1)  # 11 against 4 + 1
    act(s, "UNIT", unit="T01")
    assert units_of(s, "CO-G1") == ["CO-SF2"]
    assert cell_of(s, "CO-G1") == (2, 2)
    assert cell_of(s, "CH-G1") == (2, 1)
    assert phase(s) == "action"


def test_lu_r51_hold_ground_does_not_stop_destruction():
    """LU-R51, LU-R86: a Holy Cow General left with 0 units by a Super Army is destroyed, and
    the Super Army advances."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={
            "PI-SA": ((2, 1), ["T10", "T10"]),
            "CO-G1": ((2, 2), ["CO-SF2"]),
            "CO-G2": ((4, 4), []),
        },
    )
    _attack(s, piece="SA")
    roll(s, 3, 3, 1)
    assert cell_of(s, "CO-G1") is None
    assert cell_of(s, "PI-SA") == (2, 2)


# --- LU-R52 … LU-R54: casualties and Field Medic -------------------------------------------------------


def test_lu_r53_loser_chooses_each_casualty_from_its_units():
    """LU-R53: the owner of the losing piece chooses among its own units."""
    s = _duel(["T10", "T02"], ["T09"])
    _attack(s)
    roll(s, 1, 6)
    assert phase(s) == "casualty" and s.current_player() == 0
    assert {a["unit"] for a in legal_json(s)} == {"T10", "T02"}


def test_lu_r54_field_medic_cancels_one_casualty():
    """LU-R54, CC07: before choosing, the losing owner plays Field Medic: no casualty; the
    defender still retreats."""
    s = _duel(["T10"], ["T03", "T01"], hands={1: ["CC07"]})
    _attack(s)
    pass_windows(s)
    roll(s, 6, 1)
    while phase(s) == "window" and not legal(s, "PLAY", card="CC07"):
        act(s, "PASS")  # the post-dice window
    assert phase(s) == "window" and s.current_player() == 1
    act(s, "PLAY", card="CC07")
    pass_windows(s)
    assert units_of(s, "CO-G1") == ["T03", "T01"]
    assert phase(s) == "retreat"


def test_lu_r54_field_medic_cancels_one_of_two():
    """LU-R54, LU-R52, CC07: against a Super Army 2 casualties are owed; Field Medic cancels 1."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={
            "PI-SA": ((2, 1), ["T10", "T10"]),
            "CO-G1": ((2, 2), ["T03", "T01", "T01"]),
            "CO-G2": ((4, 4), []),
        },
        hands={1: ["CC07"]},
    )
    _attack(s, piece="SA")
    pass_windows(s)
    roll(s, 3, 3, 1)
    while phase(s) == "window" and not legal(s, "PLAY", card="CC07"):
        act(s, "PASS")
    act(s, "PLAY", card="CC07")
    pass_windows(s)
    assert phase(s) == "casualty" and s.current_player() == 1  # 1 casualty left to choose
    act(s, "UNIT", unit="T01")
    assert sorted(units_of(s, "CO-G1")) == ["T01", "T03"]


def test_lu_r77_field_medic_only_for_the_loser():
    """LU-R77 (CASUALTY window: the losing side's owner): the winner is not offered Field
    Medic."""
    s = _duel(["T10"], ["T03"], hands={0: ["CC07"]})
    _attack(s)
    pass_windows(s)
    roll(s, 6, 1)
    # The post-dice window: the Chickens hold a card, so they are asked, but Field Medic is
    # not offered to them ...
    assert phase(s) == "window" and s.current_player() == 0
    assert legal_json(s) == [{"type": "PASS"}]
    act(s, "PASS")
    # ... and no CASUALTY window opens for the winner: the Cows' lone unit is lost, and they
    # retreat.
    assert phase(s) == "retreat" and s.current_player() == 1
    assert units_of(s, "CO-G1") == []
    assert s.to_json()["hands"][0] == ["CC07"]


# --- CC08 Second Wind ----------------------------------------------------------------------------------


def test_cc08_second_wind_rerolls_one_of_your_dice():
    """CC08 (BATTLE_POST_DICE): 2 + 1 against 2 + 6 would lose; the Chickens reroll their die,
    a 6: 8 against 8, a tie, no casualty."""
    s = _duel(["T04"], ["T03"], hands={0: ["CC08"]})
    _attack(s)
    pass_windows(s)
    roll(s, 1, 6)
    assert phase(s) == "window" and s.current_player() == 0
    act(s, "PLAY", card="CC08")
    # A General rolls one die (LU-R41): nothing to pick, the reroll follows at once.
    assert phase(s) == "roll"
    roll(s, 6)
    pass_windows(s)
    assert units_of(s, "CH-G1") == ["T04"]
    assert units_of(s, "CO-G1") == ["T03"]
    assert cell_of(s, "CH-G1") == (2, 1)


def test_cc08_second_wind_picks_one_of_two_super_army_dice():
    """CC08: with 2 dice, the player chooses which one to reroll; the new value replaces it:
    1 + 1 (an automatic loss) becomes 6 + 1."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={"PI-SA": ((2, 1), ["T04"]), "CO-G1": ((2, 2), ["T03"]), "CO-G2": ((4, 4), [])},
        hands={0: ["CC08"]},
    )
    _attack(s, piece="SA")
    pass_windows(s)
    roll(s, 1, 1, 1)
    act(s, "PLAY", card="CC08")
    assert phase(s) == "card_target"
    assert legal_json(s) == [{"type": "DIE", "die": 1}, {"type": "DIE", "die": 2}]
    act(s, "DIE", die=2)
    roll(s, 6)
    assert ongoing_battle(s)["attack_dice"] == [1, 6]
    pass_windows(s)
    # 2 + 7 = 9 against 2 + 1 = 3: the Super Army wins; the Cows lose their only unit.
    assert units_of(s, "CO-G1") == []


# --- CC09 Retreat! -------------------------------------------------------------------------------------


def test_cc09_retreat_cancels_the_battle():
    """CC09 (LU-R38 step 4): the defender moves to an empty adjacent cell; the battle is
    cancelled, no dice; the attacker stays on its origin cell and its action is over."""
    s = _duel(["T10"], ["T03"], hands={1: ["CC09"]})
    _attack(s)
    assert phase(s) == "window" and s.current_player() == 1
    act(s, "PLAY", card="CC09")
    assert phase(s) == "card_target"
    act(s, "RETREAT", dir="E")
    pass_windows(s)
    assert phase(s) == "action"
    assert battle(s) is None
    assert cell_of(s, "CO-G1") == (2, 3)
    assert cell_of(s, "CH-G1") == (2, 1)
    assert units_of(s, "CO-G1") == ["T03"]
    assert not legal(s, "PIECE", piece="G1")


def test_cc09_retreat_needs_a_legal_retreat_cell():
    """LU-R78, CC09: with no legal retreat cell, Retreat! is not offered."""
    s = scenario(
        tiles={(0, 1): "forest", (1, 0): "lake"},
        pieces={"CH-G1": ((1, 1), ["T10"]), "CH-G2": ((4, 4), []), "CO-G1": ((0, 0), ["T03"])},
        hands={1: ["CC09"]},
    )
    _attack(s, direction="NW")
    assert phase(s) == "window" and s.current_player() == 1
    assert not legal(s, "PLAY", card="CC09")


def test_cc09_retreat_not_for_a_super_army():
    """CC09: not for a defending Super Army."""
    s = scenario(
        pieces={"CH-G1": ((2, 1), ["T10"]), "CH-G2": ((4, 4), []), "CO-SA": ((2, 2), ["T03"])},
        hands={1: ["CC09"]},
    )
    _attack(s)
    assert phase(s) == "window" and s.current_player() == 1
    assert not legal(s, "PLAY", card="CC09")


def test_cc09_retreat_not_for_a_barn_group_of_two():
    """CC09: not for a barn group of 2 or more Generals."""
    s = scenario(
        factions=("PI", "CO"),
        barns={0: (4, 2), 1: (0, 2)},
        pieces={
            "PI-SA": ((1, 2), ["T10"]),
            "CO-G1": ((0, 2), ["T03"]),
            "CO-G2": ((0, 2), ["T01"]),
        },
        hands={1: ["CC09"]},
    )
    _attack(s, piece="SA", direction="N")
    assert phase(s) == "window" and s.current_player() == 1
    assert not legal(s, "PLAY", card="CC09")


# --- CC10 Supply Raid, War Boar, Egg Bomber, LU-R60 ------------------------------------------------------


def test_cc10_supply_raid_takes_up_to_two_tokens_one_at_a_time():
    """CC10 (AFTER_WIN): after winning as attacker, take up to 2 tokens of your choice from the
    defender's owner, one at a time."""
    s = _duel(["T10"], ["T03"], hands={0: ["CC10"]}, tokens={1: {"grass": 1, "apple": 3}})
    _attack(s)
    pass_windows(s)
    roll(s, 6, 1)
    pass_windows(s)
    assert phase(s) == "retreat" and s.current_player() == 1  # LU-R48: the Cows pick
    act(s, "RETREAT", dir="E")
    assert phase(s) == "window" and s.current_player() == 0
    act(s, "PLAY", card="CC10")
    pass_windows(s)
    assert phase(s) == "plunder"
    offered = legal_json(s)
    assert {"type": "RESOURCE", "resource": "apple"} in offered
    assert {"type": "RESOURCE", "resource": "grass"} in offered
    assert {"type": "RESOURCE", "resource": "hay"} not in offered
    act(s, "RESOURCE", resource="apple")
    act(s, "RESOURCE", resource="apple")
    assert tokens_of(s, 0)["apple"] == 2
    assert tokens_of(s, 1) == {"grass": 1, "hay": 0, "corn": 0, "carrot": 0, "apple": 1}
    assert phase(s) == "action"


def test_cc10_supply_raid_may_stop_after_one():
    """CC10: 'up to 2': the raider may stop after one token."""
    s = _duel(["T10"], ["T03"], hands={0: ["CC10"]}, tokens={1: {"grass": 5}})
    _attack(s)
    pass_windows(s)
    roll(s, 6, 1)
    pass_windows(s)
    assert phase(s) == "retreat" and s.current_player() == 1  # LU-R48: the Cows pick
    act(s, "RETREAT", dir="E")
    act(s, "PLAY", card="CC10")
    pass_windows(s)
    act(s, "RESOURCE", resource="grass")
    assert legal(s, "PASS")
    act(s, "PASS")
    assert tokens_of(s, 0)["grass"] == 1
    assert tokens_of(s, 1)["grass"] == 4


def test_cc10_supply_raid_not_after_a_loss():
    """CC10: only after an attacker win."""
    s = _duel(["T04"], ["T09"], hands={0: ["CC10"]}, tokens={1: {"grass": 5}})
    _attack(s)
    pass_windows(s)
    roll(s, 1, 6)
    # The Chickens (holding a card) are asked at the post-dice and the CASUALTY windows, with
    # nothing to play; their lone unit is lost; no AFTER_WIN window follows a loss.
    for _ in range(2):
        assert phase(s) == "window" and s.current_player() == 0
        assert legal_json(s) == [{"type": "PASS"}]
        act(s, "PASS")
    assert units_of(s, "CH-G1") == []
    assert phase(s) == "action" and s.current_player() == 0
    assert s.to_json()["hands"][0] == ["CC10"]


def test_war_boar_plunders_one_token_when_attacking():
    """PLUNDER_1 (PI-SF3), LU-R60: the War Boar General wins as attacker: its owner takes 1
    token of their choice from the loser's owner."""
    s = _duel(["PI-SF3"], ["T01"], factions=("PI", "CO"), tokens={1: {"hay": 2, "corn": 1}})
    _attack(s)
    roll(s, 6, 1)
    assert phase(s) == "retreat" and s.current_player() == 1  # LU-R48: the Cows pick
    act(s, "RETREAT", dir="E")
    assert phase(s) == "plunder" and s.current_player() == 0
    assert {a["resource"] for a in legal_json(s) if a["type"] == "RESOURCE"} == {"hay", "corn"}
    act(s, "RESOURCE", resource="corn")
    assert tokens_of(s, 0)["corn"] == 1
    assert tokens_of(s, 1) == {"grass": 0, "hay": 2, "corn": 0, "carrot": 0, "apple": 0}
    assert phase(s) == "action"


def test_war_boar_plunders_when_defending_too():
    """PLUNDER_1: the War Boar General wins as defender: its owner takes 1 token."""
    s = _duel(["T04"], ["PI-SF3"], tokens={0: {"grass": 2}}, factions=("CH", "PI"))
    _attack(s)
    roll(s, 1, 6)
    assert units_of(s, "CH-G1") == []
    assert phase(s) == "plunder" and s.current_player() == 1
    act(s, "RESOURCE", resource="grass")
    assert tokens_of(s, 1)["grass"] == 1
    assert tokens_of(s, 0)["grass"] == 1


def test_war_boar_takes_nothing_from_an_empty_pool():
    """PLUNDER_1: 'if that player has any' tokens; otherwise nothing happens."""
    s = _duel(["PI-SF3"], ["T01"], factions=("PI", "CO"))
    _attack(s)
    roll(s, 6, 1)
    assert phase(s) == "retreat" and s.current_player() == 1  # LU-R48: the Cows pick
    act(s, "RETREAT", dir="E")
    assert phase(s) == "action"


def test_lu_r60_supply_raid_before_war_boar():
    """LU-R60: Supply Raid first, then War Boar: 2 tokens by the raid, then 1 by the Boar."""
    s = _duel(
        ["PI-SF3"], ["T01"], factions=("PI", "CO"), hands={0: ["CC10"]}, tokens={1: {"grass": 5}}
    )
    _attack(s)
    pass_windows(s)
    roll(s, 6, 1)
    pass_windows(s)
    assert phase(s) == "retreat" and s.current_player() == 1  # LU-R48: the Cows pick
    act(s, "RETREAT", dir="E")
    act(s, "PLAY", card="CC10")
    pass_windows(s)
    act(s, "RESOURCE", resource="grass")
    act(s, "RESOURCE", resource="grass")
    assert phase(s) == "plunder"
    assert not legal(s, "PASS")  # the Boar's token is not "up to"
    act(s, "RESOURCE", resource="grass")
    assert tokens_of(s, 0)["grass"] == 3
    assert tokens_of(s, 1)["grass"] == 2


def test_egg_bomber_steps_once_after_a_lost_attack():
    """POST_BATTLE_STEP (CH-SF3): after this General attacks, whatever the outcome, it may take
    1 more step."""
    s = _duel(["CH-SF3", "T01"], ["T09"])
    _attack(s)
    roll(s, 1, 6)  # 4 + 1 against 5 + 6: the defender wins
    act(s, "UNIT", unit="T01")
    assert phase(s) == "post_step" and s.current_player() == 0
    act(s, "STEP", dir="W")
    assert cell_of(s, "CH-G1") == (2, 0)
    assert phase(s) == "action"


def test_egg_bomber_step_is_never_an_attack():
    """POST_BATTLE_STEP: the extra step may not be an attack."""
    s = _duel(["CH-SF3"], ["T03"], pieces={"CO-G2": ((1, 3), ["T01"])})
    _attack(s)
    roll(s, 6, 1)  # the attacker wins
    assert phase(s) == "retreat" and s.current_player() == 1
    act(s, "RETREAT", dir="SE")
    assert cell_of(s, "CH-G1") == (2, 2)
    assert phase(s) == "post_step"
    assert not legal(s, "STEP", dir="NE")  # CO-G2 on (1,3)
    assert legal(s, "STEP", dir="N")
    assert legal(s, "STOP")
    act(s, "STEP", dir="N")
    assert cell_of(s, "CH-G1") == (1, 2)


def test_lu_r60_supply_raid_before_the_egg_bomber_step():
    """LU-R60: Supply Raid resolves before the Egg Bomber step."""
    s = _duel(["CH-SF3"], ["T03"], hands={0: ["CC10"]}, tokens={1: {"hay": 1}})
    _attack(s)
    pass_windows(s)
    roll(s, 6, 1)
    pass_windows(s)
    assert phase(s) == "retreat" and s.current_player() == 1  # LU-R48: the Cows pick
    act(s, "RETREAT", dir="E")
    assert phase(s) == "window"
    act(s, "PLAY", card="CC10")
    pass_windows(s)
    assert phase(s) == "plunder" and s.current_player() == 0
    act(s, "RESOURCE", resource="hay")
    assert tokens_of(s, 0)["hay"] == 1
    assert phase(s) == "post_step"


def test_lu_r50_no_swap_onto_a_cell_another_piece_holds():
    """LU-R50: with no retreat cell the defender takes the attacker's origin cell only if it
    could legally stand there. CH-G1 attacks from the Chickens' barn, where CH-G2 stays: the
    Cows' Super Army may enter a barn but never share a cell with an enemy piece (LU-R32), so
    nobody moves."""
    s = scenario(
        barns={0: (0, 2)},
        tiles={(0, 4): "forest", (1, 3): "forest", (1, 4): "forest", (1, 2): "lake"},
        pieces={
            "CH-G1": ((0, 2), ["T10", "T10", "T10"]),
            "CH-G2": ((0, 2), []),
            "CO-SA": ((0, 3), ["T01", "T01", "T01"]),
        },
    )
    _attack(s)
    roll(s, 6, 3, 3)  # 15 + 6 against 3 + 6: the attacker wins; 2 Sheep go
    assert units_of(s, "CO-SA") == ["T01"]
    assert cell_of(s, "CO-SA") == (0, 3)
    assert cell_of(s, "CH-G1") == (0, 2)
    assert cell_of(s, "CH-G2") == (0, 2)
    s.game.state_from_json(s.to_json())  # still a valid position


def test_egg_bomber_steps_after_a_tie_too():
    """POST_BATTLE_STEP: 'any outcome' includes a tie."""
    s = _duel(["CH-SF3"], ["T03", "T03"])
    _attack(s)
    roll(s, 1, 1)  # 4 + 1 against 4 + 1
    assert phase(s) == "post_step"
    assert not legal(s, "STEP", dir="E")
    act(s, "STOP")
    assert cell_of(s, "CH-G1") == (2, 1)
    assert phase(s) == "action"
