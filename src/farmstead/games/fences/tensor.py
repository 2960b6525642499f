"""Fences's observation as a fixed-size float32 vector (``observation_tensor``).

``encode`` (the reference) builds it from ``observation(seat)`` alone, so hidden hand tiles of
other seats and the supply's order can never enter it (FE-R22 … FE-R25); ``state_encoder``
writes the same values from the state's fields, reading only what the observation shows;
``tensor_writer`` keeps one buffer equal to it, rewriting only the fields whose inputs changed
(``tensor_writer.Writer``). Seats are ordered from the viewer's (``rel`` 0; seat 0 for a
spectator). ``T`` tile types, ``K`` farmer cards, ``H`` hand slots, ``N`` tiles in play,
``F`` tile-fields at most per tile, ``n`` seats. The board is the list of placed tiles in the
order they were laid (every tile has a slot: the board never holds more than ``N``).

=================  ===============  ============================================================
field              size             meaning
=================  ===============  ============================================================
phase              11               one-hot phase (deal_tiles … over)
to_move            n                relative seat deciding now
active             n                relative seat whose turn it is
first              n                relative first player
scores             n                scores / 50
stocks             n                barns in stock / the barn stock
farmers            n * K            per relative seat, its farmer card (one-hot)
hand_sizes         n                tiles held / H
my_hand            H * T            the viewer's hand, slot by slot (one-hot tile type)
known_tiles        n * T            per relative seat, its tiles everyone may see (counts)
discards           T                discarded tiles per type
supply             1                tiles left in the supply / N
board              N * (3 + T + 4)  per placed tile: present, row / window, column / window,
                                    tile type, rotation (one-hot)
barns              N * F * n        per placed tile and tile-field, the owner of a barn there
selected           T + 2 + H        the tile picked up for placing, its cell, and its hand slot
                                    (the slot only for the viewer's own pick)
=================  ===============  ============================================================
"""

from __future__ import annotations

from collections.abc import Callable
from operator import getitem
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np

from farmstead.core.tensor import (
    StateEncoder,
    TensorLayout,
    TensorWriter,
    Vector,
    element_view,
    one_hot,
)
from farmstead.games.fences.config import FencesConfig
from farmstead.games.fences.layout import (
    CHANCE_PHASES,
    NO,
    OVER,
    PHASE_NAMES,
    SELECT_CELL,
    SELECT_ROT,
)
from farmstead.games.fences.tensor_writer import Parts, Writer


def tensor_layout(c: FencesConfig) -> TensorLayout:
    """The vector's fields for one configuration."""
    n = c.num_players
    types = len(c.tiles)
    cards = len(c.farmers)
    hand = c.hand_size
    tiles = c.total_tiles
    fields = c.layout.max_fields
    t = TensorLayout()
    t.add("phase", len(PHASE_NAMES), "one-hot phase")
    t.add("to_move", n, "relative seat deciding now")
    t.add("active", n, "relative seat whose turn it is")
    t.add("first", n, "relative first player")
    t.add("scores", n, "scores / 50")
    t.add("stocks", n, "barns in stock / the barn stock")
    t.add("farmers", n * cards, "per relative seat, its farmer card")
    t.add("hand_sizes", n, "tiles held / hand size")
    t.add("my_hand", hand * types, "the viewer's hand, slot by slot")
    t.add("known_tiles", n * types, "per relative seat, tiles everyone may see")
    t.add("discards", types, "discarded tiles per type")
    t.add("supply", 1, "tiles in the supply / tiles in play")
    t.add("board", tiles * (3 + types + 4), "per placed tile: present, row, column, type, rotation")
    t.add("barns", tiles * fields * n, "per placed tile and tile-field, the barn owner")
    t.add("selected", types + 2 + hand, "the tile picked up, its cell, the viewer's slot")
    return t


