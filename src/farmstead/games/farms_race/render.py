"""A text board for the terminal: ``render(state, seat) -> str`` (Rich markup), and
``status(state, seat)``, one line above a prompt.

The hex map is drawn row by row, odd rows shifted half a cell right (the odd-r layout of
FR-3.1). Each region is two lines: its type letter (``F`` Fields, ``W`` Forest, ``H`` Hills,
``A`` Weapons Factory, ``P`` Power Plant) with its building (``Brn`` Barn, ``Arm`` Armory) and ``*``
for Turmoil; then its herds in the owner's colour as ``healthy/injured``, or its Human token
(``?`` face down, ``h2`` two humans, a trailing ``s`` for a stand-in). Below the map: every
seat's Mutation, VP, hand and Spy cards (the viewer's own by kind, others by count), Nuke
tokens and supply; the combat, a nuke and the nuke-back stack, a trade, the dice.
"""

from __future__ import annotations

from rich.markup import escape

from farmstead.games.farms_race.layout import (
    ADORABLE,
    ARMORY,
    BARN,
    HUMANS,
    NO,
    NUM_SPY_KINDS,
    OVER,
    PHASE_NAMES,
    REGION_LETTERS,
    RESOURCE_IDS,
    VP_SPIES,
)
from farmstead.games.farms_race.rules import FRRules
from farmstead.games.farms_race.words import FACE_WORDS, region_name, seat_name

COLOURS = ("bright_white", "cyan", "magenta", "yellow")
LEGEND = escape(
    "[F Fields, W Forest, H Hills, A Weapons Factory, P Power Plant; "
    "Brn Barn, Arm Armory, * Turmoil; Co 2/1: 2 healthy and 1 injured herds of the Cows; "
    "? a face-down Human token, h2 two humans]"
)
CELL = 9


def _cell(state: FRRules, r: int, seat: int | None) -> tuple[str, str]:
    letter = REGION_LETTERS[state.cfg.region_type[r]]
    building = {BARN: "Brn", ARMORY: "Arm"}.get(state.building[r], "   ")
    turmoil = "*" if state.turmoil >> r & 1 else " "
    top = f"{letter}{r:>2} {building}{turmoil}".ljust(CELL)
    owner = state.owner[r]
    humans = _humans(state, r, seat)
    if owner != NO:
        healthy = state.hf[r] + state.ha[r]
        injured = state.hi[r] + state.ia[r]
        text = f"{seat_name(state, owner)[:2]} {healthy}/{injured}{humans}".ljust(CELL)
        bottom = f"[{COLOURS[owner]}]{escape(text)}[/]"
    else:
        bottom = escape(f"  {humans}".ljust(CELL)) if humans else " " * CELL
    return escape(top), bottom


def _humans(state: FRRules, r: int, seat: int | None) -> str:
    """A Human token as ``seat`` may see it: ``?`` face down (``?2``: Adorable peeked a 2),
    ``h2`` two humans face up (``h2s`` a stand-in)."""
    if state.face_down >> r & 1:
        mine = seat is not None and state.mutation[seat] == ADORABLE
        if state.peeked >> r & 1 and (mine or state.phase == OVER):
            return f"?{state.token[r]}"
        return "?"
    if state.token[r]:
        return f"h{state.token[r]}" + ("" if state.token_real >> r & 1 else "s")
    return ""


