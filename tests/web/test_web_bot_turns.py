"""Bot turns as people watch them (``web.botturns``): a bot's line of decisions is thought
within one budget for its whole turn and written as one step, paced by the turn's steps
rather than by its atomic decisions, and kept only as far as the bot's guess of hidden
information stays true."""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import groupby
from typing import Any, cast

from fastapi.testclient import TestClient
from webtools import app_of

from farmstead.core.game import JSON, State
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.web.bots import MIN_DECISION_SECONDS, BotJob, run_line
from farmstead.web.botturns import (
    ANSWER_SECONDS,
    LINE_SHARE,
    MIN_LINE_SECONDS,
    THINK_RESERVE,
    TurnClock,
    line_budget,
    pause_before,
    playable_line,
)


def rancho_after_roll(seed: int) -> State:
    """A two-seat Rancho position where seat 0 has rolled and decides (random play until a
    decision of seat 0 that follows a chance outcome)."""
    game = load_game("rancho", 2)
    state = game.new_initial_state()
    rng = Rng(seed)
    previous_chance = False
    while True:
        if state.is_chance_node():
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            previous_chance = True
            continue
        if previous_chance and state.current_player() == 0 and len(state.legal_actions()) > 1:
            return state
        previous_chance = False
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_bot_turn_line_thinks_within_one_budget_for_all_its_decisions() -> None:
    """A search bot whose own budget is 5 s a move plays its whole line (to a chance outcome,
    another seat or the end) within the line's budget: each decision is capped at a share of
    what is left, at least ``MIN_DECISION_SECONDS``."""
    longest: list[int] = []
    for seed in range(12):
        state = rancho_after_roll(seed)
        job = BotJob.make(
            state.game,
            state.to_json(),
            "mcts:iterations=100000,seconds=5",
            seed=1,
            line=400,
            line_seconds=0.4,
            whole=True,
        )
        started = time.process_time()
        line = run_line(job)
        spent = time.process_time() - started
        assert spent < 0.4 + MIN_DECISION_SECONDS * len(line) + 1.0, (seed, spent, len(line))
        after = state.clone()
        for action in line:
            assert after.current_player() == 0 and after.is_legal(action)
            after.apply_action(action)
        assert after.is_terminal() or after.is_chance_node() or after.current_player() != 0
        longest = max(longest, line, key=len)
        if len(longest) > 3:
            break
    assert len(longest) > 3  # a line of several decisions was among them


def test_pauses_follow_the_turn_not_each_decision() -> None:
    """The turn pause comes before a bot's first line of its own turn; a later line waits
    the step pause, shortened so that the turn's budget keeps time to think; lines think for
    what is left of the budget (an answer in another seat's turn briefly)."""
    opening = TurnClock(seat=1, own=True, acted=False, elapsed=0.0)
    assert pause_before(opening, 0.6, 0.3, 2.0) == 0.6
    later = TurnClock(seat=1, own=True, acted=True, elapsed=0.9)
    assert pause_before(later, 0.6, 0.3, 2.0) == 0.3
    late = TurnClock(seat=1, own=True, acted=True, elapsed=2.0 - THINK_RESERVE - 0.1)
    assert abs(pause_before(late, 0.6, 0.3, 2.0) - 0.1) < 1e-9
    spent = TurnClock(seat=1, own=True, acted=True, elapsed=5.0)
    assert pause_before(spent, 0.6, 0.3, 2.0) == 0.0
    assert line_budget(later, 2.0) == (2.0 - 0.9) * LINE_SHARE
    assert line_budget(spent, 2.0) == MIN_LINE_SECONDS
    answer = TurnClock(seat=2, own=False, acted=False, elapsed=0.2)
    assert pause_before(answer, 0.6, 0.3, 2.0) == 0.3
    assert line_budget(answer, 2.0) == ANSWER_SECONDS


class PeekState:
    """A one-seat toy for ``playable_line``: a hidden coin (0 or 1) that seat 0 may ``peek``
    at (action 2) before it guesses it (action 0 or 1)."""

    def __init__(self, coin: int, peeked: bool = False, guess: int | None = None) -> None:
        self.coin, self.peeked, self.guess = coin, peeked, guess
        self.game = self

    # the Game side the function uses
    class type:  # noqa: N801 - mirrors ``Game.type``
        perfect_information = False

    def state_from_json(self, doc: JSON) -> PeekState:
        return PeekState(doc["coin"], doc["peeked"], doc["guess"])

    # the State side
    def clone(self) -> PeekState:
        return PeekState(self.coin, self.peeked, self.guess)

    def is_terminal(self) -> bool:
        return self.guess is not None

    def current_player(self) -> int:
        return 0

    def is_legal(self, action: int) -> bool:
        return action in (0, 1) or (action == 2 and not self.peeked)

    def apply_action(self, action: int) -> None:
        if action == 2:
            self.peeked = True
        else:
            self.guess = action

    def observation(self, seat: int | None) -> JSON:
        return {"peeked": self.peeked, "coin": self.coin if self.peeked else None}


def test_a_line_stops_where_the_bot_guessed_hidden_information_wrong() -> None:
    """Hidden information: the bot chose its line in a sampled position. Once its own move
    shows it something (a peek), the rest of the line was chosen on a guess; it is played only
    when the guess agrees with what the seat now sees, else asked for again."""
    truth = cast(State, PeekState(coin=1))
    wrong_guess = {"coin": 0, "peeked": False, "guess": None}
    right_guess = {"coin": 1, "peeked": False, "guess": None}
    assert playable_line(truth, wrong_guess, 0, [2, 0]) == [2]
    assert playable_line(truth, right_guess, 0, [2, 1]) == [2, 1]
    assert playable_line(truth, right_guess, 0, [3]) == []  # not legal in the true position


def bot_runs(entries: list[Any], seat_kind: Callable[[int], str]) -> list[list[Any]]:
    """Maximal runs of consecutive log entries by one bot seat (chance and other seats cut)."""
    runs = []
    for seat, run in groupby(entries, key=lambda e: e.seat):
        if seat >= 0 and seat_kind(seat) == "bot":
            runs.append(list(run))
    return runs


def test_a_bot_line_is_written_as_one_step(make_client: Callable[..., TestClient]) -> None:
    """A Rancho bot's decisions after its roll (some tens of atomic steps: each animal given
    in a trade, each animal placed) reach the log in one write — one change for the page,
    not one paced change per atomic decision."""
    client = make_client()
    bots = [{"kind": "bot", "level": "hard"}] * 2
    answer = client.post("/api/matches", json={"game": "rancho", "seats": bots})
    assert answer.status_code == 201, answer.text
    match_id = answer.json()["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if client.get(f"/api/matches/{match_id}").json()["index"] > 120:
            break
        time.sleep(0.1)
    stored = app_of(client).state.storage.load_match(match_id)
    assert stored is not None
    kinds = {s.seat: s.kind for s in stored.seats}
    runs = bot_runs(stored.actions, lambda seat: kinds[seat])
    assert sum(len(r) for r in runs) > 60
    assert any(len(r) > 3 for r in runs)
    for run in runs:
        assert len({entry.at for entry in run}) == 1, [(e.index, e.at) for e in run]
