"""La Guinguette: 3 to 8 players, three baskets (a reconstruction): everything that belongs to this game alone (state,
table-mode laws, catalogue, bots, record hooks, table picture), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.guinguette.state` are importable from here.
"""

from typing import Any

from academie.bots import Bot
from academie.games.guinguette import table
from academie.games.guinguette.laws import CATALOGUE
from academie.games.guinguette.records import HOOKS
from academie.games.guinguette.state import *  # noqa: F403
from academie.games.guinguette.state import GuinguetteRules, GuinguetteState
from academie.registry import GameType, painter_of, standard_bots

GuinguetteState.table_laws = table


def _expert(**options: Any) -> Bot:
    """The strongest bot (:mod:`academie.games.guinguette.bots.expert`), loaded when first asked for."""
    from academie.games.guinguette.bots.expert import ExpertBot

    return ExpertBot(**options)


GAME = GameType(
    name="guinguette", title="La Guinguette", aliases=("guinguette", "la guinguette"), min_seats=3, max_seats=8,
    partnerships=False, pack_size=36, explicit_chance=True, max_actions_per_deal=400,
    state=GuinguetteState, rules=GuinguetteRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": _expert}, painter=painter_of(__name__))
"""La Guinguette, as every client of the registry sees it."""
