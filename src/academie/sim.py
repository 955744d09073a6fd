"""Simulation: bots play each other for a fixed number of deals, and duplicate matches between two bots.

The simulator is a client of the engine: it drives states with bots and adds up what the states report
(``state.deal_results[*].points``, ``state.game_results[*].winner``). It does no printing; a caller that
wants a progress bar passes a ``progress`` callback.

Reproducibility: every partie (and every duplicate board) gets its own seed derived from the run's seed and
its index (:func:`derive_seed`), so its course does not depend on which process plays it. Work is handed out
in fixed chunks of parties and the results are added up in partie order, so the totals are the same whatever
the number of ``workers``.

>>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
True
"""

from __future__ import annotations

import hashlib
import itertools
import math
import time
from collections import deque
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Final, TypeVar

from academie.bots import Bot
from academie.engine import JSON, AcademieError, Game, Rules
from academie.games import GameType, load, make_bot

T = TypeVar("T")

DEALS_PER_CHUNK: Final = 60
"""About how many deals one task plays; only speed depends on it, never the totals."""
Z_95: Final = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""
MAX_DEALS: Final = 100_000_000
"""The most deals (or boards) one run may play: hours of work at the fastest bots, so that a mistyped count is
refused at once instead of running until it is killed."""
MAX_WORKERS: Final = 256
"""The most processes one run may start: far more than any machine's cores, few enough not to swamp one."""


class SimulationError(AcademieError, ValueError):
    """A simulation that cannot run as asked (wrong number of bots, no deals, a bot that cannot act...)."""


def derive_seed(seed: int, *path: int) -> int:
    """A 64-bit seed for a sub-task, from the run's seed and the sub-task's position: the same everywhere."""
    data = ",".join(str(part) for part in (seed, *path)).encode("ascii")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


# ------------------------------------------------------------------------------------------------ results
@dataclass(frozen=True, slots=True, kw_only=True)
class SimResult:
    """What :func:`simulate` measured. Per-seat tuples follow the order of ``bots``."""

    game: str
    deals: int
    seed: int
    bots: tuple[str, ...]
    totals: tuple[int, ...]
    """Points scored per seat, summed over the deals played."""
    games: tuple[int, ...]
    """Games won per seat (a game cut short by the last deal is won by nobody)."""
    actions: int
    """Actions applied by the players (chance excluded)."""
    parties: int
    cut_short: bool
    """True when the last partie was still running after the last deal and was stopped there."""
    seconds: float

    def as_dict(self) -> dict[str, JSON]:
        return {"game": self.game, "deals": self.deals, "seed": self.seed, "bots": list(self.bots),
                "totals": list(self.totals), "games": list(self.games), "actions": self.actions,
                "parties": self.parties, "cut_short": self.cut_short, "seconds": self.seconds}


@dataclass(frozen=True, slots=True, kw_only=True)
class DuplicateResult:
    """A duplicate match: every deck order played twice, the two bots swapping seats.

    ``mean`` is the mean over boards of bot a's points minus bot b's per deal; ``win_rate`` is the share of
    deals bot a won (more points than b in the deal; a tie counts half). Both come with a 95% confidence
    interval (normal approximation over boards, the two deals of a board being averaged first).
    """

    game: str
    deals: int
    """The number of boards (deck orders); each is played twice."""
    seed: int
    bots: tuple[str, str]
    mean: float
    ci: tuple[float, float]
    win_rate: float
    win_ci: tuple[float, float]
    seconds: float

    def as_dict(self) -> dict[str, JSON]:
        return {"game": self.game, "deals": self.deals, "seed": self.seed, "bots": list(self.bots),
                "mean": self.mean, "ci": list(self.ci), "win_rate": self.win_rate, "win_ci": list(self.win_ci),
                "seconds": self.seconds}


@dataclass(frozen=True, slots=True)
class DealStat:
    """One deal of a simulated partie: points per seat, players' actions, and the game it ended, if any."""

    points: tuple[int, ...]
    actions: int
    game_winner: int | None


# ------------------------------------------------------------------------------------------------ playing
def _bots_for(game: GameType, names: Sequence[str], seed: int) -> list[Bot]:
    return [make_bot(game.name, name, seed=derive_seed(seed, seat + 1)) for seat, name in enumerate(names)]


def _new_state(game_type: GameType, rules: Rules | None, seats: int, **options: object) -> Game:
    """A new state for ``seats`` players: games with a variable number of seats are told how many."""
    if game_type.min_seats != game_type.max_seats:
        options["players"] = seats
    return game_type.new(rules, **options)


def _step(state: Game, players: Sequence[Bot]) -> None:
    """Let the seat to act choose from its view, and apply the choice (checked: a bot's mistake is an error)."""
    seat = state.actor
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        raise SimulationError(f"the simulator drives seats only; {seat!r} is to act (a table ruling?)")
    state.apply(players[seat].choose(state.view(seat)))


