"""The referee's questions on Le Quinze (:mod:`academie.referee`): the irregular acts of table mode
(:data:`academie.games.quinze.table.ACTS`) by the moment of the coup they happen at, and the question that tells
apart the two rulings of QUINZE-28 (the dealer who leaves chooses; anyone else's card is burnt). Every law here is
a law of the seed, in its own numbering; its words, choosers and remedies are the catalogue's
(:mod:`academie.games.quinze.laws`), and what each remedy does is what the table picture says of it.
"""

from __future__ import annotations

from typing import Final

from academie.engine import Remedy
from academie.games.quinze.laws import CATALOGUE
from academie.games.quinze.picture import remedy_words as picture_remedy_words
from academie.games.quinze.table import ACTS
from academie.referee import Choice, Question, Verdict, build_tree, with_custom
from academie.words import Words

STAGES: Final = (
    ("While dealing", ("expose-deal", "expose-own", "expose-other", "misdeal", "seen-in-deal", "deal-order")),
    ("While cards are asked for and served", ("gesture", "detach", "two-cards", "unasked-card", "show-card",
                                              "burn-card", "change-position", "look-burnt")),
    ("Leaving, or settling the coup", ("leave", "compose")),
)
"""The moments of a coup, and the acts (:data:`ACTS`) that happen at each."""

SERVED: Final = Verdict("QUINZE-33", chooser="the player served")
"""QUINZE-33: the player the dealer served wrongly chooses whether the dealer pays or the card goes back."""

BY_ACT: Final[dict[str, Question | Verdict]] = {
    "leave": Question("dealer", "Was it the dealer who left?", with_custom((
        Choice("Yes, the dealer", Verdict("QUINZE-28", remedies=("burn-pack", "finish-pack"))),
        Choice("No, another player", Verdict("QUINZE-28", remedies=("burn-card",), chooser=""))))),
    "unasked-card": SERVED,
    "burn-card": SERVED,
}
"""Where table mode is finer than the catalogue entry: QUINZE-28's two cases, and who chooses under QUINZE-33."""

ANSWERS: Final = {
    "seen-in-deal": "A card about to be dealt is seen",
    "deal-order": "The order of dealing disturbed: a player served out of turn",
}
"""The acts whose summary in table mode is written for its syntax, as a person would say them."""

TREE: Final = build_tree(stages=STAGES, acts=ACTS.values(), catalogue=CATALOGUE, by_act=BY_ACT, answers=ANSWERS)
"""Le Quinze's questions, from "when did it happen?" to a ruling."""


def remedy_words(remedy: Remedy, words: Words) -> str:
    """What a remedy does, as the table picture says it."""
    return picture_remedy_words(remedy, words)
