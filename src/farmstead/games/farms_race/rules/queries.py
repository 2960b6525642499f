"""What a Farms Race position says without changing it: the public facts the views and bots
use (VP, hand sizes, what a seat may build, where herds may retreat and nukes may land), and the
queries several concerns of the rules share.
"""

from __future__ import annotations

from farmstead.games.farms_race.layout import (
    ADORABLE,
    BUILD_NUKE_BACK,
    DERANGED,
    HUMANS,
    HYPER_INTELLIGENT,
    NO,
    NUM_SPY_KINDS,
    RADIOACTIVE,
    VP_SPIES,
)
from farmstead.games.farms_race.rules.state import FRFields, covers


class FRQueries(FRFields):
    """The queries of a position, over its fields; none changes the position."""

    __slots__ = ()

    # --- public facts the views and bots use ----------------------------------------------
    def visible_vp(self, seat: int) -> int:
        """Visible VP (FR-12): Barns 1, Armories 2, VP tokens 1 each, the Nukiest Award 1,
        revealed VP Spies 1 each."""
        c = self.cfg
        return (
            (c.barns - self.barns_left[seat])
            + 2 * (c.armories - self.armories_left[seat])
            + self.vp_tokens[seat]
            + (self.nukiest == seat)
            + self.revealed[seat].bit_count()
        )

    def hidden_vp(self, seat: int) -> int:
        """``seat``'s VP Spies still hidden in its hand (its owner's knowledge, FR-R19)."""
        b = NUM_SPY_KINDS * seat
        return sum(self.spies[b + k] for k in VP_SPIES)

    def hand_size(self, seat: int) -> int:
        """Resource cards ``seat`` holds (public, FR-2.3)."""
        return sum(self.hands[5 * seat : 5 * seat + 5])

    def spy_count(self, seat: int) -> int:
        """Spy cards ``seat`` holds, hidden VP Spies included (public, FR-10)."""
        b = NUM_SPY_KINDS * seat
        return sum(self.spies[b : b + NUM_SPY_KINDS])

    def has(self, seat: int, mutation: int) -> bool:
        """Whether ``seat`` has (revealed) ``mutation`` (FR-11)."""
        return self.mutation[seat] == mutation

    def herds_in(self, region: int) -> int:
        """Herds on ``region`` (the combat's attackers not included)."""
        return (
            self.healthy_ready[region]
            + self.injured_ready[region]
            + self.healthy_acted[region]
            + self.injured_acted[region]
        )

    def humans_in(self, region: int) -> int:
        """Humans a face-up (or, for Adorable, peeked) token shows in ``region``; 0 else."""
        return self.token[region]

    def has_token(self, region: int) -> bool:
        """Whether ``region`` holds a Human token (face down or up)."""
        return bool(self.face_down >> region & 1 or self.token[region])

    def armories_of(self, seat: int) -> int:
        """Armories ``seat`` has on the map (FR-6.2: +1 damage each per roll)."""
        return self.cfg.armories - self.armories_left[seat]

    def nuke_tokens(self, seat: int) -> int:
        """Nuke tokens ``seat`` owns, ready and spent (FR-9.3)."""
        return self.nukes_ready[seat] + self.nukes_spent[seat]

    def seat_position(self, seat: int) -> int:
        """``seat``'s position in turn order (0 is seat 1 of the rules)."""
        return (seat - self.first) % self.cfg.players

    def alive(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game (FR-7.6)."""
        return not self.eliminated >> seat & 1

    def can_pay(self, seat: int, cost: tuple[int, ...]) -> bool:
        """Whether ``seat``'s hand covers ``cost`` (5 counts in resource order)."""
        return covers(self.hands[5 * seat : 5 * seat + 5], cost)

    def can_build(self, seat: int, build: int) -> bool:
        """Whether ``seat``'s cards pay for ``build`` in some way its Mutation allows (FR-8.1,
        FR-11: Deranged pays the total plus one of any kinds and never the normal cost;
        Hyper-Intelligent may also pay four of one kind)."""
        c = self.cfg
        cost = c.build_costs[build]
        if self.mutation[seat] == DERANGED:
            return self.hand_size(seat) >= sum(cost) + c.deranged_extra
        if self.can_pay(seat, cost):
            return True
        if self.mutation[seat] == HYPER_INTELLIGENT:
            b = 5 * seat
            return max(self.hands[b : b + 5]) >= c.hyper_cards
        return False

    def trade_rate(self, seat: int) -> int:
        """Cards of one kind ``seat`` gives the Supply for one (FR-8.2; Hyper-Intelligent 2)."""
        c = self.cfg
        return c.trade_rate_hyper if self.mutation[seat] == HYPER_INTELLIGENT else c.trade_rate

    def retreat_capacity(self) -> int:
        """Attacker herds the legal origins can take back (FR-6.6, FR-R9)."""
        owner = self.owner
        a = self.active
        return sum(n for o, n in self.combat_origins if owner[o] == a or owner[o] == NO)

    def defender_retreats(self) -> list[int]:
        """Regions the defending player may retreat to (FR-6.6, FR-R8; Adorable also into
        human-held regions, FR-R44; a defending Zombie only where its first zombie went,
        FR-R46)."""
        d = self.combat_defender
        owner = self.owner
        adj = self.cfg.adjacent[self.combat_region]
        own = [r for r in adj if owner[r] == d]
        options = own or [r for r in adj if owner[r] == NO and not self.has_token(r)]
        if self.mutation[d] == ADORABLE:
            options = sorted(
                set(options) | {r for r in adj if owner[r] == NO and self.has_token(r)}
            )
        if self.combat_zombie_retreat != NO:
            return [r for r in options if r == self.combat_zombie_retreat]
        return options

    def nuke_targets(self, launcher: int) -> list[int]:
        """Regions ``launcher`` may nuke on its own turn or as North Korean (FR-9.1, FR-R12):
        any region adjacent to one it controls (its own only when next to another of its)."""
        c = self.cfg
        mine = 0
        for r, o in enumerate(self.owner):
            if o == launcher:
                mine |= 1 << r
        reach = 0
        m = mine
        while m:
            low = m & -m
            reach |= c.adjacent_mask[low.bit_length() - 1]
            m ^= low
        return [r for r in range(c.regions) if reach >> r & 1]

    def nuke_back_targets(self, responder: int, nuker: int, nuked: int) -> list[int]:
        """Regions ``responder`` may nuke back (FR-R13): ``nuker``'s regions adjacent to the
        nuked region ``nuked`` or to a region ``responder`` controls."""
        c = self.cfg
        reach = c.adjacent_mask[nuked]
        for r, o in enumerate(self.owner):
            if o == responder:
                reach |= c.adjacent_mask[r]
        return [r for r in range(c.regions) if reach >> r & 1 and self.owner[r] == nuker]

    # --- queries the concerns share -------------------------------------------------------
    def _route_destinations(self) -> list[int]:
        """Origins that may take a retreating attacker herd back (FR-6.6, FR-R9)."""
        owner = self.owner
        a = self.active
        return [o for o, n in self.combat_origins if n > 0 and (owner[o] == a or owner[o] == NO)]

    def _defender_units(self) -> int:
        """Dice the defender rolls (FR-6.2): humans, or herds (plus Adorable's humans)."""
        if self.combat_defender == HUMANS:
            return self.combat_humans
        r = self.combat_region
        return self.healthy_ready[r] + self.injured_ready[r] + self.combat_humans

    def _richer_opponents(self, seat: int) -> list[int]:
        """Players still in the game with more visible VP than ``seat`` (FR-R19, FR-R50)."""
        mine = self.visible_vp(seat)
        return [
            v
            for v in range(self.cfg.players)
            if v != seat and self.alive(v) and self.visible_vp(v) > mine
        ]

    def _steal_victims(self) -> list[int]:
        a = self.active
        return [
            v for v in range(self.cfg.players) if v != a and self.alive(v) and self.hand_size(v) > 0
        ]

    def _fly_sources(self) -> list[int]:
        """Flying: regions with herds, while another region is controlled and flights are
        left (FR-11, FR-R59)."""
        a = self.active
        mine = [r for r in range(self.cfg.regions) if self.owner[r] == a]
        if len(mine) < 2 or self.flights >= self.cfg.herds:
            return []
        return [r for r in mine if self.healthy_ready[r] or self.injured_ready[r]]

    def _nukable_herds(self, region: int, hacked: bool = False) -> bool:
        """Whether a nuke hurts the herds in ``region``: not Radioactive's (FR-11), not a
        Hacking player's (FR-R14)."""
        holder = self.owner[region]
        if holder == NO or not self.herds_in(region) or self.mutation[holder] == RADIOACTIVE:
            return False
        return not (hacked and holder == self.nuke_victim)

    def _nukable_humans(self, region: int, hacked: bool = False) -> bool:
        """Whether a nuke hurts the humans in ``region``: not Adorable's own nukes (FR-R26),
        not when Adorable hacked it (FR-R14)."""
        if not self.has_token(region) or self.mutation[self.nuke_launcher] == ADORABLE:
            return False
        return not (hacked and self.owner[region] == self.nuke_victim != NO)

    def _payer(self) -> int:
        """The seat paying for the build in progress: a nuke-back responder, or the active
        player."""
        return self.nuke_responses[-1][0] if self.pay_build == BUILD_NUKE_BACK else self.active
