"""What goes on the wire (a real ``academie serve`` process, the websockets client, which offers per-message deflate
as browsers do): by default the server declines the compression, so a picture is sent as the JSON it is; with
``--ws-deflate`` it accepts it, and a table plays the same either way."""

from __future__ import annotations

import asyncio
import json
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
