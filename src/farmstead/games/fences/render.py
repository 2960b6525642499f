"""A text board for the terminal: ``render(state, seat=None) -> str`` (Rich markup).

Each tile is drawn as a 5 x 11 block of characters. Fences run from port to port: a tile-field
made of the two segments around one corner is cut off by a diagonal (``╲``/``╱``); other fenced
ports run to the centre. Tile edges are not fences, so neighbouring blocks join seamlessly.
Animals are letters in their tile-field (``c`` cow, ``p`` pig, ``s`` sheep); a barn is ``⌂`` in
its owner's colour; completed fields are dimmed. Below the map: scores, stocks, farmer cards,
hands (other seats' hidden tiles as ``??``), the supply and the last scoring.
"""

from __future__ import annotations

from functools import lru_cache

from farmstead.games.fences.layout import (
    CHANCE_PHASES,
    OVER,
    PHASE_NAMES,
    SELECT_CELL,
    SELECT_ROT,
)
from farmstead.games.fences.rules import FencesRules
from farmstead.games.fences.scoring import condition_words, unpack_animals
from farmstead.games.fences.words import seat_name

ROWS, COLS = 5, 9
ANIMAL_LETTERS = ("c", "p", "s")
RICH_COLOURS = {"blue": "blue", "yellow": "yellow", "orange": "dark_orange", "green": "green"}
WALL = -1

# Port positions (row, col) in the block and the centre, in a coordinate system of floats.
_PORT_XY = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))  # N, E, S, W as (x, y)


def _line(grid: list[list[str]], a: tuple[float, float], b: tuple[float, float]) -> None:
    """Draw a fence from ``a`` to ``b`` (points of the square [-1, 1]², y downward): in each
    character row it crosses, the characters its piece in that row covers."""
    (x0, y0), (x1, y1) = a, b
    if abs(x1 - x0) < 1e-9:
        glyph = "│"
    elif abs(y1 - y0) < 1e-9:
        glyph = "─"
    else:
        glyph = "╲" if (x1 - x0) * (y1 - y0) > 0 else "╱"
    # Character space: column in [0, COLS], row in [0, ROWS].
    c0, c1 = (x0 + 1) / 2 * COLS, (x1 + 1) / 2 * COLS
    r0, r1 = (y0 + 1) / 2 * ROWS, (y1 + 1) / 2 * ROWS
    if abs(r1 - r0) < 1e-9:  # horizontal: the row it lies in, every column it spans
        row = min(ROWS - 1, int(r0))
        for col in range(int(min(c0, c1)), min(COLS, int(max(c0, c1) + 0.999))):
            grid[row][col] = glyph
        return
    low, high = min(r0, r1), max(r0, r1)
    for row in range(int(low), min(ROWS, int(high + 0.999))):
        top, bottom = max(low, row), min(high, row + 1)
        ca = c0 + (c1 - c0) * (top - r0) / (r1 - r0)
        cb = c0 + (c1 - c0) * (bottom - r0) / (r1 - r0)
        first = max(0, int(min(ca, cb) - 1e-9 if min(ca, cb) >= COLS else min(ca, cb)))
        last = min(COLS - 1, int(max(ca, cb) - 1e-9))
        for col in range(first, max(first, last) + 1):
            grid[row][col] = glyph


