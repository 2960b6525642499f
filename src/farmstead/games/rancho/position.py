"""JSON positions of Rancho: ``to_json``, ``observation`` and the validating ``state_from_json``.

Rancho has no hidden information (RA-R46; rancho.md 8, "What each player may see"): the position
is the whole table (spaces, pieces, pools, dogs, the herd, the open transaction, phase, dice and
attacks); only future chance results are unknown, and the game keeps no generator to hide.

Loading (``state_from_json``) reads the fields in the order the declaration ``POSITION`` lists
them (``core.schema``), each piece on the board as it comes, and then checks the position
against the rules (pieces RA-R24 … RA-R26, the pasture limit RA-R16, the open transaction
RA-R10 … RA-R21, predators RA-R31 … RA-R38, the end RA-R43, RA-R45, conservation RA-R2); every
error is an ``InvalidPositionError`` naming the field.
"""

from __future__ import annotations

from typing import Any, TypeVar

from farmstead.core.position import ItemReader
from farmstead.core.schema import (
    Choice,
    Counts,
    Entry,
    Field,
    Int,
    ListOf,
    Object,
    Reading,
    Record,
    Rows,
    Span,
    When,
    items,
    read,
)
from farmstead.games.rancho.board import iter_bits
from farmstead.games.rancho.layout import (
    ANIMAL_NAMES,
    COW,
    D6,
    DICE,
    DOG,
    DOG_NAMES,
    EMPTY,
    EXPANSION,
    FIRST_PLAYER,
    FOX,
    HORSE,
    KINDS,
    LARGE_DOG,
    NO,
    ORDER,
    OVER,
    PHASE_NAMES,
    PLACEMENT,
    PREDATOR_NAMES,
    RABBIT,
    SHEEP,
    SMALL_DOG,
    SYMBOLS,
    WOLF,
)
from farmstead.games.rancho.rules import RanchoRules

S = TypeVar("S", bound=RanchoRules)


# --- writing --------------------------------------------------------------------------------
def _kinds(counts: list[int], kinds: tuple[str, ...] = KINDS) -> dict[str, int]:
    return {k: counts[i] for i, k in enumerate(kinds)}


def to_json(s: RanchoRules) -> dict[str, Any]:
    """The full position (Rancho has no hidden parts), plus what follows from it for readers:
    the animal values (``values``, RA-R9 with the ``values`` param), the open transaction's
    ``worth`` in rabbits (RA-R10) and, during a dog decision, each seat's ``losses`` to the
    current attack (RA-R34, RA-R35). Loading ignores these derived fields."""
    board = s.cfg.board
    n = s.cfg.num_players
    pieces: list[dict[str, Any]] = []
    for cell in range(board.num_cells):
        kind = s.cell_kind[cell]
        if kind == RABBIT:
            pieces.append({"kind": "rabbit", "cells": [board.ids[cell]], "count": s.cell_amt[cell]})
        elif kind == SHEEP:
            pieces.append({"kind": "sheep", "cells": [board.ids[cell]]})
        elif kind in (COW, HORSE):
            cells = (board.edges if kind == COW else board.triangles)[s.cell_amt[cell]]
            if cells[0] == cell:
                pieces.append({"kind": KINDS[kind], "cells": [board.ids[c] for c in cells]})
    transaction = None
    if s.tx_open:
        route = None
        if s.route_target >= 0:
            route = {
                "target": board.ids[s.route_target],
                "links": [board.ids[p] for p in s.route_links],
                "fee": s.route_fee,
                "min_fee": s.route_min,
            }
        transaction = {
            "give": _kinds(s.tx_give),
            "receive": _kinds(s.tx_recv),
            "buy": [board.ids[p] for p in s.tx_buy],
            "fees": [{"owner": o, "rabbits": f} for o, f in s.tx_fees],
            "route": route,
            "worth": _worth(s),
        }
    return {
        "game": s.game.type.name,
        "players": n,
        "params": s.game.non_default_params,
        "phase": PHASE_NAMES[s.phase],
        "active": s.active if s.active >= 0 else None,
        "to_move": s.to_move if s.to_move >= 0 else None,
        "first_player": s.first if s.first >= 0 else None,
        "round": s.round,
        "turn_actions": s.turn_actions,
        "herd": _kinds(s.herd),
        "seats": [
            {
                "farm": s.cfg.farms[seat],
                "colour": s.cfg.colours[seat],
                "pool": _kinds(s.pool[4 * seat : 4 * seat + 4], ANIMAL_NAMES),
                "dogs": _kinds(s.dogs[2 * seat : 2 * seat + 2], DOG_NAMES),
                "pastures": [board.ids[c] for c in iter_bits(s.terr[seat] & board.pasture_mask)],
            }
            for seat in range(n)
        ],
        "pieces": pieces,
        "transaction": transaction,
        "dice": None if s.dice is None else [SYMBOLS[f] for f in s.dice],
        "attack": None if s.attack < 0 else SYMBOLS[s.attack],
        "attacks_left": [SYMBOLS[a] for a in s.attacks],
        "d6": s.d6 or None,
        "dog_queue": list(s.dog_queue),
        "dog_savers": list(s.dog_savers),
        "winner": s.winner if s.winner >= 0 else None,
        "values": _kinds(list(s.cfg.values)),
        "losses": _losses(s),
    }


