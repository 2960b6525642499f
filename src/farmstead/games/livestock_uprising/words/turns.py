"""A Livestock Uprising turn in one sentence (LU §5, ``core.turns``), from its steps' words as
the viewer may read them: a General's steps become one move, marshaling and transfers one
phrase each, the harvest what it gained, closing steps are left out."""

from __future__ import annotations

import re

from farmstead.core.turns import TurnView

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
