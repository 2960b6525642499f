"""The int action encoding of Animal Farm (rules/animal_farm.md 9.1).

With ``S`` unit slots per team (7 with the official team: pig slots 0-2, goat slots 3-5, horse
slot 6) and a board of ``W x H`` squares the ids are:

=============  ======================================================================
0              ``END_TURN``   (Idle)
1              ``STOP``       end the active unit's activation (Active)
2 … 5          ``STEP_N``, ``STEP_E``, ``STEP_S``, ``STEP_W``: one orthogonal step
6, 7           ``PICK_UP(F1)``, ``PICK_UP(F2)``: Player 1's / Player 2's feed pile
8              ``DROP``       the active pig drops the pile it carries
9 … 8+S        ``SELECT(slot)`` a unit of the mover (Idle)
9+S …          ``TARGET(cell)``, cell = W·y + x: the square for the piece being placed
               (Setup) or for the attacked unit (Displace)
=============  ======================================================================

On the proposed 9 x 12 board that is 124 ids (``TARGET((0, 11))`` = 115).

Directions are absolute: N = +y (towards Player 2), E = +x, S = -y, W = -x.

Chance outcomes (the coin toss, AF-R1) have their own space: outcome ``s`` means seat ``s`` is
Player 1.
"""

from __future__ import annotations

from dataclasses import dataclass

END_TURN = 0
STOP = 1
STEP_N, STEP_E, STEP_S, STEP_W = 2, 3, 4, 5
PICK_UP_F1, PICK_UP_F2 = 6, 7
DROP = 8
SELECT_BASE = 9

DIRECTIONS = ("N", "E", "S", "W")
# (dx, dy) of each direction, in the order of STEP_N .. STEP_W.
DIRECTION_DELTAS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass(frozen=True)
class ActionLayout:
    """Offsets of the board- and team-dependent action groups."""

    num_slots: int
    width: int
    height: int

    @property
    def target_base(self) -> int:
        """The id of ``TARGET(cell 0)``."""
        return SELECT_BASE + self.num_slots

    @property
    def size(self) -> int:
        """The number of distinct action ids."""
        return self.target_base + self.width * self.height

    def select(self, slot: int) -> int:
        """The id of ``SELECT(slot)``."""
        return SELECT_BASE + slot

    def target(self, cell: int) -> int:
        """The id of ``TARGET(cell)``."""
        return self.target_base + cell

    def decode(self, action: int) -> tuple[str, int]:
        """(kind, argument) of an id: kind is one of END_TURN, STOP, STEP, PICK_UP, DROP, SELECT,
        TARGET; the argument is the direction index, pile index, slot or cell (-1 if none).

        ``ValueError`` for an id out of range.
        """
        if action == END_TURN:
            return "END_TURN", -1
        if action == STOP:
            return "STOP", -1
        if STEP_N <= action <= STEP_W:
            return "STEP", action - STEP_N
        if action in (PICK_UP_F1, PICK_UP_F2):
            return "PICK_UP", action - PICK_UP_F1
        if action == DROP:
            return "DROP", -1
        if SELECT_BASE <= action < self.target_base:
            return "SELECT", action - SELECT_BASE
        if self.target_base <= action < self.size:
            return "TARGET", action - self.target_base
        raise ValueError(f"action id {action} is out of range 0..{self.size - 1}")
