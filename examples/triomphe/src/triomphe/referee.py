"""The referee's questions on La Triomphe (:mod:`academie.referee`): its one irregular act, a card played out of
turn (T-L1), asked as the five games ask theirs, from its table mode's acts and its catalogue."""

from typing import Final

from academie.engine import Remedy
from academie.referee import build_tree
from academie.words import Words
from triomphe.laws import CATALOGUE
from triomphe.table import ACTS

TREE: Final = build_tree(stages=(("In play", ("out-of-turn",)),), acts=ACTS.values(), catalogue=CATALOGUE,
                         answers={"out-of-turn": "A card played out of turn"})
"""La Triomphe's questions, from "when did it happen?" to T-L1."""


def remedy_words(remedy: Remedy, words: Words) -> str:
    """What T-L1's penalty does, in words."""
    return words("the card goes back to its player's hand, face up; the other player marks a point")
