"""The tables this process serves: created, joined, left, loaded from the database on demand, restored after a
restart, and kept in step with the other processes' changes (their notifications).

The errors a person can fix are :class:`RoomError` with an HTTP status and the words that say what was wrong and
what is allowed, in the requester's language.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from academie.engine import AcademieError, Mode, rules_from_dict, rules_to_dict
from academie.games import GAMES, GameType
from academie.room.limits import RoomInputError, clean_chat, clean_name
from academie.room.store import FINISHED, OPEN, RUNNING, SeatRow, Store, TableRow
from academie.room.tables import Connection, LiveTable, new_state, room_words
from academie.room.workers import Workers

log = logging.getLogger("academie.room")
MAX_SEED = 2**62
"""Seeds of new tables are below this (they fit a signed 64-bit column)."""
MAX_TAKEOVER_AFTER = 3600.0
"""The longest a table may wait for an absent player before its takeover bot plays (seconds)."""
HEARTBEAT_SECONDS = 5.0
"""Several processes: each says it is alive this often; the presence of a process not heard from in three
heartbeats (stopped, crashed, cut off) is forgotten, so its players count as away again."""
RESERVED_OPTIONS = frozenset({"version", "players", "mode"})
"""Rules options given outside ``options``: the version is the library's, the table size and mode are fields."""


class RoomError(AcademieError):
    """A request the room refuses: its HTTP ``status`` and the words saying what was wrong and what is allowed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True, slots=True)
class NewTable:
    """What ``POST /api/tables`` asks for (see docs/card-room.md)."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    players: int | None = None
    bots: dict[str, str] = field(default_factory=dict)
    mode: str | None = None
    names: dict[str, str] = field(default_factory=dict)
    seed: int | None = None
    takeover: str | None = None
    takeover_after: float = 30.0


