"""Le Quinze: everything that belongs to this game alone (state, table-mode laws, catalogue, bots, terminal screen).

The public names of :mod:`academie.games.quinze.state` are importable from here.
"""

from academie.games.quinze.state import *  # noqa: F403
