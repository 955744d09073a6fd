"""The random bot: a uniform choice among the legal actions, for any game.

>>> from academie.games.ecarte.state import EcarteState
>>> state = EcarteState.new(seed=3, first_dealer=0)
>>> bot = RandomBot(seed=1)
>>> bot.choose(state.view(state.actor)) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from academie.bots import OpenReason, Reason
from academie.engine import AcademieError, Action, View


class NoLegalActionError(AcademieError, ValueError):
    """A bot was asked to act on a view that offers no legal action."""


class RandomBot:
    """Uniform over ``view.legal_actions`` with its own generator (same seed, same choices)."""

    name = "random"

    def __init__(self, *, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._last: str = ""

    def choose(self, view: View) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        action = self._rng.choice(legal)
        # how many moves it had tells the others about its hand (how many cards of the suit led): private
        at_random = OpenReason("chooses at random")
        self._last = Reason("the only move allowed", shown=at_random) if len(legal) == 1 else \
            Reason("chooses at random among the {count} moves allowed", count=len(legal), shown=at_random)
        return action

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` (chance, among how many moves)."""
        return self._last
