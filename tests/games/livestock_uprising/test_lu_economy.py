"""Harvest (LU-R61 … LU-R66), marshaling (LU-R67 … LU-R72) and transfer (LU-R73, LU-R74),
with their cards: Bumper Crop, Foraging Party, Scorched Earth, Reinforcements, Trade Caravan,
Rally.

The Chickens (seat 0) are to act; ``END`` leaves the Action Phase, and the harvest resolves by
itself unless they hold a card.
"""

from __future__ import annotations

from lu_helpers import (
    act,
    end_phase_until,
    legal,
    legal_json,
    phase,
    scenario,
    supply,
    tokens_of,
    troops,
    units_of,
)

NONE = {"grass": 0, "hay": 0, "corn": 0, "carrot": 0, "apple": 0}


def _tokens(**kw):
    return {**NONE, **kw}


# --- harvest --------------------------------------------------------------------------------------


def test_lu_r61_each_general_harvests_its_own_tile_once():
    """LU-R61, LU-R66: each General harvests only the tile it stands on, 1 token, into the
    player's pool."""
    s = scenario(
        tiles={(1, 1): "hay", (3, 3): "hay"},
        pieces={
            "CH-G1": ((1, 1), ["T01"]),
            "CH-G2": ((3, 3), ["T02"]),
            "CH-G3": ((2, 2), []),
            "CO-G1": ((4, 0), []),
        },
    )
    act(s, "END")
    assert tokens_of(s, 0) == _tokens(grass=1, hay=2)
    assert supply(s)["hay"] == 28
    assert supply(s)["grass"] == 39


def test_lu_r62_truffle_hog_counts_as_every_icon():
    """LU-R62 (HARVEST_ANY): a Truffle Hog General harvests apple."""
    s = scenario(
        factions=("PI", "CO"),
        tiles={(2, 2): "apple"},
        pieces={"PI-G1": ((2, 2), ["PI-SF1"]), "CO-G1": ((4, 0), [])},
    )
    act(s, "END")
    assert tokens_of(s, 0) == _tokens(apple=1)


def test_lu_r62_icon_must_match_the_tile():
    """LU-R62: Gunner Goose (hay icon) on carrot harvests nothing; Armored Alpaca (carrot)
    does."""
    s = scenario(
        tiles={(2, 2): "carrot", (2, 4): "carrot"},
        pieces={"CH-G1": ((2, 2), ["T02"]), "CH-G2": ((2, 4), ["T06"]), "CO-G1": ((4, 0), [])},
    )
    act(s, "END")
    assert tokens_of(s, 0) == _tokens(carrot=1)


def test_lu_r63_barns_empty_fields_and_super_armies_yield_nothing():
    """LU-R63, LU-R83: a barn and an empty field yield nothing; a Super Army never harvests,
    even on grass."""
    s = scenario(
        barns={0: (0, 2)},
        tiles={(2, 2): "empty"},
        pieces={"CH-G1": ((0, 2), []), "CH-G2": ((2, 2), []), "CO-G1": ((4, 0), [])},
    )
    act(s, "END")
    assert tokens_of(s, 0) == NONE
    s = scenario(pieces={"CH-SA": ((2, 2), ["T01"]), "CO-G1": ((4, 0), [])})
    act(s, "END")
    assert tokens_of(s, 0) == NONE


