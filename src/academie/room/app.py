"""The card room's ASGI application: the HTTP API, the WebSocket of each table, the pages and their files.

``create_app(database_url=...)`` builds it; ``academie serve`` runs it on uvicorn. At start-up the schema is
migrated, every unfinished table is restored from its log (its bots play on), and on PostgreSQL the process
listens for the other processes' changes. The contract is in docs/card-room.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from importlib import resources
from typing import Annotated

import orjson
from fastapi import Depends, FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from academie import record
from academie.engine import Mode, rules_to_dict
from academie.games import GAMES
from academie.review import DEFAULT_LEVEL, DEFAULT_SAMPLES
from academie.room import boards, event_api, pages, players, referee
from academie.room.account_api import accounts_api
from academie.room.accounts import client_of, current_account, require_csrf
from academie.room.bodies import (
    BotRequest,
    JoinRequest,
    NameRequest,
    NextRequest,
    QueueRequest,
    TableRequest,
    body_schema,
    invalid_parameters,
    read_body,
    request_lang,
)
from academie.room.collector import scheduled_collections
from academie.room.daily import Daily, DailySettings, daily_api, has_played, unlisted
from academie.room.drivers import Wheels
from academie.room.events import Director
from academie.room.hub import MAX_LIVE, NewTable, Room, RoomError
from academie.room.limits import (
    CREATE_BURST,
    CREATE_PER_MINUTE,
    MAX_MESSAGE_BYTES,
    RATE_PER_SECOND,
    ClientLimits,
    RateLimit,
    echo,
    message_size,
    normal_origin,
    origin_allowed,
)
from academie.room.matchmaking import Matchmaker, QueueSettings, account_of
from academie.room.notify import Listener, notices_from
from academie.room.reviews import Reviews, Settings, chart
from academie.room.standings import Standings
from academie.room.store import FINISHED, Store, StoreError, with_async_driver
from academie.room.summary import live_summary
from academie.room.tables import Closing, Connection, LiveTable, Refusal, Writer, dumps, new_state, room_words
from academie.room.workers import Workers
from academie.room.writer import WINDOW
from academie.words import LANGUAGES

Lang = Annotated[str, Query(pattern="^(en|fr)$", description="The language of the words: en or fr.")]
CLOSE_SECONDS = 5.0
"""How long a connection the room closes is given to read its last messages and the close frame."""


def create_app(*, database_url: str, origins: tuple[str, ...] = (), workers: int | None = None,
               message_rate: float = RATE_PER_SECOND, create_rate: float = CREATE_PER_MINUTE,
               create_burst: float = CREATE_BURST, max_live: int = MAX_LIVE, scheduled_gc: bool = False,
               review_level: str = DEFAULT_LEVEL, review_samples: int = DEFAULT_SAMPLES,
               queue: QueueSettings | None = None, daily: DailySettings | None = None,
               commit_window: float = WINDOW) -> FastAPI:
    """The card room on the database at ``database_url`` (``sqlite:///academie.db``, ``postgresql://...``; the
    asynchronous drivers are chosen: :func:`academie.room.store.with_async_driver`); ``origins``: the sites whose pages
    may use it (``http://HOST:PORT``; none: no browser page may, only clients that send no Origin);
    ``workers``: processes per bot pool (default: the cores, at most 4); ``message_rate``: the messages a
    connection may send each second (bursts of twice as many); ``create_rate``: the tables one address may
    create each minute, after a burst of ``create_burst``; ``max_live``: the tables kept in memory (past it, the
    idle ones leave); ``scheduled_gc``: the process's garbage collector set for a server
    (:mod:`academie.room.collector`; ``academie serve`` sets it, a test client leaves it); ``review_level`` and
    ``review_samples``: the precision of the reviews of finished games (:mod:`academie.room.reviews`); ``queue``: how
    the "play now" queue waits (:mod:`academie.room.matchmaking`); ``daily``: how the boards of the day are dealt
    (:mod:`academie.room.daily`: the room's key, the boards per game); ``commit_window``: the seconds the first write
    of a batch waits for the writes behind it, to share their commit (:mod:`academie.room.writer`; a
    :class:`academie.room.writer.WindowError` past :data:`academie.room.writer.WINDOW_MOST`)."""
    url = with_async_driver(database_url)
    postgres = url.startswith("postgresql")
    process = secrets.token_hex(6)
    store = Store(url, notice=notices_from(process) if postgres else None, commit_window=commit_window)
    pool = Workers(processes=workers)
    wheels = Wheels(url) if postgres else None
    room = Room(store, pool, max_live=max_live, process=process, drivers=wheels)
    reviews = Reviews(store, pool, settings=Settings(level=review_level, samples=review_samples))
    standings = Standings(store)
    director = Director(room)

    def finished(table_id: str) -> None:
        """A game has just ended here (its last action committed by this process, which holds its live table).
        What only a rated table or a board's table needs is asked for only when the live table may be one: at 1,000
        tables a second's dozen game ends each read a table's rating rows, and woke the events' director for a
        pass over every event, for tables of guests (issue 33)."""
        _review_when_over(room, reviews, table_id)
        table = room.live.get(table_id)
        if table is None or table.row.rated:  # created unrated, a table is never rated (docs/card-room.md)
            standings.after_game(table_id)
        if table is None or table.row.deals is not None:  # an event's board table: its next board may be due
            director.wake()

    store.on_finished = finished
    allowed = frozenset(normal_origin(origin) for origin in origins)
    creations = ClientLimits(rate=create_rate / 60.0, burst=create_burst)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await store.migrate()
        listener, heartbeat = None, None
        if postgres:
            listener = Listener(url, process=process, on_change=room.on_notify, on_reconnect=room.catch_up_all)
            await listener.start()
            heartbeat = asyncio.get_running_loop().create_task(room.heartbeat())
        if wheels is not None:
            await wheels.start()
        await room.restore()
        await standings.catch_up()
        director.start()
        try:
            async with scheduled_collections() if scheduled_gc else contextlib.nullcontext():
                yield
        finally:
            await director.close()
            reviews.close()
            room.close()
            if heartbeat is not None:
                heartbeat.cancel()
            if listener is not None:
                await listener.close()
            if wheels is not None:
                await wheels.close()
            pool.close()
            await store.close()

    app = FastAPI(title="Académie card room", lifespan=lifespan, dependencies=[Depends(require_csrf)],
                  description="Play the five games together: tables, seats, bots, real-time pictures, records. "
                              "See docs/card-room.md.")
    app.state.room = room
    app.state.director = director
    app.state.standings = standings
    app.state.daily = boards_of_the_day = Daily(room, settings=daily or DailySettings())

    @app.exception_handler(RoomError)
    async def room_error(_request: Request, error: RoomError) -> JSONResponse:
        return _refusal(error)

    @app.exception_handler(RequestValidationError)
    async def bad_parameters(request: Request, error: RequestValidationError) -> JSONResponse:
        return await room_error(request, invalid_parameters(request, error))

    @app.exception_handler(StarletteHTTPException)
    async def not_found(request: Request, error: StarletteHTTPException) -> Response:
        """A path that is nothing: a page saying so to a person, JSON to a program (the API's paths)."""
        if error.status_code == 404 and not request.url.path.startswith(("/api/", "/ws/", "/openapi")):
            return pages.missing_page(request)
        return await http_exception_handler(request, error)

    @app.exception_handler(StoreError)
    async def busy(request: Request, _error: StoreError) -> JSONResponse:
        """The database stayed busy (or refused a write): the request may be made again."""
        words = room_words(request_lang(request))
        return JSONResponse({"detail": words("The database did not answer in time; try again in a moment.")},
                            status_code=503)

    @app.middleware("http")
    async def same_site_writes(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        """A browser page may change something (create, join, leave, hand over) only from an origin served."""
        origin = request.headers.get("origin")
        if request.method not in ("GET", "HEAD", "OPTIONS") and not origin_allowed(origin, allowed):
            w = room_words(request_lang(request))
            return _refusal(RoomError(403, w("This card room does not accept requests from pages of {origin}.",
                                             origin=echo(origin))))
        return await call_next(request)

    _api(app, room, creations)
    accounts_api(app, room, creations)
    _reviews_api(app, room, reviews)
    _queue_api(app, Matchmaker(room, settings=queue))
    daily_api(app, boards_of_the_day)
    _socket(app, room, allowed, message_rate)
    app.include_router(pages.router)
    app.include_router(referee.router)
    app.include_router(players.router)
    app.include_router(event_api.router)
    app.mount("/static", StaticFiles(directory=str(resources.files("academie.room").joinpath("static"))),
              name="static")
    return app


# ------------------------------------------------------------------------------------------------ HTTP
def _refusal(error: RoomError) -> JSONResponse:
    return JSONResponse({"detail": error.message}, status_code=error.status, headers=error.headers)


def _too_many(wait: float, lang: str) -> RoomError:
    seconds = max(1, math.ceil(wait))
    w = room_words(lang)
    message = (w("Too many new tables from your address: try again in a second.") if seconds == 1 else
               w("Too many new tables from your address: try again in {seconds} seconds.", seconds=seconds))
    return RoomError(429, message, headers={"Retry-After": str(seconds)})


def _api(app: FastAPI, room: Room, creations: ClientLimits) -> None:
    _tables_api(app, room, creations)
    _seats_api(app, room)
    _records_api(app, room)


def _tables_api(app: FastAPI, room: Room, creations: ClientLimits) -> None:
    @app.get("/api/games")
    async def games() -> list[dict[str, object]]:
        """The games with their options (and defaults), numbers of players and bots."""
        return [{"game": game.name, "title": game.title, "min_players": game.min_seats,
                 "max_players": game.max_seats, "bots": list(game.bots), "strongest": game.strongest(),
                 "duplicate": game.boards is not None,
                 "options": {name: value for name, value in rules_to_dict(game.rules()).items()
                             if name not in ("version", "players", "mode")},
                 "modes": [mode.value for mode in Mode]} for game in GAMES.values()]

    @app.post("/api/tables", openapi_extra=body_schema(TableRequest))
    async def create_table(request: Request, lang: Lang = "en") -> dict[str, object]:
        """Create a table: the creator's token, a link for every invited seat, the spectators' link (at most
        ``create_rate`` tables a minute from one address, after a burst)."""
        body = await read_body(request, TableRequest, lang)  # a bad body costs its sender nothing
        client = client_of(request)
        wait = creations.take(client)
        if wait > 0:
            raise _too_many(wait, lang)
        account = await current_account(request)
        spec = NewTable(**body.model_dump())
        if account is not None:
            spec = replace(spec, account_id=account.id, account_name=account.name)
        try:
            return await room.create(spec, lang)
        except RoomError:
            creations.give_back(client)  # a refused table costs its creator nothing
            raise

    @app.get("/api/tables")
    async def unfinished_tables(request: Request, lang: Lang = "en") -> Sequence[Mapping[str, object]]:
        """The tables not finished, newest first: whether a seat is open to anyone (``joinable``), each seat's
        state (the boards of the day's are not listed)."""
        return await unlisted(request, await room.listing(lang))

    @app.get("/api/finished")
    async def finished_tables(request: Request, lang: Lang = "en") -> Sequence[Mapping[str, object]]:
        """The finished games, newest first (for the list of replays; the boards of the day's are not listed)."""
        return await unlisted(request, await room.finished(lang))

    @app.get("/api/tables/{table_id}")
    async def table_summary(request: Request, table_id: str, token: str | None = None,
                            lang: Lang = "en") -> Mapping[str, object]:
        """The public summary of a table (a board's, as its record: to those who have played it)."""
        async with room.table(table_id, lang) as table:
            await refuse_if_sealed(room.store, request, table_id, token, lang)
            return live_summary(table, lang)


def _seats_api(app: FastAPI, room: Room) -> None:
    @app.post("/api/tables/{table_id}/join", openapi_extra=body_schema(JoinRequest))
    async def join(table_id: str, request: Request, lang: Lang = "en") -> dict[str, object]:
        """Take a seat left open to anyone, under a name: a new token and link for the joiner."""
        body = await read_body(request, JoinRequest, lang)
        account = await current_account(request)
        return await room.join(table_id, body.seat, body.name, lang,
                               account=None if account is None else (account.id, account.name))

    @app.post("/api/tables/{table_id}/name", openapi_extra=body_schema(NameRequest))
    async def rename(table_id: str, token: str, request: Request, lang: Lang = "en") -> dict[str, object]:
        """The seated player (``token``) gives himself a name."""
        body = await read_body(request, NameRequest, lang)
        return await room.rename(table_id, token, body.name, lang)

    @app.post("/api/tables/{table_id}/next", openapi_extra=body_schema(NextRequest))
    async def next_game(table_id: str, request: Request, token: str | None = None, owner: str | None = None,
                        lang: Lang = "en") -> dict[str, object]:
        """Once the game is over: the next table with the same people, each one seat on (the same game, or
        ``game``); the first to ask creates it. The asker's place there: ``{"table", "seat", "token", "url"}``."""
        body = await read_body(request, NextRequest, lang)
        return await room.next_game(table_id, token, owner, body.game, lang)

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, token: str, lang: Lang = "en") -> dict[str, object]:
        """Leave the seat: it becomes open to anyone, and this token stops acting for it."""
        return await room.leave(table_id, token, lang)

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", openapi_extra=body_schema(BotRequest))
    async def hand_to_bot(table_id: str, seat: int, request: Request, owner: str | None = None,
                          lang: Lang = "en") -> dict[str, object]:
        """The creator (``owner``: the creator's token) gives an absent player's seat to a bot; its link dies."""
        body = await read_body(request, BotRequest, lang)
        return await room.hand_to_bot(table_id, seat, owner, body.bot, lang)

    @app.post("/api/tables/{table_id}/seats/{seat}/open")
    async def open_seat(table_id: str, seat: int, owner: str | None = None, lang: Lang = "en") -> dict[str, object]:
        """The creator opens an absent player's seat to anyone; its link dies."""
        return await room.open_seat(table_id, seat, owner, lang)


async def refuse_if_sealed(store: Store, connection: Request | WebSocket, table_id: str, token: str | None,
                           lang: str) -> None:
    """Fairness (issue 36): a board's cards are shown only to those who have played it, until its round is over
    (:func:`academie.room.boards.sealed`); 403 for anyone else."""
    account = await current_account(connection)
    if (await boards.sealed(store, table_id, account_id=None if account is None else account.id, token=token)
            and not await has_played(connection, table_id)):
        w = room_words(lang)
        raise HTTPException(403, w("This board is shown only to those who have played it, until its round is "
                                   "over."))


def _records_api(app: FastAPI, room: Room) -> None:
    @app.get("/api/tables/{table_id}/record")
    async def table_record(request: Request, table_id: str, token: str | None = None, format: str = "acad",
                           lang: Lang = "en") -> Response:
        """The record: redacted for the token's seat while the game goes on, whole once it is over (a board's,
        once its player has played it or its round is over)."""
        w = room_words(lang)
        if format not in ("acad", "json"):
            raise HTTPException(400, w("Unknown record format {format}; allowed: acad, json.", format=echo(format)))
        async with room.table(table_id, lang) as table, table.lock:
            whole = table.record()
            finished = table.finished
            seat = table.seat_of(token) if token is not None else None
        if token is not None and seat is None:
            raise HTTPException(403, w("This token holds no seat at table {table}.", table=table_id))
        if finished:
            await refuse_if_sealed(room.store, request, table_id, token, lang)
        else:
            if seat is None:
                raise HTTPException(403, w("The record is given to the players during the game (each the record of "
                                           "what their seat saw), and to everyone once it is over."))
            whole = record.redact(whole, seat)
        if format == "json":
            return Response(orjson.dumps(record.to_json(whole)), media_type="application/json")
        name = f"{table.game.name}-{table_id}.acad"
        return PlainTextResponse(record.write_text(whole),
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.get("/api/tables/{table_id}/replay")
    async def replay(request: Request, table_id: str, token: str | None = None, lang: Lang = "en") -> Response:
        """A finished game step by step: at each step the public picture and each seat's."""
        async with room.table(table_id, lang) as table:
            if not table.finished:
                raise HTTPException(409, room_words(lang)("The replay is shown once the game is over."))
            await refuse_if_sealed(room.store, request, table_id, token, lang)
            steps = await asyncio.to_thread(_replay, table, lang)
        return Response(orjson.dumps(steps), media_type="application/json")


def _replay(table: LiveTable, lang: str) -> dict[str, object]:
    """Every step of a finished table: the table dealt, then after each stored action (its ``operation``: its index
    in the game's operations, which names a decision's ``step`` in the review)."""
    twin = LiveTable(table.row, table.seats, store=table.store, workers=table.workers)
    twin.state = new_state(table.game, table.row)
    operations = table.state.operations
    steps: list[dict[str, object]] = []

    def step(seat: int | None, action: str | None, index: int | None) -> dict[str, object]:
        return {"seq": len(steps), "seat": seat, "action": action, "operation": index,
                "public": twin.picture(None, lang),
                "seats": [twin.picture(seat, lang) for seat in range(table.row.players)]}

    steps.append(step(None, None, None))
    position = len(twin.state.operations)
    while position < len(operations):
        operation, index = operations[position], position
        twin.state.apply(operation.action)
        position = len(twin.state.operations)
        steps.append(step(operation.actor if operation.actor >= 0 else None, str(operation.action), index))
    return {"table": table.row.id, "game": table.game.name, "title": table.game.title, "players": table.row.players,
            "names": [seat.name for seat in table.seats], "result": table.game.record.result_text(table.state),
            "steps": steps}


# ------------------------------------------------------------------------------------------------ reviews
async def _finished_record(room: Room, table_id: str, lang: str) -> str:
    """The whole record of a finished table: a review reads every hand, so it is given, like the replay, once the
    game is over (404 for no such table, 409 for a game going on)."""
    w = room_words(lang)
    async with room.table(table_id, lang) as table, table.lock:
        if not table.finished:
            raise HTTPException(409, w("The review is given once the game is over."))
        return record.write_text(table.record())


async def _check_finished(store: Store, table_id: str, lang: str) -> None:
    """As :func:`_finished_record`, from the stored table alone (a page polling a review loads no game)."""
    w = room_words(lang)
    row = await store.table(table_id)
    if row is None:
        raise RoomError(404, w("There is no table {table}.", table=echo(table_id)))
    if row.status != FINISHED:
        raise HTTPException(409, w("The review is given once the game is over."))


def _review_when_over(room: Room, reviews: Reviews, table_id: str) -> None:
    """A game of people has just ended: queue its review behind those asked for, so that it is usually ready when
    its players ask for it."""

    async def queue() -> None:
        async with room.using(table_id) as table:
            if table is None or table.bots_only:  # nobody to read it: bots' games are reviewed when asked for
                return
            async with table.lock:
                if not table.finished:
                    return
                text = record.write_text(table.record())
        reviews.in_background(table_id, text)

    task = asyncio.get_running_loop().create_task(queue())
    reviews.keep(task)


def _reviews_api(app: FastAPI, room: Room, reviews: Reviews) -> None:
    @app.post("/api/tables/{table_id}/review")
    async def ask_review(request: Request, table_id: str, token: str | None = None,
                         lang: Lang = "en") -> Mapping[str, object]:
        """Ask for the review of a finished game: the stored one (``ready``), or the job computing it
        (``queued``, ``running``), which a second request joins. Poll ``GET`` until it is ready."""
        text = await _finished_record(room, table_id, lang)
        await refuse_if_sealed(room.store, request, table_id, token, lang)
        return await reviews.ask(table_id, text, lang)

    @app.get("/api/tables/{table_id}/review")
    async def review_state(request: Request, table_id: str, token: str | None = None,
                           lang: Lang = "en") -> Mapping[str, object]:
        """Where the review of a finished game stands: ``none``, ``queued``, ``running``, ``ready`` (with the
        review, in the ``academie review --json`` shape, in ``lang``) or ``failed``."""
        await _check_finished(reviews.store, table_id, lang)
        await refuse_if_sealed(reviews.store, request, table_id, token, lang)
        return await reviews.state(table_id, lang)

    @app.get("/api/tables/{table_id}/review/chart.svg")
    async def review_chart(request: Request, table_id: str, token: str | None = None, lang: Lang = "en") -> Response:
        """The chart of each seat's expected result over the game (SVG), once its review is ready."""
        await _check_finished(reviews.store, table_id, lang)
        await refuse_if_sealed(reviews.store, request, table_id, token, lang)
        row = await reviews.stored(table_id)
        if row is None:
            w = room_words(lang)
            raise HTTPException(404, w("The review of this game is not ready."))
        return Response(chart(row.review, lang), media_type="image/svg+xml")


# ------------------------------------------------------------------------------------------------ play now
def _queue_api(app: FastAPI, matchmaker: Matchmaker) -> None:
    @app.post("/api/queue", openapi_extra=body_schema(QueueRequest))
    async def play_now(request: Request, lang: Lang = "en") -> dict[str, object]:
        """"Play now": wait in the queue of a game and table size; the ticket (kept by the page alone) and where
        it stands, as ``GET /api/queue/{ticket}`` answers."""
        body = await read_body(request, QueueRequest, lang)
        return await matchmaker.join(game_name=body.game, players=body.players, name=body.name,
                                     holder=await account_of(request), lang=lang)

    @app.get("/api/queue/{ticket}")
    async def ticket_state(ticket: str, lang: Lang = "en") -> dict[str, object]:
        """Where a ticket stands: ``waiting`` (for how long, how many wait, whether bots may fill the empty seats
        yet, the open seats offered) or ``seated`` (the seat's link). The waiting page asks every second or so:
        a ticket not asked for a while has left the queue."""
        return await matchmaker.status(ticket, lang)

    @app.post("/api/queue/{ticket}/bots", openapi_extra=body_schema(BotRequest))
    async def fill_with_bots(ticket: str, request: Request, lang: Lang = "en") -> dict[str, object]:
        """After the wait, sit down at once: bots of the level chosen in the seats no waiting player takes."""
        body = await read_body(request, BotRequest, lang)
        return await matchmaker.fill_with_bots(ticket, body.bot, lang)

    @app.delete("/api/queue/{ticket}")
    async def leave_queue(ticket: str, lang: Lang = "en") -> dict[str, object]:
        """Leave the queue."""
        return await matchmaker.leave(ticket, lang)


# ------------------------------------------------------------------------------------------------ WebSocket
def _socket(app: FastAPI, room: Room, allowed: frozenset[str], rate: float) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None,
                           owner: str | None = None, lang: str = "en") -> None:
        if not origin_allowed(websocket.headers.get("origin"), allowed):
            await websocket.close(code=1008, reason="origin not allowed")
            return
        await websocket.accept()
        if lang not in LANGUAGES:
            lang = "en"
        async with room.using(table_id) as table:
            connection = await _admit(websocket, room, table, table_id, token, owner, lang)
            if table is None or connection is None:
                return
            connection.start(_writer(websocket))
            try:
                table.attach(connection)
                await room.tell_next(table, connection)
                limit = RateLimit(rate=rate, burst=2 * rate, tokens=2 * rate)
                await _receive_all(websocket, room, table, connection, limit)
            finally:
                table.detach(connection)
                await _stop_sending(connection)


async def _admit(websocket: WebSocket, room: Room, table: LiveTable | None, table_id: str, token: str | None,
                 owner: str | None, lang: str) -> Connection | None:
    """The connection of a seat's token (its link's first claims the seat), of the creator's token, or of a
    spectator; None when it is refused (and closed)."""
    w = room_words(lang)
    if table is None:
        await _refuse(websocket, "no-table", w("There is no table {table}.", table=echo(table_id)), 4404)
        return None
    seat = table.seat_of(token) if token else None
    if (token and seat is None) or (owner and not room.is_owner(table, owner)):
        await _refuse(websocket, "bad-token", w("This token holds no seat at table {table}.", table=table_id), 4403)
        return None
    if seat is None:  # a spectator of a board's table would see the cards other tables have still to play
        try:
            await refuse_if_sealed(room.store, websocket, table_id, None, lang)
        except HTTPException as refused:
            await _refuse(websocket, "sealed", str(refused.detail), 4403)
            return None
    if seat is not None:
        account = await current_account(websocket)
        try:
            await room.claim(table, seat, account=None if account is None else (account.id, account.name), lang=lang)
        except RoomError as refused:
            await _refuse(websocket, "account-needed", refused.message, 4403)
            return None
    return Connection(seat, lang, token if seat is not None else None, owner=owner is not None)


async def _refuse(websocket: WebSocket, code: str, message: str, close_code: int) -> None:
    await websocket.send_text(dumps({"type": "error", "code": code, "message": message}))
    await websocket.close(code=close_code)


def _writer(websocket: WebSocket) -> Writer:
    async def write(message: str | Closing) -> None:
        if isinstance(message, Closing):
            await websocket.close(code=message.code, reason=message.reason)
        else:
            await websocket.send_text(message)

    return write


async def _stop_sending(connection: Connection) -> None:
    """A connection the room closes: its queued messages and close frame go out first (a client that does not read
    them is given :data:`CLOSE_SECONDS`); a connection the client closed: nothing more to send."""
    if connection.closing:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(connection.flushed(), CLOSE_SECONDS)
    connection.stop()


async def _receive_all(websocket: WebSocket, room: Room, table: LiveTable, connection: Connection,
                       limit: RateLimit) -> None:
    w = room_words(connection.lang)

    def error(code: str, message: str) -> None:
        connection.send(dumps({"type": "error", "code": code, "message": message}))

    while True:
        try:
            raw = await websocket.receive()
        except WebSocketDisconnect:
            return
        if raw["type"] == "websocket.disconnect":
            return
        data = raw.get("text") if raw.get("text") is not None else raw.get("bytes")
        if data is None or message_size(data) > MAX_MESSAGE_BYTES:
            limit.strike()
            error("too-big", w("A message may hold at most {most} bytes.", most=MAX_MESSAGE_BYTES))
        elif not limit.allow():
            error("too-fast", w("Too many messages: at most {rate} a second.", rate=int(limit.rate)))
        else:
            await _handle(data, room, table, connection, error)
            continue
        if limit.exhausted:  # after the refusal that exhausted it, sent first
            connection.close(1008, "too many refused messages")
            return


async def _handle(data: str | bytes, room: Room, table: LiveTable, connection: Connection,
                  error: Callable[[str, str], None]) -> None:
    w = room_words(connection.lang)
    try:
        message = orjson.loads(data)
    except orjson.JSONDecodeError:
        message = None
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "act" and isinstance(message, dict):
        if connection.seat is None:
            error("spectator", w("Spectators watch: only a seat's link (with its token) may act."))
            return
        if connection.token is None or table.seat_of(connection.token) != connection.seat:  # the seat was left
            error("bad-token", w("This token holds no seat at table {table}.", table=table.row.id))
            return
        try:
            await table.submit(connection.seat, message.get("seq"), message.get("action"), connection.lang)
        except Refusal as refusal:
            error(refusal.code, refusal.message)
            if refusal.code in ("stale", "busy"):  # the move was not made: the table as it is now
                connection.send(table.picture_message(connection.seat, connection.lang))
    elif kind == "chat" and isinstance(message, dict):
        try:
            await room.chat(table, connection, message.get("text"))
        except RoomError as refused:
            error("bad-message", refused.message)
        except StoreError:
            error("busy", w("Your line could not be stored just now: say it again."))
    else:
        error("bad-message", w("A message is a JSON object whose type is act or chat."))
