"""Livestock Uprising: the end of the game: elimination (LU-R95 … LU-R97) and the stalemate
ranking at the round limit (LU-R98)."""

from __future__ import annotations

from farmstead.games.livestock_uprising.layout import NO, OVER
from farmstead.games.livestock_uprising.rules.movement import MovementRules
from farmstead.games.livestock_uprising.rules.state import IN_RESERVE, REMOVED


class VictoryRules(MovementRules):
    """Eliminating a faction, and ending the game with its winners."""

    __slots__ = ()

    def _stalemate(self) -> None:
        """LU-R98: rank the survivors by units, then printed ATK+DEF, then tokens; ties share."""

        def score(seat: int) -> tuple[int, int, int]:
            units = [u for slot in range(4) for u in self.units[4 * seat + slot]]
            cfg = self.cfg
            return (
                len(units),
                sum(cfg.atk[u] + cfg.defence[u] for u in units),
                sum(self.tokens[5 * seat : 5 * seat + 5]),
            )

        alive = [seat for seat in range(self.cfg.num_players) if self.alive[seat]]
        best = max(score(seat) for seat in alive)
        self._finish(tuple(seat for seat in alive if score(seat) == best))

    def _finish(self, winners: tuple[int, ...]) -> None:
        """The game is over: ``winners`` win; nothing is in progress any more."""
        self.winners = winners
        self.phase = OVER
        self.decider = NO
        self.turn = None
        self.battle = None
        self.card = None
        self.ambush = []
        self.ambush_target = NO

    def _eliminate(self, seat: int) -> None:
        """LU-R96: troops back to the supply; Special Forces, cards and tokens leave; the barn
        becomes an empty field."""
        cfg = self.cfg
        self.alive[seat] = False
        for slot in range(4):
            pid = 4 * seat + slot
            for u in self.units[pid]:
                if u < cfg.troop_types:
                    self.troops[u] += 1
                else:
                    self.special_forces[u] = REMOVED
            self.units[pid] = ()
            if self.piece_cell[pid] != NO:
                self._move_piece(pid, NO)
            self.fortified[pid] = False
        for u in cfg.faction_sf[self.faction[seat]]:
            if self.special_forces[u] == IN_RESERVE:
                self.special_forces[u] = REMOVED
        for card in self.holds(seat):
            self.gone.append((card, seat, NO))
            self._forget(seat, card)
        self.hands[seat] = ()
        self.plans[seat] = NO
        for r in range(5):
            self.supply[r] += self.tokens[5 * seat + r]
            self.tokens[5 * seat + r] = 0
        self.turns_lost[seat] = 0
        self.shield[seat] = False
        empty = cfg.catalog.tile_types.index("empty")
        self.tiles[self.barn[seat]] = empty
        for cell in range(cfg.cells):
            if self.scorched[cell] == seat:
                self.scorched[cell] = NO

    def _check_elimination(self) -> bool:
        """LU-R95, LU-R97: eliminate factions without pieces; True when the game is over."""
        n = self.cfg.num_players
        for seat in range(n):
            if self.alive[seat] and all(self.piece_cell[4 * seat + s] == NO for s in range(4)):
                self._eliminate(seat)
        alive = [seat for seat in range(n) if self.alive[seat]]
        if len(alive) == 1:
            self._finish((alive[0],))
            return True
        return False
