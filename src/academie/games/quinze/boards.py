"""Le Quinze in duplicate (:mod:`academie.duplicate`): every seat is a place, and a board scores the tokens the
place won or lost in the coup (the passe and the pots together, Q-R4, Q-R9).

Every seat's cards are held once by every entrant where the rounds allow: the places turn with the rounds, so an
entrant holds each seat once in every round of as many rounds as seats. The cards asked for (Q-R11) come from the
bottom of the same pack at every table, in the order they are asked; a table whose players ask for other cards
draws other cards.

Scale: matchpoints alone. The tokens of a coup are what the table staked, raise on raise: one coup can move more
than a whole evening of small pots, so only the order of the results on the same cards is counted.
"""

from __future__ import annotations

from typing import Final

from academie.registry import own_points, seats_alone

SCALE_STEPS: Final[tuple[int, ...]] = ()
"""No difference scale (matchpoints alone)."""

places = seats_alone
points = own_points
