"""La Guinguette: everything that belongs to this game alone (state, table-mode laws, catalogue, bots, terminal screen).

The public names of :mod:`academie.games.guinguette.state` are importable from here.
"""

from academie.games.guinguette import table
from academie.games.guinguette.state import *  # noqa: F403
from academie.games.guinguette.state import GuinguetteState

GuinguetteState.table_laws = table
