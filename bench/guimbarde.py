"""La Guimbarde: random deals per second through the Python API, for each number of players.

``python -m bench.guimbarde [--seconds S]``: each figure plays seeded games with uniformly random legal cards
(checked ``apply``, views not built) for about S seconds and reports completed deals per second.
"""

from __future__ import annotations

import argparse
import random
import time

from academie.games.guimbarde import GuimbardeRules, GuimbardeState


def deals_per_second(players: int, seconds: float) -> float:
    """Random deals per second at a table of ``players`` (whole games of ``players`` deals, seeded)."""
    deals, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = GuimbardeState.new(GuimbardeRules(players=players, rounds=1), seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        deals += len(state.deal_results)
        seed += 1
    return deals / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.guimbarde", description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.5, help="seconds per player count (default 1.5)")
    args = parser.parse_args()
    for players in range(3, 9):
        print(f"guimbarde {players} players: {deals_per_second(players, args.seconds):,.0f} random deals/s")


if __name__ == "__main__":
    main()
