"""Farms Race's observation as a fixed-size float32 vector (``observation_tensor``).

``encode`` (the reference) builds it from ``observation(seat)`` alone, so no other seat's hand
composition can enter it (FR-16); ``state_encoder`` writes the same values straight from the
state's fields (``tensor_state``), tested equal to it. Seats are ordered from the viewer's
(``rel`` 0; seat 0 for a spectator). ``R`` regions, ``n`` seats.

================  ==========  ===================================================================
field             size        meaning
================  ==========  ===================================================================
phase             24          one-hot phase (layout.PHASE_NAMES)
active            n           relative seat whose turn it is
decider           n           relative seat deciding now
first             n           relative seat 1
round             1           round / max_rounds
region_type       5R          per region: its type (one-hot)
owner             nR          per region: the relative seat controlling it
herds             4R          per region: healthy, injured, healthy acted, injured acted / 12
building          2R          per region: Barn, Armory
turmoil           R           per region: a Turmoil token
token             5R          per region: face down, or a face-up token of 1, 2, 3; a stand-in
attacked          R           per region: attacked by the active player this turn
start_owner       nR          per region: the relative seat that controlled it when the turn
                              began (what conquest is scored against, FR-7.3)
tokens            7           unseen tokens of 1, 2, 3 / 16; revealed ones in the pool / 16;
                              stand-ins / 16
seats             9n          per relative seat: hand size / 10, herds, Barns, Armories left /
                              their caps, VP tokens / 10, visible VP / target, eliminated,
                              production last paid / 10, winner
my_hand           5           the viewer's cards per resource / 10
move              3R + 2      the move's target and current source (one-hot), herds taken per
                              origin / 12, all herds taken healthy and injured / 12
combat            3R + n + 10 region (one-hot), origins' herds / 12, the defender (relative seat
                              or humans), attackers healthy and injured / 12, humans / 3, round /
                              cap, the two rolls' guns and heads / 15, damage to allocate / 10
dice              14          the two resource dice (6 faces each, one-hot), wilds to name
named             5           resources named for wild faces
misc              5           discards owed / 10, starting resources owed / 2, herds to place /
                              12, a steal victim chosen, cancellations this turn / their cap
nuked             R           per region: nuked this turn (FR-R42)
peeked            3R          per region: the value Adorable peeked at (its own view only)
mutations         11n         per relative seat: its revealed Mutation (one-hot)
my_dealt          11          the viewer's dealt Mutations (setup)
spy_seats         7n          per relative seat: Spy cards / 10, revealed VP Spies (4), Nuke
                              tokens ready / 10 and spent / 10
nukiest           n           the relative seat holding the Nukiest Award
my_spies          22          the viewer's Spy cards per kind / 3, those got this turn / 3
spy_piles         13          deck size / 24, the discard pile per kind / 3, removed / 24
shown_hand        5           the hand Blackmail shows the viewer, per resource / 10
flying            R + 3       Flying: source region, health (2), flights / 12
resources_extra   3           Lucky's choice, North Korean and Stealing effects still to come
resume            P           the phase a Spy, payment or nuke exchange returns to (one-hot)
payment           5 + R + 5   the build being paid for, its region, Deranged's chosen cards / 5
spy_play          11 + n + 2  the Spy being played, its victim, cards taken / 3, Double Agent
                              draws left / 8
nuke              n+4+R+n+3   launcher, kind, target, victim, points / 2, humans / 3, hacked
nuke_stack        2n + R + 1  the top response opportunity (responder, nuker, region), depth / 8
trade             5n + 13     slot holder, next seat, proposals made / 3 per seat, passes / 4,
                              Open Trading proposals / 3, the proposal's from and to, give and
                              ask per resource / 10
combat_extra      R + 3       a defending Zombie's destination, heads for Adorable's humans /
                              15, Adorable's humans fighting, escaped herds / 12
setup_extra       1           Mutations still to deal / 12
================  ==========  ===================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from farmstead.core.tensor import StateEncoder, TensorLayout, TensorWriter, Vector, one_hot
from farmstead.games.farms_race import tensor_state
from farmstead.games.farms_race import tensor_writer as tensor_writer_module
from farmstead.games.farms_race.config import FRConfig
from farmstead.games.farms_race.layout import (
    BUILD_IDS,
    MUTATION_IDS,
    NUM_MUTATIONS,
    NUM_SPY_KINDS,
    PHASE_NAMES,
    RESOURCE_IDS,
    SPY_IDS,
)

BUILDINGS = {"barn": 0, "armory": 1}
NUKE_KINDS = ("token", "build", "pocket_nuke", "north_korean")  # position.py's names
BUILDS = (*BUILD_IDS, "nuke_back")
FACES = (*RESOURCE_IDS, "wild")
# A seat as the viewer's relative seat (``None`` stays ``None``).
Rel = Callable[[int | None], int | None]


def tensor_layout(c: FRConfig) -> TensorLayout:
    """The vector's fields for one configuration."""
    n = c.players
    r = c.regions
    t = TensorLayout()
    t.add("phase", len(PHASE_NAMES), "one-hot phase")
    t.add("active", n, "relative seat whose turn it is")
    t.add("decider", n, "relative seat deciding now")
    t.add("first", n, "relative seat 1")
    t.add("round", 1, "round / max_rounds")
    t.add("region_type", 5 * r, "per region: its type")
    t.add("owner", n * r, "per region: the relative seat controlling it")
    t.add("herds", 4 * r, "per region: healthy, injured, healthy acted, injured acted / 12")
    t.add("building", 2 * r, "per region: Barn, Armory")
    t.add("turmoil", r, "per region: Turmoil")
    t.add("token", 5 * r, "per region: face down, face up 1/2/3, stand-in")
    t.add("attacked", r, "per region: attacked this turn")
    t.add("start_owner", n * r, "per region: the relative seat controlling it at turn start")
    t.add("tokens", 7, "unseen and revealed-in-pool tokens per value / 16, stand-ins / 16")
    t.add("seats", 9 * n, "per relative seat: public counts")
    t.add("my_hand", 5, "the viewer's cards per resource / 10")
    t.add("move", 3 * r + 2, "the move being assembled")
    t.add("combat", 3 * r + n + 10, "the combat")
    t.add("dice", 14, "resource dice faces, wilds to name")
    t.add("named", 5, "resources named for wild faces")
    t.add("misc", 5, "discards, starting resources, herds to place, steal victim, cancels")
    t.add("nuked", r, "per region: nuked this turn")
    t.add("peeked", 3 * r, "per region: the value Adorable peeked at")
    t.add("mutations", NUM_MUTATIONS * n, "per relative seat: its Mutation")
    t.add("my_dealt", NUM_MUTATIONS, "the viewer's dealt Mutations")
    t.add("spy_seats", 7 * n, "per relative seat: Spy count, revealed VP Spies, Nuke tokens")
    t.add("nukiest", n, "the relative seat holding the Nukiest Award")
    t.add("my_spies", 2 * NUM_SPY_KINDS, "the viewer's Spy cards, and those got this turn")
    t.add("spy_piles", 2 + NUM_SPY_KINDS, "deck size, discard pile, removed cards")
    t.add("shown_hand", 5, "the hand Blackmail shows the viewer")
    t.add("flying", r + 3, "Flying: source, health, flights")
    t.add("resources_extra", 3, "Lucky's choice, doubles effects to come")
    t.add("resume", len(PHASE_NAMES), "the phase to return to")
    t.add("payment", 5 + r + 5, "the build being paid for, its region, chosen cards")
    t.add("spy_play", NUM_SPY_KINDS + n + 2, "the Spy being played and its choices")
    t.add("nuke", 2 * n + 4 + r + 3, "the nuke being launched")
    t.add("nuke_stack", 2 * n + r + 1, "the top response opportunity, depth")
    t.add("trade", 5 * n + 13, "the trade window and the proposal")
    t.add("combat_extra", r + 3, "Zombie destination, heads, Adorable's humans, escaped")
    t.add("setup_extra", 1, "Mutations still to deal")
    return t


