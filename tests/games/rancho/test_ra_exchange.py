"""Transactions with the central herd (rules/rancho.md 6.2 and 9.2).

Test vectors TV-RA-01 … TV-RA-05, TV-RA-23, TV-RA-24 (the rulebook's exchange and purchase
examples among them) and rulings RA-R7, RA-R10 … RA-R15, RA-R44.
"""

from __future__ import annotations

import pytest
from ra_helpers import (
    act,
    buy,
    conserved,
    cow,
    give,
    herd,
    horse,
    legal,
    legal_types,
    on,
    owns,
    pastures,
    pool,
    position,
    rabbits,
    receive,
    sheep,
)

from farmstead.core.errors import IllegalActionError

SEAT1_LAND = ["P43", "P44", "P45", "P46", "P47", "P22", "P23", "P24", "P25", "P07", "P08", "P09"]


def confirm(state):
    act(state, {"type": "CONFIRM"})


# --- rulebook exchange examples --------------------------------------------------------------
def test_TV_RA_01_rulebook_6_rabbits_for_1_sheep_and_back():
    """TV-RA-01 (RA-R10), rulebook: exchange "6 rabbits can be exchanged to receive 1 sheep" and the reverse."""
    state = position(pieces=[rabbits("F1a", 6)])
    before = herd(state)
    give(state, "rabbit", 6)
    receive(state, "sheep")
    assert legal(state, "CONFIRM")
    confirm(state)
    assert owns(state, 0)["rabbit"] == 0
    assert owns(state, 0)["sheep"] == 1
    assert pool(state, 0)["sheep"] == 1  # RA-R15: received pieces go to the pool
    assert herd(state)["rabbit"] == before["rabbit"] + 6
    assert herd(state)["sheep"] == before["sheep"] - 1
    # The reverse: the pool sheep for 6 rabbits.
    give(state, "sheep")
    receive(state, "rabbit", 6)
    assert legal(state, "CONFIRM")
    confirm(state)
    assert owns(state, 0)["rabbit"] == 6
    assert owns(state, 0)["sheep"] == 0
    assert herd(state) == before
    assert conserved(state)


def test_TV_RA_02_rulebook_sheep_for_small_dog_and_3_rabbits():
    """TV-RA-02 (RA-R10, RA-R12), rulebook: exchange example 1 sheep = 1 small dog + 3 rabbits; ids of spec 9.2."""
    state = position(pieces=[sheep("F1b")])
    for action in (10, 19, 15, 15, 15):  # GIVE(sheep), RECEIVE(small dog), RECEIVE(rabbit) x3
        state.apply_action(action)
    assert 2 in state.legal_actions()
    state.apply_action(2)  # CONFIRM
    assert owns(state, 0) == {
        "rabbit": 3,
        "sheep": 0,
        "cow": 0,
        "horse": 0,
        "small_dog": 1,
        "large_dog": 0,
    }
    assert on(state, "F1b") is None
    assert conserved(state)


def test_TV_RA_03_rulebook_horse_for_sheep_dogs_and_rabbits_without_intermediates():
    """TV-RA-03 (RA-R10, RA-R11), rulebook: exchange example 2 sheep + small dog + large dog + 3 rabbits = 1 horse,
    legal although the herd holds no sheep and no cows (spec 9.2 item 4)."""
    state = position(
        pastures={0: ["P33"], 1: SEAT1_LAND},
        pieces=[sheep("F1a"), sheep("F1b"), rabbits("P33", 3)],
        dogs={0: {"small_dog": 1, "large_dog": 1}},
        herd={"sheep": 0, "cow": 0},
        dump=1,
    )
    assert herd(state)["sheep"] == 0 and herd(state)["cow"] == 0 and herd(state)["horse"] >= 1
    give(state, "sheep", 2)
    give(state, "small_dog")
    give(state, "large_dog")
    give(state, "rabbit", 3)
    receive(state, "horse")
    assert legal(state, "CONFIRM")
    confirm(state)
    assert owns(state, 0) == {
        "rabbit": 0,
        "sheep": 0,
        "cow": 0,
        "horse": 1,
        "small_dog": 0,
        "large_dog": 0,
    }
    assert herd(state)["sheep"] == 2 and herd(state)["cow"] == 0
    assert conserved(state)


