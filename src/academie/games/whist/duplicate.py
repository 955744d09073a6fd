"""Duplicate matches between two Whist partnerships (``sim.duplicate`` pits two single players against each other;
Whist needs a bot in each of two partnerships).

Each board is one deck order dealt twice from 0–0 by seat 3: bot a holds seats 0 and 2 and bot b seats 1 and 3,
then the other way round. The board's score is a's points minus b's in the deal, averaged over the two deals;
a 95% confidence interval comes from :func:`academie.sim.mean_ci`.

>>> result = duplicate_partnerships(bots=("random", "random"), deals=3, seed=1)
>>> result.ci[0] <= result.mean <= result.ci[1]
True
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor

from academie.cards import PACK_52
from academie.engine import SeededChance
from academie.games.whist import GAME
from academie.games.whist.state import Shuffle, WhistRules, WhistState
from academie.sim import DuplicateResult, derive_seed, mean_ci


def play_board(bots: tuple[str, str], seed: int, rules: WhistRules | None, board: int) -> tuple[float, float]:
    """One board: a's side points minus b's, and a's deal score (1 won, ½ tied, 0 lost), averaged over the two
    seatings."""
    board_seed = derive_seed(seed, board)
    order = SeededChance(board_seed).shuffled(PACK_52)
    differences, scores = [], []
    for a_side in (0, 1):
        names = [bots[0] if seat % 2 == a_side else bots[1] for seat in range(4)]
        players = [GAME.make_bot(name, seed=derive_seed(board_seed, seat)) for seat, name in enumerate(names)]
        state = WhistState.new(rules, first_dealer=3)
        state.apply(Shuffle(order))
        while not state.deal_results:
            seat = state.actor
            assert isinstance(seat, int), "enforced mode: a seat is always to act during a deal"
            state.apply(players[seat].choose(state.view(seat)))
        points = state.deal_results[0].points
        difference = points[a_side] - points[1 - a_side]
        differences.append(difference)
        scores.append(1.0 if difference > 0 else 0.5 if difference == 0 else 0.0)
    return (sum(differences) / 2, sum(scores) / 2)


def _chunk(bots: tuple[str, str], seed: int, rules: WhistRules | None, boards: range) -> list[tuple[float, float]]:
    return [play_board(bots, seed, rules, board) for board in boards]


def duplicate_partnerships(*, bots: tuple[str, str], deals: int, seed: int, workers: int = 1,
                           rules: WhistRules | None = None) -> DuplicateResult:
    """A duplicate match of ``deals`` boards between partnerships of bot a and bot b (the same totals whatever
    the number of workers)."""
    started = time.perf_counter()
    size = max(1, deals // (4 * workers))
    chunks = [range(start, min(deals, start + size)) for start in range(0, deals, size)]
    if workers == 1:
        results = [_chunk(bots, seed, rules, c) for c in chunks]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_chunk, [bots] * len(chunks), [seed] * len(chunks), [rules] * len(chunks),
                                    chunks))
    pairs = [pair for chunk in results for pair in chunk]
    mean, ci = mean_ci([d for d, _ in pairs])
    win_rate, (low, high) = mean_ci([s for _, s in pairs])
    return DuplicateResult(game="whist", deals=deals, seed=seed, bots=bots, mean=mean, ci=ci, win_rate=win_rate,
                           win_ci=(max(0.0, low), min(1.0, high)), seconds=time.perf_counter() - started)
