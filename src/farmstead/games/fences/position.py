"""JSON positions of Fences: ``to_json``, ``observation`` and the validating ``state_from_json``.

A position lists the placed tiles in the order they were laid; loading (``state_from_json``,
by the declaration ``POSITION`` of ``core.schema``) replays them through the field bookkeeping
(``FencesRules.lay``), checking each against the placement rule (FE-R8, FE-R9), so every loaded
board is one the rules could have produced; then barns, hands and the supply, and the phase
against the rest. Hidden parts (hands, the supply) appear in ``to_json`` only;
``observation(seat)`` follows FE-R22 … FE-R25.
"""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

from farmstead.core.position import ItemReader
from farmstead.core.schema import (
    Choice,
    Entry,
    Field,
    Int,
    ListOf,
    Named,
    Object,
    Reading,
    Rows,
    When,
    items,
    read,
)
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
    placing; ``farmer_cards``: the dealt cards with their conditions in words (derived).
    Private (FE-R22): the seat's own hand, and for the seat placing a tile its
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
SEAT = Int(0, lambda r: r.cfg.num_players - 1)
TILE = Named(lambda r: r.cfg.catalog.tile_by_id, "tile")


def _cell_of(reading: Reading, item: ItemReader) -> int:
    """A board cell [row, col] strictly inside the window (a tile there keeps its neighbours
    inside it too)."""
    layout = reading.cfg.layout
    item.list(2)
    limit = layout.half - 1
    return int(layout.cell_index(item.at(0).int(-limit, limit), item.at(1).int(-limit, limit)))


def _fail_in_phase(reading: Reading, reason: str) -> NoReturn:
    """Fail for the whole position, naming its phase."""
    reading.fail(f"{reason} (phase {PHASE_NAMES[reading.state.phase]})")


def _laid_where_it_may(reading: Reading) -> None:
    """Lay the board's next tile, on a free cell touching an earlier tile (FE-R8) where every
    fence continues (FE-R9)."""
    state = reading.state
    tile, cell, rot = reading.got["tile"], reading.got["cell"], reading.got["rot"]
    if state.board[cell]:
        reading.fail("its cell already holds a tile", "cell")
    if state.p_cell:
        constraint = state.frontier.get(cell)
        if constraint is None:
            reading.fail("the cell touches no earlier tile (FE-R8)", "cell")
        ports = reading.cfg.ports[4 * tile + rot]
        if ports & (constraint >> 4) != constraint & 0xF:
            reading.fail(f"the fences of {state.tile_id(tile)} r{rot} do not continue (FE-R9)")
    state.lay(tile, cell, rot)


def _tile_at_the_cell(reading: Reading) -> None:
    if reading.state.board[reading.got["cell"]] == 0:
        reading.fail("no tile at this cell", "cell")


def _fields_of_the_tile(reading: Reading) -> int:
    state = reading.state
    return int(reading.cfg.num_fields[state.p_type[state.board[reading.got["cell"]] - 1]] - 1)


def _barn_on_an_open_field(reading: Reading) -> None:
    """Put the barn on its placed tile-field (FE-R41, FE-R45), whose field is not completed
    (FE-R56)."""
    state = reading.state
    k = state.board[reading.got["cell"]] - 1
    node = state.p_node[k] + reading.got["field"]
    if state.opn[state.find(node)] == 0:
        reading.fail("its field is completed; its barns would have returned (FE-R56)")
    state.barns += [node, reading.got["owner"]]
    state.nbarn[state.find(node)] += 1


def _stock(reading: Reading, item: ItemReader) -> int:
    """A seat's barns in stock: with those on the board, the barn stock (FE-R32)."""
    seat = reading.row
    stock = item.int(0)
    on_board = reading.state.barns[1::2].count(seat)
    total = reading.cfg.barn_stock
    if stock + on_board != total:
        item.fail(
            f"seat {seat} has {stock} barns in stock and {on_board} on "
            f"the board; the total must be {total} (FE-R32)"
        )
    return stock


def _hand(reading: Reading, item: ItemReader) -> tuple[list[int], list[bool]]:
    """A seat's hand (at most ``hand_size`` tiles) with its ``revealed`` flags, one per tile."""
    size = reading.cfg.hand_size
    if len(item.list()) > size:
        item.fail(f"holds more than {size} tiles")
    hand = [TILE(reading, sub) for sub in items(item)]
    revealed = reading.got["revealed"][reading.row]
    flags = revealed.list(len(hand))
    if not all(isinstance(f, bool) for f in flags):
        revealed.fail("must hold booleans")
    return hand, list(flags)


def _supply(reading: Reading, item: ItemReader) -> list[int]:
    """The supply: tiles by id, each with a count >= 1."""
    supply = item.obj()
    counts = [0] * len(reading.cfg.tiles)
    for tid in supply.doc:
        index = TILE(reading, ItemReader(supply.game, tid, supply.where(tid)))
        counts[index] = supply.int(tid, 1)
    return counts


def _supply_total(reading: Reading) -> None:
    reading.state.supply_total = sum(reading.state.supply)


