"""Farms Race actions in words and as JSON, for people and for clients.

Regions are named by their type and place ("Forest (2, 3)"); seats by their species
("Cows"). Words name what only some seats may know to those seats only (FR-16): a stolen
card's kind to the thief and the victim (FR-R49, FR-R50), a dealt Mutation and a drawn Spy card
to their receiver, a peeked token's value to Adorable. Every other action and chance outcome is
public.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import JSON
from farmstead.core.registry import ScoreRow, ScoreSheet
from farmstead.core.turns import TurnView
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
    KIND_NAMES,
    LAUNCH,
    MOVE_TO,
    MUTATION,
    NUKE_SOURCES,
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
    RESOURCE_IDS,
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
    WILD,
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


def _describe(state: FRRules, action: int) -> str:
    kind, arg = state.cfg.layout.decode(action)
    phase = state.phase
    if kind in REGION_KINDS:
        place = region_name(state, arg)
        return {
            START: f"start in {place}",
            PLACE: f"place a new herd at the building in {place}",
            MOVE_TO: f"move into {place}",
            SOURCE: f"take herds from {place}",
            HEAL: f"heal an injured herd in {place}",
            BARN_AT: f"build a Barn in {place}",
            ARMORY_AT: f"upgrade the Barn in {place} to an Armory",
            RETREAT_TO: f"retreat to {place}",
            ROUTE: f"send a retreating herd back to {place}",
            TARGET: f"nuke {place}",
            FLY_FROM: f"fly a herd from {place}",
            FLY_TO: f"fly the herd to {place}",
            ZOMBIE_TO: f"the herd retreats to {place} at 1 HP instead of dying",
        }[kind]
    cat = state.cfg.catalog
    if kind == MUTATION:
        return f"choose the Mutation {cat.mutations[arg].name}"
    if kind == PLAY_SPY:
        card = cat.spies[arg]
        return f"reveal {card.name}" if card.kind == "vp" else f"play {card.name}"
    if kind == LAUNCH:
        back = " back" if phase == NUKE_RESPONSE else ""
        return (
            f"nuke{back} with a ready Nuke token",
            f"build a Nuke and nuke{back} with it",
            f"nuke{back} with a Pocket Nuke",
        )[arg]
    if kind == PAY_FOUR:
        return f"pay with 4 {RESOURCE_WORDS[arg]}"
    if kind == ORDER:
        return ("North Korean's nuke first", "the steal first")[arg]
    if kind == GIVE:
        return f"offer 1 {RESOURCE_WORDS[arg]}"
    if kind == ASK:
        return f"ask for 1 {RESOURCE_WORDS[arg]}"
    if kind == TAKE:
        if phase == FLY_HEALTH:
            return f"fly one {HEALTH_NAMES[arg]} herd"
        return f"add one {HEALTH_NAMES[arg]} herd"
    if kind == HIT:
        return (
            "a damage point injures a healthy herd",
            "a damage point kills an injured herd",
            "a damage point kills a human",
        )[arg]
    if kind == TRADE:
        give, take = divmod(arg, 5)
        return (
            f"trade {state.cfg.trade_rate} {RESOURCE_WORDS[give]} to the Supply for 1 "
            f"{RESOURCE_WORDS[take]}"
        )
    if kind == RESOURCE:
        word = RESOURCE_WORDS[arg]
        if phase == NAME_WILD:
            return f"name {word} for the wild face"
        if phase == DISCARD:
            return f"discard 1 {word}"
        if phase == START_CHOICE:
            return f"take {word} as a starting resource"
        if phase == LUCKY_FACE:
            return f"choose {word} for a resource die"
        if phase == BLACKMAIL_TAKE:
            return f"take 1 {word}"
        if phase == PAYMENT:
            return f"pay 1 {word}"
        if phase == SPY_RESOURCE:
            if state.spy_play == THIEVERY:
                return f"take 3 {word} from the Supply"
            return f"name {word}: every other player holding some gives you 1"
        return word
    if kind == SEAT:
        name = seat_name(state, arg)
        if phase == STEAL_VICTIM:
            return f"steal a random card from {name}"
        if phase == SPY_OPPONENT:
            return f"blackmail {name}"
        return f"propose a trade to {name}"
    if kind == PASS:
        return {
            STEAL_VICTIM: "do not steal",
            SPY_WINDOW: "play no more Spies now",
            HACK: "do not play Hacking",
            NUKE_RESPONSE: "do not nuke back",
        }.get(phase, "pass")
    if kind == CANCEL:
        return {
            PAYMENT: "cancel the build",
            TRADE_PROPOSE: "withdraw the proposal",
        }.get(phase, "cancel the move")
    if kind == DONE:
        return "take no more cards" if phase == BLACKMAIL_TAKE else "done flying"
    simple = {
        CONFIRM: "confirm the move",
        END_PHASE: "end the Actions phase and roll" if phase == ACTIONS else "end the phase",
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
    }
    return simple[kind]


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


def action_to_json(state: FRRules, action: int) -> JSON:
    """The action as JSON: its kind and arguments by name."""
    if state.is_chance_node():
        return {"type": "CHANCE", "outcome": action}
    kind, arg = state.cfg.layout.decode(action)
    doc: dict[str, Any] = {"type": KIND_NAMES[kind]}
    if kind in REGION_KINDS:
        doc["region"] = arg
    elif kind == MUTATION:
        doc["mutation"] = state.cfg.catalog.mutations[arg].id
    elif kind == PLAY_SPY:
        doc["card"] = state.cfg.catalog.spies[arg].id
    elif kind == LAUNCH:
        doc["source"] = NUKE_SOURCES[arg]
    elif kind in (PAY_FOUR, GIVE, ASK):
        doc["resource"] = RESOURCE_IDS[arg]
    elif kind == ORDER:
        doc["first"] = ("north_korean", "stealing")[arg]
    elif kind == TAKE:
        doc["health"] = HEALTH_NAMES[arg]
    elif kind == HIT:
        doc["target"] = ("healthy", "injured", "human")[arg]
    elif kind == TRADE:
        give, take = divmod(arg, 5)
        doc["give"] = RESOURCE_IDS[give]
        doc["take"] = RESOURCE_IDS[take]
    elif kind == RESOURCE:
        doc["resource"] = RESOURCE_IDS[arg]
    elif kind == SEAT:
        doc["seat"] = arg
    return doc


def action_from_json(state: FRRules, doc: Any) -> int:
    """The legal action ``doc`` (as ``action_to_json`` writes it) names;
    ``IllegalActionError`` when it names none."""
    if not isinstance(doc, dict):
        raise IllegalActionError(f"an action must be a JSON object, got {type(doc).__name__}")
    if state.is_chance_node():
        outcome = doc.get("outcome")
        if doc.get("type") == "CHANCE" and type(outcome) is int and state.is_legal(outcome):
            return outcome
    else:
        for action in state.legal_actions():
            if action_to_json(state, action) == doc:
                return action
    raise IllegalActionError(f"{doc!r} is not a legal action now")


__all__ = [
    "action_from_json",
    "action_to_json",
    "action_to_string",
    "action_to_string_for",
    "region_name",
    "seat_name",
    "WILD",
]


# --- turns in words (core.turns) ---------------------------------------------------------
_QUIET_PREFIXES = (
    "end the ",
    "pass",
    "fight on",
    "take herds from",
    "add one ",
    "fly one ",
    "play no more Spies",
    "do not ",
    "done flying",
    "take no more cards",
    "keep this first turn",
    "pay the normal cost",
)
# Imperative openings of step words and their past tense.
_PAST = (
    ("start in ", "started in "),
    ("choose the Mutation ", "chose "),
    ("place a new herd at ", "placed a new herd at "),
    ("heal an injured herd in ", "healed a herd in "),
    ("build a Barn in ", "built a Barn in "),
    ("upgrade the Barn in ", "upgraded the Barn in "),
    ("trade ", "traded "),
    ("name ", "named "),
    ("choose ", "chose "),
    ("discard ", "discarded "),
    ("retreat to ", "retreated to "),
    ("retreat", "retreated"),
    ("send a retreating herd back to ", "sent a herd back to "),
    ("steal a random card from ", "stole from "),
    ("buy a Spy", "bought a Spy"),
    ("build a Nuke and nuke back with it", "built a Nuke and nuked back"),
    ("build a Nuke", "built a Nuke"),
    ("nuke back with ", "nuked back with "),
    ("nuke with ", "launched with "),
    ("nuke ", "nuked "),
    ("play ", "played "),
    ("reveal ", "revealed "),
    ("swap the card", "swapped a card"),
    ("blackmail ", "blackmailed "),
    ("take 3 ", "took 3 "),
    ("take 1 ", "took 1 "),
    ("take a card from ", "took a card from "),
    ("propose a trade to ", "proposed a trade to "),
    ("accept the trade", "accepted the trade"),
    ("decline the trade", "declined the trade"),
    ("pay with 4 ", "paid with 4 "),
    ("pay 1 ", "paid 1 "),
    ("replay this first turn", "took the first turn again"),
    ("a damage point ", "a damage point "),
)


def _past(words: str) -> str:
    for imperative, past in _PAST:
        if words.startswith(imperative):
            return past + words[len(imperative) :]
    return words


_BUILDS = ("build a Barn in ", "upgrade the Barn in ", "buy a Spy", "build a Nuke")
_PAYING = ("pay 1 ", "pay with 4 ", "pay the normal cost")
_IN_COMBAT = (
    "attacker rolls ",
    "defender rolls ",
    "a damage point ",
    "fight on",
    "retreat",
    "send a retreating herd back to ",
    "the herd retreats to ",
    "play Field Hospital",
    "play no more Spies",
    "the Human token shows ",
)


def _region_index(view: TurnView) -> dict[str, int]:
    """Each region's name in words (``region_name``) to its index, from the observation."""
    obs: Any = view.before()
    out: dict[str, int] = {}
    for r, ((row, col), kind) in enumerate(zip(obs["cells"], obs["types"], strict=True)):
        out[f"{REGION_NAMES[kind]} ({row}, {col})"] = r
    return out


