"""Farms Race trading between players: the sequential trade window and Open Trading
(rules/farms_race.md §8.3, §8.4, §16; rulings FR-R18, FR-R31, FR-R32, FR-R33, FR-R34;
vector FR-T52).

A window opens after every turn: slots in turn order from the player to move next; a slot
holder passes or proposes (recipient, cards given one kind at a time, cards asked one kind at
a time, submit); the recipient accepts or declines; the window closes after as many
consecutive passes as there are participants.
"""

from __future__ import annotations

from typing import Any

import pytest
from fr_helpers import (
    BRICK,
    WHEAT,
    WOOD,
    args_of,
    board,
    chance,
    close_window,
    do,
    hand,
    kinds,
    legal,
    move,
    new_state,
    phase_name,
    roll,
    scenario,
    to_discard_phase,
)

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.actions import (
    ACCEPT,
    ASK,
    CANCEL,
    DECLINE,
    END_PHASE,
    END_TURN,
    GIVE,
    LAUNCH,
    PASS,
    SEAT,
    START,
    SUBMIT,
    TARGET,
)
from farmstead.games.farms_race.layout import NUKE_TOKEN

A, B, C, D = 0, 1, 2, 3


def rejected(state, kind: int, arg: int = 0) -> None:
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        do(state, kind, arg)
    assert state.to_json() == before


def window_after(seat: int, players: int = 4, **kwargs: Any):
    """The trade window that opens when ``seat`` ends its turn (it holds at most 7 cards and
    produces nothing from the roll brick + plutonium unless its regions say so)."""
    kwargs.setdefault("regions", board(players=players))
    s = scenario(players, active=seat, phase="discard_phase", **kwargs)
    do(s, END_TURN)
    assert phase_name(s) == "trade_slot"
    return s


def propose(state, to: int, give: dict[int, int], ask: dict[int, int]) -> None:
    do(state, SEAT, to)
    assert phase_name(state) == "trade_propose"
    for kind, n in give.items():
        for _ in range(n):
            do(state, GIVE, kind)
    for kind, n in ask.items():
        for _ in range(n):
            do(state, ASK, kind)
    do(state, SUBMIT)


# --- the window (FR-8.3, FR-R31; FR-T52) ---------------------------------------------------------
def test_FR_T52_a_declined_proposal_then_three_passes_close_the_window() -> None:
    """FR-T52: 3 players, the window after seat 1's turn (index 0): seat 2 proposes to seat 1,
    who declines; then seat 3, seat 1 and seat 2 pass: the window closes after those 3
    consecutive passes and seat 2's turn begins. No cards move."""
    s = window_after(A, 3, hands={A: {"wheat": 2}, B: {"wood": 2}})
    assert s.current_player() == B  # the first slot: the player to move next
    propose(s, A, {WOOD: 1}, {WHEAT: 1})
    assert phase_name(s) == "trade_respond" and s.current_player() == A
    assert legal(s, ACCEPT) and legal(s, DECLINE)
    do(s, DECLINE)
    order = []
    for _ in range(2):
        assert phase_name(s) == "trade_slot"
        order.append(s.current_player())
        do(s, PASS)
    assert phase_name(s) == "trade_slot" and s.current_player() == B  # still open: 2 passes
    order.append(B)
    do(s, PASS)
    assert order == [C, A, B]
    assert phase_name(s) == "actions" and s.active == B
    assert hand(s, A) == [2, 0, 0, 0, 0] and hand(s, B) == [0, 2, 0, 0, 0]


def test_FR_8_3_slots_cycle_in_turn_order_from_the_next_player() -> None:
    """FR-8.3, FR-R31: after seat 3's (index 2) turn the slots go 3, 0, 1, 2, and the player
    who just finished takes part in its normal place; 4 passes close the window."""
    s = window_after(C)
    order = []
    while phase_name(s) == "trade_slot":
        order.append(s.current_player())
        do(s, PASS)
    assert order == [D, A, B, C]
    assert s.active == D


def test_FR_8_3_an_accepted_trade_moves_the_cards_at_once_and_publicly() -> None:
    """FR-8.3, §16: on accept the cards change hands at once; the proposal and the trade are
    public: a third seat knows the new hands' kinds."""
    s = window_after(A, hands={A: {"wheat": 2}, B: {"wood": 1, "brick": 1}}, unknown={B: 2})
    propose(s, A, {WOOD: 1}, {WHEAT: 2})
    assert s.observation(C)["trade"]["proposal"] == {
        "from": B,
        "to": A,
        "give": {"wood": 1},
        "ask": {"wheat": 2},
    }
    do(s, ACCEPT)
    assert hand(s, A) == [0, 1, 0, 0, 0] and hand(s, B) == [2, 0, 1, 0, 0]
    assert s.to_json()["seats"][B]["known"] == {"wheat": 2}  # what everyone saw
    assert s.to_json()["seats"][A]["known"] == {"wood": 1}
    assert phase_name(s) == "trade_slot" and s.current_player() == C


