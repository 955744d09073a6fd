"""The bots' levels on the players' scale (issue 32): each game's adjacent levels play whole parties with each other
in duplicate, and every level's rating is fitted from all those parties at once by the same model as the players'
(:mod:`academie.room.ratings`). The result, written by ``academie ratings bots`` into the package's
``bot_ratings.json`` with the command and seed that made it, is what the room's rated tables use as the bots'
fixed ratings: "you beat the expert" is then a number.

**The parties.** A *board* is one seed of deals played as a whole partie once per seating of
:func:`academie.tournament.seatings` (two levels swapping seats, or each alone in every seat against copies of the
other): the same deck orders reach both levels, so the cards' luck cancels within a board. Only adjacent levels
meet (the ladder's rungs, ``docs/ladder``), at the game's usual table (:func:`academie.tournament.default_seats`)
and its default rules. Everything is dealt from the seed (:func:`academie.sim.derive_seed`), so a run is
repeatable, whatever the number of processes; with a store folder every partie is kept as it finishes, and
a run stopped part way resumes where it stopped.

**The fit.** The room rates a partie with OpenSkill's Plackett-Luce model, in which a side ranks first with the
chance ``exp(mu / c)`` over the sum of that of every side it ranks with or above (a side's ``mu``: the sum of its
players'; ``c``: the square root of ``beta**2`` plus a side's ``sigma**2`` summed over the sides). A player's rating
settles where the model's chances equal his results, ``c`` then tending to ``beta`` summed over the sides. The
levels are fitted to that settled model from every partie at once (:func:`fit`): the most probable ``mu`` given
the parties and the prior every new player starts from (``mu`` 25, ``sigma`` 25/3), and each level's ``sigma`` from
the curvature there. The model fixes the ratings' differences, not where the scale starts: the levels' mean is put
where a new player starts (25), and each ``sigma`` is the uncertainty of a level with that mean held.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Final

import numpy as np

from academie.engine import JSON
from academie.games import load
from academie.registry import GameType
from academie.room.ratings import MODEL, NEW, Rating, RatingError, final_ranks, rate, side_of
from academie.sim import derive_seed
from academie.tournament import default_seats, run_work, seatings

MOST_BOARDS: Final = 100_000
"""The most boards per pair of adjacent levels one run may play."""
SIGMA_BOUND: Final = 2.0
"""The shipped ratings' promise: every level's ``sigma`` below this, under a quarter of a new player's (``25/3``)."""
SEPARATION: Final = 1.96
"""Two adjacent levels are *separated* when their difference exceeds this many of its standard deviations (95%)."""