# Derived for readers (front ends): ``values``, ``losses`` and the transaction's ``worth``
# follow from the rest of the position; ``state_from_json`` does not read them.
def _worth(s: RanchoRules) -> dict[str, int]:
    """The open transaction in rabbits (RA-R9, RA-R10): what is given, what is taken, the
    pastures' prices (RA-R17) and the passage fees (RA-R21); ``balance`` is
    given − taken − prices − fees (0: balanced, the transaction may be confirmed)."""
    values = s.cfg.values
    give = sum(values[k] * s.tx_give[k] for k in range(len(KINDS)))
    receive = sum(values[k] * s.tx_recv[k] for k in range(len(KINDS)))
    prices = sum(s.cfg.board.cost[cell] for cell in s.tx_buy)
    fees = sum(fee for _, fee in s.tx_fees)
    return {
        "give": give,
        "receive": receive,
        "prices": prices,
        "fees": fees,
        "balance": s.tx_balance(),
    }


def _losses(s: RanchoRules) -> list[dict[str, int]] | None:
    """During a dog decision, what the current attack would take from each seat without a dog
    (the fox RA-R34, the wolf RA-R35, farms safe RA-R36): animals per kind (only kinds with a
    loss). ``None`` at any other time."""
    if s.phase != DOG or s.attack < 0 or not s.d6:
        return None
    out: list[dict[str, int]] = []
    for seat in range(s.cfg.num_players):
        lost: dict[str, int] = {}
        for cell in s.attack_losses(seat):
            kind = s.cell_kind[cell]
            name = KINDS[kind]
            lost[name] = lost.get(name, 0) + (s.cell_amt[cell] if kind == RABBIT else 1)
        out.append(lost)
    return out


