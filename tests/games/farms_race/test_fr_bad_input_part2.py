"""Farms Race bad input, part 2 (rules/farms_race.md §8-§12, §17): illegal choices of the
Mutations, Spies, Nukes and trading decisions raise ``IllegalActionError`` and change nothing;
malformed JSON for the positions' part-2 fields raises ``InvalidPositionError`` naming the
field.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from fr_helpers import (
    WHEAT,
    board,
    do,
    game,
    scenario,
    scenario_doc,
    start_turn,
)

from farmstead.core.errors import IllegalActionError, InvalidPositionError
from farmstead.games.farms_race.actions import (
    ACCEPT,
    BUY_NUKE,
    BUY_SPY,
    DECLINE,
    END_PHASE,
    END_TURN,
    FLY_FROM,
    FLY_TO,
    GIVE,
    LAUNCH,
    MUTATION,
    ORDER,
    PASS,
    PAY_FOUR,
    PAY_NORMAL,
    PLAY_SPY,
    SEAT,
    SUBMIT,
    SWAP_SPY,
    TAKE,
    TARGET,
    ZOMBIE_TO,
    dice_outcome,
)
from farmstead.games.farms_race.layout import (
    BLACKMAIL,
    HACKING,
    NUKE_BUILT,
    NUKE_POCKET,
    NUKE_TOKEN,
    THIEVERY,
)

A, B, C = 0, 1, 2


def menu():
    """A's Actions phase: it holds a Thievery bought this turn, a Hacking and no resources;
    B holds 11 next to A's 6; C holds 12."""
    return scenario(
        regions=board(
            {
                6: {"owner": A, "healthy": 2},
                11: {"owner": B, "healthy": 1},
                12: {"owner": C, "healthy": 1},
            }
        ),
        spies={A: {"thievery": 1, "hacking": 1}},
        fresh={"thievery": 1},
    )


def nuke_response():
    """B is asked for a nuke-back after A's nuke on 11 (B holds a ready token)."""
    s = scenario(
        regions=board(
            {
                6: {"owner": A, "healthy": 2},
                11: {"owner": B, "healthy": 2},
                12: {"owner": C, "healthy": 1},
            }
        ),
        nukes={A: (1, 0), B: (1, 0)},
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 11)
    do(s, LAUNCH, NUKE_TOKEN)
    return s


def hack_prompt():
    s = scenario(
        regions=board({6: {"owner": A, "healthy": 2}, 11: {"owner": B, "healthy": 2}}),
        nukes={A: (1, 0)},
        spies={B: {"thievery": 1}},
    )
    do(s, LAUNCH, NUKE_TOKEN)
    do(s, TARGET, 11)
    return s


def proposal():
    """B builds a proposal to A in the window after A's turn."""
    s = scenario(regions=board(), phase="discard_phase", hands={A: {"wheat": 1}})
    do(s, END_TURN)
    do(s, SEAT, A)
    return s


def korean_target():
    s = scenario(
        regions=board({11: {"owner": B, "healthy": 1}}),
        mutations="none,north_korean,none,none",
    )
    do(s, END_PHASE)
    s.apply_action(dice_outcome(WHEAT, WHEAT))
    return s


def deranged_payment():
    s = scenario(
        regions=board(),
        hands={A: {"wheat": 1, "wood": 1, "plutonium": 1, "brick": 1}},
        mutations="deranged,none,none,none",
    )
    do(s, BUY_SPY)
    return s


def blackmail():
    s = scenario(
        regions=board(),
        vp_tokens={B: 2},
        spies={A: {"blackmail": 1}},
        hands={B: {"wood": 1}},
    )
    do(s, PLAY_SPY, BLACKMAIL)
    return s


def flying():
    return start_turn(
        A,
        regions=board({6: {"owner": A, "healthy": 1}}),
        round=2,
        mutations="flying,none,none,none",
    )


POSITIONS: dict[str, Callable[[], Any]] = {
    "menu": menu,
    "nuke_response": nuke_response,
    "hack": hack_prompt,
    "proposal": proposal,
    "korean_target": korean_target,
    "deranged_payment": deranged_payment,
    "blackmail": blackmail,
    "flying": flying,
}


