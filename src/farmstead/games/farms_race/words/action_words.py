"""Farms Race actions and chance outcomes in words, as the full position or one seat sees them.

Regions are named by their type and place ("Forest (2, 3)"); seats by their species
("Cows"). Words name what only some seats may know to those seats only (FR-16): a stolen
card's kind to the thief and the victim (FR-R49, FR-R50), a dealt Mutation and a drawn Spy card
to their receiver, a peeked token's value to Adorable. Every other action and chance outcome is
public.
"""

from __future__ import annotations

from collections.abc import Callable

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.actions import (
    ACCEPT,
    ARMORY_AT,
    ASK,
    BARN_AT,
    BUY_NUKE,
    BUY_SPY,
    CANCEL,
    COMBAT_BASE,
    CONFIRM,
    CONTINUE,
    DECLINE,
    DONE,
    END_PHASE,
    END_TURN,
    FLY_FROM,
    FLY_TO,
    GIVE,
    HEAL,
    HIT,
    KEEP,
    LAUNCH,
    MOVE_TO,
    MUTATION,
    ORDER,
    PASS,
    PAY_FOUR,
    PAY_NORMAL,
    PLACE,
    PLAY_SPY,
    REDO,
    RESOURCE,
    RETREAT,
    RETREAT_TO,
    ROUTE,
    SEAT,
    SOURCE,
    START,
    SUBMIT,
    SWAP_SPY,
    TAKE,
    TARGET,
    TRADE,
    ZOMBIE_TO,
)
from farmstead.games.farms_race.layout import (
    ACTIONS,
    AGENT_DRAW,
    BLACKMAIL_TAKE,
    DEAL_MUTATION,
    DISCARD,
    FIRST_SEAT,
    FLY_HEALTH,
    HACK,
    HEALTH_NAMES,
    LUCKY_FACE,
    NAME_WILD,
    NUKE_RESPONSE,
    PAYMENT,
    PEEK,
    REGION_TYPE_IDS,
    REVEAL,
    ROLL_ATTACKER,
    ROLL_DEFENDER,
    ROLL_RESOURCES,
    SPY_DRAW,
    SPY_OPPONENT,
    SPY_RESOURCE,
    SPY_WINDOW,
    START_CHOICE,
    START_ROLL,
    STEAL_DRAW,
    STEAL_VICTIM,
    THIEVERY,
    TRADE_PROPOSE,
)
from farmstead.games.farms_race.rules import FRRules

REGION_NAMES = {
    "fields": "Fields",
    "forest": "Forest",
    "hills": "Hills",
    "weapons_factory": "Weapons Factory",
    "power_plant": "Power Plant",
}
REGION_KINDS = frozenset(
    {START, PLACE, MOVE_TO, SOURCE, HEAL, BARN_AT, ARMORY_AT, RETREAT_TO, ROUTE}
    | {TARGET, FLY_FROM, FLY_TO, ZOMBIE_TO}
)
RESOURCE_WORDS = ("wheat", "wood", "brick", "weapons", "plutonium")
FACE_WORDS = (*RESOURCE_WORDS, "wild")


def seat_name(state: FRRules, seat: int) -> str:
    """A seat's species, capitalised (FR-1: cows, sheep, pigs, chickens by seat)."""
    return state.cfg.catalog.species[seat].capitalize()


def region_name(state: FRRules, region: int) -> str:
    """A region's type and (row, column), e.g. ``Forest (2, 3)``."""
    row, col = state.cfg.map.cells[region]
    return f"{REGION_NAMES[REGION_TYPE_IDS[state.cfg.region_type[region]]]} ({row}, {col})"


def action_to_string(state: FRRules, action: int) -> str:
    """The action (or chance outcome) in words, as the full position sees it."""
    if state.is_chance_node():
        return _chance_words(state, action, None, True)
    return _describe(state, action)


def action_to_string_for(state: FRRules, action: int, seat: int | None) -> str:
    """The action in words as ``seat`` may know it (FR-16): a stolen or blackmailed card's kind
    only for the thief and the victim (FR-R49, FR-R50), a drawn card or dealt Mutation only for
    its receiver, a peeked value only for Adorable."""
    if state.is_chance_node():
        return _chance_words(state, action, seat, False)
    if state.phase == BLACKMAIL_TAKE and seat not in (state.active, state.spy_victim):
        kind, _ = state.cfg.layout.decode(action)
        if kind == RESOURCE:
            return f"take a card from {seat_name(state, state.spy_victim)}"
    return _describe(state, action)


