"""A live table: its game's state rebuilt from its log, its seats, the connections that watch it, and its bots.

Every action goes the same way, whoever sends it (a player's connection, a bot's worker, another process's
notification): checked by the engine on a clone of the state, committed to the log with the next sequence
number, and only then made the table's state and told to every connection, each in its own picture painted from
its own seat's view (spectators: the public view). The game is named nowhere here: everything game-specific
comes from its registration (:class:`academie.registry.GameType`) and its painter.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime
import logging
import time
import types
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final, Literal, TypedDict

import orjson

from academie import record
from academie.bots import reason_seen, say_reason
from academie.engine import (
    PUBLIC,
    Action,
    ActionParseError,
    Game,
    IllegalActionError,
    Irregular,
    Mode,
    View,
    rules_from_dict,
)
from academie.games import load
from academie.picture import Memo, MovePicture, Painter, Picture
from academie.registry import GameType
from academie.room.collector import action_committed
from academie.room.drivers import Drivers, SoleWheels
from academie.room.limits import cut_echoes, echo
from academie.room.store import (
    FINISHED,
    OPEN,
    PLAYING,
    RESERVED,
    WAITING,
    ActionRow,
    ChatRow,
    SeatRow,
    SeqTaken,
    Store,
    StoreError,
    TableRow,
)
from academie.room.workers import Decision, Workers, decision_seed
from academie.words import Words

log = logging.getLogger("academie.room")
CHAT_HISTORY = 50
"""The chat lines a newcomer is given."""
RESTART_FIRST = 0.1
"""Seconds before a table whose driver failed is restarted from its log; doubled at each failure in a row."""
RESTART_MOST = 30.0
"""The longest pause between two restarts of a table that keeps failing (it retries, but never spins)."""
SEND_QUEUE_LIMIT = 1000
"""Messages waiting for a connection that does not read them: past this it is closed."""
BOT_NAMES: Final = ("Hoyle", "Cavendish", "Deschapelles", "Clay", "Mathews", "Van Tenac", "Lebrun", "Pole")
"""What the bots are called at a table, by seat (the authors of the old books on these games): four bots at one
table are four people to read about, never four "Bot (expert)"."""


@cache
def room_words(lang: str) -> Words:
    """The card room's words (and every catalogue's) in ``lang``."""
    return Words(lang)


@cache
def game_words(lang: str, game: str) -> Words:
    """The words a game's painter speaks in ``lang``."""
    return Words(lang, game=game)


def counted(seat: object) -> str:
    """A seat as a person counts it, from 1 (a request's and a message's JSON fields count from 0): ``0`` is "1";
    what is not a seat number is echoed as it came."""
    number = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
    if isinstance(seat, str) and seat.isascii() and seat.isdigit():
        number = int(seat)
    return str(number + 1) if number is not None and number >= 0 else echo(seat)


class Refusal(Exception):
    """A message the table refuses, in the sender's language: ``code`` (stale, illegal, not-your-turn, ...) and
    the words that say why and what is allowed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Closing:
    """The last thing a connection is sent: its close frame, after every message queued before it."""

    code: int
    reason: str


Writer = Callable[["str | Closing"], Coroutine[Any, Any, None]]
"""How a connection's messages reach its socket: one message (or the close frame) written."""


@types.coroutine
def _resumed(coroutine: Coroutine[Any, Any, None], waiting: Any) -> Generator[Any, Any, None]:
    """``coroutine``, which has run until it waited for ``waiting``, run on to its end by the task that awaits this
    (cancelled meanwhile: the coroutine is closed)."""
    try:
        yield waiting
    except BaseException:
        coroutine.close()
        raise
    yield from coroutine


class Outbox:
    """The room's connections' messages held while the callers woken by one commit run, then written together
    (issue 33): each of those callers paints its table's pictures and sends them, and a message written between two
    paintings wakes its reader again each time (on loopback, the reader's process; in front, the proxy), where
    written one after the other they share the wake-ups (measured apart: a quarter to a fifth of the kernel's time a
    write). Each connection's messages keep their order; the first are written at most one turn of the event loop
    later (the pictures of the other tables of the batch)."""

    __slots__ = ("_releases", "holding")

    def __init__(self) -> None:
        self.holding: list[Connection] | None = None
        """The connections whose messages are held (None: nothing is held, a message is written at once)."""
        self._releases = 0
        """Releases scheduled and not yet run: the last one writes (the writer may commit several batches in one
        turn, each waking its callers after the release the one before scheduled)."""

    def hold(self) -> None:
        """Hold every message sent from now until the callbacks already scheduled have run."""
        if self.holding is None:
            self.holding = []
        self._releases += 1
        asyncio.get_running_loop().call_soon(self.release)

    def release(self) -> None:
        """Write what was held, each connection's in order (at the last release scheduled)."""
        self._releases = max(0, self._releases - 1)
        if self._releases:
            return
        holding, self.holding = self.holding, None
        for connection in holding or ():
            connection.write_held()


