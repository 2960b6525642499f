"""Livestock Uprising actions in words and as JSON (and back).

Words name factions, Generals, units, cards, cells and directions as the players see them. A
Command card dealt, a Battle Plans card drawn and the card Espionage removes are named only to
the seats that may know them (LU-R2, LU-R5); everyone else reads that a card was dealt, drawn
or removed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from farmstead.core.data import DataItem
from farmstead.core.errors import IllegalActionError
from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.core.turns import TurnView
from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.layout import (
    ACTION,
    AMBUSH,
    CARD_TARGET,
    CASUALTY,
    CHANCE_PHASES,
    DEAL,
    DIRECTION_NAMES,
    DIRECTION_WORDS,
    DRAW_FILL,
    DRAW_PLAN,
    DRAW_START,
    FIRST_PLAYER,
    FORMING,
    HARVEST,
    JOIN,
    KEEP,
    MARSHAL,
    MARSHAL_TARGET,
    NO,
    PIECE_SUFFIXES,
    PLUNDER,
    ROLL,
    SUPER_ARMY,
    TRANSFER,
    TRANSFER_TARGET,
    TRANSFER_UNIT,
    WINDOW_NAMES,
)
from farmstead.games.livestock_uprising.rules import LURules

STARS = ("1 Star", "2 Stars", "3 Stars")

# When a card may be played, in words: its window (LU-R77), as the board shows it.
WINDOW_WORDS = {
    "OWN_ANY": "at any decision of your own turn",
    "OWN_ACTION": "in your Action Phase",
    "OWN_HARVEST": "in your Harvest Phase",
    "OWN_MARSHAL": "while you marshal troops",
    "OWN_TRANSFER": "in your Transfer Phase",
    "BATTLE_PRE": "in a battle, before the battle's dice",
    "BATTLE_POST_DICE": "in a battle, after the dice are rolled",
    "CASUALTY": "after your side loses a battle, before casualties are chosen",
    "AFTER_WIN": "after your attack wins a battle",
    "ENEMY_MOVE_END": "at the end of an enemy's move next to your piece",
}
CARD_FILES = ("command_cards.toml", "battle_plans.toml")


def card_when(window: str, out_of_turn: bool = False) -> str:
    """When a card of timing ``window`` may be played, in a sentence (LU-R77; LU-R75: on
    another player's turn only where its window allows); "" for an unknown window."""
    when = WINDOW_WORDS.get(window)
    if when is None:
        return ""
    also = " (also on other players' turns)" if out_of_turn else ""
    return f"When: {when}{also}."


def item_words(item: DataItem) -> dict[str, str] | None:
    """The words the board shows with a Command or Battle Plans card of the data files: when
    it may be played (``when``). Other items have none."""
    if item.file not in CARD_FILES:
        return None
    when = card_when(str(item.value.get("window", "")), bool(item.value.get("out_of_turn")))
    return {"when": when} if when else None


# The phases in words, for the terminal's headers (never the engine's phase ids).
PHASE_WORDS = (
    "choosing factions",
    "dealing Command cards",
    "choosing the first player",
    "turning up the starting tiles",
    "placing barns",
    "turning up the other tiles",
    "Action Phase: choose a piece to act",
    "Action Phase: moving",
    "forming the Super Army",
    "drawing a Battle Plans card",
    "Harvest Phase",
    "Marshaling Phase: buy units",
    "Marshaling Phase: choose the General for the unit",
    "Transfer Phase: choose the General that gives",
    "Transfer Phase: choose the unit",
    "Transfer Phase: choose the General that receives",
    "playing a card",
    "an enemy stopped next to you: ambush?",
    "a Super Army may join the attack",
    "battle: cards may be played",
    "battle: rolling the dice",
    "Fortune of War: choose the die to set aside",
    "battle: choosing casualties",
    "battle: choosing the retreat",
    "battle: taking tokens from the loser",
    "Egg Bomber's extra step",
    "the game is over",
)

# A card's effect in a few words (its data ``text`` is the full effect), by effect code, for
# the terminal's options and hand; numbers come from play.toml.
CARD_SHORT = {
    "BATTLE_CRY": "+{battle_cry} to your side in this battle",
    "HARDENED_HIDE": "+{hardened_hide} defence for your defender in this battle",
    "FORCED_MARCH": "a piece that has not acted gets +{forced_march_steps} steps",
    "BUMPER_CROP": "one General harvests 2 tokens instead of 1",
    "FORAGING_PARTY": "one General harvests its tile without the icon",
    "REINFORCEMENTS": "your next unit this phase costs 1 token less",
    "FIELD_MEDIC": "cancel one casualty",
    "SECOND_WIND": "reroll one of your side's dice",
    "RETREAT": "your defending General steps away; no battle",
    "SUPPLY_RAID": "take up to {supply_raid_tokens} tokens from the defender",
    "SCORCHED_EARTH": "a tile near you yields nothing until your next turn",
    "TRADE_CARAVAN": "swap {trade_caravan_give} tokens for 1 of your choice (up to twice)",
    "RALLY": "up to {rally_transfers} transfers this turn, {rally_distance} steps apart",
    "AMBUSH": "attack an enemy that stopped next to your piece",
    "FORTIFY": "a piece gives up its action for +{fortify} defence",
    "AIRLIFT": "put a General from your barn next to another General",
    "DOUBLE_TIME": "a piece that has acted may act again",
    "ESPIONAGE": "see an opponent's cards; one Command card leaves",
    "DUEL": "each side fights with 1 chosen unit only",
    "BLITZKRIEG": "Super Army: {blitzkrieg_steps} steps and a second attack",
    "SIEGE_ENGINES": "Super Army attacking a barn: +{siege_engines} attack",
    "SHIELD_WALL": "+{shield_wall} defence for your Super Army until your next turn",
    "CONSCRIPTION": "up to {conscription_troops} free Troops into your Super Army",
    "PINCER": "your joint attackers do not lose their next turn",
    "LAST_STAND": "your losing Super Army takes no casualties",
    "FORTUNE_OF_WAR": "your Super Army rolls 3 dice and keeps 2",
}


def phase_words(state: LURules) -> str:
    """The phase in words ('Marshaling Phase: buy units'); a card being played is named."""
    if state.phase == CARD_TARGET and state.card is not None:
        return f"playing {card_name(state, state.card.card)}"
    return PHASE_WORDS[state.phase] if 0 <= state.phase < len(PHASE_WORDS) else "playing"


def card_short(state: LURules, card: int) -> str:
    """What a card does in a few words (for an option or a hand line)."""
    info = state.cfg.catalog.cards[card]
    short = CARD_SHORT.get(info.effect)
    if short is None:
        return info.text.split(". ")[0].rstrip(".")
    return short.format(**vars(state.cfg.catalog.play))


def card_when_words(state: LURules, card: int) -> str:
    """When a card may be played, in a sentence (LU-R77)."""
    info = state.cfg.catalog.cards[card]
    return card_when(WINDOW_NAMES[info.window], info.out_of_turn)


def option_words(state: LURules, action: int) -> str:
    """An option at the terminal prompt: the action's words, and for a card to play what it
    does (there is no way back once a card is chosen, LU-R22)."""
    words = action_to_string(state, action)
    if state.phase in CHANCE_PHASES:
        return words
    kind, arg = state.cfg.layout.decode(action)
    if kind == act.PLAY and words.startswith("Play "):
        return f"{words}: {card_short(state, arg)}"
    return words


def faction_name(state: LURules, seat: int) -> str:
    """The seat's faction ('Chickens'), or 'Seat 2' before it has one (or for a seat number
    beyond this game's players)."""
    f = state.faction[seat] if 0 <= seat < len(state.faction) else NO
    return state.cfg.catalog.factions[f].name if f != NO else f"Seat {seat + 1}"


def piece_words(state: LURules, seat: int, slot: int) -> str:
    """'the Chickens General (2 Stars)' or 'the Cows Super Army'."""
    if slot == SUPER_ARMY:
        return f"the {faction_name(state, seat)} Super Army"
    return f"the {faction_name(state, seat)} General ({STARS[slot]})"


def cell_words(state: LURules, cell: int) -> str:
    r, c = divmod(cell, state.cfg.side)
    return f"({r}, {c})"


def unit_name(state: LURules, unit: int) -> str:
    return state.cfg.catalog.units[unit].name


def card_name(state: LURules, card: int) -> str:
    return state.cfg.catalog.cards[card].name


def _mover(state: LURules) -> int:
    """The seat whose piece is moving now."""
    return state.active


def action_to_string(state: LURules, action: int) -> str:
    """The action (or chance outcome) in words, for an id inside the action space."""
    if state.phase in CHANCE_PHASES:
        return _chance_words(state, action, full=True)
    cat = state.cfg.catalog
    kind, arg = state.cfg.layout.decode(action)
    seat = state.decider if state.decider != NO else state.active
    phase = state.phase
    if kind == act.FACTION:
        faction = cat.factions[arg]
        return f"Lead the {faction.name} ({faction.barn_colour} barn)"
    if kind == act.CELL:
        if state.card is not None:
            effect = state.card.effect
            if effect == "SCORCHED_EARTH":
                return f"Scorch the {_tile_words(state, arg)} at {cell_words(state, arg)}"
            return f"Airlift it to {cell_words(state, arg)}"
        return f"Place the barn at {cell_words(state, arg)}"
    if kind == act.PIECE:
        who = piece_words(state, seat, arg)
        if phase == MARSHAL_TARGET:
            return f"Put it under {who}"
        if phase == TRANSFER:
            return f"Transfer a unit from {who}"
        if phase == TRANSFER_TARGET:
            return f"Give it to {who}"
        if phase == AMBUSH:
            return f"Ambush with {who}"
        if phase == CARD_TARGET and state.card is not None:
            return f"Choose {who}"
        return f"Act with {who}"
    if kind == act.FORM:
        return "Form the Super Army"
    if kind == act.END:
        return _end_words(state)
    if kind in (act.STEP, act.FLY):
        return _step_words(state, kind, arg)
    if kind == act.STOP:
        return "Stop here"
    if kind == act.PLAY:
        if phase == CARD_TARGET and state.card is not None and state.card.effect == "ESPIONAGE":
            return f"Make them discard {card_name(state, arg)}"
        return f"Play {card_name(state, arg)}"
    if kind == act.PASS:
        return {
            AMBUSH: "Let it pass",
            PLUNDER: "Take no more tokens",
            JOIN: "Stay out of the attack",
        }.get(phase, "Play no card")
    if kind == act.JOIN:
        return "Join the attack with your Super Army"
    if kind == act.SEAT:
        return f"Spy on the {faction_name(state, arg)}"
    if kind == act.RESOURCE:
        return _resource_words(state, arg)
    if kind == act.UNIT:
        return _unit_words(state, arg)
    if kind == act.MEMBER:
        g, unit = divmod(arg, state.cfg.layout.units)
        owner = _member_owner(state)
        return f"Lose {unit_name(state, unit)} of {piece_words(state, owner, g)}"
    if kind == act.MARSHAL:
        recruit = cat.units[arg]
        if phase == CARD_TARGET:
            return f"Conscript {recruit.name} for free"
        cost = state.marshal_cost(seat, arg)
        price = " + ".join(f"{k} {r}" for r, k in zip(cat.resources, cost, strict=True) if k)
        where = " into the forming Super Army" if phase == FORMING else ""
        return f"Marshal {recruit.name} ({recruit.atk}/{recruit.defence}) for {price}{where}"
    if kind == act.RETREAT:
        return f"Retreat {DIRECTION_WORDS[arg]}"
    if kind == act.DIE:
        return f"Die {arg + 1}" + (" (set it aside)" if phase == KEEP else " (reroll it)")
    raise IllegalActionError(f"no words for action {action}")


def _tile_words(state: LURules, cell: int) -> str:
    tile = state.tiles[cell]
    return state.cfg.catalog.tile_types[tile] if 0 <= tile < 100 else "tile"


def _end_words(state: LURules) -> str:
    phase = state.phase
    if state.card is not None:
        effect = state.card.effect
        return "Stop trading" if effect == "TRADE_CARAVAN" else "Conscript no more"
    return {
        ACTION: "End the Action Phase",
        HARVEST: "Harvest now",
        MARSHAL: "End marshaling",
        FORMING: "Finish forming the Super Army",
        TRANSFER: "End the turn",
    }.get(phase, "Finish")


def _step_words(state: LURules, kind: int, d: int) -> str:
    turn = state.turn
    seat = state.active
    if turn is None or turn.piece == NO:
        battle = state.battle
        if battle is not None:  # Egg Bomber's step
            return f"Step {DIRECTION_WORDS[d]} ({DIRECTION_NAMES[d]})"
        return f"Step {DIRECTION_WORDS[d]}"
    pid = 4 * seat + turn.piece
    target = state.cfg.neighbours[state.pos[pid]][d]
    where = cell_words(state, target) if target != NO else "off the board"
    if kind == act.FLY:
        return f"Fly {DIRECTION_WORDS[d]} over {where}"
    other = state.occ[target] if target != NO else NO
    if other != NO and other // 4 != seat:
        return f"Attack {piece_words(state, other // 4, other % 4)} to the {DIRECTION_WORDS[d]}"
    return f"Step {DIRECTION_WORDS[d]} to {where}"


def _resource_words(state: LURules, r: int) -> str:
    name = state.cfg.catalog.resources[r]
    c = state.card
    if c is not None:
        if c.effect == "REINFORCEMENTS":
            return f"Waive one {name} token"
        if c.effect == "TRADE_CARAVAN":
            return f"Take one {name} token" if c.stage == 1 else f"Return one {name} token"
    return f"Take one {name} token"


def _member_owner(state: LURules) -> int:
    battle = state.battle
    return battle.defenders[0] // 4 if battle is not None else state.decider


def _unit_words(state: LURules, unit: int) -> str:
    name = unit_name(state, unit)
    phase = state.phase
    if phase == CASUALTY:
        return f"Lose {name}"
    if phase == TRANSFER_UNIT:
        return f"Transfer {name}"
    if phase == CARD_TARGET:
        return f"Send {name} to the duel"
    return name


def _chance_words(state: LURules, outcome: int, full: bool) -> str:
    phase = state.phase
    cat = state.cfg.catalog
    if phase == ROLL:
        battle = state.battle
        side = (
            "attacker"
            if battle is not None and battle.rolls and battle.rolls[0][0] == 0
            else "defender"
        )
        return f"The {side} rolls {outcome + 1}" if outcome < 6 else f"no die face {outcome + 1}"
    if phase == FIRST_PLAYER:
        if outcome < state.cfg.num_players:
            return f"{faction_name(state, outcome)} go first"
        return f"no seat {outcome}"
    if phase in (DRAW_START, DRAW_FILL):
        if outcome < len(cat.tile_types):
            cell = state._next_draw_cell()
            kind = cat.tile_types[outcome]
            article = "An" if kind[:1] in "aeiou" else "A"
            return f"{article} {kind} tile is turned up at {cell_words(state, cell)}"
        return f"no tile type #{outcome}"
    if phase == DEAL:
        who = faction_name(state, state.deal_seat)
        if not full:
            return f"{who} are dealt a Command card"
        if outcome < cat.command_cards:
            return f"{who} are dealt {card_name(state, outcome)}"
        return f"no Command card #{outcome}"
    if phase == DRAW_PLAN:
        who = faction_name(state, state.active)
        if not full:
            return f"{who} draw a Battle Plans card"
        if outcome >= cat.command_cards and outcome < len(cat.cards):
            return f"{who} draw {card_name(state, outcome)}"
        return f"no Battle Plans card #{outcome}"
    return f"chance outcome {outcome}"


def action_to_string_for(state: LURules, action: int, seat: int | None) -> str:
    """A dealt or drawn card is named only to its receiver, and the card Espionage removes
    only to the spy and its victim (LU-R2, LU-R5)."""
    phase = state.phase
    if phase == DEAL:
        return _chance_words(state, action, full=seat == state.deal_seat)
    if phase == DRAW_PLAN:
        return _chance_words(state, action, full=seat == state.active)
    c = state.card
    if phase == CARD_TARGET and c is not None and c.effect == "ESPIONAGE" and c.stage == 1:
        victim = c.data[0]
        if seat not in (c.seat, victim):
            return f"The {faction_name(state, c.seat)} make the {faction_name(state, victim)} discard a Command card"
    return action_to_string(state, action)


def action_to_json(state: LURules, action: int) -> dict[str, Any]:
    """A JSON-safe description of an id inside the action space."""
    cat = state.cfg.catalog
    phase = state.phase
    if phase in CHANCE_PHASES:
        if phase == ROLL and action < 6:
            return {"type": "ROLL", "face": action + 1}
        if phase == FIRST_PLAYER and action < state.cfg.num_players:
            return {"type": "FIRST_PLAYER", "seat": action}
        if phase in (DRAW_START, DRAW_FILL) and action < len(cat.tile_types):
            return {"type": "TILE", "tile": cat.tile_types[action]}
        if phase == DEAL and action < cat.command_cards:
            return {"type": "DEAL", "seat": state.deal_seat, "card": cat.cards[action].id}
        if phase == DRAW_PLAN and cat.command_cards <= action < len(cat.cards):
            return {"type": "DRAW_PLAN", "seat": state.active, "card": cat.cards[action].id}
        raise IllegalActionError(f"chance outcome {action} names nothing in this phase")
    kind, arg = state.cfg.layout.decode(action)
    side = state.cfg.side
    if kind == act.FACTION:
        return {"type": "FACTION", "faction": cat.factions[arg].code}
    if kind == act.CELL:
        return {"type": "CELL", "cell": list(divmod(arg, side))}
    if kind == act.PIECE:
        return {"type": "PIECE", "piece": PIECE_SUFFIXES[arg]}
    if kind in (act.STEP, act.FLY, act.RETREAT):
        return {"type": act.KIND_NAMES[kind], "dir": DIRECTION_NAMES[arg]}
    if kind == act.PLAY:
        return {"type": "PLAY", "card": cat.cards[arg].id}
    if kind == act.SEAT:
        return {"type": "SEAT", "seat": arg}
    if kind == act.RESOURCE:
        return {"type": "RESOURCE", "resource": cat.resources[arg]}
    if kind in (act.UNIT, act.MARSHAL):
        return {"type": act.KIND_NAMES[kind], "unit": cat.units[arg].id}
    if kind == act.MEMBER:
        g, unit = divmod(arg, state.cfg.layout.units)
        return {"type": "MEMBER", "piece": PIECE_SUFFIXES[g], "unit": cat.units[unit].id}
    if kind == act.DIE:
        return {"type": "DIE", "die": arg + 1}
    return {"type": act.KIND_NAMES[kind]}


def action_from_json(state: LURules, doc: Any) -> int:
    """The action id ``action_to_json`` described; ``IllegalActionError`` if none matches."""
    cat = state.cfg.catalog
    layout = state.cfg.layout
    base = layout.base
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise IllegalActionError(f"an action is an object with a 'type', got {doc!r}")
    kind_name = doc["type"]

    def name(key: str, names: list[str] | tuple[str, ...], what: str) -> int:
        value = doc.get(key)
        if not isinstance(value, str) or value not in names:
            raise IllegalActionError(
                f"{kind_name} needs {key!r}: one of {', '.join(names)}; got {value!r} ({what})"
            )
        return list(names).index(value)

    def small(key: str, limit: int, offset: int = 0) -> int:
        value = doc.get(key)
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not offset <= value < limit + offset
        ):
            raise IllegalActionError(
                f"{kind_name} needs {key!r} in {offset}..{limit + offset - 1}, got {value!r}"
            )
        return value - offset

    if state.phase in CHANCE_PHASES:
        outcomes = dict(state.chance_outcomes())
        if kind_name == "ROLL":
            outcome = small("face", 6, 1)
        elif kind_name == "FIRST_PLAYER":
            outcome = small("seat", state.cfg.num_players)
        elif kind_name == "TILE":
            outcome = name("tile", cat.tile_types, "tile type")
        elif kind_name in ("DEAL", "DRAW_PLAN"):
            outcome = name("card", [c.id for c in cat.cards], "card")
        else:
            raise IllegalActionError(f"a chance outcome is due, not {kind_name!r}")
        if outcome not in outcomes:
            raise IllegalActionError(f"{kind_name} {doc!r} is not a possible outcome now")
        return outcome
    unit_ids = [u.id for u in cat.units]
    if kind_name == "FACTION":
        return base[act.FACTION] + name("faction", [f.code for f in cat.factions], "faction")
    if kind_name == "CELL":
        cell = doc.get("cell")
        if (
            not isinstance(cell, list)
            or len(cell) != 2
            or not all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x < state.cfg.side
                for x in cell
            )
        ):
            raise IllegalActionError(f"CELL needs 'cell': [row, column] on the board, got {cell!r}")
        return base[act.CELL] + cell[0] * state.cfg.side + cell[1]
    if kind_name == "PIECE":
        return base[act.PIECE] + name("piece", PIECE_SUFFIXES, "piece")
    if kind_name in ("STEP", "FLY", "RETREAT"):
        kind = act.KIND_NAMES.index(kind_name)
        return base[kind] + name("dir", DIRECTION_NAMES, "direction")
    if kind_name == "PLAY":
        return base[act.PLAY] + name("card", [c.id for c in cat.cards], "card")
    if kind_name == "SEAT":
        return base[act.SEAT] + small("seat", state.cfg.num_players)
    if kind_name == "RESOURCE":
        return base[act.RESOURCE] + name("resource", cat.resources, "resource")
    if kind_name in ("UNIT", "MARSHAL"):
        kind = act.KIND_NAMES.index(kind_name)
        return base[kind] + name("unit", unit_ids, "unit")
    if kind_name == "MEMBER":
        g = name("piece", PIECE_SUFFIXES[:3], "General")
        return layout.member(g, name("unit", unit_ids, "unit"))
    if kind_name == "DIE":
        return base[act.DIE] + small("die", 3, 1)
    if kind_name in ("FORM", "END", "STOP", "PASS", "JOIN"):
        return base[act.KIND_NAMES.index(kind_name)]
    raise IllegalActionError(
        f"unknown action type {kind_name!r}; valid: {', '.join(act.KIND_NAMES)} "
        "(chance: ROLL, FIRST_PLAYER, TILE, DEAL, DRAW_PLAN)"
    )


