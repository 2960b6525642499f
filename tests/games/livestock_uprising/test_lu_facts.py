"""The facts of finished Livestock Uprising games for balance reports (``core.facts``), checked
against the games themselves: the end by the last faction standing (LU-R97) or the stalemate
rule (LU-R98), rounds and turns (LU-R26), the first player (LU-R11), the ranking of the score
sheet, the factions (LU-R7) and the cards and Special Forces each seat got and used (LU-R10,
LU-R69, LU-R75, LU-R80)."""

from __future__ import annotations

from collections import Counter

import pytest
from lu_helpers import act, pass_windows, roll, scenario

from facts_kit import turns_seen
from farmstead.core.facts import GameFacts
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game, registration
from farmstead.games.livestock_uprising.facts import (
    END_REASONS,
    LAST_STANDING,
    STALEMATE,
    game_facts,
    id_words,
)
from farmstead.games.livestock_uprising.game import LUState
from farmstead.lab.play import play_game

IN_RESERVE = "reserve"  # a Special Forces card's place in the position's JSON


def check_against_the_game(record: GameRecord) -> GameFacts:
    final = record.replay()
    assert isinstance(final, LUState)
    facts = game_facts(final, record.actions)
    assert facts.to_json() == record.facts
    assert facts.end in END_REASONS
    cat = final.cfg.catalog
    n = final.cfg.num_players
    # LU-R11: order 0 takes the first turn; LU-R26: rounds from 1, a turn per seat in each.
    marks = turns_seen(record, seatless_setup=True)
    first = marks[0][1]
    for seat in range(n):
        assert facts.seats[seat].order == (seat - first) % n
    assert facts.turns == len(marks)
    assert facts.rounds == marks[-1][0]
    # The score sheet's ranking (LU-R98) and factions (LU-R7).
    score_sheet = registration("livestock_uprising").score_sheet
    assert score_sheet is not None
    sheet = score_sheet(final, [f"S{s}" for s in range(n)])
    rows = {row.label: row.values for row in sheet.rows}
    factions = {f.name.lower() for f in cat.factions}
    for seat, seat_facts in enumerate(facts.seats):
        parts = seat_facts.score_parts
        assert seat_facts.score == parts["units"]
        for key, label in (
            ("units", "Units"),
            ("atk_def", "Printed ATK + DEF"),
            ("tokens", "Resource tokens"),
        ):
            assert parts[key] == float(rows[label][seat])
        assert seat_facts.traits == {"faction": rows["Faction"][seat].lower()}
        assert seat_facts.traits["faction"] in factions
    winners = [seat for seat, value in enumerate(final.returns()) if value > 0]
    if facts.end == LAST_STANDING:
        assert sheet.summary.endswith("the last faction standing.")
    else:
        assert "at the round limit" in sheet.summary or sheet.summary.startswith("A draw")
        assert facts.rounds == final.cfg.round_limit
        ranking = [
            tuple(seat.score_parts[k] for k in ("units", "atk_def", "tokens"))
            for seat in facts.seats
        ]
        if winners:
            assert all(ranking[w] == max(ranking) for w in winners)
    check_cards(final, facts)
    return facts


def check_cards(final: LUState, facts: GameFacts) -> None:
    """Every card a seat got is played, still held or taken from it; the Special Forces it
    marshaled are its own and out of its reserve."""
    cat = final.cfg.catalog
    doc = final.to_json()
    names = {id_words(card.name) for card in cat.cards}
    played_by_all: Counter[str] = Counter()
    for seat, seat_facts in enumerate(facts.seats):
        items = seat_facts.items
        assert set(items) == {"cards_dealt", "plans_drawn", "cards_played", "special_forces"}
        assert len(items["cards_dealt"]) == cat.play.command_cards  # LU-R10
        assert set(items["cards_dealt"]) | set(items["plans_drawn"]) <= names
        held = [final.cfg.catalog.cards[c].name for c in final.holds(seat)]
        lost = [cat.cards[card].name for card, owner, _ in final.gone if owner == seat]
        got = Counter(items["cards_dealt"]) + Counter(items["plans_drawn"])
        assert got == Counter(items["cards_played"]) + Counter(map(id_words, held + lost))
        played_by_all.update(items["cards_played"])
        faction = cat.factions[final.faction[seat]]
        own = {id_words(cat.units[cat.unit_by_id[sid]].name): sid for sid in faction.special_forces}
        for name in items["special_forces"]:
            assert doc["special_forces"][own[name]] != IN_RESERVE
        if final.alive[seat]:  # an eliminated faction's reserve left the game (LU-R96)
            used = {name for name, sid in own.items() if doc["special_forces"][sid] != IN_RESERVE}
            assert set(items["special_forces"]) == used
    assert played_by_all == Counter(id_words(cat.cards[c].name) for c in final.played)


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 23), (3, 10), (4, 17)])
def test_LU_R98_facts_of_random_games_ended_by_the_stalemate_rule(players, seed):
    """LU-R98: random games do not eliminate anyone; some form a Super Army (LU-R80)."""
    the_game = load_game("livestock_uprising", players)
    record = play_game(the_game, ["random"] * players, seed)
    facts = check_against_the_game(record)
    assert facts.end == STALEMATE
    assert facts.turns == facts.rounds * players  # nobody lost a turn (LU-R24)


def test_LU_R80_some_random_games_draw_battle_plans_and_marshal_special_forces():
    """The seeds above exercise every item: a Battle Plans card drawn, Special Forces used."""
    record = play_game(load_game("livestock_uprising", 4), ["random"] * 4, 17)
    facts = game_facts(record.replay(), record.actions)
    assert [seat.items["plans_drawn"] for seat in facts.seats] == [("shield_wall",), (), (), ()]
    assert any(seat.items["special_forces"] for seat in facts.seats)
    assert any(seat.items["cards_played"] for seat in facts.seats)


def test_LU_R97_facts_of_the_last_faction_standing():
    """LU-R97, LU-T8: the Pigs' Super Army destroys the Chickens' last piece in round 1; the
    Pigs, first, win with the units of their Super Army."""
    state = scenario(
        2,
        factions=("PI", "CH"),
        pieces={
            "PI-SA": ((3, 2), ["T10", "T10", "T10", "T05", "T04"]),
            "CH-G3": ((3, 3), ["T02", "T01"]),
        },
        tokens={1: {"grass": 5, "apple": 2}},
        hands={1: ["CC07"]},
    )
    act(state, "PIECE", piece="SA")
    act(state, "STEP", dir="E")
    pass_windows(state)
    roll(state, 2, 3, 6)
    pass_windows(state)
    assert state.is_terminal()
    facts = game_facts(state, [])
    assert (facts.end, facts.rounds) == (LAST_STANDING, 1)
    assert [seat.order for seat in facts.seats] == [0, 1]
    assert [seat.traits["faction"] for seat in facts.seats] == ["pigs", "chickens"]
    pigs, chickens = (seat.score_parts for seat in facts.seats)
    assert pigs["units"] == 5.0 and facts.seats[0].score == 5.0
    assert chickens == {"units": 0.0, "atk_def": 0.0, "tokens": 0.0}  # LU-R96
