"""Animal Farm's observation as a fixed-size float32 vector (``observation_tensor``).

``encode`` builds it from ``observation(seat)`` (the reference); ``state_encoder`` writes the
same values from the state's fields (all of Animal Farm is open, AF-R25). Units are listed
for the viewer's side first ("mine"), then the other side ("theirs"); a spectator sees Player 1
as "mine". ``W x H`` squares (9 x 12 on the standard board), ``S`` unit slots a side (7).

=================  ===========  ===============================================================
field              size         meaning
=================  ===========  ===============================================================
phase              6            one-hot: coin_toss, setup, idle, active, displace, over
me_player_1        1            1 when the viewer is Player 1 (base at the low rows)
to_move_mine       1            1 when the viewer's side is to move
my_units           S * W * H    per unit slot, one-hot square (all zero: off the board)
their_units        S * W * H    the same for the other side
unit_xy            2S * 3       per unit (mine, then theirs): on the board, x / W, y / H
piles              2 * W * H    where each feed pile lies loose (F1, F2), one-hot square
pile_xy            2 * 3        per pile: where it is (loose or carried), x / W, y / H
carried            2 * 2S       per pile, the unit carrying it (mine, then theirs)
pools              3            the mover's points left per kind / its pool size
activated          S            the mover's unit slots already activated this turn
active             2S           the active unit (mine, then theirs), one-hot
victim             2S           the unit to be displaced after an attack, one-hot
turn_flags         3            attacked, picked up, dropped this turn
ply                1            plies / the draw limit
no_progress        1            plies without progress / the limit (0 when off)
start_zones        6            per pile, its zone when the turn began (P1 base, neutral, P2
                                base), one-hot: this turn is progress if one differs now (AF-R24;
                                all 0 when the no-progress draw is off)
setup_step         1            setup placements done / all of them
result             3            one-hot: Player 1 wins, Player 2 wins, draw
=================  ===========  ===============================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from farmstead.core.tensor import (
    StateEncoder,
    TensorLayout,
    TensorWriter,
    Vector,
    element_view,
    one_hot,
    put,
)
from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import (
    KIND_NAMES,
    PHASE_NAMES,
    PILE_NAMES,
    RESULT_NAMES,
    SETUP,
    TOSS,
    ZONE_NAMES,
)
from farmstead.games.animal_farm.rules import AnimalFarmRules


def tensor_layout(c: AnimalFarmConfig) -> TensorLayout:
    """The vector's fields for one configuration."""
    squares = c.width * c.height
    s = c.num_slots
    t = TensorLayout()
    t.add("phase", len(PHASE_NAMES), "one-hot phase")
    t.add("me_player_1", 1, "the viewer is Player 1")
    t.add("to_move_mine", 1, "the viewer's side is to move")
    t.add("my_units", s * squares, "per unit slot of the viewer's side: its square")
    t.add("their_units", s * squares, "per unit slot of the other side: its square")
    t.add("unit_xy", 2 * s * 3, "per unit (mine, then theirs): on the board, x / W, y / H")
    t.add("piles", 2 * squares, "each feed pile's square when it lies loose")
    t.add("carried", 2 * 2 * s, "per pile, the unit carrying it (mine, then theirs)")
    t.add("pile_xy", 2 * 3, "per pile: placed, x / W, y / H (its carrier's square when carried)")
    t.add("pools", 3, "the mover's points left per kind / pool size")
    t.add("activated", s, "the mover's unit slots activated this turn")
    t.add("active", 2 * s, "the active unit (mine, then theirs)")
    t.add("victim", 2 * s, "the unit to displace after an attack")
    t.add("turn_flags", 3, "attacked, picked up, dropped this turn")
    t.add("ply", 1, "plies / max_plies")
    t.add("no_progress", 1, "plies without progress / no_progress_plies")
    t.add("start_zones", 2 * len(ZONE_NAMES), "per pile, its zone when the turn began")
    t.add("setup_step", 1, "setup placements done / all")
    t.add("result", len(RESULT_NAMES), "one-hot result")
    return t


