"""What the review of a played partie (:mod:`academie.review`) needs of Le Quinze: tokens, thresholds, the raises
worth valuing, and Form B's exact policy.

A coup is valued by the **tokens** the seat wins or loses in it. Marks (:func:`thresholds`): in Form A a slip
costs 0.5 tokens or more on average, a mistake 1.5, a blunder 3 (about a whole stake); in Form B, whose coup is
won or lost for one token, 0.05, 0.15 and 0.3. Raises and openings are valued at the search bot's three sizes (the
least, about half the pot, about the pot: :func:`academie.games.quinze.bots.search.candidates`) besides the one
made: a cave-sized bet swings a coup by the whole cave, and a few dozen sampled coups cannot tell its worth
from its noise.

**Form A's play-outs** (Q-§8 Betting): the classical bots weigh a bet against its price alone, so the larger the
raise the more hands fold to it, and the worlds deal the opponents their hidden cards at random, however they bet:
a raise of the pot on poor cards won the pot in most sampled coups, and raising looked far better than it is. In
the review's play-outs an opponent of the seat under review who faces a bet holds it whenever his chance of a good
total, shared among the rivals still in (:func:`strength`, as the bots read it), pays the lower of its price and
the price of a bet of half the pot (:data:`SIZE_BLIND_PRICE`); otherwise the bot of the level decides. A raise
beyond half the pot thus wins no more folds than one of half the pot, and loses what it stakes against the hands
that hold.

In Form B the exactly optimal policy (Q-§5.8, :mod:`academie.games.quinze.bots.policy`) is the exact answer: how
often it draws with the seat's hand, from what the seat may know (its own cards and how many the elder holds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from academie.engine import Action, Game, Rules, View
from academie.games.quinze.bots.classical import reach_chance
from academie.games.quinze.bots.policy import form_b_policy
from academie.games.quinze.bots.search import FULL_PACK, candidates
from academie.games.quinze.state import ALL_IN, CARD, HOLD, PASS, STAND, TARGET, QuinzeRules, QuinzeState, QuinzeView
from academie.registry import ExactAnswer
from academie.registry import no_world_values as world_values
from academie.registry import seat_points as outcome

UNIT: Final = "tokens"
__all__ = ["SIZE_BLIND_PRICE", "UNIT", "choices", "exact", "outcome", "play_model", "strength", "thresholds",
           "world_values"]
SIZE_BLIND_PRICE: Final = 1 / 4
"""The price of holding a bet of half the pot (its share of the pot it would win: 0.5 / (1 + 0.5 + 0.5)): an
opponent in the review's play-outs who would hold such a bet holds any larger one."""


def thresholds(rules: Rules) -> tuple[float, float, float]:
    """Form A: half a token, a token and a half, three tokens; Form B, whose coup is won or lost for one token:
    a twentieth, a seventh and a third of it."""
    assert isinstance(rules, QuinzeRules)
    return (0.05, 0.15, 0.3) if rules.form == "B" else (0.5, 1.5, 3.0)


def strength(world: QuinzeState, seat: int) -> float:
    """How often ``seat``'s cards make 12 to 15 (Q-§8 Betting), as the bots' quick policy reads them: a seat that
    stood or holds cards face up has its total (1 when it is 12 to 15, else 0.3); a hidden card alone, its chance
    to reach 12 to 15 with the full pack's odds."""
    coup = world.coup
    if coup.hole[seat] < 0:
        return 0.0
    total = world.total(seat)
    if coup.stood[seat] or coup.up[seat]:
        return 1.0 if 12 <= total <= TARGET else 0.3
    return reach_chance(total, FULL_PACK, 12)


def play_model(world: Game, seat: int) -> Action | None:
    """Form A: an opponent of ``seat`` facing a bet holds it (or stakes all he has, when short) whenever his chance
    of a good total, shared among the rivals still in, pays the lower of its price and :data:`SIZE_BLIND_PRICE`;
    otherwise (and in Form B) the level's bot decides."""
    if not isinstance(world, QuinzeState) or world.rules.form == "B" or world.pending is not None:
        return None
    actor = world.actor
    if not isinstance(actor, int) or actor < 0 or actor == seat:
        return None
    legal = world.legal_actions()
    coup = world.coup
    cost = world.highest() - coup.contrib[actor]
    keep = HOLD if HOLD in legal else ALL_IN if ALL_IN in legal else None
    if keep is None or PASS not in legal or cost <= 0:
        return None
    rivals = sum(1 for other in range(world.n) if other != actor and coup.in_coup[other] and not coup.folded[other]
                 and not coup.busted[other])
    price = min(cost / (world.pot() + cost), SIZE_BLIND_PRICE)
    return keep if strength(world, actor) / max(1, rivals) ** 0.5 >= price else None


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