def test_TV_RA_04_rulebook_one_sheep_buys_a_cost_2_and_a_cost_4_pasture():
    """TV-RA-04 (RA-R10, RA-R17), rulebook: pasture example "Spending 1 sheep, a player buys 2 pastures" (2 + 4)."""
    state = position(pastures={0: ["P33"]}, pieces=[sheep("F1b")])
    herd_before = herd(state)
    give(state, "sheep")
    buy(state, "P14")  # cost 2, adjacent to P33
    buy(state, "P32")  # cost 4, adjacent to F1a and P33
    assert legal(state, "CONFIRM")
    confirm(state)
    assert pastures(state, 0) == ["P14", "P32", "P33"]
    assert owns(state, 0)["sheep"] == 0
    assert herd(state)["sheep"] == herd_before["sheep"] + 1
    assert herd(state)["rabbit"] == herd_before["rabbit"]  # prices are paid, not returned as change
    assert conserved(state)


def test_TV_RA_05_rulebook_one_cow_buys_a_sheep_and_three_cost_2_pastures():
    """TV-RA-05 (RA-R10), rulebook: pasture example "Spending 1 cow, a player buys 1 sheep and 3 pastures" (12 = 6 + 3 x 2)."""
    state = position(pastures={0: ["P32", "P33", "P34"]}, pieces=[cow("F1a", "F1b")])
    give(state, "cow")
    receive(state, "sheep")
    for p in ("P14", "P15", "P16"):
        buy(state, p)
    assert legal(state, "CONFIRM")
    confirm(state)
    assert pastures(state, 0) == ["P14", "P15", "P16", "P32", "P33", "P34"]
    assert owns(state, 0)["cow"] == 0 and owns(state, 0)["sheep"] == 1
    assert on(state, "F1a") is None and on(state, "F1b") is None
    assert conserved(state)


def test_TV_RA_05_unbalanced_variant_is_not_confirmable():
    """TV-RA-05 / RA-R10: with only two of the three pastures the sides differ (12 != 10): no CONFIRM."""
    state = position(pastures={0: ["P32", "P33", "P34"]}, pieces=[cow("F1a", "F1b")])
    give(state, "cow")
    receive(state, "sheep")
    buy(state, "P14")
    buy(state, "P15")
    assert not legal(state, "CONFIRM")


# --- further vectors ---------------------------------------------------------------------------
def test_TV_RA_23_receive_is_masked_when_the_herd_has_none():
    """TV-RA-23 (RA-R11): RECEIVE(sheep) is masked while the herd has no sheep."""
    rich = [cow("F1a", "F1b"), cow("P33", "P32")]
    with_one = position(
        pastures={0: ["P32", "P33"], 1: SEAT1_LAND}, pieces=rich, herd={"sheep": 1}, dump=1
    )
    assert legal(with_one, "RECEIVE", kind="sheep")  # control: one sheep left -> legal
    none_left = position(
        pastures={0: ["P32", "P33"], 1: SEAT1_LAND}, pieces=rich, herd={"sheep": 0}, dump=1
    )
    assert not legal(none_left, "RECEIVE", kind="sheep")
    give(none_left, "cow")
    assert not legal(none_left, "RECEIVE", kind="sheep")
    with pytest.raises(IllegalActionError):
        receive(none_left, "sheep")


def test_TV_RA_24_confirm_masked_until_balanced():
    """TV-RA-24 (RA-R10): G = 1 sheep, R = 5 rabbits: CONFIRM masked (6 != 5); one more rabbit: legal."""
    state = position(pieces=[sheep("F1b")])
    give(state, "sheep")
    receive(state, "rabbit", 5)
    assert not legal(state, "CONFIRM")
    with pytest.raises(IllegalActionError):
        confirm(state)
    receive(state, "rabbit")
    assert legal(state, "CONFIRM")


def test_RA_R10_no_credit_overpaying_is_not_confirmable():
    """RA-R10: no change is lost and no credit given: 1 sheep for 1 small dog alone (6 != 3) fails."""
    state = position(pieces=[rabbits("F1a", 6), sheep("F1b")])
    give(state, "sheep")
    receive(state, "small_dog")
    assert not legal(state, "CONFIRM")
    give(state, "rabbit", 6)  # now 12 given for 3 received
    assert not legal(state, "CONFIRM")
    receive(state, "large_dog")  # 12 given, 9 received
    assert not legal(state, "CONFIRM")


def test_RA_R10_giving_alone_is_not_a_transaction():
    """RA-R10 / 9.1 CONFIRM: something must be given or bought; an empty or give-nothing record fails."""
    state = position(pieces=[rabbits("F1a", 6)])
    give(state, "rabbit")
    assert not legal(state, "CONFIRM")  # 1 != 0
    act(state, {"type": "CANCEL"})
    assert not legal(state, "CONFIRM")


