"""Playing one game between agents: a pure function of the game, the agents and a seed."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from farmstead.agents.base import Agent, AgentSpec, decide
from farmstead.agents.registry import make_agent
from farmstead.core.game import Game, PlayerId, State
from farmstead.core.record import GameRecord
from farmstead.core.registry import game_names, registration
from farmstead.core.rng import Rng, derive_seed

StepHook = Callable[[State, int], None]


def chance_rng(seed: int) -> Rng:
    """The generator that draws a game's chance outcomes from its seed."""
    return Rng(derive_seed(seed, "chance"))


def agent_rng(seed: int, seat: int) -> Rng:
    """The generator injected into the agent of ``seat`` for a game with this seed."""
    return Rng(derive_seed(seed, "agent", seat))


def position_rng(seed: int) -> Rng:
    """The generator that draws, for a game with this seed, the hidden parts of the positions
    agents decide in (``agents.base.decide``)."""
    return Rng(derive_seed(seed, "positions"))


@dataclass
class MoveTimer:
    """Thinking time and decision count per seat, filled in by ``play_game``.

    Timings are kept out of the ``GameRecord`` so that records stay a pure function of the
    game, the agents and the seed.
    """

    seconds: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)

    def reset(self, players: int) -> None:
        """Zero the counters for a game of ``players`` seats."""
        self.seconds = [0.0] * players
        self.decisions = [0] * players


def play_game(
    game: Game,
    agents: Sequence[str | AgentSpec | Agent],
    seed: int,
    on_step: StepHook | None = None,
    *,
    timer: MoveTimer | None = None,
) -> GameRecord:
    """Play ``game`` to the end and return its record.

    ``agents`` holds one agent (or agent spec) per seat; specs are built with the seat's
    seeded generator, so the same game, specs and seed always give the same record.
    ``on_step(state, action)`` is called before each action is applied. ``timer``, when given,
    receives each seat's thinking time and number of decisions. The record of a finished game
    carries the game's facts (its registration's ``facts``, when it is registered) for the
    balance reports.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.type.name} needs {game.num_players} agents, got {len(agents)}")
    players: list[Agent] = [
        a if isinstance(a, Agent) else make_agent(a, agent_rng(seed, seat))
        for seat, a in enumerate(agents)
    ]
    chance = chance_rng(seed)
    positions = position_rng(seed)
    state = game.new_initial_state()
    actions: list[int] = []
    if timer is not None:
        timer.reset(game.num_players)
    while not state.is_terminal():
        player = state.current_player()
        if player == PlayerId.CHANCE:
            action = chance.sample_outcome(state.chance_outcomes())
        elif timer is None:
            action = decide(players[player], state, positions)
        else:
            started = time.perf_counter()
            action = decide(players[player], state, positions)
            timer.seconds[player] += time.perf_counter() - started
            timer.decisions[player] += 1
        if on_step is not None:
            on_step(state, action)
        state.apply_action(action)
        actions.append(action)
    name = game.type.name
    # A game built without a registration (a test's toy game) has no facts hook.
    facts = registration(name).facts if name in game_names() else None
    return GameRecord(
        game=game.type.name,
        players=game.num_players,
        params=game.non_default_params,
        seed=seed,
        agents=[str(a) if not isinstance(a, Agent) else a.name for a in agents],
        actions=actions,
        returns=state.returns(),
        facts=None if facts is None else facts(state, actions).to_json(),
    )
