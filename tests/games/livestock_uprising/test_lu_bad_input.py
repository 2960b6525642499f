"""Bad input: illegal action ids and action JSON, malformed positions, bad parameters.

Project standard: bad input gets a clear error and changes nothing. Positions must account for
every troop card, token and card exactly once (LU-R9, LU-R10, LU-R55, LU-R56) and put pieces
only where they may stand (LU-R31, LU-R32); player counts are 2-4 (LU-R6).
"""

from __future__ import annotations

import copy
import re

import pytest
from lu_helpers import act, game, loaded_game, scenario, scenario_doc

from farmstead.core.errors import (
    IllegalActionError,
    InvalidParamError,
    InvalidPositionError,
    InvalidSeatError,
)
from farmstead.core.registry import load_game

# --- illegal actions ------------------------------------------------------------------------------


def _position():
    return scenario(
        tiles={(2, 3): "forest"},
        pieces={"CH-G1": ((2, 2), ["T04"]), "CH-G2": ((4, 4), []), "CO-G1": ((0, 0), ["T01"])},
        tokens={0: {"grass": 3}},
        hands={0: ["CC03"], 1: ["CC02"]},
    )


def _assert_rejected(state, action):
    before = state.to_json()
    legal_before = state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.to_json() == before
    assert state.legal_actions() == legal_before


@pytest.mark.parametrize("action", [-1, 10**6, "STEP", 1.0, True, None])
def test_out_of_range_or_non_int_action_ids_raise_and_change_nothing(action):
    """apply_action of an id outside the action space (or not an int) raises
    IllegalActionError and leaves the state unchanged."""
    _assert_rejected(_position(), action)


def test_action_space_size_is_out_of_range():
    """The id num_distinct_actions is one past the last id."""
    s = _position()
    _assert_rejected(s, s.game.info.num_distinct_actions)


def test_illegal_ids_inside_the_space_raise_and_change_nothing():
    """Every id of the action space that is not legal now raises and changes nothing (here:
    steps before a piece is selected, a step into the forest, a card not held)."""
    s = _position()
    legal = set(s.legal_actions())
    for a in range(s.game.info.num_distinct_actions):
        if a not in legal:
            _assert_rejected(s, a)
    act(s, "PIECE", piece="G1")
    forest = s.action_from_json({"type": "STEP", "dir": "E"})
    _assert_rejected(s, forest)