def test_RA_R11_stock_rule_counts_only_what_leaves_the_herd():
    """RA-R11: herd_rabbits + G_rabbits >= R_rabbits: rabbits given in can pay out at once."""
    # The herd holds no rabbits; the player pays a 2-pasture with 2 of their own rabbits.
    state = position(
        pastures={0: ["P33"], 1: SEAT1_LAND},
        pieces=[rabbits("F1a", 2)],
        herd={"rabbit": 0},
        dump=1,
    )
    assert herd(state)["rabbit"] == 0
    give(state, "rabbit", 2)
    buy(state, "P14")
    assert legal(state, "CONFIRM")
    confirm(state)
    assert "P14" in pastures(state, 0)
    assert herd(state)["rabbit"] == 2


def test_RA_R12_dogs_are_given_and_received_like_animals():
    """RA-R12: a large dog (6) buys a sheep; a small dog (3) + 3 rabbits buy a large dog."""
    state = position(pieces=[rabbits("F1a", 3)], dogs={0: {"small_dog": 1, "large_dog": 1}})
    give(state, "large_dog")
    receive(state, "sheep")
    confirm(state)
    assert owns(state, 0)["large_dog"] == 0 and owns(state, 0)["sheep"] == 1
    give(state, "small_dog")
    give(state, "rabbit", 3)
    receive(state, "large_dog")
    confirm(state)
    assert owns(state, 0)["large_dog"] == 1 and owns(state, 0)["small_dog"] == 0
    assert conserved(state)


def test_RA_R13_no_kind_on_both_sides():
    """RA-R13: once a kind is given it cannot be received, and once received it cannot be given."""
    state = position(pieces=[rabbits("F1a", 6), sheep("F1b")])
    give(state, "rabbit")
    assert not legal(state, "RECEIVE", kind="rabbit")
    act(state, {"type": "CANCEL"})
    receive(state, "rabbit")
    assert not legal(state, "GIVE", kind="rabbit")
    with pytest.raises(IllegalActionError):
        give(state, "rabbit")


def test_RA_R7_any_number_of_transactions_then_roll():
    """RA-R7: several transactions in one Expansion, in any order; ROLL once all is placed."""
    state = position(pastures={0: ["P33"]}, pieces=[rabbits("F1a", 6), sheep("F1b")])
    give(state, "rabbit", 2)
    buy(state, "P14")
    confirm(state)
    give(state, "rabbit", 3)
    receive(state, "small_dog")
    confirm(state)
    give(state, "sheep")
    receive(state, "rabbit", 6)
    confirm(state)
    assert pastures(state, 0) == ["P14", "P33"]
    assert owns(state, 0)["small_dog"] == 1
    assert owns(state, 0)["rabbit"] == 7
    assert pool(state, 0)["rabbit"] == 6
    assert not legal(state, "ROLL")  # RA-R29: pool not empty
    act(state, {"type": "ARRANGE_SAFEST"})
    assert legal(state, "ROLL")
    act(state, {"type": "ROLL"})
    state.apply_action(3 * 6 + 2)  # horse + cow: nothing breeds
    # RA-R7: no transaction after the roll.
    assert not {"GIVE", "RECEIVE", "BUY", "CONFIRM"} & legal_types(state)


def test_9_2_only_transaction_steps_while_open_and_cancel_restores():
    """9.2 items 1 and 3: while open only GIVE/RECEIVE/BUY/LINK/CONFIRM/CANCEL; CANCEL has no effect."""
    state = position(pastures={0: ["P33"]}, pieces=[rabbits("F1a", 6), sheep("F1b")])
    before = state.to_json()
    give(state, "rabbit", 2)
    buy(state, "P14")
    assert legal_types(state) <= {"GIVE", "RECEIVE", "BUY", "LINK", "CONFIRM", "CANCEL"}
    assert "ROLL" not in legal_types(state) and "UNPLACE" not in legal_types(state)
    act(state, {"type": "CANCEL"})
    after = state.to_json()
    after["turn_actions"] = before["turn_actions"]
    assert after == before


def test_RA_R15_given_pieces_come_from_the_pool_first():
    """RA-R15: a given piece is taken from the unplaced pool before any placed one."""
    state = position(
        pastures={0: ["P02", "P14", "P33"]},
        pieces=[sheep("P02")],
        pools={0: {"sheep": 1}},
    )
    give(state, "sheep")
    receive(state, "rabbit", 6)
    confirm(state)
    assert pool(state, 0)["sheep"] == 0  # the pool sheep went first
    assert on(state, "P02") == ("sheep", 1)  # the placed one (even on a cost-1 pasture) stayed
    assert owns(state, 0)["sheep"] == 1


