"""Setup, geometry and turn rules of Fences (FE-R1 … FE-R61), beyond the worked examples."""

from __future__ import annotations

import math

import pytest
from fe_helpers import (
    BLUE,
    ORANGE,
    YELLOW,
    barn_action,
    cell_action,
    draw,
    game,
    legal_rotations,
    loaded_game,
    pass_action,
    place,
    position,
    slot_of,
)

from farmstead.core.errors import InvalidParamError
from farmstead.core.game import PlayerId
from farmstead.core.registry import load_game
from farmstead.games.fences.geometry import rotate_mask, touching_segment


def _deal(state, tiles):
    for tile in tiles:
        draw(state, tile)


# --- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 5])
def test_fe_r27_two_to_four_players(players):
    """FE-R27: 2–4 players; others fail loudly."""
    with pytest.raises(InvalidParamError):
        load_game("fences", players)


@pytest.mark.parametrize(("players", "tiles"), [(2, 48), (3, 66), (4, 84)])
def test_fe_r28_r29_supply_by_player_count(players, tiles):
    """FE-R28/FE-R29: tiles by marking leave the game; draws weigh the unseen copies."""
    state = loaded_game(players).new_initial_state()
    assert state.supply_total == tiles
    outcomes = state.chance_outcomes()
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    cat = state.cfg.catalog
    for outcome, p in outcomes:
        assert math.isclose(p, cat.tiles[outcome].copies_for(players) / tiles)
    f01 = cat.tile_by_id["F01"]  # 4-barn tile
    assert (f01 in dict(outcomes)) == (players == 4)


def test_fe_r30_to_r33_setup_sequence():
    """FE-R30 (2 tiles each), FE-R31 (one farmer each, face up), FE-R32 (stock 4, score 0),
    FE-R33 (a random first player), all chance events (FE-R26)."""
    g = loaded_game(3)
    s = g.new_initial_state()
    for _ in range(6):
        assert s.current_player() == PlayerId.CHANCE and s.phase_name() == "deal_tiles"
        s.apply_action(s.legal_actions()[0])
    assert [len(h) for h in s.hands] == [2, 2, 2]
    dealt: list[int] = []
    for _ in range(3):
        assert s.phase_name() == "deal_farmers"
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 16 - len(dealt)
        assert all(math.isclose(p, 1 / len(outcomes)) for _, p in outcomes)
        card = outcomes[-1][0]
        s.apply_action(card)
        dealt.append(card)
    assert s.farmers == dealt and len(set(dealt)) == 3
    assert s.observation(None)["farmers"] == [s.cfg.farmers[c].id for c in dealt]  # FE-R24
    assert s.phase_name() == "choose_first"
    assert s.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    s.apply_action(2)
    assert s.current_player() == 2 and s.first == 2
    assert s.stocks == [4, 4, 4] and s.scores == [0, 0, 0]


def test_fe_r33_fixed_first_player_param():
    """FE-R33: the 'first_player' parameter replaces the random choice."""
    g = load_game("fences", 2, first_player="1")
    s = g.new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    assert s.current_player() == 1


def test_fe_r35_first_tile_goes_to_origin_unrotated():
    """FE-R35: choosing the first tile places it at (0, 0) in rotation 0, no cell decision."""
    g = game(2)
    s = g.new_initial_state()
    _deal(s, ["F05", "F06", "F07", "F11"])
    s.apply_action(0)  # farmer deal
    s.apply_action(1)
    assert s.current_player() == BLUE
    assert s.legal_actions() == [0, 1]
    s.apply_action(1)  # play F06
    assert s.to_json()["board"] == [{"tile": "F06", "cell": [0, 0], "rot": 0}]
    assert s.phase_name() == "build"  # FE-R34 step 3


# --- geometry ---------------------------------------------------------------------------------
def test_fe_r7_rotation_example():
    """FE-R7: a C tile at rot 1 has fenced ports E and S, corner {3,4}, main {5,6,7,0,1,2}."""
    g = game()
    c = g.config
    f05 = c.catalog.tile_by_id["F05"]
    assert c.ports[4 * f05 + 1] == rotate_mask(0b0011, 1) == 0b0110
    owner = c.segfield[4 * f05 + 1]
    assert [s for s in range(8) if owner[s] == 0] == [3, 4]
    assert [s for s in range(8) if owner[s] == 1] == [0, 1, 2, 5, 6, 7]


def test_fe_r11_touching_segments():
    """FE-R11: segment 2e+k touches segment 2((e+2) mod 4)+(1-k) across edge e."""
    assert [touching_segment(s) for s in range(8)] == [5, 4, 7, 6, 1, 0, 3, 2]


def test_fe_r5_fenced_ports_separate_segments():
    """FE-R5: on a fenced edge segments 2e, 2e+1 are in different tile-fields; open: same."""
    c = game().config
    for t in range(len(c.tiles)):
        for rot in range(4):
            owner, ports = c.segfield[4 * t + rot], c.ports[4 * t + rot]
            for e in range(4):
                assert (owner[2 * e] != owner[2 * e + 1]) == bool(ports >> e & 1)


def test_fe_r61_equivalent_rotations_offered_once():
    """FE-R61: every rotation of O is one outcome; D/I with equal halves have 2; tiles whose
    rotations move animals keep all 4."""
    c = game().config
    canon = {c.tiles[t].id: c.canon_rots[t] for t in range(len(c.tiles))}
    assert canon["F03"] == (0,)
    assert canon["F33"] == (0, 1) and canon["F40"] == (0, 1) and canon["F22"] == (0, 1)
    assert canon["F52"] == (0,)  # X with no animals
    assert canon["F24"] == (0, 1, 2, 3) and canon["F34"] == (0, 1, 2, 3)


