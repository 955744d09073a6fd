"""The bots' decisions, off the event loop: worker processes that receive a view and return an action.

Two pools: one for each game's strongest bot (its search, which may think for a second), one for the others;
a table waiting on a search never delays a table of classical bots, and no bot ever stalls the event loop that
serves every connection. A decision is made by a bot built afresh with a seed drawn from the table's seed, the
seat and the action's number (:func:`decision_seed`): the same table makes the same decisions after a restart,
so a game restored from its log goes on as it would have without the crash.

A third pool reviews finished games (:mod:`academie.room.reviews`): :data:`REVIEW_PROCESSES` process, run at a
lower priority (``nice``, and in the scheduler's idle class where the system has one), so that a review, which
may take a minute of computing, never takes a core from the bots' decisions or the serving loop; its progress comes
back through a queue that a thread of the server reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.queues import Queue
from typing import Final

from academie import duplicate, record
from academie import review as reviews
from academie.engine import View
from academie.games import load

PARENT_CHECK_SECONDS = 1.0
"""How often a worker checks that the server that started it is still there."""
REVIEW_PROCESSES: Final = 1
"""The processes that review games: one, so that reviews queue instead of taking every core."""
REVIEW_NICENESS: Final = 10
"""How much lower than the server's the review worker's priority is."""
Progress = tuple[str, int, int]
"""A review's progress as the worker reports it: its job's name, the decisions reviewed and their number."""
_progress: Queue[Progress] | None = None
"""In a review worker: where it reports its progress (set as the worker starts)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's action (its text) and its reason: a :class:`academie.bots.Reason` (its message and arguments, to say
    it in another language, and its public part, which is all the other seats may read during the game), or plain
    text from a bot that gives no :class:`~academie.bots.Reason`."""

    action: str
    reason: str


def decision_seed(table_seed: int, seat: int, seq: int) -> int:
    """The seed of the bot deciding for ``seat`` at the table's action ``seq`` (a 63-bit hash)."""
    digest = hashlib.blake2b(f"{table_seed}:{seat}:{seq}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _leave_with_parent(parent: int) -> None:
    """Run in each worker as it starts: exit when the server process ``parent`` is gone (even after its ``kill -9``,
    which gives it no chance to stop its pools), instead of waiting for work forever. The server names itself: a
    worker still starting when the server died would otherwise take its new parent (init) for the server."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="academie-room-parent", daemon=True).start()


def _start_reviewer(parent: int, progress: Queue[Progress]) -> None:
    """Run in the review worker as it starts: leave with the server, yield the cores to the bots, report there."""
    global _progress
    _leave_with_parent(parent)
    os.nice(REVIEW_NICENESS)
    _idle_class()
    _progress = progress


def _idle_class() -> None:
    """Put this process in the scheduler's idle class where the system has one (Linux): it then runs only on a core
    nothing else wants. Niced alone, it still took a tenth of a contended core from the server: at 2,000 tables the
    server's main thread waited for a core 0.40 s a second with the worker running, 0.23 s with it in the idle class
    (issue 33: a game's review is background work, never worth a player's wait)."""
    policy = getattr(os, "SCHED_IDLE", None)
    if policy is None:
        return
    with contextlib.suppress(OSError):  # a system that refuses it keeps the niced worker
        os.sched_setscheduler(0, policy, os.sched_param(0))


def review(job: str, text: str, *, level: str, samples: int) -> reviews.Review:
    """Run in the review worker: the review of the whole record ``text``, its progress reported as ``job``."""
    queue = _progress

    def report(done: int, total: int) -> None:
        if queue is not None:
            queue.put((job, done, total))

    return reviews.review(record.read_text(text), level=level, samples=samples, progress=report)


def decide(game: str, bot: str, seed: int, view: View) -> Decision:
    """Run in a worker: one decision of ``bot`` for ``view``."""
    player = load(game).make_bot(bot, seed=seed)
    action = player.choose(view)
    return Decision(str(action), player.explain())


class Workers:
    """The two pools of worker processes (started lazily, stopped by :meth:`close`)."""

    def __init__(self, *, processes: int | None = None) -> None:
        self.processes = processes or max(1, min(4, os.cpu_count() or 1))
        self._pools: dict[bool, Executor] = {}
        self._reviewer: Executor | None = None
        self._progress: Queue[Progress] | None = None
        self._listener: threading.Thread | None = None

    def _pool(self, strong: bool) -> Executor:
        pool = self._pools.get(strong)
        if pool is None:
            # spawn: a fork of a process running an event loop and database connections would inherit them
            context = multiprocessing.get_context("spawn")
            pool = self._pools[strong] = ProcessPoolExecutor(self.processes, mp_context=context,
                                                             initializer=_leave_with_parent, initargs=(os.getpid(),))
        return pool

    async def decide(self, game: str, bot: str, seed: int, view: View) -> Decision:
        strong = load(game).strongest() == bot
        pool = self._pool(strong)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, decide, game, bot, seed, view)
        except BrokenProcessPool:  # a worker died (killed, out of memory): the next decision starts a new pool
            if self._pools.get(strong) is pool:
                del self._pools[strong]
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def bot_score(self, board: duplicate.Board, *, bot: str | None = None) -> duplicate.BotScore:
        """The bots' mark on ``board`` (:func:`academie.duplicate.bot_score`), in the strong bots' pool: the
        strongest may search for seconds."""
        pool = self._pool(True)
        return await asyncio.get_running_loop().run_in_executor(pool, functools.partial(duplicate.bot_score, board,
                                                                                        bot=bot))

    async def review(self, job: str, text: str, *, level: str, samples: int,
                     progress: Callable[[str, int, int], None]) -> reviews.Review:
        """The review of the record ``text`` by the review worker; ``progress(job, done, total)`` is called on the
        event loop as its decisions are reviewed."""
        loop = asyncio.get_running_loop()
        if self._reviewer is None:
            context = multiprocessing.get_context("spawn")
            self._progress = context.Queue()
            self._reviewer = ProcessPoolExecutor(REVIEW_PROCESSES, mp_context=context, initializer=_start_reviewer,
                                                 initargs=(os.getpid(), self._progress))
            self._listener = threading.Thread(target=_relay, args=(self._progress, loop, progress),
                                              name="academie-room-review-progress", daemon=True)
            self._listener.start()
        pool = self._reviewer
        try:
            return await loop.run_in_executor(pool, functools.partial(review, job, text, level=level,
                                                                      samples=samples))
        except BrokenProcessPool:
            if self._reviewer is pool:
                self._stop_reviewer()
            raise

    def _stop_reviewer(self) -> None:
        if self._reviewer is not None:
            self._reviewer.shutdown(wait=False, cancel_futures=True)
            self._reviewer = None
        if self._progress is not None:
            self._progress.put(("", -1, -1))  # the relay's end
            self._progress = None
            self._listener = None

    def close(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
        self._stop_reviewer()


def _relay(queue: Queue[Progress], loop: asyncio.AbstractEventLoop, progress: Callable[[str, int, int], None]) -> None:
    """In a thread of the server: hand the review worker's reports to the event loop, until told to end."""
    while True:
        job, done, total = queue.get()
        if done < 0:
            return
        try:
            loop.call_soon_threadsafe(progress, job, done, total)
        except RuntimeError:  # the loop is closed: the server is stopping
            return
