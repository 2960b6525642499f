"""Live matches: the server's authority over every position.

``MatchManager`` holds every unfinished match in memory (rebuilt from the event log at start-up)
and a small cache of finished ones. It is the only writer of the log and keeps these contracts:

* An action is accepted only from the seat that must act, and only if it is legal. The step it
  starts — the action plus the chance outcomes that follow it — is computed on a clone, written
  to the database in one transaction, and only then becomes the match's position. A refused or
  failed step changes nothing.
* Chance outcomes are drawn by the server from ``Rng(derive_seed(seed, "chance", index))`` —
  one generator per log index — at the moment the position reaches the chance node, and are
  logged like any action. Rebuilding from the log (or re-drawing after a crash) is exact.
* Bots move through the ``BotPool``; the event loop only applies their answers.

All methods run on the event loop thread. The accepting step has no ``await`` inside, so steps
of one match never interleave.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from farmstead.agents.registry import validate_spec
from farmstead.core.errors import FarmsteadError, IllegalActionError, InvalidParamError
from farmstead.core.game import JSON, Game, PlayerId, State
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng, derive_seed
from farmstead.web.bots import BotError, BotJob, BotPool
from farmstead.web.errors import (
    ConflictError,
    ForbiddenError,
    NotFoundError,
    StaleError,
    UnavailableError,
)
from farmstead.web.storage import (
    ActionRow,
    MatchRow,
    SeatRow,
    StaleWriteError,
    Storage,
    StorageError,
    now,
)

log = logging.getLogger(__name__)

HUMAN, BOT = "human", "bot"
CHANCE_SEAT = int(PlayerId.CHANCE)
MAX_NAME = 40


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh secret seat token (URL-safe)."""
    return secrets.token_urlsafe(24)


def new_match_id() -> str:
    """A fresh, unguessable match id."""
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


def clean_name(name: str | None, default: str) -> str:
    """A display name: stripped, printable, at most ``MAX_NAME`` characters."""
    text = "".join(ch for ch in (name or "") if ch.isprintable()).strip()[:MAX_NAME]
    return text or default


@dataclass
class Seat:
    """A seat of a live match."""

    seat: int
    kind: str
    name: str
    agent: str | None = None
    token_hash: str | None = None

    @property
    def is_open(self) -> bool:
        """A human seat nobody has claimed yet."""
        return self.kind == HUMAN and self.token_hash is None


@dataclass
class LogEntry:
    """One action of the log, with its words as each viewer may see them.

    ``label`` names everything (for finished matches and perfect-information games);
    ``seen[s]`` is the words seat ``s`` may see, ``seen[-1]`` a spectator's.
    """

    index: int
    action: int
    seat: int
    label: str
    at: datetime
    seen: tuple[str, ...] = ()


def labels_for(state: State, action: int) -> tuple[str, tuple[str, ...]]:
    """The full words of ``action`` and the words each seat (then a spectator) may see."""
    label = state.action_to_string(action)
    if state.game.type.perfect_information:
        return label, ()
    seats = range(state.game.num_players)
    seen = tuple(state.action_to_string_for(action, s) for s in seats)
    return label, (*seen, state.action_to_string_for(action, None))


@dataclass(frozen=True)
class SeatRequest:
    """What a creator asks for one seat: a human (mine, invited or open) or a bot."""

    kind: str
    name: str | None = None
    agent: str | None = None
    claim: str = "me"  # for humans: "me" (creator's browser), "invite" (a link) or "open"


@dataclass(eq=False)
class Listener:
    """A live connection watching a match, with the seats its tokens prove."""

    seats: frozenset[int]
    preferred: int | None = None
    sent_index: int | None = None
    dirty: asyncio.Event = field(default_factory=asyncio.Event)