def test_fe_r8_r10_fenced_port_may_face_an_empty_cell():
    """FE-R8: only empty cells next to a tile; FE-R10: a fenced port may face an empty cell."""
    g = game()
    s = position(g, [("F05", 0, 0, 0)], hands={BLUE: ["F06", "F20"]})
    f06 = s.cfg.catalog.tile_by_id["F06"]
    cells = [s.cfg.layout.cell_rc(x) for x, _ in s.placements(f06)]
    assert sorted(cells) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert legal_rotations(s, "F06", 1, 0) == [1, 2]  # N must be open (F05's S is open)


# --- the turn ---------------------------------------------------------------------------------
def test_fe_r34_turn_order_place_score_build_draw_then_next_seat():
    """FE-R34: place, score, optional barn, draw; then the next seat (FE-R33: seat order)."""
    g = game()
    s = position(g, [("F05", 0, 0, 0)], hands={ORANGE: ["F06", "F20"]}, active=ORANGE)
    s.apply_action(slot_of(s, "F06"))
    assert s.phase_name() == "select_cell"
    s.apply_action(cell_action(s, 0, 1))
    assert s.phase_name() == "select_rotation"
    s.apply_action(s.legal_actions()[0])
    assert s.phase_name() == "build" and s.current_player() == ORANGE
    s.apply_action(barn_action(s, 0))
    assert s.stocks[ORANGE] == 3
    assert s.phase_name() == "draw" and s.current_player() == PlayerId.CHANCE
    draw(s, "F07")
    assert len(s.hands[ORANGE]) == 2 and s.current_player() == 3


def test_fe_r36_only_placeable_hand_tiles_are_offered():
    """FE-R36: a hand tile without any legal placement is not offered."""
    g = game(2)
    s = position(g, [("F49", 0, 0, 0)], hands={BLUE: ["F02", "F05"]})
    assert s.legal_actions() == [slot_of(s, "F05")]


def test_fe_r40_r41_barn_only_on_the_tile_just_placed():
    """FE-R40/FE-R41: at most one barn, on a tile-field of the tile just placed."""
    g = game()
    s = position(g, [("F05", 0, 0, 0)], hands={BLUE: ["F24", "F20"]})
    place(s, "F24", 0, 1, legal_rotations(s, "F24", 0, 1)[0])
    assert s.legal_actions() == [barn_action(s, i) for i in range(3)] + [pass_action(s)]
    s.apply_action(barn_action(s, 2))
    assert s.to_json()["barns"] == [{"owner": BLUE, "cell": [0, 1], "field": 2}]
    assert s.phase_name() == "draw"


def test_fe_r47_empty_stock_skips_the_barn_decision():
    """FE-R47: a player with no barn left keeps placing and drawing; no barn decision."""
    g = game(barn_stock="0")
    s = position(g, [("F05", 0, 0, 0)], hands={BLUE: ["F06", "F20"]})
    place(s, "F06", 0, 1, 2)
    assert s.phase_name() == "draw"


def test_fe_r38_empty_supply_no_draw_and_empty_hands_skipped():
    """FE-R38: once the supply is empty nobody draws; a seat with an empty hand is skipped."""
    g = game(3)
    s = position(
        g,
        [("F05", 0, 0, 0)],
        hands={BLUE: ["F06"], YELLOW: [], ORANGE: ["F07", "F20"]},
        supply={},
    )
    place(s, "F06", 0, 1, 2)
    s.apply_action(pass_action(s))
    assert s.current_player() == ORANGE  # no draw, Yellow skipped


def test_fe_r57_scores_are_unbounded():
    """FE-R57: scores past the 50-space track are kept as they are."""
    g = game(2)
    s = position(g, [("F05", 0, 0, 0)], scores=[123, 57])
    assert s.scores == [123, 57] and s.to_json()["scores"] == [123, 57]


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([10, 7, 3], [1.0, -1.0, -1.0]),
        ([10, 10, 3], [1.0, 1.0, -1.0]),
        ([5, 5, 5], [0.0, 0.0, 0.0]),
    ],
)
def test_fe_r60_highest_score_wins_ties_share(scores, expected):
    """FE-R60: the top score wins; tied leaders share the win; all equal is a draw."""
    g = game(3)
    s = position(g, [("F05", 0, 0, 0)], hands={0: [], 1: [], 2: []}, supply={}, phase="over",
                 scores=scores)  # fmt: skip
    assert s.is_terminal() and s.returns() == expected


def test_fe_r43_r44_no_barn_in_a_just_completed_field_but_rebuild_allowed():
    """FE-R43: the completed corner field is not offered; FE-R44: the returned barn can be
    built at once (covered in detail by FE-T7)."""
    g = game()
    board = [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3)]
    s = position(g, board, barns=[(YELLOW, 0, 0, 0)], hands={YELLOW: ["F05", "F20"]},
                 active=YELLOW)  # fmt: skip
    place(s, "F05", 1, 0, 0)
    assert barn_action(s, 0) not in s.legal_actions()
    assert s.stocks[YELLOW] == 4 and barn_action(s, 1) in s.legal_actions()


def test_fe_r56_barns_return_to_owners_whoever_completes():
    """FE-R56: the barn of Blue returns to Blue's stock although Orange completed the field."""
    g = game()
    board = [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3)]
    s = position(g, board, barns=[(BLUE, 0, 1, 0)], hands={ORANGE: ["F05", "F20"]},
                 active=ORANGE)  # fmt: skip
    place(s, "F05", 1, 0, 0)
    assert s.stocks[BLUE] == 4 and s.stocks[ORANGE] == 4 and s.barns == []