def token() -> str:
    """An unguessable seat token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def seat_url(table_id: str, seat_token: str) -> str:
    return f"/tables/{table_id}?token={seat_token}"


def now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _seat_number(key: str, players: int, w: Any) -> int:
    if not (key.isascii() and key.isdigit() and int(key) < players):
        raise RoomError(400, w("Seat {seat} does not exist; allowed: 0 to {last}.", seat=key, last=players - 1))
    return int(key)


class Room:
    """Every table this process has in memory, by id."""

    def __init__(self, store: Store, workers: Workers) -> None:
        self.store = store
        self.workers = workers
        self.live: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self.process = secrets.token_hex(6)
        """This process's name in the presence notifications it sends to the others (PostgreSQL)."""
        self.heard: dict[str, float] = {}
        """When each other process was last heard of (any presence notification or heartbeat)."""
        self._announcing: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ creating
    def _game(self, name: str, w: Any) -> GameType:
        game = GAMES.get(name.strip().lower()) if isinstance(name, str) else None
        if game is None:
            raise RoomError(400, w("Unknown game {game}; available: {games}.", game=name, games=", ".join(GAMES)))
        return game

    def _players(self, game: GameType, players: int | None, w: Any) -> int:
        count = game.min_seats if players is None else players
        if not game.min_seats <= count <= game.max_seats:
            raise RoomError(400, w("{game} is played by {low} to {high} players, not {count}.", game=game.title,
                                   low=game.min_seats, high=game.max_seats, count=count))
        return count

    def _options(self, game: GameType, spec: NewTable, w: Any) -> dict[str, Any]:
        reserved = sorted(RESERVED_OPTIONS & set(spec.options))
        if reserved:
            raise RoomError(400, w("Give the number of players and the mode as fields of their own, not as options: "
                                   "{options}.", options=", ".join(reserved)))
        mode = spec.mode or Mode.ENFORCED.value
        allowed = [m.value for m in Mode]
        if mode not in allowed:
            raise RoomError(400, w("Unknown mode {mode}; allowed: {modes}.", mode=mode, modes=", ".join(allowed)))
        options = dict(spec.options) | {"mode": mode}
        try:
            rules_from_dict(game.rules, options)
        except (AcademieError, ValueError, TypeError) as error:
            raise RoomError(400, w("Rules options refused: {error}", error=str(error))) from None
        return options

    def _bots(self, game: GameType, spec: NewTable, players: int, w: Any) -> dict[int, str]:
        bots: dict[int, str] = {}
        for key, name in spec.bots.items():
            seat = _seat_number(key, players, w)
            if name not in game.bots:
                raise RoomError(400, w("Unknown bot {bot}; the bots of this game: {bots}.", bot=name,
                                       bots=", ".join(game.bots)))
            bots[seat] = name
        if spec.takeover is not None and spec.takeover not in game.bots:
            raise RoomError(400, w("Unknown bot {bot}; the bots of this game: {bots}.", bot=spec.takeover,
                                   bots=", ".join(game.bots)))
        return bots

    def _names(self, spec: NewTable, players: int, bots: dict[int, str], w: Any) -> dict[int, str]:
        names: dict[int, str] = {}
        for key, name in spec.names.items():
            seat = _seat_number(key, players, w)
            if seat in bots:
                raise RoomError(400, w("Seat {seat} is a bot's: only a player's seat takes a name.", seat=seat))
            names[seat] = self._clean_name(name, w)
        return names

    @staticmethod
    def _clean_name(name: object, w: Any) -> str:
        try:
            return clean_name(name)
        except RoomInputError:
            raise RoomError(400, w("A name has 1 to {most} characters, without < > & \" ' {{ }} [ ].",
                                   most=24)) from None

    async def create(self, spec: NewTable, lang: str) -> dict[str, Any]:
        """Create a table; the answer of ``POST /api/tables``."""
        w = room_words(lang)
        game = self._game(spec.game, w)
        players = self._players(game, spec.players, w)
        options = self._options(game, spec, w)
        bots = self._bots(game, spec, players, w)
        names = self._names(spec, players, bots, w)
        if spec.seed is not None and not (isinstance(spec.seed, int) and 0 <= spec.seed < MAX_SEED):
            raise RoomError(400, w("A seed is a whole number from 0 to {most}.", most=MAX_SEED - 1))
        if not 0 <= spec.takeover_after <= MAX_TAKEOVER_AFTER:
            raise RoomError(400, w("takeover_after is a number of seconds from 0 to {most}.",
                                   most=int(MAX_TAKEOVER_AFTER)))
        seed = secrets.randbelow(MAX_SEED) if spec.seed is None else spec.seed
        seats = [SeatRow(seat, names.get(seat), None if seat in bots else token(), bots.get(seat))
                 for seat in range(players)]
        free = any(row.bot is None and row.name is None for row in seats)
        row = TableRow(id=secrets.token_urlsafe(9), game=game.name, options=options, seed=seed, players=players,
                       mode=options["mode"], takeover=spec.takeover, takeover_after=float(spec.takeover_after),
                       status=OPEN if free else RUNNING, result="*", created=now())
        try:
            new_state(game, row)
        except (AcademieError, ValueError) as error:
            raise RoomError(400, w("Rules options refused: {error}", error=str(error))) from None
        await self.store.create(row, seats)
        table = await self.get(row.id)
        if table is not None:
            table.kick()
        return {"table": row.id, "watch": f"/tables/{row.id}",
                "seats": {str(seat.seat): {"token": seat.token, "url": seat_url(row.id, seat.token)}
                          for seat in seats if seat.token is not None}}

    # ------------------------------------------------------------------ loading
    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loaded from the database (and its log replayed) the first time it is wanted."""
        table = self.live.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.live.get(table_id)
            if table is not None:
                return table
            row = await self.store.table(table_id)
            if row is None:
                return None
            table = LiveTable(row, await self.store.seats(table_id), store=self.store, workers=self.workers)
            table.replay(await self.store.actions(table_id))
            chat = await self.store.chat(table_id, last=1)
            table.chat_seen = chat[-1].id if chat else 0
            table.on_presence = lambda seat, present: self._announce(table_id, f"presence:{seat}:{self.process}:"
                                                                             f"{int(present)}")
            self.live[table_id] = table
            self._announce(table_id, "ask")  # the processes where its seats are connected say so
            return table

    # ------------------------------------------------------------------ presence across processes
    def _announce(self, table_id: str, kind: str) -> None:
        """Notify the other processes (PostgreSQL only), without holding up the caller."""
        if self.store.notify is None:
            return
        task = asyncio.get_running_loop().create_task(self.store.announce(table_id, kind))
        self._announcing.add(task)
        task.add_done_callback(self._announced)

    def _announced(self, task: asyncio.Task[None]) -> None:
        self._announcing.discard(task)
        if not task.cancelled() and task.exception() is not None:  # a lost notice: the heartbeat mends it
            log.warning("presence notification failed: %s", task.exception())

    def _on_presence(self, table: LiveTable, kind: str) -> None:
        """``presence:SEAT:PROCESS:0|1`` from another process, or ``ask``: say which seats are connected here."""
        if kind == "ask":
            for number in range(len(table.seats)):
                if table.connected_here(number):
                    table.on_presence(number, True)
            return
        parts = kind.split(":")
        if len(parts) != 4:
            return
        _, seat, process, present = parts
        if process != self.process and seat.isdigit() and present in ("0", "1"):
            self.heard[process] = time.monotonic()
            table.remote_presence(int(seat), process, present == "1")

    async def heartbeat(self) -> None:
        """PostgreSQL: say this process is alive, and forget the presence of those not heard from."""
        while True:
            self._announce(self.process, "alive")
            limit = time.monotonic() - 3 * HEARTBEAT_SECONDS
            for table in list(self.live.values()):
                for seat, processes in list(table.remote.items()):
                    for process in [name for name in processes if self.heard.get(name, 0.0) < limit]:
                        table.remote_presence(seat, process, False)
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def restore(self) -> int:
        """Load every unfinished table (after a start or a crash) and let its bots play on; how many."""
        rows = await self.store.tables_with((OPEN, RUNNING), limit=100_000)
        for row in rows:
            table = await self.get(row.id)
            if table is not None:
                table.kick()
        return len(rows)

    async def on_notify(self, table_id: str, kind: str) -> None:
        """Another process (or this one) changed a table: catch up if it is live here."""
        if kind == "alive":  # a heartbeat: ``table_id`` is the process
            self.heard[table_id] = time.monotonic()
            return
        table = self.live.get(table_id)
        if table is None:
            return
        if kind == "ask" or kind.startswith("presence:"):
            self._on_presence(table, kind)
        elif kind == "action":
            await table.catch_up()
        elif kind == "seats":
            await table.reload_seats()
        elif kind == "chat":
            await table.refresh_chat()

    async def catch_up_all(self) -> None:
        """After a lost notification channel: every live table reads what it may have missed."""
        for table in list(self.live.values()):
            await table.catch_up()
            await table.reload_seats()
            await table.refresh_chat()
            self._announce(table.row.id, "ask")  # presence notices may have been missed too

    def release(self, table: LiveTable) -> None:
        """Forget a finished table nobody watches (it is loaded again from the database if asked for)."""
        if table.finished and not table.connections and self.live.get(table.row.id) is table:
            table.stop()
            del self.live[table.row.id]

    def close(self) -> None:
        for table in self.live.values():
            table.stop()

    # ------------------------------------------------------------------ seats
    async def table_or_404(self, table_id: str, lang: str) -> LiveTable:
        table = await self.get(table_id)
        if table is None:
            raise RoomError(404, room_words(lang)("There is no table {table}.", table=table_id))
        return table

    async def join(self, table_id: str, seat: object, name: object, lang: str) -> dict[str, Any]:
        w = room_words(lang)
        table = await self.table_or_404(table_id, lang)
        players = len(table.seats)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise RoomError(400, w("Seat {seat} does not exist; allowed: 0 to {last}.", seat=seat, last=players - 1))
        clean = self._clean_name(name, w)
        row = table.seats[seat]
        if table.finished:
            raise RoomError(409, w("The game is over: no more actions."))
        if row.bot is not None or row.name is not None or row.token is None:
            raise RoomError(409, w("Seat {seat} is taken.", seat=seat))
        others = [other for other in table.seats if other.seat != seat]
        status = FINISHED if table.finished else (
            OPEN if any(other.bot is None and other.name is None for other in others) else RUNNING)
        if not await self.store.set_seat(table_id, seat, name=clean, token=row.token, expect_name=None,
                                         status=status):
            raise RoomError(409, w("Seat {seat} is taken.", seat=seat))
        await table.reload_seats()
        return {"token": row.token, "url": seat_url(table_id, row.token)}

    async def leave(self, table_id: str, seat_token: str, lang: str) -> dict[str, Any]:
        w = room_words(lang)
        table = await self.table_or_404(table_id, lang)
        seat = table.seat_of(seat_token)
        if seat is None:
            raise RoomError(403, w("This token holds no seat at table {table}.", table=table_id))
        row = table.seats[seat]
        status = FINISHED if table.finished else OPEN
        await self.store.set_seat(table_id, seat, name=None, token=token(), expect_name=row.name, status=status)
        await table.reload_seats()
        for connection in list(table.connections):
            if connection.seat == seat:
                connection.send('{"type":"left"}')
        return {"left": seat}

    async def chat(self, table: LiveTable, connection: Connection, text: object) -> None:
        w = room_words(connection.lang)
        try:
            line = clean_chat(text)
        except RoomInputError:
            raise RoomError(400, w("A chat line has 1 to {most} characters of text.", most=300)) from None
        seat = connection.seat
        name = (table.seats[seat].name or w("Seat {seat}", seat=seat)) if seat is not None else w("Spectator")
        await self.store.add_chat(table.row.id, seat=seat, name=name, text=line)
        await table.refresh_chat()

    # ------------------------------------------------------------------ summaries
    def summary(self, table: LiveTable, lang: str) -> dict[str, Any]:
        w = room_words(lang)
        status = table.status()
        words = {OPEN: w("waiting for players"), RUNNING: w("in play"), FINISHED: w("game over")}
        defaults = rules_to_dict(table.game.rules())
        options = {name: value for name, value in table.row.options.items() if defaults.get(name) != value}
        return {"table": table.row.id, "game": table.game.name, "title": table.game.title,
                "players": table.row.players, "mode": table.row.mode, "options": options, "status": status,
                "status_text": words[status], "seq": table.seq, "seats": table.seat_list(),
                "result": table.game.record.result_text(table.state), "created": table.row.created,
                "finished": table.row.finished}