def _map(state: FRRules, seat: int | None) -> list[str]:
    cells = state.cfg.map.cells
    rows: dict[int, list[tuple[int, int]]] = {}
    for r, (row, col) in enumerate(cells):
        rows.setdefault(row, []).append((col, r))
    min_col = min(col for _, col in cells)
    lines = []
    for row in sorted(rows):
        indent = " " * ((CELL + 1) // 2 if row % 2 else 0)
        top = [indent]
        bottom = [indent]
        at = min_col
        for col, r in sorted(rows[row]):
            gap = " " * ((CELL + 1) * (col - at))
            t, b = _cell(state, r, seat)
            top.append(gap + t + " ")
            bottom.append(gap + b + " ")
            at = col + 1
        lines.append("".join(top).rstrip())
        lines.append("".join(bottom).rstrip())
    return lines


def _players(state: FRRules, seat: int | None) -> list[str]:
    c = state.cfg
    lines = []
    for s in range(c.players):
        name = seat_name(state, s)
        mark = ">" if s == state.active else " "
        if not state.alive(s):
            lines.append(f"{mark} [{COLOURS[s]}]{name}[/] eliminated")
            continue
        if s == seat or state.phase == OVER:
            hand = ", ".join(
                f"{state.hands[5 * s + k]} {RESOURCE_IDS[k]}"
                for k in range(5)
                if state.hands[5 * s + k]
            )
            hand = hand or "no cards"
        else:
            size = state.hand_size(s)
            hand = f"{size} card{'' if size == 1 else 's'}"
        mutation = state.mutation[s]
        power = f" ({c.catalog.mutations[mutation].name})" if mutation != NO else ""
        lines.append(
            f"{mark} [{COLOURS[s]}]{name}[/]{escape(power)}: {state.visible_vp(s)} VP "
            f"({state.vp_tokens[s]} tokens{', Nukiest' if state.nukiest == s else ''}) · hand "
            f"{hand} · {_spies(state, s, seat)} · Nukes {state.nukes_ready[s]} ready, "
            f"{state.nukes_spent[s]} spent · supply {state.herds_left[s]} herds, "
            f"{state.barns_left[s]} Barns, {state.armories_left[s]} Armories"
        )
    return lines


def _spies(state: FRRules, s: int, seat: int | None) -> str:
    """``s``'s Spy cards as ``seat`` may see them: by name for its owner, else a count; its
    revealed VP Spies for everyone."""
    cat = state.cfg.catalog
    b = NUM_SPY_KINDS * s
    if s == seat or state.phase == OVER and state.cfg.reveal_after_game:
        held = [
            f"{state.spies[b + k]} {cat.spies[k].name}"
            for k in range(NUM_SPY_KINDS)
            if state.spies[b + k]
        ]
        text = "Spies: " + (", ".join(held) or "none")
    else:
        count = state.spy_count(s)
        text = f"{count} Spy card{'' if count == 1 else 's'}"
    shown = [cat.spies[k].name for k in VP_SPIES if state.revealed[s] >> k & 1]
    if shown:
        text += f" (revealed {', '.join(shown)})"
    return text


def _exchanges(state: FRRules) -> list[str]:
    """A nuke being launched, the nuke-back stack, a trade window or proposal, in words."""
    lines = []
    if state.n_launcher != NO:
        target = "a target" if state.n_target == NO else region_name(state, state.n_target)
        lines.append(f"{seat_name(state, state.n_launcher)} nuke {target}")
    for responder, nuker, region in reversed(state.n_stack):
        lines.append(
            f"{seat_name(state, responder)} may nuke back at {seat_name(state, nuker)} "
            f"(nuked in {region_name(state, region)})"
        )
    if state.t_slot != NO:
        lines.append(f"Trade window: {seat_name(state, state.t_slot)} may propose a trade")
    if state.t_from != NO:
        give = ", ".join(f"{n} {RESOURCE_IDS[k]}" for k, n in enumerate(state.t_give) if n)
        ask = ", ".join(f"{n} {RESOURCE_IDS[k]}" for k, n in enumerate(state.t_ask) if n)
        lines.append(
            f"{seat_name(state, state.t_from)} offer {seat_name(state, state.t_to)}: "
            f"{give or 'nothing'} for {ask or 'nothing'}"
        )
    return [escape(line) for line in lines]


def _combat(state: FRRules) -> list[str]:
    if state.c_region == NO:
        return []
    place = region_name(state, state.c_region)
    if state.c_defender == HUMANS:
        defender = f"{state.c_humans} humans"
    else:
        r = state.c_region
        defender = f"{seat_name(state, state.c_defender)} {state.hf[r]}/{state.hi[r]}"
    h, i = state.c_att
    line = (
        f"Combat in {place}, round {state.c_round}: {seat_name(state, state.active)} "
        f"{h}/{i} against {defender}"
    )
    att, dfn = state.c_rolls
    if att != NO:
        line += f" · attacker rolled {att // 16} guns, {att % 16} heads"
    if dfn != NO:
        line += f"; defender rolled {dfn // 16} guns, {dfn % 16} heads"
    return [escape(line)]


def render(state: FRRules, seat: int | None) -> str:
    """The board as Rich markup, showing only what ``seat`` may see."""
    c = state.cfg
    lines = [escape(f"{c.map.label} · round {state.round} of at most {c.max_rounds}")]
    lines.extend(_map(state, seat))
    lines.append(LEGEND)
    lines.append("")
    lines.extend(_players(state, seat))
    lines.extend(_combat(state))
    lines.extend(_exchanges(state))
    if state.dice[0] != NO:
        named = f" (wild named {', '.join(RESOURCE_IDS[k] for k in state.named)})"
        lines.append(
            f"Resource dice: {FACE_WORDS[state.dice[0]]} and {FACE_WORDS[state.dice[1]]}"
            + (named if state.named else "")
        )
    return "\n".join(lines)


def status(state: FRRules, seat: int | None) -> str:
    """One line: whose turn it is, the phase, and the target."""
    if state.phase == OVER:
        names = " and ".join(seat_name(state, s) for s in state.winners)
        return f"Game over: {names} won."
    phase = PHASE_NAMES[state.phase].replace("_", " ")
    who = seat_name(state, state.active) if state.active != NO else "nobody yet"
    deciding = ""
    if state.decider not in (NO, state.active):
        deciding = f" · {seat_name(state, state.decider)} to decide"
    return f"Turn: {who} · {phase}{deciding} · first to {state.cfg.target_vp} VP wins"
