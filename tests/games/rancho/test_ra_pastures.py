"""Pastures: purchases, the limit, blocked players and passage fees (rules/rancho.md 6.3, 9.3).

Test vectors TV-RA-17 (the rulebook FAQ's blocked player), TV-RA-20, TV-RA-21, TV-RA-22, TV-RA-31
and rulings RA-R16 … RA-R23.
"""

from __future__ import annotations

import numpy as np
import pytest
from ra_helpers import (
    act,
    buy,
    buyable,
    conserved,
    cow,
    give,
    herd,
    horse,
    legal,
    legal_json,
    link,
    on,
    owns,
    pastures,
    position,
    rabbits,
    roll,
    sheep,
)

from farmstead.core.errors import IllegalActionError
from writer_kit import check, writers_of

ORANGE, BLUE, PURPLE = 0, 1, 5  # farms 1, 2 and 6 in a 6-player game
PURPLE_LAND = ["P53", "P54", "P31", "P32", "P14", "P01"]
BLUE_LAND = ["P36", "P16", "P34", "P15"]


def blocked_orange(orange_pieces=None, purple_pieces=(), extra_land=None, **kwargs):
    """TV-RA-20: orange owns P33 and is hemmed in by purple and blue (6 players)."""
    pieces = list(orange_pieces if orange_pieces is not None else [horse("F1a", "F1b", "P33")])
    land = {ORANGE: ["P33"], PURPLE: PURPLE_LAND, BLUE: BLUE_LAND, **(extra_land or {})}
    return position(6, pastures=land, pieces=pieces + list(purple_pieces), **kwargs)


def chains(state, target):
    """Every LINK sequence that completes the passage purchase of ``target``, with its fees."""
    start = state.clone()
    buy(start, target)
    found = {}

    def walk(st, links):
        tr = st.to_json()["transaction"]
        if tr["route"] is None:
            assert target in tr["buy"]
            found[tuple(links)] = [(f["owner"], f["rabbits"]) for f in tr["fees"]]
            return
        for d in legal_json(st):
            if d["type"] == "LINK":
                nxt = st.clone()
                act(nxt, d)
                walk(nxt, [*links, d["pasture"]])

    walk(start, [])
    return found


# --- TV-RA-20 ------------------------------------------------------------------------------
def test_TV_RA_20_orange_is_blocked_and_only_passage_targets_are_buyable():
    """TV-RA-20 (RA-R20, RA-R21): no normal purchase; exactly these ten passage targets."""
    state = blocked_orange()
    assert buyable(state) == {
        "P02",
        "P03",
        "P13",
        "P12",
        "P30",
        "P17",
        "P35",
        "P37",
        "P29",
        "P52",
    }


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        # FAQ pasture D: 2 to purple via P14 or 2 to blue via P15, the buyer's choice.
        ("P02", {("P14",): [(PURPLE, 2)], ("P15",): [(BLUE, 2)]}),
        ("P03", {("P15",): [(BLUE, 2)]}),
        ("P13", {("P14",): [(PURPLE, 2)]}),  # like FAQ pasture E
        ("P12", {("P14", "P01"): [(PURPLE, 2), (PURPLE, 1)]}),  # like F
        ("P30", {("P14", "P01"): [(PURPLE, 2), (PURPLE, 1)]}),  # like F
        ("P17", {("P15", "P16"): [(BLUE, 2), (BLUE, 2)]}),  # like B
        ("P35", {("P34",): [(BLUE, 4)], ("P15", "P16"): [(BLUE, 2), (BLUE, 2)]}),
        ("P37", {("P15", "P16", "P36"): [(BLUE, 2), (BLUE, 2), (BLUE, 4)]}),
        ("P29", {("P32", "P31", "P54", "P53"): [(PURPLE, 4)] * 4}),
        ("P52", {("P32", "P31", "P54", "P53"): [(PURPLE, 4)] * 4}),
    ],
)
def test_TV_RA_20_minimum_fees_and_chains(target, expected):
    """TV-RA-20 (RA-R21): every minimum-fee chain to each target, and nothing more expensive."""
    assert chains(blocked_orange(), target) == expected


