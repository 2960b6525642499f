"""The int action encoding of Rancho (rancho.md 9.1), derived from the board's sizes.

With N_P pastures, N_C cells, N_E cow edges and N_T horse triangles the ids are, in order:

=========================  ====================================================
0 … 8                      ROLL, END_TURN, CONFIRM, CANCEL, ARRANGE_SAFEST,
                           USE_DOG, KEEP_DOG, FOX_FIRST, WOLF_FIRST
GIVE(kind)                 6 ids from ``GIVE_BASE``: rabbit, sheep, cow, horse, small dog,
                           large dog
RECEIVE(kind)              6 ids from ``RECEIVE_BASE``, same kinds
RETURN(kind)               4 ids from ``RETURN_BASE``: rabbit … horse
BUY(pasture)               N_P ids
LINK(pasture)              N_P ids
UNPLACE(cell)              N_C ids
PLACE_RABBIT(cell)         N_C ids
PLACE_SHEEP(cell)          N_C ids
PLACE_COW(edge)            N_E ids
PLACE_HORSE(triangle)      N_T ids
=========================  ====================================================

On the proposed board that is 577 ids (BUY(P13) = 37, LINK(P14) = 92, PLACE_COW(F1a–F1b) = 481).
Kinds, pastures and cells are numbered as in ``layout`` and the board data file; edges and
triangles as in ``board``.

``ActionLayout.decode(action)`` gives ``(kind, argument)``, both ints: the kind is one of
``SIMPLE, GIVE, RECEIVE, …`` below, the argument the simple action's id (for ``SIMPLE``), the
piece kind (GIVE, RECEIVE, RETURN), the pasture or cell, the edge or the triangle.

Chance outcomes have their own space: the two d12 faces as ``face_a * 6 + face_b`` (symbols of
``layout.SYMBOLS``), the d6 result as its number, and the first player as the seat.
"""

from __future__ import annotations

from farmstead.core.errors import IllegalActionError

# The simple actions: each is one id.
ROLL, END_TURN, CONFIRM, CANCEL, ARRANGE_SAFEST = 0, 1, 2, 3, 4
USE_DOG, KEEP_DOG, FOX_FIRST, WOLF_FIRST = 5, 6, 7, 8
SIMPLE_ACTIONS = (
    "ROLL",
    "END_TURN",
    "CONFIRM",
    "CANCEL",
    "ARRANGE_SAFEST",
    "USE_DOG",
    "KEEP_DOG",
    "FOX_FIRST",
    "WOLF_FIRST",
)
# First ids of the groups whose size does not depend on the board.
GIVE_BASE = 9
RECEIVE_BASE = 15
RETURN_BASE = 21

# Action kinds, as ``decode`` returns them; KIND_NAMES[kind] is the JSON type of a group.
(
    SIMPLE,
    GIVE,
    RECEIVE,
    RETURN,
    BUY,
    LINK,
    UNPLACE,
    PLACE_RABBIT,
    PLACE_SHEEP,
    PLACE_COW,
    PLACE_HORSE,
) = range(11)
KIND_NAMES = (
    "SIMPLE",
    "GIVE",
    "RECEIVE",
    "RETURN",
    "BUY",
    "LINK",
    "UNPLACE",
    "PLACE_RABBIT",
    "PLACE_SHEEP",
    "PLACE_COW",
    "PLACE_HORSE",
)


class ActionLayout:
    """Offsets of the board-dependent action groups (plain ints: read on every decision)."""

    __slots__ = (
        "num_pastures",
        "num_cells",
        "num_edges",
        "num_triangles",
        "buy",
        "link",
        "unplace",
        "place_rabbit",
        "place_sheep",
        "place_cow",
        "place_horse",
        "size",
        "_groups",
    )

    def __init__(
        self, num_pastures: int, num_cells: int, num_edges: int, num_triangles: int
    ) -> None:
        self.num_pastures = num_pastures
        self.num_cells = num_cells
        self.num_edges = num_edges
        self.num_triangles = num_triangles
        self.buy = RETURN_BASE + 4
        self.link = self.buy + num_pastures
        self.unplace = self.link + num_pastures
        self.place_rabbit = self.unplace + num_cells
        self.place_sheep = self.place_rabbit + num_cells
        self.place_cow = self.place_sheep + num_cells
        self.place_horse = self.place_cow + num_edges
        self.size = self.place_horse + num_triangles
        # (kind, first id, end id) of every group, in id order.
        self._groups = (
            (SIMPLE, 0, GIVE_BASE),
            (GIVE, GIVE_BASE, RECEIVE_BASE),
            (RECEIVE, RECEIVE_BASE, RETURN_BASE),
            (RETURN, RETURN_BASE, self.buy),
            (BUY, self.buy, self.link),
            (LINK, self.link, self.unplace),
            (UNPLACE, self.unplace, self.place_rabbit),
            (PLACE_RABBIT, self.place_rabbit, self.place_sheep),
            (PLACE_SHEEP, self.place_sheep, self.place_cow),
            (PLACE_COW, self.place_cow, self.place_horse),
            (PLACE_HORSE, self.place_horse, self.size),
        )

    def decode(self, action: int) -> tuple[int, int]:
        """(kind, argument) of an action id in ``0 … size - 1`` (see the module docstring);
        ``IllegalActionError`` for an id out of range."""
        for kind, start, end in self._groups:
            if start <= action < end:
                return kind, action - start
        raise IllegalActionError(f"action id {action} is out of range 0..{self.size - 1}")
