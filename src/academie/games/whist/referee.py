"""The referee's questions on Whist (:mod:`academie.referee`): the irregular acts of table mode
(:data:`academie.games.whist.table.ACTS`) by the moment of the deal they happen at, and the questions that tell
apart the laws or rulings one act may lead to (W-H1, W-H4 or W-H6 for a false call; a claim sound or not; a
revoke corrected or established; ...). The laws' words, choosers and remedies are the catalogue's
(:mod:`academie.games.whist.laws`, which names the seed's laws each restates), and what each remedy does is what
the table picture says of it.
"""

from __future__ import annotations

from typing import Final

from academie.engine import Remedy
from academie.games.whist.laws import CATALOGUE
from academie.games.whist.picture import REMEDY_CHOICES, REMEDY_MEANINGS, REMEDY_UNDER_LAW
from academie.games.whist.state import WhistRules
from academie.games.whist.table import ACTS
from academie.referee import Choice, Question, Verdict, build_tree, with_custom
from academie.words import Words

STAGES: Final = (
    ("While dealing or turning up the trump", ("exposed-in-deal", "faced-card", "looks-during-deal", "misdeal",
                                               "deal-out-of-turn", "dealer-looks", "twelve-cards", "fourteen-cards",
                                               "imperfect-pack", "trump-taken", "ask-turn-up", "trump-left",
                                               "forgets-trump")),
    ("In play", ("lead-out-of-turn", "lead-again", "third-before-second", "fourth-out-of-turn", "omit-play",
                 "two-cards", "extra-card-found", "twelve-found", "drop-card", "throw-down", "claim", "ask-honour",
                 "revoke")),
    ("Calling honours or scoring", ("false-call", "false-answer", "remind-call", "forget-honours",
                                    "claim-honours", "overscore", "prove-overscore")),
    ("After the hand, or between deals", ("mix-cards", "claim-revoke", "new-cards")),
)
"""The moments of a deal, and the acts (:data:`ACTS`) that happen at each."""

BY_ACT: Final[dict[str, Question | Verdict]] = {
    "false-call": Question("call", "When was the call made?", with_custom((
        Choice("At eight, answered, the calling side without three honours", Verdict("W-H4")),
        Choice("At a score other than eight", Verdict("W-H1")),
        Choice("After the caller had played a card", Verdict("W-H6")),
        Choice("At eight, the calling side holding three honours", Verdict("W-§4.2"))))),
    "deal-out-of-turn": Question("dealt", "Was it noticed before the last card was dealt?", with_custom((
        Choice("Yes", Verdict("W-D7")),
        Choice("No, after the last card", Verdict("W-D7", remedies=("stand",), chooser=""))))),
    "omit-play": Question("omitted", "Has the offender played to the next trick since?", with_custom((
        Choice("Not yet: the trick is turned with three cards", Verdict("W-P5", remedies=(), chooser="")),
        Choice("Yes: the omission is found", Verdict("W-P5"))))),
    "two-cards": Question("astray", "Is the second card still astray?", with_custom((
        Choice("Yes, unseen among the trick's cards", Verdict("W-P6")),
        Choice("No, it is found in his hand, exposed, and may be called now",
               Verdict("W-P6", remedies=("call", "leave"), chooser="adversaries"))))),
    "claim": Question("losing", "Was there a losing card among the cards shown?", with_custom((
        Choice("No, every trick is his side's", Verdict("W-C2", remedies=("grant",), chooser="")),
        Choice("Yes", Verdict("W-C2"))))),
    "ask-honour": Question("partner", "Has the partner still to play to the trick, holding the suit led?",
                           with_custom((Choice("Yes", Verdict("W-C4")),
                                        Choice("No", Verdict("W-C4", remedies=("no-penalty",), chooser=""))))),
    "revoke": Question("noticed", "Was the revoke noticed before the trick was turned and quitted?", with_custom((
        Choice("Yes, and corrected", Verdict("W-R2"), act="correct-revoke"),
        Choice("No, the trick was quitted", Verdict("W-R3", remedies=(), chooser="", also=("W-R1",)))))),
}
"""Where the law or its ruling depends on more than the act: the three false calls; a claim sound (granted) or
with a losing card (W-C2); a partner who may still be called on or not (W-C4); a revoke corrected (W-R2) or
established when the trick is quitted (W-R3: the table rules it so now; the adversaries choose the
penalty under W-R1 at the end of the hand); a deal out of turn stopped or standing (W-D7); a missed play
turned with three cards, then found (W-P5); a second card astray, or found exposed (W-P6); and a call at eight
that was sound (W-§4.2)."""

TREE: Final = build_tree(stages=STAGES, acts=ACTS.values(), catalogue=CATALOGUE, by_act=BY_ACT)
"""Whist's questions, from "when did it happen?" to a ruling."""


def remedy_words(remedy: Remedy, words: Words) -> str:
    """What a remedy does, as the table picture says it before a card or a suit is named."""
    message = (REMEDY_UNDER_LAW.get((remedy.name, remedy.law)) or REMEDY_CHOICES.get(remedy.name)
               or REMEDY_MEANINGS.get(remedy.name))
    if message is None:
        return remedy.name
    return words(message, points=WhistRules().revoke_points)
