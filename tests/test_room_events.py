"""Events (issue 36) through the real server: an organiser creates an event, people (an account, a guest) and bots
register, it starts, its rounds are played at board tables with the same cards at every table, the results are
scored as clubs score them (checked here by hand), a board's cards and results are shown to nobody who has not
played it before its round is over, a round whose time runs out is finished by bots and marked, a player who leaves
is replaced by a bot, and an event survives a restart of the room."""

from __future__ import annotations

import asyncio
import datetime
import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
from ratings_support import Player, sign_up, until
from room_support import Server, play, running
from websockets.asyncio.client import connect

from academie.room.events import POLL
from academie.room.ratings import NEW, bot_rating, rate_teams

WAIT = 120.0


def read(server: Server, event: str, *, token: str | None = None, player: Player | None = None) -> Any:
    path = f"/api/events/{event}" + (f"?token={token}" if token else "")
    answer = player.client.get(path) if player is not None else server.get(path)
    assert answer.status_code == 200, answer.text
    return answer.json()


def seat_at(server: Server, event: str, board: int, *, token: str | None = None,
            player: Player | None = None) -> tuple[str, int, str]:
    """The table, seat and seat token of a person at ``board``, once its table is open."""

    def found() -> tuple[str, int, str] | None:
        you = read(server, event, token=token, player=player)["you"]
        if you["table"] is None or you.get("board") != board:
            return None
        return you["table"], you["seat"], parse_qs(urlparse(you["url"]).query)["token"][0]

    answer: tuple[str, int, str] = until(found, seconds=WAIT)
    return answer


def play_seat(server: Server, table: str, seat: int, token: str) -> None:
    """The person at ``seat`` plays random legal moves to the board's end (the bots play the other seats)."""
    asyncio.run(play(server, table, {seat: token}, seed=seat + 7, spectators=0))


def refused_to(server: Server, table: str, *, token: str | None = None, player: Player | None = None,
               over: bool = False) -> bool:
    """Whether every way to a board's cards is refused to this viewer: 403, or while the table plays 409 (the replay
    and review wait for the end) or 403 (the record goes to the seats alone); ``over``: the table is over, and every
    answer must be the fairness's 403."""
    client = player.client if player is not None else httpx.Client(base_url=server.base, timeout=30)
    suffix = f"?token={token}" if token else ""
    answers = [client.get(f"/api/tables/{table}/{path}{suffix}").status_code
               for path in ("replay", "record", "review", "review/chart.svg")]
    return answers == [403] * 4 if over else set(answers) <= {403, 409}


def deck(server: Server, table: str, token: str) -> str:
    """The deck order of a finished table's one deal, from its record as its seat is given it."""
    text = server.get(f"/api/tables/{table}/record?token={token}").text
    return text.split('[Deck "')[1].split('"')[0]


def matchpoints_by_hand(sheets: list[dict[str, Any]]) -> dict[tuple[int, int], tuple[int, int]]:
    """For each board and entrant: (2 for each other result at the same place beaten and 1 for each tie, the top:
    2 for each other result)."""
    by_place: dict[tuple[int, int], list[int]] = defaultdict(list)
    for sheet in sheets:
        for line in sheet["results"]:
            by_place[sheet["board"], line["place"]].append(line["points"])
    found = {}
    for sheet in sheets:
        for line in sheet["results"]:
            others = list(by_place[sheet["board"], line["place"]])
            others.remove(line["points"])
            won = sum(2 if line["points"] > other else 1 if line["points"] == other else 0 for other in others)
            found[sheet["board"], line["entrant"]] = (won, 2 * len(others))
    return found


