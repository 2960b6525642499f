"""Fences's compiled rules for one game (``compiled.FencesOne``, the learning environments'
default) against the reference ``FencesRules`` (rules/fences.md).

The compiled rules play random games, drawing their own chance; a reference state follows
every action and chance outcome they apply (``follow``, each one checked by
``apply_action``). At every decision both agree on the seat to move, the legal actions, every
seat's tensor (FE-R22 … FE-R25: hidden hands and the supply never enter another seat's view)
and the position's fields; at the end on the returns (FE-R60) and the replayed position.
Games start from the deal (FE-R27 … FE-R33), from positions of reference games in every phase,
and from the positions of the stuck procedure (FE-R37) and a field shared by two barns
(FE-R51), which random games reach rarely.
"""

from __future__ import annotations

import os
import random
from typing import Any

import numpy as np
import pytest
from fe_helpers import BLUE, RED, YELLOW, game, pass_action, position, random_states

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import PlayerId
from farmstead.core.registry import load_game
from farmstead.games.fences import compiled_state as cs
from farmstead.games.fences.compiled import FencesOne
from farmstead.games.fences.game import FencesState
from farmstead.games.fences.layout import SELECT_TILE
from farmstead.games.fences.rules import FencesRules

# Player counts 2 to 4 (FE-R28's tile markings), a fixed first player (FE-R33), a small deck
# (FE-R31), the barn stock (FE-R32, none at all) and the single-type multiplier (FE-R48).
PARAMETER_SETS: dict[str, tuple[int, dict[str, Any]]] = {
    "two_players": (2, {}),
    "three_players": (3, {}),
    "four_players": (4, {}),
    "fixed_first_small_deck": (
        2,
        {
            "first_player": "1",
            "barn_stock": 1,
            "single_type_multiplier": 3,
            "farmer_cards": "FC01,FC02",
        },
    ),
    "no_barns": (4, {"barn_stock": 0}),
}


def compiled_fields(one: FencesOne) -> dict[str, Any]:
    """The position's fields as the compiled rules hold them (``compiled_state``)."""
    st: Any = one._st
    sc = st[cs.SC]
    n = st[cs.HAND_LEN].size
    return {
        "phase": int(sc[cs.PHASE]),
        "active": int(sc[cs.ACTIVE]),
        "first": int(sc[cs.FIRST]),
        "placed": st[cs.PLACED][:, : sc[cs.PLACEMENTS]].tolist(),
        "barns": st[cs.BARNS][: 2 * sc[cs.BARN_COUNT]].tolist(),
        "frontier": {int(c): int(st[cs.FRONTIER][c]) for c in st[cs.FRONT][: sc[cs.FRONT_COUNT]]},
        "hands": [st[cs.HANDS][s, : st[cs.HAND_LEN][s]].tolist() for s in range(n)],
        "revealed": [[bool(r) for r in st[cs.REVEALED][s, : st[cs.HAND_LEN][s]]] for s in range(n)],
        "supply": st[cs.SUPPLY].tolist(),
        "supply_total": int(sc[cs.SUPPLY_TOTAL]),
        "discards": st[cs.DISCARDS][: sc[cs.DISCARD_COUNT]].tolist(),
        "seats": st[cs.SEATS].tolist(),
        "selected": (int(sc[cs.SEL_SLOT]), int(sc[cs.SEL_CELL])),
    }


def reference_fields(state: FencesRules) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "active": state.active,
        "first": state.first,
        "placed": [state.p_cell, state.p_type, state.p_rot, state.p_node],
        "barns": state.barns,
        "frontier": state.frontier,
        "hands": state.hands,
        "revealed": state.revealed,
        "supply": state.supply,
        "supply_total": state.supply_total,
        "discards": state.discards,
        "seats": [state.scores, state.stocks, state.farmers],
        "selected": (state.sel_slot, state.sel_cell),
    }


def play_along(one: FencesOne, reference: FencesRules, seat: int, rng: random.Random) -> int:
    """Random legal actions on the compiled rules from ``seat`` (the seat to decide) to the
    end, ``reference`` following; every decision compared (see the module). Returns the
    decisions played."""
    decisions = 0
    players = reference.cfg.num_players
    while True:
        assert reference.current_player() == seat
        assert compiled_fields(one) == reference_fields(reference)
        if seat == PlayerId.TERMINAL:
            break
        legal = reference.legal_actions()
        assert np.flatnonzero(one.mask()).tolist() == legal
        for viewer in range(players):
            np.testing.assert_array_equal(
                one.tensor(viewer), reference.observation_tensor(viewer), err_msg=f"{viewer}"
            )
        action = legal[rng.randrange(len(legal))]
        seat = one.step(action)
        one.follow(reference, action)
        decisions += 1
    assert not one.mask().any()
    assert one.returns() == reference.returns()
    assert one.to_state().to_json() == reference.to_json()
    return decisions


def play_games(players: int, params: dict[str, Any], games: int, seed: int) -> int:
    """``games`` random games from the deal; the decisions compared."""
    one = FencesOne(load_game("fences", players, **params))
    rng = random.Random(seed)
    decisions = 0
    for g in range(games):
        seat = one.reset(seed + g)
        reference: Any = one.to_state()  # the deal, replayed from the log
        one.follow(reference, -1)  # nothing new since: the reference is the deal
        decisions += play_along(one, reference, seat, rng)
    return decisions


@pytest.mark.parametrize("name", list(PARAMETER_SETS))
def test_compiled_rules_play_the_reference_rules(name: str) -> None:
    """FE-R1 … FE-R61 over random games from the deal under each parameter set."""
    players, params = PARAMETER_SETS[name]
    assert play_games(players, params, games=12, seed=len(name)) > 1000


