"""The match event log in a SQL database (SQLite by default, PostgreSQL by URL).

Four tables, no pickles:

* ``fs_matches`` — one row per match: game, player count, non-default params, the secret seed
  that drives its chance outcomes, creation and finish times, final returns;
* ``fs_seats`` — one row per seat: ``human`` or ``bot``, the bot's agent spec, a display name,
  and the SHA-256 hash of the human seat's secret token (NULL while the seat is open);
* ``fs_actions`` — the event log: (match, index) → action id, the seat that took it (-1 for a
  chance outcome) and when. Replaying it from the initial state rebuilds the match exactly;
* ``fs_match_extra`` — per match, the creator's options (undo allowed, what a resignation
  does) and, for a match that ended early, how (a resignation, abandoned). A match without a
  row (from before the table existed) has the default options. Being a table of its own, it
  is created in an existing database without touching the others.

Undo removes a player's own last decisions from the log (``truncate_actions``): the log stays
the one truth, and the server rebuilds the match by replaying it.

Every write is one transaction. ``append_actions`` inserts the rows of one accepted step, and the
finish mark when the step ends the game, atomically; the (match, index) primary key turns a
concurrent write of the same index into ``StaleWriteError`` instead of a fork of the log.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, SQLAlchemyError

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

metadata = MetaData()

matches_table = Table(
    "fs_matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("params", Text, nullable=False),  # JSON object of non-default params
    Column("seed", BigInteger, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True, index=True),
    Column("returns", Text, nullable=True),  # JSON list of floats once finished
)

seats_table = Table(
    "fs_seats",
    metadata,
    Column("match_id", String(32), ForeignKey("fs_matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("agent", String(200), nullable=True),
    Column("name", String(80), nullable=False),
    Column("token_hash", String(64), nullable=True),
)

extra_table = Table(
    "fs_match_extra",
    metadata,
    Column("match_id", String(32), ForeignKey("fs_matches.id"), primary_key=True),
    Column("options", Text, nullable=False),  # JSON object
    Column("ended", Text, nullable=True),  # JSON object: {"reason": ..., "seat": ...}
    Column("undos", Integer, nullable=False, default=0),  # undos so far (views order by it)
)

actions_table = Table(
    "fs_actions",
    metadata,
    Column("match_id", String(32), ForeignKey("fs_matches.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)


class StorageError(Exception):
    """The database refused or failed a write; the match in memory is left unchanged."""


class StaleWriteError(StorageError):
    """An action index that is already in the log (another writer got there first)."""


class ValueTooLongError(StorageError, ValueError):
    """A value longer than its column allows; refused before the database sees it, so that
    SQLite (which would store it) and PostgreSQL (which would refuse it) behave alike."""


def check_lengths(table: Table, values: dict[str, Any]) -> None:
    """Raise ``ValueTooLongError`` for any string longer than its column's declared length."""
    for key, value in values.items():
        column = table.c.get(key)
        length = getattr(column.type, "length", None) if column is not None else None
        if length is not None and isinstance(value, str) and len(value) > length:
            raise ValueTooLongError(
                f"{table.name}.{key} holds at most {length} characters, got {len(value)}"
            )


@dataclass(frozen=True)
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: str  # "human" or "bot"
    name: str
    agent: str | None = None
    token_hash: str | None = None


@dataclass(frozen=True)
class ActionRow:
    """One entry of the event log. ``seat`` is -1 for a chance outcome."""

    index: int
    action: int
    seat: int
    at: datetime


@dataclass
class MatchRow:
    """A match as stored, with its seats and (when loaded) its action log."""

    id: str
    game: str
    players: int
    params: dict[str, Any]
    seed: int
    created_at: datetime
    finished_at: datetime | None = None
    returns: list[float] | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    action_count: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    ended: dict[str, Any] | None = None  # how a match ended early (resigned, abandoned)
    undos: int = 0  # decisions taken back so far (each undo counts once)
    last_action_at: datetime | None = None  # the newest entry of its log (lobby listings)
    last_human_at: datetime | None = None  # the newest decision of a human seat (listings)


