"""Farms Race parameters and the tables one configured game runs on.

Tables are built once per (player count, parameters) from the catalog and shared by every
state of that game: the map's adjacency as tuples and bitmasks, costs, dice distributions and
the action layout.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

from farmstead.core.errors import InvalidParamError
from farmstead.core.game import ParamSpec
from farmstead.games.farms_race.actions import ActionLayout, combat_outcome, dice_outcome
from farmstead.games.farms_race.catalog import Catalog, catalog
from farmstead.games.farms_race.layout import (
    MAX_COMBAT_DICE,
    MUTATION_IDS,
    NO,
    NUM_RESOURCES,
    WILD,
)
from farmstead.games.farms_race.maps import (
    MapSpec,
    distances,
    edge_regions,
    load_custom_map,
    neighbours,
    random_map,
)

FIXED_MAPS = ("recommended", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J")


def param_specs() -> tuple[ParamSpec, ...]:
    """The game parameters, with defaults read from the data files."""
    cat = catalog()
    return (
        ParamSpec(
            "map",
            str,
            "recommended",
            "'recommended' (the stand-in recommended map for the player count), a stand-in map "
            "'A'-'E' (3 players) or 'F'-'J' (4 players), 'random' (FR-3.7, from map_seed), or "
            "the path of a custom map file in TOML or JSON (FR-3.8)",
            label="Map",
        ),
        ParamSpec(
            "map_seed",
            int,
            1,
            "the seed of a random map (FR-3.7)",
            minimum=0,
            label="Random map seed",
        ),
        ParamSpec(
            "random_map_no_same_adjacent",
            bool,
            cat.options["random_map_no_same_adjacent"],
            "Random maps never put two regions of the same type side by side (our proposal; the "
            "rulebook does not say)",
            label="Random map: no same types side by side",
        ),
        ParamSpec(
            "first_player",
            str,
            "random",
            "'random': a chance event (FR-4 step 2); or the seat that is seat 1",
            label="Who starts",
        ),
        ParamSpec(
            "target_vp",
            int,
            cat.target_vp,
            f"visible VP that win at once (FR-12); first game {cat.target_vp_first_game}, "
            f"expert {cat.target_vp_expert}",
            minimum=1,
            maximum=99,
            label="VP to win",
        ),
        ParamSpec(
            "experienced",
            bool,
            False,
            "Experienced mode: seats 3 and 4 choose their starting resources (FR-13)",
            label="Experienced mode",
        ),
        ParamSpec(
            "no_mutations",
            bool,
            False,
            "No Mutations variant: nobody has a Mutation (FR-13)",
            label="No Mutations",
        ),
        ParamSpec(
            "mutations",
            str,
            "dealt",
            "'dealt': Mutations are dealt and chosen at setup (FR-4); or one Mutation id per "
            "seat, comma-separated (e.g. 'lucky,zombie,adorable'), to give each seat that "
            "Mutation instead (a designer's what-if); 'none' for a seat without one",
            label="Mutations (designer's what-if)",
        ),
        ParamSpec(
            "open_trading",
            bool,
            False,
            "Open Trading variant: the active player may propose trades on their own turn "
            "(FR-8.4, FR-R34)",
            label="Open Trading",
        ),
        ParamSpec(
            "opening_trade_window",
            bool,
            cat.options["opening_trade_window"],
            "A trade window after setup, before the first turn (our proposal; the rulebook does "
            "not say) (FR-R33)",
            label="Trade window before the first turn",
        ),
        ParamSpec(
            "auto_reveal_winning_vp_spies",
            bool,
            cat.options["auto_reveal_winning_vp_spies"],
            "On its owner's turn, hidden VP Spies that would reach the target are revealed at "
            "once (our proposal, FR-12)",
            label="Reveal winning VP Spies automatically",
        ),
        ParamSpec(
            "nuke_cost_alt",
            bool,
            cat.options["nuke_cost_alt"],
            "Build Nukes at the alternative cost (our proposal, FR-2.4)",
            label="Alternative Nuke cost",
        ),
        ParamSpec(
            "reveal_hidden_info_after_game",
            bool,
            cat.options["reveal_hidden_info_after_game"],
            "Every hand, Spy card and dealt Mutation is shown once the game is over (our "
            "proposal, FR-16)",
            label="Show hidden cards after the game",
        ),
        ParamSpec(
            "stealing",
            bool,
            False,
            "Stealing variant: on doubles the active player may take 1 random resource from "
            "another player (FR-13, FR-R49)",
            label="Stealing",
        ),
        ParamSpec(
            "new_player_redo",
            bool,
            False,
            "New-player redo: a new player may replay their first turn once (FR-R55)",
            label="New players may redo their first turn",
        ),
        ParamSpec(
            "new_players",
            str,
            "all",
            "with new_player_redo: 'all' or the new players' seats, e.g. '0,2'",
            label="New players",
        ),
        ParamSpec(
            "max_rounds",
            int,
            cat.max_rounds,
            "At most this many rounds; then the highest VP wins, hidden VP Spies counted (our "
            "proposal; the rulebook has no cap) (FR-R54)",
            minimum=1,
            maximum=100_000,
            label="Round limit",
        ),
    )


@dataclass(frozen=True)
class FRConfig:
    """Tables for one player count and parameter set."""

    players: int
    catalog: Catalog
    map: MapSpec
    regions: int
    adjacent: tuple[tuple[int, ...], ...]  # per region: its neighbours (FR-3.2)
    adjacent_mask: tuple[int, ...]  # per region: its neighbours as a bitmask
    edge_mask: int  # regions with fewer than 6 neighbours
    distance: tuple[tuple[int, ...], ...]
    region_type: tuple[int, ...]
    produces: tuple[int, ...]  # per region: its resource
    starts: tuple[int, ...]  # marked starts; empty on a random or start-less custom map
    random_starts: bool  # FR-R29: starts are chosen under the random-map rules
    first_player: int  # NO: a chance event
    target_vp: int
    experienced: bool
    stealing: bool
    new_players: int  # bitmask of seats offered the redo (FR-R55)
    max_rounds: int
    max_cancels: int
    max_combat_rounds: int
    hand_limit: int
    trade_rate: int
    herds: int
    barns: int
    armories: int
    start_herds: int
    barn_cost: tuple[int, ...]
    armory_cost: tuple[int, ...]
    build_costs: tuple[tuple[int, ...], ...]  # per build (layout.BUILD_*): 5 counts
    hyper_cards: int  # Hyper-Intelligent pays this many of one kind for any build (FR-11)
    deranged_extra: int  # Deranged pays the normal total plus this many, any kinds (FR-11)
    trade_rate_hyper: int  # Hyper-Intelligent's Supply trade rate on its turn (FR-11)
    blue_start_herds: int  # Blue-Blooded starts with an Armory and this many herds (FR-2.1)
    mutations_on: bool  # not the No Mutations variant
    fixed_mutations: tuple[int, ...]  # per seat a Mutation index (NO: none), or () when dealt
    mutations_dealt: tuple[int, ...]  # per position in turn order: Mutations dealt (FR-4)
    spy_deck: tuple[int, ...]  # per Spy card kind: copies in the deck (FR-2.8)
    open_trading: bool
    opening_window: bool
    auto_reveal: bool
    reveal_after_game: bool
    window_proposals: int  # trade-window proposals per participant per window (FR-R31)
    open_proposals: int  # Open Trading proposals per turn (FR-R34)
    tokens: tuple[int, ...]  # Human Worker tokens of values 1, 2, 3
    starting_resources: tuple[int, ...]  # per position in turn order
    combat_rolls: tuple[tuple[tuple[int, float], ...], ...]  # per dice count: outcomes
    dice_rolls: tuple[tuple[int, float], ...]  # the resource dice: outcomes
    start_roll: tuple[tuple[int, float], ...]  # a resource die with wild rerolled (FR-R22)
    layout: ActionLayout
    max_game_length: int


def _combat_rolls(blank: int, head: int, gun: int) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Per number of dice 0..MAX_COMBAT_DICE: the (outcome, probability) of every count of gun
    and head faces, from the die's faces (FR-2.5)."""
    faces = blank + head + gun
    pg, ph, pb = gun / faces, head / faces, blank / faces
    table = []
    for n in range(MAX_COMBAT_DICE + 1):
        outcomes = []
        for g in range(n + 1):
            for h in range(n - g + 1):
                b = n - g - h
                p = comb(n, g) * comb(n - g, h) * pg**g * ph**h * pb**b
                if p > 0:
                    outcomes.append((combat_outcome(g, h), p))
        table.append(tuple(sorted(outcomes)))
    return tuple(table)


