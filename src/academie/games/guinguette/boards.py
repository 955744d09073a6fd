"""La Guinguette in duplicate (:mod:`academie.duplicate`): every seat is a place, and a board scores the counters
the place won or lost in the deal (antes, fees, bets and the baskets it took, GU-§5.4a–c).

Every seat's cards are held once by every entrant where the rounds allow: the places turn with the rounds, so an
entrant holds each seat once in every round of as many rounds as seats. The later cards of a deal (the stirred
cotillon, GU-§5.1a) come from the same seed at every table, taken in the order the table asks for them; a table
that stirs differently draws differently, as it would from the same pack at a real table.

Scale: matchpoints alone. A basket carried over from deal to deal makes one deal's counters much larger than
another's, and the table's bets decide its size: only the order of the results on the same cards is counted.
"""

from __future__ import annotations

from typing import Final

from academie.registry import own_points, seats_alone

SCALE_STEPS: Final[tuple[int, ...]] = ()
"""No difference scale (matchpoints alone)."""

places = seats_alone
points = own_points