def check_by_hand(results: dict[str, Any]) -> None:
    """The matchpoints of every line and the ranking's totals, as computed by hand."""
    by_hand = matchpoints_by_hand(results["boards"])
    for sheet in results["boards"]:
        for line in sheet["results"]:
            assert (line["matchpoints"], line["top"]) == by_hand[sheet["board"], line["entrant"]]
    for standing in results["ranking"]:
        mine = [value for (_, entrant), value in by_hand.items() if entrant == standing["entrant"]]
        assert standing["matchpoints"] == sum(won for won, _ in mine)
        assert standing["top"] == sum(top for _, top in mine)
        assert standing["percentage"] == round(100 * standing["matchpoints"] / standing["top"], 2)
    ranked = [standing["percentage"] for standing in results["ranking"]]
    assert ranked == sorted(ranked, reverse=True)


def test_an_event_of_an_account_a_guest_and_bots_plays_its_rounds_fairly_survives_a_restart_and_scores_by_hand(
        tmp_path: Path) -> None:
    server = Server(tmp_path).start()
    try:
        ada = sign_up(server, "Ada")
        event = ada.post("/api/events", {"title": "Mardi", "game": "ecarte", "boards": 2, "boards_per_round": 1,
                                         "round_seconds": 600})["id"]
        ada.post(f"/api/events/{event}/register", {})
        guest = server.post(f"/api/events/{event}/register", {"name": "Blaise"})["token"]
        assert ada.post(f"/api/events/{event}/bots", {"bot": "classical"})["players"] == 4
        ada.post(f"/api/events/{event}/start")
        table_a, seat_a, token_a = seat_at(server, event, 1, player=ada)
        table_b, seat_b, token_b = seat_at(server, event, 1, token=guest)
        assert table_a != table_b
        for table in (table_a, table_b):  # during the round, nobody sees a board's cards but at his own seat
            assert refused_to(server, table)
            socket_refused = asyncio.run(_spectator_refused(server, table))
            assert socket_refused
        play_seat(server, table_a, seat_a, token_a)
        # Ada has played board 1: her table is hers to see; the guest, still to play it, sees neither
        assert ada.client.get(f"/api/tables/{table_a}/replay").status_code == 200
        assert refused_to(server, table_a, token=token_b, over=True) and refused_to(server, table_a, over=True)
        assert server.get(f"/api/events/{event}/results").json()["boards"] == []  # round not over: no results
        deck_a = deck(server, table_a, token_a)
        # every other answer a stranger or the guest may ask for mid-round names neither board 1's deck nor its seed
        seed = server.get(f"/api/tables/{table_a}/record?token={token_a}").text.split('[Seed "')[1].split('"')[0]
        for path in ("/api/tables", "/api/finished", f"/api/tables/{table_a}", f"/api/tables/{table_b}",
                     "/api/events", f"/api/events/{event}", f"/api/events/{event}?token={guest}",
                     f"/api/events/{event}/results", "/api/players/Ada",
                     f"/api/tables/{table_b}/record?token={token_b}"):
            answer = server.get(path).text
            assert deck_a not in answer and seed not in answer, path
        server.stop()  # mid-round: the room stops, and starts again on the same database
        server.start()
        play_seat(server, table_b, seat_b, token_b)
        # both tables were dealt board 1's cards: the guest's whole record, once played, has the same deck
        assert deck(server, table_b, token_b) == deck_a
        until(lambda: read(server, event)["round"] == 2, seconds=WAIT)
        assert not refused_to(server, table_a)  # round 1 is over: its boards are everyone's
        table_a, seat_a, token_a = seat_at(server, event, 2, player=ada)
        table_b, seat_b, token_b = seat_at(server, event, 2, token=guest)
        interim = server.get(f"/api/events/{event}/results").json()
        assert [sheet["board"] for sheet in interim["boards"]] == [1] and len(interim["ranking"]) == 4
        play_seat(server, table_a, seat_a, token_a)
        play_seat(server, table_b, seat_b, token_b)
        until(lambda: read(server, event)["status"] == "finished", seconds=WAIT)
        results = server.get(f"/api/events/{event}/results").json()
        assert [sheet["board"] for sheet in results["boards"]] == [1, 2]
        assert {standing["names"] for standing in results["ranking"]} == {"Ada", "Blaise", "Hoyle", "Cavendish"}
        check_by_hand(results)
        for sheet in results["boards"]:
            assert len(sheet["results"]) == 4 and not any(line["marked"] for line in sheet["results"])
            assert all(server.get(line["replay"].replace("/replay/", "/api/tables/") + "/replay").status_code == 200
                       for line in sheet["results"])
        # the strongest bot played each board at every seat: its points per place, the same cards
        def scored_by_the_bot() -> list[dict[str, Any]] | None:
            found = [sheet["bot"] for sheet in server.get(f"/api/events/{event}/results").json()["boards"]]
            return found if all(found) else None

        best = until(scored_by_the_bot, seconds=WAIT)
        assert len(best) == 2 and all(len(bot["points"]) == 2 and sum(bot["points"]) == 0 for bot in best)
    finally:
        server.stop()


