"""Farms Race's incremental ``TensorWriter`` (``tensor.tensor_writer``): one buffer kept equal to
a seat's tensor of the states given to ``update``, rewriting only what changed since the last.

The values are ``tensor_state``'s, written by its parts or by the same expressions; what is
skipped is skipped only when its inputs equal copies of those it was last written from (never
object identity: states change their lists in place), so any sequence of states is written
right: consecutive positions, the same one twice, another game's, one read from JSON.

* the phase's one element moved when it changed; active, decider, first and round when one of
  them changed;
* the regions one by one: a region's owner, herds and building, its start owner and its Human
  token, each when its values changed; the Turmoil, attacked and nuked flags bit by bit; the
  region types once (the configuration's map);
* the peeked values, the seats (with Mutations, Spy counts, Nuke tokens, Nukiest), the
  viewer's private cards, the supplies (tokens, Spy piles, dice) and misc when their inputs
  changed;
* the nuke stack and the trade when their inputs changed (a nuke being launched every time);
  the move and combat and the choices every time, each skipped while it is empty and was
  empty at the last update.

A helper module imports only ``core``, ``layout`` and its sibling helper ``tensor_state``, so the
configuration and the state are ``Any`` here.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
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
from farmstead.games.farms_race.layout import ADORABLE, BLACKMAIL_TAKE, NO, OVER
from farmstead.games.farms_race.tensor_state import (
    FLY_PHASES,
    _choices,
    _misc,
    _nukes_and_trade,
    _private,
    _relative,
    _seats,
    _supplies,
    _turn,
    state_encoder,
)

Out = Any
"""The buffer's float32 ``memoryview`` (typeshed's ``memoryview`` takes ints only)."""


class Regions:
    """The per-region fields of one buffer (``tensor_state._regions`` and ``_board``): each
    region's ``owner`` with its ``herds`` and ``building``, its ``start_owner``, its Human
    ``token``, and the ``turmoil``, ``attacked`` and ``nuked`` flags, each group rewritten only
    in the regions where its inputs changed. Knows the values it last wrote: at first those of
    an empty map, which the zeroed buffer shows."""

    def __init__(self, c: Any, layout: TensorLayout, rel: tuple[int, ...]) -> None:
        n = c.players
        nr = c.regions
        self.regions = range(nr)
        self.rel = rel
        self.zeros: Out = element_view(np.zeros(max(n, 5), np.float32))  # a region's cells
        self.owner_at = [layout["owner"].start + n * r for r in range(nr)]
        self.herds_at = [layout["herds"].start + 4 * r for r in range(nr)]
        self.building_at = [layout["building"].start + 2 * r - 1 for r in range(nr)]  # + kind
        self.start_owner_at = [layout["start_owner"].start + n * r for r in range(nr)]
        self.token_at = [layout["token"].start + 5 * r for r in range(nr)]
        self.flags_at = (
            layout["turmoil"].start,
            layout["attacked"].start,
            layout["nuked"].start,
        )
        # What the buffer shows (copies): owner, healthy ready, injured ready, healthy acted,
        # injured acted, building; start owner; token, face down, real; the flags.
        self.control: tuple[Any, ...] = ([NO] * nr, *([0] * nr for _ in range(5)))
        self.start_owner: Any = (NO,) * nr
        self.token: Any = ([0] * nr, 0, 0)
        self.flags = (0, 0, 0)

    def update(self, v: Out, state: Any) -> None:
        """Make ``v`` show the regions of ``state``."""
        control = (
            state.owner,
            state.healthy_ready,
            state.injured_ready,
            state.healthy_acted,
            state.injured_acted,
            state.building,
        )
        if control != self.control:
            self._control(v, control)
        if (start_owner := state.start_owner) != self.start_owner:
            self._start_owner(v, start_owner)
        token = (state.token, state.face_down, state.token_real)
        if token != self.token:
            self._token(v, token)
        flags = (state.turmoil, state.attacked, state.nuked)
        if flags != self.flags:
            for at, old, new in zip(self.flags_at, self.flags, flags, strict=True):
                changed = old ^ new
                while changed:
                    low = changed & -changed
                    v[at + low.bit_length() - 1] = 1.0 if new & low else 0.0
                    changed ^= low
            self.flags = flags

    def _control(self, v: Out, control: tuple[list[int], ...]) -> None:
        """The owner, herds and building of the regions where one of them changed; herds and
        buildings show only in a region with an owner (``tensor_state._regions``)."""
        dirty: set[int] = set()
        stored = list(self.control)
        for i, new in enumerate(control):
            if (old := stored[i]) != new:
                dirty.update(compress(self.regions, map(ne, old, new)))
                stored[i] = new[:]
        self.control = tuple(stored)
        owner, healthy, injured, healthy_acted, injured_acted, building = control
        rel = self.rel
        n = len(rel)
        zeros = self.zeros
        for r in dirty:
            h = self.herds_at[r]
            b = self.building_at[r]
            at = self.owner_at[r]
            v[at : at + n] = zeros[:n]
            if (o := owner[r]) < 0:
                v[h] = v[h + 1] = v[h + 2] = v[h + 3] = v[b + 1] = v[b + 2] = 0.0
                continue
            v[at + rel[o]] = 1.0
            v[h] = healthy[r] / 12
            v[h + 1] = injured[r] / 12
            v[h + 2] = healthy_acted[r] / 12
            v[h + 3] = injured_acted[r] / 12
            v[b + 1] = v[b + 2] = 0.0
            if x := building[r]:
                v[b + x] = 1.0

    def _start_owner(self, v: Out, start_owner: Any) -> None:
        """The start owners that changed."""
        rel = self.rel
        n = len(rel)
        zeros = self.zeros
        for r in compress(self.regions, map(ne, self.start_owner, start_owner)):
            at = self.start_owner_at[r]
            v[at : at + n] = zeros[:n]
            if (so := start_owner[r]) >= 0:
                v[at + rel[so]] = 1.0
        self.start_owner = start_owner[:]

    def _token(self, v: Out, token: tuple[Any, int, int]) -> None:
        """The Human tokens that changed: face down (its value is a peek), or a face-up value
        and whether it is a stand-in."""
        values, face_down, real = token
        old_values, old_face_down, old_real = self.token
        dirty = set(compress(self.regions, map(ne, old_values, values)))
        changed = (old_face_down ^ face_down) | (old_real ^ real)
        dirty.update(r for r in self.regions if changed >> r & 1)
        for r in dirty:
            at = self.token_at[r]
            v[at : at + 5] = self.zeros[:5]
            if face_down >> r & 1:
                v[at] = 1.0
            elif t := values[r]:
                v[at + t] = 1.0
                if not real >> r & 1:
                    v[at + 4] = 1.0  # a stand-in
        self.token = (values[:], face_down, real)


class Writer(TensorWriter):
    """A ``TensorWriter`` of ``tensor_state``'s values that rewrites only what changed (see the
    module)."""

    __slots__ = (
        "_view",
        "_zeros",
        "_viewer",
        "_rel",
        "_head",
        "_head_key",
        "_phase",
        "_regions",
        "_peeked",
        "_peeked_key",
        "_seats",
        "_seats_spans",
        "_seats_key",
        "_private",
        "_private_spans",
        "_private_key",
        "_supplies",
        "_supplies_spans",
        "_supplies_key",
        "_misc",
        "_misc_spans",
        "_turn",
        "_turn_spans",
        "_turn_on",
        "_choices",
        "_choices_spans",
        "_choices_on",
        "_nukes_and_trade",
        "_nt_span",
        "_nt_key",
        "_misc_key",
    )

    def __init__(
        self, c: Any, layout: TensorLayout, seat: int | None, buffer: Vector | None
    ) -> None:
        super().__init__(lazy_encoder(state_encoder, c, layout), layout.size, seat, buffer)
        self.buffer.fill(0.0)
        v = self._view = element_view(self.buffer)
        self._zeros = element_view(np.zeros(layout.size, np.float32))
        viewer = self._viewer = 0 if seat is None else seat  # a spectator sees from seat 0
        rel = self._rel = _relative(c.players)[viewer]
        types_at = layout["region_type"].start
        for r, kind in enumerate(c.region_type):  # the map's: the same for every state
            v[types_at + 5 * r + kind] = 1.0
        start, stop = layout.span("active", "decider", "first", "round")
        self._head_key: Any = None
        self._phase: int | None = None  # the phase the buffer shows: none at first
        self._head = (
            layout["phase"].start,
            start,
            stop,
            layout["active"].start,
            layout["decider"].start,
            layout["first"].start,
            layout["round"].start,
            c.max_rounds,
        )
        self._regions = Regions(c, layout, rel)
        self._peeked = (layout["peeked"].start, layout["peeked"].stop, c.reveal_after_game)
        self._peeked_key: Any = 0
        self._seats = _seats(c, layout)
        self._seats_spans = layout.spans("seats", "mutations", "spy_seats", "nukiest")
        self._seats_key: Any = None
        self._private = _private(layout)
        self._private_spans = layout.spans("my_hand", "my_dealt", "my_spies", "shown_hand")
        self._private_key: Any = None
        self._supplies = _supplies(layout)
        self._supplies_spans = layout.spans("tokens", "spy_piles", "dice", "named")
        self._supplies_key: Any = None
        self._misc = _misc(c, layout)
        self._misc_spans = layout.spans("misc", "resources_extra", "setup_extra")
        self._turn = _turn(c, layout)
        self._turn_spans = layout.spans("move", "combat", "combat_extra")
        self._turn_on = False
        self._choices = _choices(c, layout)
        self._choices_spans = layout.spans("flying", "resume", "payment", "spy_play")
        self._choices_on = False
        self._nukes_and_trade = _nukes_and_trade(c, layout)
        self._nt_span = layout.span("nuke", "nuke_stack", "trade")
        self._misc_key: Any = None
        self._nt_key: Any = None

    def update(self, state: Any) -> Vector:
        v = self._view
        zeros = self._zeros
        self._write_head(v, zeros, state)
        self._regions.update(v, state)
        self._write_peeked(v, zeros, state)
        self._write_seats(v, zeros, state)
        self._write_misc(v, zeros, state)
        self._write_decisions(v, zeros, state)
        return self.buffer

    def _write_seats(self, v: Out, zeros: Out, state: Any) -> None:
        """The seats, the viewer's private fields and the supplies, each when its inputs
        changed."""
        seat = self.seat
        viewer = self._viewer
        rel = self._rel
        key: Any = (
            state.hands,
            state.herds_left,
            state.barns_left,
            state.armories_left,
            state.vp_tokens,
            state.last_production,
            (state.nukiest, state.eliminated),
            state.revealed,
            state.mutation,
            state.winners,
            state.spies,
            state.nukes_ready,
            state.nukes_spent,
        )
        if key != self._seats_key:
            clear_spans(v, zeros, self._seats_spans)
            self._seats(state, v, seat, viewer, rel)
            self._seats_key = snapshot(key)
        if seat is not None:
            blackmail = state.phase == BLACKMAIL_TAKE
            key = (
                state.hands,
                state.spies,
                state.fresh if state.active == seat else (),
                (state.dealt[seat], state.spy_victim if blackmail else NO),
            )
            if key != self._private_key:
                clear_spans(v, zeros, self._private_spans)
                self._private(state, v, seat)
                self._private_key = snapshot(key)
        key = (
            state.tokens_unseen,
            state.tokens_pool_revealed,
            (state.stand_ins, state.wilds),
            state.spy_deck,
            state.spy_discard,
            state.spy_removed,
            state.dice,
            state.named,
        )
        if key != self._supplies_key:
            clear_spans(v, zeros, self._supplies_spans)
            self._supplies(state, v, seat, viewer, rel)
            self._supplies_key = snapshot(key)

    def _write_misc(self, v: Out, zeros: Out, state: Any) -> None:
        """misc, resources_extra and setup_extra, when their inputs changed."""
        key = (
            state.discards,
            state.owed,
            state.prep_left,
            state.steal_victim,
            state.lucky,
            state.doubles_left,
            state.deal_left,
            state.cancels,
        )
        if key != self._misc_key:  # ints and tuples: nothing to copy
            clear_spans(v, zeros, self._misc_spans)
            self._misc(state, v, self.seat, self._viewer, self._rel)
            self._misc_key = key

    def _write_head(self, v: Out, zeros: Out, state: Any) -> None:
        """phase (its one element moved), then active, decider, first and round when one of
        them changed (``tensor_state._board``)."""
        phase_at, start, stop, active_at, decider_at, first_at, round_at, max_rounds = self._head
        if (phase := state.phase) != self._phase:
            if self._phase is not None:
                v[phase_at + self._phase] = 0.0
            v[phase_at + phase] = 1.0
            self._phase = phase
        key = (state.active, state.decider, state.first, state.round)
        if key == self._head_key:  # ints: nothing to copy
            return
        self._head_key = key
        rel = self._rel
        v[start:stop] = zeros[start:stop]
        if (x := state.active) >= 0:
            v[active_at + rel[x]] = 1.0
        if (x := state.decider) >= 0:
            v[decider_at + rel[x]] = 1.0
        if (x := state.first) >= 0:
            v[first_at + rel[x]] = 1.0
        if x := state.round:
            v[round_at] = x / max_rounds

    def _write_peeked(self, v: Out, zeros: Out, state: Any) -> None:
        """The peeked values the viewer may see (``tensor_state._board``: FR-11, section 16)."""
        start, stop, reveal_after_game = self._peeked
        seat = self.seat
        mask = state.peeked
        key: Any = 0
        if mask and (
            (seat is not None and state.mutation[seat] == ADORABLE)
            or (state.phase == OVER and reveal_after_game)
        ):
            token = state.token
            key = (mask, *[token[r] for r in range(mask.bit_length()) if mask >> r & 1])
        if key == self._peeked_key:
            return
        v[start:stop] = zeros[start:stop]
        if key:
            token = state.token
            for r in range(mask.bit_length()):
                if mask >> r & 1:
                    v[start - 1 + 3 * r + token[r]] = 1.0
        self._peeked_key = key

    def _write_decisions(self, v: Out, zeros: Out, state: Any) -> None:
        """misc, the move and combat, the choices, the nuke and the trade: each rewritten, or
        left alone while empty now and at the last update."""
        seat = self.seat
        viewer = self._viewer
        rel = self._rel
        on = state.move_dest >= 0 or state.combat_region >= 0
        if on or self._turn_on:
            clear_spans(v, zeros, self._turn_spans)
            if on:
                self._turn(state, v, seat, viewer, rel)
            self._turn_on = on
        on = (
            state.flights > 0
            or state.phase in FLY_PHASES
            or state.resume >= 0
            or state.pay_build >= 0
            or state.spy_play >= 0
            or bool(state.agent_queue)
        )
        if on or self._choices_on:
            clear_spans(v, zeros, self._choices_spans)
            if on:
                self._choices(state, v, seat, viewer, rel)
            self._choices_on = on
        key: Any = None  # a nuke is rewritten every time (its humans: whose target)
        if state.nuke_launcher < 0:
            key = (
                (
                    state.trade_slot,
                    state.trade_next_turn,
                    state.trade_passes,
                    state.open_trades,
                    state.trade_proposer,
                    state.trade_recipient,
                ),
                state.trade_give,
                state.trade_ask,
                state.trade_proposals_made,
                state.nuke_responses,
            )
        if key is None or key != self._nt_key:
            start, stop = self._nt_span
            v[start:stop] = zeros[start:stop]
            self._nukes_and_trade(state, v, seat, viewer, rel)
            self._nt_key = key if key is None else snapshot(key)


def tensor_writer(
    c: Any, layout: TensorLayout, seat: int | None, buffer: Vector | None
) -> TensorWriter:
    """A ``Writer`` of ``seat``'s tensor into ``buffer``: only what changed is rewritten."""
    return Writer(c, layout, seat, buffer)
