"""The worked examples of rules/fences.md section 13 (FE-T1 … FE-T12), each on a real board.

Seats: 0 Blue, 1 Yellow, 2 Orange, 3 Green (the spec's "Red"). Four-player games are used where
a vector needs tiles with the 3-barn or 4-barn marking (tile availability is not part of a
vector, FE §13).
"""

from __future__ import annotations

from fe_helpers import (
    BLUE,
    ORANGE,
    RED,
    YELLOW,
    barn_action,
    cell_action,
    draw,
    game,
    legal_rotations,
    pass_action,
    place,
    position,
    rot_action,
    slot_of,
)

from farmstead.core.game import PlayerId

# FE-T1 / FE-T7 / FE-T8 share this corner "diamond" around the grid point between 4 cells.
DIAMOND = [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3)]


def test_fe_t1_farmer_tim_rulebook_example():
    """FE-T1 (rulebook example; FE-R48, FE-R50, FE-R53, FE-R56, FE-R41, FE-R43)."""
    g = game()
    s = position(
        g,
        DIAMOND,
        barns=[(BLUE, 0, 0, 0)],
        hands={YELLOW: ["F05", "F20"]},
        active=YELLOW,
        farmers={YELLOW: "FC01", BLUE: "FC02"},
    )
    s.apply_action(slot_of(s, "F05"))
    s.apply_action(cell_action(s, 1, 0))
    # Only rotation 0 is legal at (1, 0).
    assert s.legal_actions() == [rot_action(s, 0)]
    s.apply_action(rot_action(s, 0))
    event = s.events[-1]
    assert event["span"] == 4 and event["animals"] == {"cow": 3, "pig": 0, "sheep": 0}
    assert event["value"] == 6  # 3 cows, one type: doubled
    assert event["conditions_met"] == [0]  # Tim's A (>= 1 cow); B (span >= 6) fails
    assert s.scores[BLUE] == 6 and s.scores[YELLOW] == 3
    assert s.stocks[BLUE] == 4 and s.barns == []  # Blue's barn returned (FE-R56)
    # Yellow may build on the open main field [1], not on the completed corner [0] (FE-R43).
    assert s.legal_actions() == [barn_action(s, 1), pass_action(s)]
    main = [f for f in s.observation(None)["fields"] if [1, 0, 1] in f["parts"]][0]
    assert main["animals"]["cow"] == 2 and main["open"] > 0 and main["barns"] == []


def test_fe_r51_two_barns_share_on_the_board():
    """FE-R51 on a board (FE-T2's rule; FE-T2's own numbers are in test_fe_scoring): a diamond
    with 2 cows, 1 pig, 1 sheep (value 4) and barns of Red and Blue pays ceil(4/2) = 2 each."""
    g = game()
    board = [("F11", 0, 0, 1), ("F12", 0, 1, 2), ("F18", 1, 1, 3)]
    s = position(
        g,
        board,
        barns=[(RED, 0, 0, 0), (BLUE, 0, 1, 0)],
        hands={YELLOW: ["F17", "F20"]},
        active=YELLOW,
        farmers={YELLOW: "FC14"},
    )
    place(s, "F17", 1, 0, 0)
    event = s.events[-1]
    assert event["animals"] == {"cow": 2, "pig": 1, "sheep": 1}
    assert event["value"] == 4 and event["barns"] == [RED, BLUE]
    assert event["shares"][RED] == 2 and event["shares"][BLUE] == 2


def test_fe_t3_shares_per_barn_on_the_board():
    """FE-T3 (a) on a board (FE-R51): an owner with two barns in a field scores two shares."""
    g = game()
    board = [("F08", 0, 0, 1), ("F09", 0, 1, 2), ("F10", 1, 1, 3)]
    s = position(
        g,
        board,
        barns=[(RED, 0, 0, 0), (RED, 0, 1, 0), (BLUE, 1, 1, 0)],
        hands={YELLOW: ["F20", "F05"]},
        active=YELLOW,
        farmers={YELLOW: "FC14"},
    )
    place(s, "F20", 1, 0, 0)
    event = s.events[-1]
    # 1 cow, 1 pig, 1 sheep: value 3, three barns: share ceil(3/3) = 1.
    assert event["value"] == 3
    assert event["shares"][RED] == 2 and event["shares"][BLUE] == 1
    assert s.stocks[RED] == 4 and s.stocks[BLUE] == 4


