"""Duplicate for people: the same boards at every table, and each result compared with the others on the same cards.

A *board* is one deal dealt from a seed (:func:`boards`: ``derive_seed(event_seed, number)``) by a dealer named on
the board, so that every table that plays it is dealt the same cards in the same seats. An *entrant* (a player, or
at Whist a partnership) holds one *place* of a table: the seats its game's scheme gives it (``<game>/boards.py``,
declared through :attr:`academie.registry.GameType.boards`): Écarté's two seats, Whist's partnerships N–S (seats 0
and 2) and E–W (seats 1 and 3), every seat of the vying games.

A *movement* (:func:`movement`) says who sits at which place of which table in each round. Every table plays the
same boards in a round (the room deals each table its own copy, as online clubs do), so an entrant plays each
board once; and the places turn with the rounds, so that every entrant holds each place in turn (each place once
in every ``places`` rounds). Nobody plays a board twice: a person would remember its cards.

A result is compared only with the results of the same board at the same place (the same cards):

- *matchpoints*, as bridge clubs count them: 2 for every result beaten, 1 for every tie; the *top* is twice the
  number of other results, and the percentage is the matchpoints over the top (50% when nobody else held the
  cards: there is nothing to compare);
- where a game declares one (Whist), a *difference scale* shaped like bridge's IMPs: each difference of points
  with another result on the same cards is turned into units by the game's steps, and averaged over those
  results (the "cross-IMPs" of clubs, per comparison).

The ranking across boards is by the percentage of the total matchpoints over the total top, or by the total of
the difference scale. Each board has a travelling score sheet: who held these cards, what it scored, and its
matchpoints.

>>> sheet = score("ecarte", [Result(board=1, place=0, entrant=name, points=points)
...                          for name, points in (("Anne", 2), ("Blaise", 1), ("Claude", 1))]
...               + [Result(board=1, place=1, entrant=name, points=-points)
...                  for name, points in (("Denis", 2), ("Eve", 1), ("Flore", 1))]).sheets[0]
>>> [(line.result.entrant, line.matchpoints, line.top) for line in sheet.lines]
[('Anne', 4, 4), ('Blaise', 1, 4), ('Claude', 1, 4), ('Eve', 3, 4), ('Flore', 3, 4), ('Denis', 0, 4)]
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from fractions import Fraction
from typing import Final

from academie.engine import CHANCE, JSON, AcademieError, DealResult, Game, Rules, SeedError, check_seed
from academie.games import GAMES, GameType, load
from academie.registry import BoardsBook
from academie.sim import derive_seed

MAX_BOARDS: Final = 1000
"""The most boards of an event (a long club evening plays 30)."""
MAX_ENTRANTS: Final = 10_000
"""The most entrants of a movement."""
DAY_RULE: Final = "academie board of the day {game} {date}"
"""The text whose BLAKE2b hash (8 bytes, big-endian; keyed by the room's key, if any) seeds a game's boards of a
day (:func:`boards_of_the_day`)."""


class DuplicateError(AcademieError, ValueError):
    """Boards, a movement or results that duplicate cannot take (a game without a scheme, unequal boards, a missing
    result...); the message says what is allowed."""


class Scale(StrEnum):
    """How results on the same cards are compared."""

    MATCHPOINTS = "matchpoints"
    """2 for every result beaten, 1 for every tie (every game)."""
    IMPS = "imps"
    """The game's difference scale, shaped like bridge's IMPs (for a game whose boards.py declares its steps)."""


def scheme(game: GameType) -> BoardsBook:
    """The duplicate scheme ``game`` declares (``<game>/boards.py``), or a :class:`DuplicateError` naming the games
    that declare one."""
    if game.boards is None:
        having = ", ".join(name for name, other in GAMES.items() if other.boards is not None)
        raise DuplicateError(f"{game.name} declares no duplicate scheme (no boards in its GameType); "
                             f"games with one: {having}")
    return game.boards()


def scales(game: GameType) -> tuple[Scale, ...]:
    """The scales ``game`` is scored by, the one used by default first.

    >>> scales(load("whist")), scales(load("ecarte"))
    ((<Scale.MATCHPOINTS: 'matchpoints'>, <Scale.IMPS: 'imps'>), (<Scale.MATCHPOINTS: 'matchpoints'>,))
    """
    return (Scale.MATCHPOINTS, Scale.IMPS) if scheme(game).SCALE_STEPS else (Scale.MATCHPOINTS,)


def table_size(game: GameType, seats: int | None) -> int:
    """The seats of the tables: ``seats``, checked against the game, or the game's only size."""
    if seats is None:
        if game.min_seats != game.max_seats:
            raise DuplicateError(f"{game.name} is played by {game.min_seats} to {game.max_seats}; "
                                 "allowed: the table size (seats; --players on the command line)")
        return game.min_seats
    if type(seats) is not int or not game.min_seats <= seats <= game.max_seats:
        raise DuplicateError(f"seats={seats!r} is not allowed for {game.name}; "
                             f"allowed: {game.min_seats} to {game.max_seats}")
    return seats


def places(game: GameType, seats: int | None = None) -> tuple[tuple[int, ...], ...]:
    """The places of a table of ``game``, each the seats one entrant holds.

    >>> places(load("whist")), places(load("guimbarde"), 3)
    (((0, 2), (1, 3)), ((0,), (1,), (2,)))
    """
    return scheme(game).places(table_size(game, seats))


# ------------------------------------------------------------------------------------------------ boards
@dataclass(frozen=True, slots=True, kw_only=True)
class Board:
    """One board of an event: every table that plays it is dealt from ``seed`` by ``dealer`` at ``seats`` seats,
    so that each seat holds the same cards at every table."""

    game: str
    number: int
    """From 1, as the director and the players call it."""
    seats: int
    dealer: int
    """The seat that deals; it turns with the board's number, as on a bridge club's boards."""
    seed: int = field(repr=False)
    """Deals the board's cards: the director's, like the deck order (kept out of the board's repr, so that a log
    line naming a board does not deal it)."""

    def new(self, rules: Rules | None = None) -> Game:
        """A new partie whose first deal is this board (play it until ``deal_results`` has one deal)."""
        game = load(self.game)
        options = {"players": self.seats} if game.min_seats != game.max_seats else {}
        return game.new(rules, seed=self.seed, first_dealer=self.dealer, **options)

    def points(self, result: DealResult) -> tuple[int, ...]:
        """What the board's deal ``result`` scored for each place, by the game's scheme: the results to compare."""
        book = scheme(load(self.game))
        return tuple(book.points(result, seats) for seats in book.places(self.seats))

    def deck(self, rules: Rules | None = None) -> str:
        """The board's deck order, as a record's ``[Deck]`` writes it: the director's, never a player's.

        Games that shuffle again during a deal (a stock gathered and dealt anew) take the later orders from the same
        seed, so the seed, not this order alone, is the whole board."""
        verb = load(self.game).record.deck_verb
        for operation in self.new(rules).operations:
            kind, _, cards = str(operation.action).partition(" ")
            if operation.actor == CHANCE and kind == verb:
                return cards
        raise DuplicateError(f"board {self.number} of {self.game} was not dealt from its seed")

    def as_dict(self) -> dict[str, JSON]:
        return {"game": self.game, "number": self.number, "seats": self.seats, "dealer": self.dealer,
                "seed": self.seed}


def _count(what: str, value: object, most: int, least: int = 1) -> int:
    if type(value) is not int or not least <= value <= most:
        raise DuplicateError(f"{what}={value!r} is not allowed; allowed: a whole number from {least} to {most}")
    return value


def boards(game: GameType, *, count: int, seed: int, seats: int | None = None) -> tuple[Board, ...]:
    """The ``count`` boards of an event seeded ``seed``: board ``n`` is dealt from ``derive_seed(seed, n)`` by seat
    ``(n - 1) % seats``.

    >>> [(board.number, board.dealer) for board in boards(load("whist"), count=5, seed=7)]
    [(1, 0), (2, 1), (3, 2), (4, 3), (5, 0)]
    """
    scheme(game)
    size = table_size(game, seats)
    _count("boards", count, MAX_BOARDS)
    try:
        check_seed(seed)
    except SeedError as error:
        raise DuplicateError(str(error)) from None
    return tuple(Board(game=game.name, number=number, seats=size, dealer=(number - 1) % size,
                       seed=derive_seed(seed, number)) for number in range(1, count + 1))


def day_seed(game: GameType, day: date, *, key: bytes = b"") -> int:
    """The seed of ``game``'s boards on ``day``, by the published rule :data:`DAY_RULE`.

    Without a key anyone can compute the day's cards (practice at home). A room that compares the results of the
    day keeps its own key secret until the day is over, then publishes it, so that anyone can check the boards."""
    if not isinstance(day, date) or isinstance(day, datetime):
        raise DuplicateError(f"day={day!r} is not allowed; allowed: a date (datetime.date), given by the caller")
    if len(key) > hashlib.blake2b.MAX_KEY_SIZE:
        raise DuplicateError(f"a key of {len(key)} bytes is not allowed; allowed: at most "
                             f"{hashlib.blake2b.MAX_KEY_SIZE} bytes")
    text = DAY_RULE.format(game=game.name, date=day.isoformat()).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8, key=key).digest(), "big")