def encode(c: FencesConfig, layout: TensorLayout, obs: dict[str, Any]) -> Vector:
    """The vector of observation ``obs`` (see the module docstring)."""
    v = layout.new()
    n = c.num_players
    types = len(c.tiles)
    cat = c.catalog
    half = max(1, c.layout.half)
    viewer = obs["seat"] if obs["seat"] is not None else 0

    def rel(seat: int | None) -> int | None:
        return None if seat is None or seat < 0 else (seat - viewer) % n

    one_hot(v, layout["phase"], PHASE_NAMES.index(obs["phase"]))
    current = obs["current_player"]
    one_hot(v, layout["to_move"], rel(current) if current >= 0 else None)
    one_hot(v, layout["active"], rel(obs["active"]))
    one_hot(v, layout["first"], rel(obs["first_player"]))
    cards = len(c.farmers)
    for seat in range(n):
        r = (seat - viewer) % n
        v[layout["scores"].start + r] = obs["scores"][seat] / 50
        v[layout["stocks"].start + r] = obs["stocks"][seat] / max(1, c.barn_stock)
        farmer = obs["farmers"][seat]
        if farmer is not None:
            v[layout["farmers"].start + r * cards + cat.farmer_by_id[farmer]] = 1.0
        v[layout["hand_sizes"].start + r] = obs["hand_sizes"][seat] / c.hand_size
        for tid in obs["known_hand_tiles"][seat]:
            v[layout["known_tiles"].start + r * types + cat.tile_by_id[tid]] += 1.0
    for slot, tid in enumerate(obs["hand"] or []):
        v[layout["my_hand"].start + slot * types + cat.tile_by_id[tid]] = 1.0
    for tid in obs["discards"]:
        v[layout["discards"].start + cat.tile_by_id[tid]] += 1.0
    v[layout["supply"].start] = obs["supply_size"] / max(1, c.total_tiles)
    width = 3 + types + 4
    board = layout["board"].start
    where: dict[tuple[int, int], int] = {}
    for k, tile in enumerate(obs["board"]):
        r, col = tile["cell"]
        where[(r, col)] = k
        base = board + k * width
        v[base] = 1.0
        v[base + 1] = r / half
        v[base + 2] = col / half
        v[base + 3 + cat.tile_by_id[tile["tile"]]] = 1.0
        v[base + 3 + types + tile["rot"]] = 1.0
    fields = c.layout.max_fields
    for barn in obs["barns"]:
        k = where[(barn["cell"][0], barn["cell"][1])]
        owner = rel(barn["owner"])
        assert owner is not None
        v[layout["barns"].start + (k * fields + barn["field"]) * n + owner] = 1.0
    selected = obs["selected"]
    if selected is not None:
        start = layout["selected"].start
        v[start + cat.tile_by_id[selected["tile"]]] = 1.0
        if selected["cell"] is not None:
            v[start + types] = selected["cell"][0] / half
            v[start + types + 1] = selected["cell"][1] / half
        if "slot" in selected:
            v[start + types + 2 + selected["slot"]] = 1.0
    return v


PICKING = (SELECT_CELL, SELECT_ROT)
"""The phases with a tile picked up for placing (``position._selected``)."""


def encoding_parts(c: FencesConfig, layout: TensorLayout) -> Parts:
    """The state encoding and its pieces, every offset and table computed once
    (``position.observation`` is what each value follows; ``head_writer``, ``seats_writer``,
    ``hands_writer``, ``public_writer`` and ``selected_writer`` write their fields).

    Secrecy (FE-R22 … FE-R25): the viewer's own hand is read whole; of another seat's hand only
    the public slots (``FencesInformation.is_public_hand_tile``: revealed when stuck, FE-R37, or
    the tile the active seat picked up for placing); the supply only as its size.
    """
    n = c.num_players
    cat = c.catalog
    tile_at = [cat.tile_by_id[t.id] for t in c.tiles]  # tile type -> its one-hot index
    half = max(1, c.layout.half)
    cells = range(c.layout.width * c.layout.width)
    row_of = [c.layout.cell_rc(cell)[0] / half for cell in cells]  # window cell -> row / T
    col_of = [c.layout.cell_rc(cell)[1] / half for cell in cells]
    rel_of = [tuple((other - viewer) % n for other in range(n)) for viewer in range(n)]
    discards_at = layout["discards"].start
    supply_at = layout["supply"].start
    supply_scale = max(1, c.total_tiles)
    picking = PICKING
    write_head = head_writer(layout)
    write_seats = seats_writer(c, layout)
    write_own, write_others = hands_writer(c, layout, tile_at)
    heads, tails = board_bytes(c, tile_at, row_of, col_of)
    packed = board_packer(heads, tails)
    offsets = barn_offsets(c, layout)
    write_public = public_writer(layout, packed, offsets)
    write_selected = selected_writer(c, layout, tile_at, row_of, col_of)

    def write_discards(v: Any, state: Any) -> None:
        for tile in state.discards:  # public (FE-R25)
            v[discards_at + tile_at[tile]] += 1.0

    def encode_state(state: Any, seat: int | None, out: Vector) -> None:
        v = element_view(out)
        viewer = 0 if seat is None else seat  # a spectator sees from seat 0
        rel = rel_of[viewer]
        write_head(v, state, rel)
        write_seats(v, state, viewer)
        if seat is not None:
            write_own(v, state, seat)
        write_others(v, state, seat, viewer)
        write_discards(v, state)
        v[supply_at] = state.supply_total / supply_scale  # its size only (FE-R23)
        if state.p_cell:
            write_public(v, state, rel)
        if state.phase in picking:
            write_selected(v, state, seat)

    return Parts(
        encode_state=encode_state,
        rel_of=rel_of,
        head=write_head,
        seats=write_seats,
        own_hand=write_own,
        other_hands=write_others,
        discards=write_discards,
        supply_scale=supply_scale,
        packed=packed,
        heads=heads,
        tails=tails,
        tile_floats=3 + len(c.tiles) + 4,
        barn_offsets=offsets,
        selected=write_selected,
    )


