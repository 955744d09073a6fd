"""Several server processes on one PostgreSQL: each change to a table (an action, a seat, a chat line) is
announced with ``NOTIFY`` inside the transaction that stores it, and every process listens (``LISTEN``), so that a
table's events reach the players connected to any process.

Why PostgreSQL's LISTEN/NOTIFY rather than Redis pub/sub: the database is already the one place every process
shares and the arbiter of each table's log; a notification sent in the storing transaction is delivered exactly
when the change is committed (never before, never for a rolled-back insert), so no process is told of an action
it cannot read yet; and there is no second service to run, secure and watch. A notification carries only the
table and what changed (``table:kind``); the receiver reads the change from the log, so a lost notification
costs a delay, never an action: after a reconnection every live table reads what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

import asyncpg  # type: ignore[import-untyped]
import sqlalchemy as sa
from sqlalchemy.engine import make_url

CHANNEL = "academie_room"
"""The PostgreSQL channel every card room process listens on."""
RETRY_SECONDS = 1.0

log = logging.getLogger("academie.room")


def notices_from(process: str) -> Callable[[Sequence[tuple[str, str]]], sa.Executable]:
    """The statement announcing changes ``process`` made (each ``(table, kind)``), run inside the transaction that
    stores them (delivered when it commits): ``table:kind:process`` each, so that the process ignores its own."""

    def notices(changes: Sequence[tuple[str, str]]) -> sa.Executable:
        return sa.select(*(sa.func.pg_notify(CHANNEL, f"{table}:{kind}:{process}") for table, kind in changes))

    return notices


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
    """One connection that LISTENs on :data:`CHANNEL` and hands each notification to ``on_change``; it
    reconnects when the connection is lost and then calls ``on_reconnect`` (to read what was missed)."""

    def __init__(self, url: str, *, process: str, on_change: Callable[[str, str], Awaitable[None]],
                 on_reconnect: Callable[[], Awaitable[None]]) -> None:
        self.dsn = asyncpg_dsn(url)
        self.process = process
        self.on_change = on_change
        self.on_reconnect = on_reconnect
        self._connection: asyncpg.Connection | None = None
        self._task: asyncio.Task[None] | None = None
        self._lost = asyncio.Event()
        self._changes: asyncio.Queue[tuple[str, str]] = asyncio.Queue()

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
        change, _, origin = payload.rpartition(":")
        if origin == self.process:  # this process made the change and already shows it: nothing to read back
            return
        table, _, kind = change.partition(":")
        self._changes.put_nowait((table, kind))

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
        """One change at a time, in the order they were committed."""
        while True:
            table, kind = await self._changes.get()
            try:
                await self.on_change(table, kind)
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
