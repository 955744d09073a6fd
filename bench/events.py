"""``python -m bench.events``: an event of the card room under load (issue 36).

One ``academie serve`` process (SQLite, one bot worker) on loopback; this process plays the people. An organiser
creates a Whist event, ``--people`` guests register (four to a table: 100 people are 25 tables of two partnerships)
and the organiser starts it; each person then does what a page does: asks the event for his table, connects his
seat's WebSocket, answers each picture that is his to play with a random legal move at once (as fast as he can),
and when his board is over asks for the next. Measured: the whole event's wall time and each round's, the server's
CPU seconds (its bot workers included) over the event, the latency of an action (sent to the next picture received
by the same person: p50, p99), and of the event's page's question (``GET /api/events/{id}``) asked once a second by
every person waiting for his next table.

The machine is shared: the figures say what this run saw (with the load average at the start and the end).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import time
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
from websockets.asyncio.client import connect

from bench.room import ServerProcess, percentile


async def ask(client: httpx.AsyncClient, path: str, **params: str) -> Any:
    """A GET's JSON, asked again when the server closed (or reset) a kept-alive connection as it was reused."""
    for attempt in range(3):
        try:
            return (await client.get(path, params=params)).json()
        except (httpx.RemoteProtocolError, httpx.ReadError):
            if attempt == 2:
                raise
    return None


async def person(base: str, event: str, token: str, rng: random.Random, latencies: list[float],
                 asks: list[float]) -> None:
    """A person at the event: to his table, play it, and again, until the event is over."""
    played: set[str] = set()
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        while True:
            started = time.perf_counter()
            answer = await ask(client, f"/api/events/{event}", token=token)
            asks.append(time.perf_counter() - started)
            you = answer["you"]
            if answer["status"] == "finished":
                return
            if not you["url"] or you["table"] in played or you.get("finished"):
                await asyncio.sleep(1.0)
                continue
            played.add(you["table"])
            seat_token = parse_qs(urlparse(you["url"]).query)["token"][0]
            await play(base, you["table"], seat_token, rng, latencies)


async def play(base: str, table: str, token: str, rng: random.Random, latencies: list[float]) -> None:
    sent: float | None = None
    async with connect(f"{base.replace('http', 'ws', 1)}/ws/tables/{table}?token={token}", max_size=None) as socket:
        async for raw in socket:
            message = json.loads(raw)
            if message["type"] != "picture":
                continue
            if sent is not None:
                latencies.append(time.perf_counter() - sent)
                sent = None
            if message["status"] == "finished":
                return
            if message["legal"]:
                await socket.send(json.dumps({"type": "act", "seq": message["seq"],
                                              "action": rng.choice(message["legal"])}))
                sent = time.perf_counter()


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


async def run_event(server: ServerProcess, *, people: int, boards: int, per_round: int) -> dict[str, Any]:
    base = server.base
    async with httpx.AsyncClient(base_url=base, timeout=60) as organiser:
        answer = await organiser.post("/api/accounts", json={"name": "Organiser", "password": "bench-password"})
        csrf = {"X-CSRF-Token": answer.json()["csrf"]}
        event = (await organiser.post("/api/events", headers=csrf, json={
            "title": "Bench", "game": "whist", "boards": boards, "boards_per_round": per_round,
            "round_seconds": 3600})).json()["id"]
        async with httpx.AsyncClient(base_url=base, timeout=60) as guests:  # no session: each registers as a guest
            tokens = [(await guests.post(f"/api/events/{event}/register", json={"name": f"P{number}"})).json()["token"]
                      for number in range(people)]
        cpu = sum(server.cpu_seconds())
        start = time.perf_counter()
        assert (await organiser.post(f"/api/events/{event}/start", headers=csrf)).status_code == 200
        latencies: list[float] = []
        asks: list[float] = []
        rounds: list[float] = []

        async def watch_rounds() -> None:
            seen, since = 1, time.perf_counter()
            while True:
                found = await ask(organiser, f"/api/events/{event}")
                now = found["round"] if found["status"] != "finished" else found["rounds"] + 1
                while seen < now:
                    rounds.append(time.perf_counter() - since)
                    seen, since = seen + 1, time.perf_counter()
                if found["status"] == "finished":
                    return
                await asyncio.sleep(0.2)

        await asyncio.gather(watch_rounds(), *(person(base, event, token, random.Random(number), latencies, asks)
                                               for number, token in enumerate(tokens)))
        wall = time.perf_counter() - start
        results = (await organiser.get(f"/api/events/{event}/results")).json()
    return {"people": people, "tables": people // 4, "boards": boards, "boards_per_round": per_round,
            "wall_s": round(wall, 1), "round_s": [round(value, 1) for value in rounds],
            "server_cpu_s": round(sum(server.cpu_seconds()) - cpu, 1),
            "action_ms_p50": round(1000 * percentile(latencies, 0.5), 1),
            "action_ms_p99": round(1000 * percentile(latencies, 0.99), 1), "actions": len(latencies),
            "event_page_ms_p50": round(1000 * percentile(asks, 0.5), 1),
            "event_page_ms_p99": round(1000 * percentile(asks, 0.99), 1),
            "ranked": len(results["ranking"]), "sheets": len(results["boards"])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.events", description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=100, help="guests who play (a multiple of 4; default 100)")
    parser.add_argument("--boards", type=int, default=12)
    parser.add_argument("--per-round", type=int, default=3)
    parser.add_argument("--runs", type=int, default=1)
    options = parser.parse_args(argv)
    for run in range(options.runs):
        with TemporaryDirectory() as folder:
            before = load_average()
            try:
                with ServerProcess(Path(folder)) as server:
                    figure = asyncio.run(run_event(server, people=options.people, boards=options.boards,
                                                   per_round=options.per_round))
            except Exception:
                print((Path(folder) / "server.log").read_text()[-3000:], flush=True)
                raise
            figure |= {"run": run + 1, "load_before": before, "load_after": load_average(), "cpus": os.cpu_count()}
            print(json.dumps(figure), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
