"""The load generator's players (``bench.room``, issue 33): a seat's WebSocket read and written by the bench's own
framing beside websockets' sans-I/O protocol, checked against websockets' server side of the same protocol (the
handshake, text messages whole or in fragments however the stream is cut, a ping answered, an action sent as a
masked frame), and a picture message read from its head and tail as the whole message says."""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol
from websockets.streams import StreamReader

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the bench lives beside the package
from bench.room import Player, Table, _read_picture


def _picture(picture: dict[str, Any], *, seq: int = 7, legal: list[str] | None = None) -> dict[str, Any]:
    """A picture message with its keys in the room's order (tables.Table.picture_message)."""
    return {"type": "picture", "seq": seq, "status": "running", "picture": picture,
            "legal": ["play KH", "play 7S"] if legal is None else legal,
            "sheet": [{"deal": 1, "dealer": 0, "points": [1, 0]}]}


def test_a_picture_is_read_from_its_head_and_tail_as_the_whole_message_says() -> None:
    tricky = {"legal": ["not this"], "text": 'a "quoted" ,"legal":["nor this"] word', "zones": [{"legal": []}]}
    for message in (_picture({}), _picture(tricky), _picture(tricky, seq=123, legal=[])):
        whole = orjson.loads(orjson.dumps(message))
        assert _read_picture(orjson.dumps(message)) == {key: whole[key] for key in ("seq", "status", "legal", "sheet")}


def test_a_message_written_otherwise_is_parsed_whole_and_one_not_a_picture_is_none() -> None:
    reordered = {"type": "picture", "seq": 3, "status": "running", "legal": ["stand"], "sheet": [],
                 "picture": {"legal": ["not this"]}}
    assert _read_picture(orjson.dumps(reordered)) == reordered
    without_tail = {"type": "picture", "seq": 3, "status": "running", "picture": {"legal": ["not this"]}, "more": 1}
    assert _read_picture(orjson.dumps(without_tail)) == without_tail
    assert _read_picture(orjson.dumps({"type": "seats", "seats": []})) is None
    assert _read_picture(orjson.dumps({"type": "welcome", "status": "running"})) is None


class _Wire:
    """The transport a player writes to: what it wrote, kept."""

    def __init__(self) -> None:
        self.written = bytearray()

    def write(self, data: bytes) -> None:
        self.written += data

    def can_write_eof(self) -> bool:
        return True

    def write_eof(self) -> None:
        raise AssertionError("the player half-closed an open connection")


def _served(wire: _Wire, server: ServerProtocol) -> list[Frame]:
    """What the player wrote, read by the server's protocol: the frames it received."""
    server.receive_data(bytes(wire.written))
    wire.written.clear()
    return [event for event in server.events_received() if isinstance(event, Frame)]


def _opened(chunk: int) -> tuple[Player, _Wire, ServerProtocol, bytes]:
    """A player whose handshake websockets' server side accepted, with the stream that follows the answer: two
    messages, the second in three fragments, a ping between them; ``chunk``: how the bytes reach the player."""
    table = Table("t1", {0: "token"}, pace=None, rng=random.Random(1))
    player, wire = Player(table, "ws://127.0.0.1:9/ws/tables/t1?token=token"), _Wire()
    player.connection_made(wire)  # type: ignore[arg-type]
    server = ServerProtocol()
    server.receive_data(bytes(wire.written))
    wire.written.clear()
    request = next(event for event in server.events_received() if isinstance(event, Request))
    assert "Sec-WebSocket-Extensions" not in request.headers  # no compression offered
    server.send_response(server.accept(request))
    first, second = _picture({"n": 1}), _picture({"n": "é" * 300}, seq=8)
    server.send_text(orjson.dumps(first))
    server.send_ping(b"still there?")
    raw = orjson.dumps(second)
    server.send_text(raw[:100], fin=False)
    server.send_continuation(raw[100:200], fin=False)
    server.send_continuation(raw[200:], fin=True)
    stream = b"".join(server.data_to_send())
    for start in range(0, len(stream), chunk):
        player.data_received(stream[start : start + chunk])
    return player, wire, server, orjson.dumps(first) + raw


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 126, 4096])
def test_a_players_messages_come_whole_however_the_stream_is_cut(chunk: int) -> None:
    async def run() -> None:
        player, wire, server, sent = _opened(chunk)
        assert player.opened.done() and player.opened.exception() is None
        assert player.protocol.state is State.OPEN and player.unread == b""
        assert b"".join(player.waiting or []) == sent and len(player.waiting or []) == 2
        pong = [frame for frame in _served(wire, server) if frame.opcode is Opcode.PONG]
        assert [frame.data for frame in pong] == [b"still there?"]

    asyncio.run(run())


