"""Agent specs and the agent registry: names, params, lists, clear errors with valid choices."""

from __future__ import annotations

import pytest

from farmstead.agents import AgentSpec, agent_names, make_agent, validate_spec
from farmstead.agents.heuristic import HeuristicAgent
from farmstead.agents.mcts import MCTSAgent
from farmstead.core.errors import InvalidParamError, UnknownAgentError
from farmstead.core.rng import Rng


def test_registry_lists_random_heuristic_and_mcts() -> None:
    assert {"random", "heuristic", "mcts"} <= set(agent_names())


def test_spec_with_params_builds_a_configured_agent() -> None:
    agent = make_agent("mcts:iterations=800,c=1.4", Rng(1))
    assert isinstance(agent, MCTSAgent)
    assert agent.config["iterations"] == 800 and agent.config["c"] == 1.4
    assert agent.config["rollout"] == "random"  # defaults fill the rest


def test_spec_round_trips_as_text() -> None:
    spec = AgentSpec.parse(" mcts : iterations=800 , c=1.4 ")
    assert str(spec) == "mcts:iterations=800,c=1.4"
    assert AgentSpec.parse(str(spec)) == spec


def test_agent_list_splits_agents_and_keeps_param_commas() -> None:
    specs = AgentSpec.parse_list("random,mcts:iterations=400,c=1,heuristic")
    assert [str(s) for s in specs] == ["random", "mcts:iterations=400,c=1", "heuristic"]


@pytest.mark.parametrize("text", ["", "random,,heuristic", "c=1,random"])
def test_malformed_agent_lists_are_clear_errors(text: str) -> None:
    with pytest.raises(InvalidParamError):
        AgentSpec.parse_list(text)


def test_unknown_agent_lists_the_valid_choices() -> None:
    with pytest.raises(UnknownAgentError) as info:
        make_agent("alphazero", Rng(0))
    message = str(info.value)
    assert "alphazero" in message
    for name in ("heuristic", "mcts", "random"):
        assert name in message


def test_unknown_agent_param_lists_the_valid_params() -> None:
    with pytest.raises(InvalidParamError) as info:
        validate_spec("mcts:iterationz=5")
    message = str(info.value)
    assert "iterationz" in message and "iterations" in message and "rollout_depth" in message


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:iterations=many",
        "mcts:iterations=-1",
        "mcts:rollout=smart",
        "mcts:iterations=0",  # no budget at all (seconds defaults to 0)
        "heuristic:chance_samples=0",
    ],
)
def test_bad_agent_param_values_are_rejected(spec: str) -> None:
    with pytest.raises(InvalidParamError):
        validate_spec(spec)


def test_heuristic_accepts_an_injected_evaluation() -> None:
    agent = HeuristicAgent(Rng(0), evaluate=lambda state, seat: 0.0, chance_samples=3)
    assert agent.config["chance_samples"] == 3
