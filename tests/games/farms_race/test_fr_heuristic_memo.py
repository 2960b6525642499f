"""The Farms Race planner and evaluation make exactly the choices and values recorded from
their earlier, plainer code.

``data/fr_heuristic_memo.json`` was written by ``record()`` below before the planner was handed
each decision's legal actions (listed once, read by id range) and before the evaluation went
over the map in one pass: per game (seats, parameters, seed), the planner's choice at every
decision with more than one legal action and a digest of the ``repr`` of ``evaluate_all`` at
every position. The games follow the planner (as mcts rollouts do) with random moves mixed
in, so that every phase is reached. Run this file as a script to record again (only after a
change that is meant to change the choices).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.games.farms_race import heuristics_planner as planner
from farmstead.games.farms_race.heuristics import (
    CARD_VALUE,
    HERD_VALUE,
    REGION_VALUE,
    THREAT_VALUE,
    VP_VALUE,
    evaluate,
    evaluate_all,
    policy,
    strength,
)
from farmstead.games.farms_race.layout import NO
from farmstead.games.farms_race.rules import FRRules

DATA = Path(__file__).parent / "data" / "fr_heuristic_memo.json"
DECISIONS = 700  # decisions played per game
PLANNED = 0.7  # chance that a move is the planner's choice (else a random legal action)

GAMES: list[tuple[int, dict[str, Any], int]] = [  # (seats, parameters, seed)
    (3, {}, 1),
    (3, {}, 2),
    (4, {}, 3),
    (4, {}, 4),
    (3, {}, 40),  # reaches Blackmail, a Spy's choice of opponent and a pocket allocation
    (3, {"open_trading": True, "stealing": True}, 5),
    (4, {"nuke_cost_alt": True, "new_player_redo": True}, 6),
    (3, {"mutations": "flying,zombie,adorable"}, 7),
    (4, {"mutations": "lucky,regenerative,blue_blooded,hyper_intelligent", "experienced": True}, 8),
    (3, {"mutations": "north_korean,radioactive,deranged", "stealing": True}, 9),
    (4, {"mutations": "parasitic,flying,zombie,lucky"}, 10),
]


def play(players: int, params: dict[str, Any], seed: int) -> dict[str, Any]:
    """The planner's choices and the digest of the evaluations along one game."""
    game = load_game("farms_race", players, **params)
    rng = Rng(seed)
    state = game.new_initial_state()
    choices: list[int] = []
    digest = hashlib.sha256()
    positions = made = 0
    while not state.is_terminal() and made < DECISIONS:
        values = evaluate_all(state)
        digest.update(repr(values).encode())
        positions += 1
        if state.is_chance_node():
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            continue
        legal = state.legal_actions()
        seat = state.current_player()
        choice = policy(state, seat, None)
        if len(legal) > 1:
            choices.append(choice)
            assert evaluate(state, seat) == values[seat]
        state.apply_action(choice if rng.random() < PLANNED else rng.choice(legal))
        made += 1
    return {"positions": positions, "values_sha256": digest.hexdigest(), "choices": choices}


def record() -> None:
    """Write the fixture from the code as it is now."""
    games = [
        {"players": players, "params": params, "seed": seed, **play(players, params, seed)}
        for players, params, seed in GAMES
    ]
    DATA.write_text(json.dumps({"decisions": DECISIONS, "games": games}) + "\n")


@pytest.mark.parametrize(("players", "params", "seed"), GAMES)
def test_fr_planner_and_evaluation_match_the_record(players, params, seed):
    recorded = json.loads(DATA.read_text())
    assert recorded["decisions"] == DECISIONS
    expected = next(
        g
        for g in recorded["games"]
        if (g["players"], g["params"], g["seed"]) == (players, params, seed)
    )
    got = play(players, params, seed)
    first_diff = next(
        (
            i
            for i, (a, b) in enumerate(zip(got["choices"], expected["choices"], strict=False))
            if a != b
        ),
        None,
    )
    assert first_diff is None, f"choice {first_diff} differs"
    assert got == {k: expected[k] for k in ("positions", "values_sha256", "choices")}


def _states(players: int, seed: int) -> list[FRRules]:
    """Every decision position (copies) of one game that follows the planner loosely."""
    game = load_game("farms_race", players)
    rng = Rng(seed)
    state = game.new_initial_state()
    out: list[FRRules] = []
    while not state.is_terminal() and len(out) < DECISIONS:
        if state.is_chance_node():
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            continue
        assert isinstance(state, FRRules)
        out.append(state.clone())
        legal = state.legal_actions()
        planned = policy(state, state.current_player(), None)
        state.apply_action(planned if rng.random() < PLANNED else rng.choice(legal))
    return out


def plain_strength(state: FRRules, seat: int) -> float:
    """``strength`` as its definition reads: one pass over the map per seat."""
    if not state.alive(seat):
        return -10.0
    c = state.cfg
    value = VP_VALUE * state.visible_vp(seat)
    for r in range(c.regions):
        if state.owner[r] == seat:
            value += REGION_VALUE
            healthy = state.healthy_ready[r] + state.healthy_acted[r]
            injured = state.injured_ready[r] + state.injured_acted[r]
            value += HERD_VALUE * (2 * healthy + injured)
            for n in c.adjacent[r]:
                other = state.owner[n]
                if other != NO and other != seat:
                    value -= THREAT_VALUE * state.herds_in(n)
    value += CARD_VALUE * min(state.hand_size(seat), c.hand_limit)
    return value


@pytest.mark.parametrize(("players", "seed"), [(3, 81), (4, 82)])
def test_fr_strength_of_every_seat_matches_its_definition(players, seed):
    for state in _states(players, seed):
        for seat in range(players):
            assert repr(strength(state, seat)) == repr(plain_strength(state, seat))


@pytest.mark.parametrize(("players", "seed"), [(3, 83), (4, 84)])
def test_fr_choices_by_id_range_match_the_decoded_actions(players, seed):
    """The planner reads a kind's arguments off the legal list by id range; decoding each
    legal action gives the same arguments in the same order, for every kind."""
    for state in _states(players, seed)[::3]:
        legal = state.legal_actions()
        decoded = [state.cfg.layout.decode(a) for a in legal]
        for kind in range(len(state.cfg.layout.base)):
            expected = [arg for k, arg in decoded if k == kind]
            assert planner._choices(state, legal, kind) == expected


if __name__ == "__main__":
    record()
