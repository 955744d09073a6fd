"""The perfect-information player of Écarté: the bound that knowing every card would give.

Not a level a person meets (it reads the state, which no bot may): the ladder (:mod:`academie.ladder`) seats it
against each level to say how far that level is from play with every card in view. Before each decision it is
shown the state (:meth:`OracleBot.see`); it then decides as the search bot does on the one true world, the
opponent's hand and the talon in their real order: card play by the exact solver (E-§8.5), the decisions before
play by playing each option out in that world, the opponent's later exchanges by the books (E-§8.4).
"""

from __future__ import annotations

import random

from academie.cards import CARDS
from academie.games.ecarte.bots.search import Knowledge, SearchBot, World
from academie.games.ecarte.state import EcarteState, EcarteView


class OracleBot(SearchBot):
    """The search bot on the true world (see the module); :meth:`see` must be called before each decision."""

    name = "perfect-information"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed, samples=1, exchange_samples=1)
        self._state: EcarteState | None = None

    def see(self, state: EcarteState) -> None:
        """Show the bot the whole state before it decides."""
        assert isinstance(state, EcarteState)
        self._state = state

    def _worlds(self, view: EcarteView, knowledge: Knowledge, count: int, rng: random.Random) -> list[World]:
        if self._state is None:
            return super()._worlds(view, knowledge, count, rng)
        deal = self._state.deal
        talon = tuple(CARDS[i] for i in deal.deck[deal.talon_pos:])
        return [World(deal.hands[1 - view.viewer], talon)]
