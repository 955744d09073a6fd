"""The catalogue of La Triomphe's rule and law IDs (``academie rules triomphe --catalogue``).

Our sources: « Règles de la Triomphe » (adpoker.fr), which gives the deal, the order of the cards, the duty to
follow, head and trump, the scoring and the laws (« Qui joue avant son tour perd un jeu »); and the two-handed
game of *The Compleat Gamester* (1674), as Wikipedia's « Triomphe » summarises it (five cards by two and three,
the next turned for trumps, Écarté's order). Where they are silent, the rule is ours and says so.
"""

from __future__ import annotations

from typing import Final

from academie.laws import RuleEntry, Source

ORIGIN: Final = "Règles de la Triomphe (adpoker.fr); The Compleat Gamester (1674), after Wikipedia, Triomphe"

CATALOGUE: Final = (
    RuleEntry("T-1", Source.SEED, "The 32-card pack, ranked king, queen, jack, ace, ten, nine, eight, seven",
              origin=ORIGIN),
    RuleEntry("T-2", Source.SEED, "The dealer, named by lot, deals five cards each and turns the eleventh for "
              "trumps (la triomphe)", origin=ORIGIN),
    RuleEntry("T-3", Source.SEED, "The eldest leads; the follower follows suit and heads the trick if he can, "
              "else trumps if he can", origin=ORIGIN),
    RuleEntry("T-4", Source.SEED, "Three or four tricks mark one point (un jeu), all five (la vole) two",
              origin=ORIGIN),
    RuleEntry("T-5", Source.SEED, "The game is of five points", origin=ORIGIN),
    RuleEntry("T-R1", Source.RECONSTRUCTED, "The deal passes to the other player after each deal; five cards are "
              "dealt by three then two, the eldest first"),
    RuleEntry("T-L1", Source.LAW, "A card played out of turn costs its player a point: the other marks it; the card "
              "goes back to the hand, face up for the rest of the deal (our reading)", chooser="",
              remedies=("penalty",), origin=ORIGIN),
)
"""Every rule and law of La Triomphe."""
