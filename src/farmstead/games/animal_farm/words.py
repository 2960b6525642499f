"""Animal Farm actions in words and as JSON (and back).

Words name units, squares and piles as the players see them (``P1 pig 2``, ``(4, 7)``,
``Player 2's feed pile (F2)``). All state is open (AF-R25), so every seat reads the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from farmstead.core.errors import IllegalActionError
from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.core.turns import TurnView, generic_summary
from farmstead.games.animal_farm import actions as act
from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import (
    ACTIVE,
    DIRECTIONS,
    DISPLACE,
    FEED,
    NEUTRAL,
    P1_BASE,
    PILE_NAMES,
    PLAYER_NAMES,
    SETUP,
    TOSS,
)
from farmstead.games.animal_farm.rules import AnimalFarmRules

ROLE_WORDS = ("Player 1", "Player 2")
DIRECTION_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
SEAT_ORDINALS = ("first", "second")


def unit_label(cfg: AnimalFarmConfig, unit: int) -> str:
    """A unit in words, e.g. ``Player 1's pig 2`` or ``Player 2's horse``."""
    player, kind, *number = cfg.unit_name(unit).split("-")
    role = ROLE_WORDS[PLAYER_NAMES.index(player)]
    return f"{role}'s {' '.join([kind, *number])}"


def piece_words(cfg: AnimalFarmConfig, unit: int) -> str:
    """A unit without its owner, e.g. ``pig 2`` or ``horse``."""
    return " ".join(cfg.unit_name(unit).split("-")[1:])


def square_words(cfg: AnimalFarmConfig, cell: int) -> str:
    """A square as the board's column and row, e.g. ``(4, 7)``."""
    return "({}, {})".format(*cfg.xy(cell))


def action_to_string(state: AnimalFarmRules, action: int) -> str:
    """The action (or coin toss outcome) in words, for an id inside the action space."""
    cfg = state.cfg
    if state.phase == TOSS:
        ordinal = SEAT_ORDINALS[action] if 0 <= action < 2 else str(action)
        return f"Coin toss: the {ordinal} seat is Player 1 (sets up and moves first)"
    kind, arg = cfg.actions.decode(action)
    if kind == act.KIND_END_TURN:
        return "end the turn"
    if kind == act.KIND_STOP:
        return "stop here"
    if kind == act.KIND_DROP:
        return "drop the feed pile"
    if kind == act.KIND_PICK_UP:
        return f"pick up {ROLE_WORDS[arg]}'s feed pile"
    if kind == act.KIND_SELECT:
        return f"move {unit_label(cfg, state.turn_player() * cfg.num_slots + arg)}"
    if kind == act.KIND_STEP:
        text = f"step {DIRECTION_WORDS[DIRECTIONS[arg]]}"
        if state.phase == ACTIVE:
            t = cfg.neighbours[4 * state.pos[state.active] + arg]
            if t >= 0:
                text += f" to {square_words(cfg, t)}"
                occupant = state.board[t]
                if occupant >= 0 and cfg.unit_owner[occupant] != state.mover:
                    text += f", attacking {unit_label(cfg, occupant)}"
        return text
    where = square_words(cfg, arg)
    if state.phase == SETUP:
        player, piece = cfg.setup_sequence[state.setup_step]
        if piece == FEED:
            return f"place {ROLE_WORDS[player]}'s feed pile at {where}"
        return f"place {unit_label(cfg, player * cfg.num_slots + piece)} at {where}"
    if state.phase == DISPLACE:
        return f"send {unit_label(cfg, state.victim)} to {where}"
    return f"target {where}"


def action_to_string_for(state: AnimalFarmRules, action: int, seat: int | None) -> str:
    """Every seat may know every action (AF-R25): the same words as ``action_to_string``."""
    return action_to_string(state, action)


def action_to_json(state: AnimalFarmRules, action: int) -> dict[str, Any]:
    """A JSON-safe description of an id inside the action space."""
    cfg = state.cfg
    if state.phase == TOSS:
        return {"type": "COIN_TOSS", "player1_seat": action}
    kind, arg = cfg.actions.decode(action)
    if kind == act.KIND_STEP:
        return {"type": "STEP", "dir": DIRECTIONS[arg]}
    if kind == act.KIND_PICK_UP:
        return {"type": "PICK_UP", "pile": PILE_NAMES[arg]}
    if kind == act.KIND_SELECT:
        unit = state.turn_player() * cfg.num_slots + arg
        return {"type": "SELECT", "slot": arg, "unit": cfg.unit_name(unit)}
    if kind == act.KIND_TARGET:
        return {"type": "TARGET", "to": list(cfg.xy(arg))}
    return {"type": act.KIND_NAMES[kind]}


