"""Building and driving Farms Race positions for tests (rules/farms_race.md).

``scenario(...)`` writes a JSON position in the format of ``position.py`` and loads it through
``state_from_json``, so every scenario is validated like any other position. A test lists only
what matters; the builder accounts for everything else exactly once:

* regions not listed are empty: no pieces, no Human token (the 4-player recommended map of
  FR-3.4 by default; cells are ``(row, col)`` with index ``row * 5 + col``);
* herds, Barns and Armories in the personal supplies are the data's counts minus what is on
  the map (FR-2.1);
* the Human tokens nobody has seen are the 28 of FR-2.6 minus the face-up real tokens on the
  map and the revealed ones back in the pool;
* hands are known to everyone (no stolen cards) unless ``unknown`` says otherwise.

``scenario`` returns a position in the middle of the active seat's turn (phase ``actions``
unless ``phase`` says otherwise), in which each region was owned when the turn began by its
owner now unless ``start_owners`` says otherwise (what conquest is scored against, FR-7.3).
``start_turn`` begins a seat's turn through the engine instead: the scenario is the previous
seat's Discard phase, and its End turn begins the wanted seat's turn (Preparation included).

Actions are applied by kind and argument: ``do(state, MOVE_TO, r)``; ``move(state, dest,
(src, healthy, injured), ...)`` assembles and confirms a move; ``roll(state, guns, heads)``,
``dice(state, a, b)`` and ``chance(state, outcome)`` inject chance outcomes (actions.py).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.games.farms_race.actions import (
    CONFIRM,
    END_PHASE,
    END_TURN,
    HIT,
    MOVE_TO,
    RESOURCE,
    SOURCE,
    TAKE,
    combat_outcome,
    dice_outcome,
)
from farmstead.games.farms_race.catalog import catalog
from farmstead.games.farms_race.game import FarmsRaceGame, FRState
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ALLOCATE_ATTACKER,
    ALLOCATE_DEFENDER,
    DISCARD,
    DISCARD_PHASE,
    NUM_RESOURCES,
    PHASE_NAMES,
    RESOURCE_IDS,
    RESOURCES,
)

GAME = "farms_race"
CAT = catalog()
HERDS = CAT.herds
BARNS = CAT.barns
ARMORIES = CAT.armories
TOKENS = tuple(CAT.human_tokens)  # tokens of value 1, 2, 3
WHEAT, WOOD, BRICK, WEAPONS, PLUTONIUM = range(5)
WILD = 5


def rc(row: int, col: int) -> int:
    """The region index of cell ``(row, col)`` on a 5 x 5 map (FR-3.1)."""
    return row * 5 + col


# --- games ---------------------------------------------------------------------------------
def game(players: int = 4, **params: Any) -> FarmsRaceGame:
    """Farms Race with seat 0 as seat 1, no Mutations (unless ``mutations`` gives them) and
    no opening trade window, unless ``params`` say otherwise: the rules of one section are
    tested without the others."""
    params.setdefault("first_player", "0")
    if "mutations" not in params:
        params.setdefault("no_mutations", True)
    params.setdefault("opening_trade_window", False)
    loaded = load_game(GAME, players, **params)
    assert isinstance(loaded, FarmsRaceGame)
    return loaded


def new_state(players: int = 4, **params: Any) -> FRState:
    state = game(players, **params).new_initial_state()
    assert isinstance(state, FRState)
    return state


def play_setup(state: FRState) -> FRState:
    """Play setup with the first legal choice and the first chance outcome each time, up to
    the first Actions phase."""
    while state.phase != ACTIONS:
        state.apply_action(state.legal_actions()[0])
    return state


@cache
def _template(players: int, key: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return play_setup(new_state(players, **dict(key))).to_json()


def _region(**fields: Any) -> dict[str, Any]:
    doc = {
        "owner": None,
        "healthy": 0,
        "injured": 0,
        "healthy_acted": 0,
        "injured_acted": 0,
        "building": None,
        "turmoil": False,
        "token": None,
        "stand_in": False,
    }
    doc.update(fields)
    return doc


def scenario_doc(
    players: int = 4,
    *,
    regions: Mapping[int, Mapping[str, Any]] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    unknown: Mapping[int, int] | None = None,
    vp_tokens: Mapping[int, int] | None = None,
    active: int = 0,
    first: int = 0,
    phase: str = "actions",
    round: int = 1,  # noqa: A002 - the position's field name
    turns: Iterable[int] | None = None,
    attacked: Iterable[int] = (),
    pool_revealed: tuple[int, int, int] = (0, 0, 0),
    eliminated: Iterable[int] = (),
    start_owners: Mapping[int, int | None] | None = None,
    spies: Mapping[int, Mapping[str, int]] | None = None,
    fresh: Mapping[str, int] | None = None,
    revealed: Mapping[int, Iterable[str]] | None = None,
    nukes: Mapping[int, tuple[int, int]] | None = None,
    nukiest: int | None = None,
    discard: Mapping[str, int] | None = None,
    nuked: Iterable[int] = (),
    **params: Any,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(JSON position, game params) for a scenario; see the module docstring.

    ``regions`` maps a region index to its fields (``owner``, ``healthy``, ``injured``,
    ``healthy_acted``, ``injured_acted``, ``building`` ("barn"/"armory"), ``turmoil``,
    ``token`` (1-3 face up, or "face_down"), ``stand_in``); ``hands`` a seat to its cards by
    resource id; ``unknown`` a seat to how many of its cards others cannot tell (taken from the
    end of ``RESOURCE_IDS``' order of the hand); ``start_owners`` a region to its owner when the
    turn began (``None``: nobody), where that differs from its owner now.

    Spies, Nukes and Mutations (FR-9 to FR-11): ``spies`` a seat to its Spy cards by id;
    ``fresh`` the active seat's cards got this turn; ``revealed`` a seat to its revealed VP
    Spies; ``nukes`` a seat to its (ready, spent) Nuke tokens; ``nukiest`` the Award's holder;
    ``discard`` the played cards; ``nuked`` regions nuked this turn. The deck holds the rest of
    the 24 cards. Mutations come from the ``mutations`` game parameter (one id per seat); a
    region may carry Adorable's ``peeked_value`` with a face-down token.
    """
    params.setdefault("first_player", "0")
    if "mutations" not in params:
        params.setdefault("no_mutations", True)
    params.setdefault("opening_trade_window", False)
    key = tuple(sorted(params.items()))
    doc = copy.deepcopy(_template(players, key))
    nr = len(doc["regions"])
    doc["regions"] = [_region(**(regions or {}).get(r, {})) for r in range(nr)]
    doc["phase"] = phase
    doc["active"] = active
    doc["decider"] = active
    doc["first"] = first
    doc["round"] = round
    if turns is None:
        # every seat up to the active one in turn order has begun its turn of this round
        pos = (active - first) % players
        turns = [round if (s - first) % players <= pos else round - 1 for s in range(players)]
    doc["turns"] = list(turns)
    doc["attacked"] = sorted(attacked)
    # FR-7.3: who owned each region when this turn began; by default its owner now
    doc["turn_start_owners"] = (
        [start_owners.get(r, g["owner"]) for r, g in enumerate(doc["regions"])]
        if start_owners is not None
        else [g["owner"] for g in doc["regions"]]
    )
    doc["move"] = None
    doc["combat"] = None
    doc["cancels"] = 0
    doc["dice"] = None
    doc["named"] = []
    doc["wilds"] = 0
    doc["last_production"] = [{} for _ in range(players)]
    doc["prep_left"] = 0
    doc["prep_given"] = []
    doc["steal_victim"] = None
    doc["discards"] = 0
    doc["winners"] = []
    doc["redo_snapshot"] = None
    doc["nuked"] = sorted(nuked)
    doc["deal_left"] = []
    doc["flying"] = None
    doc["lucky"] = False
    doc["doubles_left"] = []
    doc["resume"] = None
    doc["payment"] = None
    doc["spy"] = None
    doc["nuke"] = None
    doc["nuke_stack"] = []
    doc["nukiest"] = nukiest
    doc["trade"] = {
        "slot": None,
        "next": None,
        "passes": 0,
        "made": [0] * players,
        "open_proposals": 0,
        "proposal": None,
    }
    deck = {card.id: card.count for card in CAT.spies}
    for cards in (spies or {}).values():
        for name, count in cards.items():
            deck[name] -= count
    for names in (revealed or {}).values():
        for name in names:
            deck[name] -= 1
    for name, count in (discard or {}).items():
        deck[name] -= count
    assert min(deck.values()) >= 0, "more Spy cards than the deck holds (FR-2.8)"
    doc["spy_deck"] = {k: n for k, n in deck.items() if n}
    doc["spy_discard"] = {k: n for k, n in (discard or {}).items() if n}
    doc["spies_removed_cards"] = {}
    face_up = [0, 0, 0]
    for region in doc["regions"]:
        if isinstance(region["token"], int) and not region["stand_in"]:
            face_up[region["token"] - 1] += 1
    doc["tokens"] = {
        "unseen": [TOKENS[v] - face_up[v] - pool_revealed[v] for v in range(3)],
        "pool_revealed": list(pool_revealed),
        "stand_ins": sum(1 for g in doc["regions"] if g["stand_in"]),
    }
    dead = set(eliminated)
    for s, seat in enumerate(doc["seats"]):
        mine = [g for g in doc["regions"] if g["owner"] == s]
        on_map = sum(
            g["healthy"] + g["injured"] + g["healthy_acted"] + g["injured_acted"] for g in mine
        )
        hand = {k: n for k, n in (hands or {}).get(s, {}).items() if n}
        hidden = (unknown or {}).get(s, 0)
        known = dict(hand)
        left = hidden
        for k in reversed(RESOURCE_IDS):
            take = min(left, known.get(k, 0))
            if take:
                known[k] -= take
                left -= take
        known = {k: n for k, n in known.items() if n}
        seat.update(
            hand=hand,
            known=known,
            unknown_cards=hidden,
            herds_left=HERDS - on_map,
            barns_left=BARNS - sum(1 for g in mine if g["building"] == "barn"),
            armories_left=ARMORIES - sum(1 for g in mine if g["building"] == "armory"),
            vp_tokens=(vp_tokens or {}).get(s, 0),
            eliminated=s in dead,
            spies=dict((spies or {}).get(s, {})),
            spies_fresh=dict(fresh or {}) if s == active else {},
            revealed_vp_spies=list((revealed or {}).get(s, [])),
            nukes_ready=(nukes or {}).get(s, (0, 0))[0],
            nukes_spent=(nukes or {}).get(s, (0, 0))[1],
        )
    return doc, params


