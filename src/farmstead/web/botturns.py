"""Bot turns as people watch them: one time budget per turn, paced by the turn's steps.

A bot's turn is made of *lines*: the decisions one seat takes in a row before a chance
outcome, another seat's decision or the end. A Rancho turn after its roll is one line of some
fifty atomic steps (each animal given in a trade, each animal placed); a Farms Race turn is
split into several lines by battle dice and by other seats' answers to a trade. The server
asks the bot for a whole line at once (``BotJob`` with ``whole``) and writes it as one step,
so the page shows a line as one change — the step the log's turn summary puts in words — and
not as fifty changes paced one by one.

* **Pacing.** Before the first line a bot plays in its own turn the server waits
  ``turn_pause`` (people see the previous turn's result, a Rancho roll or a battle's dice);
  before any later line, ``step_pause``, as long as the turn's budget allows it.
* **Budget.** A turn has its level's ``turn_seconds``: the bots' thinking and the pauses of the
  turn together, from the moment the turn became due. Time spent waiting for a person (a
  human's answer to a trade offered in a bot's turn) is not counted. Each line may think for
  half of what is left, at least ``MIN_LINE_SECONDS``; a bot acting in another seat's turn
  thinks at most ``ANSWER_SECONDS``. The worker shares a line's budget out among its decisions
  (``bots.run_line``).

The clock is read from the stored log's timestamps, so every process of a deployment (web
processes and bot workers) paces and budgets a turn alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from farmstead.core.game import JSON, State

if TYPE_CHECKING:
    from farmstead.web.matches import LiveMatch

MIN_LINE_SECONDS = 0.03
"""The least a line may think, even when its turn's budget is spent."""
LINE_SHARE = 0.5
"""The share of what is left of a turn's budget that one line may think: later lines of the
turn (after battle dice, other seats' answers) keep time of their own."""
ANSWER_SECONDS = 0.06
"""The most a bot may think when it acts in another seat's turn (an answer to a trade)."""
THINK_RESERVE = 0.5
"""Seconds of a turn's budget that pauses leave for thinking: a pause between lines shrinks
rather than take them."""
BOT_LINE = 400
"""Decisions in one line at most (a line this long is continued by the next job)."""


@dataclass(frozen=True)
class TurnClock:
    """Where the bot in ``seat`` stands in the turn of its next decision.

    ``own``: the turn is the seat's own (not an answer in another seat's turn); ``acted``:
    the seat already acted in this turn; ``elapsed``: seconds of the turn so far, waits for
    people left out.
    """

    seat: int
    own: bool
    acted: bool
    elapsed: float


def turn_clock(match: LiveMatch, seat: int, now: datetime) -> TurnClock:
    """The clock of the turn in which ``seat`` (a bot, to move in ``match``) decides next."""
    number, turn_seat = match.turns.draft().turn_of(match.state, seat)
    log = match.log
    first = len(log)
    while first > 0 and log[first - 1].turn == number:
        first -= 1
    start = log[first - 1].at if first > 0 else match.created_at
    waited = 0.0
    for index in range(first, len(log)):
        entry = log[index]
        if entry.seat >= 0 and match.seats[entry.seat].kind != "bot":
            before = log[index - 1].at if index > 0 else match.created_at
            waited += max(0.0, (entry.at - before).total_seconds())
    elapsed = max(0.0, (now - start).total_seconds() - waited)
    acted = any(entry.seat == seat for entry in log[first:])
    return TurnClock(seat, turn_seat == seat, acted, elapsed)


def pause_before(clock: TurnClock, turn_pause: float, step_pause: float, budget: float) -> float:
    """Seconds to wait before the bot's next line: ``turn_pause`` before its first line of its
    own turn; otherwise ``step_pause``, shortened so that the turn's ``budget`` keeps
    ``THINK_RESERVE`` for thinking."""
    if clock.own and not clock.acted:
        return turn_pause
    return max(0.0, min(step_pause, budget - THINK_RESERVE - clock.elapsed))


def line_budget(clock: TurnClock, budget: float) -> float:
    """Seconds the bot's next line may think: ``LINE_SHARE`` of what is left of the turn's
    ``budget`` (at least ``MIN_LINE_SECONDS``), and no more than ``ANSWER_SECONDS`` in another
    seat's turn. However many lines a turn has, their thinking adds up to the budget at most,
    floors aside."""
    left = max(MIN_LINE_SECONDS, (budget - clock.elapsed) * LINE_SHARE)
    return left if clock.own else min(left, ANSWER_SECONDS)


def playable_line(state: State, position: JSON, seat: int, line: Sequence[int]) -> list[int]:
    """The part of a bot's ``line`` to play in the true ``state``.

    The bot chose the line in ``position`` (``state`` itself in a game with perfect
    information, else a draw consistent with what ``seat`` may know). A decision is kept while
    ``seat`` is to move, the decision is legal in ``state``, and — from the second decision on
    — ``seat``'s observation is the same in both positions: once what the seat would know
    differs (its own move revealed something), its later decisions were made on a guess and
    are asked for again. ``state`` is not changed.
    """
    truth = state.clone()
    perfect = state.game.type.perfect_information
    guess = None if perfect else state.game.state_from_json(position)
    kept: list[int] = []
    for action in line:
        if truth.is_terminal() or truth.current_player() != seat or not truth.is_legal(action):
            break
        if kept and guess is not None and guess.observation(seat) != truth.observation(seat):
            break
        kept.append(action)
        truth.apply_action(action)
        if guess is not None:
            guess.apply_action(action)
    return kept
