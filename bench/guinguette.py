"""La Guinguette (``python -m bench --only guinguette``): random deals per second through the Python API at a few
table sizes; and, apart from the benchmark, how often each basket is won in self-play of the classical bots
(``python -m bench.guinguette``, the reconstruction's proportions).

A throughput figure plays seeded parties (``rounds=10``) with uniformly random legal actions through
``apply_unchecked`` (chance automated) and counts completed deals; a partie is cut once ``n`` deals are done. There
is no peer figure: no other engine plays La Guinguette.
"""

from __future__ import annotations

import random
from collections import Counter

from academie.games.guinguette import GuinguetteRules, GuinguetteState
from academie.games.guinguette.bots.classical import ClassicalBot
from bench import Counters, Spec, Workload, local

TABLE_SIZES = (3, 5, 8)
"""The numbers of players measured."""


def random_deals(players: int) -> Workload:
    """``n`` random deals at a table of ``players`` (parties of ten rounds, seeded, cut at ``n``)."""
    rules = GuinguetteRules(players=players, rounds=10)

    def work(n: int, seed: int) -> Counters:
        rng = random.Random(seed)
        deals = actions = partie = 0
        while deals < n:
            state = GuinguetteState.new(rules, seed=seed * 1_000_003 + partie)
            partie += 1
            while not state.is_terminal and deals + len(state.deal_results) < n:
                state.apply_unchecked(rng.choice(state.legal_actions()))
                actions += 1
            deals += len(state.deal_results)
        return {"deals": deals, "actions": actions}

    return work


def specs() -> list[Spec]:
    """Our throughput figures of the ``guinguette`` section."""
    return [Spec(f"guinguette/{players} players/python-api random deal, apply_unchecked", local(random_deals(players)),
                 "deals", "parties of ten rounds, legal_actions() + apply_unchecked(random)")
            for players in TABLE_SIZES]


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
    """The basket statistics (the throughput figures are in ``python -m bench --only guinguette``)."""
    for players in (3, 4, 5, 8):
        rates = basket_rates(players, 3000)
        print(f"{players} players, classical self-play, 3000 deals: "
              + ", ".join(f"{k} {v:.1%}" for k, v in rates.items()))


if __name__ == "__main__":
    main()
