"""Reading a Farms Race position back: ``state_from_json`` by the declaration ``POSITION``.

The fields are read in the order the declaration lists them, each group followed by the
checks that need it: the map, the turn, every region (owner matching pieces, FR-7.1; Human
tokens, FR-1.1), the tokens (conserved), every seat (hands covering what others know of them;
Spy cards and Mutations each in one place), the decisions in progress (``decisions``), and
the pieces of each seat conserved. Every error is an ``InvalidPositionError`` naming the field.
"""

from __future__ import annotations

from typing import Any

from farmstead.core.position import ItemReader
from farmstead.core.schema import (
    Bit,
    Bits,
    Bool,
    Choice,
    Counts,
    Entry,
    Field,
    Int,
    Kind,
    ListOf,
    Nullable,
    Object,
    Reading,
    Rows,
    Span,
    Str,
    When,
    read,
)
from farmstead.games.farms_race.layout import (
    ADORABLE,
    ARMORY,
    BARN,
    FIRST_SEAT,
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
)
from farmstead.games.farms_race.position.decisions import PHASE_FIELDS
from farmstead.games.farms_race.position.kinds import COUNT, HERDS, REGION, RESOURCE, SEAT
from farmstead.games.farms_race.position.views import BUILDINGS
from farmstead.games.farms_race.rules import FRRules


# --- kinds ------------------------------------------------------------------------------------
def _as_in_the_map(expected: Any, reason: str) -> Kind:
    """A value that must equal what the map gives (a position may leave it out)."""

    def derived(reading: Reading, item: ItemReader) -> Any:
        if item.value != expected(reading.cfg):
            item.fail(reason)
        return item.value

    return derived


def _present(reading: Reading, item: ItemReader) -> Any:
    """Any value: the field must be there (it is read by the checks below it)."""
    return item.value


def _building(reading: Reading, item: ItemReader) -> int:
    if item.value not in BUILDINGS:
        item.fail("must be null, 'barn' or 'armory'")
    return BUILDINGS.index(item.value)


def _vp_spy(reading: Reading, item: ItemReader) -> int:
    index = item.choice(SPY_IDS)
    if index not in VP_SPIES:
        item.fail("is not a VP Spy")
    return index


def _snapshot(reading: Reading, item: ItemReader) -> FRRules:
    """The position a new player's redo returns to, read as a position of its own."""
    state = reading.state
    return state_from_json(type(state).empty(state.game, state.cfg), item.obj().doc)


# --- the turn and the map ---------------------------------------------------------------------
def _map_of_this_game(reading: Reading) -> None:
    if reading.got["map"] != reading.cfg.map.id:
        reading.fail(f"is not this game's map {reading.cfg.map.id!r}", "map")


def _first_seat_after_the_first_event(reading: Reading) -> None:
    if reading.state.first == NO and reading.state.phase != FIRST_SEAT:
        reading.fail("is missing: only the first chance event has no seat 1", "first")


def _combat_region(reading: Reading) -> int:
    """The region of the combat in progress (read later), or ``NO``."""
    assert reading.outer is not None
    combat = reading.outer.reader.raw("combat", None)
    if isinstance(combat, dict) and isinstance(combat.get("region"), int):
        return int(combat["region"])
    return NO


def _face_down(reading: Reading) -> None:
    reading.state.face_down |= 1 << reading.row


def _peeked(reading: Reading) -> None:
    reading.state.peeked |= 1 << reading.row


def _face_up_real_unless_stand_in(reading: Reading) -> None:
    if not reading.got["stand_in"]:
        reading.state.token_real |= 1 << reading.row


def _region_control(reading: Reading) -> None:
    """A stand-in is a face-up token; pieces have an owner and an owner has pieces (FR-7.1)
    but in the region of the combat in progress."""
    state, r = reading.state, reading.row
    if reading.got["stand_in"] and not state.token[r]:
        reading.fail("only a face-up token can be a stand-in", "stand_in")
    pieces = state.herds_in(r) or state.building[r] != NO_BUILDING
    if pieces and state.owner[r] == NO:
        reading.fail("has herds or a building but no owner", "owner")
    if not pieces and state.owner[r] != NO and r != _combat_region(reading):
        reading.fail("has an owner but no herds or building (FR-7.1)", "owner")


