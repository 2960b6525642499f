"""Rancho's observation as a fixed-size float32 vector (``observation_tensor``).

``encode`` (the reference) builds it from ``observation(seat)`` alone (Rancho is open
information, RA-R46); ``state_encoder`` writes the same values from the state's fields;
``tensor_writer`` keeps one buffer equal to it, rewriting only what changed
(``tensor_writer.Writer``). Seats are in turn from the viewer's (``rel`` = 0 is the viewer, or
seat 0 for a spectator). ``C`` cells of the board, ``P`` pastures, ``n`` seats. Counts are divided
by a scale so that values stay near [0, 1].

=======================  ==========  ==================================================================
field                    size        meaning
=======================  ==========  ==================================================================
phase                    8           one-hot: first_player, expansion, dice, order, d6, dog, placement, over
to_move                  n           one-hot, relative seat deciding now
active                   n           one-hot, relative seat whose turn it is
first_player             n           one-hot, relative seat that played the first turn
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
route_target             P           the pasture a passage route is being built to (RA-R21)
route_links              P           1 for each pasture chosen as a link of that route so far
route_fee                2           the links' fees so far and the fee the route must reach / 10
fees                     n           per relative seat, passage fees it is owed in it / 10
dice                     12          the two d12 faces rolled (one-hot over 6 symbols each)
attack                   2           the predator being resolved (fox, wolf)
attacks_left             2           attacks still to come after it: foxes, wolves / 2
d6                       12          the predator die's number (one-hot 1-12)
dog_queue                n           relative seats still to decide on a dog
dog_savers               n           relative seats that gave up a dog in this attack
winner                   n           one-hot, relative winning seat
=======================  ==========  ==================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from farmstead.core.tensor import (
    StateEncoder,
    TensorLayout,
    TensorWriter,
    Vector,
    element_view,
    one_hot,
    put,
)
from farmstead.games.rancho.config import RanchoConfig
from farmstead.games.rancho.layout import FOX, KINDS, PHASE_NAMES, RABBIT, SYMBOLS
from farmstead.games.rancho.tensor_writer import Parts, Writer

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
    t.add("first_player", n, "relative seat that played the first turn")
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
    t.add("route_target", pastures, "the pasture a passage route is being built to")
    t.add("route_links", pastures, "the pastures chosen as the route's links so far")
    t.add("route_fee", 2, "the links' fees so far and the fee the route must reach / 10")
    t.add("fees", n, "per relative seat: passage fees owed to it / 10")
    t.add("dice", 2 * len(SYMBOLS), "the two d12 faces rolled")
    t.add("attack", 2, "the predator being resolved: fox, wolf")
    t.add("attacks_left", 2, "attacks still to come after it: foxes, wolves / 2")
    t.add("d6", D6_SIDES, "the predator die's number, one-hot 1-12")
    t.add("dog_queue", n, "relative seats still to decide on a dog")
    t.add("dog_savers", n, "relative seats that gave up a dog in this attack")
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
    one_hot(v, layout["first_player"], rel(obs["first_player"]))
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
    if obs["transaction"] is not None:
        _encode_transaction(c, layout, obs["transaction"], viewer, v)
    if obs["dice"]:
        dice = layout["dice"]
        for i, face in enumerate(obs["dice"]):
            v[dice.start + i * len(SYMBOLS) + SYMBOLS.index(face)] = 1.0
    if obs["attack"]:
        one_hot(v, layout["attack"], SYMBOLS.index(obs["attack"]) - 4)
    for predator in obs["attacks_left"]:
        v[layout["attacks_left"].start + SYMBOLS.index(predator) - 4] += 0.5
    if obs["d6"]:
        one_hot(v, layout["d6"], min(obs["d6"], D6_SIDES) - 1)
    for seat in obs["dog_queue"]:
        one_hot(v, layout["dog_queue"], rel(seat))
    for seat in obs["dog_savers"]:
        one_hot(v, layout["dog_savers"], rel(seat))
    one_hot(v, layout["winner"], rel(obs["winner"]))
    return v


def _encode_transaction(
    c: RanchoConfig, layout: TensorLayout, tx: dict[str, Any], viewer: int, v: Vector
) -> None:
    """``encode``'s transaction fields, of the open transaction ``tx``."""
    index = c.board.index
    v[layout["transaction_open"].start] = 1.0
    put(v, layout["give"], [tx["give"][k] / 10 for k in KINDS])
    put(v, layout["receive"], [tx["receive"][k] / 10 for k in KINDS])
    for pid in tx["buy"]:
        v[layout["buy"].start + index[pid]] = 1.0
    route = tx["route"]
    if route is not None:
        v[layout["route_target"].start + index[route["target"]]] = 1.0
        for pid in route["links"]:
            v[layout["route_links"].start + index[pid]] = 1.0
        put(v, layout["route_fee"], [route["fee"] / 10, route["min_fee"] / 10])
    for fee in tx["fees"]:
        v[layout["fees"].start + (fee["owner"] - viewer) % c.num_players] += fee["rabbits"] / 10


