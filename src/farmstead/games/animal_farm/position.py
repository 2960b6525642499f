"""JSON positions of Animal Farm: ``encode`` a state and ``decode_into`` a fresh one.

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

``decode_into`` checks every field (types, ranges, counts, zones, occupancy, the turn's
bookkeeping) and raises ``InvalidPositionError`` naming the first problem. Rule-level checks
that need the rules (the result, a playable next decision) are made by ``rules.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from farmstead.core.errors import InvalidPositionError
from farmstead.games.animal_farm.config import (
    ACTIVE,
    DISPLACE,
    FEED,
    IDLE,
    KIND_NAMES,
    OVER,
    PHASE_NAMES,
    PIG,
    PILE_NAMES,
    PLAYER_NAMES,
    RESULT_NAMES,
    SETUP,
    TOSS,
    ZONE_NAMES,
    AnimalFarmConfig,
)

if TYPE_CHECKING:
    from farmstead.games.animal_farm.rules import AnimalFarmState

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


def encode(state: AnimalFarmState) -> dict[str, Any]:
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


def _fail(message: str) -> InvalidPositionError:
    return InvalidPositionError(message)


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(f"{what} must be an integer in {low}..{high}, got {value!r}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(f"{what} must be true or false, got {value!r}")
    return value


def _choice(value: Any, choices: tuple[str, ...], what: str) -> int:
    if value not in choices or not isinstance(value, str):
        raise _fail(f"{what} must be one of {', '.join(choices)}; got {value!r}")
    return choices.index(value)


def _mapping(value: Any, keys: tuple[str, ...], what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(f"{what} must be an object with keys {', '.join(keys)}")
    missing = [k for k in keys if k not in value]
    extra = [k for k in value if k not in keys]
    if missing or extra:
        raise _fail(
            f"{what} must have exactly the keys {', '.join(keys)}"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unknown {', '.join(map(str, extra))}" if extra else "")
        )
    return value


def _cell(cfg: AnimalFarmConfig, value: Any, what: str) -> int:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not cfg.on_board(value[0], value[1])
    ):
        raise _fail(f"{what} must be [x, y] on the {cfg.width} x {cfg.height} board, got {value!r}")
    return cfg.cell(value[0], value[1])


def _unit(cfg: AnimalFarmConfig, value: Any, what: str) -> int:
    unit = cfg.unit_by_name(value)
    if unit < 0:
        raise _fail(f"{what} must name a unit such as {cfg.unit_name(0)!r}, got {value!r}")
    return unit


def decode_into(state: AnimalFarmState, doc: Mapping[str, Any]) -> None:
    """Fill a fresh ``state`` from ``doc`` (header already checked); ``InvalidPositionError``
    for anything malformed or inconsistent."""
    cfg = state.cfg
    n = cfg.num_slots
    extra = [k for k in doc if k not in BODY_KEYS and k not in ("game", "players", "params")]
    extra = [k for k in extra if k not in VIEW_KEYS]
    if extra:
        raise _fail(f"unknown position keys: {', '.join(map(str, extra))}")
    missing = [k for k in BODY_KEYS if k not in doc]
    if missing:
        raise _fail(f"position lacks {', '.join(missing)}")

    phase = _choice(doc["phase"], PHASE_NAMES, "phase")
    if phase == TOSS:
        if cfg.first_player >= 0:
            raise _fail("no coin toss: the first_player parameter names Player 1's seat")
        if doc["player1_seat"] is not None:
            raise _fail("player1_seat must be null before the coin toss")
        p1_seat = -1
    else:
        p1_seat = _int(doc["player1_seat"], "player1_seat", 0, 1)
        if cfg.first_player >= 0 and p1_seat != cfg.first_player:
            raise _fail(f"player1_seat must be {cfg.first_player} (first_player parameter)")
    if phase == SETUP and not cfg.manual_setup:
        raise _fail("no setup phase with setup_mode = default (AF-R4)")
    sequence = cfg.setup_sequence
    step = _int(doc["setup_step"], "setup_step", 0, len(sequence))
    if phase == TOSS and step != 0:
        raise _fail("setup_step must be 0 before the coin toss")
    if phase == SETUP and step == len(sequence):
        raise _fail("setup_step counts every piece placed but the phase is still setup")
    if phase > SETUP and step != len(sequence):
        raise _fail(f"setup_step must be {len(sequence)} once the setup is over")
    placed = set(sequence[:step]) if phase <= SETUP else set(sequence)

    # Units.
    units = _mapping(doc["units"], PLAYER_NAMES, "units")
    pos = [-1] * cfg.num_units
    for p, player_name in enumerate(PLAYER_NAMES):
        entries = units[player_name]
        if not isinstance(entries, list) or len(entries) != n:
            raise _fail(f"units.{player_name} must be a list of {n} squares (or nulls)")
        for s, entry in enumerate(entries):
            u = p * n + s
            name = cfg.unit_name(u)
            if entry is None:
                if (p, s) in placed:
                    raise _fail(f"{name} must be on the board")
                continue
            if (p, s) not in placed:
                raise _fail(f"{name} is not placed yet at this setup step (AF-R2)")
            cell = _cell(cfg, entry, name)
            if not cfg.unit_allowed[u][cell]:
                raise _fail(f"{name} may not stand on {entry} (AF-R8)")
            if phase == SETUP and cell not in cfg.unit_start_cells[u]:
                raise _fail(f"{name} must be set up on its start squares (AF-R3)")
            pos[u] = cell

    # Piles.
    piles = _mapping(doc["piles"], PILE_NAMES, "piles")
    pile_cell = [-1, -1]
    pile_carrier = [-1, -1]
    for k, pile_name in enumerate(PILE_NAMES):
        entry = piles[pile_name]
        if entry is None:
            if (k, FEED) in placed:
                raise _fail(f"pile {pile_name} must be on the board")
            continue
        if (k, FEED) not in placed:
            raise _fail(f"pile {pile_name} is not placed yet at this setup step (AF-R2)")
        if isinstance(entry, Mapping) and set(entry) == {"at"}:
            pile_cell[k] = _cell(cfg, entry["at"], f"pile {pile_name}")
            if phase == SETUP and pile_cell[k] not in cfg.feed_start_cells[k]:
                raise _fail(f"pile {pile_name} must be set up in its owner's base (AF-R3)")
        elif isinstance(entry, Mapping) and set(entry) == {"carried_by"}:
            carrier = _unit(cfg, entry["carried_by"], f"pile {pile_name} carried_by")
            if cfg.unit_kind[carrier] != PIG:
                raise _fail(f"pile {pile_name}: only pigs carry feed (AF-R18)")
            if pos[carrier] < 0:
                raise _fail(f"pile {pile_name} is carried by {cfg.unit_name(carrier)}, not placed")
            pile_carrier[k] = carrier
        else:
            raise _fail(
                f'pile {pile_name} must be null, {{"at": [x, y]}} or {{"carried_by": unit}}'
            )
    if pile_carrier[0] >= 0 and pile_carrier[0] == pile_carrier[1]:
        raise _fail("a pig carries at most one pile")

    # The turn.
    turn_doc = doc["turn"]
    mover, active, victim = 0, -1, -1
    pools = list(cfg.pool_size)
    activated = 0
    attacked = picked = dropped = False
    start_zones = 0
    if phase <= SETUP:
        if turn_doc is not None:
            raise _fail("turn must be null before play starts")
    else:
        turn = _mapping(turn_doc, TURN_KEYS, "turn")
        mover = _choice(turn["mover"], PLAYER_NAMES, "turn.mover")
        pool_doc = _mapping(turn["pools"], KIND_NAMES, "turn.pools")
        pools = [
            _int(pool_doc[name], f"turn.pools.{name}", 0, cfg.pool_size[k])
            for k, name in enumerate(KIND_NAMES)
        ]
        activated_doc = turn["activated"]
        if not isinstance(activated_doc, list):
            raise _fail("turn.activated must be a list of unit names")
        for name in activated_doc:
            u = _unit(cfg, name, "turn.activated entry")
            if cfg.unit_owner[u] != mover or activated >> (u % n) & 1:
                raise _fail(f"turn.activated: {name} is not a distinct unit of the mover")
            activated |= 1 << (u % n)
        for k, name in enumerate(KIND_NAMES):
            if pools[k] < cfg.pool_size[k] and not any(
                activated >> s & 1 and cfg.slot_kind[s] == k for s in range(n)
            ):
                raise _fail(f"turn.pools.{name} was spent but no {name} was activated (AF-R5)")
        if turn["active"] is not None:
            active = _unit(cfg, turn["active"], "turn.active")
            if not activated >> (active % n) & 1 or cfg.unit_owner[active] != mover:
                raise _fail("turn.active must be one of the mover's activated units (AF-R6)")
        if (active >= 0) != (phase in (ACTIVE, DISPLACE)):
            raise _fail("turn.active must be set exactly in the active and displace phases")
        attacked = _bool(turn["attacked"], "turn.attacked")
        picked = _bool(turn["picked"], "turn.picked")
        dropped = _bool(turn["dropped"], "turn.dropped")
        if active < 0 and (attacked or picked or dropped):
            raise _fail("attacked, picked and dropped must be false with no active unit")
        if (picked or dropped) and cfg.unit_kind[active] != PIG:
            raise _fail("only a pig picks up or drops feed (AF-R18)")
        if turn["victim"] is not None:
            victim = _unit(cfg, turn["victim"], "turn.victim")
        if (victim >= 0) != (phase == DISPLACE):
            raise _fail("turn.victim must be set exactly in the displace phase")
        if phase == DISPLACE:
            if not attacked:
                raise _fail("the displace phase follows an attack: attacked must be true")
            if cfg.unit_owner[victim] == mover or pos[victim] != pos[active]:
                raise _fail("turn.victim must be an enemy unit on the attacker's square")
            if not cfg.can_attack[cfg.unit_kind[active]][cfg.unit_kind[victim]]:
                raise _fail("the attacker may not attack that kind of unit (AF-R12)")
        zones = turn["start_zones"]
        if not isinstance(zones, list) or len(zones) != 2:
            raise _fail("turn.start_zones must list the zones of F1 and F2")
        start_zones = 3 * _choice(zones[0], ZONE_NAMES, "turn.start_zones") + _choice(
            zones[1], ZONE_NAMES, "turn.start_zones"
        )

    # Occupancy (AF-R9): one unit per square, except the active unit with a friend it passes
    # or the victim it attacked.
    board = [-1] * cfg.num_cells
    for u in range(cfg.num_units):
        if pos[u] < 0 or u == active:
            continue
        if board[pos[u]] >= 0:
            raise _fail(
                f"{cfg.unit_name(board[pos[u]])} and {cfg.unit_name(u)} share a square (AF-R9)"
            )
        board[pos[u]] = u
    if active >= 0:
        other = board[pos[active]]
        if phase == ACTIVE and other >= 0 and (attacked or cfg.unit_owner[other] != mover):
            raise _fail("the active unit shares its square with an enemy or after an attack")

    # Counters and result.
    limit = cfg.max_plies
    ply = _int(doc["ply"], "ply", 0, limit)
    no_progress = _int(doc["no_progress"], "no_progress", 0, ply)
    if phase <= SETUP and ply:
        raise _fail("ply must be 0 before play starts")
    result_doc = doc["result"]
    result = -1
    if phase == OVER:
        result = _choice(result_doc, RESULT_NAMES, "result")
        if active >= 0:
            raise _fail("the game ends between activations")
    else:
        if result_doc is not None:
            raise _fail("result must be null until the game is over")
        if ply >= limit:
            raise _fail(f"ply {ply} reached max_plies {limit}: the game would be over (AF-R24)")
        if cfg.no_progress_plies and no_progress >= cfg.no_progress_plies:
            raise _fail("no_progress reached no_progress_plies: the game would be over (AF-R24)")
    if phase == IDLE and active >= 0:
        raise _fail("no unit is active in the idle phase")

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
