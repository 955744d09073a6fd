"""Accounts and rated tables for the ratings' tests, made through a real card room's API (an account created and
logged in, a table created rated, its seats joined by logged-in players); the few states the API cannot make
(a state the room refuses, or one a process stopped at the wrong moment leaves) written straight into its database
(SQLite or PostgreSQL), each helper saying which."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
import sqlalchemy as sa
from room_support import Server
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

from academie.room.standings import name_key
from academie.room.store import accounts, rating_history, ratings, seats

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


@dataclass(frozen=True, slots=True)
class Player:
    """A logged-in account holder in a browser of his own: its cookies hold his session, ``csrf`` its token."""

    client: httpx.Client
    name: str
    id: int
    csrf: str
    password: str

    def post(self, path: str, body: Mapping[str, Any] | None = None) -> Any:
        """A change as the pages make it: the session's cookie and its CSRF token; the answer, which must be 200."""
        answer = self.client.post(path, json=body, headers={"X-CSRF-Token": self.csrf})
        assert answer.status_code == 200, answer.text
        return answer.json()


def sign_up(server: Server, name: str) -> Player:
    """A new account named ``name``, created through ``POST /api/accounts`` and logged in."""
    client = httpx.Client(base_url=server.base, timeout=30)
    password = "pw-" + secrets.token_hex(8)
    answer = client.post("/api/accounts", json={"name": name, "password": password})
    assert answer.status_code == 200, answer.text
    return Player(client, name, int(client.get("/api/account").json()["id"]), answer.json()["csrf"], password)


def rated_table(creator: Player, body: Mapping[str, Any], *, others: Mapping[int, Player] | None = None,
                rated: bool = True) -> tuple[dict[str, Any], dict[int, str]]:
    """A table created ``rated: true`` (``rated=False``: created unrated, its seats held by accounts all the same)
    by ``creator`` (who sits at its first seat) from ``body``; each seat of ``others`` left open and joined by its
    logged-in player. The creation's answer and each seat's token."""
    joiners = others or {}
    created = creator.post("/api/tables", {**body, "rated": rated,
                                           "access": {str(seat): "open" for seat in joiners}})
    table = created["table"]
    tokens = {int(seat): data["token"] for seat, data in created["seats"].items() if data.get("token")}
    for seat, player in joiners.items():
        tokens[seat] = player.post(f"/api/tables/{table}/join", {"seat": seat, "name": player.name})["token"]
    return created, tokens


def forget_seat_account(url: str, table: str, seat: int) -> None:
    """The seat ``seat`` of ``table`` held by no account any more, written straight into the database."""

    async def update(connection: AsyncConnection) -> None:
        await connection.execute(seats.update().where(seats.c.table_id == table, seats.c.seat == seat)
                                 .values(account_id=None))

    on_database(url, update)


def rename_account(url: str, account: int, name: str) -> None:
    """The account ``account`` named ``name`` (and found by it), written straight into the database."""

    async def update(connection: AsyncConnection) -> None:
        await connection.execute(accounts.update().where(accounts.c.id == account)
                                 .values(name=name, name_key=name_key(name)))

    on_database(url, update)


def forget_rating(url: str, table: str) -> None:
    """The ratings written when ``table`` ended undone: its history rows and its players' ratings deleted."""

    async def delete(connection: AsyncConnection) -> None:
        rows = list(await connection.execute(rating_history.select().where(rating_history.c.table_id == table)))
        await connection.execute(rating_history.delete().where(rating_history.c.table_id == table))
        for row in rows:
            await connection.execute(ratings.delete().where(ratings.c.account_id == row.account_id,
                                                            ratings.c.game == row.game))

    on_database(url, delete)


def history_of(url: str, table: str) -> list[Any]:
    """The rating history rows of ``table``."""

    async def select(connection: AsyncConnection) -> list[Any]:
        return list(await connection.execute(rating_history.select().where(rating_history.c.table_id == table)
                                             .order_by(rating_history.c.account_id)))

    return on_database(url, select)


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