def test_RA_R15_the_most_exposed_placed_piece_is_given():
    """RA-R15: among placed pieces the one with the highest hit chance h goes; ties: lowest cell."""
    # Rabbits on F1a (h 0), P33 (cost 4) and P02 (cost 1): giving 1 rabbit takes it from P02.
    state = position(
        pastures={0: ["P02", "P14", "P33"]},
        pieces=[rabbits("F1a", 6), rabbits("P33", 2), rabbits("P02", 1)],
    )
    give(state, "rabbit", 2)
    buy(state, "P15")  # cost 2
    confirm(state)
    assert on(state, "P02") is None  # cost 1: most exposed, emptied first
    assert on(state, "P33") == ("rabbit", 1)  # then cost 4 (h 1/6) before the farm (h 0)
    assert on(state, "F1a") == ("rabbit", 6)


def test_RA_R15_exposed_cow_goes_before_the_farm_cow():
    """RA-R15: two cows, one on the farm (h 0) and one on P14+P02 (h 5/6): the exposed one is given."""
    state = position(
        pastures={0: ["P02", "P14", "P33"]},
        pieces=[cow("F1a", "F1b"), cow("P14", "P02")],
    )
    give(state, "cow")
    receive(state, "sheep", 2)
    confirm(state)
    assert on(state, "F1a") == ("cow", 1)
    assert on(state, "P14") is None and on(state, "P02") is None


def test_RA_R15_equal_hit_ties_go_to_the_lowest_cell_index():
    """RA-R15: sheep on P32 (idx 31) and P34 (idx 33), both cost 4: the one on P32 is given."""
    state = position(pastures={0: ["P32", "P33", "P34"]}, pieces=[sheep("P34"), sheep("P32")])
    give(state, "sheep")
    receive(state, "rabbit", 6)
    confirm(state)
    assert on(state, "P32") is None
    assert on(state, "P34") == ("sheep", 1)


def test_RA_R14_players_never_trade_with_each_other():
    """RA-R14: a transaction only touches the herd: the other seat's holdings never change."""
    state = position(pieces=[rabbits("F1a", 6), sheep("F4b"), rabbits("F4a", 6)])
    other = owns(state, 1)
    give(state, "rabbit", 6)
    receive(state, "sheep")
    confirm(state)
    assert owns(state, 1) == other


def test_RA_R44_the_herd_is_a_bank():
    """RA-R44: what went back to the herd can be taken again (here the one large dog)."""
    state = position(pieces=[rabbits("F1a", 6), sheep("F1b")], dogs={0: {"large_dog": 1}})
    assert herd(state)["large_dog"] == 0
    assert not legal(state, "RECEIVE", kind="large_dog")
    give(state, "large_dog")
    receive(state, "rabbit", 6)
    confirm(state)
    assert herd(state)["large_dog"] == 1
    give(state, "rabbit", 6)
    receive(state, "large_dog")
    assert legal(state, "CONFIRM")
    confirm(state)
    assert owns(state, 0)["large_dog"] == 1


def test_RA_R27_any_number_of_dogs_the_herd_can_supply():
    """RA-R27: dogs take no space and a player may own several (3 players: 2 of each in the herd)."""
    state = position(
        3,
        pastures={0: ["P33"]},
        pieces=[horse("F1a", "F1b", "P33")],
    )
    give(state, "horse")
    receive(state, "small_dog", 2)
    receive(state, "large_dog", 2)
    receive(state, "rabbit", 6)
    assert legal(state, "CONFIRM")
    confirm(state)
    assert owns(state, 0)["small_dog"] == 2 and owns(state, 0)["large_dog"] == 2
    assert herd(state)["small_dog"] == 0
    # Dogs need no space: 6 rabbits fit on one cell and ROLL becomes legal once they are placed.
    act(state, {"type": "ARRANGE_SAFEST"})
    assert legal(state, "ROLL")
    assert pool(state, 0) == {"rabbit": 0, "sheep": 0, "cow": 0, "horse": 0}


def test_9_1_receive_and_buy_are_masked_when_the_exchange_can_never_balance():
    """Spec 9.1 plus the engine's refinement (RA-R10): RECEIVE and BUY are offered only while the
    player could still pay for the whole transaction by giving what they own of the other kinds,
    so no offered step leads to an exchange that can never be confirmed.

    With 1 rabbit + 1 sheep, RECEIVE(sheep) would leave only the rabbit (1) to pay 6: masked;
    RECEIVE(rabbit) can be paid with the sheep: legal. With 1 rabbit, BUY(P33) (price 4) is masked;
    with 4 rabbits it is legal, and so is the whole purchase."""
    start = position(pieces=[rabbits("F1a", 1), sheep("F1b")])
    assert herd(start)["sheep"] >= 1
    assert not legal(start, "RECEIVE", kind="sheep")
    assert legal(start, "RECEIVE", kind="rabbit")
    poor = position(pieces=[rabbits("F1a", 1)])
    assert not legal(poor, "BUY", pasture="P33")
    rich = position(pieces=[rabbits("F1a", 4)])
    assert legal(rich, "BUY", pasture="P33")
