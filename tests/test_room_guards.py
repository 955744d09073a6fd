"""What the card room limits: the tables one address may create, the tables kept in memory (an idle one leaves and
comes back whole from the database), bots-only tables that play only while watched, the origins whose pages it
serves, and the database URLs it accepts."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from client_support import SERVED, new_table, room_client, seat_socket, until
from fastapi.testclient import TestClient
from room_support import running

from academie.record import write_text
from academie.room.app import create_app
from academie.room.limits import served_origins
from academie.room.store import DatabaseURLError, with_async_driver


def wait_for(condition: Any, what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


# ------------------------------------------------------------------------------------------------ creation
def test_an_address_that_creates_too_many_tables_is_told_when_to_try_again_in_its_language(tmp_path: Path) -> None:
    with room_client(tmp_path / "rate.db", create_rate=1.0, create_burst=2) as client:
        assert client.post("/api/tables", json={"game": "poker"}).status_code == 400  # refused: costs nothing
        first, second = new_table(client), new_table(client)
        refused = client.post("/api/tables?lang=fr", json={"game": "ecarte"})
        assert refused.status_code == 429
        wait = int(refused.headers["retry-after"])
        assert 50 <= wait <= 60  # one table a minute
        assert refused.json() == {"detail": "Trop de nouvelles tables depuis votre adresse : réessayez dans "
                                            f"{wait} secondes."}
        english = client.post("/api/tables", json={"game": "ecarte"}).json()["detail"]
        assert english.startswith("Too many new tables from your address: try again in ")
        assert {entry["table"] for entry in client.get("/api/tables").json()} == {first["table"], second["table"]}


# ------------------------------------------------------------------------------------------------ memory
def test_past_the_bound_an_idle_table_leaves_memory_and_comes_back_whole(tmp_path: Path) -> None:
    """At most one table in memory: a table half played (a player's action, the bot's answer with its reason, a
    chat line) leaves when another is loaded; the lobby lists it from the database without loading it; it comes
    back whole when asked for, and its player carries on."""
    with room_client(tmp_path / "live.db", max_live=1) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        table = new_table(client, bots={"0": "classical"}, names={"1": "Ada"})
        table_id, token = table["table"], table["seats"]["1"]["token"]
        with seat_socket(client, table, 1) as seat:
            until(seat, "picture")
            seat.send_json({"type": "act", "seq": 0, "action": "propose"})
            while until(seat, "picture")["seq"] < 2:  # the bot (the dealer) answers the proposal
                pass
            seat.send_json({"type": "chat", "text": "bien joué"})
            until(seat, "chat")
        wait_for(lambda: not client.get(f"/api/tables/{table_id}").json()["seats"][1]["connected"], "still there")
        before = client.get(f"/api/tables/{table_id}").json()
        record = client.get(f"/api/tables/{table_id}/record?token={token}").text
        whole = write_text(room.live[table_id].record())
        assert "{" in whole  # the bot's reason, a comment after its action (the seat's record withholds it)
        new_table(client)
        assert table_id not in room.live
        listed = next(entry for entry in client.get("/api/tables").json() if entry["table"] == table_id)
        assert listed == before and table_id not in room.live  # the lobby's list loads no table
        assert client.get(f"/api/tables/{table_id}").json() == before
        assert client.get(f"/api/tables/{table_id}/record?token={token}").text == record
        with seat_socket(client, table, 1) as seat:
            picture = until(seat, "picture")
            assert picture["seq"] == before["seq"] and picture["legal"]
            assert until(seat, "chat")["text"] == "bien joué"
        assert len(room.live) == 1 and write_text(room.live[table_id].record()) == whole


def test_a_bots_only_table_plays_while_watched_and_pauses_when_nobody_watches(tmp_path: Path) -> None:
    with room_client(tmp_path / "bots.db") as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        table = new_table(client, bots={"0": "random", "1": "random"})
        summary = client.get(f"/api/tables/{table['table']}").json()
        assert summary["status_text"] == "bots only: they play while someone watches"
        with client.websocket_connect(f"/ws/tables/{table['table']}") as spectator:
            while until(spectator, "picture")["seq"] < 3:
                pass
        live = room.live[table["table"]]
        wait_for(lambda: live.idle, "the bots went on playing with nobody watching")
        paused = client.get(f"/api/tables/{table['table']}").json()
        assert paused["status"] == "playing"
        time.sleep(0.3)
        assert client.get(f"/api/tables/{table['table']}").json()["seq"] == paused["seq"]
        with client.websocket_connect(f"/ws/tables/{table['table']}") as spectator:
            while until(spectator, "picture")["status"] != "finished":
                pass


# ------------------------------------------------------------------------------------------------ origins
@pytest.mark.parametrize(("host", "origins"), [
    ("127.0.0.1", ("http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000")),
    ("localhost", ("http://localhost:8000", "http://127.0.0.1:8000", "http://[::1]:8000")),
    ("::1", ("http://[::1]:8000", "http://127.0.0.1:8000", "http://localhost:8000")),
    ("0.0.0.0", ("http://0.0.0.0:8000", "http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000")),
    ("192.168.1.20", ("http://192.168.1.20:8000",)),
    ("cards.example", ("http://cards.example:8000",)),
])
def test_serve_serves_its_own_address_and_on_loopback_its_aliases(host: str, origins: tuple[str, ...]) -> None:
    assert served_origins(host, 8000) == origins


def test_a_real_server_accepts_the_pages_it_serves_and_refuses_a_rebound_name(tmp_path: Path) -> None:
    """``academie serve`` with an --allowed-origin: that origin's pages may create a table, a page on a name
    rebound to the server's address may not (its Host header names it, as the Origin does)."""
    import httpx

    with running(tmp_path, allowed_origins=("https://cards.example",)) as server:
        accepted = httpx.post(f"{server.base}/api/tables", json={"game": "ecarte"},
                              headers={"origin": "https://cards.example"})
        assert accepted.status_code == 200
        own = httpx.post(f"{server.base}/api/tables", json={"game": "ecarte"}, headers={"origin": server.base})
        rebound = httpx.post(f"{server.base}/api/tables", json={"game": "ecarte"},
                             headers={"origin": "http://rebound.example:8000", "host": "rebound.example:8000"})
        assert own.status_code == rebound.status_code == 403


