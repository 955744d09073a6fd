"""What the game record needs from La Triomphe: what each seat has seen of a deal, the result, the first dealer."""

from __future__ import annotations

from academie.cards import Card
from academie.engine import Game, Operation, Shuffle
from academie.registry import RecordHooks, own_state, signed_points
from triomphe.state import TURN_UP, TriompheState, redact


def seen(before: Game, after: Game, operation: Operation, seat: int) -> tuple[Card, ...]:
    """T-2: a seat sees the five cards dealt to it and the turn-up, at their places in the deck; then its hand, the
    turn-up and the cards shown."""
    before, after = own_state(before, TriompheState), own_state(after, TriompheState)
    if seat not in (0, 1):
        return ()
    action = operation.action
    if isinstance(action, Shuffle):
        dealt = (0, 1, 2, 6, 7) if seat != before.dealer else (3, 4, 5, 8, 9)
        return tuple(action.order[i] for i in (*dealt, TURN_UP))
    trump = after.trump_card
    return (*after.hand(seat), *(() if trump is None else (trump,)))


def first_dealer(state: Game) -> int | None:
    """T-2: the seat the lot named to deal first."""
    return state.first_dealer if isinstance(state, TriompheState) else None


HOOKS = RecordHooks(hide=redact, seen=seen, result_text=signed_points, first_dealer=first_dealer)
