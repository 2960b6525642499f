"""A text board for the terminal: ``render(state, seat) -> str`` (Rich markup), ``status(state,
seat)``, one line above a prompt, ``menu(state, seat, legal)``, the prompt's choices grouped by
kind, and the words the terminal prompt offers (``legend``, ``mutations``, ``spies``, ``cards``,
``players``).

Everything fits an 80×24 terminal. The hex map is drawn row by row, odd rows shifted half a cell
right (the odd-r layout of FR-3.1), with the players beside it. Each region is two lines: its
label, the type letter and its (row, column) as the words name it (``A2,1`` is "Weapons Factory
(2, 1)"), ``*`` right after it for Turmoil, and its building (``Brn`` Barn, ``Arm`` Armory); then
its herds in the owner's colour as ``healthy/injured`` (``Co3/1``), and its Human token (``?``
face down, ``h2`` two humans, during a combat those still standing, a trailing ``s`` for a
stand-in). ``legend`` says all of this in words.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from functools import cache
from importlib import resources

from rich.markup import escape

from farmstead.games.farms_race.actions import MUTATION, PLAY_SPY, TRADE
from farmstead.games.farms_race.layout import (
    ADORABLE,
    ARMORY,
    BARN,
    BUILD_ARMORY,
    BUILD_BARN,
    BUILD_NUKE,
    BUILD_SPY,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    HUMANS,
    MOVE_SELECT,
    NO,
    NUM_SPY_KINDS,
    OVER,
    PHASE_NAMES,
    REGION_LETTERS,
    RESOURCE_IDS,
    VP_SPIES,
)
from farmstead.games.farms_race.rules import FRRules
from farmstead.games.farms_race.words import (
    FACE_WORDS,
    REGION_NAMES,
    action_to_string,
    region_name,
    seat_name,
)

WIDTH = 80  # the terminal the board is laid out for: 80 columns …
MENU_LINES = 7  # … and 24 rows: the board, the status line, this many menu lines, the prompt
COLOURS = ("bright_white", "cyan", "magenta", "yellow")
GAP = 2  # columns between the map and the players beside it
LEGEND_HINT = "'legend' explains the map, 'help' lists more words"
PHASE_WORDS = {  # as the browser board says them (board.js PHASE_WORDS)
    "first_seat": "drawing the first player",
    "deal_mutation": "dealing Mutations",
    "choose_mutation": "choosing a Mutation",
    "choose_start": "choosing a start region",
    "start_roll": "rolling starting resources",
    "start_choice": "choosing a starting resource",
    "prep_place": "placing new herds",
    "actions": "Actions: move, heal, build, trade, nuke, play Spies",
    "move_select": "assembling a move",
    "reveal": "revealing a Human token",
    "roll_attacker": "combat: the attacker rolls",
    "roll_defender": "combat: the defender rolls",
    "allocate_attacker": "combat: the attacker allocates damage",
    "allocate_defender": "combat: the defender allocates damage",
    "attacker_decides": "combat: the attacker fights on or retreats",
    "defender_decides": "combat: the defender fights on or retreats",
    "route_retreat": "combat: routing the retreating herds",
    "roll_resources": "rolling the resource dice",
    "name_wild": "naming a wild face",
    "steal_victim": "choosing whom to steal from",
    "steal_draw": "stealing a card",
    "resources": "Resources: build, trade, nuke, then end the phase",
    "discard_phase": "End of turn: last builds, then end the turn",
    "discard": "discarding down to the hand limit",
    "redo_offer": "keeping or replaying the first turn",
    "peek": "peeking at a Human token",
    "fly_source": "Flying: choose a region to fly a herd from",
    "fly_health": "Flying: choose the herd",
    "fly_dest": "Flying: choose where the herd lands",
    "lucky_face": "Lucky: choosing the resource faces",
    "doubles_order": "doubles: choosing what comes first",
    "payment": "paying for a build",
    "spy_draw": "drawing a Spy card",
    "spy_window": "playing Spies in the combat",
    "spy_opponent": "choosing whom a Spy card hits",
    "blackmail_take": "Blackmail: taking cards",
    "agent_draw": "Double Agent: taking cards",
    "spy_resource": "naming a resource for a Spy card",
    "nuke_target": "choosing a Nuke's target",
    "hack": "deciding whether to play Hacking",
    "pocket_allocate": "allocating a Pocket Nuke's damage",
    "nuke_response": "deciding whether to nuke back",
    "trade_slot": "trade window: propose a trade or pass",
    "trade_propose": "composing a trade proposal",
    "trade_respond": "answering a trade proposal",
    "over": "game over",
}


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _abbrev(state: FRRules, seat: int) -> str:
    """Two letters of a species on the map: ``Co`` Cows, ``Sh`` Sheep, ``Pi`` Pigs, ``Ch``
    Chickens."""
    return seat_name(state, seat)[:2]


def _humans(state: FRRules, r: int, seat: int | None) -> str:
    """A Human token as ``seat`` may see it: ``?`` face down (``?2``: Adorable peeked a 2),
    ``h2`` two humans face up (``h2s`` a stand-in). In the region of a combat, the humans
    still standing (the token shows its face from before the fight until the fight ends)."""
    in_combat = r == state.combat_region and (
        state.combat_defender == HUMANS or state.combat_adorable != NO
    )
    if in_combat and not state.face_down >> r & 1:
        return f"h{state.combat_humans}" + ("" if state.token_real >> r & 1 else "s")
    if state.face_down >> r & 1:
        mine = seat is not None and state.mutation[seat] == ADORABLE
        if state.peeked >> r & 1 and (mine or state.phase == OVER):
            return f"?{state.token[r]}"
        return "?"
    if state.token[r]:
        return f"h{state.token[r]}" + ("" if state.token_real >> r & 1 else "s")
    return ""


def _cell(state: FRRules, r: int, seat: int | None) -> tuple[str, str, int | None]:
    """A region's two lines as plain text, and its owner (whose colour the second is in)."""
    row, col = state.cfg.map.cells[r]
    letter = REGION_LETTERS[state.cfg.region_type[r]]
    turmoil = "*" if state.turmoil >> r & 1 else " "
    building = {BARN: "Brn", ARMORY: "Arm"}.get(state.building[r], "")
    top = f"{letter}{row},{col}{turmoil}{building}"
    owner = state.owner[r]
    humans = _humans(state, r, seat)
    if owner != NO:
        healthy = state.healthy_ready[r] + state.healthy_acted[r]
        injured = state.injured_ready[r] + state.injured_acted[r]
        herds = f"{_abbrev(state, owner)}{healthy}/{injured}"
        return top, f"{herds} {humans}" if humans else herds, owner
    return top, humans, None


