"""MCTS / information-set MCTS on positions with a known best move (toy games)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from toygames import (
    BET,
    PASS,
    DiceNimGame,
    DiceNimState,
    KuhnGame,
    KuhnState,
    ShuttleGame,
    Tree,
    TreeGame,
    leaf,
    nim_evaluate,
    shuttle_evaluate,
    tree_evaluate,
)

from farmstead.agents.mcts import OPEN_LOOP, MCTSAgent
from farmstead.core.game import State
from farmstead.core.rng import Rng
from farmstead.lab.play import play_game

J, Q, K = 0, 1, 2


def mcts(seed: int = 0, evaluate: Any = None, **params: Any) -> MCTSAgent:
    params.setdefault("rollout_depth", -1)
    return MCTSAgent(Rng(seed), evaluate=evaluate, **params)


def kuhn(cards: list[int], history: list[int]) -> KuhnState:
    state = KuhnGame(2).new_initial_state()
    for card in cards:
        state.apply_action(card)
    for action in history:
        state.apply_action(action)
    return state


def test_finds_the_immediate_win() -> None:
    state = DiceNimGame(2, pile=3).new_initial_state()
    assert mcts(iterations=200).step(state) == 2  # take 3


def test_three_player_backup_keeps_each_seats_own_value() -> None:
    """n-player returns vector: seat 1 maximises its own return, so after L it gives seat 0 the
    win (+1) rather than the loss (-1) a two-player "opponent minimises me" search assumes.
    The right move for seat 0 is therefore L (action 0), not the safe R worth 0.2."""
    tree = {
        "player": 0,
        "moves": {
            0: {"player": 1, "moves": {0: leaf(1.0, 0.5, -1.0), 1: leaf(-1.0, 0.0, 0.0)}},
            1: leaf(0.2, 0.0, 0.0),
        },
    }
    agent = mcts(iterations=400)
    state = TreeGame(3, tree).new_initial_state()
    assert agent.step(state) == 0
    assert agent.last_root is not None
    left = agent.last_root.children[0]
    # mean values are kept per seat (scaled to [0, 1]): seat 1's value is its own 0.5 -> 0.75
    assert left.mean(1) == pytest.approx(0.75, abs=0.1)


def test_chance_node_is_searched_in_expectation() -> None:
    """Safe 0.3 against a fair coin between +1 and -0.8 (expectation 0.1): stay safe."""
    tree: Tree = {
        "player": 0,
        "moves": {
            0: leaf(0.3, -0.3),
            1: {"chance": {0: (0.5, leaf(1.0, -1.0)), 1: (0.5, leaf(-0.8, 0.8))}},
        },
    }
    assert mcts(iterations=600).step(TreeGame(2, tree).new_initial_state()) == 0
    tree["moves"][1]["chance"] = {0: (0.75, leaf(1.0, -1.0)), 1: (0.25, leaf(-0.8, 0.8))}
    assert mcts(iterations=600).step(TreeGame(2, tree).new_initial_state()) == 1


def test_ismcts_calls_a_bet_with_the_king() -> None:
    """Kuhn poker: holding K against a bet, calling always wins (+2) and folding loses 1."""
    state = kuhn([J, K], [BET])  # seat 1 holds K and faces seat 0's bet
    assert mcts(iterations=300).step(state) == BET


def test_ismcts_folds_the_jack_to_a_bet() -> None:
    """Holding J against a bet, calling always loses 2 and folding loses 1."""
    state = kuhn([J, K], [PASS, BET])
    assert mcts(iterations=300).step(state) == PASS


def test_ismcts_decision_does_not_depend_on_the_hidden_card() -> None:
    """The search sees only what seat 0 may see: its choice and its whole tree statistics are
    the same whether the opponent holds J or K (no peeking at hidden information)."""
    results = []
    for hidden in (J, K):
        agent = mcts(seed=11, iterations=300)
        action = agent.step(kuhn([Q, hidden], []))
        assert agent.last_root is not None
        stats = {a: (c.visits, c.values) for a, c in agent.last_root.children.items()}
        results.append((action, stats))
    assert results[0] == results[1]


def test_hidden_information_without_a_sampler_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(KuhnState, "sample_consistent", State.sample_consistent)
    with pytest.raises(NotImplementedError, match="consistent-state sampler"):
        mcts(iterations=10).step(kuhn([Q, K], []))


def test_rollouts_stop_at_rollout_depth_and_use_evaluate() -> None:
    """One iteration = one new tree node (1 decision) + at most rollout_depth random decisions,
    then evaluate() scores the position for every seat."""
    seen: list[int] = []

    def counting(state: State, seat: int) -> float:
        assert isinstance(state, DiceNimState)
        seen.append(state.pile)
        return 0.0

    state = DiceNimGame(2, pile=40, gusts=0).new_initial_state()
    agent = mcts(iterations=5, rollout_depth=2, evaluate=counting)
    agent.step(state)
    assert len(seen) == 5 * 2  # once per seat per iteration
    assert min(seen) >= 40 - 3 * 3  # at most 3 decisions of at most 3 tokens each


def test_unbounded_rollouts_never_evaluate() -> None:
    def forbidden(state: State, seat: int) -> float:
        raise AssertionError("evaluate must not be called with rollout_depth=-1")

    state = DiceNimGame(2, pile=12).new_initial_state()
    mcts(iterations=50, rollout_depth=-1, evaluate=forbidden).step(state)


def test_greedy_rollouts_find_the_win() -> None:
    state = DiceNimGame(2, pile=7, gusts=0).new_initial_state()
    agent = mcts(iterations=200, rollout_depth=6, rollout="greedy", evaluate=nim_evaluate)
    assert agent.step(state) == 2


def test_iteration_budget_is_exact_and_reproducible() -> None:
    state = DiceNimGame(2, pile=20).new_initial_state()
    first, second = mcts(seed=3, iterations=123), mcts(seed=3, iterations=123)
    assert first.step(state) == second.step(state)
    assert first.last_iterations == 123
    assert first.last_root is not None and second.last_root is not None
    assert {a: c.visits for a, c in first.last_root.children.items()} == {
        a: c.visits for a, c in second.last_root.children.items()
    }


def test_time_budget_stops_the_search() -> None:
    state = DiceNimGame(2, pile=60, gusts=10).new_initial_state()
    agent = mcts(iterations=0, seconds=0.05)
    started, cpu_started = time.perf_counter(), time.thread_time()
    agent.step(state)
    elapsed = time.perf_counter() - started
    cpu = time.thread_time() - cpu_started
    assert agent.last_iterations > 0
    # The budget is wall-clock time: the search runs until it is spent, never stopping early.
    assert elapsed >= 0.05
    # ... and stops soon after. The search runs in this thread, so its CPU time is measured
    # (a loaded machine stretches the wall clock, not the work): a search that ignored its
    # budget (no iteration limit here) would run far past 1 s of CPU.
    assert cpu < 1.0, cpu


def test_state_is_not_modified() -> None:
    state = kuhn([K, Q], [PASS])
    before = state.to_json()
    mcts(iterations=50).step(state)
    assert state.to_json() == before


def test_beats_random_at_dice_nim() -> None:
    """Strength smoke test on a chance game."""
    game = DiceNimGame(2, pile=15)
    wins = 0
    for i in range(20):
        hero = mcts(seed=i, iterations=100)
        seats: list[Any] = [hero, "random"] if i % 2 == 0 else ["random", hero]
        record = play_game(game, seats, seed=i)
        assert record.returns is not None
        wins += record.returns[i % 2] > 0
    assert wins >= 17


def test_three_player_game_is_won_more_than_its_share() -> None:
    """3 seats: mcts against two random players wins well above the fair third."""
    game = DiceNimGame(3, pile=11)
    wins = 0
    for i in range(15):
        seat = i % 3
        seats: list[Any] = ["random"] * 3
        seats[seat] = mcts(seed=i, iterations=150)
        record = play_game(game, seats, seed=100 + i)
        assert record.returns is not None
        wins += record.returns[seat] > 0
    assert wins >= 8


def _trap_tree() -> Any:
    """Seat 0 picks 0 (evaluated 0.9, but seat 1's only replies lose for seat 0) or 1
    (evaluated 0.0, and every reply leaves seat 0 ahead)."""
    return {
        "player": 0,
        "moves": {
            0: {
                "player": 1,
                "value": [0.9, -0.9],
                "moves": {0: leaf(-1.0, 1.0), 1: leaf(-0.8, 0.8)},
            },
            1: {
                "player": 1,
                "value": [0.0, 0.0],
                "moves": {0: leaf(0.5, -0.5), 1: leaf(0.6, -0.6)},
            },
            2: {"player": 1, "value": [-0.5, 0.5], "moves": {0: leaf(-0.5, 0.5)}},
        },
    }


def test_prior_expands_every_child_at_its_evaluation() -> None:
    """With priors one iteration scores every root child and plays the best-rated one, as the
    greedy one-ply agent would."""
    state = TreeGame(2, _trap_tree()).new_initial_state()
    agent = mcts(iterations=1, prior=3, rollout_depth=0, evaluate=tree_evaluate)
    assert agent.step(state) == 0
    root = agent.last_root
    assert root is not None
    assert sorted(root.children) == [0, 1, 2]
    unvisited = root.children[2]
    assert unvisited.visits == 3
    assert unvisited.mean(0) == pytest.approx(0.25)  # -0.5 mapped to [0, 1]


def test_prior_is_overturned_by_the_search_below_it() -> None:
    """The search looks past the prior: seat 1's replies make move 0 a loss, so move 1 wins."""
    state = TreeGame(2, _trap_tree()).new_initial_state()
    agent = mcts(iterations=60, prior=2, rollout_depth=0, evaluate=tree_evaluate)
    assert agent.step(state) == 1


def test_game_recommended_settings_fill_only_the_params_not_given() -> None:
    """Animal Farm and Fences recommend mcts settings (their heuristics' SEARCH_SETTINGS); an
    explicit value wins, the rest keep the recommendation, and Rancho recommends nothing."""
    import farmstead

    recommended = {
        "animal_farm": {"prior": 2, "chance": "closed", "c": 0.7},
        "fences": {"prior": 2, "chance": "open", "c": 0.3},
    }
    for name, settings in recommended.items():
        game = farmstead.load_game(name)
        default, explicit = MCTSAgent(Rng(0)), MCTSAgent(Rng(0), prior=0, c="1.5")
        default.check_game(game)
        explicit.check_game(game)
        assert {key: default.config[key] for key in settings} == settings
        assert (explicit.config["prior"], explicit.config["c"]) == (0, 1.5)
        assert explicit.config["chance"] == settings["chance"]
    plain = MCTSAgent(Rng(0))
    plain.check_game(farmstead.load_game("rancho"))
    assert (plain.config["prior"], plain.config["chance"], plain.config["c"]) == (0, "closed", 0.7)


def test_open_loop_chance_shares_one_child_and_still_weighs_outcomes() -> None:
    """chance="open": every outcome of a chance node leads to one shared child whose
    statistics average the outcomes, so the expectation still decides (0.1 < 0.3: stay safe)."""
    tree = {
        "player": 0,
        "moves": {
            0: leaf(0.3, -0.3),
            1: {"chance": {0: (0.5, leaf(1.0, -1.0)), 1: (0.5, leaf(-0.8, 0.8))}},
        },
    }
    agent = mcts(iterations=600, chance="open")
    assert agent.step(TreeGame(2, tree).new_initial_state()) == 0
    assert agent.last_root is not None
    assert list(agent.last_root.children[1].children) == [OPEN_LOOP]


def test_policy_rollouts_follow_the_games_planner() -> None:
    """``rollout=policy`` plays the game's own planner in rollouts (Farms Race has one): with
    epsilon 0 every rollout decision is the planner's; a game without a planner is refused."""
    from farmstead.core.errors import InvalidParamError
    from farmstead.core.registry import load_game, registration

    game = load_game("farms_race", 4, first_player="0")
    heuristics = registration("farms_race").heuristics
    assert heuristics is not None and heuristics.policy is not None
    calls: list[int] = []
    planner = heuristics.policy

    def counting(state: Any, seat: int, rng: Any) -> int:
        calls.append(seat)
        return planner(state, seat, rng)

    agent = MCTSAgent(Rng(3), iterations=5, rollout="policy", rollout_depth=10, epsilon=0.0)
    agent.check_game(game)
    agent._policy = counting  # the same planner, counted
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    assert agent.step(state) in state.legal_actions()
    assert calls, "no rollout decision came from the planner"
    with pytest.raises(InvalidParamError, match="no planner"):
        MCTSAgent(Rng(0), rollout="policy").check_game(load_game("fences", 2))


def _shuttle_switches(**params: Any) -> int:
    state = ShuttleGame(2).new_initial_state()
    agent = mcts(3, evaluate=shuttle_evaluate, iterations=30, rollout_depth=0, **params)
    while not state.is_terminal():
        state.apply_action(agent.step(state))
    return int(state.switches)


def test_loop_guard_leaves_a_free_cycle_within_the_turn() -> None:
    # A search that likes stalling shuttles until the cap without the guard; with it (the
    # default) it never returns to a position it stood at in the turn. Farms Race's free
    # switching of a move's source is such a cycle.
    assert _shuttle_switches(loop_guard=False) > 10
    assert _shuttle_switches() <= 1


def test_loop_guard_never_looks_at_the_hidden_state() -> None:
    # The guard looks at each move's result in a drawn position: seat 0's decisions (first,
    # and after pass-bet) still do not depend on the opponent's hidden card.
    for history in ([], [PASS, BET]):
        choices = {mcts(5, iterations=60).step(kuhn([K, card], history)) for card in (J, Q)}
        assert len(choices) == 1
