"""The board of the day (issue 36): one set of boards per game each day, played by anyone against the bots alone,
whenever he likes and once per board, then compared with everyone who played it.

The boards are :func:`academie.duplicate.boards_of_the_day` of the server's date (UTC; the library never reads a
clock), keyed by the room's secret key (``academie serve`` reads it from ``ACADEMIE_DAILY_KEY``): without the key
nobody can deal the day's cards at home before playing them. Each board is played at the game's smallest table; the
person holds the eldest hand's place (the seat after the dealer's, who acts first), the game's strongest bots every
other seat, and they decide as at any table, from the table's seed and the actions so far: two people who play
alike meet the same replies.

Each board is played at a board table (:mod:`academie.room.boards`) whose key names the day's board
(:func:`day_key`), never released. Who played is known by his account when he is logged in, else by a random secret
in an HttpOnly cookie (:data:`GUEST_COOKIE`; the room keeps only its digest). Until a person has finished a board,
nothing of its cards reaches him: the summary, record, replay, review and spectators' socket of its tables are sealed
(:func:`academie.room.boards.sealed`, which knows accounts and seats' tokens; :func:`has_played` lets a guest who has
finished the board through), its results are refused (:class:`DailyRefused`, 403), and its tables are listed nowhere.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.requests import HTTPConnection

from academie import duplicate
from academie.duplicate import Board, BotScore, Result
from academie.games import GAMES, load
from academie.registry import GameType
from academie.room.accounts import current_account, over_tls
from academie.room.boards import BoardSeat, board_result, open_board_table
from academie.room.bodies import NameRequest, body_schema, read_body, request_lang
from academie.room.hub import Room, RoomError
from academie.room.pages import page_shell
from academie.room.store import StoreError, metadata, now
from academie.room.store import boards as board_rows
from academie.room.summary import TableFields
from academie.room.tables import room_words

GUEST_COOKIE: Final = "academie_daily"
"""The cookie that tells a guest's boards of the day apart from everyone else's (a random secret; HttpOnly)."""
GUEST_COOKIE_DAYS: Final = 400
"""How long a guest's cookie lasts (browsers keep a cookie at most 400 days)."""
MOST_BOARDS: Final = 8
"""The most boards a game's day may have (each played whole against the bots)."""
KEY_VARIABLE: Final = "ACADEMIE_DAILY_KEY"
"""The environment variable ``academie serve`` reads the room's key from (never a command-line option, which other
users of the machine could read)."""

Listed = TypeVar("Listed", bound=TableFields)

