"""Farms Race's data files, validated, as typed tables (rules/farms_race.md §2, §3).

Every value comes from ``data/*.toml`` with its provenance (FR-0.3): every PROPOSED number (the
build costs, the combat die, the Spy counts, the map layouts, the trade-window caps, the round
cap, the behaviour options' defaults) lives there, never in code. A designer replaces any value
by editing a data file or with the game parameter ``overrides``
(``"barn.wheat=2; combat_die.counts=1|2|3; A.types=PFPF..."``), which ``read_catalog`` applies
to the raw tables before checking them. A malformed file raises ``DataFileError`` naming the
file, the table and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from farmstead.core.data import META_KEYS, load_data
from farmstead.core.errors import DataFileError
from farmstead.core.overrides import OverrideSyntax, apply_overrides, parse_overrides
from farmstead.games.farms_race.layout import (
    ARMORY,
    BARN,
    BUILD_IDS,
    COMBAT_FACE_IDS,
    MAX_COMBAT_DICE,
    MAX_SEATS,
    MUTATION_IDS,
    NUM_RESOURCES,
    REGION_LETTERS,
    REGION_TYPE_IDS,
    RESOURCE_FACES,
    RESOURCE_IDS,
    SPY_IDS,
    TOKEN_VALUES,
    WILD,
)
from farmstead.games.farms_race.maps import MapSpec, map_from_doc

DATA_PACKAGE = "farmstead.games.farms_race"
DATA_FILES = (
    "play.toml",
    "dice.toml",
    "costs.toml",
    "mutations.toml",
    "spies.toml",
    "maps.toml",
)

SPY_KINDS = ("vp", "action", "reaction", "action_reaction")
COST_IDS = (*BUILD_IDS, "nuke_alt")  # the tables of costs.toml
FIXED_MAP_IDS = ("recommended_4", "recommended_3", *"ABCDEFGHIJ")  # FR-3.4 to FR-3.6
OPTION_IDS = (  # the behaviour options (FR-2.10); their defaults are PROPOSED data
    "opening_trade_window",  # FR-R33
    "auto_reveal_winning_vp_spies",  # FR-12
    "random_map_no_same_adjacent",  # FR-3.7
    "nuke_cost_alt",  # FR-2.4
    "reveal_hidden_info_after_game",  # FR-16
)


@dataclass(frozen=True)
class Mutation:
    """One Mutation card (FR-2.7): its id (one of ``MUTATION_IDS``), name and one-line summary."""

    id: str
    name: str
    summary: str


@dataclass(frozen=True)
class SpyCard:
    """One Spy card name (FR-2.8) and how many copies the deck holds; ``kind`` is one of
    ``SPY_KINDS``."""

    id: str
    name: str
    count: int
    kind: str
    summary: str


@dataclass(frozen=True)
class Catalog:
    """Everything the data files define, checked. Resource-indexed tuples follow
    ``layout.RESOURCE_IDS``; region-type-indexed ones ``layout.REGION_TYPE_IDS``; per-seat ones
    seats 1..4."""

    species: tuple[str, ...]
    species_names: tuple[str, ...]
    min_players: int
    max_players: int
    target_vp: int
    target_vp_first_game: int
    target_vp_expert: int
    resources: tuple[str, ...]
    resource_names: tuple[str, ...]
    resource_cards: int  # physical cards per kind (the software supply is unlimited)
    region_types: tuple[str, ...]
    region_type_names: tuple[str, ...]
    region_letters: tuple[str, ...]
    produces: tuple[int, ...]  # per region type: the resource index it produces
    tiles_per_type: int
    herds: int  # per species, hard limits (FR-2.1)
    barns: int
    armories: int
    herd_hp: int
    human_hp: int
    start_building: int  # layout.BARN or layout.ARMORY
    start_herds: int
    blue_blooded_start_building: int
    blue_blooded_start_herds: int
    human_tokens: tuple[int, ...]  # tokens of value 1, 2, 3 (layout.TOKEN_VALUES)
    hand_limit: int
    supply_trade_rate: int
    supply_trade_rate_hyper: int
    starting_resources: tuple[int, ...]  # per seat
    mutations_dealt: tuple[int, ...]  # per seat
    mutations_dealt_random_map: tuple[int, ...]  # per seat, on a random map
    vp_barn: int
    vp_armory: int
    vp_conquest: int
    vp_nukiest: int
    vp_spy: int
    nuke_tokens: int  # physical counts; uncapped in software when tokens_uncapped
    vp_tokens: int
    turmoil_tokens: int
    tokens_uncapped: bool
    trade_window_max_proposals: int
    open_trading_max_proposals: int
    max_rounds: int
    max_combat_rounds: int  # engine bound: rounds of one combat (PROPOSED)
    max_cancels: int  # engine bound: cancelled moves per turn (PROPOSED)
    options: dict[str, bool]  # OPTION_IDS -> default
    resource_dice: int
    resource_die: tuple[int, ...]  # per face: a resource index or layout.WILD
    combat_die: tuple[int, int, int]  # faces showing blank, head, gun
    herd_damage: tuple[int, int, int]  # per combat face
    human_damage: tuple[int, int, int]
    costs: dict[str, tuple[int, ...]]  # "barn", "armory", "spy", "nuke", "nuke_alt"
    hyper_intelligent_cards: int
    deranged_extra: int
    mutations: tuple[Mutation, ...]  # in MUTATION_IDS order
    spies: tuple[SpyCard, ...]  # in SPY_IDS order
    spy_deck_total: int
    spy_deck_reshuffle: bool
    maps: dict[str, MapSpec]  # "recommended_4", "recommended_3", "A".."J"


# --- reading values -------------------------------------------------------------------------
def _table(doc: dict[str, Any], name: str, filename: str) -> dict[str, Any]:
    if name not in doc:
        raise DataFileError(f"{filename}: missing table [{name}]")
    return doc[name]


def _get(table: dict[str, Any], key: str, where: str) -> Any:
    if key not in table:
        raise DataFileError(f"{where}: missing field {key!r}")
    return table[key]


def _int(table: dict[str, Any], key: str, where: str, minimum: int = 0) -> int:
    value = _get(table, key, where)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise DataFileError(f"{where}: field {key!r} must be an int >= {minimum}, got {value!r}")
    return value


def _bool(table: dict[str, Any], key: str, where: str) -> bool:
    value = _get(table, key, where)
    if not isinstance(value, bool):
        raise DataFileError(f"{where}: field {key!r} must be true or false, got {value!r}")
    return value


def _str(table: dict[str, Any], key: str, where: str) -> str:
    value = _get(table, key, where)
    if not isinstance(value, str) or not value:
        raise DataFileError(f"{where}: field {key!r} must be a non-empty string, got {value!r}")
    return value


def _strs(table: dict[str, Any], key: str, where: str, length: int) -> tuple[str, ...]:
    value = _get(table, key, where)
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(isinstance(v, str) and v for v in value)
    ):
        raise DataFileError(f"{where}: field {key!r} must list {length} strings, got {value!r}")
    return tuple(value)


def _ints(
    table: dict[str, Any], key: str, where: str, length: int, minimum: int = 0
) -> tuple[int, ...]:
    value = _get(table, key, where)
    if (
        not isinstance(value, list)
        or len(value) != length
        or any(isinstance(v, bool) or not isinstance(v, int) or v < minimum for v in value)
    ):
        raise DataFileError(
            f"{where}: field {key!r} must list {length} ints >= {minimum}, got {value!r}"
        )
    return tuple(value)


def _order(table: dict[str, Any], where: str, expected: tuple[str, ...]) -> tuple[str, ...]:
    order = _strs(table, "order", where, len(expected))
    if order != expected:
        raise DataFileError(
            f"{where}: field 'order' must be {list(expected)} (the index order of layout.py), "
            f"got {list(order)}"
        )
    return order


def _three(values: tuple[int, ...]) -> tuple[int, int, int]:
    return values[0], values[1], values[2]


def _cost(doc: dict[str, Any], name: str) -> tuple[int, ...]:
    where = f"costs.toml [{name}]"
    table = _table(doc, name, "costs.toml")
    unknown = sorted(set(table) - META_KEYS - set(RESOURCE_IDS))
    if unknown:
        raise DataFileError(
            f"{where}: unknown field(s) {', '.join(unknown)}; a cost lists resources among "
            f"{', '.join(RESOURCE_IDS)}"
        )
    cost = tuple(_int(table, r, where) if r in table else 0 for r in RESOURCE_IDS)
    if not any(cost):
        raise DataFileError(f"{where}: a build costs at least one resource")
    return cost


# --- overrides --------------------------------------------------------------------------------
def _absent_cost(item: str, field: str) -> int | None:
    """A resource that a cost table does not list costs 0 there, so an override may set it."""
    return 0 if item in COST_IDS and field in RESOURCE_IDS else None


OVERRIDES = OverrideSyntax(
    game="farms_race",
    item="table",
    example="barn.wheat=2",
    value_hint="lists as a|b, cells as 0,2|2,0",
    absent_default=_absent_cost,
)
"""How Farms Race words its ``overrides`` (``core.overrides``)."""


# --- building ------------------------------------------------------------------------------
def _raw() -> dict[str, dict[str, Any]]:
    return {name: load_data(DATA_PACKAGE, name) for name in DATA_FILES}


@cache
def _raw_cached() -> dict[str, dict[str, Any]]:
    return _raw()


def _maps(doc: dict[str, Any], tiles_per_type: int) -> dict[str, MapSpec]:
    maps: dict[str, MapSpec] = {}
    for map_id, table in doc.items():
        where = f"maps.toml [{map_id}]"
        if "id" in table and table["id"] != map_id:
            raise DataFileError(f"{where}: field 'id' must be the table's name {map_id!r}")
        for key in ("label", "players", "stand_in"):
            _get(table, key, where)
        spec = map_from_doc(table, where, default_id=map_id, error=DataFileError)
        if len(spec.starts) < spec.players:
            raise DataFileError(
                f"{where}: field 'starts': a fixed map marks at least {spec.players} starts"
            )
        if spec.stand_in and "stand-in" not in spec.label:
            raise DataFileError(f"{where}: field 'label' must say 'stand-in' (FR-3)")
        counts = [spec.types.count(t) for t in range(len(REGION_LETTERS))]
        if len(spec.cells) != len(REGION_LETTERS) * tiles_per_type or set(counts) != {
            tiles_per_type
        }:
            raise DataFileError(
                f"{where}: field 'types': a map of ours uses the box's tiles, {tiles_per_type} "
                f"of each type (FR-2.2); it has {dict(zip(REGION_LETTERS, counts, strict=True))}"
            )
        maps[map_id] = spec
    missing = [m for m in FIXED_MAP_IDS if m not in maps]
    if missing:
        raise DataFileError(f"maps.toml: missing map(s) {', '.join(missing)}")
    return maps


def _play_table(play: dict[str, Any], name: str) -> tuple[dict[str, Any], str]:
    """Table ``name`` of play.toml and where it is, for errors."""
    return _table(play, name, "play.toml"), f"play.toml [{name}]"


def _species(play: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The species' ids and names (play.toml [species])."""
    species, w = _play_table(play, "species")
    order = _get(species, "order", w)
    species_ids = _strs(species, "order", w, len(order) if isinstance(order, list) else -1)
    return species_ids, _strs(species, "names", w, len(species_ids))


