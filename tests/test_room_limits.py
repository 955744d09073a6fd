"""The contract's limits on a real WebSocket (a real ``academie serve`` process, the websockets client): a message's
4 KiB counted in bytes of the frame, a flood told ``too-fast`` before it is closed with 1008 and its reason, and
the chat given to a newcomer exactly once (the history, then only the lines after it)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

from room_support import Server, running
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from academie.room.limits import MAX_MESSAGE_BYTES, STRIKES


def seat_uri(server: Server, created: dict[str, Any], seat: int) -> str:
    return f"{server.ws_base}/ws/tables/{created['table']}?token={created['seats'][str(seat)]['token']}"


async def next_of(socket_: ClientConnection, kind: str) -> dict[str, Any]:
    async with asyncio.timeout(10):
        while True:
            message: dict[str, Any] = json.loads(await socket_.recv())
            if message["type"] == kind:
                return message


def act_of_size(size: int, seq: int) -> str:
    """An act whose action is ``é`` repeated (two bytes each, one character), the frame exactly ``size`` bytes."""
    frame = json.dumps({"type": "act", "seq": seq, "action": ""}, ensure_ascii=False)
    room = size - len(frame.encode())
    action = "é" * (room // 2) + "x" * (room % 2)
    frame = json.dumps({"type": "act", "seq": seq, "action": action}, ensure_ascii=False)
    assert len(frame.encode()) == size
    return frame


def test_a_message_is_measured_in_bytes_of_its_frame(server: Server) -> None:
    """4 KiB is the frame's bytes: 12 KB of three-byte characters (4,000 of them) is too big, not illegal; a
    frame of exactly 4,096 bytes is read, one of 4,097 is not; a binary frame counts its bytes too."""
    created = server.post("/api/tables", {"game": "ecarte", "seed": 3})

    async def scenario() -> list[str]:
        async with connect(seat_uri(server, created, 1), max_size=None) as seat:
            seq = (await next_of(seat, "picture"))["seq"]
            codes = []
            for frame in (json.dumps({"type": "act", "seq": seq, "action": "€" * 4000}, ensure_ascii=False),
                          act_of_size(MAX_MESSAGE_BYTES, seq), act_of_size(MAX_MESSAGE_BYTES + 1, seq),
                          json.dumps({"type": "chat", "text": "hi"}).encode().ljust(MAX_MESSAGE_BYTES + 1)):
                await seat.send(frame)
                codes.append((await next_of(seat, "error"))["code"])
            return codes

    assert asyncio.run(scenario()) == ["too-big", "illegal", "too-big", "too-big"]
    assert server.get(f"/api/tables/{created['table']}").json()["seq"] == 0


def test_a_flood_is_told_too_fast_then_closed_with_the_reason(tmp_path: Path) -> None:
    """At one message a second (bursts of two), sixty chat lines at once: the first two are said (a third if the
    bucket refilled meanwhile), the next twenty are each refused ``too-fast``, and only then is the connection
    closed (1008, with its reason)."""
    with running(tmp_path, message_rate=1) as slow:
        created = slow.post("/api/tables", {"game": "ecarte", "seed": 3})

        async def scenario() -> tuple[list[dict[str, Any]], int | None, str | None]:
            received: list[dict[str, Any]] = []
            async with connect(seat_uri(slow, created, 0), max_size=None) as seat:
                await next_of(seat, "picture")
                for number in range(60):
                    await seat.send(json.dumps({"type": "chat", "text": f"line {number}"}))
                try:
                    async with asyncio.timeout(20):
                        async for raw in seat:
                            received.append(json.loads(raw))
                except ConnectionClosed:
                    pass
                closed = seat.close_code, seat.close_reason
            return received, *closed

        received, code, reason = asyncio.run(scenario())
    errors = [message for message in received if message["type"] == "error"]
    assert [error["code"] for error in errors] == ["too-fast"] * STRIKES
    assert received[-1] == errors[-1]  # the last refusal came before the close
    said = [message["text"] for message in received if message["type"] == "chat"]
    assert len(said) >= 2 and said == [f"line {number}" for number in range(len(said))]  # the burst, and no more
    assert (code, reason) == (1008, "too many refused messages")


def test_a_newcomer_gets_each_chat_line_once(server: Server) -> None:
    """Thirty spectators connect while a player says thirty lines: each spectator holds every line exactly once,
    in order (the history up to a line, then only the lines after it)."""
    created = server.post("/api/tables", {"game": "ecarte", "seed": 4, "names": {"0": "Ada"}})
    lines = [f"line {number}" for number in range(30)]

    async def spectator(done: asyncio.Event, delay: float) -> list[str]:
        await asyncio.sleep(delay)
        heard: list[str] = []
        async with connect(f"{server.ws_base}/ws/tables/{created['table']}", max_size=None) as watcher:
            await done.wait()
            while heard[-1:] != lines[-1:]:
                heard.append((await next_of(watcher, "chat"))["text"])
            with contextlib.suppress(TimeoutError):  # and nothing after the last line
                async with asyncio.timeout(0.5):
                    heard.append((await next_of(watcher, "chat"))["text"])
        return heard

    async def scenario() -> list[list[str]]:
        done = asyncio.Event()
        watchers = [asyncio.create_task(spectator(done, number * 0.01)) for number in range(30)]
        async with connect(seat_uri(server, created, 0), max_size=None) as seat:
            await next_of(seat, "picture")
            for line in lines:
                await seat.send(json.dumps({"type": "chat", "text": line}))
                assert (await next_of(seat, "chat"))["text"] == line
            done.set()
            return await asyncio.gather(*watchers)

    heard = asyncio.run(scenario())
    assert all(each == lines for each in heard), [each for each in heard if each != lines][:1]
