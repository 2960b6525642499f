"""The ``display`` block of observations (``position.observation``): public facts for boards.

Its ``reach`` lists must agree exactly with the engine: every listed path is legal step by step
and ends where it says (AF-R7 … AF-R12), and every square the engine lets the unit end on (or
attack) within its points is listed. That is checked against a search over the engine's own
legal actions, on hand-built positions from the spec's vectors and on random positions.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from af_helpers import E, N, build, game, play, select, target

from farmstead.core.rng import Rng, derive_seed
from farmstead.games.animal_farm.actions import STEP_N, STOP
from farmstead.games.animal_farm.game import AnimalFarmState
from farmstead.games.animal_farm.layout import ACTIVE, DISPLACE, IDLE, SETUP

PIG1, PIG2, PIG3, GOAT1, GOAT2, GOAT3, HORSE = range(7)
DIRS = "NESW"


def facts(state: AnimalFarmState) -> dict[str, Any]:
    """The ``display`` block of the observation of the seat to move."""
    return dict(state.observation(state.current_player())["display"])


def engine_reach(state: AnimalFarmState, name: str) -> dict[tuple[int, int], str | None]:
    """Squares ``name`` can end a path on, by searching the engine's legal actions: square ->
    the attacked unit's name (None for a plain move)."""
    cfg = state.cfg
    unit = cfg.unit_by_name(name)
    start = state.clone()
    if start.phase == ACTIVE and start.active != unit:
        start.apply_action(STOP)
    if start.phase == IDLE:
        start.apply_action(select(unit % cfg.num_slots))
    found: dict[tuple[int, int], str | None] = {}
    seen = {start.pos[unit]}
    frontier = [start]
    while frontier:
        following = []
        for s in frontier:
            for action in s.legal_actions():
                if not STEP_N <= action <= STEP_N + 3:
                    continue
                after = s.clone()
                after.apply_action(action)
                cell = after.pos[unit]
                if after.phase == DISPLACE:
                    found.setdefault(cfg.xy(cell), cfg.unit_name(after.victim))
                    continue
                if cell in seen:
                    continue
                seen.add(cell)
                if STOP in after.legal_actions():
                    found[cfg.xy(cell)] = None
                following.append(after)
        frontier = following
    found.pop(cfg.xy(start.pos[unit]), None)  # staying put is not a move
    return found


def check_reach(state: AnimalFarmState) -> int:
    """Every listed move replays legally and the lists match the engine; returns moves seen."""
    block = facts(state)
    cfg = state.cfg
    total = 0
    for name, entry in block["reach"].items():
        unit = cfg.unit_by_name(name)
        assert entry["points"] == state.pools[cfg.unit_kind[unit]]
        listed = {tuple(m["to"]): m["attack"] for m in entry["moves"]}
        assert len(listed) == len(entry["moves"]), f"{name}: a square listed twice"
        assert listed == engine_reach(state, name), name
        for move in entry["moves"]:
            s = state.clone()
            if s.phase == ACTIVE and s.active != unit:
                s.apply_action(STOP)
            if s.phase == IDLE:
                s.apply_action(select(unit % cfg.num_slots))
            assert len(move["path"]) <= entry["points"]
            for letter in move["path"]:
                s.apply_action(STEP_N + DIRS.index(letter))  # raises if illegal
            assert list(cfg.xy(s.pos[unit])) == move["to"]
            if move["attack"]:
                assert s.phase == DISPLACE and cfg.unit_name(s.victim) == move["attack"]
            else:
                assert STOP in s.legal_actions()
            total += 1
    return total


def test_AF_TV_15_reach_passes_friends_but_never_stops_on_them():
    """AF-TV-15 / AF-R9, AF-R10: a pig passes a friendly goat; the goat's square is not a
    destination; with 1 point left the friend's square cannot be entered at all."""
    state = build(p1={PIG1: (4, 2), GOAT1: (4, 3)})
    moves = {tuple(m["to"]): m for m in facts(state)["reach"]["P1-pig-1"]["moves"]}
    assert (4, 3) not in moves
    assert moves[(4, 4)]["path"] == "NN"
    check_reach(state)
    low = build(
        p1={PIG1: (4, 2), GOAT1: (4, 3)},
        pools={"pig": 1, "goat": 8, "horse": 8},
        activated=["P1-pig-2"],
    )
    low_moves = {tuple(m["to"]) for m in facts(low)["reach"]["P1-pig-1"]["moves"]}
    assert (4, 4) not in low_moves and (4, 3) not in low_moves
    check_reach(low)


def test_AF_TV_08_reach_marks_only_chart_attacks():
    """AF-TV-08 / AF-R12: a pig cannot attack (or pass) a horse; a goat attacks a pig in its
    base; a horse cannot leave the neutral zone to attack."""
    state = build(p1={PIG1: (2, 5), GOAT1: (1, 3), HORSE: (0, 4)}, p2={PIG1: (0, 3), HORSE: (2, 6)})
    reach = facts(state)["reach"]
    pig_targets = {m["attack"] for m in reach["P1-pig-1"]["moves"]}
    assert "P2-horse" not in pig_targets
    goat = {tuple(m["to"]): m["attack"] for m in reach["P1-goat-1"]["moves"]}
    assert goat[(0, 3)] == "P2-pig-1"
    horse = {tuple(m["to"]): m["attack"] for m in reach["P1-horse"]["moves"]}
    assert (0, 3) not in horse and horse[(2, 6)] == "P2-horse"
    check_reach(state)


