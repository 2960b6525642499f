"""Small games for agent and lab tests. Never registered in the global game registry.

* ``DiceNimGame``: take 1..max_take tokens, taking the last one wins; after each move a chance
  gust may blow one token back onto the pile (while gusts last). 2 or 3 players.
* ``KuhnGame``: Kuhn poker (J, Q, K; ante 1, one bet of 1) — hidden cards for ISMCTS.
* ``TreeGame``: an explicit game tree given as nested dicts, for positions with a known best move.
* ``ShuttleGame``: one turn in which the mover may switch sides back and forth at no cost
  before finishing; stalling looks better to its evaluation than finishing.

Each has an ``evaluate(state, seat)`` in [-1, 1] for the heuristic and mcts agents.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from farmstead.core.errors import IllegalActionError, InvalidPositionError
from farmstead.core.game import Game, GameInfo, GameType, ParamSpec, PlayerId, State, TurnMark
from farmstead.core.rng import Rng

# --- Dice Nim ------------------------------------------------------------------------------


class DiceNimGame(Game):
    type = GameType(
        name="toy_dice_nim",
        long_name="Dice Nim (test toy)",
        description="take 1..max_take tokens; taking the last wins; gusts add tokens back",
        min_players=2,
        max_players=3,
        has_chance=True,
        perfect_information=True,
        params=(
            ParamSpec("pile", int, 10, "tokens at the start", minimum=1, maximum=60),
            ParamSpec("max_take", int, 3, "most tokens one move may take", minimum=1, maximum=6),
            ParamSpec("gusts", int, 2, "tokens the wind may blow back", minimum=0, maximum=10),
        ),
    )

    @property
    def info(self) -> GameInfo:
        pile, gusts = self.params["pile"], self.params["gusts"]
        return GameInfo(
            num_players=self.num_players,
            num_distinct_actions=self.params["max_take"],
            max_chance_outcomes=2,
            max_game_length=2 * (pile + gusts) + 1,
            min_utility=-1.0,
            max_utility=1.0,
        )

    def new_initial_state(self) -> DiceNimState:
        return DiceNimState(self, self.params["pile"], self.params["gusts"], 0, False, -1)

    def state_from_json(self, doc: Any) -> DiceNimState:
        self.position_reader(doc)
        try:
            return DiceNimState(
                self,
                int(doc["pile"]),
                int(doc["gusts_left"]),
                int(doc["player"]),
                bool(doc["gust_pending"]),
                int(doc["winner"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidPositionError(f"bad dice nim position: {exc}") from None


class DiceNimState(State):
    __slots__ = ("pile", "gusts_left", "player", "gust_pending", "winner")

    def __init__(
        self, game: Game, pile: int, gusts_left: int, player: int, pending: bool, winner: int
    ) -> None:
        super().__init__(game)
        self.pile = pile
        self.gusts_left = gusts_left
        self.player = player
        self.gust_pending = pending
        self.winner = winner

    def current_player(self) -> int:
        if self.winner >= 0:
            return PlayerId.TERMINAL
        if self.gust_pending:
            return PlayerId.CHANCE
        return self.player

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.winner < 0:
            return [0.0] * n
        loss = -1.0 / (n - 1)
        return [1.0 if seat == self.winner else loss for seat in range(n)]

    def _legal_actions(self) -> list[int]:
        return list(range(min(self.game.params["max_take"], self.pile)))

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 2 / 3), (1, 1 / 3)]

    def _apply(self, action: int) -> None:
        if self.gust_pending:
            if action == 1:
                self.pile += 1
                self.gusts_left -= 1
            self.gust_pending = False
            return
        self.pile -= action + 1
        if self.pile == 0:
            self.winner = self.player
            return
        self.player = (self.player + 1) % self.game.num_players
        self.gust_pending = self.gusts_left > 0

    def _action_to_string(self, action: int) -> str:
        if self.gust_pending:
            return "gust" if action else "calm"
        return f"take {action + 1}"

    def _action_to_json(self, action: int) -> Any:
        return {"take": action + 1}

    def action_from_json(self, doc: Any) -> int:
        try:
            return int(doc["take"]) - 1
        except (KeyError, TypeError, ValueError):
            raise IllegalActionError(f"not a dice nim action: {doc!r}") from None

    def _observation(self, seat: int | None) -> Any:
        return self.to_json()

    def to_json(self) -> Any:
        return {
            **self.game.describe(),
            "pile": self.pile,
            "gusts_left": self.gusts_left,
            "player": self.player,
            "gust_pending": self.gust_pending,
            "winner": self.winner,
        }

    def clone(self) -> DiceNimState:
        return DiceNimState(
            self.game, self.pile, self.gusts_left, self.player, self.gust_pending, self.winner
        )


def nim_evaluate(state: State, seat: int) -> float:
    """Nim theory without gusts: the player to move loses when pile % (max_take + 1) == 0."""
    assert isinstance(state, DiceNimState)
    if state.winner >= 0:
        return 1.0 if seat == state.winner else -1.0
    mover = state.player  # during a pending gust, already the next player to move
    value = -0.5 if state.pile % (state.game.params["max_take"] + 1) == 0 else 0.5
    n = state.game.num_players
    return value if seat == mover else -value / (n - 1)


# --- Kuhn poker ----------------------------------------------------------------------------

PASS, BET = 0, 1
CARD_NAMES = ("J", "Q", "K")


class KuhnGame(Game):
    type = GameType(
        name="toy_kuhn",
        long_name="Kuhn poker (test toy)",
        description="three cards, ante 1, one bet of 1",
        min_players=2,
        max_players=2,
        has_chance=True,
        perfect_information=False,
    )

    @property
    def info(self) -> GameInfo:
        return GameInfo(2, 2, 3, 5, -2.0, 2.0)

    def new_initial_state(self) -> KuhnState:
        return KuhnState(self, [], [])

    def state_from_json(self, doc: Any) -> KuhnState:
        self.position_reader(doc)
        return KuhnState(self, list(doc["cards"]), list(doc["history"]))


class KuhnState(State):
    __slots__ = ("cards", "history")

    def __init__(self, game: Game, cards: list[int], history: list[int]) -> None:
        super().__init__(game)
        self.cards = cards
        self.history = history

    def _finished(self) -> bool:
        h = self.history
        return h in ([PASS, PASS], [BET, BET], [BET, PASS], [PASS, BET, PASS], [PASS, BET, BET])

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return PlayerId.CHANCE
        if self._finished():
            return PlayerId.TERMINAL
        return len(self.history) % 2

    def returns(self) -> list[float]:
        if len(self.cards) < 2 or not self._finished():
            return [0.0, 0.0]
        h = self.history
        if h == [BET, PASS]:
            return [1.0, -1.0]
        if h == [PASS, BET, PASS]:
            return [-1.0, 1.0]
        stake = 2.0 if BET in h else 1.0
        top = 0 if self.cards[0] > self.cards[1] else 1
        return [stake, -stake] if top == 0 else [-stake, stake]

    def _legal_actions(self) -> list[int]:
        return [PASS, BET]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        left = [c for c in range(3) if c not in self.cards]
        return [(c, 1 / len(left)) for c in left]

    def _apply(self, action: int) -> None:
        if len(self.cards) < 2:
            self.cards = [*self.cards, action]
        else:
            self.history = [*self.history, action]

    def _action_to_string(self, action: int) -> str:
        if self.is_chance_node():
            return "deal a card"  # which card is hidden
        return ("pass", "bet")[action]

    def _action_to_json(self, action: int) -> Any:
        return ("pass", "bet")[action]

    def action_from_json(self, doc: Any) -> int:
        if doc not in ("pass", "bet"):
            raise IllegalActionError(f"not a kuhn action: {doc!r}")
        return 0 if doc == "pass" else 1

    def _observation(self, seat: int | None) -> Any:
        shown = self.is_terminal() and self.history not in ([BET, PASS], [PASS, BET, PASS])
        cards = [CARD_NAMES[c] if (seat == i or shown) else None for i, c in enumerate(self.cards)]
        return {"cards": cards, "history": list(self.history)}

    def to_json(self) -> Any:
        return {**self.game.describe(), "cards": list(self.cards), "history": list(self.history)}

    def clone(self) -> KuhnState:
        return KuhnState(self.game, list(self.cards), list(self.history))

    def sample_consistent(self, seat: int, rng: Rng) -> KuhnState:
        """Redeal the cards ``seat`` has not seen."""
        if len(self.cards) <= seat:
            return self.clone()
        mine = self.cards[seat]
        others = [c for c in range(3) if c != mine]
        cards = list(self.cards)
        for i in range(len(cards)):
            if i != seat:
                cards[i] = others.pop(rng.randrange(len(others)))
        return KuhnState(self.game, cards, list(self.history))


def kuhn_evaluate(state: State, seat: int) -> float:
    """Card strength of ``seat``: J -0.5, Q 0, K 0.5."""
    assert isinstance(state, KuhnState)
    if len(state.cards) <= seat:
        return 0.0
    return (state.cards[seat] - 1) * 0.5


# --- explicit trees ------------------------------------------------------------------------

Tree = dict[str, Any]
"""A node: {"player": seat, "moves": {action: Tree}} | {"chance": {outcome: (p, Tree)}} |
{"returns": [...]} ; an optional "value": [...] (one per seat) is what evaluate() reports."""


class TreeGame(Game):
    type = GameType(
        name="toy_tree",
        long_name="Explicit game tree (test toy)",
        description="a hand-written game tree",
        min_players=2,
        max_players=4,
        has_chance=True,
        perfect_information=True,
    )

    def __init__(self, players: int, tree: Tree) -> None:
        self.tree = tree
        super().__init__(players)

    @property
    def info(self) -> GameInfo:
        return GameInfo(self.num_players, 8, 8, 10, -1.0, 1.0)

    def new_initial_state(self) -> TreeState:
        return TreeState(self, [])

    def state_from_json(self, doc: Any) -> TreeState:
        return TreeState(self, list(doc["path"]))


class TreeState(State):
    __slots__ = ("path",)

    game: TreeGame

    def __init__(self, game: TreeGame, path: list[int]) -> None:
        super().__init__(game)
        self.path = path

    def node(self) -> Tree:
        node = self.game.tree
        for step in self.path:
            node = node["moves"][step] if "moves" in node else node["chance"][step][1]
        return node

    def current_player(self) -> int:
        node = self.node()
        if "returns" in node:
            return PlayerId.TERMINAL
        if "chance" in node:
            return PlayerId.CHANCE
        return int(node["player"])

    def returns(self) -> list[float]:
        node = self.node()
        return list(node["returns"]) if "returns" in node else [0.0] * self.game.num_players

    def _legal_actions(self) -> list[int]:
        return sorted(self.node()["moves"])

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(o, p) for o, (p, _) in sorted(self.node()["chance"].items())]

    def _apply(self, action: int) -> None:
        self.path = [*self.path, action]

    def _action_to_string(self, action: int) -> str:
        return str(action)

    def _action_to_json(self, action: int) -> Any:
        return action

    def action_from_json(self, doc: Any) -> int:
        return int(doc)

    def _observation(self, seat: int | None) -> Any:
        return self.to_json()

    def to_json(self) -> Any:
        return {"path": list(self.path)}

    def clone(self) -> TreeState:
        return TreeState(self.game, list(self.path))


def tree_evaluate(state: State, seat: int) -> float:
    """The node's "value" entry (0 when absent)."""
    assert isinstance(state, TreeState)
    node = state.node()
    if "returns" in node:
        return float(node["returns"][seat])
    return float(node.get("value", [0.0] * state.game.num_players)[seat])


