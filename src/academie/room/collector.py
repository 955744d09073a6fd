"""The server's garbage collector, set for thousands of long-lived connections.

Python's automatic full collection walks every container object in the process; it runs whenever a quarter
more objects have reached the oldest generation. A card room at 1,000 tables holds some 400,000 (each
WebSocket's protocol objects, each table's state), and a table's new state reaches the oldest generation at
every action, so at one action a second per table the event loop stopped for 250 to 350 ms every two seconds
(measured: p99 latency 470 ms, most of it these pauses). The engine's states hold no reference cycles (their
memory is given back as soon as they are replaced), so the room keeps the young generations' collections,
freezes what start-up made (modules, tables) out of every later collection, and makes the full collection a
scheduled one, every :data:`FULL_COLLECTION_SECONDS`.

The young generations are collected when their counter of allocations passes its threshold, but every object
freed counts against it, the old ones too: at every action a table's old state dies as its new one is made, so
the counter hardly moves while the survivors pile up, and the collection that comes at last walked 50,000 to
70,000 objects, 50 to 80 ms of CPU with the event loop stopped (measured at 500 tables, issue 33). The room
therefore also collects the young generations every :data:`YOUNG_COLLECTION_SECONDS`, so that they never hold
more than that long's survivors.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

FULL_COLLECTION_SECONDS = 600.0
"""How often the room collects its oldest generation (the cycles a closed connection leaves behind)."""
YOUNG_COLLECTION_SECONDS = 0.05
"""How often the room collects its young generations, whatever their counter says (a few thousand objects at
most at 1,000 tables: a millisecond or two; nothing to do when the room is idle)."""
NO_AUTOMATIC_FULL_COLLECTION = 1 << 30
"""The oldest generation's threshold that the young ones' collections never reach."""


@contextlib.asynccontextmanager
async def scheduled_collections(*, every: float = FULL_COLLECTION_SECONDS,
                                young_every: float = YOUNG_COLLECTION_SECONDS) -> AsyncIterator[None]:
    """While the server runs: start-up's objects frozen, no automatic full collection, one every ``every``
    seconds, the young generations collected at least every ``young_every`` seconds; the collector as it was
    afterwards."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(before[0], before[1], NO_AUTOMATIC_FULL_COLLECTION)
    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(_collect_every(every, generation=2)),
             loop.create_task(_collect_every(young_every, generation=1))]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        gc.set_threshold(*before)
        gc.unfreeze()


async def _collect_every(seconds: float, *, generation: int) -> None:
    while True:
        await asyncio.sleep(seconds)
        gc.collect(generation)
