"""Setting up an Écarté position: the pack order that deals chosen hands, turn-up and talon (E-§3).

A deal is fixed by the order of the pack. :func:`deck` gives the order that, dealt by the engine from ``dealer``
(five cards each by the rules' 3-2 or 2-3, the non-dealer first, E-§3), gives the hands named, turns up
``turn_up`` and leaves ``talon`` on top of the talon, first drawn first; every card not named fills the other
places in pack order. A book position then takes a few lines. The example of the rule file's §8.4 (HGM ch. 8: a
*jeu de règle* that still loses): the elder holds Q A 7 of trumps and two plain kings and plays without
proposing; the dealer holds K J 9 8 of trumps:

>>> from academie.games.ecarte import EcarteState
>>> order = deck(hands={1: "QH AH 7H KS KD", 0: "KH JH 9H 8H 7C"}, dealer=0, turn_up="TH")
>>> state = EcarteState.new(decks=[order], first_dealer=0)
>>> [str(card) for card in state.view(1).hand], str(state.view(1).trump_card)
(['KD', '7H', 'QH', 'AH', 'KS'], 'TH')
>>> _ = state.apply_text("stand")                    # « je joue »
>>> [str(card) for card in state.view(0).hand]
['7C', '8H', '9H', 'JH', 'KH']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from academie.cards import PACK_32, Card
from academie.engine import RulesError
from academie.games.ecarte.state import (
    DECK_SIZE,
    SEATS,
    TALON_START,
    TURN_UP_POSITION,
    EcarteRules,
    dealt_positions,
)
from academie.positions import Cards, arrange, cards_of

"""Cards as text (``"KH QH 7S"``), one card, or a sequence of cards."""


def deck(*, hands: Mapping[int, str | Sequence[Card]], dealer: int, rules: EcarteRules | None = None,
         turn_up: str | Card | None = None, talon: Cards = ()) -> tuple[Card, ...]:
    """The order of the 32 cards (top first) that, dealt from ``dealer`` under ``rules``, gives each seat of
    ``hands`` the cards named (in part or in full, in the order dealt), turns up ``turn_up`` for trumps (E-§3)
    and puts ``talon`` on top of the talon, its first card drawn first (ECARTE-VI.1).

    Raises :class:`RulesError` for a card named twice, a hand or a talon given more cards than it holds, a card
    that is not in the piquet pack, or a seat or dealer that is not 0 or 1.

    >>> deck(hands={0: "KH", 1: "KH"}, dealer=0)
    Traceback (most recent call last):
    ...
    academie.engine.RulesError: KH is named twice (seat 0 and seat 1); the 32-card pack (7 to ace, E-§2.1) holds it once
    """
    rules = rules or EcarteRules()
    if dealer not in range(SEATS):
        raise RulesError(f"dealer={dealer!r} is not allowed; allowed: 0, 1")
    places: dict[str, tuple[int, ...]] = {
        f"seat {seat}": tuple(sorted(dealt_positions(rules, elder=seat != dealer))) for seat in range(SEATS)}
    places["the turn-up"] = (TURN_UP_POSITION,)
    places["the talon"] = tuple(range(TALON_START, DECK_SIZE))
    named: dict[str, tuple[Card, ...]] = {}
    for seat, spec in hands.items():
        if seat not in range(SEATS):
            raise RulesError(f"seat {seat!r} is not at the table; allowed: 0, 1")
        named[f"seat {seat}"] = cards_of(spec, f"the hand of seat {seat}")
    if turn_up is not None:
        named["the turn-up"] = cards_of(turn_up, "the turn-up")
    named["the talon"] = cards_of(talon, "the talon")
    return arrange(PACK_32, places, named, pack_name="the 32-card pack (7 to ace, E-§2.1)")


__all__ = ["deck"]
