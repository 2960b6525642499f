"""Livestock Uprising: turns (LU §5): a turn's start and end, the turn order and rounds, the
entries into the turn's phases (each skipped when it has nothing to decide), and the Ambush
offer when a piece ends a move (LU-R77 ENEMY_MOVE_END)."""

from __future__ import annotations

from farmstead.games.livestock_uprising.grid import chebyshev
from farmstead.games.livestock_uprising.layout import (
    ACTION,
    AMBUSH,
    HARVEST,
    MARSHAL,
    NO,
    OVER,
    TRANSFER,
)
from farmstead.games.livestock_uprising.rules.records import READY, Turn
from farmstead.games.livestock_uprising.rules.super_army import SuperArmyRules
from farmstead.games.livestock_uprising.rules.victory import VictoryRules


class TurnRules(SuperArmyRules, VictoryRules):
    """The flow of a turn: who plays next, and which phase of the turn asks for a
    decision."""

    __slots__ = ()

    # --- turns (LU §5) --------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: effects lasting until now end (LU-R23); a lost turn is
        skipped (LU-R24)."""
        while True:
            self.active = seat
            for slot in range(4):
                self.fortified[4 * seat + slot] = False
            self.shield[seat] = False
            scorched = self.scorched
            for cell in range(len(scorched)):
                if scorched[cell] == seat:
                    scorched[cell] = NO
            if self.turns_lost[seat] > 0:
                self.turns_lost[seat] -= 1
                nxt = self._next_seat(seat)
                if nxt == NO:
                    return
                seat = nxt
                continue
            break
        self.turn = Turn(self.cfg.catalog.play.transfers)
        self.decider = seat
        self._enter_action()

    def _next_seat(self, seat: int) -> int:
        """The next alive seat in turn order; ends a round (LU-R26) and the game at the
        stalemate limit (LU-R98). Returns NO when the game ended."""
        n = self.cfg.num_players
        rel = (seat - self.first) % n
        for i in range(1, n + 1):
            t = (seat + i) % n
            if self.alive[t]:
                if (t - self.first) % n <= rel:
                    if self.round >= self.cfg.round_limit:
                        self._stalemate()
                        return NO
                    self.round += 1
                return t
        raise AssertionError("no faction is alive")

    def _end_turn(self) -> None:
        """The turn is over: the next alive seat's turn begins, or the game ends."""
        self.turn = None
        nxt = self._next_seat(self.active)
        if nxt != NO:
            self._begin_turn(nxt)

    # --- phase entries (auto-skipping a phase with nothing to decide) ---------------------
    def _enter_action(self) -> None:
        """The Action Phase's top-level decision, unless nothing could be done at it."""
        seat = self.active
        self.phase = ACTION
        self.decider = seat
        if self._has_cards(seat) or self._can_form(seat):
            return
        turn = self.current_turn
        for slot in range(4):
            pid = 4 * seat + slot
            if (
                self.piece_cell[pid] != NO
                and turn.acted[slot] == READY
                and self._can_act(pid, turn)
            ):
                return
        self._enter_harvest()

    def _enter_harvest(self) -> None:
        """LU-R65: harvest resolves by itself; the one decision is playing harvest cards first,
        offered whenever the player holds a hidden card (prompt hygiene)."""
        if self._has_cards(self.active):
            self.phase = HARVEST
            self.decider = self.active
            return
        self._resolve_harvest()
        self._enter_marshal()

    def _enter_marshal(self) -> None:
        """The Marshal Phase's decision, unless nothing could be done at it."""
        seat = self.active
        self.phase = MARSHAL
        self.decider = seat
        if self._has_cards(seat) or self._marshal_options(seat, forming=False):
            return
        self._enter_transfer()

    def _enter_transfer(self) -> None:
        """The Transfer Phase's decision, unless nothing could be done at it (the turn ends)."""
        seat = self.active
        self.phase = TRANSFER
        self.decider = seat
        turn = self.current_turn
        if self._has_cards(seat) or (turn.transfers > 0 and self._transfer_sources(seat)):
            return
        self._end_turn()

    def _back_to_action(self) -> None:
        """After a piece's action, a card, or an out-of-turn battle: the Action Phase goes on
        (or the turn ends when the active faction was eliminated)."""
        if self.phase == OVER:
            return
        if not self.alive[self.active]:
            self._end_turn()
            return
        self._enter_action()

    # --- ambush (CC14, ENEMY_MOVE_END) ----------------------------------------------------
    def _ambushers(self, seat: int, target: int) -> list[int]:
        """``seat``'s pieces next to ``target`` that could attack it (LU-R39, LU-R33)."""
        cell = self.piece_cell[target]
        out = []
        for slot in range(4):
            pid = 4 * seat + slot
            at = self.piece_cell[pid]
            if at == NO or chebyshev(at, cell, self.cfg.side) != 1:
                continue
            if self.can_attack(pid) and self.enterable(pid, cell):
                out.append(pid)
        return out

    def _offer_ambush(self, moved: int) -> None:
        """LU-R77 ENEMY_MOVE_END: each other seat with a piece that could attack the piece that
        just ended a move next to it, and holding any hidden card, is asked in seat order."""
        n = self.cfg.num_players
        queue = []
        for i in range(1, n):
            seat = (self.active + i) % n
            if self.alive[seat] and self._has_cards(seat) and self._ambushers(seat, moved):
                queue.append(seat)
        if not queue:
            self._back_to_action()
            return
        self.ambush = queue
        self.ambush_target = moved
        self.phase = AMBUSH
        self.decider = queue[0]