@dataclass(frozen=True, slots=True)
class Partie:
    """One partie as rated: the level at each seat, and each seat's rank (0: first; partners share a rank)."""

    bots: tuple[str, ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Chunk:
    """The partie of board ``board`` at seating ``seating`` (:func:`academie.tournament.seatings`) between
    ``weaker`` and ``stronger`` at ``game``: the unit of work and of resuming. One partie, not one board: a board of
    the strongest levels at four seats is eight parties of a quarter of a minute's processor each, and a loaded
    machine gives each process little of a core, so that a board played by one process would hold up the run."""

    game: str
    weaker: str
    stronger: str
    seed: int
    """The run's seed (each board's is derived from it, the game and the pair)."""
    board: int
    seating: int

    @property
    def key(self) -> str:
        """The chunk's name in a store folder."""
        return f"{self.game}-{self.stronger}-{self.weaker}-s{self.seed}-b{self.board}-p{self.seating}"


@dataclass(frozen=True, slots=True)
class LevelRating:
    """A bot level's measured rating at one game, and the parties it played."""

    bot: str
    rating: Rating
    games: int


@dataclass(frozen=True, slots=True)
class Rung:
    """Two adjacent levels as measured: the stronger's ``mu`` minus the weaker's, and that difference's standard
    deviation."""

    weaker: str
    stronger: str
    parties: int
    difference: float
    sigma: float

    @property
    def separated(self) -> bool:
        """Whether the difference lies :data:`SEPARATION` standard deviations or more from zero (either way)."""
        return abs(self.difference) >= SEPARATION * self.sigma

    def as_dict(self) -> dict[str, JSON]:
        return {"weaker": self.weaker, "stronger": self.stronger, "parties": self.parties,
                "difference": round(self.difference, 4), "sigma": round(self.sigma, 4), "separated": self.separated}


@dataclass(frozen=True, slots=True)
class Measured:
    """One game's levels as measured: their ratings (weakest first), the adjacent pairs, and the processor time
    the parties took (summed over the processes, kept chunks included)."""

    game: str
    levels: tuple[LevelRating, ...]
    rungs: tuple[Rung, ...]
    cpu_seconds: float

    @property
    def parties(self) -> int:
        return sum(rung.parties for rung in self.rungs)


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


def play_chunk(chunk: Chunk) -> tuple[tuple[Partie, ...], float]:
    """A chunk's partie, and the processor time it took (run in a worker process: the same code)."""
    started = time.process_time()
    game = load(chunk.game)
    seating = seatings(game, default_seats(game, None))[chunk.seating]
    pair_seed = derive_seed(chunk.seed, *f"{game.name}:{chunk.weaker}:{chunk.stronger}".encode())
    bots = tuple(chunk.stronger if side == 0 else chunk.weaker for side in seating)
    return (Partie(bots, play(game, bots, derive_seed(pair_seed, chunk.board))),), time.process_time() - started


def _kept(store: Path | None, chunk: Chunk) -> tuple[tuple[Partie, ...], float] | None:
    path = None if store is None else store / f"{chunk.key}.json"
    if path is None or not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Partie(tuple(bots), tuple(ranks)) for bots, ranks in data["parties"]), float(data["cpu_seconds"])


def _keep(store: Path | None, chunk: Chunk, played: tuple[tuple[Partie, ...], float]) -> None:
    if store is None:
        return
    store.mkdir(parents=True, exist_ok=True)
    parties, seconds = played
    data = {"parties": [[list(partie.bots), list(partie.ranks)] for partie in parties], "cpu_seconds": seconds}
    (store / f"{chunk.key}.json").write_text(json.dumps(data) + "\n", encoding="utf-8")


def measure(game_name: str, *, boards: int, seed: int, workers: int = 1, levels: Sequence[str] | None = None,
            pair_boards: Mapping[tuple[str, str], int] | None = None, store: Path | None = None,
            progress: Callable[[int, int], None] | None = None) -> Measured:
    """The bot levels of ``game_name`` (``levels``, default every one) rated from ``boards`` boards of each pair of
    adjacent levels (``pair_boards[(weaker, stronger)]`` where given: a pair of fast levels, or one that the weaker
    seldom wins, wants more), on ``workers`` processes; with ``store``, the chunks are kept there and those kept
    already are read back instead of played (``progress`` is called with the chunks done and the chunks in all)."""
    counts = dict(pair_boards or {})
    for count in (boards, *counts.values()):
        if not 1 <= count <= MOST_BOARDS:
            raise RatingError(f"boards={count} is not allowed; allowed: 1 to {MOST_BOARDS:,}")
    if workers < 1:
        raise RatingError(f"workers={workers} is not allowed; allowed: 1 or more")
    game = load(game_name)
    names = tuple(levels) if levels is not None else game.bot_names()
    if len(names) < 2 or len(set(names)) < len(names) or not set(names) <= set(game.bot_names()):
        raise RatingError(f"levels {', '.join(names)} are not allowed; allowed: two or more of "
                          f"{', '.join(game.bot_names())}")
    names = tuple(sorted(names, key=game.bot_names().index))
    pairs = list(itertools.pairwise(names))
    if not set(counts) <= set(pairs):
        raise RatingError(f"pairs {sorted(set(counts) - set(pairs))} are not allowed; allowed: adjacent levels {pairs}")
    plan = range(len(seatings(game, default_seats(game, None))))
    chunks = [Chunk(game.name, weaker, stronger, seed, board, seating)
              for weaker, stronger in reversed(pairs)  # the slowest first
              for board in range(counts.get((weaker, stronger), boards)) for seating in plan]
    played: list[tuple[tuple[Partie, ...], float] | None] = [_kept(store, chunk) for chunk in chunks]
    todo = [index for index, kept in enumerate(played) if kept is None]
    done = len(chunks) - len(todo)
    for job, result in run_work(play_chunk, [chunks[index] for index in todo], backend="process", workers=workers):
        played[todo[job]] = result
        _keep(store, chunks[todo[job]], result)
        done += 1
        if progress is not None:
            progress(done, len(chunks))
    parties = [partie for result in played if result is not None for partie in result[0]]
    levels_fitted, rungs = fit(names, parties, partnerships=game.partnerships)
    return Measured(game.name, levels_fitted, rungs,
                    sum(result[1] for result in played if result is not None))


