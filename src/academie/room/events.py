"""Events (issue 36): duplicate for people in the card room.

An organiser (an account) creates an event: its game, options, boards, boards per round, table size, time per round,
a start time or "when full", rated or not. People register (an account, or a guest by name: see docs/events.md),
the organiser may fill the tables with bots, and at the start every registered player is given an entrant's number
(at Whist two players in the order they registered make a partnership). :func:`academie.duplicate.movement` then
says who sits where in each round; every table of a round plays the round's boards one after the other (a board
table each, :mod:`academie.room.boards`), all dealt the same cards.

The :class:`Director` keeps the events going, from what the database holds alone (an event survives a restart of
the room): it opens each sitting's next board once the previous is over, ends a round whose time has run out (a bot
finishes for the people still to play, and their results are marked), releases a round's boards once every table
has played them, and moves everyone to the next round. A player who leaves is replaced by a bot, his results from
then on marked.

What is scored and shown: the boards of the rounds over (:func:`scores`), by :func:`academie.duplicate.score`; a
board still being played somewhere is shown to nobody (fairness, :func:`academie.room.boards.sealed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Final

import sqlalchemy as sa

from academie import record
from academie.duplicate import (
    Board,
    DuplicateError,
    EventScore,
    Movement,
    Result,
    Scale,
    boards,
    movement,
    places,
    scheme,
    score,
    table_size,
)
from academie.engine import AcademieError, rules_from_dict
from academie.games import GAMES, GameType, load
from academie.room.accounts import Account
from academie.room.boards import (
    BoardResult,
    BoardSeat,
    BoardTableTaken,
    board_key,
    board_results,
    mark_seat,
    open_board_table,
    release,
)
from academie.room.hub import MAX_SEED, Room, RoomError
from academie.room.limits import echo
from academie.room.standings import Entrant, rate_event
from academie.room.store import Store, board_bots, event_players, events, now
from academie.room.tables import BOT_NAMES, room_words
from academie.room.workers import decision_seed
from academie.words import Words

log = logging.getLogger("academie.room")

REGISTERING, PLAYING, OVER = "registering", "playing", "finished"
"""An event's status: people register; its rounds are played; all its boards are over."""
MAX_EVENT_BOARDS: Final = 60
"""The most boards of an event (a long club evening plays 30)."""
MIN_ROUND: Final = 5.0
"""The shortest time a round may be given (seconds)."""
MAX_ROUND: Final = 4 * 3600.0
"""The longest time a round may be given (seconds)."""
MAX_PEOPLE: Final = 400
"""The most players an event takes (100 tables of four)."""
POLL: Final = 0.5
"""Seconds between two passes of the director over the events being played (a table's end wakes it at once)."""


# ------------------------------------------------------------------------------------------------ rows
@dataclass(frozen=True, slots=True, kw_only=True)
class EventSpec:
    """What ``POST /api/events`` asks for (docs/events.md)."""

    title: str
    game: str
    boards: int
    boards_per_round: int = 1
    players: int | None = None
    """The table size, where the game has a choice."""
    options: dict[str, object] = field(default_factory=dict)
    round_seconds: float = 900.0
    starts: str | None = None
    """When it starts (ISO 8601, UTC); None: when full (``capacity``), or when its organiser starts it."""
    capacity: int | None = None
    """The players it takes; it starts once they are all registered (None: no limit)."""
    rated: bool = False
    seed: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EventRow:
    """An event as stored."""

    id: str
    title: str
    game: str
    options: dict[str, object]
    players: int
    seed: int
    boards: int
    boards_per_round: int
    round_seconds: float
    organiser: int
    starts: str | None
    capacity: int | None
    rated: bool
    status: str
    round: int
    round_started: float | None
    created: str
    finished: str | None

    @property
    def rounds(self) -> int:
        return self.boards // self.boards_per_round

    @property
    def kind(self) -> GameType:
        return load(self.game)

    @property
    def members(self) -> int:
        """The players of one entrant: the seats of a place (two at Whist, a partnership)."""
        return len(places(self.kind, self.players)[0])

    def board(self, number: int) -> Board:
        return boards(self.kind, count=self.boards, seed=self.seed, seats=self.players)[number - 1]


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    """A registered player: a person (an account, or a guest known by his token's hash) or a bot."""

    id: int
    account_id: int | None
    name: str
    bot: str | None
    entrant: int | None
    member: int | None
    left: str | None
    token: str | None = field(default=None, repr=False)