@dataclass(eq=False)
class Connection:
    """One WebSocket: its seat (None: a spectator), its language, and the messages waiting to be sent to it.

    A message is written to the socket at once, in the call that sends it, when nothing waits before it: no task,
    no queue, no turn of the event loop per message (most of the cost of a message at thousands of tables). Only
    a write that must wait (a client that reads slowly: the socket's buffer is full) goes on in a task of its own,
    and the messages sent meanwhile wait in :attr:`queue`, written after it in order; past
    :data:`SEND_QUEUE_LIMIT` of them the connection is closed (1008, "too slow") and they are dropped."""

    seat: int | None
    lang: str
    token: str | None = None
    owner: bool = False
    """Whether it holds the table's creator's token (its page shows the creator's controls)."""
    queue: deque[str | Closing] = field(default_factory=deque)
    """The messages not yet written: behind a write that waits, or all of them until :meth:`start`."""
    closing: bool = False
    _write: Writer | None = None
    _waiting: asyncio.Task[None] | None = None
    """The task that finishes a write that had to wait, then writes the queue."""
    outbox: Outbox | None = None
    """The room's :class:`Outbox` (set when the connection is attached to a table), which may hold its messages."""

    def start(self, write: Writer) -> None:
        """Write the messages to the socket through ``write`` from now on (those already queued first)."""
        self._write = write
        if self.queue:
            self._waiting = asyncio.get_running_loop().create_task(self._drain(None))

    def send(self, message: str) -> None:
        if not self.closing:
            self._put(message)

    def close(self, code: int, reason: str) -> None:
        """Close the connection once the messages already queued are sent (the client reads why first)."""
        if not self.closing:
            self.closing = True
            self._put(Closing(code, reason))

    def _put(self, message: str | Closing) -> None:
        if self._write is None or self._waiting is not None:
            self.queue.append(message)
            if self._waiting is not None and len(self.queue) > SEND_QUEUE_LIMIT:
                self.queue.clear()  # a client that does not read: what it has not read is dropped, and it is closed
                self.closing = True
                self.queue.append(Closing(1008, "too slow"))
            return
        outbox = self.outbox
        if outbox is not None and outbox.holding is not None:
            if not self.queue:
                outbox.holding.append(self)
            self.queue.append(message)
            return
        self._write_now(message)

    def write_held(self) -> None:
        """Write the messages the outbox held, in order (from the first that must wait on, by :meth:`_drain`)."""
        while self.queue and self._write is not None and self._waiting is None:
            self._write_now(self.queue.popleft())

    def _write_now(self, message: str | Closing) -> None:
        assert self._write is not None
        coroutine = self._write(message)
        try:
            waiting = coroutine.send(None)
        except StopIteration:  # written: the usual case
            return
        except Exception:  # the client has gone (its disconnection reaches the receiving loop): nothing more is sent
            self._gone()
            return
        self._waiting = asyncio.get_running_loop().create_task(self._drain(_resumed(coroutine, waiting)))

    async def _drain(self, first: Awaitable[None] | None) -> None:
        try:
            if first is not None:
                await first
            while self.queue and self._write is not None:
                await self._write(self.queue.popleft())
        except Exception:
            self._gone()
        finally:
            self._waiting = None

    def _gone(self) -> None:
        self.closing = True
        self.queue.clear()

    async def flushed(self) -> None:
        """Wait until the messages queued (and the close frame) are written (those the outbox holds at once)."""
        self.write_held()
        waiting = self._waiting
        if waiting is not None:
            await asyncio.shield(waiting)

    def stop(self) -> None:
        """Nothing more is written: what waits is dropped (the client has gone, or was given its time to read)."""
        self._gone()
        self._write = None
        if self._waiting is not None:
            self._waiting.cancel()


class SeatEntry(TypedDict):
    """A seat as everyone may see it (:func:`seat_entry`)."""

    seat: int
    name: str | None
    bot: str | None
    state: str
    connected: bool
    free: bool
    claimed: str | None
    bot_name: str | None


class ClockState(TypedDict):
    """The ``clock`` message (:meth:`Clock.state`)."""

    type: Literal["clock"]
    seat: int | None
    decision: float
    left: float
    reserves: list[float]


class SheetLine(TypedDict):
    """A line of the score sheet (:meth:`LiveTable.sheet`)."""

    deal: int
    dealer: int
    points: list[int]


def dumps(message: Mapping[str, object]) -> str:
    return orjson.dumps(message).decode()


def new_state(game: GameType, table: TableRow, *, dealt: bool = True) -> Game:
    """The table's game as dealt from its seed (by its first dealer, if it names one), before the first decision;
    ``dealt=False``: without a chance source (the caller applies the deals)."""
    rules = rules_from_dict(game.rules, table.options)
    players = {} if game.min_seats == game.max_seats else {"players": table.players}
    return game.new(rules, seed=table.seed if dealt else None, first_dealer=table.first_dealer, **players)


def deals_over(state: Game, table: TableRow) -> bool:
    """Whether a table that plays a number of deals (a board's table: one) has played them all."""
    return table.deals is not None and len(state.deal_results) >= table.deals


def without_next_deal(game: GameType, table: TableRow, state: Game) -> Game:
    """``state`` once its table's deals are over, rebuilt without a chance source: a game whose chance is automated
    deals the next deal as soon as anything reads it, and a board's table shows, records and replays its own deal
    only (docs/events.md)."""
    twin = new_state(game, table, dealt=False)
    for operation in state.operations:
        if deals_over(twin, table):
            break
        twin.apply(operation.action)
    return twin