def _map(state: FRRules, seat: int | None) -> tuple[list[str], int]:
    """The map's lines (Rich markup) and their width in columns."""
    cells = state.cfg.map.cells
    drawn = [_cell(state, r, seat) for r in range(len(cells))]
    width = max(8, *(max(len(top), len(bottom)) for top, bottom, _ in drawn))
    rows: dict[int, list[tuple[int, int]]] = {}
    for r, (row, col) in enumerate(cells):
        rows.setdefault(row, []).append((col, r))
    min_col = min(col for _, col in cells)
    max_col = max(col for _, col in cells)
    step = width + 1
    shift = (step + 1) // 2
    map_width = shift + step * (max_col - min_col + 1) - 1
    lines = []
    for row in sorted(rows):
        base = shift if row % 2 else 0
        top_line: list[str] = []
        bottom_line: list[str] = []
        pos = 0
        for col, r in sorted(rows[row]):
            gap = " " * (base + step * (col - min_col) - pos)
            top, bottom, owner = drawn[r]
            top_line.append(gap + escape(top.ljust(width)))
            text = escape(bottom.ljust(width))
            if owner is not None:
                text = f"[{COLOURS[owner]}]{text}[/]"
            bottom_line.append(gap + text)
            pos += len(gap) + width
        for line in ("".join(top_line), "".join(bottom_line)):
            lines.append(line + " " * max(0, map_width - len(_plain(line))))
    return lines, map_width


def _seat_lines(state: FRRules, s: int) -> list[str]:
    """One player beside the map, in three short lines: VP, Mutation, what they hold."""
    c = state.cfg
    name = f"[{COLOURS[s]}]{escape(seat_name(state, s))}[/]"
    mark = ">" if s == state.active else " "
    if not state.alive(s):
        return [f"{mark} {name}: out of the game"]
    nukiest = ", Nukiest" if state.nukiest == s else ""
    mutation = state.mutation[s]
    power = c.catalog.mutations[mutation].name if mutation != NO else "no Mutation yet"
    held = [_plural(state.hand_size(s), "card"), _plural(state.spy_count(s), "Spy", "Spies")]
    if state.nukes_ready[s]:
        held.append(_plural(state.nukes_ready[s], "Nuke"))
    return [
        f"{mark} {name}: {state.visible_vp(s)} VP{nukiest}",
        f"    {escape(power)}",
        f"    {', '.join(held)}",
    ]