class _Combat:
    """One combat of a turn, followed through its steps' words: where, who attacked with how
    many herds, how many humans stood there, the rounds fought, retreats and zombie escapes."""

    def __init__(self, place: str, seat: int, herds: int, humans: int | None) -> None:
        self.place = place
        self.seat = seat
        self.herds = herds
        self.humans = humans
        self.rounds = 0
        self.retreated = False
        self.defender_retreated = False
        self.escaped = {True: 0, False: 0}  # zombie escapes: attacker's, defender's
        self.moved_in_later = False


def _humans_on(region: Any) -> int | None:
    token = region["token"]
    return token if isinstance(token, int) else None


def _combat_outcome(fight: _Combat, view: TurnView, label: Callable[[int], str]) -> str:
    """A combat's outcome in words: who won and what each side lost, from the observations at
    the turn's start and after its last step (what every seat may know)."""
    index = _region_index(view).get(fight.place)
    rounds = f"{fight.rounds} round{'s' if fight.rounds != 1 else ''}"
    if index is None:
        return f"fought in {fight.place} for {rounds}"
    before: Any = view.before()["regions"][index]
    after_obs: Any = view.after()
    after = after_obs["regions"][index]
    combat = after_obs.get("combat")
    if combat is not None and combat.get("region") == index:
        return f"the combat in {fight.place} goes on after {rounds}"
    defender = before["owner"]
    defending = before["healthy"] + before["injured"] + before["healthy_acted"]
    defending += before["injured_acted"]
    humans = fight.humans if fight.humans is not None else _humans_on(before)
    standing = _humans_on(after) or 0
    losses = []
    won = after["owner"] == fight.seat and not fight.retreated
    if won and not fight.moved_in_later:
        here = after["healthy"] + after["injured"] + after["healthy_acted"] + after["injured_acted"]
        lost = fight.herds - here - fight.escaped[True]
        losses.append(f"{lost} herd{'s' if lost != 1 else ''} lost" if lost else "no herd lost")
    elif not won and not fight.retreated:
        lost = fight.herds - fight.escaped[True]
        losses.append(f"{lost} herd{'s' if lost != 1 else ''} lost")
    if defender is not None and defender != fight.seat and defending:
        if won:
            gone = defending - fight.escaped[False]
        else:
            held = after["healthy"] + after["injured"] + after["healthy_acted"]
            gone = defending - (held + after["injured_acted"] if after["owner"] == defender else 0)
        if fight.defender_retreated:
            losses.append(f"{label(defender)} retreated")
        else:
            losses.append(f"{label(defender)} lost {gone} herd{'s' if gone != 1 else ''}")
    if humans:
        killed = humans - standing
        losses.append(f"{killed} of {humans} human{'s' if humans != 1 else ''} killed")
    if fight.retreated:
        outcome = f"retreated from {fight.place} after {rounds}"
    elif won:
        outcome = f"won {fight.place} after {rounds}"
    else:
        outcome = f"lost the fight for {fight.place} after {rounds}"
    return outcome + (f" ({', '.join(losses)})" if losses else "")


