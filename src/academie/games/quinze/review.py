"""What the review of a played partie (:mod:`academie.review`) needs of Le Quinze: tokens, thresholds, the raises
worth valuing, and Form B's exact policy.

A coup is valued by the **tokens** the seat wins or loses in it. Marks (:func:`thresholds`): in Form A a slip
costs 0.5 tokens or more on average, a mistake 1.5, a blunder 3 (about a whole stake); in Form B, whose coup is
won or lost for one token, 0.05, 0.15 and 0.3. Raises and openings are valued at the search bot's three sizes (the
least, about half the pot, about the pot: :func:`academie.games.quinze.bots.search.candidates`) besides the one
made: a cave-sized bet swings a coup by the whole cave, and a few dozen sampled coups cannot tell its worth
from its noise.

In Form B the exactly optimal policy (Q-§5.8, :mod:`academie.games.quinze.bots.policy`) is the exact answer: how
often it draws with the seat's hand, from what the seat may know (its own cards and how many the elder holds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from academie.engine import Action, Game, Rules, View
from academie.games.quinze.bots.policy import form_b_policy
from academie.games.quinze.bots.search import candidates
from academie.games.quinze.state import CARD, STAND, QuinzeRules, QuinzeView
from academie.registry import ExactAnswer
from academie.registry import no_world_values as world_values
from academie.registry import seat_points as outcome

UNIT: Final = "tokens"
__all__ = ["UNIT", "choices", "exact", "outcome", "thresholds", "world_values"]


def thresholds(rules: Rules) -> tuple[float, float, float]:
    """Form A: half a token, a token and a half, three tokens; Form B, whose coup is won or lost for one token:
    a twentieth, a seventh and a third of it."""
    assert isinstance(rules, QuinzeRules)
    return (0.05, 0.15, 0.3) if rules.form == "B" else (0.5, 1.5, 3.0)




def choices(view: View) -> Sequence[Action]:
    assert isinstance(view, QuinzeView)
    return candidates(view)


def exact(state: Game, seat: int) -> ExactAnswer | None:
    """Form B: how often the optimal policy draws (``card``) or stands with the seat's hand."""
    view = state.view(seat)
    assert isinstance(view, QuinzeView)
    if view.rules.form != "B" or CARD not in view.legal_actions or STAND not in view.legal_actions:
        return None
    policy = form_b_policy(view.rules)
    hand = policy.hand([c for c in (view.hole[seat], *view.up[seat]) if c is not None], view.rules)
    draws = (policy.dealer_draws(view.drawn[1 - seat] + 1, hand) if seat == view.dealer
             else policy.elder_draws(hand))
    if draws is None:
        return None
    return ExactAnswer("the exact optimal policy of Form B (Q-§5.8): how often it takes each choice",
                       str(CARD if draws >= 0.5 else STAND), ((str(CARD), draws), (str(STAND), 1 - draws)),
                       "share")
