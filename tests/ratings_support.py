"""Accounts, rated tables and seats held by accounts, written straight into a card room's database (SQLite or
PostgreSQL) for the ratings' tests, as the room's accounts would write them."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

from academie.room.standings import name_key
from academie.room.store import accounts, rating_history, seats, tables

T = TypeVar("T")


def in_thread(work: Callable[[], Awaitable[T]]) -> T:
    """Run the coroutine ``work()`` to its end in a thread of its own (a browser test's thread already runs
    Playwright's event loop)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(lambda: asyncio.run(work())).result()


def on_database(url: str, work: Callable[[AsyncConnection], Awaitable[T]]) -> T:
    """``work`` in one transaction on the database at ``url`` (the room's asynchronous URL)."""

    async def run() -> T:
        engine = create_async_engine(url)
        try:
            async with engine.begin() as connection:
                return await work(connection)
        finally:
            await engine.dispose()

    return in_thread(run)


def new_account(url: str, name: str) -> int:
    """An account named ``name`` (no password: the ratings' tests never log in)."""

    async def insert(connection: AsyncConnection) -> int:
        found = await connection.execute(accounts.insert().values(
            name=name, name_key=name_key(name), password=None, created="2026-12-05T00:00:00+00:00")
            .returning(accounts.c.id))
        return int(found.scalar_one())

    return on_database(url, insert)


def rated_table(url: str, table: str, holders: dict[int, int]) -> None:
    """Make ``table`` rated, each seat of ``holders`` held by its account."""

    async def update(connection: AsyncConnection) -> None:
        await connection.execute(tables.update().where(tables.c.id == table).values(rated=True))
        for seat, account in holders.items():
            await connection.execute(seats.update().where(seats.c.table_id == table, seats.c.seat == seat)
                                     .values(account_id=account))

    on_database(url, update)


def history_of(url: str, table: str) -> list[Any]:
    """The rating history rows of ``table``."""

    async def select(connection: AsyncConnection) -> list[Any]:
        return list(await connection.execute(rating_history.select().where(rating_history.c.table_id == table)
                                             .order_by(rating_history.c.account_id)))

    return on_database(url, select)


def delete_account(url: str, account: int) -> None:
    """Delete an account as the room does: its row kept, its name cleared."""

    async def update(connection: AsyncConnection) -> None:
        await connection.execute(accounts.update().where(accounts.c.id == account).values(
            name=None, name_key=None, deleted="2026-12-05T00:00:00+00:00"))

    on_database(url, update)


def until(check: Callable[[], T | None], *, seconds: float = 20.0) -> T:
    """The first true answer of ``check``, asked every tenth of a second (the ratings are written in the
    background once a game ends)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = check()
        if answer:
            return answer
        time.sleep(0.1)
    raise AssertionError(f"no answer in {seconds} s")


def count(url: str, table: sa.Table) -> int:
    async def select(connection: AsyncConnection) -> int:
        return int((await connection.execute(sa.select(sa.func.count()).select_from(table))).scalar_one())

    return on_database(url, select)