def encode(c: AnimalFarmConfig, layout: TensorLayout, obs: dict[str, Any]) -> Vector:
    """The vector of observation ``obs`` (see the module docstring)."""
    v = layout.new()
    s = c.num_slots
    squares = c.width * c.height
    me = obs["you"] if obs["you"] is not None else "P1"
    other = "P2" if me == "P1" else "P1"
    unit_rel: dict[str, int] = {}  # unit name -> index (mine 0..S-1, theirs S..2S-1)
    for side, player in enumerate((me, other)):
        for slot, name in enumerate(obs["display"]["names"][player]):
            unit_rel[name] = side * s + slot
    one_hot(v, layout["phase"], PHASE_NAMES.index(obs["phase"]))
    v[layout["me_player_1"].start] = 1.0 if me == "P1" else 0.0
    turn = obs["turn"]
    if turn is not None:
        v[layout["to_move_mine"].start] = 1.0 if turn["mover"] == me else 0.0
    where: dict[str, list[int]] = {}
    unit_xy = layout["unit_xy"].start
    for side, (field, player) in enumerate((("my_units", me), ("their_units", other))):
        start = layout[field].start
        for slot, xy in enumerate(obs["units"][player]):
            if xy is not None:
                v[start + slot * squares + xy[1] * c.width + xy[0]] = 1.0
                base = unit_xy + 3 * (side * s + slot)
                v[base] = 1.0
                v[base + 1] = xy[0] / c.width
                v[base + 2] = xy[1] / c.height
                where[obs["display"]["names"][player][slot]] = xy
    for k, name in enumerate(PILE_NAMES):
        pile = obs["piles"][name]
        if pile is None:
            continue
        if "at" in pile:
            x, y = pile["at"]
            v[layout["piles"].start + k * squares + y * c.width + x] = 1.0
        else:
            v[layout["carried"].start + k * 2 * s + unit_rel[pile["carried_by"]]] = 1.0
            x, y = where[pile["carried_by"]]
        base = layout["pile_xy"].start + 3 * k
        v[base] = 1.0
        v[base + 1] = x / c.width
        v[base + 2] = y / c.height
    if turn is not None:
        pools = turn["pools"]
        put(
            v,
            layout["pools"],
            [pools[k] / max(1, c.pool_size[i]) for i, k in enumerate(KIND_NAMES)],
        )
        for name in turn["activated"]:
            one_hot(v, layout["activated"], unit_rel[name] % s)
        if turn["active"]:
            one_hot(v, layout["active"], unit_rel[turn["active"]])
        if turn["victim"]:
            one_hot(v, layout["victim"], unit_rel[turn["victim"]])
        put(
            v,
            layout["turn_flags"],
            [float(turn["attacked"]), float(turn["picked"]), float(turn["dropped"])],
        )
    put(v, layout["ply"], [obs["ply"] / max(1, c.max_plies)])
    limit = c.no_progress_plies
    put(v, layout["no_progress"], [obs["no_progress"] / limit if limit else 0.0])
    if limit and turn is not None:
        for k, zone in enumerate(turn["start_zones"]):
            v[layout["start_zones"].start + 3 * k + ZONE_NAMES.index(zone)] = 1.0
    put(v, layout["setup_step"], [obs["setup_step"] / max(1, len(c.setup_sequence))])
    if obs["result"] is not None:
        one_hot(v, layout["result"], RESULT_NAMES.index(obs["result"]))
    return v


