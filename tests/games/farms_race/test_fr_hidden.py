"""Hidden information of Farms Race part 1 (rules/farms_race.md §16): face-down Human tokens
hold no value anyone could read, not even the engine's saved position; others see a hand's
size, never its kinds; a stolen card (FR-R49) is named to the thief and the victim only; and
``sample_consistent`` redraws what a seat cannot know from what it may be, independently of
the truth."""

from __future__ import annotations

from collections import Counter

import pytest
from fr_helpers import (
    WHEAT,
    WOOD,
    chance,
    dice,
    do,
    hand,
    rc,
    scenario,
)

from farmstead.core.rng import Rng
from farmstead.games.farms_race.actions import BARN_AT, END_PHASE, SEAT


def _stealing_position(victim_hand: dict[str, int]):
    """Seat 0 (Cows) rolls doubles with the Stealing variant; seat 1 (Sheep) holds
    ``victim_hand``; seat 2 looks on."""
    return scenario(
        4,
        regions={
            rc(0, 2): {"owner": 0, "building": "barn", "healthy": 2},
            rc(2, 0): {"owner": 1, "building": "barn", "healthy": 2},
            rc(3, 4): {"owner": 2, "building": "barn", "healthy": 2},
            rc(4, 2): {"owner": 3, "building": "barn", "healthy": 2},
        },
        hands={1: victim_hand},
        stealing=True,
    )


def _steal(state, kind: int) -> None:
    do(state, END_PHASE)
    dice(state, 4, 4)  # plutonium doubles: nobody here produces it (FR-5.4)
    do(state, SEAT, 1)
    chance(state, kind)


def test_FR_16_face_down_tokens_hold_no_value_in_any_view_or_save() -> None:
    """FR-16: nobody knows a face-down token's value; the engine draws it when it is revealed
    (FR-6.1), so neither a view nor the full position holds one."""
    state = scenario(4, regions={rc(1, 1): {"token": "face_down"}})
    for doc in (state.to_json(), state.observation(0), state.observation(None)):
        assert doc["regions"][rc(1, 1)]["token"] == "face_down"
    assert state.to_json()["tokens"]["unseen"] == [4, 16, 8]  # FR-2.6: the public multiset


def test_FR_R49_the_stolen_kind_changes_no_other_seats_view() -> None:
    """FR-R49, FR-16: two games that differ only in the kind stolen look the same to a third
    seat and to a spectator, in the position and in the words of the steal."""
    views = []
    for kind, name, other in ((WHEAT, "wheat", "wood"), (WOOD, "wood", "wheat")):
        state = _stealing_position({"wheat": 1, "wood": 1})
        do(state, END_PHASE)
        dice(state, 4, 4)
        do(state, SEAT, 1)
        words = {s: state.action_to_string_for(kind, s) for s in (0, 1, 2, None)}
        chance(state, kind)
        views.append(
            (words[2], words[None], state.observation(2), state.observation(None)),
        )
        assert name in words[0] and other not in words[0]  # the thief is told the kind
        assert words[0] == words[1]  # and so is the victim
    assert views[0] == views[1]


@pytest.mark.parametrize("truth", [WHEAT, WOOD])
def test_FR_R49_sampled_stolen_cards_do_not_follow_the_truth(truth: int) -> None:
    """The sampler of a third seat gives the thief's stolen card a kind the victim may have
    lost (wheat or wood here), as often either way whatever was really taken: it never reads
    the truth. The victim's remaining card is the other kind in each sample."""
    state = _stealing_position({"wheat": 1, "wood": 1})
    _steal(state, truth)
    assert hand(state, 0)[truth] == 1
    counts: Counter[int] = Counter()
    rng = Rng(7)
    view = state.observation(2)
    for _ in range(2000):
        sampled = state.sample_consistent(2, rng)
        assert sampled.observation(2) == view
        thief = hand(sampled, 0)
        assert sum(thief) == thief[WHEAT] + thief[WOOD] == 1  # either kind, never another
        counts[WHEAT if thief[WHEAT] else WOOD] += 1
        assert sum(hand(sampled, 1)) == 1
    # 2000 fair draws: 1000 +- 4 standard deviations (22.4) either way, for either truth.
    assert abs(counts[WHEAT] - 1000) < 90, counts


def test_FR_R49_a_steal_of_the_only_kind_is_public_by_deduction() -> None:
    """FR-16: a victim whose cards were all known to be wheat can only lose a wheat, so every
    seat knows what the thief took; nothing is left to sample."""
    state = _stealing_position({"wheat": 2})
    _steal(state, WHEAT)
    doc = state.to_json()
    assert doc["seats"][0]["unknown_cards"] == 0 and doc["seats"][0]["known"] == {"wheat": 1}
    assert doc["seats"][1]["known"] == {"wheat": 1}
    assert hand(state.sample_consistent(2, Rng(1)), 0) == hand(state, 0)


def test_FR_2_3_others_see_hand_sizes_not_kinds() -> None:
    """FR-2.3: a hand's size is public, its composition private to its owner."""
    state = _stealing_position({"wheat": 2, "brick": 1})
    assert state.observation(1)["seats"][1]["hand"] == {"wheat": 2, "brick": 1}
    for viewer in (0, 2, None):
        seat = state.observation(viewer)["seats"][1]
        assert seat["hand_size"] == 3 and "hand" not in seat


def test_FR_12_score_sheet_gives_each_seats_vp_by_source_and_how_it_ended() -> None:
    """FR-12 (the worked count of FR-T38): the result in the game's own terms — visible VP by
    source per seat, hidden VP Spies shown once the game is over (FR-16), who won and how."""
    from farmstead.games.farms_race.words import score_sheet

    state = scenario(
        4,
        regions={
            rc(0, 2): {"owner": 0, "building": "barn", "healthy": 2},
            rc(1, 2): {"owner": 0, "building": "barn", "healthy": 1},
            rc(1, 3): {"owner": 0, "healthy": 1},
            rc(2, 0): {"owner": 1, "building": "armory", "healthy": 2},
            rc(3, 4): {"owner": 2, "building": "barn", "healthy": 2},
            rc(4, 2): {"owner": 3, "building": "barn", "healthy": 2},
        },
        hands={0: {"wheat": 1, "wood": 1, "brick": 1, "weapons": 1}},
        vp_tokens={0: 7},
        spies={1: {"plumbing": 1}},
        nukes={1: (1, 0)},
        nukiest=1,
    )
    do(state, BARN_AT, rc(1, 3))  # the third Barn: 3 + 7 tokens = 10 VP, a win at once
    assert state.is_terminal()
    sheet = score_sheet(state, ["Ann", "Ben", "Cy", "Di"])
    assert sheet.summary == "Ann won, reaching 10 VP."
    assert sheet.scores[0] == "10 VP"
    assert sheet.scores[1] == "3 VP"  # an Armory (2) and the Nukiest Award (1)
    rows = {row.label: row.values for row in sheet.rows}
    assert rows["Armories (2 VP each)"][1] == "1" and rows["Nukiest Award"][1] == "1"
    assert rows["Hidden VP Spies"][1] == "1"
    assert rows["VP tokens (conquests)"][0] == "7"