def _players(play: dict[str, Any], species: int) -> tuple[int, int]:
    """The fewest and most players (play.toml [players]): 3 to 4, one species each."""
    players, w = _play_table(play, "players")
    min_players, max_players = _int(players, "min", w, 1), _int(players, "max", w, 1)
    if not 3 <= min_players <= max_players <= min(MAX_SEATS, species):
        raise DataFileError(
            f"{w}: the engine plays 3 to {MAX_SEATS} players, one species each; got "
            f"{min_players} to {max_players}"
        )
    return min_players, max_players


def _region_types(
    types: dict[str, Any], w: str
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...], int]:
    """The region types' ids, letters, produced resources and tiles per type (play.toml
    [region_types]), in the index order of layout.py: type i produces resource i."""
    type_ids = _order(types, w, REGION_TYPE_IDS)
    letters = _strs(types, "letters", w, len(REGION_TYPE_IDS))
    if letters != REGION_LETTERS:
        raise DataFileError(
            f"{w}: field 'letters' must be {list(REGION_LETTERS)} (layout.REGION_LETTERS)"
        )
    produces_ids = _strs(types, "produces", w, len(REGION_TYPE_IDS))
    if any(p not in RESOURCE_IDS for p in produces_ids):
        raise DataFileError(f"{w}: field 'produces' must name resources, got {produces_ids}")
    produces = tuple(RESOURCE_IDS.index(p) for p in produces_ids)
    if produces != tuple(range(len(REGION_TYPE_IDS))):
        raise DataFileError(f"{w}: field 'produces': type i must produce resource i (layout.py)")
    return type_ids, letters, produces, _int(types, "tiles", w, 1)


