"""``python -m bench.queue``: what one ask of a waiting page costs the "play now" queue (issue 32), as the queue
grows.

Every ask of a waiting page (``GET /api/queue/{ticket}``, once a second per waiting player) marks the ticket seen,
matches the queue of its game and size, and tells where it stands. This bench measures, for queues of 10, 100 and
1,000 waiting Whist players whom the window cannot seat (their ratings 2.5 apart, so that the queue stays as it
is: the worst case of a steady queue), the CPU milliseconds of the matching alone
(:func:`academie.room.matchmaking.full_tables`, ``time.process_time``) and the wall milliseconds of a whole ask on
a real SQLite file in this process (:meth:`Matchmaker.status`: its queries included); and for a queue of players
all within each other's windows, the matching of 1,000 into 250 tables. Each figure is the median of ``--runs``
rounds; the ratios (1,000 / 10 waiting) are from the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from academie.room.hub import Room
from academie.room.matchmaking import Matchmaker, QueueSettings, Waiting, full_tables
from academie.room.store import Store, queue
from academie.room.workers import Workers

SIZES = (10, 100, 1000)
NOW = 1_000_000.0


def apart(count: int) -> list[Waiting]:
    """``count`` Whist players none of whom the window seats with another (ratings 2.5 apart, no wait)."""
    return [Waiting(number, f"{number:064x}", "whist", 4, None, "", 2.5 * number, NOW) for number in range(count)]


def matching_ms(waiting: list[Waiting], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.process_time()
        full_tables(waiting, size=4, at=NOW)
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


async def ask_ms(folder: Path, count: int, rounds: int) -> float:
    """The wall milliseconds of one ask of a waiting page with ``count`` waiting (a real SQLite file)."""
    store = Store(f"sqlite+aiosqlite:///{folder / f'queue-{count}.db'}")
    await store.migrate()
    waiting = apart(count)
    async with store.engine.begin() as connection:
        await connection.execute(queue.insert(), [
            {"ticket": w.ticket, "game": "whist", "players": 4, "account_id": None, "name": "", "rating": w.rating,
             "joined": NOW, "seen": NOW} for w in waiting[1:]])
    matchmaker = Matchmaker(Room(store, Workers(processes=1)), clock=lambda: NOW,
                            settings=QueueSettings(expires=3600.0))
    ticket = (await matchmaker.join(game_name="whist", players=4, name=None, holder=None, lang="en"))["ticket"]
    times = []
    try:
        for _ in range(rounds):
            start = time.perf_counter()
            answer = await matchmaker.status(str(ticket), "en")
            times.append((time.perf_counter() - start) * 1000)
            assert answer["state"] == "waiting" and answer["waiting"] == count, answer
    finally:
        await store.close()
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds per figure (the median is reported)")
    options = parser.parse_args(argv)
    matching = {count: matching_ms(apart(count), options.runs) for count in SIZES}
    with tempfile.TemporaryDirectory() as folder:
        asks = {count: asyncio.run(ask_ms(Path(folder), count, options.runs)) for count in SIZES}
    print(f"{'waiting':>8} {'matching (CPU ms)':>18} {'one ask (wall ms)':>18}")
    for count in SIZES:
        print(f"{count:>8} {matching[count]:>18.2f} {asks[count]:>18.2f}")
    print(f"ratio 1000/10: matching {matching[1000] / matching[10]:.0f}x, one ask {asks[1000] / asks[10]:.1f}x")
    close = [Waiting(number, "", "whist", 4, None, "", 25.0 + 0.001 * number, NOW) for number in range(1000)]
    start = time.process_time()
    tables = full_tables(close, size=4, at=NOW)
    print(f"1000 within each other's windows: {len(tables)} tables in {(time.process_time() - start) * 1000:.1f} "
          "CPU ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
