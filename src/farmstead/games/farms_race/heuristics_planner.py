"""The Farms Race turn planner: the heuristic agent's policy and mcts's rollout policy.

``policy`` lists the legal actions once per decision and hands them to the plan of the phase;
a plan reads the arguments of one kind of action off that list by id range (``_choices``).
"""

from __future__ import annotations

from collections.abc import Callable

from farmstead.core.game import State
from farmstead.games.farms_race.actions import (
    ACCEPT,
    ARMORY_AT,
    BARN_AT,
    BUY_NUKE,
    BUY_SPY,
    CANCEL,
    CONFIRM,
    CONTINUE,
    DECLINE,
    DONE,
    END_PHASE,
    END_TURN,
    HEAL,
    HIT,
    KEEP,
    LAUNCH,
    MOVE_TO,
    MUTATION,
    ORDER,
    PASS,
    PAY_FOUR,
    PAY_NORMAL,
    PLAY_SPY,
    RESOURCE,
    RETREAT,
    SEAT,
    SOURCE,
    START,
    TAKE,
    TARGET,
    ZOMBIE_TO,
)
from farmstead.games.farms_race.heuristics_standing import VP_VALUE
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ADORABLE,
    ALLOCATE_ATTACKER,
    ALLOCATE_DEFENDER,
    ATTACKER_DECIDES,
    BLACKMAIL,
    BLACKMAIL_TAKE,
    BLUE_BLOODED,
    BUILD_ARMORY,
    BUILD_BARN,
    CHOOSE_MUTATION,
    CHOOSE_START,
    DEFENDER_DECIDES,
    DERANGED,
    DISCARD,
    DISCARD_PHASE,
    DOUBLE_AGENT,
    DOUBLES_ORDER,
    FIELD_HOSPITAL,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    FLYING,
    HACK,
    HYPER_INTELLIGENT,
    LUCKY,
    LUCKY_FACE,
    MOVE_SELECT,
    NAME_WILD,
    NO,
    NORTH_KOREAN,
    NUKE_RESPONSE,
    NUKE_TARGET,
    NUKE_TOKEN,
    PARASITIC,
    PAYMENT,
    POCKET_ALLOCATE,
    PROPAGANDA,
    RADIOACTIVE,
    REDO_OFFER,
    REGENERATIVE,
    RESOURCES,
    ROUTE_RETREAT,
    SPY_OPPONENT,
    SPY_RESOURCE,
    SPY_WINDOW,
    START_CHOICE,
    STEAL_VICTIM,
    THIEVERY,
    TRADE_PROPOSE,
    TRADE_RESPOND,
    TRADE_SLOT,
    VP_SPIES,
    ZOMBIE,
)
from farmstead.games.farms_race.rules import FRRules

MUTATION_PREFERENCE = (
    BLUE_BLOODED,
    HYPER_INTELLIGENT,
    PARASITIC,
    REGENERATIVE,
    LUCKY,
    ZOMBIE,
    NORTH_KOREAN,
    FLYING,
    RADIOACTIVE,
    DERANGED,
    ADORABLE,
)
HUMANS_MARGIN = 3  # herds brought against a face-down token (the rulebook's advice, FR-2.5)
ATTACK_MARGIN = 2  # herds more than the defender's before attacking a player


def _do(state: FRRules, kind: int, arg: int = 0) -> int:
    return state.cfg.layout.base[kind] + arg


def _choices(state: FRRules, legal: list[int], kind: int) -> list[int]:
    """The arguments of the actions of ``kind`` in ``legal`` (the decision's legal actions),
    in their order.

    The ids of one kind are the range from its ``base`` to the next kind's (``ActionLayout``
    numbers the kinds' groups one after another), so no id is decoded.
    """
    layout = state.cfg.layout
    base = layout.base
    low = base[kind]
    high = base[kind + 1] if kind + 1 < len(base) else layout.size
    return [a - low for a in legal if low <= a < high]


def _regions_of(state: FRRules, seat: int) -> list[int]:
    return [r for r, o in enumerate(state.owner) if o == seat]


