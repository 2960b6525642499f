"""Livestock Uprising: cards (LU §11): whether a card may be played now (LU-R77, LU-R78), and
the pieces, cells and seats a card may target."""

from __future__ import annotations

from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.grid import chebyshev
from farmstead.games.livestock_uprising.layout import ATTACKER_WINS, BARN, NO, SUPER_ARMY
from farmstead.games.livestock_uprising.rules.aftermath import AftermathRules
from farmstead.games.livestock_uprising.rules.records import DONE, READY, Battle


class CardRules(AftermathRules):
    """The Command and Battle Plans cards a seat may play at a window, and their targets;
    reads the position, changes nothing."""

    __slots__ = ()

    def card_playable(self, seat: int, card: int, windows: tuple[int, ...]) -> bool:
        """Whether ``seat`` may play ``card`` now, in one of ``windows``: it holds the card,
        the window is open for it, and the card can have an effect (LU-R77, LU-R78)."""
        cards = self.cfg.catalog.cards
        info = cards[card]
        if info.window not in windows:
            return False
        if seat != self.active and not info.out_of_turn:
            return False
        effect = info.effect
        turn = self.turn
        battle = self.battle
        play = self.cfg.catalog.play
        sa = 4 * seat + SUPER_ARMY
        if effect == "SCORCHED_EARTH":
            return bool(self._scorch_cells(seat))
        if effect == "TRADE_CARAVAN":
            return sum(self.tokens[5 * seat : 5 * seat + 5]) >= play.trade_caravan_give
        if effect == "ESPIONAGE":
            return bool(self._spy_targets(seat))
        if effect == "SHIELD_WALL":
            return self.piece_cell[sa] != NO and not self.shield[seat]
        if effect == "CONSCRIPTION":
            return (
                self.piece_cell[sa] != NO
                and len(self.units[sa]) < play.super_army_units
                and any(self.troops)
            )
        if effect in ("FORCED_MARCH", "FORTIFY", "AIRLIFT", "DOUBLE_TIME"):
            return bool(self._card_pieces(seat, effect))
        if effect == "BLITZKRIEG":
            return (
                turn is not None
                and not turn.blitz
                and self.piece_cell[sa] != NO
                and turn.acted[SUPER_ARMY] == READY
            )
        if effect in ("BUMPER_CROP", "FORAGING_PARTY"):
            return bool(self._card_pieces(seat, effect))
        if effect == "REINFORCEMENTS":
            return turn is not None and turn.reinforce == NO
        if effect == "RALLY":
            return turn is not None and not turn.rally and len(self.generals_on_board(seat)) >= 2
        if battle is None:
            return False
        return self._battle_card_ok(seat, effect, battle)

    def _battle_card_ok(self, seat: int, effect: str, b: Battle) -> bool:
        attackers = [b.attacker, *b.joiners]
        my_attack = any(pid // 4 == seat for pid in attackers)
        my_defence = b.defenders[0] // 4 == seat
        sa = 4 * seat + SUPER_ARMY
        if effect == "BATTLE_CRY":
            return my_attack or my_defence
        if effect == "HARDENED_HIDE":
            return my_defence
        if effect == "RETREAT":
            d = b.defenders[0]
            return (
                my_defence
                and len(b.defenders) == 1
                and d % 4 != SUPER_ARMY
                and bool(self.retreat_dirs(d, b))
            )
        if effect == "DUEL":
            return not b.duel_on and (sa in attackers or sa in b.defenders)
        if effect == "SIEGE_ENGINES":
            return b.attacker == sa and b.barn
        if effect == "PINCER":
            return b.attacker == sa and bool(b.joiners) and not b.pincer
        if effect == "FORTUNE_OF_WAR":
            side = 0 if b.attacker == sa else 1 if sa in b.defenders else NO
            return side != NO and not b.fortune[side]
        if effect == "SECOND_WIND":
            dice = b.a_dice if my_attack else b.d_dice if my_defence else []
            return bool(dice)
        if effect == "FIELD_MEDIC":
            return any(
                n > 0 and self._group_units(b, p) and self._owner_of(b, p) == seat
                for p, n in b.owed
            )
        if effect == "LAST_STAND":
            return any(p == sa and n > 0 for p, n in b.owed)
        if effect == "SUPPLY_RAID":
            victim = b.defenders[0] // 4
            return (
                b.outcome == ATTACKER_WINS
                and b.attacker // 4 == seat
                and sum(self.tokens[5 * victim : 5 * victim + 5]) > 0
            )
        return False

    def _owner_of(self, b: Battle, pid: int) -> int:
        """The seat owing casualties for ``pid`` (NO: the barn group)."""
        return (pid if pid != NO else b.defenders[0]) // 4

    def _card_options(self, seat: int, windows: tuple[int, ...]) -> list[int]:
        base = self.cfg.layout.base[act.PLAY]
        return sorted(
            base + card for card in self.holds(seat) if self.card_playable(seat, card, windows)
        )

    def _scorch_cells(self, seat: int) -> list[int]:
        cfg = self.cfg
        mine = [
            self.piece_cell[4 * seat + s] for s in range(4) if self.piece_cell[4 * seat + s] != NO
        ]
        limit = cfg.catalog.play.scorched_earth_distance
        return [
            cell
            for cell in range(cfg.cells)
            if 0 <= self.tiles[cell] < BARN
            and cfg.resource_tile[self.tiles[cell]] != NO
            and self.scorched[cell] == NO
            and any(chebyshev(cell, m, cfg.side) <= limit for m in mine)
        ]

    def _spy_targets(self, seat: int) -> list[int]:
        return [
            o
            for o in range(self.cfg.num_players)
            if o != seat and self.alive[o] and self.hidden_count(o) > 0
        ]

    def _card_pieces(self, seat: int, effect: str) -> list[int]:
        """The pieces (slots) a targeted card may choose now."""
        turn = self.turn
        if turn is None:
            return []
        out = []
        for slot in range(4):
            pid = 4 * seat + slot
            if self.piece_cell[pid] == NO:
                continue
            if effect == "FORCED_MARCH":
                ok = not turn.started[slot] and not turn.forced[slot] and turn.acted[slot] == READY
            elif effect == "FORTIFY":
                ok = turn.acted[slot] == READY and not self.fortified[pid]
            elif effect == "AIRLIFT":
                ok = (
                    slot != SUPER_ARMY
                    and turn.acted[slot] == READY
                    and self.piece_cell[pid] == self.barn[seat]
                    and bool(self._airlift_cells(pid))
                )
            elif effect == "DOUBLE_TIME":
                ok = turn.acted[slot] == DONE and not turn.double[slot] and self._can_act(pid, turn)
            elif effect == "BUMPER_CROP":
                r, amount = self.harvest_yield(pid)
                ok = (
                    slot != SUPER_ARMY
                    and amount > 0
                    and turn.bumper == NO
                    and not self.has_effect(pid, "HARVEST_YIELD_2")
                    and self.supply[r] > amount
                )
            else:  # FORAGING_PARTY
                ok = slot != SUPER_ARMY and not turn.forage[slot] and self._forage_gain(pid)
            if ok:
                out.append(slot)
        return out

    def _forage_gain(self, pid: int) -> bool:
        """Foraging Party would let this General harvest a tile it cannot harvest now."""
        if self.harvest_yield(pid)[1] > 0:
            return False
        cell = self.piece_cell[pid]
        tile = self.tiles[cell]
        if tile < 0 or tile >= BARN or self.scorched[cell] != NO:
            return False
        r = self.cfg.resource_tile[tile]
        return r != NO and self.supply[r] > 0

    def _airlift_cells(self, pid: int) -> list[int]:
        """CC16: empty cells next to another of the seat's Generals where ``pid`` could end a
        move."""
        seat = pid // 4
        cells: set[int] = set()
        for other in self.generals_on_board(seat):
            if other == pid:
                continue
            for n in self.cfg.neighbours[self.piece_cell[other]]:
                if n != NO and self.cell_piece[n] == NO and self.stoppable(pid, n):
                    cells.add(n)
        return sorted(cells)
