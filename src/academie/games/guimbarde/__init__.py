"""La Guimbarde: everything that belongs to this game alone (state, table-mode laws, catalogue, bots, terminal screen).

The public names of :mod:`academie.games.guimbarde.state` are importable from here.
"""

from academie.games.guimbarde import table
from academie.games.guimbarde.state import *  # noqa: F403
from academie.games.guimbarde.state import GuimbardeState

GuimbardeState.table_laws = table
