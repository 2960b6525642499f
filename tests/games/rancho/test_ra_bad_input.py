"""Bad input: illegal actions, malformed positions, bad params, nonsense action JSON.

Project standard (DESIGN.md): bad input gets a clear error and changes nothing. Positions cite the
rulings they enforce (RA-R2 conservation, RA-R16 limit, RA-R24 … RA-R26 pieces, RA-R13, 9.2).
"""

from __future__ import annotations

import copy

import pytest
from ra_helpers import act, cow, game, horse, make_doc, position, rabbits, roll, sheep

from farmstead.core.errors import IllegalActionError, InvalidParamError, InvalidPositionError
from farmstead.core.registry import load_game


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
    tx = {
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


@pytest.mark.parametrize("name", list(BAD_DOCS))
def test_malformed_or_inconsistent_positions_raise_invalid_position(name):
    """state_from_json raises InvalidPositionError (with a message) for each broken document."""
    doc = base_doc()
    BAD_DOCS[name](doc)
    with pytest.raises(InvalidPositionError) as info:
        game(2).state_from_json(doc)
    assert str(info.value)


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


@pytest.mark.parametrize("name", list(IMPOSSIBLE_STATES))
def test_impossible_game_states_raise_invalid_position(name):
    """state_from_json rejects positions that no sequence of legal actions can reach (the brief's
    "inconsistent" positions): each breaks a ruling named in the case id."""
    doc = base_doc()
    IMPOSSIBLE_STATES[name](doc)
    with pytest.raises(InvalidPositionError):
        game(2).state_from_json(doc)


def test_a_dog_decision_loaded_without_a_dog_cannot_drive_a_count_negative():
    """RA-R37 / RA-R2: if such a position loads, USE_DOG must not leave the seat with -1 dogs and
    the herd with more small dogs than the game has."""
    doc = base_doc()
    _dog_phase(dog_queue=[0], to_move=0)(doc)
    try:
        state = game(2).state_from_json(doc)
    except InvalidPositionError:
        return
    state.apply_action(5)  # USE_DOG
    after = state.to_json()
    assert after["seats"][0]["dogs"]["small_dog"] >= 0
    assert after["herd"]["small_dog"] <= 1


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
        ("pasture_limit", -1),
        ("ask_predator_order", "maybe"),
    ],
)
def test_bad_param_values_raise_invalid_param(name, value):
    """Out-of-domain parameter values raise InvalidParamError with a message naming the parameter."""
    with pytest.raises(InvalidParamError) as info:
        load_game("rancho", players=2, **{name: value})
    assert name.split("_")[0] in str(info.value) or "values" in str(info.value)


def test_first_player_error_names_the_valid_seats():
    """RA-R5: first_player must be 'random' or a seat; the error says which."""
    with pytest.raises(InvalidParamError, match="random"):
        load_game("rancho", players=3, first_player="3")


def test_alternative_dice_and_param_overrides_load():
    """Spec 2.4 alternatives (a) and (b) are selectable; the values param overrides a value."""
    a = load_game("rancho", players=2, dice="alternative_a", first_player="0")
    b = load_game("rancho", players=2, dice="alternative_b", first_player="0")
    assert a.config.die_a.count(1) == 3 and a.config.die_b.count(1) == 3
    assert b.config.die_b.count(3) == 0 and b.config.die_b.count(1) == 3
    v = load_game("rancho", players=2, values="sheep=5")
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
