"""Farms Race maps and data tables (rules/farms_race.md §2, §3): the fixed maps and their stated
properties, the hex geometry, custom and random maps, and the catalog against the spec's tables.
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pytest

from farmstead.core.data import data_items
from farmstead.core.errors import DataFileError, InvalidParamError
from farmstead.games.farms_race import catalog as catalog_module
from farmstead.games.farms_race.catalog import DATA_FILES, DATA_PACKAGE, catalog, read_catalog
from farmstead.games.farms_race.layout import (
    ARMORY,
    BARN,
    FIELDS,
    FOREST,
    HILLS,
    POWER_PLANT,
    REGION_LETTERS,
    WEAPONS_FACTORY,
    WILD,
)
from farmstead.games.farms_race.maps import (
    MapSpec,
    distances,
    edge_regions,
    grid_cells,
    load_custom_map,
    map_from_doc,
    neighbours,
    random_map,
)

CAT = catalog()
TYPES = {letter: i for i, letter in enumerate(REGION_LETTERS)}

# FR-3.4, FR-3.5, FR-3.6: id -> (players, S, K, type string, starts with their type letters).
MAPS = {
    "recommended_4": (
        4,
        3,
        0,
        "WHFAPFPWFHWAFHPPHPWHAWAFA",
        [(0, 2, "F"), (2, 0, "W"), (3, 4, "H"), (4, 2, "A")],
    ),
    "recommended_3": (
        3,
        4,
        2,
        "FWPFAPFWHFWAHPAHPWFHAWAHP",
        [(0, 3, "F"), (2, 0, "W"), (4, 3, "H")],
    ),
    "A": (3, 4, 0, "PFPFAHWHPWAPAWHWHFAPFAWHF", [(0, 3, "F"), (2, 0, "A"), (4, 3, "H")]),
    "B": (3, 4, 1, "FPWAHHAFPAFWHWHPAPAPWHFWF", [(0, 3, "A"), (2, 0, "F"), (4, 3, "W")]),
    "C": (3, 3, 2, "HFHAPPWFWHWAHPFFWFHAAPAWP", [(0, 2, "H"), (2, 4, "F"), (4, 2, "A")]),
    "D": (3, 3, 3, "FHFPHPWAWPFHPFHWAHPAAFWAW", [(0, 2, "F"), (3, 0, "W"), (4, 3, "A")]),
    "E": (3, 2, 3, "FHWFWPFAPFFHPHAWAWPWAHPHA", [(0, 3, "F"), (2, 4, "A"), (4, 1, "H")]),
    "F": (
        4,
        3,
        0,
        "HFAHPWPFWHFAHAFPWPHWAFAWP",
        [(0, 2, "A"), (1, 4, "H"), (2, 0, "F"), (4, 3, "W")],
    ),
    "G": (
        4,
        3,
        1,
        "FPHAHWAWPAHPHFWWFWAPFPAFH",
        [(0, 2, "H"), (1, 4, "A"), (3, 0, "W"), (4, 3, "F")],
    ),
    "H": (
        4,
        3,
        3,
        "PHWHAAFPWPPWHAFHAPWHFWFAF",
        [(0, 1, "H"), (0, 4, "A"), (4, 1, "W"), (4, 4, "F")],
    ),
    "I": (
        4,
        2,
        3,
        "AHWHAFPFWHAWHPAPAFWFFWPHP",
        [(0, 3, "H"), (2, 0, "A"), (3, 4, "F"), (4, 1, "W")],
    ),
    "J": (
        4,
        2,
        4,
        "WPFHAFWPFHHPFWPWAPFAAHWAH",
        [(1, 0, "F"), (1, 4, "H"), (3, 0, "W"), (3, 4, "A")],
    ),
}
STAND_INS = [m for m in MAPS if len(m) == 1]


def geometry(spec: MapSpec) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    adjacency = neighbours(spec.cells)
    return adjacency, distances(adjacency)


def min_start_distance(spec: MapSpec) -> int:
    """S of FR-3.6: the least pairwise distance between starts."""
    _, dist = geometry(spec)
    return min(dist[a][b] for a, b in combinations(spec.starts, 2))


def contested_power_plants(spec: MapSpec) -> int:
    """K of FR-3.6: Power Plants as far from their nearest start as from the second-nearest."""
    _, dist = geometry(spec)
    count = 0
    for region, kind in enumerate(spec.types):
        if kind == POWER_PLANT:
            nearest = sorted(dist[s][region] for s in spec.starts)
            count += nearest[0] == nearest[1]
    return count


def territories(spec: MapSpec) -> list[int]:
    """Per start, the regions strictly closer to it than to any other start (FR-3.6 item 4)."""
    _, dist = geometry(spec)
    return [
        sum(
            all(dist[s][r] < dist[o][r] for o in spec.starts if o != s) for r in range(spec.regions)
        )
        for s in spec.starts
    ]


# --- the fixed maps ---------------------------------------------------------------------------
def test_fr_3_4_to_3_6_every_map_is_in_the_catalog_as_the_spec_gives_it() -> None:
    """FR-3.4 to FR-3.6: the type strings, starts and player counts of the data are the spec's."""
    assert set(CAT.maps) == set(MAPS)
    for map_id, (players, _s, _k, types, starts) in MAPS.items():
        spec = CAT.maps[map_id]
        assert spec.id == map_id
        assert spec.players == players
        assert spec.cells == grid_cells()
        assert spec.type_string() == types
        assert [spec.cells[s] for s in spec.starts] == [(r, c) for r, c, _ in starts]
        assert [REGION_LETTERS[spec.types[s]] for s in spec.starts] == [t for *_, t in starts]
        assert spec.provenance == "PROPOSED"


