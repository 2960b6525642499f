"""The greedy heuristic agent on positions with a known best move (toy games)."""

from __future__ import annotations

import pytest
from toygames import DiceNimGame, TreeGame, leaf, nim_evaluate, tree_evaluate

from farmstead.agents.evaluation import NoHeuristicsError
from farmstead.agents.heuristic import HeuristicAgent
from farmstead.core.rng import Rng
from farmstead.lab.play import play_game


def heuristic(seed: int = 0, **params: object) -> HeuristicAgent:
    return HeuristicAgent(Rng(seed), evaluate=tree_evaluate, **params)


def test_takes_the_winning_move() -> None:
    """Dice Nim with 3 tokens left: taking all 3 wins at once."""
    state = DiceNimGame(2, pile=3).new_initial_state()
    agent = HeuristicAgent(Rng(0), evaluate=nim_evaluate)
    assert agent.step(state) == 2  # action 2 = take 3


def test_leaves_a_multiple_of_four_in_nim() -> None:
    """Nim theory: from 7 tokens the move to 4 (take 3) leaves the opponent lost."""
    state = DiceNimGame(2, pile=7, gusts=0).new_initial_state()
    agent = HeuristicAgent(Rng(0), evaluate=nim_evaluate)
    assert agent.step(state) == 2


def test_chance_nodes_are_scored_in_expectation() -> None:
    """A safe 0.3 beats a coin flip between +1 and -0.8 (expectation 0.1) ..."""
    tree = {
        "player": 0,
        "moves": {
            0: leaf(0.3, -0.3),
            1: {"chance": {0: (0.5, leaf(1.0, -1.0)), 1: (0.5, leaf(-0.8, 0.8))}},
        },
    }
    assert heuristic().step(TreeGame(2, tree).new_initial_state()) == 0


def test_a_good_gamble_beats_a_safe_small_gain() -> None:
    """... and a 3:1 chance at +1 (expectation 0.55) beats the safe 0.3."""
    tree = {
        "player": 0,
        "moves": {
            0: leaf(0.3, -0.3),
            1: {"chance": {0: (0.75, leaf(1.0, -1.0)), 1: (0.25, leaf(-0.8, 0.8))}},
        },
    }
    assert heuristic().step(TreeGame(2, tree).new_initial_state()) == 1


def test_chance_depth_zero_scores_the_chance_node_itself() -> None:
    """With chance_depth=0 the agent trusts evaluate() at the chance node (its "value")."""
    tree = {
        "player": 0,
        "moves": {
            0: leaf(0.3, -0.3),
            1: {
                "value": [0.9, -0.9],
                "chance": {0: (0.5, leaf(-1.0, 1.0)), 1: (0.5, leaf(-1.0, 1.0))},
            },
        },
    }
    assert heuristic(chance_depth=0).step(TreeGame(2, tree).new_initial_state()) == 1
    assert heuristic(chance_depth=2).step(TreeGame(2, tree).new_initial_state()) == 0


def test_many_outcomes_are_sampled_reproducibly() -> None:
    """More outcomes than chance_samples: the agent averages a seeded sample of them."""
    outcomes = {i: (1 / 8, leaf(1.0 if i < 6 else -1.0, 0.0)) for i in range(8)}
    tree = {"player": 0, "moves": {0: leaf(0.2, 0.0), 1: {"chance": outcomes}}}
    game = TreeGame(2, tree)
    agent = heuristic(seed=5, chance_samples=4)
    child = game.new_initial_state()
    child.apply_action(1)
    first = agent.value(child, 0, tree_evaluate)
    again = heuristic(seed=5, chance_samples=4).value(child, 0, tree_evaluate)
    assert first == again
    assert first in {1.0, 0.5, 0.0, -0.5, -1.0}  # a mean of 4 sampled +-1 leaves


def test_ties_are_broken_by_the_agents_generator() -> None:
    tree = {"player": 0, "moves": {a: leaf(0.0, 0.0) for a in range(4)}}
    game = TreeGame(2, tree)
    picks = {heuristic(seed=s).step(game.new_initial_state()) for s in range(40)}
    assert picks == {0, 1, 2, 3}
    assert heuristic(seed=7).step(game.new_initial_state()) == heuristic(seed=7).step(
        game.new_initial_state()
    )


def test_state_is_not_modified() -> None:
    state = DiceNimGame(2, pile=9).new_initial_state()
    before = state.to_json()
    HeuristicAgent(Rng(0), evaluate=nim_evaluate).step(state)
    assert state.to_json() == before


def test_game_without_heuristics_is_a_clear_error() -> None:
    """A game without registered heuristics: a NoHeuristicsError naming the game."""
    game = DiceNimGame(2)
    agent = HeuristicAgent(Rng(0))
    with pytest.raises(NoHeuristicsError) as info:
        agent.check_game(game)
    assert "toy_dice_nim" in str(info.value) and "heuristics" in str(info.value)
    with pytest.raises(NoHeuristicsError):
        agent.step(game.new_initial_state())


def test_beats_random_at_nim() -> None:
    """Strength smoke test: the Nim evaluation wins most games against random."""
    game = DiceNimGame(2, pile=13, gusts=1)
    wins = 0
    for i in range(20):
        hero = HeuristicAgent(Rng(i), evaluate=nim_evaluate)
        seats: list[str | HeuristicAgent] = [hero, "random"] if i % 2 == 0 else ["random", hero]
        record = play_game(game, seats, seed=i)
        assert record.returns is not None
        wins += record.returns[i % 2] > 0
    assert wins >= 16
