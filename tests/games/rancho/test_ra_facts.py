"""The facts of finished Rancho games for balance reports (``core.facts``), checked against the
games themselves: the end by a full herd (RA-R43) or the round cap (RA-R45), the first player
(RA-R5), the herds of the score sheet and the farms (RA-R1)."""

from __future__ import annotations

import pytest
from ra_helpers import act, game, horse, position, rabbits, roll, sheep

from facts_kit import turns_seen
from farmstead.core.facts import GameFacts
from farmstead.core.record import GameRecord
from farmstead.core.registry import registration
from farmstead.games.rancho.facts import END_REASONS, FULL_HERD, ROUND_CAP, game_facts
from farmstead.games.rancho.game import RanchoState
from farmstead.lab.play import play_game

ANIMAL_KEYS = ("rabbit", "sheep", "cow", "horse")
PART_KEYS = (*ANIMAL_KEYS, "small_dog", "large_dog")


def played(players: int, seed: int, **params: object) -> tuple[GameRecord, RanchoState]:
    """A random game (the first player drawn by chance) and its final position."""
    record = play_game(game(players, first_player="random", **params), ["random"] * players, seed)
    final = record.replay()
    assert isinstance(final, RanchoState)
    return record, final


def check_against_the_game(record: GameRecord, final: RanchoState) -> GameFacts:
    facts = game_facts(final, record.actions)
    n = final.cfg.num_players
    assert facts.end in END_REASONS
    assert len(facts.seats) == n
    # RA-R5: order 0 took the first decision of play; the others follow in turn order.
    marks = turns_seen(record, first_turn=0)
    first_seat = marks[0][1]
    assert facts.seats[first_seat].order == 0
    assert sorted(seat.order for seat in facts.seats) == list(range(n))
    for seat in range(n):
        assert facts.seats[seat].order == (seat - first_seat) % n
    # A turn of every seat in every round; the last round counts once begun.
    assert facts.turns == len(marks)
    assert facts.rounds == marks[-1][0] + 1
    # The score sheet's herds and verdict (RA-R43, RA-R45).
    score_sheet = registration("rancho").score_sheet
    assert score_sheet is not None
    sheet = score_sheet(final, [f"S{s}" for s in range(n)])
    rows = {row.label: row.values for row in sheet.rows}
    labels = [label for label in rows if label != ""]
    for seat, seat_facts in enumerate(facts.seats):
        assert tuple(seat_facts.score_parts) == PART_KEYS
        for key, label in zip(PART_KEYS, labels, strict=True):
            assert seat_facts.score_parts[key] == float(rows[label][seat].split()[0])
        kinds = sum(1 for key in ANIMAL_KEYS if seat_facts.score_parts[key] > 0)
        assert seat_facts.score == kinds
        assert sheet.scores[seat] in ("full herd", f"{kinds} of 4 kinds")
        # RA-R1: the seat's farm colour, a colour of the data.
        assert seat_facts.traits == {"farm": final.to_json()["seats"][seat]["colour"]}
        assert seat_facts.items == {}
    returns = final.returns()
    if facts.end == FULL_HERD:
        assert "won with a rabbit, a sheep, a cow and a horse" in sheet.summary
        winner = returns.index(1.0)
        assert facts.seats[winner].score == 4.0
        assert all(seat.score is not None and seat.score <= 4.0 for seat in facts.seats)
    else:
        assert sheet.summary.startswith("A draw")
        assert returns == [0.0] * n
        assert facts.rounds == final.cfg.max_rounds
        assert facts.turns == final.cfg.max_rounds * n
    return facts


@pytest.mark.parametrize(("players", "seed"), [(2, 10), (3, 59)])
def test_RA_R43_facts_of_random_games_won_by_a_full_herd(players, seed):
    record, final = played(players, seed)
    facts = check_against_the_game(record, final)
    assert facts.end == FULL_HERD
    assert facts.to_json() == record.facts  # the record carries the same facts


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (4, 3)])
def test_RA_R45_facts_of_random_games_ended_by_the_round_cap(players, seed):
    record, final = played(players, seed, max_rounds=6)
    facts = check_against_the_game(record, final)
    assert facts.end == ROUND_CAP
    assert (facts.rounds, facts.turns) == (6, 6 * players)


def test_RA_R43_facts_of_a_win_placing_the_last_kind():
    """RA-R43: seat 0, first, wins in its first turn by placing a bred cow."""
    state = position(
        pastures={0: ["P33", "P32", "P14", "P13", "P31"]},
        pieces=[rabbits("P32", 1), sheep("P14"), horse("F1a", "F1b", "P33")],
    )
    roll(state, "cow", "cow")
    act(state, {"type": "PLACE_COW", "cells": ["P13", "P31"]})
    facts = game_facts(state, [])
    assert (facts.end, facts.rounds, facts.turns) == (FULL_HERD, 1, 1)
    assert [seat.order for seat in facts.seats] == [0, 1]
    assert [seat.score for seat in facts.seats] == [4.0, 0.0]
    assert facts.seats[0].score_parts == {
        "rabbit": 1.0,
        "sheep": 1.0,
        "cow": 1.0,
        "horse": 1.0,
        "small_dog": 0.0,
        "large_dog": 0.0,
    }
    assert [seat.traits["farm"] for seat in facts.seats] == list(state.cfg.colours)


def test_RA_R45_facts_of_a_draw_at_the_round_cap_with_a_later_first_player():
    """RA-R45, RA-R5: seat 1 starts; two quiet rounds of three players end the game."""
    state = game(3, first_player="1", max_rounds=2).new_initial_state()
    for _ in range(6):
        act(state, {"type": "ROLL"})
        state.apply_action(3 * 6 + 2)  # horse + cow: nothing breeds
        act(state, {"type": "END_TURN"})
    assert state.is_terminal()
    facts = game_facts(state, [])
    assert (facts.end, facts.rounds, facts.turns) == (ROUND_CAP, 2, 6)
    assert [seat.order for seat in facts.seats] == [2, 0, 1]
    assert [seat.score for seat in facts.seats] == [2.0, 2.0, 2.0]  # the starting rabbit and sheep
