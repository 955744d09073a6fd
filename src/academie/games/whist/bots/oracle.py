"""The perfect-information player of Whist: the bound that knowing every card would give.

Not a level a person meets (it reads the state, which no bot may): the ladder (:mod:`academie.ladder`) seats it
against each level to say how far that level is from play with all four hands in view. Before each decision it
is shown the state (:meth:`OracleBot.see`); it then plays the card that DDS finds best for its side on the true
deal (W-§8.3 with one deal, the real one), announcements as the search bot makes them (W-§8.2).
"""

from __future__ import annotations

from academie.games.whist.bots.dds import solve
from academie.games.whist.bots.search import SearchBot
from academie.games.whist.state import WhistState, WhistView


class OracleBot(SearchBot):
    """The search bot on the true deal (see the module); :meth:`see` must be called before each decision."""

    name = "perfect-information"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed, samples=1)
        self._state: WhistState | None = None

    def see(self, state: WhistState) -> None:
        """Show the bot the whole state before it decides."""
        assert isinstance(state, WhistState)
        self._state = state

    def _card_values(self, view: WhistView, cards: list[int], *, leader: int,
                     trick: list[int]) -> dict[int, float] | None:
        if self._state is None or view.trump is None:
            return super()._card_values(view, cards, leader=leader, trick=trick)
        scores = solve(list(self._state.deal.hands), leader=leader, trump=int(view.trump), trick=trick)
        if not all(card in scores for card in cards):
            return None
        return {card: float(scores[card]) for card in cards}
