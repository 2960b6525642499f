"""Protocol behaviour of Animal Farm: bad input, JSON positions and actions, views, clones.

Rulings cited where a check rests on one (AF-R8 zones, AF-R9 occupancy, AF-R23/24 results).
"""

from __future__ import annotations

import copy
import json
import re

import pytest
from af_helpers import N, build, game, play, select, target

from farmstead.core.errors import IllegalActionError, InvalidParamError, InvalidPositionError
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.games.animal_farm.actions import END_TURN, STOP
from farmstead.games.animal_farm.position import VIEW_KEYS

PIG1, PIG2, PIG3, GOAT1, GOAT2, GOAT3, HORSE = range(7)


def random_states(the_game, seed, limit=400):
    """Every state of a random game (clones), up to ``limit`` actions."""
    rng = Rng(seed)
    state = the_game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) < limit:
        if state.is_chance_node():
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def phase_samples():
    """One state per phase: coin toss, setup, idle, active, displace, over."""
    toss = load_game("animal_farm").new_initial_state()
    setup = game().new_initial_state()
    idle = build()
    active = play(build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)}), select(PIG1))
    displace = play(active.clone(), N)
    over = play(build(game(max_plies=1)), END_TURN)
    return {
        "toss": toss,
        "setup": setup,
        "idle": idle,
        "active": active,
        "displace": displace,
        "over": over,
    }


# --- illegal actions ------------------------------------------------------------------------


@pytest.mark.parametrize("action", [-1, 124, 10**9, True, "1", 2.0, None])
def test_bad_action_ids_raise_and_change_nothing(action):
    state = play(build(), select(PIG1))
    before = state.to_json()
    legal = state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.to_json() == before
    assert state.legal_actions() == legal


def test_illegal_action_message_names_the_action():
    state = build()
    with pytest.raises(IllegalActionError, match=r"'stop here' \(id 1\) is not legal"):
        state.apply_action(STOP)
    with pytest.raises(IllegalActionError, match="out of range 0..123"):
        state.apply_action(124)


def test_no_action_after_the_end():
    state = phase_samples()["over"]
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_action(END_TURN)


@pytest.mark.parametrize("phase", ["toss", "setup", "idle", "active", "displace", "over"])
def test_every_action_id_has_its_own_words_in_every_phase(phase):
    """Every id of the action space has words that tell it apart from every other id; an id
    outside the space is an error, not words."""
    state = phase_samples()[phase]
    info = state.game.info
    size = info.max_chance_outcomes if state.is_chance_node() else info.num_distinct_actions
    texts = [state.action_to_string(action) for action in range(size)]
    assert all(texts)
    assert len(set(texts)) == size, [t for t in texts if texts.count(t) > 1][:4]
    for outside in (-1, size, size + 5):
        with pytest.raises(IllegalActionError, match="out of range"):
            state.action_to_string(outside)


def test_action_words_name_the_attack():
    state = play(build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)}), select(PIG1))
    assert state.action_to_string(N) == "step north to (4, 8), attacking Player 2's pig 1"
    state.apply_action(N)
    assert state.action_to_string(target(5, 11)) == "send Player 2's pig 1 to (5, 11)"


# --- action JSON ----------------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["toss", "setup", "idle", "active", "displace"])
def test_action_json_round_trips_for_every_id(phase):
    state = phase_samples()[phase]
    ids = [0, 1] if phase == "toss" else range(state.game.info.num_distinct_actions)
    for action in ids:
        doc = state.action_to_json(action)
        assert json.loads(json.dumps(doc)) == doc
        assert state.action_from_json(doc) == action


def test_action_json_examples():
    state = build()
    assert state.action_to_json(select(PIG2)) == {"type": "SELECT", "slot": 1, "unit": "P1-pig-2"}
    assert state.action_from_json({"type": "SELECT", "unit": "P1-horse"}) == select(HORSE)
    assert state.action_to_json(target(3, 4)) == {"type": "TARGET", "to": [3, 4]}
    assert state.action_from_json({"type": "STEP", "dir": "W"}) == 5
    assert state.action_from_json({"type": "PICK_UP", "pile": "F2"}) == 7


