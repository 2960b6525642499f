"""Setup, turn order, data tables and action ids (rules/rancho.md sections 2-5 and 9.1).

Rulings RA-R1 … RA-R5, RA-R8, test vector TV-RA-19, the data of 2.3/2.4/3.3 and the action-id
anchors of 9.1.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from ra_helpers import HERD_TABLE, KINDS, act, game, herd, on, pastures, placed

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import PlayerId
from farmstead.core.registry import load_game

FARMS = {2: [1, 4], 3: [1, 3, 5], 4: [1, 2, 4, 5], 5: [1, 2, 3, 4, 5], 6: [1, 2, 3, 4, 5, 6]}


def test_TV_RA_19_two_player_setup():
    """TV-RA-19 (RA-R1, RA-R2, RA-R4): farms 1 and 4; rabbit on a, sheep on b; herd 18/4/4/2/1/1."""
    state = game(2).new_initial_state()
    doc = state.to_json()
    assert [s["farm"] for s in doc["seats"]] == [1, 4]
    assert on(state, "F1a") == ("rabbit", 1)
    assert on(state, "F1b") == ("sheep", 1)
    assert on(state, "F4a") == ("rabbit", 1)
    assert on(state, "F4b") == ("sheep", 1)
    assert len(doc["pieces"]) == 4
    assert herd(state) == {
        "rabbit": 18,
        "sheep": 4,
        "cow": 4,
        "horse": 2,
        "small_dog": 1,
        "large_dog": 1,
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_RA_R1_R2_R4_setup_for_every_player_count(players):
    """RA-R1 farms per 3.5 (seat i takes the i-th farm), RA-R2 herd of 2.3, RA-R4 1 sheep + 1 rabbit."""
    state = game(players).new_initial_state()
    doc = state.to_json()
    assert [s["farm"] for s in doc["seats"]] == FARMS[players]
    for seat, farm in enumerate(FARMS[players]):
        assert on(state, f"F{farm}a") == ("rabbit", 1)
        assert on(state, f"F{farm}b") == ("sheep", 1)
        assert placed(state, seat) == {"rabbit": 1, "sheep": 1, "cow": 0, "horse": 0}
        assert pastures(state, seat) == []
        assert doc["seats"][seat]["dogs"] == {"small_dog": 0, "large_dog": 0}
        assert sum(doc["seats"][seat]["pool"].values()) == 0
    expected = dict(HERD_TABLE[players])
    expected["rabbit"] -= players
    expected["sheep"] -= players
    assert herd(state) == expected
    # Unused farms stay empty and unowned.
    for farm in set(range(1, 7)) - set(FARMS[players]):
        assert on(state, f"F{farm}a") is None and on(state, f"F{farm}b") is None


@pytest.mark.parametrize("players", [1, 7, 0])
def test_RA_R1_player_count_outside_2_to_6_is_rejected(players):
    """RA-R1: 2–6 players."""
    from farmstead.core.errors import InvalidParamError

    with pytest.raises(InvalidParamError, match="2–6"):
        load_game("rancho", players=players)


def test_RA_R1_colours_follow_the_farms_of_TV_RA_20():
    """RA-R1 / 2.5 / TV-RA-20: orange is farm 1, blue farm 2, purple farm 6 (the FAQ's colours)."""
    doc = game(6).new_initial_state().to_json()
    colour = {s["farm"]: s["colour"] for s in doc["seats"]}
    assert colour[1] == "orange"
    assert colour[2] == "blue"
    assert colour[6] == "purple"
    assert set(colour.values()) == {"orange", "blue", "purple", "red", "yellow", "white"}


def test_RA_R3_R16_every_player_has_twelve_discs():
    """RA-R3 / RA-R16: the pasture limit is 12 per player by default."""
    assert game(2).config.pasture_limit == 12


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_RA_R5_random_first_player_is_a_uniform_chance_event(players):
    """RA-R5: with first_player=random the first player is a logged, uniform chance event."""
    state = load_game("rancho", players=players).new_initial_state()
    assert state.current_player() == PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == list(range(players))
    assert all(p == pytest.approx(1 / players) for _, p in outcomes)
    state.apply_action(players - 1)
    assert state.current_player() == players - 1
    assert state.to_json()["first_player"] == players - 1


def _end_turn_quietly(state):
    """ROLL, dice horse+cow with no horses or cows (nothing breeds, TV-RA-12), END_TURN."""
    act(state, {"type": "ROLL"})
    state.apply_action(3 * 6 + 2)
    act(state, {"type": "END_TURN"})


@pytest.mark.parametrize("players", [3, 5, 6])
def test_RA_R5_play_goes_clockwise_by_increasing_farm_number(players):
    """RA-R5: order by increasing farm number, wrapping, skipping empty farms; from any first seat."""
    first = players - 2
    state = load_game("rancho", players=players, first_player=str(first)).new_initial_state()
    seen = []
    for _ in range(players + 1):
        seen.append(state.current_player())
        _end_turn_quietly(state)
    expected_seats = [(first + i) % players for i in range(players + 1)]
    assert seen == expected_seats
    farms = [FARMS[players][s] for s in seen]
    # Farm numbers increase along the order except at the single wrap-around.
    drops = sum(1 for a, b in zip(farms, farms[1:], strict=False) if b < a)
    assert drops == 1


def test_RA_R6_R8_a_turn_is_expansion_roll_then_placement():
    """RA-R6, RA-R8: after ROLL the dice are a chance node; then Placement and END_TURN."""
    state = game(2).new_initial_state()
    assert state.to_json()["phase"] == "expansion"
    act(state, {"type": "ROLL"})
    assert state.current_player() == PlayerId.CHANCE
    assert state.to_json()["phase"] == "dice"
    state.apply_action(3 * 6 + 2)
    assert state.to_json()["phase"] == "placement"
    assert state.current_player() == 0
    # Once per turn: no second ROLL in Placement.
    assert 0 not in state.legal_actions()
    act(state, {"type": "END_TURN"})
    assert state.current_player() == 1
    assert state.to_json()["phase"] == "expansion"


# --- data tables -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_spec_2_3_central_herd_table(players):
    """Spec 2.3: the central herd by player count (RA-R2)."""
    config = game(players).config
    assert dict(zip(KINDS, config.herd, strict=True)) == HERD_TABLE[players]


def test_spec_2_1_values():
    """Spec 2.1 / RA-R9: rabbit 1, sheep 6, cow 12, horse 24, small dog 3, large dog 6."""
    assert game(2).config.values == (1, 6, 12, 24, 3, 6)


def test_spec_2_4_proposed_dice_probabilities():
    """Spec 2.4: outcome probabilities of the proposed d12 pair (144 ordered pairs)."""
    state = game(2).new_initial_state()
    act(state, {"type": "ROLL"})
    probs = {o: Fraction(p).limit_denominator(144) for o, p in state.chance_outcomes()}
    assert sum(probs.values()) == 1

    def p(pred):
        return sum((q for o, q in probs.items() if pred(o // 6, o % 6)), Fraction(0))

    predators = {4, 5}
    assert p(lambda a, b: a not in predators and b not in predators) == Fraction(100, 144)
    assert p(lambda a, b: (a in predators) != (b in predators)) == Fraction(40, 144)
    assert p(lambda a, b: a == b == 4) == Fraction(1, 144)
    assert p(lambda a, b: a == b == 5) == Fraction(1, 144)
    assert p(lambda a, b: {a, b} == {4, 5}) == Fraction(2, 144)
    assert p(lambda a, b: a == b == 2) == Fraction(1, 144)
    assert p(lambda a, b: a == b == 3) == Fraction(1, 144)
    assert p(lambda a, b: {a, b} == {2, 3}) == Fraction(2, 144)


def test_spec_2_4_d6_faces():
    """Spec 2.4: the d6 shows 1, 1, 1, 2, 2, 4: P(1) = 1/2, P(2) = 1/3, P(4) = 1/6."""
    state = game(2).new_initial_state()
    act(state, {"type": "ROLL"})
    state.apply_action(4 * 6 + 3)  # fox + horse
    assert state.current_player() == PlayerId.CHANCE
    assert state.chance_outcomes() == [
        (1, pytest.approx(1 / 2)),
        (2, pytest.approx(1 / 3)),
        (4, pytest.approx(1 / 6)),
    ]


def test_spec_3_3_board_sizes_and_costs():
    """Spec 3.3: 54 pastures (12 cost-1, 18 cost-2, 24 cost-4), 12 farm cells, 156 edges, 90 triangles."""
    board = game(2).config.board
    assert board.num_pastures == 54
    assert board.num_cells == 66
    costs = [board.cost[i] for i in range(54)]
    assert costs == [1] * 12 + [2] * 18 + [4] * 24
    assert len(board.edges) == 156
    assert len(board.triangles) == 90
    assert board.ids[54:] == tuple(f"F{f}{x}" for f in range(1, 7) for x in "ab")


@pytest.mark.parametrize(
    ("cell", "neighbours"),
    [
        ("P01", {"P02", "P12", "P13", "P14", "P30"}),
        ("P13", {"P01", "P14", "P30", "P31", "P32", "P54"}),
        ("P33", {"P14", "P15", "P32", "P34", "F1a", "F1b"}),
        ("P53", {"P29", "P30", "P52", "P54", "F6a", "F6b"}),
        ("F1a", {"P32", "P33", "F1b"}),
        ("F6b", {"P53", "P54", "F6a"}),
        ("P35", {"P16", "P34", "P36"}),
    ],
)
def test_spec_3_4_adjacency_samples(cell, neighbours):
    """Spec 3.4: neighbouring spaces (forest cells never count)."""
    board = game(2).config.board
    got = {board.ids[n] for n in board.neighbours[board.cell(cell)]}
    assert got == neighbours


# --- action ids (9.1) ------------------------------------------------------------------------
def test_spec_9_1_action_id_anchors():
    """Spec 9.1: 577 ids; BUY(P13)=37, LINK(P14)=92, PLACE_COW(F1a-F1b)=481, PLACE_HORSE(P33-F1a-F1b)=561."""
    g = game(2)
    state = g.new_initial_state()
    assert g.info.num_distinct_actions == 577
    board = g.config.board
    assert board.edge_index[(board.cell("F1a"), board.cell("F1b"))] == 150
    assert board.edge_index[(board.cell("P02"), board.cell("P14"))] == 6
    first, second, third = sorted(board.cell(c) for c in ("P33", "F1a", "F1b"))
    assert board.triangle_index[(first, second, third)] == 74
    assert state.action_from_json({"type": "BUY", "pasture": "P13"}) == 37
    assert state.action_from_json({"type": "LINK", "pasture": "P14"}) == 92
    assert state.action_from_json({"type": "PLACE_COW", "cells": ["F1a", "F1b"]}) == 481
    assert state.action_from_json({"type": "PLACE_COW", "cells": ["P02", "P14"]}) == 337
    assert state.action_from_json({"type": "PLACE_HORSE", "cells": ["P33", "F1a", "F1b"]}) == 561
    assert state.action_from_json({"type": "GIVE", "kind": "rabbit"}) == 9
    assert state.action_from_json({"type": "RECEIVE", "kind": "small_dog"}) == 19
    assert state.action_from_json({"type": "RECEIVE", "kind": "rabbit"}) == 15
    assert state.action_from_json({"type": "CONFIRM"}) == 2


def test_spec_9_1_action_groups_in_order():
    """Spec 9.1: the group boundaries 0-8, 9-14, 15-20, 21-24, 25-78, 79-132, 133-198, …, 487-576."""
    state = game(2).new_initial_state()
    names = [
        "ROLL",
        "END_TURN",
        "CONFIRM",
        "CANCEL",
        "ARRANGE_SAFEST",
        "USE_DOG",
        "KEEP_DOG",
        "FOX_FIRST",
        "WOLF_FIRST",
    ]
    for i, name in enumerate(names):
        assert state.action_to_json(i) == {"type": name}
    bounds = [
        ("GIVE", 9, 14),
        ("RECEIVE", 15, 20),
        ("RETURN", 21, 24),
        ("BUY", 25, 78),
        ("LINK", 79, 132),
        ("UNPLACE", 133, 198),
        ("PLACE_RABBIT", 199, 264),
        ("PLACE_SHEEP", 265, 330),
        ("PLACE_COW", 331, 486),
        ("PLACE_HORSE", 487, 576),
    ]
    for name, lo, hi in bounds:
        assert state.action_to_json(lo)["type"] == name
        assert state.action_to_json(hi)["type"] == name
        assert state.action_to_json(lo - 1)["type"] != name
    assert state.action_to_json(25) == {"type": "BUY", "pasture": "P01"}
    assert state.action_to_json(78) == {"type": "BUY", "pasture": "P54"}
    assert state.action_to_json(133) == {"type": "UNPLACE", "cell": "P01"}
    assert state.action_to_json(198) == {"type": "UNPLACE", "cell": "F6b"}
    assert state.action_to_json(24) == {"type": "RETURN", "kind": "horse"}


def test_spec_9_1_every_action_id_round_trips_through_json_and_has_its_own_words():
    """Spec 9.1: each of the 577 ids has a JSON form that maps back to it, and words that tell
    it apart from every other id; an id outside the space is an error, not words."""
    state = game(2).new_initial_state()
    while state.is_chance_node():  # the first player is chosen: then a decision node
        state.apply_action(state.legal_actions()[0])
    texts = []
    for action in range(577):
        doc = state.action_to_json(action)
        assert state.action_from_json(doc) == action, doc
        texts.append(state.action_to_string(action))
    assert all(texts)
    assert len(set(texts)) == 577, [t for t in texts if texts.count(t) > 1][:4]
    for outside in (-1, 577):
        with pytest.raises(IllegalActionError, match="out of range"):
            state.action_to_string(outside)


def test_spec_0_every_data_item_carries_its_provenance():
    """Spec 0: PROPOSED values (d12 faces, board, farm use, colours, pasture limit, first-player
    method, safeguards) live in data files tagged PROPOSED; rulebook values are OFFICIAL; the game
    shows a note that the dice and the board are proposed."""
    gtype = game(2).type
    tags = {item.name: item.provenance for item in gtype.data_items()}
    for name in (
        "d12",
        "d12_alternative_a",
        "d12_alternative_b",
        "board",
        "farm_use",
        "colours",
        "pasture_limit",
        "first_player",
        "safeguards",
    ):
        assert tags[name] == "PROPOSED", name
    for name in ("values", "herd", "d6", "starting_animals"):
        assert tags[name] == "OFFICIAL", name
    assert "dice" in gtype.proposed_note and "board" in gtype.proposed_note
