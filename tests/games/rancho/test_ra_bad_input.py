"""Bad input: illegal actions, malformed positions, bad params, nonsense action JSON.

Project habit (docs/architecture.md, habits): bad input gets a clear error and changes nothing.
Positions cite the rulings they enforce (RA-R2 conservation, RA-R16 limit, RA-R24 … RA-R26
pieces, RA-R13, 9.2).
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from ra_helpers import act, cow, game, horse, loaded_game, make_doc, position, rabbits, roll, sheep

from farmstead.core.data import load_data
from farmstead.core.errors import (
    DataFileError,
    IllegalActionError,
    InvalidParamError,
    InvalidPositionError,
)
from farmstead.core.registry import load_game
from farmstead.games.rancho import catalog


# --- illegal actions ----------------------------------------------------------------------------
def _assert_rejected(state, action):
    before = state.to_json()
    legal_before = state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.to_json() == before
    assert state.legal_actions() == legal_before


@pytest.mark.parametrize("action", [-1, 577, 10**6, "ROLL", 1.0, True, None])
def test_out_of_range_or_non_int_actions_raise_and_change_nothing(action):
    """apply_action of an id outside 0..576 (or not an int) raises IllegalActionError."""
    _assert_rejected(game(2).new_initial_state(), action)


def test_actions_not_legal_now_raise_and_change_nothing():
    """Legal-looking ids at the wrong moment raise: END_TURN/USE_DOG in Expansion, a far BUY,
    placing with an empty pool, CONFIRM with no transaction, RETURN while everything fits."""
    state = position(pastures={0: ["P33"]}, pieces=[rabbits("F1a", 6), sheep("F1b")])
    for doc in (
        {"type": "END_TURN"},
        {"type": "USE_DOG"},
        {"type": "FOX_FIRST"},
        {"type": "BUY", "pasture": "P01"},
        {"type": "LINK", "pasture": "P14"},
        {"type": "PLACE_SHEEP", "cell": "P33"},
        {"type": "CONFIRM"},
        {"type": "CANCEL"},
        {"type": "RETURN", "kind": "rabbit"},
        {"type": "UNPLACE", "cell": "P33"},
        {"type": "UNPLACE", "cell": "F4a"},
        {"type": "GIVE", "kind": "cow"},
    ):
        _assert_rejected(state, state.action_from_json(doc))


def test_impossible_chance_outcomes_raise_and_change_nothing():
    """At the dice only 0..35 that the dice can show; at the d6 only its faces (1, 2, 4)."""
    state = position(pieces=[rabbits("P33", 1)], pastures={0: ["P33"]})
    act(state, {"type": "ROLL"})
    for outcome in (36, -1, 100):
        _assert_rejected(state, outcome)
    state.apply_action(4 * 6 + 3)  # fox + horse
    for outcome in (0, 3, 5, 6):
        _assert_rejected(state, outcome)


def test_no_action_after_the_end():
    """A terminal state rejects every id."""
    state = game(2, max_rounds=1).new_initial_state()
    for _ in range(2):
        roll(state, "horse", "cow")
        act(state, {"type": "END_TURN"})
    assert state.is_terminal()
    for action in (0, 1, 2):
        _assert_rejected(state, action)


# --- malformed and inconsistent positions -------------------------------------------------------
def base_doc():
    """A valid 2-player position: seat 0 owns P33 and P32 with a cow on F1a+F1b."""
    return make_doc(pastures={0: ["P33", "P32"]}, pieces=[cow("F1a", "F1b"), rabbits("P33", 3)])


def test_base_doc_is_valid():
    """Control for the cases below: the unmodified document loads and round-trips."""
    g = game(2)
    state = g.state_from_json(base_doc())
    assert g.state_from_json(state.to_json()).to_json() == state.to_json()


def _edit(path, value):
    def apply(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return apply


DELETE = object()


def _append_piece(piece):
    return lambda doc: doc["pieces"].append(piece)


def _set_pieces(pieces):
    return lambda doc: doc.__setitem__("pieces", pieces)


BAD_DOCS = {
    # header
    "wrong game": _edit(["game"], "animal_farm"),
    "wrong players": _edit(["players"], 3),
    "wrong params": _edit(["params"], {"first_player": "1"}),
    # missing fields
    "missing phase": _edit(["phase"], DELETE),
    "missing herd": _edit(["herd"], DELETE),
    "missing seats": _edit(["seats"], DELETE),
    "missing pieces": _edit(["pieces"], DELETE),
    "missing round": _edit(["round"], DELETE),
    "missing turn_actions": _edit(["turn_actions"], DELETE),
    "missing herd kind": _edit(["herd", "horse"], DELETE),
    "missing seat pool": _edit(["seats", 0, "pool"], DELETE),
    "missing seat dogs": _edit(["seats", 1, "dogs"], DELETE),
    "missing seat pastures": _edit(["seats", 0, "pastures"], DELETE),
    "missing attacks_left": _edit(["attacks_left"], DELETE),
    "missing dog_queue": _edit(["dog_queue"], DELETE),
    # wrong types and values
    "phase not a string": _edit(["phase"], 1),
    "unknown phase": _edit(["phase"], "harvest"),
    "herd count a string": _edit(["herd", "rabbit"], "16"),
    "herd count a bool": _edit(["herd", "small_dog"], True),
    "negative herd": _edit(["herd", "cow"], -1),
    "unknown herd kind": _edit(["herd", "pig"], 0),
    "seats not a list": _edit(["seats"], {"0": {}}),
    "seat not an object": _edit(["seats", 1], "red"),
    "too few seats": lambda doc: doc["seats"].pop(),
    "pastures not a list": _edit(["seats", 0, "pastures"], "P33"),
    "unknown pasture": _edit(["seats", 1, "pastures"], ["P99"]),
    "farm cell as pasture": _edit(["seats", 1, "pastures"], ["F4a"]),
    "pasture owned twice": _edit(["seats", 1, "pastures"], ["P33"]),
    "thirteen pastures (RA-R16)": _edit(
        ["seats", 1, "pastures"],
        ["P43", "P44", "P45", "P46", "P47", "P22", "P23", "P24", "P25", "P07", "P08", "P09", "P10"],
    ),
    "active out of range": _edit(["active"], 2),
    "round negative": _edit(["round"], -1),
    "pieces not a list": _edit(["pieces"], {}),
    "piece not an object": _append_piece("sheep"),
    "unknown piece kind": _append_piece({"kind": "pig", "cells": ["P32"]}),
    "dog on the board (RA-R27)": _append_piece({"kind": "small_dog", "cells": ["P32"]}),
    "unknown cell": _append_piece({"kind": "sheep", "cells": ["P77"]}),
    "cells not a list": _append_piece({"kind": "sheep", "cells": "P32"}),
    # RA-R24 … RA-R26
    "sheep on an unowned pasture (RA-R24)": _append_piece({"kind": "sheep", "cells": ["P14"]}),
    "sheep on the forest/unowned farm (RA-R24)": _append_piece({"kind": "sheep", "cells": ["F2a"]}),
    "cow across two players (RA-R24)": lambda doc: (
        doc["seats"][1]["pastures"].append("P34"),
        doc["pieces"].__setitem__(0, cow("F1b", "P34")),
    ),
    "cow on non-adjacent cells (RA-R26)": _set_pieces([cow("F1b", "P32")]),
    "horse not a triangle (RA-R26)": _set_pieces([horse("F1a", "F1b", "P32")]),
    "cow on one cell (RA-R26)": _set_pieces([{"kind": "cow", "cells": ["F1a"]}]),
    "two pieces on one cell (RA-R25)": _append_piece(sheep("P33")),
    "seven rabbits on a cell (RA-R25)": _set_pieces([rabbits("P33", 7)]),
    "zero rabbits (RA-R25)": _set_pieces([rabbits("P33", 0)]),
    "rabbits on two cells (RA-R25)": _set_pieces(
        [{"kind": "rabbit", "cells": ["P33", "P32"], "count": 2}]
    ),
    "sheep on two cells (RA-R25)": _set_pieces([{"kind": "sheep", "cells": ["P33", "P32"]}]),
    # conservation (RA-R2, RA-R44)
    "one rabbit too many in the herd": lambda doc: doc["herd"].__setitem__(
        "rabbit", doc["herd"]["rabbit"] + 1
    ),
    "a cow vanished": lambda doc: doc["herd"].__setitem__("cow", doc["herd"]["cow"] - 1),
    "an extra dog": lambda doc: doc["seats"][0]["dogs"].__setitem__("large_dog", 1),
    "pool animal not taken from the herd": lambda doc: doc["seats"][0]["pool"].__setitem__(
        "sheep", 1
    ),
    # phase consistency
    "pool of the inactive seat": lambda doc: (
        doc["seats"][1]["pool"].__setitem__("sheep", 1),
        doc["herd"].__setitem__("sheep", doc["herd"]["sheep"] - 1),
    ),
    "dice before the roll": _edit(["dice"], ["rabbit", "sheep"]),
    "unknown dice symbol": lambda doc: doc.update(phase="placement", dice=["pig", "rabbit"]),
    "placement without dice": _edit(["phase"], "placement"),
    "dog phase without a queue": lambda doc: doc.update(
        phase="dog", dice=["fox", "rabbit"], attack="fox", d6=1
    ),
    "order phase without fox and wolf": lambda doc: doc.update(phase="order", dice=["fox", "fox"]),
    "attack not a predator": lambda doc: doc.update(
        phase="d6", dice=["fox", "rabbit"], attack="cow"
    ),
    "winner before the end": _edit(["winner"], 0),
    "dog queue outside the dog phase": _edit(["dog_queue"], [1]),
    "dog queue with a bad seat": _edit(["dog_queue"], [5]),
}


def _tx(**overrides):
    tx: dict[str, Any] = {
        "give": {k: 0 for k in ("rabbit", "sheep", "cow", "horse", "small_dog", "large_dog")},
        "receive": {k: 0 for k in ("rabbit", "sheep", "cow", "horse", "small_dog", "large_dog")},
        "buy": [],
        "fees": [],
        "route": None,
    }
    tx.update(overrides)
    return tx


def _with_tx(**overrides):
    return lambda doc: doc.__setitem__("transaction", _tx(**overrides))


BAD_DOCS.update(
    {
        "transaction outside expansion (9.2)": lambda doc: doc.update(
            phase="placement", dice=["horse", "cow"], transaction=_tx(buy=["P14"])
        ),
        "transaction not an object": _edit(["transaction"], ["GIVE"]),
        "transaction gives more than owned": _with_tx(give={**_tx()["give"], "rabbit": 4}),
        "transaction gives and receives a kind (RA-R13)": _with_tx(
            give={**_tx()["give"], "rabbit": 1}, receive={**_tx()["receive"], "rabbit": 1}
        ),
        "transaction buys an owned pasture": _with_tx(buy=["P33"]),
        "transaction buys a farm cell": _with_tx(buy=["F1a"]),
        "transaction buys twice": _with_tx(buy=["P14", "P14"]),
        "transaction fee to no seat": _with_tx(fees=[{"owner": 7, "rabbits": 2}]),
        "transaction fee not positive": _with_tx(fees=[{"owner": 1, "rabbits": 0}]),
        "route to an owned target": _with_tx(
            route={"target": "P33", "links": [], "fee": 0, "min_fee": 2}
        ),
        "route through an unowned link": _with_tx(
            route={"target": "P13", "links": ["P14"], "fee": 2, "min_fee": 4}
        ),
        "route fee not the links' sum": _with_tx(
            route={"target": "P13", "links": [], "fee": 3, "min_fee": 4}
        ),
    }
)


# The field each malformed document's error names.
BAD_FIELDS = {
    "wrong game": "game",
    "wrong players": "players",
    "wrong params": "params",
    "missing phase": "phase",
    "missing herd": "herd",
    "missing seats": "seats",
    "missing pieces": "pieces",
    "missing round": "round",
    "missing turn_actions": "turn_actions",
    "missing herd kind": "herd.horse",
    "missing seat pool": "seats[0].pool",
    "missing seat dogs": "seats[1].dogs",
    "missing seat pastures": "seats[0].pastures",
    "missing attacks_left": "attacks_left",
    "missing dog_queue": "dog_queue",
    "phase not a string": "phase",
    "unknown phase": "phase",
    "herd count a string": "herd.rabbit",
    "herd count a bool": "herd.small_dog",
    "negative herd": "herd.cow",
    "unknown herd kind": "herd",
    "seats not a list": "seats",
    "seat not an object": "seats[1]",
    "too few seats": "seats",
    "pastures not a list": "seats[0].pastures",
    "unknown pasture": "seats[1].pastures[0]",
    "farm cell as pasture": "seats[1].pastures[0]",
    "pasture owned twice": "seats[1].pastures[0]",
    "thirteen pastures (RA-R16)": "seats[1].pastures",
    "active out of range": "active",
    "round negative": "round",
    "pieces not a list": "pieces",
    "piece not an object": "pieces[2]",
    "unknown piece kind": "pieces[2].kind",
    "dog on the board (RA-R27)": "pieces[2].kind",
    "unknown cell": "pieces[2].cells[0]",
    "cells not a list": "pieces[2].cells",
    "sheep on an unowned pasture (RA-R24)": "pieces[2].cells",
    "sheep on the forest/unowned farm (RA-R24)": "pieces[2].cells",
    "cow across two players (RA-R24)": "pieces[0].cells",
    "cow on non-adjacent cells (RA-R26)": "pieces[0].cells",
    "horse not a triangle (RA-R26)": "pieces[0].cells",
    "cow on one cell (RA-R26)": "pieces[0].cells",
    "two pieces on one cell (RA-R25)": "pieces[2].cells",
    "seven rabbits on a cell (RA-R25)": "pieces[0].count",
    "zero rabbits (RA-R25)": "pieces[0].count",
    "rabbits on two cells (RA-R25)": "pieces[0].cells",
    "sheep on two cells (RA-R25)": "pieces[0].cells",
    "one rabbit too many in the herd": "herd",
    "a cow vanished": "herd",
    "an extra dog": "herd",
    "pool animal not taken from the herd": "herd",
    "pool of the inactive seat": "seats",
    "dice before the roll": "dice",
    "unknown dice symbol": "dice[0]",
    "placement without dice": "dice",
    "dog phase without a queue": "dog_queue",
    "order phase without fox and wolf": "dice",
    "attack not a predator": "attack",
    "winner before the end": "winner",
    "dog queue outside the dog phase": "dog_queue",
    "dog queue with a bad seat": "dog_queue[0]",
    "transaction outside expansion (9.2)": "transaction",
    "transaction not an object": "transaction",
    "transaction gives more than owned": "transaction.give",
    "transaction gives and receives a kind (RA-R13)": "transaction",
    "transaction buys an owned pasture": "transaction.buy[0]",
    "transaction buys a farm cell": "transaction.buy[0]",
    "transaction buys twice": "transaction.buy[1]",
    "transaction fee to no seat": "transaction.fees[0].owner",
    "transaction fee not positive": "transaction.fees[0].rabbits",
    "route to an owned target": "transaction.route.target",
    "route through an unowned link": "transaction.route.links[0]",
    "route fee not the links' sum": "transaction.route.fee",
}


@pytest.mark.parametrize("name", list(BAD_DOCS))
def test_malformed_or_inconsistent_positions_raise_invalid_position(name):
    """state_from_json raises InvalidPositionError for each broken document, naming the field."""
    doc = base_doc()
    BAD_DOCS[name](doc)
    with pytest.raises(InvalidPositionError) as info:
        game(2).state_from_json(doc)
    assert str(info.value).startswith(f"rancho position, field '{BAD_FIELDS[name]}': "), info.value


def _dog_phase(**extra):
    fields = {"phase": "dog", "dice": ["fox", "rabbit"], "attack": "fox", "d6": 4}
    fields.update(extra)
    return lambda doc: doc.update(fields)


# Positions whose fields are each well-formed but describe a game state the rules can never
# reach; loading them lets the engine break its own invariants (e.g. a dog count of -1).
IMPOSSIBLE_STATES = {
    "transaction buys a pasture out of reach (RA-R18)": _with_tx(
        buy=["P01"], give={**_tx()["give"], "rabbit": 1}
    ),
    "transaction exceeds the pasture limit (RA-R16)": lambda doc: (
        doc["seats"][0].__setitem__(
            "pastures",
            ["P33", "P32", "P34", "P13", "P14", "P15", "P16", "P31", "P35", "P01", "P02", "P03"],
        ),
        doc.__setitem__("transaction", _tx(buy=["P04"])),
    ),
    "passage fee owed to the buyer (RA-R21)": _with_tx(fees=[{"owner": 0, "rabbits": 2}]),
    "dog decision for a seat without a matching dog (RA-R37)": _dog_phase(dog_queue=[0], to_move=0),
    "attack not shown on the dice (RA-R31)": lambda doc: doc.update(
        phase="d6", dice=["rabbit", "sheep"], attack="fox"
    ),
    "more attacks left than predator faces (RA-R31)": lambda doc: doc.update(
        phase="d6", dice=["fox", "rabbit"], attack="fox", attacks_left=["wolf", "wolf"]
    ),
    "d6 result that is not a face of the die (2.4)": lambda doc: (
        doc["seats"][0]["dogs"].__setitem__("small_dog", 1),
        doc["herd"].__setitem__("small_dog", 0),
        _dog_phase(d6=3, dog_queue=[0], to_move=0)(doc),
    ),
    "winner without all four kinds placed (RA-R43)": lambda doc: doc.update(phase="over", winner=1),
    "game over without a winner before max_rounds (RA-R45)": _edit(["phase"], "over"),
    "first player other than the configured one (RA-R5)": _edit(["first_player"], 1),
    "dog savers outside a dog decision (RA-R38)": _edit(["dog_savers"], [1]),
}


# The field each impossible position's error names.
IMPOSSIBLE_FIELDS = {
    "transaction buys a pasture out of reach (RA-R18)": "transaction",
    "transaction exceeds the pasture limit (RA-R16)": "transaction",
    "passage fee owed to the buyer (RA-R21)": "transaction",
    "dog decision for a seat without a matching dog (RA-R37)": "dog_queue",
    "attack not shown on the dice (RA-R31)": "attack",
    "more attacks left than predator faces (RA-R31)": "attacks_left",
    "d6 result that is not a face of the die (2.4)": "d6",
    "winner without all four kinds placed (RA-R43)": "winner",
    "game over without a winner before max_rounds (RA-R45)": "phase",
    "first player other than the configured one (RA-R5)": "first_player",
    "dog savers outside a dog decision (RA-R38)": "dog_savers",
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE_STATES))
def test_impossible_game_states_raise_invalid_position(name):
    """state_from_json rejects positions that no sequence of legal actions can reach
    ("inconsistent" positions): each breaks a ruling named in the case id."""
    doc = base_doc()
    IMPOSSIBLE_STATES[name](doc)
    with pytest.raises(InvalidPositionError) as info:
        game(2).state_from_json(doc)
    field = IMPOSSIBLE_FIELDS[name]
    assert str(info.value).startswith(f"rancho position, field '{field}': "), info.value


def test_a_dog_decision_loaded_without_a_dog_cannot_drive_a_count_negative():
    """RA-R37 / RA-R2: a dog decision for a seat without the matching dog does not load, so USE_DOG
    can never leave the seat with -1 dogs and the herd with more small dogs than the game has.
    Control: with the small dog, the same position loads and USE_DOG moves exactly that dog to
    the herd."""
    doc = base_doc()
    _dog_phase(dog_queue=[0], to_move=0)(doc)
    with pytest.raises(
        InvalidPositionError,
        match=r"field 'dog_queue': seat 0 decides about a dog it does not own \(RA-R37\)",
    ):
        game(2).state_from_json(doc)

    doc["seats"][0]["dogs"]["small_dog"] = 1
    doc["herd"]["small_dog"] = 0
    state = game(2).state_from_json(doc)
    assert state.legal_actions() == [5, 6]  # USE_DOG, KEEP_DOG
    state.apply_action(5)  # USE_DOG
    after = state.to_json()
    assert after["seats"][0]["dogs"]["small_dog"] == 0
    assert after["herd"]["small_dog"] == 1
    assert {"kind": "rabbit", "cells": ["P33"], "count": 3} in after["pieces"]  # saved (RA-R37)


def test_position_errors_name_the_field_and_the_reason():
    """A malformed count is reported with its full path and what is wrong with it."""
    doc = base_doc()
    doc["seats"][1]["pool"]["sheep"] = -1
    with pytest.raises(InvalidPositionError) as info:
        game(2).state_from_json(doc)
    assert str(info.value) == (
        "rancho position, field 'seats[1].pool.sheep': must be an int >= 0, got -1"
    )


@pytest.mark.parametrize("doc", [None, [], "rancho", 3, {"game": "rancho"}])
def test_non_positions_raise_invalid_position(doc):
    """Anything that is not a position document is rejected cleanly."""
    with pytest.raises(InvalidPositionError):
        game(2).state_from_json(copy.deepcopy(doc))


def test_loading_does_not_modify_the_document():
    """state_from_json reads the document without changing it."""
    doc = base_doc()
    snapshot = copy.deepcopy(doc)
    game(2).state_from_json(doc)
    assert doc == snapshot


# --- params ---------------------------------------------------------------------------------------
def _data(filename):
    return copy.deepcopy(load_data(catalog.DATA_PACKAGE, filename))


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (lambda d: d["board"].pop("cells"), "board.toml [board]: 'cells'"),
        (lambda d: d["board"]["cells"][0].pop("q"), "board.toml [board] cell P01: 'q'"),
        (lambda d: d["board"]["cells"][0].__setitem__("cost", 0), "cell P01: 'cost'"),
        (lambda d: d["board"]["cells"].reverse(), "every pasture first"),
        (lambda d: d["board"]["cells"][1].__setitem__("id", "P01"), "ids must be unique"),
        (lambda d: d["board"]["cells"][-1].__setitem__("farm", 5), "farm 5 must be two"),
    ],
)
def test_malformed_board_data_raises_data_file_error(edit, where):
    """A replacement board file that breaks the board's shape is a DataFileError naming the
    file, the table and the field (spec 0: PROPOSED data must be replaceable, never silently
    wrong)."""
    doc = _data("board.toml")
    edit(doc)
    with pytest.raises(DataFileError, match=re.escape(where)):
        catalog._board(doc)


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (lambda d: d.pop("safeguards"), "components.toml: table [safeguards] is missing"),
        (lambda d: d["values"].__setitem__("cow", "12"), "components.toml [values]: 'cow'"),
        (lambda d: d["herd"]["sheep"].pop(), "components.toml [herd]: 'sheep' needs 5"),
        (lambda d: d["d12"]["die_a"].__setitem__(0, "pig"), "components.toml [d12]: 'die_a'"),
        (lambda d: d["d6"].__setitem__("faces", [1, 0]), "components.toml [d6]: 'faces'[1]"),
        (lambda d: d["farm_use"].__setitem__("players_3", [1, 1, 5]), "'players_3' must name 3"),
    ],
)
def test_malformed_components_data_raises_data_file_error(edit, where):
    """A broken components file is a DataFileError naming the file, the table and the field."""
    doc = _data("components.toml")
    edit(doc)
    with pytest.raises(DataFileError, match=re.escape(where)):
        catalog._components(doc)


def test_unknown_param_lists_the_valid_ones():
    """An unknown parameter raises InvalidParamError naming every valid parameter."""
    with pytest.raises(InvalidParamError) as info:
        load_game("rancho", players=2, max_turns=3)
    message = str(info.value)
    for name in (
        "max_rounds",
        "max_actions_per_turn",
        "first_player",
        "dice",
        "d6",
        "pasture_limit",
    ):
        assert name in message


def test_bad_dice_choice_lists_the_choices():
    """dice must be one of the data tables: the error lists proposed, alternative_a, alternative_b."""
    with pytest.raises(InvalidParamError) as info:
        load_game("rancho", players=2, dice="loaded")
    for choice in ("proposed", "alternative_a", "alternative_b"):
        assert choice in str(info.value)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("first_player", "2"),
        ("first_player", "first"),
        ("first_player", "-1"),
        ("max_rounds", 0),
        ("max_rounds", "many"),
        ("max_actions_per_turn", 0),
        ("d6", "1,x,4"),
        ("d6", "0,1"),
        ("d6", ""),
        ("values", "pig=3"),
        ("values", "sheep=0"),
        ("values", "sheep"),
        ("values", "note=3"),  # a key of the data table that is not a kind
        ("pasture_limit", -1),
        ("ask_predator_order", "maybe"),
    ],
)
def test_bad_param_values_raise_invalid_param(name, value):
    """Out-of-domain parameter values raise InvalidParamError with a message naming the parameter."""
    with pytest.raises(InvalidParamError) as info:
        load_game("rancho", players=2, **{name: value})
    assert name in str(info.value)


def test_first_player_error_names_the_valid_seats():
    """RA-R5: first_player must be 'random' or a seat; the error says which."""
    with pytest.raises(InvalidParamError, match="random"):
        load_game("rancho", players=3, first_player="3")


def test_alternative_dice_and_param_overrides_load():
    """Spec 2.4 alternatives (a) and (b) are selectable; the values param overrides a value."""
    a = loaded_game(2, dice="alternative_a", first_player="0")
    b = loaded_game(2, dice="alternative_b", first_player="0")
    assert a.config.die_a.count(1) == 3 and a.config.die_b.count(1) == 3
    assert b.config.die_b.count(3) == 0 and b.config.die_b.count(1) == 3
    v = loaded_game(2, values="sheep=5")
    assert v.config.values[1] == 5


# --- action JSON ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "doc",
    [
        None,
        [],
        "ROLL",
        {},
        {"type": 5},
        {"type": "FLY"},
        {"type": "BUY"},
        {"type": "BUY", "pasture": "F1a"},
        {"type": "BUY", "pasture": "P99"},
        {"type": "BUY", "pasture": 13},
        {"type": "LINK", "pasture": None},
        {"type": "GIVE", "kind": "pig"},
        {"type": "GIVE"},
        {"type": "RETURN", "kind": "small_dog"},
        {"type": "UNPLACE", "cell": "forest"},
        {"type": "PLACE_COW", "cells": ["F1a", "P34"]},
        {"type": "PLACE_COW", "cells": ["F1a"]},
        {"type": "PLACE_COW", "cells": "F1a,F1b"},
        {"type": "PLACE_HORSE", "cells": ["F1a", "F1b", "P32"]},
        {"type": "PLACE_HORSE", "cells": ["F1a", "F1b", "X"]},
        {"type": "DICE", "faces": ["rabbit", "rabbit"]},
    ],
)
def test_action_from_json_of_nonsense_raises(doc):
    """action_from_json raises IllegalActionError for anything that names no action."""
    state = game(2).new_initial_state()
    with pytest.raises(IllegalActionError):
        state.action_from_json(doc)


@pytest.mark.parametrize(
    "doc",
    [
        {"type": "ROLL"},
        {"type": "D6", "number": 1},
        {"type": "DICE", "faces": ["pig", "rabbit"]},
        {"type": "DICE", "faces": ["rabbit"]},
        {"type": "DICE"},
    ],
)
def test_action_from_json_at_the_dice_rejects_other_types(doc):
    """At the dice chance node only a DICE outcome with two valid faces is accepted."""
    state = game(2).new_initial_state()
    act(state, {"type": "ROLL"})
    with pytest.raises(IllegalActionError):
        state.action_from_json(doc)
    assert state.action_from_json({"type": "DICE", "faces": ["fox", "wolf"]}) == 29
