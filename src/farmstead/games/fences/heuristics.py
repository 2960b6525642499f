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

from farmstead.games.fences import actions as act
from farmstead.games.fences.catalog import FarmerCard
from farmstead.games.fences.config import FencesConfig
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
    return _estimates(state, _memo(state.cfg), None)


# --- the estimates, from shared parts ----------------------------------------------------------
# mcts evaluates every child of every node it expands, and a placement's outcomes differ in one
# tile or one barn, so the estimates are assembled from parts that siblings share: the barns
# of each open field, the fields one tile from completion and what each of those adds per
# seat (memoised per config). Every seat's terms are added in one fixed order (barn fields by
# first barn, the stock, the fields one tile from completion by root), the order of the plain
# one-pass definition, so the floats are exactly that definition's.
# tests/games/fences/test_fe_heuristic_memo.py keeps the plain definition and compares them.

# A seat's increment from each field one tile from completion, in root order.
_NearTerms = list[tuple[float, ...]]


class _Memo:
    """Memo tables of one config. Every entry is a pure function of its key and the config, so
    a hit returns exactly the float a computation would."""

    __slots__ = ("cfg", "barn_terms", "bonus_terms")

    def __init__(self, cfg: FencesConfig) -> None:
        self.cfg = cfg
        # (packed animals, open segments, barns, tiles left) -> what each barn adds
        self.barn_terms: dict[tuple[int, int, int, int], float] = {}
        # farmer card per seat -> (packed animals, span, barn owners) -> what each seat adds
        self.bonus_terms: dict[
            tuple[int, ...], dict[tuple[int, int, tuple[int, ...]], tuple[float, ...]]
        ] = {}


MEMO_LIMIT = 50_000  # entries per table; a full table is emptied and refilled
_MEMOS: dict[int, _Memo] = {}  # id(config) -> its tables (the entry keeps the config alive)


def _memo(cfg: FencesConfig) -> _Memo:
    """The memo tables of ``cfg``."""
    memo = _MEMOS.get(id(cfg))
    if memo is None or memo.cfg is not cfg:
        if len(_MEMOS) >= 16:
            _MEMOS.clear()
        memo = _MEMOS[id(cfg)] = _Memo(cfg)
    return memo


def _tiles_left(state: FencesRules) -> int:
    """Tiles still to lay: the supply and every hand."""
    tiles_left = state.supply_total
    for hand in state.hands:
        tiles_left += len(hand)
    return tiles_left


def _root(parent: list[int], node: int) -> int:
    """The root of ``node`` in the union-find ``parent`` (read only)."""
    up = parent[node]
    while up != node:
        node = up
        up = parent[node]
    return node


def _barn_fields(parent: list[int], barns: list[int]) -> dict[int, list[int]]:
    """Root -> owners of its barns (one entry per barn), roots in the order of their first
    barn in ``barns`` (flat node, owner pairs)."""
    by_root: dict[int, list[int]] = {}
    for i in range(0, len(barns), 2):
        root = barns[i]
        up = parent[root]
        while up != root:
            root = up
            up = parent[root]
        owners = by_root.get(root)
        if owners is None:
            by_root[root] = [barns[i + 1]]
        else:
            owners.append(barns[i + 1])
    return by_root


Near = list[tuple[int, int]]  # (root, span) of each field one tile from completion, by root


def _near_fields(state: FencesRules) -> Near:
    """(root, span) of every field one tile from completion (2 open segments), by root.

    A root is the lowest node of its field (``FencesBoard._union`` keeps the lower root, and
    path halving only moves a node's parent lower), so the nodes below the lowest such root
    are skipped.
    """
    parent = state.parent
    opn_of = state.opn
    first = -1
    for node, up in enumerate(parent):
        if up == node and opn_of[node] == 2:
            first = node
            break
    if first < 0:
        return []
    node_tile = state.node_tile
    tiles: dict[int, set[int]] = {}
    for node in range(first, len(parent)):
        root = node
        up = parent[root]
        while up != root:
            root = up
            up = parent[root]
        if opn_of[root] == 2:
            found = tiles.get(root)
            if found is None:
                tiles[root] = {node_tile[node]}
            else:
                found.add(node_tile[node])
    return [(root, len(found)) for root, found in tiles.items()]


