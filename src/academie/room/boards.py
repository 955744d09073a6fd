"""Board tables: a table of the card room that plays one board of duplicate (:class:`academie.duplicate.Board`) and
ends when the board's one deal is over, its result per place kept for comparison with every other table that held
the same cards (docs/events.md).

A board table is an ordinary table (its seats, log, clock, bots and pictures are :mod:`academie.room.tables`'),
dealt from the board's seed by the board's dealer and limited to one deal (``TableRow.deals``); a row of
``room_boards`` says which board it plays. ``board_key`` names the cards: every table with the same key holds the same
deals (an event's board ``n``: ``event:<id>:<n>``; the board of the day names its own).

Fairness: nobody sees a board's cards before he has played it. Until the board is *released* (its round over), the
replay, record, review and spectator's seat of a board table are refused to everyone but those who have finished
that board (:func:`sealed`): a spectator at one table would otherwise see the cards another table has still to play.

>>> board_key("k3Fq", 2)
'event:k3Fq:2'
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import sqlalchemy as sa

from academie.duplicate import Board, DuplicateError
from academie.engine import AcademieError
from academie.games import load
from academie.room.hub import Room, token
from academie.room.store import FINISHED, PLAYING, SeatRow, Store, TableRow, boards, insert_table, now, seats, tables
from academie.room.tables import apply_log, new_state, without_next_deal

MAX_KEY: Final = 96
"""The longest board key (the column's width)."""


class BoardTableError(AcademieError, ValueError):
    """A board table that cannot be opened as asked (seats that do not fit the board, a bot the game lacks, a key too
    long...); the message says what is allowed, and nothing is stored."""


class BoardTableTaken(BoardTableError):
    """An event's table has opened this board already (another pass, or another process, was first)."""


def board_key(event_id: str, number: int) -> str:
    """The key of board ``number`` of event ``event_id``: every table of the event that plays it holds these cards."""
    return f"event:{event_id}:{number}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardSeat:
    """Who sits at one seat of a board table: a bot (``bot``: its level), or a person (his ``name``, his
    ``account_id`` if he has one, and the ``token`` of his seat's link: minted when None); ``player``: who holds the
    seat among an event's players (``room_event_players.id``), a bot included, if the table belongs to an event."""

    name: str | None = None
    account_id: int | None = None
    token: str | None = None
    bot: str | None = None
    player: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardTable:
    """A board table as opened: its table, its seats (each person's token in his seat) and the board it plays."""

    table: TableRow
    seats: tuple[SeatRow, ...]
    key: str
    board: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardResult:
    """What a board table stores of its board: where it belongs, and once its deal is over what each place scored
    (:meth:`academie.duplicate.Board.points`) and the seats a bot played for a person (the result is marked)."""

    table_id: str
    key: str
    board: int
    event_id: str | None
    round: int | None
    table_number: int | None
    points: tuple[int, ...] | None
    """Per place (None: the deal is not over)."""
    marked: tuple[int, ...]
    """The seats where a bot played some decision for a person (his time ran out, or he left)."""
    finished: str | None
    released: str | None
    """When the board's cards were shown to everyone (None: sealed, :func:`sealed`)."""
    people: tuple[int | None, ...]
    """The event's player at each seat (:attr:`BoardSeat.player`; empty: a table of no event)."""


def _seat_rows(board: Board, given: Sequence[BoardSeat], claimed: str) -> list[SeatRow]:
    if len(given) != board.seats:
        raise BoardTableError(f"board {board.number} of {board.game} is played by {board.seats} seats, "
                              f"not {len(given)}; allowed: one BoardSeat per seat")
    game = load(board.game)
    rows = []
    for number, seat in enumerate(given):
        if seat.bot is not None:
            if seat.bot not in game.bots or seat.name is not None or seat.account_id is not None:
                raise BoardTableError(f"seat {number + 1}: bot {seat.bot!r} is not allowed; allowed: a bot of "
                                      f"{board.game} ({', '.join(game.bots)}), without a name or account")
            rows.append(SeatRow(number, None, None, seat.bot))
            continue
        if not seat.name:
            raise BoardTableError(f"seat {number + 1}: a person needs a name; allowed: BoardSeat(name=...)")
        rows.append(SeatRow(number, seat.name, seat.token or token(), None, claimed, seat.account_id))
    return rows


async def open_board_table(room: Room, board: Board, *, key: str, seats: Sequence[BoardSeat],
                           options: Mapping[str, object] | None = None, event_id: str | None = None,
                           round_number: int | None = None, table_number: int | None = None,
                           clock: tuple[float, float] | None = None, takeover: str | None = None,
                           rated: bool = False) -> BoardTable:
    """Open a table that plays ``board`` with ``seats`` (one per seat: people are seated at once, their seats
    taken, and connect with their tokens); stored with its board in one transaction, then live in ``room`` with
    its bots started. ``clock``: seconds per decision and of reserve (a bot plays a decision whose time ran out);
    ``takeover``: the bot that plays for a person who is away (None: the game's classical bot when the clock runs
    out, nobody otherwise). Raises :class:`BoardTableError` (nothing stored) for what cannot be opened."""
    if not key or len(key) > MAX_KEY:
        raise BoardTableError(f"board key {key[:MAX_KEY]!r} is not allowed; allowed: 1 to {MAX_KEY} characters")
    game = load(board.game)
    if takeover is not None and takeover not in game.bots:
        raise BoardTableError(f"takeover bot {takeover!r} is not allowed; allowed: {', '.join(game.bots)}")
    rows = _seat_rows(board, seats, now())
    chosen = {"mode": "enforced"} | dict(options or {})
    row = TableRow(id=secrets.token_urlsafe(9), game=board.game, options=chosen, seed=board.seed,
                   players=board.seats, mode=str(chosen["mode"]), takeover=takeover, takeover_after=30.0,
                   status=PLAYING, result="*", created=now(), clock_decision=None if clock is None else clock[0],
                   clock_reserve=None if clock is None else clock[1], rated=rated, first_dealer=board.dealer, deals=1)
    try:
        new_state(game, row)
    except (AcademieError, ValueError, TypeError) as error:
        raise BoardTableError(f"board {board.number} of {board.game}: options refused: {error}") from None

    def insert(connection: sa.Connection) -> bool:
        if event_id is not None and connection.execute(sa.select(boards.c.table_id).where(
                boards.c.event_id == event_id, boards.c.board == board.number,
                boards.c.table_number == table_number)).first() is not None:
            return False
        insert_table(connection, row, rows)
        connection.execute(boards.insert().values(
            table_id=row.id, board_key=key, board=board.number, event_id=event_id, round=round_number,
            table_number=table_number, people=json.dumps([seat.player for seat in seats])))
        return True

    if not await room.store.apply(insert):
        raise BoardTableTaken(f"table {table_number} of event {event_id} has opened board {board.number} already")
    async with room.using(row.id) as table:
        if table is not None:
            table.kick()
    return BoardTable(table=row, seats=tuple(rows), key=key, board=board.number)


def _result(row: Any) -> BoardResult:
    return BoardResult(table_id=row.table_id, key=row.board_key, board=row.board, event_id=row.event_id,
                       round=row.round, table_number=row.table_number,
                       points=None if row.points is None else tuple(json.loads(row.points)),
                       marked=tuple(json.loads(row.marked or "[]")), finished=row.finished, released=row.released,
                       people=tuple(json.loads(row.people or "[]")))


_scoring: dict[str, asyncio.Task[BoardResult]] = {}
"""The board tables being scored in this process: a hundred pages asking at once as a round ends wait for one
scoring each, not a hundred (``bench/events.py`` saw a page wait 55 s when each did it again)."""


async def _score(store: Store, stored: BoardResult) -> BoardResult:
    """:func:`_score_now`, once at a time for each table in this process."""
    task = _scoring.get(stored.table_id)
    if task is None:
        task = _scoring[stored.table_id] = asyncio.get_running_loop().create_task(_score_now(store, stored))
        task.add_done_callback(lambda _done: _scoring.pop(stored.table_id, None))
    return await asyncio.shield(task)


async def _score_now(store: Store, stored: BoardResult) -> BoardResult:
    """A finished board table's result computed from its log (the deal replayed, scored by the game's places),
    stored once: of two processes storing it, the second finds it stored and changes nothing."""
    table = await store.table(stored.table_id)
    if table is None or table.status != FINISHED:
        return stored
    game = load(table.game)
    state = new_state(game, table)
    rows = await store.actions(table.id)
    apply_log(state, 0, rows, {}, table.id)
    state = without_next_deal(game, table, state)
    if not state.deal_results:
        raise DuplicateError(f"board table {table.id} is finished without its deal over")
    board = Board(game=table.game, number=stored.board, seats=table.players, dealer=table.first_dealer or 0,
                  seed=table.seed)
    points = board.points(state.deal_results[0])
    on_time = {row.seat for row in rows if row.on_time is not None}

    def keep(connection: sa.Connection) -> tuple[int, ...]:
        found = connection.execute(sa.select(boards.c.marked).where(boards.c.table_id == table.id)).first()
        marked = tuple(sorted(set(json.loads(found.marked or "[]") if found is not None else []) | on_time))
        connection.execute(boards.update().where(boards.c.table_id == table.id, boards.c.points.is_(None))
                           .values(points=json.dumps(points), marked=json.dumps(marked), finished=table.finished))
        return marked

    marked = await store.apply(keep)
    assert isinstance(marked, tuple)
    return replace(stored, points=points, marked=marked, finished=table.finished)


async def board_result(store: Store, table_id: str) -> BoardResult | None:
    """The board and result of a board table (None: no such board table); once its deal is over, its points per
    place, computed from the log the first time they are asked for and stored."""
    async with store.engine.connect() as connection:
        row = (await connection.execute(boards.select().where(boards.c.table_id == table_id))).first()
    if row is None:
        return None
    stored = _result(row)
    return stored if stored.points is not None else await _score(store, stored)


async def board_results(store: Store, *, event_id: str, round_number: int | None = None) -> list[BoardResult]:
    """Every board table of an event (of one round: ``round_number``), by round, table and board; those finished
    since they were last read are scored now (one query reads them all with their tables' status: an event's page
    and its director ask often)."""
    query = (sa.select(boards, tables.c.status).join(tables, tables.c.id == boards.c.table_id)
             .where(boards.c.event_id == event_id).order_by(boards.c.round, boards.c.table_number, boards.c.board))
    if round_number is not None:
        query = query.where(boards.c.round == round_number)
    async with store.engine.connect() as connection:
        found = [(_result(row), row.status) for row in await connection.execute(query)]
    return [await _score(store, stored) if stored.points is None and status == FINISHED else stored
            for stored, status in found]


async def mark_seat(store: Store, table_id: str, seat: int) -> None:
    """Mark a board table's result: a bot played ``seat`` for a person who left."""

    def mark(connection: sa.Connection) -> bool:
        row = connection.execute(sa.select(boards.c.marked).where(boards.c.table_id == table_id)).first()
        if row is None:
            return False
        marked = sorted(set(json.loads(row.marked or "[]")) | {seat})
        connection.execute(boards.update().where(boards.c.table_id == table_id).values(marked=json.dumps(marked)))
        return True

    if not await store.apply(mark):
        raise BoardTableError(f"there is no board table {table_id}")


async def release(store: Store, *, event_id: str, round_number: int) -> None:
    """Show the cards of a round's boards to everyone (the round is over: every table has played them)."""
    await store.apply(lambda connection: connection.execute(boards.update().where(
        boards.c.event_id == event_id, boards.c.round == round_number,
        boards.c.released.is_(None)).values(released=now())))


async def sealed(store: Store, table_id: str, *, account_id: int | None, token: str | None) -> bool:
    """Whether the cards of ``table_id`` are still hidden from this viewer (the fairness of duplicate): it plays a
    board not yet released, and the viewer has not finished that board, neither at this table (his seat's
    ``token``) nor, as ``account_id``, at any table that holds the same cards. Any other table: False."""
    async with store.engine.connect() as connection:
        row = (await connection.execute(sa.select(boards.c.board_key, boards.c.released)
                                        .where(boards.c.table_id == table_id))).first()
        if row is None or row.released is not None:
            return False
        finished = (sa.select(seats.c.table_id).join(tables, tables.c.id == seats.c.table_id)
                    .join(boards, boards.c.table_id == seats.c.table_id)
                    .where(boards.c.board_key == row.board_key, tables.c.status == FINISHED))
        if token is not None:
            mine = finished.where(seats.c.table_id == table_id, seats.c.token == token)
            if (await connection.execute(mine.limit(1))).first() is not None:
                return False
        if account_id is not None:
            theirs = finished.where(seats.c.account_id == account_id)
            if (await connection.execute(theirs.limit(1))).first() is not None:
                return False
    return True

