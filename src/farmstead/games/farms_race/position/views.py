"""Writing Farms Race positions as JSON: the full position and each seat's view.

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
from farmstead.games.farms_race.actions import NUKE_SOURCES
from farmstead.games.farms_race.layout import (
    ADORABLE,
    BLACKMAIL_TAKE,
    BUILD_IDS,
    EFFECT_NORTH_KOREAN,
    EFFECT_STEALING,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    HUMANS,
    MUTATION_IDS,
    NO,
    NUM_SPY_KINDS,
    OVER,
    PHASE_NAMES,
    REGION_TYPE_IDS,
    RESOURCE_IDS,
    SPY_IDS,
    VP_SPIES,
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
            "healthy": state.healthy_ready[r],
            "injured": state.injured_ready[r],
            "healthy_acted": state.healthy_acted[r],
            "injured_acted": state.injured_acted[r],
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
    if state.combat_region != NO:
        combat = {
            "region": state.combat_region,
            "defender": "humans" if state.combat_defender == HUMANS else state.combat_defender,
            "attackers": list(state.combat_attackers),
            "origins": [list(o) for o in state.combat_origins],
            "humans": state.combat_humans,
            "round": state.combat_round,
            "rolls": [_opt(x) for x in state.combat_roll_outcomes],
            "damage": state.combat_attacker_damage,
            "defender_damage": state.combat_defender_damage,
            "heads": state.combat_head_hits,
            "adorable": _opt(state.combat_adorable),
            "zombie_destination": _opt(state.combat_zombie_retreat),
            "escaped": [list(e) for e in state.combat_escaped],
            "route": list(state.route_left),
        }
    nuke: JSON | None = None
    if state.nuke_launcher != NO:
        nuke = {
            "launcher": state.nuke_launcher,
            "kind": NUKE_KINDS[state.nuke_kind],
            "target": _opt(state.nuke_target),
            "victim": _opt(state.nuke_victim),
            "points": state.nuke_points,
            "humans": None if humans_hidden else state.nuke_humans,
            "hacked": state.nuke_hacked,
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
        "slot": _opt(state.trade_slot),
        "next": _opt(state.trade_next_turn),
        "passes": state.trade_passes,
        "made": list(state.trade_proposals_made),
        "open_proposals": state.open_trades,
        "proposal": None
        if state.trade_proposer == NO
        else {
            "from": state.trade_proposer,
            "to": state.trade_recipient,
            "give": _counts(state.trade_give),
            "ask": _counts(state.trade_ask),
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
            "unseen": list(state.tokens_unseen),
            "pool_revealed": list(state.tokens_pool_revealed),
            "stand_ins": state.stand_ins,
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
        "nuke_stack": [list(x) for x in state.nuke_responses],
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
            "known": _hand(state, s, state.known_cards),
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
        state.nuke_target != NO
        and state.face_down >> state.nuke_target & 1
        and (seat is None or state.owner[state.nuke_target] != seat)
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
