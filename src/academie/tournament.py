"""Tournaments: every pair of bots plays the same deals in duplicate, and the bots are rated from the results.

Format (duplicate). A *board* is one deck order (its seed is ``derive_seed(seed, board)``: every pair of bots
plays the same boards). Each board is dealt several times from 0–0 with seat 0 dealing, the two bots of the pair
changing seats between deals so that the cards and the dealer's position favour neither (:func:`seatings`):

- two seats (Écarté, Le Quinze for two): twice, bot a in seat 0 then in seat 1;
- partnerships (Whist): twice, bot a holding seats 0 and 2 against bot b in seats 1 and 3, then the other way;
- three seats or more without partners (La Guimbarde, La Guinguette, Le Quinze for three or more): ``2 × seats``
  times, bot a alone in each seat in turn against copies of bot b in the others, then b alone against copies of
  a. A bot is thus measured against a table of copies of each other bot, both ways round, and every pairwise
  result is symmetric.

In a deal, a bot's *points* are the mean points of the seats it holds and its *margin* is that minus the other
bot's. A *board* is won by the bot with the higher points over all its deals: both bots held the same cards in
the same seats, so the luck of the deal cancels and only the play decides (a tie counts half to each). The
share of single deals won (``deal_win_rate``) is reported too, but it depends on the cards each bot was dealt.
A board's points and margin are the means over its deals; confidence intervals (95%, normal approximation) are
taken over boards, which are independent where the deals of one board are not.

Ratings (Elo scale, mean 0) are the Bradley–Terry fit of the boards won (:func:`fit_ratings`), with 95% intervals
from a bootstrap over the boards of each pair (a fixed generator seeded from the tournament's seed).

Reproducibility: the work is cut into tasks (a pair and a range of boards); a board's course depends only on the
game, the pair, the tournament's seed and the board's number, never on the task that plays it. The results are
put back in board order, so a tournament gives the same result whatever the number of workers and whatever the
backend: a local process pool, or Ray (``backend="ray"``: a local Ray instance, or a cluster by its address,
whose nodes must have ``academie`` installed). Both run the same task function, :func:`play_task`.

>>> result = tournament("ecarte", bots=("random", "classical"), deals=6, seed=1, workers=1, bootstrap=50)
>>> [bot.name for bot in result.ranking()], result.deals_per_board, len(result.pairs)
(['classical', 'random'], 2, 1)
"""

from __future__ import annotations

import itertools
import math
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Final, TypeVar

from academie.bots import Bot
from academie.engine import JSON, AcademieError, Rules
from academie.games import GameType, load, make_bot
from academie.sim import derive_seed, mean_ci

if TYPE_CHECKING:
    from matplotlib.axes import Axes

BACKENDS: Final = ("process", "ray")
"""Where the tasks run: a local process pool, or Ray remote functions."""
ELO_SCALE: Final = 400.0 / math.log(10.0)
"""Elo points per unit of the logistic scale: a 400-point lead means winning 10 deals to 1."""
PRIOR_BOARDS: Final = 1.0
"""Virtual boards per pair, counted as ties, that keep the ratings finite when a bot wins every board."""
BOOTSTRAP: Final = 1000
"""Resamples of the boards for the rating intervals."""
MAX_BOARDS_PER_TASK: Final = 16
"""At most this many boards per task; only speed depends on it, never the results."""
MAX_DEALS: Final = 1_000_000
"""The most boards per pair: days of play for the search bots, so that a mistyped count is refused at once."""
MAX_WORKERS: Final = 256
"""The most processes (or local Ray CPUs) a tournament may ask for."""
MAX_BOOTSTRAP: Final = 100_000
"""The most resamples for the rating intervals (each refits the ratings)."""
_BOOTSTRAP_STREAM: Final = -1
"""The path under the tournament's seed of the bootstrap's generator (boards use 0, 1, ...)."""


class TournamentError(AcademieError, ValueError):
    """A tournament that cannot run as asked (unknown bot, too few bots or deals, unknown backend...)."""


