"""Livestock Uprising's observation as a fixed-size float32 vector (``observation_tensor``).

``encode`` (the reference) builds it from ``observation(seat)`` alone, so no other seat's
Command cards or Battle Plans card can enter it (LU-R2, LU-R3); ``state_encoder``
(``tensor_state``) writes the same values straight from the state's fields. Seats are ordered
from the viewer's (``rel`` 0; seat 0 for a spectator). ``C`` cells (F x F), ``U`` unit types
(troops, then Special Forces), ``K`` cards (Command cards, then Battle Plans), ``n`` seats; a
piece slot is ``4 * rel + slot`` (Generals with 1-3 Stars, then the Super Army).

================  ====================  ======================================================
field             size                  meaning
================  ====================  ======================================================
phase             27                    one-hot phase (layout.PHASE_NAMES)
active            n                     relative seat whose turn it is
decider           n                     relative seat deciding now
first             n                     relative first player
round             1                     round / the stalemate round limit
factions          4n                    per relative seat, its faction (CH, CO, GO, PI)
tiles             10C                   per cell: tile type (8), barn, or face down
barn_owner        nC                    per cell, the relative seat whose barn it is
scorched          C                     per cell, under Scorched Earth
pieces            4n * (C + U + 3)      per piece slot: its cell (one-hot), units per type / 5,
                                        fortified, ATK / 30, DEF / 30
tokens            5n                    per relative seat, tokens per resource / 10
supply            5                     the token supply per resource / its size
troops            T                     the troop supply per type / its copies
special_forces    3S                    per Special Forces card: reserve, in play, removed
seats             6n                    per relative seat: hand size / 3, holds a Battle Plans
                                        card, alive, lost turns, Shield Wall, eliminated
played            K                     cards played (public)
gone              1                     cards that left the game unplayed / 10
my_cards          K                     the viewer's own Command cards and Battle Plans card
known             nK                    per relative seat, its cards the viewer's Espionage saw
turn              …                     the acting piece, steps, limit, attacks, flags, per-slot
                                        acted/started/Double Time/Forced March/Bumper Crop/
                                        Foraging, Reinforcements, transfers, Rally, the unit
                                        chosen, recruits of a forming army
battle            …                     attacker, defenders, joiners (piece slots), origin and
                                        target cells, flags, stage, modifiers, dice (one-hot
                                        faces, 3 a side), outcome, casualties owed, ATK and DEF
card              K + 3 + n             the card whose choices are being made, its stage, its
                                        player
ambush            n + 4n                seats still to be asked, the piece that moved
winners           n                     relative winning seats
================  ====================  ======================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from farmstead.core.tensor import StateEncoder, TensorLayout, TensorWriter, Vector, one_hot
from farmstead.games.livestock_uprising.config import LUConfig
from farmstead.games.livestock_uprising.layout import OUTCOME_NAMES, PHASE_NAMES, PIECE_SUFFIXES
from farmstead.games.livestock_uprising.rules import READY
from farmstead.games.livestock_uprising.tensor_state import make_state_encoder
from farmstead.games.livestock_uprising.tensor_writer import Writer

STAGES = 15
SF_STATES = ("reserve", "in_play", "removed")


def tensor_layout(c: LUConfig) -> TensorLayout:
    """The vector's fields for one configuration."""
    n = c.num_players
    cells = c.cells
    cat = c.catalog
    units = len(cat.units)
    cards = len(cat.cards)
    troops = c.troop_types
    specials = units - troops
    tiles = len(cat.tile_types) + 2
    t = TensorLayout()
    t.add("phase", len(PHASE_NAMES), "one-hot phase")
    t.add("active", n, "relative seat whose turn it is")
    t.add("decider", n, "relative seat deciding now")
    t.add("first", n, "relative first player")
    t.add("round", 1, "round / round limit")
    t.add("factions", 4 * n, "per relative seat, its faction")
    t.add("tiles", tiles * cells, "per cell: tile type, barn, or face down")
    t.add("barn_owner", n * cells, "per cell, the relative seat whose barn it is")
    t.add("scorched", cells, "per cell, under Scorched Earth")
    t.add("pieces", 4 * n * (cells + units + 3), "per piece slot: cell, units, fortified, ATK, DEF")
    t.add("tokens", 5 * n, "per relative seat, tokens per resource / 10")
    t.add("supply", 5, "the token supply per resource / its size")
    t.add("troops", troops, "the troop supply per type / its copies")
    t.add("special_forces", 3 * specials, "per Special Forces card: reserve, in play, removed")
    t.add("seats", 6 * n, "per relative seat: hand, plan, alive, lost turns, shield, out")
    t.add("played", cards, "cards played")
    t.add("gone", 1, "cards that left the game unplayed / 10")
    t.add("my_cards", cards, "the viewer's own hidden cards")
    t.add("known", n * cards, "per relative seat, its cards the viewer's Espionage saw")
    t.add("turn_piece", 4, "the acting piece slot")
    t.add("turn_numbers", 4, "steps / 8, limit / 8, attacks / 2, transfers / 3")
    t.add("turn_flags", 3, "moved, Blitzkrieg, Rally")
    t.add(
        "turn_slots",
        6 * 4,
        "per slot: acted, started, Double Time, Forced March, Bumper Crop, Foraging",
    )
    t.add("turn_reinforce", 5, "the resource Reinforcements waives")
    t.add("turn_chosen", units, "the unit type or slot chosen in a follow-up")
    t.add("turn_unit", units, "the unit chosen to transfer")
    t.add("turn_recruits", units, "units marshaled into a forming army / 5")
    t.add("battle_pieces", 3 * 4 * n, "attacker, defenders, joiners (piece slots)")
    t.add("battle_cells", 2 * cells, "origin and target cells")
    t.add("battle_flags", 6, "ambush, barn, Duel, Pincer, Fortune attack, Fortune defence")
    t.add("battle_stage", STAGES, "one-hot battle stage")
    t.add("battle_numbers", 5, "attack mod, defence-side mod, defence mod / 10; ATK, DEF / 30")
    t.add("battle_dice", 2 * 3 * 6, "dice faces, 3 a side, one-hot")
    t.add("battle_outcome", len(OUTCOME_NAMES), "one-hot outcome")
    t.add("battle_owed", 4 * n + 1, "casualties owed per piece slot, and by a barn group / 2")
    t.add("card", cards + 3 + n, "the card being played, its stage, its player")
    t.add("ambush", n + 4 * n, "seats still to be asked, the piece that moved")
    t.add("winners", n, "relative winning seats")
    return t


