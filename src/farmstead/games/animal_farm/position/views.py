"""Writing Animal Farm positions as JSON: ``to_json`` and ``observation``.

A position is the game header (``game``, ``players``, ``params``) and::

    phase          "coin_toss" | "setup" | "idle" | "active" | "displace" | "over"
    player1_seat   0 or 1; null before the coin toss (AF-R1)
    setup_step     pieces placed so far in the setup sequence (AF-R2)
    units          {"P1": [[x, y] | null, ...], "P2": [...]}, one entry per slot
                   (pigs, goats, horse); null = not placed yet
    piles          {"F1": {"at": [x, y]} | {"carried_by": "P2-pig-1"} | null, "F2": ...}
    turn           null during the toss and setup; else {"mover": "P1" | "P2",
                   "pools": {"pig": n, "goat": n, "horse": n}, "activated": [unit, ...],
                   "active": unit | null, "attacked": bool, "victim": unit | null,
                   "picked": bool, "dropped": bool, "start_zones": [zone of F1, zone of F2]}
    ply            turns completed (setup excluded), no_progress: see AF-R24
    result         null | "P1" | "P2" | "draw"

An observation (``observation``) is the position plus ``seat``, ``you`` and ``display`` (see
``observation``); it is also a position: ``state_from_json`` ignores those keys.
"""

from __future__ import annotations

from typing import Any

from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import (
    DIRECTIONS,
    FEED,
    KIND_NAMES,
    PHASE_NAMES,
    PILE_NAMES,
    PLAYER_NAMES,
    RESULT_NAMES,
    SETUP,
    TOSS,
    ZONE_NAMES,
)
from farmstead.games.animal_farm.rules import AnimalFarmRules, Move


# --- writing --------------------------------------------------------------------------------
def to_json(state: AnimalFarmRules) -> dict[str, Any]:
    """The full position of ``state`` as JSON-safe data (see the module docstring)."""
    cfg = state.cfg
    n = cfg.num_slots

    def xy(cell: int) -> list[int] | None:
        return None if cell < 0 else [cell % cfg.width, cell // cfg.width]

    piles: dict[str, Any] = {}
    for k, name in enumerate(PILE_NAMES):
        carrier = state.pile_carrier[k]
        if carrier >= 0:
            piles[name] = {"carried_by": cfg.unit_name(carrier)}
        elif state.pile_cell[k] >= 0:
            piles[name] = {"at": xy(state.pile_cell[k])}
        else:
            piles[name] = None
    turn: dict[str, Any] | None = None
    if state.phase not in (TOSS, SETUP):
        turn = {
            "mover": PLAYER_NAMES[state.mover],
            "pools": {KIND_NAMES[k]: state.pools[k] for k in range(3)},
            "activated": [
                cfg.unit_name(state.mover * n + s) for s in range(n) if state.activated >> s & 1
            ],
            "active": cfg.unit_name(state.active) if state.active >= 0 else None,
            "attacked": state.attacked,
            "victim": cfg.unit_name(state.victim) if state.victim >= 0 else None,
            "picked": state.picked,
            "dropped": state.dropped,
            "start_zones": [ZONE_NAMES[state.start_zones // 3], ZONE_NAMES[state.start_zones % 3]],
        }
    doc = state.game.describe()
    doc.update(
        {
            "phase": PHASE_NAMES[state.phase],
            "player1_seat": state.p1_seat if state.p1_seat >= 0 else None,
            "setup_step": state.setup_step,
            "units": {
                PLAYER_NAMES[p]: [xy(state.pos[p * n + s]) for s in range(n)] for p in range(2)
            },
            "piles": piles,
            "turn": turn,
            "ply": state.ply,
            "no_progress": state.no_progress,
            "result": RESULT_NAMES[state.result] if state.result >= 0 else None,
        }
    )
    return doc


def observation(state: AnimalFarmRules, seat: int | None, derived: bool = True) -> dict[str, Any]:
    """What ``seat`` (checked by the caller; ``None``: a spectator) sees. ``derived=False``
    leaves out ``display.reach`` (which follows from the position) for fast encoders.

    Public (AF-R25, spec section 8 "What each player may see": all state is open): the whole
    position (``to_json``), plus ``seat``, ``you`` (the viewer's player name, null for a
    spectator or before the coin toss) and ``display``, facts derived from the position for
    boards that draw without knowing the rules. Private: nothing; only the seat to move gets
    its move lists (``display.reach``), which are as public as the position they follow from.

    ``display``::

        board        {"width", "height", "zones": {"p1_base": [first, last], "neutral": [...],
                      "p2_base": [...]}}  (rows, inclusive)
        slots        the kind of each unit slot, e.g. ["pig", "pig", "pig", "goat", ...]
        names        {"P1": [unit name per slot], "P2": [...]}
        pool_size    {"pig": n, "goat": n, "horse": n}: points per turn (AF-R5)
        max_plies    the draw limit (AF-R24)
        placing      during the setup: {"player", "piece" ("feed_pile" or a kind), "unit" (name
                     or null for the pile), "suggested": [x, y] or null (the layout's default
                     square, when it is free)}; otherwise null (AF-R2, AF-R4)
        reach        for the seat to move, in the Idle and Active phases: for each of its units
                     that can still act, {"points": points of its kind's pool, "moves": [{"to":
                     [x, y], "path": "NNE", "attack": enemy unit name or null}, ...]};
                     otherwise {} (other viewers need no move lists, and views stay small
                     while a bot moves)

    A move's ``path`` is a shortest sequence of ``STEP`` directions (N, E, S, W) from the unit's
    square; played one step at a time after ``SELECT`` it is legal at every step (AF-R7 …
    AF-R12) and ends on ``to``, either on a square without a unit (where ``STOP`` is legal) or
    as the attack on the enemy unit named by ``attack``. Squares are listed once, in
    breadth-first order. During the Active phase the active unit's moves use the points left;
    the mover's other unactivated units are listed as if the active unit stopped where it
    stands (only when ``STOP`` is legal) (``AnimalFarmRules.mover_reach``).
    """
    doc = to_json(state)
    doc["seat"] = seat
    doc["you"] = None if seat is None or state.p1_seat < 0 else PLAYER_NAMES[state.player_of(seat)]
    doc["display"] = _display(state, seat if derived else None)
    return doc


def _display(state: AnimalFarmRules, seat: int | None) -> dict[str, Any]:
    """The ``display`` block of ``seat``'s observation (see ``observation``)."""
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


def _placing(state: AnimalFarmRules) -> dict[str, Any] | None:
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


def _reach(state: AnimalFarmRules) -> dict[str, Any]:
    """The moves of every unit of the mover that may still move this turn."""
    cfg = state.cfg
    return {
        cfg.unit_name(unit): {"points": points, "moves": [_move(cfg, m) for m in moves]}
        for unit, points, moves in state.mover_reach()
    }


def _move(cfg: AnimalFarmConfig, move: Move) -> dict[str, Any]:
    cell, path, victim = move
    return {
        "to": list(cfg.xy(cell)),
        "path": "".join(DIRECTIONS[d] for d in path),
        "attack": cfg.unit_name(victim) if victim >= 0 else None,
    }