# ------------------------------------------------------------------------------------------------ results
@dataclass(frozen=True, slots=True)
class Estimate:
    """A value and its 95% interval."""

    value: float
    low: float
    high: float

    def as_dict(self) -> dict[str, JSON]:
        return {"value": self.value, "low": self.low, "high": self.high}


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board between bots a and b: each bot's points per deal, a's board score (1 won, ½ tied, 0 lost: the
    higher points over the board's deals wins) and a's share of the board's deals won (ties half)."""

    a_points: float
    b_points: float
    board_score: float
    deal_score: float


@dataclass(frozen=True, slots=True, kw_only=True)
class PairResult:
    """Bot a against bot b over the same boards: everything is seen from bot a."""

    bots: tuple[str, str]
    boards: tuple[BoardResult, ...]
    points: Estimate
    """Bot a's points per deal."""
    opponent_points: Estimate
    """Bot b's points per deal."""
    margin: Estimate
    """Bot a's points per deal minus bot b's."""
    win_rate: Estimate
    """The share of boards bot a won (ties count half)."""
    deal_win_rate: Estimate
    """The share of single deals bot a won (ties count half)."""

    def as_dict(self) -> dict[str, JSON]:
        return {"bots": list(self.bots), "boards": len(self.boards), "points": self.points.as_dict(),
                "opponent_points": self.opponent_points.as_dict(), "margin": self.margin.as_dict(),
                "win_rate": self.win_rate.as_dict(), "deal_win_rate": self.deal_win_rate.as_dict(),
                "per_board": [[b.a_points, b.b_points, b.board_score, b.deal_score] for b in self.boards]}


@dataclass(frozen=True, slots=True, kw_only=True)
class BotResult:
    """One bot over all its pairs: rating, points and margin per deal, win rate."""

    name: str
    rating: Estimate
    points: Estimate
    margin: Estimate
    """Points per deal more than its opponents."""
    win_rate: Estimate
    """The share of boards won."""
    deal_win_rate: Estimate
    """The share of single deals won."""
    deals: int

    def as_dict(self) -> dict[str, JSON]:
        return {"name": self.name, "rating": self.rating.as_dict(), "points": self.points.as_dict(),
                "margin": self.margin.as_dict(), "win_rate": self.win_rate.as_dict(),
                "deal_win_rate": self.deal_win_rate.as_dict(), "deals": self.deals}


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentResult:
    """A whole tournament. ``bots`` follow the order they were given in; :meth:`ranking` sorts them."""

    game: str
    seed: int
    seats: int
    deals: int
    """Boards (deck orders) per pair."""
    deals_per_board: int
    """How many times each board is dealt, with the seats changed (:func:`seatings`)."""
    format: str
    bots: tuple[BotResult, ...]
    pairs: tuple[PairResult, ...]
    bootstrap: int
    prior_boards: float

    def ranking(self) -> tuple[BotResult, ...]:
        """The bots, best rated first."""
        return tuple(sorted(self.bots, key=lambda bot: -bot.rating.value))

    def as_dict(self) -> dict[str, JSON]:
        return {"game": self.game, "seed": self.seed, "seats": self.seats, "deals": self.deals,
                "deals_per_board": self.deals_per_board, "format": self.format,
                "ratings": {"model": "Bradley-Terry on boards won, Elo scale, mean 0", "bootstrap": self.bootstrap,
                            "prior_boards": self.prior_boards},
                "ranking": [bot.name for bot in self.ranking()],
                "bots": [bot.as_dict() for bot in self.bots], "pairs": [pair.as_dict() for pair in self.pairs]}


# ------------------------------------------------------------------------------------------------ format
def seatings(game: GameType, seats: int) -> tuple[tuple[int, ...], ...]:
    """Who holds each seat in the deals of a board: 0 for bot a, 1 for bot b, one tuple per deal.

    >>> seatings(load("ecarte"), 2)
    ((0, 1), (1, 0))
    >>> seatings(load("whist"), 4)
    ((0, 1, 0, 1), (1, 0, 1, 0))
    >>> seatings(load("guimbarde"), 3)
    ((0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1))
    """
    if game.partnerships or seats == 2:
        return tuple(tuple((seat + side) % 2 for seat in range(seats)) for side in (0, 1))
    return tuple(tuple(alone if seat == lone_seat else 1 - alone for seat in range(seats))
                 for alone in (0, 1) for lone_seat in range(seats))


def describe_format(game: GameType, seats: int) -> str:
    """One sentence on how a board is played, for the results file and the plot."""
    if game.partnerships:
        return "every deal played twice, each bot's partnership in seats 0 and 2, then in seats 1 and 3"
    if seats == 2:
        return "every deal played twice, the bots swapping seats"
    return (f"every deal played {2 * seats} times at {seats} seats, each bot alone in every seat in turn "
            "against copies of the other")


def default_seats(game: GameType, rules: Rules | None) -> int:
    """The table size when none is asked for: the rules' ``players`` if they have one, else the game's minimum."""
    players = getattr(rules if rules is not None else game.rules(), "players", None)
    return players if isinstance(players, int) else game.min_seats


# ------------------------------------------------------------------------------------------------ playing
@dataclass(frozen=True, slots=True)
class Task:
    """Boards ``first`` to ``last - 1`` between a pair of bots: the unit of work of every backend."""

    game: str
    bots: tuple[str, str]
    seed: int
    rules: Rules | None
    seats: int
    first: int
    last: int


def _deal_points(game: GameType, names: Sequence[str], board_seed: int, rules: Rules | None) -> tuple[int, ...]:
    """The points per seat of one deal dealt from ``board_seed`` by seat 0, ``names[seat]`` in each seat."""
    seats = len(names)
    options: dict[str, int] = {"players": seats} if game.min_seats != game.max_seats else {}
    state = game.new(rules, seed=board_seed, first_dealer=0, **options)
    # Bot seeds follow the seats, not the bots: the same bot in the same seat of a board plays the same way.
    players: list[Bot] = [make_bot(game.name, name, seed=derive_seed(board_seed, seat + 1))
                          for seat, name in enumerate(names)]
    for _ in range(game.max_actions_per_deal):
        if state.deal_results:
            return tuple(state.deal_results[0].points)
        seat = state.actor
        if not isinstance(seat, int) or not 0 <= seat < seats:
            raise TournamentError(f"a tournament drives seats only; {seat!r} is to act (table mode?)")
        state.apply(players[seat].choose(state.view(seat)))
    raise TournamentError(f"a {game.name} deal went past {game.max_actions_per_deal} actions without ending")


def play_board(game: GameType, bots: tuple[str, str], seed: int, rules: Rules | None, seats: int,
               board: int) -> BoardResult:
    """Board ``board`` of a tournament between bots a and b, dealt once per seating of :func:`seatings`."""
    board_seed = derive_seed(seed, board)
    a_points = b_points = Fraction(0)  # exact, so that a tied board is a tie
    deal_score = 0.0
    plan = seatings(game, seats)
    for seating in plan:
        points = _deal_points(game, [bots[side] for side in seating], board_seed, rules)
        mine = [p for p, side in zip(points, seating, strict=True) if side == 0]
        theirs = [p for p, side in zip(points, seating, strict=True) if side == 1]
        a, b = Fraction(sum(mine), len(mine)), Fraction(sum(theirs), len(theirs))
        a_points += a
        b_points += b
        deal_score += _score(a, b)
    return BoardResult(float(a_points / len(plan)), float(b_points / len(plan)), _score(a_points, b_points),
                       deal_score / len(plan))


def _score(mine: Fraction, theirs: Fraction) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def play_task(task: Task) -> tuple[BoardResult, ...]:
    """Play a task's boards (run in a worker process or as a Ray remote function: the same code)."""
    game = load(task.game)
    return tuple(play_board(game, task.bots, task.seed, task.rules, task.seats, board)
                 for board in range(task.first, task.last))


def make_tasks(game: str, bots: Sequence[str], *, deals: int, seed: int, rules: Rules | None, seats: int,
               workers: int) -> list[Task]:
    """The tasks of a tournament, pair after pair (pairs in the order of ``itertools.combinations``)."""
    size = max(1, min(MAX_BOARDS_PER_TASK, -(-deals // (4 * workers))))
    return [Task(game, (a, b), seed, rules, seats, first, min(deals, first + size))
            for a, b in itertools.combinations(bots, 2) for first in range(0, deals, size)]


# ------------------------------------------------------------------------------------------------ backends
J = TypeVar("J")
R = TypeVar("R")
Progress = Callable[[int, int], None]
"""Called with (deals played so far, deals in all): once with nothing played yet, then after each task."""


def _run_processes(tasks: Sequence[J], workers: int, work: Callable[[J], R]) -> Iterator[tuple[int, R]]:
    if workers == 1:
        yield from ((index, work(task)) for index, task in enumerate(tasks))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures: dict[Future[R], int] = {pool.submit(work, task): index for index, task in enumerate(tasks)}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            for future in futures:
                future.cancel()


def _run_ray(tasks: Sequence[J], workers: int, address: str | None,
             work: Callable[[J], R]) -> Iterator[tuple[int, R]]:
    """The tasks as Ray remote functions: on the Ray instance already initialised, else on a new one (local, or
    the cluster at ``address``), shut down at the end."""
    try:
        import ray
    except ImportError:
        raise TournamentError("the ray backend needs Ray: pip install 'academie[ray]'; "
                              "allowed backends without it: process") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        remote = ray.remote(work)
        index_of = {remote.remote(task): index for index, task in enumerate(tasks)}
        pending = list(index_of)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield index_of[ref], ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


def run_work(work: Callable[[J], R], jobs: Sequence[J], *, backend: str, workers: int,
             ray_address: str | None = None) -> Iterator[tuple[int, R]]:
    """``work(job)`` for every job on the tournament's backends (a process pool or Ray), yielded as (index of
    the job, its result) in the order they finish: tournaments and analyses share this one machinery."""
    if backend not in BACKENDS:
        raise TournamentError(f"backend {backend!r} is not allowed; allowed: {', '.join(BACKENDS)}")
    if backend == "process":
        return _run_processes(jobs, workers, work)
    return _run_ray(jobs, workers, ray_address, work)


def run_tasks(tasks: Sequence[Task], *, backend: str, workers: int, ray_address: str | None = None,
              progress: Progress | None = None, deals_per_board: int = 1) -> list[tuple[BoardResult, ...]]:
    """Every task's boards, in task order whatever order they finished in."""
    runner = run_work(play_task, tasks, backend=backend, workers=workers, ray_address=ray_address)
    results: list[tuple[BoardResult, ...] | None] = [None] * len(tasks)
    total = sum(task.last - task.first for task in tasks) * deals_per_board
    done = 0
    if progress is not None:
        progress(done, total)  # the first task may take minutes: say at once how much there is to do
    for index, boards in runner:
        results[index] = boards
        done += len(boards) * deals_per_board
        if progress is not None:
            progress(done, total)
    return [boards for boards in results if boards is not None]


# ------------------------------------------------------------------------------------------------ statistics
def estimate(samples: Sequence[float], *, bounds: tuple[float, float] | None = None) -> Estimate:
    """The mean of ``samples`` with its 95% interval (normal approximation), clipped to ``bounds`` if given.

    >>> estimate([0.0, 1.0, 1.0, 1.0], bounds=(0.0, 1.0))
    Estimate(value=0.75, low=0.26..., high=1.0)
    """
    value, (low, high) = mean_ci(samples)
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Estimate(value, low, high)


def fit_ratings(wins: Sequence[Sequence[float]], games: Sequence[Sequence[float]], *,
                prior_boards: float = PRIOR_BOARDS, tolerance: float = 1e-12) -> tuple[float, ...]:
    """Bradley–Terry ratings on the Elo scale, mean 0: ``wins[i][j]`` games (boards) bot i won against bot j
    (ties half) out of ``games[i][j]``. Each pair that met gets ``prior_boards`` more games, counted as ties.

    The fit is Hunter's MM iteration for the maximum likelihood, so that bot i beats bot j in a share
    ``1 / (1 + 10 ** ((r_j - r_i) / 400))`` of their games.

    >>> [round(r) for r in fit_ratings([[0, 75], [25, 0]], [[0, 100], [100, 0]], prior_boards=0)]
    [95, -95]
    """
    count = len(wins)
    wins_with_prior = [[wins[i][j] + (prior_boards / 2 if games[i][j] else 0.0) for j in range(count)]
                       for i in range(count)]
    totals = [[games[i][j] + (prior_boards if games[i][j] else 0.0) for j in range(count)] for i in range(count)]
    won = [sum(row) for row in wins_with_prior]
    if any(w <= 0 for w in won):
        raise TournamentError("ratings need every bot to have won or tied some game; allowed: prior_boards > 0")
    strengths = [1.0] * count
    for _ in range(100_000):
        updated = [won[i] / sum(totals[i][j] / (strengths[i] + strengths[j]) for j in range(count) if j != i)
                   for i in range(count)]
        centre = math.exp(sum(math.log(s) for s in updated) / count)
        updated = [s / centre for s in updated]
        change = max(abs(math.log(new / old)) for new, old in zip(updated, strengths, strict=True))
        strengths = updated
        if change < tolerance:
            break
    return tuple(ELO_SCALE * math.log(s) for s in strengths)


def _percentile(ordered: Sequence[float], share: float) -> float:
    """The ``share`` quantile of sorted values, interpolated between neighbours."""
    position = share * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def rate(names: Sequence[str], pairs: Sequence[PairResult], *, seed: int, bootstrap: int = BOOTSTRAP,
         prior_boards: float = PRIOR_BOARDS) -> tuple[Estimate, ...]:
    """Each bot's rating from the boards won, with a 95% interval: the percentiles of the ratings refitted on
    ``bootstrap`` resamples (with replacement) of each pair's boards, drawn from a generator seeded from
    ``seed``."""
    position = {name: index for index, name in enumerate(names)}
    indices = [(position[pair.bots[0]], position[pair.bots[1]]) for pair in pairs]

    def fit(scores_per_pair: Sequence[Sequence[float]]) -> tuple[float, ...]:
        wins = [[0.0] * len(names) for _ in names]
        games = [[0.0] * len(names) for _ in names]
        for (a, b), scores in zip(indices, scores_per_pair, strict=True):
            wins[a][b] += sum(scores)
            wins[b][a] += len(scores) - sum(scores)
            games[a][b] += len(scores)
            games[b][a] += len(scores)
        return fit_ratings(wins, games, prior_boards=prior_boards)

    observed = [[board.board_score for board in pair.boards] for pair in pairs]
    ratings = fit(observed)
    generator = random.Random(derive_seed(seed, _BOOTSTRAP_STREAM))
    resampled = [fit([generator.choices(scores, k=len(scores)) for scores in observed]) for _ in range(bootstrap)]
    per_bot = [sorted(sample[index] for sample in resampled) for index in range(len(names))]
    return tuple(Estimate(ratings[index], _percentile(per_bot[index], 0.025), _percentile(per_bot[index], 0.975))
                 for index in range(len(names)))


def _pair_result(bots: tuple[str, str], boards: tuple[BoardResult, ...]) -> PairResult:
    return PairResult(bots=bots, boards=boards, points=estimate([b.a_points for b in boards]),
                      opponent_points=estimate([b.b_points for b in boards]),
                      margin=estimate([b.a_points - b.b_points for b in boards]),
                      win_rate=estimate([b.board_score for b in boards], bounds=(0.0, 1.0)),
                      deal_win_rate=estimate([b.deal_score for b in boards], bounds=(0.0, 1.0)))


def _bot_result(name: str, pairs: Sequence[PairResult], rating: Estimate, deals_per_board: int) -> BotResult:
    """A bot's boards from all its pairs, seen from its side."""
    points: list[float] = []
    margins: list[float] = []
    scores: list[float] = []
    deal_scores: list[float] = []
    for pair in pairs:
        if name not in pair.bots:
            continue
        first = pair.bots[0] == name
        for board in pair.boards:
            mine, theirs = (board.a_points, board.b_points) if first else (board.b_points, board.a_points)
            points.append(mine)
            margins.append(mine - theirs)
            scores.append(board.board_score if first else 1.0 - board.board_score)
            deal_scores.append(board.deal_score if first else 1.0 - board.deal_score)
    return BotResult(name=name, rating=rating, points=estimate(points), margin=estimate(margins),
                     win_rate=estimate(scores, bounds=(0.0, 1.0)),
                     deal_win_rate=estimate(deal_scores, bounds=(0.0, 1.0)), deals=len(points) * deals_per_board)


# ------------------------------------------------------------------------------------------------ tournament
def _check(game: GameType, bots: Sequence[str], deals: int, seats: int, workers: int, bootstrap: int) -> None:
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise TournamentError(f"a tournament needs two bots or more, each named once; got {', '.join(bots) or 'none'}")
    for name in bots:
        make_bot(game.name, name)  # an unknown bot fails here, naming the bots of the game
    if not game.min_seats <= seats <= game.max_seats or (game.partnerships and seats % 2):
        raise TournamentError(f"{seats} seats is not allowed for {game.name}; allowed: "
                              f"{game.min_seats} to {game.max_seats}" + (", even" if game.partnerships else ""))
    if not 2 <= deals <= MAX_DEALS:
        raise TournamentError(f"deals={deals} is not allowed; allowed: 2 to {MAX_DEALS:,} "
                              "(intervals need two boards)")
    if not 1 <= workers <= MAX_WORKERS:
        raise TournamentError(f"workers={workers} is not allowed; allowed: 1 to {MAX_WORKERS}")
    if not 2 <= bootstrap <= MAX_BOOTSTRAP:
        raise TournamentError(f"bootstrap={bootstrap} is not allowed; allowed: 2 to {MAX_BOOTSTRAP:,}")


def tournament(game: str, *, bots: Sequence[str], deals: int, seed: int, workers: int | None = None,
               backend: str = "process", ray_address: str | None = None, rules: Rules | None = None,
               seats: int | None = None, bootstrap: int = BOOTSTRAP, prior_boards: float = PRIOR_BOARDS,
               progress: Progress | None = None) -> TournamentResult:
    """A duplicate tournament: every pair of ``bots`` plays ``deals`` boards (see the module's docstring).

    ``workers`` defaults to every core (``os.cpu_count()``, at most :data:`MAX_WORKERS`); with ``backend="ray"``
    it is the number of CPUs of the local Ray instance started when Ray is not initialised and no ``ray_address``
    is given. ``seats`` is the table size for games of a variable number of players (default: the rules'
    ``players``).
    """
    game_type = load(game)
    table = seats if seats is not None else default_seats(game_type, rules)
    cores = workers if workers is not None else min(os.cpu_count() or 1, MAX_WORKERS)
    names = tuple(bots)
    _check(game_type, names, deals, table, cores, bootstrap)
    per_board = len(seatings(game_type, table))
    tasks = make_tasks(game_type.name, names, deals=deals, seed=seed, rules=rules, seats=table, workers=cores)
    results = run_tasks(tasks, backend=backend, workers=cores, ray_address=ray_address, progress=progress,
                        deals_per_board=per_board)
    boards: dict[tuple[str, str], list[BoardResult]] = {}
    for task, played in zip(tasks, results, strict=True):
        boards.setdefault(task.bots, []).extend(played)
    pairs = tuple(_pair_result(pair, tuple(played)) for pair, played in boards.items())
    ratings = rate(names, pairs, seed=seed, bootstrap=bootstrap, prior_boards=prior_boards)
    return TournamentResult(
        game=game_type.name, seed=seed, seats=table, deals=deals, deals_per_board=per_board,
        format=describe_format(game_type, table),
        bots=tuple(_bot_result(name, pairs, rating, per_board) for name, rating in zip(names, ratings, strict=True)),
        pairs=pairs, bootstrap=bootstrap, prior_boards=prior_boards)


# ------------------------------------------------------------------------------------------------ plot
def plot(result: TournamentResult, path: Path) -> None:
    """Write a PNG of the tournament: the ratings with their intervals, the points per deal over the opponents,
    and the head-to-head share of deals won, the bots best first."""
    from matplotlib.figure import Figure

    ranking = result.ranking()
    rows = range(len(ranking))
    labels = [bot.name for bot in ranking]
    colours = [f"C{index}" for index in rows]
    height = 2.2 + 0.6 * len(ranking)
    figure = Figure(figsize=(14, height), layout="constrained")
    rating_axes, margin_axes, matrix_axes = figure.subplots(1, 3, width_ratios=(1.2, 1.0, 0.9))
    title = load(result.game).title
    figure.suptitle(f"{title} duplicate tournament: {result.deals} deals per pair, seed {result.seed}\n"
                    f"{result.format} · intervals 95%", fontsize=11)
    _interval_panel(rating_axes, [bot.rating for bot in ranking], colours, title="Rating (Elo scale, mean 0)",
                    text="{:+.0f}")
    rating_axes.set_yticks(rows, [f"{bot.name}\n{bot.win_rate.value:.0%} of boards won" for bot in ranking])
    _interval_panel(margin_axes, [bot.margin for bot in ranking], colours,
                    title="Points per deal more than the opponents", text="{:+.2f}")
    margin_axes.set_yticks(rows, [""] * len(ranking))
    _matrix_panel(matrix_axes, result, labels)
    figure.savefig(path, format="png", dpi=110)


def _interval_panel(axes: Axes, values: Sequence[Estimate], colours: Sequence[str], *, title: str,
                    text: str) -> None:
    """One horizontal bar per bot from ``low`` to ``high``, a dot at the value, the values written above the bar
    on the side where the panel has room."""
    rows = list(range(len(values)))
    low = min(min(v.low for v in values), 0.0)
    high = max(max(v.high for v in values), 0.0)
    pad = 0.08 * (high - low or 1.0)
    axes.set_xlim(low - pad, high + pad)
    middle = (low + high) / 2
    for row, value, colour in zip(rows, values, colours, strict=True):
        axes.plot([value.low, value.high], [row, row], color=colour, linewidth=6, alpha=0.35,
                  solid_capstyle="round")
        axes.plot([value.value], [row], "o", color=colour, markersize=9)
        left = value.value < middle
        axes.annotate(f"{text.format(value.value)}  [{text.format(value.low)}, {text.format(value.high)}]",
                      (value.low if left else value.high, row), xytext=(0, 9), textcoords="offset points",
                      ha="left" if left else "right", fontsize=9)
    axes.axvline(0.0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_ylim(len(rows) - 0.4, -0.6)
    axes.set_title(title, fontsize=10)
    axes.grid(axis="x", alpha=0.3)


def _matrix_panel(axes: Axes, result: TournamentResult, labels: Sequence[str]) -> None:
    """The share of boards each bot (row) won against each other bot (column), as a coloured table."""
    share: dict[tuple[str, str], Estimate] = {}
    for pair in result.pairs:
        a, b = pair.bots
        rate_ = pair.win_rate
        share[a, b] = rate_
        share[b, a] = Estimate(1.0 - rate_.value, 1.0 - rate_.high, 1.0 - rate_.low)
    grid = [[share[row, column].value if row != column else math.nan for column in labels] for row in labels]
    axes.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
    for i, row in enumerate(labels):
        for j, column in enumerate(labels):
            if i != j:
                value = share[row, column]
                dark = abs(value.value - 0.5) > 0.3
                axes.text(j, i, f"{value.value:.0%}\n±{(value.high - value.low) / 2:.0%}", ha="center",
                          va="center", fontsize=9, color="white" if dark else "black")
            else:
                axes.text(j, i, "—", ha="center", va="center", color="grey")
    axes.set_xticks(range(len(labels)), labels, fontsize=9)
    axes.set_yticks(range(len(labels)), labels, fontsize=9)
    axes.set_title("Boards won by row against column\n(a board: one deal in all its seatings)", fontsize=10)
