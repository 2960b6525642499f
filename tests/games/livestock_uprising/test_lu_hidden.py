"""Hidden information (LU-R1 … LU-R5): observations and action words never depend on another
seat's hidden cards; a deal or a Battle Plans draw is named only to its receiver; Espionage
shows the cards to the spy only; ``sample_consistent`` keeps what the seat knows and never
favours the true hidden cards; prompts depend on how many cards a seat holds, never on which."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from lu_helpers import CAT, COMMAND_IDS, act, game, phase, reload, scenario

from farmstead.core.rng import Rng

CARD_NAMES = {c.id: c.name for c in CAT.cards}


def _battle_position(cows_hand, goats_hand=("CC05",), chickens_hand=("CC03",), played=()):
    """3 players: the Chickens (seat 0) attack CO-G1 next to them; the Goats look on."""
    return scenario(
        3,
        played=list(played),
        pieces={
            "CH-G1": ((3, 2), ["T04", "T05"]),
            "CH-G2": ((5, 5), []),
            "CO-G1": ((3, 3), ["T03", "T06"]),
            "CO-G2": ((2, 4), ["T10"]),
            "GO-G1": ((0, 0), []),
        },
        hands={0: list(chickens_hand), 1: list(cows_hand), 2: list(goats_hand)},
    )


# A path every variant can follow: attack, pass every window, dice, casualty, retreat, then a
# 2-step move, ended by the step limit (LU-R30), next to CO-G2 (an Ambush prompt for the Cows).
PATH = [
    {"type": "PIECE", "piece": "G1"},
    {"type": "STEP", "dir": "E"},
    "PASS*",
    {"type": "ROLL", "face": 4},
    {"type": "ROLL", "face": 3},
    "PASS*",
    {"type": "UNIT", "unit": "T03"},
    {"type": "RETREAT", "dir": "S"},
    "PASS*",
    {"type": "PIECE", "piece": "G2"},
    {"type": "STEP", "dir": "N"},
    {"type": "STEP", "dir": "N"},
    "PASS*",
]


def _walk(state, snap, path=None):
    """Follow PATH, calling ``snap(state, action id)`` before each action and
    ``snap(state, None)`` at the end; returns the snapshots. 'PASS*' passes every card window
    and Ambush prompt that is open."""
    out = []
    for step in PATH if path is None else path:
        if step == "PASS*":
            while phase(state) in ("window", "ambush"):
                a = state.action_from_json({"type": "PASS"})
                out.append(snap(state, a))
                state.apply_action(a)
            continue
        a = state.action_from_json(step)
        out.append(snap(state, a))
        state.apply_action(a)
    out.append(snap(state, None))
    return out


VARIANTS = [["CC07", "CC09"], ["CC12", "CC16"], ["CC02", "CC14"], ["CC08", "CC10"]]


def _public_snapshot(state, action):
    views = {seat: state.observation(seat) for seat in (0, 2, None)}
    words = (
        {seat: state.action_to_string_for(action, seat) for seat in (0, 2, None)}
        if action is not None
        else None
    )
    offered: dict[int | str | None, list[Any]] | None = None
    if state.current_player() in (0, 2) or state.is_chance_node():
        offered = {
            seat: [state.action_to_string_for(a, seat) for a in state.legal_actions()]
            for seat in (0, 2, None)
        }
        offered["ids"] = state.legal_actions()
    return views, words, offered, state.chance_outcomes()


def test_lu_r1_r2_observations_and_words_do_not_depend_on_hidden_cards():
    """LU-R1, LU-R2: positions that differ only in the Cows' hidden cards give the Chickens,
    the Goats and a spectator equal observations and equal action words at every step."""
    # The rest of the deal, played already, is the same in every variant.
    played = ["CC11", "CC13", "CC15", "CC17", "CC18"]
    walks = [_walk(_battle_position(hand, played=played), _public_snapshot) for hand in VARIANTS]
    assert len({len(w) for w in walks}) == 1, "the same public path in every variant"
    for i, steps in enumerate(zip(*walks, strict=True)):
        for other in steps[1:]:
            assert other == steps[0], f"step {i} differs"


def test_lu_r2_a_hidden_battle_plans_card_changes_nothing_others_see():
    """LU-R2: positions that differ only in the Cows' Battle Plans card look the same to the
    Chickens, the Goats and a spectator through a whole battle against the Cows' army."""
    path = [
        {"type": "PIECE", "piece": "G1"},
        {"type": "STEP", "dir": "E"},
        "PASS*",
        {"type": "ROLL", "face": 6},
        {"type": "ROLL", "face": 3},
        {"type": "ROLL", "face": 3},
        "PASS*",
        {"type": "RETREAT", "dir": "E"},
        "PASS*",
    ]
    walks = []
    for plan in ("BP1", "BP4", "BP7", "BP8"):
        s = scenario(
            3,
            pieces={
                "CH-G1": ((3, 2), ["T10", "T10"]),
                "CH-G2": ((5, 5), []),
                "CO-SA": ((3, 3), ["T03", "T03", "T03"]),
                "GO-G1": ((0, 0), []),
            },
            plans={1: plan},
            played=[f"CC0{i}" for i in range(1, 10)],
        )
        walks.append(_walk(s, _public_snapshot, path))
    for i, steps in enumerate(zip(*walks, strict=True)):
        for other in steps[1:]:
            assert other == steps[0], f"step {i} differs"


