"""Rancho's compiled rules for one game (``compiled.RanchoOne``, the learning environments'
default) against the reference ``RanchoRules`` (rules/rancho.md).

The compiled rules play random games, drawing their own dice; a reference state follows every
action and chance outcome they apply (``follow``, each one checked by ``apply_action``). At
every decision both agree on the seat to move, the legal actions, the mover's tensor (every
seat's at every seventh decision) and the position's fields; at the end on the returns
(RA-R43, RA-R45) and the replayed position. Games start from the setup (RA-R1 … RA-R5), from
positions of reference games in every phase, and from the test vectors' positions of what
random games reach rarely: passage routes and their fees (TV-RA-21, TV-RA-22, RA-R23), the
dogs (TV-RA-16, RA-R37) and a win on placing (RA-R43).
"""

from __future__ import annotations

import os
import random
from typing import Any

import numpy as np
import pytest
from ra_helpers import aid, cow, d6, game, horse, position, rabbits, roll, sheep

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import PlayerId
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.games.rancho import compiled_state as cs
from farmstead.games.rancho.actions import KIND_NAMES, ActionLayout
from farmstead.games.rancho.compiled import RanchoOne
from farmstead.games.rancho.game import RanchoState
from farmstead.games.rancho.layout import D6, DICE, DOG, EXPANSION, ORDER, PLACEMENT
from farmstead.games.rancho.rules import RanchoRules

# Player counts 2 to 6 (RA-R1, RA-R2), a fixed first player (RA-R5), the dice sets (RA-R8), a
# predator die of other faces (RA-R33), the pasture limit (RA-R16), changed values (RA-R10), no
# predator order asked (RA-R32), a short turn cap and a round limit (RA-R45).
PARAMETER_SETS: dict[str, tuple[int, dict[str, Any]]] = {
    "two_players": (2, {"max_rounds": 25}),
    "four_players": (4, {"max_rounds": 12}),
    "six_players": (6, {"max_rounds": 8}),
    "fixed_first_other_dice": (
        2,
        {
            "max_rounds": 25,
            "first_player": "1",
            "dice": "alternative_a",
            "d6": "1,2,4,4,2,1",
            "pasture_limit": 3,
        },
    ),
    "values_no_order_short_turns": (
        3,
        {
            "max_rounds": 15,
            "values": "sheep=5,large_dog=4",
            "ask_predator_order": False,
            "max_actions_per_turn": 8,
            "dice": "alternative_b",
        },
    ),
}


def compiled_fields(one: RanchoOne) -> dict[str, Any]:
    """The position's fields as the compiled rules hold them (``compiled_state``)."""
    st: Any = one._st
    sc = st[cs.SC]
    dice = None if sc[cs.DIE_A_FACE] < 0 else (int(sc[cs.DIE_A_FACE]), int(sc[cs.DIE_B_FACE]))
    fees = st[cs.FEES][: sc[cs.FEE_COUNT]].tolist()
    scalars = ("PHASE", "ACTIVE", "TO_MOVE", "ROUND", "TURN_ACTIONS", "FIRST", "TX_OPEN")
    more = ("ROUTE_TARGET", "ROUTE_FEE", "ROUTE_MIN", "ATTACK", "D6_NUMBER", "WINNER")
    return {
        **{name.lower(): int(sc[getattr(cs, name)]) for name in scalars + more},
        "dice": dice,
        "owner": st[cs.OWNER].tolist(),
        "kind": st[cs.KIND].tolist(),
        "amount": st[cs.AMOUNT].tolist(),
        "terr": [sum(1 << int(c) for c in np.flatnonzero(row)) for row in st[cs.TERR]],
        "npast": st[cs.NPAST].tolist(),
        "pool": st[cs.POOL].ravel().tolist(),
        "placed": st[cs.PLACED].ravel().tolist(),
        "dogs": st[cs.DOGS].ravel().tolist(),
        "herd": st[cs.HERD].tolist(),
        "give": st[cs.GIVE].tolist(),
        "recv": st[cs.RECV].tolist(),
        "buy": st[cs.BUY][: sc[cs.BUY_COUNT]].tolist(),
        "fees": list(zip(fees[::2], fees[1::2], strict=True)),
        "links": st[cs.LINKS][: sc[cs.LINK_COUNT]].tolist(),
        "attacks": st[cs.ATTACKS][: sc[cs.ATTACK_COUNT]].tolist(),
        "queue": st[cs.QUEUE][: sc[cs.QUEUE_COUNT]].tolist(),
        "savers": st[cs.SAVERS][: sc[cs.SAVER_COUNT]].tolist(),
    }


