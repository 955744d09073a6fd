"""The players' schema (issue 32: migrations 0005 to 0007, accounts, ratings, the play-now queue) on a database the
room kept before it, on SQLite and on PostgreSQL: a real server plays a whole Écarté game and half of another,
the database is taken back to the schema of revision 0004 (the room's before accounts: Alembic's downgrade drops
exactly what 0005 to 0007 added), and a server started on it migrates it again at start-up. The finished game's
record is the same to the byte, the half-played table goes on from where it was and finishes, every table is
unrated with its seats held by no account, and the new tables are there and empty."""

from __future__ import annotations

import asyncio
from importlib import resources
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from room_support import Server, create_and_play, play
from sqlalchemy.ext.asyncio import create_async_engine

BEFORE_PLAYERS = "0004"
"""The room's schema before accounts, ratings and the queue."""
PLAYERS_TABLES = ("room_accounts", "room_sessions", "room_login_attempts", "room_ratings", "room_rating_history",
                  "room_queue", "room_invitations")


def _alembic(connection: sa.Connection, revision: str, *, down: bool) -> None:
    config = Config()
    config.set_main_option("script_location", str(resources.files("academie.room").joinpath("migrations")))
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


async def _on(url: str, work: str) -> list[str]:
    """Take the database at ``url`` back to :data:`BEFORE_PLAYERS` (``work == "down"``), or list its tables."""
    engine = create_async_engine(url)
    try:
        async with engine.begin() as connection:
            if work == "down":
                await connection.run_sync(lambda sync: _alembic(sync, BEFORE_PLAYERS, down=True))
            return list(await connection.run_sync(lambda sync: sa.inspect(sync).get_table_names()))
    finally:
        await engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
    cluster: str = request.getfixturevalue("cluster")
    return cluster


def test_a_room_of_before_accounts_is_migrated_and_keeps_its_games(database: str, tmp_path: Path) -> None:
    server = Server(tmp_path, db=database).start()
    try:
        finished, _ = create_and_play(server, {"game": "ecarte", "players": 2, "seed": 41}, seed=41)
        created = server.post("/api/tables", {"game": "ecarte", "players": 2, "seed": 42})
        tokens = {int(seat): data["token"] for seat, data in created["seats"].items()}
        halfway = created["table"]
        asyncio.run(play(server, halfway, tokens, seed=42, stop_at=6, deterministic=True))
        record_before = server.get(f"/api/tables/{finished}/record").text
        summaries = {table: server.get(f"/api/tables/{table}").json() for table in (finished, halfway)}
    finally:
        server.stop()
    assert summaries[finished]["status"] == "finished" and summaries[halfway]["seq"] >= 6

    tables = asyncio.run(_on(database, "down"))
    assert not set(PLAYERS_TABLES) & set(tables) and "room_reviews" in tables  # the schema of 0004, no more

    server = Server(tmp_path, db=database).start()  # migrates to the newest schema at start-up
    try:
        assert set(PLAYERS_TABLES) <= set(asyncio.run(_on(database, "tables")))
        assert server.get(f"/api/tables/{finished}/record").text == record_before
        for table, before in summaries.items():
            after = server.get(f"/api/tables/{table}").json()
            assert after["rated"] is False
            assert (after["status"], after["seq"], after["seats"]) == (before["status"], before["seq"],
                                                                      before["seats"])
        asyncio.run(play(server, halfway, tokens, seed=42, deterministic=True))
        assert server.get(f"/api/tables/{halfway}").json()["status"] == "finished"
        assert server.get("/api/ratings/ecarte").json()["players"] == []
    finally:
        server.stop()
