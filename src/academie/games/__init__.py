"""The games we know, each declared once by its own package (:class:`academie.registry.GameType`), and how to
load one by name or alias, or make one of its bots.

Games are found through the entry-point group ``academie.games`` (:data:`academie.words.GAMES_GROUP`): each entry
names a package's ``GAME``. The five of this distribution come first, in the order below; a game published as a
distribution of its own registers its ``GAME`` in the same group and is found the same way, after them.

>>> from academie import games
>>> games.available()[:5]
('ecarte', 'whist', 'guimbarde', 'guinguette', 'quinze')
>>> games.load("Écarté").title
'Écarté'
>>> games.load("whist").bot_names()
('random', 'classical', 'search', 'expert')
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Final

from academie.bots import Bot
from academie.engine import RulesError
from academie.games import ecarte, guimbarde, guinguette, quinze, whist
from academie.registry import GameType
from academie.words import GAMES_GROUP

SHIPPED: Final = (ecarte.GAME, whist.GAME, guimbarde.GAME, guinguette.GAME, quinze.GAME)
"""The games of this distribution, in the order every list shows them: the one place that names them."""


def _discover() -> dict[str, GameType]:
    """The shipped games, then every other game registered in the entry-point group, by name."""
    found = {game.name: game for game in SHIPPED}
    for entry in sorted(entry_points(group=GAMES_GROUP), key=lambda entry: entry.name):
        if entry.name in found:
            continue
        game = entry.load()
        if not isinstance(game, GameType) or game.name != entry.name:
            raise RulesError(f"the entry point {entry.name} = {entry.value} of {GAMES_GROUP} is not the GameType "
                             f"of a game named {entry.name!r}")
        found[game.name] = game
    return found


GAMES: dict[str, GameType] = _discover()
"""Every registered game by name."""


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


def make_bot(game: str, name: str, *, seed: int = 0, **options: object) -> Bot:
    """A new bot of ``game`` (``make_bot("ecarte", "search", seed=1)``): its own generator, so bots that sample
    are reproducible."""
    return load(game).make_bot(name, seed=seed, **options)


__all__ = ["GAMES", "SHIPPED", "GameType", "available", "load", "make_bot"]