def test_TV_RA_20_a_chain_above_the_minimum_fee_is_not_offered():
    """RA-R21: P13 via P32 would cost 4 > 2: only LINK(P14) is legal; LINK(P32) raises."""
    state = blocked_orange()
    buy(state, "P13")
    assert {d["pasture"] for d in legal_json(state) if d["type"] == "LINK"} == {"P14"}
    assert {d["type"] for d in legal_json(state)} == {"LINK", "CANCEL"}  # 9.3: a route is open
    with pytest.raises(IllegalActionError):
        link(state, "P32")


# --- TV-RA-21, TV-RA-17 --------------------------------------------------------------------
def test_TV_RA_21_passage_purchase_fees():
    """TV-RA-21 (RA-R21, RA-R22): BUY(P13)=37, LINK(P14)=92, GIVE(rabbit)=9 x4, CONFIRM:
    purple +2 rabbits, herd +2, orange owns P13 and P30 becomes a normal purchase (price 2, no fee)."""
    state = blocked_orange([rabbits("F1a", 4), sheep("F1b")])
    herd_before = herd(state)["rabbit"]
    purple_before = owns(state, PURPLE)["rabbit"]
    state.apply_action(37)
    assert state.to_json()["transaction"]["route"]["target"] == "P13"
    state.apply_action(92)
    for _ in range(4):
        state.apply_action(9)
    act(state, {"type": "CONFIRM"})
    assert owns(state, PURPLE)["rabbit"] == purple_before + 2
    assert herd(state)["rabbit"] == herd_before + 2
    assert owns(state, ORANGE)["rabbit"] == 0
    assert "P13" in pastures(state, ORANGE)
    assert state.current_player() == ORANGE  # RA-R23: the owner takes no decision
    # No longer blocked: P30 touches P13 and is the only purchase, a normal one.
    assert buyable(state) == {"P30"}
    give(state, "sheep")
    buy(state, "P30")
    tr = state.to_json()["transaction"]
    assert tr["route"] is None and tr["buy"] == ["P30"] and tr["fees"] == []
    act(state, {"type": "RECEIVE", "kind": "rabbit"})
    act(state, {"type": "RECEIVE", "kind": "rabbit"})
    act(state, {"type": "RECEIVE", "kind": "rabbit"})
    act(state, {"type": "RECEIVE", "kind": "rabbit"})
    assert legal(state, "CONFIRM")  # 6 = 2 (price only) + 4 rabbits
    act(state, {"type": "CONFIRM"})
    assert pastures(state, ORANGE) == ["P13", "P30", "P33"]
    assert owns(state, PURPLE)["rabbit"] == purple_before + 2  # the fee was paid once
    assert conserved(state)


def test_TV_RA_17_rulebook_FAQ_blocked_player_fees():
    """TV-RA-17 (RA-R21, RA-R22), rulebook: FAQ "What happens when a player is blocked?" realised on
    the proposed board (TV-RA-20): A/C = P03 (2 to blue), B = P17 (2 + 2 to blue), D = P02 (2 to
    blue or to purple), E = P13 (2 to purple), F = P12 (2 + 1 to purple)."""
    state = blocked_orange()
    fees = {t: chains(state, t) for t in ("P03", "P17", "P02", "P13", "P12")}
    assert list(fees["P03"].values()) == [[(BLUE, 2)]]  # A, C
    assert list(fees["P17"].values()) == [[(BLUE, 2), (BLUE, 2)]]  # B
    assert sorted(map(tuple, fees["P02"].values())) == [((BLUE, 2),), ((PURPLE, 2),)]  # D
    assert list(fees["P13"].values()) == [[(PURPLE, 2)]]  # E
    assert list(fees["P12"].values()) == [[(PURPLE, 2), (PURPLE, 1)]]  # F


