"""Reading an Animal Farm position back: ``state_from_json`` by the declaration ``POSITION``.

Every field is checked (types, ranges, counts, zones, occupancy, the turn's bookkeeping), each
where the declaration lists it, and then the position against the rules (the result, a playable
next decision); every error is an ``InvalidPositionError`` naming the field. The position's
fields are described in ``views``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from farmstead.core.position import ItemReader
from farmstead.core.schema import (
    Bool,
    Choice,
    Entry,
    Field,
    Int,
    Kind,
    ListOf,
    NullUnless,
    Object,
    Reading,
    Record,
    items,
    only,
    read,
)
from farmstead.games.animal_farm.layout import (
    ACTIVE,
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
from farmstead.games.animal_farm.rules import AnimalFarmRules

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


def _square(reading: Reading, item: ItemReader) -> int:
    """A square ``[x, y]`` on the board."""
    cfg = reading.cfg
    item.list(2)
    return cfg.cell(item.at(0).int(0, cfg.width - 1), item.at(1).int(0, cfg.height - 1))


def _unit(reading: Reading, item: ItemReader) -> int:
    """The unit named by the item."""
    cfg = reading.cfg
    unit = cfg.unit_by_name(item.value)
    if unit < 0:
        item.fail(f"must name a unit such as {cfg.unit_name(0)!r}, got {item.value!r}")
    return int(unit)


def _placed(state: AnimalFarmRules) -> set[tuple[int, int]]:
    """The pieces of the setup sequence on the board: ``(player, slot)`` for units,
    ``(player, FEED)`` for feed piles (AF-R2)."""
    sequence = state.cfg.setup_sequence
    return set(sequence[: state.setup_step]) if state.phase <= SETUP else set(sequence)


def _unit_squares(player: int) -> Kind:
    """The list of ``player``'s unit squares, one per slot; null while not placed (AF-R2),
    placed units only where they may stand (AF-R8) and, in the setup, on their start squares
    (AF-R3)."""

    def squares(reading: Reading, item: ItemReader) -> list[int]:
        state = reading.state
        n = state.cfg.num_slots
        placed = _placed(state)
        return [
            _unit_square(reading, player * n + s, (player, s) in placed, sub)
            for s, sub in enumerate(items(item, n))
        ]

    return squares


def _unit_square(reading: Reading, unit: int, placed: bool, item: ItemReader) -> int:
    cfg = reading.cfg
    name = cfg.unit_name(unit)
    if item.value is None:
        if placed:
            item.fail(f"{name} must be on the board")
        return NO
    if not placed:
        item.fail(f"{name} is not placed yet at this setup step (AF-R2)")
    cell = _square(reading, item)
    if not cfg.unit_allowed[unit][cell]:
        item.fail(f"{name} may not stand on {item.value} (AF-R8)")
    if reading.state.phase == SETUP and cell not in cfg.unit_start_cells[unit]:
        item.fail(f"{name} must be set up on its start squares (AF-R3)")
    return cell


def _pile(k: int) -> Kind:
    """Feed pile ``k``: null while not placed (AF-R2), else ``{"at": [x, y]}`` (in its owner's
    base during the setup, AF-R3) or ``{"carried_by": pig}`` (AF-R18), as (cell, carrier)."""

    def pile(reading: Reading, item: ItemReader) -> tuple[int, int]:
        placed = (k, FEED) in _placed(reading.state)
        entry = item.value
        if entry is None:
            if placed:
                item.fail("must be on the board")
            return NO, NO
        if not placed:
            item.fail("is not placed yet at this setup step (AF-R2)")
        if not isinstance(entry, Mapping) or set(entry) not in ({"at"}, {"carried_by"}):
            item.fail('must be null, {"at": [x, y]} or {"carried_by": unit}')
        spot: tuple[int, int] = _PILE_SPOTS[k](reading, item)
        return spot

    return pile


def _pile_set_up_at_home(k: int) -> Entry:
    def at_home(reading: Reading) -> None:
        cell = reading.got["at"]
        if reading.state.phase == SETUP and cell not in reading.cfg.feed_start_cells[k]:
            reading.fail("must be set up in its owner's base (AF-R3)", "at")

    return at_home


def _carried_by_a_placed_pig(reading: Reading) -> None:
    carrier = reading.got["carried_by"]
    if carrier == NO:
        return
    cfg = reading.cfg
    if cfg.unit_kind[carrier] != PIG:
        reading.fail("only pigs carry feed (AF-R18)", "carried_by")
    if reading.state.pos[carrier] < 0:
        reading.fail(f"{cfg.unit_name(carrier)} is not placed", "carried_by")


_PILE_SPOTS = [
    Record(
        Field("at", _square, default=NO),
        _pile_set_up_at_home(k),
        Field("carried_by", _unit, default=NO),
        _carried_by_a_placed_pig,
    )
    for k in range(len(PILE_NAMES))
]


def _one_pile_per_pig(reading: Reading) -> None:
    carrier = reading.state.pile_carrier
    if carrier[0] >= 0 and carrier[0] == carrier[1]:
        reading.fail("a pig carries at most one pile", f"piles.{PILE_NAMES[1]}")


def _activated(reading: Reading, item: ItemReader) -> int:
    """The mover's units activated this turn, as a bitmask of slots (AF-R6)."""
    cfg = reading.cfg
    mover = reading.state.mover
    n = cfg.num_slots
    activated = 0
    for sub in items(item):
        u = _unit(reading, sub)
        if cfg.unit_owner[u] != mover or activated >> (u % n) & 1:
            sub.fail(f"{sub.value} is not a distinct unit of the mover")
        activated |= 1 << (u % n)
    return activated