def encoding_parts(c: RanchoConfig, layout: TensorLayout) -> Parts:
    """The state encoding and its pieces, every offset and scale computed once
    (``position.to_json`` is what each value follows; ``head_writer``, ``animals_writer``,
    ``spaces_writer``, ``transaction_writer`` and ``tail_writer`` write their fields). All of
    Rancho is open (RA-R46): the viewer only orders the seats."""
    n = c.num_players
    rel_of = [tuple((other - viewer) % n for other in range(n)) for viewer in range(n)]
    write_head, write_herd = head_writer(c, layout)
    write_animals = animals_writer(c, layout)
    write_spaces = spaces_writer(c, layout)
    write_transaction = transaction_writer(layout)
    write_tail = tail_writer(layout)

    def encode_state(state: Any, seat: int | None, out: Vector) -> None:
        v = element_view(out)
        viewer = 0 if seat is None else seat  # a spectator sees from seat 0
        rel = rel_of[viewer]
        write_head(v, state, rel)
        write_herd(v, state)
        write_animals(v, state, viewer)
        write_spaces(v, state, viewer)
        if state.tx_open:
            write_transaction(v, state, rel)
        write_tail(v, state, rel)

    return Parts(
        encode_state=encode_state,
        rel_of=rel_of,
        head=write_head,
        herd=write_herd,
        animals=write_animals,
        spaces=write_spaces,
        transaction=write_transaction,
        tail=write_tail,
    )


def state_encoder(c: RanchoConfig, layout: TensorLayout) -> StateEncoder:
    """``encode``'s values written from the state's fields (``encoding_parts``)."""
    return shared_parts(c, layout).encode_state


def tensor_writer(
    c: RanchoConfig, layout: TensorLayout, seat: int | None, buffer: Vector | None
) -> TensorWriter:
    """A ``tensor_writer.Writer`` of ``seat``'s tensor into ``buffer``: only what changed is
    rewritten."""
    return Writer(shared_parts(c, layout), layout, seat, buffer)


SHARED: WeakKeyDictionary[TensorLayout, tuple[RanchoConfig, Parts]] = WeakKeyDictionary()
"""The pieces of each configured game's layout (``encoding_parts``), built once for the game's
state encoding and all its writers (a vector environment makes a writer per seat and copy)."""


def shared_parts(c: RanchoConfig, layout: TensorLayout) -> Parts:
    """``encoding_parts(c, layout)``, built once per layout and config (the pieces hold
    nothing that changes)."""
    found = SHARED.get(layout)
    if found is None or found[0] is not c:
        found = SHARED[layout] = (c, encoding_parts(c, layout))
    return found[1]