REGION_FIELDS = (
    Field("owner", SEAT, "owner", optional=NO),
    Field("healthy", HERDS, "healthy_ready"),
    Field("injured", HERDS, "injured_ready"),
    Field("healthy_acted", HERDS, "healthy_acted"),
    Field("injured_acted", HERDS, "injured_acted"),
    Field("building", _building, "building"),
    Field("turmoil", Bool(), Bit("turmoil")),
    Field("token", _present),
    Field("stand_in", Bool()),
    When(
        lambda r: r.got["token"] == "face_down",
        _face_down,
        When(
            lambda r: r.reader.has("peeked_value"),
            Field("peeked_value", Int(1, 3), "token"),
            _peeked,
        ),
    ),
    When(
        lambda r: r.got["token"] not in ("face_down", None),
        Field("token", Int(1, 3), "token"),
        _face_up_real_unless_stand_in,
    ),
    _region_control,
)
"""One region: herds by health, building, Turmoil and its Human token."""


def _tokens_only_with_adorable(reading: Reading) -> None:
    """A Human token shares a region only with Adorable's pieces (FR-1.1)."""
    state = reading.state
    for r in range(reading.cfg.regions):
        owner = state.owner[r]
        if state.has_token(r) and owner != NO and state.mutation[owner] != ADORABLE:
            reading.fail(
                "a Human token shares a region only with Adorable's pieces (FR-1.1)",
                f"regions[{r}].token",
            )


def _tokens_conserved(reading: Reading) -> None:
    """The tokens of each value: unseen, revealed in the pool and face up on the map; peeked
    and face-down ones among the unseen; stand-ins as the map shows them."""
    state = reading.state
    nr = reading.cfg.regions
    face_up_real = [0, 0, 0]
    peeked_values = [0, 0, 0]
    for r in range(nr):
        if state.token_real >> r & 1:
            face_up_real[state.token[r] - 1] += 1
        if state.peeked >> r & 1:
            peeked_values[state.token[r] - 1] += 1
    for v in range(3):
        if peeked_values[v] > state.tokens_unseen[v]:
            reading.fail(f"more peeked tokens of value {v + 1} than unseen ones", "unseen")
    for v in range(3):
        if (
            state.tokens_unseen[v] + state.tokens_pool_revealed[v] + face_up_real[v]
            != reading.cfg.tokens[v]
        ):
            reading.fail(
                f"tokens of value {v + 1} do not add up to {reading.cfg.tokens[v]} (unseen, in "
                "the pool revealed, face up on the map)"
            )
    if sum(state.tokens_unseen) < bin(state.face_down).count("1"):
        reading.fail("fewer unseen tokens than face-down tokens on the map", "unseen")
    face_up = sum(1 for r in range(nr) if state.token[r] and not state.face_down >> r & 1)
    if state.stand_ins != face_up - sum(face_up_real):
        reading.fail("does not match the stand-in tokens on the map", "stand_ins")


TOKENS = Object(
    Field("unseen", ListOf(Int(0, 99), 3), "tokens_unseen"),
    Field("pool_revealed", ListOf(Int(0, 99), 3), "tokens_pool_revealed"),
    Field("stand_ins", Int(0, 999), "stand_ins"),
    _tokens_conserved,
    only=True,
)


# --- the seats --------------------------------------------------------------------------------
def _known_within_the_hand(reading: Reading) -> None:
    hand, known = reading.got["hand"], reading.got["known"]
    for k in range(NUM_RESOURCES):
        if known[k] > hand[k]:
            reading.fail(f"others know of more {RESOURCE_IDS[k]} than the hand holds", "known")


def _hand_size_known_plus_unknown(reading: Reading) -> None:
    if sum(reading.got["hand"]) != sum(reading.got["known"]) + reading.got["unknown_cards"]:
        reading.fail("hand size is not the known cards plus the unknown ones", "unknown_cards")


def _unknown_kinds(reading: Reading) -> None:
    """The kinds the unknown cards may be (not given: any kind; none without unknown cards);
    the cards others do not know are of those kinds."""
    s = reading.row
    unknown = reading.got["unknown_cards"]
    kinds = reading.got["unknown_kinds"]
    if unknown and not kinds:
        kinds = (1 << NUM_RESOURCES) - 1  # not given: any kind
    if not unknown:
        kinds = 0
    hand, known = reading.got["hand"], reading.got["known"]
    for k in range(NUM_RESOURCES):
        if hand[k] - known[k] and not kinds >> k & 1:
            reading.fail(f"holds unknown {RESOURCE_IDS[k]}, not one of its unknown kinds", "hand")
    reading.state.unknown_kinds[s] = kinds


