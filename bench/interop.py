"""The research adapters (``python -m bench --only interop``): decisions per second through PettingZoo and through
pyspiel beside our native loop, for every game, as ratios.

Each figure plays random first deals of a new game, seat 0 dealing, one uniformly random legal action per decision,
and counts ``steps``, the players' decisions (chance excluded everywhere):

* ``native``: our engine's loop, ``legal_actions()`` and a checked ``apply``, chance dealt by the engine;
* ``pettingzoo``: ``academie.interop.pettingzoo.env``: ``reset``, then for each decision ``last()`` (the acting
  seat's observation and action mask, built from its view) and ``step`` with a legal index of the mask;
* ``pyspiel``: the registered OpenSpiel game: ``new_initial_state()``, each chance outcome (a card of the shuffle,
  counted apart as ``chance``) drawn from ``chance_outcomes()``, each decision from ``legal_actions()``.

The ratios divide the adapters' steps per second by the native loop's, measured side by side in the same rounds:
below 1.0x is the adapters' cost (encoding the view, the action mask, OpenSpiel's card-by-card shuffle).
"""

from __future__ import annotations

import random
import statistics
from typing import Any, Final

import numpy as np

from academie.games import load
from bench import Counters, Figure, Spec, Workload, local

TABLES: Final = (("ecarte", {}), ("whist", {}), ("guimbarde", {"players": 3}), ("guinguette", {"players": 3}),
                 ("quinze", {"players": 2}))
"""The game and table of each row of figures."""


def _label(name: str, options: dict[str, Any]) -> str:
    return f"{name}-{options['players']}" if "players" in options else name


def native(name: str, options: dict[str, Any]) -> Workload:
    """Our loop: ``n`` first deals, random legal actions through the checked ``apply``."""
    game = load(name)
    rules = game.rules(**options)

    def work(n: int, seed: int) -> Counters:
        steps = 0
        rng = random.Random(seed)
        for deal in range(n):
            state = game.new(rules, seed=seed * 1_000_003 + deal, first_dealer=0)
            while not state.deal_results:
                state.apply(rng.choice(state.legal_actions()))
                steps += 1
        return {"deals": n, "steps": steps}

    return work


def pettingzoo(name: str, options: dict[str, Any]) -> Workload:
    """``n`` episodes of the AEC environment, each decision reading the observation and its mask."""
    from academie.interop.pettingzoo import env

    environment = env(name, first_dealer=0, **options)

    def work(n: int, seed: int) -> Counters:
        steps = 0
        rng = random.Random(seed)
        for deal in range(n):
            environment.reset(seed=seed * 1_000_003 + deal)
            for _ in environment.agent_iter():
                observation, _, termination, truncation, _ = environment.last()
                if termination or truncation:
                    environment.step(None)
                    continue
                environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
        return {"deals": n, "steps": steps}

    return work


def pyspiel_game(name: str, options: dict[str, Any]) -> Workload:
    """``n`` games (one deal each) of the registered OpenSpiel game, chance outcomes drawn as OpenSpiel gives them."""
    from academie.interop.openspiel import load_game

    game = load_game(name, players=options.get("players"))

    def work(n: int, seed: int) -> Counters:
        steps = chance = 0
        rng = random.Random(seed)
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                    chance += 1
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    steps += 1
        return {"deals": n, "steps": steps, "chance": chance}

    return work


def specs() -> list[Spec]:
    """The ``interop`` section's figures: per game, native, PettingZoo and pyspiel."""
    out = []
    for name, options in TABLES:
        label = _label(name, options)
        out += [Spec(f"interop/{label}/native", local(native(name, options)), "steps", "legal_actions + apply"),
                Spec(f"interop/{label}/pettingzoo", local(pettingzoo(name, options)), "steps",
                     "AEC env: last() (observation, mask) + step"),
                Spec(f"interop/{label}/pyspiel", local(pyspiel_game(name, options)), "steps",
                     "pyspiel state: legal_actions + apply_action, chance card by card")]
    return out


def ratios(figures: list[Figure]) -> list[dict[str, Any]]:
    """Steps per second through each adapter divided by the native loop's (same section, same rounds)."""
    by_name = {figure["name"]: figure for figure in figures if figure.get("section") == "interop"}
    rows = []
    for name, options in TABLES:
        label = _label(name, options)
        mine = by_name.get(f"interop/{label}/native")
        for adapter in ("pettingzoo", "pyspiel"):
            theirs = by_name.get(f"interop/{label}/{adapter}")
            if mine is None or theirs is None:
                continue
            ours_rate, their_rate = theirs["steps_per_s_median"], mine["steps_per_s_median"]
            per_round = statistics.median(a / b for a, b in zip(theirs["per_round"]["steps"],
                                                                mine["per_round"]["steps"], strict=True))
            rows.append({"section": "interop", "ours": theirs["name"], "ours_key": "steps_per_s_median",
                         "ours_rate": ours_rate, "peer": mine["name"], "peer_key": "steps_per_s_median",
                         "peer_rate": their_rate, "ratio": ours_rate / their_rate, "ratio_per_round_median": per_round,
                         "min_cpu_share": min(mine["cpu_share_median"], theirs["cpu_share_median"]),
                         "meaning": f"decisions/s through {adapter} ÷ our native loop (below 1: the adapter's cost)"})
    return rows