def test_FR_8_3_accept_needs_the_asked_cards_decline_is_always_legal() -> None:
    s = window_after(A, hands={A: {"wheat": 1}, B: {"wood": 1}})
    propose(s, A, {WOOD: 1}, {WHEAT: 1})
    assert legal(s, ACCEPT)
    t = window_after(A, hands={A: {"brick": 1}, B: {"wood": 1}})
    propose(t, A, {WOOD: 1}, {WHEAT: 1})
    assert not legal(t, ACCEPT) and legal(t, DECLINE)
    rejected(t, ACCEPT)


def test_FR_R32_one_sided_gifts_are_allowed_an_empty_proposal_is_not() -> None:
    """FR-R32: at least one card must move: submitting nothing raises and changes nothing;
    a gift (give only) or a plain request (ask only) may be submitted."""
    s = window_after(A, hands={A: {"wheat": 1}, B: {"wood": 1}})
    do(s, SEAT, A)
    assert not legal(s, SUBMIT)
    rejected(s, SUBMIT)
    do(s, GIVE, WOOD)
    do(s, SUBMIT)
    do(s, ACCEPT)
    assert hand(s, A) == [1, 1, 0, 0, 0] and hand(s, B) == [0, 0, 0, 0, 0]
    t = window_after(A, hands={A: {"wheat": 1}})
    do(t, SEAT, A)
    do(t, ASK, WHEAT)
    assert legal(t, SUBMIT)


def test_FR_R32_only_resource_cards_can_be_offered_and_only_cards_held() -> None:
    """FR-8.3 item 8, FR-R32: a proposal is built only of resource cards (give, ask, submit,
    cancel): no Spy, Nuke token or Mutation can be offered; one gives only cards one holds."""
    s = window_after(
        A,
        hands={A: {"wheat": 1}, B: {"wood": 1}},
        spies={B: {"thievery": 1}},
        nukes={B: (1, 0)},
        mutations="none,lucky,none,none",
    )
    do(s, SEAT, A)
    assert kinds(s) == {GIVE, ASK, CANCEL}
    assert args_of(s, GIVE) == [WOOD]
    do(s, GIVE, WOOD)
    assert args_of(s, GIVE) == []
    rejected(s, GIVE, WOOD)


def test_FR_8_3_a_cancelled_proposal_changes_nothing() -> None:
    s = window_after(A, hands={B: {"wood": 1}})
    do(s, SEAT, A)
    do(s, GIVE, WOOD)
    do(s, CANCEL)
    assert phase_name(s) == "trade_slot" and s.current_player() == B
    assert hand(s, B) == [0, 1, 0, 0, 0]


def test_FR_R31_at_most_three_proposals_per_window_then_automatic_passes() -> None:
    """FR-R31: each participant proposes at most 3 times per window; after that its slots are
    automatic passes, so the window ends."""
    s = window_after(A, hands={B: {"wood": 5}, A: {"wheat": 5}})
    for made in range(3):
        assert phase_name(s) == "trade_slot" and s.current_player() == B
        assert SEAT in kinds(s)
        propose(s, A, {WOOD: 1}, {})
        do(s, DECLINE)
        assert s.to_json()["trade"]["made"][B] == made + 1
        if made < 2:
            for _ in (C, D, A):
                do(s, PASS)
    # the slot comes round to B again: it is passed for automatically (the fourth pass)
    seen = []
    while phase_name(s) == "trade_slot":
        seen.append(s.current_player())
        do(s, PASS)
    assert seen == [C, D, A]
    assert phase_name(s) == "actions" and s.active == B


def test_FR_R31_a_proposal_resets_the_pass_count() -> None:
    s = window_after(A, hands={D: {"brick": 1}})
    do(s, PASS)  # B
    do(s, PASS)  # C
    assert s.to_json()["trade"]["passes"] == 2
    propose(s, A, {BRICK: 1}, {})  # D
    do(s, DECLINE)
    assert s.to_json()["trade"]["passes"] == 0
    seen = []
    while phase_name(s) == "trade_slot":
        seen.append(s.current_player())
        do(s, PASS)
    assert seen == [A, B, C, D]


def test_FR_8_3_the_hand_limit_is_not_checked_in_the_window() -> None:
    s = window_after(A, hands={A: {"wheat": 7}, B: {"wood": 3}})
    propose(s, A, {WOOD: 3}, {})
    do(s, ACCEPT)
    assert sum(hand(s, A)) == 10
    close_window(s)
    assert phase_name(s) == "actions" and sum(hand(s, A)) == 10


