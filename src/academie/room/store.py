"""The card room's storage: every table (its game, options, seed and seats), the append-only log of each table's
accepted actions, its chat and the reviews of finished games, in one schema for SQLite and PostgreSQL (SQLAlchemy 2
Core, asynchronous; the schema migrated by Alembic at start-up).

An action is committed here before anyone is told of it; ``UNIQUE(table_id, seq)`` makes the log the arbiter
when two processes accept an action for the same table at once: the second insert fails (:class:`SeqTaken`),
and that process catches up from the log instead. SQLite runs in WAL mode with ``synchronous=NORMAL``: a
committed action survives the server's crash or ``kill -9`` (not a power cut, which PostgreSQL's defaults cover).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import itertools
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

import asyncpg  # type: ignore[import-untyped]
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from academie.engine import AcademieError
from academie.room.notify import CHANNEL, Notices, action_kind, asyncpg_dsn
from academie.room.writer import Job, WriteFailed, Writer, checked_window

log = logging.getLogger("academie.room")
metadata = sa.MetaData()
tables = sa.Table(
    "room_tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("mode", sa.String(16), nullable=False),
    sa.Column("takeover", sa.String(32), nullable=True),
    sa.Column("takeover_after", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("result", sa.Text, nullable=False),
    sa.Column("created", sa.String(32), nullable=False),
    sa.Column("finished", sa.String(32), nullable=True),
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Column("clock_decision", sa.Float, nullable=True),
    sa.Column("clock_reserve", sa.Float, nullable=True),
    sa.Column("next_table", sa.String(32), nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("first_dealer", sa.Integer, nullable=True),
    sa.Column("deals", sa.Integer, nullable=True),
)
seats = sa.Table(
    "room_seats", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("token", sa.String(64), nullable=True),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("claimed", sa.String(32), nullable=True),
    sa.Column("account_id", sa.Integer, nullable=True),
)
actions = sa.Table(
    "room_actions", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("comment", sa.Text, nullable=True),
    sa.Column("at", sa.Float, nullable=True),
    sa.Column("on_time", sa.String(32), nullable=True),
)
chat = sa.Table(
    "room_chat", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
)
reviews = sa.Table(
    "room_reviews", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("level", sa.String(32), primary_key=True),
    sa.Column("samples", sa.Integer, primary_key=True),
    sa.Column("review", sa.Text, nullable=False),
    sa.Column("computed_at", sa.String(32), nullable=False),
    sa.Column("seconds", sa.Float, nullable=False),
)
accounts = sa.Table(
    "room_accounts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("name_key", sa.String(64), nullable=True, unique=True),
    sa.Column("password", sa.String(255), nullable=True),
    sa.Column("created", sa.String(32), nullable=False),
    sa.Column("deleted", sa.String(32), nullable=True),
)
sessions = sa.Table(
    "room_sessions", metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, nullable=False, index=True),
    sa.Column("csrf", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)
login_attempts = sa.Table(
    "room_login_attempts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name_key", sa.String(64), nullable=False, index=True),
    sa.Column("client", sa.String(64), nullable=False, index=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("ok", sa.Boolean, nullable=False),
)
ratings = sa.Table(
    "room_ratings", metadata,
    sa.Column("account_id", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.String(32), nullable=False),
)
rating_history = sa.Table(
    "room_rating_history", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account_id", sa.Integer, nullable=False, index=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.String(32), nullable=False),
    sa.Index("room_rating_history_once", "table_id", "account_id", unique=True),  # rated once (migration 0007)
)
queue = sa.Table(
    "room_queue", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("ticket", sa.String(64), nullable=False, unique=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("joined", sa.Float, nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("seen", sa.Float, nullable=True),
)
invitations = sa.Table(
    "room_invitations", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("from_account", sa.Integer, nullable=False),
    sa.Column("to_account", sa.Integer, nullable=False, index=True),
    sa.Column("created", sa.String(32), nullable=False),
    sa.Column("answered", sa.String(32), nullable=True),
    sa.Column("accepted", sa.Boolean, nullable=True),
)
boards = sa.Table(
    "room_boards", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("board_key", sa.String(96), nullable=False, index=True),
    sa.Column("board", sa.Integer, nullable=False),
    sa.Column("event_id", sa.String(32), nullable=True, index=True),
    sa.Column("round", sa.Integer, nullable=True),
    sa.Column("table_number", sa.Integer, nullable=True),
    sa.Column("points", sa.Text, nullable=True),
    sa.Column("marked", sa.Text, nullable=True),
    sa.Column("finished", sa.String(32), nullable=True),
    sa.Column("released", sa.String(32), nullable=True),
    sa.Column("people", sa.Text, nullable=True),
    sa.Index("room_boards_once", "event_id", "board", "table_number", unique=True),  # opened once (migration 0008)
)
events = sa.Table(
    "room_events", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("title", sa.String(64), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("boards", sa.Integer, nullable=False),
    sa.Column("boards_per_round", sa.Integer, nullable=False),
    sa.Column("round_seconds", sa.Float, nullable=False),
    sa.Column("organiser", sa.Integer, nullable=False, index=True),
    sa.Column("starts", sa.String(32), nullable=True),
    sa.Column("capacity", sa.Integer, nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("round", sa.Integer, nullable=False, server_default="0"),
    sa.Column("round_started", sa.Float, nullable=True),
    sa.Column("created", sa.String(32), nullable=False),
    sa.Column("finished", sa.String(32), nullable=True),
)
event_players = sa.Table(
    "room_event_players", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("event_id", sa.String(32), nullable=False, index=True),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token", sa.String(64), nullable=True),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("entrant", sa.Integer, nullable=True),
    sa.Column("member", sa.Integer, nullable=True),
    sa.Column("registered", sa.String(32), nullable=False),
    sa.Column("left", sa.String(32), nullable=True),
    sa.UniqueConstraint("event_id", "account_id", name="room_event_players_once"),
)
board_bots = sa.Table(
    "room_board_bots", metadata,
    sa.Column("board_key", sa.String(96), primary_key=True),
    sa.Column("level", sa.String(32), primary_key=True),
    sa.Column("points", sa.Text, nullable=False),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("computed", sa.String(32), nullable=False),
)

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
"""A table's status: a player's seat not yet taken (open to anyone, or reserved for an invited player); every
player's seat taken (or bots only); the game over."""
BOT, OPEN, RESERVED, TAKEN = "bot", "open", "reserved", "taken"
"""A seat's state: a bot's; open to anyone (``join``); reserved for the holder of its link; taken by a player."""


