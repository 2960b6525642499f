"""Farms Race positions as JSON: the full position, each seat's view, and reading one back.

What each seat may see (rules/farms_race.md §16):

* public — the map: its id, each region's ``(row, col)`` cell (``cells``, odd-r hexes, FR-3.1)
  and type (``types``), and every region's owner, herds by health (and which have acted this turn),
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
from farmstead.games.farms_race.actions import NUKE_SOURCES
from farmstead.games.farms_race.layout import (
    ADORABLE,
    ARMORY,
    BARN,
    BLACKMAIL_TAKE,
    BUILD_IDS,
    EFFECT_NORTH_KOREAN,
    EFFECT_STEALING,
    FIRST_SEAT,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    HUMANS,
    LUCKY_FACE,
    MUTATION_IDS,
    NO,
    NO_BUILDING,
    NUM_MUTATIONS,
    NUM_RESOURCES,
    NUM_SPY_KINDS,
    OVER,
    PHASE_NAMES,
    REGION_TYPE_IDS,
    RESOURCE_IDS,
    SPY_IDS,
    VP_SPIES,
    WILD,
)
from farmstead.games.farms_race.rules import FRRules

BUILDINGS = (None, "barn", "armory")
FACES = (*RESOURCE_IDS, "wild")
NUKE_KINDS = (*NUKE_SOURCES, "north_korean")
BUILDS = (*BUILD_IDS, "nuke_back")
EFFECTS = ((EFFECT_NORTH_KOREAN, "north_korean"), (EFFECT_STEALING, "stealing"))


def _opt(value: int) -> int | None:
    return None if value == NO else value


def _regions(state: FRRules, peeks: bool) -> list[JSON]:
    """Every region; ``peeks``: with the values Adorable peeked at (its own view, a saved
    game, or after the game)."""
    out: list[JSON] = []
    for r in range(state.cfg.regions):
        if state.face_down >> r & 1:
            token: Any = "face_down"
        else:
            token = state.token[r] or None
        region = {
            "owner": _opt(state.owner[r]),
            "healthy": state.hf[r],
            "injured": state.hi[r],
            "healthy_acted": state.ha[r],
            "injured_acted": state.ia[r],
            "building": BUILDINGS[state.building[r]],
            "turmoil": bool(state.turmoil >> r & 1),
            "token": token,
            "stand_in": bool(state.token[r])
            and not (state.face_down >> r & 1)
            and not (state.token_real >> r & 1),
        }
        if peeks and state.peeked >> r & 1:
            region["peeked_value"] = state.token[r]
        out.append(region)
    return out


def _mask(bits: int) -> list[int]:
    return [r for r in range(bits.bit_length()) if bits >> r & 1]


def _hand(state: FRRules, seat: int, values: list[int]) -> JSON:
    return {k: values[5 * seat + i] for i, k in enumerate(RESOURCE_IDS) if values[5 * seat + i]}


def _spy_counts(values: list[int], offset: int = 0) -> JSON:
    return {k: values[offset + i] for i, k in enumerate(SPY_IDS) if values[offset + i]}


def _public(state: FRRules, peeks: bool, humans_hidden: bool) -> JSON:
    """The public position; ``peeks`` adds Adorable's peeked values; ``humans_hidden`` keeps
    the humans left in a Pocket Nuke's face-down target to its owner."""
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
            "heads": state.c_heads,
            "adorable": _opt(state.c_adorable),
            "zombie_destination": _opt(state.c_zombie_dest),
            "escaped": [list(e) for e in state.c_escaped],
            "route": list(state.route),
        }
    nuke: JSON | None = None
    if state.n_launcher != NO:
        nuke = {
            "launcher": state.n_launcher,
            "kind": NUKE_KINDS[state.n_kind],
            "target": _opt(state.n_target),
            "victim": _opt(state.n_victim),
            "points": state.n_points,
            "humans": None if humans_hidden else state.n_humans,
            "hacked": state.n_hacked,
        }
    payment: JSON | None = None
    if state.pay_build != NO:
        payment = {
            "build": BUILDS[state.pay_build],
            "region": _opt(state.pay_region),
            "selected": dict(zip(RESOURCE_IDS, state.pay_sel, strict=True)),
        }
    spy: JSON | None = None
    if state.spy_play != NO or state.agent_queue:
        spy = {
            "card": None if state.spy_play == NO else SPY_IDS[state.spy_play],
            "victim": _opt(state.spy_victim),
            "taken": state.spy_taken,
            "agent_queue": [list(q) for q in state.agent_queue],
        }
    trade: JSON = {
        "slot": _opt(state.t_slot),
        "next": _opt(state.t_next),
        "passes": state.t_passes,
        "made": list(state.t_made),
        "open_proposals": state.t_open,
        "proposal": None
        if state.t_from == NO
        else {
            "from": state.t_from,
            "to": state.t_to,
            "give": _counts(state.t_give),
            "ask": _counts(state.t_ask),
        },
    }
    flying: JSON | None = None
    if state.phase in (FLY_SOURCE, FLY_HEALTH, FLY_DEST) or state.flights:
        flying = {
            "source": _opt(state.fly_src),
            "health": _opt(state.fly_health),
            "flights": state.flights,
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
        "cells": [list(cell) for cell in c.map.cells],
        "types": [REGION_TYPE_IDS[t] for t in c.region_type],
        "regions": _regions(state, peeks),
        "attacked": _mask(state.attacked),
        "nuked": _mask(state.nuked),
        "turn_start_owners": [_opt(o) for o in state.start_owner],
        "tokens": {
            "unseen": list(state.unknown),
            "pool_revealed": list(state.pool_known),
            "stand_ins": state.standins,
        },
        "move": move,
        "cancels": state.cancels,
        "combat": combat,
        "dice": None
        if state.dice[0] == NO
        else [None if d == NO else FACES[d] for d in state.dice],
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
        "deal_left": list(state.deal_left),
        "flying": flying,
        "lucky": state.lucky,
        "doubles_left": [name for bit, name in EFFECTS if state.doubles_left & bit],
        "resume": None if state.resume == NO else PHASE_NAMES[state.resume],
        "payment": payment,
        "spy": spy,
        "nuke": nuke,
        "nuke_stack": [list(x) for x in state.n_stack],
        "nukiest": _opt(state.nukiest),
        "spy_deck_size": sum(state.spy_deck),
        "spy_discard": _spy_counts(state.spy_discard),
        "spies_removed": sum(state.spy_removed),
        "trade": trade,
    }