# --- the final result (LU-R97, LU-R98) -------------------------------------------------------
def score_sheet(state: LURules, names: Sequence[str]) -> ScoreSheet:
    """The factions at the end: which survived, and the LU-R98 ranking of the survivors
    (units, then printed ATK+DEF, then resource tokens). The last faction standing wins
    (LU-R97); at the stalemate round limit the best-ranked survivors win, ties sharing
    (LU-R98, a proposed rule)."""
    cfg = state.cfg
    n = cfg.num_players
    alive = [bool(state.alive[seat]) for seat in range(n)]
    units = [[u for slot in range(4) for u in state.units[4 * seat + slot]] for seat in range(n)]
    strength = [sum(cfg.atk[u] + cfg.defence[u] for u in units[seat]) for seat in range(n)]
    tokens = [sum(state.tokens[5 * seat : 5 * seat + 5]) for seat in range(n)]

    def if_alive(seat: int, text: str) -> str:
        return text if alive[seat] else "—"

    rows = (
        ScoreRow("Faction", tuple(faction_name(state, seat) for seat in range(n))),
        ScoreRow("Still in the game", tuple("yes" if a else "eliminated" for a in alive)),
        ScoreRow("Units", tuple(if_alive(s, str(len(units[s]))) for s in range(n))),
        ScoreRow("Printed ATK + DEF", tuple(if_alive(s, str(strength[s])) for s in range(n))),
        ScoreRow("Resource tokens", tuple(if_alive(s, str(tokens[s])) for s in range(n))),
    )
    winners = list(state.winners)
    scores = tuple(
        "won" if seat in winners else ("eliminated" if not alive[seat] else "lost")
        for seat in range(n)
    )
    who = " and ".join(names[seat] for seat in winners)
    if sum(alive) == 1 and winners:
        summary = f"{who} won: the last faction standing."
    elif len(winners) == n:
        summary = (
            f"A draw at the round limit ({cfg.round_limit} rounds): the survivors rank equal "
            "on units, printed ATK + DEF and tokens (stalemate rule, proposed)."
        )
    else:
        share = " share the win" if len(winners) > 1 else " won"
        summary = (
            f"{who}{share} at the round limit ({cfg.round_limit} rounds), ranked by units, then "
            "printed ATK + DEF, then tokens (stalemate rule, proposed)."
        )
    return ScoreSheet(scores, summary, rows)


