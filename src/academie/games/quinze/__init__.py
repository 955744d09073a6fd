"""Le Quinze: everything that belongs to this game alone (state, table-mode laws, catalogue, bots, terminal screen).

The public names of :mod:`academie.games.quinze.state` are importable from here.
"""

from academie.games.quinze import table
from academie.games.quinze.state import *  # noqa: F403
from academie.games.quinze.state import QuinzeState

QuinzeState.table_laws = table
