"""Who sits where, through the framework's test client: a seat given by a link is reserved for it and claimed by
its first connection; the creator (with the creator's token) hands an absent player's seat to a bot or opens it
to anyone, and its old link dies; every refusal says why and changes nothing; a table stored before seats were
reserved keeps working after the migration."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from client_support import new_table, play_to_end, room_client, seat_socket, until
from fastapi.testclient import TestClient

from academie.room.store import migrate_connection


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with room_client(tmp_path_factory.mktemp("room") / "seats.db") as started:
        yield started


def hand_over(client: TestClient, table: dict[str, Any], seat: int | str, what: str, *, owner: str | None = None,
              lang: str = "en", **body: str) -> httpx.Response:
    """The creator's ``POST .../seats/{seat}/bot`` or ``.../open`` (with the table's creator's token by default)."""
    token = table["owner"]["token"] if owner is None else owner
    return client.post(f"/api/tables/{table['table']}/seats/{seat}/{what}?owner={token}&lang={lang}",
                       json=body if what == "bot" else None)


def seats_of(client: TestClient, table: dict[str, Any]) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = client.get(f"/api/tables/{table['table']}").json()["seats"]
    return seats


def test_the_creators_link_carries_the_creators_token_and_a_wrong_one_is_refused(client: TestClient) -> None:
    table = new_table(client)
    creator_link = table["seats"]["0"]["url"]
    with client.websocket_connect(creator_link.replace("/tables/", "/ws/tables/", 1)) as socket:
        welcome = until(socket, "welcome")
        assert (welcome["seat"], welcome["owner"]) == (0, True)
    with client.websocket_connect(f"/ws/tables/{table['table']}?owner={table['owner']['token']}") as socket:
        welcome = until(socket, "welcome")
        assert (welcome["seat"], welcome["owner"]) == (None, True)
    with seat_socket(client, table, 1) as socket:
        assert until(socket, "welcome")["owner"] is False
    with client.websocket_connect(f"/ws/tables/{table['table']}?owner=forged") as socket:
        assert socket.receive_json()["code"] == "bad-token"


def test_the_creator_hands_an_absent_players_seat_to_a_bot_which_plays_it_and_its_link_dies(
        client: TestClient) -> None:
    """Écarté: the creator at seat 0; seat 1 (the elder, first to act) was invited but its player never came."""
    table = new_table(client)
    with seat_socket(client, table, 0) as creator:
        assert until(creator, "picture")["seq"] == 0
        handed = hand_over(client, table, 1, "bot", bot="random")
        assert handed.json() == {"seat": 1, "state": "bot", "bot": "random"}
        while until(creator, "picture")["seq"] == 0:  # the bot plays the seat's turn
            pass
    assert seats_of(client, table)[1] | {"connected": None} == {
        "seat": 1, "name": None, "bot": "random", "state": "bot", "connected": None, "free": False, "claimed": None,
        "bot_name": "Cavendish"}
    with seat_socket(client, table, 1) as socket:  # the invitation's link is dead
        assert socket.receive_json()["code"] == "bad-token"


def test_the_creator_opens_an_absent_players_seat_to_anyone_and_the_old_link_dies(client: TestClient) -> None:
    table = new_table(client)
    old = table["seats"]["1"]["token"]
    with seat_socket(client, table, 1) as socket:  # the invited player came, then went
        until(socket, "picture")
    assert seats_of(client, table)[1]["state"] == "taken"
    assert hand_over(client, table, 1, "open").json() == {"seat": 1, "state": "open"}
    summary = client.get(f"/api/tables/{table['table']}").json()
    assert summary["joinable"] and summary["status_text"] == "waiting for players"
    assert summary["seats"][1] == {"seat": 1, "name": None, "bot": None, "state": "open", "connected": False,
                                   "free": True, "claimed": None, "bot_name": None}
    again = hand_over(client, table, 1, "open")
    assert (again.status_code, again.json()["detail"]) == (409, "Seat 2 is already open to anyone.")
    with seat_socket(client, table, 1) as socket:
        assert socket.receive_json()["code"] == "bad-token"
    joined = client.post(f"/api/tables/{table['table']}/join", json={"seat": 1, "name": "Eve"}).json()
    assert joined["token"] not in (old, table["owner"]["token"]) and len(joined["token"]) >= 32