def test_fe_t4_barn_forbidden_in_field_joined_to_a_barned_field():
    """FE-T4 (FE-R42, FE-R11): the barned field is two tiles away; only [1] and pass offered."""
    g = game()
    s = position(
        g,
        [("F05", 0, 0, 3), ("F03", 0, 1, 0)],
        barns=[(BLUE, 0, 0, 1)],
        hands={ORANGE: ["F34", "F20"]},
        active=ORANGE,
    )
    assert legal_rotations(s, "F34", 0, 2) == [0, 2]  # r1/r3 put a fenced W port on an open one
    place(s, "F34", 0, 2, 0)
    assert s.legal_actions() == [barn_action(s, 1), pass_action(s)]
    root_new = s.find(s.p_node[-1])
    root_blue = s.find(s.p_node[0] + 1)
    assert root_new == root_blue  # (0,2)[0] joins (0,1)[0] joins (0,0)[1]


def test_fe_t5_fence_mismatch_makes_placement_illegal():
    """FE-T5 (a)–(e) (FE-R9, FE-R8)."""
    g = game()
    s = position(g, [("F05", 0, 0, 0)], hands={BLUE: ["F03", "F06"]})
    assert legal_rotations(s, "F03", 0, 1) == []  # (a) O tile: its W port is open
    assert legal_rotations(s, "F06", 0, 1) == [2, 3]  # (b)
    # (e) corner contact only: (1, 1) is not a candidate cell for any tile.
    cell_11 = s.cfg.layout.cell_index(1, 1)
    for tile in range(len(s.cfg.tiles)):
        assert all(x != cell_11 for x, _ in s.placements(tile))
    # (c) with O tiles at (1,0) and (1,1) only r3 is legal; (d) no X tile fits.
    s = position(
        g,
        [("F05", 0, 0, 0), ("F02", 1, 0, 0), ("F03", 1, 1, 0)],
        hands={BLUE: ["F06", "F49"]},
    )
    assert legal_rotations(s, "F06", 0, 1) == [3]
    for x_tile in ("F48", "F49", "F50", "F51", "F52"):
        assert legal_rotations(s, x_tile, 0, 1) == []
    # And through the action interface: selecting F06 then (0,1) offers only ROTATE(3).
    s.apply_action(slot_of(s, "F06"))
    s.apply_action(cell_action(s, 0, 1))
    assert s.legal_actions() == [rot_action(s, 3)]


def test_fe_t6_one_tile_completes_two_fields():
    """FE-T6 (FE-R15, FE-R54, FE-R53, FE-R43): every placement legal when made; Blue +8,
    Red +4, Yellow (Farmer Clara) +5; only the band is open for a barn."""
    g = game()
    order = [
        ("F17", 0, 1, 1),
        ("F08", 0, 2, 2),
        ("F08", 1, 2, 3),
        ("F02", 2, 2, 0),
        ("F12", 2, 1, 3),
        ("F18", 2, 0, 0),
        ("F09", 1, 0, 1),
    ]
    for i in range(1, len(order)):
        before = position(g, order[:i], hands={BLUE: [order[i][0], "F20"]})
        tile, r, c, rot = order[i]
        assert rot in legal_rotations(before, tile, r, c), f"placement {i + 1} must be legal"
    s = position(
        g,
        order,
        barns=[(BLUE, 0, 1, 0), (RED, 2, 0, 0)],
        hands={YELLOW: ["F24", "F20"]},
        active=YELLOW,
        farmers={YELLOW: "FC04"},
    )
    place(s, "F24", 1, 1, 0)
    a, b = s.events[-2:]
    by_value = {e["value"]: e for e in (a, b)}
    field_a, field_b = by_value[8], by_value[4]
    assert sorted(map(tuple, field_a["parts"])) == [(0, 1, 0), (0, 2, 0), (1, 1, 0), (1, 2, 0)]
    assert sorted(map(tuple, field_b["parts"])) == [(1, 0, 0), (1, 1, 1), (2, 0, 0), (2, 1, 0)]
    assert field_a["animals"] == {"cow": 4, "pig": 0, "sheep": 0}
    assert field_b["animals"] == {"cow": 0, "pig": 3, "sheep": 1}
    assert field_a["bonus"] == 4 and field_b["bonus"] == 1  # Clara: A 3 + B 1; B 1
    assert s.scores == [8, 5, 0, 4]
    assert s.stocks[BLUE] == 4 and s.stocks[RED] == 4
    assert s.legal_actions() == [barn_action(s, 2), pass_action(s)]


