"""Whist in duplicate (:mod:`academie.duplicate`): the partnerships are the places, N–S (seats 0 and 2) and E–W
(seats 1 and 3), and a board scores the side's points of the deal less the other side's (W-§6.1, W-§4.1).

Scales: matchpoints, and a difference scale shaped like bridge's IMPs (:data:`SCALE_STEPS`). Bridge needs IMPs
because its scores run to thousands and one slam would outweigh an evening; Whist counts one point a trick above
six (W-§6.1) and the honours are the same at every table on the same cards, so a difference of points between two
results on the same cards is almost always a difference of tricks, small and already linear. The scale therefore
counts the first three points in full, one unit each (a trick won or lost by play is what duplicate measures),
then one unit more at four and six points and a last at eight, and no more: a swing of many tricks comes from one
decision (a long suit run or blocked, a wrong lead) or from a revoke's penalty at a table playing the laws
(W-§6.1: the revoke scores first), and should not weigh more than several boards played well. A board starts from
love all, so the honours always count (W-§4.1) and no side can call at eight. Teams would compare with this scale;
pairs compare with matchpoints.
"""

from __future__ import annotations

from typing import Final

from academie.engine import DealResult

SCALE_STEPS: Final[tuple[int, ...]] = (1, 2, 3, 4, 6, 8)
"""The least difference of points worth each unit: 1, 2 and 3 points are 1, 2 and 3 units, 4–5 are 4, 6–7 are 5,
8 or more are 6."""


def places(seats: int) -> tuple[tuple[int, ...], ...]:
    """The two partnerships: N–S holds seats 0 and 2, E–W seats 1 and 3."""
    return ((0, 2), (1, 3))


def points(result: DealResult, seats: tuple[int, ...]) -> int:
    """The side's points of the deal less the other side's (W-§6.1 tricks, W-§4.1 honours).

    >>> from academie.games.whist.state import DealResult
    >>> points(DealResult(game=0, dealer=0, points=(3, 0, 3, 0), tricks=(9, 4), honours=(0, 0), completed=True),
    ...        (1, 3))
    -3
    """
    return result.points[seats[0]] - result.points[(seats[0] + 1) % 4]
