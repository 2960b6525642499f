"""End of game, safeguards, visibility and determinism (rules/rancho.md 6.7, 6.8, 8).

Rulings RA-R43 (win), RA-R45 (safeguards), RA-R46 (open information) and the replay contract
(spec 8: every chance result is in the action log so games replay exactly).
"""

from __future__ import annotations

import json

import pytest
from ra_helpers import (
    act,
    buy,
    cow,
    d6,
    game,
    give,
    horse,
    legal_types,
    link,
    on,
    position,
    rabbits,
    roll,
    sheep,
)

from farmstead.core.game import PlayerId
from farmstead.core.record import GameRecord
from farmstead.lab.play import play_game


# --- RA-R43 -------------------------------------------------------------------------------------
def test_RA_R43_several_players_qualify_first_in_turn_order_from_the_active_player_wins():
    """RA-R43: seat 2 (active, farm 3) buys P04 through P20 (seat 1) and P05 (seat 3); the fee
    rabbits complete both herds at once; seat 3 comes first in turn order from seat 2 and wins
    (lowest seat index would have been seat 1)."""
    state = position(
        6,
        pastures={
            2: ["P41"],
            1: ["P40", "P20", "P37", "P38", "P39", "P19"],
            3: ["P42", "P21", "P05", "P45", "P44", "P43"],
        },
        pieces=[
            rabbits("F3a", 4),
            horse("F2a", "F2b", "P37"),
            cow("P38", "P39"),
            sheep("P19"),
            horse("F4a", "F4b", "P45"),
            cow("P44", "P43"),
            sheep("P42"),
        ],
        active=2,
        first_player=2,
        the_game=game(6, first_player="2"),
    )
    buy(state, "P04")
    link(state, "P20")
    link(state, "P05")
    fees = state.to_json()["transaction"]["fees"]
    assert fees == [{"owner": 1, "rabbits": 2}, {"owner": 3, "rabbits": 1}]
    give(state, "rabbit", 4)
    act(state, {"type": "CONFIRM"})
    assert on(state, "P40") == ("rabbit", 2)  # seat 1's cost-4 pasture
    assert on(state, "P21") == ("rabbit", 1)  # seat 3's cost-2 pasture
    assert state.is_terminal()
    assert state.to_json()["winner"] == 3
    returns = state.returns()
    assert returns[3] == 1.0 and all(
        r == pytest.approx(-0.2) for s, r in enumerate(returns) if s != 3
    )


def test_RA_R43_pool_animals_do_not_count():
    """RA-R43 / RA-R30: a horse in the pool next to a placed rabbit, sheep and cow is no win; breeding
    a horse into the pool is no win either until it is placed."""
    state = position(
        pastures={0: ["P33", "P32", "P14"]},
        pieces=[rabbits("P32", 1), sheep("P14"), cow("F1a", "F1b")],
        pools={0: {"horse": 1}},
    )
    assert "ROLL" not in legal_types(state)  # the pool must be placed first (RA-R29)
    act(state, {"type": "UNPLACE", "cell": "P14"})
    assert not state.is_terminal()
    act(state, {"type": "PLACE_SHEEP", "cell": "P14"})
    assert not state.is_terminal()


def test_RA_R43_placing_the_last_kind_by_hand_wins_at_once():
    """RA-R43: the check runs after each action: placing the last missing kind by hand wins at once,
    in Placement, before END_TURN."""
    state = position(
        pastures={0: ["P33", "P32", "P14", "P13", "P31"]},
        pieces=[rabbits("P32", 1), sheep("P14"), horse("F1a", "F1b", "P33")],
    )
    roll(state, "cow", "cow")  # 0 cows + 2 faces -> 1 cow into the pool
    assert not state.is_terminal()
    act(state, {"type": "PLACE_COW", "cells": ["P13", "P31"]})
    assert state.is_terminal()
    assert state.to_json()["winner"] == 0
    assert state.current_player() == PlayerId.TERMINAL
    assert state.legal_actions() == []


# --- RA-R45 -------------------------------------------------------------------------------------
def _quiet_turn(state):
    act(state, {"type": "ROLL"})
    state.apply_action(3 * 6 + 2)  # horse + cow: nothing breeds for a player without them
    act(state, {"type": "END_TURN"})


