"""The ratings of the card room's accounts, kept in its database (issue 32): the update when a rated table ends
or is abandoned, and what a player's page and a leaderboard read. The arithmetic is :mod:`academie.room.ratings`.

**When a table is rated.** Only a table created rated (``room_tables.rated``) whose every player's seat is held
by an account (``room_seats.account_id``) at the moment it is rated; its bots take part with their fixed ratings
(:func:`academie.room.ratings.bot_rating`). A seat a guest holds leaves the whole table unrated: a rating moves
only between account holders.

**Abandoned.** A player abandons a rated game when, the game begun (an action stored) and not over, his seat
stops being his: he leaves it (``POST .../leave``) or its creator hands it, his player away, to a bot or opens it
to anyone. The table is rated at that moment: his side last, every other side tied first. Its game may go on,
but it has been rated. A seat a bot plays for an absent player (the table's takeover, or a decision whose time
ran out) still belongs to him: the partie's result is his.

**Exactly once.** Each table is rated once, whichever of several server processes sees its end: the ratings and
their history rows are written in one transaction, and the history's ``UNIQUE(table_id, account_id)``
(migration 0007) refuses a second rating of the same table, whose transaction then changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from academie.games import GAMES, load
from academie.room.ratings import (
    NEW,
    Rating,
    RatingError,
    bot_rating,
    final_ranks,
    ranks_after_abandon,
    rate_teams,
    side_of,
)
from academie.room.store import FINISHED, Store, _table_row, accounts, now, rating_history, ratings, seats, tables
from academie.room.tables import apply_log, new_state

log = logging.getLogger("academie.room")
GAMES_SHOWN = 50
"""The games a player's page lists (the newest)."""
LEADERS = 100
"""The players a leaderboard lists."""


_LOCKS: weakref.WeakKeyDictionary[Store, asyncio.Lock] = weakref.WeakKeyDictionary()
"""One rating written at a time in a process (two tables of one player ending together would otherwise read the
same rating before either writes it; between processes, PostgreSQL's row locks do that)."""


def name_key(name: str) -> str:
    """An account's name as the room compares names (Unicode NFC, case-folded): ``room_accounts.name_key``."""
    return unicodedata.normalize("NFC", name).casefold()


@dataclass(frozen=True, slots=True)
class Entrant:
    """A seat of a rated table: its account, or its bot (exactly one)."""

    seat: int
    account: int | None
    bot: str | None


async def _entrants(connection: AsyncConnection, table_id: str, *,
                    abandoned: Entrant | None = None) -> tuple[Any, list[Entrant]] | None:
    """The rated table ``table_id`` and its seats, or None when it is not to be rated (not rated, a guest's seat,
    no account, or already rated); ``abandoned``: a seat's account as it was before he left it (the seat is open,
    or a bot's, by now)."""
    row = (await connection.execute(tables.select().where(tables.c.id == table_id))).first()
    if row is None or not row.rated or row.game not in GAMES:
        return None
    found = [Entrant(seat.seat, seat.account_id, seat.bot) for seat in await connection.execute(
        seats.select().where(seats.c.table_id == table_id).order_by(seats.c.seat))]
    if abandoned is not None:
        found = [abandoned if entrant.seat == abandoned.seat else entrant for entrant in found]
    if any(entrant.account is None and entrant.bot is None for entrant in found):
        return None
    if not any(entrant.account is not None for entrant in found):
        return None
    done = await connection.execute(sa.select(rating_history.c.id).where(rating_history.c.table_id == table_id)
                                    .limit(1))
    return None if done.first() is not None else (row, found)


async def _write(store: Store, table_id: str, game: str, found: Sequence[Entrant], ranks: Sequence[int],
                 at: str) -> bool:
    """Rate the seats ``found`` of a partie ranked ``ranks`` at ``game`` (partners as one team) and keep it."""
    partnerships = load(game).partnerships
    sides = sorted({side_of(entrant.seat, partnerships=partnerships) for entrant in found})
    teams = [[entrant for entrant in found if side_of(entrant.seat, partnerships=partnerships) == side]
             for side in sides]
    if any(len({ranks[entrant.seat] for entrant in team}) != 1 for team in teams):
        raise RatingError(f"partners ranked apart ({list(ranks)}); allowed: one rank per partnership")
    return await _write_teams(store, table_id, game, teams, [ranks[team[0].seat] for team in teams], at)


