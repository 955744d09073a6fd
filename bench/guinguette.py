"""La Guinguette benchmark and basket statistics (not a test).

``python -m bench.guinguette``: random deals per second through the Python API for 3, 4, 5 and 8 players, then
how often each basket is won in self-play of the classical bots (the reconstruction's proportions).
"""

from __future__ import annotations

import random
import time
from collections import Counter

from academie.bots.guinguette_classical import ClassicalBot
from academie.games.guinguette import GuinguetteRules, GuinguetteState


def random_deals_per_second(players: int, deals: int = 2000, seed: int = 0) -> float:
    """Random deals per second (chance automated, uniform legal actions)."""
    rng = random.Random(seed)
    rules = GuinguetteRules(players=players, rounds=10)
    done = 0
    started = time.perf_counter()
    partie = 0
    while done < deals:
        state = GuinguetteState.new(rules, seed=seed + partie)
        partie += 1
        while not state.is_terminal:
            state.apply_unchecked(rng.choice(state.legal_actions()))
        done += len(state.deal_results)
    return done / (time.perf_counter() - started)


def basket_rates(players: int, deals: int, seed: int = 0, rules: GuinguetteRules | None = None) -> dict[str, float]:
    """Share of deals in which each basket is won, and how the cabaret is won, in classical self-play."""
    base = rules or GuinguetteRules(players=players, rounds=5)
    bots = [ClassicalBot(seed=s) for s in range(players)]
    counts: Counter[str] = Counter()
    done = partie = 0
    while done < deals:
        state = GuinguetteState.new(base, seed=seed + partie)
        partie += 1
        while not state.is_terminal and done + len(state.deal_results) < deals:
            seat = state.actor
            assert isinstance(seat, int)
            state.apply_unchecked(bots[seat].choose(state.view(seat)))
        for result in state.deal_results:
            counts["guinguette"] += result.guinguette is not None
            counts["cabaret"] += result.cabaret is not None
            counts["cotillon"] += result.cotillon is not None
            showdown = sum(1 for cards in result.shown if len(cards) > 1) > 1
            if result.cabaret is not None:
                counts["cabaret by tierce" if result.tierce else "cabaret on point" if showdown
                       else "cabaret uncontested"] += 1
        done += len(state.deal_results)
    return {key: value / done for key, value in sorted(counts.items())}


def main() -> None:
    for players in (3, 4, 5, 8):
        print(f"{players} players: {random_deals_per_second(players):,.0f} random deals/s")
    for players in (3, 4, 5, 8):
        rates = basket_rates(players, 3000)
        print(f"{players} players, classical self-play, 3000 deals: "
              + ", ".join(f"{k} {v:.1%}" for k, v in rates.items()))


if __name__ == "__main__":
    main()