@pytest.mark.parametrize(
    ("where", "kind", "arg", "why"),
    [
        ("menu", PLAY_SPY, THIEVERY, "a Spy bought this turn (FR-10)"),
        ("menu", PLAY_SPY, HACKING, "Hacking outside a nuke (FR-9.5)"),
        ("menu", LAUNCH, NUKE_TOKEN, "no ready token (FR-9.1)"),
        ("menu", LAUNCH, NUKE_POCKET, "no Pocket Nuke (FR-10)"),
        ("menu", LAUNCH, NUKE_BUILT, "a built launch is a nuke-back only (FR-R38)"),
        ("menu", BUY_NUKE, 0, "no cards for a Nuke (FR-2.4)"),
        ("menu", BUY_SPY, 0, "no cards for a Spy (FR-2.4)"),
        ("menu", SWAP_SPY, 0, "not Radioactive (FR-R21)"),
        ("menu", SEAT, B, "no player trades on one's own turn (FR-R18)"),
        ("menu", MUTATION, 0, "Mutations are chosen at setup (FR-4)"),
        ("menu", ORDER, 0, "no doubles effects now (FR-R39)"),
        ("menu", ZOMBIE_TO, 6, "not in combat, not Zombie (FR-R46)"),
        ("menu", ACCEPT, 0, "no proposal (FR-8.3)"),
        ("menu", TARGET, 11, "no nuke launched (FR-9.1)"),
        ("nuke_response", TARGET, 12, "a nuke-back at a third player's region (FR-R13)"),
        ("nuke_response", TARGET, 2, "a nuke-back too far from the nuked region (FR-R13)"),
        ("hack", PLAY_SPY, THIEVERY, "only Hacking answers a nuke (FR-R35)"),
        ("hack", PLAY_SPY, HACKING, "Hacking not held"),
        ("proposal", SUBMIT, 0, "a trade asking nothing and giving nothing (FR-R32)"),
        ("proposal", GIVE, WHEAT, "giving a card not held (FR-8.3)"),
        ("proposal", ACCEPT, 0, "the proposer cannot accept (FR-8.3)"),
        ("korean_target", PASS, 0, "North Korean's nuke is mandatory (FR-11)"),
        ("korean_target", TARGET, 24, "a target next to none of its regions (FR-R12)"),
        ("deranged_payment", PAY_NORMAL, 0, "Deranged may not pay the normal cost (FR-T45)"),
        ("deranged_payment", PAY_FOUR, WHEAT, "not Hyper-Intelligent (FR-11)"),
        ("blackmail", SEAT, C, "Blackmail on a player without more VP (FR-R50)"),
        ("flying", FLY_FROM, 11, "flying from a region not its own (FR-11)"),
        ("flying", DECLINE, 0, "no proposal to decline"),
        ("flying", PLAY_SPY, THIEVERY, "no Spies in Preparation (FR-R20)"),
    ],
)
def test_FR_17_part_2_illegal_choices_raise_and_change_nothing(
    where: str, kind: int, arg: int, why: str
) -> None:
    s = POSITIONS[where]()
    before = s.to_json()
    legal_before = s.legal_actions()
    with pytest.raises(IllegalActionError, match="not legal now"):
        do(s, kind, arg)
    assert s.to_json() == before, why
    assert s.legal_actions() == legal_before


def test_FR_R59_flying_to_an_uncontrolled_region_is_illegal() -> None:
    s = flying()
    do(s, FLY_FROM, 6)
    do(s, TAKE, 0)  # a healthy herd
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        do(s, FLY_TO, 7)
    assert s.to_json() == before
    do(s, FLY_TO, 2)


@pytest.mark.parametrize("where", sorted(POSITIONS))
def test_FR_17_every_illegal_id_of_a_part_2_decision_raises(where: str) -> None:
    """FR-17: in each part-2 decision every id outside the legal list raises and leaves the
    position as it was."""
    s = POSITIONS[where]()
    before = s.to_json()
    legal_ids = set(s.legal_actions())
    size = s.game.info.num_distinct_actions
    for action in range(size):
        if action in legal_ids:
            continue
        with pytest.raises(IllegalActionError):
            s.apply_action(action)
    assert s.to_json() == before


