"""What the HTTP routes read, and how they refuse it: a request the room cannot take is answered 400
``{"detail": "<one sentence>"}`` saying what was wrong and what is allowed, in the request's language, and
changes nothing.

The bodies are read with orjson, which refuses what a JSON reader may not represent faithfully (a lone
surrogate, a number beyond a double), and checked strictly (no ``"2"`` for 2, no ``true`` for 1, no field we
do not know); the sentence names the field, never repeats its value.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypeVar

import orjson
from fastapi import Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

from academie.games import GAMES
from academie.room.hub import MAX_DECISION, MAX_RESERVE, MAX_SEED, MAX_TAKEOVER_AFTER, MIN_DECISION, RoomError
from academie.room.limits import MAX_NAME, echo
from academie.room.tables import room_words
from academie.words import LANGUAGES

Say = Callable[..., str]
Body = TypeVar("Body", bound=BaseModel)


class ClockRequest(BaseModel):
    """Time controls: seconds per decision, and a reserve each player spends past them."""

    model_config = ConfigDict(strict=True, extra="forbid")
    decision: float
    reserve: float = 0.0


class TableRequest(BaseModel):
    """``POST /api/tables``: only ``game`` is required."""

    model_config = ConfigDict(strict=True, extra="forbid")
    game: str
    options: dict[str, object] = Field(default_factory=dict)
    players: int | None = None
    bots: dict[str, str] = Field(default_factory=dict)
    mode: str | None = None
    names: dict[str, str] = Field(default_factory=dict)
    seed: int | None = None
    takeover: str | None = None
    takeover_after: float = 30.0
    access: dict[str, str] = Field(default_factory=dict)
    clock: ClockRequest | None = None
    rated: bool = False


class JoinRequest(BaseModel):
    """``POST /api/tables/{id}/join``."""

    model_config = ConfigDict(strict=True, extra="forbid")
    seat: int
    name: str


class NameRequest(BaseModel):
    """``POST /api/tables/{id}/name``: the name a seated player gives himself."""

    model_config = ConfigDict(strict=True, extra="forbid")
    name: str


class NextRequest(BaseModel):
    """``POST /api/tables/{id}/next``: the game the players go on to (the same one when none is given)."""

    model_config = ConfigDict(strict=True, extra="forbid")
    game: str | None = None


class BotRequest(BaseModel):
    """``POST /api/tables/{id}/seats/{seat}/bot``: the bot that takes the seat."""

    model_config = ConfigDict(strict=True, extra="forbid")
    bot: str


class QueueRequest(BaseModel):
    """``POST /api/queue``: "play now" for a game and a table size (its least when none is given), under a name
    (a guest's; an account holder plays under his account's)."""

    model_config = ConfigDict(strict=True, extra="forbid")
    game: str
    players: int | None = None
    name: str | None = None


class AccountRequest(BaseModel):
    """``POST /api/accounts`` and ``POST /api/session``: an account's name and password."""

    model_config = ConfigDict(strict=True, extra="forbid")
    name: str
    password: str


class PasswordRequest(BaseModel):
    """``POST /api/account/password``: the current password and the new one."""

    model_config = ConfigDict(strict=True, extra="forbid")
    old: str
    new: str


class DeleteRequest(BaseModel):
    """``DELETE /api/account``: the account's password, asked again."""

    model_config = ConfigDict(strict=True, extra="forbid")
    password: str


class ClaimRequest(BaseModel):
    """``POST /api/account/claim``: the links (or bare tokens) of the seats a guest played."""

    model_config = ConfigDict(strict=True, extra="forbid")
    links: list[str] = Field(max_length=200)


class InviteRequest(BaseModel):
    """``POST /api/tables/{id}/invitations``: the seat, and the account invited to it."""

    model_config = ConfigDict(strict=True, extra="forbid")
    seat: int
    name: str


class EventRequest(BaseModel):
    """``POST /api/events``: an event's game, title and boards (docs/events.md)."""

    model_config = ConfigDict(strict=True, extra="forbid")
    title: str
    game: str
    boards: int
    boards_per_round: int = 1
    players: int | None = None
    options: dict[str, object] = Field(default_factory=dict)
    round_seconds: float = 900.0
    starts: str | None = None
    capacity: int | None = None
    rated: bool = False
    seed: int | None = None


class RegisterRequest(BaseModel):
    """``POST /api/events/{id}/register``: a guest's name (an account holder registers under his account's)."""

    model_config = ConfigDict(strict=True, extra="forbid")
    name: str | None = None


class EventBotsRequest(BaseModel):
    """``POST /api/events/{id}/bots``: the level of the bots, and how many (None: enough for whole tables)."""

    model_config = ConfigDict(strict=True, extra="forbid")
    bot: str
    count: int | None = None


