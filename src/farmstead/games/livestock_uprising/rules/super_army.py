"""Livestock Uprising: forming a Super Army (LU §12, LU-R79, LU-R80)."""

from __future__ import annotations

from typing import Self

from farmstead.games.livestock_uprising.layout import DRAW_PLAN, GENERALS, NO, SUPER_ARMY
from farmstead.games.livestock_uprising.rules.economy import EconomyRules
from farmstead.games.livestock_uprising.rules.movement import MovementRules
from farmstead.games.livestock_uprising.rules.records import DONE


class SuperArmyRules(EconomyRules, MovementRules):
    """When a seat may form its Super Army, and the forming itself: recruits marshaled
    straight into it, then the Generals merged on the barn."""

    __slots__ = ()

    def _can_form(self, seat: int) -> bool:
        """LU-R79: every remaining General is in the barn, and no Super Army yet. They must
        hold at least one unit: a Super Army without troops is removed from the game (LU-R87,
        rulebook "if a Super Army loses all of its Troops"), so none is formed without any
        (PROPOSED reading)."""
        if self.piece_cell[4 * seat + SUPER_ARMY] != NO:
            return False
        generals = self.generals_on_board(seat)
        return (
            bool(generals)
            and all(self.piece_cell[g] == self.barn[seat] for g in generals)
            and any(self.units[g] for g in generals)
        )

    def preview_forming(self) -> Self:
        """A copy of this position in which the Super Army being formed (phase FORMING) has
        formed now, without more recruits; for evaluations that look one decision ahead."""
        s = self.clone()
        s._legal_cache = None
        s._complete_forming()
        return s

    def _settle_forming(self) -> None:
        """Forming step 1 goes on while there is something to decide: a unit to marshal, or
        (prompt hygiene) any hidden card held; otherwise the army forms."""
        seat = self.active
        if not self._marshal_options(seat, forming=True) and not self._has_cards(seat):
            self._complete_forming()

    def _complete_forming(self) -> None:
        """LU-R80 steps 2-6: tokens back, units merged, the Super Army on the barn."""
        seat = self.active
        turn = self.current_turn
        for r in range(5):
            self.supply[r] += self.tokens[5 * seat + r]
            self.tokens[5 * seat + r] = 0
        merged: list[int] = list(turn.recruits)
        turn.recruits = []
        for pid in self.generals_on_board(seat):
            merged.extend(self.units[pid])
            self.units[pid] = ()
            self._move_piece(pid, NO)
        sa = 4 * seat + SUPER_ARMY
        self.units[sa] = tuple(merged)
        self._move_piece(sa, self.barn[seat])
        turn.acted[SUPER_ARMY] = DONE  # it may not move this turn (LU-R79)
        for slot in range(GENERALS):
            turn.acted[slot] = DONE
        self.phase = DRAW_PLAN
        self.decider = NO