def _ada_board():
    """FE-T7's board plus three far-away Yellow barns in separate corner fields."""
    extra = [("F20", 0, -1, 2), ("F20", -1, 0, 0), ("F20", -1, -1, 3)]
    barns = [(YELLOW, 0, 0, 0), (YELLOW, 0, -1, 0), (YELLOW, -1, 0, 0), (YELLOW, -1, -1, 0)]
    return DIAMOND + extra, barns


def test_fe_t7_barn_returned_and_rebuilt_same_turn():
    """FE-T7 (FE-R44, FE-R55, FE-R40): Ada's NO_OWN_BARN sees the barn before its return."""
    g = game()
    board, barns = _ada_board()
    s = position(
        g, board, barns=barns, hands={YELLOW: ["F13", "F05"]}, active=YELLOW,
        farmers={YELLOW: "FC02"},
    )  # fmt: skip
    assert s.stocks[YELLOW] == 0
    place(s, "F13", 1, 0, 0)
    event = s.events[-1]
    assert event["animals"] == {"cow": 3, "pig": 1, "sheep": 0} and event["value"] == 4
    assert event["bonus"] == 0 and event["conditions_met"] == []
    assert s.scores[YELLOW] == 4 and s.stocks[YELLOW] == 1
    assert s.legal_actions() == [barn_action(s, 1), pass_action(s)]
    s.apply_action(barn_action(s, 1))
    assert s.stocks[YELLOW] == 0
    assert s.current_player() == PlayerId.CHANCE  # on to the draw: one barn per turn


def test_fe_t7_limit_one_barn_even_after_two_return():
    """FE-T7 'Limit' (FE-R40, FE-R44): two returned barns, still only one build."""
    g = game()
    board, _ = _ada_board()
    barns = [(YELLOW, 0, 0, 0), (YELLOW, 0, 1, 0), (YELLOW, 0, -1, 0), (YELLOW, -1, 0, 0)]
    s = position(
        g, board, barns=barns, hands={YELLOW: ["F13", "F05"]}, active=YELLOW,
        farmers={YELLOW: "FC02"},
    )  # fmt: skip
    place(s, "F13", 1, 0, 0)
    assert s.stocks[YELLOW] == 2
    s.apply_action(barn_action(s, 1))
    assert s.stocks[YELLOW] == 1 and s.phase_name() == "draw"


def test_fe_t8_completed_field_without_animals():
    """FE-T8 (FE-R49, FE-R21): value 0, Red's barn returns, Blue's Farmer Ned scores B (+2)."""
    g = game()
    board = [("F20", 0, 0, 1), ("F20", 0, 1, 2), ("F20", 1, 1, 3)]
    s = position(
        g, board, barns=[(RED, 0, 0, 0)], hands={BLUE: ["F20", "F05"]}, active=BLUE,
        farmers={BLUE: "FC14"},
    )  # fmt: skip
    place(s, "F20", 1, 0, 0)
    event = s.events[-1]
    assert event["value"] == 0 and event["shares"] == [0, 0, 0, 0]
    assert event["conditions_met"] == [1] and event["bonus"] == 2
    assert s.scores == [2, 0, 0, 0] and s.stocks[RED] == 4


