"""Move hints: the game's strongest bot suggests a move to the seat that must act.

A hint is asked for by the holder of the seat to move (``POST /api/matches/{id}/hint``) and
answered with one of that seat's legal actions, followed by the decisions the same seat would
take next before anything random, hidden or another seat's (the rest of a compound move: a
Fences tile's cell and rotation, an Animal Farm unit's steps), as the bot would play them.

* **Who may ask.** Only a holder of the seat to move, for that seat (403 for another seat, 409
  when it is not the seat's turn). On one device (the requester holds every human seat: a game
  against bots or hot-seat) hints are always allowed; in a match with players on other devices
  only when it was created with ``options.hints`` (every player joins knowing it).
* **Which bot.** The game's level table may name a ``hint`` spec; otherwise the strongest
  level the server offers for the game. Its ``seconds`` budget is capped (``HINT_SECONDS``
  for the whole line) and the pool stops the worker after ``HINT_LIMIT`` seconds.
* **Only the seat's information.** In a game with hidden information the worker never receives
  the true position: the job carries a position drawn by ``sample_consistent(seat)`` (the
  other seats' secrets replaced by a draw from what the seat may know), so no agent — search
  or heuristic — can read another seat's secrets. Bot moves are built the same way
  (``bot_position``).
* **Cost.** A hint is computed once per position and seat; asking again returns the same one.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from farmstead.agents.base import AgentSpec, seat_position
from farmstead.agents.registry import agent_class
from farmstead.core.errors import FarmsteadError
from farmstead.core.game import JSON, State
from farmstead.core.rng import Rng, derive_seed
from farmstead.web.bots import BotBusy, BotCatalog, BotError, BotJob, BotPool, BotTimeout
from farmstead.web.errors import (
    ConflictError,
    ForbiddenError,
    NotFoundError,
    StaleError,
    UnavailableError,
)

if TYPE_CHECKING:
    from farmstead.web.matches import LiveMatch

HINT_SECONDS = 1.0
"""The search budget of a hint: the suggested action and its follow-ups together."""
HINT_FIRST_SHARE = 0.6
"""The share of ``HINT_SECONDS`` the first decision may use (the rest is for its follow-ups)."""
HINT_LIMIT = 1.5
"""Seconds after which the pool stops a hint's worker (a margin over ``HINT_SECONDS``)."""
HINT_WAIT = 5.0
"""Seconds a hint waits for a free worker before the server says the bots are busy."""
HINT_LINE = 6
"""Decisions in a hint's line at most (the action and its follow-ups)."""
HINT_LEVEL = "hint"
"""The key of a dedicated hint spec in a game's level table (``Heuristics.levels``)."""


@dataclass(frozen=True)
class HintBot:
    """The agent that gives a game's hints: its spec (budget capped) and where it came from
    (``hint`` for the game's own hint spec, else the level's name)."""

    spec: str
    source: str


def hint_bot(catalog: BotCatalog, game: str) -> HintBot:
    """The game's hint agent: its level table's ``hint`` spec, else the strongest level the
    server offers for it; a ``seconds`` budget is capped at the first decision's share."""
    from farmstead.core.registry import registration

    heuristics = registration(game).heuristics
    dedicated = heuristics.levels.get(HINT_LEVEL) if heuristics is not None else None
    if dedicated:
        spec, source = dedicated, HINT_LEVEL
    else:
        offered = catalog.offered(game)
        if not offered:
            raise UnavailableError("this server offers no bot for this game, so no hints")
        strongest = offered[-1]
        spec, source = strongest.spec, strongest.level.name
    return HintBot(cap_seconds(spec, HINT_SECONDS * HINT_FIRST_SHARE), source)


def cap_seconds(spec: str, seconds: float) -> str:
    """``spec`` with its ``seconds`` budget at most ``seconds`` (set when it has none), for an
    agent that takes a time budget; other agents' specs are returned unchanged."""
    parsed = AgentSpec.parse(spec)
    names = {p.name for p in agent_class(parsed.name).params}
    if "seconds" not in names:
        return spec
    params = dict(parsed.params)
    given = float(params.get("seconds", "0"))  # a level's spec was checked when the server started
    params["seconds"] = f"{seconds:g}" if given <= 0 else f"{min(given, seconds):g}"
    return str(AgentSpec(parsed.name, params))


def bot_position(state: State, seat: int, seed: int) -> JSON:
    """The position a bot deciding for ``seat`` is sent, as JSON: ``seat_position`` drawn from
    ``seed`` (the full position with perfect information; else every secret of another seat
    replaced by a draw from what ``seat`` may know)."""
    return seat_position(state, seat, Rng(seed)).to_json()


