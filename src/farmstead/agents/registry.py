"""The registry of agents: ``make_agent("mcts:iterations=800", rng)``."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager

from farmstead.agents.base import Agent, AgentSpec
from farmstead.core.errors import FarmsteadError, UnknownAgentError
from farmstead.core.rng import Rng

# agent name -> "module:Class"; the human seat is handled by the front ends, not here.
_AGENTS: dict[str, str] = {
    "random": "farmstead.agents.random_agent:RandomAgent",
    "heuristic": "farmstead.agents.heuristic:HeuristicAgent",
    "mcts": "farmstead.agents.mcts:MCTSAgent",
}


def agent_names() -> list[str]:
    """Names of every registered agent, sorted."""
    return sorted(_AGENTS)


def agent_class(name: str) -> type[Agent]:
    """The class registered as ``name``; ``UnknownAgentError`` lists the valid names."""
    if name not in _AGENTS:
        raise UnknownAgentError(name, agent_names())
    module_name, class_name = _AGENTS[name].split(":")
    cls: type[Agent] = getattr(importlib.import_module(module_name), class_name)
    return cls


@contextmanager
def registered_agent(name: str, target: str) -> Iterator[None]:
    """Register the agent class at ``target`` ("module:Class") as ``name`` for the duration of
    a ``with`` block (tests, notebooks); a taken name is a ``FarmsteadError``."""
    if name in _AGENTS:
        raise FarmsteadError(f"an agent named {name!r} is already registered")
    _AGENTS[name] = target
    try:
        yield
    finally:
        del _AGENTS[name]


def make_agent(spec: str | AgentSpec, rng: Rng) -> Agent:
    """An agent built from a spec string or ``AgentSpec``, with its seeded ``rng``."""
    parsed = spec if isinstance(spec, AgentSpec) else AgentSpec.parse(spec)
    return agent_class(parsed.name)(rng, **parsed.params)


def validate_spec(spec: str | AgentSpec) -> AgentSpec:
    """Parse and check a spec (name and params) without keeping the agent."""
    parsed = spec if isinstance(spec, AgentSpec) else AgentSpec.parse(spec)
    make_agent(parsed, Rng(0))
    return parsed
