"""The int action encoding of Rancho (rancho.md 9.1), derived from the board's sizes.

With N_P pastures, N_C cells, N_E cow edges and N_T horse triangles the ids are, in order:

=========================  ====================================================
0 … 8                      ROLL, END_TURN, CONFIRM, CANCEL, ARRANGE_SAFEST,
                           USE_DOG, KEEP_DOG, FOX_FIRST, WOLF_FIRST
GIVE(kind)                 6 ids: rabbit, sheep, cow, horse, small dog, large dog
RECEIVE(kind)              6 ids, same kinds
RETURN(kind)               4 ids: rabbit … horse
BUY(pasture)               N_P ids
LINK(pasture)              N_P ids
UNPLACE(cell)              N_C ids
PLACE_RABBIT(cell)         N_C ids
PLACE_SHEEP(cell)          N_C ids
PLACE_COW(edge)            N_E ids
PLACE_HORSE(triangle)      N_T ids
=========================  ====================================================

On the proposed board that is 577 ids (BUY(P13) = 37, LINK(P14) = 92, PLACE_COW(F1a–F1b) = 481).

Chance outcomes have their own space: the two d12 faces as ``face_a * 6 + face_b`` (symbols
below), the d6 result as its number, and the first player as the seat.
"""

from __future__ import annotations

KINDS = ("rabbit", "sheep", "cow", "horse", "small_dog", "large_dog")
RABBIT, SHEEP, COW, HORSE, SMALL_DOG, LARGE_DOG = range(6)
ANIMALS = (RABBIT, SHEEP, COW, HORSE)

SYMBOLS = ("rabbit", "sheep", "cow", "horse", "fox", "wolf")
FOX, WOLF = 4, 5

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
GIVE = 9
RECEIVE = 15
RETURN = 21


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
    )

    def __init__(
        self, num_pastures: int, num_cells: int, num_edges: int, num_triangles: int
    ) -> None:
        self.num_pastures = num_pastures
        self.num_cells = num_cells
        self.num_edges = num_edges
        self.num_triangles = num_triangles
        self.buy = RETURN + 4
        self.link = self.buy + num_pastures
        self.unplace = self.link + num_pastures
        self.place_rabbit = self.unplace + num_cells
        self.place_sheep = self.place_rabbit + num_cells
        self.place_cow = self.place_sheep + num_cells
        self.place_horse = self.place_cow + num_edges
        self.size = self.place_horse + num_triangles

    def decode(self, action: int) -> tuple[str, int]:
        """(group name, argument) of an action id in range; ``ValueError`` otherwise."""
        if 0 <= action < GIVE:
            return SIMPLE_ACTIONS[action], -1
        groups = (
            ("GIVE", GIVE, 6),
            ("RECEIVE", RECEIVE, 6),
            ("RETURN", RETURN, 4),
            ("BUY", self.buy, self.num_pastures),
            ("LINK", self.link, self.num_pastures),
            ("UNPLACE", self.unplace, self.num_cells),
            ("PLACE_RABBIT", self.place_rabbit, self.num_cells),
            ("PLACE_SHEEP", self.place_sheep, self.num_cells),
            ("PLACE_COW", self.place_cow, self.num_edges),
            ("PLACE_HORSE", self.place_horse, self.num_triangles),
        )
        for name, start, count in groups:
            if start <= action < start + count:
                return name, action - start
        raise ValueError(f"action id {action} is out of range 0..{self.size - 1}")