def leaf(*returns: float) -> Tree:
    return {"returns": list(returns)}


# --- Shuttle -------------------------------------------------------------------------------

SWITCH, FINISH = 0, 1
SHUTTLE_CAP = 40  # switches after which the turn ends by itself


class ShuttleGame(Game):
    type = GameType(
        name="toy_shuttle",
        long_name="Shuttle (test toy)",
        description="switch sides for free or finish; the evaluation rewards stalling",
        min_players=2,
        max_players=2,
        has_chance=False,
        perfect_information=True,
    )

    @property
    def info(self) -> GameInfo:
        return GameInfo(2, 2, 0, SHUTTLE_CAP + 1, -1.0, 1.0, observation_shape=(2,))

    def new_initial_state(self) -> ShuttleState:
        return ShuttleState(self)

    def state_from_json(self, doc: Any) -> ShuttleState:
        state = ShuttleState(self)
        state.side, state.switches, state.done = doc["side"], doc["switches"], doc["done"]
        return state


class ShuttleState(State):
    """Seat 0's one turn; ``switches`` is not observed, so the sides repeat as positions."""

    __slots__ = ("side", "switches", "done")

    game: ShuttleGame

    def __init__(self, game: ShuttleGame) -> None:
        super().__init__(game)
        self.side = 0
        self.switches = 0
        self.done = False

    def current_player(self) -> int:
        return PlayerId.TERMINAL if self.done else 0

    def _turn_mark(self) -> TurnMark:
        return TurnMark(1, 0)

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def _legal_actions(self) -> list[int]:
        return [SWITCH, FINISH]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def _apply(self, action: int) -> None:
        if action == SWITCH:
            self.side = 1 - self.side
            self.switches += 1
        self.done = action == FINISH or self.switches >= SHUTTLE_CAP

    def _action_to_string(self, action: int) -> str:
        return "switch" if action == SWITCH else "finish"

    def _action_to_json(self, action: int) -> Any:
        return action

    def action_from_json(self, doc: Any) -> int:
        return int(doc)

    def _observation(self, seat: int | None) -> Any:
        return {"side": self.side, "done": self.done}

    def _observation_tensor(self, seat: int | None) -> Any:
        return np.array([self.side, self.done], dtype=np.float32)

    def to_json(self) -> Any:
        return {"side": self.side, "switches": self.switches, "done": self.done}

    def clone(self) -> ShuttleState:
        copy = ShuttleState(self.game)
        copy.side, copy.switches, copy.done = self.side, self.switches, self.done
        return copy


def shuttle_evaluate(state: State, seat: int) -> float:
    """Unfinished turns look better than the finished one (0): stalling tempts the search."""
    return 0.5
