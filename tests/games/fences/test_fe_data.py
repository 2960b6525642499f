"""The data files (rules/fences.md §0.2, §2, §4, §5): provenance, counts, totals."""

from __future__ import annotations

from farmstead.core.data import PROVENANCE_TAGS, load_data
from farmstead.core.registry import game_type
from farmstead.games.fences.catalog import DATA_FILES, DATA_PACKAGE, catalog


def test_fe_every_data_record_has_provenance():
    """FE §0.2: every record carries a provenance tag; the game lists every data file."""
    gtype = game_type("fences")
    assert set(gtype.data_files) == set(DATA_FILES)
    items = gtype.data_items()
    assert items and all(item.provenance in PROVENANCE_TAGS for item in items)
    assert "proposed" in gtype.proposed_note


def test_fe_tile_set_totals_match_section_4():
    """FE §4: 84 tiles (48 / 18 / 18 by marking), 38 of each animal, the shape mix."""
    cat = catalog()
    assert len(cat.tiles) == 52
    expected = {
        0: (48, (22, 22, 22), {"O": 2, "C": 20, "D": 14, "I": 4, "T": 4, "X": 4}),
        1: (18, (8, 8, 8), {"O": 1, "C": 7, "D": 5, "I": 2, "T": 2, "X": 1}),
        2: (18, (8, 8, 8), {"O": 1, "C": 7, "D": 5, "I": 2, "T": 2, "X": 1}),
    }
    for marking, (tiles, animals, shapes) in expected.items():
        assert sum(t.counts[marking] for t in cat.tiles) == tiles
        for kind in range(3):
            got = sum(t.counts[marking] * sum(f[kind] for f in t.animals) for t in cat.tiles)
            assert got == animals[kind]
        mix: dict[str, int] = {}
        for t in cat.tiles:
            mix[t.shape.name] = mix.get(t.shape.name, 0) + t.counts[marking]
        assert mix == shapes


def test_fe_r28_tiles_in_play_by_player_count():
    """FE-R28 (and FE §4 DERIVED): 48 tiles with 2 players, 66 with 3, 84 with 4."""
    cat = catalog()
    assert [sum(t.copies_for(n) for t in cat.tiles) for n in (2, 3, 4)] == [48, 66, 84]


def test_fe_farmer_cards_match_section_5():
    """FE §5: 16 cards with two conditions each; Farmer Tim's cow bonus is OFFICIAL."""
    cat = catalog()
    assert len(cat.farmers) == 16
    assert all(len(card.conditions) == 2 for card in cat.farmers)
    tim = cat.farmers[cat.farmer_by_id["FC01"]]
    assert tim.name == "Farmer Tim"
    assert [(c.text, c.points) for c in tim.conditions] == [
        ("ANIMAL_MIN(cow,1)", 3),
        ("TILES_MIN(6)", 2),
    ]
    raw = load_data(DATA_PACKAGE, "farmers.toml")["FC01"]
    assert raw["name_provenance"] == "OFFICIAL"
    assert [c["test_provenance"] for c in raw["conditions"]] == ["OFFICIAL", "PROPOSED"]
    assert load_data(DATA_PACKAGE, "farmers.toml")["FC02"]["provenance"] == "PROPOSED"


def test_fe_shapes_match_section_3_3():
    """FE §3.3 / FE-R5: the six shapes, their fenced ports and tile-fields."""
    shapes = catalog().shapes
    fenced = {name: [e for e in range(4) if s.fenced >> e & 1] for name, s in shapes.items()}
    assert fenced == {
        "O": [],
        "C": [0, 1],
        "D": [0, 1, 2, 3],
        "I": [0, 2],
        "T": [1, 2, 3],
        "X": [0, 1, 2, 3],
    }
    assert shapes["C"].field_segs == ((1, 2), (3, 4, 5, 6, 7, 0))
    assert shapes["D"].field_names == ("NE", "SW", "band")


def test_fe_components_and_colours():
    """FE §2, FE-R32: 2 hand tiles, 4 barns in stock, colours with green PROPOSED."""
    comp = catalog().components
    assert comp.hand_size == 2 and comp.barn_stock == 4
    assert comp.colours == ("blue", "yellow", "orange", "green")
    raw = load_data(DATA_PACKAGE, "components.toml")["colours"]
    assert raw["name_provenance"][3] == "PROPOSED"


def test_fe_r18_r19_animals_and_markings():
    """FE-R18: 0–2 animals of cow/pig/sheep per tile-field; FE-R19: markings 2, 3 and 4."""
    for tile in catalog().tiles:
        assert all(0 <= sum(field) <= 2 for field in tile.animals)
        assert len(tile.counts) == 3 and sum(tile.counts) >= 1