def _resource_weights(state: FRRules, seat: int) -> list[float]:
    """How much ``seat`` wants one more card of each resource: the kinds its next builds need
    that it lacks, and the kinds its regions do not produce."""
    c = state.cfg
    hand = state.hands[5 * seat : 5 * seat + 5]
    weights = [1.0] * 5
    for build in (BUILD_BARN, BUILD_ARMORY):
        cost = c.build_costs[build]
        for k in range(5):
            if cost[k] > hand[k]:
                weights[k] += cost[k] - hand[k]
    produced = [0] * 5
    for r in _regions_of(state, seat):
        produced[c.produces[r]] += 1
    for k in range(5):
        if not produced[k]:
            weights[k] += 1.0
    return weights


def _target_value(state: FRRules, seat: int, region: int, weights: list[float]) -> float:
    """What taking ``region`` is worth to ``seat``: its resource, a conquest VP (FR-7.3), an
    enemy building destroyed (FR-7.5); ``weights`` is ``_resource_weights(state, seat)``."""
    c = state.cfg
    value = weights[c.produces[region]]
    holder = state.owner[region]
    if holder != NO and holder != seat:
        if not state.turmoil >> region & 1:
            value += VP_VALUE
        if state.building[region]:
            value += 2.0 * state.building[region]
    return value


def _healthy_available(state: FRRules, seat: int, dest: int) -> int:
    """Healthy herds that may move into ``dest`` now (from the seat's neighbouring regions)."""
    owner = state.owner
    healthy_ready = state.healthy_ready
    healthy = 0
    for r in state.cfg.adjacent[dest]:
        if owner[r] == seat:
            healthy += healthy_ready[r]
    return healthy


def _wanted(state: FRRules, seat: int, dest: int) -> int:
    """Herds to send into ``dest`` (0: not worth it)."""
    holder = state.owner[dest]
    if holder == seat:
        return 0
    if holder == NO:
        if not state.has_token(dest) or state.mutation[seat] == ADORABLE:
            return 1  # an empty region (or humans Adorable walks in among): expand
        need = HUMANS_MARGIN if state.face_down >> dest & 1 else state.token[dest] + 1
        healthy = _healthy_available(state, seat, dest)
        return need + 1 if healthy >= need + 1 else (need if healthy >= need else 0)
    defenders = state.herds_in(dest)
    if not defenders:
        return 1  # FR-R2: a building alone falls without dice
    need = defenders + ATTACK_MARGIN + state.armories_of(holder)
    healthy = _healthy_available(state, seat, dest)
    return healthy if healthy >= need else 0


def _best_move(state: FRRules, seat: int, legal: list[int]) -> int:
    """The destination of the best move now, or NO."""
    best, best_value = NO, 0.0
    weights: list[float] | None = None
    for dest in _choices(state, legal, MOVE_TO):
        if not _wanted(state, seat, dest):
            continue
        if weights is None:
            weights = _resource_weights(state, seat)
        value = _target_value(state, seat, dest, weights)
        if state.owner[dest] == NO and state.has_token(dest):
            value += 0.5  # humans cleared open the region for good
        if value > best_value:
            best, best_value = dest, value
    return best


def _plan_move(state: FRRules, seat: int, legal: list[int]) -> int:
    """The next step of the move into ``state.move_dest``: take healthy herds first from the
    sources, up to the herds wanted, then confirm."""
    dest = state.move_dest
    want = max(1, _wanted(state, seat, dest))
    taken = sum(h + i for _, h, i in state.move_sel)
    confirm = _do(state, CONFIRM)
    if taken >= want and confirm in legal:
        return confirm
    src = state.move_src
    if src != NO:
        take_healthy = _do(state, TAKE)
        if take_healthy in legal:
            return take_healthy
        if state.owner[dest] == NO and not state.has_token(dest):
            take_injured = _do(state, TAKE, 1)
            if take_injured in legal:
                return take_injured
    sources = _choices(state, legal, SOURCE)
    for r in sources:
        if state.healthy_ready[r]:
            return _do(state, SOURCE, r)
    if sources and (state.owner[dest] == NO and not state.has_token(dest)):
        return _do(state, SOURCE, sources[0])  # injured herds may walk into an empty region
    if confirm in legal:
        return confirm
    if src != NO and _do(state, TAKE, 1) in legal:
        # Only injured herds are left to take and nothing else completes the move (Adorable
        # moving into a region with a Human token, FR-1.1): take one rather than switch
        # sources for ever.
        return _do(state, TAKE, 1)
    cancel = _do(state, CANCEL)
    return cancel if cancel in legal else legal[0]