# --- chance outcomes ------------------------------------------------------------------------
def _roll_words(outcome: int) -> str:
    guns, heads = divmod(outcome, COMBAT_BASE)
    parts = []
    if guns:
        parts.append(f"{guns} gun{'s' if guns != 1 else ''}")
    if heads:
        parts.append(f"{heads} head{'s' if heads != 1 else ''}")
    return ", ".join(parts) or "no hits"


def _chance_words(state: FRRules, outcome: int, seat: int | None, public: bool) -> str:
    phase = state.phase
    if phase == FIRST_SEAT:
        return f"{seat_name(state, outcome)} go first"
    if phase == START_ROLL:
        return f"starting resource: {RESOURCE_WORDS[outcome]}"
    if phase == REVEAL:
        return f"the Human token shows {outcome}"
    if phase == ROLL_ATTACKER:
        return f"attacker rolls {_roll_words(outcome)}"
    if phase == ROLL_DEFENDER:
        return f"defender rolls {_roll_words(outcome)}"
    if phase == ROLL_RESOURCES:
        a, b = divmod(outcome, 6)
        return f"resource dice: {FACE_WORDS[a]} and {FACE_WORDS[b]}"
    if phase in (STEAL_DRAW, AGENT_DRAW):
        thief = state.active
        victim = state.steal_victim if phase == STEAL_DRAW else state.agent_queue[0][0]
        who = f"{seat_name(state, thief)} take from {seat_name(state, victim)}"
        if public or seat in (thief, victim):
            return f"{who}: 1 {RESOURCE_WORDS[outcome]}"
        return f"{who}: a hidden card"
    cat = state.cfg.catalog
    if phase == DEAL_MUTATION:
        receiver = state.deal_left[0]
        if public or seat == receiver:
            return f"{seat_name(state, receiver)} are dealt {cat.mutations[outcome].name}"
        return f"{seat_name(state, receiver)} are dealt a Mutation face down"
    if phase == PEEK:
        region = state._peek_region()
        owner = state.owner[region]
        if public or seat == owner:
            return f"the token in {region_name(state, region)} shows {outcome} (peeked)"
        return f"{seat_name(state, owner)} peek at the token in {region_name(state, region)}"
    if phase == SPY_DRAW:
        buyer = state.active
        if public or seat == buyer:
            return f"{seat_name(state, buyer)} draw {cat.spies[outcome].name}"
        return f"{seat_name(state, buyer)} draw a Spy card"
    raise IllegalActionError(f"no chance event in phase {phase}")


# --- decisions ------------------------------------------------------------------------------
def _describe(state: FRRules, action: int) -> str:
    """A decision in words: a region's action names the region, an action with an argument
    names it (a card, a resource, a seat, …), the others read by the phase they are taken
    in."""
    kind, arg = state.cfg.layout.decode(action)
    if kind in REGION_KINDS:
        return _REGION_WORDS[kind].format(place=region_name(state, arg))
    words = _ARGUMENT_WORDS.get(kind)
    if words is not None:
        return words(state, arg)
    return _bare_words(kind, state.phase)


# The actions on a region, with ``{place}`` for its name.
_REGION_WORDS = {
    START: "start in {place}",
    PLACE: "place a new herd at the building in {place}",
    MOVE_TO: "move into {place}",
    SOURCE: "take herds from {place}",
    HEAL: "heal an injured herd in {place}",
    BARN_AT: "build a Barn in {place}",
    ARMORY_AT: "upgrade the Barn in {place} to an Armory",
    RETREAT_TO: "retreat to {place}",
    ROUTE: "send a retreating herd back to {place}",
    TARGET: "nuke {place}",
    FLY_FROM: "fly a herd from {place}",
    FLY_TO: "fly the herd to {place}",
    ZOMBIE_TO: "the herd retreats to {place} at 1 HP instead of dying",
}


def _mutation_words(state: FRRules, arg: int) -> str:
    return f"choose the Mutation {state.cfg.catalog.mutations[arg].name}"


def _spy_words(state: FRRules, arg: int) -> str:
    card = state.cfg.catalog.spies[arg]
    return f"reveal {card.name}" if card.kind == "vp" else f"play {card.name}"


def _launch_words(state: FRRules, arg: int) -> str:
    back = " back" if state.phase == NUKE_RESPONSE else ""
    return (
        f"nuke{back} with a ready Nuke token",
        f"build a Nuke and nuke{back} with it",
        f"nuke{back} with a Pocket Nuke",
    )[arg]


