"""JSON positions of Animal Farm: ``to_json``, ``observation`` and the validating
``state_from_json``.

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

``state_from_json`` reads it with the one reader of ``core.position`` and checks every field
(types, ranges, counts, zones, occupancy, the turn's bookkeeping) and the position against the
rules (the result, a playable next decision); every error is an ``InvalidPositionError`` naming
the field.

An observation (``observation``) is the position plus ``seat``, ``you`` and ``display`` (see
``observation``); it is also a position: ``state_from_json`` ignores those keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from farmstead.core.position import ItemReader, PositionReader
from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import (
    ACTIVE,
    DIRECTIONS,
    DISPLACE,
    FEED,
    KIND_NAMES,
    NO,
    OVER,
    P1_WINS,
    P2_WINS,
    PHASE_NAMES,
    PIG,
    PILE_NAMES,
    PLAYER_NAMES,
    RESULT_NAMES,
    SETUP,
    TOSS,
    ZONE_NAMES,
)
from farmstead.games.animal_farm.rules import AnimalFarmRules, Move

S = TypeVar("S", bound=AnimalFarmRules)

HEADER_KEYS = ("game", "players", "params")
BODY_KEYS = (
    "phase",
    "player1_seat",
    "setup_step",
    "units",
    "piles",
    "turn",
    "ply",
    "no_progress",
    "result",
)
TURN_KEYS = (
    "mover",
    "pools",
    "activated",
    "active",
    "attacked",
    "victim",
    "picked",
    "dropped",
    "start_zones",
)
# Keys an observation adds; accepted and ignored so that an observation is also a position.
VIEW_KEYS = ("seat", "you", "display")


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


# --- reading --------------------------------------------------------------------------------
def _cell(cfg: AnimalFarmConfig, item: ItemReader) -> int:
    """A square ``[x, y]`` on the board."""
    item.list(2)
    return cfg.cell(item.at(0).int(0, cfg.width - 1), item.at(1).int(0, cfg.height - 1))


def _unit(cfg: AnimalFarmConfig, value: Any, fail: Any) -> int:
    """The unit named ``value``; ``fail(reason)`` when no unit has that name."""
    unit = cfg.unit_by_name(value)
    if unit < 0:
        fail(f"must name a unit such as {cfg.unit_name(0)!r}, got {value!r}")
    return unit


def _unit_field(
    cfg: AnimalFarmConfig, reader: PositionReader, key: str, *, optional: bool = False
) -> int:
    """Field ``key`` as a unit name (``NO`` when optional and null)."""
    value = reader.raw(key)
    if value is None and optional:
        return NO
    return _unit(cfg, value, lambda reason: reader.fail(reason, key))


def state_from_json(blank: S, doc: Any) -> S:
    """Fill ``blank`` (an empty state of the game) with the position ``to_json`` wrote;
    ``InvalidPositionError`` naming the field for anything malformed, out of range or
    inconsistent with the rules."""
    state = blank
    reader = state.game.position_reader(doc)
    reader.only(HEADER_KEYS + BODY_KEYS + VIEW_KEYS)
    cfg = state.cfg
    n = cfg.num_slots

    phase = reader.choice("phase", PHASE_NAMES)
    if phase == TOSS:
        if cfg.first_player >= 0:
            reader.fail("no coin toss: the first_player parameter names Player 1's seat", "phase")
        if reader.raw("player1_seat") is not None:
            reader.fail("must be null before the coin toss", "player1_seat")
        p1_seat = NO
    else:
        p1_seat = reader.int("player1_seat", 0, 1)
        if cfg.first_player >= 0 and p1_seat != cfg.first_player:
            reader.fail(f"must be {cfg.first_player} (first_player parameter)", "player1_seat")
    if phase == SETUP and not cfg.manual_setup:
        reader.fail("no setup phase with setup_mode = default (AF-R4)", "phase")
    sequence = cfg.setup_sequence
    step = reader.int("setup_step", 0, len(sequence))
    if phase == TOSS and step != 0:
        reader.fail("must be 0 before the coin toss", "setup_step")
    if phase == SETUP and step == len(sequence):
        reader.fail("counts every piece placed but the phase is still setup", "setup_step")
    if phase > SETUP and step != len(sequence):
        reader.fail(f"must be {len(sequence)} once the setup is over", "setup_step")
    placed = set(sequence[:step]) if phase <= SETUP else set(sequence)

    # Units.
    units = reader.obj("units")
    units.only(PLAYER_NAMES)
    pos = [NO] * cfg.num_units
    for p, player_name in enumerate(PLAYER_NAMES):
        for s, item in enumerate(units.items(player_name, n)):
            u = p * n + s
            name = cfg.unit_name(u)
            if item.value is None:
                if (p, s) in placed:
                    item.fail(f"{name} must be on the board")
                continue
            if (p, s) not in placed:
                item.fail(f"{name} is not placed yet at this setup step (AF-R2)")
            cell = _cell(cfg, item)
            if not cfg.unit_allowed[u][cell]:
                item.fail(f"{name} may not stand on {item.value} (AF-R8)")
            if phase == SETUP and cell not in cfg.unit_start_cells[u]:
                item.fail(f"{name} must be set up on its start squares (AF-R3)")
            pos[u] = cell

    # Piles.
    piles = reader.obj("piles")
    piles.only(PILE_NAMES)
    pile_cell = [NO, NO]
    pile_carrier = [NO, NO]
    for k, pile_name in enumerate(PILE_NAMES):
        entry = piles.raw(pile_name)
        if entry is None:
            if (k, FEED) in placed:
                piles.fail("must be on the board", pile_name)
            continue
        if (k, FEED) not in placed:
            piles.fail("is not placed yet at this setup step (AF-R2)", pile_name)
        if not isinstance(entry, Mapping) or set(entry) not in ({"at"}, {"carried_by"}):
            piles.fail('must be null, {"at": [x, y]} or {"carried_by": unit}', pile_name)
        pile = piles.obj(pile_name)
        if pile.has("at"):
            pile_cell[k] = _cell(cfg, pile.item("at"))
            if phase == SETUP and pile_cell[k] not in cfg.feed_start_cells[k]:
                pile.fail("must be set up in its owner's base (AF-R3)", "at")
        else:
            carrier = _unit_field(cfg, pile, "carried_by")
            if cfg.unit_kind[carrier] != PIG:
                pile.fail("only pigs carry feed (AF-R18)", "carried_by")
            if pos[carrier] < 0:
                pile.fail(f"{cfg.unit_name(carrier)} is not placed", "carried_by")
            pile_carrier[k] = carrier
    if pile_carrier[0] >= 0 and pile_carrier[0] == pile_carrier[1]:
        piles.fail("a pig carries at most one pile", PILE_NAMES[1])

    # The turn.
    turn: PositionReader | None = None
    mover, active, victim = 0, NO, NO
    pools = list(cfg.pool_size)
    activated = 0
    attacked = picked = dropped = False
    start_zones = 0
    if phase <= SETUP:
        if reader.raw("turn") is not None:
            reader.fail("must be null before play starts", "turn")
    else:
        turn = reader.obj("turn")
        turn.only(TURN_KEYS)
        mover = turn.choice("mover", PLAYER_NAMES)
        pool_doc = turn.obj("pools")
        pool_doc.only(KIND_NAMES)
        pools = [pool_doc.int(name, 0, cfg.pool_size[k]) for k, name in enumerate(KIND_NAMES)]
        for item in turn.items("activated"):
            u = _unit(cfg, item.value, item.fail)
            if cfg.unit_owner[u] != mover or activated >> (u % n) & 1:
                item.fail(f"{item.value} is not a distinct unit of the mover")
            activated |= 1 << (u % n)
        for k, name in enumerate(KIND_NAMES):
            if pools[k] < cfg.pool_size[k] and not any(
                activated >> s & 1 and cfg.slot_kind[s] == k for s in range(n)
            ):
                pool_doc.fail(f"was spent but no {name} was activated (AF-R5)", name)
        active = _unit_field(cfg, turn, "active", optional=True)
        if active >= 0 and (not activated >> (active % n) & 1 or cfg.unit_owner[active] != mover):
            turn.fail("must be one of the mover's activated units (AF-R6)", "active")
        if (active >= 0) != (phase in (ACTIVE, DISPLACE)):
            turn.fail("must be set exactly in the active and displace phases", "active")
        attacked = turn.bool("attacked")
        picked = turn.bool("picked")
        dropped = turn.bool("dropped")
        if active < 0 and (attacked or picked or dropped):
            turn.fail("attacked, picked and dropped must be false with no active unit")
        if (picked or dropped) and cfg.unit_kind[active] != PIG:
            turn.fail(
                "only a pig picks up or drops feed (AF-R18)", "picked" if picked else "dropped"
            )
        victim = _unit_field(cfg, turn, "victim", optional=True)
        if (victim >= 0) != (phase == DISPLACE):
            turn.fail("must be set exactly in the displace phase", "victim")
        if phase == DISPLACE:
            if not attacked:
                turn.fail("the displace phase follows an attack: attacked must be true", "attacked")
            if cfg.unit_owner[victim] == mover or pos[victim] != pos[active]:
                turn.fail("must be an enemy unit on the attacker's square", "victim")
            if not cfg.can_attack[cfg.unit_kind[active]][cfg.unit_kind[victim]]:
                turn.fail("the attacker may not attack that kind of unit (AF-R12)", "victim")
        zones = [item.choice(ZONE_NAMES) for item in turn.items("start_zones", 2)]
        start_zones = 3 * zones[0] + zones[1]

    # Occupancy (AF-R9): one unit per square, except the active unit with a friend it passes
    # or the victim it attacked.
    board = [NO] * cfg.num_cells
    for u in range(cfg.num_units):
        if pos[u] < 0 or u == active:
            continue
        if board[pos[u]] >= 0:
            units.fail(
                f"{cfg.unit_name(board[pos[u]])} and {cfg.unit_name(u)} share a square (AF-R9)",
                f"{PLAYER_NAMES[u // n]}[{u % n}]",
            )
        board[pos[u]] = u
    if turn is not None and active >= 0:
        other = board[pos[active]]
        if phase == ACTIVE and other >= 0 and (attacked or cfg.unit_owner[other] != mover):
            turn.fail(
                "the active unit shares its square with an enemy or after an attack", "active"
            )

    # Counters and result.
    limit = cfg.max_plies
    ply = reader.int("ply", 0, limit)
    no_progress = reader.int("no_progress", 0, ply)
    if phase <= SETUP and ply:
        reader.fail("must be 0 before play starts", "ply")
    result = NO
    if phase == OVER:
        result = reader.choice("result", RESULT_NAMES)
        if turn is not None and active >= 0:
            turn.fail("the game ends between activations", "active")
    else:
        if reader.raw("result") is not None:
            reader.fail("must be null until the game is over", "result")
        if ply >= limit:
            reader.fail(f"{ply} reached max_plies {limit}: the game would be over (AF-R24)", "ply")
        if cfg.no_progress_plies and no_progress >= cfg.no_progress_plies:
            reader.fail("reached no_progress_plies: the game would be over (AF-R24)", "no_progress")

    state.phase = phase
    state.p1_seat = p1_seat
    state.setup_step = step
    state.mover = mover
    state.pools = pools
    state.activated = activated
    state.active = active
    state.attacked = attacked
    state.victim = victim
    state.picked = picked
    state.dropped = dropped
    state.ply = ply
    state.no_progress = no_progress
    state.start_zones = start_zones
    state.result = result
    state.pos = pos
    state.board = board
    state.pile_cell = pile_cell
    state.pile_carrier = pile_carrier
    state._legal_cache = None
    _check_rules(state, reader)
    return state


def _check_rules(state: AnimalFarmRules, reader: PositionReader) -> None:
    """Rule-level checks of a read position: the result and a playable next decision."""
    cfg = state.cfg
    if state.phase == OVER:
        result = state.result
        if result in (P1_WINS, P2_WINS):
            if not state.qualifies(result):
                reader.fail(
                    f"{RESULT_NAMES[result]} but that player does not have both feed piles in "
                    "its base (AF-R23)",
                    "result",
                )
        else:
            if state.qualifies(0) or state.qualifies(1):
                reader.fail("draw but a player has both feed piles (AF-R23)", "result")
            if state.ply < cfg.max_plies and not (
                cfg.no_progress_plies and state.no_progress >= cfg.no_progress_plies
            ):
                reader.fail("draw before the ply limit or the no-progress limit (AF-R24)", "result")
        return
    if state.phase != TOSS and not state.legal_actions():
        if state.active >= 0:
            reader.fail(
                f"{cfg.unit_name(state.active)} has no legal action (AF-R9, AF-R10)",
                "turn.active",
            )
        reader.fail("the player to move has no legal action (AF-R9, AF-R10)", "phase")