def _hit(state: FRRules, seat: int, legal: list[int]) -> int:
    """Damage allocation: injure a healthy herd before killing an injured one (spread the
    damage, FR-R5); a Zombie's dying herd retreats; Adorable's humans take points first."""
    zombie = _choices(state, legal, ZOMBIE_TO)
    if zombie and _do(state, HIT) not in legal:
        return _do(state, ZOMBIE_TO, zombie[0])
    for option in (_do(state, HIT, 2), _do(state, HIT), _do(state, HIT, 1)):
        if option in legal:
            return option
    return legal[0]


def _menu(state: FRRules, seat: int, legal: list[int]) -> int:
    """The free actions of the active player, best first; END_PHASE / END_TURN last."""
    allowed = set(legal)
    for build in (ARMORY_AT, BARN_AT):
        regions = _choices(state, legal, build)
        if regions:
            # the region with the most herds: the building is hardest to take there
            return _do(state, build, max(regions, key=lambda r: (state.herds_in(r), -r)))
    for card in VP_SPIES:
        reveal = _do(state, PLAY_SPY, card)
        if reveal in allowed and state.visible_vp(seat) + state.hidden_vp(seat) >= (
            state.cfg.target_vp
        ):
            return reveal
    for card in (FIELD_HOSPITAL, THIEVERY, PROPAGANDA, DOUBLE_AGENT, BLACKMAIL):
        play = _do(state, PLAY_SPY, card)
        if play in allowed and (card != FIELD_HOSPITAL or _injured(state, seat)):
            return play
    if state.phase == ACTIONS:
        dest = _best_move(state, seat, legal)
        if dest != NO:
            return _do(state, MOVE_TO, dest)
        heals = _choices(state, legal, HEAL)
        if heals:
            return _do(state, HEAL, heals[0])
    nuke = _do(state, BUY_NUKE)
    if nuke in allowed and (state.nukiest != seat) and state.hand_size(seat) >= 5:
        return nuke
    spy = _do(state, BUY_SPY)
    if spy in allowed and state.hand_size(seat) >= 6:
        return spy
    trade = _supply_trade(state, seat)
    if trade != NO:
        return trade
    end = _do(state, END_TURN if state.phase == DISCARD_PHASE else END_PHASE)
    return end


def _injured(state: FRRules, seat: int) -> int:
    return sum(
        state.injured_ready[r] + state.injured_acted[r]
        for r in range(state.cfg.regions)
        if state.owner[r] == seat
    )


def _supply_trade(state: FRRules, seat: int) -> int:
    """FR-8.2: trade a surplus kind (3 of it beyond what builds need) for the kind wanted most,
    when that completes a Barn or an Armory."""
    c = state.cfg
    hand = state.hands[5 * seat : 5 * seat + 5]
    rate = state.trade_rate(seat)
    for build in (BUILD_ARMORY, BUILD_BARN):
        cost = c.build_costs[build]
        missing = [k for k in range(5) if hand[k] < cost[k]]
        if len(missing) != 1 or hand[missing[0]] + 1 < cost[missing[0]]:
            continue
        want = missing[0]
        for give in sorted(range(5), key=lambda k: -(hand[k] - cost[k])):
            if give != want and hand[give] - cost[give] >= rate:
                return c.layout.trade(give, want)
    return NO