class LiveMatch:
    """A match in memory: its position, log, seats and listeners."""

    def __init__(self, row: MatchRow, game: Game) -> None:
        self.id = row.id
        self.game = game
        self.seed = row.seed
        self.created_at = row.created_at
        self.finished_at: datetime | None = row.finished_at
        self.returns: list[float] | None = row.returns
        self.seats = [Seat(s.seat, s.kind, s.name, s.agent, s.token_hash) for s in row.seats]
        self.state: State = game.new_initial_state()
        self.log: list[LogEntry] = []
        self.listeners: set[Listener] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.view_cache: dict[tuple[int, int | None], tuple[JSON, list[dict[str, Any]]]] = {}
        self.checkpoints: dict[int, State] = {}

    @property
    def version(self) -> int:
        """The number of actions in the log (chance outcomes included)."""
        return len(self.log)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def to_move(self) -> int | None:
        """The seat that must act, or None when the game is over."""
        player = int(self.state.current_player())
        return player if player >= 0 else None

    def seats_of(self, tokens: Iterable[str]) -> frozenset[int]:
        """The seats whose secret tokens are among ``tokens``."""
        hashes = [hash_token(t) for t in tokens if t]
        held = set()
        for seat in self.seats:
            if seat.token_hash is not None and any(
                hmac.compare_digest(seat.token_hash, h) for h in hashes
            ):
                held.add(seat.seat)
        return frozenset(held)

    def changed(self) -> None:
        """Drop cached views and wake every listener."""
        self.view_cache.clear()
        for listener in self.listeners:
            listener.dirty.set()

    def view_parts(self, perspective: int | None) -> tuple[JSON, list[dict[str, Any]]]:
        """``observation(perspective)`` and, when that seat must act, its legal actions."""
        key = (self.version, perspective)
        cached = self.view_cache.get(key)
        if cached is None:
            state = self.state
            observation = state.observation(perspective)
            legal: list[dict[str, Any]] = []
            if perspective is not None and self.to_move() == perspective:
                legal = [
                    {"id": a, "label": state.action_to_string(a), "json": state.action_to_json(a)}
                    for a in state.legal_actions()
                ]
            cached = (observation, legal)
            self.view_cache[key] = cached
        return cached

    def state_at(self, step: int) -> State:
        """The position after the first ``step`` actions (checkpointed every 64 steps)."""
        base = (step // 64) * 64
        while base > 0 and base not in self.checkpoints:
            base -= 64
        state = self.checkpoints[base].clone() if base else self.game.new_initial_state()
        for index in range(base, step):
            state.apply_action(self.log[index].action)
            done = index + 1
            if done % 64 == 0 and done not in self.checkpoints:
                self.checkpoints[done] = state.clone()
        return state

    def record(self) -> GameRecord:
        """The game record (the JSON that ``farmstead replay`` reads)."""
        agents = [(s.agent or "") if s.kind == BOT else f"human:{s.name}" for s in self.seats]
        return GameRecord(
            game=self.game.type.name,
            players=self.game.num_players,
            params=dict(self.game.non_default_params),
            seed=self.seed,
            agents=agents,
            actions=[e.action for e in self.log],
            returns=self.returns,
            meta={
                "match": self.id,
                "created": self.created_at.isoformat(),
                "finished": self.finished_at.isoformat() if self.finished_at else None,
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in self.seats],
            },
        )


