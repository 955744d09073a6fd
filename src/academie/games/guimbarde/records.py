"""What the game record needs from La Guimbarde: what each seat has seen of a deal, the result text, the first
dealer."""

from __future__ import annotations

from academie.cards import Card
from academie.engine import Game, Operation
from academie.games.guimbarde.state import (
    CutForDeal,
    GuimbardeState,
    Shuffle,
    dealt_positions,
    redact,
    turn_up_position,
)
from academie.registry import RecordHooks, first_dealer_unless, own_state, signed_points


def seen(before: Game, after: Game, operation: Operation, seat: int) -> tuple[Card, ...]:
    """GUIMBARDE-§2, §3: a seat sees the cards dealt to it (three then two, from the eldest, for N players) and
    the turn-up, at their places in the deck; then its hand and the turn-up (cards shown by others at the
    declarations or played are seen, but not where they lay in the deck)."""
    before, after = own_state(before, GuimbardeState), own_state(after, GuimbardeState)
    if seat >= before.players:
        return ()
    action = operation.action
    if isinstance(action, Shuffle):
        rules, retired, dealer = after.rules, after.retired, before.dealer  # G18: a retired seat is dealt nothing
        assert dealer is not None, "a deal is shuffled for its dealer"
        dealt = dealt_positions(rules, dealer, seat, retired=retired)
        if not dealt or after.is_terminal:  # (the game may end at the antes: nobody is dealt)
            return ()
        positions = (*dealt, turn_up_position(rules, dealt=rules.players - sum(retired)))
        return tuple(action.order[i] for i in sorted(positions))
    trump = after.trump_card
    return (*after.hand(seat), *(() if trump is None else (trump,)))


result_text = signed_points
"""G-§5.7: the counters or tokens won (+) or lost (−) by each seat; ``*`` until the game is over."""


first_dealer = first_dealer_unless(CutForDeal)
"""None when the partie began by cutting for the deal, else the dealer of the first deal."""


HOOKS = RecordHooks(hide=redact, seen=seen, result_text=result_text, first_dealer=first_dealer)
