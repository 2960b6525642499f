"""What each Farms Race seat may see, part 2 (rules/farms_race.md §16; FR-4 step 6.1, FR-9.4
step 3, FR-R50): Spy cards, resource kinds, dealt Mutations and Adorable's peeked tokens are
hidden from the other seats — in their observations, in the words of the actions and chance
outcomes they see, and in which prompts are issued (prompt hygiene: the Hacking and nuke-back
prompts and the combat Spy window come from public facts only). ``sample_consistent`` redraws
what a seat cannot know, independently of the truth.

The twin tests play the same public moves in two positions that differ only in one seat's
hidden holding and compare, at every step, who decides, every other seat's (and a
spectator's) observation, and the words those seats get for the step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from fr_helpers import (
    WHEAT,
    aid,
    board,
    do,
    hand,
    new_state,
    phase_name,
    scenario,
)

from farmstead.core.game import PlayerId
from farmstead.core.rng import Rng
from farmstead.games.farms_race.actions import (
    ASK,
    BUY_SPY,
    CONFIRM,
    CONTINUE,
    DECLINE,
    DONE,
    END_PHASE,
    END_TURN,
    LAUNCH,
    MOVE_TO,
    MUTATION,
    PASS,
    PLAY_SPY,
    RESOURCE,
    SEAT,
    SOURCE,
    START,
    SUBMIT,
    TAKE,
    TARGET,
    combat_outcome,
    dice_outcome,
)
from farmstead.games.farms_race.layout import (
    BLACKMAIL,
    CAPITALISM,
    DOUBLE_AGENT,
    HACKING,
    MUTATION_IDS,
    NUKE_BUILT,
    NUKE_TOKEN,
    THIEVERY,
)

A, B, C, D = 0, 1, 2, 3
CHANCE = PlayerId.CHANCE
Step = tuple[str, int, int] | tuple[str, int, int, int]


def act(kind: int, arg: int = 0) -> tuple[str, int, int]:
    """A player action, the same in both twins."""
    return ("act", kind, arg)


def luck(outcome: int, other: int | None = None) -> tuple[str, int, int]:
    """A chance outcome; ``other`` for the second twin when it differs (a hidden draw)."""
    return ("chance", outcome, outcome if other is None else other)


def twins_agree(
    first: Any, second: Any, holder: int, steps: Sequence[tuple[str, int, int]]
) -> list[int]:
    """Play ``steps`` in both positions; before each step and at the end, every seat but
    ``holder`` and a spectator see the same observation, the same player decides, and every
    seat but ``holder`` gets the same words for the step. Returns the deciders in order."""
    players = first.cfg.players
    others: list[int | None] = [v for v in range(players) if v != holder] + [None]
    deciders = []

    def check() -> None:
        assert first.current_player() == second.current_player()
        assert phase_name(first) == phase_name(second)
        for v in others:
            assert first.observation(v) == second.observation(v), (v, phase_name(first))

    for what, x, y in steps:
        check()
        deciders.append(first.current_player())
        if what == "act":
            a1 = a2 = aid(first, x, y)
        else:
            a1, a2 = x, y
        for v in others:
            assert first.action_to_string_for(a1, v) == second.action_to_string_for(a2, v), v
        first.apply_action(a1)
        second.apply_action(a2)
    check()
    return deciders


def nuked_b(spies_b: dict[str, int] | None = None, **kwargs: Any):
    """A (active) holds 6 and a ready token; B holds 11 (next to 6) with 2 healthy herds."""
    regions = board({6: {"owner": A, "healthy": 2}, 11: {"owner": B, "healthy": 2}})
    return scenario(
        regions=regions, nukes={A: (1, 0)}, spies={B: spies_b} if spies_b else None, **kwargs
    )


NUKE_B = [act(LAUNCH, NUKE_TOKEN), act(TARGET, 11)]


# --- prompt hygiene (§16; FR-9.4 step 3) ------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "other"),
    [("hacking", "propaganda"), ("pocket_nuke", "thievery"), ("capitalism", "field_hospital")],
)
def test_FR_16_a_spy_cards_identity_changes_no_prompt_and_no_view(card: str, other: str) -> None:
    """§16, FR-9.4 step 3: B holds one Spy card, Hacking or not (a Pocket Nuke or not; a
    hidden VP Spy or not). Nuked by A, B is asked about Hacking and then about a nuke-back in
    both games (it holds a Spy card: public) and passes both times: the other seats see the
    same prompts, observations and words throughout, to the next turn."""
    first, second = nuked_b({card: 1}), nuked_b({other: 1})
    steps = [
        *NUKE_B,
        act(PASS),  # the Hacking prompt
        act(PASS),  # the nuke-back prompt
        act(END_PHASE),
        luck(dice_outcome(2, 3)),
        act(END_PHASE),
        act(END_TURN),
        *[act(PASS)] * 4,  # the trade window
    ]
    deciders = twins_agree(first, second, B, steps)
    assert deciders[2:4] == [B, B]
    assert first.active == B and phase_name(first) == "actions"


def test_FR_16_the_hacking_holder_may_play_it_the_other_only_pass() -> None:
    """The prompt is the same; only its owner's choices differ (the legal list is its own)."""
    first, second = nuked_b({"hacking": 1}), nuked_b({"propaganda": 1})
    for s in (first, second):
        do(s, LAUNCH, NUKE_TOKEN)
        do(s, TARGET, 11)
        assert phase_name(s) == "hack" and s.current_player() == B
    assert first.is_legal(aid(first, PLAY_SPY, HACKING))
    assert second.legal_actions() == [aid(second, PASS)]


