"""Game records: everything needed to replay a game exactly.

A record holds the game name, player count, non-default params, the seed that drove chance, the
names of the agents, every action in order (chance outcomes included) and the result. Replaying
the actions from the initial state reproduces every state and the result. A finished game's
record also carries its facts (``core.facts``: why and when it ended, each seat's facts), which
the replay implies but the balance reports read without replaying.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from farmstead.core.errors import IllegalActionError, InvalidPositionError
from farmstead.core.game import Game, State
from farmstead.core.registry import load_game

RECORD_FORMAT = "farmstead-record/1"


@dataclass
class GameRecord:
    """A finished or unfinished game as data. ``returns`` is None while unfinished."""

    game: str
    players: int
    params: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    agents: list[str] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    returns: list[float] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    facts: dict[str, Any] | None = None

    def load_game(self) -> Game:
        """The configured game this record was played in."""
        return load_game(self.game, self.players, **self.params)

    def states(self) -> Iterator[tuple[State, int | None]]:
        """Yield (state before the action, action) for each action, then (final state, None).

        Each yielded state is a clone, safe to keep. Raises ``InvalidPositionError`` if an
        action in the record is illegal where it stands.
        """
        state = self.load_game().new_initial_state()
        for index, action in enumerate(self.actions):
            before = state.clone()
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                raise InvalidPositionError(
                    f"record action #{index} ({action}) is illegal: {exc}"
                ) from None
            yield before, action
        yield state, None

    def replay(self) -> State:
        """The final state after every action of the record."""
        *_, (final, _) = self.states()
        return final

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-safe dict."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.players,
            "params": dict(self.params),
            "seed": self.seed,
            "agents": list(self.agents),
            "actions": list(self.actions),
            "returns": None if self.returns is None else list(self.returns),
            "meta": dict(self.meta),
            **({} if self.facts is None else {"facts": self.facts}),
        }

    def dumps(self) -> str:
        """One line of canonical JSON (sorted keys), suitable for JSONL files."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, doc: Any) -> GameRecord:
        """Parse a record; ``InvalidPositionError`` when a field is missing or mistyped."""
        if not isinstance(doc, Mapping):
            raise InvalidPositionError("a game record must be a JSON object")
        if doc.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise InvalidPositionError(f"unsupported record format {doc.get('format')!r}")
        try:
            game = doc["game"]
            players = doc["players"]
            actions = doc["actions"]
        except KeyError as exc:
            raise InvalidPositionError(f"game record lacks field {exc.args[0]!r}") from None
        if not isinstance(game, str) or not isinstance(players, int):
            raise InvalidPositionError("record fields 'game' (str) and 'players' (int) required")
        if not isinstance(actions, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in actions
        ):
            raise InvalidPositionError("record field 'actions' must be a list of ints")
        params = doc.get("params") or {}
        if not isinstance(params, Mapping):
            raise InvalidPositionError("record field 'params' must be an object")
        returns = doc.get("returns")
        if returns is not None and (
            not isinstance(returns, list) or not all(isinstance(x, int | float) for x in returns)
        ):
            raise InvalidPositionError("record field 'returns' must be a list of numbers or null")
        agents = doc.get("agents") or []
        facts = doc.get("facts")
        if facts is not None and not isinstance(facts, Mapping):
            raise InvalidPositionError("record field 'facts' must be an object or absent")
        return cls(
            game=game,
            players=players,
            params=dict(params),
            seed=doc.get("seed"),
            agents=[str(a) for a in agents],
            actions=list(actions),
            returns=None if returns is None else [float(x) for x in returns],
            meta=dict(doc.get("meta") or {}),
            facts=None if facts is None else dict(facts),
        )

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse one JSON document; ``InvalidPositionError`` for bad JSON."""
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidPositionError(f"not valid JSON: {exc}") from None
        return cls.from_json(doc)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file (a JSON document, or the first line of a JSONL file)."""
        text = Path(path).read_text(encoding="utf-8").strip()
        if "\n" in text and text.startswith("{") and not text.startswith("{\n"):
            text = text.splitlines()[0]
        return cls.loads(text)


def read_records(path: str | Path) -> Iterator[GameRecord]:
    """Every record of a JSONL file, one per non-empty line."""
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            line = line.strip()
            if not line:
                continue
            try:
                yield GameRecord.loads(line)
            except InvalidPositionError as exc:
                raise InvalidPositionError(f"{path}:{number}: {exc}") from None


def winners(returns: list[float]) -> list[int]:
    """Seats with the highest return; empty when all returns are equal (a draw)."""
    best = max(returns)
    if all(r == best for r in returns):
        return []
    return [seat for seat, r in enumerate(returns) if r == best]
