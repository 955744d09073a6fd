"""Accounts through a real ``academie serve`` process (issue 32): creating one, logging in and out, the session
cookie's flags, CSRF refused, session fixation, failed logins limited per name and per client, changing the
password and deleting the account, a guest's seats claimed, rated tables, invitations; passwords never in the
server's log. Each refusal is checked to have changed nothing."""

from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from client_support import room_client
from room_support import Server, running
from websockets.asyncio.client import connect

from academie.room.accounts import CLIENT_FAILURES, NAME_FAILURES

PASSWORDS: list[str] = []
"""Every password the module sends: none may appear in the server's log."""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("accounts")) as started:
        yield started


def password() -> str:
    secret = "pw-" + secrets.token_hex(8)
    PASSWORDS.append(secret)
    return secret


def client(room: Server, *, address: str | None = None) -> httpx.Client:
    """A browser of its own (its own cookies); ``address``: the client address a trusted proxy forwards."""
    headers = {"X-Forwarded-For": address} if address is not None else {}
    return httpx.Client(base_url=room.base, timeout=30, headers=headers)


def new_name() -> str:
    return "Zoé d'Artagnan " + secrets.token_hex(3)


def sign_up(room: Server, name: str | None = None, secret: str | None = None,
            *, address: str | None = None) -> tuple[httpx.Client, str, str]:
    """A logged-in browser with a new account: the browser, its name and its CSRF token."""
    browser = client(room, address=address)
    name = name or new_name()
    answer = browser.post("/api/accounts", json={"name": name, "password": secret or password()})
    assert answer.status_code == 200, answer.text
    return browser, name, answer.json()["csrf"]


def db_rows(room: Server, query: str, *args: object) -> list[tuple[Any, ...]]:
    path = room.db.split(":///", 1)[1]
    with sqlite3.connect(path) as db:
        return db.execute(query, args).fetchall()


def test_an_account_is_created_logged_in_and_its_cookie_is_httponly_samesite_and_not_secure_over_http(
        room: Server) -> None:
    browser = client(room)
    name, secret = new_name(), password()
    answer = browser.post("/api/accounts", json={"name": name, "password": secret})
    assert answer.status_code == 200
    cookie = answer.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
    me = browser.get("/api/account").json()
    assert me["name"] == name and me["csrf"] == answer.json()["csrf"]
    assert secret not in answer.text and secret not in cookie
    [(stored,)] = db_rows(room, "SELECT password FROM room_accounts WHERE name = ?", name)
    assert stored.startswith("$argon2id$") and secret not in stored


def test_behind_a_proxy_over_tls_the_cookie_is_secure(room: Server) -> None:
    browser = client(room)
    answer = browser.post("/api/accounts", json={"name": new_name(), "password": password()},
                          headers={"X-Forwarded-Proto": "https"})
    assert answer.status_code == 200
    assert "Secure" in answer.headers["set-cookie"]


def test_a_name_taken_in_another_case_or_unicode_form_is_refused_and_markup_is_refused(room: Server) -> None:
    _, name, _ = sign_up(room, "Zoé Ü" + secrets.token_hex(2))
    decomposed = "ZOE\u0301 \u0055\u0308" + name[-4:].upper()
    answer = client(room).post("/api/accounts", json={"name": decomposed, "password": password()})
    assert answer.status_code == 409 and "taken" in answer.json()["detail"]
    for bad in ("<script>alert(1)</script>", "a&b", "x" * 25, ""):
        refused = client(room).post("/api/accounts", json={"name": bad, "password": password()})
        assert refused.status_code == 400, bad
        assert "<script>" not in refused.text
    assert db_rows(room, "SELECT count(*) FROM room_accounts WHERE name LIKE '%<%'") == [(0,)]
    short = client(room).post("/api/accounts", json={"name": new_name(), "password": "short"})
    assert short.status_code == 400 and "short" not in short.json()["detail"]


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_and_no_session(room: Server) -> None:
    _, name, _ = sign_up(room)
    guest = client(room, address="10.0.1.1")
    wrong = guest.post("/api/session", json={"name": name, "password": "not-" + password()})
    unknown = guest.post("/api/session", json={"name": new_name(), "password": password()})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert "set-cookie" not in wrong.headers
    assert guest.get("/api/account").status_code == 401


