"""The facts of a finished Fences game for balance reports (``core.facts``).

Every game ends the same way: the supply and every hand are empty (FE-R58). ``end`` says how
the top score fell (FE-R60):

* ``last_tile`` — one seat has the highest score and wins;
* ``shared_win`` — several seats, not all, share the highest score and the win;
* ``draw`` — every seat has the same score.

``turns`` are the turns in which a tile was laid, one tile each (FE-R34; a turn that could only
discard its hand once the supply was out, FE-R37, lays none and is not counted); Fences has no
rounds of its own, so ``rounds`` are those turns shared out among the seats, rounded up (turns
pass in seat order from the first player, FE-R33). Per seat: ``order`` is its place after the
first player, the seat drawn (or set) to start (FE-R33); ``score`` its points (FE-R57), with
``score_parts`` ``fields`` (its shares of the completed fields' values, FE-R48 … FE-R52) and
``farmer`` (its farmer card's bonuses, FE-R53), adding up to the score; ``traits`` its farmer
card (``farmer``, the card's name in lower case with underscores, e.g. ``farmer_tim``, FE-R31).
No items: the tiles are shared, not owned. Everything comes from the final position: nothing
is replayed.
"""

from __future__ import annotations

from collections.abc import Sequence

from farmstead.core.facts import GameFacts, SeatFacts
from farmstead.core.game import State
from farmstead.games.fences.rules import FencesRules

LAST_TILE = "last_tile"
SHARED_WIN = "shared_win"
DRAW = "draw"
END_REASONS = (LAST_TILE, SHARED_WIN, DRAW)


def game_facts(final: State, actions: Sequence[int]) -> GameFacts:
    """The facts of the finished game whose terminal position is ``final`` (see the module
    docstring); ``actions`` are not needed."""
    assert isinstance(final, FencesRules) and final.is_terminal()
    n = final.cfg.num_players
    scores = final.scores
    leaders = scores.count(max(scores))
    end = LAST_TILE if leaders == 1 else DRAW if leaders == n else SHARED_WIN
    fields = [0] * n
    farmer = [0] * n
    for event in final.events:
        for seat, share in enumerate(event["shares"]):
            fields[seat] += share
        farmer[event["completer"]] += event["bonus"]
    turns = len(final.p_cell)
    return GameFacts(
        end=end,
        rounds=-(-turns // n),
        turns=turns,
        seats=tuple(
            SeatFacts(
                order=(seat - final.first) % n,
                score=float(scores[seat]),
                score_parts={"fields": float(fields[seat]), "farmer": float(farmer[seat])},
                traits={"farmer": id_words(final.cfg.farmers[final.farmers[seat]].name)},
            )
            for seat in range(n)
        ),
    )


def id_words(name: str) -> str:
    """A data item's name as a fact value: lower case, words joined by underscores ("Farmer
    Tim" -> "farmer_tim")."""
    return "_".join("".join(c if c.isalnum() else " " for c in name.lower()).split())
