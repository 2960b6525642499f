"""Protocol behaviour of Fences: bad input, JSON positions and actions, hidden information
(FE-R22 … FE-R25), consistent-state sampling, clones, conformance, random games end."""

from __future__ import annotations

import copy
import json
import math
import os
from typing import Any

import pytest
from fe_helpers import (
    BLUE,
    YELLOW,
    cell_action,
    game,
    loaded_game,
    place,
    position,
    random_states,
    slot_of,
)

from farmstead.core.errors import (
    IllegalActionError,
    InvalidParamError,
    InvalidPositionError,
    SamplingError,
)
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng, derive_seed
from farmstead.games.fences.game import FencesState
from farmstead.testing import check_game

FULL = os.environ.get("FARMSTEAD_FULL") == "1"


# --- parameters ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "params",
    [
        {"colour": "red"},
        {"farmer_cards": "FC01,FC99"},
        {"farmer_cards": "FC01"},  # fewer cards than players
        {"farmer_cards": "FC01,FC01"},
        {"first_player": "7"},
        {"first_player": "anyone"},
        {"barn_stock": -1},
        {"barn_stock": "many"},
        {"single_type_multiplier": 0},
    ],
)
def test_fe_bad_params_fail_loudly(params):
    with pytest.raises(InvalidParamError):
        load_game("fences", 2, **params)


def test_fe_params_change_the_game():
    """Data overrides: the farmer deck, the barn stock and the single-type multiplier."""
    g = loaded_game(2, farmer_cards="FC04,FC05", barn_stock="2", first_player="0")
    s = g.new_initial_state()
    for _ in range(4):
        s.apply_action(s.legal_actions()[0])
    assert [o for o, _ in s.chance_outcomes()] == [3, 4]
    assert s.stocks == [2, 2]
    g3 = game(single_type_multiplier="3")
    board = [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3)]
    s = position(g3, board, barns=[(BLUE, 0, 0, 0)], hands={YELLOW: ["F17", "F20"]},
                 active=YELLOW, farmers={YELLOW: "FC14"})  # fmt: skip
    place(s, "F17", 1, 0, 0)
    assert s.events[-1]["value"] == 12  # 4 cows x 3


# --- actions ---------------------------------------------------------------------------------
def test_fe_illegal_actions_raise_and_change_nothing():
    g = game()
    s = position(g, [("F49", 0, 0, 0)], hands={BLUE: ["F06", "F03"]})
    before = s.to_json()
    size = g.info.num_distinct_actions
    bad_actions: list[Any] = [-1, size, 10**9, cell_action(s, 0, 1), 1, True, "0", 0.0]
    for bad in bad_actions:
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)  # F03 (slot 1, an O tile) fits nowhere next to an X tile
        assert s.to_json() == before
    s.apply_action(slot_of(s, "F06"))
    before = s.to_json()
    with pytest.raises(IllegalActionError, match=r"put it 5 east and 5 south of the first tile"):
        s.apply_action(cell_action(s, 5, 5))
    assert s.to_json() == before


def test_fe_every_action_id_has_its_own_words():
    """Every id of the action space has words that tell it apart from every other id, in every
    kind of phase; an id outside the space is an error, not words."""
    g = game(2)
    states = random_states(g, 3, limit=60)
    for s in states[::7]:
        size = g.info.max_chance_outcomes if s.is_chance_node() else g.info.num_distinct_actions
        texts = [s.action_to_string(a) for a in range(size)]
        assert all(texts)
        assert len(set(texts)) == size, [t for t in texts if texts.count(t) > 1][:4]
        for outside in (-1, size):
            with pytest.raises(IllegalActionError, match="out of range"):
                s.action_to_string(outside)


def test_fe_action_json_round_trip_and_errors():
    g = game(2)
    for s in random_states(g, 5, limit=80):
        for a in s.legal_actions():
            doc = json.loads(json.dumps(s.action_to_json(a)))
            assert s.action_from_json(doc) == a
    s = g.new_initial_state()
    for bad in [
        None,
        "SELECT",
        {},
        {"type": "JUMP"},
        {"type": "SELECT", "slot": 2},
        {"type": "SELECT", "slot": True},
        {"type": "CELL"},
        {"type": "CELL", "cell": [0]},
        {"type": "CELL", "cell": [0, 1000]},
        {"type": "CELL", "cell": ["a", 0]},
        {"type": "ROTATE", "rot": 4},
        {"type": "BARN", "field": -1},
        {"type": "DRAW", "tile": "F99"},
        {"type": "DEAL_FARMER", "card": "FC00"},
    ]:
        with pytest.raises(IllegalActionError):
            s.action_from_json(bad)