def _herds(pieces: dict[str, Any], w: str) -> int:
    """Herds per species (play.toml [pieces]): with the largest token they fit the dice."""
    herds = _int(pieces, "herds", w, 1)
    if herds + max(TOKEN_VALUES) > MAX_COMBAT_DICE:
        raise DataFileError(f"{w}: field 'herds': at most {MAX_COMBAT_DICE - max(TOKEN_VALUES)}")
    return herds


def _start_pieces(play: dict[str, Any], name: str) -> tuple[int, int]:
    """The starting building (layout.BARN or layout.ARMORY) and herds of table ``name``."""
    table, where = _play_table(play, name)
    building = _str(table, "building", where)
    if building not in ("barn", "armory"):
        raise DataFileError(f"{where}: field 'building' must be barn or armory")
    return (BARN if building == "barn" else ARMORY), _int(table, "herds", where, 1)


def _human_tokens(tokens: dict[str, Any], w: str) -> tuple[int, ...]:
    """Human tokens of each value of layout.TOKEN_VALUES (play.toml [human_tokens])."""
    names = sorted(set(tokens) - META_KEYS)
    if names != [str(v) for v in TOKEN_VALUES]:
        raise DataFileError(f"{w}: the fields must be the token values {list(TOKEN_VALUES)}")
    return tuple(_int(tokens, str(v), w) for v in TOKEN_VALUES)


