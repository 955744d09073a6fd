"""The HTTP routes of events (docs/events.md): create, list and read an event, register and unregister, fill it
with bots, start it, leave it, and its results; the pages ``/events`` and ``/events/{id}``.

A guest is known by the token his registration answered (``?token=``), an account holder by his session (every
change made with a session cookie carries its CSRF token, as everywhere in the room). Nothing here shows a board's
cards, nor a board's results, before the round that plays it is over (:mod:`academie.room.boards`).
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from academie.duplicate import places
from academie.room.accounts import current_account, require_account
from academie.room.boards import BoardResult, board_key, board_results
from academie.room.bodies import EventBotsRequest, EventRequest, RegisterRequest, body_schema, read_body
from academie.room.events import (
    OVER,
    PLAYING,
    Director,
    EventRow,
    EventSpec,
    Player,
    add_bots,
    all_events,
    bot_points,
    create_event,
    entrant_names,
    event,
    leave,
    matching,
    players_of,
    register,
    scores,
    start,
    unregister,
)
from academie.room.hub import Room, seat_url
from academie.room.pages import page_shell

router = APIRouter()
"""The routes of events; the application (academie.room.app) includes it."""


def _room(request: Request) -> Room:
    found: Room = request.app.state.room
    return found


def _wake(request: Request) -> None:
    """The director looks at the events at once (a start, a player who left)."""
    director: Director = request.app.state.director
    director.wake()


def _summary(found: EventRow, count: int) -> dict[str, object]:
    return {"id": found.id, "title": found.title, "game": found.game, "title_of_game": found.kind.title,
            "players_per_table": found.players, "boards": found.boards, "boards_per_round": found.boards_per_round,
            "rounds": found.rounds, "round_seconds": found.round_seconds, "starts": found.starts,
            "capacity": found.capacity, "rated": found.rated, "status": found.status, "round": found.round,
            "registered": count, "url": f"/events/{found.id}"}


@router.post("/api/events", openapi_extra=body_schema(EventRequest))
async def create(request: Request, lang: str = "en") -> dict[str, object]:
    """A logged-in organiser creates an event (registering)."""
    session = await require_account(request)
    body = await read_body(request, EventRequest, lang)
    spec = EventSpec(title=body.title, game=body.game, boards=body.boards, boards_per_round=body.boards_per_round,
                     players=body.players, options=body.options, round_seconds=body.round_seconds,
                     starts=body.starts, capacity=body.capacity, rated=body.rated, seed=body.seed)
    return _summary(await create_event(_room(request).store, spec, session.account, lang), 0)


@router.get("/api/events")
async def listing(request: Request) -> list[dict[str, object]]:
    """The newest events, each with its number of players."""
    store = _room(request).store
    return [_summary(found, len(await players_of(store, found.id))) for found in await all_events(store)]


async def _you(room: Room, found: EventRow, player: Player | None,
               now_played: list[BoardResult]) -> dict[str, object] | None:
    """The requester's place in the event: his entrant, and the table he plays now (his seat's link), among the
    round's tables ``now_played``."""
    if player is None:
        return None
    you: dict[str, object] = {"player": player.id, "name": player.name, "entrant": player.entrant,
                              "left": player.left is not None, "table": None, "url": None}
    if found.status != PLAYING:
        return you
    for result in reversed(now_played):
        if player.id in result.people:
            seat = result.people.index(player.id)
            row = (await room.store.seats(result.table_id))[seat]
            you["table"] = result.table_id
            you["seat"] = seat
            you["board"] = result.board
            you["url"] = seat_url(result.table_id, row.token) if row.token is not None else None
            you["finished"] = result.points is not None
            break
    return you


@router.get("/api/events/{event_id}")
async def read(event_id: str, request: Request, token: str | None = None, lang: str = "en") -> dict[str, object]:
    """An event: its settings and status, its players, the round's clock, and the requester's table (his seat's
    link); no board's cards nor results (those are :func:`results`', once their round is over)."""
    room = _room(request)
    found = await event(room.store, event_id, lang)
    registered = await players_of(room.store, event_id)
    account = await current_account(request)
    player = matching(registered, account=account, token=token)
    left = None
    if found.status == PLAYING and found.round_started is not None:
        left = round(max(0.0, found.round_started + found.round_seconds - time.time()), 1)
    now_played = await board_results(room.store, event_id=event_id, round_number=found.round)
    tables = [{"table": result.table_id, "board": result.board, "table_number": result.table_number,
               "over": result.points is not None} for result in now_played]
    return _summary(found, len(registered)) | {
        "organiser": account is not None and account.id == found.organiser,
        "players": [{"name": p.name, "bot": p.bot, "entrant": p.entrant, "left": p.left is not None}
                    for p in registered],
        "round_left": left, "tables": tables if found.status == PLAYING else [],
        "you": await _you(room, found, player, now_played)}