# --- JSON positions --------------------------------------------------------------------------
def _valid_doc():
    g = game()
    s = position(
        g,
        [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3)],
        barns=[(BLUE, 0, 0, 0)],
        hands={YELLOW: ["F05", "F20"]},
        active=YELLOW,
    )
    return g, s.to_json()


def _mutations():
    def board_cell(doc):
        doc["board"][2]["cell"] = [0, 0]

    def far_tile(doc):
        doc["board"][2]["cell"] = [5, 5]

    def fence_mismatch(doc):
        doc["board"][1]["rot"] = 0

    def unknown_tile(doc):
        doc["board"][0]["tile"] = "F99"

    def bad_rot(doc):
        doc["board"][0]["rot"] = 4

    def bool_rot(doc):
        doc["board"][0]["rot"] = True

    def out_of_window(doc):
        doc["board"][0]["cell"] = [400, 0]

    def stock_mismatch(doc):
        doc["stocks"][0] = 4

    def barn_no_tile(doc):
        doc["barns"][0]["cell"] = [9, 9]

    def barn_bad_field(doc):
        doc["barns"][0]["field"] = 3

    def extra_supply(doc):
        doc["supply"]["F05"] = doc["supply"].get("F05", 0) + 1

    def missing_tile(doc):
        doc["hands"][0] = doc["hands"][0][:1]

    def big_hand(doc):
        doc["hands"][0] = doc["hands"][0] + ["F06"]
        doc["revealed"][0].append(False)
        doc["supply"]["F06"] -= 1

    def revealed_length(doc):
        doc["revealed"][0] = [False]

    def farmer_twice(doc):
        doc["farmers"][1] = doc["farmers"][0]

    def farmer_unknown(doc):
        doc["farmers"][1] = "FC77"

    def bad_phase(doc):
        doc["phase"] = "dance"

    def selected_in_select_tile(doc):
        doc["selected"] = {"slot": 0, "tile": "F05", "cell": None}

    def negative_score(doc):
        doc["scores"][2] = -3

    def wrong_game(doc):
        doc["game"] = "rancho"

    def wrong_players(doc):
        doc["players"] = 3

    def no_board(doc):
        del doc["board"]

    def active_out_of_range(doc):
        doc["active"] = 4

    def over_with_tiles(doc):
        doc["phase"] = "over"

    def draw_with_full_hand(doc):
        doc["phase"] = "draw"

    return [
        board_cell, far_tile, fence_mismatch, unknown_tile, bad_rot, bool_rot, out_of_window,
        stock_mismatch, barn_no_tile, barn_bad_field, extra_supply, missing_tile, big_hand,
        revealed_length, farmer_twice, farmer_unknown, bad_phase, selected_in_select_tile,
        negative_score, wrong_game, wrong_players, no_board, active_out_of_range,
        over_with_tiles, draw_with_full_hand,
    ]  # fmt: skip


@pytest.mark.parametrize("mutate", _mutations(), ids=lambda f: f.__name__)
def test_fe_malformed_positions_raise(mutate):
    g, doc = _valid_doc()
    g.state_from_json(copy.deepcopy(doc))  # the unmutated document is valid
    bad = copy.deepcopy(doc)
    mutate(bad)
    with pytest.raises(InvalidPositionError):
        g.state_from_json(bad)


def test_fe_barn_on_completed_field_is_rejected():
    """FE-R56: a completed field cannot hold a barn in a position."""
    g = game()
    board = [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3), ("F05", 1, 0, 0)]
    with pytest.raises(InvalidPositionError, match="completed"):
        position(g, board, barns=[(BLUE, 0, 0, 0)])


def test_fe_json_round_trip_in_every_phase():
    g = loaded_game(3)
    seen = set()
    for s in random_states(g, 11):
        doc = json.loads(json.dumps(s.to_json()))
        restored = g.state_from_json(doc)
        assert restored.to_json() == doc
        assert restored.legal_actions() == s.legal_actions()
        seen.add(s.phase_name())
    assert {"deal_tiles", "deal_farmers", "choose_first", "select_tile", "select_cell"} <= seen
    assert {"select_rotation", "build", "draw", "over"} <= seen