def action_from_json(state: AnimalFarmRules, doc: Any) -> int:
    """The action id ``action_to_json`` described; ``IllegalActionError`` if none matches."""
    cfg = state.cfg
    if not isinstance(doc, Mapping) or not isinstance(doc.get("type"), str):
        raise IllegalActionError(f"an action is a JSON object with a 'type'; got {doc!r}")
    kind = doc["type"]
    if state.phase == TOSS:
        seat = doc.get("player1_seat")
        if kind != "COIN_TOSS" or isinstance(seat, bool) or seat not in (0, 1):
            raise IllegalActionError(
                'at the coin toss the action is {"type": "COIN_TOSS", "player1_seat": 0 or 1}'
            )
        return int(seat)
    if kind in ("END_TURN", "STOP", "DROP"):
        return {"END_TURN": act.END_TURN, "STOP": act.STOP, "DROP": act.DROP}[kind]
    if kind == "STEP":
        direction = doc.get("dir")
        if direction not in DIRECTIONS:
            raise IllegalActionError(f"STEP needs 'dir' among {', '.join(DIRECTIONS)}")
        return act.STEP_N + DIRECTIONS.index(direction)
    if kind == "PICK_UP":
        pile = doc.get("pile")
        if pile not in PILE_NAMES:
            raise IllegalActionError(f"PICK_UP needs 'pile' among {', '.join(PILE_NAMES)}")
        return act.PICK_UP_F1 + PILE_NAMES.index(pile)
    if kind == "SELECT":
        return _select_from_json(state, doc)
    if kind == "TARGET":
        to = doc.get("to")
        if (
            not isinstance(to, list | tuple)
            or len(to) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in to)
            or not cfg.on_board(to[0], to[1])
        ):
            raise IllegalActionError(
                f"TARGET needs 'to': [x, y] on the {cfg.width} x {cfg.height} board; got {to!r}"
            )
        return cfg.actions.target(cfg.cell(to[0], to[1]))
    raise IllegalActionError(
        f"unknown action type {kind!r}; valid types: {', '.join(act.KIND_NAMES)}"
    )


def _select_from_json(state: AnimalFarmRules, doc: Mapping[str, Any]) -> int:
    cfg = state.cfg
    given = doc.get("slot")
    name = doc.get("unit")
    if given is None and name is None:
        raise IllegalActionError("SELECT needs 'slot' or 'unit'")
    if given is not None and (
        isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < cfg.num_slots
    ):
        raise IllegalActionError(f"SELECT 'slot' must be 0..{cfg.num_slots - 1}; got {given!r}")
    slot: int = -1 if given is None else given
    if name is not None:
        unit = cfg.unit_by_name(name)
        player = state.turn_player()
        if unit < 0 or cfg.unit_owner[unit] != player:
            names = [cfg.unit_name(player * cfg.num_slots + s) for s in range(cfg.num_slots)]
            raise IllegalActionError(
                f"SELECT 'unit' must be one of {', '.join(names)}; got {name!r}"
            )
        if given is not None and slot != unit % cfg.num_slots:
            raise IllegalActionError(f"SELECT 'slot' {slot} and 'unit' {name!r} disagree")
        slot = unit % cfg.num_slots
    return cfg.actions.select(slot)


# --- the final result (AF-R23, AF-R24) -------------------------------------------------------
def pile_words(state: AnimalFarmRules, pile: int, names: Sequence[str]) -> str:
    """Where feed pile ``pile`` is, e.g. "carried by Bot's pig 2 at (3, 1), in the neutral
    zone" (``names``: seat names)."""
    cfg = state.cfg
    carrier = state.pile_carrier[pile]
    cell = state.pile_location(pile)
    if cell < 0:
        return "not on the board"
    zone = cfg.zone_of[cell]
    if zone == NEUTRAL:
        where = "the neutral zone"
    else:
        player = 0 if zone == P1_BASE else 1
        seat = state.seat_of(player)
        where = f"{names[seat]}'s base" if seat >= 0 else f"Player {player + 1}'s base"
    square = "({}, {})".format(*cfg.xy(cell))
    if carrier >= 0:
        owner = state.seat_of(cfg.unit_owner[carrier])
        return f"carried by {names[owner]}'s {piece_words(cfg, carrier)} at {square}, in {where}"
    return f"at {square}, in {where}"


