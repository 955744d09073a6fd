"""Finding a game (issue 32): "play now" for a game and a table size puts a player in the queue, where players of
similar rating are seated together; after a wait he may fill the empty seats with bots; the open seats of tables
already waiting for players are offered beside the queue.

The queue lives in the database (``room_queue``), so that every server process shares it. A waiting player holds
a ticket (a secret given to his page alone; the room keeps its SHA-256). His page asks for the ticket every
second or so: each time the ticket is marked seen, the queue of its game and size is matched, and the page is
told where it stands (how long it has waited, how many wait with it, the open seats it may take) or, once a table
is made, the link of its seat. A ticket whose page has not asked for :attr:`QueueSettings.expires` seconds has left
(its page was closed).

Seating is atomic across processes: a table is made in one transaction that claims each ticket it seats with
``UPDATE ... WHERE table_id IS NULL`` (tickets claimed in the order of their ids, so that two processes never
wait on each other), and inserts the table and its seats; if any ticket was claimed meanwhile by another process,
the whole transaction is undone and nothing is made. A ticket is seated at most once.

The window of ratings (:func:`window`): a player accepts anyone whose rating is within ``WINDOW_BASE`` of his own,
widened by ``WINDOW_PER_SECOND`` for each second he has waited; two players are seated together only when each
is within the other's window, so a newcomer is not thrown at once to a much stronger player, and a long wait
brings anyone in.
"""

from __future__ import annotations

import bisect
import importlib
import math
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from academie.games import GameType
from academie.room.hub import MAX_SEED, Room, RoomError, digest, seat_url, token
from academie.room.store import OPEN, WAITING, SeatRow, TableRow, insert_table, now, queue, ratings, seats, tables
from academie.room.tables import room_words, status_of
from academie.words import Words

DEFAULT_RATING: Final = 25.0
"""The rating of a guest, and of an account holder who has no rating in the game yet (OpenSkill's mean)."""
WINDOW_BASE: Final = 2.0
"""The ratings a player accepts at once: within this of his own."""
WINDOW_PER_SECOND: Final = 0.25
"""How much the window widens for each second of waiting (after 30 s: 9.5; after a minute: 17)."""
OFFERED: Final = 5
"""The open seats of waiting tables offered to a waiting player, at most."""
TAKEOVER_AFTER: Final = 60.0
"""A table made by the queue: how long a seat's player may be away before its takeover bot plays for him (a
player who never comes does not hold the others)."""
SEATED_KEPT: Final = 3600.0
"""A seated ticket is kept this long after it joined (its page may be reloaded and find its seat again)."""


@dataclass(frozen=True, slots=True)
class QueueSettings:
    """How the queue waits: ``bots_after`` seconds before a player may fill the empty seats with bots;
    ``expires``: a ticket whose page has not asked for it for this long has left the queue."""

    bots_after: float = 30.0
    expires: float = 10.0


@dataclass(frozen=True, slots=True)
class Waiting:
    """A ticket in the queue, as stored (``ticket``: the SHA-256 of the secret its page holds)."""

    id: int
    ticket: str
    game: str
    players: int
    account_id: int | None
    name: str
    rating: float
    joined: float
    table_id: str | None = None
    seat: int | None = None


class Holder(Protocol):
    """An account holder, as the accounts module gives him (:func:`account_of`)."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...


def window(waited: float) -> float:
    """The ratings a player who has waited ``waited`` seconds accepts: within this much of his own.

    >>> window(0.0), window(30.0)
    (2.0, 9.5)
    """
    return WINDOW_BASE + WINDOW_PER_SECOND * max(0.0, waited)


def _suits(one: Waiting, other: Waiting, at: float) -> bool:
    """Whether two waiting players may sit together now: each within the other's window."""
    gap = abs(one.rating - other.rating)
    return gap <= window(at - one.joined) and gap <= window(at - other.joined)