def head_writer(
    c: RanchoConfig, layout: TensorLayout
) -> tuple[Callable[[Any, Any, tuple[int, ...]], None], Callable[[Any, Any], None]]:
    """``head(v, state, rel)``: the phase, the seats deciding now, whose turn it is and who
    played first (each relative: ``rel`` is every seat's relative seat), the round and the
    turn's decisions;
    ``herd(v, state)``: the central herd per kind over its setup size."""
    phase_at = layout["phase"].start
    to_move_at = layout["to_move"].start
    active_at = layout["active"].start
    first_at = layout["first_player"].start
    round_at = layout["round"].start
    actions_at = layout["turn_actions"].start
    herd_at = layout["herd"].start
    round_scale = max(1, c.max_rounds)
    actions_scale = max(1, c.max_actions_per_turn)
    # The herd's six kinds (KINDS), each over its setup size.
    h0, h1, h2, h3, h4, h5 = (max(1, size) for size in c.herd)

    def head(v: Any, state: Any, rel: tuple[int, ...]) -> None:
        v[phase_at + state.phase] = 1.0
        if state.to_move >= 0:
            v[to_move_at + rel[state.to_move]] = 1.0
        if state.active >= 0:
            v[active_at + rel[state.active]] = 1.0
        if state.first >= 0:
            v[first_at + rel[state.first]] = 1.0
        v[round_at] = state.round / round_scale
        v[actions_at] = state.turn_actions / actions_scale

    def herd(v: Any, state: Any) -> None:
        herd = state.herd
        v[herd_at] = herd[0] / h0
        v[herd_at + 1] = herd[1] / h1
        v[herd_at + 2] = herd[2] / h2
        v[herd_at + 3] = herd[3] / h3
        v[herd_at + 4] = herd[4] / h4
        v[herd_at + 5] = herd[5] / h5

    return head, herd


def tail_writer(layout: TensorLayout) -> Callable[[Any, Any, tuple[int, ...]], None]:
    """``write(v, state, rel)``: the two d12 faces rolled, the predator being resolved and
    those still to come, the predator die's number, the seats still to decide on a dog and
    those that gave one up (RA-R38), and the winner (seats relative)."""
    dice_at = layout["dice"].start
    second_die_at = dice_at + len(SYMBOLS)
    attack_at = layout["attack"].start - FOX  # the predators are the faces FOX, WOLF
    left_at = layout["attacks_left"].start - FOX
    d6_at = layout["d6"].start - 1  # numbers 1 … D6_SIDES
    queue_at = layout["dog_queue"].start
    savers_at = layout["dog_savers"].start
    winner_at = layout["winner"].start

    def write_tail(v: Any, state: Any, rel: tuple[int, ...]) -> None:
        dice = state.dice
        if dice:
            v[dice_at + dice[0]] = 1.0
            v[second_die_at + dice[1]] = 1.0
        if state.attack >= 0:
            v[attack_at + state.attack] = 1.0
        for predator in state.attacks:
            v[left_at + predator] += 0.5
        if state.d6:
            v[d6_at + min(state.d6, D6_SIDES)] = 1.0
        for other in state.dog_queue:
            v[queue_at + rel[other]] = 1.0
        for other in state.dog_savers:
            v[savers_at + rel[other]] = 1.0
        if state.winner >= 0:
            v[winner_at + rel[state.winner]] = 1.0

    return write_tail