def _tiles_in_play(reading: Reading) -> None:
    """Board, hands, discards and supply hold exactly the tiles in play (FE-R28)."""
    state, c = reading.state, reading.cfg
    used = [0] * len(c.tiles)
    for x in state.p_type + state.discards + [y for h in state.hands for y in h]:
        used[x] += 1
    for t, tile_type in enumerate(c.tiles):
        if used[t] + state.supply[t] != c.in_play[t]:
            reading.fail(
                f"tile {tile_type.id}: {used[t]} on the board, in hands or discarded and "
                f"{state.supply[t]} in the supply; {c.in_play[t]} are in play with "
                f"{c.num_players} players",
                "supply",
            )


def _farmers(reading: Reading, item: ItemReader) -> list[int]:
    """Each seat's farmer card (null: not dealt yet), a card of this game's deck, dealt once."""
    c = reading.cfg
    farmers = [NO] * c.num_players
    for seat, sub in enumerate(items(item, c.num_players)):
        if sub.value is None:
            continue
        card = c.catalog.farmer_by_id.get(sub.value) if isinstance(sub.value, str) else None
        if card is None or card not in c.deck:
            sub.fail(f"{sub.value!r} is not a card of this game's deck")
        if card in farmers:
            sub.fail(f"farmer card {sub.value} is dealt twice")
        farmers[seat] = card
    return farmers


def _picked_up(reading: Reading, item: ItemReader) -> dict[str, Any]:
    """The tile picked up for placing: only in the select phases (FE-R35)."""
    if reading.state.phase not in (SELECT_CELL, SELECT_ROT):
        item.obj()
        item.fail(f"must be null in phase {PHASE_NAMES[reading.state.phase]}")
    got: dict[str, Any] = SELECTED(reading, item)
    return got


def _selected_when_placing(reading: Reading) -> None:
    phase = reading.state.phase
    if phase in (SELECT_CELL, SELECT_ROT) and reading.got["selected"] is None:
        reading.fail(f"is required in phase {PHASE_NAMES[phase]}", "selected")


def _selected_tile_fits(reading: Reading) -> None:
    """The first tile is placed as soon as it is chosen (FE-R35); a later one must fit."""
    state = reading.state
    if not state.p_cell:
        assert reading.outer is not None
        _fail_in_phase(reading.outer, "the first tile is placed as soon as it is chosen (FE-R35)")
    if not state.placements(state.hands[state.active][state.sel_slot]):
        reading.fail("the selected tile fits nowhere", "slot")


def _selected_cell_fits(reading: Reading) -> None:
    state = reading.state
    cells = dict(state.placements(state.hands[state.active][state.sel_slot]))
    if state.sel_cell not in cells:
        reading.fail("the selected tile does not fit this cell", "cell")


def _no_cell_yet(reading: Reading) -> None:
    if reading.reader.raw("cell", None) is not None:
        reading.fail("no cell is selected before phase select_rotation", "cell")


SELECTED = Object(
    Field("slot", Int(0, lambda r: len(r.state.hands[r.state.active]) - 1), "sel_slot"),
    _selected_tile_fits,
    When(
        lambda r: r.state.phase == SELECT_ROT,
        Field("cell", _cell_of, "sel_cell"),
        _selected_cell_fits,
    ),
    When(lambda r: r.state.phase == SELECT_CELL, _no_cell_yet),
)


def _setup_leaves_the_table_bare(reading: Reading) -> None:
    state = reading.state
    if state.phase not in SETUP_PHASES:
        return
    if state.p_cell or state.discards or any(state.scores) or state.first != NO:
        _fail_in_phase(
            reading, "during setup the board, discards and scores are empty, no first player"
        )
    if any(any(r) for r in state.revealed):
        _fail_in_phase(reading, "no tile is revealed during setup")


def _dealt_in_seat_order(reading: Reading) -> None:
    """Tiles, then farmer cards (FE-R31), are dealt seat after seat."""
    state, c = reading.state, reading.cfg
    phase, active, hands = state.phase, state.active, state.hands
    if phase == DEAL_TILES:
        sizes = [len(h) for h in hands]
        expected = [c.hand_size] * active + [sizes[active]] + [0] * (c.num_players - active - 1)
        if sizes != expected or sizes[active] >= c.hand_size:
            _fail_in_phase(
                reading, f"dealing tiles to seat {active}: hand sizes {sizes} are inconsistent"
            )
    if phase in (DEAL_FARMERS, CHOOSE_FIRST) and any(len(h) != c.hand_size for h in hands):
        _fail_in_phase(reading, "every hand is full once the tiles are dealt")
    if phase in (DEAL_TILES, DEAL_FARMERS):
        dealt = active if phase == DEAL_FARMERS else 0
        if any((f != NO) != (seat < dealt) for seat, f in enumerate(state.farmers)):
            _fail_in_phase(reading, "farmer cards are dealt in seat order, one each (FE-R31)")
    if phase == CHOOSE_FIRST and NO in state.farmers:
        _fail_in_phase(reading, "every seat has a farmer card before the first player is chosen")