def scenario(players: int = 4, **kwargs: Any) -> FRState:
    """The position of ``scenario_doc``, loaded through ``state_from_json``."""
    doc, params = scenario_doc(players, **kwargs)
    state = game(players, **params).state_from_json(doc)
    assert isinstance(state, FRState)
    return state


def start_turn(seat: int, players: int = 4, **kwargs: Any) -> FRState:
    """The scenario as the Discard phase of the seat before ``seat`` in turn order, then its
    End turn: ``seat``'s turn begins through the engine (start-of-turn owners recorded,
    Preparation played). The previous seat must not hold more than 7 cards."""
    first = kwargs.get("first", 0)
    prev = seat
    dead = set(kwargs.get("eliminated", ()))
    while True:
        prev = (prev - 1) % players
        if prev not in dead:
            break
    round_ = kwargs.pop("round", 1)
    if (seat - first) % players <= (prev - first) % players:
        round_ -= 1  # the End turn wraps around to a new round
        assert round_ >= 1, "start_turn of the first seat needs round >= 2"
    state = scenario(players, active=prev, phase="discard_phase", round=round_, **kwargs)
    do(state, END_TURN)
    close_window(state)
    return state


def close_window(state: FRState) -> None:
    """Every slot holder of an open trade window passes (FR-8.3), so the next turn begins."""
    from farmstead.games.farms_race.actions import PASS

    while phase_name(state) == "trade_slot":
        do(state, PASS)