def turn_summary(view: TurnView) -> str:
    """A Farms Race turn in one sentence, from the steps' words as the viewer may read them (so
    hidden cards, draws and steals stay hidden, FR-16): a move's steps become "moved 3 herds
    into …", a combat its outcome ("won … after 2 rounds (… lost 1 herd, 3 of 3 humans
    killed)"), a trade proposal one phrase with what it offers and asks (a withdrawn one
    nothing), a cancelled build nothing, repeated steps are counted, closing and passing steps
    are left out; steps of other seats are named, and so is the turn's seat after them. Each
    player is named one way, their seat's name with their species ("Bot 3 (Sheep)"), in the
    steps' words too."""
    label, species_words = _seat_labels(view)
    events: list[tuple[str | _Combat, int]] = []  # (words or a combat, seat); merged at the end
    move_to = ""
    herds = 0
    moved: tuple[str, int, int] | None = None  # the last confirmed move: place, herds, seat
    humans: int | None = None  # a Human token revealed for the move's combat
    fight: _Combat | None = None
    building: int | None = None  # where the build being paid for sits in ``events``
    proposal = ""
    give: dict[str, int] = {}
    ask: dict[str, int] = {}

    def close_fight() -> None:
        nonlocal fight
        if fight is not None:
            events.append((fight, fight.seat))
            fight = None

    for step in view.steps:
        words = species_words(step.words)
        if fight is not None and not words.startswith(_IN_COMBAT):
            close_fight()
        if words.startswith("the Human token shows ") and moved is not None:
            humans = int(words.rsplit(" ", 1)[1])
            continue
        if words.startswith("attacker rolls ") and moved is not None and fight is None:
            fight = _Combat(moved[0], moved[2], moved[1], humans)
        if not words.startswith("confirm the move"):
            moved, humans = None, None
        if fight is not None:
            if words.startswith("attacker rolls "):
                fight.rounds += 1
            elif words == "retreat" and step.seat == fight.seat:
                fight.retreated = True
            elif words.startswith("retreat to ") and step.seat != fight.seat:
                fight.defender_retreated = True
            elif words.startswith("the herd retreats to "):
                fight.escaped[step.seat == fight.seat] += 1
            elif words.startswith("play "):
                events.append((_past(words), step.seat))
            continue
        if words.startswith(_BUILDS):
            building = len(events)
        elif building is not None and not words.startswith((*_PAYING, "cancel the build")):
            building = None
        if words.startswith("move into "):
            move_to, herds = words[len("move into ") :], 0
            for event, _ in events:
                if isinstance(event, _Combat) and event.place == move_to:
                    event.moved_in_later = True  # its survivors are no longer counted alone
        elif words.startswith("add one ") and move_to:
            herds += 1
        elif words == "confirm the move" and move_to:
            events.append(
                (f"moved {herds} herd{'s' if herds != 1 else ''} into {move_to}", step.seat)
            )
            moved, humans = (move_to, herds, step.seat), None
            move_to = ""
        elif words == "cancel the move":
            move_to = ""
        elif words == "cancel the build":
            if building is not None:
                del events[building:]  # the build and what was paid: nothing happened
            building = None
        elif words.startswith("propose a trade to "):
            proposal, give, ask = words[len("propose a trade to ") :], {}, {}
        elif words.startswith(("offer 1 ", "ask for 1 ")) and proposal:
            counts = give if words.startswith("offer") else ask
            kind = words.rsplit(" ", 1)[1]
            counts[kind] = counts.get(kind, 0) + 1
        elif words == "submit the proposal" and proposal:
            offered = ", ".join(f"{n} {k}" for k, n in give.items()) or "nothing"
            asked = ", ".join(f"{n} {k}" for k, n in ask.items()) or "nothing"
            events.append((f"offered {proposal} {offered} for {asked}", step.seat))
            proposal = ""
        elif words == "withdraw the proposal":
            proposal = ""
        elif words.startswith("resource dice: "):
            events.append(("rolled " + words[len("resource dice: ") :], step.seat))
        elif not words.startswith(_QUIET_PREFIXES):
            events.append((_past(words), step.seat))
    close_fight()

    parts: list[str] = []
    last = [view.seat]  # who took the step last put in words
    for event, seat in events:
        text = _combat_outcome(event, view, label) if isinstance(event, _Combat) else event
        # Another seat's step names its player; so does the turn's own seat after another's.
        if seat >= 0 and (seat != view.seat or last[0] != view.seat):
            text = f"{label(seat)} {text}"
        if seat >= 0:
            last[0] = seat
        if parts and (parts[-1] == text or parts[-1].startswith(text + " ×")):
            head, _, times = parts[-1].partition(" ×")
            parts[-1] = f"{head} ×{int(times or 1) + 1}"
            continue
        parts.append(text)
    if view.seat is None:
        return "Setup: " + ("; ".join(parts) if parts else "nothing yet")
    return f"{label(view.seat)} " + ("; ".join(parts) if parts else "passed the turn")


