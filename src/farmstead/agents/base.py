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

    def choose_legal(self, legal: list[int]) -> int | None:
        """An action chosen from the legal ids alone, or ``None`` when this agent needs the
        position (the default). ``decide`` asks this first: an agent that answers it never
        gets a position, so it costs no drawing of hidden parts (the random agent)."""
        return None

    def cap_seconds(self, seconds: float | None) -> None:
        """Think at most ``seconds`` per decision from now on (``None``: lift the cap).

        The web app's bots share one time budget across a whole turn and cap each decision
        with it. An agent without a time budget thinks as long as it always does; this
        base implementation ignores the cap.
        """
        return None

    def check_game(self, game: Game) -> None:
        """Raise a clear ``FarmsteadError`` if this agent cannot play ``game``.

        Called before a tournament starts, so that a missing requirement (a game without
        heuristics, say) fails at once instead of inside a worker process. The base agent
        needs nothing beyond the protocol.
        """
        return None


def seat_position(state: State, seat: int, rng: Rng) -> State:
    """The position an agent deciding for ``seat`` is given: ``state`` itself in a game with
    perfect information (the agent must not change it), else a draw by
    ``state.sample_consistent(seat, rng)``, in which every secret of another seat is replaced
    by one consistent with what ``seat`` may know. Never the true hidden state."""
    if state.game.type.perfect_information:
        return state
    return state.sample_consistent(seat, rng)


def decide(agent: Agent, state: State, rng: Rng) -> int:
    """``agent``'s action for the seat to move in ``state`` — the one way Farmstead asks an agent
    for a move (the lab, terminal play, the environments' opponents, the web's bots and hints).

    The agent sees only ``seat_position(state, seat, rng)``, so no agent, however written, can
    read another seat's secrets; ``rng`` draws the hidden parts (a generator of the caller's,
    apart from the agent's own). The answer is legal in ``state``: the drawn position agrees
    with ``state`` on everything the seat may know, its legal actions included.
    """
    if not state.game.type.perfect_information:
        chosen = agent.choose_legal(state.legal_actions())
        if chosen is not None:
            return chosen
    seat = state.current_player()
    return agent.step(seat_position(state, seat, rng))


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
