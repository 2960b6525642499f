"""The Livestock Uprising score sheet at the end of a game: the factions that survived and
their ranking (LU-R97, LU-R98)."""

from __future__ import annotations

from collections.abc import Sequence

from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.games.livestock_uprising.rules import LURules
from farmstead.games.livestock_uprising.words.names import faction_name


def score_sheet(state: LURules, names: Sequence[str]) -> ScoreSheet:
    """The factions at the end: which survived, and the LU-R98 ranking of the survivors
    (units, then printed ATK+DEF, then resource tokens). The last faction standing wins
    (LU-R97); at the stalemate round limit the best-ranked survivors win, ties sharing
    (LU-R98, a proposed rule)."""
    cfg = state.cfg
    n = cfg.num_players
    alive = [bool(state.alive[seat]) for seat in range(n)]
    units = [[u for slot in range(4) for u in state.units[4 * seat + slot]] for seat in range(n)]
    strength = [sum(cfg.atk[u] + cfg.defence[u] for u in units[seat]) for seat in range(n)]
    tokens = [sum(state.tokens[5 * seat : 5 * seat + 5]) for seat in range(n)]

    def if_alive(seat: int, text: str) -> str:
        return text if alive[seat] else "—"

    rows = (
        ScoreRow("Faction", tuple(faction_name(state, seat) for seat in range(n))),
        ScoreRow("Still in the game", tuple("yes" if a else "eliminated" for a in alive)),
        ScoreRow("Units", tuple(if_alive(s, str(len(units[s]))) for s in range(n))),
        ScoreRow("Printed ATK + DEF", tuple(if_alive(s, str(strength[s])) for s in range(n))),
        ScoreRow("Resource tokens", tuple(if_alive(s, str(tokens[s])) for s in range(n))),
    )
    winners = list(state.winners)
    scores = tuple(
        "won" if seat in winners else ("eliminated" if not alive[seat] else "lost")
        for seat in range(n)
    )
    who = " and ".join(names[seat] for seat in winners)
    if sum(alive) == 1 and winners:
        summary = f"{who} won: the last faction standing."
    elif len(winners) == n:
        summary = (
            f"A draw at the round limit ({cfg.round_limit} rounds): the survivors rank equal "
            "on units, printed ATK + DEF and tokens (stalemate rule, proposed)."
        )
    else:
        share = " share the win" if len(winners) > 1 else " won"
        summary = (
            f"{who}{share} at the round limit ({cfg.round_limit} rounds), ranked by units, then "
            "printed ATK + DEF, then tokens (stalemate rule, proposed)."
        )
    return ScoreSheet(scores, summary, rows)
