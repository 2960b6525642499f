"""The turns of a live match (``core.turns``): which turn each log entry belongs to, and each
turn's summary as one viewer may read it.

``MatchTurns`` numbers the entries as the log grows (a step that fails to be saved leaves it
as it was: numbering is drafted on a copy and committed with the log). ``turn_summary``
builds the ``TurnView`` of a turn for a viewer from the log's words — the viewer's words, the
action ids only where they add nothing to them — and caches the game's sentence.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from farmstead.core.registry import registration
from farmstead.core.turns import TurnStep, TurnTracker, TurnView, known_step

if TYPE_CHECKING:
    from farmstead.web.matches import LiveMatch

SUMMARY_CACHE = 4096  # summaries kept per match


@dataclass
class Span:
    """A turn of the log: entries ``first`` … ``end - 1``, ``seat``'s turn (None: setup)."""

    number: int
    seat: int | None
    first: int
    end: int


def copy_tracker(tracker: TurnTracker) -> TurnTracker:
    """An independent copy of ``tracker``."""
    other = TurnTracker()
    other.count, other.mark, other.seat = tracker.count, tracker.mark, tracker.seat
    return other


class MatchTurns:
    """The turns of one match's log, and a cache of their summaries."""

    def __init__(self) -> None:
        self.tracker = TurnTracker()
        self.spans: list[Span] = []
        self.cache: dict[tuple[int, str, int, bool], str] = {}

    def draft(self) -> TurnTracker:
        """A copy of the tracker to number a step's entries before they are saved."""
        return copy_tracker(self.tracker)

    def commit(self, tracker: TurnTracker, numbered: Sequence[tuple[int, int, int | None]]) -> None:
        """Adopt ``tracker`` and the saved entries ``(index, turn number, turn seat)``."""
        self.tracker = tracker
        for index, number, seat in numbered:
            if self.spans and self.spans[-1].number == number:
                self.spans[-1].end = index + 1
            else:
                self.spans.append(Span(number, seat, index, index + 1))

    def touching(self, start: int, end: int) -> list[Span]:
        """The turns with an entry in ``start`` … ``end - 1``, oldest first."""
        firsts = [s.first for s in self.spans]
        k = max(0, bisect.bisect_right(firsts, start) - 1)
        out = []
        for span in self.spans[k:]:
            if span.first >= end:
                break
            if span.end > start:
                out.append(span)
        return out

    def remember(self, key: tuple[int, str, int, bool], summary: str) -> None:
        if len(self.cache) >= SUMMARY_CACHE:
            self.cache.clear()
        self.cache[key] = summary


def turn_view(
    match: LiveMatch, span: Span, viewer: int | None, public: bool, complete: bool
) -> TurnView:
    """Turn ``span`` of ``match`` as ``viewer`` may see it (``public``: everything known;
    ``complete``: the turn is over)."""
    public = public or match.game.type.perfect_information
    steps: list[TurnStep] = []
    for entry in match.log[span.first : span.end]:
        seen = entry.label
        if entry.seen:
            seen = entry.seen[viewer if viewer is not None else -1]
        steps.append(known_step(entry.index, entry.seat, entry.action, entry.label, seen, public))
    return TurnView(
        game=match.game,
        number=span.number,
        seat=span.seat,
        viewer=viewer,
        public=public,
        complete=complete,
        steps=tuple(steps),
        names=tuple(s.name for s in match.seats),
        _start=match.state_at(span.first),
        _end=match.state_at(span.end),
    )


def turn_summary(
    match: LiveMatch, span: Span, viewer: int | None, public: bool, complete: bool
) -> str:
    """The game's sentence for turn ``span`` as ``viewer`` may read it (cached)."""
    everyone = public or match.game.type.perfect_information
    key = (span.number, "all" if everyone else str(viewer), span.end, complete)
    cached = match.turns.cache.get(key)
    if cached is None:
        view = turn_view(match, span, viewer, everyone, complete)
        cached = registration(match.game.type.name).summarise_turn(view)
        match.turns.remember(key, cached)
    return cached


def turn_json(
    match: LiveMatch, span: Span, held: frozenset[int], public: bool, end: int | None = None
) -> dict[str, Any]:
    """One turn for a client: its number, seat, entries and the summary the viewer may read
    (its own seat's eyes for its own turn, else its lowest seat's, else a spectator's), cut
    at log index ``end`` (what the viewer may see now)."""
    complete = span.end < match.version or match.finished
    if end is not None and span.end > end:
        span = Span(span.number, span.seat, span.first, end)
        complete = False
    if span.seat is not None and span.seat in held:
        viewer: int | None = span.seat
    else:
        viewer = min(held) if held else None
    return {
        "turn": span.number,
        "seat": span.seat,
        "first": span.first,
        "steps": span.end - span.first,
        "summary": turn_summary(match, span, viewer, public, complete),
        "complete": complete,
    }
