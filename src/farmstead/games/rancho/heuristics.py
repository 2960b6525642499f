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

from farmstead.games.rancho.actions import (
    ARRANGE_SAFEST,
    CANCEL,
    CONFIRM,
    END_TURN,
    FOX_FIRST,
    GIVE_BASE,
    KEEP_DOG,
    RECEIVE_BASE,
    RETURN_BASE,
    ROLL,
    USE_DOG,
)
from farmstead.games.rancho.layout import (
    COW,
    DOG,
    EXPANSION,
    FOX,
    HORSE,
    LARGE_DOG,
    ORDER,
    RABBIT,
    SHEEP,
    SMALL_DOG,
    WOLF,
)
from farmstead.games.rancho.rules import RanchoRules

# Difficulty levels: level name -> agent spec, each answering well within 2 s a move,
# chosen from the published ladder (docs/ladder/rancho.html: random -353, mcts at 10/40/160
# iterations -118 … +118, heuristic +353 Elo): no setting beats the turn planner, so there is
# no Expert level.
BOT_LEVELS: dict[str, str | None] = {
    "easy": "random",
    "medium": "mcts:iterations=160,seconds=1.5",
    "hard": "heuristic",  # the turn planner below
    "expert": None,
}

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


# --- the turn planner (``policy``) ---------------------------------------------------------
#
# The greedy one-ply agent cannot build an exchange: every single GIVE, RECEIVE or BUY is a
# half-made transaction. The planner instead chooses whole transactions. At the start of a
# transaction it scores every target herd the seat could hold after one balanced exchange
# (RA-R10, RA-R11, RA-R13: only the net change per kind matters) combined with buying up to
# two adjacent pastures (RA-R17, RA-R18), keeps the best, and plays its steps one by one:
# BUY, RECEIVE, GIVE, then CONFIRM. Mid-transaction it continues the best plan that extends
# what is already in the transaction, so it never cancels an exchange it built.

PLAN_MARGIN = 0.5  # a transaction must beat standing still by this much (no churn)
GROWTH_TURNS = 3.0  # own rolls of expected breeding counted in a herd's score
RISK_ROUNDS = 2.0  # rounds of expected predator losses counted against a herd
KIND_BONUS = 6.0  # per kind of the winning set held
FITS_WIN = 12.0  # the spaces can hold one animal of each kind
FITS_HORSE = 6.0  # the spaces hold a triangle for a horse
WIPE = 15.0  # extra loss when one attack would take every animal of a kind
WIN_SCORE = 1.0e6  # a herd that holds the winning set and fits: placing it wins (RA-R43)
MAX_BUY = 2  # pastures bought in one planned transaction
STEP_RESERVE = 3  # decisions kept for placing, rolling and ending the turn (RA-R45)


class _Plan:
    """A whole transaction: the herd it leads to and the steps that build it."""

    __slots__ = ("target", "buy", "score")

    def __init__(self, target: tuple[int, ...], buy: tuple[int, ...], score: float) -> None:
        self.target = target  # pieces of each of the six kinds held after settling
        self.buy = buy  # pastures, in an order in which each may be bought (RA-R18)
        self.score = score


