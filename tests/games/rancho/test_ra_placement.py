"""Space, placement, rearranging and returning animals (rules/rancho.md 6.4 and 9.4).

Test vectors TV-RA-18 (the rulebook FAQ's rearrangement example), TV-RA-25, TV-RA-29, TV-RA-30;
rulings RA-R24 … RA-R30 and the ARRANGE_SAFEST / RETURN contracts of 9.4.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from ra_helpers import (
    act,
    board_of,
    cow,
    d6,
    give,
    horse,
    legal,
    legal_json,
    legal_types,
    occupant,
    on,
    owns,
    placed,
    pool,
    position,
    rabbits,
    receive,
    roll,
    sheep,
)

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import PlayerId

P_D6 = {1: Fraction(1, 2), 2: Fraction(1, 3), 4: Fraction(1, 6)}  # spec 2.4
VALUE = {"rabbit": 1, "sheep": 6, "cow": 12, "horse": 24}
COST = {
    **{f"P{i:02d}": 1 for i in range(1, 13)},
    **{f"P{i:02d}": 2 for i in range(13, 31)},
    **{f"P{i:02d}": 4 for i in range(31, 55)},
}


def safety(state, seat):
    """Spec 9.4's unweighted safety score S of the seat's placed animals, computed from JSON."""
    doc = state.to_json()
    mine = set(doc["seats"][seat]["pastures"]) | {f"F{doc['seats'][seat]['farm']}{x}" for x in "ab"}
    total = Fraction(0)
    for piece in doc["pieces"]:
        if not set(piece["cells"]) <= mine:
            continue
        numbers = {COST[c] for c in piece["cells"] if c in COST}
        h = sum((P_D6[n] for n in numbers), Fraction(0))
        total += VALUE[piece["kind"]] * piece.get("count", 1) * h
    return total


def test_9_4_hit_chance_examples():
    """9.4: a cow on two cost-4 pastures has h = 1/6, on a cost-4 and a cost-2 pasture h = 1/2."""
    a = position(pastures={0: ["P32", "P31"]}, pieces=[cow("P32", "P31")])
    assert safety(a, 0) == 12 * Fraction(1, 6)
    assert a.safety_score(0) == pytest.approx(2.0)
    b = position(pastures={0: ["P33", "P14"]}, pieces=[cow("P33", "P14")])
    assert safety(b, 0) == 12 * Fraction(1, 2)
    assert b.safety_score(0) == pytest.approx(6.0)


# --- TV-RA-18 ----------------------------------------------------------------------------------
def faq_rearrangement():
    """TV-RA-18: farm 1 + P33, P14, P02; F1a sheep, F1b 6 rabbits, P33 sheep; no cows."""
    return position(
        pastures={0: ["P33", "P14", "P02"]},
        pieces=[sheep("F1a"), rabbits("F1b", 6), sheep("P33")],
    )


def test_TV_RA_18_rulebook_FAQ_leaving_everything_and_putting_the_cow_outside():
    """TV-RA-18 (RA-R28, RA-R29), rulebook: FAQ rearrangement example: roll cow, cow -> +1 cow; the cow on
    P14+P02 (id 337) is legal and S = 11."""
    state = faq_rearrangement()
    roll(state, "cow", "cow")
    assert pool(state, 0) == {"rabbit": 0, "sheep": 0, "cow": 1, "horse": 0}
    assert not legal(state, "END_TURN")
    assert 337 in state.legal_actions()
    state.apply_action(337)
    assert on(state, "P14") == ("cow", 1) and on(state, "P02") == ("cow", 1)
    assert safety(state, 0) == 11
    assert state.safety_score(0) == pytest.approx(11.0)
    assert legal(state, "END_TURN")
    assert legal(state, "ARRANGE_SAFEST")  # S = 11 exceeds the optimum 6


def test_TV_RA_18_rulebook_FAQ_arrange_safest_puts_the_cow_on_the_farm():
    """TV-RA-18 (9.4), rulebook: FAQ rearrangement example: ARRANGE_SAFEST gives the best S = 6: cow on F1a+F1b, the sheep and the 6
    rabbits on P33, P14 and P02 (the rulebook: "puts the cow safely in the 2 farm spaces")."""
    state = faq_rearrangement()
    roll(state, "cow", "cow")
    act(state, {"type": "ARRANGE_SAFEST"})
    assert on(state, "F1a") == ("cow", 1) and on(state, "F1b") == ("cow", 1)
    assert sorted(occupant(state, c) for c in ("P33", "P14", "P02")) == [
        ("rabbit", 6),
        ("sheep", 1),
        ("sheep", 1),
    ]
    assert on(state, "P33") == ("sheep", 1)  # as in TV-RA-18 (a tie with the rabbits, 9.4)
    assert safety(state, 0) == 6
    assert state.safety_score(0) == pytest.approx(6.0)
    assert pool(state, 0) == {"rabbit": 0, "sheep": 0, "cow": 0, "horse": 0}
    assert legal(state, "END_TURN")
    assert not legal(state, "ARRANGE_SAFEST")  # already optimal, pool empty


def test_TV_RA_18_after_placing_by_hand_arrange_safest_still_reaches_six():
    """TV-RA-18 / 9.4: ARRANGE_SAFEST replaces the whole arrangement (placed animals too)."""
    state = faq_rearrangement()
    roll(state, "cow", "cow")
    state.apply_action(337)
    act(state, {"type": "ARRANGE_SAFEST"})
    assert safety(state, 0) == 6
    assert placed(state, 0) == {"rabbit": 6, "sheep": 2, "cow": 1, "horse": 0}


# --- TV-RA-25 ----------------------------------------------------------------------------------
def farm_only():
    """TV-RA-25: the player owns only the farm: F1a sheep, F1b 6 rabbits."""
    state = position(pieces=[sheep("F1a"), rabbits("F1b", 6)])
    roll(state, "rabbit", "sheep")
    return state


def test_TV_RA_25_too_many_animals_for_the_farm():
    """TV-RA-25 (RA-R29): +3 rabbits, +1 sheep; 9 rabbits + 2 sheep need 4 spaces, 2 exist:
    END_TURN and ARRANGE_SAFEST masked, RETURN legal (animals only; dogs are never returned)."""
    state = farm_only()
    assert pool(state, 0) == {"rabbit": 3, "sheep": 1, "cow": 0, "horse": 0}
    types = legal_types(state)
    assert "END_TURN" not in types and "ARRANGE_SAFEST" not in types
    returns = {d["kind"] for d in legal_json(state) if d["type"] == "RETURN"}
    assert returns == {"rabbit", "sheep"}  # kinds the player owns
    # RA-R29 (rulebook: "including before discarding"): rearranging stays allowed.
    assert legal(state, "UNPLACE", cell="F1a") and legal(state, "UNPLACE", cell="F1b")
    with pytest.raises(IllegalActionError):
        act(state, {"type": "END_TURN"})


def _ret(state, kind, times=1):
    for _ in range(times):
        act(state, {"type": "RETURN", "kind": kind})


@pytest.mark.parametrize(
    ("plan", "kept", "unplaced"),
    [
        ([("sheep", 2)], {"rabbit": 9, "sheep": 0}, {"rabbit": 3}),
        ([("sheep", 1), ("rabbit", 3)], {"rabbit": 6, "sheep": 1}, {}),
        ([("rabbit", 3), ("sheep", 1)], {"rabbit": 6, "sheep": 1}, {}),
        ([("rabbit", 9)], {"rabbit": 0, "sheep": 2}, {"sheep": 1}),
    ],
)
def test_TV_RA_25_valid_end_states_and_return_masked_once_reached(plan, kept, unplaced):
    """TV-RA-25 (RA-R29, 9.4): RETURN stays legal until a full placement exists, then is masked;
    the player places what is left (``unplaced``: the offspring still in the pool, the returns
    having taken pool animals first) and may end the turn."""
    state = farm_only()
    steps = [kind for kind, n in plan for _ in range(n)]
    for i, kind in enumerate(steps):
        assert "RETURN" in legal_types(state), f"step {i}"
        _ret(state, kind)
    assert "RETURN" not in legal_types(state)
    assert {k: owns(state, 0)[k] for k in ("rabbit", "sheep")} == kept
    assert {k: n for k, n in pool(state, 0).items() if n} == unplaced
    if unplaced:
        assert not legal(state, "END_TURN")
        act(state, {"type": "ARRANGE_SAFEST"})
        assert not any(pool(state, 0).values())
    assert legal(state, "END_TURN")
    act(state, {"type": "END_TURN"})
    assert state.current_player() == 1


def test_9_4_return_takes_from_the_pool_first_then_the_most_exposed_placed_animal():
    """9.4 RETURN: a pool animal of that kind first; otherwise the placed one with the highest h."""
    state = position(
        pastures={0: ["P02", "P33"]},
        pieces=[sheep("F1a"), rabbits("F1b", 6), rabbits("P02", 6), rabbits("P33", 6)],
    )
    roll(state, "rabbit", "sheep")  # herd has 2 rabbits left: +2 rabbits, +1 sheep
    assert pool(state, 0) == {"rabbit": 2, "sheep": 1, "cow": 0, "horse": 0}
    _ret(state, "rabbit", 2)
    assert pool(state, 0)["rabbit"] == 0
    assert on(state, "P02") == ("rabbit", 6)
    _ret(state, "rabbit")
    assert on(state, "P02") == ("rabbit", 5)  # cost 1: the highest hit chance
    assert on(state, "P33") == ("rabbit", 6) and on(state, "F1b") == ("rabbit", 6)


def test_RA_R29_no_roll_before_everything_fits():
    """RA-R29: before ROLL every animal must be placed; an exchange that brings more than fits
    masks ROLL and requires RETURN (3 players: the herd has 30 rabbits)."""
    state = position(3, pastures={0: ["P33"]}, pieces=[horse("F1a", "F1b", "P33")])
    give(state, "horse")
    receive(state, "rabbit", 24)
    act(state, {"type": "CONFIRM"})
    types = legal_types(state)
    assert "ROLL" not in types and "ARRANGE_SAFEST" not in types
    assert {d["kind"] for d in legal_json(state) if d["type"] == "RETURN"} == {"rabbit"}
    _ret(state, "rabbit", 6)
    assert "RETURN" not in legal_types(state)
    assert not legal(state, "ROLL")  # still in the pool
    act(state, {"type": "ARRANGE_SAFEST"})
    assert legal(state, "ROLL")
    assert owns(state, 0)["rabbit"] == 18


# --- TV-RA-29 ----------------------------------------------------------------------------------
def test_TV_RA_29_no_rearranging_after_the_roll_until_placement():
    """TV-RA-29 (RA-R28): UNPLACE, PLACE_* and ARRANGE_SAFEST are masked at the dice, the order
    choice, the d6 and the dog decision, and legal again in Placement."""
    state = position(
        pastures={0: ["P33", "P02"]},
        pieces=[rabbits("P02", 3), sheep("P33")],
        dogs={0: {"small_dog": 1}},
    )
    unplace = state.action_from_json({"type": "UNPLACE", "cell": "P02"})
    act(state, {"type": "ROLL"})
    forbidden = {
        "UNPLACE",
        "PLACE_RABBIT",
        "PLACE_SHEEP",
        "PLACE_COW",
        "PLACE_HORSE",
        "ARRANGE_SAFEST",
    }
    assert state.current_player() == PlayerId.CHANCE
    with pytest.raises(IllegalActionError):
        state.apply_action(unplace)
    state.apply_action(4 * 6 + 5)  # fox + wolf
    assert not forbidden & legal_types(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(unplace)
    act(state, {"type": "FOX_FIRST"})
    d6(state, 1)
    assert state.to_json()["phase"] == "dog"
    assert not forbidden & legal_types(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(unplace)
    act(state, {"type": "USE_DOG"})
    d6(state, 4)  # the wolf takes the sheep on P33
    assert state.to_json()["phase"] == "placement"
    assert "UNPLACE" in legal_types(state)
    state.apply_action(unplace)
    assert pool(state, 0)["rabbit"] == 1


# --- TV-RA-30 ----------------------------------------------------------------------------------
def test_TV_RA_30_win_at_the_placement_not_with_the_horse_in_the_pool():
    """TV-RA-30 (RA-R43, RA-R30): 24 rabbits for a horse; the pool horse does not win, placing it
    on the free triangle F1a-F1b-P33 (id 561) does, before any roll (3 players: 30 rabbits)."""
    land = ["P33", "P32", "P31", "P13", "P14", "P15", "P34", "P16", "P35"]
    state = position(
        3,
        pastures={0: land},
        pieces=[
            rabbits("P32", 1),
            sheep("P15"),
            cow("P13", "P14"),
            rabbits("P31", 6),
            rabbits("P34", 6),
            rabbits("P16", 6),
            rabbits("P35", 6),
        ],
    )
    give(state, "rabbit", 24)
    receive(state, "horse")
    act(state, {"type": "CONFIRM"})
    assert pool(state, 0)["horse"] == 1
    assert not state.is_terminal()
    assert placed(state, 0) == {"rabbit": 1, "sheep": 1, "cow": 1, "horse": 0}
    assert 561 in state.legal_actions()
    state.apply_action(561)
    assert state.is_terminal()
    assert state.to_json()["winner"] == 0
    assert state.returns() == [1.0, -0.5, -0.5]
    assert state.to_json()["dice"] is None  # no roll happened


# --- RA-R24 … RA-R28 ---------------------------------------------------------------------------
def test_RA_R24_animals_only_on_own_spaces():
    """RA-R24: PLACE_* is offered on the player's own cells only (not unowned or others' cells)."""
    state = position(
        pastures={0: ["P33", "P32"], 1: ["P34"]},
        pieces=[rabbits("F1a", 2)],
        pools={0: {"rabbit": 1, "sheep": 1, "cow": 1}},
    )
    mine = {"F1a", "F1b", "P33", "P32"}
    for d in legal_json(state):
        if d["type"] in ("PLACE_RABBIT", "PLACE_SHEEP"):
            assert d["cell"] in mine
        if d["type"] == "PLACE_COW":
            assert set(d["cells"]) <= mine
    for bad in ("P34", "P14", "F4a"):
        with pytest.raises(IllegalActionError):
            act(state, {"type": "PLACE_SHEEP", "cell": bad})


def test_RA_R25_one_kind_per_space_and_six_rabbits_at_most():
    """RA-R25: rabbits stack to 6; a sheep needs an empty space; nothing joins a sheep."""
    state = position(
        pastures={0: ["P33"]},
        pieces=[rabbits("F1a", 6), rabbits("P33", 2), sheep("F1b")],
        pools={0: {"rabbit": 1, "sheep": 1}},
    )
    assert not legal(state, "PLACE_RABBIT", cell="F1a")  # full stack
    assert legal(state, "PLACE_RABBIT", cell="P33")
    assert not legal(state, "PLACE_RABBIT", cell="F1b")  # holds a sheep
    assert not legal(state, "PLACE_SHEEP", cell="P33")  # holds rabbits
    assert not legal(state, "PLACE_SHEEP", cell="F1b")


def test_RA_R26_cows_and_horses_need_adjacent_own_empty_spaces_and_may_straddle_the_farm():
    """RA-R26: a cow on 2 adjacent spaces (farm + pasture allowed), a horse on 3 mutually adjacent."""
    state = position(pastures={0: ["P33", "P32", "P14"]}, pools={0: {"cow": 1, "horse": 1}})
    cows = {tuple(sorted(d["cells"])) for d in legal_json(state) if d["type"] == "PLACE_COW"}
    assert ("F1a", "P32") in cows and ("F1a", "F1b") in cows and ("P14", "P33") in cows
    assert ("F1b", "P32") not in cows  # not adjacent
    horses = {tuple(sorted(d["cells"])) for d in legal_json(state) if d["type"] == "PLACE_HORSE"}
    assert horses == {
        ("F1a", "F1b", "P33"),
        ("F1a", "P32", "P33"),
        ("P14", "P32", "P33"),
    }
    act(state, {"type": "PLACE_HORSE", "cells": ["F1a", "P32", "P33"]})
    # Only F1b and P14 are left, not adjacent: the cow has no place in this arrangement. A full
    # placement still exists (horse F1a-F1b-P33, cow P32-P14), so no RETURN (RA-R29).
    assert "PLACE_COW" not in legal_types(state)
    assert "RETURN" not in legal_types(state)
    act(state, {"type": "ARRANGE_SAFEST"})
    assert pool(state, 0) == {"rabbit": 0, "sheep": 0, "cow": 0, "horse": 0}


def test_RA_R28_rearranging_in_expansion_and_in_placement_without_new_animals():
    """RA-R28: UNPLACE/PLACE_* are legal in Expansion and in Placement even when nothing arrived."""
    state = position(pastures={0: ["P33", "P02"]}, pieces=[sheep("P02"), rabbits("F1a", 1)])
    assert legal(state, "UNPLACE", cell="P02")
    act(state, {"type": "UNPLACE", "cell": "P02"})
    assert pool(state, 0)["sheep"] == 1
    assert not legal(state, "ROLL")
    act(state, {"type": "PLACE_SHEEP", "cell": "F1b"})
    assert legal(state, "ROLL")
    roll(state, "horse", "cow")  # nothing breeds
    assert sum(pool(state, 0).values()) == 0
    act(state, {"type": "UNPLACE", "cell": "F1b"})
    act(state, {"type": "PLACE_SHEEP", "cell": "P33"})
    assert on(state, "P33") == ("sheep", 1)
    assert legal(state, "END_TURN")


def test_RA_R28_never_during_another_players_turn():
    """RA-R28: the active player's rearranging actions name only their own cells; after END_TURN the
    other seat moves and seat 0's cells cannot be touched."""
    state = position(pastures={0: ["P33"]}, pieces=[sheep("P33"), rabbits("F4a", 2)])
    roll(state, "horse", "cow")
    act(state, {"type": "END_TURN"})
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError):
        act(state, {"type": "UNPLACE", "cell": "P33"})
    assert legal(state, "UNPLACE", cell="F4a")


