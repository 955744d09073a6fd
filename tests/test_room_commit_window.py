"""The commit window (issue 33): actions arriving within a few milliseconds share one commit and one wake-up of
the writer. Real stores (SQLite in a file), real tables of a room, connections whose messages are read as the room
queued them; the fault is a real database refusing the batch (its log's table renamed away under the server).

What is checked: the actions of one window are committed once, in the order they came, each acknowledged and shown
only once committed; a batch the database refuses leaves every table of it, and every picture, as they were, and
each submitter is told (``busy``), the same actions taken once the database accepts them again; a window that is
not allowed is refused with a message that says what is, by the store, the application and ``academie serve``."""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from academie.cli import app as command_line
from academie.room.app import create_app
from academie.room.hub import NewTable, Room
from academie.room.store import Store
from academie.room.tables import Closing, Connection, LiveTable, Outbox, Refusal
from academie.room.workers import Workers
from academie.room.writer import GROUP_COMMIT, WINDOW, WINDOW_MOST, Job, WindowError, Writer

TABLES = 6
WIDE = 0.05
"""A window wide enough that the test's submissions all fall in it, however slow the machine."""


async def _room(path: Path, *, window: float) -> tuple[Store, Room, Workers, list[LiveTable]]:
    store = Store(f"sqlite+aiosqlite:///{path}", commit_window=window)
    await store.migrate()
    workers = Workers(processes=1)
    room = Room(store, workers)
    tables = []
    for seed in range(TABLES):
        created = await room.create(NewTable(game="ecarte", seed=seed), "en")
        table = await room.get(str(created["table"]))
        assert table is not None
        tables.append(table)
    return store, room, workers, tables


async def _closed(store: Store, room: Room, workers: Workers) -> None:
    room.close()
    workers.close()
    await store.close()


def _first_action(table: LiveTable) -> tuple[int, str]:
    seat = table.state.actor
    assert isinstance(seat, int) and seat >= 0
    return seat, str(sorted(map(str, table.state.legal_actions()))[0])


def _pictures(connection: Connection) -> list[int]:
    """The numbers of the pictures queued for a connection not started, oldest first."""
    return [message["seq"] for message in (json.loads(str(raw)) for raw in connection.queue)
            if message["type"] == "picture"]