async def _write_teams(store: Store, key: str, game: str, teams: Sequence[Sequence[Entrant]], ranks: Sequence[int],
                       at: str) -> bool:
    """Rate ``teams`` ranked ``ranks`` at ``game`` and keep it under ``key`` (a table's id, or an event's), in one
    transaction (False: another process rated it first; nothing changed)."""
    people = [entrant.account for team in teams for entrant in team if entrant.account is not None]
    lock = _LOCKS.setdefault(store, asyncio.Lock())
    try:
        async with lock, store.engine.begin() as connection:
            query = ratings.select().where(ratings.c.game == game, ratings.c.account_id.in_(people))
            if not store.is_sqlite:
                query = query.with_for_update()
            before = {row.account_id: row for row in await connection.execute(query)}
            current = [[bot_rating(game, entrant.bot) if entrant.bot is not None else
                        (Rating(before[entrant.account].mu, before[entrant.account].sigma)
                         if entrant.account in before else NEW) for entrant in team] for team in teams]
            bots = {(index, member) for index, team in enumerate(teams)
                    for member, entrant in enumerate(team) if entrant.bot is not None}
            after = rate_teams(current, ranks, fixed=bots)
            changed = [(entrant.account, after[index][member]) for index, team in enumerate(teams)
                       for member, entrant in enumerate(team) if entrant.account is not None]
            await connection.execute(rating_history.insert(), [
                {"account_id": account, "game": game, "table_id": key, "mu": new.mu, "sigma": new.sigma,
                 "at": at} for account, new in changed])
            insert = sqlite_insert if store.is_sqlite else postgresql_insert
            for account, new in changed:
                games = before[account].games + 1 if account in before else 1
                statement = insert(ratings).values(account_id=account, game=game, mu=new.mu, sigma=new.sigma,
                                                   games=games, updated=at)
                await connection.execute(statement.on_conflict_do_update(
                    index_elements=[ratings.c.account_id, ratings.c.game],
                    set_={"mu": new.mu, "sigma": new.sigma, "games": games, "updated": at}))
    except IntegrityError:
        return False
    return True


def event_key(event_id: str) -> str:
    """What an event's ratings are kept under in the rating history (a table's are kept under its id)."""
    return f"event:{event_id}"


async def rate_event(store: Store, event_id: str, game: str, teams: Sequence[Sequence[Entrant]],
                     ranks: Sequence[int], *, at: str | None = None) -> bool:
    """Rate a rated duplicate event's entrants (``teams``: each entrant's players, a bot among them at its fixed
    rating) ranked ``ranks`` by the event's final standing, as one match of many teams, once (True: rated now;
    False: rated before, by this process or another, or no account to rate)."""
    if not any(entrant.account is not None for team in teams for entrant in team) or len(teams) < 2:
        return False
    async with store.engine.connect() as connection:
        done = await connection.execute(sa.select(rating_history.c.id).where(
            rating_history.c.table_id == event_key(event_id)).limit(1))
        if done.first() is not None:
            return False
    return await _write_teams(store, event_key(event_id), game, teams, ranks, at or now())


async def rate_finished(store: Store, table_id: str) -> bool:
    """Rate the finished table ``table_id`` if it is to be rated and was not yet (True: rated now)."""
    async with store.engine.connect() as connection:
        found = await _entrants(connection, table_id)
    if found is None:
        return False
    row, entrants = found
    if row.status != FINISHED:
        return False
    game = load(row.game)
    state = new_state(game, _table_row(row))
    apply_log(state, 0, await store.actions(table_id), {}, table_id)
    if not state.is_terminal:
        return False
    return await _write(store, table_id, row.game, entrants, final_ranks(state, partnerships=game.partnerships),
                        row.finished or now())


async def seat_account(store: Store, table_id: str, seat: int) -> int | None:
    """The account holding ``seat`` of ``table_id`` now (None: a guest, a bot, an open seat)."""
    async with store.engine.connect() as connection:
        found = await connection.execute(sa.select(seats.c.account_id).where(
            seats.c.table_id == table_id, seats.c.seat == seat))
        return found.scalar()


async def rate_abandoned(store: Store, table_id: str, seat: int, account: int | None) -> bool:
    """``account`` has abandoned ``seat`` of ``table_id`` (its game begun, not over): rate the table now, his side
    last (True: rated now; False: not a rated table of accounts, or rated already)."""
    if account is None:
        return False
    async with store.engine.connect() as connection:
        found = await _entrants(connection, table_id, abandoned=Entrant(seat, account, None))
    if found is None:
        return False
    row, entrants = found
    ranks = ranks_after_abandon(len(entrants), {seat}, partnerships=load(row.game).partnerships)
    return await _write(store, table_id, row.game, entrants, ranks, now())


class Standings:
    """Rates the tables of one server process as they end, in the background (the action that ends a game is
    answered without waiting for it)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tasks: set[asyncio.Task[bool]] = set()

    def after_game(self, table_id: str) -> None:
        """A table's game has just ended: rate it (once; nothing if it is not a rated table of accounts)."""
        task = asyncio.get_running_loop().create_task(self._rate(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rate(self, table_id: str) -> bool:
        try:
            return await rate_finished(self.store, table_id)
        except Exception:
            log.exception("table %s: its ratings could not be updated", table_id)
            return False

    async def catch_up(self, *, most: int = 1000) -> int:
        """Rate the finished rated tables that have no rating yet (a process stopped between a game's end and its
        rating): at start-up, the oldest first, at most ``most``; how many were rated now."""
        rated = sa.select(rating_history.c.id).where(rating_history.c.table_id == tables.c.id).exists()
        query = (sa.select(tables.c.id).where(tables.c.rated, tables.c.status == FINISHED, ~rated)
                 .order_by(tables.c.finished).limit(most))
        async with self.store.engine.connect() as connection:
            waiting = list((await connection.execute(query)).scalars())
        return sum([await self._rate(table_id) for table_id in waiting])

    async def idle(self) -> None:
        """Wait for the ratings being written (tests, and the server's shutdown)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


async def account_named(store: Store, name: str) -> Any | None:
    """The account of ``name`` (compared as the room compares names), or None (also for a deleted account)."""
    async with store.engine.connect() as connection:
        found = await connection.execute(accounts.select().where(accounts.c.name_key == name_key(name),
                                                                 accounts.c.name.is_not(None)))
        return found.first()
