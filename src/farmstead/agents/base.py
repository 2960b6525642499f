"""The agent interface and agent specs (``"mcts:iterations=800,c=1.4"``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from farmstead.core.errors import InvalidParamError
from farmstead.core.game import Game, ParamSpec, State
from farmstead.core.rng import Rng


class Agent(ABC):
    """Chooses an action for the seat to move. Every agent owns an injected, seeded ``Rng``."""

    name: ClassVar[str]
    description: ClassVar[str] = ""
    params: ClassVar[tuple[ParamSpec, ...]] = ()

    def __init__(self, rng: Rng, **params: Any) -> None:
        self.rng = rng
        values = {spec.name: spec.default for spec in self.params}
        for key, value in params.items():
            spec = next((p for p in self.params if p.name == key), None)
            if spec is None:
                valid = ", ".join(sorted(p.name for p in self.params)) or "none"
                raise InvalidParamError(
                    f"unknown parameter {key!r} for agent {self.name!r}; valid parameters: {valid}"
                )
            values[key] = spec.coerce(value)
        self.config: dict[str, Any] = values

    @abstractmethod
    def step(self, state: State) -> int:
        """A legal action for ``state.current_player()``; ``state`` is not modified."""

    def check_game(self, game: Game) -> None:
        """Raise a clear ``FarmsteadError`` if this agent cannot play ``game``.

        Called before a tournament starts, so that a missing requirement (a game without
        heuristics, say) fails at once instead of inside a worker process. The base agent
        needs nothing beyond the protocol.
        """
        return None


@dataclass(frozen=True)
class AgentSpec:
    """An agent name with parameters, as written on the command line."""

    name: str
    params: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> AgentSpec:
        """Parse ``name`` or ``name:key=value,key=value``."""
        text = text.strip()
        name, _, rest = text.partition(":")
        params: dict[str, str] = {}
        if rest.strip():
            for item in rest.split(","):
                key, sep, value = item.partition("=")
                if not sep or not key.strip():
                    raise InvalidParamError(
                        f"agent spec {text!r}: expected key=value, got {item!r}"
                    )
                params[key.strip()] = value.strip()
        if not name:
            raise InvalidParamError(f"agent spec {text!r} has no agent name")
        return cls(name.strip(), params)

    @classmethod
    def parse_list(cls, text: str) -> list[AgentSpec]:
        """Parse a comma-separated list of specs, e.g. ``"random,mcts:iterations=400,c=1"``.

        Commas separate both agents and an agent's params: an item with ``=`` continues the
        params of the agent before it; any other item starts a new agent.
        """
        groups: list[list[str]] = []
        for item in text.split(","):
            item = item.strip()
            if not item:
                raise InvalidParamError(f"agent list {text!r} has an empty item")
            if "=" in item and ":" not in item.split("=", 1)[0]:
                if not groups:
                    raise InvalidParamError(
                        f"agent list {text!r}: parameter {item!r} comes before any agent name"
                    )
                groups[-1].append(item)
            else:
                groups.append([item])
        return [cls.parse(",".join(group)) for group in groups]

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())
