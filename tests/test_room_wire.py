"""What goes on the wire (a real ``academie serve`` process, the websockets client, which offers per-message deflate
as browsers do): by default the server declines the compression, so a picture is sent as the JSON it is; with
``--ws-deflate`` it accepts it, and a table plays the same either way. The server's pings, read from the frames of
a WebSocket opened by hand: every ``--ws-ping-interval`` seconds, a minute by default."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from room_support import Server, running
from websockets.asyncio.client import connect


def negotiated_and_played(server: Server) -> tuple[str | None, int]:
    """The extensions the server accepted for a seat's connection, and the move number the table reached after the
    seat's one legal action (its picture read back through the same connection)."""
    created = server.post("/api/tables", {"game": "ecarte", "seed": 5})
    token = created["seats"]["1"]["token"]

    async def scenario() -> tuple[str | None, int]:
        async with connect(f"{server.ws_base}/ws/tables/{created['table']}?token={token}") as seat:
            offered = seat.request.headers.get("Sec-WebSocket-Extensions") if seat.request is not None else None
            assert offered is not None and "permessage-deflate" in offered  # the client offers it
            accepted = seat.response.headers.get("Sec-WebSocket-Extensions") if seat.response is not None else None
            async with asyncio.timeout(10):
                while True:
                    message = json.loads(await seat.recv())
                    if message["type"] == "picture" and message["legal"]:
                        break
                await seat.send(json.dumps({"type": "act", "seq": message["seq"], "action": message["legal"][0]}))
                while True:
                    message = json.loads(await seat.recv())
                    if message["type"] == "picture" and message["seq"] > 0:
                        return accepted, int(message["seq"])

    return asyncio.run(scenario())


def test_the_server_declines_per_message_deflate_by_default(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        accepted, seq = negotiated_and_played(server)
    assert accepted is None
    assert seq == 1


def test_the_server_accepts_per_message_deflate_when_asked(tmp_path: Path) -> None:
    with running(tmp_path, options=("--ws-deflate",)) as server:
        accepted, seq = negotiated_and_played(server)
    assert accepted is not None and accepted.startswith("permessage-deflate")
    assert seq == 1


async def pings_within(server: Server, seconds: float) -> tuple[int, int]:
    """The pings and the other frames the server sends a spectator's WebSocket in its first ``seconds`` (the
    handshake and the frames read and the pings answered by hand: a client library answers pings out of sight)."""
    table = server.post("/api/tables", {"game": "ecarte", "seed": 5})["table"]
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(f"GET /ws/tables/{table} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
    pings = others = 0
    deadline = time.monotonic() + seconds
    try:
        while (left := deadline - time.monotonic()) > 0:
            try:
                first, second = await asyncio.wait_for(reader.readexactly(2), left)
            except TimeoutError:
                break
            length = second & 0x7F
            if length >= 126:
                length = int.from_bytes(await reader.readexactly(2 if length == 126 else 8))
            payload = await reader.readexactly(length)
            if first & 0x0F == 0x9:  # answered as a client must (masked; a zero mask leaves the payload as it is)
                pings += 1
                writer.write(bytes((0x8A, 0x80 | len(payload))) + bytes(4) + payload)
            else:
                others += 1
    finally:
        writer.close()
    return pings, others


def test_the_server_pings_each_websocket_every_ws_ping_interval_and_every_minute_by_default(tmp_path: Path) -> None:
    with running(tmp_path, options=("--ws-ping-interval", "1")) as server:
        often = asyncio.run(pings_within(server, 3.5))
    with running(tmp_path) as server:
        default = asyncio.run(pings_within(server, 3.5))
    assert often[0] >= 2 and often[1] >= 2, often  # the welcome and the first picture came too
    assert default[0] == 0 and default[1] >= 2, default