def _pool_spent_only_by_the_activated(reading: Reading) -> None:
    """A pool below its size needs an activated unit of its kind (AF-R5)."""
    state, cfg = reading.state, reading.cfg
    n = cfg.num_slots
    for k, name in enumerate(KIND_NAMES):
        if state.pools[k] < cfg.pool_size[k] and not any(
            state.activated >> s & 1 and cfg.slot_kind[s] == k for s in range(n)
        ):
            reading.fail(f"was spent but no {name} was activated (AF-R5)", f"pools.{name}")


def _active_is_an_activated_unit(reading: Reading) -> None:
    """The active unit is one of the mover's activated units (AF-R6), set exactly in the active
    and displace phases."""
    state, cfg = reading.state, reading.cfg
    active = state.active
    if active >= 0 and (
        not state.activated >> (active % cfg.num_slots) & 1 or cfg.unit_owner[active] != state.mover
    ):
        reading.fail("must be one of the mover's activated units (AF-R6)", "active")
    if (active >= 0) != (state.phase in (ACTIVE, DISPLACE)):
        reading.fail("must be set exactly in the active and displace phases", "active")


def _only_the_active_pig_acts(reading: Reading) -> None:
    """Attacks, pick-ups and drops belong to the active unit; feed to pigs (AF-R18)."""
    state = reading.state
    if state.active < 0 and (state.attacked or state.picked or state.dropped):
        reading.fail("attacked, picked and dropped must be false with no active unit")
    if (state.picked or state.dropped) and reading.cfg.unit_kind[state.active] != PIG:
        reading.fail(
            "only a pig picks up or drops feed (AF-R18)", "picked" if state.picked else "dropped"
        )


def _victim_of_the_attack(reading: Reading) -> None:
    """The displace phase follows an attack on an enemy on the attacker's square (AF-R12)."""
    state, cfg = reading.state, reading.cfg
    victim, active = state.victim, state.active
    if (victim >= 0) != (state.phase == DISPLACE):
        reading.fail("must be set exactly in the displace phase", "victim")
    if state.phase != DISPLACE:
        return
    if not state.attacked:
        reading.fail("the displace phase follows an attack: attacked must be true", "attacked")
    if cfg.unit_owner[victim] == state.mover or state.pos[victim] != state.pos[active]:
        reading.fail("must be an enemy unit on the attacker's square", "victim")
    if not cfg.can_attack[cfg.unit_kind[active]][cfg.unit_kind[victim]]:
        reading.fail("the attacker may not attack that kind of unit (AF-R12)", "victim")