def test_brute_force_on_one_name_is_stopped_even_with_the_right_password_then(room: Server) -> None:
    secret = password()
    _, name, _ = sign_up(room, secret=secret)
    attacker = client(room, address="10.0.2.1")
    for _ in range(NAME_FAILURES):
        assert attacker.post("/api/session", json={"name": name, "password": "guess"}).status_code == 401
    stopped = attacker.post("/api/session", json={"name": name, "password": secret})
    assert stopped.status_code == 429 and int(stopped.headers["retry-after"]) > 0
    assert "set-cookie" not in stopped.headers
    from_elsewhere = client(room, address="10.0.2.2").post("/api/session", json={"name": name, "password": secret})
    assert from_elsewhere.status_code == 429  # the name is limited, whoever asks


def test_brute_force_from_one_client_over_many_names_is_stopped(room: Server) -> None:
    secret = password()
    _, name, _ = sign_up(room, secret=secret)
    attacker = client(room, address="10.0.3.1")
    for number in range(CLIENT_FAILURES):
        answer = attacker.post("/api/session", json={"name": f"nobody {number}", "password": "guess"})
        assert answer.status_code == 401
    assert attacker.post("/api/session", json={"name": name, "password": secret}).status_code == 429
    assert client(room, address="10.0.3.2").post(
        "/api/session", json={"name": name, "password": secret}).status_code == 200


def test_a_stolen_session_cannot_try_passwords_faster_than_a_login(room: Server) -> None:
    """Changing the password or deleting the account asks the password: those failures count as failed logins."""
    secret = password()
    browser, name, csrf = sign_up(room, secret=secret, address="10.0.7.1")
    for _ in range(NAME_FAILURES):
        wrong = browser.post("/api/account/password", json={"old": "guess-guess", "new": password()},
                             headers={"X-CSRF-Token": csrf})
        assert wrong.status_code == 403
    stopped = browser.request("DELETE", "/api/account", json={"password": secret}, headers={"X-CSRF-Token": csrf})
    assert stopped.status_code == 429
    assert browser.get("/api/account").json()["name"] == name


def test_new_accounts_from_one_address_share_the_bucket_of_new_tables(tmp_path: Path) -> None:
    with room_client(tmp_path / "room.db", create_rate=0.001, create_burst=2) as room:
        assert room.post("/api/accounts", json={"name": "Ada", "password": password()}).status_code == 200
        room.cookies.clear()
        taken = room.post("/api/accounts", json={"name": "ADA", "password": password()})
        assert taken.status_code == 409  # a name taken costs nothing
        room.cookies.clear()
        assert room.post("/api/accounts", json={"name": "Bea", "password": password()}).status_code == 200
        room.cookies.clear()
        refused = room.post("/api/accounts", json={"name": "Cy", "password": password()})
        assert refused.status_code == 429 and "accounts" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) > 0
        assert room.post("/api/session", json={"name": "Cy", "password": "whatever"}).status_code == 401


def test_a_change_with_the_cookie_but_without_its_csrf_token_is_refused_and_changes_nothing(room: Server) -> None:
    secret = password()
    browser, name, csrf = sign_up(room, secret=secret)
    before = len(browser.get("/api/tables").json())
    for method, path, body in (("POST", "/api/tables", {"game": "ecarte"}),
                               ("POST", "/api/account/password", {"old": secret, "new": password()}),
                               ("DELETE", "/api/account", {"password": secret}),
                               ("DELETE", "/api/session", None)):
        for header in ({}, {"X-CSRF-Token": "forged"}):
            refused = browser.request(method, path, json=body, headers=header)
            assert refused.status_code == 403, (method, path)
            assert "CSRF" in refused.json()["detail"]
    assert len(browser.get("/api/tables").json()) == before
    assert browser.get("/api/account").json()["name"] == name
    again = client(room).post("/api/session", json={"name": name, "password": secret})
    assert again.status_code == 200
    created = browser.post("/api/tables", json={"game": "ecarte"}, headers={"X-CSRF-Token": csrf})
    assert created.status_code == 200


