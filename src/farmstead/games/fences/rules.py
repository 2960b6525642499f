"""Fences: the rules (rules/fences.md; rulings FE-R1 … FE-R61 cited inline).

``FencesRules`` is the position and the rules over it; ``game.FencesState`` adds the protocol's
views (``position``, ``words``). Position layout (flat lists of ints, cheap to clone):

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

The phases are in ``layout``. The chosen tile is shown to everyone once selected (picking it up
from the hand); the other hand tile stays hidden (FE-R22).

Returns (FE-R60): when every score is equal, 0 for all; otherwise +1 for each seat with the top
score (tied leaders share the win) and -1 for the others.
"""

from __future__ import annotations

from typing import Any, Self

from farmstead.core.errors import SamplingError
from farmstead.core.game import Game, PlayerId, State, TurnMark
from farmstead.core.rng import Rng
from farmstead.games.fences import actions as act
from farmstead.games.fences.config import FencesConfig
from farmstead.games.fences.layout import (
    ANIMALS,
    BUILD,
    CHANCE_PHASES,
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DEAL_TILES,
    DISCARD_TILE,
    DRAW,
    DRAW_PHASES,
    NO,
    OVER,
    PHASE_NAMES,
    SELECT_CELL,
    SELECT_ROT,
    SELECT_TILE,
    SETUP_PHASES,
    STUCK_DRAW,
)
from farmstead.games.fences.scoring import (
    FieldFacts,
    barn_shares,
    farmer_bonus,
    field_value,
    unpack_animals,
)