def encode(c: LUConfig, layout: TensorLayout, obs: dict[str, Any]) -> Vector:
    """The vector of observation ``obs`` (see the module docstring)."""
    v = layout.new()
    n = c.num_players
    side = c.side
    viewer = obs["seat"] if obs["seat"] is not None else 0
    codes = obs["factions"]

    def rel(seat: int | None) -> int | None:
        return None if seat is None else (seat - viewer) % n

    def slot_of(name: str) -> int:
        code, _, suffix = name.rpartition("-")
        seat = codes.index(code) if code in codes else int(code[1:])
        return 4 * ((seat - viewer) % n) + PIECE_SUFFIXES.index(suffix)

    def cell_of(rc: list[int]) -> int:
        return rc[0] * side + rc[1]

    # Each part fills the fields its docstring names (see the module docstring).
    one_hot(v, layout["phase"], PHASE_NAMES.index(obs["phase"]))
    one_hot(v, layout["active"], rel(obs["active"]))
    one_hot(v, layout["decider"], rel(obs["decider"]))
    one_hot(v, layout["first"], rel(obs["first_player"]))
    v[layout["round"].start] = obs["round"] / max(1, obs["round_limit"])
    _board(v, layout, c, obs, viewer, cell_of)
    _pieces(v, layout, c, obs, slot_of, cell_of)
    _supplies(v, layout, c, obs, viewer)
    _seats_and_cards(v, layout, c, obs, viewer)
    _turn(v, layout, c, obs["turn"])
    _battle(v, layout, c, obs["battle"], slot_of, cell_of)
    _card_and_ambush(v, layout, c, obs, viewer, slot_of)
    for seat in obs["winners"]:
        one_hot(v, layout["winners"], rel(seat))
    return v


def _board(
    v: Vector,
    layout: TensorLayout,
    c: LUConfig,
    obs: dict[str, Any],
    viewer: int,
    cell_of: Callable[[list[int]], int],
) -> None:
    """factions, tiles, barn_owner, scorched."""
    n = c.num_players
    cat = c.catalog
    side = c.side
    codes = obs["factions"]
    faction_index = {f.code: i for i, f in enumerate(cat.factions)}
    tile_index = {t: i for i, t in enumerate(cat.tile_types)}
    barn_code = len(cat.tile_types)
    for seat, code in enumerate(codes):
        if code is not None:
            v[layout["factions"].start + 4 * ((seat - viewer) % n) + faction_index[code]] = 1.0
    tiles_start = layout["tiles"].start
    kinds = len(cat.tile_types) + 2
    for r, row in enumerate(obs["tiles"]):
        for col, name in enumerate(row):
            cell = r * side + col
            kind = (
                barn_code + 1 if name is None else barn_code if name == "barn" else tile_index[name]
            )
            v[tiles_start + cell * kinds + kind] = 1.0
    for seat, rc in enumerate(obs["barns"]):
        if rc is not None and obs["alive"][seat]:
            v[layout["barn_owner"].start + ((seat - viewer) % n) * c.cells + cell_of(rc)] = 1.0
    for entry in obs["scorched"]:
        v[layout["scorched"].start + cell_of(entry["cell"])] = 1.0


