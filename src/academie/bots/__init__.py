"""The bots' shared layer, below every game: the :class:`Bot` protocol and the random bot
(:mod:`academie.bots.random`). Each game's own bots live in its package (``academie.games.<game>.bots``) and
are listed by its registration; :func:`academie.games.make_bot` makes any of them by name.
"""

from academie.registry import Bot

__all__ = ["Bot"]

