"""Fences's ``TensorWriter``: one buffer kept equal to a seat's tensor (``tensor.encoding_parts``
writes the values), rewriting only the fields whose inputs changed since the last ``update``.

Consecutive positions of a game (the learning environments' case) change a few fields: the
head every decision, the hands and the selection while a tile is placed, the board by one
tile, the barns now and then. Every other sequence of states (a new game, another game's
position, the same one twice) stays exact: a field is skipped only when copies of its inputs,
kept by the writer, equal the state's values (never object identity: states change their
lists in place and clones share nothing).

Imports only ``core`` and ``layout`` (a helper module); the pieces come from ``tensor``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from farmstead.core.tensor import StateEncoder, TensorLayout, TensorWriter, Vector, element_view
from farmstead.games.fences.layout import SELECT_CELL, SELECT_ROT


@dataclass(frozen=True)
class Parts:
    """The state encoding of one configured game and its pieces (``tensor.encoding_parts``):
    each piece writes its fields into zeroed ones."""

    encode_state: StateEncoder
    rel_of: list[tuple[int, ...]]  # per viewer: every seat's relative seat
    head: Callable[[Any, Any, tuple[int, ...]], None]  # (v, state, rel): phase … first
    seats: Callable[[Any, Any, int], None]  # (v, state, viewer): scores, stocks, farmers
    own_hand: Callable[[Any, Any, int], None]  # (v, state, seat): its own hand's fields
    other_hands: Callable[[Any, Any, int | None, int], bool]  # (v, state, seat, viewer)
    discards: Callable[[Any, Any], None]  # (v, state)
    supply_scale: int  # ``supply`` is the supply's size over it
    packed: Callable[[list[int], list[int], list[int]], bytes]  # board bytes of placements
    heads: list[bytes]  # per window cell: the head of a placement's board bytes
    tails: list[list[bytes]]  # per tile type and rotation: the tail
    tile_floats: int  # floats of one placement's slice of ``board``
    barn_offsets: Callable[[Any], list[tuple[int, int]]]  # per barn: offset for rel 0, owner
    selected: Callable[[Any, Any, int | None], None]  # (v, state, seat) while placing


class Writer(TensorWriter):
    """A ``TensorWriter`` that rewrites only what changed (see the module):

    * ``phase`` … ``first`` (17 floats for two seats) and ``supply``: every time;
    * ``scores``, ``stocks``, ``farmers``: when one of those lists changed;
    * the seat's own hand (``my_hand``, its ``hand_sizes`` and ``known_tiles`` slots): when
      that hand changed; the other seats' hand sizes and public tiles (revealed, or picked up
      for placing): every time, their ``known_tiles`` cleared first when some were shown;
    * ``discards``: when the discards changed;
    * ``board``: nothing while the placements are those written, only the new tiles' slices
      when they extend them, else the field whole;
    * ``barns``: the barns written are cleared and the state's written when the barns changed
      or the board was rewritten whole (a barn's offset follows its node's placement, the
      same on a board and on the boards extending it);
    * ``selected``: while a tile is picked up, and once cleared after.
    """

    __slots__ = (
        "_parts",
        "_view",
        "_bytes",
        "_zeros",
        "_viewer",
        "_rel",
        "_clear_head",
        "_zero_head",
        "_clear_seats",
        "_zero_seats",
        "_clear_own",
        "_zero_own",
        "_clear_others",
        "_zero_others",
        "_clear_discards",
        "_zero_discards",
        "_clear_selected",
        "_zero_selected",
        "_supply_at",
        "_board_lo",
        "_tile_floats",
        "_scores",
        "_stocks",
        "_farmers",
        "_own",
        "_others_shown",
        "_discarded",
        "_cells",
        "_kinds",
        "_rots",
        "_barns",
        "_barn_at",
        "_picking",
    )

    def __init__(
        self, parts: Parts, layout: TensorLayout, seat: int | None, buffer: Vector | None
    ) -> None:
        super().__init__(parts.encode_state, layout.size, seat, buffer)
        self.buffer.fill(0.0)
        self._parts = parts
        v = self._view = element_view(self.buffer)
        self._bytes = v.cast("B")
        zeros = self._zeros = element_view(layout.new())
        self._viewer = 0 if seat is None else seat  # a spectator sees from seat 0
        self._rel = parts.rel_of[self._viewer]
        # The regions rewritten whole: the buffer's slice and a zero slice as long, each.
        head = slice(layout["phase"].start, layout["first"].stop)
        seats = slice(layout["scores"].start, layout["farmers"].stop)
        # The seat's own hand (``my_hand`` and its ``known_tiles``), the other seats' tiles.
        types = layout["discards"].size  # one float per tile type
        known = layout["known_tiles"].start + (0 if seat is None else types)
        own = slice(layout["my_hand"].start, known)
        others = slice(known, layout["known_tiles"].stop)
        discards = slice(layout["discards"].start, layout["discards"].stop)
        selected = slice(layout["selected"].start, layout["selected"].stop)
        self._clear_head, self._zero_head = v[head], zeros[head]
        self._clear_seats, self._zero_seats = v[seats], zeros[seats]
        self._clear_own, self._zero_own = v[own], zeros[own]
        self._clear_others, self._zero_others = v[others], zeros[others]
        self._clear_discards, self._zero_discards = v[discards], zeros[discards]
        self._clear_selected, self._zero_selected = v[selected], zeros[selected]
        self._supply_at = layout["supply"].start
        self._board_lo = layout["board"].start
        self._tile_floats = parts.tile_floats
        # What was written: copies of the inputs (``None``: nothing yet, unequal to any).
        self._scores: list[int] | None = None
        self._stocks: list[int] | None = None
        self._farmers: list[int] | None = None
        self._own: list[int] | None = None
        self._others_shown = True
        self._discarded: list[int] | None = None
        self._cells: list[int] = []
        self._kinds: list[int] = []
        self._rots: list[int] = []
        self._barns: list[int] | None = None  # ``None``: the offsets are to recompute
        self._barn_at: list[int] = []
        self._picking = False

    def update(self, state: Any) -> Vector:
        p = self._parts
        v = self._view
        self._clear_head[:] = self._zero_head
        p.head(v, state, self._rel)
        scores, stocks, farmers = state.scores, state.stocks, state.farmers
        if scores != self._scores or stocks != self._stocks or farmers != self._farmers:
            self._clear_seats[:] = self._zero_seats
            p.seats(v, state, self._viewer)
            self._scores, self._stocks, self._farmers = scores[:], stocks[:], farmers[:]
        seat = self.seat
        if seat is not None:
            own = state.hands[seat]
            if own != self._own:
                self._clear_own[:] = self._zero_own
                p.own_hand(v, state, seat)
                self._own = own[:]
        if self._others_shown:
            self._clear_others[:] = self._zero_others
        self._others_shown = p.other_hands(v, state, seat, self._viewer)
        discards = state.discards
        if discards != self._discarded:
            self._clear_discards[:] = self._zero_discards
            p.discards(v, state)
            self._discarded = discards[:]
        v[self._supply_at] = state.supply_total / p.supply_scale
        self._board(state)
        barns = state.barns
        if barns != self._barns:
            for at in self._barn_at:
                v[at] = 0.0
            rel = self._rel
            written = [at + rel[owner] for at, owner in p.barn_offsets(state)]
            for at in written:
                v[at] = 1.0
            self._barn_at = written
            self._barns = barns[:]
        phase = state.phase
        picking = phase in (SELECT_CELL, SELECT_ROT)
        if picking or self._picking:
            self._clear_selected[:] = self._zero_selected
            if picking:
                p.selected(v, state, seat)
            self._picking = picking
        return self.buffer

    def _board(self, state: Any) -> None:
        """Bring ``board`` to the state's placements: the copies of those written are extended
        to the state's length, then compared whole (no slice); a board that is not the one
        written nor extends it is rewritten whole, dropping the barn offsets (``_barns``)."""
        cells, kinds, rots = state.p_cell, state.p_type, state.p_rot
        last_cells, last_kinds, last_rots = self._cells, self._kinds, self._rots
        m = len(last_cells)
        k = len(cells)
        if k == m + 1:
            last_cells.append(cells[m])
            last_kinds.append(kinds[m])
            last_rots.append(rots[m])
        elif k > m:
            last_cells += cells[m:]
            last_kinds += kinds[m:]
            last_rots += rots[m:]
        if cells == last_cells and kinds == last_kinds and rots == last_rots:
            if k == m + 1:  # one more tile: its slice only
                p = self._parts
                at = 4 * (self._board_lo + m * self._tile_floats)
                blob = p.heads[cells[m]] + p.tails[kinds[m]][rots[m]]
                self._bytes[at : at + len(blob)] = blob
            elif k > m:
                at = 4 * (self._board_lo + m * self._tile_floats)
                blob = self._parts.packed(cells[m:], kinds[m:], rots[m:])
                self._bytes[at : at + len(blob)] = blob
            return
        lo = self._board_lo
        hi = lo + m * self._tile_floats
        self._view[lo:hi] = self._zeros[lo:hi]
        blob = self._parts.packed(cells, kinds, rots)
        self._bytes[4 * lo : 4 * lo + len(blob)] = blob
        self._cells, self._kinds, self._rots = cells[:], kinds[:], rots[:]
        self._barns = None
