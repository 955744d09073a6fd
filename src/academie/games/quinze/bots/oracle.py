"""The perfect-information player of Le Quinze: the bound that knowing every card would give.

Not a level a person meets (it reads the state, which no bot may): the ladder (:mod:`academie.ladder`) seats it
against each level to say how far that level is from play with every hidden card and the order of the pack in
view. Before each decision it is shown the state (:meth:`OracleBot.see`); it then decides as the expert bot does
on the one true world, played out a few times by the quick policy (whose random raises differ), and takes the
candidate with the best mean, without the expert's guard for noise (there is no sampling of the cards to guard
against). Form B: the exact optimal policy, as every level.
"""

from __future__ import annotations

from typing import Final

from academie.games.quinze.bots.expert import ExpertBot
from academie.games.quinze.state import Phase, QuinzeState, QuinzeView

PLAYOUTS: Final = 6
"""Play-outs of the true world per candidate."""


class OracleBot(ExpertBot):
    """The expert bot on the true deal (see the module); :meth:`see` must be called before each decision."""

    name = "perfect-information"
    whole_cave = True  # no sampling noise to fear: a sure win is worth the whole cave

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed, samples=PLAYOUTS, margin=0.0, vying=False)  # the true world, not the table
        self._state: QuinzeState | None = None

    def see(self, state: QuinzeState) -> None:
        """Show the bot the whole state before it decides."""
        assert isinstance(state, QuinzeState)
        self._state = state

    def _worlds(self, view: QuinzeView) -> list[tuple[QuinzeState, float]]:
        if self._state is None or view.pending is not None or view.phase not in (Phase.OPENING, Phase.DRAW):
            return super()._worlds(view)
        return [(self._state.clone(), 1.0) for _ in range(PLAYOUTS)]
