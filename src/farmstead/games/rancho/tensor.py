"""Rancho's observation as a fixed-size float32 vector (``observation_tensor``).

Built from ``observation(seat)`` alone (Rancho is open information, RA-R46), with the seats in
turn from the viewer's (``rel`` = 0 is the viewer, or seat 0 for a spectator). ``C`` cells of the
board, ``P`` pastures, ``n`` seats. Counts are divided by a scale so that values stay near [0, 1].

=======================  ==========  ==================================================================
field                    size        meaning
=======================  ==========  ==================================================================
phase                    8           one-hot: first_player, expansion, dice, order, d6, dog, placement, over
to_move                  n           one-hot, relative seat deciding now
active                   n           one-hot, relative seat whose turn it is
round                    1           round / max_rounds
turn_actions             1           decisions this turn / max_actions_per_turn
herd                     6           the central herd per kind (rabbit … large dog) / its setup size
pools                    4n          per relative seat, animals not yet placed / 10
dogs                     2n          per relative seat, small and large dogs
pastures                 nP          per relative seat, 1 for each pasture it owns
rabbits                  C           rabbits on each cell / 4
sheep, cows, horses      3C          1 where a sheep, a cow part or a horse part stands
transaction_open         1           an exchange is being built
give, receive            12          animals given to / taken from the herd in it / 10
buy                      P           1 for each pasture being bought in it
dice                     12          the two d12 faces rolled (one-hot over 6 symbols each)
attack                   2           the predator being resolved (fox, wolf)
d6                       12          the predator die's number (one-hot 1-12)
dog_queue                n           relative seats still to decide on a dog
winner                   n           one-hot, relative winning seat
=======================  ==========  ==================================================================
"""

from __future__ import annotations

from typing import Any

from farmstead.core.tensor import TensorLayout, Vector, one_hot, put
from farmstead.games.rancho.config import RanchoConfig
from farmstead.games.rancho.layout import KINDS, PHASE_NAMES, SYMBOLS

D6_SIDES = 12


def tensor_layout(c: RanchoConfig) -> TensorLayout:
    """The vector's fields for one configuration."""
    n = c.num_players
    cells = c.board.num_cells
    pastures = c.board.num_pastures
    t = TensorLayout()
    t.add("phase", len(PHASE_NAMES), "one-hot phase")
    t.add("to_move", n, "relative seat to decide")
    t.add("active", n, "relative seat whose turn it is")
    t.add("round", 1, "round / max_rounds")
    t.add("turn_actions", 1, "decisions this turn / max_actions_per_turn")
    t.add("herd", len(KINDS), "central herd per kind / its setup size")
    t.add("pools", 4 * n, "per relative seat: unplaced animals / 10")
    t.add("dogs", 2 * n, "per relative seat: small and large dogs")
    t.add("pastures", n * pastures, "per relative seat: pastures owned")
    t.add("rabbits", cells, "rabbits per cell / 4")
    t.add("sheep", cells, "1 where a sheep stands")
    t.add("cows", cells, "1 where a part of a cow stands")
    t.add("horses", cells, "1 where a part of a horse stands")
    t.add("transaction_open", 1, "an exchange is being built")
    t.add("give", len(KINDS), "animals given to the herd / 10")
    t.add("receive", len(KINDS), "animals taken from the herd / 10")
    t.add("buy", pastures, "pastures being bought")
    t.add("dice", 2 * len(SYMBOLS), "the two d12 faces rolled")
    t.add("attack", 2, "the predator being resolved: fox, wolf")
    t.add("d6", D6_SIDES, "the predator die's number, one-hot 1-12")
    t.add("dog_queue", n, "relative seats still to decide on a dog")
    t.add("winner", n, "relative winning seat")
    return t


def encode(c: RanchoConfig, layout: TensorLayout, obs: dict[str, Any]) -> Vector:
    """The vector of observation ``obs`` (see the module docstring)."""
    v = layout.new()
    n = c.num_players
    viewer = obs["seat"] if obs["seat"] is not None else 0

    def rel(seat: int | None) -> int | None:
        return None if seat is None else (seat - viewer) % n

    board = c.board
    index = board.index
    one_hot(v, layout["phase"], PHASE_NAMES.index(obs["phase"]))
    one_hot(v, layout["to_move"], rel(obs["to_move"]))
    one_hot(v, layout["active"], rel(obs["active"]))
    put(v, layout["round"], [obs["round"] / max(1, c.max_rounds)])
    put(v, layout["turn_actions"], [obs["turn_actions"] / max(1, c.max_actions_per_turn)])
    put(v, layout["herd"], [obs["herd"][k] / max(1, c.herd[i]) for i, k in enumerate(KINDS)])
    pools = layout["pools"]
    dogs = layout["dogs"]
    owned = layout["pastures"]
    for seat, info in enumerate(obs["seats"]):
        r = (seat - viewer) % n
        for i, kind in enumerate(KINDS[:4]):
            v[pools.start + 4 * r + i] = info["pool"][kind] / 10
        for i, kind in enumerate(KINDS[4:]):
            v[dogs.start + 2 * r + i] = info["dogs"][kind]
        for pid in info["pastures"]:
            v[owned.start + r * board.num_pastures + index[pid]] = 1.0
    planes = {"sheep": layout["sheep"], "cow": layout["cows"], "horse": layout["horses"]}
    for piece in obs["pieces"]:
        if piece["kind"] == "rabbit":
            v[layout["rabbits"].start + index[piece["cells"][0]]] = piece.get("count", 1) / 4
        else:
            for cell in piece["cells"]:
                v[planes[piece["kind"]].start + index[cell]] = 1.0
    tx = obs["transaction"]
    if tx is not None:
        v[layout["transaction_open"].start] = 1.0
        put(v, layout["give"], [tx["give"][k] / 10 for k in KINDS])
        put(v, layout["receive"], [tx["receive"][k] / 10 for k in KINDS])
        for pid in tx["buy"]:
            v[layout["buy"].start + index[pid]] = 1.0
    if obs["dice"]:
        dice = layout["dice"]
        for i, face in enumerate(obs["dice"]):
            v[dice.start + i * len(SYMBOLS) + SYMBOLS.index(face)] = 1.0
    if obs["attack"]:
        one_hot(v, layout["attack"], SYMBOLS.index(obs["attack"]) - 4)
    if obs["d6"]:
        one_hot(v, layout["d6"], min(obs["d6"], D6_SIDES) - 1)
    for seat in obs["dog_queue"]:
        one_hot(v, layout["dog_queue"], rel(seat))
    one_hot(v, layout["winner"], rel(obs["winner"]))
    return v
