"""Live matches: the server's authority over every position.

The database is the truth (``web.storage``): a match is its stored event log, and any number of
processes may serve it. ``MatchManager`` keeps a copy of every unfinished match it has seen in
memory (rebuilt from the log) and a small cache of finished ones; a copy is only a cache. Before
serving a request the manager compares the copy's revision with the database's (one indexed
read) and, when another process changed the match, brings the copy up to date. Every write is a
compare-and-set on the log's length (``Storage.append_actions``, ``truncate_actions``): when
it loses a race, the copy is refreshed and the request is answered 409 (or, for an action sent
without ``expect``, tried once more at the new position). After each write the manager
publishes the match's new revision on the event bus (``web.bus``), so other processes forward
it to their sockets. It keeps these contracts:

* An action is accepted only from the seat that must act, and only if it is legal. The step it
  starts — the action plus the chance outcomes that follow it — is computed on a clone, written
  to the database in one transaction, and only then becomes the match's position. A refused or
  failed step changes nothing.
* Chance outcomes are drawn by the server from ``Rng(derive_seed(seed, "chance", index))`` —
  one generator per log index — at the moment the position reaches the chance node, and are
  logged like any action. Rebuilding from the log (or re-drawing after a crash) is exact.
* Bots move through the ``BotPool``; the event loop only applies their answers. Bot turns are
  played by this process (the embedded default) or by whichever worker takes the match from the
  shared bot queue (``web.botqueue``, with ``farmstead bot-worker``). A bot seat
  plays one of the server's levels (``BotCatalog``): a new seat names one, a stored seat from
  before levels existed plays at the level of its agent (``BotCatalog.for_stored``).
* An action sent with an idempotency key is applied once: a repeat under the same key (by a
  holder of the same seat) answers without acting, on any process and after any restart. Keys
  are stored with the action they came with, and leave with it when it is taken back.
* Redeeming an invite swaps the seat's token for a fresh one; open sockets re-check their
  seats at once, so the invite's token stops seeing and acting everywhere.
* Undo takes back the acting seat's own last decisions of the current turn, never past a
  chance outcome or another seat's decision (``web.undo``): the entries leave the log and the
  match is rebuilt by replaying it. It is allowed when the match's options allow it. While a
  seat may still undo, other viewers of a game with hidden information see the match as it
  was before those decisions, so a decision taken back never showed them anything.
* A seat's holder may resign (the game ends, or a bot takes the seat, as the creator chose);
  the holder of every human seat may abandon the match; unfinished matches without a human
  decision for ``abandon_after`` seconds are ended as abandoned by ``clean_up_abandoned``.

All methods run on the event loop thread. The accepting step has no ``await`` inside, so steps
of one match never interleave within a process; across processes the database orders them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
from collections import OrderedDict
from collections.abc import Coroutine, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from farmstead.core.errors import FarmsteadError, IllegalActionError
from farmstead.core.game import JSON, Game, PlayerId, State
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng, derive_seed
from farmstead.web.botqueue import BotQueue, cancel_all
from farmstead.web.bots import BotCatalog, BotError, BotJob, BotPool, OfferedBot
from farmstead.web.botturns import (
    BOT_LINE,
    line_budget,
    pause_before,
    playable_line,
    turn_clock,
)
from farmstead.web.bus import EventBus, LocalBus
from farmstead.web.errors import (
    ConflictError,
    ForbiddenError,
    NotFoundError,
    StaleError,
    TooManyError,
    UnavailableError,
)
from farmstead.web.hints import bot_position, compute_hint, hint_seat
from farmstead.web.inputs import InputError, build_game, check_json_shape, json_agrees
from farmstead.web.quotas import CreationLimiter
from farmstead.web.storage import (
    ActionRow,
    AppliedKey,
    MatchRow,
    SeatRow,
    StaleWriteError,
    Storage,
    StorageError,
    ValueTooLongError,
    now,
)
from farmstead.web.turnlog import MatchTurns
from farmstead.web.undo import undo_window

log = logging.getLogger(__name__)

HUMAN, BOT = "human", "bot"
CHANCE_SEAT = int(PlayerId.CHANCE)
MAX_NAME = 40
DB_DOWN = "the database is unavailable; try again shortly"


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
    level: str | None = None  # bots: the level the seat plays at
    invite: bool = False  # the token is an invite link's, not yet redeemed

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
    turn: int = 0  # the turn it belongs to (core.turns)


def labels_for(state: State, action: int) -> tuple[str, tuple[str, ...]]:
    """The full words of ``action`` and the words each seat (then a spectator) may see."""
    label = state.action_to_string(action)
    if state.game.type.perfect_information:
        return label, ()
    seats = range(state.game.num_players)
    seen = tuple(state.action_to_string_for(action, s) for s in seats)
    return label, (*seen, state.action_to_string_for(action, None))


RESIGN_CHOICES = ("end", "bot")


@dataclass(frozen=True)
class MatchOptions:
    """What the creator chose for a match: whether a player may take back decisions (``undo``),
    what a resignation does (``on_resign``: "end" the game, or a "bot" takes the seat) and
    whether players may ask a bot for a suggested move (``hints``) when the match has players
    on other devices (on one device hints are always allowed: ``web.hints``)."""

    undo: bool = True
    on_resign: str = "end"
    hints: bool = False

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> MatchOptions:
        """Options as stored; a match stored without options has the defaults."""
        on_resign = doc.get("on_resign", "end")
        return cls(
            undo=bool(doc.get("undo", True)),
            on_resign=on_resign if on_resign in RESIGN_CHOICES else "end",
            hints=doc.get("hints") is True,
        )

    def to_json(self) -> dict[str, Any]:
        return {"undo": self.undo, "on_resign": self.on_resign, "hints": self.hints}


def replay_log(match: LiveMatch, actions: Iterable[ActionRow]) -> None:
    """Set ``match``'s position, log and turns to those of ``actions`` replayed from the
    initial position (``ValueError`` for a gap or an illegal entry)."""
    match.state = match.game.new_initial_state()
    match.log = []
    match.turns = MatchTurns()
    match.checkpoints = {}
    extend_log(match, actions)


def extend_log(match: LiveMatch, actions: Iterable[ActionRow]) -> None:
    """Apply ``actions``, which continue ``match``'s log, to its position, log and turns
    (``ValueError`` for a gap or an illegal entry; the match is then unchanged)."""
    state = match.state.clone()
    match.view_cache.clear()
    tracker = match.turns.draft()
    numbered = []
    entries: list[LogEntry] = []
    for entry in actions:
        if entry.index != len(match.log) + len(entries):
            raise ValueError(f"log gap before action #{entry.index}")
        label, seen = labels_for(state, entry.action)
        turn, turn_seat = tracker.turn_of(state, entry.seat)
        try:
            state.apply_action(entry.action)
        except IllegalActionError as exc:
            raise ValueError(f"logged action #{entry.index} is illegal: {exc}") from None
        entries.append(LogEntry(entry.index, entry.action, entry.seat, label, entry.at, seen, turn))
        numbered.append((entry.index, turn, turn_seat))
    match.log.extend(entries)
    match.turns.commit(tracker, numbered)
    match.state = state


@dataclass(frozen=True)
class SeatRequest:
    """What a creator asks for one seat: a human (mine, invited or open) or a bot level."""

    kind: str
    name: str | None = None
    level: str | None = None  # for bots: a level name (or a level's exact spec)
    claim: str = "me"  # for humans: "me" (creator's browser), "invite" (a link) or "open"


@dataclass(eq=False)
class Listener:
    """A live connection watching a match, with the seats its tokens prove (checked again
    whenever a seat's token changes, so a revoked token stops seeing at once)."""

    seats: frozenset[int]
    preferred: int | None = None
    sent_index: int | None = None
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    tokens: tuple[str, ...] = ()


class LiveMatch:
    """A match in memory: its position, log, seats and listeners."""

    def __init__(self, row: MatchRow, game: Game) -> None:
        self.id = row.id
        self.game = game
        self.seed = row.seed
        self.created_at = row.created_at
        self.finished_at: datetime | None = row.finished_at
        self.returns: list[float] | None = row.returns
        self.options = MatchOptions.from_json(row.options)
        self.ended: dict[str, Any] | None = row.ended
        self.undos = row.undos  # each undo counts once: views are ordered by (undos, version)
        self.revision = row.revision  # the stored revision this copy agrees with
        self.seats = [
            Seat(s.seat, s.kind, s.name, s.agent, s.token_hash, invite=s.invite) for s in row.seats
        ]
        self.state: State = game.new_initial_state()
        self.log: list[LogEntry] = []
        self.listeners: set[Listener] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.view_cache: dict[tuple[int, int | None, int], tuple[JSON, list[dict[str, Any]]]] = {}
        self.checkpoints: dict[int, State] = {}
        self.turns = MatchTurns()
        # Hints being computed or computed for the current position: (undos, version, seat).
        self.hints: dict[tuple[int, int, int], asyncio.Task[dict[str, Any]]] = {}

    @property
    def version(self) -> int:
        """The number of actions in the log (chance outcomes included)."""
        return len(self.log)

    @property
    def finished(self) -> bool:
        """The game is over: played to its end, or ended early (``ended`` says how)."""
        return self.ended is not None or self.state.is_terminal()

    def to_move(self) -> int | None:
        """The seat that must act, or None when the game is over."""
        if self.ended is not None:
            return None
        player = int(self.state.current_player())
        return player if player >= 0 else None

    def undoable(self) -> int:
        """How many decisions the seat to move may take back now (0 when undo is off)."""
        if not self.options.undo or self.finished:
            return 0
        return undo_window(self)

    def horizon(self, held: frozenset[int]) -> int:
        """How much of the log a viewer holding ``held`` may see now: all of it, except in a
        game with hidden information while another seat may still take decisions back (then
        the log before them)."""
        if self.game.type.perfect_information or self.finished:
            return self.version
        to_move = self.to_move()
        if to_move is None or to_move in held:
            return self.version
        return self.version - self.undoable()

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

    def changed(self, tokens_changed: bool = False) -> None:
        """Drop cached views and wake every listener (re-checking their seats when a seat's
        token changed)."""
        self.view_cache.clear()
        self.hints.clear()
        for listener in self.listeners:
            if tokens_changed:
                listener.seats = self.seats_of(listener.tokens)
            listener.dirty.set()

    def view_parts(
        self, perspective: int | None, horizon: int | None = None
    ) -> tuple[JSON, list[dict[str, Any]]]:
        """``observation(perspective)`` (of the position after ``horizon`` log entries, the
        current one by default) and, when that seat must act now, its legal actions."""
        horizon = self.version if horizon is None else horizon
        key = (self.version, perspective, horizon)
        cached = self.view_cache.get(key)
        if cached is None:
            state = self.state if horizon == self.version else self.state_at(horizon)
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
                **({"ended": dict(self.ended)} if self.ended else {}),
            },
        )


