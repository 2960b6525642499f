"""The data tables of rules/livestock_uprising.md §2 against the game's data files (§0.2: every
PROPOSED value lives in data, each record with its provenance)."""

from __future__ import annotations

import pytest
from lu_helpers import CAT

from farmstead.core.registry import load_game

RES = ("grass", "hay", "corn", "carrot", "apple")


def _cost(**kw):
    return tuple(kw.get(r, 0) for r in RES)


# §2.4: id, name, copies, ATK, DEF, harvest icons, cost.
TROOPS = [
    ("T01", "Sacrificial Sheep", 8, 0, 1, {"hay"}, _cost(grass=2)),
    ("T02", "Gunner Goose", 6, 1, 0, {"hay"}, _cost(grass=3)),
    ("T03", "Trench Turkey", 6, 0, 2, {"corn"}, _cost(grass=1, hay=2)),
    ("T04", "Dynamite Donkey", 6, 2, 0, {"corn"}, _cost(grass=1, hay=2)),
    ("T05", "Bloodthirsty Llama", 5, 3, 1, {"carrot"}, _cost(hay=1, corn=2)),
    ("T06", "Armored Alpaca", 5, 1, 3, {"carrot"}, _cost(hay=1, corn=2)),
    ("T07", "Mad Mule", 4, 3, 2, {"apple"}, _cost(corn=1, carrot=2)),
    ("T08", "Cavalry Horse", 4, 2, 3, {"apple"}, _cost(corn=1, carrot=2)),
    ("T09", "Ornery Oxen", 3, 3, 5, set(), _cost(carrot=1, apple=2)),
    ("T10", "Attack Dog", 3, 5, 3, set(), _cost(carrot=1, apple=2)),
]

# §2.5: id, name, ATK, DEF, harvest, cost, effect code.
SPECIAL = [
    ("CH-SF1", "Rocket Rooster", 2, 1, {"corn"}, _cost(hay=2, corn=1), "MOVE_BASE_3"),
    ("CH-SF2", "Sky Hen", 1, 2, set(), _cost(corn=1, carrot=1), "FLY_OVER"),
    ("CH-SF3", "Egg Bomber", 4, 1, set(), _cost(carrot=1, apple=1), "POST_BATTLE_STEP"),
    ("PI-SF1", "Truffle Hog", 1, 2, "any", _cost(hay=2, corn=1), "HARVEST_ANY"),
    ("PI-SF2", "Sow of Plenty", 1, 1, set(), _cost(corn=2), "HARVEST_YIELD_2"),
    ("PI-SF3", "War Boar", 3, 3, set(), _cost(carrot=1, apple=1), "PLUNDER_1"),
    ("GO-SF1", "Billy Berserker", 4, 0, set(), _cost(hay=2, corn=1), ""),
    ("GO-SF2", "Horned Vanguard", 3, 1, set(), _cost(corn=2, carrot=1), "TIE_WINS_ATTACK"),
    ("GO-SF3", "Mountain Commando", 5, 2, set(), _cost(carrot=2, apple=1), "FREE_ATTACK_STEP"),
    ("CO-SF1", "Bovine Bulwark", 0, 4, set(), _cost(hay=2, corn=1), ""),
    ("CO-SF2", "Holy Cow", 1, 3, set(), _cost(corn=2, carrot=1), "HOLD_GROUND"),
    ("CO-SF3", "Longhorn Sentinel", 3, 5, set(), _cost(carrot=1, apple=2), "DEF_ROLL_2_KEEP_HIGH"),
]

# §2.7: id, name, window, out of turn.
COMMAND = [
    ("CC01", "Battle Cry", "BATTLE_PRE", True),
    ("CC02", "Hardened Hide", "BATTLE_PRE", True),
    ("CC03", "Forced March", "OWN_ACTION", False),
    ("CC04", "Bumper Crop", "OWN_HARVEST", False),
    ("CC05", "Foraging Party", "OWN_HARVEST", False),
    ("CC06", "Reinforcements", "OWN_MARSHAL", False),
    ("CC07", "Field Medic", "CASUALTY", True),
    ("CC08", "Second Wind", "BATTLE_POST_DICE", True),
    ("CC09", "Retreat!", "BATTLE_PRE", True),
    ("CC10", "Supply Raid", "AFTER_WIN", None),
    ("CC11", "Scorched Earth", "OWN_ANY", False),
    ("CC12", "Trade Caravan", "OWN_ANY", False),
    ("CC13", "Rally", "OWN_TRANSFER", False),
    ("CC14", "Ambush", "ENEMY_MOVE_END", True),
    ("CC15", "Fortify", "OWN_ACTION", False),
    ("CC16", "Airlift", "OWN_ACTION", False),
    ("CC17", "Double Time", "OWN_ACTION", False),
    ("CC18", "Espionage", "OWN_ANY", False),
]

