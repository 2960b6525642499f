"""Livestock Uprising: information sets: positions a seat cannot tell apart from the true one,
drawn for search (LU-R2, LU-R3, LU-R5)."""

from __future__ import annotations

from typing import Self

from farmstead.core.errors import SamplingError
from farmstead.core.rng import Rng
from farmstead.games.livestock_uprising.layout import NO
from farmstead.games.livestock_uprising.rules.state import RulesState


class InformationRules(RulesState):
    """``sample_consistent``: the hidden cards a seat has not seen, redealt."""

    __slots__ = ()

    def sample_consistent(self, seat: int, rng: Rng) -> Self:
        """A state ``seat`` cannot tell from this one, drawn uniformly: every hidden card that
        ``seat`` has not seen (LU-R2, LU-R3, LU-R5) is redealt from the cards it has not seen,
        Command cards for Command cards and Battle Plans for Battle Plans. What ``seat`` knows
        stays: its own cards, the played ones, what Espionage showed it. The true hidden cards
        are read only as members of the unseen set, never kept."""
        s = self.clone()
        if seat != self.current_player():
            # The seat to move knows its own legal actions; anyone else's may rest on its cards.
            s._legal_cache = None
        cat = self.cfg.catalog
        n = self.cfg.num_players
        command = cat.command_cards
        seen: set[int] = set(self.played) | set(self.holds(seat))
        seen |= {card for card, owner, by in self.gone if by == seat or owner == seat}
        fixed: list[list[int]] = [[] for _ in range(n)]
        for other in range(n):
            known = self.known[seat * n + other]
            if other != seat and known is not None:
                fixed[other] = list(known)
                seen |= set(known)
        commands = [c for c in range(command) if c not in seen]
        plans = [c for c in range(command, len(cat.cards)) if c not in seen]

        def draw(pool: list[int], what: str) -> int:
            """One card taken uniformly from ``pool`` (the last one moves into its place)."""
            if not pool:
                raise SamplingError(f"no unseen {what} is left to redeal: an impossible position")
            index = rng.randrange(len(pool))
            card = pool[index]
            pool[index] = pool[-1]
            pool.pop()
            return card

        for other in range(n):
            if other == seat:
                continue
            mine = [c for c in fixed[other] if c < command]
            need = len(self.hands[other]) - len(mine)
            if need < 0:
                raise SamplingError(f"seat {other} holds fewer cards than seat {seat} has seen")
            s.hands[other] = tuple(
                sorted(mine + [draw(commands, "Command card") for _ in range(need)])
            )
            if self.plans[other] != NO:
                plan = [c for c in fixed[other] if c >= command]
                s.plans[other] = plan[0] if plan else draw(plans, "Battle Plans card")
        # Cards that left the game unseen by ``seat`` are redealt too (their kind is public).
        s.gone = [
            (
                card
                if by == seat or owner == seat
                else draw(commands, "Command card")
                if card < command
                else draw(plans, "Battle Plans card"),
                owner,
                by,
            )
            for card, owner, by in self.gone
        ]
        # What the other seats saw by Espionage, redrawn from their sampled hands.
        for viewer in range(n):
            for other in range(n):
                known = self.known[viewer * n + other]
                if viewer == seat or other == seat or known is None:
                    continue
                commands_seen = sum(1 for c in known if c < command)
                plan_seen = any(c >= command for c in known)
                picked = list(s.hands[other][:commands_seen])
                if plan_seen:
                    picked.append(s.plans[other])
                s.known[viewer * n + other] = tuple(picked)
        return s
