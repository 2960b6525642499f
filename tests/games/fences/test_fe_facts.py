"""The facts of finished Fences games for balance reports (``core.facts``), checked against the
games themselves: the end after the last tile (FE-R58) with one winner, a shared win or a draw
(FE-R60), the first player (FE-R33), the points of the score sheet (FE-R48 … FE-R53) and the
farmer cards (FE-R31)."""

from __future__ import annotations

from collections import Counter

import pytest
from fe_helpers import BLUE, YELLOW, game, pass_action, place, position

from facts_kit import turns_seen
from farmstead.core.facts import GameFacts
from farmstead.core.record import GameRecord
from farmstead.core.registry import registration
from farmstead.games.fences.facts import (
    DRAW,
    END_REASONS,
    LAST_TILE,
    SHARED_WIN,
    game_facts,
    id_words,
)
from farmstead.games.fences.game import FencesState
from farmstead.lab.play import play_game


def check_against_the_game(record: GameRecord) -> GameFacts:
    final = record.replay()
    assert isinstance(final, FencesState)
    facts = game_facts(final, record.actions)
    assert facts.to_json() == record.facts
    assert facts.end in END_REASONS
    n = final.cfg.num_players
    doc = final.to_json()
    # FE-R33: order 0 lays the first tile; turns then go round in seat order.
    marks = turns_seen(record)
    first = marks[0][1]
    for seat in range(n):
        assert facts.seats[seat].order == (seat - first) % n
    # FE-R34: one tile laid per turn; random games here never get stuck (FE-R37).
    assert not doc["discards"]
    assert facts.turns == len(doc["board"]) == len(marks)
    assert facts.rounds == max(Counter(seat for _, seat in marks).values())
    # The score sheet: totals, farmer bonuses with the card's name, and the verdict (FE-R60).
    score_sheet = registration("fences").score_sheet
    assert score_sheet is not None
    sheet = score_sheet(final, [f"S{s}" for s in range(n)])
    rows = {row.label: row.values for row in sheet.rows}
    farmer_names = {id_words(card.name) for card in final.cfg.farmers}
    for seat, seat_facts in enumerate(facts.seats):
        assert sheet.scores[seat].split()[0] == f"{seat_facts.score:.0f}"
        assert sum(seat_facts.score_parts.values()) == seat_facts.score
        bonus, card = rows["Farmer card bonuses"][seat].split(" ", 1)
        assert seat_facts.score_parts["farmer"] == float(bonus)
        assert seat_facts.traits == {"farmer": id_words(card.strip("()"))}
        assert seat_facts.traits["farmer"] in farmer_names
        fields = sum(
            int(values[seat] or 0) for label, values in rows.items() if label.startswith("Field ")
        )
        assert seat_facts.score_parts["fields"] == fields
        assert seat_facts.items == {}
    scores = [seat.score or 0.0 for seat in facts.seats]
    leaders = [seat for seat in range(n) if scores[seat] == max(scores)]
    if facts.end == LAST_TILE:
        assert " won with " in sheet.summary
        assert final.returns()[leaders[0]] == 1.0 and len(leaders) == 1
    elif facts.end == SHARED_WIN:
        assert " share the win " in sheet.summary
        assert 1 < len(leaders) < n
    else:
        assert sheet.summary.startswith("A draw")
        assert final.returns() == [0.0] * n
    return facts


@pytest.mark.parametrize(
    ("players", "seed", "end"),
    [
        (2, 0, LAST_TILE),
        (3, 0, LAST_TILE),
        (4, 2, LAST_TILE),
        (3, 8, SHARED_WIN),
        (4, 12, SHARED_WIN),
        (2, 1, DRAW),
        (4, 8, DRAW),
    ],
)
def test_FE_R58_R60_facts_of_random_games(players, seed, end):
    """FE-R58, FE-R60, FE-R33: random games with the first player drawn by chance."""
    record = play_game(game(players, first_player="random"), ["random"] * players, seed)
    assert check_against_the_game(record).end == end


def test_FE_T12_facts_of_the_last_tile_with_a_tie_and_with_a_leader():
    """FE-T12: the last tile completes nothing; 41-41 is a draw between two seats, 42-41 a win.
    Seven tiles were laid: four rounds of two seats, the last one begun."""
    for scores, end in (([41, 41], DRAW), ([42, 41], LAST_TILE)):
        state = position(
            game(2),
            [
                ("F03", 0, 0, 0),
                ("F07", 0, 1, 0),
                ("F07", 0, -1, 2),
                ("F07", 1, 0, 1),
                ("F19", -1, 0, 0),
                ("F19", 1, -1, 3),
            ],
            barns=[(BLUE, 0, 0, 0)],
            hands={BLUE: ["F20"], YELLOW: []},
            active=BLUE,
            supply={},
            scores=scores,
        )
        place(state, "F20", 0, 2, 2)
        state.apply_action(pass_action(state))
        assert state.is_terminal()
        facts = game_facts(state, [])
        assert (facts.end, facts.turns, facts.rounds) == (end, 7, 4)
        assert [seat.score for seat in facts.seats] == [float(s) for s in scores]
        assert [seat.order for seat in facts.seats] == [0, 1]