def test_fe_t9_merge_creates_a_two_barn_field():
    """FE-T9 (FE-R46, FE-R42): the merging placement is legal; its field takes no new barn."""
    g = game()
    board = [
        ("F34", 0, 0, 1),
        ("F02", 1, 0, 0),
        ("F03", 1, 1, 0),
        ("F04", 1, 2, 0),
        ("F35", 0, 2, 1),
    ]
    s = position(
        g, board, barns=[(BLUE, 0, 0, 0), (RED, 0, 2, 0)], hands={YELLOW: ["F36", "F20"]},
        active=YELLOW,
    )  # fmt: skip
    assert 1 in legal_rotations(s, "F36", 0, 1)
    place(s, "F36", 0, 1, 1)
    north = [f for f in s.observation(None)["fields"] if [0, 1, 0] in f["parts"]][0]
    assert north["animals"] == {"cow": 1, "pig": 1, "sheep": 1}
    assert sorted(north["barns"]) == [BLUE, RED] and not north["completed"]
    assert s.legal_actions() == [barn_action(s, 1), pass_action(s)]


def test_fe_t9_two_barn_field_completes_two_points_each():
    """FE-T9 last clause (FE-R51): a 3-animal field with Blue's and Red's barns pays
    ceil(3/2) = 2 to each."""
    g = game()
    board = [("F08", 0, 0, 1), ("F09", 0, 1, 2), ("F10", 1, 1, 3)]
    s = position(
        g, board, barns=[(BLUE, 0, 0, 0), (RED, 0, 1, 0)], hands={YELLOW: ["F20", "F05"]},
        active=YELLOW, farmers={YELLOW: "FC14"},
    )  # fmt: skip
    place(s, "F20", 1, 0, 0)
    event = s.events[-1]
    assert event["value"] == 3
    assert event["shares"] == [2, 0, 0, 2]


def _stuck_position(g, supply, blue_phase="draw", blue_hand=("F05",)):
    """Blue (seat 0) ends a turn; Yellow holds two O tiles next to a lone X tile."""
    return position(
        g,
        [("F49", 0, 0, 0)],
        hands={BLUE: list(blue_hand), YELLOW: ["F02", "F03"]},
        active=BLUE,
        phase=blue_phase,
        supply=supply,
        fill_hands=False,
    )


def test_fe_t10_no_legal_placement_discard_and_draw():
    """FE-T10 (FE-R37, FE-R25): both tiles revealed; Yellow discards one, draws, then plays."""
    g = game(2)
    supply = {"F05": 2, "F06": 3}
    s = _stuck_position(g, supply)
    assert s.supply_total == 5
    draw(s, "F05")  # Blue's replacement; Yellow's turn starts stuck
    assert s.current_player() == YELLOW and s.phase_name() == "discard"
    assert s.observation(BLUE)["known_hand_tiles"][YELLOW] == ["F02", "F03"]  # revealed
    assert s.legal_actions() == [s.cfg.layout.discard, s.cfg.layout.discard + 1]
    s.apply_action(s.cfg.layout.discard + 0)  # discard F02, face up
    assert [s.tile_id(t) for t in s.discards][-1] == "F02"
    assert s.current_player() == PlayerId.CHANCE
    draw(s, "F06")
    assert s.current_player() == YELLOW and s.phase_name() == "select_tile"
    assert s.legal_actions() == [slot_of(s, "F06")]  # the kept O tile still fits nowhere
    # The kept tile stays public, the new one is hidden from Blue.
    assert s.observation(BLUE)["known_hand_tiles"][YELLOW] == ["F03"]


def test_fe_t10_repeat_while_still_stuck():
    """FE-R37.2: the new tile fits nowhere either, so Yellow discards again."""
    g = game(4)
    s = position(
        g,
        [("F49", 0, 0, 0)],
        hands={BLUE: ["F05"], YELLOW: ["F02", "F03"], ORANGE: ["F06", "F06"], 3: ["F07", "F07"]},
        active=BLUE,
        phase="draw",
        supply={"F01": 1, "F04": 1, "F05": 1},
    )
    draw(s, "F05")
    s.apply_action(s.cfg.layout.discard + 1)  # discard F03
    draw(s, "F01")  # another O tile: still stuck
    assert s.phase_name() == "discard" and s.current_player() == YELLOW
    assert s.revealed[YELLOW] == [True, True]


