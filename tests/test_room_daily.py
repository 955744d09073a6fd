"""The board of the day (issue 36) through a real ``academie serve`` process: guests and account holders play the
day's board against the bots, once, and then see their result against everyone who played it (matchpoints and
percentages computed here by hand) and against the strongest bots' mark; the day's cards are the library's, dealt
with the room's key; and until a person has finished a board its cards reach him through no endpoint (the summary,
record, replay, review, chart and spectators' WebSocket of its tables, its results, the lists of tables), as the
hidden-information tests check."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from room_support import Server, play, running
from typer.testing import CliRunner
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosedError

from academie import duplicate, record
from academie.cli import app
from academie.games import load
from academie.room.daily import KEY_VARIABLE, DailySettings

DAY = date(2026, 12, 5)
KEY = "a room's secret of the day"
HIDDEN = "This board is shown only to those who have played it, until its round is over."
NOT_YET = "The results of a board of the day are shown to those who have played it: play board 1 of Écarté first."


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room dealing the boards of 5 December 2026 with its own key."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(KEY_VARIABLE, KEY)
        with running(tmp_path_factory.mktemp("daily"), options=("--daily-day", DAY.isoformat())) as started:
            yield started


def person(server: Server) -> httpx.Client:
    """A browser of its own: its cookies (the guest's cookie of the board of the day) kept between requests."""
    return httpx.Client(base_url=server.base, timeout=30)


def sit(client: httpx.Client, name: str, game: str = "ecarte") -> tuple[str, int, str]:
    """Sit at board 1 of ``game``: the table, the seat, its token."""
    answer = client.post(f"/api/daily/{game}/1/play", json={"name": name})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    token = parse_qs(urlsplit(data["url"]).query)["token"][0]
    return data["table"], data["seat"], token


def play_board(server: Server, client: httpx.Client, name: str, *, seed: int) -> tuple[str, int]:
    """Sit at the day's Écarté board and play it to its end by random legal moves: the table and the seat."""
    table, seat, token = sit(client, name)
    asyncio.run(play(server, table, {seat: token}, seed=seed, spectators=0))
    return table, seat


def points_at(client: httpx.Client, table: str, seat: int) -> int:
    """What the finished board scored for the player's place (Écarté: his points less the bots', E-§6.1), read from
    the table's record."""
    state = record.replay(record.read_text(client.get(f"/api/tables/{table}/record").text))
    points = state.deal_results[0].points
    return points[seat] - points[1 - seat]


def test_E_6_1_two_guests_play_the_days_ecarte_board_and_see_each_other_with_matchpoints_by_hand(
        server: Server) -> None:
    anne, blaise = person(server), person(server)
    table_a, seat_a = play_board(server, anne, "Anne", seed=1)
    table_b, seat_b = play_board(server, blaise, "Blaise", seed=2)
    assert seat_a == seat_b == 1  # the eldest hand, the dealer's opponent: board 1 is dealt by seat 0
    mine = anne.get("/api/daily/ecarte/1").json()
    a, b = points_at(anne, table_a, seat_a), points_at(blaise, table_b, seat_b)
    assert mine["yours"]["points"] == a
    assert next(line["points"] for line in mine["sheet"] if line["name"] == "Blaise") == b
    # by hand: two results at one place, a top of 2 each: the better has 2 (100%), the worse 0, a tie 1 each (50%)
    anne_mp = 2 if a > b else 1 if a == b else 0
    assert (mine["yours"]["matchpoints"], mine["yours"]["top"], mine["yours"]["percentage"]) == (anne_mp, 2,
                                                                                                 50.0 * anne_mp)
    assert mine["players"] == 2 and [line["yours"] for line in mine["sheet"]].count(True) == 1
    assert {line["name"]: line["replay"] for line in mine["sheet"]} == {"Anne": f"/replay/{table_a}",
                                                                         "Blaise": f"/replay/{table_b}"}
    theirs = blaise.get("/api/daily/ecarte/1").json()
    assert theirs["yours"]["matchpoints"] == 2 - mine["yours"]["matchpoints"]
    assert theirs["yours"]["points"] == b and theirs["sheet"] == [
        line | {"yours": not line["yours"]} for line in mine["sheet"]]
    assert not any(word in json.dumps(mine) for word in ("guest:", "account:"))  # nobody's key is shown


def test_the_days_board_is_the_librarys_dealt_with_the_rooms_key_and_the_bots_mark_is_the_strongest_bots(
        server: Server) -> None:
    claude = person(server)
    table, seat = play_board(server, claude, "Claude", seed=3)
    (board,) = duplicate.boards_of_the_day(load("ecarte"), DAY, key=KEY.encode())
    (unkeyed,) = duplicate.boards_of_the_day(load("ecarte"), DAY)
    whole = record.read_text(claude.get(f"/api/tables/{table}/record").text)
    assert whole.deals[0].deck == board.deck() != unkeyed.deck()
    results = claude.get("/api/daily/ecarte/1").json()
    mark = duplicate.bot_score(board)
    place = seat  # at Écarté each seat is a place
    assert results["bots"]["bot"] == "expert" and results["bots"]["points"] == mark.points[place]
    mine = results["yours"]["points"]
    assert results["bots"]["matchpoints"] == (2 if mine > mark.points[place] else 1 if mine == mark.points[place]
                                              else 0)
    assert results["bots"]["top"] == 2 and results["bots"]["percentage"] == 50.0 * results["bots"]["matchpoints"]


def test_a_board_is_played_once_a_second_play_while_playing_gives_the_same_seat(server: Server) -> None:
    denis = person(server)
    first = sit(denis, "Denis")
    assert sit(denis, "Denis") == first
    asyncio.run(play(server, first[0], {first[1]: first[2]}, seed=4, spectators=0))
    again = denis.post("/api/daily/ecarte/1/play", json={"name": "Denis"})
    assert again.status_code == 409
    assert again.json()["detail"] == "You have played board 1 of Écarté today; its results are yours to see."
    day = denis.get("/api/daily").json()
    assert day["day"] == "2026-12-05"
    (ecarte,) = [game for game in day["games"] if game["game"] == "ecarte"]
    assert ecarte["boards"][0]["state"] == "finished" and ecarte["boards"][0]["players"] >= 1


@pytest.mark.parametrize(("path", "body", "status", "detail"), [
    ("/api/daily/chess/1/play", {"name": "Eve"}, 404, "There is no board of the day for chess; there is one for "),
    ("/api/daily/ecarte/2/play", {"name": "Eve"}, 404, "There is no board 2 today; allowed: 1 to 1."),
    ("/api/daily/ecarte/1/play", {"name": "<Eve>"}, 400, "A name has 1 to 24 characters"),
    ("/api/daily/ecarte/1/play", {"nom": "Eve"}, 400, ""),
])
def test_a_bad_play_is_refused_saying_what_is_allowed_and_changes_nothing(server: Server, path: str,
                                                                          body: dict[str, str], status: int,
                                                                          detail: str) -> None:
    eve = person(server)
    refused = eve.post(path, json=body)
    assert refused.status_code == status and refused.json()["detail"].startswith(detail)
    assert "academie_daily" not in eve.cookies
    (ecarte,) = [game for game in eve.get("/api/daily").json()["games"] if game["game"] == "ecarte"]
    assert ecarte["boards"][0]["state"] == "new"


def refusals(client: httpx.Client, table: str) -> dict[str, tuple[int, str]]:
    """What each endpoint that shows a table answers ``client`` about ``table``."""
    answers = {
        "summary": client.get(f"/api/tables/{table}"),
        "record": client.get(f"/api/tables/{table}/record"),
        "record json": client.get(f"/api/tables/{table}/record?format=json"),
        "replay": client.get(f"/api/tables/{table}/replay"),
        "review asked": client.post(f"/api/tables/{table}/review"),
        "review": client.get(f"/api/tables/{table}/review"),
        "chart": client.get(f"/api/tables/{table}/review/chart.svg"),
        "results": client.get("/api/daily/ecarte/1"),
    }
    return {name: (answer.status_code, answer.json()["detail"] if answer.status_code >= 400 else "")
            for name, answer in answers.items()}


async def spectate(server: Server, table: str, cookies: httpx.Cookies) -> list[dict[str, Any]]:
    """Every message a spectator's WebSocket receives, with ``cookies``, until it is closed."""
    header = "; ".join(f"{name}={value}" for name, value in cookies.items())
    received = []
    async with connect(f"{server.ws_base}/ws/tables/{table}",
                       additional_headers={"Cookie": header} if header else {}) as socket_:
        with contextlib.suppress(ConnectionClosedError):
            async for raw in socket_:
                received.append(json.loads(raw))
                if received[-1]["type"] == "picture":
                    break
    return received


def test_a_boards_cards_reach_nobody_who_has_not_finished_it_through_any_endpoint(server: Server) -> None:
    flore, gaston, helene = person(server), person(server), person(server)
    table, _ = play_board(server, flore, "Flore", seed=5)
    playing_table, seat, token = sit(gaston, "Gaston")  # playing, not finished: his cookie holds no finished board
    for client in (helene, gaston):  # a newcomer, and a player still at his own table
        told = refusals(client, table)
        assert told.pop("results")[0] == 403
        assert told == {name: (403, HIDDEN) for name in told}
        watched = asyncio.run(spectate(server, table, client.cookies))
        assert watched == [{"type": "error", "code": "sealed", "message": HIDDEN}]
        listed = client.get("/api/tables").json() + client.get("/api/finished").json()
        assert table not in {entry["table"] for entry in listed}
        assert playing_table not in {entry["table"] for entry in listed}
    assert helene.get("/api/daily/ecarte/1").json()["detail"] == NOT_YET
    asyncio.run(play(server, playing_table, {seat: token}, seed=6, spectators=0))
    told = refusals(gaston, table)  # once he has finished the board, the others' tables are his to read
    assert not [name for name, (status, _) in told.items() if status == 403], told
    assert refusals(helene, table)["replay"][0] == 403
    assert asyncio.run(spectate(server, table, gaston.cookies))[-1]["type"] == "picture"


def test_an_account_holder_plays_as_his_account_and_sees_the_board_from_another_browser(tmp_path: Path) -> None:
    with running(tmp_path, options=("--daily-day", DAY.isoformat())) as room:
        first, second = person(room), person(room)
        created = first.post("/api/accounts", json={"name": "Irène", "password": "a long password"})
        assert created.status_code == 200, created.text
        csrf = created.json()["csrf"]
        first.headers["X-CSRF-Token"] = csrf
        table, seat, token = sit(first, "ignored")
        assert room.get(f"/api/tables/{table}").status_code == 403  # nobody else has played it
        asyncio.run(play(room, table, {seat: token}, seed=7, spectators=0))
        logged = second.post("/api/session", json={"name": "Irène", "password": "a long password"})
        assert logged.status_code == 200, logged.text
        results = second.get("/api/daily/ecarte/1").json()
        assert results["yours"]["name"] == "Irène" and results["yours"]["percentage"] == 50.0  # alone: an average
        assert second.get(f"/api/tables/{table}/replay").status_code == 200
        page = room.get("/api/players/Irène").json()  # his page is public: the board's table is not on it
        assert table not in json.dumps(page)


def test_the_rooms_settings_refuse_a_key_too_long_a_bad_day_and_boards_out_of_range() -> None:
    with pytest.raises(duplicate.DuplicateError, match="ACADEMIE_DAILY_KEY holds 65 bytes; allowed: at most 64"):
        DailySettings.from_options({}, {KEY_VARIABLE: "k" * 65})
    with pytest.raises(duplicate.DuplicateError, match="boards=9 is not allowed for the board of the day; allowed: 1 "
                                                       "to 8"):
        DailySettings(boards=9)
    settings = DailySettings.from_options({"boards": 2, "day": "2026-12-05"}, {KEY_VARIABLE: KEY})
    assert (settings.key, settings.boards, settings.today()) == (KEY.encode(), 2, DAY)
    refused = CliRunner().invoke(app, ["serve", "--daily-day", "2026-13-01"])
    said = " ".join(refused.output.replace("│", " ").split())  # the usage error's box, unwrapped
    assert refused.exit_code == 2 and "'2026-13-01' is not a day; allowed: YYYY-MM-DD" in said


def test_W_6_1_two_guests_play_the_days_whist_board_with_a_bot_partner_and_see_the_difference_scale_by_hand(
        server: Server) -> None:
    """At Whist the guest holds the eldest hand (seat 1, E–W, place 1: board 1 is dealt by seat 0) with a bot
    partner; his side's points less the other's (W-§6.1) are compared with the other guest's: matchpoints, and the
    difference scale's units of the difference (1 to 3 points in full, 4–5: 4, 6–7: 5, 8 or more: 6)."""
    steps = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 4, 6: 5, 7: 5}
    scored = []
    for name, seed in (("Jeanne", 8), ("Karl", 9)):
        client = person(server)
        table, seat, token = sit(client, name, "whist")
        assert seat == 1
        asyncio.run(play(server, table, {seat: token}, seed=seed, spectators=0))
        state = record.replay(record.read_text(client.get(f"/api/tables/{table}/record").text))
        points = state.deal_results[0].points
        scored.append((client, points[1] - points[0]))  # each partner is credited the side's points
    (jeanne, j), (_, k) = scored
    results = jeanne.get("/api/daily/whist/1").json()
    units = steps.get(abs(j - k), 6) * (1 if j >= k else -1)
    assert results["scales"] == ["matchpoints", "imps"]
    assert (results["yours"]["points"], results["yours"]["imps"]) == (j, units)
    assert results["yours"]["matchpoints"] == (2 if j > k else 1 if j == k else 0)


