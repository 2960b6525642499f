"""Building and driving Livestock Uprising positions for tests (rules/livestock_uprising.md).

``scenario(...)`` writes a JSON position in the format of ``position.py`` and loads it through
``state_from_json``, so every scenario is validated like any other position. A test lists only
what matters; the builder fills in the rest so that everything is accounted for exactly once:

* tiles default to grass (the spec's test vectors, §15). The position checks that the board and
  the face-down tiles add up to the tile pool of the player count (LU-R13), so a board that does
  not match the default mix is loaded in a game whose ``overrides`` parameter sets the tile mix
  (``tile_mix.<type>=a|b|c``) to exactly the board; nothing else about the game changes;
* the token supply is the data's supply minus what the seats hold (LU-R9);
* the troop supply is the copies minus what the battalions hold; a Special Forces card is
  ``in_play`` when a battalion holds it, ``removed`` when listed in ``removed_sf``, else in
  ``reserve``;
* every seat was dealt 3 Command cards (LU-R10): the cards a test does not put in a hand are
  dealt out of play, as cards already played (``played``), taken in id order from the cards no
  hand holds.

Seats are numbered in turn order from the first player (seat 0 unless ``first`` says otherwise).
Pieces are named ``CH-G1`` … ``CH-G3`` (Generals with 1-3 Stars) and ``CH-SA`` (the Super Army);
cells are ``(row, column)``. The builder returns the state at the start of the active seat's
Action Phase (phase ``action``), with a fresh turn record (``turn`` overrides single fields).

Actions are driven by their JSON (``words.action_to_json``): ``act(state, "STEP", dir="E")``,
``roll(state, 4, 3)`` for dice, ``legal_json(state)`` for what is offered.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from farmstead.core.registry import load_game
from farmstead.games.livestock_uprising.catalog import catalog
from farmstead.games.livestock_uprising.game import LivestockUprisingGame, LUState

GAME = "livestock_uprising"
FACTIONS = ("CH", "CO", "GO", "PI")
SIDES = {2: 5, 3: 7, 4: 8}
CAT = catalog()
RESOURCES = CAT.resources  # grass, hay, corn, carrot, apple
TOKEN_SUPPLY = dict(zip(RESOURCES, CAT.token_supply, strict=True))
TROOP_IDS = tuple(u.id for u in CAT.units[: CAT.troop_types])
SF_IDS = tuple(u.id for u in CAT.units[CAT.troop_types :])
COPIES = {u.id: u.copies for u in CAT.units[: CAT.troop_types]}
ATK = {u.id: u.atk for u in CAT.units}
DEF = {u.id: u.defence for u in CAT.units}
COMMAND_IDS = tuple(c.id for c in CAT.cards if not c.plan)
PLAN_IDS = tuple(c.id for c in CAT.cards if c.plan)

# Default barn cells (legal barn cells, LU-R17), by player count.
DEFAULT_BARNS = {
    2: ((0, 2), (4, 2)),
    3: ((1, 3), (5, 3), (3, 1)),
    4: ((1, 3), (6, 3), (3, 1), (3, 6)),
}

Cell = tuple[int, int]


# --- games ---------------------------------------------------------------------------------
def game(players: int = 2, **params: Any) -> LivestockUprisingGame:
    """Livestock Uprising with assigned factions and seat 0 first unless ``params`` say so."""
    params.setdefault("factions", ",".join(FACTIONS[:players]))
    params.setdefault("first_player", "0")
    return loaded_game(players, **params)


def loaded_game(players: int, **params: Any) -> LivestockUprisingGame:
    """``load_game("livestock_uprising", players, **params)``: the registry's game, its
    defaults kept."""
    loaded = load_game(GAME, players, **params)
    assert isinstance(loaded, LivestockUprisingGame)
    return loaded


@cache
def _template(players: int, key: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """A real position at the start of the first Action Phase (setup played by the engine, the
    first legal outcome or choice each time): the field set every scenario starts from."""
    state = game(players, **dict(key)).new_initial_state()
    while state.to_json()["phase"] != "action":
        state.apply_action(state.legal_actions()[0])
    return state.to_json()


def _tile_mix_overrides(players: int, counts: Mapping[str, int]) -> str:
    """An ``overrides`` value setting the tile mix so that the tiles kept for ``players``
    (backs 2 … players) are exactly ``counts``, while the mix stays valid for every player count
    (the back-number totals 23, 23, 14 of §2.9 are unchanged). Empty when the default fits."""
    types = CAT.tile_types
    default = {t: list(row) for t, row in zip(types, CAT.tile_mix, strict=True)}
    caps = [sum(default[t][col] for t in types) for col in range(3)]
    kept_cols = players - 1
    if all(sum(default[t][:kept_cols]) == counts.get(t, 0) for t in types):
        return ""
    need = {t: counts.get(t, 0) for t in types}
    if sum(need.values()) != sum(caps[:kept_cols]):
        raise ValueError(f"the board holds {sum(need.values())} non-barn tiles")
    mix = {t: [0, 0, 0] for t in types}
    for col in range(kept_cols):
        room = caps[col]
        for t in types:
            take = min(room, need[t])
            mix[t][col] = take
            need[t] -= take
            room -= take
    for col in range(kept_cols, 3):
        for t in types:
            mix[t][col] = default[t][col]
    parts = [f"tile_mix.{t}={'|'.join(map(str, mix[t]))}" for t in types if mix[t] != default[t]]
    return "; ".join(parts)


def _seat_of(key: int | str, codes: Sequence[str]) -> int:
    return codes.index(key) if isinstance(key, str) else key


def _cells_json(cell: Cell | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def scenario_doc(
    players: int = 2,
    factions: Sequence[str] | None = None,
    *,
    tiles: Mapping[Cell, str] | None = None,
    barns: Mapping[int | str, Cell] | None = None,
    pieces: Mapping[str, tuple[Cell | None, Sequence[str]]] | None = None,
    tokens: Mapping[int | str, Mapping[str, int]] | None = None,
    hands: Mapping[int | str, Sequence[str]] | None = None,
    plans: Mapping[int | str, str] | None = None,
    played: Sequence[str] = (),
    known: Sequence[Mapping[str, Any]] = (),
    removed_sf: Iterable[str] = (),
    active: int = 0,
    first: int = 0,
    round: int = 1,  # noqa: A002 - the position's field name
    alive: Sequence[bool] | None = None,
    lost: Mapping[int | str, int] | None = None,
    shield: Iterable[int | str] = (),
    fortified: Iterable[str] = (),
    scorched: Mapping[Cell, int] | None = None,
    turn: Mapping[str, Any] | None = None,
    overrides: str = "",
    **params: Any,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(JSON position, game params) for a scenario; see the module docstring."""
    codes = list(factions or FACTIONS[:players])
    side = SIDES[players]
    alive_list = list(alive) if alive is not None else [True] * players
    barn_cells: list[Cell] = list(DEFAULT_BARNS[players])
    for key, cell in (barns or {}).items():
        barn_cells[_seat_of(key, codes)] = cell
    if len(set(barn_cells)) != players:
        raise ValueError(f"two barns share a cell: {barn_cells}")
    grid = [["grass"] * side for _ in range(side)]
    for (r, c), kind in (tiles or {}).items():
        grid[r][c] = kind
    counts: dict[str, int] = {}
    for seat, (r, c) in enumerate(barn_cells):
        grid[r][c] = "barn" if alive_list[seat] else "empty"
    barn_set = set(barn_cells)
    for r in range(side):
        for c in range(side):
            if (r, c) not in barn_set:
                counts[grid[r][c]] = counts.get(grid[r][c], 0) + 1
    mix = _tile_mix_overrides(players, counts)
    all_overrides = "; ".join(p for p in (overrides, mix) if p)
    game_params: dict[str, Any] = {
        "factions": ",".join(codes),
        "first_player": str(first),
        **params,
    }
    if all_overrides:
        game_params["overrides"] = all_overrides
    the_game = game(players, **game_params)
    template_key = tuple(sorted((k, v) for k, v in game_params.items() if k != "first_player"))
    doc = copy.deepcopy(_template(players, template_key))
    doc.update(the_game.describe())
    doc["phase"] = "action"
    doc["active"] = active
    doc["decider"] = active
    doc["first_player"] = first
    doc["round"] = round
    doc["factions"] = codes
    doc["tiles"] = grid
    doc["barns"] = [_cells_json(c) for c in barn_cells]
    doc["face_down"] = {}
    doc["deal_seat"] = players

    # Pieces and units.
    pieces = dict(pieces or {})
    fortified = set(fortified)
    doc["pieces"] = [
        {
            "piece": name,
            "cell": _cells_json(cell),
            "units": list(units),
            "fortified": name in fortified,
        }
        for name, (cell, units) in pieces.items()
    ]
    in_units: dict[str, int] = {}
    for _cell, units in pieces.values():
        for u in units:
            in_units[u] = in_units.get(u, 0) + 1
    turn_doc = copy.deepcopy(doc["turn"])
    turn_doc.update(turn or {})
    for u in turn_doc.get("recruits", []):
        in_units[u] = in_units.get(u, 0) + 1
    doc["turn"] = turn_doc
    doc["troops"] = {t: COPIES[t] - in_units.get(t, 0) for t in TROOP_IDS}
    removed = set(removed_sf)
    doc["special_forces"] = {
        s: "in_play" if in_units.get(s) else "removed" if s in removed else "reserve"
        for s in SF_IDS
    }

    # Tokens.
    pools = [dict.fromkeys(RESOURCES, 0) for _ in range(players)]
    for key, held in (tokens or {}).items():
        pools[_seat_of(key, codes)].update(held)
    doc["tokens"] = pools
    doc["supply"] = {r: TOKEN_SUPPLY[r] - sum(p[r] for p in pools) for r in RESOURCES}

    # Cards: hands as given, the rest of the deal already played (LU-R10).
    hand_lists: list[list[str]] = [[] for _ in range(players)]
    for key, cards in (hands or {}).items():
        hand_lists[_seat_of(key, codes)] = list(cards)
    plan_list: list[str | None] = [None] * players
    for key, card in (plans or {}).items():
        plan_list[_seat_of(key, codes)] = card
    played_list = list(played)
    used = {c for h in hand_lists for c in h} | set(played_list) | {p for p in plan_list if p}
    dealt = sum(len(h) for h in hand_lists) + sum(1 for c in played_list if c in COMMAND_IDS)
    filler = [c for c in COMMAND_IDS if c not in used]
    missing = players * CAT.play.command_cards - dealt
    played_list += filler[:missing]
    doc["hands"] = hand_lists
    doc["plans"] = plan_list
    doc["played"] = played_list
    doc["gone"] = []
    doc["known"] = [dict(k) for k in known]
    doc["hand_sizes"] = [len(h) for h in hand_lists]
    doc["has_plan"] = [p is not None for p in plan_list]

    # Effects and counters.
    doc["alive"] = alive_list
    lost_list = [0] * players
    for key, k in (lost or {}).items():
        lost_list[_seat_of(key, codes)] = k
    doc["lost_turns"] = lost_list
    shield_set = {_seat_of(k, codes) for k in shield}
    doc["shield_wall"] = [seat in shield_set for seat in range(players)]
    doc["scorched"] = [
        {"cell": _cells_json(cell), "seat": seat} for cell, seat in (scorched or {}).items()
    ]
    doc["battle"] = None
    doc["card"] = None
    doc["ambush"] = []
    doc["ambush_target"] = None
    doc["winners"] = []
    return doc, game_params


