"""``python -m bench.room_sending``: what handing one message to a connection's socket costs the server (issue 33),
the room's way (:class:`academie.room.tables.Connection`: written in the call that sends it while the socket takes
it) beside the way it had before (a queue and a sender task per connection, woken for every message).

Both write to the same socket stand-in: a coroutine that waits, as uvicorn's send does, on an event its transport
keeps set while the client reads (so it returns without suspending), then counts the message. Neither writes to a
real socket: what is measured is the path up to the socket, the part that differs. 2,000 connections, one message
each per round (a broadcast), on uvloop as ``academie serve`` runs; CPU time of this process, several runs, the
figures of one run compared with each other.
"""

from __future__ import annotations

import argparse
import asyncio
import time

import uvloop

from academie.room.tables import Connection

CONNECTIONS = 2000
ROUNDS = 50


class Socket:
    """The socket stand-in: each message once ``reading`` is set (it stays set)."""

    def __init__(self) -> None:
        self.reading = asyncio.Event()
        self.reading.set()
        self.written = 0

    async def write(self, message: object) -> None:
        await self.reading.wait()
        self.written += 1


async def _queued() -> float:
    """Microseconds of CPU a message, a queue and a sender task per connection."""
    sockets = [Socket() for _ in range(CONNECTIONS)]
    queues: list[asyncio.Queue[str]] = [asyncio.Queue() for _ in sockets]

    async def sender(queue: asyncio.Queue[str], socket: Socket) -> None:
        while True:
            message = await queue.get()
            if queue.qsize() > 1000:
                return
            await socket.write(message)

    senders = [asyncio.create_task(sender(queue, socket)) for queue, socket in zip(queues, sockets, strict=True)]
    await asyncio.sleep(0)
    started = time.process_time()
    for _ in range(ROUNDS):
        for queue in queues:
            queue.put_nowait("picture")
        await asyncio.sleep(0)  # the senders run
        await asyncio.sleep(0)
    spent = time.process_time() - started
    for task in senders:
        task.cancel()
    if sum(socket.written for socket in sockets) != CONNECTIONS * ROUNDS:
        raise RuntimeError("a message was not written")
    return 1e6 * spent / (CONNECTIONS * ROUNDS)


async def _direct() -> float:
    """Microseconds of CPU a message, the room's :class:`Connection`."""
    sockets = [Socket() for _ in range(CONNECTIONS)]
    connections = [Connection(0, "en") for _ in sockets]
    for connection, socket in zip(connections, sockets, strict=True):
        connection.start(socket.write)
    started = time.process_time()
    for _ in range(ROUNDS):
        for connection in connections:
            connection.send("picture")
        await asyncio.sleep(0)  # the same turns of the loop as above, for a like comparison
        await asyncio.sleep(0)
    spent = time.process_time() - started
    if sum(socket.written for socket in sockets) != CONNECTIONS * ROUNDS:
        raise RuntimeError("a message was not written")
    return 1e6 * spent / (CONNECTIONS * ROUNDS)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs of each way, alternated")
    args = parser.parse_args(argv)
    for run in range(1, args.runs + 1):
        queued, direct = uvloop.run(_queued()), uvloop.run(_direct())
        print(f"run {run}: a queue and a task per connection {queued:.2f} µs a message, written at once "
              f"{direct:.2f} µs ({queued / direct:.1f}× less)")


if __name__ == "__main__":
    main()