@pytest.mark.parametrize("map_id", list(MAPS))
def test_fr_3_6_five_of_each_type_and_no_same_type_neighbours(map_id: str) -> None:
    """FR-3.4, FR-3.5, FR-3.6 item 1: 5 regions of each type; no two adjacent share a type."""
    spec = CAT.maps[map_id]
    assert [spec.types.count(t) for t in range(5)] == [5] * 5
    adjacency, _ = geometry(spec)
    for region, nbs in enumerate(adjacency):
        assert all(spec.types[n] != spec.types[region] for n in nbs), (map_id, region)


@pytest.mark.parametrize("map_id", list(MAPS))
def test_fr_3_6_start_constraints(map_id: str) -> None:
    """FR-3.6 item 2: every start on the edge with >= 3 neighbours, none a Power Plant, pairwise
    different types, >= 3 types adjacent, all 5 types within distance 2. (The recommended maps
    meet them too, as FR-3.4 and FR-3.5 state.)"""
    spec = CAT.maps[map_id]
    adjacency, dist = geometry(spec)
    edges = set(edge_regions(adjacency))
    start_types = [spec.types[s] for s in spec.starts]
    assert len(set(start_types)) == len(start_types)
    for s in spec.starts:
        assert s in edges and len(adjacency[s]) >= 3
        assert spec.types[s] != POWER_PLANT
        assert len({spec.types[n] for n in adjacency[s]}) >= 3
        near = {spec.types[r] for r in range(spec.regions) if dist[s][r] <= 2}
        assert near == set(range(5))


@pytest.mark.parametrize("map_id", list(MAPS))
def test_fr_3_6_s_and_k_recomputed(map_id: str) -> None:
    """FR-3.6: S (least pairwise start distance) and K (contested Power Plants) as tabled; the
    recommended maps score S = 3, K = 0 (4 players) and S = 4, K = 2 (3 players)."""
    _players, s_value, k_value, _types, _starts = MAPS[map_id]
    spec = CAT.maps[map_id]
    assert min_start_distance(spec) == s_value
    assert contested_power_plants(spec) == k_value


@pytest.mark.parametrize("map_id", STAND_INS)
def test_fr_3_6_territories_have_at_least_3_regions(map_id: str) -> None:
    """FR-3.6 item 4: no start's territory has fewer than 3 regions."""
    assert min(territories(CAT.maps[map_id])) >= 3