def fit(levels: Sequence[str], parties: Iterable[Partie], *,
        partnerships: bool) -> tuple[tuple[LevelRating, ...], tuple[Rung, ...]]:
    """Every level's rating from ``parties`` under the room's model, settled (see the module's docstring): the most
    probable ``mu`` given the parties and a new player's prior, found by Newton's method, the levels' mean put at a
    new player's ``mu``; each ``sigma`` and each adjacent pair's difference from the curvature there, with the mean
    held. Ties share their rank as in the model: every side of a rank counts the sides of that rank with it.

    Parties of levels that play ``mu`` 30 and 20 (the chances of the settled model, two sides: the first wins
    with the chance ``1 / (1 + exp(-10 / (beta * sqrt 2)))``, 84%) come out near 30 and 20:

    >>> won = round(1000 / (1 + math.exp(-10 / (MODEL.beta * math.sqrt(2)))))
    >>> parties = [Partie(("a", "b"), (0, 1))] * won + [Partie(("a", "b"), (1, 0))] * (1000 - won)
    >>> ratings, (rung,) = fit(["b", "a"], parties, partnerships=False)
    >>> [(level.bot, round(level.rating.mu, 1), level.games) for level in ratings]
    [('b', 20.0, 1000), ('a', 30.0, 1000)]
    >>> round(rung.difference, 1), rung.separated
    (10.0, True)
    """
    index = {level: number for number, level in enumerate(levels)}
    counted = Counter(parties)
    games: Counter[str] = Counter()
    rows = []  # per distinct partie: how often, each side's count of each level, each side's rank, c
    for partie, count in counted.items():
        games.update(dict.fromkeys(set(partie.bots), count))
        sides = sorted({side_of(seat, partnerships=partnerships) for seat in range(len(partie.bots))})
        members = np.zeros((len(sides), len(levels)))
        ranks = np.zeros(len(sides))
        for seat, bot in enumerate(partie.bots):
            side = sides.index(side_of(seat, partnerships=partnerships))
            members[side, index[bot]] += 1
            ranks[side] = partie.ranks[seat]
        rows.append((count, members, ranks, MODEL.beta * math.sqrt(len(sides))))
    prior = 1 / NEW.sigma**2
    mu = np.full(len(levels), NEW.mu)
    for _ in range(100):
        gradient = -prior * (mu - NEW.mu)
        curvature = prior * np.eye(len(levels))
        for count, members, ranks, c in rows:
            theta = members @ mu / c
            for side in range(len(ranks)):
                rivals = ranks >= ranks[side]
                weights = np.exp(theta[rivals] - theta[rivals].max())
                weights /= weights.sum()
                mean = weights @ members[rivals]
                gradient += count * (members[side] - mean) / c
                curvature += count * ((members[rivals].T * weights) @ members[rivals] - np.outer(mean, mean)) / c**2
        step = np.linalg.solve(curvature, gradient)
        mu += step
        if np.abs(step).max() < 1e-10:
            break
    mu += NEW.mu - mu.mean()
    covariance = np.linalg.inv(curvature)
    spread = covariance.sum(axis=1)
    covariance -= np.outer(spread, spread) / spread.sum()  # the uncertainty left with the levels' mean held
    ratings = tuple(LevelRating(level, Rating(float(mu[number]), math.sqrt(max(covariance[number, number], 0.0))),
                                games[level]) for number, level in enumerate(levels))
    rungs = []
    for (low, weaker), (high, stronger) in itertools.pairwise(enumerate(levels)):
        variance = covariance[low, low] + covariance[high, high] - 2 * covariance[low, high]
        met = sum(count for partie, count in counted.items() if set(partie.bots) == {weaker, stronger})
        rungs.append(Rung(weaker, stronger, met, float(mu[high] - mu[low]), math.sqrt(max(variance, 0.0))))
    return ratings, tuple(rungs)


