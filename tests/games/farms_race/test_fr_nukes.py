"""Farms Race Nukes, the Nukiest Award, nuke-back chains, Hacking and Pocket Nukes
(rules/farms_race.md §9, §10; rulings FR-R12, FR-R13, FR-R14, FR-R15, FR-R35, FR-R36, FR-R38,
FR-R45, FR-R51; vectors FR-T17, FR-T28, FR-T32 … FR-T36).

Regions are indices on the 4-player recommended map (FR-3.4):

    row0:  W0   H1   F2*  A3   P4
    row1:     F5   P6   W7   F8   H9
    row2:  W10* A11  F12  H13  P14
    row3:     P15  H16  P17  W18  H19*
    row4:  A20  W21  A22* F23  A24

The board of most tests (``nuke_board``): seat 0 (A, the active player) holds its home 2 and
the Power Plant 6; seat 1 (B) its home 10 and the Weapons Factory 11 (next to 6); seat 2 (C)
the Fields 12 (next to 6 and 11) and its home 19. B's nuke-back targets against A are A's
regions next to 11 or to a region of B's: only 6.
"""

from __future__ import annotations

from typing import Any

import pytest
from fr_helpers import (
    BRICK,
    WEAPONS,
    args_of,
    board,
    chance,
    close_window,
    do,
    end_turn,
    hand,
    herds,
    kinds,
    legal,
    move,
    phase_name,
    region,
    roll,
    scenario,
    to_discard_phase,
)

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.actions import (
    BARN_AT,
    BUY_NUKE,
    BUY_SPY,
    CONTINUE,
    END_PHASE,
    END_TURN,
    HIT,
    LAUNCH,
    MOVE_TO,
    PASS,
    PAY_FOUR,
    PLAY_SPY,
    RESOURCE,
    SEAT,
    TARGET,
    TRADE,
)
from farmstead.games.farms_race.layout import (
    FIELD_HOSPITAL,
    HACKING,
    NO,
    NUKE_BUILT,
    NUKE_POCKET,
    NUKE_TOKEN,
    POCKET_NUKE,
    THIEVERY,
)

A, B, C = 0, 1, 2
NUKE_COST = {"weapons": 1, "plutonium": 2}


def nuke_board(
    a: tuple[int, int] = (2, 0),
    b: tuple[int, int] = (2, 0),
    c: tuple[int, int] = (1, 0),
    extra: dict[int, dict[str, Any]] | None = None,
    **kwargs: Any,
):
    """A's herds (healthy, injured) on 6, B's on 11, C's on 12 (see the module docstring)."""
    regions: dict[int, dict[str, Any]] = {
        6: {"owner": A, "healthy": a[0], "injured": a[1]},
        11: {"owner": B, "healthy": b[0], "injured": b[1]},
        12: {"owner": C, "healthy": c[0], "injured": c[1]},
    }
    regions.update(extra or {})
    return scenario(regions=board(regions), **kwargs)


def launch(state, source: int, target: int) -> None:
    do(state, LAUNCH, source)
    assert phase_name(state) == "nuke_target"
    do(state, TARGET, target)


def tokens(state) -> list[tuple[int, int]]:
    """(ready, spent) Nuke tokens per seat."""
    return list(zip(state.nukes_ready, state.nukes_spent, strict=True))


