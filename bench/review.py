"""The review of a played game (``python -m bench --only review``): the time to review a whole Écarté partie, a
Whist deal and a deal of each other game at the default precision, against the goals of issue 31 (an Écarté partie
under 10 s, a Whist deal under 60 s, a deal of the others under 30 s).

The records are played by the classical bots from fixed seeds (what is timed is the review, not the play); each
review covers every seat's decisions at :data:`academie.review.DEFAULT_SAMPLES` worlds per decision.

``python -m bench.review --costs`` is not a benchmark: it prints the mean cost per decision of the strongest level
playing itself and of the random bot playing itself, per game (the figures of ``docs/review.md``).
"""

from __future__ import annotations

import argparse
import time
from typing import Final

from academie import record
from academie.engine import Game, Rules
from academie.games import load
from academie.games.quinze import QuinzeRules
from academie.review import DEFAULT_SAMPLES, review
from bench import Figure, latency

CASES: tuple[tuple[str, str, dict[str, int], Rules | None, int | None, float], ...] = (
    ("ecarte partie", "ecarte", {}, None, None, 10.0),
    ("whist deal", "whist", {}, None, 1, 60.0),
    ("guimbarde deal (4 players)", "guimbarde", {"players": 4}, None, 1, 30.0),
    ("guinguette deal (4 players)", "guinguette", {"players": 4}, None, 1, 30.0),
    ("quinze deal (form A, 4 players)", "quinze", {}, QuinzeRules(players=4), 1, 30.0),
    ("quinze deal (form B)", "quinze", {}, QuinzeRules(form="B"), 1, 30.0),
)
"""(name, game, options, rules, deals (None: the whole partie), goal in seconds)."""


def played(name: str, options: dict[str, int], rules: Rules | None, deals: int | None, *, level: str = "classical",
           seed: int = 7) -> Game:
    """A game played by the bots of ``level`` from ``seed``: ``deals`` deals, or the whole partie."""
    game = load(name)
    state = game.new(rules, seed=seed, first_dealer=0, **options)
    bots = [game.make_bot(level, seed=seat) for seat in range(len(state.returns()))]
    while not state.is_terminal and (deals is None or len(state.deal_results) < deals):
        actor = state.actor
        assert actor is not None and actor >= 0
        state.apply(bots[actor].choose(state.view(actor)))
    return state


def bench_review(*, runs: int = 1) -> list[Figure]:
    """One latency figure per case: the seconds of one review of the record, with its goal."""
    figures = []
    for label, name, options, rules, deals, goal in CASES:
        partie = record.from_state(played(name, options, rules, deals))
        figure = latency(f"review/{label}", [partie], lambda p: review(p), unit="reviews", runs=runs,
                         note=f"goal < {goal:.0f} s at {DEFAULT_SAMPLES} samples", section="review")
        seconds = figure["median_ms"] / 1e3
        print(f"[bench] review/{label}: {seconds:.1f} s, goal < {goal:.0f} s: "
              f"{'met' if seconds < goal else 'MISSED'}", flush=True)
        figures.append(figure)
    return figures


COST_SEEDS: Final = {"guimbarde": 8}
"""Games whose mean costs take more seeded deals than :func:`mean_costs`'s default: about half of La Guimbarde's
decisions change nothing, and the random bot's costly ones are rare (three deals are too few to meet them)."""


def mean_costs(*, samples: int = 16, seeds: int = 3) -> None:
    """The mean cost per decision of the strongest level and of the random bot, each playing itself."""
    for label, name, options, rules, deals, _goal in CASES:
        game = load(name)
        for level in ("random", game.strongest()):
            costs: list[float] = []
            for seed in range(COST_SEEDS.get(name, seeds)):
                partie = record.from_state(played(name, options, rules, deals or 2, level=level, seed=seed))
                costs += [decision.cost for decision in review(partie, samples=samples).decisions]
            mean = sum(costs) / len(costs) if costs else 0.0
            print(f"| {label} | {level} | {COST_SEEDS.get(name, seeds)} | {len(costs)} | {mean:.3f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.review", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--costs", action="store_true", help="print the mean costs of self-play instead")
    args = parser.parse_args()
    if args.costs:
        mean_costs()
        return
    start = time.perf_counter()
    bench_review()
    print(f"[bench] review: {time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