def boards_of_the_day(game: GameType, day: date, *, count: int = 1, seats: int | None = None,
                      key: bytes = b"") -> tuple[Board, ...]:
    """The boards of ``game`` on ``day`` (:func:`day_seed`): the same for everyone, whenever he plays them.

    >>> day = boards_of_the_day(load("ecarte"), date(2026, 12, 5), count=2)
    >>> day == boards_of_the_day(load("ecarte"), date(2026, 12, 5), count=2) != boards_of_the_day(
    ...     load("ecarte"), date(2026, 12, 6), count=2)
    True
    """
    return boards(game, count=count, seed=day_seed(game, day, key=key), seats=seats)


# ------------------------------------------------------------------------------------------------ movement
@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round: the boards it plays and the entrant (an index, from 0) at each place."""

    round: int
    table: int
    boards: tuple[int, ...]
    entrants: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Movement:
    """Who sits where in every round (:func:`movement`); rounds, tables and boards are numbered from 1."""

    entrants: int
    places: int
    rounds: int
    boards_per_round: int
    sittings: tuple[Sitting, ...]

    @property
    def tables(self) -> int:
        return self.entrants // self.places

    @property
    def boards(self) -> int:
        return self.rounds * self.boards_per_round

    def as_dict(self) -> dict[str, JSON]:
        return {"entrants": self.entrants, "places": self.places, "rounds": self.rounds,
                "boards_per_round": self.boards_per_round,
                "sittings": [{"round": s.round, "table": s.table, "boards": list(s.boards),
                              "entrants": list(s.entrants)} for s in self.sittings]}


def movement(*, entrants: int, places: int, rounds: int, boards_per_round: int = 1) -> Movement:
    """The movement of ``entrants`` at tables of ``places`` places over ``rounds`` rounds.

    The entrants stand in ``places`` lines of ``tables`` (entrant ``e`` in line ``e // tables`` at index
    ``e % tables``). In round ``r`` (from 0) line ``j`` holds place ``(j + r) % places`` and its entrant ``i`` sits
    at table ``(i + j * r) % tables``: every place of every table is filled once, the places turn with the rounds,
    and the lines move past each other as in a Mitchell movement, so that opponents change from round to round
    (all of them when the number of tables is prime and at least the number of rounds). Every table plays boards
    ``r * boards_per_round + 1`` to ``(r + 1) * boards_per_round`` in round ``r``.

    >>> [sitting.entrants for sitting in movement(entrants=4, places=2, rounds=2).sittings]
    [(0, 2), (1, 3), (3, 0), (2, 1)]
    """
    _count("places", places, MAX_ENTRANTS, 2)
    _count("entrants", entrants, MAX_ENTRANTS, 2 * places)
    if entrants % places:
        raise DuplicateError(f"{entrants} entrants cannot fill tables of {places} places; allowed: a multiple of "
                             f"{places} (fill the last table with bots)")
    _count("rounds", rounds, MAX_BOARDS)
    _count("boards_per_round", boards_per_round, MAX_BOARDS // rounds)
    tables = entrants // places
    sittings: list[Sitting] = []
    for turn in range(rounds):
        seated: list[list[int]] = [[0] * places for _ in range(tables)]
        for entrant in range(entrants):
            line, index = divmod(entrant, tables)
            seated[(index + line * turn) % tables][(line + turn) % places] = entrant
        first = turn * boards_per_round + 1
        sittings.extend(Sitting(turn + 1, table + 1, tuple(range(first, first + boards_per_round)), tuple(seats))
                        for table, seats in enumerate(seated))
    return Movement(entrants=entrants, places=places, rounds=rounds, boards_per_round=boards_per_round,
                    sittings=tuple(sittings))


# ------------------------------------------------------------------------------------------------ scoring
@dataclass(frozen=True, slots=True, kw_only=True)
class Result:
    """What ``entrant`` scored on ``board`` at ``place``, in the game's points for a place
    (:meth:`academie.registry.BoardsBook.points`)."""

    board: int
    place: int
    entrant: str
    points: int


def percentage(matchpoints: int, top: int) -> Fraction:
    """Matchpoints over the top, in percent; 50 when there was nothing to compare (an average, as clubs give).

    >>> percentage(3, 4), percentage(0, 0)
    (Fraction(75, 1), Fraction(50, 1))
    """
    return Fraction(100 * matchpoints, top) if top else Fraction(50)


def _scores(entry: dict[str, JSON], matchpoints: int, top: int, imps: Fraction | None) -> dict[str, JSON]:
    """``entry`` with its scores, as JSON."""
    return entry | {"matchpoints": matchpoints, "top": top, "percentage": round(float(percentage(matchpoints, top)), 2),
            "imps": None if imps is None else round(float(imps), 2)}


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoredResult:
    """A result compared with the others on the same cards."""

    result: Result
    matchpoints: int
    top: int
    """The most matchpoints the board gave at this place: 2 for each other result."""
    imps: Fraction | None
    """The mean of the game's difference scale against each other result (None: the game has no such scale, or
    nobody else held the cards)."""

    @property
    def percentage(self) -> Fraction:
        return percentage(self.matchpoints, self.top)


@dataclass(frozen=True, slots=True, kw_only=True)
class TravellingSheet:
    """One board: who held its cards at each place, what each scored, by place and best first."""

    board: int
    lines: tuple[ScoredResult, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    """One entrant across the boards; entrants tied share a rank."""

    rank: int
    entrant: str
    boards: int
    matchpoints: int
    top: int
    imps: Fraction | None

    @property
    def percentage(self) -> Fraction:
        return percentage(self.matchpoints, self.top)


@dataclass(frozen=True, slots=True, kw_only=True)
class EventScore:
    """An event's scores: its ranking and each board's travelling score sheet."""

    game: str
    scale: Scale
    standings: tuple[Standing, ...]
    sheets: tuple[TravellingSheet, ...]

    def as_dict(self) -> dict[str, JSON]:
        return {"game": self.game, "scale": str(self.scale),
                "ranking": [_scores({"rank": s.rank, "entrant": s.entrant, "boards": s.boards}, s.matchpoints, s.top,
                                    s.imps) for s in self.standings],
                "boards": [{"board": sheet.board,
                            "results": [_scores({"place": line.result.place, "entrant": line.result.entrant,
                                                 "points": line.result.points}, line.matchpoints, line.top, line.imps)
                                        for line in sheet.lines]}
                           for sheet in self.sheets]}


def difference_units(difference: int, steps: Sequence[int]) -> int:
    """A difference of points in units of a difference scale: one unit for every step reached, with its sign.

    >>> [difference_units(d, (1, 2, 4)) for d in (0, 1, -2, 3, 4, 9)]
    [0, 1, -2, 2, 3, 3]
    """
    units = sum(1 for step in steps if abs(difference) >= step)
    return units if difference >= 0 else -units


def _compare(group: Sequence[Result], steps: Sequence[int]) -> list[ScoredResult]:
    """Each result of one board at one place against every other (matchpoints, and the difference scale).

    The board of the day may gather thousands of results on the same cards: each result is placed among the others
    by bisection in their sorted points, never compared with each in turn (``bench/duplicate.py``)."""
    ordered = sorted(result.points for result in group)
    others = len(ordered) - 1

    def below(points: int) -> int:
        return bisect_left(ordered, points)

    def above(points: int) -> int:
        return len(ordered) - bisect_right(ordered, points)

    scored = []
    for result in group:
        mine = result.points
        ties = len(ordered) - below(mine) - above(mine) - 1
        # A unit for every step the difference reaches: the others at least a step below, less those a step above.
        units = sum(below(mine - step + 1) - above(mine + step - 1) for step in steps)
        imps = Fraction(units, others) if steps and others else None
        scored.append(ScoredResult(result=result, matchpoints=2 * below(mine) + ties, top=2 * others, imps=imps))
    return scored


def _check_form(results: Sequence[Result], places: int) -> None:
    """Every result well formed."""
    if not results:
        raise DuplicateError("no results; allowed: at least one result")
    for result in results:
        if not isinstance(result, Result):
            raise DuplicateError(f"{result!r} is not a Result")
        _count("board", result.board, MAX_BOARDS)
        if type(result.place) is not int or not 0 <= result.place < places:
            raise DuplicateError(f"place={result.place!r} on board {result.board} is not allowed; allowed: 0 to "
                                 f"{places - 1}")
        if type(result.points) is not int:
            raise DuplicateError(f"points={result.points!r} of {result.entrant} on board {result.board} is not "
                                 "allowed; allowed: a whole number")
        if not isinstance(result.entrant, str) or not result.entrant.strip():
            raise DuplicateError(f"entrant={result.entrant!r} on board {result.board} is not allowed; allowed: a "
                                 "name")


def _check_once(results: Sequence[Result]) -> None:
    """One result per entrant and board."""
    for (board, entrant), count in Counter((r.board, r.entrant) for r in results).items():
        if count > 1:
            raise DuplicateError(f"{entrant} has {count} results on board {board}; allowed: one per entrant and "
                                 "board")


def _check_equal(results: Sequence[Result], places: int) -> None:
    """One result per entrant and board, every place of a board held as often, every entrant's boards as many."""
    _check_once(results)
    held = Counter((r.board, r.place) for r in results)
    for board in sorted({r.board for r in results}):
        counts = [held[board, place] for place in range(places)]
        if len(set(counts)) > 1:
            told = ", ".join(f"{count} at place {place}" for place, count in enumerate(counts))
            raise DuplicateError(f"board {board} has unequal results ({told}); allowed: one result at every place "
                                 "of every table that played it")
    played = Counter(r.entrant for r in results)
    if len(set(played.values())) > 1:
        told = ", ".join(f"{entrant} {count}" for entrant, count in sorted(played.items()))
        raise DuplicateError(f"the entrants played unequal numbers of boards ({told}); allowed: the same boards "
                             "for everyone (give the missing results, or score the boards apart)")


