"""What the card room's tests share: a real ``academie serve`` process on a free loopback port, players that
play a table through real WebSockets (random legal moves, irregular acts now and then in table mode), and the
check that no message a viewer received names a card it could not know."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import httpx
from picture_support import cards_held
from websockets.asyncio.client import connect

from academie import record
from academie.bots import reason_seen, say_reason
from academie.cards import PACK_52, Card
from academie.engine import PUBLIC
from academie.games import load
from academie.room.workers import decide, decision_seed
from academie.words import Words

PLAY_TIMEOUT = 60.0
"""The longest a test waits for a table to finish (a hang fails instead of blocking the suite)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``academie serve`` in a process of its own (``python -m academie serve``), on a free loopback port."""

    def __init__(self, folder: Path, *, db: str | None = None, port: int | None = None,
                 allowed_origins: tuple[str, ...] = (), message_rate: float = 100000, review_samples: int = 4,
                 options: tuple[str, ...] = (), workers: int = 1) -> None:
        self.folder = folder
        self.workers = workers
        """Server processes (``academie serve --workers``): more than one on PostgreSQL only."""
        self.db = db or f"sqlite+aiosqlite:///{folder / 'room.db'}"
        self.port = port or free_port()
        self.allowed_origins = allowed_origins
        self.message_rate = message_rate
        self.review_samples = review_samples
        """Worlds per decision of the reviews of finished games: few, so that the tables' reviews cost little."""
        self.options = options
        """More options of ``academie serve`` (``("--bots-after", "1")``)."""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        command = [sys.executable, "-m", "academie", "serve", "--port", str(self.port), "--db", self.db,
                   "--bot-processes", "1", "--message-rate", str(self.message_rate), "--create-rate", "100000",
                   "--create-burst", "1000", "--review-samples", str(self.review_samples),
                   "--workers", str(self.workers)]
        for origin in self.allowed_origins:
            command += ["--allowed-origin", origin]
        command += self.options
        log = (self.folder / f"server-{self.port}.log").open("ab")
        self.process = subprocess.Popen(command, cwd=self.folder, stdout=log, stderr=log,
                                        env=os.environ | {"PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log()}")
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()  # not left running: the caller's context never started, so nothing else would stop it
        raise RuntimeError(f"the server did not answer in 30 s: {self.log()}")

    def log(self) -> str:
        return (self.folder / f"server-{self.port}.log").read_text(errors="replace")[-3000:]

    def workers_pids(self) -> list[int]:
        """``--workers N``: the server processes uvicorn's supervisor (this process) started, from /proc."""
        assert self.process is not None
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [int(child) for child in children
                if b"resource_tracker" not in Path(f"/proc/{child}/cmdline").read_bytes()]

    def kill(self) -> None:
        """``kill -9``: no chance to close anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def post(self, path: str, body: Mapping[str, Any] | None = None) -> Any:
        response = httpx.post(self.base + path, json=body, timeout=10)
        assert response.status_code == 200, response.text
        return response.json()

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.base + path, timeout=30)


@contextmanager
def running(folder: Path, **options: Any) -> Iterator[Server]:
    server = Server(folder, **options).start()
    try:
        yield server
    finally:
        server.stop()


# ------------------------------------------------------------------------------------------------ players
def choose(legal: Sequence[str], rng: random.Random, *, irregular_rate: float, budget: list[int]) -> str | None:
    """A random legal move; in table mode, now and then an irregular act (``budget[0]`` of them at most)."""
    regular = [move for move in legal if not move.startswith("!")]
    irregular = [move for move in legal if move.startswith("!")]
    if irregular and budget[0] > 0 and rng.random() < (irregular_rate if regular else irregular_rate / 4):
        budget[0] -= 1
        return rng.choice(irregular)
    return rng.choice(regular) if regular else None


async def _viewer(uri: str, messages: list[dict[str, Any]], rng: random.Random | None, *, irregular_rate: float,
                  stop_at: int | None, seat: int | None = None, deterministic: bool = False,
                  stop_at_result: bool = False) -> None:
    budget = [3]
    async with connect(uri, max_size=None) as socket_:
        async for raw in socket_:
            message = json.loads(raw)
            messages.append(message)
            if message["type"] != "picture":
                continue
            if message["status"] == "finished" or (stop_at is not None and message["seq"] >= stop_at):
                return
            if stop_at_result and message["picture"]["result"]:
                return
            if rng is None:
                continue
            if deterministic:  # the move depends on the seat and the table's position only
                rng = random.Random(f"{seat}:{message['seq']}")
            move = choose(message["legal"], rng, irregular_rate=irregular_rate, budget=budget)
            if move is not None:
                await socket_.send(json.dumps({"type": "act", "seq": message["seq"], "action": move}))


async def play(server: Server, table: str, tokens: Mapping[int, str], *, seed: int, lang: str = "en",
               irregular_rate: float = 0.0, spectators: int = 1, stop_at: int | None = None,
               deterministic: bool = False, via: Mapping[int, Server] | None = None, stop_at_result: bool = False,
               ) -> dict[int | None, list[dict[str, Any]]]:
    """Every seat of ``tokens`` plays random legal moves until the game is over (or the table reaches action
    ``stop_at``), watched by ``spectators``; every message each received, by seat (None: the spectators').
    ``deterministic``: each move depends only on the seat and the table's sequence number (not on how many
    pictures the player saw), so that a game interrupted and resumed chooses as one played at a stretch.
    ``via``: the server each seat connects to (default ``server``, which the spectators always use);
    ``stop_at_result``: stop at the end of the first deal (when a picture shows a result)."""
    received: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in tokens}
    received[None] = []
    routes = via or {}
    tasks = [_viewer(f"{routes.get(seat, server).ws_base}/ws/tables/{table}?token={token}&lang={lang}", received[seat],
                     random.Random(seed * 100 + seat), irregular_rate=irregular_rate, stop_at=stop_at, seat=seat,
                     deterministic=deterministic, stop_at_result=stop_at_result)
             for seat, token in tokens.items()]
    tasks += [_viewer(f"{server.ws_base}/ws/tables/{table}?lang={lang}", received[None], None,
                      irregular_rate=0.0, stop_at=stop_at, stop_at_result=stop_at_result) for _ in range(spectators)]
    await asyncio.wait_for(asyncio.gather(*tasks), PLAY_TIMEOUT)
    return received


def create_and_play(server: Server, body: Mapping[str, Any], *, seed: int, **options: Any,
                    ) -> tuple[str, dict[int | None, list[dict[str, Any]]]]:
    created = server.post("/api/tables", body)
    tokens = {int(seat): data["token"] for seat, data in created["seats"].items()}
    return created["table"], asyncio.run(play(server, created["table"], tokens, seed=seed, **options))


# ------------------------------------------------------------------------------------------------ hidden cards
def states_by_seq(full: record.Record) -> list[Any]:
    """The table's state after each of its accepted actions (index: the sequence number), rebuilt from its whole
    record: the game dealt from the record's decks, then each seat's action with what follows it by itself."""
    final = record.replay(full)
    game = load(full.game)
    state = game.new(record.rules_of(full), first_dealer=game.record.first_dealer(final))
    operations = final.operations
    position = 0
    states = []
    while True:
        while position < len(operations) and operations[position].actor < 0:  # chance and the table
            state.apply(operations[position].action)
            position += 1
        states.append(state.clone())
        if position == len(operations):
            return states
        state.apply(operations[position].action)
        position += 1


@cache
def _card_words(lang: str) -> tuple[re.Pattern[str], dict[str, Card]]:
    """One pattern finding every card word of a language in prose (``K♥``, ``10♦``; ``R♥`` in French)."""
    words = Words(lang)
    spelled = {words.card(card): card for card in PACK_52}
    alternatives = "|".join(re.escape(text) for text in sorted(spelled, key=len, reverse=True))
    return re.compile(rf"(?<![\w♣♦♥♠])({alternatives})(?!\w)"), spelled


ACTION_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
"""A card in the engine's text inside an action's text (``play KH``, ``! revoke 0 7S``)."""


def cards_in_message(message: Any, lang: str) -> set[Card]:
    """Every card a message names: card texts in its fields and actions, card words (``K♥``, ``R♥``) in its
    sentences."""
    named: set[Card] = set()
    pattern, spelled = _card_words(lang)
    stack = [message]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            named.update(Card.parse(word) for word in ACTION_CARD.findall(item))
            named.update(spelled[word] for word in pattern.findall(item))
    return named


def check_hidden(full: record.Record, received: Mapping[int | None, list[dict[str, Any]]], lang: str) -> int:
    """Assert that every picture and reason a viewer received names only cards its view at that moment holds,
    and none that another seat holds hidden; returns the number of messages checked."""
    states = states_by_seq(full)
    checked = 0
    for viewer, messages in received.items():
        for message in messages:
            if message["type"] not in ("picture", "reason"):
                continue
            state = states[message["seq"]]
            view = state.view(PUBLIC if viewer is None else viewer)
            known = cards_held(view)
            named = cards_in_message(message, lang)
            others = {card for seat in range(len(state.returns())) if seat != viewer
                      for card in cards_held(state.view(seat))} - known  # what only other seats know
            assert not named & others, (viewer, message["seq"], sorted(map(str, named & others)))
            assert named <= known, (viewer, message["seq"], sorted(map(str, named - known)))
            checked += 1
    return checked


def check_reasons(full: record.Record, received: Mapping[int | None, list[dict[str, Any]]], lang: str) -> int:
    """Assert that every bot's reason a viewer received is what its seat may read of it: each decision is made
    again as the room made it (a bot seeded from the table's seed, the seat and the action's number), and a viewer
    other than the bot's seat gets, while the game goes on, only its public part, and nothing when it has none;
    returns the number of reasons received."""
    states, seed, game = states_by_seq(full), int(full.tag("Seed") or ""), load(full.game)
    bots = {seat: name[len("Bot ("):-1] for seat in range(len(states[0].returns()))
            if (name := full.tag(f"Seat{seat}") or "").startswith("Bot (")}
    got = {(viewer, message["seq"]): message["text"] for viewer, messages in received.items()
           for message in messages if message["type"] == "reason"}
    words = Words(lang, game=game.name)
    for seq in range(1, len(states)):
        actor = states[seq - 1].actor
        if actor not in bots:
            continue
        decision = decide(game.name, bots[actor], decision_seed(seed, actor, seq), states[seq - 1].view(actor))
        action = states[seq - 1].parse_action(decision.action)
        for viewer in received:
            seen_by = PUBLIC if viewer is None else viewer
            seen = reason_seen(decision.reason, actor=actor, viewer=seen_by, over=states[seq].is_terminal)
            shown = seen and game.record.hide(actor, action, seen_by) == action
            expected = say_reason(seen, words) if shown else None
            assert got.get((viewer, seq), expected) == expected, (viewer, seq, got.get((viewer, seq)), expected)
    return len(got)


def whole_record(server: Server, table: str) -> record.Record:
    response = server.get(f"/api/tables/{table}/record")
    assert response.status_code == 200, response.text
    return record.read_text(response.text)