class StoreError(AcademieError):
    """The database refused or lost something (its message says what)."""


class SeqTaken(StoreError):
    """Another process stored an action at this table's sequence number first."""


class DatabaseURLError(StoreError, ValueError):
    """A database URL the card room cannot use: its message says which it can."""


DRIVERS: Final = {"sqlite": "sqlite+aiosqlite", "sqlite+aiosqlite": "sqlite+aiosqlite",
                  "postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg",
                  "postgresql+asyncpg": "postgresql+asyncpg"}
"""The URL schemes the room accepts, and the asynchronous driver each is served by."""


def now() -> str:
    """The room's time stamp for what it stores (UTC, to the second, ISO 8601)."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def with_async_driver(url: str) -> str:
    """``url`` with the room's asynchronous driver named, as people write URLs without it (raises
    :class:`DatabaseURLError` for any other database or driver).

    >>> with_async_driver("sqlite:///academie.db"), with_async_driver("postgresql://room@db/room")
    ('sqlite+aiosqlite:///academie.db', 'postgresql+asyncpg://room@db/room')
    """
    scheme, separator, rest = url.partition("://")
    driver = DRIVERS.get(scheme.lower()) if separator else None
    if driver is None:  # the URL itself is not repeated: it may hold a password
        raise DatabaseURLError(f"the database scheme {scheme.partition(':')[0][:40]!r} is not one the card room can "
                               "use; allowed: sqlite:///FILE or postgresql://USER:PASSWORD@HOST:PORT/DATABASE (also "
                               "written sqlite+aiosqlite:// and postgresql+asyncpg://, the drivers the room uses)")
    return f"{driver}://{rest}"


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored: what rebuilds its game (game, options, seed, players) and how it is played."""

    id: str
    game: str
    options: dict[str, object]
    seed: int
    players: int
    mode: str
    takeover: str | None
    takeover_after: float
    status: str
    result: str
    created: str
    finished: str | None = None
    owner: str | None = None
    """The SHA-256 of the creator's token (None: a table from before creators had one)."""
    clock_decision: float | None = None
    """Time controls: the seconds each decision of a player may take before his reserve runs (None: no clock)."""
    clock_reserve: float | None = None
    """Time controls: the seconds of reserve each player has for the whole game, spent past a decision's time."""
    next_table: str | None = None
    """The table the players went on to once this one was over (a rematch, another game), or None."""
    rated: bool = False
    """Its result moves its players' ratings: every player's seat is held by an account (docs/card-room.md)."""
    first_dealer: int | None = None
    """The seat that deals first (None: cut for, as the game says); a board's table is dealt by the board's dealer."""
    deals: int | None = None
    """The table ends once this many deals are over (None: at the end of the partie); a board's table plays one."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat as stored: a bot's (``bot``), open to anyone (no token: ``join`` mints one), reserved for the
    holder of its link (a token, not yet ``claimed``), or taken (``claimed``: when its link first connected, or
    when it was joined)."""

    seat: int
    name: str | None
    token: str | None
    bot: str | None
    claimed: str | None = None
    account_id: int | None = None
    """The account of the player who holds it (None: a guest, a bot, or nobody yet)."""

    @property
    def state(self) -> str:
        """:data:`BOT`, :data:`OPEN`, :data:`RESERVED` or :data:`TAKEN`."""
        if self.bot is not None:
            return BOT
        if self.token is None:
            return OPEN
        return RESERVED if self.claimed is None else TAKEN


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    comment: str | None
    at: float | None = None
    """When it was committed (seconds since the epoch; None: an action stored before tables had clocks)."""
    on_time: str | None = None
    """The bot that made it for a seat whose time ran out (None: the seat's own player or bot)."""