def policy(state: State, seat: int, rng: object = None) -> int:
    """The Farms Race turn planner: a legal action for ``seat``, the seat to move, from what
    ``seat`` may see (its own cards, the public map and counts).

    Builds Armories and Barns whenever it can (the VP race, FR-12), reveals hidden VP Spies
    when they win, plays useful Spies, attacks the most valuable neighbouring region it can
    take with a margin (humans: at least three herds against a face-down token, FR-2.5),
    expands into empty regions, heals, keeps a Nuke for the Nukiest Award, trades surplus
    cards with the Supply to finish a build, and names wild faces for what its regions
    produce. In combat it spreads damage and presses on while it outnumbers the defender.
    It never proposes trades and accepts only those that give it more than they take.

    Deterministic: ``rng`` is accepted for the protocol and not used. The legal actions are
    listed once and handed to the phase's plan, which picks among them by id range.
    """
    assert isinstance(state, FRRules)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    plan = _PLANS.get(state.phase)
    return legal[0] if plan is None else plan(state, seat, legal)


# The planner's choice in one phase: ``plan(state, seat, legal)`` with ``legal`` the legal
# actions (more than one).
_Plan = Callable[[FRRules, int, list[int]], int]


def _always(kind: int) -> _Plan:
    """The plan that always takes the action ``kind`` (without an argument)."""

    def plan(state: FRRules, seat: int, legal: list[int]) -> int:
        return _do(state, kind)

    return plan


def _first(state: FRRules, seat: int, legal: list[int]) -> int:
    return legal[0]


def _attacker_decides(state: FRRules, seat: int, legal: list[int]) -> int:
    """Press on while the attackers are at least as many as the defenders, else retreat."""
    attackers = state.combat_attackers[0] + state.combat_attackers[1]
    continue_ = _do(state, CONTINUE)
    if continue_ in legal and attackers >= state._defender_units():
        return continue_
    retreat = _do(state, RETREAT)
    return retreat if retreat in legal else continue_


def _defender_decides(state: FRRules, seat: int, legal: list[int]) -> int:
    """Fight on while the defenders (humans included) are at least as many as the attackers."""
    r = state.combat_region
    mine = state.healthy_ready[r] + state.injured_ready[r] + state.combat_humans
    if mine >= state.combat_attackers[0] + state.combat_attackers[1] or len(legal) == 1:
        return _do(state, CONTINUE)
    return max(a for a in legal if a != _do(state, CONTINUE))


def _name_resource(state: FRRules, seat: int, legal: list[int]) -> int:
    """A wild face or Lucky's die: what its regions produce, weighted by what it wants; a
    starting resource or a Spy's resource: what it wants most."""
    c = state.cfg
    produced = [0.0] * 5
    for r in _regions_of(state, seat):
        produced[c.produces[r]] += 1
    weights = _resource_weights(state, seat)
    if state.phase in (NAME_WILD, LUCKY_FACE):
        score = [produced[k] * weights[k] for k in range(5)]
    else:
        score = weights
    return _do(state, RESOURCE, max(range(5), key=lambda k: (score[k], -k)))


def _discard(state: FRRules, seat: int, legal: list[int]) -> int:
    """The card held most for how little it is wanted."""
    hand = state.hands[5 * seat : 5 * seat + 5]
    weights = _resource_weights(state, seat)
    kinds = _choices(state, legal, RESOURCE)
    return _do(state, RESOURCE, max(kinds, key=lambda k: (hand[k] / weights[k], -k)))


def _blackmail_take(state: FRRules, seat: int, legal: list[int]) -> int:
    """The card wanted most."""
    weights = _resource_weights(state, seat)
    kinds = _choices(state, legal, RESOURCE)
    return _do(state, RESOURCE, max(kinds, key=lambda k: (weights[k], -k)))


def _choose_mutation(state: FRRules, seat: int, legal: list[int]) -> int:
    offered = set(_choices(state, legal, MUTATION))
    return _do(state, MUTATION, next(m for m in MUTATION_PREFERENCE if m in offered))


def _choose_start(state: FRRules, seat: int, legal: list[int]) -> int:
    """The start with the most neighbours."""
    c = state.cfg
    starts = _choices(state, legal, START)
    return _do(state, START, max(starts, key=lambda r: (len(c.adjacent[r]), -r)))