def encode(c: FRConfig, layout: TensorLayout, obs: dict[str, Any]) -> Vector:
    """The vector of observation ``obs`` (see the module docstring)."""
    v = layout.new()
    n = c.players
    viewer = obs["you"] if obs["you"] is not None else 0

    def rel(seat: int | None) -> int | None:
        return None if seat is None else (seat - viewer) % n

    # Each part fills the fields its docstring names (see the module docstring).
    _encode_turn(c, layout, obs, v, rel)
    _encode_regions(c, layout, obs, v, rel)
    _encode_seats(c, layout, obs, v, rel, viewer)
    _encode_move(c, layout, obs, v)
    _encode_combat(c, layout, obs, v, rel)
    _encode_dice(c, layout, obs, v)
    _encode_mutations_and_spies(c, layout, obs, v, rel, viewer)
    _encode_decisions(c, layout, obs, v, rel)
    _encode_nukes(c, layout, obs, v, rel)
    _encode_trade(c, layout, obs, v, rel)
    return v


def _one(v: Vector, start: int, index: int | None) -> None:
    if index is not None:
        v[start + index] = 1.0


def _encode_turn(
    c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector, rel: Rel
) -> None:
    """phase, active, decider, first, round."""
    one_hot(v, layout["phase"], PHASE_NAMES.index(obs["phase"]))
    one_hot(v, layout["active"], rel(obs["active"]))
    one_hot(v, layout["decider"], rel(obs["decider"]))
    one_hot(v, layout["first"], rel(obs["first"]))
    v[layout["round"].start] = obs["round"] / c.max_rounds


