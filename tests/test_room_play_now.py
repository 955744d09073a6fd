"""Finding a game (issue 32): "play now" through a real ``academie serve`` process. Two players of a game land at
one table and play it out; a player alone may fill the empty seats with bots after the wait, of the level he
chooses; the open seats of waiting tables are offered; a player leaves the queue, or leaves it by closing his
page; a wrong game or size is refused with what is allowed, and changes nothing; account holders wait at the
ratings their rated games gave them, sit as their accounts, and carry the session's CSRF token. The queue's
matching by rating and its atomicity across processes are in tests/test_room_play_now_queue.py."""

from __future__ import annotations

import asyncio
import hashlib
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from ratings_support import rated_table, sign_up, until
from room_support import Server, check_hidden, play, running, whole_record

from academie.room.matchmaking import window

BOTS_AFTER = 1.5
EXPIRES = 3.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room whose queue lets a player fill his table with bots after 1.5 s, and lets go of a ticket whose
    page has not asked for it for 3 s."""
    options = ("--bots-after", str(BOTS_AFTER), "--ticket-expires", str(EXPIRES))
    with running(tmp_path_factory.mktemp("play-now"), options=options) as started:
        yield started


def queued(server: Server, path: str, *, method: str = "GET", body: dict[str, Any] | None = None,
           status: int = 200) -> Any:
    response = httpx.request(method, server.base + path, json=body, timeout=30)
    assert response.status_code == status, response.text
    return response.json()


def tickets(server: Server) -> int:
    with sqlite3.connect(server.folder / "room.db") as database:
        return int(database.execute("SELECT count(*) FROM room_queue").fetchone()[0])


def token_of(url: str) -> str:
    return url.split("token=")[1]


def test_a_wrong_game_or_size_is_refused_with_what_is_allowed_and_changes_nothing(server: Server) -> None:
    before = tickets(server)
    refused = queued(server, "/api/queue", method="POST", body={"game": "piquet"}, status=400)["detail"]
    assert "piquet" in refused and "available: ecarte" in refused and "whist" in refused
    refused = queued(server, "/api/queue", method="POST", body={"game": "whist", "players": 3}, status=400)["detail"]
    assert refused == "Whist is played by 4 to 4 players, not 3."
    refused = queued(server, "/api/queue?lang=fr", method="POST", body={"game": "quinze", "players": 9},
                     status=400)["detail"]
    assert "2" in refused and "6" in refused and "9" in refused and "players" not in refused
    refused = queued(server, "/api/queue", method="POST", body={"game": "ecarte", "players": "2"},
                     status=400)["detail"]
    assert refused.startswith("players is not valid; allowed:")
    refused = queued(server, "/api/queue", method="POST", body={"game": "ecarte", "name": "<b>"},
                     status=400)["detail"]
    assert "without < >" in refused
    assert tickets(server) == before
    assert "no such ticket" in queued(server, "/api/queue/not-a-ticket", status=404)["detail"]


def test_two_players_pressing_play_now_for_ecarte_land_at_one_table_and_play_it_out(server: Server) -> None:
    first = queued(server, "/api/queue", method="POST", body={"game": "ecarte", "name": "Adèle"})
    assert first["state"] == "waiting" and first["players"] == 2 and first["rating"] == 25.0
    assert first["waiting"] == 1 and first["bots_allowed"] is False
    second = queued(server, "/api/queue", method="POST", body={"game": "ecarte", "players": 2, "name": "Bruno"})
    assert second["state"] == "seated"  # the second completes the table: seated at once
    again = queued(server, f"/api/queue/{first['ticket']}")
    assert again["state"] == "seated" and again["table"] == second["table"]
    assert {again["seat"], second["seat"]} == {0, 1}
    table = second["table"]
    summary = server.get(f"/api/tables/{table}").json()
    names = {seat["seat"]: seat["name"] for seat in summary["seats"]}
    assert names == {again["seat"]: "Adèle", second["seat"]: "Bruno"}
    assert all(seat["state"] == "reserved" for seat in summary["seats"])  # kept for their links alone
    tokens = {again["seat"]: token_of(again["url"]), second["seat"]: token_of(second["url"])}
    received = asyncio.run(play(server, table, tokens, seed=32))
    assert server.get(f"/api/tables/{table}").json()["status"] == "finished"
    assert check_hidden(whole_record(server, table), received, "en") > 10


def test_account_holders_wait_at_their_ratings_sit_as_their_accounts_and_their_changes_carry_the_csrf_token(
        server: Server) -> None:
    """Two account holders play a rated Écarté game through the API (their ratings move apart: the winner's above
    the default, the loser's below), then each presses play now with his session: the queue reads each one's rating
    from the ratings kept, so the two, further apart than the window, are not seated together at once; a ticket
    taken with the session's cookie needs its CSRF token (refused without it, nothing stored); a player who fills
    his table with bots sits there as his account (the game is on his page)."""
    prosper, quitterie = sign_up(server, "Prosper"), sign_up(server, "Quitterie")
    created, tokens = rated_table(prosper, {"game": "ecarte", "seed": 71}, others={1: quitterie})
    asyncio.run(play(server, created["table"], tokens, seed=71))
    players = (prosper, quitterie)
    mus = {player.name: until(lambda player=player: server.get(f"/api/players/{player.name}").json()  # type: ignore[misc]
                              ["ratings"].get("ecarte"))["mu"] for player in players}
    assert abs(mus["Prosper"] - mus["Quitterie"]) > window(5.0)  # a few seconds' wait does not bring them together

    before = tickets(server)
    for headers in ({}, {"X-CSRF-Token": "forged"}):
        refused = prosper.client.post("/api/queue", json={"game": "ecarte"}, headers=headers)
        assert refused.status_code == 403, refused.text
    assert tickets(server) == before

    waiting = {player.name: player.post("/api/queue", {"game": "ecarte", "name": "Another name"})
               for player in players}
    for name, ticket in waiting.items():
        assert ticket["state"] == "waiting" and ticket["rating"] == pytest.approx(mus[name], abs=5e-4)  # page: 3 places
        assert queued(server, f"/api/queue/{ticket['ticket']}")["state"] == "waiting"
    time.sleep(BOTS_AFTER)
    seated = prosper.post(f"/api/queue/{waiting['Prosper']['ticket']}/bots", {"bot": "random"})
    assert seated["state"] == "seated"
    seats = server.get(f"/api/tables/{seated['table']}").json()["seats"]
    assert seats[seated["seat"]]["name"] == "Prosper"  # his account's name, not the one he typed
    assert seated["table"] in {game["table"] for game in server.get("/api/players/Prosper").json()["games"]}
    left = quitterie.client.request("DELETE", f"/api/queue/{waiting['Quitterie']['ticket']}",
                                    headers={"X-CSRF-Token": quitterie.csrf})
    assert left.status_code == 200, left.text


def test_a_player_alone_fills_the_empty_seats_with_the_bots_he_chooses_after_the_wait(server: Server) -> None:
    alone = queued(server, "/api/queue", method="POST", body={"game": "guimbarde", "players": 4})
    ticket = alone["ticket"]
    assert alone["state"] == "waiting" and alone["bots_allowed"] is False and 0 < alone["bots_in"] <= BOTS_AFTER
    early = queued(server, f"/api/queue/{ticket}/bots", method="POST", body={"bot": "random"}, status=409)
    assert re.fullmatch(r"The empty seats may be given to bots after 1\.5 s of waiting: wait [12] s more\.",
                        early["detail"])
    time.sleep(BOTS_AFTER + 0.1)
    status = queued(server, f"/api/queue/{ticket}")
    assert status["state"] == "waiting" and status["bots_allowed"] is True and status["bots_in"] == 0
    refused = queued(server, f"/api/queue/{ticket}/bots", method="POST", body={"bot": "grandmaster"}, status=400)
    assert "grandmaster" in refused["detail"] and "random" in refused["detail"]
    assert queued(server, f"/api/queue/{ticket}")["state"] == "waiting"  # the refusal changed nothing
    seated = queued(server, f"/api/queue/{ticket}/bots", method="POST", body={"bot": "classical"})
    assert seated["state"] == "seated" and seated["seat"] == 0
    seats = server.get(f"/api/tables/{seated['table']}").json()["seats"]
    assert [seat["bot"] for seat in seats] == [None, "classical", "classical", "classical"]
    received = asyncio.run(play(server, seated["table"], {0: token_of(seated["url"])}, seed=5,
                                stop_at_result=True))
    assert [m for m in received[0] if m["type"] == "picture"][-1]["picture"]["result"]


def test_the_open_seats_of_waiting_tables_are_offered_beside_the_queue(server: Server) -> None:
    created = server.post("/api/tables", {"game": "quinze", "players": 3, "access": {"1": "open", "2": "open"}})
    other = server.post("/api/tables", {"game": "quinze", "players": 4, "access": {"1": "open"}})
    waiting = queued(server, "/api/queue", method="POST", body={"game": "quinze", "players": 3, "name": "Chloé"})
    offered = waiting["open_seats"]
    assert [(seat["table"], seat["seat"]) for seat in offered] == [(created["table"], 1), (created["table"], 2)]
    assert other["table"] not in {seat["table"] for seat in offered}  # another size is another queue
    joined = server.post(f"/api/tables/{created['table']}/join", {"seat": 1, "name": "Chloé"})
    assert queued(server, f"/api/queue/{waiting['ticket']}", method="DELETE") == {"left": True}
    assert joined["url"].startswith(f"/tables/{created['table']}?token=")
    later = queued(server, "/api/queue", method="POST", body={"game": "quinze", "players": 3})
    assert [(seat["table"], seat["seat"]) for seat in later["open_seats"]] == [(created["table"], 2)]
    queued(server, f"/api/queue/{later['ticket']}", method="DELETE")


def test_a_player_leaves_the_queue_or_leaves_it_by_closing_his_page(server: Server) -> None:
    left = queued(server, "/api/queue", method="POST", body={"game": "guinguette", "players": 5})
    assert queued(server, f"/api/queue/{left['ticket']}", method="DELETE") == {"left": True}
    assert queued(server, f"/api/queue/{left['ticket']}", status=404)
    assert queued(server, f"/api/queue/{left['ticket']}", method="DELETE", status=404)
    closed = queued(server, "/api/queue", method="POST", body={"game": "guinguette", "players": 3})
    kept = queued(server, "/api/queue", method="POST", body={"game": "guinguette", "players": 3})
    for _ in range(3):  # the second page keeps asking; the first was closed
        time.sleep(EXPIRES / 2)
        assert queued(server, f"/api/queue/{kept['ticket']}")["state"] == "waiting"
    assert queued(server, f"/api/queue/{kept['ticket']}")["waiting"] == 1
    assert "expired" in queued(server, f"/api/queue/{closed['ticket']}", status=404)["detail"]
    third = queued(server, "/api/queue", method="POST", body={"game": "guinguette", "players": 3})
    fourth = queued(server, "/api/queue", method="POST", body={"game": "guinguette", "players": 3})
    assert fourth["state"] == "seated"
    assert queued(server, f"/api/queue/{third['ticket']}")["table"] == fourth["table"]
    assert queued(server, f"/api/queue/{kept['ticket']}")["table"] == fourth["table"]
    refused = queued(server, f"/api/queue/{kept['ticket']}", method="DELETE", status=409)
    assert fourth["table"] in refused["detail"]


def test_a_ticket_is_given_to_its_page_alone(server: Server, tmp_path: Path) -> None:
    """The room keeps a ticket's SHA-256, never the ticket; the open seats offered carry no token."""
    waiting = queued(server, "/api/queue", method="POST", body={"game": "guinguette", "players": 8})
    with sqlite3.connect(server.folder / "room.db") as database:
        stored = [row[0] for row in database.execute("SELECT ticket FROM room_queue")]
    assert waiting["ticket"] not in stored and len(stored[0]) == 64
    assert "token" not in str(waiting["open_seats"])
    queued(server, f"/api/queue/{waiting['ticket']}", method="DELETE")


def test_four_whist_players_of_each_strength_are_seated_by_rating_by_the_server(server: Server) -> None:
    """Eight Whist tickets in the server's queue, strong and weak in turn, waiting for ten seconds (the window 4.5
    wide): the first ask makes two tables, the four weak at one and the four strong at the other. (Their ratings
    are stored as the queue stores an account holder's; the accounts themselves are another part of issue 32.)"""
    secrets_ = [f"whist-ticket-{number}" for number in range(8)]
    mus = [40.0, 10.0, 41.0, 11.0, 42.0, 12.0, 43.0, 13.0]
    now = time.time()
    with sqlite3.connect(server.folder / "room.db") as database:
        database.executemany(
            "INSERT INTO room_queue (ticket, game, players, account_id, name, rating, joined, seen) "
            "VALUES (?, 'whist', 4, ?, ?, ?, ?, ?)",
            [(hashlib.sha256(secret.encode()).hexdigest(), number + 100, f"P{number}", mu, now - 10.0, now)
             for number, (secret, mu) in enumerate(zip(secrets_, mus, strict=True))])
    answers = [queued(server, f"/api/queue/{secret}") for secret in secrets_]
    assert all(answer["state"] == "seated" for answer in answers)
    by_table: dict[str, list[float]] = {}
    for answer, mu in zip(answers, mus, strict=True):
        by_table.setdefault(answer["table"], []).append(mu)
    assert sorted(sorted(group) for group in by_table.values()) == [[10.0, 11.0, 12.0, 13.0], [40.0, 41.0, 42.0, 43.0]]
    for table in by_table:
        seats = server.get(f"/api/tables/{table}").json()["seats"]
        assert all(seat["state"] == "reserved" and seat["bot"] is None for seat in seats)