def test_RA_R45_max_rounds_ends_in_a_draw_with_zero_returns():
    """RA-R45: after max_rounds full rounds the game ends as a draw, every return 0."""
    state = game(3, max_rounds=2).new_initial_state()
    for _ in range(5):
        _quiet_turn(state)
        assert not state.is_terminal()
    _quiet_turn(state)
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.to_json()["winner"] is None


def test_RA_R45_max_game_length_is_finite_and_the_default_rounds_are_500():
    """RA-R45: the data default max_rounds is 500; max_game_length is finite."""
    g = game(2)
    assert g.params["max_rounds"] == 500
    assert 0 < g.info.max_game_length < 10**9


def test_RA_R45_capped_turn_with_open_transaction_leaves_only_cancel():
    """RA-R45: once max_actions_per_turn is reached with a transaction open, only CANCEL stays."""
    state = position(the_game=game(2, max_actions_per_turn=3), pieces=[rabbits("F1a", 6)])
    give(state, "rabbit", 3)
    assert legal_types(state) == {"CANCEL"}
    act(state, {"type": "CANCEL"})
    assert legal_types(state) == {"ROLL"}


def test_RA_R45_capped_turn_with_a_pool_leaves_arrange_safest():
    """RA-R45: capped with animals in the pool that fit: ARRANGE_SAFEST (no hand placing, no ROLL)."""
    state = position(
        the_game=game(2, max_actions_per_turn=2),
        pastures={0: ["P33"]},
        pieces=[rabbits("F1a", 2), sheep("P33")],
    )
    act(state, {"type": "UNPLACE", "cell": "P33"})
    act(state, {"type": "UNPLACE", "cell": "F1a"})
    assert legal_types(state) == {"ARRANGE_SAFEST"}
    act(state, {"type": "ARRANGE_SAFEST"})
    assert legal_types(state) == {"ROLL"}


def test_RA_R45_capped_turn_keeps_returns_predator_decisions_and_end_turn():
    """RA-R45: after the cap the predator order and dog decisions stay legal, RETURN when required,
    then END_TURN; nothing else."""
    state = position(
        the_game=game(2, max_actions_per_turn=1),
        pieces=[sheep("F1a"), rabbits("F1b", 6)],
        dogs={0: {"small_dog": 1}},
    )
    act(state, {"type": "ROLL"})  # the one allowed decision
    state.apply_action(4 * 6 + 5)  # fox + wolf
    assert legal_types(state) == {"FOX_FIRST", "WOLF_FIRST"}
    act(state, {"type": "FOX_FIRST"})
    d6(state, 1)
    d6(state, 1)
    assert state.to_json()["phase"] == "placement"
    # Nothing bred (two predators); the pool is empty: only END_TURN.
    assert legal_types(state) == {"END_TURN"}

    over = position(
        the_game=game(2, max_actions_per_turn=1), pieces=[sheep("F1a"), rabbits("F1b", 6)]
    )
    roll(over, "rabbit", "sheep")  # TV-RA-25: too many animals
    assert legal_types(over) == {"RETURN"}
    for _ in range(2):
        act(over, {"type": "RETURN", "kind": "sheep"})
    assert legal_types(over) == {"ARRANGE_SAFEST"}
    act(over, {"type": "ARRANGE_SAFEST"})
    assert legal_types(over) == {"END_TURN"}


# --- RA-R46 -------------------------------------------------------------------------------------
def test_RA_R46_observation_shows_everything_to_everyone():
    """RA-R46 / spec 8: every seat (and a spectator) sees the whole position: other seats' pools and
    dogs, the open transaction, the herd, the dice."""
    state = position(
        3,
        pastures={0: ["P33"], 1: ["P41"]},
        pieces=[rabbits("F1a", 6), sheep("P41")],
        pools={0: {"sheep": 1}},
        dogs={1: {"small_dog": 1}, 2: {"large_dog": 1}},
    )
    give(state, "rabbit", 2)
    buy(state, "P14")
    full = state.to_json()
    for seat in (0, 1, 2, None):
        obs = state.observation(seat)
        json.dumps(obs)
        assert {k: v for k, v in obs.items() if k != "seat"} == full
    with pytest.raises(ValueError):
        state.observation(3)


