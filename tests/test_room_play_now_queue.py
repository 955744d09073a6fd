"""The "play now" queue (issue 32) on a real database, SQLite and PostgreSQL: players seated by rating (account
holders at their rating in ``room_ratings``, guests at the default) within a window that widens with the wait;
and seating that is atomic across processes: two queues on one database matching at once, and two real server
processes on one PostgreSQL cluster, never seat one ticket twice nor make a table for a ticket seated
elsewhere."""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from room_support import Server

from academie.room.hub import Room
from academie.room.matchmaking import DEFAULT_RATING, Matchmaker, QueueSettings, window
from academie.room.store import Store, queue, ratings, seats, tables
from academie.room.workers import Workers


@dataclass(frozen=True)
class Holder:
    """An account holder as the accounts module gives him."""

    id: int
    name: str


@dataclass
class Clock:
    """The queue's clock, moved by the test (seconds since the epoch)."""

    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
    else:
        yield str(request.getfixturevalue("cluster"))


async def _rated(store: Store, mus: dict[int, float], game: str) -> None:
    async with store.engine.begin() as connection:
        await connection.execute(ratings.insert(), [
            {"account_id": account, "game": game, "mu": mu, "sigma": 3.0, "games": 10, "updated": "2026-12-05"}
            for account, mu in mus.items()])


async def _tables_of(store: Store) -> dict[str, list[float]]:
    """The tables the queue made: each one's seated ratings, by seat."""
    query = sa.select(queue.c.table_id, queue.c.seat, queue.c.rating).where(queue.c.table_id.is_not(None))
    async with store.engine.connect() as connection:
        rows = sorted((await connection.execute(query)).all(), key=lambda row: (row.table_id, row.seat))
    return {table: [row.rating for row in group] for table, group in itertools.groupby(rows, lambda row: row.table_id)}


def test_the_window_widens_with_the_wait() -> None:
    assert window(0.0) == 2.0 and window(10.0) == 4.5 and window(60.0) == 17.0
    assert window(-5.0) == window(0.0)  # a clock set back narrows nothing below the start


def test_four_whist_players_of_each_strength_are_seated_by_rating_once_the_window_reaches_them(database: str) -> None:
    """Eight account holders join the Whist queue, strong and weak in turn: at first no four are within each
    other's windows (13 is 3 from 10, more than 2); ten seconds later (4.5) the four weak and the four strong
    make two tables, never mixed."""
    mus = {1: 40.0, 2: 10.0, 3: 41.0, 4: 11.0, 5: 42.0, 6: 12.0, 7: 43.0, 8: 13.0}

    async def scenario() -> tuple[list[str], dict[str, list[float]], list[dict[str, Any]]]:
        store, clock = Store(database), Clock()
        await store.migrate()
        await _rated(store, mus, "whist")
        matchmaker = Matchmaker(Room(store, Workers(processes=1)), clock=clock)
        try:
            answers = [await matchmaker.join(game_name="whist", players=4, name=None,
                                             holder=Holder(account, f"P{account}"), lang="en") for account in mus]
            early = [answer["state"] for answer in answers]
            assert [answer["rating"] for answer in answers] == list(mus.values())
            clock.now += 10.0
            later = [await matchmaker.status(str(answer["ticket"]), "en") for answer in answers]
            return early, await _tables_of(store), later
        finally:
            await store.close()

    early, made, later = asyncio.run(scenario())
    assert early == ["waiting"] * 8
    assert sorted(sorted(group) for group in made.values()) == [[10.0, 11.0, 12.0, 13.0], [40.0, 41.0, 42.0, 43.0]]
    assert {answer["table"] for answer in later} == set(made)
    names = [answer["url"] for answer in later]
    assert len(set(names)) == 8 and all("token=" in url for url in names)


