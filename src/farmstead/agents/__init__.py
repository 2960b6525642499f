"""Agents that choose actions through the game protocol only (never a specific game)."""

from farmstead.agents.base import Agent, AgentSpec
from farmstead.agents.registry import agent_class, agent_names, make_agent, validate_spec

__all__ = ["Agent", "AgentSpec", "agent_class", "agent_names", "make_agent", "validate_spec"]
