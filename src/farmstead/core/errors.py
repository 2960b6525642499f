"""Typed errors of the game protocol.

Every error a user can provoke (a bad action, a malformed position, an unknown game, agent or
parameter) is one of these, with a message a person understands. Each also subclasses the
built-in exception a Python caller would expect (``ValueError`` or ``LookupError``).
"""

from __future__ import annotations

from collections.abc import Iterable


class FarmsteadError(Exception):
    """Base class of every error raised on purpose by farmstead."""


class IllegalActionError(FarmsteadError, ValueError):
    """An action id that is not legal in the current state; the state is left unchanged."""


class InvalidPositionError(FarmsteadError, ValueError):
    """A JSON position (or record) that is malformed or internally inconsistent."""


class InvalidParamError(FarmsteadError, ValueError):
    """An unknown game parameter, or a known one with a value outside its domain."""


class InvalidSeatError(FarmsteadError, ValueError):
    """A seat number that is not a seat of the game (nor ``None`` for a spectator)."""


class DataFileError(FarmsteadError, ValueError):
    """A game data file that is missing, malformed, inconsistent or lacks provenance tags."""


class NoTensorError(FarmsteadError, NotImplementedError):
    """A game without an observation tensor, asked for one (e.g. by the RL environments)."""


class GameRegistrationError(FarmsteadError, LookupError):
    """A game registration that cannot be loaded, is malformed, or reuses a taken name."""


class UnknownNameError(FarmsteadError, LookupError):
    """A name (game, agent, ...) that is not registered; the message lists the valid choices."""

    def __init__(self, what: str, name: str, choices: Iterable[str]) -> None:
        self.what = what
        self.name = name
        self.choices = sorted(choices)
        super().__init__(f"unknown {what} {name!r}; valid choices: {', '.join(self.choices)}")

    def __str__(self) -> str:  # LookupError would quote the message otherwise
        return str(self.args[0])


class UnknownGameError(UnknownNameError):
    """A game name that is not in the registry."""

    def __init__(self, name: str, choices: Iterable[str]) -> None:
        super().__init__("game", name, choices)


class UnknownAgentError(UnknownNameError):
    """An agent name that is not in the agent registry."""

    def __init__(self, name: str, choices: Iterable[str]) -> None:
        super().__init__("agent", name, choices)


class SamplingError(FarmsteadError):
    """No position is consistent with what a seat may know: the state itself is impossible."""
