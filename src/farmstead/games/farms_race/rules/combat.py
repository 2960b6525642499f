"""Combat (FR-6): the rolls, the damage each side allocates one point at a time (Zombie's
retreats, FR-R46), the Spy window, continuing or retreating, and the outcomes at its end.
"""

from __future__ import annotations

from farmstead.games.farms_race.actions import COMBAT_BASE, ZOMBIE_TO
from farmstead.games.farms_race.layout import (
    ALLOCATE_ATTACKER,
    ALLOCATE_DEFENDER,
    ATTACKER_DECIDES,
    DEFENDER_DECIDES,
    HUMANS,
    NO,
    OVER,
    REGENERATIVE,
    ROLL_ATTACKER,
    ROUTE_RETREAT,
    SPY_WINDOW,
    ZOMBIE,
)
from farmstead.games.farms_race.rules.board import BoardRules
from farmstead.games.farms_race.rules.legal import LegalRules
from farmstead.games.farms_race.rules.nukes import NukeRules
from farmstead.games.farms_race.rules.victory import VictoryRules


class CombatRules(NukeRules, VictoryRules, LegalRules, BoardRules):
    """A combat from its first roll to its outcomes."""

    __slots__ = ()

    def _reveal(self, value: int) -> None:
        """FR-6.1: the face-down token's value becomes public (drawn from the tokens no one has
        seen, or the one Adorable peeked at): the combat rolls; or a Pocket Nuke kills 2."""
        d = self.combat_region if self.combat_region != NO else self.nuke_target
        self.token[d] = value
        self._make_public(d)
        if self.combat_region == NO:
            self._pocket_humans(value)
            self._after_nuke()
            return
        self.combat_humans = value
        self.phase = ROLL_ATTACKER
        self.decider = NO

    def _resolve_rolls(self) -> None:
        """FR-6.2: damage from this round's dice, the Armory bonus once per roll per side;
        heads hurt humans only (against Adorable they must go to its humans, FR-R6)."""
        self.combat_round += 1
        att_roll, def_roll = self.combat_roll_outcomes
        ag, ah = divmod(att_roll, COMBAT_BASE)
        dg = def_roll // COMBAT_BASE
        a = self.active
        bonus = self.armories_of(a)
        if self.combat_defender == HUMANS:
            self.combat_head_hits = 0
            self.combat_defender_damage = ag + ah + bonus
            to_attacker = dg
        else:
            self.combat_head_hits = min(ah, self.combat_humans)  # surplus heads are lost
            self.combat_defender_damage = ag + bonus
            to_attacker = dg + self.armories_of(self.combat_defender)
        self.combat_attacker_damage = to_attacker
        self._allocate_attacker()

    @staticmethod
    def _forced(healthy: int, injured: int, damage: int) -> tuple[int, int, int, int]:
        """Apply the damage points that leave no choice (FR-6.3, FR-R5): (healthy, injured,
        damage left, herds killed). Stops when a point could hit either class."""
        dead = 0
        while damage and healthy + injured:
            if damage >= 2 * healthy + injured:
                dead += healthy + injured
                return 0, 0, 0, dead
            if not healthy:
                injured -= 1
                dead += 1
            elif not injured:
                healthy -= 1
                injured += 1
            else:
                break
            damage -= 1
        if not healthy + injured:
            damage = 0
        return healthy, injured, damage, dead

    def _zombie_may_escape(self, seat: int, attacker: bool) -> bool:
        """Whether a killing point on ``seat``'s injured herd may instead be a zombie retreat
        (FR-11 Zombie, FR-R46)."""
        if self.mutation[seat] != ZOMBIE:
            return False
        return bool(self._route_destinations() if attacker else self.defender_retreats())

    def _allocate_attacker(self) -> None:
        """FR-6.3: the attacker allocates the damage its herds took, one point at a time."""
        h, i = self.combat_attackers
        if not self._zombie_may_escape(self.active, True):
            h, i, left, dead = self._forced(h, i, self.combat_attacker_damage)
            self.combat_attackers = (h, i)
            self.herds_left[self.active] += dead
            self.combat_attacker_damage = left
        if self.combat_attacker_damage and h + i:
            self.phase = ALLOCATE_ATTACKER
            self.decider = self.active
            return
        self.combat_attacker_damage = 0
        self._allocate_defender()

    def _hit_attacker(self, kind: int, arg: int) -> None:
        h, i = self.combat_attackers
        if kind == ZOMBIE_TO:
            # FR-R46: the herd absorbs the point and returns to an origin with spare capacity.
            i -= 1
            self._zombie_home(arg, attacker=True)
        elif arg == 0:
            h, i = h - 1, i + 1
        else:
            i -= 1
            self.herds_left[self.active] += 1
        self.combat_attackers = (h, i)
        self.combat_attacker_damage -= 1
        self._allocate_attacker()

    def _zombie_home(self, region: int, attacker: bool) -> None:
        """A zombie-retreating herd arrives at ``region`` at 1 HP (FR-R46)."""
        if attacker:
            self.injured_acted[region] += 1
            self.owner[region] = self.active
            self.combat_origins = tuple(
                (o, n - 1 if o == region else n) for o, n in self.combat_origins
            )
        else:
            d = self.combat_defender
            self.injured_ready[region] += 1
            self.injured_ready[self.combat_region] -= 1
            self.owner[region] = d
            self.combat_zombie_retreat = region
        self.combat_escaped = (*self.combat_escaped, (region, 1))

    def _allocate_defender(self) -> None:
        """FR-6.3: then the defender allocates its damage. Humans need no choice; Adorable's
        humans take the heads first (FR-R6), the guns and Armory bonus go where it chooses."""
        if self.combat_defender == HUMANS:
            self.combat_humans = max(0, self.combat_humans - self.combat_defender_damage)
            self.combat_defender_damage = 0
            self._end_of_round()
            return
        r = self.combat_region
        self.combat_humans -= self.combat_head_hits
        self.combat_head_hits = 0
        damage = self.combat_defender_damage
        if not self.combat_humans and not self._zombie_may_escape(self.combat_defender, False):
            h, i, damage, dead = self._forced(self.healthy_ready[r], self.injured_ready[r], damage)
            self.healthy_ready[r], self.injured_ready[r] = h, i
            self.herds_left[self.combat_defender] += dead
        units = self.healthy_ready[r] + self.injured_ready[r] + self.combat_humans
        self.combat_defender_damage = damage if units else 0
        if self.combat_defender_damage:
            self.phase = ALLOCATE_DEFENDER
            self.decider = self.combat_defender
            return
        self._end_of_round()

    def _hit_defender(self, kind: int, arg: int) -> None:
        r = self.combat_region
        if kind == ZOMBIE_TO:
            self._zombie_home(arg, attacker=False)
        elif arg == 0:
            self.healthy_ready[r] -= 1
            self.injured_ready[r] += 1
        elif arg == 1:
            self.injured_ready[r] -= 1
            self.herds_left[self.combat_defender] += 1
        else:
            self.combat_humans -= 1
        self.combat_defender_damage -= 1
        self._allocate_defender()

    def _end_of_round(self) -> None:
        """FR-6.4: combat ends when a side has no units; else the Spy window (FR-6.5), then
        the attacker decides (FR-6.6)."""
        attackers = self.combat_attackers[0] + self.combat_attackers[1]
        defenders = self._defender_units()
        if not attackers or not defenders:
            self._end_combat()
            return
        r = self.combat_region
        if self.combat_defender != HUMANS and not self.healthy_ready[r] + self.injured_ready[r]:
            # FR-R43: Adorable's herds are gone, its humans fight on alone.
            self._heal_escaped(self.combat_defender, attacker=False)
            self.combat_escaped = ()
            self.combat_defender = HUMANS
            self._update_owner(r)
        if self.spy_count(self.active):
            self.phase = SPY_WINDOW
            self.decider = self.active
            return
        self._attacker_decides()

    def _after_spy_window(self) -> None:
        self._attacker_decides()

    def _attacker_decides(self) -> None:
        self.decider = self.active
        self.phase = ATTACKER_DECIDES
        if self.combat_round >= self.cfg.max_combat_rounds and not self._legal_actions():
            # The engine's round bound (data: max_combat_rounds) with no legal retreat: the
            # attack fails and the attacking herds are lost.
            self.herds_left[self.active] += self.combat_attackers[0] + self.combat_attackers[1]
            self.combat_attackers = (0, 0)
            self._end_combat()

    def _attacker_continues(self) -> None:
        if self.combat_defender != HUMANS:
            self.phase = DEFENDER_DECIDES
            self.decider = self.combat_defender
        else:
            self._next_round()

    def _next_round(self) -> None:
        self.combat_roll_outcomes = (NO, NO)
        self.phase = ROLL_ATTACKER
        self.decider = NO

    def _attacker_retreats(self) -> None:
        """FR-6.6: every surviving herd returns to an origin, within its cap."""
        self.route_left = self.combat_attackers
        self.combat_attackers = (0, 0)
        self._route_next()

    def _route_next(self) -> None:
        h, i = self.route_left
        if not h + i:
            self._end_combat()
            return
        legal = self._route_destinations()
        if len(legal) == 1:
            self._route(legal[0])
            return
        self.phase = ROUTE_RETREAT
        self.decider = self.active

    def _route(self, origin: int) -> None:
        h, i = self.route_left
        if h:
            self.healthy_acted[origin] += 1
            h -= 1
        else:
            self.injured_acted[origin] += 1
            i -= 1
            self.combat_escaped = (*self.combat_escaped, (origin, 1))
        self.route_left = (h, i)
        self.owner[origin] = self.active
        self.combat_origins = tuple(
            (o, n - 1 if o == origin else n) for o, n in self.combat_origins
        )
        self._route_next()

    def _defender_retreats(self, dest: int) -> None:
        """FR-6.6: all the defender's herds go to one region. The attacker takes control,
        unless Adorable's humans stay and fight on (FR-R43)."""
        r = self.combat_region
        d = self.combat_defender
        injured = self.injured_ready[r]
        self.healthy_ready[dest] += self.healthy_ready[r]
        self.injured_ready[dest] += injured
        self.healthy_ready[r] = self.injured_ready[r] = 0
        self.owner[dest] = d
        if injured:
            self.combat_escaped = (*self.combat_escaped, (dest, injured))
        if self.combat_humans:
            # FR-R43: the humans never move; the attacker fights them next round. Adorable
            # keeps the region only while it has a building there.
            self._heal_escaped(d, attacker=False)
            self.combat_escaped = ()
            self.combat_defender = HUMANS
            self._update_owner(r)
            self._next_round()
            return
        self._end_combat()

    def _heal_escaped(self, seat: int, attacker: bool) -> None:
        """FR-11 Regenerative: herds that fought and left the fight heal when it ends."""
        if self.mutation[seat] != REGENERATIVE:
            return
        healthy, injured = (
            (self.healthy_acted, self.injured_acted)
            if attacker
            else (self.healthy_ready, self.injured_ready)
        )
        for region, count in self.combat_escaped:
            if self.owner[region] == seat:
                n = min(count, injured[region])
                injured[region] -= n
                healthy[region] += n

    def _end_combat(self) -> None:
        """FR-6.7: the outcomes of a combat."""
        r = self.combat_region
        a = self.active
        d = self.combat_defender
        h, i = self.combat_attackers
        attackers = h + i
        adorable = self.combat_adorable
        humans_fought = d == HUMANS or adorable != NO
        if humans_fought:
            value = self.token[r]
            survivors = self.combat_humans
            if not survivors:
                self._return_token(r)
            elif survivors != value:
                # FR-R23, FR-R60 (and Adorable's humans, FR-11): a face-up token of the
                # survivors' count replaces it.
                self._return_token(r)
                self._place_face_up(r, survivors)
        if attackers:
            if d != HUMANS and self.herds_in(r):
                raise AssertionError("attackers and defenders left at the end of a combat")
            if self.owner[r] != NO and self.owner[r] != a:
                self._destroy_building(r)  # FR-7.5 (FR-R43: Adorable's, once its humans fall)
            if self.mutation[a] == REGENERATIVE:
                h, i = h + i, 0
            self.healthy_acted[r] += h
            self.injured_acted[r] += i
            self.owner[r] = a
        elif self.owner[r] != NO:
            self._update_owner(r)  # FR-R7: a building keeps the defender in control
        self._heal_escaped(a, attacker=True)
        if d != HUMANS:
            self._heal_escaped(d, attacker=False)
            if self.mutation[d] == REGENERATIVE:
                self.healthy_ready[r] += self.injured_ready[r]
                self.injured_ready[r] = 0
        loser = d if d != HUMANS else adorable
        self._clear_combat()
        if loser != NO:
            self._check_eliminated(loser)
        self._check_eliminated(a)
        if self.phase != OVER and self.alive(a):
            self._settle()
