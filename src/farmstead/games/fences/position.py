"""JSON positions of Fences: ``to_json``, ``observation`` and the validating ``state_from_json``.

A position lists the placed tiles in the order they were laid; loading replays them through
the field bookkeeping (``FencesRules.lay``), checking each against the placement rule (FE-R8,
FE-R9), so every loaded board is one the rules could have produced. Hidden parts (hands, the
supply) appear in ``to_json`` only; ``observation(seat)`` follows FE-R22 … FE-R25.
"""

from __future__ import annotations

from typing import Any, TypeVar

from farmstead.core.position import ItemReader, PositionReader
from farmstead.games.fences.layout import (
    ANIMALS,
    BUILD,
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DEAL_TILES,
    DISCARD_TILE,
    DRAW,
    NO,
    OVER,
    PHASE_NAMES,
    PLACING_PHASES,
    SELECT_CELL,
    SELECT_ROT,
    SELECT_TILE,
    SETUP_PHASES,
    STUCK_DRAW,
)
from farmstead.games.fences.rules import FencesRules
from farmstead.games.fences.scoring import condition_words, unpack_animals

S = TypeVar("S", bound=FencesRules)


# --- writing --------------------------------------------------------------------------------
def _cell(state: FencesRules, index: int) -> list[int]:
    r, c = state.cfg.layout.cell_rc(index)
    return [r, c]


def _board(state: FencesRules) -> list[dict[str, Any]]:
    tiles = state.cfg.tiles
    return [
        {"tile": tiles[t].id, "cell": _cell(state, cell), "rot": rot}
        for cell, t, rot in zip(state.p_cell, state.p_type, state.p_rot, strict=True)
    ]


def _barns(state: FencesRules) -> list[dict[str, Any]]:
    out = []
    barns = state.barns
    for i in range(0, len(barns), 2):
        node, owner = barns[i], barns[i + 1]
        k = state.node_tile[node]
        out.append(
            {"owner": owner, "cell": _cell(state, state.p_cell[k]), "field": node - state.p_node[k]}
        )
    return out


def _selected(state: FencesRules) -> dict[str, Any] | None:
    if state.phase not in (SELECT_CELL, SELECT_ROT):
        return None
    return {
        "slot": state.sel_slot,
        "tile": state.tile_id(state.hands[state.active][state.sel_slot]),
        "cell": _cell(state, state.sel_cell) if state.phase == SELECT_ROT else None,
    }


def to_json(state: FencesRules) -> dict[str, Any]:
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


def fields_summary(state: FencesRules) -> list[dict[str, Any]]:
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


def observation(state: FencesRules, seat: int | None, derived: bool = True) -> dict[str, Any]:
    """What ``seat`` (checked by the caller) may see (``None``: a spectator). ``derived=False``
    leaves out what follows from the rest (``fields``, ``placements``) for fast encoders.

    Public (FE-R24, FE-R25): the board, barns, stocks, scores, dealt farmer cards, hand sizes,
    seat colours, discards, the supply size, revealed hand tiles and the tile picked up for
    placing; ``farmer_cards``: the dealt cards with their conditions in words (derived). Private (FE-R22): the seat's own hand, and for the seat placing a tile its
    ``placements``: where each of its playable tiles fits, turn by turn, with the fit of every
    side, so a front end shows legal cells, rotations and fence fit without knowing the rules.
    Never: other hidden hand tiles or anything about the supply beyond its size (FE-R23).
    """
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
        "fields": fields_summary(state) if derived else None,
        "scores": list(state.scores),
        "stocks": list(state.stocks),
        "farmers": [c.farmers[f].id if f != NO else None for f in state.farmers],
        "farmer_cards": _farmer_cards(state) if derived else None,
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
    if derived and seat is not None and seat == state.active and state.phase in PLACING_PHASES:
        doc["placements"] = _placements(state, seat)
    return doc


def _farmer_cards(state: FencesRules) -> list[dict[str, Any] | None]:
    """Each seat's dealt farmer card (public, FE-R24) for people: its name and its conditions
    in words with their points (FE-R20, FE §5); ``None`` for a seat not dealt one yet."""
    cards: list[dict[str, Any] | None] = []
    for f in state.farmers:
        if f == NO:
            cards.append(None)
            continue
        card = state.cfg.farmers[f]
        conditions = [
            {"points": cond.points, "words": condition_words(cond)} for cond in card.conditions
        ]
        cards.append({"id": card.id, "name": card.name, "conditions": conditions})
    return cards