def _encode_regions(
    c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector, rel: Rel
) -> None:
    """region_type, owner, herds, building, turmoil, token, attacked, start_owner."""
    n = c.players
    types = layout["region_type"].start
    owner = layout["owner"].start
    herds = layout["herds"].start
    building = layout["building"].start
    turmoil = layout["turmoil"].start
    token = layout["token"].start
    for r, region in enumerate(obs["regions"]):
        v[types + 5 * r + c.region_type[r]] = 1.0
        who = rel(region["owner"])
        if who is not None:
            v[owner + n * r + who] = 1.0
        v[herds + 4 * r] = region["healthy"] / 12
        v[herds + 4 * r + 1] = region["injured"] / 12
        v[herds + 4 * r + 2] = region["healthy_acted"] / 12
        v[herds + 4 * r + 3] = region["injured_acted"] / 12
        if region["building"] is not None:
            v[building + 2 * r + BUILDINGS[region["building"]]] = 1.0
        v[turmoil + r] = float(region["turmoil"])
        if region["token"] == "face_down":
            v[token + 5 * r] = 1.0
        elif region["token"] is not None:
            v[token + 5 * r + region["token"]] = 1.0
        v[token + 5 * r + 4] = float(region["stand_in"])
    attacked = layout["attacked"].start
    for r in obs["attacked"]:
        v[attacked + r] = 1.0
    start_owner = layout["start_owner"].start
    for r, seat in enumerate(obs["turn_start_owners"]):
        who = rel(seat)
        if who is not None:
            v[start_owner + n * r + who] = 1.0


def _encode_seats(
    c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector, rel: Rel, viewer: int
) -> None:
    """tokens, seats, my_hand."""
    tk = layout["tokens"].start
    for i, x in enumerate(obs["tokens"]["unseen"]):
        v[tk + i] = x / 16
    for i, x in enumerate(obs["tokens"]["pool_revealed"]):
        v[tk + 3 + i] = x / 16
    v[tk + 6] = min(obs["tokens"]["stand_ins"], 1000) / 16
    seats = layout["seats"].start
    winners = set(obs["winners"])
    for seat, p in enumerate(obs["seats"]):
        b = seats + 9 * (rel(seat) or 0)
        v[b] = min(p["hand_size"], 600) / 10
        v[b + 1] = p["herds_left"] / c.herds
        v[b + 2] = p["barns_left"] / c.barns
        v[b + 3] = p["armories_left"] / c.armories
        v[b + 4] = min(p["vp_tokens"], 600) / 10
        v[b + 5] = min(p["vp"], 600) / c.target_vp
        v[b + 6] = float(p["eliminated"])
        v[b + 7] = min(sum(obs["last_production"][seat].values()), 600) / 10
        v[b + 8] = float(seat in winners)
    mine = obs["seats"][viewer].get("hand") if obs["you"] is not None else None
    if mine:
        h = layout["my_hand"].start
        for i, k in enumerate(RESOURCE_IDS):
            v[h + i] = min(mine.get(k, 0), 600) / 10


def _encode_move(c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector) -> None:
    """move."""
    nr = c.regions
    move = obs["move"]
    m = layout["move"].start
    if move is not None:
        v[m + move["to"]] = 1.0
        if move["source"] is not None:
            v[m + nr + move["source"]] = 1.0
        for origin, healthy, injured in move["taken"]:
            v[m + 2 * nr + origin] = (healthy + injured) / 12
        v[m + 3 * nr] = sum(t[1] for t in move["taken"]) / 12
        v[m + 3 * nr + 1] = sum(t[2] for t in move["taken"]) / 12