class _Fields:
    """The fields of a position whose active seat is choosing where its tile goes (phases
    SELECT_CELL and SELECT_ROT), from which ``near_after`` gives ``_near_fields`` of each
    position one placement later without scanning its whole board.

    Every node's parent is a lower node or itself (``FencesBoard._union`` hangs the higher
    root under the lower one; path halving only moves parents lower), so one pass in node
    order finds every root.
    """

    __slots__ = ("placements", "root_of", "tiles_of", "near")

    def __init__(self, state: FencesRules) -> None:
        parent = state.parent
        opn_of = state.opn
        node_tile = state.node_tile
        root_of = parent[:]
        tiles_of: dict[int, set[int]] = {}
        for node, up in enumerate(parent):
            root = root_of[up]
            root_of[node] = root
            tiles = tiles_of.get(root)
            if tiles is None:
                tiles_of[root] = {node_tile[node]}
            else:
                tiles.add(node_tile[node])
        self.placements = len(state.p_cell)
        self.root_of = root_of  # per node: its root
        self.tiles_of = tiles_of  # per root: the placements holding its nodes
        self.near: Near = [(r, len(t)) for r, t in tiles_of.items() if opn_of[r] == 2]

    def near_after(self, child: FencesRules) -> Near | None:
        """``_near_fields(child)`` for ``child`` one placement after this position (``None``
        for any other).

        Only the fields holding a node of the new tile change: each is the new tile's fields
        joined to fields of the tiles on its four neighbouring cells (FE-R11); every other
        field keeps its root, nodes and open segments.
        """
        k = self.placements
        if len(child.p_cell) != k + 1:
            return None
        parent = child.parent
        joined: dict[int, set[int]] = {}  # root of a field with a new node -> its tiles
        for node in range(len(self.root_of), len(parent)):
            root = node
            up = parent[root]
            while up != root:
                root = up
                up = parent[root]
            if root not in joined:
                joined[root] = {k}
        cfg = child.cfg
        width = cfg.layout.width
        cell = child.p_cell[k]
        board = child.board
        root_of = self.root_of
        olds: set[int] = set()  # roots (before) of the fields of the neighbouring tiles
        for step in (-width, 1, width, -1):
            placed = board[cell + step]
            if placed:
                first = child.p_node[placed - 1]
                olds.update(root_of[first : first + cfg.num_fields[child.p_type[placed - 1]]])
        gone: set[int] = set()  # old roots whose fields joined a new node's
        for old in olds:
            root = old
            up = parent[root]
            while up != root:
                root = up
                up = parent[root]
            tiles = joined.get(root)
            if tiles is not None:
                tiles |= self.tiles_of[old]
                gone.add(old)
        opn_of = child.opn
        near = [entry for entry in self.near if entry[0] not in gone] if gone else self.near
        added = [(root, len(tiles)) for root, tiles in joined.items() if opn_of[root] == 2]
        return sorted(near + added) if added else near


def _barn_term(memo: _Memo, packed: int, opn: int, barns: int, tiles_left: int) -> float:
    """What each of ``barns`` barns in an open field adds to its owner's estimate."""
    key = (packed, opn, barns, tiles_left)
    table = memo.barn_terms
    term = table.get(key)
    if term is None:
        c = memo.cfg
        value = field_value(unpack_animals(packed), c.points_per_animal, c.multiplier)
        expected = value + GROWTH_PER_OPEN * opn * c.points_per_animal
        share = expected / barns
        term = share * completion_chance(opn, tiles_left)
        if len(table) >= MEMO_LIMIT:
            table.clear()
        table[key] = term
    return term


# (owners, what each of their barns adds) per open field with barns, in first-barn order
_BarnTerms = list[tuple[list[int], float]]


def _barn_terms(
    state: FencesRules, memo: _Memo, by_root: dict[int, list[int]], tiles_left: int
) -> _BarnTerms:
    """The barn terms of the fields in ``by_root`` (see ``_barn_fields``)."""
    opn_of = state.opn
    anim = state.anim
    table = memo.barn_terms
    out = []
    for root, owners in by_root.items():
        key = (anim[root], opn_of[root], len(owners), tiles_left)
        term = table.get(key)
        out.append((owners, term if term is not None else _barn_term(memo, *key)))
    return out


def _bonus_table(
    state: FencesRules, memo: _Memo
) -> dict[tuple[int, int, tuple[int, ...]], tuple[float, ...]]:
    """The memo of near-field terms for the farmer cards of ``state``."""
    farmers = tuple(state.farmers)
    table = memo.bonus_terms.get(farmers)
    if table is None:
        if len(memo.bonus_terms) >= 64:
            memo.bonus_terms.clear()
        table = memo.bonus_terms[farmers] = {}
    return table