def _pay_four_words(state: FRRules, arg: int) -> str:
    return f"pay with 4 {RESOURCE_WORDS[arg]}"


def _order_words(state: FRRules, arg: int) -> str:
    return ("North Korean's nuke first", "the steal first")[arg]


def _give_words(state: FRRules, arg: int) -> str:
    return f"offer 1 {RESOURCE_WORDS[arg]}"


def _ask_words(state: FRRules, arg: int) -> str:
    return f"ask for 1 {RESOURCE_WORDS[arg]}"


def _take_words(state: FRRules, arg: int) -> str:
    if state.phase == FLY_HEALTH:
        return f"fly one {HEALTH_NAMES[arg]} herd"
    return f"add one {HEALTH_NAMES[arg]} herd"


def _hit_words(state: FRRules, arg: int) -> str:
    return (
        "a damage point injures a healthy herd",
        "a damage point kills an injured herd",
        "a damage point kills a human",
    )[arg]


def _trade_words(state: FRRules, arg: int) -> str:
    give, take = divmod(arg, 5)
    return (
        f"trade {state.cfg.trade_rate} {RESOURCE_WORDS[give]} to the Supply for 1 "
        f"{RESOURCE_WORDS[take]}"
    )


# A resource chosen, by the phase it is chosen in, with ``{word}`` for its name.
_RESOURCE_CHOICES = {
    NAME_WILD: "name {word} for the wild face",
    DISCARD: "discard 1 {word}",
    START_CHOICE: "take {word} as a starting resource",
    LUCKY_FACE: "choose {word} for a resource die",
    BLACKMAIL_TAKE: "take 1 {word}",
    PAYMENT: "pay 1 {word}",
}


def _resource_words(state: FRRules, arg: int) -> str:
    word = RESOURCE_WORDS[arg]
    phase = state.phase
    choice = _RESOURCE_CHOICES.get(phase)
    if choice is not None:
        return choice.format(word=word)
    if phase == SPY_RESOURCE:
        if state.spy_play == THIEVERY:
            return f"take 3 {word} from the Supply"
        return f"name {word}: every other player holding some gives you 1"
    return word


def _seat_words(state: FRRules, arg: int) -> str:
    name = seat_name(state, arg)
    if state.phase == STEAL_VICTIM:
        return f"steal a random card from {name}"
    if state.phase == SPY_OPPONENT:
        return f"blackmail {name}"
    return f"propose a trade to {name}"


# The actions with an argument besides a region, by kind.
_ARGUMENT_WORDS: dict[int, Callable[[FRRules, int], str]] = {
    MUTATION: _mutation_words,
    PLAY_SPY: _spy_words,
    LAUNCH: _launch_words,
    PAY_FOUR: _pay_four_words,
    ORDER: _order_words,
    GIVE: _give_words,
    ASK: _ask_words,
    TAKE: _take_words,
    HIT: _hit_words,
    TRADE: _trade_words,
    RESOURCE: _resource_words,
    SEAT: _seat_words,
}

# The actions without an argument that read the same in every phase.
_FIXED_WORDS = {
    END_TURN: "end the turn",
    CONTINUE: "fight on",
    RETREAT: "retreat",
    KEEP: "keep this first turn",
    REDO: "replay this first turn",
    BUY_SPY: "buy a Spy",
    BUY_NUKE: "build a Nuke",
    PAY_NORMAL: "pay the normal cost",
    SWAP_SPY: "swap the card for a new Spy",
    SUBMIT: "submit the proposal",
    ACCEPT: "accept the trade",
    DECLINE: "decline the trade",
    CONFIRM: "confirm the move",
}
_PASS_WORDS = {
    STEAL_VICTIM: "do not steal",
    SPY_WINDOW: "play no more Spies now",
    HACK: "do not play Hacking",
    NUKE_RESPONSE: "do not nuke back",
}
_CANCEL_WORDS = {
    PAYMENT: "cancel the build",
    TRADE_PROPOSE: "withdraw the proposal",
}


def _bare_words(kind: int, phase: int) -> str:
    """An action without an argument, in words for the phase it is taken in."""
    if kind == PASS:
        return _PASS_WORDS.get(phase, "pass")
    if kind == CANCEL:
        return _CANCEL_WORDS.get(phase, "cancel the move")
    if kind == DONE:
        return "take no more cards" if phase == BLACKMAIL_TAKE else "done flying"
    if kind == END_PHASE:
        return "end the Actions phase and roll" if phase == ACTIONS else "end the phase"
    return _FIXED_WORDS[kind]