def _event(row: Any) -> EventRow:
    return EventRow(id=row.id, title=row.title, game=row.game, options=json.loads(row.options), players=row.players,
                    seed=int(row.seed), boards=row.boards,
                    boards_per_round=row.boards_per_round, round_seconds=float(row.round_seconds),
                    organiser=row.organiser, starts=row.starts, capacity=row.capacity, rated=bool(row.rated),
                    status=row.status, round=row.round, round_started=row.round_started, created=row.created,
                    finished=row.finished)


def _player(row: Any) -> Player:
    return Player(id=row.id, account_id=row.account_id, name=row.name, bot=row.bot, entrant=row.entrant,
                  member=row.member, left=row.left, token=row.token)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


async def event(store: Store, event_id: str, lang: str) -> EventRow:
    """The event, or a 404 :class:`RoomError`."""
    async with store.engine.connect() as connection:
        row = (await connection.execute(events.select().where(events.c.id == event_id))).first()
    if row is None:
        w = room_words(lang)
        raise RoomError(404, w("There is no event {event}.", event=echo(event_id)))
    return _event(row)


async def all_events(store: Store) -> list[EventRow]:
    async with store.engine.connect() as connection:
        rows = await connection.execute(events.select().order_by(events.c.created.desc()).limit(200))
        return [_event(row) for row in rows]


async def players_of(store: Store, event_id: str) -> list[Player]:
    """The event's players in the order they registered."""
    query = event_players.select().where(event_players.c.event_id == event_id).order_by(event_players.c.id)
    async with store.engine.connect() as connection:
        return [_player(row) for row in await connection.execute(query)]


# ------------------------------------------------------------------------------------------------ creating
def _check(spec: EventSpec, w: Words) -> tuple[GameType, int, dict[str, object], str | None]:
    """The spec's game, table size, options and start, or a 400 :class:`RoomError` saying what is allowed."""
    game = GAMES.get(spec.game) if isinstance(spec.game, str) else None
    having = [name for name, kind in GAMES.items() if kind.boards is not None]
    if game is None or game.boards is None:
        raise RoomError(400, w("Unknown game {game} for an event; allowed: {games}.", game=echo(spec.game),
                               games=", ".join(having)))
    try:
        size = table_size(game, spec.players)
        scheme(game)
    except DuplicateError:
        raise RoomError(400, w("{game} is played by {low} to {high} players, not {count}.", game=game.title,
                               low=game.min_seats, high=game.max_seats, count=echo(spec.players))) from None
    if not 1 <= spec.boards <= MAX_EVENT_BOARDS or not 1 <= spec.boards_per_round <= spec.boards \
            or spec.boards % spec.boards_per_round:
        raise RoomError(400, w("An event plays 1 to {most} boards, a whole number of rounds of boards_per_round "
                               "boards each.", most=MAX_EVENT_BOARDS))
    if not MIN_ROUND <= spec.round_seconds <= MAX_ROUND:
        raise RoomError(400, w("A round lasts {least} to {most} seconds.", least=int(MIN_ROUND), most=int(MAX_ROUND)))
    if "mode" in spec.options or "players" in spec.options or "version" in spec.options:
        raise RoomError(400, w("Give the number of players and the mode as fields of their own, not as options: "
                               "{options}.", options="mode, players, version"))
    options = dict(spec.options) | {"mode": "enforced"}
    try:
        rules_from_dict(game.rules, options)
    except (AcademieError, ValueError, TypeError):
        raise RoomError(400, w("Rules options refused: {error}", error=", ".join(sorted(spec.options)))) from None
    people = len(places(game, size)) * len(places(game, size)[0])
    if spec.capacity is not None and (not 2 * people <= spec.capacity <= MAX_PEOPLE or spec.capacity % people):
        raise RoomError(400, w("An event's capacity is a multiple of {people} from {least} to {most}.", people=people,
                               least=2 * people, most=MAX_PEOPLE))
    starts = None
    if spec.starts is not None:
        try:
            when = datetime.datetime.fromisoformat(spec.starts)
        except (TypeError, ValueError):
            when = None
        if when is None or when.tzinfo is None:
            raise RoomError(400, w("A start is a date and time with its offset from UTC, such as "
                                   "2026-12-05T20:00:00+00:00."))
        starts = when.astimezone(datetime.UTC).isoformat(timespec="seconds")
    return game, size, options, starts


