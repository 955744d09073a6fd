"""The classical bot: plays La Triomphe as a careful player of the old game would (our reading: the sources give
the rules, not advice). Leading, it draws trumps when it holds three or more, else leads its best card; following,
it takes the trick as cheaply as it can, else throws its lowest card."""

from __future__ import annotations

from typing import Any

from academie.bots import OpenReason, Reason
from academie.cards import Card
from academie.engine import Action
from triomphe.state import STRENGTH, Play, TriompheView, beats


def _low(card: Card) -> int:
    return STRENGTH[card.rank]


class ClassicalBot:
    """``choose(view)`` returns one of ``view.legal_actions``, and ``explain()`` says why."""

    name = "classical"

    def __init__(self, *, seed: int = 0, **options: Any) -> None:
        self.seed = seed
        self._last: Reason = OpenReason("has not chosen yet")

    def explain(self) -> str:
        return self._last

    def choose(self, view: TriompheView) -> Action:
        legal = view.legal_actions
        plays = [action for action in legal if isinstance(action, Play)]
        if len(legal) == 1 or not plays:
            self._last = OpenReason("the only move allowed (T-3)")
            return legal[0]
        cards = [play.card for play in plays]
        trump = view.trump_card
        if view.trick:
            led = view.trick[0][1]
            winning = [card for card in cards if beats(card, led, trump)]
            if winning:
                card = min(winning, key=_low)
                self._last = Reason("takes the trick with {card}, the cheapest card that wins it", card=card,
                                    shown=OpenReason("takes the trick with {card}", card=card))
            else:
                card = min(cards, key=_low)
                self._last = Reason("cannot take the trick: throws {card}, its lowest card", card=card,
                                    shown=OpenReason("throws {card}", card=card))
            return Play(card)
        trumps = [card for card in cards if trump is not None and card.suit == trump.suit]
        if len(trumps) >= 3:
            card = max(trumps, key=_low)
            self._last = Reason("leads {card}, the best of its {count} trumps, to draw the other's", card=card,
                                count=len(trumps), shown=OpenReason("leads {card}", card=card))
        else:
            card = max(cards, key=_low)
            self._last = Reason("leads {card}, its best card", card=card, shown=OpenReason("leads {card}", card=card))
        return Play(card)
