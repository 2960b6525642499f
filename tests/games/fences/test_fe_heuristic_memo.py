"""The fast Fences evaluation returns exactly the floats of its plain definition.

``heuristics`` assembles the estimates from parts that sibling positions share (memo tables per
config, the fields of a board before a placement, barn decisions valued without building
their outcomes). The reference below is the plain definition, written the way the module
docstring states it: one union-find lookup per node, one outcome built per legal action. Every
position of random games (every phase, 2 to 4 seats, other parameters) must give the same
``repr`` of every value, so the same decisions and tie-breaks follow.
"""

from __future__ import annotations

import math

import pytest
from fe_helpers import loaded_game, random_states

from farmstead.games.fences import heuristics
from farmstead.games.fences.heuristics import (
    BONUS_WEIGHT,
    GROWTH_PER_OPEN,
    SCALE,
    STOCK_VALUE,
    completion_chance,
    estimates,
    evaluate,
    evaluate_all,
)
from farmstead.games.fences.layout import BUILD, OVER, SELECT_CELL, SELECT_ROT
from farmstead.games.fences.rules import FencesRules
from farmstead.games.fences.scoring import FieldFacts, farmer_bonus, field_value, unpack_animals

# --- the reference: the evaluation's plain definition -------------------------------------------


def reference_estimates(state: FencesRules) -> list[float]:
    """Expected final score of each seat, straight from the definition."""
    c = state.cfg
    n = c.num_players
    est = [float(s) for s in state.scores]
    tiles_left = state.supply_total + sum(len(h) for h in state.hands)
    by_root: dict[int, list[int]] = {}
    for i in range(0, len(state.barns), 2):
        by_root.setdefault(state.find(state.barns[i]), []).append(state.barns[i + 1])
    for root, owners in by_root.items():
        opn = state.opn[root]
        value = field_value(unpack_animals(state.anim[root]), c.points_per_animal, c.multiplier)
        expected = value + GROWTH_PER_OPEN * opn * c.points_per_animal
        share = expected / len(owners)
        chance = completion_chance(opn, tiles_left)
        for owner in owners:
            est[owner] += share * chance
    stock_value = STOCK_VALUE * min(1.0, tiles_left / (0.6 * c.total_tiles))
    for p in range(n):
        est[p] += state.stocks[p] * stock_value
    if state.farmers[0] >= 0 and tiles_left:
        near: dict[int, set[int]] = {}
        for node in range(len(state.parent)):
            root = state.find(node)
            if state.opn[root] == 2:
                near.setdefault(root, set()).add(state.node_tile[node])
        for root, tiles in near.items():
            animals = unpack_animals(state.anim[root])
            owners = by_root.get(root, [])
            for p in range(n):
                own = owners.count(p)
                facts = FieldFacts(animals, len(tiles), own, len(owners) - own)
                bonus = farmer_bonus(c.farmers[state.farmers[p]].conditions, facts)[0]
                est[p] += BONUS_WEIGHT * bonus / n
    return est


def _relative(est: list[float], seat: int) -> float:
    return est[seat] - max(v for p, v in enumerate(est) if p != seat)


def reference_best_completion(state: FencesRules) -> list[float]:
    """Estimates after the seat to move completes its placement as well as it can."""
    seat = state.active
    best: list[float] | None = None
    best_value = -math.inf
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.phase in (SELECT_ROT, BUILD) and child.active == seat:
            est = reference_best_completion(child)
        else:
            est = reference_estimates(child)
        value = _relative(est, seat)
        if value > best_value:
            best, best_value = est, value
    assert best is not None
    return best


def reference_evaluate_all(state: FencesRules) -> list[float]:
    if state.phase == OVER:
        return state.returns()
    if state.phase in (SELECT_CELL, SELECT_ROT, BUILD):
        est = reference_best_completion(state)
    else:
        est = reference_estimates(state)
    return [math.tanh(_relative(est, seat) / SCALE) for seat in range(state.cfg.num_players)]


# --- the comparison ------------------------------------------------------------------------------

CASES = [  # (seats, parameters, seeds): about 2,200 positions in all
    (2, {}, (11, 12, 13, 14, 15)),
    (3, {}, (21, 22)),
    (4, {}, (31,)),
    (2, {"single_type_multiplier": 3, "barn_stock": 2, "farmer_cards": "FC01,FC05"}, (41,)),
]


def _positions(players: int, params: dict[str, object], seeds: tuple[int, ...]) -> list:
    the_game = loaded_game(players, **params)
    return [s for seed in seeds for s in random_states(the_game, seed)]


@pytest.mark.parametrize(("players", "params", "seeds"), CASES)
def test_fe_evaluation_matches_its_plain_definition(players, params, seeds):
    positions = _positions(players, params, seeds)
    assert len(positions) >= 150
    phases = set()
    for i, s in enumerate(positions):
        phases.add(s.phase)
        expected = reference_evaluate_all(s)
        assert repr(evaluate_all(s)) == repr(expected), (seeds, s.phase, len(s.p_cell))
        assert repr(estimates(s)) == repr(reference_estimates(s))
        if i % 4 == 0 and not s.is_terminal() and not s.is_chance_node():
            seat = s.current_player()
            assert repr(evaluate(s, seat)) == repr(expected[seat])
    assert {SELECT_CELL, SELECT_ROT, BUILD, OVER} <= phases


def test_fe_evaluation_is_the_same_when_the_memo_tables_overflow(monkeypatch):
    """A full memo table is emptied and refilled; the values stay the same."""
    monkeypatch.setattr(heuristics, "MEMO_LIMIT", 3)
    for s in _positions(2, {}, (51,))[::3]:
        assert repr(evaluate_all(s)) == repr(reference_evaluate_all(s))


def test_fe_node_parents_are_never_higher():
    """The fast scans rely on it: a node's union-find parent is itself or a lower node, so
    every root is the lowest node of its field."""
    for s in _positions(4, {}, (61,)):
        assert all(up <= node for node, up in enumerate(s.parent))
        for node in range(len(s.parent)):
            assert s.find(node) <= node


def test_fe_fields_after_each_placement_match_a_full_scan():
    """The fields one tile from completion after each placement, derived from the board
    before it, equal those a scan of the whole new board finds."""
    checked = 0
    for s in _positions(3, {}, (71,)):
        if s.phase != SELECT_CELL:
            continue
        before = heuristics._Fields(s)
        assert before.near == heuristics._near_fields(s)
        for cell in s.legal_actions():
            at_cell = s.clone()
            at_cell.apply_action(cell)
            for rot in at_cell.legal_actions():
                child = at_cell.clone()
                child.apply_action(rot)
                assert before.near_after(child) == heuristics._near_fields(child)
                checked += 1
        assert before.near_after(s) is None  # not one placement later
    assert checked > 500
