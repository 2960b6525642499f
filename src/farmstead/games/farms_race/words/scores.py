"""The Farms Race score sheet at the end of a game: the VP race by source (FR-12)."""

from __future__ import annotations

from collections.abc import Sequence

from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.games.farms_race.rules import FRRules


def score_sheet(state: FRRules, names: Sequence[str]) -> ScoreSheet:
    """The VP race at the end (FR-12): each seat's visible VP by source, its hidden VP Spies
    (shown once the game is over, FR-16), and how the game ended — the target reached, the last
    player standing (FR-R53) or the round limit (FR-R54, hidden VP Spies counted)."""
    c = state.cfg
    n = c.players
    seats = range(n)
    barns = [c.barns - state.barns_left[s] for s in seats]
    armories = [c.armories - state.armories_left[s] for s in seats]
    revealed = [state.revealed[s].bit_count() for s in seats]
    hidden = [state.hidden_vp(s) for s in seats]
    rows = (
        ScoreRow("Barns (1 VP each)", tuple(str(barns[s]) for s in seats)),
        ScoreRow("Armories (2 VP each)", tuple(str(armories[s]) for s in seats)),
        ScoreRow("VP tokens (conquests)", tuple(str(state.vp_tokens[s]) for s in seats)),
        ScoreRow("Nukiest Award", tuple("1" if state.nukiest == s else "" for s in seats)),
        ScoreRow("Revealed VP Spies", tuple(str(revealed[s]) for s in seats)),
        ScoreRow("Hidden VP Spies", tuple(str(hidden[s]) for s in seats)),
        ScoreRow(
            "Still in the game", tuple("yes" if state.alive(s) else "eliminated" for s in seats)
        ),
    )
    scores = tuple(f"{state.visible_vp(s)} VP" for s in seats)
    winners = list(state.winners)
    who = " and ".join(names[s] for s in winners)
    alive = [s for s in seats if state.alive(s)]
    if len(alive) == 1 and winners == alive:
        summary = f"{who} won: the last player standing."
    elif any(state.visible_vp(s) >= c.target_vp for s in winners):
        summary = f"{who} won, reaching {c.target_vp} VP."
    else:
        share = " share the win" if len(winners) > 1 else " won"
        summary = (
            f"{who}{share} at the round limit ({c.max_rounds} rounds) with the most VP, hidden "
            "VP Spies counted (a proposed rule)."
        )
    return ScoreSheet(scores, summary, rows)