def _victim(state: FRRules, seat: int, legal: list[int]) -> int:
    """The seat holding the most cards."""
    victims = _choices(state, legal, SEAT)
    return _do(state, SEAT, max(victims, key=lambda v: (state.hand_size(v), -v)))


def _pay(state: FRRules, seat: int, legal: list[int]) -> int:
    """The normal cost when it can; else the cards held most for how little they are
    wanted."""
    normal = _do(state, PAY_NORMAL)
    if normal in legal:
        return normal
    hand = state.hands[5 * seat : 5 * seat + 5]
    kinds = _choices(state, legal, PAY_FOUR) or _choices(state, legal, RESOURCE)
    weights = _resource_weights(state, seat)
    kind = PAY_FOUR if _choices(state, legal, PAY_FOUR) else RESOURCE
    return _do(state, kind, max(kinds, key=lambda k: (hand[k] / weights[k], -k)))


def _hack(state: FRRules, seat: int, legal: list[int]) -> int:
    return max(legal)  # play Hacking when it can


def _nuke_back(state: FRRules, seat: int, legal: list[int]) -> int:
    token = _do(state, LAUNCH, NUKE_TOKEN)
    return token if token in legal else _do(state, PASS)


def _nuke_target(state: FRRules, seat: int, legal: list[int]) -> int:
    targets = _choices(state, legal, TARGET)
    return _do(state, TARGET, max(targets, key=lambda r: _nuke_value(state, seat, r)))


def _answer_trade(state: FRRules, seat: int, legal: list[int]) -> int:
    """Accept a trade that gives more cards than it takes."""
    give = sum(state.trade_ask)
    get = sum(state.trade_give)
    accept = _do(state, ACCEPT)
    return accept if accept in legal and get > give else _do(state, DECLINE)


def _spy_window(state: FRRules, seat: int, legal: list[int]) -> int:
    """Field Hospital when there are injured herds to save."""
    hospital = _do(state, PLAY_SPY, FIELD_HOSPITAL)
    if hospital in legal and _injured(state, seat) + state.combat_attackers[1]:
        return hospital
    return _do(state, PASS)


# The plan of each phase; any other phase takes its first legal action.
_PLANS: dict[int, _Plan] = {
    ACTIONS: _menu,
    RESOURCES: _menu,
    DISCARD_PHASE: _menu,
    MOVE_SELECT: _plan_move,
    ALLOCATE_ATTACKER: _hit,
    ALLOCATE_DEFENDER: _hit,
    POCKET_ALLOCATE: _hit,
    ATTACKER_DECIDES: _attacker_decides,
    DEFENDER_DECIDES: _defender_decides,
    NAME_WILD: _name_resource,
    LUCKY_FACE: _name_resource,
    START_CHOICE: _name_resource,
    SPY_RESOURCE: _name_resource,
    DISCARD: _discard,
    BLACKMAIL_TAKE: _blackmail_take,
    CHOOSE_MUTATION: _choose_mutation,
    CHOOSE_START: _choose_start,
    FLY_SOURCE: _always(DONE),
    FLY_HEALTH: _first,
    FLY_DEST: _first,
    STEAL_VICTIM: _victim,
    SPY_OPPONENT: _victim,
    PAYMENT: _pay,
    HACK: _hack,
    NUKE_RESPONSE: _nuke_back,
    NUKE_TARGET: _nuke_target,
    TRADE_RESPOND: _answer_trade,
    TRADE_SLOT: _always(PASS),
    TRADE_PROPOSE: _always(CANCEL),
    SPY_WINDOW: _spy_window,
    DOUBLES_ORDER: _always(ORDER),
    REDO_OFFER: _always(KEEP),
    ROUTE_RETREAT: _first,
}


def _nuke_value(state: FRRules, seat: int, region: int) -> float:
    """A nuke's worth at ``region``: the leader's herds hurt, never one's own."""
    holder = state.owner[region]
    if holder == seat:
        return -10.0 - state.herds_in(region)
    if holder == NO:
        return 0.5 if state.has_token(region) else 0.0
    return state.herds_in(region) + 0.5 * state.visible_vp(holder)
