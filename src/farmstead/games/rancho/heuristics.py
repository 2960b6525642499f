"""Position evaluation for Rancho bots: ``evaluate(state, seat)`` in [-1, 1].

A seat's *progress* (in rabbits-worth) adds up:

* the value of its animals and dogs, as they will be once its open exchange is completed
  (a completed exchange always costs exactly its pasture prices and fees, RA-R10);
* a bonus per kind of the winning set held, larger once placed (the win needs all four, RA-R43);
* the worth of room: every space short of what the herd needs costs, spare spaces are worth a
  little (animals without room go back to the herd, RA-R29);
* minus the expected loss to predators of the current arrangement (9.4);
* minus a small cost per unfinished exchange step and per unplaced animal, so that finishing
  beats dawdling.

The evaluation is the seat's progress against the best rival, squashed to (-1, 1).
"""

from __future__ import annotations

from farmstead.games.rancho.layout import COW, HORSE, RABBIT, SHEEP
from farmstead.games.rancho.rules import RanchoRules

KIND_HELD = 20.0  # per kind of the winning set owned (placed or waiting to be placed)
KIND_PLACED = 10.0  # extra per kind placed on the board
SHORT_SPACE = 10.0  # per space missing for the animals owned
SPARE_SPACE = 8.0  # per spare space, up to SPARE_LIMIT: a pasture must be worth its price
SPARE_LIMIT = 6
UNPLACED = 1.0  # per animal waiting in the pool: placing it (or ending the turn) should win
OPEN_STEP = 0.25  # per rabbit-worth of imbalance left in an open exchange
OPEN_EXCHANGE = 0.5  # for an exchange still open
SCALE = 120.0  # progress difference mapped to 0.5


def progress(state: RanchoRules, seat: int) -> float:
    """How close ``seat`` is to a complete herd, in rabbits-worth (see the module docstring)."""
    c = state.cfg
    values = c.values
    b4, b2 = 4 * seat, 2 * seat
    counts = [state.placed[b4 + k] + state.pool[b4 + k] for k in range(4)]
    counts += [state.dogs[b2], state.dogs[b2 + 1]]
    spaces = state.terr[seat].bit_count()
    pending = 0.0
    worth = float(sum(values[k] * counts[k] for k in range(6)))
    if state.tx_open and state.active == seat:
        # The exchange as if completed; it costs exactly its prices and fees (RA-R10).
        balance = state.tx_balance()
        worth -= sum(c.board.cost[p] for p in state.tx_buy) + state.tx_fee_total()
        for kind in range(6):
            counts[kind] += state.tx_recv[kind] - state.tx_give[kind]
        counts[RABBIT] += balance  # change (or the rest to pay) in rabbits
        spaces += len(state.tx_buy) + (state.route_target >= 0)
        pending = OPEN_EXCHANGE + OPEN_STEP * abs(balance)
    held = sum(1 for k in range(4) if counts[k] > 0)
    placed = sum(1 for k in range(4) if state.placed[b4 + k])
    needed = (
        3 * max(counts[HORSE], 0)
        + 2 * max(counts[COW], 0)
        + max(counts[SHEEP], 0)
        + -(-max(counts[RABBIT], 0) // c.rabbits_per_space)
    )
    room = spaces - needed
    room_value = SPARE_SPACE * min(room, SPARE_LIMIT) if room >= 0 else SHORT_SPACE * room
    exposure = _exposure(state, seat) / len(c.d6_faces)
    unplaced = UNPLACED * state.pool_count(seat)
    return (
        worth + KIND_HELD * held + KIND_PLACED * placed + room_value - exposure - pending - unplaced
    )


def evaluate(state: RanchoRules, seat: int) -> float:
    """+1 won, -1 lost, 0 draw at the end; otherwise squashed progress against the best rival."""
    if state.is_terminal():
        return state.returns()[seat] if state.winner >= 0 else 0.0
    mine = progress(state, seat)
    best_other = max(progress(state, s) for s in range(state.cfg.num_players) if s != seat)
    x = (mine - best_other) / SCALE
    return x / (1.0 + abs(x))


def evaluate_all(state: RanchoRules) -> list[float]:
    """``evaluate(state, seat)`` for every seat, computing each seat's progress once."""
    players = state.cfg.num_players
    if state.is_terminal():
        return [evaluate(state, seat) for seat in range(players)]
    mine = [progress(state, seat) for seat in range(players)]
    values = []
    for seat in range(players):
        best_other = max(p for other, p in enumerate(mine) if other != seat)
        x = (mine[seat] - best_other) / SCALE
        values.append(x / (1.0 + abs(x)))
    return values


def _exposure(state: RanchoRules, seat: int) -> float:
    """Expected predator loss of the herd in hit units: the safest arrangement's, plus what the
    current arrangement adds to it (so picking animals up never looks safer)."""
    current = state.safety_units(seat)
    best = state.safest_arrangement(seat)
    if best is None:
        return float(current)
    return float(best.score + max(0, current - best.score))
