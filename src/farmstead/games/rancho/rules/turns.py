"""Rancho's turn: who moves, the legal actions of each phase, chance outcomes, applying
an action, the end of a turn and the win (RA-R8, RA-R28, RA-R29, RA-R43, RA-R45)."""

from __future__ import annotations

from farmstead.core.game import PlayerId, TurnMark
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
from farmstead.games.rancho.layout import (
    ANIMALS,
    CHANCE_PHASES,
    COW,
    D6,
    DICE,
    DOG,
    EXPANSION,
    FIRST_PLAYER,
    FOX,
    HORSE,
    ORDER,
    OVER,
    PLACEMENT,
    RABBIT,
    SHEEP,
    WOLF,
)
from farmstead.games.rancho.rules.predators import RanchoPredators
from farmstead.games.rancho.rules.trading import RanchoTrading


class RanchoTurns(RanchoTrading, RanchoPredators):
    """Who moves, what is legal, and applying actions and chance outcomes in every phase."""

    __slots__ = ()

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

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == DICE:
            return self.cfg.d12_outcomes
        if self.phase == D6:
            return self.cfg.d6_outcomes
        n = self.cfg.num_players
        return [(seat, 1.0 / n) for seat in range(n)]

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