class MatchManager:
    """Creates, restores, advances and caches matches; runs their bots."""

    def __init__(
        self,
        storage: Storage,
        bots: BotPool,
        *,
        bot_delay: float = 0.6,
        bot_step_delay: float = 0.08,
        finished_cache: int = 64,
    ) -> None:
        self.storage = storage
        self.bots = bots
        self.bot_delay = bot_delay
        self.bot_step_delay = bot_step_delay
        self.live: dict[str, LiveMatch] = {}
        self.finished: OrderedDict[str, LiveMatch] = OrderedDict()
        self.finished_cache = finished_cache
        self.broken: dict[str, str] = {}
        self.bot_fallbacks = 0

    # --- life cycle -----------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished match from the log and resume its bots."""
        for match_id in self.storage.unfinished_match_ids():
            try:
                row = self.storage.load_match(match_id)
                assert row is not None
                match = self._rebuild(row)
            except (FarmsteadError, ValueError, LookupError) as exc:
                self.broken[match_id] = str(exc)
                log.error("match %s cannot be restored: %s", match_id, exc)
                continue
            self.live[match_id] = match
            if match.state.is_chance_node():
                try:
                    self._step(match, None, None)
                except UnavailableError as exc:
                    log.error("match %s: %s", match_id, exc.message)
            self._schedule_bot(match)
        log.info("restored %d unfinished matches", len(self.live))

    async def stop(self) -> None:
        """Cancel running bot turns (the log already holds every accepted action)."""
        tasks = [m.bot_task for m in self.live.values() if m.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def _rebuild(self, row: MatchRow) -> LiveMatch:
        game = load_game(row.game, row.players, **row.params)
        match = LiveMatch(row, game)
        state = match.state
        for entry in row.actions:
            if entry.index != len(match.log):
                raise ValueError(f"log gap before action #{entry.index}")
            label, seen = labels_for(state, entry.action)
            try:
                state.apply_action(entry.action)
            except IllegalActionError as exc:
                raise ValueError(f"logged action #{entry.index} is illegal: {exc}") from None
            match.log.append(LogEntry(entry.index, entry.action, entry.seat, label, entry.at, seen))
        if state.is_terminal() and match.finished_at is None:
            # The finish mark is written with the last step; a log that ends the game
            # without it can only come from an older writer. Repair it.
            match.finished_at = now()
            match.returns = state.returns()
            self.storage.append_actions(match.id, [], (match.finished_at, match.returns))
        elif match.finished_at is not None:
            match.returns = state.returns()
        return match

    # --- lookup ---------------------------------------------------------------------------
    def get(self, match_id: str) -> LiveMatch:
        """The match ``match_id`` (loaded from the database if needed); ``NotFoundError``."""
        match = self.live.get(match_id) or self.finished.get(match_id)
        if match is not None:
            if match_id in self.finished:
                self.finished.move_to_end(match_id)
            return match
        if match_id in self.broken:
            raise ConflictError(f"match {match_id} cannot be restored: {self.broken[match_id]}")
        if not match_id.isascii() or not match_id.isalnum() or len(match_id) > 32:
            raise NotFoundError(f"no match with id {match_id!r}")
        try:
            row = self.storage.load_match(match_id)
        except StorageError as exc:
            raise UnavailableError(f"the database is unavailable: {exc}") from None
        if row is None:
            raise NotFoundError(f"no match with id {match_id!r}")
        match = self._rebuild(row)
        if match.finished:
            self._cache_finished(match)
        else:  # created by another server on the same database
            self.live[match_id] = match
            self._schedule_bot(match)
        return match

    def _cache_finished(self, match: LiveMatch) -> None:
        self.finished[match.id] = match
        self.finished.move_to_end(match.id)
        while len(self.finished) > self.finished_cache:
            self.finished.popitem(last=False)

    # --- creation -------------------------------------------------------------------------
    def create(
        self,
        game_name: str,
        players: int,
        params: dict[str, Any],
        seats: Sequence[SeatRequest],
    ) -> tuple[LiveMatch, dict[int, str]]:
        """A new match; returns it and the secret tokens issued (seat → token).

        Tokens are issued for human seats claimed as "me" or "invite"; "open" seats wait for
        ``claim``. Raises ``InvalidParamError``/``UnknownNameError`` for bad requests.
        """
        game = load_game(game_name, players, **params)
        if len(seats) != game.num_players:
            raise InvalidParamError(
                f"{game.type.long_name} with {game.num_players} players needs "
                f"{game.num_players} seats, got {len(seats)}"
            )
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for index, request in enumerate(seats):
            if request.kind == BOT:
                if not request.agent:
                    raise InvalidParamError(f"seat {index + 1}: a bot seat needs an agent")
                spec = str(validate_spec(request.agent))
                rows.append(SeatRow(index, BOT, clean_name(request.name, f"Bot {index + 1}"), spec))
            elif request.kind == HUMAN:
                if request.claim not in ("me", "invite", "open"):
                    raise InvalidParamError(
                        f"seat {index + 1}: claim must be me, invite or open, got {request.claim!r}"
                    )
                token_hash = None
                if request.claim != "open":
                    tokens[index] = new_token()
                    token_hash = hash_token(tokens[index])
                name = clean_name(request.name, f"Player {index + 1}")
                rows.append(SeatRow(index, HUMAN, name, None, token_hash))
            else:
                raise InvalidParamError(
                    f"seat {index + 1}: kind must be human or bot, got {request.kind!r}"
                )
        row = MatchRow(
            id=new_match_id(),
            game=game.type.name,
            players=game.num_players,
            params=dict(game.non_default_params),
            seed=secrets.randbits(63),
            created_at=now(),
            seats=rows,
        )
        try:
            self.storage.create_match(row, rows)
        except StorageError as exc:
            raise UnavailableError(str(exc)) from None
        match = LiveMatch(row, game)
        self.live[match.id] = match
        if match.state.is_chance_node():
            self._step(match, None, None)
        self._schedule_bot(match)
        return match, tokens

    def claim(self, match: LiveMatch, seat: int, name: str | None) -> str:
        """Claim an open human seat; returns its new secret token."""
        target = self._seat(match, seat)
        if match.finished:
            raise ConflictError("this game is over; its seats can no longer be taken")
        if not target.is_open:
            raise ConflictError(f"seat {seat + 1} is not open (taken, or played by a bot)")
        token = new_token()
        token_hash = hash_token(token)
        display = clean_name(name, target.name)
        if not self.storage.claim_seat(match.id, seat, token_hash, display):
            raise ConflictError(f"seat {seat + 1} was just taken by someone else")
        target.token_hash = token_hash
        target.name = display
        match.changed()
        return token

    def _seat(self, match: LiveMatch, seat: int) -> Seat:
        if not 0 <= seat < len(match.seats):
            raise NotFoundError(
                f"this match has seats 1..{len(match.seats)}; there is no seat {seat + 1}"
            )
        return match.seats[seat]

    # --- acting ---------------------------------------------------------------------------
    def act(
        self,
        match: LiveMatch,
        held: frozenset[int],
        action: int | None = None,
        action_json: JSON = None,
        expect: int | None = None,
        seat: int | None = None,
    ) -> int:
        """Apply a human's action for one of the ``held`` seats; returns the acting seat.

        Refuses (and changes nothing) when the game is over, the client's view is stale
        (``expect`` differs from the log length), the requester does not hold the seat that
        must act, or the action is illegal.
        """
        if match.finished:
            raise ConflictError("this game is over; no more actions are accepted")
        if expect is not None and expect != match.version:
            raise StaleError(
                f"the game has moved on since your view (you saw move {expect}, it is now "
                f"move {match.version}); look again and choose from the current position"
            )
        to_move = match.to_move()
        if to_move is None:  # a chance node awaiting a database retry
            raise UnavailableError("the game is waiting for the server; try again shortly")
        if seat is not None:
            self._seat(match, seat)
            if seat not in held:
                raise ForbiddenError(f"you do not hold seat {seat + 1}")
            if seat != to_move:
                raise ForbiddenError(
                    f"it is {match.seats[to_move].name}'s turn, not seat {seat + 1}'s"
                )
        elif to_move in held:
            seat = to_move
        elif not held:
            raise ForbiddenError("spectators cannot act; take a seat to play")
        else:
            raise ForbiddenError(f"it is not your turn: {match.seats[to_move].name} is to move")
        if action_json is not None:
            action = match.state.action_from_json(action_json)
        if action is None:
            raise IllegalActionError("give an action id ('action') or its JSON ('action_json')")
        # _step applies the action to a clone first: an illegal one raises IllegalActionError
        # (with the acting seat's own words for it) before anything is written.
        self._step(match, seat, action)
        return seat

    def _step(self, match: LiveMatch, seat: int | None, action: int | None) -> None:
        """Apply ``action`` (if any) and the chance outcomes after it; log them; publish."""
        state = match.state.clone()
        entries: list[LogEntry] = []
        at = now()
        if action is not None and seat is not None:
            label, seen = labels_for(state, action)
            state.apply_action(action)
            entries.append(LogEntry(match.version, action, seat, label, at, seen))
        while state.is_chance_node():
            index = match.version + len(entries)
            rng = Rng(derive_seed(match.seed, "chance", index))
            outcome = rng.sample_outcome(state.chance_outcomes())
            label, seen = labels_for(state, outcome)
            state.apply_action(outcome)
            entries.append(LogEntry(index, outcome, CHANCE_SEAT, label, at, seen))
        finished = (at, state.returns()) if state.is_terminal() else None
        try:
            self.storage.append_actions(
                match.id,
                [ActionRow(e.index, e.action, e.seat, e.at) for e in entries],
                finished,
            )
        except StaleWriteError as exc:
            raise StaleError(str(exc)) from None
        except StorageError as exc:
            log.error("match %s: %s", match.id, exc)
            raise UnavailableError(f"the move could not be saved: {exc}") from None
        match.state = state
        match.log.extend(entries)
        if finished is not None:
            match.finished_at, match.returns = finished[0], list(finished[1])
            self.live.pop(match.id, None)
            self._cache_finished(match)
        match.changed()
        self._schedule_bot(match)

    # --- bots -----------------------------------------------------------------------------
    def _schedule_bot(self, match: LiveMatch) -> None:
        if match.bot_task is not None or match.finished:
            return
        to_move = match.to_move()
        if to_move is None or match.seats[to_move].kind != BOT:
            return
        match.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(match))

    async def _bot_turns(self, match: LiveMatch) -> None:
        """Play bot moves while a bot must act; pauses between moves so people can follow."""
        failures = 0
        try:
            while not match.finished:
                to_move = match.to_move()
                if to_move is None or match.seats[to_move].kind != BOT:
                    return
                version = match.version
                previous = next((e.seat for e in reversed(match.log) if e.seat >= 0), None)
                delay = self.bot_step_delay if previous == to_move else self.bot_delay
                if delay > 0:
                    await asyncio.sleep(delay)
                action = await self._bot_action(match, to_move, version)
                if match.version != version or match.finished:
                    continue
                try:
                    self._step(match, to_move, action)
                    failures = 0
                except UnavailableError:
                    failures += 1
                    if failures >= 5:
                        log.error("match %s: giving up bot moves until the next visit", match.id)
                        return
                    await asyncio.sleep(min(30.0, 0.5 * 2**failures))
        finally:
            match.bot_task = None

    async def _bot_action(self, match: LiveMatch, seat: int, version: int) -> int:
        spec = match.seats[seat].agent or "random"
        job = BotJob.make(
            match.game, match.state.to_json(), spec, derive_seed(match.seed, "bot", seat, version)
        )
        try:
            action = await self.bots.choose(job)
            if match.version != version or match.state.is_legal(action):
                return action
            log.warning("match %s: bot %s chose illegal action %s", match.id, spec, action)
        except BotError as exc:
            log.warning("match %s: bot %s failed (%s); playing a random move", match.id, spec, exc)
        self.bot_fallbacks += 1
        fallback = Rng(derive_seed(match.seed, "fallback", version))
        return fallback.choice(match.state.legal_actions())

    def lobby(self, finished: bool | None, limit: int = 50) -> list[MatchRow]:
        """Matches for the lobby, newest first."""
        try:
            return self.storage.list_matches(finished=finished, limit=limit)
        except StorageError as exc:
            raise UnavailableError(str(exc)) from None