def _fresh_spies(reading: Reading) -> None:
    """Spy cards got this turn: the active seat's only, among those it holds."""
    state, s = reading.state, reading.row
    fresh = reading.got["spies_fresh"]
    if any(fresh) and s != state.active:
        reading.fail("only the active player has Spy cards got this turn", "spies_fresh")
    if any(f > h for f, h in zip(fresh, reading.got["spies"], strict=True)):
        reading.fail("more cards got this turn than held", "spies_fresh")
    if s == state.active:
        state.fresh = fresh


def _chosen_mutation_dealt(reading: Reading) -> None:
    state, s = reading.state, reading.row
    mutation, dealt = state.mutation[s], state.dealt[s]
    if mutation != NO and dealt and not dealt >> mutation & 1:
        reading.fail("the chosen Mutation was not dealt to this seat", "mutation")


SEAT_FIELDS = (
    Field("herds_left", HERDS, "herds_left"),
    Field("barns_left", Int(0, "barns"), "barns_left"),
    Field("armories_left", Int(0, "armories"), "armories_left"),
    Field("vp_tokens", COUNT, "vp_tokens"),
    Field("eliminated", Bool(), Bit("eliminated")),
    Field("hand", Counts(RESOURCE_IDS), Span("hands")),
    Field("known", Counts(RESOURCE_IDS), Span("known_cards")),
    _known_within_the_hand,
    Field("unknown_cards", COUNT, "unknown_cards"),
    _hand_size_known_plus_unknown,
    Field("unknown_kinds", Bits(RESOURCE), default=0),
    _unknown_kinds,
    Field("spies", Counts(SPY_IDS), Span("spies")),
    Field("spies_fresh", Counts(SPY_IDS)),
    _fresh_spies,
    Field("revealed_vp_spies", Bits(_vp_spy), "revealed"),
    Field("nukes_ready", COUNT, "nukes_ready"),
    Field("nukes_spent", COUNT, "nukes_spent"),
    Field("dealt_mutations", Bits(Choice(MUTATION_IDS)), "dealt"),
    _chosen_mutation_dealt,
)
"""One seat: supplies, VP tokens, resource cards and what others know of them, Spy cards,
nukes and Mutations (its chosen one is read before the map's Human tokens)."""


def _mutations_once(reading: Reading) -> None:
    """Each Mutation card exists once: chosen by one seat, dealt to one."""
    state = reading.state
    chosen = [m for m in state.mutation if m != NO]
    if len(chosen) != len(set(chosen)):
        reading.fail("two seats have the same Mutation (each card exists once)", "seats")
    all_dealt = [m for d in state.dealt for m in range(NUM_MUTATIONS) if d >> m & 1]
    if len(all_dealt) != len(set(all_dealt)):
        reading.fail("a Mutation is dealt to two seats", "seats")


def _spy_cards_conserved(reading: Reading) -> None:
    """Each kind of Spy card: in the deck, the discard pile, hands, revealed or removed."""
    state, c = reading.state, reading.cfg
    for kind in range(NUM_SPY_KINDS):
        held = sum(state.spies[NUM_SPY_KINDS * p + kind] for p in range(c.players))
        shown = sum(x >> kind & 1 for x in state.revealed)
        total = (
            state.spy_deck[kind] + state.spy_discard[kind] + state.spy_removed[kind] + held + shown
        )
        if total != c.spy_deck[kind]:
            reading.fail(
                f"{SPY_IDS[kind]} cards do not add up to {c.spy_deck[kind]} (deck, discard "
                "pile, hands, revealed, removed)",
                "spy_deck",
            )


def _nukiest_owns_a_nuke(reading: Reading) -> None:
    state = reading.state
    if state.nukiest != NO and not state.nuke_tokens(state.nukiest):
        reading.fail("the Nukiest holder owns no Nuke token", "nukiest")


