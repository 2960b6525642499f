"""Monte Carlo tree search: UCT with chance nodes, n-player returns and information sets.

One search builds a tree of action sequences from the position to move. Each iteration

1. starts from the position itself (perfect information) or from a full position drawn with
   ``state.sample_consistent(seat, rng)`` among those the searching seat cannot tell apart
   (information-set MCTS, single observer: the tree is shared by all the draws);
2. descends: chance nodes draw an outcome from ``chance_outcomes()`` (with ``chance="open"``
   every outcome leads to the same child, open-loop search); decision nodes take an
   untried legal action if there is one (and stop there) or else the child with the best UCB
   score for the seat to move, counted over the iterations in which that child was legal
   ("availability", which equals the parent's visits under perfect information);
3. rolls out: plays on with the rollout policy for at most ``rollout_depth`` decisions, then
   scores the position for every seat with the game's ``evaluate`` (or uses the returns when
   the game ended; ``rollout_depth=-1`` plays to the end);
4. backs up the whole value vector, one value per seat, so each seat maximises its own value
   (right for 3+ players and for games that are not zero-sum).

With ``prior`` > 0 a decision node is expanded all at once: every legal child is scored with
the game's ``evaluate`` and starts with ``prior`` virtual visits at that value (node priors,
a form of progressive bias). The search then begins where the greedy one-ply agent would
play and spends its iterations checking those moves against the replies below them, which is
what makes it stronger than the greedy agent with few iterations in games with wide turns.

Values are kept in [0, 1]: returns are scaled by the game's utility range and evaluations
(in [-1, 1]) are mapped linearly. With ``normalize`` (the default) UCB compares mean values
rescaled by the range of leaf values seen so far in the search, so one exploration constant
suits games whose evaluations differ by hundredths as well as games decided by wins and
losses. The move played is the most visited root child.

A game's heuristics may recommend settings for this agent (``Heuristics.search_settings`` of
its registration, see ``farmstead.agents.evaluation``); they replace the defaults of the parameters the agent was
not given explicitly.

The budget is ``iterations`` and/or ``seconds``; with ``seconds`` the result depends on the
machine's speed, with ``iterations`` alone it is a pure function of the position and the
agent's generator.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from farmstead.agents.base import Agent
from farmstead.agents.evaluation import (
    EvaluateAllFn,
    EvaluateFn,
    PolicyFn,
    evaluate_all_from,
    load_evaluate,
    load_evaluate_all,
    load_policy,
    load_search_settings,
    terminal_values,
)
from farmstead.core.errors import InvalidParamError
from farmstead.core.game import Game, ParamSpec, PlayerId, State
from farmstead.core.rng import Rng

CHANCE = int(PlayerId.CHANCE)
OPEN_LOOP = -1  # the one child key of a chance node in open-loop search (no action is -1)


class Node:
    """One node of the search tree: visit counts and per-seat value sums of its subtree."""

    __slots__ = ("children", "visits", "available", "values")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.available = 1
        self.values = [0.0] * players

    def mean(self, seat: int) -> float:
        """The mean value of ``seat`` over the visits of this node (0 when unvisited)."""
        return self.values[seat] / self.visits if self.visits else 0.0


class MCTSAgent(Agent):
    """UCT / information-set MCTS over the game protocol (see the module docstring)."""

    name = "mcts"
    description = (
        "UCT with sampled chance nodes, per-seat backups, information-set sampling and node "
        "priors from the game's evaluation"
    )
    params = (
        ParamSpec("iterations", int, 100, "search iterations per move (0: no limit)", minimum=0),
        ParamSpec("seconds", float, 0.0, "time budget per move in seconds (0: none)", minimum=0),
        ParamSpec("c", float, 0.7, "UCB exploration constant", minimum=0),
        ParamSpec(
            "normalize",
            bool,
            True,
            "rescale values by the range of leaf values seen in the search before UCB",
        ),
        ParamSpec(
            "rollout_depth",
            int,
            0,
            "decisions played after the tree before evaluating (0: evaluate the new leaf; "
            "-1: play to the end)",
            minimum=-1,
        ),
        ParamSpec(
            "rollout",
            str,
            "random",
            "rollout policy: random, greedy (one-ply on evaluate, epsilon-random), or policy "
            "(the game's own planner, epsilon-random)",
            choices=("random", "greedy", "policy"),
        ),
        ParamSpec(
            "prior",
            int,
            0,
            "virtual visits given to each child at the value evaluate gives it when its parent "
            "is expanded (0: no priors, untried children are expanded one per iteration)",
            minimum=0,
        ),
        ParamSpec(
            "loop_guard",
            bool,
            True,
            "never step back to a position already passed in the same turn while another legal "
            "move leads elsewhere",
        ),
        ParamSpec(
            "chance",
            str,
            "closed",
            "chance nodes: closed (one child per outcome) or open (one child for all outcomes, "
            "so the statistics of the moves after a draw are shared by every draw)",
            choices=("closed", "open"),
        ),
        ParamSpec(
            "epsilon",
            float,
            0.2,
            "greedy and policy rollouts: chance of a random move",
            minimum=0,
            maximum=1,
        ),
    )

    def __init__(self, rng: Rng, evaluate: EvaluateFn[State] | None = None, **params: Any) -> None:
        super().__init__(rng, **params)
        self._given = {key: self.config[key] for key in params}
        if self.config["iterations"] == 0 and self.config["seconds"] == 0:
            raise InvalidParamError("mcts needs a budget: iterations > 0 or seconds > 0")
        self._injected = evaluate
        self._game_name: str | None = None
        self._evaluate: EvaluateFn[State] | None = None
        self._evaluate_all: EvaluateAllFn[State] | None = None
        self._policy: PolicyFn[State] | None = None  # the rollout policy (rollout=policy)
        self.last_iterations = 0
        self.last_root: Node | None = None
        self._turn: Any = None  # the turn mark of the positions in _seen
        self._seen: set[str] = set()  # positions this agent stood at in that turn
        self._low, self._high = math.inf, -math.inf  # leaf values seen in the current search
        self._cap: float | None = None  # cap_seconds: the most a decision may take now

    # --- set-up --------------------------------------------------------------------------
    def _needs_evaluation(self) -> bool:
        return (
            self.config["rollout_depth"] >= 0
            or self.config["rollout"] in ("greedy", "policy")
            or self.config["prior"] > 0
        )

    def check_game(self, game: Game) -> None:
        self._bind(game)

    def _bind(self, game: Game) -> None:
        if self._game_name == game.type.name:
            return
        self._apply_game_settings(game)
        if self._injected is not None:
            self._evaluate = self._injected
            self._evaluate_all = evaluate_all_from(self._injected)
        elif self._needs_evaluation():
            self._evaluate = load_evaluate(game)
            self._evaluate_all = load_evaluate_all(game)
        self._policy = None
        if self.config["rollout"] == "policy":
            self._policy = load_policy(game)
            if self._policy is None:
                raise InvalidParamError(
                    f"mcts rollout=policy: {game.type.name} has no planner (its heuristics "
                    "give no policy); use rollout=random or rollout=greedy"
                )
        self._game_name = game.type.name

    def _apply_game_settings(self, game: Game) -> None:
        """Take the game's recommended settings for every parameter not given explicitly."""
        config = {spec.name: self._given.get(spec.name, spec.default) for spec in type(self).params}
        for key, value in load_search_settings(game, self.name).items():
            if key in self._given:
                continue
            spec = next((p for p in type(self).params if p.name == key), None)
            if spec is None:
                raise InvalidParamError(
                    f"the heuristics of {game.type.name!r} recommend unknown {self.name} "
                    f"parameter {key!r}"
                )
            config[key] = spec.coerce(value)
        self.config = config

    def cap_seconds(self, seconds: float | None) -> None:
        """Search at most ``seconds`` per decision (and never past ``iterations``); the
        agent's own ``seconds``, when set, still applies where it is smaller."""
        if seconds is not None and seconds <= 0:
            raise InvalidParamError(f"mcts: a time cap must be positive, got {seconds}")
        self._cap = seconds

    def _seconds(self) -> float:
        """The time budget of the next search (0: none)."""
        own = self.config["seconds"]
        if self._cap is None:
            return float(own)
        return min(own, self._cap) if own > 0 else self._cap

    # --- search --------------------------------------------------------------------------
    def step(self, state: State) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        seat = state.current_player()
        root = self.search(state)
        ranked = self._ranked_children(root, actions, seat)
        if not self.config["loop_guard"]:
            return ranked[0]
        return self._first_leaving_turn_loop(state, seat, ranked)

    def _first_leaving_turn_loop(self, state: State, seat: int, ranked: list[int]) -> int:
        """The best-ranked action that does not lead back to a position this agent already
        stood at in the same turn (the game's ``turn_mark``), or the best one if all do.

        Some turns can be stalled at no cost (Farms Race lets a mover switch the source of a
        move back and forth); a search whose values are equal for every ordering would wander
        through such cycles, spending a full search on each step. Positions are compared as
        ``seat`` sees them (its observation), and the result of an action is taken in
        a position drawn with ``sample_consistent``, never the true hidden state.
        """
        mark = state.turn_mark()
        if mark is None:
            return ranked[0]
        if mark != self._turn:
            self._turn, self._seen = mark, set()
        self._seen.add(self._position_key(state, seat))
        perfect = state.game.type.perfect_information
        for action in ranked:
            after = state.clone() if perfect else state.sample_consistent(seat, self.rng)
            after.apply_action(action)
            if self._position_key(after, seat) not in self._seen:
                return action
        return ranked[0]

    @staticmethod
    def _position_key(state: State, seat: int) -> str:
        return json.dumps(state.observation(seat), sort_keys=True)

    def search(self, state: State) -> Node:
        """Run one search from ``state`` (a decision node) and return the root of its tree."""
        self._bind(state.game)
        seat = state.current_player()
        players = state.game.num_players
        perfect = state.game.type.perfect_information
        root = Node(players)
        iterations = self.config["iterations"]
        seconds = self._seconds()
        deadline = time.perf_counter() + seconds if seconds > 0 else None
        self._low, self._high = math.inf, -math.inf
        done = 0
        while True:
            if iterations and done >= iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            world = state.clone() if perfect else state.sample_consistent(seat, self.rng)
            self._iterate(root, world, players)
            done += 1
        self.last_iterations = done
        self.last_root = root
        return root

    def _iterate(self, root: Node, state: State, players: int) -> None:
        rng = self.rng
        c = self.config["c"]
        prior = self.config["prior"]
        open_loop = self.config["chance"] == "open"
        path = [root]
        node = root
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                outcome = rng.sample_outcome(state.chance_outcomes())
                state.apply_action(outcome)
                key = OPEN_LOOP if open_loop else outcome
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(players)
                node = child
                path.append(node)
                continue
            children = node.children
            legal = state.legal_actions()
            if prior:
                fresh = not children
                for action in legal:
                    known = children.get(action)
                    if known is None:
                        children[action] = self._prior_child(state, action, players, prior)
                    else:
                        known.available += 1
                best_action = self._select(children, legal, player, c)
                state.apply_action(best_action)
                node = children[best_action]
                path.append(node)
                if fresh:
                    break
                continue
            untried: list[int] = []
            for action in legal:
                known = children.get(action)
                if known is None:
                    untried.append(action)
                else:
                    known.available += 1
            if untried:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                state.apply_action(action)
                child = children[action] = Node(players)
                path.append(child)
                break
            best_action = self._select(children, legal, player, c)
            state.apply_action(best_action)
            node = children[best_action]
            path.append(node)
        leaf = path[-1]
        if (
            prior
            and self.config["rollout_depth"] == 0
            and leaf.visits == prior
            and not leaf.children
        ):
            # A child created by this iteration's expansion: its evaluation is its prior.
            values = [v / prior for v in leaf.values]
        else:
            values = self._rollout(state)
        self._low = min(self._low, *values)
        self._high = max(self._high, *values)
        for visited in path:
            visited.visits += 1
            sums = visited.values
            for seat in range(players):
                sums[seat] += values[seat]

    def _prior_child(self, state: State, action: int, players: int, prior: int) -> Node:
        """A child node for ``action`` holding ``prior`` virtual visits at its evaluation."""
        child_state = state.clone()
        child_state.apply_action(action)
        if child_state.is_terminal():
            raw = terminal_values(child_state)
        else:
            assert self._evaluate_all is not None
            raw = self._evaluate_all(child_state)
        values = [(v + 1.0) * 0.5 for v in raw]
        self._low = min(self._low, *values)
        self._high = max(self._high, *values)
        child = Node(players)
        child.visits = prior
        child.values = [v * prior for v in values]
        return child

    def _select(self, children: dict[int, Node], legal: list[int], player: int, c: float) -> int:
        """The legal child with the best UCB score for ``player``.

        With ``normalize``, mean values are rescaled by the lowest and highest leaf value seen
        in this search (all seats), so that ``c`` means the same whatever the spread of the
        game's evaluation: when every leaf scores within a few hundredths, those hundredths
        decide as much as the whole [0, 1] range would.
        """
        low, span = 0.0, 1.0
        if self.config["normalize"] and self._high - self._low > 1e-9:
            low, span = self._low, self._high - self._low
        best_action, best_score = legal[0], -math.inf
        for action in legal:
            child = children[action]
            mean = (child.values[player] / child.visits - low) / span
            score = mean + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_score, best_action = score, action
        return best_action

    def _rollout(self, state: State) -> list[float]:
        """Per-seat values in [0, 1] of ``state`` after a bounded playout."""
        rng = self.rng
        depth = self.config["rollout_depth"]
        greedy = self.config["rollout"] == "greedy"
        epsilon = self.config["epsilon"]
        decisions = 0
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
                continue
            if 0 <= depth <= decisions:
                assert self._evaluate_all is not None
                return [(v + 1.0) * 0.5 for v in self._evaluate_all(state)]
            legal = state.legal_actions()
            if self._policy is not None and len(legal) > 1 and rng.random() >= epsilon:
                action = self._policy(state, player, rng)
            elif greedy and len(legal) > 1 and rng.random() >= epsilon:
                action = self._greedy_action(state, player, legal)
            else:
                action = legal[0] if len(legal) == 1 else rng.choice(legal)
            state.apply_action(action)
            decisions += 1
        return [(v + 1.0) * 0.5 for v in terminal_values(state)]

    def _greedy_action(self, state: State, seat: int, legal: list[int]) -> int:
        """The action whose result ``evaluate`` rates best for ``seat`` (no chance expectation)."""
        evaluate = self._evaluate
        assert evaluate is not None
        best_value = -math.inf
        best: list[int] = []
        for action in legal:
            child = state.clone()
            child.apply_action(action)
            value = terminal_values(child)[seat] if child.is_terminal() else evaluate(child, seat)
            if value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    @staticmethod
    def _ranked_children(root: Node, legal: list[int], seat: int) -> list[int]:
        """The legal root actions, most visited first; ties go to the higher mean, then the
        lower id; actions the search never tried come last, in id order."""
        scored = sorted(
            (
                (-child.visits, -child.mean(seat), action)
                if (child := root.children.get(action)) is not None
                else (1, 0.0, action)
            )
            for action in legal
        )
        return [action for *_, action in scored]