@pytest.mark.parametrize(
    "doc",
    [
        None,
        [],
        {},
        {"type": 3},
        {"type": "FLY"},
        {"type": "STEP"},
        {"type": "STEP", "dir": "NE"},
        {"type": "PICK_UP", "pile": "F3"},
        {"type": "SELECT"},
        {"type": "SELECT", "slot": 7},
        {"type": "SELECT", "slot": True},
        {"type": "SELECT", "unit": "P2-pig-1"},  # not the mover's
        {"type": "SELECT", "slot": 0, "unit": "P1-pig-2"},  # disagree
        {"type": "TARGET", "to": [9, 0]},
        {"type": "TARGET", "to": [1]},
        {"type": "TARGET", "to": "a1"},
        {"type": "COIN_TOSS", "player1_seat": 0},  # not at a chance node
    ],
)
def test_malformed_action_json_raises(doc):
    with pytest.raises(IllegalActionError):
        build().action_from_json(doc)


def test_coin_toss_json():
    state = load_game("animal_farm").new_initial_state()
    assert state.action_to_json(1) == {"type": "COIN_TOSS", "player1_seat": 1}
    assert state.action_from_json({"type": "COIN_TOSS", "player1_seat": 1}) == 1
    with pytest.raises(IllegalActionError):
        state.action_from_json({"type": "COIN_TOSS", "player1_seat": 2})
    with pytest.raises(IllegalActionError):
        state.action_to_json(5)


# --- positions ------------------------------------------------------------------------------


@pytest.mark.parametrize("params", [{}, {"setup_mode": "default", "layout": "compact"}])
def test_positions_round_trip_through_json(params):
    the_game = load_game("animal_farm", **params)
    for state in random_states(the_game, seed=3):
        doc = json.loads(json.dumps(state.to_json()))
        restored = the_game.state_from_json(doc)
        assert restored.to_json() == doc
        assert restored.legal_actions() == state.legal_actions()
        assert restored.current_player() == state.current_player()


def _idle_doc():
    return build().to_json()


def _active_doc():
    return play(build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)}), select(PIG1)).to_json()


def _mutate(doc, path, value):
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