def test_a_login_gives_a_new_session_id_and_the_old_one_dies(room: Server) -> None:
    """Session fixation: a cookie planted before the login is not the session after it."""
    secret = password()
    browser, name, _ = sign_up(room, secret=secret)
    planted = browser.cookies["academie_session"]
    victim = client(room, address="10.0.4.1")
    victim.cookies.set("academie_session", planted, domain="127.0.0.1")
    answer = victim.post("/api/session", json={"name": name, "password": secret},
                         headers={"X-CSRF-Token": browser.get("/api/account").json()["csrf"]})
    assert answer.status_code == 200
    fresh = victim.cookies["academie_session"]
    assert fresh != planted
    assert browser.get("/api/account").status_code == 401  # the planted session ended at the login
    assert victim.get("/api/account").json()["name"] == name


def test_log_out_ends_the_session(room: Server) -> None:
    browser, _, csrf = sign_up(room)
    kept = browser.cookies["academie_session"]
    assert browser.delete("/api/session", headers={"X-CSRF-Token": csrf}).status_code == 200
    assert browser.get("/api/account").status_code == 401
    replayed = client(room)
    replayed.cookies.set("academie_session", kept, domain="127.0.0.1")
    assert replayed.get("/api/account").status_code == 401


def test_changing_the_password_needs_the_old_one_and_ends_the_other_sessions(room: Server) -> None:
    old, new = password(), password()
    first, name, csrf = sign_up(room, secret=old)
    second = client(room, address="10.0.5.1")
    assert second.post("/api/session", json={"name": name, "password": old}).status_code == 200
    wrong = first.post("/api/account/password", json={"old": "nope-nope", "new": new}, headers={"X-CSRF-Token": csrf})
    assert wrong.status_code == 403
    assert second.get("/api/account").status_code == 200
    changed = first.post("/api/account/password", json={"old": old, "new": new}, headers={"X-CSRF-Token": csrf})
    assert changed.status_code == 200
    assert second.get("/api/account").status_code == 401
    assert first.get("/api/account").status_code == 200
    fresh = client(room, address="10.0.5.2")
    assert fresh.post("/api/session", json={"name": name, "password": old}).status_code == 401
    assert fresh.post("/api/session", json={"name": name, "password": new}).status_code == 200


def test_a_deleted_accounts_games_stay_under_a_former_player_and_its_name_is_freed(room: Server) -> None:
    secret = password()
    browser, name, csrf = sign_up(room, secret=secret)
    table = browser.post("/api/tables", json={"game": "ecarte", "bots": {"1": "random"}},
                         headers={"X-CSRF-Token": csrf}).json()
    assert browser.get(f"/api/tables/{table['table']}").json()["seats"][0]["name"] == name
    refused = browser.request("DELETE", "/api/account", json={"password": "wrong-wrong"},
                              headers={"X-CSRF-Token": csrf})
    assert refused.status_code == 403 and browser.get("/api/account").status_code == 200
    deleted = browser.request("DELETE", "/api/account", json={"password": secret}, headers={"X-CSRF-Token": csrf})
    assert deleted.status_code == 200
    assert browser.get("/api/account").status_code == 401
    assert db_rows(room, "SELECT count(*) FROM room_seats WHERE table_id = ? AND account_id IS NOT NULL",
                   table["table"]) == [(1,)]
    record = httpx.get(f"{room.base}/api/tables/{table['table']}/record?token={table['seats']['0']['token']}")
    assert '[Seat0 "a former player"]' in record.text and name not in record.text
    assert client(room).post("/api/accounts", json={"name": name, "password": password()}).status_code == 200