def test_a_players_action_is_one_masked_text_frame_that_the_server_reads() -> None:
    async def run() -> None:
        player, wire, server, _ = _opened(4096)
        _served(wire, server)
        finished: list[bool] = []
        player.play(stop=float("inf"), finished=lambda: finished.append(True))
        frames = _served(wire, server)  # the first picture's legal moves answered at once (no pace)
        assert [frame.opcode for frame in frames] == [Opcode.TEXT, Opcode.TEXT]
        acts = [orjson.loads(frame.data) for frame in frames]
        assert [(act["type"], act["seq"]) for act in acts] == [("act", 7), ("act", 8)]
        assert all(act["action"] in ("play KH", "play 7S") for act in acts)
        assert player.table.actions == 2 and not finished
        long = "x" * 70_000  # a frame of 64-bit length, as its masking and length are checked by the server
        player.send(orjson.dumps({"type": "chat", "text": long}))
        assert [orjson.loads(frame.data)["text"] for frame in _served(wire, server)] == [long]

    asyncio.run(run())


def test_masked_frames_are_read_back_by_websockets_own_parser() -> None:
    """The server's parser refuses an unmasked client frame: every length form the player writes passes it."""
    async def run() -> None:
        player, wire, _, _ = _opened(4096)
        player.finished = lambda: None
        player.waiting = None
        wire.written.clear()
        for size in (0, 1, 125, 126, 65_535, 65_536):
            player.send(b"y" * size)
            reader = StreamReader()
            reader.feed_data(bytes(wire.written))
            wire.written.clear()
            parser = Frame.parse(reader.read_exact, mask=True)
            with pytest.raises(StopIteration) as parsed:
                next(parser)
            assert parsed.value.value.data == b"y" * size and parsed.value.value.opcode is Opcode.TEXT

    asyncio.run(run())


def test_the_window_ends_for_the_whole_table_at_its_first_picture_after_the_stop() -> None:
    """A player waiting for the other's move would otherwise wait for the run's time-out (and the run's wall
    time, which the servers' and the generator's shares of a core divide, with him)."""
    async def run() -> None:
        table = Table("t1", {0: "a", 1: "b"}, pace=1.0, rng=random.Random(1))
        players = [Player(table, f"ws://127.0.0.1:9/ws/tables/t1?token={token}") for token in "ab"]
        done: list[int] = []
        for seat, player in enumerate(players):
            player.play(stop=10.0, finished=lambda seat=seat: done.append(seat))  # type: ignore[misc]
        table.shown(players[0], orjson.dumps(_picture({}, legal=[])), 9.0)
        assert done == [] and table.seen == 7
        table.shown(players[0], orjson.dumps(_picture({}, seq=8, legal=[])), 10.5)
        assert sorted(done) == [0, 1] and table.seen == 8
        players[1].message(orjson.dumps(_picture({}, seq=9)), 10.6)  # read no more, answered no more
        assert sorted(done) == [0, 1] and table.seen == 8 and table.actions == 0

    asyncio.run(run())


def test_a_tables_clock_starts_with_play_not_when_the_table_was_made() -> None:
    """Issue 33: a table made before its players connected and the servers settled started that many ticks behind
    its clock and played them as fast as its pictures came back, so the window's first seconds measured a queue
    the bench itself had made; its clock started with play, its first action waits for its first tick."""
    async def actions_at_once(*, clock_started: bool) -> int:
        table = Table("t1", {0: "a", 1: "b"}, pace=1.0, rng=random.Random(1))
        players = [Player(table, f"ws://127.0.0.1:9/ws/tables/t1?token={token}") for token in "ab"]
        start = time.monotonic() + 20.0  # play starts 20 s after the table was made
        for player in players:
            player.play(stop=start + 100.0, finished=lambda: None)
        if clock_started:
            table.start_clock(start)
        table.shown(players[0], orjson.dumps(_picture({})), start)
        await asyncio.sleep(0.05)
        return table.actions

    assert asyncio.run(actions_at_once(clock_started=False)) == 1, "a table behind its clock plays at once"
    assert asyncio.run(actions_at_once(clock_started=True)) == 0