def group_for(first: Waiting, waiting: Sequence[Waiting], *, size: int, at: float) -> list[Waiting]:
    """``first`` and up to ``size - 1`` others of ``waiting`` who may all sit together with him at ``at``: the
    nearest to his rating first (the longest waiting first among equals), each within the window of every one
    already chosen; ``first`` comes first, the others in the order they joined.

    >>> a, b, c = (Waiting(n, "", "ecarte", 2, None, "", r, 0.0) for n, r in ((1, 25.0), (2, 40.0), (3, 26.0)))
    >>> [w.id for w in group_for(a, [a, b, c], size=2, at=0.0)]
    [1, 3]
    """
    reach = window(at - first.joined)
    others = sorted((w for w in waiting if w.id != first.id and abs(w.rating - first.rating) <= reach),
                    key=lambda w: (abs(w.rating - first.rating), w.joined, w.id))
    chosen = [first]
    for candidate in others:
        if len(chosen) == size:
            break
        if all(_suits(candidate, member, at) for member in chosen):
            chosen.append(candidate)
    return [first, *sorted(chosen[1:], key=lambda w: (w.joined, w.id))]


def full_tables(waiting: Sequence[Waiting], *, size: int, at: float) -> list[list[Waiting]]:
    """The tables the queue of one game and size makes now: the longest waiting player first, with those who may
    sit with him (:func:`group_for`, among those within his window: found by bisection in the queue sorted by
    rating), as long as a whole table of ``size`` players is found."""
    by_rating = sorted(waiting, key=lambda w: (w.rating, w.id))
    ratings_ = [w.rating for w in by_rating]
    seated: set[int] = set()
    made: list[list[Waiting]] = []
    for first in sorted(waiting, key=lambda w: (w.joined, w.id)):
        if first.id in seated:
            continue
        reach = window(at - first.joined)
        near = by_rating[bisect.bisect_left(ratings_, first.rating - reach):
                         bisect.bisect_right(ratings_, first.rating + reach)]
        group = group_for(first, [w for w in near if w.id not in seated], size=size, at=at)
        if len(group) == size:
            made.append(group)
            seated.update(w.id for w in group)
    return made


def _waiting(row: Any) -> Waiting:
    return Waiting(row.id, row.ticket, row.game, row.players, row.account_id, row.name, float(row.rating),
                   float(row.joined), row.table_id, row.seat)


async def account_of(request: object) -> Holder | None:
    """The account holder who sends ``request`` (None: a guest). The accounts module answers it; a room without
    it has only guests."""
    try:
        accounts = importlib.import_module("academie.room.accounts")
    except ModuleNotFoundError:
        return None
    holder: Holder | None = await accounts.current_account(request)
    return holder