_POOLS = Record(
    *(Field(name, Int(0, lambda r, k=k: r.cfg.pool_size[k])) for k, name in enumerate(KIND_NAMES)),
    make=lambda *pools: list(pools),
    only=True,
)

TURN = Object(
    Field("mover", Choice(PLAYER_NAMES), "mover"),
    Field("pools", _POOLS, "pools"),
    Field("activated", _activated, "activated"),
    _pool_spent_only_by_the_activated,
    Field("active", _unit, "active", null=NO),
    _active_is_an_activated_unit,
    Field("attacked", Bool(), "attacked"),
    Field("picked", Bool(), "picked"),
    Field("dropped", Bool(), "dropped"),
    _only_the_active_pig_acts,
    Field("victim", _unit, "victim", null=NO),
    _victim_of_the_attack,
    Field(
        "start_zones", ListOf(Choice(ZONE_NAMES), 2, make=lambda z: 3 * z[0] + z[1]), "start_zones"
    ),
    only=TURN_KEYS,
)


def _coin_toss_only_when_drawn(reading: Reading) -> None:
    if reading.state.phase == TOSS and reading.cfg.first_player >= 0:
        reading.fail("no coin toss: the first_player parameter names Player 1's seat", "phase")


def _player1_seat_as_the_parameter_says(reading: Reading) -> None:
    first = reading.cfg.first_player
    if reading.state.phase != TOSS and first >= 0 and reading.state.p1_seat != first:
        reading.fail(f"must be {first} (first_player parameter)", "player1_seat")


def _setup_phase_only_when_manual(reading: Reading) -> None:
    if reading.state.phase == SETUP and not reading.cfg.manual_setup:
        reading.fail("no setup phase with setup_mode = default (AF-R4)", "phase")


def _setup_step_matches_the_phase(reading: Reading) -> None:
    phase, step = reading.state.phase, reading.state.setup_step
    total = len(reading.cfg.setup_sequence)
    if phase == TOSS and step != 0:
        reading.fail("must be 0 before the coin toss", "setup_step")
    if phase == SETUP and step == total:
        reading.fail("counts every piece placed but the phase is still setup", "setup_step")
    if phase > SETUP and step != total:
        reading.fail(f"must be {total} once the setup is over", "setup_step")


def _one_unit_per_square(reading: Reading) -> None:
    """Occupancy (AF-R9): one unit per square, except the active unit with a friend it passes
    or the victim it attacked; fills the board index."""
    state, cfg = reading.state, reading.cfg
    n = cfg.num_slots
    pos, active = state.pos, state.active
    board = [NO] * cfg.num_cells
    for u in range(cfg.num_units):
        if pos[u] < 0 or u == active:
            continue
        if board[pos[u]] >= 0:
            reading.fail(
                f"{cfg.unit_name(board[pos[u]])} and {cfg.unit_name(u)} share a square (AF-R9)",
                f"units.{PLAYER_NAMES[u // n]}[{u % n}]",
            )
        board[pos[u]] = u
    state.board = board
    if active >= 0 and state.phase > SETUP:
        other = board[pos[active]]
        if (
            state.phase == ACTIVE
            and other >= 0
            and (state.attacked or cfg.unit_owner[other] != state.mover)
        ):
            reading.fail(
                "the active unit shares its square with an enemy or after an attack",
                "turn.active",
            )


def _counters_start_with_play(reading: Reading) -> None:
    if reading.state.phase <= SETUP and reading.state.ply:
        reading.fail("must be 0 before play starts", "ply")


def _over_between_activations(reading: Reading) -> None:
    if reading.state.phase == OVER and reading.state.active >= 0:
        reading.fail("the game ends between activations", "turn.active")


