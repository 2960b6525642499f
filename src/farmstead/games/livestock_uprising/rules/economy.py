"""Livestock Uprising: the economy: harvesting (LU §8), marshaling units (LU §9) and
transferring them between Generals (LU §10)."""

from __future__ import annotations

from farmstead.games.livestock_uprising.grid import chebyshev
from farmstead.games.livestock_uprising.layout import BARN, NO, SUPER_ARMY
from farmstead.games.livestock_uprising.rules.state import IN_PLAY, IN_RESERVE, REMOVED, RulesState


class EconomyRules(RulesState):
    """Harvest yields, marshal costs and options, transfer reach, and the unit moves they
    make: tokens paid, units taken from and returned to the supplies."""

    __slots__ = ()

    def harvest_yield(self, pid: int) -> tuple[int, int]:
        """(resource, tokens) the General ``pid`` would harvest now, or (NO, 0)."""
        cfg = self.cfg
        cell = self.piece_cell[pid]
        if cell == NO or pid % 4 == SUPER_ARMY or self.scorched[cell] != NO:
            return NO, 0
        tile = self.tiles[cell]
        if tile < 0 or tile >= BARN:
            return NO, 0
        r = cfg.resource_tile[tile]
        if r == NO:
            return NO, 0
        turn = self.turn
        units = self.units[pid]
        cat_units = cfg.catalog.units
        icon = r == cfg.grass or any(
            r in cat_units[u].harvest or cat_units[u].harvest_any for u in units
        )
        if not icon and not (turn is not None and turn.forage[pid % 4]):
            return NO, 0
        amount = cfg.catalog.play.harvest_per_general
        if self.has_effect(pid, "HARVEST_YIELD_2") or (turn is not None and turn.bumper == pid % 4):
            amount = 2 * amount
        return r, min(amount, self.supply[r])

    def _resolve_harvest(self) -> None:
        """LU-R61 … LU-R66: every General of the active seat harvests its tile."""
        seat = self.active
        for pid in self.generals_on_board(seat):
            r, amount = self.harvest_yield(pid)
            if amount:
                self.supply[r] -= amount
                self.tokens[5 * seat + r] += amount

    def marshal_cost(self, seat: int, unit: int) -> tuple[int, ...]:
        """The tokens marshaling ``unit`` takes now (Reinforcements waives one, LU CC06)."""
        cost = self.cfg.catalog.units[unit].cost
        turn = self.turn
        if turn is not None and turn.reinforce != NO and self.active == seat:
            r = turn.reinforce
            if cost[r] >= 1 and sum(cost) >= 2:
                return tuple(n - 1 if i == r else n for i, n in enumerate(cost))
        return cost

    def can_afford(self, seat: int, cost: tuple[int, ...]) -> bool:
        t = self.tokens
        b = 5 * seat
        return (
            t[b] >= cost[0]
            and t[b + 1] >= cost[1]
            and t[b + 2] >= cost[2]
            and t[b + 3] >= cost[3]
            and t[b + 4] >= cost[4]
        )

    def _receivers(self, seat: int) -> list[int]:
        """Pieces that can take one more unit (LU-R70, LU-R71)."""
        sa = 4 * seat + SUPER_ARMY
        if self.piece_cell[sa] != NO:
            return [sa] if len(self.units[sa]) < self.unit_cap(sa) else []
        return [pid for pid in self.generals_on_board(seat) if len(self.units[pid]) < 5]

    def _marshal_options(self, seat: int, forming: bool) -> list[int]:
        """Unit types ``seat`` may marshal now (LU-R67 … LU-R69); while forming a Super Army,
        into it (cap 15, LU-R80)."""
        cfg = self.cfg
        if forming:
            total = len(self.current_turn.recruits) + sum(
                len(self.units[pid]) for pid in self.generals_on_board(seat)
            )
            if total >= cfg.catalog.play.super_army_units:
                return []
        elif not self._receivers(seat):
            return []
        options = [
            t
            for t in range(cfg.troop_types)
            if self.troops[t] > 0 and self.can_afford(seat, self.marshal_cost(seat, t))
        ]
        for u in cfg.faction_sf[self.faction[seat]]:
            if self.special_forces[u] == IN_RESERVE and self.can_afford(
                seat, self.marshal_cost(seat, u)
            ):
                options.append(u)
        return options

    def _pay(self, seat: int, cost: tuple[int, ...]) -> None:
        for i, n in enumerate(cost):
            self.tokens[5 * seat + i] -= n
            self.supply[i] += n

    def _take_unit(self, unit: int) -> None:
        """A marshaled unit leaves the troop supply or its faction's reserve."""
        if unit < self.cfg.troop_types:
            self.troops[unit] -= 1
        else:
            self.special_forces[unit] = IN_PLAY

    def _add_unit(self, pid: int, unit: int) -> None:
        self.units[pid] = (*self.units[pid], unit)

    def _remove_unit(self, pid: int, unit: int) -> None:
        units = list(self.units[pid])
        units.remove(unit)
        self.units[pid] = tuple(units)

    def _lose_unit(self, pid: int, unit: int) -> None:
        """A casualty (LU-R55, LU-R56): a troop back to the supply, Special Forces gone."""
        self._remove_unit(pid, unit)
        if unit < self.cfg.troop_types:
            self.troops[unit] += 1
        else:
            self.special_forces[unit] = REMOVED

    def transfer_reach(self, a: int, b: int) -> bool:
        """LU-R73: two Generals on adjacent cells or both in their own barn (Rally: within 2)."""
        pa, pb = self.piece_cell[a], self.piece_cell[b]
        turn = self.turn
        if pa == pb:
            return self.tiles[pa] == BARN + a // 4
        distance = chebyshev(pa, pb, self.cfg.side)
        rally = turn is not None and turn.rally
        return distance <= (self.cfg.catalog.play.rally_distance if rally else 1)

    def _transfer_sources(self, seat: int) -> list[int]:
        generals = self.generals_on_board(seat)
        return [
            a
            for a in generals
            if self.units[a]
            and any(
                b != a and len(self.units[b]) < 5 and self.transfer_reach(a, b) for b in generals
            )
        ]