BAD_POSITIONS = [
    ("not an object", lambda: [], "animal_farm position: must be a JSON object"),
    (
        "other game",
        lambda: _mutate(_idle_doc(), ["game"], "rancho"),
        "field 'game': is for game 'rancho', not 'animal_farm'",
    ),
    ("other params", lambda: _mutate(_idle_doc(), ["params"], {}), "field 'params'"),
    ("missing key", lambda: _mutate(_idle_doc(), ["units"], KeyError), "field 'units': is missing"),
    ("unknown key", lambda: {**_idle_doc(), "weather": "rain"}, "unknown field(s) 'weather'"),
    (
        "bad phase",
        lambda: _mutate(_idle_doc(), ["phase"], "lunch"),
        "field 'phase': must be one of coin_toss, setup",
    ),
    (
        "seat 2",
        lambda: _mutate(_idle_doc(), ["player1_seat"], 2),
        "field 'player1_seat': must be an int in 0..1, got 2",
    ),
    (
        "seat null",
        lambda: _mutate(_idle_doc(), ["player1_seat"], None),
        "field 'player1_seat': must be an int in 0..1, got None",
    ),
    (
        "short team",
        lambda: _mutate(_idle_doc(), ["units", "P1"], [[0, 0]]),
        "field 'units.P1': must have 7 item(s), got 1",
    ),
    (
        "off board",
        lambda: _mutate(_idle_doc(), ["units", "P1", 0], [9, 0]),
        "field 'units.P1[0][0]': must be an int in 0..8, got 9",
    ),
    (
        "bool coord",
        lambda: _mutate(_idle_doc(), ["units", "P1", 0], [True, 0]),
        "field 'units.P1[0][0]': must be an int in 0..8, got True",
    ),
    (
        "unplaced",
        lambda: _mutate(_idle_doc(), ["units", "P2", 6], None),
        "field 'units.P2[6]': P2-horse must be on the board",
    ),
    (
        "shared square",
        lambda: _mutate(_idle_doc(), ["units", "P1", 0], [7, 0]),
        "field 'units.P1[1]': P1-pig-1 and P1-pig-2 share a square (AF-R9)",
    ),
    (
        "goat outside",
        lambda: _mutate(_idle_doc(), ["units", "P1", 3], [3, 4]),
        "field 'units.P1[3]': P1-goat-1 may not stand on [3, 4] (AF-R8)",
    ),
    (
        "horse in base",
        lambda: _mutate(_idle_doc(), ["units", "P1", 6], [3, 3]),
        "field 'units.P1[6]': P1-horse may not stand on [3, 3] (AF-R8)",
    ),
    (
        "goat carries",
        lambda: _mutate(_idle_doc(), ["piles", "F1"], {"carried_by": "P1-goat-1"}),
        "field 'piles.F1.carried_by': only pigs carry feed (AF-R18)",
    ),
    (
        "unknown carrier",
        lambda: _mutate(_idle_doc(), ["piles", "F1"], {"carried_by": "cow"}),
        "field 'piles.F1.carried_by': must name a unit such as 'P1-pig-1', got 'cow'",
    ),
    (
        "pile shape",
        lambda: _mutate(_idle_doc(), ["piles", "F1"], [4, 0]),
        "field 'piles.F1': must be null",
    ),
    (
        "two piles",
        lambda: _mutate(
            _mutate(_idle_doc(), ["piles", "F1"], {"carried_by": "P1-pig-1"}),
            ["piles", "F2"],
            {"carried_by": "P1-pig-1"},
        ),
        "field 'piles.F2': a pig carries at most one pile",
    ),
    (
        "pool range",
        lambda: _mutate(_idle_doc(), ["turn", "pools", "pig"], 11),
        "field 'turn.pools.pig': must be an int in 0..10, got 11",
    ),
    (
        "pool spent",
        lambda: _mutate(_idle_doc(), ["turn", "pools", "goat"], 3),
        "field 'turn.pools.goat': was spent but no goat was activated (AF-R5)",
    ),
    (
        "enemy activated",
        lambda: _mutate(_idle_doc(), ["turn", "activated"], ["P2-pig-1"]),
        "field 'turn.activated[0]': P2-pig-1 is not a distinct unit of the mover",
    ),
    (
        "active in idle",
        lambda: _mutate(_active_doc(), ["phase"], "idle"),
        "field 'turn.active': must be set exactly in the active and displace",
    ),
    (
        "inactive active",
        lambda: _mutate(_active_doc(), ["turn", "activated"], []),
        "field 'turn.active': must be one of the mover's activated units (AF-R6)",
    ),
    (
        "victim outside displace",
        lambda: _mutate(_active_doc(), ["turn", "victim"], "P2-pig-1"),
        "field 'turn.victim': must be set exactly in the displace phase",
    ),
    (
        "flags idle",
        lambda: _mutate(_idle_doc(), ["turn", "attacked"], True),
        "field 'turn': attacked, picked and dropped must be false",
    ),
    (
        "flag type",
        lambda: _mutate(_active_doc(), ["turn", "picked"], 0),
        "field 'turn.picked': must be true or false, got 0",
    ),
    (
        "zones",
        lambda: _mutate(_idle_doc(), ["turn", "start_zones"], ["p1_base"]),
        "field 'turn.start_zones': must have 2 item(s), got 1",
    ),
    (
        "turn null",
        lambda: _mutate(_idle_doc(), ["turn"], None),
        "field 'turn': must be a JSON object, got None",
    ),
    (
        "ply high",
        lambda: _mutate(_idle_doc(), ["ply"], 200),
        "field 'ply': 200 reached max_plies 200: the game would be over (AF-R24)",
    ),
    (
        "ply negative",
        lambda: _mutate(_idle_doc(), ["ply"], -1),
        "field 'ply': must be an int in 0..200, got -1",
    ),
    (
        "no progress",
        lambda: _mutate(_idle_doc(), ["no_progress"], 5),
        "field 'no_progress': must be an int in 0..0, got 5",
    ),
    (
        "early result",
        lambda: _mutate(_idle_doc(), ["result"], "P1"),
        "field 'result': must be null until the game is over",
    ),
    (
        "false win",
        lambda: _mutate(_mutate(_idle_doc(), ["phase"], "over"), ["result"], "P1"),
        "field 'result': P1 but that player does not have both feed piles in its base (AF-R23)",
    ),
    (
        "early draw",
        lambda: _mutate(_mutate(_idle_doc(), ["phase"], "over"), ["result"], "draw"),
        "field 'result': draw before the ply limit or the no-progress limit (AF-R24)",
    ),
    (
        "toss when seat fixed",
        lambda: {**_idle_doc(), "phase": "coin_toss"},
        "field 'phase': no coin toss",
    ),
    (
        "setup step",
        lambda: {**game().new_initial_state().to_json(), "setup_step": 3},
        "field 'units.P1[0]': P1-pig-1 must be on the board",
    ),
]


