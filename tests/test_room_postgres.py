"""More than one machine: two real server processes on one PostgreSQL cluster that the test creates itself
(initdb in a temporary folder, pg_ctl on a free port, its socket in that folder); four players, two connected to
each process, finish a Whist deal, each process telling its players of the others' actions (LISTEN/NOTIFY)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path
from typing import Any

from room_support import Server, play
from websockets.asyncio.client import ClientConnection, connect

from academie import record


def test_four_players_on_two_processes_finish_a_whist_deal(cluster: str, tmp_path: Path) -> None:
    first = Server(tmp_path, db=cluster).start()
    try:
        # after the first (the schema is migrated once), on the URL people write (asyncpg chosen for it)
        second = Server(tmp_path, db=cluster.replace("postgresql+asyncpg://", "postgresql://", 1)).start()
        try:
            created = first.post("/api/tables", {"game": "whist", "players": 4, "seed": 4,
                                                 "options": {"variant": "short"}})
            table = created["table"]
            tokens = {int(seat): data["token"] for seat, data in created["seats"].items()}
            assert second.get(f"/api/tables/{table}").json()["status"] == "waiting"  # the second sees it stored
            received = asyncio.run(play(first, table, tokens, seed=4, stop_at_result=True,
                                        via={0: first, 1: second, 2: first, 3: second}))
            ends = [[m for m in messages if m["type"] == "picture"][-1] for messages in received.values()]
            assert len({end["seq"] for end in ends}) == 1 and all(end["picture"]["result"] for end in ends)
            seq = ends[0]["seq"]  # every seat and the spectator saw the same end of the deal
            assert seq >= 52 and all(server.get(f"/api/tables/{table}").json()["seq"] == seq
                                     for server in (first, second))
            mine = record.read_text(second.get(f"/api/tables/{table}/record?token={tokens[1]}").text)
            assert mine.redacted_for == 1 and len(mine.deals) >= 1
            plays = [entry for entry in mine.deals[0].entries
                     if isinstance(entry, record.ActionLine) and entry.action.startswith("play ")]
            assert len(plays) == 52  # the whole first deal, each card stored once
        finally:
            second.stop()
    finally:
        first.stop()


async def _first_picture(socket_: ClientConnection) -> dict[str, Any]:
    async for raw in socket_:
        message = json.loads(raw)
        if message["type"] == "picture":
            return dict(message)
    raise AssertionError("the connection closed before its picture")


async def _seats_seen(socket_: ClientConnection, seconds: float) -> list[dict[str, Any]]:
    """The last seat list the connection was sent within ``seconds`` (nothing, if none came)."""
    seen: list[dict[str, Any]] = []
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            async for raw in socket_:
                message = json.loads(raw)
                if message["type"] == "seats":
                    seen = message["seats"]
    return seen


def test_a_player_connected_to_the_other_process_is_not_taken_over(cluster: str, tmp_path: Path) -> None:
    """A table created with a takeover bot: its player to move leaves the first process and comes back through
    the second. The first hears of it (presence notifications), shows him connected and lets no bot play for him;
    once he is gone from both, the bot takes his seat over."""
    first = Server(tmp_path, db=cluster).start()
    second = Server(tmp_path, db=cluster).start()
    try:
        created = first.post("/api/tables", {"game": "ecarte", "seed": 5, "takeover": "random",
                                             "takeover_after": 2.0})
        table = created["table"]
        tokens = {int(seat): data["token"] for seat, data in created["seats"].items()}

        def uri(server: Server, seat: int) -> str:
            return f"{server.ws_base}/ws/tables/{table}?token={tokens[seat]}"

        async def scenario() -> tuple[int, int, list[dict[str, Any]], int]:
            async with connect(uri(first, 0)) as zero, connect(uri(first, 1)) as one:
                pictures = {0: await _first_picture(zero), 1: await _first_picture(one)}
                mover = next(seat for seat, picture in pictures.items() if picture["legal"])
                start = pictures[mover]["seq"]
                watcher = one if mover == 0 else zero
                await (zero if mover == 0 else one).close()
                async with connect(uri(second, mover)) as moved:
                    await _first_picture(moved)
                    seats = await _seats_seen(watcher, 5.0)  # more than twice the takeover delay
                    kept = first.get(f"/api/tables/{table}").json()["seq"]
                deadline = time.monotonic() + 30
                while first.get(f"/api/tables/{table}").json()["seq"] == start and time.monotonic() < deadline:
                    await asyncio.sleep(0.2)
                return start, kept, seats, first.get(f"/api/tables/{table}").json()["seq"]

        start, kept, seats, later = asyncio.run(scenario())
        assert kept == start, "a bot played for a player connected to the other process"
        assert seats and all(seat["connected"] for seat in seats)
        assert later > start, "the takeover bot never played the seat its player had left on both processes"
    finally:
        second.stop()
        first.stop()
