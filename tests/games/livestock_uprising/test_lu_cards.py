"""Cards and their windows (LU-R75 … LU-R78) and the Command cards not covered elsewhere:
Forced March's window, Ambush (CC14), Fortify (CC15), Airlift (CC16), Double Time (CC17),
Espionage (CC18)."""

from __future__ import annotations

from lu_helpers import (
    act,
    cell_of,
    end_phase_until,
    legal,
    legal_json,
    ongoing_battle,
    pass_windows,
    phase,
    roll,
    scenario,
    units_of,
)

# --- LU-R75 … LU-R78: windows --------------------------------------------------------------------


def test_lu_r75_a_played_card_leaves_the_game():
    """LU-R75: a played card leaves the hand for good and is public among the played cards."""
    s = scenario(
        pieces={"CH-G1": ((2, 0), []), "CH-G2": ((4, 4), []), "CO-G1": ((0, 4), [])},
        hands={0: ["CC03", "CC17"]},
    )
    act(s, "PLAY", card="CC03")
    act(s, "PIECE", piece="G1")
    doc = s.to_json()
    assert doc["hands"][0] == ["CC17"]
    assert doc["hand_sizes"] == [1, 0]
    assert doc["played"][-1] == "CC03"
    assert "CC03" in s.observation(1)["played"]
    assert not legal(s, "PLAY", card="CC03")


def test_lu_r77_battle_cards_are_not_offered_outside_a_battle():
    """LU-R77: Battle Cry, Hardened Hide, Field Medic, Second Wind, Retreat!, Supply Raid are
    never offered at the Action Phase's top level."""
    s = scenario(
        pieces={"CH-G1": ((2, 0), ["T04"]), "CO-G1": ((0, 4), [])},
        hands={0: ["CC01", "CC02", "CC07", "CC08", "CC09", "CC10"]},
    )
    assert phase(s) == "action"
    assert not any(a["type"] == "PLAY" for a in legal_json(s))


def test_lu_r77_own_action_cards_only_in_the_action_phase():
    """LU-R77: Forced March (OWN_ACTION) at the Action Phase, not at the Marshaling Phase;
    Scorched Earth (OWN_ANY) at every phase decision."""
    s = scenario(
        tiles={(2, 0): "empty", (4, 4): "empty", (2, 1): "hay"},
        pieces={"CH-G1": ((2, 0), []), "CH-G2": ((4, 4), []), "CO-G1": ((0, 4), [])},
        hands={0: ["CC03", "CC11"]},
        tokens={0: {"grass": 2}},
    )
    assert legal(s, "PLAY", card="CC03") and legal(s, "PLAY", card="CC11")
    act(s, "END")
    assert phase(s) == "harvest"
    assert not legal(s, "PLAY", card="CC03") and legal(s, "PLAY", card="CC11")
    act(s, "END")
    assert phase(s) == "marshal"
    assert not legal(s, "PLAY", card="CC03") and legal(s, "PLAY", card="CC11")
    act(s, "END")
    assert phase(s) == "transfer"
    assert not legal(s, "PLAY", card="CC03") and legal(s, "PLAY", card="CC11")


