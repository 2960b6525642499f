"""Building Animal Farm positions for tests (rules/animal_farm.md section 10).

Test vectors list only the pieces that matter; every other unit is parked on squares away from
all the vectors' paths and targets: Player 1's in the right-hand corner of its base, Player 2's
in the left-hand corner of its base, the horses at the neutral zone's edges.
"""

from __future__ import annotations

from typing import Any

from farmstead.core.registry import load_game
from farmstead.games.animal_farm.actions import SELECT_BASE, STEP_E, STEP_N, STEP_S, STEP_W
from farmstead.games.animal_farm.game import AnimalFarmGame, AnimalFarmState

Square = tuple[int, int]

# Slots: pigs 0-2, goats 3-5, horse 6.
PARK_P1: list[Square] = [(6, 0), (7, 0), (8, 0), (6, 1), (7, 1), (8, 1), (8, 5)]
PARK_P2: list[Square] = [(0, 10), (1, 10), (2, 10), (0, 9), (1, 9), (2, 9), (0, 6)]

N, E, S, W = STEP_N, STEP_E, STEP_S, STEP_W


def game(**params: Any) -> AnimalFarmGame:
    """The game with Player 1 on seat 0 (no coin toss) unless params say otherwise."""
    params.setdefault("first_player", "0")
    loaded = load_game("animal_farm", **params)
    assert isinstance(loaded, AnimalFarmGame)
    return loaded


def select(slot: int) -> int:
    """The id of SELECT(slot)."""
    return SELECT_BASE + slot


def target(x: int, y: int) -> int:
    """The id of TARGET((x, y)) on the standard 9 x 12 board."""
    return 16 + 9 * y + x


def build(
    the_game: AnimalFarmGame | None = None,
    *,
    p1: dict[int, Square] | None = None,
    p2: dict[int, Square] | None = None,
    f1: Square | str = (4, 0),
    f2: Square | str = (4, 11),
    mover: str = "P1",
    pools: dict[str, int] | None = None,
    ply: int = 0,
    player1_seat: int = 0,
    activated: list[str] | None = None,
) -> AnimalFarmState:
    """An Idle position at the start of ``mover``'s turn.

    ``p1``/``p2`` map slots to squares (others parked); ``f1``/``f2`` are a square (loose) or
    the name of the carrying pig, e.g. ``"P2-pig-1"``. ``pools`` below full need ``activated``
    units of that kind (the ones that spent the points).
    """
    g = the_game or game(first_player=str(player1_seat))
    units_p1 = [list(sq) for sq in PARK_P1]
    units_p2 = [list(sq) for sq in PARK_P2]
    for slot, sq in (p1 or {}).items():
        units_p1[slot] = list(sq)
    for slot, sq in (p2 or {}).items():
        units_p2[slot] = list(sq)

    def pile(value: Square | str) -> dict[str, Any]:
        return {"carried_by": value} if isinstance(value, str) else {"at": list(value)}

    doc = g.describe()
    doc.update(
        {
            "phase": "idle",
            "player1_seat": player1_seat,
            "setup_step": 16,
            "units": {"P1": units_p1, "P2": units_p2},
            "piles": {"F1": pile(f1), "F2": pile(f2)},
            "turn": {
                "mover": mover,
                "pools": pools
                or dict(zip(("pig", "goat", "horse"), g.config.pool_size, strict=True)),
                "activated": activated or [],
                "active": None,
                "attacked": False,
                "victim": None,
                "picked": False,
                "dropped": False,
                "start_zones": ["p1_base", "p2_base"],
            },
            "ply": ply,
            "no_progress": 0,
            "result": None,
        }
    )
    state = g.state_from_json(doc)
    state.start_zones = state.pile_zones()  # the zones the piles really started the turn in
    return state


def play(state: AnimalFarmState, *actions: int) -> AnimalFarmState:
    """Apply ``actions`` in order (each must be legal) and return the state."""
    for action in actions:
        state.apply_action(action)
    return state


def xy(state: AnimalFarmState, unit: str) -> tuple[int, int]:
    """The square of the unit named ``unit`` (e.g. ``"P2-pig-1"``)."""
    u = state.cfg.unit_by_name(unit)
    return state.cfg.xy(state.pos[u])


def pile(state: AnimalFarmState, name: str) -> Any:
    """The JSON description of pile ``F1`` or ``F2``."""
    return state.to_json()["piles"][name]
