"""Scoring of completed fields (rules/fences.md section 10) and farmer conditions (section 5).

Pure functions over plain numbers, so that test vectors FE-T2, FE-T3 and FE-T11 can be checked
without a board. Animal counts are ``(cows, pigs, sheep)``; the rules engine keeps them packed
in one int per field (``pack_animals``) so that merging two fields is one addition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from farmstead.games.fences.layout import ANIMALS

_ANIMAL_BITS = 8  # at most 255 animals of one kind per field; the tile set has 38 of each


def pack_animals(cows: int, pigs: int, sheep: int) -> int:
    """Animal counts packed in one int; sums of packed values add the counts."""
    return cows | (pigs << _ANIMAL_BITS) | (sheep << (2 * _ANIMAL_BITS))


def unpack_animals(packed: int) -> tuple[int, int, int]:
    """(cows, pigs, sheep) of a packed value."""
    mask = (1 << _ANIMAL_BITS) - 1
    return packed & mask, (packed >> _ANIMAL_BITS) & mask, packed >> (2 * _ANIMAL_BITS)


def field_value(
    animals: tuple[int, int, int], points_per_animal: int = 1, multiplier: int = 2
) -> int:
    """FE-R48/FE-R49: points per animal, times ``multiplier`` when only one type is present."""
    total = sum(animals)
    types = sum(1 for n in animals if n)
    value = total * points_per_animal
    return value * multiplier if types == 1 else value


def barn_shares(value: int, owners: list[int] | tuple[int, ...], num_players: int) -> list[int]:
    """Points per seat for a completed field with barns of ``owners`` (one entry per barn).

    FE-R50: one barn, its owner scores the value. FE-R51: ``b >= 2`` barns, a share is
    ``ceil(value / b)`` and each barn earns its owner one share. FE-R52: no barn, nobody scores.
    """
    points = [0] * num_players
    if owners:
        share = -(-value // len(owners))
        for owner in owners:
            points[owner] += share
    return points


# --- farmer conditions (FE §5) ---------------------------------------------------------------

# code -> argument kinds ("a" = animal name, "n" = non-negative number)
PREDICATES: dict[str, str] = {
    "ANIMAL_MIN": "an",
    "HAS_BOTH": "aa",
    "LACKS": "a",
    "TYPES_EXACT": "n",
    "TYPES_MIN": "n",
    "ANIMALS_EXACT": "n",
    "ANIMALS_MIN": "n",
    "ANIMALS_MAX": "n",
    "TILES_MIN": "n",
    "TILES_EXACT": "n",
    "OWN_BARN": "",
    "NO_OWN_BARN": "",
    "OPPONENT_BARN": "",
}

_CONDITION_RE = re.compile(r"^([A-Z_]+)(?:\(([^()]*)\))?$")


@dataclass(frozen=True)
class Condition:
    """One farmer condition: a predicate code, its arguments (animal indices or numbers), points."""

    code: str
    args: tuple[int, ...]
    points: int
    text: str


@dataclass(frozen=True)
class FieldFacts:
    """What farmer conditions look at in one completed field (barns counted before return)."""

    animals: tuple[int, int, int]
    span: int
    own_barns: int
    other_barns: int


def parse_condition(text: str, points: int) -> Condition:
    """A ``Condition`` from text such as ``ANIMAL_MIN(cow,1)``; ``ValueError`` if malformed."""
    match = _CONDITION_RE.match(text.replace(" ", ""))
    if match is None:
        raise ValueError(f"malformed farmer condition {text!r}")
    code, raw = match.group(1), match.group(2)
    if code not in PREDICATES:
        raise ValueError(
            f"unknown farmer condition {code!r}; valid codes: {', '.join(sorted(PREDICATES))}"
        )
    kinds = PREDICATES[code]
    parts = [p for p in (raw or "").split(",") if p] if raw is not None else []
    if len(parts) != len(kinds):
        raise ValueError(f"farmer condition {text!r}: {code} takes {len(kinds)} argument(s)")
    args: list[int] = []
    for kind, part in zip(kinds, parts, strict=True):
        if kind == "a":
            if part not in ANIMALS:
                raise ValueError(f"farmer condition {text!r}: {part!r} is not one of {ANIMALS}")
            args.append(ANIMALS.index(part))
        else:
            if not part.isdecimal():
                raise ValueError(f"farmer condition {text!r}: {part!r} is not a number")
            args.append(int(part))
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise ValueError(f"farmer condition {text!r}: points must be a non-negative int")
    return Condition(code, tuple(args), points, text)


_PLURAL = {"cow": "cows", "pig": "pigs", "sheep": "sheep"}


def condition_words(cond: Condition) -> str:
    """The condition for people, completing "a field that …" (e.g. "has at least 1 cow")."""
    code, args = cond.code, cond.args

    def animal(index: int, count: int = 2) -> str:
        name = ANIMALS[index]
        return name if count == 1 else _PLURAL[name]

    n = args[-1] if args else 0
    s = "" if n == 1 else "s"
    words = {
        "ANIMAL_MIN": lambda: f"has at least {n} {animal(args[0], n)}",
        "HAS_BOTH": lambda: f"has both {animal(args[0])} and {animal(args[1])}",
        "LACKS": lambda: f"has animals but no {animal(args[0])}",
        "TYPES_EXACT": lambda: f"has exactly {n} kind{s} of animal",
        "TYPES_MIN": lambda: f"has at least {n} kind{s} of animal",
        "ANIMALS_EXACT": lambda: f"has exactly {n} animal{s}",
        "ANIMALS_MIN": lambda: f"has at least {n} animal{s}",
        "ANIMALS_MAX": lambda: f"has at most {n} animal{s}",
        "TILES_MIN": lambda: f"spans at least {n} tile{s}",
        "TILES_EXACT": lambda: f"spans exactly {n} tile{s}",
        "OWN_BARN": lambda: "holds one of your barns",
        "NO_OWN_BARN": lambda: "holds none of your barns",
        "OPPONENT_BARN": lambda: "holds another player's barn",
    }
    return words[code]()


def condition_met(cond: Condition, facts: FieldFacts) -> bool:
    """Whether ``facts`` satisfy ``cond`` (the predicate table of FE §5)."""
    animals = facts.animals
    code, args = cond.code, cond.args
    total = sum(animals)
    if code == "ANIMAL_MIN":
        return animals[args[0]] >= args[1]
    if code == "HAS_BOTH":
        return animals[args[0]] >= 1 and animals[args[1]] >= 1
    if code == "LACKS":
        return total >= 1 and animals[args[0]] == 0
    if code in ("TYPES_EXACT", "TYPES_MIN"):
        types = sum(1 for n in animals if n)
        return types == args[0] if code == "TYPES_EXACT" else types >= args[0]
    if code == "ANIMALS_EXACT":
        return total == args[0]
    if code == "ANIMALS_MIN":
        return total >= args[0]
    if code == "ANIMALS_MAX":
        return total <= args[0]
    if code == "TILES_MIN":
        return facts.span >= args[0]
    if code == "TILES_EXACT":
        return facts.span == args[0]
    if code == "OWN_BARN":
        return facts.own_barns > 0
    if code == "NO_OWN_BARN":
        return facts.own_barns == 0
    if code == "OPPONENT_BARN":
        return facts.other_barns > 0
    raise ValueError(f"unknown farmer condition {code!r}")


def farmer_bonus(
    conditions: tuple[Condition, ...], facts: FieldFacts
) -> tuple[int, tuple[int, ...]]:
    """FE-R20: (points, indices of the met conditions) of a card for one completed field."""
    met = tuple(i for i, cond in enumerate(conditions) if condition_met(cond, facts))
    return sum(conditions[i].points for i in met), met