# --- hidden information ----------------------------------------------------------------------
def test_fe_r22_r23_observation_hides_other_hands_and_supply():
    """FE-R22: each hand is seen only by its owner. FE-R23: the supply shows only its size."""
    g = game(2)
    for s in random_states(g, 21)[10:200:9]:
        if s.phase_name() in ("select_cell", "select_rotation"):
            continue  # the tile picked up for placing is public
        for seat in (0, 1):
            obs = s.observation(seat)
            other = 1 - seat
            assert obs["hand"] == [s.tile_id(t) for t in s.hands[seat]]
            assert obs["known_hand_tiles"][other] == [
                s.tile_id(t) for i, t in enumerate(s.hands[other]) if s.revealed[other][i]
            ]
            assert obs["hand_sizes"] == [len(h) for h in s.hands]
            assert "supply" not in obs and obs["supply_size"] == s.supply_total
        spectator = s.observation(None)
        assert spectator["hand"] is None and all(k == [] for k in spectator["known_hand_tiles"])


def test_fe_r24_r25_public_information():
    """FE-R24/FE-R25: farmer cards, barns, stocks, scores, hand sizes and discards are public."""
    g = game(2)
    s = position(g, [("F49", 0, 0, 0)], hands={BLUE: ["F05"], YELLOW: ["F02", "F03"]},
                 phase="draw", supply={"F05": 2, "F06": 3}, fill_hands=False)  # fmt: skip
    s.apply_action(s.cfg.catalog.tile_by_id["F05"])
    s.apply_action(s.cfg.layout.discard)
    obs = s.observation(None)
    assert obs["discards"][-1] == "F02" and obs["farmers"][0] and obs["stocks"] == [4, 4]
    assert obs["known_hand_tiles"][YELLOW] == ["F03"]  # revealed by FE-R37


def test_fe_selected_tile_is_public_other_hand_tile_is_not():
    g = game()
    s = position(g, [("F05", 0, 0, 0)], hands={BLUE: ["F06", "F07"]})
    s.apply_action(slot_of(s, "F06"))
    obs = s.observation(YELLOW)
    assert obs["selected"] == {"tile": "F06", "cell": None}
    assert obs["known_hand_tiles"][BLUE] == ["F06"]  # F07 stays hidden
    assert "placements" not in obs


def test_fe_mover_sees_its_placements_only():
    """FE-R22: only the mover sees where its tiles fit; F03 fits nowhere next to F49."""
    g = game()
    s = position(g, [("F49", 0, 0, 0)], hands={BLUE: ["F06", "F03"]})
    mine = s.observation(BLUE)["placements"]
    assert mine["1"] == []
    at_0_1 = next(entry for entry in mine["0"] if entry["cell"] == [0, 1])
    assert at_0_1["play"][2] is not None
    assert "placements" not in s.observation(YELLOW)
    assert "placements" not in s.observation(None)


def test_fe_placements_agree_with_the_legal_rotations_and_fence_fit():
    """FE-R9, FE-R61: for every cell the mover is offered, the turns it may play map onto
    exactly the legal ROTATE actions at that cell; a turn fits exactly when no side clashes;
    equivalent turns map to one rotation. Checked along a random game, in every placing phase."""
    g = game(2)
    checked = 0
    for s in random_states(g, 5, limit=400)[::3]:
        if s.phase_name() != "select_tile":
            continue
        seat = s.active
        options = s.observation(seat)["placements"]
        for slot, entries in options.items():
            if not entries:
                continue
            picked = s.clone()
            picked.apply_action(int(slot))
            if picked.phase_name() != "select_cell":  # the first tile goes straight down
                continue
            assert picked.observation(seat)["placements"] == {slot: entries}
            for entry in entries[:6]:
                at_cell = picked.clone()
                at_cell.apply_action(
                    picked.action_from_json({"type": "CELL", "cell": entry["cell"]})
                )
                legal = {at_cell.action_to_json(a)["rot"] for a in at_cell.legal_actions()}
                assert {p for p in entry["play"] if p is not None} == legal
                for play, sides in zip(entry["play"], entry["sides"], strict=True):
                    assert (play is not None) == ("x" not in sides)
                    assert len(sides) == 4 and set(sides) <= {"+", "x", "."}
                assert at_cell.observation(seat)["placements"] == {slot: [entry]}
                checked += 1
    assert checked >= 20