def state_encoder(c: FencesConfig, layout: TensorLayout) -> StateEncoder:
    """``encode``'s values written from the state's fields (``encoding_parts``)."""
    return shared_parts(c, layout).encode_state


def tensor_writer(
    c: FencesConfig, layout: TensorLayout, seat: int | None, buffer: Vector | None
) -> TensorWriter:
    """A ``tensor_writer.Writer`` of ``seat``'s tensor into ``buffer``: only what changed is
    rewritten."""
    return Writer(shared_parts(c, layout), layout, seat, buffer)


SHARED: WeakKeyDictionary[TensorLayout, tuple[FencesConfig, Parts]] = WeakKeyDictionary()
"""The pieces of each configured game's layout (``encoding_parts``), built once for the game's
state encoding and all its writers (a vector environment makes a writer per seat and copy)."""


def shared_parts(c: FencesConfig, layout: TensorLayout) -> Parts:
    """``encoding_parts(c, layout)``, built once per layout and config. The pieces hold one
    thing that changes, the ``public_writer`` memo, a tuple replaced whole (calls must not
    overlap: one thread at a time per configured game)."""
    found = SHARED.get(layout)
    if found is None or found[0] is not c:
        found = SHARED[layout] = (c, encoding_parts(c, layout))
    return found[1]


def head_writer(layout: TensorLayout) -> Callable[[Any, Any, tuple[int, ...]], None]:
    """``write(v, state, rel)``: the phase, the seat deciding now, the active seat and the first
    player, each relative (``rel``: every seat's relative seat)."""
    phase_at = layout["phase"].start
    to_move_at = layout["to_move"].start
    active_at = layout["active"].start
    first_at = layout["first"].start
    # ``current_player`` is the active seat outside the chance phases and the end.
    deciding = [p not in CHANCE_PHASES and p != OVER for p in range(len(PHASE_NAMES))]

    def write_head(v: Any, state: Any, rel: tuple[int, ...]) -> None:
        phase = state.phase
        v[phase_at + phase] = 1.0
        active = state.active
        if active >= 0:
            if deciding[phase]:
                v[to_move_at + rel[active]] = 1.0
            v[active_at + rel[active]] = 1.0
        first = state.first
        if first != NO:
            v[first_at + rel[first]] = 1.0

    return write_head


def seats_writer(c: FencesConfig, layout: TensorLayout) -> Callable[[Any, Any, int], None]:
    """``write(v, state, viewer)``: per relative seat of ``viewer`` (``seat`` or 0 for a
    spectator), its score, stock and farmer card (public, FE-R24, FE-R25)."""
    n = c.num_players
    cat = c.catalog
    farmer_at = [cat.farmer_by_id[f.id] for f in c.farmers]  # card -> its one-hot index
    stock_scale = max(1, c.barn_stock)
    # Per viewer, each seat in relative order (rel 0 first) with the offsets of its slots in
    # the per-seat fields: (seat, score, stock, farmer card block).
    rows = [
        tuple(
            (
                (viewer + r) % n,
                layout["scores"].start + r,
                layout["stocks"].start + r,
                layout["farmers"].start + r * len(c.farmers),
            )
            for r in range(n)
        )
        for viewer in range(n)
    ]

    def write_seats(v: Any, state: Any, viewer: int) -> None:
        scores = state.scores
        stocks = state.stocks
        farmers = state.farmers
        for other, score_at, stock_at, card_at in rows[viewer]:
            v[score_at] = scores[other] / 50
            v[stock_at] = stocks[other] / stock_scale
            farmer = farmers[other]
            if farmer != NO:
                v[card_at + farmer_at[farmer]] = 1.0

    return write_seats


