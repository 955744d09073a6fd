"""Écarté: two players, 32 cards, five tricks, the exchange: everything that belongs to this game alone (state, table-
mode laws, catalogue, bots, record hooks, terminal screen), and its one registration, :data:`GAME`.

The public names of :mod:`academie.games.ecarte.state` are importable from here.
"""

from types import ModuleType
from typing import Any

from academie.bots.random import RandomBot
from academie.games.ecarte import table
from academie.games.ecarte.laws import CATALOGUE
from academie.games.ecarte.records import HOOKS
from academie.games.ecarte.state import *  # noqa: F403
from academie.games.ecarte.state import EcarteRules, EcarteState
from academie.registry import Bot, GameType

EcarteState.table_laws = table


def _classical(**options: Any) -> Bot:
    from academie.games.ecarte.bots.classical import ClassicalBot

    return ClassicalBot(**options)


def _search(**options: Any) -> Bot:
    from academie.games.ecarte.bots.search import SearchBot

    return SearchBot(**options)


def _terminal() -> ModuleType:
    from academie.games.ecarte import terminal

    return terminal


GAME = GameType(
    name="ecarte", title="Écarté", aliases=("écarté", "ecarte"), min_seats=2, max_seats=2,
    partnerships=False, pack_size=32, explicit_chance=True, max_actions_per_deal=96,
    state=EcarteState, rules=EcarteRules, catalogue=tuple(CATALOGUE), record=HOOKS,
    bots={"random": RandomBot, "classical": _classical, "search": _search},
    terminal=_terminal,)
"""Écarté, as every client of the registry sees it."""
