"""The tables this process serves: created; their seats joined, claimed, left and handed over by their creators;
loaded from the database on demand and let go of when idle (at most ``max_live`` in memory); restored after a
restart, and kept in step with the other processes' changes (their notifications).

The errors a person can fix are :class:`RoomError` with an HTTP status and the words that say what was wrong and
what is allowed, in the requester's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Final

from academie.engine import AcademieError, Mode, rules_from_dict
from academie.games import GAMES, GameType
from academie.room import standings
from academie.room.drivers import Drivers, SoleWheels
from academie.room.limits import MAX_NAME, NameTooLong, RoomInputError, clean_chat, clean_name, cut_echoes, echo
from academie.room.notify import told_action
from academie.room.store import (
    BOT,
    FINISHED,
    OPEN,
    PLAYING,
    RESERVED,
    WAITING,
    ActionRow,
    SeatRow,
    Store,
    TableRow,
    now,
)
from academie.room.summary import FinishedSummary, TableSummary, finished_summary, live_summary, stored_summary
from academie.room.tables import (
    CHAT_HISTORY,
    Connection,
    LiveTable,
    Outbox,
    counted,
    dumps,
    new_state,
    room_words,
    seat_name,
    status_of,
)
from academie.room.workers import Workers
from academie.words import Words

log = logging.getLogger("academie.room")
MAX_SEED = 2**62
"""Seeds of new tables are below this (they fit a signed 64-bit column)."""
MAX_TAKEOVER_AFTER = 3600.0
"""The longest a table may wait for an absent player before its takeover bot plays (seconds)."""
MIN_DECISION: Final = 5.0
"""Time controls: the shortest time a table may give each decision (seconds)."""
MAX_DECISION: Final = 3600.0
"""Time controls: the longest time a table may give each decision (seconds)."""
MAX_RESERVE: Final = 7200.0
"""Time controls: the largest reserve a table may give each player (seconds)."""
HEARTBEAT_SECONDS = 5.0
"""Several processes: each says it is alive this often; the presence of a process not heard from in three
heartbeats (stopped, crashed, cut off) is forgotten, so its players count as away again."""
RESERVED_OPTIONS = frozenset({"version", "players", "mode"})
"""Rules options given outside ``options``: the version is the library's, the table size and mode are fields."""
INVITED, OPEN_TO_ANYONE = "invited", "open"
"""How a player's seat is given at creation (``access``): by its link alone, or to anyone who joins it."""
MAX_LIVE: Final = 1000
"""Tables kept in memory (past this, the idle ones leave, least recently used first)."""
LISTED: Final = 200
"""Unfinished tables the lobby's list shows (newest first)."""
ANNOUNCED_AT_ONCE: Final = 256
"""The most notifications of presence sent in one statement (PostgreSQL takes at most 1,664 columns)."""
READS_AT_ONCE: Final = 8
"""The tables a process loads, or catches up from the database in the background, at once (its pool holds 30
connections: the rest stay for the players' requests; thousands of reads at once would wait past the pool's
timeout)."""


