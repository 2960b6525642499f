"""The fairness check: an agent's choice must not depend on what its seat may not know.

Wherever Farmstead runs an agent it asks through ``agents.base.decide``, which gives the agent
a position drawn by ``sample_consistent(seat)`` instead of the true one. Two things make that
airtight, and this module checks both for a game:

* **Draws depend on the observation alone.** For two true positions that the seat cannot tell
  apart (the second drawn from the first), ``sample_consistent(seat, Rng(k))`` gives the same
  position: nothing of the true secrets reaches the agent through the draw.
* **Choices do not depend on hidden parts.** For every agent spec given, with its seed fixed,
  the action ``decide`` returns is the same in both true positions.

``check_fairness`` plays random games and checks positions along the way, and any ``pairs``
given (a true position and another the seat cannot tell from it, e.g. found where an agent that
reads the true state chose differently). ``choose`` is how an agent is asked (``decide``; a
test may pass the trusting ``agent.step(state)`` to show the check catches a leak).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from farmstead.agents.base import Agent, decide
from farmstead.agents.registry import make_agent
from farmstead.core.game import Game, PlayerId, State
from farmstead.core.rng import Rng, derive_seed
from farmstead.testing.conformance import ConformanceError

Chooser = Callable[[Agent, State, Rng], int]


@dataclass(frozen=True)
class FairnessReport:
    """What a fairness run covered: positions compared and decisions asked."""

    game: str
    positions: int
    decisions: int


def _key(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_pair(
    truth: State,
    variant: State,
    specs: Sequence[str],
    seed: int,
    choose: Chooser = decide,
    where: str = "",
) -> int:
    """Check one pair of positions the seat to move cannot tell apart; the decisions asked.

    Raises ``ConformanceError`` when the seat's observation differs (not a valid pair), when a
    draw for the seat differs between them, or when an agent's choice does.
    """
    seat = truth.current_player()
    name = truth.game.type.name
    if variant.current_player() != seat or truth.observation(seat) != variant.observation(seat):
        raise ConformanceError(f"{name} {where}: the pair differs in what seat {seat} sees")
    for k in range(2):
        draw_seed = derive_seed(seed, "draw", k)
        first = truth.sample_consistent(seat, Rng(draw_seed))
        second = variant.sample_consistent(seat, Rng(draw_seed))
        if _key(first) != _key(second):
            raise ConformanceError(
                f"{name} {where}: sample_consistent({seat}) depends on other seats' secrets, "
                "not only on what the seat sees"
            )
    asked = 0
    for spec in specs:
        agent_seed, position_seed = derive_seed(seed, spec, "agent"), derive_seed(seed, spec)
        a = choose(make_agent(spec, Rng(agent_seed)), truth, Rng(position_seed))
        b = choose(make_agent(spec, Rng(agent_seed)), variant, Rng(position_seed))
        asked += 2
        if a != b:
            raise ConformanceError(
                f"{name} {where}: agent {spec!r} for seat {seat} chose "
                f"{truth.action_to_string(a)!r} in the true position but "
                f"{variant.action_to_string(b)!r} where only other seats' secrets differ"
            )
    return asked


def check_fairness(
    game: Game,
    specs: Sequence[str],
    positions: int = 20,
    seed: int = 0,
    every: int = 31,
    pairs: Sequence[tuple[State, State]] = (),
    choose: Chooser = decide,
) -> FairnessReport:
    """Check ``positions`` positions of random games of ``game`` (one decision in ``every``
    with a choice) and the given ``pairs``; raise ``ConformanceError`` on the first unfair one.

    A game with perfect information has no secrets: it passes at once.
    """
    checked = decisions = 0
    for index, (truth, variant) in enumerate(pairs):
        decisions += check_pair(truth, variant, specs, seed, choose, f"(pair {index})")
        checked += 1
    if game.type.perfect_information:
        return FairnessReport(game.type.name, checked, decisions)
    game_index = 0
    while checked < positions + len(pairs):
        rng = Rng(derive_seed(seed, "game", game_index))
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and checked < positions + len(pairs):
            player = state.current_player()
            if player == PlayerId.CHANCE:
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and step % every == every - 1:
                where = f"(seed {seed}, game {game_index}, decision {step})"
                variant = state.sample_consistent(player, rng.spawn("variant", step))
                decisions += check_pair(state, variant, specs, seed, choose, where)
                checked += 1
            state.apply_action(rng.choice(legal))
            step += 1
        game_index += 1
    return FairnessReport(game.type.name, checked, decisions)
