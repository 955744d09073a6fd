"""Several server processes on one PostgreSQL: each change to a table (an action, a seat, a chat line) is
announced with ``NOTIFY`` inside the transaction that stores it, and every process listens (``LISTEN``), so that a
table's events reach the players connected to any process.

Why PostgreSQL's LISTEN/NOTIFY rather than Redis pub/sub: the database is already the one place every process
shares and the arbiter of each table's log; a notification sent in the storing transaction is delivered exactly
when the change is committed (never before, never for a rolled-back insert), so no process is told of an action
it cannot read yet; and there is no second service to run, secure and watch. A notification carries the table and
what changed (``table:kind:process``); an action's also carries the action itself (:func:`action_kind`), so that a
process where the table is live applies just that action to its copy and paints the pictures of its own
connections, without reading the log back (at 2,000 tables that read, one at a time, capped what two processes
served: issue 33). Whatever does not follow on from what a process holds (a notification lost, an action too long
to tell) is read from the log instead, so a lost notification costs a delay, never an action: after a
reconnection every live table reads what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import asyncpg  # type: ignore[import-untyped]
import orjson
import sqlalchemy as sa
from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    from academie.room.store import ActionRow

CHANNEL = "academie_room"
"""The PostgreSQL channel every card room process listens on."""
RETRY_SECONDS = 1.0
MOST_TOLD: Final = 7000
"""The longest action a notification carries, in bytes of its JSON (PostgreSQL refuses a payload of 8,000 bytes or
more, and with it the transaction that stores the action; a longer one, a bot's long reason, is read from the log).
"""
Told = tuple[int, int, str, str | None, float | None, str | None]
"""An action as a notification carries it: its sequence number, seat, text, comment, when, and the bot that made it
for a seat whose time ran out (the fields of :class:`academie.room.store.ActionRow`)."""


def action_kind(row: ActionRow) -> str:
    """The kind of the notice of a stored action: ``action``, then the action itself after a new line (none when it
    is longer than :data:`MOST_TOLD`)."""
    told = orjson.dumps([row.seq, row.seat, row.action, row.comment, row.at, row.on_time])
    return "action" if len(told) > MOST_TOLD else "action\n" + told.decode()


def told_action(body: str) -> Told | None:
    """The action a notification's ``body`` carries (None: none, or not one this module wrote)."""
    try:
        told = orjson.loads(body) if body else None
    except orjson.JSONDecodeError:
        return None
    if not (isinstance(told, list) and len(told) == 6):
        return None
    seq, seat, action, comment, at, on_time = told
    if not (isinstance(seq, int) and isinstance(seat, int) and isinstance(action, str)
            and (comment is None or isinstance(comment, str)) and (at is None or isinstance(at, int | float))
            and (on_time is None or isinstance(on_time, str))):
        return None
    return seq, seat, action, comment, None if at is None else float(at), on_time

log = logging.getLogger("academie.room")


@dataclass(frozen=True, slots=True)
class Notices:
    """How ``process`` announces its changes (each ``(table, kind)``) inside the transaction that stores them
    (delivered when it commits): ``table:kind:process`` each, so that the process ignores its own."""

    process: str

    def payloads(self, changes: Sequence[tuple[str, str]]) -> list[str]:
        """What each change's notification says, each change once, in order (the writer's one statement sends
        them: :data:`academie.room.store.PG_APPEND`)."""
        return [_payload(table, kind, self.process) for table, kind in dict.fromkeys(changes)]

    def statement(self, changes: Sequence[tuple[str, str]]) -> sa.Executable:
        """The statement that sends ``changes``' notifications."""
        return sa.select(*(sa.func.pg_notify(CHANNEL, payload) for payload in self.payloads(changes)))


def notices_from(process: str) -> Notices:
    """The notices of the changes ``process`` makes."""
    return Notices(process)


def _payload(table: str, kind: str, process: str) -> str:
    """``table:kind:process``, then the body of the kind (what follows its first new line), if it has one."""
    kind, newline, body = kind.partition("\n")
    return f"{table}:{kind}:{process}{newline}{body}"


def asyncpg_dsn(url: str) -> dict[str, str | int]:
    """asyncpg's connection arguments for a SQLAlchemy URL (``postgresql+asyncpg://user@host:port/db?host=/dir``)."""
    parsed = make_url(url)
    arguments: dict[str, str | int | None] = {"user": parsed.username, "password": parsed.password,
                                 "database": parsed.database, "port": parsed.port, "host": parsed.host}
    for name in ("host", "port"):  # a unix socket's folder (and its port) come in the query
        value = parsed.query.get(name)
        if value is not None:
            arguments[name] = value if isinstance(value, str) else value[0]
    if isinstance(arguments["port"], str):
        arguments["port"] = int(arguments["port"])
    return {name: value for name, value in arguments.items() if value is not None}


class Listener:
    """One connection that LISTENs on :data:`CHANNEL` and hands each notification to ``on_change`` (its table, kind
    and body, ``""`` when it has none); it reconnects when the connection is lost and then calls ``on_reconnect``
    (to read what was missed)."""

    def __init__(self, url: str, *, process: str, on_change: Callable[[str, str, str], Awaitable[None]],
                 on_reconnect: Callable[[], Awaitable[None]]) -> None:
        self.dsn = asyncpg_dsn(url)
        self.process = process
        self.on_change = on_change
        self.on_reconnect = on_reconnect
        self._connection: asyncpg.Connection | None = None
        self._task: asyncio.Task[None] | None = None
        self._lost = asyncio.Event()
        self._changes: asyncio.Queue[tuple[str, str, str]] = asyncio.Queue()

    async def start(self) -> None:
        await self._connect()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _connect(self) -> None:
        connection = await asyncpg.connect(**self.dsn)
        connection.add_termination_listener(lambda _connection: self._lost.set())
        await connection.add_listener(CHANNEL, self._received)
        self._connection = connection
        self._lost.clear()

    def _received(self, _connection: object, _pid: int, _channel: str, payload: str) -> None:
        head, _, body = payload.partition("\n")
        change, _, origin = head.rpartition(":")
        if origin == self.process:  # this process made the change and already shows it: nothing to read back
            return
        table, _, kind = change.partition(":")
        self._changes.put_nowait((table, kind, body))

    async def _run(self) -> None:
        worker = asyncio.get_running_loop().create_task(self._deliver())
        try:
            while True:
                await self._lost.wait()
                while True:
                    await asyncio.sleep(RETRY_SECONDS)
                    try:
                        await self._connect()
                    except (OSError, asyncpg.PostgresError) as error:
                        log.warning("LISTEN connection lost, retrying: %s", error)
                        continue
                    await self.on_reconnect()
                    break
        finally:
            worker.cancel()

    async def _deliver(self) -> None:
        """One change at a time, in the order they were committed (``on_change`` does not keep the others waiting
        while it reads the database: :meth:`academie.room.hub.Room.on_notify`)."""
        while True:
            table, kind, body = await self._changes.get()
            try:
                await self.on_change(table, kind, body)
            except Exception:  # a table that fails to catch up must not stop the others'
                log.exception("catching up table %s (%s)", table, kind)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close()