def test_fe_t10_variant_empty_supply_discards_all():
    """FE-T10 variant (FE-R37.3): empty supply, Yellow discards every tile, no barn, no draw;
    then Blue plays on (FE-R38) and, when every hand is empty, the game ends (FE-R58)."""
    g = game(2)
    s = position(
        g,
        [("F49", 0, 0, 0)],
        hands={BLUE: ["F05"], YELLOW: ["F02", "F03"]},
        active=BLUE,
        phase="build",
        supply={},
    )
    stock = s.stocks[YELLOW]
    s.apply_action(pass_action(s))
    assert s.hands[YELLOW] == [] and [s.tile_id(t) for t in s.discards][-2:] == ["F02", "F03"]
    assert s.stocks[YELLOW] == stock
    assert s.current_player() == BLUE and s.phase_name() == "select_tile"
    s.apply_action(slot_of(s, "F05"))
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.phase_name() == "build"  # FE-R40: Blue, with barns in stock, may build or pass
    s.apply_action(pass_action(s))
    assert s.is_terminal()  # Yellow's empty hand is skipped; nothing is left


def test_fe_t11_both_conditions_on_one_field():
    """FE-T11 (FE-R20): Red holds Farmer Tim and closes a field of 6+ tiles with 2 cows and
    1 pig: condition A (+3) and condition B (span >= 6, +2) both score.

    The board builds a closed 6-tile field (TILES_MIN(6) holds for 6 as for the vector's 7);
    the vector's exact numbers (span 7) are checked in test_fe_scoring.
    """
    g = game()
    board = [
        ("F08", 0, 0, 0),  # NE corner, 1 cow
        ("F09", -1, 0, 1),  # SE corner, 1 pig
        ("F40", -1, 1, 1),  # I tile r1: its south half
        ("F17", -1, 2, 2),  # SW corner, 1 cow
        ("F20", 0, 2, 3),  # NW corner, empty
    ]
    s = position(g, board, hands={RED: ["F40", "F20"]}, active=RED, farmers={RED: "FC01"})
    place(s, "F40", 0, 1, 1)  # its north half closes the ring
    event = s.events[-1]
    assert event["span"] == 6 and event["animals"] == {"cow": 2, "pig": 1, "sheep": 0}
    assert event["conditions_met"] == [0, 1] and event["bonus"] == 5
    assert s.scores[RED] == 5


def test_fe_t12_end_of_game_shared_win():
    """FE-T12 (FE-R58, FE-R59, FE-R60): the last tile completes nothing; Blue's open 6-sheep
    field scores 0; 41-41 is a shared win (for 2 players: returns 0, 0)."""
    g = game(2)
    board = [
        ("F03", 0, 0, 0),
        ("F07", 0, 1, 0),
        ("F07", 0, -1, 2),
        ("F07", 1, 0, 1),
        ("F19", -1, 0, 0),
        ("F19", 1, -1, 3),
    ]
    s = position(
        g,
        board,
        barns=[(BLUE, 0, 0, 0)],
        hands={BLUE: ["F20"], YELLOW: []},
        active=BLUE,
        supply={},
        scores=[41, 41],
    )
    field = [f for f in s.observation(None)["fields"] if [0, 0, 0] in f["parts"]][0]
    assert field["animals"]["sheep"] == 6 and field["barns"] == [BLUE]
    place(s, "F20", 0, 2, 2)
    assert s.events == []
    assert s.phase_name() == "build"  # FE-R40: Blue may still build on F20, or pass
    s.apply_action(pass_action(s))
    assert s.is_terminal()
    assert s.scores == [41, 41] and s.returns() == [0.0, 0.0]
    assert s.barn_owners(s.find(s.p_node[0])) == [BLUE]  # FE-R59: the barn stays
