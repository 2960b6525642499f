"""Nukes (FR-9): a launch, its target, Hacking (FR-9.5), the damage (a Pocket Nuke's allocated
by its victim, FR-R45), the exchange of nuke-backs that follows (FR-9.4), and the Nukiest
Award (FR-9.3).
"""

from __future__ import annotations

from farmstead.games.farms_race.actions import PASS
from farmstead.games.farms_race.layout import (
    BUILD_NUKE_BACK,
    DERANGED,
    HACK,
    HACKING,
    HYPER_INTELLIGENT,
    NO,
    NUKE_BUILT,
    NUKE_POCKET,
    NUKE_RESPONSE,
    NUKE_TARGET,
    NUKE_TOKEN,
    OVER,
    POCKET_ALLOCATE,
    POCKET_NUKE,
    RADIOACTIVE,
    REVEAL,
)
from farmstead.games.farms_race.rules.board import BoardRules
from farmstead.games.farms_race.rules.legal import LegalRules
from farmstead.games.farms_race.rules.spies import SpyRules
from farmstead.games.farms_race.rules.victory import VictoryRules


class NukeRules(SpyRules, VictoryRules, LegalRules, BoardRules):
    """A nuke from launch to the end of the exchange it opens."""

    __slots__ = ()

    def _launch(self, launcher: int, source: int) -> None:
        """FR-9.1: a ready token is spent, a Pocket Nuke card played; a Nuke built for a
        nuke-back is paid for first (FR-R38). Then the target."""
        if source == NUKE_BUILT:
            self._start_build(BUILD_NUKE_BACK, NO)
            return
        if source == NUKE_TOKEN:
            self.nukes_ready[launcher] -= 1
            self.nukes_spent[launcher] += 1
        else:
            self._discard_spy(launcher, POCKET_NUKE)
        self._aim_nuke(launcher, source)

    def _aim_nuke(self, launcher: int, kind: int) -> None:
        self.nuke_launcher = launcher
        self.nuke_kind = kind
        self.nuke_target = NO
        self.phase = NUKE_TARGET
        self.decider = launcher

    def _aim(self, region: int) -> None:
        """FR-9.4 steps 1-3: the target is declared; its controller (if another player) is the
        victim, who may play Hacking first."""
        self.nuke_target = region
        self.nuked |= 1 << region
        holder = self.owner[region]
        victim = holder if holder != NO and holder != self.nuke_launcher else NO
        self.nuke_victim = victim
        if (
            victim != NO
            and self.spy_count(victim)
            and self.mutation[victim] != RADIOACTIVE
            and (self.herds_in(region) or self._nukable_humans(region, hacked=False))
        ):
            self.phase = HACK
            self.decider = victim
            return
        self._detonate(hacked=False)

    def _hack(self, played: bool) -> None:
        """FR-9.5, FR-R14: Hacking cancels the nuke's damage to its player's units."""
        if played:
            self._discard_spy(self.nuke_victim, HACKING)
        self._detonate(hacked=played)

    def _detonate(self, hacked: bool) -> None:
        """FR-9.2: 1 damage to every unit in the target (a Pocket Nuke: 2, allocated by the
        victim, FR-10, FR-R45). Nukes never destroy buildings."""
        t = self.nuke_target
        self.nuke_hacked = hacked
        if self.nuke_kind == NUKE_POCKET:
            if self.owner[t] == NO:
                if self._nukable_humans(t):
                    if self.face_down >> t & 1 and not self.peeked >> t & 1:
                        self.phase = REVEAL  # FR-10: reveal the token, kill 2 humans
                        self.decider = NO
                        return
                    self._make_public(t)
                    self._pocket_humans(self.token[t])
                self._after_nuke()
                return
            self.nuke_points = 2
            self.nuke_humans = self.token[t] if self._nukable_humans(t, hacked) else 0
            self._pocket_next()
            return
        if self._nukable_herds(t, hacked):
            # healthy herds become injured, injured herds die (acted or not)
            dead = self.injured_ready[t] + self.injured_acted[t]
            self.injured_ready[t], self.injured_acted[t] = (
                self.healthy_ready[t],
                self.healthy_acted[t],
            )
            self.healthy_ready[t] = self.healthy_acted[t] = 0
            self.herds_left[self.owner[t]] += dead
        if self._nukable_humans(t, hacked):
            self._return_token(t)  # every human dies (FR-9.2)
        self._after_nuke()

    def _pocket_next(self) -> None:
        """FR-R45: the victim (or the launcher, on its own region) allocates the points left;
        points no unit can take are lost."""
        t = self.nuke_target
        hp = self.nuke_humans
        if self._nukable_herds(t, self.nuke_hacked):
            hp += (
                2 * (self.healthy_ready[t] + self.healthy_acted[t])
                + self.injured_ready[t]
                + self.injured_acted[t]
            )
        if not self.nuke_points or not hp:
            self._end_pocket()
            return
        choices = self._pocket_hits()
        if len(choices) == 1:
            self._pocket_hit(self.cfg.layout.decode(choices[0])[1])
            return
        self.phase = POCKET_ALLOCATE
        self.decider = self.owner[t]

    def _pocket_hit(self, cls: int) -> None:
        """One Pocket Nuke point: a healthy herd injured, an injured herd killed (herds that
        have acted first), or a human killed."""
        t = self.nuke_target
        if cls == 0:
            if self.healthy_acted[t]:
                self.healthy_acted[t] -= 1
                self.injured_acted[t] += 1
            else:
                self.healthy_ready[t] -= 1
                self.injured_ready[t] += 1
        elif cls == 1:
            if self.injured_acted[t]:
                self.injured_acted[t] -= 1
            else:
                self.injured_ready[t] -= 1
            self.herds_left[self.owner[t]] += 1
        else:
            self.nuke_humans -= 1
        self.nuke_points -= 1
        self._pocket_next()

    def _end_pocket(self) -> None:
        """Adorable's humans after a Pocket Nuke: a face-up token of the survivors, which
        makes the old value public; none left, the token goes (FR-11, FR-R45)."""
        t = self.nuke_target
        before = self.token[t]
        if self._nukable_humans(t, self.nuke_hacked) and self.nuke_humans != before:
            if self.nuke_humans:
                self._make_public(t)
                self._return_token(t)
                self._place_face_up(t, self.nuke_humans)
            else:
                self._return_token(t)
        self._after_nuke()

    def _pocket_humans(self, value: int) -> None:
        """FR-T34: a Pocket Nuke on a human-held token: "3" becomes a face-up "1", "2" and "1"
        are removed."""
        t = self.nuke_target
        self._return_token(t)
        if value > 2:
            self._place_face_up(t, value - 2)

    def _after_nuke(self) -> None:
        """FR-9.4 steps 5-6: eliminations and victory; the victim's response opportunity."""
        t = self.nuke_target
        launcher = self.nuke_launcher
        victim = self.nuke_victim
        self._update_owner(t)
        self.nuke_launcher = self.nuke_kind = self.nuke_target = self.nuke_victim = NO
        self.nuke_points = self.nuke_humans = 0
        self.nuke_hacked = False
        for seat in sorted({victim, launcher} - {NO}):
            self._check_eliminated(seat, end_turn=False)
        if self.phase == OVER:
            return
        if victim != NO and self.alive(victim) and self._could_respond(victim):
            self.nuke_responses = (*self.nuke_responses, (victim, launcher, t))
        self._next_response()

    def _next_response(self) -> None:
        """FR-9.4 step 7: the opportunity on top of the stack; the exchange ends when it is
        empty."""
        while self.nuke_responses:
            responder, nuker, nuked = self.nuke_responses[-1]
            if self.alive(responder) and self.nuke_back_targets(responder, nuker, nuked):
                self.phase = NUKE_RESPONSE
                self.decider = responder
                return
            self.nuke_responses = self.nuke_responses[:-1]
        self._resume()

    def _respond(self, kind: int, arg: int) -> None:
        if kind == PASS:
            self.nuke_responses = self.nuke_responses[:-1]
            self._next_response()
            return
        self._launch(self.nuke_responses[-1][0], arg)

    def _could_respond(self, seat: int) -> bool:
        """Whether public facts leave ``seat`` a way to nuke back: a ready token, a Spy card
        (perhaps a Pocket Nuke) or as many cards as a Nuke can cost it (§16 prompt hygiene)."""
        c = self.cfg
        cost = sum(c.build_costs[BUILD_NUKE_BACK])
        if self.mutation[seat] == DERANGED:
            cost += c.deranged_extra
        elif self.mutation[seat] == HYPER_INTELLIGENT:
            cost = min(cost, c.hyper_cards)
        return bool(self.nukes_ready[seat] or self.spy_count(seat) or self.hand_size(seat) >= cost)

    def _update_nukiest(self, seat: int) -> None:
        """FR-9.3, FR-R15: the first owner of a Nuke token takes the Award; it moves only to a
        player with strictly more tokens (spent ones count; FR-R51: an eliminated holder keeps
        it until surpassed)."""
        holder = self.nukiest
        if holder == NO or (holder != seat and self.nuke_tokens(seat) > self.nuke_tokens(holder)):
            self.nukiest = seat
            self._check_win(seat)