def normalise_url(url: str) -> str:
    """A SQLAlchemy URL for ``url``: a database URL, or a path to an SQLite file.

    ``postgresql://`` and ``postgres://`` select the psycopg 3 driver. Raises ``ValueError`` with
    a readable message for anything else that is not a valid URL.
    """
    text = url.strip()
    if not text:
        raise ValueError("the database URL is empty")
    if "://" not in text:
        return "sqlite:///" + str(Path(text).expanduser().resolve())
    for prefix in ("postgresql://", "postgres://"):
        if text.startswith(prefix):
            text = "postgresql+psycopg://" + text[len(prefix) :]
    try:
        parsed = make_url(text)
    except ArgumentError as exc:
        raise ValueError(f"not a database URL: {url!r} ({exc})") from None
    try:
        parsed.get_dialect()
    except NoSuchModuleError:
        raise ValueError(
            f"not a database URL farmstead can use: {url!r}; "
            "give sqlite:///path/to/file.db, postgresql://user@host/db or a file path"
        ) from None
    return text


def describe_url(url: str) -> str:
    """``url`` without its password."""
    return make_url(url).render_as_string(hide_password=True)


def _utc(value: datetime | None) -> datetime | None:
    """SQLite returns naive datetimes; every stored time is UTC."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def _describe(exc: SQLAlchemyError) -> str:
    """A one-line account of a database failure (no SQL, no parameters)."""
    cause = getattr(exc, "orig", None) or exc
    first = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
    return f"database error: {first}"


def _db_errors(method: Callable[P, T]) -> Callable[P, T]:
    """Turn a database failure inside ``method`` into ``StorageError``."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(*args, **kwargs)
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    return wrapper


def now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


