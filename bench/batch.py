"""The batch simulators (``python -m bench --only batch,peers``): deals per second beside the one-deal engine and
OpenSpiel's euchre in C++.

For each game (Écarté, Whist) and policy (random, classical):

* ``batch/GAME/POLICY``: :func:`academie.games.ecarte.batch.simulate` /
  :func:`academie.games.whist.batch.simulate` playing
  first deals in chunks of :data:`CHUNK` deals (numpy arrays of that length);

and, for the random policy, ``engine/GAME/random, no views``: the same random deals through the one-deal engine's
``legal_actions()`` and ``apply()`` alone (:class:`~academie.batch.rng.CounterChance` and the decision counter of
``reference_deal``, no views built), i.e. what the batch replaces. Beside them, when the peers' venv exists,
OpenSpiel's euchre played entirely in C++ (``pyspiel.evaluate_bots`` with uniform random C++ bots), interleaved
round by round by the harness. The goal: ``batch/ecarte/random`` ÷ euchre in C++ at or above 1.
"""

from __future__ import annotations

from typing import Any

from academie.batch.rng import DECISION, CounterChance, deal_key, draw
from academie.games.ecarte import EcarteState
from academie.games.ecarte import batch as batch_ecarte
from academie.games.whist import WhistState
from academie.games.whist import batch as batch_whist
from bench import Counters, Spec, Workload, local
from bench.peers import EUCHRE_CPP

GAMES = ("ecarte", "whist")
POLICIES = ("random", "classical")
CHUNK = 1 << 16
"""Deals per batch call (numpy array length)."""
PEERS = [EUCHRE_CPP]
"""The peer figure measured side by side with ours in the ``batch`` section."""


def batch_work(game: str, policy: str) -> Workload:
    simulate = batch_ecarte.simulate if game == "ecarte" else batch_whist.simulate

    def work(n: int, seed: int) -> Counters:
        for start in range(0, n, CHUNK):
            simulate(min(CHUNK, n - start), seed=seed, policy=policy, start=start)
        return {"deals": n}

    return work


def engine_loop_work(game: str) -> Workload:
    """The random policy's deals through ``legal_actions()`` and ``apply()`` only (no views): the decision
    counter is kept by the loop, so the deals and choices are those of ``reference_deal``."""
    state_class: Any = EcarteState if game == "ecarte" else WhistState

    def work(n: int, seed: int) -> Counters:
        for deal in range(n):
            key = deal_key(seed, deal)
            state = state_class(chance=CounterChance(seed, deal), first_dealer=0)
            step = 0
            while not state.deal_results:
                legal = state.legal_actions()
                state.apply(legal[draw(key, DECISION, step) % len(legal)])
                step += 1
        return {"deals": n}

    return work


def specs() -> list[Spec]:
    """Our throughput figures of the ``batch`` section."""
    figures = [Spec(f"batch/{game}/{policy}", local(batch_work(game, policy)), "deals",
                    f"academie.batch.{game}.simulate(policy={policy!r}) in chunks of {CHUNK} first deals")
               for game in GAMES for policy in POLICIES]
    figures += [Spec(f"engine/{game}/random, no views", local(engine_loop_work(game)), "deals",
                     "the batch's random deals through the one-deal engine's legal_actions() + apply()")
                for game in GAMES]
    return figures