def test_9_4_unplace_moves_one_rabbit_or_the_whole_big_animal():
    """9.4: UNPLACE lifts one rabbit from a stack, the sheep, or the whole cow/horse on the cell.
    (No sheep on the board with the other three kinds: that would be a win, RA-R43.)"""
    state = position(
        pastures={0: ["P33", "P32", "P14", "P15", "P34"]},
        pieces=[rabbits("P14", 4), cow("P32", "F1a"), horse("F1b", "P33", "P34")],
        pools={0: {"sheep": 1}},
    )
    act(state, {"type": "UNPLACE", "cell": "P14"})
    assert on(state, "P14") == ("rabbit", 3)
    assert pool(state, 0)["rabbit"] == 1
    act(state, {"type": "UNPLACE", "cell": "F1a"})
    assert on(state, "F1a") is None and on(state, "P32") is None
    assert pool(state, 0)["cow"] == 1
    act(state, {"type": "UNPLACE", "cell": "P34"})
    assert on(state, "F1b") is None and on(state, "P33") is None and on(state, "P34") is None
    assert pool(state, 0)["horse"] == 1
    act(state, {"type": "PLACE_SHEEP", "cell": "P15"})
    act(state, {"type": "UNPLACE", "cell": "P15"})
    assert on(state, "P15") is None and pool(state, 0)["sheep"] == 1
    act(state, {"type": "PLACE_COW", "cells": ["P32", "P33"]})
    assert on(state, "P33") == ("cow", 1)
    assert placed(state, 0) == {"rabbit": 3, "sheep": 0, "cow": 1, "horse": 0}


