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
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]
import httpx
from room_support import PLAY_TIMEOUT, Server, free_port
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from academie import record
from academie.room.drivers import Wheels, driver_of
from academie.room.frontdoor import Nginx, template
from academie.room.notify import asyncpg_dsn

ROOT = Path(__file__).resolve().parent.parent
KILL_AT = 10
"""The table's action after which a process is killed (mid-deal: a deal has more than 20)."""


async def _player(address: Callable[[], str], rng: random.Random, shown: list[int], *, until_result: bool) -> int:
    """A player who plays random legal moves through ``address()`` (asked again at each reconnection) until the game
    is over (``until_result``: until the first deal's result), reconnecting whenever his connection is lost; how
    many times he reconnected. ``shown``: the table's positions he was shown."""
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
            players = [asyncio.create_task(_player(address(seat), random.Random(seat), seen, until_result=True))
                       for seat, seen in zip((0, 2), shown, strict=True)]
            await _when_at(shown, KILL_AT)
            driver = servers[await _driver(cluster, table)]
            dead.append(driver)
            await asyncio.to_thread(driver.kill)
            killed_at = max(max(seen, default=0) for seen in shown)
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
            players = [asyncio.create_task(_player(address(seat), random.Random(seat), seen, until_result=True))
                       for seat, seen in zip((0, 2), shown, strict=True)]
            await _when_at(shown, KILL_AT)
            driver = await _driver(cluster, table)
            subprocess.run(["kill", "-9", str(driver)], check=True)
            killed_at = max(max(seen, default=0) for seen in shown)
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


def test_nginx_in_front_of_two_processes_one_killed_the_players_finish(cluster: str, tmp_path: Path) -> None:
    """Debian's nginx on loopback before two processes (the configuration docs/card-room.md shows): the two
    players of an Écarté table reach the table through it, each served by another process (nginx's log says
    which); one process is killed mid-game; its player reconnects through the proxy and both finish the game."""
    first = Server(tmp_path, db=cluster).start()
    second = Server(tmp_path, db=cluster).start()
    proxy = Nginx(tmp_path / "nginx", listen=f"127.0.0.1:{free_port()}",
                  servers=[f"127.0.0.1:{first.port}", f"127.0.0.1:{second.port}"])
    try:
        proxy.start()
        front = f"http://{proxy.listen}"
        created = httpx.post(f"{front}/api/tables", json={"game": "ecarte", "seed": 33}, timeout=10).json()
        table = created["table"]
        tokens = {int(seat): data["token"] for seat, data in created["seats"].items()}

        def address(seat: int) -> Callable[[], str]:
            return lambda: f"ws://{proxy.listen}/ws/tables/{table}?token={tokens[seat]}"

        async def scenario() -> tuple[list[int], int, list[list[int]]]:
            shown: list[list[int]] = [[], []]
            players = [asyncio.create_task(_player(address(seat), random.Random(seat), shown[seat], until_result=False))
                       for seat in (0, 1)]
            await _when_at(shown, KILL_AT)
            await asyncio.to_thread(first.kill)
            killed_at = max(max(seen, default=0) for seen in shown)
            reconnections = await asyncio.wait_for(asyncio.gather(*players), PLAY_TIMEOUT)
            return reconnections, killed_at, shown

        reconnections, killed_at, shown = asyncio.run(scenario())
        summary = httpx.get(f"{front}/api/tables/{table}", timeout=10).json()
        assert summary["status"] == "finished" and summary["seq"] > killed_at
        assert all(seq <= summary["seq"] for seen in shown for seq in seen), "an acknowledged action was lost"
        assert sorted(reconnections)[0] == 0 and sorted(reconnections)[1] >= 1, reconnections  # the dead one's player
        served = set(re.findall(rf'"GET /ws/tables/{table}\?[^"]*" 101 upstream=([0-9.:]+)', proxy.access_log()))
        assert served == {f"127.0.0.1:{first.port}", f"127.0.0.1:{second.port}"}, proxy.access_log()
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
