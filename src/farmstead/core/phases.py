"""Positions driven by a phase number: who moves, whether the game is over, and its returns,
written once for every game whose state keeps ``phase``, ``decider`` and ``winners``.

A game's state class sets two class attributes — ``CHANCE_PHASES`` (the phases in which chance
acts) and ``OVER`` (the phase of a finished game) — and keeps three fields: ``phase``,
``decider`` (the seat to decide in any other phase) and ``winners`` (the winning seats once
the game is over). A game that all seats share, or that ends without a winner, has returns of
0 for everyone; otherwise each winner gets +1 and each other seat -1.
"""

from __future__ import annotations

from typing import ClassVar

from farmstead.core.game import PlayerId, State


class PhasedState(State):
    """The "who moves" part of the protocol for a state with ``phase``, ``decider`` and
    ``winners`` (see the module docstring). Its subclasses declare the fields' slots."""

    __slots__ = ()

    CHANCE_PHASES: ClassVar[frozenset[int]]
    OVER: ClassVar[int]

    phase: int
    decider: int
    winners: tuple[int, ...]

    def current_player(self) -> int:
        phase = self.phase
        if phase in self.CHANCE_PHASES:
            return PlayerId.CHANCE
        if phase == self.OVER:
            return PlayerId.TERMINAL
        return self.decider

    def is_chance_node(self) -> bool:
        return self.phase in self.CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == self.OVER

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.phase != self.OVER or len(self.winners) == n:
            return [0.0] * n
        return [1.0 if seat in self.winners else -1.0 for seat in range(n)]