@pytest.mark.parametrize("name, make, message", BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS])
def test_malformed_positions_are_rejected_with_a_clear_message(name, make, message):
    with pytest.raises(InvalidPositionError, match=re.escape(message)):
        game().state_from_json(make())


def test_no_setup_phase_with_the_default_setup():
    """AF-R4: with setup_mode = default nobody places pieces."""
    the_game = game(setup_mode="default")
    doc = game().new_initial_state().to_json()
    doc["params"] = the_game.describe()["params"]
    with pytest.raises(InvalidPositionError, match="field 'phase': no setup phase"):
        the_game.state_from_json(doc)


def test_stuck_active_unit_is_rejected():
    """AF-R10: a position where the active unit stands on a friend with no points is unplayable."""
    state = play(build(p1={PIG1: (4, 2), GOAT1: (4, 3)}), select(PIG1), N)
    doc = state.to_json()
    doc["turn"]["pools"]["pig"] = 0
    with pytest.raises(
        InvalidPositionError, match="field 'turn.active': P1-pig-1 has no legal action"
    ):
        game().state_from_json(doc)


def test_displaced_victim_must_be_attackable():
    state = play(build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)}), select(PIG1), N)
    doc = state.to_json()
    doc["turn"]["attacked"] = False
    with pytest.raises(
        InvalidPositionError,
        match="field 'turn.attacked': the displace phase follows an attack: attacked must be true",
    ):
        game().state_from_json(doc)


def test_observation_is_a_position():
    state = build()
    assert game().state_from_json(state.observation(0)).to_json() == state.to_json()


# --- parameters -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"board_size": 10}, "unknown parameter 'board_size'"),
        ({"layout": "hex"}, "must be one of"),
        ({"setup_mode": "random"}, "must be one of"),
        ({"first_player": "2"}, "must be one of"),
        ({"max_plies": 0}, ">= 1"),
        ({"pig_points": -1}, ">= 0"),
        ({"players": 3}, "for 2–2 players"),
    ],
)
def test_bad_params_raise(kwargs, message):
    with pytest.raises(InvalidParamError, match=message):
        load_game("animal_farm", **kwargs)


def test_info_numbers():
    info = load_game("animal_farm").info
    assert info.num_players == 2
    assert info.num_distinct_actions == 124  # spec 9.1: 16 + 9 x 12
    assert info.max_chance_outcomes == 2
    assert (info.min_utility, info.max_utility) == (-1.0, 1.0)
    # 1 toss + 16 setup placements + 200 turns of at most 74 actions (9.3).
    assert info.max_game_length == 1 + 16 + 200 * 74
    assert load_game("animal_farm", layout="compact").info.num_distinct_actions == 116


# --- views and clones -----------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["toss", "setup", "idle", "active", "displace", "over"])
def test_AF_R25_observations_show_everything_to_everyone(phase):
    state = phase_samples()[phase]
    views = [state.observation(seat) for seat in (None, 0, 1)]
    for view in views:
        assert json.loads(json.dumps(view)) == view
        body = {k: v for k, v in view.items() if k not in VIEW_KEYS}
        assert body == state.to_json()
    with pytest.raises(ValueError):
        state.observation(2)


def test_observation_names_the_viewer():
    state = build()
    assert state.observation(0)["you"] == "P1"
    assert state.observation(1)["you"] == "P2"
    assert state.observation(None)["you"] is None


def test_clone_is_independent():
    state = play(build(p1={PIG1: (4, 6)}, f2=(4, 7)), select(PIG1), N)
    copy_ = state.clone()
    before = copy_.to_json()
    play(state, 7, N, STOP)  # PICK_UP(F2)
    assert copy_.to_json() == before
    play(copy_, STOP)
    assert state.to_json()["units"]["P1"][0] == [4, 8]
    assert copy_.to_json()["units"]["P1"][0] == [4, 7]


def test_sample_consistent_is_a_copy_for_open_information():
    state = build()
    sampled = state.sample_consistent(0, Rng(1))
    assert sampled is not state and sampled.to_json() == state.to_json()