def _options(opts: dict[str, Any], w: str) -> dict[str, bool]:
    """The behaviour options' defaults (play.toml [options]), exactly ``OPTION_IDS``."""
    if sorted(set(opts) - META_KEYS) != sorted(OPTION_IDS):
        raise DataFileError(f"{w}: the fields must be the options {', '.join(OPTION_IDS)}")
    return {name: _bool(opts, name, w) for name in OPTION_IDS}


def _resource_die(dice: dict[str, Any]) -> tuple[dict[str, Any], tuple[int, ...]]:
    """dice.toml [resource_die] and its faces: a resource index or layout.WILD each."""
    rdie = _table(dice, "resource_die", "dice.toml")
    w = "dice.toml [resource_die]"
    faces = _strs(rdie, "faces", w, RESOURCE_FACES)
    if any(f not in (*RESOURCE_IDS, "wild") for f in faces):
        raise DataFileError(f"{w}: field 'faces' must name resources or 'wild', got {faces}")
    return rdie, tuple(WILD if f == "wild" else RESOURCE_IDS.index(f) for f in faces)


def _combat_die(dice: dict[str, Any]) -> tuple[dict[str, Any], tuple[int, int, int]]:
    """dice.toml [combat_die] and how many faces show blank, head and gun."""
    cdie = _table(dice, "combat_die", "dice.toml")
    w = "dice.toml [combat_die]"
    if _strs(cdie, "faces", w, len(COMBAT_FACE_IDS)) != COMBAT_FACE_IDS:
        raise DataFileError(f"{w}: field 'faces' must be {list(COMBAT_FACE_IDS)} (layout.py)")
    combat_die = _three(_ints(cdie, "counts", w, 3))
    if not sum(combat_die):
        raise DataFileError(f"{w}: field 'counts': the die needs at least one face")
    return cdie, combat_die


