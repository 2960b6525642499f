"""Fences's observation as a fixed-size float32 vector (``observation_tensor``).

Built from ``observation(seat)`` alone, so hidden hand tiles of other seats and the supply's
order can never enter it (FE-R22 … FE-R25). Seats are ordered from the viewer's (``rel`` 0; seat
0 for a spectator). ``T`` tile types, ``K`` farmer cards, ``H`` hand slots, ``N`` tiles in play,
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

from typing import Any

from farmstead.core.tensor import TensorLayout, Vector, one_hot
from farmstead.games.fences.config import FencesConfig
from farmstead.games.fences.layout import PHASE_NAMES


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
