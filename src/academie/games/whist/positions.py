"""Setting up a Whist position: the pack order that deals chosen hands and turn-up (W-§3, WHIST-24).

A deal is fixed by the order of the pack. :func:`deck` gives the order that, dealt by the engine from ``dealer``
(one card at a time from his left, W-§3; his last card turned up for trumps, WHIST-24), gives the hands named and
turns up ``turn_up``; every card not named fills the other places in pack order. A book position then takes a few
lines. The rule file's worked example of calling (W-§6.5, 2): C-D (seats 1 and 3) stand at 8, A-B at 5; diamonds
are trumps; C holds the ace and knave, D the king, B the queen; C, eldest hand, calls before he plays, D answers,
and their three honours make the game:

>>> from academie.cards import Rank
>>> from academie.games.whist import WhistState
>>> order = deck(hands={1: "AD JD", 3: "KD", 2: "QD"}, dealer=0, turn_up="2D")
>>> state = WhistState.new(decks=[order], first_dealer=0, score=(5, 8))
>>> str(state.trump_card), [str(card) for card in state.view(1).hand
...                         if card.suit == state.trump and card.rank >= Rank.JACK]
('2D', ['JD', 'AD'])
>>> _ = state.apply_text("call"), state.apply_text("answer")
>>> state.deal_results[0].honours
(0, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from academie.cards import PACK_52, Card
from academie.engine import RulesError
from academie.games.whist.state import SEATS, TRICKS, TURN_UP, WhistRules
from academie.positions import arrange, cards_of

"""Cards as text (``"KH QH 7S"``), one card, or a sequence of cards."""


def deck(*, hands: Mapping[int, str | Sequence[Card]], dealer: int, rules: WhistRules | None = None,
         turn_up: str | Card | None = None) -> tuple[Card, ...]:
    """The order of the 52 cards (top first) that, dealt from ``dealer``, gives each seat of ``hands`` the cards
    named (in part or in full, in the order dealt: card ``i`` of the pack goes to seat ``dealer + 1 + i``, W-§3)
    and turns up ``turn_up``, the dealer's last card (WHIST-24; it may be named in his hand too). Without
    ``turn_up``, the dealer's thirteenth card is turned up: the last one named when his hand is named in full.

    ``rules`` is accepted for the symmetry with the other games: both variants deal alike. Raises
    :class:`RulesError` for a card named twice, a hand given more than thirteen cards (the turn-up included), a
    card that is not a card of the pack, or a seat or dealer that is not 0 to 3.

    >>> deck(hands={0: "AS", 1: "KS AS"}, dealer=3)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: AS is named twice (seat 0 and seat 1); the 52-card pack holds it once
    """
    del rules  # W-§3: long and short whist are dealt alike
    if dealer not in range(SEATS):
        raise RulesError(f"dealer={dealer!r} is not allowed; allowed: 0, 1, 2, 3")
    places = {f"seat {seat}": tuple(i for i in range(len(PACK_52)) if (dealer + 1 + i) % SEATS == seat)
              for seat in range(SEATS)}
    named: dict[str, tuple[Card, ...]] = {}
    for seat, spec in hands.items():
        if seat not in range(SEATS):
            raise RulesError(f"seat {seat!r} is not at the table; allowed: 0, 1, 2, 3")
        named[f"seat {seat}"] = cards_of(spec, f"the hand of seat {seat}")
    if turn_up is not None:
        turned = cards_of(turn_up, "the turn-up")
        if len(turned) != 1:
            raise RulesError(f"the turn-up is given {len(turned)} cards; it is one card, the dealer's last")
        # WHIST-24: the turn-up is the dealer's own last card, so his other named cards take his first places
        own = tuple(card for card in named.get(f"seat {dealer}", ()) if card != turned[0])
        if len(own) >= TRICKS:
            raise RulesError(f"seat {dealer} is given {len(own)} cards besides the turn-up {turned[0]}; a hand holds "
                             f"{TRICKS}, the dealer's turn-up included")
        named[f"seat {dealer}"] = own
        places[f"seat {dealer}"] = places[f"seat {dealer}"][:-1]
        places["the turn-up"] = (TURN_UP,)
        named["the turn-up"] = turned
    return arrange(PACK_52, places, named, pack_name="the 52-card pack")


__all__ = ["deck"]