def _bonus_terms(
    state: FencesRules,
    table: dict[tuple[int, int, tuple[int, ...]], tuple[float, ...]],
    packed: int,
    span: int,
    owners: tuple[int, ...],
) -> tuple[float, ...]:
    """What each seat adds for a field one tile from completion with these facts."""
    key = (packed, span, owners)
    terms = table.get(key)
    if terms is None:
        c = state.cfg
        n = c.num_players
        animals = unpack_animals(packed)
        seats = []
        for p in range(n):
            own = owners.count(p)
            bonus = _bonus(c.farmers[state.farmers[p]], animals, span, own, len(owners) - own)
            seats.append(BONUS_WEIGHT * bonus / n)
        if len(table) >= MEMO_LIMIT:
            table.clear()
        terms = table[key] = tuple(seats)
    return terms


def _near_terms(
    state: FencesRules, memo: _Memo, near: Near, by_root: dict[int, list[int]]
) -> _NearTerms:
    """Each seat's share of the farmer bonus of every ``near`` field, in ``near`` order."""
    table = _bonus_table(state, memo)
    anim = state.anim
    out = []
    for root, span in near:
        key = (anim[root], span, tuple(by_root.get(root, ())))
        terms = table.get(key)
        out.append(terms if terms is not None else _bonus_terms(state, table, *key))
    return out


def _has_bonus(state: FencesRules, tiles_left: int) -> bool:
    """Whether the farmer bonus part counts: the cards are dealt and tiles are left."""
    return state.farmers[0] >= 0 and tiles_left > 0


def _stock_value(cfg: FencesConfig, tiles_left: int) -> float:
    """What one barn in stock adds to its owner's estimate."""
    return STOCK_VALUE * min(1.0, tiles_left / (0.6 * cfg.total_tiles))


def _total(
    scores: list[int],
    barn_terms: _BarnTerms,
    stocks: list[int],
    stock_value: float,
    near_terms: _NearTerms,
) -> list[float]:
    """The estimates from their parts (see the module docstring): scores, barns in open
    fields, barns in stock, farmer bonus of fields one tile from completion."""
    est = [float(s) for s in scores]
    for owners, term in barn_terms:
        for owner in owners:
            est[owner] += term
    if len(est) == 2:  # the same additions, unrolled
        e0 = est[0] + stocks[0] * stock_value
        e1 = est[1] + stocks[1] * stock_value
        for t0, t1 in near_terms:
            e0 += t0
            e1 += t1
        return [e0, e1]
    for p, stock in enumerate(stocks):
        est[p] += stock * stock_value
    for terms in near_terms:
        for p, term in enumerate(terms):
            est[p] += term
    return est


def _estimates(state: FencesRules, memo: _Memo, near: Near | None) -> list[float]:
    """``estimates(state)``; ``near`` is ``_near_fields(state)`` when already known."""
    tiles_left = _tiles_left(state)
    by_root = _barn_fields(state.parent, state.barns)
    near_terms: _NearTerms = []
    if _has_bonus(state, tiles_left):
        if near is None:
            near = _near_fields(state)
        near_terms = _near_terms(state, memo, near, by_root)
    return _total(
        state.scores,
        _barn_terms(state, memo, by_root, tiles_left),
        state.stocks,
        _stock_value(memo.cfg, tiles_left),
        near_terms,
    )