def _mutations(mut_doc: dict[str, Any]) -> tuple[Mutation, ...]:
    """mutations.toml: exactly the Mutations the engine implements, in MUTATION_IDS order."""
    if sorted(mut_doc) != sorted(MUTATION_IDS):
        raise DataFileError(
            f"mutations.toml: the tables must be the Mutations the engine implements: "
            f"{', '.join(MUTATION_IDS)} (got {', '.join(mut_doc)})"
        )
    mutations = []
    for mid in MUTATION_IDS:
        w = f"mutations.toml [{mid}]"
        mutations.append(
            Mutation(mid, _str(mut_doc[mid], "name", w), _str(mut_doc[mid], "summary", w))
        )
    return tuple(mutations)


def _spies(spy_doc: dict[str, Any]) -> tuple[dict[str, Any], tuple[SpyCard, ...], int]:
    """spies.toml: its [spy_deck] table, the Spy cards the engine implements in SPY_IDS order,
    and the deck's total, which their counts add up to."""
    deck = _table(spy_doc, "spy_deck", "spies.toml")
    if sorted(set(spy_doc) - {"spy_deck"}) != sorted(SPY_IDS):
        raise DataFileError(
            f"spies.toml: the card tables must be the Spies the engine implements: "
            f"{', '.join(SPY_IDS)}"
        )
    spies = []
    for sid in SPY_IDS:
        w = f"spies.toml [{sid}]"
        table = spy_doc[sid]
        kind = _str(table, "kind", w)
        if kind not in SPY_KINDS:
            raise DataFileError(f"{w}: field 'kind' must be one of {', '.join(SPY_KINDS)}")
        spies.append(
            SpyCard(
                sid,
                _str(table, "name", w),
                _int(table, "count", w),
                kind,
                _str(table, "summary", w),
            )
        )
    spy_total = _int(deck, "total", "spies.toml [spy_deck]", 1)
    if sum(s.count for s in spies) != spy_total:
        raise DataFileError(
            f"spies.toml: the counts add up to {sum(s.count for s in spies)}, not the "
            f"[spy_deck] total {spy_total}"
        )
    return deck, tuple(spies), spy_total


