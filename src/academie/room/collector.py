"""The server's garbage collector, set for thousands of long-lived connections.

Python's automatic full collection walks every container object in the process; it runs whenever a quarter
more objects have reached the oldest generation. A card room at 1,000 tables holds some 400,000 (each
WebSocket's protocol objects, each table's state), and a table's new state reaches the oldest generation at
every action, so at one action a second per table the event loop stopped for 250 to 350 ms every two seconds
(measured: p99 latency 470 ms, most of it these pauses). The engine's states hold no reference cycles (their
memory is given back as soon as they are replaced), so the room keeps the young generations' collections,
freezes what start-up made (modules, tables) out of every later collection, and makes the full collection a
scheduled one (once every ten minutes until issue 33's tail at 2,000 tables: see below).

The young generations are collected when their counter of allocations passes its threshold, but every object
freed counts against it, the old ones too: at every action a table's old state dies as its new one is made, so
the counter hardly moves while the survivors pile up, and the collection that comes at last walked 50,000 to
70,000 objects, 50 to 80 ms of CPU with the event loop stopped (measured at 500 tables, issue 33). The room
therefore also collects the young generations every :data:`YOUNG_COLLECTION_SECONDS`, so that they never hold
more than that long's survivors. A timer fails when the event loop is behind, which is when the survivors pile up
fastest: the work itself therefore collects them, every :data:`YOUNG_COLLECTION_ACTIONS` actions committed
(:func:`action_committed`), and the timer collects only when no action did during its period (an idle room's, or
a room whose work is not actions).

The oldest generation holds every table's state and every connection's objects: at 2,000 tables its collection
took 0.54 to 0.72 s of CPU (1.1 to 1.6 s with the event loop stopped on a loaded machine; issue 33), so a schedule
every ten minutes stopped the room that long every ten minutes, and a loop that stops for half a second at four
fifths of a core takes seconds to catch up. Yet in steady play it freed nothing (the engine's states die by their
reference counts): only closed connections leave cycles there. The room therefore looks at the oldest generation
every :data:`OLD_CHECK_SECONDS` and collects it only when the process's resident memory has grown by
:data:`OLD_GROWTH` since the last time (what garbage cycles cost is memory; on a system that does not say, every
time).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

OLD_CHECK_SECONDS = 600.0
"""How often the room asks whether its oldest generation is worth collecting (the cycles a closed connection
leaves behind): as often as it was collected before, so that garbage cycles wait no longer than they did."""
OLD_GROWTH = 0.25
"""The growth of the process's resident memory since the last full collection past which the next check collects
the oldest generation (0: at every check, whatever the memory)."""
YOUNG_COLLECTION_ACTIONS = 50
"""How many actions committed between two collections of the young generations (at 1,000 tables, one action a
second each: every 50 ms, a few thousand objects, a millisecond or two)."""
YOUNG_COLLECTION_SECONDS = 0.05
"""The longest the young generations wait for a collection, whatever their counter says (the backstop of
:data:`YOUNG_COLLECTION_ACTIONS`; nothing to do when the room is idle)."""
NO_AUTOMATIC_FULL_COLLECTION = 1 << 30
"""The oldest generation's threshold that the young ones' collections never reach."""
YOUNG_THRESHOLD = 50_000
"""The youngest generation's threshold while the room runs (CPython's is 700): the actions and the timer collect
the young generations, and an automatic collection comes only after a burst of that many objects kept between
two of theirs. At 700 the youngest was also collected by itself about once every 18 actions at 500 tables, and
each object it kept was walked again by the next collection of the young generations (about 8 µs of CPU an
action, issue 33)."""


@dataclass(slots=True)
class _Young:
    """The work-driven collections of the young generations."""

    every: int = 0
    """Actions between two collections (0: the server's collector is not set, as in a test's client)."""
    since: int = 0
    """Actions committed since the last collection."""
    collections: int = 0
    """Collections so far (the backstop's timer sees whether one came in its period)."""

    def collect(self) -> None:
        self.since = 0
        self.collections += 1
        gc.collect(1)


_YOUNG = _Young()


def action_committed() -> None:
    """An action was committed: every :data:`YOUNG_COLLECTION_ACTIONS` of them, the young generations are collected
    (only while :func:`scheduled_collections` runs)."""
    young = _YOUNG
    if young.every:
        young.since += 1
        if young.since >= young.every:
            young.collect()


@contextlib.asynccontextmanager
async def scheduled_collections(*, every: float = OLD_CHECK_SECONDS, growth: float = OLD_GROWTH,
                                young_every: float = YOUNG_COLLECTION_SECONDS,
                                young_actions: int = YOUNG_COLLECTION_ACTIONS) -> AsyncIterator[None]:
    """While the server runs: start-up's objects frozen, no automatic full collection, one at a check every
    ``every`` seconds that finds the resident memory grown by ``growth`` since the last, the young generations
    collected every ``young_actions`` actions committed and at least every ``young_every`` seconds (by themselves
    only past :data:`YOUNG_THRESHOLD`); the collector as it was afterwards."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, before[1], NO_AUTOMATIC_FULL_COLLECTION)
    _YOUNG.every, _YOUNG.since = young_actions, 0
    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(_collect_old_when_grown(every, growth)),
             loop.create_task(_collect_young_unless_worked(young_every))]
    try:
        yield
    finally:
        _YOUNG.every = 0
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        gc.set_threshold(*before)
        gc.unfreeze()


def resident_bytes() -> int | None:
    """The process's resident memory (bytes), from ``/proc``; None where the system does not say."""
    try:
        return int(Path("/proc/self/statm").read_text(encoding="ascii").split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, IndexError, ValueError):
        return None


async def _collect_old_when_grown(seconds: float, growth: float) -> None:
    """Every ``seconds``: the full collection, if the resident memory grew by ``growth`` since the last (or the
    system does not say)."""
    collected_at = resident_bytes()
    while True:
        await asyncio.sleep(seconds)
        now = resident_bytes()
        if now is None or collected_at is None or now - collected_at >= growth * collected_at:
            gc.collect(2)
            collected_at = resident_bytes()


async def _collect_young_unless_worked(seconds: float) -> None:
    while True:
        seen = _YOUNG.collections
        await asyncio.sleep(seconds)
        if _YOUNG.collections == seen:
            _YOUNG.collect()