def test_fe_sample_consistent_redeals_unseen_tiles_only():
    """The IS-MCTS sampler: the seat's view is unchanged, the tile multiset is conserved, and
    other hands are redealt from the unseen tiles."""
    g = game(3)
    rng = Rng(7)
    changed = 0
    for s in random_states(g, 31)[12:240:11]:
        seat = 0
        view = s.observation(seat)
        sample = s.sample_consistent(seat, rng)
        assert sample.observation(seat) == view
        assert sample.hands[seat] == s.hands[seat]
        restored = g.state_from_json(sample.to_json())  # a valid, consistent position
        assert restored.to_json() == sample.to_json()
        if sample.hands[1:] != s.hands[1:]:
            changed += 1
        if not s.is_chance_node() and not s.is_terminal():
            assert sample.legal_actions()
    assert changed > 0


# --- clones, conformance, random games ------------------------------------------------------
def test_fe_clone_is_independent():
    g = game(2)
    s = random_states(g, 4, limit=40)[-1]
    doc = s.to_json()
    twin = s.clone()
    while not twin.is_terminal():
        if twin.is_chance_node():
            twin.apply_action(twin.legal_actions()[0])
        else:
            twin.apply_action(twin.legal_actions()[-1])
    assert s.to_json() == doc


@pytest.mark.parametrize(("players", "games"), [(2, 30), (3, 10), (4, 10)])
def test_fe_conformance_checker_passes(players, games):
    report = check_game(load_game("fences", players), games=games, seed=1)
    assert report.games == games and report.decisions > 0


def _random_games_end(games, seed, players):
    g = loaded_game(players)
    for i in range(games):
        rng = Rng(derive_seed(seed, i))
        s = g.new_initial_state()
        length = 0
        while not s.is_terminal():
            assert length < g.info.max_game_length
            if s.is_chance_node():
                s.apply_action(rng.sample_outcome(s.chance_outcomes()))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            length += 1
        assert s.supply_total == 0 and not any(s.hands)  # FE-R58
        assert len(s.p_cell) + len(s.discards) == g.config.total_tiles  # FE-R39


def test_fe_200_random_games_end():
    """FE-R39/FE-R58: every game ends, within max_game_length."""
    for players in (2, 3, 4):
        _random_games_end({2: 100, 3: 50, 4: 50}[players], seed=players, players=players)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="10,000 random games run with FARMSTEAD_FULL=1")
def test_fe_10000_random_games_end():
    for players in (2, 3, 4):
        _random_games_end({2: 4000, 3: 3000, 4: 3000}[players], seed=10 + players, players=players)


def test_FE_R22_tile_draw_labels_name_the_tile_only_to_the_drawer() -> None:
    """FE-R22/FE-R23: a draw's words name the tile for the drawing seat only; others and
    spectators learn that a tile was drawn, not which."""
    from farmstead.core.game import PlayerId
    from farmstead.core.registry import load_game
    from farmstead.core.rng import Rng

    game = load_game("fences", players=2)
    state = game.new_initial_state()
    rng = Rng(4)
    seen = 0
    while not state.is_terminal() and seen < 5:
        if state.current_player() == PlayerId.CHANCE:
            outcome = state.legal_actions()[0]
            words = state.action_to_string(outcome)
            if " draws " in words:
                drawer = state.to_json().get("active")
                tile = words.rsplit(" ", 1)[-1]
                for seat in (None, 0, 1):
                    label = state.action_to_string_for(outcome, seat)
                    if seat == drawer:
                        assert label == words
                    else:
                        assert tile not in label and label.endswith("draws a tile")
                seen += 1
            state.apply_action(outcome)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen == 5


def _swap_hidden_with_supply(s: FencesState, seat: int, slot: int, tile: str) -> FencesState:
    """The position with ``seat``'s hand tile in ``slot`` swapped for a supply copy of ``tile``."""
    doc = s.to_json()
    old = doc["hands"][seat][slot]
    doc["hands"][seat][slot] = tile
    doc["supply"][tile] -= 1
    if not doc["supply"][tile]:
        del doc["supply"][tile]
    doc["supply"][old] = doc["supply"].get(old, 0) + 1
    swapped = s.game.state_from_json(doc)
    assert isinstance(swapped, FencesState)
    return swapped


