"""What the tests of the card room through the framework's test client share: a room on a database of the test's
own, serving the test client's origin, and the moves of a table's seats over its WebSocket."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from academie.room.app import create_app

SERVED = "http://testserver"
"""The origin of the test client's own pages (its base URL), which the room is configured to serve."""


@contextmanager
def room_client(database: Path, **options: Any) -> Iterator[TestClient]:
    """A started room on ``database`` (SQLite) through the test client; ``options`` of ``create_app`` (by
    default one bot worker, no limit a test would meet on the messages or the tables it creates, and reviews of
    finished games at a small precision)."""
    settings: dict[str, Any] = {"workers": 1, "message_rate": 1000, "origins": (SERVED,), "create_rate": 1e6,
                                "create_burst": 1e6, "review_samples": 4} | options
    with TestClient(create_app(database_url=f"sqlite+aiosqlite:///{database}", **settings)) as started:
        yield started


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "ecarte", "seed": 5} | body)
    assert response.status_code == 200, response.text
    created: dict[str, Any] = response.json()
    return created


def until(socket: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of this type (the others skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message


def seat_socket(client: TestClient, table: dict[str, Any], seat: int, lang: str = "en") -> Any:
    token = table["seats"][str(seat)]["token"]
    return client.websocket_connect(f"/ws/tables/{table['table']}?token={token}&lang={lang}")


def play_to_end(client: TestClient, table: dict[str, Any]) -> int:
    """Both seats of an Écarté table play their first legal move until the game is over; the last seq."""
    with seat_socket(client, table, 0) as first, seat_socket(client, table, 1) as second:
        sockets = (first, second)
        pictures = [until(first, "picture"), until(second, "picture")]
        while pictures[0]["status"] != "finished":
            assert pictures[0]["seq"] == pictures[1]["seq"]
            actor = next(seat for seat in (0, 1) if pictures[seat]["legal"])
            sockets[actor].send_json({"type": "act", "seq": pictures[actor]["seq"],
                                      "action": pictures[actor]["legal"][0]})
            pictures = [until(first, "picture"), until(second, "picture")]
        return int(pictures[0]["seq"])


