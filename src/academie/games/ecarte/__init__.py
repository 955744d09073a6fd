"""Écarté: everything that belongs to this game alone (state, table-mode laws, catalogue, bots, terminal screen).

The public names of :mod:`academie.games.ecarte.state` are importable from here.
"""

from academie.games.ecarte import table
from academie.games.ecarte.state import *  # noqa: F403
from academie.games.ecarte.state import EcarteState

EcarteState.table_laws = table