def test_on_postgresql_two_processes_keep_one_days_results_and_seal_its_tables_alike(cluster: str,
                                                                                     tmp_path: Path) -> None:
    """Two server processes on one PostgreSQL: a guest plays through each; each process shows both results, and
    the other process refuses the table to a newcomer as the first does."""
    options = ("--daily-day", DAY.isoformat())
    with running(tmp_path, db=cluster, options=options) as first, running(tmp_path, db=cluster,
                                                                          options=options) as second:
        lea, marc, newcomer = person(first), person(second), person(second)
        table, _ = play_board(first, lea, "Léa", seed=10)
        play_board(second, marc, "Marc", seed=11)
        seen = marc.get("/api/daily/ecarte/1").json()
        assert sorted(line["name"] for line in seen["sheet"]) == ["Léa", "Marc"]
        assert lea.get("/api/daily/ecarte/1").json()["players"] == 2
        assert newcomer.get(f"/api/tables/{table}/replay").json()["detail"] == HIDDEN
        assert marc.get(f"/api/tables/{table}/replay").status_code == 200


def test_two_plays_at_once_of_one_board_by_one_guest_sit_him_at_one_seat(server: Server) -> None:
    nina = person(server)
    sit(nina, "Nina", "quinze")  # her cookie, from another game's board

    async def both() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=server.base, timeout=30, cookies=nina.cookies) as client:
            return list(await asyncio.gather(*[client.post("/api/daily/guimbarde/1/play", json={"name": "Nina"})
                                               for _ in range(2)]))

    answers = [answer.json() for answer in asyncio.run(both())]
    assert answers[0] == answers[1] and answers[0]["table"]
