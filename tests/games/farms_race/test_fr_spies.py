"""Farms Race Spies and victory with hidden VP Spies (rules/farms_race.md §6.5, §8.1, §10, §12;
rulings FR-R19, FR-R20, FR-R41, FR-R42, FR-R50, FR-R54; vectors FR-T30, FR-T31, FR-T38,
FR-T40, FR-T41, FR-T42).

Drawn cards are injected as chance outcomes: a Spy draw's outcome is the card's index in
``layout.SPY_IDS``. Regions are indices on the 4-player recommended map (FR-3.4):

    row0:  W0   H1   F2*  A3   P4
    row1:     F5   P6   W7   F8   H9
    row2:  W10* A11  F12  H13  P14
    row3:     P15  H16  P17  W18  H19*
    row4:  A20  W21  A22* F23  A24
"""

from __future__ import annotations

import pytest
from fr_helpers import (
    BRICK,
    WHEAT,
    WOOD,
    allocate,
    args_of,
    board,
    chance,
    close_window,
    do,
    hand,
    herds,
    kinds,
    legal,
    move,
    pass_turn,
    phase_name,
    roll,
    scenario,
    to_discard_phase,
)

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.actions import (
    BUY_SPY,
    DONE,
    END_TURN,
    HEAL,
    LAUNCH,
    PASS,
    PLAY_SPY,
    RESOURCE,
    SEAT,
    TARGET,
)
from farmstead.games.farms_race.layout import (
    BLACKMAIL,
    CAPITALISM,
    CARNIVOROUS,
    DOUBLE_AGENT,
    FIELD_HOSPITAL,
    HACKING,
    NUKE_BUILT,
    NUKE_TOKEN,
    PROPAGANDA,
    SPY_IDS,
    THIEVERY,
)

A, B, C, D = 0, 1, 2, 3
SPY_COST = {"wheat": 1, "wood": 1, "plutonium": 1}


def rejected(state, kind: int, arg: int = 0) -> None:
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        do(state, kind, arg)
    assert state.to_json() == before


def seat_doc(state, seat: int) -> dict:
    return state.to_json()["seats"][seat]


# --- buying (FR-8.1, FR-10) --------------------------------------------------------------------
def test_FR_8_1_buying_a_spy_pays_and_draws_the_top_card() -> None:
    """FR-8.1, FR-2.4: a Spy costs wheat, wood, plutonium; the top card of the hidden deck is a
    chance event weighted by the cards left (24 at first: 1/24 Capitalism, 3/24 Thievery)."""
    s = scenario(regions=board(), hands={A: SPY_COST})
    do(s, BUY_SPY)
    assert hand(s, A) == [0, 0, 0, 0, 0]
    assert phase_name(s) == "spy_draw"
    odds = dict(s.chance_outcomes())
    assert odds[CAPITALISM] == pytest.approx(1 / 24)
    assert odds[THIEVERY] == pytest.approx(3 / 24)
    assert odds[DOUBLE_AGENT] == pytest.approx(2 / 24)
    assert sum(odds.values()) == pytest.approx(1)
    chance(s, THIEVERY)
    assert seat_doc(s, A)["spies"] == {"thievery": 1}
    assert seat_doc(s, A)["spies_fresh"] == {"thievery": 1}
    assert s.to_json()["spy_deck_size"] == 23
    assert phase_name(s) == "actions"


def test_FR_10_an_action_spy_cannot_be_played_the_turn_it_was_bought() -> None:
    """FR-10: a card bought this turn cannot be played this turn (unless a VP Spy); the
    choice raises and changes nothing. Next turn it can."""
    s = scenario(regions=board(), spies={A: {"thievery": 1}}, fresh={"thievery": 1})
    assert not legal(s, PLAY_SPY, THIEVERY)
    rejected(s, PLAY_SPY, THIEVERY)
    pass_turn(s)
    for _ in range(3):
        pass_turn(s)
    assert s.active == A
    assert legal(s, PLAY_SPY, THIEVERY)


