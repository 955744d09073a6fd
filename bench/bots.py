"""Every registered bot's decision time for the games other than Écarté (``bench/ecarte.py`` has its own, split
by kind of decision): ``make_bot(game, name, seed=1).choose(view)`` on the actor's view at decisions drawn
uniformly from random games (default rules, chance automated from a seed, uniformly random legal actions)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import academie
from academie.games import load, make_bot
from bench import Figure, latency

GAMES = ("whist", "guimbarde", "guinguette", "quinze")


def decision_views(game: str, count: int, seed: int) -> list[Any]:
    """``count`` views of the seat to act, one drawn uniformly among the decisions of each random game."""
    rng = random.Random(seed)
    game_type = academie.load(game)
    views: list[Any] = []
    while len(views) < count:
        state = game_type.new(seed=rng.getrandbits(48))
        seen = []
        while not state.is_terminal:
            actor = state.actor
            if isinstance(actor, int) and actor >= 0:
                seen.append(state.view(actor))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if seen:
            views.append(seen[rng.randrange(len(seen))])
    return views


def bench_bots(game: str, *, runs: int, views: int) -> list[Figure]:
    """Decision time of every bot registered for ``game``."""
    sample = decision_views(game, views, seed=7)
    figures = []
    for name in load(game).bot_names():
        choose: Callable[[Any], Any] = make_bot(game, name, seed=1).choose
        figures.append(latency(f"{game}/bot {name}: decision time", sample, choose, unit="decisions", runs=runs,
                               section="search", note=f"make_bot({game!r}, {name!r}).choose(view) on the actor's "
                                                      "view at a decision of a random game"))
    return figures