def test_lu_r1_observation_shows_sizes_not_cards():
    """LU-R1, LU-R2: every seat sees how many cards each seat holds, and its own cards only."""
    s = _battle_position(["CC07", "CC09"])
    obs = s.observation(0)
    assert obs["hand"] == ["CC03"]
    assert obs["hand_sizes"] == [1, 2, 1]
    assert "hands" not in obs and "plans" not in obs
    text = repr(obs)
    for card in ("CC07", "CC09", "CC05"):
        assert card not in text
    assert s.observation(1)["hand"] == ["CC07", "CC09"]
    assert s.observation(None)["hand"] is None


def test_lu_r3_undealt_cards_are_never_shown():
    """LU-R3: the undealt Command cards appear in no observation."""
    s = game(2).new_initial_state()
    while phase(s) != "action":
        s.apply_action(s.legal_actions()[0])
    dealt = {c for h in s.to_json()["hands"] for c in h}
    for seat in (0, 1, None):
        text = repr(s.observation(seat))
        for card in COMMAND_IDS:
            if card not in dealt:
                assert card not in text


def test_lu_r2_r4_a_deal_is_named_only_to_its_receiver():
    """LU-R2, LU-R4: the words of a Command card deal name the card to its receiver only."""
    s = game(3).new_initial_state()
    assert phase(s) == "deal"
    for _ in range(5):  # seat 0's three cards, then two of seat 1's
        receiver = s.to_json()["deal_seat"]
        generic = set()
        for card in s.legal_actions():
            name = CARD_NAMES[COMMAND_IDS[card]]
            assert name in s.action_to_string_for(card, receiver)
            for seat in (*(x for x in range(3) if x != receiver), None):
                words = s.action_to_string_for(card, seat)
                assert name not in words
                generic.add(words)
        assert len(generic) == 1
        s.apply_action(s.legal_actions()[0])


def test_lu_r2_r4_a_battle_plans_draw_is_named_only_to_the_drawer():
    """LU-R2, LU-R4: the Battle Plans draw is a chance event named only to the drawer."""
    s = scenario(
        barns={0: (0, 2)},
        pieces={"CH-G1": ((0, 2), ["T01"]), "CO-G1": ((4, 4), [])},
    )
    act(s, "FORM")
    assert phase(s) == "draw_plan"  # nothing to marshal, no card held: the army forms at once
    assert s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 8 and all(abs(p - 1 / 8) < 1e-12 for _, p in outcomes)
    for card, _ in outcomes:
        name = s.action_to_json(card)["card"]
        assert CARD_NAMES[name] in s.action_to_string_for(card, 0)
        assert CARD_NAMES[name] not in s.action_to_string_for(card, 1)
        assert CARD_NAMES[name] not in s.action_to_string_for(card, None)
    act(s, "DRAW_PLAN", seat=0, card="BP7")
    assert s.observation(0)["plan"] == "BP7"
    assert s.observation(1)["plan"] is None
    assert s.observation(1)["has_plan"] == [True, False]
    assert "BP7" not in repr(s.observation(1))


def test_lu_r5_espionage_reveals_to_the_spy_only():
    """LU-R5: Espionage shows the victim's Command cards and Battle Plans card to the spy
    only; the card it discards is named to the spy and the victim only."""
    s = scenario(
        3,
        pieces={"CH-G1": ((3, 3), []), "CO-SA": ((6, 6), ["T01"]), "GO-G1": ((0, 0), [])},
        hands={0: ["CC18"], 1: ["CC01", "CC02"], 2: ["CC07"]},
        plans={1: "BP4"},
    )
    act(s, "PLAY", card="CC18")
    act(s, "SEAT", seat=1)
    assert s.observation(0)["known"] == [{"owner": 1, "cards": ["CC01", "CC02", "BP4"]}]
    for seat in (1, 2, None):
        assert s.observation(seat)["known"] == []
    assert s.observation(1)["plan"] == "BP4"  # the victim sees its own card, as always
    for seat in (2, None):
        assert "BP4" not in repr(s.observation(seat))
    discard = s.action_from_json({"type": "PLAY", "card": "CC01"})
    assert "Battle Cry" in s.action_to_string_for(discard, 0)
    assert "Battle Cry" in s.action_to_string_for(discard, 1)
    assert "Battle Cry" not in s.action_to_string_for(discard, 2)
    assert "Battle Cry" not in s.action_to_string_for(discard, None)


