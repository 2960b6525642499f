"""Position evaluation of Animal Farm for the greedy and search agents.

``evaluate(state, seat)`` rates a position for ``seat`` in [-1, 1] as the difference of the two
players' *cost to win*, measured in pig steps:

* feed distances: for each pile, the steps a player's nearest pig needs to reach it plus the rows
  it must then carry it to reach home (0 for a pile already safe at home), with a surcharge when
  an enemy pig holds it;
* threats: a carrying pig that an enemy horse, goat or pig can reach next turn is likely to lose
  its pile; guards: goats and the horse close to enemy pigs they could hit;
* escorts: a carrier with friendly units beside it is harder to catch;
* tempo: while it is a player's turn its unused movement points count a little, so a greedy
  player spends them on progress before ending the turn.

Terminal positions score their returns. The weights are plain numbers chosen by play-testing
against the random and greedy agents; they are not game data.
"""

from __future__ import annotations

import math

from farmstead.core.game import State
from farmstead.games.animal_farm.layout import GOAT, HORSE, NEUTRAL, PIG, SETUP, TOSS
from farmstead.games.animal_farm.rules import AnimalFarmRules

# mcts starts each node from this evaluation (node priors): at its default 100 iterations it
# then beats the greedy heuristic agent, which plain UCT at that budget does not
# (measured with `farmstead tournament animal_farm --agents mcts,heuristic`).
SEARCH_SETTINGS = {"mcts": {"prior": 2}}

# Difficulty levels: level name -> agent spec, each answering well within 2 s a move,
# chosen from the published ladder (docs/ladder/animal_farm.html: random -310, heuristic +12,
# mcts at 40 iterations +45, at 160 iterations +110 Elo).
BOT_LEVELS: dict[str, str | None] = {
    "easy": "random",
    "medium": "heuristic",
    "hard": "mcts:iterations=40,seconds=1",
    "expert": "mcts:iterations=160,seconds=2",
}

ENEMY_HOLD = 3.0  # extra steps to win back a pile an enemy pig carries
PICK_UP_COST = 0.5  # a loose pile away from home must still be picked up
THREAT = 4.0  # expected loss when a carrying pig can be attacked next turn
TEMPO = 0.05  # worth of one unused movement point during one's own turn
GUARD = 0.08  # per step a goat or horse stands closer to an enemy pig it could hit
ESCORT = 0.3  # per friendly unit next to a carrying pig
ADVANCE = 0.02  # per row a pig stands towards the enemy base
SCALE = 12.0  # cost difference that maps to tanh(1)


def _distance(width: int, a: int, b: int) -> int:
    return abs(a % width - b % width) + abs(a // width - b // width)


def _threatened(state: AnimalFarmRules, pig: int, cell: int) -> bool:
    """Whether an enemy unit could attack ``pig`` on ``cell`` in its next turn (ignoring
    blockers), assuming full enemy pools."""
    cfg = state.cfg
    owner = cfg.unit_owner[pig]
    enemy = 1 - owner
    zone = cfg.zone_of[cell]
    width = cfg.width
    n = cfg.num_slots
    for u in range(enemy * n, enemy * n + n):
        at = state.pos[u]
        if at < 0:
            continue
        kind = cfg.unit_kind[u]
        if not cfg.can_attack[kind][PIG] or not cfg.unit_allowed[u][cell]:
            continue
        if kind == HORSE and zone != NEUTRAL:
            continue
        if _distance(width, at, cell) <= cfg.pool_size[kind]:
            return True
    return False


def _pile_cost(state: AnimalFarmRules, player: int, pile: int) -> float:
    """Steps ``player`` needs to bring ``pile`` home (see the module docstring)."""
    cfg = state.cfg
    width = cfg.width
    location = state.pile_location(pile)
    if location < 0:
        return 0.0
    carrier = state.pile_carrier[pile]
    home = cfg.rows_to_base(player, location)
    n = cfg.num_slots
    if carrier >= 0 and cfg.unit_owner[carrier] == player:
        cost = float(home)
        if home and _threatened(state, carrier, location):
            cost += THREAT
        if home:
            friends = 0
            base = 4 * location
            for d in range(4):
                t = cfg.neighbours[base + d]
                if t >= 0 and state.board[t] >= 0 and cfg.unit_owner[state.board[t]] == player:
                    friends += 1
            cost -= ESCORT * friends
        return max(cost, 0.0)
    if carrier < 0 and home == 0:
        return 0.0
    reach = math.inf
    for u in range(player * n, player * n + n):
        at = state.pos[u]
        if at >= 0 and cfg.unit_kind[u] == PIG:
            # A pig that can be hit next turn may be sent home before it gets there.
            steps = _distance(width, at, location) + (THREAT if _threatened(state, u, at) else 0)
            reach = min(reach, steps)
    if reach == math.inf:  # pigs not placed yet: they will start at home
        reach = cfg.rows_to_base(player, location)
    cost = reach + home + PICK_UP_COST
    if carrier >= 0:
        cost += ENEMY_HOLD
        if home == 0:
            # An enemy carrier inside this player's base: a goat hit drops the pile at home.
            cost = min(cost, ENEMY_HOLD)
    return cost


def _guard(state: AnimalFarmRules, player: int) -> float:
    """Closeness of ``player``'s goats and horse to the enemy pigs they may attack."""
    cfg = state.cfg
    width = cfg.width
    n = cfg.num_slots
    total = 0.0
    enemy = 1 - player
    for v in range(enemy * n, enemy * n + n):
        at = state.pos[v]
        if at < 0 or cfg.unit_kind[v] != PIG:
            continue
        best = 0.0
        for u in range(player * n, player * n + n):
            kind = cfg.unit_kind[u]
            where = state.pos[u]
            if where < 0 or kind == PIG or not cfg.unit_allowed[u][at]:
                continue
            reach = cfg.pool_size[kind] + 4
            best = max(best, reach - _distance(width, where, at))
        weight = 3.0 if state.carried_pile(v) >= 0 else 1.0
        total += weight * best
    return GUARD * total


def _advance(state: AnimalFarmRules, player: int) -> float:
    cfg = state.cfg
    n = cfg.num_slots
    total = 0
    for u in range(player * n, player * n + n):
        at = state.pos[u]
        if at >= 0 and cfg.unit_kind[u] == PIG:
            total += cfg.rows_to_base(1 - player, at)
    return -ADVANCE * total


def _value(state: AnimalFarmRules, player: int) -> float:
    """How close ``player`` is to winning, higher is better (in pig steps)."""
    value = -(_pile_cost(state, player, 0) + _pile_cost(state, player, 1))
    value += _guard(state, player) + _advance(state, player)
    if state.phase > SETUP and state.mover == player:
        value += TEMPO * (state.pools[PIG] + state.pools[GOAT] + state.pools[HORSE])
    return value


def evaluate_all(state: State) -> list[float]:
    """``evaluate(state, seat)`` for both seats."""
    if not isinstance(state, AnimalFarmRules):
        raise TypeError(f"an Animal Farm state is needed, got {type(state).__name__}")
    if state.is_terminal():
        return state.returns()
    if state.phase == TOSS:
        return [0.0, 0.0]
    diff = _value(state, 0) - _value(state, 1)
    p1 = 0.95 * math.tanh(diff / SCALE)
    out = [0.0, 0.0]
    out[state.seat_of(0)] = p1
    out[state.seat_of(1)] = -p1
    return out


def evaluate(state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``, in [-1, 1] (terminal: the returns)."""
    return evaluate_all(state)[seat]