class Storage:
    """The event log behind a SQLAlchemy engine. Creates its tables on first use."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.dialect = make_url(self.url).get_backend_name()
        self.engine: Engine = self._make_engine()
        try:
            metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            self.engine.dispose()
            raise StorageError(f"cannot open {self.describe()}: {_describe(exc)}") from None

    def _make_engine(self) -> Engine:
        if self.dialect == "sqlite":
            database = make_url(self.url).database
            if database and database != ":memory:":
                Path(database).parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(self.url, connect_args={"check_same_thread": False})

            @event.listens_for(engine, "connect")
            def _pragmas(dbapi_connection: Any, _record: Any) -> None:
                cursor = dbapi_connection.cursor()
                # WAL keeps committed transactions through a SIGKILL of the server process.
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute("PRAGMA busy_timeout=5000")
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.close()

            return engine
        return create_engine(self.url, pool_pre_ping=True)

    def describe(self) -> str:
        """The URL without its password, for logs."""
        return describe_url(self.url)

    def close(self) -> None:
        """Release every pooled connection."""
        self.engine.dispose()

    # --- writes ---------------------------------------------------------------------------
    def create_match(self, match: MatchRow, seats: Sequence[SeatRow]) -> None:
        """Insert a new match and its seats in one transaction."""
        match_values = {
            "id": match.id,
            "game": match.game,
            "players": match.players,
            "params": json.dumps(match.params, sort_keys=True),
            "seed": match.seed,
            "created_at": match.created_at,
        }
        seat_values = [
            {
                "match_id": match.id,
                "seat": s.seat,
                "kind": s.kind,
                "agent": s.agent,
                "name": s.name,
                "token_hash": s.token_hash,
            }
            for s in seats
        ]
        check_lengths(matches_table, match_values)
        for values in seat_values:
            check_lengths(seats_table, values)
        try:
            with self.engine.begin() as conn:
                conn.execute(matches_table.insert().values(**match_values))
                conn.execute(seats_table.insert(), seat_values)
                conn.execute(
                    extra_table.insert().values(
                        match_id=match.id, options=json.dumps(match.options, sort_keys=True)
                    )
                )
        except IntegrityError as exc:
            raise StorageError(f"could not create match {match.id}: {exc.orig}") from None
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def append_actions(
        self,
        match_id: str,
        rows: Iterable[ActionRow],
        finished: tuple[datetime, list[float]] | None = None,
    ) -> None:
        """Append the actions of one accepted step, and the finish mark, in one transaction.

        Raises ``StaleWriteError`` when an index is already taken; nothing is written then.
        """
        values = [
            {"match_id": match_id, "idx": r.index, "action": r.action, "seat": r.seat, "at": r.at}
            for r in rows
        ]
        try:
            with self.engine.begin() as conn:
                if values:
                    conn.execute(actions_table.insert(), values)
                if finished is not None:
                    at, returns = finished
                    conn.execute(
                        update(matches_table)
                        .where(matches_table.c.id == match_id)
                        .values(finished_at=at, returns=json.dumps(returns))
                    )
        except IntegrityError:
            raise StaleWriteError(
                f"match {match_id}: action index already recorded; reload the match"
            ) from None
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def truncate_actions(self, match_id: str, keep: int, length: int) -> bool:
        """Remove the log entries from index ``keep`` on (an undo), in one transaction, if the
        log still has ``length`` entries; False (nothing removed) otherwise."""
        try:
            with self.engine.begin() as conn:
                count = conn.execute(
                    select(func.count())
                    .select_from(actions_table)
                    .where(actions_table.c.match_id == match_id)
                ).scalar_one()
                if count != length or not 0 <= keep <= length:
                    return False
                conn.execute(
                    delete(actions_table).where(
                        actions_table.c.match_id == match_id, actions_table.c.idx >= keep
                    )
                )
                self._set_extra(conn, match_id, undos=extra_table.c.undos + 1)
                return True
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def end_match(
        self, match_id: str, at: datetime, returns: list[float], ended: dict[str, Any]
    ) -> None:
        """Mark an unfinished match as ended early (``ended``: how), with its returns."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    update(matches_table)
                    .where(matches_table.c.id == match_id, matches_table.c.finished_at.is_(None))
                    .values(finished_at=at, returns=json.dumps(returns))
                )
                self._set_extra(conn, match_id, ended=json.dumps(ended, sort_keys=True))
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def _set_extra(self, conn: Any, match_id: str, **values: Any) -> None:
        """Update the match's extra row, creating it (default options) when it is missing."""
        result = conn.execute(
            update(extra_table).where(extra_table.c.match_id == match_id).values(**values)
        )
        if result.rowcount == 0:  # a match from before the table: default options
            fresh = {k: (1 if k == "undos" else v) for k, v in values.items()}
            conn.execute(extra_table.insert().values(match_id=match_id, options="{}", **fresh))

    def seat_to_bot(self, match_id: str, seat: int, agent: str, name: str) -> None:
        """A human seat becomes a bot playing ``agent`` (its token stops working)."""
        check_lengths(seats_table, {"agent": agent, "name": name})
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    update(seats_table)
                    .where(seats_table.c.match_id == match_id, seats_table.c.seat == seat)
                    .values(kind="bot", agent=agent, name=name, token_hash=None)
                )
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def claim_seat(self, match_id: str, seat: int, token_hash: str, name: str) -> bool:
        """Give an open human seat its token hash (and name); False if it was not open."""
        check_lengths(seats_table, {"token_hash": token_hash, "name": name})
        try:
            with self.engine.begin() as conn:
                result = conn.execute(
                    update(seats_table)
                    .where(
                        seats_table.c.match_id == match_id,
                        seats_table.c.seat == seat,
                        seats_table.c.kind == "human",
                        seats_table.c.token_hash.is_(None),
                    )
                    .values(token_hash=token_hash, name=name)
                )
                return bool(result.rowcount == 1)
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def replace_seat_token(self, match_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
        """Swap a human seat's token hash (an invite redeemed); False if it was not ``old_hash``
        any more (someone else redeemed it first)."""
        check_lengths(seats_table, {"token_hash": new_hash})
        try:
            with self.engine.begin() as conn:
                result = conn.execute(
                    update(seats_table)
                    .where(
                        seats_table.c.match_id == match_id,
                        seats_table.c.seat == seat,
                        seats_table.c.kind == "human",
                        seats_table.c.token_hash == old_hash,
                    )
                    .values(token_hash=new_hash)
                )
                return bool(result.rowcount == 1)
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    # --- reads ----------------------------------------------------------------------------
    def _match_from_row(self, row: Any, extra: Any = None) -> MatchRow:
        return MatchRow(
            id=row.id,
            game=row.game,
            players=row.players,
            params=json.loads(row.params),
            seed=int(row.seed),
            created_at=_utc(row.created_at) or now(),
            finished_at=_utc(row.finished_at),
            returns=None if row.returns is None else [float(x) for x in json.loads(row.returns)],
            options=json.loads(extra.options) if extra is not None else {},
            ended=json.loads(extra.ended) if extra is not None and extra.ended else None,
            undos=int(extra.undos or 0) if extra is not None else 0,
        )

    def _extras(self, conn: Any, match_ids: list[str]) -> dict[str, Any]:
        if not match_ids:
            return {}
        rows = conn.execute(select(extra_table).where(extra_table.c.match_id.in_(match_ids)))
        return {r.match_id: r for r in rows}

    @_db_errors
    def load_match(self, match_id: str, with_actions: bool = True) -> MatchRow | None:
        """The match with its seats and (optionally) its whole log; None if unknown."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches_table).where(matches_table.c.id == match_id)).first()
            if row is None:
                return None
            match = self._match_from_row(row, self._extras(conn, [match_id]).get(match_id))
            match.seats = self._seats(conn, [match_id])[match_id]
            if with_actions:
                match.actions = [
                    ActionRow(a.idx, a.action, a.seat, _utc(a.at) or now())
                    for a in conn.execute(
                        select(actions_table)
                        .where(actions_table.c.match_id == match_id)
                        .order_by(actions_table.c.idx)
                    )
                ]
                match.action_count = len(match.actions)
            return match

    def _seats(self, conn: Any, match_ids: list[str]) -> dict[str, list[SeatRow]]:
        result: dict[str, list[SeatRow]] = {m: [] for m in match_ids}
        if not match_ids:
            return result
        rows = conn.execute(
            select(seats_table)
            .where(seats_table.c.match_id.in_(match_ids))
            .order_by(seats_table.c.match_id, seats_table.c.seat)
        )
        for s in rows:
            result[s.match_id].append(SeatRow(s.seat, s.kind, s.name, s.agent, s.token_hash))
        return result

    @_db_errors
    def unfinished_match_ids(self) -> list[str]:
        """Ids of every match without a finish mark, oldest first."""
        with self.engine.connect() as conn:
            return [
                r.id
                for r in conn.execute(
                    select(matches_table.c.id)
                    .where(matches_table.c.finished_at.is_(None))
                    .order_by(matches_table.c.created_at)
                )
            ]

    @_db_errors
    def list_matches(
        self,
        finished: bool | None = None,
        limit: int = 50,
        ids: Sequence[str] | None = None,
        idle_before: datetime | None = None,
    ) -> list[MatchRow]:
        """The newest matches (optionally only finished or unfinished, only ``ids``, only
        those whose last human decision — or creation — is before ``idle_before``) with their
        seats, log lengths and times of last activity."""
        counts = (
            select(
                actions_table.c.match_id,
                func.count().label("n"),
                func.max(actions_table.c.at).label("last_at"),
            )
            .group_by(actions_table.c.match_id)
            .subquery()
        )
        human = (
            select(actions_table.c.match_id, func.max(actions_table.c.at).label("human_at"))
            .join(
                seats_table,
                (seats_table.c.match_id == actions_table.c.match_id)
                & (seats_table.c.seat == actions_table.c.seat),
            )
            .where(seats_table.c.kind == "human")
            .group_by(actions_table.c.match_id)
            .subquery()
        )
        query = (
            select(matches_table, counts.c.n, counts.c.last_at, human.c.human_at)
            .outerjoin(counts, counts.c.match_id == matches_table.c.id)
            .outerjoin(human, human.c.match_id == matches_table.c.id)
        )
        if finished is True:
            query = query.where(matches_table.c.finished_at.is_not(None))
        elif finished is False:
            query = query.where(matches_table.c.finished_at.is_(None))
        if ids is not None:
            query = query.where(matches_table.c.id.in_(list(ids)))
        if idle_before is not None:
            query = query.where(
                func.coalesce(human.c.human_at, matches_table.c.created_at) < idle_before
            )
        query = query.order_by(matches_table.c.created_at.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = list(conn.execute(query))
            seats = self._seats(conn, [r.id for r in rows])
            extras = self._extras(conn, [r.id for r in rows])
        result = []
        for row in rows:
            match = self._match_from_row(row, extras.get(row.id))
            match.seats = seats[row.id]
            match.action_count = int(row.n or 0)
            match.last_action_at = _utc(row.last_at)
            match.last_human_at = _utc(row.human_at)
            result.append(match)
        return result
