"""JSON positions of Rancho: ``to_json``, ``observation`` and the validating ``state_from_json``.

Rancho has no hidden information (RA-R46; rancho.md 8, "What each player may see"): the position
is the whole table (spaces, pieces, pools, dogs, the herd, the open transaction, phase, dice and
attacks); only future chance results are unknown, and the game keeps no generator to hide.

Loading reads every field with the one reader of ``core.position`` and then checks the position
against the rules (pieces RA-R24 … RA-R26, the pasture limit RA-R16, the open transaction RA-R10 …
RA-R21, predators RA-R31 … RA-R38, the end RA-R43, RA-R45, conservation RA-R2); every error is an
``InvalidPositionError`` naming the field.
"""

from __future__ import annotations

from typing import Any, TypeVar

from farmstead.core.position import ItemReader, PositionReader
from farmstead.games.rancho.board import Board, iter_bits
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
def _counts(reader: PositionReader, key: str, names: tuple[str, ...]) -> list[int]:
    """Object field ``key`` with an int >= 0 for every one of ``names`` (and nothing else)."""
    sub = reader.obj(key)
    sub.only(names)
    return [sub.int(name, 0) for name in names]


def _space(board: Board, item: ItemReader) -> int:
    """A cell id of the board, such as 'P13' or 'F1a'."""
    cell = board.index.get(item.value) if isinstance(item.value, str) else None
    if cell is None:
        item.fail(f"{item.value!r} is not a space of the board")
    return cell


def _pasture(board: Board, item: ItemReader) -> int:
    """A pasture id of the board, such as 'P13'."""
    cell = board.index.get(item.value) if isinstance(item.value, str) else None
    if cell is None or cell >= board.num_pastures:
        item.fail(f"{item.value!r} is not a pasture")
    return cell


def _seats(reader: PositionReader, key: str, n: int) -> list[int]:
    """List field ``key`` of distinct seats."""
    seats: list[int] = []
    for item in reader.items(key):
        seat = item.int(0, n - 1)
        if seat in seats:
            item.fail(f"repeats seat {seat}")
        seats.append(seat)
    return seats


def state_from_json(blank: S, doc: Any) -> S:
    """Fill ``blank`` (an empty state of the game) with the position ``to_json`` wrote;
    ``InvalidPositionError`` naming the field for anything malformed, out of range or
    inconsistent with the rules."""
    s = blank
    reader = s.game.position_reader(doc)
    c = s.cfg
    board = c.board
    n = c.num_players
    s.phase = reader.choice("phase", PHASE_NAMES)
    active = reader.int("active", 0, n - 1, optional=True)
    first = reader.int("first_player", 0, n - 1, optional=True)
    to_move = reader.int("to_move", 0, n - 1, optional=True)
    if (s.phase == FIRST_PLAYER) != (first is None) or (active is None) != (first is None):
        reader.fail(
            "active and first_player are null exactly before the first-player draw",
            "first_player",
        )
    s.active = NO if active is None else active
    s.first = NO if first is None else first
    s.to_move = s.active if to_move is None else to_move
    s.round = reader.int("round", 0, c.max_rounds)
    s.turn_actions = reader.int("turn_actions", 0)
    s.herd = _counts(reader, "herd", KINDS)

    # Seats: farms (RA-R1), pools, dogs, pastures.
    for seat, farm in enumerate(c.farms):
        a, b = board.farm_cells[farm]
        s.owner[a] = s.owner[b] = seat
        s.terr[seat] = (1 << a) | (1 << b)
    for seat, sr in enumerate(reader.objects("seats", n)):
        s.pool[4 * seat : 4 * seat + 4] = _counts(sr, "pool", ANIMAL_NAMES)
        s.dogs[2 * seat : 2 * seat + 2] = _counts(sr, "dogs", DOG_NAMES)
        pastures = list(sr.items("pastures"))
        if len(pastures) > c.pasture_limit:
            sr.fail(f"more than {c.pasture_limit} pastures (RA-R16)", "pastures")
        for item in pastures:
            cell = _pasture(board, item)
            if s.owner[cell] != EMPTY:
                item.fail(f"{item.value} is owned twice")
            s.owner[cell] = seat
            s.terr[seat] |= 1 << cell
        s.npast[seat] = len(pastures)

    for piece in reader.objects("pieces"):
        _read_piece(s, piece)
    _read_transaction(s, reader)

    # Dice and predators.
    if reader.raw("dice", None) is not None:
        face_a, face_b = (item.choice(SYMBOLS) for item in reader.items("dice", 2))
        s.dice = (face_a, face_b)
    attack = reader.choice("attack", PREDATOR_NAMES, optional=True)
    s.attack = NO if attack is None else FOX + attack
    s.attacks = [FOX + item.choice(PREDATOR_NAMES) for item in reader.items("attacks_left")]
    s.d6 = reader.int("d6", 1, optional=True) or 0
    s.dog_queue = _seats(reader, "dog_queue", n)
    s.dog_savers = _seats(reader, "dog_savers", n)
    winner = reader.int("winner", 0, n - 1, optional=True)
    s.winner = NO if winner is None else winner

    _check_phase(s, reader)
    _check_reachable(s, reader)

    # Conservation: no piece is ever created or destroyed (RA-R2, RA-R44).
    for kind in range(6):
        total = s.herd[kind] + sum(s.owned(seat, kind) for seat in range(n))
        if total != c.herd[kind]:
            reader.fail(
                f"{KINDS[kind]}: herd and players hold {total}, the game has {c.herd[kind]} (RA-R2)",
                "herd",
            )
    fees = sum(f for _, f in s.tx_fees)
    if s.tx_open and (s.herd[RABBIT] < 0 or fees < 0):
        reader.fail("negative fees", "transaction")
    return s


