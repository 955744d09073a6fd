"""The referee's questions on Écarté (:mod:`academie.referee`): the irregular acts of table mode
(:data:`academie.games.ecarte.table.ACTS`) by the moment of the deal they happen at, and the questions that tell
apart the laws one act may be ruled under (E-D3 or E-D4, E-D7 or E-D8, E-K1 or E-K3). The laws' words, choosers
and remedies are the catalogue's (:mod:`academie.games.ecarte.laws`); what each remedy does is what the table
picture says of it.
"""

from __future__ import annotations

from typing import Final

from academie.engine import Remedy
from academie.games.ecarte.laws import CATALOGUE
from academie.games.ecarte.picture import remedy_text
from academie.games.ecarte.table import ACTS
from academie.referee import Choice, Question, Verdict, build_tree, with_custom
from academie.words import Words

STAGES: Final = (
    ("While cutting or dealing", ("cut-exposed", "exposed-in-cut", "deal-out-of-turn", "misdeal", "wrong-count",
                                  "turned-two", "faced-card", "dealer-exposes", "imperfect-pack")),
    ("Marking the king", ("false-king", "late-king")),
    ("During the exchange (l'écart)", ("retract", "change-count", "look-discard", "turn-up-serving",
                                       "over-serve")),
    ("In play", ("out-of-turn", "misnamed", "revoke", "correct-revoke", "abandon", "look-tricks", "leave")),
    ("In the score or the cards", ("misscore", "correct-score", "new-cards")),
)
"""The moments of a deal, and the acts (:data:`ACTS`) that happen at each."""

VERDICTS: Final = {
    "E-D5": Verdict("E-D5", remedies=("first-trump", "second-trump", "new-deal")),
    "E-X8": Verdict("E-X8", remedies=("return-extras", "extras-seen", "complete")),
    "E-P1": Verdict("E-P1", remedies=("take-back", "cover"), chooser="opponent"),
    "E-K2": Verdict("E-K2", remedies=("mark-one", "waive")),
    "E-P5": Verdict("E-P5", remedies=("show-tricks", "waive")),
    "E-X4": Verdict("ECARTE-VI.6", also=("E-X4",)),
    "E-X7": Verdict("ECARTE-VI.9", also=("E-X7",)),
}
"""Where table mode is finer than the catalogue entry: it names the remedies one by one (E-D5's trump is the first
or the second card; E-X8's extras were seen or not), lets the opponent choose where the entry names nobody (E-P1)
or waive what the law gives him (E-K2, E-P5), rules under the seed's own article citing the rule file's law beside
it (ECARTE-VI.6 with E-X4, ECARTE-VI.9 with E-X7), (the seed articles the rule file's laws restate are named
beside them from the catalogue, :func:`academie.referee.seed_articles`)."""

BY_ACT: Final[dict[str, Question | Verdict]] = {
    "turned-two": Question("looked", "Had the non-dealer looked at his cards?", with_custom((
        Choice("No", VERDICTS["E-D5"]),
        Choice("Yes", Verdict("E-D5", remedies=("new-deal",), chooser=""))))),
    "misnamed": Question("named", "Does the leader hold a card of the suit he named?", with_custom((
        Choice("Yes", Verdict("E-P2")),
        Choice("No", Verdict("E-P2", remedies=("card-stands",), chooser=""))))),
    "revoke": Question("lead", "Has the next card been led since?", with_custom((
        Choice("Not yet: it may still be corrected", Verdict("E-P3", remedies=(), chooser="")),
        Choice("Yes: the revoke is established", Verdict("E-P3"))))),
    "correct-revoke": Verdict("E-P3", remedies=(), chooser=""),
    "misdeal": Question("found", "Was the error found before the trump was turned up?", with_custom((
        Choice("Yes, before the turn-up", Verdict("E-D3")),
        Choice("No, after the turn-up", Verdict("E-D4"))))),
    "dealer-exposes": Question("whose", "Whose card did the dealer expose?", with_custom((
        Choice("One of his own", Verdict("E-D7")),
        Choice("One of the non-dealer's", Verdict("E-D8"))))),
    "late-king": Question("king", "Which king was marked late?", with_custom((
        Choice("The king in hand, before the holder's first card", Verdict("E-§4.4")),
        Choice("The king in hand, after the holder's first card", Verdict("E-K1")),
        Choice("The turned-up king, after the next trump was turned", Verdict("E-K3"))))),
}
"""The acts whose law or ruling depends on when or what: E-D3/E-D4 (before or after the turn-up), E-D7/E-D8 (whose
card), E-K1/E-K3 (which king); E-D5 (the non-dealer chooses only if he has not looked at his cards), E-P2 (the card
stands when the leader has none of the suit he named), E-P3 (corrected without penalty before the next lead, else
the opponent chooses; a correction the table rules by itself)."""

ANSWERS: Final = {
    "misdeal": "A hand dealt too many or too few cards",
    "late-king": "The king marked late",
}
"""The acts whose summary in table mode is written for its syntax, as a person would say them."""

TREE: Final = build_tree(stages=STAGES, acts=ACTS.values(), catalogue=CATALOGUE, by_act=BY_ACT,
                         verdicts=VERDICTS, answers=ANSWERS)
"""Écarté's questions, from "when did it happen?" to a ruling."""


def remedy_words(remedy: Remedy, words: Words) -> str:
    """What a remedy does, as the table picture says it."""
    return remedy_text(remedy, words)
