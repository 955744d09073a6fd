"""What the review of a played rubber (:mod:`academie.review`) needs of Whist: tricks, thresholds, and the card
play solved double dummy.

A deal is valued by the **tricks** the seat's side takes in it (each trick over the book of six is a point,
W-§4.1; honours are dealt, not played). Marks: a slip costs 0.2 tricks or more on average, a mistake 0.5, a blunder
1 (a whole trick).

Card play is solved in each world with DDS (:mod:`academie.games.whist.bots.dds`, the search bot's solver), the
tricks already won by the side counted in; applied to the real deal it is the double-dummy count "with every card
seen" that the review prints beside the sampled values, before and after the card.

**Calling at eight** (W-§4.2): a call that the partner answers, or three honours shown, wins the game without play;
counted by the tricks played it would be worth none. At a decision where the seat may call, every choice is
valued in the tricks that count towards the game: the side's tricks up to those that win it by play, the book and
the two points the side lacks (:data:`GAME_AT_EIGHT`, eight tricks; more would be surplus, which does not carry
over, W-§6.2), and a game won without play counts as those eight. In each world the call is worth eight when the
partner holds an honour (he answers), else what the best card makes (he denies, the caller plays his card, the
hand is played); showing three honours is worth eight. A deal that a play-out ends by a call counts eight for the
calling side and five for the other. The remedies of table mode are played out by the bots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from academie.cards import mask_of
from academie.engine import Action, DealResult, Game
from academie.games.whist.bots.dds import solve
from academie.games.whist.bots.search import unsearchable
from academie.games.whist.state import CALL, HONOURS, SHOW_HONOURS, TRICKS, Play, WhistState, WhistView
from academie.games.whist.state import DealResult as WhistDealResult
from academie.registry import every_choice as choices
from academie.registry import fixed_thresholds
from academie.registry import no_exact_answer as exact
from academie.registry import no_play_model as play_model

UNIT: Final = "tricks"
__all__ = ["GAME_AT_EIGHT", "UNIT", "choices", "exact", "outcome", "play_model", "thresholds", "world_values"]
thresholds = fixed_thresholds(0.2, 0.5, 1.0)


GAME_AT_EIGHT: Final = 8
"""W-§4.2, W-§6.1: the tricks that take a side at eight to game by play (the book of six and two points); what a
game won without play by calling counts, in tricks."""


def outcome(result: DealResult, seat: int) -> float:
    """The tricks the seat's side took in the deal; a deal won without play at eight (W-§4.2: a call answered,
    honours shown) counts :data:`GAME_AT_EIGHT` for the side that won it and the rest of the thirteen for the
    other."""
    assert isinstance(result, WhistDealResult)
    side = seat % 2
    if not result.completed and any(result.honours):
        return float(GAME_AT_EIGHT if result.honours[side] else TRICKS - GAME_AT_EIGHT)
    return float(result.tricks[side])


def world_values(world: Game, seat: int) -> dict[Action, float] | None:
    """With the four hands known, each legal card's double-dummy tricks for ``seat``'s side over the deal, and
    where the seat may call at eight, every choice in the tricks that count towards the game (the module's
    documentation, W-§4.2); None when a remedy may be chosen instead, or when no four equal hands fit (table
    mode)."""
    if not isinstance(world, WhistState) or world.pending is not None:
        return None
    view = world.view(seat)
    assert isinstance(view, WhistView)
    plays = [action for action in view.legal_actions if isinstance(action, Play)]
    calls = [action for action in view.legal_actions if action in (CALL, SHOW_HONOURS)]
    if not plays or len(plays) + len(calls) != len(view.legal_actions) or view.trump is None or unsearchable(view):
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
    if calls:
        return _at_eight(world, seat, values, calls)
    return values


def _at_eight(world: WhistState, seat: int, plays: dict[Action, float], calls: Sequence[Action]) -> dict[Action, float]:
    """W-§4.2: each choice of a seat that may call, in the tricks that count towards the game; the call wins it
    when the partner holds an honour, else the caller plays his best card; honours shown win it."""
    partner = world.view((seat + 2) % 4)
    assert isinstance(partner, WhistView) and partner.trump is not None
    answered = bool(mask_of(partner.hand) & HONOURS[int(partner.trump)])
    values: dict[Action, float] = {action: min(value, GAME_AT_EIGHT) for action, value in plays.items()}
    denied = max(values.values())
    for action in calls:
        values[action] = float(GAME_AT_EIGHT) if action == SHOW_HONOURS or answered else denied
    return values
