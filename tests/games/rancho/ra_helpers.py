"""Building and driving Super Farmer Rancho positions for tests (rules/rancho.md).

Positions start from ``new_initial_state().to_json()`` with the starting animals removed: a test
lists only the pieces that matter. The central herd is rebuilt from what the players hold so that
pieces are conserved (spec 2.3); ``herd={...}`` asks for a shorter herd, and the surplus is
parked on the spaces of a ``dump`` seat (placed animals, dogs beside its farm).

Chance is driven by outcome ids: two d12 faces are ``face_a * 6 + face_b`` with the symbols
rabbit 0, sheep 1, cow 2, horse 3, fox 4, wolf 5; a d6 result is its number.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from farmstead.core.registry import load_game
from farmstead.games.rancho.game import RanchoGame, RanchoState

KINDS = ("rabbit", "sheep", "cow", "horse", "small_dog", "large_dog")
ANIMALS = KINDS[:4]
SYMBOL = {"rabbit": 0, "sheep": 1, "cow": 2, "horse": 3, "fox": 4, "wolf": 5}

# Spec 2.3, per player count.
HERD_TABLE = {
    2: {"rabbit": 20, "sheep": 6, "cow": 4, "horse": 2, "small_dog": 1, "large_dog": 1},
    3: {"rabbit": 30, "sheep": 9, "cow": 6, "horse": 3, "small_dog": 2, "large_dog": 2},
    4: {"rabbit": 40, "sheep": 12, "cow": 8, "horse": 4, "small_dog": 2, "large_dog": 2},
    5: {"rabbit": 50, "sheep": 15, "cow": 10, "horse": 5, "small_dog": 3, "large_dog": 3},
    6: {"rabbit": 60, "sheep": 18, "cow": 12, "horse": 6, "small_dog": 3, "large_dog": 3},
}

Piece = dict[str, Any]


# --- pieces --------------------------------------------------------------------------------
def rabbits(cell: str, count: int) -> Piece:
    """A stack of ``count`` rabbits on ``cell``."""
    return {"kind": "rabbit", "cells": [cell], "count": count}


def sheep(cell: str) -> Piece:
    """A sheep on ``cell``."""
    return {"kind": "sheep", "cells": [cell]}


def cow(a: str, b: str) -> Piece:
    """A cow on two adjacent cells."""
    return {"kind": "cow", "cells": [a, b]}


def horse(a: str, b: str, c: str) -> Piece:
    """A horse on three mutually adjacent cells."""
    return {"kind": "horse", "cells": [a, b, c]}


# --- games and positions -------------------------------------------------------------------
def game(players: int = 2, **params: Any) -> RanchoGame:
    """Rancho for ``players`` seats with seat 0 first (no chance event) unless params say so."""
    params.setdefault("first_player", "0")
    return loaded_game(players, **params)


def loaded_game(players: int, **params: Any) -> RanchoGame:
    """``load_game("rancho", players, **params)``: the registry's game, its defaults kept."""
    loaded = load_game("rancho", players=players, **params)
    assert isinstance(loaded, RanchoGame)
    return loaded


def blank_doc(the_game: RanchoGame) -> dict[str, Any]:
    """The initial position's JSON with no animals anywhere (the herd holds everything)."""
    doc = the_game.new_initial_state().to_json()
    doc["pieces"] = []
    doc["herd"] = dict(HERD_TABLE[the_game.num_players])
    return doc


def held(doc: Mapping[str, Any]) -> dict[str, int]:
    """Pieces of each kind that the players hold (placed, pool and dogs)."""
    counts = dict.fromkeys(KINDS, 0)
    for piece in doc["pieces"]:
        counts[piece["kind"]] += piece.get("count", 1)
    for info in doc["seats"]:
        for kind, n in info["pool"].items():
            counts[kind] += n
        for kind, n in info["dogs"].items():
            counts[kind] += n
    return counts


def _seat_cells(state_game: RanchoGame, doc: Mapping[str, Any], seat: int) -> list[str]:
    board = state_game.config.board
    farm = doc["seats"][seat]["farm"]
    a, b = board.farm_cells[farm]
    return [board.ids[a], board.ids[b], *doc["seats"][seat]["pastures"]]