class Matchmaker:
    """The queue of one server process (the database holds it for all): ``clock`` gives seconds since the epoch
    (the room's clock; the tests give their own)."""

    def __init__(self, room: Room, *, settings: QueueSettings | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.room = room
        self.store = room.store
        self.settings = settings or QueueSettings()
        self.clock = clock

    # ------------------------------------------------------------------ asking
    async def join(self, *, game_name: str, players: int | None, name: str | None, holder: Holder | None,
                   lang: str) -> dict[str, object]:
        """Put a player in the queue of ``game_name`` for ``players``: his ticket, and where he stands. A guest
        waits under ``name`` (or none) at the default rating, an account holder under his name and rating."""
        w = room_words(lang)
        game = self.room._game(game_name, w)  # the room's own checks and words
        size = self.room._players(game, players, w)
        if holder is not None:
            shown, rating = holder.name, await self.rating(holder.id, game.name)
        else:
            shown = self.room._clean_name(name, w) if name else ""
            rating = DEFAULT_RATING
        secret = token()
        at = self.clock()
        async with self.store.engine.begin() as connection:
            await connection.execute(queue.insert().values(
                ticket=digest(secret), game=game.name, players=size, account_id=holder.id if holder else None,
                name=shown, rating=rating, joined=at, seen=at))
        return {"ticket": secret, **await self.status(secret, lang)}

    async def rating(self, account_id: int, game: str) -> float:
        """An account holder's rating in ``game`` (its mean, ``mu``), or :data:`DEFAULT_RATING` before his first
        rated game."""
        query = sa.select(ratings.c.mu).where(ratings.c.account_id == account_id, ratings.c.game == game)
        async with self.store.engine.connect() as connection:
            mu = (await connection.execute(query)).scalar()
        return DEFAULT_RATING if mu is None else float(mu)

    async def _ticket(self, secret: str, w: Words) -> Waiting:
        query = queue.select().where(queue.c.ticket == digest(secret))
        async with self.store.engine.connect() as connection:
            row = (await connection.execute(query)).first()
        if row is None:
            raise RoomError(404, w("There is no such ticket in the queue: it was left, or it expired when its page "
                                   "was closed."))
        return _waiting(row)

    async def status(self, secret: str, lang: str) -> dict[str, object]:
        """Where the ticket stands (its page asks every second or so, which keeps it in the queue): seated (the
        table, the seat and its link), or waiting (for how long, how many wait for the same table, whether the
        empty seats may be given to bots yet, the open seats of waiting tables)."""
        w = room_words(lang)
        at = self.clock()
        async with self.store.engine.begin() as connection:
            await connection.execute(queue.update().where(queue.c.ticket == digest(secret)).values(seen=at))
        ticket = await self._ticket(secret, w)
        if ticket.table_id is None:
            await self.match(ticket.game, ticket.players)
            ticket = await self._ticket(secret, w)
        return await self._answer(ticket, at)

    async def _answer(self, ticket: Waiting, at: float) -> dict[str, object]:
        answer: dict[str, object] = {"game": ticket.game, "players": ticket.players, "rating": ticket.rating,
                                     "waited": round(at - ticket.joined, 1)}
        if ticket.table_id is not None and ticket.seat is not None:
            return answer | {"state": "seated", **await self._place(ticket.table_id, ticket.seat)}
        waiting = await self._queue(ticket.game, ticket.players, at)
        left = max(0.0, ticket.joined + self.settings.bots_after - at)
        return answer | {"state": "waiting", "waiting": len(waiting), "bots_in": round(left, 1),
                         "bots_allowed": left == 0.0, "open_seats": await self.open_seats(ticket.game, ticket.players)}

    async def _place(self, table_id: str, seat: int) -> dict[str, object]:
        """A seated ticket's table and seat, with the seat's link while it holds one (else the table's, to
        watch)."""
        query = sa.select(seats.c.token).where(seats.c.table_id == table_id, seats.c.seat == seat)
        async with self.store.engine.connect() as connection:
            seat_token = (await connection.execute(query)).scalar()
        return {"table": table_id, "seat": seat,
                "url": seat_url(table_id, seat_token) if seat_token else f"/tables/{table_id}"}

    async def open_seats(self, game: str, players: int) -> list[dict[str, object]]:
        """The seats open to anyone at tables of ``game`` for ``players`` waiting for them, newest tables first (at
        most :data:`OFFERED`): ``{"table", "seat"}``, to take through ``POST /api/tables/{id}/join``."""
        query = (sa.select(seats.c.table_id, seats.c.seat).join(tables, tables.c.id == seats.c.table_id)
                 .where(tables.c.game == game, tables.c.players == players, tables.c.status == WAITING,
                        seats.c.token.is_(None), seats.c.bot.is_(None))
                 .order_by(tables.c.created.desc(), seats.c.seat).limit(OFFERED))
        async with self.store.engine.connect() as connection:
            return [{"table": row.table_id, "seat": row.seat, "state": OPEN} for row in await connection.execute(query)]

    async def leave(self, secret: str, lang: str) -> dict[str, object]:
        """Leave the queue (409 once the ticket is seated: its seat is the player's, to take or to leave)."""
        w = room_words(lang)
        ticket = await self._ticket(secret, w)
        async with self.store.engine.begin() as connection:
            gone = await connection.execute(queue.delete().where(queue.c.id == ticket.id, queue.c.table_id.is_(None)))
        if gone.rowcount != 1:
            raise RoomError(409, w("You were seated meanwhile: your seat is at table {table}.",
                                   table=(await self._ticket(secret, w)).table_id or ""))
        return {"left": True}

    async def fill_with_bots(self, secret: str, bot: object, lang: str) -> dict[str, object]:
        """After :attr:`QueueSettings.bots_after` seconds of waiting, the player sits down at once: with those waiting
        who may sit with him (:func:`group_for`), and bots of the level he chose in the seats left."""
        w = room_words(lang)
        ticket = await self._ticket(secret, w)
        game = self.room._game(ticket.game, w)
        if not isinstance(bot, str) or bot not in game.bots:
            raise RoomError(400, w("Unknown bot {bot}; the bots of this game: {bots}.", bot=str(bot)[:40],
                                   bots=", ".join(game.bots)))
        at = self.clock()
        if ticket.table_id is None:
            left = ticket.joined + self.settings.bots_after - at
            if left > 0:
                raise RoomError(409, w("The empty seats may be given to bots after {seconds} s of waiting: wait "
                                       "{left} s more.", seconds=f"{self.settings.bots_after:g}",
                                       left=max(1, math.ceil(left))))
            waiting = await self._queue(ticket.game, ticket.players, at)
            group = group_for(ticket, [w_ for w_ in waiting if w_.id != ticket.id], size=ticket.players, at=at)
            await self._seat(group, game, ticket.players, bot)
            ticket = await self._ticket(secret, w)
        return await self._answer(ticket, at)

    # ------------------------------------------------------------------ matching
    async def _queue(self, game: str, players: int, at: float) -> list[Waiting]:
        """The tickets of one game and size still waiting, whose pages asked lately (the others are let go)."""
        gone = at - self.settings.expires
        async with self.store.engine.begin() as connection:
            await connection.execute(queue.delete().where(queue.c.table_id.is_(None), queue.c.seen < gone))
            await connection.execute(queue.delete().where(queue.c.table_id.is_not(None),
                                                          queue.c.joined < at - SEATED_KEPT))
        query = (queue.select().where(queue.c.game == game, queue.c.players == players, queue.c.table_id.is_(None))
                 .order_by(queue.c.joined, queue.c.id))
        async with self.store.engine.connect() as connection:
            return [_waiting(row) for row in await connection.execute(query)]

    async def match(self, game_name: str, players: int) -> list[str]:
        """Seat every whole table the queue of ``game_name`` for ``players`` makes now; the tables made here."""
        game = self.room._game(game_name, room_words("en"))
        at = self.clock()
        made = []
        for group in full_tables(await self._queue(game.name, players, at), size=players, at=at):
            table_id = await self._seat(group, game, players, None)
            if table_id is not None:
                made.append(table_id)
        return made

    async def _seat(self, group: Sequence[Waiting], game: GameType, players: int, bot: str | None) -> str | None:
        """Make a table for ``group`` (seats in its order, an account holder's recording his account; ``bot`` in
        the seats left) in one transaction that claims every ticket of the group; None when another process claimed
        one first (nothing is made)."""
        rows = [SeatRow(seat, waiting.name or None, token(), None, account_id=waiting.account_id)
                for seat, waiting in enumerate(group)]
        rows += [SeatRow(seat, None, None, bot) for seat in range(len(group), players)]
        names = game.bot_names()
        row = TableRow(id=secrets.token_urlsafe(9), game=game.name, options={"mode": "enforced"},
                       seed=secrets.randbelow(MAX_SEED), players=players, mode="enforced",
                       takeover=names[min(1, len(names) - 1)], takeover_after=TAKEOVER_AFTER,
                       status=status_of(rows, finished=False), result="*", created=now())
        claims = sorted(zip(group, range(len(group)), strict=True), key=lambda pair: pair[0].id)
        try:
            async with self.store.engine.begin() as connection:
                for waiting, seat in claims:
                    claimed = await connection.execute(queue.update().where(
                        queue.c.id == waiting.id, queue.c.table_id.is_(None)).values(table_id=row.id, seat=seat))
                    if claimed.rowcount != 1:
                        raise _Claimed
                await connection.run_sync(insert_table, row, rows)
        except (_Claimed, DBAPIError):  # another process seated one of them first (or the database was busy)
            return None
        async with self.room.using(row.id) as table:  # its bots start if one of them deals or leads
            if table is not None:
                table.kick()
        return row.id


class _Claimed(Exception):
    """A ticket of the group was seated by another process meanwhile: the transaction is undone."""

