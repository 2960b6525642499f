"""A text board of an Animal Farm position for the terminal (Rich markup optional).

Each square is five characters: the unit (``P1`` = Player 1's pig 1, ``G2`` a goat, ``H`` the
horse; lower case for Player 2; `` .`` an empty base square, `` ~`` an empty neutral square), then
the feed: ``+F`` / ``+f`` when the unit carries Player 1's / Player 2's pile, `` F`` / `` f`` for a
loose pile (``Ff`` both). The board is seen from the viewing seat's edge (Player 1's by default).
"""

from __future__ import annotations

from farmstead.games.animal_farm.layout import (
    ACTIVE,
    DISPLACE,
    FEED,
    KIND_NAMES,
    NEUTRAL,
    OVER,
    RESULT_NAMES,
    SETUP,
    TOSS,
    ZONE_NAMES,
)
from farmstead.games.animal_farm.rules import AnimalFarmRules
from farmstead.games.animal_farm.words import unit_label

LETTERS = ("P", "G", "H")
PILE_LETTERS = ("F", "f")
PLAYER_STYLES = ("bold blue", "bold red")
ZONE_LABELS = {"p1_base": "Player 1 base", "neutral": "neutral zone", "p2_base": "Player 2 base"}


def _style(text: str, style: str, markup: bool) -> str:
    return f"[{style}]{text}[/]" if markup and style else text


def unit_token(state: AnimalFarmRules, unit: int) -> str:
    """Two characters naming ``unit`` on the board, e.g. ``P1``, ``g3``, ``H ``."""
    cfg = state.cfg
    kind = cfg.unit_kind[unit]
    slot = unit % cfg.num_slots
    letter = LETTERS[kind] if cfg.unit_owner[unit] == 0 else LETTERS[kind].lower()
    same_kind = [s for s in range(cfg.num_slots) if cfg.slot_kind[s] == kind]
    number = str(same_kind.index(slot) + 1) if len(same_kind) > 1 else " "
    return letter + (number if len(number) == 1 else "+")


def _cell_text(state: AnimalFarmRules, cell: int, markup: bool) -> str:
    cfg = state.cfg
    unit = state.board[cell]
    if state.active >= 0 and state.pos[state.active] == cell:
        unit = state.active  # the moving unit is drawn on top of a friend it passes
    if unit >= 0:
        style = PLAYER_STYLES[cfg.unit_owner[unit]]
        if unit == state.active:
            style += " reverse"
        token = _style(unit_token(state, unit), style, markup)
    elif cfg.zone_of[cell] == NEUTRAL:
        token = _style(" ~", "green", markup)
    else:
        token = _style(" .", "dim", markup)
    carried = state.carried_pile(unit) if unit >= 0 else -1
    loose = [k for k in (0, 1) if state.pile_carrier[k] < 0 and state.pile_cell[k] == cell]
    if carried >= 0:
        feed = "+" + (PILE_LETTERS[carried] if not loose else "*")
    elif len(loose) == 2:
        feed = "Ff"
    elif loose:
        feed = " " + PILE_LETTERS[loose[0]]
    else:
        feed = "  "
    if feed.strip():
        feed = _style(feed, "bold yellow", markup)
    return token + feed


def _where(state: AnimalFarmRules, cell: int) -> str:
    x, y = state.cfg.xy(cell)
    return f"({x}, {y}) in the {ZONE_LABELS[ZONE_NAMES[state.cfg.zone_of[cell]]]}"


def _player_label(state: AnimalFarmRules, player: int) -> str:
    seat = state.seat_of(player)
    return f"Player {player + 1}" + (f" (Seat {seat + 1})" if seat >= 0 else "")