def status_of(seats: Iterable[SeatRow], *, finished: bool) -> str:
    """A table's status: finished, waiting (a player's seat open or reserved) or playing."""
    if finished:
        return FINISHED
    return WAITING if any(seat.state in (OPEN, RESERVED) for seat in seats) else PLAYING


def bot_name(seat: int) -> str:
    """The name of the bot at ``seat`` (each seat's bot its own)."""
    return BOT_NAMES[seat % len(BOT_NAMES)]


def seat_name(seat: SeatRow, w: Words) -> str:
    """How everyone calls a seat: its player's name ("Player 2" until he gives one: seats are numbered from 1, as
    players count them), or its bot's."""
    if seat.bot is not None:
        return bot_name(seat.seat)
    if seat.name is None and seat.account_id is not None and seat.claimed is not None:  # the account was deleted
        return w("a former player")
    return seat.name or w("Player {number}", number=seat.seat + 1)


def seat_entry(seat: SeatRow, *, connected: bool) -> SeatEntry:
    """A seat as everyone may see it (never its token); ``free``: open to anyone, as ``state`` says; ``bot_name``:
    what its bot is called (None: a player's seat)."""
    return {"seat": seat.seat, "name": seat.name, "bot": seat.bot, "state": seat.state, "connected": connected,
            "free": seat.state == OPEN, "claimed": seat.claimed,
            "bot_name": bot_name(seat.seat) if seat.bot is not None else None}


def apply_log(state: Game, seq: int, rows: Iterable[ActionRow], comments: dict[int, str], table: str,
              on_time: dict[int, str] | None = None) -> int:
    """Apply stored actions to ``state`` (each checked by the engine, as when it was first accepted), keeping the
    bots' reasons in ``comments`` (and in ``on_time`` the bots that played for a seat whose time ran out); the
    sequence number reached."""
    for row in rows:
        if row.seq != seq + 1:
            raise RuntimeError(f"table {table}: action {row.seq} follows {seq}")
        index = len(state.operations)
        state.apply(state.parse_action(row.action))
        if row.comment:
            comments[index] = row.comment
        if row.on_time and on_time is not None:
            on_time[index] = row.on_time
        seq = row.seq
    return seq


@dataclass(slots=True)
class Clock:
    """A table's time controls, kept by the server (the clock's authority): each decision of a player may take
    ``decision`` seconds, then his ``reserves`` run; when both are spent, a bot plays for him."""

    decision: float
    reserves: list[float]
    last: float | None = None
    """When the last action was committed (seconds since the epoch), from which the next decision's time counts
    when the log is read again."""
    turn: tuple[int, int] | None = None
    """The decision being timed: (the table's sequence number, the seat)."""
    started: float = 0.0
    """When the timed decision started (``time.time()``)."""
    timed_out: tuple[int, int] | None = None
    """The decision whose time ran out (a bot plays it)."""

    def spend(self, seat: int, at: float, *, player: bool) -> None:
        """An action of ``seat`` committed at ``at``: the time it took past its decision's comes off its
        reserve."""
        if player and self.last is not None and 0 <= seat < len(self.reserves):
            over = max(0.0, at - self.last - self.decision)
            self.reserves[seat] = max(0.0, self.reserves[seat] - over)
        self.last = at

    def deadline(self, seat: int) -> float:
        return self.started + self.decision + self.reserves[seat]

    def state(self, seq: int, seat: int | None, *, now: float) -> ClockState:
        """The clocks as a page shows them: the seat timed now, the seconds left of its decision and of each
        reserve (the timed seat's reserve as it stands once its decision's time is spent)."""
        reserves = list(self.reserves)
        timing = seat is not None and self.turn == (seq, seat)
        left = self.decision
        if timing and seat is not None:
            used = now - self.started
            left = max(0.0, self.decision - used)
            reserves[seat] = max(0.0, reserves[seat] - max(0.0, used - self.decision))
        return {"type": "clock", "seat": seat if timing else None, "decision": self.decision,
                "left": round(left, 1), "reserves": [round(value, 1) for value in reserves]}


def painter(game: GameType) -> Painter:
    if game.painter is None:
        raise RuntimeError(f"{game.name} has no table picture")
    return game.painter()