def test_illegal_chance_outcome_raises_and_changes_nothing():
    """At a die, only faces 1-6 (outcomes 0-5) are possible."""
    s = scenario(
        pieces={"CH-G1": ((2, 1), ["T04"]), "CH-G2": ((4, 4), []), "CO-G1": ((2, 2), ["T03"])},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    assert s.is_chance_node()
    for outcome in (-1, 6, 25, 10**6):
        _assert_rejected(s, outcome)


@pytest.mark.parametrize(
    "doc",
    [
        None,
        [],
        "STEP",
        {},
        {"type": 5},
        {"type": "BOGUS"},
        {"type": "STEP"},
        {"type": "STEP", "dir": "UP"},
        {"type": "STEP", "dir": 2},
        {"type": "PIECE", "piece": "G4"},
        {"type": "PLAY", "card": "CC99"},
        {"type": "CELL", "cell": [9, 9]},
        {"type": "CELL", "cell": "a1"},
        {"type": "MARSHAL", "unit": "T11"},
        {"type": "UNIT", "unit": "XX-SF1"},
        {"type": "RESOURCE", "resource": "gold"},
        {"type": "SEAT", "seat": 7},
        {"type": "DIE", "die": 4},
        {"type": "DIE", "die": 0},
        {"type": "MEMBER", "piece": "SA", "unit": "T01"},
        {"type": "ROLL", "face": 3},
    ],
)
def test_action_from_json_of_nonsense_raises(doc):
    """action_from_json raises IllegalActionError for anything that names no action."""
    with pytest.raises(IllegalActionError):
        _position().action_from_json(doc)


@pytest.mark.parametrize(
    "doc",
    [{"type": "ROLL"}, {"type": "ROLL", "face": 7}, {"type": "ROLL", "face": 0}, {"type": "STOP"}],
)
def test_action_from_json_at_a_die_accepts_only_faces(doc):
    """At a die, only ROLL with a face 1-6 is accepted."""
    s = scenario(
        pieces={"CH-G1": ((2, 1), ["T04"]), "CH-G2": ((4, 4), []), "CO-G1": ((2, 2), ["T03"])},
    )
    act(s, "PIECE", piece="G1")
    act(s, "STEP", dir="E")
    with pytest.raises(IllegalActionError):
        s.action_from_json(doc)


def test_words_outside_the_space_raise_and_bad_seats_are_refused():
    """action_to_string / action_to_json outside the space raise IllegalActionError; a seat
    that is not one of the game's raises InvalidSeatError."""
    s = _position()
    n = s.game.info.num_distinct_actions
    for a in (-1, n):
        with pytest.raises(IllegalActionError):
            s.action_to_string(a)
        with pytest.raises(IllegalActionError):
            s.action_to_json(a)
    for seat in (2, -1, "0"):
        with pytest.raises(InvalidSeatError):
            s.observation(seat)
        with pytest.raises(InvalidSeatError):
            s.action_to_string_for(s.legal_actions()[0], seat)


def test_every_legal_action_round_trips_through_json():
    """action_from_json(action_to_json(a)) == a for every legal action."""
    s = _position()
    for a in s.legal_actions():
        assert s.action_from_json(s.action_to_json(a)) == a


# --- malformed positions --------------------------------------------------------------------------


def _doc():
    doc, params = scenario_doc(
        tiles={(1, 1): "forest"},
        pieces={
            "CH-G1": ((2, 2), ["T04", "CH-SF1"]),
            "CH-G2": ((0, 2), []),
            "CO-G1": ((3, 3), ["T01"]),
        },
        tokens={0: {"grass": 3}, 1: {"hay": 1}},
        hands={0: ["CC03"], 1: ["CC02"]},
    )
    return doc, params


def _set(path, value):
    def mutate(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def _piece(name, field, value):
    def mutate(doc):
        for p in doc["pieces"]:
            if p["piece"] == name:
                p[field] = value

    return mutate


def _both(*mutations):
    def mutate(doc):
        for m in mutations:
            m(doc)

    return mutate


def _delete(key):
    return lambda doc: doc.pop(key)


def _add_piece(name, cell, units=()):
    return lambda doc: doc["pieces"].append(
        {"piece": name, "cell": list(cell), "units": list(units), "fortified": False}
    )


MALFORMED = [
    ("phase", _set(["phase"], "nonsense")),
    ("phase", _set(["phase"], 6)),
    ("active", _set(["active"], 2)),
    ("active", _set(["active"], "0")),
    ("decider", _set(["decider"], 9)),
    ("round", _set(["round"], 31)),
    ("round", _set(["round"], -1)),
    ("round_limit", _set(["round_limit"], 10)),
    ("factions", _set(["factions"], ["CH", "XX"])),
    ("factions", _set(["factions"], ["CH", "CH"])),
    ("factions", _set(["factions"], ["CH"])),
    ("tiles", lambda d: d["tiles"][2].__setitem__(2, "swamp")),
    ("tiles", lambda d: d["tiles"].pop()),
    ("barns", _set(["barns", 0], [9, 9])),
    ("barns", _set(["barns", 1], [0, 2])),
    ("face_down", _set(["face_down"], {"grass": 1})),
    ("pieces", _piece("CH-G1", "cell", [5, 0])),
    ("pieces", _piece("CH-G1", "cell", "c3")),
    ("pieces", _piece("CH-G1", "piece", "CH-G7")),
    ("pieces", _piece("CH-G1", "units", ["T99"])),
    ("pieces", _piece("CH-G1", "units", "T04")),
    ("pieces", _piece("CH-G1", "fortified", "no")),
    # A General in an enemy barn (the Cows' barn is (4,2)).
    ("pieces", _piece("CH-G1", "cell", [4, 2])),
    # Two pieces on one cell.
    ("pieces", _piece("CH-G1", "cell", [3, 3])),
    # A Super Army and a General of the same seat on the board.
    ("pieces", _add_piece("CH-SA", (1, 1))),
    # A piece listed twice.
    ("pieces", _add_piece("CH-G1", (1, 1))),
    # A piece on a forest.
    ("pieces", _add_piece("CH-G3", (1, 1))),
    # Six units under a General (the troop supply balanced).
    (
        "pieces",
        _both(
            _piece("CO-G1", "units", ["T01"] * 6),
            lambda d: d["troops"].__setitem__("T01", 2),
        ),
    ),
    # Another faction's Special Forces.
    (
        "pieces",
        _both(
            _piece("CO-G1", "units", ["T01", "CH-SF2"]),
            lambda d: d["special_forces"].__setitem__("CH-SF2", "in_play"),
        ),
    ),
    ("troops", lambda d: d["troops"].__setitem__("T01", d["troops"]["T01"] + 1)),
    ("troops", lambda d: d["troops"].__setitem__("T04", -1)),
    ("troops", lambda d: d["troops"].__setitem__("T11", 1)),
    ("supply", lambda d: d["supply"].__setitem__("grass", d["supply"]["grass"] + 1)),
    ("supply", lambda d: d["supply"].__setitem__("gold", 1)),
    ("tokens", lambda d: d["tokens"][0].__setitem__("grass", "3")),
    ("tokens", _both(_set(["tokens", 0, "grass"], -1), _set(["supply", "grass"], 41))),
    ("special_forces", _set(["special_forces", "CH-SF1"], "reserve")),
    ("special_forces", _set(["special_forces", "CH-SF2"], "in_play")),
    ("special_forces", _set(["special_forces", "CH-SF2"], "lost")),
    ("hands", _set(["hands", 0], ["CC99"])),
    ("hands", _set(["hands", 0], ["BP1"])),
    ("hands", lambda d: d["hands"][0].append(d["played"][0])),
    ("hands", lambda d: d["played"].pop()),
    ("plans", _set(["plans", 0], "CC05")),
    ("plans", _set(["plans", 0], "BP9")),
    ("played", lambda d: d["played"].append("XX")),
    ("known", _set(["known"], [{"viewer": 0, "owner": 0, "cards": ["CC03"]}])),
    ("known", _set(["known"], [{"viewer": 0, "owner": 1, "cards": ["CC04"]}])),
    ("lost_turns", _set(["lost_turns"], [0])),
    ("shield_wall", _set(["shield_wall"], [0, "x"])),
    ("alive", _set(["alive"], [True, "yes"])),
    ("turn", _set(["turn"], None)),
    ("battle", _set(["battle"], {"attacker": "CH-G1"})),
    ("winners", _set(["winners"], [0])),
    ("game", _set(["game"], "fences")),
    ("players", _set(["players"], 3)),
    ("params", _set(["params"], {})),
    ("supply", _delete("supply")),
]


@pytest.mark.parametrize(
    ("field", "mutate"), MALFORMED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(MALFORMED)]
)
def test_malformed_positions_raise_naming_the_field(field, mutate):
    """A malformed or inconsistent position raises InvalidPositionError naming the field."""
    doc, params = _doc()
    g = game(2, **params)
    g.state_from_json(copy.deepcopy(doc))  # the unmutated position loads
    mutate(doc)
    with pytest.raises(InvalidPositionError) as info:
        g.state_from_json(doc)
    assert re.search(rf"field '{re.escape(field)}\b", str(info.value)), str(info.value)


@pytest.mark.parametrize("doc", [None, [], "position", 5])
def test_a_position_that_is_not_an_object_is_refused(doc):
    """A position is a JSON object."""
    with pytest.raises(InvalidPositionError):
        game(2).state_from_json(doc)


def test_an_eliminated_seat_keeps_no_piece():
    """LU-R95, LU-R96: an eliminated seat has no piece on the board and an empty-field barn."""
    doc, params = _doc()
    doc["alive"] = [True, False]
    with pytest.raises(InvalidPositionError):
        game(2, **params).state_from_json(doc)


# --- bad parameters ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5, 0, "2", True])
def test_lu_r6_player_counts_outside_two_to_four_are_refused(players):
    """LU-R6: 2-4 players."""
    with pytest.raises(InvalidParamError):
        load_game("livestock_uprising", players)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("colour", "blue"),
        ("factions", "CH"),
        ("factions", "CH,XX"),
        ("factions", "CH,CH"),
        ("factions", "CH,CO,GO"),
        ("factions", ""),
        ("first_player", "2"),
        ("first_player", "first"),
        ("first_player", "-1"),
        ("stalemate_round_limit", 0),
        ("stalemate_round_limit", -3),
        ("stalemate_round_limit", "many"),
        ("stalemate_round_limit", 2.5),
        ("overrides", "T01.atk"),
        ("overrides", "T99.atk=1"),
        ("overrides", "T01.colour=1"),
        ("overrides", "T01.atk=abc"),
        ("overrides", "T01.provenance=x"),
    ],
)
def test_bad_params_raise_invalid_param_error(name, value):
    """Unknown parameters and bad values raise InvalidParamError."""
    with pytest.raises(InvalidParamError):
        load_game("livestock_uprising", 2, **{name: value})


@pytest.mark.parametrize(
    "value",
    [
        "tile_mix.grass=1|1|1",
        "T01.copies=0",
        "T01.atk=-3",
        "CC01.window=NEVER",
        "token_supply.grass=-5",
        "hands.command_cards=7",
    ],
)
def test_overrides_that_break_the_data_raise_invalid_param_error(value):
    """A bad ``overrides`` value is a bad parameter (core protocol: ``Game._setup`` 'may raise
    InvalidParamError'), even when it is well-formed but makes the data inconsistent."""
    with pytest.raises(InvalidParamError):
        load_game("livestock_uprising", 2, overrides=value)


def test_valid_overrides_and_params_load():
    """Overrides replace data values without a code change (§0.2)."""
    g = loaded_game(2, overrides="T01.atk=1; token_supply.grass=50")
    assert g.config.catalog.units[0].atk == 1
    assert g.config.catalog.token_supply[0] == 50
    g = loaded_game(3, factions="pi, go ,CH", first_player="2")
    assert g.config.factions == (3, 2, 0)
    assert load_game("livestock_uprising", 2).params["stalemate_round_limit"] == 30
