"""What makes a table feel like one, on the server's side, through the framework's test client: everyone has a name
(the creator's from the start and sitting at once, a player's given at the table, apostrophes and accents kept, a
name too long refused with the limit; each bot its own; seats numbered from 1 when unnamed); the spectators talk
among themselves; the score sheet of every deal so far; the next game with the same people one seat on; time
controls whose time-out lets a bot play the seat, said in the record and kept across a restart of the table."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from client_support import new_table, play_to_end, room_client, seat_socket, until
from fastapi.testclient import TestClient

from academie import record


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with room_client(tmp_path_factory.mktemp("life") / "life.db") as started:
        yield started


def names_in(picture: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in picture["picture"]["seats"]]


# ------------------------------------------------------------------------------------------------ names
def test_the_creator_named_at_creation_sits_at_once_and_bots_are_named_each_their_own(client: TestClient) -> None:
    table = client.post("/api/tables", json={
        "game": "guimbarde", "players": 5, "names": {"0": "Zoé d'Artagnan"},
        "bots": {"1": "expert", "2": "expert", "3": "expert", "4": "expert"}, "seed": 3}).json()
    summary = client.get(f"/api/tables/{table['table']}").json()
    assert summary["seats"][0]["state"] == "taken" and summary["seats"][0]["name"] == "Zoé d'Artagnan"
    assert summary["status"] == "playing"
    bots = [seat["bot_name"] for seat in summary["seats"][1:]]
    assert len(set(bots)) == 4 and all(bots)
    with client.websocket_connect(f"/ws/tables/{table['table']}") as spectator:
        names = names_in(until(spectator, "picture"))
    assert names == ["Zoé d'Artagnan", *bots]
    text = client.get(f"/api/tables/{table['table']}/record", params={"token": table["seats"]["0"]["token"]}).text
    assert '[Seat0 "Zoé d\'Artagnan"]' in text and record.read_text(text).tag("Seat0") == "Zoé d'Artagnan"


def test_an_unnamed_player_is_player_n_counted_from_one_until_he_names_himself(client: TestClient) -> None:
    table = new_table(client)
    with client.websocket_connect(f"/ws/tables/{table['table']}") as spectator:
        assert names_in(until(spectator, "picture")) == ["Player 1", "Player 2"]
        token = table["seats"]["1"]["token"]
        answer = client.post(f"/api/tables/{table['table']}/name", params={"token": token},
                             json={"name": "  Zoé   d'Artagnan "})
        assert answer.status_code == 200 and answer.json() == {"seat": 1, "name": "Zoé d'Artagnan"}
        assert names_in(until(spectator, "picture")) == ["Player 1", "Zoé d'Artagnan"]
    with client.websocket_connect(f"/ws/tables/{table['table']}?lang=fr") as french:
        assert names_in(until(french, "picture"))[0] == "Joueur 1"
    whole = client.get(f"/api/tables/{table['table']}/record", params={"token": token}).text
    assert '[Seat0 "Player 1"]' in whole and '"?"' not in whole.split("[Date")[0]


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "A name has at most 24 characters; this one has 40."),
    ("fr", "Un nom a au plus 24 caractères ; celui-ci en a 40.")])
def test_a_name_too_long_is_refused_with_the_limit_never_cut(client: TestClient, lang: str, sentence: str) -> None:
    table = new_table(client)
    token = table["seats"]["0"]["token"]
    answer = client.post(f"/api/tables/{table['table']}/name", params={"token": token, "lang": lang},
                         json={"name": "x" * 40})
    assert answer.status_code == 400 and answer.json() == {"detail": sentence}
    refused = client.post("/api/tables", params={"lang": lang}, json={"game": "ecarte", "names": {"0": "y" * 40}})
    assert refused.status_code == 400 and refused.json() == {"detail": sentence}
    assert client.get(f"/api/tables/{table['table']}").json()["seats"][0]["name"] is None


def test_a_name_with_markup_or_from_a_wrong_token_changes_nothing(client: TestClient) -> None:
    table = new_table(client)
    token = table["seats"]["0"]["token"]
    markup = client.post(f"/api/tables/{table['table']}/name", params={"token": token}, json={"name": "<b>x</b>"})
    assert markup.status_code == 400 and "without < > &" in markup.json()["detail"]
    stranger = client.post(f"/api/tables/{table['table']}/name", params={"token": "nope"}, json={"name": "Eve"})
    assert stranger.status_code == 403
    assert client.get(f"/api/tables/{table['table']}").json()["seats"][0]["name"] is None


# ------------------------------------------------------------------------------------------------ chat
def test_the_spectators_chat_among_themselves_and_the_players_to_everyone(client: TestClient) -> None:
    table = new_table(client)
    with seat_socket(client, table, 0) as player, client.websocket_connect(
            f"/ws/tables/{table['table']}") as spectator:
        until(player, "picture")
        until(spectator, "picture")
        spectator.send_json({"type": "chat", "text": "he should propose"})
        assert until(spectator, "chat")["text"] == "he should propose"
        player.send_json({"type": "chat", "text": "good luck"})
        assert until(player, "chat")["text"] == "good luck"  # the spectator's line never reached the player
        assert until(spectator, "chat")["text"] == "good luck"
    with seat_socket(client, table, 1) as other, client.websocket_connect(f"/ws/tables/{table['table']}") as late:
        until(other, "picture")
        assert until(other, "chat")["text"] == "good luck"  # the history: the players' line alone
        assert [until(late, "chat")["text"] for _ in range(2)] == ["he should propose", "good luck"]


# ------------------------------------------------------------------------------------------------ score sheet
def test_the_score_sheet_holds_every_deal_over_with_its_dealer_and_points(client: TestClient) -> None:
    table = new_table(client)
    play_to_end(client, table)
    with client.websocket_connect(f"/ws/tables/{table['table']}") as spectator:
        sheet = until(spectator, "picture")["sheet"]
    whole = record.read_text(client.get(f"/api/tables/{table['table']}/record").text)
    state = record.replay(whole)
    assert sheet == [{"deal": number, "dealer": result.dealer, "points": list(result.points)}
                     for number, result in enumerate(state.deal_results, start=1)]
    assert len(sheet) >= 2 and all(len(row["points"]) == 2 for row in sheet)


# ------------------------------------------------------------------------------------------------ the next game
def test_the_next_game_seats_the_same_people_one_seat_on_and_tells_every_page(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "ecarte", "seed": 5, "names": {"0": "Ada", "1": "Bea"}}).json()
    early = client.post(f"/api/tables/{table['table']}/next", params={"token": table["seats"]["0"]["token"]},
                        json={})
    assert early.status_code == 409
    play_to_end(client, table)
    with seat_socket(client, table, 1) as second, client.websocket_connect(f"/ws/tables/{table['table']}") as watcher:
        until(second, "picture")
        until(watcher, "picture")
        asked = client.post(f"/api/tables/{table['table']}/next", params={"token": table["seats"]["0"]["token"]},
                            json={}).json()
        told = until(second, "next")
        assert until(watcher, "next") == {"type": "next", "table": asked["table"], "seat": None, "token": None,
                                          "url": f"/tables/{asked['table']}"}
    assert asked["seat"] == 1 and told["seat"] == 0 and told["table"] == asked["table"]
    again = client.post(f"/api/tables/{table['table']}/next", params={"token": table["seats"]["1"]["token"]},
                        json={}).json()
    assert again["table"] == asked["table"] and again["token"] == told["token"]  # found, not made twice
    summary = client.get(f"/api/tables/{asked['table']}").json()
    assert [seat["name"] for seat in summary["seats"]] == ["Bea", "Ada"]
    assert all(seat["state"] == "reserved" for seat in summary["seats"])
    with client.websocket_connect(told["url"].replace("/tables/", "/ws/tables/")) as moved:
        assert until(moved, "welcome")["seat"] == 0
    stranger = client.post(f"/api/tables/{table['table']}/next", params={"token": "nope"}, json={})
    assert stranger.status_code == 403
    other_game = client.post(f"/api/tables/{table['table']}/next", json={"game": "whist"},
                             params={"token": table["seats"]["0"]["token"]})
    assert other_game.json()["table"] == asked["table"]  # the next table exists already


def test_the_next_game_may_be_another_game_for_as_many_players(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "ecarte", "seed": 6, "bots": {"1": "random"}}).json()
    with seat_socket(client, table, 0) as player:
        picture = until(player, "picture")
        while picture["status"] != "finished":
            if picture["legal"]:
                player.send_json({"type": "act", "seq": picture["seq"], "action": picture["legal"][0]})
            picture = until(player, "picture")
    wrong = client.post(f"/api/tables/{table['table']}/next", params={"token": table["seats"]["0"]["token"]},
                        json={"game": "whist"})
    assert wrong.status_code == 400 and "2" in wrong.json()["detail"]
    moved = client.post(f"/api/tables/{table['table']}/next", params={"token": table["seats"]["0"]["token"]},
                        json={"game": "quinze"}).json()
    summary = client.get(f"/api/tables/{moved['table']}").json()
    assert summary["game"] == "quinze" and [seat["state"] for seat in summary["seats"]] == ["bot", "reserved"]


# ------------------------------------------------------------------------------------------------ clocks
def test_a_clock_refused_out_of_its_bounds(client: TestClient) -> None:
    for clock, word in (({"decision": 1}, "5 to 3600"), ({"decision": 30, "reserve": -1}, "0 to 7200"),
                        ({"decision": "30"}, "clock")):
        answer = client.post("/api/tables", json={"game": "ecarte", "clock": clock})
        assert answer.status_code == 400 and word in answer.json()["detail"], answer.json()


def test_a_player_out_of_time_is_played_by_a_bot_and_the_record_says_so(tmp_path: Path) -> None:
    with room_client(tmp_path / "clock.db") as client:
        table = client.post("/api/tables", json={"game": "ecarte", "seed": 5, "bots": {"1": "random"},
                                                 "names": {"0": "Ada"}, "clock": {"decision": 5, "reserve": 0}}).json()
        with seat_socket(client, table, 0) as player:
            clock = until(player, "clock")
            picture = until(player, "picture")
            while not picture["legal"]:
                picture = until(player, "picture")
            clock = until(player, "clock")
            while clock["seat"] != 0:
                clock = until(player, "clock")
            assert clock["decision"] == 5 and 0 < clock["left"] <= 5 and clock["reserves"] == [0, 0]
            started = time.monotonic()
            seq = picture["seq"]
            while picture["seq"] == seq:  # the player does nothing: his time runs out, a bot plays for him
                picture = until(player, "picture")
            assert 4.5 <= time.monotonic() - started < 15
        text = client.get(f"/api/tables/{table['table']}/record", params={"token": table["seats"]["0"]["token"]}).text
        assert '[TimeControl "5+0"]' in text and "{on time: bot classical played for the seat" in text