def test_a_guest_who_creates_an_account_claims_the_seats_of_the_links_he_kept(room: Server) -> None:
    guest = client(room)
    table = guest.post("/api/tables", json={"game": "ecarte", "bots": {"1": "random"}}).json()
    link, token = table["seats"]["0"]["url"], table["seats"]["0"]["token"]
    other = guest.post("/api/tables", json={"game": "ecarte", "bots": {"1": "random"}}).json()
    someone, _, someone_csrf = sign_up(room)
    assert someone.post("/api/account/claim", json={"links": [other["seats"]["0"]["token"]]},
                        headers={"X-CSRF-Token": someone_csrf}).json()["claimed"] == [{"table": other["table"],
                                                                                       "seat": 0}]
    browser, _, csrf = sign_up(room)
    answer = browser.post("/api/account/claim", json={"links": [room.base + link, other["seats"]["0"]["url"],
                                                                "not-a-token"]}, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 200
    assert answer.json()["claimed"] == [{"table": table["table"], "seat": 0}]  # another account holds the other
    [(account,)] = db_rows(room, "SELECT account_id FROM room_seats WHERE token = ?", token)
    assert account == browser.get("/api/account").json()["id"]


def test_a_rated_table_is_refused_to_a_guest_and_seats_account_holders_only(room: Server) -> None:
    guest = client(room)
    refused = guest.post("/api/tables", json={"game": "ecarte", "rated": True})
    assert refused.status_code == 400 and "logged-in" in refused.json()["detail"]
    creator, name, csrf = sign_up(room)
    table = creator.post("/api/tables", json={"game": "ecarte", "rated": True, "access": {"1": "open"},
                                              "names": {"0": "Another name"}},
                         headers={"X-CSRF-Token": csrf}).json()
    assert db_rows(room, "SELECT rated FROM room_tables WHERE id = ?", table["table"]) == [(1,)]
    join = guest.post(f"/api/tables/{table['table']}/join", json={"seat": 1, "name": "Guest"})
    assert join.status_code == 403 and "rated" in join.json()["detail"]
    assert httpx.get(f"{room.base}/api/tables/{table['table']}").json()["seats"][1]["state"] == "open"
    player, player_name, player_csrf = sign_up(room)
    joined = player.post(f"/api/tables/{table['table']}/join", json={"seat": 1, "name": "Other"},
                         headers={"X-CSRF-Token": player_csrf})
    assert joined.status_code == 200
    seats = httpx.get(f"{room.base}/api/tables/{table['table']}").json()["seats"]
    assert [seat["name"] for seat in seats] == [name, player_name]


def test_a_table_s_summary_and_the_lobby_s_list_say_whether_it_is_rated(room: Server) -> None:
    creator, _, csrf = sign_up(room)
    made = {rated: creator.post("/api/tables", json={"game": "ecarte", "rated": rated},
                                headers={"X-CSRF-Token": csrf}).json()["table"] for rated in (True, False)}
    listed = {table["table"]: table["rated"] for table in httpx.get(f"{room.base}/api/tables").json()}
    for rated, table in made.items():
        assert httpx.get(f"{room.base}/api/tables/{table}").json()["rated"] is rated
        assert listed[table] is rated


def test_an_invited_account_holder_accepts_and_the_seat_becomes_his_and_a_taken_seat_is_refused(
        room: Server) -> None:
    creator, _, csrf = sign_up(room)
    invited, invited_name, invited_csrf = sign_up(room)
    table = creator.post("/api/tables", json={"game": "ecarte"}, headers={"X-CSRF-Token": csrf}).json()
    owner = table["owner"]["token"]
    path = f"/api/tables/{table['table']}/invitations?owner={owner}"
    assert creator.post(path, json={"seat": 1, "name": "nobody at all"},
                        headers={"X-CSRF-Token": csrf}).status_code == 404
    assert creator.post(f"/api/tables/{table['table']}/invitations?owner=forged", json={
        "seat": 1, "name": invited_name}, headers={"X-CSRF-Token": csrf}).status_code == 403
    assert creator.post(path, json={"seat": 0, "name": invited_name}, headers={"X-CSRF-Token": csrf}).status_code == 409
    sent = creator.post(path, json={"seat": 1, "name": invited_name.upper()}, headers={"X-CSRF-Token": csrf})
    assert sent.status_code == 200
    waiting = invited.get("/api/invitations").json()
    assert [(item["table"], item["seat"]) for item in waiting] == [(table["table"], 1)]
    accepted = invited.post(f"/api/invitations/{waiting[0]['invitation']}/accept",
                            headers={"X-CSRF-Token": invited_csrf})
    assert accepted.status_code == 200 and accepted.json()["token"] != table["seats"]["1"]["token"]
    seats = httpx.get(f"{room.base}/api/tables/{table['table']}").json()["seats"]
    assert (seats[1]["state"], seats[1]["name"]) == ("taken", invited_name)
    assert invited.get("/api/invitations").json() == []
    again = creator.post(path, json={"seat": 1, "name": invited_name}, headers={"X-CSRF-Token": csrf})
    assert again.status_code == 409 and "taken" in again.json()["detail"]


def test_the_invitations_of_a_deleted_account_are_withdrawn(room: Server) -> None:
    secret = password()
    creator, _, csrf = sign_up(room, secret=secret)
    invited, invited_name, _ = sign_up(room)
    table = creator.post("/api/tables", json={"game": "ecarte"}, headers={"X-CSRF-Token": csrf}).json()
    creator.post(f"/api/tables/{table['table']}/invitations?owner={table['owner']['token']}",
                 json={"seat": 1, "name": invited_name}, headers={"X-CSRF-Token": csrf})
    assert len(invited.get("/api/invitations").json()) == 1
    assert creator.request("DELETE", "/api/account", json={"password": secret},
                           headers={"X-CSRF-Token": csrf}).status_code == 200
    assert invited.get("/api/invitations").json() == []


def test_a_declined_invitation_leaves_the_seat_as_it_was(room: Server) -> None:
    creator, _, csrf = sign_up(room)
    invited, invited_name, invited_csrf = sign_up(room)
    table = creator.post("/api/tables", json={"game": "ecarte"}, headers={"X-CSRF-Token": csrf}).json()
    creator.post(f"/api/tables/{table['table']}/invitations?owner={table['owner']['token']}",
                 json={"seat": 1, "name": invited_name}, headers={"X-CSRF-Token": csrf})
    [waiting] = invited.get("/api/invitations").json()
    assert invited.post(f"/api/invitations/{waiting['invitation']}/decline",
                        headers={"X-CSRF-Token": invited_csrf}).status_code == 200
    assert invited.post(f"/api/invitations/{waiting['invitation']}/accept",
                        headers={"X-CSRF-Token": invited_csrf}).status_code == 404
    assert httpx.get(f"{room.base}/api/tables/{table['table']}").json()["seats"][1]["state"] == "reserved"


def first_message(room: Server, link: str, cookie: str | None) -> dict[str, Any]:
    """The first message a WebSocket opened from a seat's link receives (sent with the session's cookie, if any)."""

    async def read() -> dict[str, Any]:
        headers = {"Cookie": f"academie_session={cookie}"} if cookie else {}
        path = link.replace("/tables/", "/ws/tables/", 1)
        async with connect(room.ws_base + path, additional_headers=headers) as socket:
            message: dict[str, Any] = json.loads(await socket.recv())
            return message

    return asyncio.run(read())


def test_a_logged_in_player_opening_his_seats_link_records_his_account_on_the_seat(room: Server) -> None:
    guest = client(room)
    table = guest.post("/api/tables", json={"game": "ecarte", "bots": {"1": "random"},
                                            "names": {"0": "A guest's name"}}).json()
    browser, name, _ = sign_up(room)
    assert first_message(room, table["seats"]["0"]["url"], browser.cookies["academie_session"])["type"] == "welcome"
    [(account,)] = db_rows(room, "SELECT account_id FROM room_seats WHERE table_id = ? AND seat = 0", table["table"])
    assert account == browser.get("/api/account").json()["id"]
    assert httpx.get(f"{room.base}/api/tables/{table['table']}").json()["seats"][0]["name"] == name


def test_a_guest_opening_a_link_of_a_rated_table_that_no_account_holds_is_refused(room: Server) -> None:
    creator, _, csrf = sign_up(room)
    table = creator.post("/api/tables", json={"game": "ecarte", "rated": True},
                         headers={"X-CSRF-Token": csrf}).json()
    link = table["seats"]["1"]["url"]
    refused = first_message(room, link, None)
    assert (refused["type"], refused["code"]) == ("error", "account-needed")
    assert "rated" in refused["message"]
    seats = httpx.get(f"{room.base}/api/tables/{table['table']}").json()["seats"]
    assert seats[1]["state"] == "reserved"
    invited, _, _ = sign_up(room)
    assert first_message(room, link, invited.cookies["academie_session"])["type"] == "welcome"
    assert httpx.get(f"{room.base}/api/tables/{table['table']}").json()["seats"][1]["state"] == "taken"


def test_a_password_hashed_with_older_parameters_is_rehashed_at_the_next_login(room: Server) -> None:
    secret = password()
    _, name, _ = sign_up(room, secret=secret)
    old = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(secret)
    path = room.db.split(":///", 1)[1]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE room_accounts SET password = ? WHERE name = ?", (old, name))
    assert client(room, address="10.0.6.1").post("/api/session", json={"name": name, "password": secret}
                                                 ).status_code == 200
    [(stored,)] = db_rows(room, "SELECT password FROM room_accounts WHERE name = ?", name)
    assert stored != old and not PasswordHasher().check_needs_rehash(stored)
    assert client(room, address="10.0.6.2").post("/api/session", json={"name": name, "password": secret}
                                                 ).status_code == 200


def test_no_password_is_in_the_servers_log(room: Server) -> None:
    """Last of the module: every password it sent, refused or accepted."""
    sign_up(room)
    log = (room.folder / f"server-{room.port}.log").read_text(errors="replace")
    assert PASSWORDS and not [secret for secret in PASSWORDS if secret in log]


def test_sessions_and_failed_logins_are_shared_by_two_processes_on_postgresql(cluster: str, tmp_path: Path) -> None:
    first = Server(tmp_path, db=cluster).start()
    try:
        second = Server(tmp_path, db=cluster).start()
        try:
            secret = password()
            browser = client(first)
            csrf = browser.post("/api/accounts", json={"name": "Ada", "password": secret}).json()["csrf"]
            elsewhere = client(second)
            elsewhere.cookies.set("academie_session", browser.cookies["academie_session"], domain="127.0.0.1")
            assert elsewhere.get("/api/account").json()["name"] == "Ada"  # one session, both processes
            assert elsewhere.post("/api/tables", json={"game": "ecarte"}).status_code == 403
            table = elsewhere.post("/api/tables", json={"game": "ecarte", "rated": True},
                                   headers={"X-CSRF-Token": csrf})
            assert table.status_code == 200
            assert client(second).post("/api/accounts", json={"name": "ADA", "password": password()}
                                       ).status_code == 409
            for _ in range(NAME_FAILURES):  # all on the first process
                assert client(first).post("/api/session", json={"name": "ada", "password": "guess"}).status_code == 401
            assert client(second).post("/api/session", json={"name": "Ada", "password": secret}).status_code == 429
            assert client(first).post("/api/session", json={"name": "Ada", "password": secret}).status_code == 429
        finally:
            second.stop()
    finally:
        first.stop()