def test_a_guest_and_a_new_account_holder_wait_at_the_default_rating(database: str) -> None:
    async def scenario() -> list[float]:
        store = Store(database)
        await store.migrate()
        await _rated(store, {7: 31.5}, "ecarte")
        matchmaker = Matchmaker(Room(store, Workers(processes=1)))
        try:
            return [float(str((await matchmaker.join(game_name="quinze", players=5, name=name, holder=holder,
                                                     lang="en"))["rating"]))
                    for name, holder in (("Guest", None), (None, Holder(7, "Rated in écarté only")))]
        finally:
            await store.close()

    assert asyncio.run(scenario()) == [DEFAULT_RATING, DEFAULT_RATING]


def test_two_queues_on_one_database_matching_at_once_seat_each_ticket_once(database: str) -> None:
    """Two processes' queues (two stores, two rooms) on one database match the same 24 Écarté tickets at the same
    moment, again and again: every ticket is seated once, each table made holds two of them, and no table was
    made for a ticket the other seated (a lost claim undoes its table)."""

    async def scenario() -> tuple[dict[str, list[float]], int, int, list[list[str]]]:
        first, second = Store(database), Store(database)
        await first.migrate()
        clock = Clock()
        queues = [Matchmaker(Room(store, Workers(processes=1)), clock=clock,
                             settings=QueueSettings(expires=3600.0)) for store in (first, second)]
        try:
            async with first.engine.begin() as connection:
                await connection.execute(queue.insert(), [
                    {"ticket": f"{number:064x}", "game": "ecarte", "players": 2, "account_id": None, "name": "",
                     "rating": DEFAULT_RATING, "joined": clock.now, "seen": clock.now} for number in range(24)])
            made: list[list[str]] = []
            for _ in range(6):
                made += await asyncio.gather(*(matchmaker.match("ecarte", 2) for matchmaker in queues))
            async with first.engine.connect() as connection:
                stored = (await connection.execute(sa.select(sa.func.count()).select_from(tables))).scalar_one()
                seated = (await connection.execute(sa.select(sa.func.count()).select_from(seats))).scalar_one()
            return await _tables_of(first), stored, seated, made
        finally:
            await first.close()
            await second.close()

    tables_made, stored, seated, made = asyncio.run(scenario())
    assert len(tables_made) == 12 and all(len(group) == 2 for group in tables_made.values())
    assert stored == 12 and seated == 24  # no table was left behind by a claim another process won
    told = [table for tables_ in made for table in tables_]
    assert sorted(told) == sorted(tables_made)  # each table made is made by one queue, once


def _ask(server: Server, path: str, method: str = "GET", body: dict[str, Any] | None = None) -> Any:
    response = httpx.request(method, server.base + path, json=body, timeout=60)
    assert response.status_code == 200, response.text
    return response.json()


def test_two_server_processes_on_one_postgresql_never_seat_a_ticket_twice(cluster: str, tmp_path: Path) -> None:
    """24 players press "play now" for Whist at once, half through each of two server processes on one
    PostgreSQL, then every page asks for its ticket through both: each ticket has one seat, the same whichever
    process answers, and the six tables made hold four tickets each."""
    first = Server(tmp_path, db=cluster).start()
    try:
        second = Server(tmp_path, db=cluster).start()
        try:
            servers = [first, second] * 12
            with ThreadPoolExecutor(12) as pool:
                joined = list(pool.map(lambda server: _ask(server, "/api/queue", "POST", {"game": "whist"}),
                                       servers))
                tickets = [answer["ticket"] for answer in joined]
                asked = list(pool.map(lambda pair: _ask(pair[0], f"/api/queue/{pair[1]}"),
                                      [(server, ticket) for ticket in tickets for server in (first, second)]))
        finally:
            second.stop()
    finally:
        first.stop()
    places = {}
    for index, answer in enumerate(asked):
        assert answer["state"] == "seated", answer
        place = (answer["table"], answer["seat"], answer["url"])
        assert places.setdefault(tickets[index // 2], place) == place  # both processes tell the same seat
    by_table = Counter(table for table, _, _ in places.values())
    assert len(places) == 24 and len(by_table) == 6 and set(by_table.values()) == {4}
    assert len({(table, seat) for table, seat, _ in places.values()}) == 24
