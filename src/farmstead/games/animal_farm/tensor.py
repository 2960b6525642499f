"""Animal Farm's observation as a fixed-size float32 vector (``observation_tensor``).

Built from ``observation(seat)`` alone (all of Animal Farm is open, AF-R25). Units are listed
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
setup_step         1            setup placements done / all of them
result             3            one-hot: Player 1 wins, Player 2 wins, draw
=================  ===========  ===============================================================
"""

from __future__ import annotations

from typing import Any

from farmstead.core.tensor import TensorLayout, Vector, one_hot, put
from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import KIND_NAMES, PHASE_NAMES, PILE_NAMES, RESULT_NAMES


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
    put(v, layout["setup_step"], [obs["setup_step"] / max(1, len(c.setup_sequence))])
    if obs["result"] is not None:
        one_hot(v, layout["result"], RESULT_NAMES.index(obs["result"]))
    return v