# --- a turn in words (LU §5) ----------------------------------------------------------------
# Steps that only close a phase or decline an option add nothing to a turn's sentence.
_QUIET = frozenset(
    (
        "End the Action Phase",
        "End marshaling",
        "End the turn",
        "Stop here",
        "Play no card",
        "Let it pass",
        "Take no more tokens",
        "Stop trading",
    )
)
# Imperative openings of step words and their past tense.
_PAST = (
    ("Harvest now", "harvested"),
    ("Play ", "played "),
    ("Marshal ", "marshaled "),
    ("Place the barn", "placed the barn"),
    ("Retreat ", "retreated "),
    ("Lose ", "lost "),
    ("Return ", "returned "),
    ("Take ", "took "),
    ("Waive ", "waived "),
    ("Choose ", "chose "),
    ("Lead the ", "leads the "),
    ("Attack ", "attacked "),
    ("Give it to ", "gave it to "),
    ("Put it under ", "under "),
    ("Scorch the ", "scorched the "),
    ("Airlift it to ", "airlifted it to "),
    ("Spy on the ", "spied on the "),
)


def _past(words: str) -> str:
    for imperative, past in _PAST:
        if words.startswith(imperative):
            return past + words[len(imperative) :]
    first, _, rest = words.partition(" ")
    if first in ("The", "A", "An"):
        return f"{first.lower()} {rest}"
    return words


