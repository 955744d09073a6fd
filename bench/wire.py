"""``python -m bench.wire``: the bytes the card room sends for each action, as they are and as per-message deflate
would send them (issue 33: ``academie serve`` declines the compression unless ``--ws-deflate``).

One ``academie serve`` process (SQLite) on loopback; a few Écarté and Whist tables, every seat and one spectator
connected through real WebSockets, the players choosing random legal moves at once. Every message each connection
receives is kept as sent (the server declines deflate by default), then encoded again, connection by connection
and in order, by the websockets library's per-message deflate as the server negotiates it with a client that
offers it (the library's and the browsers' offer: context kept from message to message, a 15-bit window), so that
both figures are of the same messages. A frame's header (2 to 10 bytes) is counted; TCP's and IP's are not. The
CPU the compression takes (this process's time, the same work the server would do for each message) is given per
action beside the bytes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from bench.room import ServerProcess

GAMES = ("ecarte", "whist")


def frame_bytes(payload: int) -> int:
    """A server's frame (unmasked) of ``payload`` bytes: its header and its payload."""
    return payload + (2 if payload < 126 else 4 if payload < 1 << 16 else 10)


async def play(base: str, ws_base: str, game: str, seed: int, actions: int) -> tuple[list[list[bytes]], int]:
    """One table of ``game`` played for ``actions`` actions (or to its end): what each connection (every seat, then
    a spectator) received, and the actions made."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        created = (await client.post("/api/tables", json={"game": game, "seed": seed})).json()
    table = created["table"]
    tokens = [data["token"] for _, data in sorted(created["seats"].items(), key=lambda item: int(item[0]))]
    received: list[list[bytes]] = [[] for _ in range(len(tokens) + 1)]
    done = asyncio.Event()
    made = 0
    rng = random.Random(seed)

    async def connection(index: int, query: str) -> None:
        nonlocal made
        async with connect(f"{ws_base}/ws/tables/{table}?{query}", max_size=None, compression=None) as socket:
            while not done.is_set():
                try:
                    raw = await asyncio.wait_for(socket.recv(), 5)
                except TimeoutError:
                    break
                data = raw.encode() if isinstance(raw, str) else raw
                received[index].append(data)
                message = orjson.loads(data)
                if message["type"] != "picture" or index == len(tokens):
                    continue
                if message["status"] == "finished" or made >= actions:
                    done.set()
                    break
                if message["legal"]:
                    made += 1
                    await socket.send(orjson.dumps({"type": "act", "seq": message["seq"],
                                                    "action": rng.choice(message["legal"])}).decode())

    await asyncio.gather(*(connection(index, f"token={token}") for index, token in enumerate(tokens)),
                         connection(len(tokens), "lang=en"))
    return received, made


def deflated(messages: list[bytes]) -> int:
    """The bytes of ``messages`` sent in order on one connection with per-message deflate as negotiated by default
    (the server keeps its context; a 15-bit window)."""
    encoder = PerMessageDeflate(remote_no_context_takeover=False, local_no_context_takeover=False,
                                remote_max_window_bits=15, local_max_window_bits=15)
    return sum(frame_bytes(len(encoder.encode(Frame(Opcode.TEXT, message)).data)) for message in messages)


def run(*, tables: int, actions: int) -> list[dict[str, Any]]:
    figures = []
    with tempfile.TemporaryDirectory(prefix="academie-bench-wire-") as folder, ServerProcess(Path(folder)) as server:
        ws_base = server.base.replace("http://", "ws://")
        for game in GAMES:
            plain = packed = made = messages = 0
            spent = 0.0
            for seed in range(tables):
                received, count = asyncio.run(play(server.base, ws_base, game, seed, actions))
                made += count
                messages += sum(len(stream) for stream in received)
                plain += sum(frame_bytes(len(message)) for stream in received for message in stream)
                used = time.process_time()
                packed += sum(deflated(stream) for stream in received)
                spent += time.process_time() - used
            figures.append({"game": game, "tables": tables, "actions": made, "messages": messages,
                            "bytes_per_action": plain / made, "deflated_bytes_per_action": packed / made,
                            "ratio": plain / packed, "deflate_cpu_ms_per_action": 1000 * spent / made,
                            "load_average": os.getloadavg()[0]})
            print(f"[bench] wire: {game}, {made} actions on {tables} tables (every seat and a spectator): "
                  f"{plain / made:,.0f} bytes an action as sent, {packed / made:,.0f} with per-message deflate "
                  f"({plain / packed:.1f}× fewer, for {1000 * spent / made:.3f} ms of CPU an action to compress), "
                  f"{messages / made:.1f} messages an action, load average {os.getloadavg()[0]:.1f}", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.wire", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=5, help="tables of each game, one after the other")
    parser.add_argument("--actions", type=int, default=200, help="the most actions a table makes")
    args = parser.parse_args(argv)
    run(tables=args.tables, actions=args.actions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
