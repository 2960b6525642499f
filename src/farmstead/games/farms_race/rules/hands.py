"""Resource cards changing hands (FR-2.3, FR-R49, FR-R50). Each change keeps the truth
(``hands``) and what every seat can deduce of it (``known``, ``unknown_cards``,
``unknown_kinds``) in step.
"""

from __future__ import annotations

from farmstead.games.farms_race.rules.queries import FRQueries
from farmstead.games.farms_race.rules.state import RESOURCE_KINDS


class HandRules(FRQueries):
    """Cards gained, paid, shown and taken in secret."""

    __slots__ = ()

    def _gain_public(self, seat: int, kind: int, n: int) -> None:
        """``seat`` gains ``n`` cards of ``kind`` in view of everyone."""
        self.hands[5 * seat + kind] += n
        self.known_cards[5 * seat + kind] += n

    def _pay(self, seat: int, kind: int, n: int) -> None:
        """``seat`` gives ``n`` cards of ``kind`` away in view of everyone: the cards come from
        those others knew of first, then from the unknown ones."""
        i = 5 * seat + kind
        self.hands[i] -= n
        from_known = min(n, self.known_cards[i])
        self.known_cards[i] -= from_known
        self.unknown_cards[seat] -= n - from_known
        if not self.unknown_cards[seat]:
            self.unknown_kinds[seat] = 0

    def _pay_cost(self, seat: int, cost: tuple[int, ...]) -> None:
        for k in RESOURCE_KINDS:
            if cost[k]:
                self._pay(seat, k, cost[k])

    def _shown(self, seat: int, kind: int, n: int) -> None:
        """Everyone sees that ``seat`` holds at least ``n`` cards of ``kind`` (a proposal
        offers them, FR-8.3): unknown cards become known ones."""
        i = 5 * seat + kind
        more = min(n - self.known_cards[i], self.unknown_cards[seat])
        if more > 0:
            self.known_cards[i] += more
            self.unknown_cards[seat] -= more
            if not self.unknown_cards[seat]:
                self.unknown_kinds[seat] = 0

    def _has_none(self, seat: int, kind: int) -> None:
        """Everyone sees that ``seat`` holds no ``kind`` (it gave none to Propaganda)."""
        if self.unknown_cards[seat]:
            self.unknown_kinds[seat] &= ~(1 << kind)

    def _take_secretly(self, victim: int, thief: int, kind: int) -> None:
        """One card of ``kind`` goes from ``victim`` to ``thief``, its kind known to the two of
        them only (FR-R49, FR-R50; FR-16).

        What the others can deduce: the victim lost one card of a kind it may have held (each
        kind it surely held, less one, stays sure); the thief gained one such card. When the
        victim's cards were all of one known kind, everyone can tell what was taken."""
        b = 5 * victim
        known = self.known_cards
        sure = known[b : b + 5]
        possible = sum(1 << k for k in RESOURCE_KINDS if sure[k]) | (
            self.unknown_kinds[victim] if self.unknown_cards[victim] else 0
        )
        self.hands[b + kind] -= 1
        self.hands[5 * thief + kind] += 1
        if possible == 1 << kind:  # only one kind it could be: public by deduction
            known[b + kind] -= 1
            known[5 * thief + kind] += 1
            return
        for k in RESOURCE_KINDS:
            if sure[k]:
                known[b + k] = sure[k] - 1
        self.unknown_cards[victim] = sum(self.hands[b : b + 5]) - sum(known[b : b + 5])
        self.unknown_kinds[victim] = possible if self.unknown_cards[victim] else 0
        self.unknown_cards[thief] += 1
        self.unknown_kinds[thief] |= possible
