"""Toy games for the web tests; registered only by test fixtures, never globally.

``SecretDraftGame`` has hidden information on purpose: chance deals each seat a secret card from
a 40-card deck without replacement, and the seats then decide in turn to keep or discard it. A
seat sees its own cards, the public keep/discard decisions and how many cards the others hold,
never their values. Card names ("Card#07", ...) are distinctive strings so that tests can search
every payload for a card the viewer must not know.
"""

from __future__ import annotations

import time
from typing import Any

from farmstead.agents.base import Agent
from farmstead.core.errors import IllegalActionError, InvalidPositionError
from farmstead.core.game import JSON, Game, GameInfo, GameType, ParamSpec, PlayerId, State
from farmstead.core.rng import Rng

DECK_SIZE = 40
KEEP, DISCARD = 0, 1


def card_name(card: int) -> str:
    """The printed name of card ``card`` (0..39): "Card#00" … "Card#39".

    "#" never occurs in match ids or tokens, so a name cannot appear in a payload by accident.
    """
    return f"Card#{card:02d}"


class SecretDraftGame(Game):
    """Deal one secret card to each seat per round; each seat keeps or discards it."""

    type = GameType(
        name="toy_secret",
        long_name="Secret Draft (test toy)",
        description="Keep the highest secret cards; a toy with hidden information for tests.",
        min_players=2,
        max_players=3,
        has_chance=True,
        perfect_information=False,
        params=(ParamSpec("rounds", int, 2, "cards dealt to each seat", minimum=1, maximum=8),),
    )

    @property
    def info(self) -> GameInfo:
        rounds = self.params["rounds"]
        return GameInfo(
            num_players=self.num_players,
            num_distinct_actions=2,
            max_chance_outcomes=DECK_SIZE,
            max_game_length=2 * rounds * self.num_players,
            min_utility=-1.0,
            max_utility=1.0,
        )

    def new_initial_state(self) -> SecretDraftState:
        return SecretDraftState(self)

    def state_from_json(self, doc: JSON) -> SecretDraftState:
        self.position_reader(doc)
        state = SecretDraftState(self)
        try:
            state.hands = [list(map(int, h)) for h in doc["hands"]]
            state.kept = [list(map(int, k)) for k in doc["kept"]]
            state.decisions = [(int(s), int(d)) for s, d in doc["decisions"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidPositionError(f"bad toy position: {exc}") from None
        return state


class SecretDraftState(State):
    """Rounds of: one chance deal per seat, then one keep/discard decision per seat."""

    __slots__ = ("hands", "kept", "decisions")

    def __init__(self, game: SecretDraftGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.kept: list[list[int]] = [[] for _ in range(n)]
        self.decisions: list[tuple[int, int]] = []

    # The schedule is fixed: per round, n deals then n decisions.
    def _step(self) -> tuple[str, int]:
        n = self.game.num_players
        dealt = sum(len(h) for h in self.hands)
        decided = len(self.decisions)
        if decided == n * self.game.params["rounds"]:
            return ("end", -1)
        if dealt < (decided // n + 1) * n:
            return ("deal", dealt % n)
        return ("decide", decided % n)

    def current_player(self) -> int:
        kind, seat = self._step()
        if kind == "end":
            return PlayerId.TERMINAL
        return PlayerId.CHANCE if kind == "deal" else seat

    def returns(self) -> list[float]:
        n = self.game.num_players
        if not self.is_terminal():
            return [0.0] * n
        scores = [sum(k) for k in self.kept]
        best = max(scores)
        if scores.count(best) > 1:
            return [0.0] * n
        return [1.0 if s == best else -1.0 for s in scores]

    def _legal_actions(self) -> list[int]:
        return [KEEP, DISCARD]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        used = {c for h in self.hands for c in h}
        left = [c for c in range(DECK_SIZE) if c not in used]
        return [(c, 1.0 / len(left)) for c in left]

    def _apply(self, action: int) -> None:
        kind, seat = self._step()
        if kind == "deal":
            self.hands[seat].append(action)
            return
        self.decisions.append((seat, action))
        if action == KEEP:
            self.kept[seat].append(self.hands[seat][-1])

    def _action_to_string(self, action: int) -> str:
        kind, seat = self._step()
        if kind == "deal":
            return f"deal {card_name(action)} to player {seat + 1}"
        return "keep the card" if action == KEEP else "discard the card"

    def _action_to_string_for(self, action: int, seat: int | None) -> str:
        """A deal names the card only to its receiver; keeping or discarding is public."""
        kind, receiver = self._step()
        if kind == "deal" and seat != receiver:
            return f"deal a card to player {receiver + 1}"
        return self.action_to_string(action)

    def _action_to_json(self, action: int) -> JSON:
        kind, _ = self._step()
        if kind == "deal":
            return {"type": "deal", "card": card_name(action)}
        return {"type": "keep" if action == KEEP else "discard"}

    def action_from_json(self, doc: JSON) -> int:
        kind = doc.get("type") if isinstance(doc, dict) else None
        if kind == "keep":
            return KEEP
        if kind == "discard":
            return DISCARD
        raise IllegalActionError(f"unknown toy action {doc!r}; expected keep or discard")

    def _observation(self, seat: int | None) -> JSON:
        players: list[dict[str, Any]] = []
        for s in range(self.game.num_players):
            mine = seat == s
            players.append(
                {
                    "cards": [card_name(c) for c in self.hands[s]] if mine else None,
                    "kept": [card_name(c) for c in self.kept[s]] if mine else None,
                    "card_count": len(self.hands[s]),
                    "kept_count": len(self.kept[s]),
                }
            )
        return {
            "players": players,
            "decisions": [
                {"seat": s, "choice": "keep" if d == KEEP else "discard"} for s, d in self.decisions
            ],
            "current_player": int(self.current_player()),
        }

    def to_json(self) -> JSON:
        return {
            **self.game.describe(),
            "hands": [list(h) for h in self.hands],
            "kept": [list(k) for k in self.kept],
            "decisions": [list(d) for d in self.decisions],
        }

    def clone(self) -> SecretDraftState:
        other = SecretDraftState.__new__(SecretDraftState)
        State.__init__(other, self.game)
        other.hands = [list(h) for h in self.hands]
        other.kept = [list(k) for k in self.kept]
        other.decisions = list(self.decisions)
        return other

    def sample_consistent(self, seat: int, rng: Rng) -> State:
        other = self.clone()
        used = set(self.hands[seat])
        pool = [c for c in range(DECK_SIZE) if c not in used]
        rng.shuffle(pool)
        for s in range(self.game.num_players):
            if s != seat:
                other.hands[s] = [pool.pop() for _ in self.hands[s]]
        other.kept = [
            [
                h
                for h, (_, d) in zip(other.hands[s], self._decisions_of(s), strict=False)
                if d == KEEP
            ]
            for s in range(self.game.num_players)
        ]
        return other

    def _decisions_of(self, seat: int) -> list[tuple[int, int]]:
        return [(s, d) for s, d in self.decisions if s == seat]


class SleepyAgent(Agent):
    """A bot that thinks for ``seconds`` before keeping; it exercises the per-move time limit."""

    name = "sleepy"
    params = (ParamSpec("seconds", float, 5.0, "how long to think"),)

    def step(self, state: State) -> int:
        time.sleep(self.config["seconds"])
        return state.legal_actions()[0]