def scenario(players: int = 2, factions: Sequence[str] | None = None, **kwargs: Any) -> LUState:
    """The state of ``scenario_doc(...)``, loaded through ``state_from_json``."""
    doc, params = scenario_doc(players, factions, **kwargs)
    state = game(players, **params).state_from_json(doc)
    assert isinstance(state, LUState)
    return state


def reload(state: LUState) -> LUState:
    """``state`` written to JSON and read back (a round trip through ``state_from_json``)."""
    loaded = state.game.state_from_json(state.to_json())
    assert isinstance(loaded, LUState)
    return loaded


# --- driving a state -------------------------------------------------------------------------
def aid(state: LUState, type_: str, **fields: Any) -> int:
    """The id of the action ``{"type": type_, **fields}``."""
    return state.action_from_json({"type": type_, **fields})


def act(state: LUState, type_: str, **fields: Any) -> LUState:
    """Apply the action described by ``{"type": type_, **fields}``; returns the state."""
    state.apply_action(aid(state, type_, **fields))
    return state


def legal(state: LUState, type_: str, **fields: Any) -> bool:
    """Whether the action ``{"type": type_, **fields}`` is legal now."""
    return aid(state, type_, **fields) in state.legal_actions()


def legal_json(state: LUState) -> list[dict[str, Any]]:
    """The legal actions (or chance outcomes) as JSON."""
    return [state.action_to_json(a) for a in state.legal_actions()]


