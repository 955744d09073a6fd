"""The card room's HTTP API and WebSocket through the framework's test client: tables created, joined, left and
watched; bad input refused with a clear error that changes nothing; stale, repeated, illegal and misaddressed
actions; chat; records redacted during play; replays; table mode's irregular acts; reconnection and takeover."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from client_support import SERVED, new_table, play_to_end, room_client, seat_socket, until
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from academie import record
from academie.cli import app as command_line
from academie.games import GAMES


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with room_client(tmp_path_factory.mktemp("room") / "api.db") as started:
        yield started


# ------------------------------------------------------------------------------------------------ games, tables
def test_the_games_come_from_the_registry_with_their_options(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [game["game"] for game in games] == list(GAMES)
    for entry in games:
        game = GAMES[entry["game"]]
        assert (entry["min_players"], entry["max_players"]) == (game.min_seats, game.max_seats)
        assert entry["bots"] == list(game.bots) and entry["strongest"] == game.strongest()
        assert "version" not in entry["options"] and "mode" not in entry["options"]


def test_a_table_gives_a_link_to_every_invited_seat_the_creators_first_and_none_to_bots(client: TestClient) -> None:
    table = new_table(client, game="whist", players=4, bots={"1": "classical", "3": "random"})
    assert sorted(table["seats"]) == ["0", "2"] and table["creator_seat"] == 0
    tokens = [seat["token"] for seat in table["seats"].values()]
    owner = table["owner"]["token"]
    assert len({*tokens, owner}) == 3 and all(len(token) >= 32 for token in [*tokens, owner])
    assert table["seats"]["0"]["url"] == f"/tables/{table['table']}?token={tokens[0]}&owner={owner}"
    assert table["seats"]["2"]["url"] == f"/tables/{table['table']}?token={tokens[1]}"
    assert table["owner"]["url"] == f"/tables/{table['table']}?owner={owner}"
    assert table["watch"] == f"/tables/{table['table']}"
    summary = client.get(f"/api/tables/{table['table']}").json()
    assert summary["status"] == "waiting" and not summary["joinable"]
    assert [(seat["bot"], seat["state"]) for seat in summary["seats"]] == [
        (None, "reserved"), ("classical", "bot"), (None, "reserved"), ("random", "bot")]
    assert all("token" not in seat for seat in summary["seats"]) and owner not in str(summary)
    assert table["table"] in [entry["table"] for entry in client.get("/api/tables").json()]


def listed_tables(client: TestClient) -> set[str]:
    """The tables the lobby lists (not their whole summaries: other tests' bot tables go on moving meanwhile)."""
    return {entry["table"] for entry in client.get("/api/tables").json()}


@pytest.mark.parametrize(("body", "status", "says"), [
    ({"game": "poker"}, 400, "available: ecarte, whist"),
    ({"game": "guimbarde", "players": 9}, 400, "3 to 8 players, not 9"),
    ({"game": "ecarte", "options": {"must_trump": "maybe", "colour": 1}}, 400, "unknown rules option(s) colour"),
    ({"game": "ecarte", "options": {"mode": "table"}}, 400, "fields of their own"),
    ({"game": "ecarte", "mode": "strict"}, 400, "allowed: enforced, table"),
    ({"game": "ecarte", "bots": {"1": "genius"}}, 400, "random, classical, search"),
    ({"game": "ecarte", "bots": {"2": "random"}}, 400, "Seat 3 does not exist; allowed: 1 to 2"),  # counted from 1
    ({"game": "ecarte", "names": {"0": "<script>"}}, 400, "A name has 1 to 24 characters"),
    ({"game": "ecarte", "names": {"1": "Bob"}, "bots": {"1": "random"}}, 400, "Seat 2 is a bot's"),
    ({"game": "ecarte", "seed": -1}, 400, "A seed is a whole number"),
    ({"game": "ecarte", "access": {"1": "public"}}, 400, "allowed: invited, open"),
    ({"game": "ecarte", "access": {"1": "open"}, "bots": {"1": "random"}}, 400, "Seat 2 is a bot's"),
    ({"game": "ecarte", "access": {"1": "open"}, "names": {"1": "Bob"}}, 400, "whoever joins it gives a name"),
    ({"game": "ecarte", "access": {"2": "open"}}, 400, "Seat 3 does not exist"),
    ({"game": "ecarte", "access": {"x": "open"}}, 400, "Seat x does not exist; allowed: 1 to 2"),
    ({"game": "ecarte", "players": "two"}, 400, "players is not valid; allowed: a whole number of players."),
])
def test_a_bad_table_is_refused_saying_what_is_allowed_and_nothing_is_created(
        client: TestClient, body: dict[str, Any], status: int, says: str) -> None:
    before = listed_tables(client)
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert says in str(response.json()["detail"])
    assert listed_tables(client) == before


BAD_BODIES = [  # (route, body as sent, what the refusal says)
    ("create", '{"game": "\\ud800"}', "The body is not JSON the room can read (at character 10)"),
    ("create", '{"game": "ecarte", "options": {"\\ud800": 1}}', "not JSON the room can read"),
    ("create", '{"game": "ecarte", "seed": 1e400}', "not JSON the room can read (at character 27)"),
    ("create", '{"game": "ecarte", "seed": 1' + "0" * 5000 + "}", "not JSON the room can read"),
    ("create", "[" * 5000 + "]" * 5000, "not JSON the room can read"),
    ("create", "not json", "not JSON the room can read (at character 0)"),
    ("create", "", "not JSON the room can read"),
    ("create", "[]", "The body is not a JSON object; allowed: a JSON object such as"),
    ("create", "{}", "game is missing; allowed: the name of a game: ecarte, whist"),
    ("create", '{"game": 5}', "game is not valid; allowed: the name of a game"),
    ("create", '{"game": "ecarte", "players": true}', "players is not valid; allowed: a whole number of players."),
    ("create", '{"game": "ecarte", "players": "2"}', "players is not valid"),
    ("create", '{"game": "ecarte", "bots": []}', "bots is not valid; allowed: an object from seat numbers"),
    ("create", '{"game": "ecarte", "names": {"0": 5}}', "names is not valid; allowed: an object from seat numbers"),
    ("create", '{"game": "ecarte", "seed": 7.5}', "seed is not valid; allowed: a whole number from 0 to"),
    ("create", '{"game": "ecarte", "seed": "7"}', "seed is not valid"),
    ("create", '{"game": "ecarte", "seed": 99999999999999999999999}', "seed is not valid"),
    ("create", '{"game": "ecarte", "takeover_after": "x"}', "takeover_after is not valid; allowed: a number of"),
    ("create", '{"game": "ecarte", "player": 2}', "There is no field player; the fields: game, options, players"),
    ("join", '{"seat": "0", "name": "Ada"}', "seat is not valid; allowed: a seat's number"),
    ("join", '{"seat": 0}', "name is missing; allowed: a name of 1 to 24 characters."),
    ("join", '{"seat": 0, "name": "\\ud800x"}', "not JSON the room can read (at character 21)"),
    ("join", '{"seat": 0, "name": "Ada", "token": "x"}', "There is no field token; the fields: seat, name."),
]


def tables_and_seats(client: TestClient, table: str) -> tuple[set[str], list[dict[str, Any]]]:
    """The tables listed and ``table``'s seats: what a refused request must leave as it was."""
    return listed_tables(client), client.get(f"/api/tables/{table}").json()["seats"]


@pytest.mark.parametrize(("route", "body", "says"), BAD_BODIES, ids=[f"{r}-{b[:30]}" for r, b, _ in BAD_BODIES])
def test_every_bad_body_is_refused_400_with_a_sentence_and_changes_nothing(
        client: TestClient, route: str, body: str, says: str) -> None:
    table = new_table(client)
    path = "/api/tables" if route == "create" else f"/api/tables/{table['table']}/join"
    before = tables_and_seats(client, table["table"])
    answers = {lang: client.post(f"{path}?lang={lang}", content=body.encode(),
                                 headers={"content-type": "application/json"}) for lang in ("en", "fr")}
    assert [answer.status_code for answer in answers.values()] == [400, 400]
    english, french = (answer.json()["detail"] for answer in answers.values())
    assert says in english and english.endswith(".") and "\n" not in english
    assert french != english and french.endswith(".")  # in the language asked for
    assert tables_and_seats(client, table["table"]) == before  # nothing created, no seat taken


def test_bad_query_parameters_are_refused_400_with_a_sentence(client: TestClient) -> None:
    table = new_table(client)
    assert client.get("/api/tables?lang=de").json() == {"detail": "lang is not valid; allowed: en, fr."}
    response = client.post(f"/api/tables/{table['table']}/leave?lang=fr")
    assert response.status_code == 400
    assert response.json() == {"detail": "token manque ; permis : le jeton d'une place à cette table."}


FIVE_MB = "x" * 5_000_000


ECHOES = [  # (body, what the refusal still says is allowed)
    ({"game": FIVE_MB}, "available: ecarte, whist"),
    ({"game": "ecarte", "options": {FIVE_MB: 1}}, "known options: version, game"),
    ({"game": "ecarte", "options": {"must_trump": FIVE_MB}}, "allowed: True, False"),
    ({"game": "ecarte", "bots": {"1": FIVE_MB}}, "the bots of this game: random, classical"),
    ({"game": "ecarte", "bots": {FIVE_MB: "random"}}, "allowed: 1 to 2"),
    ({"game": "ecarte", "mode": FIVE_MB}, "allowed: enforced, table"),
    ({"game": "ecarte", "takeover": FIVE_MB}, "the bots of this game: random, classical"),
    ({"game": "ecarte", FIVE_MB: 1}, "the fields: game, options"),
]


@pytest.mark.parametrize(("body", "allowed"), ECHOES,
                         ids=["game", "option-name", "option-value", "bot", "seat", "mode", "takeover", "field"])
def test_input_echoed_in_a_refusal_is_cut_short(client: TestClient, body: dict[str, Any], allowed: str) -> None:
    """A 5 MB name or value comes back as its first characters and an ellipsis, and the refusal still says what
    is allowed."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert len(detail) < 400 and "x" * 39 + "…" in detail and "x" * 41 not in detail
    assert allowed in detail


def test_errors_speak_the_language_asked_for(client: TestClient) -> None:
    response = client.post("/api/tables?lang=fr", json={"game": "guimbarde", "players": 2})
    assert response.json()["detail"] == "La Guimbarde se joue de 3 à 8 joueurs, pas à 2."
    assert client.get("/api/tables/nothing?lang=fr").json()["detail"] == "Il n'y a pas de table nothing."


def test_join_takes_an_open_seat_with_a_new_token_once_and_leave_opens_it_again(client: TestClient) -> None:
    # seed 6: seat 0 acts first, so the bot at seat 1 waits for the open seat's player (with a seed where the bot
    # leads, it may move before the lobby is read, and the table is rightly "a seat is free, in a game going")
    table = new_table(client, seed=6, bots={"1": "random"}, access={"0": "open"})
    table_id = table["table"]
    assert table["seats"] == {} and table["creator_seat"] is None  # an open seat has no link until joined
    listed = next(entry for entry in client.get("/api/tables").json() if entry["table"] == table_id)
    assert listed["joinable"] and listed["status_text"] == "waiting for players"
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "  Ada  "}).json()
    token = joined["token"]
    assert joined == {"token": token, "url": f"/tables/{table_id}?token={token}"} and len(token) >= 32
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "playing" and not summary["joinable"]
    assert summary["seats"][0] | {"claimed": None} == {"seat": 0, "name": "Ada", "bot": None, "state": "taken",
                                                       "connected": False, "free": False, "claimed": None,
                                                       "bot_name": None}
    assert summary["seats"][0]["claimed"]  # when it was taken
    taken = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Eve"})
    assert (taken.status_code, taken.json()) == (409, {"detail": "Seat 1 is taken."})  # seats counted from 1
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Eve"}).json() == {
        "detail": "Seat 2 is a bot's."}
    assert client.post(f"/api/tables/{table_id}/leave?token=wrong").status_code == 403
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        picture = until(socket, "picture")
        assert client.post(f"/api/tables/{table_id}/leave?token={token}").json() == {"left": 0}
        until(socket, "left")
        socket.send_json({"type": "act", "seq": picture["seq"], "action": "stand"})  # an open tab acts no more
        assert until(socket, "error")["code"] == "bad-token"
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0] == {
        "seat": 0, "name": None, "bot": None, "state": "open", "connected": False, "free": True, "claimed": None,
        "bot_name": None}
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:  # the old token is dead
        assert socket.receive_json()["code"] == "bad-token"
    again = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Eve"}).json()
    assert again["token"] != token


def test_a_stranger_cannot_join_a_seat_reserved_for_its_link_and_gets_no_token(client: TestClient) -> None:
    """The hole of issue 27: four people play Whist through their links; a fifth presses "Join at seat 3" and
    used to receive seat 3's token (its cards, its turn). A reserved seat is refused, in either language, and
    the first connection through a link claims its seat."""
    table = new_table(client, game="whist", players=4)
    table_id = table["table"]
    for lang, says in (("en", "Seat 4 is reserved for the player invited to it"),
                       ("fr", "La place 4 est réservée au joueur qui y est invité")):
        refused = client.post(f"/api/tables/{table_id}/join?lang={lang}", json={"seat": 3, "name": "Mallory"})
        assert refused.status_code == 409 and refused.json()["detail"].startswith(says)
        assert set(refused.json()) == {"detail"} and table["seats"]["3"]["token"] not in refused.text
    listed = next(entry for entry in client.get("/api/tables").json() if entry["table"] == table_id)
    assert listed["status"] == "waiting" and not listed["joinable"]
    assert listed["status_text"] == "waiting for the invited players"
    assert [seat["state"] for seat in listed["seats"]] == ["reserved"] * 4
    with seat_socket(client, table, 3) as seat:
        until(seat, "picture")
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["state"] for seat in seats] == ["reserved", "reserved", "reserved", "taken"]
        assert seats[3]["claimed"] and seats[3]["connected"]
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 3, "name": "Mallory"}).json() == {
        "detail": "Seat 4 is taken."}
    for seat_number in (0, 1, 2):
        with seat_socket(client, table, seat_number) as seat:
            until(seat, "picture")
    listed = next(entry for entry in client.get("/api/tables").json() if entry["table"] == table_id)
    assert (listed["status"], listed["status_text"]) == ("playing", "in play")
    assert [seat["state"] for seat in listed["seats"]] == ["taken"] * 4


# ------------------------------------------------------------------------------------------------ the WebSocket
def test_a_seat_gets_welcome_seats_and_its_picture_and_a_spectator_the_public_one(client: TestClient) -> None:
    table = new_table(client)
    with seat_socket(client, table, 1, "fr") as seat, client.websocket_connect(
            f"/ws/tables/{table['table']}") as spectator:
        welcome = seat.receive_json()
        assert welcome | {"table": None} == {"type": "welcome", "table": None, "game": "ecarte", "title": "Écarté",
                                             "seat": 1, "mode": "enforced", "players": 2, "status": "waiting",
                                             "owner": False}
        picture = until(seat, "picture")
        assert picture["seq"] == 0 and picture["picture"]["viewer"] == 1 and picture["picture"]["lang"] == "fr"
        assert len(picture["picture"]["hand"]) == 5 and picture["legal"] == ["propose", "stand"]
        assert spectator.receive_json()["seat"] is None
        public = until(spectator, "picture")
        assert public["picture"]["viewer"] is None and public["picture"]["hand"] == [] and public["legal"] == []


def test_a_stale_or_repeated_action_is_refused_and_applied_once(client: TestClient) -> None:
    table = new_table(client)
    with seat_socket(client, table, 1) as seat:
        until(seat, "picture")
        seat.send_json({"type": "act", "seq": 0, "action": "propose"})
        assert until(seat, "picture")["seq"] == 1
        seat.send_json({"type": "act", "seq": 0, "action": "propose"})  # the same message again
        error = until(seat, "error")
        assert error["code"] == "stale" and "now at move 1" in error["message"]
        assert until(seat, "picture")["seq"] == 1  # the current picture, sent again
    whole = client.get(f"/api/tables/{table['table']}/record?token={table['seats']['1']['token']}").text
    assert whole.count("1 propose") == 1


def test_an_illegal_action_gets_the_engine_explanation_in_words_and_changes_nothing(client: TestClient) -> None:
    table = new_table(client)
    with seat_socket(client, table, 1, "fr") as seat, seat_socket(client, table, 0) as other:
        until(seat, "picture")
        seat.send_json({"type": "act", "seq": 0, "action": "play KH"})
        error = until(seat, "error")
        assert error["code"] == "illegal" and "ECARTE-VI" in error["message"]
        seat.send_json({"type": "act", "seq": 0, "action": "dance"})
        assert until(seat, "error")["message"].startswith("Impossible de lire « dance »")
        until(other, "picture")
        other.send_json({"type": "act", "seq": 0, "action": "accept"})  # seat 0 is not to act
        assert until(other, "error") == {"type": "error", "code": "not-your-turn", "message": "It is not your turn."}
    assert client.get(f"/api/tables/{table['table']}").json()["seq"] == 0


def test_a_spectator_or_a_bad_token_cannot_act(client: TestClient) -> None:
    table, other = new_table(client), new_table(client)
    with client.websocket_connect(f"/ws/tables/{table['table']}") as spectator:
        until(spectator, "picture")
        spectator.send_json({"type": "act", "seq": 0, "action": "propose"})
        assert until(spectator, "error")["code"] == "spectator"
    foreign = other["seats"]["1"]["token"]  # a token of another table
    with client.websocket_connect(f"/ws/tables/{table['table']}?token={foreign}") as socket:
        assert socket.receive_json()["code"] == "bad-token"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect("/ws/tables/nothing") as socket:
        assert socket.receive_json()["code"] == "no-table"
    assert client.get(f"/api/tables/{table['table']}").json()["seq"] == 0


def test_malformed_and_oversized_messages_are_refused(client: TestClient) -> None:
    table = new_table(client)
    with seat_socket(client, table, 1) as seat:
        until(seat, "picture")
        seat.send_text("not json")
        assert until(seat, "error")["code"] == "bad-message"
        seat.send_json({"type": "act", "seq": "0", "action": "propose"})
        assert until(seat, "error")["code"] == "bad-message"
        seat.send_text("x" * 5000)
        assert until(seat, "error")["code"] == "too-big"
    assert client.get(f"/api/tables/{table['table']}").json()["seq"] == 0


@pytest.mark.parametrize("origin", ["https://elsewhere.example", "http://rebound.example:8000", "null"])
def test_a_page_from_an_origin_not_served_is_refused_even_on_a_name_rebound_to_the_server(
        client: TestClient, origin: str) -> None:
    """DNS rebinding: a page on rebound.example:8000, whose name now points at the server, sends that name as
    its Host too; the room compares the Origin with the origins it serves, never with the Host."""
    table = new_table(client)
    host = origin.partition("://")[2] or "testserver"
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/ws/tables/{table['table']}", headers={"origin": origin, "host": host}) as socket:
        socket.receive_json()
    assert closed.value.code == 1008
    before = tables_and_seats(client, table['table'])
    created = client.post("/api/tables?lang=fr", json={"game": "ecarte"}, headers={"origin": origin, "host": host})
    assert created.status_code == 403 and created.json()["detail"].startswith("Cette salle de jeu n'accepte pas")
    joined = client.post(f"/api/tables/{table['table']}/join", json={"seat": 0, "name": "Eve"},
                         headers={"origin": origin})
    assert joined.status_code == 403 and tables_and_seats(client, table['table']) == before


def test_a_page_from_the_origin_served_and_a_client_without_origin_are_accepted(client: TestClient) -> None:
    table = new_table(client)
    with client.websocket_connect(f"/ws/tables/{table['table']}", headers={"origin": SERVED}) as socket:
        assert socket.receive_json()["type"] == "welcome"
    with client.websocket_connect(f"/ws/tables/{table['table']}") as socket:  # no Origin: not a browser
        assert socket.receive_json()["type"] == "welcome"
    assert client.post("/api/tables", json={"game": "ecarte"}, headers={"origin": SERVED + "/"}).status_code == 200


def test_a_connection_that_sends_too_fast_is_refused_then_closed(tmp_path: Path) -> None:
    with room_client(tmp_path / "rate.db", message_rate=1) as slow_client:
        table = new_table(slow_client)
        with seat_socket(slow_client, table, 0) as seat:
            until(seat, "picture")
            codes = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(100):
                    seat.send_json({"type": "chat", "text": "hello"})
                for _ in range(200):
                    message = seat.receive_json()
                    codes.append(message.get("code"))
            assert "too-fast" in codes and closed.value.code == 1008


def test_chat_is_escaped_kept_with_the_table_and_given_to_newcomers(client: TestClient) -> None:
    table = new_table(client, names={"0": "Ada"})
    with seat_socket(client, table, 0) as seat:
        until(seat, "picture")
        seat.send_json({"type": "chat", "text": "<b>bonjour</b>\u0007 à tous"})
        assert until(seat, "chat") == {"type": "chat", "seat": 0, "name": "Ada",
                                       "text": "&lt;b&gt;bonjour&lt;/b&gt; à tous"}
        seat.send_json({"type": "chat", "text": "x" * 301})
        assert until(seat, "error")["code"] == "bad-message"
    with client.websocket_connect(f"/ws/tables/{table['table']}") as spectator:
        assert until(spectator, "chat")["text"] == "&lt;b&gt;bonjour&lt;/b&gt; à tous"


def test_a_reconnected_seat_gets_the_current_picture_and_carries_on(client: TestClient) -> None:
    table = new_table(client, bots={"0": "random"})
    with seat_socket(client, table, 1) as seat:
        until(seat, "picture")
        seat.send_json({"type": "act", "seq": 0, "action": "stand"})
        seen = until(seat, "picture")["seq"]
    with seat_socket(client, table, 1) as seat:
        picture = until(seat, "picture")
        assert picture["seq"] >= seen and picture["picture"]["viewer"] == 1


# ------------------------------------------------------------------------------------------------ records, replays
def test_the_record_is_redacted_for_its_seat_during_play_and_whole_after(client: TestClient) -> None:
    table = new_table(client)
    table_id, token = table["table"], table["seats"]["0"]["token"]
    assert client.get(f"/api/tables/{table_id}/record").status_code == 403
    assert client.get(f"/api/tables/{table_id}/record?token=forged").status_code == 403
    assert client.get(f"/api/tables/{table_id}/replay").status_code == 409
    mine = record.read_text(client.get(f"/api/tables/{table_id}/record?token={token}").text)
    assert mine.redacted_for == 0 and "??" in record.write_text(mine)
    last = play_to_end(client, table)
    whole = record.read_text(client.get(f"/api/tables/{table_id}/record").text)
    final = record.replay(whole)
    assert final.is_terminal and whole.redacted_for is None
    assert record.from_json(client.get(f"/api/tables/{table_id}/record?format=json").json()) == whole
    replay = client.get(f"/api/tables/{table_id}/replay?lang=fr").json()
    assert len(replay["steps"]) > last and replay["result"] == whole.tag("Result")
    step = replay["steps"][3]
    assert [picture["viewer"] for picture in step["seats"]] == [0, 1] and step["public"]["viewer"] is None
    assert step["public"]["lang"] == "fr"
    assert client.get(f"/api/tables/{table_id}/record?format=pdf").status_code == 400
    assert table_id in [entry["table"] for entry in client.get("/api/finished").json()]


def test_a_seat_downloading_the_record_during_play_gets_neither_the_seed_nor_a_bots_reason(
        client: TestClient) -> None:
    """A table dealt from a seed the room drew: the record a seat downloads during play holds no [Seed] (with it,
    ``new(seed=...)`` would deal every hidden card again) and none of the bot's reasons, which speak of its hand;
    the bot's reasons (the classical bot's are all private in enforced mode) do not reach the player's socket;
    the whole record, seed and reasons, comes once the game is over."""
    table = new_table(client, seed=None, bots={"1": "classical"})
    table_id, token = table["table"], table["seats"]["0"]["token"]
    reasons: list[str] = []
    with seat_socket(client, table, 0) as player:
        picture = until(player, "picture")
        while picture["status"] != "finished":
            if picture["legal"]:
                player.send_json({"type": "act", "seq": picture["seq"], "action": picture["legal"][0]})
            message = player.receive_json()
            while message["type"] != "picture":
                reasons += [message["text"]] if message["type"] == "reason" else []
                message = player.receive_json()
            picture = message
            if picture["seq"] == 6:
                mine = record.read_text(client.get(f"/api/tables/{table_id}/record?token={token}").text)
                assert mine.redacted_for == 0 and mine.tag("Seed") is None
                assert not record.comments_by_operation(mine)  # every comment was the bot's
    whole = record.read_text(client.get(f"/api/tables/{table_id}/record").text)
    said = record.comments_by_operation(whole)
    assert whole.tag("Seed") is not None and len(said) > 6
    assert not reasons  # the classical bot's reasons are all private: nothing reached the player during play


# ------------------------------------------------------------------------------------------------ table mode
def test_table_mode_offers_the_irregular_acts_and_rules_on_them_with_the_law(client: TestClient) -> None:
    """Table mode (E-P1: a card played out of turn): the act is offered with its law, committed, and the
    party the law names is offered the remedies."""
    table = new_table(client, mode="table")
    with seat_socket(client, table, 0) as dealer, seat_socket(client, table, 1) as elder:
        picture = until(dealer, "picture")
        acts = [move for move in picture["picture"]["moves"] if move["action"].startswith("!")]
        assert acts and all(move["action"] in picture["legal"] for move in acts)
        assert all(move["label"] != move["action"] for move in acts)  # in words, with the law
        until(elder, "picture")
        dealer.send_json({"type": "act", "seq": 0, "action": acts[0]["action"]})
        assert until(dealer, "picture")["seq"] == 1
        after = until(elder, "picture")
        remedies = after["legal"]
        assert remedies and all(move.startswith("remedy ") and " law=" in move for move in remedies)
        law = remedies[0].rpartition("law=")[2]
        assert after["picture"]["pending"].startswith(f"{law}:")
    mine = client.get(f"/api/tables/{table['table']}/record?token={table['seats']['0']['token']}").text
    assert f"\n{acts[0]['action']}\n" in mine


# ------------------------------------------------------------------------------------------------ bots
def test_a_takeover_bot_plays_an_absent_seat_only_at_a_table_created_with_it(client: TestClient) -> None:
    kept = new_table(client, bots={"0": "random"})
    taken = new_table(client, bots={"0": "random"}, takeover="random", takeover_after=0)
    for table in (kept, taken):
        with seat_socket(client, table, 1) as seat:
            until(seat, "picture")
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{taken['table']}").json()["status"] != "finished":  # seat 1 is played for
        assert time.monotonic() < deadline, "the takeover bot did not finish the game"
        time.sleep(0.05)
    assert client.get(f"/api/tables/{kept['table']}").json()["seq"] == 0  # seat 1 (elder) is waited for


@pytest.mark.parametrize(("db", "says"), [
    ("mysql://room:secret@localhost/room", "scheme 'mysql' is not one"),
    ("postgresql+psycopg2://room@localhost/room", "scheme 'postgresql+psycopg2' is not one"),
    ("academie.db", "scheme 'academie.db' is not one"),
])
def test_serve_refuses_a_database_it_cannot_use_saying_which_it_can(db: str, says: str) -> None:
    result = CliRunner().invoke(command_line, ["serve", "--db", db])
    output = " ".join(result.output.split())
    assert result.exit_code == 2 and says in output and "secret" not in output
    assert "allowed: sqlite:///FILE or postgresql://USER:PASSWORD@HOST:PORT/DATABASE" in output


def test_serve_refuses_an_origin_that_is_not_one() -> None:
    result = CliRunner().invoke(command_line, ["serve", "--allowed-origin", "cards.example"])
    assert result.exit_code == 2 and "--allowed-origin: 'cards.example' is not an origin" in result.output

