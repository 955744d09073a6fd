"""Le Quinze (``python -m bench --only quinze,peers``): random coups per second beside OpenSpiel's and RLCard's
blackjack, and the time to solve Form B exactly.

Our figures play seeded parties with uniformly random legal actions (checked ``apply``, views not built) and count
completed coups (a coup is one deal of the hidden cards, general passes included) and the players' actions, for
Form A with 2, 4 and 6 players and for Form B. The peers' figures (OpenSpiel's blackjack through the Python API and
in C++, RLCard's blackjack ``env.step`` loop) are the peers' own workloads, measured side by side with ours. The
pairs divided are those the peer-bench README names: a random Quinze coup against a random blackjack game.
"""

from __future__ import annotations

import random
import time

from academie.games.quinze import QuinzeRules, QuinzeState
from academie.games.quinze.bots.policy import DEFAULT_VALUES
from academie.games.quinze.bots.solver import solve
from bench import Counters, Figure, Spec, Workload, local
from bench.peers import BLACKJACK_CPP, BLACKJACK_PYTHON, RLCARD_BLACKJACK

CASES = (("A", 2), ("A", 4), ("A", 6), ("B", 2))
"""(form, players) of our figures; Form B is a two-player game."""
PEERS = [BLACKJACK_PYTHON, BLACKJACK_CPP, RLCARD_BLACKJACK]
"""The peer figures measured side by side with ours in the ``quinze`` section."""


def random_coups(form: str, players: int) -> Workload:
    """The workload: ``n`` random coups (whole parties, cut at n), checked ``apply``, chance from a seed."""

    def work(n: int, seed: int) -> Counters:
        coups = actions = 0
        partie = 0
        while coups < n:
            state = QuinzeState.new(QuinzeRules(form=form, players=players, rounds=3),  # type: ignore[arg-type]
                                    seed=seed * 1_000_003 + partie)
            rng = random.Random(partie)
            while not state.is_terminal and coups + len(state.deal_results) < n:
                state.apply(rng.choice(state.legal_actions()))
                actions += 1
            coups += len(state.deal_results)
            partie += 1
        return {"coups": coups, "actions": actions}

    return work


def specs() -> list[Spec]:
    """Our throughput figures of the ``quinze`` section."""
    return [Spec(f"quinze/{form}{f' {players} players' if form == 'A' else ''}/python-api random coup",
                 local(random_coups(form, players)), "coups", "uniform random legal actions, checked apply")
            for form, players in CASES]


def bench_formb_solve() -> list[Figure]:
    """One exact solve of Form B for the default card values (the double-oracle method of ``quinze_solver``),
    timed once: the first call of the process (the solver's cache is per process)."""
    name = "quinze/Form B exact policy solve (default card values)"
    start = time.perf_counter()
    solution = solve(values=DEFAULT_VALUES)
    seconds = time.perf_counter() - start
    print(f"[bench] {name}: {seconds:.2f} s (value {solution.value:+.5f})", flush=True)
    return [{"name": name, "section": "solver", "kind": "once", "seconds": seconds, "value": solution.value,
             "note": "academie.games.quinze.bots.solver.solve(values=DEFAULT_VALUES), first call in the process"}]