def roll(state: LUState, *faces: int) -> LUState:
    """Apply die faces as ROLL chance outcomes, in order."""
    for face in faces:
        assert phase(state) == "roll", f"a die is due, but the phase is {phase(state)!r}"
        state.apply_action(state.action_from_json({"type": "ROLL", "face": face}))
    return state


def pass_windows(state: LUState) -> LUState:
    """PASS every card window that is open now (no card is played)."""
    while phase(state) == "window":
        act(state, "PASS")
    return state


# --- reading a state -------------------------------------------------------------------------
def phase(state: LUState) -> str:
    return str(state.to_json()["phase"])


def piece(state: LUState, name: str) -> dict[str, Any] | None:
    """The position's entry of piece ``name``, or None when it is not listed."""
    for entry in state.to_json()["pieces"]:
        if entry["piece"] == name:
            return dict(entry)
    return None


def cell_of(state: LUState, name: str) -> Cell | None:
    """Where piece ``name`` stands, or None (off the board or gone)."""
    entry = piece(state, name)
    if entry is None or entry["cell"] is None:
        return None
    return (entry["cell"][0], entry["cell"][1])


def units_of(state: LUState, name: str) -> list[str]:
    entry = piece(state, name)
    return [] if entry is None else list(entry["units"])


def tokens_of(state: LUState, seat: int) -> dict[str, int]:
    return dict(state.to_json()["tokens"][seat])