def check_movement(results: Sequence[Result], plan: Movement, entrants: Sequence[str]) -> None:
    """Raise unless ``results`` hold one result for every board of every sitting of ``plan`` (whose entrants are
    ``entrants``, by index), by the entrant who sat there, and nothing else."""
    if len(entrants) != plan.entrants:
        raise DuplicateError(f"{len(entrants)} names for a movement of {plan.entrants} entrants; allowed: one name "
                             "per entrant")
    expected = {(board, place, entrants[entrant])
                for sitting in plan.sittings for board in sitting.boards
                for place, entrant in enumerate(sitting.entrants)}
    given = {(r.board, r.place, r.entrant) for r in results}
    for board, place, entrant in sorted(expected - given):
        raise DuplicateError(f"missing result: board {board}, place {place}, {entrant}; allowed: every board of "
                             "the movement scored at every table")
    for board, place, entrant in sorted(given - expected):
        raise DuplicateError(f"{entrant} did not hold place {place} of board {board} in the movement; allowed: "
                             "the results of the movement's sittings")


def score(game: str | GameType, results: Iterable[Result], *, scale: Scale | None = None,
          seats: int | None = None, plan: Movement | None = None,
          entrants: Sequence[str] = ()) -> EventScore:
    """Score an event: each result against the others on the same cards, the ranking, the travelling sheets.

    ``scale`` is the ranking's (default: the game's first, matchpoints); ``plan`` and ``entrants`` (the names by
    the movement's indexes), when given, check that no result is missing or out of the movement.
    """
    kind = load(game) if isinstance(game, str) else game
    book = scheme(kind)
    allowed = scales(kind)
    chosen = allowed[0] if scale is None else Scale(scale) if scale in tuple(Scale) else None
    if chosen not in allowed:
        raise DuplicateError(f"scale {scale!r} is not allowed for {kind.name}; allowed: "
                             f"{', '.join(str(s) for s in allowed)}")
    listed = list(results)
    size = len(book.places(table_size(kind, seats)))
    _check_form(listed, size)
    if plan is not None:
        check_movement(listed, plan, entrants)
    _check_equal(listed, size)
    groups: dict[tuple[int, int], list[Result]] = defaultdict(list)
    for result in listed:
        groups[result.board, result.place].append(result)
    scored: dict[int, list[ScoredResult]] = defaultdict(list)
    for (board, _), group in sorted(groups.items()):
        compared = _compare(group, book.SCALE_STEPS)
        scored[board].extend(sorted(compared, key=lambda line: (-line.result.points, line.result.entrant)))
    sheets = tuple(TravellingSheet(board=board, lines=tuple(lines)) for board, lines in sorted(scored.items()))
    return EventScore(game=kind.name, scale=chosen, standings=_rank(sheets, chosen), sheets=sheets)