class UnitCells:
    """The units' fields of one buffer (``my_units``, ``their_units``, ``unit_xy``), brought up
    to date unit by unit: a decision moves at most two units. Offsets are from ``base``: the
    start of the buffer's units block. Knows the cells and the viewer it last wrote."""

    def __init__(self, c: AnimalFarmConfig, layout: TensorLayout, base: int) -> None:
        s = c.num_slots
        squares = c.width * c.height
        units = 2 * s
        self.x_of = [cell % c.width / c.width for cell in range(squares)]
        self.y_of = [cell // c.width / c.height for cell in range(squares)]
        self.cells = [-1] * units
        self.me = 0
        # Per viewer (0: Player 1) and unit: where its one-hot squares and its (on, x, y)
        # triple start.
        self.onehot_at: list[list[int]] = []
        self.xy_at: list[list[int]] = []
        for me in (0, 1):
            onehot, xy = [], []
            for unit in range(units):
                side = 0 if unit // s == me else 1
                slot = unit % s
                start = layout["my_units" if side == 0 else "their_units"].start
                onehot.append(start - base + slot * squares)
                xy.append(layout["unit_xy"].start - base + 3 * (side * s + slot))
            self.onehot_at.append(onehot)
            self.xy_at.append(xy)

    def update(self, v: Any, me: int, pos: list[int]) -> None:
        """Make ``v`` show the units at ``pos`` to viewer ``me``."""
        if me != self.me:
            self.update(v, self.me, [-1] * len(pos))
            self.me = me
        cells = self.cells
        if cells == pos:
            return
        onehot_at = self.onehot_at[me]
        xy_at = self.xy_at[me]
        for unit, cell in enumerate(pos):
            old = cells[unit]
            if old == cell:
                continue
            xy = xy_at[unit]
            if old >= 0:
                v[onehot_at[unit] + old] = 0.0
            if cell >= 0:
                v[onehot_at[unit] + cell] = 1.0
                v[xy] = 1.0
                v[xy + 1] = self.x_of[cell]
                v[xy + 2] = self.y_of[cell]
            else:
                v[xy] = v[xy + 1] = v[xy + 2] = 0.0
            cells[unit] = cell


class Encoding:
    """``encode``'s values written from the state's fields, every offset computed once: the
    head (phase, viewer, mover), the units block, the piles block and the turn fields, in the
    layout's order. ``encode_state`` writes a zeroed vector; ``Writer`` keeps one buffer."""

    def __init__(self, c: AnimalFarmConfig, layout: TensorLayout) -> None:
        self.c = c
        self.layout = layout
        self.s = c.num_slots
        self.squares = c.width * c.height
        self.x_of = [cell % c.width / c.width for cell in range(self.squares)]
        self.y_of = [cell // c.width / c.height for cell in range(self.squares)]
        self.size = layout.size
        self.units_lo = layout["my_units"].start
        self.units_hi = layout["unit_xy"].stop
        self.piles_lo = layout["piles"].start
        self.piles_hi = layout["pile_xy"].stop
        self.turn_lo = layout["pools"].start
        self.piles_at = layout["piles"].start
        self.carried_at = layout["carried"].start
        self.pile_xy_at = layout["pile_xy"].start
        # The units block of each viewer, kept for the zeroed-vector path (copied whole).
        self.blocks = [
            element_view(np.zeros(self.units_hi - self.units_lo, np.float32)) for _ in "ab"
        ]
        self.block_cells = [UnitCells(c, layout, self.units_lo) for _ in "ab"]
        self.turn = turn_writer(c, layout)

    def encode_state(self, state: AnimalFarmRules, seat: int | None, out: Vector) -> None:
        """Write ``seat``'s tensor of ``state`` into the zeroed ``out`` (``StateEncoder``).
        Calls must not overlap (one thread at a time per configured game)."""
        v = element_view(out)
        me = self.viewer(state, seat)
        self.block_cells[me].update(self.blocks[me], me, state.pos)
        v[self.units_lo : self.units_hi] = self.blocks[me]
        self.piles(v, state, me)
        self.turn(v, state, me)

    @staticmethod
    def viewer(state: AnimalFarmRules, seat: int | None) -> int:
        """The viewer's player ("mine"): a spectator, or anyone before the coin toss, sees
        Player 1 as "mine"."""
        return 0 if seat is None or state.p1_seat < 0 else seat ^ state.p1_seat

    def piles(self, v: Any, state: AnimalFarmRules, me: int) -> None:
        """The piles block (zeroed): where each pile lies loose or who carries it."""
        s = self.s
        for k in (0, 1):
            carrier = state.pile_carrier[k]
            if carrier >= 0:
                rel = (0 if carrier // s == me else s) + carrier % s
                v[self.carried_at + k * 2 * s + rel] = 1.0
                cell = state.pos[carrier]
            else:
                cell = state.pile_cell[k]
                if cell < 0:
                    continue
                v[self.piles_at + k * self.squares + cell] = 1.0
            xy = self.pile_xy_at + 3 * k
            v[xy] = 1.0
            v[xy + 1] = self.x_of[cell]
            v[xy + 2] = self.y_of[cell]


def turn_writer(
    c: AnimalFarmConfig, layout: TensorLayout
) -> Callable[[Any, AnimalFarmRules, int], None]:
    """``turn(v, state, me)``: write the head and the turn fields of viewer ``me`` into the
    zeroed ``v`` (phase, viewer, mover, pools, activated, active, victim, flags, ply,
    no-progress, setup step, result); offsets are closure constants, for speed."""
    s = c.num_slots
    phase_at = layout["phase"].start
    me_p1_at = layout["me_player_1"].start
    to_move_at = layout["to_move_mine"].start
    pools_at = layout["pools"].start
    activated_at = layout["activated"].start
    active_at = layout["active"].start
    victim_at = layout["victim"].start
    flags_at = layout["turn_flags"].start
    ply_at = layout["ply"].start
    no_progress_at = layout["no_progress"].start
    start_zones_at = layout["start_zones"].start
    setup_at = layout["setup_step"].start
    result_at = layout["result"].start
    scale0, scale1, scale2 = (max(1, size) for size in c.pool_size)
    ply_scale = max(1, c.max_plies)
    no_progress_limit = c.no_progress_plies
    setup_scale = max(1, len(c.setup_sequence))

    def turn(v: Any, state: AnimalFarmRules, me: int) -> None:
        phase = state.phase
        v[phase_at + phase] = 1.0
        if me == 0:
            v[me_p1_at] = 1.0
        if phase != TOSS and phase != SETUP:
            mover = state.mover
            if mover == me:
                v[to_move_at] = 1.0
            pools = state.pools
            v[pools_at] = pools[0] / scale0
            v[pools_at + 1] = pools[1] / scale1
            v[pools_at + 2] = pools[2] / scale2
            activated = state.activated
            if activated:
                for slot in range(s):
                    if activated >> slot & 1:
                        v[activated_at + slot] = 1.0
            active = state.active
            if active >= 0:
                v[active_at + (0 if mover == me else s) + active % s] = 1.0
            victim = state.victim
            if victim >= 0:
                v[victim_at + (0 if victim // s == me else s) + victim % s] = 1.0
            if state.attacked:
                v[flags_at] = 1.0
            if state.picked:
                v[flags_at + 1] = 1.0
            if state.dropped:
                v[flags_at + 2] = 1.0
            if no_progress_limit:
                zones = state.start_zones
                v[start_zones_at + zones // 3] = 1.0
                v[start_zones_at + 3 + zones % 3] = 1.0
        v[ply_at] = state.ply / ply_scale
        if no_progress_limit:
            v[no_progress_at] = state.no_progress / no_progress_limit
        v[setup_at] = state.setup_step / setup_scale
        result = state.result
        if result >= 0:
            v[result_at + result] = 1.0

    return turn


class Writer(TensorWriter):
    """A ``TensorWriter`` that rewrites only what changed: the units unit by unit, the piles
    block when a pile moved, and the few head and turn fields every time."""

    __slots__ = (
        "_encoding",
        "_view",
        "_units",
        "_piles_key",
        "_zero_piles",
        "_zero_head",
        "_zero_turn",
    )

    def __init__(self, encoding: Encoding, seat: int | None, buffer: Vector | None) -> None:
        super().__init__(encoding.encode_state, encoding.size, seat, buffer)
        self.buffer.fill(0.0)
        self._encoding = encoding
        self._view = element_view(self.buffer)
        self._units = UnitCells(encoding.c, encoding.layout, 0)
        self._piles_key: tuple[int, ...] = ()
        zeros = element_view(np.zeros(encoding.size, np.float32))
        self._zero_piles = zeros[encoding.piles_lo : encoding.piles_hi]
        self._zero_head = zeros[: encoding.units_lo]
        self._zero_turn = zeros[encoding.turn_lo :]

    def update(self, state: AnimalFarmRules) -> Vector:
        e = self._encoding
        v = self._view
        seat = self.seat
        me = 0 if seat is None or state.p1_seat < 0 else seat ^ state.p1_seat  # as ``viewer``
        pos = state.pos
        self._units.update(v, me, pos)
        cells = state.pile_cell
        carriers = state.pile_carrier
        first, second = carriers
        key = (me, cells[0], cells[1], first, second, pos[first], pos[second])
        if key != self._piles_key:
            v[e.piles_lo : e.piles_hi] = self._zero_piles
            e.piles(v, state, me)
            self._piles_key = key
        v[: e.units_lo] = self._zero_head
        v[e.turn_lo :] = self._zero_turn
        e.turn(v, state, me)
        return self.buffer


def state_encoder(c: AnimalFarmConfig, layout: TensorLayout) -> StateEncoder:
    """``encode``'s values written from the state's fields (``Encoding.encode_state``)."""
    return Encoding(c, layout).encode_state


def tensor_writer(
    c: AnimalFarmConfig, layout: TensorLayout, seat: int | None, buffer: Vector | None
) -> TensorWriter:
    """A ``Writer`` of ``seat``'s tensor into ``buffer``: only what changed is rewritten."""
    return Writer(Encoding(c, layout), seat, buffer)
