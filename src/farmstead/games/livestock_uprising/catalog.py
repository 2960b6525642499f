"""Livestock Uprising's data files, validated, as typed tables (rules/livestock_uprising.md §2).

Every value comes from ``data/*.toml`` with its provenance. A designer replaces any value
without touching code, either by editing a data file or with the game parameter ``overrides``
(``"T01.atk=1; token_supply.grass=50; CC03.window=OWN_ANY"``), which ``read_catalog`` applies
to the raw tables before checking them. Card and ability texts map to effect codes (§0.2): the
engine implements the codes in ``SF_EFFECTS`` and ``CARD_EFFECTS``; the data assigns them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from farmstead.core.data import META_KEYS, load_data
from farmstead.core.errors import DataFileError
from farmstead.core.overrides import OverrideSyntax, apply_overrides, parse_overrides
from farmstead.games.livestock_uprising.layout import BLOCKED, FIELD, NO, RESOURCE, WINDOW_NAMES

DATA_PACKAGE = "farmstead.games.livestock_uprising"
DATA_FILES = (
    "factions.toml",
    "troops.toml",
    "special_forces.toml",
    "command_cards.toml",
    "battle_plans.toml",
    "board.toml",
    "play.toml",
)

SF_EFFECTS = frozenset(
    {
        "",
        "MOVE_BASE_3",
        "FLY_OVER",
        "POST_BATTLE_STEP",
        "HARVEST_ANY",
        "HARVEST_YIELD_2",
        "PLUNDER_1",
        "TIE_WINS_ATTACK",
        "FREE_ATTACK_STEP",
        "HOLD_GROUND",
        "DEF_ROLL_2_KEEP_HIGH",
    }
)
CARD_EFFECTS = frozenset(
    {
        "BATTLE_CRY",
        "HARDENED_HIDE",
        "FORCED_MARCH",
        "BUMPER_CROP",
        "FORAGING_PARTY",
        "REINFORCEMENTS",
        "FIELD_MEDIC",
        "SECOND_WIND",
        "RETREAT",
        "SUPPLY_RAID",
        "SCORCHED_EARTH",
        "TRADE_CARAVAN",
        "RALLY",
        "AMBUSH",
        "FORTIFY",
        "AIRLIFT",
        "DOUBLE_TIME",
        "ESPIONAGE",
        "DUEL",
        "BLITZKRIEG",
        "SIEGE_ENGINES",
        "SHIELD_WALL",
        "CONSCRIPTION",
        "PINCER",
        "LAST_STAND",
        "FORTUNE_OF_WAR",
    }
)
TILE_CLASSES = {"resource": RESOURCE, "field": FIELD, "blocked": BLOCKED}


@dataclass(frozen=True)
class Faction:
    """One faction: its code (``CH``), names, barn colour and its three Special Forces."""

    code: str
    name: str
    barn_colour: str
    motto: str
    strength: str
    special_forces: tuple[str, ...]


@dataclass(frozen=True)
class UnitType:
    """A Troop card type or a Special Forces card.

    ``harvest`` holds the resource indices its icon allows; ``harvest_any`` counts as every
    icon. Troops have ``copies`` and ``faction`` NO; a Special Forces card has one copy, its
    faction's index and possibly an ``effect`` code.
    """

    id: str
    name: str
    atk: int
    defence: int
    harvest: frozenset[int]
    harvest_any: bool
    cost: tuple[int, ...]  # tokens per resource, in resource order
    copies: int
    faction: int
    effect: str
    text: str

    @property
    def special(self) -> bool:
        """Whether this is a Special Forces card."""
        return self.faction != NO


@dataclass(frozen=True)
class Card:
    """A Command card or a Battle Plans card: its window (LU-R77) and effect code."""

    id: str
    name: str
    window: int
    out_of_turn: bool
    effect: str
    text: str
    plan: bool


@dataclass(frozen=True)
class PlaySettings:
    """Counts, limits and modifiers of play (``play.toml``)."""

    command_cards: int
    generals: int
    general_steps: int
    super_army_steps: int
    general_units: int
    super_army_units: int
    general_dice: int
    super_army_dice: int
    super_army_casualties: int
    harvest_per_general: int
    transfers: int
    battle_cry: int
    hardened_hide: int
    fortify: int
    shield_wall: int
    siege_engines: int
    forced_march_steps: int
    rocket_rooster_steps: int
    blitzkrieg_steps: int
    rally_transfers: int
    rally_distance: int
    scorched_earth_distance: int
    trade_caravan_give: int
    trade_caravan_times: int
    supply_raid_tokens: int
    conscription_troops: int
    stalemate_round_limit: int


@dataclass(frozen=True)
class Catalog:
    """Everything the data files define, checked."""

    factions: tuple[Faction, ...]
    resources: tuple[str, ...]
    units: tuple[UnitType, ...]  # the troop types (in data order), then every Special Forces
    troop_types: int
    cards: tuple[Card, ...]  # the Command cards, then the Battle Plans cards
    command_cards: int
    tile_types: tuple[str, ...]
    tile_classes: tuple[int, ...]
    tile_mix: tuple[tuple[int, int, int], ...]  # per tile type: copies with back 2, 3, 4
    grids: dict[int, tuple[int, int]]  # players -> (starting side, final side)
    token_supply: tuple[int, ...]
    play: PlaySettings
    unit_by_id: dict[str, int]
    card_by_id: dict[str, int]
    faction_by_code: dict[str, int]


# --- reading values -------------------------------------------------------------------------
def _get(table: dict[str, Any], key: str, where: str) -> Any:
    if key not in table:
        raise DataFileError(f"{where}: missing field {key!r}")
    return table[key]


def _int(table: dict[str, Any], key: str, where: str, minimum: int = 0) -> int:
    value = _get(table, key, where)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise DataFileError(f"{where}: {key!r} must be an int >= {minimum}, got {value!r}")
    return value


def _str(table: dict[str, Any], key: str, where: str) -> str:
    value = _get(table, key, where)
    if not isinstance(value, str):
        raise DataFileError(f"{where}: {key!r} must be a string, got {value!r}")
    return value


def _cost(table: dict[str, Any], where: str, resources: tuple[str, ...]) -> tuple[int, ...]:
    cost = _get(table, "cost", where)
    if not isinstance(cost, dict) or any(k not in resources for k in cost):
        raise DataFileError(f"{where}: 'cost' must be a table over {', '.join(resources)}")
    values = tuple(_int(cost, r, f"{where}.cost") if r in cost else 0 for r in resources)
    if not any(values):
        raise DataFileError(f"{where}: a unit costs at least one token")
    return values


def _harvest(
    table: dict[str, Any], where: str, resources: tuple[str, ...]
) -> tuple[frozenset[int], bool]:
    icons = _get(table, "harvest", where)
    if not isinstance(icons, list) or any(i not in (*resources, "any") for i in icons):
        raise DataFileError(f"{where}: 'harvest' must list resources among {resources} or 'any'")
    return frozenset(resources.index(i) for i in icons if i != "any"), "any" in icons


# --- overrides --------------------------------------------------------------------------------
OVERRIDES = OverrideSyntax(
    game="livestock_uprising",
    item="item",
    example="T01.atk=1",
    value_hint="lists as a|b, tables as key:1|key:2",
)
"""How Livestock Uprising words its ``overrides`` (``core.overrides``)."""


# --- building ------------------------------------------------------------------------------
def _raw() -> dict[str, dict[str, Any]]:
    return {name: load_data(DATA_PACKAGE, name) for name in DATA_FILES}


@cache
def _raw_cached() -> dict[str, dict[str, Any]]:
    return _raw()


def _units(docs: dict[str, dict[str, Any]], resources: tuple[str, ...]) -> list[UnitType]:
    units = []
    for tid, table in docs["troops.toml"].items():
        if tid == "troop_total":
            continue
        where = f"troops.toml [{tid}]"
        harvest, harvest_any = _harvest(table, where, resources)
        units.append(
            UnitType(
                id=tid,
                name=_str(table, "name", where),
                atk=_int(table, "atk", where),
                defence=_int(table, "def", where),
                harvest=harvest,
                harvest_any=harvest_any,
                cost=_cost(table, where, resources),
                copies=_int(table, "copies", where, 1),
                faction=NO,
                effect="",
                text="",
            )
        )
    total = _int(_get(docs["troops.toml"], "troop_total", "troops.toml"), "count", "troop_total")
    if sum(u.copies for u in units) != total:
        raise DataFileError(
            f"troops.toml: the copies add up to {sum(u.copies for u in units)}, not the "
            f"troop_total {total}"
        )
    return units


def _resources(play_doc: dict[str, Any]) -> tuple[str, ...]:
    """The resources in index order (play.toml [resources]): 5, grass among them."""
    resources = tuple(_get(_get(play_doc, "resources", "play.toml"), "order", "play.toml"))
    if len(resources) != 5 or len(set(resources)) != 5 or "grass" not in resources:
        raise DataFileError(
            "play.toml [resources]: 'order' must list 5 distinct resources, grass among them "
            "(grass needs no harvest icon, LU-R62)"
        )
    return resources


def _factions(doc: dict[str, Any]) -> list[Faction]:
    """factions.toml: the 4 factions in data order, each naming its 3 Special Forces."""
    factions = []
    for code, table in doc.items():
        where = f"factions.toml [{code}]"
        sf = _get(table, "special_forces", where)
        if not isinstance(sf, list) or len(sf) != 3:
            raise DataFileError(f"{where}: 'special_forces' must list 3 card ids")
        factions.append(
            Faction(
                code,
                _str(table, "name", where),
                _str(table, "barn_colour", where),
                _str(table, "motto", where),
                _str(table, "strength", where),
                tuple(sf),
            )
        )
    if len(factions) != 4:
        raise DataFileError("factions.toml must list the 4 factions")
    return factions


def _special_force(
    table: dict[str, Any], sid: str, faction: Faction, f_index: int, resources: tuple[str, ...]
) -> UnitType:
    """Special Forces card ``sid`` of ``faction`` (special_forces.toml)."""
    where = f"special_forces.toml [{sid}]"
    if _str(table, "faction", where) != faction.code:
        raise DataFileError(f"{where}: 'faction' must be {faction.code}")
    effect = _str(table, "effect", where)
    if effect not in SF_EFFECTS:
        raise DataFileError(
            f"{where}: unknown effect {effect!r}; valid: {', '.join(sorted(SF_EFFECTS))}"
        )
    harvest, harvest_any = _harvest(table, where, resources)
    return UnitType(
        id=sid,
        name=_str(table, "name", where),
        atk=_int(table, "atk", where),
        defence=_int(table, "def", where),
        harvest=harvest,
        harvest_any=harvest_any or effect == "HARVEST_ANY",
        cost=_cost(table, where, resources),
        copies=1,
        faction=f_index,
        effect=effect,
        text=_str(table, "text", where),
    )


def _special_forces(
    specials: dict[str, Any], factions: list[Faction], resources: tuple[str, ...]
) -> list[UnitType]:
    """Every faction's Special Forces, in faction order; special_forces.toml lists no others."""
    units = []
    for f_index, faction in enumerate(factions):
        for sid in faction.special_forces:
            table = specials.get(sid)
            if table is None:
                raise DataFileError(f"factions.toml [{faction.code}] names unknown card {sid}")
            units.append(_special_force(table, sid, faction, f_index, resources))
    if len(units) != len(specials):
        raise DataFileError("special_forces.toml lists a card no faction names")
    return units