def read_catalog(overrides: str = "") -> Catalog:
    """The checked catalog, after ``overrides`` (see the module docstring)."""
    docs = _raw_cached()
    if overrides.strip():
        docs = apply_overrides(docs, parse_overrides(overrides, OVERRIDES), OVERRIDES)
    play = docs["play.toml"]

    species_ids, species_names = _species(play)
    min_players, max_players = _players(play, len(species_ids))
    target, w = _play_table(play, "target_vp")

    resources, w = _play_table(play, "resources")
    resource_ids = _order(resources, w, RESOURCE_IDS)
    resource_names = _strs(resources, "names", w, NUM_RESOURCES)
    resource_cards = _int(resources, "cards", w, 1)

    types, w = _play_table(play, "region_types")
    type_ids, letters, produces, tiles_per_type = _region_types(types, w)

    pieces, w = _play_table(play, "pieces")
    herds = _herds(pieces, w)
    hp, w = _play_table(play, "hit_points")
    start_building, start_herds = _start_pieces(play, "start_pieces")
    bb_building, bb_herds = _start_pieces(play, "start_pieces_blue_blooded")
    human_tokens = _human_tokens(*_play_table(play, "human_tokens"))

    hand, w = _play_table(play, "hand_limit")
    trade_rates, w_trade = _play_table(play, "supply_trade")
    seats_start, w_start = _play_table(play, "starting_resources")
    dealt, w_dealt = _play_table(play, "mutations_dealt")
    vp, w_vp = _play_table(play, "vp")
    caps, w_caps = _play_table(play, "component_caps")
    trade, w_tw = _play_table(play, "trade")
    cap, w_cap = _play_table(play, "round_cap")
    limits, w_limits = _play_table(play, "engine_limits")
    options = _options(*_play_table(play, "options"))

    rdie, resource_die = _resource_die(docs["dice.toml"])
    cdie, combat_die = _combat_die(docs["dice.toml"])

    costs_doc = docs["costs.toml"]
    costs = {name: _cost(costs_doc, name) for name in COST_IDS}
    payment = _table(costs_doc, "payment_modes", "costs.toml")
    w_pay = "costs.toml [payment_modes]"

    mutations = _mutations(docs["mutations.toml"])
    deck, spies, spy_total = _spies(docs["spies.toml"])

    return Catalog(
        species=species_ids,
        species_names=species_names,
        min_players=min_players,
        max_players=max_players,
        target_vp=_int(target, "default", "play.toml [target_vp]", 1),
        target_vp_first_game=_int(target, "first_game", "play.toml [target_vp]", 1),
        target_vp_expert=_int(target, "expert", "play.toml [target_vp]", 1),
        resources=resource_ids,
        resource_names=resource_names,
        resource_cards=resource_cards,
        region_types=type_ids,
        region_type_names=_strs(types, "names", "play.toml [region_types]", len(type_ids)),
        region_letters=letters,
        produces=produces,
        tiles_per_type=tiles_per_type,
        herds=herds,
        barns=_int(pieces, "barns", "play.toml [pieces]", 1),
        armories=_int(pieces, "armories", "play.toml [pieces]"),
        herd_hp=_int(hp, "herd", "play.toml [hit_points]", 1),
        human_hp=_int(hp, "human", "play.toml [hit_points]", 1),
        start_building=start_building,
        start_herds=start_herds,
        blue_blooded_start_building=bb_building,
        blue_blooded_start_herds=bb_herds,
        human_tokens=human_tokens,
        hand_limit=_int(hand, "resources", "play.toml [hand_limit]"),
        supply_trade_rate=_int(trade_rates, "rate", w_trade, 1),
        supply_trade_rate_hyper=_int(trade_rates, "hyper_intelligent", w_trade, 1),
        starting_resources=_ints(seats_start, "per_seat", w_start, MAX_SEATS),
        mutations_dealt=_ints(dealt, "per_seat", w_dealt, MAX_SEATS, 1),
        mutations_dealt_random_map=_ints(dealt, "random_map_per_seat", w_dealt, MAX_SEATS, 1),
        vp_barn=_int(vp, "barn", w_vp),
        vp_armory=_int(vp, "armory", w_vp),
        vp_conquest=_int(vp, "conquest", w_vp),
        vp_nukiest=_int(vp, "nukiest", w_vp),
        vp_spy=_int(vp, "vp_spy", w_vp),
        nuke_tokens=_int(caps, "nuke_tokens", w_caps),
        vp_tokens=_int(caps, "vp_tokens", w_caps),
        turmoil_tokens=_int(caps, "turmoil_tokens", w_caps),
        tokens_uncapped=_bool(caps, "uncapped", w_caps),
        trade_window_max_proposals=_int(trade, "window_max_proposals", w_tw),
        open_trading_max_proposals=_int(trade, "open_trading_max_proposals", w_tw),
        max_rounds=_int(cap, "max_rounds", w_cap, 1),
        max_combat_rounds=_int(limits, "max_combat_rounds", w_limits, 1),
        max_cancels=_int(limits, "max_cancels", w_limits),
        options=options,
        resource_dice=_int(rdie, "dice", "dice.toml [resource_die]", 1),
        resource_die=resource_die,
        combat_die=combat_die,
        herd_damage=_three(_ints(cdie, "herd_damage", "dice.toml [combat_die]", 3)),
        human_damage=_three(_ints(cdie, "human_damage", "dice.toml [combat_die]", 3)),
        costs=costs,
        hyper_intelligent_cards=_int(payment, "hyper_intelligent_cards", w_pay, 1),
        deranged_extra=_int(payment, "deranged_extra", w_pay),
        mutations=mutations,
        spies=spies,
        spy_deck_total=spy_total,
        spy_deck_reshuffle=_bool(deck, "reshuffle", "spies.toml [spy_deck]"),
        maps=_maps(docs["maps.toml"], tiles_per_type),
    )


@cache
def catalog(overrides: str = "") -> Catalog:
    """The (cached) checked catalog for an ``overrides`` string."""
    return read_catalog(overrides)