def _park(the_game: RanchoGame, doc: dict[str, Any], seat: int, surplus: dict[str, int]) -> None:
    """Place ``surplus`` on ``seat``'s free spaces (horses, cows, then sheep and rabbit stacks)."""
    board = the_game.config.board
    used = {c for piece in doc["pieces"] for c in piece["cells"]}
    free = [c for c in _seat_cells(the_game, doc, seat) if c not in used]

    def take_shape(shapes: Iterable[tuple[int, ...]]) -> list[str]:
        for shape in shapes:
            ids = [board.ids[c] for c in shape]
            if all(i in free for i in ids):
                for i in ids:
                    free.remove(i)
                return ids
        raise ValueError(f"no room on seat {seat}'s spaces to park the herd's surplus")

    for _ in range(surplus.get("horse", 0)):
        doc["pieces"].append(horse(*take_shape(board.triangles)))
    for _ in range(surplus.get("cow", 0)):
        doc["pieces"].append(cow(*take_shape(board.edges)))
    singles: list[Piece] = []
    for _ in range(surplus.get("sheep", 0)):
        singles.append({"kind": "sheep"})
    left = surplus.get("rabbit", 0)
    while left:
        n = min(6, left)
        singles.append({"kind": "rabbit", "count": n})
        left -= n
    if len(singles) > len(free):
        raise ValueError(f"no room on seat {seat}'s spaces to park the herd's surplus")
    for item, cell in zip(singles, free, strict=False):
        doc["pieces"].append({**item, "cells": [cell]})
    for dog in ("small_dog", "large_dog"):
        doc["seats"][seat]["dogs"][dog] += surplus.get(dog, 0)


def make_doc(
    players: int = 2,
    *,
    the_game: RanchoGame | None = None,
    pastures: Mapping[int, list[str]] | None = None,
    pieces: Iterable[Piece] = (),
    pools: Mapping[int, Mapping[str, int]] | None = None,
    dogs: Mapping[int, Mapping[str, int]] | None = None,
    herd: Mapping[str, int] | None = None,
    dump: int | None = None,
    active: int = 0,
    **fields: Any,
) -> dict[str, Any]:
    """A position as JSON (see the module docstring); ``fields`` override top-level keys."""
    g = the_game or game(players)
    doc = blank_doc(g)
    for seat, ids in (pastures or {}).items():
        doc["seats"][seat]["pastures"] = list(ids)
    doc["pieces"] = [copy.deepcopy(p) for p in pieces]
    for seat, counts in (pools or {}).items():
        doc["seats"][seat]["pool"].update(counts)
    for seat, counts in (dogs or {}).items():
        doc["seats"][seat]["dogs"].update(counts)
    doc["active"] = doc["to_move"] = active
    wanted = dict(herd or {})
    holding = held(doc)
    surplus: dict[str, int] = {}
    for kind in KINDS:
        left = HERD_TABLE[g.num_players][kind] - holding[kind]
        if left < 0:
            raise ValueError(f"the players hold {holding[kind]} {kind}, more than the game has")
        if kind in wanted:
            if wanted[kind] > left:
                raise ValueError(f"herd of {wanted[kind]} {kind} asked, only {left} left")
            surplus[kind] = left - wanted[kind]
            left = wanted[kind]
        doc["herd"][kind] = left
    if any(surplus.values()):
        if dump is None:
            raise ValueError("a short herd needs a dump seat to hold the surplus")
        _park(g, doc, dump, surplus)
    doc.update(fields)
    return doc


def position(players: int = 2, *, the_game: RanchoGame | None = None, **kwargs: Any) -> RanchoState:
    """The state of ``make_doc(...)``, loaded through ``state_from_json``."""
    g = the_game or game(players)
    state = g.state_from_json(make_doc(players, the_game=g, **kwargs))
    assert isinstance(state, RanchoState)
    return state


# --- driving a state -------------------------------------------------------------------------
def act(state: RanchoState, doc: Mapping[str, Any]) -> int:
    """Apply the action described by JSON ``doc``; returns its id."""
    action = state.action_from_json(dict(doc))
    state.apply_action(action)
    return action


