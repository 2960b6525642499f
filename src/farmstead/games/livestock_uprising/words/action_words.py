"""Livestock Uprising actions and chance outcomes in words, as the full position or one seat
sees them, and the phase in words.

A Command card dealt, a Battle Plans card drawn and the card Espionage removes are named only
to the seats that may know them (LU-R2, LU-R5); everyone else reads that a card was dealt,
drawn or removed.
"""

from __future__ import annotations

from collections.abc import Callable

from farmstead.core.errors import IllegalActionError
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
    PLUNDER,
    ROLL,
    TRANSFER,
    TRANSFER_TARGET,
    TRANSFER_UNIT,
)
from farmstead.games.livestock_uprising.rules import LURules
from farmstead.games.livestock_uprising.words.cards import card_short
from farmstead.games.livestock_uprising.words.names import (
    card_name,
    cell_words,
    faction_name,
    piece_words,
    unit_name,
)

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


def phase_words(state: LURules) -> str:
    """The phase in words ('Marshaling Phase: buy units'); a card being played is named."""
    if state.phase == CARD_TARGET and state.card is not None:
        return f"playing {card_name(state, state.card.card)}"
    return PHASE_WORDS[state.phase] if 0 <= state.phase < len(PHASE_WORDS) else "playing"


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


def action_to_string(state: LURules, action: int) -> str:
    """The action (or chance outcome) in words, for an id inside the action space."""
    if state.phase in CHANCE_PHASES:
        return _chance_words(state, action, full=True)
    kind, arg = state.cfg.layout.decode(action)
    words = _KIND_WORDS.get(kind)
    if words is None:
        raise IllegalActionError(f"no words for action {action}")
    return words(state, arg)


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
            spy, spied = faction_name(state, c.seat), faction_name(state, victim)
            return f"The {spy} make the {spied} discard a Command card"
    return action_to_string(state, action)


# --- decisions, by kind: each takes the state and the action's argument ---------------------
def _decider(state: LURules) -> int:
    """The seat deciding now: the decider of an out-of-turn choice, else the active seat."""
    return state.decider if state.decider != NO else state.active


def _faction_words(state: LURules, arg: int) -> str:
    faction = state.cfg.catalog.factions[arg]
    return f"Lead the {faction.name} ({faction.barn_colour} barn)"


def _cell_words(state: LURules, arg: int) -> str:
    if state.card is not None:
        effect = state.card.effect
        if effect == "SCORCHED_EARTH":
            return f"Scorch the {_tile_words(state, arg)} at {cell_words(state, arg)}"
        return f"Airlift it to {cell_words(state, arg)}"
    return f"Place the barn at {cell_words(state, arg)}"


def _tile_words(state: LURules, cell: int) -> str:
    tile = state.tiles[cell]
    return state.cfg.catalog.tile_types[tile] if 0 <= tile < 100 else "tile"


# A piece chosen, by the phase it is chosen in, with ``{who}`` for the piece.
_PIECE_CHOICES = {
    MARSHAL_TARGET: "Put it under {who}",
    TRANSFER: "Transfer a unit from {who}",
    TRANSFER_TARGET: "Give it to {who}",
    AMBUSH: "Ambush with {who}",
}


def _piece_words(state: LURules, arg: int) -> str:
    who = piece_words(state, _decider(state), arg)
    phase = state.phase
    choice = _PIECE_CHOICES.get(phase)
    if choice is not None:
        return choice.format(who=who)
    if phase == CARD_TARGET and state.card is not None:
        return f"Choose {who}"
    return f"Act with {who}"


def _form_words(state: LURules, arg: int) -> str:
    return "Form the Super Army"


def _end_words(state: LURules, arg: int) -> str:
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


def _step_words(state: LURules, d: int) -> str:
    return _move_words(state, act.STEP, d)


def _fly_words(state: LURules, d: int) -> str:
    return _move_words(state, act.FLY, d)


