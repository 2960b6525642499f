"""Speed of a game (``farmstead bench``): random-playout decisions per second, clone cost, and
MCTS iterations per second.

Every figure is per second of CPU time of this process (``time.process_time``): the speed on
one core, whatever else the machine is running. The run's length is wall-clock time.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from farmstead.agents.mcts import MCTSAgent
from farmstead.core.game import Game, PlayerId, State
from farmstead.core.rng import Rng

CLONE_SAMPLES = 50  # states sampled along the playouts for the clone timing
CLONES_PER_SAMPLE = 200


@dataclass(frozen=True)
class BenchResult:
    """Speed figures of one game on one core."""

    decisions: int
    actions: int
    seconds: float
    games: float  # games completed (a partial last game counts its share of decisions)
    clone_microseconds: float  # median over the sampled states

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def benchmark_game(game: Game, seconds: float = 5.0, seed: int = 0) -> BenchResult:
    """Play uniformly random games for about ``seconds`` and time them.

    Decisions per second counts player decisions over the whole playout time, the cost of
    legal-action generation, the random choice, validation and chance steps included.
    """
    rng = Rng(seed)
    decisions = actions = finished = 0
    samples: list[State] = []
    state = game.new_initial_state()
    started = time.process_time()
    deadline = time.perf_counter() + seconds
    while True:
        for _ in range(256):
            if state.is_terminal():
                finished += 1
                state = game.new_initial_state()
            if state.current_player() == PlayerId.CHANCE:
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            actions += 1
        if len(samples) < CLONE_SAMPLES and rng.random() < 0.2:
            samples.append(state.clone())
        if time.perf_counter() >= deadline:
            break
    elapsed = time.process_time() - started
    timings = []
    for sample in samples or [state]:
        t0 = time.process_time()
        for _ in range(CLONES_PER_SAMPLE):
            sample.clone()
        timings.append((time.process_time() - t0) / CLONES_PER_SAMPLE * 1e6)
    return BenchResult(decisions, actions, elapsed, float(finished), statistics.median(timings))


@dataclass(frozen=True)
class MCTSBenchResult:
    """MCTS search speed of one game on one core."""

    iterations: int
    searches: int
    seconds: float
    settings: str  # the agent's effective parameters (the game's recommended ones included)

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0


def benchmark_mcts(
    game: Game, seconds: float = 5.0, seed: int = 0, iterations: int = 200
) -> MCTSBenchResult:
    """Run ``mcts`` searches of ``iterations`` iterations for about ``seconds`` and time them.

    The searches start from the decision nodes (with a choice) of uniformly random games, so
    the figure averages over the phases of a game; the agent uses the game's recommended
    settings (``Heuristics.search_settings``). Only the time inside the searches counts.
    """
    rng = Rng(seed)
    agent = MCTSAgent(Rng(seed + 1), iterations=iterations)
    agent.check_game(game)
    state = game.new_initial_state()
    total = searches = 0
    spent = 0.0
    deadline = time.perf_counter() + seconds
    while True:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.current_player() == PlayerId.CHANCE:
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.25:
            t0 = time.process_time()
            agent.search(state)
            spent += time.process_time() - t0
            total += agent.last_iterations
            searches += 1
            if time.perf_counter() >= deadline:
                break
        state.apply_action(rng.choice(legal))
    settings = ",".join(
        f"{key}={value}" for key, value in agent.config.items() if key in _SHOWN_SETTINGS
    )
    return MCTSBenchResult(total, searches, spent, settings)


_SHOWN_SETTINGS = ("iterations", "c", "prior", "chance", "rollout", "rollout_depth")
