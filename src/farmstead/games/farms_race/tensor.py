"""Farms Race's observation as a fixed-size float32 vector (``observation_tensor``).

Built from ``observation(seat)`` alone, so no other seat's hand composition can enter it
(FR-16). Seats are ordered from the viewer's (``rel`` 0; seat 0 for a spectator). ``R`` regions,
``n`` seats.

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
                              origin / 12 (healthy, injured), cancels / cap
combat            3R + n + 9  region (one-hot), origins' herds / 12, the defender (relative seat
                              or humans), attackers healthy and injured / 12, humans / 3, round /
                              cap, the two rolls' guns and heads / 15, damage to allocate / 10
dice              14          the two resource dice (6 faces each, one-hot), wilds to name
named             5           resources named for wild faces
misc              4           discards owed / 10, starting resources owed / 2, herds to place /
                              12, a steal victim chosen
================  ==========  ===================================================================
"""

from __future__ import annotations

from typing import Any

from farmstead.core.tensor import TensorLayout, Vector, one_hot
from farmstead.games.farms_race.config import FRConfig
from farmstead.games.farms_race.layout import PHASE_NAMES, RESOURCE_IDS

BUILDINGS = {"barn": 0, "armory": 1}
FACES = (*RESOURCE_IDS, "wild")


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
    t.add("combat", 3 * r + n + 9, "the combat")
    t.add("dice", 14, "resource dice faces, wilds to name")
    t.add("named", 5, "resources named for wild faces")
    t.add("misc", 4, "discards, starting resources, herds to place, steal victim")
    return t


def encode(c: FRConfig, layout: TensorLayout, obs: dict[str, Any]) -> Vector:
    """The vector of observation ``obs`` (see the module docstring)."""
    v = layout.new()
    n = c.players
    nr = c.regions
    viewer = obs["you"] if obs["you"] is not None else 0

    def rel(seat: int | None) -> int | None:
        return None if seat is None else (seat - viewer) % n

    one_hot(v, layout["phase"], PHASE_NAMES.index(obs["phase"]))
    one_hot(v, layout["active"], rel(obs["active"]))
    one_hot(v, layout["decider"], rel(obs["decider"]))
    one_hot(v, layout["first"], rel(obs["first"]))
    v[layout["round"].start] = obs["round"] / c.max_rounds
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
    combat = obs["combat"]
    cb = layout["combat"].start
    if combat is not None:
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
    dice = layout["dice"].start
    if obs["dice"] is not None:
        for i, face in enumerate(obs["dice"]):
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
    return v