def _pieces(
    v: Vector,
    layout: TensorLayout,
    c: LUConfig,
    obs: dict[str, Any],
    slot_of: Callable[[str], int],
    cell_of: Callable[[list[int]], int],
) -> None:
    """pieces."""
    cat = c.catalog
    cells = c.cells
    units = len(cat.units)
    width = cells + units + 3
    pieces = layout["pieces"].start
    for p in obs["pieces"]:
        base = pieces + slot_of(p["piece"]) * width
        if p["cell"] is not None:
            v[base + cell_of(p["cell"])] = 1.0
        for u in p["units"]:
            v[base + cells + cat.unit_by_id[u]] += 0.2
        v[base + cells + units] = float(p["fortified"])
        v[base + cells + units + 1] = p["atk"] / 30
        v[base + cells + units + 2] = p["def"] / 30


def _supplies(
    v: Vector, layout: TensorLayout, c: LUConfig, obs: dict[str, Any], viewer: int
) -> None:
    """tokens, supply, troops, special_forces."""
    n = c.num_players
    cat = c.catalog
    for seat, toks in enumerate(obs["tokens"]):
        r = (seat - viewer) % n
        for i, res in enumerate(cat.resources):
            v[layout["tokens"].start + 5 * r + i] = toks[res] / 10
    for i, res in enumerate(cat.resources):
        v[layout["supply"].start + i] = obs["supply"][res] / max(1, cat.token_supply[i])
    for t in range(c.troop_types):
        unit = cat.units[t]
        v[layout["troops"].start + t] = obs["troops"][unit.id] / unit.copies
    for offset, unit in enumerate(cat.units[c.troop_types :]):
        state = SF_STATES.index(obs["special_forces"][unit.id])
        v[layout["special_forces"].start + 3 * offset + state] = 1.0


def _seats_and_cards(
    v: Vector, layout: TensorLayout, c: LUConfig, obs: dict[str, Any], viewer: int
) -> None:
    """seats, played, gone, my_cards, known."""
    n = c.num_players
    cat = c.catalog
    cards = len(cat.cards)
    for seat in range(n):
        base = layout["seats"].start + 6 * ((seat - viewer) % n)
        v[base] = obs["hand_sizes"][seat] / 3
        v[base + 1] = float(obs["has_plan"][seat])
        v[base + 2] = float(obs["alive"][seat])
        v[base + 3] = obs["lost_turns"][seat] / 2
        v[base + 4] = float(obs["shield_wall"][seat])
        v[base + 5] = float(not obs["alive"][seat])
    for cid in obs["played"]:
        v[layout["played"].start + cat.card_by_id[cid]] = 1.0
    v[layout["gone"].start] = len(obs["gone"]) / 10
    for cid in obs["hand"] or []:
        v[layout["my_cards"].start + cat.card_by_id[cid]] = 1.0
    if obs["plan"]:
        v[layout["my_cards"].start + cat.card_by_id[obs["plan"]]] = 1.0
    for entry in obs["known"]:
        r = (entry["owner"] - viewer) % n
        for cid in entry["cards"]:
            v[layout["known"].start + r * cards + cat.card_by_id[cid]] = 1.0


def _card_and_ambush(
    v: Vector,
    layout: TensorLayout,
    c: LUConfig,
    obs: dict[str, Any],
    viewer: int,
    slot_of: Callable[[str], int],
) -> None:
    """card, ambush."""
    n = c.num_players
    cat = c.catalog
    cards = len(cat.cards)
    card = obs["card"]
    if card is not None:
        start = layout["card"].start
        v[start + cat.card_by_id[card["card"]]] = 1.0
        v[start + cards + min(card["stage"], 2)] = 1.0
        v[start + cards + 3 + (card["seat"] - viewer) % n] = 1.0
    for seat in obs["ambush"]:
        v[layout["ambush"].start + (seat - viewer) % n] = 1.0
    if obs["ambush_target"]:
        v[layout["ambush"].start + n + slot_of(obs["ambush_target"])] = 1.0