async def _spectator_refused(server: Server, table: str) -> bool:
    async with connect(f"{server.ws_base}/ws/tables/{table}") as socket_:
        message = json.loads(await socket_.recv())
    return bool(message["type"] == "error" and message["code"] == "sealed")


def test_a_round_out_of_time_is_finished_by_bots_and_a_player_who_leaves_is_replaced_both_marked(
        tmp_path: Path) -> None:
    with running(tmp_path) as server:
        ada = sign_up(server, "Ada")
        event = ada.post("/api/events", {"title": "Vite", "game": "ecarte", "boards": 1, "round_seconds": 5})["id"]
        stays = server.post(f"/api/events/{event}/register", {"name": "Claude"})["token"]
        goes = server.post(f"/api/events/{event}/register", {"name": "Denis"})["token"]
        ada.post(f"/api/events/{event}/bots", {"bot": "random"})
        ada.post(f"/api/events/{event}/start")
        seat_at(server, event, 1, token=goes)
        server.post(f"/api/events/{event}/leave?token={goes}")
        seat_at(server, event, 1, token=stays)  # he never plays: the round's time runs out
        until(lambda: read(server, event)["status"] == "finished", seconds=WAIT)
        results = server.get(f"/api/events/{event}/results").json()
        marked = {line["names"]: line["marked"] for line in results["boards"][0]["results"]}
        assert marked["Claude"] and marked["Denis"]
        assert not marked["Hoyle"] and not marked["Cavendish"]
        assert read(server, event, token=goes)["you"]["left"]
        # an event with a start time starts by itself then, its last table filled with the classical bot
        soon = (datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=1)).isoformat(timespec="seconds")
        timed = ada.post("/api/events", {"title": "A l'heure", "game": "ecarte", "boards": 1, "starts": soon})["id"]
        server.post(f"/api/events/{timed}/register", {"name": "Eve"})
        started = until(lambda: (found := read(server, timed))["status"] == "playing" and found, seconds=WAIT)
        assert [(player["name"], player["bot"]) for player in started["players"]] == [
            ("Eve", None), ("Hoyle", "classical"), ("Cavendish", "classical"), ("Deschapelles", "classical")]


