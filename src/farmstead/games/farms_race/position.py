"""Farms Race positions as JSON: the full position, each seat's view, and reading one back.

What each seat may see (rules/farms_race.md §16):

* public — the map: every region's owner, herds by health (and which have acted this turn),
  buildings, Turmoil, Human tokens (a face-down token shows only that it is face down; a
  revealed one its value); regions attacked this turn and each region's owner when the turn
  began (what conquest is scored against, FR-7.3); the combat (sides, herds, humans,
  rolls, damage to allocate); the resource dice and named wild faces; what the last production
  paid; each seat's hand size, personal supply, VP tokens, visible VP, elimination; the
  multiset of tokens whose values nobody has seen (all of the 28 that have not been revealed:
  4 "1", 16 "2", 8 "3" minus the revealed ones) and the revealed ones back in the pool;
* private — a seat's own resource cards by kind (others see the count, FR-2.3);
* nobody — face-down token values: the engine holds none (``rules`` module docstring).

``to_json`` adds the hands of every seat and what others can deduce of them (``known``,
``unknown_cards``), for saved games; it never holds a random generator's state.
"""

from __future__ import annotations

from typing import Any

from farmstead.core.game import JSON
from farmstead.core.position import PositionReader
from farmstead.games.farms_race.layout import (
    ARMORY,
    BARN,
    CHOOSE_START,
    FIRST_SEAT,
    HUMANS,
    NO,
    NO_BUILDING,
    NUM_RESOURCES,
    OVER,
    PHASE_NAMES,
    RESOURCE_IDS,
    WILD,
)
from farmstead.games.farms_race.rules import FRRules

BUILDINGS = (None, "barn", "armory")
FACES = (*RESOURCE_IDS, "wild")


def _opt(value: int) -> int | None:
    return None if value == NO else value


def _regions(state: FRRules) -> list[JSON]:
    out: list[JSON] = []
    for r in range(state.cfg.regions):
        if state.face_down >> r & 1:
            token: Any = "face_down"
        else:
            token = state.token[r] or None
        out.append(
            {
                "owner": _opt(state.owner[r]),
                "healthy": state.hf[r],
                "injured": state.hi[r],
                "healthy_acted": state.ha[r],
                "injured_acted": state.ia[r],
                "building": BUILDINGS[state.building[r]],
                "turmoil": bool(state.turmoil >> r & 1),
                "token": token,
                "stand_in": bool(state.token[r]) and not (state.token_real >> r & 1),
            }
        )
    return out


def _mask(bits: int) -> list[int]:
    return [r for r in range(bits.bit_length()) if bits >> r & 1]


def _hand(state: FRRules, seat: int, values: list[int]) -> JSON:
    return {k: values[5 * seat + i] for i, k in enumerate(RESOURCE_IDS) if values[5 * seat + i]}


def _public(state: FRRules) -> JSON:
    c = state.cfg
    combat: JSON | None = None
    if state.c_region != NO:
        combat = {
            "region": state.c_region,
            "defender": "humans" if state.c_defender == HUMANS else state.c_defender,
            "attackers": list(state.c_att),
            "origins": [list(o) for o in state.c_origins],
            "humans": state.c_humans,
            "round": state.c_round,
            "rolls": [_opt(x) for x in state.c_rolls],
            "damage": state.c_damage,
            "defender_damage": state.c_def_damage,
            "route": list(state.route),
        }
    move: JSON | None = None
    if state.move_dest != NO:
        move = {
            "to": state.move_dest,
            "source": _opt(state.move_src),
            "taken": [list(t) for t in state.move_sel],
        }
    return {
        **state.game.describe(),
        "phase": PHASE_NAMES[state.phase],
        "active": _opt(state.active),
        "decider": _opt(state.decider),
        "first": _opt(state.first),
        "round": state.round,
        "turns": list(state.turns),
        "map": c.map.id,
        "regions": _regions(state),
        "attacked": _mask(state.attacked),
        "turn_start_owners": [_opt(o) for o in state.start_owner],
        "tokens": {
            "unseen": list(state.unknown),
            "pool_revealed": list(state.pool_known),
            "stand_ins": state.standins,
        },
        "move": move,
        "cancels": state.cancels,
        "combat": combat,
        "dice": None if state.dice[0] == NO else [FACES[d] for d in state.dice],
        "named": [RESOURCE_IDS[k] for k in state.named],
        "wilds": state.wilds,
        "last_production": [_hand(state, s, list(state.last_production)) for s in range(c.players)],
        "setup_step": state.setup_step,
        "owed": list(state.owed),
        "prep_left": state.prep_left,
        "prep_given": _mask(state.prep_given),
        "steal_victim": _opt(state.steal_victim),
        "discards": state.discards,
        "redo_used": _mask(state.redo_used),
        "winners": list(state.winners),
    }