def _turn(v: Vector, layout: TensorLayout, c: LUConfig, turn: dict[str, Any] | None) -> None:
    if turn is None:
        return
    cat = c.catalog
    if turn["piece"] is not None:
        one_hot(v, layout["turn_piece"], PIECE_SUFFIXES.index(turn["piece"]))
    numbers = layout["turn_numbers"].start
    v[numbers] = turn["steps"] / 8
    v[numbers + 1] = turn["limit"] / 8
    v[numbers + 2] = turn["attacks"] / 2
    v[numbers + 3] = turn["transfers"] / 3
    flags = layout["turn_flags"].start
    v[flags] = float(turn["moved"])
    v[flags + 1] = float(turn["blitzkrieg"])
    v[flags + 2] = float(turn["rally"])
    slots = layout["turn_slots"].start
    for slot in range(4):
        v[slots + slot] = float(turn["acted"][slot] == "done")
        v[slots + 4 + slot] = float(turn["started"][slot])
        v[slots + 8 + slot] = float(turn["double_time"][slot])
        v[slots + 12 + slot] = float(turn["forced_march"][slot])
        v[slots + 16 + slot] = float(turn["bumper_crop"] == PIECE_SUFFIXES[slot])
        v[slots + 20 + slot] = float(turn["foraging"][slot])
    if turn["reinforcements"] is not None:
        one_hot(v, layout["turn_reinforce"], cat.resources.index(turn["reinforcements"]))
    if turn["chosen"] >= 0:
        one_hot(v, layout["turn_chosen"], turn["chosen"])
    if turn["unit"] is not None:
        one_hot(v, layout["turn_unit"], cat.unit_by_id[turn["unit"]])
    for u in turn["recruits"]:
        v[layout["turn_recruits"].start + cat.unit_by_id[u]] += 0.2


def _battle(
    v: Vector,
    layout: TensorLayout,
    c: LUConfig,
    b: dict[str, Any] | None,
    slot_of: Any,
    cell_of: Any,
) -> None:
    if b is None:
        return
    n = c.num_players
    pieces = layout["battle_pieces"].start
    v[pieces + slot_of(b["attacker"])] = 1.0
    for name in b["defenders"]:
        v[pieces + 4 * n + slot_of(name)] = 1.0
    for name in b["joiners"]:
        v[pieces + 8 * n + slot_of(name)] = 1.0
    cells = layout["battle_cells"].start
    v[cells + cell_of(b["origin"])] = 1.0
    v[cells + c.cells + cell_of(b["target"])] = 1.0
    flags = layout["battle_flags"].start
    for i, value in enumerate(
        (b["ambush"], b["barn"], b["duel"], b["pincer"], b["fortune"][0], b["fortune"][1])
    ):
        v[flags + i] = float(value)
    one_hot(v, layout["battle_stage"], b["stage"])
    numbers = layout["battle_numbers"].start
    v[numbers] = b["attack_modifier"] / 10
    v[numbers + 1] = b["defence_side_modifier"] / 10
    v[numbers + 2] = b["defence_modifier"] / 10
    v[numbers + 3] = b["attack_value"] / 30
    v[numbers + 4] = b["defence_value"] / 30
    dice = layout["battle_dice"].start
    for side, faces in enumerate((b["attack_dice"], b["defence_dice"])):
        for i, face in enumerate(faces[:3]):
            if face:
                v[dice + (side * 3 + i) * 6 + face - 1] = 1.0
    if b["outcome"] is not None:
        one_hot(v, layout["battle_outcome"], OUTCOME_NAMES.index(b["outcome"]))
    owed = layout["battle_owed"].start
    for entry in b["owed"]:
        index = 4 * n if entry["piece"] is None else slot_of(entry["piece"])
        v[owed + index] = entry["count"] / 2


def state_encoder(c: LUConfig, layout: TensorLayout) -> StateEncoder:
    """``encode``'s values written straight from the state's fields (``tensor_state``), every
    offset and table computed once per configured game."""
    return make_state_encoder(c, layout, READY)


def tensor_writer(
    c: LUConfig, layout: TensorLayout, seat: int | None, buffer: Vector | None
) -> TensorWriter:
    """A writer of ``seat``'s tensor into ``buffer`` that rewrites only what changed since the
    last ``update`` (``tensor_writer.Writer``)."""
    return Writer(c, layout, READY, seat, buffer)