def _hand(state: FRRules, s: int) -> str:
    hand = ", ".join(
        f"{state.hands[5 * s + k]} {RESOURCE_IDS[k]}" for k in range(5) if state.hands[5 * s + k]
    )
    return hand or "no cards"


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
        text = _plural(state.spy_count(s), "Spy card")
    shown = [cat.spies[k].name for k in VP_SPIES if state.revealed[s] >> k & 1]
    if shown:
        text += f" (revealed {', '.join(shown)})"
    return text


def _supply(state: FRRules, s: int) -> str:
    return (
        f"supply {_plural(state.herds_left[s], 'herd')}, {_plural(state.barns_left[s], 'Barn')}, "
        f"{_plural(state.armories_left[s], 'Armory', 'Armories')}"
    )


def _you(state: FRRules, seat: int | None) -> list[str]:
    """The viewer's own cards and supply, which only they see."""
    if seat is None or state.phase == OVER or not state.alive(seat):
        return []
    nukes = (
        f" · {_plural(state.nukes_ready[seat], 'Nuke')} ready" if state.nukes_ready[seat] else ""
    )
    line = (
        f"You ({seat_name(state, seat)}): {_hand(state, seat)} · {_spies(state, seat, seat)}"
        f"{nukes} · {_supply(state, seat)}"
    )
    return [escape(line)]


def _exchanges(state: FRRules) -> list[str]:
    """A nuke being launched, the nuke-back stack, a trade window or proposal, in words."""
    lines = []
    if state.nuke_launcher != NO:
        target = "a target" if state.nuke_target == NO else region_name(state, state.nuke_target)
        lines.append(f"{seat_name(state, state.nuke_launcher)} nuke {target}")
    for responder, nuker, region in reversed(state.nuke_responses):
        lines.append(
            f"{seat_name(state, responder)} may nuke back at {seat_name(state, nuker)} "
            f"(nuked in {region_name(state, region)})"
        )
    if state.trade_slot != NO:
        lines.append(f"Trade window: {seat_name(state, state.trade_slot)} may propose a trade")
    if state.trade_proposer != NO:
        give = ", ".join(f"{n} {RESOURCE_IDS[k]}" for k, n in enumerate(state.trade_give) if n)
        ask = ", ".join(f"{n} {RESOURCE_IDS[k]}" for k, n in enumerate(state.trade_ask) if n)
        lines.append(
            f"{seat_name(state, state.trade_proposer)} offer {seat_name(state, state.trade_recipient)}: "
            f"{give or 'nothing'} for {ask or 'nothing'}"
        )
    return [escape(line) for line in lines]


def _roll(outcome: int) -> str:
    guns, heads = divmod(outcome, 16)
    parts = [_plural(guns, "gun")] if guns else []
    if heads:
        parts.append(_plural(heads, "head"))
    return ", ".join(parts) or "no hits"


def _combat(state: FRRules) -> list[str]:
    """The combat in progress: who fights whom with what now, and the last roll."""
    if state.combat_region == NO:
        return []
    place = region_name(state, state.combat_region)
    h, i = state.combat_attackers
    r = state.combat_region
    humans = _plural(state.combat_humans, "human")
    if state.combat_defender == HUMANS:
        defender = humans if not state.face_down >> r & 1 else "a face-down Human token"
    else:
        defender = (
            f"{seat_name(state, state.combat_defender)} ({state.healthy_ready[r]} healthy, {state.injured_ready[r]} "
            "injured herds)"
        )
        if state.combat_humans:
            defender += f" and {humans}"
    line = (
        f"Combat in {place}, round {state.combat_round}: {seat_name(state, state.active)} "
        f"({h} healthy, {i} injured herds) against {defender}."
    )
    att, dfn = state.combat_roll_outcomes
    if att != NO:
        line += f" Last roll: attacker {_roll(att)}"
        line += f", defender {_roll(dfn)}." if dfn != NO else "."
    return [escape(line)]