def _not_over_by_the_limits(reading: Reading) -> None:
    """Below the ply limit and the no-progress limit while the game goes on (AF-R24)."""
    state, cfg = reading.state, reading.cfg
    if state.phase == OVER:
        return
    if state.ply >= cfg.max_plies:
        reading.fail(
            f"{state.ply} reached max_plies {cfg.max_plies}: the game would be over (AF-R24)",
            "ply",
        )
    if cfg.no_progress_plies and state.no_progress >= cfg.no_progress_plies:
        reading.fail("reached no_progress_plies: the game would be over (AF-R24)", "no_progress")


def _result_as_the_rules_say(reading: Reading) -> None:
    """A win needs both feed piles in the winner's base (AF-R23); a draw, a limit (AF-R24)."""
    state, cfg = reading.state, reading.cfg
    if state.phase != OVER:
        return
    result = state.result
    if result in (P1_WINS, P2_WINS):
        if not state.qualifies(result):
            reading.fail(
                f"{RESULT_NAMES[result]} but that player does not have both feed piles in "
                "its base (AF-R23)",
                "result",
            )
        return
    if state.qualifies(0) or state.qualifies(1):
        reading.fail("draw but a player has both feed piles (AF-R23)", "result")
    if state.ply < cfg.max_plies and not (
        cfg.no_progress_plies and state.no_progress >= cfg.no_progress_plies
    ):
        reading.fail("draw before the ply limit or the no-progress limit (AF-R24)", "result")


def _a_playable_next_decision(reading: Reading) -> None:
    """Outside the coin toss and the end, the player to move has a legal action (AF-R9,
    AF-R10)."""
    state = reading.state
    if state.phase in (TOSS, OVER) or state.legal_actions():
        return
    if state.active >= 0:
        reading.fail(
            f"{state.cfg.unit_name(state.active)} has no legal action (AF-R9, AF-R10)",
            "turn.active",
        )
    reading.fail("the player to move has no legal action (AF-R9, AF-R10)", "phase")


POSITION: tuple[Entry, ...] = (
    only(HEADER_KEYS + BODY_KEYS + VIEW_KEYS),
    Field("phase", Choice(PHASE_NAMES), "phase"),
    _coin_toss_only_when_drawn,
    Field(
        "player1_seat",
        NullUnless(
            lambda r: r.state.phase != TOSS, Int(0, 1), "must be null before the coin toss", NO
        ),
        "p1_seat",
    ),
    _player1_seat_as_the_parameter_says,
    _setup_phase_only_when_manual,
    Field("setup_step", Int(0, lambda r: len(r.cfg.setup_sequence)), "setup_step"),
    _setup_step_matches_the_phase,
    Field(
        "units",
        Record(
            *(Field(name, _unit_squares(p)) for p, name in enumerate(PLAYER_NAMES)),
            make=lambda *squares: [cell for player in squares for cell in player],
            only=True,
        ),
        "pos",
    ),
    Field(
        "piles",
        Record(
            *(Field(name, _pile(k)) for k, name in enumerate(PILE_NAMES)),
            make=lambda *piles: tuple(list(slot) for slot in zip(*piles, strict=True)),
            only=True,
        ),
        ("pile_cell", "pile_carrier"),
    ),
    _one_pile_per_pig,
    Field(
        "turn",
        NullUnless(lambda r: r.state.phase > SETUP, TURN, "must be null before play starts"),
    ),
    _one_unit_per_square,
    Field("ply", Int(0, "max_plies"), "ply"),
    Field("no_progress", Int(0, lambda r: r.state.ply), "no_progress"),
    _counters_start_with_play,
    Field(
        "result",
        NullUnless(
            lambda r: r.state.phase == OVER,
            Choice(RESULT_NAMES),
            "must be null until the game is over",
            NO,
        ),
        "result",
    ),
    _over_between_activations,
    _not_over_by_the_limits,
    _result_as_the_rules_say,
    _a_playable_next_decision,
)
"""The position's fields in reading order, each followed by the checks that need it."""


def state_from_json(blank: S, doc: Any) -> S:
    """Fill ``blank`` (an empty state of the game) with the position ``to_json`` wrote, read
    by ``POSITION``; ``InvalidPositionError`` naming the field for anything malformed, out of
    range or inconsistent with the rules."""
    read(POSITION, blank, blank.game.position_reader(doc))
    return blank
