"""What the review of a played partie (:mod:`academie.review`) needs of Écarté: net points, thresholds, and the
card play solved exactly once both hands are known.

A deal is valued by the seat's **net points** (its points minus the opponent's: the point 1, the vole 2, two after
a stand or a refusal, the king 1, E-§4.4 and E-§6.1), so that a point given away and a point not taken weigh alike.
Marks: a slip costs 0.15 net points or more, a mistake 0.4, a blunder 0.8 (the price of the point itself, or close:
a blunder turns a won deal into a lost one on average).

Card play (phase PLAY) is solved exactly in each world with :class:`~academie.games.ecarte.bots.solver.Solver`, the
search bot's solver: with both hands known the five tricks are a small minimax. Applied to the real deal it is the
answer "with every card seen" that the review prints beside the sampled values.
"""

from __future__ import annotations

from typing import Final

from academie.cards import mask_of
from academie.engine import Action, DealResult, Game
from academie.games.ecarte.bots.solver import Solver, deal_payoff
from academie.games.ecarte.state import EcarteState, EcarteView, Phase, Play
from academie.registry import every_choice as choices
from academie.registry import fixed_thresholds
from academie.registry import no_exact_answer as exact
from academie.registry import no_play_model as play_model

UNIT: Final = "points"
__all__ = ["UNIT", "choices", "exact", "outcome", "play_model", "thresholds", "world_values"]
thresholds = fixed_thresholds(0.15, 0.4, 0.8)


def outcome(result: DealResult, seat: int) -> float:
    """The seat's net points of the deal."""
    return result.points[seat] - result.points[1 - seat]


def world_values(world: Game, seat: int) -> dict[Action, float] | None:
    """With both hands known, each legal card's exact net points for ``seat`` over the deal (the points already
    scored in it counted in); None before the play, or where the cards allowed are not E-§5's (table mode)."""
    if not isinstance(world, EcarteState) or world.pending is not None:
        return None
    view = world.view(seat)
    assert isinstance(view, EcarteView)
    if view.phase is not Phase.PLAY or view.trump_card is None or not view.legal_actions:
        return None
    if not all(isinstance(action, Play) for action in view.legal_actions):
        return None
    hands = (mask_of(world.view(0).hand), mask_of(world.view(1).hand))
    current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
    leader = current.leader if current is not None else seat
    led = current.cards[0] if current is not None else None
    payoff = deal_payoff(stood=view.stood, refused=view.refused, penalty_on_vole=view.rules.penalty_on_vole)
    solver = Solver(trump=int(view.trump_card.suit), must_trump=view.rules.must_trump, payoff=payoff)
    try:
        solution = solver.solve(hands=hands, leader=leader, led=led, tricks=view.tricks_won)
    except ValueError:
        return None
    scored = world.deal_points
    already = scored[seat] - scored[1 - seat]
    by_card = dict(solution.card_values)
    values: dict[Action, float] = {}
    for action in view.legal_actions:
        if not isinstance(action, Play) or action.card not in by_card:
            return None
        values[action] = already + by_card[action.card]
    return values
