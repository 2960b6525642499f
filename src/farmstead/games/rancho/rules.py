"""Super Farmer Rancho: the rules (rancho.md; rulings RA-R1 … RA-R46 cited inline).

``RanchoRules`` is the position and the rules over it; ``game.RanchoState`` adds the protocol's
views (``position``, ``words``). Position layout (flat lists of ints, cheap to clone):

* ``owner[c]``: seat owning cell c, or -1. Farm cells of used farms belong to their seat.
* ``cell_kind[c]``: -1 empty, else RABBIT/SHEEP/COW/HORSE; ``cell_amt[c]``: rabbits on the cell,
  1 for a sheep, the edge index of a cow, the triangle index of a horse.
* ``terr[seat]``: bitmask of the seat's spaces (farm cells + pastures).
* ``pool``, ``placed``: 4 animal counts per seat (unplaced pool; on the board); ``dogs``: 2 per seat.
* ``herd``: the central herd, 6 counts.
* The open transaction (``tx_*``), the passage route (``route_*``) and the predator sequence.

The phases, piece kinds and die symbols are in ``layout``, the action ids in ``actions``.

Returns: zero-sum, the winner +1 and every other seat -1/(n-1); all 0 for a draw (RA-R45).
"""

from __future__ import annotations

from typing import Self

from farmstead.core.game import Game, PlayerId, State, TurnMark
from farmstead.games.rancho.actions import (
    ARRANGE_SAFEST,
    CANCEL,
    CONFIRM,
    END_TURN,
    FOX_FIRST,
    GIVE_BASE,
    KEEP_DOG,
    RECEIVE_BASE,
    RETURN_BASE,
    ROLL,
    USE_DOG,
    WOLF_FIRST,
)
from farmstead.games.rancho.board import iter_bits
from farmstead.games.rancho.config import RanchoConfig
from farmstead.games.rancho.layout import (
    ANIMALS,
    CHANCE_PHASES,
    COW,
    D6,
    DICE,
    DOG,
    EMPTY,
    EXPANSION,
    FIRST_PLAYER,
    FOX,
    HORSE,
    LARGE_DOG,
    NO_ROUTE,
    ORDER,
    OVER,
    PLACEMENT,
    RABBIT,
    SHEEP,
    SMALL_DOG,
    WOLF,
)
from farmstead.games.rancho.placement import Arrangement
from farmstead.games.rancho.routes import chain_fees, first_links


