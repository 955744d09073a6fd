"""The bots' shared layer, below every game: the :class:`Bot` protocol and the random bot
(:mod:`academie.bots.random`). Each game's own bots live in its package (``academie.games.<game>.bots``) and
are listed by its registration; :func:`academie.games.make_bot` makes any of them by name.
"""

from __future__ import annotations

from typing import Any, Protocol

from academie.engine import Action


class Bot(Protocol):
    """A player program: ``choose`` returns one of ``view.legal_actions``. Bots see views, never states."""

    name: str

    def choose(self, view: Any) -> Action: ...

    def explain(self) -> str:
        """A sentence on why the last action was chosen ("" if nothing to say)."""
        ...
