"""The facts of a finished game that designers group results by.

Every game's registration names a ``facts(final, actions)`` function (``GameFactsFn``). Given
the terminal state of a game and every action that led to it (chance outcomes included), it
says why and when the game ended and, for every seat, the facts a balance question groups by:

* ``order`` — the seat's place in the turn order: 0 for the seat that moved first (who
  actually did, not who was meant to), 1 for the next, ...
* ``score`` and ``score_parts`` — the final score in the game's own unit (points, VP, animals
  owned) and its parts; ``None`` / empty for a game without a score.
* ``traits`` — one value per trait, e.g. ``{"faction": "pigs"}``, ``{"species": "chickens",
  "mutation": "adorable"}``: the report gives a win rate per value.
* ``items`` — several values per kind, e.g. ``{"mutations_dealt": ("adorable", "lucky"),
  "cards_played": ("ambush", "ambush", "espionage")}``: the report gives the win rate of the
  seats that had each value (once per seat, however many times it occurs).

``end`` is an id for why the game ended, from the game's documented list (e.g. ``"target"``,
``"last_standing"``, ``"round_cap"``); ``rounds`` and ``turns`` count the game's rounds and
the seats' turns in the game's own terms. The record is public once the game is over, so
facts may name hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from farmstead.core.errors import InvalidPositionError
from farmstead.core.game import State


@dataclass(frozen=True)
class SeatFacts:
    """One seat's facts (see the module docstring)."""

    order: int
    score: float | None = None
    score_parts: Mapping[str, float] = field(default_factory=dict)
    traits: Mapping[str, str] = field(default_factory=dict)
    items: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "order": self.order,
            "score": self.score,
            "score_parts": dict(self.score_parts),
            "traits": dict(self.traits),
            "items": {kind: list(values) for kind, values in self.items.items()},
        }

    @classmethod
    def from_json(cls, doc: Any) -> SeatFacts:
        if not isinstance(doc, dict) or not isinstance(doc.get("order"), int):
            raise InvalidPositionError(f"seat facts must be an object with an 'order': {doc!r}")
        score = doc.get("score")
        return cls(
            order=doc["order"],
            score=None if score is None else float(score),
            score_parts={str(k): float(v) for k, v in dict(doc.get("score_parts", {})).items()},
            traits={str(k): str(v) for k, v in dict(doc.get("traits", {})).items()},
            items={str(k): tuple(str(x) for x in v) for k, v in dict(doc.get("items", {})).items()},
        )


@dataclass(frozen=True)
class GameFacts:
    """Why and when a game ended, and each seat's facts (see the module docstring)."""

    end: str
    rounds: int
    turns: int
    seats: tuple[SeatFacts, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "end": self.end,
            "rounds": self.rounds,
            "turns": self.turns,
            "seats": [seat.to_json() for seat in self.seats],
        }

    @classmethod
    def from_json(cls, doc: Any) -> GameFacts:
        if not isinstance(doc, dict) or not isinstance(doc.get("seats"), list):
            raise InvalidPositionError(f"game facts must be an object with 'seats': {doc!r}")
        return cls(
            end=str(doc.get("end", "")),
            rounds=int(doc.get("rounds", 0)),
            turns=int(doc.get("turns", 0)),
            seats=tuple(SeatFacts.from_json(seat) for seat in doc["seats"]),
        )


GameFactsFn = Callable[[State, Sequence[int]], GameFacts]
"""``facts(final, actions)``: the facts of the finished game whose terminal state is ``final``
and whose every action, chance outcomes included, is ``actions`` (replay them from
``final.game.new_initial_state()`` where the final state alone does not tell)."""
