"""Race to Twenty: seats take turns adding 1, 2 or 3 to a shared count; a die roll of 1-2 adds
a gust of 1 after each move; whoever brings the count to 20 or more wins."""

from __future__ import annotations

from typing import Any

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import JSON, Game, GameInfo, GameType, ParamSpec, PlayerId, State

TARGET = 20


class RaceGame(Game):
    """Race to Twenty for 2-3 players."""

    type = GameType(
        name="race_twenty",
        long_name="Race to Twenty (plug-in toy)",
        description="Add 1-3 to the count; reach twenty first.",
        min_players=2,
        max_players=3,
        has_chance=True,
        perfect_information=True,
        params=(ParamSpec("target", int, TARGET, "the count that wins", minimum=5, maximum=50),),
    )

    @property
    def info(self) -> GameInfo:
        target = self.params["target"]
        return GameInfo(self.num_players, 3, 6, 2 * target + 2, -1.0, 1.0)

    def new_initial_state(self) -> RaceState:
        return RaceState(self, 0, 0, False, -1)

    def state_from_json(self, doc: JSON) -> RaceState:
        reader = self.position_reader(doc)
        target = self.params["target"]
        return RaceState(
            self,
            reader.int("count", 0, target + 4),
            reader.int("turn", 0, self.num_players - 1),
            reader.bool("gust"),
            reader.int("winner", -1, self.num_players - 1),
        )


class RaceState(State):
    """The count, whose turn it is, whether a gust roll is pending, and the winner (or -1)."""

    __slots__ = ("count", "turn", "gust", "winner")

    def __init__(self, game: Game, count: int, turn: int, gust: bool, winner: int) -> None:
        super().__init__(game)
        self.count, self.turn, self.gust, self.winner = count, turn, gust, winner

    def current_player(self) -> int:
        if self.winner >= 0:
            return PlayerId.TERMINAL
        return PlayerId.CHANCE if self.gust else self.turn

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.winner < 0:
            return [0.0] * n
        return [1.0 if seat == self.winner else -1.0 for seat in range(n)]

    def _legal_actions(self) -> list[int]:
        return [0, 1, 2]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(6)]

    def _apply(self, action: int) -> None:
        n = self.game.num_players
        if self.gust:
            self.gust = False
            mover = (self.turn - 1) % n
            if action < 2:
                self.count += 1
        else:
            mover = self.turn
            self.count += action + 1
            self.turn = (self.turn + 1) % n
            self.gust = True
        if self.count >= self.game.params["target"]:
            self.winner = mover

    def _action_to_string(self, action: int) -> str:
        if self.is_chance_node():
            return f"the die shows {action + 1}" + (": a gust adds 1" if action < 2 else "")
        return f"add {action + 1}"

    def _action_to_json(self, action: int) -> JSON:
        if self.is_chance_node():
            return {"type": "DIE", "face": action + 1}
        return {"type": "ADD", "amount": action + 1}

    def action_from_json(self, doc: Any) -> int:
        if isinstance(doc, dict) and doc.get("type") == "ADD" and doc.get("amount") in (1, 2, 3):
            return int(doc["amount"]) - 1
        if isinstance(doc, dict) and doc.get("type") == "DIE" and doc.get("face") in range(1, 7):
            return int(doc["face"]) - 1
        raise IllegalActionError(f"not a Race to Twenty action: {doc!r}")

    def _observation(self, seat: int | None) -> JSON:
        return {"count": self.count, "turn": self.turn, "gust": self.gust, "winner": self.winner}

    def to_json(self) -> JSON:
        return {**self.game.describe(), **self._observation(None)}

    def clone(self) -> RaceState:
        return RaceState(self.game, self.count, self.turn, self.gust, self.winner)