def rejected(state, kind: int, arg: int = 0) -> None:
    """The action raises ``IllegalActionError`` and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        do(state, kind, arg)
    assert state.to_json() == before


# --- FR-9.1, FR-9.2: launching and damage -------------------------------------------------------
def test_FR_T17_token_nuke_injures_the_healthy_and_kills_the_injured_herd() -> None:
    """FR-T17: Sophia launches her ready token at Michael's Weapons Factory (1H+1I, next to
    her Power Plant). Michael, who holds a Spy card, decides on Hacking before any damage;
    then 0H+1I: the injured herd died, the healthy one is injured. The token is spent, the
    Nukiest count unchanged; Michael gets a response opportunity; no conquest at the end of
    her turn and no discards (she holds at most 7 cards)."""
    s = nuke_board(
        b=(1, 1),
        nukes={A: (1, 0)},
        nukiest=A,
        spies={B: {"propaganda": 1}},
        hands={A: {"wheat": 7}},
    )
    launch(s, NUKE_TOKEN, 11)
    assert phase_name(s) == "hack" and s.current_player() == B
    assert herds(s, 11) == (1, 1)  # Hacking is decided before the damage
    do(s, PASS)
    assert herds(s, 11) == (0, 1)
    assert s.herds_left[B] == 11  # the dead herd is back in B's supply: 1 left on the map
    assert tokens(s)[A] == (0, 1) and s.nuke_tokens(A) == 1 and s.nukiest == A
    assert phase_name(s) == "nuke_response" and s.current_player() == B
    do(s, PASS)
    assert phase_name(s) == "actions" and s.current_player() == A
    assert s.owner[11] == B
    to_discard_phase(s, BRICK, WEAPONS)  # she produces neither: still 7 cards
    do(s, END_TURN)
    assert phase_name(s) == "trade_slot"  # no discards: straight to the window
    assert s.vp_tokens[A] == 0 and s.turmoil == 0  # a nuke conquers nothing


def test_FR_T28_nuke_a_region_empty_then_walk_in_scores_a_conquest() -> None:
    """FR-T28 (FR-7.3): A nukes B's region (2 injured herds, no Turmoil) empty, then walks a
    herd in: a plain move, not an attack; at the end of A's turn +1 VP token and Turmoil."""
    s = nuke_board(b=(0, 2), nukes={A: (1, 0)}, nukiest=A)
    launch(s, NUKE_TOKEN, 11)
    assert herds(s, 11) == (0, 0) and s.owner[11] == NO
    assert phase_name(s) == "actions"  # B can answer with nothing: no prompt
    assert legal(s, MOVE_TO, 11)
    move(s, 11, (6, 1, 0))
    assert phase_name(s) == "actions"  # no combat
    assert s.owner[11] == A and not s.attacked >> 11 & 1
    to_discard_phase(s)
    end_turn(s)
    assert s.vp_tokens[A] == 1
    assert s.turmoil >> 11 & 1


def test_FR_R12_nuke_targets_are_the_regions_next_to_ones_controlled() -> None:
    """FR-R12, FR-9.1: any region adjacent to a region the launcher controls: empty ones,
    human-held ones, opponents', and its own when next to another of its own (2 and 6 here);
    an own region next to none of its own is no target (24), nor is a region next to none."""
    s = nuke_board(
        nukes={A: (1, 0)},
        extra={7: {"token": 2}, 24: {"owner": A, "healthy": 1}},
    )
    launch_targets = s.clone()
    do(launch_targets, LAUNCH, NUKE_TOKEN)
    # adj(2) = 1 3 6 7; adj(6) = 1 2 5 7 11 12; adj(24) = 18 19 23
    assert args_of(launch_targets, TARGET) == [1, 2, 3, 5, 6, 7, 11, 12, 18, 19, 23]
    assert 24 not in args_of(launch_targets, TARGET)
    rejected(launch_targets, TARGET, 24)
    rejected(launch_targets, TARGET, 13)


def test_FR_R12_self_harm_nuke_hurts_ones_own_herds_and_starts_no_exchange() -> None:
    """FR-R12: A nukes its own region 6 (next to its home 2): its 2 healthy herds are
    injured; nobody is the victim, so there is no Hacking prompt and no response."""
    s = nuke_board(a=(2, 0), nukes={A: (1, 0)}, spies={A: {"hacking": 1}})
    launch(s, NUKE_TOKEN, 6)
    assert herds(s, 6) == (0, 2)
    assert phase_name(s) == "actions" and s.nuke_responses == ()
    assert s.spy_count(A) == 1


