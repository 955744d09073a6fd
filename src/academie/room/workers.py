"""The bots' decisions, off the event loop: worker processes that receive a view and return an action.

Two pools: one for each game's strongest bot (its search, which may think for a second), one for the others;
a table waiting on a search never delays a table of classical bots, and no bot ever stalls the event loop that
serves every connection. A decision is made by a bot built afresh with a seed drawn from the table's seed, the
seat and the action's number (:func:`decision_seed`): the same table makes the same decisions after a restart,
so a game restored from its log goes on as it would have without the crash.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from academie.engine import View
from academie.games import load

PARENT_CHECK_SECONDS = 1.0
"""How often a worker checks that the server that started it is still there."""


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


def _leave_with_parent() -> None:
    """Run in each worker as it starts: exit when the server process is gone (even after its ``kill -9``, which
    gives it no chance to stop its pools), instead of waiting for work forever."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="academie-room-parent", daemon=True).start()


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

    def _pool(self, strong: bool) -> Executor:
        pool = self._pools.get(strong)
        if pool is None:
            # spawn: a fork of a process running an event loop and database connections would inherit them
            context = multiprocessing.get_context("spawn")
            pool = self._pools[strong] = ProcessPoolExecutor(self.processes, mp_context=context,
                                                             initializer=_leave_with_parent)
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

    def close(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