def test_FR_16_resource_kinds_change_no_nuke_back_prompt() -> None:
    """§16, FR-9.4: B's 3 cards are of kinds others cannot tell: weapons + 2 plutonium (a Nuke)
    or 3 wheat. Nuked, B is asked about a nuke-back in both games (3 cards could pay a Nuke:
    public) and passes; the others see the same."""
    cards = [{"weapons": 1, "plutonium": 2}, {"wheat": 3}]
    first, second = (nuked_b(hands={B: h}, unknown={B: 3}) for h in cards)
    assert first.observation(C) == second.observation(C)
    deciders = twins_agree(first, second, B, [*NUKE_B, act(PASS)])
    assert deciders[2] == B
    assert phase_name(first) == "actions"


def test_FR_16_resource_kinds_only_the_owner_can_build_the_nuke_back() -> None:
    cards = [{"weapons": 1, "plutonium": 2}, {"wheat": 3}]
    first, second = (nuked_b(hands={B: h}, unknown={B: 3}) for h in cards)
    for s in (first, second):
        do(s, LAUNCH, NUKE_TOKEN)
        do(s, TARGET, 11)
        assert phase_name(s) == "nuke_response" and s.current_player() == B
    assert first.is_legal(aid(first, LAUNCH, NUKE_BUILT))
    assert second.legal_actions() == [aid(second, PASS)]


def test_FR_16_the_combat_spy_window_does_not_depend_on_which_spy() -> None:
    """FR-6.5, §16: the attacker's one Spy card is a hidden VP Spy or a Field Hospital: the
    Spy window opens in both games; it passes; the others see the same combat."""

    def fight(card: str):
        return scenario(
            regions=board({7: {"owner": A, "healthy": 2}, 12: {"owner": B, "healthy": 2}}),
            spies={A: {card: 1}},
        )

    steps = [
        act(MOVE_TO, 12),
        act(SOURCE, 7),
        act(TAKE, 0),
        act(TAKE, 0),
        act(CONFIRM),
        luck(combat_outcome(1, 0)),
        luck(combat_outcome(0, 0)),
        act(PASS),  # the Spy window
        act(CONTINUE),
    ]
    first, second = fight("capitalism"), fight("field_hospital")
    # the defender allocates nothing here: 1 gun on 2 healthy herds has one choice
    deciders = twins_agree(first, second, A, steps)
    assert deciders == [A] * 5 + [CHANCE] * 2 + [A, A]  # the PASS was the Spy window's
    assert phase_name(first) == "defender_decides"


def test_FR_16_dealt_mutations_do_not_show_to_the_other_seats() -> None:
    """FR-4 step 6.1, §16: seat 0 is dealt Lucky and Adorable, or Lucky and Zombie, and
    chooses Lucky: the deal's words, the views and the rest of setup look the same to the
    other seats; only the receiver is told its cards."""
    lucky, adorable, zombie = (MUTATION_IDS.index(m) for m in ("lucky", "adorable", "zombie"))
    first, second = new_state(4, mutations="dealt"), new_state(4, mutations="dealt")
    steps = [
        luck(lucky),
        luck(adorable, zombie),
        *[luck(m) for m in (1, 2, 3, 4, 6, 7)],
        act(MUTATION, lucky),
        act(START, 2),
    ]
    for s, card in ((first, "Adorable"), (second, "Zombie")):
        probe = s.clone()
        probe.apply_action(lucky)
        assert card in probe.action_to_string_for(MUTATION_IDS.index(card.lower()), A)
    twins_agree(first, second, A, steps)
    assert first.observation(A)["seats"][A]["dealt_mutations"] == ["adorable", "lucky"]
    assert second.observation(A)["seats"][A]["dealt_mutations"] == ["lucky", "zombie"]


