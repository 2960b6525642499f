"""Position evaluation for Fences bots: ``evaluate(state, seat) -> float`` in [-1, 1].

Each seat's expected final score is estimated as

* its score so far, plus
* for each of its barns in an open field, the barn's share of the field's value (FE-R48,
  FE-R51) times the chance the field still completes, which falls with the field's open
  segments (field openness) and with the tiles left to lay (score potential), plus
* an option value for each barn still in stock, shrinking as the supply runs out (barn value),
  plus
* for fields that one more tile would complete, part of the farmer bonus the seat's card would
  earn by completing them (farmer bonus).

The value is ``tanh((own estimate - best other estimate) / SCALE)``. While a seat is in the
middle of laying a tile (cell or rotation chosen, or the barn decision pending) the position is
valued after that seat's best completion of the move, so a one-ply greedy agent compares whole
placements. A finished game is worth its return.
"""

from __future__ import annotations

import math

from farmstead.games.fences.catalog import FarmerCard
from farmstead.games.fences.layout import (
    BUILD,
    OVER,
    SELECT_CELL,
    SELECT_ROT,
)
from farmstead.games.fences.rules import FencesRules
from farmstead.games.fences.scoring import FieldFacts, farmer_bonus, field_value, unpack_animals

# mcts starts each node from this evaluation (node priors), shares the statistics below a tile
# draw among all draws (open loop) and explores little (c), so that its iterations go into
# checking the best-rated placements against the replies to them: at its default 100
# iterations it then beats the greedy heuristic agent, which plain UCT at that budget does not
# (measured with `farmstead tournament fences --agents mcts,heuristic`).
SEARCH_SETTINGS = {"mcts": {"prior": 2, "chance": "open", "c": 0.3}}

# Difficulty levels: level name -> agent spec, each answering well within 2 s a move,
# chosen from the published ladder (docs/ladder/fences.html: random -314, heuristic -22, mcts at
# 40 iterations +111, at 160 iterations +163 Elo).
BOT_LEVELS: dict[str, str | None] = {
    "easy": "random",
    "medium": "heuristic",
    "hard": "mcts:iterations=40,seconds=1",
    "expert": "mcts:iterations=160,seconds=2",
}

SCALE = 12.0
STOCK_VALUE = 2.5  # points a barn in stock is worth at the start of the game
BONUS_WEIGHT = 0.35  # share of a near-complete field's farmer bonus counted for its completer
GROWTH_PER_OPEN = 0.25  # animals a field is expected to gain per open segment


def completion_chance(open_segments: int, tiles_left: int) -> float:
    """Chance that a field with ``open_segments`` open segments completes before the end."""
    if open_segments <= 0:
        return 1.0
    if tiles_left <= 0:
        return 0.0
    base = 0.85 * math.exp(-0.22 * (open_segments - 2))
    return min(1.0, base * min(1.0, tiles_left / (2.0 * open_segments)))


def estimates(state: FencesRules) -> list[float]:
    """Expected final score of each seat (see the module docstring)."""
    c = state.cfg
    n = c.num_players
    est = [float(s) for s in state.scores]
    tiles_left = state.supply_total + sum(len(h) for h in state.hands)
    # Barns in open fields.
    barns = state.barns
    by_root: dict[int, list[int]] = {}
    for i in range(0, len(barns), 2):
        by_root.setdefault(state.find(barns[i]), []).append(barns[i + 1])
    for root, owners in by_root.items():
        opn = state.opn[root]
        animals = unpack_animals(state.anim[root])
        value = field_value(animals, c.points_per_animal, c.multiplier)
        expected = value + GROWTH_PER_OPEN * opn * c.points_per_animal
        share = expected / len(owners)
        chance = completion_chance(opn, tiles_left)
        for owner in owners:
            est[owner] += share * chance
    # Barns in stock.
    stock_value = STOCK_VALUE * min(1.0, tiles_left / (0.6 * c.total_tiles))
    for p in range(n):
        est[p] += state.stocks[p] * stock_value
    # Farmer bonus of fields one tile from completion (open on a single edge: 2 segments).
    if state.farmers[0] >= 0 and tiles_left:
        find = state.find
        opn_of = state.opn
        node_tile = state.node_tile
        near: dict[int, set[int]] = {}
        for node in range(len(state.parent)):
            root = find(node)
            if opn_of[root] == 2:
                near.setdefault(root, set()).add(node_tile[node])
        for root, tiles in near.items():
            animals = unpack_animals(state.anim[root])
            owners = by_root.get(root, [])
            for p in range(n):
                own = owners.count(p)
                bonus = _bonus(
                    c.farmers[state.farmers[p]], animals, len(tiles), own, len(owners) - own
                )
                est[p] += BONUS_WEIGHT * bonus / n
    return est


_BONUS_MEMO: dict[tuple[str, tuple[int, int, int], int, int, int], int] = {}


def _bonus(card: FarmerCard, animals: tuple[int, int, int], span: int, own: int, other: int) -> int:
    """The card's bonus for a field with these facts (memoised: the facts repeat a lot)."""
    key = (card.id, animals, span, own, other)
    bonus = _BONUS_MEMO.get(key)
    if bonus is None:
        bonus = farmer_bonus(card.conditions, FieldFacts(animals, span, own, other))[0]
        if len(_BONUS_MEMO) < 100_000:
            _BONUS_MEMO[key] = bonus
    return bonus


def _relative(est: list[float], seat: int) -> float:
    best_other = max(v for p, v in enumerate(est) if p != seat)
    return est[seat] - best_other


def _best_completion(state: FencesRules) -> list[float]:
    """Estimates after the seat to move finishes its placement and barn decision as well as
    it can (by its own estimate)."""
    seat = state.active
    best: list[float] | None = None
    best_value = -math.inf
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.phase in (SELECT_ROT, BUILD) and child.active == seat:
            est = _best_completion(child)
        else:
            est = estimates(child)
        value = _relative(est, seat)
        if value > best_value:
            best, best_value = est, value
    assert best is not None
    return best


def evaluate(state: FencesRules, seat: int) -> float:
    """How good ``state`` is for ``seat``, in [-1, 1] (1: a sure win)."""
    if state.phase == OVER:
        return state.returns()[seat]
    if state.phase in (SELECT_CELL, SELECT_ROT, BUILD):
        est = _best_completion(state)
    else:
        est = estimates(state)
    return math.tanh(_relative(est, seat) / SCALE)


def evaluate_all(state: FencesRules) -> list[float]:
    """``evaluate(state, seat)`` for every seat, computing the estimates once."""
    if state.phase == OVER:
        return state.returns()
    est = (
        _best_completion(state)
        if state.phase in (SELECT_CELL, SELECT_ROT, BUILD)
        else estimates(state)
    )
    return [math.tanh(_relative(est, seat) / SCALE) for seat in range(state.cfg.num_players)]