@pytest.mark.parametrize(("seat", "what", "body", "owner", "status", "says"), [
    (1, "open", {}, "forged", 403, "Only the creator of table"),
    (1, "bot", {"bot": "random"}, "", 403, "Only the creator of table"),
    (0, "open", {}, None, 409, "The player of seat 1 is at the table"),  # seats counted from 1 in words
    (2, "bot", {"bot": "random"}, None, 400, "Seat 3 does not exist; allowed: 1 to 2."),
    (1, "bot", {"bot": "genius"}, None, 400, "Unknown bot genius; the bots of this game: random, classical"),
    (1, "bot", {}, None, 400, "bot is missing; allowed: the name of a bot."),
    (1, "bot", {"bot": 5}, None, 400, "bot is not valid; allowed: the name of a bot."),
])
def test_a_hand_over_the_room_refuses_says_why_and_changes_nothing(
        client: TestClient, seat: int, what: str, body: dict[str, str], owner: str | None, status: int,
        says: str) -> None:
    table = new_table(client)
    with seat_socket(client, table, 0) as creator:
        until(creator, "picture")
        before = client.get(f"/api/tables/{table['table']}").json()
        refused = hand_over(client, table, seat, what, owner=owner, **body)
        assert refused.status_code == status and says in str(refused.json()["detail"])
        assert client.get(f"/api/tables/{table['table']}").json() == before


def test_a_hand_over_is_refused_in_french_at_a_bots_seat_and_at_a_finished_game(client: TestClient) -> None:
    table = new_table(client, bots={"0": "random"})
    refused = hand_over(client, table, 0, "open", lang="fr")
    assert (refused.status_code, refused.json()["detail"]) == (409, "La place 1 est celle d'un robot.")
    refused = hand_over(client, table, 1, "open", owner="forged", lang="fr")
    assert refused.json()["detail"] == (f"Seul le créateur de la table {table['table']} (avec le jeton du créateur) "
                                        "peut en céder les places.")
    over = new_table(client)
    play_to_end(client, over)
    refused = hand_over(client, over, 1, "bot", lang="fr", bot="random")
    assert (refused.status_code, refused.json()["detail"]) == (409, "La partie est finie : plus aucune action.")


def test_a_table_stored_before_seats_were_reserved_keeps_working_after_the_migration(tmp_path: Path) -> None:
    """A database at the first schema holds an Écarté table: Ada named at seat 0, seat 1's link handed out and
    never named, one action played. After the migration the table goes on: seat 0 counts as taken since the
    table was created, seat 1 as reserved for its link (a stranger is refused it), whose connection claims it;
    the table has no creator's token, so nobody can hand its seats over."""
    database = tmp_path / "old.db"
    tokens = [secrets.token_urlsafe(24) for _ in range(2)]
    created = "2024-05-01T20:00:00+00:00"
    engine = sa.create_engine(f"sqlite:///{database}")
    with engine.begin() as connection:
        migrate_connection(connection, "0001")
        connection.execute(sa.text(
            "INSERT INTO room_tables VALUES ('old', 'ecarte', '{\"mode\": \"enforced\"}', 5, 2, 'enforced', NULL, "
            f"30.0, 'open', '*', '{created}', NULL)"))
        connection.execute(sa.text("INSERT INTO room_seats VALUES ('old', 0, 'Ada', :zero, NULL), "
                                   "('old', 1, NULL, :one, NULL)"), {"zero": tokens[0], "one": tokens[1]})
        connection.execute(sa.text("INSERT INTO room_actions (table_id, seq, seat, action) "
                                   "VALUES ('old', 1, 1, 'propose')"))
    engine.dispose()
    with room_client(database) as client:
        summary = client.get("/api/tables/old").json()
        assert (summary["status"], summary["seq"], summary["joinable"]) == ("waiting", 1, False)
        assert [(seat["name"], seat["state"], seat["claimed"]) for seat in summary["seats"]] == [
            ("Ada", "taken", created), (None, "reserved", None)]
        assert client.post("/api/tables/old/join", json={"seat": 1, "name": "Eve"}).status_code == 409
        assert client.post("/api/tables/old/seats/1/open?owner=anything").status_code == 403
        with client.websocket_connect(f"/ws/tables/old?token={tokens[1]}") as socket:
            assert until(socket, "picture")["seq"] == 1
        with client.websocket_connect(f"/ws/tables/old?token={tokens[0]}") as socket:
            picture = until(socket, "picture")
            assert picture["picture"]["viewer"] == 0 and picture["legal"]  # Ada answers the proposal
            socket.send_json({"type": "act", "seq": 1, "action": picture["legal"][0]})
            assert until(socket, "picture")["seq"] == 2
        summary = client.get("/api/tables/old").json()
        assert summary["status"] == "playing" and summary["seats"][1]["state"] == "taken"