def observation(s: RanchoRules, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (checked by the caller; ``None``: a spectator) may see.

    Public (RA-R46): everything ``to_json`` holds (every seat's spaces, placed and unplaced
    animals, dogs and pastures, the central herd, the open transaction, phase, turn order, dice,
    attacks and dog decisions), plus ``seat``. Private: nothing. Hidden from everyone: the
    results of future chance events, which no position contains.
    """
    doc = to_json(s)
    doc["seat"] = seat
    return doc


# --- reading --------------------------------------------------------------------------------
SEAT = Int(0, lambda r: r.cfg.num_players - 1)
PREDATOR = Choice(PREDATOR_NAMES, values=(FOX, WOLF))


def _space(reading: Reading, item: ItemReader) -> int:
    """A cell id of the board, such as 'P13' or 'F1a'."""
    cell = reading.cfg.board.index.get(item.value) if isinstance(item.value, str) else None
    if cell is None:
        item.fail(f"{item.value!r} is not a space of the board")
    return int(cell)


def _pasture(reading: Reading, item: ItemReader) -> int:
    """A pasture id of the board, such as 'P13'."""
    board = reading.cfg.board
    cell = board.index.get(item.value) if isinstance(item.value, str) else None
    if cell is None or cell >= board.num_pastures:
        item.fail(f"{item.value!r} is not a pasture")
    return int(cell)


def _distinct_seats(reading: Reading, item: ItemReader) -> list[int]:
    """A list of distinct seats."""
    seats: list[int] = []
    for sub in items(item):
        seat = SEAT(reading, sub)
        if seat in seats:
            sub.fail(f"repeats seat {seat}")
        seats.append(seat)
    return seats


def _first_player_after_the_draw(reading: Reading) -> None:
    """``active`` and ``first_player`` are null exactly before the first-player draw (RA-R5)."""
    s = reading.state
    if (s.phase == FIRST_PLAYER) != (s.first == NO) or (s.active == NO) != (s.first == NO):
        reading.fail(
            "active and first_player are null exactly before the first-player draw",
            "first_player",
        )


def _to_move_or_active(reading: Reading) -> None:
    """A null ``to_move`` stands for ``active``."""
    to_move = reading.got["to_move"]
    reading.state.to_move = reading.state.active if to_move is None else to_move


def _farms(reading: Reading) -> None:
    """Each seat owns its farm's two spaces (RA-R1)."""
    s = reading.state
    board = s.cfg.board
    for seat, farm in enumerate(s.cfg.farms):
        a, b = board.farm_cells[farm]
        s.owner[a] = s.owner[b] = seat
        s.terr[seat] = (1 << a) | (1 << b)


def _pastures(reading: Reading, item: ItemReader) -> int:
    """The row's seat's pastures, each owned once, at most the pasture limit (RA-R16), given
    to the seat as they are read; the value is their count."""
    s, seat = reading.state, reading.row
    limit = s.cfg.pasture_limit
    pastures = items(item)
    if len(pastures) > limit:
        item.fail(f"more than {limit} pastures (RA-R16)")
    for sub in pastures:
        cell = _pasture(reading, sub)
        if s.owner[cell] != EMPTY:
            sub.fail(f"{sub.value} is owned twice")
        s.owner[cell] = seat
        s.terr[seat] |= 1 << cell
    return len(pastures)


def _on_free_spaces_of_one_seat(reading: Reading) -> None:
    """A piece stands on spaces of one player (RA-R24) that no other piece holds (RA-R25)."""
    s = reading.state
    cells = reading.got["cells"]
    owners = {s.owner[c] for c in cells}
    if len(owners) != 1 or EMPTY in owners:
        reading.fail("a piece must stand on spaces of one player (RA-R24)", "cells")
    if any(s.cell_kind[c] != EMPTY for c in cells):
        reading.fail("space already occupied (RA-R25)", "cells")


def _place_the_piece(reading: Reading) -> None:
    """Put the piece on its spaces, in its shape (RA-R26): rabbits on one space with their
    ``count``, a sheep on one, a cow on 2 adjacent spaces, a horse on 3 mutually adjacent."""
    s = reading.state
    kind, cells = reading.got["kind"], reading.got["cells"]
    seat = s.owner[cells[0]]
    if kind in (RABBIT, SHEEP):
        if len(cells) != 1:
            reason = (
                "rabbits stand on one space" if kind == RABBIT else "a sheep stands on one space"
            )
            reading.fail(reason, "cells")
        count = reading.got["count"] if kind == RABBIT else 1
        s.cell_kind[cells[0]], s.cell_amt[cells[0]] = kind, count
        s.placed[4 * seat + kind] += count
        return
    board = s.cfg.board
    table: dict[Any, int] = board.edge_index if kind == COW else board.triangle_index
    if cells not in table:
        shape = "2 adjacent" if kind == COW else "3 mutually adjacent"
        reading.fail(f"a {KINDS[kind]} covers {shape} spaces (RA-R26)", "cells")
    for c in cells:
        s.cell_kind[c], s.cell_amt[c] = kind, table[cells]
    s.placed[4 * seat + kind] += 1


PIECE = (
    Field("kind", Choice(ANIMAL_NAMES)),
    Field("cells", ListOf(_space, make=lambda cells: tuple(sorted(cells)))),
    _on_free_spaces_of_one_seat,
    When(
        lambda r: r.got["kind"] == RABBIT,
        Field("count", Int(1, "rabbits_per_space")),
    ),
    _place_the_piece,
)


def _gives_what_it_owns(reading: Reading) -> None:
    """The active seat gives only animals it owns and never gives and receives one kind
    (RA-R13)."""
    s = reading.state
    for kind in range(6):
        if s.tx_give[kind] and s.tx_recv[kind]:
            reading.fail(f"gives and receives {KINDS[kind]} (RA-R13)")
        if s.tx_give[kind] > s.owned(s.active, kind):
            reading.fail(f"gives more {KINDS[kind]} than owned", "give")


def _free_pastures(reading: Reading, item: ItemReader) -> list[int]:
    """Pastures bought: free ones, each once."""
    s = reading.state
    bought: list[int] = []
    for sub in items(item):
        cell = _pasture(reading, sub)
        if s.owner[cell] != EMPTY or cell in bought:
            sub.fail(f"{sub.value!r} is not a free pasture")
        bought.append(cell)
    return bought


def _route_target(reading: Reading, item: ItemReader) -> int:
    """The pasture a passage route leads to: a free one."""
    board = reading.cfg.board
    target = board.index.get(item.str(), -1)
    if not 0 <= target < board.num_pastures or reading.state.owner[target] != EMPTY:
        item.fail("must be a free pasture")
    return int(target)


def _route_link(reading: Reading, item: ItemReader) -> int:
    """A pasture a passage route crosses: another player's (RA-R21)."""
    cell = _pasture(reading, item)
    if reading.state.owner[cell] in (EMPTY, reading.state.active):
        item.fail(f"{item.value!r} is not another player's pasture")
    return cell


def _fee_of_the_links(reading: Reading) -> None:
    s = reading.state
    if s.route_fee != sum(s.cfg.board.cost[p] for p in s.route_links) or s.route_fee >= s.route_min:
        reading.fail("must be the links' sum, below min_fee", "fee")


ROUTE = Object(
    Field("target", _route_target, "route_target"),
    Field("links", ListOf(_route_link), "route_links"),
    Field("fee", Int(0), "route_fee"),
    Field("min_fee", Int(1), "route_min"),
    _fee_of_the_links,
)


def _transaction_open(reading: Reading) -> None:
    reading.state.tx_open = True


TRANSACTION = Object(
    _transaction_open,
    Field("give", Counts(KINDS, complete=True), "tx_give"),
    Field("receive", Counts(KINDS, complete=True), "tx_recv"),
    _gives_what_it_owns,
    Field("buy", _free_pastures, "tx_buy"),
    Field("fees", ListOf(Record(Field("owner", SEAT), Field("rabbits", Int(1)))), "tx_fees"),
    Field("route", ROUTE, optional=None),
)
"""The open transaction of the active seat (RA-R10 … RA-R21, 9.2)."""


def _dice_after_the_roll(reading: Reading) -> None:
    """Consistency of the phase with the dice, the pools, the transaction and the attack."""
    s = reading.state
    phase_name = PHASE_NAMES[s.phase]
    if (s.dice is None) != (
        s.phase in (FIRST_PLAYER, EXPANSION, DICE) or (s.phase == OVER and s.dice is None)
    ):
        reading.fail(f"must be set exactly after the roll (phase {phase_name})", "dice")
    if s.tx_open and s.phase != EXPANSION:
        reading.fail("can only be open during expansion", "transaction")


def _unplaced_animals_of_the_active_seat(reading: Reading) -> None:
    s = reading.state
    seats = range(s.cfg.num_players)
    in_turn = s.phase in (EXPANSION, PLACEMENT)
    if not in_turn and s.phase != OVER and any(s.pool_count(seat) for seat in seats):
        reading.fail("unplaced animals are impossible between the roll and placement", "seats")
    if in_turn and any(s.pool_count(seat) for seat in seats if seat != s.active):
        reading.fail("only the active player can have unplaced animals", "seats")


def _predator_phases(reading: Reading) -> None:
    """The dog phase asks the seats of ``dog_queue``; the d6 and dog phases need the attack,
    the order phase a fox and a wolf; a winner only at the end."""
    s = reading.state
    phase_name = PHASE_NAMES[s.phase]
    if (s.phase == DOG) != bool(s.dog_queue) or (s.phase == DOG and s.to_move != s.dog_queue[0]):
        reading.fail("is non-empty exactly in the dog phase, headed by to_move", "dog_queue")
    if s.phase in (D6, DOG) and s.attack < 0:
        reading.fail(f"phase {phase_name} needs the current attack", "attack")
    if s.phase == ORDER and (s.dice is None or sorted(s.dice) != [FOX, WOLF]):
        reading.fail("the order phase needs a fox and a wolf on the dice", "dice")
    if s.phase == DOG and s.d6 == 0:
        reading.fail("the dog phase needs the predator die result", "d6")
    if (s.winner >= 0) and s.phase != OVER:
        reading.fail("a winner is only possible once the game is over", "winner")


def _turn_order(reading: Reading) -> None:
    s, c = reading.state, reading.cfg
    if c.first_player >= 0 and s.first not in (NO, c.first_player):
        reading.fail(f"must be seat {c.first_player} (game param, RA-R5)", "first_player")
    if s.phase != DOG and s.to_move != s.active:
        reading.fail("differs from active only in a dog decision", "to_move")


def _purchases_within_reach(reading: Reading) -> None:
    """The open transaction buys within the pasture limit (RA-R16), pastures next to the
    buyer's spaces or across a fee-paid passage (RA-R18, RA-R21)."""
    s, c = reading.state, reading.cfg
    if not s.tx_open:
        return
    board = c.board
    seat = s.active
    if s.npast[seat] + len(s.tx_buy) + (s.route_target >= 0) > c.pasture_limit:
        reading.fail("buys beyond the pasture limit (RA-R16)", "transaction")
    fee_owners = {owner for owner, _ in s.tx_fees}
    if seat in fee_owners:
        reading.fail("a passage fee cannot be owed to the buyer (RA-R21)", "transaction")
    reach = s.terr[seat]
    for cell in s.tx_buy:
        adjacent = board.neighbourhood(reach) >> cell & 1
        passage = any(s.owner[nb] in fee_owners for nb in board.neighbours[cell])
        if not adjacent and not passage:
            reading.fail(f"buys {board.ids[cell]}, out of reach (RA-R18, RA-R21)", "transaction")
        reach |= 1 << cell


def _attacks_as_rolled(reading: Reading) -> None:
    """Predators (RA-R31; the d6 faces of 2.4): attacks only as the dice show predators."""
    s = reading.state
    if s.d6 and s.d6 not in s.cfg.d6_faces:
        reading.fail(f"{s.d6} is not a face of the predator die", "d6")
    pending = s.attacks + ([s.attack] if s.attack >= 0 else [])
    if not pending:
        return
    if s.dice is None:
        reading.fail("attacks without a roll of the dice", "attack")
    for predator in (FOX, WOLF):
        if pending.count(predator) > s.dice.count(predator):
            reading.fail(
                "more attacks than predator faces on the dice (RA-R31)",
                "attacks_left" if s.attacks else "attack",
            )


def _dog_decisions(reading: Reading) -> None:
    """Only seats with the right dog that would lose animals decide (RA-R37, RA-R38)."""
    s = reading.state
    if s.dog_savers and s.phase != DOG:
        reading.fail("are only kept during a dog decision (RA-R38)", "dog_savers")
    if s.phase == DOG:
        dog = SMALL_DOG if s.attack == FOX else LARGE_DOG
        for seat in s.dog_queue + s.dog_savers:
            if not s.dogs[2 * seat + dog - SMALL_DOG]:
                reading.fail(
                    f"seat {seat} decides about a dog it does not own (RA-R37)", "dog_queue"
                )
            if not s.attack_losses(seat):
                reading.fail(
                    f"seat {seat} would lose nothing and is not asked (RA-R37)", "dog_queue"
                )
    if s.phase == D6 and s.dog_queue:
        reading.fail("no dog decision before the predator die is rolled", "dog_queue")


def _the_end(reading: Reading) -> None:
    """A winner has every animal placed (RA-R43); no winner needs max_rounds played (RA-R45)."""
    s, c = reading.state, reading.cfg
    if s.winner >= 0:
        base = 4 * s.winner
        if not all(s.placed[base + k] for k in range(4)):
            reading.fail(
                "the winner must have a rabbit, sheep, cow and horse placed (RA-R43)", "winner"
            )
    elif s.phase == OVER and s.round < c.max_rounds:
        reading.fail(
            f"phase {PHASE_NAMES[s.phase]} without a winner needs max_rounds played (RA-R45)",
            "phase",
        )


def _pieces_conserved(reading: Reading) -> None:
    """No piece is ever created or destroyed (RA-R2, RA-R44)."""
    s, c = reading.state, reading.cfg
    for kind in range(6):
        total = s.herd[kind] + sum(s.owned(seat, kind) for seat in range(c.num_players))
        if total != c.herd[kind]:
            reading.fail(
                f"{KINDS[kind]}: herd and players hold {total}, "
                f"the game has {c.herd[kind]} (RA-R2)",
                "herd",
            )
    fees = sum(f for _, f in s.tx_fees)
    if s.tx_open and (s.herd[RABBIT] < 0 or fees < 0):
        reading.fail("negative fees", "transaction")


POSITION: tuple[Entry, ...] = (
    Field("phase", Choice(PHASE_NAMES), "phase"),
    Field("active", SEAT, "active", optional=NO),
    Field("first_player", SEAT, "first", optional=NO),
    Field("to_move", SEAT, optional=None),
    _first_player_after_the_draw,
    _to_move_or_active,
    Field("round", Int(0, "max_rounds"), "round"),
    Field("turn_actions", Int(0), "turn_actions"),
    Field("herd", Counts(KINDS, complete=True), "herd"),
    _farms,
    Field(
        "seats",
        Rows(
            Field("pool", Counts(ANIMAL_NAMES, complete=True), Span("pool")),
            Field("dogs", Counts(DOG_NAMES, complete=True), Span("dogs")),
            Field("pastures", _pastures, "npast"),
            length="num_players",
        ),
    ),
    Field("pieces", Rows(*PIECE)),
    Field("transaction", TRANSACTION, optional=None),
    Field("dice", ListOf(Choice(SYMBOLS), 2, make=tuple), "dice", optional=None),
    Field("attack", PREDATOR, "attack", optional=NO),
    Field("attacks_left", ListOf(PREDATOR), "attacks"),
    Field("d6", Int(1), "d6", optional=0),
    Field("dog_queue", _distinct_seats, "dog_queue"),
    Field("dog_savers", _distinct_seats, "dog_savers"),
    Field("winner", SEAT, "winner", optional=NO),
    _dice_after_the_roll,
    _unplaced_animals_of_the_active_seat,
    _predator_phases,
    _turn_order,
    _purchases_within_reach,
    _attacks_as_rolled,
    _dog_decisions,
    _the_end,
    _pieces_conserved,
)
"""The position's fields in reading order, then the checks of the whole (the phase with the
dice, pools, transaction and attack; reachability; conservation)."""


def state_from_json(blank: S, doc: Any) -> S:
    """Fill ``blank`` (an empty state of the game) with the position ``to_json`` wrote, read
    by ``POSITION``; ``InvalidPositionError`` naming the field for anything malformed, out of
    range or inconsistent with the rules."""
    read(POSITION, blank, blank.game.position_reader(doc))
    return blank
