"""The facts of finished Animal Farm games for balance reports (``core.facts``), checked against
the games themselves: the win with both feed piles (AF-R23), the draws by the ply limit and by no
progress (AF-R24), Player 1 by the coin toss (AF-R1) and the piles of the score sheet."""

from __future__ import annotations

import pytest
from af_helpers import N, S, build, game, play, select

from facts_kit import turns_seen
from farmstead.core.facts import GameFacts
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game, registration
from farmstead.games.animal_farm.actions import DROP, END_TURN, STOP
from farmstead.games.animal_farm.facts import (
    BOTH_PILES,
    END_REASONS,
    NO_PROGRESS,
    PLY_LIMIT,
    game_facts,
)
from farmstead.games.animal_farm.game import AnimalFarmState
from farmstead.lab.play import play_game

PIG1 = 0  # the slot of a player's first pig


def check_against_the_game(record: GameRecord) -> GameFacts:
    final = record.replay()
    assert isinstance(final, AnimalFarmState)
    facts = game_facts(final, record.actions)
    assert facts.to_json() == record.facts
    assert facts.end in END_REASONS
    # AF-R1: Player 1 (order 0) takes the first turn; the players alternate (section 5).
    marks = turns_seen(record)
    assert marks[0][0] == 1
    assert facts.seats[marks[0][1]].order == 0
    assert facts.seats[1 - marks[0][1]].order == 1
    assert [mark[1] for mark in marks] == [marks[0][1] ^ (i % 2) for i in range(len(marks))]
    assert facts.turns == len(marks)
    assert facts.rounds == (len(marks) + 1) // 2
    # The score sheet: the piles held at home (AF-R23) and the verdict.
    score_sheet = registration("animal_farm").score_sheet
    assert score_sheet is not None
    sheet = score_sheet(final, ["S0", "S1"])
    rows = {row.label: row.values for row in sheet.rows}
    at_home = rows["Feed piles held in the seat's own base"]
    for seat, seat_facts in enumerate(facts.seats):
        assert seat_facts.score == float(at_home[seat])
        assert seat_facts.score == sum(seat_facts.score_parts.values())
        assert set(seat_facts.score_parts) == {"own_pile", "captured_pile"}
        assert seat_facts.traits == {} and seat_facts.items == {}
    returns = final.returns()
    if facts.end == BOTH_PILES:
        assert " won after " in sheet.summary
        winner = returns.index(1.0)
        assert facts.seats[winner].score_parts == {"own_pile": 1.0, "captured_pile": 1.0}
        assert facts.seats[1 - winner].score == 0.0
    else:
        assert returns == [0.0, 0.0]
        assert all(seat.score is not None and seat.score < 2 for seat in facts.seats)
        if facts.end == PLY_LIMIT:
            assert "the turn limit" in sheet.summary
            assert facts.turns == final.cfg.max_plies
        else:
            assert "no feed pile changed zone" in sheet.summary
    return facts


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_AF_R23_facts_of_games_won_with_both_piles(seed):
    """AF-R23, AF-R1: the heuristic bot raids the random one; the coin toss picks Player 1."""
    record = play_game(game(first_player="coin_toss"), ["heuristic", "random"], seed)
    assert check_against_the_game(record).end == BOTH_PILES


@pytest.mark.parametrize("seed", [3, 4])
def test_AF_R24_facts_of_games_drawn_at_the_ply_limit(seed):
    record = play_game(game(first_player="coin_toss", max_plies=30), ["random"] * 2, seed)
    facts = check_against_the_game(record)
    assert (facts.end, facts.turns, facts.rounds) == (PLY_LIMIT, 30, 15)


@pytest.mark.parametrize("seed", [5, 6])
def test_AF_R24_facts_of_games_drawn_for_no_progress(seed):
    the_game = load_game("animal_farm", no_progress_plies=9)
    record = play_game(the_game, ["random"] * 2, seed)
    assert check_against_the_game(record).end == NO_PROGRESS


def test_AF_TV_13_facts_of_a_win_handed_to_player_2():
    """AF-TV-13: Player 1 (seat 1 here) drops its own pile in Player 2's base; Player 2 wins
    after one turn with both piles at home, its own one and the captured one."""
    state = build(p1={PIG1: (4, 7)}, f1="P1-pig-1", f2=(4, 10), player1_seat=1)
    play(state, select(PIG1), N, N, DROP, STOP, END_TURN)
    facts = game_facts(state, [])
    assert (facts.end, facts.turns, facts.rounds) == (BOTH_PILES, 1, 1)
    assert [seat.order for seat in facts.seats] == [1, 0]
    assert facts.seats[0].score_parts == {"own_pile": 1.0, "captured_pile": 1.0}
    assert facts.seats[1].score_parts == {"own_pile": 0.0, "captured_pile": 0.0}


def test_AF_TV_20_facts_of_a_draw_at_the_ply_limit_of_a_built_position():
    state = build(game(max_plies=2), p1={PIG1: (4, 5)}, f2="P1-pig-1")
    play(state, select(PIG1), S, STOP, END_TURN, END_TURN)
    facts = game_facts(state, [])
    assert (facts.end, facts.turns, facts.rounds) == (PLY_LIMIT, 2, 1)
    # Player 1 (seat 0) carries Player 2's pile in the neutral zone: it holds only its own.
    assert [seat.score for seat in facts.seats] == [1.0, 0.0]
    assert facts.seats[0].score_parts == {"own_pile": 1.0, "captured_pile": 0.0}