def animals_writer(c: RanchoConfig, layout: TensorLayout) -> Callable[[Any, Any, int], None]:
    """``write(v, state, viewer)``: per seat in relative order from ``viewer``, its unplaced
    animals and its dogs."""
    n = c.num_players
    # Per viewer, each seat in relative order with its offsets: (seat, pool, dogs).
    rows = [
        tuple(
            ((viewer + r) % n, layout["pools"].start + 4 * r, layout["dogs"].start + 2 * r)
            for r in range(n)
        )
        for viewer in range(n)
    ]

    def write_animals(v: Any, state: Any, viewer: int) -> None:
        pool = state.pool
        dogs = state.dogs
        unplaced = any(pool)  # animals wait in a pool only between breeding and placement
        for other, pool_at, dogs_at in rows[viewer]:
            if unplaced:
                base = 4 * other
                v[pool_at] = pool[base] / 10
                v[pool_at + 1] = pool[base + 1] / 10
                v[pool_at + 2] = pool[base + 2] / 10
                v[pool_at + 3] = pool[base + 3] / 10
            if dogs[2 * other]:
                v[dogs_at] = dogs[2 * other]
            if dogs[2 * other + 1]:
                v[dogs_at + 1] = dogs[2 * other + 1]

    return write_animals


def spaces_writer(c: RanchoConfig, layout: TensorLayout) -> Callable[[Any, Any, int], None]:
    """``write(v, state, viewer)``: per seat in relative order from ``viewer``, its pastures
    and the pieces on its spaces (``rabbits``, ``sheep``, ``cows``, ``horses``). Every piece
    stands on spaces of one seat (RA-R24), so the seats' territories (``terr``: farm cells and
    pastures) hold every piece of the board."""
    n = c.num_players
    board = c.board
    pastures = board.num_pastures
    bits = board.bits
    # Per viewer, each seat in relative order with the offset of its pastures.
    rows = [
        tuple(((viewer + r) % n, layout["pastures"].start + r * pastures) for r in range(n))
        for viewer in range(n)
    ]
    # The plane of each animal kind: rabbits per cell / 4, else 1 where a piece stands.
    plane_at = (
        layout["rabbits"].start,
        layout["sheep"].start,
        layout["cows"].start,
        layout["horses"].start,
    )
    rabbits_at = plane_at[RABBIT]

    def write_spaces(v: Any, state: Any, viewer: int) -> None:
        terr = state.terr
        cell_kind = state.cell_kind
        cell_amt = state.cell_amt
        for other, owned_at in rows[viewer]:
            for cell in bits(terr[other]):
                if cell < pastures:
                    v[owned_at + cell] = 1.0
                kind = cell_kind[cell]
                if kind == RABBIT:
                    v[rabbits_at + cell] = cell_amt[cell] / 4
                elif kind >= 0:
                    v[plane_at[kind] + cell] = 1.0

    return write_spaces


def transaction_writer(layout: TensorLayout) -> Callable[[Any, Any, tuple[int, ...]], None]:
    """``write(v, state, rel)`` while a transaction is open: the flag, what is given to and
    taken from the herd per kind / 10, the pastures bought, the passage route being built
    (RA-R21: its target, its links, their fees and the fee to reach) and the passage fees owed
    per relative seat."""
    open_at = layout["transaction_open"].start
    give_at = layout["give"].start
    receive_at = layout["receive"].start
    buy_at = layout["buy"].start
    target_at = layout["route_target"].start
    links_at = layout["route_links"].start
    fee_at = layout["route_fee"].start
    fees_at = layout["fees"].start
    kinds = range(len(KINDS))

    def write_transaction(v: Any, state: Any, rel: tuple[int, ...]) -> None:
        v[open_at] = 1.0
        give = state.tx_give
        receive = state.tx_recv
        for k in kinds:
            if give[k]:
                v[give_at + k] = give[k] / 10
            if receive[k]:
                v[receive_at + k] = receive[k] / 10
        for cell in state.tx_buy:
            v[buy_at + cell] = 1.0
        if (target := state.route_target) >= 0:
            v[target_at + target] = 1.0
            for cell in state.route_links:
                v[links_at + cell] = 1.0
            v[fee_at] = state.route_fee / 10
            v[fee_at + 1] = state.route_min / 10
        for owner, rabbits in state.tx_fees:
            v[fees_at + rel[owner]] += rabbits / 10

    return write_transaction