def test_FR_R12_FR_9_2_nuking_humans_kills_every_human() -> None:
    """FR-9.2: every human in a nuked human-held region dies: a face-up "2" goes back to the
    pool (revealed), a face-down token goes back unseen. Nukes are not combat: the region is
    not marked attacked."""
    s = nuke_board(nukes={A: (2, 0)}, extra={7: {"token": 2}, 5: {"token": "face_down"}})
    launch(s, NUKE_TOKEN, 7)
    assert region(s, 7)["token"] is None
    assert s.to_json()["tokens"]["pool_revealed"] == [0, 1, 0]
    launch(s, NUKE_TOKEN, 5)
    assert region(s, 5)["token"] is None
    assert s.to_json()["tokens"]["unseen"] == [4, 15, 8]  # back in the pool, still unseen
    assert s.attacked == 0
    assert phase_name(s) == "actions"


def test_FR_9_2_nukes_never_destroy_buildings() -> None:
    s = nuke_board(
        nukes={A: (1, 0)}, extra={11: {"owner": B, "healthy": 0, "injured": 1, "building": "barn"}}
    )
    launch(s, NUKE_TOKEN, 11)
    assert herds(s, 11) == (0, 0)
    assert region(s, 11)["building"] == "barn" and s.owner[11] == B


# --- FR-9.3 Nukiest (FR-R15, FR-R51) ----------------------------------------------------------
def test_FR_T32_FR_R15_first_nuke_takes_the_award() -> None:
    """FR-T32, FR-R15: before anyone owns a token nobody holds the Award; A builds the first
    Nuke of the game and takes it (+1 VP)."""
    s = nuke_board(hands={A: NUKE_COST})
    assert s.nukiest == NO
    vp = s.visible_vp(A)
    do(s, BUY_NUKE)
    assert tokens(s)[A] == (1, 0)
    assert s.nukiest == A and s.visible_vp(A) == vp + 1
    assert hand(s, A) == [0, 0, 0, 0, 0]  # paid weapons 1 + plutonium 2 (FR-2.4)


def test_FR_T32_FR_R15_ties_keep_the_award_strictly_more_moves_it() -> None:
    """FR-T32: A holds the Award with 1 spent token (spent tokens count). B builds one: 1-1,
    no change. B builds another: 2-1, B takes it (A -1 VP, B +1 VP)."""
    s = nuke_board(
        active=B,
        nukes={A: (0, 1)},
        nukiest=A,
        hands={B: {"weapons": 2, "plutonium": 4}},
    )
    va, vb = s.visible_vp(A), s.visible_vp(B)
    do(s, BUY_NUKE)
    assert s.nuke_tokens(B) == 1 and s.nukiest == A
    assert (s.visible_vp(A), s.visible_vp(B)) == (va, vb)
    do(s, BUY_NUKE)
    assert s.nuke_tokens(B) == 2 and s.nukiest == B
    assert (s.visible_vp(A), s.visible_vp(B)) == (va - 1, vb + 1)


def test_FR_T33_pocket_nuke_gives_no_nuke_token() -> None:
    """FR-T33 (Pocket Nuke; North Korean's free nuke: test_fr_mutations): no Nuke-token
    count changes and nobody takes the Award."""
    s = nuke_board(spies={A: {"pocket_nuke": 1}})
    launch(s, NUKE_POCKET, 5)
    assert tokens(s) == [(0, 0)] * 4 and s.nukiest == NO
    assert s.to_json()["spy_discard"] == {"pocket_nuke": 1}


def test_FR_R51_an_eliminated_holder_keeps_the_award_until_surpassed() -> None:
    """FR-R51: B holds the Award with 2 tokens and is eliminated by A's nuke (its last herd);
    it keeps the Award. A's second token ties (no change); the third surpasses B."""
    regions = board(
        {6: {"owner": A, "healthy": 1}, 10: {}, 11: {"owner": B, "injured": 1}},
    )
    s = scenario(
        regions=regions,
        nukes={A: (1, 0), B: (0, 2)},
        nukiest=B,
        hands={A: {"weapons": 2, "plutonium": 4}},
    )
    launch(s, NUKE_TOKEN, 11)
    assert not s.alive(B)
    assert s.nukiest == B
    do(s, BUY_NUKE)
    assert s.nuke_tokens(A) == 2 and s.nukiest == B
    do(s, BUY_NUKE)
    assert s.nuke_tokens(A) == 3 and s.nukiest == A


