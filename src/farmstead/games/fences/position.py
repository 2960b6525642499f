"""JSON positions of Fences: ``to_json``, ``observation`` and the validating ``state_from_json``.

A position lists the placed tiles in the order they were laid; loading replays them through
the field bookkeeping (``FencesState.lay``), checking each against the placement rule (FE-R8,
FE-R9), so every loaded board is one the rules could have produced. Hidden parts (hands, the
supply) appear in ``to_json`` only; ``observation(seat)`` follows FE-R22 … FE-R25.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from farmstead.core.errors import InvalidPositionError
from farmstead.core.game import JSON, check_seat
from farmstead.games.fences.rules import (
    BUILD,
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DEAL_TILES,
    DISCARD_TILE,
    DRAW,
    NO,
    OVER,
    PHASE_NAMES,
    SELECT_CELL,
    SELECT_ROT,
    SELECT_TILE,
    STUCK_DRAW,
    FencesGame,
    FencesState,
)
from farmstead.games.fences.scoring import ANIMALS, unpack_animals

SETUP_PHASES = (DEAL_TILES, DEAL_FARMERS, CHOOSE_FIRST)


# --- writing --------------------------------------------------------------------------------
def _cell(state: FencesState, index: int) -> list[int]:
    r, c = state.cfg.layout.cell_rc(index)
    return [r, c]


def _board(state: FencesState) -> list[dict[str, Any]]:
    tiles = state.cfg.tiles
    return [
        {"tile": tiles[t].id, "cell": _cell(state, cell), "rot": rot}
        for cell, t, rot in zip(state.p_cell, state.p_type, state.p_rot, strict=True)
    ]


def _barns(state: FencesState) -> list[dict[str, Any]]:
    out = []
    barns = state.barns
    for i in range(0, len(barns), 2):
        node, owner = barns[i], barns[i + 1]
        k = state.node_tile[node]
        out.append(
            {"owner": owner, "cell": _cell(state, state.p_cell[k]), "field": node - state.p_node[k]}
        )
    return out


def _selected(state: FencesState) -> dict[str, Any] | None:
    if state.phase not in (SELECT_CELL, SELECT_ROT):
        return None
    return {
        "slot": state.sel_slot,
        "tile": state.tile_id(state.hands[state.active][state.sel_slot]),
        "cell": _cell(state, state.sel_cell) if state.phase == SELECT_ROT else None,
    }


def to_json(state: FencesState) -> dict[str, Any]:
    """The full position, hidden hands and supply included."""
    c = state.cfg
    doc: dict[str, Any] = dict(state.game.describe())
    doc.update(
        {
            "phase": PHASE_NAMES[state.phase],
            "active": state.active,
            "first_player": state.first if state.first != NO else None,
            "board": _board(state),
            "barns": _barns(state),
            "hands": [[state.tile_id(t) for t in hand] for hand in state.hands],
            "revealed": [list(r) for r in state.revealed],
            "supply": {c.tiles[t].id: n for t, n in enumerate(state.supply) if n},
            "discards": [state.tile_id(t) for t in state.discards],
            "scores": list(state.scores),
            "stocks": list(state.stocks),
            "farmers": [c.farmers[f].id if f != NO else None for f in state.farmers],
            "selected": _selected(state),
            "events": [dict(e) for e in state.events],
        }
    )
    return doc


def fields_summary(state: FencesState) -> list[dict[str, Any]]:
    """Every field on the board: its tile-fields, animals, open segments, barns, completion."""
    groups: dict[int, list[list[int]]] = {}
    for node in range(len(state.parent)):
        k = state.node_tile[node]
        groups.setdefault(state.find(node), []).append(
            [*_cell(state, state.p_cell[k]), node - state.p_node[k]]
        )
    out = []
    for root, parts in groups.items():
        animals = unpack_animals(state.anim[root])
        out.append(
            {
                "parts": parts,
                "animals": dict(zip(ANIMALS, animals, strict=True)),
                "open": state.opn[root],
                "completed": state.opn[root] == 0,
                "barns": state.barn_owners(root),
                "span": len({(p[0], p[1]) for p in parts}),
            }
        )
    return out


def observation(state: FencesState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: a spectator).

    Public (FE-R24, FE-R25): the board, barns, stocks, scores, dealt farmer cards, hand sizes,
    seat colours, discards, the supply size, revealed hand tiles and the tile picked up for
    placing. Private (FE-R22): the seat's own hand, and for the seat to move its legal
    placements. Never: other hidden hand tiles or anything about the supply beyond its size
    (FE-R23).
    """
    check_seat(state.game, seat)
    c = state.cfg
    n = c.num_players
    known: list[list[str]] = []
    for other in range(n):
        known.append(
            [
                state.tile_id(t)
                for slot, t in enumerate(state.hands[other])
                if other == seat or state.is_public_hand_tile(other, slot)
            ]
        )
    doc: dict[str, Any] = {
        "game": state.game.type.name,
        "players": n,
        "seat": seat,
        "phase": PHASE_NAMES[state.phase],
        "current_player": int(state.current_player()),
        "active": state.active,
        "first_player": state.first if state.first != NO else None,
        "colours": list(c.colours),
        # Public: each seat's colour, in the shape the web app reads for its player list.
        "seats": [{"colour": colour} for colour in c.colours],
        "board": _board(state),
        "barns": _barns(state),
        "fields": fields_summary(state),
        "scores": list(state.scores),
        "stocks": list(state.stocks),
        "farmers": [c.farmers[f].id if f != NO else None for f in state.farmers],
        "hand_sizes": [len(h) for h in state.hands],
        "known_hand_tiles": known,
        "hand": known[seat] if seat is not None else None,
        "discards": [state.tile_id(t) for t in state.discards],
        "supply_size": state.supply_total,
        "selected": None,
        "events": [dict(e) for e in state.events],
    }
    selected = _selected(state)
    if selected is not None:
        public = {"tile": selected["tile"], "cell": selected["cell"]}
        if seat == state.active:
            public["slot"] = selected["slot"]
        doc["selected"] = public
    if seat is not None and seat == state.active and state.phase == SELECT_TILE:
        doc["placements"] = {
            str(slot): [
                [*_cell(state, cell), rot] for cell, rots in state.placements(t) for rot in rots
            ]
            for slot, t in enumerate(state.hands[seat])
        }
    return doc


