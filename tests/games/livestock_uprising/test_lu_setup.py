"""Setup (rules/livestock_uprising.md §4, LU-R6 … LU-R20) driven through the engine's own
setup: faction choice, the Command card deal, the first player, tile draws and barns."""

from __future__ import annotations

from fractions import Fraction

import pytest
from lu_helpers import (
    CAT,
    COPIES,
    FACTIONS,
    TOKEN_SUPPLY,
    act,
    game,
    legal_json,
    loaded_game,
    phase,
)

from farmstead.core.errors import InvalidParamError
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng

SIDE = {2: 5, 3: 7, 4: 8}
START = {2: 3, 3: 3, 4: 4}
KEPT = {2: 23, 3: 46, 4: 60}
# §2.9: tiles per type with back 2, 3, 4.
MIX = {
    "grass": (5, 5, 4),
    "hay": (4, 4, 2),
    "corn": (3, 3, 2),
    "carrot": (3, 2, 1),
    "apple": (2, 1, 1),
    "empty": (2, 3, 1),
    "forest": (2, 2, 2),
    "lake": (2, 3, 1),
}


def _setup_until(state, stop, rng=None):
    """Apply outcomes and choices (random with ``rng``, else the first) until ``phase == stop``."""
    while phase(state) != stop:
        legal = state.legal_actions()
        state.apply_action(rng.choice(legal) if rng else legal[0])
    return state


def _full_setup(players, seed, **params):
    rng = Rng(seed)
    s = load_game("livestock_uprising", players, **params).new_initial_state()
    return _setup_until(s, "action", rng)


# --- LU-R6: player count ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lu_r6_two_to_four_players(players):
    """LU-R6: the game takes 2-4 players."""
    assert load_game("livestock_uprising", players).num_players == players


@pytest.mark.parametrize("players", [1, 5])
def test_lu_r6_one_or_five_players_refused(players):
    """LU-R6: 1 or 5 players are refused."""
    with pytest.raises(InvalidParamError):
        load_game("livestock_uprising", players)


# --- LU-R7 … LU-R10: factions, starting material, supplies, the deal ----------------------------