def reference_fields(s: RanchoRules) -> dict[str, Any]:
    return {
        "phase": s.phase,
        "active": s.active,
        "to_move": s.to_move,
        "round": s.round,
        "turn_actions": s.turn_actions,
        "first": s.first,
        "tx_open": int(s.tx_open),
        "route_target": s.route_target,
        "route_fee": s.route_fee,
        "route_min": s.route_min,
        "attack": s.attack,
        "d6_number": s.d6,
        "winner": s.winner,
        "dice": s.dice,
        "owner": s.owner,
        "kind": s.cell_kind,
        "amount": s.cell_amt,
        "terr": s.terr,
        "npast": s.npast,
        "pool": s.pool,
        "placed": s.placed,
        "dogs": s.dogs,
        "herd": s.herd,
        "give": s.tx_give,
        "recv": s.tx_recv,
        "buy": s.tx_buy,
        "fees": [tuple(fee) for fee in s.tx_fees],
        "links": s.route_links,
        "attacks": s.attacks,
        "queue": s.dog_queue,
        "savers": s.dog_savers,
    }


def play_along(
    one: RanchoOne,
    reference: RanchoRules,
    seat: int,
    rng: random.Random,
    seen: set[str] | None = None,
) -> int:
    """Random legal actions on the compiled rules from ``seat`` (the seat to decide) to the
    end, ``reference`` following; every decision compared (see the module); the kinds of
    action played are added to ``seen``. Returns the decisions played."""
    decisions = 0
    players = reference.cfg.num_players
    layout: ActionLayout = reference.cfg.layout
    while True:
        assert reference.current_player() == seat
        assert compiled_fields(one) == reference_fields(reference)
        if seat == PlayerId.TERMINAL:
            break
        legal = reference.legal_actions()
        assert np.flatnonzero(one.mask()).tolist() == legal
        viewers = range(players) if decisions % 7 == 0 else (seat,)
        for viewer in viewers:
            np.testing.assert_array_equal(
                one.tensor(viewer), reference.observation_tensor(viewer), err_msg=f"{viewer}"
            )
        action = legal[rng.randrange(len(legal))]
        if seen is not None:
            kind, argument = layout.decode(action)
            seen.add(KIND_NAMES[kind] if kind else f"SIMPLE{argument}")
        seat = one.step(action)
        one.follow(reference, action)
        decisions += 1
    assert not one.mask().any()
    assert one.returns() == reference.returns()
    assert one.to_state().to_json() == reference.to_json()
    return decisions


def play_games(players: int, params: dict[str, Any], games: int, seed: int) -> set[str]:
    """``games`` random games from the setup; the kinds of action played."""
    one = RanchoOne(load_game("rancho", players, **params))
    rng = random.Random(seed)
    seen: set[str] = set()
    for g in range(games):
        seat = one.reset(seed + g)
        reference: Any = one.to_state()  # the first-player draw, replayed from the log
        play_along(one, reference, seat, rng, seen)
    return seen


@pytest.mark.parametrize("name", list(PARAMETER_SETS))
def test_compiled_rules_play_the_reference_rules(name: str) -> None:
    """RA-R1 … RA-R46 over random games from the setup under each parameter set: trades,
    purchases, arrangements, rolls, predators with their order and dogs, returns of animals
    that do not fit (RA-R29) and the round limit's draw."""
    players, params = PARAMETER_SETS[name]
    seen = play_games(players, params, games=6, seed=len(name))
    assert {"GIVE", "RECEIVE", "BUY", "UNPLACE", "PLACE_RABBIT", "SIMPLE0", "SIMPLE2"} <= seen