# --- FR-9.4 nuke-back chains (FR-R13, FR-R35, FR-R36, FR-R38) ------------------------------------
def test_FR_T35_FR_R14_hacking_cancels_the_damage_the_nuker_keeps_its_token() -> None:
    """FR-T35, FR-R14: A builds a Nuke and launches it at B, who plays Hacking: B's herds take
    no damage, the card goes to the discard pile, A keeps its (spent) token, and B may
    still nuke back (FR-R13)."""
    s = nuke_board(
        b=(1, 1),
        hands={A: NUKE_COST},
        spies={B: {"hacking": 1}},
        nukes={B: (1, 0)},
        nukiest=B,
    )
    do(s, BUY_NUKE)
    assert s.nukiest == B  # 1-1: no change
    launch(s, NUKE_TOKEN, 11)
    assert phase_name(s) == "hack" and s.current_player() == B
    assert legal(s, PLAY_SPY, HACKING) and legal(s, PASS)
    do(s, PLAY_SPY, HACKING)
    assert herds(s, 11) == (1, 1)
    assert s.spy_count(B) == 0 and s.to_json()["spy_discard"] == {"hacking": 1}
    assert tokens(s)[A] == (0, 1)
    assert s.nuked >> 11 & 1  # FR-R42: it counts as nuked this turn all the same
    assert phase_name(s) == "nuke_response" and s.current_player() == B
    assert legal(s, LAUNCH, NUKE_TOKEN)
    launch(s, NUKE_TOKEN, 6)
    assert herds(s, 6) == (0, 2)


def test_FR_T36_a_non_active_victim_builds_a_nuke_to_nuke_back_without_trading() -> None:
    """FR-T36, FR-R13, FR-R38: B (not active) is nuked and holds weapons 1 + plutonium 2 (and
    3 wheat it could trade): no trade, no other build, only a Nuke built and launched at once
    (+1 token) at an A region next to the nuked region (6) or to a B region (23, next to B's
    18) — not A's home 2. Then A may respond."""
    s = nuke_board(
        nukes={A: (1, 0)},
        nukiest=A,
        hands={B: {"weapons": 1, "plutonium": 2, "wheat": 3}, A: {"wheat": 1}},
        extra={18: {"owner": B, "healthy": 1}, 23: {"owner": A, "healthy": 1}},
        spies={A: {"propaganda": 1}},
    )
    launch(s, NUKE_TOKEN, 11)
    assert phase_name(s) == "nuke_response" and s.current_player() == B
    assert kinds(s) == {LAUNCH, PASS}
    assert args_of(s, LAUNCH) == [NUKE_BUILT]
    assert not legal(s, BUY_NUKE) and not any(legal(s, TRADE, g * 5 + 1) for g in range(5))
    do(s, LAUNCH, NUKE_BUILT)
    assert hand(s, B) == [3, 0, 0, 0, 0]  # paid the Nuke cost
    assert tokens(s)[B] == (0, 1)  # a token, spent at once (FR-R13), counted: 1-1, no change
    assert s.nukiest == A
    assert phase_name(s) == "nuke_target" and s.current_player() == B
    assert args_of(s, TARGET) == [6, 23]
    do(s, TARGET, 23)
    assert phase_name(s) == "hack" and s.current_player() == A  # A holds a Spy card
    do(s, PASS)
    assert herds(s, 23) == (0, 1)
    assert phase_name(s) == "nuke_response" and s.current_player() == A  # A may respond


def test_FR_R13_a_nuke_back_at_a_third_players_region_is_illegal() -> None:
    """FR-R13: a nuke-back may only target the nuker's regions: C's Fields 12, next to the
    nuked region, is no target; the choice raises and changes nothing."""
    s = nuke_board(nukes={A: (1, 0), B: (1, 0)})
    launch(s, NUKE_TOKEN, 11)
    do(s, LAUNCH, NUKE_TOKEN)
    assert args_of(s, TARGET) == [6]
    rejected(s, TARGET, 12)
    rejected(s, TARGET, 2)


