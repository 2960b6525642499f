"""Data files with provenance (rules/animal_farm.md section 0) and the layouts they define."""

from __future__ import annotations

import copy
import re

import pytest
from af_helpers import game

from farmstead.core.errors import DataFileError
from farmstead.core.registry import game_type, load_game
from farmstead.games.animal_farm import catalog
from farmstead.games.animal_farm.game import AnimalFarmGame
from farmstead.games.animal_farm.layout import GOAT, HORSE, PIG


def items():
    return {item.name: item for item in game_type("animal_farm").data_items()}


def test_every_data_item_has_its_spec_provenance():
    tags = {name: item.provenance for name, item in items().items()}
    assert tags == {
        "team": "OFFICIAL",
        "move_points": "OFFICIAL",
        "attacks": "OFFICIAL",
        "zone_limits": "OFFICIAL",
        "start_zones": "OFFICIAL",
        "displacement": "OFFICIAL",
        "carrying": "PROPOSED",
        "standard": "PROPOSED",
        "compact": "PROPOSED",
        "setup_order": "PROPOSED",
        "draw": "PROPOSED",
    }


def test_proposed_values_named_by_the_spec_are_data():
    """Spec section 0: board size, zone rows, horse start rows, setup order, default setup,
    draw limit and no-progress limit live in the data files."""
    standard = items()["standard"].value
    assert (standard["width"], standard["height"]) == (9, 12)
    assert standard["p1_base_rows"] == [0, 3]
    assert standard["neutral_rows"] == [4, 7]
    assert standard["p2_base_rows"] == [8, 11]
    assert standard["horse_start_rows_p1"] == [4, 5]
    assert standard["horse_start_rows_p2"] == [6, 7]
    assert standard["default_setup_p1"]["feed_pile"] == [4, 0]
    assert items()["setup_order"].value["pieces"] == ["feed_pile", "pig", "goat", "horse"]
    assert items()["draw"].value == {"max_plies": 200, "no_progress_plies": 0}


def test_official_values_match_the_rulebook_chart():
    assert items()["team"].value == {"pig": 3, "goat": 3, "horse": 1, "feed_pile": 1}
    assert items()["move_points"].value == {"horse": 8, "goats_shared": 8, "pigs_shared": 10}
    cfg = game().config
    assert cfg.pool_size == (10, 8, 8)
    assert cfg.can_attack[PIG] == (True, True, False)
    assert cfg.can_attack[GOAT] == (True, False, False)
    assert cfg.can_attack[HORSE] == (True, False, True)


def test_proposed_note_tells_users_what_is_proposed():
    note = game_type("animal_farm").proposed_note
    assert "board" in note and "draw" in note


def test_compact_layout_is_playable():
    the_game = load_game("animal_farm", layout="compact", setup_mode="default", first_player="0")
    assert isinstance(the_game, AnimalFarmGame)
    state = the_game.new_initial_state()
    doc = state.to_json()
    assert doc["units"]["P1"][6] == [4, 3]
    assert doc["piles"]["F2"] == {"at": [5, 9]}
    assert the_game.config.base_rows == ((0, 2), (7, 9))


@pytest.fixture
def boards(monkeypatch):
    """A copy of board.toml's tables that the game loads instead of the file (the catalog is
    re-read with it, and again from the real files afterwards)."""
    tables = copy.deepcopy(catalog.data_file("board.toml"))
    real = catalog.data_file
    monkeypatch.setattr(
        catalog, "data_file", lambda name: tables if name == "board.toml" else real(name)
    )
    catalog.catalog.cache_clear()
    yield tables
    catalog.catalog.cache_clear()


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda b: b.update(neutral_rows=[5, 7]), "split the rows"),
        (lambda b: b.update(p2_base_rows=[8, 12]), "rows within the board"),
        (lambda b: b.update(horse_start_rows_p1=[3, 4]), "neutral zone"),
        (lambda b: b["default_setup_p1"].update(horse=[[4, 3]]), "outside its zone"),
        (lambda b: b["default_setup_p1"].update(pig=[[1, 3]]), "needs 3 pig squares"),
        (lambda b: b["default_setup_p1"].update(goat=[[1, 3], [5, 1], [4, 2]]), "share a square"),
        (lambda b: b.update(width=2), "at least 14 squares"),
    ],
)
def test_broken_board_data_fails_loudly(boards, change, message):
    change(boards["standard"])
    with pytest.raises(DataFileError, match=message):
        load_game("animal_farm")


def test_a_different_board_drops_in_without_code_changes(boards):
    """Spec section 0: if the real board becomes known it must drop in as data."""

    def bigger(board):
        board.update(width=11, height=14, neutral_rows=[4, 9], p2_base_rows=[10, 13])
        board.update(horse_start_rows_p1=[4, 6], horse_start_rows_p2=[7, 9])
        board["default_setup_p2"] = {
            "feed_pile": [5, 13],
            "pig": [[8, 10], [5, 10], [2, 10]],
            "goat": [[6, 12], [4, 12], [5, 11]],
            "horse": [[5, 9]],
        }

    bigger(boards["standard"])
    the_game = load_game("animal_farm", setup_mode="default", first_player="0")
    assert the_game.info.num_distinct_actions == 16 + 11 * 14
    state = the_game.new_initial_state()
    assert state.to_json()["units"]["P2"][6] == [5, 9]


@pytest.mark.parametrize(
    "file, change, message",
    [
        (
            "pieces.toml",
            lambda d: d["zone_limits"].update(goat="barn"),
            "pieces.toml [zone_limits]: goat must be one of anywhere, own_base",
        ),
        (
            "pieces.toml",
            lambda d: d["attacks"].update(pig=["cow"]),
            "pieces.toml [attacks]: pig must list kinds among pig, goat, horse",
        ),
        ("pieces.toml", lambda d: d.pop("move_points"), "pieces.toml: table [move_points] is"),
        (
            "play.toml",
            lambda d: d["setup_order"].update(first_player="2"),
            "play.toml [setup_order]: first_player must be one of coin_toss, 0, 1, got '2'",
        ),
        (
            "play.toml",
            lambda d: d["draw"].update(max_plies=0),
            "play.toml [draw]: max_plies must be a whole number in 1..100000, got 0",
        ),
        (
            "board.toml",
            lambda d: d["compact"]["default_setup_p2"].update(feed_pile=[5, 5]),
            "board.toml [compact]: default_setup_p2.feed_pile: P2's default feed pile is outside",
        ),
    ],
)
def test_data_file_errors_name_the_file_table_and_field(file, change, message):
    """Every layout is checked, not only the one a game uses; defaults of parameters too."""
    docs = {name: copy.deepcopy(catalog.data_file(name)) for name in catalog.DATA_FILES}
    change(docs[file])
    with pytest.raises(DataFileError, match=re.escape(message)):
        catalog.read_catalog(docs["pieces.toml"], docs["board.toml"], docs["play.toml"])