def _card(table: dict[str, Any], cid: str, filename: str, plan: bool) -> Card:
    """Command card (or Battle Plans card, ``plan``) ``cid``: its window and effect (LU-R77)."""
    where = f"{filename} [{cid}]"
    window = _str(table, "window", where)
    effect = _str(table, "effect", where)
    if window not in WINDOW_NAMES:
        raise DataFileError(f"{where}: unknown window {window!r}; valid: {WINDOW_NAMES}")
    if effect not in CARD_EFFECTS:
        raise DataFileError(
            f"{where}: unknown effect {effect!r}; valid: {', '.join(sorted(CARD_EFFECTS))}"
        )
    out_of_turn = table.get("out_of_turn", True) if plan else _get(table, "out_of_turn", where)
    if not isinstance(out_of_turn, bool):
        raise DataFileError(f"{where}: 'out_of_turn' must be true or false")
    return Card(
        cid,
        _str(table, "name", where),
        WINDOW_NAMES.index(window),
        out_of_turn,
        effect,
        _str(table, "text", where),
        plan,
    )


def _cards(docs: dict[str, dict[str, Any]]) -> list[Card]:
    """The Command cards, then the Battle Plans cards, each in data order."""
    return [
        _card(table, cid, filename, plan)
        for filename, plan in (("command_cards.toml", False), ("battle_plans.toml", True))
        for cid, table in docs[filename].items()
    ]