def test_TV_RA_17_rulebook_FAQ_buying_E_then_F():
    """TV-RA-17, rulebook: FAQ blocked player, buying E pays 2 to purple + E's price 2 to the herd; then F, next to E,
    is a normal purchase for its price alone (on the proposed board F = P30, price 2)."""
    state = blocked_orange([rabbits("F1a", 6), rabbits("P33", 6)])
    herd0 = herd(state)["rabbit"]
    purple0 = owns(state, PURPLE)["rabbit"]
    buy(state, "P13")
    link(state, "P14")
    give(state, "rabbit", 4)
    act(state, {"type": "CONFIRM"})
    assert herd(state)["rabbit"] == herd0 + 2
    assert owns(state, PURPLE)["rabbit"] == purple0 + 2
    buy(state, "P30")
    give(state, "rabbit", 2)
    act(state, {"type": "CONFIRM"})
    assert herd(state)["rabbit"] == herd0 + 4
    assert owns(state, PURPLE)["rabbit"] == purple0 + 2
    assert owns(state, ORANGE)["rabbit"] == 6


def test_TV_RA_17_rulebook_FAQ_pasture_D_buyer_chooses_whom_to_pay():
    """TV-RA-17 (RA-R21), rulebook: FAQ pasture D, the buyer picks the owner among equal minimum chains."""
    for first_link, owner in (("P15", BLUE), ("P14", PURPLE)):
        state = blocked_orange([rabbits("F1a", 3)])
        before = {seat: owns(state, seat)["rabbit"] for seat in (BLUE, PURPLE)}
        buy(state, "P02")
        link(state, first_link)
        give(state, "rabbit", 3)
        act(state, {"type": "CONFIRM"})
        gained = {seat: owns(state, seat)["rabbit"] - before[seat] for seat in (BLUE, PURPLE)}
        assert gained == {BLUE: 2 if owner == BLUE else 0, PURPLE: 2 if owner == PURPLE else 0}
        assert "P02" in pastures(state, ORANGE)


# --- TV-RA-22 --------------------------------------------------------------------------------
def test_TV_RA_22_fee_rabbits_make_the_owner_win_during_another_turn():
    """TV-RA-22 (RA-R23, RA-R43): the 2 fee rabbits land on P14 for purple, who wins at once."""
    purple = [horse("F6a", "F6b", "P53"), cow("P54", "P31"), sheep("P32")]
    state = blocked_orange([rabbits("F1a", 4)], purple)
    state.apply_action(37)  # BUY(P13)
    state.apply_action(92)  # LINK(P14)
    give(state, "rabbit", 4)
    act(state, {"type": "CONFIRM"})
    assert on(state, "P14") == ("rabbit", 2)
    assert on(state, "P01") is None
    assert state.is_terminal()
    assert state.to_json()["winner"] == PURPLE
    returns = state.returns()
    assert returns[PURPLE] == 1.0
    assert all(r < 0 for seat, r in enumerate(returns) if seat != PURPLE)


# --- RA-R23 ----------------------------------------------------------------------------------
def test_RA_R23_fee_rabbits_top_up_existing_stacks_safest_first():
    """RA-R23: existing stacks are filled to 6 first, the safest (P14, cost 2) before P01 (cost 1),
    even though an empty farm cell exists."""
    purple = [rabbits("P14", 5), rabbits("P01", 5)]
    state = blocked_orange([rabbits("F1a", 4), sheep("F1b")], purple)
    buy(state, "P13")
    link(state, "P14")
    give(state, "rabbit", 4)
    act(state, {"type": "CONFIRM"})
    assert on(state, "P14") == ("rabbit", 6)
    assert on(state, "P01") == ("rabbit", 6)
    assert on(state, "F6a") is None