def test_AF_R8_horse_reach_stays_in_the_neutral_zone():
    state = build(p1={HORSE: (4, 4)})
    entry = facts(state)["reach"]["P1-horse"]
    assert entry["points"] == 8
    assert all(4 <= m["to"][1] <= 7 for m in entry["moves"])
    assert len(entry["moves"]) > 20
    check_reach(state)


def test_AF_R5_AF_R6_reach_uses_the_points_left_and_skips_moved_units():
    """AF-TV-16: the shared pool shrinks as a pig moves; a stopped unit has no entry; while a
    unit is active the others are listed as if it stopped."""
    state = play(build(p1={PIG1: (4, 3)}), select(PIG1), N, N, N)
    reach = facts(state)["reach"]
    assert reach["P1-pig-1"]["points"] == 7
    assert reach["P1-pig-2"]["points"] == 7
    assert all(len(m["path"]) <= 7 for m in reach["P1-pig-2"]["moves"])
    check_reach(state)
    play(state, STOP)
    reach = facts(state)["reach"]
    assert "P1-pig-1" not in reach and "P1-goat-1" in reach
    check_reach(state)


def test_AF_R13_no_moves_after_an_attack_and_none_while_displacing():
    state = play(build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)}), select(PIG1), N)
    assert facts(state)["reach"] == {}  # Displace: the attacker chooses a square
    play(state, target(0, 11))
    reach = facts(state)["reach"]
    assert reach["P1-pig-1"]["moves"] == []
    check_reach(state)


def test_reach_of_a_unit_passing_a_friend_lists_only_itself():
    """AF-R9: the active pig stands on its goat's square, so it cannot stop and no other unit
    can be chosen yet."""
    state = play(build(p1={PIG1: (4, 2), GOAT1: (4, 3)}), select(PIG1), N)
    reach = facts(state)["reach"]
    assert list(reach) == ["P1-pig-1"]
    check_reach(state)


@pytest.mark.parametrize("params", [{}, {"layout": "compact", "setup_mode": "default"}])
def test_reach_matches_the_engine_on_random_positions(params):
    the_game = game(**params)
    checked = 0
    for i in range(4):
        rng = Rng(derive_seed(7, i))
        state = the_game.new_initial_state()
        for _ in range(400):
            if state.is_terminal():
                break
            if state.phase in (IDLE, ACTIVE) and rng.random() < 0.08:
                checked += check_reach(state)
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 5000


def test_AF_R2_placing_names_the_next_piece_and_a_legal_default_square():
    """AF-R2 setup order, AF-R4 default squares as suggestions."""
    state = game().new_initial_state()
    seen = []
    while state.phase == SETUP:
        placing = facts(state)["placing"]
        seen.append((placing["player"], placing["piece"], placing["unit"]))
        assert placing["suggested"] is not None
        x, y = placing["suggested"]
        action = state.cfg.actions.target(state.cfg.cell(x, y))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert seen[0] == ("P1", "feed_pile", None)
    assert seen[1] == ("P1", "pig", "P1-pig-1")
    assert seen[8] == ("P2", "feed_pile", None)
    assert seen[-1] == ("P2", "horse", "P2-horse")
    assert facts(state)["placing"] is None
    # Placed as the layout's default setup, the position is the default one (AF-R4).
    default = game(setup_mode="default").new_initial_state()
    assert state.to_json()["units"] == default.to_json()["units"]


def test_no_suggestion_when_the_default_square_is_taken():
    state = game().new_initial_state()
    pig2_default = state.cfg.xy(state.cfg.default_units[PIG2])
    play(state, target(4, 0), target(*pig2_default))  # feed pile, then pig 1 on pig 2's square
    placing = facts(state)["placing"]
    assert placing["unit"] == "P1-pig-2" and placing["suggested"] is None


def test_AF_R25_display_is_public_and_move_lists_go_to_the_mover_only():
    """Everything in the block is public; the move lists are sent only in the view of the
    seat to move (spectators and the waiting seat get an empty ``reach``)."""
    state = play(build(p1={PIG1: (4, 3)}), select(PIG1), N, E)
    views = {seat: state.observation(seat)["display"] for seat in (None, 0, 1)}
    assert state.current_player() == 0
    assert views[0]["reach"] and views[1]["reach"] == {} and views[None]["reach"] == {}
    for view in views.values():
        assert json.loads(json.dumps(view)) == view
        assert {k: v for k, v in view.items() if k != "reach"} == {
            k: v for k, v in views[0].items() if k != "reach"
        }
    board = views[0]["board"]
    assert board == {
        "width": 9,
        "height": 12,
        "zones": {"p1_base": [0, 3], "neutral": [4, 7], "p2_base": [8, 11]},
    }
    assert views[0]["slots"] == ["pig"] * 3 + ["goat"] * 3 + ["horse"]
    assert views[0]["names"]["P2"][6] == "P2-horse"
    assert views[0]["pool_size"] == {"pig": 10, "goat": 8, "horse": 8}
    assert views[0]["max_plies"] == 200


def test_compact_layout_board_comes_from_the_data_file():
    """The board facts follow board.toml's layout (spec 3.5 alternative), not constants."""
    state = game(layout="compact", setup_mode="default").new_initial_state()
    board = facts(state)["board"]
    assert board == {
        "width": 10,
        "height": 10,
        "zones": {"p1_base": [0, 2], "neutral": [3, 6], "p2_base": [7, 9]},
    }