# --- malformed positions (part-2 fields) --------------------------------------------------------
def part2_doc() -> tuple[dict[str, Any], dict[str, Any]]:
    return scenario_doc(
        regions=board(
            {
                6: {"owner": B, "healthy": 1, "token": 2},
                7: {"owner": A, "healthy": 1},
            }
        ),
        spies={A: {"hacking": 1}},
        nukes={A: (1, 0)},
        nukiest=A,
        mutations="none,adorable,none,none",
    )


def _edit(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        target: Any = doc
        for p in parents:
            target = target[int(p)] if p.isdigit() else target[p]
        target[int(last) if last.isdigit() else last] = value

    return edit


def _both(*edits: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        for e in edits:
            e(doc)

    return edit


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (_edit("spy_deck/hacking", 3), "spy_deck"),  # 4 Hacking cards: not the deck's 3
        (_edit("seats/1/spies", {"capitalism": 1}), "spy_deck"),  # 2 Capitalism
        (_edit("seats/0/revealed_vp_spies", ["capitalism"]), "spy_deck"),
        (_edit("seats/2/mutation", "adorable"), "seats"),  # a Mutation given twice
        (
            _both(
                _edit("seats/0/dealt_mutations", ["lucky", "zombie"]),
                _edit("seats/2/dealt_mutations", ["lucky", "flying"]),
            ),
            "seats",
        ),  # a Mutation dealt twice
        (_edit("seats/1/mutation", "lucky"), "regions[6].token"),  # a token with a non-Adorable
        (_edit("seats/1/mutation", "mutant"), "seats[1].mutation"),
        (_edit("seats/0/spies", {"joker": 1}), "seats[0].spies"),
        (_edit("seats/0/spies_fresh", {"thievery": 1}), "seats[0].spies_fresh"),
        (_edit("seats/1/spies_fresh", {"hacking": 1}), "seats[1].spies_fresh"),
        (_edit("seats/0/revealed_vp_spies", ["hacking"]), "seats[0].revealed_vp_spies[0]"),
        (_edit("seats/0/nukes_ready", -1), "seats[0].nukes_ready"),
        (_edit("nukiest", 2), "nukiest"),  # the holder owns no token
        (_edit("doubles_left", ["earthquake"]), "doubles_left[0]"),
        (
            _edit("trade/proposal", {"from": 1, "to": 0, "give": {"wheat": 1}, "ask": {}}),
            "trade.proposal.give",
        ),
        (_edit("trade/made", [9, 0, 0, 0]), "trade.made[0]"),
        (_edit("nuke_stack", [[1, 0, 99]]), "nuke_stack[0][2]"),
        (
            _edit(
                "nuke",
                {
                    "launcher": 0,
                    "kind": "laser",
                    "target": 6,
                    "victim": 1,
                    "points": 0,
                    "humans": 0,
                    "hacked": False,
                },
            ),
            "nuke.kind",
        ),
        (
            _both(_edit("regions/8/token", "face_down"), _edit("regions/8/peeked_value", 4)),
            "regions[8].peeked_value",
        ),
    ],
)
def test_malformed_part_2_fields_raise_invalid_position_error_naming_the_field(
    edit: Callable[[dict[str, Any]], None], field: str
) -> None:
    doc, params = part2_doc()
    game(4, **params).state_from_json(copy.deepcopy(doc))  # the unedited one loads
    edit(doc)
    with pytest.raises(InvalidPositionError) as info:
        game(4, **params).state_from_json(doc)
    assert f"'{field}" in str(info.value), str(info.value)


def test_a_part_2_position_round_trips() -> None:
    doc, params = part2_doc()
    s = game(4, **params).state_from_json(doc)
    assert game(4, **params).state_from_json(s.to_json()).to_json() == s.to_json()
    t = nuke_response()
    assert t.game.state_from_json(t.to_json()).to_json() == t.to_json()
    u = blackmail()
    assert u.game.state_from_json(u.to_json()).to_json() == u.to_json()
