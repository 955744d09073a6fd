"""The referee's questions on La Guimbarde (:mod:`academie.referee`): the irregular acts of table mode
(:data:`academie.games.guimbarde.table.ACTS`) by the moment of the deal they happen at. Every act of Guimbarde is
ruled under one law, so no follow-up question is needed; the laws' words and remedies are the catalogue's
(:mod:`academie.games.guimbarde.laws`, which names the seed's rules each law restates), and what each remedy does
is what the table picture says of it, under our reading of the rules.
"""

from __future__ import annotations

from typing import Final

from academie.engine import Remedy
from academie.games.guimbarde.laws import CATALOGUE
from academie.games.guimbarde.picture import remedy_words as picture_remedy_words
from academie.games.guimbarde.state import GuimbardeRules
from academie.games.guimbarde.table import ACTS
from academie.referee import build_tree
from academie.words import Words

STAGES: Final = (
    ("While dealing", ("misdeal", "faced-card", "deal-out-of-turn")),
    ("In play", ("out-of-turn", "revoke", "no-beat", "break-marriage", "trump-marriage", "wrong-count",
                 "false-pack")),
    ("Drawing the boxes", ("forgo", "false-claim")),
)
"""The moments of a deal, and the acts (:data:`ACTS`) that happen at each."""

TREE: Final = build_tree(stages=STAGES, acts=ACTS, catalogue=CATALOGUE)
"""La Guimbarde's questions, from "when did it happen?" to a ruling."""


def remedy_words(remedy: Remedy, words: Words) -> str:
    """What a remedy does, as the table picture says it under our reading of the rules (G-Q17's default)."""
    return picture_remedy_words(remedy, words, retract=GuimbardeRules().retract_irregular_card)
