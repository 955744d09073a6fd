"""Académie: classic French card games, with their rules, laws of irregularities, bots and simulators.

>>> import academie
>>> "ecarte" in academie.games.available()
True
>>> state = academie.load("ecarte").new(seed=3)
>>> state.actor in (0, 1)
True

The registry (:mod:`academie.games`) is loaded when first asked for: a game published on its own imports parts of
the library (the engine, the registry's vocabulary) while the registry is finding it, and must not find the
registry half loaded.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from academie import games
    from academie.games import GAMES, GameType, load

__all__ = ["GAMES", "GameType", "games", "load"]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    if name in __all__:
        registry = importlib.import_module("academie.games")
        return registry if name == "games" else getattr(registry, name)
    raise AttributeError(f"module 'academie' has no attribute {name!r}")