@lru_cache(maxsize=512)
def tile_layout(owner: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """Fence glyphs and the tile-field of each character of a block, for a segment -> field map.

    Returns (glyph rows, field rows); a character on a fence has field ``WALL``.
    """
    fields = sorted(set(owner))
    segs_of = {f: {s for s in range(8) if owner[s] == f} for f in fields}
    fenced = [e for e in range(4) if owner[2 * e] != owner[2 * e + 1]]
    corner_of = {}
    for f, segs in segs_of.items():
        for e in range(4):
            if segs == {2 * e + 1, (2 * e + 2) % 8}:
                corner_of[f] = e  # the field is the corner between port e and port e + 1
    grid = [[" "] * COLS for _ in range(ROWS)]
    used: set[int] = set()
    if len(corner_of) < len(fields) or len(fields) == 1:
        for e in corner_of.values():
            _line(grid, _PORT_XY[e], _PORT_XY[(e + 1) % 4])
            used |= {e, (e + 1) % 4}
    for e in fenced:
        if e not in used:
            _line(grid, _PORT_XY[e], (0.0, 0.0))
    # Flood-fill the open characters and name each region by the border segments it touches.
    field_rows = [[WALL if grid[r][c] != " " else -2 for c in range(COLS)] for r in range(ROWS)]
    for r0 in range(ROWS):
        for c0 in range(COLS):
            if field_rows[r0][c0] != -2:
                continue
            region, stack, touched = [], [(r0, c0)], []
            field_rows[r0][c0] = -3
            while stack:
                r, c = stack.pop()
                region.append((r, c))
                touched += _border_segments(r, c)
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < ROWS and 0 <= cc < COLS and field_rows[rr][cc] == -2:
                        field_rows[rr][cc] = -3
                        stack.append((rr, cc))
            names = {owner[s] for s in touched}
            label = min(names) if names else fields[0]
            for r, c in region:
                field_rows[r][c] = label
    return tuple("".join(row) for row in grid), tuple(tuple(row) for row in field_rows)


def _border_segments(r: int, c: int) -> list[int]:
    """Perimeter segments a character on the block border lies on (FE-R3 numbering)."""
    segs = []
    half_c, half_r = COLS / 2, ROWS / 2
    if r == 0:
        segs.append(0 if c < half_c else 1)
    if r == ROWS - 1:
        segs.append(5 if c < half_c else 4)
    if c == COLS - 1:
        segs.append(2 if r < half_r else 3)
    if c == 0:
        segs.append(7 if r < half_r else 6)
    return segs


def _colour(state: FencesRules, seat: int) -> str:
    return RICH_COLOURS.get(state.cfg.colours[seat], "white")


def _tile_block(state: FencesRules, k: int) -> list[str]:
    """The Rich-markup lines of placed tile ``k``."""
    c = state.cfg
    tile, rot = state.p_type[k], state.p_rot[k]
    glyphs, fields = tile_layout(c.segfield[4 * tile + rot])
    cells = [list(row) for row in glyphs]
    style = [[""] * COLS for _ in range(ROWS)]
    base = state.p_node[k]
    barn_owner: dict[int, list[int]] = {}
    barns = state.barns
    for i in range(0, len(barns), 2):
        node = barns[i]
        if state.node_tile[node] == k:
            barn_owner.setdefault(node - base, []).append(barns[i + 1])
    for f in range(c.num_fields[tile]):
        spots = [(r, col) for r in range(ROWS) for col in range(COLS) if fields[r][col] == f]
        spots.sort(key=lambda rc: (abs(rc[0] - 2) + abs(rc[1] - 5) / 2.5, rc))
        marks = []
        for owner in barn_owner.get(f, []):
            marks.append(("⌂", f"bold {_colour(state, owner)}"))
        cows, pigs, sheep = unpack_animals(c.field_animals[tile][f])
        for letter, count in zip(ANIMAL_LETTERS, (cows, pigs, sheep), strict=True):
            marks += [(letter, "bold")] * count
        for (r, col), (glyph, st) in zip(spots, marks, strict=False):
            cells[r][col] = glyph
            style[r][col] = st
        if state.opn[state.find(base + f)] == 0:  # completed field (FE-R14)
            for r, col in spots:
                if cells[r][col] == " ":
                    cells[r][col] = "·"
                    style[r][col] = "dim"
    lines = []
    for r in range(ROWS):
        out = []
        for col in range(COLS):
            ch = cells[r][col].replace("[", "\\[")
            out.append(f"[{style[r][col]}]{ch}[/]" if style[r][col] else ch)
        lines.append("".join(out))
    return lines


def render_map(state: FencesRules) -> str:
    """The tile map with row and column labels (an empty board says so)."""
    layout = state.cfg.layout
    if not state.p_cell:
        return "(no tile placed yet)"
    cells = [layout.cell_rc(x) for x in state.p_cell]
    rmin, rmax = min(r for r, _ in cells), max(r for r, _ in cells)
    cmin, cmax = min(c for _, c in cells), max(c for _, c in cells)
    frontier = {layout.cell_rc(x) for x in state.frontier}
    lines = ["     " + "".join(f"{c:^{COLS}}" for c in range(cmin - 1, cmax + 2))]
    for r in range(rmin - 1, rmax + 2):
        blocks = []
        for c in range(cmin - 1, cmax + 2):
            k = state.board[layout.cell_index(r, c)] - 1
            if k >= 0:
                blocks.append(_tile_block(state, k))
            elif (r, c) in frontier:
                blank = [" " * COLS] * ROWS
                blank[2] = f"[dim]{'+':^{COLS}}[/]"
                blocks.append(blank)
            else:
                blocks.append([" " * COLS] * ROWS)
        for i in range(ROWS):
            label = f"{r:>4} " if i == 2 else "     "
            lines.append(label + "".join(block[i] for block in blocks))
    return "\n".join(lines)


def render(state: FencesRules, seat: int | None = None) -> str:
    """The board and the state ``seat`` may see (``None``: a spectator)."""
    c = state.cfg
    n = c.num_players
    lines = [render_map(state), ""]
    phase = PHASE_NAMES[state.phase]
    if state.phase == OVER:
        lines.append("[bold]Game over.[/]")
    elif state.phase in CHANCE_PHASES:
        lines.append(f"Phase: {phase} (chance)")
    else:
        who = seat_name(state, state.active)
        lines.append(f"Phase: {phase} — [{_colour(state, state.active)}]{who}[/] to move")
    if state.phase in (SELECT_CELL, SELECT_ROT):
        tile = state.hands[state.active][state.sel_slot]
        where = ""
        if state.phase == SELECT_ROT:
            where = " at ({}, {})".format(*c.layout.cell_rc(state.sel_cell))
        lines.append(f"Placing {state.tile_id(tile)}{where}")
    for p in range(n):
        name = f"[{_colour(state, p)}]{seat_name(state, p):<7}[/]"
        card = c.farmers[state.farmers[p]] if state.farmers[p] >= 0 else None
        farmer = (
            f"{card.name}: "
            + "; ".join(
                f"+{cond.points} for a field that {condition_words(cond)}"
                for cond in card.conditions
            )
            if card
            else "(no farmer yet)"
        )
        hand = []
        for slot, t in enumerate(state.hands[p]):
            visible = p == seat or state.is_public_hand_tile(p, slot)
            hand.append(state.tile_id(t) if visible else "??")
        mark = "*" if p == state.active and state.phase != OVER else " "
        lines.append(
            f"{mark}{name} score {state.scores[p]:>3}  barns {state.stocks[p]}  "
            f"hand [{' '.join(hand)}]  {farmer}"
        )
    lines.append(
        f"Supply: {state.supply_total} tiles   Discarded: "
        + (" ".join(state.tile_id(t) for t in state.discards) or "none")
    )
    if state.events:
        e = state.events[-1]
        animals = ", ".join(f"{v} {k}" for k, v in e["animals"].items() if v) or "no animals"
        paid = ", ".join(
            f"{seat_name(state, p)} +{pts}" for p, pts in enumerate(e["shares"]) if pts
        )
        lines.append(
            f"Last completed field: {len(e['parts'])} tile-fields, {animals}, value {e['value']}"
            f"; barns: {paid or 'none'}; {seat_name(state, e['completer'])}'s farmer +{e['bonus']}"
        )
    return "\n".join(lines)