def travelling_sheet(game: str | GameType, results: Iterable[Result], *, seats: int | None = None) -> TravellingSheet:
    """One board's travelling score sheet from whoever played it: each result against the others at its place.

    Unlike :func:`score`, the places need not be held as often (a board of the day is played by each person at
    one place, against the bots): a board played at one place alone is scored at that place alone.

    >>> sheet = travelling_sheet("ecarte", [Result(board=1, place=0, entrant=name, points=points)
    ...                                     for name, points in (("Anne", 1), ("Blaise", 2), ("Claude", 1))])
    >>> [(line.result.entrant, line.matchpoints, line.top) for line in sheet.lines]
    [('Blaise', 4, 4), ('Anne', 1, 4), ('Claude', 1, 4)]
    """
    kind = load(game) if isinstance(game, str) else game
    listed = list(results)
    _check_form(listed, len(scheme(kind).places(table_size(kind, seats))))
    numbers = {result.board for result in listed}
    if len(numbers) > 1:
        raise DuplicateError(f"results of boards {', '.join(map(str, sorted(numbers)))} on one sheet; allowed: the "
                             "results of one board")
    (board,) = numbers
    _check_once(listed)
    groups: dict[int, list[Result]] = defaultdict(list)
    for result in listed:
        groups[result.place].append(result)
    lines = [line for _, group in sorted(groups.items())
             for line in sorted(_compare(group, scheme(kind).SCALE_STEPS),
                                key=lambda line: (-line.result.points, line.result.entrant))]
    return TravellingSheet(board=board, lines=tuple(lines))