def test_fr_3_6_stand_ins_run_from_peaceful_to_contentious() -> None:
    """FR-3: A-E are 3-player maps and F-J 4-player ones, labelled as stand-ins."""
    for map_id in STAND_INS:
        spec = CAT.maps[map_id]
        assert spec.players == (3 if map_id in "ABCDE" else 4)
        assert spec.stand_in
        assert spec.label == f"Map {map_id} (stand-in; official layout unknown)"
    for map_id in ("recommended_3", "recommended_4"):
        assert "stand-in" in CAT.maps[map_id].label


def test_fr_3_4_recommended_4_player_map_properties() -> None:
    """FR-3.4: the starts are Fields, Forest, Hills and Weapons Factory; each is an edge region
    with 3 or 4 neighbours; the pairwise start distances are 3 to 5."""
    spec = CAT.maps["recommended_4"]
    adjacency, dist = geometry(spec)
    assert sorted(spec.types[s] for s in spec.starts) == [FIELDS, FOREST, HILLS, WEAPONS_FACTORY]
    assert all(len(adjacency[s]) in (3, 4) for s in spec.starts)
    pairwise = [dist[a][b] for a, b in combinations(spec.starts, 2)]
    assert min(pairwise) == 3 and max(pairwise) == 5


def test_fr_3_5_recommended_3_player_map_properties() -> None:
    """FR-3.5: the starts are Fields, Forest and Hills, on the edge, all pairwise 4 apart."""
    spec = CAT.maps["recommended_3"]
    adjacency, dist = geometry(spec)
    assert sorted(spec.types[s] for s in spec.starts) == [FIELDS, FOREST, HILLS]
    assert set(spec.starts) <= set(edge_regions(adjacency))
    assert [dist[a][b] for a, b in combinations(spec.starts, 2)] == [4, 4, 4]


# --- geometry -----------------------------------------------------------------------------
def test_fr_3_2_neighbours_by_hand() -> None:
    """FR-3.2: the odd-r neighbour rule on the 5 x 5 grid (region = row * 5 + col)."""
    adjacency = neighbours(grid_cells())

    def cells(region: int) -> list[tuple[int, int]]:
        return [divmod(n, 5) for n in adjacency[region]]

    assert cells(0) == [(0, 1), (1, 0)]  # (0,0): even row corner
    assert cells(4) == [(0, 3), (1, 3), (1, 4)]  # (0,4)
    assert cells(12) == [(1, 1), (1, 2), (2, 1), (2, 3), (3, 1), (3, 2)]  # (2,2): even row
    assert cells(7) == [(0, 2), (0, 3), (1, 1), (1, 3), (2, 2), (2, 3)]  # (1,2): odd row
    assert cells(9) == [(0, 4), (1, 3), (2, 4)]  # (1,4): odd row, right edge
    assert cells(15) == [(2, 0), (2, 1), (3, 1), (4, 0), (4, 1)]  # (3,0): odd row, left edge
    assert cells(24) == [(3, 3), (3, 4), (4, 3)]  # (4,4): even row
    # symmetric
    assert all(a in adjacency[b] for a in range(25) for b in adjacency[a])


def test_fr_3_2_edge_regions_and_distances() -> None:
    """FR-3.2: the 16 regions of row 0, row 4, column 0 or column 4 are the edge; distance is
    the shortest path."""
    adjacency = neighbours(grid_cells())
    assert set(edge_regions(adjacency)) == {
        r * 5 + c for r in range(5) for c in range(5) if r in (0, 4) or c in (0, 4)
    }
    dist = distances(adjacency)
    assert dist[0][0] == 0 and dist[0][1] == 1 and dist[0][24] == 6 and dist[4][20] == 6
    assert dist[0][20] == 4 and dist[12][0] == 3
    assert all(dist[a][b] == dist[b][a] for a in range(25) for b in range(25))


