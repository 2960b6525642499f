"""Heuristics (feed distances, threats, escorts) and the greedy agent's strength."""

from __future__ import annotations

import pytest
from af_helpers import N, S, build, play, select

from farmstead.agents import make_agent
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng, derive_seed
from farmstead.games.animal_farm.heuristics import evaluate, evaluate_all
from farmstead.lab.play import play_game

PIG1, GOAT1, HORSE = 0, 3, 6


def test_evaluation_is_bounded_and_zero_sum_on_random_positions():
    the_game = load_game("animal_farm")
    rng = Rng(11)
    state = the_game.new_initial_state()
    while not state.is_terminal():
        values = evaluate_all(state)
        assert all(-1.0 <= v <= 1.0 for v in values)
        assert values[0] == pytest.approx(-values[1])
        assert values == [evaluate(state, 0), evaluate(state, 1)]
        if state.is_chance_node():
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert evaluate_all(state) == state.returns()


def test_feed_distance_carrying_home_is_better():
    state = play(build(p1={PIG1: (4, 6)}, f2="P1-pig-1"), select(PIG1))
    home, away = state.clone(), state.clone()
    play(home, S)
    play(away, N)
    assert evaluate(home, 0) > evaluate(state, 0) > evaluate(away, 0)


def test_threat_a_carrier_next_to_an_enemy_horse_is_worse():
    safe = build(p1={PIG1: (1, 5)}, p2={HORSE: (8, 7)}, f2="P1-pig-1", mover="P2")
    threatened = build(p1={PIG1: (1, 5)}, p2={HORSE: (2, 6)}, f2="P1-pig-1", mover="P2")
    assert evaluate(safe, 0) > evaluate(threatened, 0)


def test_escort_friends_beside_a_carrier_help():
    alone = build(p1={PIG1: (4, 5)}, f2="P1-pig-1", mover="P2")
    escorted = build(p1={PIG1: (4, 5), HORSE: (5, 5)}, f2="P1-pig-1", mover="P2")
    assert evaluate(escorted, 0) > evaluate(alone, 0)


def test_greedy_agent_takes_the_one_turn_raid():
    """AF-TV-10's position: the greedy agent finds the winning raid step by step."""
    state = build(p1={PIG1: (4, 3)}, f2=(4, 8))
    agent = make_agent("heuristic", Rng(1))
    while not state.is_terminal() and state.to_json()["ply"] == 0:
        state.apply_action(agent.step(state))
    assert state.to_json()["result"] == "P1"


def test_heuristic_beats_random():
    """The greedy heuristic agent wins at least 90% of games against random."""
    the_game = load_game("animal_farm")
    games, wins = 40, 0
    for i in range(games):
        seats = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        record = play_game(the_game, seats, seed=derive_seed(5, i))
        assert record.returns is not None
        wins += record.returns[seats.index("heuristic")] > 0
    assert wins >= 0.9 * games
