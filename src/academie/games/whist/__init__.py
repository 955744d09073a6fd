"""Whist: everything that belongs to this game alone (state, table-mode laws, catalogue, bots, terminal screen).

The public names of :mod:`academie.games.whist.state` are importable from here.
"""

from academie.games.whist import table
from academie.games.whist.state import *  # noqa: F403
from academie.games.whist.state import WhistState

WhistState.table_laws = table