def test_FR_R13_FR_R35_the_chain_goes_on_between_the_two_until_both_pass() -> None:
    """FR-9.4, FR-R35: A nukes B; B nukes back; A answers, emptying B's region 11. A's
    opportunity against B's nuke now has no target (B holds nothing next to 6 or to A's
    regions) and drops; B's first opportunity is on top again: B passes and A's turn resumes."""
    s = nuke_board(a=(2, 0), b=(2, 0), nukes={A: (2, 0), B: (1, 0)})
    launch(s, NUKE_TOKEN, 11)
    assert s.current_player() == B and s.nuke_responses == ((B, A, 11),)
    launch(s, NUKE_TOKEN, 6)  # B answers
    assert phase_name(s) == "nuke_response" and s.current_player() == A
    assert s.nuke_responses == ((B, A, 11), (A, B, 6))
    assert args_of(s, LAUNCH) == [NUKE_TOKEN]
    launch(s, NUKE_TOKEN, 11)  # A answers B's nuke
    assert herds(s, 11) == (0, 0)  # 2H -> 2I -> dead
    assert phase_name(s) == "nuke_response" and s.current_player() == B
    assert s.nuke_responses == ((B, A, 11),)
    do(s, PASS)
    assert phase_name(s) == "actions" and s.current_player() == A and s.nuke_responses == ()


def test_FR_R13_responses_alternate_and_pop_in_stack_order() -> None:
    """FR-9.4 step 7: the opportunity on top decides; a pass pops it. A nukes B's 11, B nukes
    back A's 6, A passes (pops A's), then B decides again on its first opportunity and nukes
    again ("any number of times"); A is asked again, passes, and the exchange is over (B's
    opportunity has no target left: A's 6 is empty)."""
    s = nuke_board(a=(2, 0), b=(2, 0), nukes={A: (1, 0), B: (2, 0)}, hands={A: {"wheat": 3}})
    launch(s, NUKE_TOKEN, 11)
    launch(s, NUKE_TOKEN, 6)
    assert s.nuke_responses == ((B, A, 11), (A, B, 6))
    assert s.current_player() == A
    do(s, PASS)
    assert s.nuke_responses == ((B, A, 11),) and s.current_player() == B
    launch(s, NUKE_TOKEN, 6)
    assert herds(s, 6) == (0, 0)
    assert s.current_player() == A  # A's new opportunity (it holds 3 cards: asked)
    do(s, PASS)
    assert phase_name(s) == "actions" and s.nuke_responses == ()


def test_FR_R36_a_building_only_region_makes_its_owner_a_victim() -> None:
    """FR-R36: nuking B's home (a Barn, no herds) deals no damage (no Hacking prompt: no unit
    can be hurt) but is nuking B, who may nuke back. Nuking a region nobody controls starts
    no exchange."""
    s = nuke_board(
        nukes={A: (2, 0), B: (1, 0)},
        spies={B: {"hacking": 1}},
        extra={5: {"owner": A, "healthy": 1}},
    )
    launch(s, NUKE_TOKEN, 10)
    assert region(s, 10)["building"] == "barn" and s.owner[10] == B
    assert phase_name(s) == "nuke_response" and s.current_player() == B
    assert s.spy_count(B) == 1
    do(s, PASS)
    launch(s, NUKE_TOKEN, 1)  # empty, uncontrolled
    assert phase_name(s) == "actions" and s.nuke_responses == ()