def _placements(state: FencesRules, seat: int) -> dict[str, list[dict[str, Any]]]:
    """The mover's placement options (private, FE-R22): per hand slot that may still be played
    (every slot while choosing a tile, then the picked one), each cell where the tile fits, with
    per turn of the tile the rotation to play (``None``: it does not fit there, FE-R9; FE-R61
    maps equivalent turns to one rotation) and the fit of each side (``+``, ``x``, ``.``)."""
    hand = state.hands[seat]
    slots = range(len(hand)) if state.phase == SELECT_TILE else [state.sel_slot]
    options: dict[str, list[dict[str, Any]]] = {}
    for slot in slots:
        tile = hand[slot]
        cells = [cell for cell, _ in state.placements(tile)]
        if state.phase == SELECT_ROT:
            cells = [state.sel_cell]
        entries = []
        for cell in cells:
            turns = state.turn_options(tile, cell)
            entries.append(
                {
                    "cell": _cell(state, cell),
                    "play": [None if play == NO else play for play, _ in turns],
                    "sides": [sides for _, sides in turns],
                }
            )
        options[str(slot)] = entries
    return options


# --- reading --------------------------------------------------------------------------------
def _cell_of(state: FencesRules, item: ItemReader) -> int:
    """A board cell [row, col] strictly inside the window (a tile there keeps its neighbours
    inside it too)."""
    item.list(2)
    limit = state.cfg.layout.half - 1
    return state.cfg.layout.cell_index(item.at(0).int(-limit, limit), item.at(1).int(-limit, limit))


def _tile(state: FencesRules, item: ItemReader) -> int:
    index = state.cfg.catalog.tile_by_id.get(item.value) if isinstance(item.value, str) else None
    if index is None:
        item.fail(f"unknown tile {item.value!r}")
    return index


def state_from_json(blank: S, doc: Any) -> S:
    """Fill ``blank`` (an empty state of the game) with the position ``to_json`` wrote;
    ``InvalidPositionError`` naming the field for anything malformed, out of range or
    inconsistent with the rules."""
    state = blank
    reader = state.game.position_reader(doc)
    c = state.cfg
    n = c.num_players
    phase = reader.choice("phase", PHASE_NAMES)
    active = reader.int("active", 0, n - 1)
    first = reader.int("first_player", 0, n - 1, optional=True)
    first = NO if first is None else first

    # Board: replayed in order, each tile legal when laid (FE-R8, FE-R9).
    for entry in reader.objects("board"):
        tile = _tile(state, entry.item("tile"))
        cell = _cell_of(state, entry.item("cell"))
        rot = entry.int("rot", 0, 3)
        if state.board[cell]:
            entry.fail("its cell already holds a tile", "cell")
        if state.p_cell:
            constraint = state.frontier.get(cell)
            if constraint is None:
                entry.fail("the cell touches no earlier tile (FE-R8)", "cell")
            ports = c.ports[4 * tile + rot]
            if ports & (constraint >> 4) != constraint & 0xF:
                entry.fail(f"the fences of {state.tile_id(tile)} r{rot} do not continue (FE-R9)")
        state.lay(tile, cell, rot)

    # Barns (FE-R41, FE-R45): on a placed tile-field whose field is not completed.
    on_board = [0] * n
    for entry in reader.objects("barns"):
        owner = entry.int("owner", 0, n - 1)
        cell = _cell_of(state, entry.item("cell"))
        k = state.board[cell] - 1
        if k < 0:
            entry.fail("no tile at this cell", "cell")
        field = entry.int("field", 0, c.num_fields[state.p_type[k]] - 1)
        node = state.p_node[k] + field
        if state.opn[state.find(node)] == 0:
            entry.fail("its field is completed; its barns would have returned (FE-R56)")
        state.barns += [node, owner]
        state.nbarn[state.find(node)] += 1
        on_board[owner] += 1
    for seat, item in enumerate(reader.items("stocks", n)):
        state.stocks[seat] = item.int(0)
        if state.stocks[seat] + on_board[seat] != c.barn_stock:
            item.fail(
                f"seat {seat} has {state.stocks[seat]} barns in stock and {on_board[seat]} on "
                f"the board; the total must be {c.barn_stock} (FE-R32)"
            )

    # Hands, supply, discards: together with the board, exactly the tiles in play (FE-R28).
    revealed = list(reader.items("revealed", n))
    for seat, item in enumerate(reader.items("hands", n)):
        hand = item.list()
        if len(hand) > c.hand_size:
            item.fail(f"holds more than {c.hand_size} tiles")
        state.hands[seat] = [_tile(state, item.at(i)) for i in range(len(hand))]
        flags = revealed[seat].list(len(hand))
        if not all(isinstance(f, bool) for f in flags):
            revealed[seat].fail("must hold booleans")
        state.revealed[seat] = list(flags)
    supply = reader.obj("supply")
    state.supply = [0] * len(c.tiles)
    for tid in supply.doc:
        index = _tile(state, ItemReader(reader.game, tid, supply.where(tid)))
        state.supply[index] = supply.int(tid, 1)
    state.supply_total = sum(state.supply)
    state.discards = [_tile(state, item) for item in reader.items("discards")]
    used = [0] * len(c.tiles)
    for x in state.p_type + state.discards + [y for h in state.hands for y in h]:
        used[x] += 1
    for t, tile_type in enumerate(c.tiles):
        if used[t] + state.supply[t] != c.in_play[t]:
            reader.fail(
                f"tile {tile_type.id}: {used[t]} on the board, in hands or discarded and "
                f"{state.supply[t]} in the supply; {c.in_play[t]} are in play with {n} players",
                "supply",
            )

    state.scores = [item.int(0) for item in reader.items("scores", n)]
    for seat, item in enumerate(reader.items("farmers", n)):
        if item.value is None:
            continue
        card = c.catalog.farmer_by_id.get(item.value) if isinstance(item.value, str) else None
        if card is None or card not in c.deck:
            item.fail(f"{item.value!r} is not a card of this game's deck")
        if card in state.farmers:
            item.fail(f"farmer card {item.value} is dealt twice")
        state.farmers[seat] = card
    state.events = [dict(entry.doc) for entry in reader.objects("events")]

    state.phase = phase
    state.active = active
    state.first = first
    _check_phase(state, reader)
    state._legal_cache = None
    return state