# A seat named at the start of chance words, with the verb agreeing with the species
# ("Sheep go first"); once named as one player ("Bot 2 (Sheep)") it takes the singular.
_SINGULAR = (
    (" go first", " goes first"),
    (" take from ", " takes from "),
    (" are dealt ", " is dealt "),
    (" peek at ", " peeks at "),
    (" draw ", " draws "),
)


def player_label(name: str, species: str) -> str:
    """A player as people read them everywhere: the seat's name with its species, e.g.
    ``Bot 3 (Sheep)`` (just the species when the seat is named after it)."""
    if name in ("", species) or name.endswith(f"({species})"):
        return name or species
    return f"{name} ({species})"


def seat_labels(game: Any, names: Sequence[str]) -> list[str]:
    """Every seat as ``player_label`` names it (``Bot 3 (Sheep)``), for the match page: the
    log's steps, the status line and the result name players as the board does."""
    config = getattr(game, "config", None)
    species = [s.capitalize() for s in config.catalog.species] if config is not None else []
    return [
        player_label(name, species[seat]) if seat < len(species) else name
        for seat, name in enumerate(names)
    ]


def _seat_labels(view: TurnView) -> tuple[Callable[[int], str], Callable[[str], str]]:
    """``label(seat)``: the seat as ``player_label`` names it; ``words(text)``: step words
    with each species that names a seat replaced by that seat's label."""
    config = getattr(view.game, "config", None)
    species = (
        [s.capitalize() for s in config.catalog.species[: len(view.names)]]
        if config is not None
        else []
    )

    def label(seat: int) -> str:
        if 0 <= seat < len(species):
            return player_label(view.name(seat), species[seat])
        return view.name(seat)

    pattern = (
        re.compile(r"\b(" + "|".join(re.escape(s) for s in species) + r")\b") if species else None
    )

    def words(text: str) -> str:
        if pattern is None:
            return text

        def named(m: re.Match[str]) -> str:
            return label(species.index(m.group(1)))

        first = pattern.match(text)
        if first is None:
            return pattern.sub(named, text)
        rest = text[first.end() :]
        for plural, singular in _SINGULAR:
            if rest.startswith(plural):
                rest = singular + rest[len(plural) :]
                break
        return named(first) + pattern.sub(named, rest)

    return label, words


