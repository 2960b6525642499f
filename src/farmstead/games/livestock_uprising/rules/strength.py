"""Livestock Uprising: a battle's arithmetic: dice counts (LU-R41), strengths, the outcome
(LU-R40, LU-R43 … LU-R45) and the casualties it costs (LU-R52)."""

from __future__ import annotations

from farmstead.games.livestock_uprising.combat import automatic_result, compare, side_roll
from farmstead.games.livestock_uprising.layout import NO, SUPER_ARMY
from farmstead.games.livestock_uprising.rules.records import Battle
from farmstead.games.livestock_uprising.rules.state import RulesState


class StrengthRules(RulesState):
    """What a battle's sides count and roll, and who wins it; reads the battle, changes
    nothing."""

    __slots__ = ()

    def _dice_count(self, b: Battle, side: int) -> int:
        """LU-R41: 1 die for a General, 2 for a Super Army (3 with Fortune of War), 2 for a
        defending General with DEF_ROLL_2_KEEP_HIGH."""
        play = self.cfg.catalog.play
        if side == 0:
            if b.attacker % 4 == SUPER_ARMY:
                return play.super_army_dice + (1 if b.fortune[0] else 0)
            return play.general_dice
        if any(p % 4 == SUPER_ARMY for p in b.defenders):
            return play.super_army_dice + (1 if b.fortune[1] else 0)
        if self.keeps_high(b):
            return 2
        return play.general_dice

    def keeps_high(self, b: Battle) -> bool:
        """Whether the defending side rolls 2 dice and keeps the higher (Longhorn Sentinel)."""
        return any(
            p % 4 != SUPER_ARMY and self.has_effect(p, "DEF_ROLL_2_KEEP_HIGH") for p in b.defenders
        )

    def defence_total(self, b: Battle) -> int:
        """DEF of the defending piece or barn group (the duellist's alone in a Duel)."""
        if b.duel_on:
            unit = b.duel[2]
            return (self.cfg.defence[unit] if unit != NO else 0) + b.d_def
        return sum(self.defence_value(p) for p in b.defenders) + b.d_def

    def attack_total(self, b: Battle) -> int:
        """ATK of the attacker and the joint attackers (the duellist's alone in a Duel)."""
        if b.duel_on:
            unit = b.duel[0]
            return self.cfg.atk[unit] if unit != NO else 0
        return sum(self.attack_value(p) for p in (b.attacker, *b.joiners))

    def _no_defence(self, b: Battle) -> bool:
        """LU-R45: DEF with defence modifiers is 0: the defender loses without dice."""
        return self.defence_total(b) == 0

    def _outcome(self, b: Battle) -> int:
        """LU-R40, LU-R43, LU-R44."""
        a_sa = b.attacker % 4 == SUPER_ARMY
        d_sa = any(p % 4 == SUPER_ARMY for p in b.defenders)
        auto = automatic_result(
            tuple(b.a_dice) if a_sa else None, tuple(b.d_dice) if d_sa else None
        )
        if auto is not None:
            return auto
        attack = self.attack_total(b) + b.a_mod + sum(b.a_dice)
        defence = self.defence_total(b) + b.d_mod + side_roll(tuple(b.d_dice), self.keeps_high(b))
        tie_wins = b.attacker % 4 != SUPER_ARMY and self.has_effect(b.attacker, "TIE_WINS_ATTACK")
        return compare(attack, defence, tie_wins)

    def _casualty_count(self, b: Battle) -> int:
        """LU-R52: 1, or 2 when any Super Army takes part."""
        play = self.cfg.catalog.play
        pieces = (b.attacker, *b.joiners, *b.defenders)
        if any(p % 4 == SUPER_ARMY for p in pieces):
            return play.super_army_casualties
        return 1
