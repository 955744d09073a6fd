"""What the game record needs from Whist: what each seat has seen of a deal, the result text, the first dealer."""

from __future__ import annotations

from academie.cards import Card
from academie.engine import Game, Operation
from academie.games.whist.state import DrawForDeal, Shuffle, WhistState, redact
from academie.registry import RecordHooks, first_dealer_unless, own_state


def seen(before: Game, after: Game, operation: Operation, seat: int) -> tuple[Card, ...]:
    """W-§3: a seat sees the cards dealt to it (one in four from the dealer's left) and the turn-up (the last card,
    WHIST-24); later, whatever is in its hand (table mode may move cards) and the card turned up."""
    before, after = own_state(before, WhistState), own_state(after, WhistState)
    action = operation.action
    if isinstance(action, Shuffle):
        dealer = before.dealer
        assert dealer is not None, "a deal is shuffled for its dealer"
        return tuple(card for i, card in enumerate(action.order) if (dealer + 1 + i) % 4 == seat or i == 51)
    trump = after.trump_card
    return (*after.hand(seat), *(() if trump is None else (trump,)))


def result_text(state: Game) -> str:
    """W-§6.2: the rubber points of each side, then the games won; ``*`` until the rubber is over."""
    state = own_state(state, WhistState)
    if not state.is_terminal:
        return "*"
    result = state.result()
    return f"{result.rubber_points[0]}-{result.rubber_points[1]} games {result.games[0]}-{result.games[1]}"


first_dealer = first_dealer_unless(DrawForDeal)
"""None when the partie began by drawing for the deal, else the dealer of the first deal."""


HOOKS = RecordHooks(hide=redact, seen=seen, result_text=result_text, first_dealer=first_dealer)
