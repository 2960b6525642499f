"""Elimination and victory (FR-7.6, FR-12): a player with nothing left on the map is out,
visible VP reaching the target win at once, and the round cap ends the game (FR-R54).
"""

from __future__ import annotations

from farmstead.games.farms_race.layout import NO, NUM_SPY_KINDS, OVER
from farmstead.games.farms_race.rules.queries import FRQueries
from farmstead.games.farms_race.rules.state import RESOURCE_KINDS, SPY_CARDS


class VictoryRules(FRQueries):
    """Eliminations, wins and the end of the game."""

    __slots__ = ()

    def _check_eliminated(self, seat: int, end_turn: bool = True) -> None:
        """FR-7.6: no herds and no buildings on the map: out at once; its cards leave play
        (FR-R28). The last player standing wins (FR-R53); a player eliminated on its own turn
        ends it (FR-R52) — at once with ``end_turn``, else when the nuke exchange is over."""
        if self.phase == OVER or not self.alive(seat) or seat in self.owner:
            return
        self.eliminated |= 1 << seat
        b = 5 * seat
        for k in RESOURCE_KINDS:
            self.hands[b + k] = 0
            self.known_cards[b + k] = 0
        self.unknown_cards[seat] = 0
        self.unknown_kinds[seat] = 0
        s = NUM_SPY_KINDS * seat
        for card in SPY_CARDS:
            self.spy_removed[card] += self.spies[s + card]
            self.spies[s + card] = 0
        self.nuke_responses = tuple(x for x in self.nuke_responses if x[0] != seat)
        alive = [p for p in range(self.cfg.players) if self.alive(p)]
        if len(alive) == 1:
            self._finish((alive[0],))
        elif seat == self.active and end_turn:
            self._pass_turn()

    def _check_win(self, seat: int) -> None:
        """FR-12: visible VP reaching the target wins at once."""
        if self.phase != OVER and self.visible_vp(seat) >= self.cfg.target_vp:
            self._finish((seat,))

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.winners = winners
        self.phase = OVER
        self.decider = NO
        self.redo_snapshot = None

    def _finish_by_cap(self) -> None:
        """FR-R54: the highest VP (hidden VP Spies counted) among the players left wins; ties
        share the win."""
        alive = [s for s in range(self.cfg.players) if self.alive(s)]
        vp = {s: self.visible_vp(s) + self.hidden_vp(s) for s in alive}
        best = max(vp.values())
        self._finish(tuple(s for s in alive if vp[s] == best))