def test_games_from_reference_positions_of_every_phase() -> None:
    """``load`` takes any position: positions of reference games (every 97th, and every one
    of the short phases: the dice and the predator die, the predator order, the dogs), each
    played on to the end by the compiled rules with the reference following."""
    the_game = load_game("rancho", 3, max_rounds=6)
    one = RanchoOne(the_game)
    rng = random.Random(5)
    sample = Rng(7)
    phases = set()
    for _ in range(3):
        state: Any = the_game.new_initial_state()
        k = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample.sample_outcome(state.chance_outcomes()))
            else:
                state.apply_action(sample.choice(state.legal_actions()))
            k += 1
            if k % 97 == 0 or state.phase in (DICE, ORDER, D6, DOG):
                phases.add(state.phase)
                seat = one.load(state, seed=k)
                reference = state.clone()
                one.follow(reference, -1)  # the chance drawn on loading a chance node
                play_along(one, reference, seat, rng)
    assert {EXPANSION, DICE, D6, PLACEMENT} <= phases


ORANGE, BLUE, PURPLE = 0, 1, 5  # farms 1, 2 and 6 in a 6-player game


def blocked_orange(orange: list[Any], purple: tuple[Any, ...] = ()) -> RanchoState:
    """TV-RA-20: orange owns P33 and is hemmed in by purple and blue (6 players)."""
    land = {
        ORANGE: ["P33"],
        PURPLE: ["P53", "P54", "P31", "P32", "P14", "P01"],
        BLUE: ["P36", "P16", "P34", "P15"],
    }
    short = game(6, max_rounds=3)  # random play after the vector ends in three rounds
    return position(6, the_game=short, pastures=land, pieces=orange + list(purple))


def _along(state: RanchoState, actions: list[int], seed: int = 0) -> tuple[RanchoOne, Any]:
    """``state`` loaded into compiled rules and ``actions`` played there, the reference
    following; then random play to the end. The compiled rules and the reference at the end
    of ``actions``."""
    one = RanchoOne(state.game)
    one.load(state, seed=seed)
    reference = state.clone()
    one.follow(reference, -1)
    for action in actions:
        one.step(action)
        one.follow(reference, action)
        assert compiled_fields(one) == reference_fields(reference)
    return one, reference


def test_a_passage_purchase_pays_its_fees() -> None:
    """TV-RA-21 (RA-R21, RA-R22): BUY(P13), LINK(P14), four rabbits given, CONFIRM: purple
    is owed 2 rabbits, placed for it (RA-R23); then the game goes on the same."""
    state = blocked_orange([rabbits("F1a", 4), sheep("F1b")])
    one, reference = _along(state, [37, 92, 9, 9, 9, 9, aid(state, "CONFIRM")])
    assert "P13" in [reference.cfg.board.ids[c] for c in np.flatnonzero(one._st[cs.TERR][0])]
    play_along(one, reference, reference.current_player(), random.Random(1))


def test_fee_rabbits_make_the_owner_win_during_another_turn() -> None:
    """TV-RA-22 (RA-R23, RA-R43): the fee rabbits complete purple's herd: purple wins at
    once, on orange's turn."""
    purple = (horse("F6a", "F6b", "P53"), cow("P54", "P31"), sheep("P32"))
    state = blocked_orange([rabbits("F1a", 4)], purple)
    one, reference = _along(state, [37, 92, 9, 9, 9, 9, aid(state, "CONFIRM")])
    assert reference.is_terminal() and one.returns() == reference.returns()
    assert one.returns()[PURPLE] == 1.0


