"""The int action encoding of Fences (rules/fences.md section 12).

A turn is a sequence of atomic decisions: pick a hand tile, pick a cell, pick a rotation, then
build a barn or pass. A stuck player (FE-R37) picks the hand tile to discard. With ``H`` hand
slots (2), ``F`` tile-fields at most per tile (4) and a cell window of ``(2T+1) x (2T+1)``
cells (``T`` = tiles in play) the ids are, in order:

===================  =========  ====================================================
group                ids        meaning
===================  =========  ====================================================
SELECT(slot)         H          play the tile in hand slot ``slot``
ROTATE(rot)          4          turn the chosen tile ``rot`` quarter-turns clockwise
BARN(field)          F          build a barn on tile-field ``field`` of the tile just placed
PASS                 1          build no barn this turn
DISCARD(slot)        H          stuck (FE-R37): discard the tile in slot ``slot``
CELL(r, c)           (2T+1)^2   place the chosen tile at cell (r, c): id ``CELL + (r+T)(2T+1) + (c+T)``
===================  =========  ====================================================

With the standard components that is SELECT 0–1, ROTATE 2–5, BARN 6–9, PASS 10, DISCARD 11–12
and CELL from 13 (e.g. 2 players, T = 48: cell (0, 0) is 13 + 48 * 97 + 48 = 4717). Cell ids
are fixed for a game, so they sort row-major and mean the same cell in every position.

Chance outcomes have their own space: a tile draw is the tile-type index (``F01`` = 0, in data
order), a farmer deal is the card index in the deck, the first-player choice is the seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from farmstead.core.errors import IllegalActionError

SELECT, ROTATE, BARN, PASS, DISCARD, CELL = range(6)
KIND_NAMES = ("SELECT", "ROTATE", "BARN", "PASS", "DISCARD", "CELL")


@dataclass(frozen=True)
class ActionLayout:
    """Offsets of the action groups for one hand size, field maximum and cell window.

    Offsets are plain attributes (computed once) because the rules read them on every decision.
    """

    hand_size: int
    max_fields: int
    half: int  # T: cells (r, c) with |r|, |c| <= T have ids
    rotate: int = field(init=False)
    barn: int = field(init=False)
    pass_: int = field(init=False)
    discard: int = field(init=False)
    cell: int = field(init=False)
    width: int = field(init=False)  # cells per row of the window
    size: int = field(init=False)  # num_distinct_actions

    def __post_init__(self) -> None:
        offsets = {"rotate": self.hand_size}
        offsets["barn"] = offsets["rotate"] + 4
        offsets["pass_"] = offsets["barn"] + self.max_fields
        offsets["discard"] = offsets["pass_"] + 1
        offsets["cell"] = offsets["discard"] + self.hand_size
        offsets["width"] = 2 * self.half + 1
        offsets["size"] = offsets["cell"] + offsets["width"] ** 2
        for name, value in offsets.items():
            object.__setattr__(self, name, value)

    def cell_index(self, r: int, c: int) -> int:
        """Window index of cell (r, c) (0 … width² - 1); the caller checks the bounds."""
        return (r + self.half) * self.width + (c + self.half)

    def cell_rc(self, index: int) -> tuple[int, int]:
        """Cell (r, c) of a window index."""
        row, col = divmod(index, self.width)
        return row - self.half, col - self.half

    def in_window(self, r: int, c: int) -> bool:
        """Whether cell (r, c) has an id."""
        return -self.half <= r <= self.half and -self.half <= c <= self.half

    def decode(self, action: int) -> tuple[int, int]:
        """(group, argument) of an action id in ``0 … size - 1`` (argument 0 for PASS).

        For CELL the argument is the window index. ``IllegalActionError`` for an id out of range.
        """
        if action < 0 or action >= self.size:
            raise IllegalActionError(f"action id {action} is out of range 0..{self.size - 1}")
        if action < self.rotate:
            return SELECT, action
        if action < self.barn:
            return ROTATE, action - self.rotate
        if action < self.pass_:
            return BARN, action - self.barn
        if action == self.pass_:
            return PASS, 0
        if action < self.cell:
            return DISCARD, action - self.discard
        return CELL, action - self.cell