def score_sheet(state: AnimalFarmRules, names: Sequence[str]) -> ScoreSheet:
    """Where the feed piles were at the end. A player wins with both piles in their own base
    after a turn (AF-R23); otherwise the game is drawn at the turn limit or, when the option
    is on, after turns in which no pile changed zone (AF-R24)."""
    cfg = state.cfg
    rows = []
    for pile in (0, 1):
        owner = state.seat_of(pile)
        whose = f"{names[owner]}'s" if owner >= 0 else f"Player {pile + 1}'s"
        rows.append(
            ScoreRow(
                f"{whose} feed pile ({PILE_NAMES[pile]}): {pile_words(state, pile, names)}",
                ("", ""),
            )
        )
    in_base = []
    for seat in (0, 1):
        player = state.player_of(seat)
        count = 0
        for pile in (0, 1):
            cell = state.pile_location(pile)
            carrier = state.pile_carrier[pile]
            if (
                cell >= 0
                and cfg.zone_of[cell] == 2 * player
                and (carrier < 0 or cfg.unit_owner[carrier] == player)
            ):
                count += 1
        in_base.append(count)
    rows.append(ScoreRow("Feed piles held in the seat's own base", tuple(map(str, in_base))))
    rows.append(
        ScoreRow(
            "Moved first",
            tuple("yes" if state.player_of(seat) == 0 else "" for seat in (0, 1)),
        )
    )
    winners = [seat for seat in (0, 1) if state.returns()[seat] > 0]
    turns = f"{state.ply} turn{'s' if state.ply != 1 else ''}"
    if winners:
        summary = f"{names[winners[0]]} won after {turns}: both feed piles are in their base."
        scores = tuple("won" if seat in winners else "lost" for seat in (0, 1))
    else:
        if state.ply >= cfg.max_plies:
            summary = f"A draw: the turn limit of {cfg.max_plies} turns was reached, no winner."
        else:
            summary = (
                f"A draw after {turns}: no feed pile changed zone for "
                f"{cfg.no_progress_plies} turns in a row."
            )
        scores = ("draw", "draw")
    return ScoreSheet(scores, summary, tuple(rows))


# --- a turn in words --------------------------------------------------------------------------
def turn_summary(view: TurnView) -> str:
    """An Animal Farm turn in one sentence: the coin toss, a player's setup (AF-R2), or the
    units moved with their attacks and the feed piles picked up and dropped (AF-R5 … AF-R22),
    then a win or a draw (AF-R23, AF-R24). Everything is open (AF-R25)."""
    start = view.position()
    if start is None:  # not reached: Animal Farm has no hidden information
        return generic_summary(view)
    state = start.clone()
    assert isinstance(state, AnimalFarmRules)
    cfg = state.cfg

    def owner_words(unit: int) -> str:
        seat = state.seat_of(cfg.unit_owner[unit])
        return "their" if seat == view.seat else f"{view.name(seat)}'s"

    def pile_owner(pile: int) -> str:
        seat = state.seat_of(pile)
        return "their own" if seat == view.seat else f"{view.name(seat)}'s"

    moves: list[str] = []
    current: list[str] = []  # what the moving unit did
    unit = -1
    squares = 0
    placed = 0
    parts: list[str] = []

    def close() -> None:
        nonlocal unit, squares, current
        if unit >= 0 and (squares or current):
            path = [f"{squares} square{'s' if squares != 1 else ''}"] if squares else []
            moves.append(f"{piece_words(cfg, unit)} ({', '.join(path + current)})")
        unit, squares, current = -1, 0, []

    for step in view.steps:
        assert step.action is not None
        action = step.action
        if state.phase == TOSS:
            parts.append(f"coin toss: {view.name(action)} is Player 1 and moves first")
            state.apply_action(action)
            continue
        kind, arg = cfg.actions.decode(action)
        if state.phase == SETUP:
            placed += 1
        elif kind == act.KIND_SELECT:
            close()
            unit = state.turn_player() * cfg.num_slots + arg
        elif kind == act.KIND_STEP:
            squares += 1
            target = cfg.neighbours[4 * state.pos[state.active] + arg]
            victim = state.board[target] if target >= 0 else -1
            if victim >= 0 and cfg.unit_owner[victim] != state.mover:
                current.append(f"attacked {owner_words(victim)} {piece_words(cfg, victim)}")
        elif kind == act.KIND_TARGET and state.phase == DISPLACE:
            current.append(f"sent it to {square_words(cfg, arg)}")
        elif kind == act.KIND_PICK_UP:
            current.append(f"picked up {pile_owner(arg)} feed pile")
        elif kind == act.KIND_DROP:
            carried = state.carried_pile(state.active)
            current.append(f"dropped {pile_owner(carried)} feed pile")
        state.apply_action(action)
    close()
    if placed:
        parts.append(f"set up {placed} piece{'s' if placed != 1 else ''}")
    if moves:
        parts.append("moved " + join_words(moves))
    elif view.complete and view.seat is not None and not placed:
        parts.append("passed")
    if state.is_terminal():
        parts.append(_result_words(state, view))
    text = "; ".join(parts)
    if view.seat is None:
        return text[:1].upper() + text[1:]
    return f"{view.who} {text or 'is thinking'}"


def _result_words(state: AnimalFarmRules, view: TurnView) -> str:
    """How the finished game ended: the winner (AF-R23) or a draw (AF-R24)."""
    winners = [seat for seat in (0, 1) if state.returns()[seat] > 0]
    if winners:
        return f"{view.name(winners[0])} won: both feed piles are in their base"
    return "the game ends in a draw"


def join_words(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