async def create_event(store: Store, spec: EventSpec, organiser: Account, lang: str) -> EventRow:
    """Store a new event (registering); raises a 400 :class:`RoomError` (nothing stored) for a spec refused."""
    w = room_words(lang)
    game, size, options, starts = _check(spec, w)
    title = Room.checked_name(spec.title, w)
    if spec.seed is not None and not 0 <= spec.seed < MAX_SEED:
        raise RoomError(400, w("A seed is a whole number from 0 to {most}.", most=MAX_SEED - 1))
    seed = secrets.randbelow(MAX_SEED) if spec.seed is None else spec.seed
    row = {"id": secrets.token_urlsafe(9), "title": title, "game": game.name, "options": json.dumps(options),
           "players": size, "seed": seed, "boards": spec.boards, "boards_per_round": spec.boards_per_round,
           "round_seconds": float(spec.round_seconds), "organiser": organiser.id, "starts": starts,
           "capacity": spec.capacity, "rated": spec.rated, "status": REGISTERING, "round": 0,
           "round_started": None, "created": now(), "finished": None}
    await store.apply(lambda connection: connection.execute(events.insert().values(**row)))
    return _event(SimpleNamespace(**row))  # read back as the database will give it


# ------------------------------------------------------------------------------------------------ registering
def _open(found: EventRow, w: Words) -> None:
    if found.status != REGISTERING:
        raise RoomError(409, w("Event {event} has started: registration is closed.", event=found.id))


async def register(store: Store, event_id: str, *, account: Account | None, name: object,
                   lang: str) -> dict[str, object]:
    """Register a person: a logged-in account under its name, or a guest under ``name`` (his token in the
    answer: it is all that identifies him, kept only as its hash). Refused: a started or full event, an account
    registered twice, a guest at a rated event."""
    w = room_words(lang)
    found = await event(store, event_id, lang)
    _open(found, w)
    if account is None and found.rated:
        raise RoomError(403, w("Event {event} is rated: only a logged-in player registers.", event=found.id))
    guest = secrets.token_urlsafe(24) if account is None else None
    shown = account.name if account is not None else Room.checked_name(name, w)

    def insert(connection: sa.Connection) -> int | str:
        """The new player's number, or why not (``full``, ``twice``), checked in the writer's transaction."""
        mine = event_players.c.event_id == event_id
        if account is not None and connection.execute(sa.select(event_players.c.id).where(
                mine, event_players.c.account_id == account.id)).first() is not None:
            return "twice"
        count = connection.execute(sa.select(sa.func.count()).where(mine)).scalar_one()
        if found.capacity is not None and count >= found.capacity:
            return "full"
        return int(connection.execute(event_players.insert().values(
            event_id=event_id, account_id=None if account is None else account.id, name=shown,
            token=None if guest is None else digest(guest), registered=now()).returning(event_players.c.id))
            .scalar_one())

    number = await store.apply(insert)
    if number == "twice":
        raise RoomError(409, w("You are already registered for event {event}.", event=found.id))
    if number == "full":
        raise RoomError(409, w("Event {event} is full.", event=found.id))
    return {"player": number, "name": shown, "token": guest}


async def player_of(store: Store, event_id: str, *, account: Account | None, token: str | None) -> Player | None:
    """The registered player a request speaks for: its session's account, or a guest's token."""
    return matching(await players_of(store, event_id), account=account, token=token)


def matching(registered: Sequence[Player], *, account: Account | None, token: str | None) -> Player | None:
    """The player of ``registered`` who is ``account``, or whose guest's token is ``token``."""
    for player in registered:
        if account is not None and player.account_id == account.id:
            return player
        if token is not None and player.token is not None and hmac.compare_digest(player.token, digest(token)):
            return player
    return None


