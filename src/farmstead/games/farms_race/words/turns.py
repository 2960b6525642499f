"""A Farms Race turn in one sentence (``core.turns``), from its steps' words as the viewer may
read them: moves, combats with their outcome, trade proposals and builds become one phrase
each, repeated steps are counted, closing and passing steps are left out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from farmstead.core.turns import TurnView
from farmstead.games.farms_race.words.action_words import REGION_NAMES
from farmstead.games.farms_race.words.labels import turn_labels

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

    def read(self, words: str, seat: int) -> str | None:
        """Follow one step of the combat taken by ``seat``; the words of a step that stands on
        its own in the turn's sentence (a Spy played during the combat), else ``None``."""
        if words.startswith("attacker rolls "):
            self.rounds += 1
        elif words == "retreat" and seat == self.seat:
            self.retreated = True
        elif words.startswith("retreat to ") and seat != self.seat:
            self.defender_retreated = True
        elif words.startswith("the herd retreats to "):
            self.escaped[seat == self.seat] += 1
        elif words.startswith("play "):
            return _past(words)
        return None


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


class _TurnEvents:
    """The events of one turn, read from its steps' words in order: each a phrase (in the past
    tense) or a combat, with the seat that took it (``-1``: chance).

    A move's steps become one phrase once confirmed ("moved 3 herds into …"); a combat follows
    the move that declared it; a build and what paid for it vanish when the build is
    cancelled; a trade proposal becomes one phrase once submitted, nothing when withdrawn."""

    def __init__(self) -> None:
        self.events: list[tuple[str | _Combat, int]] = []
        self.move_to = ""  # the region of the move being assembled
        self.herds = 0  # herds added to that move
        # the last confirmed move: its place, herds and seat
        self.moved: tuple[str, int, int] | None = None
        self.humans: int | None = None  # a Human token revealed for the move's combat
        self.fight: _Combat | None = None
        self.building: int | None = None  # where the build being paid for sits in ``events``
        self.proposal = ""  # the seat a trade proposal goes to, in words
        self.give: dict[str, int] = {}
        self.ask: dict[str, int] = {}

    def close_fight(self) -> None:
        """The combat in progress, if any, is over: it becomes an event."""
        if self.fight is not None:
            self.events.append((self.fight, self.fight.seat))
            self.fight = None

    def read(self, words: str, seat: int) -> None:
        """Follow one step: ``words`` taken by ``seat``."""
        if self.fight is not None and not words.startswith(_IN_COMBAT):
            self.close_fight()
        if words.startswith("the Human token shows ") and self.moved is not None:
            self.humans = int(words.rsplit(" ", 1)[1])
            return
        moved = self.moved
        if words.startswith("attacker rolls ") and moved is not None and self.fight is None:
            self.fight = _Combat(moved[0], moved[2], moved[1], self.humans)
        if not words.startswith("confirm the move"):
            self.moved, self.humans = None, None
        if self.fight is not None:
            played = self.fight.read(words, seat)
            if played is not None:
                self.events.append((played, seat))
            return
        if words.startswith(_BUILDS):
            self.building = len(self.events)
        elif self.building is not None and not words.startswith((*_PAYING, "cancel the build")):
            self.building = None
        if not (self._read_move(words, seat) or self._read_trade(words, seat)):
            self._read_other(words, seat)

    def _read_move(self, words: str, seat: int) -> bool:
        """Follow a step of assembling a move; ``False`` for any other step."""
        if words.startswith("move into "):
            self.move_to, self.herds = words[len("move into ") :], 0
            for event, _ in self.events:
                if isinstance(event, _Combat) and event.place == self.move_to:
                    event.moved_in_later = True  # its survivors are no longer counted alone
        elif words.startswith("add one ") and self.move_to:
            self.herds += 1
        elif words == "confirm the move" and self.move_to:
            herds = self.herds
            self.events.append(
                (f"moved {herds} herd{'s' if herds != 1 else ''} into {self.move_to}", seat)
            )
            self.moved, self.humans = (self.move_to, herds, seat), None
            self.move_to = ""
        elif words == "cancel the move":
            self.move_to = ""
        elif words == "cancel the build":
            if self.building is not None:
                del self.events[self.building :]  # the build and what was paid: nothing happened
            self.building = None
        else:
            return False
        return True

    def _read_trade(self, words: str, seat: int) -> bool:
        """Follow a step of a trade proposal; ``False`` for any other step."""
        if words.startswith("propose a trade to "):
            self.proposal, self.give, self.ask = words[len("propose a trade to ") :], {}, {}
        elif words.startswith(("offer 1 ", "ask for 1 ")) and self.proposal:
            counts = self.give if words.startswith("offer") else self.ask
            kind = words.rsplit(" ", 1)[1]
            counts[kind] = counts.get(kind, 0) + 1
        elif words == "submit the proposal" and self.proposal:
            offered = ", ".join(f"{n} {k}" for k, n in self.give.items()) or "nothing"
            asked = ", ".join(f"{n} {k}" for k, n in self.ask.items()) or "nothing"
            self.events.append((f"offered {self.proposal} {offered} for {asked}", seat))
            self.proposal = ""
        elif words == "withdraw the proposal":
            self.proposal = ""
        else:
            return False
        return True

    def _read_other(self, words: str, seat: int) -> None:
        """A step that stands on its own: the resource dice, or any step but a quiet one."""
        if words.startswith("resource dice: "):
            self.events.append(("rolled " + words[len("resource dice: ") :], seat))
        elif not words.startswith(_QUIET_PREFIXES):
            self.events.append((_past(words), seat))


def turn_summary(view: TurnView) -> str:
    """A Farms Race turn in one sentence, from the steps' words as the viewer may read them (so
    hidden cards, draws and steals stay hidden, FR-16): a move's steps become "moved 3 herds
    into …", a combat its outcome ("won … after 2 rounds (… lost 1 herd, 3 of 3 humans
    killed)"), a trade proposal one phrase with what it offers and asks (a withdrawn one
    nothing), a cancelled build nothing, repeated steps are counted, closing and passing steps
    are left out; steps of other seats are named, and so is the turn's seat after them. Each
    player is named one way, their seat's name with their species ("Bot 3 (Sheep)"), in the
    steps' words too."""
    label, species_words = turn_labels(view)
    turn = _TurnEvents()
    for step in view.steps:
        turn.read(species_words(step.words), step.seat)
    turn.close_fight()
    parts = _phrases(turn.events, view, label)
    if view.seat is None:
        return "Setup: " + ("; ".join(parts) if parts else "nothing yet")
    return f"{label(view.seat)} " + ("; ".join(parts) if parts else "passed the turn")


def _phrases(
    events: list[tuple[str | _Combat, int]], view: TurnView, label: Callable[[int], str]
) -> list[str]:
    """The turn's events as phrases: a combat by its outcome; another seat's step names its
    player, and so does the turn's own seat after another's; a phrase repeated in a row is
    counted ("… ×3")."""
    parts: list[str] = []
    last = view.seat  # who took the step last put in words
    for event, seat in events:
        text = _combat_outcome(event, view, label) if isinstance(event, _Combat) else event
        if seat >= 0 and (seat != view.seat or last != view.seat):
            text = f"{label(seat)} {text}"
        if seat >= 0:
            last = seat
        if parts and (parts[-1] == text or parts[-1].startswith(text + " ×")):
            head, _, times = parts[-1].partition(" ×")
            parts[-1] = f"{head} ×{int(times or 1) + 1}"
            continue
        parts.append(text)
    return parts
