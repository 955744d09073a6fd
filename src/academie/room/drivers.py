"""Which process drives each table: runs its bots, its takeover bot and its clock's time-outs (what happens at a
table without a player's message). With several processes on one PostgreSQL, exactly one drives a table at a time;
the others relay: their players' actions are committed to the log as everywhere (``UNIQUE(table_id, seq)``
arbitrates), and they hear the driver's actions through the notifications.

Why PostgreSQL's session advisory locks rather than leases in the table row: a lock is held by a connection, so
the moment a process dies (``kill -9``, out of memory, its machine cut off) PostgreSQL ends its connection and the
lock is free for another at once, with no lease to wait out, no clock to trust and no row rewritten every few
seconds for each of thousands of tables; no schema change either. Each process holds its locks on one connection
of its own (:class:`Wheels`). A lock is taken when a table first needs a driver (one query, then remembered, not
asked again at each action) and given back when the table leaves the process's memory; the tables whose lock
another process holds are tried again, all in one query, every :data:`RETRY_SECONDS`, so that a table whose
driver died is taken over within that time. A lock is an int64, the table id's 64-bit hash (:func:`lock_key`).

The log stays the arbiter: if a process lost its locks' connection while a bot was deciding, two processes may
drive one table for a moment, and the second insert of an action loses (:class:`~academie.room.store.SeqTaken`).
The locks say who does the work, never what is stored.

On SQLite there is one process (``academie serve --workers 1``): it drives every table (:class:`SoleWheels`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
from collections.abc import Callable
from typing import Final, Protocol

import asyncpg  # type: ignore[import-untyped]

from academie.room.notify import asyncpg_dsn

log = logging.getLogger("academie.room")
RETRY_SECONDS: Final = 0.5
"""How often the tables driven by another process are tried again (a dead driver's tables are taken this soon)."""

APPLICATION: Final = "academie-room-drivers"
"""The connection holding a process's locks calls itself ``academie-room-drivers:PID`` (its operating system
process id) in ``pg_stat_activity``: :func:`driver_of` reads who drives a table from there."""
DRIVER_QUERY: Final = (
    "SELECT activity.application_name FROM pg_locks AS locks JOIN pg_stat_activity AS activity USING (pid) "
    "WHERE locks.locktype = 'advisory' AND locks.granted AND locks.objsubid = 1 "
    "AND locks.classid = $1::bigint::oid AND locks.objid = $2::bigint::oid")
"""Which connection holds a table's lock (a bigint advisory lock is kept as its high and low 32 bits)."""

Kick = Callable[[], None]
"""What a table does once this process drives it: look whether a bot is to act (:meth:`LiveTable.kick`)."""


def lock_key(table_id: str) -> int:
    """The advisory lock of ``table_id``: a signed 64-bit hash of its id (two ids share one with a chance of about
    one in 2**64 per pair; they would then be driven by one process, never by none)."""
    return int.from_bytes(hashlib.blake2b(table_id.encode(), digest_size=8).digest(), "big", signed=True)


async def driver_of(connection: asyncpg.Connection, table_id: str) -> int | None:
    """The process id of the ``academie serve`` process that drives ``table_id`` now (None: no process does), read
    from PostgreSQL's own view of its locks on ``connection``."""
    unsigned = lock_key(table_id) & 0xFFFF_FFFF_FFFF_FFFF
    name = await connection.fetchval(DRIVER_QUERY, unsigned >> 32, unsigned & 0xFFFF_FFFF)
    prefix = f"{APPLICATION}:"
    return int(name[len(prefix):]) if isinstance(name, str) and name.startswith(prefix) else None


class Drivers(Protocol):
    """Which tables this process drives (see the module's documentation)."""

    def holds(self, table_id: str) -> bool:
        """Whether this process drives ``table_id`` now (no query)."""
        ...

    async def take(self, table_id: str, kick: Kick) -> bool:
        """Drive ``table_id`` if no other process does (True); else remember to try again, and call ``kick`` once
        it is this process's."""
        ...

    def let_go(self, table_id: str) -> None:
        """The table left this process's memory: another process may drive it."""
        ...


class SoleWheels:
    """One process (SQLite): it drives every table."""

    def holds(self, table_id: str) -> bool:
        return True

    async def take(self, table_id: str, kick: Kick) -> bool:
        return True

    def let_go(self, table_id: str) -> None:
        return None


class Wheels:
    """Several processes (PostgreSQL): the tables this process drives, each by an advisory lock held on a
    connection of its own."""

    def __init__(self, url: str) -> None:
        self.dsn = asyncpg_dsn(url)
        self.held: set[str] = set()
        """The tables whose lock this process holds."""
        self.kicks: dict[str, Kick] = {}
        """Every table that wants a driver here (held or not), and what to call once it is held."""
        self._connection: asyncpg.Connection | None = None
        self._using = asyncio.Lock()
        """One query at a time on the connection (asyncpg refuses two)."""
        self._task: asyncio.Task[None] | None = None
        self._releasing: set[asyncio.Task[None]] = set()
        self._unlocking: set[str] = set()
        """The tables whose lock is being given back."""

    async def start(self) -> None:
        await self._connect()
        self._task = asyncio.get_running_loop().create_task(self._retry())

    async def _connect(self) -> None:
        connection = await asyncpg.connect(**self.dsn,
                                           server_settings={"application_name": f"{APPLICATION}:{os.getpid()}"})
        connection.add_termination_listener(self._lost)
        self._connection = connection

    def _lost(self, _connection: object) -> None:
        """The connection is gone, and every lock with it: drive nothing until each is taken again."""
        if self._connection is _connection:
            self._connection = None
            self.held.clear()
            log.warning("the connection holding the tables' locks was lost: taking them again")

    def holds(self, table_id: str) -> bool:
        return table_id in self.held

    async def take(self, table_id: str, kick: Kick) -> bool:
        if table_id in self.held:
            return True
        known = table_id in self.kicks
        self.kicks[table_id] = kick
        if known:  # driven elsewhere when last asked: the retry asks again, never each action's kick
            return False
        try:
            await self._try([table_id])
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:  # the retry asks again
            log.warning("taking table %s's lock failed: %s", table_id, error)
        return table_id in self.held

    def let_go(self, table_id: str) -> None:
        self.kicks.pop(table_id, None)
        if table_id in self.held:
            self.held.discard(table_id)
            self._unlocking.add(table_id)
            task = asyncio.get_running_loop().create_task(self._unlock(table_id))
            self._releasing.add(task)
            task.add_done_callback(self._releasing.discard)

    async def _unlock(self, table_id: str) -> None:
        """Give the lock back; until then the table is not taken again here (PostgreSQL counts a session's locks
        of one key: taken twice, given back once, it would stay this process's with nobody driving it)."""
        try:
            async with self._using:
                connection = self._connection
                if connection is not None:  # else lost with the connection
                    with contextlib.suppress(OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                        await connection.fetchval("SELECT pg_advisory_unlock($1)", lock_key(table_id))
        finally:
            self._unlocking.discard(table_id)

    async def _try(self, table_ids: list[str]) -> list[str]:
        """Try to take the locks of ``table_ids`` (one query); those taken now."""
        async with self._using:
            connection = self._connection
            wanted = [table_id for table_id in table_ids
                      if table_id in self.kicks and table_id not in self.held and table_id not in self._unlocking]
            if connection is None or not wanted:
                return []
            keys = {lock_key(table_id): table_id for table_id in wanted}
            rows = await connection.fetch("SELECT key FROM unnest($1::bigint[]) AS key WHERE pg_try_advisory_lock(key)",
                                          list(keys))
            taken = [keys[row["key"]] for row in rows]
            for table_id in taken:
                if table_id in self.kicks:
                    self.held.add(table_id)
            stale = [lock_key(table_id) for table_id in taken if table_id not in self.kicks]
            if stale:  # let go of while the query ran
                await connection.fetch("SELECT pg_advisory_unlock(key) FROM unnest($1::bigint[]) AS key", stale)
            return [table_id for table_id in taken if table_id in self.held]

    async def _retry(self) -> None:
        """Every :data:`RETRY_SECONDS`: reconnect if the connection was lost, then try the tables driven elsewhere
        and kick those taken."""
        while True:
            await asyncio.sleep(RETRY_SECONDS)
            try:
                if self._connection is None:
                    await self._connect()
                for table_id in await self._try([table_id for table_id in self.kicks if table_id not in self.held]):
                    kick = self.kicks.get(table_id)
                    if kick is not None:
                        kick()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning("taking the tables' locks failed, retrying: %s", error)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._connection is not None:  # closing the connection gives every lock back
            with contextlib.suppress(Exception):
                await self._connection.close()
            self._connection = None
        self.held.clear()