def play_partie(game: str, bots: Sequence[str], seed: int, rules: Rules | None = None) -> tuple[DealStat, ...]:
    """Play one whole partie between ``bots`` (seat order) from ``seed``; one :class:`DealStat` per deal."""
    game_type = load(game)
    state = _new_state(game_type, rules, len(bots), seed=derive_seed(seed, 0))
    players = _bots_for(game_type, bots, seed)
    stats: list[DealStat] = []
    actions = 0

    def collect() -> None:
        """Turn the deals that ended during the last step into stats (a step ends at most one deal by play;
        any further deal it ends is ended by chance, a turned king reaching game, so the games that ended
        belong to the last deals)."""
        nonlocal actions
        new_deals = state.deal_results[len(stats):]
        winners = [g.winner for g in state.game_results[sum(s.game_winner is not None for s in stats):]]
        first_ender = len(new_deals) - len(winners)
        for offset, deal in enumerate(new_deals):
            winner = winners[offset - first_ender] if offset >= first_ender else None
            stats.append(DealStat(tuple(deal.points), actions if offset == 0 else 0, winner))
        if new_deals:
            actions = 0

    collect()
    while not state.is_terminal:
        _step(state, players)
        actions += 1
        collect()
    return tuple(stats)


def _play_chunk(game: str, bots: tuple[str, ...], seed: int, rules: Rules | None, size: int,
                chunk: int) -> list[tuple[DealStat, ...]]:
    return [play_partie(game, bots, derive_seed(seed, index), rules)
            for index in range(chunk * size, (chunk + 1) * size)]


def _ordered(work: Callable[[int], T], *, workers: int, limit: int | None = None) -> Generator[T, None, None]:
    """``work(0)``, ``work(1)``, ... in order (up to ``limit``), computed by a pool when ``workers > 1``."""
    indices = itertools.count() if limit is None else iter(range(limit))
    if workers == 1:
        for index in indices:
            yield work(index)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        pending: deque[Future[T]] = deque(pool.submit(work, i) for i in itertools.islice(indices, 2 * workers))
        while pending:
            result = pending.popleft().result()
            pending.extend(pool.submit(work, i) for i in itertools.islice(indices, 1))
            yield result
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _check(game: str, bots: Sequence[str], deals: int, workers: int) -> GameType:
    game_type = load(game)
    if not game_type.min_seats <= len(bots) <= game_type.max_seats:
        seats = (str(game_type.min_seats) if game_type.min_seats == game_type.max_seats
                 else f"{game_type.min_seats} to {game_type.max_seats}")
        raise SimulationError(f"{game_type.name} needs {seats} bots, one per seat; "
                              f"got {len(bots)}: {', '.join(bots) or 'none'}")
    for name in bots:
        make_bot(game_type.name, name)  # an unknown name fails here, before any work is handed out
    if not 1 <= deals <= MAX_DEALS:
        raise SimulationError(f"deals={deals} is not allowed; allowed: 1 to {MAX_DEALS:,}")
    if not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(f"workers={workers} is not allowed; allowed: 1 to {MAX_WORKERS}")
    return game_type


def _winning_seats(game_type: GameType, winner: int, seats: int) -> range:
    """The seats credited with a game: the winner, or in a partnership game every seat of the winning side."""
    if game_type.partnerships:
        return range(winner, seats, 2)
    return range(winner, winner + 1)