def _pieces_conserved(reading: Reading) -> None:
    """Each seat's herds, Barns and Armories: on the map (herds also in the combat and on the
    move) plus in its supply make its whole set; an eliminated seat has none on the map."""
    state, c = reading.state, reading.cfg
    nr = c.regions
    for s in range(c.players):
        where = f"seats[{s}]"
        on_map = sum(state.herds_in(r) for r in range(nr) if state.owner[r] == s)
        if s == state.active:
            on_map += sum(state.combat_attackers) + sum(state.route_left)
        if on_map + state.herds_left[s] != c.herds:
            reading.fail(
                f"herds on the map and in supply do not add up to {c.herds}",
                f"{where}.herds_left",
            )
        mine = [state.building[r] for r in range(nr) if state.owner[r] == s]
        if mine.count(BARN) + state.barns_left[s] != c.barns:
            reading.fail(
                f"Barns on the map and in supply do not add up to {c.barns}", f"{where}.barns_left"
            )
        if mine.count(ARMORY) + state.armories_left[s] != c.armories:
            reading.fail(
                "Armories on the map and in supply do not add up", f"{where}.armories_left"
            )
        if not state.alive(s) and s in state.owner:
            reading.fail("an eliminated seat still has pieces on the map", f"{where}.eliminated")


def _active_seat_in_play(reading: Reading) -> None:
    """A seat is active outside the first chance event, the end and the opening trade window."""
    state = reading.state
    opening_window = state.round == 1 and not any(state.turns) and state.trade_slot != NO
    if state.phase not in (FIRST_SEAT, OVER) and state.active == NO and not opening_window:
        reading.fail("is missing", "active")


POSITION: tuple[Entry, ...] = (
    Field("map", Str()),
    _map_of_this_game,
    # cells and types are derived from the map; a position may omit them, never contradict it
    Field(
        "cells",
        _as_in_the_map(
            lambda c: [list(cell) for cell in c.map.cells], "are not the cells of this game's map"
        ),
        optional=None,
    ),
    Field(
        "types",
        _as_in_the_map(
            lambda c: [REGION_TYPE_IDS[t] for t in c.region_type],
            "are not the region types of this game's map",
        ),
        optional=None,
    ),
    Field("phase", Choice(PHASE_NAMES), "phase"),
    Field("active", SEAT, "active", optional=NO),
    Field("decider", SEAT, "decider", optional=NO),
    Field("first", SEAT, "first", optional=NO),
    _first_seat_after_the_first_event,
    Field("round", Int(0, "max_rounds"), "round"),
    Field("turns", ListOf(Int(0, 10**9), "players"), "turns"),
    Field("regions", Rows(*REGION_FIELDS, length="regions")),
    Field(
        "seats",
        Rows(
            Field("mutation", Choice(MUTATION_IDS), "mutation", optional=NO),
            length="players",
        ),
    ),
    _tokens_only_with_adorable,
    Field("attacked", Bits(REGION), "attacked"),
    Field("nuked", Bits(REGION), "nuked"),
    Field(
        "turn_start_owners",
        ListOf(Nullable(SEAT, NO), "regions", make=tuple),
        "start_owner",
    ),
    Field("tokens", TOKENS),
    Field("seats", Rows(*SEAT_FIELDS, length="players")),
    _mutations_once,
    Field("spy_deck", Counts(SPY_IDS), "spy_deck"),
    Field("spies_removed_cards", Counts(SPY_IDS), "spy_removed"),
    Field("spy_discard", Counts(SPY_IDS), "spy_discard"),
    _spy_cards_conserved,
    Field("nukiest", SEAT, "nukiest", optional=NO),
    _nukiest_owns_a_nuke,
    *PHASE_FIELDS,
    _pieces_conserved,
    _active_seat_in_play,
    Field("redo_snapshot", _snapshot, "redo_snapshot", optional=None),
)
"""The position's fields in reading order, each group followed by the checks that need it
(the seats are read twice: their Mutations before the map's Human tokens are checked)."""


def state_from_json(blank: FRRules, doc: Any) -> FRRules:
    """Fill ``blank`` (a state of the game before setup) with a position ``to_json`` wrote,
    read by ``POSITION``; ``InvalidPositionError`` naming the field for anything malformed,
    out of range or inconsistent (pieces and tokens conserved, control matching pieces, hands
    covering what others know of them)."""
    read(POSITION, blank, blank.game.position_reader(doc))
    return blank