def hands_writer(
    c: FencesConfig, layout: TensorLayout, tile_at: list[int]
) -> tuple[Callable[[Any, Any, int], None], Callable[[Any, Any, int | None, int], bool]]:
    """``own(v, state, seat)`` and ``others(v, state, seat, viewer)``: the hand fields of
    ``seat``'s own hand (relative seat 0) and of every other seat (all of them for a
    spectator, ``seat`` ``None``, who sees from seat 0).

    ``own`` writes the seat's hand size and its whole hand (FE-R22), slot by slot in
    ``my_hand`` and per type in ``known_tiles``. ``others`` writes each other seat's hand size
    and the tiles of its hand everyone may see: the revealed ones (FE-R37) and the one picked
    up for placing; it returns whether it wrote a tile."""
    n = c.num_players
    types = len(c.tiles)
    hand_size = c.hand_size
    picking = PICKING
    sizes_at = layout["hand_sizes"].start
    known_at = layout["known_tiles"].start
    # Per viewer, each other seat in relative order with the offsets of its hand size and
    # known tiles; a spectator's rows (``rows[n]``) hold every seat from seat 0.
    rows = [
        tuple(
            ((viewer + r) % n, sizes_at + r, known_at + r * types)
            for r in range(1 if viewer < n else 0, n)
        )
        for viewer in range(n + 1)
    ]
    # ``my_hand``: hand slot -> tile type -> offset.
    hand_cell = [
        [layout["my_hand"].start + slot * types + tile_at[t] for t in range(types)]
        for slot in range(hand_size)
    ]

    def own(v: Any, state: Any, seat: int) -> None:
        hand = state.hands[seat]
        v[sizes_at] = len(hand) / hand_size
        for slot, tile in enumerate(hand):  # FE-R22: the viewer's own hand, whole
            v[known_at + tile_at[tile]] += 1.0
            v[hand_cell[slot][tile]] = 1.0

    def others(v: Any, state: Any, seat: int | None, viewer: int) -> bool:
        hands = state.hands
        revealed = state.revealed
        # The tile picked up for placing is public (``is_public_hand_tile``).
        picked_by = state.active if state.phase in picking else NO
        sel_slot = state.sel_slot
        wrote = False
        for other, size_at, known in rows[n if seat is None else viewer]:
            hand = hands[other]
            v[size_at] = len(hand) / hand_size
            shown = revealed[other]
            if other == picked_by or True in shown:  # else nothing of this hand is public
                for slot, tile in enumerate(hand):
                    if shown[slot] or (other == picked_by and slot == sel_slot):
                        v[known + tile_at[tile]] += 1.0
                        wrote = True
        return wrote

    return own, others


def selected_writer(
    c: FencesConfig,
    layout: TensorLayout,
    tile_at: list[int],
    row_of: list[float],
    col_of: list[float],
) -> Callable[[Any, Any, int | None], None]:
    """``write(v, state, seat)`` in the select phases: the tile picked up for placing (public),
    its cell once chosen, and its hand slot for the placing seat only (``position._selected``
    and ``observation``)."""
    types = len(c.tiles)
    tile_on = layout["selected"].start
    row_on = tile_on + types
    slot_on = tile_on + types + 2

    def write_selected(v: Any, state: Any, seat: int | None) -> None:
        active = state.active
        slot = state.sel_slot
        v[tile_on + tile_at[state.hands[active][slot]]] = 1.0
        if state.phase == SELECT_ROT:
            cell = state.sel_cell
            v[row_on] = row_of[cell]
            v[row_on + 1] = col_of[cell]
        if seat == active:
            v[slot_on + slot] = 1.0

    return write_selected


def board_bytes(
    c: FencesConfig, tile_at: list[int], row_of: list[float], col_of: list[float]
) -> tuple[list[bytes], list[list[bytes]]]:
    """The float32 bytes of a placed tile's slice of ``board`` (public, FE-R25), in two parts:
    per window cell the head ``present, row / window, column / window``, and per tile type and
    rotation the tail, the type and rotation one-hots."""
    types = len(c.tiles)
    heads = [
        np.array([1.0, r, col], dtype=np.float32).tobytes()
        for r, col in zip(row_of, col_of, strict=True)
    ]
    tails = []
    for t in range(types):
        per_rot = []
        for rot in range(4):
            tail = np.zeros(types + 4, dtype=np.float32)
            tail[tile_at[t]] = 1.0
            tail[types + rot] = 1.0
            per_rot.append(tail.tobytes())
        tails.append(per_rot)
    return heads, tails


