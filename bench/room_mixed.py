"""``python -m bench.room --mixed``: the card room under a mixed load, as a club evening makes it.

One ``academie serve`` process (SQLite in a fresh file, or ``--db`` a PostgreSQL URL) on loopback; this process
is the load generator. Bot-only Écarté tables play as fast as their bots decide (watched: bots alone play only
then), while players' tables are created with their two seats open, joined by name (``POST .../join``), played by
two people who think a little before each act and chat now and then, and watched by spectators who come and go;
every finished table, of either kind, is replaced by a new one at once.

What it measures, over the whole run: the acts served (bots' and players'), the HTTP requests by route (p50,
p99, max, and any answer of 500 or more), the players' acts from sent to the next picture, the WebSockets the
server closed abnormally, the chat lines that never came back to the one who said them or came twice to a
newcomer, the bot tables that stopped (no act for :data:`STALL_SECONDS` while not finished), and, read from the
database after the run, the acknowledged acts missing from the stored log (must be none).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from academie.room.store import Store
from bench.room import percentile

GAME = "ecarte"
BOTS = ("random", "classical")
"""The bot-only tables' two seats."""
THINK = (0.2, 0.8)
"""A player's time before each act (seconds, uniform): about two acts a second at each players' table."""
CHAT_EVERY = 4.0
"""Each player says a line about this often (seconds, exponential)."""
SPECTATE_EVERY = 2.0
"""A spectator comes to one of the players' tables about this often, reads the history and leaves."""
STALL_SECONDS = 10.0
"""A bot-only table with no act for this long, not finished, has stopped."""


@dataclass
class Tally:
    """What the generator saw."""

    http: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    """Requests that got no answer (a timeout, a refused connection), by route."""
    act_ms: list[float] = field(default_factory=list)
    acts_seen: dict[str, int] = field(default_factory=dict)
    """Each table's highest sequence number seen in a picture."""
    acknowledged: dict[str, dict[int, str]] = field(default_factory=dict)
    """The players' acts the server acknowledged (a picture of the next position): table → seq → action."""
    closes: Counter[int] = field(default_factory=Counter)
    """Close codes of WebSockets the server ended while the generator still used them."""
    chat_said: int = 0
    chat_back: int = 0
    chat_twice: int = 0
    stalls: int = 0
    tables_created: Counter[str] = field(default_factory=Counter)
    tables_finished: Counter[str] = field(default_factory=Counter)


