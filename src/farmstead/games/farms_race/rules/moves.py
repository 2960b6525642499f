"""Moves (FR-5.3): a move assembled source by source, then confirmed into one's own or an
empty region, onto a building alone (FR-R2), or into a combat; and Adorable's peeks at the
tokens in its regions (FR-11).
"""

from __future__ import annotations

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.actions import CANCEL, CONFIRM, SOURCE, TAKE
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ADORABLE,
    HUMANS,
    NO,
    PEEK,
    REVEAL,
    ROLL_ATTACKER,
)
from farmstead.games.farms_race.rules.board import BoardRules
from farmstead.games.farms_race.rules.combat import CombatRules
from farmstead.games.farms_race.rules.setup import SetupRules
from farmstead.games.farms_race.rules.spies import SpyRules
from farmstead.games.farms_race.rules.victory import VictoryRules


class MoveRules(SetupRules, CombatRules, SpyRules, VictoryRules, BoardRules):
    """A move of herds, and the return to the Actions phase after it."""

    __slots__ = ()

    def _apply_move(self, kind: int, arg: int) -> None:
        if kind == SOURCE:
            self.move_src = arg
        elif kind == TAKE:
            src = self.move_src
            sel = list(self.move_sel)
            for i, (o, h, inj) in enumerate(sel):
                if o == src:
                    sel[i] = (o, h + (arg == 0), inj + (arg == 1))
                    break
            else:
                sel.append((src, int(arg == 0), int(arg == 1)))
            self.move_sel = tuple(sel)
        elif kind == CONFIRM:
            self._confirm_move()
        elif kind == CANCEL:
            self.cancels += 1
            self._end_move()
        else:
            raise IllegalActionError(f"action kind {kind} is not a move choice")

    def _end_move(self) -> None:
        self.move_dest = NO
        self.move_src = NO
        self.move_sel = ()
        self.phase = ACTIONS

    def _confirm_move(self) -> None:
        a = self.active
        d = self.move_dest
        owner = self.owner
        healthy = injured = 0
        for o, h, i in self.move_sel:
            self.healthy_ready[o] -= h
            self.injured_ready[o] -= i
            healthy += h
            injured += i
            self._update_owner(o)
        origins = tuple((o, h + i) for o, h, i in self.move_sel)
        self._end_move()
        holder = owner[d]
        adorable = self.mutation[a] == ADORABLE
        if holder == a or (holder == NO and (adorable or not self.has_token(d))):
            # A plain move (FR-R3): into one's own region or an empty one; Adorable walks in
            # among humans without combat (FR-R26).
            self.healthy_acted[d] += healthy
            self.injured_acted[d] += injured
            owner[d] = a
            self._settle()
            return
        self.attacked |= 1 << d
        humans = self.has_token(d)  # Adorable's humans defend its region (FR-11)
        if holder != NO and not (self.healthy_ready[d] or self.injured_ready[d]) and not humans:
            # FR-R2: only a building: captured without dice, the building destroyed.
            self._destroy_building(d)
            self.healthy_acted[d] += healthy
            self.injured_acted[d] += injured
            owner[d] = a
            self._check_eliminated(holder)
            return
        self.combat_region = d
        self.combat_attackers = (healthy, injured)
        self.combat_origins = origins
        self.combat_round = 0
        self.combat_roll_outcomes = (NO, NO)
        if holder == NO:
            self.combat_defender = HUMANS
        else:
            self.combat_defender = (
                holder if self.healthy_ready[d] or self.injured_ready[d] else HUMANS
            )
            if humans:
                self.combat_adorable = holder
        if humans and self.face_down >> d & 1:
            if self.peeked >> d & 1:
                self._reveal(self.token[d])  # Adorable's peeked token: its value goes public
                return
            self.phase = REVEAL  # FR-6.1: the token is revealed only now
            self.decider = NO
            return
        self.combat_humans = self.token[d]
        self.phase = ROLL_ATTACKER
        self.decider = NO

    def _peek_region(self) -> int:
        """A region of Adorable's holding a face-down token it has not peeked at, or NO."""
        m = self.face_down & ~self.peeked
        while m:
            low = m & -m
            r = low.bit_length() - 1
            o = self.owner[r]
            if o != NO and self.mutation[o] == ADORABLE:
                return r
            m ^= low
        return NO

    def _settle(self) -> None:
        """Back to the active player's Actions phase, once Adorable has peeked at any new
        token in its regions (FR-11)."""
        if self._peek_region() != NO:
            self.phase = PEEK
            self.decider = NO
            return
        self.phase = ACTIONS
        self.decider = self.active
        self._auto_reveal()

    def _peek(self, value: int) -> None:
        """FR-11: Adorable looks at a face-down token in its region; only it knows the value."""
        r = self._peek_region()
        self.token[r] = value
        self.peeked |= 1 << r
        if self.round == 0:
            self._next_setup_seat()
        else:
            self._settle()