def test_lu_r65_a_general_that_fought_still_harvests():
    """LU-R65: a General that attacked and advanced harvests its new tile."""
    s = scenario(
        tiles={(2, 2): "hay"},
        pieces={"CH-G1": ((2, 1), ["T10", "T01"]), "CO-G1": ((2, 2), ["T02"])},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")  # No Defence: the Cows lose at once
    act(s, "RETREAT", dir="E")
    # CH-G1 was the Chickens' only piece and no card is held: the rest of their turn resolves
    # by itself (the harvest included, LU-R65), and the Cows are to act.
    assert (s.to_json()["active"], phase(s)) == (1, "action")
    assert tokens_of(s, 0)["hay"] == 1


def test_cc04_bumper_crop_doubles_one_generals_harvest():
    """CC04 (LU-R61): the chosen General takes 2 tokens instead of 1."""
    s = scenario(
        tiles={(1, 1): "hay"},
        pieces={"CH-G1": ((1, 1), ["T01"]), "CH-G2": ((3, 3), []), "CO-G1": ((4, 0), [])},
        hands={0: ["CC04"]},
    )
    act(s, "END")
    assert phase(s) == "harvest"
    act(s, "PLAY", card="CC04")
    act(s, "PIECE", piece="G1")
    # No card is left to play, so the harvest resolves at once (LU-R65): the Marshaling Phase.
    assert phase(s) == "marshal"
    assert tokens_of(s, 0) == _tokens(grass=1, hay=2)


def test_cc04_bumper_crop_does_not_stack_with_sow_of_plenty():
    """CC04, LU-R61, LU-R78: Bumper Crop and Sow of Plenty do not stack, so on the only
    General, the Sow General, the card would do nothing and is not offered; the Sow General
    takes 2 tokens."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={"PI-G1": ((2, 2), ["PI-SF2"]), "CO-G1": ((4, 0), [])},
        hands={0: ["CC04"]},
    )
    act(s, "END")
    assert phase(s) == "harvest"  # the Pigs hold a card, so the harvest decision is asked
    assert legal_json(s) == [{"type": "END"}]
    act(s, "END")
    assert tokens_of(s, 0)["grass"] == 2


def test_cc05_foraging_party_harvests_without_the_icon():
    """CC05: the chosen General may harvest its tile without the matching icon."""
    s = scenario(
        tiles={(1, 1): "corn"},
        pieces={"CH-G1": ((1, 1), ["T01"]), "CO-G1": ((4, 0), [])},
        hands={0: ["CC05"]},
    )
    act(s, "END")
    act(s, "PLAY", card="CC05")
    assert phase(s) == "card_target"  # LU-R100: the General is a follow-up choice
    assert legal_json(s) == [{"type": "PIECE", "piece": "G1"}]
    act(s, "PIECE", piece="G1")
    # No card is left, so the harvest resolves at once; nothing is affordable and nobody can
    # transfer: the Cows are to act.
    assert (s.to_json()["active"], phase(s)) == (1, "action")
    assert tokens_of(s, 0) == _tokens(corn=1)


def test_cc11_scorched_earth_stops_every_harvest_until_the_players_next_turn():
    """CC11, LU-R63: the Chickens scorch the hay tile under CO-G1 (within 2 steps of CH-G1):
    the Cows harvest nothing there on their turn; on the Chickens' next turn the tile is
    free again."""
    s = scenario(
        tiles={(2, 3): "hay"},
        pieces={"CH-G1": ((2, 1), []), "CO-G1": ((2, 3), ["T01"])},
        hands={0: ["CC11"]},
    )
    act(s, "PLAY", card="CC11")
    assert phase(s) == "card_target"
    cells = {tuple(a["cell"]) for a in legal_json(s)}
    assert (2, 3) in cells
    assert (0, 4) not in cells  # 3 steps from CH-G1
    act(s, "CELL", cell=[2, 3])
    assert s.to_json()["scorched"] == [{"cell": [2, 3], "seat": 0}]
    end_phase_until(s, seat=1)
    act(s, "END")
    assert tokens_of(s, 1)["hay"] == 0
    end_phase_until(s, seat=0)
    assert s.to_json()["scorched"] == []


def test_cc11_scorched_earth_only_within_two_steps_of_own_piece():
    """CC11: only a resource tile within Chebyshev distance 2 of one of your pieces."""
    s = scenario(
        barns={0: (4, 2), 1: (0, 2)},
        tiles={(2, 2): "empty"},
        pieces={"CH-G1": ((4, 0), []), "CO-G1": ((0, 4), [])},
        hands={0: ["CC11"]},
    )
    act(s, "PLAY", card="CC11")
    cells = {tuple(a["cell"]) for a in legal_json(s)}
    assert cells == {
        (r, c) for r in range(2, 5) for c in range(0, 3) if (r, c) not in ((4, 2), (2, 2))
    }


# --- marshaling --------------------------------------------------------------------------------------


def _marshal(tokens, pieces=None, factions=("CH", "CO"), **kwargs):
    """The Chickens at their Marshaling Phase (Generals on empty fields: no harvest)."""
    pieces = pieces or {"CH-G1": ((2, 2), []), "CO-G1": ((4, 0), [])}
    tiles = {cell: "empty" for cell, _ in pieces.values() if cell is not None}
    tiles.update(kwargs.pop("tiles", {}))
    s = scenario(factions=factions, pieces=pieces, tokens={0: tokens}, tiles=tiles, **kwargs)
    act(s, "END")
    return s


def test_lu_r67_exact_cost_paid_back_to_the_supply():
    """LU-R67: the printed cost is paid exactly, and the tokens return to the supply."""
    s = _marshal({"hay": 1, "corn": 2, "grass": 5})
    assert phase(s) == "marshal"
    before = supply(s)
    act(s, "MARSHAL", unit="T05")
    assert units_of(s, "CH-G1") == ["T05"]
    assert tokens_of(s, 0) == _tokens(grass=5)
    after = supply(s)
    assert after["hay"] == before["hay"] + 1 and after["corn"] == before["corn"] + 2
    assert troops(s)["T05"] == 4


def test_lu_r67_no_substitution_between_resources():
    """LU-R67: an apple is no substitute for grass: 1 grass + 5 apples buy no Sheep."""
    s = _marshal({"grass": 1, "apple": 5}, hands={0: ["CC07"]})
    assert phase(s) == "harvest"
    act(s, "END")
    assert phase(s) == "marshal"
    assert not any(a["type"] == "MARSHAL" for a in legal_json(s))


def test_lu_r67_marshal_any_number_and_spending_is_optional():
    """LU-R67: several units in one phase; the player may end with tokens left."""
    s = _marshal({"grass": 7})
    act(s, "MARSHAL", unit="T01")
    act(s, "MARSHAL", unit="T01")
    act(s, "MARSHAL", unit="T01")
    assert units_of(s, "CH-G1") == ["T01", "T01", "T01"]
    assert tokens_of(s, 0) == _tokens(grass=1)


def test_lu_r68_troop_only_while_a_copy_is_in_the_supply():
    """LU-R68: with all 3 Attack Dogs in battalions, none can be marshaled."""
    s = _marshal(
        {"carrot": 2, "apple": 4},
        pieces={"CH-G1": ((2, 2), []), "CO-G1": ((4, 0), ["T10", "T10", "T10"])},
    )
    assert troops(s)["T10"] == 0
    assert not legal(s, "MARSHAL", unit="T10")
    assert legal(s, "MARSHAL", unit="T09")


def test_lu_r69_special_forces_only_own_faction_and_in_reserve():
    """LU-R69: the Chickens may marshal their own Special Forces, never another faction's; a
    card already in play is not offered again."""
    s = _marshal(
        {"hay": 4, "corn": 4, "carrot": 4, "apple": 4},
        pieces={"CH-G1": ((2, 2), ["CH-SF2"]), "CO-G1": ((4, 0), [])},
    )
    offered = {a["unit"] for a in legal_json(s) if a["type"] == "MARSHAL"}
    assert {"CH-SF1", "CH-SF3"} <= offered
    assert "CH-SF2" not in offered
    assert not any(u.startswith(("CO-", "GO-", "PI-")) for u in offered)


def test_lu_r69_removed_special_forces_never_return():
    """LU-R69, LU-R56: a Special Forces card removed as a casualty is never offered."""
    s = _marshal({"hay": 4, "corn": 4}, removed_sf=["CH-SF1"])
    assert not legal(s, "MARSHAL", unit="CH-SF1")


def test_lu_r71_super_army_cap_fifteen():
    """LU-R71, LU-R72: a Super Army with 15 units takes no more; with 14 it takes one."""
    full = ["T01"] * 8 + ["T02"] * 6 + ["T03"]
    # The Chickens hold a card, so the Marshaling Phase is asked even with nothing to marshal.
    s = _marshal(
        {"grass": 4},
        pieces={"CH-SA": ((2, 2), full), "CO-G1": ((4, 0), [])},
        hands={0: ["CC07"]},
    )
    end_phase_until(s, stop="marshal")
    assert phase(s) == "marshal" and s.to_json()["active"] == 0
    assert legal_json(s) == [{"type": "END"}]
    s = _marshal(
        {"grass": 4, "hay": 2},
        pieces={"CH-SA": ((2, 2), full[1:]), "CO-G1": ((4, 0), [])},
    )
    assert phase(s) == "marshal"
    act(s, "MARSHAL", unit="T01")
    assert len(units_of(s, "CH-SA")) == 15


def test_lu_r72_super_army_marshals_in_later_phases():
    """LU-R72: new units join the Super Army (no target choice)."""
    s = _marshal({"grass": 3}, pieces={"CH-SA": ((2, 2), ["T04"]), "CO-G1": ((4, 0), [])})
    act(s, "MARSHAL", unit="T02")
    assert units_of(s, "CH-SA") == ["T04", "T02"]


def test_cc06_reinforcements_waives_one_token():
    """CC06: the next marshal this phase costs 1 token less, of the type chosen: a Trench
    Turkey (1 grass + 2 hay) for 1 grass + 1 hay."""
    s = _marshal({"grass": 1, "hay": 1}, hands={0: ["CC06"]})
    act(s, "END")  # the harvest decision
    assert phase(s) == "marshal"
    assert not legal(s, "MARSHAL", unit="T03")
    act(s, "PLAY", card="CC06")
    assert phase(s) == "card_target"
    act(s, "RESOURCE", resource="hay")
    assert legal(s, "MARSHAL", unit="T03")
    act(s, "MARSHAL", unit="T03")
    assert units_of(s, "CH-G1") == ["T03"]
    assert tokens_of(s, 0) == NONE


def test_cc06_reinforcements_only_for_the_next_marshal():
    """CC06: the waiver applies once: the second Sheep costs the full 2 grass."""
    s = _marshal({"grass": 3}, hands={0: ["CC06"]})
    act(s, "END")
    act(s, "PLAY", card="CC06")
    act(s, "RESOURCE", resource="grass")
    act(s, "MARSHAL", unit="T01")
    assert tokens_of(s, 0) == _tokens(grass=2)
    act(s, "MARSHAL", unit="T01")
    assert tokens_of(s, 0) == NONE


def test_cc12_trade_caravan_three_for_one_up_to_twice():
    """CC12 (OWN_ANY): return 3 tokens of any types, take 1 of any type; up to twice."""
    s = _marshal({"grass": 6}, hands={0: ["CC12"]})
    act(s, "END")
    assert phase(s) == "marshal"
    act(s, "PLAY", card="CC12")
    for _ in range(3):
        act(s, "RESOURCE", resource="grass")
    act(s, "RESOURCE", resource="apple")
    assert tokens_of(s, 0) == _tokens(grass=3, apple=1)
    for _ in range(3):
        act(s, "RESOURCE", resource="grass")
    act(s, "RESOURCE", resource="carrot")
    assert tokens_of(s, 0) == _tokens(apple=1, carrot=1)
    assert phase(s) == "marshal"
    assert supply(s)["grass"] == 40


def test_cc12_trade_caravan_may_stop_after_one_exchange():
    """CC12: 'up to twice'."""
    s = _marshal({"grass": 7}, hands={0: ["CC12"]})
    act(s, "END")
    act(s, "PLAY", card="CC12")
    for _ in range(3):
        act(s, "RESOURCE", resource="grass")
    act(s, "RESOURCE", resource="hay")
    act(s, "END")
    assert tokens_of(s, 0) == _tokens(grass=4, hay=1)


# --- transfer ---------------------------------------------------------------------------------------


def test_lu_r73_one_transfer_only():
    """LU-R73: one unit moves between two adjacent Generals, once per turn."""
    s = _marshal(
        {},
        pieces={
            "CH-G1": ((2, 2), ["T01", "T02"]),
            "CH-G2": ((2, 3), []),
            "CO-G1": ((4, 0), []),
        },
    )
    assert phase(s) == "transfer"
    act(s, "PIECE", piece="G1")
    act(s, "UNIT", unit="T02")
    act(s, "PIECE", piece="G2")
    assert units_of(s, "CH-G2") == ["T02"]
    assert s.to_json()["active"] == 1  # no second transfer: the turn is over


def test_lu_r73_both_in_the_own_barn():
    """LU-R73: two Generals in their own barn may transfer."""
    s = _marshal(
        {},
        pieces={
            "CH-G1": ((0, 2), ["T01"]),
            "CH-G2": ((0, 2), []),
            "CO-G1": ((4, 0), []),
        },
        barns={0: (0, 2)},
    )
    assert phase(s) == "transfer"
    act(s, "PIECE", piece="G1")
    act(s, "UNIT", unit="T01")
    act(s, "PIECE", piece="G2")
    assert units_of(s, "CH-G2") == ["T01"]


def test_lu_r73_receiver_below_five():
    """LU-R73: a General with 5 units receives nothing."""
    s = _marshal(
        {},
        pieces={
            "CH-G1": ((2, 2), ["T01"]),
            "CH-G2": ((2, 3), ["T02"] * 5),
            "CO-G1": ((4, 0), []),
        },
    )
    assert phase(s) == "transfer"
    assert legal_json(s) == [{"type": "PIECE", "piece": "G2"}, {"type": "END"}]


def test_lu_r74_no_transfer_with_a_super_army():
    """LU-R74: transfer does not apply to a Super Army."""
    s = _marshal(
        {}, pieces={"CH-SA": ((2, 2), ["T01"]), "CO-G1": ((4, 0), [])}, hands={0: ["CC07"]}
    )
    end_phase_until(s, stop="transfer")
    assert legal_json(s) == [{"type": "END"}]


def test_cc13_rally_three_transfers_within_two_steps():
    """CC13: up to 3 transfers, between Generals up to 2 steps apart."""
    s = _marshal(
        {},
        pieces={
            "CH-G1": ((2, 0), ["T01", "T02", "T03"]),
            "CH-G2": ((2, 2), []),
            "CH-G3": ((2, 4), []),
            "CO-G1": ((4, 0), []),
        },
        hands={0: ["CC13"]},
    )
    end_phase_until(s, stop="transfer")
    act(s, "PLAY", card="CC13")
    moves = [("G1", "T01", "G2"), ("G1", "T02", "G2"), ("G2", "T01", "G3")]
    for src, unit, dst in moves:
        act(s, "PIECE", piece=src)
        act(s, "UNIT", unit=unit)
        act(s, "PIECE", piece=dst)
    assert units_of(s, "CH-G1") == ["T03"]
    assert units_of(s, "CH-G2") == ["T02"]
    assert units_of(s, "CH-G3") == ["T01"]
    # The 3 transfers are used up and no card is left: the turn ends by itself.
    assert (s.to_json()["active"], phase(s)) == (1, "action")


def test_lu_r64_sow_of_plenty_takes_what_is_left():
    """LU-R64: with 1 grass left in the supply, Sow of Plenty takes only that one."""
    s = scenario(
        factions=("PI", "CO"),
        pieces={"PI-G1": ((2, 2), ["PI-SF2"]), "CO-G1": ((4, 0), [])},
        tokens={1: {"grass": 39}},
    )
    act(s, "END")
    assert tokens_of(s, 0)["grass"] == 1
    assert supply(s)["grass"] == 0