# --- actions -------------------------------------------------------------------------------
def aid(state: FRState, kind: int, arg: int = 0) -> int:
    """The id of action ``kind`` with argument ``arg`` (actions.py)."""
    return state.cfg.layout.base[kind] + arg


def do(state: FRState, kind: int, arg: int = 0) -> None:
    state.apply_action(aid(state, kind, arg))


def legal(state: FRState, kind: int, arg: int = 0) -> bool:
    return state.is_legal(aid(state, kind, arg))


def args_of(state: FRState, kind: int) -> list[int]:
    """The arguments of the legal actions of ``kind``."""
    out = []
    for a in state.legal_actions():
        k, arg = state.cfg.layout.decode(a)
        if k == kind:
            out.append(arg)
    return out


def kinds(state: FRState) -> set[int]:
    """The kinds of the legal actions."""
    return {state.cfg.layout.decode(a)[0] for a in state.legal_actions()}


def move(state: FRState, dest: int, *sources: tuple[int, int, int]) -> None:
    """Assemble a move into ``dest`` from ``(source, healthy, injured)`` and confirm it."""
    do(state, MOVE_TO, dest)
    for src, healthy, injured in sources:
        do(state, SOURCE, src)
        for _ in range(healthy):
            do(state, TAKE, 0)
        for _ in range(injured):
            do(state, TAKE, 1)
    do(state, CONFIRM)