def _tile_types(board: dict[str, Any], resources: tuple[str, ...]) -> dict[str, str]:
    """board.toml [tile_types]: tile type -> class, a resource tile type for every resource."""
    types_table = {
        k: v for k, v in _get(board, "tile_types", "board.toml").items() if k not in META_KEYS
    }
    if any(v not in TILE_CLASSES for v in types_table.values()):
        raise DataFileError(f"board.toml [tile_types]: classes must be among {set(TILE_CLASSES)}")
    if any(types_table.get(r) != "resource" for r in resources):
        raise DataFileError("board.toml [tile_types]: every resource needs a resource tile type")
    return types_table


def _tile_mix(board: dict[str, Any], tile_types: tuple[str, ...]) -> list[tuple[int, int, int]]:
    """board.toml [tile_mix]: per tile type, the copies with back 2, 3 and 4."""
    mix_table = _get(board, "tile_mix", "board.toml")
    mix = []
    for t in tile_types:
        row = _get(mix_table, t, "board.toml [tile_mix]")
        if (
            not isinstance(row, list)
            or len(row) != 3
            or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in row)
        ):
            raise DataFileError(f"board.toml [tile_mix]: {t} needs 3 counts (backs 2, 3, 4)")
        mix.append((row[0], row[1], row[2]))
    return mix