class FencesRules(State):
    """One Fences position and its rules; see the module docstring for the layout."""

    __slots__ = (
        "cfg", "phase", "active", "first",
        "board", "p_cell", "p_type", "p_rot", "p_node",
        "parent", "opn", "anim", "nbarn", "node_tile", "barns", "frontier",
        "hands", "revealed", "supply", "supply_total", "discards",
        "scores", "stocks", "farmers", "sel_slot", "sel_cell", "events", "_pcache", "_ocache",
    )  # fmt: skip

    cfg: FencesConfig
    phase: int
    active: int  # seat whose turn it is (the seat being dealt during setup)
    first: int  # first player, NO before the choice
    board: bytearray  # per window cell: 0 empty, else placement number + 1
    p_cell: list[int]  # per placement: window cell
    p_type: list[int]  # per placement: tile type
    p_rot: list[int]  # per placement: rotation
    p_node: list[int]  # per placement: node of its tile-field 0
    parent: list[int]  # per node: union-find parent
    opn: list[int]  # per root: open segments (FE-R14)
    anim: list[int]  # per root: packed animal counts
    nbarn: list[int]  # per root: barns
    node_tile: list[int]  # per node: placement
    barns: list[int]  # flat (node, owner) pairs
    frontier: dict[int, int]  # empty cell next to a tile -> known << 4 | fenced
    hands: list[list[int]]
    revealed: list[list[bool]]
    supply: list[int]  # per tile type: copies in the supply
    supply_total: int
    discards: list[int]
    scores: list[int]
    stocks: list[int]
    farmers: list[int]  # per seat: card index, NO before the deal
    sel_slot: int  # hand slot picked for placing, NO when none
    sel_cell: int  # window cell picked for placing, NO when none
    events: list[dict[str, Any]]  # every completed field scored, JSON-safe
    _pcache: dict[int, tuple[tuple[int, tuple[int, ...]], ...]]
    _ocache: list[tuple[int, float]] | None

    # --- construction ---------------------------------------------------------------------
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

    # --- who moves ------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def phase_name(self) -> str:
        """The name of the current phase (e.g. 'select_cell')."""
        return PHASE_NAMES[self.phase]

    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return PlayerId.CHANCE
        if phase == OVER:
            return PlayerId.TERMINAL
        return self.active

    def _turn_mark(self) -> TurnMark:
        """The deals are the setup (FE-R27 … FE-R33); a turn (FE-R34) is numbered by the
        tiles laid before it, so a stuck player's discard and draw (FE-R37) stay in it."""
        phase = self.phase
        if phase in SETUP_PHASES:
            return TurnMark(0, None)
        laid = len(self.p_cell)
        if phase in (BUILD, DRAW):
            laid -= 1
        return TurnMark(laid + 1, self.active)

    def returns(self) -> list[float]:
        n = self.cfg.num_players
        if self.phase != OVER:
            return [0.0] * n
        best = max(self.scores)
        if all(score == best for score in self.scores):
            return [0.0] * n
        return [1.0 if score == best else -1.0 for score in self.scores]  # FE-R60

    # --- fields (union-find) --------------------------------------------------------------
    def find(self, node: int) -> int:
        """The root node of ``node``'s field (path halving)."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if rb < ra:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.opn[ra] += self.opn[rb]
        self.anim[ra] += self.anim[rb]
        self.nbarn[ra] += self.nbarn[rb]

    def lay(self, tile: int, cell: int, rot: int) -> list[int]:
        """Put ``tile`` on ``cell`` in rotation ``rot`` and join its tile-fields to their
        neighbours (FE-R11); no rule check and no scoring. Returns the roots of the fields the
        tile completed (FE-R14, FE-R15), each once.
        """
        c = self.cfg
        width = c.layout.width
        k = len(self.p_cell)
        base = len(self.parent)
        nf = c.num_fields[tile]
        board = self.board
        board[cell] = k + 1
        self.p_cell.append(cell)
        self.p_type.append(tile)
        self.p_rot.append(rot)
        self.p_node.append(base)
        packed = c.field_animals[tile]
        for i in range(nf):
            self.parent.append(base + i)
            self.opn.append(0)
            self.anim.append(packed[i])
            self.nbarn.append(0)
            self.node_tile.append(k)
        frontier = self.frontier
        frontier.pop(cell, None)
        sf = c.segfield[4 * tile + rot]
        ports = c.ports[4 * tile + rot]
        opn = self.opn
        joins: list[tuple[int, int]] = []  # (edge, placement across it)
        # Open segments first, while every new node is still its own root.
        for edge, step in enumerate((-width, 1, width, -1)):
            other = cell + step
            j = board[other]
            if j:
                joins.append((edge, j - 1))
                continue
            # FE-R10: an empty neighbour; both segments stay open.
            opn[base + sf[2 * edge]] += 1
            opn[base + sf[2 * edge + 1]] += 1
            facing = (edge + 2) & 3
            bits = (1 << (4 + facing)) | (((ports >> edge) & 1) << facing)
            frontier[other] = frontier.get(other, 0) | bits
        # FE-R11: touching segments join; each closes one open segment of the neighbour.
        for edge, j in joins:
            facing = (edge + 2) & 3
            nsf = c.segfield[4 * self.p_type[j] + self.p_rot[j]]
            nbase = self.p_node[j]
            for half in (0, 1):
                mine = base + sf[2 * edge + half]
                theirs = nbase + nsf[2 * facing + 1 - half]
                opn[self.find(theirs)] -= 1
                self._union(mine, theirs)
        done: list[int] = []
        for i in range(nf):
            root = self.find(base + i)
            if opn[root] == 0 and root not in done:
                done.append(root)
        self._pcache = {}
        return done

    def field_nodes(self, root: int) -> list[int]:
        """Every node of the field whose root is ``root``."""
        find = self.find
        return [n for n in range(len(self.parent)) if find(n) == root]

    def field_span(self, root: int) -> int:
        """FE-R13: the number of distinct tiles holding a tile-field of the field."""
        node_tile = self.node_tile
        return len({node_tile[n] for n in self.field_nodes(root)})

    def barn_owners(self, root: int) -> list[int]:
        """Owners of the barns in the field (one entry per barn), in board order."""
        barns = self.barns
        find = self.find
        return [barns[i + 1] for i in range(0, len(barns), 2) if find(barns[i]) == root]

    # --- placements -----------------------------------------------------------------------
    def placements(self, tile: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(cell window index, legal rotations) for every cell where ``tile`` fits, sorted by cell.

        FE-R8: an empty cell next to a tile; FE-R9: every neighbour's port matches. The first
        tile goes at (0, 0) in rotation 0 (FE-R35).
        """
        cached = self._pcache.get(tile)
        if cached is None:
            if not self.p_cell:
                cached = ((self.cfg.layout.cell_index(0, 0), (0,)),)
            else:
                fit = self.cfg.fit[tile]
                frontier = self.frontier
                cached = tuple(
                    [(cell, rots) for cell in sorted(frontier) if (rots := fit[frontier[cell]])]
                )
            self._pcache[tile] = cached
        return cached

    def turn_options(self, tile: int, cell: int) -> tuple[tuple[int, str], ...]:
        """For each of the four turns of ``tile`` on empty ``cell``: the rotation to play for it
        (the listed equivalent, FE-R61; ``NO`` when it does not fit, FE-R9) and the fit of each
        side N, E, S, W: ``+`` the fences continue, ``x`` they clash, ``.`` no neighbour there.
        The first tile goes at (0, 0) unturned (FE-R35)."""
        c = self.cfg
        if not self.p_cell:
            return tuple((0 if rot == 0 else NO, "....") for rot in range(4))
        constraint = self.frontier.get(cell, 0)
        known, fenced = constraint >> 4, constraint & 0xF
        fitting = c.fit[tile][constraint]
        options = []
        for rot in range(4):
            ports = c.ports[4 * tile + rot]
            sides = "".join(
                "."
                if not (known >> e) & 1
                else "+"
                if (ports >> e) & 1 == (fenced >> e) & 1
                else "x"
                for e in range(4)
            )
            play = c.canon_of[tile][rot]
            options.append((play if play in fitting else NO, sides))
        return tuple(options)

    def can_place(self, tile: int) -> bool:
        """Whether ``tile`` has a legal placement (FE-R36)."""
        return bool(self.placements(tile))

    def legal_barn_fields(self) -> list[int]:
        """Tile-fields of the tile just placed where a barn may go (FE-R41 … FE-R43)."""
        if not self.p_cell:
            return []
        tile = self.p_type[-1]
        base = self.p_node[-1]
        legal = []
        for i in range(self.cfg.num_fields[tile]):
            root = self.find(base + i)
            if self.opn[root] > 0 and self.nbarn[root] == 0:
                legal.append(i)
        return legal

    # --- legal actions --------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        layout = self.cfg.layout
        phase = self.phase
        hand = self.hands[self.active]
        if phase == SELECT_TILE:
            return [
                slot
                for slot, tile in enumerate(hand)
                if tile not in hand[:slot] and self.can_place(tile)
            ]
        if phase == SELECT_CELL:
            base = layout.cell
            return [base + cell for cell, _ in self.placements(hand[self.sel_slot])]
        if phase == SELECT_ROT:
            tile = hand[self.sel_slot]
            rots = self.cfg.fit[tile][self.frontier[self.sel_cell]]
            return [layout.rotate + r for r in rots]
        if phase == BUILD:
            return [layout.barn + i for i in self.legal_barn_fields()] + [layout.pass_]
        if phase == DISCARD_TILE:
            return [layout.discard + slot for slot, t in enumerate(hand) if t not in hand[:slot]]
        raise AssertionError(f"no decision in phase {PHASE_NAMES[phase]}")

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        cached = self._ocache
        if cached is None:
            phase = self.phase
            if phase in DRAW_PHASES:  # FE-R29: every unseen supply tile is equally likely
                total = self.supply_total
                cached = [(t, n / total) for t, n in enumerate(self.supply) if n]
            elif phase == DEAL_FARMERS:
                left = [f for f in self.cfg.deck if f not in self.farmers]
                cached = [(f, 1 / len(left)) for f in left]
            else:  # CHOOSE_FIRST
                n = self.cfg.num_players
                cached = [(seat, 1 / n) for seat in range(n)]
            self._ocache = cached
        return list(cached)

    # --- applying actions -----------------------------------------------------------------
    def _apply(self, action: int) -> None:
        self._ocache = None
        phase = self.phase
        if phase in CHANCE_PHASES:
            self._apply_chance(action)
            return
        kind, arg = self.cfg.layout.decode(action)
        if kind == act.SELECT:
            self.sel_slot = arg
            if self.p_cell:
                self.phase = SELECT_CELL
            else:  # FE-R35: the first tile goes at (0, 0); its rotation is fixed at 0
                self._place(self.cfg.layout.cell_index(0, 0), 0)
        elif kind == act.CELL:
            self.sel_cell = arg
            self.phase = SELECT_ROT
        elif kind == act.ROTATE:
            self._place(self.sel_cell, arg)
        elif kind == act.BARN:
            self._build(arg)
            self._end_of_turn()
        elif kind == act.PASS:
            self._end_of_turn()
        elif kind == act.DISCARD:
            self._discard(arg)
            self.phase = STUCK_DRAW

    def _apply_chance(self, outcome: int) -> None:
        phase = self.phase
        c = self.cfg
        if phase in DRAW_PHASES:
            self.supply[outcome] -= 1
            self.supply_total -= 1
            self.hands[self.active].append(outcome)
            self.revealed[self.active].append(False)
            if phase == DEAL_TILES:  # FE-R30
                if len(self.hands[self.active]) == c.hand_size:
                    self.active += 1
                    if self.active == c.num_players:
                        self.active = 0
                        self.phase = DEAL_FARMERS
            elif phase == DRAW:  # FE-R34 step 4, then the next seat (FE-R33: seat order)
                self._next_turn(self.active + 1)
            else:  # STUCK_DRAW (FE-R37)
                self._begin_turn(self.active)
        elif phase == DEAL_FARMERS:  # FE-R31
            self.farmers[self.active] = outcome
            self.active += 1
            if self.active == c.num_players:
                if c.first_player >= 0:
                    self.first = c.first_player
                    self._begin_turn(c.first_player)
                else:
                    self.active = 0
                    self.phase = CHOOSE_FIRST
        else:  # CHOOSE_FIRST (FE-R33)
            self.first = outcome
            self._begin_turn(outcome)

    def _next_turn(self, start: int) -> None:
        """Give the turn to the first seat from ``start`` (cyclically) holding a tile (FE-R38);
        the game ends when every hand is empty (FE-R58)."""
        n = self.cfg.num_players
        for i in range(n):
            seat = (start + i) % n
            if self.hands[seat]:
                self._begin_turn(seat)
                return
        self.phase = OVER

    def _begin_turn(self, seat: int) -> None:
        """Start (or, after a stuck draw, resume) ``seat``'s turn: place if possible (FE-R36);
        otherwise the stuck procedure of FE-R37."""
        while True:
            self.active = seat
            hand = self.hands[seat]
            if any(self.can_place(t) for t in hand):
                self.phase = SELECT_TILE
                return
            revealed = self.revealed[seat]  # FE-R37.1: the hand is shown
            for i in range(len(revealed)):
                revealed[i] = True
            if self.supply_total > 0:
                if len(hand) > 1:
                    self.phase = DISCARD_TILE  # FE-R37.2: the player chooses
                else:
                    self._discard(0)
                    self.phase = STUCK_DRAW
                return
            # FE-R37.3: the supply is empty; every unplaceable tile goes, the turn ends.
            self.discards.extend(hand)
            hand.clear()
            revealed.clear()
            n = self.cfg.num_players
            for i in range(1, n + 1):
                nxt = (seat + i) % n
                if self.hands[nxt]:
                    seat = nxt
                    break
            else:
                self.phase = OVER
                return

    def _discard(self, slot: int) -> None:
        """FE-R37.2: the tile goes face up out of the game."""
        hand = self.hands[self.active]
        self.discards.append(hand.pop(slot))
        self.revealed[self.active].pop(slot)

    def _place(self, cell: int, rot: int) -> None:
        """Place the selected tile (FE-R34 step 1), score (step 2), then offer a barn (step 3)."""
        seat = self.active
        hand = self.hands[seat]
        revealed = self.revealed[seat]
        tile = hand[self.sel_slot]
        slot = self.sel_slot
        # Of two equal tiles, the one already shown leaves the hand: the public then knows
        # nothing more about the tile kept.
        for i, t in enumerate(hand):
            if t == tile and revealed[i]:
                slot = i
                break
        hand.pop(slot)
        revealed.pop(slot)
        self.sel_slot = NO
        self.sel_cell = NO
        completed = self.lay(tile, cell, rot)
        if completed:
            self._score(completed)
        if self.stocks[seat] > 0 and self.legal_barn_fields():
            self.phase = BUILD
        else:
            self._end_of_turn()

    def _score(self, roots: list[int]) -> None:
        """FE-R48 … FE-R56: score every completed field, then return their barns."""
        c = self.cfg
        seat = self.active
        n = c.num_players
        card = c.farmers[self.farmers[seat]]
        layout = c.layout
        for root in roots:  # FE-R54: all fields scored before any barn returns
            animals = unpack_animals(self.anim[root])
            owners = self.barn_owners(root)
            nodes = self.field_nodes(root)
            span = len({self.node_tile[x] for x in nodes})
            value = field_value(animals, c.points_per_animal, c.multiplier)
            shares = barn_shares(value, owners, n)
            own = owners.count(seat)  # FE-R55: barns before the return
            facts = FieldFacts(animals, span, own, len(owners) - own)
            bonus, met = farmer_bonus(card.conditions, facts)  # FE-R21, FE-R53
            for p in range(n):
                self.scores[p] += shares[p]
            self.scores[seat] += bonus
            parts = []
            for x in nodes:
                k = self.node_tile[x]
                r, col = layout.cell_rc(self.p_cell[k])
                parts.append([r, col, x - self.p_node[k]])
            self.events.append(
                {
                    "placement": len(self.p_cell) - 1,
                    "completer": seat,
                    "parts": parts,
                    "animals": dict(zip(ANIMALS, animals, strict=True)),
                    "span": span,
                    "value": value,
                    "barns": owners,
                    "shares": shares,
                    "farmer": card.id,
                    "conditions_met": list(met),
                    "bonus": bonus,
                }
            )
        # FE-R56: barns of completed fields go back to their owners' stocks.
        barns = self.barns
        kept: list[int] = []
        for i in range(0, len(barns), 2):
            if self.find(barns[i]) in roots:
                self.stocks[barns[i + 1]] += 1
            else:
                kept += barns[i : i + 2]
        self.barns = kept
        for root in roots:
            self.nbarn[root] = 0

    def _build(self, field: int) -> None:
        """FE-R40 … FE-R42: one barn from the stock on a tile-field of the tile just placed."""
        node = self.p_node[-1] + field
        self.barns += [node, self.active]
        self.stocks[self.active] -= 1
        self.nbarn[self.find(node)] += 1

    def _end_of_turn(self) -> None:
        """FE-R34 step 4: draw if the supply has tiles, else pass the turn on."""
        if self.supply_total > 0:
            self.phase = DRAW
        else:
            self._next_turn(self.active + 1)

    def tile_id(self, tile: int) -> str:
        """The data id of tile type ``tile`` (e.g. 'F06')."""
        return self.cfg.tiles[tile].id

    # --- hidden information ---------------------------------------------------------------
    def sample_consistent(self, seat: int, rng: Rng) -> Self:
        """A state ``seat`` cannot tell from this one, drawn exactly and uniformly: the other
        seats' hidden hand tiles and the supply are redealt from the tiles ``seat`` has not
        seen (FE-R25).

        The only public constraint on a hidden hand is that a seat placing a tile (FE-R36)
        holds a placeable one. When the seat to place shows no placeable tile, its hidden
        slots are drawn conditioned on that (``_draw_placeable``); every other hidden slot is
        dealt from the rest uniformly. The true hidden tiles are read only as part of the
        multiset of unseen tiles, never kept.
        """
        s = self.clone()
        s._legal_cache = None
        s._ocache = None
        # The unseen tiles, in a canonical order: nothing of the true deal survives in it.
        pool: list[int] = []
        unseen = list(self.supply)
        hidden: list[tuple[int, int]] = []
        for other in range(self.cfg.num_players):
            if other == seat:
                continue
            for slot, tile in enumerate(self.hands[other]):
                if not self.is_public_hand_tile(other, slot):
                    unseen[tile] += 1
                    hidden.append((other, slot))
        for tile, count in enumerate(unseen):
            pool.extend([tile] * count)
        placer = self.active
        constrained: list[tuple[int, int]] = []
        if self.phase == SELECT_TILE and placer != seat:
            shown = [
                t
                for slot, t in enumerate(self.hands[placer])
                if self.is_public_hand_tile(placer, slot)
            ]
            if not any(self.can_place(t) for t in shown):
                constrained = [(p, slot) for p, slot in hidden if p == placer]
        if constrained:
            chosen = self._draw_placeable(pool, len(constrained), rng)
            for (other, slot), tile in zip(constrained, chosen, strict=True):
                s.hands[other][slot] = tile
                pool.remove(tile)
        rng.shuffle(pool)
        rest = [h for h in hidden if h not in constrained]
        for (other, slot), tile in zip(rest, pool, strict=False):
            s.hands[other][slot] = tile
        supply = [0] * len(self.supply)
        for tile in pool[len(rest) :]:
            supply[tile] += 1
        s.supply = supply
        return s

    def _draw_placeable(self, pool: list[int], slots: int, rng: Rng) -> list[int]:
        """``slots`` (1 or 2) tiles drawn from ``pool`` in order, uniformly among the draws
        holding at least one placeable tile. ``SamplingError`` when the pool has none."""
        placeable = [t for t in pool if self.can_place(t)]
        stuck = [t for t in pool if not self.can_place(t)]
        if not placeable:
            raise SamplingError(
                f"seat {self.active} is placing but no unseen tile fits: an impossible position"
            )
        if slots == 1:
            return [rng.choice(placeable)]
        # Ordered pairs with a placeable tile: first placeable (P * (N - 1) pairs) or first
        # stuck and second placeable (U * P pairs); each pair equally likely.
        n, p, u = len(pool), len(placeable), len(stuck)
        if rng.random() * (p * (n - 1) + u * p) < p * (n - 1):
            first = rng.randrange(p)
            rest = placeable[:first] + placeable[first + 1 :] + stuck
            return [placeable[first], rest[rng.randrange(n - 1)]]
        return [rng.choice(stuck), rng.choice(placeable)]

    def is_public_hand_tile(self, seat: int, slot: int) -> bool:
        """Whether everyone may see hand tile ``slot`` of ``seat``: revealed when stuck
        (FE-R37) or picked up for placing."""
        if self.revealed[seat][slot]:
            return True
        picked = self.phase in (SELECT_CELL, SELECT_ROT)
        return picked and seat == self.active and slot == self.sel_slot