@dataclass(frozen=True, slots=True)
class ChatRow:
    id: int
    seat: int | None
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """The stored review of a finished table by the bots of ``level`` over ``samples`` worlds per decision: its
    language-independent JSON (:mod:`academie.room.reviews`), when it was computed and in how many seconds."""

    table_id: str
    level: str
    samples: int
    review: dict[str, object]
    computed_at: str
    seconds: float


@dataclass(frozen=True, slots=True)
class _Append:
    """An accepted action and the table's status after it (consecutive ones are written as one insert)."""

    table_id: str
    row: ActionRow
    status: str
    result: str
    finished: str | None


MIGRATION_LOCK: Final = 0x6163616465_6D6965
"""PostgreSQL: the advisory lock a process holds while it migrates the schema ("academie" in ASCII)."""
CHECKPOINT_ROWS = 2000
"""SQLite: the log's rows written between two checkpoints of its write-ahead log (each run by a thread)."""

_STATUS_UPDATE = tables.update().where(tables.c.id == sa.bindparam("table")).values(
    status=sa.bindparam("new_status"), result=sa.bindparam("new_result"), finished=sa.bindparam("new_finished"))


_SQLITE_APPEND: Final = ("INSERT INTO room_actions (table_id, seq, seat, action, comment, at, on_time) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)")
_SQLITE_STATUS: Final = "UPDATE room_tables SET status = ?, result = ?, finished = ? WHERE id = ?"
PG_APPEND: Final = """WITH appended AS (
    INSERT INTO room_actions (table_id, seq, seat, action, comment, at, on_time)
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::float8[], $7::text[])
), updated AS (
    UPDATE room_tables SET status = new.status, result = new.result, finished = new.finished
    FROM unnest($8::text[], $9::text[], $10::text[], $11::text[]) AS new (id, status, result, finished)
    WHERE room_tables.id = new.id
)
SELECT pg_notify($12, payload) FROM unnest($13::text[]) AS payload"""
"""PostgreSQL: a batch of the log's actions, each table's status after its last one and the notices, in one
statement, so one transaction and one trip to the server: through SQLAlchemy's ORM-free Core the same took a
transaction of four (BEGIN, the insert, the update, the notices, COMMIT) and a tenth of the server's CPU."""


def _append_sqlite(connection: Any, appends: list[_Append]) -> None:
    """SQLite: the actions and each table's status after its last one through the driver's own ``executemany`` on
    ``connection`` (sqlite3's, in its transaction), as SQLAlchemy's spent more than SQLite itself on each row."""
    last = {write.table_id: write for write in appends}.values()
    cursor = connection.cursor()
    try:
        cursor.executemany(_SQLITE_APPEND, [
            (write.table_id, write.row.seq, write.row.seat, write.row.action, write.row.comment, write.row.at,
             write.row.on_time) for write in appends])
        cursor.executemany(_SQLITE_STATUS, [
            (write.status, write.result, write.finished, write.table_id) for write in last])
    finally:
        cursor.close()