def _counts(values: tuple[int, ...] | list[int]) -> JSON:
    return {k: values[i] for i, k in enumerate(RESOURCE_IDS) if values[i]}


def _seat_public(state: FRRules, seat: int) -> JSON:
    mutation = state.mutation[seat]
    return {
        "mutation": None if mutation == NO else MUTATION_IDS[mutation],
        "dealt_count": state.dealt[seat].bit_count(),
        "spy_count": state.spy_count(seat),
        "spies_got_this_turn": sum(state.fresh) if seat == state.active else 0,
        "revealed_vp_spies": [SPY_IDS[k] for k in VP_SPIES if state.revealed[seat] >> k & 1],
        "nukes_ready": state.nukes_ready[seat],
        "nukes_spent": state.nukes_spent[seat],
        "hand_size": state.hand_size(seat),
        "herds_left": state.herds_left[seat],
        "barns_left": state.barns_left[seat],
        "armories_left": state.armories_left[seat],
        "vp_tokens": state.vp_tokens[seat],
        "vp": state.visible_vp(seat),
        "eliminated": not state.alive(seat),
    }


def _private(state: FRRules, seat: int) -> JSON:
    """What only ``seat`` sees of itself: its resource cards, Spy cards (those got this turn
    apart) and dealt Mutations."""
    k = NUM_SPY_KINDS
    return {
        "hand": _hand(state, seat, state.hands),
        "spies": _spy_counts(state.spies, k * seat),
        "spies_fresh": _spy_counts(state.fresh) if seat == state.active else {},
        "dealt_mutations": [m for i, m in enumerate(MUTATION_IDS) if state.dealt[seat] >> i & 1],
    }