class Load:
    """The generator: ``bot_tables`` bot-only tables and ``tables - bot_tables`` players' tables until ``stop``."""

    def __init__(self, base: str, *, stop: float, seed: int) -> None:
        self.base = base
        self.ws = base.replace("http://", "ws://", 1)
        self.stop = stop
        self.rng = random.Random(seed)
        self.tally = Tally()
        self.client = httpx.AsyncClient(base_url=base, timeout=60)
        self.players_tables: list[str] = []

    async def request(self, route: str, method: str, path: str, body: Any = None) -> Any:
        """One request, timed under ``route``; its JSON when it succeeded, else None."""
        started = time.monotonic()
        try:
            response = await self.client.request(method, path, json=body)
        except httpx.HTTPError:
            self.tally.failures[route] += 1
            return None
        self.tally.http.setdefault(route, []).append(1000 * (time.monotonic() - started))
        self.tally.statuses[response.status_code] += 1
        return response.json() if response.status_code == 200 else None

    async def socket(self, path: str) -> ClientConnection:
        return await connect(f"{self.ws}{path}", max_size=None, ping_interval=None)

    def closed(self, error: ConnectionClosed) -> None:
        if error.rcvd is None or error.rcvd.code not in (1000, 1001):
            self.tally.closes[1006 if error.rcvd is None else error.rcvd.code] += 1

    # ------------------------------------------------------------------ bot-only tables
    async def bots(self) -> None:
        while time.monotonic() < self.stop:
            created = await self.request("POST /api/tables", "POST", "/api/tables",
                                         {"game": GAME, "bots": dict(zip("01", BOTS, strict=True)),
                                          "seed": self.rng.randrange(2**31)})
            if created is None:
                await asyncio.sleep(0.5)
                continue
            self.tally.tables_created["bots"] += 1
            if await self.watch(created["table"]):
                self.tally.tables_finished["bots"] += 1

    async def watch(self, table: str) -> bool:
        """Watch a bot-only table to its end (True), or until the run stops or the table stalls (False)."""
        try:
            async with await self.socket(f"/ws/tables/{table}") as socket:
                while True:
                    left = min(STALL_SECONDS, self.stop - time.monotonic())
                    if left <= 0:
                        return False
                    try:
                        message = orjson.loads(await asyncio.wait_for(socket.recv(), left))
                    except TimeoutError:
                        if time.monotonic() < self.stop:
                            self.tally.stalls += 1
                        return False
                    if message["type"] == "picture":
                        self.tally.acts_seen[table] = message["seq"]
                        if message["status"] == "finished":
                            return True
        except ConnectionClosed as error:
            self.closed(error)
            return False

    # ------------------------------------------------------------------ players' tables
    async def players(self) -> None:
        while time.monotonic() < self.stop:
            created = await self.request("POST /api/tables", "POST", "/api/tables",
                                         {"game": GAME, "access": {"0": "open", "1": "open"},
                                          "seed": self.rng.randrange(2**31)})
            if created is None:
                await asyncio.sleep(0.5)
                continue
            self.tally.tables_created["players"] += 1
            table = created["table"]
            joined = [await self.request("POST /api/tables/{id}/join", "POST", f"/api/tables/{table}/join",
                                         {"seat": seat, "name": f"Player {seat}"}) for seat in (0, 1)]
            if None in joined:
                continue
            tokens = [seat["token"] for seat in joined if seat is not None]
            self.players_tables.append(table)
            ends = await asyncio.gather(*(self.player(table, token) for token in tokens))
            if all(ends):
                self.tally.tables_finished["players"] += 1

    async def player(self, table: str, token: str) -> bool:
        """One seat played to the end (True) or until the run stops; chats now and then."""
        acknowledged = self.tally.acknowledged.setdefault(table, {})
        sent: dict[int, tuple[float, str]] = {}
        next_chat = time.monotonic() + self.rng.expovariate(1 / CHAT_EVERY)
        said: set[str] = set()
        try:
            async with await self.socket(f"/ws/tables/{table}?token={token}") as socket:
                async for raw in socket:
                    message = orjson.loads(raw)
                    if message["type"] == "chat" and message["text"] in said:
                        said.discard(message["text"])
                        self.tally.chat_back += 1
                    if message["type"] != "picture":
                        continue
                    seq = message["seq"]
                    self.tally.acts_seen[table] = max(seq, self.tally.acts_seen.get(table, 0))
                    if seq in sent:
                        started, action = sent.pop(seq)
                        acknowledged[seq] = action
                        self.tally.act_ms.append(1000 * (time.monotonic() - started))
                    if message["status"] == "finished" or time.monotonic() >= self.stop:
                        await self.hear_back(socket, said)
                        return bool(message["status"] == "finished")
                    if time.monotonic() >= next_chat:
                        line = f"line {self.rng.randrange(10**9)}"
                        said.add(line)
                        self.tally.chat_said += 1
                        await socket.send(orjson.dumps({"type": "chat", "text": line}).decode())
                        next_chat += self.rng.expovariate(1 / CHAT_EVERY)
                    if message["legal"] and seq + 1 not in sent:  # one move per position (a picture may come again)
                        await asyncio.sleep(self.rng.uniform(*THINK))
                        action = self.rng.choice(message["legal"])
                        sent[seq + 1] = (time.monotonic(), action)
                        await socket.send(orjson.dumps({"type": "act", "seq": seq, "action": action}).decode())
        except ConnectionClosed as error:
            self.closed(error)
        return False

    async def hear_back(self, socket: ClientConnection, said: set[str]) -> None:
        """Before leaving, wait a little for the lines this player said to come back."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(5.0):
                while said:
                    message = orjson.loads(await socket.recv())
                    if message["type"] == "chat" and message["text"] in said:
                        said.discard(message["text"])
                        self.tally.chat_back += 1

    # ------------------------------------------------------------------ spectators
    async def spectators(self) -> None:
        """Come to a random players' table, count each chat line of its history, leave."""
        while time.monotonic() < self.stop:
            await asyncio.sleep(self.rng.expovariate(1 / SPECTATE_EVERY))
            if not self.players_tables:
                continue
            table = self.rng.choice(self.players_tables[-20:])
            lines: Counter[str] = Counter()
            try:
                async with await self.socket(f"/ws/tables/{table}") as socket:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(1.0):
                            async for raw in socket:
                                message = orjson.loads(raw)
                                if message["type"] == "chat":
                                    lines[message["text"]] += 1
            except ConnectionClosed as error:
                self.closed(error)
            self.tally.chat_twice += sum(count - 1 for count in lines.values())