def _rank(sheets: Sequence[TravellingSheet], scale: Scale) -> tuple[Standing, ...]:
    totals: dict[str, list[ScoredResult]] = defaultdict(list)
    for sheet in sheets:
        for line in sheet.lines:
            totals[line.result.entrant].append(line)
    unranked = []
    for entrant, lines in totals.items():
        imps = [line.imps for line in lines if line.imps is not None]
        unranked.append(Standing(rank=0, entrant=entrant, boards=len(lines),
                                 matchpoints=sum(line.matchpoints for line in lines),
                                 top=sum(line.top for line in lines), imps=sum(imps, Fraction(0)) if imps else None))

    def key(standing: Standing) -> Fraction:
        return standing.imps or Fraction(0) if scale is Scale.IMPS else standing.percentage

    ordered = sorted(unranked, key=lambda standing: (-key(standing), standing.entrant))
    ranked: list[Standing] = []
    for position, standing in enumerate(ordered):
        tied = ranked and key(ranked[-1]) == key(standing)
        rank = ranked[-1].rank if tied else position + 1
        ranked.append(Standing(rank=rank, entrant=standing.entrant, boards=standing.boards,
                               matchpoints=standing.matchpoints, top=standing.top, imps=standing.imps))
    return tuple(ranked)


# ------------------------------------------------------------------------------------------------ the bots' mark
@dataclass(frozen=True, slots=True, kw_only=True)
class BotScore:
    """What a bot scored on a board holding every seat (:func:`bot_score`): the mark a person's result is set
    against."""

    board: int
    bot: str
    seats: int
    points: tuple[int, ...]
    """Per place (:func:`places`), as :meth:`Board.points` counts them."""

    def result(self, place: int) -> Result:
        """The bot's result at ``place``, as an entrant named after the bot."""
        if type(place) is not int or not 0 <= place < len(self.points):
            raise DuplicateError(f"place={place!r} is not allowed; allowed: 0 to {len(self.points) - 1}")
        return Result(board=self.board, place=place, entrant=self.bot, points=self.points[place])


