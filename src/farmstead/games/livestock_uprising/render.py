"""A text board for the terminal: ``render(state, seat) -> str`` (Rich markup), ``status(state,
seat)``, one line above a prompt, and the pages behind the prompt's extra words (``legend``,
``cards``, ``status``, ``units``, ``deck``).

The board fits an 80×24 terminal and reads without colour. Each cell of the map is six
characters: the tile's letter (``g`` grass, ``h`` hay, ``c`` corn, ``r`` carrot, ``a`` apple,
``.`` empty field, ``F`` forest, ``~`` lake, ``B`` a barn, ``?`` not turned up), ``*`` when it is
scorched, then the pieces on it: their faction's letter (``H`` Chickens, ``C`` Cows, ``G``
Goats, ``P`` Pigs) and ``1``-``3`` for the Generals, ``S`` for a Super Army, ``+`` after a
fortified piece, ``#`` after a Super Army behind a Shield Wall. A stack too long for its cell
shows ``&`` and is listed under the map. Below it: one line per faction (tokens, cards, each
piece's ATK/DEF), the viewer's cards with what they do, the battle being fought, and the round
and phase. ``render_legend`` explains all of it in words.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from rich.markup import escape

from farmstead.games.livestock_uprising.layout import (
    BARN,
    MOVE,
    NO,
    OUTCOME_NAMES,
    SUPER_ARMY,
)
from farmstead.games.livestock_uprising.rules import LURules
from farmstead.games.livestock_uprising.words import (
    STARS,
    card_name,
    card_short,
    card_when_words,
    cell_words,
    faction_name,
    option_words,
    phase_words,
    piece_words,
)

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
# The letter of each faction's pieces, by faction code; other factions take the first free
# capital of their name.
FACTION_LETTERS = {"CH": "H", "CO": "C", "GO": "G", "PI": "P"}
CELL = 6  # characters per map cell, a space between cells
PIECE_ROOM = CELL - 2  # after the tile letter and the scorch mark
SCREEN_ROWS = 24  # what the board, the options and the prompt must fit in
FORTIFIED = "+"
SHIELDED = "#"
OVERFLOW = "&"
SCORCHED = "*"

_MARKUP = re.compile(r"\[/?[a-z_ ]*\]")


def plain(text: str) -> str:
    """``text`` without its Rich markup (what a terminal without colour shows)."""
    return _MARKUP.sub("", text).replace("\\[", "[")


def faction_letters(state: LURules) -> tuple[str, ...]:
    """The letter of every faction of the data (by faction index), each different."""
    letters: list[str] = []
    for f in state.cfg.catalog.factions:
        letter = FACTION_LETTERS.get(f.code, "")
        if not letter or letter in letters:
            free = [ch for ch in f.name.upper() if ch.isalpha() and ch not in letters]
            letter = free[0] if free else str(len(letters))
        letters.append(letter)
    return tuple(letters)


def seat_letter(state: LURules, seat: int) -> str:
    """The letter of ``seat``'s pieces (its faction's), or its number before it has one."""
    f = state.faction[seat]
    return faction_letters(state)[f] if f != NO else str(seat + 1)


def _colour(state: LURules, seat: int) -> str:
    f = state.faction[seat]
    if f == NO:
        return "white"
    return RICH_COLOURS.get(state.cfg.catalog.factions[f].barn_colour, "white")


def _tile_letter(state: LURules, cell: int) -> str:
    tile = state.tiles[cell]
    if tile == NO:
        return "?"
    if tile >= BARN:
        return "B"
    return TILE_LETTERS.get(state.cfg.catalog.tile_types[tile], "?")


def piece_mark(state: LURules, pid: int) -> str:
    """A piece's mark after its faction's letter: '1'…'3' or 'S', with '+' when fortified
    and '#' for a Super Army behind a Shield Wall."""
    slot = pid % 4
    mark = "S" if slot == SUPER_ARMY else str(slot + 1)
    if state.fortified[pid]:
        mark += FORTIFIED
    if slot == SUPER_ARMY and state.shield[pid // 4]:
        mark += SHIELDED
    return mark


def _pieces_text(state: LURules, pieces: Sequence[int]) -> str:
    """The pieces of one cell: each faction's letter, then its pieces' marks ('H12')."""
    groups: dict[int, str] = {}
    for pid in pieces:
        groups[pid // 4] = groups.get(pid // 4, "") + piece_mark(state, pid)
    return "".join(seat_letter(state, seat) + marks for seat, marks in groups.items())


def _cell(state: LURules, cell: int) -> tuple[str, str | None]:
    """The cell as six characters of Rich markup, and its pieces in full when they did not
    fit (else ``None``)."""
    letter = _tile_letter(state, cell)
    tile = state.tiles[cell]
    if tile >= BARN:
        letter = f"[{_colour(state, tile - BARN)}]{letter}[/]"
    scorch = SCORCHED if state.scorched[cell] != NO else " "
    pieces = state.pieces_at(cell)
    if not pieces:
        return f"{letter}{scorch}{' ' * PIECE_ROOM}", None
    full = _pieces_text(state, pieces)
    shown = full if len(full) <= PIECE_ROOM else full[0] + OVERFLOW
    style = f"bold {_colour(state, pieces[0] // 4)}"
    pad = " " * (PIECE_ROOM - len(shown))
    return f"{letter}{scorch}[{style}]{escape(shown)}[/]{pad}", (None if shown == full else full)


def render_map(state: LURules) -> str:
    """The grid with row and column numbers, then the stacks too long for their cells."""
    side = state.cfg.side
    lines = ["    " + " ".join(f"{c:<{CELL}}" for c in range(side)).rstrip()]
    stacks = []
    for r in range(side):
        cells = []
        for c in range(side):
            text, full = _cell(state, r * side + c)
            cells.append(text)
            if full is not None:
                stacks.append(f"({r}, {c}) {full}")
        lines.append(f"{r:>2}  " + " ".join(cells).rstrip())
    if stacks:
        lines.append(escape("Stacks: " + "; ".join(stacks)))
    return "\n".join(lines)


def _tokens(state: LURules, seat: int) -> str:
    """'2g 1c' (the resource tiles' letters), or 'no tokens'."""
    cat = state.cfg.catalog
    held = [
        f"{state.tokens[5 * seat + r]}{TILE_LETTERS.get(res, res)}"
        for r, res in enumerate(cat.resources)
        if state.tokens[5 * seat + r]
    ]
    return " ".join(held) if held else "no tokens"


def _faction_line(state: LURules, seat: int, viewer: int | None) -> str:
    """'>H Chickens: 2g 1c | 3 cards | H1 2/1 H2 0/0 H3 0/0' (> marks the player to move)."""
    mark = ">" if seat == state.active else " "
    letter = seat_letter(state, seat)
    name = f"[{_colour(state, seat)}]{escape(letter)} {escape(faction_name(state, seat))}[/]"
    if state.faction[seat] == NO:
        return f"{mark}{name}: no faction yet"
    if not state.alive[seat]:
        return f"{mark}{name}: eliminated"
    count = state.hidden_count(seat)
    cards = "your cards below" if viewer == seat else f"{count} card{'s' if count != 1 else ''}"
    pieces = " ".join(
        f"{letter}{piece_mark(state, pid)} {state.attack_value(pid)}/{state.defence_value(pid)}"
        for pid in range(4 * seat, 4 * seat + 4)
        if state.piece_cell[pid] != NO
    )
    return f"{mark}{name}: {_tokens(state, seat)} | {cards} | {escape(pieces) or 'no pieces'}"


def _hand_lines(state: LURules, seat: int, compact: bool) -> list[str]:
    """The viewer's cards, each with what it does, or (``compact``) their names on one line."""
    cards = state.holds(seat)
    if not cards:
        return ["Your cards: none"]
    if compact:
        names = ", ".join(card_name(state, c) for c in cards)
        return [escape(f"Your cards: {names} ('cards' says what they do)")]
    lines = ["Your cards ('cards' for the full text and when to play them):"]
    for c in cards:
        lines.append(escape(f"  {card_name(state, c)}: {card_short(state, c)}"))
    return lines


def _battle_line(state: LURules) -> str | None:
    battle = state.battle
    if battle is None:
        return None
    a = battle.attacker
    d = battle.defenders[0]
    text = (
        f"Battle: {piece_words(state, a // 4, a % 4)} attacks "
        f"{piece_words(state, d // 4, d % 4)}; dice {_dice(battle.a_dice)} against "
        f"{_dice(battle.d_dice)}"
    )
    if battle.outcome != NO:
        text += f"; {OUTCOME_NAMES[battle.outcome]}"
    return escape(text)


def _dice(dice: Sequence[int]) -> str:
    return " and ".join(str(d) for d in dice) if dice else "not rolled yet"


def phase_line(state: LURules) -> str:
    """'Round 3 of at most 30 · Chickens: Action Phase: moving (step 1 of 2)'."""
    cfg = state.cfg
    who = faction_name(state, state.active)
    text = f"Round {state.round} of at most {cfg.round_limit} · {who}: {phase_words(state)}"
    if len(text) > 60:
        text = f"Round {state.round}/{cfg.round_limit} · {who}: {phase_words(state)}"
    turn = state.turn
    if state.phase == MOVE and turn is not None and turn.piece != NO:
        text += f" (step {turn.steps} of {turn.limit})"
    decider = state.decider
    if decider != NO and decider != state.active and not state.is_terminal():
        text += f"; {faction_name(state, decider)} decide"
    return escape(text)


def render(state: LURules, seat: int | None = None) -> str:
    """The board and everything ``seat`` may see (``None``: a spectator), in at most 24 rows
    with the options and the prompt that follow it."""
    n = state.cfg.num_players
    body = [render_map(state)]
    body += [_faction_line(state, s, seat) for s in range(n)]
    battle = _battle_line(state)
    tail = [battle] if battle is not None else []
    if state.winners:
        tail.append(
            escape("Winner(s): " + ", ".join(faction_name(state, s) for s in state.winners))
        )
    tail.append(phase_line(state))
    hand: list[str] = []
    if seat is not None and state.faction[seat] != NO:
        options = 0
        if not state.is_terminal() and state.current_player() == seat:
            options = len(state.legal_actions())
        used = sum(part.count("\n") + 1 for part in body + tail) + options + 2
        hand = _hand_lines(state, seat, compact=False)
        if used + len(hand) > SCREEN_ROWS:
            hand = _hand_lines(state, seat, compact=True)
    return "\n".join(body + hand + tail)


def status(state: LURules, seat: int | None = None) -> str:
    """One line above a prompt: how to learn more."""
    return "[dim]Type a number, or: cards, legend, status, units, deck, board, help[/]"


def menu(state: LURules, seat: int, legal: Sequence[int]) -> str:
    """The prompt's choices, one numbered line each, a card to play with what it does (it
    cannot be taken back once chosen, LU-R22)."""
    return "\n".join(
        f"  [bold]{number:>3}[/]  {escape(option_words(state, action))}"
        for number, action in enumerate(legal, start=1)
    )


# --- pages behind the prompt's extra words -----------------------------------------------------
def render_legend(state: LURules, seat: int | None = None) -> str:
    """Every symbol of the map and of the lines under it, in words."""
    play = state.cfg.catalog.play
    factions = state.cfg.catalog.factions
    letters = faction_letters(state)
    names = [
        f"[{RICH_COLOURS.get(f.barn_colour, 'white')}]{letters[i]}[/] {escape(f.name)}"
        f" ({escape(f.barn_colour)} barn)"
        for i, f in enumerate(factions)
    ]
    who = ["  ".join(names[i : i + 3]) for i in range(0, len(names), 3)]
    lines = [
        "[bold]Map legend[/]: each cell is a tile letter, a scorch mark, then its pieces.",
        "Tiles: g grass  h hay  c corn  r carrot  a apple (harvest these for tokens)",
        "       . empty field (no harvest)   F forest   ~ lake (nobody may enter these)",
        "       B barn (its faction's colour; Generals start there)   ? not turned up",
        f"{SCORCHED}      after the tile letter: scorched (Scorched Earth): it yields nothing",
        "       until the start of its scorcher's next turn",
        "Pieces: a faction letter, then 1 2 3 for its Generals (1, 2 and 3 Stars), S for",
        "        its Super Army; several marks: Generals stacked on one cell (a barn).",
        *[f"        {part}" for part in who],
        f"{escape(FORTIFIED)}      after a piece: fortified (Fortify), +{play.fortify} defence "
        "until its turn",
        f"{escape(SHIELDED)}      after S: Shield Wall, +{play.shield_wall} defence for the "
        "Super Army until its turn",
        f"{escape(OVERFLOW)}      more pieces than fit in the cell: see 'Stacks:' under the map",
        "Rows and columns are numbered; (2, 3) is row 2, column 3. Steps go 8 ways.",
        "Under the map: > marks the faction to move; its tokens (2g = 2 grass, same",
        "letters as the tiles); its cards; each piece with ATK/DEF, e.g. H1 2/1.",
    ]
    return "\n".join(lines)


def render_cards(state: LURules, seat: int | None = None) -> str:
    """The viewer's hand: each card's full effect and when it may be played."""
    if seat is None or state.faction[seat] == NO:
        return "You hold no cards yet."
    cards = state.holds(seat)
    if not cards:
        return "You hold no cards."
    lines = ["[bold]Your cards[/] (a played card cannot be taken back):"]
    for c in cards:
        info = state.cfg.catalog.cards[c]
        kind = "Battle Plans" if info.plan else "Command card"
        text = f"{info.name} ({kind}): {info.text} {card_when_words(state, c)}"
        lines += [escape(line) for line in _wrap(text)]
    return "\n".join(lines)


def render_deck(state: LURules, seat: int | None = None) -> str:
    """Every Command card and Battle Plans card in short: what an opponent may hold."""
    cat = state.cfg.catalog
    lines = ["[bold]Command cards[/] (3 dealt to each player; 'cards' for your own in full):"]
    for c, info in enumerate(cat.cards):
        if c == cat.command_cards:
            lines.append("[bold]Battle Plans[/] (one drawn when a Super Army forms):")
        lines.append(escape(f"  {info.name}: {card_short(state, c)}"))
    return "\n".join(lines)


def render_details(state: LURules, seat: int | None = None) -> str:
    """Every faction in full: tokens, cards, and each piece with its units and abilities."""
    cfg = state.cfg
    cat = cfg.catalog
    lines = [phase_line(state)]
    for s in range(cfg.num_players):
        name = f"[{_colour(state, s)}]{escape(faction_name(state, s))}[/]"
        if state.faction[s] == NO:
            lines.append(f"{name}: no faction yet")
            continue
        alive = "" if state.alive[s] else " (eliminated)"
        barn = state.barn[s]
        where = f", barn at {cell_words(state, barn)}" if barn != NO else ""
        tokens = ", ".join(
            f"{state.tokens[5 * s + r]} {res}"
            for r, res in enumerate(cat.resources)
            if state.tokens[5 * s + r]
        )
        if seat == s:
            cards = ", ".join(card_name(state, c) for c in state.holds(s)) or "none"
        else:
            cards = f"{state.hidden_count(s)} hidden"
        lines.append(f"{name}{alive}{escape(where)}: tokens {tokens or 'none'}; cards: {cards}")
        for slot in range(4):
            pid = 4 * s + slot
            if state.piece_cell[pid] == NO:
                continue
            extra = " fortified" if state.fortified[pid] else ""
            if slot == SUPER_ARMY and state.shield[s]:
                extra += " Shield Wall"
            lines.append(
                escape(
                    f"  {seat_letter(state, s)}{piece_mark(state, pid)} "
                    f"{_piece_title(state, s, slot)} at {cell_words(state, state.piece_cell[pid])}: "
                    f"ATK {state.attack_value(pid)} DEF {state.defence_value(pid)}{extra}"
                )
            )
            for u in state.units[pid]:
                unit = cat.units[u]
                ability = f" — {unit.text}" if unit.special and unit.effect else ""
                lines.append(escape(f"      {unit.name} {unit.atk}/{unit.defence}{ability}"))
            if not state.units[pid]:
                lines.append("      no units (ATK 0: it cannot attack)")
    scorched = [cell_words(state, c) for c, who in enumerate(state.scorched) if who != NO]
    if scorched:
        lines.append(escape("Scorched (no harvest): " + ", ".join(scorched)))
    return "\n".join(lines)


def _wrap(text: str, indent: int = 0) -> list[str]:
    """``text`` in lines of at most 79 characters, the later ones indented by two more."""
    return textwrap.wrap(
        text, 79, initial_indent=" " * indent, subsequent_indent=" " * (indent + 4)
    )


def _piece_title(state: LURules, seat: int, slot: int) -> str:
    return "Super Army" if slot == SUPER_ARMY else f"General ({STARS[slot]})"


def render_units(state: LURules, seat: int | None = None) -> str:
    """What may be marshaled: every Troop type, and the viewer's Special Forces with their
    abilities (LU §2.4, §2.5)."""
    cfg = state.cfg
    cat = cfg.catalog
    letters = {res: TILE_LETTERS.get(res, res) for res in cat.resources}

    def cost(u: int) -> str:
        return " ".join(
            f"{n}{letters[r]}" for r, n in zip(cat.resources, cat.units[u].cost, strict=True) if n
        )

    def icons(u: int) -> str:
        unit = cat.units[u]
        if unit.harvest_any:
            return "any"
        return " ".join(letters[cat.resources[r]] for r in sorted(unit.harvest)) or "-"

    lines = [
        "[bold]Troops[/]: ATK/DEF, harvest icon, cost (g h c r a: grass hay corn carrot apple)",
    ]
    for t in range(cfg.troop_types):
        unit = cat.units[t]
        lines.append(
            escape(
                f"  {unit.name:<20} {unit.atk}/{unit.defence}  icon {icons(t):<4} "
                f"cost {cost(t):<8} {state.troops[t]} left"
            )
        )
    f = state.faction[seat] if seat is not None else NO
    if f != NO:
        lines.append(f"[bold]{escape(cat.factions[f].name)} Special Forces[/] (one of each):")
        for u in range(cfg.troop_types, len(cat.units)):
            unit = cat.units[u]
            if unit.faction != f:
                continue
            text = f"{unit.name} {unit.atk}/{unit.defence}, icon {icons(u)}, cost {cost(u)}: "
            lines += [escape(line) for line in _wrap(text + unit.text, indent=2)]
    lines.append("Grass needs no icon; a General harvests its tile with a matching icon.")
    return "\n".join(lines)