def _append_all(connection: sa.Connection, appends: list[_Append]) -> None:
    """The actions in one insert, and each table's status after its last one."""
    if connection.dialect.name == "sqlite":  # in the transaction SQLAlchemy began, on its connection
        _append_sqlite(connection.connection.dbapi_connection, appends)
        return
    last = {write.table_id: write for write in appends}.values()
    connection.execute(actions.insert(), [
        {"table_id": write.table_id, "seq": write.row.seq, "seat": write.row.seat, "action": write.row.action,
         "comment": write.row.comment, "at": write.row.at, "on_time": write.row.on_time} for write in appends])
    connection.execute(_STATUS_UPDATE, [
        {"table": write.table_id, "new_status": write.status, "new_result": write.result,
         "new_finished": write.finished} for write in last])


def _pg_append_arguments(appends: list[_Append], payloads: list[str]) -> tuple[object, ...]:
    """:data:`PG_APPEND`'s arguments: the actions' columns, the tables' last statuses', the notices."""
    last = list({write.table_id: write for write in appends}.values())
    rows = [write.row for write in appends]
    return ([write.table_id for write in appends], [row.seq for row in rows], [row.seat for row in rows],
            [row.action for row in rows], [row.comment for row in rows], [row.at for row in rows],
            [row.on_time for row in rows], [write.table_id for write in last], [write.status for write in last],
            [write.result for write in last], [write.finished for write in last], CHANNEL, payloads)


