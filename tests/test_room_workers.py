"""Every core and a real front door (issue 33): ``academie serve --workers N`` on one PostgreSQL, each table driven
by one process at a time (an advisory lock), its driver killed with ``kill -9`` mid-game and the game going on
through the others; nginx (Debian's) on loopback in front of two processes, players of one table connected through
different ones, one killed, the players reconnecting through the proxy and finishing; and SQLite refusing several
processes. "Nothing acknowledged lost": every position a player was shown is in the stored log at the end."""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import httpx
from room_support import PLAY_TIMEOUT, Server, free_port
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from academie import record
from academie.room.drivers import Wheels, driver_of
from academie.room.frontdoor import Nginx, template
from academie.room.hub import READS_AT_ONCE, NewTable, Room, latest_presence
from academie.room.notify import MOST_TOLD, Listener, action_kind, asyncpg_dsn, notices_from, told_action
from academie.room.store import ActionRow, Store, TableRow, with_async_driver
from academie.room.tables import Connection
from academie.room.workers import Workers

ROOT = Path(__file__).resolve().parent.parent
KILL_AT = 10
"""The table's action after which a process is killed (mid-deal: a deal has more than 20)."""


async def _player(address: Callable[[], str], rng: random.Random, shown: list[int], *, until_result: bool,
                  hold: asyncio.Event | None = None) -> int:
    """A player who plays random legal moves through ``address()`` (asked again at each reconnection) until the game
    is over (``until_result``: until the first deal's result), reconnecting whenever his connection is lost; how
    many times he reconnected. ``shown``: the table's positions he was shown; ``hold``: past :data:`KILL_AT` he acts
    only once it is set (the process is killed mid-deal, however quickly the room answers)."""
    deadline = time.monotonic() + PLAY_TIMEOUT
    reconnections = 0
    while time.monotonic() < deadline:
        try:
            async with connect(address(), max_size=None, open_timeout=5) as socket_:
                async for raw in socket_:
                    message = json.loads(raw)
                    if message["type"] != "picture":
                        continue
                    shown.append(message["seq"])
                    if message["status"] == "finished" or (until_result and message["picture"]["result"]):
                        return reconnections
                    if message["legal"]:
                        if hold is not None and message["seq"] >= KILL_AT:
                            await hold.wait()
                        await socket_.send(json.dumps({"type": "act", "seq": message["seq"],
                                                       "action": rng.choice(message["legal"])}))
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            pass
        reconnections += 1
        await asyncio.sleep(0.2)
    raise AssertionError("the game did not end in time")


async def _when_at(shown: list[list[int]], seq: int) -> None:
    """Wait until a player was shown the table's action ``seq``."""
    deadline = time.monotonic() + PLAY_TIMEOUT
    while max((max(seen, default=0) for seen in shown), default=0) < seq:
        assert time.monotonic() < deadline, "the game never reached the action where a process is killed"
        await asyncio.sleep(0.05)


async def _driver(cluster: str, table: str) -> int:
    """The process id of the process driving ``table`` (waiting until one does)."""
    connection = await asyncpg.connect(**asyncpg_dsn(cluster))
    try:
        deadline = time.monotonic() + 10
        while (pid := await driver_of(connection, table)) is None:
            assert time.monotonic() < deadline, "no process took the table's lock"
            await asyncio.sleep(0.05)
        return pid
    finally:
        await connection.close()


def _stored_seq(server: Server, table: str) -> int:
    return int(server.get(f"/api/tables/{table}").json()["seq"])


def _whist_with_two_bots(server: Server) -> tuple[str, dict[int, str]]:
    created = server.post("/api/tables", {"game": "whist", "players": 4, "seed": 33, "options": {"variant": "short"},
                                          "bots": {"1": "random", "3": "random"}})
    return created["table"], {int(seat): data["token"] for seat, data in created["seats"].items()}


def _first_deal_whole(server: Server, table: str, token: str) -> None:
    """The first deal of the stored record (as the seat of ``token`` may read it) has its 52 cards, each played
    once."""
    whole = record.read_text(server.get(f"/api/tables/{table}/record?token={token}").text)
    plays = [entry for entry in whole.deals[0].entries
             if isinstance(entry, record.ActionLine) and entry.action.startswith("play ")]
    assert len(plays) == 52 and len({entry.action for entry in plays}) == 52