def test_what_an_event_cannot_take_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        ada, bea = sign_up(server, "Ada"), sign_up(server, "Bea")
        good = {"title": "Soir", "game": "whist", "boards": 4, "boards_per_round": 2}
        for change, status in (({"game": "nothing"}, 400), ({"boards": 3}, 400), ({"round_seconds": 1}, 400),
                               ({"capacity": 6}, 400), ({"starts": "tomorrow"}, 400), ({"title": "<b>"}, 400),
                               ({"options": {"mode": "table"}}, 400), ({"players": 3}, 400)):
            answer = ada.client.post("/api/events", json=good | change, headers={"X-CSRF-Token": ada.csrf})
            assert answer.status_code == status, (change, answer.text)
        assert httpx.post(f"{server.base}/api/events", json=good).status_code == 401  # a guest organises nothing
        assert server.get("/api/events").json() == []
        event = ada.post("/api/events", good | {"rated": True})["id"]
        guest = httpx.post(f"{server.base}/api/events/{event}/register", json={"name": "Eve"})
        assert guest.status_code == 403  # a rated event registers accounts only
        bea.post(f"/api/events/{event}/register", {})
        again = bea.client.post(f"/api/events/{event}/register", json={}, headers={"X-CSRF-Token": bea.csrf})
        assert again.status_code == 409
        assert bea.client.post(f"/api/events/{event}/start", headers={"X-CSRF-Token": bea.csrf}).status_code == 403
        too_few = ada.client.post(f"/api/events/{event}/start", headers={"X-CSRF-Token": ada.csrf})
        assert too_few.status_code == 409 and "fill the tables with bots" in too_few.json()["detail"]
        assert read(server, event)["status"] == "registering" and read(server, event)["registered"] == 1
        french = httpx.get(f"{server.base}/api/events/nothing?lang=fr")
        assert french.status_code == 404 and "Il n'y a pas" in french.json()["detail"]


def test_a_rated_event_rates_its_players_by_the_final_standing_and_who_leaves_ranks_last(tmp_path: Path) -> None:
    """A rated event (issue 36) moves its players' ratings (issue 32): one match of every entrant ranked by the
    event's final standing, a bot at its level's fixed rating, a player who left ranked after all who stayed, each
    account rated once; computed here by hand through the model. A guest may not register at a rated event."""
    with running(tmp_path) as server:
        ada, bob, cyprien = (sign_up(server, name) for name in ("Ada", "Bob", "Cyprien"))
        event = ada.post("/api/events", {"title": "Classé", "game": "ecarte", "boards": 1, "round_seconds": 600,
                                         "rated": True})["id"]
        guest = httpx.post(f"{server.base}/api/events/{event}/register", json={"name": "Zoé"}, timeout=30)
        assert guest.status_code == 403 and "rated" in guest.json()["detail"]
        for player in (ada, bob, cyprien):
            player.post(f"/api/events/{event}/register", {})
        ada.post(f"/api/events/{event}/bots", {"bot": "random"})
        ada.post(f"/api/events/{event}/start")
        seat_at(server, event, 1, player=cyprien)
        cyprien.post(f"/api/events/{event}/leave")
        for player in (ada, bob):
            table, seat, token = seat_at(server, event, 1, player=player)
            play_seat(server, table, seat, token)
        until(lambda: read(server, event)["status"] == "finished", seconds=WAIT)
        ranking = server.get(f"/api/events/{event}/results").json()["ranking"]
        standing = {line["names"]: line["rank"] for line in ranking}
        bot = next(name for name in standing if name not in ("Ada", "Bob", "Cyprien"))
        order = ["Ada", "Bob", "Cyprien", bot]
        ranks = [max(standing.values()) + 1 if name == "Cyprien" else standing[name] for name in order]
        expected = rate_teams([[NEW], [NEW], [NEW], [bot_rating("ecarte", "random")]], ranks, fixed={(3, 0)})

        def rated() -> dict[str, Any] | None:
            pages = {name: server.get(f"/api/players/{name}").json()["ratings"].get("ecarte") for name in order[:3]}
            return pages if all(pages.values()) else None

        pages = until(rated, seconds=WAIT)
        for index, name in enumerate(order[:3]):
            assert pages[name]["games"] == 1
            assert pages[name]["mu"] == round(expected[index][0].mu, 3), name
            assert pages[name]["sigma"] == round(expected[index][0].sigma, 3), name
        assert pages["Cyprien"]["mu"] < NEW.mu  # he left: last, below where a new player starts
        server.stop()  # the room starts again on the same database: the event is not rated a second time
        server.start()
        read(server, event)
        time.sleep(2 * POLL)
        assert all(server.get(f"/api/players/{name}").json()["ratings"]["ecarte"]["games"] == 1 for name in order[:3])