def test_FR_R35_only_nukes_and_hacking_while_the_exchange_lasts() -> None:
    """FR-R35: while the stack is non-empty neither the responder nor the active player may
    trade, build anything but a Nuke to launch, play Spies other than Hacking and Pocket Nuke,
    or move herds — even holding every card they would need."""
    rich = {"wheat": 4, "wood": 4, "brick": 4, "weapons": 4, "plutonium": 4}
    s = nuke_board(
        nukes={A: (1, 0), B: (1, 0)},
        hands={A: rich, B: rich},
        spies={A: {"thievery": 1, "hacking": 1}, B: {"thievery": 1, "pocket_nuke": 1}},
    )
    launch(s, NUKE_TOKEN, 11)
    assert phase_name(s) == "hack"
    assert kinds(s) == {PASS}  # B holds no Hacking: only the pass
    do(s, PASS)
    assert s.current_player() == B
    assert kinds(s) == {LAUNCH, PASS}
    assert args_of(s, LAUNCH) == [NUKE_TOKEN, NUKE_BUILT, NUKE_POCKET]
    launch(s, NUKE_TOKEN, 6)
    assert phase_name(s) == "hack" and s.current_player() == A
    assert kinds(s) == {PASS, PLAY_SPY} and args_of(s, PLAY_SPY) == [HACKING]
    do(s, PASS)
    assert s.current_player() == A and phase_name(s) == "nuke_response"
    assert kinds(s) == {LAUNCH, PASS}
    for kind, arg in ((BUY_SPY, 0), (BUY_NUKE, 0), (BARN_AT, 6), (PLAY_SPY, THIEVERY)):
        rejected(s, kind, arg)
    rejected(s, MOVE_TO, 7)


def test_FR_R38_launching_is_open_in_phases_2_to_4() -> None:
    """FR-R38: a ready token may be launched in the Actions, Resources and Discard phases."""
    s = nuke_board(nukes={A: (1, 0)})
    assert legal(s, LAUNCH, NUKE_TOKEN)
    do(s, END_PHASE)
    chance(s, 0 * 6 + 1)  # wheat + wood
    assert phase_name(s) == "resources" and legal(s, LAUNCH, NUKE_TOKEN)
    do(s, END_PHASE)
    assert phase_name(s) == "discard_phase" and legal(s, LAUNCH, NUKE_TOKEN)


def test_FR_R38_FR_R20_no_nuke_and_no_pocket_nuke_during_combat() -> None:
    """FR-R38, FR-R20, FR-6.5: in the combat Spy window A may play Spies, but not launch its
    token nor its Pocket Nuke; Field Hospital is offered."""
    s = nuke_board(
        a=(3, 0),
        b=(3, 0),
        nukes={A: (1, 0)},
        spies={A: {"pocket_nuke": 1, "field_hospital": 1}},
    )
    move(s, 11, (6, 3, 0))
    roll(s, 1, 0)
    roll(s, 1, 0)
    while phase_name(s) in ("allocate_attacker", "allocate_defender"):
        do(s, HIT, 0)
    assert phase_name(s) == "spy_window" and s.current_player() == A
    assert kinds(s) == {PLAY_SPY, PASS}
    assert args_of(s, PLAY_SPY) == [FIELD_HOSPITAL]
    rejected(s, LAUNCH, NUKE_TOKEN)
    rejected(s, LAUNCH, NUKE_POCKET)
    rejected(s, PLAY_SPY, POCKET_NUKE)
    do(s, PASS)
    assert phase_name(s) == "attacker_decides" and not legal(s, LAUNCH, NUKE_TOKEN)
    do(s, CONTINUE)
    assert not legal(s, LAUNCH, NUKE_TOKEN)


def test_FR_R38_no_launch_off_turn_except_as_a_nuke_back() -> None:
    """FR-R38: A holds a ready token and cards for a Nuke; on B's turn it is offered no launch
    and no build — neither in the trade window after its own turn nor during B's turn (it
    decides nothing there unless nuked)."""
    s = nuke_board(nukes={A: (1, 0)}, hands={A: NUKE_COST})
    to_discard_phase(s)
    do(s, END_TURN)
    while phase_name(s) == "trade_slot" and s.current_player() != A:
        do(s, PASS)
    assert phase_name(s) == "trade_slot" and s.current_player() == A
    assert kinds(s) == {SEAT, PASS}
    close_window(s)
    assert s.active == B and phase_name(s) == "actions"
    assert s.current_player() == B


def test_FR_9_5_hacking_bought_this_turn_cannot_be_played() -> None:
    """FR-9.5 (purchase rule): A bought its Hacking this turn; nuked back by B, it is still
    asked (it holds a Spy card, §16) but may only pass."""
    s = nuke_board(nukes={A: (1, 0), B: (1, 0)}, spies={A: {"hacking": 1}}, fresh={"hacking": 1})
    launch(s, NUKE_TOKEN, 11)
    launch(s, NUKE_TOKEN, 6)
    assert phase_name(s) == "hack" and s.current_player() == A
    assert kinds(s) == {PASS}
    rejected(s, PLAY_SPY, HACKING)


