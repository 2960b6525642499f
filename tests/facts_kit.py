"""What the facts tests of every game share: the turns of a recorded game, read from the
engine's turn marks (``State.turn_mark``), against which each game checks its facts."""

from __future__ import annotations

from farmstead.core.record import GameRecord


def turns_seen(
    record: GameRecord, *, first_turn: int = 1, seatless_setup: bool = False
) -> list[tuple[int, int]]:
    """The (turn number, seat) of every turn in which a decision was taken, in order.

    Turns numbered below ``first_turn`` (a setup numbered 0) are left out. Every decision's
    mark must name a seat, except the setup's when ``seatless_setup`` (those are left out)."""
    marks: list[tuple[int, int]] = []
    state = record.load_game().new_initial_state()
    for action in record.actions:
        if not state.is_chance_node():
            mark = state.turn_mark()
            assert mark is not None
            if mark.seat is None:
                assert seatless_setup and mark.number < first_turn, mark
            elif mark.number >= first_turn and (not marks or marks[-1] != (mark.number, mark.seat)):
                marks.append((mark.number, mark.seat))
        state.apply_action(action)
    return marks
