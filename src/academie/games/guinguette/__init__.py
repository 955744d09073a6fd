"""La Guinguette: 3 to 8 players, three baskets (a reconstruction): everything that belongs to this game alone (state,
table-mode laws, catalogue, bots, record hooks, terminal screen), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.guinguette.state` are importable from here.
"""

from types import ModuleType
from typing import Any

from academie.bots.random import RandomBot
from academie.games.guinguette import table
from academie.games.guinguette.laws import CATALOGUE
from academie.games.guinguette.records import HOOKS
from academie.games.guinguette.state import *  # noqa: F403
from academie.games.guinguette.state import GuinguetteRules, GuinguetteState
from academie.registry import Bot, GameType

GuinguetteState.table_laws = table


def _classical(**options: Any) -> Bot:
    from academie.games.guinguette.bots.classical import ClassicalBot

    return ClassicalBot(**options)


def _search(**options: Any) -> Bot:
    from academie.games.guinguette.bots.search import SearchBot

    return SearchBot(**options)


def _terminal() -> ModuleType:
    from academie.games.guinguette import terminal

    return terminal


GAME = GameType(
    name="guinguette", title="La Guinguette", aliases=("guinguette", "la guinguette"), min_seats=3, max_seats=8,
    partnerships=False, pack_size=36, explicit_chance=True, max_actions_per_deal=400,
    state=GuinguetteState, rules=GuinguetteRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={"random": RandomBot, "classical": _classical, "search": _search},
    terminal=_terminal,)
"""La Guinguette, as every client of the registry sees it."""