def render(state: FRRules, seat: int | None) -> str:
    """The board as Rich markup, showing only what ``seat`` may see, at most 80 columns wide."""
    c = state.cfg
    label = c.map.label.split(" (")[0]
    head = f"{label} · round {state.round} of {c.max_rounds} · first to {c.target_vp} VP wins"
    lines = [escape(head)]
    map_lines, map_width = _map(state, seat)
    side: list[str] = []
    for s in range(c.players):
        side.extend(_seat_lines(state, s))
    for k in range(max(len(map_lines), len(side))):
        left = map_lines[k] if k < len(map_lines) else " " * map_width
        right = side[k] if k < len(side) else ""
        lines.append((left + " " * GAP + right).rstrip() if right else left.rstrip())
    lines.extend(_you(state, seat))
    lines.extend(_combat(state))
    lines.extend(_exchanges(state))
    if state.dice[0] != NO:
        named = f" (wild named {', '.join(RESOURCE_IDS[k] for k in state.named)})"
        lines.append(
            f"Resource dice: {FACE_WORDS[state.dice[0]]} and {FACE_WORDS[state.dice[1]]}"
            + (named if state.named else "")
        )
    return "\n".join(lines)


def _doing(state: FRRules) -> str:
    """What the decision in progress is about, with the count of herds chosen for a move."""
    if state.phase == MOVE_SELECT and state.move_dest != NO:
        healthy = sum(h for _, h, _ in state.move_sel)
        injured = sum(i for _, _, i in state.move_sel)
        return (
            f"move into {region_name(state, state.move_dest)}: "
            f"{_plural(healthy + injured, 'herd')} chosen ({healthy} healthy, {injured} injured)"
        )
    if state.phase in (FLY_SOURCE, FLY_HEALTH, FLY_DEST):
        flown = f" ({_plural(state.flights, 'herd')} flown so far)"
        return PHASE_WORDS[PHASE_NAMES[state.phase]] + flown
    return PHASE_WORDS.get(PHASE_NAMES[state.phase], PHASE_NAMES[state.phase].replace("_", " "))


def status(state: FRRules, seat: int | None) -> str:
    """One line: whose turn it is and what is being decided (a move: the herds chosen)."""
    if state.phase == OVER:
        names = " and ".join(seat_name(state, s) for s in state.winners)
        return f"Game over: {names} won."
    who = f"{seat_name(state, state.active)}' turn" if state.active != NO else "Setup"
    deciding = ""
    if state.decider not in (NO, state.active):
        deciding = f" · {seat_name(state, state.decider)} to decide"
    return escape(f"{who}{deciding} · {_doing(state)}")


# --- the prompt's choices ---------------------------------------------------------------------
def _wrap(items: Sequence[str], lead: str, indent: int) -> list[str]:
    """``items`` (Rich markup, each kept whole) after ``lead``, as few lines of at most
    ``WIDTH`` columns as they take; the lines after the first indented by ``indent``."""
    lines: list[str] = []
    line, used = lead, len(_plain(lead))
    for k, item in enumerate(items):
        sep = "" if k == 0 else " · "
        size = len(_plain(item))
        if k and used + len(sep) + size > WIDTH - 1:
            lines.append(line)
            line, used, sep = " " * indent, indent, ""
        line += sep + item
        used += len(sep) + size
    lines.append(line)
    return lines


def _fill(text: str, first: str = "", rest: str = "  ") -> str:
    """Plain ``text`` wrapped to the terminal's width with a hanging indent, as markup."""
    wrapped = textwrap.wrap(
        text, WIDTH - 1, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )
    return "\n".join(escape(line) for line in wrapped)


def _block(lines: Sequence[str]) -> str:
    """Plain lines as markup, each wrapped to the terminal's width under its own indent."""
    out = []
    for line in lines:
        lead = line[: len(line) - len(line.lstrip())]
        out.append(_fill(line.lstrip(), lead, lead + "  "))
    return "\n".join(out)


def _plain(markup: str) -> str:
    return re.sub(r"(?<!\\)\[/?[a-z_ ]*\]", "", markup).replace("\\[", "[")


def _common(texts: Sequence[str]) -> tuple[str, str]:
    """The words every text starts with and ends with (whole words)."""
    split = [t.split(" ") for t in texts]
    shortest = min(len(w) for w in split)
    head = 0
    while head < shortest - 1 and len({w[head] for w in split}) == 1:
        head += 1
    tail = 0
    while tail < shortest - head - 1 and len({w[-1 - tail] for w in split}) == 1:
        tail += 1
    first = split[0]
    return " ".join(first[:head]), " ".join(first[len(first) - tail :]) if tail else ""


