"""Livestock Uprising: a battle after its outcome (LU-R38): casualties (LU-R52 … LU-R56),
destroyed pieces (LU-R86, LU-R87), retreat and advance (LU-R46 … LU-R51, LU-R88), plunder
(LU-R60), Egg Bomber's step, and the battle's end (LU-R38 steps 13-14)."""

from __future__ import annotations

from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.layout import (
    ATTACKER_WINS,
    BARN,
    CANCELLED,
    CASUALTY,
    DEFENDER_WINS,
    MOVE,
    NO,
    POST_STEP,
    RETREAT,
    SUPER_ARMY,
)
from farmstead.games.livestock_uprising.rules.records import DONE, Battle
from farmstead.games.livestock_uprising.rules.strength import StrengthRules
from farmstead.games.livestock_uprising.rules.turns import TurnRules


class AftermathRules(TurnRules, StrengthRules):
    """The steps of a battle once its outcome is known (``BattleRules`` runs them in order);
    a step that may wait for a decision returns True when it does."""

    __slots__ = ()

    # --- casualties (LU-R52 … LU-R56) -----------------------------------------------------
    def _owe_casualties(self, b: Battle) -> None:
        """The casualties each losing piece owes (LU-R52); none after a tie or a cancelled
        battle."""
        count = self._casualty_count(b)
        if b.outcome == DEFENDER_WINS:
            b.owed = [[b.attacker, count]] + [[p, count] for p in b.joiners]
        elif b.outcome == ATTACKER_WINS:
            if len(b.defenders) == 1:
                b.owed = [[b.defenders[0], count]]
            else:
                b.owed = [[NO, count]]  # the barn group, from any member (LU-R88)
        else:
            b.owed = []

    def _group_units(self, b: Battle, pid: int) -> list[tuple[int, int]]:
        """(piece, unit) pairs a casualty may be taken from."""
        pieces = b.defenders if pid == NO else [pid]
        return [(p, u) for p in pieces for u in self.units[p]]

    def _next_casualty(self, b: Battle) -> bool:
        """Take casualties until a choice is due (LU-R53): True when waiting for one."""
        while b.owed:
            pid, count = b.owed[0]
            pairs = self._group_units(b, pid)
            if count <= 0 or not pairs:
                b.owed.pop(0)
                continue
            kinds = set(pairs)
            if count >= len(pairs) or len(kinds) == 1:
                p, u = pairs[0]
                self._lose_unit(p, u)
                b.taken.append((p, u))
                b.owed[0][1] -= 1
                continue
            self.phase = CASUALTY
            self.decider = (pid if pid != NO else b.defenders[0]) // 4
            return True
        return False

    def _casualty_options(self) -> list[int]:
        """CASUALTY: the unit types of the piece owing a casualty, or (a barn group) each
        member's unit types."""
        b = self.current_battle
        pid = b.owed[0][0]
        layout = self.cfg.layout
        if pid == NO:
            return sorted({layout.member(p % 4, u) for p, u in self._group_units(b, NO)})
        return [layout.base[act.UNIT] + u for u in sorted(set(self.units[pid]))]

    # --- destroyed pieces, retreat and advance --------------------------------------------
    def _destroy(self, b: Battle) -> None:
        """LU-R86: a Super Army's attack destroys every defending General left with no unit;
        LU-R87: a Super Army without units is removed."""
        if b.attacker % 4 == SUPER_ARMY:
            for pid in b.defenders:
                if pid % 4 != SUPER_ARMY and not self.units[pid] and self.piece_cell[pid] != NO:
                    self._move_piece(pid, NO)
                    b.destroyed.append(pid)
        for pid in (b.attacker, *b.joiners, *b.defenders):
            if pid % 4 == SUPER_ARMY and not self.units[pid] and self.piece_cell[pid] != NO:
                self._move_piece(pid, NO)
                b.destroyed.append(pid)

    def retreat_dirs(self, pid: int, b: Battle) -> list[int]:
        """LU-R49: directions to an empty neighbour of the defender's cell where it could end a
        move (its own barn counts as empty while no enemy stands there)."""
        cell = self.piece_cell[pid]
        out = []
        for d, n in enumerate(self.cfg.neighbours[cell]):
            if n == NO or n == b.origin:
                continue
            occupant = self.cell_piece[n]
            if occupant != NO and not (
                occupant // 4 == pid // 4 and self.tiles[n] == BARN + pid // 4
            ):
                continue
            if self.stoppable(pid, n):
                out.append(d)
        return out

    def _positions(self, b: Battle) -> bool:
        """LU-R46 … LU-R51, LU-R88: retreat and advance. True when a retreat choice is due."""
        if b.outcome != ATTACKER_WINS:
            return False
        defenders = [p for p in b.defenders if self.piece_cell[p] != NO]
        if self.is_barn_group(b):  # survivors stay (LU-R88)
            if not defenders and not b.ambush:
                self._move_piece(b.attacker, b.target)
            return False
        if not defenders:  # destroyed or eliminated: the attacker advances (LU-R51)
            if not b.ambush and self.piece_cell[b.attacker] != NO:
                self._move_piece(b.attacker, b.target)
            return False
        d = defenders[0]
        if d % 4 != SUPER_ARMY and self.has_effect(d, "HOLD_GROUND"):
            return False
        dirs = self.retreat_dirs(d, b)
        if len(dirs) > 1:
            self.phase = RETREAT
            self.decider = d // 4
            return True
        if dirs:
            self._retreat(d, self.cfg.neighbours[b.target][dirs[0]])
            return False
        # LU-R50: no retreat cell: swap, unless the defender may not stand on the origin.
        if b.ambush or not self.stoppable_after_swap(d, b.origin):
            return False
        attacker = b.attacker
        self._move_piece(attacker, NO)
        self._move_piece(d, b.origin)
        self._move_piece(attacker, b.target)
        return False

    def is_barn_group(self, b: Battle) -> bool:
        """Whether the defenders are the Generals of the barn they stand in (LU-R88); a Super
        Army in its own barn defends alone (LU-R94)."""
        return (
            b.barn
            and self.barn_owner(b.target) == b.defenders[0] // 4
            and all(p % 4 != SUPER_ARMY for p in b.defenders)
        )

    def stoppable_after_swap(self, pid: int, cell: int) -> bool:
        """Whether ``pid`` could stand on ``cell`` once the attacker has left it (LU-R50): a
        cell it may enter where nobody but the attacker stands (LU-R32)."""
        b = self.current_battle
        others = [p for p in self.pieces_at(cell) if p != b.attacker]
        return self.enterable(pid, cell) and not others

    def _retreat(self, pid: int, cell: int) -> None:
        """The defender retreats to ``cell``; the attacker advances unless it ambushed."""
        b = self.current_battle
        self._move_piece(pid, cell)
        if not b.ambush:
            self._move_piece(b.attacker, b.target)

    # --- plunder, Egg Bomber's step and the end -------------------------------------------
    def _queue_war_boar(self, b: Battle) -> None:
        """War Boar (PLUNDER_1): the winning General's owner takes 1 token from the loser's
        owner (LU-R60), after any Supply Raid."""
        if b.outcome == ATTACKER_WINS:
            winners, loser = [b.attacker], b.defenders[0] // 4
        elif b.outcome == DEFENDER_WINS:
            winners, loser = b.defenders, b.attacker // 4
        else:
            return
        live = [p for p in winners if self.piece_cell[p] != NO and p % 4 != SUPER_ARMY]
        if any(self.has_effect(p, "PLUNDER_1") for p in live):
            b.plunder.append([live[0] // 4, loser, 1, False])

    def _egg_bomber(self, b: Battle) -> bool:
        """POST_BATTLE_STEP: after this General attacks, one more step, not an attack."""
        pid = b.attacker
        if (
            b.ambush
            or pid % 4 == SUPER_ARMY
            or self.piece_cell[pid] == NO
            or not self.has_effect(pid, "POST_BATTLE_STEP")
        ):
            return False
        self.phase = POST_STEP
        self.decider = pid // 4
        return True

    def _end_battle(self, b: Battle) -> None:
        """LU-R38 steps 13-14: elimination, then the attacker's action ends, except that a
        Blitzkrieg Super Army keeps stepping after its first attack."""
        self.battle = None
        if self._check_elimination():
            return
        if b.ambush:
            self._back_to_action()
            return
        attacker = b.attacker
        slot = attacker % 4
        turn = self.current_turn
        if (
            b.outcome != CANCELLED
            and slot == SUPER_ARMY
            and turn.blitz
            and turn.attacks > 0
            and self.alive[self.active]
            and self.piece_cell[attacker] != NO
            and self._move_options_beyond_stop(attacker, turn)
        ):
            self.phase = MOVE
            self.decider = self.active
            return
        turn.acted[slot] = DONE
        turn.piece = NO
        turn.moved = False
        if b.stepped and self.piece_cell[attacker] != NO:
            self._offer_ambush(attacker)  # Egg Bomber's step ended a move
        else:
            self._back_to_action()