def test_RA_R23_fee_rabbits_fill_farm_cells_first_each_to_six():
    """RA-R23: with no stack, fees go to the empty farm cell of lowest index (F6a), filled before
    the next space: the 2 + 1 fees of a P12 purchase all land on F6a."""
    state = blocked_orange([rabbits("F1a", 4)])
    buy(state, "P12")
    link(state, "P14")
    link(state, "P01")
    give(state, "rabbit", 4)
    act(state, {"type": "CONFIRM"})
    assert on(state, "F6a") == ("rabbit", 3)
    assert on(state, "F6b") is None


def test_RA_R23_fee_rabbits_prefer_cost_4_then_cost_2_then_cost_1():
    """RA-R23: farm cells taken, the empty cost-4 pasture comes before cost-2 and cost-1 ones."""
    purple = [cow("F6a", "F6b"), sheep("P53"), sheep("P54"), sheep("P31")]
    # Purple's empty spaces: P32 (cost 4), P14 (cost 2), P01 (cost 1).
    state = blocked_orange([rabbits("F1a", 4)], purple)
    buy(state, "P13")
    link(state, "P14")
    give(state, "rabbit", 4)
    act(state, {"type": "CONFIRM"})
    assert on(state, "P32") == ("rabbit", 2)
    assert on(state, "P14") is None and on(state, "P01") is None


def test_RA_R23_fee_rabbits_that_do_not_fit_go_back_to_the_herd():
    """RA-R23: purple has no room for a rabbit: the 2 fee rabbits return to the herd."""
    purple = [
        horse("F6a", "F6b", "P53"),
        cow("P54", "P31"),
        sheep("P32"),
        sheep("P14"),
        sheep("P01"),
    ]
    state = blocked_orange([rabbits("F1a", 4)], purple)
    herd0 = herd(state)["rabbit"]
    buy(state, "P13")
    link(state, "P14")
    give(state, "rabbit", 4)
    act(state, {"type": "CONFIRM"})
    assert owns(state, PURPLE)["rabbit"] == 0
    assert herd(state)["rabbit"] == herd0 + 4
    assert not state.is_terminal()  # no rabbit placed, so purple has not won
    assert conserved(state)


# --- RA-R16 … RA-R20 -----------------------------------------------------------------------
TWELVE = ["P32", "P33", "P34", "P13", "P14", "P15", "P16", "P31", "P35", "P01", "P02", "P03"]


def test_TV_RA_31_no_purchase_with_twelve_pastures():
    """TV-RA-31 (RA-R16): a player who owns 12 pastures cannot BUY anything."""
    state = position(pastures={0: TWELVE}, pieces=[horse("F1a", "F1b", "P33"), cow("P13", "P14")])
    assert buyable(state) == set()
    give(state, "horse")
    assert buyable(state) == set()


def test_RA_R16_pastures_in_the_open_transaction_count_against_the_limit():
    """RA-R16: with 11 pastures one more may be bought, and no second one in the same transaction."""
    state = position(pastures={0: TWELVE[:11]}, pieces=[horse("F1a", "F1b", "P33")])
    assert "P03" in buyable(state)
    buy(state, "P03")
    assert buyable(state) == set()


def test_RA_R16_pasture_limit_is_a_game_param():
    """RA-R16 / spec 0: the limit comes from data and can be overridden (here 1)."""
    from ra_helpers import game

    state = position(the_game=game(2, pasture_limit=1), pieces=[sheep("F1b")])
    buy(state, "P33")
    assert buyable(state) == set()


def test_RA_R18_normal_purchase_adjacent_to_territory_or_open_transaction():
    """RA-R18: only pastures touching the territory (farm cells included); a pasture bought in the
    open transaction extends the reach at once (P33 -> P14 -> P02 in one transaction)."""
    state = position(pieces=[rabbits("F1a", 6), sheep("F1b")])
    assert buyable(state) == {"P32", "P33", "P34"}
    buy(state, "P33")
    assert {"P14", "P15"} <= buyable(state)
    buy(state, "P14")
    assert {"P02", "P01", "P13"} <= buyable(state)
    buy(state, "P02")
    give(state, "sheep")
    give(state, "rabbit")
    assert legal(state, "CONFIRM")  # 4 + 2 + 1 = 7 = 6 + 1
    act(state, {"type": "CONFIRM"})
    assert pastures(state, 0) == ["P02", "P14", "P33"]