def test_fee_rabbits_top_up_the_safest_stacks_first() -> None:
    """RA-R23: purple's stacks on P14 (cost 2) and P01 (cost 1) are filled to 6, safest
    first, before any empty farm cell."""
    state = blocked_orange(
        [rabbits("F1a", 4), sheep("F1b")], (rabbits("P14", 5), rabbits("P01", 5))
    )
    one, reference = _along(state, [37, 92, 9, 9, 9, 9, aid(state, "CONFIRM")])
    board = reference.cfg.board
    assert one._st[cs.AMOUNT][board.cell("P14")] == one._st[cs.AMOUNT][board.cell("P01")] == 6


@pytest.mark.parametrize("use", [True, False])
def test_a_dog_decision(use: bool) -> None:
    """TV-RA-16, RA-R37, RA-R38: a wolf on 4 threatens three sheep; their owner, holding a
    large dog, gives the dog up or keeps it and loses the sheep."""
    state = position(
        pastures={0: ["P32", "P33", "P34"]},
        pieces=[sheep("P32"), sheep("P33"), sheep("P34"), rabbits("F1a", 2)],
        dogs={0: {"large_dog": 1}},
    )
    roll(state, "wolf", "horse")
    d6(state, 4)
    assert state.phase == DOG
    choice = aid(state, "USE_DOG" if use else "KEEP_DOG")
    one, reference = _along(state, [choice])
    play_along(one, reference, reference.current_player(), random.Random(2))


def test_a_win_on_placing_the_last_animal() -> None:
    """RA-R43: a rabbit, a sheep and a horse on the board; two cows rolled breed a cow into
    the pool (RA-R39), and placing it wins at once (1 for the winner, -1/(n-1) for the
    others)."""
    state = position(
        pastures={0: ["P33", "P32", "P14", "P13", "P31"]},
        pieces=[rabbits("P32", 1), sheep("P14"), horse("F1a", "F1b", "P33")],
    )
    roll(state, "cow", "cow")
    place = aid(state, "PLACE_COW", cells=["P13", "P31"])
    one, reference = _along(state, [place])
    assert reference.is_terminal() and one.returns() == reference.returns() == [1.0, -1.0]


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    one = RanchoOne(load_game("rancho", 2))
    one.reset(3)
    before = compiled_fields(one)
    mask = one.mask().copy()
    illegal = int(np.flatnonzero(mask == 0)[0])
    for action in (illegal, -1, mask.size, 2**40):
        with pytest.raises(IllegalActionError):
            one.step(action)
        assert compiled_fields(one) == before
    np.testing.assert_array_equal(one.mask(), mask)


def test_a_position_of_another_game_is_refused() -> None:
    one = RanchoOne(load_game("rancho", 2))
    with pytest.raises(ValueError, match="another configured game"):
        one.load(load_game("rancho", 3).new_initial_state(), seed=0)


def test_random_opponents_are_uniform_and_recorded() -> None:
    """``play_random`` plays the other seats (and their dog decisions) to the learner's
    decision; the record (actions and the dice between them) replays the same game."""
    one = RanchoOne(load_game("rancho", 3, max_rounds=5))
    seat = one.reset(4)
    reference: Any = one.to_state()
    rng = random.Random(2)
    moves = 0
    while seat != PlayerId.TERMINAL:
        if seat != 0:
            record: list[int] = []
            seat = one.play_random(0, record)
            for entry in record:
                reference.apply_action(entry)
            assert seat in (0, PlayerId.TERMINAL) and reference.current_player() == seat
            continue
        legal = np.flatnonzero(one.mask()).tolist()
        assert legal == reference.legal_actions()
        action = legal[rng.randrange(len(legal))]
        seat = one.step(action)
        one.follow(reference, action)
        moves += 1
    assert moves > 20 and one.to_state().to_json() == reference.to_json()


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("FARMSTEAD_FULL"), reason="acceptance: FARMSTEAD_FULL=1")
def test_compiled_rules_over_many_games_per_parameter_set() -> None:
    """The differential test at acceptance size: 400 games under each parameter set."""
    for name, (players, params) in PARAMETER_SETS.items():
        play_games(players, params, games=400, seed=len(name) * 1000)
