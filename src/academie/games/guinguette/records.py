"""What the game record needs from La Guinguette: what each seat has seen of a deal, the result text, the first
dealer."""

from __future__ import annotations

from academie.cards import Card, cards_of
from academie.engine import Game, Operation
from academie.games.guinguette.state import DrawForDeal, GuinguetteState, Shuffle, redact
from academie.registry import RecordHooks, first_dealer_unless, own_state, signed_points


def seen(before: Game, after: Game, operation: Operation, seat: int) -> tuple[Card, ...]:
    """What a seat has seen of the deal: the cards dealt to it (GU-§4.3, two at a time from eldest), then its
    hand (the cards it draws from the cotillon), the cards shown face up, and the hands shown at a showdown."""
    before, after = own_state(before, GuinguetteState), own_state(after, GuinguetteState)
    action = operation.action
    if isinstance(action, Shuffle):
        players, dealer = before.players, before.dealer
        assert dealer is not None, "a deal is shuffled for its dealer"
        position = (seat - dealer - 1) % players
        return tuple(action.order[2 * (r * players + position) + k] for r in (0, 1) for k in (0, 1))
    shown = [card for mask in after.deal_in_progress.shown for card in cards_of(mask)]
    if len(after.deal_results) > len(before.deal_results):  # the deal ended: its showdown was seen by all
        shown += [card for cards in after.deal_results[-1].shown for card in cards]
        return (*before.hand(seat), *shown)
    return (*after.hand(seat), *shown)


result_text = signed_points
"""GU-§5.5: the counters or tokens won (+) or lost (−) by each seat; ``*`` until the game is over."""


first_dealer = first_dealer_unless(DrawForDeal)
"""None when the partie began by drawing for the deal, else the dealer of the first deal."""


HOOKS = RecordHooks(hide=redact, seen=seen, result_text=result_text, first_dealer=first_dealer)