def test_fr_3_3_custom_cells_need_not_be_a_grid() -> None:
    """FR-3.3: adjacency is computed from the coordinates of any set of cells."""
    adjacency = neighbours([(0, 0), (1, 0), (2, 0), (5, 5)])
    assert adjacency == ((1,), (0, 2), (1,), ())
    assert distances(adjacency)[0] == (0, 1, 2, -1)


# --- custom maps (FR-3.8) -------------------------------------------------------------------
def long_form(types: str, starts: list[tuple[int, int]]) -> dict[str, object]:
    return {
        "id": "mine",
        "players": 3,
        "regions": [
            {"row": i // 5, "col": i % 5, "type": t, "is_start": divmod(i, 5) in starts}
            for i, t in enumerate(types)
        ],
    }


def test_fr_3_3_custom_map_both_forms_agree(tmp_path: Path) -> None:
    """FR-3.3: a map record as a region list (TOML) or as a type string (JSON) gives one map."""
    types = MAPS["A"][3]
    starts = [(0, 3), (2, 0), (4, 3)]
    lines = ['label = "My map"', "players = 3"]
    for i, t in enumerate(types):
        start = "true" if divmod(i, 5) in starts else "false"
        lines += ["[[regions]]", f"row = {i // 5}", f"col = {i % 5}", f'type = "{t}"']
        lines.append(f"is_start = {start}")
    toml_file = tmp_path / "mine.toml"
    toml_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    json_file = tmp_path / "mine.json"
    json_file.write_text(
        json.dumps({"label": "My map", "types": types, "starts": [list(s) for s in starts]}),
        encoding="utf-8",
    )
    from_toml, from_json = load_custom_map(toml_file), load_custom_map(json_file)
    assert from_toml == from_json
    assert from_toml.id == "mine" and from_toml.label == "My map"
    assert from_toml.types == CAT.maps["A"].types and from_toml.starts == CAT.maps["A"].starts
    assert not from_toml.stand_in and from_toml.provenance == "PROPOSED"


def test_fr_3_8_custom_map_without_starts_and_of_any_shape() -> None:
    """FR-3.8: a connected map of any cells; with no starts the random-map rules apply."""
    spec = map_from_doc(
        {
            "regions": [
                {"row": 3, "col": 1, "type": "power_plant"},
                {"row": 2, "col": 1, "type": "F"},
            ]
            + [{"row": 1, "col": c, "type": "W"} for c in range(3)]
        },
        "test",
    )
    assert spec.cells == ((1, 0), (1, 1), (1, 2), (2, 1), (3, 1))
    assert spec.types == (FOREST, FOREST, FOREST, FIELDS, POWER_PLANT)
    assert spec.starts == () and spec.players == 4


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"types": "FWHAP" * 4 + "FWHA.", "columns": 5, "starts": []}, None),  # valid
        ({"types": "FWHAP" * 4 + "FWHAX"}, ["types[24]", "unknown region type 'X'"]),
        ({"types": "FWHAP" * 3 + "....." + "P"}, ["types", "not connected", "(4, 0)"]),
        (
            {"regions": [{"row": 0, "col": 0, "type": "F"}, {"row": 0, "col": 0, "type": "W"}]},
            ["regions", "(0, 0) appears twice"],
        ),
        ({"regions": [{"row": 0, "col": 11, "type": "F"}]}, ["regions[0]", "col"]),
        ({"regions": [{"row": 0, "col": 1}]}, ["regions[0].type", "missing"]),
        ({"types": "FWHAP" * 5, "starts": [[0, 0], [0, 1]]}, ["starts", "2 start(s)"]),
        ({"types": "FWHAP" * 5, "starts": [[0, 0], [0, 1], [0, 2]], "players": 4}, ["starts"]),
        ({"types": "FWHAP" * 5, "players": 5}, ["players", "3 or 4"]),
        ({"types": "FWHAP" * 5, "starts": [[0, 7]]}, ["starts", "not a region"]),
        ({"types": "FWHAP" * 5, "starts": [[0, 0], [0, 0], [1, 1]]}, ["starts", "twice"]),
        ({"types": "FWHAP" * 5, "colour": "red"}, ["unknown field", "colour"]),
        ({"types": "FWHAP" * 6}, ["types", "30 regions"]),
        ({}, ["'regions'", "'types'"]),
        ({"types": "FWHAP" * 5, "provenance": "MADE_UP"}, ["provenance"]),
    ],
)
def test_fr_3_8_malformed_custom_maps(doc: dict[str, object], words: list[str] | None) -> None:
    """FR-3.8: each malformed map record raises InvalidParamError naming the file and field."""
    if words is None:
        assert map_from_doc(doc, "custom map 'x.toml'").regions == 24
        return
    with pytest.raises(InvalidParamError) as info:
        map_from_doc(doc, "custom map 'x.toml'")
    message = str(info.value)
    assert message.startswith("custom map 'x.toml': ")
    for word in words:
        assert word in message


