"""The fairness check over every registered game, agent and level: an agent's choice does not
depend on other seats' secrets (what each seat may see: FE-R23, LU-R2, Farms Race's section
16), because every
agent is asked through ``agents.base.decide`` with a position drawn from what its seat knows.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import farmstead
from farmstead.agents.base import Agent
from farmstead.agents.registry import AgentSpec
from farmstead.core.game import State
from farmstead.core.registry import game_names, registration
from farmstead.core.rng import Rng
from farmstead.lab.play import play_game
from farmstead.testing import ConformanceError
from farmstead.testing.fairness import check_fairness, check_pair
from farmstead.web.bots import game_levels

PAIR = Path(__file__).parent / "data" / "farms_race_unfair_pair.json"
SEARCH_ITERATIONS = 6  # enough to exercise a search; the check is about inputs, not strength


def deterministic(spec: str) -> str:
    """``spec`` without a time budget (a timed search differs run to run) and with a small
    iteration budget."""
    parsed = AgentSpec.parse(spec)
    params = {k: v for k, v in parsed.params.items() if k != "seconds"}
    if parsed.name == "mcts":
        params["iterations"] = str(min(int(params.get("iterations", "100")), SEARCH_ITERATIONS))
    return str(AgentSpec(parsed.name, params))


def specs_for(name: str) -> list[str]:
    """Every agent the project plays ``name`` with: its levels (and hint bot), the heuristic in
    both modes where the game has one, random and a small search."""
    specs = {"random", f"mcts:iterations={SEARCH_ITERATIONS}"}
    heuristics = registration(name).heuristics
    if heuristics is not None:
        specs |= {"heuristic", "heuristic:plan=false"}
        specs |= {s for s in heuristics.levels.values() if s}
    specs |= set(game_levels(name).values())
    return sorted({deterministic(s) for s in specs})


def unfair_pair() -> tuple[State, State]:
    doc = json.loads(PAIR.read_text(encoding="utf-8"))
    game = farmstead.load_game("farms_race", players=doc["players"])
    return game.state_from_json(doc["truth"]), game.state_from_json(doc["variant"])


def trusting(agent: Agent, state: State, rng: Rng) -> int:
    """How agents were asked before: given the true position, trusted not to look."""
    return agent.step(state)


@pytest.mark.parametrize("name", game_names())
def test_every_agent_and_level_chooses_the_same_whatever_it_may_not_know(name: str) -> None:
    gtype = farmstead.core.registry.game_type(name)
    specs = specs_for(name)
    for players in sorted({gtype.min_players, gtype.max_players}):
        game = farmstead.load_game(name, players=players)
        pairs = [unfair_pair()] if (name, players) == ("farms_race", 4) else []
        report = check_fairness(game, specs, positions=8, seed=11, pairs=pairs)
        if not gtype.perfect_information:
            checked = 8 + len(pairs)
            assert report.positions == checked and report.decisions == checked * 2 * len(specs)


def test_the_check_catches_an_agent_given_the_true_position() -> None:
    """Farms Race (what each seat may see, section 16): the medium level (``heuristic:plan=false``) rated a move by applying
    it to the true position, so its choice depended on the Mutations dealt to other seats and
    a Human token's unseen value. Asked the old way the check fails; asked through ``decide``
    it passes."""
    truth, variant = unfair_pair()
    with pytest.raises(ConformanceError, match="heuristic:plan=false"):
        check_pair(truth, variant, ["heuristic:plan=false"], seed=5, choose=trusting)
    assert check_pair(truth, variant, specs_for("farms_race"), seed=5) > 0


def test_a_draw_that_reads_the_true_secrets_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check also fails when ``sample_consistent`` itself lets the true secrets through
    (here: it returns the true position)."""
    truth, variant = unfair_pair()
    state_class = type(truth)
    monkeypatch.setattr(state_class, "sample_consistent", lambda self, seat, rng: self.clone())
    with pytest.raises(ConformanceError, match="depends on other seats' secrets"):
        check_pair(truth, variant, ["random"], seed=5)


def test_lab_games_give_agents_drawn_positions_only() -> None:
    """LU-R2: in a lab game no agent ever receives the true position of a game with hidden
    information — each decision is asked in a position drawn for the seat."""
    seen: list[State] = []

    class Spy(Agent):
        name = "spy"

        def step(self, state: State) -> int:
            seen.append(state)
            return state.legal_actions()[0]

    game = farmstead.load_game("livestock_uprising", players=2)
    truths: list[State] = []
    play_game(game, [Spy(Rng(0)), Spy(Rng(1))], seed=3, on_step=lambda s, a: truths.append(s))
    assert seen and truths
    assert all(s is not truths[0] for s in seen)  # the live position was never handed out
