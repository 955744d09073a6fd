"""``python -m bench.room`` (or ``python -m bench --only room``): the card room under load.

One ``academie serve`` process (SQLite, one bot worker) on loopback; this process is the load generator: it
creates tables (Écarté, two players; Whist, four, for the fast run), connects every seat of each through real
WebSockets, and plays random legal moves. Its CPU is the servers' lost headroom on the same cores, so each seat is
a callback on uvloop that reads only what its player needs (:class:`Player`), and each figure says what the
generator spent an action.

* **human pace**: 10, 100 and 1,000 tables at once, each table making one action a second (its player waits
  for the next tick of the table's own clock, whose ticks are fixed from a random start: a late picture is
  answered at once but never shifts the table's later moves, so tables never fall into step); latency = from an
  action sent to the picture of the next position received by the same player;
  p50/p99 over the measuring window (after a warm-up).
* **as fast as they can**: a few tables whose players answer each picture at once: actions per second.
* **whose CPU**: each server's process tree read from /proc, told apart by priority: the **serving** processes
  (the server, and its bots' pools at its priority), on which issue 33's goal (one process under 40% of a core at
  1,000 tables) is judged, and the **review worker**, niced below the server (it reviews the games of people that
  ended, in the background): its share of a core, the reviews it stored in the window, and where the reviews of
  the level's ended games stand after it (reviewed, waiting, dropped from the room's bounded backlog); the whole
  tree's figure beside them, labelled as such, and each part's resident memory at the end; PostgreSQL's and
  nginx's apart when they run.
* **no acknowledged action lost**: at the end, every table's stored position is at least the last one its
  players were shown.
* **where the time goes**: the server's work per action measured apart in this process on the same games:
  the engine (clone, checked apply), the pictures (one per seat and one for a spectator, each with its memo as
  the room keeps it: ``python -m bench.pictures`` compares them with pictures painted from the view alone), JSON,
  the database (one committed insert through the store, SQLite in WAL mode).

The machine is shared: the figures say what this run saw; compare them within one run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import asyncpg  # type: ignore[import-untyped]
import httpx
import orjson
import sqlalchemy as sa
import uvloop
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.uri import parse_uri

from academie.engine import PUBLIC
from academie.games import load
from academie.picture import Memo
from academie.room.collector import scheduled_collections
from academie.room.frontdoor import Nginx
from academie.room.notify import asyncpg_dsn
from academie.room.store import ActionRow, SeatRow, Store, TableRow, with_async_driver
from academie.room.store import reviews as review_rows
from academie.room.tables import game_words
from bench.stalls import LATE, SLOW_COLLECTION, LoopLag, collections_summary, lag_histogram, read_stalls

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
GOAL_P99_MS = 250.0
"""Issue 33's p99 goal at human pace (2,000 tables, one process or two)."""
GOAL_P99_SMALL_MS = 100.0
"""Issue 33's p99 goal for one process at up to 1,000 tables, with the server under GOAL_CPU_SHARE of a core."""
GOAL_CPU_SHARE = 0.40
PACED_GAME = "ecarte"
"""Tables at human pace: two players each, a game of about 45 actions (most outlast the window)."""
FAST_GAME = "whist"
"""Tables as fast as they can: four players each, a rubber of several hundred actions (none ends in the window)."""
WARM_UP = 3.0
SETTLE_MOST = 90.0
"""The longest the bench waits, once every player is connected, for the servers to finish the connections' work
(seats claimed, presence told, a second process loading the tables its players reach) before the tables play."""


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# ------------------------------------------------------------------------------------------------ the server
class ServerProcess:
    """The room under test: one ``academie serve`` process (``workers``: ``--workers N``, N processes on one port),
    or with ``proxy`` that many processes on ports of their own behind nginx on loopback (the configuration the
    deployment notes show), or with ``split`` on ports of their own, each seat of a table connected straight to
    another process (every action committed by one is followed by the other); several processes need a PostgreSQL
    ``database``."""

    def __init__(self, folder: Path, *, database: str | None = None, workers: int = 1, proxy: bool = False,
                 split: bool = False, probe: bool = False) -> None:
        self.folder = folder
        self.stalls = folder / "stalls.jsonl" if probe else None
        """With ``probe``: where :mod:`bench.stalls` writes the stalls of the servers' loops."""
        self.database = database or f"sqlite+aiosqlite:///{folder / 'bench.db'}"
        self.workers, self.proxy, self.split = workers, proxy, split
        self.ports = [_free_port() for _ in range(workers if proxy or split else 1)]
        self.port = _free_port() if proxy else self.ports[0]
        """Where the players connect: nginx's port, or the (first) server's."""
        self.processes: list[Any] = []
        self.nginx: Nginx | None = None
        self.postmaster = _postmaster(self.database)
        """PostgreSQL's server process when it runs on this machine (None: SQLite, or a server elsewhere)."""

    def __enter__(self) -> ServerProcess:
        import subprocess

        self.log = (self.folder / "server.log").open("ab")
        environment = dict(os.environ)
        if self.stalls is not None:
            environment["ACADEMIE_STALLS_LOG"] = str(self.stalls)
            environment["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT), environment.get("PYTHONPATH"))))
        for port in self.ports:
            program = "academie" if self.stalls is None else "bench.stalls"
            command = [sys.executable, "-m", program, "serve", "--port", str(port), "--db", self.database,
                       "--workers", "1" if self.proxy or self.split else str(self.workers), "--bot-processes", "1",
                       "--message-rate", "1000", "--create-rate", "1000000", "--create-burst", "100000"]
            self.processes.append(subprocess.Popen(command, cwd=self.folder, stdout=self.log, stderr=self.log,
                                                   env=environment))
            _wait_for(f"http://127.0.0.1:{port}")  # one after the other: the first migrates the schema
        if self.proxy:
            self.nginx = Nginx(self.folder / "nginx", listen=f"127.0.0.1:{self.port}",
                               servers=[f"127.0.0.1:{port}" for port in self.ports]).start()
            _wait_for(self.base)
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.nginx is not None:
            self.nginx.stop()
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.wait(20)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def socket_port(self, seat: int) -> int:
        """Where the player of ``seat`` connects."""
        return self.ports[seat % len(self.ports)] if self.split else self.port

    def cpu_seconds(self) -> list[float]:
        """Each server's CPU time so far (user + system), every process it started included, from /proc."""
        return [_tree_cpu(process.pid) for process in self.processes]

    def parts(self) -> list[Parts]:
        """Each server's process tree so far, its serving processes told from its niced background work."""
        return [split_tree(_tree(process.pid)) for process in self.processes]

    def database_cpu_seconds(self) -> float:
        """PostgreSQL's CPU time so far, every process of its server's included (those ended meanwhile too, as
        their parent counts them): 0 on SQLite, whose work is the server's."""
        return 0.0 if self.postmaster is None else _tree_cpu(self.postmaster) + _ended_children_cpu(self.postmaster)

    def proxy_cpu_seconds(self) -> float:
        """nginx's CPU time so far (0 without the proxy)."""
        return _tree_cpu(self.nginx.process.pid) if self.nginx is not None and self.nginx.process is not None else 0.0

    def proxy_split(self) -> list[int]:
        """How many tables nginx sent to each process, from its access log (a WebSocket is logged once closed):
        empty without the proxy."""
        if self.nginx is None:
            return []
        served = dict(re.findall(r'"GET /ws/tables/([^/?\s]+)[^"]*" [0-9]+ upstream=(?:[0-9.:]+, )*([0-9.:]+)',
                                 self.nginx.access_log()))
        return [sum(upstream == f"127.0.0.1:{port}" for upstream in served.values()) for port in self.ports]

    def proxy_errors(self) -> list[str]:
        """The lines of nginx's error log at level ``error`` or worse (a refused upstream, too few connections or
        file descriptors): none in a sound run."""
        if self.nginx is None:
            return []
        return [line for line in self.nginx.error_log(whole=True).splitlines()
                if any(f"[{level}]" in line for level in ("error", "crit", "alert", "emerg"))]


def _postmaster(database: str) -> int | None:
    """The process id of the PostgreSQL server ``database`` names, if it runs on this machine: the parent of the
    process that serves a connection (None: SQLite, or a server this machine's /proc does not show)."""
    if not database.startswith("postgres"):
        return None

    async def parent_of_backend() -> int | None:
        connection = await asyncpg.connect(**asyncpg_dsn(with_async_driver(database)))
        try:  # read while the connection, and so its process, lives
            status = Path(f"/proc/{await connection.fetchval('SELECT pg_backend_pid()')}/status").read_text()
        except OSError:  # a server on another machine (or in a container of its own)
            return None
        finally:
            await connection.close()
        return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("PPid:"))

    return asyncio.run(parent_of_backend())