def test_FR_16_adorables_peeked_value_stays_its_own() -> None:
    """FR-11, §16: Adorable walks into a face-down token and peeks at a "1" or a "3": the peek's
    words and every other seat's view are the same; only Adorable sees the value."""

    def position():
        return scenario(
            regions=board({6: {"owner": B, "healthy": 2}, 7: {"token": "face_down"}}),
            active=B,
            mutations="none,adorable,none,none",
        )

    first, second = position(), position()
    steps = [
        act(MOVE_TO, 7),
        act(SOURCE, 6),
        act(TAKE, 0),
        act(CONFIRM),
        luck(1, 3),  # the peek
        act(END_PHASE),
        luck(dice_outcome(2, 3)),
        act(END_PHASE),
        act(END_TURN),
    ]
    twins_agree(first, second, B, steps)
    assert first.observation(B)["regions"][7]["peeked_value"] == 1
    assert second.observation(B)["regions"][7]["peeked_value"] == 3


def test_FR_16_a_declined_proposal_reveals_nothing() -> None:
    """FR-8.3, §16: the recipient's hidden cards let it accept or not; it declines in both
    games; the proposer and everyone else see the same "Declined"."""

    def window(cards: dict[str, int]):
        s = scenario(
            regions=board(), active=A, phase="discard_phase", hands={A: cards}, unknown={A: 1}
        )
        return s

    first, second = window({"wheat": 1}), window({"brick": 1})
    steps = [act(END_TURN), act(SEAT, A), act(ASK, WHEAT), act(SUBMIT), act(DECLINE)]
    deciders = twins_agree(first, second, A, steps)
    assert deciders == [A, B, B, B, A]
    assert first.is_legal(aid(first, PASS))
    assert phase_name(first) == "trade_slot" and first.current_player() == C


# --- who is told what (§16; FR-8.1, FR-R50) ----------------------------------------------------
def test_FR_16_a_drawn_spy_is_named_to_its_buyer_only() -> None:
    """FR-8.1, §16: the Spy drawn is named in the buyer's words and view only; the others see
    that a card was drawn, the same whichever card."""
    s = scenario(regions=board(), hands={A: {"wheat": 1, "wood": 1, "plutonium": 1}})
    do(s, BUY_SPY)
    assert "Thievery" in s.action_to_string_for(THIEVERY, A)
    assert "Capitalism" in s.action_to_string(CAPITALISM)
    for v in (B, C, D, None):
        words = s.action_to_string_for(THIEVERY, v)
        assert words == s.action_to_string_for(CAPITALISM, v)
        assert not any(s_name in words for s_name in ("Thievery", "Capitalism"))
    got_thievery, got_capitalism = s.clone(), s.clone()
    got_thievery.apply_action(THIEVERY)
    got_capitalism.apply_action(CAPITALISM)
    for v in (B, C, D, None):
        assert got_thievery.observation(v) == got_capitalism.observation(v)
        assert got_thievery.observation(v)["seats"][A]["spy_count"] == 1
    assert got_thievery.observation(A)["seats"][A]["spies"] == {"thievery": 1}


def test_FR_16_a_dealt_mutation_is_named_to_its_receiver_only() -> None:
    s = new_state(4, mutations="dealt")
    lucky = MUTATION_IDS.index("lucky")
    assert "Lucky" in s.action_to_string_for(lucky, A)
    for v in (B, C, D, None):
        assert "Lucky" not in s.action_to_string_for(lucky, v)
        assert s.action_to_string_for(lucky, v) == s.action_to_string_for(0, v)


def blackmail_position():
    """A plays Blackmail on B (richer), whose 5 cards others cannot tell apart."""
    s = scenario(
        regions=board(),
        vp_tokens={B: 2},
        spies={A: {"blackmail": 1}},
        hands={B: {"wheat": 2, "brick": 3}},
        unknown={B: 5},
    )
    do(s, PLAY_SPY, BLACKMAIL)
    do(s, SEAT, B)
    return s


def test_FR_16_FR_R50_blackmail_shows_the_hand_to_the_thief_only_while_choosing() -> None:
    s = blackmail_position()
    assert phase_name(s) == "blackmail_take"
    assert s.observation(A)["seats"][B]["hand"] == {"wheat": 2, "brick": 3}
    for v in (C, D, None):
        assert "hand" not in s.observation(v)["seats"][B]
    do(s, RESOURCE, 0)
    do(s, DONE)
    assert phase_name(s) == "actions"
    assert "hand" not in s.observation(A)["seats"][B]


