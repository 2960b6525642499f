"""What Rancho's observation tells a front end so that it computes no rule itself.

* ``values``: the animal values in rabbits, the ``values`` param applied (RA-R9).
* ``transaction.worth``: the open trade in rabbits: given, taken, prices, fees and the balance
  (RA-R10, RA-R17, RA-R21).
* ``losses``: during a dog decision, what the attack would take from each seat: the fox's
  rabbits on the rolled ring (RA-R34), the wolf's sheep, cows and horses wholly or partly there
  (RA-R35), never on a farm (RA-R36).

Every seat (and a spectator) reads the same (RA-R46), and loading a position ignores these
derived fields.
"""

from __future__ import annotations

import json

from ra_helpers import (
    act,
    buy,
    cow,
    d6,
    game,
    give,
    horse,
    position,
    rabbits,
    receive,
    roll,
    sheep,
)

USE = {"type": "USE_DOG"}
KEEP = {"type": "KEEP_DOG"}


def test_RA_R9_values_are_the_rulebook_worths_by_default():
    state = position()
    assert state.observation(0)["values"] == {
        "rabbit": 1,
        "sheep": 6,
        "cow": 12,
        "horse": 24,
        "small_dog": 3,
        "large_dog": 6,
    }


def test_RA_R9_values_follow_the_values_param():
    the_game = game(values="sheep=5, horse=30")
    state = position(the_game=the_game)
    values = state.observation(None)["values"]
    assert values["sheep"] == 5 and values["horse"] == 30 and values["cow"] == 12


def test_RA_R10_the_open_trade_carries_its_worth_in_rabbits():
    """Giving 6 rabbits and buying P14 (price 1, RA-R17): 6 given, 1 paid, 5 still over."""
    state = position(pastures={0: ["P33"]}, pieces=[rabbits("F1a", 6)])
    give(state, "rabbit", 6)
    buy(state, "P14")
    worth = state.observation(0)["transaction"]["worth"]
    price = state.cfg.board.cost[state.cfg.board.index["P14"]]
    assert worth == {
        "give": 6,
        "receive": 0,
        "prices": price,
        "fees": 0,
        "balance": 6 - price,
    }
    assert worth["balance"] == state.tx_balance()


def test_RA_R10_a_balanced_trade_has_balance_zero():
    """6 rabbits for a sheep (RA-R9): worth 6 on each side, balanced."""
    state = position(pieces=[rabbits("F1a", 6)])
    give(state, "rabbit", 6)
    receive(state, "sheep")
    worth = state.observation(1)["transaction"]["worth"]
    assert worth == {"give": 6, "receive": 6, "prices": 0, "fees": 0, "balance": 0}


def test_RA_R34_fox_losses_are_the_rabbits_on_the_rolled_ring():
    """RA-R34: with the fox on 1, the 6 + 3 rabbits on cost-1 pastures would go, not the sheep
    and not the rabbits on the farm (RA-R36); the observation says so while the dog is asked."""
    state = position(
        pastures={0: ["P33", "P14", "P02", "P01"]},
        pieces=[rabbits("P02", 6), rabbits("P01", 3), rabbits("F1a", 2), sheep("P14")],
        dogs={0: {"small_dog": 1}},
    )
    assert state.observation(0)["losses"] is None
    roll(state, "fox", "horse")
    d6(state, 1)
    assert state.to_json()["phase"] == "dog"
    for seat in (0, 1, None):
        assert state.observation(seat)["losses"] == [{"rabbit": 9}, {}]
    act(state, KEEP)
    assert state.observation(0)["losses"] is None
    assert state.placed[0] == 2  # the loss the page showed is the loss applied


def test_RA_R35_wolf_losses_count_each_animal_wholly_or_partly_on_the_ring():
    """RA-R35 (TV-RA-15 on the proposed board): with the wolf on 4, seat 0 would lose the sheep
    on P32 and seat 1 the horse reaching onto P45 and the cow reaching onto P44, one each; the
    rabbits, the farm cow (RA-R36) and the cow on P23+P24 stay."""
    state = position(
        pastures={0: ["P32", "P33", "P34"], 1: ["P22", "P23", "P24", "P44", "P45"]},
        pieces=[
            cow("F1a", "F1b"),
            sheep("P32"),
            rabbits("P34", 6),
            horse("F4a", "F4b", "P45"),
            cow("P44", "P22"),
            cow("P23", "P24"),
        ],
        dogs={0: {"large_dog": 1}},
    )
    roll(state, "wolf", "horse")
    d6(state, 4)
    obs = state.observation(0)
    assert obs["phase"] == "dog"
    assert obs["losses"][0] == {"sheep": 1}
    # Seat 1 has no large dog and is not asked, but its loss is known all the same.
    assert obs["losses"][1] == {"cow": 1, "horse": 1}
    act(state, USE)
    assert state.placed[1] == 1  # the dog saved seat 0's sheep
    assert state.placed[4 + 2] == 1 and state.placed[4 + 3] == 0  # seat 1 lost what it was shown


def test_RA_R46_the_page_fields_are_public_and_json_safe():
    state = position(pieces=[rabbits("F1a", 6)])
    give(state, "rabbit", 6)
    docs = [state.observation(seat) for seat in (0, 1, None)]
    for doc in docs:
        json.dumps(doc)
        assert doc["values"] == docs[0]["values"]
        assert doc["transaction"]["worth"] == docs[0]["transaction"]["worth"]


def test_loading_ignores_the_derived_fields():
    state = position(pieces=[rabbits("F1a", 6)])
    give(state, "rabbit", 6)
    doc = state.to_json()
    again = state.game.state_from_json(doc)
    assert again.to_json() == doc