class RanchoRules(State):
    """One Rancho position and its rules; see the module docstring for the layout."""

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
    phase: int
    active: int  # seat whose turn it is (-1 before the first-player draw)
    to_move: int  # seat deciding now (differs from ``active`` in dog decisions)
    round: int  # completed rounds
    turn_actions: int  # decisions of the active player this turn (RA-R45)
    first: int  # first player (-1 before the draw)
    owner: list[int]
    cell_kind: list[int]
    cell_amt: list[int]
    terr: list[int]
    pool: list[int]
    placed: list[int]
    dogs: list[int]
    npast: list[int]
    herd: list[int]
    tx_open: bool
    tx_give: list[int]
    tx_recv: list[int]
    tx_buy: list[int]
    tx_fees: list[tuple[int, int]]  # (owner, rabbits)
    route_target: int
    route_links: list[int]
    route_fee: int
    route_min: int
    dice: tuple[int, int] | None
    attacks: list[int]  # predator faces still to resolve
    attack: int  # the predator being resolved, or -1
    d6: int  # the predator die result of the current attack, 0 before it is rolled
    dog_queue: list[int]
    dog_savers: list[int]
    winner: int

    # --- construction ----------------------------------------------------------------------
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

    # --- who moves -------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in (EXPANSION, PLACEMENT, ORDER):
            return self.active
        if phase == DOG:
            return self.to_move
        if phase == OVER:
            return PlayerId.TERMINAL
        return PlayerId.CHANCE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _turn_mark(self) -> TurnMark:
        """The active seat's turn of the round (rancho.md 5); dog decisions of other seats
        belong to it. Before the first-player draw: the setup."""
        return TurnMark(self.round, self.active if self.active >= 0 else None)

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def returns(self) -> list[float]:
        """Zero-sum: the winner +1, every other seat -1/(n-1); all 0 for a draw or before the end."""
        n = self.cfg.num_players
        if self.winner < 0:
            return [0.0] * n
        loss = -1.0 / (n - 1)
        return [1.0 if seat == self.winner else loss for seat in range(n)]

    # --- small queries ---------------------------------------------------------------------
    def owned(self, seat: int, kind: int) -> int:
        """Animals (placed + pool) or dogs of ``kind`` the seat owns."""
        if kind >= SMALL_DOG:
            return self.dogs[2 * seat + kind - SMALL_DOG]
        return self.pool[4 * seat + kind] + self.placed[4 * seat + kind]

    def pool_count(self, seat: int) -> int:
        base = 4 * seat
        return self.pool[base] + self.pool[base + 1] + self.pool[base + 2] + self.pool[base + 3]

    def can_place_all(self, seat: int) -> bool:
        """Whether a full placement of all the seat's animals exists (RA-R29)."""
        base = 4 * seat
        p, q = self.pool, self.placed
        return self.cfg.placement.feasible(
            self.terr[seat],
            p[base + HORSE] + q[base + HORSE],
            p[base + COW] + q[base + COW],
            p[base + SHEEP] + q[base + SHEEP],
            p[base + RABBIT] + q[base + RABBIT],
        )

    def safety_units(self, seat: int) -> int:
        """The current safety score of the seat's placed animals, in integer hit units (9.4)."""
        pl = self.cfg.placement
        board = self.cfg.board
        w = pl.weights
        score = 0
        for cell in self.cfg.board.bits(self.terr[seat]):
            kind = self.cell_kind[cell]
            if kind == RABBIT:
                score += w[RABBIT] * self.cell_amt[cell] * pl.cell_hit[cell]
            elif kind == SHEEP:
                score += w[SHEEP] * pl.cell_hit[cell]
            elif kind == COW and board.edges[self.cell_amt[cell]][0] == cell:
                score += w[COW] * pl.hit_faces(board.edges[self.cell_amt[cell]])
            elif kind == HORSE and board.triangles[self.cell_amt[cell]][0] == cell:
                score += w[HORSE] * pl.hit_faces(board.triangles[self.cell_amt[cell]])
        return score

    def safety_score(self, seat: int) -> float:
        """The spec's safety score S of the seat's placed animals (rancho.md 9.4)."""
        return self.safety_units(seat) / len(self.cfg.d6_faces)

    def safest_arrangement(self, seat: int) -> Arrangement | None:
        """The safest full placement of all the seat's animals, or None if none exists (9.4)."""
        base = 4 * seat
        p, q = self.pool, self.placed
        return self.cfg.placement.safest(
            self.terr[seat],
            p[base + HORSE] + q[base + HORSE],
            p[base + COW] + q[base + COW],
            p[base + SHEEP] + q[base + SHEEP],
            p[base + RABBIT] + q[base + RABBIT],
        )

    def tx_balance(self) -> int:
        """value(G) − value(R) − prices − fees of the open transaction (0 = balanced, RA-R10)."""
        values = self.cfg.values
        cost = self.cfg.board.cost
        balance = 0
        for k in range(6):
            balance += values[k] * (self.tx_give[k] - self.tx_recv[k])
        for cell in self.tx_buy:
            balance -= cost[cell]
        for _, fee in self.tx_fees:
            balance -= fee
        return balance

    def tx_fee_total(self) -> int:
        return sum(fee for _, fee in self.tx_fees) + (
            self.route_fee if self.route_target >= 0 else 0
        )

    def _reach_mask(self, seat: int) -> int:
        """The seat's territory plus the pastures bought in the open transaction."""
        mask = self.terr[seat]
        for cell in self.tx_buy:
            mask |= 1 << cell
        return mask

    def _free_pastures(self) -> int:
        """Mask of pastures nobody owns."""
        taken = 0
        for m in self.terr:
            taken |= m
        return self.cfg.board.pasture_mask & ~taken

    def _neighbourhood(self, mask: int) -> int:
        return self.cfg.board.neighbourhood(mask)

    def purchasable(self, seat: int) -> tuple[list[int], dict[int, int]]:
        """Pastures the seat may BUY now: (normal purchases, passage targets -> minimum fee).

        RA-R18 normal purchases; RA-R20 blocked; RA-R21 passage purchases.
        """
        if self.npast[seat] + len(self.tx_buy) >= self.cfg.pasture_limit:  # RA-R16
            return [], {}
        reach = self._reach_mask(seat)
        free = self._free_pastures() & ~reach
        board = self.cfg.board
        adjacent = board.neighbourhood(reach) & free
        if adjacent:
            return list(board.bits(adjacent)), {}
        # Blocked (RA-R20): chains through other players' pastures (RA-R21).
        fees = chain_fees(self.cfg.board, self.owner, seat, reach, free)
        return [], fees

    # --- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == DOG:
            return [USE_DOG, KEEP_DOG]
        if phase == ORDER:
            return [FOX_FIRST, WOLF_FIRST]
        seat = self.active
        layout = self.cfg.layout
        capped = self.turn_actions >= self.cfg.max_actions_per_turn
        if self.route_target >= 0:
            if capped:  # RA-R45: only CANCEL survives the cap in an open transaction
                return [CANCEL]
            return [CANCEL] + [layout.link + p for p in self._legal_links(seat)]
        pool_size = self.pool_count(seat)
        if self.tx_open:
            if capped:
                return [CANCEL]
            return self._transaction_actions(seat)
        actions: list[int] = []
        feasible = True
        if pool_size:
            feasible = self.can_place_all(seat)
        else:
            actions.append(ROLL if phase == EXPANSION else END_TURN)
        if feasible:
            if pool_size:
                actions.append(ARRANGE_SAFEST)
            elif not capped:
                best = self.safest_arrangement(seat)
                if best is not None and best.score < self.safety_units(seat):
                    actions.append(ARRANGE_SAFEST)
        else:
            base = 4 * seat
            for kind in ANIMALS:  # RA-R29: return animals only while nothing fits
                if self.pool[base + kind] or self.placed[base + kind]:
                    actions.append(RETURN_BASE + kind)
        if capped:
            return actions
        if phase == EXPANSION:
            actions.extend(self._transaction_actions(seat))
        # RA-R28, RA-R29: rearranging is allowed even before returning animals for lack of space.
        actions.extend(self._arrangement_actions(seat))
        actions.sort()
        return actions

    def _transaction_actions(self, seat: int) -> list[int]:
        """GIVE, RECEIVE, BUY, CONFIRM and CANCEL during Expansion (RA-R10 … RA-R21, 9.2).

        Beyond 9.1's table, RECEIVE and BUY are masked when the player could not pay for the
        transaction any more even by giving everything they own of the other kinds: such a step
        can never lead to a confirmable exchange (RA-R10).
        """
        actions: list[int] = []
        give, recv, herd = self.tx_give, self.tx_recv, self.herd
        values = self.cfg.values
        if self.tx_open:
            actions.append(CANCEL)
            if self._can_confirm():
                actions.append(CONFIRM)
            fees = self.tx_fee_total()
        else:
            fees = 0
        b4, b2 = 4 * seat, 2 * seat
        pool, placed, dogs = self.pool, self.placed, self.dogs
        owned = [
            pool[b4] + placed[b4],
            pool[b4 + 1] + placed[b4 + 1],
            pool[b4 + 2] + placed[b4 + 2],
            pool[b4 + 3] + placed[b4 + 3],
            dogs[b2],
            dogs[b2 + 1],
        ]
        givable = 0
        committed = fees
        for kind in range(6):
            if recv[kind]:
                committed += values[kind] * recv[kind]
            else:
                givable += values[kind] * owned[kind]
                if owned[kind] > give[kind]:
                    actions.append(GIVE_BASE + kind)
        cost = self.cfg.board.cost
        for cell in self.tx_buy:
            committed += cost[cell]
        for kind in range(6):
            if give[kind] or herd[kind] - recv[kind] - (fees if kind == RABBIT else 0) < 1:
                continue  # RA-R11, RA-R13
            budget = givable if recv[kind] else givable - values[kind] * owned[kind]
            if committed + values[kind] <= budget:
                actions.append(RECEIVE_BASE + kind)
        spare = givable - committed
        if spare > 0:
            normal, passage = self.purchasable(seat)
            buy = self.cfg.layout.buy
            for p in normal:
                if cost[p] <= spare:
                    actions.append(buy + p)
            for p, fee in passage.items():
                if cost[p] + fee <= spare:
                    actions.append(buy + p)
        actions.sort()
        return actions

    def _can_confirm(self) -> bool:
        """CONFIRM: balanced (RA-R10), stock suffices (RA-R11), something given or bought."""
        if self.route_target >= 0 or self.tx_balance() != 0:
            return False
        if not any(self.tx_give) and not self.tx_buy:
            return False
        fees = sum(fee for _, fee in self.tx_fees)
        herd = self.herd
        for kind in range(1, 6):
            if herd[kind] < self.tx_recv[kind]:
                return False
        return herd[RABBIT] + self.tx_give[RABBIT] >= self.tx_recv[RABBIT] + fees

    def _arrangement_actions(self, seat: int) -> list[int]:
        """UNPLACE and PLACE_* on the seat's own spaces (RA-R24 … RA-R28)."""
        layout = self.cfg.layout
        board = self.cfg.board
        actions: list[int] = []
        terr = self.terr[seat]
        kinds = self.cell_kind
        empty_mask = 0
        rabbit_room = []
        for cell in self.cfg.board.bits(terr):
            kind = kinds[cell]
            if kind == EMPTY:
                empty_mask |= 1 << cell
                rabbit_room.append(cell)
            else:
                actions.append(layout.unplace + cell)
                if kind == RABBIT and self.cell_amt[cell] < self.cfg.rabbits_per_space:
                    rabbit_room.append(cell)
        base = 4 * seat
        pool = self.pool
        if pool[base + RABBIT]:
            actions.extend(layout.place_rabbit + c for c in rabbit_room)
        if pool[base + SHEEP]:
            actions.extend(layout.place_sheep + c for c in iter_bits(empty_mask))
        if pool[base + COW]:
            actions.extend(layout.place_cow + e for e in board.edges_in(empty_mask))
        if pool[base + HORSE]:
            actions.extend(layout.place_horse + t for t in board.triangles_in(empty_mask))
        return actions

    def _legal_links(self, seat: int) -> list[int]:
        """Pastures that may be the next link of the open route (9.3)."""
        previous = self.route_links[-1] if self.route_links else -1
        return first_links(
            self.cfg.board,
            self.owner,
            seat,
            self._reach_mask(seat),
            previous,
            self.route_links,
            self.route_target,
            self.route_min - self.route_fee,
        )

    # --- chance ----------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == DICE:
            return self.cfg.d12_outcomes
        if self.phase == D6:
            return self.cfg.d6_outcomes
        n = self.cfg.num_players
        return [(seat, 1.0 / n) for seat in range(n)]

    # --- applying actions ------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == FIRST_PLAYER:
            self.first = self.active = self.to_move = action
            self.phase = EXPANSION
            return
        if phase == DICE:
            self._apply_dice(action // 6, action % 6)
            return
        if phase == D6:
            self._apply_d6(action)
            return
        if phase == DOG:
            self._apply_dog(action == USE_DOG)
            return
        self.turn_actions += 1
        if phase == ORDER:  # RA-R32
            self.attacks = [FOX, WOLF] if action == FOX_FIRST else [WOLF, FOX]
            self._next_attack()
            return
        self._apply_turn_action(action)
        # RA-R43: only placing animals (by hand, safest, or fee rabbits) can complete a herd.
        if action in (CONFIRM, ARRANGE_SAFEST) or action >= self.cfg.layout.place_rabbit:
            self._check_win()

    def _apply_turn_action(self, action: int) -> None:
        seat = self.active
        layout = self.cfg.layout
        if action == ROLL:  # RA-R8
            self.phase = DICE
        elif action == END_TURN:
            self._end_turn()
        elif action == CONFIRM:
            self._settle(seat)
        elif action == CANCEL:
            self._clear_transaction()
        elif action == ARRANGE_SAFEST:
            self._arrange_safest(seat)
        elif action < RECEIVE_BASE:
            self.tx_open = True
            self.tx_give[action - GIVE_BASE] += 1
        elif action < RETURN_BASE:
            self.tx_open = True
            self.tx_recv[action - RECEIVE_BASE] += 1
        elif action < layout.buy:
            self._remove_one(seat, action - RETURN_BASE, to_herd=True)  # RA-R29
        elif action < layout.link:
            self._buy(seat, action - layout.buy)
        elif action < layout.unplace:
            self._link(action - layout.link)
        elif action < layout.place_rabbit:
            self._unplace(seat, action - layout.unplace)
        elif action < layout.place_sheep:
            cell = action - layout.place_rabbit
            self.cell_kind[cell] = RABBIT
            self.cell_amt[cell] += 1
            self._pool_to_board(seat, RABBIT)
        elif action < layout.place_cow:
            cell = action - layout.place_sheep
            self.cell_kind[cell], self.cell_amt[cell] = SHEEP, 1
            self._pool_to_board(seat, SHEEP)
        elif action < layout.place_horse:
            edge = action - layout.place_cow
            for cell in self.cfg.board.edges[edge]:
                self.cell_kind[cell], self.cell_amt[cell] = COW, edge
            self._pool_to_board(seat, COW)
        else:
            tri = action - layout.place_horse
            for cell in self.cfg.board.triangles[tri]:
                self.cell_kind[cell], self.cell_amt[cell] = HORSE, tri
            self._pool_to_board(seat, HORSE)

    def _pool_to_board(self, seat: int, kind: int) -> None:
        self.pool[4 * seat + kind] -= 1
        self.placed[4 * seat + kind] += 1

    def _unplace(self, seat: int, cell: int) -> None:
        """Move one piece on ``cell`` to the pool: a rabbit, the sheep, or the whole cow/horse."""
        kind = self.cell_kind[cell]
        self._lift(cell)
        self.pool[4 * seat + kind] += 1
        self.placed[4 * seat + kind] -= 1

    def _lift(self, cell: int) -> None:
        """Take one piece off ``cell`` (a rabbit, the sheep, or every cell of a cow/horse)."""
        kind = self.cell_kind[cell]
        board = self.cfg.board
        if kind == RABBIT:
            self.cell_amt[cell] -= 1
            if self.cell_amt[cell] == 0:
                self.cell_kind[cell] = EMPTY
            return
        if kind == SHEEP:
            cells: tuple[int, ...] = (cell,)
        elif kind == COW:
            cells = board.edges[self.cell_amt[cell]]
        else:
            cells = board.triangles[self.cell_amt[cell]]
        for c in cells:
            self.cell_kind[c], self.cell_amt[c] = EMPTY, 0

    def _most_exposed(self, seat: int, kind: int) -> int:
        """The seat's placed cell of ``kind`` with the highest hit chance, ties to the lowest index."""
        pl = self.cfg.placement
        board = self.cfg.board
        best, best_hit = -1, -1
        for cell in self.cfg.board.bits(self.terr[seat]):
            if self.cell_kind[cell] != kind:
                continue
            if kind == COW:
                hit = pl.hit_faces(board.edges[self.cell_amt[cell]])
            elif kind == HORSE:
                hit = pl.hit_faces(board.triangles[self.cell_amt[cell]])
            else:
                hit = pl.cell_hit[cell]
            if hit > best_hit:
                best, best_hit = cell, hit
        return best

    def _remove_one(self, seat: int, kind: int, to_herd: bool) -> None:
        """Take one piece of ``kind`` from the seat: the pool first, else the most exposed (RA-R15, 9.4)."""
        if kind >= SMALL_DOG:
            self.dogs[2 * seat + kind - SMALL_DOG] -= 1
        elif self.pool[4 * seat + kind]:
            self.pool[4 * seat + kind] -= 1
        else:
            self._lift(self._most_exposed(seat, kind))
            self.placed[4 * seat + kind] -= 1
        if to_herd:
            self.herd[kind] += 1

    # --- transactions ----------------------------------------------------------------------
    def _buy(self, seat: int, pasture: int) -> None:
        self.tx_open = True
        normal, passage = self.purchasable(seat)
        if pasture in normal:
            self.tx_buy.append(pasture)
            return
        # RA-R21: a passage purchase fixes the target and opens a route.
        self.route_target = pasture
        self.route_min = passage[pasture]
        self.route_fee = 0
        self.route_links = []

    def _link(self, pasture: int) -> None:
        self.route_links.append(pasture)
        self.route_fee += self.cfg.board.cost[pasture]
        if self.route_fee == self.route_min:  # the chain reaches the target: close the route
            cost = self.cfg.board.cost
            self.tx_fees.extend((self.owner[p], cost[p]) for p in self.route_links)
            self.tx_buy.append(self.route_target)
            self.route_target = NO_ROUTE
            self.route_links = []
            self.route_fee = self.route_min = 0

    def _clear_transaction(self) -> None:
        self.tx_open = False
        self.tx_give = [0] * 6
        self.tx_recv = [0] * 6
        self.tx_buy = []
        self.tx_fees = []
        self.route_target = NO_ROUTE
        self.route_links = []
        self.route_fee = self.route_min = 0

    def _settle(self, seat: int) -> None:
        """RA-R15: G to the herd, R to the pool, fees to owners, discs on bought pastures."""
        for kind in range(6):
            for _ in range(self.tx_give[kind]):
                self._remove_one(seat, kind, to_herd=True)
        for kind in range(6):
            got = self.tx_recv[kind]
            if got:
                self.herd[kind] -= got
                if kind >= SMALL_DOG:
                    self.dogs[2 * seat + kind - SMALL_DOG] += got
                else:
                    self.pool[4 * seat + kind] += got
        for cell in self.tx_buy:
            self.owner[cell] = seat
            self.terr[seat] |= 1 << cell
            self.npast[seat] += 1
        for owner, fee in self.tx_fees:
            self.herd[RABBIT] -= fee
            self._place_fee_rabbits(owner, fee)
        self._clear_transaction()

    def _place_fee_rabbits(self, owner: int, count: int) -> None:
        """RA-R23: fee rabbits placed automatically for ``owner``; what does not fit returns."""
        per = self.cfg.rabbits_per_space
        pl = self.cfg.placement
        cost = self.cfg.board.cost
        cells = iter_bits(self.terr[owner])
        stacks = sorted(
            (c for c in cells if self.cell_kind[c] == RABBIT), key=lambda c: (pl.cell_hit[c], c)
        )
        # Empty own spaces: farm cells, then cost-4, cost-2, cost-1 pastures (ties: lowest index).
        empties = sorted(
            (c for c in cells if self.cell_kind[c] == EMPTY),
            key=lambda c: (0 if cost[c] == 0 else 1, -cost[c], c),
        )
        for cell in stacks + empties:
            if count == 0:
                break
            room = per - (self.cell_amt[cell] if self.cell_kind[cell] == RABBIT else 0)
            put = min(room, count)
            if put:
                self.cell_kind[cell] = RABBIT
                self.cell_amt[cell] += put
                self.placed[4 * owner + RABBIT] += put
                count -= put
        self.herd[RABBIT] += count

    # --- arrangement -----------------------------------------------------------------------
    def _arrange_safest(self, seat: int) -> None:
        """Replace the seat's whole arrangement by the safest full placement (9.4)."""
        best = self.safest_arrangement(seat)
        assert best is not None  # ARRANGE_SAFEST is legal only when a full placement exists
        board = self.cfg.board
        base = 4 * seat
        for cell in self.cfg.board.bits(self.terr[seat]):
            self.cell_kind[cell], self.cell_amt[cell] = EMPTY, 0
        for kind in ANIMALS:
            self.placed[base + kind] += self.pool[base + kind]
            self.pool[base + kind] = 0
        for tri in best.horses:
            for cell in board.triangles[tri]:
                self.cell_kind[cell], self.cell_amt[cell] = HORSE, tri
        for edge in best.cows:
            for cell in board.edges[edge]:
                self.cell_kind[cell], self.cell_amt[cell] = COW, edge
        for cell in best.sheep:
            self.cell_kind[cell], self.cell_amt[cell] = SHEEP, 1
        for cell, count in best.rabbits:
            self.cell_kind[cell], self.cell_amt[cell] = RABBIT, count

    # --- predators and breeding ------------------------------------------------------------
    def _apply_dice(self, face_a: int, face_b: int) -> None:
        self.dice = (face_a, face_b)
        foxes = (face_a == FOX) + (face_b == FOX)
        wolves = (face_a == WOLF) + (face_b == WOLF)
        if foxes and wolves and self.cfg.ask_predator_order:  # RA-R32
            self.phase = ORDER
            return
        self.attacks = [FOX] * foxes + [WOLF] * wolves  # RA-R31: one attack per face
        self._next_attack()

    def _next_attack(self) -> None:
        if self.attacks:
            self.attack = self.attacks.pop(0)
            self.phase = D6
            return
        self.attack = -1
        self._breed()
        self.phase = PLACEMENT

    def attack_losses(self, seat: int) -> list[int]:
        """Cells whose animals the current attack takes from ``seat`` (RA-R34 … RA-R36).

        Rabbit cells for a fox; for a wolf one cell per sheep, cow or horse touching a hit pasture.
        """
        board = self.cfg.board
        cost = board.cost
        number = self.d6
        hit: list[int] = []
        seen: set[tuple[int, int]] = set()
        for cell in iter_bits(self.terr[seat] & board.pasture_mask):
            kind = self.cell_kind[cell]
            if cost[cell] != number or kind == EMPTY:
                continue
            if self.attack == FOX:
                if kind == RABBIT:
                    hit.append(cell)
            elif kind != RABBIT:
                piece = (kind, self.cell_amt[cell] if kind != SHEEP else cell)
                if piece not in seen:
                    seen.add(piece)
                    hit.append(cell)
        return hit

    def _apply_d6(self, number: int) -> None:
        self.d6 = number
        dog = SMALL_DOG if self.attack == FOX else LARGE_DOG
        n = self.cfg.num_players
        order = [(self.active + i) % n for i in range(n)]
        # RA-R37, RA-R38: affected players with a matching dog decide, in turn order.
        self.dog_queue = [
            s for s in order if self.dogs[2 * s + dog - SMALL_DOG] and self.attack_losses(s)
        ]
        self.dog_savers = []
        if self.dog_queue:
            self.phase = DOG
            self.to_move = self.dog_queue[0]
        else:
            self._resolve_attack()

    def _apply_dog(self, use: bool) -> None:
        seat = self.dog_queue.pop(0)
        if use:
            self.dog_savers.append(seat)
        if self.dog_queue:
            self.to_move = self.dog_queue[0]
        else:
            self.to_move = self.active
            self._resolve_attack()

    def _resolve_attack(self) -> None:
        """Apply the attack's losses after all its dog decisions (RA-R38)."""
        dog = SMALL_DOG if self.attack == FOX else LARGE_DOG
        for seat in range(self.cfg.num_players):
            if seat in self.dog_savers:
                self.dogs[2 * seat + dog - SMALL_DOG] -= 1
                self.herd[dog] += 1
                continue
            for cell in self.attack_losses(seat):
                kind = self.cell_kind[cell]
                count = self._clear_piece(cell)
                self.placed[4 * seat + kind] -= count
                self.herd[kind] += count
        self.dog_queue = []
        self.dog_savers = []
        self.to_move = self.active
        self._next_attack()

    def _clear_piece(self, cell: int) -> int:
        """Remove the whole piece on ``cell`` (every rabbit, or every cell of a big animal).

        Returns the number of animals removed.
        """
        kind = self.cell_kind[cell]
        count = self.cell_amt[cell] if kind == RABBIT else 1
        if kind == COW:
            cells: tuple[int, ...] = self.cfg.board.edges[self.cell_amt[cell]]
        elif kind == HORSE:
            cells = self.cfg.board.triangles[self.cell_amt[cell]]
        else:
            cells = (cell,)
        for c in cells:
            self.cell_kind[c], self.cell_amt[c] = EMPTY, 0
        return count

    def _breed(self) -> None:
        """RA-R39 … RA-R42: floor((owned + faces) / 2) per kind shown, capped by the herd."""
        seat = self.active
        assert self.dice is not None
        faces = [0, 0, 0, 0]
        for face in self.dice:
            if face < FOX:
                faces[face] += 1
        for kind in ANIMALS:
            if not faces[kind]:
                continue
            owned = self.placed[4 * seat + kind] + self.pool[4 * seat + kind]
            young = min((owned + faces[kind]) // 2, self.herd[kind])
            self.herd[kind] -= young
            self.pool[4 * seat + kind] += young

    # --- turn and game end -----------------------------------------------------------------
    def _end_turn(self) -> None:
        n = self.cfg.num_players
        self.active = (self.active + 1) % n
        self.to_move = self.active
        self.turn_actions = 0
        self.dice = None
        self.d6 = 0
        self.phase = EXPANSION
        if self.active == self.first:
            self.round += 1
            if self.round >= self.cfg.max_rounds:  # RA-R45: the safeguard ends in a draw
                self.phase = OVER

    def _check_win(self) -> None:
        """RA-R43: a rabbit, sheep, cow and horse placed; first in turn order from the active."""
        n = self.cfg.num_players
        placed = self.placed
        for i in range(n):
            seat = (self.active + i) % n
            b = 4 * seat
            if placed[b] and placed[b + 1] and placed[b + 2] and placed[b + 3]:
                self.winner = seat
                self.phase = OVER
                return
