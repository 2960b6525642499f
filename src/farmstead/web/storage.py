"""The match event log in a SQL database (SQLite by default, PostgreSQL by URL).

Five tables, no pickles:

* ``fs_matches`` — one row per match: game, player count, non-default params, the secret seed
  that drives its chance outcomes, creation and finish times, final returns, the log's length
  and the match's revision (raised by every write to the match), and a hash of the address
  that created it (for the per-client limits);
* ``fs_seats`` — one row per seat: ``human`` or ``bot``, the bot's agent spec, a display name,
  and the SHA-256 hash of the human seat's secret token (NULL while the seat is open);
* ``fs_actions`` — the event log: (match, index) → action id, the seat that took it (-1 for a
  chance outcome) and when. Replaying it from the initial state rebuilds the match exactly;
* ``fs_match_extra`` — per match, the creator's options (undo allowed, what a resignation
  does) and, for a match that ended early, how (a resignation, abandoned). A match without a
  row (from before the table existed) has the default options. Being a table of its own, it
  is created in an existing database without touching the others;
* ``fs_action_keys`` — the idempotency keys of accepted actions: (match, key) → the seat, the
  request as sent and the log index it was applied at. A repeat under the same key, on any
  process and after any restart, is recognised and not applied again.

Undo removes a player's own last decisions from the log (``truncate_actions``): the log stays
the one truth, and the server rebuilds the match by replaying it.

Every write is one transaction, and every write to a match first raises its row's
``revision`` with a conditional ``UPDATE``: that row lock orders all writers of one match, on
any number of processes. ``append_actions`` succeeds only while the log still has the length
the writer saw (a compare-and-set on ``length``) and inserts the rows of one accepted step, its
idempotency key and the finish mark atomically; ``truncate_actions`` (undo) is the same kind of
compare-and-set, so an append and an undo racing on two processes can never leave a gap. The
loser gets ``StaleWriteError`` (or False) and nothing is written. The (match, index) primary
key backs this up.

Databases made before ``length``, ``revision``, ``client_hash`` and ``fs_seats.invite``
existed gain the columns when opened (``_upgrade``), with the lengths counted from the log.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Sequence
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
    bindparam,
    create_engine,
    delete,
    event,
    func,
    inspect,
    select,
    text,
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
    Column("length", Integer, nullable=False, default=0, server_default="0"),
    Column("revision", Integer, nullable=False, default=0, server_default="0"),
    Column("client_hash", String(64), nullable=True, index=True),
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
    # 1 while the seat's token is an invite link's, not yet redeemed
    Column("invite", Integer, nullable=False, default=0, server_default="0"),
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

keys_table = Table(
    "fs_action_keys",
    metadata,
    Column("match_id", String(32), ForeignKey("fs_matches.id"), primary_key=True),
    Column("key", String(200), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("request", Text, nullable=False),  # the request as sent (action id and JSON)
    Column("idx", Integer, nullable=False),  # the log index it was applied at
)

# The statements of every move, built once (building a statement costs more than running it).
_APPEND_CLAIM = (
    update(matches_table)
    .where(
        matches_table.c.id == bindparam("match"),
        matches_table.c.length == bindparam("expected"),
        matches_table.c.finished_at.is_(None),
    )
    .values(revision=matches_table.c.revision + 1, length=bindparam("new_length"))
)
_APPEND_FINISH_CLAIM = _APPEND_CLAIM.values(
    finished_at=bindparam("finished_at"), returns=bindparam("final_returns")
)
_INSERT_ACTIONS = actions_table.insert()
_INSERT_KEY = keys_table.insert()
_HEAD = select(matches_table.c.revision, matches_table.c.length).where(
    matches_table.c.id == bindparam("match")
)

# Columns added after the first release: (table, column, SQL type, default).
_ADDED_COLUMNS = (
    ("fs_matches", "length", "INTEGER", "0"),
    ("fs_matches", "revision", "INTEGER", "0"),
    ("fs_matches", "client_hash", "VARCHAR(64)", None),
    ("fs_seats", "invite", "INTEGER", "0"),
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
    invite: bool = False  # the token is an invite link's, not yet redeemed


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
    revision: int = 0  # raised by every write to the match
    client_hash: str | None = None  # who created it (a hash of the client's address)


@dataclass(frozen=True)
class AppliedKey:
    """An action accepted under an idempotency key: the seat, the request and its index."""

    seat: int
    request: str
    index: int


@dataclass(frozen=True)
class Head:
    """The cheap-to-read facts that say whether a cached match is current."""

    revision: int
    length: int


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
    """The event log behind a SQLAlchemy engine. Creates (and upgrades) its tables on first
    use; any number of processes may share one database."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.dialect = make_url(self.url).get_backend_name()
        self.engine: Engine = self._make_engine()
        try:
            metadata.create_all(self.engine)
            self._upgrade()
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

    def _upgrade(self) -> None:
        """Add the columns that a database from an earlier release lacks; count the log
        lengths of its matches. Safe when several processes open the database at once."""
        for table, column, sql_type, default in _ADDED_COLUMNS:
            present = {c["name"] for c in inspect(self.engine).get_columns(table)}
            if column in present:
                continue
            clause = f" NOT NULL DEFAULT {default}" if default is not None else ""
            try:
                with self.engine.begin() as conn:
                    conn.execute(
                        text(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}{clause}")
                    )
                    if (table, column) == ("fs_matches", "length"):
                        counts = (
                            select(func.count())
                            .select_from(actions_table)
                            .where(actions_table.c.match_id == matches_table.c.id)
                            .scalar_subquery()
                        )
                        conn.execute(update(matches_table).values(length=counts))
            except SQLAlchemyError:
                # Another process added it first; anything else shows on the next check.
                present = {c["name"] for c in inspect(self.engine).get_columns(table)}
                if column not in present:
                    raise

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
            "length": 0,
            "revision": 0,
            "client_hash": match.client_hash,
        }
        seat_values = [
            {
                "match_id": match.id,
                "seat": s.seat,
                "kind": s.kind,
                "agent": s.agent,
                "name": s.name,
                "token_hash": s.token_hash,
                "invite": int(s.invite),
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

    @staticmethod
    def _claim_revision(conn: Any, match_id: str, *conditions: Any, **values: Any) -> bool:
        """Raise the match's revision (and set ``values``) if ``conditions`` hold; the row lock
        this takes orders every writer of the match. False when they do not hold."""
        result = conn.execute(
            update(matches_table)
            .where(matches_table.c.id == match_id, *conditions)
            .values(revision=matches_table.c.revision + 1, **values)
        )
        return bool(result.rowcount == 1)

    def append_actions(
        self,
        match_id: str,
        rows: Sequence[ActionRow],
        finished: tuple[datetime, list[float]] | None = None,
        *,
        length: int,
        key: tuple[str, int, str] | None = None,
    ) -> None:
        """Append the actions of one accepted step at the end of a log of ``length`` entries,
        with the idempotency ``key`` (key, seat, request) it was sent under and the finish mark,
        in one transaction.

        Raises ``StaleWriteError`` when the log no longer has ``length`` entries, the match is
        finished, or the key is already used (another writer got there first); nothing is
        written then.
        """
        values = [
            {"match_id": match_id, "idx": r.index, "action": r.action, "seat": r.seat, "at": r.at}
            for r in rows
        ]
        if any(v["idx"] != length + i for i, v in enumerate(values)):
            raise StorageError(f"match {match_id}: actions must continue the log at #{length}")
        if key is not None:
            check_lengths(keys_table, {"key": key[0]})
        claim = {"match": match_id, "expected": length, "new_length": length + len(values)}
        statement = _APPEND_CLAIM
        if finished is not None:
            statement = _APPEND_FINISH_CLAIM
            claim.update(finished_at=finished[0], final_returns=json.dumps(finished[1]))
        try:
            with self.engine.begin() as conn:
                if conn.execute(statement, claim).rowcount != 1:
                    raise StaleWriteError(
                        f"match {match_id}: the log moved on from move {length}; reload the match"
                    )
                if values:
                    conn.execute(_INSERT_ACTIONS, values)
                if key is not None:
                    conn.execute(
                        _INSERT_KEY,
                        {
                            "match_id": match_id,
                            "key": key[0],
                            "seat": key[1],
                            "request": key[2],
                            "idx": length,
                        },
                    )
        except IntegrityError:
            raise StaleWriteError(
                f"match {match_id}: action index or idempotency key already recorded"
            ) from None
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def mark_finished(self, match_id: str, at: datetime, returns: list[float]) -> None:
        """Write the finish mark of a match whose log ends the game (no new actions)."""
        try:
            with self.engine.begin() as conn:
                self._claim_revision(
                    conn,
                    match_id,
                    matches_table.c.finished_at.is_(None),
                    finished_at=at,
                    returns=json.dumps(returns),
                )
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def truncate_actions(self, match_id: str, keep: int, length: int) -> bool:
        """Remove the log entries from index ``keep`` on (an undo), and the idempotency keys
        of the actions removed, in one transaction, if the log still has ``length`` entries
        and the match is not finished; False (nothing removed) otherwise."""
        if not 0 <= keep <= length:
            return False
        try:
            with self.engine.begin() as conn:
                if not self._claim_revision(
                    conn,
                    match_id,
                    matches_table.c.length == length,
                    matches_table.c.finished_at.is_(None),
                    length=keep,
                ):
                    return False
                conn.execute(
                    delete(actions_table).where(
                        actions_table.c.match_id == match_id, actions_table.c.idx >= keep
                    )
                )
                conn.execute(
                    delete(keys_table).where(
                        keys_table.c.match_id == match_id, keys_table.c.idx >= keep
                    )
                )
                self._set_extra(conn, match_id, undos=extra_table.c.undos + 1)
                return True
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def end_match(
        self, match_id: str, at: datetime, returns: list[float], ended: dict[str, Any]
    ) -> bool:
        """Mark an unfinished match as ended early (``ended``: how), with its returns; False
        (nothing written) when it is finished already."""
        try:
            with self.engine.begin() as conn:
                if not self._claim_revision(
                    conn,
                    match_id,
                    matches_table.c.finished_at.is_(None),
                    finished_at=at,
                    returns=json.dumps(returns),
                ):
                    return False
                self._set_extra(conn, match_id, ended=json.dumps(ended, sort_keys=True))
                return True
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

    def _update_seat(
        self, match_id: str, seat: int, conditions: Sequence[Any], **values: Any
    ) -> bool:
        """Update one seat if ``conditions`` hold (raising the match's revision); False if not."""
        check_lengths(seats_table, values)
        try:
            with self.engine.begin() as conn:
                result = conn.execute(
                    update(seats_table)
                    .where(
                        seats_table.c.match_id == match_id, seats_table.c.seat == seat, *conditions
                    )
                    .values(**values)
                )
                if result.rowcount != 1:
                    return False
                self._claim_revision(conn, match_id)
                return True
        except SQLAlchemyError as exc:
            raise StorageError(_describe(exc)) from None

    def seat_to_bot(self, match_id: str, seat: int, agent: str, name: str) -> bool:
        """A human seat of an unfinished match becomes a bot playing ``agent`` (its token stops
        working); False when the seat is no human's any more."""
        return self._update_seat(
            match_id,
            seat,
            [seats_table.c.kind == "human"],
            kind="bot",
            agent=agent,
            name=name,
            token_hash=None,
            invite=0,
        )

    def claim_seat(self, match_id: str, seat: int, token_hash: str, name: str) -> bool:
        """Give an open human seat its token hash (and name); False if it was not open."""
        return self._update_seat(
            match_id,
            seat,
            [seats_table.c.kind == "human", seats_table.c.token_hash.is_(None)],
            token_hash=token_hash,
            name=name,
        )

    def replace_seat_token(self, match_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
        """Redeem a human seat's invite: swap its token hash ``old_hash`` for ``new_hash``;
        False if the seat's token is not that invite any more (redeemed already)."""
        return self._update_seat(
            match_id,
            seat,
            [
                seats_table.c.kind == "human",
                seats_table.c.token_hash == old_hash,
                seats_table.c.invite == 1,
            ],
            token_hash=new_hash,
            invite=0,
        )

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
            action_count=int(row.length),
            revision=int(row.revision),
            client_hash=row.client_hash,
        )

    def _extras(self, conn: Any, match_ids: list[str]) -> dict[str, Any]:
        if not match_ids:
            return {}
        rows = conn.execute(select(extra_table).where(extra_table.c.match_id.in_(match_ids)))
        return {r.match_id: r for r in rows}

    @_db_errors
    def head(self, match_id: str) -> Head | None:
        """The match's revision and log length (one indexed read); None if unknown."""
        with self.engine.connect() as conn:
            row = conn.execute(_HEAD, {"match": match_id}).first()
        return None if row is None else Head(int(row.revision), int(row.length))

    @_db_errors
    def load_match(
        self, match_id: str, with_actions: bool = True, since: int = 0
    ) -> MatchRow | None:
        """The match with its seats and (optionally) its log from index ``since``; None if
        unknown. Read in one transaction, so the log agrees with the match's revision."""
        with self.engine.connect() as conn, conn.begin():
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
                        .where(actions_table.c.match_id == match_id, actions_table.c.idx >= since)
                        .order_by(actions_table.c.idx)
                    )
                ]
            return match

    @_db_errors
    def applied_key(self, match_id: str, key: str) -> AppliedKey | None:
        """The action accepted under idempotency ``key`` in the match, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(keys_table).where(keys_table.c.match_id == match_id, keys_table.c.key == key)
            ).first()
        return None if row is None else AppliedKey(int(row.seat), row.request, int(row.idx))

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
            result[s.match_id].append(
                SeatRow(s.seat, s.kind, s.name, s.agent, s.token_hash, bool(s.invite))
            )
        return result

    @_db_errors
    def unfinished_match_ids(self, with_bots: bool = False) -> list[str]:
        """Ids of every match without a finish mark (only those with a bot seat, when
        ``with_bots``), oldest first."""
        query = select(matches_table.c.id).where(matches_table.c.finished_at.is_(None))
        if with_bots:
            bots = select(seats_table.c.match_id).where(seats_table.c.kind == "bot")
            query = query.where(matches_table.c.id.in_(bots))
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query.order_by(matches_table.c.created_at))]

    @_db_errors
    def count_by_client(
        self, client_hash: str, *, unfinished: bool = False, since: datetime | None = None
    ) -> int:
        """Matches created by ``client_hash``: only unfinished ones, or only those created
        at or after ``since``."""
        query = (
            select(func.count())
            .select_from(matches_table)
            .where(matches_table.c.client_hash == client_hash)
        )
        if unfinished:
            query = query.where(matches_table.c.finished_at.is_(None))
        if since is not None:
            query = query.where(matches_table.c.created_at >= since)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    @_db_errors
    def oldest_created_since(self, client_hash: str, since: datetime) -> datetime | None:
        """When the oldest match created by ``client_hash`` at or after ``since`` was made."""
        query = select(func.min(matches_table.c.created_at)).where(
            matches_table.c.client_hash == client_hash, matches_table.c.created_at >= since
        )
        with self.engine.connect() as conn:
            return _utc(conn.execute(query).scalar_one())

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
            match.last_action_at = _utc(row.last_at)
            match.last_human_at = _utc(row.human_at)
            result.append(match)
        return result