def test_9_4_arrange_safest_legality():
    """9.4: ARRANGE_SAFEST is offered when the pool is not empty or S exceeds the optimum, never
    with an open transaction, and not when nothing can improve."""
    optimal = position(pastures={0: ["P02"]}, pieces=[sheep("F1b"), rabbits("F1a", 1)])
    assert not legal(optimal, "ARRANGE_SAFEST")
    exposed = position(pastures={0: ["P02"]}, pieces=[sheep("P02"), rabbits("F1a", 1)])
    assert legal(exposed, "ARRANGE_SAFEST")
    act(exposed, {"type": "ARRANGE_SAFEST"})
    assert on(exposed, "P02") is None
    assert safety(exposed, 0) == 0  # sheep and rabbit on the two farm cells
    assert not legal(exposed, "ARRANGE_SAFEST")
    give(exposed, "rabbit")
    assert not legal(exposed, "ARRANGE_SAFEST")


def test_9_4_arrange_safest_packs_rabbits_and_keeps_the_animals():
    """9.4: ARRANGE_SAFEST keeps every animal, packs rabbits into as few stacks as possible and puts
    heavier items on safer cells."""
    state = position(
        pastures={0: ["P33", "P14", "P02", "P32"]},
        pieces=[
            rabbits("F1a", 2),
            rabbits("F1b", 2),
            rabbits("P33", 2),
            sheep("P32"),
            rabbits("P14", 1),
        ],
    )
    before = placed(state, 0)
    act(state, {"type": "ARRANGE_SAFEST"})
    assert placed(state, 0) == before
    cells = board_of(state)
    stacks = [p for p in {id(p): p for p in cells.values()}.values() if p["kind"] == "rabbit"]
    assert sorted(p["count"] for p in stacks) == [1, 6]
    # Weights: sheep 6, stack 6 -> farm cells; the lone rabbit on P32 (cost 4).
    assert {on(state, "F1a"), on(state, "F1b")} == {("sheep", 1), ("rabbit", 6)}
    assert on(state, "P32") == ("rabbit", 1)
    assert safety(state, 0) == Fraction(1, 6)