def test_FR_10_an_older_copy_may_be_played_beside_a_fresh_one() -> None:
    s = scenario(regions=board(), spies={A: {"thievery": 2}}, fresh={"thievery": 1})
    do(s, PLAY_SPY, THIEVERY)
    do(s, RESOURCE, BRICK)
    assert hand(s, A) == [0, 0, 3, 0, 0]
    assert not legal(s, PLAY_SPY, THIEVERY)


def test_FR_R19_a_vp_spy_may_be_revealed_the_turn_it_is_bought() -> None:
    """FR-R19, FR-12: a VP Spy is revealed on the purchase turn: face up in front of its owner,
    +1 visible VP; it no longer counts as a Spy in hand."""
    s = scenario(regions=board(), hands={A: SPY_COST})
    do(s, BUY_SPY)
    chance(s, CAPITALISM)
    vp = s.visible_vp(A)
    assert legal(s, PLAY_SPY, CAPITALISM)
    do(s, PLAY_SPY, CAPITALISM)
    assert s.visible_vp(A) == vp + 1
    assert seat_doc(s, A)["revealed_vp_spies"] == ["capitalism"]
    assert s.spy_count(A) == 0
    assert s.observation(B)["seats"][A]["revealed_vp_spies"] == ["capitalism"]


def test_FR_10_no_spy_can_be_bought_from_an_empty_deck() -> None:
    every = {card: n for card, n in zip(SPY_IDS, (1, 1, 1, 1, 3, 2, 3, 3, 3, 3, 3), strict=True)}
    s = scenario(regions=board(), hands={A: SPY_COST}, discard=every)
    assert s.to_json()["spy_deck_size"] == 0
    assert not legal(s, BUY_SPY)


def test_FR_10_any_number_of_spies_per_turn_and_played_cards_are_public() -> None:
    s = scenario(regions=board(), spies={A: {"thievery": 2}})
    do(s, PLAY_SPY, THIEVERY)
    do(s, RESOURCE, WHEAT)
    do(s, PLAY_SPY, THIEVERY)
    do(s, RESOURCE, WOOD)
    assert hand(s, A) == [3, 3, 0, 0, 0]
    assert s.observation(B)["spy_discard"] == {"thievery": 2}
    assert s.observation(B)["seats"][A]["hand_size"] == 6
    assert s.observation(None)["seats"][A]["spy_count"] == 0


def test_FR_10_hacking_is_a_reaction_not_a_menu_play() -> None:
    s = scenario(regions=board(), spies={A: {"hacking": 1}})
    assert not legal(s, PLAY_SPY, HACKING)


# --- Field Hospital (FR-10, FR-6.5, FR-R20, FR-R41, FR-R42; FR-T30, FR-T31) -----------------------
def test_FR_T30_field_hospital_heals_the_survivors_not_the_dead() -> None:
    """FR-T30, FR-6.5: 4 healthy attacking herds take 6 damage: at least 2 must die; in the
    combat Spy window Field Hospital heals the 2 injured survivors; the dead stay dead."""
    s = scenario(
        regions=board({7: {"owner": A, "healthy": 4}, 12: {"owner": B, "healthy": 6}}),
        spies={A: {"field_hospital": 1}},
    )
    move(s, 12, (7, 4, 0))
    roll(s, 0, 0)
    roll(s, 6, 0)
    allocate(s, 0)  # spread the damage: 4 injured, then 2 of them killed
    assert s.to_json()["combat"]["attackers"] == [0, 2]
    assert s.herds_left[A] == 12 - 4 + 2
    assert phase_name(s) == "spy_window" and s.current_player() == A
    do(s, PLAY_SPY, FIELD_HOSPITAL)
    assert s.to_json()["combat"]["attackers"] == [2, 0]
    assert s.herds_left[A] == 10
    assert phase_name(s) == "spy_window"  # more Spies may follow
    do(s, PASS)
    assert phase_name(s) == "attacker_decides"


