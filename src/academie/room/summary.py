"""What the room tells everyone about a table (``GET /api/tables``, ``GET /api/tables/{id}``, the finished
games): its game and options, its status in words, and each seat's state; never a token, never a card.

A table in memory is summed up from its live state (who is connected); the lobby's list reads the others from
the database, without loading their games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypedDict

from academie.engine import rules_to_dict
from academie.games import GAMES
from academie.room.store import BOT, FINISHED, OPEN, PLAYING, SeatRow, TableRow
from academie.room.tables import LiveTable, SeatEntry, room_words, seat_entry, seat_name


class TableFields(TypedDict):
    """What never changes about a table (:func:`table_fields`)."""

    table: str
    game: str
    title: str
    players: int
    mode: str
    options: dict[str, object]
    created: str
    finished: str | None
    rated: bool
    """A rated table: only account holders sit there, and its end moves their ratings (docs/card-room.md)."""


class TableSummary(TableFields):
    """A table's public summary (:func:`summary`)."""

    status: str
    status_text: str
    joinable: bool
    seq: int
    seats: list[SeatEntry]
    result: str


class FinishedSummary(TableFields):
    """A finished table as the list of replays shows it (:func:`finished_summary`)."""

    status: str
    status_text: str
    result: str
    names: list[str]
    next_table: str | None


def table_fields(row: TableRow) -> TableFields:
    """What never changes about a table: its game, size, mode, the options it changed from their defaults,
    whether it is rated."""
    game = GAMES[row.game]
    defaults = rules_to_dict(game.rules())
    options = {name: value for name, value in row.options.items() if defaults.get(name) != value}
    return {"table": row.id, "game": row.game, "title": game.title, "players": row.players, "mode": row.mode,
            "options": options, "created": row.created, "finished": row.finished, "rated": row.rated}


def status_text(status: str, seats: Sequence[SeatRow], lang: str, seq: int = 0) -> str:
    """The status as a lobby visitor needs it: whether he can sit (an open seat: before the first move, or in a
    game already going), or the table waits for the players it invited, or it is played (by bots alone: only
    while someone watches), or over."""
    w = room_words(lang)
    if status == FINISHED:
        return w("game over")
    if any(seat.state == OPEN for seat in seats):
        return w("a seat is free, in a game already going") if seq else w("waiting for players")
    if status != PLAYING:
        return w("waiting for the invited players") if not seq else w("in play, waiting for an invited player")
    if all(seat.state == BOT for seat in seats):
        return w("bots only: they play while someone watches")
    return w("in play")


def summary(row: TableRow, *, status: str, seats: Sequence[SeatRow], connected: Callable[[int], bool], seq: int,
            result: str, lang: str) -> TableSummary:
    """A table's public summary (docs/card-room.md): ``joinable`` when a seat is open to anyone."""
    return TableSummary(
        **table_fields(row), status=status, status_text=status_text(status, seats, lang, seq),
        joinable=status != FINISHED and any(seat.state == OPEN for seat in seats), seq=seq,
        seats=[seat_entry(seat, connected=connected(seat.seat)) for seat in seats], result=result)


def live_summary(table: LiveTable, lang: str) -> TableSummary:
    """The summary of a table in memory, as it is now."""
    return summary(table.row, status=table.status(), seats=table.seats, connected=table.connected, seq=table.seq,
                   result=table.game.record.result_text(table.state), lang=lang)


def stored_summary(row: TableRow, seats: Sequence[SeatRow], seq: int, lang: str) -> TableSummary:
    """The summary of a table as stored (nobody is connected to it in this process)."""
    return summary(row, status=row.status, seats=seats, connected=lambda _seat: False, seq=seq, result=row.result,
                   lang=lang)


def finished_summary(row: TableRow, seats: Sequence[SeatRow], lang: str) -> FinishedSummary:
    """A finished table as stored (the list of replays): who played it, its result and dates."""
    w = room_words(lang)
    return FinishedSummary(**table_fields(row), status=row.status, status_text=w("game over"), result=row.result,
                           names=[seat_name(seat, w) for seat in seats], next_table=row.next_table)
