"""The card room for real: a real ``academie serve`` process on loopback, each registered game played whole over
real WebSockets by random players (bots in some seats, in both modes and both languages), watched by a
spectator; every picture and reason each seat and the spectator received is checked for hidden cards against
the full state at that moment, and the record the room keeps replays through the engine to the same result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from room_support import Server, check_hidden, check_reasons, create_and_play, whole_record
from suite_support import SUITES

from academie import record
from academie.games import GAMES

SHORT = {name: suite.short_rules for name, suite in SUITES.items()}
"""Rules options that keep a whole game short, as each game's package declares them."""

TABLES: list[tuple[str, int, dict[str, str], str, str]] = [
    (name, table.players, dict(table.bots), table.mode, table.lang) for name, suite in SUITES.items()
    for table in suite.room]
"""game, players, bots, mode, lang: the tables each game's package declares for the card room."""


def test_every_registered_game_is_in_the_room(server: Server) -> None:
    games = server.get("/api/games").json()
    assert [game["game"] for game in games] == list(GAMES)
    assert all(game["modes"] == ["enforced", "table"] for game in games)


@pytest.mark.parametrize(("game", "players", "bots", "mode", "lang"), TABLES,
                         ids=[f"{t[0]}-{t[1]}-{t[3]}-{t[4]}" for t in TABLES])
def test_a_whole_game_over_websockets_never_shows_a_hidden_card(
        server: Server, game: str, players: int, bots: dict[str, str], mode: str, lang: str) -> None:
    """Every game, whole, through the real server; hidden information (each game's view rules) never leaks."""
    body: dict[str, Any] = {"game": game, "players": players, "bots": bots, "mode": mode, "options": SHORT[game],
                            "seed": 11 + players}
    table, received = create_and_play(server, body, seed=players, lang=lang,
                                      irregular_rate=0.05 if mode == "table" else 0.0)
    summary = server.get(f"/api/tables/{table}").json()
    assert summary["status"] == "finished"
    full = whole_record(server, table)
    final = record.replay(full)  # the stored log replays through the engine, every action checked
    assert final.is_terminal and full.tag("Result") == summary["result"] != "*"
    assert check_hidden(full, received, lang) > summary["seq"]
    check_reasons(full, received, lang)  # a bot's reason reaches the other seats only in its public part
    last = {viewer: [m for m in messages if m["type"] == "picture"][-1] for viewer, messages in received.items()}
    assert all(message["seq"] == summary["seq"] and not message["legal"] for message in last.values())
    if mode == "table":
        assert any(move.startswith("!") for messages in received.values() for m in messages
                   if m["type"] == "picture" for move in m["legal"])
    finished = server.get("/api/finished").json()
    assert table in [entry["table"] for entry in finished]


def test_many_random_games_never_show_a_hidden_card(server: Server, tmp_path: Path) -> None:
    """Many random tables of every game and size: every message of every seat and spectator is checked."""
    checked = 0
    for index, game in enumerate(GAMES.values()):
        for players in (game.min_seats, game.min_seats + 1) if game.max_seats > game.min_seats else (game.min_seats,):
            body = {"game": game.name, "players": players, "options": SHORT[game.name], "seed": 100 + index,
                    "mode": "table" if players % 2 else "enforced"}
            table, received = create_and_play(server, body, seed=index + players, lang="fr" if index % 2 else "en",
                                              irregular_rate=0.08)
            full = whole_record(server, table)
            checked += check_hidden(full, received, "fr" if index % 2 else "en")
            check_reasons(full, received, "fr" if index % 2 else "en")
    assert checked > 1000
