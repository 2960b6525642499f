"""Turns: the atomic steps of a game grouped into the turns people speak of, in words.

Every decision of the protocol is a small atomic step (give one rabbit, rotate a tile), so a
log of steps drowns its reader. Front ends (the web log and replay, ``farmstead play`` and
``farmstead replay``) show turns instead: each turn one readable sentence from the game's words
module, expandable to its steps.

* **Whose turn.** ``State.turn_mark()`` says which turn a position is in (a ``TurnMark``: a
  number and the seat whose turn it is; ``None`` seat for the setup). A step belongs to the turn
  of the position it was taken in; a new turn begins where the mark changes. A game that gives
  no mark is grouped by ``TurnTracker``'s fallback: a decision by another seat than the turn's
  starts a new turn, and chance steps join the turn in progress.
* **What a viewer may read.** A ``TurnView`` carries each step as the viewer may see it: the
  words ``State.action_to_string_for(action, viewer)`` and the action id only where those words
  already tell it (they equal the full words, and distinct actions have distinct words), or
  when everything is public (a perfect-information game, or a finished game, whose record is
  public). Positions reach a summary only as the viewer's observations, except when everything
  is public. A summary built from a ``TurnView`` therefore cannot leak what the viewer may not
  know.
* **Summaries.** A game registers ``turn_summary(view) -> str`` (in its ``words.py``); without
  one, ``generic_summary`` joins the steps' words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from farmstead.core.game import JSON, Game, PlayerId, State, TurnMark

CHANCE = int(PlayerId.CHANCE)


@dataclass(frozen=True)
class TurnStep:
    """One atomic step of a turn as a viewer may see it.

    ``index``: its place in the game's action history; ``seat``: who took it (``-1``:
    chance); ``action``: its id when the viewer may know it, else ``None``; ``words``: what the
    viewer reads.
    """

    index: int
    seat: int
    action: int | None
    words: str


@dataclass(frozen=True)
class TurnView:
    """One turn as one viewer may see it, the input of a game's ``turn_summary``.

    ``number``: the turn's place in the game (0 for the first); ``seat``: whose turn (``None``:
    the setup, before anyone's turn); ``viewer``: the seat reading (``None``: a spectator);
    ``public``: everything may be known (perfect information, or the game is over);
    ``complete``: the turn is over (the next turn began or the game ended); ``names``: what to
    call each seat.

    ``before()`` / ``after()`` are the viewer's observations at the turn's start and after its
    last step; ``position()`` is the full position at the turn's start when ``public``, else
    ``None``. The positions must not be changed (clone one to play the steps forward).
    """

    game: Game
    number: int
    seat: int | None
    viewer: int | None
    public: bool
    complete: bool
    steps: tuple[TurnStep, ...]
    names: tuple[str, ...]
    _start: State = field(repr=False, compare=False)
    _end: State = field(repr=False, compare=False)

    def name(self, seat: int | None) -> str:
        """What to call ``seat`` ("Setup" for ``None``, the setup's non-seat)."""
        if seat is None or not 0 <= seat < len(self.names):
            return "Setup"
        return self.names[seat]

    @property
    def who(self) -> str:
        """The name of the seat whose turn it is ("Setup" for the setup)."""
        return self.name(self.seat)

    def before(self) -> JSON:
        """The viewer's observation at the start of the turn."""
        return self._start.observation(self.viewer)

    def after(self) -> JSON:
        """The viewer's observation after the turn's last step."""
        return self._end.observation(self.viewer)

    def position(self) -> State | None:
        """The full position at the turn's start when everything is public, else ``None``."""
        return self._start if self.public else None


TurnSummaryFn = Callable[[TurnView], str]
"""``turn_summary(view)``: one turn in words for ``view.viewer`` — a sentence naming who acted
(``view.who``), built only from what ``view`` carries."""


class TurnTracker:
    """Numbers the turns of a game as its steps are taken, one call per step.

    ``turn_of(state, actor)`` is called with the position before each step and the seat taking
    it (``-1`` for chance); it answers the step's turn number (from 0) and that turn's seat.
    """

    __slots__ = ("count", "mark", "seat")

    def __init__(self) -> None:
        self.count = -1
        self.mark: TurnMark | None = None
        self.seat: int | None = None

    def turn_of(self, state: State, actor: int) -> tuple[int, int | None]:
        """The (turn number, turn seat) of the step ``actor`` takes in ``state``."""
        mark = state.turn_mark()
        if mark is not None:
            if mark != self.mark or self.count < 0:
                self.count += 1
                self.mark = mark
                self.seat = mark.seat
        elif self.count < 0 or (actor >= 0 and actor != self.seat):
            self.count += 1
            self.seat = actor if actor >= 0 else None
        return self.count, self.seat


def step_for(
    state: State, index: int, actor: int, action: int, viewer: int | None, public: bool
) -> TurnStep:
    """The step ``action`` (taken in ``state`` by ``actor``) as ``viewer`` may see it."""
    full = state.action_to_string(action)
    if public:
        return TurnStep(index, actor, action, full)
    seen = state.action_to_string_for(action, viewer)
    return TurnStep(index, actor, action if seen == full else None, seen)


def known_step(index: int, actor: int, action: int, full: str, seen: str, public: bool) -> TurnStep:
    """A step from words already computed: ``full`` (everything) and ``seen`` (the viewer's)."""
    if public:
        return TurnStep(index, actor, action, full)
    return TurnStep(index, actor, action if seen == full else None, seen)


def generic_summary(view: TurnView) -> str:
    """The steps' words joined, repeated words counted ("Give 1 rabbit ×6"); steps by another
    seat than the turn's are named."""
    parts: list[str] = []
    last = None
    count = 0

    def flush() -> None:
        if last is not None:
            parts.append(last if count == 1 else f"{last} ×{count}")

    for step in view.steps:
        text = step.words
        if step.seat >= 0 and step.seat != view.seat:
            text = f"{view.name(step.seat)}: {text}"
        if text == last:
            count += 1
            continue
        flush()
        last, count = text, 1
    flush()
    body = "; ".join(parts) if parts else "nothing yet"
    return f"{view.who}: {body}"


@dataclass(frozen=True)
class TurnSpan:
    """Where a turn lies in the action history: steps ``first`` … ``end - 1``."""

    number: int
    seat: int | None
    first: int
    end: int


def split_turns(game: Game, actions: Sequence[int]) -> tuple[list[TurnSpan], list[State]]:
    """The turns of a history (``actions`` from the initial state), and the position at the
    start of each turn followed by the final position. ``IllegalActionError`` for a history
    that is not legal."""
    state = game.new_initial_state()
    tracker = TurnTracker()
    spans: list[TurnSpan] = []
    starts: list[State] = []
    for index, action in enumerate(actions):
        actor = int(state.current_player())
        number, seat = tracker.turn_of(state, actor if actor >= 0 else CHANCE)
        if number == len(spans):
            if spans:
                last = spans[-1]
                spans[-1] = TurnSpan(last.number, last.seat, last.first, index)
            spans.append(TurnSpan(number, seat, index, index + 1))
            starts.append(state.clone())
        state.apply_action(action)
    if spans:
        last = spans[-1]
        spans[-1] = TurnSpan(last.number, last.seat, last.first, len(actions))
    starts.append(state)
    return spans, starts


def record_turns(
    game: Game,
    actions: Sequence[int],
    names: Sequence[str],
    viewer: int | None = None,
    public: bool = True,
) -> list[TurnView]:
    """Every turn of a history as ``viewer`` may see it (``public``: everything is known, as
    in a finished game's record)."""
    spans, starts = split_turns(game, actions)
    public = public or game.type.perfect_information
    finished = starts[-1].is_terminal()
    views = []
    for k, span in enumerate(spans):
        state = starts[k].clone()
        steps = []
        for index in range(span.first, span.end):
            actor = int(state.current_player())
            action = actions[index]
            steps.append(step_for(state, index, actor, action, viewer, public))
            state.apply_action(action)
        views.append(
            TurnView(
                game=game,
                number=span.number,
                seat=span.seat,
                viewer=viewer,
                public=public,
                complete=k + 1 < len(spans) or finished,
                steps=tuple(steps),
                names=tuple(names),
                _start=starts[k],
                _end=starts[k + 1],
            )
        )
    return views