def _grids(board: dict[str, Any], mix: list[tuple[int, int, int]]) -> dict[int, tuple[int, int]]:
    """board.toml [grids]: players -> (starting side, final side); the starting grid centres
    in the final one, which the tiles kept for that player count fill besides the barns."""
    grids: dict[int, tuple[int, int]] = {}
    for key, value in _get(board, "grids", "board.toml").items():
        if key in META_KEYS:
            continue
        if not isinstance(value, list) or len(value) != 2:
            raise DataFileError(f"board.toml [grids]: {key} needs [starting side, final side]")
        start, final = value
        if not 1 <= start < final or (final - start) % 2:
            raise DataFileError(
                f"board.toml [grids]: {key}: the starting grid must centre in the final one"
            )
        grids[int(key)] = (start, final)
    for players, (_start, final) in grids.items():
        kept = sum(sum(row[: players - 1]) for row in mix)
        if kept != final * final - players:
            raise DataFileError(
                f"board.toml: with {players} players {kept} tiles are kept, but the {final}x"
                f"{final} grid needs {final * final - players} besides the barns (LU §2.9)"
            )
    return grids


def _play_settings(play_doc: dict[str, Any], command_cards: int) -> PlaySettings:
    """play.toml [hands], [pieces], [modifiers] and [stalemate], checked against what the
    engine plays and against the ``command_cards`` of the deck."""
    hands = _get(play_doc, "hands", "play.toml")
    pieces = _get(play_doc, "pieces", "play.toml")
    mods = _get(play_doc, "modifiers", "play.toml")
    stalemate = _get(play_doc, "stalemate", "play.toml")

    def p(table: dict[str, Any], key: str, where: str, minimum: int = 0) -> int:
        return _int(table, key, f"play.toml [{where}]", minimum)

    play = PlaySettings(
        command_cards=p(hands, "command_cards", "hands"),
        generals=p(pieces, "generals", "pieces", 1),
        general_steps=p(pieces, "general_steps", "pieces", 1),
        super_army_steps=p(pieces, "super_army_steps", "pieces", 1),
        general_units=p(pieces, "general_units", "pieces", 1),
        super_army_units=p(pieces, "super_army_units", "pieces", 1),
        general_dice=p(pieces, "general_dice", "pieces", 1),
        super_army_dice=p(pieces, "super_army_dice", "pieces", 1),
        super_army_casualties=p(pieces, "super_army_casualties", "pieces", 1),
        harvest_per_general=p(pieces, "harvest_per_general", "pieces", 1),
        transfers=p(pieces, "transfers", "pieces"),
        battle_cry=p(mods, "battle_cry", "modifiers"),
        hardened_hide=p(mods, "hardened_hide", "modifiers"),
        fortify=p(mods, "fortify", "modifiers"),
        shield_wall=p(mods, "shield_wall", "modifiers"),
        siege_engines=p(mods, "siege_engines", "modifiers"),
        forced_march_steps=p(mods, "forced_march_steps", "modifiers"),
        rocket_rooster_steps=p(mods, "rocket_rooster_steps", "modifiers", 1),
        blitzkrieg_steps=p(mods, "blitzkrieg_steps", "modifiers", 1),
        rally_transfers=p(mods, "rally_transfers", "modifiers", 1),
        rally_distance=p(mods, "rally_distance", "modifiers", 1),
        scorched_earth_distance=p(mods, "scorched_earth_distance", "modifiers"),
        trade_caravan_give=p(mods, "trade_caravan_give", "modifiers", 1),
        trade_caravan_times=p(mods, "trade_caravan_times", "modifiers", 1),
        supply_raid_tokens=p(mods, "supply_raid_tokens", "modifiers", 1),
        conscription_troops=p(mods, "conscription_troops", "modifiers", 1),
        stalemate_round_limit=p(stalemate, "round_limit", "stalemate", 1),
    )
    if play.generals != 3 or play.super_army_dice != 2 or play.general_dice != 1:
        raise DataFileError(
            "play.toml [pieces]: the engine plays 3 Generals per faction, 1 die per General and 2 "
            "per Super Army (the piece ids and the automatic 12 and 2 depend on them)"
        )
    if play.command_cards * 4 > command_cards:
        raise DataFileError("play.toml [hands]: more Command cards dealt than the deck holds")
    return play