def _encode_combat(
    c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector, rel: Rel
) -> None:
    """combat, combat_extra."""
    combat = obs["combat"]
    if combat is None:
        return
    n = c.players
    nr = c.regions
    cb = layout["combat"].start
    v[cb + combat["region"]] = 1.0
    for origin, count in combat["origins"]:
        v[cb + nr + origin] = count / 12
    route = combat["route"]
    for i, x in enumerate(route):
        v[cb + 2 * nr + i] = x / 12
    d = combat["defender"]
    if d == "humans":
        v[cb + 3 * nr + n] = 1.0
    else:
        v[cb + 3 * nr + (rel(d) or 0)] = 1.0
    base = cb + 3 * nr + n + 1
    v[base] = combat["attackers"][0] / 12
    v[base + 1] = combat["attackers"][1] / 12
    v[base + 2] = combat["humans"] / 3
    v[base + 3] = combat["round"] / c.max_combat_rounds
    for i, roll in enumerate(combat["rolls"]):
        if roll is not None:
            v[base + 4 + 2 * i] = (roll // 16) / 15
            v[base + 5 + 2 * i] = (roll % 16) / 15
    v[base + 8] = min(combat["damage"] + combat["defender_damage"], 600) / 10
    ce = layout["combat_extra"].start
    _one(v, ce, combat["zombie_destination"])
    v[ce + nr] = combat["heads"] / 15
    v[ce + nr + 1] = float(combat["adorable"] is not None)
    v[ce + nr + 2] = sum(e[1] for e in combat["escaped"]) / 12


def _encode_dice(c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector) -> None:
    """dice, named, misc, resources_extra, setup_extra."""
    dice = layout["dice"].start
    if obs["dice"] is not None:
        for i, face in enumerate(obs["dice"]):
            if face is not None:  # Lucky may have chosen one face so far
                v[dice + 6 * i + FACES.index(face)] = 1.0
    v[dice + 12] = obs["wilds"]
    named = layout["named"].start
    for k in obs["named"]:
        v[named + RESOURCE_IDS.index(k)] = 1.0
    misc = layout["misc"].start
    v[misc] = min(obs["discards"], 600) / 10
    v[misc + 1] = len(obs["owed"]) / 2
    v[misc + 2] = obs["prep_left"] / 12
    v[misc + 3] = float(obs["steal_victim"] is not None)
    v[misc + 4] = obs["cancels"] / max(1, c.max_cancels)
    extra = layout["resources_extra"].start
    v[extra] = float(obs["lucky"])
    v[extra + 1] = float("north_korean" in obs["doubles_left"])
    v[extra + 2] = float("stealing" in obs["doubles_left"])
    v[layout["setup_extra"].start] = len(obs["deal_left"]) / 12


def _encode_mutations_and_spies(
    c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector, rel: Rel, viewer: int
) -> None:
    """peeked, mutations, spy_seats, nukiest, my_dealt, my_spies, spy_piles, shown_hand."""
    k = NUM_SPY_KINDS
    peeked = layout["peeked"].start
    for r, region in enumerate(obs["regions"]):
        if "peeked_value" in region:
            v[peeked + 3 * r + region["peeked_value"] - 1] = 1.0
    mutations = layout["mutations"].start
    spy_seats = layout["spy_seats"].start
    for seat, p in enumerate(obs["seats"]):
        who = rel(seat) or 0
        if p["mutation"] is not None:
            v[mutations + NUM_MUTATIONS * who + MUTATION_IDS.index(p["mutation"])] = 1.0
        b = spy_seats + 7 * who
        v[b] = min(p["spy_count"], 600) / 10
        for card in p["revealed_vp_spies"]:
            v[b + 1 + SPY_IDS.index(card)] = 1.0
        v[b + 5] = min(p["nukes_ready"], 600) / 10
        v[b + 6] = min(p["nukes_spent"], 600) / 10
    _one(v, layout["nukiest"].start, rel(obs["nukiest"]))
    if obs["you"] is not None:
        me = obs["seats"][viewer]
        for name in me.get("dealt_mutations", []):
            v[layout["my_dealt"].start + MUTATION_IDS.index(name)] = 1.0
        mine = layout["my_spies"].start
        for name, count in me.get("spies", {}).items():
            v[mine + SPY_IDS.index(name)] = min(count, 600) / 3
        for name, count in me.get("spies_fresh", {}).items():
            v[mine + k + SPY_IDS.index(name)] = min(count, 600) / 3
    piles = layout["spy_piles"].start
    v[piles] = obs["spy_deck_size"] / 24
    for name, count in obs["spy_discard"].items():
        v[piles + 1 + SPY_IDS.index(name)] = count / 3
    v[piles + 1 + k] = obs["spies_removed"] / 24
    shown = layout["shown_hand"].start
    for seat, p in enumerate(obs["seats"]):
        if seat != viewer and "hand" in p and obs["phase"] == "blackmail_take":
            for i, name in enumerate(RESOURCE_IDS):
                v[shown + i] = min(p["hand"].get(name, 0), 600) / 10


def _encode_decisions(
    c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector, rel: Rel
) -> None:
    """nuked, flying, resume, payment, spy_play: the decisions in progress."""
    n = c.players
    nr = c.regions
    k = NUM_SPY_KINDS
    for r in obs["nuked"]:
        v[layout["nuked"].start + r] = 1.0
    flying = obs["flying"]
    fl = layout["flying"].start
    if flying is not None:
        _one(v, fl, flying["source"])
        _one(v, fl + nr, flying["health"])
        v[fl + nr + 2] = flying["flights"] / 12
    if obs["resume"] is not None:
        v[layout["resume"].start + PHASE_NAMES.index(obs["resume"])] = 1.0
    payment = obs["payment"]
    pay = layout["payment"].start
    if payment is not None:
        v[pay + BUILDS.index(payment["build"])] = 1.0
        _one(v, pay + 5, payment["region"])
        for i, name in enumerate(RESOURCE_IDS):
            v[pay + 5 + nr + i] = payment["selected"][name] / 5
    spy = obs["spy"]
    sp = layout["spy_play"].start
    if spy is not None:
        if spy["card"] is not None:
            v[sp + SPY_IDS.index(spy["card"])] = 1.0
        _one(v, sp + k, rel(spy["victim"]))
        v[sp + k + n] = spy["taken"] / 3
        v[sp + k + n + 1] = sum(q[1] for q in spy["agent_queue"]) / 8


def _encode_nukes(
    c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector, rel: Rel
) -> None:
    """nuke, nuke_stack."""
    n = c.players
    nr = c.regions
    nuke = obs["nuke"]
    nk = layout["nuke"].start
    if nuke is not None:
        _one(v, nk, rel(nuke["launcher"]))
        v[nk + n + NUKE_KINDS.index(nuke["kind"])] = 1.0
        _one(v, nk + n + 4, nuke["target"])
        _one(v, nk + n + 4 + nr, rel(nuke["victim"]))
        base = nk + 2 * n + 4 + nr
        v[base] = nuke["points"] / 2
        v[base + 1] = (nuke["humans"] or 0) / 3
        v[base + 2] = float(nuke["hacked"])
    stack = obs["nuke_stack"]
    st = layout["nuke_stack"].start
    if stack:
        responder, nuker, region = stack[-1]
        _one(v, st, rel(responder))
        _one(v, st + n, rel(nuker))
        _one(v, st + 2 * n, region)
        v[st + 2 * n + nr] = len(stack) / 8


def _encode_trade(
    c: FRConfig, layout: TensorLayout, obs: dict[str, Any], v: Vector, rel: Rel
) -> None:
    """trade."""
    n = c.players
    trade = obs["trade"]
    tr = layout["trade"].start
    _one(v, tr, rel(trade["slot"]))
    _one(v, tr + n, rel(trade["next"]))
    for seat, made in enumerate(trade["made"]):
        v[tr + 2 * n + (rel(seat) or 0)] = made / 3
    v[tr + 3 * n] = trade["passes"] / 4
    v[tr + 3 * n + 1] = trade["open_proposals"] / 3
    proposal = trade["proposal"]
    if proposal is not None:
        _one(v, tr + 3 * n + 2, rel(proposal["from"]))
        _one(v, tr + 4 * n + 2, rel(proposal["to"]))
        for i, name in enumerate(RESOURCE_IDS):
            v[tr + 5 * n + 3 + i] = proposal["give"].get(name, 0) / 10
            v[tr + 5 * n + 8 + i] = proposal["ask"].get(name, 0) / 10


def state_encoder(c: FRConfig, layout: TensorLayout) -> StateEncoder:
    """``encode``'s values written straight from the state's fields, every offset computed
    once (``tensor_state``); equal to the reference for every seat and a spectator."""
    return tensor_state.state_encoder(c, layout)


def tensor_writer(
    c: FRConfig, layout: TensorLayout, seat: int | None, buffer: Vector | None
) -> TensorWriter:
    """A writer of ``seat``'s tensor into ``buffer`` that rewrites only what changed since the
    last ``update`` (``tensor_writer.Writer``)."""
    return tensor_writer_module.Writer(c, layout, seat, buffer)