def test_FR_8_3_eliminated_players_take_no_part() -> None:
    regions = board({19: {}})
    s = window_after(A, regions=regions, eliminated=(C,))
    seen = []
    while phase_name(s) == "trade_slot":
        seen.append(s.current_player())
        assert C not in args_of(s, SEAT)
        do(s, PASS)
    assert seen == [B, D, A]


# --- when players trade (FR-R18, FR-R33, FR-R34) -------------------------------------------------
def test_FR_R18_the_active_player_does_not_trade_with_players_on_its_turn() -> None:
    s = scenario(regions=board(), hands={A: {"wheat": 3}, B: {"wood": 3}})
    assert SEAT not in kinds(s)
    do(s, END_PHASE)
    chance(s, 2 * 6 + 4)  # brick + plutonium
    assert SEAT not in kinds(s)


def test_FR_R33_the_opening_window_runs_before_seat_1s_first_turn() -> None:
    """FR-R33: with the option on, after setup (starting resources) a window opens before seat
    1's first turn; nobody is active; the slots start with seat 1."""
    s = new_state(4, opening_trade_window=True)
    for r in (2, 10, 19, 22):
        do(s, START, r)
    for kind in (WOOD, WHEAT, BRICK):
        chance(s, kind)
    assert phase_name(s) == "trade_slot" and s.current_player() == A
    assert s.observation(None)["active"] is None
    assert hand(s, C) == [0, 1, 0, 0, 0] and hand(s, D) == [1, 0, 1, 0, 0]
    propose(s, D, {}, {WHEAT: 1})  # seat 1 asks seat 4 for its wheat: a gift
    do(s, ACCEPT)
    assert hand(s, A) == [1, 0, 0, 0, 0]
    close_window(s)
    assert phase_name(s) == "actions" and s.active == A and s.turns == [1, 0, 0, 0]


def test_FR_R33_the_opening_window_is_optional() -> None:
    s = new_state(4)  # the helpers turn it off
    for r in (2, 10, 19, 22):
        do(s, START, r)
    for kind in (WOOD, WHEAT, BRICK):
        chance(s, kind)
    assert phase_name(s) == "actions" and s.active == A


def test_FR_R34_open_trading_lets_the_active_player_propose_three_times_a_turn() -> None:
    """FR-8.4, FR-R34: under Open Trading the active player proposes (FR-8.3 format) whenever
    it could build, to any player, up to 3 times per turn; the answer returns it to its menu."""
    s = scenario(
        regions=board(),
        hands={A: {"wheat": 3}, B: {"wood": 3}},
        open_trading=True,
    )
    assert args_of(s, SEAT) == [B, C, D]
    propose(s, B, {WHEAT: 1}, {WOOD: 1})
    assert phase_name(s) == "trade_respond" and s.current_player() == B
    do(s, ACCEPT)
    assert phase_name(s) == "actions" and hand(s, A) == [2, 1, 0, 0, 0]
    propose(s, B, {WHEAT: 1}, {})
    do(s, DECLINE)
    do(s, END_PHASE)
    chance(s, 2 * 6 + 4)
    assert phase_name(s) == "resources"
    propose(s, C, {WHEAT: 1}, {})
    do(s, DECLINE)
    assert s.to_json()["trade"]["open_proposals"] == 3
    assert SEAT not in kinds(s)


def test_FR_R34_no_open_trading_in_combat_or_a_nuke_exchange() -> None:
    s = scenario(
        regions=board({7: {"owner": A, "healthy": 2}, 12: {"owner": B, "healthy": 2}}),
        hands={A: {"wheat": 3}},
        spies={A: {"thievery": 1}},
        nukes={A: (1, 0), B: (1, 0)},
        open_trading=True,
    )
    t = s.clone()
    move(s, 12, (7, 2, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    assert phase_name(s) == "spy_window" and SEAT not in kinds(s)
    do(t, LAUNCH, NUKE_TOKEN)
    do(t, TARGET, 12)
    do(t, LAUNCH, NUKE_TOKEN)
    do(t, TARGET, 7)
    assert phase_name(t) == "hack" and t.current_player() == A and SEAT not in kinds(t)
    do(t, PASS)
    assert phase_name(t) == "nuke_response" and t.current_player() == A
    assert SEAT not in kinds(t)


def test_FR_R34_open_trading_window_still_opens_after_the_turn() -> None:
    s = scenario(regions=board(), open_trading=True)
    to_discard_phase(s)
    do(s, END_TURN)
    assert phase_name(s) == "trade_slot"