def _check_phase(state: FencesRules, reader: PositionReader) -> None:
    """Consistency of the phase with hands, deal progress and the board."""
    c = state.cfg
    n = c.num_players
    phase, active = state.phase, state.active
    hands = state.hands

    def fail(reason: str) -> None:
        reader.fail(f"{reason} (phase {PHASE_NAMES[phase]})")

    selected = reader.obj("selected", optional=True)
    if phase in (SELECT_CELL, SELECT_ROT):
        if selected is None:
            reader.fail(f"is required in phase {PHASE_NAMES[phase]}", "selected")
        state.sel_slot = selected.int("slot", 0, len(hands[active]) - 1)
        if not state.p_cell:
            fail("the first tile is placed as soon as it is chosen (FE-R35)")
        tile = hands[active][state.sel_slot]
        cells = dict(state.placements(tile))
        if not cells:
            selected.fail("the selected tile fits nowhere", "slot")
        if phase == SELECT_ROT:
            cell = _cell_of(state, selected.item("cell"))
            if cell not in cells:
                selected.fail("the selected tile does not fit this cell", "cell")
            state.sel_cell = cell
        elif selected.raw("cell", None) is not None:
            selected.fail("no cell is selected before phase select_rotation", "cell")
    elif selected is not None:
        reader.fail(f"must be null in phase {PHASE_NAMES[phase]}", "selected")

    if phase in SETUP_PHASES:
        if state.p_cell or state.discards or any(state.scores) or state.first != NO:
            fail("during setup the board, discards and scores are empty, no first player")
        if any(any(r) for r in state.revealed):
            fail("no tile is revealed during setup")
    if phase == DEAL_TILES:
        sizes = [len(h) for h in hands]
        expected = [c.hand_size] * active + [sizes[active]] + [0] * (n - active - 1)
        if sizes != expected or sizes[active] >= c.hand_size:
            fail(f"dealing tiles to seat {active}: hand sizes {sizes} are inconsistent")
    if phase in (DEAL_FARMERS, CHOOSE_FIRST) and any(len(h) != c.hand_size for h in hands):
        fail("every hand is full once the tiles are dealt")
    if phase in (DEAL_TILES, DEAL_FARMERS):
        dealt = active if phase == DEAL_FARMERS else 0
        if any((f != NO) != (seat < dealt) for seat, f in enumerate(state.farmers)):
            fail("farmer cards are dealt in seat order, one each (FE-R31)")
    if phase == CHOOSE_FIRST and NO in state.farmers:
        fail("every seat has a farmer card before the first player is chosen")
    if phase in SETUP_PHASES:
        return

    if NO in state.farmers or state.first == NO:
        fail("after setup every seat has a farmer card and a first player is set")
    if phase == OVER:
        if state.supply_total or any(hands):
            fail("the game is over only when the supply and every hand are empty (FE-R58)")
        return
    hand = hands[active]
    full = c.hand_size
    if state.supply_total:
        for seat in range(n):
            if seat != active and len(hands[seat]) != full:
                fail(f"while the supply has tiles, seat {seat} holds {full} tiles")
    if phase in (SELECT_TILE, SELECT_CELL, SELECT_ROT):
        if not any(state.can_place(t) for t in hand):
            fail(f"seat {active} has no placeable tile; it must discard (FE-R37)")
        if state.supply_total and len(hand) != full:
            fail(f"seat {active} must hold {full} tiles before placing")
    elif phase == BUILD and (
        not state.p_cell or state.stocks[active] == 0 or not state.legal_barn_fields()
    ):
        fail("phase build needs a placed tile, a barn in stock and a legal tile-field")
    if phase in (BUILD, DRAW, STUCK_DRAW) and state.supply_total and len(hand) != full - 1:
        fail(f"seat {active} holds {len(hand)} tiles")
    if phase in (DRAW, STUCK_DRAW) and not state.supply_total:
        fail("nothing to draw: the supply is empty")
    if phase == DISCARD_TILE:
        if not state.supply_total or len(hand) < 2:
            fail("phase discard needs tiles in the supply and two hand tiles (FE-R37)")
        if any(state.can_place(t) for t in hand) or not all(state.revealed[active]):
            fail("a player discards only with an unplaceable, revealed hand (FE-R37)")