def out_of_order(measured: Measured, apart: Collection[tuple[str, str]]) -> tuple[Rung, ...]:
    """The pairs of adjacent levels that ``apart`` says differ (``(lower, higher)``, either way round: the pairs the
    ladder finds apart, ``docs/ladder``) and that ``measured`` rates the other way round, or level."""
    return tuple(rung for rung in measured.rungs
                 if ((rung.weaker, rung.stronger) in apart and rung.difference <= 0)
                 or ((rung.stronger, rung.weaker) in apart and rung.difference >= 0))


def as_json(measured: Sequence[Measured], *, command: str, seed: int, workers: int, seconds: float) -> str:
    """The shipped file's text: the command and seed that made it, how, and each level's rating and each pair's
    difference per game."""
    data = {"command": command, "seed": seed,
            "parties": {game.game: game.parties for game in measured},
            "cpu_seconds": {game.game: round(game.cpu_seconds, 1) for game in measured},
            "workers": workers, "seconds": round(seconds, 1),
            "model": f"openskill {metadata.version('openskill')} PlackettLuce (defaults), settled; levels' mean "
                     f"{NEW.mu:g}",
            "sigma_bound": SIGMA_BOUND,
            "ratings": {game.game: {level.bot: {"mu": round(level.rating.mu, 4), "sigma": round(level.rating.sigma, 4),
                                                "games": level.games} for level in game.levels}
                        for game in measured},
            "rungs": {game.game: [rung.as_dict() for rung in game.rungs] for game in measured}}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def measure_all(game_names: Sequence[str], *, boards: Mapping[str, int], seed: int, out: Path, command: str,
                pair_boards: Mapping[str, Mapping[tuple[str, str], int]] | None = None, workers: int = 1,
                store: Path | None = None,
                progress: Callable[[str, int, int], None] | None = None) -> tuple[Measured, ...]:
    """Measure every game of ``game_names`` (``boards[game]`` boards per pair of its adjacent levels,
    ``pair_boards[game]`` for the pairs given) and write the file ``out``, with the ``command`` that asked for it."""
    started = time.perf_counter()
    measured = []
    for name in game_names:
        def told(done: int, total: int, name: str = name) -> None:
            if progress is not None:
                progress(name, done, total)

        measured.append(measure(name, boards=boards[name], seed=seed, workers=workers, store=store, progress=told,
                                pair_boards=(pair_boards or {}).get(name)))
    out.write_text(as_json(measured, command=command, seed=seed, workers=workers,
                           seconds=time.perf_counter() - started), encoding="utf-8")
    return tuple(measured)


def chance_to_beat(player: Rating, level: Rating, *, sides: int = 2, partners: int = 1) -> float:
    """The chance the room's model gives a player rated ``player`` of ranking first against bots of ``level``: in a
    partie of ``sides`` sides, each of ``partners`` seats (a partnership of two players of that rating against two
    bots of that level: ``partners=2``; a free-for-all of four: ``sides=4``).

    >>> round(chance_to_beat(Rating(25.0, 0.0), Rating(25.0, 0.0), sides=4), 2)
    0.25
    >>> round(chance_to_beat(Rating(30.0, 1.0), Rating(25.0, 1.0)), 2)
    0.7
    """
    c = math.sqrt(sides * MODEL.beta**2 + partners * (player.sigma**2 + (sides - 1) * level.sigma**2))
    return 1 / (1 + (sides - 1) * math.exp(partners * (level.mu - player.mu) / c))


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
