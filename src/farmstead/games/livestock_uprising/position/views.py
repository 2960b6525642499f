"""Writing Livestock Uprising positions as JSON: ``to_json`` and ``observation``, and the
names they use.

Pieces are named by faction and slot (``CH-G1`` … ``CH-G3`` for the Generals with 1-3 Stars,
``CH-SA`` for the Super Army); cells are ``[row, column]``; units, cards and tiles by their data
ids and names. A position holds everything, hidden cards included; ``observation(seat)`` shows
what LU §3 lets ``seat`` see: the board, every battalion, token pools, supplies, the played
cards and every hand's size are public (LU-R1); a seat's own Command cards and Battle Plans
card, and what its Espionage revealed, are private (LU-R2, LU-R5); undealt cards and the order
of draws are never shown (LU-R3).
"""

from __future__ import annotations

from typing import Any, TypeVar

from farmstead.games.livestock_uprising.combat import side_roll
from farmstead.games.livestock_uprising.layout import (
    ACTION,
    AMBUSH,
    BARN,
    CARD_TARGET,
    CASUALTY,
    DRAW_PLAN,
    FORMING,
    HARVEST,
    JOIN,
    KEEP,
    MARSHAL,
    MARSHAL_TARGET,
    MOVE,
    NO,
    OUTCOME_NAMES,
    PHASE_NAMES,
    PIECE_SUFFIXES,
    PLUNDER,
    POST_STEP,
    RETREAT,
    ROLL,
    TRANSFER,
    TRANSFER_TARGET,
    TRANSFER_UNIT,
    WINDOW,
)
from farmstead.games.livestock_uprising.rules import (
    READY,
    Battle,
    CardPlay,
    LURules,
    Turn,
)

S = TypeVar("S", bound=LURules)

SF_STATES = ("reserve", "in_play", "removed")
TURN_PHASES = frozenset(
    (
        ACTION,
        MOVE,
        FORMING,
        DRAW_PLAN,
        HARVEST,
        MARSHAL,
        MARSHAL_TARGET,
        TRANSFER,
        TRANSFER_UNIT,
        TRANSFER_TARGET,
        CARD_TARGET,
        AMBUSH,
        JOIN,
        WINDOW,
        ROLL,
        KEEP,
        CASUALTY,
        RETREAT,
        PLUNDER,
        POST_STEP,
    )
)
BATTLE_PHASES = frozenset((JOIN, WINDOW, ROLL, KEEP, CASUALTY, RETREAT, PLUNDER, POST_STEP))


# --- names ---------------------------------------------------------------------------------
def cell_json(state: LURules, cell: int) -> list[int] | None:
    if cell == NO:
        return None
    return list(divmod(cell, state.cfg.side))