# §2.8: id, name, window.
PLANS = [
    ("BP1", "Duel of Champions", "BATTLE_PRE"),
    ("BP2", "Blitzkrieg", "OWN_ACTION"),
    ("BP3", "Siege Engines", "BATTLE_PRE"),
    ("BP4", "Shield Wall", "OWN_ANY"),
    ("BP5", "Conscription", "OWN_ANY"),
    ("BP6", "Pincer Movement", "BATTLE_PRE"),
    ("BP7", "Last Stand", "CASUALTY"),
    ("BP8", "Fortune of War", "BATTLE_PRE"),
]

WINDOWS = (
    "BATTLE_PRE",
    "BATTLE_POST_DICE",
    "CASUALTY",
    "AFTER_WIN",
    "OWN_ANY",
    "OWN_ACTION",
    "OWN_HARVEST",
    "OWN_MARSHAL",
    "OWN_TRANSFER",
    "ENEMY_MOVE_END",
)


def _unit(uid):
    return CAT.units[CAT.unit_by_id[uid]]


def _card(cid):
    return CAT.cards[CAT.card_by_id[cid]]


@pytest.mark.parametrize(("uid", "name", "copies", "atk", "dfn", "harvest", "cost"), TROOPS)
def test_s2_4_troop_cards(uid, name, copies, atk, dfn, harvest, cost):
    """§2.4: the 50 Troop cards (names, copies, ATK/DEF, harvest icon, cost)."""
    u = _unit(uid)
    assert (u.name, u.copies, u.atk, u.defence, u.cost) == (name, copies, atk, dfn, cost)
    assert {RES[i] for i in u.harvest} == harvest
    assert not u.harvest_any and not u.special


def test_s2_4_fifty_troop_cards_in_ten_types():
    """§2.1, §2.4: 50 Troop cards, 10 types."""
    assert CAT.troop_types == 10
    assert sum(u.copies for u in CAT.units[:10]) == 50


@pytest.mark.parametrize(("uid", "name", "atk", "dfn", "harvest", "cost", "effect"), SPECIAL)
def test_s2_5_special_forces(uid, name, atk, dfn, harvest, cost, effect):
    """§2.5: the 12 Special Forces, one copy each, of their own faction."""
    u = _unit(uid)
    assert (u.name, u.atk, u.defence, u.cost, u.effect, u.copies) == (
        name,
        atk,
        dfn,
        cost,
        effect,
        1,
    )
    if harvest == "any":
        assert u.harvest_any
    else:
        assert {RES[i] for i in u.harvest} == harvest and not u.harvest_any
    assert CAT.factions[u.faction].code == uid[:2]


@pytest.mark.parametrize(("cid", "name", "window", "out_of_turn"), COMMAND)
def test_s2_7_command_cards(cid, name, window, out_of_turn):
    """§2.7: the 18 Command cards with their windows and whether they play out of turn."""
    c = _card(cid)
    assert c.name == name
    assert WINDOWS[c.window] == window
    assert not c.plan
    if out_of_turn is not None:
        assert c.out_of_turn is out_of_turn


@pytest.mark.parametrize(("cid", "name", "window"), PLANS)
def test_s2_8_battle_plans(cid, name, window):
    """§2.8: the 8 Battle Plans cards with their windows."""
    c = _card(cid)
    assert (c.name, WINDOWS[c.window], c.plan) == (name, window, True)


def test_s2_1_component_counts():
    """§2.1: 18 Command cards, 8 Battle Plans, 64 tiles with the barns, 125 tokens, 4
    factions with 3 Special Forces each."""
    assert CAT.command_cards == 18
    assert len(CAT.cards) - CAT.command_cards == 8
    assert sum(sum(row) for row in CAT.tile_mix) + 4 == 64
    assert sum(CAT.token_supply) == 125
    assert len(CAT.factions) == 4
    assert all(len(f.special_forces) == 3 for f in CAT.factions)


def test_s2_2_factions():
    """§2.2: Chickens blue, Cows red, Goats green, Pigs black, with their mottos."""
    got = {f.code: (f.name, f.barn_colour, f.motto) for f in CAT.factions}
    assert got == {
        "CH": ("Chickens", "blue", "Clucking Fast"),
        "CO": ("Cows", "red", "We Will Not Be Mooved"),
        "GO": ("Goats", "green", "First Into Baaaattle"),
        "PI": ("Pigs", "black", "He Who Harvests, Wins"),
    }