def turn_summary(view: TurnView) -> str:
    """A Livestock Uprising turn in one sentence from the steps' words as the viewer may read
    them (so hidden cards stay hidden, LU-R1): a General's steps become one move, marshaling
    and transfers one phrase each, closing steps are left out; steps of other seats (a
    defender's retreat) are named."""
    parts: list[str] = []
    moving = ""  # the piece that is moving, and where it went
    steps = 0
    target = ""

    def close() -> None:
        nonlocal moving, steps, target
        if moving and steps:
            parts.append(f"moved {moving} {target} ({steps} step{'s' if steps != 1 else ''})")
        moving, steps, target = "", 0, ""

    giver = ""
    harvest_at: int | None = None  # where in ``parts`` the harvest (LU-R65) happened
    for step in view.steps:
        words = step.words
        if words in ("Harvest now", "End the Action Phase") or (
            harvest_at is None and step.seat == view.seat and words.startswith(_AFTER_HARVEST)
        ):
            close()
            if harvest_at is None or words == "Harvest now":
                harvest_at = len(parts)
            if words in ("Harvest now", "End the Action Phase"):
                continue
        if words in _QUIET:
            continue
        if words.startswith("Act with "):
            close()
            moving = words[len("Act with ") :]
            continue
        if words.startswith("Step ") and moving:
            steps += 1
            target = "to" + words.split(" to", 1)[1] if " to" in words else ""
            continue
        if words.startswith("Attack ") and moving:
            close_move = f"{moving} attacked {words[len('Attack ') :]}"
            close()
            parts.append(close_move)
            continue
        close()
        if words.startswith("Transfer a unit from "):
            giver = words[len("Transfer a unit from ") :]
            continue
        if words.startswith("Transfer ") and giver:
            parts.append(f"transferred {words[len('Transfer ') :]} from {giver}")
            giver = ""
            continue
        text = _past(words)
        if step.seat >= 0 and step.seat != view.seat:
            text = f"{view.name(step.seat)} {text}"
        if text.startswith(("under ", "gave it to ")) and parts:
            parts[-1] += " " + text.replace("gave it to", "to")
            continue
        parts.append(text)
    close()
    if view.seat is None:
        return _setup_summary(parts)
    harvest = _harvest_words(view, reached=harvest_at is not None)
    if harvest is None and harvest_at is not None:
        harvest = "harvested"  # the turn's tokens cannot be told apart (a rare joint plunder)
    if harvest is not None and not parts:
        return f"{view.who} ended the turn without acting ({harvest})"
    if harvest is not None:
        parts.insert(len(parts) if harvest_at is None else harvest_at, harvest)
    return f"{view.who} {_join(parts) if parts else 'ended the turn without acting'}"


