"""The conformance checker: random playouts that verify the protocol contracts of a game.

Checked on every step (cheap):
  * ``current_player()`` is a seat, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``;
  * legal actions are sorted, unique, in range and non-empty at every non-terminal node;
  * chance outcomes match the legal actions, have positive probabilities summing to 1;
  * the game ends within ``info.max_game_length`` actions.
Checked at sampled steps (``deep_rate``) and at the first and last position (deep):
  * ``clone()`` is independent of the original in both directions;
  * ``to_json`` / ``state_from_json`` round-trips (same JSON, same legal actions);
  * illegal actions raise ``IllegalActionError`` and change nothing;
  * ``observation(seat)`` is JSON-safe for every seat and for spectators, and unchanged in a
    state sampled by ``sample_consistent(seat)`` (only other seats' secrets may differ); for a
    game with an ``observation_shape``, ``observation_tensor(seat)`` has that shape, is float32,
    finite and deterministic, and is unchanged in the sampled state too;
  * every legal action has words, no two the same, and ``action_from_json(action_to_json(a))
    == a``; ids outside the action space have no words (``IllegalActionError``).
At the end: returns are within the utility range; the record replays to the same final position.
For the first game of a run, the turns (``core.turns``): every step lies in exactly one turn, in
order, and each turn has a summary in words — for a spectator who knows everything, and (with
hidden information) for seat 0 during play, who is given no full position.
"""

from __future__ import annotations

import json
import math
import operator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from farmstead.core.errors import IllegalActionError
from farmstead.core.game import Game, PlayerId, State
from farmstead.core.record import GameRecord
from farmstead.core.registry import registration
from farmstead.core.rng import Rng, derive_seed
from farmstead.core.tensor import HIGH, LOW
from farmstead.core.turns import record_turns


class ConformanceError(AssertionError):
    """A protocol contract a game broke; the message names the game, seed and step."""


@dataclass
class ConformanceReport:
    """What a conformance run covered."""

    game: str
    players: int
    games: int = 0
    actions: int = 0
    decisions: int = 0
    deep_checks: int = 0
    longest_actions: int = 0
    longest_decisions: int = 0
    wins: int = 0
    draws: int = 0
    lengths: list[int] = field(default_factory=list)