def troops(state: LUState) -> dict[str, int]:
    return dict(state.to_json()["troops"])


def supply(state: LUState) -> dict[str, int]:
    return dict(state.to_json()["supply"])


def battle(state: LUState) -> dict[str, Any] | None:
    return state.to_json()["battle"]


def ongoing_battle(state: LUState) -> dict[str, Any]:
    """The position's battle; the test fails when there is none."""
    entry = battle(state)
    assert entry is not None, "no battle under way"
    return entry


def strengths(state: LUState) -> tuple[int | None, int | None]:
    """(attack strength, defence strength) of the battle being fought, as the position shows
    them once the dice are in (LU-R40)."""
    b = battle(state)
    assert b is not None, "no battle is being fought"
    return b["attack_strength"], b["defence_strength"]


def end_phase_until(state: LUState, stop: str | None = None, seat: int | None = None) -> LUState:
    """Press END (or PASS at harvest-less prompts) until ``phase == stop`` or the active seat is
    ``seat``; for walking through the rest of a turn without doing anything."""
    for _ in range(200):
        doc = state.to_json()
        if stop is not None and doc["phase"] == stop:
            return state
        if seat is not None and doc["active"] == seat and doc["phase"] == "action":
            return state
        if state.is_terminal():
            return state
        offered = legal_json(state)
        for kind in ("END", "PASS", "STOP"):
            if {"type": kind} in offered:
                act(state, kind)
                break
        else:
            raise AssertionError(f"no END/PASS/STOP in phase {doc['phase']}: {offered}")
    raise AssertionError("the turn did not end")