def _ended_children_cpu(pid: int) -> float:
    """The CPU seconds of process ``pid``'s children that have ended (and were waited for)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def _tree_cpu(pid: int) -> float:
    """The CPU seconds of process ``pid`` and of its living descendants."""
    return sum(process.cpu_seconds for process in _tree(pid))


@dataclass(frozen=True, slots=True)
class Process:
    """One process as /proc shows it: its niceness, its CPU seconds so far (user + system) and its resident memory."""

    nice: int
    cpu_seconds: float
    rss_bytes: int


def _tree(pid: int) -> list[Process]:
    """Process ``pid`` (first) and its living descendants (none if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:  # gone meanwhile
        return []
    # after the command's name: utime and stime are the stat's fields 14 and 15, nice 19, rss (pages) 24
    own = Process(nice=int(fields[16]), cpu_seconds=(int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"),
                  rss_bytes=int(fields[21]) * os.sysconf("SC_PAGE_SIZE"))
    return [own, *(process for child in children for process in _tree(int(child)))]


@dataclass(frozen=True, slots=True)
class Parts:
    """A server's process tree told apart: the serving processes (the server, and any worker at its priority: the
    bots' pools) and the background work it started niced below itself (the review worker, nice 10: see
    :mod:`academie.room.workers`), each part's CPU seconds so far and resident memory."""

    serving_cpu: float
    background_cpu: float
    serving_rss: int
    background_rss: int
    background_processes: int

    def __sub__(self, before: Parts) -> Parts:
        """The CPU spent since ``before`` (the memory as now)."""
        return Parts(self.serving_cpu - before.serving_cpu, self.background_cpu - before.background_cpu,
                     self.serving_rss, self.background_rss, self.background_processes)


def split_tree(tree: list[Process]) -> Parts:
    """A server's tree (:func:`_tree`: the server first) told apart by priority: a process niced below the server's
    is background work; the others serve.

    >>> split_tree([Process(0, 2.0, 100), Process(10, 5.0, 60), Process(0, 0.5, 40)])
    Parts(serving_cpu=2.5, background_cpu=5.0, serving_rss=140, background_rss=60, background_processes=1)
    >>> split_tree([])
    Parts(serving_cpu=0.0, background_cpu=0.0, serving_rss=0, background_rss=0, background_processes=0)
    """
    if not tree:  # the server is gone
        return Parts(0.0, 0.0, 0, 0, 0)
    background = [process for process in tree if process.nice > tree[0].nice]
    serving = [process for process in tree if process.nice <= tree[0].nice]
    return Parts(serving_cpu=sum(process.cpu_seconds for process in serving),
                 background_cpu=sum(process.cpu_seconds for process in background),
                 serving_rss=sum(process.rss_bytes for process in serving),
                 background_rss=sum(process.rss_bytes for process in background),
                 background_processes=len(background))


def _wait_for(base: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError(f"the server at {base} did not start")


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# ------------------------------------------------------------------------------------------------ players
class Table:
    """The players of one table: each answers its pictures, at the table's pace or at once."""

    def __init__(self, table: str, tokens: dict[int, str], *, pace: float | None, rng: random.Random) -> None:
        self.id, self.tokens, self.pace, self.rng = table, tokens, pace, rng
        self.sent: dict[int, float] = {}
        self.latencies: list[tuple[float, float]] = []
        """(when received, milliseconds)."""
        self.seen = 0
        self.actions = 0
        self.finished = False
        self.first_shown: dict[int, float] = {}
        """When each position was first shown to one of the table's players."""
        self.later: list[tuple[float, float]] = []
        """(when received, milliseconds): how much later than the first each other player was shown a position (the
        first is mostly the actor, served where his action is committed; the others may hear it from another
        process)."""
        self.offset = rng.random() * (pace or 0.0)
        """Where the table's first tick falls in its first period (its clock is started by :meth:`start_clock`)."""
        self.next_tick = time.monotonic() + self.offset
        self.masks = random.Random(os.urandom(16))
        """The masking keys of its players' frames: unpredictable from its seed, without a system call a frame."""
        self.players: list[Player] = []

    def start_clock(self, now: float) -> None:
        """The table's ticks from ``now`` on (its first within a period): when play starts, not when the table was
        made. Made before its players connected and the servers settled (at 2,000 tables 10 to 30 s), a table
        started that many ticks behind and played them as fast as its pictures came back, so that every table had
        an action in flight and the window's first seconds measured the servers' queue at full load (issue 33)."""
        self.next_tick = now + self.offset

    def shown(self, player: Player, raw: bytes, now: float) -> None:
        """A message to ``player`` received at ``now``: a picture is timed and, while the run lasts, answered (at
        once, or at the next tick of the table's own clock: a late picture never shifts its ticks)."""
        message = _read_picture(raw)
        if message is None:
            return
        seq = message["seq"]
        self.seen = max(self.seen, seq)
        first = self.first_shown.setdefault(seq, now)
        if first != now:
            self.later.append((now, (now - first) * 1000))
        started = self.sent.pop(seq, None)
        if started is not None:
            self.latencies.append((now, (now - started) * 1000))
        if message["status"] == "finished":
            self.finished = True
            player.done()
            return
        if now >= player.stop:  # the window is over for the whole table: a player waiting for another's move
            for each in self.players:  # would wait for the run's time-out, and the run's wall time with him
                each.done()
            return
        legal = message["legal"]
        if not legal:
            return
        action = self.rng.choice(legal)
        if self.pace is None:
            self.act(player, seq, action)
            return
        self.next_tick += self.pace
        asyncio.get_running_loop().call_later(max(0.0, self.next_tick - now), self.act, player, seq, action)

    def act(self, player: Player, seq: int, action: str) -> None:
        if player.finished is None:  # done meanwhile
            return
        self.sent[seq + 1] = time.monotonic()
        self.actions += 1
        player.send(orjson.dumps({"type": "act", "seq": seq, "action": action}))


MESSAGE_OPCODES = (Opcode.CONT.value, Opcode.TEXT.value)
"""The frames of a text message, its first and those that continue it (as plain ints: read on every frame)."""
PICTURE_HEAD = re.compile(rb'\{"type":"picture","seq":([0-9]+),"status":("[^"\\]*"),"picture":')
"""How the room writes a picture message: its type, number and status first, the picture itself next."""
PICTURE_TAIL = b',"legal":['
"""Where the room's picture message goes on after the picture: the legal moves, then the score sheet."""


def _read_picture(raw: bytes) -> dict[str, Any] | None:
    """A ``picture`` message's number, status, legal moves and score sheet (None: another message), read without
    parsing the picture itself, which the players do not look at: its head as the room writes it, and the rest from
    the last ``"legal"`` key on, which must parse as a whole object (a key inside a string is escaped, and one
    inside the picture would leave its braces unclosed); a message written otherwise is parsed whole.

    >>> _read_picture(b'{"type":"picture","seq":3,"status":"running","picture":{"legal":[]},"legal":["a"],"sheet":[]}')
    {'legal': ['a'], 'sheet': [], 'seq': 3, 'status': 'running'}
    >>> _read_picture(b'{"type":"seats","seats":[]}') is None
    True
    """
    head = PICTURE_HEAD.match(raw)
    if head is not None:
        with contextlib.suppress(ValueError):  # orjson's JSONDecodeError is one, as is a missing tail
            tail: dict[str, Any] = orjson.loads(b"{" + raw[raw.rindex(PICTURE_TAIL) + 1 :])
            tail["seq"], tail["status"] = int(head[1]), orjson.loads(head[2])
            return tail
    message: dict[str, Any] = orjson.loads(raw)
    return message if message["type"] == "picture" else None


class Player(asyncio.Protocol):
    """One seat's WebSocket, read as it arrives on the loop's own transport: no task, queue or lock of a client
    library between a message and its table. websockets' sans-I/O protocol makes and checks the opening handshake
    and answers the control frames (pings, the closing handshake); the room's text frames, unmasked and
    uncompressed (no compression is offered: the server declines it by default), are cut from the stream here, and
    the actions sent as masked text frames (RFC 6455 §5.2-§5.3). What comes before :meth:`play` waits for it, as
    in a socket's buffer; its player is :meth:`done` once it was shown the end of the game, or a picture after
    ``stop``, and reads nothing after that."""

    def __init__(self, table: Table, url: str) -> None:
        self.table = table
        table.players.append(self)
        self.stop = math.inf
        self.finished: Callable[[], None] | None = None
        """Told when the player is done."""
        self.waiting: list[bytes] | None = []
        """The messages received before :meth:`play` (None once playing)."""
        self.protocol = ClientProtocol(parse_uri(url), max_size=None)
        self.transport: asyncio.Transport | None = None
        self.unread = b""
        """The bytes received and not yet whole: the handshake's answer, or the start of a frame."""
        self.fragments: list[bytes] = []
        """The frames so far of a message sent in several (the room sends each whole)."""
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports are not asyncio's classes
        self.protocol.send_request(self.protocol.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        unread = self.unread + data if self.unread else data
        if self.protocol.state is State.CONNECTING:
            head = unread.find(b"\r\n\r\n") + 4
            if head == 3:  # the answer is not whole yet
                self.unread = unread
                return
            self.protocol.receive_data(unread[:head])
            self.events()
            if self.protocol.handshake_exc is not None:  # refused: the protocol reads the rest and fails
                self.protocol.receive_data(unread[head:])
                self.events()
                return
            unread = unread[head:]
        self.unread = unread[self.frames(unread, now) :]

    def frames(self, data: bytes, now: float) -> int:
        """Read the whole frames at the start of ``data``; how many bytes they took."""
        offset, size = 0, len(data)
        while size - offset >= 2:
            first, second = data[offset], data[offset + 1]
            length, start = second & 0x7F, offset + 2
            if length == 126:
                length, start = int.from_bytes(data[start : start + 2]), start + 2
            elif length == 127:
                length, start = int.from_bytes(data[start : start + 8]), start + 8
            end = start + length
            if end > size:
                break
            if second & 0x80 or first & 0x70:  # a server never masks, and no extension was agreed
                raise ConnectionError(f"table {self.table.id}: a frame masked or with reserved bits from the server")
            if first & 0x0F in MESSAGE_OPCODES:
                self.fragments.append(data[start:end])
                if first & 0x80:  # the message's last frame
                    raw = b"".join(self.fragments) if len(self.fragments) > 1 else self.fragments[0]
                    self.fragments.clear()
                    self.message(raw, now)
            else:  # a control frame (or binary, which the room never sends): the protocol answers it
                self.protocol.receive_data(data[offset:end])
                self.events()
            offset = end
        return offset

    def events(self) -> None:
        """What the sans-I/O protocol read: the handshake's answer, control frames (and, from a refused handshake,
        anything); what it has to send, sent."""
        for event in self.protocol.events_received():
            if not isinstance(event, Frame):
                if self.protocol.handshake_exc is not None:
                    self.opened.set_exception(self.protocol.handshake_exc)
                else:
                    self.opened.set_result(None)
        self.flush()

    def message(self, raw: bytes, now: float) -> None:
        if self.waiting is not None:
            self.waiting.append(raw)
        elif self.finished is not None:
            self.table.shown(self, raw, now)

    def eof_received(self) -> bool | None:
        self.protocol.receive_eof()
        self.flush()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("the connection closed during its handshake"))
        if not self.closed.done():
            self.closed.set_result(None)
        self.done()

    def flush(self) -> None:
        assert self.transport is not None
        for data in self.protocol.data_to_send():
            if data:
                self.transport.write(data)
            elif self.transport.can_write_eof():  # the protocol's end of the stream
                self.transport.write_eof()

    def play(self, *, stop: float, finished: Callable[[], None]) -> None:
        """Read the messages received so far, then each as it comes, until ``stop``; ``finished`` is told when the
        player is done."""
        waiting, self.waiting, self.stop, self.finished = self.waiting or [], None, stop, finished
        for raw in waiting:
            if self.finished is None:
                return
            self.table.shown(self, raw, time.monotonic())
        if self.closed.done():  # the server closed it before the run
            self.done()

    def send(self, data: bytes) -> None:
        """``data`` as one masked text frame (a client masks every frame with a new random key, RFC 6455 §5.3)."""
        if self.finished is None or self.protocol.state is not State.OPEN or self.transport is None:
            return
        size, mask = len(data), self.table.masks.getrandbits(32).to_bytes(4)
        if size < 126:
            head = bytes((0x81, 0x80 | size))
        else:
            head = bytes((0x81, 0xFE)) + size.to_bytes(2) if size < 1 << 16 else bytes((0x81, 0xFF)) + size.to_bytes(8)
        key = int.from_bytes((mask * (size // 4 + 1))[:size])
        self.transport.write(head + mask + (int.from_bytes(data) ^ key).to_bytes(size))

    def done(self) -> None:
        finished, self.finished = self.finished, None
        if finished is not None:
            finished()

    async def close(self) -> None:
        """The closing handshake (at most 10 s), then the connection closed."""
        assert self.transport is not None
        if self.protocol.state is State.OPEN:
            self.protocol.send_close()
            self.flush()
        try:
            await asyncio.wait_for(asyncio.shield(self.closed), 10)
        except TimeoutError:
            self.transport.abort()


async def _create(client: httpx.AsyncClient, count: int, seed: int, game: str) -> list[tuple[str, dict[int, str]]]:
    limit = asyncio.Semaphore(20)

    async def one(index: int) -> tuple[str, dict[int, str]]:
        async with limit:
            try:
                response = await client.post("/api/tables", json={"game": game, "seed": seed + index})
            except httpx.TransportError:  # a kept-alive connection the server closed as it was reused: once more
                response = await client.post("/api/tables", json={"game": game, "seed": seed + index})
            created = response.json()
            return created["table"], {int(seat): data["token"] for seat, data in created["seats"].items()}

    return list(await asyncio.gather(*(one(index) for index in range(count))))


async def run_tables(server: ServerProcess, count: int, *, seconds: float, pace: float | None,
                     seed: int, game: str) -> dict[str, Any]:
    """``count`` tables played for ``seconds`` (after :data:`WARM_UP`); their latencies and rate."""
    async with httpx.AsyncClient(base_url=server.base, timeout=60) as client:
        created = await _create(client, count, seed, game)
        tables = [Table(table, tokens, pace=pace, rng=random.Random(seed + index))
                  for index, (table, tokens) in enumerate(created)]
        made = time.monotonic()
        players: list[Player] = []
        limit = asyncio.Semaphore(50)
        loop = asyncio.get_running_loop()

        async def open_socket(table: Table, seat: int, token: str) -> None:
            async with limit:
                port = server.socket_port(seat)
                url = f"ws://127.0.0.1:{port}/ws/tables/{table.id}?token={token}"
                _, player = await loop.create_connection(lambda: Player(table, url), "127.0.0.1", port)
                await player.opened
                players.append(player)

        await asyncio.gather(*(open_socket(table, seat, token) for table in tables
                               for seat, token in table.tokens.items()))
        settled = await _settle(server)
        lag = LoopLag().start()
        reviews_before = await _reviews_stored(server.database)
        parts_before, wall_before, own_before = server.parts(), time.monotonic(), time.process_time()
        proxy_before, database_before = server.proxy_cpu_seconds(), server.database_cpu_seconds()
        start = time.monotonic()
        stop = start + WARM_UP + seconds
        playing = len(players)
        everyone_done = asyncio.Event()

        def finished() -> None:
            nonlocal playing
            playing -= 1
            if not playing:
                everyone_done.set()

        for table in tables:
            table.start_clock(start)
        async with scheduled_collections():  # as the server: set-up's objects frozen, no automatic full collection
            for player in players:
                player.play(stop=stop, finished=finished)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(everyone_done.wait(), WARM_UP + seconds + 30)
        wall = time.monotonic() - wall_before
        lag.stop()
        parts = [after - before for after, before in zip(server.parts(), parts_before, strict=True)]
        own = time.process_time() - own_before
        proxy = server.proxy_cpu_seconds() - proxy_before
        database_cpu = server.database_cpu_seconds() - database_before
        reviews_done = await _reviews_stored(server.database) - reviews_before
        await asyncio.gather(*(player.close() for player in players))
        lost = await _lost(server.database, tables)
        split = server.proxy_split()
        await _settle(server)  # a saturated server may queue the reviews of the last games ended only now
        reviews = await _reviews_of_ended(client, tables)
    window = [ms for table in tables for when, ms in table.latencies if when >= start + WARM_UP]
    counted = sum(1 for table in tables for when, _ in table.latencies if when >= start + WARM_UP)
    later = [ms for table in tables for when, ms in table.later if when >= start + WARM_UP]
    errors = server.proxy_errors()
    stalls = [] if server.stalls is None else read_stalls(server.stalls, since=start + WARM_UP, until=stop)
    everything = sum(len(table.latencies) for table in tables)
    figure: dict[str, Any] = {"game": game, "tables": count, "pace_s": pace, "seconds": seconds, "settled_s": settled,
            "clocks_started_after_s": start - made,
            "actions_acknowledged": counted,
            "actions_per_s": counted / seconds, "actions_asked_per_s": count / pace if pace else None,
            "p50_ms": percentile(window, 0.50),
            "p99_ms": percentile(window, 0.99), "others_p50_ms": percentile(later, 0.50),
            "others_p99_ms": percentile(later, 0.99), "max_ms": max(window, default=float("nan")),
            **_cpu_figures(parts, wall=wall, actions=everything), "reviews_done": reviews_done,
            "reviews_per_s": reviews_done / wall, "games_ended": sum(reviews.values()),
            "reviews_of_ended": reviews,
            "proxy_cpu_share": proxy / wall, "proxy_errors": len(errors), "proxy_error_lines": errors[:5],
            "proxy_split": split,
            "generator_cpu_share": own / wall, "generator_cpu_ms_per_action": 1000 * own / max(1, everything),
            "generator_stalls_ms": lag.largest(since=start + WARM_UP),
            "server_stalls": [record for kind in ("lag", "collection")
                              for record in [record for record in stalls if record["kind"] == kind][:8]],
            "server_collections": collections_summary(stalls, seconds=seconds),
            "server_lag_histogram": lag_histogram(stalls) if server.stalls is not None else {},
            "database_cpu_share": database_cpu / wall,
            "room_cpu_ms_per_action": 1000 * (sum(part.serving_cpu + part.background_cpu for part in parts)
                                              + database_cpu + proxy) / max(1, everything),
            "load_average": os.getloadavg()[0],
            "tables_finished": sum(table.finished for table in tables), "acknowledged_actions_lost": lost}
    if pace is not None:
        figure["goal"], figure["goal_met"] = _goal(figure)
    return figure


def _cpu_figures(parts: list[Parts], *, wall: float, actions: int) -> dict[str, Any]:
    """The servers' CPU over a window of ``wall`` seconds in which ``actions`` were acknowledged (``parts``: each
    server's, :meth:`ServerProcess.parts` at its end less at its start): the serving processes' (issue 33's goal is
    judged on them), the niced background work's (the review worker) and the whole trees' (both), as shares of a
    core and milliseconds an action; each server's resident memory at the end.

    >>> figures = _cpu_figures([Parts(4.0, 6.0, 200 << 20, 100 << 20, 1)], wall=10.0, actions=1000)
    >>> figures["serving_cpu_share"], figures["review_cpu_share"], figures["server_cpu_share"]
    (0.4, 0.6, 1.0)
    >>> figures["serving_cpu_ms_per_action"], figures["server_cpu_ms_per_action"], figures["serving_rss_mb"]
    (4.0, 10.0, [200.0])
    """
    serving = [part.serving_cpu for part in parts]
    background = [part.background_cpu for part in parts]
    whole = [part.serving_cpu + part.background_cpu for part in parts]
    return {"serving_cpu_share": sum(serving) / wall, "serving_cpu_shares": [spent / wall for spent in serving],
            "serving_cpu_ms_per_action": 1000 * sum(serving) / max(1, actions),
            "review_cpu_share": sum(background) / wall, "review_cpu_shares": [spent / wall for spent in background],
            "review_processes": sum(part.background_processes for part in parts),
            "server_cpu_share": sum(whole) / wall, "server_cpu_shares": [spent / wall for spent in whole],
            "server_cpu_ms_per_action": 1000 * sum(whole) / max(1, actions),
            "serving_rss_mb": [part.serving_rss / (1 << 20) for part in parts],
            "review_rss_mb": [part.background_rss / (1 << 20) for part in parts]}


async def _reviews_stored(database: str) -> int:
    """How many reviews the room's database holds (every level and precision)."""
    store = Store(with_async_driver(database))
    try:
        async with store.engine.connect() as connection:
            return int((await connection.execute(sa.select(sa.func.count()).select_from(review_rows))).scalar_one())
    finally:
        await store.close()


async def _reviews_of_ended(client: httpx.AsyncClient, tables: list[Table]) -> dict[str, int]:
    """Where the reviews of the games that ended stand once the window is over, by state, as the room's API says it
    (``ready``: reviewed; ``queued`` or ``running``: still waiting; ``none``: dropped from the background backlog,
    to be computed if a reader asks; ``failed``)."""
    limit = asyncio.Semaphore(20)

    async def state(table: Table) -> str:
        async with limit:
            answer: dict[str, Any] = (await client.get(f"/api/tables/{table.id}/review")).json()
            return str(answer["state"])

    states = await asyncio.gather(*(state(table) for table in tables if table.finished))
    return {name: states.count(name) for name in ("ready", "running", "queued", "none", "failed")}


async def _settle(server: ServerProcess) -> float:
    """Wait until the servers are done with the connections' work: their serving processes under a tenth of a core
    for a second (at most :data:`SETTLE_MOST` seconds; the review worker's background work, which may last minutes,
    is not waited for); how long it took. Else a set-up whose second process loads every table (its players
    connected to both) would measure that loading as the tables' play."""
    began = time.monotonic()
    before = sum(part.serving_cpu for part in server.parts())
    while time.monotonic() - began < SETTLE_MOST:
        await asyncio.sleep(1.0)
        spent = sum(part.serving_cpu for part in server.parts())
        if spent - before < 0.1:
            break
        before = spent
    return time.monotonic() - began


async def _lost(database: str, tables: list[Table]) -> int:
    """Tables whose stored position is behind what their players were shown (must be none), read from the
    database itself: a process that relays a table may show its position a notification late."""
    store = Store(with_async_driver(database))
    try:
        _, stored = await store.listing([table.id for table in tables])
    finally:
        await store.close()
    return sum(stored.get(table.id, 0) < table.seen for table in tables)


# ------------------------------------------------------------------------------------------------ where the time goes
def where_time_goes(actions: int) -> dict[str, Any]:
    """The server's work per action on random Écarté and Whist games, measured apart: engine, pictures (one per
    seat and the public's), JSON, database (one commit awaited alone: mostly waiting for the writing thread and
    the disk, which the server shares between the tables acting together); wall and CPU ms per action, and each
    part's share of the wall time."""
    parts = {"engine": 0.0, "pictures": 0.0, "json": 0.0, "database": 0.0}
    cpu = dict.fromkeys(parts, 0.0)
    folder = Path(tempfile.mkdtemp(prefix="academie-bench-room-"))
    store = Store(f"sqlite+aiosqlite:///{folder / 'parts.db'}")
    done = 0

    async def run() -> None:
        nonlocal done
        await store.migrate()
        for number, name in enumerate(("ecarte", "whist") * 50):
            if done >= actions:
                break
            game = load(name)
            painter = game.painter() if game.painter is not None else None
            assert painter is not None
            table = TableRow(id=f"t{number}", game=name, options={}, seed=number, players=game.min_seats,
                             mode="enforced", takeover=None, takeover_after=30.0, status="running", result="*",
                             created="2026-01-01T00:00:00")
            await store.create(table, [SeatRow(seat, None, None, None) for seat in range(game.min_seats)])
            state, rng, seq = game.new(seed=number), random.Random(number), 0
            words = game_words("en", name)
            memos = {viewer: Memo() for viewer in (*range(game.min_seats), PUBLIC)}  # as the room keeps them
            while not state.is_terminal and done < actions:
                action = rng.choice(state.legal_actions())
                clock, used = time.perf_counter(), time.process_time()
                trial = state.clone()
                trial.apply(trial.parse_action(str(action)))
                parts["engine"] += time.perf_counter() - clock
                cpu["engine"] += time.process_time() - used
                clock, used = time.perf_counter(), time.process_time()
                actor = state.actor
                assert isinstance(actor, int)  # chance is dealt by the engine: a seat acts
                await store.append(table.id, ActionRow(seq + 1, actor, str(action), None), status="running",
                                   result="*", finished=None)
                parts["database"] += time.perf_counter() - clock
                cpu["database"] += time.process_time() - used
                state, seq = trial, seq + 1
                pictures = []
                clock, used = time.perf_counter(), time.process_time()
                for viewer in (*range(game.min_seats), PUBLIC):
                    view = state.view(viewer)
                    pictures.append(painter.paint(view, words=words, names=painter.default_names(view, words=words),
                                                  memo=memos[viewer]))
                parts["pictures"] += time.perf_counter() - clock
                cpu["pictures"] += time.process_time() - used
                clock, used = time.perf_counter(), time.process_time()
                for picture in pictures:  # as the room writes them: orjson on the picture's dataclasses
                    orjson.dumps({"type": "picture", "seq": seq, "picture": picture})
                parts["json"] += time.perf_counter() - clock
                cpu["json"] += time.process_time() - used
                done += 1
        await store.close()

    asyncio.run(run())
    total = sum(parts.values())
    return {"actions": done, "ms_per_action": {part: 1000 * spent / done for part, spent in parts.items()},
            "cpu_ms_per_action": {part: 1000 * spent / done for part, spent in cpu.items()},
            "share": {part: spent / total for part, spent in parts.items()}}


# ------------------------------------------------------------------------------------------------ the run
def run(*, quick: bool = False, levels: tuple[int, ...] = (10, 100, 1000), seconds: float = 20.0,
        fast_tables: int = 20, database: str | None = None, workers: int = 1, proxy: bool = False,
        split: bool = False, probe: bool = False) -> list[dict[str, Any]]:
    """Every figure of the room bench (a few minutes; under one with ``quick``), on ``workers`` processes (behind
    nginx with ``proxy``) and ``database`` (default: SQLite in a new file)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 16384)), hard))
    if quick:
        levels, seconds, fast_tables = tuple(level for level in levels if level <= 100), 6.0, 5
    figures: list[dict[str, Any]] = []
    setup = _setup(database, workers, proxy, split)
    with tempfile.TemporaryDirectory(prefix="academie-bench-room-") as folder, \
            ServerProcess(Path(folder), database=database, workers=workers, proxy=proxy, split=split,
                          probe=probe) as server:
        for index, count in enumerate(levels):
            print(f"[bench] room: {count} tables at one action a second, {setup} ...", flush=True)
            figure = _on_uvloop(run_tables(server, count, seconds=seconds, pace=1.0, seed=1000 * (index + 1),
                                           game=PACED_GAME))
            figures.append({"name": f"room/{count} tables at human pace, {setup}", "kind": "room",
                            "setup": setup} | figure)
            print(f"[bench]   {_line(figures[-1])}", flush=True)
        if fast_tables:
            print(f"[bench] room: {fast_tables} tables as fast as they can ...", flush=True)
            figure = _on_uvloop(run_tables(server, fast_tables, seconds=seconds, pace=None, seed=99_000,
                                           game=FAST_GAME))
            figures.append({"name": f"room/{fast_tables} tables as fast as they can, {setup}", "kind": "room",
                            "setup": setup} | figure)
            print(f"[bench]   {_line(figures[-1])}", flush=True)
    parts = where_time_goes(300 if quick else 2000)
    figures.append({"name": "room/server work per action, measured apart", "kind": "room-parts"} | parts)
    print(f"[bench]   {_parts_line(figures[-1])}", flush=True)
    return figures


def _on_uvloop(players: Coroutine[Any, Any, dict[str, Any]]) -> dict[str, Any]:
    """The players run on uvloop, the server's loop: the load generator's share of the cores is the servers' loss."""
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(players)


def _setup(database: str | None, workers: int, proxy: bool, split: bool) -> str:
    """The set-up in words (``1 process, SQLite``; ``2 processes, PostgreSQL, through nginx``)."""
    kind = "PostgreSQL" if database is not None and database.startswith("postgres") else "SQLite"
    way = ", through nginx" if proxy else ", each table's seats on different processes" if split else ""
    return f"{workers} process{'es' if workers > 1 else ''}, {kind}{way}"


def _line(figure: dict[str, Any]) -> str:
    goal = "" if figure["pace_s"] is None else f" ({figure['goal']}: {'met' if figure['goal_met'] else 'NOT met'})"
    asked = figure.get("actions_asked_per_s")
    served = f" of {asked:.0f} asked" if asked else ""
    split = figure.get("proxy_split") or []
    proxy = (f", nginx {figure['proxy_cpu_share']:.0%} of a core, {figure['proxy_errors']} errors in its log"
             + (f", its tables to the processes {' / '.join(str(count) for count in split)}" if split else "")
             if figure.get("proxy_cpu_share") else "")
    database = (f", PostgreSQL {figure['database_cpu_share']:.0%} of a core, servers, PostgreSQL and nginx "
                f"{figure['room_cpu_ms_per_action']:.2f} ms of CPU an action" if figure.get("database_cpu_share")
                else "")
    return (f"{figure['actions_per_s']:.0f}{served} actions/s, p50 {figure['p50_ms']:.1f} ms, p99 "
            f"{figure['p99_ms']:.1f} ms{goal}, the other players shown it {figure.get('others_p50_ms', 0):.1f} / "
            f"{figure.get('others_p99_ms', 0):.1f} ms later (p50 / p99), {_servers(figure)}{proxy}{database}, "
            f"generator {figure['generator_cpu_share']:.0%}{_generator_per_action(figure)}{_stalls(figure)}, "
            f"acknowledged actions lost: {figure['acknowledged_actions_lost']}, "
            f"servers settled in {figure.get('settled_s', 0):.0f} s (the tables' clocks started "
            f"{figure.get('clocks_started_after_s', 0):.0f} s after the tables were made), "
            f"load average {figure['load_average']:.1f}")


def _shares(shares: list[float]) -> str:
    """Each process's share of a core, when there are several."""
    return f" ({' + '.join(f'{share:.0%}' for share in shares)})" if len(shares) > 1 else ""


def _servers(figure: dict[str, Any]) -> str:
    """The servers' CPU told apart: the serving processes, the review worker (with the reviews' fate) and the whole
    trees, labelled as such; their resident memory at the end."""
    ended = figure["reviews_of_ended"]
    megabytes = " + ".join(f"{serving:.0f} MB" for serving in figure["serving_rss_mb"])
    return (f"serving {figure['serving_cpu_share']:.0%} of a core{_shares(figure['serving_cpu_shares'])} "
            f"({figure['serving_cpu_ms_per_action']:.2f} ms of CPU an action), review worker (niced) "
            f"{figure['review_cpu_share']:.0%} of a core{_shares(figure['review_cpu_shares'])}: "
            f"{figure['reviews_done']} reviews stored ({figure['reviews_per_s']:.1f} a second), of the "
            f"{figure['games_ended']} games ended {ended['ready']} reviewed, {ended['queued'] + ended['running']} "
            f"waiting, {ended['none']} dropped, {ended['failed']} failed; the whole process tree "
            f"{figure['server_cpu_share']:.0%} of a core{_shares(figure['server_cpu_shares'])} "
            f"({figure['server_cpu_ms_per_action']:.2f} ms an action); resident memory at the end: serving "
            f"{megabytes}, review worker "
            + (" + ".join(f"{each:.0f} MB" for each in figure["review_rss_mb"]) if figure["review_processes"]
               else "not started"))


def _goal(figure: dict[str, Any]) -> tuple[str, bool]:
    """Issue 33's goal for this paced figure and whether it was met: one process at up to 1,000 tables, p99 under
    100 ms with the serving process under 40% of a core (judged without the niced review worker, whose background
    work yields to it); otherwise p99 under 250 ms.

    >>> _goal({"tables": 1000, "serving_cpu_shares": [0.5], "p99_ms": 46.0, "serving_cpu_share": 0.5})
    ('goal p99 < 100 ms and the serving process under 40% of a core (the niced review worker apart)', False)
    >>> _goal({"tables": 2000, "serving_cpu_shares": [0.5, 0.6], "p99_ms": 200.0, "serving_cpu_share": 1.1})
    ('goal p99 < 250 ms', True)
    """
    if figure["tables"] <= 1000 and len(figure["serving_cpu_shares"]) == 1:
        met = figure["p99_ms"] < GOAL_P99_SMALL_MS and figure["serving_cpu_share"] < GOAL_CPU_SHARE
        return (f"goal p99 < {GOAL_P99_SMALL_MS:.0f} ms and the serving process under {GOAL_CPU_SHARE:.0%} of a core "
                "(the niced review worker apart)", met)
    return f"goal p99 < {GOAL_P99_MS:.0f} ms", figure["p99_ms"] < GOAL_P99_MS


def _generator_per_action(figure: dict[str, Any]) -> str:
    """The generator's CPU an action, beside its share of a core (figures written before it was kept have none)."""
    spent = figure.get("generator_cpu_ms_per_action")
    return "" if spent is None else f" ({spent:.3f} ms of CPU an action)"


def _stalls(figure: dict[str, Any]) -> str:
    """The generator's largest stalls (and the servers', probed), so that a reader knows whose the latency is."""
    own = " / ".join(f"{ms:.0f}" for ms in figure.get("generator_stalls_ms", []))
    text = f" (its loop's largest stalls: {own} ms)" if own else f" (no stall of its loop over {LATE * 1000:.0f} ms)"
    lags = [record for record in figure.get("server_stalls", []) if record["kind"] == "lag"]
    if lags:
        text += ", the servers' loops: " + " / ".join(f"{record['ms']:.0f}" for record in lags) + " ms"
    histogram = figure.get("server_lag_histogram")
    if histogram:
        text += (" (late wake-ups by ms: " + ", ".join(f"{bin} {count:.0f}" for bin, count in histogram.items()
                                                       if bin != "total_ms")
                 + f"; {histogram['total_ms']:.0f} ms late in all)")
    collected = figure.get("server_collections")
    if collected:
        text += (f", their collections over {SLOW_COLLECTION * 1000:.0f} ms: {collected['per_s']:.1f} a second, "
                 f"{collected['cpu_ms_per_s']:.1f} ms of CPU a second, the largest {collected['cpu_ms_max']:.0f} ms "
                 f"of CPU ({collected['wall_ms_max']:.0f} ms of wall time)")
    if collected and "all_cpu_ms_per_s" in collected:
        text += (f"; every collection: {collected['all_per_s']:.0f} a second, "
                 f"{collected['all_cpu_ms_per_s']:.1f} ms of CPU a second, of the main thread's "
                 f"{collected['main_cpu_ms_per_s']:.0f}, which waited "
                 f"{collected['main_wait_ms_per_s']:.0f} ms a second for a core")
    return text


def describe(figure: dict[str, Any]) -> str:
    """One figure of this bench in one line."""
    if figure["kind"] == "room-mixed":
        from bench import room_mixed

        return room_mixed.describe(figure)
    return _parts_line(figure) if figure["kind"] == "room-parts" else _line(figure)


def _parts_line(figure: dict[str, Any]) -> str:
    return ", ".join(f"{part} {ms:.3f} ms ({figure['share'][part]:.0%}; CPU {figure['cpu_ms_per_action'][part]:.3f} ms)"
                     for part, ms in figure["ms_per_action"].items()) + f" per action over {figure['actions']}"


def run_mixed(*, tables: int, bot_tables: int, seconds: float, database: str | None,
              runs: int) -> list[dict[str, Any]]:
    """The mixed load (:mod:`bench.room_mixed`), ``runs`` times, each on a fresh server (and, on SQLite, a fresh
    database)."""
    from bench import room_mixed  # it reads this module's percentile

    figures: list[dict[str, Any]] = []
    for run_number in range(runs):
        with tempfile.TemporaryDirectory(prefix="academie-bench-room-") as folder, \
                ServerProcess(Path(folder), database=database) as server:
            print(f"[bench] room: mixed load, {tables} tables ({bot_tables} of bots only), {seconds:.0f} s ...",
                  flush=True)
            figure = asyncio.run(room_mixed.run_mixed(server.base, server.database, tables=tables,
                                                      bot_tables=bot_tables, seconds=seconds, seed=7 + run_number))
            kind = "PostgreSQL" if server.database.startswith("postgresql") else "SQLite"
            figures.append({"name": f"room/mixed load on {kind}", "kind": "room-mixed"} | figure)
            print(f"[bench]   {room_mixed.describe(figure)}", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.room", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="10 and 100 tables, 5 s each (a smoke test)")
    parser.add_argument("--tables", default="10,100,1000", help="the table counts at human pace")
    parser.add_argument("--seconds", type=float, default=20.0, help="the measuring window of each level")
    parser.add_argument("--fast-tables", type=int, default=20,
                        help="the tables played as fast as they can after the levels (0: none)")
    parser.add_argument("--out", type=Path, default=None, help="the JSON to write")
    parser.add_argument("--mixed", action="store_true",
                        help="the mixed load instead (bot-only tables, tables created, joined and replaced, chat)")
    parser.add_argument("--mixed-tables", type=int, default=50, help="--mixed: the tables at any moment")
    parser.add_argument("--bot-tables", type=int, default=8, help="--mixed: how many of them are bots only")
    parser.add_argument("--db", default=None, help="the server's database (default: SQLite in a new file); "
                        "a PostgreSQL URL must name an empty database or one whose tables may be added to")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes (academie serve --workers N; more than 1 needs a PostgreSQL --db)")
    parser.add_argument("--proxy", action="store_true",
                        help="--workers processes on ports of their own behind nginx on loopback (needs a PostgreSQL "
                        "--db), the players connected through it")
    parser.add_argument("--split", action="store_true",
                        help="--workers processes on ports of their own, each seat of a table connected straight to "
                        "another (every action followed by another process than its own; needs a PostgreSQL --db)")
    parser.add_argument("--probe", action="store_true",
                        help="run the servers under bench.stalls: their loops' stalls, with the stacks sampled in "
                        "them, in the figures (the sampling costs a little CPU)")
    parser.add_argument("--full-collection-seconds", type=float, default=None,
                        help="--probe: the servers' scheduled full collection every so many seconds (default: the "
                        "room's, ten minutes), to time the oldest generation's collection at the run's tables")
    parser.add_argument("--runs", type=int, default=1, help="--mixed: how many runs, each on a fresh server")
    args = parser.parse_args(argv)
    if args.full_collection_seconds is not None:
        if not args.probe:
            parser.error("--full-collection-seconds needs --probe")
        os.environ["ACADEMIE_STALLS_FULL_SECONDS"] = str(args.full_collection_seconds)
    if (args.workers > 1 or args.proxy or args.split) and not (args.db or "").startswith("postgres"):
        parser.error("--workers above 1, --proxy and --split need a PostgreSQL --db (processes cannot share SQLite)")
    levels = tuple(int(count) for count in args.tables.split(",") if count.strip())
    started = time.strftime("%Y%m%d-%H%M%S")
    if args.mixed:
        figures = run_mixed(tables=args.mixed_tables, bot_tables=args.bot_tables, seconds=args.seconds,
                            database=args.db, runs=args.runs)
    else:
        figures = run(quick=args.quick, levels=levels, seconds=args.seconds, fast_tables=args.fast_tables,
                      database=args.db, workers=args.workers, proxy=args.proxy, split=args.split, probe=args.probe)
    out = args.out or RESULTS / f"room-{started}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"figures": figures, "load": os.getloadavg()}, indent=1) + "\n", encoding="utf-8")
    print(f"[bench] wrote {out}; load average {statistics.mean(os.getloadavg()):.1f} during the run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