def test_FR_16_FR_R50_the_blackmailed_kinds_are_told_to_thief_and_victim_only() -> None:
    """FR-R50, §16: A takes a wheat or a brick from B: the thief and the victim are told which;
    the other seats' words and views are the same either way (counts only)."""
    s = blackmail_position()
    wheat, brick = aid(s, RESOURCE, 0), aid(s, RESOURCE, 2)
    for v in (A, B):
        assert "wheat" in s.action_to_string_for(wheat, v)
        assert "brick" in s.action_to_string_for(brick, v)
    for onlooker in (C, D, None):
        assert s.action_to_string_for(wheat, onlooker) == s.action_to_string_for(brick, onlooker)
        assert "wheat" not in s.action_to_string_for(wheat, onlooker)
    took_wheat, took_brick = s.clone(), s.clone()
    took_wheat.apply_action(wheat)
    took_brick.apply_action(brick)
    for onlooker in (C, D, None):
        assert took_wheat.observation(onlooker) == took_brick.observation(onlooker)
    assert took_wheat.observation(B)["seats"][B]["hand"] == {"wheat": 1, "brick": 3}
    assert took_brick.observation(A)["seats"][A]["hand"] == {"brick": 1}


def test_FR_16_FR_R50_double_agent_kinds_are_told_to_thief_and_victim_only() -> None:
    s = scenario(
        regions=board(),
        vp_tokens={B: 1},
        spies={A: {"double_agent": 1}},
        hands={B: {"wheat": 1, "wood": 2}},
        unknown={B: 3},
    )
    do(s, PLAY_SPY, DOUBLE_AGENT)
    assert phase_name(s) == "agent_draw"
    for v in (A, B):
        assert "wheat" in s.action_to_string_for(0, v) and "wood" in s.action_to_string_for(1, v)
    for onlooker in (C, D, None):
        assert s.action_to_string_for(0, onlooker) == s.action_to_string_for(1, onlooker)
    one, other = s.clone(), s.clone()
    one.apply_action(0)
    other.apply_action(1)
    for onlooker in (C, D, None):
        assert one.observation(onlooker) == other.observation(onlooker)
    assert one.observation(B) != other.observation(B)


# --- sample_consistent (§16; rules module docstring) -----------------------------------------
def sampled_spy_of(state, seat: int, viewer: int, n: int, seed: int) -> Counter[str]:
    rng = Rng(seed)
    view = state.observation(viewer)
    out: Counter[str] = Counter()
    for _ in range(n):
        sampled = state.sample_consistent(viewer, rng)
        assert sampled.observation(viewer) == view
        cards = sampled.to_json()["seats"][seat]["spies"]
        assert sum(cards.values()) == state.spy_count(seat)
        out.update(cards)
    return out


@pytest.mark.parametrize("truth", ["capitalism", "thievery"])
def test_FR_16_sampled_spy_cards_do_not_follow_the_truth(truth: str) -> None:
    """The sampler of C redraws B's one hidden Spy card from the 23 cards C has not seen (C
    holds a Hacking): each kind as often as its share of those cards, whatever B really holds
    — Capitalism (1 of 23) is not sampled more often when it is the truth. C's own card and
    its view are kept."""
    s = scenario(regions=board(), spies={B: {truth: 1}, C: {"hacking": 1}})
    n = 2300
    counts = sampled_spy_of(s, B, C, n, seed=11)
    # Capitalism: expected 100 (sd 9.8); Thievery (3 of 23): 300 (sd 16.2)
    assert abs(counts["capitalism"] - 100) < 50, counts
    assert abs(counts["thievery"] - 300) < 80, counts
    assert abs(counts["hacking"] - 200) < 70, counts  # 2 left unseen by C
    assert counts[truth] < n / 2


def test_FR_16_sampling_keeps_the_samplers_own_cards_and_redraws_the_deck() -> None:
    s = scenario(regions=board(), spies={A: {"thievery": 2}, B: {"capitalism": 1}})
    rng = Rng(3)
    changed = 0
    for _ in range(200):
        t = s.sample_consistent(A, rng)
        assert t.to_json()["seats"][A]["spies"] == {"thievery": 2}
        assert t.to_json()["spy_deck_size"] == 21
        deck = t.to_json()["spy_deck"]
        b_cards = t.to_json()["seats"][B]["spies"]
        assert deck.get("thievery", 0) + b_cards.get("thievery", 0) == 1  # A has seen 2 of 3
        changed += t.to_json()["seats"][B]["spies"] != {"capitalism": 1}
    assert changed > 150  # Capitalism is 1 of the 22 cards A has not seen


