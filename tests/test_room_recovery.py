"""Nothing lost: a real server killed with SIGKILL in the middle of a Whist rubber (two players, two bots) is
restarted on its database; it restores the table from its log, the players reconnect and finish, and the record
is the one of the same table played without the crash; no action a player saw acknowledged is lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

from room_support import Server, play, running, whole_record

from academie import record

TABLE = {"game": "whist", "options": {"variant": "short"}, "bots": {"1": "classical", "3": "classical"}, "seed": 21}
HALF = 60
"""The action after which the server is killed (a short rubber has about 300)."""


def moves(full: record.Record) -> str:
    """The record without the tags that name the table (its id in [Event]): the rules, seats, deals and actions."""
    text = record.write_text(full)
    return "\n".join(line for line in text.splitlines() if not line.startswith("[Event "))


def tokens_of(created: dict[str, object]) -> dict[int, str]:
    seats = created["seats"]
    assert isinstance(seats, dict)
    return {int(seat): data["token"] for seat, data in seats.items()}


def test_a_table_survives_kill_9_and_ends_as_without_the_crash(tmp_path: Path) -> None:
    server = Server(tmp_path).start()
    try:
        created = server.post("/api/tables", TABLE)
        table, tokens = created["table"], tokens_of(created)
        before = asyncio.run(play(server, table, tokens, seed=0, stop_at=HALF, deterministic=True))
        seen = max(message["seq"] for messages in before.values() for message in messages
                   if message["type"] == "picture")
        assert seen >= HALF
        server.kill()
        server.start()  # the same database and port
        restored = server.get(f"/api/tables/{table}").json()
        assert restored["seq"] >= seen and restored["status"] != "finished"  # every acknowledged action is back
        asyncio.run(play(server, table, tokens, seed=0, deterministic=True))
        crashed = whole_record(server, table)
    finally:
        server.stop()
    (tmp_path / "reference").mkdir()
    with running(tmp_path / "reference") as reference:
        created = reference.post("/api/tables", TABLE)
        asyncio.run(play(reference, created["table"], tokens_of(created), seed=0, deterministic=True))
        calm = whole_record(reference, created["table"])
    assert record.replay(crashed).is_terminal
    assert moves(crashed) == moves(calm)