def _move_words(state: LURules, kind: int, d: int) -> str:
    turn = state.turn
    seat = state.active
    if turn is None or turn.piece == NO:
        battle = state.battle
        if battle is not None:  # Egg Bomber's step
            return f"Step {DIRECTION_WORDS[d]} ({DIRECTION_NAMES[d]})"
        return f"Step {DIRECTION_WORDS[d]}"
    pid = 4 * seat + turn.piece
    target = state.cfg.neighbours[state.piece_cell[pid]][d]
    where = cell_words(state, target) if target != NO else "off the board"
    if kind == act.FLY:
        return f"Fly {DIRECTION_WORDS[d]} over {where}"
    other = state.cell_piece[target] if target != NO else NO
    if other != NO and other // 4 != seat:
        return f"Attack {piece_words(state, other // 4, other % 4)} to the {DIRECTION_WORDS[d]}"
    return f"Step {DIRECTION_WORDS[d]} to {where}"


def _stop_words(state: LURules, arg: int) -> str:
    return "Stop here"


def _play_words(state: LURules, arg: int) -> str:
    card = state.card
    if state.phase == CARD_TARGET and card is not None and card.effect == "ESPIONAGE":
        return f"Make them discard {card_name(state, arg)}"
    return f"Play {card_name(state, arg)}"


def _pass_words(state: LURules, arg: int) -> str:
    return {
        AMBUSH: "Let it pass",
        PLUNDER: "Take no more tokens",
        JOIN: "Stay out of the attack",
    }.get(state.phase, "Play no card")


def _join_words(state: LURules, arg: int) -> str:
    return "Join the attack with your Super Army"


def _spy_words(state: LURules, arg: int) -> str:
    return f"Spy on the {faction_name(state, arg)}"


def _resource_words(state: LURules, r: int) -> str:
    name = state.cfg.catalog.resources[r]
    c = state.card
    if c is not None:
        if c.effect == "REINFORCEMENTS":
            return f"Waive one {name} token"
        if c.effect == "TRADE_CARAVAN":
            return f"Take one {name} token" if c.stage == 1 else f"Return one {name} token"
    return f"Take one {name} token"


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


def _member_words(state: LURules, arg: int) -> str:
    g, unit = divmod(arg, state.cfg.layout.units)
    battle = state.battle
    owner = battle.defenders[0] // 4 if battle is not None else state.decider
    return f"Lose {unit_name(state, unit)} of {piece_words(state, owner, g)}"


def _marshal_words(state: LURules, arg: int) -> str:
    cat = state.cfg.catalog
    recruit = cat.units[arg]
    phase = state.phase
    if phase == CARD_TARGET:
        return f"Conscript {recruit.name} for free"
    cost = state.marshal_cost(_decider(state), arg)
    price = " + ".join(f"{k} {r}" for r, k in zip(cat.resources, cost, strict=True) if k)
    where = " into the forming Super Army" if phase == FORMING else ""
    return f"Marshal {recruit.name} ({recruit.atk}/{recruit.defence}) for {price}{where}"


def _retreat_words(state: LURules, arg: int) -> str:
    return f"Retreat {DIRECTION_WORDS[arg]}"


def _die_words(state: LURules, arg: int) -> str:
    return f"Die {arg + 1}" + (" (set it aside)" if state.phase == KEEP else " (reroll it)")


_KIND_WORDS: dict[int, Callable[[LURules, int], str]] = {
    act.FACTION: _faction_words,
    act.CELL: _cell_words,
    act.PIECE: _piece_words,
    act.FORM: _form_words,
    act.END: _end_words,
    act.STEP: _step_words,
    act.FLY: _fly_words,
    act.STOP: _stop_words,
    act.PLAY: _play_words,
    act.PASS: _pass_words,
    act.JOIN: _join_words,
    act.SEAT: _spy_words,
    act.RESOURCE: _resource_words,
    act.UNIT: _unit_words,
    act.MEMBER: _member_words,
    act.MARSHAL: _marshal_words,
    act.RETREAT: _retreat_words,
    act.DIE: _die_words,
}


# --- chance outcomes ------------------------------------------------------------------------
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
