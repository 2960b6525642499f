"""Chance events: the outcomes of each chance phase with their probabilities, and what an
outcome does (the events are listed in the ``rules`` package docstring).
"""

from __future__ import annotations

from farmstead.games.farms_race.layout import (
    AGENT_DRAW,
    DEAL_MUTATION,
    FIRST_SEAT,
    NO,
    NUM_MUTATIONS,
    PEEK,
    REVEAL,
    ROLL_ATTACKER,
    ROLL_DEFENDER,
    ROLL_RESOURCES,
    SPY_DRAW,
    START_ROLL,
    STEAL_DRAW,
)
from farmstead.games.farms_race.rules.combat import CombatRules
from farmstead.games.farms_race.rules.hands import HandRules
from farmstead.games.farms_race.rules.moves import MoveRules
from farmstead.games.farms_race.rules.resources import ResourceRules
from farmstead.games.farms_race.rules.setup import SetupRules
from farmstead.games.farms_race.rules.spies import SpyRules
from farmstead.games.farms_race.rules.state import RESOURCE_KINDS, SPY_CARDS


class ChanceRules(MoveRules, SetupRules, ResourceRules, CombatRules, SpyRules, HandRules):
    """Chance outcomes and their effects."""

    __slots__ = ()

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        c = self.cfg
        if phase == ROLL_ATTACKER:
            return list(c.combat_rolls[self.combat_attackers[0] + self.combat_attackers[1]])
        if phase == ROLL_DEFENDER:
            return list(c.combat_rolls[self._defender_units()])
        if phase == ROLL_RESOURCES:
            return list(c.dice_rolls)
        if phase in (REVEAL, PEEK):
            unseen = self._unpeeked_values()
            total = sum(unseen)
            return [(v + 1, n / total) for v, n in enumerate(unseen) if n]
        if phase == START_ROLL:
            return list(c.start_roll)
        if phase == FIRST_SEAT:
            n = c.players
            return [(s, 1 / n) for s in range(n)]
        if phase == DEAL_MUTATION:
            taken = 0
            for mask in self.dealt:
                taken |= mask
            free = [m for m in range(NUM_MUTATIONS) if not taken >> m & 1]
            return [(m, 1 / len(free)) for m in free]
        if phase == SPY_DRAW:
            deck = self.spy_deck
            total = sum(deck)
            return [(k, deck[k] / total) for k in SPY_CARDS if deck[k]]
        if phase in (STEAL_DRAW, AGENT_DRAW):
            victim = self.steal_victim if phase == STEAL_DRAW else self.agent_queue[0][0]
            b = 5 * victim
            hand = self.hands[b : b + 5]
            total = sum(hand)
            return [(k, hand[k] / total) for k in RESOURCE_KINDS if hand[k]]
        raise AssertionError(f"phase {phase} is not a chance node")

    def _unpeeked_values(self) -> list[int]:
        """Tokens of value 1, 2, 3 nobody has seen, less those Adorable peeked at: what a
        face-down token nobody peeked at may be (FR-2.6, FR-11)."""
        unseen = self.tokens_unseen[:]
        m = self.peeked
        while m:
            low = m & -m
            unseen[self.token[low.bit_length() - 1] - 1] -= 1
            m ^= low
        return unseen

    def _apply_chance(self, outcome: int) -> None:
        phase = self.phase
        if phase == ROLL_ATTACKER:
            self.combat_roll_outcomes = (outcome, NO)
            self.phase = ROLL_DEFENDER
        elif phase == ROLL_DEFENDER:
            self.combat_roll_outcomes = (self.combat_roll_outcomes[0], outcome)
            self._resolve_rolls()
        elif phase == ROLL_RESOURCES:
            self._resources_rolled(outcome // 6, outcome % 6)
        elif phase == REVEAL:
            self._reveal(outcome)
        elif phase == PEEK:
            self._peek(outcome)
        elif phase == START_ROLL:
            self._gain_public(self.active, outcome, 1)
            self._next_starting_resource()
        elif phase == FIRST_SEAT:
            self._set_first(outcome)
        elif phase == DEAL_MUTATION:
            self._deal(outcome)
        elif phase == SPY_DRAW:
            self._draw_spy(outcome)
        elif phase == STEAL_DRAW:
            self._take_secretly(self.steal_victim, self.active, outcome)
            self.steal_victim = NO
            self._next_doubles_effect()
        elif phase == AGENT_DRAW:
            self._agent_draw(outcome)
        else:
            raise AssertionError(f"phase {phase} is not a chance node")