def test_lu_r7_factions_chosen_in_seat_order_unused_only():
    """LU-R7: in seat order, each player picks an unused faction."""
    s = loaded_game(3, factions="choose").new_initial_state()
    assert phase(s) == "choose_faction"
    assert s.current_player() == 0
    assert {a["faction"] for a in legal_json(s)} == set(FACTIONS)
    act(s, "FACTION", faction="GO")
    assert s.current_player() == 1
    assert {a["faction"] for a in legal_json(s)} == {"CH", "CO", "PI"}
    act(s, "FACTION", faction="CH")
    assert s.current_player() == 2
    assert {a["faction"] for a in legal_json(s)} == {"CO", "PI"}
    act(s, "FACTION", faction="PI")
    assert s.to_json()["factions"] == ["GO", "CH", "PI"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lu_r7_r8_r9_r19_starting_material(players):
    """LU-R7, LU-R8, LU-R9, LU-R19: 3 Generals per faction on its barn with 0 units, its Special
    Forces in reserve, no Super Army, 0 tokens; all 50 Troop cards and all 125 tokens in the
    supply."""
    s = _full_setup(players, 7, factions=",".join(FACTIONS[:players]))
    doc = s.to_json()
    assert doc["round"] == 1
    by_name = {p["piece"]: p for p in doc["pieces"]}
    for seat, code in enumerate(doc["factions"]):
        barn = doc["barns"][seat]
        for g in ("G1", "G2", "G3"):
            entry = by_name[f"{code}-{g}"]
            assert entry["cell"] == barn
            assert entry["units"] == []
        assert f"{code}-SA" not in by_name
        assert doc["tokens"][seat] == dict.fromkeys(TOKEN_SUPPLY, 0)
    assert doc["supply"] == TOKEN_SUPPLY
    assert sum(TOKEN_SUPPLY.values()) == 125
    assert doc["troops"] == COPIES
    assert sum(COPIES.values()) == 50
    assert set(doc["special_forces"].values()) == {"reserve"}
    assert len(doc["special_forces"]) == 12


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lu_r10_three_command_cards_each_rest_unseen(players):
    """LU-R10: each player is dealt 3 Command cards, one chance event per card, uniformly from
    the cards not dealt yet; the rest are set aside (never in a hand, never played)."""
    s = game(players).new_initial_state()
    assert phase(s) == "deal"
    dealt = 0
    while phase(s) == "deal":
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 18 - dealt
        assert all(
            Fraction(p).limit_denominator(100) == Fraction(1, 18 - dealt) for _, p in outcomes
        )
        s.apply_action(outcomes[-1][0])
        dealt += 1
    assert dealt == 3 * players
    doc = s.to_json()
    assert [len(h) for h in doc["hands"]] == [3] * players
    assert doc["hand_sizes"] == [3] * players
    cards = [c for h in doc["hands"] for c in h]
    assert len(set(cards)) == 3 * players
    assert all(c.startswith("CC") for c in cards)
    assert doc["played"] == []
    assert doc["plans"] == [None] * players


# --- LU-R11: the first player ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lu_r11_first_player_is_a_uniform_chance_event_before_the_barns(players):
    """LU-R11, LU-R4: the first player is a chance event, uniform over the seats, decided
    before any tile is drawn or barn placed."""
    s = load_game("livestock_uprising", players).new_initial_state()
    s = _setup_until(s, "first_player")
    doc = s.to_json()
    assert doc["barns"] == [None] * players
    assert all(t is None for row in doc["tiles"] for t in row)
    outcomes = s.chance_outcomes()
    assert sorted(o for o, _ in outcomes) == list(range(players))
    assert all(abs(p - 1 / players) < 1e-12 for _, p in outcomes)
    assert {a["seat"] for a in legal_json(s)} == set(range(players))


def test_lu_r11_turn_order_runs_from_the_first_player():
    """LU-R11, LU-R17: with seat 2 first (3 players), barns are placed by seats 2, 0, 1, and
    play starts with seat 2; turns then pass 2 → 0 → 1."""
    s = loaded_game(3, factions="CH,CO,GO", first_player="2")
    state = s.new_initial_state()
    _setup_until(state, "place_barn")
    order = []
    while phase(state) == "place_barn":
        order.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert order == [2, 0, 1]
    _setup_until(state, "action")
    assert state.to_json()["active"] == 2
    assert state.to_json()["first_player"] == 2


# --- LU-R12 … LU-R18: tiles and barns ----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lu_r13_kept_tiles_per_player_count(players):
    """LU-R13, §2.9: the tiles with back number <= the player count are kept: 23, 46 or 60,
    with the PROPOSED mix per type."""
    s = _setup_until(game(players).new_initial_state(), "draw_start")
    face_down = s.to_json()["face_down"]
    expected = {t: sum(MIX[t][: players - 1]) for t in MIX}
    assert face_down == {t: k for t, k in expected.items() if k}
    assert sum(face_down.values()) == KEPT[players]
    total = sum(face_down.values())
    assert {o: p for o, p in s.chance_outcomes()} == pytest.approx(
        {CAT.tile_types.index(t): k / total for t, k in face_down.items()}
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lu_r14_r15_r16_starting_grid_filled_first_in_the_centre(players):
    """LU-R14, LU-R15, LU-R16: a square final grid of side 5, 7 or 8; the starting grid of side
    3, 3 or 4 at offset (F - S) / 2 is drawn first, before any barn is placed."""
    s = _setup_until(game(players).new_initial_state(), "place_barn")
    tiles = s.to_json()["tiles"]
    side, start = SIDE[players], START[players]
    offset = (side - start) // 2
    assert len(tiles) == side and all(len(row) == side for row in tiles)
    drawn = {(r, c) for r in range(side) for c in range(side) if tiles[r][c] is not None}
    span = range(offset, offset + start)
    assert drawn == {(r, c) for r in span for c in span}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lu_r17_barn_cells_orthogonal_to_the_starting_grid_only(players):
    """LU-R17: a barn goes outside the starting grid, orthogonally adjacent to it; corner
    contact only is illegal."""
    s = _setup_until(game(players).new_initial_state(), "place_barn")
    side, start = SIDE[players], START[players]
    lo, hi = (side - start) // 2, (side - start) // 2 + start - 1
    expected = set()
    for i in range(lo, hi + 1):
        expected |= {(lo - 1, i), (hi + 1, i), (i, lo - 1), (i, hi + 1)}
    cells = {tuple(a["cell"]) for a in legal_json(s)}
    assert cells == expected
    assert len(cells) == 4 * start
    for corner in ((lo - 1, lo - 1), (lo - 1, hi + 1), (hi + 1, lo - 1), (hi + 1, hi + 1)):
        assert corner not in cells


def test_lu_r17_barns_may_be_adjacent_to_each_other():
    """LU-R17: barns may be adjacent to each other; a taken cell is no longer offered."""
    s = _setup_until(game(2).new_initial_state(), "place_barn")
    act(s, "CELL", cell=[0, 2])
    cells = {tuple(a["cell"]) for a in legal_json(s)}
    assert (0, 2) not in cells
    assert {(0, 1), (0, 3)} <= cells


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_lu_r12_r18_r19_board_complete_after_setup(players, seed):
    """LU-R12, LU-R18, LU-R19: after setup every cell holds a tile, exactly one barn per player
    (unused barns left the game), the kept pool is used up exactly, and every General stands on
    its faction's barn."""
    s = _full_setup(players, seed, factions="choose")
    doc = s.to_json()
    tiles = doc["tiles"]
    side = SIDE[players]
    assert all(t is not None for row in tiles for t in row)
    barn_cells = {(r, c) for r in range(side) for c in range(side) if tiles[r][c] == "barn"}
    assert barn_cells == {tuple(b) for b in doc["barns"]}
    assert len(barn_cells) == players
    assert doc["face_down"] == {}
    counts: dict[str, int] = {}
    for row in tiles:
        for t in row:
            if t != "barn":
                counts[t] = counts.get(t, 0) + 1
    assert counts == {t: sum(MIX[t][: players - 1]) for t in MIX if sum(MIX[t][: players - 1])}
    for entry in doc["pieces"]:
        seat = doc["factions"].index(entry["piece"][:2])
        assert entry["cell"] == doc["barns"][seat]


def test_lu_r18_fill_draws_each_remaining_cell_once():
    """LU-R18: every remaining cell of the final grid is filled from the kept pool; each draw
    fills a new cell and the pool shrinks by one."""
    s = _setup_until(game(2).new_initial_state(), "draw_fill")
    while phase(s) == "draw_fill":
        before = s.to_json()
        empty = sum(t is None for row in before["tiles"] for t in row)
        assert sum(before["face_down"].values()) == empty
        s.apply_action(s.legal_actions()[0])
    assert phase(s) == "action"
