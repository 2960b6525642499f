"""The facts of a finished Rancho game for balance reports (``core.facts``).

Why the game ended (``end``):

* ``full_herd`` — a seat had a rabbit, a sheep, a cow and a horse placed on its own spaces
  and won at once (RA-R43);
* ``round_cap`` — nobody had by the end of round ``max_rounds``: a draw (RA-R45).

``rounds`` are the rounds played, the one the game ended in included (a round is every seat's
turn once, from the first player, RA-R5); ``turns`` the turns the seats began. Per seat:
``order`` is its place after the first player, the seat drawn (or set) to start (RA-R5);
``score`` the kinds of animal it had placed at the end (0 to 4; the winner's 4, RA-R43);
``score_parts`` the score sheet's rows: the animals of each kind placed on its spaces and the
dogs it owned (``rabbit`` … ``horse``, ``small_dog``, ``large_dog``; the score counts the
animal parts above 0); ``traits`` its farm's colour (``farm``, RA-R1). Rancho has no cards, so
no items. Everything comes from the final position: nothing is replayed.
"""

from __future__ import annotations

from collections.abc import Sequence

from farmstead.core.facts import GameFacts, SeatFacts
from farmstead.core.game import State
from farmstead.games.rancho.layout import ANIMALS, KINDS, LARGE_DOG, SMALL_DOG
from farmstead.games.rancho.rules import RanchoRules

FULL_HERD = "full_herd"
ROUND_CAP = "round_cap"
END_REASONS = (FULL_HERD, ROUND_CAP)


def game_facts(final: State, actions: Sequence[int]) -> GameFacts:
    """The facts of the finished game whose terminal position is ``final`` (see the module
    docstring); ``actions`` are not needed."""
    assert isinstance(final, RanchoRules) and final.is_terminal()
    n = final.cfg.num_players
    won = final.winner >= 0
    # The game ends inside the winner's turn (RA-R43) or after the last full round (RA-R45).
    in_progress = (final.active - final.first) % n + 1 if won else 0
    return GameFacts(
        end=FULL_HERD if won else ROUND_CAP,
        rounds=final.round + (1 if won else 0),
        turns=final.round * n + in_progress,
        seats=tuple(_seat_facts(final, seat) for seat in range(n)),
    )


def _seat_facts(final: RanchoRules, seat: int) -> SeatFacts:
    n = final.cfg.num_players
    parts = {KINDS[kind]: float(final.placed[4 * seat + kind]) for kind in ANIMALS}
    for dog in (SMALL_DOG, LARGE_DOG):
        parts[KINDS[dog]] = float(final.owned(seat, dog))
    return SeatFacts(
        order=(seat - final.first) % n,
        score=float(sum(1 for kind in ANIMALS if final.placed[4 * seat + kind])),
        score_parts=parts,
        traits={"farm": final.cfg.colours[seat].lower()},
    )
