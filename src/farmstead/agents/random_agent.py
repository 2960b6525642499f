"""The uniformly random agent."""

from __future__ import annotations

from farmstead.agents.base import Agent
from farmstead.core.game import State


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"
    description = "uniformly random legal actions"

    def step(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())

    def choose_legal(self, legal: list[int]) -> int:
        """The same draw as ``step``: it needs the legal ids only."""
        return self.rng.choice(legal)
