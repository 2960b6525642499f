"""A game's turns in words as they happen, for the terminal (``farmstead play``).

``TurnLog`` is fed every step before it is applied; it groups the steps into turns
(``core.turns``) and hands out each turn's summary once the turn is over, as one viewer may
read it, and the steps of the turn in progress that the viewer has not seen yet.
"""

from __future__ import annotations

from collections.abc import Sequence

from farmstead.core.game import State
from farmstead.core.registry import registration
from farmstead.core.turns import TurnStep, TurnTracker, TurnView, step_for


class TurnLog:
    """The turns of one game as ``viewer`` (``None``: a spectator) may see them."""

    def __init__(self, state: State, names: Sequence[str], viewer: int | None) -> None:
        self.game = state.game
        self.names = tuple(names)
        self.viewer = viewer
        self.public = state.game.type.perfect_information
        self.tracker = TurnTracker()
        self.number = -1
        self.seat: int | None = None
        self.start: State = state.clone()
        self.steps: list[TurnStep] = []
        self.shown = 0  # steps of the turn in progress already handed out
        self.done: list[str] = []  # summaries of finished turns not yet handed out
        self.index = 0
        self.summarise = registration(self.game.type.name).summarise_turn

    def step(self, state: State, action: int) -> None:
        """Record ``action``, about to be taken in ``state``."""
        actor = int(state.current_player())
        number, seat = self.tracker.turn_of(state, actor)
        if number != self.number:
            self._close(state)
            self.number, self.seat = number, seat
            self.start = state.clone()
            self.steps = []
            self.shown = 0
        self.steps.append(step_for(state, self.index, actor, action, self.viewer, self.public))
        self.index += 1

    def _view(self, end: State, complete: bool) -> TurnView:
        return TurnView(
            game=self.game,
            number=self.number,
            seat=self.seat,
            viewer=self.viewer,
            public=self.public,
            complete=complete,
            steps=tuple(self.steps),
            names=self.names,
            _start=self.start,
            _end=end,
        )

    def _close(self, state: State) -> None:
        """End the turn in progress at ``state`` (the position after its last step)."""
        if self.number >= 0 and self.steps:
            view = self._view(state.clone(), complete=True)
            self.done.append(f"Turn {self.number + 1}: {self.summarise(view)}")
        self.steps = []

    def finish(self, state: State) -> None:
        """The game ended (or stopped) at ``state``: its last turn is over."""
        self._close(state)

    def finished_turns(self) -> list[str]:
        """The summaries of turns finished since the last call, oldest first."""
        out, self.done = self.done, []
        return out

    def unseen_steps(self, skip_seat: int | None) -> list[TurnStep]:
        """Steps of the turn in progress not handed out yet, leaving out ``skip_seat``'s own
        (its player chose them)."""
        fresh = self.steps[self.shown :]
        self.shown = len(self.steps)
        return [s for s in fresh if s.seat != skip_seat]
