"""The fields of one Fences position, its construction and its copy.

Position layout (flat lists of ints, cheap to clone):

* ``board``: a bytearray over the cell window (``config.layout``); 0 = empty, else the
  placement number + 1. Placement ``k`` has ``p_cell[k]`` (window index), ``p_type[k]``,
  ``p_rot[k]`` and ``p_node[k]``, the node of its tile-field 0 (its tile-fields are consecutive).
* Fields (FE-R11 … FE-R17): a union-find over nodes (one node per placed tile-field):
  ``parent``; at each root ``opn`` (segments facing an empty cell, FE-R14), ``anim`` (packed
  animal counts, ``scoring.pack_animals``) and ``nbarn`` (barns); ``node_tile`` maps a node to
  its placement. A field is completed exactly when ``opn`` of its root is 0 (FE-R17).
* ``barns``: flat pairs ``[node, owner, …]`` of the barns on the board.
* ``frontier``: empty cells next to a tile -> ``known << 4 | fenced`` port constraint (FE-R9).
* ``hands``/``revealed`` per seat (tile type ids; FE-R37 reveals), ``supply`` counts per tile
  type (the draw order does not exist until a draw: draws are chance nodes), ``discards``.
* ``events``: every completed field scored so far, as JSON-safe dicts (public).

The phases are in ``layout``.
"""

from __future__ import annotations

from typing import Any, Self

from farmstead.core.game import Game, State
from farmstead.games.fences.config import FencesConfig
from farmstead.games.fences.layout import DEAL_TILES, NO


class FencesPosition(State):
    """One Fences position's fields (see the module docstring for the layout), a blank and
    the initial position, and ``clone``; the rules are the mixins of ``rules``."""

    __slots__ = (
        "cfg", "phase", "active", "first",
        "board", "p_cell", "p_type", "p_rot", "p_node",
        "parent", "opn", "anim", "nbarn", "node_tile", "barns", "frontier",
        "hands", "revealed", "supply", "supply_total", "discards",
        "scores", "stocks", "farmers", "sel_slot", "sel_cell", "events", "_pcache", "_ocache",
    )  # fmt: skip

    cfg: FencesConfig
    # Whose turn it is
    phase: int
    active: int  # seat whose turn it is (the seat being dealt during setup)
    first: int  # first player, NO before the choice
    # The tiles laid and the ports their empty neighbours must match (FE-R8 … FE-R10)
    board: bytearray  # per window cell: 0 empty, else placement number + 1
    p_cell: list[int]  # per placement: window cell
    p_type: list[int]  # per placement: tile type
    p_rot: list[int]  # per placement: rotation
    p_node: list[int]  # per placement: node of its tile-field 0
    frontier: dict[int, int]  # empty cell next to a tile -> known << 4 | fenced
    # The fields: a union-find over tile-fields (FE-R11 … FE-R17), the barns in them
    parent: list[int]  # per node: union-find parent
    opn: list[int]  # per root: open segments (FE-R14)
    anim: list[int]  # per root: packed animal counts
    nbarn: list[int]  # per root: barns
    node_tile: list[int]  # per node: placement
    barns: list[int]  # flat (node, owner) pairs
    # The tiles in hands, in the supply and discarded (FE-R22, FE-R28, FE-R37)
    hands: list[list[int]]
    revealed: list[list[bool]]
    supply: list[int]  # per tile type: copies in the supply
    supply_total: int
    discards: list[int]
    # Per seat: score, barns in stock, farmer card (FE-R31, FE-R32)
    scores: list[int]
    stocks: list[int]
    farmers: list[int]  # per seat: card index, NO before the deal
    # The placement being chosen (FE-R34)
    sel_slot: int  # hand slot picked for placing, NO when none
    sel_cell: int  # window cell picked for placing, NO when none
    events: list[dict[str, Any]]  # every completed field scored, JSON-safe
    # Caches, shared by copies: placements per tile type until the next tile is laid, and the
    # chance outcomes of the current chance node
    _pcache: dict[int, tuple[tuple[int, tuple[int, ...]], ...]]
    _ocache: list[tuple[int, float]] | None

    @classmethod
    def empty(cls, game: Game, config: FencesConfig) -> Self:
        """A position with an empty board, full supply and nothing dealt (phase DEAL_TILES)."""
        s = cls.__new__(cls)
        State.__init__(s, game)
        c = config
        n = c.num_players
        s.cfg = c
        s.phase = DEAL_TILES
        s.active = 0
        s.first = NO
        s.board = bytearray(c.layout.width * c.layout.width)
        s.p_cell, s.p_type, s.p_rot, s.p_node = [], [], [], []
        s.parent, s.opn, s.anim, s.nbarn, s.node_tile = [], [], [], [], []
        s.barns = []
        s.frontier = {}
        s.hands = [[] for _ in range(n)]
        s.revealed = [[] for _ in range(n)]
        s.supply = list(c.in_play)  # FE-R28, FE-R29
        s.supply_total = c.total_tiles
        s.discards = []
        s.scores = [0] * n
        s.stocks = [c.barn_stock] * n  # FE-R32
        s.farmers = [NO] * n
        s.sel_slot = NO
        s.sel_cell = NO
        s.events = []
        s._pcache = {}
        s._ocache = None
        return s

    @classmethod
    def initial(cls, game: Game, config: FencesConfig) -> Self:
        """Setup (FE-R27 … FE-R33): deal 2 tiles each, then one farmer card each, then pick the
        first player; all of them chance events (FE-R26)."""
        return cls.empty(game, config)

    def clone(self) -> Self:
        s = type(self).__new__(type(self))
        s.game = self.game
        s._legal_cache = self._legal_cache
        s.cfg = self.cfg
        s.phase = self.phase
        s.active = self.active
        s.first = self.first
        s.board = self.board[:]
        s.p_cell = self.p_cell[:]
        s.p_type = self.p_type[:]
        s.p_rot = self.p_rot[:]
        s.p_node = self.p_node[:]
        s.parent = self.parent[:]
        s.opn = self.opn[:]
        s.anim = self.anim[:]
        s.nbarn = self.nbarn[:]
        s.node_tile = self.node_tile[:]
        s.barns = self.barns[:]
        s.frontier = self.frontier.copy()
        s.hands = [h[:] for h in self.hands]
        s.revealed = [r[:] for r in self.revealed]
        s.supply = self.supply[:]
        s.supply_total = self.supply_total
        s.discards = self.discards[:]
        s.scores = self.scores[:]
        s.stocks = self.stocks[:]
        s.farmers = self.farmers[:]
        s.sel_slot = self.sel_slot
        s.sel_cell = self.sel_cell
        s.events = self.events[:]
        s._pcache = self._pcache  # entries are immutable and valid while the board is shared
        s._ocache = self._ocache
        return s