class RoomError(AcademieError):
    """A request the room refuses: its HTTP ``status`` and the words saying what was wrong and what is allowed
    (``headers``: more for the answer, such as a 429's Retry-After)."""

    def __init__(self, status: int, message: str, *, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


@dataclass(frozen=True, slots=True)
class NewTable:
    """What ``POST /api/tables`` asks for (see docs/card-room.md)."""

    game: str
    options: dict[str, object] = field(default_factory=dict)
    players: int | None = None
    bots: dict[str, str] = field(default_factory=dict)
    mode: str | None = None
    names: dict[str, str] = field(default_factory=dict)
    seed: int | None = None
    takeover: str | None = None
    takeover_after: float = 30.0
    access: dict[str, str] = field(default_factory=dict)
    clock: dict[str, float] | None = None
    """Time controls: ``{"decision": seconds, "reserve": seconds}`` (None: no clock)."""
    rated: bool = False
    """Its result moves the ratings: only for a creator logged in, and every player's seat then needs an account."""
    account_id: int | None = None
    """The creator's account (None: a guest); not a field of the request: the session says it."""
    account_name: str | None = None


def latest_presence(changes: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``changes`` to announce in one transaction, each seat's presence in a process told once, as it is last
    (PostgreSQL delivers one of identical notifications of a transaction: connected, gone, connected again would
    arrive as connected, gone), the others once each, in the order they were last asked for."""
    latest: dict[tuple[str, str], tuple[str, str]] = {}
    for table_id, kind in changes:
        key = (table_id, kind.rpartition(":")[0] if kind.startswith("presence:") else kind)
        latest.pop(key, None)
        latest[key] = (table_id, kind)
    return list(latest.values())


def token() -> str:
    """An unguessable seat token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def digest(secret: str) -> str:
    """What the room stores of a creator's token: its SHA-256 (the token's 192 random bits need no slow hash)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def seat_url(table_id: str, seat_token: str, owner: str | None = None) -> str:
    """A seat's link (the creator's also carries the creator's token)."""
    return f"/tables/{table_id}?token={seat_token}" + (f"&owner={owner}" if owner is not None else "")


def _created(table_id: str, seats: list[SeatRow], owner: str) -> dict[str, object]:
    """The answer of ``POST /api/tables``: the creator's token and link, a link per invited seat (the first, the
    creator's own, also carries the creator's token)."""
    invited = [seat for seat in seats if seat.token is not None]
    creator = invited[0].seat if invited else None
    return {"table": table_id, "watch": f"/tables/{table_id}", "creator_seat": creator,
            "owner": {"token": owner, "url": f"/tables/{table_id}?owner={owner}"},
            "seats": {str(seat.seat): {"token": seat.token, "url": seat_url(
                table_id, seat.token, owner if seat.seat == creator else None)}
                for seat in invited if seat.token is not None}}


def _cut(error: Exception, options: Mapping[str, object]) -> str:
    """The rules' own refusal, with the options' long names and values it repeats cut short."""
    return cut_echoes(str(error), [*options, *options.values()])


def _no_seat(seat: object, players: int, w: Words) -> RoomError:
    return RoomError(400, w("Seat {seat} does not exist; allowed: 1 to {players}.", seat=counted(seat),
                            players=players))


def _seat_number(key: str, players: int, w: Words) -> int:
    if not (key.isascii() and key.isdigit() and int(key) < players):
        raise _no_seat(key, players, w)
    return int(key)


class Room:
    """Every table this process has in memory, by id."""

    def __init__(self, store: Store, workers: Workers, *, max_live: int = MAX_LIVE, process: str | None = None,
                 drivers: Drivers | None = None) -> None:
        self.store = store
        self.workers = workers
        self.drivers = drivers or SoleWheels()
        """Which tables this process drives (several processes: :class:`academie.room.drivers.Wheels`)."""
        self.max_live = max_live
        self.live: OrderedDict[str, LiveTable] = OrderedDict()
        """The tables in memory, the least recently used first."""
        self._loads: dict[str, asyncio.Task[LiveTable | None]] = {}
        """The tables being loaded from the database, each by one task (:meth:`get`)."""
        self._reads = asyncio.Semaphore(READS_AT_ONCE)
        self.process = process or secrets.token_hex(6)
        """This process's name in the notifications it sends to the others (PostgreSQL)."""
        self.heard: dict[str, float] = {}
        """When each other process was last heard of (any presence notification or heartbeat)."""
        self._unsent: list[tuple[str, str]] = []
        """The notifications asked for while the last were sent (:meth:`_announce`)."""
        self._announcer: asyncio.Task[None] | None = None
        self._reading: dict[str, asyncio.Task[None]] = {}
        """The last read of each table's changes from the database under way (:meth:`on_notify`)."""
        self.outbox = Outbox()
        """Every connection's messages, held while the callers of a committed batch run (:class:`Outbox`)."""
        store.writer.settled = self.outbox.hold

    # ------------------------------------------------------------------ creating
    def _game(self, name: str, w: Words) -> GameType:
        game = GAMES.get(name.strip().lower()) if isinstance(name, str) else None
        if game is None:
            raise RoomError(400, w("Unknown game {game}; available: {games}.", game=echo(name), games=", ".join(GAMES)))
        return game

    def _players(self, game: GameType, players: int | None, w: Words) -> int:
        count = game.min_seats if players is None else players
        if not game.min_seats <= count <= game.max_seats:
            raise RoomError(400, w("{game} is played by {low} to {high} players, not {count}.", game=game.title,
                                   low=game.min_seats, high=game.max_seats, count=count))
        return count

    def _options(self, game: GameType, spec: NewTable, w: Words) -> dict[str, object]:
        reserved = sorted(RESERVED_OPTIONS & set(spec.options))
        if reserved:
            raise RoomError(400, w("Give the number of players and the mode as fields of their own, not as options: "
                                   "{options}.", options=", ".join(reserved)))
        mode = spec.mode or Mode.ENFORCED.value
        allowed = [m.value for m in Mode]
        if mode not in allowed:
            raise RoomError(400, w("Unknown mode {mode}; allowed: {modes}.", mode=echo(mode), modes=", ".join(allowed)))
        options = dict(spec.options) | {"mode": mode}
        try:
            rules_from_dict(game.rules, options)
        except (AcademieError, ValueError, TypeError) as error:
            raise RoomError(400, w("Rules options refused: {error}", error=_cut(error, spec.options))) from None
        return options

    def _bots(self, game: GameType, spec: NewTable, players: int, w: Words) -> dict[int, str]:
        bots: dict[int, str] = {}
        for key, name in spec.bots.items():
            seat = _seat_number(key, players, w)
            if name not in game.bots:
                raise RoomError(400, w("Unknown bot {bot}; the bots of this game: {bots}.", bot=echo(name),
                                       bots=", ".join(game.bots)))
            bots[seat] = name
        if spec.takeover is not None and spec.takeover not in game.bots:
            raise RoomError(400, w("Unknown bot {bot}; the bots of this game: {bots}.", bot=echo(spec.takeover),
                                   bots=", ".join(game.bots)))
        return bots

    def _names(self, spec: NewTable, players: int, bots: dict[int, str], w: Words) -> dict[int, str]:
        names: dict[int, str] = {}
        for key, name in spec.names.items():
            seat = _seat_number(key, players, w)
            if seat in bots:
                raise RoomError(400, w("Seat {seat} is a bot's: only a player's seat takes a name.",
                                       seat=counted(seat)))
            names[seat] = self._clean_name(name, w)
        return names

    @staticmethod
    def _open_seats(spec: NewTable, players: int, bots: dict[int, str], names: dict[int, str], w: Words) -> set[int]:
        """The players' seats left open to anyone (``access``); every other player's seat is invited."""
        opened: set[int] = set()
        for key, access in spec.access.items():
            seat = _seat_number(key, players, w)
            if access not in (INVITED, OPEN_TO_ANYONE):
                raise RoomError(400, w("Unknown access {access} for seat {seat}; allowed: invited, open.",
                                       access=echo(access), seat=counted(seat)))
            if seat in bots:
                raise RoomError(400, w("Seat {seat} is a bot's: only a player's seat is invited or open.",
                                       seat=counted(seat)))
            if access == OPEN_TO_ANYONE and seat in names:
                raise RoomError(400, w("Seat {seat} is open to anyone: whoever joins it gives a name.",
                                       seat=counted(seat)))
            if access == OPEN_TO_ANYONE:
                opened.add(seat)
        return opened

    @staticmethod
    def _clean_name(name: object, w: Words) -> str:
        """A name as the room keeps it; a name too long is refused whole with its length, never cut."""
        try:
            return clean_name(name)
        except NameTooLong as long:
            raise RoomError(400, w("A name has at most {most} characters; this one has {count}.", most=MAX_NAME,
                                   count=long.length)) from None
        except RoomInputError:
            raise RoomError(400, w("A name has 1 to {most} characters, without < > & \" {{ }} [ ].",
                                   most=MAX_NAME)) from None

    checked_name = _clean_name

    @staticmethod
    def _clock(clock: dict[str, float] | None, w: Words) -> tuple[float | None, float | None]:
        """The time controls asked for: seconds per decision and of reserve (None, None: no clock)."""
        if clock is None:
            return None, None
        decision, reserve = float(clock["decision"]), float(clock.get("reserve", 0.0))
        if not MIN_DECISION <= decision <= MAX_DECISION:
            raise RoomError(400, w("A decision's time is {least} to {most} seconds.", least=int(MIN_DECISION),
                                   most=int(MAX_DECISION)))
        if not 0 <= reserve <= MAX_RESERVE:
            raise RoomError(400, w("A reserve is 0 to {most} seconds.", most=int(MAX_RESERVE)))
        return decision, reserve

    async def create(self, spec: NewTable, lang: str) -> dict[str, object]:
        """Create a table; the answer of ``POST /api/tables``."""
        w = room_words(lang)
        game = self._game(spec.game, w)
        players = self._players(game, spec.players, w)
        options = self._options(game, spec, w)
        bots = self._bots(game, spec, players, w)
        names = self._names(spec, players, bots, w)
        opened = self._open_seats(spec, players, bots, names, w)
        if spec.seed is not None and not (isinstance(spec.seed, int) and 0 <= spec.seed < MAX_SEED):
            raise RoomError(400, w("A seed is a whole number from 0 to {most}.", most=MAX_SEED - 1))
        if not 0 <= spec.takeover_after <= MAX_TAKEOVER_AFTER:
            raise RoomError(400, w("takeover_after is a number of seconds from 0 to {most}.",
                                   most=int(MAX_TAKEOVER_AFTER)))
        decision, reserve = self._clock(spec.clock, w)
        if spec.rated and spec.account_id is None:
            raise RoomError(400, w("Only a logged-in player creates a rated table: every player's seat of a rated "
                                   "table is held by an account. Log in, or create the table unrated."))
        seed = secrets.randbelow(MAX_SEED) if spec.seed is None else spec.seed
        seats = [SeatRow(seat, names.get(seat), None if seat in bots or seat in opened else token(), bots.get(seat))
                 for seat in range(players)]
        creator = next((seat for seat in seats if seat.token is not None), None)
        if creator is not None and spec.account_id is not None:  # a logged-in creator sits at once, as himself
            seats[creator.seat] = replace(creator, name=spec.account_name, claimed=now(),
                                          account_id=spec.account_id)
        elif creator is not None and creator.name is not None:  # the creator who gave his name sits at once
            seats[creator.seat] = replace(creator, claimed=now())
        owner = token()
        row = TableRow(id=secrets.token_urlsafe(9), game=game.name, options=options, seed=seed, players=players,
                       mode=str(options["mode"]), takeover=spec.takeover, takeover_after=float(spec.takeover_after),
                       status=status_of(seats, finished=False), result="*", created=now(), owner=digest(owner),
                       clock_decision=decision, clock_reserve=reserve, rated=spec.rated)
        try:
            new_state(game, row)
        except (AcademieError, ValueError) as error:
            raise RoomError(400, w("Rules options refused: {error}", error=_cut(error, spec.options))) from None
        await self.store.create(row, seats)
        # live at once, from what was just stored (nothing to read back: no action, no chat yet)
        table = self._keep(LiveTable(row, seats, store=self.store, workers=self.workers))
        table.kick()
        self.release(table)
        return _created(row.id, seats, owner)

    # ------------------------------------------------------------------ loading
    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loaded from the database (and its log replayed) when it is not in memory.

        The caller keeps it in memory while it uses it through :meth:`using`; a table got here and used across
        an ``await`` without that may leave memory meanwhile."""
        table = self.live.get(table_id)
        if table is not None:
            self.live.move_to_end(table_id)
            return table
        load = self._loads.get(table_id)
        if load is None:  # the first to ask loads it; the others wait for the same load
            load = self._loads[table_id] = asyncio.get_running_loop().create_task(self._load(table_id))
            load.add_done_callback(functools.partial(self._loaded, table_id))
        return await asyncio.shield(load)  # a caller that leaves does not stop the load the others wait for

    async def _load(self, table_id: str) -> LiveTable | None:
        """Read the table and replay its log. Tables load side by side, at most :data:`READS_AT_ONCE` reading: one
        at a time, a second process that its players reach loaded 2,000 tables in over a minute (issue 33)."""
        async with self._reads:
            row = await self.store.table(table_id)
            if row is None:
                return None
            table = LiveTable(row, await self.store.seats(table_id), store=self.store, workers=self.workers)
            table.replay(await self.store.actions(table_id))
            table.chat.extend(await self.store.chat(table_id, last=CHAT_HISTORY))
        return self._keep(table)

    def _loaded(self, table_id: str, load: asyncio.Task[LiveTable | None]) -> None:
        if self._loads.get(table_id) is load:
            del self._loads[table_id]

    def _keep(self, table: LiveTable) -> LiveTable:
        """Serve ``table`` from this process from now on."""
        table_id = table.row.id
        table.on_presence = lambda seat, present: self._announce(table_id, f"presence:{seat}:{self.process}:"
                                                                         f"{int(present)}")
        table.on_rest = lambda: self.release(table)
        table.drivers = self.drivers
        table.outbox = self.outbox
        self.live[table_id] = table
        self._trim(keep=table)
        self._announce(table_id, "ask")  # the processes where its seats are connected say so
        return table

    @asynccontextmanager
    async def using(self, table_id: str) -> AsyncIterator[LiveTable | None]:
        """The live table (None: there is none), kept in memory until the block ends."""
        table = await self.get(table_id)
        if table is None:
            yield None
            return
        table.holds += 1
        try:
            yield table
        finally:
            table.holds -= 1
            self.release(table)

    @asynccontextmanager
    async def table(self, table_id: str, lang: str) -> AsyncIterator[LiveTable]:
        """As :meth:`using`, or a 404 :class:`RoomError` when there is no such table."""
        async with self.using(table_id) as table:
            if table is None:
                raise RoomError(404, room_words(lang)("There is no table {table}.", table=echo(table_id)))
            yield table

    def release(self, table: LiveTable) -> None:
        """A table may have become idle: a finished one leaves memory at once, the others past :attr:`max_live`
        (it is loaded again from the database when someone connects or asks for it)."""
        if table.finished and table.idle and self.live.get(table.row.id) is table:
            self._forget(table)
        self._trim()

    def _trim(self, *, keep: LiveTable | None = None) -> None:
        """Past :attr:`max_live` tables, the least recently used idle ones leave memory (never one in use)."""
        excess = len(self.live) - self.max_live
        if excess <= 0:  # the usual case, at every release: no copy of the whole list
            return
        for table in list(self.live.values()):
            if excess <= 0:
                return
            if table is not keep and table.idle:
                self._forget(table)
                excess -= 1

    def _forget(self, table: LiveTable) -> None:
        table.stop()
        del self.live[table.row.id]
        self.drivers.let_go(table.row.id)

    # ------------------------------------------------------------------ presence across processes
    def _announce(self, table_id: str, kind: str) -> None:
        """Notify the other processes (PostgreSQL only), without holding up the caller. One transaction at a time
        sends everything asked meanwhile: a transaction each, the thousands of tables a process loads at once (each
        asking who is connected, each answered) took every connection of the pool, and the players' actions waited
        for one (issue 33)."""
        if self.store.notice is None:
            return
        self._unsent.append((table_id, kind))
        if self._announcer is None or self._announcer.done():
            self._announcer = asyncio.get_running_loop().create_task(self._send_announcements())

    async def _send_announcements(self) -> None:
        while self._unsent:
            changes = latest_presence(self._unsent)
            self._unsent = []
            for start in range(0, len(changes), ANNOUNCED_AT_ONCE):
                try:
                    await self.store.announce_all(changes[start:start + ANNOUNCED_AT_ONCE])
                except Exception as error:  # a lost notice: the next heartbeat or ask mends it
                    log.warning("presence notification failed: %s", error)

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
        """After a start or a crash, load the unfinished tables where bots play with people and let the bots play
        on; how many. The others wait in the database until someone connects or asks for them: a people's table
        moves only when they act, a bots-only one only while watched."""
        rows = await self.store.tables_with((WAITING, PLAYING), limit=100_000, bots_and_people=True)
        for row in rows:
            async with self.using(row.id) as table:
                if table is not None:
                    table.kick()
        return len(rows)

    async def on_notify(self, table_id: str, kind: str, body: str = "") -> None:
        """Another process changed a table: catch up if it is live here. An action that follows on from this
        process's copy is applied at once from the notification (``body``: :func:`academie.room.notify.action_kind`)
        and painted for this process's connections alone; what needs the database (an action missed or too long
        to tell, seats, chat) is read by a task of its own, after the table's earlier such reads, so that one
        table's read never holds up the notifications of the others."""
        if kind == "alive":  # a heartbeat: ``table_id`` is the process
            self.heard[table_id] = time.monotonic()
            return
        table = self.live.get(table_id)
        if table is None:
            load = self._loads.get(table_id)
            if load is not None:  # being loaded: what it read may be older than this change
                load.add_done_callback(functools.partial(self._changed_while_loading, kind))
            return
        self._changed(table, kind, body)

    def _changed_while_loading(self, kind: str, load: asyncio.Task[LiveTable | None]) -> None:
        """A change told while the table was being loaded, which may have read the log, seats or chat before it:
        read it again once the table is live (a dropped notice left a second process's copy an action behind, its
        player waiting for a move it was never shown)."""
        if load.cancelled() or load.exception() is not None:
            return
        table = load.result()
        if table is not None and self.live.get(table.row.id) is table:
            self._changed(table, kind, "")

    def _changed(self, table: LiveTable, kind: str, body: str) -> None:
        """Another process changed ``table``, live here (:meth:`on_notify`)."""
        table_id = table.row.id
        if kind == "ask" or kind.startswith("presence:"):
            self._on_presence(table, kind)
        elif kind == "action":
            told = told_action(body)
            row = None if told is None else ActionRow(*told)
            if row is None or table_id in self._reading or not self._follow(table, row):
                self._read_later(table, table.catch_up)
        elif kind == "seats":
            self._read_later(table, table.reload_seats)
        elif kind == "chat":
            self._read_later(table, table.refresh_chat)

    @staticmethod
    def _follow(table: LiveTable, row: ActionRow) -> bool:
        """Apply ``row``, another process's action, to ``table`` and show it to the connections here, if it follows
        on from the table's copy and nothing here is changing it (no await: nothing else runs meanwhile); True
        when the table then holds it (False: read the log)."""
        if row.seq <= table.seq:  # already read from the log (a race for a move, a reconnection)
            return True
        if row.seq != table.seq + 1 or table.lock.locked():
            return False
        table.replay([row])
        table.broadcast_pictures()
        table.kick()
        return True

    def _read_later(self, table: LiveTable, read: Callable[[], Awaitable[None]]) -> None:
        """Run ``read`` (it reads the table's changes from the database) once the table's earlier reads are done."""
        table_id = table.row.id
        before = self._reading.get(table_id)

        async def in_turn() -> None:
            if before is not None:
                with contextlib.suppress(Exception):  # its failure is logged by its own callback
                    await before
            async with self._reads:
                await read()

        task = asyncio.get_running_loop().create_task(in_turn())
        self._reading[table_id] = task
        task.add_done_callback(functools.partial(self._read, table_id))

    def _read(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self._reading.get(table_id) is task:
            del self._reading[table_id]
        if not task.cancelled() and task.exception() is not None:  # the next notification or reconnection mends it
            log.warning("catching up table %s failed: %s", table_id, task.exception())

    async def catch_up_all(self) -> None:
        """After a lost notification channel: every live table reads what it may have missed."""
        for table in list(self.live.values()):
            await table.catch_up()
            await table.reload_seats()
            await table.refresh_chat()
            self._announce(table.row.id, "ask")  # presence notices may have been missed too

    def close(self) -> None:
        for table in self.live.values():
            table.stop()
        for task in self._reading.values():
            task.cancel()
        if self._announcer is not None:
            self._announcer.cancel()

    # ------------------------------------------------------------------ seats
    async def _set_seat(self, table: LiveTable, new: SeatRow) -> bool:
        """Store ``new`` for its seat if the seat is still as the table shows it (nothing read back when it was:
        reading through aiosqlite's thread took 30 ms at p50 and 230 at p90 under a mixed load, most of a join)."""
        seats = [new if seat.seat == new.seat else seat for seat in table.seats]
        changed = await self.store.set_seat(table.row.id, table.seats[new.seat], new,
                                            status=status_of(seats, finished=table.finished))
        if changed:  # stored as this process saw it: the other seats as they are now, this one as stored
            table.set_seats([new if seat.seat == new.seat else seat for seat in table.seats])
        else:
            await table.reload_seats()
        return changed

    @staticmethod
    def _seat(table: LiveTable, seat: object, w: Words) -> SeatRow:
        """The seat numbered ``seat`` (400 if there is none)."""
        players = len(table.seats)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise _no_seat(seat, players, w)
        return table.seats[seat]

    seat_row = _seat

    @staticmethod
    def _refuse_unless_open(table: LiveTable, row: SeatRow, w: Words) -> None:
        if table.finished:
            raise RoomError(409, w("The game is over: no more actions."))
        if row.state == BOT:
            raise RoomError(409, w("Seat {seat} is a bot's.", seat=counted(row.seat)))
        if row.state == RESERVED:
            raise RoomError(409, w("Seat {seat} is reserved for the player invited to it: only the link sent to "
                                   "that player sits there.", seat=counted(row.seat)))
        if row.state != OPEN:
            raise RoomError(409, w("Seat {seat} is taken.", seat=counted(row.seat)))

    @staticmethod
    def refuse_guest_if_rated(table: LiveTable, account_id: int | None, w: Words) -> None:
        """A rated table seats account holders only (docs/card-room.md, accounts)."""
        if table.row.rated and account_id is None:
            raise RoomError(403, w("Table {table} is rated: only a logged-in player takes a seat there.",
                                   table=table.row.id))

    async def join(self, table_id: str, seat: object, name: object, lang: str, *,
                   account: tuple[int, str] | None = None) -> dict[str, object]:
        """Take a seat left open to anyone: a new token (and link) for the joiner alone; a logged-in joiner
        (``account``: its id and name) sits under his account's name and the seat records it."""
        w = room_words(lang)
        async with self.table(table_id, lang) as table:
            row = self._seat(table, seat, w)
            clean = self._clean_name(name, w) if account is None else account[1]
            self._refuse_unless_open(table, row, w)
            self.refuse_guest_if_rated(table, None if account is None else account[0], w)
            fresh = token()
            taken = SeatRow(row.seat, clean, fresh, None, now(), None if account is None else account[0])
            if not await self._set_seat(table, taken):
                raise RoomError(409, w("Seat {seat} is taken.", seat=counted(row.seat)))
        return {"token": fresh, "url": seat_url(table_id, fresh)}

    async def claim(self, table: LiveTable, seat: int, *, account: tuple[int, str] | None = None,
                    lang: str = "en") -> None:
        """A link's first connection: its seat is taken from now on; a logged-in player's link (``account``: its id
        and name) records his account on the seat, if none holds it yet (a rated table refuses a guest whose seat
        no account holds: :class:`RoomError`)."""
        row = table.seats[seat]
        account_id = None if account is None else account[0]
        if row.account_id is None:
            self.refuse_guest_if_rated(table, account_id, room_words(lang))
        if account is not None and row.account_id is None:  # he sits as his account from now on
            await self._set_seat(table, replace(row, name=account[1], claimed=row.claimed or now(),
                                                account_id=account[0]))
        elif row.claimed is None:
            await self._set_seat(table, replace(row, claimed=now()))

    async def take_invited(self, table_id: str, seat: int, account: tuple[int, str], lang: str) -> dict[str, object]:
        """An invited account holder takes the seat he was invited to, as its link would: a new token for him (the
        seat's old link dies); 409 when the seat is taken (or a bot's) meanwhile."""
        w = room_words(lang)
        async with self.table(table_id, lang) as table:
            row = self._seat(table, seat, w)
            if table.finished or row.state not in (OPEN, RESERVED):
                raise RoomError(409, w("Seat {seat} is taken: the invitation can no longer be accepted.",
                                       seat=counted(row.seat)))
            fresh = token()
            if not await self._set_seat(table, SeatRow(row.seat, account[1], fresh, None, now(), account[0])):
                raise RoomError(409, w("Seat {seat} is taken: the invitation can no longer be accepted.",
                                       seat=counted(row.seat)))
        return {"table": table_id, "seat": seat, "token": fresh, "url": seat_url(table_id, fresh)}

    async def rename(self, table_id: str, seat_token: str, name: object, lang: str) -> dict[str, object]:
        """The player of ``seat_token`` gives himself a name (every seat's picture then calls him by it)."""
        w = room_words(lang)
        async with self.table(table_id, lang) as table:
            seat = table.seat_of(seat_token)
            if seat is None:
                raise RoomError(403, w("This token holds no seat at table {table}.", table=echo(table_id)))
            clean = self._clean_name(name, w)
            if table.finished:
                raise RoomError(409, w("The game is over: no more actions."))
            if not await self._set_seat(table, replace(table.seats[seat], name=clean)):
                raise RoomError(409, w("Seat {seat} changed meanwhile: look at the table again.",
                                       seat=counted(seat)))
        return {"seat": seat, "name": clean}

    async def leave(self, table_id: str, seat_token: str, lang: str) -> dict[str, object]:
        """The seat of ``seat_token`` becomes open to anyone; the token acts no more."""
        w = room_words(lang)
        async with self.table(table_id, lang) as table:
            seat = table.seat_of(seat_token)
            if seat is None:
                raise RoomError(403, w("This token holds no seat at table {table}.", table=table_id))
            await self._vacate(table, replace(table.seats[seat], name=None, token=None, claimed=None,
                                              account_id=None), w)
        return {"left": seat}

    async def _vacate(self, table: LiveTable, new: SeatRow, w: Words) -> None:
        """Give a seat to ``new`` (open, or a bot's); its connections are told their token no longer acts. A rated
        game begun and not over is rated at once, lost by the seat's account (:mod:`academie.room.standings`)."""
        account = await standings.seat_account(self.store, table.row.id, new.seat)
        if not await self._set_seat(table, new):
            raise RoomError(409, w("Seat {seat} changed meanwhile: look at the table again.",
                                   seat=counted(new.seat)))
        if table.seq > 0 and not table.finished:
            await standings.rate_abandoned(self.store, table.row.id, new.seat, account)
        for connection in list(table.connections):
            if connection.seat == new.seat:
                connection.send('{"type":"left"}')

    # ------------------------------------------------------------------ the creator's controls
    @staticmethod
    def is_owner(table: LiveTable, owner: str | None) -> bool:
        """Whether ``owner`` is the table's creator's token (a table from before creators' tokens has none)."""
        stored = table.row.owner
        return owner is not None and stored is not None and hmac.compare_digest(stored, digest(owner))

    def _absent_seat(self, table: LiveTable, seat: object, owner: str | None, w: Words) -> SeatRow:
        """The seat the creator hands over: a player's, whose player is not at the table."""
        if not self.is_owner(table, owner):
            raise RoomError(403, w("Only the creator of table {table} (with the creator's token) may hand its seats "
                                   "over.", table=table.row.id))
        row = self._seat(table, seat, w)
        if table.finished:
            raise RoomError(409, w("The game is over: no more actions."))
        if row.state == BOT:
            raise RoomError(409, w("Seat {seat} is a bot's.", seat=counted(row.seat)))
        if table.connected(row.seat):
            raise RoomError(409, w("The player of seat {seat} is at the table: only an absent player's seat can be "
                                   "handed over.", seat=counted(row.seat)))
        return row

    async def hand_to_bot(self, table_id: str, seat: object, owner: str | None, bot: object,
                          lang: str) -> dict[str, object]:
        """The creator gives an absent player's seat to a bot, which plays it from now on; its link dies."""
        w = room_words(lang)
        async with self.table(table_id, lang) as table:
            row = self._absent_seat(table, seat, owner, w)
            if not isinstance(bot, str) or bot not in table.game.bots:
                raise RoomError(400, w("Unknown bot {bot}; the bots of this game: {bots}.", bot=echo(bot),
                                       bots=", ".join(table.game.bots)))
            await self._vacate(table, SeatRow(row.seat, None, None, bot), w)
        return {"seat": row.seat, "state": BOT, "bot": bot}

    async def give_to_bot(self, table_id: str, seat: int, bot: str) -> bool:
        """The room itself gives a person's seat to a bot (an event's round whose time ran out, a player who left the
        event: :mod:`academie.room.events`), as :meth:`hand_to_bot` without the creator; False: nothing to give."""
        w = room_words("en")
        async with self.table(table_id, "en") as table:
            row = table.seats[seat]
            if row.bot is not None or table.finished:
                return False
            await self._vacate(table, SeatRow(seat, None, None, bot), w)
        return True

    async def open_seat(self, table_id: str, seat: object, owner: str | None, lang: str) -> dict[str, object]:
        """The creator opens an absent player's seat to anyone; its link dies (``join`` mints a new one)."""
        w = room_words(lang)
        async with self.table(table_id, lang) as table:
            row = self._absent_seat(table, seat, owner, w)
            if row.state == OPEN:
                raise RoomError(409, w("Seat {seat} is already open to anyone.", seat=counted(row.seat)))
            await self._vacate(table, SeatRow(row.seat, None, None, None), w)
        return {"seat": row.seat, "state": OPEN}

    async def chat(self, table: LiveTable, connection: Connection, text: object) -> None:
        w = room_words(connection.lang)
        try:
            line = clean_chat(text)
        except RoomInputError:
            raise RoomError(400, w("A chat line has 1 to {most} characters of text.", most=300)) from None
        seat = connection.seat
        name = seat_name(table.seats[seat], w) if seat is not None else w("Spectator")
        await self.store.add_chat(table.row.id, seat=seat, name=name, text=line)
        await table.refresh_chat()

    # ------------------------------------------------------------------ the next game
    async def next_game(self, table_id: str, seat_token: str | None, owner: str | None, game_name: str | None,
                        lang: str) -> dict[str, object]:
        """Once a game is over, its players go on to another table with the same people (a rematch, or another
        game for as many), each moved one seat on: ``seat_token`` (a seat's) or ``owner`` (the creator's) asks.
        The first to ask creates it and the others find it; every connection of the finished table is told its
        link (``next`` messages)."""
        w = room_words(lang)
        async with self.table(table_id, lang) as table:
            seat = table.seat_of(seat_token) if seat_token else None
            if seat is None and not self.is_owner(table, owner):
                raise RoomError(403, w("Only the players of table {table} (with their links) may start its next game.",
                                       table=echo(table_id)))
            if not table.finished:
                raise RoomError(409, w("The next game starts once this one is over."))
            if table.row.next_table is None:
                await self._create_next(table, game_name, w)
            return await self._tell_next(table, seat)

    async def _create_next(self, table: LiveTable, game_name: str | None, w: Words) -> None:
        old = table.row
        game = self._game(game_name, w) if game_name is not None else table.game
        players = self._players(game, old.players, w)
        options: dict[str, object] = dict(old.options) if game.name == old.game else {"mode": old.mode}
        if game.min_seats == game.max_seats:
            options.pop("players", None)
        count = len(table.seats)
        seats = [SeatRow(0, None, None, None)] * count
        for seat in table.seats:  # everyone one seat on, so that the deal and the lead go round
            moved = (seat.seat + 1) % count
            if seat.bot is not None:
                seats[moved] = SeatRow(moved, None, None, seat.bot)
            elif seat.token is not None:
                seats[moved] = SeatRow(moved, seat.name, token(), None, account_id=seat.account_id)
            else:
                seats[moved] = SeatRow(moved, None, None, None)
        row = replace(old, id=secrets.token_urlsafe(9), game=game.name, options=options,
                      seed=secrets.randbelow(MAX_SEED), players=players, status=status_of(seats, finished=False),
                      result="*", created=now(), finished=None, next_table=None)
        try:
            new_state(game, row)
        except (AcademieError, ValueError) as error:
            raise RoomError(400, w("Rules options refused: {error}", error=_cut(error, options))) from None
        created: str | None = row.id
        if await self.store.create(row, seats, after=old.id):
            live = self._keep(LiveTable(row, seats, store=self.store, workers=self.workers))
            live.kick()
            self.release(live)
        else:  # another request (or process) created it first
            stored = await self.store.table(old.id)
            created = stored.next_table if stored is not None else None
        table.row = replace(old, next_table=created)
        for connection in list(table.connections):
            await self._tell_next(table, connection.seat if connection.token else None, connection)

    async def _tell_next(self, table: LiveTable, seat: int | None,
                         connection: Connection | None = None) -> dict[str, object]:
        """Where ``seat`` (None: a spectator) of a finished table sits at its next table: the table, the seat
        and its link; sent to ``connection`` as a ``next`` message when one is given."""
        next_id = table.row.next_table
        if next_id is None:
            return {}
        moved = None if seat is None else (seat + 1) % len(table.seats)
        seats = await self.store.seats(next_id)
        new_token = seats[moved].token if moved is not None and moved < len(seats) else None
        answer: dict[str, object] = {
            "table": next_id, "seat": moved if new_token is not None else None, "token": new_token,
            "url": seat_url(next_id, new_token) if new_token is not None else f"/tables/{next_id}"}
        if connection is not None:
            connection.send(dumps({"type": "next", **answer}))
        return answer

    async def tell_next(self, table: LiveTable, connection: Connection) -> None:
        """A connection to a finished table that has a next one is told its place there."""
        if table.finished and table.row.next_table is not None:
            await self._tell_next(table, connection.seat if connection.token else None, connection)

    # ------------------------------------------------------------------ the lobby
    async def finished(self, lang: str) -> list[FinishedSummary]:
        """The finished games, newest first, with their players' names (for the list of replays)."""
        rows = await self.store.tables_with((FINISHED,), newest_first=True, limit=LISTED)
        seats, _ = await self.store.listing([row.id for row in rows])
        return [finished_summary(row, seats[row.id], lang) for row in rows]

    async def listing(self, lang: str) -> list[TableSummary]:
        """The unfinished tables, newest first: those in memory as they are now, the others as stored (the list
        loads no game, so the lobby's polling keeps no table in memory)."""
        rows = await self.store.tables_with((WAITING, PLAYING), newest_first=True, limit=LISTED)
        live = {row.id: self.live.get(row.id) for row in rows}
        seats, seqs = await self.store.listing([row.id for row in rows if live[row.id] is None])
        listed = []
        for row in rows:
            table = live[row.id]
            listed.append(live_summary(table, lang) if table is not None
                          else stored_summary(row, seats[row.id], seqs.get(row.id, 0), lang))
        return listed
