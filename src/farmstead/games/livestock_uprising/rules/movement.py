"""Livestock Uprising: movement (LU §6): where a piece may step, stop, attack or fly, its step
limit, and moving it on the board."""

from __future__ import annotations

from farmstead.games.livestock_uprising.layout import BARN, NO, SUPER_ARMY
from farmstead.games.livestock_uprising.rules.records import Turn
from farmstead.games.livestock_uprising.rules.state import RulesState


class MovementRules(RulesState):
    """Movement (LU §6): the legality of a step, an attack and a flight, a piece's step
    limit, and ``_move_piece``, which moves a piece and keeps ``occ`` right."""

    __slots__ = ()

    def enterable(self, pid: int, cell: int) -> bool:
        """Whether ``pid`` may step onto ``cell`` at all (terrain and barns, LU-R31), whatever
        stands there."""
        tile = self.tiles[cell]
        if tile >= BARN:
            return tile - BARN == pid // 4 or pid % 4 == SUPER_ARMY
        return tile >= 0 and self.cfg.tile_open[tile]

    def stoppable(self, pid: int, cell: int) -> bool:
        """Whether ``pid`` may end a move on ``cell`` (LU-R31, LU-R32)."""
        if not self.enterable(pid, cell):
            return False
        other = self.cell_piece[cell]
        if other in (NO, pid):
            return True
        # Only own Generals share their own barn (LU-R32).
        if other // 4 != pid // 4 or pid % 4 == SUPER_ARMY or other % 4 == SUPER_ARMY:
            return False
        return self.tiles[cell] == BARN + pid // 4

    def _enemy_at(self, pid: int, cell: int) -> bool:
        other = self.cell_piece[cell]
        return other != NO and other // 4 != pid // 4

    def attack_ok(
        self, pid: int, origin: int, cell: int, steps: int, limit: int, attacks: int
    ) -> bool:
        """Whether a step from ``origin`` onto enemy-held ``cell`` is a legal attack (LU-R33,
        LU-R35, LU-R39; FREE_ATTACK_STEP). The attacker must be able to stand on ``origin``,
        where it stays unless it wins (LU-R32, LU-R46): not while passing through a friend."""
        if attacks <= 0 or not self.can_attack(pid) or not self.enterable(pid, cell):
            return False
        if not self.stoppable(pid, origin):
            return False
        budget = steps if self.has_effect(pid, "FREE_ATTACK_STEP") else steps + 1
        return budget <= limit

    def _flies(self, pid: int) -> bool:
        return self.has_effect(pid, "FLY_OVER")

    def continues(
        self, pid: int, cell: int, steps: int, limit: int, attacks: int, flies: bool | None = None
    ) -> bool:
        """Whether a piece standing on ``cell`` (passing through) after ``steps`` steps has a
        legal way to finish its action (LU-R34, LU-R101). ``flies``: whether it carries FLY_OVER
        (found when not given)."""
        if steps >= limit:
            return attacks > 0 and any(
                n != NO
                and self._enemy_at(pid, n)
                and self.attack_ok(pid, cell, n, steps, limit, attacks)
                for n in self.cfg.neighbours[cell]
            )
        if flies is None:
            flies = self._flies(pid)
        for n in self.cfg.neighbours[cell]:
            if n == NO:
                continue
            if self._enemy_at(pid, n):
                if self.attack_ok(pid, cell, n, steps, limit, attacks):
                    return True
                if (
                    flies
                    and steps + 1 < limit
                    and self.continues(pid, n, steps + 1, limit, attacks, flies)
                ):
                    return True
                continue
            if self.stoppable(pid, n):
                return True
            if (
                (self.enterable(pid, n) or flies)
                and steps + 1 < limit
                and self.continues(pid, n, steps + 1, limit, attacks, flies)
            ):
                return True
        return False

    def step_kind(
        self, pid: int, d: int, steps: int, limit: int, attacks: int, flies: bool | None = None
    ) -> int:
        """What STEP(d) would be now: 0 illegal, 1 a move, 2 an attack."""
        cell = self.piece_cell[pid]
        n = self.cfg.neighbours[cell][d]
        if n == NO:
            return 0
        if self._enemy_at(pid, n):
            return 2 if self.attack_ok(pid, cell, n, steps, limit, attacks) else 0
        if not self.enterable(pid, n) or steps + 1 > limit:
            return 0
        if self.stoppable(pid, n) or self.continues(pid, n, steps + 1, limit, attacks, flies):
            return 1
        return 0

    def fly_ok(
        self, pid: int, d: int, steps: int, limit: int, attacks: int, flies: bool | None = None
    ) -> bool:
        """FLY(d) (LU-R37): a Sky Hen passes over a cell it may not stop on: blocked, an enemy
        barn, or enemy-held; it needs a step left and a way to finish. ``flies``: whether the
        piece carries FLY_OVER (found when not given)."""
        if not (self._flies(pid) if flies is None else flies):
            return False
        n = self.cfg.neighbours[self.piece_cell[pid]][d]
        if n == NO or steps + 1 >= limit:
            return False
        if self.enterable(pid, n) and not self._enemy_at(pid, n):
            return False  # an ordinary step goes there
        return self.continues(pid, n, steps + 1, limit, attacks, True)

    def step_limit(self, pid: int, turn: Turn) -> int:
        """LU-R30: 2 for a General (3 with Rocket Rooster), 3 for a Super Army (6 with
        Blitzkrieg); +2 with Forced March. ``turn``: the turn in progress."""
        play = self.cfg.catalog.play
        slot = pid % 4
        if slot == SUPER_ARMY:
            limit = play.blitzkrieg_steps if turn.blitz else play.super_army_steps
        elif self.has_effect(pid, "MOVE_BASE_3"):
            limit = play.rocket_rooster_steps
        else:
            limit = play.general_steps
        if turn.forced[slot]:
            limit += play.forced_march_steps
        return limit

    def _can_act(self, pid: int, turn: Turn) -> bool:
        """Whether a piece not yet acted in ``turn`` (the turn in progress) has at least one
        legal step."""
        limit = self.step_limit(pid, turn)
        attacks = 2 if pid % 4 == SUPER_ARMY and turn.blitz else 1
        flies = self._flies(pid)
        if self._open_neighbour(pid) or any(
            self.step_kind(pid, d, 0, limit, attacks, flies) for d in range(8)
        ):
            return True
        if flies:
            for d in range(8):
                if self.fly_ok(pid, d, 0, limit, attacks, flies):
                    return True
        return False

    def _open_neighbour(self, pid: int) -> bool:
        """Whether an empty cell next to ``pid`` may be stood on: a step there is legal for any
        piece that has a step left (LU-R31, LU-R32)."""
        occ = self.cell_piece
        tiles = self.tiles
        tile_open = self.cfg.tile_open
        seat_barn = BARN + pid // 4
        super_army = pid % 4 == SUPER_ARMY
        for n in self.cfg.neighbours[self.piece_cell[pid]]:
            if n != NO and occ[n] == NO:
                tile = tiles[n]
                if tile == seat_barn or (
                    tile >= BARN and super_army or 0 <= tile < BARN and tile_open[tile]
                ):
                    return True
        return False

    def _move_piece(self, pid: int, cell: int) -> None:
        """Put ``pid`` on ``cell`` (NO: off the board), keeping ``occ`` right."""
        old = self.piece_cell[pid]
        self.piece_cell[pid] = cell
        occ = self.cell_piece
        if old != NO and occ[old] == pid:
            occ[old] = NO
            for other, at in enumerate(self.piece_cell):
                if at == old:
                    occ[old] = other
                    break
        if cell != NO and occ[cell] == NO:
            occ[cell] = pid

    def _move_options_beyond_stop(self, pid: int, turn: Turn) -> bool:
        """Whether the piece acting in ``turn`` (the turn in progress) has any legal step left
        (an attack within its budget)."""
        return any(
            self.step_kind(pid, d, turn.steps, turn.limit, turn.attacks)
            or self.fly_ok(pid, d, turn.steps, turn.limit, turn.attacks)
            for d in range(8)
        )
