"""A text board for the terminal: ``render(state, seat) -> str`` (Rich markup), and
``status(state, seat)``, one line above a prompt.

The farm grid shows each tile by a letter (``g`` grass, ``h`` hay, ``c`` corn, ``r`` carrot,
``a`` apple, ``.`` empty field, ``F`` forest, ``~`` lake, ``B`` a barn) and the pieces on it in
their faction's colour: ``1``-``3`` for the Generals, ``S`` for a Super Army. Below it: every
battalion with its ATK/DEF, tokens, hand sizes (the viewer's own cards by name), and the
battle being fought with its dice.
"""

from __future__ import annotations

from rich.markup import escape

from farmstead.games.livestock_uprising.layout import (
    BARN,
    NO,
    OUTCOME_NAMES,
    PHASE_NAMES,
    SUPER_ARMY,
)
from farmstead.games.livestock_uprising.rules import LURules
from farmstead.games.livestock_uprising.words import card_name, faction_name, piece_words

TILE_LETTERS = {
    "grass": "g",
    "hay": "h",
    "corn": "c",
    "carrot": "r",
    "apple": "a",
    "empty": ".",
    "forest": "F",
    "lake": "~",
}
RICH_COLOURS = {"blue": "bright_blue", "red": "red", "green": "green", "black": "bright_black"}


def _colour(state: LURules, seat: int) -> str:
    f = state.faction[seat]
    if f == NO:
        return "white"
    return RICH_COLOURS.get(state.cfg.catalog.factions[f].barn_colour, "white")


def _cell_text(state: LURules, cell: int) -> str:
    tile = state.tiles[cell]
    if tile == NO:
        letter = "?"
    elif tile >= BARN:
        letter = "B"
    else:
        letter = TILE_LETTERS.get(state.cfg.catalog.tile_types[tile], "?")
    pieces = state.pieces_at(cell)
    if not pieces:
        text = f" {letter} "
        return f"[{_colour(state, tile - BARN)}]{text}[/]" if tile >= BARN else text
    marks = "".join("S" if p % 4 == SUPER_ARMY else str(p % 4 + 1) for p in pieces)
    seat = pieces[0] // 4
    return f"[bold {_colour(state, seat)}]{letter}{marks:<2}[/]"


def render_map(state: LURules) -> str:
    side = state.cfg.side
    lines = ["    " + "".join(f"{c:^3}" for c in range(side))]
    for r in range(side):
        lines.append(f"{r:>3} " + "".join(_cell_text(state, r * side + c) for c in range(side)))
    return "\n".join(lines)


def render(state: LURules, seat: int | None = None) -> str:
    """The board and everything ``seat`` may see (``None``: a spectator)."""
    cfg = state.cfg
    cat = cfg.catalog
    lines = [render_map(state), ""]
    lines.append(f"Round {state.round} of at most {cfg.round_limit} — {PHASE_NAMES[state.phase]}")
    for s in range(cfg.num_players):
        name = f"[{_colour(state, s)}]{escape(faction_name(state, s))}[/]"
        status = "" if state.alive[s] else " (eliminated)"
        tokens = ", ".join(
            f"{state.tokens[5 * s + r]} {res}"
            for r, res in enumerate(cat.resources)
            if state.tokens[5 * s + r]
        )
        cards = f"{state.hidden_count(s)} hidden card(s)"
        if seat == s:
            mine = [card_name(state, c) for c in state.holds(s)]
            cards = "cards: " + (", ".join(mine) if mine else "none")
        lines.append(
            f"{'*' if s == state.active else ' '}{name}{status}: tokens {tokens or 'none'}; {cards}"
        )
        for slot in range(4):
            pid = 4 * s + slot
            if state.pos[pid] == NO:
                continue
            r, c = divmod(state.pos[pid], cfg.side)
            units = ", ".join(cat.units[u].name for u in state.units[pid]) or "no units"
            lines.append(
                f"    {escape(piece_words(state, s, slot))} at ({r}, {c}): "
                f"ATK {state.attack_value(pid)} DEF {state.defence_value(pid)} — {escape(units)}"
            )
    battle = state.battle
    if battle is not None:
        a = battle.attacker
        d = battle.defenders[0]
        lines.append(
            f"Battle: {escape(piece_words(state, a // 4, a % 4))} attacks "
            f"{escape(piece_words(state, d // 4, d % 4))}; dice {battle.a_dice} against "
            f"{battle.d_dice}"
            + (f"; {OUTCOME_NAMES[battle.outcome]}" if battle.outcome != NO else "")
        )
    if state.winners:
        lines.append(
            "Winner(s): " + ", ".join(escape(faction_name(state, s)) for s in state.winners)
        )
    return "\n".join(lines)


def status(state: LURules, seat: int | None = None) -> str:
    """One line above a prompt: whose turn, the phase, the acting piece's steps."""
    turn = state.turn
    text = f"{escape(faction_name(state, state.active))} — {PHASE_NAMES[state.phase]}"
    if turn is not None and turn.piece != NO:
        text += f" — steps {turn.steps}/{turn.limit}"
    return text
