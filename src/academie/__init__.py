"""Académie: five classic French card games, with their rules, laws of irregularities, bots and simulators.

>>> import academie
>>> "ecarte" in academie.games.available()
True
>>> state = academie.load("ecarte").new(seed=3)
>>> state.actor in (0, 1)
True
"""

from academie import games
from academie.games import GAMES, GameType, load

__all__ = ["GAMES", "GameType", "games", "load"]
__version__ = "0.1.0"