def simulate(game: str, *, bots: Sequence[str], deals: int, seed: int, workers: int = 1, rules: Rules | None = None,
             progress: Callable[[int], None] | None = None) -> SimResult:
    """Play exactly ``deals`` deals between ``bots`` (one per seat), partie after partie.

    Partie ``i`` is dealt from ``derive_seed(seed, i)``; a partie still running after the last deal is cut
    short there. ``progress`` (if given) is called with the number of deals done so far: 0 before the
    first partie, then after each chunk of parties.

    >>> result = simulate("ecarte", bots=["random", "random"], deals=12, seed=5)
    >>> result.deals, sum(result.totals) >= 12, result.parties >= 1
    (12, True, True)
    """
    game_type = _check(game, bots, deals, workers)
    if progress is not None:
        progress(0)  # at once, so that a display can show the whole run before the first chunk ends
    started = time.perf_counter()
    names = tuple(bots)
    seats = len(names)
    size = max(1, min(32, deals // (6 * 4 * workers)))  # parties per task: about 6 deals per partie
    work = partial(_play_chunk, game_type.name, names, seed, rules, size)
    totals, games = [0] * seats, [0] * seats
    actions = parties = done = 0
    cut_short = False
    chunks = _ordered(work, workers=workers)
    for chunk in chunks:
        for partie in chunk:
            parties += 1
            taken = partie[:deals - done]
            for stat in taken:
                totals = [t + p for t, p in zip(totals, stat.points, strict=True)]
                actions += stat.actions
                if stat.game_winner is not None:
                    for seat in _winning_seats(game_type, stat.game_winner, seats):
                        games[seat] += 1
            done += len(taken)
            if done == deals:
                cut_short = len(taken) < len(partie)
                break
        if progress is not None:
            progress(done)
        if done == deals:
            break
    chunks.close()
    return SimResult(game=game_type.name, deals=deals, seed=seed, bots=names, totals=tuple(totals),
                     games=tuple(games), actions=actions, parties=parties, cut_short=cut_short,
                     seconds=time.perf_counter() - started)


# ---------------------------------------------------------------------------------------------- duplicate
def play_board(game: str, bots: tuple[str, str], seed: int, rules: Rules | None, board: int,
               seats: int = 2) -> tuple[float, float]:
    """One duplicate board: the same deck dealt ``seats`` times from 0–0 by seat 0, bot a in seat 0, then in
    seat 1, ..., bot b in every other seat (two deals for a two-seat game).

    Returns bot a's points minus the mean of bot b's seats, averaged over the deals, and a's deal score (1 for
    a deal won, ½ for a tie, 0 for a loss) averaged likewise.
    """
    game_type = load(game)
    board_seed = derive_seed(seed, board)
    differences: list[float] = []
    scores: list[float] = []
    for a_seat in range(seats):
        names = tuple(bots[0] if seat == a_seat else bots[1] for seat in range(seats))
        state = _new_state(game_type, rules, seats, seed=board_seed, first_dealer=0)
        players = _bots_for(game_type, names, board_seed)  # seeds follow the seats: a bot against itself ties
        while not state.deal_results:
            _step(state, players)
        points = state.deal_results[0].points
        difference = points[a_seat] - (sum(points) - points[a_seat]) / (seats - 1)
        differences.append(difference)
        scores.append(1.0 if difference > 0 else 0.5 if difference == 0 else 0.0)
    return (sum(differences) / seats, sum(scores) / seats)


def mean_ci(samples: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``samples`` and its 95% confidence interval (normal approximation).

    >>> mean_ci([1.0, 2.0, 3.0])
    (2.0, (0.868..., 3.131...))
    """
    count = len(samples)
    mean = sum(samples) / count
    if count < 2:
        return mean, (-math.inf, math.inf)
    variance = sum((x - mean) ** 2 for x in samples) / (count - 1)
    half = Z_95 * math.sqrt(variance / count)
    return mean, (mean - half, mean + half)


def duplicate(game: str, *, bots: tuple[str, str], deals: int, seed: int, workers: int = 1,
              rules: Rules | None = None, progress: Callable[[int], None] | None = None,
              seats: int | None = None) -> DuplicateResult:
    """A duplicate match of ``deals`` boards between bots a and b (each board is two deals, seats swapped; in a
    game of more seats, ``seats`` deals with bot a in each seat in turn and bot b in all the others).

    >>> result = duplicate("ecarte", bots=("random", "random"), deals=20, seed=3)
    >>> result.ci[0] <= result.mean <= result.ci[1], 0.0 <= result.win_rate <= 1.0
    (True, True)
    """
    game_type = load(game)
    table = seats or game_type.min_seats
    _check(game, (bots[0],) * (table - 1) + (bots[1],), deals, workers)
    started = time.perf_counter()
    size = max(1, min(64, deals // (4 * workers)))
    chunk_count = -(-deals // size)
    work = partial(_play_boards, game_type.name, (bots[0], bots[1]), seed, rules, size, deals, table)
    differences: list[float] = []
    scores: list[float] = []
    for chunk in _ordered(work, workers=workers, limit=chunk_count):
        for difference, score in chunk:
            differences.append(difference)
            scores.append(score)
        if progress is not None:
            progress(len(differences))
    mean, ci = mean_ci(differences)
    win_rate, (low, high) = mean_ci(scores)
    return DuplicateResult(game=game_type.name, deals=deals, seed=seed, bots=(bots[0], bots[1]), mean=mean,
                           ci=ci, win_rate=win_rate, win_ci=(max(0.0, low), min(1.0, high)),
                           seconds=time.perf_counter() - started)


def _play_boards(game: str, bots: tuple[str, str], seed: int, rules: Rules | None, size: int, deals: int, seats: int,
                 chunk: int) -> list[tuple[float, float]]:
    return [play_board(game, bots, seed, rules, board, seats)
            for board in range(chunk * size, min(deals, (chunk + 1) * size))]