async def lost_in_log(database: str, tally: Tally) -> int:
    """Acknowledged acts not in the stored log at their number (read from the database itself)."""
    store = Store(database)
    lost = 0
    try:
        for table, acknowledged in tally.acknowledged.items():
            stored = {row.seq: row.action for row in await store.actions(table)}
            lost += sum(stored.get(seq) != action for seq, action in acknowledged.items())
    finally:
        await store.close()
    return lost


async def run_mixed(base: str, database: str, *, tables: int, bot_tables: int, seconds: float,
                    seed: int) -> dict[str, Any]:
    """The mixed load on the server at ``base`` (its database at ``database``) for ``seconds``; its figures."""
    started = time.monotonic()
    load = Load(base, stop=started + seconds, seed=seed)
    drivers = [load.bots() for _ in range(bot_tables)] + [load.players() for _ in range(tables - bot_tables)]
    drivers.append(load.spectators())
    await asyncio.wait([asyncio.ensure_future(driver) for driver in drivers], timeout=seconds + 60)
    wall = time.monotonic() - started
    await load.client.aclose()
    tally = load.tally
    routes = {route: {"count": len(ms), "p50_ms": percentile(ms, 0.5), "p99_ms": percentile(ms, 0.99),
                      "max_ms": max(ms)} for route, ms in sorted(tally.http.items())}
    every = [ms for values in tally.http.values() for ms in values]
    return {"tables": tables, "bot_tables": bot_tables, "seconds": seconds, "wall_s": wall,
            "acts": sum(tally.acts_seen.values()), "acts_per_s": sum(tally.acts_seen.values()) / wall,
            "player_acts": len(tally.act_ms), "act_p50_ms": percentile(tally.act_ms, 0.5),
            "act_p99_ms": percentile(tally.act_ms, 0.99), "http": routes,
            "http_p99_ms": percentile(every, 0.99), "http_max_ms": max(every, default=float("nan")),
            "http_5xx": sum(count for status, count in tally.statuses.items() if status >= 500),
            "http_statuses": dict(tally.statuses), "http_unanswered": dict(tally.failures),
            "abnormal_closes": dict(tally.closes), "chat_said": tally.chat_said,
            "chat_unanswered": tally.chat_said - tally.chat_back, "chat_twice_to_newcomers": tally.chat_twice,
            "bot_tables_stopped": tally.stalls, "tables_created": dict(tally.tables_created),
            "tables_finished": dict(tally.tables_finished),
            "acknowledged_acts_lost": await lost_in_log(database, tally), "load_average": os.getloadavg()[0]}


def describe(figure: dict[str, Any]) -> str:
    return (f"{figure['acts']} acts in {figure['wall_s']:.0f} s ({figure['acts_per_s']:.0f}/s; players' acts "
            f"p50 {figure['act_p50_ms']:.0f} ms, p99 {figure['act_p99_ms']:.0f} ms); HTTP p99 "
            f"{figure['http_p99_ms']:.0f} ms, max {figure['http_max_ms']:.0f} ms, 5xx {figure['http_5xx']}, "
            f"unanswered {sum(figure['http_unanswered'].values())}; tables created {figure['tables_created']}, "
            f"finished {figure['tables_finished']}; bot tables stopped {figure['bot_tables_stopped']}; "
            f"abnormal closes {figure['abnormal_closes']}; chat lines said {figure['chat_said']}, unanswered "
            f"{figure['chat_unanswered']}, twice to newcomers {figure['chat_twice_to_newcomers']}; acknowledged "
            f"acts lost {figure['acknowledged_acts_lost']}; load average {figure['load_average']:.1f}")