def _brute_force_min_safety(board, cells, horses, cows, n_sheep, n_rabbits):
    """Minimum unweighted S over every full placement on ``cells`` (exhaustive; small inputs)."""
    ids = {board.ids[c]: c for c in range(board.num_cells)}
    own = {ids[c] for c in cells}

    def h(group):
        numbers = {COST[board.ids[c]] for c in group if board.ids[c] in COST}
        return sum((P_D6[n] for n in numbers), Fraction(0))

    triangles = [t for t in board.triangles if set(t) <= own]
    edges = [e for e in board.edges if set(e) <= own]
    best = None

    def rabbits_on(free, left):
        if left == 0:
            return Fraction(0)
        if not free:
            return None
        first, rest = free[0], free[1:]
        options = []
        for k in range(0, min(6, left) + 1):
            sub = rabbits_on(rest, left - k)
            if sub is not None:
                options.append(k * h((first,)) + sub)
        return min(options) if options else None

    def place(free, h_left, c_left, score, start_t, start_e):
        nonlocal best
        if h_left:
            for i in range(start_t, len(triangles)):
                t = triangles[i]
                if set(t) <= free:
                    place(free - set(t), h_left - 1, c_left, score + 24 * h(t), i + 1, 0)
            return
        if c_left:
            for i in range(start_e, len(edges)):
                e = edges[i]
                if set(e) <= free:
                    place(free - set(e), 0, c_left - 1, score + 12 * h(e), len(triangles), i + 1)
            return
        from itertools import combinations

        for flock in combinations(sorted(free), n_sheep):
            rest = sorted(free - set(flock))
            r = rabbits_on(rest, n_rabbits)
            if r is None:
                continue
            total = score + sum(6 * h((c,)) for c in flock) + r
            if best is None or total < best:
                best = total

    place(set(own), horses, cows, Fraction(0), 0, 0)
    return best