def aid(state: RanchoState, type_: str, **fields: Any) -> int:
    """The id of the action ``{"type": type_, **fields}``."""
    return state.action_from_json({"type": type_, **fields})


def legal(state: RanchoState, type_: str, **fields: Any) -> bool:
    """Whether the action ``{"type": type_, **fields}`` is legal now."""
    return aid(state, type_, **fields) in state.legal_actions()


def give(state: RanchoState, kind: str, times: int = 1) -> None:
    for _ in range(times):
        act(state, {"type": "GIVE", "kind": kind})


def receive(state: RanchoState, kind: str, times: int = 1) -> None:
    for _ in range(times):
        act(state, {"type": "RECEIVE", "kind": kind})


def buy(state: RanchoState, pasture: str) -> None:
    act(state, {"type": "BUY", "pasture": pasture})


def link(state: RanchoState, pasture: str) -> None:
    act(state, {"type": "LINK", "pasture": pasture})


def dice_outcome(a: str, b: str) -> int:
    """The chance outcome id of the two d12 faces ``a`` and ``b``."""
    return SYMBOL[a] * 6 + SYMBOL[b]


def roll(state: RanchoState, a: str, b: str) -> None:
    """``ROLL`` and the dice showing ``a`` and ``b``."""
    act(state, {"type": "ROLL"})
    state.apply_action(dice_outcome(a, b))


def d6(state: RanchoState, number: int) -> None:
    """The predator die showing ``number``."""
    assert state.is_chance_node(), "a d6 roll is not due"
    state.apply_action(number)


# --- reading a state -------------------------------------------------------------------------
def board_of(state: RanchoState) -> dict[str, Piece]:
    """Every occupied cell id -> the piece covering it (JSON form)."""
    out: dict[str, Piece] = {}
    for piece in state.to_json()["pieces"]:
        for c in piece["cells"]:
            out[c] = piece
    return out


def on(state: RanchoState, cell: str) -> tuple[str, int] | None:
    """(kind, count) on ``cell`` (count 1 for big animals), or None when empty."""
    piece = board_of(state).get(cell)
    if piece is None:
        return None
    return piece["kind"], piece.get("count", 1)


def occupant(state: RanchoState, cell: str) -> tuple[str, int]:
    """(kind, count) on ``cell`` (count 1 for big animals); the test fails when it is empty."""
    found = on(state, cell)
    assert found is not None, f"{cell} is empty"
    return found


def placed(state: RanchoState, seat: int) -> dict[str, int]:
    """Placed animals of ``seat`` by kind."""
    return {k: state.placed[4 * seat + i] for i, k in enumerate(ANIMALS)}


def pool(state: RanchoState, seat: int) -> dict[str, int]:
    """Unplaced animals of ``seat`` by kind."""
    return dict(state.to_json()["seats"][seat]["pool"])


def owns(state: RanchoState, seat: int) -> dict[str, int]:
    """Everything ``seat`` owns by kind: placed + pool animals, and dogs."""
    info = state.to_json()["seats"][seat]
    totals = {k: placed(state, seat)[k] + info["pool"][k] for k in ANIMALS}
    totals.update(info["dogs"])
    return totals


def herd(state: RanchoState) -> dict[str, int]:
    """The central herd by kind."""
    return dict(state.to_json()["herd"])


def pastures(state: RanchoState, seat: int) -> list[str]:
    """The pastures ``seat`` owns."""
    return list(state.to_json()["seats"][seat]["pastures"])


def legal_json(state: RanchoState) -> list[dict[str, Any]]:
    """The legal actions as JSON (readable assertion failures)."""
    return [state.action_to_json(a) for a in state.legal_actions()]


def legal_types(state: RanchoState) -> set[str]:
    """The types of the legal actions."""
    return {d["type"] for d in legal_json(state)}


def buyable(state: RanchoState) -> set[str]:
    """Pastures whose BUY is legal now."""
    return {d["pasture"] for d in legal_json(state) if d["type"] == "BUY"}


def conserved(state: RanchoState) -> bool:
    """Herd + holdings equal the spec 2.3 table."""
    doc = state.to_json()
    total = held(doc)
    return all(total[k] + doc["herd"][k] == HERD_TABLE[state.cfg.num_players][k] for k in KINDS)
