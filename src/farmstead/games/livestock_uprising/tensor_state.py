"""Livestock Uprising's state encoding: ``tensor.encode``'s values written straight from the
state's fields (``core.tensor``), without building ``observation(seat)`` on the way.

``make_state_encoder`` is called once per configured game: every offset, scale factor and
lookup table is computed there, and each call only reads the state and writes the non-zero
elements through a ``memoryview`` of the zeroed buffer (the dense one-hot blocks, tiles and
Special Forces, as whole rows of precomputed float32 bytes). Each value is the reference's own
Python expression (``steps / 8``, ``supply / max(1, size)``, …) or a table of those values
computed through a float32 array as the reference does (``units / 5`` accumulates ``+= 0.2``),
so the results are bit-identical.

What a seat may see follows ``position.views.observation`` exactly (LU §3): the board, pieces,
tokens, supplies, hand sizes and played cards are public (LU-R1); only the viewer's own
Command cards and Battle Plans card (LU-R2) and what its own Espionage revealed (LU-R5) are
read from the hidden fields; a spectator (``seat`` None) reads none of them and sees the
seats ordered from seat 0. ``gone`` enters the reference only as a count, so only its length
is read here.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import getitem, itemgetter
from typing import Any

import numpy as np

from farmstead.core.tensor import StateEncoder, TensorLayout, Vector
from farmstead.games.livestock_uprising.layout import BARN, NO

# A helper module imports only ``layout`` of the game (tests/games/test_package_shape.py): the
# config (``LUConfig``) and the state (``LURules``) are typed ``Any`` here, and ``tensor``
# passes the rules' ``READY``.
Config = Any
State = Any
Out = Any
"""The output buffer's float32 ``memoryview`` (typeshed's ``memoryview`` takes ints only)."""
Rel = tuple[int, ...]
"""Per seat, its seat relative to the viewer; per piece id, its piece slot ``4 * rel + slot``."""
Rows = Callable[[tuple[int, ...]], bytes]

CACHE_LIMIT = 50_000
"""Distinct battalions remembered per configured game before the memo starts afresh."""

_JOIN = b"".join


def _float32_bytes(values: list[float]) -> bytes:
    """``values`` as the float32 elements a numpy float32 array stores for them."""
    return np.array(values, dtype=np.float64).astype(np.float32).tobytes()


def _battalion_rows(
    size: int, extra: Callable[[tuple[int, ...]], tuple[float, ...]]
) -> tuple[dict[tuple[int, ...], bytes], Rows]:
    """A memo ``units -> bytes`` and the function that fills it: ``size`` float32s, per unit
    type how many of ``units`` are of that type / 5, accumulated as the reference does
    (``v[i] += 0.2`` on a float32 array, once per unit), then the floats of ``extra(units)``;
    a pure function of the tuple and the config. Callers look up the memo first."""
    cache: dict[tuple[int, ...], bytes] = {}

    def rows(units: tuple[int, ...]) -> bytes:
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        acc = np.zeros(size, dtype=np.float32)
        for u in units:
            acc[u] += 0.2
        found = acc.tobytes() + _float32_bytes(list(extra(units)))
        cache[units] = found
        return found

    return cache, rows


class PieceTables:
    """Where each piece's elements of ``pieces`` lie and the float32 bytes of its units row:
    per viewer and piece id, its slot's cell one-hot (``slot_at``), its units row (in bytes,
    ``row_at``) and its fortified element (``fortified_at``); ``row(battalion)`` is the row of
    units / 5 per type, fortified (0), ATK / 30 and DEF / 30. ATK and DEF are ``cfg.facts``,
    as ``attack_value`` and ``defence_value`` read them."""

    def __init__(self, c: Config, layout: TensorLayout) -> None:
        cells = c.cells
        units = len(c.catalog.units)
        n = c.num_players
        start = layout["pieces"].start
        self.width = width = cells + units + 3
        self.slot_at = [
            [start + (4 * ((pid // 4 - viewer) % n) + pid % 4) * width for pid in range(4 * n)]
            for viewer in range(n)
        ]
        self.row_at = [[4 * (at + cells) for at in ats] for ats in self.slot_at]
        self.fortified_at = [[at + cells + units for at in ats] for ats in self.slot_at]
        self.row_size = 4 * (units + 3)
        facts = c.facts

        def atk_def(battalion: tuple[int, ...]) -> tuple[float, ...]:
            _, _, atk, defence = facts(battalion)
            return (0.0, atk / 30, defence / 30)

        cache, self.build = _battalion_rows(units, atk_def)
        self.get = cache.get

    def row(self, battalion: tuple[int, ...]) -> bytes:
        """The units row of ``battalion`` (remembered)."""
        return self.get(battalion) or self.build(battalion)


def _pieces_writer(c: Config, layout: TensorLayout) -> Callable[[State, Out, Out, int], None]:
    """Writes ``pieces``: per piece the observation lists (on the board, or holding units), its
    cell one-hot, then units / 5 per type, fortified, ATK / 30 and DEF / 30 as one row (LU-R1:
    every battalion is public; ``PieceTables``)."""
    tables = PieceTables(c, layout)
    slot_at = tables.slot_at
    row_at = tables.row_at
    fortified_at = tables.fortified_at
    row_size = tables.row_size
    get = tables.get
    build = tables.build

    def write(state: State, v: Out, vb: Out, viewer: int) -> None:
        fortified = state.fortified
        battalions = state.units
        cell_ats = slot_at[viewer]
        row_ats = row_at[viewer]
        for pid, cell in enumerate(state.piece_cell):
            battalion = battalions[pid]
            if cell == NO:
                if not battalion:
                    continue
            else:
                v[cell_ats[pid] + cell] = 1.0
            row = get(battalion)
            if row is None:
                row = build(battalion)
            at = row_ats[pid]
            vb[at : at + row_size] = row
            if fortified[pid]:
                v[fortified_at[viewer][pid]] = 1.0

    return write


def _seats_writer(c: Config, layout: TensorLayout) -> Callable[[State, Out, Rel], None]:
    """Writes, per seat in the viewer's order: ``factions``, ``barn_owner`` (a living seat's
    barn), ``seats`` (hand size / 3, holds a Battle Plans card, alive, lost turns / 2, Shield
    Wall, eliminated): all public (LU-R1). ``tokens``: ``_tokens_writer``."""
    n = c.num_players
    cells = c.cells
    factions_at = [layout["factions"].start + 4 * r for r in range(n)]
    barn_at = [layout["barn_owner"].start + r * cells for r in range(n)]
    seats_at = [layout["seats"].start + 6 * r for r in range(n)]

    def write(state: State, v: Out, rel: Rel) -> None:
        faction = state.faction
        barn = state.barn
        alive = state.alive
        hands = state.hands
        plans = state.plans
        lost = state.turns_lost
        shield = state.shield
        for seat, r in enumerate(rel):
            if faction[seat] != NO:
                v[factions_at[r] + faction[seat]] = 1.0
            base = seats_at[r]
            if alive[seat]:
                v[base + 2] = 1.0
                if barn[seat] != NO:
                    v[barn_at[r] + barn[seat]] = 1.0
            else:
                v[base + 5] = 1.0
            if hands[seat]:
                v[base] = len(hands[seat]) / 3
            if plans[seat] != NO:
                v[base + 1] = 1.0
            if lost[seat]:
                v[base + 3] = lost[seat] / 2
            if shield[seat]:
                v[base + 4] = 1.0

    return write


def _tokens_writer(c: Config, layout: TensorLayout) -> Callable[[State, Out, Rel], None]:
    """Writes ``tokens``: per seat in the viewer's order, its tokens per resource / 10 (public:
    LU-R1)."""
    n = c.num_players
    tokens_at = layout["tokens"].start
    # Per viewer, per element of ``state.tokens`` (5 per seat): its element of ``tokens``.
    token_at = [
        [tokens_at + 5 * ((i // 5 - viewer) % n) + i % 5 for i in range(5 * n)]
        for viewer in range(n)
    ]

    def write(state: State, v: Out, rel: Rel) -> None:
        tokens = state.tokens
        if any(tokens):
            at = token_at[rel.index(0)]
            for i, count in enumerate(tokens):
                if count:
                    v[at[i]] = count / 10

    return write


def _tile_rows(c: Config, layout: TensorLayout) -> tuple[int, int, list[bytes | None]]:
    """The bytes ``tiles`` spans in the buffer and, indexed by a tile value (a type,
    ``BARN + seat``, or ``NO``: the last element), the float32 one-hot row of its tile type, a
    barn (any seat's) or face down. A tile value that is none of these fails the join (a
    ``None`` row or an ``IndexError``), as the reference fails to name it."""
    kinds = len(c.catalog.tile_types) + 2
    eye = [_float32_bytes([float(i == k) for i in range(kinds)]) for k in range(kinds)]
    row_of: list[bytes | None] = [*eye[: kinds - 2], *[None] * (BARN - kinds + 2)]
    row_of += [eye[kinds - 2]] * c.num_players + [eye[kinds - 1]]
    return 4 * layout["tiles"].start, 4 * layout["tiles"].stop, row_of


def supply_tables(c: Config) -> tuple[list[int], list[dict[int, bytes]], list[bytes]]:
    """Per count of ``supply`` and ``troops`` its scale (the supply's size, the troop's copies)
    and a table of the float32 bytes of ``count / scale`` for every count the supplies can
    hold; and the one-hot row of each Special Forces state (``SF_STATES``' order)."""
    cat = c.catalog
    scales = [max(1, size) for size in cat.token_supply]
    scales += [u.copies for u in cat.units[: c.troop_types]]
    tables = [{k: _float32_bytes([k / scale]) for k in range(scale + 1)} for scale in scales]
    sf_rows = [_float32_bytes([float(i == k) for i in range(3)]) for k in range(3)]
    return scales, tables, sf_rows


def _supplies_writer(c: Config, layout: TensorLayout) -> Callable[[State, Out, Out], None]:
    """Writes ``scorched``, then ``supply`` / its size, ``troops`` / copies and
    ``special_forces`` (a one-hot row per card) as one block (they are adjacent): all public
    (LU-R1). Each count's bytes come from ``supply_tables``; any other count takes the same
    expression the slow way. A Special Forces state indexes its row as the observation indexes
    ``SF_STATES``."""
    cells = c.cells
    scorched_at = layout["scorched"].start
    troops = c.troop_types
    scales, tables, sf_rows = supply_tables(c)
    many = len(c.catalog.units) - troops >= 2  # itemgetter of one index returns no tuple
    lo = 4 * layout["supply"].start
    hi = 4 * layout["special_forces"].stop
    assert layout["troops"].start == layout["supply"].stop
    assert layout["special_forces"].start == layout["troops"].stop

    def write(state: State, v: Out, vb: Out) -> None:
        scorched = state.scorched
        if scorched.count(NO) != cells:
            for cell, seat in enumerate(scorched):
                if seat != NO:
                    v[scorched_at + cell] = 1.0
        counts = state.supply + state.troops
        try:
            parts = list(map(getitem, tables, counts))
        except KeyError:
            parts = [_float32_bytes([k / scale]) for k, scale in zip(counts, scales, strict=True)]
        states = state.special_forces[troops:]
        parts += itemgetter(*states)(sf_rows) if many else [sf_rows[k] for k in states]
        vb[lo:hi] = _JOIN(parts)

    return write


def _cards_writer(c: Config, layout: TensorLayout) -> Callable[[State, Out, int | None, Rel], None]:
    """Writes ``played``, ``gone`` (only how many, LU-R1) and the viewer's own ``my_cards``
    and ``known`` (LU-R2, LU-R5: its hand, its Battle Plans card, and what its Espionage saw of
    each other seat's cards); a spectator's are empty."""
    n = c.num_players
    cards = len(c.catalog.cards)
    played_at = layout["played"].start
    gone_at = layout["gone"].start
    mine_at = layout["my_cards"].start
    known_at = [layout["known"].start + r * cards for r in range(n)]

    def write(state: State, v: Out, seat: int | None, rel: Rel) -> None:
        for card in state.played:
            v[played_at + card] = 1.0
        if state.gone:
            v[gone_at] = len(state.gone) / 10
        if seat is None:
            return
        for card in state.hands[seat]:
            v[mine_at + card] = 1.0
        plan = state.plans[seat]
        if plan != NO:
            v[mine_at + plan] = 1.0
        known = state.known
        first = seat * n
        for other, r in enumerate(rel):
            seen = known[first + other]
            if seen:
                at = known_at[r]
                for card in seen:
                    v[at + card] = 1.0

    return write


def _marks(v: Out, at: int, marks: list[bool]) -> None:
    """Set element ``at + k`` for each ``marks[k]`` that is true."""
    for k, on in enumerate(marks):
        if on:
            v[at + k] = 1.0


def _turn_writer(c: Config, layout: TensorLayout, ready: int) -> Callable[[Any, Out, Out], None]:
    """Writes the ``turn_*`` fields from the turn record (public: LU-R1): the acting piece's
    numbers, the slots and the choices; ``ready`` is the rules' ``READY``."""
    numbers = _turn_numbers_writer(layout)
    slots = _turn_slots_writer(layout, ready)
    choices = _turn_choices_writer(c, layout)

    def write(turn: Any, v: Out, vb: Out) -> None:
        numbers(turn, v)
        slots(turn, v)
        choices(turn, v, vb)

    return write


def _turn_numbers_writer(layout: TensorLayout) -> Callable[[Any, Out], None]:
    """Writes ``turn_piece``, ``turn_numbers`` and ``turn_flags``: the slot acting now, its
    steps, limit, attacks and the transfers left, moved, Blitzkrieg and Rally."""
    piece_at = layout["turn_piece"].start
    numbers = layout["turn_numbers"].start
    flags = layout["turn_flags"].start

    def write(turn: Any, v: Out) -> None:
        if turn.piece != NO:
            v[piece_at + turn.piece] = 1.0
        if turn.steps:
            v[numbers] = turn.steps / 8
        if turn.limit:
            v[numbers + 1] = turn.limit / 8
        if turn.attacks:
            v[numbers + 2] = turn.attacks / 2
        if turn.transfers:
            v[numbers + 3] = turn.transfers / 3
        if turn.moved:
            v[flags] = 1.0
        if turn.blitz:
            v[flags + 1] = 1.0
        if turn.rally:
            v[flags + 2] = 1.0

    return write


def _turn_slots_writer(layout: TensorLayout, ready: int) -> Callable[[Any, Out], None]:
    """Writes ``turn_slots``: per slot acted (not ``ready``, the rules' ``READY``: the
    observation's "ready", all else "done"), started, Double Time, Forced March, Bumper Crop
    (the one slot), Foraging."""
    slots = layout["turn_slots"].start
    all_ready = [ready] * 4

    def write(turn: Any, v: Out) -> None:
        if turn.acted != all_ready:
            _marks(v, slots, [acted != ready for acted in turn.acted])
        if True in turn.started:
            _marks(v, slots + 4, turn.started)
        if True in turn.double:
            _marks(v, slots + 8, turn.double)
        if True in turn.forced:
            _marks(v, slots + 12, turn.forced)
        if True in turn.forage:
            _marks(v, slots + 20, turn.forage)
        if turn.bumper != NO:
            v[slots + 16 + turn.bumper] = 1.0

    return write


def _turn_choices_writer(c: Config, layout: TensorLayout) -> Callable[[Any, Out, Out], None]:
    """Writes ``turn_reinforce``, ``turn_chosen`` (``IndexError`` past the field, as
    ``one_hot``), ``turn_unit`` and ``turn_recruits`` / 5 (whole, when a Super Army forms)."""
    units = len(c.catalog.units)
    reinforce_at = layout["turn_reinforce"].start
    chosen_at = layout["turn_chosen"].start
    unit_at = layout["turn_unit"].start
    recruits_lo = 4 * layout["turn_recruits"].start
    recruits_hi = 4 * layout["turn_recruits"].stop
    cache, build = _battalion_rows(units, lambda _: ())

    def write(turn: Any, v: Out, vb: Out) -> None:
        if turn.reinforce != NO:
            v[reinforce_at + turn.reinforce] = 1.0
        chosen = turn.chosen
        if chosen >= 0:
            if chosen >= units:
                raise IndexError(f"turn_chosen: index {chosen} outside 0..{units - 1}")
            v[chosen_at + chosen] = 1.0
        if turn.unit != NO:
            v[unit_at + turn.unit] = 1.0
        if turn.recruits:
            recruits = tuple(turn.recruits)
            vb[recruits_lo:recruits_hi] = cache.get(recruits) or build(recruits)

    return write


def _battle_writer(c: Config, layout: TensorLayout) -> Callable[[State, Any, Out, Rel], None]:
    """Writes the ``battle_*`` fields from the battle record (public: LU-R1); ATK and DEF are
    the rules' own ``attack_total`` and ``defence_total``, as the observation shows them."""
    n = c.num_players
    cells = c.cells
    pieces = layout["battle_pieces"].start
    defenders_at = pieces + 4 * n
    joiners_at = pieces + 8 * n
    cells_at = layout["battle_cells"].start
    flags = layout["battle_flags"].start
    stage_at = layout["battle_stage"].start
    numbers = layout["battle_numbers"].start
    dice = layout["battle_dice"].start
    outcome_at = layout["battle_outcome"].start
    owed_at = layout["battle_owed"].start
    barn_group = owed_at + 4 * n

    def write(state: State, b: Any, v: Out, slots: Rel) -> None:
        v[pieces + slots[b.attacker]] = 1.0
        for pid in b.defenders:
            v[defenders_at + slots[pid]] = 1.0
        for pid in b.joiners:
            v[joiners_at + slots[pid]] = 1.0
        v[cells_at + b.origin] = 1.0
        v[cells_at + cells + b.target] = 1.0
        fortune = b.fortune
        for i, on in enumerate((b.ambush, b.barn, b.duel_on, b.pincer, fortune[0], fortune[1])):
            if on:
                v[flags + i] = 1.0
        v[stage_at + b.stage] = 1.0
        v[numbers] = b.a_mod / 10
        v[numbers + 1] = b.d_mod / 10
        v[numbers + 2] = b.d_def / 10
        v[numbers + 3] = state.attack_total(b) / 30
        v[numbers + 4] = state.defence_total(b) / 30
        for i, face in enumerate(b.a_dice[:3]):
            if face:
                v[dice + i * 6 + face - 1] = 1.0
        for i, face in enumerate(b.d_dice[:3]):
            if face:
                v[dice + 18 + i * 6 + face - 1] = 1.0
        if b.outcome != NO:
            v[outcome_at + b.outcome] = 1.0
        # In order, so that a later entry for the same piece wins, as in the reference.
        for pid, count in b.owed:
            v[barn_group if pid == NO else owed_at + slots[pid]] = count / 2

    return write


def _end_writer(c: Config, layout: TensorLayout) -> Callable[[State, Out, Rel, Rel], None]:
    """Writes ``card`` (the card whose choices are being made, its stage, its player),
    ``ambush`` (seats still to ask, the piece that moved) and ``winners``."""
    n = c.num_players
    card_at = layout["card"].start
    stage_at = card_at + len(c.catalog.cards)
    player_at = stage_at + 3
    ambush_at = layout["ambush"].start
    target_at = ambush_at + n
    winners_at = layout["winners"].start

    def write(state: State, v: Out, rel: Rel, slots: Rel) -> None:
        card = state.card
        if card is not None:
            v[card_at + card.card] = 1.0
            v[stage_at + min(card.stage, 2)] = 1.0
            v[player_at + rel[card.seat]] = 1.0
        for seat in state.ambush:
            v[ambush_at + rel[seat]] = 1.0
        if state.ambush_target != NO:
            v[target_at + slots[state.ambush_target]] = 1.0
        for seat in state.winners:
            v[winners_at + rel[seat]] = 1.0

    return write


def make_state_encoder(c: Config, layout: TensorLayout, ready: int) -> StateEncoder:
    """The ``StateEncoder`` of ``tensor.encode`` for config ``c`` (an ``LUConfig``): seats
    relative to the viewer (seat 0 for a spectator), piece slots ``4 * rel + slot``, every
    table built here once; ``ready`` is the rules' ``READY``."""
    n = c.num_players
    rels = [tuple((s - viewer) % n for s in range(n)) for viewer in range(n)]
    slots_of = [
        tuple(4 * ((pid // 4 - viewer) % n) + pid % 4 for pid in range(4 * n))
        for viewer in range(n)
    ]
    phase_at = layout["phase"].start
    active_at = layout["active"].start
    decider_at = layout["decider"].start
    first_at = layout["first"].start
    round_at = layout["round"].start
    round_scale = max(1, c.round_limit)
    tiles_lo, tiles_hi, tile_row = _tile_rows(c, layout)
    supplies = _supplies_writer(c, layout)
    seats = _seats_writer(c, layout)
    tokens = _tokens_writer(c, layout)
    pieces = _pieces_writer(c, layout)
    cards = _cards_writer(c, layout)
    turn_writer = _turn_writer(c, layout, ready)
    battle_writer = _battle_writer(c, layout)
    end = _end_writer(c, layout)

    def encode_state(state: State, seat: int | None, out: Vector) -> None:
        v: Out = memoryview(out)  # type: ignore[arg-type]
        vb = v.cast("B")
        viewer = 0 if seat is None else seat
        rel = rels[viewer]
        slots = slots_of[viewer]
        v[phase_at + state.phase] = 1.0
        v[active_at + rel[state.active]] = 1.0
        if state.decider != NO:
            v[decider_at + rel[state.decider]] = 1.0
        if state.first != NO:
            v[first_at + rel[state.first]] = 1.0
        if state.round:
            v[round_at] = state.round / round_scale
        vb[tiles_lo:tiles_hi] = _JOIN(itemgetter(*state.tiles)(tile_row))
        seats(state, v, rel)
        tokens(state, v, rel)
        pieces(state, v, vb, viewer)
        supplies(state, v, vb)
        cards(state, v, seat, rel)
        if state.turn is not None:
            turn_writer(state.turn, v, vb)
        if state.battle is not None:
            battle_writer(state, state.battle, v, slots)
        end(state, v, rel, slots)

    return encode_state
