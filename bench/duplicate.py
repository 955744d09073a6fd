"""``python -m bench.duplicate``: the CPU of scoring duplicate results (:func:`academie.duplicate.score`).

Two kinds of events: a club evening (the issue's 25 Whist tables playing 12 boards: 600 results, 25 on the same
cards), and the board of the day, where thousands of players may have held the same cards. For each, the library's
scoring (each result placed among the others by bisection) and, in the same run, the **reference**: the definition
computed one comparison at a time (2 for a result beaten, 1 for a tie, the mean of the difference scale's units
against each other result), as a club's scorer would. Both must give the same matchpoints and units (any difference
fails the run). Figures are CPU seconds of this process (``time.process_time``), the least of ``--runs`` runs, and
the ratio reference / library measured side by side; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

from academie import duplicate
from academie.duplicate import Result
from academie.games import load

GAME = "whist"
EVENTS = (("club evening: 25 tables, 12 boards", 25, 12), ("board of the day: 500 players", 500, 1),
          ("board of the day: 2,000 players", 2000, 1))
"""(name, tables, boards): every table plays every board, both places."""


def event(tables: int, boards: int, seed: int) -> list[Result]:
    """Results of a Whist event: at each board, N–S scores a few points either way and E–W the opposite."""
    draw = random.Random(seed)
    made = []
    for board in range(1, boards + 1):
        for table in range(tables):
            points = draw.randint(-7, 7)
            made.append(Result(board=board, place=0, entrant=f"ns{table}", points=points))
            made.append(Result(board=board, place=1, entrant=f"ew{table}", points=-points))
    return made


def reference(results: Sequence[Result]) -> dict[tuple[int, str], tuple[int, Fraction]]:
    """The definition, one comparison at a time: each result's matchpoints and mean units."""
    steps = duplicate.scheme(load(GAME)).SCALE_STEPS
    groups: dict[tuple[int, int], list[Result]] = defaultdict(list)
    for result in results:
        groups[result.board, result.place].append(result)
    scored = {}
    for group in groups.values():
        for result in group:
            others = [other.points for other in group if other is not result]
            matchpoints = sum(2 if result.points > p else 1 if result.points == p else 0 for p in others)
            units = sum(duplicate.difference_units(result.points - p, steps) for p in others)
            scored[result.board, result.entrant] = (matchpoints, Fraction(units, len(others)))
    return scored


def library(results: Sequence[Result]) -> dict[tuple[int, str], tuple[int, Fraction]]:
    scored = duplicate.score(GAME, results)
    return {(sheet.board, line.result.entrant): (line.matchpoints, line.imps or Fraction(0))
            for sheet in scored.sheets for line in sheet.lines}


def cpu(work: Callable[[], object], runs: int) -> tuple[float, object]:
    """The least CPU seconds of ``runs`` calls, and the last call's answer."""
    best, answer = float("inf"), None
    for _ in range(runs):
        started = time.process_time()
        answer = work()
        best = min(best, time.process_time() - started)
    return best, answer


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.duplicate", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each figure; the least is kept (default 3)")
    options = parser.parse_args()
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    for name, tables, boards in EVENTS:
        results = event(tables, boards, seed=tables * 1000 + boards)
        ours, answer = cpu(partial(library, results), options.runs)
        theirs, expected = cpu(partial(reference, results), options.runs)
        if answer != expected:
            raise SystemExit(f"{name}: the library and the reference disagree")
        print(f"{name}: {len(results)} results · library {1000 * ours:.1f} ms · reference {1000 * theirs:.1f} ms"
              f" · reference / library {theirs / ours:.1f}")
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
