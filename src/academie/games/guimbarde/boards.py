"""La Guimbarde in duplicate (:mod:`academie.duplicate`): every seat is a place, and a board scores the counters the
place won or lost in the deal (antes, boxes, marriages, fines together: GUIMBARDE-R1, G1–G4).

Every seat's cards are held once by every entrant where the rounds allow: the places turn with the rounds, so an
entrant holds each seat once in every round of as many rounds as seats; with fewer rounds than seats some seats of
the table are not held by everyone. The others at the table change what a seat can win (who marries, who pays the
boxes), which no movement can undo at a table of three to eight: the comparison is fair between the entrants who
held the same cards, not between tables.

Scale: matchpoints alone. What a seat wins depends on the table's play as much as on its own, and one large box can
weigh more than every other deal: only the order of the results on the same cards is counted, not their size.
"""

from __future__ import annotations

from typing import Final

from academie.registry import own_points, seats_alone

SCALE_STEPS: Final[tuple[int, ...]] = ()
"""No difference scale (matchpoints alone)."""

places = seats_alone
points = own_points