def _best_barn(state: FencesRules, memo: _Memo, near: Near | None) -> list[float]:
    """``_best_completion`` of a barn decision (phase BUILD) while the supply has tiles;
    ``near`` is ``_near_fields(state)`` when already known.

    No outcome is built: a barn on tile-field ``f`` of the tile just placed appends (its
    node, the seat) to ``barns`` and takes one barn from the seat's stock (FE-R40 … FE-R42,
    ``FencesTurns._build``); with the supply not empty the turn then ends with a draw
    (FE-R34 step 4), and passing changes nothing the estimates read. The barn's field keeps
    its root, so only its barn term and, when it is one tile from completion, its bonus
    terms change.
    """
    seat = state.active
    tiles_left = _tiles_left(state)
    by_root = _barn_fields(state.parent, state.barns)
    barn_terms = _barn_terms(state, memo, by_root, tiles_left)
    field_at = {root: i for i, root in enumerate(by_root)}  # root -> its barn_terms entry
    if not _has_bonus(state, tiles_left):
        near = []
    elif near is None:
        near = _near_fields(state)
    near_terms = _near_terms(state, memo, near, by_root) if near else []
    near_at = {root: i for i, (root, _) in enumerate(near)}  # root -> its near_terms entry
    stock_value = _stock_value(memo.cfg, tiles_left)
    built = state.stocks[:]
    built[seat] -= 1
    node0 = state.p_node[-1]
    layout = state.cfg.layout
    best: list[float] | None = None
    best_value = -math.inf
    for action in state.legal_actions():
        kind, field = layout.decode(action)
        if kind == act.PASS:
            est = _total(state.scores, barn_terms, state.stocks, stock_value, near_terms)
        else:
            assert kind == act.BARN
            root = _root(state.parent, node0 + field)
            owners = [*by_root.get(root, ()), seat]
            term = _barn_term(memo, state.anim[root], state.opn[root], len(owners), tiles_left)
            at = field_at.get(root)
            if at is None:  # the field's first barn: its field comes last
                with_barn = [*barn_terms, (owners, term)]
            else:
                with_barn = barn_terms[:]
                with_barn[at] = (owners, term)
            terms = near_terms
            i = near_at.get(root, -1)
            if i >= 0:  # the field is one tile from completion: its bonus terms change
                table = _bonus_table(state, memo)
                changed = _bonus_terms(state, table, state.anim[root], near[i][1], tuple(owners))
                terms = [*near_terms[:i], changed, *near_terms[i + 1 :]]
            est = _total(state.scores, with_barn, built, stock_value, terms)
        value = _relative(est, seat)
        if value > best_value:
            best, best_value = est, value
    assert best is not None
    return best


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
    """The seat's estimate minus the best other seat's."""
    if len(est) == 2:
        return est[seat] - est[1 - seat]
    return est[seat] - max(est[:seat] + est[seat + 1 :])


def _best_completion(state: FencesRules, memo: _Memo) -> list[float]:
    """Estimates after the seat to move finishes its placement and barn decision as well as
    it can (by its own estimate); of equally good completions, the first legal one."""
    if state.phase == BUILD:
        return _best_build(state, memo, _near_fields(state))
    return _best_placement(state, memo, _Fields(state))


def _best_placement(
    state: FencesRules, memo: _Memo, before: _Fields, spare: bool = False
) -> list[float]:
    """``_best_completion`` while the tile's cell or rotation is still to choose; ``before``
    holds the fields of ``state`` (no tile is laid before the rotation is chosen). With
    ``spare`` the caller no longer needs ``state``, so the last action is applied to it
    instead of a copy."""
    seat = state.active
    best: list[float] | None = None
    best_value = -math.inf
    legal = state.legal_actions()
    last = len(legal) - 1
    for i, action in enumerate(legal):
        child = state if spare and i == last else state.clone()
        child.apply_action(action)
        mine = child.active == seat
        if child.phase == SELECT_ROT and mine:
            est = _best_placement(child, memo, before, spare=True)
        elif child.phase == BUILD and mine:
            est = _best_build(child, memo, before.near_after(child))
        else:
            est = _estimates(child, memo, before.near_after(child))
        value = _relative(est, seat)
        if value > best_value:
            best, best_value = est, value
    assert best is not None
    return best


def _best_build(state: FencesRules, memo: _Memo, near: Near | None) -> list[float]:
    """``_best_completion`` of a barn decision; ``near`` is ``_near_fields(state)`` when
    already known (a barn decision lays no tile, so its outcomes share the fields)."""
    if state.supply_total > 0:
        return _best_barn(state, memo, near)
    seat = state.active
    best: list[float] | None = None
    best_value = -math.inf
    nodes = len(state.parent)
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.phase in (SELECT_ROT, BUILD) and child.active == seat:
            est = _best_completion(child, memo)
        else:
            est = _estimates(child, memo, near if len(child.parent) == nodes else None)
        value = _relative(est, seat)
        if value > best_value:
            best, best_value = est, value
    assert best is not None
    return best


def evaluate(state: FencesRules, seat: int) -> float:
    """How good ``state`` is for ``seat``, in [-1, 1] (1: a sure win)."""
    if state.phase == OVER:
        return state.returns()[seat]
    memo = _memo(state.cfg)
    if state.phase in (SELECT_CELL, SELECT_ROT, BUILD):
        est = _best_completion(state, memo)
    else:
        est = _estimates(state, memo, None)
    return math.tanh(_relative(est, seat) / SCALE)


def evaluate_all(state: FencesRules) -> list[float]:
    """``evaluate(state, seat)`` for every seat, computing the estimates once."""
    if state.phase == OVER:
        return state.returns()
    memo = _memo(state.cfg)
    est = (
        _best_completion(state, memo)
        if state.phase in (SELECT_CELL, SELECT_ROT, BUILD)
        else _estimates(state, memo, None)
    )
    return [math.tanh(_relative(est, seat) / SCALE) for seat in range(state.cfg.num_players)]
