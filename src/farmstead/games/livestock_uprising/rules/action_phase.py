"""Livestock Uprising: the Action Phase (LU §5, LU §6): choosing a piece to act (or forming the
Super Army), and its steps, attacks and flights until its action ends."""

from __future__ import annotations

from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.layout import (
    BARN,
    FORMING,
    MOVE,
    NO,
    SUPER_ARMY,
    W_OWN_ACTION,
    W_OWN_ANY,
)
from farmstead.games.livestock_uprising.rules.battles import BattleRules
from farmstead.games.livestock_uprising.rules.records import DONE, READY, Turn


class ActionPhaseRules(BattleRules):
    """The decisions of the Action Phase: ACTION (which piece acts) and MOVE (its steps)."""

    __slots__ = ()

    def _action_options(self) -> list[int]:
        """ACTION: a piece that can still act, forming the Super Army, the cards of the
        phase, or END."""
        seat = self.decider
        base = self.cfg.layout.base
        turn = self.current_turn
        opts = []
        for slot in range(4):
            pid = 4 * seat + slot
            if (
                self.piece_cell[pid] != NO
                and turn.acted[slot] == READY
                and self._can_act(pid, turn)
            ):
                opts.append(base[act.PIECE] + slot)
        if self._can_form(seat):
            opts.append(base[act.FORM])
        opts.append(base[act.END])
        opts += self._card_options(seat, (W_OWN_ACTION, W_OWN_ANY))
        return sorted(opts)

    def _move_options(self) -> list[int]:
        """MOVE: the acting piece's legal steps (attacks included) and flights, and STOP where
        it may end its move."""
        turn = self.current_turn
        pid = 4 * self.active + turn.piece
        base = self.cfg.layout.base
        opts = []
        flies = self._flies(pid)
        steps, limit, attacks = turn.steps, turn.limit, turn.attacks
        step = base[act.STEP]
        occ = self.cell_piece
        tiles = self.tiles
        tile_open = self.cfg.tile_open
        seat_barn = BARN + pid // 4
        super_army = pid % 4 == SUPER_ARMY
        for d, n in enumerate(self.cfg.neighbours[self.piece_cell[pid]]):
            if n == NO:
                continue
            if occ[n] == NO and steps < limit:
                # the common case: an empty cell it may stand on is a legal step (LU-R31)
                tile = tiles[n]
                if tile == seat_barn or (
                    tile >= BARN and super_army or 0 <= tile < BARN and tile_open[tile]
                ):
                    opts.append(step + d)
                    continue
            if self.step_kind(pid, d, steps, limit, attacks, flies):
                opts.append(step + d)
        if flies:
            fly = base[act.FLY]
            for d in range(8):
                if self.fly_ok(pid, d, steps, limit, attacks, flies):
                    opts.append(fly + d)
        if self.stoppable(pid, self.piece_cell[pid]):
            opts.append(base[act.STOP])
        return opts

    def _apply_action_top(self, kind: int, arg: int) -> None:
        """ACTION: on to the harvest (END), forming the Super Army (FORM), or a piece's action
        (PIECE)."""
        seat = self.active
        turn = self.current_turn
        if kind == act.END:
            self._enter_harvest()
        elif kind == act.FORM:
            self.phase = FORMING
            self._settle_forming()
        else:  # PIECE: select it (LU-R28)
            pid = 4 * seat + arg
            turn.piece = arg
            turn.started[arg] = True
            turn.steps = 0
            turn.limit = self.step_limit(pid, turn)
            turn.attacks = 2 if arg == SUPER_ARMY and turn.blitz else 1
            turn.moved = False
            self.phase = MOVE

    def _apply_move(self, kind: int, arg: int) -> None:
        """MOVE: a step (an attack when an enemy stands there), a flight, or STOP; the action
        ends by itself once no step is left."""
        turn = self.current_turn
        pid = 4 * self.active + turn.piece
        if kind == act.STOP:
            self._finish_action(pid, turn)
            return
        target = self.cfg.neighbours[self.piece_cell[pid]][arg]
        if kind == act.STEP and self._enemy_at(pid, target):
            if not self.has_effect(pid, "FREE_ATTACK_STEP"):
                turn.steps += 1
            turn.attacks -= 1
            turn.moved = False  # an action ending in an attack is not a move (CC14)
            self._start_battle(pid, target, ambush=False)
            return
        turn.steps += 1
        turn.moved = True
        self._move_piece(pid, target)
        if turn.steps >= turn.limit and not self._move_options_beyond_stop(pid, turn):
            self._finish_action(pid, turn)

    def _finish_action(self, pid: int, turn: Turn) -> None:
        """The piece's action in ``turn`` (the turn in progress) is over (LU-R28); an enemy may
        Ambush a piece that moved."""
        turn.acted[pid % 4] = DONE
        turn.piece = NO
        moved = turn.moved
        turn.moved = False
        if moved and self.piece_cell[pid] != NO:
            self._offer_ambush(pid)
        else:
            self._back_to_action()