def piece_name(state: LURules, pid: int) -> str:
    """``CH-G1`` … ``CH-SA``; ``S2-G1`` for a seat without a faction yet."""
    faction = state.faction[pid // 4]
    prefix = state.cfg.catalog.factions[faction].code if faction != NO else f"S{pid // 4}"
    return f"{prefix}-{PIECE_SUFFIXES[pid % 4]}"


def unit_id(state: LURules, unit: int) -> str:
    return state.cfg.catalog.units[unit].id


def card_id(state: LURules, card: int) -> str:
    return state.cfg.catalog.cards[card].id


def tile_name(state: LURules, tile: int) -> str | None:
    if tile == NO:
        return None
    if tile >= BARN:
        return "barn"
    return state.cfg.catalog.tile_types[tile]


def resources_json(state: LURules, values: list[int] | tuple[int, ...]) -> dict[str, int]:
    return dict(zip(state.cfg.catalog.resources, values, strict=True))


# --- writing ---------------------------------------------------------------------------------
def _pieces(state: LURules) -> list[dict[str, Any]]:
    out = []
    for pid in range(4 * state.cfg.num_players):
        if state.piece_cell[pid] == NO and not state.units[pid]:
            continue
        out.append(
            {
                "piece": piece_name(state, pid),
                "cell": cell_json(state, state.piece_cell[pid]),
                "units": [unit_id(state, u) for u in state.units[pid]],
                "fortified": state.fortified[pid],
                "atk": state.attack_value(pid),
                "def": state.defence_value(pid),
            }
        )
    return out


def _turn(state: LURules, turn: Turn | None) -> dict[str, Any] | None:
    if turn is None:
        return None
    res = state.cfg.catalog.resources
    return {
        "acted": ["ready" if a == READY else "done" for a in turn.acted],
        "started": list(turn.started),
        "double_time": list(turn.double),
        "forced_march": list(turn.forced),
        "piece": PIECE_SUFFIXES[turn.piece] if turn.piece != NO else None,
        "steps": turn.steps,
        "limit": turn.limit,
        "attacks": turn.attacks,
        "moved": turn.moved,
        "blitzkrieg": turn.blitz,
        "bumper_crop": PIECE_SUFFIXES[turn.bumper] if turn.bumper != NO else None,
        "foraging": list(turn.forage),
        "reinforcements": res[turn.reinforce] if turn.reinforce != NO else None,
        "transfers": turn.transfers,
        "rally": turn.rally,
        "chosen": turn.chosen,
        "unit": unit_id(state, turn.unit) if turn.unit != NO else None,
        "recruits": [unit_id(state, u) for u in turn.recruits],
    }


def _battle(state: LURules, b: Battle | None) -> dict[str, Any] | None:
    if b is None:
        return None
    a_unit, d_piece, d_unit = b.duel
    return {
        "attacker": piece_name(state, b.attacker),
        "defenders": [piece_name(state, p) for p in b.defenders],
        "origin": cell_json(state, b.origin),
        "target": cell_json(state, b.target),
        "ambush": b.ambush,
        "barn": b.barn,
        "joiners": [piece_name(state, p) for p in b.joiners],
        "stage": b.stage,
        "queue": list(b.queue),
        "attack_modifier": b.a_mod,
        "defence_side_modifier": b.d_mod,
        "defence_modifier": b.d_def,
        "duel": b.duel_on,
        "duel_units": [
            unit_id(state, a_unit) if a_unit != NO else None,
            piece_name(state, d_piece) if d_piece != NO else None,
            unit_id(state, d_unit) if d_unit != NO else None,
        ],
        "fortune": list(b.fortune),
        "pincer": b.pincer,
        "attack_dice": list(b.a_dice),
        "defence_dice": list(b.d_dice),
        "rolls": [list(r) for r in b.rolls],
        "keep": list(b.keep),
        "outcome": OUTCOME_NAMES[b.outcome] if b.outcome != NO else None,
        "owed": [
            {"piece": piece_name(state, p) if p != NO else None, "count": n} for p, n in b.owed
        ],
        "taken": [{"piece": piece_name(state, p), "unit": unit_id(state, u)} for p, u in b.taken],
        "plunder": [
            {"taker": t, "from": v, "count": k, "raid": raid} for t, v, k, raid in b.plunder
        ],
        "destroyed": [piece_name(state, p) for p in b.destroyed],
        "stepped": b.stepped,
        # Display facts (LU-R40): ATK and DEF in play, and the strengths once the dice are in.
        "attack_value": state.attack_total(b),
        "defence_value": state.defence_total(b),
        "attack_strength": state.attack_total(b) + b.a_mod + sum(b.a_dice)
        if b.a_dice and all(b.a_dice)
        else None,
        "defence_strength": state.defence_total(b)
        + b.d_mod
        + side_roll(tuple(b.d_dice), state.keeps_high(b))
        if b.d_dice and all(b.d_dice)
        else None,
    }


def _card(state: LURules, c: CardPlay | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {
        "seat": c.seat,
        "card": card_id(state, c.card),
        "stage": c.stage,
        "data": list(c.data),
        "resume": PHASE_NAMES[c.resume],
        "decider": c.decider,
    }


def _public(state: LURules) -> dict[str, Any]:
    """Everything every seat may see (LU-R1)."""
    cfg = state.cfg
    cat = cfg.catalog
    n = cfg.num_players
    side = cfg.side
    return {
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "decider": state.decider if state.decider != NO else None,
        "first_player": state.first if state.first != NO else None,
        "round": state.round,
        "round_limit": cfg.round_limit,
        "factions": [cat.factions[f].code if f != NO else None for f in state.faction],
        # Each seat's colour (its barn's), in the shape the web app reads for its player list.
        "seats": [
            {"colour": cat.factions[f].barn_colour if f != NO else None} for f in state.faction
        ],
        "tiles": [
            [tile_name(state, state.tiles[r * side + c]) for c in range(side)] for r in range(side)
        ],
        "barns": [cell_json(state, cell) for cell in state.barn],
        "face_down": {
            t: k for t, k in zip(cat.tile_types, state.tiles_face_down, strict=True) if k
        },
        "deal_seat": state.deal_seat,
        "pieces": _pieces(state),
        "tokens": [resources_json(state, state.tokens[5 * s : 5 * s + 5]) for s in range(n)],
        "supply": resources_json(state, state.supply),
        "troops": {cat.units[t].id: state.troops[t] for t in range(cfg.troop_types)},
        "special_forces": {
            cat.units[u].id: SF_STATES[state.special_forces[u]]
            for u in range(cfg.troop_types, len(cat.units))
        },
        "hand_sizes": [len(h) for h in state.hands],
        "has_plan": [p != NO for p in state.plans],
        "played": [card_id(state, c) for c in state.played],
        "alive": list(state.alive),
        "lost_turns": list(state.turns_lost),
        "shield_wall": list(state.shield),
        "scorched": [
            {"cell": cell_json(state, cell), "seat": seat}
            for cell, seat in enumerate(state.scorched)
            if seat != NO
        ],
        "turn": _turn(state, state.turn),
        "battle": _battle(state, state.battle),
        "card": _card(state, state.card),
        "ambush": list(state.ambush),
        "ambush_target": piece_name(state, state.ambush_target)
        if state.ambush_target != NO
        else None,
        "winners": list(state.winners),
    }


def to_json(state: LURules) -> dict[str, Any]:
    """The full position, hidden cards included."""
    n = state.cfg.num_players
    doc: dict[str, Any] = dict(state.game.describe())
    doc.update(_public(state))
    doc["hands"] = [[card_id(state, c) for c in hand] for hand in state.hands]
    doc["plans"] = [card_id(state, p) if p != NO else None for p in state.plans]
    doc["gone"] = [
        {"card": card_id(state, c), "owner": owner, "by": by if by != NO else None}
        for c, owner, by in state.gone
    ]
    doc["known"] = [
        {"viewer": i // n, "owner": i % n, "cards": [card_id(state, c) for c in known]}
        for i, known in enumerate(state.known)
        if known is not None
    ]
    return doc


def observation(state: LURules, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (checked by the caller) may see; ``None``: a spectator (LU §3).

    Public: every field of a position but the hands, the Battle Plans cards and what Espionage
    showed; of those, everyone sees the sizes (``hand_sizes``, ``has_plan``) and which cards were
    played. Private to ``seat``: ``hand`` and ``plan`` (its own cards), ``known`` (the cards of
    other seats its Espionage revealed and that they still hold), and the identity of a card
    that left the game by its own Espionage or from its own hand (``gone``)."""
    n = state.cfg.num_players
    doc: dict[str, Any] = {"game": state.game.type.name, "players": n, "seat": seat}
    doc.update(_public(state))
    doc["gone"] = [
        {
            "card": card_id(state, c) if seat is not None and seat in (owner, by) else None,
            "owner": owner,
            "by": by if by != NO else None,
        }
        for c, owner, by in state.gone
    ]
    if seat is None:
        doc["hand"] = None
        doc["plan"] = None
        doc["known"] = []
        return doc
    doc["hand"] = [card_id(state, c) for c in state.hands[seat]]
    doc["plan"] = card_id(state, state.plans[seat]) if state.plans[seat] != NO else None
    doc["known"] = [
        {"owner": other, "cards": [card_id(state, c) for c in known]}
        for other in range(n)
        if (known := state.known[seat * n + other]) is not None
    ]
    return doc
