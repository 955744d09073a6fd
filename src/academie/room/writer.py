"""The one way writes reach the card room's database: a single writer that takes them in the order they come,
commits those waiting together in one transaction (a group commit), and answers each caller once its write is
committed.

Why one writer: SQLite lets one connection write at a time. When table creation, seats and chat wrote through
connections of their own while the log was written on the event loop, a transaction held SQLite's lock across
awaits while the loop itself waited for that lock (five seconds, then ``database is locked``): requests took 10 to
20 s, answered 500, and the tables' bots died on the error. Here nothing else in the process writes, no
transaction spans an await on SQLite (a batch runs whole, from BEGIN to COMMIT, without one), and the event loop
never waits for a lock: SQLite answers busy at once when another process holds it, and the writer pauses
asynchronously before it tries again.

Writes arriving close together share one commit: the first write of a batch waits :attr:`Writer.window`
seconds (``academie serve --commit-window-ms``; none by default here, :data:`WINDOW` in a server) for those behind
it, then the writer wakes once and commits them all. An action alone pays for its own commit and its own wake-up of
the writer; a few milliseconds of waiting make those of a room at a thousand tables shared (issue 33). A write
arriving while a batch is being committed waits for no window of its own: it has waited already.

A busy database is not a failure: a transient error (SQLite busy or locked, a PostgreSQL connection lost or
refused, a deadlock or serialisation failure, a pool without a free connection) is retried, after a pause that
doubles up to :data:`RETRY_MOST`, until the write has waited :data:`PATIENCE`; only then, or on an error that
retrying cannot mend, is its caller told (:class:`WriteFailed`). A batch that fails for another reason is
written again one write at a time, so that only the write at fault fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

import sqlalchemy as sa

from academie.engine import AcademieError

log = logging.getLogger("academie.room")

GROUP_COMMIT: Final = 256
"""The most writes committed in one transaction (a batch this large is committed at once, its window cut short)."""
WINDOW: Final = 0.002
"""The server's commit window (seconds): what the first write of a batch waits for those behind it, the latency
added to an action that arrives alone (``academie serve --commit-window-ms``'s default; issue 33)."""
WINDOW_MOST: Final = 0.05
"""The longest commit window allowed (seconds): more would be felt at a card table, and gains nothing measured."""
PATIENCE: Final = 15.0
"""Seconds a write may wait for a busy database before its caller is told it failed."""
RETRY_FIRST: Final = 0.005
"""The pause before the first retry of a batch the database was too busy for (seconds)."""
RETRY_MOST: Final = 0.5
"""The longest pause between two retries (seconds)."""
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6
_PG_TRANSIENT_CLASSES: Final = ("08", "53", "57P")
"""SQLSTATE classes that pass: connection exceptions, insufficient resources, the server shutting down or
starting."""
_PG_TRANSIENT_STATES: Final = ("40001", "40P01")
"""A serialisation failure and a deadlock: the transaction may simply be run again."""


class WindowError(AcademieError, ValueError):
    """A commit window that is not a number of seconds from 0 to :data:`WINDOW_MOST`."""


def checked_window(window: object) -> float:
    """``window`` (seconds) if it is a commit window allowed, else :class:`WindowError` saying what is allowed."""
    if isinstance(window, bool) or not isinstance(window, int | float) or not 0 <= window <= WINDOW_MOST:
        raise WindowError(f"the commit window {window!r} is not allowed; allowed: 0 to {WINDOW_MOST * 1000:g} ms "
                          f"({WINDOW_MOST:g} s), 0 for none")
    return float(window)


class WriteFailed(AcademieError):
    """A write that was not committed: the database refused it, or stayed busy longer than :data:`PATIENCE`.
    ``cause`` is the database's own error (None when the writer gave up waiting or was closed)."""

    def __init__(self, message: str, cause: BaseException | None = None) -> None:
        super().__init__(message)
        self.cause = cause


def transient(error: BaseException) -> bool:
    """Whether the database may accept the same write a moment later."""
    if isinstance(error, OSError | sa.exc.TimeoutError):  # a refused or lost connection; a pool with none free
        return True
    if isinstance(error, sa.exc.DBAPIError) and error.connection_invalidated:
        return True
    # the driver's error, within SQLAlchemy's or alone (the store writes a batch of actions straight through the
    # driver): sqlite3's, asyncpg's
    cause = error.orig if isinstance(error, sa.exc.DBAPIError) else error
    code = getattr(cause, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)
    state = getattr(cause, "sqlstate", None)
    return isinstance(state, str) and (state.startswith(_PG_TRANSIENT_CLASSES) or state in _PG_TRANSIENT_STATES)


@dataclass(eq=False, slots=True)
class Job:
    """One write waiting: what to write (the store's), the notice to send with it, the caller's future."""

    payload: object
    notice: tuple[str, str] | None
    done: asyncio.Future[object]
    deadline: float = field(default_factory=lambda: time.monotonic() + PATIENCE)


RunBatch = Callable[[list[Job]], Awaitable[list[object]]]
"""Commits the jobs in one transaction and returns each one's result, in order (or raises, committing nothing)."""


class Writer:
    """The writes of one server process, committed one batch at a time by ``run``; ``window``: the seconds the first
    write of a batch waits for others (0: it waits only for the writes of the same turn of the event loop)."""

    def __init__(self, run: RunBatch, *, window: float = 0.0) -> None:
        self.run = run
        self.window = checked_window(window)
        self._pending: deque[Job] = deque()
        self._task: asyncio.Task[None] | None = None
        self._idle: asyncio.Future[None] | None = None
        """What the writer's task waits on when nothing is pending: set once a batch's window is over."""
        self._timer: asyncio.TimerHandle | None = None
        """The end of the window of the batch waiting (None: no window running)."""
        self._committing = False
        """Whether a batch is being committed (a write arriving meanwhile waits for it, not for a window)."""
        self.retries = 0
        """Batches written again because the database was busy (for the logs and the bench)."""
        self.batches = 0
        """Batches taken so far (each committed in one transaction unless a write in it is refused)."""
        self.settled: Callable[[], None] | None = None
        """Called once a committed batch's callers are told, before any of them runs again (the room then holds the
        connections' messages until they all have: :class:`academie.room.tables.Outbox`)."""

    async def write(self, payload: object, notice: tuple[str, str] | None = None) -> object:
        """Commit ``payload`` (with the writes waiting beside it); its result once committed, or
        :class:`WriteFailed`."""
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._loop())
        job = Job(payload, notice, loop.create_future())
        pending = self._pending
        pending.append(job)
        if len(pending) >= GROUP_COMMIT:
            self._open()
        elif len(pending) == 1 and self._timer is None and not self._committing:  # a batch's first: its window
            if self.window:
                self._timer = loop.call_later(self.window, self._open)
            else:
                self._open()
        return await job.done

    def _open(self) -> None:
        """The batch waiting is due: the writer's task takes it (when it is idle; busy, it takes it next)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._idle is not None and not self._idle.done():
            self._idle.set_result(None)

    async def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        while self._pending:
            _fail(self._pending.popleft(), WriteFailed("the server is stopping"))

    async def _loop(self) -> None:
        loop = asyncio.get_running_loop()
        pending = self._pending
        while True:
            if not pending or self._timer is not None:  # nothing to write, or a window still running
                self._idle = loop.create_future()
                await self._idle
                self._idle = None
            batch = [pending.popleft() for _ in range(min(GROUP_COMMIT, len(pending)))]
            if batch:
                self.batches += 1
                self._committing = True
                try:
                    await self._commit(batch)
                finally:
                    self._committing = False

    async def _commit(self, batch: list[Job]) -> None:
        """Commit ``batch``, retrying while the database is busy; each caller hears of its own write."""
        pause = RETRY_FIRST
        while batch:
            try:
                results = await self.run(batch)
            except Exception as error:
                if not transient(error):
                    await self._isolate(batch, error)
                    return
                self.retries += 1
                log.warning("the database is busy (%s): %d writes wait %.3f s", _short(error), len(batch), pause)
                await asyncio.sleep(pause * random.uniform(0.5, 1.5))  # jitter: processes do not retry in step
                pause = min(RETRY_MOST, 2 * pause)
                batch = _still_wanted(batch)
                continue
            for job, result in zip(batch, results, strict=True):
                if not job.done.done():
                    job.done.set_result(result)
            if self.settled is not None:
                self.settled()
            return

    async def _isolate(self, batch: list[Job], error: Exception) -> None:
        """A batch refused for a reason other than a busy database: write each job alone, so that only the one
        at fault fails."""
        if len(batch) == 1:
            _fail(batch[0], WriteFailed(f"the database refused the write: {_short(error)}", error))
            return
        for job in batch:
            await self._commit([job])


def _still_wanted(batch: list[Job]) -> list[Job]:
    """The jobs worth another try: their callers still wait (a closed connection's do not), within their patience."""
    now = time.monotonic()
    kept = []
    for job in batch:
        if job.done.done():
            continue
        if now >= job.deadline:
            _fail(job, WriteFailed(f"the database stayed busy for {PATIENCE:.0f} s"))
            continue
        kept.append(job)
    return kept


def _fail(job: Job, error: WriteFailed) -> None:
    if not job.done.done():
        job.done.set_exception(error)


def _short(error: BaseException) -> str:
    """The first line of a database error (SQLAlchemy appends the statement and its parameters)."""
    return str(error).splitlines()[0][:200] if str(error) else type(error).__name__