# --- reading --------------------------------------------------------------------------------
def _fail(message: str) -> InvalidPositionError:
    return InvalidPositionError(f"fences position: {message}")


def _get(doc: Mapping[str, Any], key: str) -> Any:
    if key not in doc:
        raise _fail(f"missing field {key!r}")
    return doc[key]


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{what} must be an int, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise _fail(f"{what} must be in {low}..{high}, got {value}")
    return value


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"{what} must be a list, got {value!r}")
    if length is not None and len(value) != length:
        raise _fail(f"{what} must have {length} entries, got {len(value)}")
    return value


def _cell_of(state: FencesState, value: Any, what: str) -> int:
    pair = _list(value, what, 2)
    layout = state.cfg.layout
    limit = layout.half - 1
    r = _int(pair[0], f"{what} row", -limit, limit)
    c = _int(pair[1], f"{what} column", -limit, limit)
    return layout.cell_index(r, c)


def _tile(state: FencesState, value: Any, what: str) -> int:
    index = state.cfg.catalog.tile_by_id.get(value) if isinstance(value, str) else None
    if index is None:
        raise _fail(f"{what}: unknown tile {value!r}")
    return index


def state_from_json(game: FencesGame, doc: JSON) -> FencesState:
    """The position ``to_json`` wrote; ``InvalidPositionError`` for anything malformed,
    out of range or inconsistent with the rules."""
    header = game.check_position_header(doc)
    state = FencesState.empty(game)
    c = game.config
    n = c.num_players
    phase_name = _get(header, "phase")
    if phase_name not in PHASE_NAMES:
        raise _fail(f"unknown phase {phase_name!r}; valid: {', '.join(PHASE_NAMES)}")
    phase = PHASE_NAMES.index(phase_name)
    active = _int(_get(header, "active"), "active", 0, n - 1)
    first = header.get("first_player")
    first = NO if first is None else _int(first, "first_player", 0, n - 1)

    # Board: replayed in order, each tile legal when laid (FE-R8, FE-R9).
    for i, entry in enumerate(_list(_get(header, "board"), "board")):
        if not isinstance(entry, Mapping):
            raise _fail(f"board[{i}] must be an object")
        tile = _tile(state, entry.get("tile"), f"board[{i}]")
        cell = _cell_of(state, entry.get("cell"), f"board[{i}].cell")
        rot = _int(entry.get("rot"), f"board[{i}].rot", 0, 3)
        if state.board[cell]:
            raise _fail(f"board[{i}]: cell {entry.get('cell')} already holds a tile")
        if state.p_cell:
            constraint = state.frontier.get(cell)
            if constraint is None:
                raise _fail(f"board[{i}]: cell {entry.get('cell')} touches no earlier tile (FE-R8)")
            ports = c.ports[4 * tile + rot]
            if ports & (constraint >> 4) != constraint & 0xF:
                raise _fail(
                    f"board[{i}]: the fences of {entry.get('tile')} r{rot} do not continue (FE-R9)"
                )
        state.lay(tile, cell, rot)

    # Barns (FE-R41, FE-R45): on a placed tile-field whose field is not completed.
    on_board = [0] * n
    for i, entry in enumerate(_list(_get(header, "barns"), "barns")):
        if not isinstance(entry, Mapping):
            raise _fail(f"barns[{i}] must be an object")
        owner = _int(entry.get("owner"), f"barns[{i}].owner", 0, n - 1)
        cell = _cell_of(state, entry.get("cell"), f"barns[{i}].cell")
        k = state.board[cell] - 1
        if k < 0:
            raise _fail(f"barns[{i}]: no tile at {entry.get('cell')}")
        field = _int(entry.get("field"), f"barns[{i}].field", 0, c.num_fields[state.p_type[k]] - 1)
        node = state.p_node[k] + field
        if state.opn[state.find(node)] == 0:
            raise _fail(
                f"barns[{i}]: its field is completed; its barns would have returned (FE-R56)"
            )
        state.barns += [node, owner]
        state.nbarn[state.find(node)] += 1
        on_board[owner] += 1
    stocks = _list(_get(header, "stocks"), "stocks", n)
    for seat in range(n):
        state.stocks[seat] = _int(stocks[seat], f"stocks[{seat}]", 0)
        if state.stocks[seat] + on_board[seat] != c.barn_stock:
            raise _fail(
                f"seat {seat} has {state.stocks[seat]} barns in stock and {on_board[seat]} on the "
                f"board; the total must be {c.barn_stock} (FE-R32)"
            )

    # Hands, supply, discards: together with the board, exactly the tiles in play (FE-R28).
    hands = _list(_get(header, "hands"), "hands", n)
    revealed = _list(_get(header, "revealed"), "revealed", n)
    for seat in range(n):
        hand = _list(hands[seat], f"hands[{seat}]")
        if len(hand) > c.hand_size:
            raise _fail(f"hands[{seat}] holds more than {c.hand_size} tiles")
        state.hands[seat] = [_tile(state, t, f"hands[{seat}]") for t in hand]
        flags = _list(revealed[seat], f"revealed[{seat}]", len(hand))
        if not all(isinstance(f, bool) for f in flags):
            raise _fail(f"revealed[{seat}] must hold booleans")
        state.revealed[seat] = list(flags)
    supply = _get(header, "supply")
    if not isinstance(supply, Mapping):
        raise _fail("supply must be an object of tile id -> count")
    state.supply = [0] * len(c.tiles)
    for tid, count in supply.items():
        state.supply[_tile(state, tid, "supply")] = _int(count, f"supply[{tid}]", 1)
    state.supply_total = sum(state.supply)
    state.discards = [
        _tile(state, t, "discards") for t in _list(_get(header, "discards"), "discards")
    ]
    used = [0] * len(c.tiles)
    for x in state.p_type + state.discards + [y for h in state.hands for y in h]:
        used[x] += 1
    for t, tile_type in enumerate(c.tiles):
        if used[t] + state.supply[t] != c.in_play[t]:
            raise _fail(
                f"tile {tile_type.id}: {used[t]} on the board, in hands or discarded and "
                f"{state.supply[t]} in the supply; {c.in_play[t]} are in play with {n} players"
            )

    scores = _list(_get(header, "scores"), "scores", n)
    state.scores = [_int(s, f"scores[{i}]", 0) for i, s in enumerate(scores)]
    farmers = _list(_get(header, "farmers"), "farmers", n)
    for seat, card in enumerate(farmers):
        if card is None:
            continue
        index = c.catalog.farmer_by_id.get(card) if isinstance(card, str) else None
        if index is None or index not in c.deck:
            raise _fail(f"farmers[{seat}]: {card!r} is not a card of this game's deck")
        if index in state.farmers:
            raise _fail(f"farmer card {card} is dealt twice")
        state.farmers[seat] = index
    events = _list(header.get("events", []), "events")
    if not all(isinstance(e, Mapping) for e in events):
        raise _fail("events must be a list of objects")
    state.events = [dict(e) for e in events]

    state.phase = phase
    state.active = active
    state.first = first
    _check_phase(state, header)
    state._legal_cache = None
    return state