def _read_piece(s: RanchoRules, piece: PositionReader) -> None:
    """One piece on the board: the spaces of one seat, free, in the piece's shape."""
    board = s.cfg.board
    kind = piece.choice("kind", ANIMAL_NAMES)
    cells = tuple(sorted(_space(board, item) for item in piece.items("cells")))
    owners = {s.owner[c] for c in cells}
    if len(owners) != 1 or EMPTY in owners:
        piece.fail("a piece must stand on spaces of one player (RA-R24)", "cells")
    seat = owners.pop()
    if any(s.cell_kind[c] != EMPTY for c in cells):
        piece.fail("space already occupied (RA-R25)", "cells")
    if kind == RABBIT:
        count = piece.int("count", 1, s.cfg.rabbits_per_space)
        if len(cells) != 1:
            piece.fail("rabbits stand on one space", "cells")
        s.cell_kind[cells[0]], s.cell_amt[cells[0]] = RABBIT, count
        s.placed[4 * seat + RABBIT] += count
        return
    if kind == SHEEP:
        if len(cells) != 1:
            piece.fail("a sheep stands on one space", "cells")
        s.cell_kind[cells[0]], s.cell_amt[cells[0]] = SHEEP, 1
    else:
        table: dict[Any, int] = board.edge_index if kind == COW else board.triangle_index
        if cells not in table:
            shape = "2 adjacent" if kind == COW else "3 mutually adjacent"
            piece.fail(f"a {KINDS[kind]} covers {shape} spaces (RA-R26)", "cells")
        index = table[cells]
        for c in cells:
            s.cell_kind[c], s.cell_amt[c] = kind, index
    s.placed[4 * seat + kind] += 1


def _read_transaction(s: RanchoRules, reader: PositionReader) -> None:
    """The open transaction of the active seat (RA-R10 … RA-R21, 9.2), if any."""
    board = s.cfg.board
    tr = reader.obj("transaction", optional=True)
    if tr is None:
        return
    s.tx_open = True
    s.tx_give = _counts(tr, "give", KINDS)
    s.tx_recv = _counts(tr, "receive", KINDS)
    for kind in range(6):
        if s.tx_give[kind] and s.tx_recv[kind]:
            tr.fail(f"gives and receives {KINDS[kind]} (RA-R13)")
        if s.tx_give[kind] > s.owned(s.active, kind):
            tr.fail(f"gives more {KINDS[kind]} than owned", "give")
    for item in tr.items("buy"):
        cell = _pasture(board, item)
        if s.owner[cell] != EMPTY or cell in s.tx_buy:
            item.fail(f"{item.value!r} is not a free pasture")
        s.tx_buy.append(cell)
    for fee in tr.objects("fees"):
        owner = fee.int("owner", 0, s.cfg.num_players - 1)
        s.tx_fees.append((owner, fee.int("rabbits", 1)))
    route = tr.obj("route", optional=True)
    if route is not None:
        target = board.index.get(route.str("target"), -1)
        if not 0 <= target < board.num_pastures or s.owner[target] != EMPTY:
            route.fail("must be a free pasture", "target")
        s.route_target = target
        for item in route.items("links"):
            cell = _pasture(board, item)
            if s.owner[cell] in (EMPTY, s.active):
                item.fail(f"{item.value!r} is not another player's pasture")
            s.route_links.append(cell)
        s.route_fee = route.int("fee", 0)
        s.route_min = route.int("min_fee", 1)
        if s.route_fee != sum(board.cost[p] for p in s.route_links) or s.route_fee >= s.route_min:
            route.fail("must be the links' sum, below min_fee", "fee")