def hints_allowed(match: LiveMatch, held: frozenset[int]) -> bool:
    """Whether a requester holding ``held`` may ask for hints in ``match``: it holds a seat,
    and either every human seat (one device: bots or hot-seat) or the match allows hints."""
    if not held:
        return False
    humans = {s.seat for s in match.seats if s.kind == "human"}
    return humans <= held or match.options.hints


def hint_seat(match: LiveMatch, held: frozenset[int], seat: int | None) -> int:
    """The seat a hint is asked for, after every check that needs no bot (the error says
    which check failed): it must be held, allowed and the seat to move."""
    if match.finished:
        raise ConflictError("this game is over; there is nothing to suggest")
    to_move = match.to_move()
    if seat is None:
        if not held:
            raise ForbiddenError("spectators cannot ask for hints; take a seat to play")
        seat = to_move if to_move in held else min(held)
    if not 0 <= seat < len(match.seats):
        raise NotFoundError(
            f"this match has seats 1..{len(match.seats)}; there is no seat {seat + 1}"
        )
    if seat not in held:
        raise ForbiddenError(
            f"you do not hold seat {seat + 1}: a hint is only for your own seat, from what "
            "that seat may see"
        )
    if not hints_allowed(match, held):
        raise ForbiddenError(
            "hints are off in this match: players on other devices take part, and it was "
            "not created with hints allowed"
        )
    if to_move != seat:
        who = match.seats[to_move].name if to_move is not None else "nobody"
        raise ConflictError(
            f"it is not your turn ({who} is to move): a hint suggests a move for the player to move"
        )
    return seat


async def compute_hint(
    match: LiveMatch, pool: BotPool, catalog: BotCatalog, seat: int
) -> dict[str, Any]:
    """The hint for ``seat`` (the seat to move) in the current position, computed once per
    position and seat (concurrent requests share it)."""
    key = (match.undos, match.version, seat)
    task = match.hints.get(key)
    if task is None:
        task = asyncio.get_running_loop().create_task(_compute(match, pool, catalog, seat))
        match.hints[key] = task
    try:
        result = await asyncio.shield(task)
    except BaseException:
        if task.done() and match.hints.get(key) is task:
            del match.hints[key]  # a failed hint may be asked again
        raise
    if (match.undos, match.version) != key[:2]:
        raise StaleError("the game moved on while the bot was thinking; ask again")
    return result


async def _compute(
    match: LiveMatch, pool: BotPool, catalog: BotCatalog, seat: int
) -> dict[str, Any]:
    game = match.game
    bot = hint_bot(catalog, game.type.name)
    state = match.state
    version = match.version
    try:
        position = bot_position(state, seat, derive_seed(match.seed, "hint", seat, version))
        job = BotJob.make(
            game,
            position,
            bot.spec,
            derive_seed(match.seed, "hint-agent", seat, version),
            HINT_LIMIT,
            line=HINT_LINE,
            line_seconds=HINT_SECONDS,
        )
    except (FarmsteadError, NotImplementedError) as exc:
        raise UnavailableError(f"no hint can be made here: {exc}") from None
    started = time.monotonic()
    try:
        line = await pool.choose_line(job, match.id, wait=HINT_WAIT)
    except BotBusy:
        raise UnavailableError("every bot is busy; ask for a hint again in a moment") from None
    except BotTimeout:
        raise UnavailableError("the bot found no suggestion in time; ask again") from None
    except BotError as exc:
        raise UnavailableError(f"the bot could not suggest a move: {exc}") from None
    seconds = time.monotonic() - started
    steps = line_json(state, seat, line)
    if not steps:
        raise UnavailableError("the bot could not suggest a legal move here; ask again")
    return {
        "seat": seat,
        "index": version,
        "undos": match.undos,
        "action": steps[0],
        "line": steps,
        "bot": bot.source,
        "agent": bot.spec,
        "seconds": round(seconds, 3),
    }


def line_json(state: State, seat: int, line: list[int]) -> list[dict[str, Any]]:
    """The line's decisions that are legal in turn from the true ``state`` (a clone), as the
    view lists legal actions (id, words for ``seat``, JSON); it stops at the first that is not
    (the bot saw a sampled position) or once another seat or chance is to act."""
    position = state.clone()
    out: list[dict[str, Any]] = []
    for action in line:
        if position.is_terminal() or position.current_player() != seat:
            break
        if not position.is_legal(action):
            break
        out.append(
            {
                "id": action,
                "label": position.action_to_string_for(action, seat),
                "json": position.action_to_json(action),
            }
        )
        position.apply_action(action)
    return out