played = sa.Table(
    "room_daily", metadata,
    sa.Column("day", sa.String(10), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("board", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(80), primary_key=True),
    sa.Column("table_id", sa.String(32), nullable=False, unique=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.Column("started", sa.String(32), nullable=False),
)
"""Who played which board of which day, at which table, seat and place (what it scored is his board table's result:
:func:`academie.room.boards.board_result`)."""


class DailyRefused(RoomError):
    """A request the board of the day refuses (403: results not yet earned; 404: no such board; 409: a board played
    already); nothing changed."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DailySettings:
    """How the room deals its boards of the day."""

    key: bytes = b""
    """The room's secret key (:func:`academie.duplicate.day_seed`); empty: anyone can deal the day's cards."""
    boards: int = 1
    """Boards per game and day."""
    day: datetime.date | None = None
    """A fixed day (a demonstration, a test); None: the server's date, in UTC."""
    bot: str | None = None
    """The bots' level at the tables and for the mark; None: each game's strongest."""

    def __post_init__(self) -> None:
        if type(self.boards) is not int or not 1 <= self.boards <= MOST_BOARDS:
            raise duplicate.DuplicateError(f"boards={self.boards!r} is not allowed for the board of the day; "
                                           f"allowed: 1 to {MOST_BOARDS}")
        if len(self.key) > hashlib.blake2b.MAX_KEY_SIZE:
            raise duplicate.DuplicateError(f"{KEY_VARIABLE} holds {len(self.key)} bytes; allowed: at most "
                                           f"{hashlib.blake2b.MAX_KEY_SIZE}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any], environ: Mapping[str, str]) -> DailySettings:
        """The settings of ``academie serve``'s options (``boards``, ``day`` as YYYY-MM-DD), the key from
        :data:`KEY_VARIABLE` in ``environ`` (each process of the room reads it there: it is in no option)."""
        day = options.get("day")
        return cls(key=environ.get(KEY_VARIABLE, "").encode(), boards=options.get("boards", 1),
                   day=None if day is None else datetime.date.fromisoformat(day))

    def today(self) -> datetime.date:
        return self.day or datetime.datetime.now(datetime.UTC).date()


def daily_games() -> tuple[GameType, ...]:
    """The games that have a board of the day: those that declare a duplicate scheme."""
    return tuple(game for game in GAMES.values() if game.boards is not None)


def eldest(board: Board) -> tuple[int, int]:
    """The person's seat on ``board`` (the seat after the dealer's, who acts first) and its place.

    >>> from datetime import date
    >>> eldest(duplicate.boards_of_the_day(load("whist"), date(2026, 12, 5), count=2)[1])
    (2, 0)
    """
    seat = (board.dealer + 1) % board.seats
    places = duplicate.places(load(board.game), board.seats)
    return seat, next(index for index, held in enumerate(places) if seat in held)


def guest_digest(secret: str) -> str:
    """What the room keeps of a guest's cookie: its SHA-256 (192 random bits need no slow hash)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_guest_secret() -> str:
    return secrets.token_urlsafe(24)


async def player_of(connection: HTTPConnection) -> tuple[str | None, int | None, str | None]:
    """Who asks: his key among the day's players (``account:ID`` or ``guest:DIGEST``; None for a guest without the
    cookie), his account and its name."""
    account = await current_account(connection)
    if account is not None:
        return f"account:{account.id}", account.id, account.name
    secret = connection.cookies.get(GUEST_COOKIE)
    if not secret or len(secret) > 64:
        return None, None, None
    return f"guest:{guest_digest(secret)}", None, None


def board_of(settings: DailySettings, game_name: object, number: object, lang: str) -> Board:
    """Board ``number`` of ``game_name`` today, or a :class:`DailyRefused` saying what is allowed."""
    w = room_words(lang)
    games = {game.name: game for game in daily_games()}
    if not isinstance(game_name, str) or game_name not in games:
        raise DailyRefused(404, w("There is no board of the day for {game}; there is one for {games}.",
                                  game=str(game_name)[:32], games=", ".join(games)))
    if type(number) is not int or not 1 <= number <= settings.boards:
        raise DailyRefused(404, w("There is no board {number} today; allowed: 1 to {most}.",
                                  number=str(number)[:8], most=settings.boards))
    return board_for(game_name, settings.today(), number, settings)


def board_for(game_name: str, day: datetime.date, number: int, settings: DailySettings) -> Board:
    """Board ``number`` of ``game_name`` on ``day``, at the game's smallest table."""
    game = load(game_name)
    return duplicate.boards_of_the_day(game, day, count=settings.boards, seats=game.min_seats,
                                       key=settings.key)[number - 1]


def scores(line: duplicate.ScoredResult) -> dict[str, object]:
    """A compared result's scores as the API gives them."""
    return {"matchpoints": line.matchpoints, "top": line.top, "percentage": round(float(line.percentage), 2),
            "imps": None if line.imps is None else round(float(line.imps), 2)}


def sheet_entry(row: Mapping[str, Any], line: duplicate.ScoredResult, *, yours: bool) -> dict[str, object]:
    """A line of a board's sheet as the API gives it: never another player's key or account."""
    return {"name": row["name"], "points": line.result.points, **scores(line), "replay": f"/replay/{row['table_id']}",
            "yours": yours}


def compare(game: GameType, board: int, rows: Sequence[Mapping[str, Any]]) -> list[tuple[Mapping[str, Any],
                                                                                    duplicate.ScoredResult]]:
    """The finished ``rows`` of one board, each against the others at its place, best first."""
    by_key = {row["player"]: row for row in rows}
    sheet = duplicate.travelling_sheet(game, [Result(board=board, place=row["place"], entrant=row["player"],
                                                     points=row["points"]) for row in rows])
    return [(by_key[line.result.entrant], line) for line in sheet.lines]


def mark_entry(mark: BotScore, game: GameType, result: Result) -> dict[str, object]:
    """The bots' mark at the person's place, and his result against it."""
    return {"bot": mark.bot, "points": mark.points[result.place], **scores(duplicate.against_bot(result, mark, game))}


class Daily:
    """The boards of the day of one room process: who played them, the bots' marks, the guard of their cards."""

    def __init__(self, room: Room, *, settings: DailySettings) -> None:
        self.room = room
        self.store = room.store
        self.settings = settings
        self.marks: dict[tuple[str, int], BotScore] = {}
        """The bots' mark of each board (by game and seed), computed once per process."""

    # ------------------------------------------------------------------ reading
    async def _rows(self, *conditions: Any) -> list[dict[str, Any]]:
        """The rows of ``room_daily`` that meet ``conditions``, each with ``points``: what the board scored for the
        player's place (None while his deal goes on), as its board table keeps it (:mod:`academie.room.boards`)."""
        query = (sa.select(played, board_rows.c.points.label("board_points"))
                 .join(board_rows, board_rows.c.table_id == played.c.table_id).where(*conditions))
        async with self.store.engine.connect() as connection:
            found = [dict(row._mapping) for row in await connection.execute(query)]
        for row in found:
            stored = row.pop("board_points")
            points = json.loads(stored) if stored is not None else await self._points_now(row["table_id"])
            row["points"] = None if points is None else points[row["place"]]
        return found

    async def _points_now(self, table_id: str) -> tuple[int, ...] | None:
        """A board table's points per place if its deal is over by now (scored once, then kept)."""
        result = await board_result(self.store, table_id)
        return None if result is None else result.points

    def _of_board(self, board: Board) -> tuple[Any, ...]:
        return (played.c.day == self.settings.today().isoformat(), played.c.game == board.game,
                played.c.board == board.number)

    async def _mine(self, board: Board, player: str | None) -> Mapping[str, Any] | None:
        if player is None:
            return None
        rows = await self._rows(*self._of_board(board), played.c.player == player)
        return rows[0] if rows else None

    async def mark(self, board: Board) -> BotScore:
        """The bots' mark on ``board``, computed once (in the strong bots' pool: a search may take seconds)."""
        known = self.marks.get((board.game, board.seed))
        if known is None:
            known = await self.room.workers.bot_score(board, bot=self.settings.bot)
            self.marks[board.game, board.seed] = known
        return known

    # ------------------------------------------------------------------ the guard
    async def has_played(self, connection: HTTPConnection, table_id: str) -> bool:
        """Whether the asker may see the cards of ``table_id``, a board of the day's table, as its player or as one
        who has finished the same board; a guest is known by his cookie (:func:`academie.room.boards.sealed` knows
        accounts and seats' tokens only)."""
        player, _, _ = await player_of(connection)
        if player is None:
            return False
        async with self.store.engine.connect() as reading:
            row = (await reading.execute(played.select().where(played.c.table_id == table_id))).first()
        if row is None:
            return False
        if row.player == player:
            return True
        mine = await self._rows(played.c.day == row.day, played.c.game == row.game, played.c.board == row.board,
                                played.c.player == player)
        return bool(mine) and mine[0]["points"] is not None

    async def daily_tables(self, table_ids: list[str]) -> set[str]:
        """Those of ``table_ids`` that play a board of the day (no listing shows them)."""
        if not table_ids:
            return set()
        async with self.store.engine.connect() as connection:
            found = await connection.execute(sa.select(played.c.table_id).where(played.c.table_id.in_(table_ids)))
            return set(found.scalars())

    # ------------------------------------------------------------------ what the API answers
    async def overview(self, connection: HTTPConnection, lang: str) -> dict[str, object]:
        """Today's boards of every game, and where the asker stands on each: ``new``, ``playing`` (his seat's
        link) or ``finished``; how many have finished each."""
        player, _, _ = await player_of(connection)
        day = self.settings.today()
        games = []
        for game in daily_games():
            boards = []
            for number in range(1, self.settings.boards + 1):
                board = board_of(self.settings, game.name, number, lang)
                rows = await self._rows(*self._of_board(board))
                mine = next((row for row in rows if row["player"] == player), None)
                entry: dict[str, object] = {"number": number, "seats": board.seats,
                                            "players": sum(row["points"] is not None for row in rows),
                                            "state": "new" if mine is None else
                                            "playing" if mine["points"] is None else "finished"}
                if mine is not None and mine["points"] is None:
                    entry["url"] = await self._seat_url(mine)
                boards.append(entry)
            games.append({"game": game.name, "title": game.title, "boards": boards})
        return {"day": day.isoformat(), "games": games}

    async def _seat_url(self, row: Mapping[str, Any]) -> str:
        seats = await self.store.seats(row["table_id"])
        token = seats[row["seat"]].token
        return f"/tables/{row['table_id']}?token={token}&daily=1"

    async def play(self, connection: HTTPConnection, game_name: str, number: int, name: object,
                   lang: str) -> tuple[dict[str, object], str | None]:
        """Sit the asker at board ``number`` of ``game_name`` against the bots, or back at his table if he is
        playing it; 409 once he has played it. The answer, and a new guest's cookie secret to set."""
        w = room_words(lang)
        board = board_of(self.settings, game_name, number, lang)
        player, account_id, account_name = await player_of(connection)
        secret = None
        if player is None:
            secret = new_guest_secret()
            player = f"guest:{guest_digest(secret)}"
        mine = await self._mine(board, player)
        if mine is not None and mine["points"] is not None:
            raise DailyRefused(409, w("You have played board {number} of {title} today; its results are yours to "
                                      "see.", number=number, title=load(board.game).title))
        if mine is not None:
            url = await self._seat_url(mine)
            return {"table": mine["table_id"], "seat": mine["seat"], "url": url}, secret
        shown = account_name if account_name is not None else self.room.checked_name(name, w)
        seat, place = eldest(board)
        level = self.settings.bot or load(board.game).strongest()
        opened = await open_board_table(self.room, board, key=day_key(self.settings.today(), board), seats=[
            BoardSeat(name=shown, account_id=account_id) if number == seat else BoardSeat(bot=level)
            for number in range(board.seats)])
        table_id, token = opened.table.id, opened.seats[seat].token
        day = self.settings.today().isoformat()

        def sit(write: sa.Connection) -> bool:
            """Through the room's writer (a write of its own would contend with it on SQLite); read first on the
            same connection: his other request (another tab, another process) may have sat him already."""
            if write.execute(sa.select(played.c.table_id).where(
                    played.c.day == day, played.c.game == board.game, played.c.board == number,
                    played.c.player == player)).first() is not None:
                return False
            write.execute(played.insert().values(
                day=day, game=board.game, board=number, player=player, table_id=table_id, seat=seat, place=place,
                name=shown, account_id=account_id, started=now()))
            return True

        try:
            sat = bool(await self.store.apply(sit))
        except StoreError:  # two processes sat him at once: the key kept the first, whose seat is his
            sat = False
        if not sat:
            mine = await self._mine(board, player)
            if mine is None:
                raise StoreError(f"board {number} of {board.game}: no seat kept for this player")
            return {"table": mine["table_id"], "seat": mine["seat"], "url": await self._seat_url(mine)}, secret
        return {"table": table_id, "seat": seat, "url": f"/tables/{table_id}?token={token}&daily=1"}, secret

    async def results(self, connection: HTTPConnection, game_name: str, number: int,
                      lang: str) -> dict[str, object]:
        """The asker's result on a board he has finished against everyone who played it (the board's travelling
        sheet at his place), and against the bots' mark; 403 before he has finished it."""
        w = room_words(lang)
        board = board_of(self.settings, game_name, number, lang)
        player, _, _ = await player_of(connection)
        mine = await self._mine(board, player)
        if mine is None or mine["points"] is None:
            raise DailyRefused(403, w("The results of a board of the day are shown to those who have played it: "
                                      "play board {number} of {title} first.", number=number,
                                      title=load(board.game).title))
        game = load(board.game)
        rows = [row for row in await self._rows(*self._of_board(board)) if row["points"] is not None
                and row["place"] == mine["place"]]
        lines = compare(game, number, rows)
        own = Result(board=number, place=mine["place"], entrant=str(player), points=mine["points"])
        yours = next(line for row, line in lines if row["player"] == player)
        return {"day": self.settings.today().isoformat(), "game": game.name, "title": game.title, "board": number,
                "scales": [str(scale) for scale in duplicate.scales(game)], "players": len(rows),
                "yours": sheet_entry(mine, yours, yours=True),
                "sheet": [sheet_entry(row, line, yours=row["player"] == player) for row, line in lines],
                "bots": mark_entry(await self.mark(board), game, own)}


def day_key(day: datetime.date, board: Board) -> str:
    """The board key of a board of the day (:mod:`academie.room.boards`): every table with it holds its cards.

    >>> from datetime import date
    >>> day_key(date(2026, 12, 5), duplicate.boards_of_the_day(load("whist"), date(2026, 12, 5))[0])
    'daily:2026-12-05:whist:1'
    """
    return f"daily:{day.isoformat()}:{board.game}:{board.number}"


# ------------------------------------------------------------------------------------------------ HTTP
def daily_api(app: FastAPI, daily: Daily) -> None:
    """The board of the day's page and API (docs/card-room.md)."""

    @app.get("/daily", response_class=HTMLResponse, include_in_schema=False)
    def daily_page() -> HTMLResponse:
        """Today's boards, each to play against the bots, then its results."""
        return page_shell("daily")

    @app.get("/api/daily")
    async def today(request: Request) -> dict[str, object]:
        """Today's boards of every game and where the asker stands on each (``new``, ``playing`` with his seat's
        link, ``finished``), and how many have finished each."""
        return await daily.overview(request, request_lang(request))

    @app.post("/api/daily/{game}/{board}/play", openapi_extra=body_schema(NameRequest))
    async def play(game: str, board: int, request: Request) -> JSONResponse:
        """Play board ``board`` of ``game`` today against the bots (a guest gives his name; a logged-in player
        plays as his account): the seat's link (``{"table", "seat", "url"}``), the same while he plays it; 409
        once he has played it. A guest is given the cookie that keeps his boards apart."""
        lang = request_lang(request)
        body = await read_body(request, NameRequest, lang)
        answer, secret = await daily.play(request, game, board, body.name, lang)
        response = JSONResponse(answer)
        if secret is not None:
            response.set_cookie(GUEST_COOKIE, secret, max_age=GUEST_COOKIE_DAYS * 86400, httponly=True,
                                samesite="lax", secure=over_tls(request))
        return response

    @app.get("/api/daily/{game}/{board}")
    async def results(game: str, board: int, request: Request) -> dict[str, object]:
        """The asker's result on a board he has finished, against everyone who played it at his place (the
        travelling sheet: matchpoints, percentage, and at Whist the difference scale) and against the strongest
        bots' mark, with each table's replay; 403 before he has finished it."""
        return await daily.results(request, game, board, request_lang(request))


async def has_played(connection: HTTPConnection, table_id: str) -> bool:
    """Whether the asker may see the cards of ``table_id`` as a player of its board of the day
    (:meth:`Daily.has_played`; False for any other table, or a room without the board of the day)."""
    daily: Daily | None = getattr(connection.app.state, "daily", None)
    return daily is not None and await daily.has_played(connection, table_id)


async def unlisted(request: Request, entries: Sequence[Listed]) -> list[Listed]:
    """``entries`` (a listing of tables) without the tables of boards of the day: listed, they would let anyone
    watch or replay the day's cards."""
    daily: Daily | None = getattr(request.app.state, "daily", None)
    if daily is None:
        return list(entries)
    hidden = await daily.daily_tables([entry["table"] for entry in entries])
    return [entry for entry in entries if entry["table"] not in hidden]