def _face_odds(cfg: object) -> tuple[list[list[float]], float, float]:
    """Per animal kind, the chance of one and of two faces in a roll; expected fox and wolf
    faces per roll (rancho.md 2.4)."""
    odds = [[0.0, 0.0, 0.0] for _ in range(4)]
    fox = wolf = 0.0
    for outcome, p in cfg.d12_outcomes:  # type: ignore[attr-defined]
        faces = (outcome // 6, outcome % 6)
        counts = [0] * 6
        for f in faces:
            counts[f] += 1
        for kind in range(4):
            odds[kind][counts[kind]] += p
        fox += p * counts[FOX]
        wolf += p * counts[WOLF]
    return odds, fox, wolf


_ODDS: dict[int, tuple[list[list[float]], float, float]] = {}


def _odds(cfg: object) -> tuple[list[list[float]], float, float]:
    key = id(cfg.d12_outcomes)  # type: ignore[attr-defined]
    known = _ODDS.get(key)
    if known is None:
        known = _ODDS[key] = _face_odds(cfg)
    return known


def _wipe_chance(cfg: object, pieces: list[tuple[int, ...]]) -> float:
    """Chance that one attack takes every piece listed (each given by the cells it covers):
    every piece touches a pasture of the rolled number (RA-R34, RA-R35)."""
    cost = cfg.board.cost  # type: ignore[attr-defined]
    common: set[int] | None = None
    for cells in pieces:
        numbers = {cost[cell] for cell in cells if cost[cell]}
        common = numbers if common is None else common & numbers
        if not common:
            return 0.0
    if not common:
        return 0.0
    faces = cfg.d6_faces  # type: ignore[attr-defined]
    return sum(1 for f in faces if f in common) / len(faces)


def herd_score(
    state: RanchoRules, target: tuple[int, ...] | list[int], mask: int, herd: list[int]
) -> float | None:
    """How good it is to hold ``target`` (six counts) on the spaces ``mask`` with ``herd`` left
    in the central herd, in rabbits-worth; ``None`` when the animals do not fit (RA-R29).
    Spaces that could hold the winning set score ``FITS_WIN``, else ``FITS_HORSE`` when a horse
    fits.

    The score is the herd's value, plus the breeding expected from ``GROWTH_TURNS`` own rolls
    (RA-R39, RA-R40, young capped by the free room), minus the predator losses expected in
    ``RISK_ROUNDS`` rounds with the safest arrangement (RA-R34 … RA-R37, a matching dog caps a
    loss at the dog's value), plus ``KIND_BONUS`` per kind of the winning set; a herd holding the
    whole winning set scores ``WIN_SCORE`` (placing it wins, RA-R43).
    """
    c = state.cfg
    rabbits, sheep, cows, horses = target[RABBIT], target[SHEEP], target[COW], target[HORSE]
    best = c.placement.safest(mask, horses, cows, sheep, rabbits)
    if best is None:
        return None
    if rabbits > 0 and sheep > 0 and cows > 0 and horses > 0:
        return WIN_SCORE
    values = c.values
    per = c.rabbits_per_space
    worth = float(sum(values[k] * target[k] for k in range(6)))
    stacks = -(-rabbits // per)
    free = mask.bit_count() - 3 * horses - 2 * cows - sheep - stacks
    caps = (stacks * per - rabbits + per * free, free, free // 2, free // 3)
    odds, fox_faces, wolf_faces = _odds(c)
    growth = 0.0
    for kind in range(4):
        n = target[kind]
        one, two = odds[kind][1], odds[kind][2]
        limit = min(herd[kind], caps[kind])
        growth += values[kind] * (one * min((n + 1) // 2, limit) + two * min((n + 2) // 2, limit))
    faces = len(c.d6_faces)
    hit = c.placement.cell_hit
    fox_units = sum(c.placement.weights[RABBIT] * n * hit[cell] for cell, n in best.rabbits)
    fox_loss = fox_units / faces
    if best.rabbits:
        fox_loss += WIPE * _wipe_chance(c, [(cell,) for cell, _ in best.rabbits])
    wolf_loss = (best.score - fox_units) / faces
    board = c.board
    groups: tuple[list[tuple[int, ...]], ...] = (
        [(cell,) for cell in best.sheep],
        [board.edges[e] for e in best.cows],
        [board.triangles[t] for t in best.horses],
    )
    for pieces in groups:
        if pieces:
            wolf_loss += WIPE * _wipe_chance(c, pieces)
    if target[SMALL_DOG]:
        fox_loss = min(fox_loss, values[SMALL_DOG] * 0.5)
    if target[LARGE_DOG]:
        wolf_loss = min(wolf_loss, values[LARGE_DOG] * 0.5)
    risk = c.num_players * (fox_faces * fox_loss + wolf_faces * wolf_loss)
    kinds = (rabbits > 0) + (sheep > 0) + (cows > 0) + (horses > 0)
    # Room for the winning set (RA-R26, RA-R43): without a triangle no horse can ever stand.
    if c.placement.feasible(mask, 1, 1, 1, 1):
        room = FITS_WIN
    elif c.board.triangles_in(mask):
        room = FITS_HORSE
    else:
        room = 0.0
    return worth + GROWTH_TURNS * growth - RISK_ROUNDS * risk + KIND_BONUS * kinds + room


def _owned(state: RanchoRules, seat: int) -> list[int]:
    return [state.owned(seat, kind) for kind in range(6)]


def _pasture_sets(state: RanchoRules, seat: int) -> list[tuple[int, ...]]:
    """Up to ``MAX_BUY`` empty pastures bought by normal purchase (RA-R16, RA-R18), each in an
    order in which every pasture touches the territory or one bought before it."""
    c = state.cfg
    board = c.board
    left = c.pasture_limit - state.npast[seat]
    if left <= 0:
        return [()]
    taken = 0
    for m in state.terr:
        taken |= m
    free = board.pasture_mask & ~taken
    terr = state.terr[seat]
    firsts = list(board.bits(board.neighbourhood(terr) & free))
    sets: list[tuple[int, ...]] = [()]
    seen: set[frozenset[int]] = set()
    for p in firsts:
        sets.append((p,))
        if left < 2 or MAX_BUY < 2:
            continue
        reach = terr | (1 << p)
        for q in board.bits(board.neighbourhood(reach) & free & ~(1 << p)):
            key = frozenset((p, q))
            if key not in seen:
                seen.add(key)
                sets.append((p, q))
    return sets


def best_plan(state: RanchoRules, seat: int) -> tuple[_Plan | None, float | None]:
    """The best whole transaction for ``seat`` extending the open one (if any), and the score
    of standing still (``None`` when the current animals do not fit).

    A plan is a net target per kind (RA-R13) with value(given) = value(received) + prices
    (RA-R10), within the herd's stock (RA-R11), the pasture limit (RA-R16) and the decisions
    left in the turn (RA-R45). ``None`` when no plan extends the open transaction.
    """
    c = state.cfg
    values = c.values
    cost = c.board.cost
    owned = _owned(state, seat)
    herd = state.herd
    terr = state.terr[seat]
    stand = herd_score(state, owned, terr, list(herd))
    steps_left = c.max_actions_per_turn - state.turn_actions - STEP_RESERVE
    if state.tx_open:
        # The steps already taken stay part of the plan; the route is not planned for.
        steps_left += sum(state.tx_give) + sum(state.tx_recv) + len(state.tx_buy)
    lo, hi = _target_bounds(state, owned)
    wealth = sum(values[k] * owned[k] for k in range(6))
    standing = tuple(owned)
    best: _Plan | None = None
    needed_buy = set(state.tx_buy)
    for buy in _pasture_sets(state, seat):
        if needed_buy and not needed_buy.issubset(buy):
            continue
        price = sum(cost[p] for p in buy)
        budget = wealth - price
        if budget < 0:
            continue
        mask = terr
        for p in buy:
            mask |= 1 << p
        for target in _affordable_targets(values, lo, hi, budget):
            if not buy and target == standing:
                continue
            moves = sum(abs(target[k] - owned[k]) for k in range(6))
            if moves + len(buy) + 1 > steps_left:
                continue
            after = [herd[k] + owned[k] - target[k] for k in range(6)]
            score = herd_score(state, target, mask, after)
            if score is not None and (best is None or score > best.score):
                best = _Plan(target, buy, score)
    return best, stand


def _target_bounds(state: RanchoRules, owned: list[int]) -> tuple[list[int], list[int]]:
    """The least and the most of each kind a plan may end with: what the open transaction
    already received is kept and what it gave is gone (RA-R13), the herd's stock caps the rest
    (RA-R11), and no more animals than help a race to one of each (RA-R43)."""
    herd = state.herd
    tx_give, tx_recv = state.tx_give, state.tx_recv
    lo = [0] * 6
    hi = [0] * 6
    for kind in range(6):
        lo[kind] = 0
        hi[kind] = owned[kind] + herd[kind]
        if tx_give[kind]:
            hi[kind] = min(hi[kind], owned[kind] - tx_give[kind])
        if tx_recv[kind]:
            lo[kind] = owned[kind] + tx_recv[kind]
    # Animals beyond these counts never help a race to one of each (RA-R43).
    hi[HORSE] = min(hi[HORSE], 2)
    hi[COW] = min(hi[COW], 3)
    hi[SHEEP] = min(hi[SHEEP], 4)
    hi[SMALL_DOG] = min(hi[SMALL_DOG], max(1, lo[SMALL_DOG]))
    hi[LARGE_DOG] = min(hi[LARGE_DOG], max(1, lo[LARGE_DOG]))
    return lo, hi


def _affordable_targets(
    values: tuple[int, ...], lo: list[int], hi: list[int], budget: int
) -> list[tuple[int, int, int, int, int, int]]:
    """Every target (six counts, between ``lo`` and ``hi``) worth exactly ``budget`` (RA-R10),
    the rabbits making up the rest; horses, cows, sheep, small and large dogs ascending, in
    that order of nesting."""
    out = []
    for horses in range(lo[HORSE], hi[HORSE] + 1):
        b3 = budget - values[HORSE] * horses
        if b3 < 0:
            break
        for cows in range(lo[COW], hi[COW] + 1):
            b2 = b3 - values[COW] * cows
            if b2 < 0:
                break
            for sheep in range(lo[SHEEP], hi[SHEEP] + 1):
                b1 = b2 - values[SHEEP] * sheep
                if b1 < 0:
                    break
                for small in range(lo[SMALL_DOG], hi[SMALL_DOG] + 1):
                    b0 = b1 - values[SMALL_DOG] * small
                    if b0 < 0:
                        break
                    for large in range(lo[LARGE_DOG], hi[LARGE_DOG] + 1):
                        rest = b0 - values[LARGE_DOG] * large
                        if rest < 0:
                            break
                        if rest % values[RABBIT]:
                            continue
                        rabbits = rest // values[RABBIT]
                        if lo[RABBIT] <= rabbits <= hi[RABBIT]:
                            out.append((rabbits, sheep, cows, horses, small, large))
    return out


def _next_step(state: RanchoRules, seat: int, plan: _Plan) -> int:
    """The next action building ``plan``'s transaction: BUY, RECEIVE, GIVE, then CONFIRM."""
    layout = state.cfg.layout
    owned = _owned(state, seat)
    for p in plan.buy:
        if p not in state.tx_buy:
            return layout.buy + p
    for kind in range(6):
        if plan.target[kind] - owned[kind] > state.tx_recv[kind]:
            return RECEIVE_BASE + kind
    for kind in range(6):
        if owned[kind] - plan.target[kind] > state.tx_give[kind]:
            return GIVE_BASE + kind
    return CONFIRM


def _loss_value(state: RanchoRules, seat: int) -> float:
    """Rabbits-worth the current attack would take from ``seat`` (RA-R34 … RA-R36), plus
    ``WIPE`` per kind it would take entirely."""
    values = state.cfg.values
    total = 0.0
    lost = [0, 0, 0, 0]
    for cell in state.attack_losses(seat):
        kind = state.cell_kind[cell]
        count = state.cell_amt[cell] if kind == RABBIT else 1
        total += values[kind] * count
        lost[kind] += count
    for kind in range(4):
        if lost[kind] and lost[kind] >= state.owned(seat, kind):
            total += WIPE  # the attack would take every animal of this kind
    return total


def policy(state: RanchoRules, seat: int, rng: object = None) -> int:
    """The Rancho turn planner: a legal action for ``seat``, the seat to move.

    * Expansion: play the steps of the best whole transaction (``best_plan``) when it beats
      standing still by ``PLAN_MARGIN``; continue the open transaction's plan to its CONFIRM
      (never CANCEL an exchange it built; CANCEL only a transaction no plan can finish, e.g.
      one a person left half-built, or an open passage route); otherwise place the pool
      safest, rearrange when safer (9.4), and ROLL (RA-R7, RA-R8).
    * Placement: return what cannot fit, choosing the return that leaves the best herd
      (RA-R29); place safest; END_TURN.
    * Dogs (RA-R37): use the dog when the attack would take at least the dog's value.
    * Predator order (RA-R32) does not matter: FOX_FIRST.

    Deterministic: ``rng`` is accepted for the protocol and not used.
    """
    phase = state.phase
    if phase == DOG:
        dog = SMALL_DOG if state.attack == FOX else LARGE_DOG
        worth = state.cfg.values[dog]
        return USE_DOG if _loss_value(state, seat) >= worth else KEEP_DOG

    if phase == ORDER:
        return FOX_FIRST
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.route_target >= 0:
        return CANCEL  # passage routes are not planned for
    if state.tx_open:
        plan, _ = best_plan(state, seat)
        if plan is None:
            return CANCEL
        step = _next_step(state, seat, plan)
        return step if step in legal else CANCEL
    if state.pool_count(seat) and not state.can_place_all(seat):
        return _best_return(state, seat, legal)
    if state.pool_count(seat):
        return ARRANGE_SAFEST
    if phase == EXPANSION:
        plan, stand = best_plan(state, seat)
        if plan is not None and (stand is None or plan.score > stand + PLAN_MARGIN):
            step = _next_step(state, seat, plan)
            if step in legal:
                return step
    if ARRANGE_SAFEST in legal:
        return ARRANGE_SAFEST
    return ROLL if ROLL in legal else END_TURN


def _best_return(state: RanchoRules, seat: int, legal: list[int]) -> int:
    """The RETURN (RA-R29) after which the seat's herd scores best."""
    owned = _owned(state, seat)
    best_action, best_score = -1, float("-inf")
    for kind in range(4):
        action = RETURN_BASE + kind
        if action not in legal:
            continue
        target = owned[:]
        target[kind] -= 1
        herd = state.herd[:]
        herd[kind] += 1
        score = herd_score(state, target, state.terr[seat], herd)
        if score is None:
            # Still too many: count what the rest is worth, so the cheapest piece goes first.
            score = -1e5 + sum(state.cfg.values[k] * target[k] for k in range(6))
        if score > best_score:
            best_action, best_score = action, score
    return best_action
