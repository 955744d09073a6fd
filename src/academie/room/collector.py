"""The server's garbage collector, set for thousands of long-lived connections.

Python's automatic full collection walks every container object in the process; it runs whenever a quarter
more objects have reached the oldest generation. A card room at 1,000 tables holds some 400,000 (each
WebSocket's protocol objects, each table's state), and a table's new state reaches the oldest generation at
every action, so at one action a second per table the event loop stopped for 250 to 350 ms every two seconds
(measured: p99 latency 470 ms, most of it these pauses). The engine's states hold no reference cycles (their
memory is given back as soon as they are replaced), so the room keeps the young generations' collections,
freezes what start-up made (modules, tables) out of every later collection, and makes the full collection a
scheduled one, every :data:`FULL_COLLECTION_SECONDS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

FULL_COLLECTION_SECONDS = 600.0
"""How often the room collects its oldest generation (the cycles a closed connection leaves behind)."""
NO_AUTOMATIC_FULL_COLLECTION = 1 << 30
"""The oldest generation's threshold that the young ones' collections never reach."""


@contextlib.asynccontextmanager
async def scheduled_collections(*, every: float = FULL_COLLECTION_SECONDS) -> AsyncIterator[None]:
    """While the server runs: start-up's objects frozen, no automatic full collection, one every ``every``
    seconds; the collector as it was afterwards."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(before[0], before[1], NO_AUTOMATIC_FULL_COLLECTION)
    task = asyncio.get_running_loop().create_task(_collect_every(every))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        gc.set_threshold(*before)
        gc.unfreeze()


async def _collect_every(seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        gc.collect()
