"""Écarté in duplicate (:mod:`academie.duplicate`): each of the two seats is a place, the dealer's and the elder
hand's, and a board scores the deal's points of the place less its opponent's.

Scale: matchpoints alone. A deal scores one point for the point or two for the vole (E-§6.1), one more for the
king (E-§4.4), two against a dealer who refused the first proposal and fails (ECARTE-VI.7): on the same cards, two
results differ by a few points at most, and the king held is the same at every table. A difference scale would only
copy these few points; what duplicate adds is how often a player did better than the others who held his cards.
"""

from __future__ import annotations

from typing import Final

from academie.engine import DealResult
from academie.registry import seats_alone

SCALE_STEPS: Final[tuple[int, ...]] = ()
"""No difference scale (matchpoints alone)."""

places = seats_alone


def points(result: DealResult, seats: tuple[int, ...]) -> int:
    """The deal's points of the place less its opponent's (E-§6.1, E-§4.4).

    >>> from academie.games.ecarte.state import DealResult
    >>> points(DealResult(game=0, dealer=0, points=(0, 2), tricks=(0, 5), completed=True), (0,))
    -2
    """
    (seat,) = seats
    return result.points[seat] - result.points[1 - seat]