def chance(state: FRState, outcome: int) -> None:
    assert state.is_chance_node(), PHASE_NAMES[state.phase]
    state.apply_action(outcome)


def roll(state: FRState, guns: int, heads: int = 0) -> None:
    """Inject one side's combat roll."""
    chance(state, combat_outcome(guns, heads))


def dice(state: FRState, a: int, b: int) -> None:
    """Inject the resource dice (face 5 is wild)."""
    chance(state, dice_outcome(a, b))


def to_resources(state: FRState, a: int, b: int, *named: int) -> None:
    """End the Actions phase, roll ``a`` and ``b`` and name the wild faces."""
    do(state, END_PHASE)
    dice(state, a, b)
    for k in named:
        do(state, RESOURCE, k)
    assert state.phase == RESOURCES, PHASE_NAMES[state.phase]


def to_discard_phase(state: FRState, a: int = WHEAT, b: int = WOOD) -> None:
    to_resources(state, a, b)
    do(state, END_PHASE)
    assert state.phase == DISCARD_PHASE


def hand(state: FRState, seat: int) -> list[int]:
    return state.hands[NUM_RESOURCES * seat : NUM_RESOURCES * seat + NUM_RESOURCES]


def region(state: FRState, r: int) -> dict[str, Any]:
    return state.to_json()["regions"][r]


def herds(state: FRState, r: int) -> tuple[int, int]:
    """(healthy, injured) herds in ``r``, acted or not."""
    return state.healthy_ready[r] + state.healthy_acted[r], state.injured_ready[
        r
    ] + state.injured_acted[r]


def random_playout(state: FRState, seed: int, max_steps: int = 100_000) -> list[int]:
    """Play ``state`` to the end (or ``max_steps``) with seeded uniform choices; the actions."""
    rng = Rng(seed)
    actions = []
    for _ in range(max_steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            a = rng.sample_outcome(state.chance_outcomes())
        else:
            a = rng.choice(state.legal_actions())
        actions.append(a)
        state.apply_action(a)
    return actions


def phase_name(state: FRState) -> str:
    return PHASE_NAMES[state.phase]


# --- boards and turns (rules tests) ----------------------------------------------------------
# The marked starts of the 4-player recommended map (FR-3.4), one per seat in seat order:
# (0, 2) Fields, (2, 0) Forest, (3, 4) Hills, (4, 2) Weapons Factory.
HOMES = {0: rc(0, 2), 1: rc(2, 0), 2: rc(3, 4), 3: rc(4, 2)}


def board(
    regions: Mapping[int, Mapping[str, Any]] | None = None, players: int = 4
) -> dict[int, dict[str, Any]]:
    """Every seat's home region (``HOMES``) with a Barn and no herds, so that every seat is in
    the game, then ``regions`` on top (a listed region replaces a home)."""
    out: dict[int, dict[str, Any]] = {
        HOMES[s]: {"owner": s, "building": "barn"} for s in range(players)
    }
    for r, fields in (regions or {}).items():
        out[r] = dict(fields)
    return out


def hp(state: FRState, r: int) -> int:
    """Hit points of the herds in ``r`` (healthy 2, injured 1)."""
    healthy, injured = herds(state, r)
    return 2 * healthy + injured


def allocate(state: FRState, cls: int) -> None:
    """Allocate the damage points of the side allocating now, each to health class ``cls``
    (0 healthy, 1 injured) while that is legal, else to the other class."""
    start = state.phase
    while state.phase == start and state.phase in (ALLOCATE_ATTACKER, ALLOCATE_DEFENDER):
        do(state, HIT, cls if legal(state, HIT, cls) else 1 - cls)


def pass_turn(state: FRState, a: int = WHEAT, b: int = WOOD, name: int = WHEAT) -> None:
    """The active seat does nothing: ends Actions, rolls ``a`` and ``b`` (a wild named
    ``name``), ends Resources and its turn, discarding its first kinds down to the limit."""
    named = [name] * min(1, (a == WILD) + (b == WILD))
    to_resources(state, a, b, *named)
    do(state, END_PHASE)
    end_turn(state)


def end_turn(state: FRState) -> None:
    """End turn from the Discard phase, discarding the first kinds held down to the limit."""
    do(state, END_TURN)
    while state.phase == DISCARD:
        do(state, RESOURCE, args_of(state, RESOURCE)[0])
    close_window(state)
