"""Faults do not stop a table. Real faults, injected for real: a store (SQLite, a real file) whose write fails
once, before or after the action reaches the database; a bot worker process killed mid-game; another connection
holding SQLite's write lock while a real server creates tables and plays. Each table goes on from its stored
log and ends as the same table without the fault."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sqlite3
import threading
import time
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from room_support import Server, running
from websockets.asyncio.client import ClientConnection, connect

from academie.room.hub import NewTable, Room
from academie.room.store import ActionRow, Store, StoreError
from academie.room.tables import Connection
from academie.room.workers import Workers

BOTS_ONLY = NewTable(game="ecarte", bots={"0": "random", "1": "classical"}, seed=12)
"""A table its bots play to the end by themselves (Écarté, a partie of about forty actions)."""
LOCKED_SECONDS = 6.0
"""How long another process holds the database's write lock (SQLite's busy timeout is five seconds)."""


class FailingOnce(Store):
    """A real store whose append of action ``at`` fails once: before anything is written, or after the action is
    committed (the caller cannot tell which: a lost answer)."""

    def __init__(self, url: str, *, at: int, after_write: bool) -> None:
        super().__init__(url)
        self.at, self.after_write, self.failed = at, after_write, False

    async def append(self, table_id: str, row: ActionRow, *, status: str, result: str,
                     finished: str | None) -> None:
        if row.seq == self.at and not self.failed:
            self.failed = True
            if self.after_write:
                await super().append(table_id, row, status=status, result=result, finished=finished)
            raise StoreError("injected: the database failed")
        await super().append(table_id, row, status=status, result=result, finished=finished)


async def play_alone(store: Store, *, kill_worker_at: int | None = None) -> list[ActionRow]:
    """Create the bots-only table in a room on ``store``, watch it while its bots finish it (killing a bot worker
    process once the table reaches ``kill_worker_at``); its stored log, without the times of its actions."""
    workers = Workers(processes=1)
    room = Room(store, workers)
    try:
        await store.migrate()
        created = await room.create(BOTS_ONLY, "en")
        table = await room.get(created["table"])
        assert table is not None
        table.attach(Connection(None, "en"))  # a spectator: bots alone play only while watched
        async with asyncio.timeout(90):
            while not table.finished:
                if kill_worker_at is not None and table.seq >= kill_worker_at:
                    kill_worker_at = None
                    for pid in worker_processes():
                        os.kill(pid, signal.SIGKILL)
                await asyncio.sleep(0.01)
        return [replace(row, at=None) for row in await store.actions(created["table"])]  # when: not what
    finally:
        room.close()
        workers.close()
        await store.close()


def worker_processes() -> list[int]:
    """This process's children that are bots' workers (not multiprocessing's resource tracker)."""
    children = [int(pid) for task in Path("/proc/self/task").iterdir()
                for pid in (task / "children").read_text().split()]
    return [pid for pid in children
            if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[ActionRow]:
    """The log of the same table played without a fault."""
    folder = tmp_path_factory.mktemp("reference")
    return asyncio.run(play_alone(Store(f"sqlite+aiosqlite:///{folder / 'calm.db'}")))


@pytest.mark.parametrize("after_write", [False, True], ids=["write-lost", "answer-lost"])
def test_a_table_whose_write_fails_restarts_from_its_log_and_finishes(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, reference: list[ActionRow], after_write: bool) -> None:
    store = FailingOnce(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}", at=10, after_write=after_write)
    with caplog.at_level(logging.ERROR, logger="academie.room"):
        log = asyncio.run(play_alone(store))
    assert store.failed
    assert any("restarting from its log" in record.message for record in caplog.records)
    assert log == reference  # each action once, and the game the bots play without the fault


def test_a_killed_bot_worker_does_not_stop_the_table(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, reference: list[ActionRow]) -> None:
    with caplog.at_level(logging.ERROR, logger="academie.room"):
        log = asyncio.run(play_alone(Store(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"), kill_worker_at=10))
    assert any("restarting from its log" in record.message for record in caplog.records)
    assert log == reference


def test_a_locked_database_delays_a_real_server_but_fails_nothing(tmp_path: Path) -> None:
    """Another connection holds SQLite's write lock for six seconds (longer than SQLite's own wait for a lock)
    while a watched bots-only table plays and another is created: the writes wait and are retried, the request is
    answered 200, both tables finish, and the log holds each of their actions once."""
    body = {"game": BOTS_ONLY.game, "bots": BOTS_ONLY.bots, "seed": BOTS_ONLY.seed}

    async def scenario(server: Server) -> tuple[int, float, list[int]]:
        playing = server.post("/api/tables", body)["table"]
        async with connect(f"{server.ws_base}/ws/tables/{playing}") as watcher:
            await picture_after(watcher, 2)  # its bots are playing
            database = sqlite3.connect(tmp_path / "room.db", isolation_level=None, check_same_thread=False)
            database.execute("BEGIN IMMEDIATE")  # SQLite's write lock, held by another process's connection
            release = threading.Timer(LOCKED_SECONDS, database.execute, ("COMMIT",))
            release.start()
            held_since = time.monotonic()
            async with httpx.AsyncClient(timeout=30) as client:
                created = await client.post(f"{server.base}/api/tables", json=body)
            waited = time.monotonic() - held_since
            release.join()
            if created.status_code != 200:
                return created.status_code, waited, []
            async with connect(f"{server.ws_base}/ws/tables/{created.json()['table']}") as second:
                ends = [await picture_after(socket_, None) for socket_ in (watcher, second)]
        return created.status_code, waited, ends

    with running(tmp_path) as server:
        status, waited, ends = asyncio.run(scenario(server))
        assert status == 200
        assert waited >= LOCKED_SECONDS - 0.5  # it waited for the lock: the lock was real
        assert "the database is busy" in server.log()
    stored = sqlite3.connect(tmp_path / "room.db").execute(
        "SELECT COUNT(*), MAX(seq) FROM room_actions GROUP BY table_id").fetchall()
    assert sorted(stored) == sorted((end, end) for end in ends)  # each action of both games once


async def picture_after(socket_: ClientConnection, seq: int | None) -> int:
    """The number of the first picture at or past ``seq`` (None: of the finished game's)."""
    async with asyncio.timeout(60):
        while True:
            message = json.loads(await socket_.recv())
            if message["type"] != "picture":
                continue
            if (seq is None and message["status"] == "finished") or (seq is not None and message["seq"] >= seq):
                return int(message["seq"])
