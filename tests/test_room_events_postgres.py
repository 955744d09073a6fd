"""An event shared by two real server processes on one PostgreSQL cluster (issue 36): the organiser creates and
starts it through the first, a guest registers through each, each plays his boards through the other process, and
both processes' directors keep it going: every table of every round is opened once, and both answer the same
results, whose matchpoints are checked by hand."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from ratings_support import sign_up
from room_support import Server, play
from test_room_events import check_by_hand, seat_at

WAIT = 180.0


def test_two_processes_share_an_event_each_table_opened_once_and_the_same_results(cluster: str,
                                                                                   tmp_path: Path) -> None:
    first = Server(tmp_path, db=cluster).start()
    second = None
    try:
        second = Server(tmp_path, db=cluster).start()
        ada = sign_up(first, "Ada")
        event = ada.post("/api/events", {"title": "Deux", "game": "ecarte", "boards": 2, "round_seconds": 600})["id"]
        guests = {first: first.post(f"/api/events/{event}/register", {"name": "Blaise"})["token"],
                  second: second.post(f"/api/events/{event}/register", {"name": "Claude"})["token"]}
        ada.post(f"/api/events/{event}/bots", {"bot": "classical"})
        ada.post(f"/api/events/{event}/start")
        for board in (1, 2):
            for registered_at, token in guests.items():
                other = second if registered_at is first else first
                table, seat, seat_token = seat_at(registered_at, event, board, token=token)
                asyncio.run(play(other, table, {seat: seat_token}, seed=board, spectators=0))
        deadline = time.monotonic() + WAIT
        while first.get(f"/api/events/{event}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the event did not end"
            time.sleep(0.2)
        results = [server.get(f"/api/events/{event}/results").json() for server in (first, second)]
        assert results[0] == results[1]
        assert [len(sheet["results"]) for sheet in results[0]["boards"]] == [4, 4]  # two tables a board, once each
        assert len({line["table"] for sheet in results[0]["boards"] for line in sheet["results"]}) == 4
        check_by_hand(results[0])
    finally:
        if second is not None:
            second.stop()
        first.stop()
