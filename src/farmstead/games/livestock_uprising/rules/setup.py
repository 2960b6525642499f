"""Livestock Uprising: setup (LU §4): factions, the deal, the first player, the tile draws and
the barns, up to the first turn; and the chance events of the whole game (dice, cards, tiles)."""

from __future__ import annotations

from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.layout import (
    BARN,
    DEAL,
    DRAW_FILL,
    DRAW_PLAN,
    DRAW_START,
    FIRST_PLAYER,
    GENERALS,
    NO,
    PLACE_BARN,
    ROLL,
)
from farmstead.games.livestock_uprising.rules.battles import BattleRules


class SetupRules(BattleRules):
    """The setup's decisions and steps, and every chance event with its outcomes."""

    __slots__ = ()

    # --- setup (LU §4) --------------------------------------------------------------------
    def _faction_options(self) -> list[int]:
        """CHOOSE_FACTION: the factions no seat has chosen yet."""
        base = self.cfg.layout.base
        return [base[act.FACTION] + f for f in range(4) if f not in self.faction]

    def _apply_faction(self, kind: int, arg: int) -> None:
        """CHOOSE_FACTION: the decider takes faction ``arg``; the next seat chooses, or the
        deal begins."""
        seat = self.decider
        self.faction[seat] = arg
        if seat + 1 < self.cfg.num_players:
            self.active = self.decider = seat + 1
        else:
            self._after_factions()

    def _barn_options(self) -> list[int]:
        """PLACE_BARN: the barn cells no seat has taken yet."""
        base = self.cfg.layout.base
        taken = set(self.barn)
        return [base[act.CELL] + c for c in self.cfg.barn_cells if c not in taken]

    def _apply_barn(self, kind: int, arg: int) -> None:
        """PLACE_BARN: the decider's barn stands on cell ``arg``; the next seat places its
        barn, or the rest of the grid is drawn."""
        seat = self.decider
        self.barn[seat] = arg
        self.tiles[arg] = BARN + seat
        nxt = (seat + 1) % self.cfg.num_players
        if nxt == self.first:
            self.phase = DRAW_FILL
            self.decider = NO
            if self._next_draw_cell() == NO:
                self._start_play()
        else:
            self.active = self.decider = nxt

    def _after_factions(self) -> None:
        """Deal the Command cards (LU-R10), one chance event per card, seat by seat."""
        self.active = 0
        self.deal_seat = 0
        self.phase = DEAL
        self.decider = NO
        if self.cfg.catalog.play.command_cards == 0:
            self._after_deal()

    def _after_deal(self) -> None:
        """The first player is set by parameter, or drawn (a chance event)."""
        if self.cfg.first_player != NO:
            self.first = self.cfg.first_player
            self._after_first()
        else:
            self.phase = FIRST_PLAYER
            self.decider = NO

    def _after_first(self) -> None:
        """The starting grid is drawn, tile by tile (LU-R16)."""
        self.active = self.first
        self.phase = DRAW_START
        self.decider = NO

    def _undrawn_cells(self) -> list[int]:
        return [cell for cell in range(self.cfg.cells) if self.tiles[cell] == NO]

    def _next_draw_cell(self) -> int:
        """The cell the next tile draw fills: the starting grid first, row-major (LU-R16), then
        every empty cell row-major (LU-R18)."""
        if self.phase == DRAW_START:
            for cell in self.cfg.start_cells:
                if self.tiles[cell] == NO:
                    return cell
            return NO
        for cell in range(self.cfg.cells):
            if self.tiles[cell] == NO:
                return cell
        return NO

    def _start_play(self) -> None:
        """LU-R19: the Generals stand on their barns; the first player's turn begins."""
        for seat in range(self.cfg.num_players):
            for g in range(GENERALS):
                self._move_piece(4 * seat + g, self.barn[seat])
        self.round = 1
        self._begin_turn(self.first)

    # --- chance ---------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == ROLL:
            return [(f, 1 / 6) for f in range(6)]
        if phase == DEAL:
            unseen = self._undealt_commands()
            return [(card, 1 / len(unseen)) for card in unseen]
        if phase == DRAW_PLAN:
            unseen = self._undrawn_plans()
            return [(card, 1 / len(unseen)) for card in unseen]
        if phase == FIRST_PLAYER:
            n = self.cfg.num_players
            return [(seat, 1 / n) for seat in range(n)]
        total = sum(self.tiles_face_down)
        return [(t, k / total) for t, k in enumerate(self.tiles_face_down) if k]

    def _undealt_commands(self) -> list[int]:
        used = {c for hand in self.hands for c in hand}
        return [c for c in range(self.cfg.catalog.command_cards) if c not in used]

    def _undrawn_plans(self) -> list[int]:
        cat = self.cfg.catalog
        used = set(self.plans) | set(self.played) | {g[0] for g in self.gone}
        return [c for c in range(cat.command_cards, len(cat.cards)) if c not in used]

    def _apply_chance(self, outcome: int) -> None:
        """A die's face (ROLL), a Command card dealt, the first player, a Battle Plans card
        drawn, or a tile drawn."""
        phase = self.phase
        n = self.cfg.num_players
        if phase == ROLL:
            self._apply_roll(outcome + 1)
        elif phase == DEAL:
            seat = self.deal_seat
            self.hands[seat] = (*self.hands[seat], outcome)
            if len(self.hands[seat]) == self.cfg.catalog.play.command_cards:
                self.deal_seat += 1
                if self.deal_seat == n:
                    self._after_deal()
                else:
                    self.active = self.deal_seat
        elif phase == FIRST_PLAYER:
            self.first = outcome
            self._after_first()
        elif phase == DRAW_PLAN:
            self.plans[self.active] = outcome
            self._enter_harvest()
        else:  # a tile (LU-R16, LU-R18)
            self.tiles[self._next_draw_cell()] = outcome
            self.tiles_face_down[outcome] -= 1
            if phase == DRAW_START and self._next_draw_cell() == NO:
                self.phase = PLACE_BARN
                self.active = self.decider = self.first
            elif phase == DRAW_FILL and self._next_draw_cell() == NO:
                self._start_play()
