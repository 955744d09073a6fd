"""What the review of a played rubber (:mod:`academie.review`) needs of Whist: tricks, thresholds, and the card
play solved double dummy.

A deal is valued by the **tricks** the seat's side takes in it (each trick over the book of six is a point,
W-§4.1; honours are dealt, not played). Marks: a slip costs 0.2 tricks or more on average, a mistake 0.5, a blunder
1 (a whole trick).

Card play is solved in each world with DDS (:mod:`academie.games.whist.bots.dds`, the search bot's solver), the
tricks already won by the side counted in; applied to the real deal it is the double-dummy count "with every card
seen" that the review prints beside the sampled values, before and after the card. Calls at eight, the honours and
the remedies are played out by the bots like any other decision.
"""

from __future__ import annotations

from typing import Final

from academie.cards import mask_of
from academie.engine import Action, DealResult, Game
from academie.games.whist.bots.dds import solve
from academie.games.whist.bots.search import unsearchable
from academie.games.whist.state import DealResult as WhistDealResult
from academie.games.whist.state import Play, WhistState, WhistView
from academie.registry import every_choice as choices
from academie.registry import fixed_thresholds
from academie.registry import no_exact_answer as exact

UNIT: Final = "tricks"
__all__ = ["UNIT", "choices", "exact", "outcome", "thresholds", "world_values"]
thresholds = fixed_thresholds(0.2, 0.5, 1.0)


def outcome(result: DealResult, seat: int) -> float:
    """The tricks the seat's side took in the deal."""
    assert isinstance(result, WhistDealResult)
    return float(result.tricks[seat % 2])


def world_values(world: Game, seat: int) -> dict[Action, float] | None:
    """With the four hands known, each legal card's double-dummy tricks for ``seat``'s side over the deal; None
    when a call or a remedy may be chosen instead, or when no four equal hands fit (table mode)."""
    if not isinstance(world, WhistState) or world.pending is not None:
        return None
    view = world.view(seat)
    assert isinstance(view, WhistView)
    plays = [action for action in view.legal_actions if isinstance(action, Play)]
    if not plays or len(plays) != len(view.legal_actions) or view.trump is None or unsearchable(view):
        return None
    hands = [mask_of(world.view(other).hand) for other in range(4)]
    current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
    leader = current.leader if current is not None else seat
    trick = [card.index for card in current.cards] if current is not None else []
    tricks = solve(hands, leader=leader, trump=int(view.trump), trick=trick)
    won = view.tricks_won[seat % 2]
    values: dict[Action, float] = {}
    for action in plays:
        if action.card.index not in tricks:
            return None
        values[action] = float(won + tricks[action.card.index])
    return values