# ------------------------------------------------------------------------------------------------ databases
@pytest.mark.parametrize(("written", "served"), [
    ("sqlite:///academie.db", "sqlite+aiosqlite:///academie.db"),
    ("sqlite+aiosqlite:////var/room.db", "sqlite+aiosqlite:////var/room.db"),
    ("postgresql://room:pw@db:5432/room", "postgresql+asyncpg://room:pw@db:5432/room"),
    ("postgres://room@/room?host=/run/postgresql", "postgresql+asyncpg://room@/room?host=/run/postgresql"),
    ("postgresql+asyncpg://room@db/room", "postgresql+asyncpg://room@db/room"),
])
def test_the_database_urls_people_write_get_the_rooms_asynchronous_driver(written: str, served: str) -> None:
    assert with_async_driver(written) == served


@pytest.mark.parametrize("written", ["mysql://room@db/room", "postgresql+psycopg2://room@db/room", "room.db", ""])
def test_any_other_database_url_is_refused_saying_which_are_allowed(written: str) -> None:
    with pytest.raises(DatabaseURLError, match=r"allowed: sqlite:///FILE or postgresql://"):
        with_async_driver(written)


def test_the_room_runs_on_a_sqlite_url_written_without_its_driver(tmp_path: Path) -> None:
    with TestClient(create_app(database_url=f"sqlite:///{tmp_path / 'plain.db'}", origins=(SERVED,))) as client:
        table = new_table(client)
        assert client.get(f"/api/tables/{table['table']}").json()["status"] == "waiting"
    with running(tmp_path, db=f"sqlite:///{tmp_path / 'served.db'}") as server:  # academie serve --db sqlite:///
        created = server.post("/api/tables", {"game": "ecarte"})
        assert server.get(f"/api/tables/{created['table']}").json()["status"] == "waiting"
    assert (tmp_path / "served.db").exists()