def test_lu_r75_own_turn_cards_never_out_of_turn():
    """LU-R75, LU-R77: a card without 'out of turn' (Forced March) is not playable in a battle
    on an opponent's turn; Hardened Hide (out of turn) is."""
    s = scenario(
        pieces={"CH-G1": ((2, 1), ["T04"]), "CH-G2": ((4, 4), []), "CO-G1": ((2, 2), ["T03"])},
        hands={1: ["CC03", "CC02"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert phase(s) == "window" and s.current_player() == 1
    assert legal_json(s) == [{"type": "PLAY", "card": "CC02"}, {"type": "PASS"}]


def test_lu_r78_cards_without_an_effect_are_not_offered():
    """LU-R78: Double Time needs a piece that finished its action; Trade Caravan needs 3 tokens;
    Espionage needs an opponent holding a card."""
    s = scenario(
        pieces={"CH-G1": ((2, 0), []), "CO-G1": ((0, 4), [])},
        hands={0: ["CC17", "CC12", "CC18"]},
        tokens={0: {"grass": 2}},
    )
    assert not any(a["type"] == "PLAY" for a in legal_json(s))


# --- CC14 Ambush -------------------------------------------------------------------------------------


def _ambush(cows_hand=("CC14",)):
    return scenario(
        pieces={
            "CH-G1": ((2, 0), ["T03"]),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((2, 3), ["T10"]),
        },
        hands={1: list(cows_hand)},
    )


def test_cc14_ambush_attacks_a_piece_that_ended_its_move_adjacent():
    """CC14 (ENEMY_MOVE_END): CH-G1 ends a move next to CO-G1; the Cows ambush it at once: a
    normal battle; the Cows win, the Chickens retreat, and CO-G1 does not advance."""
    s = _ambush()
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")  # the limit of 2 ends the move on (2,2), next to CO-G1
    assert phase(s) == "ambush" and s.current_player() == 1
    assert sorted(map(str, legal_json(s))) == sorted(
        map(str, [{"type": "PIECE", "piece": "G1"}, {"type": "PASS"}])
    )
    act(s, "PIECE", piece="G1")
    assert ongoing_battle(s)["attacker"] == "CO-G1"
    assert ongoing_battle(s)["defenders"] == ["CH-G1"]
    assert "CC14" in s.to_json()["played"]
    pass_windows(s)
    roll(s, 6, 1)  # 5 + 6 against 2 + 1
    assert phase(s) == "retreat" and s.current_player() == 0  # LU-R48: the loser picks
    act(s, "RETREAT", dir="W")
    assert units_of(s, "CH-G1") == []
    assert cell_of(s, "CO-G1") == (2, 3)
    assert cell_of(s, "CH-G1") == (2, 1)
    # The Chickens' Action Phase goes on; CH-G1 has acted.
    assert s.to_json()["active"] == 0 and phase(s) == "action"
    assert not legal(s, "PIECE", piece="G1")


def test_cc14_ambush_may_be_declined():
    """CC14: the prompt may be passed; the Chickens' turn goes on."""
    s = _ambush()
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    assert phase(s) == "ambush" and s.current_player() == 1
    act(s, "PASS")
    assert phase(s) == "action" and s.current_player() == 0
    assert s.to_json()["hands"][1] == ["CC14"]


def test_cc14_no_ambush_after_an_attack():
    """CC14: only after a move, not after an attack."""
    s = scenario(
        pieces={
            "CH-G1": ((2, 1), ["T04"]),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((2, 2), ["T09"]),
            "CO-G2": ((1, 1), ["T10"]),
        },
        hands={1: ["CC14"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    pass_windows(s)
    roll(s, 1, 6)  # 2 + 1 against 5 + 6: the Cows win
    pass_windows(s)
    # CH-G1's lone unit is the casualty, with nothing to choose (LU-R53); the attack ended
    # the action, and no Ambush prompt follows: the Chickens' Action Phase goes on.
    assert units_of(s, "CH-G1") == []
    assert phase(s) == "action" and s.current_player() == 0
    assert s.to_json()["hands"][1] == ["CC14"]


def test_cc14_ambush_prompt_with_ambush_card_only_from_a_piece_that_can_attack():
    """CC14, LU-R39: the ambushing piece needs a unit with ATK >= 1."""
    s = scenario(
        pieces={"CH-G1": ((2, 0), ["T03"]), "CH-G2": ((4, 4), []), "CO-G1": ((2, 3), ["T01"])},
        hands={1: ["CC14"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")  # the move ends on (2,2), next to CO-G1 (Sheep only, ATK 0)
    # No Cows piece could attack, so the Cows are not asked at all; the Chickens go on.
    assert phase(s) == "action" and s.current_player() == 0
    assert s.to_json()["hands"][1] == ["CC14"]


# --- CC15 Fortify -------------------------------------------------------------------------------------


def test_cc15_fortify_uses_the_action_and_lasts_through_the_opponents_turn():
    """CC15: the chosen piece gives up its action and gets +2 defence until the start of its
    owner's next turn: on the Cows' turn 2 + 3 against 2 + 2 + 1 is a tie."""
    s = scenario(
        pieces={
            "CH-G1": ((2, 2), ["T03"]),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((2, 0), ["T04"]),
        },
        hands={0: ["CC15"]},
    )
    act(s, "PLAY", card="CC15")
    act(s, "PIECE", piece="G1")
    assert s.to_json()["pieces"][0]["fortified"] is True
    assert not legal(s, "PIECE", piece="G1")
    end_phase_until(s, seat=1)
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    roll(s, 3, 1)
    assert units_of(s, "CH-G1") == ["T03"]
    assert units_of(s, "CO-G1") == ["T04"]


# --- CC16 Airlift -------------------------------------------------------------------------------------


def test_cc16_airlift_places_a_barn_general_next_to_another_general():
    """CC16: a General in the barn, not yet acted, goes to an empty cell adjacent to another
    of your Generals where it could end a move; that is its action."""
    s = scenario(
        barns={0: (0, 2)},
        tiles={(3, 4): "forest"},
        pieces={
            "CH-G1": ((0, 2), []),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((4, 3), []),
        },
        hands={0: ["CC16"]},
    )
    act(s, "PLAY", card="CC16")
    assert phase(s) == "card_target"
    assert legal_json(s) == [{"type": "PIECE", "piece": "G1"}]  # the only General in the barn
    act(s, "PIECE", piece="G1")
    # Around (4,4): (3,3) only: (3,4) forest, (4,3) the Cows.
    assert legal_json(s) == [{"type": "CELL", "cell": [3, 3]}]
    act(s, "CELL", cell=[3, 3])
    assert cell_of(s, "CH-G1") == (3, 3)
    assert not legal(s, "PIECE", piece="G1")


def test_cc16_airlift_counts_as_ending_a_move():
    """CC16: it counts as ending a move, so an adjacent enemy may Ambush it."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={
            "CH-G1": ((0, 2), []),
            "CH-G2": ((4, 4), []),
            "CO-G1": ((2, 2), ["T10"]),
        },
        hands={0: ["CC16"], 1: ["CC14"]},
    )
    act(s, "PLAY", card="CC16")
    assert phase(s) == "card_target"
    assert legal_json(s) == [{"type": "PIECE", "piece": "G1"}]
    act(s, "PIECE", piece="G1")
    act(s, "CELL", cell=[3, 3])
    assert phase(s) == "ambush" and s.current_player() == 1


# --- CC17 Double Time ------------------------------------------------------------------------------------


def test_cc17_double_time_gives_a_fresh_action():
    """CC17: a piece that finished its action acts once more with a fresh step budget."""
    s = scenario(
        pieces={"CH-G1": ((2, 0), []), "CH-G2": ((4, 4), []), "CO-G1": ((0, 4), [])},
        hands={0: ["CC17"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    assert phase(s) == "action"  # the limit of 2 ended the move (LU-R30)
    assert not legal(s, "PIECE", piece="G1")
    act(s, "PLAY", card="CC17")
    assert phase(s) == "card_target"
    assert legal_json(s) == [{"type": "PIECE", "piece": "G1"}]
    act(s, "PIECE", piece="G1")
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    assert cell_of(s, "CH-G1") == (2, 4)


def test_cc17_double_time_lets_an_attacker_act_again():
    """CC17, LU-R59: Double Time is an exception to 'the attacker may not act again'."""
    s = scenario(
        pieces={"CH-G1": ((2, 1), ["T10"]), "CH-G2": ((4, 4), []), "CO-G1": ((2, 2), [])},
        hands={0: ["CC17"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    pass_windows(s)
    act(s, "RETREAT", dir="E")
    pass_windows(s)
    assert phase(s) == "action"
    act(s, "PLAY", card="CC17")
    assert phase(s) == "card_target"
    act(s, "PIECE", piece="G1")
    assert legal(s, "PIECE", piece="G1")


# --- CC18 Espionage ----------------------------------------------------------------------------------------


def test_cc18_espionage_reveals_to_the_spy_only_and_discards_one_card():
    """CC18, LU-R5: the Chickens look at the Cows' hidden cards (only the Chickens see them),
    then choose one Command card, which leaves the game."""
    s = scenario(
        3,
        pieces={"CH-G1": ((3, 3), []), "CO-G1": ((6, 6), []), "GO-G1": ((0, 0), [])},
        hands={0: ["CC18"], 1: ["CC01", "CC02"], 2: ["CC07"]},
    )
    act(s, "PLAY", card="CC18")
    assert phase(s) == "card_target"
    assert {a["seat"] for a in legal_json(s)} == {1, 2}
    act(s, "SEAT", seat=1)
    assert s.observation(0)["known"] == [{"owner": 1, "cards": ["CC01", "CC02"]}]
    assert s.observation(2)["known"] == []
    assert s.observation(1)["known"] == []
    assert s.observation(None)["known"] == []
    assert {a["card"] for a in legal_json(s)} == {"CC01", "CC02"}
    act(s, "PLAY", card="CC02")
    doc = s.to_json()
    assert doc["hands"][1] == ["CC01"]
    assert "CC02" not in doc["played"]
    assert {"card": "CC02", "owner": 1, "by": 0} in doc["gone"]
    gone = [g for g in s.observation(2)["gone"] if g["owner"] == 1]
    assert gone == [{"card": None, "owner": 1, "by": 0}]
    assert {"card": "CC02", "owner": 1, "by": 0} in s.observation(1)["gone"]
    assert {"card": "CC02", "owner": 1, "by": 0} in s.observation(0)["gone"]
    assert s.observation(0)["known"] == [{"owner": 1, "cards": ["CC01"]}]


def test_lu_r77_ambush_prompts_in_seat_order_after_the_active_player():
    """LU-R77 (ENEMY_MOVE_END): eligible seats are asked in seat order after the active
    player: the Cows (1), then the Goats (2)."""
    s = scenario(
        3,
        pieces={
            "CH-G1": ((3, 4), ["T03"]),
            "CH-G2": ((6, 6), []),
            "CO-G1": ((2, 3), ["T10"]),
            "GO-G1": ((4, 3), ["T04"]),
        },
        hands={1: ["CC01"], 2: ["CC14"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="W")
    act(s, "STEP", dir="W")  # (3,2): next to (2,3) and (4,3); the limit of 2 ends the move
    assert phase(s) == "ambush" and s.current_player() == 1
    assert legal_json(s) == [{"type": "PASS"}]
    act(s, "PASS")
    assert phase(s) == "ambush" and s.current_player() == 2
    act(s, "PIECE", piece="G1")
    assert ongoing_battle(s)["attacker"] == "GO-G1"


def test_cc14_an_ambushing_super_army_destroys_but_never_advances():
    """CC14, LU-R51, LU-R86: a Super Army's Ambush destroys a General left with 0 units, and
    still does not advance."""
    s = scenario(
        pieces={
            "CH-G1": ((2, 0), ["T01"]),
            "CH-G2": ((4, 4), []),
            "CO-SA": ((2, 3), ["T10", "T10"]),
        },
        hands={1: ["CC14"]},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    act(s, "STEP", dir="E")
    assert phase(s) == "ambush" and s.current_player() == 1
    act(s, "PIECE", piece="SA")
    roll(s, 3, 3, 1)
    assert cell_of(s, "CH-G1") is None
    assert cell_of(s, "CO-SA") == (2, 3)
    assert phase(s) == "action" and s.current_player() == 0