# --- Pocket Nuke (FR-10, FR-R45; FR-T34) --------------------------------------------------------
@pytest.mark.parametrize(("value", "left"), [(3, 1), (2, None), (1, None)])
def test_FR_T34_pocket_nuke_on_face_up_humans(value: int, left: int | None) -> None:
    """FR-T34: a Pocket Nuke kills 2 humans: a "3" becomes a face-up "1"; a "2" or "1" is
    removed. No victim: no exchange."""
    s = nuke_board(spies={A: {"pocket_nuke": 1}}, extra={7: {"token": value}})
    launch(s, NUKE_POCKET, 7)
    assert region(s, 7)["token"] == left
    assert phase_name(s) == "actions"


@pytest.mark.parametrize(("value", "left"), [(3, 1), (2, None), (1, None)])
def test_FR_T34_pocket_nuke_reveals_a_face_down_token(value: int, left: int | None) -> None:
    """FR-T34, FR-10: against a face-down token the token is revealed (a chance event) first."""
    s = nuke_board(spies={A: {"pocket_nuke": 1}}, extra={7: {"token": "face_down"}})
    launch(s, NUKE_POCKET, 7)
    assert phase_name(s) == "reveal"
    chance(s, value)
    assert region(s, 7)["token"] == left
    unseen = [4, 16, 8]
    unseen[value - 1] -= 1
    assert s.to_json()["tokens"]["unseen"] == unseen


def test_FR_R45_pocket_nuke_the_victim_allocates_two_points() -> None:
    """FR-10, FR-R45: 2 damage in total, allocated by the victim: B's 2 healthy herds; the first
    point can only injure; the second B allocates (here: kill the injured herd)."""
    s = nuke_board(b=(2, 0), spies={A: {"pocket_nuke": 1}})
    launch(s, NUKE_POCKET, 11)
    assert phase_name(s) == "pocket_allocate" and s.current_player() == B
    assert herds(s, 11) == (1, 1)
    assert args_of(s, HIT) == [0, 1]
    do(s, HIT, 1)
    assert herds(s, 11) == (1, 0)
    assert s.nuke_tokens(A) == 0


def test_FR_R45_pocket_nuke_triggers_and_serves_as_a_nuke_back() -> None:
    """FR-10: a Pocket Nuke lets its victim nuke back, and a Pocket Nuke can be that
    nuke-back (B's card, held since an earlier turn): A allocates the 2 points."""
    s = nuke_board(a=(1, 1), b=(1, 0), spies={A: {"pocket_nuke": 1}, B: {"pocket_nuke": 1}})
    launch(s, NUKE_POCKET, 11)
    assert phase_name(s) == "hack" and kinds(s) == {PASS}  # B holds a Spy, not Hacking
    do(s, PASS)
    assert herds(s, 11) == (0, 0)  # 1 healthy herd: the 2 points kill it
    assert s.owner[11] == NO
    assert phase_name(s) == "nuke_response" and s.current_player() == B
    assert args_of(s, LAUNCH) == [NUKE_POCKET]
    launch(s, NUKE_POCKET, 6)
    assert phase_name(s) == "pocket_allocate" and s.current_player() == A
    assert args_of(s, HIT) == [0, 1]
    do(s, HIT, 1)  # the injured herd dies
    assert herds(s, 6) == (0, 1)  # the second point could only injure the healthy one
    assert s.to_json()["spy_discard"] == {"pocket_nuke": 2}
    assert tokens(s) == [(0, 0)] * 4


def test_FR_R45_pocket_nuke_on_radioactive_does_nothing_but_allows_a_nuke_back() -> None:
    """FR-R45, FR-11 Radioactive: no effect on Radioactive's herds; still nuking it."""
    s = nuke_board(
        b=(1, 1),
        spies={A: {"pocket_nuke": 1}},
        nukes={B: (1, 0)},
        mutations="none,radioactive,none,none",
    )
    launch(s, NUKE_POCKET, 11)
    assert herds(s, 11) == (1, 1)
    assert phase_name(s) == "nuke_response" and s.current_player() == B


