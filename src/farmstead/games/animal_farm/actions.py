"""The int action encoding of Animal Farm (rules/animal_farm.md 9.1).

With ``S`` unit slots per team (7 with the official team: pig slots 0-2, goat slots 3-5, horse
slot 6) and a board of ``W x H`` squares the ids are:

=============  ===============  =====================================================
ids            kind             meaning
=============  ===============  =====================================================
0              ``END_TURN``     end the turn (Idle)
1              ``STOP``         end the active unit's activation (Active)
2 … 5          ``STEP``         ``STEP_N``, ``STEP_E``, ``STEP_S``, ``STEP_W``: one
                                orthogonal step (argument: the direction 0-3)
6, 7           ``PICK_UP``      ``PICK_UP_F1``, ``PICK_UP_F2``: Player 1's / Player 2's
                                feed pile (argument: the pile)
8              ``DROP``         the active pig drops the pile it carries
9 … 8+S        ``SELECT``       a unit of the mover (Idle; argument: the slot)
9+S …          ``TARGET``       the square for the piece being placed (Setup) or for the
                                attacked unit (Displace); argument: cell = W·y + x
=============  ===============  =====================================================

On the proposed 9 x 12 board that is 124 ids (``TARGET((0, 11))`` = 115).

Directions are absolute (``layout.DIRECTIONS``): N = +y (towards Player 2), E = +x, S = -y,
W = -x.

Chance outcomes (the coin toss, AF-R1) have their own space: outcome ``s`` means seat ``s`` is
Player 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from farmstead.core.errors import IllegalActionError

# Action ids of the fixed groups.
END_TURN = 0
STOP = 1
STEP_N, STEP_E, STEP_S, STEP_W = 2, 3, 4, 5
PICK_UP_F1, PICK_UP_F2 = 6, 7
DROP = 8
SELECT_BASE = 9

# Action kinds, as ``ActionLayout.decode`` returns them; KIND_NAMES are their JSON types.
KIND_END_TURN, KIND_STOP, KIND_STEP, KIND_PICK_UP, KIND_DROP, KIND_SELECT, KIND_TARGET = range(7)
KIND_NAMES = ("END_TURN", "STOP", "STEP", "PICK_UP", "DROP", "SELECT", "TARGET")


@dataclass(frozen=True)
class ActionLayout:
    """Offsets of the board- and team-dependent action groups.

    Offsets are plain attributes (computed once) because the rules read them on every decision.
    """

    num_slots: int
    width: int
    height: int
    target_base: int = field(init=False)  # the id of TARGET(cell 0)
    size: int = field(init=False)  # the number of distinct action ids

    def __post_init__(self) -> None:
        object.__setattr__(self, "target_base", SELECT_BASE + self.num_slots)
        object.__setattr__(self, "size", self.target_base + self.width * self.height)

    def select(self, slot: int) -> int:
        """The id of ``SELECT(slot)``."""
        return SELECT_BASE + slot

    def target(self, cell: int) -> int:
        """The id of ``TARGET(cell)``."""
        return self.target_base + cell

    def decode(self, action: int) -> tuple[int, int]:
        """(kind, argument) of an id: the kind is one of the ``KIND_`` constants; the argument
        is the direction, pile, slot or cell (-1 if none).

        ``IllegalActionError`` for an id out of range.
        """
        if action == END_TURN:
            return KIND_END_TURN, -1
        if action == STOP:
            return KIND_STOP, -1
        if STEP_N <= action <= STEP_W:
            return KIND_STEP, action - STEP_N
        if action in (PICK_UP_F1, PICK_UP_F2):
            return KIND_PICK_UP, action - PICK_UP_F1
        if action == DROP:
            return KIND_DROP, -1
        if SELECT_BASE <= action < self.target_base:
            return KIND_SELECT, action - SELECT_BASE
        if self.target_base <= action < self.size:
            return KIND_TARGET, action - self.target_base
        raise IllegalActionError(f"action id {action} is out of range 0..{self.size - 1}")
