"""The perfect-information player of La Guinguette: the bound that knowing every card would give.

Not a level a person meets (it reads the state, which no bot may): the ladder (:mod:`academie.ladder`) seats it
against each level to say how far that level is from play with every hand and the cotillon's order in view.
Before each decision it is shown the state (:meth:`OracleBot.see`); it then decides as the expert bot does on the
one true world (every hand, the cotillon top first, the cards set aside), played out by the classical model with a
new chance seed each time (a stir shuffles the cotillon again, GU-§5.1a: the cards a later stir draws are not yet
known to anyone), every legal action a candidate, the best mean taken without the expert's guard for noise.
"""

from __future__ import annotations

from academie.bots import Work
from academie.cards import mask_of
from academie.games.guinguette.bots.expert import ExpertBot
from academie.games.guinguette.bots.search import Decisions, World
from academie.games.guinguette.state import GuinguetteState, GuinguetteView


class OracleBot(ExpertBot):
    """The expert bot on the true deal (see the module); :meth:`see` must be called before each decision."""

    name = "perfect-information"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed, playouts=96, margin=0.0, discards=4)
        self._state: GuinguetteState | None = None

    def see(self, state: GuinguetteState) -> None:
        """Show the bot the whole state before it decides."""
        assert isinstance(state, GuinguetteState)
        self._state = state

    @staticmethod
    def _loose_in(view: GuinguetteView, decisions: Decisions | None) -> frozenset[int]:
        """No seat: seeing every card, it has no hand to read from the way the others bet (the expert's step 5), and
        its play-outs stay those of the bound measured for every level."""
        return frozenset()

    def _world(self, view: GuinguetteView, decisions: Decisions | None, work: Work) -> World:
        state = self._state
        if state is None:
            return super()._world(view, decisions, work)
        hands = [mask_of(state.hand(seat)) for seat in range(view.rules.players)]
        return hands, [card.index for card in state.cotillon()], mask_of(state.set_aside())
