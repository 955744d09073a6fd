"""La Guimbarde (``python -m bench --only guimbarde``): random deals per second through the Python API, at a few
table sizes.

Each figure plays seeded games of one deal per player (``rounds=1``) with uniformly random legal cards (checked
``apply``, views not built) and counts completed deals; a game is cut once ``n`` deals are done. There is no peer
figure: no other engine plays La Guimbarde.
"""

from __future__ import annotations

import random

from academie.games.guimbarde import GuimbardeRules, GuimbardeState
from bench import Counters, Spec, Workload, local

TABLE_SIZES = (3, 5, 8)
"""The numbers of players measured (the game is played by three to eight)."""


def random_deals(players: int) -> Workload:
    """``n`` random deals at a table of ``players`` (whole games of ``players`` deals, seeded, cut at ``n``)."""

    def work(n: int, seed: int) -> Counters:
        deals = actions = game = 0
        while deals < n:
            game_seed = seed * 1_000_003 + game
            state = GuimbardeState.new(GuimbardeRules(players=players, rounds=1), seed=game_seed)
            rng = random.Random(game_seed)
            while not state.is_terminal and deals + len(state.deal_results) < n:
                state.apply(rng.choice(state.legal_actions()))
                actions += 1
            deals += len(state.deal_results)
            game += 1
        return {"deals": deals, "actions": actions}

    return work


def specs() -> list[Spec]:
    """Our throughput figures of the ``guimbarde`` section."""
    return [Spec(f"guimbarde/{players} players/python-api random deal", local(random_deals(players)), "deals",
                 "games of one deal per player, legal_actions() + apply(random)") for players in TABLE_SIZES]
