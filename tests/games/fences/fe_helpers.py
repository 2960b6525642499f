"""Building Fences positions for tests (rules/fences.md section 13).

Test vectors list only the tiles that matter. ``position`` fills in the rest of a consistent
position: unlisted hands are dealt from the unused tiles in id order, and every tile left over
goes to the supply (or to the discards, for an empty supply). Seats are named by colour:
0 Blue, 1 Yellow, 2 Orange, 3 Green; the spec's "Red" is seat 3.
"""

from __future__ import annotations

from typing import Any

from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.games.fences.game import FencesGame, FencesState

BLUE, YELLOW, ORANGE, GREEN = range(4)
RED = GREEN

Tile = tuple[str, int, int, int]  # (tile id, row, col, rotation)
Barn = tuple[int, int, int, int]  # (owner, row, col, tile-field)


def game(players: int = 4, **params: Any) -> FencesGame:
    """The game (4 players by default, so that every tile type is in play)."""
    params.setdefault("first_player", "0")
    return loaded_game(players, **params)


def loaded_game(players: int, **params: Any) -> FencesGame:
    """``load_game("fences", players, **params)``: the registry's game, its defaults kept."""
    loaded = load_game("fences", players, **params)
    assert isinstance(loaded, FencesGame)
    return loaded


def position(
    the_game: FencesGame,
    board: list[Tile],
    *,
    barns: list[Barn] | None = None,
    hands: dict[int, list[str]] | None = None,
    active: int = 0,
    phase: str = "select_tile",
    farmers: dict[int, str] | None = None,
    scores: list[int] | None = None,
    supply: dict[str, int] | None = None,
    discards: list[str] | None = None,
    revealed: dict[int, list[bool]] | None = None,
    selected: dict[str, Any] | None = None,
    fill_hands: bool = True,
) -> FencesState:
    """A position built through ``state_from_json`` (so it is validated like any other).

    ``supply`` given: exactly those tiles are in the supply and the rest are discarded;
    otherwise every unused tile is in the supply. Hands not listed are filled to full size
    while the supply has tiles (``fill_hands``), else left empty.
    """
    c = the_game.config
    n = c.num_players
    barns = barns or []
    hands = {seat: list(h) for seat, h in (hands or {}).items()}
    pool: dict[str, int] = {t.id: c.in_play[i] for i, t in enumerate(c.tiles)}

    def take(tile: str) -> None:
        if pool.get(tile, 0) <= 0:
            raise ValueError(f"no copy of {tile} left for this test position")
        pool[tile] -= 1

    for tile, *_ in board:
        take(tile)
    for h in hands.values():
        for tile in h:
            take(tile)
    for tile in discards or []:
        take(tile)
    if supply is not None:
        for tile, count in supply.items():
            for _ in range(count):
                take(tile)
    supply_empty = supply is not None and not supply
    for seat in range(n):
        if seat in hands:
            continue
        hands[seat] = []
        if fill_hands and not supply_empty:
            want = c.hand_size - (
                1 if seat == active and phase in ("build", "draw", "stuck_draw") else 0
            )
            for tile in sorted(pool):
                while pool[tile] > 0 and len(hands[seat]) < want:
                    hands[seat].append(tile)
                    pool[tile] -= 1
    leftover = [t for t, k in sorted(pool.items()) for _ in range(k)]
    if supply is None:
        supply_doc = {t: k for t, k in pool.items() if k}
        discard_list = list(discards or [])
    else:
        supply_doc = {t: k for t, k in supply.items() if k}
        discard_list = list(discards or []) + leftover
    on_board = [0] * n
    for owner, *_ in barns:
        on_board[owner] += 1
    doc = {
        **the_game.describe(),
        "phase": phase,
        "active": active,
        "first_player": 0,
        "board": [{"tile": t, "cell": [r, col], "rot": rot} for t, r, col, rot in board],
        "barns": [{"owner": o, "cell": [r, col], "field": f} for o, r, col, f in barns],
        "hands": [hands[s] for s in range(n)],
        "revealed": [(revealed or {}).get(s, [False] * len(hands[s])) for s in range(n)],
        "supply": supply_doc,
        "discards": discard_list,
        "scores": scores or [0] * n,
        "stocks": [c.barn_stock - on_board[s] for s in range(n)],
        "farmers": [
            (farmers or {}).get(s, _default_farmer(the_game, s, farmers or {})) for s in range(n)
        ],
        "selected": selected,
        "events": [],
    }
    return the_game.state_from_json(doc)


def _default_farmer(the_game: FencesGame, seat: int, chosen: dict[int, str]) -> str:
    """A card no other seat holds: the (seat)-th free card of the deck."""
    taken = set(chosen.values())
    free = [the_game.config.farmers[i].id for i in the_game.config.deck]
    free = [f for f in free if f not in taken]
    return free[seat]


def slot_of(state: FencesState, tile: str) -> int:
    """The hand slot of the active seat holding ``tile``."""
    ids = [state.tile_id(t) for t in state.hands[state.active]]
    return ids.index(tile)


def cell_action(state: FencesState, r: int, c: int) -> int:
    """The id of CELL((r, c))."""
    layout = state.cfg.layout
    return layout.cell + layout.cell_index(r, c)


def rot_action(state: FencesState, rot: int) -> int:
    return state.cfg.layout.rotate + rot


def barn_action(state: FencesState, field: int) -> int:
    return state.cfg.layout.barn + field


def pass_action(state: FencesState) -> int:
    return state.cfg.layout.pass_


def place(state: FencesState, tile: str, r: int, c: int, rot: int) -> None:
    """Play ``tile`` from the active hand at (r, c) in rotation ``rot`` (select, cell, rotate).
    Not for the game's first tile, which skips the cell choice (FE-R35)."""
    state.apply_action(slot_of(state, tile))
    assert state.phase_name() == "select_cell", state.phase_name()
    state.apply_action(cell_action(state, r, c))
    state.apply_action(rot_action(state, rot))


def draw(state: FencesState, tile: str) -> None:
    """Apply the chance outcome 'draw ``tile``'."""
    state.apply_action(state.cfg.catalog.tile_by_id[tile])


def legal_rotations(state: FencesState, tile: str, r: int, c: int) -> list[int]:
    """Rotations ``tile`` may take at (r, c) (FE-R9), from the placement list."""
    index = state.cfg.catalog.tile_by_id[tile]
    cell = state.cfg.layout.cell_index(r, c)
    for x, rots in state.placements(index):
        if x == cell:
            return list(rots)
    return []


def random_states(the_game: FencesGame, seed: int, limit: int = 1000) -> list[FencesState]:
    """Every state of one random game (clones)."""
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
