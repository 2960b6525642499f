"""Rancho's ``TensorWriter``: one buffer kept equal to a seat's tensor (``tensor.encoding_parts``
writes the values), rewriting only the fields whose inputs changed since the last ``update``.

Consecutive positions of a game (the learning environments' case) change a few fields: the
head every decision, a few cells of the board when pieces are placed or taken, the pools, the
herd and the transaction now and then. Every other sequence of states (a new game, another
game's position, the same one twice) stays exact: a field is skipped only when copies of its
inputs, kept by the writer, equal the state's values (never object identity: states change
their lists in place and clones share nothing).

Imports only ``core`` and ``layout`` (a helper module); the pieces come from ``tensor``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from farmstead.core.tensor import (
    StateEncoder,
    TensorLayout,
    TensorWriter,
    Vector,
    element_view,
    snapshot,
)


@dataclass(frozen=True)
class Parts:
    """The state encoding of one configured game and its pieces (``tensor.encoding_parts``):
    each piece writes its fields into zeroed ones (``herd`` writes every value)."""

    encode_state: StateEncoder
    rel_of: list[tuple[int, ...]]  # per viewer: every seat's relative seat
    head: Callable[[Any, Any, tuple[int, ...]], None]  # (v, state, rel): phase … turn_actions
    herd: Callable[[Any, Any], None]  # (v, state)
    animals: Callable[[Any, Any, int], None]  # (v, state, viewer): pools, dogs
    transaction: Callable[[Any, Any, tuple[int, ...]], None]  # (v, state, rel) while one is open
    tail: Callable[[Any, Any, tuple[int, ...]], None]  # (v, state, rel): dice … winner
    spaces: Callable[[Any, Any, int], None]  # (v, state, viewer): pastures, animal planes


class Writer(TensorWriter):
    """A ``TensorWriter`` that rewrites only what changed (see the module):

    * ``phase`` … ``turn_actions``: every time; ``herd``: when the herd changed;
    * ``pools``, ``dogs``: when the pools or the dogs changed;
    * ``pastures`` and the four animal planes: when the territories or the pieces on the
      cells (kinds, amounts) changed (a few decisions in four: rewriting the 372 floats whole
      costs less than finding the changed cells of 66);
    * ``transaction_open`` … ``fees``: when the open transaction (its route and fees
      included) changed, cleared once after;
    * ``dice`` … ``winner``: when one of them changed (the attacks to come and the dog
      queue and savers compared as copies).
    """

    __slots__ = (
        "_parts",
        "_view",
        "_rel",
        "_viewer",
        "_clear_head",
        "_zero_head",
        "_clear_animals",
        "_zero_animals",
        "_clear_spaces",
        "_zero_spaces",
        "_clear_tx",
        "_zero_tx",
        "_clear_tail",
        "_zero_tail",
        "_herd",
        "_pool",
        "_dogs",
        "_terr",
        "_kind",
        "_amt",
        "_tx",
        "_tail",
        "_queues",
    )

    def __init__(
        self, parts: Parts, layout: TensorLayout, seat: int | None, buffer: Vector | None
    ) -> None:
        super().__init__(parts.encode_state, layout.size, seat, buffer)
        self.buffer.fill(0.0)
        self._parts = parts
        v = self._view = element_view(self.buffer)
        zeros = element_view(layout.new())
        self._viewer = viewer = 0 if seat is None else seat  # a spectator sees from seat 0
        self._rel = parts.rel_of[viewer]
        # The regions rewritten whole: the buffer's slice and a zero slice as long, each.
        head = slice(layout["phase"].start, layout["first_player"].stop)
        animals = slice(layout["pools"].start, layout["dogs"].stop)
        spaces = slice(layout["pastures"].start, layout["horses"].stop)
        tx = slice(layout["transaction_open"].start, layout["fees"].stop)
        tail = slice(layout["dice"].start, layout["winner"].stop)
        self._clear_head, self._zero_head = v[head], zeros[head]
        self._clear_animals, self._zero_animals = v[animals], zeros[animals]
        self._clear_spaces, self._zero_spaces = v[spaces], zeros[spaces]
        self._clear_tx, self._zero_tx = v[tx], zeros[tx]
        self._clear_tail, self._zero_tail = v[tail], zeros[tail]
        # What was written: copies of the inputs (``None``: nothing yet, unequal to any).
        self._herd: list[int] | None = None
        self._pool: list[int] | None = None
        self._dogs: list[int] | None = None
        self._terr: list[int] | None = None
        self._kind: list[int] | None = None
        self._amt: list[int] | None = None
        self._tx: tuple[Any, ...] | None = None  # ``None``: closed
        self._tail: tuple[Any, ...] | None = None
        self._queues: tuple[list[int], ...] | None = None  # dog_queue, attacks, dog_savers

    def update(self, state: Any) -> Vector:
        p = self._parts
        v = self._view
        self._clear_head[:] = self._zero_head
        p.head(v, state, self._rel)
        herd = state.herd
        if herd != self._herd:
            p.herd(v, state)
            self._herd = herd[:]
        pool, dogs = state.pool, state.dogs
        if pool != self._pool or dogs != self._dogs:
            self._clear_animals[:] = self._zero_animals
            p.animals(v, state, self._viewer)
            self._pool, self._dogs = pool[:], dogs[:]
        terr, kind, amt = state.terr, state.cell_kind, state.cell_amt
        if terr != self._terr or kind != self._kind or amt != self._amt:
            self._clear_spaces[:] = self._zero_spaces
            p.spaces(v, state, self._viewer)
            self._terr, self._kind, self._amt = terr[:], kind[:], amt[:]
        tx = self._tx
        if state.tx_open:
            key = (
                state.tx_give,
                state.tx_recv,
                state.tx_buy,
                state.tx_fees,
                state.route_links,
                (state.route_target, state.route_fee, state.route_min),
            )
            if key != tx:
                self._clear_tx[:] = self._zero_tx
                p.transaction(v, state, self._rel)
                self._tx = snapshot(key)
        elif tx is not None:
            self._clear_tx[:] = self._zero_tx
            self._tx = None
        tail = (state.dice, state.attack, state.d6, state.winner)
        queues = (state.dog_queue, state.attacks, state.dog_savers)
        if tail != self._tail or queues != self._queues:
            self._clear_tail[:] = self._zero_tail
            p.tail(v, state, self._rel)
            dice = tail[0]  # a tuple (kept as one, whatever the state holds)
            self._tail = (dice if dice is None else tuple(dice), *tail[1:])
            self._queues = snapshot(queues)
        return self.buffer