class LiveTable:
    """A table in play in this process."""

    def __init__(self, row: TableRow, seats: list[SeatRow], *, store: Store, workers: Workers) -> None:
        self.row = row
        self.game = load(row.game)
        self.painter = painter(self.game)
        self.seats = seats
        self.store = store
        self.workers = workers
        self.state = new_state(self.game, row)
        self.seq = 0
        self._spare: Game | None = None
        """A twin of :attr:`state` on which the next action is tried (:meth:`_trial`): once that action is
        committed the twin becomes the state, and the state takes the same action to become the next twin, so that
        no action copies the state (a clone cost a tenth of the server's CPU an action, issue 33)."""
        self._spare_of: tuple[Game, int] | None = None
        """The state and sequence number :attr:`_spare` is a twin of (any other: it is out of step)."""
        self.comments: dict[int, str] = {}
        """The bots' reasons by operation index (the record's comments)."""
        self.on_time: dict[int, str] = {}
        """The bots that played for a seat whose time ran out, by operation index (the record says so)."""
        self.clock = (Clock(row.clock_decision, [row.clock_reserve or 0.0] * row.players)
                      if row.clock_decision is not None else None)
        """The time controls (None: a table without a clock)."""
        self._clock_timer: asyncio.TimerHandle | None = None
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self._pictures: dict[tuple[int, str], str] = {}
        self._named: list[SeatRow] | None = None
        self._names: dict[tuple[object, str, tuple[str, ...]], tuple[str, ...]] = {}
        """The names each viewer calls the seats by (:meth:`names`), for the seats :attr:`_named`."""
        self._waiting_of: list[SeatRow] | None = None
        self._waiting = PLAYING
        """The status of the unfinished table with the seats :attr:`_waiting_of` (:meth:`status`)."""
        self._memos: dict[tuple[int, str], Memo] = {}
        """What the painter kept of each viewer's last picture (by seat, -1 for the spectators, and language): the
        next picture tells only what changed since."""
        self._driver: asyncio.Task[None] | None = None
        self._failures = 0
        """The driver's failures in a row (its restarts wait longer after each)."""
        self._away: dict[int, float] = {}
        """Human seats without a connection here, since when (for a bot to take over, if the table allows it)."""
        self._timer: asyncio.TimerHandle | None = None
        self.chat: deque[ChatRow] = deque(maxlen=CHAT_HISTORY)
        """The last lines of chat, as told to the connections (a newcomer is given these)."""
        self.remote: dict[int, set[str]] = {}
        """The other server processes where each seat has a connection (their presence notifications)."""
        self.on_presence: Callable[[int, bool], None] = lambda seat, present: None
        """Called when a seat gains its first connection here, or loses its last (the room tells the others)."""
        self.on_rest: Callable[[], None] = lambda: None
        """Called when its bots stop (a player's turn, or nobody watches): the room may then let it leave memory."""
        self.holds = 0
        """Requests using the table now (the room keeps it in memory meanwhile)."""
        self.drivers: Drivers = SoleWheels()
        """Whether this process drives the table (runs its bots): with several processes, one at a time."""
        self.outbox: Outbox | None = None
        """The room's outbox, given to each connection attached (None: every message written at once)."""

    # ------------------------------------------------------------------ rebuilding from the log
    def replay(self, rows: Iterable[ActionRow]) -> None:
        """Apply stored actions (each checked by the engine, as when it was first accepted); the clocks' reserves
        spent as the actions' times say (the decision in progress starts again when the table is next kicked)."""
        rows = list(rows)
        self.seq = apply_log(self.state, self.seq, rows, self.comments, self.row.id, self.on_time)
        self._close_deals()
        self._spend(rows)
        self._pictures.clear()

    def _spend(self, rows: Iterable[ActionRow]) -> None:
        clock = self.clock
        if clock is None:
            return
        for row in rows:
            if row.at is not None:
                clock.spend(row.seat, row.at, player=self.seats[row.seat].bot is None and row.on_time is None)
            if row.on_time is not None and 0 <= row.seat < len(clock.reserves):
                clock.reserves[row.seat] = 0.0
        clock.turn = None

    async def reload(self) -> None:
        """Rebuild the table from what the database holds (its seats, its whole log), then show it to every
        connection: after a failure, the stored log is the table, whatever this process believed."""
        async with self.lock:
            seats = await self.store.seats(self.row.id)
            rows = await self.store.actions(self.row.id)
            state, comments, on_time = new_state(self.game, self.row), dict[int, str](), dict[int, str]()
            seq = apply_log(state, 0, rows, comments, self.row.id, on_time)
            self.seats, self.state, self.comments, self.on_time, self.seq = seats, state, comments, on_time, seq
            self._close_deals()
            self._memos.clear()
            if self.clock is not None:
                self.clock = Clock(self.clock.decision, [self.row.clock_reserve or 0.0] * self.row.players)
                self._spend(rows)
            self._pictures.clear()
        self.broadcast_seats()
        self.broadcast_pictures()

    @property
    def finished(self) -> bool:
        """The game is over, or the deals the table plays (a board's: one)."""
        return bool(self.state.is_terminal) or deals_over(self.state, self.row)

    def _close_deals(self) -> None:
        """Once a board's deal is over, keep that deal alone (:func:`without_next_deal`)."""
        if self.row.deals is not None and deals_over(self.state, self.row) and not self.state.is_terminal:
            self.state = without_next_deal(self.game, self.row, self.state)

    def status(self) -> str:
        """As :func:`status_of`, its seats' part worked out once for each list of seats (one is replaced, never
        changed in place, when a seat changes), not two or three times an action (issue 33)."""
        if self.finished:
            return FINISHED
        if self._waiting_of is not self.seats:
            self._waiting_of, self._waiting = self.seats, status_of(self.seats, finished=False)
        return self._waiting

    @property
    def bots_only(self) -> bool:
        return all(seat.bot is not None for seat in self.seats)

    @property
    def watched(self) -> bool:
        """Someone is at the table: a connection here, or a player's in another process."""
        return bool(self.connections) or any(self.remote.values())

    @property
    def idle(self) -> bool:
        """Nothing needs the table in memory: nobody watches, no request uses it, no bot is deciding, no takeover
        is waiting for its time."""
        bots = self._driver is not None and not self._driver.done()
        return not (self.watched or self.holds or bots or self._timer is not None or self._clock_timer is not None)

    def seat_of(self, token: str) -> int | None:
        for seat in self.seats:
            if seat.token is not None and seat.token == token:
                return seat.seat
        return None

    def connected(self, seat: int) -> bool:
        """The seat has a connection here or in another process (a player there is not away)."""
        return self.connected_here(seat) or bool(self.remote.get(seat))

    def connected_here(self, seat: int) -> bool:
        return any(connection.seat == seat for connection in self.connections)

    def remote_presence(self, seat: int, process: str, present: bool) -> None:
        """Another process says ``seat`` has (or no longer has) a connection there."""
        if not 0 <= seat < len(self.seats):
            return
        was = self.connected(seat)
        processes = self.remote.setdefault(seat, set())
        if present:
            processes.add(process)
        else:
            processes.discard(process)
        now = self.connected(seat)
        if now == was:
            return
        if now:
            self._away.pop(seat, None)
        else:
            self._away[seat] = time.monotonic()
        self.broadcast_seats()
        self.kick()

    # ------------------------------------------------------------------ what each viewer sees
    def names(self, view: View, lang: str) -> tuple[str, ...]:
        """How the viewer calls each seat: itself as the game does ("You"), a player by name ("Player 2" until he
        gives one), each bot by its own name."""
        you = self.painter.default_names(view, words=game_words(lang, self.game.name))
        viewer = getattr(view, "viewer", None)
        if self._named is not self.seats:  # the seats are replaced, never changed in place, when one changes
            self._named, self._names = self.seats, {}
        key = (viewer, lang, you)
        names = self._names.get(key)
        if names is None:
            w = room_words(lang)
            names = self._names[key] = tuple(you[seat.seat] if seat.seat == viewer else seat_name(seat, w)
                                             for seat in self.seats)
        return names

    def picture(self, viewer: int | None, lang: str) -> Picture:
        """The viewer's picture (a spectator's from the public view); in table mode its moves also hold the
        irregular acts the seat could commit now, labelled with their laws, as the terminal offers them."""
        view = self.state.view(PUBLIC if viewer is None else viewer)
        words = game_words(lang, self.game.name)
        key = (-1 if viewer is None else viewer, lang)
        memo = self._memos.get(key)
        if memo is None:  # once a viewer: setdefault would make a memo, and throw it away, at every picture
            memo = self._memos[key] = Memo()
        picture = self.painter.paint(view, words=words, names=self.names(view, lang), memo=memo)
        if viewer is None or self.finished or self.row.mode != Mode.TABLE.value:
            return picture
        acts = self.state.irregular_actions(viewer)
        if not acts:
            return picture
        extra = tuple(MovePicture(str(act), self.painter.act_label(view, str(act), words=words)) for act in acts)
        return dataclasses.replace(picture, moves=picture.moves + extra)

    def picture_message(self, viewer: int | None, lang: str, *,
                        common: tuple[str, list[SheetLine]] | None = None) -> str:
        """The viewer's ``picture`` message, written once for all the viewers who see the same (a seat's
        connections, the spectators in one language) until the table changes; ``common``: its status and score sheet
        when the caller has them (a broadcast works them out once for every viewer)."""
        key = (-1 if viewer is None else viewer, lang)
        message = self._pictures.get(key)
        if message is None:
            picture = self.picture(viewer, lang)
            status, sheet = (self.status(), self.sheet()) if common is None else common
            # orjson writes the picture's dataclasses as Picture.as_json() does, ten times faster
            message = self._pictures[key] = dumps({
                "type": "picture", "seq": self.seq, "status": status, "picture": picture,
                "legal": [move.action for move in picture.moves], "sheet": sheet})
        return message

    def sheet(self) -> list[SheetLine]:
        """The score sheet: each deal over so far, its dealer and what each seat scored by it (public: every
        result is told to the whole table when its deal ends)."""
        return [{"deal": number, "dealer": result.dealer, "points": list(result.points)}
                for number, result in enumerate(self.state.deal_results, start=1)]

    def clock_message(self) -> str | None:
        """The clocks now (None: the table has none)."""
        if self.clock is None:
            return None
        actor = self.state.actor if not self.finished else None
        return dumps(self.clock.state(self.seq, actor if isinstance(actor, int) and actor >= 0 else None,
                                      now=time.time()))

    def seats_message(self) -> str:
        return dumps({"type": "seats", "seats": self.seat_list()})

    def seat_list(self) -> list[SeatEntry]:
        return [seat_entry(seat, connected=self.connected(seat.seat)) for seat in self.seats]

    def welcome(self, connection: Connection) -> str:
        return dumps({"type": "welcome", "table": self.row.id, "game": self.game.name, "title": self.game.title,
                      "seat": connection.seat, "mode": self.row.mode, "players": self.row.players,
                      "status": self.status(), "owner": connection.owner})

    # ------------------------------------------------------------------ connections
    def attach(self, connection: Connection) -> None:
        connection.outbox = self.outbox
        if connection.seat is not None and not self.connected_here(connection.seat):
            self.on_presence(connection.seat, True)
        # no await from here on: each chat line is either in the history sent now or told later, never both
        self.connections.add(connection)
        connection.send(self.welcome(connection))
        connection.send(self.picture_message(connection.seat, connection.lang))
        clock = self.clock_message()
        if clock is not None:
            connection.send(clock)
        for line in self.chat:
            if hears(connection, line):
                connection.send(chat_message(line))
        if connection.seat is not None:
            self._away.pop(connection.seat, None)
        self.broadcast_seats()
        self.kick()

    def detach(self, connection: Connection) -> None:
        self.connections.discard(connection)
        seat = connection.seat
        if seat is not None and not self.connected_here(seat):
            self.on_presence(seat, False)
        if seat is not None and not self.connected(seat):
            self._away[seat] = time.monotonic()
        self.broadcast_seats()
        self.kick()

    def broadcast_seats(self) -> None:
        message = self.seats_message()
        for connection in self.connections:
            connection.send(message)

    def broadcast_pictures(self, decision: Decision | None = None, actor: int | None = None,
                           action: Action | None = None) -> None:
        self._pictures.clear()
        common = (self.status(), self.sheet())
        for connection in self.connections:
            connection.send(self.picture_message(connection.seat, connection.lang, common=common))
            if decision is not None and actor is not None and action is not None and decision.reason:
                self._send_reason(connection, decision.reason, actor, action)
        self._time()  # the next decision, a player's, starts its clock now

    def broadcast_clock(self) -> None:
        message = self.clock_message()
        if message is not None:
            for connection in self.connections:
                connection.send(message)

    def _send_reason(self, connection: Connection, reason: str, actor: int, action: Action) -> None:
        """A bot's reason as the connection's seat may read it: the whole of it for the bot's own seat (a player
        whose seat a takeover bot played) and for everyone once the game is over; until then its public part,
        since it speaks of the bot's hand; nothing for an act the viewer did not see as it was."""
        viewer = PUBLIC if connection.seat is None else connection.seat
        seen = reason_seen(reason, actor=actor, viewer=viewer, over=self.finished)
        if seen and self.game.record.hide(actor, action, viewer) == action:
            text = say_reason(seen, game_words(connection.lang, self.game.name))
            connection.send(dumps({"type": "reason", "seq": self.seq, "seat": actor, "text": text}))

    # ------------------------------------------------------------------ actions
    async def submit(self, seat: int, seq: object, text: object, lang: str) -> None:
        """A player's action; raises :class:`Refusal` (the state unchanged) when it cannot be taken."""
        w = room_words(lang)
        if not isinstance(text, str) or not text.strip() or not isinstance(seq, int) or isinstance(seq, bool):
            raise Refusal("bad-message", w("An action needs its text (action) and the number of the last picture "
                                           "you saw (seq)."))
        async with self.lock:
            if self.finished:
                raise Refusal("finished", w("The game is over: no more actions."))
            if seq != self.seq:
                raise Refusal("stale", w("Your action was for the table at move {seen}, but it is now at move {now}: "
                                         "look again and choose.", seen=seq, now=self.seq))
            action_text, action = self._read(seat, text.strip(), w)
            if isinstance(action, Irregular):
                if action.seat != seat:
                    raise Refusal("not-your-turn", w("You can commit irregular acts only as your own seat ({seat}).",
                                                     seat=counted(seat)))
            elif self.state.actor != seat:
                raise Refusal("not-your-turn", w("It is not your turn."))
            try:
                trial = self._tried(action)
            except IllegalActionError as error:
                words = game_words(lang, self.game.name)
                why = self.painter.why_not(self.state.view(seat), action_text, error.reason, words=words)
                raise Refusal("illegal", why) from None
            try:
                await self._commit(trial, seat, action, str(action), None)
            except SeqTaken:
                raise Refusal("stale", w("Another move was made first: look again and choose.")) from None
            except StoreError:
                raise Refusal("busy", w("Your move could not be stored just now: look again and choose.")) from None
        self.broadcast_pictures()
        self.kick()

    def _read(self, seat: int, text: str, w: Words) -> tuple[str, Action]:
        """The action a player's text means: an action's own text, or the game's shorthand for one (``KH``)."""
        try:
            return text, self.state.parse_action(text)
        except ActionParseError:
            pass
        action_text = self.painter.shorthand(self.state.view(seat), text)
        try:
            return action_text, self.state.parse_action(action_text)
        except ActionParseError as error:
            raise Refusal("illegal", w("Cannot read “{text}”: {error}", text=echo(text),
                                       error=cut_echoes(str(error), [text]))) from None

    def _trial(self) -> Game:
        """A state equal to the table's, to try an action on: :attr:`_spare` when it is in step with the table's
        state, else a clone of it (the first action, or the state was replayed, rebuilt or replaced since)."""
        spare = self._spare
        if spare is None or self._spare_of is None or self._spare_of[0] is not self.state \
                or self._spare_of[1] != self.seq:
            spare = self._spare = self.state.clone()
            self._spare_of = (self.state, self.seq)
        return spare

    def _tried(self, action: Action) -> Game:
        """The table's state with ``action`` applied, on :meth:`_trial` (the table's own state unchanged); raises
        :class:`IllegalActionError` as the engine does. The twin it was tried on is given up on any error, so that
        an action refused can leave nothing behind whatever the engine did."""
        trial = self._trial()
        try:
            trial.apply(action)
        except BaseException:
            self._spare = None
            raise
        return trial

    async def _commit(self, trial: Game, seat: int, action: Action, text: str, comment: str | None,
                      on_time: str | None = None) -> None:
        """Store the action (its ``text``, when, and the bot that made it if the seat's time ran out), then make
        ``trial`` (the state with it applied, :meth:`_tried`) the table's state; the state it replaces takes the same
        action and is the next trial's. Until the action is stored the table's state is the one before it: what is
        painted meanwhile (a connection attached, the seats changed) shows nothing uncommitted, and a failed store
        leaves the table as it was."""
        over = trial.is_terminal or deals_over(trial, self.row)
        status = FINISHED if over else self.status()
        finished = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds") if over else None
        row = ActionRow(self.seq + 1, seat, text, comment, time.time(), on_time)
        try:
            await self.store.append(self.row.id, row, status=status, result=self.game.record.result_text(trial),
                                    finished=finished)
        except SeqTaken:  # another process took this move first: follow the log
            self._spare = None  # it holds the action not stored
            await self._catch_up_locked()
            raise
        except StoreError:  # stored or not, the log says which: follow it if it can be read
            self._spare = None
            with contextlib.suppress(Exception):
                await self._catch_up_locked()
            raise
        if comment:
            self.comments[len(self.state.operations)] = comment
        if on_time:
            self.on_time[len(self.state.operations)] = on_time
        self._spend([row])
        previous, self.state, self.seq = self.state, trial, row.seq
        self._spare = None
        try:  # the same action was accepted on an equal state: the engine's check need not run again
            previous.apply_unchecked(action)
        except Exception:  # it cannot fail; if it did, the action is stored all the same
            log.exception("table %s: the twin state refused action %d", self.row.id, row.seq)
        else:
            self._spare, self._spare_of = previous, (trial, row.seq)
        self._close_deals()
        action_committed()

    async def catch_up(self) -> None:
        """Apply what other processes stored since (their notification), and tell this process's connections."""
        async with self.lock:
            moved = await self._catch_up_locked()
        if moved:
            self.broadcast_pictures()
            self.kick()

    async def _catch_up_locked(self) -> bool:
        rows = await self.store.actions(self.row.id, after=self.seq)
        self.replay(rows)
        return bool(rows)

    async def reload_seats(self) -> None:
        """Read the seats again (another process changed one, or a change here found the seat changed)."""
        self.set_seats(await self.store.seats(self.row.id))

    def set_seats(self, seats: list[SeatRow]) -> None:
        """The seats as stored now: told to every connection (and the pictures, when a name or bot changed)."""
        renamed = [(seat.name, seat.bot) for seat in seats] != [(seat.name, seat.bot) for seat in self.seats]
        self.seats = seats
        self.broadcast_seats()
        if renamed:  # the pictures name the seats; a claim or a new token changes none
            self._pictures.clear()
            self.broadcast_pictures()
        self.kick()

    @property
    def chat_seen(self) -> int:
        """The id of the last chat line told here (0: none)."""
        return self.chat[-1].id if self.chat else 0

    async def refresh_chat(self) -> None:
        """Tell the connections the chat lines stored since the last one told (each once, in order)."""
        lines = await self.store.chat(self.row.id, after=self.chat_seen)
        for line in lines:
            if line.id <= self.chat_seen:  # told meanwhile, by a refresh that read it too
                continue
            self.chat.append(line)
            message = chat_message(line)
            for connection in self.connections:
                if hears(connection, line):
                    connection.send(message)

    # ------------------------------------------------------------------ bots
    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: its own, the table's time-out bot for a decision whose time ran out,
        or the table's takeover bot once a player has been away longer than the table allows (only at a table
        created with that option)."""
        row = self.seats[seat]
        if row.bot is not None:
            # bots alone play only while watched, but at a board's table, which an event or a player waits for
            return row.bot if self.watched or not self.bots_only or self.row.deals is not None else None
        if self.clock is not None and self.clock.timed_out == (self.seq, seat):
            return self.time_out_bot
        away = self._away.get(seat)
        if self.row.takeover is None or away is None or self.connected(seat):
            return None
        return self.row.takeover if time.monotonic() - away >= self.row.takeover_after else None

    @property
    def time_out_bot(self) -> str:
        """The bot that plays a decision whose time ran out: the table's takeover bot, else the game's second
        weakest (its classical bot: quick, and playing as the old books advise)."""
        names = self.game.bot_names()
        return self.row.takeover or names[min(1, len(names) - 1)]

    def _time(self) -> None:
        """Time the decision of the player to act (a new one starts its decision's time now), and wake when it
        runs out; no clock while the table waits for players, for a bot's seat, or once the game is over."""
        clock = self.clock
        if clock is None:
            return
        actor = self.state.actor
        timed = (not self.finished and isinstance(actor, int) and actor >= 0 and self.seats[actor].bot is None
                 and self.status() == PLAYING)
        turn = (self.seq, actor) if timed and isinstance(actor, int) else None
        if turn == clock.turn:
            return
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        clock.turn = turn
        if turn is not None:
            clock.started = time.time()
            delay = clock.deadline(turn[1]) - clock.started
            self._clock_timer = asyncio.get_running_loop().call_later(delay, self._time_out, turn)
        self.broadcast_clock()

    def _time_out(self, turn: tuple[int, int]) -> None:
        """The decision ``turn`` has used its time and its player's reserve: a bot plays it."""
        self._clock_timer = None
        if self.clock is None or self.clock.turn != turn or (self.seq, self.state.actor) != turn:
            return
        self.clock.timed_out = turn
        self.clock.reserves[turn[1]] = 0.0
        self.kick()
        self.on_rest()

    def kick(self) -> None:
        """Start the bots when one of them is to act (once: one decision at a time per table), and time the
        decision of a player."""
        self._time()
        if self.finished or (self._driver is not None and not self._driver.done()):
            return
        actor = self.state.actor
        if actor is None or actor < 0:
            return
        if self.bot_for(actor) is None:
            self._wake_for_takeover(actor)
            return
        self._driver = asyncio.get_running_loop().create_task(self._drive())
        self._driver.add_done_callback(lambda _task: self.on_rest())

    async def _drive(self) -> None:
        """The bots' turns, supervised: an error (the database, a worker, a bot's decision) does not stop the
        table. It is logged, and after a pause (doubled at each failure in a row, at most :data:`RESTART_MOST`)
        the table is rebuilt from its stored log and its bots go on. Only the process that drives the table runs
        them (:mod:`academie.room.drivers`); another relays, and drives it once the driver is gone."""
        if not await self.drivers.take(self.row.id, self.kick):
            return
        while True:
            try:
                if self._failures:
                    await self.reload()
                await self._bots()
                return
            except Exception:
                self._failures += 1
                pause = min(RESTART_MOST, RESTART_FIRST * 2 ** (self._failures - 1))
                log.exception("table %s: its bots stopped on an error (%d in a row); restarting from its log in "
                              "%.1f s", self.row.id, self._failures, pause)
                await asyncio.sleep(pause)

    def _wake_for_takeover(self, seat: int) -> None:
        away = self._away.get(seat)
        if self.row.takeover is None or away is None or self.seats[seat].bot is not None:
            return
        if self._timer is not None:
            self._timer.cancel()
        delay = max(0.0, self.row.takeover_after - (time.monotonic() - away))
        self._timer = asyncio.get_running_loop().call_later(delay + 0.01, self._takeover_due)

    def _takeover_due(self) -> None:
        self._timer = None
        self.kick()
        self.on_rest()

    async def _bots(self) -> None:
        while not self.finished and self.drivers.holds(self.row.id):
            seq, seat = self.seq, self.state.actor
            if seat is None or seat < 0:
                return
            bot = self.bot_for(seat)
            if bot is None:
                self._wake_for_takeover(seat)
                return
            on_time = bot if self.seats[seat].bot is None and self.clock is not None and \
                self.clock.timed_out == (seq, seat) else None
            decision = await self.workers.decide(self.game.name, bot, decision_seed(self.row.seed, seat, seq + 1),
                                                 self.state.view(seat))
            async with self.lock:
                if self.seq != seq or self.bot_for(seat) is None:
                    continue  # the table moved on (another process, or the player came back)
                action = self.state.parse_action(decision.action)
                trial = self._tried(action)
                try:
                    await self._commit(trial, seat, action, decision.action, str(decision.reason) or None, on_time)
                except SeqTaken:
                    continue
            self._failures = 0
            self.broadcast_pictures(decision, seat, action)

    def stop(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None

    # ------------------------------------------------------------------ the record
    def record(self) -> record.Record:
        """The whole record of the table so far (players' names and bots in the seat tags; the time controls;
        an action a bot made for a seat whose time ran out says so in its comment, docs/record-format.md §5b)."""
        tags = {"Date": self.row.created[:10], "Event": f"Card room table {self.row.id}",
                "Seed": str(self.row.seed)}
        english = room_words("en")
        for seat in self.seats:
            tags[f"Seat{seat.seat}"] = (f"Bot ({seat.bot})" if seat.bot is not None else seat_name(seat, english))
        if self.clock is not None:
            tags["TimeControl"] = f"{self.clock.decision:g}+{self.row.clock_reserve or 0:g}"
        comments = dict(self.comments)
        for index, bot in self.on_time.items():
            said = f"on time: bot {bot} played for the seat"
            comments[index] = f"{said}; {comments[index]}" if index in comments else said
        return record.from_state(self.state, tags=tags, comments=comments)


def chat_message(line: ChatRow) -> str:
    return dumps({"type": "chat", "seat": line.seat, "name": line.name, "text": line.text})


def hears(connection: Connection, line: ChatRow) -> bool:
    """Whether a connection is told a chat line: the players' lines go to everyone, the spectators' only to the
    spectators (they do not talk into the players' game)."""
    return line.seat is not None or connection.seat is None