def test_FR_R13_hyper_intelligent_and_deranged_may_pay_a_nuke_back() -> None:
    """FR-R13: building a Nuke to nuke back may use the Mutation payment modes: Deranged pays
    4 cards of any kinds, Hyper-Intelligent 4 of one kind (FR-2.4, FR-11)."""
    s = nuke_board(
        nukes={A: (1, 0)},
        hands={B: {"wheat": 2, "brick": 2}},
        mutations="none,deranged,none,none",
    )
    launch(s, NUKE_TOKEN, 11)
    assert args_of(s, LAUNCH) == [NUKE_BUILT]
    do(s, LAUNCH, NUKE_BUILT)
    assert phase_name(s) == "payment" and s.current_player() == B
    for k in (0, 0, 2, 2):
        do(s, RESOURCE, k)
    assert hand(s, B) == [0, 0, 0, 0, 0] and s.nuke_tokens(B) == 1
    assert phase_name(s) == "nuke_target" and args_of(s, TARGET) == [6]
    h = nuke_board(
        nukes={A: (1, 0)},
        hands={B: {"wood": 4}},
        mutations="none,hyper_intelligent,none,none",
    )
    launch(h, NUKE_TOKEN, 11)
    do(h, LAUNCH, NUKE_BUILT)
    assert phase_name(h) == "payment" and args_of(h, PAY_FOUR) == [1]
    do(h, PAY_FOUR, 1)
    assert hand(h, B) == [0, 0, 0, 0, 0] and h.nuke_tokens(B) == 1
    assert phase_name(h) == "nuke_target"


def test_FR_9_4_a_nuke_back_can_eliminate_and_the_exchange_ends() -> None:
    """FR-9.4 step 5, FR-7.6: a nuke-back that removes the launcher's last pieces eliminates
    it; A eliminated on its own turn ends that turn (FR-R52)."""
    regions = {
        6: {"owner": A, "injured": 1},
        11: {"owner": B, "healthy": 1},
        10: {"owner": B, "building": "barn"},
        19: {"owner": C, "building": "barn"},
        22: {"owner": 3, "building": "barn"},
    }
    s = scenario(regions=regions, nukes={A: (1, 0), B: (1, 0)})
    launch(s, NUKE_TOKEN, 11)
    launch(s, NUKE_TOKEN, 6)
    assert not s.alive(A)
    assert phase_name(s) == "trade_slot" and s.current_player() == B  # the window, then B
    close_window(s)
    assert s.active == B and phase_name(s) == "actions"


def test_FR_R14_hacking_cancels_a_pocket_nuke() -> None:
    """FR-R14: Hacking cancels all the damage of one nuke of any kind: a Pocket Nuke's 2
    points are lost."""
    s = nuke_board(b=(1, 0), spies={A: {"pocket_nuke": 1}, B: {"hacking": 1}}, nukes={B: (1, 0)})
    launch(s, NUKE_POCKET, 11)
    do(s, PLAY_SPY, HACKING)
    assert herds(s, 11) == (1, 0)
    assert phase_name(s) == "nuke_response" and s.current_player() == B


def test_FR_R14_hacking_protects_adorables_humans_too() -> None:
    """FR-R14: Hacking covers every unit of its player in the target, Adorable's humans
    included: the token and the herd are untouched; without Hacking both are hit."""
    for hack, token, herd in ((True, 2, (1, 0)), (False, None, (0, 1))):
        s = nuke_board(
            nukes={A: (1, 0)},
            spies={B: {"hacking": 1}},
            extra={11: {"owner": B, "healthy": 1, "token": 2}},
            mutations="none,adorable,none,none",
        )
        launch(s, NUKE_TOKEN, 11)
        assert phase_name(s) == "hack"
        if hack:
            do(s, PLAY_SPY, HACKING)
        else:
            do(s, PASS)
        assert region(s, 11)["token"] == token and herds(s, 11) == herd