def _seat_public(state: FRRules, seat: int) -> JSON:
    return {
        "hand_size": state.hand_size(seat),
        "herds_left": state.herds_left[seat],
        "barns_left": state.barns_left[seat],
        "armories_left": state.armories_left[seat],
        "vp_tokens": state.vp_tokens[seat],
        "vp": state.visible_vp(seat),
        "eliminated": not state.alive(seat),
    }


def to_json(state: FRRules) -> JSON:
    """The full position (every hand included): what a saved game stores."""
    doc = _public(state)
    doc["seats"] = [
        {
            **_seat_public(state, s),
            "hand": _hand(state, s, state.hands),
            "known": _hand(state, s, state.known),
            "unknown_cards": state.unknown_cards[s],
            "unknown_kinds": [
                k for i, k in enumerate(RESOURCE_IDS) if state.unknown_kinds[s] >> i & 1
            ],
        }
        for s in range(state.cfg.players)
    ]
    snapshot = state.redo_snapshot
    doc["redo_snapshot"] = None if snapshot is None else to_json(snapshot)
    return doc


def observation(state: FRRules, seat: int | None) -> JSON:
    """What ``seat`` may see (``None``: a spectator); see the module docstring."""
    doc = _public(state)
    players = []
    for s in range(state.cfg.players):
        entry = _seat_public(state, s)
        if s == seat or state.phase == OVER:
            entry["hand"] = _hand(state, s, state.hands)
        players.append(entry)
    doc["seats"] = players
    doc["you"] = seat
    return doc


