"""The bots' levels on the players' scale (issue 32): each game's bots play parties with each other through the
library, and their ratings are fitted by the same model as the players' (:mod:`academie.room.ratings`), every
level starting where a new player starts. The result, written by ``academie ratings bots`` into the package's
``bot_ratings.json`` with the command and seed that made it, is what the room's rated tables use as the bots'
fixed ratings: "you beat the expert" is then a number.

The parties are dealt from the seed alone (:func:`academie.sim.derive_seed`), so a run is repeatable.
"""

from __future__ import annotations

import functools
import itertools
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from academie.games import load
from academie.registry import GameType
from academie.room.ratings import NEW, Rating, RatingError, final_ranks, rate
from academie.sim import derive_seed

MOST_GAMES = 10_000
"""The most parties per game one run may play."""


@dataclass(frozen=True, slots=True)
class LevelRating:
    """A bot level's measured rating at one game, and the parties it played."""

    bot: str
    rating: Rating
    games: int


def seating(game: GameType, index: int) -> tuple[str, ...]:
    """The bots of partie ``index``, seat by seat, at the game's smallest table: in a game of partnerships each
    side is one level (every ordered pair of two levels in turn); otherwise every ordering of distinct levels in
    turn (a level sits twice only when there are more seats than levels).

    >>> from academie.games import load
    >>> seating(load("ecarte"), 0), seating(load("ecarte"), 1)
    (('random', 'classical'), ('random', 'search'))
    """
    levels = game.bot_names()
    if game.partnerships:
        pair = list(itertools.permutations(levels, 2))[index % (len(levels) * (len(levels) - 1))]
        return tuple(pair[seat % 2] for seat in range(game.min_seats))
    orders = list(itertools.permutations(levels, min(game.min_seats, len(levels))))
    order = orders[index % len(orders)]
    return tuple(order[seat % len(order)] for seat in range(game.min_seats))


def play(game: GameType, bots: Sequence[str], seed: int) -> tuple[int, ...]:
    """The ranks of one partie between ``bots`` (seat order) dealt from ``seed``, as a rated table's would be
    (:func:`academie.room.ratings.final_ranks`); the deals and the bots' seeds as :func:`academie.sim.play_partie`
    derives them."""
    players = {} if game.min_seats == game.max_seats else {"players": len(bots)}
    state = game.new(None, seed=derive_seed(seed, 0), **players)
    seated = [game.make_bot(bot, seed=derive_seed(seed, seat + 1)) for seat, bot in enumerate(bots)]
    while not state.is_terminal:
        actor = state.actor
        if not isinstance(actor, int) or not 0 <= actor < len(seated):
            raise RatingError(f"the bots play seats only; {actor!r} is to act")
        state.apply(seated[actor].choose(state.view(actor)))
    return final_ranks(state, partnerships=game.partnerships)


def measure(game_name: str, *, games: int, seed: int,
            progress: Callable[[int], None] | None = None) -> tuple[LevelRating, ...]:
    """Every bot level of ``game_name`` rated from ``games`` parties with each other (``progress`` is called with
    the number of parties played after each one); weakest first, as the game lists its bots."""
    if not 1 <= games <= MOST_GAMES:
        raise RatingError(f"games={games} is not allowed; allowed: 1 to {MOST_GAMES:,}")
    game = load(game_name)
    ratings = {bot: NEW for bot in game.bot_names()}
    played = dict.fromkeys(game.bot_names(), 0)
    for index in range(games):
        bots = seating(game, index)
        after = rate([ratings[bot] for bot in bots], play(game, bots, derive_seed(seed, index)),
                     partnerships=game.partnerships)
        for seat, bot in enumerate(bots):  # a level seated twice (partners) moves once, by its first seat
            if bots.index(bot) == seat:
                ratings[bot] = after[seat]
                played[bot] += 1
        if progress is not None:
            progress(index + 1)
    return tuple(LevelRating(bot, ratings[bot], played[bot]) for bot in game.bot_names())


def as_json(measured: dict[str, Sequence[LevelRating]], *, command: str, seed: int, games: int,
            seconds: float) -> str:
    """The shipped file's text: the command and seed that made it, the model, and each level's rating."""
    data = {"command": command, "seed": seed, "games_per_game": games, "seconds": round(seconds, 1),
            "model": f"openskill {metadata.version('openskill')} PlackettLuce (defaults)",
            "ratings": {game: {level.bot: {"mu": round(level.rating.mu, 4), "sigma": round(level.rating.sigma, 4),
                                           "games": level.games} for level in levels}
                        for game, levels in measured.items()}}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def measure_all(game_names: Sequence[str], *, games: int, seed: int, out: Path, command: str,
                progress: Callable[[str, int], None] | None = None) -> dict[str, Sequence[LevelRating]]:
    """Measure every game of ``game_names`` and write the file ``out``, with the ``command`` that asked for it."""
    started = time.perf_counter()
    measured: dict[str, Sequence[LevelRating]] = {}
    for name in game_names:
        told = None if progress is None else functools.partial(progress, name)
        measured[name] = measure(name, games=games, seed=derive_seed(seed, len(measured)), progress=told)
    out.write_text(as_json(measured, command=command, seed=seed, games=games,
                           seconds=time.perf_counter() - started), encoding="utf-8")
    return measured


@dataclass(frozen=True, slots=True)
class Simulated:
    """Players of known strength rated from their parties: each player's level and rating at the end, and the
    number of parties after which the ratings ordered the levels rightly and kept that order to the end (None:
    not ordered at the end)."""

    levels: tuple[str, ...]
    ratings: tuple[Rating, ...]
    ordered_after: int | None


def simulate_players(game_name: str, levels: Sequence[str], *, parties: int, seed: int) -> Simulated:
    """Players who each play as one bot level (``levels``, weakest level first in the game's list of bots) rated
    from ``parties`` parties as the room rates accounts: at the game's smallest table, player ``i + k`` at seat
    ``k`` of partie ``i`` (in turn), every rating moving. Rightly ordered: every player of a stronger level (later
    in the game's list) rated above every player of a weaker one, by ``mu``."""
    game = load(game_name)
    strength = {bot: index for index, bot in enumerate(game.bot_names())}
    current = [NEW] * len(levels)
    ordered_after: int | None = None
    for index in range(parties):
        players = [(index + seat) % len(levels) for seat in range(game.min_seats)]
        ranks = play(game, [levels[player] for player in players], derive_seed(seed, index))
        after = rate([current[player] for player in players], ranks, partnerships=game.partnerships)
        for seat, player in enumerate(players):
            current[player] = after[seat]
        ordered = all(current[a].mu > current[b].mu for a in range(len(levels)) for b in range(len(levels))
                      if strength[levels[a]] > strength[levels[b]])
        ordered_after = (ordered_after or index + 1) if ordered else None
    return Simulated(tuple(levels), tuple(current), ordered_after)