def test_FR_T31_field_hospital_skips_a_region_nuked_this_turn() -> None:
    """FR-T31, FR-R42: A nukes its own 6 (2 healthy herds -> 2 injured), then moves one
    injured herd to 7; Field Hospital heals the herd in 7, not the one still in 6."""
    s = scenario(
        regions=board({6: {"owner": A, "healthy": 2}, 7: {"owner": A, "healthy": 1}}),
        nukes={A: (1, 0)},
        spies={A: {"field_hospital": 1}},
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 6)
    assert herds(s, 6) == (0, 2)
    move(s, 7, (6, 0, 1))
    do(s, PLAY_SPY, FIELD_HOSPITAL)
    assert herds(s, 6) == (0, 1)
    assert herds(s, 7) == (2, 0)


def test_FR_R42_a_hacked_nuke_still_counts_and_the_heal_action_is_not_restricted() -> None:
    """FR-R42: A nukes B; B nukes back A's 6 and A hacks it (no damage): 6 still counts as
    nuked this turn, so Field Hospital does not heal its injured herd — the Heal action
    does."""
    s = scenario(
        regions=board(
            {6: {"owner": A, "healthy": 1, "injured": 1}, 11: {"owner": B, "healthy": 1}}
        ),
        nukes={A: (1, 0), B: (1, 0)},
        spies={A: {"field_hospital": 1, "hacking": 1}},
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 11)
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 6)
    assert phase_name(s) == "hack" and s.current_player() == A
    do(s, PLAY_SPY, HACKING)
    assert herds(s, 6) == (1, 1)
    while phase_name(s) == "nuke_response":
        do(s, PASS)
    assert phase_name(s) == "actions"
    do(s, PLAY_SPY, FIELD_HOSPITAL)
    assert herds(s, 6) == (1, 1)
    assert legal(s, HEAL, 6)
    do(s, HEAL, 6)
    assert herds(s, 6) == (2, 0)


def test_FR_R42_field_hospital_does_not_heal_attackers_in_a_region_nuked_this_turn() -> None:
    """FR-R42, FR-10: A nukes B's 12, then attacks it; its attacking herds are in a region
    nuked this turn: Field Hospital in the Spy window does not heal them."""
    s = scenario(
        regions=board({7: {"owner": A, "healthy": 2}, 12: {"owner": B, "healthy": 3}}),
        nukes={A: (1, 0)},
        spies={A: {"field_hospital": 1}},
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 12)
    move(s, 12, (7, 2, 0))
    roll(s, 0, 0)
    roll(s, 1, 0)
    assert s.to_json()["combat"]["attackers"] == [1, 1]
    assert phase_name(s) == "spy_window"
    do(s, PLAY_SPY, FIELD_HOSPITAL)
    assert s.to_json()["combat"]["attackers"] == [1, 1]


