"""How a connection's messages reach its socket (issue 33): written at once in the call that sends them while the
socket takes them, in order behind a write that waits for a slow reader, a reader too slow closed ("too slow") with
what it had not read dropped, the close frame last. The socket here is a real coroutine that waits, as the server's
does, on an event its transport sets while the client reads."""

from __future__ import annotations

import asyncio

import pytest

from academie.room.tables import SEND_QUEUE_LIMIT, Closing, Connection


class Socket:
    """What the connection writes to: each message once ``reading`` is set (the client reads), as uvicorn's socket
    waits for its transport to be writable again."""

    def __init__(self) -> None:
        self.written: list[str | Closing] = []
        self.reading = asyncio.Event()
        self.reading.set()
        self.gone = False

    async def write(self, message: str | Closing) -> None:
        await self.reading.wait()
        if self.gone:
            raise ConnectionResetError("the client has gone")
        self.written.append(message)


def test_a_message_is_written_in_the_call_that_sends_it() -> None:
    async def scenario() -> None:
        socket, connection = Socket(), Connection(0, "en")
        connection.send("queued before the socket")
        connection.start(socket.write)
        await asyncio.sleep(0)  # what was queued before the socket is written by a task
        connection.send("one")
        connection.send("two")
        assert socket.written == ["queued before the socket", "one", "two"]  # no await: written in the calls
        assert not connection.queue

    asyncio.run(scenario())


def test_messages_wait_in_order_behind_a_write_that_waits() -> None:
    async def scenario() -> None:
        socket, connection = Socket(), Connection(0, "en")
        connection.start(socket.write)
        connection.send("first")
        socket.reading.clear()  # the client stops reading
        connection.send("second")
        connection.send("third")
        connection.close(1000, "over")
        connection.send("after the close")
        assert socket.written == ["first"]
        assert list(connection.queue) == ["third", Closing(1000, "over")]  # "second" is the write that waits
        socket.reading.set()
        await asyncio.wait_for(connection.flushed(), 1)
        assert socket.written == ["first", "second", "third", Closing(1000, "over")]

    asyncio.run(scenario())


def test_after_a_wait_messages_are_written_at_once_again() -> None:
    async def scenario() -> None:
        socket, connection = Socket(), Connection(None, "fr")
        connection.start(socket.write)
        socket.reading.clear()
        connection.send("late")
        socket.reading.set()
        await asyncio.wait_for(connection.flushed(), 1)
        connection.send("at once")
        assert socket.written == ["late", "at once"]

    asyncio.run(scenario())


def test_a_reader_too_slow_is_closed_and_what_it_did_not_read_dropped() -> None:
    async def scenario() -> None:
        socket, connection = Socket(), Connection(1, "en")
        connection.start(socket.write)
        socket.reading.clear()
        for number in range(SEND_QUEUE_LIMIT + 2):  # one written (waiting), the limit queued, one past it
            connection.send(f"picture {number}")
        assert connection.closing
        assert list(connection.queue) == [Closing(1008, "too slow")]
        connection.send("more")
        assert list(connection.queue) == [Closing(1008, "too slow")]
        socket.reading.set()
        await asyncio.wait_for(connection.flushed(), 1)
        assert socket.written == ["picture 0", Closing(1008, "too slow")]

    asyncio.run(scenario())


def test_a_client_gone_is_written_nothing_more() -> None:
    async def scenario() -> None:
        socket, connection = Socket(), Connection(0, "en")
        connection.start(socket.write)
        socket.gone = True
        connection.send("lost")
        socket.gone = False
        connection.send("not written")
        assert socket.written == [] and connection.closing and not connection.queue

    asyncio.run(scenario())


def test_stopping_cancels_a_write_that_waits() -> None:
    async def scenario() -> None:
        socket, connection = Socket(), Connection(0, "en")
        connection.start(socket.write)
        socket.reading.clear()
        connection.send("never read")
        connection.close(1008, "too many refused messages")
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(connection.flushed(), 0.05)
        connection.stop()
        await asyncio.sleep(0)
        socket.reading.set()
        await asyncio.sleep(0)
        assert socket.written == [] and not connection.queue
        await asyncio.wait_for(connection.flushed(), 1)  # nothing waits any more

    asyncio.run(scenario())
