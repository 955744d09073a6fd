"""Le Quinze: the vying game (Form A) and the two-hand game (Form B): everything that belongs to this game alone
(state, table-mode laws, catalogue, bots, record hooks, table picture), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.quinze.state` are importable from here.
"""

from typing import Any

from academie.bots import Bot
from academie.games.quinze import table
from academie.games.quinze.laws import CATALOGUE
from academie.games.quinze.records import HOOKS
from academie.games.quinze.state import *  # noqa: F403
from academie.games.quinze.state import QuinzeRules, QuinzeState
from academie.registry import Analysis, GameType, painter_of, standard_bots

QuinzeState.table_laws = table


def _analyse_policy(state: Any, *, progress: Any = None) -> list[str]:
    from academie.games.quinze.analysis import analyse_lines

    return analyse_lines(state, progress=progress)


def _expert(**options: Any) -> Bot:
    """The strongest bot (:mod:`academie.games.quinze.bots.expert`), loaded when first asked for."""
    from academie.games.quinze.bots.expert import ExpertBot

    return ExpertBot(**options)


GAME = GameType(
    name="quinze", title="Le Quinze", aliases=("quinze", "le quinze", "fifteen"), min_seats=2, max_seats=6,
    partnerships=False, pack_size=52, explicit_chance=True, max_actions_per_deal=2000,
    state=QuinzeState, rules=QuinzeRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={**standard_bots(__name__), "expert": _expert}, painter=painter_of(__name__),
    analysis=Analysis(_analyse_policy, needs_record=False))
"""Le Quinze, as every client of the registry sees it."""
