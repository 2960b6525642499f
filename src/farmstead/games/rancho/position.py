"""Rancho positions as JSON: ``state_to_json`` and the validating ``state_from_json``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from farmstead.core.errors import InvalidPositionError
from farmstead.games.rancho.actions import ANIMALS, COW, HORSE, KINDS, RABBIT, SHEEP, SYMBOLS
from farmstead.games.rancho.board import iter_bits

if TYPE_CHECKING:
    from farmstead.games.rancho.rules import RanchoGame, RanchoState

PREDATORS = {"fox": 4, "wolf": 5}


def _kinds(counts: list[int], kinds: tuple[str, ...] = KINDS) -> dict[str, int]:
    return {k: counts[i] for i, k in enumerate(kinds)}


def state_to_json(s: RanchoState) -> dict[str, Any]:
    """The full position (Rancho has no hidden parts)."""
    from farmstead.games.rancho.rules import PHASE_NAMES

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
        }
    return {
        "game": "rancho",
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
                "pool": _kinds(s.pool[4 * seat : 4 * seat + 4], KINDS[:4]),
                "dogs": _kinds(s.dogs[2 * seat : 2 * seat + 2], KINDS[4:]),
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
    }


class _Reader:
    """Typed access to a JSON object with position-error messages naming the field."""

    def __init__(self, doc: Mapping[str, Any], where: str) -> None:
        self.doc = doc
        self.where = where

    def get(self, key: str, expected: type | tuple[type, ...], optional: bool = False) -> Any:
        if key not in self.doc:
            if optional:
                return None
            raise InvalidPositionError(f"{self.where}: missing field {key!r}")
        value = self.doc[key]
        if value is None and optional:
            return None
        if isinstance(value, bool) and expected is not bool or not isinstance(value, expected):
            raise InvalidPositionError(f"{self.where}.{key}: expected {expected}, got {value!r}")
        return value

    def count(self, key: str, low: int = 0, high: int | None = None, optional: bool = False) -> Any:
        value = self.get(key, int, optional)
        if value is None:
            return None
        if value < low or (high is not None and value > high):
            raise InvalidPositionError(f"{self.where}.{key}: {value} out of range")
        return value

    def sub(self, key: str, optional: bool = False) -> _Reader | None:
        value = self.get(key, dict, optional)
        return None if value is None else _Reader(value, f"{self.where}.{key}")

    def kinds(self, key: str, kinds: tuple[str, ...]) -> list[int]:
        sub = self.sub(key)
        assert sub is not None
        extra = set(sub.doc) - set(kinds)
        if extra:
            raise InvalidPositionError(f"{sub.where}: unknown kinds {sorted(extra)}")
        return [sub.count(k) for k in kinds]


def state_from_json(game: RanchoGame, doc: Any) -> RanchoState:
    """Parse and validate a position; ``InvalidPositionError`` explains any problem."""
    from farmstead.games.rancho.rules import (
        D6,
        DICE,
        DOG,
        EMPTY,
        EXPANSION,
        FIRST_PLAYER,
        ORDER,
        OVER,
        PHASE_NAMES,
        PLACEMENT,
        RanchoState,
    )

    game.check_position_header(doc)
    r = _Reader(doc, "position")
    s = RanchoState.initial(game)
    c = s.cfg
    board = c.board
    n = c.num_players
    phase_name = r.get("phase", str)
    if phase_name not in PHASE_NAMES:
        raise InvalidPositionError(f"position.phase: unknown phase {phase_name!r}")
    s.phase = PHASE_NAMES.index(phase_name)
    active = r.count("active", 0, n - 1, optional=True)
    first = r.count("first_player", 0, n - 1, optional=True)
    to_move = r.count("to_move", 0, n - 1, optional=True)
    if (s.phase == FIRST_PLAYER) != (first is None) or (active is None) != (first is None):
        raise InvalidPositionError(
            "active and first_player are null exactly before the first-player draw"
        )
    s.active = -1 if active is None else active
    s.first = -1 if first is None else first
    s.to_move = s.active if to_move is None else to_move
    s.round = r.count("round", 0, c.max_rounds)
    s.turn_actions = r.count("turn_actions", 0)
    s.herd = r.kinds("herd", KINDS)

    # Seats: pools, dogs, pastures.
    seats = r.get("seats", list)
    if len(seats) != n:
        raise InvalidPositionError(f"position.seats: expected {n} seats, got {len(seats)}")
    s.owner = [EMPTY] * board.num_cells
    for seat, farm in enumerate(c.farms):
        a, b = board.farm_cells[farm]
        s.owner[a] = s.owner[b] = seat
        s.terr[seat] = (1 << a) | (1 << b)
    for seat, raw in enumerate(seats):
        if not isinstance(raw, Mapping):
            raise InvalidPositionError(f"position.seats[{seat}] must be an object")
        sr = _Reader(raw, f"position.seats[{seat}]")
        s.pool[4 * seat : 4 * seat + 4] = sr.kinds("pool", KINDS[:4])
        s.dogs[2 * seat : 2 * seat + 2] = sr.kinds("dogs", KINDS[4:])
        pastures = sr.get("pastures", list)
        if len(pastures) > c.pasture_limit:
            raise InvalidPositionError(f"{sr.where}: more than {c.pasture_limit} pastures (RA-R16)")
        for pid in pastures:
            cell = board.index.get(pid) if isinstance(pid, str) else None
            if cell is None or cell >= board.num_pastures:
                raise InvalidPositionError(f"{sr.where}.pastures: {pid!r} is not a pasture")
            if s.owner[cell] != EMPTY:
                raise InvalidPositionError(f"{sr.where}.pastures: {pid} is owned twice")
            s.owner[cell] = seat
            s.terr[seat] |= 1 << cell
        s.npast[seat] = len(pastures)

    # Pieces on the board.
    s.cell_kind = [EMPTY] * board.num_cells
    s.cell_amt = [0] * board.num_cells
    s.placed = [0] * (4 * n)
    for i, raw in enumerate(r.get("pieces", list)):
        _read_piece(s, raw, f"position.pieces[{i}]")

    _read_transaction(s, r)

    # Dice and predators.
    dice = r.get("dice", list, optional=True)
    if dice is not None:
        if len(dice) != 2 or any(f not in SYMBOLS for f in dice):
            raise InvalidPositionError("position.dice: two faces among " + ", ".join(SYMBOLS))
        s.dice = (SYMBOLS.index(dice[0]), SYMBOLS.index(dice[1]))
    attack = r.get("attack", str, optional=True)
    s.attack = -1 if attack is None else _predator(attack, "position.attack")
    s.attacks = [_predator(a, "position.attacks_left") for a in r.get("attacks_left", list)]
    s.d6 = r.count("d6", 1, optional=True) or 0
    s.dog_queue = _seats(r.get("dog_queue", list), n, "position.dog_queue")
    s.dog_savers = _seats(r.get("dog_savers", list), n, "position.dog_savers")
    winner = r.count("winner", 0, n - 1, optional=True)
    s.winner = -1 if winner is None else winner

    # Phase consistency.
    in_turn = s.phase in (EXPANSION, PLACEMENT)
    if (s.dice is None) != (
        s.phase in (FIRST_PLAYER, EXPANSION, DICE) or (s.phase == OVER and s.dice is None)
    ):
        raise InvalidPositionError(
            f"position.dice must be set exactly after the roll (phase {phase_name})"
        )
    if s.tx_open and s.phase != EXPANSION:
        raise InvalidPositionError("a transaction can only be open during expansion")
    if not in_turn and s.phase != OVER and any(s.pool_count(seat) for seat in range(n)):
        raise InvalidPositionError("unplaced animals are impossible between the roll and placement")
    if in_turn and any(s.pool_count(seat) for seat in range(n) if seat != s.active):
        raise InvalidPositionError("only the active player can have unplaced animals")
    if (s.phase == DOG) != bool(s.dog_queue) or (s.phase == DOG and s.to_move != s.dog_queue[0]):
        raise InvalidPositionError(
            "dog_queue is non-empty exactly in the dog phase, headed by to_move"
        )
    if s.phase in (D6, DOG) and s.attack < 0:
        raise InvalidPositionError(f"phase {phase_name} needs the current attack")
    if s.phase == ORDER and (s.dice is None or sorted(s.dice) != [4, 5]):
        raise InvalidPositionError("the order phase needs a fox and a wolf on the dice")
    if s.phase == DOG and s.d6 == 0:
        raise InvalidPositionError("the dog phase needs the predator die result")
    if (s.winner >= 0) and s.phase != OVER:
        raise InvalidPositionError("a winner is only possible once the game is over")

    _check_reachable(s, phase_name)

    # Conservation: no piece is ever created or destroyed (RA-R2, RA-R44).
    for kind in range(6):
        total = s.herd[kind] + sum(s.owned(seat, kind) for seat in range(n))
        if total != c.herd[kind]:
            raise InvalidPositionError(
                f"{KINDS[kind]}: herd and players hold {total}, the game has {c.herd[kind]} (RA-R2)"
            )
    fees = sum(f for _, f in s.tx_fees)
    if s.tx_open and (s.herd[RABBIT] < 0 or fees < 0):
        raise InvalidPositionError("negative fees")
    return s


def _check_reachable(s: RanchoState, phase_name: str) -> None:
    """Reject positions that are well-formed but that no legal play can reach."""
    from farmstead.games.rancho.actions import FOX, LARGE_DOG, SMALL_DOG
    from farmstead.games.rancho.rules import D6, DOG, OVER

    c = s.cfg
    board = c.board
    n = c.num_players
    if c.first_player >= 0 and s.first not in (-1, c.first_player):
        raise InvalidPositionError(
            f"first_player must be seat {c.first_player} (game param, RA-R5)"
        )
    if s.phase != DOG and s.to_move != s.active:
        raise InvalidPositionError("to_move differs from active only in a dog decision")
    # The open transaction (RA-R16, RA-R18, RA-R21).
    if s.tx_open:
        seat = s.active
        if s.npast[seat] + len(s.tx_buy) + (s.route_target >= 0) > c.pasture_limit:
            raise InvalidPositionError("the transaction buys beyond the pasture limit (RA-R16)")
        fee_owners = {owner for owner, _ in s.tx_fees}
        if seat in fee_owners:
            raise InvalidPositionError("a passage fee cannot be owed to the buyer (RA-R21)")
        reach = s.terr[seat]
        for cell in s.tx_buy:
            adjacent = board.neighbourhood(reach) >> cell & 1
            passage = any(s.owner[nb] in fee_owners for nb in board.neighbours[cell])
            if not adjacent and not passage:
                raise InvalidPositionError(
                    f"transaction buys {board.ids[cell]}, out of reach (RA-R18, RA-R21)"
                )
            reach |= 1 << cell
    # Predators (RA-R31, RA-R37, RA-R38; the d6 faces of 2.4).
    if s.d6 and s.d6 not in c.d6_faces:
        raise InvalidPositionError(f"d6 = {s.d6} is not a face of the predator die")
    pending = s.attacks + ([s.attack] if s.attack >= 0 else [])
    if pending:
        if s.dice is None:
            raise InvalidPositionError("attacks without a roll of the dice")
        for predator in (4, 5):
            if pending.count(predator) > s.dice.count(predator):
                raise InvalidPositionError("more attacks than predator faces on the dice (RA-R31)")
    if s.dog_savers and s.phase != DOG:
        raise InvalidPositionError("dog_savers are only kept during a dog decision (RA-R38)")
    if s.phase == DOG:
        dog = SMALL_DOG if s.attack == FOX else LARGE_DOG
        for seat in s.dog_queue + s.dog_savers:
            if not s.dogs[2 * seat + dog - SMALL_DOG]:
                raise InvalidPositionError(
                    f"seat {seat} decides about a dog it does not own (RA-R37)"
                )
            if not s.attack_losses(seat):
                raise InvalidPositionError(
                    f"seat {seat} would lose nothing and is not asked (RA-R37)"
                )
    if s.phase == D6 and s.dog_queue:
        raise InvalidPositionError("no dog decision before the predator die is rolled")
    # The end (RA-R43, RA-R45).
    if s.winner >= 0:
        base = 4 * s.winner
        if not all(s.placed[base + k] for k in range(4)):
            raise InvalidPositionError(
                "the winner must have a rabbit, sheep, cow and horse placed (RA-R43)"
            )
    elif s.phase == OVER and s.round < c.max_rounds:
        raise InvalidPositionError(
            f"phase {phase_name} without a winner needs max_rounds played (RA-R45)"
        )
    _ = n


def _predator(name: Any, where: str) -> int:
    if name not in PREDATORS:
        raise InvalidPositionError(f"{where}: {name!r} is not fox or wolf")
    return PREDATORS[name]


def _seats(values: list[Any], n: int, where: str) -> list[int]:
    if any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n for v in values):
        raise InvalidPositionError(f"{where}: seats must be ints 0..{n - 1}")
    if len(set(values)) != len(values):
        raise InvalidPositionError(f"{where}: repeated seat")
    return list(values)


def _read_piece(s: RanchoState, raw: Any, where: str) -> None:
    from farmstead.games.rancho.rules import EMPTY

    board = s.cfg.board
    if not isinstance(raw, Mapping):
        raise InvalidPositionError(f"{where}: a piece must be an object")
    pr = _Reader(raw, where)
    kind_name = pr.get("kind", str)
    if kind_name not in KINDS[:4]:
        raise InvalidPositionError(f"{where}.kind: {kind_name!r} is not an animal")
    kind = KINDS.index(kind_name)
    ids = pr.get("cells", list)
    try:
        cells = tuple(sorted(board.index[c] for c in ids))
    except (KeyError, TypeError):
        raise InvalidPositionError(f"{where}.cells: unknown cells {ids!r}") from None
    owners = {s.owner[c] for c in cells}
    if len(owners) != 1 or EMPTY in owners:
        raise InvalidPositionError(f"{where}: a piece must stand on spaces of one player (RA-R24)")
    seat = owners.pop()
    if any(s.cell_kind[c] != EMPTY for c in cells):
        raise InvalidPositionError(f"{where}: space already occupied (RA-R25)")
    if kind == RABBIT:
        count = pr.count("count", 1, s.cfg.rabbits_per_space)
        if len(cells) != 1:
            raise InvalidPositionError(f"{where}: rabbits stand on one space")
        s.cell_kind[cells[0]], s.cell_amt[cells[0]] = RABBIT, count
        s.placed[4 * seat + RABBIT] += count
        return
    if kind == SHEEP:
        if len(cells) != 1:
            raise InvalidPositionError(f"{where}: a sheep stands on one space")
        s.cell_kind[cells[0]], s.cell_amt[cells[0]] = SHEEP, 1
    else:
        table = board.edge_index if kind == COW else board.triangle_index
        if cells not in table:
            shape = "2 adjacent" if kind == COW else "3 mutually adjacent"
            raise InvalidPositionError(f"{where}: a {kind_name} covers {shape} spaces (RA-R26)")
        index = table[cells]  # type: ignore[index]
        for c in cells:
            s.cell_kind[c], s.cell_amt[c] = kind, index
    s.placed[4 * seat + kind] += 1


def _read_transaction(s: RanchoState, r: _Reader) -> None:
    board = s.cfg.board
    tr = r.sub("transaction", optional=True)
    if tr is None:
        return
    s.tx_open = True
    s.tx_give = tr.kinds("give", KINDS)
    s.tx_recv = tr.kinds("receive", KINDS)
    for kind in range(6):
        if s.tx_give[kind] and s.tx_recv[kind]:
            raise InvalidPositionError(f"transaction gives and receives {KINDS[kind]} (RA-R13)")
        if s.tx_give[kind] > s.owned(s.active, kind):
            raise InvalidPositionError(f"transaction gives more {KINDS[kind]} than owned")
    for pid in tr.get("buy", list):
        cell = board.index.get(pid) if isinstance(pid, str) else None
        if cell is None or cell >= board.num_pastures or s.owner[cell] != -1 or cell in s.tx_buy:
            raise InvalidPositionError(f"transaction.buy: {pid!r} is not a free pasture")
        s.tx_buy.append(cell)
    for i, raw in enumerate(tr.get("fees", list)):
        if not isinstance(raw, Mapping):
            raise InvalidPositionError(f"transaction.fees[{i}] must be an object")
        fr = _Reader(raw, f"transaction.fees[{i}]")
        owner = fr.count("owner", 0, s.cfg.num_players - 1)
        s.tx_fees.append((owner, fr.count("rabbits", 1)))
    route = tr.sub("route", optional=True)
    if route is not None:
        target = board.index.get(route.get("target", str), -1)
        if not 0 <= target < board.num_pastures or s.owner[target] != -1:
            raise InvalidPositionError("transaction.route.target must be a free pasture")
        s.route_target = target
        for pid in route.get("links", list):
            cell = board.index.get(pid) if isinstance(pid, str) else None
            if cell is None or cell >= board.num_pastures or s.owner[cell] in (-1, s.active):
                raise InvalidPositionError(
                    f"transaction.route.links: {pid!r} is not another player's pasture"
                )
            s.route_links.append(cell)
        s.route_fee = route.count("fee", 0)
        s.route_min = route.count("min_fee", 1)
        if s.route_fee != sum(board.cost[p] for p in s.route_links) or s.route_fee >= s.route_min:
            raise InvalidPositionError(
                "transaction.route: fee must be the links' sum, below min_fee"
            )
    _ = ANIMALS