def _play_after_the_setup(reading: Reading) -> None:
    """After the setup every seat has a farmer card and a first player is set; the game ends
    with the supply and every hand empty (FE-R58)."""
    state = reading.state
    if state.phase in SETUP_PHASES:
        return
    if NO in state.farmers or state.first == NO:
        _fail_in_phase(
            reading, "after setup every seat has a farmer card and a first player is set"
        )
    if state.phase == OVER and (state.supply_total or any(state.hands)):
        _fail_in_phase(
            reading, "the game is over only when the supply and every hand are empty (FE-R58)"
        )


def _hands_of_the_turn(reading: Reading) -> None:
    """While the supply has tiles, every seat but the active one holds a full hand; the active
    seat's hand fits its step of the turn."""
    state, c = reading.state, reading.cfg
    phase, active = state.phase, state.active
    if phase in SETUP_PHASES or phase == OVER:
        return
    full = c.hand_size
    if state.supply_total:
        for seat in range(c.num_players):
            if seat != active and len(state.hands[seat]) != full:
                _fail_in_phase(
                    reading, f"while the supply has tiles, seat {seat} holds {full} tiles"
                )
    hand = state.hands[active]
    if phase in (SELECT_TILE, SELECT_CELL, SELECT_ROT):
        if not any(state.can_place(t) for t in hand):
            _fail_in_phase(
                reading, f"seat {active} has no placeable tile; it must discard (FE-R37)"
            )
        if state.supply_total and len(hand) != full:
            _fail_in_phase(reading, f"seat {active} must hold {full} tiles before placing")
    elif phase == BUILD and (
        not state.p_cell or state.stocks[active] == 0 or not state.legal_barn_fields()
    ):
        _fail_in_phase(
            reading, "phase build needs a placed tile, a barn in stock and a legal tile-field"
        )
    if phase in (BUILD, DRAW, STUCK_DRAW) and state.supply_total and len(hand) != full - 1:
        _fail_in_phase(reading, f"seat {active} holds {len(hand)} tiles")


def _draws_and_discards(reading: Reading) -> None:
    """A draw needs tiles in the supply; a discard an unplaceable, revealed hand (FE-R37)."""
    state = reading.state
    phase, hand = state.phase, state.hands[state.active]
    if phase in (DRAW, STUCK_DRAW) and not state.supply_total:
        _fail_in_phase(reading, "nothing to draw: the supply is empty")
    if phase == DISCARD_TILE:
        if not state.supply_total or len(hand) < 2:
            _fail_in_phase(
                reading, "phase discard needs tiles in the supply and two hand tiles (FE-R37)"
            )
        if any(state.can_place(t) for t in hand) or not all(state.revealed[state.active]):
            _fail_in_phase(
                reading, "a player discards only with an unplaceable, revealed hand (FE-R37)"
            )


POSITION: tuple[Entry, ...] = (
    Field("phase", Choice(PHASE_NAMES), "phase"),
    Field("active", SEAT, "active"),
    Field("first_player", SEAT, "first", optional=NO),
    Field(
        "board",
        Rows(
            Field("tile", TILE),
            Field("cell", _cell_of),
            Field("rot", Int(0, 3)),
            _laid_where_it_may,
        ),
    ),
    Field(
        "barns",
        Rows(
            Field("owner", SEAT),
            Field("cell", _cell_of),
            _tile_at_the_cell,
            Field("field", Int(0, _fields_of_the_tile)),
            _barn_on_an_open_field,
        ),
    ),
    Field("stocks", ListOf(_stock, "num_players", indexed=True), "stocks"),
    Field("revealed", lambda r, item: items(item, r.cfg.num_players)),
    Field(
        "hands",
        ListOf(
            _hand,
            "num_players",
            lambda hands: tuple(list(column) for column in zip(*hands, strict=True)),
            indexed=True,
        ),
        ("hands", "revealed"),
    ),
    Field("supply", _supply, "supply"),
    _supply_total,
    Field("discards", ListOf(TILE), "discards"),
    _tiles_in_play,
    Field("scores", ListOf(Int(0), "num_players"), "scores"),
    Field("farmers", _farmers, "farmers"),
    Field("events", ListOf(lambda r, item: dict(item.obj().doc)), "events"),
    Field("selected", _picked_up, optional=None),
    _selected_when_placing,
    _setup_leaves_the_table_bare,
    _dealt_in_seat_order,
    _play_after_the_setup,
    _hands_of_the_turn,
    _draws_and_discards,
)
"""The position's fields in reading order: the board replayed tile by tile (FE-R8, FE-R9),
barns, hands and the supply, each with its checks; then the phase against the rest."""


def state_from_json(blank: S, doc: Any) -> S:
    """Fill ``blank`` (an empty state of the game) with the position ``to_json`` wrote, read
    by ``POSITION``; ``InvalidPositionError`` naming the field for anything malformed, out of
    range or inconsistent with the rules."""
    read(POSITION, blank, blank.game.position_reader(doc))
    blank._legal_cache = None
    return blank