def test_serve_refuses_several_processes_on_sqlite(tmp_path: Path) -> None:
    database = tmp_path / "room.db"
    done = subprocess.run([sys.executable, "-m", "academie", "serve", "--workers", "2", "--db", f"sqlite:///{database}"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2
    assert "--workers: 2 server processes need a database they can share" in done.stderr
    assert "allowed: --workers 1 with SQLite, or any number with --db postgresql://" in done.stderr
    assert not database.exists()  # refused before anything was created


def test_the_driver_killed_its_bots_play_on_through_the_other_process(cluster: str, tmp_path: Path) -> None:
    """Two players on two processes, two bots: the process that drives the table (holds its lock) is killed with
    ``kill -9`` mid-deal; the other takes the table over (its bots play on), the player who was connected to the
    dead one comes back through the other, and the deal ends with every card played once."""
    first = Server(tmp_path, db=cluster).start()
    second = Server(tmp_path, db=cluster).start()
    try:
        servers = {first.process.pid: first, second.process.pid: second}  # type: ignore[union-attr]
        table, tokens = _whist_with_two_bots(first)
        home = {0: first, 2: second}
        dead: list[Server] = []

        def address(seat: int) -> Callable[[], str]:
            def now() -> str:
                server = home[seat] if home[seat] not in dead else next(s for s in (first, second) if s not in dead)
                return f"{server.ws_base}/ws/tables/{table}?token={tokens[seat]}"
            return now

        async def scenario() -> tuple[list[int], int, list[list[int]]]:
            shown: list[list[int]] = [[], []]
            killed = asyncio.Event()
            players = [asyncio.create_task(_player(address(seat), random.Random(seat), seen, until_result=True,
                                                   hold=killed)) for seat, seen in zip((0, 2), shown, strict=True)]
            await _when_at(shown, KILL_AT)
            driver = servers[await _driver(cluster, table)]
            dead.append(driver)
            await asyncio.to_thread(driver.kill)
            killed_at = max(max(seen, default=0) for seen in shown)
            killed.set()
            reconnections = await asyncio.wait_for(asyncio.gather(*players), PLAY_TIMEOUT)
            return reconnections, killed_at, shown

        reconnections, killed_at, shown = asyncio.run(scenario())
        survivor = next(server for server in (first, second) if server not in dead)
        stored = _stored_seq(survivor, table)
        assert stored > killed_at + 10, "the table did not go on after its driver was killed"
        assert all(seq <= stored for seen in shown for seq in seen), "an acknowledged action was lost"
        assert sum(reconnections) >= 1  # the dead process's player came back through the other
        _first_deal_whole(survivor, table, tokens[0])
    finally:
        second.stop()
        first.stop()


def test_serve_workers_two_processes_one_killed_the_game_goes_on(cluster: str, tmp_path: Path) -> None:
    """``academie serve --workers 2``: two processes on one port; the one driving the table is killed with
    ``kill -9`` mid-deal; its players reconnect to the same address (served by the other, or by the process the
    supervisor started in its place) and the deal ends, nothing acknowledged lost."""
    server = Server(tmp_path, db=cluster, workers=2).start()
    try:
        deadline = time.monotonic() + 30
        while len(pids := server.workers_pids()) < 2:
            assert time.monotonic() < deadline, "the supervisor did not start two processes"
            time.sleep(0.1)
        table, tokens = _whist_with_two_bots(server)

        def address(seat: int) -> Callable[[], str]:
            return lambda: f"{server.ws_base}/ws/tables/{table}?token={tokens[seat]}"

        async def scenario() -> tuple[int, int, list[list[int]]]:
            shown: list[list[int]] = [[], []]
            killed = asyncio.Event()
            players = [asyncio.create_task(_player(address(seat), random.Random(seat), seen, until_result=True,
                                                   hold=killed)) for seat, seen in zip((0, 2), shown, strict=True)]
            await _when_at(shown, KILL_AT)
            driver = await _driver(cluster, table)
            subprocess.run(["kill", "-9", str(driver)], check=True)
            killed_at = max(max(seen, default=0) for seen in shown)
            killed.set()
            await asyncio.wait_for(asyncio.gather(*players), PLAY_TIMEOUT)
            return driver, killed_at, shown

        driver, killed_at, shown = asyncio.run(scenario())
        assert driver in pids  # one of the two server processes drove the table, and it is the one killed
        stored = _stored_seq(server, table)
        assert stored > killed_at + 10, "the table did not go on after its driver was killed"
        assert all(seq <= stored for seen in shown for seq in seen), "an acknowledged action was lost"
        _first_deal_whole(server, table, tokens[0])
    finally:
        server.stop()


def _always(address: str) -> Callable[[], str]:
    """A player's address that stays the same at each reconnection."""
    return lambda: address


def _served(proxy: Nginx, path: str) -> list[str]:
    """The process (``HOST:PORT``) that served each request for ``path``, in nginx's log's order (a WebSocket is
    logged when it closes; a request nginx passed on from a process that refused it names both, the last served)."""
    return re.findall(rf'"GET {re.escape(path)}[?\s][^"]*" [0-9]+ upstream=(?:[0-9.:]+, )*([0-9.:]+)',
                      proxy.access_log())


def _served_once(proxy: Nginx, path: str) -> str:
    """The process that served the one request for ``path``, once nginx has logged it (it logs a request after
    answering it: on a busy machine the answer may come first)."""
    deadline = time.monotonic() + 10
    while not (served := _served(proxy, path)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(served) == 1, proxy.access_log()
    return served[0]


def test_nginx_in_front_of_two_processes_one_killed_the_players_finish(cluster: str, tmp_path: Path) -> None:
    """Debian's nginx on loopback before two processes (the configuration docs/card-room.md shows): an Écarté table
    created through it; one player reaches the table through it (nginx sends each table to one process), the other
    connects straight to the other process, so that each action is committed by one process and followed by the
    other; the process nginx chose is killed mid-game; its player reconnects through the proxy (now to the other
    process) and both finish the game."""
    first = Server(tmp_path, db=cluster).start()
    second = Server(tmp_path, db=cluster).start()
    servers = {f"127.0.0.1:{first.port}": first, f"127.0.0.1:{second.port}": second}
    proxy = Nginx(tmp_path / "nginx", listen=f"127.0.0.1:{free_port()}", servers=list(servers))
    try:
        proxy.start()
        front = f"http://{proxy.listen}"
        created = httpx.post(f"{front}/api/tables", json={"game": "ecarte", "seed": 33}, timeout=10).json()
        table = created["table"]
        tokens = {int(seat): data["token"] for seat, data in created["seats"].items()}
        httpx.get(f"{front}/api/tables/{table}", timeout=10).raise_for_status()
        chosen = _served_once(proxy, f"/api/tables/{table}")  # where nginx sends this table
        other = next(server for address, server in servers.items() if address != chosen)
        addresses = {0: f"ws://{proxy.listen}/ws/tables/{table}?token={tokens[0]}",
                     1: f"{other.ws_base}/ws/tables/{table}?token={tokens[1]}"}

        async def scenario() -> tuple[list[int], int, list[list[int]]]:
            shown: list[list[int]] = [[], []]
            players = [asyncio.create_task(_player(_always(addresses[seat]), random.Random(seat), shown[seat],
                                                   until_result=False)) for seat in (0, 1)]
            await _when_at(shown, KILL_AT)
            await asyncio.to_thread(servers[chosen].kill)
            killed_at = max(max(seen, default=0) for seen in shown)
            reconnections = await asyncio.wait_for(asyncio.gather(*players), PLAY_TIMEOUT)
            return reconnections, killed_at, shown

        reconnections, killed_at, shown = asyncio.run(scenario())
        summary = httpx.get(f"{front}/api/tables/{table}", timeout=10).json()
        assert summary["status"] == "finished" and summary["seq"] > killed_at
        assert all(seq <= summary["seq"] for seen in shown for seq in seen), "an acknowledged action was lost"
        assert reconnections[0] >= 1 and reconnections[1] == 0, reconnections  # the killed process's player alone
        through = _served(proxy, f"/ws/tables/{table}")
        assert through[0] == chosen and through[-1] != chosen, proxy.access_log()  # before and after the kill
    finally:
        proxy.stop()
        second.stop()
        first.stop()


def test_nginx_sends_every_request_of_a_table_to_one_process(cluster: str, tmp_path: Path) -> None:
    """The deployment's nginx sends a table's page, API requests and WebSockets to one process (the hash of the
    table's id in the address), so that its players' actions are painted where they are committed; the tables
    spread over both processes, and the requests about no table (new tables) go to either."""
    first = Server(tmp_path, db=cluster).start()
    second = Server(tmp_path, db=cluster).start()
    proxy = Nginx(tmp_path / "nginx", listen=f"127.0.0.1:{free_port()}",
                  servers=[f"127.0.0.1:{first.port}", f"127.0.0.1:{second.port}"])
    try:
        proxy.start()
        front = f"http://{proxy.listen}"
        created = [httpx.post(f"{front}/api/tables", json={"game": "ecarte"}, timeout=10).json() for _ in range(24)]

        async def visit(table: dict[str, Any]) -> None:
            for data in table["seats"].values():
                async with connect(f"ws://{proxy.listen}/ws/tables/{table['table']}?token={data['token']}",
                                   open_timeout=5) as socket_:
                    assert json.loads(await socket_.recv())["type"] == "welcome"

        async def everyone() -> None:
            await asyncio.gather(*(visit(table) for table in created))

        asyncio.run(everyone())
        for table in created:
            httpx.get(f"{front}/tables/{table['table']}", timeout=10).raise_for_status()
            token = table["seats"]["0"]["token"]
            httpx.get(f"{front}/api/tables/{table['table']}/record?token={token}", timeout=10).raise_for_status()
        proxy.stop()  # its log written whole
        where = {table["table"]: set(_served(proxy, f"/ws/tables/{table['table']}")
                                     + _served(proxy, f"/tables/{table['table']}")
                                     + _served(proxy, f"/api/tables/{table['table']}/record")) for table in created}
        assert all(len(served) == 1 for served in where.values()), where
        assert set().union(*where.values()) == {f"127.0.0.1:{first.port}", f"127.0.0.1:{second.port}"}, where
        creations = re.findall(r'"POST /api/tables HTTP/1.1" 200 upstream=([0-9.:]+)', proxy.access_log())
        assert len(creations) == 24 and len(set(creations)) == 2, creations  # round robin
    finally:
        proxy.stop()
        second.stop()
        first.stop()


def test_the_deployment_page_shows_the_configuration_the_test_uses() -> None:
    page = (ROOT / "docs" / "card-room.md").read_text(encoding="utf-8")
    shown = re.search(r"```nginx\n(.*?)```", page, re.DOTALL)
    assert shown is not None, "docs/card-room.md shows no nginx configuration"
    assert shown.group(1) == template()


def test_one_process_drives_a_table_until_it_lets_go(cluster: str) -> None:
    """Two processes' locks on one table: the first to ask drives it, the other is refused and told once it may
    (its kick called by the retry); a table let go of and asked for again at once is taken once, so that letting
    go of it again frees it for the other process."""

    async def scenario() -> None:
        first, second = Wheels(cluster), Wheels(cluster)
        await first.start()
        await second.start()
        kicked: list[str] = []
        try:
            assert await first.take("t1", lambda: kicked.append("first"))
            assert not await second.take("t1", lambda: kicked.append("second"))
            assert not second.holds("t1") and first.holds("t1")
            first.let_go("t1")
            assert not await first.take("t1", lambda: kicked.append("first"))  # not before its lock is given back
            deadline = time.monotonic() + 10
            while not (first.holds("t1") or second.holds("t1")):
                assert time.monotonic() < deadline, "nobody took the table once it was let go of"
                await asyncio.sleep(0.05)
            holder, other = (first, second) if first.holds("t1") else (second, first)
            assert kicked == ["first" if holder is first else "second"] and not other.holds("t1")
            holder.let_go("t1")
            while not other.holds("t1"):
                assert time.monotonic() < deadline, "the lock was taken twice and given back once"
                await asyncio.sleep(0.05)
        finally:
            await first.close()
            await second.close()

    asyncio.run(scenario())


class CountingStore(Store):
    """A real store that counts its reads of a table's log."""

    def __init__(self, url: str, *, process: str) -> None:
        super().__init__(with_async_driver(url), notice=notices_from(process))
        self.log_reads = 0

    async def actions(self, table_id: str, *, after: int = 0) -> list[ActionRow]:
        self.log_reads += 1
        return await super().actions(table_id, after=after)


def test_a_process_follows_another_s_actions_from_their_notifications(cluster: str) -> None:
    """Two rooms on one PostgreSQL (as two processes): the players of an Écarté table act through the first; the
    second, where a spectator watches the table, applies each action from its notification alone (its log never
    read again) and shows the spectator every position in order; an action that does not follow on from its copy
    (a notification missed) is read from the log instead."""

    async def scenario() -> None:
        stores = [CountingStore(cluster, process=name) for name in ("one", "two")]
        rooms = [Room(store, Workers(processes=1), process=name) for store, name in zip(stores, ("one", "two"),
                                                                                         strict=True)]
        listeners = [Listener(with_async_driver(cluster), process=name, on_change=room.on_notify,
                              on_reconnect=room.catch_up_all) for room, name in zip(rooms, ("one", "two"),
                                                                                    strict=True)]
        await stores[0].migrate()
        for listener in listeners:
            await listener.start()
        try:
            table_id = str((await rooms[0].create(NewTable(game="ecarte", seed=5), "en"))["table"])
            here, there = await rooms[0].get(table_id), await rooms[1].get(table_id)
            assert here is not None and there is not None
            spectator = Connection(None, "en")
            there.attach(spectator)
            reads = stores[1].log_reads
            for _ in range(8):
                actor = here.state.actor
                assert isinstance(actor, int)
                await here.submit(actor, here.seq, str(here.state.legal_actions()[0]), "en")
            async with asyncio.timeout(10):
                while there.seq < 8:
                    await asyncio.sleep(0.01)
            assert stores[1].log_reads == reads, "the relaying room read the log back"
            assert [str(op) for op in there.state.operations] == [str(op) for op in here.state.operations]
            shown = [json.loads(message)["seq"] for message in _drained(spectator)
                     if json.loads(message)["type"] == "picture"]
            assert shown == list(range(9)), shown

            await rooms[1].on_notify(table_id, "action", "")  # told of an action without it: read the log
            missed = ActionRow(there.seq + 2, 0, "play KH", None)  # a gap: one notification lost
            await rooms[1].on_notify(table_id, "action", action_kind(missed).partition("\n")[2])
            async with asyncio.timeout(10):
                while stores[1].log_reads < reads + 2:
                    await asyncio.sleep(0.01)
            assert there.seq == here.seq == 8  # nothing invented from the gap's action, nothing lost
        finally:
            for listener in listeners:
                await listener.close()
            for room, store in zip(rooms, stores, strict=True):
                room.close()
                room.workers.close()
                await store.close()

    asyncio.run(scenario())



class HeldChatStore(CountingStore):
    """A real store whose read of a table's chat, the last read of a table's load, waits until it is let go (so
    that another process's action can be committed and told between the log's read and the table's going live)."""

    def __init__(self, url: str, *, process: str) -> None:
        super().__init__(url, process=process)
        self.reading_chat = asyncio.Event()
        self.let_go = asyncio.Event()

    async def chat(self, table_id: str, *, after: int = 0, last: int = 50) -> list[Any]:
        self.reading_chat.set()
        await self.let_go.wait()
        return await super().chat(table_id, after=after, last=last)


def test_an_action_told_while_the_table_loads_is_read_once_it_is_live(cluster: str) -> None:
    """A second process loads a table (its log read) while the first commits an action on it and tells it: the
    notice came for a table not yet live, was dropped, and the second process's copy stayed an action behind, its
    player never shown the move he was to answer (the front door's test waited 90 s for it). Told while loading, the
    change is read once the table is live."""

    async def scenario() -> None:
        stores = [CountingStore(cluster, process="one"), HeldChatStore(cluster, process="two")]
        rooms = [Room(store, Workers(processes=1), process=name) for store, name in zip(stores, ("one", "two"),
                                                                                         strict=True)]
        await stores[0].migrate()
        held = stores[1]
        assert isinstance(held, HeldChatStore)
        try:
            table_id = str((await rooms[0].create(NewTable(game="ecarte", seed=5), "en"))["table"])
            here = await rooms[0].get(table_id)
            assert here is not None
            loading = asyncio.get_running_loop().create_task(rooms[1].get(table_id))
            async with asyncio.timeout(10):
                await held.reading_chat.wait()  # the log read at seq 0; the table not live yet
            actor = here.state.actor
            assert isinstance(actor, int)
            await here.submit(actor, here.seq, str(here.state.legal_actions()[0]), "en")
            assert here.seq == 1
            committed = (await stores[0].actions(table_id))[-1]
            await rooms[1].on_notify(table_id, "action", action_kind(committed).partition("\n")[2])
            held.let_go.set()
            there = await loading
            assert there is not None
            async with asyncio.timeout(10):
                while there.seq < 1:
                    await asyncio.sleep(0.01)
            assert [str(op) for op in there.state.operations] == [str(op) for op in here.state.operations]
        finally:
            for room, store in zip(rooms, stores, strict=True):
                room.close()
                room.workers.close()
                await store.close()

    asyncio.run(scenario())

def _drained(connection: Connection) -> list[str]:
    """The messages queued for ``connection`` so far."""
    messages: list[str] = []
    while connection.queue:
        message = connection.queue.popleft()
        if isinstance(message, str):
            messages.append(message)
    return messages


def test_an_action_is_told_whole_unless_too_long_for_a_notification() -> None:
    """A stored action's notification carries it (read back field for field), or, past PostgreSQL's 8,000 bytes
    (a bot's very long reason), only its kind, so that the other processes read it from the log."""
    row = ActionRow(7, 1, "play KH", "la main\nest à vous: {\"quoted\"}", 1_700_000_000.25, None)
    kind, _, body = action_kind(row).partition("\n")
    assert kind == "action" and told_action(body) == (7, 1, "play KH", row.comment, row.at, None)
    assert action_kind(replace(row, comment="x" * MOST_TOLD)) == "action"
    assert told_action("") is None and told_action("[1, 2]") is None and told_action("{") is None
    assert told_action('[1, "0", "play KH", null, null, null]') is None  # a seat that is not a number


class WatchedStore(Store):
    """A real store (SQLite) that counts its reads of tables and how many run at once."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.reads = 0
        self.now = 0
        self.most = 0

    async def table(self, table_id: str) -> TableRow | None:
        self.reads += 1
        self.now += 1
        self.most = max(self.most, self.now)
        try:
            return await super().table(table_id)
        finally:
            self.now -= 1


def test_a_process_loads_tables_side_by_side_each_once(tmp_path: Path) -> None:
    """A process that players of many tables reach at once (a second process, or the one left when another died)
    loads them side by side, at most READS_AT_ONCE reading together, and a table asked for twice at once once."""

    async def scenario() -> None:
        url = f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
        creator = Room(Store(url), Workers(processes=1))
        await creator.store.migrate()
        ids = [str((await creator.create(NewTable(game="ecarte", seed=seed), "en"))["table"]) for seed in range(20)]
        creator.close()
        await creator.store.close()
        store = WatchedStore(url)
        room = Room(store, Workers(processes=1))
        try:
            loaded = await asyncio.gather(*(room.get(table_id) for table_id in [*ids, *ids]))
            assert [table.row.id for table in loaded if table is not None] == [*ids, *ids]
            assert all(loaded[index] is loaded[index + len(ids)] for index in range(len(ids)))
            assert store.reads == len(ids), "a table asked for twice at once was read twice"
            assert 2 <= store.most <= READS_AT_ONCE, store.most
        finally:
            room.close()
            await store.close()

    asyncio.run(scenario())


def test_presence_told_once_a_transaction_as_it_is_last() -> None:
    """Presence notices sent together, one transaction for all (thousands of tables loaded at once), each seat's
    presence in a process once and as it is last: PostgreSQL delivers one of identical notifications of a
    transaction, so "connected, gone, connected" would arrive as "connected, gone"."""
    asked = [("t", "presence:0:p:1"), ("t", "presence:0:p:0"), ("t", "ask"), ("t", "presence:0:p:1"),
             ("t", "presence:1:p:1"), ("u", "presence:0:p:0"), ("t", "ask"), ("p", "alive")]
    assert latest_presence(asked) == [("t", "presence:0:p:1"), ("t", "presence:1:p:1"), ("u", "presence:0:p:0"),
                                      ("t", "ask"), ("p", "alive")]