def bot_score(board: Board, rules: Rules | None = None, *, bot: str | None = None) -> BotScore:
    """Board ``board`` played by ``bot`` (default: the game's strongest) at every seat: its points per place.

    Deterministic: the bot at seat ``s`` is seeded ``derive_seed(board.seed, s + 1)``, as a tournament seeds its
    bots, so the room and the command line find the same mark for the same board.

    >>> (day,) = boards_of_the_day(load("ecarte"), date(2026, 12, 5))
    >>> mark = bot_score(day, bot="classical")
    >>> mark.points[0] == -mark.points[1]
    True
    """
    game = load(board.game)
    name = game.strongest() if bot is None else bot
    if name not in game.bot_names():
        raise DuplicateError(f"bot={name!r} is not allowed for {game.name}; allowed: {', '.join(game.bot_names())}")
    state = board.new(rules)
    seated = [game.make_bot(name, seed=derive_seed(board.seed, seat + 1)) for seat in range(board.seats)]
    for _ in range(game.max_actions_per_deal):
        if state.deal_results:
            return BotScore(board=board.number, bot=name, seats=board.seats, points=board.points(state.deal_results[0]))
        seat = state.actor
        if not isinstance(seat, int) or not 0 <= seat < board.seats:
            raise DuplicateError(f"the bots play seats only; {seat!r} is to act on board {board.number} (table "
                                 "mode? allowed: rules in the enforced mode)")
        state.apply(seated[seat].choose(state.view(seat)))
    raise DuplicateError(f"board {board.number} of {game.name} went past {game.max_actions_per_deal} actions")