def test_fr_3_8_custom_map_files_with_bad_syntax_or_missing(tmp_path: Path) -> None:
    """FR-3.8: a missing file, bad TOML, bad JSON, a JSON list, a wrong suffix: clear errors."""
    cases = {
        "bad.toml": ('types = "FWHAP', "bad TOML"),
        "bad.json": ('{"types": "FWHAP",}', "bad JSON"),
        "list.json": ("[1, 2]", "must be a table"),
        "map.yaml": ("types: FWHAP", ".toml or .json"),
    }
    for name, (text, words) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InvalidParamError, match=words) as info:
            load_custom_map(path)
        assert name in str(info.value)
    with pytest.raises(InvalidParamError, match="no such file") as info:
        load_custom_map(tmp_path / "nowhere.toml")
    assert "nowhere.toml" in str(info.value)


def test_fr_3_8_disconnected_custom_file_names_file_and_field(tmp_path: Path) -> None:
    """FR-3.8: validation errors of a file name the file and the field."""
    path = tmp_path / "split.json"
    path.write_text(json.dumps(long_form("FWHAP" * 5, [])), encoding="utf-8")
    assert load_custom_map(path).regions == 25
    doc = long_form("FWHAP" * 5, [])
    regions = doc["regions"]
    assert isinstance(regions, list)
    regions[-1] = {"row": 9, "col": 9, "type": "P"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(InvalidParamError, match="'regions': the map is not connected") as info:
        load_custom_map(path)
    assert "split.json" in str(info.value)


def test_fr_3_3_our_data_maps_raise_data_file_error() -> None:
    """FR-0.3: a malformed map in our data is a DataFileError naming the table and field."""
    with pytest.raises(DataFileError, match=r"maps.toml \[Z\]: field 'types\[0\]'"):
        map_from_doc({"types": "Q"}, "maps.toml [Z]", error=DataFileError)


# --- random maps (FR-3.7) -------------------------------------------------------------------
@pytest.mark.parametrize("no_same_adjacent", [False, True])
def test_fr_3_7_random_maps_are_seeded_and_use_the_25_tiles(no_same_adjacent: bool) -> None:
    """FR-3.7: 25 tiles, 5 of each type, on the 5 x 5 grid, no starts marked; the same seed
    gives the same map; with random_map_no_same_adjacent no two neighbours share a type."""
    adjacency = neighbours(grid_cells())
    seen = set()
    for seed in range(20):
        spec = random_map(random.Random(seed), 4, no_same_adjacent=no_same_adjacent)
        again = random_map(random.Random(seed), 4, no_same_adjacent=no_same_adjacent)
        assert spec == again
        assert spec.cells == grid_cells() and spec.starts == ()
        assert [spec.types.count(t) for t in range(5)] == [5] * 5
        if no_same_adjacent:
            assert all(spec.types[a] != spec.types[b] for a in range(25) for b in adjacency[a])
        seen.add(spec.types)
    assert len(seen) == 20


def test_fr_3_7_no_same_adjacent_is_uniform_rejection() -> None:
    """FR-3.7: the option draws uniformly among the valid layouts (checked by their number)."""
    from farmstead.games.farms_race.maps import _ProperLayouts

    counter = _ProperLayouts.for_grid(5)
    assert counter.count(0, (), (5, 5, 5, 5, 5)) == 2_989_359_840


def test_fr_3_7_random_map_rejects_other_player_counts() -> None:
    """FR-1: 3 or 4 players."""
    with pytest.raises(InvalidParamError, match="3 or 4"):
        random_map(random.Random(0), 2)


# --- the catalog against the spec's tables (FR-2) --------------------------------------------
def test_fr_2_10_catalog_values() -> None:
    """FR-2.1 to FR-2.10: the reference data block."""
    assert CAT.species == ("cows", "sheep", "pigs", "chickens")
    assert (CAT.min_players, CAT.max_players) == (3, 4)
    assert (CAT.target_vp, CAT.target_vp_first_game, CAT.target_vp_expert) == (10, 8, 12)
    assert CAT.produces == (0, 1, 2, 3, 4) and CAT.tiles_per_type == 5
    assert CAT.region_type_names[POWER_PLANT] == "Power Plant"
    assert (CAT.herds, CAT.barns, CAT.armories) == (12, 3, 2)
    assert (CAT.herd_hp, CAT.human_hp) == (2, 1)
    assert (CAT.start_building, CAT.start_herds) == (BARN, 2)
    assert (CAT.blue_blooded_start_building, CAT.blue_blooded_start_herds) == (ARMORY, 3)
    assert CAT.human_tokens == (4, 16, 8)
    assert CAT.hand_limit == 7
    assert CAT.starting_resources == (0, 0, 1, 2)
    assert CAT.mutations_dealt == (2, 2, 2, 2)
    assert CAT.mutations_dealt_random_map == (2, 2, 3, 3)
    assert (CAT.vp_barn, CAT.vp_armory, CAT.vp_conquest, CAT.vp_nukiest, CAT.vp_spy) == (
        1,
        2,
        1,
        1,
        1,
    )
    assert (CAT.nuke_tokens, CAT.vp_tokens, CAT.turmoil_tokens, CAT.tokens_uncapped) == (
        16,
        16,
        8,
        True,
    )
    assert (CAT.trade_window_max_proposals, CAT.open_trading_max_proposals) == (3, 3)
    assert CAT.max_rounds == 150
    assert (CAT.supply_trade_rate, CAT.supply_trade_rate_hyper) == (3, 2)
    assert CAT.options == {
        "opening_trade_window": True,
        "auto_reveal_winning_vp_spies": True,
        "random_map_no_same_adjacent": False,
        "nuke_cost_alt": False,
        "reveal_hidden_info_after_game": True,
    }


def test_fr_2_4_costs() -> None:
    """FR-2.4: the PROPOSED costs (wheat, wood, brick, weapons, plutonium) and payment modes."""
    assert CAT.costs == {
        "barn": (1, 1, 1, 1, 0),
        "armory": (0, 0, 2, 3, 0),
        "spy": (1, 1, 0, 0, 1),
        "nuke": (0, 0, 0, 1, 2),
        "nuke_alt": (0, 0, 1, 1, 1),
    }
    # Deranged: Barn 5, Armory 6, Spy 4, Nuke 4 (FR-2.4, DERIVED)
    assert [sum(CAT.costs[b]) + CAT.deranged_extra for b in ("barn", "armory", "spy", "nuke")] == [
        5,
        6,
        4,
        4,
    ]
    assert CAT.hyper_intelligent_cards == 4


def test_fr_2_5_dice() -> None:
    """FR-2.5: two resource dice, one face per resource and a wild face; the combat die has 2
    blank, 2 head, 2 gun faces (PROPOSED), a gun hurting herds and humans, a head only humans."""
    assert CAT.resource_dice == 2
    assert CAT.resource_die == (0, 1, 2, 3, 4, WILD)
    assert CAT.combat_die == (2, 2, 2)
    assert CAT.herd_damage == (0, 0, 1)
    assert CAT.human_damage == (0, 1, 1)


def test_fr_2_7_and_2_8_mutations_and_spy_deck() -> None:
    """FR-2.7: 11 Mutations. FR-2.8: 24 Spies, four VP Spies one of each name."""
    assert [m.id for m in CAT.mutations] == list(catalog_module.MUTATION_IDS)
    assert CAT.mutations[1].name == "Blue-Blooded"
    counts = {s.id: s.count for s in CAT.spies}
    assert counts == {
        "capitalism": 1,
        "carnivorous": 1,
        "domestication": 1,
        "plumbing": 1,
        "blackmail": 3,
        "double_agent": 2,
        "field_hospital": 3,
        "hacking": 3,
        "pocket_nuke": 3,
        "propaganda": 3,
        "thievery": 3,
    }
    assert CAT.spy_deck_total == 24 and not CAT.spy_deck_reshuffle
    assert [s.id for s in CAT.spies if s.kind == "vp"] == [
        "capitalism",
        "carnivorous",
        "domestication",
        "plumbing",
    ]


def test_fr_0_3_every_value_has_provenance() -> None:
    """FR-0.2, FR-0.3: every table is tagged; costs, combat-die counts, Spy action-card counts,
    maps, trade caps, the round cap and the options are PROPOSED."""
    items = {(i.file, i.name): i for i in data_items(DATA_PACKAGE, list(DATA_FILES))}
    for name in ("barn", "armory", "spy", "nuke", "nuke_alt"):
        assert items[("costs.toml", name)].provenance == "PROPOSED"
    assert items[("dice.toml", "combat_die")].field_provenance["counts"] == "PROPOSED"
    assert items[("dice.toml", "combat_die")].field_provenance["faces"] == "OFFICIAL"
    assert items[("spies.toml", "blackmail")].field_provenance["count"] == "PROPOSED"
    assert items[("spies.toml", "plumbing")].provenance == "OFFICIAL"
    for map_id in MAPS:
        assert items[("maps.toml", map_id)].provenance == "PROPOSED"
    for name in ("trade", "round_cap", "engine_limits", "options"):
        assert items[("play.toml", name)].provenance == "PROPOSED"
    assert items[("play.toml", "human_tokens")].provenance == "OFFICIAL"


def test_fr_0_3_overrides_replace_proposed_values() -> None:
    """FR-0.3: PROPOSED values can be replaced without code (parameter ``overrides``)."""
    cat = read_catalog("barn.plutonium=1; combat_die.counts=1|2|3; round_cap.max_rounds=5")
    assert cat.costs["barn"] == (1, 1, 1, 1, 1)
    assert cat.combat_die == (1, 2, 3)
    assert cat.max_rounds == 5
    moved = read_catalog("A.starts=0,3|2,0|4,4")
    assert moved.maps["A"].starts == (3, 10, 24)
    with pytest.raises(InvalidParamError, match="no data value"):
        read_catalog("barn.gold=1")
    with pytest.raises(InvalidParamError, match="TABLE.FIELD=VALUE"):
        read_catalog("barn=1")
    with pytest.raises(DataFileError, match=r"maps.toml \[A\]: field 'types'"):
        read_catalog("A.types=" + "F" * 25)
    with pytest.raises(DataFileError, match=r"costs.toml \[spy\]"):
        read_catalog("spy.wheat=0; spy.wood=0; spy.plutonium=0")


def test_fr_2_region_and_resource_orders_match_layout() -> None:
    """FR-2.2, FR-2.3: the data orders are layout's index orders (checked by the catalog)."""
    with pytest.raises(DataFileError, match=r"play.toml \[resources\]: field 'order'"):
        read_catalog("resources.order=wood|wheat|brick|weapons|plutonium")
    with pytest.raises(DataFileError, match=r"play.toml \[region_types\]: field 'letters'"):
        read_catalog("region_types.letters=F|W|H|A|N")
    assert TYPES["A"] == WEAPONS_FACTORY