def _dice_rolls(faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The two resource dice: (outcome, probability) of every unordered pair of faces."""
    counts: dict[int, float] = {}
    p = 1 / (len(faces) * len(faces))
    for a in faces:
        for b in faces:
            key = dice_outcome(a, b)
            counts[key] = counts.get(key, 0.0) + p
    return tuple(sorted(counts.items()))


def _start_roll(faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """One resource die with wild rerolled (FR-R22): each resource face's share."""
    kept = [f for f in faces if f != WILD]
    return tuple((k, kept.count(k) / len(kept)) for k in sorted(set(kept)))


def _seats(value: str, players: int, name: str) -> int:
    text = value.strip().lower()
    if text == "all":
        return (1 << players) - 1
    mask = 0
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if not (part.isascii() and part.isdecimal()) or int(part) >= players:
            raise InvalidParamError(
                f"parameter {name!r} must be 'all' or seats 0..{players - 1} separated by "
                f"commas, got {value!r}"
            )
        mask |= 1 << int(part)
    return mask


def _fixed_mutations(value: str, players: int) -> tuple[int, ...]:
    """``()`` for 'dealt', else one Mutation index (or NO for 'none') per seat."""
    text = value.strip().lower()
    if text == "dealt":
        return ()
    parts = [p.strip() for p in text.split(",")]
    choices = ", ".join(MUTATION_IDS)
    if len(parts) != players:
        raise InvalidParamError(
            f"parameter 'mutations' must be 'dealt' or {players} Mutation ids separated by "
            f"commas (one per seat; 'none' for no Mutation), got {value!r}"
        )
    out = []
    for part in parts:
        if part == "none":
            out.append(NO)
        elif part in MUTATION_IDS:
            if MUTATION_IDS.index(part) in out:
                raise InvalidParamError(
                    f"parameter 'mutations': {part!r} is given twice; each Mutation card exists "
                    "once (FR-2.7)"
                )
            out.append(MUTATION_IDS.index(part))
        else:
            raise InvalidParamError(
                f"parameter 'mutations': unknown Mutation {part!r}; choose from {choices}, none"
            )
    return tuple(out)


def _first_player(value: str, players: int) -> int:
    text = value.strip().lower()
    if text == "random":
        return NO
    if text.isascii() and text.isdecimal() and int(text) < players:
        return int(text)
    raise InvalidParamError(
        f"parameter 'first_player' must be 'random' or a seat 0..{players - 1}, got {value!r}"
    )


def _map(cat: Catalog, players: int, params: dict[str, Any]) -> tuple[MapSpec, bool]:
    """The map the parameters choose, and whether its starts follow the random-map rules."""
    name = str(params["map"]).strip()
    if name == "recommended":
        return cat.maps[f"recommended_{players}"], False
    if len(name) == 1 and name.upper() in cat.maps:
        chosen = cat.maps[name.upper()]
        if chosen.players != players:
            raise InvalidParamError(
                f"map {name.upper()} is a {chosen.players}-player map; this game has {players} "
                f"players (maps A-E: 3 players, F-J: 4 players)"
            )
        return chosen, False
    if name == "random":
        rng = random.Random(params["map_seed"])
        return random_map(rng, players, params["random_map_no_same_adjacent"]), True
    if name.lower().endswith((".toml", ".json")):
        custom = load_custom_map(name)
        if custom.starts and len(custom.starts) < players:
            raise InvalidParamError(
                f"custom map {name}: {len(custom.starts)} starts for {players} players (FR-3.8)"
            )
        return custom, not custom.starts
    raise InvalidParamError(
        f"parameter 'map' must be one of {', '.join(FIXED_MAPS)}, 'random' or a custom map "
        f"file ending in .toml or .json, got {name!r}"
    )


@cache
def _build(players: int, items: tuple[tuple[str, Any], ...]) -> FRConfig:
    params = dict(items)
    cat = catalog()
    if not cat.min_players <= players <= cat.max_players:
        raise InvalidParamError(
            f"Farms Race is for {cat.min_players} or {cat.max_players} players (FR-1), "
            f"not {players}"
        )
    chosen, random_starts = _map(cat, players, params)
    fixed = _fixed_mutations(str(params["mutations"]), players)
    if params["no_mutations"] and fixed:
        raise InvalidParamError(
            "parameters 'no_mutations' and 'mutations' disagree: with No Mutations nobody "
            "has one (leave 'mutations' at 'dealt')"
        )
    dealt = cat.mutations_dealt_random_map if random_starts else cat.mutations_dealt
    new_players = _seats(params["new_players"], players, "new_players")  # checked even when off
    adjacent = neighbours(chosen.cells)
    n = len(chosen.cells)
    edge = 0
    for r in edge_regions(adjacent):
        edge |= 1 << r
    herds = cat.herds
    # An upper bound of the decisions in one turn: herd actions with their combats (each
    # round: rolls, allocations of at most 2 HP per herd and 3 humans, the Spy window, the
    # retreat decisions and routing), cancelled moves, Flying, the Resources phase, discards,
    # Spies (at most the deck, each with its choices), nukes (each one paid for by cards,
    # tokens or a Pocket Nuke: bounded by the cards a turn can bring), and the trade window.
    combat = cat.max_combat_rounds * (4 + 2 * herds + 3 + 2 * cat.spy_deck_total + 3) + herds
    cards = cat.hand_limit + 3 * cat.spy_deck_total + 2 * 2 * n * (players + 1) + 24
    nukes = cards * (4 + players * 2 * herds + 8) + cat.spy_deck_total * 8
    trades = players * cat.trade_window_max_proposals * (4 + 2 * cards) + players + 2
    per_turn = (
        herds * (20 + combat + 1)
        + cat.max_cancels * (2 + 2 * herds)
        + 4 * herds * herds
        + 16
        + 2 * cards
        + 3 * cat.spy_deck_total * 12
        + nukes
        + trades
        + cat.open_trading_max_proposals * (4 + 2 * cards)
    )
    setup = 1 + players * (3 + max(dealt) + 2) + 4 + trades
    blank, head, gun = cat.combat_die
    return FRConfig(
        players=players,
        catalog=cat,
        map=chosen,
        regions=n,
        adjacent=adjacent,
        adjacent_mask=tuple(sum(1 << a for a in adj) for adj in adjacent),
        edge_mask=edge,
        distance=distances(adjacent),
        region_type=chosen.types,
        produces=tuple(cat.produces[t] for t in chosen.types),
        starts=() if random_starts else chosen.starts,
        random_starts=random_starts,
        first_player=_first_player(str(params["first_player"]), players),
        target_vp=params["target_vp"],
        experienced=params["experienced"],
        stealing=params["stealing"],
        new_players=new_players if params["new_player_redo"] else 0,
        max_rounds=params["max_rounds"],
        max_cancels=cat.max_cancels,
        max_combat_rounds=cat.max_combat_rounds,
        hand_limit=cat.hand_limit,
        trade_rate=cat.supply_trade_rate,
        herds=herds,
        barns=cat.barns,
        armories=cat.armories,
        start_herds=cat.start_herds,
        barn_cost=cat.costs["barn"],
        armory_cost=cat.costs["armory"],
        build_costs=(
            cat.costs["barn"],
            cat.costs["armory"],
            cat.costs["spy"],
            cat.costs["nuke_alt" if params["nuke_cost_alt"] else "nuke"],
            cat.costs["nuke_alt" if params["nuke_cost_alt"] else "nuke"],
        ),
        hyper_cards=cat.hyper_intelligent_cards,
        deranged_extra=cat.deranged_extra,
        trade_rate_hyper=cat.supply_trade_rate_hyper,
        blue_start_herds=cat.blue_blooded_start_herds,
        mutations_on=not params["no_mutations"],
        fixed_mutations=fixed,
        mutations_dealt=dealt,
        spy_deck=tuple(card.count for card in cat.spies),
        open_trading=params["open_trading"],
        opening_window=params["opening_trade_window"],
        auto_reveal=params["auto_reveal_winning_vp_spies"],
        reveal_after_game=params["reveal_hidden_info_after_game"],
        window_proposals=cat.trade_window_max_proposals,
        open_proposals=cat.open_trading_max_proposals,
        tokens=cat.human_tokens,
        starting_resources=cat.starting_resources,
        combat_rolls=_combat_rolls(blank, head, gun),
        dice_rolls=_dice_rolls(cat.resource_die),
        start_roll=_start_roll(cat.resource_die),
        layout=ActionLayout(n),
        max_game_length=setup + 2 * params["max_rounds"] * players * per_turn,
    )


def get_config(players: int, params: dict[str, Any]) -> FRConfig:
    """The (cached) config for a player count and a full parameter dict."""
    return _build(players, tuple(sorted(params.items())))


__all__ = ["FRConfig", "get_config", "param_specs", "NUM_RESOURCES"]