async def unregister(store: Store, event_id: str, *, account: Account | None, token: str | None,
                     lang: str) -> dict[str, object]:
    w = room_words(lang)
    found = await event(store, event_id, lang)
    _open(found, w)
    player = await player_of(store, event_id, account=account, token=token)
    if player is None:
        raise RoomError(404, w("You are not registered for event {event}.", event=found.id))
    await store.apply(lambda connection: connection.execute(event_players.delete().where(
        event_players.c.id == player.id, event_players.c.entrant.is_(None))))
    return {"unregistered": player.id}


def _organiser(found: EventRow, account: Account | None, w: Words) -> None:
    if account is None or account.id != found.organiser:
        raise RoomError(403, w("Only the organiser of event {event} may do this.", event=found.id))


def _bot_name(number: int) -> str:
    name = BOT_NAMES[number % len(BOT_NAMES)]
    return name if number < len(BOT_NAMES) else f"{name} {number // len(BOT_NAMES) + 1}"


def needed(found: EventRow, registered: int) -> int:
    """The players the event needs to start with ``registered``: whole tables, two at least (the capacity when it
    has one)."""
    table = found.players
    if found.capacity is not None:
        return found.capacity
    return max(2 * table, -(-registered // table) * table)


async def add_bots(store: Store, event_id: str, *, organiser: Account | None, bot: object, count: object,
                   lang: str) -> dict[str, object]:
    """The organiser fills the event with bots of level ``bot``: ``count`` of them, or (None) as many as make
    whole tables (two at least)."""
    w = room_words(lang)
    found = await event(store, event_id, lang)
    _organiser(found, organiser, w)
    _open(found, w)
    game = found.kind
    if not isinstance(bot, str) or bot not in game.bots:
        raise RoomError(400, w("Unknown bot {bot}; the bots of this game: {bots}.", bot=echo(bot),
                               bots=", ".join(game.bots)))
    registered = await players_of(store, event_id)
    wanted = needed(found, len(registered)) - len(registered) if count is None else count
    if type(wanted) is not int or wanted < 0 or len(registered) + wanted > (found.capacity or MAX_PEOPLE):
        raise RoomError(400, w("The bots to add are a whole number, at most the places left ({left}).",
                               left=(found.capacity or MAX_PEOPLE) - len(registered)))
    await _insert_bots(store, event_id, bot, first=sum(1 for player in registered if player.bot is not None),
                       count=wanted)
    return {"added": wanted, "players": len(registered) + wanted}


async def _insert_bots(store: Store, event_id: str, bot: str, *, first: int, count: int) -> None:
    """Register ``count`` bots of level ``bot``, named from the ``first``-th bot's name on."""
    if count:
        await store.apply(lambda connection: connection.execute(event_players.insert(), [
            {"event_id": event_id, "name": _bot_name(number), "bot": bot, "registered": now()}
            for number in range(first, first + count)]))


# ------------------------------------------------------------------------------------------------ playing
def plan_of(found: EventRow, people: int) -> Movement:
    return movement(entrants=people // found.members, places=len(places(found.kind, found.players)),
                    rounds=found.rounds, boards_per_round=found.boards_per_round)


async def start(room: Room, event_id: str, *, organiser: Account | None, lang: str,
                by_director: bool = False) -> dict[str, object]:
    """Start an event: every player given his entrant's number (and member), the first round opened. Its
    organiser starts it (or the director, at its time or once full); 409 unless the players fill whole tables."""
    w = room_words(lang)
    found = await event(room.store, event_id, lang)
    if not by_director:
        _organiser(found, organiser, w)
    _open(found, w)
    registered = [player for player in await players_of(room.store, event_id)]
    table = found.players
    if len(registered) < 2 * table or len(registered) % table:
        raise RoomError(409, w("Event {event} has {count} players; it needs a multiple of {table}, {least} at least: "
                               "fill the tables with bots.", event=found.id, count=len(registered), table=table,
                               least=2 * table))

    def begin(connection: sa.Connection) -> bool:
        if connection.execute(events.update().where(events.c.id == event_id, events.c.status == REGISTERING).values(
                status=PLAYING, round=1, round_started=time.time())).rowcount != 1:
            return False
        for index, player in enumerate(registered):
            connection.execute(event_players.update().where(event_players.c.id == player.id).values(
                entrant=index // found.members, member=index % found.members))
        return True

    if not await room.store.apply(begin):
        raise RoomError(409, w("Event {event} has started: registration is closed.", event=found.id))
    return {"event": event_id, "status": PLAYING, "round": 1, "entrants": len(registered) // found.members}


def _sitting_seats(found: EventRow, entrants: Sequence[int], members: Mapping[int, Sequence[Player]], *,
                   overtime: bool) -> list[BoardSeat]:
    """The seats of a table whose places hold ``entrants``: each member of an entrant at his seat of the place; a
    player who left, or anyone once the round's time is over, played by the game's classical bot."""
    game = found.kind
    stand_in = game.bot_names()[min(1, len(game.bot_names()) - 1)]
    given: dict[int, BoardSeat] = {}
    for place, seats_of_place in enumerate(places(game, found.players)):
        for member, seat in enumerate(seats_of_place):
            player = members[entrants[place]][member]
            if player.bot is not None:
                given[seat] = BoardSeat(bot=player.bot, player=player.id)
            elif player.left is not None or overtime:
                given[seat] = BoardSeat(bot=stand_in, player=player.id)
            else:
                given[seat] = BoardSeat(name=player.name, account_id=player.account_id, player=player.id)
    return [given[seat] for seat in range(found.players)]


def _members(registered: Sequence[Player]) -> dict[int, list[Player]]:
    members: dict[int, list[Player]] = defaultdict(list)
    for player in sorted(registered, key=lambda player: (player.entrant or 0, player.member or 0)):
        if player.entrant is not None:
            members[player.entrant].append(player)
    return members


class Director:
    """Keeps the events of the room going (module docstring): one pass over the events being played every
    :data:`POLL` seconds, or at once when a table ends (:meth:`wake`)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._bot_jobs: dict[str, asyncio.Task[None]] = {}
        self._rated: set[str] = set()
        """The rated events over whose ratings this process has kept (or found kept by another)."""

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        for task in [self._task, *self._bot_jobs.values()]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    def wake(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        while True:
            try:
                await self.pass_once()
            except Exception:
                log.exception("the events' director failed a pass; it tries again")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL)
            self._wake.clear()

    async def pass_once(self) -> None:
        """Start the events due, and advance those being played."""
        for found in await all_events(self.room.store):
            if found.status == REGISTERING:
                await self._start_if_due(found)
            elif found.status == PLAYING:
                await self.advance(found)
            elif found.status == OVER:
                self._bots_play(found)
                if found.rated and found.id not in self._rated:
                    await self._rate(found)

    async def _rate(self, found: EventRow) -> None:
        """A rated event over: its entrants rated by its final standing, as one match of many teams on the players'
        scale (:func:`academie.room.standings.rate_event`; a partnership as a team, a bot at its level's fixed
        rating), once whichever process gets there first; an entrant with a player who left ranks after every
        entrant who stayed, as a partie abandoned counts as lost by who abandoned it."""
        scored, _ = await scores(self.room.store, found)
        if scored is None:
            self._rated.add(found.id)
            return
        rank_of = {int(standing.entrant): standing.rank for standing in scored.standings}
        left_rank = max(rank_of.values()) + 1
        teams: list[list[Entrant]] = []
        ranks: list[int] = []
        for entrant, group in _members(await players_of(self.room.store, found.id)).items():
            if entrant in rank_of:
                teams.append([Entrant(seat=player.id, account=player.account_id if player.bot is None else None,
                                      bot=player.bot) for player in group])
                ranks.append(left_rank if any(player.left for player in group) else rank_of[entrant])
        await rate_event(self.room.store, found.id, found.game, teams, ranks, at=found.finished)
        self._rated.add(found.id)

    async def _start_if_due(self, found: EventRow) -> None:
        registered = await players_of(self.room.store, found.id)
        full = found.capacity is not None and len(registered) >= found.capacity
        due = found.starts is not None and found.starts <= now()
        if not (full or due) or all(player.bot is not None for player in registered):
            return  # not yet; or nobody to play it: it waits for a person
        if due and not full:  # at its time, the last tables are filled with the game's classical bots
            game = found.kind
            stand_in = game.bot_names()[min(1, len(game.bot_names()) - 1)]
            await _insert_bots(self.room.store, found.id, stand_in,
                               first=sum(1 for player in registered if player.bot is not None),
                               count=needed(found, len(registered)) - len(registered))
        with contextlib.suppress(RoomError):
            await start(self.room, found.id, organiser=None, lang="en", by_director=True)

    async def advance(self, found: EventRow) -> None:
        """One step of a round: open each sitting's next board, end the round when its time is out, and once every
        table has played the round's boards release them and move on."""
        store = self.room.store
        registered = await players_of(store, found.id)
        members = _members(registered)
        plan = plan_of(found, sum(len(group) for group in members.values()))
        opened = {(result.board, result.table_number): result
                  for result in await board_results(store, event_id=found.id, round_number=found.round)}
        overtime = found.round_started is not None and time.time() > found.round_started + found.round_seconds
        done = True
        for sitting in plan.sittings:
            if sitting.round != found.round:
                continue
            for number in sitting.boards:
                result = opened.get((number, sitting.table))
                if result is None:
                    done = False
                    await self._open(found, sitting.table, number, sitting.entrants, members, overtime=overtime)
                    break
                if result.points is None:
                    done = False
                    await self._keep_going(found, result, registered, overtime=overtime)
                    break
        if not done:
            return
        await release(store, event_id=found.id, round_number=found.round)
        last = found.round >= found.rounds
        await store.apply(lambda connection: connection.execute(
            events.update().where(events.c.id == found.id, events.c.round == found.round).values(
                round=found.round if last else found.round + 1, round_started=time.time(),
                status=OVER if last else PLAYING, finished=now() if last else None)))
        self.wake()

    async def _open(self, found: EventRow, table_number: int, number: int, entrants: Sequence[int],
                    members: Mapping[int, Sequence[Player]], *, overtime: bool) -> None:
        seats_given = _sitting_seats(found, entrants, members, overtime=overtime)
        try:
            opened = await open_board_table(
                self.room, found.board(number), key=board_key(found.id, number), seats=seats_given,
                options={key: value for key, value in found.options.items()}, event_id=found.id,
                round_number=found.round, table_number=table_number)
        except BoardTableTaken:  # another pass, or another process, opened it first
            return
        for seat, given in enumerate(seats_given):
            player = next((p for group in members.values() for p in group if p.id == given.player), None)
            if given.bot is not None and player is not None and player.bot is None:
                await mark_seat(self.room.store, opened.table.id, seat)

    async def _keep_going(self, found: EventRow, result: BoardResult, registered: Sequence[Player], *,
                          overtime: bool) -> None:
        """A table still playing: its bots kept going (after a restart nothing else wakes a table of bots alone);
        a person who left, or every person once the round's time is out, replaced by the classical bot, his
        result marked."""
        by_id = {player.id: player for player in registered}
        game = found.kind
        stand_in = game.bot_names()[min(1, len(game.bot_names()) - 1)]
        async with self.room.using(result.table_id) as table:
            if table is None:
                return
            for seat, player_id in enumerate(result.people):
                player = by_id.get(player_id) if player_id is not None else None
                if player is None or player.bot is not None or table.seats[seat].bot is not None:
                    continue
                if (overtime or player.left is not None) and await self.room.give_to_bot(result.table_id, seat,
                                                                                          stand_in):
                    await mark_seat(self.room.store, result.table_id, seat)
            table.kick()

    # -------------------------------------------------------------------------------------- the strongest bot
    def _bots_play(self, found: EventRow) -> None:
        """Once an event is over, the strongest bot plays each of its boards at every seat (in the bots' worker
        processes, one board after the other), each kept once (``room_board_bots``)."""
        job = self._bot_jobs.get(found.id)
        if job is None:
            self._bot_jobs[found.id] = asyncio.get_running_loop().create_task(self._strongest(found))

    async def _strongest(self, found: EventRow) -> None:
        game = found.kind
        level = game.strongest()
        known = await bot_points(self.room.store, found)
        rules = rules_from_dict(game.rules, found.options)
        for number in range(1, found.boards + 1):
            key = board_key(found.id, number)
            if key in known:
                continue
            board = found.board(number)
            state = board.new(rules)
            step = 0
            while not state.deal_results:
                seat = state.actor
                if not isinstance(seat, int) or seat < 0:
                    raise DuplicateError(f"board {number} of event {found.id}: {seat!r} to act")
                step += 1
                decision = await self.room.workers.decide(game.name, level, decision_seed(board.seed, seat, step),
                                                          state.view(seat))
                state.apply(state.parse_action(decision.action))
            points = board.points(state.deal_results[0])
            text = record.write_text(record.from_state(state, tags={"Event": f"{found.title}, board {number}"}))

            def keep(connection: sa.Connection, key: str = key, points: tuple[int, ...] = points,
                     text: str = text) -> None:
                if connection.execute(sa.select(board_bots.c.board_key).where(
                        board_bots.c.board_key == key, board_bots.c.level == level)).first() is None:
                    connection.execute(board_bots.insert().values(
                        board_key=key, level=level, points=json.dumps(points), record=text, computed=now()))

            await self.room.store.apply(keep)


async def bot_points(store: Store, found: EventRow) -> dict[str, tuple[int, ...]]:
    """What the strongest bot scored on each board of the event computed so far, by board key."""
    level = found.kind.strongest()
    prefix = board_key(found.id, 0)[:-1]
    query = sa.select(board_bots.c.board_key, board_bots.c.points).where(
        board_bots.c.board_key.startswith(prefix), board_bots.c.level == level)
    async with store.engine.connect() as connection:
        return {row.board_key: tuple(json.loads(row.points)) for row in await connection.execute(query)}


async def leave(room: Room, event_id: str, *, account: Account | None, token: str | None,
                lang: str) -> dict[str, object]:
    """A player leaves a started event: a bot plays for him from now on (his seat at the table now, and at the
    tables to come), and his results are marked."""
    w = room_words(lang)
    found = await event(room.store, event_id, lang)
    player = await player_of(room.store, event_id, account=account, token=token)
    if player is None:
        raise RoomError(404, w("You are not registered for event {event}.", event=found.id))
    if found.status != PLAYING:
        raise RoomError(409, w("Event {event} is not being played.", event=found.id))
    await room.store.apply(lambda connection: connection.execute(event_players.update().where(
        event_players.c.id == player.id, event_players.c.left.is_(None)).values(left=now())))
    return {"left": player.id}


# ------------------------------------------------------------------------------------------------ what is shown
def entrant_names(registered: Sequence[Player]) -> dict[int, str]:
    """Each entrant's name as shown: its player's, or at Whist its partnership's ("Anne & Blaise")."""
    return {entrant: " & ".join(player.name for player in group) for entrant, group in _members(registered).items()}


def _entrant_of(result: BoardResult, place_seats: Sequence[int], by_id: Mapping[int, Player]) -> int | None:
    player_id = result.people[place_seats[0]] if result.people else None
    player = by_id.get(player_id) if player_id is not None else None
    return None if player is None else player.entrant


async def scores(store: Store, found: EventRow) -> tuple[EventScore | None, list[BoardResult]]:
    """The scores of the rounds over (None before the first is), and the board tables of those rounds."""
    registered = await players_of(store, found.id)
    by_id = {player.id: player for player in registered}
    released = [result for result in await board_results(store, event_id=found.id)
                if result.released is not None and result.points is not None]
    seating = places(found.kind, found.players)
    results = []
    for result in released:
        assert result.points is not None
        for place, place_seats in enumerate(seating):
            entrant = _entrant_of(result, place_seats, by_id)
            if entrant is not None:
                results.append(Result(board=result.board, place=place, entrant=str(entrant),
                                      points=result.points[place]))
    if not results:
        return None, released
    return score(found.kind, results, seats=found.players, scale=Scale.MATCHPOINTS), released