def _check_phase(state: FencesState, header: Mapping[str, Any]) -> None:
    """Consistency of the phase with hands, deal progress and the board."""
    c = state.cfg
    n = c.num_players
    phase, active = state.phase, state.active
    hands = state.hands
    selected = header.get("selected")
    if phase in (SELECT_CELL, SELECT_ROT):
        if not isinstance(selected, Mapping):
            raise _fail(f"phase {PHASE_NAMES[phase]} needs 'selected'")
        slot = _int(selected.get("slot"), "selected.slot", 0, len(hands[active]) - 1)
        state.sel_slot = slot
        if not state.p_cell:
            raise _fail("the first tile is placed as soon as it is chosen (FE-R35)")
        tile = hands[active][slot]
        cells = dict(state.placements(tile))
        if not cells:
            raise _fail("the selected tile fits nowhere")
        if phase == SELECT_ROT:
            cell = _cell_of(state, selected.get("cell"), "selected.cell")
            if cell not in cells:
                raise _fail("the selected tile does not fit the selected cell")
            state.sel_cell = cell
        elif selected.get("cell") is not None:
            raise _fail("no cell is selected before phase select_rotation")
    elif selected is not None:
        raise _fail(f"'selected' must be null in phase {PHASE_NAMES[phase]}")

    if phase in SETUP_PHASES:
        if state.p_cell or state.discards or any(state.scores) or state.first != NO:
            raise _fail("during setup the board, discards and scores are empty, no first player")
        if any(any(r) for r in state.revealed):
            raise _fail("no tile is revealed during setup")
    if phase == DEAL_TILES:
        sizes = [len(h) for h in hands]
        expected = [c.hand_size] * active + [sizes[active]] + [0] * (n - active - 1)
        if sizes != expected or sizes[active] >= c.hand_size:
            raise _fail(f"dealing tiles to seat {active}: hand sizes {sizes} are inconsistent")
    if phase in (DEAL_FARMERS, CHOOSE_FIRST) and any(len(h) != c.hand_size for h in hands):
        raise _fail("every hand is full once the tiles are dealt")
    if phase in (DEAL_TILES, DEAL_FARMERS):
        dealt = active if phase == DEAL_FARMERS else 0
        if any((f != NO) != (seat < dealt) for seat, f in enumerate(state.farmers)):
            raise _fail("farmer cards are dealt in seat order, one each (FE-R31)")
    if phase == CHOOSE_FIRST and NO in state.farmers:
        raise _fail("every seat has a farmer card before the first player is chosen")
    if phase in SETUP_PHASES:
        return

    if NO in state.farmers or state.first == NO:
        raise _fail("after setup every seat has a farmer card and a first player is set")
    if phase == OVER:
        if state.supply_total or any(hands):
            raise _fail("the game is over only when the supply and every hand are empty (FE-R58)")
        return
    hand = hands[active]
    full = c.hand_size
    if state.supply_total:
        for seat in range(n):
            if seat != active and len(hands[seat]) != full:
                raise _fail(f"while the supply has tiles, seat {seat} holds {full} tiles")
    if phase in (SELECT_TILE, SELECT_CELL, SELECT_ROT):
        if not any(state.can_place(t) for t in hand):
            raise _fail(f"seat {active} has no placeable tile; it must discard (FE-R37)")
        if state.supply_total and len(hand) != full:
            raise _fail(f"seat {active} must hold {full} tiles before placing")
    elif phase == BUILD and (
        not state.p_cell or state.stocks[active] == 0 or not state.legal_barn_fields()
    ):
        raise _fail("phase build needs a placed tile, a barn in stock and a legal tile-field")
    if phase in (BUILD, DRAW, STUCK_DRAW) and state.supply_total and len(hand) != full - 1:
        raise _fail(f"seat {active} holds {len(hand)} tiles in phase {PHASE_NAMES[phase]}")
    if phase in (DRAW, STUCK_DRAW) and not state.supply_total:
        raise _fail("nothing to draw: the supply is empty")
    if phase == DISCARD_TILE:
        if not state.supply_total or len(hand) < 2:
            raise _fail("phase discard needs tiles in the supply and two hand tiles (FE-R37)")
        if any(state.can_place(t) for t in hand) or not all(state.revealed[active]):
            raise _fail("a player discards only with an unplaceable, revealed hand (FE-R37)")
