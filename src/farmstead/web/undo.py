"""Which decisions a player may take back: the undo window of a live match.

A seat may take back its own decisions of the current turn, the newest first, up to the last
point where anything hidden or random was revealed (a chance outcome: a die, a draw) or another
seat decided, and never past the start of its turn. The window is read from the log alone; the
undo itself removes the entries and replays the rest (``MatchManager.undo``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from farmstead.web.matches import LiveMatch


def undo_window(match: LiveMatch) -> int:
    """How many entries at the end of ``match``'s log the seat to move may take back (0 when
    none: its turn just began, or a chance outcome or another seat's decision came last)."""
    to_move = match.to_move()
    if to_move is None or not match.log:
        return 0
    turn, _ = match.turns.draft().turn_of(match.state, to_move)
    count = 0
    for entry in reversed(match.log):
        if entry.seat != to_move or entry.turn != turn:
            break
        count += 1
    return count