@pytest.mark.parametrize(
    ("land", "animals"),
    [
        (["P33", "P14", "P02"], {"cow": 1, "sheep": 2, "rabbit": 6}),
        (["P33", "P32", "P34", "P14", "P15"], {"horse": 1, "cow": 1, "sheep": 1, "rabbit": 3}),
        (["P33", "P32", "P13", "P14", "P02", "P01"], {"cow": 2, "sheep": 1, "rabbit": 8}),
        (["P32", "P31", "P13", "P33", "P14"], {"horse": 1, "sheep": 2, "rabbit": 7}),
        (["P33", "P34", "P15", "P16", "P03"], {"horse": 1, "cow": 1, "rabbit": 11}),
    ],
)
def test_9_4_arrange_safest_reaches_the_minimum_safety_score(land, animals):
    """9.4: ARRANGE_SAFEST yields a full placement whose S equals the exhaustive minimum."""
    state = position(pastures={0: land}, pools={0: animals})
    act(state, {"type": "ARRANGE_SAFEST"})
    assert sum(pool(state, 0).values()) == 0
    expected = {"rabbit": 0, "sheep": 0, "cow": 0, "horse": 0, **animals}
    assert placed(state, 0) == expected
    board = state.cfg.board
    best = _brute_force_min_safety(
        board,
        ["F1a", "F1b", *land],
        animals.get("horse", 0),
        animals.get("cow", 0),
        animals.get("sheep", 0),
        animals.get("rabbit", 0),
    )
    assert best is not None
    assert safety(state, 0) == best


