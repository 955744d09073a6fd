"""Bots: programs that choose an action from a view. They never see the state, only what their seat knows.

Every bot is made by :func:`make_bot` from a game name, a bot name and a seed (its own generator: bots that
sample are reproducible). ``BOTS[game]`` lists the bot names of each game, weakest first; the last is the
strongest, the one ``academie play`` sits you against by default.
"""

from __future__ import annotations

import importlib
from typing import Any, Final, Protocol

from academie.engine import Action, RulesError


class Bot(Protocol):
    """A player program: ``choose`` returns one of ``view.legal_actions``."""

    name: str

    def choose(self, view: Any) -> Action: ...

    def explain(self) -> str:
        """A sentence on why the last action was chosen, for the terminal game ("" if nothing to say)."""
        ...


BOTS: Final[dict[str, dict[str, str]]] = {
    "ecarte": {
        "random": "academie.bots.random:RandomBot",
        "classical": "academie.games.ecarte.bots.classical:ClassicalBot",
        "search": "academie.games.ecarte.bots.search:SearchBot",
    },
    "guimbarde": {
        "random": "academie.bots.random:RandomBot",
        "classical": "academie.games.guimbarde.bots.classical:ClassicalBot",
        "search": "academie.games.guimbarde.bots.search:SearchBot",
    },
    "whist": {
        "random": "academie.bots.random:RandomBot",
        "classical": "academie.games.whist.bots.classical:ClassicalBot",
        "search": "academie.games.whist.bots.search:SearchBot",
    },
    "guinguette": {
        "random": "academie.bots.random:RandomBot",
        "classical": "academie.games.guinguette.bots.classical:ClassicalBot",
        "search": "academie.games.guinguette.bots.search:SearchBot",
    },
    "quinze": {
        "random": "academie.bots.random:RandomBot",
        "classical": "academie.games.quinze.bots.classical:ClassicalBot",
        "search": "academie.games.quinze.bots.search:SearchBot",
    },
}


def bot_names(game: str) -> tuple[str, ...]:
    return tuple(BOTS.get(game, {}))


def strongest(game: str) -> str:
    return bot_names(game)[-1]


def make_bot(game: str, name: str, *, seed: int = 0, **options: Any) -> Bot:
    """A new bot for ``game`` (``make_bot("ecarte", "search", seed=1)``)."""
    table = BOTS.get(game)
    if table is None:
        raise RulesError(f"no bots for game {game!r}; games with bots: {', '.join(BOTS)}")
    if name not in table:
        raise RulesError(f"unknown bot {name!r} for {game}; available: {', '.join(table)}")
    module, _, cls = table[name].partition(":")
    bot: Bot = getattr(importlib.import_module(module), cls)(seed=seed, **options)
    return bot
