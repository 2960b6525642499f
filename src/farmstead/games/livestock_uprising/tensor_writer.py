"""Livestock Uprising's incremental ``TensorWriter`` (``tensor.tensor_writer``): one buffer kept
equal to a seat's tensor of the states given to ``update``, rewriting only what changed since
the last.

The values are ``tensor_state``'s, written by its parts (and its ``PieceTables``); what is
skipped is skipped only when its inputs equal copies of those it was last written from (never
object identity: states change their lists and records in place), so any sequence of states is
written right: consecutive positions, the same one twice, another game's, one read from JSON.
What the clone shares between states (the battalion and hand tuples, what Espionage saw) is
never changed in place, so a copied list of them is a copy of the values.

* the head (phase, active, decider, first, round), the tiles, the seats (factions, barns,
  seat values), the tokens and the cards when their inputs changed;
* the supplies count by count, the Special Forces and the scorched cells when they changed;
* the pieces one by one: a piece's slot when its cell, its battalion or its fortification
  changed;
* the phase's one element moved when it changed;
* the turn's acting piece every time, its slots and choices when they changed; the battle
  every time; each record skipped while there is none and there was none at the last update;
  the card being played, the Ambush and the winners when they changed.

A helper module imports only ``core``, ``layout`` and its sibling helper ``tensor_state``, so the
configuration and the state are ``Any`` here.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter, ne
from typing import Any

import numpy as np

from farmstead.core.tensor import (
    TensorLayout,
    TensorWriter,
    Vector,
    clear_spans,
    element_view,
    lazy_encoder,
    snapshot,
)
from farmstead.games.livestock_uprising.layout import NO
from farmstead.games.livestock_uprising.tensor_state import (
    _JOIN,
    CACHE_LIMIT,
    PieceTables,
    _battle_writer,
    _cards_writer,
    _end_writer,
    _float32_bytes,
    _seats_writer,
    _tile_rows,
    _tokens_writer,
    _turn_choices_writer,
    _turn_numbers_writer,
    _turn_slots_writer,
    make_state_encoder,
    supply_tables,
)

Out = Any
"""The buffer's float32 ``memoryview`` (typeshed's ``memoryview`` takes ints only)."""


class Pieces:
    """The ``pieces`` field of one buffer, brought up to date piece by piece (``tensor_state``'s
    pieces writer); knows the cells, battalions and fortifications it last wrote: at first
    none, which the zeroed buffer shows."""

    def __init__(self, c: Any, layout: TensorLayout, viewer: int) -> None:
        tables = PieceTables(c, layout)
        self.row = tables.row
        self.row_size = tables.row_size
        self.width = tables.width
        self.slot_at = tables.slot_at[viewer]
        self.row_at = tables.row_at[viewer]
        self.fortified_at = tables.fortified_at[viewer]
        pieces = 4 * c.num_players
        self.pids = range(pieces)
        self.cells: list[int] = [NO] * pieces
        self.units: list[Any] = [()] * pieces
        self.fortified: list[bool] = [False] * pieces

    def update(self, v: Out, vb: Out, zeros: Out, state: Any) -> None:
        """Make ``v`` (``vb``: its bytes) show the pieces of ``state``."""
        cells = state.piece_cell
        units = state.units
        fortified = state.fortified
        if cells == self.cells and units == self.units and fortified == self.fortified:
            return
        pids = self.pids
        dirty: set[int] = set()
        if cells != self.cells:
            dirty.update(compress(pids, map(ne, self.cells, cells)))
            self.cells = cells[:]
        if units != self.units:
            dirty.update(compress(pids, map(ne, self.units, units)))
            self.units = units[:]
        if fortified != self.fortified:
            dirty.update(compress(pids, map(ne, self.fortified, fortified)))
            self.fortified = fortified[:]
        width = self.width
        row_size = self.row_size
        for pid in dirty:
            at = self.slot_at[pid]
            v[at : at + width] = zeros[at : at + width]
            battalion = units[pid]
            if (cell := cells[pid]) == NO:
                if not battalion:
                    continue
            else:
                v[at + cell] = 1.0
            at = self.row_at[pid]
            vb[at : at + row_size] = self.row(battalion)
            if fortified[pid]:
                v[self.fortified_at[pid]] = 1.0


class Supplies:
    """``scorched``, ``supply``, ``troops`` and ``special_forces`` of one buffer (``tensor_state``'s
    supplies writer, its ``supply_tables``): the counts one by one, the Special Forces and the
    scorched cells when they changed. Knows what it last wrote: at first nothing."""

    def __init__(self, c: Any, layout: TensorLayout) -> None:
        self.scales, self.tables, self.sf_rows = supply_tables(c)
        self.troops = c.troop_types
        self.counts_at = 4 * layout["supply"].start  # in bytes, then the troops
        self.sf_span = (4 * layout["special_forces"].start, 4 * layout["special_forces"].stop)
        self.scorched_at = layout["scorched"].start
        self.scorched_span = (self.scorched_at, layout["scorched"].stop)
        self.indices = range(len(self.scales))
        self.counts: list[Any] = [None] * len(self.scales)
        self.supply_counts: Any = None  # the supply and troops counts written last
        self.troop_counts: Any = None
        self.special_forces: Any = None
        self.scorched: Any = None

    def update(self, v: Out, vb: Out, zeros: Out, state: Any) -> None:
        """Make ``v`` (``vb``: its bytes) show the supplies of ``state``."""
        if state.supply != self.supply_counts or state.troops != self.troop_counts:
            self.supply_counts = state.supply[:]
            self.troop_counts = state.troops[:]
            counts = self.supply_counts + self.troop_counts
            at = self.counts_at
            for i in compress(self.indices, map(ne, self.counts, counts)):
                k = counts[i]
                row = self.tables[i].get(k)
                if row is None:
                    row = _float32_bytes([k / self.scales[i]])
                vb[at + 4 * i : at + 4 * i + 4] = row
            self.counts = counts
        if (special_forces := state.special_forces) != self.special_forces:
            start, stop = self.sf_span
            rows = self.sf_rows
            vb[start:stop] = _JOIN([rows[k] for k in special_forces[self.troops :]])
            self.special_forces = special_forces[:]
        if (scorched := state.scorched) != self.scorched:
            start, stop = self.scorched_span
            v[start:stop] = zeros[start:stop]
            for cell, seat in enumerate(scorched):
                if seat != NO:
                    v[start + cell] = 1.0
            self.scorched = scorched[:]


class Writer(TensorWriter):
    """A ``TensorWriter`` of ``tensor_state``'s values that rewrites only what changed (see the
    module)."""

    __slots__ = (
        "_view",
        "_bytes",
        "_zeros",
        "_rel",
        "_slots",
        "_head",
        "_head_key",
        "_phase",
        "_rare_key",
        "_tiles",
        "_tiles_key",
        "_seats",
        "_seats_spans",
        "_seats_key",
        "_tokens",
        "_tokens_span",
        "_tokens_key",
        "_pieces",
        "_supplies",
        "_cards",
        "_cards_span",
        "_cards_key",
        "_turn_numbers",
        "_turn_numbers_span",
        "_turn_numbers_key",
        "_turn_slots",
        "_turn_slots_span",
        "_turn_slots_key",
        "_turn_slots_rows",
        "_turn_choices",
        "_turn_choices_span",
        "_turn_choices_key",
        "_turn_span",
        "_turn_on",
        "_battle",
        "_battle_span",
        "_battle_on",
        "_end",
        "_end_span",
        "_end_key",
    )

    def __init__(
        self, c: Any, layout: TensorLayout, ready: int, seat: int | None, buffer: Vector | None
    ) -> None:
        super().__init__(
            lazy_encoder(make_state_encoder, c, layout, ready), layout.size, seat, buffer
        )
        self.buffer.fill(0.0)
        self._view = element_view(self.buffer)
        self._bytes = self._view.cast("B")
        self._zeros = element_view(np.zeros(layout.size, np.float32))
        n = c.num_players
        viewer = 0 if seat is None else seat  # a spectator sees the seats from seat 0
        self._rel = tuple((s - viewer) % n for s in range(n))
        self._slots = tuple(4 * ((pid // 4 - viewer) % n) + pid % 4 for pid in range(4 * n))
        self._head = (
            layout["phase"].start,
            layout.span("active", "decider", "first", "round"),
            layout["active"].start,
            layout["decider"].start,
            layout["first"].start,
            layout["round"].start,
            max(1, c.round_limit),
        )
        self._head_key: Any = None
        self._phase: int | None = None  # the phase the buffer shows: none at first
        self._rare_key: Any = None
        self._tiles = _tile_rows(c, layout)
        self._tiles_key: Any = None
        self._seats = _seats_writer(c, layout)
        self._seats_spans = [
            (layout[name].start, layout[name].stop) for name in ("factions", "barn_owner", "seats")
        ]
        self._seats_key: Any = None
        self._tokens = _tokens_writer(c, layout)
        self._tokens_span = layout.span("tokens")
        self._tokens_key: Any = None
        self._pieces = Pieces(c, layout, viewer)
        self._supplies = Supplies(c, layout)
        self._cards = _cards_writer(c, layout)
        self._cards_span = layout.span("played", "gone", "my_cards", "known")
        self._cards_key: Any = None
        self._turn_numbers = _turn_numbers_writer(layout)
        self._turn_numbers_span = layout.span("turn_piece", "turn_numbers", "turn_flags")
        self._turn_numbers_key: Any = None
        self._turn_slots = _turn_slots_writer(layout, ready)
        self._turn_slots_span = layout.span("turn_slots")
        self._turn_slots_key: Any = None
        self._turn_slots_rows: dict[tuple[int, ...], bytes] = {}
        self._turn_choices = _turn_choices_writer(c, layout)
        self._turn_choices_span = layout.span(
            "turn_reinforce", "turn_chosen", "turn_unit", "turn_recruits"
        )
        self._turn_choices_key: Any = None
        turn_fields = [f.name for f in layout.fields if f.name.startswith("turn_")]
        self._turn_span = layout.span(*turn_fields)
        self._turn_on = False
        self._battle = _battle_writer(c, layout)
        battle_fields = [f.name for f in layout.fields if f.name.startswith("battle_")]
        self._battle_span = layout.span(*battle_fields)
        self._battle_on = False
        self._end = _end_writer(c, layout)
        self._end_span = layout.span("card", "ambush", "winners")
        self._end_key: Any = None

    def update(self, state: Any) -> Vector:
        v = self._view
        vb = self._bytes
        zeros = self._zeros
        rel = self._rel
        self._write_head(v, zeros, state)
        key = (
            state.tiles,
            state.faction,
            state.barn,
            state.alive,
            state.hands,
            state.plans,
            state.turns_lost,
            state.shield,
            state.played,
            state.gone,
            state.known,
        )
        if key != self._rare_key:  # what seldom changes, looked at once
            self._write_rare(v, vb, zeros, state)
            self._rare_key = snapshot(key)
        if (tokens := state.tokens) != self._tokens_key:
            start, stop = self._tokens_span
            v[start:stop] = zeros[start:stop]
            self._tokens(state, v, rel)
            self._tokens_key = tokens[:]
        self._pieces.update(v, vb, zeros, state)
        self._supplies.update(v, vb, zeros, state)
        self._write_records(v, zeros, state)
        return self.buffer

    def _write_rare(self, v: Out, vb: Out, zeros: Out, state: Any) -> None:
        """The tiles, the seats and the cards, each when its inputs changed."""
        if (tiles := state.tiles) != self._tiles_key:
            lo, hi, rows = self._tiles
            vb[lo:hi] = _JOIN(itemgetter(*tiles)(rows))
            self._tiles_key = tiles[:]
        key = (
            state.faction,
            state.barn,
            state.alive,
            state.hands,
            state.plans,
            state.turns_lost,
            state.shield,
        )
        if key != self._seats_key:
            clear_spans(v, zeros, self._seats_spans)
            self._seats(state, v, self._rel)
            self._seats_key = snapshot(key)
        self._write_cards(v, zeros, state)

    def _write_head(self, v: Out, zeros: Out, state: Any) -> None:
        """phase (its one element moved), then active, decider, first and round when one of
        them changed (``tensor_state``'s encoder)."""
        if (phase := state.phase) != self._phase:
            phase_at = self._head[0]
            if self._phase is not None:
                v[phase_at + self._phase] = 0.0
            v[phase_at + phase] = 1.0
            self._phase = phase
        key = (state.active, state.decider, state.first, state.round)
        if key == self._head_key:  # ints: nothing to copy
            return
        self._head_key = key
        _, (start, stop), active_at, decider_at, first_at, round_at, scale = self._head
        rel = self._rel
        v[start:stop] = zeros[start:stop]
        v[active_at + rel[state.active]] = 1.0
        if state.decider != NO:
            v[decider_at + rel[state.decider]] = 1.0
        if state.first != NO:
            v[first_at + rel[state.first]] = 1.0
        if state.round:
            v[round_at] = state.round / scale

    def _write_cards(self, v: Out, zeros: Out, state: Any) -> None:
        """played, gone and the viewer's own cards and what its Espionage saw (LU-R2, LU-R5),
        when they changed."""
        seat = self.seat
        key: Any = (state.played, (len(state.gone),))
        if seat is not None:
            n = len(self._rel)
            key += (state.hands[seat], (state.plans[seat],), state.known[seat * n : seat * n + n])
        if key == self._cards_key:
            return
        start, stop = self._cards_span
        v[start:stop] = zeros[start:stop]
        self._cards(state, v, seat, self._rel)
        self._cards_key = snapshot(key)

    def _write_records(self, v: Out, zeros: Out, state: Any) -> None:
        """The turn and the battle (each left alone while there is none and there was none),
        then the card being played, the Ambush and the winners."""
        if (turn := state.turn) is not None:
            self._write_turn(v, zeros, turn)
        elif self._turn_on:
            start, stop = self._turn_span
            v[start:stop] = zeros[start:stop]
            self._turn_on = False
        on = (battle := state.battle) is not None
        if on or self._battle_on:
            start, stop = self._battle_span
            v[start:stop] = zeros[start:stop]
            if on:
                self._battle(state, battle, v, self._slots)
            self._battle_on = on
        card = state.card  # a record changed in place: its values are compared
        key = (
            None if card is None else (card.card, card.stage, card.seat),
            state.ambush,
            state.ambush_target,
            state.winners,
        )
        if key != self._end_key:
            start, stop = self._end_span
            v[start:stop] = zeros[start:stop]
            self._end(state, v, self._rel, self._slots)
            self._end_key = (key[0], key[1][:], *key[2:])

    def _write_turn(self, v: Out, zeros: Out, turn: Any) -> None:
        """The turn record: the acting piece's numbers, its slots and its choices, each when
        its values changed (its lists change in place: flat tuples of them are compared)."""
        if not self._turn_on:  # the fields are zeros: written afresh
            self._turn_numbers_key = self._turn_slots_key = self._turn_choices_key = None
            self._turn_on = True
        key: Any = (
            turn.piece,
            turn.steps,
            turn.limit,
            turn.attacks,
            turn.transfers,
            turn.moved,
            turn.blitz,
            turn.rally,
        )
        if key != self._turn_numbers_key:
            start, stop = self._turn_numbers_span
            v[start:stop] = zeros[start:stop]
            self._turn_numbers(turn, v)
            self._turn_numbers_key = key
        key = (*turn.acted, *turn.started, *turn.double, *turn.forced, *turn.forage, turn.bumper)
        if key != self._turn_slots_key:
            start, stop = self._turn_slots_span
            row = self._turn_slots_rows.get(key)
            if row is None:
                row = self._turn_slots_row(turn, key)
            self._bytes[4 * start : 4 * stop] = row
            self._turn_slots_key = key
        key = ((turn.reinforce, turn.chosen, turn.unit), turn.recruits)
        if key != self._turn_choices_key:
            start, stop = self._turn_choices_span
            v[start:stop] = zeros[start:stop]
            self._turn_choices(turn, v, self._bytes)
            self._turn_choices_key = snapshot(key)

    def _turn_slots_row(self, turn: Any, key: tuple[int, ...]) -> bytes:
        """The bytes of ``turn_slots`` for ``turn`` (whose slot values are ``key``), written
        by ``tensor_state``'s turn-slots writer into a scratch vector and remembered."""
        start, stop = self._turn_slots_span
        scratch = np.zeros(self.buffer.size, np.float32)
        self._turn_slots(turn, element_view(scratch))
        rows = self._turn_slots_rows
        if len(rows) >= CACHE_LIMIT:
            rows.clear()
        row = rows[key] = scratch[start:stop].tobytes()
        return row