def test_TV_RA_25_every_return_order_stops_at_the_first_fitting_herd():
    """TV-RA-25 (RA-R29): exploring every order of RETURNs: the three end states of the vector are
    reachable; every end state fits on the farm while the state one return earlier did not (so
    RETURN is masked as soon as a full placement exists, never earlier, never later). RA-R29 lets
    the player pick any kind at each step, so returning rabbits before the sheep can also end
    with fewer rabbits (e.g. 2 rabbits then 2 sheep leaves 7 rabbits)."""
    ends = set()
    frontier = [farm_only()]
    while frontier:
        state = frontier.pop()
        kinds = [d["kind"] for d in legal_json(state) if d["type"] == "RETURN"]
        have = owns(state, 0)
        spaces_needed = have["sheep"] + -(-have["rabbit"] // 6)
        assert bool(kinds) == (spaces_needed > 2), have  # F1a + F1b are the only spaces
        if not kinds:
            ends.add((have["sheep"], have["rabbit"]))
            done = "ARRANGE_SAFEST" if sum(pool(state, 0).values()) else "END_TURN"
            assert done in legal_types(state)
            continue
        assert "END_TURN" not in legal_types(state)
        for kind in kinds:
            nxt = state.clone()
            _ret(nxt, kind)
            frontier.append(nxt)
    assert {(0, 9), (1, 6), (2, 0)} <= ends
