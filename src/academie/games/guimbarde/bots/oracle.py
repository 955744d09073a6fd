"""The perfect-information player of La Guimbarde: the bound that knowing every card would give.

Not a level a person meets (it reads the state, which no bot may): the ladder (:mod:`academie.ladder`) seats it
against each level to say how far that level is from play with every hand in view. Before each decision it is
shown the state (:meth:`OracleBot.see`); it then decides as the expert bot does on the one true world, solved
exactly from the first card at three and four players (max-n, G-§5.5 and GUIMBARDE-§7:
:mod:`~academie.games.guimbarde.bots.solver`); at five players from the last three tricks, and from the last two
at six to eight, each card played out by the expert's play-out policy down to there.
"""

from __future__ import annotations

from academie.bots import Work
from academie.games.guimbarde.bots.expert import ExpertBot
from academie.games.guimbarde.state import GuimbardeState, GuimbardeView


class OracleBot(ExpertBot):
    """The expert bot on the true deal (see the module); :meth:`see` must be called before each decision."""

    name = "perfect-information"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed, worlds=1, exact_worlds=1, playout_worlds=0)  # the true deal, solved: no play-outs
        self._state: GuimbardeState | None = None

    def see(self, state: GuimbardeState) -> None:
        """Show the bot the whole state before it decides."""
        assert isinstance(state, GuimbardeState)
        self._state = state
        cards = {3: 15, 4: 20, 5: 15}.get(state.players, 2 * state.players)  # a solve stays under a second
        self._exact_cards = self._solved_cards = cards

    def _world(self, view: GuimbardeView, work: Work) -> GuimbardeState:
        if self._state is None:
            return super()._world(view, work)
        return self._state.clone()
