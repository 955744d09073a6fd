"""Ratings per game (issue 32): OpenSkill's Plackett-Luce model (Weng and Lin's Bayesian approximation), one
rating per account and game, without storage (:mod:`academie.room.standings` keeps them).

A rating is a belief about a player's skill: ``mu`` (the estimate) and ``sigma`` (its uncertainty); the number a
person reads is the conservative ``mu - 3 sigma`` (:attr:`Rating.shown`), which rises as games make the estimate
surer. A partie is rated as a ranking of sides:

- a game of partnerships (the game declares it: :attr:`academie.registry.GameType.partnerships`, Whist) rates
  each partnership as a team, the seats of one parity together (0 and 2, 1 and 3), by the points each side won;
- every other game is a free-for-all of its seats ranked by the counters, tokens or points each won over the
  partie (``state.result().points``); equal points are a draw (two players, Écarté: head to head);
- a partie **abandoned** is lost by the side that abandoned it: it is ranked below every other side, and the
  others tie (:func:`ranks_after_abandon`; when a seat counts as abandoned: :mod:`academie.room.standings`).

The bots take part with fixed ratings, measured once from their own games with each other
(:mod:`academie.room.bot_levels`) and shipped in ``bot_ratings.json``: a bot's rating makes the opponents' gain
or loss what beating or losing to that level is worth, and never moves itself.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from openskill.models import PlackettLuce, PlackettLuceRating

from academie.engine import AcademieError, Game

MODEL: Final = PlackettLuce()
"""The model of every game (OpenSkill's defaults: a new player at mu 25, sigma 25/3, beta 25/6)."""
BOT_RATINGS_FILE: Final = "bot_ratings.json"
"""The bots' measured ratings, in this package (``academie ratings bots`` writes it)."""


class RatingError(AcademieError, ValueError):
    """A partie that cannot be rated as given (its message says what is allowed)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """What the room believes of a player's skill at one game."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The rating a person reads: ``mu - 3 sigma``, a skill the player very probably has at least.

        >>> round(NEW.shown, 6)
        0.0
        """
        return self.mu - 3 * self.sigma


NEW: Final = Rating(MODEL.mu, MODEL.sigma)
"""The rating of a player's first game (and of a bot never measured)."""


def side_of(seat: int, *, partnerships: bool) -> int:
    """The side a seat plays for: its partnership (seats of one parity together), else the seat itself."""
    return seat % 2 if partnerships else seat


def ranks_by_points(points: Sequence[int], *, partnerships: bool) -> tuple[int, ...]:
    """Each seat's rank at the end of a partie (0: first), by the points its side won; equal points, equal rank
    (a draw). A partnership's points are its first seat's (partners score together).

    >>> ranks_by_points((12, -4, -4, -4), partnerships=False), ranks_by_points((5, 3, 5, 3), partnerships=True)
    ((0, 1, 1, 1), (0, 1, 0, 1))
    """
    side_points = {side_of(seat, partnerships=partnerships): won for seat, won in enumerate(points)
                   if seat == side_of(seat, partnerships=partnerships)}
    return tuple(sum(other > side_points[side_of(seat, partnerships=partnerships)] for other in side_points.values())
                 for seat in range(len(points)))


def ranks_after_abandon(seats: int, abandoned: Collection[int], *, partnerships: bool) -> tuple[int, ...]:
    """Each seat's rank in a partie abandoned by the players of ``abandoned``: their sides last, tied; every other
    side first, tied.

    >>> ranks_after_abandon(3, {1}, partnerships=False), ranks_after_abandon(4, {2}, partnerships=True)
    ((0, 1, 0), (1, 0, 1, 0))
    """
    if not abandoned or not all(0 <= seat < seats for seat in abandoned):
        raise RatingError(f"the seats that abandoned ({sorted(abandoned)}) are not allowed; allowed: one or more "
                          f"of 0 to {seats - 1}")
    losers = {side_of(seat, partnerships=partnerships) for seat in abandoned}
    return tuple(int(side_of(seat, partnerships=partnerships) in losers) for seat in range(seats))


def final_ranks(state: Game, *, partnerships: bool) -> tuple[int, ...]:
    """Each seat's rank in a finished partie: the partie's winner (and his partner) first, where the game names
    one; the others by the points their sides won (:func:`academie.room.ratings.ranks_by_points`)."""
    result = state.result()
    ranks = ranks_by_points(result.points, partnerships=partnerships)
    winner = result.winner
    if winner is None:
        return ranks
    side = side_of(winner, partnerships=partnerships)
    return tuple(0 if side_of(seat, partnerships=partnerships) == side else 1 + rank - (rank > ranks[winner])
                 for seat, rank in enumerate(ranks))


def rate(ratings: Sequence[Rating], ranks: Sequence[int], *, partnerships: bool,
         fixed: Collection[int] = ()) -> tuple[Rating, ...]:
    """Each seat's rating after a partie ranked ``ranks`` (0: first; equal ranks: a draw), from its rating before;
    the seats of ``fixed`` (the bots) take part with their ratings, which do not move.

    >>> after = rate([NEW, NEW], [0, 1], partnerships=False)
    >>> after[0].mu > NEW.mu > after[1].mu, after[0].sigma < NEW.sigma
    (True, True)
    >>> rate([NEW, Rating(30.0, 1.0)], [0, 1], partnerships=False, fixed={1})[1]
    Rating(mu=30.0, sigma=1.0)
    """
    if len(ratings) != len(ranks) or len(ratings) < 2:
        raise RatingError(f"a partie of {len(ratings)} ratings and {len(ranks)} ranks cannot be rated; allowed: one "
                          "rank per rating, two seats or more")
    sides = sorted({side_of(seat, partnerships=partnerships) for seat in range(len(ratings))})
    if len(sides) < 2:
        raise RatingError("a partie of one side cannot be rated; allowed: two sides or more")
    members = [[seat for seat in range(len(ratings)) if side_of(seat, partnerships=partnerships) == side]
               for side in sides]
    if any(len({ranks[seat] for seat in seats}) != 1 for seats in members):
        raise RatingError(f"partners ranked apart ({list(ranks)}); allowed: one rank per partnership")
    rated = rate_teams([[ratings[seat] for seat in seats] for seats in members], [ranks[seats[0]] for seats in members],
                       fixed={(side, index) for side, seats in enumerate(members)
                              for index, seat in enumerate(seats) if seat in fixed})
    after = list(ratings)
    for seats, team in zip(members, rated, strict=True):
        for seat, new in zip(seats, team, strict=True):
            after[seat] = new
    return tuple(after)


def rate_teams(teams: Sequence[Sequence[Rating]], ranks: Sequence[int], *,
               fixed: Collection[tuple[int, int]] = ()) -> tuple[tuple[Rating, ...], ...]:
    """Each team's members' ratings after a match of many teams ranked ``ranks`` (0: first; equal ranks: tied), as
    a partie ranks its sides and a duplicate event its entrants (a player, or a partnership); the members of
    ``fixed`` (``(team, member)``: the bots) take part with their ratings, which do not move.

    >>> first, second, third = rate_teams([[NEW], [NEW], [NEW]], [0, 1, 1])
    >>> first[0].mu > NEW.mu > second[0].mu == third[0].mu
    True
    """
    if len(teams) != len(ranks) or len(teams) < 2 or not all(teams):
        raise RatingError(f"a match of {len(teams)} teams and {len(ranks)} ranks cannot be rated; allowed: one rank "
                          "per team, two teams or more, each of one member or more")
    model = [[MODEL.create_rating([rating.mu, rating.sigma]) for rating in team] for team in teams]
    rated: list[list[PlackettLuceRating]] = MODEL.rate(model, ranks=[float(rank) for rank in ranks])
    return tuple(tuple(team[member] if (index, member) in fixed else Rating(float(new.mu), float(new.sigma))
                       for member, new in enumerate(after))
                 for index, (team, after) in enumerate(zip(teams, rated, strict=True)))


@dataclass(frozen=True, slots=True)
class BotRating:
    """A bot level's fixed rating at one game, as measured, and the parties it was measured from."""

    rating: Rating
    games: int


@cache
def bot_ratings() -> Mapping[str, Mapping[str, BotRating]]:
    """The shipped ratings of each game's bot levels (``{game: {bot: BotRating}}``); empty before the first
    measurement."""
    source = resources.files(__package__ or "academie.room").joinpath(BOT_RATINGS_FILE)
    if not source.is_file():
        return {}
    data = json.loads(source.read_text(encoding="utf-8"))
    return {game: {bot: BotRating(Rating(float(entry["mu"]), float(entry["sigma"])), int(entry["games"]))
                   for bot, entry in levels.items()} for game, levels in data["ratings"].items()}


def bot_rating(game: str, bot: str) -> Rating:
    """The fixed rating of ``bot`` at ``game``: as measured, or :data:`NEW` for a level never measured."""
    found = bot_ratings().get(game, {}).get(bot)
    return NEW if found is None else found.rating