def test_RA_R18_a_pasture_not_touching_the_reach_cannot_be_bought():
    """RA-R18: P14 does not touch farm 1; BUY(P14) raises and changes nothing."""
    state = position(pieces=[rabbits("F1a", 6), sheep("F1b")])
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        buy(state, "P14")
    assert state.to_json() == before


def test_RA_R19_bought_pastures_are_never_lost_or_bought_by_others():
    """RA-R19: a pasture stays its owner's through attacks and the loss of every animal on it."""
    state = position(
        pastures={0: ["P33", "P14", "P02"], 1: ["P45"]},
        pieces=[sheep("P14"), rabbits("P02", 3), rabbits("F4a", 6)],
    )
    roll(state, "wolf", "fox")
    act(state, {"type": "WOLF_FIRST"})
    state.apply_action(2)  # the wolf takes the sheep on P14
    state.apply_action(1)  # the fox takes the rabbits on P02
    assert owns(state, 0)["sheep"] == 0 and owns(state, 0)["rabbit"] == 0
    assert pastures(state, 0) == ["P02", "P14", "P33"]
    act(state, {"type": "END_TURN"})
    assert pastures(state, 0) == ["P02", "P14", "P33"]


def test_RA_R19_a_neighbour_cannot_buy_an_owned_pasture():
    """RA-R19: blue (farm 2) owns P34 and P15, which touch orange's P33; BUY(P33) is never legal
    for blue, only free pastures are."""
    state = position(
        6,
        pastures={ORANGE: ["P33"], BLUE: ["P34", "P15"]},
        pieces=[rabbits("F2a", 6), sheep("F2b")],
        active=BLUE,
    )
    options = buyable(state)
    assert "P33" not in options
    assert {"P14", "P16", "P35", "P36", "P37"} <= options
    with pytest.raises(IllegalActionError):
        buy(state, "P33")


def test_RA_R20_a_player_with_a_free_adjacent_pasture_is_not_blocked():
    """RA-R20: while any empty pasture touches the territory no passage purchase is offered."""
    state = position(
        6,
        pastures={ORANGE: ["P33"], PURPLE: ["P32", "P14"]},
        pieces=[horse("F1a", "F1b", "P33")],
    )
    assert buyable(state) == {"P15", "P34"}
    assert "P13" not in buyable(state)


def test_RA_R20_closing_a_route_ends_the_block_within_the_transaction():
    """RA-R20/RA-R22: once P13 joins the open transaction, P30 (touching it) is a normal purchase
    and no passage target is offered any more."""
    state = blocked_orange()
    buy(state, "P13")
    link(state, "P14")
    assert state.to_json()["transaction"]["route"] is None
    assert buyable(state) == {"P30"}
    buy(state, "P30")
    tr = state.to_json()["transaction"]
    assert tr["buy"] == ["P13", "P30"] and tr["fees"] == [{"owner": PURPLE, "rabbits": 2}]


@pytest.mark.parametrize("limit", [6, 7])
def test_RA_R20_no_passage_purchase_without_a_disc(limit):
    """RA-R20: a hemmed-in player with no disc left is not blocked: nothing can be bought
    (control: with one more disc the same player has passage purchases)."""
    from ra_helpers import game

    state = position(
        6,
        the_game=game(6, pasture_limit=limit),
        pastures={
            ORANGE: ["P33", "P32", "P34", "P14", "P15", "P13"],
            PURPLE: ["P31", "P54", "P30", "P01", "P02", "P53"],
            BLUE: ["P03", "P16", "P35", "P36", "P17", "P04"],
        },
        pieces=[horse("F1a", "F1b", "P33")],
    )
    if limit == 6:
        assert buyable(state) == set()
    else:
        assert "P12" in buyable(state)  # via P01 (fee 1), a passage purchase


