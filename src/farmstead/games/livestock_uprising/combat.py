"""Battle arithmetic (rules/livestock_uprising.md §7.2 - §7.4): pure functions over numbers, so
that the outcome rules can be tested on their own (LU-R40 … LU-R45)."""

from __future__ import annotations

from farmstead.games.livestock_uprising.layout import ATTACKER_WINS, DEFENDER_WINS, TIE

AUTO_WIN_SUM = 12  # a Super Army's two kept dice summing to 12 win (LU-R43)
AUTO_LOSS_SUM = 2  # and summing to 2 lose


def side_roll(dice: tuple[int, ...], keep_high: bool) -> int:
    """What a side's dice add to its strength: their sum, or the higher one when a General
    rolls 2 and keeps the higher (Longhorn Sentinel, LU-R41)."""
    if keep_high:
        return max(dice)
    return sum(dice)


def automatic_result(
    attacker_super_dice: tuple[int, ...] | None, defender_super_dice: tuple[int, ...] | None
) -> int | None:
    """LU-R43: the automatic result from the kept dice of the Super Armies that rolled (``None``
    for a side that is not a rolling Super Army), or ``None`` when strengths decide.

    ``A+``: the attacking Super Army rolled 12 or the defending one rolled 2; ``D+``: the
    defending Super Army rolled 12 or the attacking one rolled 2. Only ``A+``: attacker wins;
    only ``D+``: defender wins; both: a tie."""
    a = sum(attacker_super_dice) if attacker_super_dice else None
    d = sum(defender_super_dice) if defender_super_dice else None
    a_plus = a == AUTO_WIN_SUM or d == AUTO_LOSS_SUM
    d_plus = d == AUTO_WIN_SUM or a == AUTO_LOSS_SUM
    if a_plus and d_plus:
        return TIE
    if a_plus:
        return ATTACKER_WINS
    if d_plus:
        return DEFENDER_WINS
    return None


def compare(attack: int, defence: int, tie_wins_attack: bool) -> int:
    """LU-R44: higher strength wins; equal is a tie, or an attacker win with
    ``TIE_WINS_ATTACK``."""
    if attack > defence:
        return ATTACKER_WINS
    if defence > attack:
        return DEFENDER_WINS
    return ATTACKER_WINS if tie_wins_attack else TIE