def test_FR_16_sampling_redraws_the_active_players_fresh_cards_by_count() -> None:
    s = scenario(
        regions=board(),
        active=B,
        spies={B: {"thievery": 1, "capitalism": 1}},
        fresh={"thievery": 1},
    )
    rng = Rng(5)
    for _ in range(100):
        t = s.sample_consistent(A, rng)
        doc = t.to_json()["seats"][B]
        assert sum(doc["spies"].values()) == 2 and sum(doc["spies_fresh"].values()) == 1
        assert all(doc["spies"].get(k, 0) >= n for k, n in doc["spies_fresh"].items())
        assert t.observation(A) == s.observation(A)


def test_FR_16_sampled_dealt_mutations_do_not_follow_the_truth() -> None:
    """During setup seat 1's sampler redraws seat 0's 2 dealt cards from the 9 it has not seen
    (never its own), each card equally often, whatever seat 0 really holds."""
    s = new_state(4, mutations="dealt")
    for m in range(8):  # seat 0: adorable, blue_blooded; seat 1: deranged, flying; ...
        s.apply_action(m)
    view = s.observation(1)
    rng = Rng(9)
    counts: Counter[int] = Counter()
    n = 1800
    for _ in range(n):
        t = s.sample_consistent(1, rng)
        assert t.observation(1) == view
        dealt = t.dealt[0]
        assert dealt.bit_count() == 2
        assert not dealt & t.dealt[1]
        assert t.dealt[1] == s.dealt[1]
        counts.update(m for m in range(11) if dealt >> m & 1)
    assert set(counts) == {0, 1, 4, 5, 6, 7, 8, 9, 10}
    # each of the 9 cards: 2/9 of the samples = 400 (sd 17.6)
    for m in counts:
        assert abs(counts[m] - 400) < 90, counts
    assert counts[0] < 500 and counts[1] < 500  # the true cards are no likelier


def test_FR_16_sampled_peeked_values_do_not_follow_the_truth() -> None:
    """Others' samplers redraw Adorable's peeked "1" from the tokens nobody has seen (4 "1",
    16 "2", 8 "3"): a "1" about 1 time in 7, not more; Adorable's own sampler keeps it."""
    s = scenario(
        regions=board(
            {10: {"owner": B, "building": "barn", "token": "face_down", "peeked_value": 1}}
        ),
        mutations="none,adorable,none,none",
    )
    rng = Rng(13)
    counts: Counter[int] = Counter()
    n = 2800
    for _ in range(n):
        t = s.sample_consistent(A, rng)
        assert t.observation(A) == s.observation(A)
        counts[t.token[10]] += 1
    # 400 / 1600 / 800 expected (sd 18.5 / 26.2 / 23.9)
    assert abs(counts[1] - 400) < 95 and abs(counts[2] - 1600) < 130, counts
    assert abs(counts[3] - 800) < 120, counts
    for _ in range(20):
        assert s.sample_consistent(B, rng).token[10] == 1


def test_FR_16_sampled_resource_kinds_redrawn_for_the_nuke_back_twins() -> None:
    s = nuked_b(hands={B: {"weapons": 1, "plutonium": 2}}, unknown={B: 3})
    rng = Rng(17)
    seen = set()
    for _ in range(300):
        t = s.sample_consistent(A, rng)
        assert t.observation(A) == s.observation(A)
        seen.add(tuple(hand(t, B)))
    assert (0, 0, 0, 1, 2) in seen and len(seen) > 10


def test_FR_16_with_no_spy_card_in_other_hands_the_deck_is_all_a_seat_has_not_seen() -> None:
    # The sampler keeps the deck as it is when no other seat holds a Spy card and none is
    # removed; that is sound only if the deck then equals the cards the seat has not seen.
    s = scenario(regions=board(), spies={A: {"thievery": 2, "capitalism": 1}})
    assert s.unseen_spies(A) == s.spy_deck
    rng = Rng(11)
    for _ in range(20):
        t = s.sample_consistent(A, rng)
        assert t.spy_deck == s.spy_deck and t.spies == s.spies
        assert t.observation(A) == s.observation(A)
    # B has not seen A's three cards: they are among B's unseen cards, beside the deck.
    a_hand = s.spies[: len(s.spy_deck)]
    assert s.unseen_spies(B) == [d + h for d, h in zip(s.spy_deck, a_hand, strict=True)]
