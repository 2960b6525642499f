"""Public facts derived from an Animal Farm position, for displays such as the browser board.

``display_facts(state, seat)`` is added to every observation under the key ``display``. It holds
nothing a player could not work out from the position itself (AF-R25: all state is open), only
in a form a board can draw without knowing the rules::

    board        {"width", "height", "zones": {"p1_base": [first, last], "neutral": [...],
                  "p2_base": [...]}}  (rows, inclusive)
    slots        the kind of each unit slot, e.g. ["pig", "pig", "pig", "goat", ...]
    names        {"P1": [unit name per slot], "P2": [...]}
    pool_size    {"pig": n, "goat": n, "horse": n}: points per turn (AF-R5)
    max_plies    the draw limit (AF-R24)
    placing      during the setup: {"player", "piece" ("feed_pile" or a kind), "unit" (name or
                 null for the pile), "suggested": [x, y] or null (the layout's default square,
                 when it is free)}; otherwise null (AF-R2, AF-R4)
    reach        for the seat to move, in the Idle and Active phases: for each of its units that
                 can still act, {"points": points of its kind's pool, "moves": [{"to": [x, y],
                 "path": "NNE", "attack": enemy unit name or null}, ...]}; otherwise {} (other
                 viewers need no move lists, and views stay small while a bot moves)

A move's ``path`` is a shortest sequence of ``STEP`` directions (N, E, S, W) from the unit's
square; played one step at a time after ``SELECT`` it is legal at every step (AF-R7 … AF-R12)
and ends on ``to``, either on a square without a unit (where ``STOP`` is legal) or as the attack
on the enemy unit named by ``attack``. Squares are listed once, in breadth-first order. During
the Active phase the active unit's moves use the points left; the mover's other unactivated
units are listed as if the active unit stopped where it stands (only when ``STOP`` is legal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from farmstead.games.animal_farm.actions import DIRECTIONS
from farmstead.games.animal_farm.config import (
    ACTIVE,
    FEED,
    IDLE,
    KIND_NAMES,
    PLAYER_NAMES,
    SETUP,
    ZONE_NAMES,
)

if TYPE_CHECKING:
    from farmstead.games.animal_farm.rules import AnimalFarmState


def display_facts(state: AnimalFarmState, seat: int | None) -> dict[str, Any]:
    """The ``display`` block of ``seat``'s observation (see the module docstring)."""
    cfg = state.cfg
    (p1_lo, p1_hi), (p2_lo, p2_hi) = cfg.base_rows
    return {
        "board": {
            "width": cfg.width,
            "height": cfg.height,
            "zones": {
                ZONE_NAMES[0]: [p1_lo, p1_hi],
                ZONE_NAMES[1]: [p1_hi + 1, p2_lo - 1],
                ZONE_NAMES[2]: [p2_lo, p2_hi],
            },
        },
        "slots": [KIND_NAMES[k] for k in cfg.slot_kind],
        "names": {
            name: [cfg.unit_name(p * cfg.num_slots + s) for s in range(cfg.num_slots)]
            for p, name in enumerate(PLAYER_NAMES)
        },
        "pool_size": {KIND_NAMES[k]: cfg.pool_size[k] for k in range(3)},
        "max_plies": cfg.max_plies,
        "placing": _placing(state),
        "reach": _reach(state) if seat is not None and seat == state.current_player() else {},
    }


def _placing(state: AnimalFarmState) -> dict[str, Any] | None:
    """The piece the setup places next and the layout's default square for it (AF-R2, AF-R4)."""
    if state.phase != SETUP:
        return None
    cfg = state.cfg
    player, piece = cfg.setup_sequence[state.setup_step]
    if piece == FEED:
        cell = cfg.default_piles[player]
        return {
            "player": PLAYER_NAMES[player],
            "piece": "feed_pile",
            "unit": None,
            "suggested": list(cfg.xy(cell)),
        }
    unit = player * cfg.num_slots + piece
    cell = cfg.default_units[unit]
    free = state.board[cell] < 0
    return {
        "player": PLAYER_NAMES[player],
        "piece": KIND_NAMES[cfg.slot_kind[piece]],
        "unit": cfg.unit_name(unit),
        "suggested": list(cfg.xy(cell)) if free else None,
    }


def _reach(state: AnimalFarmState) -> dict[str, Any]:
    """Moves of every unit of the mover that may still move this turn."""
    phase = state.phase
    if phase not in (IDLE, ACTIVE):
        return {}
    cfg = state.cfg
    board = state.board
    out: dict[str, Any] = {}
    active = state.active
    if phase == ACTIVE:
        name = cfg.unit_name(active)
        kind = cfg.unit_kind[active]
        moves = [] if state.attacked else unit_moves(state, active, state.pools[kind], board)
        out[name] = {"points": state.pools[kind], "moves": moves}
        if board[state.pos[active]] >= 0:
            return out  # the active unit cannot stop here, so no other unit can be chosen yet
        board = board[:]
        board[state.pos[active]] = active
    n = cfg.num_slots
    for slot in range(n):
        unit = state.mover * n + slot
        if unit == active or state.activated >> slot & 1:
            continue
        points = state.pools[cfg.unit_kind[unit]]
        out[cfg.unit_name(unit)] = {
            "points": points,
            "moves": unit_moves(state, unit, points, board),
        }
    return out


def unit_moves(
    state: AnimalFarmState, unit: int, points: int, board: list[int]
) -> list[dict[str, Any]]:
    """Every square ``unit`` can end a path on with ``points`` steps, and every enemy it can
    attack, each with a shortest legal path (see the module docstring). ``board`` holds the
    resting units; ``unit`` itself is ignored on it."""
    cfg = state.cfg
    start = state.pos[unit]
    neighbours = cfg.neighbours
    allowed = cfg.unit_allowed[unit]
    owner_of = cfg.unit_owner
    kind_of = cfg.unit_kind
    owner = owner_of[unit]
    attacks = cfg.can_attack[kind_of[unit]]
    paths = {start: ""}
    moves: list[dict[str, Any]] = []
    attacked: set[int] = set()
    frontier = [start]
    # Breadth-first: a friend's square is passed (AF-R9); an enemy square ends the path as an
    # attack when the chart allows it (AF-R11, AF-R12) and blocks otherwise; zones and the
    # board's edge limit every step (AF-R7, AF-R8).
    for _ in range(points):
        reached: list[int] = []
        for c in frontier:
            path = paths[c]
            for d in range(4):
                t = neighbours[4 * c + d]
                if t < 0 or not allowed[t] or t in paths:
                    continue
                occupant = board[t]
                if occupant == unit:
                    occupant = -1
                if occupant >= 0 and owner_of[occupant] != owner:
                    if attacks[kind_of[occupant]] and t not in attacked:
                        attacked.add(t)
                        moves.append(
                            {
                                "to": list(cfg.xy(t)),
                                "path": path + DIRECTIONS[d],
                                "attack": cfg.unit_name(occupant),
                            }
                        )
                    continue
                paths[t] = path + DIRECTIONS[d]
                reached.append(t)
                if occupant < 0:
                    moves.append({"to": list(cfg.xy(t)), "path": paths[t], "attack": None})
        if not reached:
            break
        frontier = reached
    return moves