def test_FR_R20_a_spy_with_choices_in_the_combat_window_returns_to_it() -> None:
    s = scenario(
        regions=board({7: {"owner": A, "healthy": 2}, 12: {"owner": B, "healthy": 2}}),
        spies={A: {"thievery": 1}},
    )
    move(s, 12, (7, 2, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    do(s, PLAY_SPY, THIEVERY)
    assert phase_name(s) == "spy_resource"
    do(s, RESOURCE, WOOD)
    assert hand(s, A) == [0, 3, 0, 0, 0]
    assert phase_name(s) == "spy_window" and kinds(s) == {PASS}


def test_FR_R41_healing_by_field_hospital_is_not_an_action() -> None:
    """FR-R41: a herd healed by Field Hospital has not acted: it may still move."""
    s = scenario(
        regions=board({6: {"owner": A, "injured": 2}}),
        spies={A: {"field_hospital": 1}},
    )
    do(s, PLAY_SPY, FIELD_HOSPITAL)
    assert herds(s, 6) == (2, 0) and s.healthy_ready[6] == 2
    move(s, 5, (6, 2, 0))
    assert herds(s, 5) == (2, 0)


def test_FR_R20_the_spy_window_is_offered_to_a_player_holding_any_spy_card() -> None:
    """FR-6.5, §16: the window is issued whenever the attacker holds a Spy card — even one it
    cannot play now (bought this turn) — with a pass; never without any Spy card."""

    def fight(spies):
        s = scenario(
            regions=board({7: {"owner": A, "healthy": 2}, 12: {"owner": B, "healthy": 2}}),
            spies=spies,
            fresh={"thievery": 1} if spies else None,
        )
        move(s, 12, (7, 2, 0))
        roll(s, 0, 0)
        roll(s, 0, 0)
        return s

    s = fight({A: {"thievery": 1}})
    assert phase_name(s) == "spy_window" and kinds(s) == {PASS}
    assert phase_name(fight({})) == "attacker_decides"


def test_FR_R20_vp_spies_may_be_revealed_in_the_combat_spy_window() -> None:
    s = scenario(
        regions=board({7: {"owner": A, "healthy": 2}, 12: {"owner": B, "healthy": 2}}),
        spies={A: {"plumbing": 1, "thievery": 1}},
    )
    move(s, 12, (7, 2, 0))
    roll(s, 0, 0)
    roll(s, 0, 0)
    assert args_of(s, PLAY_SPY) == [3, THIEVERY]
    do(s, PLAY_SPY, 3)
    assert seat_doc(s, A)["revealed_vp_spies"] == ["plumbing"]


# --- Blackmail, Double Agent, Propaganda, Thievery (FR-10, FR-R19, FR-R50; FR-T41, FR-T42) -----------
def test_FR_T41_hidden_vp_spies_do_not_count_for_more_vp_than_you() -> None:
    """FR-T41, FR-R19: A shows 5 VP and holds 2 hidden VP Spies; B shows 6. A may Blackmail or
    Double Agent B; B may not target A (nobody shows more than 6)."""
    spies = {
        A: {"capitalism": 1, "plumbing": 1, "blackmail": 1, "double_agent": 1},
        B: {"blackmail": 1, "double_agent": 1},
    }
    s = scenario(regions=board(), vp_tokens={A: 4, B: 5}, spies=spies, hands={B: {"wheat": 1}})
    assert (s.visible_vp(A), s.visible_vp(B)) == (5, 6)
    assert legal(s, PLAY_SPY, BLACKMAIL) and legal(s, PLAY_SPY, DOUBLE_AGENT)
    do(s, PLAY_SPY, BLACKMAIL)
    assert args_of(s, SEAT) == [B]
    t = scenario(regions=board(), vp_tokens={A: 4, B: 5}, spies=spies, active=B)
    assert not legal(t, PLAY_SPY, BLACKMAIL) and not legal(t, PLAY_SPY, DOUBLE_AGENT)
    rejected(t, PLAY_SPY, BLACKMAIL)


def test_FR_R19_revealed_vp_spies_count_for_more_vp() -> None:
    s = scenario(
        regions=board(),
        vp_tokens={B: 1},
        revealed={A: ["capitalism", "plumbing"]},
        spies={B: {"blackmail": 1}},
        active=B,
        hands={A: {"wheat": 1}},
    )
    assert s.visible_vp(A) == 3 and s.visible_vp(B) == 2
    assert legal(s, PLAY_SPY, BLACKMAIL)


def test_FR_R50_blackmail_shows_the_hand_and_takes_up_to_three_chosen_cards() -> None:
    """FR-10, FR-R50, §16: the Blackmail player chooses a richer opponent, sees its whole hand
    while choosing (no one else does), takes cards one kind at a time, at most 3; the kinds
    taken are known to thief and victim only."""
    s = scenario(
        regions=board(),
        vp_tokens={B: 2},
        spies={A: {"blackmail": 1}},
        hands={B: {"wheat": 2, "brick": 3}},
    )
    do(s, PLAY_SPY, BLACKMAIL)
    assert phase_name(s) == "spy_opponent"
    assert "hand" not in s.observation(A)["seats"][B]
    do(s, SEAT, B)
    assert phase_name(s) == "blackmail_take" and s.current_player() == A
    assert s.observation(A)["seats"][B]["hand"] == {"wheat": 2, "brick": 3}
    for viewer in (C, D, None):
        assert "hand" not in s.observation(viewer)["seats"][B]
    assert args_of(s, RESOURCE) == [WHEAT, BRICK] and legal(s, DONE)
    do(s, RESOURCE, BRICK)
    do(s, RESOURCE, BRICK)
    do(s, RESOURCE, WHEAT)
    assert phase_name(s) == "actions"  # 3 taken: the play is over
    assert hand(s, A) == [1, 0, 2, 0, 0] and hand(s, B) == [1, 0, 1, 0, 0]
    assert "hand" not in s.observation(A)["seats"][B]  # only while choosing
    assert s.observation(C)["seats"][A]["hand_size"] == 3
    assert s.to_json()["seats"][A]["unknown_cards"] == 3


def test_FR_R50_blackmail_may_stop_early_and_needs_a_richer_player() -> None:
    s = scenario(
        regions=board(), vp_tokens={B: 2}, spies={A: {"blackmail": 1}}, hands={B: {"wood": 2}}
    )
    do(s, PLAY_SPY, BLACKMAIL)
    do(s, SEAT, B)
    do(s, RESOURCE, WOOD)
    do(s, DONE)
    assert hand(s, A) == [0, 1, 0, 0, 0] and hand(s, B) == [0, 1, 0, 0, 0]
    assert phase_name(s) == "actions"
    level = scenario(regions=board(), spies={A: {"blackmail": 1}}, hands={B: {"wood": 2}})
    assert not legal(level, PLAY_SPY, BLACKMAIL)  # everyone shows 1 VP


def test_FR_T42_double_agent_takes_two_and_one() -> None:
    """FR-T42, FR-R50: B (5 cards) and C (1 card) both show more VP: Double Agent takes 2
    random cards from B and 1 from C (each draw a chance event over the victim's cards); D,
    not richer, gives nothing."""
    s = scenario(
        regions=board(),
        vp_tokens={B: 1, C: 1},
        spies={A: {"double_agent": 1}},
        hands={B: {"wheat": 4, "wood": 1}, C: {"brick": 1}, D: {"wheat": 3}},
    )
    do(s, PLAY_SPY, DOUBLE_AGENT)
    assert phase_name(s) == "agent_draw"
    assert dict(s.chance_outcomes()) == {WHEAT: pytest.approx(0.8), WOOD: pytest.approx(0.2)}
    chance(s, WOOD)
    assert dict(s.chance_outcomes()) == {WHEAT: pytest.approx(1.0)}
    chance(s, WHEAT)
    assert dict(s.chance_outcomes()) == {BRICK: pytest.approx(1.0)}
    chance(s, BRICK)
    assert phase_name(s) == "actions"
    assert hand(s, A) == [1, 1, 1, 0, 0]
    assert [sum(hand(s, p)) for p in (B, C, D)] == [3, 0, 3]


def test_FR_R50_double_agent_skips_a_richer_player_with_no_cards() -> None:
    s = scenario(
        regions=board(),
        vp_tokens={B: 1, C: 1},
        spies={A: {"double_agent": 1}},
        hands={C: {"brick": 2}},
    )
    do(s, PLAY_SPY, DOUBLE_AGENT)
    chance(s, BRICK)
    chance(s, BRICK)
    assert phase_name(s) == "actions"
    assert hand(s, A) == [0, 0, 2, 0, 0]


def test_FR_R50_propaganda_each_other_holder_gives_one() -> None:
    """FR-10, FR-R50: name wheat: every other player holding wheat gives 1 (B and D); C, with
    none, gives nothing; A never gives to itself. The transfers are public."""
    s = scenario(
        regions=board(),
        spies={A: {"propaganda": 1}},
        hands={A: {"wheat": 2}, B: {"wheat": 3}, C: {"wood": 2}, D: {"wheat": 1}},
    )
    do(s, PLAY_SPY, PROPAGANDA)
    assert phase_name(s) == "spy_resource"
    do(s, RESOURCE, WHEAT)
    assert [hand(s, p) for p in range(4)] == [
        [4, 0, 0, 0, 0],
        [2, 0, 0, 0, 0],
        [0, 2, 0, 0, 0],
        [0, 0, 0, 0, 0],
    ]
    assert s.to_json()["seats"][A]["known"] == {"wheat": 4}


def test_FR_10_thievery_takes_three_of_one_kind_from_the_supply() -> None:
    s = scenario(regions=board(), spies={A: {"thievery": 1}})
    do(s, PLAY_SPY, THIEVERY)
    do(s, RESOURCE, WOOD)
    assert hand(s, A) == [0, 3, 0, 0, 0]
    assert s.to_json()["spy_discard"] == {"thievery": 1}


def test_FR_10_spies_are_played_only_on_ones_own_turn() -> None:
    """FR-10, FR-R20: B's Thievery cannot be played on A's turn: the trade window after A's
    turn offers B no Spy play."""
    s = scenario(regions=board(), spies={B: {"thievery": 1}})
    to_discard_phase(s)
    do(s, END_TURN)
    assert phase_name(s) == "trade_slot" and s.current_player() == B
    assert PLAY_SPY not in kinds(s)


# --- victory with VP Spies (FR-12, FR-R19, FR-R54; FR-T38, FR-T40) -------------------------------
def test_FR_T38_chickens_armory_two_barns_token_and_nukiest_show_6_vp() -> None:
    """FR-T38, FR-12: 1 Armory (2) + 2 Barns (2) + 1 VP token (1) + Nukiest (1) = 6 visible
    VP; without the Award, 5."""
    regions = board(
        {
            22: {"owner": D, "building": "armory"},
            23: {"owner": D, "building": "barn"},
            24: {"owner": D, "building": "barn"},
        }
    )
    s = scenario(regions=regions, vp_tokens={D: 1}, nukes={D: (0, 1)}, nukiest=D)
    assert s.visible_vp(D) == 6
    assert s.observation(A)["seats"][D]["vp"] == 6
    t = scenario(regions=regions, vp_tokens={D: 1}, nukes={D: (0, 1)})
    assert t.visible_vp(D) == 5


def test_FR_T40_reveal_a_hidden_vp_spy_to_win_on_ones_own_turn() -> None:
    """FR-T40 (auto-reveal off): at 9 visible VP with 1 hidden VP Spy the player reveals it on
    its own turn and wins at once."""
    s = scenario(
        regions=board(),
        vp_tokens={A: 8},
        spies={A: {"carnivorous": 1}},
        auto_reveal_winning_vp_spies=False,
    )
    assert s.visible_vp(A) == 9
    do(s, PLAY_SPY, CARNIVOROUS)
    assert s.is_terminal() and s.to_json()["winners"] == [A]


def test_FR_T40_auto_reveal_wins_at_the_start_of_the_owners_turn_not_before() -> None:
    """FR-T40, FR-12 (auto-reveal on, the default): on B's turn A (9 visible, 1 hidden) cannot
    reveal and the game goes on; when A's turn begins the engine reveals the Spy and A wins."""
    s = scenario(regions=board(), vp_tokens={A: 8}, spies={A: {"capitalism": 1}}, active=B)
    assert not s.is_terminal()
    pass_turn(s)  # B
    assert not s.is_terminal()
    pass_turn(s)  # C
    pass_turn(s)  # D: its End turn opens the window, then A's turn begins
    assert s.is_terminal() and s.to_json()["winners"] == [A]
    assert s.to_json()["seats"][A]["revealed_vp_spies"] == ["capitalism"]


def test_FR_T40_no_reveal_in_the_trade_window_of_another_turn() -> None:
    s = scenario(
        regions=board(),
        vp_tokens={A: 8},
        spies={A: {"capitalism": 1}},
        active=B,
        auto_reveal_winning_vp_spies=False,
    )
    to_discard_phase(s)
    do(s, END_TURN)
    while phase_name(s) == "trade_slot" and s.current_player() != A:
        do(s, PASS)
    assert s.current_player() == A and PLAY_SPY not in kinds(s)
    close_window(s)
    assert not s.is_terminal()


def test_FR_12_auto_reveal_after_buying_the_winning_vp_spy() -> None:
    """FR-12, FR-R19: the owner may reveal right after buying; with auto-reveal a bought VP Spy
    that reaches the target is revealed at once and wins."""
    s = scenario(regions=board(), vp_tokens={A: 8}, hands={A: SPY_COST})
    do(s, BUY_SPY)
    chance(s, CAPITALISM)
    assert s.is_terminal() and s.to_json()["winners"] == [A]


def test_FR_12_auto_reveal_keeps_spies_hidden_below_the_target() -> None:
    s = scenario(regions=board(), vp_tokens={A: 7}, spies={A: {"capitalism": 1}})
    to_discard_phase(s)
    assert seat_doc(s, A)["revealed_vp_spies"] == [] and s.visible_vp(A) == 8
    assert not s.is_terminal()


def test_FR_R19_vp_gained_on_another_turn_wins_at_once_when_visible() -> None:
    """FR-12, FR-R19: B (9 visible VP) is nuked on A's turn and builds a Nuke to nuke back: the
    Nukiest Award (its first token, the first of the game) brings it to 10 and it wins at
    once, on A's turn."""
    s = scenario(
        regions=board({6: {"owner": A, "healthy": 1}, 11: {"owner": B, "healthy": 1}}),
        vp_tokens={B: 8},
        hands={B: {"weapons": 1, "plutonium": 2}},
        spies={A: {"pocket_nuke": 1}},
    )
    do(s, LAUNCH, 2)
    do(s, TARGET, 11)
    assert phase_name(s) == "nuke_response" and s.current_player() == B
    do(s, LAUNCH, NUKE_BUILT)
    assert s.is_terminal() and s.to_json()["winners"] == [B]


def test_FR_R54_the_round_cap_counts_hidden_vp_spies() -> None:
    """FR-R54: at the cap the highest VP wins, hidden VP Spies counted: B (1 visible + 2
    hidden) beats A (2 visible)."""
    s = scenario(
        regions=board(),
        vp_tokens={A: 1},
        spies={B: {"capitalism": 1, "domestication": 1}},
        active=D,
        max_rounds=1,
    )
    assert not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [B]


def test_FR_R28_an_eliminated_players_spies_leave_play() -> None:
    s = scenario(
        regions=board({6: {"owner": A, "healthy": 1}, 10: {}, 11: {"owner": B, "injured": 1}}),
        nukes={A: (1, 0)},
        spies={B: {"hacking": 1, "capitalism": 1}},
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 11)
    assert phase_name(s) == "hack"  # it holds Spy cards: asked before the damage
    do(s, PASS)
    assert not s.alive(B) and s.spy_count(B) == 0
    assert s.to_json()["spies_removed_cards"] == {"capitalism": 1, "hacking": 1}
    assert s.observation(A)["spies_removed"] == 2