# Steps of the phases after the harvest (marshaling, transfers, the turn's end, LU-R21).
_AFTER_HARVEST = ("Marshal ", "End marshaling", "Transfer ", "End the turn", "Put it under ")
_MARSHAL_PRICE = re.compile(r"^Marshal .+ for (.+?)(?: into the forming Super Army)?$")
_ONE_TOKEN = re.compile(r"^(Take|Return) one (\w+) token$")


def _harvest_words(view: TurnView, reached: bool) -> str | None:
    """What the harvest of a finished turn gained (LU-R61 … LU-R66): 'harvested 2 grass and
    1 corn' or 'harvested nothing'. Tokens are public (LU-R1): the gain is the seat's tokens
    after the turn less those before it, plus what the turn's steps paid for units (their
    prices are in their words), returned to a Trade Caravan or lost to a plunder, less what
    they took. ``None`` when the turn is not over, the seat left the game, the game ended
    before a harvest (``reached``: a step of the harvest or after it was taken), or the
    counts do not add up."""
    seat = view.seat
    if seat is None or not view.complete:
        return None
    before, after = view.before(), view.after()
    if not isinstance(before, dict) or not isinstance(after, dict):
        return None
    try:
        start = dict(before["tokens"][seat])
        end = dict(after["tokens"][seat])
        alive = bool(after["alive"][seat])
        over = after.get("phase") == "over"
    except (KeyError, IndexError, TypeError):
        return None
    if not alive or (over and not reached):
        return None
    gain = {r: int(end.get(r, 0)) - int(start.get(r, 0)) for r in start}
    for step in view.steps:
        price = _MARSHAL_PRICE.match(step.words)
        one = _ONE_TOKEN.match(step.words)
        if price and step.seat == seat:
            for part in price.group(1).split(" + "):
                count, _, resource = part.partition(" ")
                if resource not in gain or not count.isdecimal():
                    return None
                gain[resource] += int(count)
        elif one and one.group(2) in gain:
            mine = step.seat == seat
            took = one.group(1) == "Take"
            if mine:
                gain[one.group(2)] += -1 if took else 1
            elif took:  # a plunder of this seat's tokens (LU-R60)
                gain[one.group(2)] += 1
    if any(n < 0 for n in gain.values()):
        return None
    got = [f"{n} {r}" for r, n in gain.items() if n]
    return f"harvested {_join(got)}" if got else "harvested nothing"


def _setup_summary(parts: list[str]) -> str:
    """The setup: factions chosen, cards dealt, the first player, the grid, the barns."""
    tiles = [p for p in parts if " tile is turned up" in p]
    dealt = [p for p in parts if " are dealt " in p]
    rest = [p for p in parts if p not in tiles and p not in dealt]
    if dealt:
        rest.insert(0, _dealt_words(dealt))
    if tiles:
        rest.append(f"{len(tiles)} field tiles turned up")
    text = _join(rest) or "Setup"
    return text[:1].upper() + text[1:]


def _dealt_words(dealt: list[str]) -> str:
    """Deals ("Cows are dealt Rally") grouped by faction, hidden ones counted."""
    by_faction: dict[str, list[str]] = {}
    for words in dealt:
        faction, card = words.split(" are dealt ", 1)
        by_faction.setdefault(faction, []).append(card)
    groups = []
    for faction, cards in by_faction.items():
        hidden = sum(1 for c in cards if c == "a Command card")
        shown = [c for c in cards if c != "a Command card"]
        if hidden and not shown:
            groups.append(f"the {faction} are dealt {hidden} Command cards")
        else:
            groups.append(f"the {faction} are dealt {_join(shown)}")
    return "; ".join(groups)


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
