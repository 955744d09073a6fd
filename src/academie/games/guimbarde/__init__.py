"""La Guimbarde (La Mariée): 3 to 8 players, five boxes of counters: everything that belongs to this game alone (state,
table-mode laws, catalogue, bots, record hooks, table picture), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.guimbarde.state` are importable from here.
"""

from typing import Any

from academie.bots import Bot
from academie.games.guimbarde import table
from academie.games.guimbarde.laws import CATALOGUE
from academie.games.guimbarde.records import HOOKS
from academie.games.guimbarde.state import *  # noqa: F403
from academie.games.guimbarde.state import GuimbardeRules, GuimbardeState
from academie.registry import GameType, painter_of, standard_bots

GuimbardeState.table_laws = table


def _expert(**options: Any) -> Bot:
    """The strongest bot (:mod:`academie.games.guimbarde.bots.expert`), loaded when first asked for."""
    from academie.games.guimbarde.bots.expert import ExpertBot

    return ExpertBot(**options)


GAME = GameType(
    name="guimbarde", title="La Guimbarde", aliases=("guimbarde", "la guimbarde", "la mariée", "la mariee"),
    min_seats=3, max_seats=8,
    partnerships=False, pack_size=32, explicit_chance=True, max_actions_per_deal=41,
    state=GuimbardeState, rules=GuimbardeRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": _expert}, painter=painter_of(__name__))
"""La Guimbarde, as every client of the registry sees it."""
