"""Écarté: two players, 32 cards, five tricks, the exchange: everything that belongs to this game alone (state,
table-mode laws, catalogue, bots, record hooks, table picture), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.ecarte.state` are importable from here.
"""

from typing import Any

from academie.bots import Bot
from academie.games.ecarte import table
from academie.games.ecarte.laws import CATALOGUE
from academie.games.ecarte.records import HOOKS
from academie.games.ecarte.state import *  # noqa: F403
from academie.games.ecarte.state import EcarteRules, EcarteState
from academie.registry import GameType, painter_of, standard_bots

EcarteState.table_laws = table


def _expert(**options: Any) -> Bot:
    """The strongest bot (:mod:`academie.games.ecarte.bots.expert`), loaded when first asked for."""
    from academie.games.ecarte.bots.expert import ExpertBot

    return ExpertBot(**options)


GAME = GameType(
    name="ecarte", title="Écarté", aliases=("écarté", "ecarte"), min_seats=2, max_seats=2,
    partnerships=False, pack_size=32, explicit_chance=True, max_actions_per_deal=96,
    state=EcarteState, rules=EcarteRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": _expert}, painter=painter_of(__name__))
"""Écarté, as every client of the registry sees it."""
