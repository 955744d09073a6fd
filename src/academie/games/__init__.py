"""The games we know, each declared once by its own package (:class:`academie.registry.GameType`), and how to
load one by name or alias, or make one of its bots.

>>> from academie import games
>>> games.available()
('ecarte', 'whist', 'guimbarde', 'guinguette', 'quinze')
>>> games.load("Écarté").title
'Écarté'
>>> games.load("whist").bot_names()
('random', 'classical', 'search', 'expert')
"""

from __future__ import annotations

from typing import Any

from academie.bots import Bot
from academie.engine import RulesError
from academie.games import ecarte, guimbarde, guinguette, quinze, whist
from academie.registry import GameType

GAMES: dict[str, GameType] = {game.name: game for game in (
    ecarte.GAME, whist.GAME, guimbarde.GAME, guinguette.GAME, quinze.GAME)}
"""Every registered game by name. A new game adds its package's ``GAME`` here, and nothing else."""


def available() -> tuple[str, ...]:
    """The names of the games available."""
    return tuple(GAMES)


def load(name: str) -> GameType:
    """The game type for a name or alias (case and accents ignored)."""
    key = name.strip().lower()
    for game in GAMES.values():
        if key == game.name or key in game.aliases:
            return game
    raise RulesError(f"unknown game {name!r}; available: {', '.join(GAMES)}")


def make_bot(game: str, name: str, *, seed: int = 0, **options: Any) -> Bot:
    """A new bot of ``game`` (``make_bot("ecarte", "search", seed=1)``): its own generator, so bots that sample
    are reproducible."""
    return load(game).make_bot(name, seed=seed, **options)


__all__ = ["GAMES", "GameType", "available", "load", "make_bot"]