def against_bot(result: Result, mark: BotScore, game: str | GameType) -> ScoredResult:
    """``result`` compared with ``mark``'s at the same place of the same board, as with one other table: 2
    matchpoints of a top of 2 when it scored more, 1 for the same, 0 for less; and the game's difference units.

    >>> mark = BotScore(board=1, bot="expert", seats=2, points=(1, -1))
    >>> line = against_bot(Result(board=1, place=0, entrant="Anne", points=2), mark, "ecarte")
    >>> line.matchpoints, line.top, line.percentage
    (2, 2, Fraction(100, 1))
    """
    if result.board != mark.board:
        raise DuplicateError(f"a result on board {result.board} cannot be set against the bots' mark of board "
                             f"{mark.board}; allowed: the same board")
    kind = load(game) if isinstance(game, str) else game
    _check_form([result], len(mark.points))
    return _compare([result, mark.result(result.place)], scheme(kind).SCALE_STEPS)[0]


def results_from_dict(data: Mapping[str, JSON]) -> tuple[GameType, int | None, Scale | None, list[Result]]:
    """Read a results file (docs/duplicate.md): its game, table size, scale and results."""
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise DuplicateError('a results file is an object with "game" and "results"; allowed: see docs/duplicate.md')
    game = load(str(data["game"]))
    seats = data.get("seats")
    if seats is not None and type(seats) is not int:
        raise DuplicateError(f"seats={seats!r} is not allowed; allowed: a whole number")
    scale = data.get("scale")
    if scale is not None and scale not in tuple(Scale):
        raise DuplicateError(f"scale={scale!r} is not allowed; allowed: {', '.join(Scale)}")
    rows = data.get("results")
    if not isinstance(rows, list):
        raise DuplicateError('"results" must be a list of {"board", "place", "entrant", "points"}')
    results = []
    for row in rows:
        if not isinstance(row, Mapping) or set(row) != {"board", "place", "entrant", "points"}:
            raise DuplicateError(f'result {row!r} is not allowed; allowed: {{"board", "place", "entrant", '
                                 '"points"}')
        results.append(Result(board=row["board"], place=row["place"], entrant=row["entrant"],  # type: ignore[arg-type]
                              points=row["points"]))  # type: ignore[arg-type]
    return game, seats, None if scale is None else Scale(scale), results
