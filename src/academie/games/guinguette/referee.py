"""The referee's questions on La Guinguette (:mod:`academie.referee`): the irregular acts of table mode
(:data:`academie.games.guinguette.table.ACTS`) by the moment of the deal they happen at. Every act is ruled under
one law; the laws' words and remedies are the catalogue's (:mod:`academie.games.guinguette.laws`: GU1 alone is
sourced, the others our reconstruction, and the ruling says so), and what each remedy does is what the table
picture says of it.
"""

from __future__ import annotations

from typing import Final

from academie.engine import Remedy
from academie.games.guinguette.laws import CATALOGUE
from academie.games.guinguette.picture import REMEDY_MEANINGS
from academie.games.guinguette.table import ACTS
from academie.referee import build_tree
from academie.words import Words

STAGES: Final = (
    ("While dealing", ("misdeal", "exposed")),
    ("Drawing, stirring or betting", ("show-draw", "unpaid-stir", "out-of-turn", "look")),
    ("At the showdown", ("wrong-count", "false-claim")),
)
"""The moments of a deal, and the acts (:data:`ACTS`) that happen at each."""

ANSWERS: Final = {"exposed": "A card is exposed in the deal"}
"""The acts whose summary in table mode is written for its syntax, as a person would say them."""

TREE: Final = build_tree(stages=STAGES, acts=ACTS, catalogue=CATALOGUE, answers=ANSWERS)
"""La Guinguette's questions, from "when did it happen?" to a ruling."""


def remedy_words(remedy: Remedy, words: Words) -> str:
    """What a remedy does, as the table picture says it."""
    message = REMEDY_MEANINGS.get((remedy.law, remedy.name))
    return words(message) if message is not None else remedy.name
