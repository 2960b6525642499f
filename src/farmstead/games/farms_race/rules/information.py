"""Information sets (§16): a position a seat cannot tell from the true one, drawn without
reading what the seat may not know.
"""

from __future__ import annotations

from typing import Self

from farmstead.core.rng import Rng
from farmstead.games.farms_race.layout import (
    ADORABLE,
    BLACKMAIL_TAKE,
    NO,
    NUM_MUTATIONS,
    NUM_SPY_KINDS,
)
from farmstead.games.farms_race.rules.queries import FRQueries
from farmstead.games.farms_race.rules.state import RESOURCE_KINDS


class InformationRules(FRQueries):
    """Positions consistent with what a seat knows."""

    __slots__ = ()

    def sample_consistent(self, seat: int, rng: Rng) -> Self:
        """A position ``seat`` cannot tell from this one, drawn without reading what it may not
        know: other seats' resource cards of unknown kind (from the kinds they may be), their
        Spy cards and the deck (from the cards ``seat`` has not seen), their dealt Mutations,
        and the token values Adorable peeked at. (A thief and its victim know a stolen card;
        the sampler gives them the public view of it, a wider set of positions that holds the
        true one.)"""
        s = self.clone()
        c = self.cfg
        n = c.players
        blackmail_view = self.phase == BLACKMAIL_TAKE and seat == self.active
        for other in range(n):
            if other == seat or not s.unknown_cards[other]:
                continue
            if blackmail_view and other == self.spy_victim:
                continue  # the Blackmail player sees this hand now (FR-10)
            b = 5 * other
            kinds = [k for k in RESOURCE_KINDS if s.unknown_kinds[other] >> k & 1]
            for k in RESOURCE_KINDS:
                s.hands[b + k] = s.known_cards[b + k]
            for _ in range(s.unknown_cards[other]):
                s.hands[b + kinds[rng.randrange(len(kinds))]] += 1
        self._sample_spies(s, seat, rng)
        self._sample_mutations(s, seat, rng)
        if seat == NO or self.mutation[seat] != ADORABLE:
            pool = self.tokens_unseen[:]
            m = self.peeked
            while m:
                low = m & -m
                r = low.bit_length() - 1
                value = _draw(pool, rng) + 1
                s.token[r] = value
                m ^= low
        return s

    def _sample_spies(self, s: Self, seat: int, rng: Rng) -> None:
        """Other seats' Spy cards, the removed ones and the deck: a random split of the cards
        ``seat`` has not seen, each hand keeping its size (and the active player's count of
        cards got this turn). When no other seat holds a Spy card and none is removed, every
        unseen card is in the deck, which is then known as it is (``unseen_spies``)."""
        k = NUM_SPY_KINDS
        n = self.cfg.players
        spies = self.spies
        counts = [sum(spies[k * other : k * other + k]) for other in range(n)]
        if seat != NO:
            counts[seat] = 0
        if not any(counts) and not any(self.spy_removed):
            return
        unseen = self.unseen_spies(seat)
        for other in range(n):
            if other == seat:
                continue
            hand = [0] * k
            for _ in range(counts[other]):
                hand[_draw(unseen, rng)] += 1
            s.spies[k * other : k * other + k] = hand
            if other == self.active:
                fresh_total = sum(self.fresh)
                fresh = [0] * k
                pool = hand[:]
                for _ in range(fresh_total):
                    fresh[_draw(pool, rng)] += 1
                s.fresh = fresh
        removed = [0] * k
        for _ in range(sum(self.spy_removed)):
            removed[_draw(unseen, rng)] += 1
        s.spy_removed = removed
        s.spy_deck = unseen

    def unseen_spies(self, seat: int) -> list[int]:
        """Spy cards per kind that ``seat`` has not seen: the deck's make-up less the discard
        pile, the revealed VP Spies and ``seat``'s own hand (other hands, the removed cards
        and the deck together)."""
        deck, discard = self.cfg.spy_deck, self.spy_discard
        unseen = [total - gone for total, gone in zip(deck, discard, strict=True)]
        for mask in self.revealed:
            while mask:
                low = mask & -mask
                unseen[low.bit_length() - 1] -= 1
                mask ^= low
        if seat != NO:
            b = NUM_SPY_KINDS * seat
            for card, held in enumerate(self.spies[b : b + NUM_SPY_KINDS]):
                unseen[card] -= held
        return unseen

    def _sample_mutations(self, s: Self, seat: int, rng: Rng) -> None:
        """Other seats' dealt Mutations: their chosen ones are public; the rest is redrawn
        from the cards ``seat`` has not seen."""
        dealt = self.dealt
        if not any(dealt):
            return
        seen = 0 if seat == NO else dealt[seat]
        for m in self.mutation:
            if m != NO:
                seen |= 1 << m
        unseen = [m for m in range(NUM_MUTATIONS) if not seen >> m & 1]
        for other in range(self.cfg.players):
            if other == seat:
                continue
            chosen = self.mutation[other]
            mask = 0 if chosen == NO else 1 << chosen
            for _ in range(dealt[other].bit_count() - (chosen != NO)):
                mask |= 1 << unseen.pop(rng.randrange(len(unseen)))
            s.dealt[other] = mask


def _draw(pool: list[int], rng: Rng) -> int:
    """Remove one item from the multiset ``pool`` (counts per index), uniformly; its index."""
    pick = rng.randrange(sum(pool))
    for index, count in enumerate(pool):
        if pick < count:
            pool[index] -= 1
            return index
        pick -= count
    raise AssertionError("drawing from an empty pool")