# --- reading ---------------------------------------------------------------------------------
def state_from_json(blank: FRRules, doc: Any) -> FRRules:
    """Fill ``blank`` (a state of the game before setup) with a position ``to_json`` wrote;
    ``InvalidPositionError`` naming the field for anything malformed, out of range or
    inconsistent (pieces and tokens conserved, control matching pieces, hands covering what
    others know of them)."""
    state = blank
    c = state.cfg
    n = c.players
    nr = c.regions
    reader = state.game.position_reader(doc)
    if reader.str("map") != c.map.id:
        reader.fail(f"is not this game's map {c.map.id!r}", "map")
    state.phase = reader.choice("phase", PHASE_NAMES)
    active = reader.int("active", 0, n - 1, optional=True)
    state.active = NO if active is None else active
    decider = reader.int("decider", 0, n - 1, optional=True)
    state.decider = NO if decider is None else decider
    first = reader.int("first", 0, n - 1, optional=True)
    state.first = NO if first is None else first
    if state.first == NO and state.phase != FIRST_SEAT:
        reader.fail("is missing: only the first chance event has no seat 1", "first")
    state.round = reader.int("round", 0, c.max_rounds)
    state.turns = [item.int(0, 10**9) for item in reader.items("turns", n)]

    for r, region in enumerate(reader.objects("regions", nr)):
        owner = region.int("owner", 0, n - 1, optional=True)
        state.owner[r] = NO if owner is None else owner
        state.hf[r] = region.int("healthy", 0, c.herds)
        state.hi[r] = region.int("injured", 0, c.herds)
        state.ha[r] = region.int("healthy_acted", 0, c.herds)
        state.ia[r] = region.int("injured_acted", 0, c.herds)
        building = region.raw("building")
        if building not in BUILDINGS:
            region.fail("must be null, 'barn' or 'armory'", "building")
        state.building[r] = BUILDINGS.index(building)
        if region.bool("turmoil"):
            state.turmoil |= 1 << r
        token = region.raw("token")
        stand_in = region.bool("stand_in")
        if token == "face_down":
            state.face_down |= 1 << r
        elif token is not None:
            state.token[r] = region.int("token", 1, 3)
            if not stand_in:
                state.token_real |= 1 << r
        if stand_in and not state.token[r]:
            region.fail("only a face-up token can be a stand-in", "stand_in")
        pieces = state.herds_in(r) or state.building[r] != NO_BUILDING
        if pieces and state.owner[r] == NO:
            region.fail("has herds or a building but no owner", "owner")
        if not pieces and state.owner[r] != NO and r != _combat_region(reader):
            region.fail("has an owner but no herds or building (FR-7.1)", "owner")
        if (state.face_down >> r & 1 or state.token[r]) and state.owner[r] != NO:
            region.fail("a Human token shares a region with a player's pieces", "token")
    state.attacked = _bits(reader, "attacked", nr)
    state.start_owner = tuple(
        NO if item.value is None else item.int(0, n - 1)
        for item in reader.items("turn_start_owners", nr)
    )

    tokens = reader.obj("tokens")
    tokens.only(("unseen", "pool_revealed", "stand_ins"))
    state.unknown = [item.int(0, 99) for item in tokens.items("unseen", 3)]
    state.pool_known = [item.int(0, 99) for item in tokens.items("pool_revealed", 3)]
    state.standins = tokens.int("stand_ins", 0, 999)
    face_up_real = [0, 0, 0]
    for r in range(nr):
        if state.token_real >> r & 1:
            face_up_real[state.token[r] - 1] += 1
    for v in range(3):
        if state.unknown[v] + state.pool_known[v] + face_up_real[v] != c.tokens[v]:
            tokens.fail(
                f"tokens of value {v + 1} do not add up to {c.tokens[v]} (unseen, in the pool "
                "revealed, face up on the map)"
            )
    if sum(state.unknown) < bin(state.face_down).count("1"):
        tokens.fail("fewer unseen tokens than face-down tokens on the map", "unseen")
    if state.standins != sum(1 for r in range(nr) if state.token[r]) - sum(face_up_real):
        tokens.fail("does not match the stand-in tokens on the map", "stand_ins")

    players = list(reader.objects("seats", n))
    for s, p in enumerate(players):
        state.herds_left[s] = p.int("herds_left", 0, c.herds)
        state.barns_left[s] = p.int("barns_left", 0, c.barns)
        state.armories_left[s] = p.int("armories_left", 0, c.armories)
        state.vp_tokens[s] = p.int("vp_tokens", 0, 10**6)
        if p.bool("eliminated"):
            state.eliminated |= 1 << s
        hand = p.counts("hand", RESOURCE_IDS)
        known = p.counts("known", RESOURCE_IDS)
        for k in range(NUM_RESOURCES):
            state.hands[5 * s + k] = hand[k]
            state.known[5 * s + k] = known[k]
            if known[k] > hand[k]:
                p.fail(f"others know of more {RESOURCE_IDS[k]} than the hand holds", "known")
        state.unknown_cards[s] = p.int("unknown_cards", 0, 10**6)
        if sum(hand) != sum(known) + state.unknown_cards[s]:
            p.fail("hand size is not the known cards plus the unknown ones", "unknown_cards")
        kinds = 0
        for item in p.items("unknown_kinds") if "unknown_kinds" in p.doc else ():
            name = item.str()
            if name not in RESOURCE_IDS:
                item.fail(f"must be one of {', '.join(RESOURCE_IDS)}")
            kinds |= 1 << RESOURCE_IDS.index(name)
        if state.unknown_cards[s] and not kinds:
            kinds = (1 << NUM_RESOURCES) - 1  # not given: any kind
        if not state.unknown_cards[s]:
            kinds = 0
        for k in range(NUM_RESOURCES):
            if hand[k] - known[k] and not kinds >> k & 1:
                p.fail(f"holds unknown {RESOURCE_IDS[k]}, not one of its unknown kinds", "hand")
        state.unknown_kinds[s] = kinds

    _read_phase_fields(state, reader)

    for s, p in enumerate(players):
        on_map = sum(state.herds_in(r) for r in range(nr) if state.owner[r] == s)
        if s == state.active:
            on_map += sum(state.c_att) + sum(state.route)
        if on_map + state.herds_left[s] != c.herds:
            p.fail(f"herds on the map and in supply do not add up to {c.herds}", "herds_left")
        barns = sum(1 for r in range(nr) if state.owner[r] == s and state.building[r] == BARN)
        if barns + state.barns_left[s] != c.barns:
            p.fail(f"Barns on the map and in supply do not add up to {c.barns}", "barns_left")
        armories = sum(1 for r in range(nr) if state.owner[r] == s and state.building[r] == ARMORY)
        if armories + state.armories_left[s] != c.armories:
            p.fail("Armories on the map and in supply do not add up", "armories_left")
        if not state.alive(s) and s in state.owner:
            p.fail("an eliminated seat still has pieces on the map", "eliminated")
    if state.phase not in (FIRST_SEAT, CHOOSE_START, OVER) and state.active == NO:
        reader.fail("is missing", "active")
    snapshot = reader.obj("redo_snapshot", optional=True)
    if snapshot is not None:
        state.redo_snapshot = state_from_json(type(blank).empty(blank.game, c), snapshot.doc)
    return state


def _combat_region(reader: PositionReader) -> int:
    combat = reader.raw("combat", None)
    if isinstance(combat, dict) and isinstance(combat.get("region"), int):
        return int(combat["region"])
    return NO


