"""The facts of a finished Animal Farm game for balance reports (``core.facts``).

Why the game ended (``end``):

* ``both_piles`` — a player held both feed piles in its base at the end of a turn and won
  (AF-R23);
* ``ply_limit`` — nobody had when turn ``max_plies`` ended: a draw (AF-R24);
* ``no_progress`` — with the option on, no pile changed zone for ``no_progress_plies`` turns
  in a row: a draw (AF-R24; the ply limit is named when both are reached at once).

``turns`` are the turns played (plies, setup excluded, AF-R24) and ``rounds`` the rounds begun,
a round being Player 1's turn and Player 2's (rules/animal_farm.md 5). Per seat: ``order`` is 0
for Player 1, the seat the coin toss (or ``first_player``) made Player 1, which sets up first
and moves first (AF-R1); ``score`` the feed piles held in the seat's own base at the end, loose
or carried by its own pigs (the winner's 2, AF-R23), with ``score_parts`` ``own_pile`` and
``captured_pile`` (its own pile and the opponent's, 0 or 1 each, adding up to the score).
Animal Farm deals nothing and has no cards: no traits, no items. Everything comes from the
final position: nothing is replayed.
"""

from __future__ import annotations

from collections.abc import Sequence

from farmstead.core.facts import GameFacts, SeatFacts
from farmstead.core.game import State
from farmstead.games.animal_farm.rules import AnimalFarmRules

BOTH_PILES = "both_piles"
PLY_LIMIT = "ply_limit"
NO_PROGRESS = "no_progress"
END_REASONS = (BOTH_PILES, PLY_LIMIT, NO_PROGRESS)


def game_facts(final: State, actions: Sequence[int]) -> GameFacts:
    """The facts of the finished game whose terminal position is ``final`` (see the module
    docstring); ``actions`` are not needed."""
    assert isinstance(final, AnimalFarmRules) and final.is_terminal()
    if any(final.returns()):
        end = BOTH_PILES
    elif final.ply >= final.cfg.max_plies:
        end = PLY_LIMIT
    else:
        end = NO_PROGRESS
    return GameFacts(
        end=end,
        rounds=(final.ply + 1) // 2,
        turns=final.ply,
        seats=tuple(_seat_facts(final, seat) for seat in (0, 1)),
    )


def _held_at_home(final: AnimalFarmRules, player: int, pile: int) -> bool:
    """AF-R23: ``pile`` lies in ``player``'s base, loose or carried by one of its pigs."""
    cfg = final.cfg
    cell = final.pile_location(pile)
    carrier = final.pile_carrier[pile]
    return (
        cell >= 0
        and cfg.zone_of[cell] == 2 * player
        and (carrier < 0 or cfg.unit_owner[carrier] == player)
    )


def _seat_facts(final: AnimalFarmRules, seat: int) -> SeatFacts:
    player = final.player_of(seat)
    own = float(_held_at_home(final, player, player))  # pile k is Player k + 1's
    captured = float(_held_at_home(final, player, 1 - player))
    return SeatFacts(
        order=player,
        score=own + captured,
        score_parts={"own_pile": own, "captured_pile": captured},
    )