def read_catalog(overrides: str = "") -> Catalog:
    """The checked catalog, after ``overrides`` (see the module docstring)."""
    docs = _raw_cached()
    if overrides.strip():
        docs = apply_overrides(docs, parse_overrides(overrides, OVERRIDES), OVERRIDES)
    play_doc = docs["play.toml"]
    resources = _resources(play_doc)
    factions = _factions(docs["factions.toml"])
    faction_by_code = {f.code: i for i, f in enumerate(factions)}
    units = _units(docs, resources)
    troop_types = len(units)
    units += _special_forces(docs["special_forces.toml"], factions, resources)
    cards = _cards(docs)
    command_cards = len(docs["command_cards.toml"])
    board = docs["board.toml"]
    types_table = _tile_types(board, resources)
    tile_types = tuple(types_table)
    mix = _tile_mix(board, tile_types)
    grids = _grids(board, mix)
    supply_table = _get(play_doc, "token_supply", "play.toml")
    token_supply = tuple(_int(supply_table, r, "play.toml [token_supply]") for r in resources)
    play = _play_settings(play_doc, command_cards)
    return Catalog(
        factions=tuple(factions),
        resources=resources,
        units=tuple(units),
        troop_types=troop_types,
        cards=tuple(cards),
        command_cards=command_cards,
        tile_types=tile_types,
        tile_classes=tuple(TILE_CLASSES[types_table[t]] for t in tile_types),
        tile_mix=tuple(mix),
        grids=grids,
        token_supply=token_supply,
        play=play,
        unit_by_id={u.id: i for i, u in enumerate(units)},
        card_by_id={c.id: i for i, c in enumerate(cards)},
        faction_by_code=faction_by_code,
    )


@cache
def catalog(overrides: str = "") -> Catalog:
    """The (cached) checked catalog for an ``overrides`` string."""
    return read_catalog(overrides)