# --- determinism and replay -----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_spec_8_same_seed_same_record_and_exact_replay(players):
    """Spec 8: a game is a pure function of params and actions: the same seed gives the same record,
    and the record replays through identical states to the same result."""
    g = game(players, first_player="random", max_rounds=12)
    seen: list[dict] = []
    first = play_game(
        g, ["random"] * players, seed=7, on_step=lambda s, a: seen.append(s.to_json())
    )
    second = play_game(g, ["random"] * players, seed=7)
    assert first.to_json() == second.to_json()
    other = play_game(g, ["random"] * players, seed=8)
    assert other.actions != first.actions
    replayed = [state.to_json() for state, action in first.states() if action is not None]
    assert replayed == seen
    final = first.replay()
    assert final.is_terminal()
    assert final.returns() == first.returns
    # The JSON record round-trips too.
    again = GameRecord.loads(first.dumps())
    assert again.replay().to_json() == final.to_json()


def test_RA_R45_capped_turn_with_an_open_route_leaves_only_cancel():
    """RA-R45: once max_actions_per_turn is reached only CANCEL, RETURN when required,
    ARRANGE_SAFEST with a pool, ROLL/END_TURN and predator decisions stay legal: with a passage
    route open (TV-RA-20 board, BUY(P13) as the one allowed decision) LINK is not among them."""
    state = position(
        6,
        the_game=game(6, max_actions_per_turn=1),
        pastures={
            0: ["P33"],
            5: ["P53", "P54", "P31", "P32", "P14", "P01"],
            1: ["P36", "P16", "P34", "P15"],
        },
        pieces=[horse("F1a", "F1b", "P33")],
    )
    buy(state, "P13")
    assert legal_types(state) == {"CANCEL"}


def _snapshots():
    """States in every phase: first player, expansion with a route open, dice, order, d6, dog,
    placement with a pool, and over."""
    out = [game(3, first_player="random").new_initial_state()]
    blocked = position(
        6,
        pastures={
            0: ["P33"],
            5: ["P53", "P54", "P31", "P32", "P14", "P01"],
            1: ["P36", "P16", "P34", "P15"],
        },
        pieces=[rabbits("F1a", 6), sheep("F1b")],
    )
    buy(blocked, "P12")
    link(blocked, "P14")
    out.append(blocked.clone())
    state = position(
        pastures={0: ["P33", "P02"]},
        pieces=[rabbits("P02", 3), sheep("P33")],
        dogs={0: {"small_dog": 1}},
    )
    act(state, {"type": "ROLL"})
    out.append(state.clone())  # dice
    state.apply_action(4 * 6 + 5)
    out.append(state.clone())  # order
    act(state, {"type": "FOX_FIRST"})
    out.append(state.clone())  # d6
    d6(state, 1)
    out.append(state.clone())  # dog
    act(state, {"type": "KEEP_DOG"})
    d6(state, 2)
    out.append(state.clone())  # placement
    won = position(
        pastures={0: ["P33", "P32", "P14", "P13", "P31"]},
        pieces=[rabbits("P32", 1), sheep("P14"), horse("F1a", "F1b", "P33")],
    )
    roll(won, "cow", "cow")
    out.append(won.clone())  # placement with a cow in the pool
    act(won, {"type": "ARRANGE_SAFEST"})
    out.append(won)  # over
    return out


def test_positions_round_trip_in_every_phase():
    """to_json / state_from_json round-trip with the same legal actions in every phase (spec 8: saves)."""
    phases = []
    for state in _snapshots():
        doc = state.to_json()
        phases.append(doc["phase"])
        loaded = state.game.state_from_json(json.loads(json.dumps(doc)))
        assert loaded.to_json() == doc
        assert loaded.legal_actions() == state.legal_actions()
        assert loaded.current_player() == state.current_player()
    assert set(phases) == {
        "first_player",
        "expansion",
        "dice",
        "order",
        "d6",
        "dog",
        "placement",
        "over",
    }


def test_clone_is_independent():
    """clone() copies: acting on the copy leaves the original unchanged and vice versa."""
    for state in _snapshots():
        if state.is_terminal():
            continue
        before = state.to_json()
        copy = state.clone()
        copy.apply_action(copy.legal_actions()[-1])
        assert state.to_json() == before
        copy_after = copy.to_json()
        state.apply_action(state.legal_actions()[0])
        assert copy.to_json() == copy_after