@router.post("/api/events/{event_id}/register", openapi_extra=body_schema(RegisterRequest))
async def join(event_id: str, request: Request, lang: str = "en") -> dict[str, object]:
    """Register: as the session's account, or as a guest by name (the answer's token is his only key)."""
    body = await read_body(request, RegisterRequest, lang)
    return await register(_room(request).store, event_id, account=await current_account(request), name=body.name,
                          lang=lang)


@router.post("/api/events/{event_id}/unregister")
async def withdraw(event_id: str, request: Request, token: str | None = None, lang: str = "en") -> dict[str, object]:
    return await unregister(_room(request).store, event_id, account=await current_account(request), token=token,
                            lang=lang)


@router.post("/api/events/{event_id}/bots", openapi_extra=body_schema(EventBotsRequest))
async def bots(event_id: str, request: Request, lang: str = "en") -> dict[str, object]:
    """The organiser fills the event with bots."""
    body = await read_body(request, EventBotsRequest, lang)
    return await add_bots(_room(request).store, event_id, organiser=await current_account(request), bot=body.bot,
                          count=body.count, lang=lang)


@router.post("/api/events/{event_id}/start")
async def begin(event_id: str, request: Request, lang: str = "en") -> dict[str, object]:
    """The organiser starts the event now."""
    started = await start(_room(request), event_id, organiser=await current_account(request), lang=lang)
    _wake(request)
    return started


@router.post("/api/events/{event_id}/leave")
async def quit_event(event_id: str, request: Request, token: str | None = None, lang: str = "en") -> dict[str, object]:
    """A player leaves the event: a bot plays for him from now on, his results marked."""
    left = await leave(_room(request), event_id, account=await current_account(request), token=token, lang=lang)
    _wake(request)
    return left


def _line(line: Any, names: dict[int, str], tables: dict[tuple[int, int], Any],
          seating: tuple[tuple[int, ...], ...]) -> dict[str, object]:
    """A line of a travelling sheet; ``marked``: a bot played some of the place's seats for a person."""
    entrant = int(line.result.entrant)
    board_table = tables.get((line.result.board, entrant))
    table_id = None if board_table is None else board_table.table_id
    marked = board_table is not None and bool(set(board_table.marked) & set(seating[line.result.place]))
    return {"place": line.result.place, "entrant": entrant, "names": names.get(entrant, "?"),
            "points": line.result.points, "matchpoints": line.matchpoints, "top": line.top,
            "percentage": round(float(line.percentage), 2),
            "imps": None if line.imps is None else round(float(line.imps), 2),
            "table": table_id, "replay": None if table_id is None else f"/replay/{table_id}",
            "review": None if table_id is None else f"/api/tables/{table_id}/review",
            "marked": marked}


@router.get("/api/events/{event_id}/results")
async def results(event_id: str, request: Request, lang: str = "en") -> dict[str, object]:
    """The ranking and each board's travelling score sheet, over the rounds that are over (a board still played
    somewhere is not shown), with each result's table (replay, review), and what the strongest bot scored on
    the same cards once the event is over."""
    room = _room(request)
    found = await event(room.store, event_id, lang)
    registered = await players_of(room.store, event_id)
    names = entrant_names(registered)
    scored, released = await scores(room.store, found)
    by_id = {player.id: player for player in registered}
    tables: dict[tuple[int, int], Any] = {}
    for result in released:
        for player_id in result.people:
            player = by_id.get(player_id) if player_id is not None else None
            if player is not None and player.entrant is not None:
                tables[result.board, player.entrant] = result
    best = await bot_points(room.store, found) if found.status == OVER else {}
    seating = places(found.kind, found.players)
    ranking = [] if scored is None else [
        {"rank": s.rank, "entrant": int(s.entrant), "names": names.get(int(s.entrant), "?"), "boards": s.boards,
         "matchpoints": s.matchpoints, "top": s.top, "percentage": round(float(s.percentage), 2),
         "imps": None if s.imps is None else round(float(s.imps), 2)} for s in scored.standings]
    sheets = [] if scored is None else [
        {"board": sheet.board, "results": [_line(line, names, tables, seating) for line in sheet.lines],
         "bot": {"level": found.kind.strongest(), "points": list(best[board_key(found.id, sheet.board)])}
         if board_key(found.id, sheet.board) in best else None}
        for sheet in scored.sheets]
    return {"event": found.id, "title": found.title, "game": found.game, "status": found.status,
            "scale": "matchpoints", "rounds_over": found.rounds if found.status == OVER else found.round - 1,
            "ranking": ranking, "boards": sheets}


@router.get("/events", response_class=HTMLResponse, include_in_schema=False)
def events_page() -> HTMLResponse:
    """The events: those to come, being played and over; a new event, for a logged-in organiser."""
    return page_shell("events")


@router.get("/events/{event_id}", response_class=HTMLResponse, include_in_schema=False)
def event_page(event_id: str) -> HTMLResponse:
    """An event: register, its players, your table, the live ranking, its results."""
    return page_shell("event")