def board_packer(
    heads: list[bytes], tails: list[list[bytes]]
) -> Callable[[list[int], list[int], list[int]], bytes]:
    """``packed(cells, kinds, rots)``: the float32 bytes of the ``board`` slices of these
    placements, in order: the join of their heads and tails (``board_bytes``), copied in one
    slice assignment, bit-identical to writing each float."""
    head_of = heads.__getitem__
    tails_of = tails.__getitem__

    def packed(cells: list[int], kinds: list[int], rots: list[int]) -> bytes:
        parts = [b""] * (2 * len(cells))
        parts[0::2] = map(head_of, cells)
        parts[1::2] = map(getitem, map(tails_of, kinds), rots)
        return b"".join(parts)

    return packed


def barn_offsets(c: FencesConfig, layout: TensorLayout) -> Callable[[Any], list[tuple[int, int]]]:
    """``offsets(state)``: per barn (``barns``: flat node, owner pairs), its ``barns`` offset
    for relative owner 0, at its placement and tile-field, and its owner (public, FE-R25).

    Node numbers (``p_node``) follow the tile types in placement order, so the offsets computed
    on a board stay valid on the boards extending it."""
    n = c.num_players
    fields = c.layout.max_fields
    # Per placement k: the ``barns`` offset of its tile-field 0 for relative owner 0.
    tile_barns = [layout["barns"].start + k * fields * n for k in range(c.total_tiles)]

    def offsets(state: Any) -> list[tuple[int, int]]:
        node_tile = state.node_tile
        p_node = state.p_node
        pairs = iter(state.barns)
        out = []
        for node, owner in zip(pairs, pairs, strict=False):
            k = node_tile[node]
            out.append((tile_barns[k] + (node - p_node[k]) * n, owner))
        return out

    return offsets


Memo = tuple[list[int], list[int], list[int], bytes, "list[int] | None", list[tuple[int, int]]]
"""The last board written (``public_writer``): its placements (cells, types, rotations), the
float32 bytes of its ``board`` field, and the barns last written on it (``None``: none yet)
with each barn's ``barns`` offset for relative owner 0 and its owner."""


def public_writer(
    layout: TensorLayout,
    packed: Callable[[list[int], list[int], list[int]], bytes],
    offsets_of: Callable[[Any], list[tuple[int, int]]],
) -> Callable[[Any, Any, tuple[int, ...]], None]:
    """A writer of the ``board`` and ``barns`` fields (public, FE-R25) into a zeroed vector,
    from the placement lists (``packed``) and the barns (``offsets_of``), given the viewer's
    relative seat of every seat.

    The board only grows during a game, so the writer keeps the last board it wrote (a
    ``Memo``, one tuple replaced whole: safe to share). The same board (another seat's tensor,
    a decision without a placement) is copied again; one more tile gets only that tile packed;
    any other board is packed whole. Barn offsets are kept while the barns stay the same, and
    dropped with a board packed whole (its barns are then written directly, nothing kept for a
    board that may not come again).
    """
    board_start = 4 * layout["board"].start
    empty: list[int] = []
    memo: list[Memo] = [(empty, empty, empty, b"", None, [])]

    def write_public(v: Any, state: Any, rel: tuple[int, ...]) -> None:
        cells, kinds, rots = state.p_cell, state.p_type, state.p_rot
        last_cells, last_kinds, last_rots, blob, barns, offsets = memo[0]
        m = len(last_cells)
        if len(cells) == m and cells == last_cells and kinds == last_kinds and rots == last_rots:
            pass  # the board last written
        elif (
            len(cells) == m + 1
            and cells[:m] == last_cells
            and kinds[:m] == last_kinds
            and rots[:m] == last_rots
        ):
            blob += packed(cells[m:], kinds[m:], rots[m:])  # one more tile
            last_cells, last_kinds, last_rots = cells[:], kinds[:], rots[:]
            memo[0] = (last_cells, last_kinds, last_rots, blob, barns, offsets)
        else:
            blob = packed(cells, kinds, rots)
            memo[0] = (cells[:], kinds[:], rots[:], blob, None, [])
            v.cast("B")[board_start : board_start + len(blob)] = blob
            for at, owner in offsets_of(state):
                v[at + rel[owner]] = 1.0
            return
        v.cast("B")[board_start : board_start + len(blob)] = blob
        if barns is None or state.barns != barns:
            offsets = offsets_of(state)
            memo[0] = (last_cells, last_kinds, last_rots, blob, state.barns[:], offsets)
        for at, owner in offsets:
            v[at + rel[owner]] = 1.0

    return write_public