class MatchManager:
    """Creates, restores, advances and caches matches; schedules their bots.

    ``bus`` tells other processes about this process's writes (and this one about theirs, via
    ``remote_change``); ``bot_queue`` (None: the embedded default) is the shared queue of bot
    turns that workers take, instead of this process playing every bot itself.
    """

    def __init__(
        self,
        storage: Storage,
        bots: BotPool,
        *,
        bot_delay: float = 0.6,
        bot_step_delay: float = 0.3,
        finished_cache: int = 64,
        catalog: BotCatalog | None = None,
        max_open_per_client: int = 0,
        match_rate: str | None = None,
        bus: EventBus | None = None,
        bot_queue: BotQueue | None = None,
    ) -> None:
        self.storage = storage
        self.bots = bots
        self.catalog = catalog or BotCatalog(time_limit=bots.time_limit)
        self.bot_delay = bot_delay
        self.bot_step_delay = bot_step_delay
        self.live: dict[str, LiveMatch] = {}
        self.finished: OrderedDict[str, LiveMatch] = OrderedDict()
        self.finished_cache = finished_cache
        self.broken: dict[str, str] = {}
        self.bot_fallbacks = 0
        self.max_open_per_client = max_open_per_client
        self.creation_limit = CreationLimiter(match_rate, storage)
        self.bus: EventBus = bus or LocalBus()
        self.bot_queue = bot_queue
        self._background: set[asyncio.Task[Any]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None  # the loop ``start`` ran on

    # --- life cycle -----------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every unfinished match from the log and resume its bots."""
        self.loop = asyncio.get_running_loop()
        for match_id in self.storage.unfinished_match_ids():
            try:
                row = self.storage.load_match(match_id)
                if row is None:  # removed since it was listed
                    continue
                match = self._rebuild(row)
            except (FarmsteadError, ValueError, LookupError, TypeError) as exc:
                self.broken[match_id] = str(exc)
                log.error("match %s cannot be restored: %s", match_id, exc)
                continue
            if match.finished:
                self._cache_finished(match)
                continue
            self.live[match_id] = match
            self._draw_chance(match)
            self._schedule_bot(match)
        log.info("restored %d unfinished matches", len(self.live))

    async def stop(self) -> None:
        """Cancel running bot turns (the log already holds every accepted action)."""
        tasks = [m.bot_task for m in self.live.values() if m.bot_task is not None]
        await cancel_all([*tasks, *self._background])

    def _in_background(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` as a task of this manager (cancelled by ``stop``); called from another
        thread (a maintenance job), on the loop ``start`` ran on."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            if self.loop is None:
                raise RuntimeError("the match manager was not started on an event loop") from None
            asyncio.run_coroutine_threadsafe(work, self.loop)
            return
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[Any]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed: %r", task.exception())

    def _rebuild(self, row: MatchRow) -> LiveMatch:
        game = load_game(row.game, row.players, **row.params)
        match = LiveMatch(row, game)
        self._set_levels(match)
        replay_log(match, row.actions)
        self._settle_finish(match)
        return match

    def _set_levels(self, match: LiveMatch) -> None:
        for seat in match.seats:
            if seat.kind == BOT:
                seat.level = self.catalog.for_stored(seat.agent, match.game.type.name).level.name

    def _settle_finish(self, match: LiveMatch) -> None:
        state = match.state
        if match.ended is not None:
            pass  # ended early (resigned, abandoned): the stored returns stand
        elif state.is_terminal() and match.finished_at is None:
            # The finish mark is written with the last step; a log that ends the game
            # without it can only come from an older writer. Repair it.
            match.finished_at = now()
            match.returns = state.returns()
            self.storage.mark_finished(match.id, match.finished_at, match.returns)
        elif match.finished_at is not None:
            match.returns = state.returns()

    # --- lookup and freshness -------------------------------------------------------------
    def get(self, match_id: str) -> LiveMatch:
        """The match ``match_id``, as the database has it now (loaded, or a cached copy
        brought up to date); ``NotFoundError`` for an unknown id."""
        match = self.live.get(match_id) or self.finished.get(match_id)
        if match is not None:
            if match_id in self.finished:
                self.finished.move_to_end(match_id)
            else:
                self.sync(match)
            return match
        if match_id in self.broken:
            raise ConflictError(f"match {match_id} cannot be restored: {self.broken[match_id]}")
        if not match_id.isascii() or not match_id.isalnum() or len(match_id) > 32:
            shown = match_id if len(match_id) <= 40 else match_id[:37] + "..."
            raise NotFoundError(f"no match with id {shown!r}")
        try:
            row = self.storage.load_match(match_id)
        except StorageError as exc:
            log.error("loading match %s: %s", match_id, exc)
            raise UnavailableError(DB_DOWN) from None
        if row is None:
            raise NotFoundError(f"no match with id {match_id!r}")
        try:
            match = self._rebuild(row)
        except StorageError as exc:
            log.error("repairing match %s: %s", match_id, exc)
            raise UnavailableError(DB_DOWN) from None
        except (FarmsteadError, ValueError, LookupError, TypeError) as exc:
            self.broken[match_id] = str(exc)
            log.error("match %s cannot be restored: %s", match_id, exc)
            raise ConflictError(f"match {match_id} cannot be restored: {exc}") from None
        if match.finished:
            self._cache_finished(match)
        else:  # created by another process on the same database
            self.live[match_id] = match
            self._schedule_bot(match)
        return match

    def sync(self, match: LiveMatch) -> None:
        """Bring a cached unfinished match up to date with the database, if another process
        changed it (one indexed read when nothing changed)."""
        try:
            head = self.storage.head(match.id)
        except StorageError as exc:
            log.error("match %s: reading its revision: %s", match.id, exc)
            raise UnavailableError(DB_DOWN) from None
        if head is not None and head.revision != match.revision:
            self.refresh(match)

    def refresh(self, match: LiveMatch) -> None:
        """Reload ``match`` from the database: the new entries of its log (or the whole log
        after an undo), its seats, options and end; wakes its listeners when it changed."""
        try:
            row = self.storage.load_match(match.id, since=match.version)
        except StorageError as exc:
            log.error("match %s: reloading: %s", match.id, exc)
            raise UnavailableError(DB_DOWN) from None
        if row is None or row.revision == match.revision:
            return
        try:
            if row.undos == match.undos and row.action_count >= match.version:
                extend_log(match, row.actions)
            else:
                full = self.storage.load_match(match.id)
                if full is None:
                    return
                row = full
                replay_log(match, row.actions)
        except StorageError as exc:
            log.error("match %s: reloading: %s", match.id, exc)
            raise UnavailableError(DB_DOWN) from None
        except ValueError as exc:
            log.error("match %s: its stored log cannot be replayed: %s", match.id, exc)
            raise ConflictError(f"match {match.id} cannot be restored: {exc}") from None
        match.revision = row.revision
        match.undos = row.undos
        match.options = MatchOptions.from_json(row.options)
        match.ended = row.ended
        match.finished_at = row.finished_at
        match.returns = row.returns
        match.seats = [
            Seat(s.seat, s.kind, s.name, s.agent, s.token_hash, invite=s.invite) for s in row.seats
        ]
        self._set_levels(match)
        if match.finished:
            if match.finished_at is not None and match.returns is None:
                match.returns = match.state.returns()
            self._retire(match)
        match.changed(tokens_changed=True)
        self._schedule_bot(match)

    def remote_change(self, match_id: str) -> None:
        """Another process changed ``match_id`` (the bus says so): refresh the copy here, if
        there is one, and so wake its sockets."""
        match = self.live.get(match_id)
        if match is None:
            return
        try:
            self.sync(match)
        except (UnavailableError, ConflictError) as exc:
            log.warning("match %s: not refreshed: %s", match_id, exc.message)

    def _written(self, match: LiveMatch) -> None:
        """This process raised ``match``'s stored revision by one: the copy agrees with it
        (unless another process wrote in between, which the next ``sync`` finds), listeners
        wake, other processes hear of it."""
        match.revision += 1
        match.changed()
        self.bus.publish(match.id)

    def _retire(self, match: LiveMatch) -> None:
        """A match that just finished leaves the live set for the finished cache."""
        if match.bot_task is not None and match.bot_task is not asyncio.current_task():
            match.bot_task.cancel()
        self.live.pop(match.id, None)
        self._cache_finished(match)
        self.bots.forget(match.id)

    def _cache_finished(self, match: LiveMatch) -> None:
        self.finished[match.id] = match
        self.finished.move_to_end(match.id)
        while len(self.finished) > self.finished_cache:
            self.finished.popitem(last=False)

    # --- creation -------------------------------------------------------------------------
    def create(
        self,
        game_name: str,
        players: int | None,
        params: dict[str, Any],
        seats: Sequence[SeatRequest],
        client: str | None = None,
        undo: bool | None = None,
        on_resign: str = "end",
        hints: bool = False,
    ) -> tuple[LiveMatch, dict[int, str]]:
        """A new match; returns it and the secret tokens issued (seat → token).

        ``undo``: whether players may take back decisions (default: yes when every human seat
        is played on the creator's device, no when a seat is played from elsewhere);
        ``on_resign``: what a resignation does, "end" the game or a "bot" takes the seat;
        ``hints``: whether players may ask for hints when players on other devices take part
        (on one device they always may).

        Tokens are issued for human seats claimed as "me" or "invite"; "open" seats wait for
        ``claim``. Bots are the server's levels only. Bad requests raise ``InputError`` or
        ``BotChoiceError`` (422) or ``UnknownGameError`` (404) before anything is written;
        a client with ``max_open_per_client`` unfinished matches gets ``TooManyError``.
        """
        client_hash = hash_token(f"client:{client}") if client is not None else None
        if client_hash is not None:
            self._check_client_limits(client_hash)
        game = build_game(game_name, players if players is not None else len(seats), params)
        if len(seats) != game.num_players:
            raise InputError(
                f"{game.type.long_name} with {game.num_players} players needs "
                f"{game.num_players} seats, got {len(seats)}"
            )
        rows: list[SeatRow] = []
        levels: dict[int, str] = {}
        tokens: dict[int, str] = {}
        for index, request in enumerate(seats):
            if request.kind == BOT:
                if not request.level:
                    names = ", ".join(self.catalog.names)
                    raise InputError(f"seat {index + 1}: a bot seat needs a level ({names})")
                try:
                    bot = self.catalog.resolve(request.level, game.type.name)
                    self.catalog.check_playable(bot, game)
                except ValueError as exc:
                    raise InputError(f"seat {index + 1}: {exc}", "invalid_bot") from None
                levels[index] = bot.level.name
                name = clean_name(request.name, f"Bot {index + 1}")
                rows.append(SeatRow(index, BOT, name, bot.spec))
            elif request.kind == HUMAN:
                if request.claim not in ("me", "invite", "open"):
                    raise InputError(
                        f"seat {index + 1}: claim must be me, invite or open, got {request.claim!r}"
                    )
                token_hash = None
                if request.claim != "open":
                    tokens[index] = new_token()
                    token_hash = hash_token(tokens[index])
                name = clean_name(request.name, f"Player {index + 1}")
                rows.append(
                    SeatRow(index, HUMAN, name, None, token_hash, request.claim == "invite")
                )
            else:
                raise InputError(f"seat {index + 1}: kind must be human or bot")
        if on_resign not in RESIGN_CHOICES:
            raise InputError(f"on_resign must be one of {', '.join(RESIGN_CHOICES)}")
        online = any(r.kind == HUMAN and r.claim != "me" for r in seats)
        options = MatchOptions(
            undo=(not online) if undo is None else undo, on_resign=on_resign, hints=hints
        )
        row = MatchRow(
            id=new_match_id(),
            game=game.type.name,
            players=game.num_players,
            params=dict(game.non_default_params),
            seed=secrets.randbits(63),
            created_at=now(),
            seats=rows,
            options=options.to_json(),
            client_hash=client_hash,
        )
        try:
            self.storage.create_match(row, rows)
        except ValueTooLongError as exc:
            log.error("creating a %s match: %s", game.type.name, exc)
            raise InputError("a value of this request is longer than the server stores") from None
        except StorageError as exc:
            log.error("creating a %s match: %s", game.type.name, exc)
            raise UnavailableError(DB_DOWN) from None
        match = LiveMatch(row, game)
        for index, level in levels.items():
            match.seats[index].level = level
        self.live[match.id] = match
        self._draw_chance(match)
        self._schedule_bot(match)
        return match, tokens

    def _check_client_limits(self, client_hash: str) -> None:
        """``TooManyError`` when the client may not create another match now: the rate of new
        matches and the cap on unfinished ones are counted in the database, so they hold
        across processes and restarts."""
        try:
            self.creation_limit.check(client_hash)
            if self.max_open_per_client > 0:
                mine = self.storage.count_by_client(client_hash, unfinished=True)
                if mine >= self.max_open_per_client:
                    raise TooManyError(
                        f"you already have {mine} unfinished matches on this server (the "
                        f"limit is {self.max_open_per_client}); finish one before starting "
                        "another"
                    )
        except StorageError as exc:
            log.error("counting a client's matches: %s", exc)
            raise UnavailableError(DB_DOWN) from None

    def _draw_chance(self, match: LiveMatch) -> None:
        """Draw the chance outcomes the position waits for (a new match's deal, or a draw that
        could not be saved before); if they cannot be saved now, the next action retries."""
        if match.state.is_chance_node() and not match.finished:
            with contextlib.suppress(UnavailableError, StaleError):
                self._step(match, None)

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
        try:
            claimed = self.storage.claim_seat(match.id, seat, token_hash, display)
        except StorageError as exc:
            log.error("match %s: claiming seat %d: %s", match.id, seat, exc)
            raise UnavailableError(DB_DOWN) from None
        if not claimed:
            self.refresh(match)
            raise ConflictError(f"seat {seat + 1} was just taken by someone else")
        target.token_hash = token_hash
        target.name = display
        self._written(match)
        return token

    def join(self, match: LiveMatch, seat: int, invite: str) -> str:
        """Redeem an invite token for ``seat``: the joiner gets a fresh secret token and the
        invite token (the creator still has it) stops working at once, for every route and
        every open socket. Returns the new token."""
        target = self._seat(match, seat)
        if target.kind != HUMAN or not target.invite or seat not in match.seats_of([invite]):
            raise ForbiddenError(
                f"this invite link is not valid for seat {seat + 1} (or it was already used; "
                "ask for a new one)"
            )
        token = new_token()
        token_hash = hash_token(token)
        old_hash = target.token_hash
        assert old_hash is not None
        try:
            replaced = self.storage.replace_seat_token(match.id, seat, old_hash, token_hash)
        except StorageError as exc:
            log.error("match %s: joining seat %d: %s", match.id, seat, exc)
            raise UnavailableError(DB_DOWN) from None
        if not replaced:
            self.refresh(match)
            raise ConflictError(f"seat {seat + 1} was just joined by someone else")
        target.token_hash, target.invite = token_hash, False
        self._written(match)
        match.changed(tokens_changed=True)
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
        key: str | None = None,
    ) -> tuple[int, bool]:
        """Apply a human's action for one of the ``held`` seats; returns the acting seat and
        whether the request was a repeat of one already applied under the same idempotency
        ``key`` (then nothing is applied again).

        Refuses (and changes nothing) when the game is over, the client's view is stale
        (``expect`` differs from the log length), the requester does not hold the seat that
        must act, or the action is illegal. ``action_json`` must be the JSON of one of the
        seat's legal actions (keys may be left out, none may disagree); chance events are the
        server's to draw. When another process wrote first, the match is reloaded and the
        request is checked again once (with ``expect`` it is then stale).
        """
        if action_json is not None:
            check_json_shape(action_json, "action_json")
        if action is not None and action_json is not None:
            raise InputError("give either 'action' or 'action_json', not both")
        request = json.dumps([action, action_json], sort_keys=True)
        for attempt in (1, 2):
            if key is not None:
                earlier = self._applied(match, key)
                if earlier is not None and earlier.seat in held:
                    if earlier.request != request:
                        raise InputError(
                            "this idempotency key was already used for a different action; "
                            "use a new key for each action"
                        )
                    return earlier.seat, True
            try:
                return self._act_once(match, held, action, action_json, expect, seat, key, request)
            except StaleError:
                if attempt == 2 or expect is not None:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _applied(self, match: LiveMatch, key: str) -> AppliedKey | None:
        try:
            return self.storage.applied_key(match.id, key)
        except StorageError as exc:
            log.error("match %s: reading an idempotency key: %s", match.id, exc)
            raise UnavailableError(DB_DOWN) from None

    def _act_once(
        self,
        match: LiveMatch,
        held: frozenset[int],
        action: int | None,
        action_json: JSON,
        expect: int | None,
        seat: int | None,
        key: str | None,
        request: str,
    ) -> tuple[int, bool]:
        if match.finished:
            raise ConflictError("this game is over; no more actions are accepted")
        if expect is not None and expect != match.version:
            raise StaleError(
                f"the game has moved on since your view (you saw move {expect}, it is now "
                f"move {match.version}); look again and choose from the current position"
            )
        to_move = match.to_move()
        if to_move is None:  # a chance draw that could not be saved: try it again now
            self._step(match, None)
            to_move = match.to_move()
            if to_move is None or expect is not None:
                raise StaleError("the game moved on (a chance event); look again")
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
            action = self._action_from_json(match.state, action_json)
        if action is None:
            raise IllegalActionError("give an action id ('action') or its JSON ('action_json')")
        if not match.state.is_legal(action):
            match.state.check_action_id(action)  # an id outside the game: says so
            raise IllegalActionError(
                f"action {action} is not legal now; choose one from the view's 'legal' list"
            )
        # _step applies the action to a clone first: an illegal one raises IllegalActionError
        # (with the acting seat's own words for it) before anything is written.
        self._step(match, seat, [action], None if key is None else (key, seat, request))
        return seat, False

    @staticmethod
    def _action_from_json(state: State, doc: JSON) -> int:
        """The legal action ``doc`` describes; ``IllegalActionError`` for anything else."""
        try:
            action = state.action_from_json(doc)
        except FarmsteadError:
            raise
        except Exception as exc:  # a game's parser that trips over odd input
            log.warning("action_from_json of %s failed: %r", state.game.type.name, exc)
            raise IllegalActionError(
                "action_json does not describe an action of this game"
            ) from None
        if isinstance(action, bool) or not isinstance(action, int) or not state.is_legal(action):
            raise IllegalActionError(
                "action_json is not one of your legal actions now; send the JSON of an action "
                "from the view's 'legal' list (dice, draws and deals are the server's to make)"
            )
        if not json_agrees(doc, state.action_to_json(action)):
            raise IllegalActionError(
                "action_json does not describe one of your legal actions: it reads as "
                f"'{state.action_to_string(action)}', which says otherwise (chance events such "
                "as dice, draws and deals are the server's to make)"
            )
        return action

    def _step(
        self,
        match: LiveMatch,
        seat: int | None,
        actions: Sequence[int] = (),
        key: tuple[str, int, str] | None = None,
    ) -> None:
        """Apply ``actions`` (``seat``'s, checked legal; a bot's line may hold several) and the
        chance outcomes after them; log them (with the idempotency ``key`` the action came
        with) at the end of the stored log in one write; publish. ``StaleError`` (the copy
        refreshed) when another process wrote first."""
        state = match.state.clone()
        entries: list[LogEntry] = []
        tracker = match.turns.draft()
        numbered: list[tuple[int, int, int | None]] = []
        at = now()
        for action in actions:
            if seat is None:
                raise ValueError("actions need the seat that takes them")
            index = match.version + len(entries)
            label, seen = labels_for(state, action)
            turn, turn_seat = tracker.turn_of(state, seat)
            state.apply_action(action)
            entries.append(LogEntry(index, action, seat, label, at, seen, turn))
            numbered.append((index, turn, turn_seat))
        while state.is_chance_node():
            index = match.version + len(entries)
            rng = Rng(derive_seed(match.seed, "chance", index))
            outcome = rng.sample_outcome(state.chance_outcomes())
            label, seen = labels_for(state, outcome)
            turn, turn_seat = tracker.turn_of(state, CHANCE_SEAT)
            state.apply_action(outcome)
            entries.append(LogEntry(index, outcome, CHANCE_SEAT, label, at, seen, turn))
            numbered.append((index, turn, turn_seat))
        if not entries:
            return
        finished = (at, state.returns()) if state.is_terminal() else None
        try:
            self.storage.append_actions(
                match.id,
                [ActionRow(e.index, e.action, e.seat, e.at) for e in entries],
                finished,
                length=match.version,
                key=key,
            )
        except StaleWriteError as exc:
            self.refresh(match)
            raise StaleError(
                "the game moved on while your move was being saved (another player or "
                "server got there first); look again"
            ) from exc
        except StorageError as exc:
            log.error("match %s: %s", match.id, exc)
            raise UnavailableError(
                "the move could not be saved (the database is unavailable); try again shortly"
            ) from None
        match.state = state
        match.log.extend(entries)
        match.turns.commit(tracker, numbered)
        if finished is not None:
            match.finished_at, match.returns = finished[0], list(finished[1])
            self._retire(match)
        self._written(match)
        self._schedule_bot(match)

    # --- taking back, resigning, abandoning ----------------------------------------------
    def undo(
        self,
        match: LiveMatch,
        held: frozenset[int],
        steps: int = 1,
        expect: int | None = None,
        seat: int | None = None,
    ) -> int:
        """Take back the last ``steps`` decisions of the seat to move (which the requester
        must hold); returns that seat. The entries leave the log and the match is rebuilt by
        replaying the rest. Refused when the match does not allow undo, the view is stale,
        or fewer decisions may be taken back (see ``web.undo``)."""
        if match.finished:
            raise ConflictError("this game is over; nothing can be taken back")
        to_move = match.to_move()
        if seat is not None and seat not in held:
            raise ForbiddenError(f"you do not hold seat {seat + 1}")
        if to_move is None or to_move not in held or (seat is not None and seat != to_move):
            raise ForbiddenError("only the player to move may take back their own decisions")
        if not match.options.undo:
            raise ForbiddenError("this match does not allow taking decisions back")
        if expect is not None and expect != match.version:
            raise StaleError(
                f"the game has moved on since your view (you saw move {expect}, it is now "
                f"move {match.version}); look again"
            )
        window = match.undoable()
        if steps > window:
            reason = (
                "your turn just began, or a die, a draw or another player came after your "
                "last decision"
                if window == 0
                else f"only your last {window} decision{'s' if window != 1 else ''} of this "
                "turn can be taken back"
            )
            raise ConflictError(f"cannot take back {steps}: {reason}")
        keep = match.version - steps
        try:
            done = self.storage.truncate_actions(match.id, keep, match.version)
        except StorageError as exc:
            log.error("match %s: undo: %s", match.id, exc)
            raise UnavailableError(DB_DOWN) from None
        if not done:
            self.refresh(match)
            raise StaleError("the game moved on while taking back; look again")
        kept = [ActionRow(e.index, e.action, e.seat, e.at) for e in match.log[:keep]]
        replay_log(match, kept)  # the log is the truth: replayed, never a saved copy
        match.undos += 1
        self._written(match)
        return to_move

    def resign(self, match: LiveMatch, held: frozenset[int], seat: int) -> None:
        """``seat`` (which the requester must hold) resigns: a bot takes the seat, or the
        game ends with the seat losing and the others sharing the win, as the match's
        options say."""
        target = self._seat(match, seat)
        if seat not in held or target.kind != HUMAN:
            raise ForbiddenError(f"you do not hold seat {seat + 1}; only its player may resign")
        if match.finished:
            raise ConflictError("this game is over already")
        if match.options.on_resign == "bot":
            offered = self.catalog.offered(match.game.type.name)
            bot = next((b for b in offered if b.level.default), offered[0])
            name = clean_name(f"{target.name} (bot)", f"Bot {seat + 1}")
            try:
                turned = self.storage.seat_to_bot(match.id, seat, bot.spec, name)
            except StorageError as exc:
                log.error("match %s: resign: %s", match.id, exc)
                raise UnavailableError(DB_DOWN) from None
            if not turned:
                self.refresh(match)
                raise ConflictError(f"seat {seat + 1} has resigned already")
            target.kind, target.agent, target.name = BOT, bot.spec, name
            target.token_hash, target.level, target.invite = None, bot.level.name, False
            self._written(match)
            match.changed(tokens_changed=True)
            self._schedule_bot(match)
            return
        n = match.game.num_players
        share = 1.0 / (n - 1) if n > 1 else 0.0
        returns = [-1.0 if s == seat else share for s in range(n)]
        self._end(match, returns, {"reason": "resigned", "seat": seat})

    def abandon(self, match: LiveMatch, held: frozenset[int]) -> None:
        """End the match without a result; the requester must hold every human seat."""
        humans = {s.seat for s in match.seats if s.kind == HUMAN}
        if not humans or not humans <= held:
            raise ForbiddenError(
                "only a player holding every human seat may abandon this match; resign instead"
            )
        if match.finished:
            raise ConflictError("this game is over already")
        self._end(match, [0.0] * match.game.num_players, {"reason": "abandoned"})

    def clean_up_abandoned(self, idle_before: datetime, limit: int = 200) -> list[str]:
        """End every unfinished match without a human decision (or, without any, created)
        before ``idle_before`` as abandoned; returns their ids."""
        try:
            rows = self.storage.list_matches(False, limit, idle_before=idle_before)
        except StorageError as exc:
            log.error("cleaning up abandoned matches: %s", exc)
            return []
        ended = []
        for row in rows:
            try:
                match = self.get(row.id)
                if match.finished:
                    continue
                self._end(match, [0.0] * match.game.num_players, {"reason": "abandoned"})
                ended.append(row.id)
            except (FarmsteadError, UnavailableError, ConflictError, NotFoundError) as exc:
                log.warning("match %s: not cleaned up: %s", row.id, exc)
        if ended:
            log.info("ended %d abandoned matches", len(ended))
        return ended

    def _end(self, match: LiveMatch, returns: list[float], ended: dict[str, Any]) -> None:
        """End a running match early (``ended`` says how) and publish it."""
        at = now()
        try:
            done = self.storage.end_match(match.id, at, returns, ended)
        except StorageError as exc:
            log.error("match %s: ending it: %s", match.id, exc)
            raise UnavailableError(DB_DOWN) from None
        if not done:
            self.refresh(match)
            raise ConflictError("this game is over already")
        match.ended = dict(ended)
        match.finished_at, match.returns = at, list(returns)
        self._retire(match)
        self._written(match)

    # --- bots -----------------------------------------------------------------------------
    def bot_to_move(self, match: LiveMatch) -> int | None:
        """The bot seat that must act now, or None (a human's turn, a chance draw, the end)."""
        if match.finished:
            return None
        to_move = match.to_move()
        if to_move is None or match.seats[to_move].kind != BOT:
            return None
        return to_move

    def bot_pause(self, match: LiveMatch, seat: int) -> float:
        """Seconds the bot in ``seat`` waits before its next line, so people can follow: the
        turn pause before the first line of its turn, a shorter one between the steps of a
        turn while its budget allows (``web.botturns``)."""
        clock = turn_clock(match, seat, now())
        budget = self._bot_for(match, seat).level.turn_seconds
        return pause_before(clock, self.bot_delay, self.bot_step_delay, budget)

    def _bot_for(self, match: LiveMatch, seat: int) -> OfferedBot:
        return self.catalog.for_stored(match.seats[seat].agent, match.game.type.name)

    def _schedule_bot(self, match: LiveMatch) -> None:
        """Make sure a bot that must act will: a task of this process (the embedded default)
        or a job on the shared bot queue."""
        seat = self.bot_to_move(match)
        if seat is None:
            return
        if self.bot_queue is not None:
            self._in_background(self.bot_queue.push(match.id, self.bot_pause(match, seat)))
            return
        if match.bot_task is not None:
            return
        match.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(match))

    async def _bot_turns(self, match: LiveMatch) -> None:
        """Play bot moves while a bot must act (this process's own bots)."""
        failures = 0
        try:
            while (seat := self.bot_to_move(match)) is not None:
                pause = self.bot_pause(match, seat)
                if pause > 0:
                    await asyncio.sleep(pause)
                try:
                    await self.play_bot_move(match)
                    failures = 0
                except UnavailableError:
                    failures += 1
                    if failures >= 5:
                        log.error("match %s: giving up bot moves until the next visit", match.id)
                        return
                    await asyncio.sleep(min(30.0, 0.5 * 2**failures))
        finally:
            match.bot_task = None

    async def play_bot_move(self, match: LiveMatch) -> bool:
        """Play the next line of the bot that must act in ``match`` (its decisions up to a
        chance outcome, another seat or the end, written as one step); False when no bot must
        act or the match moved on while it thought (nothing written). The write is a
        compare-and-set: a copy that another process made stale is refreshed, not trusted.
        ``UnavailableError`` when the database is down."""
        seat = self.bot_to_move(match)
        if seat is None:
            return False
        version = match.version
        line = await self._bot_line(match, seat, version)
        if match.version != version or self.bot_to_move(match) != seat:
            return False
        try:
            self._step(match, seat, line)
        except StaleError:
            return False
        return True

    async def play_queued(self, match_id: str) -> float | None:
        """A bot-queue job: play one bot decision in ``match_id``. Returns the pause before
        the match's next bot decision, or None when no bot must act there any more."""
        try:
            match = self.get(match_id)
            await self.play_bot_move(match)
        except (NotFoundError, ConflictError) as exc:
            log.warning("bot job for match %s dropped: %s", match_id, exc.message)
            return None
        seat = self.bot_to_move(match)
        return None if seat is None else self.bot_pause(match, seat)

    def enqueue_waiting_bot(self, match_id: str) -> None:
        """Queue ``match_id``'s bot if one must act there now (read from the database)."""
        try:
            self._schedule_bot(self.get(match_id))
        except (NotFoundError, ConflictError) as exc:
            log.warning("match %s: no bot queued: %s", match_id, exc.message)

    def enqueue_waiting_bots(self) -> None:
        """Queue the bot of every unfinished match where one must act now."""
        try:
            match_ids = self.storage.unfinished_match_ids(with_bots=True)
        except StorageError as exc:
            log.error("listing matches with bots: %s", exc)
            raise UnavailableError(DB_DOWN) from None
        for match_id in match_ids:
            self.enqueue_waiting_bot(match_id)

    async def _bot_line(self, match: LiveMatch, seat: int, version: int) -> list[int]:
        """The bot's next line in ``match`` as far as it holds in the true position
        (``playable_line``), thought within what is left of its turn's budget; a logged,
        counted random move when the bot fails or its first decision is not legal."""
        bot = self._bot_for(match, seat)
        spec = bot.spec
        clock = turn_clock(match, seat, now())
        budget = line_budget(clock, bot.level.turn_seconds)
        try:
            # A bot sees what its seat may see: in a game with hidden information the other
            # seats' secrets are replaced by a draw consistent with the seat's observation.
            position = bot_position(
                match.state, seat, derive_seed(match.seed, "bot-position", seat, version)
            )
            job = BotJob.make(
                match.game,
                position,
                spec,
                derive_seed(match.seed, "bot", seat, version),
                budget + bot.move_seconds,
                line=BOT_LINE,
                line_seconds=budget,
                whole=True,
            )
            line = await self.bots.choose_line(job, match.id)
            if match.version != version:
                return line
            playable = playable_line(match.state, position, seat, line)
            if playable:
                return playable
            log.warning("match %s: bot %s chose illegal action %s", match.id, spec, line[0])
        except (BotError, FarmsteadError, NotImplementedError) as exc:
            log.warning("match %s: bot %s failed (%s); playing a random move", match.id, spec, exc)
        self.bot_fallbacks += 1
        fallback = Rng(derive_seed(match.seed, "fallback", version))
        return [fallback.choice(match.state.legal_actions())]

    # --- hints ----------------------------------------------------------------------------
    async def hint(
        self,
        match: LiveMatch,
        held: frozenset[int],
        seat: int | None = None,
        expect: int | None = None,
    ) -> dict[str, Any]:
        """A suggested move for ``seat`` (the requester's seat to move) from the game's
        strongest bot (``web.hints``). Refused for another seat (403), when hints are off in
        an online match (403), when it is not the seat's turn or the view is stale (409)."""
        chosen = hint_seat(match, held, seat)
        if expect is not None and expect != match.version:
            raise StaleError(
                f"the game has moved on since your view (you saw move {expect}, it is now "
                f"move {match.version}); look again"
            )
        return await compute_hint(match, self.bots, self.catalog, chosen)

    def lobby(
        self, finished: bool | None, limit: int = 50, ids: Sequence[str] | None = None
    ) -> list[MatchRow]:
        """Matches for the lobby (optionally only ``ids``), newest first."""
        try:
            return self.storage.list_matches(finished=finished, limit=limit, ids=ids)
        except StorageError as exc:
            log.error("listing matches: %s", exc)
            raise UnavailableError(DB_DOWN) from None
