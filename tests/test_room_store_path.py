"""The database path of an action (issue 33): a batch of the log's actions alone is written straight through the
driver (sqlite3's ``executemany`` on a connection the writer holds; on PostgreSQL one statement, with its notices,
on the writer's own connection), and keeps the store's promises: each action acknowledged only once committed, an
action whose number is taken refused alone (:class:`SeqTaken`) while the others of its batch are committed, every
table's status the one after its last action, the notices sent when (and only when) the batch commits, and a lost
connection costing a retry, never an action."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]
import pytest

from academie.room.notify import CHANNEL, asyncpg_dsn, notices_from
from academie.room.store import FINISHED, PLAYING, WRITER, ActionRow, SeatRow, SeqTaken, Store, TableRow
from academie.room.writer import transient

TABLES = 12


def _table(table_id: str) -> TableRow:
    return TableRow(id=table_id, game="ecarte", options={}, seed=7, players=2, mode="enforced", takeover=None,
                    takeover_after=30.0, status="waiting", result="*", created="2026-01-01T00:00:00")


async def _tables(store: Store) -> list[str]:
    ids = [f"path{number}" for number in range(TABLES)]
    for table_id in ids:
        assert await store.create(_table(table_id), [SeatRow(seat, None, None, None) for seat in range(2)])
    return ids


async def _together(store: Store, ids: list[str], seq: int, *, taken: str | None = None) -> list[object]:
    """One action at each table, all at once (one batch); the table ``taken`` repeats action 1 instead."""
    return await asyncio.gather(*(
        store.append(table_id, ActionRow(1 if table_id == taken else seq, seq % 2, f"play {seq}", None, 1.5e9 + seq,
                                         None),
                     status=FINISHED if seq == 3 else PLAYING, result="1-0" if seq == 3 else "*",
                     finished="2026-01-01T00:01:00" if seq == 3 else None)
        for table_id in ids), return_exceptions=True)


async def _check_batches(store: Store) -> None:
    ids = await _tables(store)
    assert await _together(store, ids, 1) == [None] * TABLES
    answers = await _together(store, ids, 2, taken=ids[5])
    assert [type(answer) for answer in answers] == [type(None)] * 5 + [SeqTaken] + [type(None)] * (TABLES - 6)
    assert await _together(store, ids[:5], 3) == [None] * 5
    for index, table_id in enumerate(ids):
        stored = await store.actions(table_id)
        expected = [1] if index == 5 else [1, 2, 3] if index < 5 else [1, 2]
        assert [row.seq for row in stored] == expected
        assert stored[-1] == ActionRow(expected[-1], expected[-1] % 2, f"play {expected[-1]}", None,
                                       1.5e9 + expected[-1], None)
        table = await store.table(table_id)
        assert table is not None
        assert (table.status, table.result) == ((FINISHED, "1-0") if index < 5 else (PLAYING, "*"))
        assert table.finished == ("2026-01-01T00:01:00" if index < 5 else None)


def test_sqlite_commits_a_batch_of_actions_and_refuses_a_taken_number_alone(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}")
        await store.migrate()
        try:
            await _check_batches(store)
        finally:
            await store.close()

    asyncio.run(scenario())


def test_postgresql_commits_a_batch_in_one_statement_with_its_notices(cluster: str) -> None:
    """The batch's notices are heard once each, in order, and not for the action refused (its batch is written again
    without it); the writer's connection killed by the server is replaced, and the next actions are committed."""

    async def scenario() -> None:
        store = Store(cluster, notice=notices_from("writer"))
        await store.migrate()
        heard: list[str] = []
        listener = await asyncpg.connect(**asyncpg_dsn(cluster))
        await listener.add_listener(CHANNEL, lambda _c, _p, _ch, payload: heard.append(payload))
        try:
            await _check_batches(store)
            await asyncio.sleep(0.5)
            told = [payload.partition("\n")[0] for payload in heard]
            assert told == [f"path{n}:action:writer" for seq in (1, 2, 3) for n in range(TABLES if seq < 3 else 5)
                            if not (seq == 2 and n == 5)]
            assert heard[0].partition("\n")[2] == f'[1,1,"play 1",null,{1.5e9 + 1},null]'
            writer = f"{WRITER}:{os.getpid()}"
            backends = "SELECT pid FROM pg_stat_activity WHERE application_name = $1"
            killed = await listener.fetchval(backends, writer)
            assert await listener.fetchval("SELECT pg_terminate_backend($1)", killed)
            await asyncio.sleep(0.2)
            ids = [f"path{number}" for number in range(6, TABLES)]
            assert await _together(store, ids, 3) == [None] * len(ids)  # after a retry, on a new connection
            for table_id in ids:
                assert [row.seq for row in await store.actions(table_id)] == [1, 2, 3]
            assert [row["pid"] for row in await listener.fetch(backends, writer)] not in ([], [killed])
        finally:
            await listener.close()
            await store.close()

    asyncio.run(scenario())


def test_the_drivers_own_errors_are_told_apart_as_through_sqlalchemy(tmp_path: Path) -> None:
    """A busy SQLite and a PostgreSQL connection lost, a deadlock or a serialisation failure pass (the write is
    tried again); a refused insert does not (its caller is told)."""
    holder = sqlite3.connect(tmp_path / "busy.db", isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN IMMEDIATE")
    other = sqlite3.connect(tmp_path / "busy.db", timeout=0)
    with pytest.raises(sqlite3.OperationalError) as busy:
        other.execute("INSERT INTO t VALUES (1)")
    holder.rollback()
    assert transient(busy.value)
    unique = sqlite3.connect(":memory:")
    unique.execute("CREATE TABLE t (x UNIQUE)")
    unique.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(sqlite3.IntegrityError) as refused:
        unique.execute("INSERT INTO t VALUES (1)")
    assert not transient(refused.value)
    for passing in (asyncpg.ConnectionDoesNotExistError("gone"), asyncpg.DeadlockDetectedError("deadlock"),
                    asyncpg.SerializationError("serialisation"), ConnectionError("lost")):
        assert transient(passing), passing
    assert not transient(asyncpg.UniqueViolationError("duplicate"))
    assert not transient(ValueError("not the database's"))