def _number(n: int) -> str:
    return f"[bold]{n}[/]"


def menu(state: FRRules, seat: int, legal: Sequence[int]) -> str:
    """The choices of the prompt, ``n`` standing for ``legal[n - 1]``: actions of one kind on
    one line ("move into: 1 Forest (0, 1) · 2 Hills (1, 2)"), single actions several to a line,
    a Mutation or a Spy card one to a line with what it does."""
    layout = state.cfg.layout
    cat = state.cfg.catalog
    groups: list[tuple[tuple[int, int], list[tuple[int, int]]]] = []
    for n, action in enumerate(legal, start=1):
        kind, arg = layout.decode(action)
        key = (kind, arg // 5 if kind == TRADE else 0)
        if groups and groups[-1][0] == key:
            groups[-1][1].append((n, action))
        else:
            groups.append((key, [(n, action)]))
    lines: list[str] = []
    singles: list[str] = []

    def flush() -> None:
        if singles:
            lines.extend(_wrap(singles, "  ", 2))
            singles.clear()

    for (kind, _), members in groups:
        if kind in (MUTATION, PLAY_SPY):
            flush()
            lines.append("  " + ("choose a Mutation:" if kind == MUTATION else "Spy cards:"))
            for n, action in members:
                arg = layout.decode(action)[1]
                card = cat.mutations[arg] if kind == MUTATION else cat.spies[arg]
                words = card.name if kind == MUTATION else action_to_string(state, action)
                text = _fill(f"{n} {words} — {card.summary}", "    ", "      ")
                lines.append(text.replace(f"    {n} ", f"    {_number(n)} ", 1))
            continue
        texts = [action_to_string(state, action) for _, action in members]
        if len(members) == 1:
            singles.append(f"{_number(members[0][0])} {escape(texts[0])}")
            continue
        flush()
        prefix, suffix = _common(texts)
        items = []
        for (n, _), text in zip(members, texts, strict=True):
            middle = text[len(prefix) : len(text) - len(suffix)].strip()
            items.append(f"{_number(n)} {escape(middle)}")
        heading = prefix + (" … " + suffix if suffix else "")
        lead = f"  {escape(heading)}: "
        lines.extend(_wrap(items, lead, 4))
    flush()
    return "\n".join(lines)


# --- words the prompt offers ------------------------------------------------------------------
@cache
def _prose_effects() -> dict[str, str]:
    """Each Mutation's and Spy card's effect as the rules for people say it (``rules_prose.md``,
    "* **Name** — what it does"), by name."""
    text = resources.files("farmstead.games.farms_race").joinpath("rules_prose.md").read_text()
    effects: dict[str, str] = {}
    for item in re.findall(r"^\* (\*\*.+?)(?=^\* |^\n|^#)", text, re.M | re.S):
        names, _, effect = item.partition(" — ")
        effect = " ".join(effect.split()).replace("**", "")
        for name in re.findall(r"\*\*(.+?)\*\*", names):
            effects[name] = effect
    return effects


def legend(state: FRRules, seat: int | None) -> str:
    """Every symbol of the board in words."""
    letters = ", ".join(
        f"{letter} {REGION_NAMES[t]}"
        for letter, t in zip(REGION_LETTERS, REGION_NAMES, strict=True)
    )
    species = ", ".join(
        f"{_abbrev(state, s)} {seat_name(state, s)}" for s in range(state.cfg.players)
    )
    lines = [
        "The map: each hex region is two lines. Odd rows sit half a region to the right.",
        "  Line 1: the type letter, then the row,column: A2,1 is the region the choices",
        "    call 'Weapons Factory (2, 1)'. Letters:",
        f"    {letters}.",
        "    * right after it: the region is in Turmoil (taken this turn; no VP token",
        "    for taking it again until its owner's Preparation removes it).",
        "    Brn: a Barn (1 VP, a new herd each Preparation);",
        "    Arm: an Armory (2 VP, a new herd, +1 damage to every one of your rolls).",
        f"  Line 2, in the owner's colour: species ({species})",
        "    and healthy/injured herds: Co3/1 is 3 healthy and 1 injured herds of the Cows.",
        "    ? a face-down Human token (how many humans is secret until attacked;",
        "    ?2 an Adorable player's peek); h2 two humans; a trailing s (h2s) a stand-in",
        "    token. During a combat the region shows the humans still standing.",
        "Beside the map: > whose turn it is; each player's VP, Mutation, resource cards,",
        "  Spy cards and ready Nuke tokens. 'players' shows everything in full.",
        "Under it: your own cards and supply, a combat in progress, the resource dice.",
    ]
    return _block(lines)


def mutations(state: FRRules, seat: int | None) -> str:
    """Every Mutation and what it does; who has which, and those dealt to ``seat``."""
    cat = state.cfg.catalog
    effects = _prose_effects()
    holders: dict[int, list[str]] = {}
    for s in range(state.cfg.players):
        if state.mutation[s] != NO:
            holders.setdefault(state.mutation[s], []).append(seat_name(state, s))
    dealt = state.dealt[seat] if seat is not None else 0
    lines = ["Mutations (each player plays one):"]
    for k, m in enumerate(cat.mutations):
        notes = []
        if k in holders:
            notes.append("played by " + " and ".join(holders[k]))
        if dealt >> k & 1 and state.mutation[seat] == NO:  # type: ignore[index]
            notes.append("dealt to you")
        note = f" [{'; '.join(notes)}]" if notes else ""
        lines.append(f"{m.name}{note} — {effects.get(m.name, m.summary)}")
    return _block(lines)


def spies(state: FRRules, seat: int | None) -> str:
    """Every Spy card: how many the deck holds, what it does, which ``seat`` holds."""
    cat = state.cfg.catalog
    effects = _prose_effects()
    b = NUM_SPY_KINDS * seat if seat is not None else 0
    lines = [
        f"Spy cards ({sum(state.spy_deck)} left in the deck; play them on your own turn, "
        "not the turn you bought them; Hacking and Pocket Nuke also answer a nuke):"
    ]
    for k, card in enumerate(cat.spies):
        mine = (
            f" [you hold {state.spies[b + k]}]" if seat is not None and state.spies[b + k] else ""
        )
        lines.append(
            f"{card.name} ({card.count} in the deck){mine} — {effects.get(card.name, card.summary)}"
        )
    return _block(lines)


def cards(state: FRRules, seat: int | None) -> str:
    """The builds, what they cost and give, the Supply trade, your cards, then the Spy cards."""
    c = state.cfg
    costs = {
        "Barn": (BUILD_BARN, "1 VP, a new herd each Preparation; on a region of yours"),
        "Armory": (BUILD_ARMORY, "replaces a Barn: 2 VP, a new herd, +1 damage per roll"),
        "Spy": (BUILD_SPY, "draw a Spy card"),
        "Nuke": (BUILD_NUKE, "a Nuke token, to nuke a region next to yours"),
    }
    lines = ["Builds (resource cards: wheat, wood, brick, weapons, plutonium):"]
    for name, (build, what) in costs.items():
        cost = ", ".join(f"{n} {RESOURCE_IDS[k]}" for k, n in enumerate(c.build_costs[build]) if n)
        lines.append(f"  {name}: {cost} — {what}")
    lines.append(
        f"  Supply trade: {c.trade_rate} cards of one kind for 1 of another, on your turn; "
        f"hold at most {c.catalog.hand_limit} at the end of your turn."
    )
    if seat is not None and state.alive(seat):
        lines.append(f"You hold: {_hand(state, seat)}; {_spies(state, seat, seat)}.")
    return _block(lines) + "\n" + spies(state, seat)


def players(state: FRRules, seat: int | None) -> str:
    """Every player in full: VP and its sources, Mutation, cards, Spies, Nukes, supply."""
    lines = []
    for s in range(state.cfg.players):
        name = seat_name(state, s)
        if not state.alive(s):
            lines.append(f"{name}: out of the game")
            continue
        mutation = state.mutation[s]
        power = state.cfg.catalog.mutations[mutation].name if mutation != NO else "none yet"
        hand = (
            _hand(state, s)
            if s == seat or state.phase == OVER
            else _plural(state.hand_size(s), "card")
        )
        lines.append(
            f"{name}: {state.visible_vp(s)} VP ({_plural(state.vp_tokens[s], 'VP token')}"
            f"{', the Nukiest Award' if state.nukiest == s else ''}) · Mutation {power} · "
            f"hand {hand} · {_spies(state, s, seat)} · Nukes {state.nukes_ready[s]} ready, "
            f"{state.nukes_spent[s]} spent · {_supply(state, s)}"
        )
    return _block(lines)
