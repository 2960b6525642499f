"""Farms Race bad input: illegal and out-of-range actions, malformed JSON positions, bad
parameters and malformed custom map files (rules/farms_race.md §1, §3.8, §13, §17). Every
error is a ``FarmsteadError`` with a message that names what is wrong, and a rejected action
leaves the position unchanged.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fr_helpers import (
    GAME,
    aid,
    board,
    game,
    move,
    roll,
    scenario,
    scenario_doc,
)

from farmstead.core.errors import (
    FarmsteadError,
    IllegalActionError,
    InvalidParamError,
    InvalidPositionError,
)
from farmstead.core.registry import load_game
from farmstead.games.farms_race.actions import (
    BARN_AT,
    CONFIRM,
    HEAL,
    MOVE_TO,
    START,
    TRADE,
    combat_outcome,
)


# --- actions ----------------------------------------------------------------------------------
def positions():
    """A few positions of different kinds: the actions menu, a move being assembled, a chance
    node, an allocation, and a finished game."""
    menu = scenario(regions=board({1: {"owner": 0, "healthy": 2}, 6: {"token": 2}}))
    assembling = menu.clone()
    assembling.apply_action(aid(assembling, MOVE_TO, 6))
    rolling = menu.clone()
    move(rolling, 6, (1, 2, 0))
    allocating = rolling.clone()
    roll(allocating, 0, 0)
    roll(allocating, 2, 0)
    return {
        "menu": menu,
        "assembling": assembling,
        "rolling": rolling,
        "allocating": allocating,
    }


@pytest.mark.parametrize("name", ["menu", "assembling", "rolling", "allocating"])
def test_FR_17_illegal_and_out_of_range_actions_raise_and_change_nothing(name: str) -> None:
    """FR-17: an id that is not legal now, an id outside the action space, a negative id, a
    bool or a string raises ``IllegalActionError`` and the position stays as it was."""
    s = positions()[name]
    before = s.to_json()
    legal_before = s.legal_actions()
    size = s.game.info.num_distinct_actions
    chance_size = s.game.info.max_chance_outcomes
    bad: list[Any] = [-1, 10**9, True, "3", 2.0, None]
    bad.append(chance_size if s.is_chance_node() else size)
    in_range = [a for a in range(chance_size if s.is_chance_node() else size)]
    bad.extend([a for a in in_range if a not in legal_before][:25])
    for action in bad:
        with pytest.raises(IllegalActionError):
            s.apply_action(action)
        assert s.to_json() == before, action
        assert s.legal_actions() == legal_before


def test_FR_17_specific_illegal_choices() -> None:
    """Choices that exist in the action space but break a rule now: a start after setup, a
    Barn without resources, a heal without an injured herd, a confirm with no herd taken,
    a trade without 3 cards, a combat roll with more faces than dice."""
    s = positions()["menu"]
    before = s.to_json()
    for kind, arg in ((START, 2), (BARN_AT, 1), (HEAL, 1), (CONFIRM, 0), (TRADE, 1)):
        with pytest.raises(IllegalActionError, match="not legal now"):
            s.apply_action(aid(s, kind, arg))
        assert s.to_json() == before
    rolling = positions()["rolling"]
    before = rolling.to_json()
    with pytest.raises(IllegalActionError, match="not a possible chance outcome"):
        rolling.apply_action(combat_outcome(3, 0))  # 2 attacking herds roll 2 dice
    assert rolling.to_json() == before


def test_FR_17_no_action_after_the_game_is_over() -> None:
    s = scenario(
        regions=board({1: {"owner": 0, "healthy": 1}}),
        vp_tokens={0: 8},
        hands={0: {"wheat": 1, "wood": 1, "brick": 1, "weapons": 1}},
    )
    s.apply_action(aid(s, BARN_AT, 1))
    assert s.is_terminal()
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="over"):
        s.apply_action(0)
    assert s.to_json() == before


def test_FR_17_words_for_ids_outside_the_action_space_raise() -> None:
    s = positions()["menu"]
    size = s.game.info.num_distinct_actions
    with pytest.raises(IllegalActionError):
        s.action_to_string(size)
    with pytest.raises(IllegalActionError):
        s.action_to_json(-1)
    with pytest.raises(IllegalActionError):
        s.action_from_json({"type": "BARN", "region": 1})


# --- JSON positions ---------------------------------------------------------------------------
def base_doc() -> tuple[dict[str, Any], dict[str, Any]]:
    return scenario_doc(regions=board({1: {"owner": 0, "healthy": 2}, 6: {"token": 2}}))


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        target: Any = doc
        for p in parents:
            target = target[int(p)] if p.isdigit() else target[p]
        if value is _DELETE:
            del target[last]
        else:
            target[int(last) if last.isdigit() else last] = value

    return edit


_DELETE = object()


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (_set("phase", "lunch"), "phase"),
        (_set("map", "A"), "map"),
        (_set("active", 4), "active"),
        (_set("regions/3/owner", 7), "regions[3].owner"),
        (_set("regions/3/healthy", -1), "regions[3].healthy"),
        (_set("regions/3/building", "castle"), "regions[3].building"),
        (_set("regions/3/token", 4), "regions[3].token"),
        (_set("regions/1/token", "face_down"), "regions[1].token"),  # token with pieces
        (_set("regions/7/owner", 0), "regions[7].owner"),  # an owner with no pieces
        (_set("regions/1/owner", None), "regions[1].owner"),  # pieces with no owner
        (_set("regions", []), "regions"),
        (_set("tokens/unseen", [4, 16, 9]), "tokens"),
        (_set("seats/0/herds_left", 5), "seats[0].herds_left"),
        (_set("seats/0/barns_left", 3), "seats[0].barns_left"),
        (_set("seats/1/hand", {"gold": 1}), "seats[1].hand"),
        (_set("seats/1/hand", {"wheat": -2}), "seats[1].hand"),
        (_set("dice", ["wheat", "banana"]), "dice[1]"),
        (_set("seats", _DELETE), "seats"),
        (_set("attacked", [99]), "attacked[0]"),
        (_set("winners", [0]), "winners"),
    ],
)
def test_malformed_positions_raise_invalid_position_error_naming_the_field(
    edit: Callable[[dict[str, Any]], None], field: str
) -> None:
    doc, params = base_doc()
    game(4, **params).state_from_json(copy.deepcopy(doc))  # the unedited one loads
    edit(doc)
    with pytest.raises(InvalidPositionError) as info:
        game(4, **params).state_from_json(doc)
    assert f"'{field}" in str(info.value), str(info.value)


@pytest.mark.parametrize("doc", [[], "position", 3, None])
def test_a_position_must_be_a_json_object(doc: Any) -> None:
    with pytest.raises(InvalidPositionError):
        game(4).state_from_json(doc)


def test_a_position_round_trips() -> None:
    doc, params = base_doc()
    s = game(4, **params).state_from_json(doc)
    assert game(4, **params).state_from_json(s.to_json()).to_json() == s.to_json()


# --- parameters -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_FR_1_only_3_or_4_players(players: int) -> None:
    with pytest.raises(InvalidParamError, match="3") as info:
        load_game(GAME, players)
    assert str(players) in str(info.value)


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"colour": "red"}, "unknown parameter 'colour'"),
        ({"map": "F"}, "4-player map"),
        ({"map": "Z"}, "parameter 'map'"),
        ({"first_player": "7"}, "first_player"),
        ({"target_vp": 0}, "target_vp"),
        ({"max_rounds": 0}, "max_rounds"),
        ({"new_player_redo": True, "new_players": "5"}, "new_players"),
        ({"stealing": "maybe"}, "stealing"),
        ({"mutations": "lucky,zeus,zombie"}, "unknown Mutation 'zeus'"),
        ({"mutations": "lucky,lucky,zombie"}, "given twice"),
        ({"mutations": "lucky,zombie"}, "3 Mutation ids"),
        ({"no_mutations": True, "mutations": "lucky,adorable,zombie"}, "disagree"),
    ],
)
def test_bad_params_raise_invalid_param_error(params: dict[str, Any], words: str) -> None:
    """FR-13 and FR-3: unknown parameters, a 4-player map (F-J) for 3 players, values out of
    their domain; Mutations given per seat must be known, distinct, one per seat (FR-2.7)."""
    with pytest.raises(InvalidParamError, match=words):
        load_game(GAME, 3, **params)


def test_FR_3_6_maps_A_to_E_are_for_3_players() -> None:
    with pytest.raises(InvalidParamError, match="3-player map"):
        load_game(GAME, 4, map="A")


# --- custom map files (FR-3.8) ----------------------------------------------------------------
GOOD_TYPES = "WHFAPFPWFHWAFHPPHPWHAWAFA"


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        (
            "islands.json",
            json.dumps({"types": "FW.HA", "columns": 5, "starts": []}),
            "not connected",
        ),
        (
            "letters.toml",
            f'types = "{GOOD_TYPES[:-1]}Q"\nstarts = []\n',
            "unknown region type",
        ),
        (
            "two_starts.toml",
            f'types = "{GOOD_TYPES}"\nstarts = [[0, 2], [2, 0]]\nplayers = 3\n',
            "start",
        ),
        ("broken.json", '{"types": "FWH", ', "bad JSON"),
        ("broken.toml", 'types = "FWH\n', "bad TOML"),
        ("map.yaml", "types: FWH\n", "ending in .toml or .json"),
    ],
)
def test_FR_3_8_malformed_custom_map_files(
    tmp_path: Path, name: str, text: str, words: str
) -> None:
    """FR-3.8: a custom map must be readable, use known letters, be connected and mark at
    least as many starts as players (or none); errors name the file."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FarmsteadError, match=words) as info:
        load_game(GAME, 3, map=str(path))
    assert name in str(info.value)


def test_FR_3_8_missing_custom_map_file(tmp_path: Path) -> None:
    with pytest.raises(FarmsteadError, match="no such file"):
        load_game(GAME, 3, map=str(tmp_path / "nowhere.toml"))


def test_FR_3_8_too_few_starts_for_the_players(tmp_path: Path) -> None:
    """FR-3.8: a 3-start map cannot seat 4 players."""
    path = tmp_path / "three.toml"
    path.write_text(f'types = "{GOOD_TYPES}"\nstarts = [[0, 2], [2, 0], [3, 4]]\n')
    with pytest.raises(FarmsteadError, match="3 start"):
        load_game(GAME, 4, map=str(path))
