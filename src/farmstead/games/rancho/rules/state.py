"""The fields of one Super Farmer Rancho position, its construction and its copy.

Position layout (flat lists of ints, cheap to clone):

* ``owner[c]``: seat owning cell c, or -1. Farm cells of used farms belong to their seat.
* ``cell_kind[c]``: -1 empty, else RABBIT/SHEEP/COW/HORSE; ``cell_amt[c]``: rabbits on the cell,
  1 for a sheep, the edge index of a cow, the triangle index of a horse.
* ``terr[seat]``: bitmask of the seat's spaces (farm cells + pastures).
* ``pool``, ``placed``: 4 animal counts per seat (unplaced pool; on the board); ``dogs``: 2 per seat.
* ``herd``: the central herd, 6 counts.
* The open transaction (``tx_*``), the passage route (``route_*``) and the predator sequence.

The phases, piece kinds and die symbols are in ``layout``, the action ids in ``actions``.
"""

from __future__ import annotations

from typing import Self

from farmstead.core.game import Game, State
from farmstead.games.rancho.config import RanchoConfig
from farmstead.games.rancho.layout import EMPTY, EXPANSION, FIRST_PLAYER, NO_ROUTE, RABBIT, SHEEP


class RanchoPosition(State):
    """One Rancho position's fields (see the module docstring for the layout), a blank and
    the initial position, and ``clone``; the rules are the mixins of ``rules``."""

    __slots__ = (
        "cfg",
        "phase",
        "active",
        "to_move",
        "round",
        "turn_actions",
        "first",
        "owner",
        "cell_kind",
        "cell_amt",
        "terr",
        "pool",
        "placed",
        "dogs",
        "npast",
        "herd",
        "tx_open",
        "tx_give",
        "tx_recv",
        "tx_buy",
        "tx_fees",
        "route_target",
        "route_links",
        "route_fee",
        "route_min",
        "dice",
        "attacks",
        "attack",
        "d6",
        "dog_queue",
        "dog_savers",
        "winner",
    )

    cfg: RanchoConfig
    # Whose turn it is, who decides now, how far the game is
    phase: int
    active: int  # seat whose turn it is (-1 before the first-player draw)
    to_move: int  # seat deciding now (differs from ``active`` in dog decisions)
    round: int  # completed rounds
    turn_actions: int  # decisions of the active player this turn (RA-R45)
    first: int  # first player (-1 before the draw)
    # The board: owners, pieces on cells, territories
    owner: list[int]
    cell_kind: list[int]
    cell_amt: list[int]
    terr: list[int]
    # Animals and dogs per seat, pastures bought per seat, the central herd
    pool: list[int]
    placed: list[int]
    dogs: list[int]
    npast: list[int]
    herd: list[int]
    # The open transaction (RA-R10 … RA-R15) and its passage route (RA-R21)
    tx_open: bool
    tx_give: list[int]
    tx_recv: list[int]
    tx_buy: list[int]
    tx_fees: list[tuple[int, int]]  # (owner, rabbits)
    route_target: int
    route_links: list[int]
    route_fee: int
    route_min: int
    # The roll, the predators still to resolve and the dog decisions (RA-R31 … RA-R38)
    dice: tuple[int, int] | None
    attacks: list[int]  # predator faces still to resolve
    attack: int  # the predator being resolved, or -1
    d6: int  # the predator die result of the current attack, 0 before it is rolled
    dog_queue: list[int]
    dog_savers: list[int]
    winner: int  # the winning seat, or -1 (RA-R43)

    @classmethod
    def empty(cls, game: Game, config: RanchoConfig) -> Self:
        """A blank position: nobody owns a space, every piece is in the central herd, no first
        player yet (phase FIRST_PLAYER)."""
        s = cls.__new__(cls)
        State.__init__(s, game)
        c = config
        n = c.num_players
        num_cells = c.board.num_cells
        s.cfg = c
        s.owner = [EMPTY] * num_cells
        s.cell_kind = [EMPTY] * num_cells
        s.cell_amt = [0] * num_cells
        s.terr = [0] * n
        s.pool = [0] * (4 * n)
        s.placed = [0] * (4 * n)
        s.dogs = [0] * (2 * n)
        s.npast = [0] * n
        s.herd = list(c.herd)  # RA-R2
        s.tx_open = False
        s.tx_give = [0] * 6
        s.tx_recv = [0] * 6
        s.tx_buy = []
        s.tx_fees = []
        s.route_target = NO_ROUTE
        s.route_links = []
        s.route_fee = 0
        s.route_min = 0
        s.dice = None
        s.attacks = []
        s.attack = -1
        s.d6 = 0
        s.dog_queue = []
        s.dog_savers = []
        s.winner = -1
        s.round = 0
        s.turn_actions = 0
        s.phase, s.first, s.active, s.to_move = FIRST_PLAYER, -1, -1, -1
        return s

    @classmethod
    def initial(cls, game: Game, config: RanchoConfig) -> Self:
        """Setup (RA-R1 … RA-R5): farms, herd, one rabbit and one sheep each."""
        s = cls.empty(game, config)
        c = config
        board = c.board
        for seat, farm in enumerate(c.farms):  # RA-R1
            a, b = board.farm_cells[farm]
            s.owner[a] = s.owner[b] = seat
            s.terr[seat] = (1 << a) | (1 << b)
            # RA-R4: the starting rabbit on cell a, the sheep on cell b, taken from the herd.
            s.cell_kind[a], s.cell_amt[a] = RABBIT, c.start_rabbits
            s.cell_kind[b], s.cell_amt[b] = SHEEP, 1
            s.placed[4 * seat + RABBIT] = c.start_rabbits
            s.placed[4 * seat + SHEEP] = c.start_sheep
            s.herd[RABBIT] -= c.start_rabbits
            s.herd[SHEEP] -= c.start_sheep
        if c.first_player < 0:  # RA-R5: a random first player is a logged chance event
            s.phase, s.first, s.active = FIRST_PLAYER, -1, -1
        else:
            s.phase, s.first, s.active = EXPANSION, c.first_player, c.first_player
        s.to_move = s.active
        return s

    def clone(self) -> Self:
        cls = type(self)
        s = cls.__new__(cls)
        s.game = self.game
        s._legal_cache = self._legal_cache
        s.cfg = self.cfg
        s.phase = self.phase
        s.active = self.active
        s.to_move = self.to_move
        s.round = self.round
        s.turn_actions = self.turn_actions
        s.first = self.first
        s.owner = self.owner[:]
        s.cell_kind = self.cell_kind[:]
        s.cell_amt = self.cell_amt[:]
        s.terr = self.terr[:]
        s.pool = self.pool[:]
        s.placed = self.placed[:]
        s.dogs = self.dogs[:]
        s.npast = self.npast[:]
        s.herd = self.herd[:]
        s.tx_open = self.tx_open
        s.tx_give = self.tx_give[:]
        s.tx_recv = self.tx_recv[:]
        s.tx_buy = self.tx_buy[:]
        s.tx_fees = self.tx_fees[:]
        s.route_target = self.route_target
        s.route_links = self.route_links[:]
        s.route_fee = self.route_fee
        s.route_min = self.route_min
        s.dice = self.dice
        s.attacks = self.attacks[:]
        s.attack = self.attack
        s.d6 = self.d6
        s.dog_queue = self.dog_queue[:]
        s.dog_savers = self.dog_savers[:]
        s.winner = self.winner
        return s
