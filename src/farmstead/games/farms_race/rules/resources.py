"""The Resources phase (FR-5.4): the dice (or Lucky's faces, FR-11), wild faces, production
(Parasitic's too, FR-R57), and the doubles effects that follow it: North Korean's nuke and the
Stealing steal, in the order the active player picks (FR-R39).
"""

from __future__ import annotations

from farmstead.games.farms_race.layout import (
    DOUBLES_ORDER,
    EFFECT_NORTH_KOREAN,
    EFFECT_STEALING,
    LUCKY,
    LUCKY_FACE,
    NAME_WILD,
    NO,
    NORTH_KOREAN,
    NUKE_NORTH_KOREAN,
    NUM_RESOURCES,
    OVER,
    PARASITIC,
    RESOURCES,
    ROLL_RESOURCES,
    STEAL_VICTIM,
    WILD,
)
from farmstead.games.farms_race.rules.nukes import NukeRules
from farmstead.games.farms_race.rules.spies import SpyRules


class ResourceRules(NukeRules, SpyRules):
    """The Resources phase from the dice to its free actions."""

    __slots__ = ()

    def _start_resources(self) -> None:
        """FR-5.4 step 1: roll both dice; Lucky chooses two faces instead (FR-11, FR-R56)."""
        self.dice = (NO, NO)
        self.named = ()
        if self.mutation[self.active] == LUCKY:
            self.lucky = True
            self.phase = LUCKY_FACE
            self.decider = self.active
            return
        self.lucky = False
        self.phase = ROLL_RESOURCES
        self.decider = NO

    def _lucky_face(self, kind: int) -> None:
        if self.dice[0] == NO:
            self.dice = (kind, NO)
            return
        self.dice = (min(self.dice[0], kind), max(self.dice[0], kind))
        self.wilds = 0
        self._produce()

    def _resources_rolled(self, a: int, b: int) -> None:
        self.dice = (a, b)
        self.named = ()
        self.wilds = (a == WILD) + (b == WILD)
        if self.wilds == 2:
            self.wilds = 1  # FR-5.4: two wilds name one resource
        if self.wilds:
            self.phase = NAME_WILD
            self.decider = self.active
            return
        self._produce()

    def _name_wild(self, kind: int) -> None:
        self.named = (*self.named, kind)
        self.wilds -= 1
        if not self.wilds:
            self._produce()

    def payouts(self) -> tuple[int, ...]:
        """Per resource: what each region of its type pays this turn (FR-5.4)."""
        a, b = self.dice
        pay = [0] * NUM_RESOURCES
        if a == WILD and b == WILD:
            pay[self.named[0]] = 2
        elif a == WILD or b == WILD:
            face = b if a == WILD else a
            named = self.named[0]
            if named == face:
                pay[face] = 2  # FR-R16: paid as doubles, but not doubles
            else:
                pay[face] = 1
                pay[named] = 1
        elif a == b:
            pay[a] = 2
        else:
            pay[a] = 1
            pay[b] = 1
        return tuple(pay)

    def doubles(self) -> bool:
        """FR-5.4, FR-R16: both dice show the same face (wild + wild included; Lucky's equal
        choice too, for North Korean only)."""
        return self.dice[0] == self.dice[1] and self.dice[0] != NO

    def _produce(self) -> None:
        """FR-5.4 step 3: every player collects for every region they control; Parasitic also
        once from each opponent region next to its own (FR-11, FR-R57)."""
        pay = self.payouts()
        c = self.cfg
        produces = c.produces
        owner = self.owner
        gained = [0] * len(self.hands)
        for r, o in enumerate(owner):
            if o != NO:
                k = produces[r]
                if pay[k]:
                    gained[5 * o + k] += pay[k]
        for p in range(c.players):
            if self.mutation[p] != PARASITIC or not self.alive(p):
                continue
            near = 0
            for r, o in enumerate(owner):
                if o == p:
                    near |= c.adjacent_mask[r]
            for r in range(c.regions):
                o = owner[r]
                if near >> r & 1 and o != NO and o != p and pay[produces[r]]:
                    gained[5 * p + produces[r]] += pay[produces[r]]
        for i, n in enumerate(gained):
            if n:
                self.hands[i] += n
                self.known_cards[i] += n
        self.last_production = tuple(gained)
        self.decider = self.active
        effects = 0
        if self.doubles():
            korean = self._north_korean()
            if korean != NO and self.nuke_targets(korean):
                effects |= EFFECT_NORTH_KOREAN
            if self.cfg.stealing and not self.lucky and self._steal_victims():
                effects |= EFFECT_STEALING  # FR-13, FR-R49 (not on Lucky's choice)
        self.doubles_left = effects
        self._next_doubles_effect()

    def _north_korean(self) -> int:
        for p in range(self.cfg.players):
            if self.mutation[p] == NORTH_KOREAN and self.alive(p):
                return p
        return NO

    def _next_doubles_effect(self) -> None:
        """FR-R39: after production, North Korean's nuke and the Stealing steal, in the order
        the active player picks when both apply."""
        left = self.doubles_left
        if self.phase == OVER:
            return
        if not self.alive(self.active):
            self.doubles_left = 0
            self._pass_turn()
            return
        if left == EFFECT_NORTH_KOREAN | EFFECT_STEALING:
            self.phase = DOUBLES_ORDER
            self.decider = self.active
        elif left & EFFECT_NORTH_KOREAN:
            self.doubles_left = 0
            self._korean_nuke()
        elif left & EFFECT_STEALING:
            self.doubles_left = 0
            if self._steal_victims():
                self.phase = STEAL_VICTIM
                self.decider = self.active
            else:
                self._to_resources_menu()
        else:
            self._to_resources_menu()

    def _to_resources_menu(self) -> None:
        self.phase = RESOURCES
        self.decider = self.active
        self._auto_reveal()

    def _korean_nuke(self) -> None:
        """FR-11 North Korean: a free nuke (no token) at a region next to its own, when one
        exists (FR-R27); then back to the doubles effects."""
        korean = self._north_korean()
        if korean == NO or not self.nuke_targets(korean):
            self._next_doubles_effect()
            return
        self.resume = DOUBLES_ORDER
        self._aim_nuke(korean, NUKE_NORTH_KOREAN)

    def _order_doubles(self, first: int) -> None:
        if first == 0:
            self.doubles_left = EFFECT_STEALING
            self._korean_nuke()
        else:
            self.doubles_left = EFFECT_NORTH_KOREAN
            if self._steal_victims():
                self.phase = STEAL_VICTIM
                self.decider = self.active
            else:
                self._next_doubles_effect()