def score_sheet(state: FRRules, names: Sequence[str]) -> ScoreSheet:
    """The VP race at the end (FR-12): each seat's visible VP by source, its hidden VP Spies
    (shown once the game is over, FR-16), and how the game ended — the target reached, the last
    player standing (FR-R53) or the round limit (FR-R54, hidden VP Spies counted)."""
    c = state.cfg
    n = c.players
    seats = range(n)
    barns = [c.barns - state.barns_left[s] for s in seats]
    armories = [c.armories - state.armories_left[s] for s in seats]
    revealed = [state.revealed[s].bit_count() for s in seats]
    hidden = [state.hidden_vp(s) for s in seats]
    rows = (
        ScoreRow("Barns (1 VP each)", tuple(str(barns[s]) for s in seats)),
        ScoreRow("Armories (2 VP each)", tuple(str(armories[s]) for s in seats)),
        ScoreRow("VP tokens (conquests)", tuple(str(state.vp_tokens[s]) for s in seats)),
        ScoreRow("Nukiest Award", tuple("1" if state.nukiest == s else "" for s in seats)),
        ScoreRow("Revealed VP Spies", tuple(str(revealed[s]) for s in seats)),
        ScoreRow("Hidden VP Spies", tuple(str(hidden[s]) for s in seats)),
        ScoreRow(
            "Still in the game", tuple("yes" if state.alive(s) else "eliminated" for s in seats)
        ),
    )
    scores = tuple(f"{state.visible_vp(s)} VP" for s in seats)
    winners = list(state.winners)
    who = " and ".join(names[s] for s in winners)
    alive = [s for s in seats if state.alive(s)]
    if len(alive) == 1 and winners == alive:
        summary = f"{who} won: the last player standing."
    elif any(state.visible_vp(s) >= c.target_vp for s in winners):
        summary = f"{who} won, reaching {c.target_vp} VP."
    else:
        share = " share the win" if len(winners) > 1 else " won"
        summary = (
            f"{who}{share} at the round limit ({c.max_rounds} rounds) with the most VP, hidden "
            "VP Spies counted (a proposed rule)."
        )
    return ScoreSheet(scores, summary, rows)
