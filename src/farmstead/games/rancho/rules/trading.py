"""Rancho's transactions with the central herd: exchanges, pasture purchases and passage
routes, and settling them (RA-R10 … RA-R23, rancho.md 9.1 … 9.3)."""

from __future__ import annotations

from farmstead.games.rancho.actions import CANCEL, CONFIRM, GIVE_BASE, RECEIVE_BASE
from farmstead.games.rancho.board import iter_bits
from farmstead.games.rancho.layout import EMPTY, NO_ROUTE, RABBIT, SMALL_DOG
from farmstead.games.rancho.routes import chain_fees, first_links
from farmstead.games.rancho.rules.pieces import RanchoPieces


class RanchoTrading(RanchoPieces):
    """The open transaction: its legal steps, its balance, its purchases and its settling."""

    __slots__ = ()

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