def to_json(state: FRRules) -> JSON:
    """The full position (every hand, Spy card, dealt Mutation and peeked token included):
    what a saved game stores."""
    doc = _public(state, peeks=True, humans_hidden=False)
    doc["spy_deck"] = _spy_counts(state.spy_deck)
    doc["spies_removed_cards"] = _spy_counts(state.spy_removed)
    doc["seats"] = [
        {
            **_seat_public(state, s),
            **_private(state, s),
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
    over = state.phase == OVER and state.cfg.reveal_after_game
    adorable = seat is not None and state.mutation[seat] == ADORABLE
    hidden_humans = (
        state.n_target != NO
        and state.face_down >> state.n_target & 1
        and (seat is None or state.owner[state.n_target] != seat)
    )
    doc = _public(state, peeks=adorable or over, humans_hidden=bool(hidden_humans))
    players = []
    for s in range(state.cfg.players):
        entry = _seat_public(state, s)
        if s == seat or over:
            entry.update(_private(state, s))
        elif state.phase == BLACKMAIL_TAKE and seat == state.active and s == state.spy_victim:
            entry["hand"] = _hand(state, s, state.hands)  # FR-10: Blackmail looks at it
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
    # cells and types are derived from the map; a position may omit them, never contradict it
    if reader.raw("cells", None) not in (None, [list(cell) for cell in c.map.cells]):
        reader.fail("are not the cells of this game's map", "cells")
    if reader.raw("types", None) not in (None, [REGION_TYPE_IDS[t] for t in c.region_type]):
        reader.fail("are not the region types of this game's map", "types")
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
            if region.has("peeked_value"):
                state.token[r] = region.int("peeked_value", 1, 3)
                state.peeked |= 1 << r
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
    mutations = [NO] * n
    for s_, p_ in enumerate(reader.objects("seats", n)):
        name = p_.raw("mutation", None)
        if name is not None:
            mutations[s_] = p_.choice("mutation", MUTATION_IDS)
    state.mutation = mutations
    for r in range(nr):
        owner = state.owner[r]
        if state.has_token(r) and owner != NO and mutations[owner] != ADORABLE:
            reader.fail(
                "a Human token shares a region only with Adorable's pieces (FR-1.1)",
                f"regions[{r}].token",
            )
    state.attacked = _bits(reader, "attacked", nr)
    state.nuked = _bits(reader, "nuked", nr)
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
    peeked_values = [0, 0, 0]
    for r in range(nr):
        if state.peeked >> r & 1:
            peeked_values[state.token[r] - 1] += 1
    for v in range(3):
        if peeked_values[v] > state.unknown[v]:
            tokens.fail(f"more peeked tokens of value {v + 1} than unseen ones", "unseen")
    for v in range(3):
        if state.unknown[v] + state.pool_known[v] + face_up_real[v] != c.tokens[v]:
            tokens.fail(
                f"tokens of value {v + 1} do not add up to {c.tokens[v]} (unseen, in the pool "
                "revealed, face up on the map)"
            )
    if sum(state.unknown) < bin(state.face_down).count("1"):
        tokens.fail("fewer unseen tokens than face-down tokens on the map", "unseen")
    face_up = sum(1 for r in range(nr) if state.token[r] and not state.face_down >> r & 1)
    if state.standins != face_up - sum(face_up_real):
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
        k = NUM_SPY_KINDS
        state.spies[k * s : k * s + k] = p.counts("spies", SPY_IDS)
        fresh = p.counts("spies_fresh", SPY_IDS)
        if any(fresh) and s != state.active:
            p.fail("only the active player has Spy cards got this turn", "spies_fresh")
        if any(f > h for f, h in zip(fresh, state.spies[k * s : k * s + k], strict=True)):
            p.fail("more cards got this turn than held", "spies_fresh")
        if s == state.active:
            state.fresh = fresh
        for card in p.items("revealed_vp_spies"):
            index = card.choice(SPY_IDS)
            if index not in VP_SPIES:
                card.fail("is not a VP Spy")
            state.revealed[s] |= 1 << index
        state.nukes_ready[s] = p.int("nukes_ready", 0, 10**6)
        state.nukes_spent[s] = p.int("nukes_spent", 0, 10**6)
        dealt = 0
        for item in p.items("dealt_mutations"):
            dealt |= 1 << item.choice(MUTATION_IDS)
        state.dealt[s] = dealt
        if state.mutation[s] != NO and dealt and not dealt >> state.mutation[s] & 1:
            p.fail("the chosen Mutation was not dealt to this seat", "mutation")
    chosen = [m for m in state.mutation if m != NO]
    if len(chosen) != len(set(chosen)):
        reader.fail("two seats have the same Mutation (each card exists once)", "seats")
    all_dealt = [m for d in state.dealt for m in range(NUM_MUTATIONS) if d >> m & 1]
    if len(all_dealt) != len(set(all_dealt)):
        reader.fail("a Mutation is dealt to two seats", "seats")
    state.spy_deck = reader.counts("spy_deck", SPY_IDS)
    state.spy_removed = reader.counts("spies_removed_cards", SPY_IDS)
    state.spy_discard = reader.counts("spy_discard", SPY_IDS)
    for kind in range(NUM_SPY_KINDS):
        held = sum(state.spies[NUM_SPY_KINDS * p_ + kind] for p_ in range(n))
        shown = sum(x >> kind & 1 for x in state.revealed)
        total = (
            state.spy_deck[kind] + state.spy_discard[kind] + state.spy_removed[kind] + held + shown
        )
        if total != c.spy_deck[kind]:
            reader.fail(
                f"{SPY_IDS[kind]} cards do not add up to {c.spy_deck[kind]} (deck, discard "
                "pile, hands, revealed, removed)",
                "spy_deck",
            )
    nukiest = reader.int("nukiest", 0, n - 1, optional=True)
    state.nukiest = NO if nukiest is None else nukiest
    if state.nukiest != NO and not state.nuke_tokens(state.nukiest):
        reader.fail("the Nukiest holder owns no Nuke token", "nukiest")

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
    opening_window = state.round == 1 and not any(state.turns) and state.t_slot != NO
    if state.phase not in (FIRST_SEAT, OVER) and state.active == NO and not opening_window:
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
            if item.value is None and i == 1 and state.phase == LUCKY_FACE:
                faces.append(NO)  # Lucky has chosen one face so far
                continue
            name = item.str()
            if name not in FACES:
                item.fail(f"must be one of {', '.join(FACES)}")
            faces.append(FACES.index(name))
        state.dice = (faces[0], NO) if faces[1] == NO else (min(faces), max(faces))
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
    _read_part_two_fields(state, reader)
    if (state.phase == OVER) != bool(state.winners):
        reader.fail("a finished game has winners and only a finished game has", "winners")


def _opt_int(reader: PositionReader, key: str, low: int, high: int) -> int:
    value = reader.int(key, low, high, optional=True)
    return NO if value is None else value


def _read_part_two_fields(state: FRRules, reader: PositionReader) -> None:
    """Mutations, Flying, Lucky, doubles, payments, Spies, nukes and trades in progress."""
    c = state.cfg
    n = c.players
    nr = c.regions
    state.deal_left = tuple(item.int(0, n - 1) for item in reader.items("deal_left"))
    flying = reader.obj("flying", optional=True)
    if flying is not None:
        state.fly_src = _opt_int(flying, "source", 0, nr - 1)
        state.fly_health = _opt_int(flying, "health", 0, 1)
        state.flights = flying.int("flights", 0, c.herds)
    state.lucky = reader.bool("lucky")
    left = 0
    names = [name for _, name in EFFECTS]
    for item in reader.items("doubles_left"):
        left |= EFFECTS[item.choice(names)][0]
    state.doubles_left = left
    resume = reader.raw("resume", None)
    state.resume = NO if resume is None else reader.choice("resume", PHASE_NAMES)
    payment = reader.obj("payment", optional=True)
    if payment is not None:
        state.pay_build = payment.choice("build", BUILDS)
        state.pay_region = _opt_int(payment, "region", 0, nr - 1)
        selected = payment.obj("selected")
        state.pay_sel = tuple(selected.int(k, 0, 99) for k in RESOURCE_IDS)
    spy = reader.obj("spy", optional=True)
    if spy is not None:
        card = spy.raw("card", None)
        state.spy_play = NO if card is None else spy.choice("card", SPY_IDS)
        state.spy_victim = _opt_int(spy, "victim", 0, n - 1)
        state.spy_taken = spy.int("taken", 0, 3)
        queue = []
        for item in spy.items("agent_queue"):
            queue.append((item.at(0).int(0, n - 1), item.at(1).int(0, 2)))
        state.agent_queue = tuple(queue)
    nuke = reader.obj("nuke", optional=True)
    if nuke is not None:
        state.n_launcher = nuke.int("launcher", 0, n - 1)
        state.n_kind = nuke.choice("kind", NUKE_KINDS)
        state.n_target = _opt_int(nuke, "target", 0, nr - 1)
        state.n_victim = _opt_int(nuke, "victim", 0, n - 1)
        state.n_points = nuke.int("points", 0, 2)
        humans = nuke.raw("humans", 0)
        state.n_humans = 0 if humans is None else nuke.int("humans", 0, 3)
        state.n_hacked = nuke.bool("hacked")
    state.n_stack = tuple(
        (item.at(0).int(0, n - 1), item.at(1).int(0, n - 1), item.at(2).int(0, nr - 1))
        for item in reader.items("nuke_stack")
    )
    trade = reader.obj("trade")
    state.t_slot = _opt_int(trade, "slot", 0, n - 1)
    state.t_next = _opt_int(trade, "next", 0, n - 1)
    state.t_passes = trade.int("passes", 0, n)
    state.t_made = [item.int(0, c.window_proposals) for item in trade.items("made", n)]
    state.t_open = trade.int("open_proposals", 0, c.open_proposals)
    proposal = trade.obj("proposal", optional=True)
    if proposal is not None:
        state.t_from = proposal.int("from", 0, n - 1)
        state.t_to = proposal.int("to", 0, n - 1)
        state.t_give = tuple(proposal.counts("give", RESOURCE_IDS))
        state.t_ask = tuple(proposal.counts("ask", RESOURCE_IDS))
        if not state.can_pay(state.t_from, state.t_give):
            proposal.fail("offers cards the proposer does not hold", "give")
    combat = reader.obj("combat", optional=True)
    if combat is not None:  # fields Mutations need; optional, as in positions without them
        state.c_heads = combat.int("heads", 0, 15) if combat.has("heads") else 0
        state.c_adorable = _opt_int(combat, "adorable", 0, n - 1)
        state.c_zombie_dest = _opt_int(combat, "zombie_destination", 0, nr - 1)
        if combat.has("escaped"):
            state.c_escaped = tuple(
                (item.at(0).int(0, nr - 1), item.at(1).int(0, c.herds))
                for item in combat.items("escaped")
            )