def test_fe_sampled_hands_do_not_depend_on_the_true_hands():
    """FE-R22, FE-R25: what ``sample_consistent(seat)`` deals never depends on the hidden truth:
    two positions that differ only in another seat's hidden tile give identical samples for the
    same generator, so an information-set search cannot learn the opponent's tiles from them."""
    g = game(2)
    s = position(g, [("F49", 0, 0, 0)], hands={BLUE: ["F06", "F03"], YELLOW: ["F12", "F20"]})
    other = _swap_hidden_with_supply(s, YELLOW, 0, "F30")
    assert other.hands[YELLOW] != s.hands[YELLOW]
    assert other.observation(BLUE) == s.observation(BLUE)
    for k in range(200):
        a = s.sample_consistent(BLUE, Rng(k))
        b = other.sample_consistent(BLUE, Rng(k))
        assert (a.hands, a.supply) == (b.hands, b.supply)


def test_fe_sampled_hands_follow_the_unseen_tiles():
    """The opponent's sampled tile is spread over the unseen tiles as their counts say, and the
    true tile is no likelier than any other (chi-square over 4,000 samples)."""
    g = game(2)
    s = position(g, [("F49", 0, 0, 0)], hands={BLUE: ["F06", "F03"], YELLOW: ["F12", "F20"]})
    unseen = dict.fromkeys(range(len(s.supply)), 0)
    for tile, count in enumerate(s.supply):
        unseen[tile] += count
    for tile in s.hands[YELLOW]:
        unseen[tile] += 1
    total = sum(unseen.values())
    samples = 4000
    seen = dict.fromkeys(unseen, 0)
    for k in range(samples):
        seen[s.sample_consistent(BLUE, Rng(k)).hands[YELLOW][0]] += 1
    chi2 = sum(
        (seen[t] - samples * n / total) ** 2 / (samples * n / total) for t, n in unseen.items() if n
    )
    kinds = sum(1 for n in unseen.values() if n)
    assert chi2 < kinds + 4 * math.sqrt(2 * kinds)  # far inside the upper tail
    true_tile = s.hands[YELLOW][0]
    assert seen[true_tile] < 3 * samples * unseen[true_tile] / total


def test_fe_sampler_keeps_the_placer_able_to_place_and_is_exact():
    """FE-R36: a seat about to place shows everyone it holds a placeable tile. The sampler deals
    its hidden slots only among such hands, each valid ordered pair equally often."""
    g = game(2)
    # Yellow is to place on a one-tile farm; Blue samples Yellow's two hidden tiles.
    s = position(g, [("F49", 0, 0, 0)], active=YELLOW, hands={YELLOW: ["F06", "F03"]})
    unseen: list[int] = []
    for tile, count in enumerate(s.supply):
        unseen += [tile] * count
    unseen += s.hands[YELLOW]
    fits = [s.can_place(t) for t in range(len(s.supply))]
    assert not all(fits[t] for t in unseen), "the test needs unseen tiles that do not fit"
    n = len(unseen)
    valid = sum(
        1 for i in range(n) for j in range(n) if i != j and (fits[unseen[i]] or fits[unseen[j]])
    )
    no_fit = [t for t in unseen if not fits[t]]
    samples = 3000
    first_stuck = 0
    for k in range(samples):
        hand = s.sample_consistent(BLUE, Rng(k)).hands[YELLOW]
        assert any(fits[t] for t in hand)
        first_stuck += not fits[hand[0]]
    # Exact share of valid pairs whose first tile does not fit: U * P / valid.
    expected = len(no_fit) * (n - len(no_fit)) / valid
    assert abs(first_stuck / samples - expected) < 4 * math.sqrt(
        expected * (1 - expected) / samples
    )


def test_fe_sampler_raises_rather_than_return_the_truth():
    """No silent fallback: when no unseen tile could make the placer's hand placeable (an
    impossible position), the sampler raises instead of returning the true hands."""
    g = game(2)
    s = position(g, [("F49", 0, 0, 0)], active=YELLOW, hands={YELLOW: ["F06", "F03"]})
    no_fit = [t for t in range(len(s.supply)) if not s.can_place(t)]
    assert no_fit
    with pytest.raises(SamplingError, match="impossible position"):
        s._draw_placeable(no_fit * 2, 2, Rng(0))
