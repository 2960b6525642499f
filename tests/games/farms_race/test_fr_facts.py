"""The facts of finished Farms Race games for balance reports (``core.facts``), checked against
the games themselves: the end by the VP target (FR-12), the last player standing (FR-R53) or the
round cap (FR-R54), seat 1 drawn at random (FR-4), the VP of the score sheet, the species and
Mutations (FR-4) and the Spy cards and nukes of each seat (FR-8.1, FR-9, FR-10, FR-R21,
FR-R55)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest
from fr_helpers import board, move, roll, scenario

from farmstead.core.facts import GameFacts
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game, registration
from farmstead.games.farms_race.facts import (
    END_REASONS,
    LAST_STANDING,
    NUKE_KINDS,
    ROUND_CAP,
    TARGET,
    game_facts,
)
from farmstead.games.farms_race.game import FRState
from farmstead.games.farms_race.layout import (
    MUTATION_IDS,
    NUKE_TARGET,
    REGENERATIVE,
    SPY_IDS,
    VP_SPIES,
)
from farmstead.games.farms_race.words import seat_name
from farmstead.lab.play import play_game

VP_SPY_IDS = {SPY_IDS[card] for card in VP_SPIES}


@dataclass
class Replayed:
    """What a test replay of a record saw: the (turn number, active seat) of every turn of play
    in which a decision was taken, in order; per (seat, discarded card) the Regenerative and
    Radioactive swaps (FR-R21); per seat the kinds of the nukes aimed (FR-9.1). A redone
    first turn (FR-R55) drops the swaps and nukes of the turn it undoes."""

    marks: list[tuple[int, int]] = field(default_factory=list)
    swaps: Counter[tuple[int, str]] = field(default_factory=Counter)
    nukes: dict[int, list[tuple[tuple[int, int], str]]] = field(default_factory=dict)

    def nukes_of(self, seat: int) -> tuple[str, ...]:
        return tuple(kind for _, kind in self.nukes.get(seat, []))


def replayed(record: GameRecord) -> Replayed:
    seen = Replayed()
    swaps: list[tuple[tuple[int, int], int, str]] = []
    state = record.load_game().new_initial_state()
    assert isinstance(state, FRState)
    for action in record.actions:
        if not state.is_chance_node():
            mark = state.turn_mark()
            assert mark is not None
            here = (mark.number, mark.seat if mark.seat is not None else -1)
            if mark.seat is not None and (not seen.marks or seen.marks[-1] != here):
                seen.marks.append(here)
            seat = state.current_player()
            kind = state.action_to_json(action)["type"]
            if kind == "SWAP_SPY":
                old = "field_hospital" if state.mutation[seat] == REGENERATIVE else "hacking"
                swaps.append((here, seat, old))
            elif state.phase == NUKE_TARGET:
                seen.nukes.setdefault(seat, []).append((here, NUKE_KINDS[state.nuke_kind]))
            elif kind == "REDO":
                swaps = [swap for swap in swaps if swap[0] != here]
                for launched in seen.nukes.values():
                    launched[:] = [nuke for nuke in launched if nuke[0] != here]
        state.apply_action(action)
    seen.swaps.update((seat, old) for _, seat, old in swaps)
    return seen


def check_against_the_game(record: GameRecord) -> GameFacts:
    final = record.replay()
    assert isinstance(final, FRState)
    facts = game_facts(final, record.actions)
    assert facts.to_json() == record.facts
    assert facts.end in END_REASONS
    n = final.cfg.players
    doc = final.to_json()
    # FR-4: seat 1 (order 0) takes the first turn; turns then go round in seat order (FR-5).
    seen = replayed(record)
    marks = seen.marks
    first = marks[0][1]
    for seat in range(n):
        assert facts.seats[seat].order == (seat - first) % n
    assert facts.turns == len(marks)
    assert facts.rounds == max(Counter(seat for _, seat in marks).values())
    # The score sheet: visible VP by source (FR-12) and how the game ended.
    score_sheet = registration("farms_race").score_sheet
    assert score_sheet is not None
    sheet = score_sheet(final, [f"S{s}" for s in range(n)])
    rows = {row.label: row.values for row in sheet.rows}
    hidden = [int(rows["Hidden VP Spies"][seat]) for seat in range(n)]
    for seat, seat_facts in enumerate(facts.seats):
        parts = seat_facts.score_parts
        assert sheet.scores[seat] == f"{seat_facts.score:.0f} VP"
        assert sum(parts.values()) == seat_facts.score
        assert parts["barns"] == float(rows["Barns (1 VP each)"][seat])
        assert parts["armories"] == 2 * float(rows["Armories (2 VP each)"][seat])
        assert parts["vp_tokens"] == float(rows["VP tokens (conquests)"][seat])
        assert parts["nukiest"] == float(rows["Nukiest Award"][seat] or 0)
        assert parts["revealed_spies"] == float(rows["Revealed VP Spies"][seat])
    winners = [seat for seat, value in enumerate(final.returns()) if value > 0]
    scores = [seat.score or 0.0 for seat in facts.seats]
    if facts.end == TARGET:
        assert f"reaching {final.cfg.target_vp} VP" in sheet.summary
        assert len(winners) == 1 and scores[winners[0]] >= final.cfg.target_vp
        assert scores[winners[0]] == max(scores)
    elif facts.end == LAST_STANDING:
        assert sheet.summary.endswith("the last player standing.")
    else:
        assert "at the round limit" in sheet.summary
        assert facts.rounds == final.cfg.max_rounds
        totals = [scores[seat] + hidden[seat] for seat in range(n)]
        assert all(totals[w] == max(totals) for w in winners)
    check_traits_and_items(final, facts, doc, seen)
    return facts


def check_traits_and_items(final: FRState, facts: GameFacts, doc: dict, seen: Replayed) -> None:
    """Species and Mutations (FR-4); every Spy card a seat drew is played, revealed, swapped
    or still held, the deck and the discard pile agree (FR-8.1, FR-10, FR-12, FR-R21); the
    nukes agree with the spent Nuke tokens (FR-9.3)."""
    n = final.cfg.players
    bought_by_all: Counter[str] = Counter()
    played_by_all: Counter[str] = Counter()
    for seat, seat_facts in enumerate(facts.seats):
        items = seat_facts.items
        assert set(items) == {"mutations_dealt", "spies_bought", "spies_played", "nukes_launched"}
        assert seat_facts.traits["species"] == seat_name(final, seat).lower()
        mutation = seat_facts.traits["mutation"]
        assert mutation in (*MUTATION_IDS, "none")
        assert mutation in items["mutations_dealt"]
        assert len(items["mutations_dealt"]) >= 2  # FR-4 step 5: two or three dealt
        bought = Counter(items["spies_bought"])
        played = Counter(items["spies_played"])
        swapped = Counter({card: k for (who, card), k in seen.swaps.items() if who == seat})
        held = Counter({card: k for card, k in doc["seats"][seat]["spies"].items()})
        assert bought == played + swapped + held  # nobody was eliminated in these games
        bought_by_all += bought
        played_by_all += Counter({c: k for c, k in played.items() if c not in VP_SPY_IDS})
        assert items["nukes_launched"] == seen.nukes_of(seat)
        nukes = Counter(items["nukes_launched"])
        assert nukes["token"] + nukes["built"] == final.nukes_spent[seat]
        assert nukes["pocket_nuke"] == played["pocket_nuke"]
        assert not nukes["north_korean"] or mutation == "north_korean"
    deck = final.cfg.spy_deck
    drawn = Counter({SPY_IDS[c]: deck[c] - final.spy_deck[c] for c in range(len(deck))})
    assert bought_by_all == +drawn
    discarded = Counter({SPY_IDS[c]: k for c, k in enumerate(final.spy_discard)})
    swapped_by_all = Counter({card: k for (_, card), k in seen.swaps.items()})
    assert played_by_all + swapped_by_all == +discarded
    assert n == len(facts.seats)


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (3, 1), (4, 0), (4, 7)])
def test_FR_12_facts_of_random_games_won_by_the_target(players, seed):
    """FR-12: random games with Mutations dealt, Spies and nukes, seat 1 drawn by chance."""
    record = play_game(load_game("farms_race", players), ["random"] * players, seed)
    facts = check_against_the_game(record)
    assert facts.end == TARGET
    assert any(seat.items["nukes_launched"] for seat in facts.seats)
    assert any(seat.items["spies_played"] for seat in facts.seats)


@pytest.mark.parametrize("seed", [0, 1])
def test_FR_R54_facts_of_random_games_ended_by_the_round_cap(seed):
    record = play_game(load_game("farms_race", 3, max_rounds=3), ["random"] * 3, seed)
    facts = check_against_the_game(record)
    assert (facts.end, facts.rounds, facts.turns) == (ROUND_CAP, 3, 9)


@pytest.mark.parametrize("seed", [0, 12])
def test_FR_R55_a_redone_first_turn_is_one_turn_and_forgets_what_it_did(seed):
    """FR-R55: with the redo on, a redone first turn counts once, and the Spy card drawn or the
    nuke launched in the undone turn (these seeds have one) is not the seat's: the deck, the
    discard pile and the spent Nuke tokens agree with the items."""
    the_game = load_game("farms_race", 3, new_player_redo=True)
    record = play_game(the_game, ["random"] * 3, seed)
    redos = sum(
        1
        for state, action in record.states()
        if action is not None
        and not state.is_chance_node()
        and state.action_to_json(action)["type"] == "REDO"
    )
    assert redos  # the seed redoes a first turn
    check_against_the_game(record)


def test_FR_R53_facts_of_the_last_player_standing():
    """FR-R53: seats 2 and 3 are out; seat 0, seat 1 of the rules, kills seat 1's last herd
    in round 1 and wins."""
    state = scenario(
        regions=board(
            {
                19: {},
                22: {},
                10: {"owner": 1, "healthy": 1},
                11: {"owner": 0, "healthy": 2},
            }
        ),
        eliminated=(2, 3),
    )
    move(state, 10, (11, 2, 0))
    roll(state, 2, 0)
    roll(state, 0, 0)
    assert state.is_terminal()
    facts = game_facts(state, [])
    assert (facts.end, facts.rounds) == (LAST_STANDING, 1)
    assert [seat.order for seat in facts.seats] == [0, 1, 2, 3]
    assert [seat.traits["species"] for seat in facts.seats] == ["cows", "sheep", "pigs", "chickens"]
    assert [seat.traits["mutation"] for seat in facts.seats] == ["none"] * 4  # No Mutations