# --- sample_consistent ------------------------------------------------------------------------------


def _sampling_position():
    return scenario(
        3,
        pieces={"CH-G1": ((3, 3), []), "CO-SA": ((6, 6), ["T01"]), "GO-G1": ((0, 0), [])},
        hands={0: ["CC18", "CC03"], 1: ["CC01", "CC02", "CC04"], 2: ["CC07", "CC09"]},
        plans={1: "BP4"},
        played=["CC05", "CC06"],
    )


def test_sample_consistent_keeps_what_the_seat_knows():
    """LU-R2, LU-R3: a sample keeps the seat's own cards, the played cards, every public count,
    and gives the seat the very same observation; it is a valid position."""
    s = _sampling_position()
    for i in range(40):
        sample = s.sample_consistent(0, Rng(i))
        assert sample.observation(0) == s.observation(0)
        assert sample.observation(None) == s.observation(None)
        doc = sample.to_json()
        assert doc["hands"][0] == ["CC18", "CC03"]
        assert [len(h) for h in doc["hands"]] == [2, 3, 2]
        assert doc["plans"][1] is not None and doc["plans"][1].startswith("BP")
        cards = [c for h in doc["hands"] for c in h] + [p for p in doc["plans"] if p]
        assert not set(cards) & {"CC05", "CC06"}
        assert len(set(cards)) == len(cards)
        reload(sample)


def test_sample_consistent_never_favours_the_true_hidden_cards():
    """LU-R2: over many samples the Cows' true hand (a 3-card set among the 14 Command cards the
    Chickens have not seen: 1 in 364) and true Battle Plans card (1 in 8) come up no more often
    than chance."""
    s = _sampling_position()
    true_hand = {"CC01", "CC02", "CC04"}
    draws = 600
    hands: Counter[frozenset[str]] = Counter()
    plans: Counter[str] = Counter()
    for i in range(draws):
        doc = s.sample_consistent(0, Rng(1000 + i)).to_json()
        hands[frozenset(doc["hands"][1])] += 1
        plans[doc["plans"][1]] += 1
    assert hands[frozenset(true_hand)] <= 10  # expected 1.6
    assert plans["BP4"] <= 120  # expected 75
    assert len(plans) == 8
    assert len(hands) > 100


def test_sample_consistent_keeps_what_espionage_showed():
    """LU-R5: after Espionage the spy's samples keep the victim's revealed cards."""
    s = _sampling_position()
    act(s, "PLAY", card="CC18")
    act(s, "SEAT", seat=1)
    act(s, "PLAY", card="CC04")
    for i in range(30):
        sample = s.sample_consistent(0, Rng(i))
        doc = sample.to_json()
        assert sorted(doc["hands"][1]) == ["CC01", "CC02"]
        assert doc["plans"][1] == "BP4"
        assert sample.observation(0) == s.observation(0)
    # The Goats saw nothing: their samples vary.
    seen = {tuple(sorted(s.sample_consistent(2, Rng(i)).to_json()["hands"][1])) for i in range(30)}
    assert len(seen) > 1


# --- prompt hygiene ---------------------------------------------------------------------------------


@pytest.mark.parametrize("hand", [["CC02"], ["CC07"], ["CC14"], ["CC12"]])
def test_prompts_depend_on_how_many_cards_not_which(hand):
    """LU-R1, prompt hygiene: whether the Cows are asked at each card window and at the Ambush
    does not depend on which card they hold, only on how many."""
    reference = _prompts(["CC01"])
    assert _prompts(hand) == reference
    assert ("window", 1) in reference and ("ambush", 1) in reference


def test_prompts_none_for_a_seat_without_cards():
    """Prompt hygiene: a seat holding no hidden card is never asked at a window or Ambush."""
    seen = _prompts([])
    assert all(seat != 1 for _, seat in seen)


def _prompts(cows_hand):
    s = _battle_position(cows_hand, goats_hand=(), chickens_hand=())
    seen = _walk(s, lambda state, _a: (phase(state), state.current_player()))
    return [(p, seat) for p, seat in seen if p in ("window", "ambush")]