def render(state: AnimalFarmRules, seat: int | None = None, markup: bool = True) -> str:
    """The board, the feed piles and the turn's state (remaining moves, activated units) as
    text; seen from ``seat``'s edge when ``seat`` is Player 2. ``markup`` adds Rich styles."""
    cfg = state.cfg
    flip = seat is not None and state.player_of(seat) == 1
    rows = range(cfg.height) if flip else range(cfg.height - 1, -1, -1)
    cols = list(range(cfg.width - 1, -1, -1) if flip else range(cfg.width))
    lines = ["     " + "".join(f"x={x:<3}" if x < 10 else f"{x:<5}" for x in cols)]
    for y in rows:
        cells = " ".join(_cell_text(state, cfg.cell(x, y), markup) for x in cols)
        zone = ZONE_LABELS[ZONE_NAMES[cfg.zone_of[cfg.cell(0, y)]]]
        lines.append(f"y={y:<2} {cells}   {zone}")
    lines.append("")
    lines.extend(_status_lines(state, seat))
    lines.append(
        "Key: P/G/H = Player 1 pig/goat/horse, p/g/h = Player 2; F/f = Player 1's/Player 2's "
        "feed pile; +F = carried."
    )
    return "\n".join(lines)


def _status_lines(state: AnimalFarmRules, seat: int | None) -> list[str]:
    cfg = state.cfg
    lines: list[str] = []
    if seat is not None and state.p1_seat >= 0:
        lines.append(f"You are Seat {seat + 1}, playing as Player {state.player_of(seat) + 1}.")
    if state.phase == TOSS:
        lines.append("Coin toss: which seat is Player 1 (sets up and moves first)?")
        return lines
    if state.phase == SETUP:
        player, piece = cfg.setup_sequence[state.setup_step]
        what = (
            f"Player {player + 1}'s feed pile"
            if piece == FEED
            else unit_label(cfg, player * cfg.num_slots + piece)
        )
        lines.append(
            f"Setup: {_player_label(state, player)} places {what} "
            f"(piece {state.setup_step + 1} of {len(cfg.setup_sequence)})."
        )
    else:
        if state.phase == OVER:
            result = RESULT_NAMES[state.result]
            text = "a draw" if result == "draw" else f"Player {state.result + 1} wins"
            lines.append(f"Game over after {state.ply} turns: {text}.")
        else:
            lines.append(
                f"Turn {state.ply + 1} of {cfg.max_plies}: {_player_label(state, state.mover)} "
                "to move."
            )
        pools = ", ".join(
            f"{KIND_NAMES[k]}{'s' if cfg.slot_kind.count(k) > 1 else ''} "
            f"{state.pools[k]}/{cfg.pool_size[k]}"
            for k in range(3)
        )
        lines.append(f"Moves left: {pools}.")
        moved = [
            unit_label(cfg, state.mover * cfg.num_slots + s)
            for s in range(cfg.num_slots)
            if state.activated >> s & 1 and state.mover * cfg.num_slots + s != state.active
        ]
        lines.append("Already moved: " + (", ".join(moved) if moved else "none") + ".")
        if state.phase in (ACTIVE, DISPLACE):
            note = " (has attacked: no more steps)" if state.attacked else ""
            lines.append(f"Moving: {unit_label(cfg, state.active)}{note}.")
        if state.phase == DISPLACE:
            lines.append(
                f"Choose where {unit_label(cfg, state.victim)} goes "
                f"({ZONE_LABELS[ZONE_NAMES[cfg.zone_of[cfg.displace_cells[state.victim][0]]]]})."
            )
        if cfg.no_progress_plies:
            lines.append(
                f"Turns without a feed pile changing zone: {state.no_progress} "
                f"of {cfg.no_progress_plies}."
            )
    for k in (0, 1):
        name = f"Player {k + 1}'s feed pile ({PILE_LETTERS[k]})"
        carrier = state.pile_carrier[k]
        if carrier >= 0:
            lines.append(
                f"{name}: carried by {unit_label(cfg, carrier)} at "
                f"{_where(state, state.pos[carrier])}."
            )
        elif state.pile_cell[k] >= 0:
            lines.append(f"{name}: on {_where(state, state.pile_cell[k])}.")
    return lines