def test_games_from_reference_positions_of_every_phase() -> None:
    """``load`` takes any position: every fifth position of reference games, each played on
    to the end by the compiled rules with the reference following (FE-R34's phases, the deals
    and the draws)."""
    rng = random.Random(5)
    for players in (2, 3):
        the_game = game(players)
        one = FencesOne(the_game)
        phases = set()
        for seed in range(2):
            for k, state in enumerate(random_states(the_game, seed)[::5]):
                phases.add(state.phase)
                seat = one.load(state, seed=k)
                reference = state.clone()
                one.follow(reference, -1)  # the chance drawn on loading a chance node
                play_along(one, reference, seat, rng)
        assert len(phases) >= 7


def _stuck(supply: dict[str, int], phase: str = "draw") -> FencesState:
    """FE-T10's position: Blue ends a turn; Yellow holds two O tiles next to a lone X tile."""
    return position(
        game(2),
        [("F49", 0, 0, 0)],
        hands={BLUE: ["F05"], YELLOW: ["F02", "F03"]},
        active=BLUE,
        phase=phase,
        supply=supply,
        fill_hands=False,
    )


@pytest.mark.parametrize("seed", range(6))
def test_the_stuck_procedure(seed: int) -> None:
    """FE-T10, FE-R37: Yellow's tiles fit nowhere; the hand is shown, a tile discarded and
    another drawn until one fits (FE-R37.2), whichever tiles the draws bring."""
    state = _stuck({"F05": 2, "F06": 3})
    one = FencesOne(state.game)
    seat = one.load(state, seed=seed)
    reference = state.clone()
    one.follow(reference, -1)
    assert reference.phase_name() == "discard" and reference.revealed[YELLOW] == [True, True]
    assert play_along(one, reference, seat, random.Random(seed)) > 3


def test_the_stuck_procedure_with_an_empty_supply() -> None:
    """FE-T10 variant, FE-R37.3: with the supply empty Yellow discards every tile and the
    turn ends; Blue plays on (FE-R38) and the game ends when every hand is empty (FE-R58)."""
    state = _stuck({}, phase="build")
    one = FencesOne(state.game)
    assert one.load(state, seed=0) == BLUE
    reference = state.clone()
    seat = one.step(pass_action(state))
    one.follow(reference, pass_action(state))
    assert compiled_fields(one)["hands"][YELLOW] == [] and seat == BLUE
    assert play_along(one, reference, seat, random.Random(0)) == 4
    assert reference.is_terminal()


def test_a_field_shared_by_two_barns() -> None:
    """FE-T9, FE-R51: a 3-animal field with Blue's and Red's barns pays ceil(3/2) = 2 to each,
    and both barns go back to their stocks (FE-R56)."""
    board = [("F08", 0, 0, 1), ("F09", 0, 1, 2), ("F10", 1, 1, 3)]
    state = position(
        game(), board, barns=[(BLUE, 0, 0, 0), (RED, 0, 1, 0)], hands={YELLOW: ["F20", "F05"]},
        active=YELLOW, farmers={YELLOW: "FC14"},
    )  # fmt: skip
    one = FencesOne(state.game)
    assert one.load(state, seed=0) == YELLOW
    reference = state.clone()
    lay = state.cfg.layout
    stocks = list(state.stocks)
    for action in (0, lay.cell + lay.cell_index(1, 0), lay.rotate):  # F20 at (1, 0), unturned
        one.step(action)
        one.follow(reference, action)
    assert reference.events[-1]["shares"] == [2, 0, 0, 2]
    fields = compiled_fields(one)
    assert fields["seats"][0] == reference.scores
    assert fields["seats"][1] == [stocks[0] + 1, stocks[1], stocks[2], stocks[3] + 1]
    assert fields == reference_fields(reference)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    one = FencesOne(load_game("fences", 2))
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
    one = FencesOne(load_game("fences", 2))
    with pytest.raises(ValueError, match="another configured game"):
        one.load(game(3).new_initial_state(), seed=0)


def test_the_deal_follows_the_seed() -> None:
    """FE-R29 … FE-R33: the deal, the farmer cards and the first player come from the seed."""
    one = FencesOne(load_game("fences", 2))

    def deal(seed: int) -> str:
        one.reset(seed)
        return str(compiled_fields(one))

    deals = [deal(seed) for seed in range(6)]
    assert deals == [deal(seed) for seed in range(6)]
    assert len(set(deals)) == 6


def test_random_opponents_are_uniform_and_recorded() -> None:
    """``play_random`` plays the other seats to the learner's turn; the record (actions and
    the tile draws between them) replays the same game on the reference."""
    one = FencesOne(load_game("fences", 3))
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
        assert reference.phase == SELECT_TILE or reference.current_player() == 0
        legal = np.flatnonzero(one.mask()).tolist()
        assert legal == reference.legal_actions()
        action = legal[rng.randrange(len(legal))]
        seat = one.step(action)
        one.follow(reference, action)
        moves += 1
    assert moves > 20 and one.to_state().to_json() == reference.to_json()


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("FARMSTEAD_FULL"), reason="acceptance: FARMSTEAD_FULL=1")
def test_compiled_rules_over_a_thousand_games_per_parameter_set() -> None:
    """The differential test at acceptance size: 1,000 games under each parameter set."""
    for name, (players, params) in PARAMETER_SETS.items():
        assert play_games(players, params, games=1000, seed=len(name) * 1000) > 100_000