def _bits(reader: PositionReader, key: str, size: int) -> int:
    bits = 0
    for item in reader.items(key):
        bits |= 1 << item.int(0, size - 1)
    return bits


def _read_phase_fields(state: FRRules, reader: PositionReader) -> None:
    c = state.cfg
    n = c.players
    nr = c.regions
    move = reader.obj("move", optional=True)
    if move is not None:
        move.only(("to", "source", "taken"))
        state.move_dest = move.int("to", 0, nr - 1)
        source = move.int("source", 0, nr - 1, optional=True)
        state.move_src = NO if source is None else source
        taken = []
        for item in move.items("taken"):
            values = item.value
            if not isinstance(values, list) or len(values) != 3:
                item.fail("must be [origin, healthy, injured]")
            origin = item.at(0).int(0, nr - 1)
            healthy = item.at(1).int(0, c.herds)
            injured = item.at(2).int(0, c.herds)
            if healthy > state.hf[origin] or injured > state.hi[origin]:
                item.fail("takes more herds than the origin has")
            taken.append((origin, healthy, injured))
        state.move_sel = tuple(taken)
    state.cancels = reader.int("cancels", 0, c.max_cancels)
    combat = reader.obj("combat", optional=True)
    if combat is not None:
        state.c_region = combat.int("region", 0, nr - 1)
        defender = combat.raw("defender")
        if defender == "humans":
            state.c_defender = HUMANS
        else:
            state.c_defender = combat.int("defender", 0, n - 1)
        attackers = combat.list("attackers", 2)
        state.c_att = (
            combat.item("attackers").at(0).int(0, c.herds),
            combat.item("attackers").at(1).int(0, c.herds),
        )
        del attackers
        origins = []
        for item in combat.items("origins"):
            origins.append((item.at(0).int(0, nr - 1), item.at(1).int(0, c.herds)))
        state.c_origins = tuple(origins)
        state.c_humans = combat.int("humans", 0, 3)
        state.c_round = combat.int("round", 0, c.max_combat_rounds)
        rolls = [combat.item("rolls").at(i).value for i in range(2)]
        state.c_rolls = tuple(
            NO if v is None else combat.item("rolls").at(i).int(0, 255) for i, v in enumerate(rolls)
        )  # type: ignore[assignment]
        state.c_damage = combat.int("damage", 0, 999)
        state.c_def_damage = combat.int("defender_damage", 0, 999)
        route = combat.item("route")
        state.route = (route.at(0).int(0, c.herds), route.at(1).int(0, c.herds))
    dice = reader.list("dice", 2, optional=True)
    if dice is not None:
        faces = []
        for i in range(2):
            item = reader.item("dice").at(i)
            name = item.str()
            if name not in FACES:
                item.fail(f"must be one of {', '.join(FACES)}")
            faces.append(FACES.index(name))
        state.dice = (min(faces), max(faces))
    named = []
    for item in reader.items("named"):
        name = item.str()
        if name not in RESOURCE_IDS:
            item.fail(f"must be one of {', '.join(RESOURCE_IDS)}")
        named.append(RESOURCE_IDS.index(name))
    state.named = tuple(named)
    state.wilds = reader.int("wilds", 0, 2)
    if state.dice[0] == NO and (named or state.wilds):
        reader.fail("wild faces named without dice", "named")
    if state.dice[0] != NO and state.dice.count(WILD) and not named and not state.wilds:
        reader.fail("a wild face is neither named nor waiting to be named", "wilds")
    production: list[int] = []
    for item in reader.items("last_production", n):
        counts = item.obj()
        counts.only(RESOURCE_IDS)
        production.extend(counts.int(k, 0) if k in counts.doc else 0 for k in RESOURCE_IDS)
    state.last_production = tuple(production)
    state.setup_step = reader.int("setup_step", 0, n)
    state.owed = tuple(item.int(0, n - 1) for item in reader.items("owed"))
    state.prep_left = reader.int("prep_left", 0, c.herds)
    state.prep_given = _bits(reader, "prep_given", nr)
    victim = reader.int("steal_victim", 0, n - 1, optional=True)
    state.steal_victim = NO if victim is None else victim
    state.discards = reader.int("discards", 0, 10**6)
    used = 0
    for item in reader.items("redo_used"):
        used |= 1 << item.int(0, n - 1)
    state.redo_used = used
    state.winners = tuple(item.int(0, n - 1) for item in reader.items("winners"))
    if (state.phase == OVER) != bool(state.winners):
        reader.fail("a finished game has winners and only a finished game has", "winners")