def test_9_3_cancel_drops_an_open_route():
    """9.3: while a route is open only LINK and CANCEL; CANCEL discards it with no effect."""
    state = blocked_orange()
    before = state.to_json()
    buy(state, "P12")
    link(state, "P14")
    assert state.to_json()["transaction"]["route"]["links"] == ["P14"]
    assert {d["type"] for d in legal_json(state)} == {"LINK", "CANCEL"}
    act(state, {"type": "CANCEL"})
    after = state.to_json()
    after["turn_actions"] = before["turn_actions"]
    assert after == before


def test_RA_R11_fee_rabbits_must_be_in_stock():
    """RA-R11: herd_rabbits + G_rabbits >= R_rabbits + fees. With an empty herd, orange can pay the
    P13 purchase (2 + fee 2) with 4 rabbits of its own, but cannot take rabbits as change for a
    sheep (the herd could not pay them and the fee)."""
    dump_land = ["P40", "P41", "P42", "P20", "P21", "P22", "P43", "P44"]
    kwargs = {"extra_land": {2: dump_land}, "herd": {"rabbit": 0}, "dump": 2}
    with_rabbits = blocked_orange([rabbits("F1a", 4), sheep("F1b")], **kwargs)
    assert herd(with_rabbits)["rabbit"] == 0
    buy(with_rabbits, "P13")
    link(with_rabbits, "P14")
    give(with_rabbits, "rabbit", 4)
    assert legal(with_rabbits, "CONFIRM")
    act(with_rabbits, {"type": "CONFIRM"})
    assert herd(with_rabbits)["rabbit"] == 2
    assert owns(with_rabbits, PURPLE)["rabbit"] == 2

    with_sheep = blocked_orange([rabbits("F1a", 4), sheep("F1b")], **kwargs)
    buy(with_sheep, "P13")
    link(with_sheep, "P14")
    give(with_sheep, "sheep")
    assert not legal(with_sheep, "RECEIVE", kind="rabbit")
    assert not legal(with_sheep, "CONFIRM")


def test_RA_R21_the_tensor_shows_the_route_being_built_and_the_fees_owed():
    """RA-R21, TV-RA-20: while orange builds the passage route to P12 (links P14 then P01,
    fees 2 + 1 to purple), every seat's tensor shows the route's target, its links, the fees
    so far and the fee to reach; once the route closes, P12 is bought and purple is owed 3
    rabbits (relative to each viewer). The state encoding and the writers equal the reference
    at each step."""
    state = blocked_orange()
    g = state.game
    layout = g.tensor_layout
    index = state.cfg.board.index
    writers = writers_of(g)

    def shows(name, seat=ORANGE):
        v = state.observation_tensor(seat)
        return v[layout[name].start : layout[name].stop]

    def at(*pids):
        out = np.zeros(layout["route_target"].stop - layout["route_target"].start, np.float32)
        for pid in pids:
            out[index[pid]] = 1.0
        return out

    buy(state, "P12")
    check(writers, state, "RA-R21: a route is open to P12")
    assert np.array_equal(shows("route_target"), at("P12"))
    assert not shows("route_links").any() and not shows("buy").any()
    assert shows("route_fee").tolist() == pytest.approx([0.0, 0.3])
    link(state, "P14")
    check(writers, state, "RA-R21: the first link")
    assert np.array_equal(shows("route_links"), at("P14"))
    assert shows("route_fee").tolist() == pytest.approx([0.2, 0.3])
    link(state, "P01")
    check(writers, state, "RA-R21: the route closed")
    for seat in range(6):
        assert not shows("route_target", seat).any() and not shows("route_links", seat).any()
        assert np.array_equal(shows("buy", seat), at("P12"))
        owed = np.zeros(6, np.float32)
        owed[(PURPLE - seat) % 6] = 0.3
        assert shows("fees", seat) == pytest.approx(owed)