_FIRST: Final = next(iter(GAMES.values()))
EXAMPLES: Final[Mapping[type[BaseModel], str]] = {
    TableRequest: json.dumps({"game": _FIRST.name, "players": _FIRST.max_seats}),
    JoinRequest: '{"seat": 0, "name": "Alice"}', BotRequest: '{"bot": "classical"}',
    NameRequest: '{"name": "Alice"}', NextRequest: json.dumps({"game": _FIRST.name}),
    QueueRequest: json.dumps({"game": _FIRST.name, "players": _FIRST.min_seats, "name": "Alice"}),
    AccountRequest: '{"name": "Alice", "password": "..."}', PasswordRequest: '{"old": "...", "new": "..."}',
    DeleteRequest: '{"password": "..."}', ClaimRequest: '{"links": ["/tables/ID?token=TOKEN"]}',
    InviteRequest: '{"seat": 1, "name": "Alice"}',
    EventRequest: json.dumps({"title": "Tuesday", "game": _FIRST.name, "boards": 4, "boards_per_round": 2}),
    RegisterRequest: '{"name": "Alice"}', EventBotsRequest: '{"bot": "classical"}'}
"""A body of each kind, shown in a refusal (a game of the registry: the room names none)."""


def body_schema(model: type[BaseModel]) -> dict[str, object]:
    """The OpenAPI description of a route whose body is read by :func:`read_body`."""
    return {"requestBody": {"required": True,
                            "content": {"application/json": {"schema": model.model_json_schema()}}}}


async def read_body(request: Request, model: type[Body], lang: str) -> Body:
    """The request's body as ``model``; :class:`RoomError` (400, in ``lang``) when it is not one."""
    w = room_words(lang)
    example = EXAMPLES[model]
    try:
        data = orjson.loads(await request.body())
    except orjson.JSONDecodeError as error:
        raise RoomError(400, w("The body is not JSON the room can read (at character {at}); allowed: a JSON object "
                               "of Unicode text and finite numbers, such as {example}.", at=error.pos,
                               example=example)) from None
    if not isinstance(data, dict):
        raise RoomError(400, w("The body is not a JSON object; allowed: a JSON object such as {example}.",
                               example=example))
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RoomError(400, refusal(error.errors(), list(model.model_fields), w)) from None


def refusal(errors: Sequence[ErrorDetails], fields: list[str], w: Say) -> str:
    """The sentence for the first of pydantic's ``errors`` (a body's fields, or a query's parameters)."""
    first = errors[0]
    location = [part for part in first["loc"] if part not in ("body", "query", "path")]
    field = str(location[0]) if location else "?"
    if first["type"] == "extra_forbidden":
        return w("There is no field {field}; the fields: {fields}.", field=echo(field), fields=", ".join(fields))
    if first["type"] == "missing":
        return w("{field} is missing; allowed: {allowed}.", field=field, allowed=allowed(field, w))
    return w("{field} is not valid; allowed: {allowed}.", field=field, allowed=allowed(field, w))


def allowed(field: str, w: Say) -> str:
    """What a field (or query parameter) may hold, in words."""
    words = {
        "game": lambda: w("the name of a game: {games}", games=", ".join(GAMES)),
        "options": lambda: w("an object of rules options and their values, such as {example}",
                             example='{"variant": "short"}'),
        "players": lambda: w("a whole number of players"),
        "bots": lambda: w("an object from seat numbers to bots' names, such as {example}", example='{"1": "random"}'),
        "mode": lambda: w("enforced or table"),
        "names": lambda: w("an object from seat numbers to names, such as {example}", example='{"0": "Alice"}'),
        "seed": lambda: w("a whole number from 0 to {most}", most=MAX_SEED - 1),
        "takeover": lambda: w("the name of a bot"),
        "bot": lambda: w("the name of a bot"),
        "access": lambda: w("an object from seat numbers to invited or open, such as {example}",
                            example='{"2": "open"}'),
        "takeover_after": lambda: w("a number of seconds from 0 to {most}", most=int(MAX_TAKEOVER_AFTER)),
        "seat": lambda: w("a seat's number, a whole number from 0"),
        "name": lambda: w("a name of 1 to {most} characters", most=MAX_NAME),
        "lang": lambda: ", ".join(LANGUAGES),
        "token": lambda: w("the token of a seat at this table"),
        "owner": lambda: w("the creator's token"),
        "clock": lambda: w("an object of seconds per decision ({least} to {most}) and of reserve (0 to {reserve}), "
                           "such as {example}", least=int(MIN_DECISION), most=int(MAX_DECISION),
                           reserve=int(MAX_RESERVE), example='{"decision": 30, "reserve": 300}'),
        "decision": lambda: w("a number of seconds from {least} to {most}", least=int(MIN_DECISION),
                              most=int(MAX_DECISION)),
        "reserve": lambda: w("a number of seconds from 0 to {most}", most=int(MAX_RESERVE)),
        "rated": lambda: w("true or false"),
        "password": lambda: w("the account's password, as text"),
        "old": lambda: w("the account's current password, as text"),
        "new": lambda: w("the new password, as text"),
        "links": lambda: w("a list of seats' links or tokens"),
    }
    say = words.get(field)
    return say() if say is not None else w("what docs/card-room.md describes")


def request_lang(request: Request) -> str:
    """The language a request asks for (English when it asks for none, or for one we do not speak)."""
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


def invalid_parameters(request: Request, error: RequestValidationError) -> RoomError:
    """A query or path parameter refused by the framework, as the room refuses it."""
    w = room_words(request_lang(request))
    return RoomError(400, refusal(error.errors(), [], w))