def test_s2_3_s2_10_resources_and_token_supply():
    """§2.3, §2.10: grass < hay < corn < carrot < apple; 40/30/25/18/12 tokens."""
    assert CAT.resources == RES
    assert CAT.token_supply == (40, 30, 25, 18, 12)


def test_s2_9_tile_mix_and_grids():
    """§2.9, LU-R14: the tile mix by back number, and the grids for 2-4 players."""
    mix = dict(zip(CAT.tile_types, CAT.tile_mix, strict=True))
    assert mix == {
        "grass": (5, 5, 4),
        "hay": (4, 4, 2),
        "corn": (3, 3, 2),
        "carrot": (3, 2, 1),
        "apple": (2, 1, 1),
        "empty": (2, 3, 1),
        "forest": (2, 2, 2),
        "lake": (2, 3, 1),
    }
    assert CAT.grids == {2: (3, 5), 3: (3, 7), 4: (4, 8)}


def test_proposed_settings():
    """LU-R30, LU-R42, LU-R71, LU-R98, §2.7, §2.8: the counts and modifiers of play."""
    p = CAT.play
    assert (p.general_steps, p.super_army_steps, p.general_units, p.super_army_units) == (
        2,
        3,
        5,
        15,
    )
    assert (p.general_dice, p.super_army_dice, p.super_army_casualties) == (1, 2, 2)
    assert (p.battle_cry, p.hardened_hide, p.fortify, p.shield_wall, p.siege_engines) == (
        2,
        3,
        2,
        6,
        6,
    )
    assert (p.forced_march_steps, p.rocket_rooster_steps, p.blitzkrieg_steps) == (2, 3, 6)
    assert (p.rally_transfers, p.rally_distance, p.scorched_earth_distance) == (3, 2, 2)
    assert (p.trade_caravan_give, p.trade_caravan_times, p.supply_raid_tokens) == (3, 2, 2)
    assert p.conscription_troops == 3
    assert p.command_cards == 3 and p.transfers == 1 and p.harvest_per_general == 1
    assert p.stalemate_round_limit == 30


def _items():
    return {item.name: item for item in load_game("livestock_uprising", 2).type.data_items()}


def test_s0_2_every_record_has_provenance():
    """§0.2: every data record carries a provenance tag (per field where it mixes tags)."""
    items = _items()
    assert items
    for item in items.values():
        assert item.provenance in ("OFFICIAL", "DERIVED", "PROPOSED")
        assert set(item.field_provenance.values()) <= {"OFFICIAL", "DERIVED", "PROPOSED"}


@pytest.mark.parametrize(
    ("name", "official", "proposed"),
    [
        ("T01", {"name", "cost", "harvest"}, {"copies", "atk", "def"}),
        ("T04", {"name"}, {"copies", "atk", "def", "harvest", "cost"}),
        ("T05", {"name"}, {"copies", "atk", "def", "harvest", "cost"}),
        ("T09", {"name", "cost"}, {"copies", "atk", "def", "harvest"}),
        ("CC01", {"name"}, {"window", "effect"}),
        ("CC02", {"name"}, {"window", "effect"}),
    ],
)
def test_s0_2_mixed_provenance_per_field(name, official, proposed):
    """§0.2, §2.4, §2.7: records that mix tags give them per field, as the spec's tables do."""
    fields = _items()[name].field_provenance
    for f in official:
        assert fields[f] == "OFFICIAL", f
    for f in proposed:
        assert fields[f] == "PROPOSED", f


@pytest.mark.parametrize(
    ("name", "tag"),
    [
        ("T02", "PROPOSED"),
        ("T10", "PROPOSED"),
        ("CH-SF1", "PROPOSED"),
        ("CO-SF3", "PROPOSED"),
        ("CC03", "PROPOSED"),
        ("CC18", "PROPOSED"),
        ("BP2", "PROPOSED"),
        ("tile_mix", "PROPOSED"),
        ("token_supply", "PROPOSED"),
        ("stalemate", "PROPOSED"),
        ("modifiers", "PROPOSED"),
        ("grids", "OFFICIAL"),
        ("troop_total", "OFFICIAL"),
        ("hands", "OFFICIAL"),
    ],
)
def test_s0_2_record_provenance(name, tag):
    """§0.2, §2: PROPOSED values are marked PROPOSED; OFFICIAL ones OFFICIAL."""
    assert _items()[name].provenance == tag