WRITER: Final = "academie-room-writer"
"""PostgreSQL: the writer's own connection calls itself ``academie-room-writer:PID`` in ``pg_stat_activity``."""
REFUSED_AS_TAKEN: Final = (IntegrityError, sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
"""What an insert of an action whose number another process stored first raises: through SQLAlchemy, or from the
driver itself (:func:`_append_all` on SQLite, :data:`PG_APPEND`)."""


SEED_SPAN: Final = 2**64
"""Seeds are stored in a signed 64-bit column: a board's seed (:func:`academie.sim.derive_seed`, up to 2**64 - 1)
from 2**63 on is stored less 2**64, and read back whole (a new table's seed, below 2**62, is stored as it is)."""


def seed_column(seed: int) -> int:
    """A seed as its signed 64-bit column holds it.

    >>> seed_column(7), seed_column(2**64 - 1), seed_read(seed_column(2**64 - 1)) == 2**64 - 1
    (7, -1, True)
    """
    return seed - SEED_SPAN if seed >= SEED_SPAN // 2 else seed


def seed_read(stored: int) -> int:
    """A seed as its column held it (:func:`seed_column`), whole again."""
    return stored + SEED_SPAN if stored < 0 else stored


def _table_row(row: Any) -> TableRow:
    return TableRow(id=row.id, game=row.game, options=json.loads(row.options), seed=seed_read(int(row.seed)),
                    players=row.players, mode=row.mode, takeover=row.takeover,
                    takeover_after=float(row.takeover_after), status=row.status, result=row.result,
                    created=row.created, finished=row.finished, owner=row.owner, clock_decision=row.clock_decision,
                    clock_reserve=row.clock_reserve, next_table=row.next_table,
                    rated=bool(row.rated), first_dealer=row.first_dealer, deals=row.deals)


def _seat_row(row: Any) -> SeatRow:
    return SeatRow(row.seat, row.name, row.token, row.bot, row.claimed, row.account_id)


def _is(column: sa.Column[Any], value: object) -> sa.ColumnElement[bool]:
    """``column = value``, or ``column IS NULL`` for None."""
    return column.is_(None) if value is None else column == value


def _seat_updates(table_id: str, seen: SeatRow, new: SeatRow, status: str) -> tuple[sa.Update, sa.Update]:
    """The seat's change, if it is still as ``seen``; the table's new status, unless it is finished."""
    seat_change = seats.update().where(
        seats.c.table_id == table_id, seats.c.seat == seen.seat, _is(seats.c.token, seen.token),
        _is(seats.c.bot, seen.bot), _is(seats.c.claimed, seen.claimed)).values(
        name=new.name, token=new.token, bot=new.bot, claimed=new.claimed, account_id=new.account_id)
    status_change = tables.update().where(tables.c.id == table_id, tables.c.status != FINISHED).values(status=status)
    return seat_change, status_change


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _sqlite_writer_pragmas(dbapi_connection: Any, record: Any) -> None:
    """The writer's connections, which write on the event loop: they never wait for a lock (another process's:
    SQLite answers busy at once, and the writer retries after an asynchronous pause), and they leave checkpoints
    to :meth:`Store._checkpoint` (a checkpoint writes the database file and waits for the disk: in a thread)."""
    _sqlite_pragmas(dbapi_connection, record)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA busy_timeout=0")
    cursor.close()


def migrate_connection(connection: sa.Connection, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (the newest by default) on ``connection`` (Alembic, from the package's
    migrations)."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("academie.room").joinpath("migrations")))
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def _checkpoint_done(future: asyncio.Future[None]) -> None:
    """A failed checkpoint loses nothing (the log stays in the write-ahead file until the next): say so."""
    if not future.cancelled() and future.exception() is not None:
        log.warning("SQLite checkpoint failed: %s", future.exception())


class Store:
    """The database of one server process: a pool of connections that read, and one :class:`Writer` through which
    every write goes (tables, seats, the log, chat)."""

    def __init__(self, url: str, *, notice: Notices | None = None, commit_window: float = 0.0) -> None:
        """``commit_window``: the seconds the first write of a batch waits for those behind it (:class:`Writer`;
        :class:`academie.room.writer.WindowError` if it is not allowed, before anything is opened)."""
        window = checked_window(commit_window)
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        options: dict[str, object] = {}
        if not self.is_sqlite:
            options = {"pool_size": 10, "max_overflow": 20}
        self.engine: AsyncEngine = create_async_engine(url, **options)
        self.notice = notice
        self._sync_engine: sa.Engine | None = None
        self._checkpoint_thread: ThreadPoolExecutor | None = None
        self._unchecked_rows = 0
        self._checkpointing: asyncio.Future[None] | None = None
        self._appender: asyncpg.Connection | None = None
        """PostgreSQL: the writer's own connection, on which it commits the batches of actions alone
        (:data:`PG_APPEND`)."""
        self._sqlite_appender: sa.PoolProxiedConnection | None = None
        """SQLite: the writer's connection for the batches of actions alone, held for the store's life (taking
        it from the pool and giving it back cost more than the batch's own commit)."""
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            self._sync_engine = sa.create_engine(url.replace("sqlite+aiosqlite:", "sqlite:", 1))
            event.listen(self._sync_engine, "connect", _sqlite_writer_pragmas)
            self._checkpoint_thread = ThreadPoolExecutor(1, thread_name_prefix="academie-room-checkpoint")
        self.writer = Writer(self._run_sqlite if self.is_sqlite else self._run_postgres, window=window)
        self.on_finished: Callable[[str], None] | None = None
        """Called with a table's id once the action that ends its game is committed (the reviews start there)."""

    async def migrate(self) -> None:
        """Bring the schema to the newest revision; on PostgreSQL under a lock held until the commit, so that the
        processes of ``academie serve --workers N``, starting together, migrate one after the other."""
        async with self.engine.begin() as connection:
            if not self.is_sqlite:
                await connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            await connection.run_sync(migrate_connection)

    async def close(self) -> None:
        await self.writer.close()
        if self._checkpoint_thread is not None:
            self._checkpoint_thread.shutdown(wait=True)
        if self._sqlite_appender is not None:
            self._sqlite_appender.close()
            self._sqlite_appender = None
        if self._sync_engine is not None:
            self._sync_engine.dispose()
        if self._appender is not None:
            with contextlib.suppress(Exception):
                await self._appender.close()
            self._appender = None
        await self.engine.dispose()

    # ------------------------------------------------------------------ the writer
    async def _write(self, payload: object, notice: tuple[str, str] | None) -> object:
        """Commit one write through the writer; :class:`StoreError` (:class:`SeqTaken`) if it fails."""
        try:
            return await self.writer.write(payload, notice)
        except WriteFailed as failed:
            if isinstance(failed.cause, REFUSED_AS_TAKEN) and isinstance(payload, _Append):
                raise SeqTaken(f"action {payload.row.seq} of table {payload.table_id} is already stored") from None
            raise StoreError(str(failed)) from None

    def _write_batch(self, connection: sa.Connection, batch: list[Job]) -> list[object]:
        """Every job of ``batch`` on ``connection`` (one transaction, in their order; the log's consecutive
        actions as one insert), then the notices of the changes."""
        results: list[object] = []
        for is_action, run in itertools.groupby(batch, key=lambda job: isinstance(job.payload, _Append)):
            jobs = list(run)
            if is_action:
                _append_all(connection, [job.payload for job in jobs if isinstance(job.payload, _Append)])
                results += [None] * len(jobs)
            else:
                results += [_write_one(connection, job.payload) for job in jobs]
        changes = [job.notice for job in batch if job.notice is not None]
        if self.notice is not None and changes:  # one statement: each is a trip through the busy event loop
            connection.execute(self.notice.statement(changes))
        return results

    async def _run_sqlite(self, batch: list[Job]) -> list[object]:
        """SQLite: the batch on the event loop itself, whole (BEGIN to COMMIT without an await; a batch of 256
        takes about 2 ms, and never waits: see :func:`_sqlite_writer_pragmas`). In a thread, the writer waited
        for the interpreter's lock again after each call into SQLite while the busy loop held it: at 1,000 tables
        a batch took 95 ms instead of 2, and 20 tables played as fast as they can made half as many actions."""
        assert self._sync_engine is not None
        appends = [job.payload for job in batch if isinstance(job.payload, _Append)]
        if len(appends) == len(batch):  # most batches: the log's actions alone, straight through sqlite3
            if self._sqlite_appender is None:
                self._sqlite_appender = self._sync_engine.raw_connection()
            connection = self._sqlite_appender.driver_connection
            assert isinstance(connection, sqlite3.Connection)
            with connection:  # sqlite3's transaction: committed, or rolled back on an error
                _append_sqlite(connection, appends)
            results: list[object] = [None] * len(batch)
        else:
            with self._sync_engine.begin() as transaction:
                results = self._write_batch(transaction, batch)
        self._checkpoint_after(len(appends))
        return results

    async def _run_postgres(self, batch: list[Job]) -> list[object]:
        """A batch of actions alone (most batches) in one statement on the writer's own connection
        (:data:`PG_APPEND`); any other through SQLAlchemy, in one transaction."""
        appends = [job.payload for job in batch if isinstance(job.payload, _Append)]
        if len(appends) < len(batch):
            async with self.engine.begin() as connection:
                return await connection.run_sync(self._write_batch, batch)
        if self._appender is None or self._appender.is_closed():
            self._appender = await asyncpg.connect(
                **asyncpg_dsn(self.url), server_settings={"application_name": f"{WRITER}:{os.getpid()}"})
        appender = self._appender
        payloads = [] if self.notice is None else self.notice.payloads(
            [job.notice for job in batch if job.notice is not None])
        try:
            await appender.execute(PG_APPEND, *_pg_append_arguments(appends, payloads))
        except asyncpg.InterfaceError as error:
            if appender.is_closed():  # lost: a transient error, the writer tries again on a new connection
                raise ConnectionError(f"the writer's connection was lost: {error}") from error
            raise
        return [None] * len(batch)

    def _checkpoint_after(self, rows: int) -> None:
        """Count the rows written; past :data:`CHECKPOINT_ROWS`, copy the write-ahead log into the database file
        in a thread of its own (PASSIVE: the writer goes on meanwhile)."""
        self._unchecked_rows += rows
        if self._unchecked_rows < CHECKPOINT_ROWS or (self._checkpointing and not self._checkpointing.done()):
            return
        self._unchecked_rows = 0
        self._checkpointing = asyncio.get_running_loop().run_in_executor(self._checkpoint_thread, self._checkpoint)
        self._checkpointing.add_done_callback(_checkpoint_done)

    def _checkpoint(self) -> None:
        assert self._sync_engine is not None
        with self._sync_engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    # ------------------------------------------------------------------ tables and seats
    async def create(self, table: TableRow, rows: Sequence[SeatRow], *, after: str | None = None) -> bool:
        """Store a new table and its seats; ``after``: the finished table its players come from, which records it
        as its next table, unless another request gave it one first (then nothing is stored: False)."""
        return bool(await self._write(_Create(table, tuple(rows), after), None))

    async def table(self, table_id: str) -> TableRow | None:
        async with self.engine.connect() as connection:
            row = (await connection.execute(tables.select().where(tables.c.id == table_id))).first()
        return None if row is None else _table_row(row)

    async def tables_with(self, statuses: Sequence[str], *, newest_first: bool = False, limit: int = 1000,
                          bots_and_people: bool = False) -> list[TableRow]:
        """The tables of these statuses; ``bots_and_people``: only those with a bot's seat and a player's."""
        order = tables.c.created.desc() if newest_first else tables.c.created
        query = tables.select().where(tables.c.status.in_(statuses))
        if bots_and_people:
            seat = seats.select().where(seats.c.table_id == tables.c.id)
            query = query.where(seat.where(seats.c.bot.is_not(None)).exists(),
                                seat.where(seats.c.bot.is_(None)).exists())
        query = query.order_by(order).limit(limit)
        async with self.engine.connect() as connection:
            return [_table_row(row) for row in await connection.execute(query)]

    async def seats(self, table_id: str) -> list[SeatRow]:
        query = seats.select().where(seats.c.table_id == table_id).order_by(seats.c.seat)
        async with self.engine.connect() as connection:
            return [_seat_row(row) for row in await connection.execute(query)]

    async def listing(self, table_ids: Sequence[str]) -> tuple[dict[str, list[SeatRow]], dict[str, int]]:
        """The seats and the number of stored actions of each table (two queries, for the lobby's list: it reads
        the tables without loading their games)."""
        if not table_ids:
            return {}, {}
        seat_query = seats.select().where(seats.c.table_id.in_(table_ids)).order_by(seats.c.table_id, seats.c.seat)
        seq_query = (sa.select(actions.c.table_id, sa.func.max(actions.c.seq)).where(actions.c.table_id.in_(table_ids))
                     .group_by(actions.c.table_id))
        found: dict[str, list[SeatRow]] = {table_id: [] for table_id in table_ids}
        async with self.engine.connect() as connection:
            for row in await connection.execute(seat_query):
                found[row.table_id].append(_seat_row(row))
            counts = {table_id: int(seq) for table_id, seq in await connection.execute(seq_query)}
        return found, counts

    async def set_seat(self, table_id: str, seen: SeatRow, new: SeatRow, *, status: str) -> bool:
        """Change a seat to ``new`` only if it is still as the caller saw it (``seen``: its token, bot and claim),
        and set the table's status; False if another request changed the seat first."""
        return bool(await self._write(_Seat(table_id, seen, new, status), (table_id, "seats")))

    # ------------------------------------------------------------------ the log
    async def append(self, table_id: str, row: ActionRow, *, status: str, result: str,
                     finished: str | None) -> None:
        """Commit one accepted action (and the table's new status); :class:`SeqTaken` if its number is taken.

        Actions of many tables arriving together are committed together (a group commit: one transaction), and
        each caller returns only once its action is committed."""
        await self._write(_Append(table_id, row, status, result, finished), (table_id, action_kind(row)))
        if status == FINISHED and self.on_finished is not None:
            self.on_finished(table_id)

    async def actions(self, table_id: str, *, after: int = 0) -> list[ActionRow]:
        query = (actions.select().where(actions.c.table_id == table_id, actions.c.seq > after)
                 .order_by(actions.c.seq))
        async with self.engine.connect() as connection:
            return [ActionRow(row.seq, row.seat, row.action, row.comment, row.at, row.on_time)
                    for row in await connection.execute(query)]

    async def announce(self, table_id: str, kind: str) -> None:
        """Tell the other processes of something that is not stored (a seat's presence): nothing on SQLite."""
        await self.announce_all([(table_id, kind)])

    async def announce_all(self, changes: Sequence[tuple[str, str]]) -> None:
        """Tell the other processes of things that are not stored, ``(table, kind)`` each, in one statement."""
        if self.notice is None or not changes:
            return
        async with self.engine.begin() as connection:
            await connection.execute(self.notice.statement(changes))

    # ------------------------------------------------------------------ chat
    async def add_chat(self, table_id: str, *, seat: int | None, name: str, text: str) -> int:
        """Store a line of chat; its id (lines are told in the order of their ids)."""
        line = await self._write(_Chat(table_id, seat, name, text), (table_id, "chat"))
        if not isinstance(line, int):
            raise StoreError(f"a line of chat of table {table_id} was stored without an id")
        return line

    async def chat(self, table_id: str, *, after: int = 0, last: int = 50) -> list[ChatRow]:
        query = (chat.select().where(chat.c.table_id == table_id, chat.c.id > after)
                 .order_by(chat.c.id.desc()).limit(last))
        async with self.engine.connect() as connection:
            rows = [ChatRow(row.id, row.seat, row.name, row.text) for row in await connection.execute(query)]
        return rows[::-1]


    # ------------------------------------------------------------------ other modules' writes
    async def apply(self, run: Callable[[sa.Connection], object]) -> object:
        """Run ``run(connection)`` through the writer, as every write of the room goes (on SQLite a write of its
        own would wait for the writer's lock, or make it wait: ``database is locked``); its answer. ``run`` reads
        what it must check on the same connection rather than count on a unique key, whose refusal would undo the
        writes committed with it (they are then written again one at a time, and only this one fails:
        :class:`StoreError`)."""
        return await self._write(Apply(run), None)

    # ------------------------------------------------------------------ reviews
    async def review(self, table_id: str, *, level: str, samples: int) -> ReviewRow | None:
        """The stored review of ``table_id`` at this level and precision, or None."""
        query = reviews.select().where(reviews.c.table_id == table_id, reviews.c.level == level,
                                       reviews.c.samples == samples)
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).first()
        if row is None:
            return None
        return ReviewRow(row.table_id, row.level, row.samples, json.loads(row.review), row.computed_at,
                         float(row.seconds))

    async def add_review(self, row: ReviewRow) -> None:
        """Keep a computed review; one another process stored first for the same key is kept instead."""
        await self._write(row, None)


@dataclass(frozen=True, slots=True)
class _Create:
    table: TableRow
    seats: tuple[SeatRow, ...]
    after: str | None = None


@dataclass(frozen=True, slots=True)
class _Seat:
    table_id: str
    seen: SeatRow
    new: SeatRow
    status: str


@dataclass(frozen=True, slots=True)
class Apply:
    """A write of another module of the room (boards, events: :meth:`Store.apply`): ``run(connection)`` inside the
    writer's transaction, whose answer is its caller's."""

    run: Callable[[sa.Connection], object]


@dataclass(frozen=True, slots=True)
class _Chat:
    table_id: str
    seat: int | None
    name: str
    text: str


def insert_table(connection: sa.Connection, table: TableRow, rows: Sequence[SeatRow]) -> None:
    """Insert a new table and its seats on ``connection``, inside the caller's transaction (the writer's, or the
    play-now queue's, which seats its waiting players in the same transaction: :mod:`academie.room.matchmaking`)."""
    connection.execute(tables.insert().values(
        id=table.id, game=table.game, options=json.dumps(table.options), seed=seed_column(table.seed),
        players=table.players, mode=table.mode, takeover=table.takeover, takeover_after=table.takeover_after,
        status=table.status, result=table.result, created=table.created, finished=table.finished,
        owner=table.owner, clock_decision=table.clock_decision, clock_reserve=table.clock_reserve,
        rated=table.rated, first_dealer=table.first_dealer, deals=table.deals))
    connection.execute(seats.insert(), [
        {"table_id": table.id, "seat": row.seat, "name": row.name, "token": row.token, "bot": row.bot,
         "claimed": row.claimed, "account_id": row.account_id} for row in rows])


def _write_one(connection: sa.Connection, payload: object) -> object:
    """One write other than an action, inside the batch's transaction; what its caller is answered."""
    if isinstance(payload, _Create):
        table = payload.table
        if payload.after is not None and connection.execute(tables.update().where(
                tables.c.id == payload.after, tables.c.next_table.is_(None)).values(
                next_table=table.id)).rowcount != 1:
            return False
        insert_table(connection, table, payload.seats)
        return True
    if isinstance(payload, _Seat):
        seat_change, status_change = _seat_updates(payload.table_id, payload.seen, payload.new, payload.status)
        if connection.execute(seat_change).rowcount != 1:
            return False
        connection.execute(status_change)
        return True
    if isinstance(payload, Apply):
        return payload.run(connection)
    if isinstance(payload, _Chat):
        inserted = connection.execute(chat.insert().values(
            table_id=payload.table_id, seat=payload.seat, name=payload.name, text=payload.text).returning(chat.c.id))
        return inserted.scalar_one()
    if isinstance(payload, ReviewRow):
        # never an IntegrityError, which would undo the batch's other writes: the first review stored is kept
        insert = sqlite_insert if connection.dialect.name == "sqlite" else postgresql_insert
        connection.execute(insert(reviews).values(
            table_id=payload.table_id, level=payload.level, samples=payload.samples,
            review=json.dumps(payload.review), computed_at=payload.computed_at,
            seconds=payload.seconds).on_conflict_do_nothing())
        return None
    raise TypeError(f"the writer cannot write {type(payload).__name__}")
