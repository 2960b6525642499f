"""Rancho as text for the terminal (Rich markup, no UI framework).

The hex board is drawn row by row; each space shows its owner's colour and what stands on it:
``r4`` four rabbits, ``S`` a sheep, ``C`` a cow cell, ``H`` a horse cell, ``·`` an empty own
space, ``(2)`` an unowned pasture with its number, ``##`` the forest.
"""

from __future__ import annotations

from farmstead.games.rancho.layout import COW, HORSE, KINDS, PHASE_NAMES, RABBIT, SHEEP, SYMBOLS
from farmstead.games.rancho.rules import RanchoRules

RICH_COLOURS = {
    "orange": "dark_orange",
    "blue": "dodger_blue1",
    "purple": "medium_purple1",
    "red": "red1",
    "yellow": "yellow1",
    "white": "grey93",
}
CELL_WIDTH = 6


def _token(state: RanchoRules, cell: int) -> str:
    board = state.cfg.board
    owner = state.owner[cell]
    kind = state.cell_kind[cell]
    if kind == RABBIT:
        text = f"r{state.cell_amt[cell]}"
    elif kind == SHEEP:
        text = "S"
    elif kind == COW:
        text = "C"
    elif kind == HORSE:
        text = "H"
    elif owner >= 0:
        text = "·"
    elif board.farm[cell]:
        text = "--"  # a farm nobody uses in this game
    else:
        text = f"({board.cost[cell]})"
    if owner >= 0:
        colour = RICH_COLOURS.get(state.cfg.colours[owner], "white")
        style = "bold " + colour if board.farm[cell] else colour
        label = f"{text:^5}"
        return f"[{style}]{label}[/]"
    return f"[dim]{text:^5}[/]"


def board_lines(state: RanchoRules, ids: bool = False) -> list[str]:
    """The hex board, one string per row, with Rich markup (``ids``: cell names instead)."""
    board = state.cfg.board
    rows: dict[int, list[tuple[int, str]]] = {}
    for cell in range(board.num_cells):
        token = f"{board.ids[cell]:^5}" if ids else _token(state, cell)
        rows.setdefault(board.r[cell], []).append((2 * board.q[cell] + board.r[cell], token))
    # Forest: every hex position inside the rings that is not a space.
    radius = max(max(abs(q), abs(r), abs(q + r)) for q, r in zip(board.q, board.r, strict=True))
    spaces = set(zip(board.q, board.r, strict=True))
    for r in range(-radius, radius + 1):
        for q in range(-radius, radius + 1):
            d = max(abs(q), abs(r), abs(q + r))
            if d <= 1 and (q, r) not in spaces:
                rows.setdefault(r, []).append((2 * q + r, "[green] ## [/] "))
    columns = [col for row in rows.values() for col, _ in row]
    left = min(columns)
    lines = []
    for r in sorted(rows):
        line = ""
        for col, token in sorted(rows[r]):
            pad = (col - left) * CELL_WIDTH // 2
            visible = len(_strip(line))
            line += " " * max(0, pad - visible) + token
        lines.append(line)
    return lines


def _strip(markup: str) -> str:
    out, depth = [], False
    for ch in markup:
        if ch == "[":
            depth = True
        elif ch == "]" and depth:
            depth = False
        elif not depth:
            out.append(ch)
    return "".join(out)


def status(state: RanchoRules, seat: int | None = None) -> str:
    """One line for a prompt: the open exchange and its balance, or the animals to place."""
    c = state.cfg
    if state.tx_open:
        give = ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(state.tx_give) if n) or "nothing"
        recv = ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(state.tx_recv) if n) or "nothing"
        buy = ", ".join(c.board.ids[p] for p in state.tx_buy) or "none"
        balance = state.tx_balance()
        hint = (
            "balanced"
            if balance == 0
            else f"you give {balance} more than you take"
            if balance > 0
            else f"take {-balance} less or give {-balance} more"
        )
        route = ""
        if state.route_target >= 0:
            route = f"; passage to {c.board.ids[state.route_target]}: fee so far {state.route_fee} of {state.route_min}"
        return f"[bold]Exchange:[/] give {give}; take {recv}; buy {buy}{route} — {hint}"
    if state.active >= 0:
        base = 4 * state.active
        pool = ", ".join(
            f"{state.pool[base + k]} {KINDS[k]}" for k in range(4) if state.pool[base + k]
        )
        if pool:
            return f"[bold]To place:[/] {pool}"
    return ""


def render_ids(state: RanchoRules) -> str:
    """The board with every space's name (P01 … P54 pastures, F1a … F6b farm cells)."""
    return "\n".join(board_lines(state, ids=True))


def render(state: RanchoRules, seat: int | None = None) -> str:
    """The whole position: board, players, herd, dice and the open transaction."""
    c = state.cfg
    lines = board_lines(state)
    lines.append("")
    herd = ", ".join(f"{state.herd[k]} {KINDS[k].replace('_', ' ')}" for k in range(6))
    lines.append(f"[bold]Central herd:[/] {herd}")
    for s in range(c.num_players):
        colour = RICH_COLOURS.get(c.colours[s], "white")
        marker = "▶" if s == state.active else " "
        placed = " ".join(f"{state.placed[4 * s + k]}{KINDS[k][0].upper()}" for k in range(4))
        pool = " ".join(
            f"{state.pool[4 * s + k]}{KINDS[k][0].upper()}"
            for k in range(4)
            if state.pool[4 * s + k]
        )
        you = " (you)" if seat == s else ""
        lines.append(
            f"{marker} [{colour}]Player {s + 1} ({c.colours[s]}){you}[/] farm {c.farms[s]}: "
            f"on board {placed}; dogs {state.dogs[2 * s]} small, {state.dogs[2 * s + 1]} large; "
            f"pastures {state.npast[s]}/{c.pasture_limit}"
            + (f"; [bold]to place: {pool}[/]" if pool else "")
        )
    phase = PHASE_NAMES[state.phase]
    status = f"Round {state.round + 1}, phase {phase}"
    if state.dice is not None:
        status += f", dice: {SYMBOLS[state.dice[0]]} + {SYMBOLS[state.dice[1]]}"
    if state.attack >= 0:
        status += f", {SYMBOLS[state.attack]} attack" + (
            f" on pastures {state.d6}" if state.d6 else ""
        )
    lines.append(status)
    if state.tx_open:
        give = ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(state.tx_give) if n) or "nothing"
        recv = ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(state.tx_recv) if n) or "nothing"
        buy = ", ".join(c.board.ids[p] for p in state.tx_buy) or "none"
        lines.append(
            f"[bold]Exchange:[/] give {give}; receive {recv}; buy {buy}; "
            f"fees {sum(f for _, f in state.tx_fees)}; balance {state.tx_balance():+d}"
        )
    if state.winner >= 0:
        winner = f"Player {state.winner + 1} ({c.colours[state.winner]})"
        lines.append(f"[bold green]{winner} wins![/]")
    elif state.is_terminal():
        lines.append("[bold]The game ended in a draw (round limit).[/]")
    return "\n".join(lines)