def _check_phase(s: RanchoRules, reader: PositionReader) -> None:
    """Consistency of the phase with the dice, the pools, the transaction and the attack."""
    n = s.cfg.num_players
    phase_name = PHASE_NAMES[s.phase]
    in_turn = s.phase in (EXPANSION, PLACEMENT)
    if (s.dice is None) != (
        s.phase in (FIRST_PLAYER, EXPANSION, DICE) or (s.phase == OVER and s.dice is None)
    ):
        reader.fail(f"must be set exactly after the roll (phase {phase_name})", "dice")
    if s.tx_open and s.phase != EXPANSION:
        reader.fail("can only be open during expansion", "transaction")
    if not in_turn and s.phase != OVER and any(s.pool_count(seat) for seat in range(n)):
        reader.fail("unplaced animals are impossible between the roll and placement", "seats")
    if in_turn and any(s.pool_count(seat) for seat in range(n) if seat != s.active):
        reader.fail("only the active player can have unplaced animals", "seats")
    if (s.phase == DOG) != bool(s.dog_queue) or (s.phase == DOG and s.to_move != s.dog_queue[0]):
        reader.fail("is non-empty exactly in the dog phase, headed by to_move", "dog_queue")
    if s.phase in (D6, DOG) and s.attack < 0:
        reader.fail(f"phase {phase_name} needs the current attack", "attack")
    if s.phase == ORDER and (s.dice is None or sorted(s.dice) != [FOX, WOLF]):
        reader.fail("the order phase needs a fox and a wolf on the dice", "dice")
    if s.phase == DOG and s.d6 == 0:
        reader.fail("the dog phase needs the predator die result", "d6")
    if (s.winner >= 0) and s.phase != OVER:
        reader.fail("a winner is only possible once the game is over", "winner")


def _check_reachable(s: RanchoRules, reader: PositionReader) -> None:
    """Reject positions that are well-formed but that no legal play can reach."""
    c = s.cfg
    board = c.board
    if c.first_player >= 0 and s.first not in (NO, c.first_player):
        reader.fail(f"must be seat {c.first_player} (game param, RA-R5)", "first_player")
    if s.phase != DOG and s.to_move != s.active:
        reader.fail("differs from active only in a dog decision", "to_move")
    # The open transaction (RA-R16, RA-R18, RA-R21).
    if s.tx_open:
        seat = s.active
        if s.npast[seat] + len(s.tx_buy) + (s.route_target >= 0) > c.pasture_limit:
            reader.fail("buys beyond the pasture limit (RA-R16)", "transaction")
        fee_owners = {owner for owner, _ in s.tx_fees}
        if seat in fee_owners:
            reader.fail("a passage fee cannot be owed to the buyer (RA-R21)", "transaction")
        reach = s.terr[seat]
        for cell in s.tx_buy:
            adjacent = board.neighbourhood(reach) >> cell & 1
            passage = any(s.owner[nb] in fee_owners for nb in board.neighbours[cell])
            if not adjacent and not passage:
                reader.fail(f"buys {board.ids[cell]}, out of reach (RA-R18, RA-R21)", "transaction")
            reach |= 1 << cell
    # Predators (RA-R31, RA-R37, RA-R38; the d6 faces of 2.4).
    if s.d6 and s.d6 not in c.d6_faces:
        reader.fail(f"{s.d6} is not a face of the predator die", "d6")
    pending = s.attacks + ([s.attack] if s.attack >= 0 else [])
    if pending:
        if s.dice is None:
            reader.fail("attacks without a roll of the dice", "attack")
        for predator in (FOX, WOLF):
            if pending.count(predator) > s.dice.count(predator):
                reader.fail(
                    "more attacks than predator faces on the dice (RA-R31)",
                    "attacks_left" if s.attacks else "attack",
                )
    if s.dog_savers and s.phase != DOG:
        reader.fail("are only kept during a dog decision (RA-R38)", "dog_savers")
    if s.phase == DOG:
        dog = SMALL_DOG if s.attack == FOX else LARGE_DOG
        for seat in s.dog_queue + s.dog_savers:
            if not s.dogs[2 * seat + dog - SMALL_DOG]:
                reader.fail(
                    f"seat {seat} decides about a dog it does not own (RA-R37)", "dog_queue"
                )
            if not s.attack_losses(seat):
                reader.fail(
                    f"seat {seat} would lose nothing and is not asked (RA-R37)", "dog_queue"
                )
    if s.phase == D6 and s.dog_queue:
        reader.fail("no dog decision before the predator die is rolled", "dog_queue")
    # The end (RA-R43, RA-R45).
    if s.winner >= 0:
        base = 4 * s.winner
        if not all(s.placed[base + k] for k in range(4)):
            reader.fail(
                "the winner must have a rabbit, sheep, cow and horse placed (RA-R43)", "winner"
            )
    elif s.phase == OVER and s.round < c.max_rounds:
        reader.fail(
            f"phase {PHASE_NAMES[s.phase]} without a winner needs max_rounds played (RA-R45)",
            "phase",
        )
