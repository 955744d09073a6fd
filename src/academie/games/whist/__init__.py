"""Whist: four players in two partnerships, the 10-point long whist with calling at eight: everything that belongs to
this game alone (state, table-mode laws, catalogue, bots, record hooks, table picture), and its one registration,
:data:`GAME`.

The public names of :mod:`academie.games.whist.state` are importable from here.
"""

from typing import Any

from academie.bots import Bot
from academie.games.whist import table
from academie.games.whist.laws import CATALOGUE
from academie.games.whist.records import HOOKS
from academie.games.whist.state import *  # noqa: F403
from academie.games.whist.state import WhistRules, WhistState
from academie.registry import Analysis, GameType, painter_of, standard_bots

WhistState.table_laws = table


def _analyse_record(state: Any) -> list[str]:
    from academie.games.whist.analysis import analyse_lines

    return analyse_lines(state)


def _expert(**options: Any) -> Bot:
    """The strongest bot (:mod:`academie.games.whist.bots.expert`), loaded when first asked for."""
    from academie.games.whist.bots.expert import ExpertBot

    return ExpertBot(**options)


GAME = GameType(
    name="whist", title="Whist", aliases=("whist", "whisk", "whiste"), min_seats=4, max_seats=4,
    partnerships=True, pack_size=52, explicit_chance=True, max_actions_per_deal=54,
    state=WhistState, rules=WhistRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": _expert}, painter=painter_of(__name__),
    analysis=Analysis(_analyse_record))
"""Whist, as every client of the registry sees it."""