def _stored_order(path: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(path) as database:
        return [(table_id, seq) for table_id, seq in
                database.execute("SELECT table_id, seq FROM room_actions ORDER BY rowid")]


def test_the_actions_of_one_window_are_committed_once_in_order_and_shown_only_then(tmp_path: Path) -> None:
    """Six tables each submit an action within one window: until it ends nothing is stored or shown (each table's
    number and its watcher's pictures as before), then one batch commits all six, in the order they came, and each
    table shows its own."""

    async def run() -> None:
        path = tmp_path / "room.db"
        store, room, workers, tables = await _room(path, window=WIDE)
        try:
            watchers = [Connection(None, "en") for _ in tables]
            for table, watcher in zip(tables, watchers, strict=True):
                table.attach(watcher)
            order = [3, 0, 5, 1, 4, 2]
            batches = store.writer.batches
            submitted = []
            for index in order:
                seat, action = _first_action(tables[index])
                submitted.append(asyncio.create_task(tables[index].submit(seat, 0, action, "en")))
                await asyncio.sleep(0)  # each submission reaches the writer before the next is made
            await asyncio.sleep(WIDE / 5)
            assert [table.seq for table in tables] == [0] * TABLES
            assert [_pictures(watcher) for watcher in watchers] == [[0]] * TABLES
            assert _stored_order(path) == []
            await asyncio.gather(*submitted)
            assert store.writer.batches == batches + 1
            assert _stored_order(path) == [(tables[index].row.id, 1) for index in order]
            assert [table.seq for table in tables] == [1] * TABLES
            assert [_pictures(watcher) for watcher in watchers] == [[0, 1]] * TABLES
        finally:
            await _closed(store, room, workers)

    asyncio.run(run())


def test_the_pictures_of_a_batch_are_written_together_once_every_table_of_it_has_moved(tmp_path: Path) -> None:
    """The room's outbox: the pictures of a batch's tables go to the sockets only once every caller the commit woke
    has run (each write sees every table of the batch at its new number), each connection's messages in order; a
    close frame sent while the outbox holds is written before the connection is given up."""

    async def run() -> None:
        store, room, workers, tables = await _room(tmp_path / "room.db", window=WIDE)
        try:
            seen: list[tuple[int, list[int]]] = []
            written: dict[int, list[str | Closing]] = {}

            def socket(index: int) -> Callable[[str | Closing], Coroutine[Any, Any, None]]:
                async def write(message: str | Closing) -> None:
                    seen.append((index, [table.seq for table in tables]))
                    written.setdefault(index, []).append(message)

                return write

            connections = [Connection(None, "en") for _ in tables]
            for index, (table, connection) in enumerate(zip(tables, connections, strict=True)):
                table.attach(connection)
                connection.start(socket(index))
            await asyncio.sleep(0)
            seen.clear()
            actions = [_first_action(table) for table in tables]
            await asyncio.gather(*(table.submit(seat, 0, action, "en")
                                   for table, (seat, action) in zip(tables, actions, strict=True)))
            await asyncio.sleep(0)
            assert sorted(index for index, _ in seen) == list(range(TABLES))
            assert all(sequences == [1] * TABLES for _, sequences in seen)
            assert [[json.loads(str(message)).get("seq") for message in written[index]][-1]
                    for index in range(TABLES)] == [1] * TABLES
            room.outbox.hold()
            connections[0].send("last words")
            connections[0].close(1000, "over")
            assert written[0][-1] != Closing(1000, "over")
            await connections[0].flushed()
            assert written[0][-2:] == ["last words", Closing(1000, "over")]
        finally:
            await _closed(store, room, workers)

    asyncio.run(run())


def test_writes_held_over_several_batches_of_one_turn_go_once_every_caller_has_run(tmp_path: Path) -> None:
    """More writes waiting than one commit takes: the writer commits them in several batches in one turn, and the
    messages their callers send are all held until the last of them has run, then written in order."""

    async def run() -> None:
        database = sqlite3.connect(tmp_path / "log.db")
        database.execute("CREATE TABLE log (payload)")

        async def commit(batch: list[Job]) -> list[object]:
            with database:
                database.executemany("INSERT INTO log VALUES (?)", [(job.payload,) for job in batch])
            return [None] * len(batch)

        outbox, writer = Outbox(), Writer(commit, window=WIDE)
        writer.settled = outbox.hold
        told: list[int] = []
        written: list[tuple[str | Closing, int]] = []

        async def socket(message: str | Closing) -> None:
            written.append((message, len(told)))

        connection = Connection(None, "en", outbox=outbox)
        connection.start(socket)

        async def caller(number: int) -> None:
            await writer.write(number)
            connection.send(str(number))
            told.append(number)

        count = GROUP_COMMIT + 44
        try:
            await asyncio.gather(*(caller(number) for number in range(count)))
            await asyncio.sleep(0)
            assert writer.batches == 2
            assert written == [(str(number), count) for number in range(count)]
        finally:
            await writer.close()
            database.close()

    asyncio.run(run())


def test_a_table_keeps_its_order_across_windows(tmp_path: Path) -> None:
    """One table's actions follow one another across windows (each waits for the one before to be committed):
    the log holds them numbered as played, each in a batch of its own."""

    async def run() -> None:
        path = tmp_path / "room.db"
        store, room, workers, tables = await _room(path, window=0.005)
        try:
            table = tables[0]
            batches = store.writer.batches
            for _ in range(8):
                seat, action = _first_action(table)
                await table.submit(seat, table.seq, action, "en")
            assert store.writer.batches == batches + 8
            assert [seq for table_id, seq in _stored_order(path) if table_id == table.row.id] == list(range(1, 9))
            assert [row.action for row in await store.actions(table.row.id)] == \
                [str(operation.action) for operation in table.state.operations[-8:]]
        finally:
            await _closed(store, room, workers)

    asyncio.run(run())


def test_a_refused_batch_leaves_every_table_as_it_was_and_tells_each_submitter(tmp_path: Path) -> None:
    """The database refuses the window's batch (its log's table is gone): every submitter is refused 'busy', every
    table keeps its state, its number and its pictures (the watchers are sent nothing new), nothing is stored; once
    the table is back the same actions are taken."""

    async def run() -> None:
        path = tmp_path / "room.db"
        store, room, workers, tables = await _room(path, window=WIDE)
        try:
            watchers = [Connection(0, "en") for _ in tables]
            for table, watcher in zip(tables, watchers, strict=True):
                table.attach(watcher)
            before = [(table.state.view(0), table.state.view(1), table.seq, table.picture_message(0, "en"))
                      for table in tables]
            actions = [_first_action(table) for table in tables]
            with sqlite3.connect(path) as database:
                database.execute("ALTER TABLE room_actions RENAME TO room_actions_away")
            answers = await asyncio.gather(*(table.submit(seat, 0, action, "en")
                                             for table, (seat, action) in zip(tables, actions, strict=True)),
                                           return_exceptions=True)
            assert [answer.code if isinstance(answer, Refusal) else answer for answer in answers] == ["busy"] * TABLES
            assert [(table.state.view(0), table.state.view(1), table.seq, table.picture_message(0, "en"))
                    for table in tables] == before
            assert [_pictures(watcher) for watcher in watchers] == [[0]] * TABLES
            with sqlite3.connect(path) as database:
                database.execute("ALTER TABLE room_actions_away RENAME TO room_actions")
            assert _stored_order(path) == []
            await asyncio.gather(*(table.submit(seat, 0, action, "en")
                                   for table, (seat, action) in zip(tables, actions, strict=True)))
            assert [table.seq for table in tables] == [1] * TABLES
            assert [await store.actions(table.row.id) != [] for table in tables] == [True] * TABLES
            assert [_pictures(watcher) for watcher in watchers] == [[0, 1]] * TABLES
        finally:
            await _closed(store, room, workers)

    asyncio.run(run())


def test_a_write_alone_waits_its_window_and_a_full_batch_does_not(tmp_path: Path) -> None:
    """The writer's own promise: a write alone is committed once its window is over, not before; writes arriving
    while a batch is committed wait for no window of their own; a batch of the most writes a commit takes goes at
    once. ``run`` is a real commit (SQLite's, in a file)."""

    async def run() -> None:
        database = sqlite3.connect(tmp_path / "log.db")
        database.execute("CREATE TABLE log (payload)")
        committed: list[list[object]] = []

        async def commit(batch: list[Job]) -> list[object]:
            payloads = [job.payload for job in batch]
            with database:  # one transaction, committed
                database.executemany("INSERT INTO log VALUES (?)", [(payload,) for payload in payloads])
            committed.append(payloads)
            return [None] * len(batch)

        async def turns(count: int) -> None:
            for _ in range(count):
                await asyncio.sleep(0)

        writer = Writer(commit, window=WIDE)
        try:
            loop = asyncio.get_running_loop()
            started = loop.time()
            alone = asyncio.create_task(writer.write("alone"))
            await turns(5)
            assert committed == []
            await alone
            assert loop.time() - started >= WIDE * 0.9
            full = [asyncio.create_task(writer.write(number)) for number in range(GROUP_COMMIT)]
            await turns(5)
            assert committed == [["alone"], list(range(GROUP_COMMIT))]
            assert all(write.done() for write in full)
            with database:
                assert database.execute("SELECT count(*) FROM log").fetchone() == (GROUP_COMMIT + 1,)
        finally:
            await writer.close()
            database.close()

    asyncio.run(run())


@pytest.mark.parametrize("window", [-0.001, WINDOW_MOST + 0.001, math.nan, math.inf, "2", True])
def test_a_window_not_allowed_is_refused_saying_what_is(tmp_path: Path, window: object) -> None:
    with pytest.raises(WindowError, match=r"allowed: 0 to 50 ms"):
        Writer(lambda batch: asyncio.sleep(0, [None] * len(batch)), window=window)  # type: ignore[arg-type]
    with pytest.raises(WindowError, match=r"allowed: 0 to 50 ms"):
        Store(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}", commit_window=window)  # type: ignore[arg-type]
    with pytest.raises(WindowError, match=r"allowed: 0 to 50 ms"):
        create_app(database_url=f"sqlite:///{tmp_path / 'room.db'}", commit_window=window)  # type: ignore[arg-type]
    assert not (tmp_path / "room.db").exists()


@pytest.mark.parametrize("milliseconds", ["-1", "50.5", "nan", "inf"])
def test_serve_refuses_a_commit_window_not_allowed(milliseconds: str) -> None:
    result = CliRunner().invoke(command_line, ["serve", "--commit-window-ms", milliseconds])
    assert result.exit_code == 2
    assert (f"--commit-window-ms {float(milliseconds):g} is not allowed; allowed: 0 (no window) to 50 milliseconds"
            in " ".join(result.output.split()))


def test_serves_default_window_is_the_rooms() -> None:
    """``academie serve --help`` says the default the server uses."""
    result = CliRunner().invoke(command_line, ["serve", "--help"], terminal_width=200)
    assert result.exit_code == 0
    assert f"(default: {WINDOW * 1000:g} ms; 0: none; at most {WINDOW_MOST * 1000:g})" in " ".join(
        result.output.replace("│", " ").split())
