"""``python -m bench.room_tables``: the CPU of an action on a table's own path, in one process (issue 33).

What ``bench.room`` measures through real sockets under a load generator, less the sockets and the generator: the
server's work between a player's message and the messages it sends, on the room's own objects. Écarté tables of
two players in a :class:`academie.room.hub.Room` on SQLite (a file, through the store's writer, as ``academie
serve`` runs it), each seat with a connection and the spectators with one, written to a stand-in socket that takes
every message at once; every table submits one random legal action a round, all tables together (so that the
writer commits them in groups, as at one action a second per table), on uvloop, with the server's collector
discipline. A finished table is replaced between rounds, outside the time measured.

The figure is the CPU time of the process (its threads included: aiosqlite's) over the rounds, per action. It runs
on another tree's code as it is, by that tree's interpreter::

    cd /tmp/main && .venv/bin/python /path/to/this/bench/room_tables.py --runs 3

Each run starts a room of its own; the figures of one sitting are compared with each other (the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import tempfile
import time
from pathlib import Path

import uvloop

from academie.room.collector import scheduled_collections
from academie.room.hub import NewTable, Room
from academie.room.store import Store
from academie.room.tables import Connection, LiveTable
from academie.room.workers import Workers

TABLES = 500
ROUNDS = 30


class Collections:
    """The CPU the garbage collector takes, by generation, while :attr:`on` (its callbacks)."""

    def __init__(self) -> None:
        self.on, self.started = False, 0.0
        self.spent, self.count = [0.0, 0.0, 0.0], [0, 0, 0]

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.thread_time()
        elif self.on:
            self.spent[info["generation"]] += time.thread_time() - self.started
            self.count[info["generation"]] += 1


class Socket:
    """Takes every message at once (a client that reads), and counts them."""

    def __init__(self) -> None:
        self.written = 0

    async def write(self, message: object) -> None:
        self.written += 1


async def _open(room: Room, socket: Socket, seed: int) -> LiveTable:
    created = await room.create(NewTable(game="ecarte", seed=seed), "en")
    table = await room.get(str(created["table"]))
    assert table is not None
    for seat, lang in ((0, "en"), (1, "fr"), (None, "en")):
        connection = Connection(seat, lang)
        table.attach(connection)
        connection.start(socket.write)
    return table


async def _act(table: LiveTable, rng: random.Random) -> None:
    seat = table.state.actor
    assert seat is not None and seat >= 0
    await table.submit(seat, table.seq, str(rng.choice(list(table.state.legal_actions()))), "en")


async def _run(folder: Path, *, tables: int, rounds: int, seed: int,
               collections: Collections) -> tuple[float, int, int]:
    """Microseconds of CPU an action, the actions, the messages written."""
    store = Store(f"sqlite+aiosqlite:///{folder / 'room.db'}")
    workers = Workers(processes=1)
    room = Room(store, workers, max_live=10 * tables)
    socket, rng = Socket(), random.Random(seed)
    try:
        await store.migrate()
        async with scheduled_collections():
            live = [await _open(room, socket, seed * 100_000 + number) for number in range(tables)]
            opened = tables
            spent, actions, written = 0.0, 0, socket.written
            for _ in range(rounds):
                started, collections.on = time.process_time(), True
                await asyncio.gather(*(_act(table, rng) for table in live))
                spent += time.process_time() - started
                collections.on = False
                actions += len(live)
                for index, table in enumerate(live):
                    if table.finished:
                        live[index] = await _open(room, socket, seed * 100_000 + opened)
                        opened += 1
            return 1e6 * spent / actions, actions, socket.written - written
    finally:
        room.close()
        workers.close()
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tables", type=int, default=TABLES)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    arguments = parser.parse_args()
    figures = []
    for run in range(arguments.runs):
        gc.collect()
        collections = Collections()
        gc.callbacks.append(collections)
        with tempfile.TemporaryDirectory() as folder:
            micro, actions, written = uvloop.run(_run(Path(folder), tables=arguments.tables, rounds=arguments.rounds,
                                                      seed=run + 1, collections=collections))
        gc.callbacks.remove(collections)
        figures.append(micro)
        collected = ", ".join(f"generation {generation} {count} times {1e6 * spent / actions:.1f} µs"
                              for generation, (count, spent) in enumerate(zip(collections.count, collections.spent,
                                                                             strict=True)))
        print(f"[bench] run {run + 1}: {micro:.1f} µs of CPU an action ({actions} actions, {written} messages); "
              f"collections an action: {collected}")
    print(f"[bench] median {statistics.median(figures):.1f} µs of CPU an action over {arguments.runs} runs")


if __name__ == "__main__":
    main()