def _json_safe(value: Any, what: str) -> str:
    try:
        text = json.dumps(value, allow_nan=False, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise ConformanceError(f"{what} is not JSON-safe: {exc}") from None
    if json.loads(text) != value:
        raise ConformanceError(f"{what} does not survive a JSON round trip (tuples or int keys?)")
    return text


class _Checker:
    def __init__(self, game: Game, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.info = game.info
        self.n = game.num_players

    def fail(self, where: str, message: str) -> None:
        raise ConformanceError(f"{self.game.type.name} {where}: {message}")

    def step_checks(self, state: State, where: str) -> list[int]:
        player = state.current_player()
        if not (0 <= player < self.n or player in (PlayerId.CHANCE, PlayerId.TERMINAL)):
            self.fail(where, f"current_player() returned {player!r}")
        legal = state.legal_actions()
        if player == PlayerId.TERMINAL:
            if legal:
                self.fail(where, "terminal state has legal actions")
            if not state.is_terminal():
                self.fail(where, "is_terminal() disagrees with current_player()")
            return legal
        if not legal:
            self.fail(where, "no legal action at a non-terminal node")
        if not all(map(operator.lt, legal, legal[1:])):
            self.fail(where, f"legal actions not sorted and unique: {legal[:20]}")
        if player == PlayerId.CHANCE:
            outcomes = state.chance_outcomes()
            if sorted(o for o, _ in outcomes) != legal:
                self.fail(where, "chance outcomes differ from legal actions")
            if any(p <= 0 for _, p in outcomes) or not math.isclose(
                sum(p for _, p in outcomes), 1.0, abs_tol=1e-9
            ):
                self.fail(where, f"chance probabilities do not sum to 1: {outcomes}")
            if legal[0] < 0 or legal[-1] >= self.info.max_chance_outcomes:
                self.fail(where, "chance outcome outside 0..max_chance_outcomes-1")
        elif legal[0] < 0 or legal[-1] >= self.info.num_distinct_actions:
            self.fail(where, "action outside 0..num_distinct_actions-1")
        return legal

    def tensor_checks(self, state: State, seat: int | None, where: str) -> Any:
        """The tensor of ``seat``: the declared shape, float32, finite, the same twice, and
        equal to the reference encoding (of the observation) where the game has one."""
        tensor = state.observation_tensor(seat)
        shape = self.info.observation_shape
        if not isinstance(tensor, np.ndarray) or tensor.dtype != np.float32:
            self.fail(where, f"observation_tensor({seat}) is not a float32 NumPy array")
        if tensor.shape != shape:
            self.fail(where, f"observation_tensor({seat}) has shape {tensor.shape}, not {shape}")
        if not np.isfinite(tensor).all() or tensor.min() < LOW or tensor.max() > HIGH:
            self.fail(where, f"observation_tensor({seat}) has a value outside [{LOW}, {HIGH}]")
        if not np.array_equal(state.observation_tensor(seat), tensor):
            self.fail(where, f"observation_tensor({seat}) differs between two calls")
        reference = getattr(state, "reference_observation_tensor", None)
        if reference is not None and not np.array_equal(reference(seat), tensor):
            self.fail(where, f"observation_tensor({seat}) differs from the reference encoding")
        return tensor

    def deep_checks(self, state: State, legal: list[int], where: str) -> None:
        game = self.game
        before = _json_safe(state.to_json(), f"{where} to_json()")
        # JSON round trip.
        restored = game.state_from_json(json.loads(before))
        if _json_safe(restored.to_json(), "restored to_json()") != before:
            self.fail(where, "state_from_json(to_json()) does not reproduce the position")
        if restored.legal_actions() != legal or restored.current_player() != state.current_player():
            self.fail(where, "restored position has other legal actions or player")
        # Clone independence.
        twin = state.clone()
        if _json_safe(twin.to_json(), "clone") != before:
            self.fail(where, "clone() differs from the original")
        if legal:
            twin.apply_action(self.rng.choice(legal))
            if _json_safe(state.to_json(), "original") != before:
                self.fail(where, "changing a clone changed the original")
        # Illegal actions raise and change nothing.
        limit = (
            self.info.max_chance_outcomes
            if state.current_player() == PlayerId.CHANCE
            else self.info.num_distinct_actions
        )
        illegal = [-1, limit, limit + 7]
        if len(legal) < limit:
            for _ in range(8):
                a = self.rng.randrange(limit)
                if a not in legal:
                    illegal.append(a)
                    break
        for a in (-1, limit):
            try:
                state.action_to_string(a)
            except IllegalActionError:
                pass
            else:
                self.fail(where, f"action_to_string({a}) outside the action space did not raise")
        for a in illegal:
            try:
                state.apply_action(a)
            except IllegalActionError as exc:
                if not str(exc):
                    self.fail(where, f"IllegalActionError for {a} has no message")
            else:
                self.fail(where, f"illegal action {a} was accepted")
            if _json_safe(state.to_json(), "after illegal action") != before:
                self.fail(where, f"illegal action {a} changed the state")
        # Observations (and tensors): JSON-safe; unchanged by other seats' secrets.
        shape = self.info.observation_shape
        for seat in [None, *range(self.n)]:
            obs = _json_safe(state.observation(seat), f"{where} observation({seat})")
            tensor = self.tensor_checks(state, seat, where) if shape else None
            if seat is not None and not state.is_terminal():
                other = state.sample_consistent(seat, self.rng.spawn("sample", where, seat))
                if _json_safe(other.observation(seat), "sampled observation") != obs:
                    self.fail(where, f"observation({seat}) changes with other seats' secrets")
                if tensor is not None and not np.array_equal(
                    other.observation_tensor(seat), tensor
                ):
                    self.fail(where, f"observation_tensor({seat}) changes with others' secrets")
        # Words and JSON for every legal action; a person can tell the choices apart.
        words: dict[str, int] = {}
        for a in legal:
            text = state.action_to_string(a)
            if not text:
                self.fail(where, f"action {a} has no words")
            if text in words:
                self.fail(where, f"actions {words[text]} and {a} have the same words {text!r}")
            words[text] = a
            doc = state.action_to_json(a)
            _json_safe(doc, f"action_to_json({a})")
            if state.action_from_json(doc) != a:
                self.fail(where, f"action_from_json(action_to_json({a})) != {a}")


def check_game(
    game: Game,
    games: int = 10,
    seed: int = 0,
    deep_rate: float = 0.002,
    deep_first: int = 20,
    replay_every: int = 1,
    report: ConformanceReport | None = None,
    start: int = 0,
) -> ConformanceReport:
    """Play ``games`` random games of ``game`` checking the protocol; raise ``ConformanceError``.

    Game ``i`` (counting from ``start``) uses seed ``derive_seed(seed, i)``. The first ``deep_first`` steps, the last
    one and a ``deep_rate`` share of the others get the expensive checks; every
    ``replay_every``-th game is replayed from its record.
    """
    report = report or ConformanceReport(game.type.name, game.num_players)
    for index in range(start, start + games):
        game_seed = derive_seed(seed, index)
        rng = Rng(game_seed)
        checker = _Checker(game, rng.spawn("checks"))
        state = game.new_initial_state()
        actions: list[int] = []
        decisions = 0
        while True:
            where = f"(seed {seed}, game {index}, step {len(actions)})"
            legal = checker.step_checks(state, where)
            if len(actions) < deep_first or state.is_terminal() or rng.random() < deep_rate:
                checker.deep_checks(state, legal, where)
                report.deep_checks += 1
            if state.is_terminal():
                break
            if len(actions) >= game.info.max_game_length:
                checker.fail(where, f"game longer than max_game_length {game.info.max_game_length}")
            if state.current_player() == PlayerId.CHANCE:
                action = rng.sample_outcome(state.chance_outcomes())
            else:
                action = rng.choice(legal)
                decisions += 1
            state.apply_action(action)
            actions.append(action)
        returns = state.returns()
        if len(returns) != game.num_players or any(
            not game.info.min_utility <= r <= game.info.max_utility for r in returns
        ):
            checker.fail(
                f"(seed {seed}, game {index})", f"returns {returns} outside the utility range"
            )
        if index % replay_every == 0:
            record = GameRecord(
                game.type.name,
                game.num_players,
                game.non_default_params,
                game_seed,
                actions=actions,
                returns=returns,
            )
            replayed = GameRecord.from_json(json.loads(record.dumps())).replay()
            if replayed.to_json() != state.to_json() or replayed.returns() != returns:
                checker.fail(
                    f"(seed {seed}, game {index})", "the record does not replay to the same end"
                )
        if index == start:
            _turn_checks(game, actions, checker, f"(seed {seed}, game {index})")
        report.games += 1
        report.actions += len(actions)
        report.decisions += decisions
        report.lengths.append(decisions)
        report.longest_actions = max(report.longest_actions, len(actions))
        report.longest_decisions = max(report.longest_decisions, decisions)
        if max(returns) > min(returns):
            report.wins += 1
        else:
            report.draws += 1
    return report


def _turn_checks(game: Game, actions: list[int], checker: _Checker, where: str) -> None:
    """The game's turns cover its steps in order, and each has a summary in words."""
    names = [f"Seat {seat + 1}" for seat in range(game.num_players)]
    summarise = registration(game.type.name).summarise_turn
    viewers: list[tuple[int | None, bool]] = [(None, True)]
    if not game.type.perfect_information:
        viewers.append((0, False))
    for viewer, public in viewers:
        turns = record_turns(game, actions, names, viewer, public)
        covered = [step.index for turn in turns for step in turn.steps]
        if covered != list(range(len(actions))):
            checker.fail(where, "the turns do not cover the steps once each, in order")
        for turn in turns:
            if not public and turn.position() is not None:
                checker.fail(where, f"turn {turn.number} gives seat 0 the full position")
            text = summarise(turn)
            if not isinstance(text, str) or not text.strip():
                checker.fail(where, f"turn {turn.number} has no summary for viewer {viewer}")
